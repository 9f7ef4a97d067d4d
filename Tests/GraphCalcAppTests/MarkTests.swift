import Foundation
import GraphView
import TestSupport
import Testing

@testable import GraphCalcApp

/// `mark roots|extrema|intersections|all|none`: points of interest found for the view,
/// drawn on the terminal canvas and in SVG, kept across zoom and pan.
@Suite struct MarkTests {
  /// The markers of the current plot, as the next redraw draws them.
  func markers(_ session: Session) -> [PlotMarker] {
    session.currentCurves()?.markers ?? []
  }

  /// sin(x) on the default view [-10, 10]: the roots are k*pi, k = -3...3, all proven.
  @Test func rootsOfSineAreMultiplesOfPi() throws {
    var s = Session()
    #expect(s.run("plot sin(x)").error == nil)
    #expect(s.run("mark roots").error == nil)
    let roots = markers(s)
    #expect(roots.count == 7)
    for (k, m) in zip(-3...3, roots) {
      #expect(abs(m.x - Double(k) * Double.pi) <= 4e-15 * max(1, abs(m.x)))
      #expect(m.y == 0)
      #expect(m.isProven)
    }
    #expect(roots[4].label == "(3.142, 0)")
    #expect(s.run("mark").output == "marks: roots\n")
  }

  /// x^3 - 3x: max at (-1, 2), min at (1, -2).
  @Test func extremaOfACubic() {
    var s = Session()
    _ = s.run("plot x^3 - 3x")
    _ = s.run("mark extrema")
    let e = markers(s)
    #expect(e.count == 2)
    #expect(abs(e[0].x + 1) < 1e-14 && abs(e[0].y - 2) < 1e-13)
    #expect(abs(e[1].x - 1) < 1e-14 && abs(e[1].y + 2) < 1e-13)
    #expect(e.allSatisfy { $0.isProven })
    #expect(e.map(\.label) == ["(-1, 2)", "(1, -2)"])
  }

  /// cos(x) = x at 0.739085133215161 (the Dottie number), once.
  @Test func intersectionOfCosineAndX() {
    var s = Session()
    _ = s.run("plot cos(x), x")
    _ = s.run("mark intersections")
    let m = markers(s)
    #expect(m.count == 1)
    #expect(abs(m[0].x - 0.739_085_133_215_160_6) < 1e-15)
    #expect(abs(m[0].y - 0.739_085_133_215_160_6) < 1e-15)
    #expect(m[0].curve == 0 && m[0].isProven)
  }

  /// Marks stay across zoom and pan and are found for the new view; `unmark` clears them.
  @Test func marksFollowTheView() {
    var s = Session()
    _ = s.run("plot sin(x)")
    _ = s.run("mark all")
    #expect(s.run("mark").output == "marks: roots, extrema, intersections\n")
    _ = s.run("xrange 0 4")
    let m = markers(s)
    #expect(m.map(\.label) == ["(0, 0)", "(3.142, 0)", "(1.571, 1)"])
    _ = s.run("unmark")
    #expect(markers(s).isEmpty)
    #expect(s.run("mark none").error == nil)
    #expect(s.run("mark").output == "marks: none\n")
    #expect(s.run("mark peaks").error?.location == 5..<10)
  }

  /// The terminal: filled `●` at proven points (`O` in ASCII), with labels.
  @Test func terminalShowsMarkersAndLabels() throws {
    var s = Session()
    _ = s.run("set canvas braille")
    _ = s.run("plot [-4:4] [-1.5:1.5] sin(x)")
    let braille = s.run("mark roots").output
    #expect(braille.components(separatedBy: "●").count - 1 == 3)
    #expect(braille.contains("(3.142, 0)"))
    try assertSnapshot(braille, named: "marks-braille-80x24.txt")
    _ = s.run("set canvas ascii")
    let ascii = s.run("redraw").output
    #expect(ascii.contains("O"))
    #expect(ascii.contains("(-3.142, 0)"))
  }

  /// SVG: one circle of radius 4 a point, in the curve's colour; possible points hollow.
  @Test func svgCircles() throws {
    let folder = try TemporaryFolder()
    var s = Session()
    _ = s.run("plot [-3:3] sin(x), cos(x), x^2")
    _ = s.run("mark all")
    let path = folder.path + "/m.svg"
    #expect(s.run("export svg \(path) 800 600").error == nil)
    let svg = try String(contentsOfFile: path, encoding: .utf8)
    #expect(xmlParseError(svg) == nil)
    #expect(svg.contains("r=\"4\""))
    // x^2 has a double root at 0 that is not proven: a hollow circle.
    #expect(svg.contains("fill=\"none\" stroke=\"#2ca02c\""))
    try assertSnapshot(svg, named: "marks-800x600.svg")
  }
}
