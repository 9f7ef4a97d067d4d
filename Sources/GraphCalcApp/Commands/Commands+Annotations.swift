import GraphView

// gnuplot's settings that put things on a plot besides the curves, and the defaults of the
// items (`help set label`, `help set arrow`, `help set zeroaxis`, `help set mxtics`,
// `help set bars`, `help set pointsize`, `help set style data`):
// `set label [TAG] "TEXT" at X,Y [left|center|right] [rotate [by N]|norotate] [font ...]
// [tc ...] [point [pt N] [ps S]|nopoint] [front|back] [offset X,Y]`, `unset label [TAG]`,
// `set arrow [TAG] from X,Y to|rto X,Y [nohead|head|backhead|heads] [lc|lt|lw|dt ...]
// [front|back]`, `unset arrow [TAG]`, `set xzeroaxis|yzeroaxis|zeroaxis [lt|lc|lw|dt ...]`,
// `set mxtics|mytics [N]`, `set bars small|large|fullwidth|SIZE`, `set pointsize N`, `set
// style data|function STYLE`. As gnuplot's other settings they draw nothing: the next
// `plot` or `replot` shows them.

/// What gnuplot's `set label`, `set arrow`, zero axes, tick styles, `set bars`, `set
/// pointsize` and `set style data|function` set.
public struct PlotAnnotations: Sendable, Hashable {
  /// The labels by tag (`set label N`).
  public var labels: [Int: PlotTextLabel] = [:]
  /// The arrows by tag (`set arrow N`).
  public var arrows: [Int: PlotArrow] = [:]
  /// The shapes by tag (`set object N`; Commands+Objects.swift).
  public var objects: [Int: PlotObject] = [:]
  /// What a new rectangle starts from (`set style rectangle`): gnuplot's default rectangle
  /// (`PlotObject.rectangle`) with the options given; its shape is not used.
  public var rectangleStyle = PlotObject.rectangle(
    .polygon([]))
  /// The line y = 0 (`set xzeroaxis`); graphcalc draws it by default.
  public var xZeroAxis = ZeroAxis()
  /// The line x = 0 (`set yzeroaxis`).
  public var yZeroAxis = ZeroAxis()
  /// The x tick labels' angle, offset, direction and length (`set xtics rotate ...`).
  public var xTickStyle = TickLabelStyle()
  /// The y tick labels' angle, offset, direction and length.
  public var yTickStyle = TickLabelStyle()
  /// Minor x ticks: intervals between major ticks (`set mxtics N`), nil for none.
  public var minorX: Int?
  /// Minor y ticks (`set mytics N`).
  public var minorY: Int?
  /// The error bars' caps as a multiple of the default (`set bars`).
  public var errorBarScale = 1.0
  /// The points' size for items without `ps` (`set pointsize N`), nil for 1.
  public var pointSize: Double?
  /// The style of data items without `with` (`set style data STYLE`), nil for the default.
  public var dataStyle: CurveMarks?
  /// Whether that style is gnuplot's `histograms` (`set style data histograms`; `dataStyle`
  /// is then `.boxes`).
  public var dataHistograms = false
  /// The style of function items without `with` (`set style function STYLE`).
  public var functionStyle: CurveMarks?
  /// The frame's line (`set border ... lw 2 lc rgb "red"`); all nil: the output's frame.
  public var borderLook = CurveLook()
  /// The user's line styles and line types (`set style line`, `set linetype`:
  /// Session+LineStyles.swift).
  public var lines = LineStyleTables()
  /// How data items without `title` are titled (`set key autotitle columnhead`, `set key
  /// noautotitle`: Session+ColumnHeaders.swift).
  public var autoTitle = AutoTitle.standard

  /// None of them: graphcalc's plots as before.
  public init() {}

