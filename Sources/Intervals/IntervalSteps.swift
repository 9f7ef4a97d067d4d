import Glibc

// Step functions: floor, ceil, round, trunc, sign, and the floored modulo.

extension Interval {
  /// A non-decreasing step function over `x`: `[f(lo), f(hi)]` (exact: the values are
  /// integers or signs), not continuous when the two differ (a step lies in `x`, possibly at
  /// an endpoint). Tupper 2001, section 3.2 (discontinuous functions).
  @inlinable
  static func step(_ x: Interval, _ f: (Double) -> Double) -> Interval {
    if x.isEmpty { return .empty }
    let a = f(x.lo)
    let b = f(x.hi)
    return make(a, b, def: x.isDefinedEverywhere, cont: x.isContinuous && a == b)
  }

  /// The greatest integer not above `x`; steps at the integers.
  public static func floor(_ x: Interval) -> Interval { step(x) { Glibc.floor($0) } }

  /// The least integer not below `x`; steps at the integers.
  public static func ceil(_ x: Interval) -> Interval { step(x) { Glibc.ceil($0) } }

  /// Rounding half away from zero (C's `round`); steps at the half-integers.
  public static func round(_ x: Interval) -> Interval { step(x) { Glibc.round($0) } }

  /// Rounding toward zero; steps at the nonzero integers.
  public static func trunc(_ x: Interval) -> Interval { step(x) { Glibc.trunc($0) } }

  /// The sign, -1, 0 or 1; steps at 0 (`sign([-1, 1])` is `[-1, 1]`, not continuous).
  public static func sign(_ x: Interval) -> Interval {
    step(x) { $0 > 0 ? 1 : ($0 < 0 ? -1 : 0) }
  }

  /// The floored modulo `a - b floor(a / b)` (sign of `b`), as `RealFunctions.flooredModulo`.
  ///
  /// - `b == [0, 0]`, or `a` a point at infinity: empty (NaN at every point).
  /// - `0` in `b`: the hull `[min(b.lo, 0), max(b.hi, 0)]`, not defined everywhere, not
  ///   continuous.
  /// - Otherwise the quotient `Q = a / b` is enclosed; when every quotient has the same floor
  ///   `k`, the result is `a - b k` (interval arithmetic, rounded outward), continuous, cut to
  ///   the range `[0, b.hi]` (or `[b.lo, 0]`) the modulo cannot leave. When the floor changes
  ///   in `Q` (a step, where the result wraps from near `b` to 0) or `a` or `b` is unbounded,
  ///   the result is that whole range, not continuous.
  public static func mod(_ a: Interval, _ b: Interval) -> Interval {
    if a.isEmpty || b.isEmpty { return .empty }
    let def = a.isDefinedEverywhere && b.isDefinedEverywhere
    let cont = a.isContinuous && b.isContinuous
    if b.lo == 0 && b.hi == 0 { return .empty }
    if a.isPoint && !a.lo.isFinite { return .empty }
    let range = Interval(Swift.min(b.lo, 0), Swift.max(b.hi, 0))
    if b.lo <= 0 && b.hi >= 0 {
      return Interval(range.lo, range.hi, isDefinedEverywhere: false, isContinuous: false)
    }
    let aFinite = a.lo.isFinite && a.hi.isFinite
    if aFinite && b.lo.isFinite && b.hi.isFinite {
      let q = a / b
      let k = Glibc.floor(q.lo)
      if !q.isEmpty && k == Glibc.floor(q.hi) && k.isFinite {
        let r = a - b * Interval(k)
        let lo = Swift.max(r.lo, range.lo)
        let hi = Swift.min(r.hi, range.hi)
        if lo <= hi { return Interval(lo, hi, isDefinedEverywhere: def, isContinuous: cont) }
      }
    }
    // An infinite a is NaN at that end; an infinite b gives a or b (C's fmod rule).
    return Interval(range.lo, range.hi, isDefinedEverywhere: def && aFinite, isContinuous: false)
  }
}
