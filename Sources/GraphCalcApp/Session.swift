import CalculatorBrain
import DataFiles
import GraphView
import TextAndNumbers

/// What one line produced: text for standard output, an error for standard error, and
/// whether to leave.
public struct Reply: Sendable, Hashable {
  /// The text to print: empty, or lines each ending in a newline.
  public var output: String
  /// The error, if the line failed.
  public var error: CommandError?
  /// Whether the line asked to leave (`quit`, `exit`).
  public var quits: Bool
  /// Whether the line asked for the interactive view (`explore`); the REPL starts it with
  /// `Session.exploreState()` on a terminal.
  public var startsExplore = false
  /// A live stream the line asked for (`stream`); the executable runs it.
  public var stream: StreamRequest? = nil
  /// The line the error's columns refer to when it is not the line just run: the
  /// `plot "-"` whose data this line ended (`Session+InlineData.swift`).
  public var errorLine: String? = nil
  /// Whether an interactive prompt shows the plot again after this reply: the line changed
  /// what the plot draws without drawing it (`tangent` adds its line; DECISIONS keeps an
  /// analysis command's standard output to its answer, which scripts and pipes read).
  public var redrawsAtThePrompt = false
  /// How many blocks of inline data the command waits for (`plot "-"`), 0 for none.
  var awaitsInlineBlocks = 0
  /// The wait `pause` asked for (Commands+Pause.swift); the executable shows its text and
  /// waits, or not, as standard input allows.
  public var pause: PauseRequest? = nil
  /// The file `load` or `call` asked to run (Commands+Load.swift); the executable runs it
  /// between `Session.enterScript` and `Session.leaveScript`.
  public var load: ScriptCall? = nil
  /// How many lines before the line just run `errorLine` was read: a line of the block
  /// (`do for ... {` ... `}`) that this line ended, or the line that opened a block the
  /// input ended in; 0 for the line itself. Scripts name that line's number.
  public var errorLinesBack = 0

  /// Creates a reply.
  ///
  /// - Parameters:
  ///   - output: Lines each ending in a newline, or empty.
  ///   - error: The error, if any.
  ///   - quits: Whether to leave.
  public init(output: String = "", error: CommandError? = nil, quits: Bool = false) {
    self.output = output
    self.error = error
    self.quits = quits
  }

  /// The reply that prints `text` (a newline is added when it has none).
  static func text(_ text: String) -> Reply {
    Reply(output: text.isEmpty || text.hasSuffix("\n") ? text : text + "\n")
  }
}

/// What a session shows: nothing yet, the current plot, or the current bar chart. The view
/// commands act on what is shown (`pan` moves a plot's view or scrolls a bar chart).
public enum Shown: Sendable, Hashable {
  /// Nothing has been drawn yet.
  case nothing
  /// The current plot (`curves`).
  case plot
  /// The current bar chart.
  case barChart
}

