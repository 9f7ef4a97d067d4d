/// The calculator: reads lines of the infix language or RPN programs, evaluates them, and
/// keeps the user's variables and functions.
///
/// After Stanford CS193p's CalculatorBrain (an operand stack with a description), extended
/// with an infix parser (`Parser`, precedence climbing), implicit multiplication as qalc and
/// Desmos read it, user functions and located errors. A value type: copying a brain copies
/// its variables and functions.
public struct CalculatorBrain: Sendable {
  /// Which language `execute(_:mode:)` reads.
  public enum Mode: Sendable {
    /// Infix expressions, assignments and definitions (`2x + 1`, `a = 3`, `f(x) = x^2`).
    case infix
    /// RPN programs on an operand stack (`3 4 + 5 *`).
    case rpn
  }

  /// One parsed infix line.
  public enum Statement: Sendable, Hashable {
    /// An expression to evaluate and print.
    case expression(Expr)
    /// `name = expression`: evaluate, then store as a variable.
    case assignment(String, Expr)
    /// `name(parameters) = body`: define a user function.
    case definition(UserFunction)
  }

  /// One value an RPN program left on its operand stack.
  public struct RPNResult: Sendable, Hashable {
    /// The infix description with only the needed parentheses (`(3 + 4) * 5`).
    public var description: String
    /// The value.
    public var value: CalcNumber
    /// The base to print it in, for a value of `hex`, `oct` or `bin` (nil: the caller's).
    public var base: Int?

    /// Creates a result.
    public init(description: String, value: CalcNumber, base: Int? = nil) {
      self.description = description
      self.value = value
      self.base = base
    }

    /// The line the REPL prints for it: `(3 + 4) * 5 = 35`. A program that leaves several
    /// values prints one such line per value, bottom of the stack first.
    public var text: String {
      "\(description) = \(CalculatorBrain.format(value, base: base ?? 10))"
    }
  }

  /// What running one line produced.
  public enum Outcome: Sendable, Hashable {
    /// A value to print with `CalculatorBrain.format`; it is now `ans`.
    case value(CalcNumber)
    /// A value of `hex(...)`, `oct(...)` or `bin(...)`, to print in that base (16, 8, 2); it
    /// is now `ans`.
    case inBase(CalcNumber, base: Int)
    /// A variable was assigned; the REPL prints nothing.
    case assigned(name: String, value: CalcNumber)
    /// A function was defined; the REPL prints nothing.
    case defined(UserFunction)
    /// The values an RPN program left, bottom of the stack first; the top one is now `ans`.
    case rpn([RPNResult])
  }

  /// The user's variables, including `ans` (the last result) and `x` when assigned.
  public var variables: [String: Double] = [:]
  /// The user's functions by name.
  public var functions: [String: UserFunction] = [:]
  /// The exact values of the variables in `variables` that hold integers (`a = 2^64`), so
  /// `a + 1` stays exact; `variables` keeps their doubles for plots and commands.
  public private(set) var integers: [String: ExactVariable] = [:]
  /// The exact value of `ans` when it is an integer (kept apart from `integers` so a run of
  /// one expression, `-e 1+1`, makes no dictionary of a new type: its metadata costs
  /// instructions at start-up).
  public private(set) var exactAnswer: ExactVariable?
  /// The lists of the last analysis answers, by the name of the function that reads them
  /// (`answerFunctions`): after `roots`, `root(2)` is the second root. The parser replaces
  /// `root(k)` by the number when it reads the line.
  public var answerLists: [String: [Double]] = [:]
  /// The functions that read `answerLists` (reserved words of the calculator) and the
  /// command that fills each: `root(k)` (the k-th root of the last `roots`), `extremum(k)`
  /// (the x of the k-th extremum of the last `extrema`).
  public static let answerFunctions: [String: String] = ["root": "roots", "extremum": "extrema"]
  /// The unit of the trigonometric functions and their inverses (`mode deg`, `mode rad`).
  public var angleUnit: AngleUnit = .radians
  /// Asked every 4096 calls of user functions during an evaluation; when it answers true
  /// the evaluation stops with `evaluationInterrupted` (the REPL passes its Ctrl-C flag, so
  /// `fib(45)` can be stopped). Nil: never asked.
  public var interrupt: (@Sendable () -> Bool)?

