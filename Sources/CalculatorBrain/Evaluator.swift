import TextAndNumbers

/// The reference evaluator: computes the value of an `Expr`, turning every result that is not
/// a real number into a domain error.
///
/// The tree is first compiled to postfix code (operands, operators, jumps for `?:`, `&&` and
/// `||`), which a small stack machine runs with an explicit call stack, so recursion in user
/// functions uses the heap and stops at `Limits.callDepth` calls with a `.limit` error instead
/// of overflowing the thread's stack (a tree-walking evaluator needs several native frames a
/// call, and debug builds make those frames kilobytes each).
///
/// Lookup order for a name: the parameters of the user function being run, the built-in
/// constants, the `x` given to `evaluate(_:x:)`, then the variables. A user function is looked
/// up when it is called, so functions may be defined in any order; a name that has a value
/// and is "called" with one argument multiplies it (`a(b+1)`).
struct Evaluator {
  /// The user's variables.
  let variables: [String: Double]
  /// The user's functions.
  let functions: [String: UserFunction]
  /// The value of `x` that overrides the variable `x`, if any.
  let x: Double?
  /// Where names first occur in the line being run, to locate errors (empty when unknown).
  var locations: [String: Range<Int>] = [:]

  /// One step of the stack machine.
  enum Instruction {
    /// Push a value.
    case number(Double)
    /// Push the parameter at this index of the running function.
    case parameter(Int)
    /// Push the value of a name that is not a parameter or constant (`x`, a variable).
    case name(String)
    /// Pop one operand, push the result.
    case unary(UnaryOperator)
    /// Pop two operands, push the result (never `&&` or `||`, which compile to jumps).
    case binary(BinaryOperator)
    /// Pop the arguments of a built-in function (count already checked), push its value.
    case builtin(BuiltinFunction, Int)
    /// Check, before its arguments run, that a call can be made: a user function with this
    /// many parameters, or a value times one argument.
    case resolve(String, Int)
    /// Pop the arguments and call the user function, or multiply by the named value.
    case call(String, Int)
    /// Pop a test; jump to the index when it is 0.
    case jumpIfZero(Int)
    /// Jump to the index.
    case jump(Int)
    /// Pop a value, push 1 when it is not 0, else 0.
    case truth
  }

  /// The value of `expr`.
  ///
  /// - Throws: `.unknownName`, `.arity`, `.domain` (a result that is not a real number from
  ///   operands that are), `.limit` (more than `Limits.callDepth` nested calls).
  func value(_ expr: Expr) throws(CalcError) -> Double {
    var derivative: (name: String, arguments: [Double], depth: Int)?
    do {
      return try run(expr, derivative: &derivative)
    } catch {
      // A domain error inside a derivative: the derivative does not exist there (the
      // outermost primed call is named, with its arguments).
      guard error.kind == .domain, let (name, arguments, _) = derivative else { throw error }
      throw located(CalcError(.domain, Self.noDerivative(name, arguments)), name)
    }
  }

  /// "abs'(0) does not exist": the message for a derivative that is undefined or infinite.
  static func noDerivative(_ name: String, _ arguments: [Double]) -> String {
    let list = arguments.map(CalculatorBrain.format).joined(separator: ", ")
    return "\(name)(\(list)) does not exist (no derivative there)"
  }

