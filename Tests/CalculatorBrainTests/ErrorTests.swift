import CalculatorBrain
import Testing

/// Errors are values with a kind, a message and, where known, a column.
@Suite struct ErrorTests {
  static let cases: [ErrorCase] = [
    ErrorCase("2+", .syntax, column: 3, "expected an operand after '+'"),
    ErrorCase(
      "2 x", .syntax, column: 3, "a space does not multiply: write '2x' or '2*x'", after: ["x = 1"]),
    ErrorCase("2 3", .syntax, column: 3, "expected an operator before '3'"),
    ErrorCase("(2", .syntax, column: 3, "expected ')' to close the '(' at column 1"),
    ErrorCase("2)", .syntax, column: 2, "unmatched ')'"),
    ErrorCase("()", .syntax, column: 2, "expected an operand before ')'"),
    ErrorCase("", .syntax, column: 1, "expected an expression"),
    ErrorCase("2 $ 3", .syntax, column: 3, "unexpected character '$'"),
    ErrorCase("sin x", .syntax, column: 5, "expected '(' after the function 'sin'"),
    ErrorCase("1 ? 2", .syntax, column: 6, "expected ':' for the '?' at column 3"),
    ErrorCase("max(1 2)", .syntax, column: 7, "expected an operator before '2'"),
    ErrorCase("a = ", .syntax, column: 5, "expected an expression after '='"),
    ErrorCase("1 = 2", .syntax, column: 3, "compare with '=='"),
    ErrorCase("*2", .syntax, column: 1, "unexpected '*'; expected an operand"),
    ErrorCase("sinn(2)", .unknownName, column: 1, "unknown name 'sinn'; did you mean 'sin'?"),
    ErrorCase("2 + sqr(4)", .unknownName, column: 5, "unknown name 'sqr'; did you mean 'sqrt'?"),
    ErrorCase("a", .unknownName, column: 1, "unknown name 'a'"),
    ErrorCase(
      "1 + xy", .unknownName, column: 5, "unknown name 'xy'; did you mean 'x*y'?",
      after: ["x = 1", "y = 2"]),
    ErrorCase("2pix", .unknownName, column: 2, "did you mean 'pi*x'?", after: ["x = 1"]),
    ErrorCase("xsin(1)", .unknownName, column: 1, "did you mean 'x*sin'?", after: ["x = 1"]),
    ErrorCase("ans", .unknownName, column: 1, "'ans' has no value yet"),
    ErrorCase("2x", .unknownName, column: 2, "unknown name 'x'"),
    ErrorCase(
      "a(1, 2)", .syntax, column: 4, "unexpected ','; expected ')' to close the '(' at column 2",
      after: ["a = 1"]),
    ErrorCase(
      "f + 1", .unknownName, column: 1, "'f' is a function; call it as f(x, y)",
      after: ["f(x, y) = x"]),
    ErrorCase("sin(1, 2)", .arity, column: 1, "'sin' takes 1 argument, not 2"),
    ErrorCase("atan2(1)", .arity, column: 1, "'atan2' takes 2 arguments, not 1"),
    ErrorCase("log(1, 2, 3)", .arity, column: 1, "'log' takes 1 to 2 arguments, not 3"),
    ErrorCase("max()", .arity, column: 1, "'max' takes at least 1 argument, not 0"),
    ErrorCase("1 + f(1, 2)", .arity, column: 5, "'f' takes 1 argument, not 2", after: ["f(x) = x"]),
    ErrorCase("sqrt(-1)", .domain, column: 1, "sqrt(-1) is undefined"),
    ErrorCase("1 + asin(2)", .domain, column: 5, "asin(2) is undefined"),
    ErrorCase("ln(-1)", .domain, column: 1, "ln(-1) is undefined"),
    ErrorCase("0/0", .domain, column: 2, "0/0 is undefined"),
    ErrorCase("inf - inf", .domain, column: 5, "inf-inf is undefined"),
    ErrorCase("(-8)^(1/3)", .domain, column: 5, "(-8)^0.333333333333333 is undefined"),
    ErrorCase("5 % 0", .domain, column: 3, "5%0 is undefined"),
    ErrorCase("(-1)!", .domain, column: 5, "(-1)! is undefined"),
    ErrorCase("gamma(0)", .domain, column: 1, "gamma(0) is undefined"),
    // Bit operations need integers; exact integers have a size limit; literals their digits.
    ErrorCase("2.5 & 1", .domain, column: 5, "'&' needs integers, and 2.5 is not one"),
    ErrorCase("1 | 0.5 + 1", .domain, column: 3, "'|' needs integers, and 1.5 is not one"),
    ErrorCase("~0.5", .domain, column: 1, "'~' needs integers, and 0.5 is not one"),
    ErrorCase("1 << -1", .domain, column: 3, "a shift count cannot be negative, got -1"),
    ErrorCase("0 div 0", .domain, column: 3, "0 div 0 is undefined"),
    ErrorCase("2^2^40", .limit, column: 2, "is too large for an exact integer"),
    ErrorCase("(10^10)!", .limit, column: 8, "is too large for an exact integer"),
    ErrorCase("1 << 2^40", .limit, column: 3, "is too large for an exact integer"),
    ErrorCase("0b102", .syntax, column: 5, "'2' is not a binary digit in '0b102'"),
    ErrorCase("0x1g", .syntax, column: 4, "'g' is not a hexadecimal digit"),
    ErrorCase("xor 1", .syntax, column: 1, "'xor' is an operator"),
    ErrorCase("1 div", .syntax, column: 6, "expected an operand"),
    ErrorCase("hex(1.5)", .domain, column: 1, "hex needs integers, and 1.5 is not one"),
    ErrorCase("xor = 1", .readOnly, column: 1, "built in"),
    ErrorCase("pi = 3", .readOnly, column: 1, "'pi' is built in"),
    ErrorCase("sin(x) = 2", .readOnly, column: 1, "'sin' is built in"),
    ErrorCase("f(e) = 2", .readOnly, column: 3, "'e' is built in and cannot be a parameter"),
    ErrorCase("x(t) = t", .readOnly, column: 1, "'x' is a variable and cannot name a function"),
    ErrorCase("f(x, x) = x", .syntax, column: 6, "the parameter 'x' appears twice"),
    ErrorCase("f(2) = x", .syntax, column: 3, "a parameter must be a name"),
  ]

