import GraphView
import TextAndNumbers

// `set NAME VALUE`, `unset NAME` and `show NAME`: one mechanism over the table of settings.

/// One setting of `set`, `unset` and `show` (`canvas`, `color`, `datafile`, `bar`).
public struct SettingEntry: Sendable {
  /// The setting's name, the word after `set`.
  public var name: String
  /// Other names it answers to (`colour` for `color`).
  public var aliases: [String]
  /// Its forms, one a line (`set canvas braille|block|ascii`).
  public var usage: [String]
  /// The bare words its values take, for Tab completion.
  public var keywords: [String]
  /// Reads `set NAME ARGUMENTS` into the command that sets (or, without a value, tells) it.
  public var parse: @Sendable (SettingArguments) throws(CommandError) -> any SessionCommand
  /// The setting as one line of `set` alone and of `show` (`canvas braille`), or nil when
  /// `set` alone leaves it out.
  public var listing: @Sendable (Session) -> String?
  /// The command `unset NAME` runs: back to the default.
  public var unset: any SessionCommand
  /// Reads `unset NAME ARGUMENTS` for a setting whose `unset` takes arguments
  /// (`unset logscale x`); nil when `unset NAME` takes none.
  public var unsetArguments:
    (@Sendable (SettingArguments) throws(CommandError) -> any SessionCommand)? = nil

  /// Creates a setting.
  ///
  /// - Parameters:
  ///   - name: The setting's name.
  ///   - aliases: Other names it answers to.
  ///   - usage: Its forms.
  ///   - keywords: Bare words of its values.
  ///   - parse: Reads `set NAME ...`.
  ///   - listing: Its line in `set` alone and `show`.
  ///   - unset: What `unset NAME` runs.
  public init(
    name: String, aliases: [String] = [], usage: [String], keywords: [String] = [],
    parse: @escaping @Sendable (SettingArguments) throws(CommandError) -> any SessionCommand,
    listing: @escaping @Sendable (Session) -> String?, unset: any SessionCommand
  ) {
    self.name = name
    self.aliases = aliases
    self.usage = usage
    self.keywords = keywords
    self.parse = parse
    self.listing = listing
    self.unset = unset
  }
}

/// The arguments of `set NAME ...`: the setting's name as typed and what follows it.
public struct SettingArguments: Sendable {
  /// The setting's name as typed, for carets.
  public var name: Word
  /// The arguments after the name.
  public var values: CommandArguments
}

/// The settings `set`, `unset` and `show` know, in the order `set` alone lists them.
public struct SettingTable: Sendable {
  /// The settings, in order.
  public private(set) var entries: [SettingEntry]

  /// Creates a table of `entries`.
  public init(_ entries: [SettingEntry]) { self.entries = entries }

  /// The setting named `name` (or one of its aliases).
  public func entry(named name: String) -> SettingEntry? {
    entries.first { $0.name == name || $0.aliases.contains(name) }
  }

  /// Adds `entry` at the end, or replaces the setting of the same name.
  public mutating func register(_ entry: SettingEntry) {
    if let i = entries.firstIndex(where: { $0.name == entry.name }) {
      entries[i] = entry
    } else {
      entries.append(entry)
    }
  }

  /// The setting named by `name`, whole or abbreviated (`abbreviated(_:)`: gnuplot's rule),
  /// or an error naming it and the nearest known setting.
  ///
  /// - Throws: `CommandError` at `name` for an unknown or ambiguous setting, or a gnuplot
  ///   setting graphcalc does not have.
  func lookUp(_ name: Word) throws(CommandError) -> SettingEntry {
    if let entry = entry(named: name.text) { return entry }
    if let entry = try abbreviated(name) { return entry }
    if let problem = SettingTable.gnuplotOnly(name.text) {
      throw CommandError(problem, at: name.span)
    }
    let names = entries.map(\.name)
    let suggestion = Suggestions.nearest(to: name.text, among: names)
    throw CommandError(
      .unknownName(.setting(known: names), name.text, suggestion: suggestion), at: name.span)
  }

