import TextAndNumbers

/// Decimal numbers read straight from UTF-8 bytes, without making a `String` per token:
/// graphcalc's one number reader (`DecimalNumber`), so a stream reads `nan`, `inf`, signs and
/// exponents as data files and the calculator do.
public enum NumberScanner {
  /// The number written by the whole of `token`, or `nil` if the token is not a number.
  ///
  /// Accepts `[+-]digits[.digits][(e|E)[+-]digits]` and `[+-]nan`, `inf`, `infinity` in any
  /// case, with nothing before or after it: `"12"`, `"-3.5e-2"`, `".5"`, `"5."`, `"+7"`,
  /// `"nan"`. Rejects `""`, `"1e"`, `"12abc"`, `"-"`, `"."`, hex floats (`"0x10"`).
  /// - Parameter token: UTF-8 bytes of one token (no separators inside).
  /// - Returns: the value, correctly rounded to the nearest `Double`; NaN for `nan`.
  public static func parse(_ token: UnsafeBufferPointer<UInt8>) -> Double? {
    DecimalNumber.parse(token)
  }

  /// The number written by the whole of `text`, or `nil` (see `parse(_:)` for bytes).
  /// - Parameter text: one token, e.g. `"-2.5"` or `"nan"`.
  /// - Returns: the value, or nil when the text is not a number.
  public static func parse(_ text: String) -> Double? {
    DecimalNumber.parse(text)
  }
}
