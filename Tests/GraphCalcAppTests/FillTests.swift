import Foundation
import GraphView
import TestSupport
import Testing

@testable import GraphCalcApp

/// `plot f(x), g(x) fill between [A:B]` and `plot f(x) fill`: the shading between curves,
/// in every output, from the one sampled geometry; and `tangent EXPR at X0` drawn dashed.
@Suite struct FillTests {
  /// The parse: the clause is cut off the last item; `between` takes two functions of x.
  @Test func theClauseIsReadOffTheLastItem() throws {
    var s = Session()
    #expect(s.run("plot x^2, x fill between").error == nil)
    let curves = try #require(s.currentCurves())
    #expect(curves.titles == ["x^2", "x"])
    #expect(curves.fills == [PlotFill(curve: 0, other: 1, title: "x^2, x")])
    #expect(s.run("plot sin(x), cos(x) fill").error == nil)
    #expect(s.currentCurves()?.fills.map(\.other) == [nil, nil])
    #expect(s.run("plot sin(x) fill [0:pi]").error == nil)
    let range = try #require(s.currentCurves()?.fills.first?.xRange)
    #expect(range.lowerBound == 0 && abs(range.upperBound - Double.pi) < 1e-15)
    // A new plot ends the fill; replot keeps it.
    #expect(s.run("plot x").error == nil)
    #expect(s.currentCurves()?.fills.isEmpty == true)
    _ = s.run("plot x^2, x fill between")
    _ = s.run("replot 0.5")
    #expect(s.currentCurves()?.fills.count == 1)
    // The clause alone adds a fill to the curves already plotted.
    _ = s.run("plot sin(x), cos(x)")
    #expect(s.run("replot fill between [0:pi]").error == nil)
    #expect(s.currentCurves()?.fills.map(\.title) == ["sin(x), cos(x)"])
    #expect(s.currentCurves()?.titles == ["sin(x)", "cos(x)"])
  }

  /// Mistakes: a caret under the word that is wrong.
  @Test func errorsHaveCarets() {
    var s = Session()
    let one = s.run("plot x^2 fill between")
    #expect(one.error?.location == 9..<13)
    #expect(one.error?.message.contains("two functions of x") == true)
    let word = s.run("plot x^2, x fill sideways")
    #expect(word.error?.location == 17..<25)
    #expect(s.run("plot x^2, x fill between [1:0]").error != nil)
    // The clause ends the line.
    let early = s.run("plot sin(x) fill, cos(x)")
    #expect(early.error?.location == 12..<16)
    #expect(early.error?.message.contains("fill goes at the end of the line") == true)
    // After an operator, fill is a name: a variable of that name still plots.
    _ = s.run("fill = 2")
    #expect(s.run("plot x + fill").error == nil)
    #expect(s.currentCurves()?.fills.isEmpty == true)
    #expect(s.currentCurves()?.titles == ["x + fill"])
  }

  /// The golden braille canvas of `plot [0:1] x^2, x fill between`: shaded cells `░`
  /// between the curves, under them.
  @Test func brailleGolden() throws {
    var s = Session()
    _ = s.run("set canvas braille")
    let text = s.run("plot [0:1] [0:1] x^2, x fill between").output
    #expect(text.contains("░"))
    try assertSnapshot(text, named: "fill-between-braille-80x24.txt")
    // Every shaded cell lies between the two curves: on each row, to the right of x's
    // cells and to the left of x^2's, never outside [0, 1].
    _ = s.run("set canvas ascii")
    let ascii = s.run("redraw").output
    #expect(ascii.contains("."))
    try assertSnapshot(ascii, named: "fill-between-ascii-80x24.txt")
  }

  /// The SVG: one path filled in the first curve's colour at opacity 0.25, made of the
  /// sampled curves (many points, not a rectangle a sample), drawn before the curves.
  @Test func svgGolden() throws {
    let folder = try TemporaryFolder()
    var s = Session()
    _ = s.run("plot [0:1] [0:1] x^2, x fill between")
    let path = folder.path + "/f.svg"
    #expect(s.run("export svg \(path) 800 600").error == nil)
    let svg = try String(contentsOfFile: path, encoding: .utf8)
    #expect(xmlParseError(svg) == nil)
    let fills = svg.components(separatedBy: "\n").filter { $0.contains("fill-opacity=\"0.25\"") }
    #expect(fills.count == 1)
    let fill = try #require(fills.first)
    #expect(fill.contains("fill=\"#1f77b4\""))
    #expect(fill.components(separatedBy: "Z").count - 1 == 1)
    #expect(fill.components(separatedBy: " ").count > 200)
    let curve = try #require(svg.range(of: "stroke=\"#1f77b4\" stroke-width"))
    #expect(try #require(svg.range(of: "fill-opacity=\"0.25\"")).lowerBound < curve.lowerBound)
    try assertSnapshot(svg, named: "fill-between-800x600.svg")
  }

  /// The table's fill polygon of x and x^2 on [0, 1] encloses their area, 1/6 (by hand:
  /// the integral of x - x^2), to the sampling's accuracy (a chord of a parabola sampled
  /// every 1/800 misses h^2/12 of a unit: under 1e-6), and agrees with `area`.
  @Test func theTablesPolygonHasTheArea() throws {
    let folder = try TemporaryFolder()
    var s = Session()
    _ = s.run("plot [0:1] [0:1] x^2, x fill between")
    let path = folder.path + "/a.txt"
    #expect(s.run("export table \(path) 800 600").error == nil)
    let table = try String(contentsOfFile: path, encoding: .utf8)
    let block = try #require(table.components(separatedBy: "# fill 1 of 1: x^2, x\n").last)
    let points = block.split(separator: "\n").map { line in
      line.split(separator: " ").compactMap { Double($0) }
    }
    #expect(points.count > 100 && points.allSatisfy { $0.count == 2 })
    #expect(points.first == points.last)  // closed
    var twice = 0.0
    for (a, b) in zip(points, points.dropFirst()) { twice += a[0] * b[1] - b[0] * a[1] }
    #expect(abs(abs(twice) / 2 - 1.0 / 6) < 1e-5)
    let area = s.run("area x^2, x [0:1]").output
    #expect(area.hasPrefix("0.166666666666667 ± "))
  }

