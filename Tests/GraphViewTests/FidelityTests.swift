import CalculatorBrain
import CompiledFunctions
import Foundation
import GraphView
import Intervals
import TestSupport
import Testing

/// One line of Fixtures/cases.tsv (a copy of the project's shared fidelity cases).
struct FidelityCase: Sendable, CustomStringConvertible {
  var id: String
  var expression: String
  var python: String
  var xRange: String
  var yRange: String
  var discontinuities: String
  var description: String { "\(id) \(expression)" }

  static func load() -> [FidelityCase] {
    let url = testsDirectory().appendingPathComponent("Fixtures/cases.tsv")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").compactMap { line in
      if line.hasPrefix("#") { return nil }
      let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard f.count >= 6 else { return nil }
      return FidelityCase(
        id: f[0], expression: f[1], python: f[2], xRange: f[3], yRange: f[4],
        discontinuities: f[5])
    }
  }
}

/// Runs Fixtures/plotcheck.py on a table and returns its one-line verdict.
///
/// Each call has a folder of its own: the three fidelity tests of a case run in parallel,
/// and a shared folder once let one test remove another's table while python3 read it.
func plotcheck(table: String, _ c: FidelityCase) throws -> String {
  let dir = try TemporaryFolder(prefix: "graphview-fidelity-\(c.id)")
  defer { withExtendedLifetime(dir) {} }
  let file = dir.url.appendingPathComponent("table.tsv")
  try table.write(to: file, atomically: true, encoding: .utf8)
  let p = Process()
  p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  p.arguments = [
    "python3", testsDirectory().appendingPathComponent("Fixtures/plotcheck.py").path, file.path,
    "--f", c.python, "--xrange=\(c.xRange)", "--yrange=\(c.yRange)", "--disc",
    c.discontinuities, "--width", "800", "--height", "600",
  ]
  let pipe = Pipe()
  p.standardOutput = pipe
  try p.run()
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  p.waitUntilExit()
  return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}

/// A data source over CalculatorBrain's compiled `PlotFunction` (the real enclosures).
struct PlotFunctionSource: GraphViewDataSource {
  var function: PlotFunction
  var xRange: ClosedRange<Double>
  var yRange: ClosedRange<Double>
  var curveCount: Int { 1 }
  func title(ofCurve curve: Int) -> String { "f" }
  func y(at x: Double, curve: Int) -> Double { function.value(at: x) }
  func y(over x: Interval, curve: Int) -> Interval { function.enclosure(over: x) }
  func viewport(for size: PixelSize) -> Viewport {
    Viewport(xRange: xRange, yRange: yRange, size: size)
  }
}

/// `"-10:10"` as a range.
func parseRange(_ text: String) throws -> ClosedRange<Double> {
  let parts = text.split(separator: ":").compactMap { Double($0) }
  try #require(parts.count == 2 && parts[0] < parts[1])
  return parts[0]...parts[1]
}

@Suite struct FidelityTests {
  @Test func casesFileHasTheTenCases() {
    #expect(FidelityCase.load().map(\.id) == TestFunction.all.map(\.id))
  }

  /// The ten shared cases at 800x600 with their x and y ranges score 1.0000 in plotcheck.py.
  @Test(arguments: FidelityCase.load())
  func plotcheckScoresPerfect(_ c: FidelityCase) throws {
    let source = FunctionSource(TestFunction.named(c.id))
    let plot = Sampler.samplePlot(source, size: PixelSize(width: 800, height: 600))
    let verdict = try plotcheck(table: tableText(plot.curves, yRange: source.yRange), c)
    #expect(verdict.hasPrefix("fidelity 1.0000"), "\(c): \(verdict)")
  }

  /// The same without enclosures (point sampling with refinement).
  @Test(arguments: FidelityCase.load())
  func plotcheckWithoutEnclosures(_ c: FidelityCase) throws {
    let source = FunctionSource(TestFunction.named(c.id), withEnclosures: false)
    let plot = Sampler.samplePlot(source, size: PixelSize(width: 800, height: 600))
    let verdict = try plotcheck(table: tableText(plot.curves, yRange: source.yRange), c)
    #expect(verdict.hasPrefix("fidelity 1.0000"), "no enclosures \(c): \(verdict)")
  }

  /// The same through CalculatorBrain's PlotFunction (parsed from the case's expression).
  @Test(arguments: FidelityCase.load())
  func plotcheckWithPlotFunction(_ c: FidelityCase) throws {
    let expr = try CalculatorBrain.parseExpression(c.expression)
    let function = try PlotFunction(expr, variables: [:], functions: [:])
    let source = PlotFunctionSource(
      function: function, xRange: try parseRange(c.xRange), yRange: try parseRange(c.yRange))
    let plot = Sampler.samplePlot(source, size: PixelSize(width: 800, height: 600))
    let verdict = try plotcheck(table: tableText(plot.curves, yRange: source.yRange), c)
    #expect(verdict.hasPrefix("fidelity 1.0000"), "PlotFunction \(c): \(verdict)")
  }
}
