/// Order statistics of finite doubles without sorting: the value at a given place of the
/// sorted order, in expected linear time.
///
/// `select` is C. A. R. Hoare's FIND (Algorithm 65, Communications of the ACM 4(7), 1961):
/// partition around a pivot as quicksort does, then continue only in the part that holds
/// the wanted place. The pivot is the median of the first, middle and last values (which
/// also keeps the scans inside the range), and after about 2 log2(n) rounds without an end
/// the rest of the range is sorted instead, so adversarial inputs cost O(n log n) at worst
/// (Musser's introselect: D. R. Musser, "Introspective Sorting and Selection Algorithms",
/// Software: Practice and Experience 27(8), 1997).
///
/// `-0.0` and `0.0` compare equal, so a selection knows a zero's value but not its sign;
/// `StableZeros` gives the sign a stable sort (the standard library's `sort()`, which keeps
/// equal elements in their order) puts at that place, so results are those of sorting, bit
/// for bit.
enum OrderStatistics {
  /// Rearranges `a[range]` so that `a[k]` holds the value that sorting `a[range]` would put
  /// there, with no greater value before it and no smaller one after it in the range.
  ///
  /// - Parameters:
  ///   - a: The values; none NaN (a NaN has no place in the order).
  ///   - k: The place wanted, in `range`.
  ///   - range: The part of `a` to select in.
  static func select(
    _ a: UnsafeMutableBufferPointer<Double>, _ k: Int, in range: ClosedRange<Int>
  ) {
    var lo = range.lowerBound
    var hi = range.upperBound
    guard lo <= k, k <= hi else { return }
    var rounds = 2 * (Int.bitWidth - (hi - lo + 1).leadingZeroBitCount) + 4
    while hi > lo {
      if rounds == 0 {
        var rest = UnsafeMutableBufferPointer(rebasing: a[lo...hi])
        rest.sort()
        return
      }
      rounds -= 1
      let mid = lo + (hi - lo) / 2
      // The median of three at `mid`, the least at `lo`, the greatest at `hi`: sentinels
      // for the scans below.
      if a[mid] < a[lo] { a.swapAt(mid, lo) }
      if a[hi] < a[lo] { a.swapAt(hi, lo) }
      if a[hi] < a[mid] { a.swapAt(hi, mid) }
      let pivot = a[mid]
      var i = lo
      var j = hi
      while i <= j {
        while a[i] < pivot { i += 1 }
        while pivot < a[j] { j -= 1 }
        if i <= j {
          a.swapAt(i, j)
          i += 1
          j -= 1
        }
      }
      // a[lo...j] <= pivot <= a[i...hi], and every value between them equals the pivot.
      if k <= j {
        hi = j
      } else if k >= i {
        lo = i
      } else {
        return
      }
    }
  }

  /// The least and the greatest of `a` (not empty, no NaN), as values: a zero's sign is
  /// whichever came first (`StableZeros` gives the sorted order's).
  static func extremes(_ a: UnsafeBufferPointer<Double>) -> (
    least: Double, greatest: Double
  ) {
    var least = a[0]
    var greatest = a[0]
    for v in a {
      if v < least { least = v }
      if v > greatest { greatest = v }
    }
    return (least, greatest)
  }

  /// The signs of zeros in the order a stable sort gives: `value(_:at:)` turns a value
  /// found by selection into the element a stable sort of the finite values of `values`
  /// puts at that place.
  struct StableZeros {
    /// The values, in their original order (non-finite ones are passed over).
    let values: [Double]

    /// - Parameter values: The values in their original order (NaN and infinities may be
    ///   among them; only the finite ones count, as `robustBounds` counts them).
    init(_ values: [Double]) { self.values = values }

    /// `v`, the value at place `k` of the sorted finite values, with the sign of zero a
    /// stable sort gives it: the zeros keep their order, after every negative value, so
    /// place `k` holds the `(k - negatives)`-th zero of `values`.
    func value(_ v: Double, at k: Int) -> Double {
      guard v == 0 else { return v }
      var negatives = 0
      for x in values where x.isFinite && x < 0 { negatives += 1 }
      var zero = k - negatives
      for x in values where x == 0 {
        if zero == 0 { return x }
        zero -= 1
      }
      return v
    }
  }

