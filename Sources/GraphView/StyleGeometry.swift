/// The shapes of gnuplot's stair, impulse, box and error-bar styles (`CurveMarks`), in plot
/// units, from a curve's records: what `RecordsSampler` hands the layout for those styles.
///
/// - `steps`: (x0, y0) to (x1, y0) to (x1, y1) ...; `fsteps`: (x0, y0) to (x0, y1) to
///   (x1, y1) ...; a gap record (NaN) lifts the pen. `histeps`: the defined points sorted
///   on x (gaps do not split it; fewer than two draw nothing), each y held between the
///   midpoints with its neighbours, the first and last reaching as far beyond their points
///   as to the midpoint on their other side, closed by vertical edges from the baseline at
///   both ends (gnuplot 5.4's `plot_histeps`). These polylines go through `M4Decimator`
///   like lines, so a long file stays a few points a pixel column.
/// - `impulses`: a segment from the baseline (y = 0; a log y axis's bottom) to each point; more records than four a pixel column
///   are merged into one segment a column (from the column's lowest to its highest end,
///   the baseline included), which covers the same pixels.
/// - `boxes`: a box outline from the baseline to each point, between its extents' x ends when
///   given (the width column), else reaching halfway to its neighbours; past four records a
///   pixel column merged as impulses are (the boxes' sides cover those pixels). Without a
///   width column, `set boxwidth` (`CurveLook.boxWidth`) gives the width: absolute, in x
///   units centred on x; relative, a fraction of the halfway widths. A filled look
///   (`CurveLook.fillsBoxes`) also lists each box as a `FilledBox` to paint.
/// - The error-bar styles: an `ErrorBar` a record (its ends from the extents, NaN where the
///   style has no bar that way); the `...errorlines` styles also a polyline through the
///   points, decimated as lines. Past four records a pixel column the bars are merged
///   (`SampledCurve.mergedBars`): the pixel rows each column's y bars cover, the pixel
///   columns each row's x bars cover (a difference array a column, then its runs), so a
///   million bars become at most a few strokes a pixel column with the same pixels, and the
///   points are kept one a pixel (`PixelDecimator`).
enum StyleGeometry {
  /// The sampled curve of records `x`, `y` drawn in `marks`.
  ///
  /// - Parameters:
  ///   - marks: One of the styles above.
  ///   - x: The records' x (plot units; NaN: a gap).
  ///   - y: The records' y, as many as `x`.
  ///   - extents: The error-bar or box columns, or nil.
  ///   - title: The legend text.
  ///   - viewport: The viewport, for decimation.
  ///   - baseline: The y impulses and boxes stand on (plot units); not finite: the view's
  ///     bottom (`GraphViewRecordsDataSource.baseline`).
  ///   - look: The curve's options; `boxes` read its box width and fill.
  /// - Returns: The curve's segments (and error bars, and boxes to paint).
  static func sample(
    _ marks: CurveMarks, x: [Double], y: [Double], extents: RecordExtents?, title: String,
    viewport: Viewport, baseline: Double = 0, look: CurveLook = CurveLook()
  ) -> SampledCurve {
    let n = min(x.count, y.count)
    let base = baseline.isFinite ? baseline : viewport.plotY(Double(viewport.size.height))
    func lines(_ points: [PlotPoint]) -> [[PlotPoint]] {
      var decimator = M4Decimator(viewport: viewport)
      for p in points { decimator.add(x: p.x, y: p.y) }
      return decimator.finish()
    }
    let gap = PlotPoint(x: .nan, y: .nan)
    switch marks {
    case .steps, .fsteps:
      var points: [PlotPoint] = []
      var previous: PlotPoint? = nil
      for i in 0..<n {
        let p = PlotPoint(x: x[i], y: y[i])
        guard p.x.isFinite, p.y.isFinite else {
          points.append(gap)
          previous = nil
          continue
        }
        if let q = previous {
          points.append(marks == .steps ? PlotPoint(x: p.x, y: q.y) : PlotPoint(x: q.x, y: p.y))
        }
        points.append(p)
        previous = p
      }
      return SampledCurve(title: title, segments: lines(points))
    case .histeps:
      // gnuplot's `plot_histeps` (src/graphics.c): every defined point (gaps do not split
      // the stairs), sorted on x; at least two. From the baseline up at the first step's
      // left edge, each y held between the midpoints with its neighbours, the first and
      // last reaching as far beyond their points as to the midpoint on their other side,
      // and down to the baseline again at the right edge (on a log y axis a y below the
      // view's bottom is held at the bottom).
      var run: [PlotPoint] = []
      for i in 0..<n where x[i].isFinite && y[i].isFinite {
        run.append(PlotPoint(x: x[i], y: baseline.isFinite ? y[i] : max(y[i], base)))
      }
      guard run.count >= 2 else { return SampledCurve(title: title, segments: []) }
      run = run.enumerated().sorted {
        $0.element.x != $1.element.x ? $0.element.x < $1.element.x : $0.offset < $1.offset
      }.map(\.element)
      let m = run.count
      var left = (3 * run[0].x - run[1].x) / 2
      var points = [PlotPoint(x: left, y: base)]
      for k in 0..<m {
        let right =
          k < m - 1 ? (run[k].x + run[k + 1].x) / 2 : (3 * run[k].x - run[k - 1].x) / 2
        points.append(PlotPoint(x: left, y: run[k].y))
        points.append(PlotPoint(x: right, y: run[k].y))
        left = right
      }
      points.append(PlotPoint(x: left, y: base))
      return SampledCurve(title: title, segments: lines(points))
    case .boxes where n > 4 * max(1, viewport.size.width):
      // Boxes narrower than a pixel: their sides cover what impulses would.
      return sample(
        .impulses, x: x, y: y, extents: nil, title: title, viewport: viewport,
        baseline: baseline)
    case .impulses:
      let width = max(1, viewport.size.width)
      if n <= 4 * width {
        var segments: [[PlotPoint]] = []
        for i in 0..<n where x[i].isFinite && y[i].isFinite {
          segments.append([PlotPoint(x: x[i], y: base), PlotPoint(x: x[i], y: y[i])])
        }
        return SampledCurve(title: title, segments: segments)
      }
      // One segment a pixel column (and one each side of the view).
      var low = [Double](repeating: .infinity, count: width + 2)
      var high = [Double](repeating: -.infinity, count: width + 2)
      var at = [Double](repeating: .nan, count: width + 2)
      for i in 0..<n where x[i].isFinite && y[i].isFinite {
        let px = viewport.pixelX(x[i])
        let c = px < 0 ? 0 : (px >= Double(width) ? width + 1 : Int(px) + 1)
        low[c] = min(low[c], min(base, y[i]))
        high[c] = max(high[c], max(base, y[i]))
        if at[c].isNaN { at[c] = x[i] }
      }
      var segments: [[PlotPoint]] = []
      for c in 0..<(width + 2) where low[c] <= high[c] {
        segments.append([PlotPoint(x: at[c], y: low[c]), PlotPoint(x: at[c], y: high[c])])
      }
      return SampledCurve(title: title, segments: segments)
    case .boxes:
      var segments: [[PlotPoint]] = []
      var filled: [FilledBox] = []
      var finite: [Int] = []
      for i in 0..<n where x[i].isFinite && y[i].isFinite { finite.append(i) }
      for (k, i) in finite.enumerated() {
        var lo = extents?.xLow?[safe: i] ?? .nan
        var hi = extents?.xHigh?[safe: i] ?? .nan
        if !(lo.isFinite && hi.isFinite) {
          let before = k > 0 ? x[finite[k - 1]] : nil
          let after = k + 1 < finite.count ? x[finite[k + 1]] : nil
          let halfLeft = before.map { (x[i] - $0) / 2 } ?? after.map { ($0 - x[i]) / 2 } ?? 0.5
          let halfRight = after.map { ($0 - x[i]) / 2 } ?? halfLeft
          switch look.boxWidth {
          case .absolute(let w)?:
            lo = x[i] - w / 2
            hi = x[i] + w / 2
          case .relative(let f)?:
            lo = x[i] - abs(halfLeft) * f
            hi = x[i] + abs(halfRight) * f
          case nil:
            lo = x[i] - abs(halfLeft)
            hi = x[i] + abs(halfRight)
          }
        }
        segments.append([
          PlotPoint(x: lo, y: base), PlotPoint(x: lo, y: y[i]), PlotPoint(x: hi, y: y[i]),
          PlotPoint(x: hi, y: base), PlotPoint(x: lo, y: base),
        ])
        if look.fillsBoxes { filled.append(FilledBox(xLow: lo, xHigh: hi, base: base, top: y[i])) }
      }
      var curve = SampledCurve(title: title, segments: segments)
      curve.filledBoxes = filled
      return curve
    case .filledCurves, .fillSteps, .boxXYError, .boxErrorBars:
      return sampleFilled(
        marks, x: x, y: y, extents: extents, title: title, viewport: viewport,
        baseline: baseline, look: look)
    default:
      if n > 4 * max(1, viewport.size.width) {
        return mergedErrorBars(
          marks, x: x, y: y, extents: extents, title: title, viewport: viewport)
      }
      var bars: [ErrorBar] = []
      bars.reserveCapacity(n)
      for i in 0..<n where x[i].isFinite && y[i].isFinite {
        bars.append(
          ErrorBar(
            point: PlotPoint(x: x[i], y: y[i]), xLow: extents?.xLow?[safe: i] ?? .nan,
            xHigh: extents?.xHigh?[safe: i] ?? .nan, yLow: extents?.yLow?[safe: i] ?? .nan,
            yHigh: extents?.yHigh?[safe: i] ?? .nan))
      }
      var curve = SampledCurve(title: title, segments: [])
      if marks.drawsLines {
        curve.segments = lines((0..<n).map { PlotPoint(x: x[$0], y: y[$0]) })
      }
      curve.errorBars = bars
      return curve
    }
  }
}

