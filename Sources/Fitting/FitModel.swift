import CalculatorBrain
import CompiledFunctions

/// A model `y = f(x; p₁ … pₖ)` ready for least squares: its value and its partial
/// derivatives by each parameter, compiled once over the columns `x, p₁ … pₖ`.
///
/// The user's functions are inlined into the expression first (`f(x) = a*x + b` fitted as
/// `f(x)` becomes `a*x + b`), so the parameters are visible where they are used: a function
/// body's free names are the session's variables, which the compilers fold to constants, and
/// the forward-mode differentiation (`CalculatorBrain.derivative(of:by:)`) treats a user
/// function of one argument as `f'(u)·u'`, which is 0 for a parameter inside `f`'s body.
/// Each partial derivative ∂f/∂pⱼ is then the calculator's own automatic differentiation
/// (a tree of the table's derivative rules), compiled as a `RowFunction`; when one cannot be
/// made (a built-in without a derivative rule, `gamma`, `!`), the whole Jacobian is left to
/// the solver's finite differences (`partials` is nil).
public struct FitModel: Sendable {
  /// The parameters, in the order of the columns after the independent variables.
  public let parameters: [String]
  /// The independent variables (gnuplot's dummy variables: `x`, or `x, y` for a fit of a
  /// surface), in the order of the first columns.
  public let independents: [String]
  /// The model with the user's functions inlined (what is compiled and differentiated).
  public let expression: Expr
  /// f over the columns `x₁ … xₘ, p₁ … pₖ` (the independent variables, then the
  /// parameters).
  let value: RowFunction
  /// ∂f/∂pⱼ over the same columns, or nil when the derivatives are finite differences.
  let partials: [RowFunction]?
  /// ∂f/∂xᵢ over the same columns (for the effective variance of errors in the independent
  /// variables), each nil where it cannot be made (finite differences then).
  let inputPartials: [RowFunction?]

  /// Whether the Jacobian is exact (automatic differentiation) rather than finite
  /// differences.
  public var hasExactDerivatives: Bool { partials != nil }

  /// The most nested inlinings of user functions (a recursive function never ends).
  public static let maxInlineDepth = 64
  /// The most nodes of the inlined model, counted as a tree.
  public static let maxNodes = 100_000

  /// Compiles `expr` as a model of one independent variable, `variable`, with `parameters`
  /// free (`init(_:independents:parameters:variables:functions:nameLocations:)` with one).
  ///
  /// - Throws: as that initializer.
  public init(
    _ expr: Expr, variable: String = "x", parameters: [String], variables: [String: Double],
    functions: [String: UserFunction], nameLocations: [String: Range<Int>] = [:]
  ) throws(FitError) {
    try self.init(
      expr, independents: [variable], parameters: parameters, variables: variables,
      functions: functions, nameLocations: nameLocations)
  }

  /// Compiles `expr` as a model of the independent variables `independents` with
  /// `parameters` free.
  ///
  /// - Parameters:
  ///   - expr: The model (`a*exp(-b*x) + c`, `f(x)`, `g(x, y)`), as parsed by the calculator.
  ///   - independents: The independent variables' names (gnuplot's dummy variables: `x`, or
  ///     `x, y`), one column each.
  ///   - parameters: The names to fit; any other name is read from `variables` now.
  ///   - variables: The user's variables (the parameters among them are ignored).
  ///   - functions: The user's functions, inlined.
  ///   - nameLocations: Where each name is written in the model's text, for errors.
  /// - Throws: `FitError.recursiveFunction` when inlining does not end (a recursive user
  ///   function), `.modelTooLarge` past `maxNodes` nodes, `.model` with the compiler's
  ///   `CalcError` (an unknown name or function, a wrong number of arguments).
  public init(
    _ expr: Expr, independents: [String], parameters: [String], variables: [String: Double],
    functions: [String: UserFunction], nameLocations: [String: Range<Int>] = [:]
  ) throws(FitError) {
    var work = Self.maxNodes
    let inlined = try Self.inline(expr, functions: functions, depth: 0, work: &work)
    var free = variables
    for p in parameters { free[p] = nil }
    for v in independents { free[v] = nil }
    let columns = independents + parameters
    self.parameters = parameters
    self.independents = independents
    self.expression = inlined
    do {
      value = try RowFunction(
        inlined, columns: columns, variables: free, functions: functions,
        nameLocations: nameLocations)
    } catch {
      throw FitError.model(error)
    }
    let differentiator = Differentiator(functions: functions)
    var partials: [RowFunction]? = []
    for p in parameters {
      guard let d = try? differentiator.derivative(of: inlined, by: p),
        let f = try? RowFunction(d, columns: columns, variables: free, functions: functions)
      else {
        partials = nil
        break
      }
      partials?.append(f)
    }
    self.partials = partials
    inputPartials = independents.map { v in
      guard let d = try? differentiator.derivative(of: inlined, by: v) else { return nil }
      return try? RowFunction(d, columns: columns, variables: free, functions: functions)
    }
  }

