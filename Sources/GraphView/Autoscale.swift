import Glibc

/// Picks a y range that shows a curve well, from the x range and the functions alone (never
/// from an output's size, so every output of one plot agrees).
///
/// Each curve is sampled at `sampleCount` evenly spaced x (ends included). Of the finite
/// values, the 2nd and 98th percentiles bound the range, which is extended to the true
/// minimum and maximum when those lie within half the percentile spread beyond them: a
/// bounded curve (sin(x)·x) is shown whole, while the few huge samples next to a pole
/// (tan(x), 1/x) are left out so the rest stays readable. A constant (or numerically flat)
/// curve gets a range one power of ten to each side, narrowed until the constant falls on a
/// tick (`3` → [2, 4]); no finite value at all gives [-10, 10]. The result is snapped outward
/// to multiples of the tick step for about `tickCount` ticks (see `Ticks`).
///
/// The percentile rule is in the spirit of Tukey's boxplot fences (J. W. Tukey, Exploratory
/// Data Analysis, 1977: quartiles widened by 1.5 interquartile ranges mark outliers), here
/// with the 2nd/98th percentiles and half their spread, so only the few samples nearest a
/// pole count as outliers.
public enum Autoscale {
  /// How many x each curve is sampled at.
  public static let sampleCount = 1001
  /// About how many ticks the snapped range is meant for.
  public static let tickCount = 8
  /// The range used when nothing is defined.
  public static let fallback: ClosedRange<Double> = -10...10

  /// A y range (plot units) for all curves of `source` over `xRange`.
  ///
  /// - Parameters:
  ///   - source: The data source; only `curveCount` and `y(at:curve:)` are used.
  ///   - xRange: The x range shown, plot units.
  /// - Returns: A range with round ends (or the largest double), never empty; [-10, 10] when no curve
  ///   has a finite value there.
  public static func yRange(of source: some GraphViewDataSource, xRange: ClosedRange<Double>)
    -> ClosedRange<Double>
  {
    let a = xRange.lowerBound
    let b = xRange.upperBound
    guard a.isFinite, b.isFinite else { return fallback }
    var union: (Double, Double)? = nil
    let xs = (0..<sampleCount).map { k in
      k == sampleCount - 1 ? b : a + (b - a) * (Double(k) / Double(sampleCount - 1))
    }
    var values = [Double](repeating: .nan, count: sampleCount)
    for c in 0..<max(0, source.curveCount) {
      xs.withUnsafeBufferPointer { x in
        values.withUnsafeMutableBufferPointer { v in source.y(at: x, into: v, curve: c) }
      }
      if let r = robustBounds(values) {
        union = union.map { (min($0.0, r.0), max($0.1, r.1)) } ?? r
      }
    }
    return finish(union)
  }

  /// A y range (plot units) for a series of values (data), by the same rule as `yRange`.
  ///
  /// - Parameter values: The values; non-finite ones are ignored.
  /// - Returns: A range with round ends; [-10, 10] when no value is finite.
  public static func range(of values: [Double]) -> ClosedRange<Double> {
    finish(robustBounds(values))
  }

  // MARK: Helpers

