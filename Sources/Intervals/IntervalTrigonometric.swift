import Glibc

// Circular and hyperbolic functions and their inverses.

extension Interval {
  /// Whether some `offset + k * period` (integer `k`) may lie in `x` (finite bounds).
  ///
  /// The test works in units of the period, `t = (x - offset) / period`, with a slack of
  /// `1e-14 (1 + |t|)` for the rounding of `t` and of the constants: near a boundary it
  /// answers yes, which only widens the enclosure to the extreme value that is within
  /// about `1e-28` anyway (the function is flat at its extremes).
  @inlinable
  static func mayContain(_ x: Interval, offset: Double, period: Double) -> Bool {
    let tlo = (x.lo - offset) / period
    let thi = (x.hi - offset) / period
    let slack = 1e-14 * (1 + Swift.max(Swift.abs(tlo), Swift.abs(thi)))
    return (tlo - slack).rounded(.up) <= thi + slack
  }

  /// Sine or cosine over `x`: the endpoint values, widened to `1` when a maximum point
  /// (`maxAt + 2k pi`) may lie inside and to `-1` for a minimum point (`maxAt + pi + 2k pi`);
  /// `[-1, 1]` for widths of `2 pi` or more or unbounded `x` (then not defined everywhere:
  /// an infinite bound may be an actual value, from an overflow, where `sin` is NaN); empty
  /// for `x` a point at infinity. 2 ulps outward (glibc within 1 ulp), clamped to `[-1, 1]`.
  @inlinable
  static func sinusoid(_ x: Interval, maxAt: Double, _ f: (Double) -> Double) -> Interval {
    if x.isEmpty { return .empty }
    let def = x.isDefinedEverywhere
    let cont = x.isContinuous
    if !x.lo.isFinite || !x.hi.isFinite {  // the infinite end may be a value (an overflow)
      if x.isPoint { return .empty }
      return Interval(-1, 1, isDefinedEverywhere: false, isContinuous: cont)
    }
    if x.hi - x.lo >= 2 * Double.pi {
      return Interval(-1, 1, isDefinedEverywhere: def, isContinuous: cont)
    }
    let a = f(x.lo)
    let b = f(x.hi)
    let exactA = x.lo == 0  // sin(0) = 0 and cos(0) = 1 exactly
    let exactB = x.hi == 0
    var lo = Swift.min(exactA ? a : Round.down(a), exactB ? b : Round.down(b))
    var hi = Swift.max(exactA ? a : Round.up(a), exactB ? b : Round.up(b))
    if mayContain(x, offset: maxAt, period: 2 * Double.pi) { hi = 1 }
    if mayContain(x, offset: maxAt + Double.pi, period: 2 * Double.pi) { lo = -1 }
    return Interval(
      Swift.max(lo, -1), Swift.min(hi, 1), isDefinedEverywhere: def, isContinuous: cont)
  }

  /// The sine: extremes where `pi/2 + k pi` lies in `x` (see `sinusoid`). After the
  /// interval-arithmetic npm package (function-plot) and Tupper 2001.
  public static func sin(_ x: Interval) -> Interval {
    sinusoid(x, maxAt: Double.pi / 2) { Glibc.sin($0) }
  }

  /// The cosine: maximum 1 at `2k pi`, minimum -1 at `pi + 2k pi` (see `sinusoid`).
  public static func cos(_ x: Interval) -> Interval {
    sinusoid(x, maxAt: 0) { Glibc.cos($0) }
  }

