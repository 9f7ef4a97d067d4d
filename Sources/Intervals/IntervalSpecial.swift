import Glibc

// gnuplot's special functions: erf, erfc, the normal distribution, Bessel J0, J1, Y0, Y1,
// and a monotone rule that other targets hand their own scalar functions to (the inverse
// error function and the normal quantile, which glibc lacks).

extension Interval {
  /// The error function: increasing, glibc's `erf` (within 1 ulp) widened 2 ulps, within
  /// [-1, 1]; erf(0) = 0 exactly.
  public static func erf(_ x: Interval) -> Interval {
    increasing(x, ulps: 2, range: -1...1, exactAt: 0) { Glibc.erf($0) }
  }

  /// The complementary error function: decreasing, `[erfc(hi), erfc(lo)]`, glibc's `erfc`
  /// (within 3 ulps over the doubles) widened 4 ulps, within [0, 2].
  public static func erfc(_ x: Interval) -> Interval {
    if x.isEmpty { return .empty }
    let lo = Swift.max(0, Round.down(Glibc.erfc(x.hi), ulps: 4))
    let hi = Swift.min(2, Round.up(Glibc.erfc(x.lo), ulps: 4))
    return make(lo, hi, def: x.isDefinedEverywhere, cont: x.isContinuous)
  }

  /// The standard normal distribution function Φ(x) = erfc(-x/√2)/2: increasing, within
  /// [0, 1]. The argument `-x/√2` is rounded once, and Φ's relative sensitivity to its
  /// argument is about |x| (the tail falls as exp(-x²/2)), so an end is widened by
  /// 8 + x² ulps: erfc's error and the rounding of the argument carried through.
  public static func normalCDF(_ x: Interval) -> Interval {
    if x.isEmpty { return .empty }
    func phi(_ v: Double) -> Double { 0.5 * Glibc.erfc(-v / 2.0.squareRoot()) }
    func ulps(_ v: Double) -> Int { 8 + Int(Swift.min(v * v, 1e6)) }
    let lo = Swift.max(0, Round.down(phi(x.lo), ulps: ulps(x.lo)))
    let hi = Swift.min(1, Round.up(phi(x.hi), ulps: ulps(x.hi)))
    return make(lo, hi, def: x.isDefinedEverywhere, cont: x.isContinuous)
  }

  /// An increasing function `f` defined on `domain` over `x`: `[f(lo), f(hi)]` of `x` cut
  /// to the domain, `ulps` outward (an infinite end stays), not defined everywhere when `x`
  /// reaches outside the domain, empty when it lies outside. For functions other targets
  /// compute (the inverse error function and the normal quantile of CalculatorBrain).
  package static func increasing(
    _ x: Interval, on domain: ClosedRange<Double>, ulps: Int, _ f: (Double) -> Double
  ) -> Interval {
    if x.isEmpty || x.hi < domain.lowerBound || x.lo > domain.upperBound { return .empty }
    let cut = Interval(
      Swift.max(x.lo, domain.lowerBound), Swift.min(x.hi, domain.upperBound),
      isDefinedEverywhere: x.isDefinedEverywhere && x.lo >= domain.lowerBound
        && x.hi <= domain.upperBound,
      isContinuous: x.isContinuous)
    return increasing(cut, ulps: ulps, exactAt: 0, f)
  }

  /// How far glibc's Bessel functions may be from the true values, absolutely: their error
  /// is measured relative to the value (glibc's libm-test-ulps lists up to 9 ulps), which
  /// near a zero of the function is tiny, so an absolute 1e-14 beside 16 ulps of the value
  /// covers the points where the relative error is large but the absolute error is not.
  static let besselSlack = 1e-14

  /// `f` over `x` where it is monotone (`increasing` or not), widened by the Bessel slack.
  private static func besselMonotone(
    _ x: Interval, increasing: Bool, _ f: (Double) -> Double
  ) -> Interval {
    let a = f(x.lo)
    let b = f(x.hi)
    let (lo, hi) = increasing ? (a, b) : (b, a)
    return make(
      Round.down(lo, ulps: 16) - besselSlack, Round.up(hi, ulps: 16) + besselSlack,
      def: x.isDefinedEverywhere, cont: x.isContinuous)
  }

  /// `f` over `x` from its value at the midpoint and a bound `lipschitz` on |f'| there
  /// (the mean value theorem: |f(t) - f(m)| <= L |t - m|), cut to `range`, the function's
  /// values over the whole stretch; the radius is rounded up.
  private static func besselLipschitz(
    _ x: Interval, lipschitz: Double, range: ClosedRange<Double>, _ f: (Double) -> Double
  ) -> Interval {
    let m = x.lo / 2 + x.hi / 2
    let r = Round.up(Swift.max(m - x.lo, x.hi - m) * lipschitz)
    let v = f(m)
    let slack = r + besselSlack + Swift.abs(v) * 0x1p-48
    let lo = Swift.max(range.lowerBound, Round.down(v - slack))
    let hi = Swift.min(range.upperBound, Round.up(v + slack))
    return make(lo, hi, def: x.isDefinedEverywhere, cont: x.isContinuous)
  }

