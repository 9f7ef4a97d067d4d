import CalculatorBrain
import Testing

/// The calculator's errors are data (`CalcError.Problem`): each input below fails with the
/// problem, kind and columns given, and the message made from the problem is the text a
/// person reads (compared whole, so a message change is seen here).
@Suite struct CalculatorErrorsAreData {
  struct Expectation: Sendable, CustomTestStringConvertible {
    var setup: [String] = []
    var input: String
    var problem: CalcError.Problem
    var kind: CalcError.Kind
    var columns: Range<Int>?
    var message: String
    var testDescription: String { input }
  }

  static let cases: [Expectation] = [
    Expectation(
      input: "2+", problem: .expectedOperand(context: " after '+'"), kind: .syntax,
      columns: 2..<3, message: "expected an operand after '+'"),
    Expectation(
      input: "1 $ 2", problem: .unexpectedCharacter("$"), kind: .syntax, columns: 2..<3,
      message: "unexpected character '$'"),
    Expectation(
      input: "0b102", problem: .notADigit("2", base: "binary", literal: "0b102"),
      kind: .syntax, columns: 4..<5, message: "'2' is not a binary digit in '0b102'"),
    Expectation(
      input: "sinn(1)", problem: .unknownName("sinn", suggestion: "sin"), kind: .unknownName,
      columns: 0..<4, message: "unknown name 'sinn'; did you mean 'sin'?"),
    Expectation(
      input: "sin(1, 2)", problem: .arity("sin", .exactly(1), given: 2), kind: .arity,
      columns: 0..<9, message: "'sin' takes 1 argument, not 2"),
    Expectation(
      input: "pi = 3", problem: .builtInNotRedefinable("pi"), kind: .readOnly, columns: 0..<2,
      message: "'pi' is built in and cannot be redefined"),
    Expectation(
      input: "sqrt(-1)", problem: .undefined(expression: "sqrt(-1)"), kind: .domain,
      columns: 0..<4, message: "sqrt(-1) is undefined"),
    Expectation(
      input: "2.5 & 1", problem: .needsIntegers(operation: "'&'", value: 2.5), kind: .domain,
      columns: 4..<5, message: "'&' needs integers, and 2.5 is not one"),
    Expectation(
      setup: ["f(x) = x"], input: "f", problem: .functionUsedAsValue("f", call: "f(x)"),
      kind: .unknownName, columns: 0..<1, message: "'f' is a function; call it as f(x)"),
    Expectation(
      input: "sum(k, 1, 2)", problem: .seriesArity("sum", given: 3), kind: .arity,
      columns: 0..<12, message: "'sum' takes 4 arguments, as in sum(k^2, k, 1, 10), not 3"),
    Expectation(
      input: "sum(k, k, 1, q)",
      problem: .seriesBoundNotKnown("sum", reason: .unknownName("q", suggestion: nil)),
      kind: .domain, columns: 0..<15,
      message: "the bounds of 'sum' must be numbers known now (unknown name 'q')"),
    Expectation(
      input: "2 x", problem: .missingOperator(found: "'x'", write: "'2x' or '2*x'"),
      kind: .syntax, columns: 2..<3,
      message: "expected an operator before 'x'; a space does not multiply: write '2x' or '2*x'"),
  ]

  @Test(arguments: cases) func eachInputFailsWithItsProblem(_ c: Expectation) throws {
    let error = try #require(failure(c.setup + [c.input]))
    #expect(error.problem == c.problem)
    #expect(error.kind == c.kind)
    #expect(error.location == c.columns)
    #expect(error.message == c.message)
  }

  @Test func rpnProblemsCarryTheirNumbers() throws {
    let error = try #require(failure(["1 +"], mode: .rpn))
    #expect(error.problem == .notEnoughOperands(word: "+", needs: 2, has: 1))
    #expect(error.message == "'+' needs 2 operands but the stack has 1")
  }
}
