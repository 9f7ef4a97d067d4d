import GraphView
import Intervals
import TestSupport
import Testing

// Decimation of records (M4 for lines, one point a pixel for points) and the records form of
// the data source, checked against brute force on the original records.

/// A records source written by hand: curves of records and, optionally, one function curve
/// (y = x) after them.
struct TestRecords: GraphViewRecordsDataSource {
  var series: [(x: [Double], y: [Double], marks: CurveMarks)]
  var withFunction = false
  var xRange: ClosedRange<Double>
  var yRange: ClosedRange<Double>
  var xAxisIsTime = false

  var curveCount: Int { series.count + (withFunction ? 1 : 0) }
  func title(ofCurve curve: Int) -> String { "c\(curve)" }
  func y(at x: Double, curve: Int) -> Double { curve == series.count ? x : .nan }
  func y(over x: Interval, curve: Int) -> Interval { curve == series.count ? x : .unknown }
  func numberOfRecords(forCurve curve: Int) -> Int? {
    series.indices.contains(curve) ? series[curve].x.count : nil
  }
  func value(of field: RecordField, record: Int, curve: Int) -> Double {
    field == .x ? series[curve].x[record] : series[curve].y[record]
  }
  func marks(ofCurve curve: Int) -> CurveMarks {
    series.indices.contains(curve) ? series[curve].marks : .lines
  }
  func viewport(for size: PixelSize) -> Viewport {
    Viewport(xRange: xRange, yRange: yRange, size: size)
  }
}

/// Runs records through an M4 decimator for `viewport`.
func m4(_ xs: [Double], _ ys: [Double], _ viewport: Viewport) -> [[PlotPoint]] {
  var d = M4Decimator(viewport: viewport)
  for i in xs.indices { d.add(x: xs[i], y: ys[i]) }
  return d.finish()
}

/// The column of plot x in `viewport`, as the decimator counts them (-1 left, width right).
func column(_ x: Double, _ viewport: Viewport) -> Int {
  let px = viewport.pixelX(x)
  if px < 0 { return -1 }
  if px >= Double(viewport.size.width) { return viewport.size.width }
  return Int(px)
}

/// A renderer that records the curve strokes it is given.
struct RecordingRenderer: PlotRenderer {
  var size = PixelSize(width: 100, height: 100)
  var curveStrokes: [[PixelPoint]] = []
  mutating func drawPolyline(_ points: [PixelPoint], style: DrawStyle) {
    if case .curve = style { curveStrokes.append(points) }
  }
  mutating func drawText(_ text: String, at point: PixelPoint, anchor: TextAnchor, style: DrawStyle)
  {}
  func textSize(_ text: String) -> (width: Double, height: Double) { (Double(text.count) * 7, 12) }
}

@Suite struct RecordsTests {
  @Test func m4KeepsEveryColumnsExtremesOfNoisyMonotonicData() {
    var rng = SplitMix64(seed: 7)
    let n = 200_000
    let xs = (0..<n).map { Double($0) * 0.001 }
    let ys = xs.map { 10 * ($0).squareRoot().truncatingRemainder(dividingBy: 3) + rng.unit() }
    let viewport = Viewport(
      xRange: 0...200, yRange: -5...35, size: PixelSize(width: 800, height: 600))
    let segments = m4(xs, ys, viewport)
    #expect(segments.count == 1)
    let points = segments.flatMap { $0 }
    #expect(points.count <= 4 * 800)
    #expect(points.count >= 2 * 800)  // every column has at least its first and last
    // Per column: same min and max as all the records.
    var truth: [Int: (Double, Double)] = [:]
    for i in 0..<n {
      let c = column(xs[i], viewport)
      let t = truth[c] ?? (ys[i], ys[i])
      truth[c] = (min(t.0, ys[i]), max(t.1, ys[i]))
    }
    var kept: [Int: (Double, Double)] = [:]
    for p in points {
      let c = column(p.x, viewport)
      let t = kept[c] ?? (p.y, p.y)
      kept[c] = (min(t.0, p.y), max(t.1, p.y))
    }
    #expect(kept.count == truth.count)
    for (c, t) in truth {
      #expect(kept[c]?.0 == t.0, "column \(c) min")
      #expect(kept[c]?.1 == t.1, "column \(c) max")
    }
    // First and last records are kept, and points stay in record (x) order.
    #expect(points.first == PlotPoint(x: xs[0], y: ys[0]))
    #expect(points.last == PlotPoint(x: xs[n - 1], y: ys[n - 1]))
    #expect(zip(points, points.dropFirst()).allSatisfy { $0.x <= $1.x })
  }

