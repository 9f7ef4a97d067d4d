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
  /// The exact values of the variables that hold integers (see `CalculatorBrain.integers`).
  var integers: [String: ExactVariable] = [:]
  /// The exact value of `ans`, when an integer.
  var exactAnswer: ExactVariable?
  /// Whether the trigonometric functions take and give degrees.
  var angleUnit: AngleUnit = .radians
  /// The user's functions.
  let functions: [String: UserFunction]
  /// Asked every 4096 calls of user functions; true stops the evaluation (Ctrl-C).
  var interrupt: (@Sendable () -> Bool)?
  /// The value of `x` that overrides the variable `x`, if any.
  let x: Double?
  /// Where names first occur in the line being run, to locate errors (empty when unknown).
  var locations: [String: Range<Int>] = [:]
  /// Where the operators of the line are, in the order an in-order walk of the tree meets
  /// them (`Parser.operatorLocations`), to put a caret under a failing operator.
  var operatorLocations = OperatorSites()

  /// One step of the stack machine.
  enum Instruction {
    /// Push a value.
    case number(CalcNumber)
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
    /// Pop the arguments of an integer function (count already checked), push its value.
    case integerFunction(IntegerFunction, Int)
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
    try exactValue(expr).double
  }

  /// The value of `expr`, exact where the rules of `CalcNumber` say so.
  ///
  /// - Throws: as `value(_:)`, and `.limit` for an integer beyond `BigInteger.maxBits`.
  func exactValue(_ expr: Expr) throws(CalcError) -> CalcNumber {
    var derivative: (name: String, arguments: [CalcNumber], depth: Int)?
    do {
      return try run(expr, derivative: &derivative)
    } catch {
      // A domain error inside a derivative: the derivative does not exist there (the
      // outermost primed call is named, with its arguments).
      guard error.kind == .domain, let (name, arguments, _) = derivative else { throw error }
      throw located(CalcError(Self.noDerivative(name, arguments)), name)
    }
  }

  /// "abs'(0) does not exist": the message for a derivative that is undefined or infinite.
  static func noDerivative(_ name: String, _ arguments: [CalcNumber]) -> CalcError.Problem {
    let list = arguments.map { CalculatorBrain.format($0.double) }.joined(separator: ", ")
    return .noDerivative(call: "\(name)(\(list))")
  }

  /// `exactValue(_:)`'s stack machine; `derivative` is the outermost call of a primed name
  /// (`f'`) running, with its arguments and call depth.
  private func run(
    _ expr: Expr, derivative: inout (name: String, arguments: [CalcNumber], depth: Int)?
  ) throws(CalcError) -> CalcNumber {
    var compiled: [String: [Instruction]] = [:]
    var sites: [Int] = []
    var code = try compile(angleUnit.rewrite(expr), parameters: [], sites: &sites)
    var pc = 0
    var locals: [CalcNumber] = []
    var function: String?
    var callers: [(code: [Instruction], pc: Int, locals: [CalcNumber], function: String?)] = []
    var calls = 0
    var stack: [CalcNumber] = []
    stack.reserveCapacity(16)
    // The derivatives that primed names (`f'`) call, made on their first call.
    var derived: [String: UserFunction] = [:]

    while true {
      guard pc < code.count else {
        if let running = derivative, running.depth == callers.count {
          if let slope = stack.last, !slope.double.isFinite {
            throw CalcError(Self.noDerivative(running.name, running.arguments))
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
        do {
          stack.append(try ExactArithmetic.unary(op, a))
        } catch {
          throw at(error, function == nil ? site(of: pc - 1, in: sites) : nil)
        }
      case .binary(let op):
        let b = stack.removeLast()
        let a = stack.removeLast()
        do {
          stack.append(try ExactArithmetic.binary(op, a, b))
        } catch {
          throw at(error, function == nil ? site(of: pc - 1, in: sites) : nil)
        }
      case .builtin(let function, let count):
        let arguments = Array(stack.suffix(count))
        stack.removeLast(count)
        stack.append(try builtin(function, arguments))
      case .integerFunction(let function, let count):
        let arguments = Array(stack.suffix(count))
        stack.removeLast(count)
        do {
          stack.append(try function.value(of: arguments))
        } catch {
          throw located(error, function.name)
        }
      case .resolve(let name, let count):
        if functions[name] == nil, derived[name] == nil {
          do throws(CalcError) {
            // In degrees the derivative is of the bodies in radians (d/dx sin(x) is
            // π/180·cos(x), as the plot's slope), and so is the body it makes.
            let unit = angleUnit
            let inRadians =
              unit == .radians
              ? functions
              : functions.mapValues {
                UserFunction(name: $0.name, parameters: $0.parameters, body: unit.rewrite($0.body))
              }
            derived[name] = try Differentiator(functions: inRadians).derivativeFunction(
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
          stack.append(
            try ExactArithmetic.binary(.multiply, lookup(name) ?? .real(.nan), argument))
          continue
        }
        calls &+= 1
        if calls & 0xFFF == 0, let interrupt, interrupt() {
          throw CalcError(.evaluationInterrupted(calls: calls))
        }
        if callers.count >= Limits.callDepth {
          throw located(
            CalcError(.recursionTooDeep(name, limit: Limits.callDepth)), name
          )
        }
        let body: [Instruction]
        if let cached = compiled[name] {
          body = cached
        } else {
          var unused: [Int] = []
          // A derivative's body is in radians already (`resolve`).
          let inRadians = functions[name] == nil
          body = try compile(
            inRadians ? callee.body : angleUnit.rewrite(callee.body),
            parameters: callee.parameters, sites: &unused)
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
        if stack.removeLast().double == 0 { pc = target }
      case .jump(let target):
        pc = target
      case .truth:
        stack.append(.real(stack.removeLast().double != 0 ? 1 : 0))
      }
    }
    return stack.last ?? .real(.nan)
  }

  /// The location of the operator of the instruction at `pc`, from `sites` (pairs of
  /// instruction and operator indices).
  private func site(of pc: Int, in sites: [Int]) -> Range<Int>? {
    var i = 0
    while i + 1 < sites.count {
      if sites[i] == pc { return operatorLocations[sites[i + 1]] }
      i += 2
    }
    return nil
  }

  /// `error` at `site` when it has no location yet.
  private func at(_ error: CalcError, _ site: Range<Int>?) -> CalcError {
    var error = error
    if error.location == nil { error.location = site }
    return error
  }

  /// A built-in function of `CalcNumber`s: exact on integers where the function keeps them
  /// whole (`abs`, `sign`, `min`, `max`, `mod`, `pow`, `floor`, `ceil`, `round`, `trunc`),
  /// else the double rule, so a double argument gives what a plot computes, bit for bit
  /// (`ceil(-0.5)` is -0, as in the compiled functions).
  private func builtin(_ function: BuiltinFunction, _ arguments: [CalcNumber]) throws(CalcError)
    -> CalcNumber
  {
    if arguments.allSatisfy(\.isInteger) {
      switch function {
      case .abs:
        return arguments[0].double < 0
          ? try ExactArithmetic.unary(.negate, arguments[0]) : arguments[0]
      case .sign:
        let d = arguments[0].double
        return .integer(d > 0 ? 1 : d < 0 ? -1 : 0)
      case .floor, .ceil, .round, .trunc:
        return arguments[0]
      case .min, .max:
        var best = arguments[0]
        for next in arguments.dropFirst() {
          let op: BinaryOperator = function == .min ? .less : .greater
          if try ExactArithmetic.binary(op, next, best).double != 0 { best = next }
        }
        return best
      case .mod, .pow:
        if arguments.count == 2 {
          do {
            return try ExactArithmetic.binary(
              function == .mod ? .modulo : .power, arguments[0], arguments[1])
          } catch {
            throw located(error, function.name)
          }
        }
      default:
        break
      }
    }
    let doubles = arguments.map(\.double)
    let r = function.value(of: doubles)
    if r.isNaN && !doubles.contains(where: \.isNaN) {
      let name = function.name
      let list = arguments.map { CalculatorBrain.format($0) }.joined(separator: ", ")
      throw located(CalcError(.undefined(expression: "\(name)(\(list))")), name)
    }
    return .real(r)
  }

  // MARK: Compiling

  /// Postfix code for `expr`; `parameters` are the names bound to the running function's
  /// arguments. Recursion here is bounded by the tree's height (`Limits.height` for parsed
  /// trees).
  ///
  /// - Throws: `.arity` for a built-in function called with the wrong number of arguments.
  ///
  /// `sites` receives pairs (the index of an operator instruction, the index of its
  /// operator in `operatorLocations`), met in the same in-order walk; flat `Int`s, so a
  /// one-line run instantiates no new generic type (see `OperatorSites`).
  private func compile(_ expr: Expr, parameters: [String], sites: inout [Int])
    throws(CalcError) -> [Instruction]
  {
    var code: [Instruction] = []
    var walk = OperatorWalk(locations: operatorLocations)
    try emit(expr, parameters, into: &code, &walk)
    sites = walk.sites
    return code
  }

  /// Pairs operator instructions with the operators of the line, in order.
  private struct OperatorWalk {
    var locations: OperatorSites
    var next = 0
    var sites: [Int] = []

    /// The index of the next operator in `locations` (nil past the end, as in a function's
    /// body).
    mutating func take() -> Int? {
      defer { next += 1 }
      return next < locations.count ? next : nil
    }

    /// Notes that the instruction at `pc` is the operator `site`.
    mutating func note(_ site: Int?, at pc: Int) {
      guard let site else { return }
      sites.append(pc)
      sites.append(site)
    }
  }

  private func emit(
    _ expr: Expr, _ parameters: [String], into code: inout [Instruction],
    _ walk: inout OperatorWalk
  ) throws(CalcError) {
    switch expr {
    case .number(let value):
      code.append(.number(.real(value)))
    case .integer(let literal):
      code.append(.number(literal.value))
    case .variable(let name):
      if let index = parameters.firstIndex(of: name) {
        code.append(.parameter(index))
      } else if let value = Builtins.constants[name] {
        code.append(.number(.real(value)))
      } else {
        code.append(.name(name))
      }
    case .unary(let op, let operand):
      // A prefix operator comes before its operand in the line, the factorial after it.
      let before = op == .factorial ? nil : walk.take()
      try emit(operand, parameters, into: &code, &walk)
      let site = op == .factorial ? walk.take() : before
      walk.note(site, at: code.count)
      code.append(.unary(op))
    case .binary(let op, let left, let right) where op == .and || op == .or:
      // a && b: a; jumpIfZero F; b; truth; jump E; F: 0; E:
      // a || b: a; jumpIfZero R; 1; jump E; R: b; truth; E:
      let isAnd = op == .and
      try emit(left, parameters, into: &code, &walk)
      _ = walk.take()
      let test = code.count
      code.append(.jumpIfZero(0))
      if isAnd {
        try emit(right, parameters, into: &code, &walk)
        code.append(.truth)
      } else {
        code.append(.number(.real(1)))
      }
      let skip = code.count
      code.append(.jump(0))
      code[test] = .jumpIfZero(code.count)
      if isAnd {
        code.append(.number(.real(0)))
      } else {
        try emit(right, parameters, into: &code, &walk)
        code.append(.truth)
      }
      code[skip] = .jump(code.count)
    case .binary(let op, let left, let right):
      try emit(left, parameters, into: &code, &walk)
      let site = walk.take()
      try emit(right, parameters, into: &code, &walk)
      walk.note(site, at: code.count)
      code.append(.binary(op))
    case .conditional(let test, let then, let otherwise):
      try emit(test, parameters, into: &code, &walk)
      let branch = code.count
      code.append(.jumpIfZero(0))
      try emit(then, parameters, into: &code, &walk)
      let skip = code.count
      code.append(.jump(0))
      code[branch] = .jumpIfZero(code.count)
      try emit(otherwise, parameters, into: &code, &walk)
      code[skip] = .jump(code.count)
    case .call(let name, let arguments):
      if let function = BuiltinFunction(name: name) {
        let arity = function.arity
        guard arity.accepts(arguments.count) else {
          throw located(
            CalcError(.arity(name, arity, given: arguments.count)), name)
        }
        for argument in arguments { try emit(argument, parameters, into: &code, &walk) }
        code.append(.builtin(function, arguments.count))
      } else if let function = IntegerFunction(user: name, functions) {
        let arity = function.arity
        guard arity.accepts(arguments.count) else {
          throw located(
            CalcError(.arity(name, arity, given: arguments.count)), name)
        }
        for argument in arguments { try emit(argument, parameters, into: &code, &walk) }
        code.append(.integerFunction(function, arguments.count))
      } else if arguments.count == 1, parameters.contains(name) {
        // A parameter before `(` multiplies (the parser did not see an operator here).
        code.append(.parameter(parameters.firstIndex(of: name)!))
        try emit(arguments[0], parameters, into: &code, &walk)
        code.append(.binary(.multiply))
      } else {
        code.append(.resolve(name, arguments.count))
        for argument in arguments { try emit(argument, parameters, into: &code, &walk) }
        code.append(.call(name, arguments.count))
      }
    }
  }

  // MARK: Operations

  /// The value of a name that is not a parameter, or nil when it has none.
  private func lookup(_ name: String) -> CalcNumber? {
    if let value = Builtins.constants[name] { return .real(value) }
    if name == "x", let x { return .real(x) }
    guard let value = variables[name] else { return nil }
    // The exact value, unless the variable was changed behind the calculator's back.
    if let exact = name == "ans" ? exactAnswer : integers[name], exact.double == value {
      return exact.value
    }
    return .real(value)
  }

  /// Throws unless `name` can be called with `count` arguments.
  private func resolve(_ name: String, _ count: Int, _ derived: UserFunction?) throws(CalcError) {
    if let function = functions[name] ?? derived {
      guard function.parameters.count == count else {
        throw located(
          CalcError(.arity(name, .exactly(function.parameters.count), given: count)),
          name)
      }
      return
    }
    guard lookup(name) != nil else { throw unknown(name, isCall: true) }
    if count != 1 {
      throw located(CalcError(.variableCalled(name)), name)
    }
  }

  // MARK: Errors

  /// An unknown-name error with the nearest known name as a suggestion.
  private func unknown(_ name: String, isCall: Bool) -> CalcError {
    if name == "ans" {
      return located(CalcError(.ansHasNoValue), name)
    }
    if !isCall, let function = functions[name] {
      let call = "\(name)(\(function.parameters.joined(separator: ", ")))"
      return located(CalcError(.functionUsedAsValue(name, call: call)), name)
    }
    var values = Set(variables.keys).union(Builtins.constants.keys)
    if x != nil { values.insert("x") }
    let suggester = NameSuggester(values: values, functions: Set(functions.keys))
    let suggestion = suggester.suggestion(for: name, isCall: isCall)
    return located(CalcError(.unknownName(name, suggestion: suggestion)), name)
  }

  private func located(_ error: CalcError, _ name: String) -> CalcError {
    var error = error
    if error.location == nil { error.location = locations[name] }
    return error
  }

  /// An operand in an operator's error message, bracketed when negative: `(-8)^0.5`.
  static func operand(_ value: Double) -> String {
    ExactArithmetic.operand(.real(value))
  }
}
