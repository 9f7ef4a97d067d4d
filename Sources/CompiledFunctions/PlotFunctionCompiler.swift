import CalculatorBrain

/// Compiles an `Expr` into the two programs of a `PlotFunction`: a point program with jumps
/// and a straight-line interval program.
///
/// Names are resolved once, in the reference evaluator's order: the parameters of the user
/// function being inlined, the built-in constants, the plot variable, the user's variables.
/// Constant subexpressions are folded (unless folding meets a domain error, which then stays
/// in the program so that evaluation reports it). User functions are inlined: each argument
/// that is neither a constant nor the plot variable is evaluated once into an argument slot
/// (eagerly, as the reference evaluator does), and the body reads the slot.
struct PlotCompiler {
  /// How deeply user functions may be inlined into each other.
  static let maxInlining = 64
  /// How deeply the compiler may recurse (expression height plus inlined bodies): twice the
  /// parser's greatest tree height, and well within a debug build's thread stack.
  static let maxNesting = 2000
  /// The greatest number of instructions in a program.
  static let maxInstructions = 200_000

  /// What a parameter of an inlined function stands for.
  enum Binding: Hashable {
    case constant(Double)
    case variable
    case slot(Int32)
  }

  /// A user function's body compiled with its parameters bound so: the key of
  /// `InlinedBodies`.
  struct InlinedCall: Hashable {
    var name: String
    var parameters: [Binding]
  }

  /// A compiled subexpression: its code in both programs and the stack room they need.
  struct Fragment {
    var point: [PlotOp]
    var interval: [PlotOp]
    var pointDepth: Int
    var intervalDepth: Int

    /// The value when the fragment is one constant.
    var constant: Double? {
      if point.count == 1, case .constant(let v) = point[0] { return v }
      return nil
    }

    static func constant(_ v: Double) -> Fragment {
      Fragment(point: [.constant(v)], interval: [.constant(v)], pointDepth: 1, intervalDepth: 1)
    }

    static let variable = Fragment(
      point: [.variable], interval: [.variable], pointDepth: 1, intervalDepth: 1)
  }

  let variable: String
  /// The name of the second variable (y of a relation), if the function has two.
  var secondVariable: String?
  let variables: [String: Double]
  let functions: [String: UserFunction]
  /// The number of argument slots handed out.
  var slotCount = 0
  /// The user functions being inlined, outermost first.
  var chain: [String] = []
  var nesting = 0
  /// Where each name first occurs in the typed expression (the parser's
  /// `nameLocations`), so an error about a name gets its column without a second run.
  var nameLocations: [String: Range<Int>] = [:]
  /// The derivatives that primed names call, made on first use: in a reference, so the
  /// struct stays small (debug builds copy it into the frame of every level of `compile`,
  /// and a tree may be `maxNesting` deep on a thread's stack).
  let derived = DerivedFunctions()
  /// The bodies already inlined, by function and parameter bindings (in a reference, as
  /// `derived` is).
  let inlined = InlinedBodies()

  /// `error`, located at `name` in the typed expression; inside an inlined user function
  /// the name is not in the typed text, so the error goes at the outermost call.
  func located(_ error: CalcError, at name: String) -> CalcError {
    var located = error
    located.location = nameLocations[chain.first ?? name]
    return located
  }

  init(variable: String, variables: [String: Double], functions: [String: UserFunction]) {
    self.variable = variable
    self.variables = variables
    self.functions = functions
  }

  /// Compiles `expr` with the parameters in `env`.
  ///
  /// The recursion goes through this function and one small helper per node kind, so each
  /// level of the tree costs little stack (the tree may be `Limits.height` high, and more
  /// with inlined bodies).
  mutating func compile(_ expr: Expr, _ env: [String: Binding]) throws(CalcError) -> Fragment {
    nesting += 1
    defer { nesting -= 1 }
    if nesting > Self.maxNesting {
      throw CalcError(.nestedTooDeeplyToPlot(limit: Self.maxNesting))
    }
    let fragment: Fragment
    switch expr {
    case .number(let v):
      fragment = .constant(v)
    case .integer(let literal):
      fragment = .constant(literal.double)
    case .variable(let name):
      guard let f = lookup(name, env) else {
        throw located(CalcError(.unknownName(name)), at: name)
      }
      fragment = f
    case .unary(let op, let operand):
      fragment = try unary(op, operand, env)
    case .binary(let op, let left, let right):
      fragment = try binary(op, left, right, env)
    case .conditional(let test, let then, let otherwise):
      fragment = try conditional(test, then, otherwise, env)
    case .call(let name, let arguments):
      fragment = try call(name, arguments, env)
    }
    if fragment.point.count > Self.maxInstructions || fragment.interval.count > Self.maxInstructions
    {
      throw CalcError(.tooLargeToPlot(limit: Self.maxInstructions))
    }
    return fragment
  }

