import GraphView

// gnuplot's `set key` with its options in any order (`help set key`): on|off|default,
// inside|outside|fixed|lmargin|rmargin|tmargin|bmargin|above|over|below|under|at POSITION,
// left|right|center, top|bottom|center, vertical|horizontal, Left|Right, {no}reverse,
// {no}invert, {no}box [lt|lw|lc ...], {no}opaque, samplen, spacing, width, height,
// maxrows|maxcols N|auto, title "TEXT" [left|center|right], font, textcolor|tc, {no}enhanced;
// and the token reader `set label` and `set arrow` share (positions in gnuplot's coordinate
// systems, `help coordinates`).

/// The tokens of a `set` command's arguments, read one at a time, with the words of
/// expressions between them (as typed, at their columns).
struct SetTokens {
  let tokens: [CommandToken]
  let arguments: CommandArguments
  var i = 0

  init(_ arguments: CommandArguments) {
    self.arguments = arguments
    tokens = Array(arguments.tokens)
  }

  var atEnd: Bool { i >= tokens.count }
  var current: CommandToken? { i < tokens.count ? tokens[i] : nil }

  /// The word of tokens `a..<b`.
  func word(_ a: Int, _ b: Int) -> Word {
    let base = arguments.range.lowerBound
    return arguments.line.text(of: (base + a)..<(base + b), emptyOffset: tokens[a].offset)
  }

  /// The span of the current token, or the end of the line.
  var span: Range<Int> {
    if let t = current { return t.span }
    let end = tokens.last.map { $0.span.upperBound } ?? arguments.start
    return end..<(end + 1)
  }

  /// Reads an expression up to a comma at depth 0 (when `stopsAtComma`), a string, or a name
  /// after a blank at depth 0 that does not follow an operator (the next keyword: a blank
  /// does not multiply).
  ///
  /// - Throws: `CommandError` when there is no expression here, saying `what`.
  mutating func expression(
    stopsAtComma: Bool, what: String
  ) throws(CommandError) -> Word {
    let start = i
    var depth = 0
    while i < tokens.count {
      let t = tokens[i]
      if depth == 0, stopsAtComma, t.kind == .comma { break }
      // A name after a blank that does not follow an operator ends the expression (a
      // space does not multiply): a keyword, or a word the command will name.
      if depth == 0, i > start, t.kind == .name, t.spaceBefore,
        tokens[i - 1].kind != .symbol, tokens[i - 1].kind != .comma,
        tokens[i - 1].kind != .open
      {
        break
      }
      if depth == 0, i > start, t.kind == .string { break }
      if t.kind == .open { depth += 1 }
      if t.kind == .close { depth -= 1 }
      i += 1
    }
    guard i > start else { throw CommandError(.expected(what), at: span) }
    return word(start, i)
  }

  /// The coordinate systems' words (gnuplot's, `second` refused where read).
  static let systems: [String: PlotCoordinate.System] = [
    "first": .first, "graph": .graph, "screen": .screen, "character": .character,
    "char": .character,
  ]

  /// Reads `[SYSTEM] X, [SYSTEM] Y` (y's system is x's when not given, as gnuplot's).
  ///
  /// - Throws: `CommandError` at `second` (the x2/y2 axes are not drawn here) or where a
  ///   coordinate is missing.
  mutating func position(example: String) throws(CommandError)
    -> PositionWords
  {
    func system() throws(CommandError) -> PlotCoordinate.System? {
      guard let t = current, t.kind == .name else { return nil }
      if t.text == "second" {
        throw CommandError(
          .notSupported(
            what: "the coordinate system 'second'", hint: "positions take first, graph, screen"),
          at: t.span)
      }
      guard let s = Self.systems[t.text] else { return nil }
      i += 1
      return s
    }
    let xs = try system()
    let x = try expression(
      stopsAtComma: true, what: "a position, as in: \(example)")
    guard let comma = current, comma.kind == .comma else {
      throw CommandError(.expected("a comma and y, as in: \(example)"), at: span)
    }
    _ = comma
    i += 1
    let ys = try system()
    let y = try expression(
      stopsAtComma: true, what: "the y of the position, as in: \(example)")
    if let t = current, t.kind == .comma {  // a z coordinate (splot's): not drawn
      throw CommandError(
        .notSupported(what: "a third coordinate", hint: "positions here are X,Y"), at: t.span)
    }
    return PositionWords(
      xSystem: xs ?? .first, x: x, ySystem: ys ?? xs ?? .first, y: y)
  }
}

