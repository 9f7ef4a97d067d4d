/// The filled styles of gnuplot 5.4 (`help filledcurves`, `help fillsteps`,
/// `help boxxyerror`, `help boxerrorbars`), as its src/graphics.c draws them
/// (`plot_filledcurves`, `finish_filled_curve`, `plot_betweencurves`, `plot_steps` with a
/// fill, `plot_boxes`), in plot units.
///
/// - `filledcurves`: each run of defined records (a gap ends one, as gnuplot's undefined
///   point does) becomes a polygon, closed by `CurveLook.fillTo`: itself (`closed`), the two
///   corners below or above its ends on the view's bottom or top edge (`x1`, `x2`), beside
///   them on the left or right edge (`y1`, `y2`), on the line x = V, or the point (X, Y).
///   Between two curves (three columns, or the line y = V) the run is cut where the curves
///   cross (linear interpolation between records), and each piece is the first curve
///   forward and the second backward, kept only on the side asked for (`above`, `below`).
///   A value V, X or Y outside the view is moved to its edge, as gnuplot's `cliptorange`.
/// - `fillsteps`: for each record after the first, the box from the one before's x to its
///   x, from the baseline (0 moved into the view's y range) to the one before's y; without
///   a fill (`fs empty`, gnuplot's default for this style) the `steps` line.
/// - `boxxyerror`: a box from xlow to xhigh and ylow to yhigh at each record, its outline,
///   and painted when the look fills boxes.
/// - `boxerrorbars`: `boxes` (their outline, fill and width rules) and a y error bar a box.
extension StyleGeometry {
  /// The sampled curve of records `x`, `y` in one of the filled styles above.
  ///
  /// - Parameters:
  ///   - marks: `.filledCurves`, `.fillSteps`, `.boxXYError` or `.boxErrorBars`.
  ///   - x: The records' x (plot units; NaN: a gap).
  ///   - y: The records' y.
  ///   - extents: The second y (`yHigh`) of `filledcurves` between two curves; the box's
  ///     sides and ends of `boxxyerror`; the bars' ends (and boxes' sides) of
  ///     `boxerrorbars`.
  ///   - title: The legend text.
  ///   - viewport: The viewport (the view's edges, and decimation).
  ///   - baseline: The y `fillsteps` and `boxerrorbars` stand on; not finite: the view's
  ///     bottom.
  ///   - look: The curve's options: `fillTo`, the box width and fill.
  /// - Returns: The curve's areas, boxes, outlines and bars.
  static func sampleFilled(
    _ marks: CurveMarks, x: [Double], y: [Double], extents: RecordExtents?, title: String,
    viewport: Viewport, baseline: Double, look: CurveLook
  ) -> SampledCurve {
    let n = min(x.count, y.count)
    let bottom = viewport.plotY(Double(viewport.size.height))
    let top = viewport.plotY(0)
    let left = viewport.plotX(0)
    let right = viewport.plotX(Double(viewport.size.width))
    func clampY(_ v: Double) -> Double { min(max(v, min(bottom, top)), max(bottom, top)) }
    func clampX(_ v: Double) -> Double { min(max(v, min(left, right)), max(left, right)) }
    var curve = SampledCurve(title: title, segments: [])
    switch marks {
    case .fillSteps where !look.fillsBoxes:
      // No fill (gnuplot's default `fs empty`): gnuplot draws the steps' line.
      return sample(
        .steps, x: x, y: y, extents: nil, title: title, viewport: viewport, baseline: baseline)
    case .fillSteps:
      let base = baseline.isFinite ? clampY(baseline) : bottom
      var previous: PlotPoint? = nil
      for i in 0..<n {
        guard x[i].isFinite, y[i].isFinite else {
          previous = nil
          continue
        }
        if let p = previous {
          curve.filledBoxes.append(FilledBox(xLow: p.x, xHigh: x[i], base: base, top: p.y))
        }
        previous = PlotPoint(x: x[i], y: y[i])
      }
      return curve
    case .boxXYError:
      for i in 0..<n where x[i].isFinite && y[i].isFinite {
        let x0 = extents?.xLow?[safe: i] ?? .nan
        let x1 = extents?.xHigh?[safe: i] ?? .nan
        let y0 = extents?.yLow?[safe: i] ?? .nan
        let y1 = extents?.yHigh?[safe: i] ?? .nan
        guard x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite else { continue }
        curve.segments.append([
          PlotPoint(x: x0, y: y0), PlotPoint(x: x0, y: y1), PlotPoint(x: x1, y: y1),
          PlotPoint(x: x1, y: y0), PlotPoint(x: x0, y: y0),
        ])
        if look.fillsBoxes {
          curve.filledBoxes.append(FilledBox(xLow: x0, xHigh: x1, base: y0, top: y1))
        }
      }
      return curve
    case .boxErrorBars:
      let sides = RecordExtents(xLow: extents?.xLow, xHigh: extents?.xHigh)
      var boxes = sample(
        .boxes, x: x, y: y, extents: sides.xLow == nil ? nil : sides, title: title,
        viewport: viewport, baseline: baseline, look: look)
      for i in 0..<n where x[i].isFinite && y[i].isFinite {
        // A histogram's x is its record number: its bar stands at its box's centre.
        let at =
          look.histogram
          ? ((extents?.xLow?[safe: i] ?? x[i]) + (extents?.xHigh?[safe: i] ?? x[i])) / 2 : x[i]
        boxes.errorBars.append(
          ErrorBar(
            point: PlotPoint(x: at, y: y[i]), xLow: .nan, xHigh: .nan,
            yLow: extents?.yLow?[safe: i] ?? .nan, yHigh: extents?.yHigh?[safe: i] ?? .nan))
      }
      return boxes
    default:
      break
    }
    // filledcurves: what it fills to (with a second y column, between the two: gnuplot's
    // default for three columns, which ignores `y=V` then), and the runs of defined records.
    var fillTo = look.fillTo ?? .closed
    if extents?.yHigh != nil {
      switch fillTo {
      case .between: break
      case .horizontal(_, let side): fillTo = .between(side: side)
      default: fillTo = .between(side: 0)
      }
    }
    var runs: [[Int]] = [[]]
    for i in 0..<n {
      let second = extents?.yHigh?[safe: i] ?? 0
      if x[i].isFinite && y[i].isFinite && (second.isFinite || !isBetween(fillTo)) {
        runs[runs.count - 1].append(i)
      } else if !(runs.last?.isEmpty ?? true) {
        runs.append([])
      }
    }
    for run in runs where !run.isEmpty {
      let points = run.map { PlotPoint(x: x[$0], y: y[$0]) }
      switch fillTo {
      case .closed:
        curve.filledAreas.append(points)
      case .xEdge(let isTop):
        let edge = isTop ? top : bottom
        curve.filledAreas.append(
          points + [
            PlotPoint(x: points[points.count - 1].x, y: edge), PlotPoint(x: points[0].x, y: edge),
          ])
      case .yEdge(let isRight):
        let edge = isRight ? right : left
        curve.filledAreas.append(
          points + [
            PlotPoint(x: edge, y: points[points.count - 1].y), PlotPoint(x: edge, y: points[0].y),
          ])
      case .vertical(let v):
        let edge = clampX(v)
        curve.filledAreas.append(
          points + [
            PlotPoint(x: edge, y: points[points.count - 1].y), PlotPoint(x: edge, y: points[0].y),
          ])
      case .point(let px, let py):
        curve.filledAreas.append(points + [PlotPoint(x: clampX(px), y: clampY(py))])
      case .horizontal(let v, let side):
        let level = clampY(v)
        curve.filledAreas += between(points, run.map { _ in level }, side: side)
      case .between(let side):
        curve.filledAreas += between(
          points, run.map { extents?.yHigh?[safe: $0] ?? .nan }, side: side)
      }
    }
    if look.fillBorder == true {
      // gnuplot 5.4 strokes a closed filled curve's border along its data, not closed, and
      // none for the other forms (measured on its svg terminal).
      if case .closed = fillTo { curve.segments = curve.filledAreas } else { curve.segments = [] }
    }
    return curve
  }