  /// Puts them into the layout's options.
  func apply(to options: inout PlotLayout.Options) {
    options.textLabels = labels.keys.sorted().compactMap { labels[$0] }
    options.arrows = arrows.keys.sorted().compactMap { arrows[$0] }
    options.objects = objects.keys.sorted().compactMap { objects[$0] }
    for i in options.objects.indices {  // `lt N` and `ls N` of the borders
      options.objects[i].borderLook = lines.resolved(options.objects[i].borderLook, curve: nil)
    }
    options.xZeroAxis = xZeroAxis
    options.yZeroAxis = yZeroAxis
    options.xTickStyle = xTickStyle
    options.yTickStyle = yTickStyle
    options.errorBarScale = errorBarScale
    options.borderLook = borderLook
    // `ls N` and `lt N` of the arrows, the border and the zero axes.
    for i in options.arrows.indices {
      options.arrows[i].look = lines.resolved(options.arrows[i].look, curve: nil)
    }
    options.xZeroAxis.look = lines.resolved(xZeroAxis.look, curve: nil)
    options.yZeroAxis.look = lines.resolved(yZeroAxis.look, curve: nil)
    options.borderLook = lines.resolved(borderLook, curve: nil)
  }

  /// The next free tag: one more than the largest (gnuplot's rule), 1 when none.
  static func nextTag<T>(_ items: [Int: T]) -> Int { (items.keys.max() ?? 0) + 1 }

  /// Minor ticks between the major `ticks` (plot units), `n` intervals each (`set mxtics
  /// N`), and before the first and after the last within `range`.
  static func minorTicks(_ ticks: [Tick], intervals n: Int, range: ClosedRange<Double>)
    -> [Tick]
  {
    let major = ticks.filter { !$0.isMinor }.map(\.value).sorted()
    guard n >= 2, major.count >= 2 else { return [] }
    let step = (major[1] - major[0])
    guard step > 0, step.isFinite else { return [] }
    var out: [Tick] = []
    var k = ((range.lowerBound - major[0]) / step).rounded(.down)
    let last = ((range.upperBound - major[0]) / step).rounded(.up)
    guard last - k < 10_000 else { return [] }
    while k <= last {
      let base = major[0] + k * step
      for j in 1..<n {
        let v = base + step * Double(j) / Double(n)
        if range.contains(v) { out.append(Tick(value: v, label: "", isMinor: true)) }
      }
      k += 1
    }
    return out
  }
}

extension SettingTable {
  /// The settings of Commands+Annotations.swift.
  static let gnuplotAnnotations: [SettingEntry] = [
    .label, .arrow, .zeroAxis(name: "xzeroaxis", x: true, y: false),
    .zeroAxis(name: "yzeroaxis", x: false, y: true), .zeroAxis(name: "zeroaxis", x: true, y: true),
    .minorTics(name: "mxtics", x: true), .minorTics(name: "mytics", x: false), .bars, .pointSize,
  ]
}

/// A command that changes the session's annotations (Commands+Annotations.swift).
struct SetAnnotations: SessionCommand {
  var change: @Sendable (inout PlotAnnotations) -> Void

  func run(in session: inout Session) throws(CommandError) -> Reply {
    change(&session.labels.annotations)
    return Reply()
  }
}

extension SettingEntry {
  /// The words of `set label`.
  static let labelWords: [String] = [
    "at", "left", "center", "centre", "right", "rotate", "norotate", "by", "font", "textcolor",
    "tc", "point", "nopoint", "pt", "ps", "front", "back", "offset", "enhanced", "noenhanced",
  ]