  @Test(arguments: cases)
  func error(_ c: ErrorCase) throws {
    let error = try #require(failure(c.setup + [c.input]))
    #expect(error.kind == c.kind)
    #expect(error.location.map { $0.lowerBound + 1 } == c.column)
    #expect(error.message.contains(c.message), "\(error.message)")
  }

  @Test func caret() throws {
    let error = try #require(failure(["2+"]))
    #expect(
      error.rendered(input: "2+") == "error: expected an operand after '+' at column 3\n  2+\n    ^"
    )
  }

  @Test func caretUnderAName() throws {
    let error = try #require(failure(["1 + sinn(2)"]))
    #expect(
      error.rendered(input: "1 + sinn(2)") == """
        error: unknown name 'sinn'; did you mean 'sin'? at column 5
          1 + sinn(2)
              ^^^^
        """)
  }

  /// Suggestions: known names written together first, then the nearest by edit distance.
  @Test(
    arguments: [
      ("sinn", "sin"), ("sqr", "sqrt"), ("pii", "pi"), ("tua", "tau"), ("xy", "x*y"), ("ex", "e*x"),
      ("abcd", "abc"), ("zzzz", nil), ("q", nil),
    ] as [(String, String?)])
  func suggestion(_ name: String, _ expected: String?) throws {
    var brain = CalculatorBrain()
    _ = try brain.execute("y = 1")
    _ = try brain.execute("abc = 1")
    #expect(brain.suggestion(for: name) == expected)
  }

  /// A line that fails changes nothing.
  @Test func failedLineKeepsState() throws {
    var brain = CalculatorBrain()
    _ = try brain.execute("a = 2")
    _ = try brain.execute("3")
    #expect(throws: CalcError.self) { try brain.execute("a = sqrt(-1)") }
    #expect(throws: CalcError.self) { try brain.execute("1/0 + nope") }
    #expect(brain.variables == ["a": 2, "ans": 3])
  }
}
