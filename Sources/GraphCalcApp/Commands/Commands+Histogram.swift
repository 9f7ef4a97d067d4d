import DataFiles
import GraphView
import TextAndNumbers

// `hist "FILE" using COL [bins N | width W]`, and gnuplot's `set boxwidth` and
// `set style fill` for `boxes` (Session+Histogram.swift has the bins and `smooth`).

extension CommandEntry {
  /// `hist "FILE" [using COL] [bins N | width W] [title "TEXT"]`.
  static let hist = CommandEntry(
    name: "hist",
    usage: [
      "hist \"FILE\" [using COL] [bins N | width W] [title \"TEXT\"]"
    ],
    summary: "draw a histogram of a data column",
    details: """
      Counts the values of one column of a data file in equal bins and draws the counts as
      boxes (eighth blocks in the terminal, filled boxes in export svg|png|pdf; export
      table writes each bin's centre, count and edges). using takes a column by number or
      name, or an expression in brackets (using ($2*1000)); without using, the file's
      first column of numbers. bins N makes N equal bins from the smallest value to the
      largest; width W makes bins of width W at the multiples of W, as gnuplot's
      bin(x, w) = w*floor(x/w) does. Without either, the bins are numpy's 'auto': the
      smaller of the Freedman-Diaconis width 2 IQR n^(-1/3) and Sturges' width
      range/(log2 n + 1), as many equal bins as fill the range. every, index and
      lc rgb "COLOUR" work as in plot. The histogram is the current plot: zoom, export
      and the other view commands take it.
      Example: hist "seattle-weather.csv" using temp_max width 2
      gnuplot's own form also works: bin(x, w) = w*floor(x/w), then
      plot "FILE" using (bin($1,0.5)):(1.0) smooth frequency with boxes
      """, keywords: ["using", "bins", "width", "title", "notitle"],
    changesView: true, dataX: .fits
  ) { arguments throws(CommandError) in
    try Histogram(arguments)
  }
}

/// `hist "FILE" [using COL] [bins N | width W] ...`: a histogram of one column.
struct Histogram: SessionCommand {
  /// The file and how to read it (its style options; no `with`).
  var spec: Session.DataItemSpec
  /// `bins N` or `width W` as typed, if given: the keyword and its value.
  var rule: (keyword: Word, value: Word)?

  /// Reads `"FILE"`, the keywords of a data item and `bins N` or `width W`.
  ///
  /// - Throws: `CommandError` at the word at fault: no file, `bins` or `width` without
  ///   a value or given twice, `with` (a histogram is boxes), the data item's own errors.
  init(_ arguments: CommandArguments) throws(CommandError) {
    let words = arguments.words
    guard let first = words.first, first.isString || Session.isDataBlockName(first.text) else {
      throw CommandError(
        .usage("hist \"FILE\" [using COL] [bins N | width W], as in: hist \"data.csv\" using 2"),
        at: arguments.isEmpty ? nil : arguments.text.span)
    }
    var rest: [Argument] = []
    var k = 0
    while k < words.count {
      let word = words[k]
      if !word.isString, word.text == "bins" || word.text == "width" {
        let what =
          word.text == "bins" ? "a number of bins, as in: bins 20" : "a bin width, as in: width 0.5"
        guard k + 1 < words.count else {
          throw CommandError(.needs(word: word.text, what: what), at: word.span)
        }
        if let given = rule {
          throw CommandError(
            .notSupported(
              what: "both bins and width", hint: "give one: bins N or width W"),
            at: given.keyword.span.lowerBound..<word.span.upperBound)
        }
        rule = (word.source, words[k + 1].source)
        k += 2
        continue
      }
      rest.append(word)
      k += 1
    }
    spec = try Session.parseDataItem(rest)
    let styled = rest.contains {
      !$0.isString && ["with", "smooth"].contains(Session.plotKeyword($0.text))
    }
    if styled || spec.style.marks != .lines || spec.smoothing != nil {
      throw CommandError(
        .notSupported(
          what: "with or smooth in hist",
          hint: "a histogram is drawn as boxes; plot \"FILE\" ... with STYLE draws other styles"),
        at: arguments.text.span)
    }
    if let using = spec.using, Session.usingParts(using).count != 1 {
      throw CommandError(
        .needs(word: "hist", what: "one column, as in: using 2 or using temp_max"),
        at: using.span)
    }
  }

