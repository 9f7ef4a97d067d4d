import CalculatorBrain
import Testing

@testable import GraphCalcApp

/// The analysis commands as a user types them: the output format (one answer a line, notes),
/// `ans`, ranges, usage errors with carets, Ctrl-C.
@Suite struct AnalysisCommandTests {
  @Test func rootsPrintOneAnswerALineAndSetAns() {
    var s = Session()
    let reply = s.run("roots x^2 - 2")
    #expect(reply == Reply(output: "x = -1.4142135623731\nx = 1.4142135623731\n"))
    #expect(s.brain.variables["ans"] == -2.0.squareRoot())
    #expect(s.run("ans^2").output == "2\n")
  }

  @Test func noRootsIsANoteAndLeavesAnsAlone() {
    var s = Session()
    _ = s.run("7")
    #expect(s.run("roots x^2 + 1").output == "note: no roots in [-10, 10]\n")
    #expect(s.brain.variables["ans"] == 7)
  }

  /// The default range is the view's x range; `[A:B]` may leave a bound out.
  @Test func rangesComeFromTheViewOrTheBrackets() {
    var s = Session()
    #expect(s.run("xrange 0 10").error == nil)
    #expect(s.run("roots sin(x)").output.split(separator: "\n").count == 4)  // 0, pi, 2pi, 3pi
    #expect(s.run("roots sin(x) [-4:]").output.split(separator: "\n").count == 5)
    #expect(s.run("roots sin(x) [a:b]").error?.message.contains("unknown name 'a'") == true)
  }

  @Test func possibleRootsAndHidingPlacesAreSaid() {
    var s = Session()
    #expect(s.run("roots sin(x)^2 [1:5]").output == "x = 3.14159265358979 possible\n")
    #expect(s.run("roots 0*x [0:1]").output == "note: the function is 0 on all of [0, 1]\n")
  }

  @Test func extremaAndIntersections() {
    var s = Session()
    #expect(s.run("extrema x^3 - 3x").output == "max x = -1 y = 2\nmin x = 1 y = -2\n")
    #expect(s.brain.variables["ans"] == -1)
    #expect(
      s.run("intersect cos(x), x").output == "x = 0.739085133215161 y = 0.739085133215161\n")
    #expect(s.run("intersect cos(x)").error?.message.contains("two curves") == true)
  }

  @Test func integrateForms() {
    var s = Session()
    #expect(s.run("integrate x^2 0 1").output == "0.333333333333333 ± 3.4e-16\n(proven)\n")
    #expect(s.run("integrate x^2 [0:1]").output == "0.333333333333333 ± 3.4e-16\n(proven)\n")
    #expect(s.brain.variables["ans"].map(CalculatorBrain.format) == "0.333333333333333")
    #expect(s.run("integrate 2*x + 1 1 - 1 3").error != nil)  // the bounds are the last two words
    #expect(s.run("integrate x 0").error?.message.contains("both bounds") == true)
    #expect(s.run("integrate x 0 inf").error?.message.contains("finite") == true)
    let divergent = s.run("integrate 1/x -1 1")
    #expect(divergent.error?.message == "the integral diverges at x = 0")
    #expect(divergent.error?.location == 10..<13)
    #expect(s.run("integrate").error?.message.hasPrefix("usage: integrate") == true)
  }

  @Test func aBadExpressionHasItsCaretWhereItWasTyped() {
    var s = Session()
    let error = s.run("roots sinn(x) [0:1]").error
    #expect(error?.message.contains("sinn") == true)
    #expect(error?.location?.lowerBound == 6)
  }

  /// Ctrl-C stops a long analysis; the session goes on.
  @Test func ctrlCStopsAnAnalysis() {
    var s = Session()
    s.setInterruptCheck { true }
    #expect(s.run("roots sin(1/x) [0.0001:1]").error?.message == "roots: interrupted")
    #expect(s.run("integrate sin(1/x) 0.001 1").error?.message == "integrate: interrupted")
    s.setInterruptCheck(nil)
    #expect(s.run("1+1").output == "2\n")
  }

  /// The analysis words are reserved: they cannot be assigned.
  @Test func commandWordsAreReserved() {
    var s = Session()
    #expect(s.run("roots = 3").error != nil)
    #expect(s.run("integrate(x) = 3").error != nil)
    #expect(s.run("help roots").output.contains("interval Newton"))
  }
}

/// `inflections` and `tangent`.
@Suite struct InflectionAndTangentTests {
  @Test func inflectionsAreWhereTheCurvatureChangesSign() {
    var s = Session()
    #expect(s.run("inflections x^3 - 3x").output == "x = 0 y = 0\n")
    #expect(s.run("inflections x^4").output == "note: no inflection point in [-10, 10]\n")
    // The example Windows Calculator misses: five, proven.
    let reply = s.run("inflections sqrt(x)*sin(pi*x/2) [0:10]")
    let answers = reply.output.split(separator: "\n").filter { !$0.hasPrefix("note:") }
    #expect(answers.count == 5)
    #expect(answers.allSatisfy { !$0.hasSuffix("possible") })
    #expect(answers.first?.hasPrefix("x = 0.4751409995") == true)
  }

  @Test func tangentLines() {
    var s = Session()
    #expect(s.run("tangent x^2 at 1").output == "y = 2*x - 1\n")
    #expect(s.brain.variables["ans"] == 2)
    #expect(s.run("tangent x^3 - 2x at 2").output == "y = 10*x - 16\n")
    #expect(s.run("tangent sin(x) at 0").output == "y = 1*x\n")
    #expect(s.run("tangent abs(x) at 0").error?.message == "abs(x) has no derivative at x = 0")
    #expect(s.run("tangent x^2").error?.message.hasPrefix("usage: tangent") == true)
  }
}
