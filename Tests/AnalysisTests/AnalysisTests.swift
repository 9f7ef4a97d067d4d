import Analysis
import CalculatorBrain
import CompiledFunctions
import Intervals
import Testing

/// `text` compiled, with its derivative.
func compiled(_ text: String) throws -> (PlotFunction, PlotFunction) {
  let brain = CalculatorBrain()
  let expr = try brain.parse(expression: text)
  let f = try PlotFunction(expr, variables: [:], functions: [:])
  let d = try PlotFunction(try brain.derivative(of: expr), variables: [:], functions: [:])
  return (f, d)
}

/// The library under the commands: enclosures, proofs, budgets.
@Suite struct RootFinderTests {
  /// A proven root's enclosure holds it and is a few ulps wide.
  @Test func provenRootsAreEnclosedTightly() throws {
    let (f, d) = try compiled("x^2 - 2")
    let report = RootFinder.roots(of: f, derivative: d, in: 0, 10)
    let root = try #require(report.roots.first)
    #expect(report.roots.count == 1 && root.isProven)
    #expect(root.enclosure.contains(2.0.squareRoot()))
    #expect(root.enclosure.upperBound - root.enclosure.lowerBound <= 4 * root.x.ulp)
  }

  /// Poles and jumps are not roots, and leave nothing unsettled.
  @Test func polesAreNotRoots() throws {
    let (f, d) = try compiled("tan(x)")
    let report = RootFinder.roots(of: f, derivative: d, in: 1, 5)
    #expect(report.roots.map(\.x) == [Double.pi])
    #expect(report.unsettled.isEmpty)
    #expect(!report.singular.isEmpty)  // the poles at pi/2 and 3pi/2
  }

  /// Without a derivative no root is proven unique, but exact zeros still are roots.
  @Test func withoutADerivativeOnlyExactZerosAreProven() throws {
    let (f, _) = try compiled("x - 0.5")
    let report = RootFinder.roots(of: f, derivative: nil, in: 0, 1)
    #expect(report.roots.count == 1)
    #expect(report.roots.allSatisfy { $0.isProven && $0.x == 0.5 })
  }

  /// The box budget and an interrupt stop the search, and say so.
  @Test func budgetsStopTheSearch() throws {
    let (f, d) = try compiled("sin(1/x)")
    let small = RootFinder.roots(
      of: f, derivative: d, in: 1e-6, 1, budget: AnalysisBudget(maxBoxes: 50, seconds: 5))
    #expect(small.stop == .boxes)
    #expect(!small.unsettled.isEmpty)
    let stopped = RootFinder.roots(
      of: f, derivative: d, in: 1e-6, 1,
      budget: AnalysisBudget(maxBoxes: 1_000_000, seconds: 5, interrupt: { true }))
    #expect(stopped.stop == .interrupted)
  }

  /// A function that is 0 on a range is reported as such, not as roots.
  @Test func zeroRanges() throws {
    let (f, d) = try compiled("0*x")
    let report = RootFinder.roots(of: f, derivative: d, in: -1, 1)
    #expect(report.roots.isEmpty)
    #expect(report.zeroRanges == [-1...1])
  }
}

@Suite struct IntegratorTests {
  /// A smooth integrand gets a proven enclosure that holds the true value.
  @Test func smoothIntegralsAreProven() throws {
    let brain = CalculatorBrain()
    let expr = try brain.parse(expression: "x^2")
    let f = try PlotFunction(expr, variables: [:], functions: [:])
    var d = expr
    for _ in 0..<4 { d = try brain.derivative(of: d) }
    let rule = (points: 2, derivative: try PlotFunction(d, variables: [:], functions: [:]))
    let result = try Integrator.integrate(f, slope: nil, rule: rule, from: 0, to: 1).get()
    #expect(result.isProven)
    #expect(abs(result.value - 1.0 / 3) <= result.bound)
    #expect(result.bound < 1e-14)
    let backwards = try Integrator.integrate(f, slope: nil, rule: rule, from: 1, to: 0).get()
    #expect(backwards.value == -result.value)
  }

  /// Without a rule, tanh-sinh estimates; a divergent integral is a failure.
  @Test func singularIntegrals() throws {
    let (f, d) = try compiled("ln(x)")
    let result = try Integrator.integrate(f, slope: d, rule: nil, from: 0, to: 1).get()
    #expect(!result.isProven)
    #expect(abs(result.value + 1) < 1e-14)
    let (g, dg) = try compiled("1/x")
    #expect(
      Integrator.integrate(g, slope: dg, rule: nil, from: 0, to: 1) == .failure(.diverges(at: 0)))
  }
}

@Suite struct ExtremaTests {
  /// Corners and flat extrema count; a saddle does not.
  @Test(arguments: [
    ("abs(x)", [(0.0, true)]), ("x^4", [(0.0, true)]), ("x^3", []),
    ("x^3 - 3x", [(-1.0, false), (1.0, true)]),
  ])
  func kinds(_ text: String, _ expected: [(Double, Bool)]) throws {
    let brain = CalculatorBrain()
    let expr = try brain.parse(expression: text)
    let f = try PlotFunction(expr, variables: [:], functions: [:])
    let d1 = try brain.derivative(of: expr)
    let d = try PlotFunction(d1, variables: [:], functions: [:])
    let d2 = try PlotFunction(try brain.derivative(of: d1), variables: [:], functions: [:])
    let report = Extrema.find(f: f, derivative: d, second: d2, in: -10, 10)
    #expect(report.extrema.map(\.x) == expected.map(\.0))
    #expect(report.extrema.map(\.isMinimum) == expected.map(\.1))
    #expect(report.extrema.allSatisfy { $0.isProven })
  }
}
