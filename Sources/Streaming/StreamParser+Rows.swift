import TextAndNumbers

/// The usual line read a block at a time: rows of plain numbers, one per series.
extension StreamParser {
  /// Whether `rows(_:_:into:room:maxLineLength:)` may read the next lines: a stream of
  /// plain numbers past its first data line (no `--match`, no timestamps), whose columns are
  /// its series in order (no keys, nothing hidden by `--columns`/`--exclude`).
  var readsRows: Bool {
    regex == nil && dataLines > 0 && !timed && columnsAreSeries && seriesCount > 0
  }

  /// Reads whole lines of exactly `seriesCount` numbers from the `count` bytes at `p`, which
  /// end in a line feed, writing each line's values to `out` (a row of `seriesCount` values
  /// a line), until a line is not such a row or `room` rows are written.
  ///
  /// A row is what `parse(line:)` would read as `.data(seriesCount)` through its usual path
  /// (`storeColumns` copying straight into `row`), with the same values and counters: the
  /// same fields (white space, commas and semicolons as separators, an empty field between
  /// two of `,` `;` or at the line's start is NaN, a trailing one adds nothing; a CR before
  /// the line feed is white space here and dropped by the splitter there), and each number
  /// read as `DecimalNumber` reads it. A token of `[+-]digits[.digits]` with at most 19
  /// digits is read as it is scanned (the same Clinger fast path, so the same double); any
  /// other token goes to `DecimalNumber.parse`, and a token that is not a number, a field
  /// too many or too few, a blank line or one longer than `maxLineLength` stops the block at
  /// that line's start, for `parse(line:)` (the caller's general path) to read.
  ///
  /// Requires `readsRows`. Nothing is read past the last line feed, so no padding is needed.
  /// - Parameters:
  ///   - p: the first byte of a line.
  ///   - count: the bytes from `p` to the last line feed, inclusive (`p[count - 1]` is `\n`).
  ///   - out: room for `room * seriesCount` values.
  ///   - room: the most rows to read.
  ///   - maxLineLength: the splitter's limit: a longer line is left to the general path.
  /// - Returns: the bytes of the lines read (the offset of the first line not read) and how
  ///   many rows were written; `dataLines` and `valuesRead` count them.
  mutating func rows(
    _ p: UnsafePointer<UInt8>, _ count: Int, into out: UnsafeMutablePointer<Double>, room: Int,
    maxLineLength: Int
  ) -> (consumed: Int, rows: Int) {
    let n = seriesCount
    var lineStart = 0
    var rows = 0
    var o = out
    lines: while lineStart < count && rows < room {
      var i = lineStart
      var fields = 0
      var pendingField = true  // at line start or after a comma/semicolon, before any token
      while true {
        let c = p[i]
        if c == 0x0A { break }
        if Self.isSpace(c) {
          i += 1
          continue
        }
        if c == UInt8(ascii: ",") || c == UInt8(ascii: ";") {
          if pendingField {
            guard fields < n else { break lines }
            o[fields] = .nan
            fields += 1
          }
          pendingField = true
          i += 1
          continue
        }
        guard fields < n else { break lines }
        if let (value, end) = Self.plainNumber(p, from: i) {
          o[fields] = value
          i = end
        } else {
          let tokenStart = i
          while !Self.isSeparator(p[i]) { i += 1 }  // stops at the line feed at the latest
          guard let value = DecimalNumber.parse(p + tokenStart, i - tokenStart) else {
            break lines
          }
          o[fields] = value
        }
        fields += 1
        pendingField = false
      }
      guard fields == n, i - lineStart <= maxLineLength else { break }
      rows += 1
      o += n
      lineStart = i + 1
    }
    dataLines += rows
    valuesRead += rows * n
    return (lineStart, rows)
  }

  /// The number `[+-]digits[.digits]` at `p[start...]` when a separator (or the line feed)
  /// follows it, with at most 19 digits, a mantissa below 2^53 and at most 22 of them after
  /// the point: the value `DecimalNumber.parse` gives the same token (Clinger's fast path:
  /// the digits and the power of ten are exact doubles, so one division rounds correctly),
  /// and the offset of the separator. `nil` for anything else (an exponent, `nan`, a unit,
  /// more digits), which the caller reads through `DecimalNumber.parse`.
  ///
  /// Reads nothing past the first byte that cannot continue the number (at the latest the
  /// line's feed).
  @inline(__always)
  static func plainNumber(_ p: UnsafePointer<UInt8>, from start: Int) -> (Double, Int)? {
    var i = start
    let first = p[i]
    let negative = first == UInt8(ascii: "-")
    if negative || first == UInt8(ascii: "+") { i += 1 }
    var mantissa: UInt64 = 0
    let integerStart = i
    while true {
      let d = p[i] &- UInt8(ascii: "0")
      if d > 9 { break }
      mantissa = mantissa &* 10 &+ UInt64(d)
      i += 1
    }
    var digits = i - integerStart
    var fraction = 0
    if p[i] == UInt8(ascii: ".") {
      i += 1
      let fractionStart = i
      while true {
        let d = p[i] &- UInt8(ascii: "0")
        if d > 9 { break }
        mantissa = mantissa &* 10 &+ UInt64(d)
        i += 1
      }
      fraction = i - fractionStart
      digits += fraction
    }
    guard digits > 0, digits <= 19, isSeparator(p[i]) else { return nil }
    if mantissa == 0 { return (negative ? -0.0 : 0.0, i) }
    guard mantissa < (1 << 53), fraction <= 22 else { return nil }
    var value = Double(mantissa)
    if fraction > 0 { value /= exactPowerOfTen(fraction) }
    return (negative ? -value : value, i)
  }

  /// Exactly 10^k for k in 1...22 (a switch of constants, which the compiler makes one load
  /// from a table: no lazy global to check).
  @inline(__always)
  static func exactPowerOfTen(_ k: Int) -> Double {
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
    default: return 1
    }
  }
}
