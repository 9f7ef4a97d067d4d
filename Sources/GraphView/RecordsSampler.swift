/// Samples a plot whose curves are functions or records (`GraphViewRecordsDataSource`): the
/// function curves through `Sampler`, the records by decimation, and the ticks (calendar
/// ticks on a time axis).
///
/// Records drawn with lines go through `M4Decimator` (first, lowest, highest and last record
/// of each pixel column: Jugel et al., VLDB 2014); records drawn as points through
/// `PixelDecimator` (one record a pixel). Either way a curve of a million records becomes a
/// few thousand points, so the terminal, the SVG and the table stay small.
/// A decimator that takes records one at a time (`M4Decimator`, `PixelDecimator`).
protocol RecordDecimator {
  /// Takes the record at plot point (`x`, `y`), in plot units.
  mutating func add(x: Double, y: Double)
}

extension M4Decimator: RecordDecimator {}
extension PixelDecimator: RecordDecimator {}

public enum RecordsSampler {
  /// Samples curve `curve` of `source` for `viewport`.
  ///
  /// - Parameters:
  ///   - source: The data source.
  ///   - curve: The curve's index, 0-based.
  ///   - viewport: The mapping of plot space to pixels.
  ///   - budget: The sampler's limits, for a function curve.
  /// - Returns: The curve's polylines in plot units, in record order. For `.points` each
  ///   polyline is one point (a marker); otherwise the pen lifts at gaps.
  public static func sample(
    _ source: some GraphViewRecordsDataSource, curve: Int, viewport: Viewport,
    budget: SamplingBudget = .default
  ) -> SampledCurve {
    guard let count = source.numberOfRecords(forCurve: curve) else {
      return Sampler.sample(source, curve: curve, viewport: viewport, budget: budget)
    }
    let title = source.title(ofCurve: curve)
    let n = max(0, count)
    let marks = source.marks(ofCurve: curve)
    switch marks {
    case .points, .dots:
      var decimator = PixelDecimator(viewport: viewport)
      feed(&decimator, from: source, curve: curve, count: n)
      return SampledCurve(title: title, segments: decimator.points.map { [$0] })
    case .lines, .linesPoints:
      var decimator = lines(from: source, curve: curve, count: n, viewport: viewport)
      return SampledCurve(title: title, segments: decimator.finish())
    case .steps, .fsteps, .histeps, .impulses, .boxes, .yErrorBars, .xErrorBars, .xyErrorBars,
      .yErrorLines, .xErrorLines, .xyErrorLines, .filledCurves, .fillSteps, .boxXYError,
      .boxErrorBars:
      let (xs, ys) = records(of: source, curve: curve, count: n)
      let extents = source.extents(ofCurve: curve)
      return StyleGeometry.sample(
        marks, x: xs, y: ys, extents: extents, title: title, viewport: viewport,
        baseline: source.baseline, look: source.look(ofCurve: curve))
    }
  }

  /// The first `count` records of curve `curve`, as two arrays.
  static func records(
    of source: some GraphViewRecordsDataSource, curve: Int, count n: Int
  ) -> ([Double], [Double]) {
    var xs: [Double] = []
    var ys: [Double] = []
    xs.reserveCapacity(n)
    ys.reserveCapacity(n)
    let done = source.forEachRecordBlock(ofCurve: curve) { bx, by in
      let m = min(n - xs.count, bx.count, by.count)
      guard m > 0 else { return }
      xs.append(contentsOf: bx[0..<m])
      ys.append(contentsOf: by[0..<m])
    }
    if !done {
      for i in 0..<n {
        xs.append(source.value(of: .x, record: i, curve: curve))
        ys.append(source.value(of: .y, record: i, curve: curve))
      }
    }
    return (xs, ys)
  }

