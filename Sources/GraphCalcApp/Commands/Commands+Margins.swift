import GraphView

// gnuplot's placement of a plot on the page: `set lmargin|rmargin|tmargin|bmargin N` (in
// characters) or `... at screen F`, `set margins L, R, B, T`, `set origin X,Y`, and the
// `set size W,H` / `set size ratio R` forms (Commands+Aspect.swift reads `set size`). Like
// gnuplot's, these draw nothing; the next plot is placed by them (PlotLayout+Margins.swift,
// Session+Multiplot.swift).

/// The plot's part of the page and the plot area's shape (gnuplot's `set size`, `set origin`).
public struct PlotPlacement: Sendable, Hashable {
  /// The part's width and height as fractions of the page (`set size W,H`; 1, 1).
  public var width = 1.0
  /// The part's height as a fraction of the page.
  public var height = 1.0
  /// The part's lower left corner as fractions of the page from its lower left
  /// (`set origin X,Y`; 0, 0).
  public var x = 0.0
  /// The corner's height above the page's bottom, a fraction of the page.
  public var y = 0.0
  /// The plot area's height over its width (`set size ratio R`, R > 0), or nil.
  public var ratio: Double?

  /// The whole page, the plot area's shape left to the margins.
  public init() {}

  /// Whether the plot fills the page (`set size 1,1`, `set origin 0,0`), so it is drawn as
  /// before placement could be set.
  public var fillsPage: Bool { width == 1 && height == 1 && x == 0 && y == 0 }
}

/// A margin as typed: automatic, N characters or `at screen F` (expressions, read when the
/// setting runs).
enum MarginSpec: Sendable, Hashable {
  /// Automatic (`unset lmargin`, `set lmargin`, or a negative N).
  case automatic
  /// N characters.
  case characters(Word)
  /// At fraction F of the page.
  case screen(Word)

  /// Reads `[N | at screen F | screen F]` (empty: automatic).
  ///
  /// - Throws: `CommandError` for another coordinate system (`at graph`, `at first`): not
  ///   supported; for `at` without a value: the usage.
  init(_ arguments: CommandArguments, usage: String) throws(CommandError) {
    let words = arguments.words
    guard let first = words.first else {
      self = .automatic
      return
    }
    var index = 0
    if first.text == "at" { index = 1 }
    if index < words.count,
      ["screen", "graph", "first", "second", "character"].contains(
        words[index].text)
    {
      guard words[index].text == "screen" else {
        throw CommandError(
          .notSupported(
            what: "a margin at '\(words[index].text)' coordinates",
            hint: "give it in characters (set lmargin 10) or at screen F"),
          at: words[index].span)
      }
      guard index + 1 < words.count else {
        throw CommandError(.usage(usage), at: words[index].span)
      }
      let start = words[index + 1].span.lowerBound
      let text = words[(index + 1)...].map(\.source.text).joined(separator: " ")
      self = .screen(Word(text, at: start))
      return
    }
    guard index == 0 else { throw CommandError(.usage(usage), at: first.span) }
    self = .characters(arguments.text)
  }

  /// The margin, its expression evaluated (a negative number of characters is automatic,
  /// as in gnuplot).
  ///
  /// - Throws: `CommandError` at an expression that is not a finite number.
  func margin(in session: Session, command: String) throws(CommandError) -> PlotLayout.Margin {
    switch self {
    case .automatic: return .automatic
    case .characters(let word):
      let n = try session.finiteNumbers([word], command: command)[0]
      return n < 0 ? .automatic : .characters(n)
    case .screen(let word):
      return .screen(try session.finiteNumbers([word], command: command)[0])
    }
  }
}

/// Which edge of the plot area a margin places.
enum MarginSide: String, Sendable, Hashable, CaseIterable {
  case left = "lmargin"
  case right = "rmargin"
  case bottom = "bmargin"
  case top = "tmargin"

  /// The margin of `margins` on this side.
  func get(_ margins: PlotLayout.Margins) -> PlotLayout.Margin {
    switch self {
    case .left: return margins.left
    case .right: return margins.right
    case .bottom: return margins.bottom
    case .top: return margins.top
    }
  }

  /// Sets the margin of `margins` on this side.
  func set(_ margins: inout PlotLayout.Margins, _ margin: PlotLayout.Margin) {
    switch self {
    case .left: margins.left = margin
    case .right: margins.right = margin
    case .bottom: margins.bottom = margin
    case .top: margins.top = margin
    }
  }
}

/// `set lmargin ...`, `set margins ...`: margins evaluated and put in place, by side.
struct SetMargins: SessionCommand, Hashable {
  /// The margins typed, by side.
  var specs: [MarginSide: MarginSpec]
  /// The command, for errors.
  var command: String

  func run(in session: inout Session) throws(CommandError) -> Reply {
    var margins = session.labels.margins
    for side in MarginSide.allCases {
      guard let spec = specs[side] else { continue }
      side.set(&margins, try spec.margin(in: session, command: command))
    }
    session.labels.margins = margins
    return Reply()
  }
}