  func run(in session: inout Session) throws(CommandError) -> Reply {
    let before = session
    let binRule: HistogramBins.Rule
    if let (keyword, value) = rule {
      let v = try session.number(value)
      if keyword.text == "bins" {
        guard v == v.rounded(), v >= 1, v <= Double(HistogramBins.limit) else {
          throw CommandError(
            .needs(word: "bins", what: "a whole number from 1 to \(HistogramBins.limit)"),
            at: value.span)
        }
        binRule = .count(Int(v))
      } else {
        guard v.isFinite, v > 0 else {
          throw CommandError(.needs(word: "width", what: "a width above 0"), at: value.span)
        }
        binRule = .width(v)
      }
    } else {
      binRule = .auto
    }
    let (read, note) = try session.dataItem(spec)
    guard let bins = HistogramBins.make(Array(read.y), rule: binRule) else {
      if note != nil { throw CommandError(.noColumnOfNumbers(path: spec.path.text)) }
      throw CommandError(
        .needs(
          word: "width",
          what: "a width that makes at most \(HistogramBins.limit) bins over the values"),
        at: rule?.value.span)
    }
    let n = bins.counts.count
    let centres = (0..<n).map { (bins.edges[$0] + bins.edges[$0 + 1]) / 2 }
    var curve = DataCurve(
      x: centres, y: bins.counts, title: read.title, marks: .boxes, xIsTime: read.yIsTime)
    curve.extents = RecordExtents(
      xLow: Array(bins.edges.dropLast()), xHigh: Array(bins.edges.dropFirst()))
    curve.look = spec.style.look
    curve.look.fillDensity = curve.look.fillDensity ?? session.data.fillDensity ?? 1
    session.curves = FunctionCurves(items: [.data(curve)])
    var newView = session.view
    if session.data.xFollowsData, let curves = session.curves {
      if let fitted = Session.dataXRange(of: session.fitting(curves)) {
        newView.xRange =
          (try? ViewState.checkedRange(fitted.lowerBound, fitted.upperBound, axis: "x")) ?? fitted
      }
    }
    session.view = newView
    session.shown = .plot
    var reply = try session.redraw()
    try session.stopIfInterrupted([.data(curve)], restoring: before)
    let width = bins.edges[1] - bins.edges[0]
    let how: String
    switch binRule {
    case .auto: how = " (numpy's auto: the smaller of the Freedman-Diaconis and Sturges widths)"
    case .count, .width: how = ""
    }
    let total = Int(bins.counts.reduce(0, +))
    reply.output +=
      "note: \(n) bin\(n == 1 ? "" : "s") of width \(NumberFormat.general(width, significantDigits: 6)) from "
      + "\(NumberFormat.general(bins.edges[0], significantDigits: 6)) to \(NumberFormat.general(bins.edges[n], significantDigits: 6))"
      + "\(how), \(total) value\(total == 1 ? "" : "s")\n"
    return reply
  }
}

extension SettingTable {
  /// gnuplot's settings of `boxes`: `set boxwidth`, `set style fill`.
  static let histogramSettings: [SettingEntry] = [
    .boxwidth,
    {
      var style = SettingEntry.style  // `unset style line N`: Commands+LineStyles.swift
      style.unsetArguments = SettingEntry.unsetStyle
      return style
    }(),
  ]
}

extension SettingEntry {
  /// `set boxwidth [W] [absolute|relative]`: the width of `boxes` without a width column
  /// (no W: automatic again).
  static let boxwidth = SettingEntry(
    name: "boxwidth", aliases: ["boxw"], usage: ["set boxwidth [W] [absolute|relative]"],
    keywords: ["absolute", "relative"],
    parse: { arguments throws(CommandError) in
      let words = arguments.values.words
      var width: Word? = nil
      var relative = false
      for word in words {
        if "absolute".hasPrefix(word.text) && word.text.count >= 1 && !word.isString
          && word.text.first == "a"
        {
          relative = false
        } else if "relative".hasPrefix(word.text) && word.text.first == "r" && !word.isString {
          relative = true
        } else if width == nil {
          width = word.word
        } else {
          throw CommandError(.usage("set boxwidth [W] [absolute|relative]"), at: word.span)
        }
      }
      return SetBoxWidth(width: width, relative: relative)
    },
    listing: { session in
      switch session.data.boxWidth {
      case .absolute(let w)?:
        return "boxwidth \(NumberFormat.general(w, significantDigits: 6)) absolute"
      case .relative(let f)?:
        return "boxwidth \(NumberFormat.general(f, significantDigits: 6)) relative"
      case nil: return nil
      }
    },
    unset: SetBoxWidth(width: nil, relative: false))