  @inline(never)
  mutating func unary(_ op: UnaryOperator, _ operand: Expr, _ env: [String: Binding])
    throws(CalcError) -> Fragment
  {
    let a = try compile(operand, env)
    switch op {
    case .plus: return a
    case .negate: return apply(.negate, [a])
    case .not: return apply(.not, [a])
    case .factorial: return apply(.factorial, [a])
    case .bitNot: return try integerOperation(nil, a, a)
    }
  }

  @inline(never)
  mutating func binary(_ op: BinaryOperator, _ left: Expr, _ right: Expr, _ env: [String: Binding])
    throws(CalcError) -> Fragment
  {
    let a = try compile(left, env)
    let b = try compile(right, env)
    return try combine(op, a, b)
  }

  /// `a op b` for compiled operands: out of `binary`, which the compiler recurses through
  /// once a level of the tree, so that this switch's locals are not on the stack once a
  /// level (a tree of `Limits`' 2000 levels overflowed a test thread's stack when they were).
  @inline(never)
  func combine(_ op: BinaryOperator, _ a: Fragment, _ b: Fragment) throws(CalcError) -> Fragment {
    let code: PlotOp
    switch op {
    case .and: return logical(a, b, isAnd: true)
    case .or: return logical(a, b, isAnd: false)
    case .add: code = .add
    case .subtract: code = .subtract
    case .multiply: code = .multiply
    case .divide: code = .divide
    case .modulo: code = .modulo
    case .integerDivide, .bitAnd, .bitOr, .bitXor, .shiftLeft, .shiftRight:
      return try integerOperation(op, a, b)
    case .power:
      // x^2 and x^3 are x*x and x*x*x in the point program (the interval program keeps the
      // power rule): x*x is correctly rounded, glibc's pow(x, 2) is not always (1 ulp apart
      // for about 1 x in 1400); x*x*x is within 1 ulp of pow(x, 3) (Docs/performance.md).
      if a.constant == nil, let n = b.constant, n == 2 || n == 3 {
        return Fragment(
          point: a.point + [n == 2 ? .square : .cube], interval: a.interval + b.interval + [.power],
          pointDepth: a.pointDepth, intervalDepth: max(a.intervalDepth, 1 + b.intervalDepth))
      }
      code = .power
    case .equal: code = .equal
    case .notEqual: code = .notEqual
    case .less: code = .less
    case .lessOrEqual: code = .lessOrEqual
    case .greater: code = .greater
    case .greaterOrEqual: code = .greaterOrEqual
    }
    return apply(code, [a, b])
  }

  @inline(never)
  mutating func conditional(_ test: Expr, _ then: Expr, _ otherwise: Expr, _ env: [String: Binding])
    throws(CalcError) -> Fragment
  {
    let c = try compile(test, env)
    let a = try compile(then, env)
    let b = try compile(otherwise, env)
    return conditional(c, a, b)
  }

  /// The fragment for a name, or nil when it has no value.
  func lookup(_ name: String, _ env: [String: Binding]) -> Fragment? {
    if let binding = env[name] {
      switch binding {
      case .constant(let v): return .constant(v)
      case .variable: return .variable
      case .slot(let k):
        return Fragment(point: [.load(k)], interval: [.load(k)], pointDepth: 1, intervalDepth: 1)
      }
    }
    if let v = Builtins.constants[name] { return .constant(v) }
    if name == variable { return .variable }
    if let secondVariable, name == secondVariable {
      return Fragment(point: [.variableY], interval: [.variableY], pointDepth: 1, intervalDepth: 1)
    }
    if let v = variables[name] { return .constant(v) }
    return nil
  }

  /// `op` applied to the operands (pushed in order), folded when they are all constants and
  /// the value is not a domain error.
  func apply(_ op: PlotOp, _ operands: [Fragment]) -> Fragment {
    var point: [PlotOp] = []
    var interval: [PlotOp] = []
    var pointDepth = 0
    var intervalDepth = 0
    var constants: [PlotOp] = []
    for (i, f) in operands.enumerated() {
      point += f.point
      interval += f.interval
      pointDepth = max(pointDepth, i + f.pointDepth)
      intervalDepth = max(intervalDepth, i + f.intervalDepth)
      if let v = f.constant { constants.append(.constant(v)) }
    }
    point.append(op)
    interval.append(op)
    if constants.count == operands.count, let v = Self.fold(constants + [op]) {
      return .constant(v)
    }
    return Fragment(
      point: point, interval: interval, pointDepth: pointDepth, intervalDepth: intervalDepth)
  }