/// `set origin X,Y`: the plot's lower left corner on the page (fractions).
struct SetOrigin: SessionCommand, Hashable {
  /// X and Y as typed.
  var values: [Word]

  func run(in session: inout Session) throws(CommandError) -> Reply {
    let v = try session.finiteNumbers(values, command: "set origin")
    session.labels.placement.x = v[0]
    session.labels.placement.y = v[1]
    return Reply()
  }
}

/// `set size W,H` (and `ratio R`, `noratio`, `square`, `nosquare` before it): the plot's
/// part of the page and the plot area's shape.
struct SetSize: SessionCommand, Hashable {
  /// W and H as typed, or empty to leave the size (none given at all: 1, 1).
  var values: [Word]
  /// `ratio R` as typed; nil when not given.
  var ratio: Word?
  /// `noratio`/`nosquare` given.
  var noRatio: Bool
  /// `square` given: equal units (graphcalc's `set aspect equal`).
  var square: Bool

  func run(in session: inout Session) throws(CommandError) -> Reply {
    var placement = session.labels.placement
    var equal = session.labels.equalAspect
    if noRatio {
      placement.ratio = nil
      equal = false
    }
    if square { equal = true }
    if let ratio {
      let r = try session.finiteNumbers([ratio], command: "set size")[0]
      if r == -1 {
        equal = true
        placement.ratio = nil
      } else if r > 0 {
        placement.ratio = r
        equal = false
      } else if r == 0 {
        placement.ratio = nil
        equal = false
      } else {
        throw CommandError(
          .notSupported(
            what: "set size ratio \(NumberLabel.general(r))",
            hint: "ratio -1 gives equal units (set aspect equal); a positive R the plot "
              + "area's height over its width"),
          at: ratio.span)
      }
    }
    if !values.isEmpty {
      let v = try session.finiteNumbers(values, command: "set size")
      for (value, word) in zip(v, values) where value <= 0 {
        throw CommandError(.notFinite(command: "set size", value: value), at: word.span)
      }
      placement.width = v[0]
      placement.height = v.count > 1 ? v[1] : v[0]
    } else if ratio == nil && !noRatio && !square {
      placement.width = 1
      placement.height = 1
    }
    session.labels.placement = placement
    session.labels.equalAspect = equal
    return Reply()
  }
}

extension SettingEntry {
  /// `set lmargin|rmargin|bmargin|tmargin [N | at screen F]`.
  static func margin(_ side: MarginSide) -> SettingEntry {
    let name = side.rawValue
    let usage = "set \(name) [N | at screen F]"
    return SettingEntry(
      name: name, usage: [usage], keywords: ["at", "screen"],
      parse: { arguments throws(CommandError) in
        SetMargins(
          specs: [side: try MarginSpec(arguments.values, usage: usage)], command: "set \(name)")
      },
      listing: { session in
        switch side.get(session.labels.margins) {
        case .automatic: return nil
        case .characters(let n): return "\(name) \(NumberLabel.general(n))"
        case .screen(let f): return "\(name) at screen \(NumberLabel.general(f))"
        }
      },
      unset: SetLabels { side.set(&$0.margins, .automatic) })
  }

  /// `set margins L, R, B, T`: the four margins at once (each N or `at screen F`; one left
  /// out stays automatic).
  static let margins = SettingEntry(
    name: "margins", aliases: ["margin"],
    usage: ["set margins L, R, B, T"], keywords: ["at", "screen"],
    parse: { arguments throws(CommandError) in
      let items = arguments.values.items
      let usage = "set margins L, R, B, T"
      guard items.count <= 4 else {
        throw CommandError(.usage(usage), at: items[4].text.span)
      }
      var specs: [MarginSide: MarginSpec] = [:]
      for side in MarginSide.allCases { specs[side] = .automatic }
      let order: [MarginSide] = [.left, .right, .bottom, .top]
      for (item, side) in zip(items, order) {
        specs[side] = try MarginSpec(item, usage: usage)
      }
      return SetMargins(specs: specs, command: "set margins")
    },
    listing: { _ in nil },
    unset: SetLabels { $0.margins = PlotLayout.Margins() })

  /// `set origin X,Y`: the plot's lower left corner as fractions of the page.
  static let origin = SettingEntry(
    name: "origin", usage: ["set origin X,Y"],
    parse: { arguments throws(CommandError) in
      let items = arguments.values.items
      guard items.count == 2, !items[0].isEmpty, !items[1].isEmpty else {
        throw CommandError(
          .usage("set origin X,Y"),
          at: arguments.values.isEmpty ? arguments.name.span : arguments.values.text.span)
      }
      return SetOrigin(values: items.map(\.text))
    },
    listing: { session in
      let p = session.labels.placement
      guard p.x != 0 || p.y != 0 else { return nil }
      return "origin \(NumberLabel.general(p.x)),\(NumberLabel.general(p.y))"
    },
    unset: SetLabels {
      $0.placement.x = 0
      $0.placement.y = 0
    })
}
