import Foundation
import TestSupport
import Testing

@testable import GraphCalcApp

// Parametric and polar curves (tracker issue 14): their polylines checked against numpy's
// dense references (scripts/curvecheck.py writes Fixtures/curves.txt; see its header for
// the rules), and the plot command's reading of pair and polar items.

/// One curve of the fixture: its plot item, view, grid size and reference grid.
struct CurveReference: Sendable, CustomStringConvertible {
  var name: String
  var item: String
  var x: (Double, Double)
  var y: (Double, Double)
  var width: Int
  var height: Int
  /// Rows top first: true where numpy's dense samples fall in the pixel.
  var reference: [[Bool]]

  var description: String { name }

  static let all: [CurveReference] = {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/curves.txt").path
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    var lines = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.makeIterator()
    var out: [CurveReference] = []
    while let head = lines.next() {
      let f = head.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      func range(_ s: String) -> (Double, Double) {
        let p = s.split(separator: ":").compactMap { Double($0) }
        return (p[0], p[1])
      }
      let w = Int(f[4])!
      let h = Int(f[5])!
      var rows: [[Bool]] = []
      for _ in 0..<h { rows.append(lines.next()!.map { $0 == "1" }) }
      out.append(
        CurveReference(
          name: f[0], item: f[1], x: range(f[2]), y: range(f[3]), width: w, height: h,
          reference: rows))
    }
    return out
  }()

  /// The pixels (top row first) that the chords of `segments` pass through, walked in
  /// steps of at most 1/4 pixel, as curvecheck.py rasterizes them.
  func raster(_ segments: [[(Double, Double)]]) -> [[Bool]] {
    var grid = Array(repeating: Array(repeating: false, count: width), count: height)
    let w = Double(width)
    let h = Double(height)
    func mark(_ px: Double, _ py: Double) {
      let i = Int((px).rounded(.down))
      let j = Int((py).rounded(.down))
      if px.isFinite, py.isFinite, (0..<width).contains(i), (0..<height).contains(j) {
        grid[j][i] = true
      }
    }
    for segment in segments {
      let p = segment.map { ((($0.0 - x.0) / (x.1 - x.0)) * w, ((y.1 - $0.1) / (y.1 - y.0)) * h) }
      if p.count == 1 { mark(p[0].0, p[0].1) }
      for k in 0..<max(0, p.count - 1) {
        let d = max(abs(p[k + 1].0 - p[k].0), abs(p[k + 1].1 - p[k].1))
        let n = min(100_000, Int((d * 4).rounded(.up)) + 1)
        for s in 0...n {
          let u = Double(s) / Double(n)
          mark(p[k].0 + (p[k + 1].0 - p[k].0) * u, p[k].1 + (p[k + 1].1 - p[k].1) * u)
        }
      }
    }
    return grid
  }
}

/// Curve 0's polylines of an `export table` file (a blank line where the pen lifts).
func tablePolylines(_ table: String) -> [[(Double, Double)]] {
  var out: [[(Double, Double)]] = []
  var current: [(Double, Double)] = []
  var started = false
  for line in table.split(separator: "\n", omittingEmptySubsequences: false) {
    if line.hasPrefix("# Curve 1 ") { break }
    if line.hasPrefix("#") {
      started = true
      continue
    }
    guard started else { continue }
    if line.isEmpty {
      if !current.isEmpty { out.append(current) }
      current = []
      continue
    }
    let f = line.split(separator: " ")
    if f.count == 3, let x = Double(f[0]), let y = Double(f[1]) { current.append((x, y)) }
  }
  if !current.isEmpty { out.append(current) }
  return out
}

@Suite struct ParametricReferenceTests {
  @Test func theFixtureHoldsTheCurves() {
    let names = Set(CurveReference.all.map(\.name))
    #expect(names == ["circle", "spiral", "hyperbola", "fast", "cardioid", "rose"])
  }

