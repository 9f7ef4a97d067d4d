import Glibc
import Intervals

/// How an axis maps its values to the plot's coordinate along it: as they are (linear), or by
/// their logarithm (gnuplot's `set logscale x|y [BASE]`).
///
/// A log axis is a change of coordinate, not a change of the pipeline: every part of a plot
/// (sampler, decimation, clipping, the viewport's scale and origin) works in the *axis
/// coordinate* `u = log_b(v)`, where a straight line is what the reader sees as one.
/// `ScaledSource` presents a data source in these coordinates, `LogTicks` puts the ticks at
/// the coordinates of powers of the base, and only the outputs that print values (the table,
/// the view's ranges) go back to values. As in gnuplot (`src/axis.c`, `axis_log_value`), a
/// value a log axis cannot show (zero, negative, NaN) has no coordinate: a point there is a
/// gap, never drawn at an arbitrary place.
public enum AxisScale: Sendable, Hashable, CustomStringConvertible {
  /// Values are coordinates.
  case linear
  /// The coordinate of a value v is log_base(v); base > 1.
  case log(base: Double)

  /// The logarithm's base, or nil on a linear axis.
  public var base: Double? {
    if case .log(let b) = self { return b }
    return nil
  }

  /// Whether the axis is logarithmic.
  public var isLog: Bool { base != nil }

  /// `linear`, or `log base B` (the base as gnuplot's `show logscale` writes it).
  public var description: String {
    guard let b = base else { return "linear" }
    return "log base \(AxisScale.baseText(b))"
  }

  /// The base as a short number (`10`, `2`, `2.718281828459045`), as `show logscale` writes it.
  package static func baseText(_ b: Double) -> String {
    b == b.rounded() && abs(b) < 1e15 ? String(Int(b)) : String(b)
  }

  /// The axis coordinate of value `v`: `v` on a linear axis; on a log axis `log_b(v)` (glibc's
  /// `log10`/`log2` for bases 10 and 2, exact at the base's powers), NaN where `v <= 0` or
  /// `v` is NaN.
  ///
  /// - Parameter v: A value, in the axis's units.
  /// - Returns: The coordinate.
  @inlinable public func coordinate(_ v: Double) -> Double {
    guard case .log(let b) = self else { return v }
    guard v > 0 else { return .nan }
    if b == 10 { return log10(v) }
    if b == 2 { return log2(v) }
    return Glibc.log(v) / Glibc.log(b)
  }

  /// The value at axis coordinate `u` (the inverse of `coordinate`): `u` on a linear axis,
  /// `b^u` on a log axis (exact at integer `u` for bases 10 and 2).
  ///
  /// - Parameter u: A coordinate.
  /// - Returns: The value, in the axis's units.
  @inlinable public func value(_ u: Double) -> Double {
    guard case .log(let b) = self else { return u }
    if b == 2 { return exp2(u) }
    return pow(b, u)
  }

  /// Whether a value can be shown on this axis: finite, and positive on a log axis.
  @inlinable public func canShow(_ v: Double) -> Bool {
    v.isFinite && (base == nil || v > 0)
  }

  /// An enclosure of the coordinates of the values in `x` (outward rounded; `Interval`'s
  /// logarithm rule: a part at or below 0 makes the lower bound -inf and the result not
  /// defined everywhere, a wholly non-positive interval is empty).
  public func coordinate(_ x: Interval) -> Interval {
    guard case .log(let b) = self else { return x }
    if b == 10 { return Interval.log10(x) }
    if b == 2 { return Interval.log2(x) }
    return Interval.log(x, base: Interval(b))
  }

  /// An enclosure of the values at the coordinates in `u`: `b^u` through `Interval.exp` of
  /// `u` times an enclosure of ln b (outward rounded).
  public func value(_ u: Interval) -> Interval {
    guard case .log(let b) = self else { return u }
    if u.isEmpty { return u }
    let lnb = Glibc.log(b)
    return Interval.exp(u * Interval(lnb.nextDown, lnb.nextUp))
  }

