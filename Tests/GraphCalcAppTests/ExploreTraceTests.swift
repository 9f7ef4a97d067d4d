import CalculatorBrain
import Glibc
import GraphView
import Testing

@testable import GraphCalcApp

// explore's trace on every curve kind (tracker issues 14 and 15): switching curves, the
// slope at the cursor, and the jumps to points of interest. The expected values are worked
// by hand (each test says how); positions and slopes are checked to 1e-12.

/// An explore state after `lines` (the last a plot), 80x24, ASCII.
private func exploring(lines: [String]) throws -> ExploreState {
  var session = Session(terminalSize: TerminalSize(columns: 80, rows: 24))
  session.display = TerminalDisplay(canvas: .ascii)
  for line in lines {
    let reply = session.run(line)
    #expect(reply.error == nil, "\(line): \(String(describing: reply.error))")
  }
  return try session.exploreState()
}

/// Whether `a` and `b` agree to `tolerance` (absolute).
private func near(_ a: Double?, _ b: Double, _ tolerance: Double = 1e-12) -> Bool {
  guard let a else { return false }
  return abs(a - b) <= tolerance
}

/// The cursor's position along its curve (x, y, t or θ).
private func position(_ s: ExploreState) -> Double? { s.trace?.position }

@Suite struct ExploreTraceTests {
  /// d/dx sin(x) = cos(x): 1 at 0, cos(1) at 1.
  @Test func theSlopeOfSinIsCos() throws {
    var s = try exploring("sin(x)")
    _ = s.handle(.character("t"))
    s.placeTrace(at: 0)
    let curve = try #require(s.tracedCurve)
    #expect(curve.slope(at: 0) == 1)
    #expect(near(curve.slope(at: 1), cos(1)))
    #expect(s.statusLine().hasPrefix("sin(x): x = 0  f(x) = 0  slope = 1  |"), "\(s.statusLine())")
  }

  /// From x = 0.5 on sin over [-10, 10] the points of interest, in order along x, are the
  /// maximum at π/2, the root at π, the minimum at 3π/2, ...; p goes back.
  @Test func nAndPJumpAlongThePointsOfInterestOfSin() throws {
    var s = try exploring("sin(x)")
    _ = s.handle(.character("t"))
    s.placeTrace(at: 0.5)
    #expect(s.handle(.character("n")) == .redraw)
    #expect(near(position(s), Double.pi / 2), "\(String(describing: position(s)))")
    #expect(s.statusLine().contains("| max (proven)"), "\(s.statusLine())")
    _ = s.handle(.character("n"))
    #expect(near(position(s), Double.pi), "\(String(describing: position(s)))")
    #expect(s.statusLine().contains("| root (proven)"), "\(s.statusLine())")
    let p = try #require(s.tracePoint())
    #expect(abs(p.y) < 1e-12)
    #expect(near(s.tracedCurve?.slope(at: Double.pi), -1))
    _ = s.handle(.character("n"))
    #expect(near(position(s), 3 * Double.pi / 2))
    #expect(s.statusLine().contains("| min (proven)"))
    _ = keys(&s, [.character("p"), .character("N")])
    #expect(near(position(s), Double.pi / 2))
    // Before the first root in the view (x = -3π, as -4π < -10) there is none.
    s.placeTrace(at: -9.9)
    _ = s.handle(.character("p"))
    #expect(s.statusLine().contains("no previous point of interest in the view"))
    #expect(position(s) == -9.9)
    _ = s.handle(.character("n"))
    #expect(near(position(s), -3 * Double.pi))
  }

  /// Intersections with the other function of x are points of interest too: sin and cos
  /// meet at π/4 (and 5π/4, ...).
  @Test func nStopsAtAnIntersection() throws {
    var s = try exploring("sin(x), cos(x)")
    _ = s.handle(.character("t"))
    s.placeTrace(at: 0.1)
    _ = s.handle(.character("n"))
    #expect(near(position(s), Double.pi / 4))
    #expect(s.statusLine().contains("intersection with cos(x)"), "\(s.statusLine())")
  }

