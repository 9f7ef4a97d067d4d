import CalculatorBrain
import Glibc

/// One instruction of a batch program: a column-wise step over registers that each hold one
/// chunk of values (one value per x of the chunk).
///
/// Operands are registers (`a`, `b`) or the constant `c`; `d` receives the result. Register 0
/// holds the chunk's x values and is never written.
struct BatchOp: Sendable, Equatable {
  var code: BatchCode
  /// A sub-code: the comparison, the `BuiltinFunction` raw value.
  var sub: UInt8 = 0
  var d: Int32 = 0
  var a: Int32 = 0
  var b: Int32 = 0
  /// The conditional's number (branch, otherwise, merge).
  var e: Int32 = 0
  /// The otherwise-register of a merge.
  var f: Int32 = 0
  /// A constant operand.
  var c: Double = 0
}

/// What a batch instruction does. Suffix `C`: the second operand is the constant `c`; `CR`:
/// the first operand is the constant.
enum BatchCode: UInt8, Sendable {
  case fill, copy
  case negate, not, truth, factorial, square, cube
  case add, addC, subtract, subtractCR, multiply, multiplyC, divide, divideC, divideCR
  /// `a * b + c`, rounded after the product and after the sum (no fused multiply-add: the
  /// same value as `multiply` then `addC`), in one pass: Horner steps (`(...)*x + k`).
  case multiplyAddC
  case modulo, power, powerC
  /// `sub` is a `BatchComparison`.
  case compare, compareC
  /// `sub` is the raw value of a `BuiltinFunction` of one argument.
  case function1
  /// `sub` is the raw value of a `BuiltinFunction` of two arguments.
  case function2
  case minimum, maximum
  /// `d` is NaN wherever argument register `b` is (a domain error in an eagerly evaluated
  /// argument of a user function), else `a`. Emitted only where the body's value may drop
  /// the argument's NaN (`g(u) = 1`, or `u` read in one branch): elsewhere the value is
  /// NaN there already (`BatchOperand.strict`).
  case poison
  /// Conditional number `e` on test register `a`: records whether the chunk's tests are all
  /// true (not 0, not NaN), all 0 or mixed; when all 0, goes to instruction `b`.
  case branch
  /// The end of the then-part of conditional `e`: when all tests were true, goes to `b`.
  case otherwise
  /// `d` = test `a` is NaN ? NaN : test `a` != 0 ? then `b` : otherwise `f` (only the part
  /// that ran is read when the tests agreed).
  case merge
}

/// The comparisons of a batch program.
enum BatchComparison: UInt8 {
  case less, lessOrEqual, greater, greaterOrEqual, equal, notEqual
}

/// A point program translated into a batch program: the same values, computed a chunk of x at
/// a time so that the cost of dispatching an instruction is paid once per chunk, not once per
/// value (column-wise or "vectorised" interpretation, as in array languages such as APL and
/// in columnar databases: P. Boncz, M. Zukowski, N. Nes, "MonetDB/X100: Hyper-Pipelining Query
/// Execution", CIDR 2005).
///
/// Semantics: the point program reports a domain error (a NaN from operands that are not
/// NaN) as a NaN value and evaluates only the branch taken. The batch program evaluates both
/// branches of a conditional over the chunk (or one, when every test of the chunk agrees) and
/// merges them, and every instruction is NaN-strict: a NaN operand gives a NaN result, even
/// for comparisons, `pow(NaN, 0)` or a conditional's test. When no constant of the program is
/// NaN and x is not NaN, every NaN is a domain error (or comes from one), so a NaN in the
/// taken path reaches the result through NaN-strict steps, and a NaN in a branch not taken
/// is dropped by the merge: the result equals the point program's, bit for bit (the same
/// functions on the same operands, in the same order) when the elementary functions are the
/// scalar ones; with glibc's vector ones (the default where the processor has AVX2), each
/// of those is within 4 ulps of its scalar value.
/// A program with a NaN constant is not translated; x values that are NaN are evaluated by
/// the point program.
struct PlotBatch: Sendable {
  /// The instructions.
  var ops: [BatchOp]
  /// Registers used, register 0 (x) included.
  var registerCount: Int
  /// Conditionals (each has a mode cell).
  var conditionalCount: Int
  /// Where the result is: a register, or a constant when `resultRegister` is nil.
  var resultRegister: Int32?
  var resultConstant: Double

