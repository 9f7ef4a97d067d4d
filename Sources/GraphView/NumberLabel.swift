import TextAndNumbers

/// Number labels as a person writes them: `0.3`, `-2`, `118.935`, `1e20`, `2.5e-9`; never
/// `0.30000000000000004`, `-0` or `1e+20`.
///
/// Tick labels are written from exact decimals (an integer mantissa and a power of ten), so
/// no binary rounding shows; other values go through `%.*g` (`NumberFormat`) and are tidied.
public enum NumberLabel {
  /// The decimal `mantissa` × 10^`exponent` in positional notation, with exactly
  /// `max(0, -exponent)` digits after the point; zero is always `0`.
  ///
  /// - Parameters:
  ///   - mantissa: The integer significand (any sign).
  ///   - exponent: The power of ten.
  /// - Returns: For example `(3, -1)` → `0.3`, `(10, -1)` → `1.0`, `(-25, 2)` → `-2500`.
  public static func fixed(mantissa: Int, exponent: Int) -> String {
    if mantissa == 0 { return "0" }
    var digits = String(mantissa.magnitude)
    if exponent >= 0 {
      digits += String(repeating: "0", count: exponent)
    } else {
      let decimals = -exponent
      if digits.count <= decimals {
        digits = String(repeating: "0", count: decimals + 1 - digits.count) + digits
      }
      let cut = digits.index(digits.endIndex, offsetBy: -decimals)
      digits = digits[..<cut] + "." + digits[cut...]
    }
    return (mantissa < 0 ? "-" : "") + digits
  }

  /// The decimal `mantissa` × 10^`exponent` in exponent form with no superfluous digits:
  /// `(1, 20)` → `1e20`, `(25, -10)` → `2.5e-9`, `(-3, 0)` → `-3e0`; zero is `0`.
  ///
  /// - Parameters:
  ///   - mantissa: The integer significand (any sign).
  ///   - exponent: The power of ten.
  public static func scientific(mantissa: Int, exponent: Int) -> String {
    if mantissa == 0 { return "0" }
    var m = mantissa.magnitude
    var e = exponent
    while m % 10 == 0 {
      m /= 10
      e += 1
    }
    let s = String(m)
    let power = e + s.count - 1
    var body = String(s.first ?? "0")
    if s.count > 1 { body += "." + s.dropFirst() }
    return (mantissa < 0 ? "-" : "") + body + "e" + String(power)
  }

  /// Any value with at most `significantDigits` significant digits (C's `%.*g`), tidied:
  /// `1e+13` → `1e13`, `2.5e-09` → `2.5e-9`, `-0` → `0`; `inf`, `-inf` and `nan` as such
  /// (`NumberFormat.general`, graphcalc's one `%g`).
  ///
  /// - Parameters:
  ///   - value: The number.
  ///   - significantDigits: 1 to 17; defaults to 12, which hides binary rounding
  ///     (`0.1 + 0.2` → `0.3`).
  public static func general(_ value: Double, significantDigits: Int = 12) -> String {
    NumberFormat.general(value, significantDigits: significantDigits)
  }
}