  /// `set label [TAG] "TEXT" at X,Y ...` (see the file's comment).
  static let label: SettingEntry = {
    var entry = SettingEntry(
      name: "label", aliases: ["lab"],
      usage: [
        "set label [TAG] \"TEXT\" at [first|graph|screen|character] X, Y [left|center|right]"
          + " [rotate [by DEG]|norotate] [font \"NAME,SIZE\"] [tc rgb \"COLOUR\"]"
          + " [point [pt N] [ps S]|nopoint] [front|back] [offset X,Y]"
      ],
      keywords: labelWords,
      parse: { arguments throws(CommandError) in try SetTextLabel(arguments.values) },
      listing: { session in
        let labels = session.labels.annotations.labels
        guard !labels.isEmpty else { return nil }
        return labels.keys.sorted().map { tag in
          let l = labels[tag]!
          var line = "label \(tag) \"\(l.text)\" at \(PositionWords.describe(l.position))"
          switch l.justification {
          case .left: break
          case .center: line += " center"
          case .right: line += " right"
          }
          if l.rotation != 0 { line += " rotate by \(NumberLabel.general(l.rotation))" }
          if let pt = l.pointType { line += " point pt \(pt)" }
          if l.front { line += " front" }
          if l.offsetX != 0 || l.offsetY != 0 {
            line += " offset \(NumberLabel.general(l.offsetX)), \(NumberLabel.general(l.offsetY))"
          }
          return line
        }.joined(separator: "\n")
      },
      unset: SetAnnotations { $0.labels = [:] })
    entry.unsetArguments = { arguments throws(CommandError) in
      try UnsetTagged(arguments.values, kind: "label")
    }
    return entry
  }()

  /// The words of `set arrow`.
  static let arrowWords: [String] = [
    "from", "to", "rto", "nohead", "head", "backhead", "heads", "lc", "linecolor", "lt",
    "linetype", "lw", "linewidth", "dt", "dashtype", "ls", "linestyle", "front", "back",
    "filled", "empty", "nofilled", "noborder",
  ]

  /// `set arrow [TAG] from X,Y to|rto X,Y ...` (see the file's comment).
  static let arrow: SettingEntry = {
    var entry = SettingEntry(
      name: "arrow", aliases: ["arr"],
      usage: [
        "set arrow [TAG] from X, Y to|rto X, Y [nohead|head|backhead|heads]"
          + " [lc rgb \"COLOUR\"] [lw N] [dt N] [front|back]"
      ],
      keywords: arrowWords,
      parse: { arguments throws(CommandError) in try SetArrow(arguments.values) },
      listing: { session in
        let arrows = session.labels.annotations.arrows
        guard !arrows.isEmpty else { return nil }
        return arrows.keys.sorted().map { tag in
          let a = arrows[tag]!
          return "arrow \(tag) from \(PositionWords.describe(a.from)) to "
            + PositionWords.describe(a.to) + " " + a.heads.rawValue + (a.front ? " front" : "")
        }.joined(separator: "\n")
      },
      unset: SetAnnotations { $0.arrows = [:] })
    entry.unsetArguments = { arguments throws(CommandError) in
      try UnsetTagged(arguments.values, kind: "arrow")
    }
    return entry
  }()

  /// `set xzeroaxis|yzeroaxis|zeroaxis [lt N] [lc ...] [lw N] [dt N]`: the zero axes
  /// (graphcalc draws them by default; `unset` leaves them out).
  static func zeroAxis(name: String, x: Bool, y: Bool) -> SettingEntry {
    SettingEntry(
      name: name, usage: ["set \(name) [lt N] [lc rgb \"COLOUR\"] [lw N] [dt N]"],
      keywords: [
        "lt", "linetype", "lc", "linecolor", "lw", "linewidth", "dt", "dashtype", "ls",
        "linestyle",
      ],
      parse: { arguments throws(CommandError) in
        let look = try readLineLook(arguments.values, command: "set \(name)")
        return SetAnnotations { a in
          if x { a.xZeroAxis = ZeroAxis(shown: true, look: look) }
          if y { a.yZeroAxis = ZeroAxis(shown: true, look: look) }
        }
      },
      listing: { session in
        let a = session.labels.annotations
        if name == "zeroaxis" { return nil }
        let axis = x ? a.xZeroAxis : a.yZeroAxis
        if axis == ZeroAxis() { return nil }
        return axis.shown ? name : "\(name) off"
      },
      unset: SetAnnotations { a in
        if x { a.xZeroAxis = ZeroAxis(shown: false) }
        if y { a.yZeroAxis = ZeroAxis(shown: false) }
      })
  }

