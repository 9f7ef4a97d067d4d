import Glibc

// Powers, exponentials, logarithms and roots.

extension Interval {
  /// A monotone increasing libm function over `x`: `[f(lo), f(hi)]`, `ulps` outward, clamped
  /// to `range` (the function's exact range, so outward rounding never leaves it). An
  /// endpoint equal to `exactAt` maps exactly to `f(exactAt)`.
  @inlinable
  static func increasing(
    _ x: Interval, ulps: Int, range: ClosedRange<Double> = -Double.infinity...Double.infinity,
    exactAt: Double = .nan, _ f: (Double) -> Double
  ) -> Interval {
    if x.isEmpty { return .empty }
    let lo = x.lo == exactAt ? f(x.lo) : Round.down(f(x.lo), ulps: ulps)
    let hi = x.hi == exactAt ? f(x.hi) : Round.up(f(x.hi), ulps: ulps)
    return make(
      Swift.min(Swift.max(lo, range.lowerBound), range.upperBound),
      Swift.max(Swift.min(hi, range.upperBound), range.lowerBound),
      def: x.isDefinedEverywhere, cont: x.isContinuous)
  }

  /// `pow(a, b)` rounded down: exact for the exact cases of C's `pow` (`b` 0, 1 or infinite,
  /// `a` 0, 1 or infinite), else 2 ulps down (glibc's `pow` is within 1 ulp; an overflow to
  /// infinity becomes the largest finite value).
  @inlinable
  static func powDown(_ a: Double, _ b: Double) -> Double {
    let v = Glibc.pow(a, b)
    if b == 0 || b == 1 || a == 0 || a == 1 || !a.isFinite || !b.isFinite { return v }
    if let exact = exactPower(a, b) { return exact }
    return Round.down(v)
  }

  /// `pow(a, b)` rounded up; see `powDown`.
  @inlinable
  static func powUp(_ a: Double, _ b: Double) -> Double {
    let v = Glibc.pow(a, b)
    if b == 0 || b == 1 || a == 0 || a == 1 || !a.isFinite || !b.isFinite { return v }
    if let exact = exactPower(a, b) { return exact }
    return Round.up(v)
  }

  /// `a^n` exactly, when `n` is a whole number and the power is a double: `a = m·2^e` with
  /// `m` an odd integer, so `a^n = m^n·2^(e·n)`, exact when `m^n` fits in 53 bits (for
  /// `n < 0`, only `m = ±1`: powers of two) and the result is a normal double. Else nil
  /// (`powDown`/`powUp` then widen glibc's value by its error). So `(-1)^3`, `3^3` and
  /// `0.5^-2` are points, and `x^3 - x` is exactly 0 at -1.
  @usableFromInline
  static func exactPower(_ a: Double, _ n: Double) -> Double? {
    guard a.isFinite, a != 0, n == n.rounded(.towardZero), Swift.abs(n) <= 1024 else {
      return nil
    }
    let k = Int(n)
    // a = m · 2^e, m odd.
    let magnitude = Swift.abs(a)
    guard magnitude.isNormal else { return nil }
    let trailing = magnitude.significandBitPattern.trailingZeroBitCount
    let bits = Swift.min(trailing, Double.significandBitCount)
    var m = Int(magnitude.significandBitPattern >> UInt64(bits))
    m |= 1 << (Double.significandBitCount - bits)
    let e = Int(magnitude.exponent) - (Double.significandBitCount - bits)
    let negative = a < 0 && k % 2 != 0
    if k < 0 && m != 1 { return nil }
    var p = 1
    for _ in 0..<Swift.abs(k) where m != 1 {
      let (q, overflow) = p.multipliedReportingOverflow(by: m)
      if overflow || q > 1 << 53 { return nil }
      p = q
    }
    let scale = e * k
    guard scale > -1100, scale < 1100 else { return nil }
    let v = Double(sign: negative ? .minus : .plus, exponent: scale, significand: Double(p))
    return v.isNormal ? v : nil
  }