  /// (cos t, sin t) at t = π/2 is (0, 1) and dy/dx = cos t / (-sin t) = 0 there; at t = 0
  /// x'(0) = -sin 0 = 0 and y'(0) = 1: the tangent is vertical.
  @Test func theCircleSlopeIsZeroAtTheTopAndVerticalAtTheSide() throws {
    var s = try exploring("[-2:2] [-2:2] (cos(t), sin(t))")
    _ = s.handle(.character("t"))
    s.placeTrace(at: Double.pi / 2)
    let p = try #require(s.tracePoint())
    #expect(near(p.x, 0) && near(p.y, 1))
    let curve = try #require(s.tracedCurve)
    #expect(near(curve.slope(at: Double.pi / 2), 0))
    #expect(s.statusLine().hasPrefix("(cos(t), sin(t)): t = 1.5708  x = "), "\(s.statusLine())")
    #expect(curve.slope(at: 0) == .infinity)
    s.placeTrace(at: 0)
    #expect(s.statusLine().contains("slope = vertical"), "\(s.statusLine())")
    // Its points of interest from t = 0.1: x = 0 and the greatest y, both at t = π/2.
    s.placeTrace(at: 0.1)
    _ = s.handle(.character("n"))
    #expect(near(position(s), Double.pi / 2))
    #expect(
      s.statusLine().contains("x = 0") && s.statusLine().contains("greatest y"),
      "\(s.statusLine())")
  }

  /// |x| has no derivative at its corner: `abs(u)' = u'·u/|u|` is 0/0 there.
  @Test func absHasNoSlopeAtItsCorner() throws {
    var s = try exploring("abs(x)")
    _ = s.handle(.character("t"))
    s.placeTrace(at: 0)
    let curve = try #require(s.tracedCurve)
    #expect(curve.slope(at: 0).isNaN)
    #expect(curve.slope(at: 2) == 1 && curve.slope(at: -2) == -1)
    #expect(s.statusLine().contains("slope = undefined"), "\(s.statusLine())")
  }

  /// Tab goes round the traceable curves, skipping the relation and saying so; Shift-Tab
  /// (ESC [ Z) and `C` go back; from one function of x to the next the cursor keeps its x.
  @Test func tabSkipsARelationAndReachesTheNextCurve() throws {
    var s = try exploring("sin(x), x^2 + y^2 = 4, cos(x)")
    #expect(s.tracer.curves.map(\.title) == ["sin(x)", "cos(x)"])
    #expect(s.tracer.skipped == ["x^2 + y^2 = 4"])
    #expect(s.handle(.control(9)) == .ignored)  // not tracing: Tab does nothing
    _ = s.handle(.character("t"))
    #expect(s.statusLine().contains("not traced (relations, data): x^2 + y^2 = 4"))
    s.placeTrace(at: 1)
    #expect(s.handle(.control(9)) == .redraw)
    #expect(s.statusLine().hasPrefix("cos(x): x = 1  f(x) = 0.540302  slope = -0.841471"))
    #expect(s.statusLine().contains("not traced (relations, data): x^2 + y^2 = 4"))
    #expect(s.trace == ExploreState.TraceCursor(curve: 1, position: 1))
    _ = s.handle(.control(9))  // round to the first
    #expect(s.statusLine().hasPrefix("sin(x): x = 1  "))
    _ = s.handle(.backTab)
    #expect(s.statusLine().hasPrefix("cos(x): "))
    _ = s.handle(.character("C"))
    #expect(s.statusLine().hasPrefix("sin(x): "))
    var d = KeyDecoder()
    #expect(d.feed(Array("\u{1B}[Z\t".utf8)) == [.backTab, .control(9)])
  }

  /// With one traceable curve Tab says so; with none `t` says why.
  @Test func tabWithOneCurveAndTraceWithNone() throws {
    var s = try exploring("sin(x), y < x")
    _ = s.handle(.character("t"))
    _ = s.handle(.control(9))
    #expect(s.statusLine().contains("only one curve to trace; not traced (relations, data): y < x"))
    var r = try exploring("x^2 + y^2 = 4")
    _ = r.handle(.character("t"))
    #expect(r.trace == nil)
    #expect(r.statusLine().contains("nothing to trace"))
  }

  /// x = y^2 is traced along y (up/down step a row, left/right too), and its slope is
  /// dy/dx = 1 / (dx/dy) = 1 / (2y): 1/2 at y = 1, vertical at y = 0.
  @Test func aFunctionOfYStepsInYAndItsSlopeIsTheReciprocal() throws {
    var s = try exploring("[-1:5] [-2:2] x = y^2")
    _ = s.handle(.character("t"))
    let curve = try #require(s.tracedCurve)
    #expect(curve.kind == .functionOfY)
    let y0 = try #require(position(s))
    #expect(abs(y0) < 0.2)  // the middle row
    _ = s.handle(.up)
    let y1 = try #require(position(s))
    #expect(y1 > y0)
    let p = try #require(s.tracePoint())
    #expect(p.y == y1 && near(p.x, y1 * y1))
    _ = s.handle(.down)
    #expect(near(position(s), y0))
    #expect(s.view.yRange == .fixed(-2...2))  // up/down moved the cursor, not the view
    #expect(curve.slope(at: 1) == 0.5)
    #expect(curve.slope(at: 0) == .infinity)
    s.placeTrace(at: 1)
    #expect(s.statusLine().hasPrefix("x = y^2: y = 1  x = 1  slope = 0.5"), "\(s.statusLine())")
    // Tab to the next function of y keeps y: x = y^3 at y = 1 has slope 1/3.
    var two = try exploring("[-1:5] [-2:2] x = y^2, x = y^3")
    _ = two.handle(.character("t"))
    two.placeTrace(at: 1)
    _ = two.handle(.control(9))
    #expect(two.trace == ExploreState.TraceCursor(curve: 1, position: 1))
    #expect(two.statusLine().hasPrefix("x = y^3: y = 1  x = 1  slope = 0.333333"))
  }

  /// r = 1 + cos θ is traced along θ, its range [0, 2π] in as many steps as the plot area
  /// has columns. x = (1 + cos θ) cos θ and y = (1 + cos θ) sin θ, so dx/dθ =
  /// -sin θ (1 + 2 cos θ) and dy/dθ = cos θ + cos 2θ: at θ = π/2 both are -1 (slope 1), at
  /// θ = π/3 dy/dθ = 0 (slope 0, the top of the cardioid).
  @Test func aPolarCurveStepsInTheta() throws {
    var s = try exploring("[-1:2.5] [-1.5:1.5] r = 1 + cos(θ)")
    _ = s.handle(.character("t"))
    let t0 = try #require(s.traceParameter())
    _ = s.handle(.right)
    let t1 = try #require(s.traceParameter())
    _ = s.handle(.right)
    let t2 = try #require(s.traceParameter())
    #expect(t1 > t0 && near(t2 - t1, t1 - t0))
    let step = t1 - t0
    #expect(step > 2 * Double.pi / 80 && step < 2 * Double.pi / 50)  // one plot column
    let curve = try #require(s.tracedCurve)
    #expect(near(curve.slope(at: Double.pi / 2), 1))
    #expect(near(curve.slope(at: Double.pi / 3), 0))
    s.placeTrace(at: Double.pi / 2)
    let p = try #require(s.tracePoint())
    #expect(near(p.x, 0) && near(p.y, 1))
    #expect(s.statusLine().hasPrefix("r = 1 + cos(θ): θ = 1.5708  x = "), "\(s.statusLine())")
    #expect(s.statusLine().contains("slope = 1  |"), "\(s.statusLine())")
  }

  /// In degrees (`mode deg`) the slope is per degree: d/dx sin(x) = π/180·cos(x), so π/180
  /// at 0 and π/360 at 60, for sin typed in the plot and inside a user function alike (the
  /// latter was cos(x) taken in radians before the tracer rewrote the user's functions).
  @Test func inDegreesTheSlopeIsPerDegree() throws {
    for lines in [
      ["mode deg", "plot [0:360] sin(x)"], ["f(x) = sin(x)", "mode deg", "plot [0:360] f(x)"],
    ] {
      var s = try exploring(lines: lines)
      _ = s.handle(.character("t"))
      let curve = try #require(s.tracedCurve)
      #expect(near(curve.slope(at: 0), Double.pi / 180, 1e-17), "\(lines)")
      #expect(near(curve.slope(at: 60), Double.pi / 360, 1e-16), "\(lines)")
      // n from 0.5 goes to the maximum at 90 degrees (marked possible, as `extrema
      // sin(pi*x/180) [0:360]` marks it: RootFinder does not prove the root of its slope).
      s.placeTrace(at: 0.5)
      _ = s.handle(.character("n"))
      #expect(near(position(s), 90, 1e-9), "\(lines): \(String(describing: position(s)))")
      #expect(s.statusLine().contains("| max ("), "\(lines)")
    }
    // A polar curve in degrees: θ in [0, 360]; dy/dx is the same as in radians.
    var s = try exploring(lines: ["mode deg", "plot [-1:2.5] [-1.5:1.5] r = 1 + cos(θ)"])
    _ = s.handle(.character("t"))
    #expect(near(s.tracedCurve?.slope(at: 90), 1))
    #expect(near(s.tracedCurve?.slope(at: 60), 0))
  }

  /// After `set aspect equal` the trace steps by the columns drawn: here the x range grows
  /// to keep units equal, and five steps right move the cursor five columns on the screen
  /// (it stepped by the view's narrower x range before, so fewer).
  @Test func underEqualAspectTheCursorStepsByTheColumnsShown() throws {
    var s = try exploring(lines: ["set aspect equal", "plot [-1:1] [-10:10] x"])
    let drawn = s.drawnRanges
    #expect(drawn.x.lowerBound < -5 && drawn.x.upperBound > 5)
    #expect(s.statusLine().hasPrefix("x [-"), "\(s.statusLine())")
    #expect(!s.statusLine().hasPrefix("x [-1, 1]"))
    _ = s.handle(.character("t"))
    func markerColumn() -> Int? {
      for line in s.screen() {
        if let at = line.firstIndex(of: "@") { return line.distance(from: line.startIndex, to: at) }
      }
      return nil
    }
    let before = try #require(markerColumn())
    _ = keys(&s, [.right, .right, .right, .right, .right])
    let after = try #require(markerColumn())
    #expect(after - before == 5)
    #expect(s.view.xRange == -1...1)
  }

  /// sin(1/x)'s points of interest crowd together without end at 0, so the search of the
  /// whole view [-10, 10] cannot finish: it spent its budget on the roots left of 0 (the
  /// first it visits) and `n` said there was no next point. Now `n` and `p` search outward
  /// from the cursor: the nearest points after and before x = 0.05 are the root 1/(6π)
  /// (sin(6π) = 0) and the maximum 1/(6.5π) (sin(6.5π) = 1); 1/(7π) < 0.05 and the next
  /// extremum after 0.05 is 1/(5.5π) > 1/(6π).
  @Test func nAndPFindTheNearestPointsOfSinOneOverXNearZero() throws {
    var s = try exploring("sin(1/x)")
    _ = s.handle(.character("t"))
    s.placeTrace(at: 0.05)
    _ = s.handle(.character("n"))
    #expect(near(position(s), 1 / (6 * Double.pi)), "\(String(describing: position(s)))")
    #expect(s.statusLine().contains("| root (proven)"), "\(s.statusLine())")
    #expect(!s.statusLine().contains("stopped"), "\(s.statusLine())")
    _ = s.handle(.character("n"))
    #expect(near(position(s), 1 / (5.5 * Double.pi)), "\(String(describing: position(s)))")
    #expect(s.statusLine().contains("| min (proven)"), "\(s.statusLine())")
    s.placeTrace(at: 0.05)
    _ = s.handle(.character("p"))
    #expect(near(position(s), 1 / (6.5 * Double.pi)), "\(String(describing: position(s)))")
    #expect(s.statusLine().contains("| max (proven)"), "\(s.statusLine())")
    // Left of 0 the same, mirrored: sin(1/x) is odd.
    s.placeTrace(at: -0.05)
    _ = s.handle(.character("p"))
    #expect(near(position(s), -1 / (6 * Double.pi)), "\(String(describing: position(s)))")
    #expect(s.statusLine().contains("| root (proven)"), "\(s.statusLine())")
  }

  /// From x = 0.001, where the roots 1/(kπ) are 1e-6 apart, n goes to the nearest of
  /// sin(1/x)'s roots 1/(kπ) and extrema 1/((k + 1/2)π) after it, worked out here, and p to
  /// the nearest before it.
  @Test func nAndPFromCloserToZeroGoToTheNearestPoints() throws {
    var s = try exploring("sin(1/x)")
    _ = s.handle(.character("t"))
    var candidates: [Double] = []
    for k in 1...2000 {
      let root: Double = 1 / (Double(k) * Double.pi)
      let extremum: Double = 1 / ((Double(k) + 0.5) * Double.pi)
      candidates += [root, extremum]
    }
    let start = 0.001
    s.placeTrace(at: start)
    _ = s.handle(.character("n"))
    let after = try #require(candidates.filter { $0 > start }.min())
    #expect(near(position(s), after, 1e-15), "\(String(describing: position(s)))")
    #expect(s.statusLine().contains("(proven)"), "\(s.statusLine())")
    s.placeTrace(at: start)
    _ = s.handle(.character("p"))
    let before = try #require(candidates.filter { $0 < start }.max())
    #expect(near(position(s), before, 1e-15), "\(String(describing: position(s)))")
    #expect(s.statusLine().contains("(proven)"), "\(s.statusLine())")
  }

  /// At 0 itself (where `explore` puts the cursor on a view centred on 0: the bench's case)
  /// there is no next point, only points without end ever closer: n says so within its
  /// budget and the cursor stays, as for p.
  @Test func atTheCrowdItselfNSaysThePointsAreTooMany() throws {
    var s = try exploring("sin(1/x)")
    _ = s.handle(.character("t"))
    for key in ["n", "p"] {
      s.placeTrace(at: 0)
      _ = s.handle(.character(Character(key)))
      let expected =
        "no \(key == "n" ? "next" : "previous") point of interest found: too many points of "
        + "interest near x = 0 (search stopped)"
      #expect(s.statusLine().contains(expected), "\(s.statusLine())")
      #expect(position(s) == 0)
    }
  }

  /// The outward search counts its work in boxes: from x = 0.05 on sin(1/x) it needs a small
  /// part of its budget (`nearBoxes`), where the search of the whole view spends all of
  /// `searchBoxes` and stops; a search from 9.9, with no point between the cursor and the
  /// view's edge, ends there with no point and no note.
  @Test func theOutwardSearchIsSmall() throws {
    let s = try exploring("sin(1/x)")
    let (x, y) = s.drawnRanges
    let whole = s.tracer.pointsOfInterest(of: 0, x: x, y: y)
    #expect(whole.note == "search stopped (budget of boxes): points may be missing")
    let (point, note, boxes) = s.tracer.nearestPoint(
      of: 0, from: 0.05, forward: true, tolerance: 1e-12, x: x, y: y)
    #expect(near(point?.position, 1 / (6 * Double.pi)))
    #expect(note == nil)
    #expect(boxes > 0 && boxes < ExploreTracer.nearBoxes / 4, "\(boxes) boxes")
    let (none, quiet, _) = s.tracer.nearestPoint(
      of: 0, from: 9.9, forward: true, tolerance: 1e-12, x: x, y: y)
    #expect(none == nil && quiet == nil)
  }
}
