/// Derivatives of expressions by forward-mode automatic differentiation, done as a source
/// transformation of the tree (issue 15).
///
/// Each node's tangent (its derivative with respect to the variable) is built from its
/// operands' values and tangents by the chain rule, forward from the leaves, as in
/// A. Griewank, A. Walther, *Evaluating Derivatives*, 2nd ed., SIAM 2008, chapter 3; the
/// rules of the built-in functions come from their one table (`BuiltinFunction.derivative`).
/// Because the tangent is itself an `Expr`, one transformation serves every evaluator: the
/// reference evaluator gives derivative values exact to the rounding of its operations, the
/// compiled programs give point values and interval enclosures (a derivative curve is drawn
/// with enclosures like any curve, and interval Newton reads its enclosures), and `describe`
/// prints it (`diff(x^3 - 2x)` is `3 * x ^ 2 - 2`). Subtrees are shared, not copied.
///
/// Where a derivative does not exist, the tangent is undefined there, never a number made
/// up: `abs(u)' = u'·u/|u|` is 0/0 at the corner; a function with steps (`floor`, `sign`,
/// comparisons, `%`) has the tangent `0/(distance to the step)`, which is 0 off the steps and
/// 0/0 on them, and is its own derivative; at a branch point of `c ? a : b` (where `c`'s
/// sides are equal) the tangent is defined only where both branches and both one-sided
/// derivatives agree (DECISIONS.md);
/// an infinite slope (`sqrt` at 0) is not a derivative either (the evaluator refuses a
/// non-finite derivative value).
///
/// Names: a user function `f` of one parameter differentiates as `f'(u)·u'` (the primed
/// name resolves when it is called, so recursive functions differentiate too); one of
/// several parameters is expanded (its body with the arguments put in) and differentiated.
package struct Differentiator {
  /// The user's functions (for functions of several parameters, expanded in place).
  package let functions: [String: UserFunction]
  /// How many nested expansions of user functions of several parameters are allowed.
  static let maxExpansions = 64
  /// The greatest number of nodes of a derivative (counted as a tree, shared subtrees once
  /// per use, so the evaluators' work is bounded too).
  package static let maxNodes = 100_000

  /// Creates a differentiator over the user's functions.
  package init(functions: [String: UserFunction]) {
    self.functions = functions
  }

  /// The derivative of `expr` with respect to `variable`.
  ///
  /// - Parameters:
  ///   - expr: The expression.
  ///   - variable: The name to differentiate by (`x`, or a function's parameter).
  /// - Returns: The derivative (`0` when `expr` does not depend on `variable`).
  /// - Throws: `.domain` for a function without a derivative rule (`gamma`, `!`), `.limit`
  ///   when the derivative grows past `maxNodes` nodes or expansions nest past 64.
  package func derivative(of expr: Expr, by variable: String) throws(CalcError) -> Expr {
    var expansions = 0
    let result = try tangent(expr, variable, &expansions) ?? .number(0)
    if Self.nodeCount(result, limit: Self.maxNodes) > Self.maxNodes {
      throw CalcError(.derivativeTooLarge(limit: Self.maxNodes))
    }
    return result
  }

  // MARK: Primed names

  /// The name before its primes and how many there are (`f''` is `("f", 2)`), or nil for a
  /// name without primes.
  package static func primes(of name: String) -> (base: String, order: Int)? {
    guard name.last == "'" else { return nil }
    var base = Substring(name)
    var order = 0
    while base.last == "'" {
      base = base.dropLast()
      order += 1
    }
    guard !base.isEmpty else { return nil }
    return (String(base), order)
  }

  /// The function a primed name calls: for `f'` the derivative of the user function `f` of
  /// one parameter (or of the built-in `f` of one argument), for `f''` the derivative of
  /// that, and so on; its parameter is the base function's.
  ///
  /// - Parameter name: The primed name (`f'`, `sin''`). In degree mode the caller gives
  ///   `functions` with their bodies in radians (and `AngleUnit.rewrite` turns a built-in's
  ///   primes, `sin'(u)`, into radians itself); the body made is in radians.
  /// - Returns: The derivative as a function, or nil when `name` has no primes.
  /// - Throws: `.unknownName` when the base is not a function of one variable, and the
  ///   errors of `derivative(of:by:)`.
  package func derivativeFunction(named name: String) throws(CalcError) -> UserFunction? {
    guard let (base, order) = Self.primes(of: name) else { return nil }
    var function: UserFunction
    if let user = functions[base] {
      guard user.parameters.count == 1 else {
        throw CalcError(
          .primeOfSeveralVariables(name, base: base, parameters: user.parameters.count))
      }
      function = user
    } else if let builtin = BuiltinFunction(name: base) {
      guard builtin.arity.accepts(1) else {
        throw CalcError(.primeOfBuiltin(name, base: base, arity: builtin.arity))
      }
      function = UserFunction(name: base, parameters: ["x"], body: .call(base, [.variable("x")]))
    } else {
      throw CalcError(.primeOfUnknown(name, base: base))
    }
    let parameter = function.parameters[0]
    for k in 1...order {
      let body = try derivative(of: function.body, by: parameter)
      function = UserFunction(
        name: base + String(repeating: "'", count: k), parameters: [parameter], body: body)
    }
    return function
  }

  // MARK: Tangents

  /// The tangent of `expr`, nil when it is identically 0.
  private func tangent(_ expr: Expr, _ v: String, _ expansions: inout Int) throws(CalcError)
    -> Expr?
  {
    switch expr {
    case .number, .integer:
      return nil
    case .variable(let name):
      return name == v ? .number(1) : nil
    case .unary(let op, let operand):
      let du = try tangent(operand, v, &expansions)
      guard let du else { return nil }
      switch op {
      case .plus: return du
      case .negate: return negate(du)
      case .not: return step(at: boundary(operand))
      case .bitNot: throw Self.noBitDerivative("~")
      case .factorial:
        throw CalcError(.derivativeNeedsDigamma("!"))
      }
    case .binary(let op, let a, let b):
      return try binary(op, a, b, v, &expansions)
    case .conditional(let c, let a, let b):
      let da = try tangent(a, v, &expansions) ?? .number(0)
      let db = try tangent(b, v, &expansions) ?? .number(0)
      let chosen = Expr.conditional(c, da, db)
      guard try tangent(c, v, &expansions) != nil else {
        return da == .number(0) && db == .number(0) ? nil : chosen
      }
      // At the branch point both branches, and both one-sided derivatives, must agree:
      // `chosen + 0/valid`, where `valid` is 1 off the branch point and where they agree,
      // else 0 (so the sum is 0/0 there). As a sum, not a nested conditional, so that
      // higher derivatives grow by a term a level, not by twice the tree.
      let agree = Expr.binary(.and, .binary(.equal, a, b), .binary(.equal, da, db))
      let valid = Expr.binary(.or, .binary(.notEqual, boundary(c), .number(0)), agree)
      return .binary(.add, chosen, step(at: valid))
    case .call(let name, let arguments):
      return try call(name, arguments, v, &expansions)
    }
  }

  private func binary(
    _ op: BinaryOperator, _ a: Expr, _ b: Expr, _ v: String, _ expansions: inout Int
  ) throws(CalcError) -> Expr? {
    let da = try tangent(a, v, &expansions)
    let db = try tangent(b, v, &expansions)
    if da == nil && db == nil { return nil }
    switch op {
    case .add: return sum(da, db)
    case .subtract: return sum(da, db.map(negate))
    case .multiply: return sum(da.map { product($0, b) }, db.map { product(a, $0) })
    case .divide where Self.literal(a) == 0:
      // A step term 0/d (0 where d is not 0, undefined where it is) is its own derivative.
      return db == nil ? nil : .binary(.divide, a, b)
    case .divide:
      // (a/b)' = a'/b - a b'/b^2.
      let first = da.map { quotient($0, b) }
      let second = db.map { negate(quotient(product(a, $0), power(b, .number(2)))) }
      return sum(first, second)
    case .modulo:
      return try call("mod", [a, b], v, &expansions)
    case .power:
      if db == nil, let c = Self.literal(b) {
        // (a^c)' = c a^(c-1) a'.
        guard let da, c != 0 else { return nil }
        let reduced = c - 1 == 1 ? a : power(a, .number(c - 1))
        return product(product(.number(c), reduced), da)
      }
      return partials(BuiltinFunction.pow.derivative, [a, b], [da, db])
    case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual, .and, .or:
      return step(at: boundary(.binary(op, a, b)))
    case .integerDivide:
      // a div b is floor(a / b).
      return try call("floor", [.binary(.divide, a, b)], v, &expansions)
    case .bitOr, .bitXor, .bitAnd, .shiftLeft, .shiftRight:
      throw Self.noBitDerivative(op.rawValue)
    }
  }

  /// The error for a derivative through a bit operation (integers only: no slope).
  static func noBitDerivative(_ op: String) -> CalcError {
    CalcError(.bitOperationDerivative("\(op)"))
  }

  private func call(_ name: String, _ arguments: [Expr], _ v: String, _ expansions: inout Int)
    throws(CalcError) -> Expr?
  {
    var tangents: [Expr?] = []
    for argument in arguments { tangents.append(try tangent(argument, v, &expansions)) }
    if tangents.allSatisfy({ $0 == nil }) { return nil }
    if let builtin = BuiltinFunction(name: name) {
      return try builtinTangent(builtin, arguments, tangents)
    }
    if arguments.count != 1, let function = functions[name],
      function.parameters.count == arguments.count
    {
      expansions += 1
      defer { expansions -= 1 }
      if expansions > Self.maxExpansions {
        throw CalcError(.derivativeRecursion(name))
      }
      var binding: [String: Expr] = [:]
      for (p, a) in zip(function.parameters, arguments) { binding[p] = a }
      return try tangent(Self.substitute(function.body, binding), v, &expansions)
    }
    guard arguments.count == 1, let du = tangents[0] else {
      throw CalcError(.cannotDifferentiate(name, arguments: arguments.count))
    }
    // f(u)' = f'(u) u', the primed name resolved when it is called.
    return product(.call(name + "'", arguments), du)
  }

  private func builtinTangent(_ f: BuiltinFunction, _ args: [Expr], _ tangents: [Expr?])
    throws(CalcError) -> Expr?
  {
    let rule = args.count == 1 ? f.oneArgumentForm.derivative : f.derivative
    if args.count == 1, f == .min || f == .max { return tangents[0] }
    switch rule {
    case .chain(let derivative):
      guard let du = tangents[0] else { return nil }
      return product(derivative(args[0]), du)
    case .partials:
      var result = partials(rule, args, tangents)
      if f == .mod {
        // The remainder jumps where a/b is a whole number.
        let ratio = quotient(args[0], args[1])
        result = sum(result, step(at: .binary(.subtract, ratio, .call("floor", [ratio]))))
      }
      return result
    case .piecewiseConstant:
      let u = args[0]
      let distance: Expr
      switch f {
      case .sign: distance = u
      case .round:
        distance = .binary(.subtract, .binary(.subtract, u, .call("floor", [u])), .number(0.5))
      default: distance = .binary(.subtract, u, .call("floor", [u]))
      }
      return step(at: distance)
    case .selection:
      // min/max of several: folded from the left, min(a, b, c) = min(min(a, b), c).
      var value = args[0]
      var slope = tangents[0] ?? .number(0)
      for (b, db) in zip(args.dropFirst(), tangents.dropFirst()) {
        let dbe = db ?? .number(0)
        // min(a, b)' = (a < b ? a' : b') + 0/(a != b || a' == b'): where they tie, the
        // slopes must agree.
        let keepsFirst: Expr = .binary(f == .min ? .less : .greater, value, b)
        let valid = Expr.binary(
          .or, .binary(.notEqual, value, b), .binary(.equal, slope, dbe))
        slope = .binary(.add, .conditional(keepsFirst, slope, dbe), step(at: valid))
        value = .call(f.name, [value, b])
      }
      return slope
    case .unknown:
      throw CalcError(.derivativeNeedsDigamma(f.name))
    }
  }

  /// `da * a' + db * b'` by a partial-derivatives rule, a term whose tangent is 0 dropped
  /// before its partial is built.
  private func partials(_ rule: BuiltinFunction.DerivativeRule, _ args: [Expr], _ t: [Expr?])
    -> Expr?
  {
    guard case .partials(let partial) = rule, args.count == 2 else { return nil }
    let (pa, pb) = partial(args[0], args[1])
    return sum(t[0].map { product(pa, $0) }, t[1].map { product(pb, $0) })
  }

  // MARK: Steps and branch points

  /// The tangent of a function that is constant between steps at the zeros of `distance`:
  /// `0 / distance`, 0 off the steps and undefined (0/0) on them.
  private func step(at distance: Expr) -> Expr {
    .binary(.divide, .number(0), distance)
  }

  /// An expression that is 0 exactly where the truth of `test` may change: `l - r` for a
  /// comparison, the product of its operands' for `&&` and `||`, the test itself otherwise
  /// (a number is false only at 0).
  private func boundary(_ test: Expr) -> Expr {
    switch test {
    case .binary(let op, let l, let r):
      switch op {
      case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual:
        return .binary(.subtract, l, r)
      case .and, .or: return .binary(.multiply, boundary(l), boundary(r))
      default: return test
      }
    case .unary(.not, let operand): return boundary(operand)
    default: return test
    }
  }

  // MARK: Building trees, simplified

  /// The value of a literal, a double or an integer one (`2` in `x^2` is an integer
  /// literal since exact integers came in), or nil for any other tree.
  static func literal(_ e: Expr) -> Double? {
    switch e {
    case .number(let x): return x
    case .integer(let literal): return literal.double
    default: return nil
    }
  }

  private func sum(_ a: Expr?, _ b: Expr?) -> Expr? {
    guard let a else { return b }
    guard let b else { return a }
    if let x = Self.literal(a), let y = Self.literal(b) { return .number(x + y) }
    if case .unary(.negate, let inner) = b { return .binary(.subtract, a, inner) }
    if let y = Self.literal(b), y < 0 { return .binary(.subtract, a, .number(-y)) }
    return .binary(.add, a, b)
  }

  private func negate(_ e: Expr) -> Expr {
    if let x = Self.literal(e) { return .number(-x) }
    if case .unary(.negate, let inner) = e { return inner }
    return .unary(.negate, e)
  }

  private func product(_ a: Expr, _ b: Expr) -> Expr {
    if let x = Self.literal(a), let y = Self.literal(b) { return .number(x * y) }
    if Self.literal(a) == 1 { return b }
    if Self.literal(b) == 1 { return a }
    if Self.literal(a) == -1 { return negate(b) }
    if Self.literal(b) == -1 { return negate(a) }
    if case .unary(.negate, let inner) = a { return negate(product(inner, b)) }
    if case .unary(.negate, let inner) = b { return negate(product(a, inner)) }
    // Constants first: 3 * x ^ 2, not x ^ 2 * 3.
    if Self.literal(b) != nil { return .binary(.multiply, b, a) }
    return .binary(.multiply, a, b)
  }

  private func quotient(_ a: Expr, _ b: Expr) -> Expr {
    if Self.literal(b) == 1 { return a }
    if case .unary(.negate, let inner) = a { return negate(quotient(inner, b)) }
    return .binary(.divide, a, b)
  }

  private func power(_ a: Expr, _ b: Expr) -> Expr { .binary(.power, a, b) }

  // MARK: Trees

  /// `expr` with each variable of `binding` replaced by its expression.
  static func substitute(_ expr: Expr, _ binding: [String: Expr]) -> Expr {
    switch expr {
    case .number, .integer: return expr
    case .variable(let name): return binding[name] ?? expr
    case .unary(let op, let e): return .unary(op, substitute(e, binding))
    case .binary(let op, let a, let b):
      return .binary(op, substitute(a, binding), substitute(b, binding))
    case .conditional(let c, let a, let b):
      return .conditional(
        substitute(c, binding), substitute(a, binding), substitute(b, binding))
    case .call(let name, let args): return .call(name, args.map { substitute($0, binding) })
    }
  }

  /// The number of nodes of `expr` as a tree, counted up to a little past `limit` (so the
  /// count of a large shared tree costs at most about `limit` steps).
  package static func nodeCount(_ expr: Expr, limit: Int) -> Int {
    var count = 0
    var pending: [Expr] = [expr]
    while let e = pending.popLast() {
      count += 1
      if count > limit { return count }
      switch e {
      case .number, .integer, .variable: break
      case .unary(_, let a): pending.append(a)
      case .binary(_, let a, let b): pending += [a, b]
      case .conditional(let c, let a, let b): pending += [c, a, b]
      case .call(_, let args): pending += args
      }
    }
    return count
  }
}

extension CalculatorBrain {
  /// The derivative of `expr` with respect to `variable`, with this calculator's functions
  /// (see `Differentiator`): what `diff(EXPR)` and the analysis commands use.
  ///
  /// - Parameters:
  ///   - expr: The expression.
  ///   - variable: The variable (`x`).
  /// - Returns: The derivative as an expression.
  /// - Throws: `.domain` for a function without a derivative rule, `.limit` for a derivative
  ///   too large.
  public func derivative(of expr: Expr, by variable: String = "x") throws(CalcError) -> Expr {
    try Differentiator(functions: functions).derivative(of: expr, by: variable)
  }

  /// The function a primed name (`f'`, `f''`, `sin'`) calls, with this calculator's
  /// functions; nil for a name without primes.
  ///
  /// - Throws: `.unknownName` when the base name is not a function of one variable; the
  ///   errors of `derivative(of:by:)`.
  public func derivativeFunction(named name: String) throws(CalcError) -> UserFunction? {
    try Differentiator(functions: functions).derivativeFunction(named: name)
  }
}
