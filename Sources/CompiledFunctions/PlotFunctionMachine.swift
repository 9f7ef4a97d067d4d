import CalculatorBrain
import Glibc
import Intervals

/// One instruction of a compiled plot program: a postfix (RPN) step over an operand stack.
///
/// Jump offsets count instructions after the jump itself. The point program uses the jumps
/// so that only the branch taken is evaluated; the interval program has no jumps (it
/// evaluates both branches and combines them with `select`, `and`, `or`).
enum PlotOp: Sendable, Equatable {
  /// Push a constant.
  case constant(Double)
  /// Push the plot variable.
  case variable
  /// Push the second variable of a function of two (y of a relation, `PlaneFunction`).
  case variableY
  /// Push the value of an argument slot of an inlined user function.
  case load(Int32)
  /// Pop into an argument slot.
  case store(Int32)
  /// Interval program (a no-op in the point program, where it marks the end of an inlined
  /// body for the batch translation): the result on top depends on argument slot `k` (evaluated eagerly, as
  /// the reference evaluator does, even when the body does not use it): empty if the slot is
  /// empty, not defined everywhere if the slot is not.
  case checkArgument(Int32)
  case negate, not, factorial, truth
  /// Point program: `x * x` and `x * x * x` (the compiled `x^2`, `x^3`).
  case square, cube
  case add, subtract, multiply, divide, modulo, power
  case less, lessOrEqual, greater, greaterOrEqual, equal, notEqual
  /// A built-in function of one argument (its scalar and interval rules from the table).
  case function1(PlotFunction1)
  /// A built-in function of two arguments: `atan2`, `hypot`, `log` (the table's rules).
  case function2(BuiltinFunction)
  /// `min` / `max` of the top `n` values.
  case minimum(Int32)
  case maximum(Int32)
  /// Point program: skip `n` instructions.
  case jump(Int32)
  /// Point program: pop the test; skip `n` when it is 0 (NaN counts as true).
  case jumpIfZero(Int32)
  /// Point program: pop `a`; when it is 0 push 0 and skip `n` (the `&&` short circuit).
  case andJump(Int32)
  /// Point program: pop `a`; when it is not 0 push 1 and skip `n` (the `||` short circuit).
  case orJump(Int32)
  /// Interval program: `test then otherwise` -> `Interval.conditional`.
  case select
  /// Interval program: `a b` -> `Interval.and` / `Interval.or`.
  case and, or
}

/// The interpreters of plot programs.
enum PlotMachine {
  /// Runs a point program.
  ///
  /// - Parameters:
  ///   - ops: The program.
  ///   - x: The value of the plot variable.
  ///   - stack: Room for the program's greatest stack depth.
  ///   - slots: Room for its argument slots.
  /// - Returns: The value, or nil on a domain error (a NaN result from operands that are
  ///   not NaN, as the reference evaluator throws).
  static func run(
    _ ops: UnsafeBufferPointer<PlotOp>, x: Double, y: Double = .nan,
    stack: UnsafeMutablePointer<Double>, slots: UnsafeMutablePointer<Double>
  ) -> Double? {
    var sp = 0  // the number of values on the stack
    var pc = 0
    let count = ops.count
    while pc < count {
      let op = ops[pc]
      pc += 1
      switch op {
      case .constant(let v):
        stack[sp] = v
        sp += 1
      case .variable:
        stack[sp] = x
        sp += 1
      case .variableY:
        stack[sp] = y
        sp += 1
      case .load(let k):
        stack[sp] = slots[Int(k)]
        sp += 1
      case .store(let k):
        sp -= 1
        slots[Int(k)] = stack[sp]
      case .checkArgument:
        break
      case .negate:
        stack[sp - 1] = -stack[sp - 1]
      case .not:
        stack[sp - 1] = stack[sp - 1] == 0 ? 1 : 0
      case .truth:
        stack[sp - 1] = stack[sp - 1] != 0 ? 1 : 0
      case .square:
        stack[sp - 1] = stack[sp - 1] * stack[sp - 1]
      case .cube:
        stack[sp - 1] = stack[sp - 1] * stack[sp - 1] * stack[sp - 1]
      case .factorial:
        let a = stack[sp - 1]
        let r = RealFunctions.factorial(a)
        if r.isNaN && !a.isNaN { return nil }
        stack[sp - 1] = r
      case .add, .subtract, .multiply, .divide, .modulo, .power:
        sp -= 1
        let a = stack[sp - 1]
        let b = stack[sp]
        let r: Double
        switch op {
        case .add: r = a + b
        case .subtract: r = a - b
        case .multiply: r = a * b
        case .divide: r = a / b
        case .modulo: r = RealFunctions.flooredModulo(a, b)
        default: r = RealFunctions.power(a, b)
        }
        if r.isNaN && !a.isNaN && !b.isNaN { return nil }
        stack[sp - 1] = r
      case .less:
        sp -= 1
        stack[sp - 1] = stack[sp - 1] < stack[sp] ? 1 : 0
      case .lessOrEqual:
        sp -= 1
        stack[sp - 1] = stack[sp - 1] <= stack[sp] ? 1 : 0
      case .greater:
        sp -= 1
        stack[sp - 1] = stack[sp - 1] > stack[sp] ? 1 : 0
      case .greaterOrEqual:
        sp -= 1
        stack[sp - 1] = stack[sp - 1] >= stack[sp] ? 1 : 0
      case .equal:
        sp -= 1
        stack[sp - 1] = stack[sp - 1] == stack[sp] ? 1 : 0
      case .notEqual:
        sp -= 1
        stack[sp - 1] = stack[sp - 1] != stack[sp] ? 1 : 0
      case .function1(let f):
        let a = stack[sp - 1]
        let r = f.value(a)
        if r.isNaN && !a.isNaN { return nil }
        stack[sp - 1] = r
      case .function2(let f):
        sp -= 1
        let a = stack[sp - 1]
        let b = stack[sp]
        let r = f.twoArgumentValue(a, b)
        if r.isNaN && !a.isNaN && !b.isNaN { return nil }
        stack[sp - 1] = r
      case .minimum(let n):
        let first = sp - Int(n)
        var m = stack[first]
        for i in (first + 1)..<sp where stack[i].isNaN || stack[i] < m { m = stack[i] }
        sp = first + 1
        stack[first] = m
      case .maximum(let n):
        let first = sp - Int(n)
        var m = stack[first]
        for i in (first + 1)..<sp where stack[i].isNaN || stack[i] > m { m = stack[i] }
        sp = first + 1
        stack[first] = m
      case .jump(let n):
        pc += Int(n)
      case .jumpIfZero(let n):
        sp -= 1
        if stack[sp] == 0 { pc += Int(n) }
      case .andJump(let n):
        sp -= 1
        if stack[sp] == 0 {
          stack[sp] = 0
          sp += 1
          pc += Int(n)
        }
      case .orJump(let n):
        sp -= 1
        if stack[sp] != 0 {
          stack[sp] = 1
          sp += 1
          pc += Int(n)
        }
      case .select, .and, .or:
        return nil  // interval-only; never compiled into a point program
      }
    }
    return sp > 0 ? stack[sp - 1] : nil
  }