  /// Reads `lt N`, `lc ...`, `lw N`, `dt N`, `ls N` into a look (`lt` and `ls` are
  /// references the session resolves at drawing: `LineStyleTables.resolved`).
  ///
  /// - Throws: `CommandError` at a word that is none of these or a bad value.
  static func readLineLook(_ arguments: CommandArguments, command: String) throws(CommandError)
    -> CurveLook
  {
    var tokens = SetTokens(arguments)
    var look = CurveLook()
    while !tokens.atEnd {
      guard try readLookWord(&tokens, into: &look) else {
        let t = tokens.current!
        throw CommandError(
          .notSupported(
            what: "'\(t.text)' in \(command)", hint: "\(command) takes lt, lc, lw, dt and ls"),
          at: t.span)
      }
    }
    return look
  }

  /// Reads one of `lt N`, `lc ...`, `lw N`, `dt N`, `ls N` at the cursor into `look`.
  ///
  /// - Returns: Whether the word was one of them (nothing is read when not).
  /// - Throws: `CommandError` at a bad value.
  static func readLookWord(_ tokens: inout SetTokens, into look: inout CurveLook)
    throws(CommandError) -> Bool
  {
    guard let t = tokens.current, t.kind == .name else { return false }
    func number(_ what: String) throws(CommandError) -> Double {
      tokens.i += 1
      var sign = 1.0
      if let m = tokens.current, m.kind == .symbol, m.text == "-" {
        sign = -1
        tokens.i += 1
      }
      guard let v = tokens.current, v.kind == .number, let d = Double(v.text) else {
        throw CommandError(.needs(word: t.text, what: what), at: tokens.span)
      }
      tokens.i += 1
      return sign * d
    }
    switch t.text {
    case "lt", "linetype":
      let v = try number("a line type, as in: lt 2")
      // gnuplot's lt -1 is the border's look, 0 a dotted grid line.
      if v == -1 {
        look.color = RGBColor(0x000000)
      } else if v == 0 {
        look.dashType = 3
      } else if v >= 1, v == v.rounded(), v < 1e6 {
        look.colorIndex = Int(v)
        look.lineType = Int(v)
      } else {
        throw CommandError(.needs(word: t.text, what: "a line type from -1"), at: t.span)
      }
    case "lw", "linewidth":
      let v = try number("a width above 0, as in: lw 2")
      guard v > 0, v <= 100 else {
        throw CommandError(.needs(word: t.text, what: "a width above 0"), at: t.span)
      }
      look.lineWidth = v
    case "dt", "dashtype":
      let v = try number("a dash type from 1, as in: dt 2")
      // gnuplot takes `dt 0` too (polar.dem's `set grid polar 15. lt -1 dt 0 lw 0.5`), and
      // shows it as its `lt 0`: the dotted grid line.
      guard v >= 0, v == v.rounded(), v < 1e6 else {
        throw CommandError(.needs(word: t.text, what: "a dash type from 0"), at: t.span)
      }
      look.dashType = v == 0 ? 3 : Int(v)
    case "lc", "linecolor":
      tokens.i += 1
      switch try ColorWords.read(&tokens, keyword: t, allowsVariable: false) {
      case .rgb(let c): look.color = c
      case .standard, .variable: look.color = nil
      }
    case "ls", "linestyle":
      let v = try number("a line style from 1, as in: ls 2")
      guard v >= 1, v == v.rounded(), v < 1e6 else {
        throw CommandError(.needs(word: t.text, what: "a line style from 1"), at: t.span)
      }
      look.lineStyle = Int(v)
    default: return false
    }
    return true
  }

