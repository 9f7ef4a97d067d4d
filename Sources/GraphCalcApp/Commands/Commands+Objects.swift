import GraphView

// gnuplot's `set object` (`help set object`, `help rectangle`, `help circle`, `help ellipse`,
// `help polygon`): `set object [TAG] rectangle from X0,Y0 to|rto X1,Y1 | center|at X,Y size
// W,H`, `set object [TAG] circle at|center X,Y size R [arc [A:B]]`, `set object [TAG]
// ellipse at|center X,Y size W,H [angle DEG]`, `set object [TAG] polygon from X,Y to X,Y
// [to ...]`, each position in `first|graph|screen|character`, then `fc|fillcolor rgb
// "..."|lt N|bgnd`, `fs|fillstyle empty|solid D|transparent solid D|border [lc ...]|
// noborder`, `lw N`, `dt N`, `lc ...` (the border's), `front|back|behind|default`; `unset
// object [TAG]`, `show object`. As gnuplot's other settings they draw nothing: the next
// `plot` or `replot` shows them (PlotObjects.swift draws them).

extension SettingTable {
  /// The settings of Commands+Objects.swift.
  static let gnuplotObjects: [SettingEntry] = [.object]
}

extension SettingEntry {
  /// The shapes of `set object`.
  static let objectShapes = ["rectangle", "circle", "ellipse", "polygon"]

  /// The words of `set object` after the shape.
  static let objectWords: [String] = [
    "from", "to", "rto", "center", "centre", "at", "size", "arc", "angle", "fc", "fillcolor",
    "fs", "fillstyle", "empty", "solid", "transparent", "pattern", "border", "noborder", "lw",
    "linewidth", "dt", "dashtype", "lc", "linecolor", "lt", "linetype", "front", "back",
    "behind", "default", "clip", "noclip",
  ]

  /// `set object [TAG] SHAPE ...` (see the file's comment).
  static let object: SettingEntry = {
    var entry = SettingEntry(
      name: "object", aliases: ["obj"],
      usage: [
        "set object [TAG] rectangle from X0, Y0 to X1, Y1 | center X, Y size W, H [OPTIONS]",
        "set object [TAG] circle at X, Y size R [arc [A:B]] [OPTIONS]",
        "set object [TAG] ellipse at X, Y size W, H [angle DEG] [OPTIONS]",
        "set object [TAG] polygon from X, Y to X, Y [to ...] [OPTIONS]",
        "OPTIONS: [fc rgb \"COLOUR\"] [fs empty|solid D|transparent solid D] [border [lc ...]"
          + "|noborder] [lw N] [dt N] [front|back|behind]",
      ],
      keywords: objectShapes + objectWords,
      parse: { arguments throws(CommandError) in try SetObject(arguments.values) },
      listing: { session in
        let objects = session.labels.annotations.objects
        guard !objects.isEmpty else { return nil }
        return objects.keys.sorted().map { tag in
          "object \(tag) " + SetObject.describe(objects[tag]!)
        }.joined(separator: "\n")
      },
      unset: SetAnnotations { $0.objects = [:] })
    entry.unsetArguments = { arguments throws(CommandError) in
      try UnsetObject(arguments.values)
    }
    return entry
  }()
}

/// `unset object [TAG]`.
struct UnsetObject: SessionCommand {
  var tag: Word?

  init(_ arguments: CommandArguments) throws(CommandError) {
    let words = arguments.words
    tag = words.first?.word
    if words.count > 1 {
      throw CommandError(
        .notSupported(what: "'\(words[1].text)' after unset object", hint: "give one tag"),
        at: words[1].span)
    }
  }

  func run(in session: inout Session) throws(CommandError) -> Reply {
    guard let tag else {
      session.labels.annotations.objects = [:]
      return Reply()
    }
    session.labels.annotations.objects[try SetTextLabel.tag(tag, in: session)] = nil
    return Reply()
  }
}

/// `set object ...`, as written; the expressions are evaluated when it runs.
struct SetObject: SessionCommand {
  /// The shape's word.
  enum Kind: String, Sendable {
    case rectangle, circle, ellipse, polygon
  }
  var tag: Word?
  var kind: Kind?
  var kindWord: Word?
  var from: PositionWords?
  var corners: [(relative: Bool, at: PositionWords)] = []
  var center: PositionWords?
  var size: PositionWords?
  /// A circle's `size R`: its system and expression.
  var radius: (PlotCoordinate.System, Word)?
  var arc: (Word, Word)?
  var angle: Word?
  var fillColor: RGBColor??  // .some(nil): `bgnd`
  var fill: PlotObject.Fill?
  var border: Bool?
  var look = CurveLook()
  var lookGiven = false
  var layer: PlotObject.Layer?

