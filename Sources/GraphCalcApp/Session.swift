import CalculatorBrain
import GraphView

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

/// One graphcalc session: the calculator, the input mode, the view and the current plot,
/// driven one line at a time. Testable without a terminal or a file system (except
/// `export`, which writes the file it is asked to).
///
/// A line whose first word is a command (`plot`, `zoom`, ... see `Help.commands`) runs it;
/// any other line goes to the calculator. `#` starts a comment outside double quotes.
public struct Session: Sendable {
  /// The calculator with the user's variables and functions.
  public private(set) var brain = CalculatorBrain()
  /// How plain lines and `plot`'s functions are read.
  public private(set) var mode: CalculatorBrain.Mode = .infix
  /// The view: x range and y range (fixed or automatic).
  public internal(set) var view = ViewState()
  /// The current plot's functions and data series, or nil before the first `plot`.
  public internal(set) var curves: FunctionCurves?
  /// The terminal the plot is drawn for; the REPL updates it before each line.
  public var terminalSize: TerminalSize
  /// How data files are read and whether x follows the data (`Session+Data.swift`).
  var data = DataSettings()
  /// How terminal plots look: canvas and colour (`set canvas`, `set color`).
  public var display = TerminalDisplay()
  /// The views left, for `undo` (shared with `explore`).
  var viewHistory = ViewHistory()
  /// The bar chart, whether it is shown, its scroll offset and style (`Session+Bar.swift`).
  var bars = BarSettings()
  /// The sampler's limits per function curve for plots and exports (tests make it small).
  var samplingBudget = SamplingBudget.default

  /// Creates a session with the default view and nothing plotted.
  ///
  /// - Parameter terminalSize: The terminal the plot is drawn for (cells).
  public init(terminalSize: TerminalSize = TerminalSize(columns: 80, rows: 24)) {
    self.terminalSize = terminalSize
  }

  /// Runs one line.
  ///
  /// - Parameter line: What the user typed, without its newline.
  /// - Returns: The output, or the error (its location is in `line`'s columns), and
  ///   whether to leave.
  public mutating func run(_ line: String) -> Reply {
    let before = view
    let undoable = viewHistory.count
    do {
      let reply = try perform(Word(Session.withoutComment(line)))
      // A view change is recorded for undo (not undo's own: it changed the history).
      if view != before, viewHistory.count == undoable { viewHistory.push(before) }
      return reply
    } catch {
      return Reply(error: error)
    }
  }

  // MARK: Dispatch

  /// The command words this session runs.
  static let commandNames = Set(Help.commands.map(\.name))

  private mutating func perform(_ line: Word) throws(CommandError) -> Reply {
    guard let (head, rest) = Session.commandHead(line) else { return Reply() }
    guard Session.commandNames.contains(head.text) else { return try calculate(line, head: head) }
    let xBefore = view.xRange
    defer { noteXRange(after: head.text, before: xBefore) }
    if let reply = try barChartCommand(head, rest) { return reply }
    switch head.text {
    case "plot":
      let reply = try plot(rest)
      bars.isCurrent = false
      return reply
    case "bar": return try bar(rest)
    case "redraw":
      try noArguments(rest, command: head.text)
      return try redraw()
    case "xrange":
      let (a, b) = try twoNumbers(rest, command: head.text)
      view.xRange = try ViewState.checkedRange(a, b, axis: "x")
      return try redraw()
    case "yrange":
      if rest.trimmed().text == "auto" {
        view.yRange = .auto
      } else {
        let (a, b) = try twoNumbers(rest, command: head.text)
        view.yRange = .fixed(try ViewState.checkedRange(a, b, axis: "y"))
      }
      return try redraw()
    case "zoom": return try zoom(rest)
    case "pan": return try pan(rest)
    case "center":
      let values = try numbers(rest, count: 1...2, command: head.text)
      try view.center(x: values[0], y: values.count > 1 ? values[1] : nil, autoY: autoY())
      return try redraw()
    case "reset":
      try noArguments(rest, command: head.text)
      view = ViewState()
      return try redraw()
    case "view":
      try noArguments(rest, command: head.text)
      return .text(viewDescription)
    case "export": return try export(rest)
    case "stats": return try stats(rest)
    case "stream": return try stream(rest)
    case "mode": return try setMode(rest)
    case "rpn": return try calculator(rest, mode: .rpn)
    case "describe": return try describe(rest)
    case "vars":
      try noArguments(rest, command: head.text)
      let listing = brain.listing
      return .text(
        listing.isEmpty ? "no variables or functions yet" : listing.joined(separator: "\n"))
    case "help": return try help(rest)
    case "set" where Session.isDatafileSetting(rest): return try setDatafile(rest)
    case "set" where Session.isBarSetting(rest): return try setBarStyle(rest)
    case "set": return try setOption(rest)
    case "explore": return try exploreCommand(rest)
    case "undo": return try undoCommand(rest)
    default:  // quit, exit
      try noArguments(rest, command: head.text)
      return Reply(quits: true)
    }
  }