  /// The coordinates of a range of values; nil when a bound has no coordinate.
  public func coordinates(_ r: ClosedRange<Double>) -> ClosedRange<Double>? {
    let a = coordinate(r.lowerBound)
    let b = coordinate(r.upperBound)
    guard a.isFinite, b.isFinite, a <= b else { return nil }
    return a...b
  }

  /// The values of a range of coordinates.
  public func values(_ r: ClosedRange<Double>) -> ClosedRange<Double> {
    let a = value(r.lowerBound)
    let b = value(r.upperBound)
    return a <= b ? a...b : b...a
  }

  /// The range this axis shows for a range the user asked for: the range itself where it
  /// can be shown; on a log axis a lower bound at or below 0 becomes 0.1 (a hundredth of the
  /// upper bound when that is 1 or less), as gnuplot shows its default [-10:10] on a log
  /// axis as [0.1:10], and a range with no positive part becomes [0.1, 10].
  ///
  /// - Parameter r: The range asked for (values).
  /// - Returns: A range whose bounds have finite coordinates, lower below upper.
  public func shownRange(_ r: ClosedRange<Double>) -> ClosedRange<Double> {
    guard isLog, !(r.lowerBound > 0 && r.lowerBound < r.upperBound) else { return r }
    guard r.upperBound > 0, r.upperBound.isFinite else { return 0.1...10 }
    let lower = r.upperBound > 1 ? 0.1 : r.upperBound / 100
    return lower...r.upperBound
  }
}

/// The scales of a plot's two axes.
public struct AxisScales: Sendable, Hashable {
  /// The x axis's scale.
  public var x: AxisScale
  /// The y axis's scale.
  public var y: AxisScale

  /// Creates the scales; both linear by default.
  public init(x: AxisScale = .linear, y: AxisScale = .linear) {
    self.x = x
    self.y = y
  }

  /// Both axes linear.
  public static let linear = AxisScales()

  /// Whether both axes are linear.
  public var isLinear: Bool { !x.isLog && !y.isLog }

  /// The scale of one axis.
  public subscript(_ field: RecordField) -> AxisScale {
    field == .x ? x : y
  }
}

/// A data source presented in axis coordinates: the curves of `inner` (functions and
/// records, in values) with x and y replaced by their coordinates on `scales`
/// (`AxisScale.coordinate`), so the sampler, which samples evenly in its x and measures in
/// pixels of its y, samples a log x axis evenly in log x (`plot x` on a log x axis has no
/// gap at its left end) and sees `exp(x)` on a log y axis as the straight line it is drawn
/// as. A value an axis cannot show is NaN (a gap); an enclosure over a coordinate interval
/// is the inner enclosure over the values' interval, taken to coordinates
/// (`AxisScale.value(_:)` and `coordinate(_:)` of `Interval`, outward rounded), so Tupper's
/// flags find the edge where a function's values stop being positive.
public struct ScaledSource<Inner: GraphViewRecordsDataSource>: GraphViewRecordsDataSource {
  /// The source in values.
  public let inner: Inner
  /// The axes' scales.
  public let scales: AxisScales
  /// The x range shown, in values.
  public let xRange: ClosedRange<Double>
  /// The y range shown, in values.
  public let yRange: ClosedRange<Double>

  /// Creates the source in coordinates.
  ///
  /// - Parameters:
  ///   - inner: The source in values.
  ///   - scales: The axes' scales.
  ///   - xRange: The x range shown (values; see `AxisScale.shownRange`).
  ///   - yRange: The y range shown (values).
  public init(
    _ inner: Inner, scales: AxisScales, xRange: ClosedRange<Double>, yRange: ClosedRange<Double>
  ) {
    self.inner = inner
    self.scales = scales
    self.xRange = scales.x.shownRange(xRange)
    self.yRange = scales.y.shownRange(yRange)
  }

  /// The inner source's curve count.
  public var curveCount: Int { inner.curveCount }

  /// The inner source's title.
  public func title(ofCurve curve: Int) -> String { inner.title(ofCurve: curve) }

  /// The coordinate of the curve's value at the value of coordinate `x`.
  public func y(at x: Double, curve: Int) -> Double {
    scales.y.coordinate(inner.y(at: scales.x.value(x), curve: curve))
  }