  init(_ arguments: CommandArguments) throws(CommandError) {
    var tokens = SetTokens(arguments)
    let shapes = SettingEntry.objectShapes
    let words = Set(SettingEntry.objectWords)
    func shape(_ text: String) -> Kind? {
      // gnuplot's abbreviations: `rect`, `circ`, `ell`, `poly`.
      for (name, shortest) in [
        ("rectangle", "rect"), ("circle", "circ"), ("ellipse", "ell"), ("polygon", "poly"),
      ] where text.count >= shortest.count && name.hasPrefix(text) {
        return Kind(rawValue: name)
      }
      return nil
    }
    if let t = tokens.current, t.kind != .name || (shape(t.text) == nil && !words.contains(t.text))
    {
      tag = try tokens.expression(
        stopsAtComma: false, what: "a tag, as in: set object 1 rectangle from 0,0 to 1,1")
    }
    if let t = tokens.current, t.kind == .name, let k = shape(t.text) {
      kind = k
      kindWord = Word(t.text, at: t.offset)
      tokens.i += 1
    } else if let t = tokens.current, t.kind == .name, !words.contains(t.text) {
      let suggestion = Suggestions.nearest(to: t.text, among: shapes)
      throw CommandError(
        .notSupported(
          what: "the object type '\(t.text)'",
          hint: (suggestion.map { "did you mean '\($0)'? " } ?? "")
            + "objects are rectangle, circle, ellipse, polygon"),
        at: t.span)
    }
    while let t = tokens.current {
      if t.kind == .name,
        [
          "lc", "linecolor", "lt", "linetype", "lw", "linewidth", "dt",
          "dashtype", "ls", "linestyle",
        ].contains(t.text),
        try SettingEntry.readLookWord(&tokens, into: &look)
      {
        lookGiven = true
        continue
      }
      tokens.i += 1
      switch t.text {
      case "from":
        from = try tokens.position(example: "set object rectangle from 0, 0 to 1, 1")
      case "to", "rto":
        corners.append(
          (t.text == "rto", try tokens.position(example: "set object rectangle from 0, 0 to 1, 1")))
      case "center", "centre", "at":
        center = try tokens.position(example: "set object circle at 1, 2 size 0.5")
      case "size":
        if kind == .circle {
          var system = PlotCoordinate.System.first
          if let s = tokens.current, s.kind == .name, let named = SetTokens.systems[s.text] {
            system = named
            tokens.i += 1
          }
          let r = try tokens.expression(
            stopsAtComma: true, what: "a radius, as in: set object circle at 0,0 size 1")
          if let c = tokens.current, c.kind == .comma {
            throw CommandError(
              .notSupported(what: "a second size of a circle", hint: "a circle takes size R"),
              at: c.span)
          }
          radius = (system, r)
        } else {
          size = try tokens.position(example: "size 2, 1")
        }
      case "arc":
        guard let open = tokens.current, open.text == "[" else {
          throw CommandError(
            .needs(word: "arc", what: "[A:B] in degrees, as in: arc [0:90]"), at: t.span)
        }
        // `[A:B]`: the colon and the bracket at depth 1 split the two expressions.
        let start = tokens.i + 1
        var depth = 0
        var colon: Int? = nil
        var close: Int? = nil
        for k in tokens.i..<tokens.tokens.count {
          let c = tokens.tokens[k]
          if c.kind == .open { depth += 1 }
          if c.kind == .close { depth -= 1 }
          if depth == 1, c.kind == .colon, colon == nil { colon = k }
          if depth == 0 {
            close = k
            break
          }
        }
        guard let colon, let close, colon > start, close > colon + 1 else {
          throw CommandError(
            .needs(word: "arc", what: "[A:B] in degrees, as in: arc [0:90]"), at: open.span)
        }
        let a = tokens.word(start, colon)
        let b = tokens.word(colon + 1, close)
        tokens.i = close + 1
        arc = (a, b)
      case "angle":
        angle = try tokens.expression(
          stopsAtComma: false, what: "an angle in degrees, as in: angle 30")
      case "fc", "fillcolor":
        if let b = tokens.current, ["bgnd", "background"].contains(b.text) {
          tokens.i += 1
          fillColor = .some(nil)
          continue
        }
        switch try ColorWords.read(&tokens, keyword: t, allowsVariable: false) {
        case .rgb(let c): fillColor = .some(c)
        case .standard, .variable: fillColor = .some(nil)
        }
      case "fs", "fillstyle":
        try readFillStyle(&tokens)
      case "front": layer = .front
      case "back", "default": layer = .back
      case "behind": layer = .behind
      case "clip", "noclip": break  // objects are cut to the output
      default:
        let suggestion = Suggestions.nearest(
          to: t.text, among: SettingEntry.objectWords + SettingEntry.objectShapes)
        throw CommandError(
          .notSupported(
            what: "'\(t.text)' in set object",
            hint: (suggestion.map { "did you mean '\($0)'? " } ?? "")
              + "set object takes a tag, a shape, its positions, fc, fs, lw, dt, "
              + "front|back|behind"),
          at: t.span)
      }
    }
  }

