/// The last `capacity` samples of one series, with its running last, min, max and mean.
///
/// **Storage.** A ring buffer that grows up to `capacity` values and then overwrites the
/// oldest (so a large `--window` costs memory only as data arrives). Sample `k` of the series
/// (0-based, counted from the series' first sample) has x = `firstSample + k` in plot units
/// ("sample index"); `sampleIndex(at:)` gives it for a stored value.
///
/// **Gaps.** NaN and ±infinity are stored as they came (so `last` can show them and a
/// renderer can mark them), but they are gaps: they take no part in `min`, `max`, `mean`
/// or `finiteCount`.
///
/// **Min and max** over the window stay exact as values leave, in O(1) amortized time per
/// sample, with the "sliding window minimum" algorithm (ascending minima): a monotonic deque
/// of (position, value) pairs whose values increase from front to back for the minimum
/// (decrease for the maximum). A new value first removes from the back every entry it
/// dominates, then is appended; the front entry leaves when its position leaves the window,
/// and the front is the extremum. See Richard Harter, "Ascending Minima Algorithm" (2001);
/// D. Lemire, "Streaming Maximum-Minimum Filter Using No More than Three Comparisons per
/// Element", Nordic Journal of Computing 13(4), 2006.
///
/// **Mean** is a running sum with Neumaier's compensated summation (A. Neumaier, ZAMM 54,
/// 1974) for both the value that enters and the value that leaves, recomputed from the
/// stored values every `capacity` samples so rounding cannot drift without bound. If the sum
/// overflows (values near `Double.greatestFiniteMagnitude`), `mean` falls back to summing
/// `x / n` over the window, which cannot overflow.
public struct RollingWindow: Sendable {
  /// The most samples held (the `--window` size), at least 1.
  public let capacity: Int
  /// The sample index (x) of this series' first sample.
  public let firstSample: Int
  /// How many samples have been pushed in all.
  public private(set) var totalPushed = 0
  /// How many finite samples are in the window now.
  public private(set) var finiteCount = 0

  /// Ring buffer; while not full, `ring.count == count` and index 0 is the oldest.
  private var ring: [Double] = []
  /// Where the oldest value is in `ring` once it is full.
  private var head = 0
  private var minDeque: MonotonicDeque
  private var maxDeque: MonotonicDeque
  private var sum = 0.0
  private var compensation = 0.0
  private var sinceRecompute = 0

  /// An empty window.
  /// - Parameters:
  ///   - capacity: how many samples to keep (values below 1 are taken as 1).
  ///   - firstSample: the x (sample index) of the first sample that will be pushed.
  public init(capacity: Int, firstSample: Int = 0) {
    self.capacity = Swift.max(1, capacity)
    self.firstSample = firstSample
    minDeque = MonotonicDeque(capacity: self.capacity)
    maxDeque = MonotonicDeque(capacity: self.capacity)
  }

  /// How many samples are in the window (`min(totalPushed, capacity)`).
  public var count: Int { ring.count }

  /// Whether no sample has been pushed.
  public var isEmpty: Bool { ring.isEmpty }

  /// Adds a sample at x = `firstSample + totalPushed`, dropping the oldest if full.
  /// - Parameter y: the value, in plot units; NaN or ±inf for a gap.
  public mutating func push(_ y: Double) {
    let position = totalPushed
    totalPushed += 1
    if ring.count < capacity {
      ring.append(y)
    } else {
      let leaving = ring[head]
      ring[head] = y
      head += 1
      if head == capacity { head = 0 }
      if leaving.isFinite {
        finiteCount -= 1
        add(-leaving)
      }
      let oldest = position - capacity + 1
      minDeque.dropFront(before: oldest)
      maxDeque.dropFront(before: oldest)
    }
    if y.isFinite {
      finiteCount += 1
      add(y)
      minDeque.pushMin(y, at: position)
      maxDeque.pushMax(y, at: position)
    }
    sinceRecompute += 1
    if sinceRecompute >= capacity { recomputeSum() }
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

  /// The least finite value in the window; `nil` if there is none. O(1).
  public var min: Double? { minDeque.front }

  /// The greatest finite value in the window; `nil` if there is none. O(1).
  public var max: Double? { maxDeque.front }

  /// The mean of the finite values in the window; `nil` if there are none. O(1) (O(count)
  /// only after an overflowing sum).
  public var mean: Double? {
    guard finiteCount > 0 else { return nil }
    let total = sum + compensation
    if total.isFinite { return total / Double(finiteCount) }
    // The sum overflowed: average without ever forming it.
    let n = Double(finiteCount)
    var m = 0.0
    for i in 0..<ring.count {
      let v = self[i]
      if v.isFinite { m += v / n }
    }
    return m
  }

  /// All statistics at once.
  public var stats: SeriesStats {
    SeriesStats(last: last, min: min, max: max, mean: mean, finiteCount: finiteCount)
  }

  /// Neumaier's compensated addition of `x` into (`sum`, `compensation`).
  @inline(__always)
  private mutating func add(_ x: Double) {
    let t = sum + x
    if Swift.abs(sum) >= Swift.abs(x) {
      compensation += (sum - t) + x
    } else {
      compensation += (x - t) + sum
    }
    sum = t
  }

  /// Recomputes the sum from the stored values (against drift; every `capacity` samples).
  private mutating func recomputeSum() {
    sinceRecompute = 0
    sum = 0
    compensation = 0
    for v in ring where v.isFinite { add(v) }
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

/// A double-ended queue of (position, value) in a fixed ring, for the sliding-window min/max.
///
/// It never holds more than `capacity` entries, since each window position is in it at most
/// once. Storage grows lazily up to `capacity`.
struct MonotonicDeque: Sendable {
  struct Entry: Sendable {
    var position: Int
    var value: Double
  }
  private var entries: [Entry] = []
  private var start = 0
  private(set) var count = 0
  private let capacity: Int

  init(capacity: Int) {
    self.capacity = capacity
  }

  /// The extremum: the front value, or `nil` when empty.
  var front: Double? { count == 0 ? nil : entries[start].value }

  /// Drops front entries whose position is before `oldest` (they left the window).
  @inline(__always)
  mutating func dropFront(before oldest: Int) {
    while count > 0 && entries[start].position < oldest {
      start += 1
      if start == capacity { start = 0 }
      count -= 1
    }
  }

  /// Appends for a minimum deque: removes back entries with value >= `value` first.
  @inline(__always)
  mutating func pushMin(_ value: Double, at position: Int) {
    while count > 0 && entries[backIndex].value >= value { count -= 1 }
    append(Entry(position: position, value: value))
  }

  /// Appends for a maximum deque: removes back entries with value <= `value` first.
  @inline(__always)
  mutating func pushMax(_ value: Double, at position: Int) {
    while count > 0 && entries[backIndex].value <= value { count -= 1 }
    append(Entry(position: position, value: value))
  }

  private var backIndex: Int {
    var k = start + count - 1
    if k >= capacity { k -= capacity }
    return k
  }

  @inline(__always)
  private mutating func append(_ entry: Entry) {
    var k = start + count
    if k >= capacity { k -= capacity }
    if k < entries.count {
      entries[k] = entry
    } else {
      // Grows lazily up to `capacity`; while growing, k == entries.count.
      entries.append(entry)
    }
    count += 1
  }
}
