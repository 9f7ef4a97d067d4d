import Integers
import TextAndNumbers

/// A value of the calculator: an exact integer of any size, or a double.
///
/// The rule (`help numbers`, Docs/commands.md "Numbers"): integer literals (`12`, `0xff`,
/// `1_000`) are integers; a literal with a point or an exponent (`1.5`, `2e3`) is a double.
/// `+ - * % div ^ !` of integers are exact integers (`^` with an exponent of 0 or more),
/// `/` too when it divides evenly; bit operations give integers; comparisons give the doubles
/// 1 and 0 (as plots compute them); a non-integer operand (or any other function) makes the
/// result a double. Integers that fit
/// in 64 bits are kept in `Int` and never reach GMP; only a result that overflows 64 bits
/// becomes a `BigInteger`, and a big result that fits again becomes an `Int`.
public enum CalcNumber: Sendable {
  /// An integer that fits in 64 bits.
  case integer(Int)
  /// An integer that does not fit in 64 bits (never one that does).
  case big(BigInteger)
  /// A double.
  case real(Double)

  /// The value as a double (an integer beyond 2^53 rounded towards zero; beyond the largest
  /// double, an infinity).
  public var double: Double {
    switch self {
    case .integer(let i): return Double(i)
    case .big(let b): return b.double
    case .real(let d): return d
    }
  }

  /// Whether the value is an exact integer.
  public var isInteger: Bool {
    if case .real = self { return false }
    return true
  }

  /// `b` as a number: an `Int` when it fits, else big.
  static func normalized(_ b: BigInteger) -> CalcNumber {
    if let i = b.int { return .integer(i) }
    return .big(b)
  }

  /// The value as a `BigInteger` (nil for a double).
  var bigValue: BigInteger? {
    switch self {
    case .integer(let i): return BigInteger(i)
    case .big(let b): return b
    case .real: return nil
    }
  }
}

extension CalcNumber: Equatable, Hashable {
  /// Numeric equality: an integer equals a double of the same value (`4 == 4.0`), NaN equals
  /// nothing.
  public static func == (a: CalcNumber, b: CalcNumber) -> Bool {
    switch (a, b) {
    case (.integer(let x), .integer(let y)): return x == y
    case (.big(let x), .big(let y)): return x == y
    case (.integer, .big), (.big, .integer): return false
    default: return a.double == b.double
    }
  }

  /// Hashes the double value (equal numbers hash alike).
  public func hash(into hasher: inout Hasher) { hasher.combine(double) }
}

extension CalcNumber: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
  /// The integer `value`.
  public init(integerLiteral value: Int) { self = .integer(value) }
  /// The double `value`.
  public init(floatLiteral value: Double) { self = .real(value) }
}

/// An integer literal of the infix language: its value when it fits in 64 bits, else its
/// digits, and in either case the nearest double (for plotted functions, which compute in
/// doubles and never make a `BigInteger`).
public struct IntegerLiteral: Sendable, Hashable {
  /// The value, when it fits in an `Int`.
  public var small: Int?
  /// The digits (an optional `-`, then digits of `radix`, separators removed), for a value
  /// that does not fit in an `Int`; empty otherwise.
  public var digits: String
  /// The radix of `digits`: 2, 8, 10 or 16.
  public var radix: Int
  /// The value as a double: exact below 2^53, else within an ulp or two.
  public var double: Double

  /// The literal `value`.
  public init(_ value: Int) {
    small = value
    digits = ""
    radix = 10
    double = Double(value)
  }

  /// The literal spelled by `digits` in `radix` (ASCII digits of the radix, an optional
  /// leading `-`); nil when they spell nothing.
  public init?(digits: String, radix: Int) {
    var negative = false
    var body = Substring(digits)
    if body.first == "-" {
      negative = true
      body = body.dropFirst()
    }
    guard !body.isEmpty else { return nil }
    var value = 0
    var overflow = false
    var approximate = 0.0
    for c in body.utf8 {
      let d: Int
      switch c {
      case 0x30...0x39: d = Int(c) - 0x30
      case 0x61...0x66: d = Int(c) - 0x61 + 10
      case 0x41...0x46: d = Int(c) - 0x41 + 10
      default: return nil
      }
      guard d < radix else { return nil }
      approximate = approximate * Double(radix) + Double(d)
      if !overflow {
        let (m, o1) = value.multipliedReportingOverflow(by: radix)
        let (s, o2) = negative ? m.subtractingReportingOverflow(d) : m.addingReportingOverflow(d)
        if o1 || o2 { overflow = true } else { value = s }
      }
    }
    if overflow {
      small = nil
      self.digits = (negative ? "-" : "") + String(body)
      // Decimal digits round correctly through the decimal reader; other radices accumulate.
      if radix == 10, let d = DecimalNumber.parse(String(body)) { approximate = d }
      double = negative ? -approximate : approximate
    } else {
      small = value
      self.digits = ""
      double = Double(value)
    }
    self.radix = radix
  }

  /// The literal's value.
  var value: CalcNumber {
    if let small { return .integer(small) }
    guard let big = BigInteger(digits: digits, radix: radix) else { return .real(double) }
    return .normalized(big)
  }

  /// The literal as the language reads it back: decimal for a small value, the radix's
  /// prefix form for a big one (`0xffffffffffffffffff`).
  public var text: String {
    if let small { return String(small) }
    let negative = digits.hasPrefix("-")
    let body = negative ? String(digits.dropFirst()) : digits
    let prefix: String
    switch radix {
    case 16: prefix = "0x"
    case 8: prefix = "0o"
    case 2: prefix = "0b"
    default: prefix = ""
    }
    return (negative ? "-" : "") + prefix + body
  }
}

/// The exact value of a variable that holds an integer, with the double the calculator's
/// `variables` keep for it (a change made to `variables` directly wins over a stale value).
public struct ExactVariable: Sendable, Hashable {
  /// The exact value.
  public var value: CalcNumber
  /// `value.double`, as stored in `variables`.
  public var double: Double
}
