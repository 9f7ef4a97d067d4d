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
  static func parse(_ p: UnsafePointer<UInt8>, _ count: Int, decimalComma: Bool) -> Double? {
    guard decimalComma else { return DecimalNumber.parse(p, count) }
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
