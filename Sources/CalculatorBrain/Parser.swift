/// The limits that keep hostile input from exhausting the stack.
enum Limits {
  /// How deeply the parser may recurse: nested brackets, chains of prefix operators, `√√√`.
  static let nesting = 200
  /// The greatest height of an expression tree (`1+1+...+1` or `5!!!...!` grow it in a loop).
  static let height = 1000
  /// How deeply user functions may call each other (`f(x) = f(x)` stops here).
  static let callDepth = 1000
}

/// The infix parser: a hand-written precedence-climbing (Pratt) parser over `Lexer` tokens.
///
/// Levels, loosest first, are those of `Precedence`. Implicit multiplication (`2x`, `3(x+1)`,
/// `(x+1)(x-1)`, `2sin(x)`) needs adjacency: it binds tighter than `*` and `/` (`1/2x` is
/// `1/(2x)`), and a space between two operands is an error. A name directly before `(` calls
/// a built-in function, multiplies when the name is a known value (a constant, `x`, `ans`, a
/// parameter or a variable the caller names), and otherwise calls a user function, which is
/// looked up only when the expression is evaluated. The parser records where each name first
/// occurs so that evaluation errors can point at it.
///
/// Consequences of the levels worth knowing: `2x^2` is `2*(x^2)`; `2^3x` is `(2^3)*x` (the
/// exponent is one operand, as in qalc); `2(x)!` is `2*(x!)`; `-x!` is `-(x!)`; `√x^2` is
/// `(√x)^2` (`√` takes the primary after it); `x²` is `x^2` at the level of `^`.
struct Parser {
  /// A parsed subtree and its height (a leaf is 1).
  typealias Node = (expr: Expr, height: Int)

  private var tokens: [Token]
  private var index = 0
  private var nesting = 0
  private var knownValues: KnownValues
  /// Whether a single `=` is the relation `==` (a plotted relation in x and y, as
  /// `x^2 + y^2 = 25`), not an assignment.
  var readsEqualsAsRelation = false
  /// Where each name first occurs in the line.
  private(set) var nameLocations: [String: Range<Int>] = [:]
  /// Where each operator of the line is (a binary, prefix or postfix operator, or the place
  /// of an implicit multiplication), in the order of the line, which is the order an
  /// in-order walk of the tree meets them: the evaluator puts its carets there.
  private(set) var operatorLocations = OperatorSites()

  /// Reads the tokens of `text`.
  ///
  /// - Parameter knownValues: Names that multiply rather than call before `(` (besides the
  ///   built-in constants).
  /// - Throws: `CalcError.Kind.syntax` for a character the language does not use.
  init(_ text: String, knownValues: Set<String>) throws(CalcError) {
    try self.init(text, knownValues: KnownValues(names: knownValues))
  }

  /// Reads the tokens of `text`, with the calculator's variables as known values.
  init(_ text: String, knownValues: KnownValues) throws(CalcError) {
    tokens = try Lexer.tokens(text)
    self.knownValues = knownValues
  }

  private var current: Token { tokens[index] }
  private var previous: Token? { index > 0 ? tokens[index - 1] : nil }
  private mutating func advance() { if index < tokens.count - 1 { index += 1 } }

  /// Whether the current token touches the one before it (no space between).
  private var touchesPrevious: Bool {
    guard let previous else { return false }
    return previous.range.upperBound == current.range.lowerBound
  }

  private func isSymbol(_ symbol: Symbol, _ token: Token) -> Bool {
    if case .symbol(let s) = token.kind { return s == symbol }
    return false
  }

  // MARK: Statements

