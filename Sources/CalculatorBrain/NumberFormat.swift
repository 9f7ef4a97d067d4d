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
}
