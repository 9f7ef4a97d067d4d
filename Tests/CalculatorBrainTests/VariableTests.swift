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

  /// A variable may take a built-in function's name, as gnuplot's variables and functions
  /// are apart (its stat.inc sets `log2 = log(2.0)`, named_var.dem `gamma = 2.5`); the name
  /// before `(` is still the function. gnuplot 5.4 prints 0.693147180559945, `5.0 24.0` and
  /// `5.0` for the lines below. A constant (`pi = 3`) and a function name without such a
  /// variable (`print sin`) stay errors.
  @Test func aVariableMayShareAFunctionsName() throws {
    var brain = CalculatorBrain()
    _ = try brain.execute("log2 = log(2.0)")
    #expect(try brain.execute("log2") == .value(0.6931471805599453))
    #expect(try brain.execute("log2(8)") == .value(3))
    _ = try brain.execute("gamma = 2.5")
    #expect(try brain.execute("gamma * 2") == .value(5))
    #expect(try brain.execute("gamma(5)") == .value(24))
    _ = try brain.execute("f(t) = gamma * t")
    #expect(try brain.execute("f(2)") == .value(5))
    #expect(throws: CalcError.self) { try brain.execute("pi = 3") }
    #expect(throws: CalcError.self) { try brain.execute("sin") }
    #expect(throws: CalcError.self) { try brain.execute("sin(x) = x") }
  }
}