  /// Parses a whole line as an assignment (`a = 3`), a definition (`f(x, y) = ...`) or an
  /// expression.
  ///
  /// - Throws: `.syntax`, `.arity` (built-in functions), `.readOnly` (a built-in name on the
  ///   left of `=`), `.limit` (nesting).
  mutating func statement() throws(CalcError) -> CalculatorBrain.Statement {
    if case .name(let name) = tokens[0].kind {
      if isSymbol(.assign, tokens[1]) {
        // A variable may share a built-in function's name, as in gnuplot, whose variables
        // and functions are apart (stat.inc's `log2 = log(2.0)`, `gamma = 2.5`): the name
        // before `(` is still the function.
        if !isVariableOfFunctionName(name) { try checkAssignable(name, at: tokens[0].range) }
        index = 2
        return .assignment(name, try expressionToEnd())
      }
      if isSymbol(.leftParen, tokens[1]), let close = matchingParenthesis(from: 1),
        isSymbol(.assign, tokens[close + 1])
      {
        return .definition(try definition(name))
      }
    }
    return .expression(try expressionToEnd())
  }

  /// Parses the whole line as one expression.
  ///
  /// - Throws: `.syntax`, `.arity` (built-in functions), `.limit` (nesting).
  mutating func expressionToEnd() throws(CalcError) -> Expr {
    if case .end = current.kind {
      let what = previous.map { " after \($0.quoted)" } ?? ""
      throw CalcError(.expectedExpression(context: what), at: current.range)
    }
    let node = try expression(.conditional)
    if case .end = current.kind { return node.expr }
    throw unexpected(expecting: "an operator or the end of the line")
  }

  /// Throws `.readOnly` when `name` is built in and so cannot be assigned or defined.
  func checkAssignable(_ name: String, at range: Range<Int>) throws(CalcError) {
    if let (base, order) = Differentiator.primes(of: name) {
      let what = order == 1 ? "the derivative" : "a derivative"
      throw CalcError(.derivedNameNotDefinable(name, what: what, base: base), at: range)
    }
    if isReserved(name) {
      throw CalcError(.builtInNotRedefinable(name), at: range)
    }
  }

  /// Whether `name` may be a variable although it names a built-in function: a function of
  /// `BuiltinFunction` (not a constant, an operator word, `diff`, `sum`, `prod` or an answer
  /// list) and not a reserved word of the language served.
  func isVariableOfFunctionName(_ name: String) -> Bool {
    BuiltinFunction(name: name) != nil && Builtins.constants[name] == nil
      && BinaryOperator.word(name) == nil && CalculatorBrain.answerFunctions[name] == nil
      && !knownValues.reservedWords.contains(name)
  }

  /// Whether `name` is built in (`CalculatorBrain.isReserved`) or one of the reserved words
  /// this line is parsed with (a command word).
  func isReserved(_ name: String) -> Bool {
    CalculatorBrain.isReserved(name) || knownValues.reservedWords.contains(name)
  }

  /// The index of the `)` that closes the `(` at `start`, if the line has one.
  private func matchingParenthesis(from start: Int) -> Int? {
    var depth = 0
    for i in start..<tokens.count {
      if isSymbol(.leftParen, tokens[i]) { depth += 1 }
      if isSymbol(.rightParen, tokens[i]) {
        depth -= 1
        if depth == 0 { return i }
      }
    }
    return nil
  }

  private mutating func definition(_ name: String) throws(CalcError) -> UserFunction {
    // hex, oct and bin only choose how a result prints, and gnuplot has none of them: a
    // user's function of the name (gnuplot's `bin(x, w) = w*floor(x/w)`) takes its place.
    if IntegerFunction(name: name)?.base == nil || knownValues.reservedWords.contains(name) {
      try checkAssignable(name, at: tokens[0].range)
    }
    if name == "x" || name == "ans" {
      throw CalcError(.variableCannotNameFunction(name), at: tokens[0].range)
    }
    index = 2
    var parameters: [String] = []
    if isSymbol(.rightParen, current) {
      advance()
    } else {
      while true {
        guard case .name(let parameter) = current.kind else {
          throw CalcError(.parameterNotAName(found: current.quoted), at: current.range)
        }
        if isReserved(parameter) {
          throw CalcError(.builtInAsParameter(parameter), at: current.range)
        }
        if parameters.contains(parameter) {
          throw CalcError(.parameterTwice(parameter), at: current.range)
        }
        parameters.append(parameter)
        advance()
        if isSymbol(.comma, current) {
          advance()
        } else if isSymbol(.rightParen, current) {
          advance()
          break
        } else {
          throw CalcError(.expectedParameterSeparator(found: current.quoted), at: current.range)
        }
      }
    }
    advance()  // the `=`, which `statement()` has seen
    knownValues.names.formUnion(parameters)
    return UserFunction(name: name, parameters: parameters, body: try expressionToEnd())
  }

