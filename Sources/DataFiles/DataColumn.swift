/// A column of numbers kept compactly: blocks of 1024 values, each stored as small integers
/// that decode to exactly the same Doubles (bit for bit).
///
/// Numbers read from text files are mostly short decimals (`12.8`, `0.001`, `1325376000`).
/// Such a value `v` equals `Double(m) / 10^e` for a small integer `m` and a decimal exponent
/// `e` (the reader itself computes it so, Clinger's fast path), so a block stores one `e`,
/// and each value's `m` as the residual from a straight line `base + slope * i` (so evenly
/// spaced x, such as record numbers, times every minute or `0.001` steps, costs 0 bits a
/// value), bit-packed at the width of the largest residual (frame of reference). A value
/// that does not round-trip (NaN gaps, `-0.0`, long or huge numbers) is kept as is in the
/// block's exceptions; a block where most values are exceptions keeps plain Doubles. Every
/// value is checked when it is encoded: what decodes is what was appended.
///
/// A million-row column of 4-decimal values takes about 2.3 MB instead of 8 MB, and grows
/// block by block, never by copying what it already holds.
///
/// Sources: ALP, adaptive lossless floating-point compression (A. Afroozeh, L. X. Kuffó and
/// P. Boncz, SIGMOD 2023: decimal exponent per vector of 1024 values, exceptions for what
/// does not round-trip); frame-of-reference bit packing (J. Goldstein, R. Ramakrishnan and
/// U. Shaft, ICDE 1998; Apache Parquet and ORC).
public struct DataColumn: RandomAccessCollection, Sendable, Hashable, ExpressibleByArrayLiteral,
  CustomStringConvertible
{
  /// Values a block holds (the last block may hold fewer).
  static let blockSize = 1024

  /// The encoded blocks, `blockSize` values each but the last.
  let blocks: [Block]

  /// The number of values.
  public let count: Int

  /// An empty column.
  public init() {
    blocks = []
    count = 0
  }

  /// A column of `values`, in order.
  public init(_ values: some Sequence<Double>) {
    var builder = Builder()
    for v in values { builder.append(v) }
    self = builder.finish()
  }

  /// A column of the literal's values.
  public init(arrayLiteral elements: Double...) {
    self.init(elements)
  }

  init(blocks: [Block], count: Int) {
    self.blocks = blocks
    self.count = count
  }

  /// 0.
  public var startIndex: Int { 0 }
  /// `count`.
  public var endIndex: Int { count }

  /// The value at `index` (0-based, below `count`), exactly as appended.
  public subscript(index: Int) -> Double {
    precondition(index >= 0 && index < count, "DataColumn index out of range")
    return blocks[index / Self.blockSize].value(at: index % Self.blockSize)
  }

  /// The number of blocks (`count / blockSize`, rounded up).
  public var blockCount: Int { blocks.count }

  /// Writes the values of block `block` (0-based) to the start of `buffer`, which holds at
  /// least `blockSize` values.
  /// - Returns: How many values were written (`blockSize`, fewer for the last block, 0 for
  ///   a block number out of range).
  func decodeBlock(_ block: Int, into buffer: UnsafeMutableBufferPointer<Double>) -> Int {
    guard blocks.indices.contains(block), buffer.count >= Self.blockSize else { return 0 }
    return blocks[block].decode(into: buffer)
  }

  /// Calls `body` with the values of `x` and `y` side by side, a block at a time, in order
  /// (`min(x.count, y.count)` values in all; two buffers of equal length each call, valid
  /// only during the call). Decodes into two buffers on the stack: no allocation.
  ///
  /// - Parameters:
  ///   - x: The first column.
  ///   - y: The second column.
  ///   - body: Called with each pair of blocks.
  public static func forEachBlock(
    _ x: DataColumn, _ y: DataColumn,
    _ body: (_ x: UnsafeBufferPointer<Double>, _ y: UnsafeBufferPointer<Double>) -> Void
  ) {
    let total = Swift.min(x.count, y.count)
    guard total > 0 else { return }
    withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * blockSize) { scratch in
      let xs = UnsafeMutableBufferPointer(rebasing: scratch[0..<blockSize])
      let ys = UnsafeMutableBufferPointer(rebasing: scratch[blockSize..<(2 * blockSize)])
      var done = 0
      var k = 0
      while done < total {
        let nx = x.decodeBlock(k, into: xs)
        let ny = y.decodeBlock(k, into: ys)
        let n = Swift.min(nx, ny, total - done)
        if n <= 0 { break }
        body(
          UnsafeBufferPointer(rebasing: xs[0..<n]), UnsafeBufferPointer(rebasing: ys[0..<n]))
        done += n
        k += 1
      }
    }
  }

  /// What a pass in record order over one block of records `(x[i], y[i])` with every value
  /// finite would see: its first and last record, the first record of its lowest y and of
  /// its highest y (the first one `<`, or `>`, every y before it), and where those two are.
  public struct PairSummary: Sendable, Equatable {
    /// The records in the block.
    public var count: Int
    /// The smallest x of the block.
    public var xLowest: Double
    /// The largest x of the block.
    public var xHighest: Double
    /// The first record.
    public var first: (x: Double, y: Double)
    /// The last record.
    public var last: (x: Double, y: Double)
    /// The first record with the block's lowest y.
    public var low: (x: Double, y: Double)
    /// The place of `low` in the block (0-based).
    public var lowIndex: Int
    /// The first record with the block's highest y.
    public var high: (x: Double, y: Double)
    /// The place of `high` in the block (0-based).
    public var highIndex: Int

    /// Equal when every field is (values by `==`).
    public static func == (a: PairSummary, b: PairSummary) -> Bool {
      a.count == b.count && a.xLowest == b.xLowest && a.xHighest == b.xHighest
        && a.first == b.first && a.last == b.last && a.low == b.low && a.lowIndex == b.lowIndex
        && a.high == b.high && a.highIndex == b.highIndex
    }
  }

  /// `forEachBlock(_:_:_:)`, but a block of records whose values are all finite, and
  /// whose x range `wantsSummary` accepts (the smallest and largest x, the record count),
  /// is not decoded: `summary` gets its `PairSummary` instead, from the blocks' zone maps
  /// and six values read in place. The other blocks go to `body` decoded, as before. A pass
  /// that needs only the first, last, lowest and highest record of a block (M4 decimation
  /// of a block that falls in one pixel column) so costs a few reads a block, not a decode.
  ///
  /// - Parameters:
  ///   - x: The first column.
  ///   - y: The second column.
  ///   - wantsSummary: Asked for each block whose values are all finite.
  ///   - summary: Called with the summary of each block taken whole.
  ///   - body: Called with the decoded values of each other block.
  public static func forEachBlock(
    _ x: DataColumn, _ y: DataColumn,
    wantsSummary: (_ xLowest: Double, _ xHighest: Double, _ count: Int) -> Bool,
    summary: (_ block: PairSummary) -> Void,
    _ body: (_ x: UnsafeBufferPointer<Double>, _ y: UnsafeBufferPointer<Double>) -> Void
  ) {
    let total = Swift.min(x.count, y.count)
    guard total > 0 else { return }
    withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * blockSize) { scratch in
      let xs = UnsafeMutableBufferPointer(rebasing: scratch[0..<blockSize])
      let ys = UnsafeMutableBufferPointer(rebasing: scratch[blockSize..<(2 * blockSize)])
      var done = 0
      var k = 0
      while done < total && k < x.blocks.count && k < y.blocks.count {
        let bx = x.blocks[k]
        let by = y.blocks[k]
        let n = Swift.min(bx.count, by.count, total - done)
        if n <= 0 { break }
        if n == bx.count && n == by.count && bx.allFinite && by.allFinite
          && wantsSummary(bx.lowest, bx.highest, n)
        {
          let lo = Int(by.lowestIndex)
          let hi = Int(by.highestIndex)
          summary(
            PairSummary(
              count: n, xLowest: bx.lowest, xHighest: bx.highest,
              first: (bx.value(at: 0), by.value(at: 0)),
              last: (bx.value(at: n - 1), by.value(at: n - 1)),
              low: (bx.value(at: lo), by.lowest), lowIndex: lo,
              high: (bx.value(at: hi), by.highest), highIndex: hi))
        } else {
          _ = bx.decode(into: xs)
          _ = by.decode(into: ys)
          body(
            UnsafeBufferPointer(rebasing: xs[0..<n]), UnsafeBufferPointer(rebasing: ys[0..<n]))
        }
        done += n
        k += 1
      }
    }
  }

  /// Calls `body` with the values a block at a time, in order (each buffer valid only during
  /// the call).
  public func forEachBlock(_ body: (_ values: UnsafeBufferPointer<Double>) -> Void) {
    guard count > 0 else { return }
    withUnsafeTemporaryAllocation(of: Double.self, capacity: Self.blockSize) { scratch in
      for k in blocks.indices {
        let n = blocks[k].decode(into: scratch)
        body(UnsafeBufferPointer(rebasing: scratch[0..<n]))
      }
    }
  }

  /// The extremes of the records `(x[i], y[i])` whose x and y are both finite, counting only
  /// those with x in `xWithin` when it is given: the smallest and largest x, the smallest and
  /// largest y, and how many records counted (the records of `min(x.count, y.count)`).
  ///
  /// Equal to one pass over the records in order, comparing with `<` and `>` (ties keep the
  /// earlier value), but a block whose values are all finite is answered from the blocks'
  /// zone maps: skipped when its x range misses `xWithin`, taken whole when it lies inside.
  /// Only the blocks that straddle an end of `xWithin`, or have gaps, are decoded.
  ///
  /// - Returns: nil when no record counts.
  public static func extremes(x: DataColumn, y: DataColumn, xWithin: ClosedRange<Double>? = nil)
    -> (x: ClosedRange<Double>, y: ClosedRange<Double>, count: Int)?
  {
    let total = Swift.min(x.count, y.count)
    var x0 = Double.infinity
    var x1 = -Double.infinity
    var y0 = Double.infinity
    var y1 = -Double.infinity
    var counted = 0
    withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * blockSize) { scratch in
      let xs = UnsafeMutableBufferPointer(rebasing: scratch[0..<blockSize])
      let ys = UnsafeMutableBufferPointer(rebasing: scratch[blockSize..<(2 * blockSize)])
      var done = 0
      var k = 0
      while done < total && k < x.blocks.count && k < y.blocks.count {
        let bx = x.blocks[k]
        let by = y.blocks[k]
        let n = Swift.min(bx.count, by.count, total - done)
        if n <= 0 { break }
        done += n
        k += 1
        if n == bx.count && n == by.count && bx.allFinite && by.allFinite {
          if let r = xWithin, bx.highest < r.lowerBound || bx.lowest > r.upperBound { continue }
          if xWithin.map({ $0.contains(bx.lowest) && $0.contains(bx.highest) }) ?? true {
            if bx.lowest < x0 { x0 = bx.lowest }
            if bx.highest > x1 { x1 = bx.highest }
            if by.lowest < y0 { y0 = by.lowest }
            if by.highest > y1 { y1 = by.highest }
            counted += n
            continue
          }
        }
        _ = bx.decode(into: xs)
        _ = by.decode(into: ys)
        for i in 0..<n {
          let u = xs[i]
          let v = ys[i]
          guard u.isFinite, v.isFinite else { continue }
          if let r = xWithin, !r.contains(u) { continue }
          counted += 1
          if u < x0 { x0 = u }
          if u > x1 { x1 = u }
          if v < y0 { y0 = v }
          if v > y1 { y1 = v }
        }
      }
    }
    guard counted > 0 else { return nil }
    return (x0...x1, y0...y1, counted)
  }

  /// Whether some record `(x[i], y[i])` of the first `min(x.count, y.count)` has both
  /// values finite, x in `xWithin` and y in `yWithin`; the same answer as a pass over every
  /// record, but it stops at the first such record, and a block whose values are all finite
  /// is answered from the zone maps when they lie inside both ranges (yes) or miss one of
  /// them (no record of the block): only the other blocks are decoded.
  public static func hasRecord(
    x: DataColumn, y: DataColumn, xWithin: ClosedRange<Double>, yWithin: ClosedRange<Double>
  ) -> Bool {
    let total = Swift.min(x.count, y.count)
    return withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * blockSize) { scratch in
      let xs = UnsafeMutableBufferPointer(rebasing: scratch[0..<blockSize])
      let ys = UnsafeMutableBufferPointer(rebasing: scratch[blockSize..<(2 * blockSize)])
      var done = 0
      var k = 0
      while done < total && k < x.blocks.count && k < y.blocks.count {
        let bx = x.blocks[k]
        let by = y.blocks[k]
        let n = Swift.min(bx.count, by.count, total - done)
        if n <= 0 { break }
        done += n
        k += 1
        if n == bx.count && n == by.count && bx.allFinite && by.allFinite {
          if bx.highest < xWithin.lowerBound || bx.lowest > xWithin.upperBound
            || by.highest < yWithin.lowerBound || by.lowest > yWithin.upperBound
          {
            continue
          }
          if xWithin.contains(bx.lowest) && xWithin.contains(bx.highest)
            && yWithin.contains(by.lowest) && yWithin.contains(by.highest)
          {
            return true
          }
        }
        _ = bx.decode(into: xs)
        _ = by.decode(into: ys)
        for i in 0..<n {
          let u = xs[i]
          let v = ys[i]
          if u.isFinite && v.isFinite && xWithin.contains(u) && yWithin.contains(v) { return true }
        }
      }
      return false
    }
  }

  /// The bytes the encoded values take (packed words, exceptions, plain blocks and the
  /// block headers), without the Swift array headers.
  var storedBytes: Int {
    blocks.reduce(0) { $0 + $1.storedBytes }
  }

  /// The values as an array (`[1.5, nan, 3.0]`), for messages and test failures.
  public var description: String { Array(self).description }

  /// Equal when both have the same number of values and each pair is `==` (as for arrays:
  /// NaN is not equal to itself, `0.0 == -0.0`).
  public static func == (a: DataColumn, b: DataColumn) -> Bool {
    guard a.count == b.count else { return false }
    var ia = a.makeIterator()
    var ib = b.makeIterator()
    while let u = ia.next(), let v = ib.next() {
      if u != v { return false }
    }
    return true
  }

  /// Hashes the count and every value (consistent with `==`).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for v in self { hasher.combine(v) }
  }

  /// Iterates a block at a time (one decode per 1024 values).
  public func makeIterator() -> Iterator { Iterator(self) }

  /// The values in order, decoded a block at a time.
  public struct Iterator: IteratorProtocol {
    let column: DataColumn
    var buffer: [Double] = []
    var position = 0
    var block = 0
    var index = 0

    init(_ column: DataColumn) { self.column = column }

    /// The next value, or nil after the last.
    public mutating func next() -> Double? {
      guard index < column.count else { return nil }
      if position == buffer.count {
        if buffer.isEmpty { buffer = [Double](repeating: 0, count: DataColumn.blockSize) }
        let n = buffer.withUnsafeMutableBufferPointer { column.decodeBlock(block, into: $0) }
        if n < buffer.count { buffer.removeLast(buffer.count - n) }
        block += 1
        position = 0
      }
      let v = buffer[position]
      position += 1
      index += 1
      return v
    }
  }

  /// Appends values one by one and encodes each full block at once: a column read from a
  /// file never exists as plain Doubles. Not copyable (it owns its block buffer).
  public struct Builder: ~Copyable {
    var blocks: [Block] = []
    /// The values of the block being filled.
    let pending = UnsafeMutablePointer<Double>.allocate(capacity: DataColumn.blockSize)
    var pendingCount = 0
    /// The number of values appended.
    public private(set) var count = 0

    /// An empty builder.
    public init() {}

    deinit { pending.deallocate() }

    /// Appends `value` (any Double; it decodes bit for bit).
    @inline(__always)
    public mutating func append(_ value: Double) {
      pending[pendingCount] = value
      pendingCount += 1
      count += 1
      if pendingCount == DataColumn.blockSize { flush() }
    }

    /// Appends `count` values of `values`, from index `start` every `stride` (a column of
    /// row-major records), as `append(_:)` of each in turn would, a block's worth of copies
    /// at a time. `start + stride * (count - 1)` must be an index of `values`.
    public mutating func append(
      _ values: UnsafeBufferPointer<Double>, from start: Int, stride: Int, count n: Int
    ) {
      guard n > 0 else { return }
      precondition(start >= 0 && stride > 0 && start + stride * (n - 1) < values.count)
      guard var from = values.baseAddress.map({ $0 + start }) else { return }
      var left = n
      while left > 0 {
        let m = Swift.min(left, DataColumn.blockSize - pendingCount)
        let to = pending + pendingCount
        for j in 0..<m {
          to[j] = from.pointee
          from += stride
        }
        pendingCount += m
        count += m
        left -= m
        if pendingCount == DataColumn.blockSize { flush() }
      }
    }

    /// The column of every value appended.
    public consuming func finish() -> DataColumn {
      flush()
      return DataColumn(blocks: blocks, count: count)
    }

    mutating func flush() {
      guard pendingCount > 0 else { return }
      blocks.append(Block.encode(UnsafeBufferPointer(start: pending, count: pendingCount)))
      pendingCount = 0
    }
  }
}

