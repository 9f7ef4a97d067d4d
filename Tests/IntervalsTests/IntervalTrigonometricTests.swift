import Glibc
import Intervals
import Testing

@Suite struct IntervalTrigonometricTests {
  @Test func sineFindsItsExtremesInside() {
    let s = Interval.sin(Interval(0, 2))  // holds pi/2
    #expect(s.hi == 1 && s.lo == 0 && s.isContinuous && s.isDefinedEverywhere)
    let t = Interval.sin(Interval(4, 5))  // holds 3 pi / 2
    #expect(t.lo == -1 && t.hi >= Glibc.sin(4) && t.hi < Glibc.sin(4) + 1e-15)
    expectEncloses(Interval.sin(Interval(0.1, 0.2)), Glibc.sin(0.1), Glibc.sin(0.2))
    expectInterval(Interval.sin(Interval(0)), 0, 0)
  }

  @Test func sineOfWideOrUnboundedIntervals() {
    expectInterval(Interval.sin(Interval(0, 7)), -1, 1)
    // An infinite bound may be a value (an overflow), where sin is NaN.
    expectInterval(Interval.sin(Interval(1e300, .infinity)), -1, 1, defined: false)
    expectInterval(Interval.cos(Interval(-.infinity, .infinity)), -1, 1, defined: false)
    #expect(Interval.sin(Interval(.infinity)).isEmpty)
  }

  @Test func cosineExtremes() {
    let c = Interval.cos(Interval(-1, 1))
    #expect(c.hi == 1 && c.lo <= Glibc.cos(1) && c.lo > Glibc.cos(1) - 1e-15)
    let d = Interval.cos(Interval(3, 3.5))  // holds pi
    #expect(d.lo == -1)
    expectInterval(Interval.cos(Interval(0)), 1, 1)
  }

  @Test func tangentPoles() {
    expectInterval(
      Interval.tan(Interval(1.5, 1.6)), -.infinity, .infinity, defined: false, continuous: false)
    expectInterval(
      Interval.tan(Interval(-2, 2)), -.infinity, .infinity, defined: false, continuous: false)
    expectInterval(
      Interval.tan(Interval(0, 4)), -.infinity, .infinity, defined: false, continuous: false)
    // Just below the pole: finite, continuous.
    let below = Interval.tan(Interval(1.5, 1.57))
    #expect(below.hi.isFinite && below.isContinuous && below.lo > 14)
    // The pole between two adjacent doubles.
    let p = Double.pi / 2
    expectInterval(
      Interval.tan(Interval(p, p.nextUp)), -.infinity, .infinity, defined: false, continuous: false)
    #expect(Interval.tan(Interval(p.nextDown, p)).isContinuous)
    expectEncloses(Interval.tan(Interval(-1, 1)), Glibc.tan(-1), Glibc.tan(1))
    // Wide intervals with positive tangents at both ends still hold a pole.
    expectInterval(
      Interval.tan(Interval(1, 4)), -.infinity, .infinity, defined: false, continuous: false)
  }

  @Test func inverseCircularDomains() {
    expectEncloses(Interval.asin(Interval(-1, 1)), -Double.pi / 2, Double.pi / 2, ulps: 2)
    let a = Interval.asin(Interval(0.5, 2))
    #expect(!a.isDefinedEverywhere && a.hi >= Double.pi / 2)
    #expect(Interval.asin(Interval(1.5, 2)).isEmpty)
    #expect(Interval.acos(Interval(-3, -1.5)).isEmpty)
    let c = Interval.acos(Interval(0, 1))
    #expect(c.lo == 0 && c.hi >= Double.pi / 2 && c.isDefinedEverywhere)
    expectEncloses(
      Interval.atan(Interval(-.infinity, .infinity)), -Double.pi / 2, Double.pi / 2, ulps: 1)
    expectInterval(Interval.atan(Interval(0)), 0, 0)
  }

