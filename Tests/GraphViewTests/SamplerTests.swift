import Foundation
import GraphView
import Intervals
import Testing

let size800 = PixelSize(width: 800, height: 600)

func sampled(_ id: String, enclosures: Bool = true, size: PixelSize = size800)
  -> (SampledCurve, Viewport, FunctionSource)
{
  let source = FunctionSource(TestFunction.named(id), withEnclosures: enclosures)
  let v = source.viewport(for: size)
  return (Sampler.sample(source, curve: 0, viewport: v), v, source)
}

/// The true [min, max] of f over [a, b] by dense sampling, split at `breaks`.
func denseRange(_ f: (Double) -> Double, _ a: Double, _ b: Double, n: Int = 400) -> (
  Double, Double
)? {
  var lo = Double.infinity
  var hi = -Double.infinity
  for i in 0...n {
    let y = f(a + (b - a) * Double(i) / Double(n))
    if y.isFinite {
      lo = min(lo, y)
      hi = max(hi, y)
    }
  }
  return lo <= hi ? (lo, hi) : nil
}

@Suite struct SamplerTests {
  @Test(arguments: [true, false])
  func smoothCurveIsOneSegmentFromEdgeToEdge(_ enclosures: Bool) throws {
    let (c, v, _) = sampled("V01", enclosures: enclosures)
    #expect(c.segments.count == 1)
    let seg = try #require(c.segments.first)
    #expect(seg.first?.x == v.xRange.lowerBound)
    #expect(seg.last?.x == v.xRange.upperBound)
    #expect(abs(try #require(seg.first).y - sin(-10) * -10) < 1e-12)
    #expect(c.undecidedColumns == 0)
    // Points go left to right and no column has more than 4 points of one piece.
    #expect(zip(seg, seg.dropFirst()).allSatisfy { $0.x < $1.x })
    #expect(seg.count <= 3 * 800 + 1)
  }

  /// No segment of tan contains points on both sides of a pole; each side reaches the edge
  /// of the view it leaves through.
  @Test(arguments: [true, false])
  func tanNeverJoinsAcrossAPole(_ enclosures: Bool) throws {
    let (c, v, src) = sampled("V02", enclosures: enclosures)
    let poles = src.function.breaks.filter { v.xRange.contains($0) }
    #expect(poles.count == 6)
    for seg in c.segments {
      let lo = try #require(seg.map(\.x).min())
      let hi = try #require(seg.map(\.x).max())
      #expect(!poles.contains { lo < $0 && $0 < hi }, "segment \(lo)...\(hi) spans a pole")
    }
    // 7 branches of tan on [-10, 10].
    #expect(c.segments.filter { $0.count > 1 }.count == 7)
    for pole in poles {
      let before = try #require(c.segments.first { $0.last!.x < pole && $0.last!.x > pole - 0.1 })
      let after = try #require(c.segments.first { $0.first!.x > pole && $0.first!.x < pole + 0.1 })
      #expect(try #require(before.last).y > v.yRange.upperBound, "left of \(pole)")
      #expect(try #require(after.first).y < v.yRange.lowerBound, "right of \(pole)")
      let pixel = 1 / v.scaleX
      #expect(pole - before.last!.x < pixel && after.first!.x - pole < pixel)
    }
  }