extension StyleGeometry {
  /// The error bars of many records merged to the pixels they cover (see the type's
  /// summary), the points one a pixel, and for the `errorlines` styles the line.
  static func mergedErrorBars(
    _ marks: CurveMarks, x: [Double], y: [Double], extents: RecordExtents?, title: String,
    viewport: Viewport
  ) -> SampledCurve {
    let n = min(x.count, y.count)
    let width = max(1, viewport.size.width)
    let height = max(1, viewport.size.height)
    // Difference arrays: for each pixel column, +1 where a y bar starts covering rows and
    // -1 after it ends (rows above and below the view clamped to one beyond it); the same
    // for each pixel row's x bars over columns.
    func runs(
      _ count: Int, _ length: Int, _ bars: [(line: Int, from: Int, to: Int)]
    ) -> [(line: Int, from: Int, to: Int)] {
      guard !bars.isEmpty else { return [] }
      var diff = [Int32](repeating: 0, count: count * (length + 3))
      for b in bars {
        diff[b.line * (length + 3) + b.from] += 1
        diff[b.line * (length + 3) + b.to + 1] -= 1
      }
      var out: [(line: Int, from: Int, to: Int)] = []
      for line in 0..<count {
        var depth: Int32 = 0
        var start = -1
        for k in 0..<(length + 3) {
          depth += diff[line * (length + 3) + k]
          if depth > 0 && start < 0 { start = k }
          if depth <= 0 && start >= 0 {
            out.append((line, start, k - 1))
            start = -1
          }
        }
      }
      return out
    }
    // Pixel index of a coordinate, clamped to [-1, size + 1] and shifted by 1 (0...size+2).
    func cell(_ p: Double, _ size: Int) -> Int {
      guard p.isFinite else { return p > 0 ? size + 2 : 0 }
      return Int(min(max(p.rounded(.down), -1), Double(size + 1))) + 1
    }
    var ybars: [(line: Int, from: Int, to: Int)] = []
    var xbars: [(line: Int, from: Int, to: Int)] = []
    var points = PixelDecimator(viewport: viewport)
    for i in 0..<n where x[i].isFinite && y[i].isFinite {
      points.add(x: x[i], y: y[i])
      let px = viewport.pixelX(x[i])
      let py = viewport.pixelY(y[i])
      if let lo = extents?.yLow?[safe: i], let hi = extents?.yHigh?[safe: i], lo.isFinite,
        hi.isFinite, px >= 0, px < Double(width)
      {
        let a = cell(viewport.pixelY(hi), height)
        let b = cell(viewport.pixelY(lo), height)
        ybars.append((Int(px), min(a, b), max(a, b)))
      }
      if let lo = extents?.xLow?[safe: i], let hi = extents?.xHigh?[safe: i], lo.isFinite,
        hi.isFinite, py >= 0, py < Double(height)
      {
        let a = cell(viewport.pixelX(lo), width)
        let b = cell(viewport.pixelX(hi), width)
        xbars.append((Int(py), min(a, b), max(a, b)))
      }
    }
    var curve = SampledCurve(title: title, segments: [])
    // A run of cells a...b (shifted by 1) covers pixels a-1 ... b-1: from the edge of the
    // first to the edge past the last.
    for r in runs(width, height, ybars) {
      let cx = viewport.plotX(Double(r.line) + 0.5)
      curve.mergedBars.append([
        PlotPoint(x: cx, y: viewport.plotY(Double(r.from - 1))),
        PlotPoint(x: cx, y: viewport.plotY(Double(r.to))),
      ])
    }
    for r in runs(height, width, xbars) {
      let cy = viewport.plotY(Double(r.line) + 0.5)
      curve.mergedBars.append([
        PlotPoint(x: viewport.plotX(Double(r.from - 1)), y: cy),
        PlotPoint(x: viewport.plotX(Double(r.to)), y: cy),
      ])
    }
    curve.errorBars = points.points.map {
      ErrorBar(point: $0, xLow: .nan, xHigh: .nan, yLow: .nan, yHigh: .nan)
    }
    if marks.drawsLines {
      var decimator = M4Decimator(viewport: viewport)
      for i in 0..<n { decimator.add(x: x[i], y: y[i]) }
      curve.segments = decimator.finish()
    }
    return curve
  }
}

extension Array where Element == Double {
  /// The element at `i`, or nil when `i` is out of range.
  subscript(safe i: Int) -> Double? { indices.contains(i) ? self[i] : nil }
}
