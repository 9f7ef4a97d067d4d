import GraphView

// gnuplot's filled styles on plot items (`help filledcurves`, `help fillstyle`): the
// option after `with filledcurves` (`closed`, `x1`, `x2`, `y1`, `y2`, `y=V`, `x=V`,
// `xy=X,Y`, `above`, `below`) and `fs`/`fill`/`fillstyle` (`solid [D]`, `transparent solid
// D`, `empty`, `border`, `noborder`) per item; the session's `set style fill` for the
// items without one.

extension Session {
  /// A `filledcurves` or `fillsteps` style with its fill: the item's `fs`, else the
  /// session's `set style fill solid D`; `filledcurves` is solid when that is `empty` (as
  /// gnuplot makes it), `fillsteps` then draws its steps' line (as gnuplot's `plot_steps`).
  func filledLook(_ style: PlotStyle) -> PlotStyle {
    var styled = style
    let density = styled.look.fillDensity ?? data.fillDensity
    if styled.look.borderColor == nil { styled.look.borderColor = data.fillBorderColor }
    if style.marks == .filledCurves {
      styled.look.fillDensity = (density ?? 0) > 0 ? density : 1
    } else {
      styled.look.fillDensity = density
    }
    return styled
  }

  /// Reads the words after `with filledcurves` that are its options, into `style.look.fillTo`.
  ///
  /// - Throws: `CommandError` at the word: a value that is not a number (`y=abc`), or one of
  ///   gnuplot's options graphcalc does not draw (`r=` of polar plots), named as not supported.
  static func readFilledCurvesOption(
    from reader: inout KeywordReader, into style: inout PlotStyle
  ) throws(CommandError) {
    var side = 0
    while var word = reader.peek() {
      // `y1=-2` may come as several words (`y1`, `=`, `-2`): the words written without a
      // blank between them, or around an `=`, are one option.
      // `y2 = 4` with blanks around the `=` too.
      while let after = reader.peekAfterNext(),
        after.offset == word.offset + word.text.count
          && (word.text.contains("=") || after.text.hasPrefix("="))
          || after.text == "=" || word.text.hasSuffix("=")
      {
        _ = reader.next()
        word = Word(word.text + after.text, at: word.offset)
      }
      let text = word.text
      let (name, value): (String, String?) = {
        guard let eq = text.firstIndex(of: "=") else { return (text, nil) }
        return (String(text[..<eq]), String(text[text.index(after: eq)...]))
      }()
      func number(_ v: String, _ example: String) throws(CommandError) -> Double {
        guard let d = Double(v), d.isFinite else {
          throw CommandError(
            .needs(word: name, what: "a number, as in: filledcurves \(example)"), at: word.span)
        }
        return d
      }
      switch (name, value) {
      case ("closed", nil): style.look.fillTo = .closed
      case ("above", nil): side = 1
      case ("below", nil): side = -1
      case ("x1", nil), ("x", nil): style.look.fillTo = .xEdge(top: false)
      case ("x2", nil): style.look.fillTo = .xEdge(top: true)
      case ("y1", nil), ("y", nil): style.look.fillTo = .yEdge(right: false)
      case ("y2", nil): style.look.fillTo = .yEdge(right: true)
      case ("y", let v?), ("y1", let v?), ("y2", let v?):
        style.look.fillTo = .horizontal(try number(v, "y=0"), side: side)
      case ("x", let v?), ("x1", let v?), ("x2", let v?):
        style.look.fillTo = .vertical(try number(v, "x=0"))
      case ("xy", let v?):
        let parts = v.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2 else {
          // The plot line splits its items at the comma before the word gets here.
          throw CommandError(
            .notSupported(
              what: "filledcurves xy=X,Y",
              hint: "filledcurves takes closed, x1, x2, y1, y2, y=V, x=V, above, below"),
            at: word.span)
        }
        style.look.fillTo = .point(
          try number(String(parts[0]), "xy=1,2"), try number(String(parts[1]), "xy=1,2"))
      case ("xy", nil):
        throw CommandError(
          .notSupported(
            what: "filledcurves xy=X,Y",
            hint: "filledcurves takes closed, x1, x2, y1, y2, y=V, x=V, above, below"),
          at: word.span)
      case ("r", let v?) where !v.isEmpty:
        // The circle r = R of a polar curve (Session+CurveStyles.swift): the curve and the
        // circle make one closed outline.
        style.fillRadius = try number(v, "r=1")
        style.fillRadiusSpan = word.span
        style.look.fillTo = .closed
      case ("r", _):
        throw CommandError(
          .needs(word: "r", what: "a radius, as in: filledcurves r=1"), at: word.span)
      default:
        // Not an option of filledcurves: the item's next keyword.
        if side != 0 {
          style.look.fillTo = style.look.fillTo.map { with(side, $0) } ?? .between(side: side)
        }
        if style.fillRadius != nil { style.fillSide = side }
        return
      }
      _ = reader.next()
    }
    if side != 0 {
      style.look.fillTo = style.look.fillTo.map { with(side, $0) } ?? .between(side: side)
    }
    if style.fillRadius != nil { style.fillSide = side }
  }

  /// `fillTo` limited to `side` where it has one (`above`, `below`).
  static func with(_ side: Int, _ fillTo: CurveLook.FillTo) -> CurveLook.FillTo {
    switch fillTo {
    case .horizontal(let v, _): return .horizontal(v, side: side)
    case .between: return .between(side: side)
    default: return fillTo
    }
  }

