import Glibc
import Intervals
import Testing

/// C's `tgamma` with NaN at the poles, as `RealFunctions.gamma`.
func gammaPoint(_ x: Double) -> Double {
  if x <= 0 && x == x.rounded(.down) { return .nan }
  return tgamma(x)
}

@Suite struct IntervalGammaTests {
  @Test func positiveSideMonotonePiecesAndMinimum() {
    let dec = Interval.gamma(Interval(0.5, 1))
    #expect(dec.lo <= 1 && dec.lo > 1 - 1e-12 && dec.hi >= tgamma(0.5) && dec.isContinuous)
    let inc = Interval.gamma(Interval(3, 5))
    #expect(inc.lo <= 2 && inc.lo > 2 - 1e-12 && inc.hi >= 24 && inc.hi < 24 + 1e-11)
    let around = Interval.gamma(Interval(1, 2))
    #expect(around.lo <= 0.8856031944108887 && around.lo > 0.88560319441 && around.hi >= 1)
    let overflow = Interval.gamma(Interval(170, 200))
    #expect(overflow.hi == .infinity && overflow.isDefinedEverywhere)
  }

  @Test func polesAtNonPositiveIntegers() {
    expectInterval(
      Interval.gamma(Interval(-0.5, 0.5)), -.infinity, .infinity, defined: false, continuous: false)
    expectInterval(
      Interval.gamma(Interval(-2.5, -1.5)), -.infinity, .infinity, defined: false, continuous: false
    )
    #expect(Interval.gamma(Interval(-3)).isEmpty)
    #expect(Interval.gamma(Interval(0)).isEmpty)
    let right = Interval.gamma(Interval(0, 3))
    #expect(
      right.hi == .infinity && right.lo <= 0.8856031944108887 && right.lo > 0.885
        && !right.isDefinedEverywhere && !right.isContinuous)
  }

  @Test func negativeSegmentsAreContinuous() {
    // gamma(-0.5) = -2 sqrt(pi); the local maximum on (-1, 0) is about -3.5446.
    let a = Interval.gamma(Interval(-0.5))
    #expect(a.contains(-2 * Double.pi.squareRoot()) && a.width < 1e-12 && a.isContinuous)
    let b = Interval.gamma(Interval(-0.9, -0.1))
    #expect(
      b.hi >= -3.5446436111550050 && b.hi < -3.5 && b.lo <= tgamma(-0.1) && b.isContinuous
        && b.isDefinedEverywhere)
    let c = Interval.gamma(Interval(-2.9, -2.1))  // negative on (-3, -2)
    #expect(c.hi < 0 && c.isContinuous)
    let d = Interval.gamma(Interval(-1.9, -1.1))  // positive on (-2, -1)
    #expect(d.lo > 0 && d.isContinuous)
  }

  @Test func factorialIsGammaOfXPlusOne() {
    let f = Interval.factorial(Interval(5))
    #expect(f.contains(120) && f.width < 1e-10)
    #expect(Interval.factorial(Interval(-1)).isEmpty)
    #expect(!Interval.factorial(Interval(-1.5, -0.5)).isContinuous)
  }

  @Test(arguments: [
    UnaryRule("gamma", { gammaPoint($0) }, { Interval.gamma($0) }),
    UnaryRule("factorial", { gammaPoint($0 + 1) }, { Interval.factorial($0) }),
  ])
  func unaryEnclosesPointValues(_ c: UnaryRule) {
    checkUnaryRule(c.name, c.point, c.rule, seed: 0x5EED_0006)
  }
}
