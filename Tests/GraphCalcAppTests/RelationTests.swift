import Foundation
import TestSupport
import Testing

@testable import GraphCalcApp

// Relations in x and y (tracker issue 14): their pixel grids checked against numpy's dense
// references (scripts/relcheck.py writes Fixtures/relations.txt; see its header for the
// rules), and the plot command's reading of relation items.

/// One relation of the fixture: its text, view, size, expectations and reference grid.
struct RelationReference: Sendable, CustomStringConvertible {
  var name: String
  var text: String
  var x: (Double, Double)
  var y: (Double, Double)
  var width: Int
  var height: Int
  var expect: [String]
  /// Rows top first: true where numpy finds a solution in the pixel.
  var reference: [[Bool]]

  var description: String { name }

  static let all: [RelationReference] = {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/relations.txt").path
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    var lines = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.makeIterator()
    var out: [RelationReference] = []
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
        RelationReference(
          name: f[0], text: f[1], x: range(f[2]), y: range(f[3]), width: w, height: h,
          expect: f[6] == "-" ? [] : f[6].split(separator: ",").map(String.init),
          reference: rows))
    }
    return out
  }()
}

/// The first relation block of an `export table` file: rows top first of v (0, 0.5, 1),
/// and the header line.
func relationBlock(_ table: String, width: Int, height: Int) -> (header: String, rows: [[Double]])?
{
  let lines = table.split(separator: "\n", omittingEmptySubsequences: false)
  guard let start = lines.firstIndex(where: { $0.hasPrefix("# relation") }) else { return nil }
  var values: [Double] = []
  for line in lines[(start + 1)...] where !line.isEmpty {
    if line.hasPrefix("#") { break }
    guard let v = line.split(separator: " ").last.flatMap({ Double($0) }) else { return nil }
    values.append(v)
  }
  guard values.count == width * height else { return nil }
  let bottomFirst = (0..<height).map { Array(values[($0 * width)..<(($0 + 1) * width)]) }
  return (String(lines[start]), bottomFirst.reversed())
}

/// The pixels within one pixel (Chebyshev) of a true pixel of `grid`.
func nearby(_ grid: [[Bool]]) -> [[Bool]] {
  let h = grid.count
  let w = grid.first?.count ?? 0
  var out = Array(repeating: Array(repeating: false, count: w), count: h)
  for j in 0..<h {
    for i in 0..<w where grid[j][i] {
      for dj in -1...1 {
        for di in -1...1 where (0..<h).contains(j + dj) && (0..<w).contains(i + di) {
          out[j + dj][i + di] = true
        }
      }
    }
  }
  return out
}

/// The faults of `values` against the reference, as scripts/relcheck.py counts them.
func relationFaults(_ values: [[Double]], _ r: RelationReference) -> [String] {
  var faults: [String] = []
  let nearReference = nearby(r.reference)
  let nearDrawn = nearby(values.map { $0.map { $0 > 0 } })
  var unsound = 0
  var incomplete = 0
  for j in 0..<r.height {
    for i in 0..<r.width {
      if values[j][i] == 1 && !nearReference[j][i] { unsound += 1 }
      if r.reference[j][i] && !nearDrawn[j][i] { incomplete += 1 }
    }
  }
  if unsound > 0 { faults.append("\(unsound) pixels 1 with no solution within 1 px") }
  if incomplete > 0 { faults.append("\(incomplete) solution pixels with nothing within 1 px") }
  let all = values.flatMap { $0 }
  for e in r.expect {
    if e == "none" && all.contains(1) { faults.append("expected no proven pixel") }
    if e == "undecided" && !all.contains(0.5) { faults.append("expected an undecided pixel") }
    if e == "empty" && all.contains(where: { $0 != 0 }) { faults.append("expected all 0") }
    if e == "full" && all.contains(where: { $0 != 1 }) { faults.append("expected all 1") }
  }
  return faults
}

