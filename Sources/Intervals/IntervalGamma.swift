import Glibc

// The gamma function and the factorial.

extension Interval {
  /// Where gamma has its minimum on `x > 0` (the positive root of the digamma function,
  /// 1.46163214496836234126..., OEIS A030169).
  public static let gammaMinimumPoint = 1.4616321449683623
  /// The minimum of gamma on `x > 0`, 0.88560319441088870027... (OEIS A030171), rounded down.
  public static let gammaMinimumValue = 0.8856031944108886

  /// Gamma over `x > 0`, where it is convex with its minimum at `gammaMinimumPoint`:
  /// decreasing before, increasing after. Bounds come from C's `tgamma`, widened by a
  /// relative `1e-13` (glibc's `tgamma` is not correctly rounded).
  static func positiveGamma(_ x: Interval) -> Interval {
    let a = tgamma(x.lo)
    let b = tgamma(x.hi)
    let lo: Double
    let hi: Double
    if x.hi <= gammaMinimumPoint {
      lo = Round.relDown(b)
      hi = Round.relUp(a)
    } else if x.lo >= gammaMinimumPoint {
      lo = Round.relDown(a)
      hi = Round.relUp(b)
    } else {
      lo = Round.relDown(gammaMinimumValue)
      hi = Round.relUp(Swift.max(a, b))
    }
    return make(lo, hi, def: x.isDefinedEverywhere, cont: x.isContinuous)
  }

  /// The gamma function (C's `tgamma`), with poles at `0, -1, -2, ...`.
  ///
  /// - `x > 0`: convex, minimum `gammaMinimumValue` at `gammaMinimumPoint` (see
  ///   `positiveGamma`).
  /// - `x` within one segment `(-n-1, -n)`: continuous, by the reflection formula
  ///   `gamma(x) = pi / (sin(pi x) gamma(1 - x))` evaluated in interval arithmetic, with
  ///   `1 - x` in `(n+1, n+2)` on the positive side (Abramowitz and Stegun 6.1.17). The
  ///   formula's own pole is not in the segment, so the flags are those of `x`.
  /// - `x` holding a non-positive integer: not defined everywhere, not continuous;
  ///   `[0, h]` gives `[min of gamma on (0, h], inf]` (the pole at 0 tends to `+inf`), a point
  ///   `[-n, -n]` is empty, anything else `[-inf, inf]`.
  public static func gamma(_ x: Interval) -> Interval {
    if x.isEmpty { return .empty }
    if x.lo > 0 { return positiveGamma(x) }
    // The least non-positive integer at or above x.lo, if it is in x, is a pole.
    let c = Glibc.ceil(x.lo)
    if c <= 0 && c <= x.hi {
      if x.isPoint { return .empty }
      if x.lo == 0 {
        let right = positiveGamma(Interval(Swift.min(x.hi, gammaMinimumPoint), x.hi))
        return Interval(right.lo, .infinity, isDefinedEverywhere: false, isContinuous: false)
      }
      return Interval(-.infinity, .infinity, isDefinedEverywhere: false, isContinuous: false)
    }
    // x in one segment (c - 1, c) with c <= 0.
    let piX = Interval(Double.pi, Double.pi.nextUp) * x
    let s = sin(piX)
    let g = positiveGamma(Interval(1) - x)
    let r = Interval(Double.pi, Double.pi.nextUp) / (s * g)
    if r.isEmpty { return Interval(-.infinity, .infinity, isDefinedEverywhere: x.isDefinedEverywhere, isContinuous: x.isContinuous) }
    return Interval(r.lo, r.hi, isDefinedEverywhere: x.isDefinedEverywhere, isContinuous: x.isContinuous)
  }

  /// The factorial through gamma, `x! = gamma(x + 1)` (`RealFunctions.factorial`).
  public static func factorial(_ x: Interval) -> Interval { gamma(x + Interval(1)) }
}
