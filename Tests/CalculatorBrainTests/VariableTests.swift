import CalculatorBrain
import Testing

/// Variables: many of them stay fast, and known values decide implicit multiplication.
@Suite struct VariableTests {
  /// Each line used to build a set of every variable (and to copy them all when assigning
  /// while the parser still held them), so a script of many assignments took quadratic time:
  /// 10 000 assignments took a minute. Now it is linear; this runs 200 000 of them.
  @Test func manyVariablesStayUsable() throws {
    var brain = CalculatorBrain()
    for i in 0..<200_000 { _ = try brain.execute("v\(i) = \(i)") }
    #expect(try brain.execute("v199999 + v1") == .value(200_000))
    #expect(brain.variables.count == 200_001)  // and ans
  }

  /// Known values still decide implicit multiplication: a variable before `(` multiplies, a
  /// function of the same name (defined later) calls, and a parameter shadows a function.
  @Test func knownValuesDecideImplicitMultiplication() throws {
    var brain = CalculatorBrain()
    _ = try brain.execute("a = 3")
    #expect(try brain.execute("a(2)") == .value(6))
    _ = try brain.execute("a(t) = t + 1")
    #expect(try brain.execute("a(2)") == .value(3))
    _ = try brain.execute("g(a) = a(2)")
    #expect(try brain.execute("g(5)") == .value(10))
    _ = try brain.execute("x = 4")
    #expect(try brain.execute("x(2)") == .value(8))
  }
}
