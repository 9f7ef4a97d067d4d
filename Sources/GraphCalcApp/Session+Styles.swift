import GraphView

// gnuplot's plotting styles and style options on `plot` items: `with impulses`, `w yerr`,
// `lw 2`, `lc rgb "red"`, `lc rgb "#ff0000"`, `lc 3`, `pt 7`, `ps 1.5`, `dt 2`, `lt 3`,
// `ls 2` (Session+LineStyles.swift), with
// gnuplot's long names (`linewidth`, `linecolor`, `pointtype`, `pointsize`, `dashtype`) and
// abbreviations. Data items and functions take the same words.

/// How one `plot` item is drawn: its style (`with ...`) and its style options.
public struct PlotStyle: Sendable, Hashable {
  /// The style; `.lines` unless given.
  public var marks: CurveMarks = .lines
  /// The options (`lw`, `lc`, `pt`, `ps`, `dt`); none unless given.
  public var look = CurveLook()
  /// Whether the style was written (`with ...`), so `set style data|function` does not
  /// replace it.
  public var withGiven = false
  /// Whether the style is gnuplot's `histograms` (drawn as `boxes` laid out in clusters,
  /// Session+Histograms.swift); `marks` is then `.boxes`.
  public var histogram = false
  /// gnuplot's `with labels`: how each record's text is drawn (Session+PointLabels.swift);
  /// `marks` is then `.points`. Nil for every other style.
  public var labels: PlotTextLabel?
  /// The radius of gnuplot's `filledcurves r=R` (polar curves): the area between the curve
  /// and the circle r = R is filled (Session+CurveStyles.swift); nil for none.
  public var fillRadius: Double? = nil
  /// With `fillRadius`: 1 fills only where r > R (`above`), -1 where r < R (`below`), 0 both.
  public var fillSide = 0
  /// Where `r=R` was written, for the error outside polar mode.
  public var fillRadiusSpan: Range<Int>?

  /// Creates a style.
  public init(marks: CurveMarks = .lines, look: CurveLook = CurveLook()) {
    self.marks = marks
    self.look = look
  }
}

extension Session {
  /// gnuplot 5.4's style words in the order of its `plotstyle_tbl` (src/tables.c): each
  /// style's full name, the shortest abbreviation gnuplot takes (any prefix of the name at
  /// least that long; checked against gnuplot 5.4 itself), and the style, nil for one
  /// graphcalc does not draw. The first entry that matches wins, as in gnuplot (`hist` is
  /// `histograms`, `his` `histeps`). `lp` is one more name of `linespoints`, `errorbars`
  /// (`e`) of `yerrorbars` and `errorlines` of `yerrorlines`, as in gnuplot.
  static let styleTable: [(name: String, shortest: String, marks: CurveMarks?)] = [
    ("lines", "l", .lines), ("impulses", "i", .impulses), ("points", "p", .points),
    ("linespoints", "linesp", .linesPoints), ("lp", "lp", .linesPoints), ("dots", "d", .dots),
    ("yerrorlines", "yerrorl", .yErrorLines), ("errorlines", "errorl", .yErrorLines),
    ("xerrorlines", "xerrorl", .xErrorLines), ("xyerrorlines", "xyerrorl", .xyErrorLines),
    ("errorbars", "e", .yErrorBars), ("yerrorbars", "ye", .yErrorBars),
    ("xerrorbars", "xe", .xErrorBars), ("xyerrorbars", "xye", .xyErrorBars),
    ("boxes", "boxes", .boxes), ("histograms", "hist", nil),
    ("filledcurves", "filledc", .filledCurves), ("boxerrorbars", "boxer", .boxErrorBars),
    ("boxxyerror", "boxx", .boxXYError), ("steps", "st", .steps),
    ("fillsteps", "fillst", .fillSteps), ("fsteps", "fs", .fsteps), ("histeps", "his", .histeps),
    ("vectors", "vec", nil), ("financebars", "fin", nil), ("candlesticks", "can", nil),
    ("boxplot", "boxplot", nil), ("pm3d", "pm", nil), ("labels", "labels", nil),
    ("image", "ima", nil), ("rgbimage", "rgbima", nil), ("rgbalpha", "rgba", nil),
    ("circles", "cir", nil), ("ellipses", "ell", nil), ("surface", "sur", nil),
    ("parallelaxes", "parallel", nil), ("table", "table", nil), ("zerrorfill", "zerror", nil),
    ("spiderplot", "sp", nil), ("polygons", "polygons", nil),
  ]

  /// The entry of `styleTable` that word `text` names, as gnuplot reads it (the first
  /// whose name `text` is a prefix of, at least as long as its shortest abbreviation).
  static func styleEntry(named text: String) -> (
    name: String, shortest: String, marks: CurveMarks?
  )? {
    styleTable.first { text.hasPrefix($0.shortest) && $0.name.hasPrefix(text) }
  }

  /// The style word `text` names, or nil (no style, or one graphcalc does not draw).
  static func style(named text: String) -> CurveMarks? { styleEntry(named: text)?.marks }

