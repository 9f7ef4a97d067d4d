import TextAndNumbers

/// Decimal number parsing straight from the bytes of a cell, without making a `String`:
/// graphcalc's one number reader (`DecimalNumber`), so a data file reads `nan`, `inf`, signs
/// and exponents as streams and the calculator do. A `nan` or `inf` cell is a number (the
/// column stays numeric); its value is then a gap, as every non-finite cell is.
enum NumberParser {
  /// The value of the `count` bytes at `p`, or `nil` when they are not a decimal number.
  /// Values too large for a Double come back infinite (the caller decides what that means).
  @inline(__always)
  static func parse(_ p: UnsafePointer<UInt8>, _ count: Int) -> Double? {
    DecimalNumber.parse(p, count)
  }

  /// `parse`, with a decimal comma (`1,5`, `-0,25e3`) read as the point; a cell with both a
  /// comma and a point, more than one comma, or more than 64 bytes is not a number.
  /// (Inlined, so a cell without a decimal comma costs the caller no call to this wrapper.)
  @inline(__always)
  static func parse(_ p: UnsafePointer<UInt8>, _ count: Int, decimalComma: Bool) -> Double? {
    if decimalComma { return parseWithComma(p, count) }
    let v = short(p, count)
    return v.isNaN ? DecimalNumber.parse(p, count) : v
  }

  /// The value of a short plain decimal cell, `[-]digits[.digits]` in at most 12 bytes with
  /// a digit that is not 0 (`0.5682`, `-2.4739`, `9999.999`, `42`), or NaN for any other
  /// cell, which `DecimalNumber.parse` then reads. The value is that function's bit for bit:
  /// at most 12 digits make an integer below 2^53 and at most 11 fraction digits a power of
  /// ten within 10^22, so it is Clinger's fast path (one correctly rounded division, W. D.
  /// Clinger, PLDI 1990), the very operation `DecimalNumber.parse` does for such a cell;
  /// this form only leaves out the eight-digit steps, the exponent and the special cases,
  /// which a cell this short does not need, and so costs the data rows half the
  /// instructions a number.
  @inline(__always)
  static func short(_ p: UnsafePointer<UInt8>, _ n: Int) -> Double {
    guard n > 0 && n <= 12 else { return .nan }
    let negative = p[0] == UInt8(ascii: "-")
    var i = negative ? 1 : 0
    var m: UInt64 = 0
    while i < n {
      let d = p[i] &- UInt8(ascii: "0")
      if d > 9 { break }
      m = m &* 10 &+ UInt64(d)
      i &+= 1
    }
    var fraction = 0
    if i < n && p[i] == UInt8(ascii: ".") {
      i &+= 1
      let start = i
      while i < n {
        let d = p[i] &- UInt8(ascii: "0")
        if d > 9 { break }
        m = m &* 10 &+ UInt64(d)
        i &+= 1
      }
      fraction = i &- start
    }
    guard i == n && m != 0 else { return .nan }
    let v = fraction == 0 ? Double(m) : Double(m) / tenTo(fraction)
    return negative ? -v : v
  }

  /// Exactly 10^k for k in 1...11 (a switch of constants, one load from a table).
  @inline(__always)
  static func tenTo(_ k: Int) -> Double {
    switch k {
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
    default: return 1e11
    }
  }

  /// `parse(_:_:decimalComma:)` with a decimal comma.
  @inline(never)
  static func parseWithComma(_ p: UnsafePointer<UInt8>, _ count: Int) -> Double? {
    var comma = -1
    for k in 0..<count {
      if p[k] == UInt8(ascii: ".") { return nil }
      if p[k] == UInt8(ascii: ",") {
        if comma >= 0 { return nil }
        comma = k
      }
    }
    guard comma >= 0 else { return DecimalNumber.parse(p, count) }
    guard count <= 64 else { return nil }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { copy in
      for k in 0..<count { copy[k] = p[k] }
      copy[comma] = UInt8(ascii: ".")
      return DecimalNumber.parse(UnsafePointer(copy.baseAddress!), count)
    }
  }

  /// Whether the cell reads as a number only with a decimal comma (`1,5`), and whether it
  /// has a decimal point (`1.5`): what the detection of decimal commas counts.
  static func decimalSign(_ p: UnsafePointer<UInt8>, _ count: Int) -> (comma: Bool, point: Bool) {
    if DecimalNumber.parse(p, count) != nil {
      var point = false
      for k in 0..<count where p[k] == UInt8(ascii: ".") { point = true }
      return (false, point)
    }
    return (parse(p, count, decimalComma: true) != nil, false)
  }
}