/// A position as written: each coordinate's system and expression.
struct PositionWords: Sendable, Hashable {
  var xSystem: PlotCoordinate.System
  var x: Word
  var ySystem: PlotCoordinate.System
  var y: Word

  /// The position, its expressions evaluated with the session's variables.
  ///
  /// - Throws: `CommandError` at an expression that fails or is not finite.
  func evaluate(in session: Session, command: String) throws(CommandError) -> PlotPosition {
    let v = try session.finiteNumbers([x, y], command: command)
    return PlotPosition(x: PlotCoordinate(xSystem, v[0]), y: PlotCoordinate(ySystem, v[1]))
  }

  /// The position as `show` writes it.
  static func describe(_ p: PlotPosition) -> String {
    func one(_ c: PlotCoordinate, _ implied: PlotCoordinate.System?) -> String {
      let prefix = c.system == implied ? "" : c.system.rawValue + " "
      return prefix + NumberLabel.general(c.value)
    }
    return one(p.x, .first) + ", " + one(p.y, p.x.system)
  }
}

/// The colour of `tc`/`textcolor` and `lc`, as written after the keyword: `rgb "NAME"`,
/// `rgb "#rrggbb"`, `lt N`, `N`, `variable`, `default`.
enum ColorWords {
  /// Reads a colour after `keyword` (just read), or `variable`/`default` when `allowsVariable`.
  ///
  /// - Returns: The colour (nil for `default`), or `.variable`.
  /// - Throws: `CommandError` at a bad colour, naming what is expected.
  static func read(
    _ tokens: inout SetTokens, keyword: CommandToken, allowsVariable: Bool
  ) throws(CommandError) -> KeyOptions.TextColor {
    let what = "a colour, as in: \(keyword.text) rgb \"red\", \(keyword.text) rgb \"#ff8000\""
    guard var t = tokens.current else {
      throw CommandError(.needs(word: keyword.text, what: what), at: keyword.span)
    }
    if t.kind == .name, ["variable", "var"].contains(t.text), allowsVariable {
      tokens.i += 1
      return .variable
    }
    if t.kind == .name, t.text == "default" || t.text == "def" {
      tokens.i += 1
      return .standard
    }
    if t.kind == .name, ["lt", "linetype", "ls", "linestyle"].contains(t.text) {
      tokens.i += 1
      guard let n = tokens.current, n.kind == .number, let k = Int(n.text), k >= 1 else {
        throw CommandError(
          .needs(word: t.text, what: "a line type from 1, as in: \(t.text) 2"), at: tokens.span)
      }
      tokens.i += 1
      return .rgb(Theme.default.series(k - 1))
    }
    if t.kind == .name, t.text == "rgb" || t.text == "rgbcolor" {
      tokens.i += 1
      guard let s = tokens.current else {
        throw CommandError(.needs(word: t.text, what: what), at: t.span)
      }
      t = s
    }
    if t.kind == .string, let c = CurveLook.color(named: t.value) {
      tokens.i += 1
      return .rgb(c)
    }
    if t.kind == .number, let k = Int(t.text), k >= 1 {
      tokens.i += 1
      return .rgb(Theme.default.series(k - 1))
    }
    throw CommandError(.needs(word: keyword.text, what: what), at: t.span)
  }
}

extension SettingEntry {
  /// The words of `set key` (for Tab completion and the end of an expression).
  static let keyWords: [String] = [
    "on", "off", "default", "inside", "outside", "fixed", "lmargin", "rmargin", "tmargin",
    "bmargin", "above", "over", "below", "under", "at", "left", "right", "center", "top",
    "bottom", "vertical", "horizontal", "Left", "Right", "reverse", "noreverse", "invert",
    "noinvert", "box", "nobox", "opaque", "noopaque", "samplen", "spacing", "width", "height",
    "maxrows", "maxcols", "title", "font", "textcolor", "tc", "enhanced", "noenhanced",
    "autotitle", "noautotitle",
  ]

