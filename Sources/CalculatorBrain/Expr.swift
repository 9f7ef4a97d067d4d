/// A parsed expression: the tree that the infix parser and the RPN reader both build.
///
/// Every operation of the language is one case. Implicit multiplication (`2x`) is an ordinary
/// `.binary(.multiply, ...)`; `describe` shows it with explicit parentheses.
public indirect enum Expr: Sendable, Hashable {
  /// A numeric literal or a constant already folded to its value.
  case number(Double)
  /// A named value: a variable (`a`, `x`, `ans`) or a constant (`pi`, `e`, `tau`, `inf`, `nan`).
  case variable(String)
  /// A prefix or postfix operator applied to one operand.
  case unary(UnaryOperator, Expr)
  /// An infix operator applied to two operands.
  case binary(BinaryOperator, Expr, Expr)
  /// The conditional `test ? then : else`, which evaluates only the branch it takes.
  case conditional(Expr, Expr, Expr)
  /// A call of a built-in or user function with its arguments.
  case call(String, [Expr])
}

/// The one-operand operators.
public enum UnaryOperator: String, Sendable, Hashable, CaseIterable {
  /// Prefix `-`: binds looser than `^`, tighter than `*` (`-2^2` is -4).
  case negate = "-"
  /// Prefix `+`: the identity.
  case plus = "+"
  /// Prefix `!`: logical not (1 when the operand is 0, else 0).
  case not = "not"
  /// Postfix `!`: factorial through the gamma function, `x! = gamma(x + 1)`.
  case factorial = "!"
}

/// The two-operand operators, from the loosest binding to the tightest.
public enum BinaryOperator: String, Sendable, Hashable, CaseIterable {
  case or = "||"
  case and = "&&"
  case equal = "=="
  case notEqual = "!="
  case less = "<"
  case lessOrEqual = "<="
  case greater = ">"
  case greaterOrEqual = ">="
  case add = "+"
  case subtract = "-"
  case multiply = "*"
  case divide = "/"
  /// Floored modulo: the result takes the sign of the divisor (`-7 % 3` is 2).
  case modulo = "%"
  /// Exponentiation, right-associative (`2^3^2` is 512).
  case power = "^"
}