/// One graphcalc session: the calculator, the input mode, the view and the current plot,
/// driven one line at a time. Testable without a terminal or a file system (except
/// `export`, which writes the file it is asked to).
///
/// `run` parses a line into a command (`parse`, which never changes the session), then runs
/// it. A line whose first word is a command of `commands` runs that command; any other line
/// goes to the calculator. `#` starts a comment outside quotes (`CommandLexer`).
public struct Session: Sendable {
  /// The calculator with the user's variables and functions; the command words are its
  /// reserved words.
  public internal(set) var brain: CalculatorBrain
  /// How plain lines and `plot`'s functions are read.
  public internal(set) var mode: CalculatorBrain.Mode = .infix
  /// The view: x range and y range (fixed or automatic).
  public internal(set) var view = ViewState()
  /// The current plot's functions and data series, or nil before the first `plot`.
  public internal(set) var curves: FunctionCurves? {
    _read { yield curvesStorage.value }
    _modify {
      if !isKnownUniquelyReferenced(&curvesStorage) {
        curvesStorage = OutOfLine(curvesStorage.value)
      }
      yield &curvesStorage.value
    }
  }
  /// `curves`, kept out of line (3.7 KB inline) so that copying a session copies a reference.
  private var curvesStorage = OutOfLine<FunctionCurves?>(nil)
  /// What is shown: nothing, the plot or the bar chart.
  public internal(set) var shown = Shown.nothing
  /// The commands this session runs (`CommandTable.standard`, or a test's table). The
  /// standard table is built at the first command word a session reads, not with the
  /// session (`-e 1+1` never builds it).
  public var commands: CommandTable { ownCommands ?? .standard }
  /// The table given to `init`, or nil for the standard one.
  private let ownCommands: CommandTable?
  /// gnuplot's string variables (`msg = "..."`), by name: the command layer's, never the
  /// calculator's (StringExpression.swift).
  public var strings: [String: String] = [:]
  /// Whether gnuplot's GPVAL_ values are in `strings` and the calculator's variables
  /// (`updateGPVAL`, at the first line that names one).
  var gpvalInPlace = false
  /// The `if`/`do for`/`while` block or data block whose lines are being read, run or kept
  /// once it ends (Session+Blocks.swift).
  var openBlock: OpenBlock?
  /// Where the output of a block's commands goes as each one runs (a long loop's `print`s
  /// show as they come); nil keeps it in the block's reply (tests). Set by the executable.
  public var blockOutput: (@Sendable (String) -> Void)?
  /// The `load`/`call` files running, innermost last (Commands+Load.swift).
  var scriptFrames: [ScriptFrame] = []
  /// gnuplot's `rand` generator (GnuplotRandom.swift), drawn from where the command layer
  /// evaluates an expression once.
  public let random = GnuplotRandom()
  /// The terminal the plot is drawn for; the REPL updates it before each line.
  public var terminalSize: TerminalSize
  /// How data files are read and whether x follows the data (`Session+Data.swift`).
  var data = DataSettings()
  /// How terminal plots look: canvas and colour (`set canvas`, `set color`).
  public var display = TerminalDisplay()
  /// Asks the terminal what it can show and answers the canvas to use, given the character
  /// canvas to fall back on (set by the executable for interactive terminals; see
  /// `TerminalProbe`), whether its background is dark, whether pictures go through tmux's
  /// passthrough, and a note to show (inside tmux: which canvas, and why); nil in tests and
  /// when output is not a terminal.
  public var canvasProbe:
    (
      @Sendable (CanvasKind) -> (
        canvas: CanvasKind, darkBackground: Bool, passthrough: Bool, note: String?
      )
    )?
  /// Asks tmux whether its `allow-passthrough` is on for this pane; set by the executable
  /// when graphcalc runs inside tmux at an interactive terminal, nil elsewhere (and in
  /// tests). `set canvas kitty|iterm|sixel` asks it: pictures are then wrapped for tmux, or
  /// refused when the passthrough is off.
  public var tmuxPassthrough: (@Sendable () -> Bool)?
  /// Whether what the session prints is thrown away unread (standard output is
  /// `/dev/null`); set by the executable, asked at each terminal picture of a plot (not at
  /// start-up), nil in tests. When it answers true, `plot`, `zoom`, `pan` and the other
  /// commands that redraw skip sampling and drawing the terminal picture nobody would see
  /// (`graphcalc -e 'plot ...' -e 'export svg F' > /dev/null` samples once, for the SVG);
  /// the view, the automatic ranges and every error are the same (Docs/design.md, "Pictures
  /// nobody sees").
  public var standardOutputDiscarded: (@Sendable () -> Bool)?
  /// The theme of pictures in the terminal: `theme`, or `dark` in place of `default` on a
  /// terminal whose background is dark (OSC 11), so a plot is not a white slab there.
  public var inlineTheme: Theme {
    theme == .default && display.darkBackground ? .dark : theme
  }
  /// The pictures' look (`set theme`): colours, fills and line widths of SVG, PNG and PDF.
  /// `Theme.default` until one is set, made at the first picture, not in `init`: a
  /// calculation never builds a theme (its lazy global, palette array and their metadata
  /// cost page faults in every `-e 1+1`; Docs/performance.md, "Stop 35").
  public var theme: Theme {
    get { chosenTheme ?? .default }
    set { chosenTheme = newValue }
  }
  /// The theme `set theme` chose; nil for `Theme.default`.
  private var chosenTheme: Theme?
  /// What `unset canvas` and `unset color` go back to: the display the session started
  /// with (the executable sets it from the terminal and `--color`).
  public var defaultDisplay = TerminalDisplay()
  /// The views left, for `undo` (shared with `explore`).
  var viewHistory = ViewHistory()
  /// The bar chart, its scroll offset and style (`Session+Bar.swift`).
  var bars = BarSettings()
  /// The sampler's limits per function curve for plots and exports (tests make it small).
  var samplingBudget = SamplingBudget.default
  /// The title, axis labels, key and grid of plots (`set title`, `set key`, ...).
  var labels: PlotLabels {
    _read { yield labelsStorage.value }
    _modify {
      if !isKnownUniquelyReferenced(&labelsStorage) {
        labelsStorage = OutOfLine(labelsStorage.value)
      }
      yield &labelsStorage.value
    }
  }
  /// `labels`, kept out of line (3.4 KB inline) so that copying a session copies a reference.
  private var labelsStorage = OutOfLine(PlotLabels())
  /// gnuplot's multiplot: the page being put together, or the last one (Session+Multiplot).
  var multiplot = MultiplotState()
  /// gnuplot's terminal, output file and print destination (`set terminal`, `set output`,
  /// `set print`; Commands+Terminal.swift).
  var output = OutputSettings()
  /// The `plot "-"` waiting for its data lines, if any (`Session+InlineData.swift`).
  var inlineData: InlineDataRequest?
  /// The blocks of inline data of the line running again after its data were read; the
  /// first `plot "-"` takes them (a second one on the line waits for data of its own).
  var inlineBlocks: [[UInt8]]?
  /// How `fit` runs and reports (`set fit`).
  var fitSettings = FitSettings()
  /// What the last `fit` did, for `save fit` and `update` (Commands+FitFiles.swift).
  var lastFit: LastFit?
  /// The last table of values (`table`), which `export values` writes.
  var values: ValueTable?
  /// How integer results print: the base (`set base`) and whether a very long one is
  /// shortened (`Commands+Numbers.swift`).
  public var numbers = NumberDisplay()