  /// The values a chunk holds at most.
  static let chunk = 256

  /// Translates a point program; nil when it holds a NaN constant or a shape the translation
  /// does not know (then the point program is used for every value).
  init?(point program: [PlotOp], slotCount: Int) {
    var t = BatchTranslator(slotCount: slotCount)
    guard let result = t.translate(program) else { return nil }
    ops = t.ops
    registerCount = Int(t.registerCount)
    conditionalCount = t.conditionals
    if result.isConstant {
      resultRegister = nil
      resultConstant = result.constant
    } else {
      resultRegister = result.register
      resultConstant = 0
    }
  }
}

/// An operand during translation: a register (owned by its stack entry, or borrowed: x or an
/// argument slot) or a constant.
struct BatchOperand {
  var register: Int32
  var constant: Double
  var owned: Bool
  /// The argument slots (bit k for slot k, slots 0 to 63) that this value is NaN-strict in:
  /// wherever the slot's value is NaN, so is this one, in every chunk (every batch step is
  /// NaN-strict in its operands, and a merge in its test and in what both branches share).
  /// An argument's domain error then reaches the value without a `poison` step.
  var strict: UInt64 = 0
  var isConstant: Bool { register < 0 }
  static func constant(_ v: Double) -> BatchOperand {
    BatchOperand(register: -1, constant: v, owned: false)
  }
  static func register(_ r: Int32, owned: Bool, strict: UInt64 = 0) -> BatchOperand {
    BatchOperand(register: r, constant: 0, owned: owned, strict: strict)
  }
}

/// Translates a point program (postfix with jumps) into a batch program in one pass, keeping
/// the operand stack symbolically: constants stay operands of the steps that use them, x and
/// argument slots are read where they are, and each intermediate value gets a register that
/// is reused once the value is consumed.
struct BatchTranslator {
  /// A conditional (or `&&`, `||`) being translated.
  struct Pending {
    enum Kind { case conditional, and, or }
    var kind: Kind
    /// Point-program index of the `jump` that ends a conditional's then-part.
    var elseAt: Int
    /// Point-program index just after the construct.
    var endAt: Int
    var test: BatchOperand
    var then: BatchOperand?
    var branchIndex: Int
    var otherwiseIndex: Int
    var number: Int
    var depth: Int
  }

  var ops: [BatchOp] = []
  var stack: [BatchOperand] = []
  var pending: [Pending] = []
  var free: [Int32] = []
  var registerCount: Int32 = 1
  var slots: [Int32]
  /// The slots each slot's value is NaN-strict in (its own bit included): see
  /// `BatchOperand.strict`.
  var slotStrict: [UInt64]
  var conditionals = 0

  init(slotCount: Int) {
    slots = [Int32](repeating: -1, count: slotCount)
    slotStrict = [UInt64](repeating: 0, count: slotCount)
  }

  /// The bit of slot `k` in a `BatchOperand.strict` set (none for slots from 64 on, whose
  /// arguments keep their `poison` step).
  static func bit(_ k: Int32) -> UInt64 { k >= 0 && k < 64 ? 1 << UInt64(k) : 0 }

  mutating func allocate() -> Int32 {
    if let r = free.popLast() { return r }
    registerCount += 1
    return registerCount - 1
  }

  mutating func release(_ o: BatchOperand) {
    if o.owned && o.register > 0 { free.append(o.register) }
  }

  /// The operand in a register (a constant is filled into a new one).
  mutating func inRegister(_ o: BatchOperand) -> BatchOperand {
    if !o.isConstant { return o }
    let r = allocate()
    ops.append(BatchOp(code: .fill, d: r, c: o.constant))
    return .register(r, owned: true)
  }