@Suite struct RelationReferenceTests {
  @Test func theFixtureHoldsTheRelationSet() {
    #expect(RelationReference.all.count >= 40)
    let names = Set(RelationReference.all.map(\.name))
    for trap in [
      "empty pair", "whole plane", "point", "double line", "four lines", "heart", "tan zeros",
      "circle", "below sine", "ellipse", "below pole", "floor diagonal", "tan graph",
      "cosecant", "tan rings", "reciprocal sum",
    ] {
      #expect(names.contains(trap), "\(trap)")
    }
  }

  @Test(arguments: RelationReference.all)
  func graphcalcMatchesTheNumpyReference(_ r: RelationReference) throws {
    let folder = try TemporaryFolder()
    var session = Session()
    let plot = session.run("plot [\(r.x.0):\(r.x.1)] [\(r.y.0):\(r.y.1)] \(r.text)")
    #expect(plot.error == nil, "\(r.name): \(plot.error?.message ?? "")")
    let path = folder.path + "/t.dat"
    _ = session.run("export table \(path) \(r.width) \(r.height)")
    let table = try String(contentsOfFile: path, encoding: .utf8)
    let block = try #require(relationBlock(table, width: r.width, height: r.height))
    #expect(block.header == "# relation 1 of 1: \(r.text)")
    let faults = relationFaults(block.rows, r)
    #expect(faults.isEmpty, "\(r.name) (\(r.text)): \(faults.joined(separator: "; "))")
  }
}