  @Test func m4KeepsASingleSpike() {
    let n = 200_000
    let xs = (0..<n).map(Double.init)
    var ys = [Double](repeating: 1, count: n)
    ys[123_457] = 1000
    let viewport = Viewport(
      xRange: 0...Double(n), yRange: 0...1100, size: PixelSize(width: 640, height: 480))
    let points = m4(xs, ys, viewport).flatMap { $0 }
    #expect(points.contains(PlotPoint(x: 123_457, y: 1000)))
    #expect(points.count <= 4 * 642)
  }

  @Test func m4LiftsThePenAtGapsAndKeepsLonePoints() {
    let xs: [Double] = [0, 1, 2, .nan, 4, 5, 6, 7, .nan, 9]
    let ys: [Double] = [0, 1, 0, 5, 1, .nan, 1, 2, 3, 4]
    let viewport = Viewport(xRange: 0...10, yRange: 0...5, size: PixelSize(width: 100, height: 50))
    let segments = m4(xs, ys, viewport)
    #expect(
      segments == [
        [PlotPoint(x: 0, y: 0), PlotPoint(x: 1, y: 1), PlotPoint(x: 2, y: 0)],
        [PlotPoint(x: 4, y: 1)],
        [PlotPoint(x: 6, y: 1), PlotPoint(x: 7, y: 2)],
        [PlotPoint(x: 9, y: 4)],
      ])
  }

  @Test func m4DrawsNonMonotonicXAsGiven() {
    // Back and forth across the view, each record in a column of its own: nothing dropped.
    let xs: [Double] = [0, 9, 1, 8, 2, 7, 5, 5.01, 5.02, 5.03, 5.04, 3]
    let ys: [Double] = [0, 1, 2, 3, 4, 5, 6, 9, -1, 7, 6.5, 8]
    let viewport = Viewport(xRange: 0...10, yRange: -2...10, size: PixelSize(width: 10, height: 10))
    let points = m4(xs, ys, viewport).flatMap { $0 }
    // The run in column 5 (6, 9, -1, 7, 6.5) keeps first, max, min, last in record order.
    let expected: [(Double, Double)] = [
      (0, 0), (9, 1), (1, 2), (8, 3), (2, 4), (7, 5), (5, 6), (5.01, 9), (5.02, -1), (5.04, 6.5),
      (3, 8),
    ]
    #expect(points == expected.map { PlotPoint(x: $0.0, y: $0.1) })
  }

  @Test func m4PutsEverythingBesideTheViewInOneColumnEachSide() {
    let xs = (0..<1000).map { Double($0) - 500 }  // -500 ... 499
    let ys = xs.map { $0.truncatingRemainder(dividingBy: 7) }
    let viewport = Viewport(xRange: 0...10, yRange: -7...7, size: PixelSize(width: 10, height: 10))
    let points = m4(xs, ys, viewport).flatMap { $0 }
    let left = points.filter { $0.x < 0 }
    let right = points.filter { $0.x > 10 }
    #expect(left.count <= 4)
    #expect(right.count <= 4)
    // The line into the view starts at the last record left of it.
    #expect(left.last == PlotPoint(x: -1, y: -1))
    #expect(points.contains(PlotPoint(x: 0, y: 0)))
  }

  @Test func m4OnADegenerateViewportDoesNotTrap() {
    let degenerate = Viewport(
      size: PixelSize(width: 0, height: 0), scaleX: .infinity, scaleY: .nan, originX: 0, originY: 0)
    let points = m4([1, 2, -3, .infinity], [1, 2, 3, 4], degenerate).flatMap { $0 }
    #expect(points.count <= 4)
    #expect(!points.isEmpty)
  }

  @Test func pixelDecimatorKeepsOnePointAPixelInsideTheView() {
    let viewport = Viewport(xRange: 0...10, yRange: 0...10, size: PixelSize(width: 10, height: 10))
    var d = PixelDecimator(viewport: viewport)
    let records: [(Double, Double)] = [
      (1.1, 1.1), (1.2, 1.3),  // same pixel: the second is dropped
      (2.5, 1.1),  // another column
      (1.1, 2.5),  // another row
      (-1, 5), (11, 5), (5, .nan),  // outside or a gap
      (10, 10),  // the top right corner is inside
    ]
    for (x, y) in records { d.add(x: x, y: y) }
    #expect(
      d.points == [
        PlotPoint(x: 1.1, y: 1.1), PlotPoint(x: 2.5, y: 1.1), PlotPoint(x: 1.1, y: 2.5),
        PlotPoint(x: 10, y: 10),
      ])
  }

  @Test func recordBoundsSkipGapsAndRecordsOutsideTheXRange() throws {
    let xs: [Double] = [3, .nan, -2, 8, 5]
    let ys: [Double] = [1, 100, 4, -6, .nan]
    let all = try #require(RecordBounds.of(count: 5) { f, i in f == .x ? xs[i] : ys[i] })
    #expect(all == RecordBounds(x: -2...8, y: -6...4, count: 3))
    let some = try #require(
      RecordBounds.of(count: 5, xWithin: 0...5) { f, i in f == .x ? xs[i] : ys[i] })
    #expect(some == RecordBounds(x: 3...3, y: 1...1, count: 1))
    #expect(RecordBounds.of(count: 5, xWithin: 20...30) { f, i in f == .x ? xs[i] : ys[i] } == nil)
    #expect(RecordBounds.union(all, nil) == all)
  }

  @Test func recordsSamplerMixesFunctionsAndRecords() {
    let source = TestRecords(
      series: [
        (x: [0, 1, 2, 3], y: [0, 2, 1, 3], marks: .lines),
        (x: [0.5, 0.5, 2.5], y: [1, 1, 2], marks: .points),
      ], withFunction: true, xRange: 0...4, yRange: 0...4)
    let plot = RecordsSampler.samplePlot(source, size: PixelSize(width: 400, height: 300))
    #expect(plot.curves.map(\.title) == ["c0", "c1", "c2"])
    #expect(
      plot.curves[0].segments == [[0, 1, 2, 3].map { PlotPoint(x: $0, y: [0, 2, 1, 3][Int($0)]) }])
    // Points: one a pixel, each its own segment (a marker).
    #expect(plot.curves[1].segments == [[PlotPoint(x: 0.5, y: 1)], [PlotPoint(x: 2.5, y: 2)]])
    // The function is sampled by the sampler, across the whole view.
    let f = plot.curves[2].segments.flatMap { $0 }
    #expect(f.first?.x == 0)
    #expect(f.last?.x == 4)
    #expect(f.allSatisfy { abs($0.y - $0.x) < 1e-9 })
    #expect(RecordsSampler.marks(of: source) == [.lines, .points, .lines])
  }

  @Test func recordsSamplerUsesCalendarTicksOnATimeAxis() {
    // 2012-01-01 ... 2015-12-31 (Unix seconds): yearly ticks.
    let start = 1_325_376_000.0
    let end = 1_451_520_000.0
    var source = TestRecords(
      series: [(x: [start, end], y: [0, 1], marks: .lines)], xRange: start...end, yRange: 0...1)
    source.xAxisIsTime = true
    let plot = RecordsSampler.samplePlot(
      source, size: PixelSize(width: 800, height: 600), xTickCount: 4)
    #expect(plot.xTicks.map(\.label) == ["2012", "2013", "2014", "2015"])
    #expect(plot.yTicks.map(\.label).contains("0.5"))
  }

  @Test func layoutDrawsMarkersForPointsAndNoLine() {
    let plot = SampledPlot(
      viewport: Viewport(xRange: 0...10, yRange: 0...10, size: PixelSize(width: 100, height: 100)),
      curves: [
        SampledCurve(title: "p", segments: [[PlotPoint(x: 2, y: 2)], [PlotPoint(x: 8, y: 8)]])
      ],
      xTicks: [], yTicks: [])
    var lines = RecordingRenderer()
    PlotLayout.draw(
      plot, in: &lines, plotArea: PixelRect(x: 0, y: 0, width: 100, height: 100),
      options: PlotLayout.Options(showLegend: false))
    var points = RecordingRenderer()
    PlotLayout.draw(
      plot, in: &points, plotArea: PixelRect(x: 0, y: 0, width: 100, height: 100),
      options: PlotLayout.Options(showLegend: false, curveMarks: [.points]))
    // Lines: each lone point is a dot (a zero-length stroke).
    #expect(
      lines.curveStrokes == [
        [PixelPoint(x: 20, y: 80), PixelPoint(x: 20, y: 80)],
        [PixelPoint(x: 80, y: 20), PixelPoint(x: 80, y: 20)],
      ])
    // Points: a + of 3.2 pixels each way (padding 8) at each point.
    #expect(points.curveStrokes.count == 4)
    let r = 8 * 0.4
    #expect(points.curveStrokes[0] == [PixelPoint(x: 20 - r, y: 80), PixelPoint(x: 20 + r, y: 80)])
    #expect(points.curveStrokes[1] == [PixelPoint(x: 20, y: 80 - r), PixelPoint(x: 20, y: 80 + r)])
  }
}