  /// Words that cannot be assigned or defined besides the built-in names: the command words
  /// of the language the calculator serves (graphcalc's command table).
  public let reservedWords: Set<String>

  /// Creates a calculator with no variables or functions.
  ///
  /// - Parameter reservedWords: Words that cannot be assigned, defined or used as parameters
  ///   besides the built-in names (the command words of the app).
  public init(reservedWords: Set<String> = []) {
    self.reservedWords = reservedWords
  }

  /// Whether `name` is built in: a constant or a built-in function.
  public static func isReserved(_ name: String) -> Bool {
    Builtins.constants[name] != nil || BuiltinFunction(name: name) != nil
      || IntegerFunction(name: name) != nil || BinaryOperator.word(name) != nil
      || name == differentiate || name == "sum" || name == "prod" || answerFunctions[name] != nil
  }

  /// `diff`: the word that differentiates an expression by x where the parser reads it
  /// (`diff(x^3 - 2x)` is `3 * x ^ 2 - 2`, see `Differentiator`).
  public static let differentiate = "diff"

  /// Whether `name` is built in or one of `reservedWords`.
  public func isReserved(_ name: String) -> Bool {
    CalculatorBrain.isReserved(name) || reservedWords.contains(name)
  }

  // MARK: Parsing

  /// Parses one infix line: an assignment, a function definition or an expression.
  ///
  /// A name directly before `(` multiplies if it is a constant, `x` or `ans` (or a parameter,
  /// in a definition's body) and otherwise calls a function.
  ///
  /// - Parameter line: The line, e.g. `f(x) = x^2 - a`.
  /// - Returns: The statement.
  /// - Throws: `CalcError` located in `line`: `.syntax`, `.arity` (built-in functions),
  ///   `.readOnly` (a built-in name on the left of `=`), `.limit` (nesting).
  public static func parse(_ line: String) throws(CalcError) -> Statement {
    var parser = try Parser(line, knownValues: ["x", "ans"])
    return try parser.statement()
  }

  /// Parses an infix expression (no assignment or definition).
  ///
  /// - Parameter text: The expression, e.g. `2sin(x)`.
  /// - Returns: The expression tree.
  /// - Throws: `CalcError` located in `text`: `.syntax`, `.arity`, `.limit`.
  public static func parseExpression(_ text: String) throws(CalcError) -> Expr {
    var parser = try Parser(text, knownValues: ["x", "ans"])
    return try parser.expressionToEnd()
  }

  /// Parses an infix expression knowing this calculator's variables, so that a variable
  /// directly before `(` multiplies in the tree itself (`a(x+1)` is `a * (x + 1)` when `a` is a
  /// variable, where the static `parseExpression` leaves the call `a(x + 1)`, which evaluates
  /// to the same product).
  ///
  /// - Parameter text: The expression.
  /// - Returns: The expression tree.
  /// - Throws: `CalcError` located in `text`: `.syntax`, `.arity`, `.limit`.
  public func parse(expression text: String) throws(CalcError) -> Expr {
    var parser = try Parser(text, knownValues: knownValues)
    return try parser.expressionToEnd()
  }

  /// Where each name first occurs in `text` (0-based character columns), read with the
  /// calculator's lexer: for an RPN program, whose reader keeps no columns. Empty when the
  /// text has a character the lexer refuses (the reader reports that itself).
  ///
  /// - Parameter text: An infix expression or an RPN program.
  /// - Returns: The names' columns.
  public static func nameLocations(in text: String) -> [String: Range<Int>] {
    guard let tokens = try? Lexer.tokens(text) else { return [:] }
    var locations: [String: Range<Int>] = [:]
    for token in tokens {
      if case .name(let name) = token.kind, locations[name] == nil {
        locations[name] = token.range
      }
    }
    return locations
  }

  /// `parse(expression:)`, with where each name first occurs in `text` (0-based character
  /// columns), so a later stage (the compiler of plotted functions) can place its errors.
  ///
  /// - Parameter text: The expression.
  /// - Returns: The expression tree and the names' columns.
  /// - Throws: `CalcError` located in `text`: `.syntax`, `.arity`, `.limit`.
  public func parseLocated(expression text: String) throws(CalcError) -> (
    expr: Expr, nameLocations: [String: Range<Int>]
  ) {
    var parser = try Parser(text, knownValues: knownValues)
    let expr = try parser.expressionToEnd()
    return (expr, parser.nameLocations)
  }