  /// Creates a session with the default view and nothing plotted.
  ///
  /// - Parameters:
  ///   - terminalSize: The terminal the plot is drawn for (cells).
  ///   - commands: The commands it runs (nil: `CommandTable.standard`); their names are the
  ///     calculator's reserved words.
  public init(
    terminalSize: TerminalSize = TerminalSize(columns: 80, rows: 24),
    commands: CommandTable? = nil
  ) {
    self.terminalSize = terminalSize
    self.ownCommands = commands
    self.brain = CalculatorBrain(
      reservedWords: Set(commands?.names ?? CommandTable.standardNames))
    // gnuplot's GPVAL_ values are put in place at the first line that names one (or at
    // `set terminal|output`, `show variables`): a calculation does not build them.
  }

  /// Whether `word` names one of this session's commands, without building the standard
  /// table (its names are written out: `CommandTable.standardNames`).
  func isCommandWord(_ word: String) -> Bool {
    if let ownCommands { return ownCommands.entry(named: word) != nil }
    return CommandTable.standardNames.contains(word)
  }

  /// The entry of this session's command `name`, without building the standard table
  /// (`CommandTable.standardEntry(named:)`), or nil.
  func commandEntry(named name: String) -> CommandEntry? {
    if let ownCommands { return ownCommands.entry(named: name) }
    return CommandTable.standardEntry(named: name)
  }

  /// Runs one line: parses it, then runs the command.
  ///
  /// - Parameter line: What the user typed, without its newline.
  /// - Returns: The output, or the error (its location is in `line`'s columns), and
  ///   whether to leave.
  public mutating func run(_ line: String) -> Reply {
    if inlineData != nil { return takeInlineData(line) }  // a line of `plot "-"`'s data
    if let reply = blockReply(line) { return reply }  // gnuplot's blocks (Session+Blocks)
    return runCommands(line)
  }