  /// `set mxtics|mytics [N]`: N intervals between major ticks (no N: 5, gnuplot's default
  /// for linear axes), `unset` none.
  static func minorTics(name: String, x: Bool) -> SettingEntry {
    SettingEntry(
      name: name, usage: ["set \(name) [N]"], keywords: ["default"],
      parse: { arguments throws(CommandError) in
        let words = arguments.values.words
        let value = words.first.flatMap { $0.text == "default" ? nil : $0.word }
        if words.count > 1 {
          throw CommandError(
            .notSupported(
              what: "'\(words[1].text)' after set \(name)", hint: "set \(name) takes N"),
            at: words[1].span)
        }
        return SetMinorTics(x: x, count: value, name: name)
      },
      listing: { session in
        let a = session.labels.annotations
        return (x ? a.minorX : a.minorY).map { "\(name) \($0)" }
      },
      unset: SetAnnotations { a in
        if x { a.minorX = nil } else { a.minorY = nil }
      })
  }

  /// `set bars small|large|fullwidth|SIZE [front|back]`: the error bars' caps (small 0,
  /// large 1, gnuplot's default; fullwidth is drawn as large: graphcalc has no histogram
  /// error bars to widen).
  static let bars = SettingEntry(
    name: "bars", usage: ["set bars small|large|fullwidth|SIZE"],
    keywords: ["small", "large", "fullwidth", "front", "back"],
    parse: { arguments throws(CommandError) in
      var size: Word? = nil
      var scale: Double? = 1
      for word in arguments.values.words {
        switch word.text {
        case "small": scale = 0
        case "large", "fullwidth": scale = 1
        case "front", "back": break
        default:
          scale = nil
          size = word.word
        }
      }
      return SetBars(scale: scale, size: size)
    },
    listing: { session in
      let s = session.labels.annotations.errorBarScale
      return s == 1 ? nil : "bars \(NumberLabel.general(s))"
    },
    unset: SetAnnotations { $0.errorBarScale = 0 })

  /// `set pointsize N`: the points' size of items without `ps`.
  static let pointSize = SettingEntry(
    name: "pointsize", aliases: ["poi"], usage: ["set pointsize N"],
    parse: { arguments throws(CommandError) in
      guard let first = arguments.values.words.first else {
        return SetAnnotations { $0.pointSize = nil }
      }
      return SetPointSize(size: first.word)
    },
    listing: { session in
      session.labels.annotations.pointSize.map { "pointsize \(NumberLabel.general($0))" }
    },
    unset: SetAnnotations { $0.pointSize = nil })
}

/// `set bars SIZE` (an expression, from 0) or a word's scale.
struct SetBars: SessionCommand {
  var scale: Double?
  var size: Word?

  func run(in session: inout Session) throws(CommandError) -> Reply {
    var value = scale ?? 1
    if let size {
      value = try session.finiteNumbers([size], command: "set bars")[0]
      guard value >= 0, value <= 100 else {
        throw CommandError(
          .notSupported(
            what: "set bars \(NumberLabel.general(value))",
            hint: "the size is from 0 (small) to 100; large is 1"), at: size.span)
      }
    }
    session.labels.annotations.errorBarScale = value
    return Reply()
  }
}

/// `set pointsize N` (above 0, at most 100).
struct SetPointSize: SessionCommand {
  var size: Word

  func run(in session: inout Session) throws(CommandError) -> Reply {
    let v = try session.finiteNumbers([size], command: "set pointsize")[0]
    guard v > 0, v <= 100 else {
      throw CommandError(
        .needs(word: "set pointsize", what: "a size above 0 (times the default)"), at: size.span)
    }
    session.labels.annotations.pointSize = v == 1 ? nil : v
    return Reply()
  }
}

/// `set mxtics [N]`.
struct SetMinorTics: SessionCommand {
  var x: Bool
  var count: Word?
  var name: String

  func run(in session: inout Session) throws(CommandError) -> Reply {
    var n = 5
    if let count {
      let v = try session.finiteNumbers([count], command: "set \(name)")[0]
      guard v >= 1, v <= 100, v == v.rounded() else {
        throw CommandError(
          .needs(word: "set \(name)", what: "a whole number of intervals from 1 to 100"),
          at: count.span)
      }
      n = Int(v)
    }
    let value = n >= 2 ? n : nil
    if x {
      session.labels.annotations.minorX = value
    } else {
      session.labels.annotations.minorY = value
    }
    return Reply()
  }
}