  /// `parseLocated(expression:)` for a relation in x and y as `plot` reads it
  /// (DECISIONS.md, "The command line"): a single `=` is the comparison `==`
  /// (`x^2 + y^2 = 25`), and `y`, like `x`, multiplies before `(` unless it names a function.
  ///
  /// - Parameter text: The relation, e.g. `y < sin(x)` or `0 < x < 2 && y >= 0`.
  /// - Returns: The expression tree (comparisons and connectives at its top) and the names'
  ///   columns.
  /// - Throws: `CalcError` located in `text`: `.syntax`, `.arity`, `.limit`.
  public func parseRelation(expression text: String) throws(CalcError) -> (
    expr: Expr, nameLocations: [String: Range<Int>]
  ) {
    var known = knownValues
    if functions["y"] == nil { known.names.insert("y") }
    var parser = try Parser(text, knownValues: known)
    parser.readsEqualsAsRelation = true
    let expr = try parser.expressionToEnd()
    return (expr, parser.nameLocations)
  }

  /// The names that multiply rather than call before `(`: `x`, `ans` and the variables that
  /// are not also functions.
  private var knownValues: KnownValues {
    KnownValues(
      names: Set(["x", "ans"].filter { functions[$0] == nil }), variables: variables,
      functions: functions, reservedWords: reservedWords, answerLists: answerLists)
  }

  /// Reads an RPN program into its operand stack (see `RPNReader` for the words).
  ///
  /// - Parameter text: The program, e.g. `3 4 + 5 *`.
  /// - Returns: The operand stack, bottom first: one expression per value left.
  /// - Throws: `.notEnoughOperands` located at the operation, `.syntax` for an unknown word,
  ///   `.limit` for a program too deep.
  public static func parseRPN(_ text: String) throws(CalcError) -> [Expr] {
    try RPNReader.read(text).stack
  }

  // MARK: Evaluation

  /// The value of `expr` with this calculator's variables and functions.
  ///
  /// - Parameters:
  ///   - expr: The expression.
  ///   - x: A value for `x` that overrides the variable `x` (plot x, in plot units).
  /// - Returns: The value; infinities are values (`1/0` is `inf`).
  /// - Throws: `.unknownName` (with a suggestion), `.arity`, `.domain` for a result that is not
  ///   a real number (`sqrt(-1)`, `0/0`), `.limit` for recursion deeper than 1000 calls. The
  ///   errors have no location (there is no line).
  public func evaluate(_ expr: Expr, x: Double? = nil) throws(CalcError) -> Double {
    try evaluator(x: x).value(expr)
  }

  /// The value of `expr`, exact where `CalcNumber`'s rules say so (`2^64`, `100!`).
  ///
  /// - Throws: as `evaluate(_:x:)`, and `.limit` for an integer beyond `BigInteger.maxBits`.
  public func evaluateExactly(_ expr: Expr) throws(CalcError) -> CalcNumber {
    try evaluator(x: nil).exactValue(expr)
  }

  /// An evaluator with this calculator's variables, functions and angle unit.
  private func evaluator(x: Double?) -> Evaluator {
    var evaluator = Evaluator(variables: variables, functions: functions, x: x)
    evaluator.integers = integers
    evaluator.exactAnswer = exactAnswer
    evaluator.angleUnit = angleUnit
    evaluator.interrupt = interrupt
    return evaluator
  }

  /// Runs one line: evaluates an expression (it becomes `ans`), assigns a variable, defines a
  /// function, or runs an RPN program.
  ///
  /// Assigning a name removes a function of that name, and defining a function removes a
  /// variable of that name.
  ///
  /// - Parameters:
  ///   - line: The line.
  ///   - mode: Which language to read.
  /// - Returns: What the line produced.
  /// - Throws: `CalcError`, located in `line` where the error concerns a token or a name of it.
  public mutating func execute(_ line: String, mode: Mode = .infix) throws(CalcError) -> Outcome {
    // The parser and evaluator hold the variables; they are gone (the helpers returned)
    // before the variables change, so a change does not copy every variable (which made a
    // script of many assignments quadratic).
    switch mode {
    case .infix:
      let (statement, value) = try evaluateInfix(line)
      switch statement {
      case .expression(let expr):
        store("ans", value)
        if let base = Self.base(of: expr, functions) { return .inBase(value, base: base) }
        return .value(value)
      case .assignment(let name, _):
        store(name, value)
        functions[name] = nil
        return .assigned(name: name, value: value)
      case .definition(let function):
        functions[function.name] = function
        variables[function.name] = nil
        integers[function.name] = nil
        return .defined(function)
      }
    case .rpn:
      let results = try evaluateRPN(line)
      if let last = results.last { store("ans", last.value) }
      return .rpn(results)
    }
  }