  @Test func floorLiftsThePenAtEveryStep() {
    let (c, _, _) = sampled("V04")
    // 20 steps on [-10, 10); the lone point (10, 10) lies beyond the view and is dropped.
    #expect(c.segments.count == 20)
    for seg in c.segments {
      let ys = Set(seg.map(\.y))
      #expect(ys.count == 1, "a segment of floor holds \(ys.sorted())")
      if let y = ys.first, let x = seg.first?.x { #expect(y == x.rounded(.down)) }
    }
  }

  /// Without enclosures the pen lifts at every step inside the view (steps wholly beyond
  /// the view may be joined: nothing of them shows).
  @Test func floorWithoutEnclosuresLiftsThePenInTheView() {
    let (c, v, _) = sampled("V04", enclosures: false)
    #expect(c.segments.count >= 17)
    for seg in c.segments {
      let ys = Set(seg.map(\.y).filter { v.yRange.contains($0) })
      #expect(ys.count <= 1, "a segment of floor holds \(ys.sorted())")
    }
  }

  /// sqrt starts at x = 0 (within a pixel), in a view where 0 is no column edge too.
  @Test(arguments: [true, false], [-10.0...10.0, -10.0...10.013])
  func sqrtDomainStartFoundToThePixel(_ enclosures: Bool, _ xRange: ClosedRange<Double>) throws {
    let source = FunctionSource(TestFunction.named("V05"), withEnclosures: enclosures)
    source.xRange = xRange
    let v = source.viewport(for: size800)
    let c = Sampler.sample(source, curve: 0, viewport: v)
    #expect(c.segments.count == 1)
    let first = try #require(c.segments.first?.first)
    #expect(first.x >= 0 && first.x < 1e-6 / v.scaleX, "starts at \(first.x)")
    #expect(first.y < 0.01)
    #expect(c.segments.first?.last?.x == v.xRange.upperBound)
  }

  /// ln starts within a pixel of 0, below the view, so it reaches the bottom edge.
  @Test(arguments: [true, false])
  func lnReachesTheBottomEdge(_ enclosures: Bool) throws {
    let (c, v, _) = sampled("V09", enclosures: enclosures)
    #expect(c.segments.count == 1)
    let seg = try #require(c.segments.first)
    #expect(seg[0].x > 0 && seg[0].x < 1 / v.scaleX)
    #expect(seg[0].y < v.yRange.lowerBound)
    #expect(seg.map(\.y).min()! < v.yRange.lowerBound)
  }

  @Test(arguments: [true, false])
  func reciprocalSplitsAtZeroAndReachesBothEdges(_ enclosures: Bool) throws {
    let (c, v, _) = sampled("V06", enclosures: enclosures)
    #expect(c.segments.count == 2)
    let left = try #require(c.segments.first)
    let right = try #require(c.segments.last)
    #expect(left.allSatisfy { $0.x < 0 } && right.allSatisfy { $0.x > 0 })
    #expect(try #require(left.last).y < v.yRange.lowerBound)
    #expect(try #require(right.first).y > v.yRange.upperBound)
  }

  /// A removable hole (sin(x)/x at 0, hit exactly by a column edge) does not break the line.
  @Test(arguments: [true, false])
  func removableHoleDoesNotBreak(_ enclosures: Bool) throws {
    let (c, _, _) = sampled("V10", enclosures: enclosures)
    #expect(c.segments.count == 1)
    let seg = try #require(c.segments.first)
    let nearZero = try #require(seg.min { abs($0.x) < abs($1.x) })
    #expect(abs(nearZero.x) < 1e-9 && abs(nearZero.y - 1) < 1e-9)
  }

  /// Fast oscillation fills its band: in every column the ink spans the true range of
  /// sin(20x) (exact, from the interval rule) within a pixel.
  @Test func sin20xFillsItsBandInEveryColumn() {
    let (c, v, _) = sampled("V03")
    let ink = inkColumns(c, v)
    let pixel = 1 / v.scaleY
    var bad: [Int] = []
    for k in 0..<800 {
      let r = v.columnInterval(k)
      let truth = TI.sin(TI.scale(20, Interval(r.lowerBound, r.upperBound)))
      let lo = ink[k].map(\.lowerBound).min() ?? .infinity
      let hi = ink[k].map(\.upperBound).max() ?? -.infinity
      if abs(lo - truth.lo) > pixel || abs(hi - truth.hi) > pixel { bad.append(k) }
    }
    #expect(bad.isEmpty, "columns \(bad.prefix(5)) miss the band")
  }

  /// Bands of exp(-x^2)cos(50x) and sin(1/x) against dense sampling (1 pixel).
  @Test(arguments: ["V07", "V08"])
  func bandsMatchDenseSampling(_ id: String) {
    let (c, v, src) = sampled(id)
    let ink = inkColumns(c, v)
    let pixel = 1 / v.scaleY
    var bad: [Int] = []
    for k in 0..<800 {
      let r = v.columnInterval(k)
      if src.function.breaks.contains(where: { r.contains($0) }) { continue }
      guard let (tlo, thi) = denseRange(src.function.f, r.lowerBound, r.upperBound, n: 2000)
      else { continue }
      let lo = ink[k].map(\.lowerBound).min() ?? .infinity
      let hi = ink[k].map(\.upperBound).max() ?? -.infinity
      // Dense sampling may fall short of the true extremes; the ink must not.
      if lo > tlo + pixel || hi < thi - pixel || lo < tlo - 2 * pixel || hi > thi + 2 * pixel {
        bad.append(k)
      }
    }
    #expect(bad.isEmpty, "\(id): columns \(bad.prefix(5)) differ")
  }

  @Test func sinOfReciprocalNeverJoinsAcrossZero() {
    let (c, _, _) = sampled("V07")
    for seg in c.segments {
      #expect(seg.allSatisfy { $0.x < 0 } || seg.allSatisfy { $0.x > 0 })
    }
  }

  /// Cost (a deterministic stand-in for time): 800 columns of tan(x) or sin(1/x) cost at
  /// most twice the interval and point evaluations of sin(x)*x.
  @Test(arguments: ["V02", "V07"])
  func hardCasesCostAtMostTwiceTheSmoothOne(_ id: String) {
    let (_, _, smooth) = sampled("V01")
    let (_, _, hard) = sampled(id)
    let smoothCost = smooth.enclosureCount + smooth.pointCount
    let hardCost = hard.enclosureCount + hard.pointCount
    #expect(hardCost <= 2 * smoothCost, "\(id): \(hardCost) vs \(smoothCost)")
    #expect(smoothCost < 20 * 800)
  }

  /// A tiny budget still ends, counts undecided columns and never joins across tan's poles.
  @Test func budgetRunsOutGracefully() throws {
    let source = FunctionSource(TestFunction.named("V02"))
    let v = source.viewport(for: size800)
    let budget = SamplingBudget(enclosureEvaluations: 300, pointEvaluations: 2000)
    let c = Sampler.sample(source, curve: 0, viewport: v, budget: budget)
    #expect(c.undecidedColumns > 0)
    #expect(source.enclosureCount <= 300 + 20)
    #expect(source.pointCount <= 2000 + 20)
    for seg in c.segments {
      let lo = try #require(seg.map(\.x).min())
      let hi = try #require(seg.map(\.x).max())
      #expect(!source.function.breaks.contains { lo < $0 && $0 < hi })
    }
  }

  /// A function with infinitely many jumps near 0 (floor(1/x)) stays within budget.
  @Test func infinitelyManyJumpsStayWithinBudget() {
    let f = TestFunction(
      id: "X", name: "floor(1/x)", f: { (1 / $0).rounded(.down) },
      enclosure: { TI.floor(TI.div(TI.constant(1), $0)) }, xRange: -1...1, yRange: -10...10)
    let source = FunctionSource(f)
    let c = Sampler.sample(source, curve: 0, viewport: source.viewport(for: size800))
    #expect(source.enclosureCount <= SamplingBudget.default.enclosureEvaluations + 20)
    #expect(c.segments.allSatisfy { seg in seg.allSatisfy { $0.y.isFinite } })
  }

  @Test func absurdValuesAreClampedAndNonFiniteDropped() {
    let f = TestFunction(
      id: "X", name: "huge",
      f: { $0 > 0 ? .greatestFiniteMagnitude : ($0 < -5 ? .nan : -.infinity) },
      enclosure: { _ in .unknown }, xRange: -10...10, yRange: -1...1)
    let source = FunctionSource(f, withEnclosures: false)
    let c = Sampler.sample(source, curve: 0, viewport: source.viewport(for: size800))
    let ys = c.segments.flatMap { $0.map(\.y) }
    #expect(!ys.isEmpty)
    #expect(ys.allSatisfy { $0.isFinite && abs($0) <= 1e300 })
  }

  @Test func degenerateViewportsGiveNoSegments() {
    let source = FunctionSource(TestFunction.named("V01"))
    let zero = Viewport(
      size: PixelSize(width: 0, height: 600), scaleX: 1, scaleY: 1, originX: 0, originY: 0)
    let nan = Viewport(size: size800, scaleX: .nan, scaleY: 1, originX: 0, originY: 0)
    let inf = Viewport(size: size800, scaleX: 40, scaleY: .infinity, originX: 0, originY: 0)
    for v in [zero, nan, inf] {
      #expect(Sampler.sample(source, curve: 0, viewport: v).segments.isEmpty)
    }
  }

  /// Extreme sizes and budgets neither trap nor run away.
  @Test func extremeSizesAndBudgetsEnd() {
    let source = FunctionSource(TestFunction.named("V02"))
    let huge = source.viewport(for: PixelSize(width: .max, height: .max))
    let small = SamplingBudget(enclosureEvaluations: 1000, pointEvaluations: 1000)
    let c = Sampler.sample(source, curve: 0, viewport: huge, budget: small)
    #expect(c.undecidedColumns > 0)
    #expect(source.pointCount <= 1000 + 20)
    let unlimited = SamplingBudget(
      enclosureEvaluations: .max, pointEvaluations: .max, maxDepth: .max)
    let v = source.viewport(for: PixelSize(width: 1, height: 1))
    #expect(Sampler.sample(source, curve: 0, viewport: v, budget: unlimited).segments.count >= 1)
    let zero = SamplingBudget(enclosureEvaluations: 0, pointEvaluations: 0, maxDepth: -5)
    let none = Sampler.sample(
      source, curve: 0, viewport: source.viewport(for: size800), budget: zero)
    #expect(none.segments.isEmpty && none.undecidedColumns == 800)
  }

  /// Enclosures that never resolve anything (whole line, no flags, except at single points)
  /// make every column fall back to point sampling: the curve is still drawn, and counted.
  @Test func uselessEnclosuresFallBackToPointSampling() throws {
    let f = TestFunction(
      id: "X", name: "sin(x)*x", f: { sin($0) * $0 },
      enclosure: { x in
        x.lo == x.hi
          ? TI.mul(TI.sin(x), x)
          : Interval(-.infinity, .infinity, isDefinedEverywhere: false, isContinuous: false)
      }, xRange: -10...10, yRange: -8...8)
    let source = FunctionSource(f)
    let v = source.viewport(for: size800)
    let c = Sampler.sample(source, curve: 0, viewport: v)
    #expect(c.undecidedColumns == 800)
    #expect(c.segments.count == 1)
    #expect(c.segments.first?.first?.x == -10 && c.segments.first?.last?.x == v.xRange.upperBound)
    #expect(source.enclosureCount <= SamplingBudget.default.enclosureEvaluations + 20)
  }

  @Test func undefinedEverywhereGivesNoSegments() {
    let f = TestFunction(
      id: "X", name: "sqrt(-1-x^2)", f: { sqrt(-1 - $0 * $0) }, enclosure: { _ in .empty },
      xRange: -1...1, yRange: -1...1)
    let source = FunctionSource(f)
    let c = Sampler.sample(source, curve: 0, viewport: source.viewport(for: size800))
    #expect(c.segments.isEmpty)
    #expect(c.undecidedColumns == 0)
  }

  @Test func samplePlotSamplesEveryCurveAndTicksTheView() throws {
    let source = ClosureSource(curves: [{ $0 }, { -$0 }, { $0 * $0 }])
    let plot = Sampler.samplePlot(source, size: size800)
    #expect(plot.curves.map(\.title) == ["f0", "f1", "f2"])
    #expect(plot.curves.allSatisfy { $0.segments.count == 1 })
    #expect(
      plot.xTicks.map(\.label) == ["-10", "-8", "-6", "-4", "-2", "0", "2", "4", "6", "8", "10"])
    #expect(plot.yTicks.first?.value == -10 && plot.yTicks.last?.value == 10)
    #expect(plot.viewport == source.viewport(for: size800))
  }
}
