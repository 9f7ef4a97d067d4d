import Testing

@testable import GraphView

/// The shapes of gnuplot's styles that `StyleGeometry` draws, against gnuplot 5.4's own
/// drawing code (src/graphics.c).
@Suite struct StyleShapeTests {
  let view = Viewport(xRange: -2...12, yRange: -1...12, size: PixelSize(width: 1000, height: 1000))

  /// `histeps` as gnuplot's `plot_histeps` draws it: the points sorted on x, a gap not
  /// splitting the stairs, up from the baseline at the left edge and down to it again at
  /// the right edge (the closing edges were missing).
  @Test func histepsClosesAtBothEnds() throws {
    let x: [Double] = [3, 1, .nan, 5, 6.5, 10]
    let y: [Double] = [5, 2, .nan, 6.1, 7.4, 11]
    let curve = StyleGeometry.sample(
      .histeps, x: x, y: y, extents: nil, title: "", viewport: view)
    let points = curve.segments.flatMap { $0 }
    // gnuplot's corners: x from 1.5·x0 − 0.5·x1 = 0 to 1.5·x4 − 0.5·x3 = 11.75.
    let expected: [(Double, Double)] = [
      (0, 0), (0, 2), (2, 2), (2, 5), (4, 5), (4, 6.1), (5.75, 6.1), (5.75, 7.4),
      (8.25, 7.4), (8.25, 11), (11.75, 11), (11.75, 0),
    ]
    #expect(curve.segments.count == 1)
    // The decimator keeps every corner of these stairs (many pixels apart); drop the
    // repeated corner points a step's two ends make.
    var corners: [PlotPoint] = []
    for p in points where corners.last.map({ $0.x != p.x || $0.y != p.y }) ?? true {
      corners.append(p)
    }
    try #require(corners.count == expected.count, "\(corners)")
    for (p, e) in zip(corners, expected) {
      #expect(abs(p.x - e.0) < 1e-12 && abs(p.y - e.1) < 1e-12, "\(p) vs \(e)")
    }
  }

  /// Fewer than two defined points draw nothing, as in gnuplot.
  @Test func histepsNeedsTwoPoints() {
    let one = StyleGeometry.sample(
      .histeps, x: [1, .nan], y: [2, .nan], extents: nil, title: "", viewport: view)
    #expect(one.segments.allSatisfy { $0.isEmpty })
  }

  /// On a log y axis (no baseline: the view's bottom) the edges close at the bottom.
  @Test func histepsOnALogAxisClosesAtTheBottom() throws {
    let curve = StyleGeometry.sample(
      .histeps, x: [1, 2, 3], y: [2, 3, 4], extents: nil, title: "", viewport: view,
      baseline: -.infinity)
    let points = curve.segments.flatMap { $0 }
    let bottom = view.plotY(Double(view.size.height))
    #expect(points.first?.y == bottom && points.last?.y == bottom)
    #expect(points.first?.x == 0.5 && points.last?.x == 3.5)
  }
}

/// gnuplot's filled styles (`plot_filledcurves`, `plot_betweencurves`, `plot_steps` with a
/// fill).
@Suite struct FilledStyleShapeTests {
  let view = Viewport(xRange: 0...10, yRange: 0...10, size: PixelSize(width: 100, height: 100))

  func sample(
    _ marks: CurveMarks, _ x: [Double], _ y: [Double], extents: RecordExtents? = nil,
    look: CurveLook
  ) -> SampledCurve {
    StyleGeometry.sample(
      marks, x: x, y: y, extents: extents, title: "", viewport: view, look: look)
  }

  /// `above y=V` keeps only the pieces above the line, cut where the curve crosses it
  /// (between records, or at a record on the line exactly); `below` the others.
  @Test func aboveAndBelowALineAreCutAtTheCrossings() throws {
    let x: [Double] = [1, 2, 3, 4, 5]
    let y: [Double] = [6, 4, 2, 5, 8]  // crosses 5 between 1 and 2, touches it at 4
    let above = sample(.filledCurves, x, y, look: CurveLook(fillTo: .horizontal(5, side: 1)))
    try #require(above.filledAreas.count == 2)
    let first = above.filledAreas[0]
    #expect(first.map(\.x) == [1, 1.5, 1.5, 1] && first.map(\.y) == [6, 5, 5, 5])
    #expect(above.filledAreas[1].map(\.x) == [4, 5, 5, 4])
    let below = sample(.filledCurves, x, y, look: CurveLook(fillTo: .horizontal(5, side: -1)))
    try #require(below.filledAreas.count == 1)
    #expect(below.filledAreas[0].map(\.x) == [1.5, 2, 3, 4, 4, 3, 2, 1.5])
    let both = sample(.filledCurves, x, y, look: CurveLook(fillTo: .horizontal(5, side: 0)))
    #expect(both.filledAreas.count == 3)
  }

  /// Closed (two columns), to the bottom edge (`x1`, not y = 0: gnuplot's `term_lower`),
  /// between two columns; a gap starts a new area.
  @Test func closedEdgeAndBetween() throws {
    let closed = sample(
      .filledCurves, [1, 2, .nan, 4, 5, 6], [1, 2, .nan, 3, 1, 2], look: CurveLook())
    #expect(closed.filledAreas.map(\.count) == [2, 3])
    let edge = sample(
      .filledCurves, [1, 2, 3], [4, 5, 6], look: CurveLook(fillTo: .xEdge(top: false)))
    #expect(edge.filledAreas[0].map(\.y) == [4, 5, 6, 0, 0])
    let between = sample(
      .filledCurves, [1, 2, 3], [4, 5, 6], extents: RecordExtents(yHigh: [1, 2, 3]),
      look: CurveLook())
    #expect(between.filledAreas[0].map(\.y) == [4, 5, 6, 3, 2, 1])
  }

  /// `fillsteps` paints a box from each record to the next at the earlier one's height;
  /// without a fill it is the `steps` line.
  @Test func fillStepsBoxesOrLine() throws {
    let filled = sample(.fillSteps, [1, 2, 4], [3, 5, 1], look: CurveLook(fillDensity: 0.5))
    #expect(
      filled.filledBoxes == [
        FilledBox(xLow: 1, xHigh: 2, base: 0, top: 3),
        FilledBox(xLow: 2, xHigh: 4, base: 0, top: 5),
      ])
    #expect(filled.segments.isEmpty)
    let line = sample(.fillSteps, [1, 2, 4], [3, 5, 1], look: CurveLook())
    #expect(line.filledBoxes.isEmpty && !line.segments.isEmpty)
  }
}
