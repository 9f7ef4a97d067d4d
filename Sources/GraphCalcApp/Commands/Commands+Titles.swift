import GraphView
import TextAndNumbers

// gnuplot's `set title`, `set xlabel` and `set ylabel` with their options in any order
// (`help set title`, `help set xlabel`): a text (in quotes, or a string expression:
// `"n = ".n`, `sprintf("%d", n)`, a string variable), `offset [character] DX[,DY[,DZ]]`,
// `font "NAME,SIZE"`, `textcolor|tc COLOUR|default`, `boxed`, `{no}enhanced` and, for the
// labels, `rotate [by DEG|parallel]|norotate`. As in gnuplot, each option given changes only
// itself: `set title offset 0,-1` keeps the text, a later `set title "b"` keeps the offset.
// The rotations are read and not drawn (graphcalc writes the axis labels level, as a text
// canvas must); the text is evaluated when `set` runs, as gnuplot evaluates it.

/// `set title|xlabel|ylabel ...` as written.
struct SetPlotText: SessionCommand {
  /// The setting's name (`title`, `xlabel`, `ylabel`), for messages.
  var name: String
  /// The text the setting changes.
  var field: WritableKeyPath<PlotLabels, String> & Sendable
  /// Its size.
  var font: WritableKeyPath<PlotLayout.TextScales, Double> & Sendable
  /// Its offset, colour and box.
  var place: WritableKeyPath<PlotLayout.TextPlacements, PlotLayout.TextPlacement> & Sendable
  /// The text's tokens (one string, or a string expression), nil when not given.
  var text: CommandArguments?
  /// Whether nothing was given (`set title` alone clears the title).
  var clears = false
  /// The size given by `font`.
  var scale: Double?
  /// The offset's expressions (x, then y when given).
  var offset: (Word, Word?)?
  /// The colour given by `tc`: `.standard` for `default`.
  var color: KeyOptions.TextColor?
  /// Whether `boxed` was given.
  var boxed: Bool?

  /// The words that end the text and start an option.
  static let optionWords: Set<String> = [
    "offset", "off", "font", "textcolor", "tc", "boxed", "noboxed", "enhanced", "noenhanced",
    "enh", "noenh", "rotate", "norotate",
  ]

  init(
    _ arguments: CommandArguments, name: String,
    field: WritableKeyPath<PlotLabels, String> & Sendable,
    font: WritableKeyPath<PlotLayout.TextScales, Double> & Sendable,
    place: WritableKeyPath<PlotLayout.TextPlacements, PlotLayout.TextPlacement> & Sendable
  ) throws(CommandError) {
    self.name = name
    self.field = field
    self.font = font
    self.place = place
    clears = arguments.isEmpty
    var tokens = SetTokens(arguments)
    if let first = tokens.current, first.kind != .name || !Self.optionWords.contains(first.text) {
      // The text: up to the first name after a blank, outside brackets, that is an option
      // word or follows no operator (a blank does not join: `"a" bogus` names `bogus`).
      var depth = 0
      var end = 0
      while end < tokens.tokens.count {
        let t = tokens.tokens[end]
        if depth == 0, end > 0, t.kind == .name, t.spaceBefore,
          Self.optionWords.contains(t.text)
            || (![.symbol, .comma, .open].contains(tokens.tokens[end - 1].kind)
              && t.text != "eq" && t.text != "ne")
        {
          break
        }
        if t.kind == .open { depth += 1 }
        if t.kind == .close { depth = max(0, depth - 1) }
        end += 1
      }
      let base = arguments.range.lowerBound
      text = CommandArguments(
        line: arguments.line, range: base..<(base + end), start: first.offset)
      tokens.i = end
    }
    while let t = tokens.current {
      tokens.i += 1
      switch t.text {
      case "offset", "off":
        offset = try Self.readOffset(&tokens, keyword: t)
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
        if let read = try FontOption.read(words, at: 0).0 { scale = read }
      case "textcolor", "tc":
        color = try ColorWords.read(&tokens, keyword: t, allowsVariable: false)
      case "boxed": boxed = true
      case "noboxed": boxed = false
      case "enhanced", "noenhanced", "enh", "noenh", "norotate": break
      case "rotate":
        // Read, not drawn: the axis labels are written level (see the file's comment).
        if let next = tokens.current, next.text == "parallel" {
          tokens.i += 1
        } else if let next = tokens.current, next.text == "by" {
          tokens.i += 1
          _ = try tokens.expression(
            stopsAtComma: false, what: "an angle in degrees, as in: rotate by 45")
        }
      default:
        throw CommandError(
          .notSupported(
            what: "'\(t.text)' after set \(name)",
            hint:
              "set \(name) takes a text, offset DX,DY, font \"NAME,SIZE\", tc rgb \"COLOUR\","
              + " boxed"),
          at: t.span)
      }
    }
  }

