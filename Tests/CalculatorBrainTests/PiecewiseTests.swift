import CalculatorBrain
import CompiledFunctions
import Intervals
import Testing

// Desmos's piecewise braces (tracker issue 14): `{c1: v1, c2: v2, otherwise}` is the
// nested conditional `c1 ? v1 : (c2 ? v2 : otherwise)`; without an otherwise the value is
// undefined. Values checked by hand.

@Suite struct PiecewiseTests {
  @Test func conditionsAreTriedInOrder() throws {
    // |x| by halves: 3 at -3, 9 at 3 (x^2), 0 at 0 (x < 0 fails, x^2 = 0).
    #expect(try output(["x = -3", "{x < 0: -x, x^2}"]) == "3")
    #expect(try output(["x = 3", "{x < 0: -x, x^2}"]) == "9")
    #expect(try output(["x = 0", "{x < 0: -x, x^2}"]) == "0")
    // The first condition that holds wins: at 1 both hold, the first gives 10.
    #expect(try output(["x = 1", "{x > 0: 10, x > -1: 20, 30}"]) == "10")
    #expect(try output(["x = -0.5", "{x > 0: 10, x > -1: 20, 30}"]) == "20")
    #expect(try output(["x = -2", "{x > 0: 10, x > -1: 20, 30}"]) == "30")
  }

  @Test func withoutAnOtherwiseTheValueIsUndefined() throws {
    #expect(try output(["x = 6", "{x > 5: 1}"]) == "1")
    #expect(try output(["x = 2", "{x > 5: 1}"]) == "nan")
  }

  @Test func itIsTheNestedConditional() throws {
    let braces = try CalculatorBrain.parseExpression("{x < 0: -x, x < 1: 2, x^2}")
    let nested = try CalculatorBrain.parseExpression("x < 0 ? -x : (x < 1 ? 2 : x^2)")
    #expect(braces == nested)
  }

  @Test func definesAFunction() throws {
    #expect(try output(["f(x) = {x < 0: -x, x^2}", "f(-3) + f(3)"]) == "12")
    // The derivative follows the conditional's rule: -1 left of 0, 2x right of it.
    #expect(try output(["f(x) = {x < 0: -x, x^2}", "f'(-3)"]) == "-1")
    #expect(try output(["f(x) = {x < 0: -x, x^2}", "f'(3)"]) == "6")
  }

  @Test func compiledEnclosureSeesTheJump() throws {
    let e = try CalculatorBrain.parseExpression("{x < 0: -x, x^2 + 1}")
    let f = try PlotFunction(e, variable: "x", variables: [:], functions: [:])
    #expect(f.value(at: -2) == 2)
    #expect(f.value(at: 2) == 5)
    // Across 0 the enclosure covers both pieces and is not continuous (the pen lifts).
    let across = f.enclosure(over: Interval(-0.5, 0.5))
    #expect(across.lo <= 0 && across.hi >= 1.25)
    #expect(!across.isContinuous)
    let left = f.enclosure(over: Interval(-2, -1))
    #expect(left.isContinuous && left.lo <= 1 && left.hi >= 2)
  }

  @Test func badBracesAreErrorsAtTheirColumn() {
    #expect(failure(["{x < 0: 1, 2, 3}"])?.location == 12..<13)
    #expect(failure(["{1, 2}"])?.location == 2..<3)
    #expect(failure(["{x < 0: 1"])?.location == 9..<9 || failure(["{x < 0: 1"]) != nil)
    #expect(failure(["{2}"]) != nil)
    #expect(failure(["{}"]) != nil)
  }
}