  @Test func atan2BranchCut() {
    // Crossing the negative x axis: the angle jumps between -pi and pi.
    let cut = Interval.atan2(Interval(-1, 1), Interval(-2, -1))
    #expect(cut.lo <= -Double.pi && cut.hi >= Double.pi && !cut.isContinuous)
    // The right half plane: continuous, from the corners.
    let right = Interval.atan2(Interval(-1, 1), Interval(1, 2))
    expectEncloses(right, -Double.pi / 4, Double.pi / 4)
    // Upper half plane crossing the y axis: no cut.
    let up = Interval.atan2(Interval(1, 2), Interval(-1, 1))
    #expect(up.isContinuous && up.lo <= Glibc.atan2(1, 1) && up.hi >= Glibc.atan2(1, -1))
    let origin = Interval.atan2(Interval(0), Interval(0))
    #expect(origin.contains(0) && !origin.isContinuous)
  }

  @Test func hyperbolicFunctions() {
    #expect(Interval.cosh(Interval(-1, 2)).lo == 1)
    expectEncloses(Interval.cosh(Interval(-1, 2)), 1, Glibc.cosh(2), ulps: 4)
    expectEncloses(Interval.sinh(Interval(-1, 2)), Glibc.sinh(-1), Glibc.sinh(2), ulps: 4)
    let t = Interval.tanh(Interval(-100, 100))
    #expect(t.lo == -1 && t.hi == 1)
    expectInterval(Interval.acosh(Interval(1)), 0, 0)
    #expect(Interval.acosh(Interval(-1, 0.5)).isEmpty)
    let partial = Interval.acosh(Interval(0, 2))
    #expect(partial.lo == 0 && !partial.isDefinedEverywhere)
    let at = Interval.atanh(Interval(0, 1))
    #expect(at.lo == 0 && at.hi == .infinity && !at.isDefinedEverywhere)
    #expect(Interval.atanh(Interval(2, 3)).isEmpty)
    expectEncloses(Interval.asinh(Interval(-1, 1)), Glibc.asinh(-1), Glibc.asinh(1), ulps: 4)
  }

  @Test(arguments: [
    UnaryRule("sin", { Glibc.sin($0) }, { Interval.sin($0) }),
    UnaryRule("cos", { Glibc.cos($0) }, { Interval.cos($0) }),
    UnaryRule("tan", { Glibc.tan($0) }, { Interval.tan($0) }),
    UnaryRule("asin", { Glibc.asin($0) }, { Interval.asin($0) }),
    UnaryRule("acos", { Glibc.acos($0) }, { Interval.acos($0) }),
    UnaryRule("atan", { Glibc.atan($0) }, { Interval.atan($0) }),
    UnaryRule("sinh", { Glibc.sinh($0) }, { Interval.sinh($0) }),
    UnaryRule("cosh", { Glibc.cosh($0) }, { Interval.cosh($0) }),
    UnaryRule("tanh", { Glibc.tanh($0) }, { Interval.tanh($0) }),
    UnaryRule("asinh", { Glibc.asinh($0) }, { Interval.asinh($0) }),
    UnaryRule("acosh", { Glibc.acosh($0) }, { Interval.acosh($0) }),
    UnaryRule("atanh", { Glibc.atanh($0) }, { Interval.atanh($0) }),
    UnaryRule("atan2(x, -1)", { Glibc.atan2($0, -1) }, { Interval.atan2($0, Interval(-1)) }),
    UnaryRule("atan2(1, x)", { Glibc.atan2(1, $0) }, { Interval.atan2(Interval(1), $0) }),
    UnaryRule(
      "atan2(x, x/2)", { Glibc.atan2($0, $0 / 2) }, { Interval.atan2($0, $0 / Interval(2)) }),
  ])
  func unaryEnclosesPointValues(_ c: UnaryRule) {
    checkUnaryRule(c.name, c.point, c.rule, seed: 0x5EED_0003)
  }
}