  /// `set style fill solid [D] [border|noborder]|empty`: how `boxes` are filled (gnuplot's
  /// `set style fill`; `transparent` is accepted, `pattern` is not supported).
  static let style = SettingEntry(
    name: "style",
    usage: [
      "set style fill solid [DENSITY]|empty", "set style data|function STYLE",
      "set style rectangle [fc rgb \"COLOUR\"] [fs empty|solid D] [border [lc ...]|noborder]"
        + " [lw N] [dt N] [front|back|behind]",
      "set style histogram clustered|errorbars|rowstacked|columnstacked [gap N] [lw W] "
        + "[title offset X,Y] [nokeyseparators]", SettingEntry.styleLineUsage,
      SettingEntry.styleIncrementUsage,
    ],
    keywords: [
      "fill", "solid", "empty", "border", "noborder", "histogram", "clustered", "gap",
      "errorbars", "rowstacked", "columnstacked", "title", "offset", "nokeyseparators",
    ],
    parse: { arguments throws(CommandError) in
      let usage = "set style fill solid [DENSITY]|empty"
      let words = arguments.values.words
      guard let what = words.first else {
        throw CommandError(.usage(usage), at: arguments.name.span)
      }
      if let which = SetDefaultStyle.which(what.text) {  // Commands+Annotations.swift
        return try SetDefaultStyle(which: which, words: words, at: what)
      }
      // `set style line N ...`, `set style increment user|default`: Commands+LineStyles.swift
      if let command = try SettingEntry.styleLineOrIncrement(words.map(\.source)) {
        return command
      }
      if what.text.count >= 4, "rectangle".hasPrefix(what.text) {  // Commands+Objects.swift
        let values = arguments.values
        return try SetRectangleStyle(values.dropping(to: values.range.lowerBound + 1))
      }
      if what.text.count >= 4, "histogram".hasPrefix(what.text) {  // Session+Histograms.swift
        return try SetHistogramStyle.parse(words.dropFirst().map(\.word)[...])
      }
      guard "fill".hasPrefix(what.text), what.text.count >= 2 else {
        throw CommandError(
          .notSupported(
            what: "set style \(what.text)",
            hint: "set style fill solid|empty, set style data|function STYLE and set style "
              + "histogram LAYOUT, set style line N ... and set style increment "
              + "user|default are supported; give each plot item its style: "
              + "with impulses|boxes|yerrorbars|..."),
          at: what.span)
      }
      var density: Word? = nil
      var solid = false
      var border: RGBColor? = nil
      var k = 1
      while k < words.count {
        let word = words[k]
        switch word.isString ? "" : Session.fillStyleWord(word.text) {
        case "solid", "sol", "s": solid = true
        case "empty", "emp", "e": solid = false
        case "transparent", "trans": break
        case "border", "bo", "noborder", "nobo":
          // gnuplot's border: the box's outline (drawn by graphcalc's pictures anyway), in
          // the colour given after it (`border lt -1`, `border lc rgb "..."`, `border 3`).
          if word.text.hasPrefix("b") {
            let (color, used) = try Session.readBorderColor(words[(k + 1)...].map(\.source))
            border = color
            k += used
          } else {
            border = nil
          }
        case "pattern", "pat":
          throw CommandError(
            .notSupported(what: "a fill pattern", hint: "set style fill solid [DENSITY] or empty"),
            at: word.span)
        default:
          guard solid, density == nil else {
            throw CommandError(.usage(usage), at: word.span)
          }
          density = word.word
        }
        k += 1
      }
      return SetFillStyle(solid: solid, density: density, border: border)
    },
    listing: { session in
      var lines: [String] = []
      if let d = session.data.fillDensity {
        lines.append("style fill solid \(NumberFormat.general(d, significantDigits: 6))")
      }
      if session.data.histogram != HistogramStyle() {
        lines.append(session.data.histogram.listing)
      }
      lines += SettingEntry.styleLineListing(session)
      return lines.isEmpty ? nil : lines.joined(separator: "\n")
    },
    unset: SetFillStyle(solid: false, density: nil, border: nil))
}

/// `set boxwidth [W] [absolute|relative]`: nil width for automatic.
struct SetBoxWidth: SessionCommand {
  /// The width as typed (an expression), or nil.
  var width: Word?
  /// Whether W is a fraction of the automatic width.
  var relative: Bool

  func run(in session: inout Session) throws(CommandError) -> Reply {
    guard let width else {
      session.data.boxWidth = nil
      return Reply()
    }
    let w = try session.number(width)
    guard w.isFinite, w > 0 else {
      throw CommandError(.needs(word: "boxwidth", what: "a width above 0"), at: width.span)
    }
    session.data.boxWidth = relative ? .relative(w) : .absolute(w)
    return Reply()
  }
}

/// `set style fill solid [D]|empty`: boxes filled at density D (default 1), or outlines.
struct SetFillStyle: SessionCommand {
  /// Whether boxes are filled.
  var solid: Bool
  /// The density as typed (an expression in 0...1), or nil for 1.
  var density: Word?
  /// The outlines' colour (`border lt -1`), nil for the curves'.
  var border: RGBColor?

  func run(in session: inout Session) throws(CommandError) -> Reply {
    session.data.fillBorderColor = border
    guard solid else {
      session.data.fillDensity = nil
      return Reply()
    }
    let d = try density.map { w throws(CommandError) in try session.number(w) } ?? 1
    guard d.isFinite, d >= 0, d <= 1 else {
      throw CommandError(
        .needs(word: "solid", what: "a density from 0 to 1, as in: solid 0.5"), at: density?.span)
    }
    session.data.fillDensity = d
    return Reply()
  }
}