  /// `x ^ y` as C's `pow` over real numbers (no complex results).
  ///
  /// - `y` one integer `n`: `x^0 = [1, 1]`; `n > 0` odd is increasing, even is `|x|^n`;
  ///   `n < 0` has a pole at 0: `[0, 0]^n` is C's value (`+inf`, or `+-inf` for odd `n`),
  ///   `x` holding 0 gives the one-sided hull for even `n` and for `x = [0, h]`, else the
  ///   whole line (for odd `n`, `x = [l, 0]` tends to `-inf` but `(+0)^n` is `+inf`); not
  ///   defined everywhere and not continuous (Moore 1966; Tupper 2001).
  /// - Otherwise, for `x >= 0`, `x^y = exp(y ln x)` is monotone in `x` for each `y` and in `y`
  ///   for each `x`, so its extremes are at the four corners. `0^y` for `y < 0` is a pole
  ///   (`+inf`, not defined everywhere, not continuous); `0^y` jumps at `y = 0`.
  /// - `x < 0` is defined only at integer `y`: when `y` holds integers the part gives
  ///   `[-M, M]` with `M` the greatest `|x|^y`, else nothing; either way the result is not
  ///   defined everywhere. The two parts are joined by their hull.
  /// - As C's `pow`, `pow(NaN, 0) = 1` and `pow(1, NaN) = 1`: an empty `x` with `0` in `y`
  ///   (or an empty `y` with `1` in `x`) gives `[1, 1]`, not defined everywhere.
  public static func pow(_ x: Interval, _ y: Interval) -> Interval {
    if x.isEmpty || y.isEmpty {
      if x.isEmpty && !y.isEmpty && y.contains(0) || y.isEmpty && !x.isEmpty && x.contains(1) {
        return Interval(1, 1, isDefinedEverywhere: false, isContinuous: false)
      }
      return .empty
    }
    let def = x.isDefinedEverywhere && y.isDefinedEverywhere
    let cont = x.isContinuous && y.isContinuous
    if y.isPoint {
      let n = y.lo
      if n.isFinite && n == n.rounded(.towardZero) {
        return integerPower(x, n).flagged(def: def, cont: cont)
      }
      if !n.isFinite {  // C: pow(x, +-inf) depends on |x| only
        return positivePower(abs(x), y).flagged(def: def, cont: cont)
      }
    }
    var result = Interval.empty
    var partDef = true
    if x.hi >= 0 {
      result = positivePower(Interval(Swift.max(x.lo, 0), x.hi), y)
    }
    if x.lo < 0 {
      partDef = false
      let negative = Interval(Swift.max(-x.hi, 0), -x.lo)  // |x| over the negative part
      var part = Interval.empty
      if y.lo.rounded(.up) <= y.hi {  // y holds an integer
        let m = positivePower(negative, y)
        if !m.isEmpty {
          part = Interval(-m.hi, m.hi, isDefinedEverywhere: false, isContinuous: false)
        }
      }
      if x.lo == -.infinity {  // C: pow(-inf, y) is 0 for y < 0 and inf for y > 0
        if y.lo < 0 { part = hull(part, Interval(0, 0)) }
        if y.hi > 0 { part = hull(part, Interval(.infinity, .infinity)) }
      }
      if !part.isEmpty {
        part.isContinuous = false
        result = result.isEmpty ? part : hull(result, part)
      }
    }
    if result.isEmpty { return .empty }
    return result.flagged(def: def && partDef, cont: cont && partDef)
  }

  /// `x^n` for an integer `n` (a whole-number Double, possibly beyond Int's range).
  static func integerPower(_ x: Interval, _ n: Double) -> Interval {
    if n == 0 {
      return Interval(
        1, 1, isDefinedEverywhere: x.isDefinedEverywhere, isContinuous: x.isContinuous)
    }
    if n == 1 { return x }
    if n == 2 { return sqr(x) }
    let odd = n.truncatingRemainder(dividingBy: 2) != 0
    let def = x.isDefinedEverywhere
    let cont = x.isContinuous
    if n > 0 {
      if odd { return make(powDown(x.lo, n), powUp(x.hi, n), def: def, cont: cont) }
      let m = abs(x)
      return make(powDown(m.lo, n), powUp(m.hi, n), def: def, cont: cont)
    }
    if x.lo == 0 && x.hi == 0 {  // C: pow(+-0, -n) is +inf, or +-inf for odd n
      return Interval(
        odd ? -.infinity : .infinity, .infinity, isDefinedEverywhere: false, isContinuous: false)
    }
    if x.lo <= 0 && x.hi >= 0 {  // a pole in x
      if !odd {
        let m = Swift.max(-x.lo, x.hi)
        return Interval(powDown(m, n), .infinity, isDefinedEverywhere: false, isContinuous: false)
      }
      if x.lo == 0 {
        return Interval(
          powDown(x.hi, n), .infinity, isDefinedEverywhere: false, isContinuous: false)
      }
      return Interval(-.infinity, .infinity, isDefinedEverywhere: false, isContinuous: false)
    }
    if odd { return make(powDown(x.hi, n), powUp(x.lo, n), def: def, cont: cont) }
    let m = abs(x)
    return make(powDown(m.hi, n), powUp(m.lo, n), def: def, cont: cont)
  }

