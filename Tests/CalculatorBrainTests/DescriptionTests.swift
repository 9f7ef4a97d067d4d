import CalculatorBrain
import Testing

/// `describe` (every parenthesis explicit) and `infixDescription` (only the needed ones).
@Suite struct DescriptionTests {
  @Test(arguments: [
    ("1/2x", "(1 / (2 * x))"), ("-2^2", "(-(2 ^ 2))"), ("2^3^2", "(2 ^ (3 ^ 2))"),
    ("6/2(1+2)", "(6 / (2 * (1 + 2)))"), ("2x^2", "(2 * (x ^ 2))"), ("2e-x", "((2 * e) - x)"),
    ("2e3", "2000"), ("1 - 2 - 3", "((1 - 2) - 3)"), ("2^-1", "(2 ^ (-1))"), ("2*-3", "(2 * (-3))"),
    ("-3!", "(-(3!))"), ("2(x)!", "(2 * (x!))"), ("!(x>1)", "(!(x > 1))"), ("√x", "sqrt(x)"),
    ("x²", "(x ^ 2)"), ("a ? b : c ? d : f", "(a ? b : (c ? d : f))"),
    ("1 || 0 && 1", "(1 || (0 && 1))"),
    ("1 < 2 == 3 <= 4", "((1 < 2) == (3 <= 4))"), ("2sin(x)", "(2 * sin(x))"),
    ("x(x+1)", "(x * (x + 1))"),
    ("max(1, 2x, 3)", "max(1, (2 * x), 3)"), ("f(x+1)", "f((x + 1))"), ("5!=120", "(5 != 120)"),
    ("2**3", "(2 ^ 3)"), ("2^3x", "((2 ^ 3) * x)"), ("√x^2", "(sqrt(x) ^ 2)"), ("-x!", "(-(x!))"),
    ("π", "pi"), ("1e-7", "1e-7"), ("6.02E23", "6.02e23"), ("a % b * c", "((a % b) * c)"),
  ])
  func describe(_ input: String, _ expected: String) throws {
    #expect(CalculatorBrain.describe(try CalculatorBrain.parseExpression(input)) == expected)
  }

  @Test(arguments: [
    ("1/2x", "1 / (2 * x)"), ("-2^2", "-2 ^ 2"), ("(-2)^2", "(-2) ^ 2"), ("2^3^2", "2 ^ 3 ^ 2"),
    ("(2^3)^2", "(2 ^ 3) ^ 2"), ("2^-1", "2 ^ -1"), ("2*-3", "2 * -3"), ("1-(2-3)", "1 - (2 - 3)"),
    ("(1-2)-3", "1 - 2 - 3"), ("(x+1)!", "(x + 1)!"), ("-(2*3)", "-(2 * 3)"),
    ("(a?b:c)+1", "(a ? b : c) + 1"),
    ("(a?b:c)?d:f", "(a ? b : c) ? d : f"), ("a?b:c?d:f", "a ? b : c ? d : f"),
    ("!(x>1)", "!(x > 1)"),
    ("2(x+1)", "2 * (x + 1)"), ("x^2 - a", "x ^ 2 - a"), ("(1<2)<3", "1 < 2 < 3"),
    ("1<(2<3)", "1 < (2 < 3)"),
    ("-(-2)", "-(-2)"), ("(-2)!", "(-2)!"), ("--x", "-(-x)"), ("2^(1+1)", "2 ^ (1 + 1)"),
  ])
  func infixDescription(_ input: String, _ expected: String) throws {
    #expect(
      CalculatorBrain.infixDescription(try CalculatorBrain.parseExpression(input)) == expected)
  }

  /// Both descriptions parse back to the tree they describe.
  @Test(arguments: [
    "1/2x", "-2^2", "2^-x^2", "(2^3)^2", "1-(2-3)*4%5", "a ? b : c ? d : f", "(a ? b : c) ? d : f",
    "!(x > 1) && y || z", "-(-2)", "(-2)!", "3!!", "2 ^ -1 * 3", "sin(x)^2 + cos(x)^2",
    "max(1, 2, x) / -y",
    "1 < 2 < 3", "1 < (2 < 3)", "-(2 * 3)!", "√(x+1)", "1e-7 * 6.02e23",
  ])
  func roundTrip(_ input: String) throws {
    let expr = try CalculatorBrain.parseExpression(input)
    #expect(try CalculatorBrain.parseExpression(CalculatorBrain.infixDescription(expr)) == expr)
    #expect(try CalculatorBrain.parseExpression(CalculatorBrain.describe(expr)) == expr)
  }

  /// Trees the parser never builds (negative literals, from an RPN program or a caller) still
  /// describe as text that reads back to the same value.
  @Test func negativeLiteral() {
    let expr = Expr.binary(.power, .number(-2), .number(2))
    #expect(CalculatorBrain.infixDescription(expr) == "(-2) ^ 2")
    #expect(CalculatorBrain.describe(expr) == "((-2) ^ 2)")
  }
}
