/// `%g`-style number text, made in Swift from the exact binary value: the same characters as
/// glibc's `printf("%.*g")` (ISO C 7.21.6.1), without `vsnprintf` and its `va_list`.
///
/// Why not `vsnprintf`: from Swift it needs `withVaList`, whose `CVarArg` boxes cost dynamic
/// casts; at start-up those scan the binary's protocol conformances, which was most of the
/// instructions of `graphcalc -e 1+1` (Docs/performance.md).
///
/// The algorithm: a finite double is `m × 2^e` exactly, so its exact decimal digits are those
/// of the integer `m × 2^e` (e ≥ 0) or `m × 5^-e` with the point `-e` places from the right
/// (e < 0); at most 767 significant digits, computed with a small big integer when they do
/// not fit in 64 bits. They are rounded to P significant digits half to even (printf's
/// rounding in the default rounding mode, on the exact value), then written as `%f` with
/// P - 1 - X decimals when P > X ≥ -4 (X the decimal exponent after rounding) and as `%e`
/// otherwise, trailing zeros and a bare point removed (G. L. Steele and J. L. White, "How to
/// Print Floating-Point Numbers Accurately", PLDI 1990, for the exact digits).
package enum NumberFormat {
  /// C's `%.*g` of `value` with `precision` significant digits, byte for byte as glibc
  /// writes it in the C locale: `0.3`, `1e+20`, `2.5e-09`, `-0`, `inf`, `-nan`.
  ///
  /// - Parameters:
  ///   - value: Any double.
  ///   - precision: Significant digits; 0 counts as 1 (as in C), more than 800 as 800.
  /// - Returns: ASCII text.
  package static func printf(_ value: Double, precision: Int) -> String {
    let sign = value.sign == .minus ? "-" : ""
    if value.isNaN { return sign + "nan" }
    if value.isInfinite { return sign + "inf" }
    if value == 0 { return sign + "0" }
    let p = min(max(precision, 1), 800)
    var (digits, x) = exactDigits(value.magnitude)
    // Round to p significant digits, half to even on the exact value.
    if digits.count > p {
      let next = digits[p]
      var up = next > 5
      if next == 5 {
        up = digits[(p + 1)...].contains { $0 != 0 } || digits[p - 1] & 1 == 1
      }
      digits.removeSubrange(p...)
      if up {
        var k = p - 1
        while k >= 0 && digits[k] == 9 {
          digits[k] = 0
          k -= 1
        }
        if k >= 0 {
          digits[k] += 1
        } else {
          digits.insert(1, at: 0)
          digits.removeLast()
          x += 1
        }
      }
    }
    // Trailing zeros never show in %g, so keep only the significant digits.
    while digits.count > 1 && digits.last == 0 { digits.removeLast() }
    var out: [UInt8] = Array(sign.utf8)
    let zero = UInt8(ascii: "0")
    if x < p && x >= -4 {
      if x < 0 {
        out += [zero, UInt8(ascii: ".")]
        out += repeatElement(zero, count: -x - 1)
        out += digits.map { $0 + zero }
      } else {
        for k in 0...x { out.append((k < digits.count ? digits[k] : 0) + zero) }
        if digits.count > x + 1 {
          out.append(UInt8(ascii: "."))
          out += digits[(x + 1)...].map { $0 + zero }
        }
      }
    } else {
      out.append(digits[0] + zero)
      if digits.count > 1 {
        out.append(UInt8(ascii: "."))
        out += digits[1...].map { $0 + zero }
      }
      out.append(UInt8(ascii: "e"))
      out.append(UInt8(ascii: x < 0 ? "-" : "+"))
      let e = abs(x)
      if e < 10 { out.append(zero) }
      out += String(e).utf8
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// `value` with at most `significantDigits` significant digits as a person writes it:
  /// `%.*g` with the exponent tidied (`1e+13` → `1e13`, `2.5e-09` → `2.5e-9`), `-0` as `0`,
  /// and `inf`, `-inf`, `nan` (never `-nan`). This is how the calculator prints its results
  /// (15 digits) and how plots label numbers.
  ///
  /// - Parameters:
  ///   - value: Any double.
  ///   - significantDigits: 1 to 17 (clamped).
  /// - Returns: ASCII text that the calculator reads back as the same number to the digits
  ///   shown.
  package static func general(_ value: Double, significantDigits: Int) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    if value == 0 { return "0" }
    let text = printf(value, precision: min(max(significantDigits, 1), 17))
    guard let e = text.utf8.firstIndex(of: UInt8(ascii: "e")) else { return text }
    let head = text[..<e]
    var tail = text[text.index(after: e)...]
    var sign = ""
    if tail.first == "+" {
      tail = tail.dropFirst()
    } else if tail.first == "-" {
      sign = "-"
      tail = tail.dropFirst()
    }
    while tail.count > 1 && tail.first == "0" { tail = tail.dropFirst() }
    return head + "e" + sign + tail
  }

  /// The exact decimal digits of a finite positive `v` (no leading zeros) and the decimal
  /// exponent of the first one: `v = d0.d1d2... × 10^x`.
  static func exactDigits(_ v: Double) -> (digits: [UInt8], x: Int) {
    var m = v.significandBitPattern | (v.isNormal ? 1 << 52 : 0)
    var e = Int(v.exponentBitPattern == 0 ? 1 : v.exponentBitPattern) - 1075
    let zeros = m.trailingZeroBitCount
    m >>= UInt64(zeros)
    e += zeros
    // v = N × 10^-shift, N an integer.
    var shift = 0
    var small: UInt64? = nil
    var big: [UInt32] = []
    if e >= 0 {
      if e < m.leadingZeroBitCount {
        small = m << UInt64(e)
      } else {
        big = [UInt32(truncatingIfNeeded: m), UInt32(truncatingIfNeeded: m >> 32)]
        var left = e
        while left > 0 {
          let step = min(left, 31)
          multiply(&big, by: 1 << UInt32(step))
          left -= step
        }
      }
    } else {
      shift = -e
      var n = m
      var left = shift
      while left > 0 {
        let (product, overflow) = n.multipliedReportingOverflow(by: 5)
        if overflow { break }
        n = product
        left -= 1
      }
      if left == 0 {
        small = n
      } else {
        big = [UInt32(truncatingIfNeeded: n), UInt32(truncatingIfNeeded: n >> 32)]
        while left > 0 {
          let step = min(left, 13)  // 5^13 < 2^32
          var factor: UInt32 = 1
          for _ in 0..<step { factor *= 5 }
          multiply(&big, by: factor)
          left -= step
        }
      }
    }
    var digits: [UInt8] = []
    if let small {
      var n = small
      while n > 0 {
        digits.append(UInt8(n % 10))
        n /= 10
      }
    } else {
      while big.last == 0 { big.removeLast() }
      while !big.isEmpty {
        // Divide by 10^9 from the top limb; the remainder is the next nine digits.
        var remainder: UInt64 = 0
        for k in stride(from: big.count - 1, through: 0, by: -1) {
          let current = remainder << 32 | UInt64(big[k])
          big[k] = UInt32(current / 1_000_000_000)
          remainder = current % 1_000_000_000
        }
        while big.last == 0 { big.removeLast() }
        for _ in 0..<9 {
          digits.append(UInt8(remainder % 10))
          remainder /= 10
        }
      }
      while digits.last == 0 { digits.removeLast() }
    }
    digits.reverse()
    return (digits, digits.count - 1 - shift)
  }

  /// `big` (little-endian 32-bit limbs) times `factor`, in place.
  static func multiply(_ big: inout [UInt32], by factor: UInt32) {
    var carry: UInt64 = 0
    for k in big.indices {
      let product = UInt64(big[k]) * UInt64(factor) + carry
      big[k] = UInt32(truncatingIfNeeded: product)
      carry = product >> 32
    }
    if carry > 0 { big.append(UInt32(carry)) }
  }
}