  /// The tangent: increasing between its poles at `pi/2 + k pi`.
  ///
  /// When a pole may lie in `x` the result is `[-inf, inf]`, not continuous and not defined
  /// everywhere (Tupper 2001). A pole is inside when the poles' indices
  /// `floor((x - pi/2) / pi)` of the endpoints differ, or when `tan(lo) > tan(hi)` (which
  /// catches a pole the rounded index missed: near a pole the sign flips). For widths below
  /// `pi/2` the second test alone is exact, so the index test is used only for wider `x`.
  /// 2 ulps outward; `tan(0) = 0` exactly.
  public static func tan(_ x: Interval) -> Interval {
    if x.isEmpty { return .empty }
    let whole = Interval(-.infinity, .infinity, isDefinedEverywhere: false, isContinuous: false)
    if !x.lo.isFinite || !x.hi.isFinite { return x.isPoint ? .empty : whole }
    if x.hi - x.lo >= Double.pi { return whole }
    let a = Glibc.tan(x.lo)
    let b = Glibc.tan(x.hi)
    if !(a <= b) { return whole }
    if x.hi - x.lo >= 1.5 {
      let ka = ((x.lo - Double.pi / 2) / Double.pi).rounded(.down)
      let kb = ((x.hi - Double.pi / 2) / Double.pi).rounded(.down)
      if ka != kb { return whole }
    }
    return make(
      x.lo == 0 ? 0 : Round.down(a), x.hi == 0 ? 0 : Round.up(b),
      def: x.isDefinedEverywhere, cont: x.isContinuous)
  }

  /// A function defined on `[-1, 1]`: `x` is cut to the domain (empty when disjoint, not
  /// defined everywhere when cut).
  @inlinable
  static func onUnitDomain(_ x: Interval) -> Interval {
    if x.isEmpty || x.hi < -1 || x.lo > 1 { return .empty }
    let def = x.isDefinedEverywhere && x.lo >= -1 && x.hi <= 1
    return Interval(
      Swift.max(x.lo, -1), Swift.min(x.hi, 1), isDefinedEverywhere: def,
      isContinuous: x.isContinuous)
  }

  /// The arcsine over its domain `[-1, 1]`: increasing, 2 ulps outward, within
  /// `[-pi/2, pi/2]` (rounded up); `asin(0) = 0` exactly.
  public static func asin(_ x: Interval) -> Interval {
    let h = (Double.pi / 2).nextUp
    return increasing(onUnitDomain(x), ulps: 2, range: -h...h, exactAt: 0) { Glibc.asin($0) }
  }

  /// The arccosine over its domain `[-1, 1]`: decreasing, `[acos(hi), acos(lo)]`, 2 ulps
  /// outward, within `[0, pi]` (rounded up); `acos(1) = 0` exactly.
  public static func acos(_ x: Interval) -> Interval {
    let d = onUnitDomain(x)
    if d.isEmpty { return .empty }
    let lo = d.hi == 1 ? 0 : Swift.max(0, Round.down(Glibc.acos(d.hi)))
    let hi = Swift.min(Double.pi.nextUp, Round.up(Glibc.acos(d.lo)))
    return make(lo, hi, def: d.isDefinedEverywhere, cont: d.isContinuous)
  }

  /// The arctangent: increasing, 2 ulps outward, within `[-pi/2, pi/2]` (rounded up);
  /// `atan(0) = 0` exactly.
  public static func atan(_ x: Interval) -> Interval {
    let h = (Double.pi / 2).nextUp
    return increasing(x, ulps: 2, range: -h...h, exactAt: 0) { Glibc.atan($0) }
  }

