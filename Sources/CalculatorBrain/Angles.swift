import Glibc

/// The unit the trigonometric functions take (`sin`, `cos`, `tan`) and their inverses give
/// (`asin`, `acos`, `atan`, `atan2`): `mode rad` (the default) or `mode deg`.
public enum AngleUnit: String, Sendable, Hashable, CaseIterable {
  /// Radians: `sin(pi/2)` is 1.
  case radians = "rad"
  /// Degrees: `sin(90)` is 1, `asin(1)` is 90.
  case degrees = "deg"

  /// `expr` with its angles in radians: in degrees, each argument of `sin`, `cos` and `tan`
  /// is multiplied by pi/180 and each value of `asin`, `acos`, `atan` and `atan2` by 180/pi,
  /// so the calculator and the plot compiler (which both take the rewritten tree) agree, and
  /// the compiled functions need no second set of rules. In radians, `expr` itself.
  ///
  /// The conversion is one rounded multiplication: `sin(30)` in degrees is
  /// sin(0.5235987755982988) = 0.49999999999999994, which prints as 0.5; `cos(90)` is
  /// 6.12e-17, as `cos(pi/2)` is in radians (`help numbers`).
  ///
  /// - Parameter expr: A tree of the infix language.
  /// - Returns: The tree to evaluate.
  public func rewrite(_ expr: Expr) -> Expr {
    guard self == .degrees else { return expr }
    return Self.degrees(expr)
  }

  private static let toRadians = Expr.number(Double.pi / 180)
  private static let toDegrees = Expr.number(180 / Double.pi)

  private static func degrees(_ expr: Expr) -> Expr {
    switch expr {
    case .number, .integer, .variable:
      return expr
    case .unary(let op, let a):
      return .unary(op, degrees(a))
    case .binary(let op, let a, let b):
      return .binary(op, degrees(a), degrees(b))
    case .conditional(let c, let a, let b):
      return .conditional(degrees(c), degrees(a), degrees(b))
    case .call(let name, let arguments):
      let inner = arguments.map(degrees)
      switch name {
      case "sin", "cos", "tan":
        return .call(name, [.binary(.multiply, inner[0], toRadians)])
      case "asin", "acos", "atan", "atan2":
        return .binary(.multiply, .call(name, inner), toDegrees)
      default:
        // A built-in's derivative (`sin'(u)`, `atan''(u)`): the derivative of the rewritten
        // function, d^n/du^n sin(u·k) = k^n · sin^(n)(u·k), and of k'·atan(u), k'·atan^(n)(u).
        if let (base, order) = Differentiator.primes(of: name), inner.count == 1 {
          switch base {
          case "sin", "cos", "tan":
            let scale = Expr.number(pow(Double.pi / 180, Double(order)))
            return .binary(.multiply, .call(name, [.binary(.multiply, inner[0], toRadians)]), scale)
          case "asin", "acos", "atan":
            return .binary(.multiply, .call(name, inner), toDegrees)
          default:
            break
          }
        }
        return .call(name, inner)
      }
    }
  }
}
