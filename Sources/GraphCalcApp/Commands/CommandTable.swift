/// A command parsed from a line, ready to run: its arguments are checked and kept as values
/// (expressions as source spans, evaluated when the command runs with the user's variables).
///
/// Each command of the language is one type that conforms to this protocol and one
/// `CommandEntry` in `CommandTable.standard`, whose `parse` makes the value.
public protocol SessionCommand: Sendable {
  /// Runs the command on `session`.
  ///
  /// - Parameter session: The session, changed as the command says.
  /// - Returns: What to print, and whether to leave or start a mode.
  /// - Throws: `CommandError` located in the line's columns; a command that throws leaves
  ///   the session as it was wherever it can.
  func run(in session: inout Session) throws(CommandError) -> Reply
}

/// How a command treats the x range that follows data files (gnuplot's autoscaled x).
public enum DataXRange: Sendable, Hashable {
  /// A command that moves x fixes it: `plot` no longer fits x to its data (the default).
  case fixes
  /// `plot`: fits x to its data while x follows the data.
  case fits
  /// `reset`: x follows the data again.
  case restores
}

/// One command of the language: its name, synopsis and help, how its arguments are read,
/// and what it does to the view.
///
/// `help`, Tab completion, the calculator's reserved words, "did you mean" and
/// `Docs/commands.md`'s synopsis all read these entries; adding a command is one entry and
/// its `SessionCommand` type.
public struct CommandEntry: Sendable {
  /// The word that starts it (`plot`).
  public var name: String
  /// Its forms, one a line (`zoom FACTOR|in|out`): the argument grammar as `help` shows it.
  public var usage: [String]
  /// One line for the command list.
  public var summary: String
  /// The full explanation, several lines, with examples.
  public var details: String
  /// The bare words its arguments take (`in`, `out`, `svg`), for Tab completion.
  public var keywords: [String]
  /// Whether it changes the view, so `undo` can step back over it.
  var changesView: Bool
  /// What it does to an x range that follows the data.
  var dataX: DataXRange
  /// Whether it steers plots only, and is refused while a bar chart is shown.
  var steersPlotOnly: Bool
  /// Whether `help` leaves it out of the command list (an alias: `exit` of `quit`).
  var hiddenFromList: Bool
  /// Reads the arguments into the command's value.
  public var parse: @Sendable (CommandArguments) throws(CommandError) -> any SessionCommand

  /// Creates an entry.
  ///
  /// - Parameters:
  ///   - name: The command word.
  ///   - usage: Its forms, one a line; the first is listed by `help`.
  ///   - summary: One line for the command list.
  ///   - details: The full explanation.
  ///   - keywords: Bare words of its arguments, for completion.
  ///   - changesView: Whether `undo` steps back over it.
  ///   - dataX: What it does to an x range that follows the data.
  ///   - steersPlotOnly: Whether it is refused while a bar chart is shown.
  ///   - hiddenFromList: Whether `help` leaves it out of the list.
  ///   - parse: Reads the arguments.
  public init(
    name: String, usage: [String], summary: String, details: String, keywords: [String] = [],
    changesView: Bool = false, dataX: DataXRange = .fixes, steersPlotOnly: Bool = false,
    hiddenFromList: Bool = false,
    parse: @escaping @Sendable (CommandArguments) throws(CommandError) -> any SessionCommand
  ) {
    self.name = name
    self.usage = usage
    self.summary = summary
    self.details = details
    self.keywords = keywords
    self.changesView = changesView
    self.dataX = dataX
    self.steersPlotOnly = steersPlotOnly
    self.hiddenFromList = hiddenFromList
    self.parse = parse
  }

  /// An entry whose command takes no arguments and runs `run`.
  static func noArguments(
    _ name: String, usage: [String]? = nil, summary: String, details: String,
    changesView: Bool = false,
    dataX: DataXRange = .fixes, steersPlotOnly: Bool = false, hiddenFromList: Bool = false,
    _ command: any SessionCommand
  ) -> CommandEntry {
    CommandEntry(
      name: name, usage: usage ?? [name], summary: summary, details: details,
      changesView: changesView,
      dataX: dataX, steersPlotOnly: steersPlotOnly, hiddenFromList: hiddenFromList
    ) { arguments throws(CommandError) in
      guard arguments.isEmpty else {
        throw CommandError(.takesNoArguments(command: name), at: arguments.text.span)
      }
      return command
    }
  }
}

/// The commands a session knows, in the order `help` lists them.
public struct CommandTable: Sendable {
  /// The entries, in order.
  public private(set) var entries: [CommandEntry]
  /// The entries' indices by name.
  private var index: [String: Int] = [:]

  /// Creates a table of `entries` (later entries replace earlier ones of the same name).
  public init(_ entries: [CommandEntry]) {
    self.entries = []
    for entry in entries { register(entry) }
  }

  /// Adds `entry`, or replaces the entry of the same name in its place.
  public mutating func register(_ entry: CommandEntry) {
    if let i = index[entry.name] {
      entries[i] = entry
    } else {
      index[entry.name] = entries.count
      entries.append(entry)
    }
  }

  /// The entry named `name`, if there is one.
  public func entry(named name: String) -> CommandEntry? {
    index[name].map { entries[$0] }
  }

  /// The command words.
  public var names: [String] { entries.map(\.name) }