  /// gnuplot's style options, by full name and shortest abbreviation (`linew$idth`, with
  /// `lw` one more name), and the option they set.
  enum StyleOption: Sendable {
    case lineWidth, lineColor, lineType, pointType, pointSize, dashType, lineStyle
  }

  /// The option words: full name, shortest abbreviation, option.
  static let styleOptionTable: [(name: String, shortest: String, option: StyleOption)] = [
    ("linewidth", "linew", .lineWidth), ("lw", "lw", .lineWidth),
    ("linecolor", "linec", .lineColor), ("lc", "lc", .lineColor),
    ("linetype", "linet", .lineType), ("lt", "lt", .lineType),
    ("pointtype", "pointt", .pointType), ("pt", "pt", .pointType),
    ("pointsize", "points", .pointSize), ("ps", "ps", .pointSize),
    ("dashtype", "dasht", .dashType), ("dt", "dt", .dashType),
    ("linestyle", "lines", .lineStyle), ("ls", "ls", .lineStyle),
  ]

  /// The style option `text` names, or nil.
  static func styleOption(named text: String) -> StyleOption? {
    styleOptionTable.first { text.hasPrefix($0.shortest) && $0.name.hasPrefix(text) }?.option
  }

  /// gnuplot's plot-item keywords by full name and shortest abbreviation (`t$itle`,
  /// `not$itle`, `w$ith`, `u$sing`, `i$ndex`, `ev$ery`, `s$mooth`, `ax$es`, after
  /// its plot2d.c and datafile.c `almost_equals` calls).
  static let plotKeywordTable: [(name: String, shortest: String)] = [
    ("title", "t"), ("notitle", "not"), ("with", "w"), ("using", "u"), ("index", "i"),
    ("every", "ev"), ("smooth", "s"), ("axes", "ax"),
  ]

  /// The full plot-item keyword `text` abbreviates (`ti` → `title`, `w` → `with`), or `text`
  /// itself when it abbreviates none.
  static func plotKeyword(_ text: String) -> String {
    plotKeywordTable.first { text.hasPrefix($0.shortest) && $0.name.hasPrefix(text) }?.name
      ?? text
  }

  /// The words a plot item's style takes, for suggestions after a word that is none.
  static let styleKeywords = ["with", "lw", "lc", "pt", "ps", "dt", "fs"]

  /// The style names a did-you-mean picks from.
  static var styleNames: [String] {
    styleTable.filter { ($0.marks != nil || $0.name == "labels") && $0.name != "lp" }.map(\.name)
  }

  /// Reads the style word after `with` (the word just read).
  ///
  /// - Throws: `CommandError` at the word: gnuplot's style that graphcalc does not draw
  ///   (named as not supported), or an unknown one (with the nearest style).
  static func readStyle(_ style: Word) throws(CommandError) -> CurveMarks {
    if let entry = styleEntry(named: style.text) {
      if let marks = entry.marks { return marks }
      throw CommandError(
        .notSupported(
          what: "gnuplot's style '\(entry.name)'",
          hint: "styles are " + styleNames.joined(separator: ", ")),
        at: style.span)
    }
    let suggestion = Suggestions.nearest(to: style.text, among: styleNames)
    throw CommandError(
      .unknownName(.plotStyle, style.text, suggestion: suggestion), at: style.span)
  }

