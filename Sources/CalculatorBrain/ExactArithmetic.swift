import Glibc
import Integers

/// The operators on `CalcNumber`s: exact on integers, doubles as soon as a double enters.
///
/// Integers that fit in 64 bits are computed in `Int` with overflow checks
/// (`addingReportingOverflow`, ...), and only an overflow brings GMP in (`BigInteger`), so a
/// calculation without big numbers never calls it. Each big operation checks the size of its
/// result first (`BigInteger.maxBits`), turning `2^2^40` into a `.limit` error instead of an
/// abort. `div` and `%` are floored (Python's `//` and `%`, Knuth 1.2.4); the bit operations
/// act on two's complement values of unbounded width, so negative numbers behave as in
/// Python (`-1 & 0xff` is 255, `-8 >> 1` is -4).
enum ExactArithmetic {
  /// The largest magnitude a double holds every integer up to: 2^53.
  static let exactDoubleLimit = 9_007_199_254_740_992.0

  /// The result of `a op b`.
  ///
  /// - Throws: `.domain` for an undefined result (`0 % 0`, `7 div 0`, `0/0`), `.domain` for
  ///   a bit operation on a non-integer, `.limit` for an integer beyond `BigInteger.maxBits`.
  static func binary(_ op: BinaryOperator, _ a: CalcNumber, _ b: CalcNumber) throws(CalcError)
    -> CalcNumber
  {
    switch op {
    case .bitAnd, .bitOr, .bitXor, .shiftLeft, .shiftRight:
      return try bits(op, integer(a, for: op), integer(b, for: op))
    case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual:
      // Truth values are the doubles 1 and 0, as in a plot (so `-(a < b)` is -0 in both).
      return .real(compare(op, a, b) ? 1 : 0)
    case .and: return .real(a.double != 0 && b.double != 0 ? 1 : 0)
    case .or: return .real(a.double != 0 || b.double != 0 ? 1 : 0)
    default: break
    }
    if a.isInteger && b.isInteger {
      if let r = try integers(op, a, b) { return r }
    }
    let x = a.double
    let y = b.double
    let r: Double
    switch op {
    case .add: r = x + y
    case .subtract: r = x - y
    case .multiply: r = x * y
    case .divide: r = x / y
    case .modulo: r = RealFunctions.flooredModulo(x, y)
    case .integerDivide: r = Glibc.floor(x / y)
    case .power: r = RealFunctions.power(x, y)
    default: r = .nan
    }
    if r.isNaN && !x.isNaN && !y.isNaN {
      throw CalcError(.undefined(expression: "\(operand(a))\(spelled(op))\(operand(b))"))
    }
    return .real(r)
  }

  /// `op` on two integers, or nil when the result is not an integer (a `/` that does not
  /// divide evenly, a negative power, a division by zero: the double rule decides those).
  private static func integers(_ op: BinaryOperator, _ a: CalcNumber, _ b: CalcNumber)
    throws(CalcError) -> CalcNumber?
  {
    if case .integer(let x) = a, case .integer(let y) = b {
      switch op {
      case .add:
        let (r, o) = x.addingReportingOverflow(y)
        if !o { return .integer(r) }
      case .subtract:
        let (r, o) = x.subtractingReportingOverflow(y)
        if !o { return .integer(r) }
      case .multiply:
        let (r, o) = x.multipliedReportingOverflow(by: y)
        if !o { return .integer(r) }
      case .divide:
        if y == 0 { return nil }
        if x == .min && y == -1 { break }
        return x % y == 0 ? .integer(x / y) : nil
      case .modulo:
        if y == 0 { return nil }
        if y == -1 { return .integer(0) }
        let r = x % y
        return .integer(r != 0 && (r < 0) != (y < 0) ? r + y : r)
      case .integerDivide:
        if y == 0 { return nil }
        if x == .min && y == -1 { break }
        let q = x / y
        return .integer((x % y != 0 && (x < 0) != (y < 0)) ? q - 1 : q)
      case .power:
        if y < 0 { return x == 1 ? .integer(1) : x == -1 ? .integer(y & 1 == 0 ? 1 : -1) : nil }
        if let r = smallPower(x, y) { return .integer(r) }
      default:
        return nil
      }
    }
    // At least one is big, or the Int operation overflowed.
    guard let x = a.bigValue, let y = b.bigValue else { return nil }
    do throws(BigIntegerError) {
      switch op {
      case .add: return .normalized(try x + y)
      case .subtract: return .normalized(try x - y)
      case .multiply: return .normalized(try x * y)
      case .divide:
        if y.signum == 0 || !x.isDivisible(by: y) { return nil }
        return .normalized(x.exactQuotient(y))
      case .modulo:
        if y.signum == 0 { return nil }
        return .normalized(x.flooredRemainder(y))
      case .integerDivide:
        if y.signum == 0 { return nil }
        return .normalized(x.flooredQuotient(y))
      case .power:
        if y.signum < 0 { return nil }
        if x.signum == 0 || x == BigInteger(1) { return .normalized(x) }
        if x == BigInteger(-1) {
          return .integer(y.isDivisible(by: BigInteger(2)) ? 1 : -1)
        }
        guard let e = y.int else { throw BigIntegerError.tooLarge(bits: .max) }
        return .normalized(try x.power(e))
      default:
        return nil
      }
    } catch {
      throw tooLarge(error, "\(operand(a))\(spelled(op))\(operand(b))")
    }
  }

