/// What the curves that are not a function of x contribute to the automatic ranges: the
/// extent of a parametric or polar curve, of a relation's solution set (its edge, for a
/// region) and of a function of y, each as a pair of bounds (plot units) that the caller
/// widens (`widened`), unites with the functions' and the data's range and snaps to ticks.
///
/// Why: a function of x has a value at every x of the view, so its y range follows from the
/// x range (`Autoscale.yRange`). These curves have no such value: a circle drawn as
/// `x^2 + y^2 = 25` beside `sin(x)` was clipped to sin's [-1, 1], and
/// `(3cos(t), 2sin(t))` sat small in the default [-10, 10]. gnuplot's autoscale fits every
/// plotted point in the same way (`set autoscale`, with the extent of parametric curves in
/// both axes); graphcalc keeps its robust percentile rule for the sampled curves, so a pole
/// of `r = 1/(1 + 1.5cos(θ))` does not swamp the rest.
public enum CurveExtents {
  /// The share of an extent's width added on each side before the range is snapped to
  /// ticks (5 %), so a closed curve does not touch the frame (a unit circle's [-1, 1]
  /// would otherwise be exactly a snapped range).
  public static let margin = 0.05

  /// How many pixels a side the coarse solves of `relationYBounds` use.
  public static let relationGrid = 128

  /// `bounds` widened by `margin` of its width on each side (a point stays a point: the
  /// autoscale pads it as it pads a constant).
  public static func widened(_ bounds: (Double, Double)) -> (Double, Double) {
    let pad = (bounds.1 - bounds.0) * margin
    guard pad.isFinite, pad > 0 else { return bounds }
    return (bounds.0 - pad, bounds.1 + pad)
  }

  /// The smallest and largest x of `curve` over its whole parameter range, from
  /// `Autoscale.sampleCount` parameter values, robust to poles as `Autoscale.yRange` is
  /// (values far beyond the 2nd and 98th percentiles are left out).
  ///
  /// - Parameter curve: The curve.
  /// - Returns: The bounds (plot units), or nil when no sample is finite.
  public static func xBounds(of curve: ParametricCurve) -> (Double, Double)? {
    let t0 = curve.parameterRange.lowerBound
    let t1 = curve.parameterRange.upperBound
    guard t0.isFinite, t1.isFinite else { return nil }
    let n = Autoscale.sampleCount
    var xs: [Double] = []
    xs.reserveCapacity(n)
    for k in 0..<n {
      let t = k == n - 1 ? t1 : t0 + (t1 - t0) * Double(k) / Double(n - 1)
      let x = curve.x(t)
      if x.isFinite, curve.y(t).isFinite { xs.append(x) }
    }
    return Autoscale.robustBounds(xs)
  }

  /// The extent in y of a function of y, `x = g(y)`, seen through `xWithin`: the smallest
  /// and largest of `Autoscale.sampleCount` values of y evenly spread over `yWindow` at
  /// which g is finite and within `xWithin`, robust to poles as `Autoscale.yRange` is.
  ///
  /// - Parameters:
  ///   - g: The function (x at a y), NaN where undefined; its values at all the y of the
  ///     window at once.
  ///   - xWithin: The x range shown (plot units).
  ///   - yWindow: Where to look (plot units).
  /// - Returns: The bounds (plot units), or nil when g is nowhere in view.
  public static func functionOfYBounds(
    _ g: (UnsafeBufferPointer<Double>, UnsafeMutableBufferPointer<Double>) -> Void,
    xWithin: ClosedRange<Double>, yWindow: ClosedRange<Double>
  ) -> (Double, Double)? {
    let n = Autoscale.sampleCount
    let a = yWindow.lowerBound
    let b = yWindow.upperBound
    guard a.isFinite, b.isFinite, a < b else { return nil }
    let ys = (0..<n).map { k in k == n - 1 ? b : a + (b - a) * (Double(k) / Double(n - 1)) }
    var xs = [Double](repeating: .nan, count: n)
    ys.withUnsafeBufferPointer { y in xs.withUnsafeMutableBufferPointer { g(y, $0) } }
    var inView: [Double] = []
    for k in 0..<n where xs[k].isFinite && xWithin.contains(xs[k]) { inView.append(ys[k]) }
    return Autoscale.robustBounds(inView)
  }

