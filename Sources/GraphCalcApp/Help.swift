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
    uniqueKeysWithValues: BuiltinFunction.allCases.map { ($0.name, $0.helpLine) }
      + IntegerFunction.allCases.map { ($0.name, $0.helpLine) })

  /// What each built-in constant is.
  public static let constants: [String: String] = [
    "pi": "pi: 3.14159..., half a turn in radians",
    "e": "e: 2.71828..., the base of the natural logarithm",
    "tau": "tau: 2*pi, a whole turn in radians",
    "inf": "inf: positive infinity",
    "nan": "nan: not a number (an undefined value)",
  ]

  /// Topics that are not commands or functions.
  static let topics: [String: String] = [
    "logscale": """
    set logscale [x|y|xy] [BASE]   log axes, base 10 unless given (set log y 2);
    unset logscale [x|y]           back to linear; show logscale. As in gnuplot, set draws
    nothing until plot or replot. Functions are sampled in the log coordinate; ticks at
    the powers of the base (minor ticks 2..9), labels 0.01 1000 10^6; values <= 0 are left
    out, counted in a note, and written u by export table; zoom and pan go by factors.
    """,
    "using": """
    plot "FILE" using X:Y [every N]: columns by number (1:3), header name (date:temp) or
    an expression in brackets, as in gnuplot: using 1:($2*1000), using ($1/3600):(log($3)),
    $N or column(N) a column, column("temp") by name, $0 the point's number, your
    variables and functions; 1/0 or NaN skips a point: using 1:($3 > 10 ? $2 : 1/0).
    every N keeps every Nth record, every ::A::B records A to B (from 0, per block: a
    blank line lifts the pen and starts a block); index M picks the data set M (data sets
    are separated by two blank lines).
    """,
    "expressions": """
    Expressions (infix mode):
      numbers     2  0.5  1e-3  0xff  0o17  0b1011  1_000_000
      constants   pi  e  tau  inf  nan
      operators   + - * / % div ^ (right-associative: 2^3^2 is 512)  ! (factorial)
                  == != < <= > >= && || ! and a ? b : c (1 is true, 0 false);
                  also ≤ ≥ ≠ ∧ ∨ ¬; 0 < x < 2 means 0 < x && x < 2
      piecewise   {x < 0: -x, x^2}: the first condition that holds, the last item
                  without one otherwise (none: undefined), as Desmos writes it
      bits        & | xor ~ << >> on integers (^ is the power)
      implicit    2x  2pi  3(x + 1) mean 2*x, 2*pi, 3*(x + 1)
      variables   a = 3      functions  f(x) = x^2 - a, then f(4)
      derivatives f'(2)  f''(x)  sin'(x)  diff(x^3 - 2x)  (x^2)'   ('help derivatives')
      series      sum(k^2, k, 1, 10) is 385, prod(k, k, 1, 5) is 120 (bounds: whole
                  numbers known when the line is read; at most 10000 terms)
      ans is the last result. 'help functions' lists the built-in functions,
      'help numbers' the rules of exact integers and doubles.
    """,
    "numbers": """
    Numbers: exact integers and doubles
      Integers are exact, to any size: 2^64 is 18446744073709551616, 100! has all its
      158 digits, 16! % 10 is 0. A literal without a point or an exponent is an integer
      (12, 0xff, 0o17, 0b1011, 1_000_000); + - * % div ^ ! of integers stay integers
      (^ with an exponent >= 0), / too when it divides evenly (8/2 is 4, 7/2 is 3.5).
      div and % are floored: -7 div 2 is -4, -7 % 3 is 2. gcd, lcm, binomial (ncr),
      npr and isprime are exact.
      Anything else is a double (15 significant digits): 2^0.5, sin(1), 1e3, 2.0^64,
      and every result a double enters. 0.1 * 3 prints 0.3, but cos(pi/2) prints
      6.12323399573677e-17: pi/2 is the double nearest half of pi, not half of pi, and
      that is the cosine of that double. The same in mode deg: cos(90) is 6.12e-17.
      Bits: & | xor ~ << >> on integers of any size, two's complement (-1 & 0xff is
      255), looser than + - and tighter than comparisons, as in Python:
      x & 0xf0 == 0x10 is (x & 0xf0) == 0x10. A double that is not a whole number is
      an error there. Bases: hex(255) shows 0xff, oct(15) 0o17, bin(11) 0b1011;
      set base 16 (or 8, 2) shows every integer so.
      Limits: an integer has at most 8388608 bits (about 2.5 million digits); a bigger
      result (2^2^40) is an error, found before it is computed. At the prompt a very
      long integer shows its ends and its length ('set digits all' shows all of it);
      scripts, -e and pipes always print every digit. Plots compute in doubles.
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
  static var overview: String { overview(of: .standard) }

  /// The command list `help` prints: each listed command's first form and summary.
  ///
  /// - Parameter commands: The session's commands.
  /// - Returns: Lines without a trailing newline.
  static func overview(of commands: CommandTable) -> String {
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
      let names = functions.keys.sorted()
      return "Built-in functions (help NAME for one):\n" + wrap(names, width: 76, indent: "  ")
        + "\nConstants: " + constants.keys.sorted().joined(separator: " ")
    }
    if name == "reserved" {
      return "Reserved words (they cannot be variables, functions or parameters):\n"
        + "  commands:\n" + wrap(commands.names.sorted(), width: 76, indent: "    ") + "\n"
        + "  the calculator's:\n" + wrap(calculatorWords, width: 76, indent: "    ")
    }
    if let topic = topics[name] { return topic }
    if let function = functions[name] { return function }
    if let constant = constants[name] { return constant }
    return nil
  }

  /// The calculator's own reserved words: its functions and constants, the word operators
  /// (`div`, `xor`) and the expanded forms (`diff`, `sum`, `prod`), sorted.
  static var calculatorWords: [String] {
    (Array(functions.keys) + Array(constants.keys) + ["div", "xor", "diff", "sum", "prod"])
      .filter { CalculatorBrain.isReserved($0) }.sorted()
  }

  /// Every name `help` knows, for suggestions.
  ///
  /// - Parameter commands: The session's commands.
  public static func names(commands: CommandTable) -> [String] {
    commands.names + Array(functions.keys) + Array(constants.keys) + Array(topics.keys)
      + ["functions", "reserved"]
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
