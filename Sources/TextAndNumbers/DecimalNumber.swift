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
  /// The number written by all of the `count` bytes at `p`, or nil (see the type's syntax).
  ///
  /// - Parameters:
  ///   - p: The first byte (UTF-8).
  ///   - count: How many bytes; 0 gives nil. Only these bytes are read.
  /// - Returns: The value, correctly rounded to the nearest `Double`; NaN for `nan`.
  ///
  /// Algorithm: the digits of the integer part and the fraction go into one 64-bit
  /// mantissa, eight at a time from one word where eight digits remain (SWAR, D. Lemire,
  /// "Number Parsing at a Gigabyte per Second", Software: Practice and Experience 51(8),
  /// 2021), else one at a time; with at most 19 significant digits, a mantissa below 2^53
  /// and a decimal exponent within ±22 the value is Clinger's one correctly rounded
  /// operation, anything else `strtod`.
  @inlinable
  package static func parse(_ p: UnsafePointer<UInt8>, _ count: Int) -> Double? {
    let n = count
    if n <= 0 { return nil }
    var i = 0
    let first = p[0]
    let negative = first == UInt8(ascii: "-")
    if negative || first == UInt8(ascii: "+") { i = 1 }
    var mantissa: UInt64 = 0
    let integerStart = i
    i = digitRun(p, from: i, to: n, into: &mantissa)
    var digits = i - integerStart  // all digits, before and after the point
    var exponent = 0  // the decimal exponent: minus the fraction digits, plus the written one
    if i < n && p[i] == UInt8(ascii: ".") {
      i += 1
      let fractionStart = i
      i = digitRun(p, from: i, to: n, into: &mantissa)
      digits += i - fractionStart
      exponent = fractionStart - i
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
      let expStart = i
      while i < n {
        let d = p[i] &- UInt8(ascii: "0")
        if d > 9 { break }
        if e < 100_000 { e = e * 10 + Int(d) }  // saturate: 1e100000 is infinite anyway
        i += 1
      }
      if i == expStart { return nil }
      exponent += expNegative ? -e : e
    }
    if i != n { return nil }
    if digits > 19 {
      // Leading zeros are not significant; past 19 significant digits the mantissa has
      // wrapped and only strtod knows the value.
      var k = integerStart
      var zeros = 0
      while k < n && (p[k] == UInt8(ascii: "0") || p[k] == UInt8(ascii: ".")) {
        if p[k] == UInt8(ascii: "0") { zeros += 1 }
        k += 1
      }
      if digits - zeros > 19 { return slowParse(p, n) }
    }
    if mantissa == 0 { return negative ? -0.0 : 0.0 }
    if mantissa < (1 << 53) && exponent >= -22 && exponent <= 22 {
      var value = Double(mantissa)
      if exponent >= 0 {
        value *= powerOfTen(exponent)
      } else {
        value /= powerOfTen(-exponent)
      }
      return negative ? -value : value
    }
    return slowParse(p, n)
  }

  /// Exactly 10^k for k in 0...22 (a switch of constants: the compiler makes it one load
  /// from a table in read-only data, with no lazy global to check).
  @inlinable @inline(__always)
  static func powerOfTen(_ k: Int) -> Double {
    switch k {
    case 0: return 1e0
    case 1: return 1e1
    case 2: return 1e2
    case 3: return 1e3
    case 4: return 1e4
    case 5: return 1e5
    case 6: return 1e6
    case 7: return 1e7
    case 8: return 1e8
    case 9: return 1e9
    case 10: return 1e10
    case 11: return 1e11
    case 12: return 1e12
    case 13: return 1e13
    case 14: return 1e14
    case 15: return 1e15
    case 16: return 1e16
    case 17: return 1e17
    case 18: return 1e18
    case 19: return 1e19
    case 20: return 1e20
    case 21: return 1e21
    case 22: return 1e22
    default: return .nan
    }
  }

  /// Appends the decimal digits at `p[from...]` (up to `to`) to `mantissa` (wrapping past
  /// 2^64; the caller counts digits) and returns the offset of the first byte that is not a
  /// digit (or `to`): eight digits a step while eight bytes that are all digits remain, then
  /// one a step.
  @inlinable @inline(__always)
  static func digitRun(
    _ p: UnsafePointer<UInt8>, from: Int, to n: Int, into mantissa: inout UInt64
  ) -> Int {
    var i = from
    while n &- i >= 8 {
      let word = UInt64(littleEndian: UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self))
      guard areEightDigits(word) else { break }
      mantissa = mantissa &* 100_000_000 &+ eightDigits(word)
      i &+= 8
    }
    while i < n {
      let d = p[i] &- UInt8(ascii: "0")
      if d > 9 { break }
      mantissa = mantissa &* 10 &+ UInt64(d)
      i &+= 1
    }
    return i
  }

  /// Whether all 8 bytes of `word` are ASCII digits: each byte's high nibble is 3, and still
  /// is after adding 6 (Lemire).
  @inlinable @inline(__always)
  static func areEightDigits(_ word: UInt64) -> Bool {
    let high: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
    return (word & high) | (((word &+ 0x0606_0606_0606_0606) & high) >> 4)
      == 0x3333_3333_3333_3333
  }

  /// The value of the eight ASCII digits of `word`, its first byte (the lowest) the most
  /// significant: pairs, then fours, then the eight combined in three multiplications
  /// (Lemire's SWAR).
  @inlinable @inline(__always)
  static func eightDigits(_ word: UInt64) -> UInt64 {
    var v = word &- 0x3030_3030_3030_3030
    v = (v &* 10) &+ (v >> 8)
    v =
      (((v & 0x0000_00FF_0000_00FF) &* 0x000F_4240_0000_0064)
        &+ (((v >> 16) & 0x0000_00FF_0000_00FF) &* 0x0000_2710_0000_0001)) >> 32
    return v
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