/// Exact powers of ten 10^0 ... 10^22 (every one representable in a Double).
private let powersOfTen: [Double] = [
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
  1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]

/// Integers whose magnitude stays below this convert to and from Double exactly, with
/// room for the rounding of `v * 10^e`.
private let integerLimit = 4_503_599_627_370_496.0  // 2^52

/// `x` rounded to a nearby integer (half away from zero), for `|x| < 2^52`: a conversion
/// instead of a call to `round`. Every value encoded is checked afterwards, so a tie rounded
/// the other way costs at most an exception.
@inline(__always)
private func roundedToInteger(_ x: Double) -> Int64 {
  Int64(x < 0 ? x - 0.5 : x + 0.5)
}

/// One block of a `DataColumn`: values `Double(base + slope * i + r_i) / 10^exponent`, the
/// residuals `r_i` bit-packed at `width` bits, the exceptions patched in after; or plain
/// Doubles (`raw`).
struct Block: Sendable {
  var count: Int
  /// The decimal exponent (index into the powers of ten); -1 for a plain block.
  var exponent: Int
  var width: Int
  var base: Int64
  var slope: Int64
  var words: [UInt64]
  /// Positions (in the block, increasing) of the values kept as they are.
  var exceptionIndex: [UInt16]
  var exceptionValue: [Double]
  /// The values of a plain block.
  var raw: [Double]
  /// The smallest and largest finite value (a zone map, as Parquet's and ORC's statistics):
  /// +inf and -inf when there is none.
  var lowest = Double.infinity
  var highest = -Double.infinity
  /// Whether every value is finite (no gap, no infinity).
  var allFinite = true
  /// Where `lowest` and `highest` first occur in the block (the first value `<` every one
  /// before it, and `>`: what a pass in order keeps), 0 when no value is finite.
  var lowestIndex: Int32 = 0
  var highestIndex: Int32 = 0