  /// `set key ...`: the legend (see the file's comment).
  static let key: SettingEntry = {
    var entry = SettingEntry(
      name: "key",
      usage: [
        "set key [on|off|default] [inside|outside|lmargin|rmargin|tmargin|bmargin|at X,Y]"
          + " [left|right|center] [top|bottom|center] [vertical|horizontal] [Left|Right]"
          + " [{no}reverse] [{no}invert] [{no}box] [{no}opaque] [samplen N] [spacing N]"
          + " [width N] [height N] [maxrows N] [maxcols N] [title \"TEXT\"] [font \"NAME,SIZE\"]"
          + " [textcolor rgb \"COLOUR\"|variable]"
      ],
      keywords: keyWords,
      parse: { arguments throws(CommandError) in try SetKey(arguments.values) },
      listing: { session in SetKey.describe(session.labels) },
      unset: SetLabels { $0.showKey = false })
    entry.unsetArguments = { arguments throws(CommandError) in
      // `unset key autotitle`: gnuplot's `set key noautotitle`.
      let words = arguments.values.words
      guard words.count == 1, words[0].text == "autotitle" || words[0].text == "auto" else {
        throw CommandError(.usage("unset key [autotitle]"), at: words[0].span)
      }
      return SetLabels { $0.annotations.autoTitle = AutoTitle.none }
    }
    return entry
  }()
}

/// `set key ...`: the changes as written (numbers and the position evaluated when it runs).
struct SetKey: SessionCommand {
  var show = true
  var reset = false
  var region: KeyOptions.Region?
  var at: PositionWords?
  var horizontal: KeyOptions.Side?
  var vertical: KeyOptions.Side?
  var horizontalStack: Bool?
  var rightJustified: Bool?
  var textFirst: Bool?
  var invert: Bool?
  var box: Bool?
  var opaque: Bool?
  var title: String?
  var titleAlignment: TextAnchor.Horizontal?
  var scale: Double?
  var textColor: KeyOptions.TextColor?
  var numbers: [(name: String, value: Word)] = []
  var maxRowsAuto = false
  var maxColumnsAuto = false
  var autoTitle: AutoTitle?