  /// The percentile bounds, extended to the extremes that are not outliers.
  ///
  /// The four order statistics it needs (the least, the 2nd and 98th percentiles, the
  /// greatest) come from `OrderStatistics` instead of a sort of every value: two small heaps
  /// in one pass (`stablePlaces`) when at most 256 values lie beyond each percentile (a
  /// curve's autoscale samples), else Hoare's FIND (expected linear time); each is the value
  /// a stable sort would put at that place, sign of zero included.
  static func robustBounds(_ values: [Double]) -> (Double, Double)? {
    // Every finite value counts, up to the ends of the doubles (a spread that overflows
    // keeps the extremes: nothing lies beyond them).
    var n = 0
    for x in values where x.isFinite { n += 1 }
    guard n > 0 else { return nil }
    let last = Double(n - 1)
    let k2 = Int((0.02 * last).rounded(.down))
    let k98 = Int((0.98 * last).rounded(.up))
    if k2 < 256 && n - k98 <= 256 {
      // Few places beyond the percentiles (up to about 12,800 values): two small heaps.
      let (least, p2, p98, greatest) = values.withUnsafeBufferPointer {
        OrderStatistics.stablePlaces($0, count: n, low: k2, high: k98)
      }
      let spread = p98 - p2
      let lo = least >= p2 - 0.5 * spread ? least : p2
      let hi = greatest <= p98 + 0.5 * spread ? greatest : p98
      return (lo, hi)
    }
    var v = values.filter(\.isFinite)
    let (least, greatest, p2, p98) = v.withUnsafeMutableBufferPointer { a in
      let extremes = OrderStatistics.extremes(UnsafeBufferPointer(a))
      OrderStatistics.select(a, k98, in: 0...(n - 1))
      let p98 = a[k98]
      OrderStatistics.select(a, k2, in: 0...k98)
      return (extremes.least, extremes.greatest, a[k2], p98)
    }
    let order = OrderStatistics.StableZeros(values)
    let spread = order.value(p98, at: k98) - order.value(p2, at: k2)
    let lo = least >= p2 - 0.5 * spread ? order.value(least, at: 0) : order.value(p2, at: k2)
    let hi =
      greatest <= p98 + 0.5 * spread ? order.value(greatest, at: n - 1) : order.value(p98, at: k98)
    return (lo, hi)
  }

  /// Pads a flat range, snaps outward to tick multiples.
  static func finish(_ bounds: (Double, Double)?) -> ClosedRange<Double> {
    guard let (lo, hi) = bounds, lo.isFinite, hi.isFinite, lo <= hi else { return fallback }
    let maxAbs = max(abs(lo), abs(hi))
    if hi - lo <= maxAbs * 1e-9 || hi - lo < 1e-290 {
      return constant(lo * 0.5 + hi * 0.5)
    }
    return snap(lo, hi) ?? constant(lo * 0.5 + hi * 0.5)
  }

  /// The range around a constant `c`: ± one power of ten, narrowed (up to six times) until
  /// `c` is a multiple of the tick step.
  static func constant(_ c: Double) -> ClosedRange<Double> {
    if c == 0 || abs(c) < 1e-290 { return -1...1 }
    var pad = pow(10.0, log10(abs(c)).rounded(.down))
    for _ in 0..<7 {
      if let r = snap(c - pad, c + pad) {
        let step = Ticks.niceStep(for: r.upperBound - r.lowerBound, approximateCount: tickCount)
        let q = c / step
        if abs(q - q.rounded()) <= 1e-9 * max(1, abs(q)) { return r }
      }
      pad /= 10
    }
    let p = pow(10.0, log10(abs(c)).rounded(.down))
    return snap(c - p, c + p) ?? (c - abs(c))...(c + abs(c))
  }

  /// `[lo, hi]` widened to multiples of the nice step for `tickCount` ticks, within the
  /// doubles (an end whose multiple would overflow is the largest double). A bound within
  /// 1e-9 of a step from a multiple snaps to it, but never past the data: `lo` and `hi` stay
  /// inside (12.899999999999999, a fit's value, made a range from 12.9 that left its point
  /// out, `o` in the table).
  static func snap(_ lo: Double, _ hi: Double) -> ClosedRange<Double>? {
    guard let (m, e) = Ticks.stepDecomposition(from: lo, to: hi, tickCount) else { return nil }
    let step = Ticks.decimal(m, e)
    guard step.isFinite, step > 0 else { return nil }
    let i = (lo / step + 1e-9).rounded(.down)
    let j = (hi / step - 1e-9).rounded(.up)
    guard abs(i) < 1e15, abs(j) < 1e15 else { return nil }
    let a = max(Ticks.decimal(Int(i) * m, e), -.greatestFiniteMagnitude)
    let b = min(Ticks.decimal(Int(j) * m, e), .greatestFiniteMagnitude)
    guard a.isFinite, b.isFinite, a < b else { return nil }
    return min(a, lo)...max(b, hi)
  }
}
