import CalculatorBrain
import CompiledFunctions
import Testing

/// `RowFunction`: an expression of several columns compiled once, its values the reference
/// evaluator's with the columns as variables.
@Suite struct RowFunctionTests {
  @Test(arguments: [
    "c1 * 1000", "log(c2) + c1", "c2 > 10 ? c1 : 1/0", "f(c1) + k", "sqrt(c2 - c1)",
    "c0 * 2 + c1 % 3", "max(c1, c2)^2",
  ])
  func agreesWithTheEvaluator(_ text: String) throws {
    var brain = CalculatorBrain()
    _ = try brain.execute("f(x) = x*9/5 + 32")
    _ = try brain.execute("k = 2")
    let expr = try brain.parse(expression: text)
    let f = try RowFunction(
      expr, columns: ["c0", "c1", "c2"], variables: brain.variables, functions: brain.functions)
    for row in [[0.0, 12.5, 0], [1, 13.1, 2], [2, -4, 25], [3, 7, 11]] {
      var b = brain
      for (k, v) in row.enumerated() { _ = try b.execute("c\(k) = \(v)") }
      let expected = (try? b.evaluate(expr)) ?? .nan
      let got = row.withUnsafeBufferPointer { f.value($0) }
      #expect(got == expected || (got.isNaN && expected.isNaN), "\(text) at \(row)")
    }
  }

  @Test func anUnknownNameIsAnError() throws {
    let brain = CalculatorBrain()
    let expr = try brain.parse(expression: "c1 + q")
    #expect(throws: CalcError.self) {
      try RowFunction(expr, columns: ["c1"], variables: [:], functions: [:])
    }
  }
}