  /// The base a result prints in when `expr` is a call of `hex`, `oct` or `bin` (not of a
  /// user's function of the name, in `functions`).
  static func base(of expr: Expr, _ functions: [String: UserFunction]) -> Int? {
    guard case .call(let name, let arguments) = expr, arguments.count == 1 else { return nil }
    return IntegerFunction(user: name, functions)?.base
  }

  /// Sets the variable `name` to the double `value`, as `name = value` at the prompt does
  /// (a function of that name is removed, an exact integer value it held is dropped): how
  /// a command hands back numbers it computed (`fit`'s parameters).
  public mutating func setVariable(_ name: String, to value: Double) {
    store(name, .real(value))
    functions[name] = nil
  }

  /// Stores `value` as the variable `name` (its double, and its exact value if an integer).
  private mutating func store(_ name: String, _ value: CalcNumber) {
    let double = value.double
    variables[name] = double
    let exact = value.isInteger ? ExactVariable(value: value, double: double) : nil
    if name == "ans" {
      exactAnswer = exact
    } else if exact != nil || !integers.isEmpty {
      integers[name] = exact
    }
  }

  /// Parses an infix line and evaluates its expression (NaN for a definition).
  private func evaluateInfix(_ line: String) throws(CalcError) -> (Statement, CalcNumber) {
    var parser = try Parser(line, knownValues: knownValues)
    let statement = try parser.statement()
    var evaluator = self.evaluator(x: nil)
    evaluator.locations = parser.nameLocations
    evaluator.operatorLocations = parser.operatorLocations
    switch statement {
    case .expression(let expr), .assignment(_, let expr):
      return (statement, try evaluator.exactValue(expr))
    case .definition: return (statement, .real(.nan))
    }
  }

  /// Reads and evaluates an RPN program.
  private func evaluateRPN(_ line: String) throws(CalcError) -> [RPNResult] {
    let program = try RPNReader.read(line, userArity: functions.mapValues(\.parameters.count))
    var evaluator = self.evaluator(x: nil)
    evaluator.locations = program.locations
    var results: [RPNResult] = []
    for expr in program.stack {
      results.append(
        RPNResult(
          description: Self.infixDescription(expr), value: try evaluator.exactValue(expr),
          base: Self.base(of: expr, functions)))
    }
    return results
  }

  // MARK: Names

  /// The known name nearest to `name`, for "did you mean" (see `NameSuggester`): known names
  /// written together (`xy` → `x*y`), or the closest by edit distance (`sinn` → `sin`).
  ///
  /// - Parameter name: An unknown name.
  /// - Returns: The suggestion, or nil when nothing is close.
  public func suggestion(for name: String) -> String? {
    let values = Set(variables.keys).union(Builtins.constants.keys).union(["x"])
    let suggester = NameSuggester(values: values, functions: Set(functions.keys))
    return suggester.suggestion(for: name, isCall: false)
  }

  /// The lines that `vars` prints: each variable (`a = 3`), then each function
  /// (`f(x) = x ^ 2 - a`), each group sorted by name.
  public var listing: [String] {
    let values = variables.keys.sorted().map { name in
      let value = variables[name] ?? .nan
      if let exact = name == "ans" ? exactAnswer : integers[name], exact.double == value {
        return "\(name) = \(Self.format(exact.value))"
      }
      return "\(name) = \(Self.format(value))"
    }
    let definitions = functions.keys.sorted().compactMap { name in
      functions[name].map {
        "\(name)(\($0.parameters.joined(separator: ", "))) = \(Self.infixDescription($0.body))"
      }
    }
    return values + definitions
  }
}

/// One value an RPN program left; see `CalculatorBrain.RPNResult`.
public typealias RPNResult = CalculatorBrain.RPNResult