  /// The register a step reading `a` (and `b`, both in registers) writes: an owned operand's
  /// register (the other owned one is released), or a new one.
  mutating func destination(_ a: BatchOperand, _ b: BatchOperand? = nil) -> Int32 {
    if a.owned && !a.isConstant {
      if let b { release(b) }
      return a.register
    }
    if let b, b.owned && !b.isConstant { return b.register }
    return allocate()
  }

  /// Starts a conditional construct on `test`; returns its number.
  mutating func branch(_ test: BatchOperand) -> Int {
    ops.append(BatchOp(code: .branch, a: test.register, e: Int32(conditionals)))
    conditionals += 1
    return conditionals - 1
  }

  /// Ends the then-part of `p` with `value`.
  mutating func otherwise(_ p: inout Pending, _ value: BatchOperand) {
    p.then = value.isConstant ? inRegister(value) : value
    ops.append(BatchOp(code: .otherwise, e: Int32(p.number)))
    p.otherwiseIndex = ops.count - 1
    ops[p.branchIndex].b = Int32(ops.count)
  }

  mutating func translate(_ program: [PlotOp]) -> BatchOperand? {
    var pc = 0
    let count = program.count
    while true {
      // Finish the constructs that end here (innermost first).
      while let p = pending.last, p.endAt == pc {
        pending.removeLast()
        guard stack.count == p.depth + 1, let thenValue = p.then, let last = stack.popLast() else {
          return nil
        }
        let otherwise = inRegister(last)
        let d: Int32
        if thenValue.owned {
          d = thenValue.register
        } else if otherwise.owned {
          d = otherwise.register
        } else {
          d = allocate()
        }
        ops.append(
          BatchOp(
            code: .merge, d: d, a: p.test.register, b: thenValue.register, e: Int32(p.number),
            f: otherwise.register))
        ops[p.otherwiseIndex].b = Int32(ops.count - 1)
        if thenValue.register != d { release(thenValue) }
        if otherwise.register != d { release(otherwise) }
        if p.test.register != d { release(p.test) }
        // NaN where the test is; where a slot is NaN only if both branches are then.
        let strict = p.test.strict | (thenValue.strict & otherwise.strict)
        stack.append(.register(d, owned: true, strict: strict))
      }
      if pc >= count { break }
      let op = program[pc]
      pc += 1
      switch op {
      case .constant(let v):
        if v.isNaN { return nil }
        stack.append(.constant(v))
      case .variable:
        stack.append(.register(0, owned: false))
      case .variableY:
        return nil  // batches run over x alone
      case .load(let k):
        guard slots.indices.contains(Int(k)), slots[Int(k)] > 0 else { return nil }
        stack.append(.register(slots[Int(k)], owned: false, strict: slotStrict[Int(k)]))
      case .store(let k):
        guard slots.indices.contains(Int(k)), let v = stack.popLast() else { return nil }
        var o = v
        if !o.owned || o.isConstant {
          // The slot keeps a register of its own for the loads that follow.
          let r = allocate()
          if o.isConstant {
            ops.append(BatchOp(code: .fill, d: r, c: o.constant))
          } else {
            ops.append(BatchOp(code: .copy, d: r, a: o.register))
          }
          o = .register(r, owned: true, strict: o.strict)
        }
        slots[Int(k)] = o.register
        slotStrict[Int(k)] = o.strict | Self.bit(k)
      case .checkArgument(let k):
        guard slots.indices.contains(Int(k)), slots[Int(k)] > 0, let top = stack.popLast() else {
          return nil
        }
        let slot = slots[Int(k)]
        slots[Int(k)] = -1
        if top.strict & Self.bit(k) != 0 {
          // The body's value is NaN wherever the argument is: no poison step. The slot's
          // register goes to the value when the value is that register (`f(u) = u`).
          if top.register == slot {
            stack.append(.register(slot, owned: true, strict: top.strict))
          } else {
            free.append(slot)
            stack.append(top)
          }
          break
        }
        let t = inRegister(top)
        let d = destination(t)
        ops.append(BatchOp(code: .poison, d: d, a: t.register, b: slot))
        free.append(slot)
        stack.append(.register(d, owned: true, strict: t.strict | slotStrict[Int(k)]))
      case .negate, .not, .truth, .factorial, .square, .cube, .function1:
        guard let top = stack.popLast() else { return nil }
        let a = inRegister(top)
        let d = destination(a)
        var step = BatchOp(code: .negate, d: d, a: a.register)
        switch op {
        case .negate: step.code = .negate
        case .not: step.code = .not
        case .truth: step.code = .truth
        case .factorial: step.code = .factorial
        case .square: step.code = .square
        case .cube: step.code = .cube
        case .function1(let f): (step.code, step.sub) = (.function1, f.builtin.rawValue)
        default: return nil
        }
        ops.append(step)
        stack.append(.register(d, owned: true, strict: a.strict))
      case .add, .subtract, .multiply, .divide, .modulo, .power, .less, .lessOrEqual, .greater,
        .greaterOrEqual, .equal, .notEqual, .function2:
        guard let b = stack.popLast(), let a = stack.popLast(), let r = binary(op, a, b) else {
          return nil
        }
        stack.append(r)
      case .minimum(let n), .maximum(let n):
        let n = Int(n)
        guard n >= 1, stack.count >= n else { return nil }
        let args = Array(stack.suffix(n))
        stack.removeLast(n)
        var m = inRegister(args[0])
        for next in args.dropFirst() {
          let r = inRegister(next)
          let d = destination(m, r)
          let code: BatchCode
          if case .minimum = op { code = .minimum } else { code = .maximum }
          ops.append(BatchOp(code: code, d: d, a: m.register, b: r.register))
          m = .register(d, owned: true, strict: m.strict | r.strict)
        }
        stack.append(m)
      case .jumpIfZero(let n):
        let jumpAt = pc - 1 + Int(n)
        guard let t = stack.popLast(), n >= 1, jumpAt < count,
          case .jump(let skip) = program[jumpAt], skip >= 0
        else {
          return nil
        }
        let test = inRegister(t)
        let number = branch(test)
        pending.append(
          Pending(
            kind: .conditional, elseAt: jumpAt, endAt: jumpAt + 1 + Int(skip), test: test,
            then: nil,
            branchIndex: ops.count - 1, otherwiseIndex: -1, number: number, depth: stack.count))
      case .jump:
        // The end of a conditional's then-part.
        guard var p = pending.popLast(), p.kind == .conditional, p.elseAt == pc - 1, p.then == nil,
          stack.count == p.depth + 1, let thenValue = stack.popLast()
        else { return nil }
        otherwise(&p, thenValue)
        pending.append(p)
      case .andJump(let n), .orJump(let n):
        // `a && b` is a ? truth(b) : 0 and `a || b` is a ? 1 : truth(b); the `truth` that ends
        // b (skipped by the point program's jump) is the last step of the construct.
        let truthAt = pc - 1 + Int(n)
        guard let t = stack.popLast(), n >= 1, truthAt < count, program[truthAt] == .truth else {
          return nil
        }
        let test = inRegister(t)
        let number = branch(test)
        let isAnd: Bool
        if case .andJump = op { isAnd = true } else { isAnd = false }
        var p = Pending(
          kind: isAnd ? .and : .or, elseAt: -1, endAt: truthAt + 1, test: test, then: nil,
          branchIndex: ops.count - 1, otherwiseIndex: -1, number: number, depth: stack.count)
        if !isAnd { otherwise(&p, .constant(1)) }
        pending.append(p)
      case .select, .and, .or:
        return nil
      }
      // `a && b`: after the `truth` that ends b, the otherwise-part is the constant 0.
      if let p = pending.last, p.kind == .and, p.then == nil, p.endAt == pc {
        var q = pending.removeLast()
        guard stack.count == q.depth + 1, let thenValue = stack.popLast() else { return nil }
        otherwise(&q, thenValue)
        stack.append(.constant(0))
        pending.append(q)
      }
    }
    guard pending.isEmpty, stack.count == 1 else { return nil }
    return stack[0]
  }