  /// `x^y` for y >= 0 in `Int`, or nil when it overflows.
  private static func smallPower(_ x: Int, _ y: Int) -> Int? {
    var result = 1
    var base = x
    var e = y
    while e > 0 {
      if e & 1 == 1 {
        let (r, o) = result.multipliedReportingOverflow(by: base)
        if o { return nil }
        result = r
      }
      e >>= 1
      if e > 0 {
        let (s, o) = base.multipliedReportingOverflow(by: base)
        if o { return nil }
        base = s
      }
    }
    return result
  }

  /// The comparison `a op b`: exact between integers, in doubles otherwise.
  private static func compare(_ op: BinaryOperator, _ a: CalcNumber, _ b: CalcNumber) -> Bool {
    let order: Int
    switch (a, b) {
    case (.integer(let x), .integer(let y)): order = x < y ? -1 : (x > y ? 1 : 0)
    case (.big, .integer), (.integer, .big), (.big, .big):
      order = a.bigValue!.compare(b.bigValue!)
    default:
      let x = a.double
      let y = b.double
      switch op {
      case .equal: return x == y
      case .notEqual: return x != y
      case .less: return x < y
      case .lessOrEqual: return x <= y
      case .greater: return x > y
      default: return x >= y
      }
    }
    switch op {
    case .equal: return order == 0
    case .notEqual: return order != 0
    case .less: return order < 0
    case .lessOrEqual: return order <= 0
    case .greater: return order > 0
    default: return order >= 0
    }
  }

  // MARK: Bits

  /// `value` as an integer for a bit operation: an integer, or a double that holds a whole
  /// number of magnitude up to 2^53 (`floor(x/2) & 1`).
  ///
  /// - Throws: `.domain` naming the operation for any other double (`2.5 & 1`).
  static func integer(_ value: CalcNumber, for op: BinaryOperator?) throws(CalcError)
    -> CalcNumber
  {
    guard case .real(let d) = value else { return value }
    if d == d.rounded(.towardZero), Swift.abs(d) <= exactDoubleLimit { return .integer(Int(d)) }
    let what = op.map { "'\(spelled($0).trimmingBlanks)'" } ?? "'~'"
    throw CalcError(.needsIntegers(operation: what, value: d))
  }