  // MARK: Expressions

  private mutating func enter() throws(CalcError) {
    nesting += 1
    if nesting > Limits.nesting {
      throw CalcError(.nestedTooDeeply(limit: Limits.nesting), at: current.range)
    }
  }

  /// A node over `children`, checking the height limit; `token` locates the error.
  private func node(_ expr: Expr, over heights: Int..., at token: Token) throws(CalcError) -> Node {
    let height = (heights.max() ?? 0) + 1
    if height > Limits.height {
      throw CalcError(.expressionTooLong(limit: Limits.height), at: token.range)
    }
    return (expr, height)
  }

  /// Precedence climbing: an expression whose operators all bind at `minimum` or tighter.
  mutating func expression(_ minimum: Precedence) throws(CalcError) -> Node {
    try enter()
    defer { nesting -= 1 }
    var left = try prefix()
    while let next = try extend(left, minimum) { left = next }
    return left
  }

  /// `left` extended by the operator at the current token, or nil when that operator binds
  /// looser than `minimum` (or there is none).
  private mutating func extend(_ left: Node, _ minimum: Precedence) throws(CalcError) -> Node? {
    let token = current
    switch token.kind {
    case .symbol(var symbol):
      if symbol == .assign && readsEqualsAsRelation { symbol = .equal }
      if let op = symbol.binaryOperator, op.precedence >= minimum {
        return try binary(op, left, token)
      }
      switch symbol {
      case .prime where Precedence.postfix >= minimum:
        advance()
        let slope = try Differentiator(functions: knownValues.functions).derivative(
          of: left.expr, by: "x")
        return try node(slope, over: left.height, at: token)
      case .bang where Precedence.postfix >= minimum:
        advance()
        operatorLocations.append(token.range)
        return try node(.unary(.factorial, left.expr), over: left.height, at: token)
      case .squared where Precedence.power >= minimum, .cubed where Precedence.power >= minimum:
        advance()
        operatorLocations.append(token.range)
        let exponent = Expr.integer(IntegerLiteral(symbol == .squared ? 2 : 3))
        return try node(.binary(.power, left.expr, exponent), over: left.height, at: token)
      case .question where Precedence.conditional >= minimum:
        advance()
        let then = try expression(.conditional)
        guard isSymbol(.colon, current) else {
          throw unexpected(expecting: "':' for the '?' at column \(token.range.lowerBound + 1)")
        }
        advance()
        let otherwise = try expression(.conditional)
        return try node(
          .conditional(left.expr, then.expr, otherwise.expr),
          over: left.height, then.height, otherwise.height, at: token)
      case .leftParen, .root:
        return try implicitProduct(left, minimum)
      default:
        return nil
      }
    case .name(let name):
      // `xor` and `div` are operators spelled as words.
      if let op = BinaryOperator.word(name) {
        guard op.precedence >= minimum else { return nil }
        return try binary(op, left, token)
      }
      return try implicitProduct(left, minimum)
    case .number, .integer, .end:
      return nil
    }
  }