  @Test(arguments: CurveReference.all)
  func graphcalcMatchesTheNumpyReference(_ r: CurveReference) throws {
    let folder = try TemporaryFolder()
    var session = Session()
    let plot = session.run("plot [\(r.x.0):\(r.x.1)] [\(r.y.0):\(r.y.1)] \(r.item)")
    #expect(plot.error == nil, "\(r.name): \(plot.error?.message ?? "")")
    let path = folder.path + "/t.dat"
    _ = session.run("export table \(path) \(r.width) \(r.height)")
    let table = try String(contentsOfFile: path, encoding: .utf8)
    let drawn = r.raster(tablePolylines(table))
    let nearReference = nearby(r.reference)
    let nearDrawn = nearby(drawn)
    var unsound = 0
    var incomplete = 0
    for j in 0..<r.height {
      for i in 0..<r.width {
        if drawn[j][i] && !nearReference[j][i] { unsound += 1 }
        if r.reference[j][i] && !nearDrawn[j][i] { incomplete += 1 }
      }
    }
    #expect(unsound == 0, "\(r.name): \(unsound) chord pixels with no curve within 1 px")
    #expect(incomplete == 0, "\(r.name): \(incomplete) curve pixels with no chord within 1 px")
  }

  @Test func aPolylineWithAChordAcrossThePoleFailsTheCheck() throws {
    // The check itself: the hyperbola's two branches joined by a chord is caught.
    let r = try #require(CurveReference.all.first { $0.name == "hyperbola" })
    let drawn = r.raster([[(-3, -2.5), (2.5, 2.9)]])
    let near = nearby(r.reference)
    #expect(
      drawn.indices.contains { j in drawn[j].indices.contains { drawn[j][$0] && !near[j][$0] } })
  }
}

@Suite struct ParametricCommandTests {
  func table(_ lines: [String], size: String = "200 150") throws -> String {
    let folder = try TemporaryFolder()
    var session = Session()
    for line in lines {
      let reply = session.run(line)
      #expect(reply.error == nil, "\(line): \(reply.error?.message ?? "")")
    }
    let path = folder.path + "/t.dat"
    _ = session.run("export table \(path) \(size)")
    return try String(contentsOfFile: path, encoding: .utf8)
  }

  @Test func tRunsOverZeroToTwoPiUnlessGiven() throws {
    // (t, 0) over [0, 2π]: x from 0 to 2π, one polyline.
    let whole = tablePolylines(try table(["plot [-1:10] [-1:1] (t, 0)"]))
    #expect(whole.count == 1)
    #expect(whole.first?.first?.0 == 0)
    #expect(abs((whole.first?.last?.0 ?? 0) - 2 * Double.pi) < 1e-12)
    let given = tablePolylines(try table(["plot [-1:10] [-1:1] [t=1:3] (t, 0)"]))
    #expect(given.first?.first?.0 == 1)
    #expect(given.first?.last?.0 == 3)
    // The parameter range may come before or after the view's ranges.
    let first = tablePolylines(try table(["plot [t=-2:2] [-3:3] [-3:3] (t, t^2)"]))
    #expect(first.first?.first?.0 == -2)
    #expect(first.first?.first?.1 == 4)
  }

