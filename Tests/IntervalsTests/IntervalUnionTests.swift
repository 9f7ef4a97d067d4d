import Glibc
import Intervals
import TestSupport
import Testing

/// Whether some piece of `u` holds `v`.
func unionHolds(_ u: IntervalUnion, _ v: Double) -> Bool { u.pieces.contains { $0.contains(v) } }

/// The two-piece enclosures (`IntervalUnion`): the splits at a pole or a step, the
/// combination of pieces, and that every point value lies in some piece.
@Suite struct IntervalUnionTests {
  @Test func tanAroundAPoleIsTwoHalfLinesThatExcludeZero() {
    let u = IntervalUnion.tan(Interval(1.5, 1.6))  // the pole pi/2 inside
    #expect(u.pieces.count == 2)
    #expect(!unionHolds(u, 0))
    #expect(u.first.lo == -.infinity && u.first.hi >= Glibc.tan(1.6) && u.first.hi < -34)
    #expect(u.second.hi == .infinity && u.second.lo <= Glibc.tan(1.5) && u.second.lo > 14)
    #expect(!u.isContinuous && !u.isDefinedEverywhere)
    // The plain hull is the whole line.
    #expect(u.hull.lo == -.infinity && u.hull.hi == .infinity)
    // Without a pole: the plain enclosure, one piece.
    #expect(
      IntervalUnion.tan(Interval(0.1, 0.2)) == IntervalUnion(Interval.tan(Interval(0.1, 0.2))))
    // Wider than 1.5: the plain rule (two poles may lie inside).
    #expect(IntervalUnion.tan(Interval(1, 4.8)).pieces.count == 1)
  }

  @Test func divisionByAnIntervalAroundZero() {
    let u = IntervalUnion.divide(Interval(1), Interval(-1, 2))
    #expect(u.pieces.count == 2)
    #expect(u.first.lo == -.infinity && u.first.hi == -1)
    #expect(u.second.lo == 0.5 && u.second.hi == .infinity)
    #expect(!unionHolds(u, 0) && !unionHolds(u, 0.25))
    // A negative numerator mirrors it.
    let n = IntervalUnion.divide(Interval(-2, -1), Interval(-1, 2))
    #expect(n.first.hi == -0.5 && n.second.lo == 1)
    // A divisor that reaches 0 at an end: one side only (a zero divisor has no value).
    let left = IntervalUnion.divide(Interval(1), Interval(-1, 0))
    #expect(left.pieces.count == 1 && left.first.lo == -.infinity && left.first.hi == -1)
    #expect(IntervalUnion.divide(Interval(1), Interval(0)).isEmpty)
    // A numerator holding 0: the plain rule.
    #expect(IntervalUnion.divide(Interval(-1, 1), Interval(-1, 1)).pieces.count == 1)
    // A divisor without 0: the plain rule.
    #expect(
      IntervalUnion.divide(Interval(1, 2), Interval(2, 4))
        == IntervalUnion(Interval(1, 2) / Interval(2, 4)))
  }

  @Test func stepsAreSetsOfIntegers() {
    let u = IntervalUnion.steps(Interval.floor(Interval(0.9, 1.1)))
    #expect(u.pieces == [Interval(0, 0, isContinuous: false), Interval(1, 1, isContinuous: false)])
    let wide = IntervalUnion.steps(Interval.floor(Interval(0.5, 2.5)))
    #expect(wide.first.lo == 0 && wide.first.hi == 0 && wide.second.lo == 1 && wide.second.hi == 2)
    #expect(IntervalUnion.steps(Interval.floor(Interval(0.2, 0.8))).pieces.count == 1)
    // floor(x) - floor(y) with x across 1 and y in [2, 3): {-2} ∪ {-1}, no 0.
    let d = IntervalUnion.combine(u, IntervalUnion(Interval(2))) { $0 - $1 }
    #expect(!unionHolds(d, 0) && unionHolds(d, -1) && unionHolds(d, -2))
  }

  @Test func aThirdPieceJoinsTheClosestTwo() {
    var u = IntervalUnion(Interval(0, 1), Interval(10, 11))
    u.formUnion(Interval(2, 3))
    #expect(u.pieces.count == 2)
    #expect(u.first.lo == 0 && u.first.hi == 3 && u.second.lo == 10)
    // Overlapping pieces are joined.
    #expect(IntervalUnion(Interval(0, 2), Interval(1, 3)).pieces == [Interval(0, 3)])
    // An empty piece beside a value: not defined everywhere.
    #expect(!IntervalUnion(Interval(0, 1), Interval.empty).isDefinedEverywhere)
  }

  @Test func aConditionalThatMayGoEitherWayKeepsBothBranches() {
    let u = IntervalUnion.conditional(
      Interval(0, 1), then: IntervalUnion(Interval(-1)), otherwise: IntervalUnion(Interval(1)))
    #expect(u.pieces.count == 2 && !unionHolds(u, 0) && !u.isContinuous)
    let taken = IntervalUnion.conditional(
      Interval(1), then: IntervalUnion(Interval(-1)), otherwise: IntervalUnion(Interval(1)))
    #expect(taken.pieces == [Interval(-1)])
  }

  /// Every point value of tan, 1/x and floor over random intervals lies in a piece (a zero
  /// divisor excepted: it has no value).
  @Test(arguments: [0x5EED_0001, 0x5EED_0002, 0x5EED_0003] as [UInt64])
  func everyPointValueLiesInAPiece(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var failures = 0
    for _ in 0..<3000 {
      let x = randomInterval(&rng)
      // (name, pieces, point rule, whether it divides by x)
      let cases: [(String, IntervalUnion, (Double) -> Double, Bool)] = [
        ("tan", .tan(x), { Glibc.tan($0) }, false),
        ("1/x", .divide(Interval(1), x), { 1 / $0 }, true),
        ("-3/x", .divide(Interval(-3), x), { -3 / $0 }, true),
        ("floor", .steps(.floor(x)), { Glibc.floor($0) }, false),
        ("sign", .steps(.sign(x)), { $0 > 0 ? 1 : ($0 < 0 ? -1 : 0) }, false),
      ]
      for (name, u, f, divides) in cases {
        for p in samplePoints(x, &rng, count: 12) where !(divides && p == 0) {
          let v = f(p)
          if v.isFinite && !unionHolds(u, v) && failures < 5 {
            failures += 1
            Issue.record("seed \(seed): \(name) over \(x) -> \(u), but at \(p) -> \(v)")
          }
        }
      }
    }
    #expect(failures == 0)
  }
}