  var storedBytes: Int {
    48 + words.count * 8 + exceptionIndex.count * 2 + exceptionValue.count * 8 + raw.count * 8
  }

  /// The smallest decimal exponent `e` at which `v` is `Double(m) / 10^e` for an integer `m`,
  /// or nil when there is none (NaN, `-0.0`, more digits than fit).
  static func decimalExponent(of v: Double) -> Int? {
    guard v.isFinite else { return nil }
    for e in powersOfTen.indices {
      let p = powersOfTen[e]
      let scaled = v * p
      guard abs(scaled) < integerLimit else { return nil }
      let m = Double(roundedToInteger(scaled))
      if (m / p).bitPattern == v.bitPattern { return e }
    }
    return nil
  }

  /// Encodes `values` (at most `DataColumn.blockSize`), with their zone map.
  static func encode(_ values: UnsafeBufferPointer<Double>) -> Block {
    var block = encodeValues(values)
    var lo = Double.infinity
    var hi = -Double.infinity
    var loIndex = 0
    var hiIndex = 0
    var allFinite = true
    for i in values.indices {
      let v = values[i]
      guard v.isFinite else {
        allFinite = false
        continue
      }
      if v < lo {
        lo = v
        loIndex = i
      }
      if v > hi {
        hi = v
        hiIndex = i
      }
    }
    block.lowest = lo
    block.highest = hi
    block.lowestIndex = Int32(truncatingIfNeeded: loIndex)
    block.highestIndex = Int32(truncatingIfNeeded: hiIndex)
    block.allFinite = allFinite
    return block
  }