  /// The command words of `standard`, in its order, written out: a session's reserved words
  /// and its test of a line's first word need them at start-up, and building `standard`
  /// (every entry's parser and help text) was a fifth of `graphcalc -e 1+1` (99 k of 490 k
  /// instructions; Docs/performance.md, "Start-up: faults and constructors"). A test checks
  /// them against `standard.names`.
  public static let standardNames: [String] = [
    "plot", "replot", "bar", "hist", "redraw", "xrange", "yrange", "zoom", "pan", "center",
    "reset", "view", "explore", "undo", "set", "unset", "show", "stats", "fit", "update", "save",
    "export", "stream", "roots", "extrema", "intersect", "integrate", "area", "inflections",
    "tangent", "table", "mark", "unmark", "mode", "rpn", "describe", "vars", "print", "pause",
    "load", "call", "help", "quit", "exit", "undefine", "array", "refresh",
  ]

  /// The entry of `standard` named `name`, or nil, without building the table: building it
  /// (every entry's parser and help text, about 107 k instructions) was a tenth of a one-shot
  /// terminal plot, which needs two entries (Docs/performance.md, "The terminal one-shot").
  /// A test holds it to `standard` for every name; a name missing from the switch falls back
  /// to the table (slower, never wrong).
  public static func standardEntry(named name: String) -> CommandEntry? {
    switch name {
    case "plot": return .plot
    case "replot": return .replot
    case "bar": return .bar
    case "hist": return .hist
    case "redraw": return .redraw
    case "xrange": return .xrange
    case "yrange": return .yrange
    case "zoom": return .zoom
    case "pan": return .pan
    case "center": return .center
    case "reset": return .reset
    case "view": return .view
    case "explore": return .explore
    case "undo": return .undo
    case "set": return .set
    case "unset": return .unset
    case "show": return .show
    case "stats": return .stats
    case "fit": return .fit
    case "update": return .update
    case "save": return .save
    case "export": return .export
    case "stream": return .stream
    case "roots": return .roots
    case "extrema": return .extrema
    case "intersect": return .intersect
    case "integrate": return .integrate
    case "area": return .area
    case "inflections": return .inflections
    case "tangent": return .tangent
    case "table": return .table
    case "mark": return .mark
    case "unmark": return .unmark
    case "mode": return .mode
    case "rpn": return .rpn
    case "describe": return .describe
    case "vars": return .vars
    case "print": return .print
    case "pause": return .pause
    case "help": return .help
    case "quit": return .quit
    case "exit": return .exit
    case "undefine": return .undefine
    case "array": return .array
    // A command added to the table but not here is still found (through the table).
    default: return standardNames.contains(name) ? standard.entry(named: name) : nil
    }
  }

  /// Every command of graphcalc, in the order `help` lists them; built at its first use
  /// (a session's first command word), not at start-up.
  public static let standard = CommandTable(
    [
      .plot, .replot, .bar, .hist, .redraw, .xrange, .yrange, .zoom, .pan, .center, .reset, .view,
      .explore,
      .undo, .set, .unset, .show, .stats, .fit, .update, .save, .export, .stream, .roots, .extrema,
      .intersect,
      .integrate, .area, .inflections, .tangent, .table, .mark, .unmark, .mode, .rpn, .describe,
      .vars, .print, .pause,
      .load, .call, .help, .quit, .exit, .undefine, .array, .refresh,
    ])
}

/// One line parsed: the command to run and the entry it came from (nil for a calculation).
struct ParsedLine: Sendable {
  /// The entry of the command word, nil for a plain calculation (or a blank line).
  var entry: CommandEntry?
  /// The command word as typed, for error carets.
  var head: Word?
  /// The command's value; nil for a blank line.
  var command: (any SessionCommand)?
}

extension Session {
  /// Parses one line into the command it asks for, without changing the session: a line
  /// whose first token is a command word runs that command; any other line is a
  /// calculation in the session's mode.
  ///
  /// - Parameter line: The line as typed.
  /// - Returns: The parsed line.
  /// - Throws: `CommandError` located in `line`: a string without its closing quote, an
  ///   argument the command cannot take, or a command that steers plots while a bar chart
  ///   is shown.
  func parse(_ line: String) throws(CommandError) -> ParsedLine {
    let lexed = try CommandLexer.lex(line)
    guard let first = lexed.tokens.first else { return ParsedLine() }
    if first.kind == .name, isCommandWord(first.text), let entry = commandEntry(named: first.text) {
      // Refused before its arguments are read: they are a plot's, and a bar chart is shown.
      if entry.steersPlotOnly, showsBarChart {
        throw CommandError(.barChartShown(command: entry.name), at: first.span)
      }
      let arguments = CommandArguments(
        line: lexed, range: 1..<lexed.tokens.count, start: first.span.upperBound)
      let head = Word(first.text, at: first.offset)
      return ParsedLine(entry: entry, head: head, command: try entry.parse(arguments))
    }
    let head = first.kind == .name ? Word(first.text, at: first.offset) : nil
    if let assignment = try stringAssignment(lexed) {  // `msg = "text"`
      return ParsedLine(head: head, command: assignment)
    }
    return ParsedLine(
      head: head, command: Calculation(line: lexed.rest(from: 0), mode: mode, head: head))
  }
}
