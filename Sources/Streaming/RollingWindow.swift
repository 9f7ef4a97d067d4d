/// The last `capacity` samples of one series; its last, min, max and mean are worked out
/// from the stored samples when asked (once a frame), so a push does no more than store.
///
/// **Storage.** A ring buffer that grows up to `capacity` values and then overwrites the
/// oldest (so a large `--window` costs memory only as data arrives). Sample `k` of the series
/// (0-based, counted from the series' first sample) has x = `firstSample + k` in plot units
/// ("sample index"); `sampleIndex(at:)` gives it for a stored value. `push(_:)` is O(1)
/// (amortized while the ring grows); `push(contentsOf:stride:count:)` takes a batch of the
/// parser's rows and writes only the values that stay in the window.
///
/// **Gaps.** NaN and ±infinity are stored as they came (so `last` can show them and a
/// renderer can mark them), but they are gaps: they take no part in `min`, `max`, `mean`
/// or `finiteCount`.
///
/// **Statistics** (`stats`, `min`, `max`, `mean`, `finiteCount`) are one pass over the stored
/// values, oldest first: O(`count`), asked once a frame (at most `--fps` times a second, and
/// a frame copies the window's values anyway). They used to be kept up to date at every push
/// (a monotonic deque for the extremes, a running sum for the mean), which made a push of a
/// window of 200 cost 265 instructions; a stream reads far more lines than it draws frames.
/// The extremes are exact either way (ties keep the newest, so `-0.0` after `0.0` is the
/// minimum). The mean is Neumaier's compensated sum of the finite values (A. Neumaier, ZAMM
/// 54, 1974) divided by their count, the same as the running sum gave or nearer the exact
/// mean (nothing drifts as values leave); if the sum overflows (values near
/// `Double.greatestFiniteMagnitude`) it falls back to summing `x / n`, which cannot.
public struct RollingWindow: Sendable {
  /// The most samples held (the `--window` size), at least 1.
  public let capacity: Int
  /// The sample index (x) of this series' first sample.
  public let firstSample: Int
  /// How many samples have been pushed in all.
  public private(set) var totalPushed = 0

  /// Ring buffer; while not full, `ring.count == count` and index 0 is the oldest.
  private var ring: [Double] = []
  /// Where the oldest value is in `ring` once it is full.
  private var head = 0

  /// An empty window.
  /// - Parameters:
  ///   - capacity: how many samples to keep (values below 1 are taken as 1).
  ///   - firstSample: the x (sample index) of the first sample that will be pushed.
  public init(capacity: Int, firstSample: Int = 0) {
    self.capacity = Swift.max(1, capacity)
    self.firstSample = firstSample
  }

  /// How many samples are in the window (`min(totalPushed, capacity)`).
  public var count: Int { ring.count }

  /// Whether no sample has been pushed.
  public var isEmpty: Bool { ring.isEmpty }

  /// Adds a sample at x = `firstSample + totalPushed`, dropping the oldest if full. O(1).
  /// - Parameter y: the value, in plot units; NaN or ±inf for a gap.
  public mutating func push(_ y: Double) {
    totalPushed += 1
    if ring.count < capacity {
      ring.append(y)
      return
    }
    ring[head] = y
    head += 1
    if head == capacity { head = 0 }
  }

  /// Adds `count` samples, as `count` calls of `push(_:)` would, in O(`min(count,
  /// capacity)`) once the window is full: the values that a later one of the batch would
  /// overwrite are never written.
  /// - Parameters:
  ///   - values: the first value; value `j` of the batch is at `values + j * stride`.
  ///   - stride: the distance between two values of the batch, in values (at least 1: the
  ///     parser's rows hold one value per series).
  ///   - count: how many values; 0 or less adds nothing.
  public mutating func push(contentsOf values: UnsafePointer<Double>, stride: Int, count: Int) {
    guard count > 0 else { return }
    totalPushed += count
    var source = values
    var left = count
    if ring.count < capacity {
      let taken = Swift.min(left, capacity - ring.count)
      ring.reserveCapacity(ring.count + taken)
      for _ in 0..<taken {
        ring.append(source.pointee)
        source += stride
      }
      left -= taken
      if left == 0 { return }
    }
    if left > capacity {
      // Only the last `capacity` values stay; the ring turns as if the others were written.
      let skipped = left - capacity
      source += skipped * stride
      head = (head + skipped % capacity) % capacity
      left = capacity
    }
    let size = capacity
    var h = head
    ring.withUnsafeMutableBufferPointer { r in
      guard let base = r.baseAddress else { return }
      for _ in 0..<left {
        base[h] = source.pointee
        source += stride
        h += 1
        if h == size { h = 0 }
      }
    }
    head = h
  }