  /// The line's first word when it is a name (letters, digits, `_`), and the rest of the
  /// line after it; nil for a blank line. A line that starts otherwise gets an empty head.
  static func commandHead(_ line: Word) -> (head: Word, rest: Word)? {
    let trimmed = line.trimmed()
    guard !trimmed.text.isEmpty else { return nil }
    let startsName = trimmed.text.first.map { $0.isLetter || $0 == "_" } ?? false
    let name = startsName ? trimmed.text.prefix { $0.isLetter || $0.isNumber || $0 == "_" } : ""
    let rest = Word(String(trimmed.text.dropFirst(name.count)), at: trimmed.offset + name.count)
    return (Word(String(name), at: trimmed.offset), rest)
  }

  /// The line up to a `#` outside double quotes.
  static func withoutComment(_ line: String) -> String {
    var quoted = false
    for index in line.indices {
      if line[index] == "\"" { quoted.toggle() }
      if line[index] == "#", !quoted { return String(line[..<index]) }
    }
    return line
  }

  // MARK: Calculator

  /// A plain line: the calculator's, in the session's mode. When it fails and its first
  /// word is an unknown name close to a command, the error is "unknown command" with the
  /// suggestion instead.
  private mutating func calculate(_ line: Word, head: Word) throws(CommandError) -> Reply {
    do {
      return try calculator(line, mode: mode)
    } catch {
      if !head.text.isEmpty, !isKnownName(head.text),
        let command = Suggestions.nearest(to: head.text, among: Help.commands.map(\.name))
      {
        throw CommandError(
          "unknown command '\(head.text)' (did you mean '\(command)'?)", at: head.span)
      }
      throw error
    }
  }

  /// Runs `text` through the calculator and shows its outcome: a value, the RPN results, or
  /// nothing for an assignment or definition.
  private mutating func calculator(_ text: Word, mode: CalculatorBrain.Mode) throws(CommandError)
    -> Reply
  {
    if mode == .rpn, text.trimmed().text.isEmpty {
      throw CommandError("rpn needs a program, as in: rpn 3 4 + 5 *")
    }
    let outcome: CalculatorBrain.Outcome
    do {
      outcome = try brain.execute(text.text, mode: mode)
    } catch {
      throw CommandError(error, shiftedBy: text.offset)
    }
    switch outcome {
    case .value(let value): return .text(CalculatorBrain.format(value))
    case .assigned, .defined: return Reply()
    case .rpn(let results): return .text(results.map(\.text).joined(separator: "\n"))
    }
  }

  /// Whether `name` means something to the calculator (a variable, a function, a constant).
  private func isKnownName(_ name: String) -> Bool {
    brain.variables[name] != nil || brain.functions[name] != nil
      || Builtins.functions[name] != nil || Builtins.constants[name] != nil || name == "x"
  }