  /// Runs a line that is no business of blocks: its macros (`@NAME`) and call parameters
  /// put in, its plot iterations (`plot for [...]`) written out, then its commands.
  mutating func runCommands(_ line: String) -> Reply {
    if !gpvalInPlace, Session.anyNeedle(in: line, ["GPVAL"]) { updateGPVAL() }
    var text = line
    do throws(CommandError) {
      // gnuplot's macros `@NAME` (Session+Macros.swift): the error's columns are then in the
      // line as expanded, which the reply names.
      if let expanded = try expandingMacros(in: text) { text = expanded }
      // gnuplot 4's `$0 ... $9` in a file that `call` runs: likewise.
      if let substituted = oldStyleParameters(in: text) { text = substituted }
      if let written = try expandingPlotIterations(in: text) { text = written }
    } catch {
      var failed = Reply(error: error)
      if text != line { failed.errorLine = text }
      return failed
    }
    var reply = runSubstituted(text)
    if reply.error != nil, reply.errorLine == nil, text != line { reply.errorLine = text }
    return reply
  }

  /// `run(_:)` of a line whose call parameters are in place.
  private mutating func runSubstituted(_ line: String) -> Reply {
    DataFile.forgetStreams()  // a FIFO or pipe named again is read anew
    let pieces = Session.separatedCommands(in: line)
    if pieces.count > 1 { return run(pieces, of: line) }
    let reply = runOne(line)
    if reply.awaitsInlineBlocks > 0 {
      inlineData = InlineDataRequest(
        line: line, pieces: [.init(text: line, offset: 0)], blockCount: reply.awaitsInlineBlocks)
      return Reply(output: reply.output)
    }
    return reply
  }

  /// The commands of a line: its pieces between `;` outside strings and comments (gnuplot's
  /// separator), each with the column it starts at; the whole line when it has no `;` (or
  /// cannot be lexed: the error is then the command's).
  static func separatedCommands(in line: String) -> [(text: String, offset: Int)] {
    guard line.contains(";"), let lexed = try? CommandLexer.lex(line) else {
      return [(line, 0)]
    }
    let cuts = lexed.tokens.filter { $0.kind == .symbol && $0.text == ";" }.map(\.offset)
    guard !cuts.isEmpty else { return [(line, 0)] }
    let chars = Array(line)
    var pieces: [(text: String, offset: Int)] = []
    var start = 0
    for cut in cuts + [chars.count] {
      pieces.append((String(characters: chars[start..<cut]), start))
      start = cut + 1
    }
    return pieces
  }

  /// Runs the commands of one line in order (`plot sin(x); export svg a.svg`): their output
  /// joined, stopping at the first error, located in the whole line. `explore`, `stream`
  /// and `quit` take over the terminal or end the session: only the last command may be one.
  mutating func run(_ pieces: [(text: String, offset: Int)], of line: String) -> Reply {
    for (k, piece) in pieces.enumerated() where k < pieces.count - 1 {
      guard let first = try? CommandLexer.lex(piece.text).tokens.first, first.kind == .name,
        let entry = commandEntry(named: first.value),
        ["explore", "stream", "quit", "exit", "load", "call"].contains(entry.name)
      else { continue }
      let rest = pieces[k + 1].offset - 1..<line.count
      return Reply(error: CommandError(.mustEndTheLine(entry.name), at: rest))
    }
    var joined = Reply()
    for piece in pieces {
      if piece.text.allSatisfy(\.isWhitespace) { continue }
      var reply = runOne(piece.text)
      joined.output += reply.output
      if reply.awaitsInlineBlocks > 0 {  // `plot "-"`: the rest of the line waits for its data
        let rest = pieces.drop(while: { $0.offset != piece.offset })
        inlineData = InlineDataRequest(
          line: line, pieces: rest.map { .init(text: $0.text, offset: $0.offset) },
          blockCount: reply.awaitsInlineBlocks)
        return Reply(output: joined.output)
      }
      if var error = reply.error {
        if let at = error.location {
          error.location = (at.lowerBound + piece.offset)..<(at.upperBound + piece.offset)
        }
        joined.error = error
        return joined
      }
      reply.output = joined.output
      joined = reply
    }
    return joined
  }

