import GraphView

// gnuplot's second axes' settings (tracker issue 16): `set x2tics|y2tics ...`, `set
// x2range|y2range [A:B]`, `set x2label|y2label "TEXT"`, with their `unset` and `show`
// forms. As gnuplot's other settings they draw nothing: the next `plot` or `replot` shows
// them. The axes themselves: Session+SecondAxes.swift.

extension SettingTable {
  /// The second axes' settings of gnuplot's syntax.
  static let secondAxes: [SettingEntry] = [
    .secondTics(x: true), .secondTics(x: false), .secondRange(x: true), .secondRange(x: false),
    .secondLabel(x: true), .secondLabel(x: false),
  ]
}

extension SettingEntry {
  /// `set x2tics|y2tics [auto | STEP | START, STEP[, END] | (...)] [mirror|nomirror]
  /// [format "FMT"]`: ticks and labels on the second axis (gnuplot has none there until
  /// this); `unset x2tics` takes them away.
  static func secondTics(x: Bool) -> SettingEntry {
    let name = x ? "x2tics" : "y2tics"
    var entry = SettingEntry(
      name: name,
      usage: [
        "set \(name) [auto | STEP | START, STEP[, END] | (\"LABEL\" POS, ...)] [nomirror] [format \"FMT\"]"
      ],
      keywords: ["auto", "autofreq", "mirror", "nomirror", "format"],
      parse: { arguments throws(CommandError) in
        var command = try SettingEntry.parseTics(arguments, name: name, x: x, y: !x)
        command.second = true
        return command
      },
      listing: { session in
        let second = session.labels.second
        guard let rule = x ? second.x2Tics : second.y2Tics else { return nil }
        return SettingEntry.describe(rule, name: name) ?? name
      },
      unset: SetLabels { labels in
        if x { labels.second.x2Tics = nil } else { labels.second.y2Tics = nil }
      })
    entry.unsetArguments = nil
    return entry
  }

  /// `set x2range|y2range [MIN:MAX]`: the second axis's range (`*` or `[*:*]`: autoscaled on
  /// its items again); `unset` autoscales it.
  static func secondRange(x: Bool) -> SettingEntry {
    let name = x ? "x2range" : "y2range"
    return SettingEntry(
      name: name, aliases: [x ? "x2r" : "y2r"], usage: ["set \(name) [MIN:MAX]"],
      parse: { arguments throws(CommandError) in
        let usage = CommandError(
          .usage("set \(name) [MIN:MAX]"),
          at: arguments.values.isEmpty ? arguments.name.span : arguments.values.text.span)
        guard let (bounds, rest) = try arguments.values.leadingRange() else { throw usage }
        if let extra = rest.words.first {
          throw CommandError(
            .notSupported(what: "'\(extra.text)' after set \(name)", hint: ""), at: extra.span)
        }
        return SetSecondRange(x: x, bounds: bounds)
      },
      listing: { session in
        let second = session.labels.second
        guard let r = x ? second.x2Range : second.y2Range else { return nil }
        return
          "\(name) [\(Session.boundText(r.lowerBound)):\(Session.boundText(r.upperBound))]"
      },
      unset: SetLabels { labels in
        if x { labels.second.x2Range = nil } else { labels.second.y2Range = nil }
      })
  }

  /// `set x2label|y2label ["TEXT"]`: the second axis's label (y2's level above the top
  /// right corner, as the y label is above the top left; x2's above the x2 tick labels).
  static func secondLabel(x: Bool) -> SettingEntry {
    let name = x ? "x2label" : "y2label"
    let field: WritableKeyPath<SecondAxesSettings, String> & Sendable =
      x ? \.x2Label : \.y2Label
    return SettingEntry(
      name: name, aliases: [x ? "x2lab" : "y2lab"], usage: ["set \(name) \"TEXT\""],
      parse: { arguments throws(CommandError) in
        let words = arguments.values.words
        guard let first = words.first else {
          return SetLabels { $0.second[keyPath: field] = "" }
        }
        guard first.isString else {
          throw CommandError(
            .needs(word: "set \(name)", what: "a text in quotes, as in: set \(name) \"Phase\""),
            at: first.span)
        }
        if let extra = words.dropFirst().first {
          throw CommandError(
            .notSupported(
              what: "'\(extra.text)' after set \(name)", hint: "set \(name) takes a text"),
            at: extra.span)
        }
        let text = first.text
        return SetLabels { $0.second[keyPath: field] = text }
      },
      listing: { session in
        let text = session.labels.second[keyPath: field]
        return text.isEmpty ? nil : "\(name) \"\(text)\""
      },
      unset: SetLabels { $0.second[keyPath: field] = "" })
  }
}

/// `set x2range [A:B]` / `set y2range [A:B]`: a bound left out keeps the axis's current one
/// (the first axis's range while it is autoscaled); `*` for both autoscales it again.
struct SetSecondRange: SessionCommand, Hashable {
  /// The x2 axis (or y2).
  var x: Bool
  /// The bounds as written.
  var bounds: RangeBounds

  func run(in session: inout Session) throws(CommandError) -> Reply {
    var given = bounds
    if given.lower?.text == "*" { given.lower = nil }
    if given.upper?.text == "*" { given.upper = nil }
    let starred = [bounds.lower?.text, bounds.upper?.text].contains("*")
    if starred, given.lower == nil, given.upper == nil {
      if x { session.labels.second.x2Range = nil } else { session.labels.second.y2Range = nil }
      return Reply()
    }
    let second = session.labels.second
    let current =
      (x ? second.x2Range : second.y2Range) ?? (x ? session.view.xRange : session.shownYRange)
    guard
      let r = try session.range(given, current: current, axis: x ? "x2" : "y2")
    else { return Reply() }
    if x { session.labels.second.x2Range = r } else { session.labels.second.y2Range = r }
    return Reply()
  }
}

extension Session {
  /// Reads gnuplot's `axes x1y1|x1y2|x2y1|x2y2` (`axis` too) of a plot item into `style`
  /// (its look's `axes`), when `word` is that keyword.
  ///
  /// - Returns: Whether `word` was the keyword.
  /// - Throws: `CommandError` at the value when it names no pair of axes, or at the
  ///   keyword when nothing follows.
  static func readAxes(
    _ word: Word, from reader: inout KeywordReader, into style: inout PlotStyle
  ) throws(CommandError) -> Bool {
    guard Session.plotKeyword(word.text) == "axes" || word.text == "axis" else { return false }
    let value = try reader.value(of: word, "the axes, as in: axes x1y2")
    guard let axes = CurveAxes(name: value.text) else {
      throw CommandError(
        .needs(word: word.text, what: "x1y1, x1y2, x2y1 or x2y2, as in: axes x1y2"),
        at: value.span)
    }
    style.look.axes = axes
    return true
  }
}