  /// Encodes `values`: the decimal form when most of them round-trip, else plain.
  static func encodeValues(_ values: UnsafeBufferPointer<Double>) -> Block {
    let n = values.count
    // The exponent from a sample of the block: the largest any sampled value needs.
    // When most sampled numbers are not short decimals (full-precision output), the block
    // stays plain without trying further.
    var exponent = -1
    var finite = 0
    var decimal = 0
    let step = max(1, n / 32)
    var i = 0
    while i < n {
      if values[i].isFinite { finite += 1 }
      if let e = decimalExponent(of: values[i]) {
        exponent = max(exponent, e)
        decimal += 1
      }
      i += step
    }
    if exponent >= 0 && 2 * decimal >= finite {
      var block = encode(values, exponent: exponent)
      if block.exceptionIndex.count > n / 8 {
        // The sample missed: the exponent at which the most values of the block encode
        // (a value encodes at any exponent from its own up, while its integer fits).
        let best = bestExponent(values, current: exponent, encoded: n - block.exceptionIndex.count)
        if best != exponent { block = encode(values, exponent: best) }
      }
      if block.exceptionIndex.count <= n / 2 { return block }
    }
    return Block(
      count: n, exponent: -1, width: 0, base: 0, slope: 0, words: [], exceptionIndex: [],
      exceptionValue: [], raw: Array(values))
  }

