import Glibc

/// Decimal number parsing straight from the bytes of a cell, without making a `String`.
///
/// The common case (at most 15 significant digits and a decimal exponent within ±22) is
/// Clinger's fast path: the digits make an integer below 2^53 and the power of ten is exact,
/// so one IEEE multiplication or division gives the correctly rounded value (W. D. Clinger,
/// "How to Read Floating Point Numbers Accurately", PLDI 1990). Anything longer goes to
/// `strtod`, which rounds correctly too. Only plain decimal syntax is accepted:
/// `[+-]digits[.digits][(e|E)[+-]digits]`, with digits on at least one side of the point; no
/// `inf`, `nan`, hex or thousands separators.
enum NumberParser {
  /// Exact powers of ten 10^0 ... 10^22 (all representable in a Double).
  private static let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
    1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  /// The value of the `count` bytes at `p`, or `nil` when they are not a decimal number.
  /// Values too large for a Double come back infinite (the caller decides what that means).
  @inline(__always)
  static func parse(_ p: UnsafePointer<UInt8>, _ count: Int) -> Double? {
    if count <= 0 { return nil }
    var i = 0
    var negative = false
    if p[0] == UInt8(ascii: "-") || p[0] == UInt8(ascii: "+") {
      negative = p[0] == UInt8(ascii: "-")
      i = 1
    }
    var mantissa: UInt64 = 0
    var significant = 0  // digits in `mantissa`, leading zeros not counted
    var exponent = 0  // decimal exponent to apply to `mantissa`
    var sawDigit = false
    var dropped = false  // digits beyond 19 that did not fit
    while i < count {
      let d = p[i] &- UInt8(ascii: "0")
      if d > 9 { break }
      sawDigit = true
      if mantissa == 0 && d == 0 {
        // leading zero: nothing to record
      } else if significant < 19 {
        mantissa = mantissa &* 10 &+ UInt64(d)
        significant += 1
      } else {
        exponent += 1
        dropped = true
      }
      i += 1
    }
    if i < count && p[i] == UInt8(ascii: ".") {
      i += 1
      while i < count {
        let d = p[i] &- UInt8(ascii: "0")
        if d > 9 { break }
        sawDigit = true
        if mantissa == 0 && d == 0 {
          exponent -= 1
        } else if significant < 19 {
          mantissa = mantissa &* 10 &+ UInt64(d)
          significant += 1
          exponent -= 1
        } else {
          dropped = true
        }
        i += 1
      }
    }
    if !sawDigit { return nil }
    if i < count && (p[i] == UInt8(ascii: "e") || p[i] == UInt8(ascii: "E")) {
      i += 1
      var expNegative = false
      if i < count && (p[i] == UInt8(ascii: "-") || p[i] == UInt8(ascii: "+")) {
        expNegative = p[i] == UInt8(ascii: "-")
        i += 1
      }
      var e = 0
      var expDigits = 0
      while i < count {
        let d = p[i] &- UInt8(ascii: "0")
        if d > 9 { break }
        if e < 100_000 { e = e * 10 + Int(d) }  // saturate: 1e100000 is infinite anyway
        expDigits += 1
        i += 1
      }
      if expDigits == 0 { return nil }
      exponent += expNegative ? -e : e
    }
    if i != count { return nil }
    if mantissa == 0 { return negative ? -0.0 : 0.0 }
    if !dropped && significant <= 15 && exponent >= -22 && exponent <= 22 {
      var v = Double(mantissa)
      if exponent < 0 {
        v /= powersOfTen[-exponent]
      } else {
        v *= powersOfTen[exponent]
      }
      return negative ? -v : v
    }
    return slowParse(p, count)
  }

  /// `strtod` on a NUL-terminated copy of bytes already checked to be decimal syntax.
  private static func slowParse(_ p: UnsafePointer<UInt8>, _ count: Int) -> Double? {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: count + 1) { buffer -> Double? in
      guard let base = buffer.baseAddress else { return nil }
      for k in 0..<count { base[k] = CChar(bitPattern: p[k]) }
      base[count] = 0
      var end: UnsafeMutablePointer<CChar>? = nil
      let v = strtod(base, &end)
      guard let end, end - base == count else { return nil }
      return v
    }
  }
}
