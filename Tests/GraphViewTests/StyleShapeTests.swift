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