  /// A bit operation on two integers.
  private static func bits(_ op: BinaryOperator, _ a: CalcNumber, _ b: CalcNumber)
    throws(CalcError) -> CalcNumber
  {
    if case .integer(let x) = a, case .integer(let y) = b {
      switch op {
      case .bitAnd: return .integer(x & y)
      case .bitOr: return .integer(x | y)
      case .bitXor: return .integer(x ^ y)
      case .shiftRight:
        if y < 0 { throw negativeShift(b) }
        return .integer(y >= 64 ? (x < 0 ? -1 : 0) : x >> y)
      case .shiftLeft:
        if y < 0 { throw negativeShift(b) }
        if x == 0 { return .integer(0) }
        if y < 64 {
          let r = x << y
          if r >> y == x { return .integer(r) }
        }
      default: break
      }
    }
    guard let x = a.bigValue, let y = b.bigValue else { return .integer(0) }
    switch op {
    case .bitAnd: return .normalized(x & y)
    case .bitOr: return .normalized(x | y)
    case .bitXor: return .normalized(x ^ y)
    case .shiftRight:
      if y.signum < 0 { throw negativeShift(b) }
      guard let n = y.int else { return .integer(x.signum < 0 ? -1 : 0) }
      return .normalized(x.shiftedRight(n))
    default:
      if y.signum < 0 { throw negativeShift(b) }
      if x.signum == 0 { return .integer(0) }
      do throws(BigIntegerError) {
        guard let n = y.int else { throw BigIntegerError.tooLarge(bits: .max) }
        return .normalized(try x.shiftedLeft(n))
      } catch {
        throw tooLarge(error, "\(operand(a)) << \(operand(b))")
      }
    }
  }

  private static func negativeShift(_ count: CalcNumber) -> CalcError {
    CalcError(.negativeShift(CalculatorBrain.format(count)))
  }

  // MARK: One operand

  /// `-a`, `+a`, `!a` (logical not), `~a` (bitwise not, `-a - 1`) or `a!`.
  ///
  /// - Throws: `.domain` for `~` of a non-integer or the factorial of a negative integer;
  ///   `.limit` for a factorial beyond `BigInteger.maxBits`.
  static func unary(_ op: UnaryOperator, _ a: CalcNumber) throws(CalcError) -> CalcNumber {
    switch op {
    case .plus: return a
    case .not: return .real(a.double == 0 ? 1 : 0)
    case .negate:
      switch a {
      case .integer(let x): return x == .min ? .big(BigInteger(x).negated) : .integer(-x)
      case .big(let b): return .normalized(b.negated)
      case .real(let d): return .real(-d)
      }
    case .bitNot:
      switch try integer(a, for: nil) {
      case .integer(let x): return .integer(~x)
      case .big(let b): return .normalized(b.complement)
      case .real: return a
      }
    case .factorial:
      switch a {
      case .integer(let n):
        if n < 0 { throw CalcError(.undefined(expression: "\(operand(a))!")) }
        if n <= 20 {
          var r = 1
          for k in stride(from: 2, through: n, by: 1) { r *= k }
          return .integer(r)
        }
        do {
          return .normalized(try BigInteger.factorial(n))
        } catch {
          throw tooLarge(error, "\(n)!")
        }
      case .big:
        throw CalcError(.factorialTooLarge(operand: operand(a)))
      case .real(let x):
        let r = RealFunctions.factorial(x)
        if r.isNaN && !x.isNaN { throw CalcError(.undefined(expression: "\(operand(a))!")) }
        return .real(r)
      }
    }
  }

  // MARK: Text

  /// An operand in an error message, bracketed when negative: `(-8)^0.5`; a long integer
  /// shortened to its first and last digits.
  static func operand(_ value: CalcNumber) -> String {
    var text = CalculatorBrain.format(value)
    if text.count > 40 {
      text = "\(text.prefix(12))...\(text.suffix(12))"
    }
    return text.hasPrefix("-") ? "(\(text))" : text
  }

  /// How an operator is written between its operands in a message (`div` with blanks).
  static func spelled(_ op: BinaryOperator) -> String {
    switch op {
    case .integerDivide, .bitXor: return " \(op.rawValue) "
    case .shiftLeft, .shiftRight, .bitAnd, .bitOr: return " \(op.rawValue) "
    default: return op.rawValue
    }
  }

  /// The `.limit` error for a result beyond `BigInteger.maxBits`.
  private static func tooLarge(_ error: BigIntegerError, _ what: String) -> CalcError {
    let digits: String
    switch error {
    case .tooLarge(let bits) where bits < Int.max / 2:
      digits = "about \(Int(Double(bits) * 0.30102999566398120) + 1) digits"
    default:
      digits = "too many digits"
    }
    return CalcError(.exactIntegerTooLarge(what, digits: digits))
  }
}

extension String {
  /// The text without leading and trailing blanks.
  fileprivate var trimmingBlanks: String {
    var s = Substring(self)
    while s.first == " " { s = s.dropFirst() }
    while s.last == " " { s = s.dropLast() }
    return String(s)
  }
}
