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
}
