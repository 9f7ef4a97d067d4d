import Glibc
import Intervals
import TestSupport
import Testing

@Suite struct IntervalArithmeticTests {
  @Test func sumIsRoundedOutwardAroundTheTrueSum() {
    // 0.1 + 0.2 is 0.30000000000000004 in round-to-nearest; the exact sum of the two doubles
    // is 0.3000000000000000166533453693773481063544750213623046875, between 0.3 and that.
    let s = Interval(0.1) + Interval(0.2)
    #expect(s.lo == 0.30000000000000004.nextDown)
    #expect(s.lo == 0.3)
    #expect(s.hi == 0.30000000000000004)
    #expect(s.contains(0.1 + 0.2))
    #expect(s.lo < s.hi)
  }

  @Test func exactResultsStayExact() {
    expectInterval(Interval(1) + Interval(1), 2, 2)
    expectInterval(Interval(1, 2) - Interval(0.5, 1), 0, 1.5)
    expectInterval(Interval(3) * Interval(-4), -12, -12)
    expectInterval(Interval(1) / Interval(4), 0.25, 0.25)
  }

  @Test func inexactProductAndQuotientMoveOneUlpOnTheRightSide() {
    // 1/3 rounds down to nearest, so the true value is above it.
    let q = Interval(1) / Interval(3)
    #expect(q.lo == 1.0 / 3)
    #expect(q.hi == (1.0 / 3).nextUp)
    // 0.1 * 3: round-to-nearest gives 0.30000000000000004, above the exact product.
    let p = Interval(0.1) * Interval(3)
    #expect(p.hi == 0.1 * 3)
    #expect(p.lo == (0.1 * 3).nextDown)
  }

  @Test func productCornersAndSigns() {
    expectInterval(Interval(-2, 3) * Interval(-1, 4), -8, 12)
    expectInterval(Interval(-2, -1) * Interval(-3, -2), 2, 6)
    // 0 * inf
    expectInterval(Interval(0, 1) * Interval(1, .infinity), 0, .infinity, defined: false)
  }

  @Test func divisionAwayFromZero() {
    expectInterval(Interval(1, 2) / Interval(4, 8), 0.125, 0.5)
    expectInterval(Interval(-1, 2) / Interval(-4, -2), -1, 0.5)
  }

  @Test func divisionByExactZero() {
    // 0/0 is NaN; x/0 is +-inf (by the sign of the zero), which a later step may make finite.
    #expect((Interval(0) / Interval(0)).isEmpty)
    expectInterval(
      Interval(1) / Interval(0), -.infinity, .infinity, defined: false, continuous: false)
    expectInterval(
      Interval(-2, 3) / Interval(0), -.infinity, .infinity, defined: false, continuous: false)
  }

  @Test func divisionByIntervalWithZeroInside() {
    expectInterval(
      Interval(1, 2) / Interval(-1, 1), -.infinity, .infinity, defined: false, continuous: false)
    expectInterval(Interval(0) / Interval(-1, 1), 0, 0, defined: false, continuous: false)
  }

  @Test func divisionByIntervalWithZeroAtAnEndpoint() {
    expectInterval(
      Interval(1, 2) / Interval(0, 4), 0.25, .infinity, defined: false, continuous: false)
    expectInterval(
      Interval(-2, -1) / Interval(0, 4), -.infinity, -0.25, defined: false, continuous: false)
    // [-4, 0): one infinity; at +0 (IEEE's usual zero) the other: both.
    expectInterval(
      Interval(1, 2) / Interval(-4, 0), -.infinity, .infinity, defined: false, continuous: false)
    expectInterval(
      Interval(-2, -1) / Interval(-4, 0), -.infinity, .infinity, defined: false, continuous: false)
    expectInterval(
      Interval(-1, 1) / Interval(0, 4), -.infinity, .infinity, defined: false, continuous: false)
    // 0 / (0, 4] is 0 wherever defined, and continuous there.
    expectInterval(Interval(0) / Interval(0, 4), 0, 0, defined: false, continuous: true)
  }

  @Test func flagsPropagate() {
    let partial = Interval(0, 1, isDefinedEverywhere: false)
    let jumpy = Interval(0, 1, isContinuous: false)
    #expect(!(partial + Interval(1)).isDefinedEverywhere)
    #expect((partial + Interval(1)).isContinuous)
    #expect(!(Interval(1) * jumpy).isContinuous)
    #expect(!(jumpy / Interval(2)).isContinuous)
    #expect(!Interval.abs(partial).isDefinedEverywhere)
    #expect(!Interval.max(Interval(1), jumpy).isContinuous)
  }