  /// Reads gnuplot's fill style after `fs`: `empty`, `[transparent] solid [D]`, `border [lc
  /// ...]`, `noborder`, in any order.
  mutating func readFillStyle(_ tokens: inout SetTokens) throws(CommandError) {
    while let t = tokens.current, t.kind == .name {
      switch t.text {
      case "empty":
        tokens.i += 1
        fill = .empty
      case "transparent":
        tokens.i += 1
      case "solid":
        tokens.i += 1
        var density = 1.0
        if let n = tokens.current, n.kind == .number, let d = Double(n.text) {
          tokens.i += 1
          guard d >= 0, d <= 1 else {
            throw CommandError(.needs(word: "solid", what: "a density from 0 to 1"), at: n.span)
          }
          density = d
        }
        fill = .solid(density)
      case "pattern":
        throw CommandError(
          .notSupported(what: "fill patterns", hint: "fill with fs solid D or fs empty"),
          at: t.span)
      case "border":
        tokens.i += 1
        border = true
        if let c = tokens.current, ["lc", "linecolor", "lt", "linetype"].contains(c.text),
          try SettingEntry.readLookWord(&tokens, into: &look)
        {
          lookGiven = true
        }
      case "noborder":
        tokens.i += 1
        border = false
      default: return
      }
    }
  }

  /// The object as `show object` writes it.
  static func describe(_ o: PlotObject) -> String {
    var line: String
    func n(_ v: Double) -> String { NumberLabel.general(v) }
    func length(_ c: PlotCoordinate) -> String {
      (c.system == .first ? "" : c.system.rawValue + " ") + n(c.value)
    }
    switch o.shape {
    case .rectangle(let a, let b):
      line = "rectangle from \(PositionWords.describe(a)) to \(PositionWords.describe(b))"
    case .centeredRectangle(let c, let w, let h):
      line = "rectangle center \(PositionWords.describe(c)) size \(length(w)), \(length(h))"
    case .circle(let c, let r, let arc):
      line = "circle at \(PositionWords.describe(c)) size \(length(r))"
      if arc != 0...360 { line += " arc [\(n(arc.lowerBound)):\(n(arc.upperBound))]" }
    case .ellipse(let c, let w, let h, let angle):
      line = "ellipse at \(PositionWords.describe(c)) size \(length(w)), \(length(h))"
      if angle != 0 { line += " angle \(n(angle))" }
    case .polygon(let vertices):
      line =
        "polygon from "
        + vertices.map(PositionWords.describe).joined(separator: " to ")
    }
    line += " " + o.layer.rawValue
    if let c = o.fillColor { line += " fc rgb \"\(c.hex)\"" }
    switch o.fill {
    case .empty: line += " fs empty"
    case .solid(let d): line += " fs solid \(n(d))"
    }
    line += o.border ? " border" : " noborder"
    return line
  }

