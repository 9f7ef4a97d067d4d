import CalculatorBrain
import CompiledFunctions
import GraphCalcApp
import GraphView
import Testing

// The automatic y range is remembered per set of curves and x range
// (`FunctionCurves.autoYRange`); these check that it is forgotten when it must be.

/// The y range a session shows, from its `view` description.
func shownY(_ session: Session) -> String {
  String(session.viewDescription.split(separator: "y", maxSplits: 1).last ?? "")
}

/// The y range a new session (nothing remembered) shows after `lines`.
func freshY(_ lines: [String]) -> String {
  var session = Session(terminalSize: TerminalSize(columns: 60, rows: 20))
  for line in lines { _ = session.run(line) }
  return shownY(session)
}

@Suite struct YRangeMemoTests {
  @Test func memoAnswersTheSameXRangeAndForgetsOnNewItems() throws {
    let f = try PlotFunction(
      CalculatorBrain().parse(expression: "sin(x)"), variable: "x", variables: [:], functions: [:])
    let g = try PlotFunction(
      CalculatorBrain().parse(expression: "40*x"), variable: "x", variables: [:], functions: [:])
    let curves = FunctionCurves(functions: [f], titles: ["sin(x)"])
    var computed = 0
    func ask(_ c: FunctionCurves, _ x: ClosedRange<Double>) -> ClosedRange<Double> {
      c.autoYRange(xRange: x) {
        computed += 1
        return Autoscale.yRange(of: c, xRange: x)
      }
    }
    let first = ask(curves, -10...10)
    #expect(computed == 1)
    #expect(ask(curves, -10...10) == first)
    #expect(computed == 1)  // remembered
    var copy = curves
    copy.xRange = -3...3  // the view changes, the items do not: still remembered
    #expect(ask(copy, -10...10) == first)
    #expect(computed == 1)
    _ = ask(curves, -5...5)  // another x range (zoom, pan)
    #expect(computed == 2)
    _ = ask(curves, -5.0...5)
    #expect(computed == 2)
    _ = ask(curves, -0.0...5)
    _ = ask(curves, 0.0...5)  // -0 and 0 sample different x: not the same range
    #expect(computed == 4)

    var other = curves
    other.items = [PlotItem.function(g, title: "40*x")]  // new items: the copy forgets
    let steep = ask(other, 0.0...5)
    #expect(computed == 5)
    #expect(steep == Autoscale.yRange(of: other, xRange: 0...5))
    #expect(steep != ask(curves, 0.0...5))  // and the original still has its own
    #expect(computed == 5)
    other.items.removeAll()
    #expect(ask(other, 0.0...5) == Autoscale.fallback)
    #expect(computed == 6)
  }

  @Test func sessionYRangeFollowsZoomSetAndRedefinition() {
    var session = Session(terminalSize: TerminalSize(columns: 60, rows: 20))
    var lines: [String] = []
    func run(_ line: String) {
      lines.append(line)
      #expect(session.run(line).error == nil, "\(line)")
    }
    run("a = 1")
    run("f(x) = x")
    run("plot a*sin(x) + f(x)")
    let first = shownY(session)
    #expect(first == freshY(lines))
    run("xrange -1 1")  // y stays automatic: worked out for the new x range
    #expect(shownY(session) != first)
    #expect(shownY(session) == freshY(lines))
    run("xrange -10 10")
    #expect(shownY(session) == first)
    run("a = 20")
    run("plot a*sin(x) + f(x)")  // the new value of a
    let withA = shownY(session)
    #expect(withA != first)
    #expect(withA == freshY(lines))
    run("f(x) = 10*x")
    run("plot a*sin(x) + f(x)")  // the new definition of f
    let withF = shownY(session)
    #expect(withF != withA)
    #expect(withF == freshY(lines))
    run("yrange auto")
    run("pan 3 0")  // automatic y over the moved x range
    #expect(shownY(session) != withF)
    #expect(shownY(session) == freshY(lines))
    run("zoom 2")  // fixes y at half the automatic range
    #expect(shownY(session) == freshY(lines))
    run("pan 1 0")
    #expect(shownY(session) == freshY(lines))
    run("yrange auto")
    #expect(shownY(session) == freshY(lines))
  }
}