  /// `x^y` for `x >= 0` by the four corners (see `pow`).
  static func positivePower(_ x: Interval, _ y: Interval) -> Interval {
    if x.isEmpty || y.isEmpty { return .empty }
    let lo = Swift.min(
      Swift.min(powDown(x.lo, y.lo), powDown(x.lo, y.hi)),
      Swift.min(powDown(x.hi, y.lo), powDown(x.hi, y.hi)))
    let hi = Swift.max(
      Swift.max(powUp(x.lo, y.lo), powUp(x.lo, y.hi)),
      Swift.max(powUp(x.hi, y.lo), powUp(x.hi, y.hi)))
    let pole = x.lo == 0 && y.lo < 0
    let jump = x.lo == 0 && y.lo <= 0
    return make(Swift.max(lo, 0), hi, def: !pole, cont: !jump)
  }

  /// `e^x`: increasing, `[exp(lo), exp(hi)]` 2 ulps outward (glibc within 1 ulp), at least 0;
  /// `exp(0) = 1` exactly.
  public static func exp(_ x: Interval) -> Interval {
    increasing(x, ulps: 2, range: 0...Double.infinity, exactAt: 0) { Glibc.exp($0) }
  }

  /// A logarithm over its domain `x > 0`: `[-2, -1]` is empty; `[-1, 2]` is
  /// `[-inf, log 2]` and not defined everywhere; `log(0) = -inf` as in C; `log(1) = 0` exactly.
  /// Continuous on its domain (the value tends to `-inf` at the edge).
  @inlinable
  static func logarithm(_ x: Interval, _ f: (Double) -> Double) -> Interval {
    if x.isEmpty || x.hi < 0 { return .empty }
    let def = x.isDefinedEverywhere && x.lo > 0
    let lo = x.lo <= 0 ? -Double.infinity : (x.lo == 1 ? 0 : Round.down(f(x.lo), ulps: 3))
    let hi = x.hi == 0 ? -Double.infinity : (x.hi == 1 ? 0 : Round.up(f(x.hi), ulps: 3))
    return make(lo, hi, def: def, cont: x.isContinuous)
  }

  /// The natural logarithm; see `logarithm` for the domain rule (glibc `log`, 3 ulps outward).
  public static func ln(_ x: Interval) -> Interval { logarithm(x) { Glibc.log($0) } }

  /// The base-10 logarithm; domain `x > 0` as `ln`.
  public static func log10(_ x: Interval) -> Interval { logarithm(x) { Glibc.log10($0) } }

  /// The base-2 logarithm; domain `x > 0` as `ln`.
  public static func log2(_ x: Interval) -> Interval { logarithm(x) { Glibc.log2($0) } }

  /// `log(x, b) = ln x / ln b`, the quotient rule applied to the two logarithms (so `b`
  /// holding 1 is a pole, and `b == [1, 1]` is empty).
  public static func log(_ x: Interval, base b: Interval) -> Interval { ln(x) / ln(b) }

  /// The square root over its domain `x >= 0`: `[-2, -1]` is empty; `[-1, 4]` is `[0, 2]`,
  /// not defined everywhere. Correctly rounded bounds (see `Round.sqrtDown`).
  public static func sqrt(_ x: Interval) -> Interval {
    if x.isEmpty || x.hi < 0 { return .empty }
    let lo = x.lo <= 0 ? 0 : Round.sqrtDown(x.lo)
    return make(
      Swift.max(0, lo), Round.sqrtUp(x.hi), def: x.isDefinedEverywhere && x.lo >= 0,
      cont: x.isContinuous)
  }

  /// The cube root: increasing on the whole line, 4 ulps outward; `cbrt(0) = 0` exactly.
  public static func cbrt(_ x: Interval) -> Interval {
    increasing(x, ulps: 4, exactAt: 0) { Glibc.cbrt($0) }
  }
}
