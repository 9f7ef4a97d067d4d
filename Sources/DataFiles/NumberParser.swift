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
}
