import Foundation
import Testing

@testable import GraphView

/// The polygons of `fill between` and `fill` (`FillGeometry`): made of the sampled
/// polylines, clipped to the plot area, and the scan line spans the text canvases shade.
@Suite struct FillGeometryTests {
  /// [0, 1] x [0, 1] over 100 x 100 pixels: a pixel is 0.01 units, y = 1 is pixel row 0.
  let view = Viewport(xRange: 0...1, yRange: 0...1, size: PixelSize(width: 100, height: 100))
  var area: PixelRect { PixelRect(x: 0, y: 0, width: 100, height: 100) }
  var map: PlotLayout.PixelMap { PlotLayout.PixelMap(viewport: view, area: area) }

  /// The area of a polygon (pixels²) by the shoelace formula, positive.
  func shoelace(_ p: [PixelPoint]) -> Double {
    var s = 0.0
    for i in p.indices {
      let a = p[i]
      let b = p[(i + 1) % p.count]
      s += a.x * b.y - b.x * a.y
    }
    return abs(s) / 2
  }

  func curve(_ f: (Double) -> Double, _ xs: [Double]) -> SampledCurve {
    SampledCurve(title: "", segments: [xs.map { PlotPoint(x: $0, y: f($0)) }])
  }

  func plot(_ curves: [SampledCurve], fills: [PlotFill]) -> SampledPlot {
    var p = SampledPlot(viewport: view, curves: curves, xTicks: [], yTicks: [])
    p.fills = fills
    return p
  }

  let xs = (0...100).map { Double($0) / 100 }

  /// Between x and x^2 on [0, 1]: one polygon, whose area is the trapezoid sum of
  /// x - x^2 over the same samples (in pixels², 10,000 a unit²): 1/6 - 1/60000.
  @Test func betweenXAndXSquaredIsTheTrapezoidSum() throws {
    let p = plot(
      [curve({ $0 }, xs), curve({ $0 * $0 }, xs)], fills: [PlotFill(curve: 0, other: 1)])
    let polygons = FillGeometry.polygons(p.fills[0], plot: p, map: map, clip: area)
    #expect(polygons.count == 1)
    let polygon = try #require(polygons.first)
    // The trapezoid rule of x - x^2 at h = 0.01: exact 1/6 minus h^2/6 * (1/1) * ... =
    // 1/6 - h^2/6 (the second derivative is -2 over a unit: error -(b-a) h^2 f''/12).
    let expected = (1.0 / 6 - 0.0001 / 6) * 10_000
    #expect(abs(shoelace(polygon) - expected) < 1e-9)
    #expect(polygon.allSatisfy { area.contains($0) })
  }