  /// The value of a constant straight-line point program, or nil on a domain error.
  static func fold(_ ops: [PlotOp]) -> Double? {
    withUnsafeTemporaryAllocation(of: Double.self, capacity: ops.count + 1) { stack in
      ops.withUnsafeBufferPointer { program in
        PlotMachine.run(program, x: .nan, stack: stack.baseAddress!, slots: stack.baseAddress!)
      }
    }
  }

  /// `a && b` or `a || b`: short-circuit jumps in the point program.
  func logical(_ a: Fragment, _ b: Fragment, isAnd: Bool) -> Fragment {
    if let v = a.constant {
      // The reference evaluator: `&&` is 0 when a is 0, `||` is 1 when a is not 0 (NaN
      // included); otherwise the truth of b.
      if isAnd && v == 0 { return .constant(0) }
      if !isAnd && v != 0 { return .constant(1) }
      return apply(.truth, [b])
    }
    let skip = Int32(b.point.count + 1)
    return Fragment(
      point: a.point + [isAnd ? .andJump(skip) : .orJump(skip)] + b.point + [.truth],
      interval: a.interval + b.interval + [isAnd ? .and : .or],
      pointDepth: max(a.pointDepth, b.pointDepth),
      intervalDepth: max(a.intervalDepth, 1 + b.intervalDepth))
  }

  /// `c ? a : b`: only the branch taken runs in the point program.
  func conditional(_ c: Fragment, _ a: Fragment, _ b: Fragment) -> Fragment {
    if let v = c.constant { return v != 0 ? a : b }
    return Fragment(
      point: c.point + [.jumpIfZero(Int32(a.point.count + 1))] + a.point + [
        .jump(Int32(b.point.count))
      ] + b.point,
      interval: c.interval + a.interval + b.interval + [.select],
      pointDepth: max(c.pointDepth, a.pointDepth, b.pointDepth),
      intervalDepth: max(c.intervalDepth, 1 + a.intervalDepth, 2 + b.intervalDepth))
  }

  /// The derivative a primed name (`f'`) calls, made once per name (kept in `derived`);
  /// nil for a name without primes.
  @inline(never)
  func derivativeFunction(named name: String) throws(CalcError) -> UserFunction? {
    guard Differentiator.primes(of: name) != nil else { return nil }
    if let made = derived.functions[name] { return made }
    do throws(CalcError) {
      let made = try Differentiator(functions: functions).derivativeFunction(named: name)
      derived.functions[name] = made
      return made
    } catch {
      throw located(error, at: name)
    }
  }

