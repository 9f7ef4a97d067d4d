import CalculatorBrain
import CompiledFunctions
import Intervals
import TestSupport
import Testing

/// Derivatives: primed names (`f'(2)`), `diff(EXPR)`, `(EXPR)'`, and where a derivative does
/// not exist (an error, never a difference quotient).
@Suite struct DerivativeTests {
  static let cubic = ["f(x) = x^3 - 2x"]

  @Test(arguments: [
    Case("f'(2)", "10", after: cubic), Case("f''(2)", "12", after: cubic),
    Case("f'''(2)", "6", after: cubic), Case("f''''(2)", "0", after: cubic),
    Case("sin'(0)", "1"), Case("cos'(0)", "0"), Case("cos''(0)", "-1"),
    Case("exp'(1)", "2.71828182845905"),
    Case("ln'(4)", "0.25"), Case("sqrt'(4)", "0.25"), Case("abs'(-3)", "-1"),
    Case("abs'(2)", "1"), Case("atan'(1)", "0.5"), Case("tan'(0)", "1"),
    Case("floor'(1.5)", "0"), Case("sign'(-2)", "0"),
    Case("g'(3)", "6", after: ["g(t) = t^2"]),
    // The chain rule through user functions, and a function of several parameters.
    Case("h'(1)", "6", after: ["g(t) = t^2", "h(x) = g(x^3) + 4"]),
    Case("k'(2)", "20", after: ["m(a, b) = a * b + a", "k(x) = m(x^2, x) + x^2"]),
    // x^x: both partials of the power rule; at 1 it is 1.
    Case("p'(1)", "1", after: ["p(x) = x^x"]),
    // A branch point where both sides agree in value and slope.
    Case("q'(1)", "2", after: ["q(x) = x < 1 ? x^2 : 2x - 1"]),
    Case("q'(0.5)", "1", after: ["q(x) = x < 1 ? x^2 : 2x - 1"]),
    Case("q'(3)", "2", after: ["q(x) = x < 1 ? x^2 : 2x - 1"]),
    Case("(x^2)'", "6", after: ["x = 3"]), Case("diff(x^3 - 2x)", "10", after: ["x = 2"]),
    Case("diff(sin(x)) - cos(x)", "0", after: ["x = 0.7"]),
    Case("max'(2)", "1"), Case("mm'(2)", "4", after: ["mm(x) = max(x, x^2)"]),
    Case("md'(2.5)", "1", after: ["md(x) = mod(x, 2)"]),
    Case("pc'(2.5)", "1", after: ["pc(x) = x % 2"]),
  ])
  func values(_ c: Case) throws {
    #expect(try output(c.setup + [c.input]) == c.expected)
  }

  /// Where the derivative does not exist: corners, jumps, infinite slopes, branch points
  /// whose sides differ.
  @Test(arguments: [
    ErrorCase("abs'(0)", .domain, column: 1, "abs'(0) does not exist"),
    ErrorCase("sqrt'(0)", .domain, column: 1, "sqrt'(0) does not exist"),
    ErrorCase("floor'(2)", .domain, column: 1, "floor'(2) does not exist"),
    ErrorCase("round'(0.5)", .domain, column: 1, "round'(0.5) does not exist"),
    ErrorCase("sign'(0)", .domain, column: 1, "sign'(0) does not exist"),
    ErrorCase(
      "j'(0)", .domain, column: 1, "j'(0) does not exist", after: ["j(x) = x < 0 ? -x : x"]),
    // A jump whose one-sided slopes agree is still no derivative.
    ErrorCase(
      "s'(0)", .domain, column: 1, "s'(0) does not exist", after: ["s(x) = x < 0 ? x : x + 1"]),
    ErrorCase("md'(2)", .domain, column: 1, "md'(2) does not exist", after: ["md(x) = x % 2"]),
    ErrorCase(
      "mm'(1)", .domain, column: 1, "mm'(1) does not exist", after: ["mm(x) = max(x, x^2)"]),
    ErrorCase("gamma'(2)", .domain, column: 1, "derivative of 'gamma' is not known"),
    ErrorCase("atan2'(1)", .unknownName, column: 1, "needs a function of one variable"),
    ErrorCase("zz'(1)", .unknownName, column: 1, "unknown function 'zz'"),
    ErrorCase("f'(x) = 3", .readOnly, column: 1, "the derivative of 'f'"),
    ErrorCase("diff(1, 2)", .arity, column: 1, "'diff' takes 1 argument"),
    ErrorCase("diff = 2", .readOnly, column: 1, "built in"),
  ])
  func undefined(_ c: ErrorCase) {
    let error = failure(c.setup + [c.input])
    #expect(error?.kind == c.kind)
    #expect(error?.message.contains(c.message) == true, "\(String(describing: error))")
    #expect(error?.location.map { $0.lowerBound + 1 } == c.column)
  }

