import GraphView

// gnuplot's log axes: `set logscale [x|y|xy] [BASE]` (`set log`), `unset logscale [x|y]`,
// `show logscale`. As gnuplot's other settings, they draw nothing until `plot` or `replot`.

extension SettingEntry {
  /// `set logscale [AXES] [BASE]`: log axes (gnuplot's syntax: the axes as one word of
  /// letters in any order, `x`, `y`, `xy`, `yx`; none means both; BASE an expression above
  /// 1, 10 when left out).
  static let logscale: SettingEntry = {
    var entry = SettingEntry(
      name: "logscale", aliases: ["log"],
      usage: ["set logscale [x|y|xy] [BASE]"], keywords: ["x", "y", "xy"],
      parse: { arguments throws(CommandError) in
        let words = arguments.values.words
        let (x, y, second, rest) = try LogScaleAxes.read(words, command: "set logscale")
        if rest.count > 1 {
          throw CommandError(
            .notSupported(
              what: "'\(rest[1].text)' after set logscale",
              hint: "set logscale takes the axes and a base, as in: set logscale y 2"),
            at: rest[1].span)
        }
        return SetLogScale(x: x, y: y, base: rest.first, second: second)
      },
      listing: { session in
        let second = session.labels.second
        let lines = [
          LogScaleAxes.listing(session.labels.scales),
          second.x2Scale.base.map { "logscale x2 \(AxisScale.baseText($0))" },
          second.y2Scale.base.map { "logscale y2 \(AxisScale.baseText($0))" },
        ].compactMap { $0 }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
      },
      unset: SetLabels {
        $0.scales = .linear
        $0.second.x2Scale = .linear
        $0.second.y2Scale = .linear
      })
    entry.unsetArguments = { arguments throws(CommandError) in
      let words = arguments.values.words
      let (x, y, second, rest) = try LogScaleAxes.read(words, command: "unset logscale")
      if let extra = rest.first {
        throw CommandError(
          .notSupported(
            what: "'\(extra.text)' after unset logscale", hint: "unset logscale takes x, y or xy"),
          at: extra.span)
      }
      return SetLabels { labels in
        if x { labels.scales.x = .linear }
        if y { labels.scales.y = .linear }
        if second.x2 { labels.second.x2Scale = .linear }
        if second.y2 { labels.second.y2Scale = .linear }
      }
    }
    return entry
  }()
}

/// Reading and listing the axes of `set logscale`.
enum LogScaleAxes {
  /// The axes named by the first of `words` (gnuplot's letters: `x`, `y`, `xy`, `yx`, `x2`,
  /// `y2`, `x2y2`, ...), all four when it names none (gnuplot: every axis), and the words
  /// after them.
  ///
  /// - Throws: `CommandError` at a word of axis letters that names an axis graphcalc plots
  ///   lack (`x2`, `y2`, `z`, `cb`, `r`) or repeats one.
  static func read(_ words: [Argument], command: String) throws(CommandError) -> (
    x: Bool, y: Bool, second: CurveAxes, rest: [Argument]
  ) {
    guard let first = words.first, !first.isString,
      first.text.allSatisfy({ "xyz2cbr".contains($0) })
    else { return (true, true, CurveAxes(x2: true, y2: true), words) }
    var x = false
    var y = false
    var second = CurveAxes()
    var chars = Array(first.text)
    while !chars.isEmpty {
      let c = chars.removeFirst()
      var axis = String(c)
      if c == "c", chars.first == "b" { axis += String(chars.removeFirst()) }
      if c == "x" || c == "y", chars.first == "2" { axis += String(chars.removeFirst()) }
      switch axis {
      case "x" where !x: x = true
      case "y" where !y: y = true
      case "x2" where !second.x2: second.x2 = true
      case "y2" where !second.y2: second.y2 = true
      default:
        throw CommandError(
          .notSupported(
            what: "the axis '\(axis)' in \(command)",
            hint: "graphcalc's plots have the axes x, y, x2 and y2: \(command) x|y|xy|x2|y2"),
          at: first.span)
      }
    }
    return (x, y, second, Array(words.dropFirst()))
  }

  /// The line of `show logscale` (as `set logscale` takes it), or nil when both axes are
  /// linear: `logscale xy 10`, `logscale y 2`, or one line an axis when their bases differ.
  static func listing(_ scales: AxisScales) -> String? {
    let text = { (b: Double) in AxisScale.baseText(b) }
    switch (scales.x.base, scales.y.base) {
    case (nil, nil): return nil
    case (let bx?, nil): return "logscale x \(text(bx))"
    case (nil, let by?): return "logscale y \(text(by))"
    case (let bx?, let by?):
      if bx == by { return "logscale xy \(text(bx))" }
      return "logscale x \(text(bx))\nlogscale y \(text(by))"
    }
  }
}

/// `set logscale AXES [BASE]`: the axes become log axes of the base (10 when not given).
struct SetLogScale: SessionCommand {
  /// Whether the x axis becomes a log axis.
  var x: Bool
  /// Whether the y axis becomes a log axis.
  var y: Bool
  /// The base as written, or nil for 10.
  var base: Argument?
  /// Whether x2 and y2 become log axes.
  var second = CurveAxes()

  func run(in session: inout Session) throws(CommandError) -> Reply {
    var b = 10.0
    if let base {
      b = try session.number(base.word)
      guard b.isFinite, b > 1 else {
        throw CommandError(
          .notSupported(
            what: "a log base of \(NumberLabel.general(b))",
            hint: "the base of set logscale is a number above 1, as in: set logscale y 2"),
          at: base.span)
      }
    }
    if x { session.labels.scales.x = .log(base: b) }
    if y { session.labels.scales.y = .log(base: b) }
    if second.x2 { session.labels.second.x2Scale = .log(base: b) }
    if second.y2 { session.labels.second.y2Scale = .log(base: b) }
    return Reply()
  }
}