  /// Translates one binary step, choosing a constant form where one operand is constant.
  mutating func binary(_ op: PlotOp, _ a: BatchOperand, _ b: BatchOperand) -> BatchOperand? {
    if a.isConstant != b.isConstant {
      let r = a.isConstant ? b : a
      let c = a.isConstant ? a.constant : b.constant
      var step = BatchOp(code: .addC, d: 0, a: r.register, c: c)
      switch (op, a.isConstant) {
      case (.add, _): step.code = .addC
      case (.multiply, _): step.code = .multiplyC
      case (.subtract, false):
        // r - c == r + (-c) exactly (IEEE 754 defines subtraction so).
        step.code = .addC
        step.c = -c
      case (.subtract, true): step.code = .subtractCR
      case (.divide, false): step.code = .divideC
      case (.divide, true): step.code = .divideCR
      case (.power, false):
        step.code = .powerC
      case (.less, _), (.lessOrEqual, _), (.greater, _), (.greaterOrEqual, _), (.equal, _),
        (.notEqual, _):
        guard var cmp = Self.comparison(op) else { return nil }
        if a.isConstant {
          // c < r is r > c, and so on.
          switch cmp {
          case .less: cmp = .greater
          case .lessOrEqual: cmp = .greaterOrEqual
          case .greater: cmp = .less
          case .greaterOrEqual: cmp = .lessOrEqual
          case .equal, .notEqual: break
          }
        }
        step.code = .compareC
        step.sub = cmp.rawValue
      default:
        // modulo, a constant base of a power, function2: fill the constant.
        return general(op, inRegister(a), inRegister(b))
      }
      step.d = destination(r)
      if step.code == .addC, fusesWithLastProduct(r, into: step.d) {
        // `a*b` or `a*a` (a square), then `+ c`: one `a*b + c` step, rounded as the two were.
        if ops[ops.count - 1].code == .square { ops[ops.count - 1].b = ops[ops.count - 1].a }
        ops[ops.count - 1].code = .multiplyAddC
        ops[ops.count - 1].c = step.c
      } else {
        ops.append(step)
      }
      return .register(step.d, owned: true, strict: r.strict)
    }
    return general(op, inRegister(a), inRegister(b))
  }

