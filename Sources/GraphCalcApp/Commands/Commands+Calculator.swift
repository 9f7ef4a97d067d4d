import CalculatorBrain

// Calculations and the calculator's commands: mode, rpn, describe, vars, help, quit, exit.

extension CommandEntry {
  /// `mode [infix|rpn|deg|rad]`.
  static let mode = CommandEntry(
    name: "mode", usage: ["mode [infix|rpn|deg|rad]"],
    summary: "infix or RPN input, degrees or radians",
    details: """
      Chooses how plain lines (and plot's functions) are read: infix (the default,
      2 + 3 * 4) or RPN (Reverse Polish, 2 3 4 * +); and the unit of angles: rad (the
      default) or deg, for sin, cos, tan and the angles asin, acos, atan, atan2 give, at
      the prompt and in plot (mode deg: sin(30) is 0.5, asin(1) is 90). 'mode' alone
      shows both (infix rad). help numbers explains why cos(90) is 6.12e-17.
      """, keywords: ["infix", "rpn", "deg", "rad"]
  ) { arguments throws(CommandError) in
    switch arguments.text.text {
    case "": return SetMode(mode: nil)
    case "infix": return SetMode(mode: .infix)
    case "rpn": return SetMode(mode: .rpn)
    case "deg": return SetMode(angleUnit: .degrees)
    case "rad": return SetMode(angleUnit: .radians)
    default:
      throw CommandError(
        .usage("mode infix | mode rpn | mode deg | mode rad"), at: arguments.text.span)
    }
  }

  /// `rpn PROGRAM`.
  static let rpn = CommandEntry(
    name: "rpn", usage: ["rpn PROGRAM"], summary: "evaluate one RPN program",
    details: """
      Evaluates PROGRAM in Reverse Polish notation whatever the mode, and shows each
      result with its infix form: rpn 3 4 + 5 * shows (3 + 4) * 5 = 35.
      Operands come first, then the operator, as on an HP calculator; functions take
      their arguments from the stack: rpn 2 sqrt, rpn 1 2 atan2. A program that leaves
      several values shows each. 'mode rpn' reads every plain line as RPN.
      """
  ) { arguments throws(CommandError) in
    guard !arguments.isEmpty else {
      throw CommandError(.needs(word: "rpn", what: "a program, as in: rpn 3 4 + 5 *"))
    }
    return Calculation(line: arguments.rawText, mode: .rpn, head: nil)
  }

  /// `describe EXPR`.
  static let describe = CommandEntry(
    name: "describe", usage: ["describe EXPR"], summary: "show how an expression is read",
    details: """
      Shows EXPR with every parenthesis explicit, to check precedence:
      describe 2^3^2 shows (2 ^ (3 ^ 2)).
      """
  ) { arguments throws(CommandError) in
    guard !arguments.isEmpty else { throw CommandError(.usage("describe EXPR")) }
    return Describe(expression: arguments.rawText)
  }

  /// `vars`.
  static let vars = CommandEntry.noArguments(
    "vars", usage: ["vars"], summary: "list variables and functions",
    details: "Lists the variables and the functions you defined, with their values and bodies.",
    ListVariables())

  /// `help [NAME]`.
  static let help = CommandEntry(
    name: "help", usage: ["help [NAME]"], summary: "list commands, or explain one",
    details: """
      'help' lists the commands; 'help NAME' explains a command, a built-in function
      or constant, a function you defined, or a topic ('help expressions').
      """
  ) { arguments throws(CommandError) in
    ShowHelp(name: arguments.isEmpty ? nil : arguments.text)
  }

  /// `quit`.
  static let quit = CommandEntry.noArguments(
    "quit", usage: ["quit"], summary: "leave (also exit, Ctrl-D)",
    details: "Leaves graphcalc. Ctrl-D on an empty line does too; Ctrl-C abandons a line.", Quit())

  /// `exit`.
  static let exit = CommandEntry.noArguments(
    "exit", usage: ["exit"], summary: "leave (also quit, Ctrl-D)",
    details: "Leaves graphcalc, as quit does.", hiddenFromList: true, Quit())
}