  /// `left op right`, the operator at the current token.
  private mutating func binary(_ op: BinaryOperator, _ left: Node, _ token: Token)
    throws(CalcError) -> Node
  {
    advance()
    operatorLocations.append(token.range)
    let rightMinimum = op.isRightAssociative ? op.precedence : op.precedence.tighter
    let right = try expression(rightMinimum)
    var result = try node(
      .binary(op, left.expr, right.expr), over: left.height, right.height, at: token)
    guard op.precedence == .comparison else { return result }
    // A chain of orderings, as mathematics and Python read it: `0 < x < 2` is
    // `0 < x && x < 2` (each middle operand compared on both sides), never `(0 < x) < 2`;
    // a bracketed `(0 < x) < 2` is not a chain.
    var middle = right
    while case .symbol(let symbol) = current.kind, let next = symbol.binaryOperator,
      next.precedence == .comparison
    {
      let link = current
      advance()
      operatorLocations.append(link.range)
      let operand = try expression(Precedence.comparison.tighter)
      let comparison = try node(
        .binary(next, middle.expr, operand.expr), over: middle.height, operand.height, at: link)
      result = try node(
        .binary(.and, result.expr, comparison.expr), over: result.height, comparison.height,
        at: link)
      middle = operand
    }
    return result
  }

  /// `left` times the operand that touches it (`2x`, `(x+1)(x-1)`), or nil when there is a
  /// space between them or implicit multiplication binds looser than `minimum`.
  private mutating func implicitProduct(_ left: Node, _ minimum: Precedence) throws(CalcError)
    -> Node?
  {
    guard Precedence.implicit >= minimum, touchesPrevious else { return nil }
    let token = current
    operatorLocations.append(token.range)
    let right = try expression(Precedence.implicit.tighter)
    return try node(
      .binary(.multiply, left.expr, right.expr), over: left.height, right.height, at: token)
  }

  /// A prefix operator and its operand, or a primary. The operand of a prefix operator binds
  /// at `^` or tighter, so `-2^2` is `-(2^2)` and `2^-1` is `2^(-1)`.
  private mutating func prefix() throws(CalcError) -> Node {
    let token = current
    let op: UnaryOperator?
    switch token.kind {
    case .symbol(.minus): op = .negate
    case .symbol(.plus): op = .plus
    case .symbol(.bang): op = .not
    case .symbol(.tilde): op = .bitNot
    default: op = nil
    }
    guard let op else { return try primary() }
    advance()
    operatorLocations.append(token.range)
    let operand = try expression(.power)
    return try node(.unary(op, operand.expr), over: operand.height, at: token)
  }

  private mutating func primary() throws(CalcError) -> Node {
    let token = current
    switch token.kind {
    case .number(let value):
      advance()
      return (.number(value), 1)
    case .integer(let literal):
      advance()
      return (.integer(literal), 1)
    case .name(let name) where BinaryOperator.word(name) != nil:
      throw CalcError(.operatorAsOperand(name), at: token.range)
    case .name(let name):
      advance()
      return try named(name, token)
    case .symbol(.leftParen):
      advance()
      let inner = try expression(.conditional)
      guard isSymbol(.rightParen, current) else {
        throw unexpected(expecting: "')' to close the '(' at column \(token.range.lowerBound + 1)")
      }
      advance()
      return inner
    case .symbol(.leftBrace):
      return try piecewise()
    case .symbol(.root):
      advance()
      try enter()
      defer { nesting -= 1 }
      let operand = try primary()
      return try node(.call("sqrt", [operand.expr]), over: operand.height, at: token)
    case .end:
      let what = previous.map { " after \($0.quoted)" } ?? ""
      throw CalcError(.expectedOperand(context: what), at: token.range)
    case .symbol(.rightParen):
      throw CalcError(.expectedOperandBeforeParenthesis, at: token.range)
    case .symbol:
      throw CalcError(.unexpectedWhereOperand(found: token.quoted), at: token.range)
    }
  }