  /// Whether an `addC` on `r` writing `d` may be folded into the instruction before it: that
  /// one is a `multiply` or a `square` into `r` itself, `r` is a temporary (owned: this step
  /// is its only reader) and is written in place, and no jump lands between the two.
  func fusesWithLastProduct(_ r: BatchOperand, into d: Int32) -> Bool {
    guard r.owned, !r.isConstant, d == r.register, let last = ops.last,
      last.code == .multiply || last.code == .square, last.d == r.register
    else { return false }
    let here = Int32(ops.count)
    return !ops.contains { ($0.code == .branch || $0.code == .otherwise) && $0.b == here }
  }

  static func comparison(_ op: PlotOp) -> BatchComparison? {
    switch op {
    case .less: return .less
    case .lessOrEqual: return .lessOrEqual
    case .greater: return .greater
    case .greaterOrEqual: return .greaterOrEqual
    case .equal: return .equal
    case .notEqual: return .notEqual
    default: return nil
    }
  }

  /// A binary step on two registers.
  mutating func general(_ op: PlotOp, _ a: BatchOperand, _ b: BatchOperand) -> BatchOperand? {
    var step = BatchOp(code: .add, d: 0, a: a.register, b: b.register)
    switch op {
    case .add: step.code = .add
    case .subtract: step.code = .subtract
    case .multiply: step.code = .multiply
    case .divide: step.code = .divide
    case .modulo: step.code = .modulo
    case .power: step.code = .power
    case .function2(let f): (step.code, step.sub) = (.function2, f.rawValue)
    default:
      guard let cmp = Self.comparison(op) else { return nil }
      (step.code, step.sub) = (.compare, cmp.rawValue)
    }
    step.d = destination(a, b)
    ops.append(step)
    return .register(step.d, owned: true, strict: a.strict | b.strict)
  }
}
