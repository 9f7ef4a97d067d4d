import Glibc
import Intervals
import TestSupport
import Testing

/// The floored modulo of `RealFunctions.flooredModulo` (CalculatorBrain is not a dependency
/// of this target): `a - b floor(a / b)`, NaN for `b == 0` or a non-finite `a`.
func flooredModulo(_ a: Double, _ b: Double) -> Double {
  guard b != 0, a.isFinite, b.isFinite || b.isInfinite else { return .nan }
  if b.isInfinite { return (a == 0 || (a > 0) == (b > 0)) ? a : b }
  let r = fmod(a, b)
  return (r != 0 && (r < 0) != (b < 0)) ? r + b : r
}

@Suite struct IntervalStepsTests {
  @Test func floorCeilRoundTrunc() {
    expectInterval(Interval.floor(Interval(0.2, 0.8)), 0, 0)
    expectInterval(Interval.floor(Interval(0.5, 2.5)), 0, 2, continuous: false)
    expectInterval(Interval.floor(Interval(0.5, 1)), 0, 1, continuous: false)  // step at the end
    expectInterval(Interval.ceil(Interval(0.2, 0.8)), 1, 1)
    expectInterval(Interval.ceil(Interval(-1.5, 0.5)), -1, 1, continuous: false)
    expectInterval(Interval.round(Interval(0.2, 0.4)), 0, 0)
    // half away from zero
    expectInterval(Interval.round(Interval(2.4, 2.5)), 2, 3, continuous: false)
    expectInterval(Interval.round(Interval(-2.5, -2.4)), -3, -2, continuous: false)
    expectInterval(Interval.trunc(Interval(-0.9, 0.9)), 0, 0)  // trunc has no step at 0
    expectInterval(Interval.trunc(Interval(-1.5, 0.9)), -1, 0, continuous: false)
    expectInterval(
      Interval.floor(Interval(-.infinity, .infinity)), -.infinity, .infinity, continuous: false)
  }

  @Test func sign() {
    expectInterval(Interval.sign(Interval(0.5, 3)), 1, 1)
    expectInterval(Interval.sign(Interval(-1, 1)), -1, 1, continuous: false)
    expectInterval(Interval.sign(Interval(0)), 0, 0)
    expectInterval(Interval.sign(Interval(0, 1)), 0, 1, continuous: false)
  }

  @Test func modulo() {
    expectEncloses(Interval.mod(Interval(0.5, 1.5), Interval(2)), 0.5, 1.5, ulps: 2)
    expectEncloses(Interval.mod(Interval(2.5, 3.5), Interval(2)), 0.5, 1.5, ulps: 2)
    expectEncloses(Interval.mod(Interval(-1.5, -0.5), Interval(2)), 0.5, 1.5, ulps: 2)
    expectEncloses(Interval.mod(Interval(0.5, 1.5), Interval(-2)), -1.5, -0.5, ulps: 2)
    // A step inside: the whole range of the modulo, not continuous.
    expectInterval(Interval.mod(Interval(1, 3), Interval(2)), 0, 2, continuous: false)
    expectInterval(Interval.mod(Interval(1, 3), Interval(-2)), -2, 0, continuous: false)
    expectInterval(
      Interval.mod(Interval(1, 3), Interval(-1, 1)), -1, 1, defined: false, continuous: false)
    #expect(Interval.mod(Interval(1, 3), Interval(0)).isEmpty)
    #expect(Interval.mod(Interval(.infinity), Interval(2)).isEmpty)
    let unbounded = Interval.mod(Interval(0, .infinity), Interval(3))
    #expect(unbounded.lo == 0 && unbounded.hi == 3 && !unbounded.isContinuous)
  }

  @Test(arguments: [
    UnaryRule("floor", { Glibc.floor($0) }, { Interval.floor($0) }),
    UnaryRule("ceil", { Glibc.ceil($0) }, { Interval.ceil($0) }),
    UnaryRule("round", { Glibc.round($0) }, { Interval.round($0) }),
    UnaryRule("trunc", { Glibc.trunc($0) }, { Interval.trunc($0) }),
    UnaryRule("sign", { $0 > 0 ? 1 : ($0 < 0 ? -1 : 0) }, { Interval.sign($0) }),
    UnaryRule("x mod 2", { flooredModulo($0, 2) }, { Interval.mod($0, Interval(2)) }),
    UnaryRule("x mod -0.3", { flooredModulo($0, -0.3) }, { Interval.mod($0, Interval(-0.3)) }),
    UnaryRule(
      "x mod pi", { flooredModulo($0, Double.pi) }, { Interval.mod($0, Interval(Double.pi)) }),
    UnaryRule("7 mod x", { flooredModulo(7, $0) }, { Interval.mod(Interval(7), $0) }),
    UnaryRule(
      "x mod (x/3+5)", { flooredModulo($0, $0 / 3 + 5) },
      { Interval.mod($0, $0 / Interval(3) + Interval(5)) }),
  ])
  func unaryEnclosesPointValues(_ c: UnaryRule) {
    checkUnaryRule(c.name, c.point, c.rule, seed: 0x5EED_0004)
  }

  /// Continuity claims of the step rules are honest: where the rule says continuous, the
  /// step function is constant over the interval.
  @Test func continuityClaimsMeanConstant() {
    var rng = SplitMix64(seed: 0x5EED_0005)
    for _ in 0..<3000 {
      let x = randomInterval(&rng)
      for (f, rule) in [
        (Glibc.floor, Interval.floor), (Glibc.ceil, Interval.ceil), (Glibc.round, Interval.round),
      ] {
        let r = rule(x)
        if r.isContinuous {
          for p in samplePoints(x, &rng, count: 8) {
            #expect(f(p) == r.lo, "\(x) -> \(r) at \(p) (seed 0x5EED0005)")
          }
        }
      }
    }
  }
}
