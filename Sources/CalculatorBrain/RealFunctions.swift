import Glibc

/// The real-valued built-in functions and operators, shared by every evaluator so that the
/// reference evaluator, the fast plot evaluator and the interval rules agree on each value.
///
/// Each function returns NaN outside its domain (`sqrt(-1)`) and an infinity where the value
/// is infinite (`ln(0)` is `-inf`). Callers turn NaN into a domain error or a gap.
@usableFromInline package enum RealFunctions {
  /// Floored modulo: `a - b * floor(a / b)`, the sign of the result follows `b`
  /// (`-7 % 3` is 2), as in Python and Knuth, *The Art of Computer Programming* 1.2.4.
  /// NaN when `b` is 0 or either argument is not finite.
  @inlinable
  package static func flooredModulo(_ a: Double, _ b: Double) -> Double {
    guard b != 0, a.isFinite, b.isFinite || b.isInfinite else { return .nan }
    if b.isInfinite { return (a == 0 || (a > 0) == (b > 0)) ? a : b }
    let r = fmod(a, b)
    return (r != 0 && (r < 0) != (b < 0)) ? r + b : r
  }

  /// Rounds half away from zero (`round(2.5)` is 3, `round(-2.5)` is -3), as C's `round`.
  @inlinable
  package static func roundHalfAway(_ x: Double) -> Double { Glibc.round(x) }

  /// The sign: -1, 0 or 1 (NaN for NaN).
  @inlinable
  package static func sign(_ x: Double) -> Double {
    x > 0 ? 1 : (x < 0 ? -1 : (x == 0 ? 0 : .nan))
  }

  /// Factorial through the gamma function: `x! = gamma(x + 1)` (`5!` is 120, `0.5!` is
  /// 0.886226925452758); NaN at the negative integers, where gamma has poles.
  @inlinable
  package static func factorial(_ x: Double) -> Double { gamma(x + 1) }

  /// The gamma function (C's `tgamma`); NaN at 0 and the negative integers (poles), where
  /// `tgamma` gives an infinity or NaN depending on the side.
  @inlinable
  package static func gamma(_ x: Double) -> Double {
    if x <= 0 && x == x.rounded(.down) { return .nan }
    return tgamma(x)
  }

  /// `x ^ y` as C's `pow`, except that a negative base with a non-integer exponent is NaN
  /// (no complex results), and `x ^ (p/q)` for odd q is not special-cased (use `cbrt`).
  @inlinable
  package static func power(_ x: Double, _ y: Double) -> Double { pow(x, y) }

  /// Applies the built-in function `name` to `args` (`BuiltinFunction.value(of:)`).
  ///
  /// - Parameters:
  ///   - name: A key of `Builtins.functions`.
  ///   - args: The arguments, already counted against the function's arity.
  /// - Returns: The value; NaN outside the domain or for an unknown name or a wrong count.
  @usableFromInline package static func apply(_ name: String, _ args: [Double]) -> Double {
    BuiltinFunction(name: name)?.value(of: args) ?? .nan
  }
}