  /// The elements a stable sort of the finite values of `values` puts at places 0, `low`,
  /// `high` and `count - 1` (`count` the number of finite values), in one pass, when the
  /// places near the ends are few: the `low + 1` least and the `count - high` greatest are
  /// kept in two binary heaps keyed by (value, place in the input), which is the order a
  /// stable sort gives (equal values, `-0.0` and `0.0` among them, in their input order), so
  /// the heaps' tops are those places' elements, sign of zero included. About 2 compares a
  /// value when the heaps are small (a curve's 1,001 autoscale samples keep 21 each), where
  /// selection (`select`, `StableZeros`) took about 87 a value (Docs/performance.md, "The
  /// terminal one-shot"). J. W. J. Williams, "Algorithm 232: Heapsort", Communications of the
  /// ACM 7(6), 1964, for the heaps.
  ///
  /// - Parameters:
  ///   - values: The values; NaN and infinities are passed over.
  ///   - count: How many of them are finite (at least 1).
  ///   - low: A place, `0...high`.
  ///   - high: A place, `low..<count`.
  /// - Returns: The four elements.
  static func stablePlaces(
    _ values: UnsafeBufferPointer<Double>, count: Int, low: Int, high: Int
  ) -> (least: Double, low: Double, high: Double, greatest: Double) {
    let a = low + 1  // the a least: a max-heap, its top the greatest of them
    let b = count - high  // the b greatest: a min-heap, its top the least of them
    let lv = UnsafeMutablePointer<Double>.allocate(capacity: a)
    let li = UnsafeMutablePointer<Int>.allocate(capacity: a)
    let hv = UnsafeMutablePointer<Double>.allocate(capacity: b)
    let hi = UnsafeMutablePointer<Int>.allocate(capacity: b)
    defer {
      lv.deallocate()
      li.deallocate()
      hv.deallocate()
      hi.deallocate()
    }
    var ln = 0
    var hn = 0
    var least = Double.nan
    var greatest = Double.nan
    var place = 0
    // (v, i) before (w, j) in the stable order.
    @inline(__always) func before(_ v: Double, _ i: Int, _ w: Double, _ j: Int) -> Bool {
      v < w || (v == w && i < j)
    }
    for x in values where x.isFinite {
      if place == 0 {
        least = x
        greatest = x
      } else {
        if x < least { least = x }  // the first of equal least values
        if x >= greatest { greatest = x }  // the last of equal greatest values
      }
      // The least: x comes after every kept value, so it enters when it is less than the top.
      if ln < a {
        var k = ln
        ln += 1
        while k > 0 {
          let parent = (k - 1) / 2
          guard before(lv[parent], li[parent], x, place) else { break }
          lv[k] = lv[parent]
          li[k] = li[parent]
          k = parent
        }
        lv[k] = x
        li[k] = place
      } else if x < lv[0] {
        var k = 0
        while true {
          var c = 2 * k + 1
          if c >= a { break }
          if c + 1 < a && before(lv[c], li[c], lv[c + 1], li[c + 1]) { c += 1 }
          guard before(x, place, lv[c], li[c]) else { break }
          lv[k] = lv[c]
          li[k] = li[c]
          k = c
        }
        lv[k] = x
        li[k] = place
      }
      // The greatest: x comes after every kept value, so it enters unless less than the top.
      if hn < b {
        var k = hn
        hn += 1
        while k > 0 {
          let parent = (k - 1) / 2
          guard before(x, place, hv[parent], hi[parent]) else { break }
          hv[k] = hv[parent]
          hi[k] = hi[parent]
          k = parent
        }
        hv[k] = x
        hi[k] = place
      } else if !(x < hv[0]) {
        var k = 0
        while true {
          var c = 2 * k + 1
          if c >= b { break }
          if c + 1 < b && before(hv[c + 1], hi[c + 1], hv[c], hi[c]) { c += 1 }
          guard before(hv[c], hi[c], x, place) else { break }
          hv[k] = hv[c]
          hi[k] = hi[c]
          k = c
        }
        hv[k] = x
        hi[k] = place
      }
      place += 1
    }
    return (least, lv[0], hv[0], greatest)
  }
}
