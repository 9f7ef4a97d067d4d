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

  /// A bit operation on doubles that hold whole numbers of magnitude up to 2^53 (the
  /// plot compiler's folding of constants; the calculator computes them exactly): NaN for
  /// any other operand, a negative shift count, or a result beyond 2^53.
  ///
  /// - Parameters:
  ///   - op: `&`, `|`, `xor`, `<<` or `>>` (any other operator gives NaN).
  ///   - a: The left operand.
  ///   - b: The right operand.
  public static func bitwise(_ op: BinaryOperator, _ a: Double, _ b: Double) -> Double {
    let limit = 9_007_199_254_740_992.0
    guard a == a.rounded(.towardZero), b == b.rounded(.towardZero), Swift.abs(a) <= limit,
      Swift.abs(b) <= limit
    else { return .nan }
    let x = Int(a)
    let y = Int(b)
    let r: Int
    switch op {
    case .bitAnd: r = x & y
    case .bitOr: r = x | y
    case .bitXor: r = x ^ y
    case .shiftLeft:
      guard y >= 0, y < 64, (x << y) >> y == x else { return .nan }
      r = x << y
    case .shiftRight:
      guard y >= 0 else { return .nan }
      r = y >= 64 ? (x < 0 ? -1 : 0) : x >> y
    default: return .nan
    }
    return Swift.abs(Double(r)) <= limit ? Double(r) : .nan
  }

  /// `~a` (`-a - 1`) for a double that holds a whole number up to 2^53, else NaN.
  public static func bitwiseNot(_ a: Double) -> Double {
    bitwise(.bitXor, a, -1)
  }

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