  /// The decimal exponent at which the most of `values` encode (ties go to `current`, then
  /// to the smaller exponent), from each value's own smallest exponent: ALP's choice of
  /// exponent by counting exceptions, over the whole block.
  ///
  /// - Parameters:
  ///   - values: The block's values.
  ///   - current: The exponent tried first.
  ///   - encoded: How many values encode at `current`.
  static func bestExponent(_ values: UnsafeBufferPointer<Double>, current: Int, encoded: Int) -> Int
  {
    let n = values.count
    return withUnsafeTemporaryAllocation(of: Int8.self, capacity: n) { own in
      var present: UInt32 = 0
      for i in 0..<n {
        let e = decimalExponent(of: values[i]) ?? -1
        own[i] = Int8(e)
        if e >= 0 { present |= 1 << UInt32(e) }
      }
      var best = current
      var bestCount = encoded
      for e in powersOfTen.indices where e != current && present & (1 << UInt32(e)) != 0 {
        let p = powersOfTen[e]
        var count = 0
        for i in 0..<n where own[i] >= 0 && Int(own[i]) <= e && abs(values[i] * p) < integerLimit {
          count += 1
        }
        if count > bestCount {
          best = e
          bestCount = count
        }
      }
      return best
    }
  }

  /// Encodes `values` at decimal exponent `exponent`.
  static func encode(_ values: UnsafeBufferPointer<Double>, exponent: Int) -> Block {
    let n = values.count
    let p = powersOfTen[exponent]
    var exceptionIndex: [UInt16] = []
    var exceptionValue: [Double] = []
    return withUnsafeTemporaryAllocation(of: Int64.self, capacity: n) { m in
      // The integers; the values that do not round-trip are exceptions.
      var firstGood = -1
      var lastGood = -1
      for i in 0..<n {
        let v = values[i]
        let scaled = v * p
        if abs(scaled) < integerLimit {
          let r = roundedToInteger(scaled)
          if (Double(r) / p).bitPattern == v.bitPattern {
            m[i] = r
            if firstGood < 0 { firstGood = i }
            lastGood = i
            continue
          }
        }
        exceptionIndex.append(UInt16(i))
        exceptionValue.append(v)
      }
      if firstGood < 0 {
        return Block(
          count: n, exponent: exponent, width: 0, base: 0, slope: 0, words: [],
          exceptionIndex: exceptionIndex, exceptionValue: exceptionValue, raw: [])
      }
      // A line through the first and last integers, when it narrows the residuals. The
      // exceptions count for nothing: their residual is 0, and the patch replaces it.
      var slope: Int64 = 0
      if lastGood > firstGood {
        slope = (m[lastGood] &- m[firstGood]) / Int64(lastGood - firstGood)
      }
      var lo = Int64.max
      var hi = Int64.min
      var loLine = Int64.max
      var hiLine = Int64.min
      var next = 0
      for i in 0..<n {
        if next < exceptionIndex.count && Int(exceptionIndex[next]) == i {
          next += 1
          continue
        }
        let v = m[i]
        lo = min(lo, v)
        hi = max(hi, v)
        let r = v &- slope &* Int64(i)
        loLine = min(loLine, r)
        hiLine = max(hiLine, r)
      }
      let plainRange = UInt64(bitPattern: hi &- lo)
      let lineRange = UInt64(bitPattern: hiLine &- loLine)
      let base: Int64
      let range: UInt64
      if slope != 0 && lineRange < plainRange {
        base = loLine
        range = lineRange
      } else {
        slope = 0
        base = lo
        range = plainRange
      }
      let width = range == 0 ? 0 : UInt64.bitWidth - range.leadingZeroBitCount
      var words = [UInt64](repeating: 0, count: (n * width + 63) / 64)
      if width > 0 {
        words.withUnsafeMutableBufferPointer { w in
          var next = 0
          for i in 0..<n {
            if next < exceptionIndex.count && Int(exceptionIndex[next]) == i {
              next += 1
              continue
            }
            let r = UInt64(bitPattern: m[i] &- slope &* Int64(i) &- base)
            let bit = i * width
            let word = bit >> 6
            let shift = bit & 63
            w[word] |= r &<< UInt64(shift)
            if shift + width > 64 { w[word + 1] |= r &>> UInt64(64 - shift) }
          }
        }
      }
      return Block(
        count: n, exponent: exponent, width: width, base: base, slope: slope, words: words,
        exceptionIndex: exceptionIndex, exceptionValue: exceptionValue, raw: [])
    }
  }

