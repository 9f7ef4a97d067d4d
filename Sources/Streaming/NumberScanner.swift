import Glibc

/// Decimal numbers read straight from UTF-8 bytes, without making a `String` per token.
///
/// The fast path reads `[+-]digits[.digits][(e|E)[+-]digits]` with at most 19 significant
/// digits into a `UInt64` mantissa `m` and a decimal exponent `e`. When `m < 2^53` and
/// `|e| <= 22`, both `m` and `10^|e|` are exact doubles, so one IEEE multiplication or
/// division gives the correctly rounded result (Clinger, "How to Read Floating Point Numbers
/// Accurately", PLDI 1990, the "fast path"; also used by Lemire's fast_float). Everything
/// else (more digits, huge exponents, `nan`, `inf`, `infinity`, hexadecimal floats) goes to
/// C's `strtod`, which rounds correctly, on a NUL-terminated copy of the token; the token must
/// be consumed whole.
public enum NumberScanner {
  /// Exact powers of ten 10^0 ... 10^22 (each exactly representable as a `Double`).
  @usableFromInline static let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
    1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  /// The number written by the whole of `token`, or `nil` if the token is not a number.
  ///
  /// Accepts what `strtod` accepts (decimal, `nan`, `NaN`, `inf`, `-Infinity`, hex floats),
  /// with nothing before or after it: `"12"`, `"-3.5e-2"`, `".5"`, `"5."`, `"+7"`, `"nan"`.
  /// Rejects `""`, `"1e"`, `"12abc"`, `"-"`, `"."`.
  /// - Parameter token: UTF-8 bytes of one token (no separators inside).
  /// - Returns: the value, correctly rounded to the nearest `Double`; NaN for `nan`.
  @inlinable
  public static func parse(_ token: UnsafeBufferPointer<UInt8>) -> Double? {
    let n = token.count
    if n == 0 { return nil }
    var i = 0
    var negative = false
    let first = token[0]
    if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
      negative = first == UInt8(ascii: "-")
      i = 1
    }
    var mantissa: UInt64 = 0
    var significant = 0  // significant digits in the mantissa (leading zeros excluded)
    var digits = 0  // all digits seen, before and after the point
    var exponent = 0  // decimal exponent adjustment from fraction digits
    while i < n {
      let d = token[i] &- UInt8(ascii: "0")
      if d > 9 { break }
      if mantissa != 0 || d != 0 {
        if significant == 19 { return slowParse(token) }
        mantissa = mantissa &* 10 &+ UInt64(d)
        significant += 1
      }
      digits += 1
      i += 1
    }
    if i < n && token[i] == UInt8(ascii: ".") {
      i += 1
      while i < n {
        let d = token[i] &- UInt8(ascii: "0")
        if d > 9 { break }
        if mantissa != 0 || d != 0 {
          if significant == 19 { return slowParse(token) }
          mantissa = mantissa &* 10 &+ UInt64(d)
          significant += 1
        }
        exponent -= 1
        digits += 1
        i += 1
      }
    }
    if digits == 0 { return slowParse(token) }  // nan, inf, hex, or not a number
    if i < n && (token[i] | 0x20) == UInt8(ascii: "e") {
      i += 1
      var expNegative = false
      if i < n && (token[i] == UInt8(ascii: "-") || token[i] == UInt8(ascii: "+")) {
        expNegative = token[i] == UInt8(ascii: "-")
        i += 1
      }
      var e = 0
      var expDigits = 0
      while i < n {
        let d = token[i] &- UInt8(ascii: "0")
        if d > 9 { break }
        if e < 100_000 { e = e * 10 + Int(d) }
        expDigits += 1
        i += 1
      }
      if expDigits == 0 { return nil }
      exponent += expNegative ? -e : e
    }
    if i != n { return slowParse(token) }  // e.g. "0x1p3" reaches here with i == 1
    var value: Double
    if mantissa == 0 {
      value = 0
    } else if mantissa < (1 << 53) && exponent >= -22 && exponent <= 22 {
      value = Double(mantissa)
      if exponent >= 0 {
        value *= powersOfTen[exponent]
      } else {
        value /= powersOfTen[-exponent]
      }
    } else {
      return slowParse(token)
    }
    return negative ? -value : value
  }

  /// The number written by the whole of `text`, or `nil` (see `parse(_:)` for bytes).
  /// - Parameter text: one token, e.g. `"-2.5"` or `"nan"`.
  public static func parse(_ text: String) -> Double? {
    var copy = text
    return copy.withUTF8 { parse($0) }
  }

  /// `strtod` on a NUL-terminated copy of `token`; `nil` unless it reads the whole token.
  @usableFromInline
  static func slowParse(_ token: UnsafeBufferPointer<UInt8>) -> Double? {
    let n = token.count
    // A token longer than this is not a number anyone writes; refuse rather than copy it.
    if n == 0 || n > 4096 { return nil }
    // strtod also skips leading white space; tokens never contain any, but be strict.
    let c0 = token[0]
    if c0 == 0x20 || (c0 >= 0x09 && c0 <= 0x0D) { return nil }
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: n + 1) { buffer in
      for k in 0..<n { buffer[k] = CChar(bitPattern: token[k]) }
      buffer[n] = 0
      guard let base = buffer.baseAddress else { return nil }
      var end: UnsafeMutablePointer<CChar>? = nil
      let value = strtod(base, &end)
      guard let end, end - base == n else { return nil }
      return value
    }
  }
}
