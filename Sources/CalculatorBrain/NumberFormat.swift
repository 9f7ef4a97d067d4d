import Integers
import TextAndNumbers

extension CalculatorBrain {
  /// A result as the calculator prints it: up to 15 significant digits, C's `%.15g`
  /// (ISO C 7.21.6.1), with the exponent written without `+` or leading zeros
  /// (`NumberFormat.general`, the one `%g` of graphcalc).
  ///
  /// `0.1+0.2` prints `0.3`; integers print without a point (`512`, `-4`); numbers of
  /// magnitude 1e15 and above or below 1e-4 print with an exponent (`6.02e23`, `1e-20`,
  /// `1e-5`), as `%g` chooses; `-0` prints `0`; infinities and NaN print `inf`, `-inf`, `nan`.
  /// Every result parses back as an expression of the language.
  ///
  /// - Parameter value: Any double.
  /// - Returns: The text, ASCII only.
  public static func format(_ value: Double) -> String {
    NumberFormat.general(value, significantDigits: 15)
  }

  /// A number as the calculator prints it: an integer with every digit (in `base` 16, 8 or
  /// 2 as `0xff`, `0o17`, `0b1011`, a negative one as `-0xff`), a double as `format(_:)`
  /// (in every base: bases are for integers).
  ///
  /// - Parameters:
  ///   - value: Any number.
  ///   - base: 10 (the default), 16, 8 or 2.
  /// - Returns: The text, ASCII only; it parses back as an expression of the language.
  public static func format(_ value: CalcNumber, base: Int = 10) -> String {
    let prefix: String
    switch base {
    case 16: prefix = "0x"
    case 8: prefix = "0o"
    case 2: prefix = "0b"
    default: prefix = ""
    }
    switch value {
    case .real(let d):
      return format(d)
    case .integer(let i):
      if prefix.isEmpty { return String(i) }
      return (i < 0 ? "-" : "") + prefix + String(i.magnitude, radix: base)
    case .big(let b):
      if prefix.isEmpty { return b.text(radix: 10) }
      let digits = b.magnitude.text(radix: base)
      return (b.signum < 0 ? "-" : "") + prefix + digits
    }
  }
}
