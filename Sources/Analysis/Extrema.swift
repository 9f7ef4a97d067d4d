import CompiledFunctions
import Glibc
import Intervals

/// One local minimum or maximum.
public struct Extremum: Sendable, Hashable {
  /// Where it is.
  public var x: Double
  /// The function's value there.
  public var y: Double
  /// A minimum (else a maximum).
  public var isMinimum: Bool
  /// Whether it is proven: the derivative's root (or corner) is proven and its sign on each
  /// side is proven by interval enclosures. False: possible.
  public var isProven: Bool
}

/// What `Extrema.find` found.
public struct ExtremaReport: Sendable, Hashable {
  /// The extrema, left to right.
  public var extrema: [Extremum]
  /// The search for the derivative's roots (its unsettled ranges and stop).
  public var slopeRoots: RootReport
  /// How many boxes the search examined in all (the derivative's roots and its corners).
  public var boxes: Int = 0
}

/// Local minima and maxima of a function in a closed range: the roots of the derivative
/// (`RootFinder`, with the second derivative for interval Newton) and the corners (the
/// points where the derivative is undefined or jumps while the function is continuous,
/// found as `Integrator.singularPoints` finds them: `abs(x)` at 0), each kept when the derivative's sign differs on its two
/// sides. The sign of a side is the sign of a point enclosure of the derivative near the
/// candidate; it holds up to the next candidate because the root search excluded every
/// other root between them (so flat extrema such as `x^4` at 0 count, and saddles such as
/// `x^3` at 0 do not). An extremum is proven when its candidate is (a proven root or a
/// corner) and the search left nothing unsettled between its neighbours. The range's ends
/// are not extrema.
public enum Extrema {
  /// Finds the local extrema of `f` in `[a, b]`.
  ///
  /// - Parameters:
  ///   - f: The function.
  ///   - derivative: Its derivative.
  ///   - second: Its second derivative (nil when it has none).
  ///   - a: The left end.
  ///   - b: The right end.
  ///   - budget: The limits.
  /// - Returns: The extrema and the derivative's root search.
  public static func find(
    f: PlotFunction, derivative: PlotFunction, second: PlotFunction?, in a: Double, _ b: Double,
    budget: AnalysisBudget = .standard
  ) -> ExtremaReport {
    let slopes = RootFinder.roots(of: derivative, derivative: second, in: a, b, budget: budget)
    // Candidates: roots of f', then corners; each with the box to look beside.
    var candidates: [(x: Double, box: ClosedRange<Double>, proven: Bool)] = []
    for r in slopes.roots where r.x > a && r.x < b {
      candidates.append((r.x, r.enclosure, r.isProven))
    }
    // Corners: where the derivative is undefined, unbounded or jumps (found as the
    // integrator finds singular points) while f is continuous.
    var meter = BudgetMeter(budget)
    for x in Integrator.singularPoints(derivative, nil, a, b, &meter) where x > a && x < b {
      let near = Swift.max(4 * x.ulp, Double.leastNormalMagnitude)
      let around = f.enclosure(over: Interval(x - near, x + near))
      guard around.isDefinedEverywhere && around.isContinuous else { continue }
      if candidates.contains(where: { $0.box.contains(x) }) { continue }
      candidates.append((x, x...x, true))
    }
    candidates.sort { $0.x < $1.x }
    var extrema: [Extremum] = []
    for (i, c) in candidates.enumerated() {
      // Look no further than halfway to the neighbouring candidates and the ends.
      let leftLimit = i > 0 ? (candidates[i - 1].box.upperBound + c.box.lowerBound) / 2 : a
      let rightLimit =
        i + 1 < candidates.count ? (c.box.upperBound + candidates[i + 1].box.lowerBound) / 2 : b
      guard let (left, right) = sides(c.box, leftLimit, rightLimit, derivative) else {
        continue
      }
      if left == right { continue }
      extrema.append(
        Extremum(
          x: c.x, y: f.value(at: c.x), isMinimum: left < 0,
          isProven: c.proven
            && !slopes.unsettled.contains { $0.overlaps(leftLimit...rightLimit) }))
    }
    return ExtremaReport(extrema: extrema, slopeRoots: slopes, boxes: slopes.boxes + meter.boxes)
  }

  /// The sign of the derivative just left and just right of `box` (-1 or 1): at the nearest
  /// points (a few ulps away, then doubling the distance, within the limits) where its
  /// point enclosure excludes 0. The root search has excluded every other root of the
  /// derivative between the candidates, so that sign holds on the whole side. Nil when a
  /// side cannot tell.
  static func sides(
    _ box: ClosedRange<Double>, _ leftLimit: Double, _ rightLimit: Double, _ d: PlotFunction
  ) -> (Double, Double)? {
    func sign(from start: Double, towards limit: Double) -> Double? {
      var step = Swift.max(start.ulp, (box.upperBound - box.lowerBound) / 2)
      for _ in 0..<1100 {
        let p = limit < start ? start - step : start + step
        if limit < start ? p < limit : p > limit { return nil }
        let e = d.enclosure(over: Interval(p))
        if !e.isEmpty, e.isDefinedEverywhere, e.lo > 0 || e.hi < 0 { return e.lo > 0 ? 1 : -1 }
        step *= 2
        if !step.isFinite { return nil }
      }
      return nil
    }
    guard let left = sign(from: box.lowerBound, towards: leftLimit),
      let right = sign(from: box.upperBound, towards: rightLimit)
    else { return nil }
    return (left, right)
  }
}