  /// A name in operand position: a built-in call, a constant or variable, or a user call.
  private mutating func named(_ name: String, _ token: Token) throws(CalcError) -> Node {
    if nameLocations[name] == nil { nameLocations[name] = token.range }
    if name == "sum" || name == "prod", isSymbol(.leftParen, current) {
      return try series(name, token)
    }
    if let command = CalculatorBrain.answerFunctions[name], isSymbol(.leftParen, current) {
      return try answer(name, command: command, token)
    }
    if name == CalculatorBrain.differentiate {
      guard isSymbol(.leftParen, current) else {
        throw CalcError(.expectedDiffParenthesis(found: current.quoted), at: current.range)
      }
      let arguments = try self.arguments()
      guard arguments.nodes.count == 1 else {
        throw CalcError(
          .arity(name, .exactly(1), given: arguments.nodes.count),
          at: token.range.lowerBound..<arguments.end)
      }
      let inner = arguments.nodes[0]
      var slope: Expr
      do {
        slope = try Differentiator(functions: knownValues.functions).derivative(
          of: inner.expr, by: "x")
      } catch {
        var located = error
        located.location = token.range.lowerBound..<arguments.end
        throw located
      }
      return try node(slope, over: inner.height, at: token)
    }
    if let arity = BuiltinFunction(name: name)?.arity
      ?? IntegerFunction(user: name, knownValues.functions)?.arity
    {
      guard isSymbol(.leftParen, current) else {
        // A variable of the function's name (`log2 = log(2.0)`) where no `(` follows.
        if knownValues.variables[name] != nil, isVariableOfFunctionName(name) {
          return (.variable(name), 1)
        }
        throw CalcError(
          .expectedCallParenthesis(function: name, found: current.quoted), at: current.range)
      }
      let arguments = try self.arguments()
      guard arity.accepts(arguments.nodes.count) else {
        throw CalcError(
          .arity(name, arity, given: arguments.nodes.count),
          at: token.range.lowerBound..<arguments.end)
      }
      return try node(
        .call(name, arguments.nodes.map(\.expr)), over: arguments.nodes.map(\.height).max() ?? 0,
        at: token)
    }
    let isValue = Builtins.constants[name] != nil || knownValues.contains(name)
    if !isValue, isSymbol(.leftParen, current), touchesPrevious {
      let arguments = try self.arguments()
      return try node(
        .call(name, arguments.nodes.map(\.expr)), over: arguments.nodes.map(\.height).max() ?? 0,
        at: token)
    }
    return (.variable(name), 1)
  }

  /// `sum(EXPR, k, A, B)` or `prod(EXPR, k, A, B)`: EXPR with the name k taking each whole
  /// number from A to B, added or multiplied, expanded here into a balanced tree of the
  /// terms (so every evaluator, the compiled programs and derivatives read it as written
  /// out; its height grows as the logarithm of the count). A and B are evaluated now, with
  /// the calculator's variables; an empty range is 0 for a sum and 1 for a product.
  ///
  /// - Throws: `.syntax` for a k that is not a name, `.domain` for bounds that are not
  ///   finite whole numbers (or depend on x), `.limit` beyond `maxTerms` terms.
  private mutating func series(_ name: String, _ token: Token) throws(CalcError) -> Node {
    let open = current
    let arguments = try self.arguments()
    let whole = token.range.lowerBound..<arguments.end
    guard arguments.nodes.count == 4 else {
      throw CalcError(.seriesArity(name, given: arguments.nodes.count), at: whole)
    }
    guard case .variable(let index) = arguments.nodes[1].expr, !isReserved(index) else {
      throw CalcError(
        .seriesCounterNotAName(name), at: open.range.lowerBound..<arguments.end)
    }
    var bounds: [Double] = []
    for node in arguments.nodes[2...3] {
      let evaluator = Evaluator(
        variables: knownValues.variables, functions: knownValues.functions, x: nil)
      let value: Double
      do {
        value = try evaluator.value(node.expr)
      } catch {
        throw CalcError(.seriesBoundNotKnown(name, reason: error.problem), at: whole)
      }
      guard value.isFinite, value == value.rounded() else {
        throw CalcError(.seriesBoundNotWhole(name, value), at: whole)
      }
      bounds.append(value)
    }
    let count = bounds[1] >= bounds[0] ? bounds[1] - bounds[0] + 1 : 0
    guard count <= Double(Self.maxTerms) else {
      throw CalcError(.seriesTooManyTerms(name, limit: Self.maxTerms), at: whole)
    }
    let body = arguments.nodes[0]
    var terms: [Expr] = []
    var k = bounds[0]
    for _ in 0..<Int(count) {
      terms.append(Differentiator.substitute(body.expr, [index: .number(k)]))
      k += 1
    }
    let op: BinaryOperator = name == "sum" ? .add : .multiply
    func balanced(_ slice: ArraySlice<Expr>) -> Expr {
      if slice.isEmpty { return .number(op == .add ? 0 : 1) }
      if slice.count == 1 { return slice.first! }
      let mid = slice.startIndex + slice.count / 2
      return .binary(op, balanced(slice[..<mid]), balanced(slice[mid...]))
    }
    let depth = Int.bitWidth - terms.count.leadingZeroBitCount  // the balanced tree's
    return try node(balanced(terms[...]), over: body.height + depth, at: token)
  }