  @Test func polarCurvesReadThetaAndTheta() throws {
    for item in ["r = 2", "r = 2 + 0*θ", "r = 2 + 0*theta"] {
      let lines = tablePolylines(try table(["plot [-3:3] [-3:3] \(item)"]))
      let points = lines.flatMap { $0 }
      #expect(!points.isEmpty, "\(item)")
      for p in points { #expect(abs((p.0 * p.0 + p.1 * p.1).squareRoot() - 2) < 1e-9, "\(item)") }
      // Starts at θ = 0: (2, 0).
      #expect(points.first.map { abs($0.0 - 2) < 1e-12 && abs($0.1) < 1e-12 } == true)
    }
  }

  @Test func inDegreesThetaRunsOverAWholeTurnOfDegrees() throws {
    // mode deg: θ in [0, 360] and cos, sin in degrees, so r = 2 is the whole circle.
    let points = tablePolylines(try table(["mode deg", "plot [-3:3] [-3:3] r = 2"])).flatMap {
      $0
    }
    for p in points { #expect(abs((p.0 * p.0 + p.1 * p.1).squareRoot() - 2) < 1e-9) }
    #expect(points.contains { $0.0 < -1.99 })  // reaches θ = 180°
    #expect(points.last.map { abs($0.0 - 2) < 1e-9 && abs($0.1) < 1e-9 } == true)
    // r = cos(θ) in degrees: the circle through (0, 0) and (1, 0), once round in 180°.
    let circle = tablePolylines(try table(["mode deg", "plot [-2:2] [-2:2] r = cos(θ)"]))
      .flatMap { $0 }
    for p in circle {
      #expect(abs(((p.0 - 0.5) * (p.0 - 0.5) + p.1 * p.1).squareRoot() - 0.5) < 1e-9)
    }
  }

  @Test func theHyperbolaHasTwoBranchesAndNoChord() throws {
    let lines = tablePolylines(try table(["plot [-3:3] [-3:3] r = 1/(1 + 1.5cos(θ))"]))
    // The pen lifts at both poles (cos θ = -2/3): the branch through θ = 0 is in two
    // pieces at the ends of [0, 2π] and the other branch is one piece.
    #expect(lines.count == 3)
    for line in lines {
      for (a, b) in zip(line, line.dropFirst()) {
        // No step within the view is longer than a pixel (6/200 units): no chord between
        // the branches (steps out of the view may be long).
        let inView = [a, b].allSatisfy { abs($0.0) <= 3 && abs($0.1) <= 3 }
        #expect(!inView || max(abs(a.0 - b.0), abs(a.1 - b.1)) < 0.03)
      }
    }
  }

  @Test func curvesMixWithFunctionsRelationsAndData() throws {
    let folder = try TemporaryFolder()
    let data = folder.path + "/d.csv"
    try "x,y\n0,0\n1,1\n".write(toFile: data, atomically: true, encoding: .utf8)
    let text = try table([
      "plot [-3:3] [-3:3] sin(x), x^2 + y^2 = 4, (2cos(t), sin(t)), r = 1, \"\(data)\" using 1:2"
    ])
    #expect(text.contains("# Curve 0 of 4"))
    #expect(text.contains("# Curve title: \"(2cos(t), sin(t))\""))
    #expect(text.contains("# Curve title: \"r = 1\""))
    #expect(text.contains("# relation 1 of 1: x^2 + y^2 = 4"))
  }

  @Test func autoscaledYIncludesTheCurves() throws {
    var session = Session()
    _ = session.run("plot (3cos(t), 5sin(t))")
    let view = session.run("view").output
    #expect(session.autoY().map { $0.lowerBound <= -5 && $0.upperBound >= 5 } == true)
  }

  @Test func tAndThetaAreFreeOnlyInTheirItems() {
    var session = Session()
    let bare = session.run("plot t")
    #expect(bare.error != nil)
    let polar = session.run("plot (cos(θ), 1)")
    #expect(polar.error?.location == 10..<11)
    let wrong = session.run("plot r = cos(t)")
    #expect(wrong.error != nil)
  }

  @Test func thePromptHintsAtPlotForPairsAndPolarLines() {
    var session = Session()
    let pair = session.run("(cos(t), sin(t))")
    #expect(pair.error?.hint == "hint: plot (cos(t), sin(t)) draws it (a parametric curve in t)")
    let polar = session.run("r = 1 + cos(θ)")
    #expect(polar.error?.hint?.hasPrefix("hint: plot r = 1 + cos(θ) draws it") == true)
    // Lines without the parameter get no hint.
    #expect(session.run("r = 2").error == nil)
    #expect(session.run("r = 2").output.contains("hint") == false)
  }

  @Test func aBadParameterRangeNamesItsParameter() {
    var session = Session()
    let theta = session.run("plot [theta=1:0] r = 1")
    #expect(theta.error?.message.hasPrefix("θ range [1, 0] is reversed") == true)
    #expect(theta.error?.location == 5..<16)
    let t = session.run("plot [t=0:inf] (t, t)")
    #expect(t.error?.message.hasPrefix("t range [0, inf]") == true)
  }

  @Test func errorsPointIntoTheHalfOfThePair() {
    var session = Session()
    let reply = session.run("plot (cos(t), foo(t))")
    #expect(reply.error?.location == 14..<17, "\(String(describing: reply.error))")
  }

  @Test func piecewiseBracesAreAFunctionCurveWhosePenLiftsAtTheJump() throws {
    let lines = tablePolylines(try table(["plot [-2:2] [-1:5] {x < 0: -x, x^2 + 1}"]))
    #expect(lines.count == 2)
    let left = try #require(lines.first)
    let right = try #require(lines.last)
    #expect(left.first.map { abs($0.0 + 2) < 1e-12 && abs($0.1 - 2) < 1e-12 } == true)
    #expect(left.last.map { abs($0.0) < 0.02 && abs($0.1) < 0.02 } == true)
    #expect(right.first.map { abs($0.0) < 0.02 && abs($0.1 - 1) < 0.02 } == true)
    #expect(right.last.map { abs($0.0 - 2) < 1e-12 && abs($0.1 - 5) < 1e-12 } == true)
  }

  @Test func interruptRestoresTheSession() {
    var session = Session()
    _ = session.run("plot sin(x)")
    let before = session.run("view").output
    session.setInterruptCheck { true }
    let reply = session.run("plot (sin(99t), cos(100t))")
    #expect(reply.error?.message == "plot: interrupted")
    session.setInterruptCheck(nil)
    #expect(session.run("view").output == before)
  }
}

/// Golden files of parametric and polar curves (rendered and looked at before recording).
@Suite struct ParametricGoldenTests {
  @Test func brailleCurvesWithAFunctionAndARelation() throws {
    var session = Session()
    _ = session.run("set canvas braille")
    let reply = session.run(
      "plot [-3:3] [-3:3] r = 1/(1 + 1.5cos(theta)), (2cos(t), sin(t)), {x < 0: -x - 2, x^2 - 2}, "
        + "x^2 + y^2 = 1")
    #expect(reply.error == nil)
    try assertSnapshot(reply.output, named: "curves-braille-80x24.txt")
  }

  @Test func svgCurvesWithAFunctionAndARelation() throws {
    let folder = try TemporaryFolder()
    var session = Session()
    _ = session.run(
      "plot [-2.5:2.5] [-2:2] r = 1 + cos(θ), (sin(3t), 0.8cos(5t)), "
        + "r = 1/(1 + 1.5cos(θ)), {x < 0: -x - 1.5, sin(2x) - 1}, x^2 + y^2 = 4")
    let path = folder.path + "/c.svg"
    _ = session.run("export svg \(path) 800 600")
    let svg = try String(contentsOfFile: path, encoding: .utf8)
    #expect(xmlParseError(svg) == nil)
    try assertSnapshot(svg, named: "curves-800x600.svg")
  }
}

@Suite struct ParametricExploreTests {
  @Test func traceFollowsTheCurveByItsParameter() throws {
    var s = try exploring("[-2:2] [-2:2] (cos(t), sin(t))")
    #expect(s.handle(.character("t")) == .redraw)
    let t = try #require(s.traceParameter())
    let p = try #require(s.tracePoint())
    #expect(abs(p.x - cos(t)) < 1e-12 && abs(p.y - sin(t)) < 1e-12)
    #expect(s.statusLine().hasPrefix("(cos(t), sin(t)): t = "))
    _ = s.handle(.right)
    let later = try #require(s.traceParameter())
    #expect(later > t)
    // The cursor stops at the end of the range instead of panning.
    for _ in 0..<200 { _ = s.handle(.right) }
    let last = try #require(s.traceParameter())
    #expect(last < 2 * Double.pi && last > 2 * Double.pi - 0.2)
    #expect(s.handle(.right) == .ignored)
  }

  @Test func aPolarTraceNamesTheta() throws {
    var s = try exploring("[-2:2] [-2:2] r = 1 + cos(θ)")
    _ = s.handle(.character("t"))
    #expect(s.statusLine().contains(": θ = "))
    let t = try #require(s.traceParameter())
    let p = try #require(s.tracePoint())
    #expect(abs(p.x - (1 + cos(t)) * cos(t)) < 1e-12)
  }
}