  /// A call of a built-in or user function, or a value before brackets (a product).
  @inline(never)
  mutating func call(_ name: String, _ arguments: [Expr], _ env: [String: Binding])
    throws(CalcError) -> Fragment
  {
    if let builtin = BuiltinFunction(name: name) {
      let arity = builtin.arity
      guard arity.accepts(arguments.count) else {
        throw located(
          CalcError(.arity(name, arity, given: arguments.count)), at: name)
      }
      var args: [Fragment] = []
      for a in arguments { args.append(try compile(a, env)) }
      guard let op = builtin.instruction(arguments: args.count) else { return args[0] }
      return apply(op, args)
    }
    if let integer = IntegerFunction(user: name, functions) {
      guard integer.arity.accepts(arguments.count) else {
        throw located(
          CalcError(.arity(name, integer.arity, given: arguments.count)),
          at: name)
      }
      // hex, oct and bin only choose how a result prints: in a plot, the value itself.
      guard integer.base != nil else {
        throw located(
          CalcError(.integerFunctionInPlot(name)), at: name)
      }
      return try compile(arguments[0], env)
    }
    let derivative = functions[name] == nil ? try derivativeFunction(named: name) : nil
    if let function = functions[name] ?? derivative {
      guard function.parameters.count == arguments.count else {
        throw located(
          CalcError(
            .arity(name, .exactly(function.parameters.count), given: arguments.count)),
          at: name)
      }
      if chain.contains(name) {
        throw CalcError(.recursionInPlot(name))
      }
      if chain.count >= Self.maxInlining {
        throw CalcError(.inliningTooDeep(name, limit: Self.maxInlining))
      }
      var point: [PlotOp] = []
      var interval: [PlotOp] = []
      var pointDepth = 0
      var intervalDepth = 0
      var inner: [String: Binding] = [:]
      var ownSlots: [Int32] = []
      for (parameter, argument) in zip(function.parameters, arguments) {
        let a = try compile(argument, env)
        if let v = a.constant {
          inner[parameter] = .constant(v)
        } else if a.point == [.variable] {
          inner[parameter] = .variable
        } else if a.point.count == 1, case .load(let k) = a.point[0] {
          inner[parameter] = .slot(k)  // a name bound to a slot passes on without a copy
        } else {
          let k = Int32(slotCount)
          slotCount += 1
          inner[parameter] = .slot(k)
          ownSlots.append(k)
          point += a.point + [.store(k)]
          interval += a.interval + [.store(k)]
          pointDepth = max(pointDepth, a.pointDepth)
          intervalDepth = max(intervalDepth, a.intervalDepth)
        }
      }
      // The same function with the same bindings compiles to the same code: compiled once,
      // copied after (functions that call another twice, `f2(x) = f1(x) + f1(x)`, ...,
      // took time exponential in their depth before the size limit could stop them). The
      // copy may reuse the body's own slots: each is stored before it is read, within the
      // body's code, and every slot live around the copy was numbered apart from them.
      let key = InlinedCall(name: name, parameters: function.parameters.map { inner[$0]! })
      let body: Fragment
      if let made = inlined.bodies[key] {
        body = made
      } else {
        chain.append(name)
        defer { chain.removeLast() }
        body = try compile(function.body, inner)
        inlined.bodies[key] = body
        inlined.compiled += 1
      }
      if ownSlots.isEmpty { return body }
      point += body.point
      interval += body.interval
      interval += ownSlots.map { .checkArgument($0) }
      // A no-op for the point machine; it tells the batch translation where the argument's
      // domain errors join the value.
      point += ownSlots.map { .checkArgument($0) }
      return Fragment(
        point: point, interval: interval, pointDepth: max(pointDepth, body.pointDepth),
        intervalDepth: max(intervalDepth, body.intervalDepth))
    }
    // A value before brackets multiplies, as in the reference evaluator: `a(b+1)`.
    if let value = lookup(name, env) {
      guard arguments.count == 1 else {
        throw located(CalcError(.variableCalled(name)), at: name)
      }
      return apply(.multiply, [value, try compile(arguments[0], env)])
    }
    throw located(CalcError(.unknownName(name)), at: name)
  }

}

extension PlotCompiler {
  /// The error for a bit operator applied to a function of x.
  static func notPlottable(_ op: String) -> CalcError {
    CalcError(.integerOperatorInPlot("\(op)"))
  }
}

extension PlotCompiler {
  /// `div` (as `floor(a / b)`) and the bit operations (`op`, or `~` for nil), out of
  /// `binary` and `unary` so their frames stay small: the compiler recurses through them once
  /// a level of the tree (a deep tree overflowed the stack of a test thread when these cases
  /// were inline). Bit operations are the calculator's (exact integers); a plot computes in
  /// doubles and folds them only between constants.
  ///
  /// - Throws: `.domain` for a bit operation on a function of x.
  @inline(never)
  func integerOperation(_ op: BinaryOperator?, _ a: Fragment, _ b: Fragment) throws(CalcError)
    -> Fragment
  {
    guard let op else {
      guard let v = a.constant else { throw Self.notPlottable("~") }
      return .constant(RealFunctions.bitwiseNot(v))
    }
    if op == .integerDivide {
      guard let floor = PlotFunction1(.floor) else { return apply(.divide, [a, b]) }
      return apply(.function1(floor), [apply(.divide, [a, b])])
    }
    guard let x = a.constant, let y = b.constant else { throw Self.notPlottable(op.rawValue) }
    return .constant(RealFunctions.bitwise(op, x, y))
  }
}

/// The bodies `PlotCompiler` inlined, by function and bindings.
final class InlinedBodies {
  var bodies: [PlotCompiler.InlinedCall: PlotCompiler.Fragment] = [:]
  /// How many bodies were compiled (the rest were copies).
  var compiled = 0
}

/// The derivatives `PlotCompiler` made for primed names.
final class DerivedFunctions {
  var functions: [String: UserFunction] = [:]
}