  /// `root(k)` or `extremum(k)`: the k-th number of the list the last `roots` or `extrema`
  /// left (`CalculatorBrain.answerLists`), read now, as a number in the tree.
  ///
  /// - Throws: `.arity` for other than one argument, `.domain` when there is no list or k is
  ///   not a whole number from 1 to its count; located at the whole call.
  private mutating func answer(_ name: String, command: String, _ token: Token) throws(CalcError)
    -> Node
  {
    let arguments = try self.arguments()
    let whole = token.range.lowerBound..<arguments.end
    guard arguments.nodes.count == 1 else {
      throw CalcError(.arity(name, .exactly(1), given: arguments.nodes.count), at: whole)
    }
    guard let list = knownValues.answerLists[name], !list.isEmpty else {
      throw CalcError(.answerListEmpty(name, command: command), at: whole)
    }
    let evaluator = Evaluator(
      variables: knownValues.variables, functions: knownValues.functions, x: nil)
    let k = (try? evaluator.value(arguments.nodes[0].expr)) ?? .nan
    guard k.isFinite, k == k.rounded(), k >= 1, k <= Double(list.count) else {
      throw CalcError(.answerIndex(name, index: k, count: list.count), at: whole)
    }
    return (.number(list[Int(k) - 1]), 1)
  }

  /// The most terms `sum` and `prod` expand to.
  static let maxTerms = 10_000

  /// The arguments in `( ... )` at the current token, and the offset just past the `)`.
  private mutating func arguments() throws(CalcError) -> (nodes: [Node], end: Int) {
    let open = current
    advance()
    var nodes: [Node] = []
    if !isSymbol(.rightParen, current) {
      while true {
        nodes.append(try expression(.conditional))
        if isSymbol(.comma, current) {
          advance()
          continue
        }
        guard isSymbol(.rightParen, current) else {
          throw unexpected(
            expecting: "',' or ')' to close the '(' at column \(open.range.lowerBound + 1)")
        }
        break
      }
    }
    let end = current.range.upperBound
    advance()
    return (nodes, end)
  }

