import CalculatorBrain
import Foundation
import Testing

/// One line of Fixtures/comparisons.tsv: an expression and Python's value of it.
struct ComparisonCase: Sendable, CustomTestStringConvertible {
  var expression: String
  var answer: String
  var testDescription: String { expression }
}

/// The cases scripts/make-comparison-fixture wrote (Python is the oracle).
let comparisonCases: [ComparisonCase] = {
  let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/comparisons.tsv")
  guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
  return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
    let fields = line.split(separator: "\t").map(String.init)
    return fields.count == 2 ? ComparisonCase(expression: fields[0], answer: fields[1]) : nil
  }
}()

/// Chained orderings read as mathematics (and Python) reads them, `0 < x < 2` being
/// `0 < x && x < 2`; `∧ ∨ ¬` are `&& || !`.
@Suite struct ComparisonsChainAsInMathematics {
  @Test func theFixtureIsThere() {
    #expect(comparisonCases.count >= 400)
  }

  @Test(arguments: comparisonCases) func answersAsPython(_ c: ComparisonCase) throws {
    #expect(try output([c.expression]) == c.answer)
  }

  @Test func aChainComparesTheMiddleOnBothSides() throws {
    // The case the issue names: (0 < 3) < 2 would be 1 < 2, true.
    #expect(try output(["0 < 3 < 2"]) == "0")
    #expect(try output(["x = 1.5", "0 < x < 2"]) == "1")
    #expect(try output(["x = 3", "0 < x <= 3"]) == "1")
  }

  @Test func aChainIsTheConjunctionOfItsLinks() throws {
    let brain = CalculatorBrain()
    let chained = try brain.parse(expression: "a < b <= c")
    let conjunction = try brain.parse(expression: "a < b && b <= c")
    #expect(chained == conjunction)
  }

  @Test func aChainBreaksAtAnError() throws {
    let error = try #require(failure(["0 < 1 <"]))
    #expect(error.problem == .expectedOperand(context: " after '<'"))
    #expect(error.location == 7..<8)
  }
}