  init(_ arguments: CommandArguments) throws(CommandError) {
    var tokens = SetTokens(arguments)
    var centred = false
    var sawHorizontal = false
    var sawVertical = false
    var marginWithoutSide = false
    while let t = tokens.current {
      tokens.i += 1
      let word = t.kind == .string ? "" : SetKey.gnuplotWord(t.text)
      switch word {
      case "on": show = true
      case "off": show = false
      case "default", "def":
        reset = true
        show = true
      case "inside", "ins", "fixed": region = .inside
      case "outside", "out": region = .outside
      case "lmargin", "lm": region = .leftMargin
      case "rmargin", "rm": region = .rightMargin
      case "tmargin", "tm": region = .topMargin
      case "bmargin", "bm": region = .bottomMargin
      case "above", "over":
        region = .topMargin
        marginWithoutSide = true
      case "below", "under":
        region = .bottomMargin
        marginWithoutSide = true
      case "at":
        at = try tokens.position(example: "set key at 2, 0.5")
        region = nil
      case "left", "l":
        horizontal = .start
        sawHorizontal = true
      case "right", "r":
        horizontal = .end
        sawHorizontal = true
      case "top", "t":
        vertical = .start
        sawVertical = true
      case "bottom", "bot", "b":
        vertical = .end
        sawVertical = true
      case "center", "cent", "c": centred = true
      case "vertical", "vert", "v": horizontalStack = false
      case "horizontal", "horiz", "h": horizontalStack = true
      case "Left": rightJustified = false
      case "Right": rightJustified = true
      case "reverse", "rev": textFirst = false
      case "noreverse", "norev": textFirst = true
      case "invert", "inv": invert = true
      case "noinvert", "noinv": invert = false
      case "box", "bo":
        box = true
        try Self.skipLineOptions(&tokens)
      case "nobox", "nobo": box = false
      case "opaque", "opa":
        opaque = true
        if let f = tokens.current, f.text == "fc" || f.text == "fillcolor" {
          throw CommandError(
            .notSupported(what: "a fill colour of the key", hint: "set key opaque paints it white"),
            at: f.span)
        }
      case "noopaque", "noopa": opaque = false
      case "enhanced", "noenhanced", "enh", "noenh": break  // the text is written as typed
      case "samplen", "samp", "spacing", "spac", "width", "wid", "height", "hei":
        let name = String(word.prefix(4))
        numbers.append(
          (
            name,
            try tokens.expression(
              stopsAtComma: false, what: "a number after \(word), as in: set key \(word) 2")
          ))
      case "maxrows", "maxrow", "maxcols", "maxcol", "maxcolumns":
        let rows = word.hasPrefix("maxrow")
        if let a = tokens.current, a.text == "auto" {
          tokens.i += 1
          if rows { maxRowsAuto = true } else { maxColumnsAuto = true }
        } else {
          numbers.append(
            (
              rows ? "maxr" : "maxc",
              try tokens.expression(
                stopsAtComma: false, what: "a count after \(word), as in: set key \(word) 3")
            ))
        }
      case "notitle": title = ""
      case "title", "tit":
        if let s = tokens.current, s.kind == .string {
          title = StringExpression.unescaped(s.text)
          tokens.i += 1
        } else {
          title = ""
        }
        while let a = tokens.current, a.kind == .name,
          ["enhanced", "noenhanced", "left", "right", "center"]
            .contains(SetKey.gnuplotWord(a.text))
        {
          switch SetKey.gnuplotWord(a.text) {
          case "left": titleAlignment = .left
          case "right": titleAlignment = .right
          case "center": titleAlignment = .center
          default: break
          }
          tokens.i += 1
        }
      case "font":
        guard let s = tokens.current, s.kind == .string else {
          throw CommandError(
            .needs(word: "font", what: "a font in quotes, as in: font \",14\""), at: t.span)
        }
        tokens.i += 1
        let words = [
          Argument(source: Word(t.text, at: t.offset), isString: false),
          Argument(source: Word(s.text, at: s.offset), isString: true),
        ]
        let (read, _) = try FontOption.read(words, at: 0)
        if let read { scale = read }
      case "textcolor", "tc":
        textColor = try ColorWords.read(&tokens, keyword: t, allowsVariable: true)
      case "autotitle", "autotitles", "auto":
        // gnuplot's `set key autotitle [columnhead[er]]` (Session+ColumnHeaders.swift).
        autoTitle = .standard
        if let c = tokens.current, c.kind == .name, Session.isColumnHeaderWord(c.text) {
          tokens.i += 1
          autoTitle = .columnHeader
        }
      case "noautotitle", "noautotitles", "noauto": autoTitle = AutoTitle.none
      default:
        let known = SettingEntry.keyWords.filter { $0 != "tc" }
        throw CommandError(
          .notSupported(
            what: "'\(t.text)' in set key",
            hint: "set key takes " + known.joined(separator: ", ")),
          at: t.span)
      }
    }
    if centred {
      if !sawHorizontal { horizontal = .center }
      if !sawVertical { vertical = .center }
    }
    if marginWithoutSide, !sawHorizontal, !centred {
      horizontal = .center
      if horizontalStack == nil { horizontalStack = true }
    }
  }

  /// gnuplot 5.4's words of `set key`, each with `$` after its shortest form, in the order
  /// gnuplot tries them (the first that fits wins: `b` and `bo` are `bottom`, `box` is
  /// `box`, `h` is `height`). Source: the table `set_key_tbl` of gnuplot's `src/tables.c`,
  /// read by `lookup_table` and `almost_equals`.
  static let gnuplotWords: [String] = [
    "def$ault", "on", "off", "t$op", "b$ottom", "l$eft", "r$ight", "c$enter", "ver$tical",
    "hor$izontal", "ov$er", "ab$ove", "u$nder", "be$low", "at", "ins$ide", "o$utside",
    "tm$argin", "bm$argin", "lm$argin", "rm$argin", "L$eft", "R$ight", "rev$erse",
    "norev$erse", "inv$ert", "noinv$ert", "enh$anced", "noenh$anced", "b$ox", "nob$ox",
    "sa$mplen", "sp$acing", "w$idth", "h$eight", "a$utotitles", "noa$utotitles", "ti$tle",
    "noti$tle", "font", "tc", "text$color", "maxcol$s", "maxcolu$mns", "maxrow$s", "opaque",
    "noopaque",
  ]