/// A plain line (or `rpn PROGRAM`): the calculator's, in `mode`.
struct Calculation: SessionCommand, Hashable {
  /// The program, as typed, at its column.
  var line: Word
  /// How to read it.
  var mode: CalculatorBrain.Mode
  /// The line's first word when it is a name, for "unknown command" suggestions.
  var head: Word?

  /// Runs the line; when it fails and its first word is an unknown name close to a
  /// command, the error is "unknown command" with the suggestion instead.
  func run(in session: inout Session) throws(CommandError) -> Reply {
    do {
      var reply = try session.calculator(line, mode: mode)
      session.forgetString(assignedIn: line.text)  // `msg = 3` after `msg = "text"`
      if mode == .infix, let hint = Session.plotHint(for: line.text) {
        reply.output += hint + "\n"
      }
      return reply
    } catch {
      if mode == .infix, let hint = Session.plotHint(for: line.text) {
        var hinted = error
        hinted.hint = hint
        throw hinted
      }
      if let head, !session.isKnownName(head.text),
        let command = Suggestions.nearest(to: head.text, among: session.commands.names)
      {
        throw CommandError(.unknownCommand(head.text, suggestion: command), at: head.span)
      }
      throw error
    }
  }
}

/// `mode`, `mode infix`, `mode rpn`, `mode deg`, `mode rad`.
struct SetMode: SessionCommand, Hashable {
  /// The language to choose; nil (with no angle unit either) to tell the current modes.
  var mode: CalculatorBrain.Mode?
  /// The unit of angles to choose, if this chooses it.
  var angleUnit: AngleUnit? = nil

  func run(in session: inout Session) throws(CommandError) -> Reply {
    if let angleUnit {
      session.brain.angleUnit = angleUnit
      return Reply()
    }
    guard let mode else {
      return .text(
        "\(session.mode == .infix ? "infix" : "rpn") \(session.brain.angleUnit.rawValue)")
    }
    session.mode = mode
    return Reply()
  }
}

/// `describe EXPR`: the expression with every parenthesis explicit.
struct Describe: SessionCommand, Hashable {
  /// The expression (an RPN program in RPN mode), as typed.
  var expression: Word

  func run(in session: inout Session) throws(CommandError) -> Reply {
    do {
      switch session.mode {
      case .infix:
        return .text(
          CalculatorBrain.describe(try session.brain.parse(expression: expression.text)))
      case .rpn:
        let stack = try CalculatorBrain.parseRPN(expression.text)
        return .text(stack.map(CalculatorBrain.describe).joined(separator: "\n"))
      }
    } catch {
      throw CommandError(error, shiftedBy: expression.offset)
    }
  }
}

/// `vars`: the user's variables and functions.
struct ListVariables: SessionCommand, Hashable {
  func run(in session: inout Session) throws(CommandError) -> Reply {
    // gnuplot's GPVAL_ variables are the session's, not the user's (show variables GPVAL).
    let listing = session.brain.listing.filter { !$0.hasPrefix("GPVAL_") }
    return .text(
      listing.isEmpty ? "no variables or functions yet" : listing.joined(separator: "\n"))
  }
}

/// `help [NAME]`.
struct ShowHelp: SessionCommand, Hashable {
  /// What to explain; nil for the command list.
  var name: Word?

  func run(in session: inout Session) throws(CommandError) -> Reply {
    let commands = session.commands
    guard let name else { return .text(Help.overview(of: commands)) }
    if let text = Help.text(for: name.text, commands: commands) { return .text(text) }
    let brain = session.brain
    if let function = brain.functions[name.text] {
      return .text(
        "\(function.name)(\(function.parameters.joined(separator: ", "))) = "
          + CalculatorBrain.infixDescription(function.body) + "  (your function)")
    }
    if let value = brain.variables[name.text] {
      return .text("\(name.text) = \(CalculatorBrain.format(value))  (your variable)")
    }
    let known =
      Help.names(commands: commands) + Array(brain.functions.keys) + Array(brain.variables.keys)
    let suggestion = Suggestions.nearest(to: name.text, among: known)
    throw CommandError(.unknownName(.helpTopic, name.text, suggestion: suggestion), at: name.span)
  }
}

/// `quit` or `exit`.
struct Quit: SessionCommand, Hashable {
  func run(in session: inout Session) throws(CommandError) -> Reply { Reply(quits: true) }
}
