import Glibc

// The gamma function and the factorial.

extension Interval {
  /// Where gamma has its minimum on `x > 0` (the positive root of the digamma function,
  /// 1.46163214496836234126..., OEIS A030169).
  static let gammaMinimumPoint = 1.4616321449683623
  /// The minimum of gamma on `x > 0`, 0.88560319441088870027... (OEIS A030171), rounded down.
  static let gammaMinimumValue = 0.8856031944108886

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
  /// - `x` within one segment `(-n-1, -n)`: continuous, of one sign (negative for even `n`),
  ///   `log|gamma|` convex (trigamma is positive), so `|gamma|` falls to its least value at
  ///   the segment's root of digamma and rises after it, and the greatest `|gamma|` is at an
  ///   endpoint (`tgamma` widened by `1e-13`). For n <= 161 the roots and least values are
  ///   tabulated (`negativeGammaMinima`, from mpmath): an `x` wholly on one side of the root
  ///   is monotone, so both bounds come from the endpoints (two `tgamma` calls, as on the
  ///   positive side), and one that reaches the root is bounded below by the least value.
  ///   Beyond the table (least values under 2^-960) the least is bounded below by the
  ///   reflection formula `|gamma(x)| = pi / (|sin(pi x)| gamma(1 - x))` in interval
  ///   arithmetic, with `1 - x` in `(n+1, n+2)` on the positive side (Abramowitz and Stegun
  ///   6.1.17), over eight pieces of `x`. The flags are those of `x`.
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
    // x in one segment (c - 1, c) with c <= 0, where gamma is negative for even c and
    // positive for odd c, and log|gamma| is convex (its second derivative, the trigamma function, is positive), so
    // the greatest |gamma| is at an endpoint and the least is bounded below by the
    // reflection formula, evaluated over 8 pieces of x to shrink its dependency effect.
    let negative = Glibc.fmod(c, 2) == 0  // gamma < 0 on (-1, 0), (-3, -2), ...
    let a = Swift.abs(tgamma(x.lo))
    let b = Swift.abs(tgamma(x.hi))
    // Near underflow tgamma's relative error grows: bound tiny values by 2^-960.
    let most = Swift.max(Round.relUp(Swift.max(a, b)), Swift.max(a, b) < 0x1p-960 ? 0x1p-960 : 0)
    // x in (-segment - 1, -segment); |c| < 2^52, as x.lo is no integer (it would be a pole).
    let segment = Int(-c)
    if segment < negativeGammaMinima.count / 3 {
      // Falling before the root, rising after it; at or around it, its least value. The
      // ends' values are trusted as `most` is, and not near underflow.
      let below = negativeGammaMinima[3 * segment]
      let above = negativeGammaMinima[3 * segment + 1]
      let end = x.hi <= below ? b : x.lo >= above ? a : nil
      var least =
        end.map { $0 < 0x1p-960 ? 0 : Round.relDown($0) } ?? negativeGammaMinima[3 * segment + 2]
      least = Swift.max(0, least)
      if negative {
        return Interval(
          -most, -least, isDefinedEverywhere: x.isDefinedEverywhere, isContinuous: x.isContinuous)
      }
      return Interval(
        least, most, isDefinedEverywhere: x.isDefinedEverywhere, isContinuous: x.isContinuous)
    }
    var least = Double.infinity
    let pieces = x.isPoint ? 1 : 8
    let step = (x.hi - x.lo) / Double(pieces)
    for i in 0..<pieces {
      let lo = i == 0 ? x.lo : x.lo + step * Double(i)
      let hi = i == pieces - 1 ? x.hi : x.lo + step * Double(i + 1)
      least = Swift.min(least, reflectionMagnitude(Interval(lo, hi)).lo)
    }
    least = Swift.max(0, Swift.min(least, Round.relDown(Swift.min(a, b))))
    if negative {
      return Interval(
        -most, -least, isDefinedEverywhere: x.isDefinedEverywhere, isContinuous: x.isContinuous)
    }
    return Interval(
      least, most, isDefinedEverywhere: x.isDefinedEverywhere, isContinuous: x.isContinuous)
  }

  /// `|gamma(x)| = pi / (|sin(pi x)| gamma(1 - x))` for `x` in one negative segment
  /// (Abramowitz and Stegun 6.1.17), in interval arithmetic.
  static func reflectionMagnitude(_ x: Interval) -> Interval {
    let pi = Interval(Double.pi, Double.pi.nextUp)
    let s = abs(sin(pi * x))
    let g = positiveGamma(Interval(1) - x)
    let r = pi / (s * g)
    return r.isEmpty ? Interval(0, .infinity) : Interval(Swift.max(0, r.lo), r.hi)
  }

  /// The factorial through gamma, `x! = gamma(x + 1)` (`RealFunctions.factorial`).
  public static func factorial(_ x: Interval) -> Interval { gamma(x + Interval(1)) }
}
