import Glibc

/// The figures gnuplot's `stats` command sets as variables (`STATS_mean`, `STATS_median`,
/// ...), for one column of values or for two (x and y).
///
/// The definitions are gnuplot 5.4's (src/stats.c, `analyze_sgl_column` and
/// `analyze_two_columns`), checked against its own `stats` output by
/// `scripts/make-gnuplot-comparison` (the fixtures `9N-stats-*.gp`):
/// - `stddev` is the population standard deviation (divisor n), `ssd` the sample one
///   (n - 1); `skewness` and `kurtosis` are the third and fourth central moments over
///   stddev³ and stddev⁴ (so a normal sample's kurtosis is near 3); `adev` is the mean
///   absolute deviation; the errors are stddev/√n, stddev/√(2n), √(6/n) and √(24/n).
/// - The median is the middle value, or the mean of the two middle ones; the quartiles
///   follow gnuplot's boxplot rule: with n a multiple of 4 the mean of the two values
///   around n/4 (and 3n/4), else the value at ⌈n/4⌉ (counted from 1) and its mirror.
/// - `index_min`/`index_max` count the points from 0, in the order read; of equal values
///   the first is the minimum's and the last the maximum's (gnuplot takes both ends of its
///   sorted copy, and glibc's qsort keeps equal values in order).
/// - Two columns add the least-squares line y = slope·x + intercept (MathWorld's
///   "Least Squares Fitting": slope = ss_xy/ss_xx, its error s/√ss_xx and the intercept's
///   s·√(1/n + x̄²/ss_xx), s² = (ss_yy − slope·ss_xy)/(n − 2)), the correlation
///   slope·σx/σy, Σxy, and the x of the smallest and of the largest y.
///
/// The sums are plain left-to-right sums, as gnuplot's, so the figures agree with its to
/// the last digits; values are doubles in the units read (Unix seconds for times).
public struct GnuplotColumnStats: Sendable {
  /// How many values.
  public var count: Int
  /// Σv.
  public var sum: Double
  /// Σv².
  public var sumOfSquares: Double
  /// The arithmetic mean.
  public var mean: Double
  /// The population standard deviation (divisor n).
  public var standardDeviation: Double
  /// The sample standard deviation (divisor n − 1); NaN for one value.
  public var sampleStandardDeviation: Double
  /// The third central moment over σ³.
  public var skewness: Double
  /// The fourth central moment over σ⁴.
  public var kurtosis: Double
  /// The mean absolute deviation from the mean.
  public var meanAbsoluteDeviation: Double
  /// The smallest value and its index (from 0).
  public var min: (value: Double, index: Int)
  /// The largest value and its index (from 0).
  public var max: (value: Double, index: Int)
  /// The median.
  public var median: Double
  /// The lower quartile (gnuplot's boxplot rule).
  public var lowerQuartile: Double
  /// The upper quartile (gnuplot's boxplot rule).
  public var upperQuartile: Double

  /// The figures of `values` (at least one, all finite).
  public init(_ values: [Double]) {
    let n = values.count
    precondition(n > 0, "stats of no values")
    var s = 0.0
    var s2 = 0.0
    for v in values {
      s += v
      s2 += v * v
    }
    count = n
    sum = s
    sumOfSquares = s2
    let mean = s / Double(n)
    self.mean = mean
    var d2 = 0.0
    var d3 = 0.0
    var d4 = 0.0
    var ad = 0.0
    for v in values {
      let t = v - mean
      ad += Swift.abs(t)
      d2 += t * t
      d3 += t * t * t
      d4 += t * t * t * t
    }
    let sd = (d2 / Double(n)).squareRoot()
    standardDeviation = sd
    sampleStandardDeviation = n > 1 ? (d2 / Double(n - 1)).squareRoot() : .nan
    skewness = d3 / Double(n) / (sd * sd * sd)
    kurtosis = d4 / Double(n) / (sd * sd * sd * sd)
    meanAbsoluteDeviation = ad / Double(n)
    var lo = (values[0], 0)
    var hi = (values[0], 0)
    for (k, v) in values.enumerated() {
      if v < lo.0 { lo = (v, k) }
      if v >= hi.0 { hi = (v, k) }
    }
    min = lo
    max = hi
    // The order statistics by selection, not a sort: the same values (the k-th smallest is
    // one value whatever the method), in linear time (a 1e7-value column: a sort took
    // about a second).
    var places: [Int] =
      n % 2 == 0 ? [n / 2 - 1, n / 2] : [(n - 1) / 2]
    if n % 4 == 0 {
      places += [n / 4 - 1, n / 4, n - n / 4 - 1, n - n / 4]
    } else {
      places += [(n + 3) / 4 - 1, n - (n + 3) / 4]
    }
    let t = Self.orderStatistics(values, at: places)
    median = n % 2 == 0 ? 0.5 * (t[n / 2 - 1]! + t[n / 2]!) : t[(n - 1) / 2]!
    if n % 4 == 0 {
      lowerQuartile = 0.5 * (t[n / 4 - 1]! + t[n / 4]!)
      upperQuartile = 0.5 * (t[n - n / 4]! + t[n - n / 4 - 1]!)
    } else {
      lowerQuartile = t[(n + 3) / 4 - 1]!
      upperQuartile = t[n - (n + 3) / 4]!
    }
  }