  /// The whole word of `set key` that `typed` abbreviates by gnuplot's table
  /// (`gnuplotWords`), or `typed` itself when it abbreviates none (graphcalc's own forms,
  /// such as `fixed`, are then read as they are).
  static func gnuplotWord(_ typed: String) -> String {
    for marked in gnuplotWords where SettingTable.abbreviates(typed, marked) {
      var whole = marked
      whole.removeAll { $0 == "$" }
      return whole
    }
    return typed
  }

  /// Skips a box's `lt N`, `lw N`, `lc ...`, `ls N`, `dt N` (the box is drawn in the
  /// legend's own look; a text canvas draws its cells).
  static func skipLineOptions(_ tokens: inout SetTokens) throws(CommandError) {
    while let t = tokens.current, t.kind == .name,
      ["lt", "linetype", "lw", "linewidth", "lc", "linecolor", "ls", "linestyle", "dt"]
        .contains(t.text)
    {
      tokens.i += 1
      if t.text == "lc" || t.text == "linecolor" {
        _ = try ColorWords.read(&tokens, keyword: t, allowsVariable: false)
      } else {
        guard let v = tokens.current, v.kind == .number || v.kind == .symbol else {
          throw CommandError(.needs(word: t.text, what: "a number"), at: tokens.span)
        }
        tokens.i += v.kind == .symbol ? 2 : 1
      }
    }
  }

  func run(in session: inout Session) throws(CommandError) -> Reply {
    var labels = session.labels
    if reset {
      labels.keyPlacement = .best
      labels.textScales.legend = 1
      labels.key = KeyOptions()
    }
    labels.showKey = show
    var key = labels.key
    if let at {
      key.region = .at(try at.evaluate(in: session, command: "set key at"))
    } else if let region {
      key.region = region
    }
    // The corner forms graphcalc had keep their old meaning (`set key top left`,
    // `set key outside`); `inside` alone goes back to the best corner.
    if let horizontal { key.horizontal = horizontal }
    if let vertical { key.vertical = vertical }
    if region == .inside, horizontal == nil, vertical == nil, at == nil,
      labels.keyPlacement == .outside
    {
      labels.keyPlacement = .best
      key.region = nil
    }
    if region == .outside, horizontal == nil, vertical == nil, key.horizontal == nil,
      key.vertical == nil
    {
      labels.keyPlacement = .outside
      key.region = nil
    }
    if key.region == .inside { key.region = nil }
    let old = labels.keyPlacement
    if key.horizontal != nil || key.vertical != nil {
      if key.region == nil, old != .outside {
        // Inside: the sides not given are the old corner's (top right by default); a
        // corner is the placement the plain legend draws.
        let h = key.horizontal ?? (old == .topLeft || old == .bottomLeft ? .start : .end)
        let v = key.vertical ?? (old == .bottomLeft || old == .bottomRight ? .end : .start)
        if h != .center, v != .center {
          labels.keyPlacement =
            v == .start
            ? (h == .start ? .topLeft : .topRight) : (h == .start ? .bottomLeft : .bottomRight)
          key.horizontal = nil
          key.vertical = nil
        } else {
          key.horizontal = h
          key.vertical = v
          labels.keyPlacement = .best
        }
      } else if key.region == nil {
        key.region = .outside
        labels.keyPlacement = .best
      }
    }
    if reset { labels.annotations.autoTitle = .standard }
    if let autoTitle { labels.annotations.autoTitle = autoTitle }
    if let horizontalStack { key.horizontalStack = horizontalStack }
    if let rightJustified { key.rightJustified = rightJustified }
    if let textFirst { key.textFirst = textFirst }
    if let invert { key.invert = invert }
    if let box { key.box = box }
    if let opaque { key.opaque = opaque }
    if let title { key.title = title }
    if let titleAlignment { key.titleAlignment = titleAlignment }
    if let scale { labels.textScales.legend = scale }
    if let textColor { key.textColor = textColor }
    if maxRowsAuto { key.maxRows = nil }
    if maxColumnsAuto { key.maxColumns = nil }
    for (name, value) in numbers {
      let v = try session.finiteNumbers([value], command: "set key")[0]
      switch name {
      case "samp":
        guard v >= 0 else {
          throw CommandError(.needs(word: "samplen", what: "a length from 0"), at: value.span)
        }
        key.sampleLength = v
      case "spac":
        guard v > 0 else {
          throw CommandError(.needs(word: "spacing", what: "a spacing above 0"), at: value.span)
        }
        key.spacing = v
      case "widt": key.widthIncrement = v
      case "heig": key.heightIncrement = v
      default:
        guard v >= 1, v == v.rounded(), v < 1e6 else {
          throw CommandError(
            .needs(word: name == "maxr" ? "maxrows" : "maxcols", what: "a whole count from 1"),
            at: value.span)
        }
        if name == "maxr" { key.maxRows = Int(v) } else { key.maxColumns = Int(v) }
      }
    }
    labels.key = key
    session.labels = labels
    return Reply()
  }

