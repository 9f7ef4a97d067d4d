import CalculatorBrain
import Testing

/// The examples of the language specification, each with the text the REPL prints.
@Suite struct ValueTests {
  static let numbersAndOperators: [Case] = [
    Case("12", "12"), Case("0.5", "0.5"), Case(".5", "0.5"), Case("1e-3", "0.001"),
    Case("6.02E23", "6.02e23"), Case("1.", "1"),
    Case("1+2*3", "7"), Case("(1+2)*3", "9"), Case("7-2-1", "4"), Case("8/4/2", "1"),
    Case("2^3^2", "512"), Case("2**3**2", "512"), Case("2**3", "8"),
    Case("-2^2", "-4"), Case("2*-3", "-6"), Case("2^-1", "0.5"), Case("--2", "2"), Case("+3", "3"),
    Case("5!", "120"), Case("0.5!", "0.886226925452758"), Case("-3!", "-6"), Case("3!!", "720"),
    Case("2^3!", "64"),
    Case("-7 % 3", "2"), Case("7 % -3", "-2"), Case("mod(-7, 3)", "2"), Case("7.5 % 2", "1.5"),
  ]

  static let implicitMultiplication: [Case] = [
    Case("2x", "6", after: ["x = 3"]), Case("2pi", "6.28318530717959"),
    Case("2π", "6.28318530717959"),
    Case("3(x+1)", "12", after: ["x = 3"]), Case("(x+1)(x-1)", "8", after: ["x = 3"]),
    Case("2sin(x)", "0.282240016119734", after: ["x = 3"]), Case("x(x+1)", "12", after: ["x = 3"]),
    Case("a(a+1)", "12", after: ["a = 3"]),
    Case("1/2x", "0.166666666666667", after: ["x = 3"]), Case("6/2(1+2)", "1"),
    Case("2x^2", "18", after: ["x = 3"]), Case("-2x", "-6", after: ["x = 3"]),
    Case("2e3", "2000"), Case("2E+3", "2000"), Case("2e", "5.43656365691809"),
    Case("2e-x", "2.43656365691809", after: ["x = 3"]),
    Case("2e+x", "8.43656365691809", after: ["x = 3"]),
    Case("xy", "6", after: ["xy = 6"]), Case("2(3)(4)", "24"),
    Case("2x(x+1)", "24", after: ["x = 3"]),
    Case("2(x)!", "12", after: ["x = 3"]), Case("5!=120", "1"), Case("5! == 120", "1"),
  ]

  static let logic: [Case] = [
    Case("1 < 2", "1"), Case("2 <= 1", "0"), Case("3 >= 3", "1"), Case("3 > 3", "0"),
    Case("1 == 1", "1"), Case("1 != 1", "0"), Case("nan == nan", "0"), Case("1 < 2 == 1", "1"),
    Case("1 && 0", "0"), Case("2 && 3", "1"), Case("0 || 2", "1"), Case("0 || 0", "0"),
    Case("!(x > 1)", "0", after: ["x = 3"]), Case("!0", "1"), Case("!5", "0"),
    Case("x > 1 ? 10 : 20", "10", after: ["x = 3"]), Case("0 ? 1 : 0 ? 2 : 3", "3"),
    Case("1 ? 0 ? 5 : 6 : 7", "6"), Case("1 + 1 ? 2 : 3", "2"),
    // Short circuit: the branch or operand not taken is never evaluated (it would fail).
    Case("0 && sqrt(-1)", "0"), Case("1 || sqrt(-1)", "1"), Case("1 ? 2 : sqrt(-1)", "2"),
    Case("0 ? undefinedname : 4", "4"),
    Case("1 ≤ 2", "1"), Case("1 ≥ 2", "0"), Case("1 ≠ 2", "1"),
  ]

