import Glibc

// gnuplot's special functions (tracker issue 16): the error function and its relatives, the
// normal distribution and its inverse, Bessel functions of the first and second kind of
// orders 0 and 1, and `real`/`imag` of real numbers. Their interval rules are in
// Intervals/IntervalSpecial.swift and CompiledFunctions/Builtins+SpecialCompiled.swift.

extension BuiltinFunction {
  /// The entry of a special function (see `entry`).
  var specialEntry: Entry {
    switch self {
    case .erf:
      return Entry(
        name: "erf", arity: .exactly(1), usage: "erf(x)",
        help: "the error function 2/sqrt(pi) * integral of exp(-t^2) from 0 to x")
    case .erfc:
      return Entry(
        name: "erfc", arity: .exactly(1), usage: "erfc(x)",
        help: "the complementary error function 1 - erf(x), accurate where erf(x) is near 1")
    case .norm:
      return Entry(
        name: "norm", arity: .exactly(1), usage: "norm(x)",
        help: "the standard normal distribution function (its integral up to x), as gnuplot's")
    case .inverf:
      return Entry(
        name: "inverf", arity: .exactly(1), usage: "inverf(x)",
        help: "the inverse error function: erf(inverf(x)) = x; x in [-1, 1]")
    case .invnorm:
      return Entry(
        name: "invnorm", arity: .exactly(1), usage: "invnorm(p)",
        help: "the inverse of norm: the x below which a normal variate falls with probability p")
    case .besj0:
      return Entry(
        name: "besj0", arity: .exactly(1), usage: "besj0(x)",
        help: "the Bessel function of the first kind of order 0, J0(x)")
    case .besj1:
      return Entry(
        name: "besj1", arity: .exactly(1), usage: "besj1(x)",
        help: "the Bessel function of the first kind of order 1, J1(x)")
    case .besy0:
      return Entry(
        name: "besy0", arity: .exactly(1), usage: "besy0(x)",
        help: "the Bessel function of the second kind of order 0, Y0(x); x > 0")
    case .besy1:
      return Entry(
        name: "besy1", arity: .exactly(1), usage: "besy1(x)",
        help: "the Bessel function of the second kind of order 1, Y1(x); x > 0")
    case .real:
      return Entry(
        name: "real", arity: .exactly(1), usage: "real(x)",
        help: "the real part: x itself (graphcalc's numbers are real)")
    default:  // .imag
      return Entry(
        name: "imag", arity: .exactly(1), usage: "imag(x)",
        help: "the imaginary part: 0 (graphcalc's numbers are real)")
    }
  }

  /// The derivative rule of a special function (see `derivative`).
  var specialDerivative: DerivativeRule {
    let twoOverRootPi = 2 / Double.pi.squareRoot()
    switch self {
    // d erf = 2/sqrt(pi) exp(-u^2), d erfc its negative, d norm = exp(-u^2/2)/sqrt(2 pi).
    case .erf: return .chain { times(n(twoOverRootPi), expOf(.unary(.negate, square($0)))) }
    case .erfc: return .chain { times(n(-twoOverRootPi), expOf(.unary(.negate, square($0)))) }
    case .norm:
      return .chain {
        times(n(1 / (2 * Double.pi).squareRoot()), expOf(times(n(-0.5), square($0))))
      }
    // The inverses' derivatives are the reciprocals at the value: sqrt(pi)/2 exp(y^2) and
    // sqrt(2 pi) exp(y^2/2), y the inverse's value.
    case .inverf:
      return .chain { times(n(Double.pi.squareRoot() / 2), expOf(square(call("inverf", $0)))) }
    case .invnorm:
      return .chain {
        times(n((2 * Double.pi).squareRoot()), expOf(times(n(0.5), square(call("invnorm", $0)))))
      }
    // J0' = -J1, Y0' = -Y1, J1' = J0 - J1/x, Y1' = Y0 - Y1/x (DLMF 10.6.2, 10.6.3).
    case .besj0: return .chain { .unary(.negate, call("besj1", $0)) }
    case .besy0: return .chain { .unary(.negate, call("besy1", $0)) }
    case .besj1:
      return .chain {
        .binary(.subtract, call("besj0", $0), .binary(.divide, call("besj1", $0), $0))
      }
    case .besy1:
      return .chain {
        .binary(.subtract, call("besy0", $0), .binary(.divide, call("besy1", $0), $0))
      }
    case .real: return .chain { _ in n(1) }
    default: return .chain { _ in n(0) }  // .imag
    }
  }
}

/// A call of a built-in of one argument.
private func call(_ name: String, _ u: Expr) -> Expr { .call(name, [u]) }
/// A number node.
private func n(_ v: Double) -> Expr { .number(v) }
/// `a * b`.
private func times(_ a: Expr, _ b: Expr) -> Expr { .binary(.multiply, a, b) }
/// `e^2`.
private func square(_ e: Expr) -> Expr { .binary(.power, e, .number(2)) }
/// `exp(e)`.
private func expOf(_ e: Expr) -> Expr { call("exp", e) }