@Suite struct RelationCommandTests {
  func table(_ lines: [String], size: String = "64 48") throws -> String {
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

  @Test func yEqualsAFunctionOfXIsThatFunctionsCurve() throws {
    let relation = try table(["plot y = x^2"])
    let function = try table(["plot x^2"])
    #expect(!relation.contains("# relation"))
    #expect(relation.replacingOccurrences(of: "y = x^2", with: "x^2") == function)
    #expect(relation.contains("# Curve title: \"y = x^2\""))
  }

  @Test func xEqualsAFunctionOfYIsACurveAlongY() throws {
    let lines = try table(["plot [-10:10] [-3:3] x = y^2"]).split(separator: "\n")
    let points = lines.filter { !$0.hasPrefix("#") }.map { $0.split(separator: " ") }
    #expect(points.count > 40)
    for p in points {
      let x = Double(p[0])!
      let y = Double(p[1])!
      #expect(abs(x - y * y) <= 1e-9 * max(1, x))
    }
    let ys = points.map { Double($0[1])! }
    #expect(ys.min() == -3 && ys.max() == 3)
  }

  @Test func xEqualsANumberIsAVerticalLine() throws {
    let lines = try table(["plot [-5:5] [-2:2] x = 3"]).split(separator: "\n")
    let points = lines.filter { !$0.hasPrefix("#") }.map { $0.split(separator: " ") }
    #expect(!points.isEmpty)
    #expect(points.allSatisfy { $0[0] == "3" })
    #expect(Set(points.map { Double($0[1])! }).isSuperset(of: [-2, 2]))
  }

  @Test func theTableOfARelationHasEveryPixelBottomRowFirst() throws {
    let text = try table(["plot [0:4] [0:2] x^2 + y^2 = 1"], size: "16 16")
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0] == "# relation 1 of 1: x^2 + y^2 = 1")
    // 16 rows of 16 pixels, a blank line after each row.
    #expect(lines.count == 1 + 16 * 17 + 1)
    #expect(lines[1] == "0.125 0.0625 0")  // the bottom left pixel, far from the circle
    #expect(lines[4] == "0.875 0.0625 1")  // holds (1, 0) on its right edge
    #expect(lines[17] == "")
    #expect(lines[18].hasPrefix("0.125 0.1875 "))
    #expect(lines[16].hasPrefix("3.875 0.0625 "))
  }

  @Test func curvesComeBeforeRelationBlocks() throws {
    let text = try table(["plot sin(x), y < 0, x*y = 1"], size: "16 16")
    let headers = text.split(separator: "\n").filter { $0.hasPrefix("# ") && !$0.hasPrefix("# x") }
    #expect(
      headers == [
        "# Curve 0 of 1, \(text.split(separator: "\n").filter { $0.hasSuffix(" i") || $0.hasSuffix(" o") }.count) points",
        "# Curve title: \"sin(x)\"", "# relation 1 of 2: y < 0", "# relation 2 of 2: x*y = 1",
      ])
    #expect(text.contains("\n\n\n# relation 1 of 2"))
    #expect(text.contains("\n\n\n# relation 2 of 2"))
  }

  @Test func anEmptyRelationProvesNoPixelAndTheWholePlaneEvery() throws {
    func values(_ table: String) -> [Substring] {
      table.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap {
        $0.split(separator: " ").last
      }
    }
    let empty = values(try table(["plot x^2 + y^2 < -1"], size: "16 16"))
    #expect(empty.count == 256 && empty.allSatisfy { $0 == "0" })
    let whole = values(try table(["plot 0*x = 0"], size: "16 16"))
    #expect(whole.count == 256 && whole.allSatisfy { $0 == "1" })
  }

  /// The pixels around a pole or a step: proven by the two-piece enclosures (a pole of
  /// tan or of 1/x inside a pixel, a step of floor) and by exact pixel edges (x = 0 of
  /// [-2, 2]), none left undecided. Each relation's value at a pixel: (x, y, v).
  @Test func polesAndStepsLeaveNoUndecidedPixel() throws {
    func pixels(_ plot: String) throws -> [(Double, Double, Double)] {
      try table([plot]).split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
        let f = $0.split(separator: " ").map { Double($0)! }
        return (f[0], f[1], f[2])
      }
    }
    let tan = try pixels("plot [-1:1] [-1:1] tan(35.6x) = 0")
    #expect(tan.count == 64 * 48 && tan.allSatisfy { $0.2 != 0.5 })
    // The column around the pole x = pi/2 / 35.6 = 0.0441 (pixel [0.03125, 0.0625]) is 0,
    // the one around the zero x = pi / 35.6 = 0.0882 (pixel [0.0625, 0.09375]) is 1.
    #expect(tan.filter { abs($0.0 - 0.046875) < 1e-9 }.allSatisfy { $0.2 == 0 })
    #expect(tan.filter { abs($0.0 - 0.078125) < 1e-9 }.allSatisfy { $0.2 == 1 })
    let below = try pixels("plot [-2:2] [-2:2] y < 1/x")
    // (Undecided elsewhere: 4 pixels whose corner the hyperbola passes through.)
    #expect(below.filter { abs($0.0) < 0.04 }.allSatisfy { $0.2 != 0.5 })
    // Left of the pole (x in [-1/16, 0]) y < 1/x holds only where y < -16: nowhere here.
    #expect(below.filter { abs($0.0 + 0.03125) < 1e-9 && $0.1 > 0 }.allSatisfy { $0.2 == 0 })
    #expect(below.filter { abs($0.0 - 0.03125) < 1e-9 }.allSatisfy { $0.2 == 1 })
    let steps = try pixels("plot [-3:3] [-3:3] floor(x) = floor(y)")
    #expect(steps.allSatisfy { $0.2 != 0.5 })
    // Below y = 0, for x in [0, 1): floor(y) = 0 = floor(x) only on the edge y = 0.
    #expect(
      steps.filter { $0.0 > 0 && $0.0 < 1 && abs($0.1 + 0.0625) < 1e-9 }.allSatisfy { $0.2 == 1 })
  }

  @Test func nearlyParallelEquationsDrawNothing() {
    // Their solutions lie 1e-5 apart: the conjunction is empty, and the combination
    // f - λg with the mean value form proves it pixel by pixel (no undecided pixel, no note).
    var session = Session()
    for relation in ["y = x && y = x + 1e-5", "y = 2x + 1 && 2y = 4x + 2.001"] {
      let reply = session.run("plot \(relation)")
      #expect(reply.error == nil)
      #expect(!reply.output.contains("note:"), "\(relation)")
    }
  }

  @Test func aHugeTableOfARelationIsRefusedBeforeAnythingIsWritten() throws {
    let folder = try TemporaryFolder()
    var session = Session()
    _ = session.run("plot x^2 + y^2 = 25")
    let reply = session.run("export table \(folder.path)/t.dat 10000 10000")
    #expect(reply.error?.message.contains("at most 4194304 pixels") == true)
    #expect(reply.error?.location == 20 + folder.path.count..<31 + folder.path.count)
    #expect(try folder.names().isEmpty)
    // Curves alone are sampled a column a pixel, as before.
    _ = session.run("plot sin(x)")
    #expect(session.run("export table \(folder.path)/t.dat 10000 10000").error == nil)
  }

  @Test func undecidedPixelsAreCountedInANote() {
    var session = Session()
    let reply = session.run("plot [-1.1:0.9] [-1.1:0.9] x^2 + y^2 = 0")
    #expect(reply.error == nil)
    let notes = reply.output.split(separator: "\n").filter { $0.hasPrefix("note:") }
    #expect(notes.count == 1)
    #expect(notes.first?.contains("pixels of x^2 + y^2 = 0 ") == true)
    #expect(notes.first?.contains("undecided") == true)
  }

  @Test func aRelationAndAFunctionMixWithALegendEntryEach() {
    var session = Session()
    let reply = session.run("plot sin(x), x^2 + y^2 = 25")
    #expect(reply.error == nil)
    #expect(reply.output.contains("sin(x)"))
    #expect(reply.output.contains("x^2 + y^2 = 25"))
  }

  @Test func otherItemsReadAsBefore() throws {
    // Only items with a relation at their top read y as a variable.
    let withY = try table(["y = 3", "plot x + y"])
    let plain = try table(["plot x + 3"])
    #expect(withY.replacingOccurrences(of: "x + y", with: "x + 3") == plain)
    // A comparison inside an arithmetic expression is a 0/1 function, as before.
    #expect(!(try table(["plot (x > 0) * x"])).contains("# relation"))
  }

  @Test func aRelationWithAMistakeIsAnErrorAtItsColumn() {
    var session = Session()
    let reply = session.run("plot x^2 + y^2 = q")
    #expect(reply.error?.location == 17..<18)
    let syntax = session.run("plot x^2 + = 1")
    #expect(syntax.error != nil)
  }

  @Test func yEqualsAnExpressionOfXAtThePromptHintsAtPlot() {
    var session = Session()
    let failed = session.run("y = x^2")
    #expect(failed.error?.hint == "hint: plot y = x^2 draws it (at the prompt y = ... assigns)")
    _ = session.run("x = 2")
    let assigned = session.run("y = x^2 + 1")
    #expect(assigned.error == nil)
    #expect(assigned.output == "hint: plot y = x^2 + 1 draws it (at the prompt y = ... assigns)\n")
    #expect(session.run("z = x^2").output == "")
    #expect(session.run("y = 2").output == "")
  }

  @Test func ctrlCStopsASolveAndLeavesTheSessionAsItWas() {
    var session = Session()
    _ = session.run("plot sin(x)")
    let before = session.run("view").output
    session.setInterruptCheck { true }
    let reply = session.run("plot [-1:1] [-1:1] sin(1/(x*y)) = 0")
    #expect(reply.error?.message == "plot: interrupted")
    session.setInterruptCheck(nil)
    #expect(session.run("view").output == before)
  }
}

