import Foundation
import GraphView
import Intervals
import TestSupport
import Testing

/// One case of Fixtures/logticks.tsv: gnuplot 5.4's ticks on a log x axis (written by
/// scripts/make-logticks-fixture from gnuplot's SVG).
struct GnuplotLogTicks: Sendable, CustomStringConvertible {
  var base: Double
  var lo: Double
  var hi: Double
  var majors: [(value: Double, label: String)] = []
  var minors: [Double] = []
  var description: String { "base \(base) [\(lo):\(hi)]" }

  static func load() -> [GnuplotLogTicks] {
    let url = testsDirectory().appendingPathComponent("Fixtures/logticks.tsv")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    var cases: [GnuplotLogTicks] = []
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      switch f[0] {
      case "case":
        cases.append(GnuplotLogTicks(base: Double(f[1])!, lo: Double(f[2])!, hi: Double(f[3])!))
      case "major": cases[cases.count - 1].majors.append((Double(f[1])!, f[2]))
      case "minor": cases[cases.count - 1].minors.append(Double(f[1])!)
      default: break
      }
    }
    return cases
  }
}

@Suite struct LogTicksTests {
  static let cases = GnuplotLogTicks.load()

  @Test func fixtureIsThere() {
    #expect(Self.cases.count == 20)
  }

  /// Where gnuplot labels at least two powers, the major ticks are gnuplot's: the same
  /// values, the same labels (gnuplot's enhanced `1x10^6` is our `10^6`), and, with a step of
  /// one power on an integer base, the same minor ticks (gnuplot's accumulated minor step
  /// also puts one on the next major, which is left out here).
  @Test(arguments: cases) func majorAndMinorTicksAreGnuplots(_ c: GnuplotLogTicks) throws {
    let scale = AxisScale.log(base: c.base)
    let range = try #require(scale.coordinates(c.lo...c.hi))
    let ticks = LogTicks.ticks(for: range, base: c.base)
    let majors = ticks.filter { !$0.isMinor }
    guard c.majors.count >= 2 else { return }
    #expect(majors.count == c.majors.count)
    for (ours, theirs) in zip(majors, c.majors) {
      #expect(abs(scale.value(ours.value) / theirs.value - 1) < 1e-5, "\(ours) \(theirs)")
      // gnuplot's labels of [1e-7:1e-2] are `0.0000010` and so on (a fixed format it picks
      // for small ranges, trailing zeros and all): graphcalc keeps `%h`'s `10^-6` there.
      if c.lo == 1e-7 { continue }
      let label = theirs.label.hasPrefix("1x10^") ? String(theirs.label.dropFirst(2)) : theirs.label
      #expect(ours.label == label)
    }
    let step = majors.count >= 2 ? majors[1].value - majors[0].value : 1
    guard abs(step - 1) < 1e-9, c.base == c.base.rounded() else { return }
    let width = range.upperBound - range.lowerBound
    let atMajor = { (v: Double) in
      majors.contains { abs(scale.coordinate(v) - $0.value) < 1e-3 * width }
    }
    let theirs = c.minors.filter { !atMajor($0) }
    let ours = ticks.filter(\.isMinor).map { scale.value($0.value) }
    #expect(ours.count == theirs.count)
    for (a, b) in zip(ours, theirs) {
      #expect(abs(scale.coordinate(a) - scale.coordinate(b)) < 1e-3 * width, "\(a) \(b)")
    }
  }

  @Test func labelsAreGnuplotsPercentH() {
    #expect(LogTicks.label(1) == "1")
    #expect(LogTicks.label(0.001) == "0.001")
    #expect(LogTicks.label(100_000) == "100000")
    #expect(LogTicks.label(1e6) == "10^6")
    #expect(LogTicks.label(1e-5) == "10^-5")
    #expect(LogTicks.label(1_048_576) == "1.04858x10^6")
    #expect(LogTicks.label(1e100) == "10^100")
  }

  /// Beyond ten decades the majors skip powers and the skipped powers are the minor ticks
  /// (gnuplot spreads eight minor ticks evenly in value between two majors instead).
  @Test func minorTicksAtSkippedPowers() {
    let ticks = LogTicks.ticks(for: 0...14, base: 10)
    #expect(ticks.filter { !$0.isMinor }.map(\.value) == [0, 2, 4, 6, 8, 10, 12, 14])
    #expect(ticks.filter(\.isMinor).map(\.value) == [1, 3, 5, 7, 9, 11, 13])
  }

  /// Less than two powers in view: 1, 2 and 5 times the powers (gnuplot labels 10 alone on
  /// [2:50] and nothing on [2:5]), then the linear axis's ticks.
  @Test func shortRanges() throws {
    let scale = AxisScale.log(base: 10)
    let labels = { (lo: Double, hi: Double) in
      LogTicks.ticks(for: try #require(scale.coordinates(lo...hi)), base: 10).filter {
        !$0.isMinor
      }.map(\.label)
    }
    #expect(try labels(2, 50) == ["2", "5", "10", "20", "50"])
    #expect(try labels(2, 5) == ["2", "5"])
    #expect(try labels(2.1, 4.9).count >= 2)
    let base2 = LogTicks.ticks(for: log2(3)...log2(7), base: 2).filter { !$0.isMinor }
    #expect(base2.map(\.label) == ["3", "4", "5", "6", "7"])
  }

  @Test func stepIsGnuplotsQuantizedStep() {
    #expect(LogTicks.step(for: 0.5) == 1)
    #expect(LogTicks.step(for: 5) == 1)
    #expect(LogTicks.step(for: 9.9) == 1)
    #expect(LogTicks.step(for: 14) == 2)
    #expect(LogTicks.step(for: 20) == 5)
    #expect(LogTicks.step(for: 24) == 5)
    #expect(LogTicks.step(for: 60) == 10)
    #expect(LogTicks.step(for: 300) == 50)
  }
}

