import Foundation
import TestSupport
import Testing

@testable import GraphCalcApp
@testable import GraphView

// gnuplot's polar and parametric habits (tracker issue 16; polar.dem, poldat.dem,
// param.dem, airfoil.dem, spline.dem, fillcrvs.dem): set dummy, set angles, set rrange,
// polar data, set grid polar, filledcurves xy=X,Y and r=R, the pseudo-files '+' and '++',
// styles on parametric and polar curves. The expected values are gnuplot 5.4's `set table`
// output of the same lines (6 digits), unless said otherwise; the comparison scripts 97-99
// check whole plots.

@Suite struct PolarHabitsTests {
  /// The rows of the session's `export table` after `lines`: each `x y type`, nil for a
  /// blank line.
  func rows(_ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) throws
    -> [(Double, Double, String)?]
  {
    let folder = try TemporaryFolder()
    var session = Session()
    for line in lines {
      let reply = session.run(line)
      #expect(
        reply.error == nil, "\(line): \(reply.error?.message ?? "")",
        sourceLocation: sourceLocation)
    }
    let path = folder.path + "/t.dat"
    #expect(session.run("export table \(path)").error == nil, sourceLocation: sourceLocation)
    return try String(contentsOfFile: path, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false
    ).compactMap { line -> (Double, Double, String)?? in
      if line.hasPrefix("#") { return nil }
      let f = line.split(separator: " ")
      guard f.count >= 3, let x = Double(f[0]), let y = Double(f[1]) else { return .some(nil) }
      return .some((x, y, String(f[2])))
    }
  }

  /// The points of `rows`, blank lines left out.
  func points(_ rows: [(Double, Double, String)?]) -> [(Double, Double)] {
    rows.compactMap { $0 }.map { ($0.0, $0.1) }
  }

  /// gnuplot prints 6 significant digits.
  func expectSame(
    _ ours: [(Double, Double)], _ gnuplot: [(Double, Double)],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(ours.count == gnuplot.count, "\(ours)", sourceLocation: sourceLocation)
    for (a, b) in zip(ours, gnuplot) {
      #expect(
        abs(a.0 - b.0) <= 1e-5 * max(1, abs(b.0)) && abs(a.1 - b.1) <= 1e-5 * max(1, abs(b.1)),
        "\(a) vs gnuplot \(b)", sourceLocation: sourceLocation)
    }
  }

  func error(_ lines: [String], last: String) -> CommandError? {
    var session = Session()
    for line in lines { _ = session.run(line) }
    return session.run(last).error
  }

  // MARK: set dummy

  @Test func setDummyNamesTheVariableOfFunctionItems() throws {
    // gnuplot: set dummy q; set samples 5; plot [0:4] sin(q) with points.
    let ours = try rows(["set dummy q", "set samples 5", "plot [0:4] sin(q) with points"])
    expectSame(
      points(ours), [(0, 0), (1, 0.841471), (2, 0.909297), (3, 0.14112), (4, -0.756802)])
  }

  @Test func showDummyFollowsTheModes() {
    // gnuplot 5.4's show dummy: "x y", after set dummy u,v "u v", after set parametric
    // "t y", after unset parametric "x y", after set dummy u "u y".
    var session = Session()
    #expect(session.run("show dummy").output == "")
    _ = session.run("set dummy u,v")
    #expect(session.run("show dummy").output == "dummy u,v\n")
    _ = session.run("set parametric")
    #expect(session.run("show dummy").output == "dummy t,y\n")
    _ = session.run("unset parametric")
    #expect(session.run("show dummy").output == "")
    _ = session.run("set dummy u")
    #expect(session.run("show dummy").output == "dummy u,y\n")
    _ = session.run("unset dummy")
    #expect(session.run("show dummy").output == "")
    _ = session.run("set polar")
    #expect(session.run("show dummy").output == "dummy t,y\n")
  }

  @Test func badDummiesAreNamedUnderTheWord() throws {
    let number = try #require(error([], last: "set dummy 1"))
    #expect(number.message.contains("a variable name"))
    #expect(number.location == 10..<11)
    let constant = try #require(error([], last: "set dummy u,pi"))
    #expect(constant.message.contains("pi is one"))
    #expect(constant.location == 12..<14)
    let three = try #require(error([], last: "set dummy a,b,c"))
    #expect(three.message.contains("a third dummy variable"))
    // After set dummy q, x is no variable of the item (gnuplot: undefined variable: x).
    let unknown = try #require(error(["set dummy q"], last: "plot sin(x)"))
    #expect(unknown.location == 9..<10)
  }

  @Test func aNamedRangeNamesTheDummyForOnePlot() throws {
    // gnuplot: set samples 3; plot [q=0:1] q  gives 0 0, 0.5 0.5, 1 1; in parametric
    // mode [u=0:1] is the parameter's range: plot [u=0:1] sin(u),cos(u).
    let ours = try rows(["set samples 3", "plot [q=0:1] q with points"])
    expectSame(points(ours), [(0, 0), (0.5, 0.5), (1, 1)])
    let curve = try rows(["set parametric", "set samples 3", "plot [u=0:1] sin(u),cos(u) w p"])
    expectSame(points(curve), [(0, 1), (0.479426, 0.877583), (0.841471, 0.540302)])
    // The name lasts one plot.
    #expect(error(["plot [q=0:1] q"], last: "plot q") != nil)
  }

  // MARK: set angles

  @Test func setAnglesIsTheAngleUnit() throws {
    var session = Session()
    _ = session.run("set angles degrees")
    #expect(session.run("sin(90)").output == "1\n")
    #expect(session.run("show angles").output == "angles degrees\n")
    _ = session.run("set angles radians")
    #expect(session.run("show angles").output == "")
    // gnuplot's reset goes back to radians after set angles degrees; mode deg stays.
    _ = session.run("set angles degrees")
    _ = session.run("reset")
    #expect(session.run("sin(pi/2)").output == "1\n")
    _ = session.run("mode deg")
    _ = session.run("reset")
    #expect(session.run("sin(90)").output == "1\n")
    let bad = try #require(error([], last: "set angles grads"))
    #expect(bad.message.contains("degrees or radians"))
    #expect(bad.location == 11..<16)
  }

  // MARK: set rrange

  @Test func rrangePutsItsMinimumAtTheCentre() throws {
    // gnuplot: set polar; set rrange [0.5:2]; set samples 5; set trange [0:1];
    // plot 0.2+t  (r < 0.5 undefined, NaN 0 u in gnuplot's table; then r - 0.5).
    let ours = try rows([
      "set polar", "set rrange [0.5:2]", "set samples 5", "set trange [0:1]",
      "plot 0.2+t",
    ])
    expectSame(points(ours), [(0.175517, 0.0958851), (0.32926, 0.306737), (0.378212, 0.58903)])
    // gnuplot: set rrange [0.5:2] then plot 1 with points: radius 0.5.
    let circle = try rows([
      "set polar", "set rrange [0.5:2]", "set samples 5", "set trange [0:1]",
      "plot 1 with points",
    ])
    expectSame(
      points(circle),
      [
        (0.5, 0), (0.484456, 0.123702), (0.438791, 0.239713), (0.365844, 0.340819),
        (0.270151, 0.420735),
      ])
  }

  @Test func rrangeStarsAreTheDefault() {
    var session = Session()
    _ = session.run("set rrange [0:3]")
    #expect(session.run("show rrange").output == "rrange [0:3]\n")
    _ = session.run("set rrange [*:*]")
    #expect(session.run("show rrange").output == "")
    #expect(session.run("set rrange 3").error?.message.contains("set rrange [MIN:MAX]") == true)
  }

  // MARK: polar data

  @Test func polarDataReadsAngleAndRadius() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/d.dat"
    try "0 1\n90 2\n180 1\n".write(toFile: path, atomically: true, encoding: .utf8)
    // gnuplot: set polar; set angles degrees; plot "d.dat" using 1:2 with points:
    // 1 0, 1.22465e-16 2, -1 1.22465e-16.
    let ours = try rows(["set polar", "set angles degrees", "plot \"\(path)\" using 1:2 w p"])
    expectSame(points(ours), [(1, 0), (1.22465e-16, 2), (-1, 1.22465e-16)])
  }

  @Test func dataWhoseLinesStartWithATabIsSplitAtBlanks() throws {
    // poldat.dem's inline data: "\t0\t1\t2". gnuplot: plot FILE using 1:3 gives 0 2, 1 4,
    // 2 1 (the leading tab is no empty cell).
    let folder = try TemporaryFolder()
    let path = folder.path + "/t.dat"
    try "\t0\t1\t2\n\t1\t3\t4\n\t2\t5\t1\n".write(toFile: path, atomically: true, encoding: .utf8)
    let ours = try rows(["plot \"\(path)\" using 1:3"])
    expectSame(points(ours), [(0, 2), (1, 4), (2, 1)])
  }

  // MARK: set grid polar

  @Test func gridPolarIsSetShownAndUnset() throws {
    var session = Session()
    _ = session.run("set grid polar")
    #expect(session.labels.polarGrid == Double.pi / 6)
    _ = session.run("set angles degrees")
    #expect(session.run("set grid polar 15. lt -1 dt 0 lw 0.5").error == nil)
    // gnuplot 5.4's show grid: "lt 0 linecolor -1 linewidth 0.500", the dotted grid line.
    #expect(session.labels.gridLook.dashType == 3)
    #expect(session.labels.gridLook.lineWidth == 0.5)
    #expect(session.run("show grid").output == "grid polar 15\n")
    #expect(abs((session.labels.polarGrid ?? 0) - Double.pi / 12) < 1e-15)
    _ = session.run("set grid nopolar")
    #expect(session.labels.polarGrid == nil)
    let zero = try #require(error([], last: "set grid polar 0"))
    #expect(zero.location == 15..<16)
    #expect(session.run("set grid layerdefault linewidth 0.5").error == nil)
  }

  @Test func gridPolarDrawsCirclesAndRays() throws {
    // A view of [-2:2] both ways: circles at 0.5, 1, ..., 2 (Ticks over [0, 2]), rays every
    // 30 degrees from the origin.
    let area = PixelRect(x: 0, y: 0, width: 400, height: 400)
    let viewport = Viewport(
      xRange: -2...2, yRange: -2...2, size: PixelSize(width: 400, height: 400))
    let map = PlotLayout.PixelMap(viewport: viewport, area: area)
    let lines = PlotLayout.polarGridLines(
      radii: [1, 2], angle: .pi / 6, map: map, plotArea: area)
    #expect(lines.count == 2 + 12)
    // Every point of the first circle is 100 pixels from the centre (200, 200).
    for p in lines[0] {
      #expect(
        abs(((p.x - 200) * (p.x - 200) + (p.y - 200) * (p.y - 200)).squareRoot() - 100) < 1e-9)
    }
    // The ray at 90 degrees goes straight up from the centre to radius 2 (200 pixels).
    let up = lines[2 + 3]
    #expect(abs(up.first!.x - 200) < 1e-9 && abs(up.first!.y - 200) < 1e-9)
    #expect(abs(up.last!.x - 200) < 1e-9 && abs(up.last!.y - 0) < 1e-9)
    // A circle larger than the view is cut into the runs inside it.
    let cut = PlotLayout.polarGridLines(radii: [2.5], angle: 0, map: map, plotArea: area)
    #expect(cut.count == 4)
  }

  // MARK: filledcurves

  @Test func filledcurvesXYKeepsItsComma() throws {
    var session = Session()
    #expect(session.run("plot sin(x) with filledcurves xy=-5,-4., cos(x)").error == nil)
    #expect(session.curves?.items.count == 2)
    guard case .function(_, _, let style) = session.curves?.items[0] else {
      Issue.record("not a function")
      return
    }
    #expect(style.look.fillTo == .point(-5, -4))
  }

  @Test func filledcurvesRadiusIsForPolarCurves() throws {
    let bad = try #require(error([], last: "plot sin(x) with filledcurves r=2"))
    #expect(bad.message.contains("filledcurves r= outside set polar"))
    #expect(bad.location == 30..<33)
    let missing = try #require(error(["set polar"], last: "plot 1 with filledcurves r="))
    #expect(missing.message.contains("a radius"))
    // above r=2 of the circle r = 1: the curve is held at r = 2, so the outline is the
    // circle r = 2 out and back (half a turn in 3 samples).
    let ours = try rows([
      "set polar", "set samples 3", "set trange [0:pi]", "plot 1 with filledcurves above r=2",
    ])
    expectSame(points(ours), [(2, 0), (0, 2), (-2, 0), (-2, 0), (0, 2), (2, 0)])
  }

  @Test func lineTypeMinusOneIsBlack() throws {
    // fillcrvs.dem's `t/3,1.52-abs(t/pi) with filledcurve xy=0,1.8 lt -1`: gnuplot's
    // LT_BLACK.
    var session = Session()
    _ = session.run("set parametric")
    let reply = session.run("plot [t=-pi:pi] t/3,1.52-abs(t/pi) with filledcurve xy=0,1.8 lt -1")
    #expect(reply.error == nil, "\(reply.error?.message ?? "")")
    guard case .data(let curve) = session.curves?.items.first else {
      Issue.record("not sampled")
      return
    }
    #expect(curve.look.color == CurveLook.color(named: "black"))
    _ = session.run("unset parametric")
    let bad = session.run("plot '+' using 1:1 lt -2").error
    #expect(bad?.message.contains("or -1, black") == true, "\(bad?.message ?? "")")
  }

  // MARK: '+' and '++'

  @Test func plusSamplesTheNamedRangeThenTrangeThenX() throws {
    // gnuplot: set samples 4; plot [t=0:3] '+' using 1:($1**2): 0 0, 1 1, 2 4, 3 9.
    expectSame(
      points(try rows(["set samples 4", "plot [t=0:3] '+' using 1:($1**2)"])),
      [(0, 0), (1, 1), (2, 4), (3, 9)])
    // gnuplot: set samples 4; set trange [1:2]; plot [0:3] '+' using 1:($1**2).
    expectSame(
      points(try rows(["set samples 4", "set trange [1:2]", "plot [0:3] '+' using 1:($1**2)"])),
      [(1, 1), (1.33333, 1.77778), (1.66667, 2.77778), (2, 4)])
    // gnuplot: set samples 4; plot '+' using 1:($1**2) (the x range [-10:10]).
    expectSame(
      points(try rows(["set samples 4", "plot '+' using 1:($1**2)"])),
      [(-10, 100), (-3.33333, 11.1111), (3.33333, 11.1111), (10, 100)])
  }

  @Test func plusPlusIsAGridOfURangeAndVRange() throws {
    // gnuplot: set samples 3; set urange [0:1]; set vrange [5:6]; plot '++' using 1:2:
    // rows of u = 0, 0.5, 1 at v = 6, 5.88889, ..., 5 (10 rows).
    let ours = try rows([
      "set samples 3", "set urange [0:1]", "set vrange [5:6]", "plot '++' using 1:2 w p",
    ])
    let p = points(ours)
    #expect(p.count == 30)
    expectSame(Array(p.prefix(4)), [(0, 6), (0.5, 6), (1, 6), (0, 5.88889)])
    expectSame(Array(p.suffix(1)), [(1, 5)])
  }

  // MARK: styles on curves

  @Test func parametricCurvesTakeStyles() throws {
    var session = Session()
    _ = session.run("set parametric")
    #expect(
      session.run("plot sin(t),cos(t) with lines lw 2 lc rgb \"red\" title \"c\"").error == nil)
    guard case .parametric(_, let title, let look) = session.curves?.items.first else {
      Issue.record("not a parametric curve")
      return
    }
    #expect(title == "c" && look.lineWidth == 2)
    // A pair item keeps its adaptive sampling with a line style; points are sampled.
    #expect(session.run("unset parametric").error == nil)
    #expect(session.run("plot (cos(t), sin(t)) lw 2").error == nil)
    #expect(session.run("plot (cos(t), sin(t)) with points").error == nil)
    guard case .data(let curve) = session.curves?.items.first else {
      Issue.record("not sampled")
      return
    }
    #expect(curve.count == 100 && curve.marks == .points)
  }
}
