import Glibc

/// The one reader of decimal numbers, shared by data files, streams, `stream`'s flags and the
/// calculator's literals, straight from UTF-8 bytes.
///
/// The syntax is `[+-]digits[.digits][(e|E)[+-]digits]` with digits on at least one side of
/// the point (`12`, `-3.5e-2`, `.5`, `5.`, `+7`), or `[+-]` and one of `nan`, `inf`,
/// `infinity` in any case; nothing before or after it (no blanks, no hex floats, no digit
/// groups). A value too large for a `Double` is infinite, one too small is zero, as
/// `strtod` rounds them; the caller decides what those mean.
///
/// The common case (at most 19 significant digits making an integer below 2^53, and a
/// decimal exponent within ±22) is Clinger's fast path: the digits and the power of ten are
/// exact doubles, so one IEEE multiplication or division rounds correctly (W. D. Clinger,
/// "How to Read Floating Point Numbers Accurately", PLDI 1990; also Lemire's fast_float).
/// Anything else goes, once the syntax is checked, to C's `strtod`, which rounds correctly.
package enum DecimalNumber {
  /// Exact powers of ten 10^0 ... 10^22 (each exactly representable as a `Double`).
  @usableFromInline static let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
    1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  /// The number written by all of the `count` bytes at `p`, or nil (see the type's syntax).
  ///
  /// - Parameters:
  ///   - p: The first byte (UTF-8).
  ///   - count: How many bytes; 0 gives nil.
  /// - Returns: The value, correctly rounded to the nearest `Double`; NaN for `nan`.
  @inlinable
  package static func parse(_ p: UnsafePointer<UInt8>, _ count: Int) -> Double? {
    let n = count
    if n <= 0 { return nil }
    var i = 0
    var negative = false
    if p[0] == UInt8(ascii: "-") || p[0] == UInt8(ascii: "+") {
      negative = p[0] == UInt8(ascii: "-")
      i = 1
    }
    var mantissa: UInt64 = 0
    var significant = 0  // significant digits in the mantissa (leading zeros excluded)
    var digits = 0  // all digits seen, before and after the point
    var exponent = 0  // decimal exponent adjustment from fraction digits
    var exact = true  // all significant digits fit in `mantissa`
    while i < n {
      let d = p[i] &- UInt8(ascii: "0")
      if d > 9 { break }
      if mantissa != 0 || d != 0 {
        if significant < 19 {
          mantissa = mantissa &* 10 &+ UInt64(d)
          significant += 1
        } else {
          exact = false
        }
      }
      digits += 1
      i += 1
    }
    if i < n && p[i] == UInt8(ascii: ".") {
      i += 1
      while i < n {
        let d = p[i] &- UInt8(ascii: "0")
        if d > 9 { break }
        if mantissa != 0 || d != 0 {
          if significant < 19 {
            mantissa = mantissa &* 10 &+ UInt64(d)
            significant += 1
            exponent -= 1
          } else {
            exact = false
          }
        } else {
          exponent -= 1
        }
        digits += 1
        i += 1
      }
    }
    if digits == 0 { return special(p + i, n - i, negative: negative) }
    if i < n && (p[i] | 0x20) == UInt8(ascii: "e") {
      i += 1
      var expNegative = false
      if i < n && (p[i] == UInt8(ascii: "-") || p[i] == UInt8(ascii: "+")) {
        expNegative = p[i] == UInt8(ascii: "-")
        i += 1
      }
      var e = 0
      var expDigits = 0
      while i < n {
        let d = p[i] &- UInt8(ascii: "0")
        if d > 9 { break }
        if e < 100_000 { e = e * 10 + Int(d) }  // saturate: 1e100000 is infinite anyway
        expDigits += 1
        i += 1
      }
      if expDigits == 0 { return nil }
      exponent += expNegative ? -e : e
    }
    if i != n { return nil }
    if mantissa == 0 { return negative ? -0.0 : 0.0 }
    if exact && mantissa < (1 << 53) && exponent >= -22 && exponent <= 22 {
      var value = Double(mantissa)
      if exponent >= 0 {
        value *= powersOfTen[exponent]
      } else {
        value /= powersOfTen[-exponent]
      }
      return negative ? -value : value
    }
    return slowParse(p, n)
  }

  /// The number written by all of `bytes`, or nil (see `parse(_:_:)`).
  ///
  /// - Parameter bytes: UTF-8 bytes of one token.
  /// - Returns: The value, or nil when the bytes are not a number.
  @inlinable
  package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    guard let base = bytes.baseAddress else { return nil }
    return parse(base, bytes.count)
  }

  /// The number written by all of `text`, or nil (see `parse(_:_:)`).
  ///
  /// - Parameter text: One token, e.g. `"-2.5"` or `"nan"`.
  /// - Returns: The value, or nil when the text is not a number.
  package static func parse(_ text: String) -> Double? {
    var copy = text
    return copy.withUTF8 { parse($0) }
  }

  /// `nan`, `inf` or `infinity` (any case) as the whole of the `count` bytes at `p`.
  @usableFromInline
  static func special(_ p: UnsafePointer<UInt8>, _ count: Int, negative: Bool) -> Double? {
    func word(_ w: StaticString) -> Bool {
      guard count == w.utf8CodeUnitCount else { return false }
      let letters = w.utf8Start
      for k in 0..<count where p[k] | 0x20 != letters[k] { return false }
      return true
    }
    if word("nan") { return negative ? -Double.nan : Double.nan }
    if word("inf") || word("infinity") { return negative ? -Double.infinity : .infinity }
    return nil
  }

  /// `strtod` on a NUL-terminated copy of bytes already checked to be decimal syntax.
  @usableFromInline
  static func slowParse(_ p: UnsafePointer<UInt8>, _ count: Int) -> Double? {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: count + 1) { buffer -> Double? in
      guard let base = buffer.baseAddress else { return nil }
      for k in 0..<count { base[k] = CChar(bitPattern: p[k]) }
      base[count] = 0
      var end: UnsafeMutablePointer<CChar>? = nil
      let value = strtod(base, &end)
      guard let end, end - base == count else { return nil }
      return value
    }
  }
}
