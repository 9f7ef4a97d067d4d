import Foundation
import GraphView
import Intervals
import TestSupport
import Testing

@testable import GraphCalcApp

// Data series are kept as compact columns (DataColumn) and sampled a block at a time: the
// plots a session draws from them, before and after zoom and pan, must be the very plots of
// the same records kept as plain arrays and handed over whole (the path before the columns).

/// Records kept as plain arrays, handed to the sampler as one buffer each (`withRecordValues`).
struct PlainRecords: GraphViewRecordsDataSource {
  var series: [(x: [Double], y: [Double], marks: CurveMarks, title: String)]
  var xRange: ClosedRange<Double>
  var yRange: ClosedRange<Double>

  var curveCount: Int { series.count }
  func title(ofCurve curve: Int) -> String { series[curve].title }
  func y(at x: Double, curve: Int) -> Double { .nan }
  func y(over x: Interval, curve: Int) -> Interval { .unknown }
  func numberOfRecords(forCurve curve: Int) -> Int? {
    min(series[curve].x.count, series[curve].y.count)
  }
  func value(of field: RecordField, record: Int, curve: Int) -> Double {
    field == .x ? series[curve].x[record] : series[curve].y[record]
  }
  func withRecordValues<R>(
    ofCurve curve: Int,
    _ body: (_ x: UnsafeBufferPointer<Double>, _ y: UnsafeBufferPointer<Double>) -> R
  ) -> R? {
    series[curve].x.withUnsafeBufferPointer { xs in
      series[curve].y.withUnsafeBufferPointer { body(xs, $0) }
    }
  }
  func marks(ofCurve curve: Int) -> CurveMarks { series[curve].marks }
  func viewport(for size: PixelSize) -> Viewport {
    Viewport(xRange: xRange, yRange: yRange, size: size)
  }
}

/// Columns 1 and 2 of a CSV written by `csv`, parsed here with Foundation (NaN for a cell
/// that is not a number).
func plainColumns(_ text: String) -> (x: [Double], y: [Double]) {
  var x: [Double] = []
  var y: [Double] = []
  for line in text.split(separator: "\n").dropFirst() {
    let cells = line.split(separator: ",", omittingEmptySubsequences: false)
    // A record whose cell is not a number (NA, empty) is left out, as gnuplot does.
    guard let a = Double(cells[0]), cells.count > 1, let b = Double(cells[1]) else { continue }
    x.append(a)
    y.append(b)
  }
  return (x, y)
}

/// A CSV of `count` records: x sorted in 0.001 steps or shuffled, y 4-decimal noise on a
/// sine, a cell that is not a number every `gapEvery` records (NA in y, an empty x cell
/// after it: records a plot leaves out).
func csv(count: Int, sorted: Bool, gapEvery: Int, seed: UInt64) -> String {
  var rng = SplitMix64(seed: seed)
  func unit() -> Double { rng.unit() }
  var lines = ["t,value"]
  lines.reserveCapacity(count + 1)
  for i in 0..<count {
    let x = sorted ? Double(i) * 0.001 : (unit() - 0.5) * 200
    let xText = i % gapEvery == gapEvery / 2 + 1 ? "" : String(format: "%.3f", x)
    let yText = i % gapEvery == gapEvery / 2 ? "NA" : String(format: "%.4f", sin(x) * 10 + unit())
    lines.append("\(xText),\(yText)")
  }
  return lines.joined(separator: "\n") + "\n"
}

/// One plot to compare, and the view commands run after it.
struct StoreCase: Sendable, CustomStringConvertible {
  var name: String
  var sorted: Bool
  var style: String
  var marks: CurveMarks
  var commands: [String]
  var description: String { name }
}

/// Where two sampled plots first differ, in words (a whole plot is too long for a message).
func firstDifference(_ a: SampledPlot, _ b: SampledPlot) -> String {
  if a.viewport != b.viewport { return "viewports \(a.viewport) and \(b.viewport)" }
  if a.xTicks != b.xTicks || a.yTicks != b.yTicks { return "ticks differ" }
  if a.curves.count != b.curves.count { return "\(a.curves.count) and \(b.curves.count) curves" }
  for (k, (u, v)) in zip(a.curves, b.curves).enumerated() where u != v {
    let p = u.segments.flatMap { $0 }
    let q = v.segments.flatMap { $0 }
    if let i = (0..<min(p.count, q.count)).first(where: { p[$0] != q[$0] }) {
      return "curve \(k), point \(i): \(p[i]) and \(q[i])"
    }
    return
      "curve \(k): \(p.count) and \(q.count) points, \(u.segments.count) and \(v.segments.count) polylines"
  }
  return "none"
}