  /// `value(_:)`'s stack machine; `derivative` is the outermost call of a primed name
  /// (`f'`) running, with its arguments and call depth.
  private func run(_ expr: Expr, derivative: inout (name: String, arguments: [Double], depth: Int)?)
    throws(CalcError) -> Double
  {
    var compiled: [String: [Instruction]] = [:]
    var code = try compile(expr, parameters: [])
    var pc = 0
    var locals: [Double] = []
    var function: String?
    var callers: [(code: [Instruction], pc: Int, locals: [Double], function: String?)] = []
    var stack: [Double] = []
    stack.reserveCapacity(16)
    // The derivatives that primed names (`f'`) call, made on their first call.
    var derived: [String: UserFunction] = [:]

    while true {
      guard pc < code.count else {
        if let running = derivative, running.depth == callers.count {
          if let slope = stack.last, !slope.isFinite {
            throw CalcError(.domain, Self.noDerivative(running.name, running.arguments))
          }
          derivative = nil
        }
        guard let caller = callers.popLast() else { break }
        (code, pc, locals, function) = caller
        continue
      }
      let instruction = code[pc]
      pc += 1
      switch instruction {
      case .number(let value):
        stack.append(value)
      case .parameter(let index):
        stack.append(locals[index])
      case .name(let name):
        guard let value = lookup(name) else { throw unknown(name, isCall: false) }
        stack.append(value)
      case .unary(let op):
        let a = stack.removeLast()
        stack.append(try unary(op, a))
      case .binary(let op):
        let b = stack.removeLast()
        let a = stack.removeLast()
        stack.append(try binary(op, a, b))
      case .builtin(let function, let count):
        let arguments = Array(stack.suffix(count))
        stack.removeLast(count)
        let r = function.value(of: arguments)
        if r.isNaN && !arguments.contains(where: \.isNaN) {
          let name = function.name
          let list = arguments.map(CalculatorBrain.format).joined(separator: ", ")
          throw located(CalcError(.domain, "\(name)(\(list)) is undefined"), name)
        }
        stack.append(r)
      case .resolve(let name, let count):
        if functions[name] == nil, derived[name] == nil {
          do throws(CalcError) {
            derived[name] = try Differentiator(functions: functions).derivativeFunction(
              named: name)
          } catch {
            throw located(error, name)
          }
        }
        try resolve(name, count, derived[name])
      case .call(let name, let count):
        guard let callee = functions[name] ?? derived[name] else {
          // `resolve` has checked that the name has a value and there is one argument.
          let argument = stack.removeLast()
          stack.append((lookup(name) ?? .nan) * argument)
          continue
        }
        if callers.count >= Limits.callDepth {
          throw located(
            CalcError(
              .limit, "recursion too deep in '\(name)' (more than \(Limits.callDepth) calls)"), name
          )
        }
        let body: [Instruction]
        if let cached = compiled[name] {
          body = cached
        } else {
          body = try compile(callee.body, parameters: callee.parameters)
          compiled[name] = body
        }
        let arguments = Array(stack.suffix(count))
        stack.removeLast(count)
        callers.append((code, pc, locals, function))
        (code, pc, locals, function) = (body, 0, arguments, name)
        if derivative == nil, derived[name] != nil {
          derivative = (name, arguments, callers.count)
        }
      case .jumpIfZero(let target):
        if stack.removeLast() == 0 { pc = target }
      case .jump(let target):
        pc = target
      case .truth:
        stack.append(stack.removeLast() != 0 ? 1 : 0)
      }
    }
    return stack.last ?? .nan
  }

  // MARK: Compiling

  /// Postfix code for `expr`; `parameters` are the names bound to the running function's
  /// arguments. Recursion here is bounded by the tree's height (`Limits.height` for parsed
  /// trees).
  ///
  /// - Throws: `.arity` for a built-in function called with the wrong number of arguments.
  private func compile(_ expr: Expr, parameters: [String]) throws(CalcError) -> [Instruction] {
    var code: [Instruction] = []
    try emit(expr, parameters, into: &code)
    return code
  }

  private func emit(_ expr: Expr, _ parameters: [String], into code: inout [Instruction])
    throws(CalcError)
  {
    switch expr {
    case .number(let value):
      code.append(.number(value))
    case .variable(let name):
      if let index = parameters.firstIndex(of: name) {
        code.append(.parameter(index))
      } else if let value = Builtins.constants[name] {
        code.append(.number(value))
      } else {
        code.append(.name(name))
      }
    case .unary(let op, let operand):
      try emit(operand, parameters, into: &code)
      code.append(.unary(op))
    case .binary(let op, let left, let right) where op == .and || op == .or:
      // a && b: a; jumpIfZero F; b; truth; jump E; F: 0; E:
      // a || b: a; jumpIfZero R; 1; jump E; R: b; truth; E:
      let isAnd = op == .and
      try emit(left, parameters, into: &code)
      let test = code.count
      code.append(.jumpIfZero(0))
      if isAnd {
        try emit(right, parameters, into: &code)
        code.append(.truth)
      } else {
        code.append(.number(1))
      }
      let skip = code.count
      code.append(.jump(0))
      code[test] = .jumpIfZero(code.count)
      if isAnd {
        code.append(.number(0))
      } else {
        try emit(right, parameters, into: &code)
        code.append(.truth)
      }
      code[skip] = .jump(code.count)
    case .binary(let op, let left, let right):
      try emit(left, parameters, into: &code)
      try emit(right, parameters, into: &code)
      code.append(.binary(op))
    case .conditional(let test, let then, let otherwise):
      try emit(test, parameters, into: &code)
      let branch = code.count
      code.append(.jumpIfZero(0))
      try emit(then, parameters, into: &code)
      let skip = code.count
      code.append(.jump(0))
      code[branch] = .jumpIfZero(code.count)
      try emit(otherwise, parameters, into: &code)
      code[skip] = .jump(code.count)
    case .call(let name, let arguments):
      if let function = BuiltinFunction(name: name) {
        let arity = function.arity
        guard arity.accepts(arguments.count) else {
          throw located(
            CalcError(.arity, arity.message(calling: name, given: arguments.count)), name)
        }
        for argument in arguments { try emit(argument, parameters, into: &code) }
        code.append(.builtin(function, arguments.count))
      } else if arguments.count == 1, parameters.contains(name) {
        // A parameter before `(` multiplies.
        try emit(.binary(.multiply, .variable(name), arguments[0]), parameters, into: &code)
      } else {
        code.append(.resolve(name, arguments.count))
        for argument in arguments { try emit(argument, parameters, into: &code) }
        code.append(.call(name, arguments.count))
      }
    }
  }