  /// `expr` with the user's functions inlined, as the model compiles it.
  ///
  /// - Throws: `FitError.recursiveFunction`, `.modelTooLarge` (see `init`).
  public static func inlined(_ expr: Expr, functions: [String: UserFunction]) throws(FitError)
    -> Expr
  {
    var work = maxNodes
    return try inline(expr, functions: functions, depth: 0, work: &work)
  }

  /// The names `expr` reads that are not function names (its free variables), in the order
  /// they first occur.
  public static func freeNames(of expr: Expr) -> [String] {
    var names: [String] = []
    var seen: Set<String> = []
    var pending: [Expr] = [expr]
    while let e = pending.popLast() {
      switch e {
      case .number, .integer: break
      case .variable(let name):
        if seen.insert(name).inserted { names.append(name) }
      case .unary(_, let a): pending.append(a)
      case .binary(_, let a, let b): pending += [b, a]
      case .conditional(let c, let a, let b): pending += [b, a, c]
      case .call(_, let args): pending += args.reversed()
      }
    }
    return names
  }

  /// `expr` with every call of a user function replaced by its body, the arguments put in
  /// for the parameters (a primed name, `f'`, by its derivative function), recursively.
  ///
  /// - Parameter work: Nodes that may still be made; each node made spends one (so a chain
  ///   of doubling functions, `f2(x) = f1(x) + f1(x)`, ends at the limit, not after 2^39
  ///   steps).
  /// - Throws: `FitError.recursiveFunction` past `maxInlineDepth` nested inlinings,
  ///   `.modelTooLarge` when `work` runs out.
  static func inline(
    _ expr: Expr, functions: [String: UserFunction], depth: Int, work: inout Int
  ) throws(FitError) -> Expr {
    work -= 1
    if work < 0 { throw FitError.modelTooLarge(limit: maxNodes) }
    switch expr {
    case .number, .integer, .variable: return expr
    case .unary(let op, let a):
      return .unary(op, try inline(a, functions: functions, depth: depth, work: &work))
    case .binary(let op, let a, let b):
      let l = try inline(a, functions: functions, depth: depth, work: &work)
      return .binary(op, l, try inline(b, functions: functions, depth: depth, work: &work))
    case .conditional(let c, let a, let b):
      let t = try inline(c, functions: functions, depth: depth, work: &work)
      let l = try inline(a, functions: functions, depth: depth, work: &work)
      return .conditional(t, l, try inline(b, functions: functions, depth: depth, work: &work))
    case .call(let name, let args):
      var inlinedArgs: [Expr] = []
      for a in args {
        inlinedArgs.append(try inline(a, functions: functions, depth: depth, work: &work))
      }
      var function = functions[name]
      if function == nil, Differentiator.primes(of: name) != nil {
        function = try? Differentiator(functions: functions).derivativeFunction(named: name)
      }
      guard let function, function.parameters.count == args.count else {
        return .call(name, inlinedArgs)
      }
      guard depth < maxInlineDepth else { throw FitError.recursiveFunction(name) }
      let body = try inline(function.body, functions: functions, depth: depth + 1, work: &work)
      var binding: [String: Expr] = [:]
      for (p, a) in zip(function.parameters, inlinedArgs) { binding[p] = a }
      return try substitute(body, binding, work: &work)
    }
  }

  /// `expr` with each variable of `binding` replaced by its expression (simultaneously).
  ///
  /// - Throws: `FitError.modelTooLarge` when `work` (nodes that may still be made) runs out.
  static func substitute(_ expr: Expr, _ binding: [String: Expr], work: inout Int)
    throws(FitError) -> Expr
  {
    work -= 1
    if work < 0 { throw FitError.modelTooLarge(limit: maxNodes) }
    switch expr {
    case .number, .integer: return expr
    case .variable(let name): return binding[name] ?? expr
    case .unary(let op, let e): return .unary(op, try substitute(e, binding, work: &work))
    case .binary(let op, let a, let b):
      let l = try substitute(a, binding, work: &work)
      return .binary(op, l, try substitute(b, binding, work: &work))
    case .conditional(let c, let a, let b):
      let t = try substitute(c, binding, work: &work)
      let l = try substitute(a, binding, work: &work)
      return .conditional(t, l, try substitute(b, binding, work: &work))
    case .call(let name, let args):
      var out: [Expr] = []
      for a in args { out.append(try substitute(a, binding, work: &work)) }
      return .call(name, out)
    }
  }

  /// f at `x` with parameter values `p` (NaN where it is undefined).
  public func value(at x: Double, parameters p: [Double]) -> Double {
    value(at: [x], parameters: p)
  }

  /// f at the point `point` (one value an independent variable) with parameter values `p`
  /// (NaN where it is undefined).
  public func value(at point: [Double], parameters p: [Double]) -> Double {
    let row = point + p
    return row.withUnsafeBufferPointer { value.value($0) }
  }
}