  static let functions: [Case] = [
    Case("sin(0)", "0"), Case("cos(0)", "1"), Case("tan(0)", "0"),
    Case("asin(1)", "1.5707963267949"),
    Case("acos(1)", "0"), Case("atan(1)", "0.785398163397448"),
    Case("atan2(1, 1)", "0.785398163397448"),
    Case("sinh(0)", "0"), Case("cosh(0)", "1"), Case("tanh(0)", "0"), Case("asinh(0)", "0"),
    Case("acosh(1)", "0"), Case("atanh(0)", "0"), Case("exp(1)", "2.71828182845905"),
    Case("ln(e)", "1"), Case("log(e)", "1"), Case("log(100, 10)", "2"), Case("log(8, 2)", "3"),
    Case("log10(1000)", "3"), Case("log2(8)", "3"), Case("sqrt(16)", "4"), Case("cbrt(27)", "3"),
    Case("cbrt(-8)", "-2"), Case("abs(-3)", "3"), Case("floor(-2.5)", "-3"), Case("ceil(2.1)", "3"),
    Case("round(2.5)", "3"), Case("round(-2.5)", "-3"), Case("trunc(-2.7)", "-2"),
    Case("sign(-5)", "-1"),
    Case("min(3, 1, 2)", "1"), Case("max(3, 1, 2)", "3"), Case("max(4)", "4"),
    Case("hypot(3, 4)", "5"),
    Case("pow(2, 10)", "1024"), Case("gamma(5)", "24"), Case("gamma(0.5)^2", "3.14159265358979"),
    Case("mod(7, -3)", "-2"), Case("sin (0)", "0"),
    Case("pi", "3.14159265358979"), Case("e", "2.71828182845905"), Case("tau", "6.28318530717959"),
    Case("inf", "inf"), Case("-inf", "-inf"), Case("nan", "nan"), Case("nan + 1", "nan"),
  ]

  static let unicode: [Case] = [
    Case("π", "3.14159265358979"), Case("2×3", "6"), Case("2·3", "6"), Case("6÷2", "3"),
    Case("5−2", "3"),
    Case("−2^2", "-4"), Case("√16", "4"), Case("√(x+1)", "2", after: ["x = 3"]), Case("2√9", "6"),
    Case("√√16", "2"), Case("x²", "9", after: ["x = 3"]), Case("2³", "8"),
    Case("-x²", "-9", after: ["x = 3"]),
    Case("2x²", "18", after: ["x = 3"]),
  ]

  static let formatting: [Case] = [
    Case("0.1+0.2", "0.3"), Case("1e21", "1e21"), Case("1e-7", "1e-7"), Case("-0", "0"),
    Case("0*-1", "0"),
    Case("1/0", "inf"), Case("-1/0", "-inf"), Case("ln(0)", "-inf"), Case("1e15", "1e15"),
    Case("123456789012345", "123456789012345"), Case("1e-20", "1e-20"),
    Case("2^0.5", "1.4142135623731"),
    Case("1e400", "inf"), Case("171.0!", "inf"), Case("2.0^1023*2", "inf"), Case("10^-5", "1e-5"),
    Case("0.0001", "0.0001"), Case("-6.02e23", "-6.02e23"), Case("1/3", "0.333333333333333"),
  ]

  @Test(
    arguments: numbersAndOperators + implicitMultiplication + logic + functions + unicode
      + formatting)
  func prints(_ c: Case) throws {
    #expect(try output(c.setup + [c.input]) == c.expected)
  }

  /// Every printed result parses back to the same value (for finite values, to 15 digits).
  @Test(arguments: [
    0.1 + 0.2, 6.02e23, -1e-20, 1.5, -4, 512, .infinity, -.infinity, 1 / 3, 2e-300,
    123_456_789_012_345,
  ])
  func formatParsesBack(_ value: Double) throws {
    let text = CalculatorBrain.format(value)
    let back = try CalculatorBrain().evaluate(try CalculatorBrain.parseExpression(text))
    #expect(CalculatorBrain.format(back) == text)
    if value.isFinite {
      #expect(abs(back - value) <= abs(value) * 1e-14)
    } else {
      #expect(back == value)
    }
  }

  @Test(arguments: [
    (0.0, "0"), (-0.0, "0"), (.nan, "nan"), (.infinity, "inf"), (-.infinity, "-inf"),
    (6.02e23, "6.02e23"), (1e100, "1e100"), (-1.5e-300, "-1.5e-300"), (1e-6, "1e-6"),
    (Double.greatestFiniteMagnitude, "1.79769313486232e308"),
    (Double.leastNonzeroMagnitude, "4.94065645841247e-324"),
    (999_999_999_999_999, "999999999999999"), (1e15, "1e15"), (0.000123, "0.000123"), (-4, "-4"),
    (512, "512"),
  ])
  func format(_ value: Double, _ expected: String) {
    #expect(CalculatorBrain.format(value) == expected)
  }
}