  /// Runs an interval program over `x` (and `y`, for a function of two variables); the
  /// stack and slots as for `run`.
  static func enclose(
    _ ops: UnsafeBufferPointer<PlotOp>, x: Interval, y: Interval = .empty,
    stack: UnsafeMutablePointer<Interval>, slots: UnsafeMutablePointer<Interval>
  ) -> Interval {
    var sp = 0
    for op in ops {
      switch op {
      case .constant(let v):
        stack[sp] = v.isNaN ? .empty : Interval(v)
        sp += 1
      case .variable:
        stack[sp] = x
        sp += 1
      case .variableY:
        stack[sp] = y
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
          stack[sp - 1].isDefinedEverywhere = false
        }
      case .negate: stack[sp - 1] = -stack[sp - 1]
      case .not: stack[sp - 1] = .not(stack[sp - 1])
      case .truth: stack[sp - 1] = .truth(stack[sp - 1])
      case .factorial: stack[sp - 1] = .factorial(stack[sp - 1])
      case .function1(let f): stack[sp - 1] = f.enclosure(stack[sp - 1])
      case .add, .subtract, .multiply, .divide, .modulo, .power, .less, .lessOrEqual, .greater,
        .greaterOrEqual, .equal, .notEqual, .function2, .and, .or:
        sp -= 1
        let a = stack[sp - 1]
        let b = stack[sp]
        let r: Interval
        switch op {
        case .add: r = a + b
        case .subtract: r = a - b
        case .multiply: r = a * b
        case .divide: r = a / b
        case .modulo: r = .mod(a, b)
        case .power: r = .pow(a, b)
        case .less: r = .less(a, b)
        case .lessOrEqual: r = .lessOrEqual(a, b)
        case .greater: r = .greater(a, b)
        case .greaterOrEqual: r = .greaterOrEqual(a, b)
        case .equal: r = .equal(a, b)
        case .notEqual: r = .notEqual(a, b)
        case .function2(let f): r = f.twoArgumentEnclosure(a, b)
        case .and: r = .and(a, b)
        default: r = .or(a, b)
        }
        stack[sp - 1] = r
      case .minimum(let n), .maximum(let n):
        let first = sp - Int(n)
        var m = stack[first]
        for i in (first + 1)..<sp {
          if case .minimum = op { m = .min(m, stack[i]) } else { m = .max(m, stack[i]) }
        }
        sp = first + 1
        stack[first] = m
      case .select:
        sp -= 2
        stack[sp - 1] = .conditional(stack[sp - 1], then: stack[sp], otherwise: stack[sp + 1])
      case .jump, .jumpIfZero, .andJump, .orJump, .square, .cube:
        break  // point-only; never compiled into an interval program
      }
    }
    return sp > 0 ? stack[sp - 1] : .empty
  }
}