  // MARK: Operations

  /// The value of a name that is not a parameter, or nil when it has none.
  private func lookup(_ name: String) -> Double? {
    if let value = Builtins.constants[name] { return value }
    if name == "x", let x { return x }
    return variables[name]
  }

  /// Throws unless `name` can be called with `count` arguments.
  private func resolve(_ name: String, _ count: Int, _ derived: UserFunction?) throws(CalcError) {
    if let function = functions[name] ?? derived {
      guard function.parameters.count == count else {
        throw located(
          CalcError(
            .arity,
            Builtins.Arity.exactly(function.parameters.count).message(calling: name, given: count)),
          name)
      }
      return
    }
    guard lookup(name) != nil else { throw unknown(name, isCall: true) }
    if count != 1 {
      throw located(CalcError(.unknownName, "'\(name)' is a variable, not a function"), name)
    }
  }

  private func unary(_ op: UnaryOperator, _ a: Double) throws(CalcError) -> Double {
    switch op {
    case .negate: return -a
    case .plus: return a
    case .not: return a == 0 ? 1 : 0
    case .factorial:
      let r = RealFunctions.factorial(a)
      if r.isNaN && !a.isNaN { throw CalcError(.domain, "\(Self.operand(a))! is undefined") }
      return r
    }
  }

  private func binary(_ op: BinaryOperator, _ a: Double, _ b: Double) throws(CalcError) -> Double {
    let r: Double
    switch op {
    case .add: r = a + b
    case .subtract: r = a - b
    case .multiply: r = a * b
    case .divide: r = a / b
    case .modulo: r = RealFunctions.flooredModulo(a, b)
    case .power: r = RealFunctions.power(a, b)
    case .equal: return a == b ? 1 : 0
    case .notEqual: return a != b ? 1 : 0
    case .less: return a < b ? 1 : 0
    case .lessOrEqual: return a <= b ? 1 : 0
    case .greater: return a > b ? 1 : 0
    case .greaterOrEqual: return a >= b ? 1 : 0
    case .and: return a != 0 && b != 0 ? 1 : 0
    case .or: return a != 0 || b != 0 ? 1 : 0
    }
    if r.isNaN && !a.isNaN && !b.isNaN {
      throw CalcError(.domain, "\(Self.operand(a))\(op.rawValue)\(Self.operand(b)) is undefined")
    }
    return r
  }

  // MARK: Errors

  /// An unknown-name error with the nearest known name as a suggestion.
  private func unknown(_ name: String, isCall: Bool) -> CalcError {
    if name == "ans" {
      return located(CalcError(.unknownName, "'ans' has no value yet"), name)
    }
    if !isCall, let function = functions[name] {
      let call = "\(name)(\(function.parameters.joined(separator: ", ")))"
      return located(CalcError(.unknownName, "'\(name)' is a function; call it as \(call)"), name)
    }
    var message = "unknown name '\(name)'"
    var values = Set(variables.keys).union(Builtins.constants.keys)
    if x != nil { values.insert("x") }
    let suggester = NameSuggester(values: values, functions: Set(functions.keys))
    if let suggestion = suggester.suggestion(for: name, isCall: isCall) {
      message += "; " + NameSuggestion.didYouMean(suggestion)
    }
    return located(CalcError(.unknownName, message), name)
  }

  private func located(_ error: CalcError, _ name: String) -> CalcError {
    var error = error
    if error.location == nil { error.location = locations[name] }
    return error
  }

  /// An operand in an operator's error message, bracketed when negative: `(-8)^0.5`.
  static func operand(_ value: Double) -> String {
    let text = CalculatorBrain.format(value)
    return text.hasPrefix("-") ? "(\(text))" : text
  }
}