/// Golden files of relations drawn (rendered and looked at before recording).
@Suite struct RelationGoldenTests {
  @Test func brailleRelationsWithAFunction() throws {
    var session = Session()
    _ = session.run("set canvas braille")
    let reply = session.run("plot [-3:3] [-2:2] x^2 + y^2 = 4, y < sin(2x), x = y^2 - 1")
    #expect(reply.error == nil)
    try assertSnapshot(reply.output, named: "relations-braille-80x24.txt")
  }

  @Test func svgRelationsWithAFunction() throws {
    let folder = try TemporaryFolder()
    var session = Session()
    _ = session.run(
      "plot [-2:2] [-1.5:1.5] (x^2+y^2-1)^3 = x^2*y^3, y < x^3 - x, 1 <= x^2 + 4y^2 <= 2, "
        + "x^2 + y^2 = 0, cos(3x)")
    let path = folder.path + "/r.svg"
    _ = session.run("export svg \(path) 800 600")
    let svg = try String(contentsOfFile: path, encoding: .utf8)
    #expect(xmlParseError(svg) == nil)
    // Regions are merged paths, not a rectangle a pixel.
    // (at most three filled paths a relation: proven, undecided, edge)
    #expect(svg.components(separatedBy: "z\" fill=").count - 1 <= 12)
    #expect(svg.components(separatedBy: "<rect").count < 10)
    try assertSnapshot(svg, named: "relations-800x600.svg")
  }
}