/// A function source in values, with the enclosures of a few functions.
struct ValueFunction: GraphViewRecordsDataSource {
  var f: @Sendable (Double) -> Double
  var enclosure: @Sendable (Interval) -> Interval
  var xRange: ClosedRange<Double>
  var yRange: ClosedRange<Double>
  var curveCount: Int { 1 }
  func title(ofCurve curve: Int) -> String { "f" }
  func y(at x: Double, curve: Int) -> Double { f(x) }
  func y(over x: Interval, curve: Int) -> Interval { enclosure(x) }
  func viewport(for size: PixelSize) -> Viewport {
    Viewport(xRange: xRange, yRange: yRange, size: size)
  }
  func numberOfRecords(forCurve curve: Int) -> Int? { nil }
  func value(of field: RecordField, record: Int, curve: Int) -> Double { .nan }
}

@Suite struct ScaledSamplingTests {
  /// `exp(x)` on a log y axis is a straight line: the sampler, working in the axis's
  /// coordinate, joins the view's ends with few points, every one on the line.
  @Test func expOnLogYIsAStraightLine() throws {
    let source = ValueFunction(
      f: { exp($0) }, enclosure: { Interval.exp($0) }, xRange: 0...10, yRange: 1...1e5)
    let plot = ScaledPlot.samplePlot(
      source, scales: AxisScales(y: .log(base: 10)), xRange: 0...10, yRange: 1...1e5,
      size: PixelSize(width: 400, height: 300))
    let points = plot.curves[0].segments.flatMap { $0 }
    #expect(plot.curves[0].segments.count == 1)
    #expect(points.count >= 2)
    for p in points {
      #expect(abs(p.y - p.x / log(10)) < 1e-9)
    }
    #expect(points.first?.x == 0)
    #expect(points.last?.x == 10)
  }

  /// `x` on a log x axis is sampled evenly in log x: the first pixel column starts at the
  /// view's left end (0.001), and consecutive samples are at most a column apart in log x.
  @Test func identityOnLogXHasNoGapAtTheLeft() throws {
    let source = ValueFunction(f: { $0 }, enclosure: { $0 }, xRange: 1e-3...1e3, yRange: 0...1000)
    let plot = ScaledPlot.samplePlot(
      source, scales: AxisScales(x: .log(base: 10)), xRange: 1e-3...1e3, yRange: 0...1000,
      size: PixelSize(width: 600, height: 300))
    let points = plot.curves[0].segments.flatMap { $0 }
    let first = try #require(points.first)
    #expect(abs(first.x - -3) < 1e-12)
    #expect(abs(first.y - 1e-3) < 1e-12)
    let xs = points.map(\.x)
    let columnWidth = 6.0 / 600
    #expect(zip(xs, xs.dropFirst()).allSatisfy { $1 - $0 <= columnWidth * 1.000001 })
    #expect(plot.scales.x.isLog)
  }

  /// A function's values at or below 0 are gaps on a log y axis: sin(x) over [0, 10]
  /// draws its two positive arches only.
  @Test func nonPositiveValuesAreGaps() {
    let source = ValueFunction(
      f: { sin($0) }, enclosure: { _ in .unknown }, xRange: 0.001...10, yRange: 0.01...1)
    let plot = ScaledPlot.samplePlot(
      source, scales: AxisScales(y: .log(base: 10)), xRange: 0.001...10, yRange: 0.01...1,
      size: PixelSize(width: 500, height: 200))
    let segments = plot.curves[0].segments.filter { $0.count > 1 }
    #expect(segments.count == 2)
    for p in segments.joined() {
      #expect(p.y.isFinite && p.y <= 1e-12)
      let x = p.x
      #expect(sin(x) > 0)
    }
  }

  /// Autoscaled log y: exp(x) over [0, 10] gets gnuplot's [1, 100000]; over [0, 30], two
  /// decades a step, [1, 1e14].
  @Test func autoscaleWidensToMajorSteps() throws {
    let source = ValueFunction(
      f: { exp($0) }, enclosure: { Interval.exp($0) }, xRange: 0...10, yRange: 1...10)
    let scales = AxisScales(y: .log(base: 10))
    let (lo, hi) = try #require(ScaledPlot.functionYBounds(source, scales: scales, xRange: 0...10))
    #expect(ScaledPlot.finish(lo, hi, scale: scales.y) == 1...100_000)
    let (lo30, hi30) = try #require(
      ScaledPlot.functionYBounds(source, scales: scales, xRange: 0...30))
    #expect(ScaledPlot.finish(lo30, hi30, scale: scales.y) == 1...1e14)
  }

  @Test func shownRangeOfANonPositiveRange() {
    let log = AxisScale.log(base: 10)
    #expect(log.shownRange(-10...10) == 0.1...10)
    #expect(log.shownRange(-1...1000) == 0.1...1000)
    #expect(log.shownRange(-5...(-1)) == 0.1...10)
    #expect(log.shownRange(2...3) == 2...3)
    #expect(AxisScale.linear.shownRange(-10...10) == -10...10)
  }

  @Test func coordinatesAreExactAtPowers() {
    let log10 = AxisScale.log(base: 10)
    let log2 = AxisScale.log(base: 2)
    for e in -20...20 {
      #expect(log10.coordinate(log10.value(Double(e))) == Double(e))
      #expect(log2.coordinate(log2.value(Double(e))) == Double(e))
    }
    #expect(log10.coordinate(0).isNaN)
    #expect(log10.coordinate(-1).isNaN)
    #expect(log10.coordinate(.nan).isNaN)
  }
}
