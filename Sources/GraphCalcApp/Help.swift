import CalculatorBrain

/// The help texts: the commands' (from their `CommandEntry`), one a built-in function or
/// constant, and a few topics. `help` lists the commands; `help NAME` shows one entry.
public enum Help {
  /// Every command of graphcalc, in the order `help` lists them (`CommandTable.standard`).
  public static var commands: [CommandEntry] { CommandTable.standard.entries }

  /// The command named `name` in the standard table, if there is one.
  public static func command(named name: String) -> CommandEntry? {
    CommandTable.standard.entry(named: name)
  }

  /// What each built-in function computes, keyed by name: its line from the table of
  /// built-ins (`BuiltinFunction.helpLine`, `sin(x): the sine of x (radians)`).
  public static let functions: [String: String] = Dictionary(
    uniqueKeysWithValues: BuiltinFunction.allCases.map { ($0.name, $0.helpLine) })

  /// What each built-in constant is.
  public static let constants: [String: String] = [
    "pi": "pi: 3.14159..., half a turn in radians",
    "e": "e: 2.71828..., the base of the natural logarithm",
    "tau": "tau: 2*pi, a whole turn in radians",
    "inf": "inf: positive infinity",
    "nan": "nan: not a number (an undefined value)",
  ]

  /// Topics that are not commands or functions.
  public static let topics: [String: String] = [
    "expressions": """
    Expressions (infix mode):
      numbers     2  0.5  1e-3        constants  pi  e  tau  inf  nan
      operators   + - * / % ^ (right-associative: 2^3^2 is 512)  ! (factorial)
                  == != < <= > >= && || and a ? b : c (1 is true, 0 false)
      implicit    2x  2pi  3(x + 1) mean 2*x, 2*pi, 3*(x + 1)
      variables   a = 3      functions  f(x) = x^2 - a, then f(4)
      derivatives f'(2)  f''(x)  sin'(x)  diff(x^3 - 2x)  (x^2)'   ('help derivatives')
      series      sum(k^2, k, 1, 10) is 385, prod(k, k, 1, 5) is 120 (bounds: whole
                  numbers known when the line is read; at most 10000 terms)
      ans is the last result. 'help functions' lists the built-in functions.
    """,
    "derivatives": """
    Derivatives, by automatic differentiation (exact to rounding, never a difference quotient):
      f'(2)  f''(2)   after f(x) = x^3 - 2x: 10 and 12 (any function of one variable,
                      built in or yours: sin'(0) is 1)
      diff(EXPR)      the derivative of EXPR by x, as an expression: describe diff(x^3 - 2x)
      (EXPR)'         the same, written with a prime
      plot f(x), f'(x) draws both
    Where a derivative does not exist (abs'(0), floor'(1), sqrt'(0), a jump, a branch of
    c ? a : b whose sides or slopes differ there) it is an error.
    """,
  ]

  /// The command list `help` prints, for the standard commands.
  public static var overview: String { overview(of: .standard) }

  /// The command list `help` prints: each listed command's first form and summary.
  ///
  /// - Parameter commands: The session's commands.
  /// - Returns: Lines without a trailing newline.
  public static func overview(of commands: CommandTable) -> String {
    let listed = commands.entries.filter { !$0.hiddenFromList }
    let width = listed.map { $0.usage[0].count }.max() ?? 0
    var lines = ["Commands (help NAME for one, help expressions for the syntax):"]
    for command in listed {
      let first = command.usage[0]
      lines.append(
        "  " + first + String(repeating: " ", count: width - first.count + 2) + command.summary)
    }
    lines.append("Any other line is a calculation: 2^3^2, a = 3, f(x) = x^2 - a, f(4).")
    return lines.joined(separator: "\n")
  }

  /// The help text for `name` among the standard commands (see `text(for:commands:)`).
  public static func text(for name: String) -> String? { text(for: name, commands: .standard) }

  /// The help text for `name`: a command, a built-in function or constant, or a topic; nil
  /// when there is none (the caller may then look for a user's function or suggest a name).
  ///
  /// - Parameters:
  ///   - name: What the user asked about.
  ///   - commands: The session's commands.
  /// - Returns: Several lines without a trailing newline, or nil.
  public static func text(for name: String, commands: CommandTable) -> String? {
    if let command = commands.entry(named: name) {
      return (command.usage.map { "usage: " + $0 }.joined(separator: "\n")) + "\n" + command.details
    }
    if name == "functions" {
      let names = Builtins.functions.keys.sorted()
      return "Built-in functions (help NAME for one):\n" + wrap(names, width: 76, indent: "  ")
        + "\nConstants: " + constants.keys.sorted().joined(separator: " ")
    }
    if let topic = topics[name] { return topic }
    if let function = functions[name] { return function }
    if let constant = constants[name] { return constant }
    return nil
  }

  /// Every name `help` knows, for suggestions.
  ///
  /// - Parameter commands: The session's commands.
  public static func names(commands: CommandTable) -> [String] {
    commands.names + Array(functions.keys) + Array(constants.keys) + Array(topics.keys)
      + ["functions"]
  }

  /// `words` joined by spaces into lines no wider than `width`, each starting with `indent`.
  private static func wrap(_ words: [String], width: Int, indent: String) -> String {
    var lines: [String] = []
    var line = indent
    for word in words {
      if line.count + word.count + 1 > width, line != indent {
        lines.append(line)
        line = indent
      }
      line += (line == indent ? "" : " ") + word
    }
    if line != indent { lines.append(line) }
    return lines.joined(separator: "\n")
  }
}