  /// The residual of value `i` from the packed words.
  @inline(__always)
  static func unpack(_ w: UnsafeBufferPointer<UInt64>, _ i: Int, width: Int, mask: UInt64)
    -> UInt64
  {
    let bit = i * width
    let word = bit >> 6
    let shift = bit & 63
    var r = w[word] &>> UInt64(shift)
    if shift + width > 64 { r |= w[word + 1] &<< UInt64(64 - shift) }
    return r & mask
  }

  var mask: UInt64 { width >= 64 ? ~0 : (1 &<< UInt64(width)) &- 1 }

  /// Value `i` of the block.
  func value(at i: Int) -> Double {
    if exponent < 0 { return raw[i] }
    if !exceptionIndex.isEmpty {
      var lo = 0
      var hi = exceptionIndex.count
      while lo < hi {
        let mid = (lo + hi) / 2
        if Int(exceptionIndex[mid]) < i { lo = mid + 1 } else { hi = mid }
      }
      if lo < exceptionIndex.count && Int(exceptionIndex[lo]) == i { return exceptionValue[lo] }
    }
    var r: UInt64 = 0
    if width > 0 {
      let width = self.width
      let mask = self.mask
      r = words.withUnsafeBufferPointer { Block.unpack($0, i, width: width, mask: mask) }
    }
    let m = base &+ slope &* Int64(i) &+ Int64(bitPattern: r)
    return Double(m) / powersOfTen[exponent]
  }

