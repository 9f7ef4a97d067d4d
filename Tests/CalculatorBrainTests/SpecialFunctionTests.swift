import Foundation
import Intervals
import Testing

@testable import CalculatorBrain
@testable import CompiledFunctions

/// One row of Fixtures/special-functions.tsv (scripts/make-special-fixture, mpmath at 40
/// digits): a function's true value at a point, or its least and largest over an interval.
struct SpecialCase: Sendable, CustomTestStringConvertible {
  var name: String
  var lo: Double
  var hi: Double
  var min: Double
  var max: Double
  var testDescription: String { lo == hi ? "\(name)(\(lo))" : "\(name)[\(lo), \(hi)]" }

  static let all: [SpecialCase] = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/special-functions.tsv")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
      let f = line.split(separator: "\t").map(String.init)
      let numbers = f.dropFirst(2).compactMap(Double.init)
      switch (f.first, numbers.count) {
      case ("point", 2):
        return SpecialCase(
          name: f[1], lo: numbers[0], hi: numbers[0], min: numbers[1], max: numbers[1])
      case ("interval", 4):
        return SpecialCase(
          name: f[1], lo: numbers[0], hi: numbers[1], min: numbers[2], max: numbers[3])
      default: return nil
      }
    }
  }()
  static let points = all.filter { $0.lo == $0.hi }
  static let intervals = all.filter { $0.lo != $0.hi }
}

/// The distance in ulps between two finite doubles.
private func ulps(_ a: Double, _ b: Double) -> Double {
  if a == b { return 0 }
  return Swift.abs(a - b) / Swift.max(a.ulp, b.ulp)
}

/// gnuplot's special functions (erf, erfc, norm, inverf, invnorm, Bessel J0 J1 Y0 Y1)
/// against mpmath: the scalar rule close to the true value, the interval rule holding it.
@Suite struct SpecialFunctionTests {
  @Test func theFixtureIsThere() {
    #expect(SpecialCase.points.count >= 100)
    #expect(SpecialCase.intervals.count >= 30)
  }

  /// How far the scalar rule may be from the true value `v` at `x`, in ulps of `v` (Bessel:
  /// also an absolute 1e-14, glibc's error near the functions' zeros).
  static func tolerance(_ name: String, x: Double, v: Double) -> (ulps: Double, absolute: Double) {
    switch name {
    case "erf", "erfc": return (4, 0)
    case "norm": return (8 + x * x, 0)  // glibc's erfc of -x/√2, rounded once
    case "inverf", "invnorm": return (4, 0)
    default: return (16, 1e-14)
    }
  }

  @Test(arguments: SpecialCase.points) func theValueIsWithinItsErrorOfMpmath(_ c: SpecialCase)
    throws
  {
    let f = try #require(BuiltinFunction(name: c.name))
    let got = f.value(c.lo, c.lo)
    let (bound, absolute) = Self.tolerance(c.name, x: c.lo, v: c.min)
    if c.min.isInfinite {
      #expect(got == c.min)
    } else {
      #expect(
        Swift.abs(got - c.min) <= absolute || ulps(got, c.min) <= bound,
        "\(c.name)(\(c.lo)) = \(got), mpmath \(c.min) (\(ulps(got, c.min)) ulps)")
    }
  }

  /// The compiled function's enclosure over a point, and over an interval, holds the true
  /// values (the interval's least and largest of 4001 evenly spaced points).
  @Test(arguments: SpecialCase.all) func theEnclosureHoldsTheTrueValues(_ c: SpecialCase) throws {
    let f = try PlotFunction(
      .call(c.name, [.variable("x")]), variable: "x", variables: [:], functions: [:])
    let box = f.enclosure(over: Interval(c.lo, c.hi))
    #expect(
      box.lo <= c.min && c.max <= box.hi, "\(c.testDescription): \(box), true [\(c.min), \(c.max)]")
    #expect(box.isContinuous)
    // Not too wide: an interval's enclosure within its values' span and a bit (the slope
    // bound over the interval), a point's within a few ulps.
    let span: Double = c.max - c.min
    let width: Double = c.hi - c.lo
    let scale: Double = Swift.max(1, Swift.abs(c.max))
    let limit: Double = 2 * span + 3 * width + 1e-12 * scale
    #expect(box.hi - box.lo <= limit)
  }

  @Test func besselOfTheSecondKindIsUndefinedAtAndBelowZero() throws {
    for name in ["besy0", "besy1"] {
      let f = try PlotFunction(
        .call(name, [.variable("x")]), variable: "x", variables: [:], functions: [:])
      #expect(f.enclosure(over: Interval(-2, -1)).isEmpty)
      let across = f.enclosure(over: Interval(-1, 1))
      #expect(!across.isDefinedEverywhere)
      #expect(across.lo == -.infinity)
      #expect(f.value(at: -1).isNaN)
      // At 0 too, as gnuplot: the interval rule's [0, 0] is empty, and the point value
      // agrees (a property test found glibc's -inf there outside the empty enclosure).
      #expect(f.value(at: 0).isNaN)
      #expect(f.enclosure(over: Interval(0, 0)).isEmpty)
    }
  }

  @Test func theInversesEndAtTheirDomainsEnds() {
    #expect(SpecialFunctions.inverseErf(1) == .infinity)
    #expect(SpecialFunctions.inverseErf(-1) == -.infinity)
    #expect(SpecialFunctions.inverseErf(1.5).isNaN)
    #expect(SpecialFunctions.inverseErf(0) == 0)
    #expect(SpecialFunctions.inverseNormalCDF(0) == -.infinity)
    #expect(SpecialFunctions.inverseNormalCDF(1) == .infinity)
    #expect(SpecialFunctions.inverseNormalCDF(0.5) == 0)
    #expect(SpecialFunctions.inverseNormalCDF(0.5).sign == .plus)
    #expect(SpecialFunctions.inverseNormalCDF(-0.1).isNaN)
    #expect(BuiltinFunction.real.value(2.5, 2.5) == 2.5)
    #expect(BuiltinFunction.imag.value(2.5, 2.5) == 0)
  }

  /// The values gnuplot 5.4 prints (`print besj0(1), ...`): the same functions.
  @Test func gnuplotPrintsTheSameValues() throws {
    var brain = CalculatorBrain()
    func value(_ text: String) throws -> Double {
      guard case .value(let v) = try brain.execute(text) else { return .nan }
      return v.double
    }
    let gnuplot: [(String, Double)] = [
      ("besj0(1)", 0.765197686557967), ("besy1(2)", -0.107032431540938),
      ("inverf(0.3)", 0.272462714726754), ("invnorm(0.01)", -2.32634787404084),
      ("norm(1)", 0.841344746068543), ("real(3)", 3), ("imag(3)", 0),
    ]
    for (text, expected) in gnuplot {
      #expect(Swift.abs(try value(text) - expected) <= 1e-14, "\(text)")
    }
  }
}