  /// gnuplot 5.4's words of a fill style, each with `$` after its shortest form (its
  /// `parse_fillstyle` in src/misc.c reads them with `almost_equals`).
  static let fillStyleWords = [
    "trans$parent", "e$mpty", "s$olid", "p$attern", "bo$rder", "nobo$rder",
  ]

  /// The whole fill-style word `typed` abbreviates (`s` and `sol` are `solid`, `bo` is
  /// `border`), or `typed` when it abbreviates none.
  static func fillStyleWord(_ typed: String) -> String {
    for marked in fillStyleWords where SettingTable.abbreviates(typed, marked) {
      var whole = marked
      whole.removeAll { $0 == "$" }
      return whole
    }
    return typed
  }

  /// Reads the colour of a fill's border at the start of `words` (after `border`): `-1` or
  /// `lt -1` (gnuplot's black), `N` or `lt N` (line type N's colour), `lc|linecolor [rgb]
  /// "COLOUR"`, `lc N`, `rgb "COLOUR"`; strings keep their quotes.
  ///
  /// - Returns: The colour (nil when none is written) and how many words it took.
  /// - Throws: `CommandError` at a colour or line type that is not one.
  static func readBorderColor(_ words: [Word], keyword: String = "border") throws(CommandError)
    -> (RGBColor?, Int)
  {
    guard let first = words.first else { return (nil, 0) }
    func lineType(_ w: Word) throws(CommandError) -> RGBColor {
      guard let n = Int(w.text), n >= -1, n != 0 else {
        throw CommandError(
          .needs(
            word: keyword, what: "a line type, -1 (black) or from 1, as in: \(keyword) lt -1"),
          at: w.span)
      }
      return n == -1 ? RGBColor(0x000000) : Theme.default.series(n - 1)
    }
    func color(_ w: Word) throws(CommandError) -> RGBColor {
      if let q = w.text.first, q == "\"" || q == "'", w.text.count >= 2,
        let c = CurveLook.color(named: String(w.text.dropFirst().dropLast()))
      {
        return c
      }
      if let n = Int(w.text), n >= 1 { return Theme.default.series(n - 1) }
      throw CommandError(
        .needs(word: keyword, what: "a colour, as in: \(keyword) rgb \"black\""), at: w.span)
    }
    func missing(_ w: Word) -> CommandError {
      CommandError(
        .needs(word: w.text, what: "a value, as in: \(keyword) lc rgb \"black\""), at: w.span)
    }
    switch first.text {
    case "lt", "linetype":
      guard words.count > 1 else { throw missing(first) }
      return (try lineType(words[1]), 2)
    case "lc", "linecolor":
      guard words.count > 1 else { throw missing(first) }
      if ["rgb", "rgbcolor"].contains(words[1].text) {
        guard words.count > 2 else { throw missing(words[1]) }
        return (try color(words[2]), 3)
      }
      return (try color(words[1]), 2)
    case "rgb", "rgbcolor":
      guard words.count > 1 else { throw missing(first) }
      return (try color(words[1]), 2)
    default:
      if Int(first.text) != nil { return (try lineType(first), 1) }
      return (nil, 0)
    }
  }

  /// Reads `fs`/`fill`/`fillstyle` (the word just read) and its words: `solid [D]`,
  /// `transparent solid [D]`, `empty`, `border [lc ...]`, `noborder`.
  ///
  /// - Throws: `CommandError` at the word: a density outside 0...1, `pattern` (not
  ///   supported), or nothing gnuplot takes after `fs`.
  static func readFillStyle(
    _ keyword: Word, from reader: inout KeywordReader, into style: inout PlotStyle
  ) throws(CommandError) {
    var any = false
    while let word = reader.peek() {
      switch Session.fillStyleWord(word.text) {
      case "transparent":
        break
      case "solid", "s":
        style.look.fillDensity = 1
        _ = reader.next()
        any = true
        if let next = reader.peek(), let d = Double(next.text) {
          guard d >= 0, d <= 1 else {
            throw CommandError(
              .needs(word: "solid", what: "a density from 0 to 1, as in: fs solid 0.5"),
              at: next.span)
          }
          style.look.fillDensity = d
          _ = reader.next()
        }
        continue
      case "empty":
        style.look.fillDensity = 0
      case "border":
        style.look.fillBorder = true
        _ = reader.next()
        any = true
        // gnuplot's `border lt -1`, `border lc rgb "..."`, `border 3`: the outline's colour.
        let (color, used) = try Session.readBorderColor(reader.remaining)
        if let color { style.look.borderColor = color }
        reader.skip(used)
        continue
      case "noborder":
        style.look.fillBorder = false
      case "pattern":
        throw CommandError(
          .notSupported(what: "a fill pattern", hint: "fs takes solid [DENSITY], empty, border"),
          at: word.span)
      default:
        guard any else {
          throw CommandError(
            .needs(word: keyword.text, what: "a fill style, as in: fs solid 0.5 or fs empty"),
            at: word.span)
        }
        return
      }
      _ = reader.next()
      any = true
    }
    guard any else {
      throw CommandError(
        .needs(word: keyword.text, what: "a fill style, as in: fs solid 0.5 or fs empty"),
        at: keyword.span)
    }
  }
}
