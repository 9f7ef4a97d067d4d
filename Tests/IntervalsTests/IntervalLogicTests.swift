import Intervals
import Testing

@Suite struct IntervalLogicTests {
  @Test func comparisons() {
    expectInterval(Interval.less(Interval(0, 1), Interval(2, 3)), 1, 1)
    expectInterval(Interval.less(Interval(2, 3), Interval(0, 2)), 0, 0)
    expectInterval(Interval.less(Interval(0, 2), Interval(1, 3)), 0, 1, continuous: false)
    expectInterval(Interval.lessOrEqual(Interval(0, 2), Interval(2, 3)), 1, 1)
    expectInterval(Interval.less(Interval(0, 2), Interval(2, 3)), 0, 1, continuous: false)
    expectInterval(Interval.greater(Interval(5), Interval(1, 4)), 1, 1)
    expectInterval(Interval.greaterOrEqual(Interval(1, 4), Interval(4, 5)), 0, 1, continuous: false)
    expectInterval(Interval.equal(Interval(2), Interval(2)), 1, 1)
    expectInterval(Interval.equal(Interval(1, 2), Interval(3, 4)), 0, 0)
    expectInterval(Interval.equal(Interval(1, 2), Interval(2, 4)), 0, 1, continuous: false)
    expectInterval(Interval.notEqual(Interval(1, 2), Interval(3, 4)), 1, 1)
    expectInterval(Interval.notEqual(Interval(2), Interval(2)), 0, 0)
  }

  @Test func comparisonsWithEmptyActAsNaN() {
    expectInterval(Interval.less(.empty, Interval(1)), 0, 0, defined: false, continuous: false)
    expectInterval(Interval.notEqual(.empty, Interval(1)), 1, 1, defined: false, continuous: false)
    expectInterval(Interval.not(.empty), 0, 0, defined: false)
  }

  @Test func comparisonFlagsPropagate() {
    let partial = Interval(0, 1, isDefinedEverywhere: false)
    #expect(!Interval.less(partial, Interval(2)).isDefinedEverywhere)
  }

  @Test func logic() {
    expectInterval(Interval.not(Interval(0)), 1, 1)
    expectInterval(Interval.not(Interval(1, 2)), 0, 0)
    expectInterval(Interval.not(Interval(-1, 1)), 0, 1, continuous: false)
    expectInterval(Interval.and(Interval(1), Interval(2, 3)), 1, 1)
    expectInterval(Interval.and(Interval(0), Interval.empty), 0, 0)  // short circuit
    expectInterval(Interval.and(Interval(1), Interval(-1, 1)), 0, 1, continuous: false)
    expectInterval(Interval.and(Interval(-1, 1), Interval(0)), 0, 0, continuous: true)
    expectInterval(Interval.and(Interval(-1, 1), Interval(5)), 0, 1, continuous: false)
    expectInterval(Interval.or(Interval(3), Interval.empty), 1, 1)
    expectInterval(Interval.or(Interval(0), Interval(0)), 0, 0)
    expectInterval(Interval.or(Interval(-1, 1), Interval(2)), 1, 1, continuous: true)
    expectInterval(Interval.or(Interval(-1, 1), Interval(0)), 0, 1, continuous: false)
  }

  @Test func conditional() {
    let a = Interval(1, 2)
    let b = Interval(5, 6)
    expectInterval(Interval.conditional(Interval(1), then: a, otherwise: b), 1, 2)
    expectInterval(Interval.conditional(Interval(-3, -1), then: a, otherwise: b), 1, 2)
    expectInterval(Interval.conditional(Interval(0), then: a, otherwise: b), 5, 6)
    expectInterval(
      Interval.conditional(Interval(0, 1), then: a, otherwise: b), 1, 6, continuous: false)
    // The branch not taken may be undefined without harm.
    expectInterval(Interval.conditional(Interval(0), then: .empty, otherwise: b), 5, 6)
    // Undecided with an undefined branch: the other's bounds, not defined everywhere.
    expectInterval(
      Interval.conditional(Interval(0, 1), then: .empty, otherwise: b), 5, 6, defined: false,
      continuous: false)
    #expect(
      !Interval.conditional(Interval(1, 1, isDefinedEverywhere: false), then: a, otherwise: b)
        .isDefinedEverywhere)
  }
}