@Suite struct AspectTests {
  @Test func equalAspectGrowsTheRangeWhoseUnitWouldBeShorter() throws {
    var session = Session()
    _ = session.run("set canvas braille")
    _ = session.run("plot [] [-10:10] x^2 + y^2 = 25")  // y fixed (automatic y: [-6, 6])
    #expect(session.run("view").output == "x [-10, 10]  y [-10, 10]\n")
    _ = session.run("set aspect equal")
    _ = session.run("redraw")
    // 80x24 cells: a plot area of 74 x 20 cells, 148 x 80 braille dots (square dots).
    #expect(session.run("view").output == "x [-18.5, 18.5]  y [-10, 10]\n")
    #expect(session.run("show aspect").output == "aspect equal\n")
    _ = session.run("set aspect auto")
    #expect(session.run("view").output == "x [-10, 10]  y [-10, 10]\n")
  }

  @Test func aTextCanvasAllowsForTheCellShape() {
    // ASCII dots are 3x3 a cell, so twice as tall as wide: the same ranges as braille.
    var session = Session()
    _ = session.run("set canvas ascii")
    _ = session.run("set size square")
    _ = session.run("plot [] [-10:10] x^2 + y^2 = 25")  // y fixed (automatic y: [-6, 6])
    #expect(session.run("view").output == "x [-18.5, 18.5]  y [-10, 10]\n")
  }

  @Test func picturesAndTablesHaveSquarePixels() throws {
    let folder = try TemporaryFolder()
    var session = Session()
    _ = session.run("set aspect equal")
    _ = session.run("plot [] [-10:10] x^2 + y^2 = 25")  // y fixed (automatic y: [-6, 6])
    let path = folder.path + "/t.dat"
    _ = session.run("export table \(path) 100 50")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let first = text.split(separator: "\n").first { !$0.hasPrefix("#") }
    #expect(first == "-19.8 -9.8 0")  // x [-20, 20], y [-10, 10]: 0.4 units a pixel both ways
  }

  /// `set size W,H` places the plot now (Commands+Margins.swift); a word `set size` does
  /// not know is an error naming it.
  @Test func gnuplotsOtherSizesAreRefused() {
    var session = Session()
    #expect(session.run("set size 0.5,0.5").error == nil)
    let reply = session.run("set size sideways")
    #expect(reply.error?.message == "unknown name 'sideways'")
    _ = session.run("unset size")
    #expect(session.run("set aspect sideways").error != nil)
    _ = session.run("set size square")
    _ = session.run("unset size")
    #expect(session.run("show aspect").output == "")
  }
}
