import CalculatorBrain
import Testing

/// `sum(EXPR, k, A, B)` and `prod(EXPR, k, A, B)`: expanded where they are read, so every
/// evaluator and derivatives see the terms.
@Suite struct SeriesTests {
  @Test(arguments: [
    Case("sum(k^2, k, 1, 10)", "385"), Case("prod(k, k, 1, 10)", "3628800"),
    Case("sum(k, k, 5, 1)", "0"), Case("prod(k, k, 5, 1)", "1"), Case("sum(k, k, -3, 3)", "0"),
    Case("sum(k, k, 1, n)", "55", after: ["n = 10"]),
    Case("sum(sum(i*j, i, 1, 3), j, 1, 3)", "36"),
    Case("2sum(1, k, 1, 4) + 1", "9"),
    Case("f'(1)", "6", after: ["f(x) = sum(x^k, k, 1, 3)"]),
  ])
  func values(_ c: Case) throws {
    #expect(try output(c.setup + [c.input]) == c.expected)
  }

  /// The exponential series at 1 is e to the rounding of its 21 terms.
  @Test func exponentialSeries() throws {
    let value = try #require(Double(try output(["x = 1", "sum(x^k/k!, k, 0, 20)"])))
    #expect(abs(value - 2.718281828459045) < 1e-14)
  }

  /// 10,000 terms of the Basel series: the balanced tree stays within the height limit.
  @Test func manyTerms() throws {
    let value = try #require(Double(try output(["sum(1/k^2, k, 1, 10000)"])))
    #expect(abs(value - (Double.pi * Double.pi / 6 - 1.0 / 10000)) < 1e-8)
  }

  @Test(arguments: [
    ErrorCase("sum(k, k, 1, 100000)", .limit, column: 1, "more than 10000 terms"),
    ErrorCase("sum(k, 2, 1, 3)", .syntax, column: 4, "the name that counts"),
    ErrorCase("sum(k, k, 1.5, 3)", .domain, column: 1, "whole numbers"),
    ErrorCase("sum(k, k, 1, q)", .domain, column: 1, "known now"),
    ErrorCase("sum(k, k, 1)", .arity, column: 1, "takes 4 arguments"),
    ErrorCase("prod = 2", .readOnly, column: 1, "built in"),
  ])
  func errors(_ c: ErrorCase) {
    let error = failure(c.setup + [c.input])
    #expect(error?.kind == c.kind)
    #expect(error?.message.contains(c.message) == true, "\(String(describing: error))")
    #expect(error?.location.map { $0.lowerBound + 1 } == c.column)
  }
}