  /// The batch form of `y(at:curve:)`: the inner batch over the values of `xs`.
  public func y(
    at xs: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>, curve: Int
  ) {
    let n = min(xs.count, out.count)
    if scales.x.isLog {
      let values = (0..<n).map { scales.x.value(xs[$0]) }
      values.withUnsafeBufferPointer { inner.y(at: $0, into: out, curve: curve) }
    } else {
      inner.y(at: xs, into: out, curve: curve)
    }
    if scales.y.isLog {
      for i in 0..<n { out[i] = scales.y.coordinate(out[i]) }
    }
  }

  /// The inner enclosure over the values of `x`, in coordinates (unknown stays unknown).
  public func y(over x: Interval, curve: Int) -> Interval {
    let e = inner.y(over: scales.x.value(x), curve: curve)
    if e.lo == -.infinity && e.hi == .infinity && !e.isDefinedEverywhere && !e.isContinuous {
      return e
    }
    return scales.y.coordinate(e)
  }

  /// The viewport of the shown ranges' coordinates over `size`.
  public func viewport(for size: PixelSize) -> Viewport {
    let x = scales.x.coordinates(xRange) ?? 0...1
    let y = scales.y.coordinates(yRange) ?? 0...1
    return Viewport(xRange: x, yRange: y, size: size)
  }

  /// The inner source's record count.
  public func numberOfRecords(forCurve curve: Int) -> Int? {
    inner.numberOfRecords(forCurve: curve)
  }

  /// The coordinate of a record's field (NaN where the axis cannot show it).
  public func value(of field: RecordField, record: Int, curve: Int) -> Double {
    scales[field].coordinate(inner.value(of: field, record: record, curve: curve))
  }

  /// The inner blocks, in coordinates.
  public func forEachRecordBlock(
    ofCurve curve: Int,
    _ body: (_ x: UnsafeBufferPointer<Double>, _ y: UnsafeBufferPointer<Double>) -> Void
  ) -> Bool {
    let sx = scales.x
    let sy = scales.y
    var bx: [Double] = []
    var by: [Double] = []
    return inner.forEachRecordBlock(ofCurve: curve) { xs, ys in
      let n = min(xs.count, ys.count)
      bx.removeAll(keepingCapacity: true)
      by.removeAll(keepingCapacity: true)
      for i in 0..<n {
        bx.append(sx.coordinate(xs[i]))
        by.append(sy.coordinate(ys[i]))
      }
      bx.withUnsafeBufferPointer { x in by.withUnsafeBufferPointer { y in body(x, y) } }
    }
  }

  /// The inner source's marks.
  public func marks(ofCurve curve: Int) -> CurveMarks { inner.marks(ofCurve: curve) }

  /// The inner source's extents, in coordinates.
  public func extents(ofCurve curve: Int) -> RecordExtents? {
    let sx = scales.x
    let sy = scales.y
    return inner.extents(ofCurve: curve)?.mapped(x: { sx.coordinate($0) }, y: { sy.coordinate($0) })
  }

  /// The inner source's look.
  public func look(ofCurve curve: Int) -> CurveLook { inner.look(ofCurve: curve) }

  /// The inner source's baseline in coordinates; on a log y axis, which has no 0, the
  /// view's bottom (-infinity).
  public var baseline: Double {
    scales.y.isLog ? -.infinity : scales.y.coordinate(inner.baseline)
  }

  /// Whether x is a time axis (the inner source's answer).
  public var xAxisIsTime: Bool { inner.xAxisIsTime }

  /// Whether y is a time axis (the inner source's answer).
  public var yAxisIsTime: Bool { inner.yAxisIsTime }
}