@Suite struct DataColumnPlotTests {
  @Test(arguments: [
    StoreCase(
      name: "sorted, lines", sorted: true, style: "", marks: .lines,
      commands: ["zoom 7", "pan 0.3 0", "zoom 0.01"]),
    StoreCase(
      name: "unsorted, lines", sorted: false, style: "", marks: .lines,
      commands: ["zoom 3", "pan -0.2 0"]),
    StoreCase(
      name: "sorted, points", sorted: true, style: " with points", marks: .points,
      commands: ["zoom 50", "pan 0.1 0"]),
    StoreCase(
      name: "unsorted, linespoints", sorted: false, style: " with linespoints", marks: .linesPoints,
      commands: ["zoom 20"]),
  ])
  func plotsFromColumnsEqualPlotsFromArrays(_ c: StoreCase) throws {
    let folder = try TemporaryFolder()
    let text = csv(count: 30_000, sorted: c.sorted, gapEvery: 4_999, seed: 17)
    let path = folder.path + "/d.csv"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let plain = plainColumns(text)
    var session = dataSession()
    _ = session.run("plot \"\(path)\" using 1:2\(c.style), \"\(path)\" using 1:2 title \"again\"")
    let stored = try #require(series(session).first)
    #expect(stored.x.count == plain.x.count)
    for size in [PixelSize(width: 800, height: 600), PixelSize(width: 157, height: 93)] {
      for command in [""] + c.commands {
        if !command.isEmpty { _ = session.run(command) }
        let curves = try #require(session.currentCurves())
        let reference = PlainRecords(
          series: [
            (plain.x, plain.y, c.marks, curves.title(ofCurve: 0)),
            (plain.x, plain.y, .lines, "again"),
          ],
          xRange: curves.xRange, yRange: curves.yRange)
        let ours = RecordsSampler.samplePlot(curves, size: size)
        let theirs = RecordsSampler.samplePlot(reference, size: size)
        let same = ours == theirs
        #expect(
          same,
          "\(c.name) at \(size.width)x\(size.height) after '\(command)': \(firstDifference(ours, theirs))"
        )
        // The automatic y range comes from the same records.
        let xRange = curves.xRange
        let bounds = stored.bounds(xWithin: xRange)
        let plainBounds = RecordBounds.of(count: plain.x.count, xWithin: xRange) { field, i in
          field == .x ? plain.x[i] : plain.y[i]
        }
        #expect(bounds == plainBounds, "\(c.name): bounds within \(xRange)")
      }
    }
  }

  @Test func aZoomedPlotDrawsTheRecordsInsideTheView() throws {
    // Records 0, 0.001, ... 29.999 with y = x: after zooming onto x in [10, 11] the drawn line
    // runs from about (10, 10) to (11, 11), through records of the file.
    let folder = try TemporaryFolder()
    let lines =
      ["x,y"]
      + (0..<30_000).map { String(format: "%.3f,%.3f", Double($0) / 1000, Double($0) / 1000) }
    let path = folder.path + "/line.csv"
    try (lines.joined(separator: "\n") + "\n").write(
      toFile: path, atomically: true, encoding: .utf8)
    var session = dataSession()
    _ = session.run("plot \"\(path)\"")
    _ = session.run("xrange 10 11")
    let curves = try #require(session.currentCurves())
    let plot = RecordsSampler.samplePlot(curves, size: PixelSize(width: 200, height: 100))
    let points = try #require(plot.curves.first).segments.flatMap { $0 }
    let inside = points.filter { (10...11).contains($0.x) }
    #expect(inside.count >= 200)
    #expect(inside.allSatisfy { $0.x == $0.y && Double(String(format: "%.3f", $0.x)) == $0.x })
    #expect(inside.first?.x == 10 && inside.last?.x == 11)
    #expect(session.viewDescription.hasPrefix("x [10, 11]"))
  }
}