  /// The stored value `index` places from the oldest (0 = oldest, `count - 1` = newest).
  /// - Parameter index: `0..<count`; out-of-range indices give NaN rather than trapping.
  public subscript(index: Int) -> Double {
    guard index >= 0 && index < ring.count else { return .nan }
    if ring.count < capacity { return ring[index] }
    var k = head + index
    if k >= capacity { k -= capacity }
    return ring[k]
  }

  /// The stored values, oldest first (`count` of them), NaN/inf gaps included.
  public var values: [Double] {
    if ring.count < capacity || head == 0 { return ring }
    return Array(ring[head...]) + ring[..<head]
  }

  /// The x (sample index, plot units) of the stored value at `index` (0 = oldest).
  /// - Parameter index: `0..<count`.
  public func sampleIndex(at index: Int) -> Int {
    firstSample + totalPushed - ring.count + index
  }

  /// The x (sample index) of the oldest stored value; `firstSample` when empty.
  public var firstStoredSample: Int { firstSample + totalPushed - ring.count }

  /// The newest value as it came (may be NaN or ±inf); `nil` when empty.
  public var last: Double? { ring.isEmpty ? nil : self[ring.count - 1] }

  /// The newest finite value in the window; `nil` if there is none.
  public var lastFinite: Double? {
    var i = ring.count - 1
    while i >= 0 {
      let v = self[i]
      if v.isFinite { return v }
      i -= 1
    }
    return nil
  }

  /// How many finite values the window holds. O(`count`).
  public var finiteCount: Int { stats.finiteCount }

  /// The least finite value in the window; `nil` if there is none. O(`count`).
  public var min: Double? { stats.min }

  /// The greatest finite value in the window; `nil` if there is none. O(`count`).
  public var max: Double? { stats.max }

  /// The mean of the finite values in the window; `nil` if there are none. O(`count`).
  public var mean: Double? { stats.mean }

  /// All statistics at once: one pass over the stored values, oldest first (see the type's
  /// notes).
  public var stats: SeriesStats {
    var a = StatsPass()
    // Oldest first: the ring from `head` on, then its start (the whole ring while growing).
    let split = ring.count < capacity ? 0 : head
    ring.withUnsafeBufferPointer { r in
      for k in split..<r.count { a.add(r[k]) }
      for k in 0..<split { a.add(r[k]) }
    }
    guard a.finite > 0 else {
      return SeriesStats(last: last, min: nil, max: nil, mean: nil, finiteCount: 0)
    }
    let n = Double(a.finite)
    var mean = (a.sum + a.compensation) / n
    if !mean.isFinite {
      // The sum overflowed: average without ever forming it.
      mean = 0
      for i in 0..<ring.count {
        let v = self[i]
        if v.isFinite { mean += v / n }
      }
    }
    return SeriesStats(last: last, min: a.lo, max: a.hi, mean: mean, finiteCount: a.finite)
  }
}

/// One pass of `RollingWindow.stats`: the extremes, count and compensated sum of the finite
/// values added, oldest first.
private struct StatsPass {
  var lo = Double.infinity
  var hi = -Double.infinity
  var finite = 0
  var sum = 0.0
  var compensation = 0.0

  /// Takes `v` into the statistics unless it is a gap (NaN or ±infinity).
  @inline(__always)
  mutating func add(_ v: Double) {
    guard v.isFinite else { return }
    finite += 1
    if v <= lo { lo = v }  // ties: the newest, as the deque kept it (0.0 then -0.0 is -0.0)
    if v >= hi { hi = v }
    // Neumaier's compensated addition.
    let t = sum + v
    if Swift.abs(sum) >= Swift.abs(v) {
      compensation += (sum - t) + v
    } else {
      compensation += (v - t) + sum
    }
    sum = t
  }
}

/// The numbers a legend or status line shows for one series over its window.
public struct SeriesStats: Sendable, Equatable {
  /// The newest value as it came (NaN or ±inf possible); `nil` when there is none.
  public var last: Double?
  /// The least finite value in the window; `nil` if none.
  public var min: Double?
  /// The greatest finite value in the window; `nil` if none.
  public var max: Double?
  /// The mean of the finite values in the window; `nil` if none.
  public var mean: Double?
  /// How many finite values the window holds.
  public var finiteCount: Int

  /// Statistics with the given values.
  public init(last: Double?, min: Double?, max: Double?, mean: Double?, finiteCount: Int) {
    self.last = last
    self.min = min
    self.max = max
    self.mean = mean
    self.finiteCount = finiteCount
  }
}