  /// The value of the argument `word`, an infix expression with the user's variables.
  func number(_ word: Word) throws(CommandError) -> Double {
    do {
      let expr = try brain.parse(expression: word.text)
      return try brain.evaluate(expr)
    } catch {
      var located = CommandError(error, shiftedBy: word.offset)
      if located.location == nil { located.location = word.span }
      throw located
    }
  }

  /// The values of `count` arguments (separated by spaces outside brackets).
  private func numbers(_ rest: Word, count: ClosedRange<Int>, command: String) throws(CommandError)
    -> [Double]
  {
    let words = rest.arguments()
    guard count.contains(words.count) else {
      throw usageError(command, given: words.count, at: words.isEmpty ? nil : rest.trimmed().span)
    }
    var values: [Double] = []
    for word in words {
      let value = try number(word)
      guard value.isFinite else {
        throw CommandError(
          "\(command) needs finite numbers, got \(CalculatorBrain.format(value))", at: word.span)
      }
      values.append(value)
    }
    return values
  }

  /// The two bounds of a range; non-finite bounds are left for `ViewState.checkedRange` to
  /// explain.
  private func twoNumbers(_ rest: Word, command: String) throws(CommandError) -> (Double, Double) {
    let words = rest.arguments()
    guard words.count == 2 else {
      throw usageError(command, given: words.count, at: words.isEmpty ? nil : rest.trimmed().span)
    }
    return (try number(words[0]), try number(words[1]))
  }

  private func noArguments(_ rest: Word, command: String) throws(CommandError) {
    let trimmed = rest.trimmed()
    guard trimmed.text.isEmpty else {
      throw CommandError("\(command) takes no arguments", at: trimmed.span)
    }
  }

  /// "usage: ..." for `command` after a wrong number of arguments.
  func usageError(_ command: String, given: Int, at location: Range<Int>?) -> CommandError {
    let forms = Help.command(named: command)?.usage.joined(separator: " | ") ?? command
    let hint = given > 1 ? " (arguments are separated by spaces; group one with brackets)" : ""
    return CommandError("usage: \(forms)\(hint)", at: location)
  }

  // MARK: Plot and view

  /// The current plot (or the bar chart, when it is shown) drawn for the terminal, or
  /// nothing when there is none.
  func redraw() throws(CommandError) -> Reply {
    if showsBarChart { return barRedraw() }
    guard let curves = currentCurves() else { return Reply() }
    let drawn = try PlotOutput.terminalWithNotes(
      curves, size: terminalSize, canvas: display.canvas, colors: display.colors,
      budget: samplingBudget)
    return .text(([drawn.text] + drawn.notes).joined(separator: "\n"))
  }

  /// `zoom FACTOR | in | out`.
  private mutating func zoom(_ rest: Word) throws(CommandError) -> Reply {
    let factor: Double
    switch rest.trimmed().text {
    case "in": factor = 2
    case "out": factor = 0.5
    default: factor = try numbers(rest, count: 1...1, command: "zoom")[0]
    }
    try view.zoom(by: factor, autoY: autoY())
    return try redraw()
  }

  /// `pan DX [DY] | left | right | up | down`.
  private mutating func pan(_ rest: Word) throws(CommandError) -> Reply {
    let autoY = autoY()
    let direction = rest.trimmed().text
    switch direction {
    case "left", "right":
      try view.pan(
        dx: direction == "left" ? -view.quarterWidth : view.quarterWidth, dy: 0, autoY: autoY)
    case "up", "down":
      guard let quarter = view.quarterHeight(autoY: autoY) else { return Reply() }
      try view.pan(dx: 0, dy: direction == "down" ? -quarter : quarter, autoY: autoY)
    default:
      let values = try numbers(rest, count: 1...2, command: "pan")
      try view.pan(dx: values[0], dy: values.count > 1 ? values[1] : 0, autoY: autoY)
    }
    return try redraw()
  }

  // MARK: Export