  @Test func emptyPropagates() {
    let e = Interval.empty
    #expect((e + Interval(1)).isEmpty)
    #expect((Interval(1) - e).isEmpty)
    #expect((e * Interval(0)).isEmpty)
    #expect((Interval(1) / e).isEmpty)
    #expect((-e).isEmpty)
    #expect(Interval.abs(e).isEmpty)
    #expect(Interval.sqr(e).isEmpty)
    #expect(Interval.min(Interval(1), e).isEmpty)
    #expect(Interval.max([Interval(1), Interval(2), e]).isEmpty)
    #expect(Interval.hypot(e, Interval(1)).isEmpty)
    #expect(Interval.min([]).isEmpty)
  }

  @Test func infiniteOperandsNeverTrap() {
    let inf = Interval(.infinity)
    let minusInf = Interval(-.infinity)
    let s = inf + minusInf
    #expect(s.isEmpty)
    let t = Interval(-.infinity, 0) + Interval(0, .infinity)
    expectInterval(t, -.infinity, .infinity, defined: false)  // -inf + inf may occur
    let u = inf + Interval(-.infinity, 1)
    #expect(u.lo == -.infinity && u.hi == .infinity && !u.isDefinedEverywhere)
    expectInterval(Interval(0) * Interval(-.infinity, .infinity), 0, 0, defined: false)
    expectInterval(Interval(1, .infinity) / Interval(1, .infinity), 0, .infinity, defined: false)
    let n = Interval(.nan) + Interval(1)
    #expect(n.isEmpty)
    // Overflow: the true sum is finite, so the lower bound is the largest finite value.
    let big = Interval(.greatestFiniteMagnitude) + Interval(.greatestFiniteMagnitude)
    #expect(big.lo == .greatestFiniteMagnitude && big.hi == .infinity)
  }

  @Test func absMinMaxSqrHypot() {
    expectInterval(Interval.abs(Interval(-3, 2)), 0, 3)
    expectInterval(Interval.abs(Interval(-3, -2)), 2, 3)
    expectInterval(Interval.min(Interval(1, 5), Interval(2, 3), Interval(0, 9)), 0, 3)
    expectInterval(Interval.max([Interval(1, 5), Interval(2, 3)]), 2, 5)
    expectInterval(Interval.sqr(Interval(-3, 2)), 0, 9)
    expectInterval(Interval.sqr(Interval(-3, -2)), 4, 9)
    expectEncloses(Interval.hypot(Interval(3), Interval(-4, 4)), 3, 5)
    expectInterval(
      Interval.hypot(Interval(-1, 1), Interval(0)), 0, Interval.hypot(Interval(1), Interval(0)).hi)
  }

  @Test func hullKeepsBothAndMarksEmptyPartsUndefined() {
    expectInterval(Interval.hull(Interval(1, 2), Interval(5, 6)), 1, 6)
    let h = Interval.hull(Interval(1, 2), .empty)
    #expect(h.lo == 1 && h.hi == 2 && !h.isDefinedEverywhere)
    #expect(Interval.hull(.empty, .empty).isEmpty)
  }

  /// Random operands: the exact double operation at sampled points lies in the enclosure.
  @Test(arguments: [
    BinaryRule("+", { a, b in a + b }, { a, b in a + b }),
    BinaryRule("-", { a, b in a - b }, { a, b in a - b }),
    BinaryRule("*", { a, b in a * b }, { a, b in a * b }),
    BinaryRule("/", { a, b in a / b }, { a, b in a / b }),
    BinaryRule("hypot", { a, b in Glibc.hypot(a, b) }, { a, b in .hypot(a, b) }),
    BinaryRule("min", { a, b in Swift.min(a, b) }, { a, b in .min(a, b) }),
    BinaryRule("max", { a, b in Swift.max(a, b) }, { a, b in .max(a, b) }),
  ])
  func binaryEnclosesPointValues(_ c: BinaryRule) {
    let (name, point, rule) = (c.name, c.point, c.rule)
    let seed: UInt64 = 0x5EED_0001
    var rng = SplitMix64(seed: seed)
    for _ in 0..<2000 {
      let a = randomInterval(&rng)
      let b = randomInterval(&rng)
      let r = rule(a, b)
      for (x, y) in zip(samplePoints(a, &rng, count: 6), samplePoints(b, &rng, count: 6)) {
        let v = point(x, y)
        #expect(
          encloses(r, v), "\(name): \(a) \(b) -> \(r) misses \(x), \(y) -> \(v) (seed \(seed))")
        if r.isDefinedEverywhere && !r.isEmpty {
          #expect(
            !v.isNaN, "\(name): \(a) \(b) -> \(r) claims defined, NaN at \(x), \(y) (seed \(seed))")
        }
      }
    }
  }
}