/// `set style data STYLE`, `set style function STYLE`: the style of items without `with`.
struct SetDefaultStyle: SessionCommand {
  /// Whether it is data's (else functions').
  var data: Bool
  /// The style.
  var marks: CurveMarks

  /// `data` or `function` for a word that abbreviates one of them, else nil.
  static func which(_ word: String) -> Bool? {
    if word.count >= 1, "data".hasPrefix(word) { return true }
    if word.count >= 2, "function".hasPrefix(word) { return false }
    return nil
  }

  /// Reads `set style data|function STYLE` from its words (`words[0]` the first).
  ///
  /// - Throws: `CommandError` when the style is missing, unknown or not drawn here.
  init(which data: Bool, words: [Argument], at first: Argument) throws(CommandError) {
    self.data = data
    guard words.count >= 2 else {
      throw CommandError(
        .needs(
          word: "set style \(data ? "data" : "function")",
          what: "a style, as in: set style \(data ? "data points" : "function impulses")"),
        at: first.span)
    }
    if words.count > 2 {
      throw CommandError(
        .notSupported(what: "'\(words[2].text)' after the style", hint: "give one style"),
        at: words[2].span)
    }
    if Session.styleEntry(named: words[1].text)?.name == "histograms" {
      guard data else {
        throw CommandError(
          .notSupported(
            what: "histograms of functions",
            hint: "histograms draw data columns: set style data histograms"),
          at: words[1].span)
      }
      marks = .boxes
      histograms = true
      return
    }
    marks = try Session.readStyle(words[1].word)
  }

  /// Whether the style is gnuplot's `histograms` (then `marks` is `.boxes`).
  var histograms = false

  func run(in session: inout Session) throws(CommandError) -> Reply {
    if data {
      session.labels.annotations.dataStyle = marks
      session.labels.annotations.dataHistograms = histograms
    } else {
      session.labels.annotations.functionStyle = marks
    }
    return Reply()
  }
}

/// `unset label [TAG]`, `unset arrow [TAG]`.
struct UnsetTagged: SessionCommand {
  var label: Bool
  var tag: Word?

  init(_ arguments: CommandArguments, kind: String) throws(CommandError) {
    label = kind == "label"
    let words = arguments.words
    tag = words.first?.word
    if words.count > 1 {
      throw CommandError(
        .notSupported(what: "'\(words[1].text)' after unset \(kind)", hint: "give one tag"),
        at: words[1].span)
    }
  }

  func run(in session: inout Session) throws(CommandError) -> Reply {
    guard let tag else {
      if label {
        session.labels.annotations.labels = [:]
      } else {
        session.labels.annotations.arrows = [:]
      }
      return Reply()
    }
    let n = try Int(SetTextLabel.tag(tag, in: session))
    if label {
      session.labels.annotations.labels[n] = nil
    } else {
      session.labels.annotations.arrows[n] = nil
    }
    return Reply()
  }
}

/// `set label ...`, as written.
struct SetTextLabel: SessionCommand {
  var tag: Word?
  var text: String?
  var at: PositionWords?
  var justification: TextAnchor.Horizontal?
  var rotation: Word??  // .some(nil): `rotate` alone (90 degrees)
  var norotate = false
  var scale: Double?
  var color: KeyOptions.TextColor?
  var point: Bool?
  var pointType: Word?
  var pointSize: Word?
  var front: Bool?
  var offset: PositionWords?

