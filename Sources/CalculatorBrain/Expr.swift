/// A parsed expression: the tree that the infix parser and the RPN reader both build.
///
/// Every operation of the language is one case. Implicit multiplication (`2x`) is an ordinary
/// `.binary(.multiply, ...)`; `describe` shows it with explicit parentheses.
public indirect enum Expr: Sendable, Hashable {
  /// A numeric literal with a point or an exponent (`1.5`, `2e3`), or a constant already
  /// folded to its value: a double.
  case number(Double)
  /// An integer literal (`12`, `0xff`, `1_000_000`), exact at any size in the calculator.
  case integer(IntegerLiteral)
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
  /// Prefix `~`: bitwise not of an integer, `-x - 1` (two's complement).
  case bitNot = "~"
  /// Postfix `!`: the factorial, an exact product for an integer, `gamma(x + 1)` for a
  /// double.
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
  /// Bitwise or of integers (two's complement on negative numbers, as every bit operator).
  case bitOr = "|"
  /// Bitwise exclusive or of integers (`^` is the power).
  case bitXor = "xor"
  /// Bitwise and of integers.
  case bitAnd = "&"
  /// `a << n`: a times 2^n, for integers and n >= 0.
  case shiftLeft = "<<"
  /// `a >> n`: floor(a / 2^n), for integers and n >= 0.
  case shiftRight = ">>"
  case add = "+"
  case subtract = "-"
  case multiply = "*"
  case divide = "/"
  /// Floored division, `floor(a / b)` (Python's `//`): `-7 div 2` is -4.
  case integerDivide = "div"
  /// Floored modulo: the result takes the sign of the divisor (`-7 % 3` is 2).
  case modulo = "%"
  /// Exponentiation, right-associative (`2^3^2` is 512).
  case power = "^"
}
