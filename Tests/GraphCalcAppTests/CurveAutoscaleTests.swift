import Foundation
import Testing

@testable import GraphCalcApp

/// The automatic ranges of plots with relations, functions of y, parametric and polar
/// curves (`Session.curveYBounds`, `Session.dataXRange`): each case's `view` after the plot,
/// worked out by hand from the curve's extent, 5 % of margin and the ticks' step.
struct CurveAutoscaleTests {
  struct Case: Sendable, CustomStringConvertible {
    var plot: String
    var view: String
    var description: String { plot }
  }

  static let cases: [Case] = [
    // A circle of radius 5 beside sin: y [-5.5, 5.5] snapped to whole units.
    Case(plot: "plot sin(x), x^2+y^2=25", view: "x [-10, 10]  y [-6, 6]"),
    Case(plot: "plot x^2+y^2=25", view: "x [-10, 10]  y [-6, 6]"),
    // x [-3.3, 3.3] and y [-2.2, 2.2], snapped (steps 1 and 0.5).
    Case(plot: "plot (3cos(t), 2sin(t))", view: "x [-4, 4]  y [-2.5, 2.5]"),
    // The cardioid: x in [-0.25, 2], y in [-1.3, 1.3].
    Case(plot: "plot r = 1 + cos(θ)", view: "x [-0.5, 2.5]  y [-1.5, 1.5]"),
    // A region's extent is its edge: y = sin(x).
    Case(plot: "plot y < sin(x)", view: "x [-10, 10]  y [-1.5, 1.5]"),
    // A parametric curve beside a function: x stays the default, y is the union.
    Case(plot: "plot sin(x), (3cos(t), 2sin(t))", view: "x [-10, 10]  y [-2.5, 2.5]"),
    // x = y^2 seen through x in [-10, 10]: y in [-sqrt(10), sqrt(10)].
    Case(plot: "plot sin(x), x = y^2", view: "x [-10, 10]  y [-4, 4]"),
    // Unbounded both ways: nothing added to sin's range; alone, the window.
    Case(plot: "plot sin(x), x = 3", view: "x [-10, 10]  y [-1, 1]"),
    Case(plot: "plot sin(x), x > 0", view: "x [-10, 10]  y [-1, 1]"),
    Case(plot: "plot x = 3", view: "x [-10, 10]  y [-10, 10]"),
    // Nothing to fit: today's fallback.
    Case(plot: "plot 0*x = 0", view: "x [-10, 10]  y [-10, 10]"),
    Case(plot: "plot x^2 + y^2 < 0", view: "x [-10, 10]  y [-10, 10]"),
    // A point: padded as a constant.
    Case(plot: "plot x^2 + y^2 = 0", view: "x [-10, 10]  y [-1, 1]"),
    // The window follows the functions: a circle about y = 100.
    Case(plot: "plot 100 + sin(x), x^2 + (y - 100)^2 = 25", view: "x [-10, 10]  y [94, 106]"),
    // A spiral of radius 6π: x in [-15.6, 18.8], y in [-17.3, 14.1] (robust bounds).
    Case(plot: "plot [t=0:6pi] (t*cos(t), t*sin(t))", view: "x [-20, 25]  y [-20, 20]"),
    // Functions alone are unchanged.
    Case(plot: "plot sin(x)", view: "x [-10, 10]  y [-1, 1]"),
  ]

  @Test(arguments: cases) func viewFitsTheCurves(_ c: Case) {
    var session = Session()
    let plotted = session.run(c.plot)
    #expect(plotted.error == nil)
    #expect(session.run("view").output.trimmingCharacters(in: .newlines) == c.view)
  }

  @Test func aGivenXRangeIsKept() {
    var session = Session()
    _ = session.run("plot [-1:1] (3cos(t), 2sin(t))")
    #expect(session.run("view").output.hasPrefix("x [-1, 1]"))
    _ = session.run("xrange -2 2")
    _ = session.run("plot r = 1 + cos(θ)")
    #expect(session.run("view").output.hasPrefix("x [-2, 2]"))
  }

  @Test func theCircleIsWhollyInView() throws {
    var session = Session()
    _ = session.run("plot sin(x), x^2 + y^2 = 25")
    let y = try #require(session.autoY())
    #expect(y.lowerBound < -5 && y.upperBound > 5)
  }
}