  /// Reads `[character] DX[, [character] DY[, DZ]]` after `offset` (a z offset, splot's, is
  /// read and not used). gnuplot's default system for these offsets is `character`.
  ///
  /// - Throws: `CommandError` at a system other than `character` (graph, screen, first:
  ///   offsets here are in characters) or where no expression is.
  static func readOffset(
    _ tokens: inout SetTokens, keyword: CommandToken
  ) throws(CommandError) -> (Word, Word?) {
    func system() throws(CommandError) {
      guard let t = tokens.current, t.kind == .name,
        SetTokens.systems[t.text] != nil || t.text == "second"
      else { return }
      guard SetTokens.systems[t.text] == .character else {
        throw CommandError(
          .notSupported(
            what: "an offset in \(t.text) units",
            hint: "offsets of titles and axis labels are in characters: offset 0,-1"),
          at: t.span)
      }
      tokens.i += 1
    }
    try system()
    let x = try tokens.expression(
      stopsAtComma: true, what: "an offset in characters, as in: offset 0,-1")
    guard let comma = tokens.current, comma.kind == .comma else { return (x, nil) }
    _ = comma
    tokens.i += 1
    try system()
    let y = try tokens.expression(
      stopsAtComma: true, what: "the y offset, as in: offset 0,-1")
    if let c = tokens.current, c.kind == .comma {
      tokens.i += 1
      _ = try tokens.expression(stopsAtComma: true, what: "the z offset, as in: offset 0,-1,0")
    }
    return (x, y)
  }

  func run(in session: inout Session) throws(CommandError) -> Reply {
    if clears {
      session.labels[keyPath: field] = ""
      return Reply()
    }
    var value: String? = nil
    if let text {
      value = try Self.evaluate(text, in: session, name: name)
    }
    var placement = session.labels.textPlacements[keyPath: place]
    if let offset {
      let words = [offset.0] + (offset.1.map { [$0] } ?? [])
      let v = try session.finiteNumbers(words, command: "set \(name)")
      for (w, x) in zip(words, v) where abs(x) > 1000 {
        throw CommandError(
          .needs(word: "offset", what: "characters from -1000 to 1000"), at: w.span)
      }
      placement.offsetX = v[0]
      placement.offsetY = v.count > 1 ? v[1] : 0
    }
    switch color {
    case nil: break
    case .standard, .variable: placement.color = nil
    case .rgb(let c): placement.color = c
    }
    if let boxed { placement.boxed = boxed }
    if let value { session.labels[keyPath: field] = value }
    if let scale { session.labels.textScales[keyPath: font] = scale }
    session.labels.textPlacements[keyPath: place] = placement
    return Reply()
  }

  /// The text of `text`: one string as typed (gnuplot's escapes in double quotes), or the
  /// value of a string expression (`"a".x`, `sprintf(...)`, a string variable).
  ///
  /// - Throws: `CommandError` at the text when it is no string expression, or the
  ///   expression's own error.
  static func evaluate(
    _ text: CommandArguments, in session: Session, name: String
  ) throws(CommandError) -> String {
    let tokens = text.tokens
    if tokens.count == 1, let only = tokens.first, only.kind == .string {
      return StringExpression.unescaped(only.text)
    }
    guard StringExpression.starts(text.line, text.range, session: session) else {
      throw CommandError(
        .needs(
          word: "set \(name)",
          what: "a text in quotes or a string expression, as in: set \(name) \"Rainfall\""),
        at: text.text.span)
    }
    var reader = StringExpression(text.line, text.range, session: session)
    return try reader.value().text(session)
  }

  /// The options a listing (`set` alone) writes after the text: ` offset DX,DY`, ` tc rgb
  /// "#rrggbb"`, ` boxed`; "" for the default placement.
  static func listing(_ p: PlotLayout.TextPlacement) -> String {
    var s = ""
    if p.offsetX != 0 || p.offsetY != 0 {
      s += " offset \(NumberLabel.general(p.offsetX)),\(NumberLabel.general(p.offsetY))"
    }
    if let c = p.color { s += " tc rgb \"\(c.hex)\"" }
    if p.boxed { s += " boxed" }
    return s
  }
}