  /// tan(x) filled to the axis over [-3:3]: the fill has one polygon a branch (three), none
  /// across a pole; in the table each polygon's x stays inside its branch (it goes as
  /// close to the pole as the drawn curve does).
  @Test func noFillAcrossThePolesOfTan() throws {
    let folder = try TemporaryFolder()
    var s = Session()
    _ = s.run("plot [-3:3] [-5:5] tan(x) fill")
    let path = folder.path + "/t.txt"
    #expect(s.run("export table \(path) 600 400").error == nil)
    let table = try String(contentsOfFile: path, encoding: .utf8)
    let block = try #require(table.components(separatedBy: "# fill 1 of 1: tan(x)\n").last)
    let polygons = block.components(separatedBy: "\n\n").filter { !$0.isEmpty }
    #expect(polygons.count == 3)
    let half = Double.pi / 2
    let branches = [(-3.0, -half), (-half, half), (half, 3.0)]
    for (polygon, (lo, hi)) in zip(polygons, branches) {
      let xs = polygon.split(separator: "\n").compactMap { Double($0.split(separator: " ")[0]) }
      #expect(xs.count >= 4)
      #expect(xs.allSatisfy { $0 >= lo - 1e-12 && $0 <= hi + 1e-12 })
    }
    try assertSnapshot(table, named: "fill-tan-table-600x400.txt")
    _ = s.run("set canvas braille")
    let text = s.run("redraw").output
    try assertSnapshot(text, named: "fill-tan-braille-80x24.txt")
  }

  /// 1/x between it and 0 on [-1:1]: an SVG whose fill has two subpaths (one a side of the
  /// pole).
  @Test func poleOfReciprocalInSVG() throws {
    let folder = try TemporaryFolder()
    var s = Session()
    _ = s.run("plot [-1:1] [-10:10] 1/x, 0 fill between")
    let path = folder.path + "/r.svg"
    #expect(s.run("export svg \(path) 800 600").error == nil)
    let svg = try String(contentsOfFile: path, encoding: .utf8)
    let fill = try #require(
      svg.components(separatedBy: "\n").first { $0.contains("fill-opacity=\"0.25\"") })
    #expect(fill.components(separatedBy: "Z").count - 1 == 2)
    try assertSnapshot(svg, named: "fill-pole-800x600.svg")
  }

  /// `tangent` prints only its line, and the next export draws it dashed with a dot at the
  /// point of contact; it stays across zoom and goes with unmark, reset and a new plot.
  @Test func tangentIsDrawnOnThePlot() throws {
    let folder = try TemporaryFolder()
    var s = Session()
    _ = s.run("plot x^3-2x")
    let reply = s.run("tangent x^3-2x at 2")
    #expect(reply.output == "y = 10*x - 16\n")
    let line = try #require(s.currentCurves()?.guideLines.first)
    #expect(line.x0 == 2 && line.y0 == 4 && line.slope == 10 && line.curve == 0)
    let path = folder.path + "/t.svg"
    _ = s.run("export svg \(path) 800 600")
    let svg = try String(contentsOfFile: path, encoding: .utf8)
    #expect(svg.contains("stroke-dasharray=\"6 4\""))
    #expect(svg.contains("<circle"))
    try assertSnapshot(svg, named: "tangent-800x600.svg")
    // The table: a block of the line's two ends in the view, both on y = 10x - 16.
    let table = folder.path + "/t.txt"
    _ = s.run("export table \(table)")
    let text = try String(contentsOfFile: table, encoding: .utf8)
    let block = try #require(text.components(separatedBy: "# tangent 1 of 1: y = 10*x - 16\n").last)
    let ends = block.split(separator: "\n").map {
      $0.split(separator: " ").compactMap { Double($0) }
    }
    #expect(ends.count == 2)
    for end in ends { #expect(abs(end[1] - (10 * end[0] - 16)) < 1e-9 * max(1, abs(end[1]))) }
    _ = s.run("zoom 2")
    #expect(s.currentCurves()?.guideLines.count == 1)
    _ = s.run("unmark")
    #expect(s.currentCurves()?.guideLines.isEmpty == true)
    _ = s.run("tangent x^2 at 1")
    #expect(s.currentCurves()?.guideLines.first?.curve == 1)  // not plotted: a new colour
    _ = s.run("reset")
    #expect(s.currentCurves()?.guideLines.isEmpty == true)
    _ = s.run("tangent x^2 at 1")
    _ = s.run("plot x")
    #expect(s.currentCurves()?.guideLines.isEmpty == true)
    // No derivative: the error, and nothing drawn.
    _ = s.run("plot abs(x)")
    #expect(s.run("tangent abs(x) at 0").error != nil)
    #expect(s.currentCurves()?.guideLines.isEmpty == true)
  }

  /// The braille canvas draws the tangent in dashes of dots.
  @Test func tangentOnTheTerminal() throws {
    var s = Session()
    _ = s.run("set canvas braille")
    _ = s.run("plot [-3:3] [-5:5] x^3-2x")
    _ = s.run("tangent x^3-2x at 1")
    let text = s.run("redraw").output
    try assertSnapshot(text, named: "tangent-braille-80x24.txt")
  }
}