  /// The setting of `standard` named `name` (or one of its aliases), or nil. graphcalc's own
  /// settings (`canvas`, `color`, `datafile`, `bar`, `base`, `digits`, `theme`: the table's
  /// first entries, so they win over any later one of the same name, as in `entry(named:)`)
  /// are answered without building the table, whose gnuplot settings make key paths and
  /// usage lines at run time (about 230 k instructions, a fifth of `graphcalc -e 'set canvas
  /// ascii' -e 'plot sin(x)*x'`: Docs/performance.md, "The terminal one-shot"). A test holds
  /// this to the table for every name.
  static func standardEntry(named name: String) -> SettingEntry? {
    switch name {
    case "canvas": return .canvas
    case "color", "colour": return .color
    case "datafile": return .datafile
    case "bar": return .barStyle
    case "base": return .base
    case "digits": return .digits
    case "theme": return .theme
    case "linetype", "lt", "linetypes": return .lineType
    default: return standard.entry(named: name)
    }
  }

  /// The setting of `standard` named by `name` (`standardEntry(named:)`), or the table's
  /// error naming it and the nearest known setting.
  ///
  /// - Throws: `CommandError` at `name` for an unknown setting.
  static func lookUpStandard(_ name: Word) throws(CommandError) -> SettingEntry {
    if let entry = standardEntry(named: name.text) { return entry }
    return try standard.lookUp(name)
  }

  /// Every setting of graphcalc.
  public static let standard = SettingTable(
    [
      .canvas, .color, .datafile, .barStyle, .base, .digits, .theme,
    ] + SettingTable.gnuplotLabels + SettingTable.gnuplotAxes + SettingTable.gnuplotAnnotations
      + SettingTable.gnuplotObjects + SettingTable.secondAxes + SettingTable.autoscaleSettings
      + [.fit] + SettingTable.histogramSettings + SettingTable.curveModes
      + SettingTable.dummySettings + SettingTable.lineStyleSettings + SettingTable.blockSettings)
}

extension CommandEntry {
  /// `set`, `set NAME VALUE...`.
  static let set = CommandEntry(
    name: "set",
    usage: [
      "set canvas braille|block|ascii", "set color on|off", "set",
      "set datafile separator \",\"|\";\"|tab|whitespace|auto", "set datafile missing \"TEXT\"",
      "set bar style rounded|flat", "set base 2|8|10|16", "set digits all|screen",
    ], summary: "change a setting (canvas, color, datafile, bar, base, digits), or list them",
    details: """
      set canvas chooses the characters plots are drawn with: braille (2x4 dots a cell,
      the default in a UTF-8 locale), block (quadrants, 2x2 dots) or ascii (7-bit, the
      default otherwise). set color on|off colours each curve (and its legend entry) and
      dims the axes; the default is on when the output is a terminal that has colours and
      NO_COLOR is not set (see graphcalc --color). 'set' alone shows both and the bar
      style.
      Example: set canvas block
      set datafile separator chooses how data files are split into columns: a character
      in quotes (",", ";", "|"), tab, whitespace (runs of blanks, as in gnuplot's .dat
      files) or auto (the default: detected from the first lines). set datafile missing
      "?" makes "?" a missing cell: its record is left out and lines go on across it.
      set bar style chooses the bars of an exported bar chart: rounded (the default: the
      far end of each bar has round corners) or flat (plain rectangles). In the terminal
      bars are eighth blocks, or ASCII on the ascii canvas.
      set base prints integer results in base 16, 8 or 2 (0xff, 0o17, 0b1011; doubles
      stay decimal); 10 is the default. set digits all prints every digit of a long
      integer at the prompt, which otherwise shows a screenful and the count (scripts,
      -e and pipes always print every digit).
      """
  ) { arguments throws(CommandError) in
    guard let first = arguments.tokens.first else { return ListSettings() }
    let name = Word(first.text, at: first.offset)
    let setting = try SettingTable.lookUpStandard(name)
    let values = arguments.dropping(to: arguments.range.lowerBound + 1)
    return try setting.parse(SettingArguments(name: name, values: values))
  }

