import CalculatorBrain
import Intervals

extension PlotOp {
  /// Whether the instruction may split its result in two pieces in `PlotMachine.pieces`
  /// (a pole of `tan` or of a division, a step of `floor`, `ceil`, `round`, `trunc`, `sign`,
  /// a conditional whose test may go either way).
  var splits: Bool {
    switch self {
    case .divide, .select: return true
    case .function1(let f):
      switch f.builtin {
      case .tan, .floor, .ceil, .round, .trunc, .sign: return true
      default: return false
      }
    default: return false
    }
  }
}

extension PlotMachine {
  /// Runs an interval program over `x` (and `y`) with a union of at most two intervals in
  /// each register (`IntervalUnion`): the same rules as `enclose`, applied to each
  /// combination of pieces, except that a pole of `tan` or of a division and a step of an
  /// integer-valued function inside the input give two pieces, and a conditional whose test
  /// may go either way keeps both branches apart (Tupper 2001, section 3.2; graphest's
  /// interval sets). The stack and slots as for `enclose`.
  static func pieces(
    _ ops: UnsafeBufferPointer<PlotOp>, x: Interval, y: Interval,
    stack: UnsafeMutablePointer<IntervalUnion>, slots: UnsafeMutablePointer<IntervalUnion>
  ) -> IntervalUnion {
    var sp = 0
    for op in ops {
      switch op {
      case .constant(let v):
        stack[sp] = IntervalUnion(v.isNaN ? .empty : Interval(v))
        sp += 1
      case .variable:
        stack[sp] = IntervalUnion(x)
        sp += 1
      case .variableY:
        stack[sp] = IntervalUnion(y)
        sp += 1
      case .load(let k):
        stack[sp] = slots[Int(k)]
        sp += 1
      case .store(let k):
        sp -= 1
        slots[Int(k)] = stack[sp]
      case .checkArgument(let k):
        let s = slots[Int(k)]
        if s.isEmpty {
          stack[sp - 1] = .empty
        } else if !s.isDefinedEverywhere {
          stack[sp - 1] = stack[sp - 1].map { $0.notDefinedEverywhere }
        }
      case .negate: stack[sp - 1] = stack[sp - 1].map { -$0 }
      case .not: stack[sp - 1] = stack[sp - 1].map { .not($0) }
      case .truth: stack[sp - 1] = stack[sp - 1].map { .truth($0) }
      case .factorial: stack[sp - 1] = stack[sp - 1].map { .factorial($0) }
      case .function1(let f):
        switch f.builtin {
        case .tan: stack[sp - 1] = stack[sp - 1].flatMap { .tan($0) }
        case .floor, .ceil, .round, .trunc, .sign:
          stack[sp - 1] = stack[sp - 1].flatMap { .steps(f.enclosure($0)) }
        default: stack[sp - 1] = stack[sp - 1].map { f.enclosure($0) }
        }
      case .divide:
        sp -= 1
        stack[sp - 1] = .combineSplitting(stack[sp - 1], stack[sp]) { .divide($0, $1) }
      case .add, .subtract, .multiply, .modulo, .power, .less, .lessOrEqual, .greater,
        .greaterOrEqual, .equal, .notEqual, .function2, .and, .or:
        sp -= 1
        let a = stack[sp - 1]
        let b = stack[sp]
        let r: IntervalUnion
        switch op {
        case .add: r = .combine(a, b) { $0 + $1 }
        case .subtract: r = .combine(a, b) { $0 - $1 }
        case .multiply: r = .combine(a, b) { $0 * $1 }
        case .modulo: r = .combine(a, b) { .mod($0, $1) }
        case .power: r = .combine(a, b) { .pow($0, $1) }
        case .less: r = .combine(a, b) { .less($0, $1) }
        case .lessOrEqual: r = .combine(a, b) { .lessOrEqual($0, $1) }
        case .greater: r = .combine(a, b) { .greater($0, $1) }
        case .greaterOrEqual: r = .combine(a, b) { .greaterOrEqual($0, $1) }
        case .equal: r = .combine(a, b) { .equal($0, $1) }
        case .notEqual: r = .combine(a, b) { .notEqual($0, $1) }
        case .function2(let f): r = .combine(a, b) { f.twoArgumentEnclosure($0, $1) }
        case .and: r = .combine(a, b) { .and($0, $1) }
        default: r = .combine(a, b) { .or($0, $1) }
        }
        stack[sp - 1] = r
      case .minimum(let n), .maximum(let n):
        let first = sp - Int(n)
        var m = stack[first]
        for i in (first + 1)..<sp {
          if case .minimum = op {
            m = .combine(m, stack[i]) { .min($0, $1) }
          } else {
            m = .combine(m, stack[i]) { .max($0, $1) }
          }
        }
        sp = first + 1
        stack[first] = m
      case .select:
        sp -= 2
        let test = stack[sp - 1]
        let a = stack[sp]
        let b = stack[sp + 1]
        stack[sp - 1] = test.flatMap { .conditional($0, then: a, otherwise: b) }
      case .jump, .jumpIfZero, .andJump, .orJump, .square, .cube:
        break  // point-only; never compiled into an interval program
      }
    }
    return sp > 0 ? stack[sp - 1] : .empty
  }
}

extension PlaneFunction {
  /// Whether the interval program has an instruction that may split (`PlotOp.splits`):
  /// only then can `pieces(x:y:)` be tighter than `enclosure(x:y:)`.
  public var canSplit: Bool { code.intervalProgram.contains { $0.splits } }

  /// An enclosure of the values over the box `x` x `y` as a union of at most two
  /// intervals (`PlotMachine.pieces`): where a pole or a step lies in the box, the values on
  /// either side of it, so `tan(35.6x)` over a box around a pole excludes 0. Every piece
  /// holds with Tupper's flags as in `enclosure(x:y:)`; a zero divisor gives no value.
  public func pieces(x: Interval, y: Interval) -> IntervalUnion {
    if x.isEmpty || y.isEmpty { return .empty }
    let code = self.code
    let capacity = code.intervalDepth + code.slotCount + 1
    return withUnsafeTemporaryAllocation(of: IntervalUnion.self, capacity: capacity) { room in
      guard let base = room.baseAddress else { return IntervalUnion(.unknown) }
      base.initialize(repeating: .empty, count: capacity)
      defer { base.deinitialize(count: capacity) }
      return code.intervalProgram.withUnsafeBufferPointer { ops in
        PlotMachine.pieces(ops, x: x, y: y, stack: base + code.slotCount, slots: base)
      }
    }
  }
}