  /// Runs one command.
  private mutating func runOne(_ line: String) -> Reply {
    do throws(CommandError) {
      let parsed = try parse(line)
      guard let command = parsed.command else { return Reply() }
      guard display.autoCanvas, let entry = parsed.entry, Session.draws(entry),
        let note = resolveCanvas()
      else { return try execute(command, entry: parsed.entry) }
      return try execute(command, entry: entry, afterNote: note)
    } catch {
      return Reply(error: error)
    }
  }

  /// Whether a command of `entry` draws a plot or bar chart (the canvas must be known
  /// first): `plot`, `bar`, `redraw`, `explore`, `stream`, and the commands that change the
  /// view.
  static func draws(_ entry: CommandEntry) -> Bool {
    entry.changesView || ["plot", "bar", "redraw", "explore", "stream"].contains(entry.name)
  }

  /// Asks the terminal which canvas it can show (`canvasProbe`, once), and keeps it; the
  /// canvas stays as it is when there is no probe (tests, pipes).
  ///
  /// - Returns: The probe's note (inside tmux: the canvas and why), to show before the
  ///   plot; nil when there is none.
  @discardableResult
  public mutating func resolveCanvas() -> String? {
    guard display.autoCanvas else { return nil }
    display.autoCanvas = false
    guard let probe = canvasProbe else { return nil }
    let found = probe(display.canvas)
    display.canvas = found.canvas
    display.darkBackground = found.darkBackground
    display.passthrough = found.passthrough
    return found.note
  }

  /// Runs a drawing command after the probe's `note`: the note goes first in the output,
  /// and the plot is drawn that many rows shorter (the rows the note takes at the
  /// terminal's width), so the note, the plot and the prompt fill the screen and no row of
  /// a full-height plot or picture scrolls off the top.
  private mutating func execute(
    _ command: any SessionCommand, entry: CommandEntry, afterNote note: String
  )
    throws(CommandError) -> Reply
  {
    let size = terminalSize
    let width = max(1, size.columns)
    let noteRows = max(1, (StreamOutput.visibleWidth(note) + width - 1) / width)
    terminalSize = TerminalSize(
      columns: size.columns,
      rows: max(PlotOutput.minimumTerminal.rows, size.rows - noteRows))
    defer { terminalSize = size }
    var reply = try execute(command, entry: entry)
    reply.output = reply.output.isEmpty ? note : note + "\n" + reply.output
    return reply
  }

  /// Runs a parsed command: records a view change for `undo` when its entry changes the
  /// view, and notes its effect on an x range that follows the data (even when it fails).
  private mutating func execute(_ command: any SessionCommand, entry: CommandEntry?)
    throws(CommandError) -> Reply
  {
    let before = view
    defer { if let entry { noteXRange(entry.dataX, before: before.xRange) } }
    let reply = try command.run(in: &self)
    if entry?.changesView == true, view != before { viewHistory.push(before) }
    return reply
  }

  // MARK: Calculator

  /// Runs `text` through the calculator and shows its outcome: a value, the RPN results, or
  /// nothing for an assignment or definition.
  mutating func calculator(_ text: Word, mode: CalculatorBrain.Mode) throws(CommandError)
    -> Reply
  {
    let outcome: CalculatorBrain.Outcome
    let text = mode == .infix ? try replacingStringIslands(in: text) : text
    do {
      outcome = try brain.execute(text.text, mode: mode)
    } catch {
      // gnuplot's string-valued functions and arrays, named (Commands+Blocks.swift).
      if let refused = Session.gnuplotOnlyForm(text) { throw refused }
      throw CommandError(error, shiftedBy: text.offset)
    }
    switch outcome {
    case .value(let value): return .text(numberText(value))
    case .inBase(let value, let base): return .text(numberText(value, base: base))
    case .assigned, .defined: return Reply()
    case .rpn(let results):
      return .text(
        results.map { "\($0.description) = \(numberText($0.value, base: $0.base))" }
          .joined(separator: "\n"))
    }
  }

  /// Whether `name` means something to the calculator (a variable, a function, a constant).
  func isKnownName(_ name: String) -> Bool {
    brain.variables[name] != nil || brain.functions[name] != nil
      || Builtins.functions[name] != nil || Builtins.integerFunctions[name] != nil
      || Builtins.constants[name] != nil || name == "x"
      || CalculatorBrain.answerFunctions[name] != nil
  }