  func run(in session: inout Session) throws(CommandError) -> Reply {
    let command = "set object"
    var objects = session.labels.annotations.objects
    let n =
      try tag.map { w throws(CommandError) in try SetTextLabel.tag(w, in: session) }
      ?? PlotAnnotations.nextTag(objects)
    let old = objects[n]
    func position(_ p: PositionWords) throws(CommandError) -> PlotPosition {
      try p.evaluate(in: session, command: command)
    }
    func number(_ w: Word) throws(CommandError) -> Double {
      try session.finiteNumbers([w], command: command)[0]
    }
    func lengths(_ p: PositionWords) throws(CommandError) -> (PlotCoordinate, PlotCoordinate) {
      let v = try session.finiteNumbers([p.x, p.y], command: command)
      return (PlotCoordinate(p.xSystem, v[0]), PlotCoordinate(p.ySystem, v[1]))
    }
    let kind =
      self.kind
      ?? old.map { o -> Kind in
        switch o.shape {
        case .rectangle, .centeredRectangle: return .rectangle
        case .circle: return .circle
        case .ellipse: return .ellipse
        case .polygon: return .polygon
        }
      } ?? .rectangle
    let origin = PlotPosition(x: PlotCoordinate(.first, 0), y: PlotCoordinate(.first, 0))
    let unit = PlotCoordinate(.first, 1)
    let shape: PlotObject.Shape
    switch kind {
    case .rectangle:
      if let center {
        var (w, h) = (unit, unit)
        if case .centeredRectangle(_, let ow, let oh)? = old?.shape { (w, h) = (ow, oh) }
        if let size { (w, h) = try lengths(size) }
        shape = .centeredRectangle(center: try position(center), width: w, height: h)
      } else if let from, let corner = corners.first {
        let a = try position(from)
        var b = try position(corner.at)
        if corner.relative {
          b.x = PlotCoordinate(a.x.system, a.x.value + b.x.value)
          b.y = PlotCoordinate(a.y.system, a.y.value + b.y.value)
        }
        shape = .rectangle(from: a, to: b)
      } else if let old, self.kind == nil || old.isRectangle, from == nil, corners.isEmpty,
        size == nil
      {
        shape = old.shape
      } else {
        throw CommandError(
          .needs(
            word: "set object rectangle",
            what: "from X0,Y0 to X1,Y1 or center X,Y size W,H"),
          at: kindWord?.span ?? arguments(spanOf: tag))
      }
    case .circle:
      var c = origin
      var r = unit
      var range = 0.0...360.0
      if case .circle(let oc, let or, let oa)? = old?.shape { (c, r, range) = (oc, or, oa) }
      if let center { c = try position(center) }
      if let radius { r = PlotCoordinate(radius.0, try number(radius.1)) }
      if let arc {
        let a = try number(arc.0)
        var b = try number(arc.1)
        while b < a { b += 360 }
        range = a...min(b, a + 360)
      }
      shape = .circle(center: c, radius: r, arc: range)
    case .ellipse:
      var c = origin
      var (w, h) = (unit, unit)
      var turn = 0.0
      if case .ellipse(let oc, let ow, let oh, let oa)? = old?.shape {
        (c, w, h, turn) = (oc, ow, oh, oa)
      }
      if let center { c = try position(center) }
      if let size { (w, h) = try lengths(size) }
      if let angle { turn = try number(angle) }
      shape = .ellipse(center: c, width: w, height: h, angle: turn)
    case .polygon:
      if let from {
        var vertices = [try position(from)]
        for corner in corners {
          var p = try position(corner.at)
          if corner.relative, let last = vertices.last {
            p.x = PlotCoordinate(last.x.system, last.x.value + p.x.value)
            p.y = PlotCoordinate(last.y.system, last.y.value + p.y.value)
          }
          vertices.append(p)
        }
        guard vertices.count >= 3 else {
          throw CommandError(
            .needs(
              word: "set object polygon", what: "three vertices or more: from X,Y to X,Y to X,Y"),
            at: kindWord?.span ?? arguments(spanOf: tag))
        }
        shape = .polygon(vertices)
      } else if case .polygon? = old?.shape, let old {
        shape = old.shape
      } else {
        throw CommandError(
          .needs(word: "set object polygon", what: "from X,Y to X,Y to X,Y"),
          at: kindWord?.span ?? arguments(spanOf: tag))
      }
    }
    var object: PlotObject
    if let old, (old.isRectangle) == (kind == .rectangle) {
      object = old
      object.shape = shape
    } else if kind == .rectangle {
      object = session.labels.annotations.rectangleStyle  // `set style rectangle`
      object.shape = shape
    } else {
      object = PlotObject(shape: shape)
    }
    if let fillColor { object.fillColor = fillColor }
    if let fill { object.fill = fill }
    if let border { object.border = border }
    if lookGiven { object.borderLook = look }
    if let layer { object.layer = layer }
    objects[n] = object
    session.labels.annotations.objects = objects
    return Reply()
  }

  /// Where an error about the whole command points: the tag, or nowhere.
  func arguments(spanOf tag: Word?) -> Range<Int>? { tag?.span }
}

/// `set style rectangle [fc ...] [fs ...] [border ...|noborder] [lw N] [dt N]
/// [front|back|behind]`: what `set object N rectangle` starts from (gnuplot's `help set
/// style rectangle`; `unset style rectangle` is not needed: `set style rectangle back fc
/// bgnd fs solid 1 border` is the default again).
struct SetRectangleStyle: SessionCommand {
  /// The options, read as `set object` reads them.
  var options: SetObject

  /// - Throws: `CommandError` at a word `set object` does not take, or at a shape or
  ///   position (a style has none).
  init(_ arguments: CommandArguments) throws(CommandError) {
    options = try SetObject(arguments)
    if options.tag != nil || options.kind != nil || options.from != nil
      || !options.corners.isEmpty || options.center != nil || options.size != nil
    {
      throw CommandError(
        .notSupported(
          what: "a shape or position in set style rectangle",
          hint: "it takes fc, fs, border, lw, dt and front|back|behind"),
        at: arguments.text.span)
    }
  }

  func run(in session: inout Session) throws(CommandError) -> Reply {
    var style = session.labels.annotations.rectangleStyle
    if let fillColor = options.fillColor { style.fillColor = fillColor }
    if let fill = options.fill { style.fill = fill }
    if let border = options.border { style.border = border }
    if options.lookGiven { style.borderLook = options.look }
    if let layer = options.layer { style.layer = layer }
    session.labels.annotations.rectangleStyle = style
    return Reply()
  }
}