  /// Reads one style keyword and its value into `style`, when `word` (just read from
  /// `reader`) is one: `with STYLE`, or a style option with its value.
  ///
  /// - Returns: Whether `word` was a style keyword.
  /// - Throws: `CommandError` at the value: a missing one, an unknown style, a width or size
  ///   that is not a positive number, a point, dash or colour number that is not a whole
  ///   number (at least 0 for a point type, 1 for the others), a colour that is neither
  ///   `rgb "NAME"`, `rgb "#rrggbb"` nor a number.
  static func readStyleKeyword(
    _ word: Word, from reader: inout KeywordReader, into style: inout PlotStyle
  ) throws(CommandError) -> Bool {
    if plotKeyword(word.text) == "with" {
      let value = try reader.value(
        of: word, "a style, as in: with lines, with impulses or with yerrorbars")
      if styleEntry(named: value.text)?.name == "histograms" {
        style.marks = .boxes
        style.histogram = true
        style.withGiven = true
        return true
      }
      if styleEntry(named: value.text)?.name == "labels" {  // Session+PointLabels.swift
        style.marks = .points
        style.labels = style.labels ?? PointLabels.defaultStyle
        style.withGiven = true
        style.histogram = false
        return true
      }
      style.marks = try readStyle(value)
      style.withGiven = true
      style.histogram = false
      style.labels = nil
      if style.marks == .filledCurves { try readFilledCurvesOption(from: &reader, into: &style) }
      return true
    }
    if ["fs", "fill"].contains(word.text)
      || (word.text.count >= 5 && "fillstyle".hasPrefix(word.text))
    {
      try readFillStyle(word, from: &reader, into: &style)
      return true
    }
    if try readAxes(word, from: &reader, into: &style) { return true }
    if ["fc", "fillcolor", "fillcolour"].contains(word.text) {
      // gnuplot's fill colour: `fc rgb "COLOUR"`, `fc "COLOUR"`, `fc lt N`, `fc N`.
      let rest = Array(reader.remaining.prefix(3))
      guard let first = rest.first else {
        throw CommandError(
          .needs(word: word.text, what: "a colour, as in: fc rgb \"#00aa00\""), at: word.span)
      }
      let named = ["lt", "linetype", "rgb", "rgbcolor"].contains(first.text)
      let probe = named ? rest : [Word("lc", at: word.offset)] + rest
      let (color, used) = try Session.readBorderColor(probe, keyword: word.text)
      guard let color else {
        throw CommandError(
          .needs(word: word.text, what: "a colour, as in: fc rgb \"#00aa00\""), at: word.span)
      }
      reader.skip(named ? used : used - 1)
      style.look.fillColor = color
      return true
    }
    guard let option = styleOption(named: word.text) else { return false }
    func number(_ what: String) throws(CommandError) -> (Double, Word) {
      let value = try reader.value(of: word, what)
      guard let v = Double(value.text), v.isFinite else {
        throw CommandError(.needs(word: word.text, what: what), at: value.span)
      }
      return (v, value)
    }
    func whole(_ what: String, least: Int) throws(CommandError) -> Int {
      let (v, value) = try number(what)
      guard v == v.rounded(), v >= Double(least), v < 1e6 else {
        throw CommandError(.needs(word: word.text, what: what), at: value.span)
      }
      return Int(v)
    }
    switch option {
    case .lineWidth:
      let what = "a width above 0 (times the default), as in: lw 2"
      let (v, value) = try number(what)
      guard v > 0, v <= 100 else {
        throw CommandError(.needs(word: word.text, what: what), at: value.span)
      }
      style.look.lineWidth = v
    case .pointSize:
      let what = "a size above 0 (times the default), as in: ps 1.5"
      let (v, value) = try number(what)
      guard v > 0, v <= 100 else {
        throw CommandError(.needs(word: word.text, what: what), at: value.span)
      }
      style.look.pointSize = v
    case .pointType:
      style.look.pointType = try whole(
        "a point type, a whole number from 0, as in: pt 7", least: 0)
    case .dashType:
      style.look.dashType = try whole("a dash type from 1 (solid), as in: dt 2", least: 1)
    case .lineType:
      // gnuplot's line type N: its colour, and what `set linetype N` gave it
      // (`LineStyleTables.resolved`, when the plot is drawn). `lt -1` is gnuplot's
      // LT_BLACK (the border's solid black; fillcrvs.dem).
      // A function item's words are its tokens (`-`, `1`), a data item's its words (`-1`).
      let minusOne =
        reader.peek()?.text == "-" && reader.peekAfterNext()?.text == "1" ? 2 : 0
      if reader.peek()?.text == "-1" || minusOne == 2 {
        for _ in 0..<max(1, minusOne) { _ = reader.next() }
        style.look.color = CurveLook.color(named: "black")
        style.look.colorIndex = nil
        return true
      }
      let n = try whole("a line type from 1 (or -1, black), as in: lt 2", least: 1)
      style.look.colorIndex = n
      style.look.lineType = n
    case .lineStyle:
      // gnuplot's `ls N`: line style N's look under the item's own options (whatever their
      // order), resolved when the plot is drawn (`LineStyleTables.resolved`).
      style.look.lineStyle = try whole("a line style from 1, as in: ls 2", least: 1)
    case .lineColor:
      let what = "a colour, as in: lc rgb \"red\", lc rgb \"#ff8000\" or lc 2"
      var value = try reader.value(of: word, what)
      if value.text == "rgb" || value.text == "rgbcolor" {
        value = try reader.value(of: value, "a colour in quotes, as in: rgb \"#ff8000\"")
      }
      if let q = value.text.first, q == "\"" || q == "'" {
        let name = String(value.text.dropFirst().dropLast())
        guard value.text.count >= 2, value.text.last == q, let c = CurveLook.color(named: name)
        else {
          let known = CurveLook.colorNames.map(\.name)
          let suggestion = Suggestions.nearest(to: name, among: known)
          throw CommandError(
            .needs(
              word: word.text,
              what: "a colour name or #rrggbb"
                + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
                + ", as in: lc rgb \"red\""),
            at: value.span)
        }
        style.look.color = c
        style.look.colorIndex = nil
      } else if value.text.hasPrefix("0x"), let c = CurveLook.color(named: value.text) {
        style.look.color = c
        style.look.colorIndex = nil
      } else if let k = Int(value.text), k >= 1 {
        style.look.colorIndex = k
        style.look.color = nil
      } else {
        throw CommandError(.needs(word: word.text, what: what), at: value.span)
      }
    }
    return true
  }
}
