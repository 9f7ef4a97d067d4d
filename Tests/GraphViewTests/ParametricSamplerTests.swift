import Foundation
import Intervals
import Testing

@testable import GraphView

/// The unit circle (cos t, sin t) with plain interval enclosures.
private func circle(_ budget: ParametricBudget = .init()) -> ParametricCurve {
  ParametricCurve(
    parameterRange: 0...(2 * Double.pi), x: { cos($0) }, y: { sin($0) },
    xOver: { Interval.cos($0) }, yOver: { Interval.sin($0) }, budget: budget)
}

@Suite struct ParametricSamplerTests {
  let view = Viewport(
    xRange: -1.5...1.5, yRange: -1.5...1.5, size: PixelSize(width: 300, height: 300))

  @Test func everyChordIsWithinAPixelOfTheCircle() {
    let (segments, undecided) = ParametricSampler.sample(circle(), viewport: view)
    #expect(undecided == 0)
    #expect(segments.count == 1)
    let points = segments.flatMap { $0 }
    // Starts at t = 0 and ends at t = 2π.
    #expect(points.first == PlotPoint(x: 1, y: 0))
    #expect(abs((points.last?.x ?? 0) - 1) < 1e-12)
    // A pixel is 0.01 units; each chord's midpoint is within a pixel of the circle.
    for (a, b) in zip(points, points.dropFirst()) {
      let mx = (a.x + b.x) / 2
      let my = (a.y + b.y) / 2
      #expect(abs((mx * mx + my * my).squareRoot() - 1) < 0.01)
      #expect(max(abs(a.x - b.x), abs(a.y - b.y)) <= 0.0071)
    }
  }

  @Test func theBudgetJoinsTheRestPointToPointAndCountsIt() {
    let (segments, undecided) = ParametricSampler.sample(
      circle(ParametricBudget(maxPieces: 100)), viewport: view)
    #expect(undecided > 0)
    #expect(!segments.isEmpty)
    let none = ParametricSampler.sample(
      circle(ParametricBudget(seconds: 0)), viewport: view)
    #expect(none.undecided > 0 || none.segments.flatMap { $0 }.count > 0)
  }

  @Test func ctrlCStops() {
    let (segments, _) = ParametricSampler.sample(
      circle(ParametricBudget(interrupt: { true })), viewport: view)
    // Stopped at the 1024th piece: the circle is not whole.
    let points = segments.flatMap { $0 }
    #expect(points.count < 1024)
  }

  @Test func thePenLiftsWhereThePieceMayBeDiscontinuous() {
    // (t, 1/t) over [-1, 1]: the pole at 0 lifts the pen (two polylines, no chord).
    let curve = ParametricCurve(
      parameterRange: -1...1, x: { $0 }, y: { 1 / $0 }, xOver: { $0 },
      yOver: { Interval(1) / $0 })
    let (segments, _) = ParametricSampler.sample(curve, viewport: view)
    #expect(segments.count == 2)
    #expect(segments.allSatisfy { s in s.allSatisfy { $0.x < 0 } || s.allSatisfy { $0.x > 0 } })
  }

  @Test func aContinuousConditionalIsOnePolylineAndAJumpTwo() {
    // The flags cannot tell these apart (a conditional whose test may change on the
    // piece is not continuous); the ends at the depth limit can.
    func piecewise(_ left: @escaping @Sendable (Double) -> Double) -> ParametricCurve {
      ParametricCurve(
        parameterRange: -1...1, x: { $0 }, y: { $0 < 0 ? left($0) : $0 * $0 },
        xOver: { $0 },
        yOver: { t in
          if t.hi < 0 { return Interval(left(t.hi), left(t.lo)) }
          if t.lo >= 0 { return t * t }
          return Interval(
            Swift.min(left(t.hi), 0), Swift.max(left(t.lo), t.hi * t.hi),
            isDefinedEverywhere: true, isContinuous: false)
        })
    }
    let continuous = ParametricSampler.sample(piecewise { -$0 }, viewport: view)
    #expect(continuous.segments.count == 1)
    let jump = ParametricSampler.sample(piecewise { -$0 + 0.5 }, viewport: view)
    #expect(jump.segments.count == 2)
  }
}