  /// `diff` is printable: the derivative tree, simplified.
  @Test(arguments: [
    ("diff(x^3 - 2x)", "3 * x ^ 2 - 2"), ("diff(sin(x))", "cos(x)"),
    ("diff(2x + 1)", "2"), ("diff(5)", "0"), ("diff(exp(2x))", "2 * exp(2 * x)"),
    ("diff(g(x^2))", "g'(x ^ 2) * (2 * x)"),
  ])
  func printable(_ input: String, _ expected: String) throws {
    let brain = CalculatorBrain()
    #expect(CalculatorBrain.infixDescription(try brain.parse(expression: input)) == expected)
  }

  /// The compiled programs resolve primed names too, with point values equal to the
  /// reference evaluator's and enclosures that contain them; at a corner the enclosure is
  /// not defined everywhere.
  @Test func compiledDerivatives() throws {
    var brain = CalculatorBrain()
    _ = try brain.execute("f(x) = x^3 - 2x")
    let expr = try brain.parse(expression: "f'(x)")
    let compiled = try PlotFunction(expr, variables: [:], functions: brain.functions)
    for x in stride(from: -3.0, through: 3.0, by: 0.25) {
      let v = compiled.value(at: x)
      #expect(v == 3 * x * x - 2)
      let box = compiled.enclosure(over: Interval(x - 0.01, x + 0.01))
      #expect(box.lo <= v && v <= box.hi)
    }
    let corner = try PlotFunction(
      try brain.parse(expression: "abs'(x)"), variables: [:], functions: brain.functions)
    #expect(corner.value(at: 0).isNaN)
    #expect(corner.value(at: -2) == -1)
    #expect(!corner.enclosure(over: Interval(-0.5, 0.5)).isDefinedEverywhere)
    #expect(corner.enclosure(over: Interval(0.5, 1)).isDefinedEverywhere)
  }

  /// Compiled with shared subexpressions, a derivative has the same point values and
  /// enclosures as compiled as a tree, with a shorter interval program.
  @Test(arguments: ["exp(-x^2)", "sin(x)*x^3/(1+x^2)", "x < 1 ? x^3 : exp(x)", "f(x)*f(x)"])
  func sharedSubexpressions(_ text: String) throws {
    var brain = CalculatorBrain()
    _ = try brain.execute("f(x) = sqrt(1 + x^2)")
    var expr = try brain.parse(expression: text)
    for _ in 0..<4 { expr = try brain.derivative(of: expr) }
    let tree = try PlotFunction(expr, variables: [:], functions: brain.functions)
    let shared = try PlotFunction(
      expr, variables: [:], functions: brain.functions, sharesSubexpressions: true)
    var rng = SplitMix64(seed: 15)
    for _ in 0..<200 {
      let x = Double(rng.next() % 8000) / 1000 - 4
      let a = tree.value(at: x)
      let b = shared.value(at: x)
      #expect(a == b || (a.isNaN && b.isNaN), "\(text) at \(x)")
      let box = Interval(x, x + 0.01)
      #expect(tree.enclosure(over: box) == shared.enclosure(over: box), "\(text) over \(box)")
    }
  }

  /// Recursive functions of one variable differentiate (the primed name resolves when it is
  /// called); one of several variables is expanded, so its recursion is a limit error; a
  /// derivative too large is a limit error, not a hang.
  @Test func recursionAndSize() throws {
    #expect(try output(["t(x) = x < 1 ? x : t(x - 1)", "t'(3.5)"]) == "1")
    let expanded = failure([
      "pw(x, n) = n < 1 ? 1 : x * pw(x, n - 1)", "c(x) = pw(x, 5)", "c'(2)",
    ])
    #expect(expanded?.kind == .limit)
    let error = failure([
      "a1(x) = sin(x) * cos(x) * exp(x)", "a2(x) = a1(a1(a1(x)))", "a3(x) = a2(a2(a2(x)))",
      "a3''''''''''(1)",
    ])
    #expect(error?.kind == .limit || error == nil)
  }
}