  /// The `k`-th smallest of `values` (counted from 0) for each `k` of `places`, by Hoare's
  /// FIND (quickselect, C. A. R. Hoare, "Algorithm 65: Find", CACM 4(7), 1961) with a
  /// median-of-three pivot, each selection inside the part the previous one left (the
  /// places taken in increasing order); a part that has not shrunk after 64 rounds is
  /// sorted instead, so the worst case stays O(n log n).
  ///
  /// - Parameters:
  ///   - values: Finite values (no NaN), at least one.
  ///   - places: Indices into the sorted order, each in `0..<values.count`.
  /// - Returns: The value at each place of the sorted order.
  static func orderStatistics(_ values: [Double], at places: [Int]) -> [Int: Double] {
    var a = values
    var found: [Int: Double] = [:]
    var lowest = 0
    a.withUnsafeMutableBufferPointer { a in
      for k in places.sorted() {
        if found[k] != nil { continue }
        var lo = lowest
        var hi = a.count - 1
        var rounds = 0
        while lo < hi {
          rounds += 1
          if rounds > 64 {
            a[lo...hi].sort()
            break
          }
          let mid = lo + (hi - lo) / 2
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
          // a[lo...j] <= pivot <= a[i...hi], and a[j+1..<i] == pivot.
          if k <= j {
            hi = j
          } else if k >= i {
            lo = i
          } else {
            break
          }
        }
        found[k] = a[k]
        lowest = k  // every later place is at or beyond k, and a[k...] >= a[k]
      }
    }
    return found
  }

  /// The standard error of the mean, σ/√n.
  public var meanError: Double { standardDeviation / Double(count).squareRoot() }
  /// The standard error of σ, σ/√(2n).
  public var standardDeviationError: Double {
    standardDeviation / (2 * Double(count)).squareRoot()
  }
  /// The standard error of the skewness, √(6/n).
  public var skewnessError: Double { (6 / Double(count)).squareRoot() }
  /// The standard error of the kurtosis, √(24/n).
  public var kurtosisError: Double { (24 / Double(count)).squareRoot() }

  /// The figures by gnuplot's names (`mean`, `stddev`, `ssd`, ..., `index_max`), in its order.
  public var named: [(String, Double)] {
    [
      ("mean", mean), ("stddev", standardDeviation), ("ssd", sampleStandardDeviation),
      ("skewness", skewness), ("kurtosis", kurtosis), ("adev", meanAbsoluteDeviation),
      ("mean_err", meanError), ("stddev_err", standardDeviationError),
      ("skewness_err", skewnessError), ("kurtosis_err", kurtosisError), ("sum", sum),
      ("sumsq", sumOfSquares), ("min", min.value), ("max", max.value), ("median", median),
      ("lo_quartile", lowerQuartile), ("up_quartile", upperQuartile),
      ("index_min", Double(min.index)), ("index_max", Double(max.index)),
    ]
  }
}

/// The figures gnuplot's `stats` sets for two columns beyond each column's own (see
/// `GnuplotColumnStats` for the definitions and their source).
public struct GnuplotPairStats: Sendable {
  /// The x column's figures.
  public var x: GnuplotColumnStats
  /// The y column's figures.
  public var y: GnuplotColumnStats
  /// Σxy.
  public var sumOfProducts: Double
  /// The least-squares slope.
  public var slope: Double
  /// The least-squares intercept.
  public var intercept: Double
  /// The slope's standard error.
  public var slopeError: Double
  /// The intercept's standard error.
  public var interceptError: Double
  /// The correlation coefficient, slope·σx/σy.
  public var correlation: Double
  /// The x of the smallest y.
  public var xOfMinimumY: Double
  /// The x of the largest y.
  public var xOfMaximumY: Double

  /// The figures of the points (`xs[k]`, `ys[k]`): as many of each, at least one, finite.
  public init(x xs: [Double], y ys: [Double]) {
    let x = GnuplotColumnStats(xs)
    let y = GnuplotColumnStats(ys)
    self.x = x
    self.y = y
    let n = Double(xs.count)
    var s = 0.0
    for k in xs.indices { s += xs[k] * ys[k] }
    sumOfProducts = s
    let ssxx = x.sumOfSquares - x.sum * x.sum / n
    let ssyy = y.sumOfSquares - y.sum * y.sum / n
    let ssxy = s - x.sum * y.sum / n
    slope = ssxy / ssxx
    intercept = y.mean - slope * x.mean
    let residual = ((ssyy - slope * ssxy) / (n - 2)).squareRoot()
    slopeError = residual / ssxx.squareRoot()
    interceptError = residual * (1 / n + x.mean * x.mean / ssxx).squareRoot()
    correlation = slope * x.standardDeviation / y.standardDeviation
    xOfMinimumY = xs[y.min.index]
    xOfMaximumY = xs[y.max.index]
  }

  /// The two-column figures by gnuplot's names (`slope`, ..., `pos_max_y`), in its order.
  public var named: [(String, Double)] {
    [
      ("slope", slope), ("intercept", intercept), ("slope_err", slopeError),
      ("intercept_err", interceptError), ("correlation", correlation),
      ("sumxy", sumOfProducts), ("pos_min_y", xOfMinimumY), ("pos_max_y", xOfMaximumY),
    ]
  }
}