  /// `unset NAME`.
  static let unset = CommandEntry(
    name: "unset", usage: ["unset NAME"], summary: "put a setting back to its default",
    details: """
      Puts the setting NAME (canvas, color, datafile, bar) back to its default, as if it
      had never been set. Example: unset canvas
      """
  ) { arguments throws(CommandError) in
    let words = arguments.words
    if words.count > 1, let first = arguments.tokens.first,
      let read = try SettingTable.lookUpStandard(words[0].word).unsetArguments
    {
      let values = arguments.dropping(to: arguments.range.lowerBound + 1)
      return try read(SettingArguments(name: Word(first.text, at: first.offset), values: values))
    }
    guard words.count == 1 else {
      throw Session.usageError(
        "unset", given: words.count, at: arguments.isEmpty ? nil : arguments.text.span)
    }
    return try SettingTable.lookUpStandard(words[0].word).unset
  }

  /// `show [NAME]`.
  static let show = CommandEntry(
    name: "show", usage: ["show [NAME]", "show style histogram|fill"],
    summary: "show the settings, or one",
    details: """
      Shows a setting as set would take it (show canvas prints canvas braille), or, with
      no NAME, every setting, as 'set' alone does. show datablocks lists the data blocks
      ($DATA << EOD) and their lines.
      """
  ) { arguments throws(CommandError) in
    let words = arguments.words
    // `show style histogram|fill`: one of the style setting's lines.
    if words.count == 2, words[0].text == "style" {
      if words[1].text.count >= 4, "histogram".hasPrefix(words[1].text) {
        return Tell { $0.data.histogram.listing }
      }
      if words[1].text.count >= 2, "fill".hasPrefix(words[1].text) {
        return Tell { s in
          s.data.fillDensity.map {
            "style fill solid \(NumberFormat.general($0, significantDigits: 6))"
          } ?? "style fill empty"
        }
      }
    }
    if words.count >= 2, words.count <= 3 {  // `show style line [N]`, Commands+LineStyles.swift
      let style = words[0].text.count >= 2 && "style".hasPrefix(words[0].text)
      if style, "line".hasPrefix(words[1].text) {
        return ShowLineLooks(style: true, tag: words.count == 3 ? words[2].word : nil)
      }
    }
    if words.count == 2, SettingTable.standardEntry(named: words[0].text)?.name == "linetype" {
      return ShowLineLooks(style: false, tag: words[1].word)  // `show linetype N`
    }
    // `show variables [all|PREFIX]` (gnuplot's `v$ariables`; Commands+Terminal.swift).
    if let first = words.first, words.count <= 2,
      SettingTable.abbreviates(first.text, "v$ariables")
    {
      let prefix = words.count == 2 ? words[1].text : ""
      return ShowVariables(prefix: prefix == "all" ? "" : prefix, all: prefix == "all")
    }
    guard words.count <= 1 else {
      throw Session.usageError("show", given: words.count, at: arguments.text.span)
    }
    guard let name = words.first else { return ListSettings() }
    if name.text == "datablocks" { return ShowDataBlocks() }  // Commands+Blocks.swift
    return ShowSetting(setting: try SettingTable.lookUpStandard(name.word).name)
  }
}

/// `set` or `show` alone: every setting that lists itself, one a line.
struct ListSettings: SessionCommand, Hashable {
  func run(in session: inout Session) throws(CommandError) -> Reply {
    .text(SettingTable.standard.entries.compactMap { $0.listing(session) }.joined(separator: "\n"))
  }
}

/// `show NAME`: one setting's line.
struct ShowSetting: SessionCommand, Hashable {
  /// The setting's name.
  var setting: String

  func run(in session: inout Session) throws(CommandError) -> Reply {
    guard let entry = SettingTable.standardEntry(named: setting) else { return Reply() }
    // Settings that `set` alone leaves out at their defaults still answer `show NAME`.
    return .text(entry.listing(session) ?? SettingEntry.shownAtDefault(entry.name, session) ?? "")
  }
}

/// A command that prints a fixed text computed from the session (a setting's value).
struct Tell: SessionCommand {
  /// The text, from the session.
  var text: @Sendable (Session) -> String

  func run(in session: inout Session) throws(CommandError) -> Reply { .text(text(session)) }
}

// MARK: canvas and color