/// Plots on any axis scales: sampling in axis coordinates, ticks, automatic ranges and the
/// `set table` text, each the linear plot's own when both axes are linear.
public enum ScaledPlot {
  /// Samples every curve of `source` for a plot area of `size` pixels with the axes on
  /// `scales`: in axis coordinates (`ScaledSource`), with `LogTicks` on a log axis. The
  /// plot's viewport, curves and ticks are in axis coordinates and `SampledPlot.scales`
  /// says so. With both axes linear, exactly `RecordsSampler.samplePlot` over
  /// `source.viewport(for:)`.
  ///
  /// - Parameters:
  ///   - source: The data source, in values.
  ///   - scales: The axes' scales.
  ///   - xRange: The x range shown (values).
  ///   - yRange: The y range shown (values).
  ///   - size: The plot area's size in pixels.
  ///   - xTickCount: About how many x ticks on a linear axis.
  ///   - yTickCount: About how many y ticks on a linear axis.
  ///   - budget: The sampler's limits per function curve.
  /// - Returns: The sampled plot, in axis coordinates.
  public static func samplePlot<S: GraphViewRecordsDataSource>(
    _ source: S, scales: AxisScales, xRange: ClosedRange<Double>, yRange: ClosedRange<Double>,
    size: PixelSize, xTickCount: Int? = nil, yTickCount: Int? = nil,
    budget: SamplingBudget = .default
  ) -> SampledPlot {
    if scales.isLinear {
      return RecordsSampler.samplePlot(
        source, size: size, xTickCount: xTickCount, yTickCount: yTickCount, budget: budget)
    }
    let scaled = ScaledSource(source, scales: scales, xRange: xRange, yRange: yRange)
    var plot = RecordsSampler.samplePlot(
      scaled, size: size, xTickCount: xTickCount, yTickCount: yTickCount, budget: budget)
    let (nx, ny) = Sampler.tickCounts(for: size, x: xTickCount, y: yTickCount)
    plot.xTicks = ticks(
      for: scaled.xRange, scale: scales.x, isTime: source.xAxisIsTime, approximateCount: nx)
    plot.yTicks = ticks(
      for: scaled.yRange, scale: scales.y, isTime: source.yAxisIsTime, approximateCount: ny)
    plot.scales = scales
    return plot
  }

  /// The ticks of an axis showing `range` (values) on `scale`, in axis coordinates:
  /// `LogTicks` on a log axis, else `RecordsSampler.ticks`.
  ///
  /// - Parameters:
  ///   - range: The range shown (values).
  ///   - scale: The axis's scale.
  ///   - isTime: Whether a linear axis is a time axis.
  ///   - approximateCount: About how many ticks a linear axis gets.
  /// - Returns: The ticks in increasing order.
  public static func ticks(
    for range: ClosedRange<Double>, scale: AxisScale, isTime: Bool, approximateCount: Int
  ) -> [Tick] {
    guard let b = scale.base else {
      return RecordsSampler.ticks(for: range, isTime: isTime, approximateCount: approximateCount)
    }
    guard let coordinates = scale.coordinates(scale.shownRange(range)) else { return [] }
    return LogTicks.ticks(for: coordinates, base: b)
  }

  // MARK: Automatic ranges

  /// The automatic y range (values) of the function curves of `source` over `xRange`
  /// (values) on `scales`, or nil when none has a value the y axis can show there.
  ///
  /// Each function is sampled at `Autoscale.sampleCount` points evenly spaced in x's
  /// coordinate; the coordinates of the values get `Autoscale`'s robust bounds (percentiles,
  /// so a pole's few huge samples are left out), which are then widened to the y axis's
  /// ticks (`finish`).
  public static func functionYBounds<S: GraphViewRecordsDataSource>(
    _ source: S, scales: AxisScales, xRange: ClosedRange<Double>
  ) -> (Double, Double)? {
    let scaled = ScaledSource(source, scales: scales, xRange: xRange, yRange: 1...10)
    guard let xr = scales.x.coordinates(scaled.xRange) else { return nil }
    let n = Autoscale.sampleCount
    let xs = (0..<n).map { k in
      k == n - 1
        ? xr.upperBound
        : xr.lowerBound + (xr.upperBound - xr.lowerBound) * Double(k)
          / Double(n - 1)
    }
    var values = [Double](repeating: .nan, count: n)
    var union: (Double, Double)? = nil
    for c in 0..<max(0, source.curveCount) where source.numberOfRecords(forCurve: c) == nil {
      xs.withUnsafeBufferPointer { x in
        values.withUnsafeMutableBufferPointer { v in scaled.y(at: x, into: v, curve: c) }
      }
      if let r = Autoscale.robustBounds(values) {
        union = union.map { (min($0.0, r.0), max($0.1, r.1)) } ?? r
      }
    }
    return union
  }

