import GraphView
import Testing

@testable import GraphCalcApp

/// Long stream curves are reduced per pixel column by the data plots' M4 decimator: the
/// first, lowest, highest and last point of each column, in x order, each once.
@Suite struct StreamReductionTests {
  /// The rule written out directly (the reference).
  static func expected(_ points: [PlotPoint], _ viewport: Viewport) -> [PlotPoint] {
    var out: [PlotPoint] = []
    var i = 0
    while i < points.count {
      let column = viewport.pixelX(points[i].x).rounded(.down)
      var j = i
      var low = i
      var high = i
      while j + 1 < points.count, viewport.pixelX(points[j + 1].x).rounded(.down) == column {
        j += 1
        if points[j].y < points[low].y { low = j }
        if points[j].y > points[high].y { high = j }
      }
      for k in Set([i, low, high, j]).sorted() { out.append(points[k]) }
      i = j + 1
    }
    return out
  }

  @Test func keepsFirstLowestHighestLastPerColumn() {
    var state: UInt64 = 2026
    var points: [PlotPoint] = []
    for k in 0..<2_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      points.append(PlotPoint(x: Double(k), y: Double(state >> 40) / 1e3))
    }
    let viewport = Viewport(
      xRange: 0...1_999, yRange: 0...20_000, size: PixelSize(width: 37, height: 10))
    #expect(StreamOutput.reduced(points, viewport) == Self.expected(points, viewport))
  }
}
