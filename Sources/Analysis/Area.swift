import CompiledFunctions
import Glibc
import Intervals

/// The area between two curves and how sure it is.
public struct AreaResult: Sendable, Hashable {
  /// The area, `∫ |f - g|` over the range (the sum of the pieces' values; never negative).
  public var value: Double
  /// The error bound: proven, `|true - value| <= bound`, when `isProven`; else an estimate.
  public var bound: Double
  /// Whether `bound` is proven: every piece's integral proven by verified Gauss-Legendre
  /// and every place where the sign of the difference could change enclosed.
  public var isProven: Bool
  /// The crossings the range was split at (the roots of the difference, left to right):
  /// proven ones and possible ones (a tangency).
  public var crossings: [Root]
  /// Ranges where the root search could not settle the sign of the difference (their share
  /// is in `bound`).
  public var unsettled: [ClosedRange<Double>]
}

/// The area between two curves: `∫ₐᵇ |d(x)| dx` for the difference `d = f - g` (or `f` alone
/// for the area between a curve and the x axis).
///
/// The method: `|d|` has a corner wherever `d` changes sign, which no quadrature rule
/// integrates to full accuracy, so the range is cut where the sign may change and each piece
/// is integrated as `d` itself by `Integrator.integrate` (verified Gauss-Legendre with an
/// interval remainder, tanh-sinh where a singularity needs it), the area being the sum of
/// the pieces' absolute values. The cuts: the roots of `d` from `RootFinder` (interval
/// Newton: each proven root enclosed, alone in its enclosure), the boxes where `d` is
/// undefined or jumps (a sign change across a jump is no root but still flips `|d|`), the
/// ends of ranges on which `d` is 0, and both ends of the ranges the search left unsettled.
///
/// Why the sum is an enclosure. Between consecutive cuts, outside the enclosures `E` of the
/// cuts, `d` has no zero and no jump, so it keeps one sign and `|∫ d| = ∫ |d|`. Inside an
/// `E` (a root's enclosure of a few ulps, a possible root's box, a jump's few doubles, an
/// unsettled range), cutting at some point of `E` instead of the true sign change can count
/// a part of `∫_E |d|` with the wrong sign: the error is at most `2 ∫_E |d| <= 2 |E|
/// max |D(E)|`, with `D(E)` the interval enclosure of `d` over `E`, which is added to the
/// bound (rounded up). Where that enclosure is unbounded (an integrable singularity, as
/// `1/sqrt(|x|)` at 0) nothing can be charged and the result is estimated (the piece's
/// tanh-sinh integral is an estimate there anyway).
///
/// A divergent piece makes the whole area diverge: `Integrator`'s failure is returned.
public enum AreaBetween {
  /// The area between the x axis and `d` over [a, b] (`b < a` is the same range).
  ///
  /// - Parameters:
  ///   - d: The difference of the curves (or the one curve), compiled.
  ///   - slope: Its derivative (for the root search's Newton steps and the integrator's
  ///     corners), nil if none.
  ///   - rule: As `Integrator.integrate`'s: the Gauss-Legendre points and the compiled
  ///     2n-th derivative of `d`, nil when there is none.
  ///   - a: One end (finite).
  ///   - b: The other end (finite).
  ///   - budget: The limits of the root search and of all the integrals together (their
  ///     seconds are shared, each piece gets what is left).
  /// - Returns: The area and its bound, or why there is none (divergence, a point where `d`
  ///   is undefined, the budget).
  public static func area(
    of d: PlotFunction, slope: PlotFunction?, rule: (points: Int, derivative: PlotFunction)?,
    from a: Double, to b: Double, budget: AnalysisBudget = .standard
  ) -> Result<AreaResult, IntegralFailure> {
    let (lo, hi) = a <= b ? (a, b) : (b, a)
    let start = BudgetMeter.now()
    let report = RootFinder.roots(of: d, derivative: slope, in: lo, hi, budget: budget)
    if report.stop == .interrupted { return .failure(.stopped(.interrupted)) }
    if lo == hi {
      return .success(
        AreaResult(value: 0, bound: 0, isProven: true, crossings: [], unsettled: []))
    }

    // Where the sign may change: the cut, and the enclosure whose share is charged.
    var uncertain: [(cut: Double, box: ClosedRange<Double>)] = []
    for root in report.roots { uncertain.append((root.x, root.enclosure)) }
    for box in report.singular {
      // Cut at the box's roundest point where `d` is not finite (0 for `1/x`), as the
      // integrator places its singular points, else at its middle.
      uncertain.append((snap(Interval(box.lowerBound, box.upperBound), d, nil), box))
    }
    var cuts: [Double] = uncertain.map(\.cut)
    for r in report.zeroRanges { cuts += [r.lowerBound, r.upperBound] }
    for r in report.unsettled { cuts += [r.lowerBound, r.upperBound] }
    cuts = cuts.filter { $0 > lo && $0 < hi }
    cuts.sort()
    var points = [lo]
    for c in cuts where c > points.last! { points.append(c) }
    if hi > points.last! { points.append(hi) }

    var value = 0.0
    var bound = Interval(0)
    var isProven = true
    for (l, r) in zip(points, points.dropFirst()) {
      var piece = budget
      piece.seconds = Swift.max(0, budget.seconds - (BudgetMeter.now() - start))
      switch Integrator.integrate(d, slope: slope, rule: rule, from: l, to: r, budget: piece) {
      case .failure(let failure): return .failure(failure)
      case .success(let result):
        value += Swift.abs(result.value)
        bound = bound + Interval(result.bound)
        isProven = isProven && result.isProven
      }
    }
    // The share of the places where the sign may change.
    for (_, box) in uncertain {
      switch charge(d, box, lo, hi) {
      case .some(let term): bound = bound + term
      case nil: isProven = false
      }
    }
    for box in report.unsettled {
      switch charge(d, box, lo, hi) {
      case .some(let term): bound = bound + term
      case nil: isProven = false
      }
    }
    if report.stop != nil { isProven = false }
    return .success(
      AreaResult(
        value: value, bound: bound.hi, isProven: isProven, crossings: report.roots,
        unsettled: report.unsettled))
  }

  /// `2 |E| max |D(E)|` for the part of `box` inside [lo, hi], rounded up; zero for a point;
  /// nil when `D(E)` is unbounded or undefined.
  static func charge(_ d: PlotFunction, _ box: ClosedRange<Double>, _ lo: Double, _ hi: Double)
    -> Interval?
  {
    let l = Swift.max(box.lowerBound, lo)
    let r = Swift.min(box.upperBound, hi)
    guard r > l else { return Interval(0) }
    let e = d.enclosure(over: Interval(l, r))
    if !e.isEmpty && e.lo.isFinite && e.hi.isFinite {
      let size = Swift.max(Swift.abs(e.lo), Swift.abs(e.hi))
      return Interval(2) * (Interval(r) - Interval(l)) * Interval(size)
    }
    return nil
  }
}