  /// Writes the block's values to the start of `out` (room for `count`).
  /// - Returns: `count`.
  func decode(into out: UnsafeMutableBufferPointer<Double>) -> Int {
    let n = count
    if exponent < 0 {
      raw.withUnsafeBufferPointer { r in
        for i in 0..<n { out[i] = r[i] }
      }
      return n
    }
    let p = powersOfTen[exponent]
    let base = self.base
    let slope = self.slope
    let width = self.width
    if width == 0 {
      for i in 0..<n { out[i] = Double(base &+ slope &* Int64(i)) / p }
    } else if exponent == 0 {
      let mask = self.mask
      words.withUnsafeBufferPointer { w in
        for i in 0..<n {
          let r = Block.unpack(w, i, width: width, mask: mask)
          out[i] = Double(base &+ slope &* Int64(i) &+ Int64(bitPattern: r))
        }
      }
    } else {
      let mask = self.mask
      words.withUnsafeBufferPointer { w in
        for i in 0..<n {
          let r = Block.unpack(w, i, width: width, mask: mask)
          out[i] = Double(base &+ slope &* Int64(i) &+ Int64(bitPattern: r)) / p
        }
      }
    }
    for k in exceptionIndex.indices { out[Int(exceptionIndex[k])] = exceptionValue[k] }
    return n
  }
}
