import CalculatorBrain
import Testing

/// RPN programs: the infix description of each value left on the operand stack, then its value.
@Suite struct RPNTests {
  @Test(arguments: [
    Case("3 4 + 5 *", "(3 + 4) * 5 = 35"), Case("3 5 4 - -", "3 - (5 - 4) = 2"),
    Case("x sin x *", "sin(x) * x = 1.81859485365136", after: ["x = 2"]), Case("2 neg", "-2 = -2"),
    Case("5 !", "5! = 120"), Case("pi", "pi = 3.14159265358979"), Case("2 3 max", "max(2, 3) = 3"),
    Case("2 3 min", "min(2, 3) = 2"), Case("3 4", "3 = 3\n4 = 4"),
    Case("2 3 ^ 2 ^", "(2 ^ 3) ^ 2 = 64"),
    Case("2 3 2 ^ ^", "2 ^ 3 ^ 2 = 512"), Case("-7 3 %", "-7 % 3 = 2"),
    Case("1 2 atan2", "atan2(1, 2) = 0.463647609000806"),
    Case("100 log", "log(100) = 4.60517018598809"), Case("16 √", "sqrt(16) = 4"),
    Case("2 3 **", "2 ^ 3 = 8"),
    Case("6 2 ÷", "6 / 2 = 3"), Case("1 2 <", "1 < 2 = 1"), Case("2 neg 2 ^", "(-2) ^ 2 = 4"),
    Case("2 2 ^ neg", "-2 ^ 2 = -4"), Case("3 f", "f(3) = 9", after: ["f(t) = t^2"]),
    Case("1 2 3 + +", "1 + (2 + 3) = 6"), Case("π 2 *", "pi * 2 = 6.28318530717959"), Case("", ""),
  ])
  func program(_ c: Case) throws {
    #expect(try output(c.setup + [c.input], mode: .rpn) == c.expected)
  }

  @Test(arguments: [
    ("+", 1, "'+' needs 2 operands but the stack has 0"),
    ("1 +", 3, "'+' needs 2 operands but the stack has 1"),
    ("1 2 + sin atan2", 11, "'atan2' needs 2 operands but the stack has 1"),
    ("neg", 1, "'neg' needs 1 operand but the stack has 0"),
  ])
  func notEnoughOperands(_ program: String, _ column: Int, _ message: String) throws {
    let error = try #require(failure([program], mode: .rpn))
    #expect(error.kind == .notEnoughOperands)
    #expect(error.location?.lowerBound == column - 1)
    #expect(error.message == message)
  }

  @Test func parseRPNLeavesTheStack() throws {
    let stack = try CalculatorBrain.parseRPN("1 2 3 +")
    #expect(
      stack == [
        .integer(IntegerLiteral(1)),
        .binary(.add, .integer(IntegerLiteral(2)), .integer(IntegerLiteral(3))),
      ])
  }

  @Test func unknownWord() throws {
    let error = try #require(failure(["1 2 $"], mode: .rpn))
    #expect(error.kind == .syntax)
    #expect(error.location == 4..<5)
  }

  @Test func topOfStackBecomesAns() throws {
    var brain = CalculatorBrain()
    let outcome = try brain.execute("1 3 4 +", mode: .rpn)
    #expect(
      outcome
        == .rpn([RPNResult(description: "1", value: 1), RPNResult(description: "3 + 4", value: 7)]))
    #expect(try brain.execute("ans * 2") == .value(14))
  }
}