  /// The error for a token that cannot come next after a complete operand.
  /// Desmos's piecewise braces `{c1: v1, c2: v2, ..., otherwise}` read as nested
  /// conditionals `c1 ? v1 : (c2 ? v2 : ... otherwise)`: the conditions in order, a last
  /// item without a condition the otherwise, and without one the value undefined (NaN,
  /// as `nan`), so the compiled forms, intervals and derivatives are the conditional's.
  private mutating func piecewise() throws(CalcError) -> Node {
    let open = current
    advance()
    try enter()
    defer { nesting -= 1 }
    var cases: [(Node, Node)] = []
    var otherwise: Node?
    while true {
      let item = try expression(.conditional)
      if isSymbol(.colon, current) {
        guard otherwise == nil else {
          throw unexpected(expecting: "'}': a value without a condition must come last")
        }
        advance()
        cases.append((item, try expression(.conditional)))
      } else if otherwise == nil {
        otherwise = item
      } else {
        throw unexpected(expecting: "':' after the condition")
      }
      if isSymbol(.comma, current) {
        guard otherwise == nil else {
          throw unexpected(expecting: "'}': a value without a condition must come last")
        }
        advance()
        continue
      }
      guard isSymbol(.rightBrace, current) else {
        throw unexpected(expecting: "'}' to close the '{' at column \(open.range.lowerBound + 1)")
      }
      advance()
      break
    }
    guard !cases.isEmpty else {
      throw CalcError(.expected("a condition and ':' in '{...}'"), at: open.range)
    }
    var result = otherwise ?? (Expr.number(.nan), 1)
    for (test, value) in cases.reversed() {
      result = try node(
        .conditional(test.expr, value.expr, result.expr), over: test.height, value.height,
        result.height, at: open)
    }
    return result
  }

  private func unexpected(expecting what: String) -> CalcError {
    let token = current
    switch token.kind {
    case .end:
      return CalcError(.expected(what), at: token.range)
    case .symbol(.rightParen):
      return CalcError(.unmatchedParenthesis, at: token.range)
    case .symbol(.assign):
      return CalcError(.assignmentInExpression, at: token.range)
    default:
      break
    }
    if token.beginsOperand, let previous, !touchesPrevious {
      let write: String
      if case .number = token.kind {
        write = "'\(previous.text)*\(token.text)'"
      } else {
        write = "'\(previous.text)\(token.text)' or '\(previous.text)*\(token.text)'"
      }
      return CalcError(.missingOperator(found: token.quoted, write: write), at: token.range)
    }
    return CalcError(.unexpected(found: token.quoted, expected: what), at: token.range)
  }
}

/// The names that multiply rather than call before `(`: `names`, and the variables that are
/// not also functions, looked up one name at a time (a set of every variable built for each
/// line made a session with many variables quadratic).
struct KnownValues {
  /// Names known whatever the variables (`x`, `ans`, parameters).
  var names: Set<String>
  /// The calculator's variables.
  var variables: [String: Double] = [:]
  /// The calculator's functions, which a variable of the same name does not hide.
  var functions: [String: UserFunction] = [:]
  /// Words that cannot be assigned or defined besides the built-in names (the command words
  /// of the language the calculator serves).
  var reservedWords: Set<String> = []
  /// The lists `root(k)` and `extremum(k)` read (`CalculatorBrain.answerLists`).
  var answerLists: [String: [Double]] = [:]

  /// Whether `name` is a value.
  func contains(_ name: String) -> Bool {
    names.contains(name) || (variables[name] != nil && functions[name] == nil)
  }
}

/// Where the operators of a line are: their 0-based character offsets, kept as a flat array
/// of `Int`s (lower, upper, lower, upper, ...), not as `[Range<Int>]`, so that a one-line run
/// instantiates no new generic type (the run-time conformance checks of `[Range<Int>]` and
/// `[Int: Range<Int>]` cost `-e 1+1` a quarter of its instructions; Docs/performance.md).
struct OperatorSites {
  private var offsets: [Int] = []

  /// How many operators there are.
  var count: Int { offsets.count / 2 }

  /// Adds the next operator's offsets.
  mutating func append(_ range: Range<Int>) {
    offsets.append(range.lowerBound)
    offsets.append(range.upperBound)
  }

  /// The offsets of operator `k`.
  subscript(k: Int) -> Range<Int> { offsets[2 * k]..<offsets[2 * k + 1] }
}