  /// The hull of `f`'s enclosure over `x` split at `cut`: `below` on the part left of it,
  /// `above` on the part right of it.
  private static func split(
    _ x: Interval, at cut: Double, below: (Interval) -> Interval, above: (Interval) -> Interval
  ) -> Interval {
    if x.hi <= cut { return below(x) }
    if x.lo >= cut { return above(x) }
    let left = below(
      Interval(x.lo, cut, isDefinedEverywhere: x.isDefinedEverywhere, isContinuous: x.isContinuous))
    let right = above(
      Interval(cut, x.hi, isDefinedEverywhere: x.isDefinedEverywhere, isContinuous: x.isContinuous))
    return hull(left, right)
  }

  /// Bessel's J0 (glibc's `j0`). J0 is even, decreasing on [0, 3.83] (its first minimum is at
  /// j₁,₁ = 3.8317, DLMF 10.21), and |J0'| = |J1| <= 0.5819 everywhere (DLMF 10.14.1 and
  /// J1's largest value): there a midpoint value and that slope enclose it; its values lie
  /// in [-0.4028, 1].
  public static func besselJ0(_ x: Interval) -> Interval {
    if x.isEmpty { return .empty }
    let range = -0.4028...1.0
    let edge = 3.83
    let slope: (Interval) -> Interval = {
      besselLipschitz($0, lipschitz: 0.582, range: range) { Glibc.j0($0) }
    }
    let result = split(
      x, at: -edge, below: slope,
      above: {
        split(
          $0, at: 0, below: { besselMonotone($0, increasing: true) { Glibc.j0($0) } },
          above: {
            split(
              $0, at: edge, below: { besselMonotone($0, increasing: false) { Glibc.j0($0) } },
              above: slope)
          })
      })
    return x.lo <= 0 && x.hi >= 0 ? hull(result, Interval(1)) : result
  }

  /// Bessel's J1 (glibc's `j1`). J1 is odd, increasing on [-1.84, 1.84] (its first maximum
  /// is at j'₁,₁ = 1.8412), and |J1'| = |J0 - J2|/2 <= 1 (DLMF 10.6.1, |Jn| <= 1); its
  /// values lie in [-0.5819, 0.5819].
  public static func besselJ1(_ x: Interval) -> Interval {
    if x.isEmpty { return .empty }
    let range = -0.5819...0.5819
    let edge = 1.84
    let slope: (Interval) -> Interval = {
      besselLipschitz($0, lipschitz: 1, range: range) { Glibc.j1($0) }
    }
    return split(
      x, at: -edge, below: slope,
      above: {
        split(
          $0, at: edge, below: { besselMonotone($0, increasing: true) { Glibc.j1($0) } },
          above: slope)
      })
  }

  /// Bessel's Y0 (glibc's `y0`) over its domain x > 0 (-inf at 0: a part at or below 0 makes
  /// the enclosure unbounded below and not defined everywhere). Y0 is increasing on
  /// (0, 2.197] (its first maximum, 0.5208, is at y₁,₁ = 2.1971, DLMF 10.21); beyond,
  /// |Y0'| = |Y1| <= 0.4168 and its values lie in [-0.5208, 0.5208].
  public static func besselY0(_ x: Interval) -> Interval {
    besselY(x, edge: 2.197, lipschitz: 0.42, range: -0.521...0.521) { Glibc.y0($0) }
  }

  /// Bessel's Y1 (glibc's `y1`) over its domain x > 0, as `besselY0`: increasing on
  /// (0, 3.683] (its first maximum, 0.4168, is at y'₁,₁ = 3.6830); beyond, |Y1'| =
  /// |Y0 - Y1/x| <= 0.5208 + 0.4168/3.683 < 0.64 and its values lie in [-0.4168, 0.4168].
  public static func besselY1(_ x: Interval) -> Interval {
    besselY(x, edge: 3.683, lipschitz: 0.64, range: -0.417...0.417) { Glibc.y1($0) }
  }

  /// Y0 or Y1 (`f`) over `x`: increasing up to `edge`, then a midpoint value and the slope
  /// bound `lipschitz`, within `range` beyond `edge`.
  private static func besselY(
    _ x: Interval, edge: Double, lipschitz: Double, range: ClosedRange<Double>,
    _ f: @escaping (Double) -> Double
  ) -> Interval {
    if x.isEmpty || x.hi <= 0 { return .empty }
    let positive = Interval(
      Swift.max(x.lo, Double.leastNonzeroMagnitude), x.hi,
      isDefinedEverywhere: x.isDefinedEverywhere && x.lo > 0, isContinuous: x.isContinuous)
    var result = split(
      positive, at: edge, below: { besselMonotone($0, increasing: true, f) },
      above: { besselLipschitz($0, lipschitz: lipschitz, range: range, f) })
    if x.lo <= 0 {  // Y(0+) = -inf
      result = Interval(
        -.infinity, result.hi, isDefinedEverywhere: false, isContinuous: result.isContinuous)
    }
    return result
  }

}