  /// The `show key` line, nil for the default.
  static func describe(_ labels: PlotLabels) -> String? {
    if !labels.showKey { return "key off" }
    let font = FontOption.listing(labels.textScales.legend)
    let key = labels.key
    var parts: [String] = []
    switch key.region {
    case nil: break
    case .inside: parts.append("inside")
    case .outside: parts.append("outside")
    case .leftMargin: parts.append("lmargin")
    case .rightMargin: parts.append("rmargin")
    case .topMargin: parts.append("tmargin")
    case .bottomMargin: parts.append("bmargin")
    case .at(let p): parts.append("at " + PositionWords.describe(p))
    }
    func side(_ s: KeyOptions.Side?, _ a: String, _ b: String) {
      switch s {
      case .start: parts.append(a)
      case .center: parts.append("center")
      case .end: parts.append(b)
      case nil: break
      }
    }
    if key.vertical == .center && key.horizontal == .center {
      parts.append("center")
    } else {
      side(key.vertical, "top", "bottom")
      side(key.horizontal, "left", "right")
    }
    if key.horizontalStack { parts.append("horizontal") }
    if key.rightJustified { parts.append("Right") }
    if key.textFirst { parts.append("noreverse") }
    if key.invert { parts.append("invert") }
    if let box = key.box { parts.append(box ? "box" : "nobox") }
    if !key.opaque { parts.append("noopaque") }
    if let s = key.sampleLength { parts.append("samplen \(NumberLabel.general(s))") }
    if key.spacing != 1 { parts.append("spacing \(NumberLabel.general(key.spacing))") }
    if key.widthIncrement != 0 { parts.append("width \(NumberLabel.general(key.widthIncrement))") }
    if key.heightIncrement != 0 {
      parts.append("height \(NumberLabel.general(key.heightIncrement))")
    }
    if let r = key.maxRows { parts.append("maxrows \(r)") }
    if let c = key.maxColumns { parts.append("maxcols \(c)") }
    if !key.title.isEmpty { parts.append("title \"\(key.title)\"") }
    switch key.textColor {
    case .standard: break
    case .variable: parts.append("textcolor variable")
    case .rgb(let c): parts.append("textcolor rgb \"\(c.hex)\"")
    }
    switch labels.annotations.autoTitle {
    case .standard: break
    case .columnHeader: parts.append("autotitle columnheader")
    case .none: parts.append("noautotitle")
    }
    let placement = labels.keyPlacement == .best ? [] : [labels.keyPlacement.rawValue]
    let all = placement + parts
    if all.isEmpty { return font.isEmpty ? nil : "key" + font }
    return "key " + all.joined(separator: " ") + font
  }
}