  /// The value of the argument `word`, an infix expression with the user's variables.
  func number(_ word: Word) throws(CommandError) -> Double {
    let word = try replacingStringIslands(in: word)
    do {
      let expr = try brain.parse(expression: word.text)
      return try brain.evaluate(expr)
    } catch {
      var located = CommandError(error, shiftedBy: word.offset)
      if located.location == nil { located.location = word.span }
      throw located
    }
  }

  /// The values of `words`, each finite.
  ///
  /// - Throws: `CommandError` at a word that is not an expression or not finite.
  func finiteNumbers(_ words: [Word], command: String) throws(CommandError) -> [Double] {
    var values: [Double] = []
    for word in words {
      let value = try number(word)
      guard value.isFinite else {
        throw CommandError(.notFinite(command: command, value: value), at: word.span)
      }
      values.append(value)
    }
    return values
  }

  /// "usage: ..." for `command` after a wrong number of arguments.
  static func usageError(_ command: String, given: Int, at location: Range<Int>?) -> CommandError {
    let forms =
      CommandTable.standard.entry(named: command)?.usage.joined(separator: " | ") ?? command
    return CommandError(.usage(forms, separatedArguments: given > 1), at: location)
  }

  // MARK: Plot and view

  /// The current plot (or the bar chart, when it is shown) drawn for the terminal, or
  /// nothing when there is none.
  func redraw() throws(CommandError) -> Reply {
    if showsBarChart { return barRedraw() }
    if let file = outputFile {  // `set output "FILE"`: the file, not the terminal
      return try writeOutput(file, page: multiplot.isActive && multiplot.hasPage)
    }
    if multiplot.isActive, multiplot.hasPage { return try drawPage() }
    guard let curves = currentCurves() else { return Reply() }
    if standardOutputDiscarded?() == true {
      try PlotOutput.checkTerminalSize(terminalSize)
      return Reply()
    }
    let drawn = try PlotOutput.terminalWithNotes(
      curves, size: terminalSize, canvas: display.canvas, colors: display.colors,
      budget: samplingBudget, cellPixels: display.cellPixels, theme: inlineTheme,
      passthrough: display.passthrough)
    return .text(([drawn.text] + drawn.notes).joined(separator: "\n"))
  }

  /// What is shown drawn again after a display change (the bar chart, or the plot without
  /// its notes), or nothing when there is none.
  func redrawForDisplay() throws(CommandError) -> Reply {
    if showsBarChart { return barRedraw() }
    guard let curves else { return Reply() }
    var shown = curves
    shown.xRange = view.xRange
    shown.labels = labels
    let auto = Autoscale.yRange(of: shown, xRange: view.xRange)
    shown.yRange = view.currentY(auto) ?? auto
    return .text(
      try PlotOutput.terminalWithNotes(
        shown, size: terminalSize, canvas: display.canvas, colors: display.colors,
        cellPixels: display.cellPixels, theme: inlineTheme, passthrough: display.passthrough
      ).text)
  }

  /// A size in pixels: a whole number from 16 to 10000.
  func pixels(_ word: Word) throws(CommandError) -> Int {
    let value: Double
    do {
      value = try number(word)
    } catch {
      throw CommandError(.pixelSizeNotANumber(word: word.text), at: word.span)
    }
    guard value.isFinite, value == value.rounded(), value >= 16, value <= 10_000 else {
      throw CommandError(.pixelSizeOutOfRange(value), at: word.span)
    }
    return Int(value)
  }
}

/// A value kept out of line and copied on write, as the standard library's collections keep
/// theirs: a copy of the struct that holds it copies one reference, and the first change
/// through a shared copy copies the value (the holder's `_modify` checks
/// `isKnownUniquelyReferenced`). `Session` keeps its two largest parts
/// so (its size fell from 8,882 to about 1,700 bytes; a one-line calculation copies the
/// session about twenty times, 88 k of `-e 1+1`'s 428 k instructions in memcpy before).
final class OutOfLine<Value: Sendable>: @unchecked Sendable {
  /// The value. Changed only through a reference known to be unique.
  var value: Value

  /// Keeps `value`.
  init(_ value: Value) { self.value = value }
}