  /// Whether `fillTo` needs the second y column.
  static func isBetween(_ fillTo: CurveLook.FillTo?) -> Bool {
    if case .between? = fillTo { return true }
    return false
  }

  /// The pieces between curve `a` (its points) and the second curve's `second` y at the
  /// same x: cut where they cross, each piece `a` forward and the second curve backward,
  /// only those where `a` is above (`side` 1) or below (-1) when asked (gnuplot's
  /// `plot_betweencurves`).
  static func between(_ a: [PlotPoint], _ second: [Double], side: Int) -> [[PlotPoint]] {
    var pieces: [[PlotPoint]] = []
    var upper: [PlotPoint] = []
    var lower: [PlotPoint] = []
    var sign = 0.0
    func finish() {
      defer {
        upper.removeAll()
        lower.removeAll()
      }
      guard upper.count >= 2 else { return }
      if side != 0 && sign * Double(side) < 0 { return }
      pieces.append(upper + lower.reversed())
    }
    for k in a.indices {
      let p = a[k]
      let q = PlotPoint(x: p.x, y: second[k])
      let d = p.y - q.y
      if k > 0 {
        let p0 = a[k - 1]
        let d0 = p0.y - second[k - 1]
        if d0 * d < 0 {
          // They cross between the records: the crossing ends this piece and starts the next.
          let t = d0 / (d0 - d)
          let c = PlotPoint(x: p0.x + t * (p.x - p0.x), y: p0.y + t * (p.y - p0.y))
          upper.append(c)
          lower.append(c)
          finish()
          upper.append(c)
          lower.append(c)
          sign = 0
        }
      }
      upper.append(p)
      lower.append(q)
      if sign == 0 && d != 0 { sign = d > 0 ? 1 : -1 }
      if d == 0 && upper.count >= 2 {
        // On the second curve exactly: the piece ends here and the next starts here.
        finish()
        upper.append(p)
        lower.append(q)
        sign = 0
      }
    }
    finish()
    return pieces
  }
}