  /// `atan2(y, x)`, the angle of the point `(x, y)` in `(-pi, pi]`, as C's `atan2`.
  ///
  /// - When the box `y x x` touches the branch cut (`y` holds 0 and `x` has a negative part)
  ///   the angle may jump between `-pi` and `pi`: `[-pi, pi]`, not continuous. The same when
  ///   the box holds the origin (C defines `atan2(0, 0)` as a value, so the point is
  ///   defined).
  /// - Otherwise the box is convex, misses the origin and the cut, so the angle is
  ///   continuous on it and its extremes are at the four corners; 2 ulps outward.
  public static func atan2(_ y: Interval, _ x: Interval) -> Interval {
    if y.isEmpty || x.isEmpty { return .empty }
    let def = y.isDefinedEverywhere && x.isDefinedEverywhere
    let cont = y.isContinuous && x.isContinuous
    let p = Double.pi.nextUp
    if y.lo <= 0 && y.hi >= 0 && x.lo <= 0 {  // signed zeros make even atan2(0, 0) +-0 or +-pi
      return Interval(-p, p, isDefinedEverywhere: def, isContinuous: false)
    }
    let c1 = Glibc.atan2(y.lo, x.lo)
    let c2 = Glibc.atan2(y.lo, x.hi)
    let c3 = Glibc.atan2(y.hi, x.lo)
    let c4 = Glibc.atan2(y.hi, x.hi)
    let lo = Swift.min(Swift.min(c1, c2), Swift.min(c3, c4))
    let hi = Swift.max(Swift.max(c1, c2), Swift.max(c3, c4))
    let exactLo = lo == 0 && y.lo == 0
    let exactHi = hi == 0 && y.hi == 0
    return make(
      exactLo ? 0 : Swift.max(-p, Round.down(lo)), exactHi ? 0 : Swift.min(p, Round.up(hi)),
      def: def, cont: cont)
  }

  /// The hyperbolic sine: increasing, 4 ulps outward (glibc within 2); `sinh(0) = 0` exactly.
  public static func sinh(_ x: Interval) -> Interval {
    increasing(x, ulps: 4, exactAt: 0) { Glibc.sinh($0) }
  }

  /// The hyperbolic cosine: even, minimum 1 at 0, so `[cosh(min |x|), cosh(max |x|)]`,
  /// 4 ulps outward, at least 1; `cosh(0) = 1` exactly.
  public static func cosh(_ x: Interval) -> Interval {
    increasing(abs(x), ulps: 4, range: 1...Double.infinity, exactAt: 0) { Glibc.cosh($0) }
  }

  /// The hyperbolic tangent: increasing, 4 ulps outward, within `[-1, 1]`; exact at 0.
  public static func tanh(_ x: Interval) -> Interval {
    increasing(x, ulps: 4, range: -1...1, exactAt: 0) { Glibc.tanh($0) }
  }

  /// The inverse hyperbolic sine: increasing, 4 ulps outward; exact at 0.
  public static func asinh(_ x: Interval) -> Interval {
    increasing(x, ulps: 4, exactAt: 0) { Glibc.asinh($0) }
  }

  /// The inverse hyperbolic cosine over its domain `x >= 1` (empty below, not defined
  /// everywhere when cut): increasing, 4 ulps outward, at least 0; `acosh(1) = 0` exactly.
  public static func acosh(_ x: Interval) -> Interval {
    if x.isEmpty || x.hi < 1 { return .empty }
    let d = Interval(
      Swift.max(x.lo, 1), x.hi, isDefinedEverywhere: x.isDefinedEverywhere && x.lo >= 1,
      isContinuous: x.isContinuous)
    return increasing(d, ulps: 4, range: 0...Double.infinity, exactAt: 1) { Glibc.acosh($0) }
  }

  /// The inverse hyperbolic tangent over its domain `(-1, 1)`: increasing; C gives
  /// `atanh(+-1) = +-inf`, so an `x` reaching `1` has `+inf` as its upper bound (and `-1`,
  /// `-inf` below), not defined everywhere; empty when `x` misses `[-1, 1]`. 4 ulps outward.
  public static func atanh(_ x: Interval) -> Interval {
    if x.isEmpty || x.hi < -1 || x.lo > 1 { return .empty }
    let def = x.isDefinedEverywhere && x.lo > -1 && x.hi < 1
    let lo =
      x.lo <= -1 ? -Double.infinity : (x.lo == 0 ? 0 : Round.down(Glibc.atanh(x.lo), ulps: 4))
    let hi = x.hi >= 1 ? Double.infinity : (x.hi == 0 ? 0 : Round.up(Glibc.atanh(x.hi), ulps: 4))
    return make(lo, hi, def: def, cont: x.isContinuous)
  }
}