  init(_ arguments: CommandArguments) throws(CommandError) {
    var tokens = SetTokens(arguments)
    let keywords = Set(SettingEntry.labelWords)
    if let t = tokens.current, t.kind != .string, t.kind != .name || !keywords.contains(t.text) {
      tag = try tokens.expression(
        stopsAtComma: false, what: "a tag, as in: set label 1 \"TEXT\"")
    }
    while let t = tokens.current {
      tokens.i += 1
      if t.kind == .string {
        text = StringExpression.unescaped(t.text)  // gnuplot's escapes in double quotes
        continue
      }
      switch t.text {
      case "at":
        at = try tokens.position(example: "set label \"peak\" at 2, 0.5")
      case "left": justification = .left
      case "center", "centre": justification = .center
      case "right": justification = .right
      case "norotate":
        norotate = true
        rotation = nil
      case "rotate":
        norotate = false
        if let b = tokens.current, b.text == "by" {
          tokens.i += 1
          rotation = .some(
            try tokens.expression(
              stopsAtComma: false, what: "an angle in degrees, as in: rotate by 45"))
        } else {
          rotation = .some(nil)
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
        if let read = try FontOption.read(words, at: 0).0 { scale = read }
      case "textcolor", "tc":
        color = try ColorWords.read(&tokens, keyword: t, allowsVariable: false)
      case "point":
        point = true
      case "nopoint": point = false
      case "pt", "pointtype":
        point = true
        pointType = try tokens.expression(
          stopsAtComma: false, what: "a point type, as in: pt 7")
      case "ps", "pointsize":
        pointSize = try tokens.expression(
          stopsAtComma: false, what: "a size, as in: ps 2")
      case "lt", "lc", "linetype", "linecolor":
        throw CommandError(
          .notSupported(what: "a colour of the label's point", hint: "it takes the text's colour"),
          at: t.span)
      case "front": front = true
      case "back": front = false
      case "offset", "off":
        offset = try tokens.position(example: "offset 1, -0.5")
        if offset?.xSystem != .first || offset?.ySystem != .first {
          if offset?.xSystem != .character || offset?.ySystem != .character {
            throw CommandError(
              .notSupported(
                what: "an offset in graph or screen units", hint: "offsets are in characters"),
              at: t.span)
          }
        }
      case "enhanced", "noenhanced", "noenh", "enh": break  // written as typed
      default:
        let hint =
          "set label takes a tag, a text, at X,Y, left|center|right, rotate, font, tc, "
          + "point, front|back, offset"
        throw CommandError(.notSupported(what: "'\(t.text)' in set label", hint: hint), at: t.span)
      }
    }
  }

  /// The tag's value: a whole number from 1.
  static func tag(_ word: Word, in session: Session) throws(CommandError) -> Int {
    let v = try session.finiteNumbers([word], command: "set label")[0]
    guard v >= 1, v == v.rounded(), v < 1e6 else {
      throw CommandError(.needs(word: "the tag", what: "a whole number from 1"), at: word.span)
    }
    return Int(v)
  }

  func run(in session: inout Session) throws(CommandError) -> Reply {
    var labels = session.labels.annotations.labels
    let n =
      try tag.map { w throws(CommandError) in try Self.tag(w, in: session) }
      ?? PlotAnnotations.nextTag(labels)
    let origin = PlotPosition(x: PlotCoordinate(.first, 0), y: PlotCoordinate(.first, 0))
    var label = labels[n] ?? PlotTextLabel(text: "", position: origin)
    if let text { label.text = text }
    if let at { label.position = try at.evaluate(in: session, command: "set label") }
    if let justification { label.justification = justification }
    if norotate { label.rotation = 0 }
    if let rotation {
      label.rotation =
        try rotation.map { w throws(CommandError) in
          try session.finiteNumbers([w], command: "set label")[0]
        } ?? 90
    }
    if let scale { label.scale = scale }
    switch color {
    case nil: break
    case .standard, .variable: label.color = nil
    case .rgb(let c): label.color = c
    }
    if let point { label.pointType = point ? (label.pointType ?? 1) : nil }
    if let pointType {
      let v = try session.finiteNumbers([pointType], command: "set label")[0]
      guard v >= 0, v == v.rounded(), v < 1e6 else {
        throw CommandError(.needs(word: "pt", what: "a point type from 0"), at: pointType.span)
      }
      label.pointType = Int(v)
    }
    if let pointSize {
      let v = try session.finiteNumbers([pointSize], command: "set label")[0]
      guard v > 0, v <= 100 else {
        throw CommandError(.needs(word: "ps", what: "a size above 0"), at: pointSize.span)
      }
      label.pointSize = v
    }
    if let front { label.front = front }
    if let offset {
      let v = try session.finiteNumbers([offset.x, offset.y], command: "set label")
      label.offsetX = v[0]
      label.offsetY = v[1]
    }
    labels[n] = label
    session.labels.annotations.labels = labels
    return Reply()
  }
}

/// `set arrow ...`, as written.
struct SetArrow: SessionCommand {
  var tag: Word?
  var from: PositionWords?
  var to: PositionWords?
  var relative = false
  var heads: PlotArrow.Heads?
  var look = CurveLook()
  var lookGiven = false
  var front: Bool?