  /// The M4 decimation of the first `count` records of curve `curve`: a block of records
  /// that lies in one pixel column is added whole from its summary (`add(block:)`, no
  /// decode: a million records at a few hundred pixel columns decode only the blocks that
  /// straddle a column's edge), the others record by record; the same points either way.
  static func lines(
    from source: some GraphViewRecordsDataSource, curve: Int, count n: Int, viewport: Viewport
  ) -> M4Decimator {
    var decimator = M4Decimator(viewport: viewport)
    let columns = M4Decimator(viewport: viewport)
    var left = n
    let done = source.forEachRecordBlock(
      ofCurve: curve,
      wantsSummary: { lo, hi, count in count <= left && columns.sameColumn(lo, hi) },
      summary: { block in
        decimator.add(block: block)
        left -= block.count
      },
      { xs, ys in
        let m = min(left, xs.count, ys.count)
        for i in 0..<m { decimator.add(x: xs[i], y: ys[i]) }
        left -= m
      })
    if !done {
      for i in 0..<n {
        decimator.add(
          x: source.value(of: .x, record: i, curve: curve),
          y: source.value(of: .y, record: i, curve: curve))
      }
    }
    return decimator
  }

  /// Hands the first `count` records of curve `curve` to `decimator`, a block at a time where
  /// the source keeps blocks (`forEachRecordBlock`), else a record at a time.
  static func feed<D: RecordDecimator>(
    _ decimator: inout D, from source: some GraphViewRecordsDataSource, curve: Int, count n: Int
  ) {
    var left = n
    let done = source.forEachRecordBlock(ofCurve: curve) { xs, ys in
      let m = min(left, xs.count, ys.count)
      for i in 0..<m { decimator.add(x: xs[i], y: ys[i]) }
      left -= m
    }
    if !done {
      for i in 0..<n {
        decimator.add(
          x: source.value(of: .x, record: i, curve: curve),
          y: source.value(of: .y, record: i, curve: curve))
      }
    }
  }

  /// Samples every curve of `source` for a plot area of `size` pixels and computes the
  /// ticks: calendar ticks (`TimeTicks`) on a time axis, otherwise `Ticks`.
  ///
  /// - Parameters:
  ///   - source: The data source.
  ///   - size: The plot area's size in pixels.
  ///   - xTickCount: About how many x ticks; `nil` picks one per ~80 pixels (2 to 10).
  ///   - yTickCount: About how many y ticks; `nil` picks one per ~60 pixels (2 to 10).
  ///   - budget: The sampler's limits, per function curve.
  /// - Returns: The viewport, the sampled curves in the source's order, and the ticks.
  public static func samplePlot(
    _ source: some GraphViewRecordsDataSource, size: PixelSize, xTickCount: Int? = nil,
    yTickCount: Int? = nil, budget: SamplingBudget = .default
  ) -> SampledPlot {
    let viewport = source.viewport(for: size)
    let count = max(0, source.curveCount)
    var curves: [SampledCurve] = []
    curves.reserveCapacity(count)
    for c in 0..<count {
      curves.append(sample(source, curve: c, viewport: viewport, budget: budget))
    }
    let (nx, ny) = Sampler.tickCounts(for: size, x: xTickCount, y: yTickCount)
    return SampledPlot(
      viewport: viewport, curves: curves,
      xTicks: ticks(for: viewport.xRange, isTime: source.xAxisIsTime, approximateCount: nx),
      yTicks: ticks(for: viewport.yRange, isTime: source.yAxisIsTime, approximateCount: ny))
  }

  /// The ticks of an axis: `TimeTicks` (Unix seconds, calendar labels) when `isTime`,
  /// otherwise `Ticks`.
  ///
  /// - Parameters:
  ///   - range: The axis range (plot units, or Unix seconds).
  ///   - isTime: Whether the axis is a time axis.
  ///   - approximateCount: About how many ticks.
  /// - Returns: The ticks within `range`, in increasing order.
  public static func ticks(for range: ClosedRange<Double>, isTime: Bool, approximateCount: Int)
    -> [Tick]
  {
    isTime
      ? TimeTicks.ticks(for: range, approximateCount: approximateCount)
      : Ticks.ticks(for: range, approximateCount: approximateCount)
  }

  /// The looks of every curve of `source`, for `PlotLayout.Options.curveLooks`.
  public static func looks(of source: some GraphViewRecordsDataSource) -> [CurveLook] {
    (0..<max(0, source.curveCount)).map { source.look(ofCurve: $0) }
  }

  /// The marks of every curve of `source`, for `PlotLayout.Options.curveMarks`.
  public static func marks(of source: some GraphViewRecordsDataSource) -> [CurveMarks] {
    (0..<max(0, source.curveCount)).map { source.marks(ofCurve: $0) }
  }
}