/// The scalar rules of gnuplot's special functions, shared by every evaluator through
/// `BuiltinFunction.value(_:_:)`.
public enum SpecialFunctions {
  /// The value of special function `f` at `x` (NaN outside its domain).
  @inlinable
  public static func value(_ f: BuiltinFunction, _ x: Double) -> Double {
    switch f {
    case .erf: return Glibc.erf(x)
    case .erfc: return Glibc.erfc(x)
    case .norm: return normalCDF(x)
    case .inverf: return inverseErf(x)
    case .invnorm: return inverseNormalCDF(x)
    case .besj0: return Glibc.j0(x)
    case .besj1: return Glibc.j1(x)
    // Undefined at 0 too, as gnuplot's (glibc's -inf there is the pole's limit).
    case .besy0: return x > 0 ? Glibc.y0(x) : .nan
    case .besy1: return x > 0 ? Glibc.y1(x) : .nan
    case .real: return x
    case .imag: return x.isNaN ? .nan : 0
    default: return .nan
    }
  }

  /// The standard normal distribution function Φ(x) = erfc(-x/√2)/2: through `erfc`, so the
  /// lower tail keeps its relative accuracy (Φ(-30) is 4.9e-198, not 0 as 0.5·(1 + erf)
  /// would give).
  public static func normalCDF(_ x: Double) -> Double {
    0.5 * Glibc.erfc(-x / 2.0.squareRoot())
  }

  /// The inverse error function: the y with erf(y) = x, for x in [-1, 1] (±1 give ±inf,
  /// NaN outside).
  ///
  /// A start from Acklam's rational approximation of the normal quantile (relative error
  /// 1.15e-9; P. J. Acklam, "An algorithm for computing the inverse normal cumulative
  /// distribution function", 2003), then two Halley steps on erf(y) - x, or on
  /// erfc(y) - (1 - x) where |x| > 1/2 (1 - x is exact there, and erfc keeps the tail's
  /// digits); each step triples the correct digits, so the result is within a few ulps.
  public static func inverseErf(_ x: Double) -> Double {
    guard x.magnitude <= 1 else { return .nan }
    if x == 0 { return x }
    if x.magnitude == 1 { return x * .infinity }
    if x < 0 { return -inverseErf(-x) }
    if x > 0.5 { return inverseErfc(1 - x) }
    var y = -acklam((1 - x) / 2) / 2.0.squareRoot()
    for _ in 0..<2 {
      let slope = 2 / Double.pi.squareRoot() * Glibc.exp(-y * y)
      let t = (Glibc.erf(y) - x) / slope
      y -= t / (1 + y * t)  // Halley: erf'' = -2y erf'
    }
    return y
  }

  /// The inverse of erfc: the y with erfc(y) = q, for q in (0, 2) (0 gives +inf, 2 -inf).
  static func inverseErfc(_ q: Double) -> Double {
    guard q >= 0, q <= 2 else { return .nan }
    if q == 0 { return .infinity }
    if q == 2 { return -.infinity }
    if q > 1 { return -inverseErfc(2 - q) }
    var y = -acklam(q / 2) / 2.0.squareRoot()
    for _ in 0..<2 {
      let slope = -2 / Double.pi.squareRoot() * Glibc.exp(-y * y)
      guard slope != 0 else { break }  // erfc(y) is below the doubles' range
      let t = (Glibc.erfc(y) - q) / slope
      guard t.isFinite else { break }
      y -= t / (1 + y * t)  // Halley: erfc'' = -2y erfc'
    }
    return y
  }

  /// The standard normal quantile Φ⁻¹(p), gnuplot's `invnorm`: for p in [0, 1] (0 and 1 give
  /// ∓inf, NaN outside), as -√2 · erfc⁻¹(2p), refined as `inverseErf` (1 - p is exact for
  /// p ≥ 1/2, so both tails keep their digits).
  public static func inverseNormalCDF(_ p: Double) -> Double {
    guard p >= 0, p <= 1 else { return .nan }
    if p > 0.5 { return -inverseNormalCDF(1 - p) }
    return 0 - 2.0.squareRoot() * inverseErfc(2 * p)  // 0 - 0 is 0: invnorm(0.5) is not -0
  }

  /// Acklam's rational approximation of the normal quantile, for p in (0, 1): relative
  /// error below 1.15e-9, the start of the Halley steps above.
  static func acklam(_ p: Double) -> Double {
    let a = [
      -3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
      1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00,
    ]
    let b = [
      -5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
      6.680131188771972e+01, -1.328068155288572e+01,
    ]
    let c = [
      -7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
      -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00,
    ]
    let d = [
      7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
      3.754408661907416e+00,
    ]
    let low = 0.02425
    func tail(_ q: Double) -> Double {
      (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
        / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
    }
    if p < low { return tail((-2 * Glibc.log(p)).squareRoot()) }
    if p > 1 - low { return -tail((-2 * Glibc.log1p(-p)).squareRoot()) }
    let q = p - 0.5
    let r = q * q
    return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
      / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
  }
}