extension SettingEntry {
  /// `set canvas braille|block|ascii`.
  static let canvas = SettingEntry(
    name: "canvas", usage: ["set canvas braille|block|ascii|kitty|iterm|sixel|auto"],
    keywords: CanvasKind.allCases.map(\.rawValue) + ["auto"],
    parse: { arguments throws(CommandError) in
      let words = arguments.values.words
      switch words.count {
      case 0: return Tell { $0.display.canvas.rawValue }
      case 1:
        if words[0].text == "auto" { return SetDisplay(autoCanvas: true) }
        guard let kind = CanvasKind(rawValue: words[0].text) else {
          throw CommandError(
            .unknownName(.canvas, words[0].text, suggestion: nil), at: words[0].span)
        }
        return SetDisplay(canvas: kind, at: words[0].span)
      default: throw Session.setUsage(at: arguments)
      }
    },
    listing: { "canvas \($0.display.canvas.rawValue)" },
    unset: ResetDisplay(canvas: true))

  /// `set color on|off`.
  static let color = SettingEntry(
    name: "color", aliases: ["colour"], usage: ["set color on|off"], keywords: ["on", "off"],
    parse: { arguments throws(CommandError) in
      let words = arguments.values.words
      switch words.count {
      case 0: return Tell { $0.display.color ? "on" : "off" }
      case 1:
        switch words[0].text {
        case "on": return SetDisplay(color: true)
        case "off": return SetDisplay(color: false)
        default: throw CommandError(.usage("set color on|off"), at: words[0].span)
        }
      default: throw Session.setUsage(at: arguments)
      }
    },
    listing: { "color \($0.display.color ? "on" : "off")" },
    unset: ResetDisplay(color: true))
}

extension Session {
  /// "usage: ..." of every form of `set`, for a setting given too many words.
  static func setUsage(at arguments: SettingArguments) -> CommandError {
    let forms = CommandTable.standard.entry(named: "set")?.usage.joined(separator: " | ") ?? "set"
    let all =
      arguments.name
      .offset..<max(arguments.name.span.upperBound, arguments.values.text.span.upperBound)
    return CommandError(.usage(forms), at: all)
  }
}

/// `set canvas KIND` or `set color on|off`: the terminal display, then the plot or bar
/// chart shown drawn again.
struct SetDisplay: SessionCommand, Hashable {
  /// The canvas to use, if this sets it.
  var canvas: CanvasKind? = nil
  /// Colour on or off, if this sets it.
  var color: Bool? = nil
  /// Whether the canvas is to be asked of the terminal (`set canvas auto`).
  var autoCanvas = false
  /// Where the canvas's name was typed (for the caret of an error about it).
  var at: Range<Int>? = nil

  /// Sets the display and draws what is shown again.
  ///
  /// A picture canvas set inside tmux (`Session.tmuxPassthrough` is there) asks tmux
  /// whether its passthrough is on: when it is, the pictures are wrapped for it, as `set
  /// canvas auto` wraps them; when it is off, the canvas is refused (tmux would not pass the
  /// pictures on) with how to turn it on.
  ///
  /// - Throws: `CommandError` (`.picturesNeedPassthrough`) as above; a redraw's errors.
  func run(in session: inout Session) throws(CommandError) -> Reply {
    if let canvas {
      if let ask = session.tmuxPassthrough {
        if canvas.isImage {
          guard ask() else {
            throw CommandError(.picturesNeedPassthrough(canvas: canvas.rawValue), at: at)
          }
          session.display.passthrough = true
        } else {
          session.display.passthrough = false
        }
      }
      session.display.canvas = canvas
      session.display.autoCanvas = false
    }
    var note: String?
    if autoCanvas {
      session.display.autoCanvas = true
      note = session.resolveCanvas()
    }
    if let color { session.display.color = color }
    var reply = try session.redrawForDisplay()
    if let note { reply.output = reply.output.isEmpty ? note : note + "\n" + reply.output }
    return reply
  }
}

/// `unset canvas` or `unset color`: back to the display the session started with.
struct ResetDisplay: SessionCommand, Hashable {
  /// Whether the canvas goes back.
  var canvas = false
  /// Whether the colour goes back.
  var color = false

  func run(in session: inout Session) throws(CommandError) -> Reply {
    var change = SetDisplay()
    if canvas { change.canvas = session.defaultDisplay.canvas }
    if color { change.color = session.defaultDisplay.color }
    return try change.run(in: &session)
  }
}