  init(_ arguments: CommandArguments) throws(CommandError) {
    var tokens = SetTokens(arguments)
    let keywords = Set(SettingEntry.arrowWords)
    if let t = tokens.current, t.kind != .name || !keywords.contains(t.text) {
      tag = try tokens.expression(
        stopsAtComma: false, what: "a tag, as in: set arrow 1 from 0,0 to 1,1")
    }
    while let t = tokens.current {
      if try SettingEntry.readLookWord(&tokens, into: &look) {
        lookGiven = true
        continue
      }
      tokens.i += 1
      switch t.text {
      case "from":
        from = try tokens.position(example: "set arrow from 0, 0 to 1, 1")
      case "to", "rto":
        relative = t.text == "rto"
        to = try tokens.position(example: "set arrow from 0, 0 to 1, 1")
      case "nohead": heads = PlotArrow.Heads.none
      case "head": heads = .end
      case "backhead": heads = .start
      case "heads": heads = .both
      case "front": front = true
      case "back": front = false
      case "filled", "empty", "nofilled", "noborder": break  // heads are drawn as two strokes
      case "size", "arrowstyle", "as":
        throw CommandError(
          .notSupported(what: "'\(t.text)' in set arrow", hint: "heads have one size here"),
          at: t.span)
      case "length", "angle":
        throw CommandError(
          .notSupported(
            what: "arrows given by length and angle", hint: "give from X,Y to X,Y"), at: t.span)
      default:
        throw CommandError(
          .notSupported(
            what: "'\(t.text)' in set arrow",
            hint: "set arrow takes a tag, from X,Y, to|rto X,Y, nohead|head|backhead|heads, "
              + "lc, lt, lw, dt, front|back"),
          at: t.span)
      }
    }
  }

  func run(in session: inout Session) throws(CommandError) -> Reply {
    var arrows = session.labels.annotations.arrows
    let n =
      try tag.map { w throws(CommandError) in try SetTextLabel.tag(w, in: session) }
      ?? PlotAnnotations.nextTag(arrows)
    let origin = PlotPosition(x: PlotCoordinate(.first, 0), y: PlotCoordinate(.first, 0))
    var arrow = arrows[n] ?? PlotArrow(from: origin, to: origin)
    if let from { arrow.from = try from.evaluate(in: session, command: "set arrow") }
    if let to {
      var end = try to.evaluate(in: session, command: "set arrow")
      if relative {  // `rto`: from the start, in the start's systems
        end.x = PlotCoordinate(arrow.from.x.system, arrow.from.x.value + end.x.value)
        end.y = PlotCoordinate(arrow.from.y.system, arrow.from.y.value + end.y.value)
      }
      arrow.to = end
    }
    if let heads { arrow.heads = heads }
    if lookGiven { arrow.look = look }
    if let front { arrow.front = front }
    arrows[n] = arrow
    session.labels.annotations.arrows = arrows
    return Reply()
  }
}