  /// The smallest and largest coordinates on `scales` of the records of `source`'s data
  /// curves that both axes can show, only those with x in `xWithin` (values) when given;
  /// and how many records could not be shown.
  ///
  /// - Returns: The x and y bounds (coordinates), nil when no record can be shown, and the
  ///   count of records with a finite value an axis cannot show (zero or negative on a log
  ///   axis).
  public static func recordBounds<S: GraphViewRecordsDataSource>(
    _ source: S, scales: AxisScales, xWithin: ClosedRange<Double>? = nil
  ) -> (bounds: RecordBounds?, unshown: Int) {
    let window = xWithin.flatMap { scales.x.coordinates(scales.x.shownRange($0)) }
    var x0 = Double.infinity
    var x1 = -Double.infinity
    var y0 = Double.infinity
    var y1 = -Double.infinity
    var n = 0
    var unshown = 0
    for c in 0..<max(0, source.curveCount) {
      guard let count = source.numberOfRecords(forCurve: c) else { continue }
      func take(_ vx: Double, _ vy: Double) {
        guard vx.isFinite, vy.isFinite else { return }
        let x = scales.x.coordinate(vx)
        let y = scales.y.coordinate(vy)
        guard x.isFinite, y.isFinite else {
          unshown += 1
          return
        }
        if let w = window, !(x >= w.lowerBound && x <= w.upperBound) { return }
        n += 1
        x0 = min(x0, x)
        x1 = max(x1, x)
        y0 = min(y0, y)
        y1 = max(y1, y)
      }
      let bulk = source.forEachRecordBlock(ofCurve: c) { xs, ys in
        for i in 0..<min(xs.count, ys.count) { take(xs[i], ys[i]) }
      }
      if !bulk {
        for i in 0..<max(0, count) {
          take(
            source.value(of: .x, record: i, curve: c), source.value(of: .y, record: i, curve: c))
        }
      }
    }
    let bounds = n > 0 ? RecordBounds(x: x0...x1, y: y0...y1, count: n) : nil
    return (bounds, unshown)
  }

  /// The range (values) of an axis on `scale` that shows the coordinates `lo...hi`: on a log
  /// axis widened outward to multiples of the major tick step (`LogTicks.step`), as gnuplot
  /// extends an autoscaled log axis to whole ticks (exp(x) on [0, 10] gets [1, 100000]); a
  /// flat range gets one step each side, and the ends stay within 1e-300 ... 1e300 (or the
  /// data's own ends beyond them); on a linear axis `Autoscale.range(of:)`.
  ///
  /// - Parameters:
  ///   - lo: The lowest coordinate to show.
  ///   - hi: The highest coordinate to show.
  ///   - scale: The axis's scale.
  /// - Returns: The range, in values.
  public static func finish(_ lo: Double, _ hi: Double, scale: AxisScale) -> ClosedRange<Double> {
    guard scale.isLog else { return Autoscale.range(of: [lo, hi]) }
    guard lo.isFinite, hi.isFinite, lo <= hi else { return 1...10 }
    let step = LogTicks.step(for: hi - lo)
    var a = (lo / step + 1e-9).rounded(.down) * step
    var b = (hi / step - 1e-9).rounded(.up) * step
    if b <= a {
      a -= step
      b += step
    }
    // Within the doubles (a step beyond 1e300 would overflow): the data's own ends there.
    a = max(a, min(lo, scale.coordinate(1e-300)))
    b = min(b, max(hi, scale.coordinate(1e300)))
    let r = scale.values(a...b)
    guard r.lowerBound > 0, r.upperBound.isFinite, r.lowerBound < r.upperBound else {
      return scale.values(lo...max(hi, lo + 1))
    }
    return r
  }
}
