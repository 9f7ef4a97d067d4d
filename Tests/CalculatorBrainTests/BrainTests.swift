import CalculatorBrain
import Testing

/// Variables, `ans`, user functions, `vars` and the static parsers.
@Suite struct BrainTests {
  @Test func variablesAndAns() throws {
    var brain = CalculatorBrain()
    #expect(try brain.execute("a = 3") == .assigned(name: "a", value: 3))
    #expect(try brain.execute("2 + 3") == .value(5))
    #expect(try brain.execute("ans * a") == .value(15))
    #expect(try brain.execute("x = 2") == .assigned(name: "x", value: 2))
    #expect(try brain.execute("x^2") == .value(4))
    #expect(brain.variables == ["a": 3, "ans": 4, "x": 2])
  }

  /// Functions are looked up when called, so they may be defined in any order, and free names
  /// in a body are read when it runs.
  @Test func userFunctions() throws {
    var brain = CalculatorBrain()
    _ = try brain.execute("f(x) = x^2 - a")
    _ = try brain.execute("g(x, y) = x*y + h(x)")
    _ = try brain.execute("h(t) = t + 1")
    _ = try brain.execute("a = 3")
    #expect(try brain.execute("f(4)") == .value(13))
    #expect(try brain.execute("g(2, 3)") == .value(9))
    #expect(try brain.execute("2f(2)") == .value(2))
    #expect(
      try brain.execute("h(t) = t(t + 1)")
        == .defined(
          UserFunction(
            name: "h", parameters: ["t"],
            body: .binary(
              .multiply, .variable("t"), .binary(.add, .variable("t"), .integer(IntegerLiteral(1))))
          )))
    #expect(try brain.execute("h(2)") == .value(6))
    #expect(
      brain.listing == [
        "a = 3", "ans = 6", "f(x) = x ^ 2 - a", "g(x, y) = x * y + h(x)", "h(t) = t * (t + 1)",
      ])
  }

  @Test func zeroParameterFunction() throws {
    #expect(try output(["k() = 42", "k() + 1"]) == "43")
  }

  @Test func assigningReplacesAFunction() throws {
    var brain = CalculatorBrain()
    _ = try brain.execute("f(x) = x")
    _ = try brain.execute("f = 2")
    #expect(brain.functions.isEmpty)
    #expect(try brain.execute("f(3)") == .value(6))
    _ = try brain.execute("f(x) = x + 1")
    #expect(brain.variables["f"] == nil)
    #expect(try brain.execute("f(3)") == .value(4))
  }

  /// `evaluate(_:x:)`: x overrides the variable x; parameters shadow it.
  @Test func evaluateWithX() throws {
    var brain = CalculatorBrain()
    _ = try brain.execute("x = 10")
    _ = try brain.execute("g(x) = 2x")
    _ = try brain.execute("k(t) = t + x")
    let expr = try CalculatorBrain.parseExpression("x^2 + g(1) + k(1)")
    #expect(try brain.evaluate(expr) == 100 + 2 + 11)
    #expect(try brain.evaluate(expr, x: 3) == 9 + 2 + 4)
    #expect(throws: CalcError.self) { try CalculatorBrain().evaluate(.variable("x")) }
    #expect(try CalculatorBrain().evaluate(.variable("x"), x: -1) == -1)
  }

  @Test func parseStatements() throws {
    #expect(
      try CalculatorBrain.parse("a = 2x")
        == .assignment("a", .binary(.multiply, .integer(IntegerLiteral(2)), .variable("x"))))
    #expect(
      try CalculatorBrain.parse("f(x, y) = x")
        == .definition(UserFunction(name: "f", parameters: ["x", "y"], body: .variable("x"))))
    #expect(try CalculatorBrain.parse("f(x)") == .expression(.call("f", [.variable("x")])))
    #expect(
      try CalculatorBrain.parse("x(x)")
        == .expression(.binary(.multiply, .variable("x"), .variable("x"))))
    #expect(
      try CalculatorBrain.parse("a == 2")
        == .expression(.binary(.equal, .variable("a"), .integer(IntegerLiteral(2)))))
    #expect(throws: CalcError.self) { try CalculatorBrain.parseExpression("a = 2") }
  }

  /// A variable "called" with one argument multiplies; with more it is an error.
  @Test func variableBeforeParenthesis() throws {
    var brain = CalculatorBrain()
    _ = try brain.execute("a = 3")
    #expect(try brain.evaluate(try CalculatorBrain.parseExpression("a(2)")) == 6)
    let error = #expect(throws: CalcError.self) {
      try brain.evaluate(try CalculatorBrain.parseExpression("a(1, 2)"))
    }
    #expect(error?.message == "'a' is a variable, not a function")
    #expect(
      try brain.parse(expression: "a(x+1)")
        == .binary(
          .multiply, .variable("a"), .binary(.add, .variable("x"), .integer(IntegerLiteral(1)))))
    #expect(
      try CalculatorBrain.parseExpression("a(x+1)")
        == .call("a", [.binary(.add, .variable("x"), .integer(IntegerLiteral(1)))]))
  }

  @Test(arguments: ["pi", "e", "tau", "inf", "nan", "sin", "max", "mod"])
  func reserved(_ name: String) {
    #expect(CalculatorBrain.isReserved(name))
  }

  /// The app's command words are reserved only as the app gives them (graphcalc gives its
  /// command table: GraphCalcAppTests' `everyCommandWordIsReserved`).
  @Test(arguments: ["plot", "describe", "stats", "quit"])
  func reservedWordsComeFromTheApp(_ name: String) throws {
    var brain = CalculatorBrain(reservedWords: ["plot", "describe", "stats", "quit"])
    #expect(brain.isReserved(name))
    #expect(!CalculatorBrain.isReserved(name))
    #expect(throws: CalcError.self) { try brain.execute("\(name) = 3", mode: .infix) }
    do {
      _ = try brain.execute("\(name) = 3", mode: .infix)
    } catch {
      #expect(error.kind == .readOnly)
      #expect(error.location == 0..<name.count)
      #expect(error.message.contains("'\(name)' is built in"))
    }
    do {
      _ = try brain.execute("f(\(name)) = 2", mode: .infix)
      Issue.record("f(\(name)) = 2 was accepted")
    } catch {
      #expect(error.kind == .readOnly)
      #expect(error.message.contains("cannot be a parameter"))
    }
    var plain = CalculatorBrain()
    #expect(try plain.execute("\(name) = 3", mode: .infix) == .assigned(name: name, value: 3))
  }

  @Test(arguments: ["x", "ans", "a", "f", "pie", "sine"])
  func notReserved(_ name: String) {
    #expect(!CalculatorBrain.isReserved(name))
  }
}
