import Glibc

/// Directed rounding built on the hardware's round-to-nearest, for the interval rules.
///
/// Swift cannot change the FPU rounding mode, so each bound is computed in round-to-nearest
/// and then moved outward:
/// - `+ - * /` and `sqrt` are correctly rounded, so an error-free transformation tells the
///   exact direction of the rounding error and the bound moves one ulp only when the result
///   was rounded the wrong way (TwoSum for sums, Knuth, *TAOCP* vol. 2, 4.2.2; the exact
///   residual `fma(a, b, -p)` for products, `fma(-q, b, a)` for quotients and
///   `fma(-s, s, x)` for square roots, as in Muller et al., *Handbook of Floating-Point
///   Arithmetic*, chapter 4). Exact results stay exact, so `[1, 1] + [1, 1]` is `[2, 2]`.
/// - Near the underflow threshold the residuals may be lost, so there both directions move.
/// - libm functions are not correctly rounded: `down(_:ulps:)` / `up(_:ulps:)` move the
///   computed value a few ulps outward (twice the documented glibc error, so that the point
///   value at an interior point, which may be off by that error the other way, still fits).
@usableFromInline
enum Round {
  /// Below this magnitude a residual may underflow; both directions then move one ulp.
  @usableFromInline static let tiny = 0x1p-900

  /// `a + b` rounded toward -infinity (NaN for `inf + -inf`).
  @inlinable
  static func addDown(_ a: Double, _ b: Double) -> Double {
    let s = a + b
    guard s.isFinite else {
      if s == .infinity && a.isFinite && b.isFinite { return .greatestFiniteMagnitude }
      return s
    }
    let bb = s - a
    let err = (a - (s - bb)) + (b - bb)
    return err < 0 ? s.nextDown : s
  }

  /// `a + b` rounded toward +infinity (NaN for `inf + -inf`).
  @inlinable
  static func addUp(_ a: Double, _ b: Double) -> Double {
    let s = a + b
    guard s.isFinite else {
      if s == -.infinity && a.isFinite && b.isFinite { return -.greatestFiniteMagnitude }
      return s
    }
    let bb = s - a
    let err = (a - (s - bb)) + (b - bb)
    return err > 0 ? s.nextUp : s
  }

  /// `a * b` rounded toward -infinity, with `0 * inf = 0` (the bound convention).
  @inlinable
  static func mulDown(_ a: Double, _ b: Double) -> Double {
    if a == 0 || b == 0 { return 0 }
    let p = a * b
    guard p.isFinite else {
      if a.isFinite && b.isFinite && p == .infinity { return .greatestFiniteMagnitude }
      return p
    }
    if Swift.abs(p) < tiny { return p.nextDown }
    return fma(a, b, -p) < 0 ? p.nextDown : p
  }

  /// `a * b` rounded toward +infinity, with `0 * inf = 0` (the bound convention).
  @inlinable
  static func mulUp(_ a: Double, _ b: Double) -> Double {
    if a == 0 || b == 0 { return 0 }
    let p = a * b
    guard p.isFinite else {
      if a.isFinite && b.isFinite && p == -.infinity { return -.greatestFiniteMagnitude }
      return p
    }
    if Swift.abs(p) < tiny { return p.nextUp }
    return fma(a, b, -p) > 0 ? p.nextUp : p
  }

  /// `a / b` rounded toward -infinity; `b` is nonzero. NaN for `inf / inf`.
  @inlinable
  static func divDown(_ a: Double, _ b: Double) -> Double {
    let q = a / b
    guard q.isFinite else {
      if a.isFinite && b.isFinite && q == .infinity { return .greatestFiniteMagnitude }
      return q
    }
    if a == 0 || !b.isFinite { return q }
    if Swift.abs(a) < tiny || Swift.abs(q) < tiny { return q.nextDown }
    let r = fma(-q, b, a)
    if r == 0 { return q }
    return (r < 0) != (b < 0) ? q.nextDown : q
  }

  /// `a / b` rounded toward +infinity; `b` is nonzero. NaN for `inf / inf`.
  @inlinable
  static func divUp(_ a: Double, _ b: Double) -> Double {
    let q = a / b
    guard q.isFinite else {
      if a.isFinite && b.isFinite && q == -.infinity { return -.greatestFiniteMagnitude }
      return q
    }
    if a == 0 || !b.isFinite { return q }
    if Swift.abs(a) < tiny || Swift.abs(q) < tiny { return q.nextUp }
    let r = fma(-q, b, a)
    if r == 0 { return q }
    return (r < 0) == (b < 0) ? q.nextUp : q
  }

  /// `sqrt(x)` rounded toward -infinity, for `x >= 0`.
  @inlinable
  static func sqrtDown(_ x: Double) -> Double {
    let s = Glibc.sqrt(x)
    if x == 0 || !x.isFinite { return s }
    if x < tiny { return Swift.max(0, s.nextDown) }
    return fma(-s, s, x) < 0 ? s.nextDown : s
  }

  /// `sqrt(x)` rounded toward +infinity, for `x >= 0`.
  @inlinable
  static func sqrtUp(_ x: Double) -> Double {
    let s = Glibc.sqrt(x)
    if x == 0 || !x.isFinite { return s }
    if x < tiny { return s.nextUp }
    return fma(-s, s, x) > 0 ? s.nextUp : s
  }

  /// `v` moved `ulps` ulps toward -infinity (a libm result made a lower bound).
  @inlinable
  static func down(_ v: Double, ulps: Int = 2) -> Double {
    var r = v
    for _ in 0..<ulps { r = r.nextDown }
    return r
  }

  /// `v` moved `ulps` ulps toward +infinity (a libm result made an upper bound).
  @inlinable
  static func up(_ v: Double, ulps: Int = 2) -> Double {
    var r = v
    for _ in 0..<ulps { r = r.nextUp }
    return r
  }

  /// `v` lowered by a relative `1e-13` (about 450 ulps), for `tgamma`, whose glibc error is a
  /// few ulps and larger on older releases. Infinity becomes the largest finite value.
  @inlinable
  static func relDown(_ v: Double) -> Double {
    if v == .infinity { return .greatestFiniteMagnitude }
    if !v.isFinite { return v }
    return (v - Swift.abs(v) * 1e-13).nextDown
  }

  /// `v` raised by a relative `1e-13`; see `relDown`.
  @inlinable
  static func relUp(_ v: Double) -> Double {
    if v == -.infinity { return -.greatestFiniteMagnitude }
    if !v.isFinite { return v }
    return (v + Swift.abs(v) * 1e-13).nextUp
  }
}