  /// `export svg FILE [W H]` and `export table FILE [W [H]]`.
  private func export(_ rest: Word) throws(CommandError) -> Reply {
    let words = rest.arguments()
    guard let format = words.first, format.text == "svg" || format.text == "table", words.count >= 2
    else {
      throw usageError("export", given: 0, at: words.first?.span)
    }
    let path = words[1].text
    let sizes = try words.dropFirst(2).map { w throws(CommandError) in try pixels(w) }
    let width: Int
    let height: Int
    switch (format.text, sizes.count) {
    case (_, 0): (width, height) = (800, 600)
    case ("table", 1): (width, height) = (sizes[0], max(16, sizes[0] * 3 / 4))
    case (_, 2): (width, height) = (sizes[0], sizes[1])
    default:
      throw usageError(
        "export", given: 0, at: words[2].offset..<(words.last ?? words[2]).span.upperBound)
    }
    guard let curves = currentCurves() else {
      throw CommandError("nothing to export: plot something first")
    }
    let drawn =
      format.text == "svg"
      ? PlotOutput.svgWithNotes(curves, width: width, height: height, budget: samplingBudget)
      : PlotOutput.tableWithNotes(curves, width: width, height: height, budget: samplingBudget)
    try AtomicFile.write(drawn.text, to: path)
    return .text((["wrote \(path) (\(width)x\(height))"] + drawn.notes).joined(separator: "\n"))
  }

  /// A size in pixels: a whole number from 16 to 10000.
  func pixels(_ word: Word) throws(CommandError) -> Int {
    let value: Double
    do {
      value = try number(word)
    } catch {
      throw CommandError(
        "a size in pixels is a number, got '\(word.text)' (a file name with spaces goes in double quotes)",
        at: word.span)
    }
    guard value.isFinite, value == value.rounded(), value >= 16, value <= 10_000 else {
      throw CommandError(
        "a size in pixels is a whole number from 16 to 10000, got \(CalculatorBrain.format(value))",
        at: word.span)
    }
    return Int(value)
  }

  // MARK: Mode, describe, help

  private mutating func setMode(_ rest: Word) throws(CommandError) -> Reply {
    switch rest.trimmed().text {
    case "": return .text(mode == .infix ? "infix" : "rpn")
    case "infix": mode = .infix
    case "rpn": mode = .rpn
    default: throw CommandError("usage: mode infix | mode rpn", at: rest.trimmed().span)
    }
    return Reply()
  }

  private func describe(_ rest: Word) throws(CommandError) -> Reply {
    guard !rest.trimmed().text.isEmpty else { throw CommandError("usage: describe EXPR") }
    do {
      switch mode {
      case .infix:
        return .text(CalculatorBrain.describe(try brain.parse(expression: rest.text)))
      case .rpn:
        let stack = try CalculatorBrain.parseRPN(rest.text)
        return .text(stack.map(CalculatorBrain.describe).joined(separator: "\n"))
      }
    } catch {
      throw CommandError(error, shiftedBy: rest.offset)
    }
  }

  private func help(_ rest: Word) throws(CommandError) -> Reply {
    let name = rest.trimmed()
    if name.text.isEmpty { return .text(Help.overview) }
    if let text = Help.text(for: name.text) { return .text(text) }
    if let function = brain.functions[name.text] {
      return .text(
        "\(function.name)(\(function.parameters.joined(separator: ", "))) = "
          + CalculatorBrain.infixDescription(function.body) + "  (your function)")
    }
    if let value = brain.variables[name.text] {
      return .text("\(name.text) = \(CalculatorBrain.format(value))  (your variable)")
    }
    let known = Help.names + Array(brain.functions.keys) + Array(brain.variables.keys)
    let hint =
      Suggestions.nearest(to: name.text, among: known).map { " (did you mean '\($0)'?)" } ?? ""
    throw CommandError("no help for '\(name.text)'\(hint)", at: name.span)
  }
}