  /// sin to the x axis over [0, 2π] in a view of [0, 2π] x [-1, 1]: two lobes of 2 each
  /// (the figure eight of the nonzero rule), every scan line's spans inside [0, 2π].
  @Test func toTheAxisBothLobes() throws {
    let v = Viewport(
      xRange: 0...(2 * Double.pi), yRange: -1...1, size: PixelSize(width: 628, height: 200))
    let m = PlotLayout.PixelMap(viewport: v, area: PixelRect(x: 0, y: 0, width: 628, height: 200))
    let grid = (0...6280).map { Double($0) / 1000 }
    var p = SampledPlot(viewport: v, curves: [curve({ sin($0) }, grid)], xTicks: [], yTicks: [])
    p.fills = [PlotFill(curve: 0)]
    let polygons = FillGeometry.polygons(
      p.fills[0], plot: p, map: m, clip: PixelRect(x: 0, y: 0, width: 628, height: 200))
    #expect(polygons.count == 1)
    // Scan lines through the upper half cross only x in (0, π); through the lower half
    // only (π, 2π). The spans' total length over all rows approximates the area: 4 units²
    // = 4 * 100 * 100 pixels².
    var total = 0.0
    for row in 0..<200 {
      let y = Double(row) + 0.5
      for s in FillGeometry.spans(polygons, atY: y) {
        total += s.upperBound - s.lowerBound
        if y < 100 { #expect(s.lowerBound >= 0 && s.upperBound <= 314.2) }
        if y > 100 { #expect(s.lowerBound >= 313.9 && s.upperBound <= 628.4) }
      }
    }
    #expect(abs(total - 40_000) < 40_000 * 0.005)
  }

  /// 1/x across its pole at 0 (two pieces, the pen lifted between them): each piece's
  /// polygon stays on its side; the columns between the pieces are not filled.
  @Test func noFillAcrossAPole() {
    let v = Viewport(xRange: -1...1, yRange: -10...10, size: PixelSize(width: 200, height: 200))
    let clip = PixelRect(x: 0, y: 0, width: 200, height: 200)
    let m = PlotLayout.PixelMap(viewport: v, area: clip)
    let left = (0...99).map { -1 + Double($0) / 100 }.map { PlotPoint(x: $0, y: 1 / $0) }
    let right = (1...100).map { Double($0) / 100 }.map { PlotPoint(x: $0, y: 1 / $0) }
    let c = SampledCurve(
      title: "1/x",
      segments: [left + [PlotPoint(x: -1e-9, y: -1e9)], [PlotPoint(x: 1e-9, y: 1e9)] + right])
    var p = SampledPlot(viewport: v, curves: [c], xTicks: [], yTicks: [])
    p.fills = [PlotFill(curve: 0)]
    let polygons = FillGeometry.polygons(p.fills[0], plot: p, map: m, clip: clip)
    #expect(polygons.count == 2)
    // Left piece below the axis (rows 100...200), right above (0...100).
    #expect(polygons[0].allSatisfy { $0.x <= 100 && $0.y >= 100 - 1e-9 })
    #expect(polygons[1].allSatisfy { $0.x >= 100 && $0.y <= 100 + 1e-9 })
    // A scan line just above the axis is inside only right of the pole.
    for s in FillGeometry.spans(polygons, atY: 99.5) { #expect(s.lowerBound >= 100) }
  }

  /// Where the other curve is undefined (sqrt(x) has no piece for x < 0), nothing is
  /// shaded: the polygon covers only the x both curves cover.
  @Test func nothingWhereACurveIsUndefined() throws {
    let v = Viewport(xRange: -1...1, yRange: -1...1, size: PixelSize(width: 200, height: 200))
    let clip = PixelRect(x: 0, y: 0, width: 200, height: 200)
    let m = PlotLayout.PixelMap(viewport: v, area: clip)
    let all = (0...200).map { -1 + Double($0) / 100 }
    let line = curve({ _ in -0.5 }, all)
    let root = curve({ $0.squareRoot() }, all.filter { $0 >= 0 })
    var p = SampledPlot(viewport: v, curves: [root, line], xTicks: [], yTicks: [])
    p.fills = [PlotFill(curve: 0, other: 1)]
    let polygons = FillGeometry.polygons(p.fills[0], plot: p, map: m, clip: clip)
    let polygon = try #require(polygons.first)
    #expect(polygons.count == 1)
    #expect(polygon.allSatisfy { $0.x >= 100 - 1e-9 })
  }

  /// `fill between [0.25:0.5]`: the polygon is cut to those columns, its ends on the
  /// curves (interpolated), its area the trapezoids between.
  @Test func limitedToARange() throws {
    let p = plot(
      [curve({ $0 }, xs), curve({ _ in 0 }, xs)],
      fills: [PlotFill(curve: 0, other: 1, xRange: 0.25...0.5)])
    let polygons = FillGeometry.polygons(p.fills[0], plot: p, map: map, clip: area)
    let polygon = try #require(polygons.first)
    #expect(polygon.allSatisfy { $0.x >= 25 - 1e-9 && $0.x <= 50 + 1e-9 })
    // The trapezoid under y = x from 0.25 to 0.5: (0.25 + 0.5) / 2 * 0.25 = 0.09375.
    #expect(abs(shoelace(polygon) - 937.5) < 1e-6)
  }

  /// A polygon far outside on one side (y = 1e300 near a pole) is clipped to the area, with
  /// its cut points on the edge.
  @Test func clippingToTheArea() throws {
    let square = [
      PixelPoint(x: -50, y: -50), PixelPoint(x: 50, y: -50), PixelPoint(x: 50, y: 1e300),
      PixelPoint(x: -50, y: 50),
    ]
    let clipped = try #require(FillGeometry.clipped(square, to: area).first)
    #expect(clipped.allSatisfy { area.contains($0) })
    #expect(clipped.contains(PixelPoint(x: 0, y: 0)))
    #expect(
      FillGeometry.clipped(
        [PixelPoint(x: 200, y: 0), PixelPoint(x: 300, y: 0), PixelPoint(x: 250, y: 50)], to: area
      ).isEmpty)
  }

  /// The nonzero rule: two overlapping squares are one span; a square inside a square of
  /// the other orientation is a hole.
  @Test func spansByTheNonzeroRule() {
    func square(_ x: Double, _ w: Double, clockwise: Bool) -> [PixelPoint] {
      let p = [
        PixelPoint(x: x, y: 0), PixelPoint(x: x + w, y: 0), PixelPoint(x: x + w, y: 10),
        PixelPoint(x: x, y: 10),
      ]
      return clockwise ? p : p.reversed()
    }
    #expect(
      FillGeometry.spans([square(0, 10, clockwise: true), square(5, 10, clockwise: true)], atY: 5)
        == [0...15])
    #expect(
      FillGeometry.spans(
        [square(0, 30, clockwise: true), square(10, 10, clockwise: false)], atY: 5)
        == [0...10, 20...30])
    #expect(FillGeometry.spans([square(0, 10, clockwise: true)], atY: 11).isEmpty)
  }

  /// The legend avoids shading: a fill's ink is a lattice of points inside it, 4 pixels
  /// apart in a plot area of 100 x 100 (rows at y = 2, 6, ...; columns at multiples of 4).
  @Test func fillInkIsALatticeInside() {
    let square = [
      [
        PixelPoint(x: 10, y: 10), PixelPoint(x: 50, y: 10), PixelPoint(x: 50, y: 50),
        PixelPoint(x: 10, y: 50),
      ]
    ]
    let ink = PlotLayout.fillInk(square, area: area)
    #expect(ink.count == 100)  // rows 10, 14, ..., 46; columns 12, 16, ..., 48
    #expect(ink.allSatisfy { $0.x >= 10 && $0.x <= 50 && $0.y >= 10 && $0.y <= 50 })
  }

  /// A tangent's dashes: 6 on, 4 off along the segment, the last cut at its end.
  @Test func dashes() {
    let d = PlotLayout.dashes(
      from: PixelPoint(x: 0, y: 0), to: PixelPoint(x: 25, y: 0), on: 6, off: 4)
    #expect(d.map { $0.map(\.x) } == [[0, 6], [10, 16], [20, 25]])
  }
}