  /// The extent in y of a relation's solution set within `xRange` x `yWindow`: the rows of
  /// a coarse solve (`relationGrid` pixels a side, `RelationSolver` under a small budget)
  /// whose pixels are not proven false, for an equation, or lie on the region's edge
  /// (`RelationRegion.isEdge`: not proven false beside a pixel that is), for an inequality
  /// (a region's extent is its boundary: `y < sin(x)` reaches down without end, its edge
  /// spans [-1, 1]). A second solve over the rows found, a row beyond each end, sharpens
  /// the bounds to 1/128 of their own height.
  ///
  /// - Parameters:
  ///   - relation: The relation (its budget's interrupt is kept; 0.1 s and 400,000 boxes a
  ///     solve).
  ///   - xRange: The x range shown (plot units).
  ///   - yWindow: Where to look (plot units).
  /// - Returns: The bounds (plot units) and whether they reach both ends of `yWindow` (the
  ///   solution runs on beyond the window both ways: a vertical line, `x > 0`'s edge), or
  ///   nil when nothing in the window may be on the curve or edge (an empty relation, one
  ///   true everywhere).
  public static func relationYBounds(
    of relation: PlaneRelation, xRange: ClosedRange<Double>, yWindow: ClosedRange<Double>
  ) -> (bounds: (Double, Double), spansWindow: Bool)? {
    var coarse = relation
    coarse.budget = RelationBudget(
      maxBoxes: 400_000, seconds: 0.1, boxesPerPixel: 16, maxDepth: 4,
      interrupt: relation.budget.interrupt)
    guard let first = rows(of: coarse, xRange: xRange, yWindow: yWindow) else { return nil }
    let n = relationGrid
    let spans = first.top == 0 && first.bottom == n - 1
    let h = (yWindow.upperBound - yWindow.lowerBound) / Double(n)
    // Row r covers [hi - (r + 1) h, hi - r h]; one row more on each side.
    let lo = max(yWindow.lowerBound, yWindow.upperBound - Double(first.bottom + 2) * h)
    let hi = min(yWindow.upperBound, yWindow.upperBound - Double(first.top - 1) * h)
    guard lo < hi, let fine = rows(of: coarse, xRange: xRange, yWindow: lo...hi) else {
      return (
        (
          yWindow.upperBound - Double(first.bottom + 1) * h,
          yWindow.upperBound - Double(first.top) * h
        ), spans
      )
    }
    let fh = (hi - lo) / Double(n)
    let bounds = (
      max(lo, hi - (Double(fine.bottom) + 0.5) * fh), min(hi, hi - (Double(fine.top) + 0.5) * fh)
    )
    // Narrower than a coarse row (a point, `x^2 + y^2 = 0`): a point, padded as a constant.
    if bounds.1 - bounds.0 < h {
      let mid = bounds.0 / 2 + bounds.1 / 2
      return ((mid, mid), spans)
    }
    return (bounds, spans)
  }

  /// The first and last rows (from the top) of a `relationGrid`-pixel solve holding ink:
  /// a pixel not proven false of an equation, an edge pixel of a region.
  static func rows(
    of relation: PlaneRelation, xRange: ClosedRange<Double>, yWindow: ClosedRange<Double>
  ) -> (top: Int, bottom: Int)? {
    let n = relationGrid
    let size = PixelSize(width: n, height: n)
    let viewport = Viewport(xRange: xRange, yRange: yWindow, size: size)
    guard viewport.isSolvable else { return nil }
    let grid = RelationSolver.solve(relation, viewport: viewport)
    guard grid.cells.count == n * n else { return nil }
    let region = RelationRegion(
      grid: grid, area: PixelRect(x: 0, y: 0, width: Double(n), height: Double(n)))
    var top: Int?
    var bottom = 0
    for row in 0..<n {
      var inked = false
      for column in 0..<n where grid[column, row] != .no {
        if grid.isThin || region.isEdge(column: column, row: row) {
          inked = true
          break
        }
      }
      if inked {
        if top == nil { top = row }
        bottom = row
      }
    }
    return top.map { ($0, bottom) }
  }
}
