// Comparisons, logic and the conditional over intervals.
//
// Truth values are `[0, 0]` (certainly false), `[1, 1]` (certainly true) or `[0, 1]`
// (undecided: both may occur in the input, so the value may jump; not continuous). After
// Tupper 2001, section 3.3 (relations give the booleans of his three-valued logic).
//
// An empty operand stands for NaN, as the point evaluator sees it: every comparison with NaN
// is false (`!=` is true), `not NaN` is 0, and a NaN test counts as true (`NaN != 0`). The
// result is then not defined everywhere.

extension Interval {
  /// The truth value `[v, v]` with the operands' flags (and `def` false when one is empty).
  @inlinable
  static func truthValue(_ v: Double, _ a: Interval, _ b: Interval) -> Interval {
    Interval(
      v, v,
      isDefinedEverywhere: a.isDefinedEverywhere && b.isDefinedEverywhere && !a.isEmpty
        && !b.isEmpty,
      isContinuous: a.isContinuous && b.isContinuous)
  }

  /// `[0, 1]`, undecided: not continuous.
  @inlinable
  static func undecided(_ a: Interval, _ b: Interval) -> Interval {
    Interval(
      0, 1, isDefinedEverywhere: a.isDefinedEverywhere && b.isDefinedEverywhere, isContinuous: false
    )
  }

  /// `a < b`: `[1, 1]` when `a.hi < b.lo`, `[0, 0]` when `a.lo >= b.hi`, else `[0, 1]`.
  public static func less(_ a: Interval, _ b: Interval) -> Interval {
    if a.isEmpty || b.isEmpty { return truthValue(0, a, b) }
    if a.hi < b.lo { return truthValue(1, a, b) }
    if a.lo >= b.hi { return truthValue(0, a, b) }
    return undecided(a, b)
  }

  /// `a <= b`: `[1, 1]` when `a.hi <= b.lo`, `[0, 0]` when `a.lo > b.hi`, else `[0, 1]`.
  public static func lessOrEqual(_ a: Interval, _ b: Interval) -> Interval {
    if a.isEmpty || b.isEmpty { return truthValue(0, a, b) }
    if a.hi <= b.lo { return truthValue(1, a, b) }
    if a.lo > b.hi { return truthValue(0, a, b) }
    return undecided(a, b)
  }

  /// `a > b`, that is `b < a`.
  public static func greater(_ a: Interval, _ b: Interval) -> Interval { less(b, a) }

  /// `a >= b`, that is `b <= a`.
  public static func greaterOrEqual(_ a: Interval, _ b: Interval) -> Interval { lessOrEqual(b, a) }

  /// `a == b`: `[1, 1]` when both are the same point, `[0, 0]` when they are disjoint, else
  /// `[0, 1]`.
  public static func equal(_ a: Interval, _ b: Interval) -> Interval {
    if a.isEmpty || b.isEmpty { return truthValue(0, a, b) }
    if a.isPoint && b.isPoint && a.lo == b.lo { return truthValue(1, a, b) }
    if a.hi < b.lo || b.hi < a.lo { return truthValue(0, a, b) }
    return undecided(a, b)
  }

  /// `a != b`: the negation of `equal` (true when either is empty, as `NaN != NaN`).
  public static func notEqual(_ a: Interval, _ b: Interval) -> Interval {
    if a.isEmpty || b.isEmpty { return truthValue(1, a, b) }
    let e = equal(a, b)
    return Interval(
      1 - e.hi, 1 - e.lo, isDefinedEverywhere: e.isDefinedEverywhere, isContinuous: e.isContinuous)
  }

  /// The truth of `x` as the point evaluator tests it (`x != 0`): `[0, 0]` for `[0, 0]`,
  /// `[1, 1]` when 0 is not in `x` (or `x` is empty, as NaN), else `[0, 1]`, not continuous.
  public static func truth(_ x: Interval) -> Interval { notEqual(x, Interval(0)) }

  /// Logical not (`x == 0`): `[1, 1]` for `[0, 0]`, `[0, 0]` when 0 is not in `x` or `x` is
  /// empty, else `[0, 1]`, not continuous.
  public static func not(_ x: Interval) -> Interval {
    if x.isEmpty { return Interval(0, 0, isDefinedEverywhere: false, isContinuous: true) }
    return equal(x, Interval(0))
  }

  /// `a && b`, short-circuit as the point evaluator: where `a` is 0 the result is 0 and `b`
  /// does not matter; elsewhere it is the truth of `b`.
  ///
  /// `a` certainly 0: `[0, 0]` with `a`'s flags. `a` certainly nonzero: `truth(b)`. Undecided:
  /// the hull of 0 and `truth(b)`, not continuous unless that is `[0, 0]`.
  public static func and(_ a: Interval, _ b: Interval) -> Interval {
    let ta = truth(a)
    if ta.hi == 0 { return ta }
    let tb = truth(b)
    if ta.lo == 1 { return tb.flagged(def: ta.isDefinedEverywhere, cont: ta.isContinuous) }
    return Interval(
      0, tb.hi, isDefinedEverywhere: ta.isDefinedEverywhere && tb.isDefinedEverywhere,
      isContinuous: tb.hi == 0 && a.isContinuous && tb.isContinuous)
  }

  /// `a || b`, short-circuit: where `a` is nonzero the result is 1; elsewhere the truth of
  /// `b`. `a` certainly nonzero: `[1, 1]` with `a`'s flags. Certainly 0: `truth(b)`.
  /// Undecided: the hull of 1 and `truth(b)`, not continuous unless that is `[1, 1]`.
  public static func or(_ a: Interval, _ b: Interval) -> Interval {
    let ta = truth(a)
    if ta.lo == 1 { return ta }
    let tb = truth(b)
    if ta.hi == 0 { return tb.flagged(def: ta.isDefinedEverywhere, cont: ta.isContinuous) }
    return Interval(
      tb.lo, 1, isDefinedEverywhere: ta.isDefinedEverywhere && tb.isDefinedEverywhere,
      isContinuous: tb.lo == 1 && a.isContinuous && tb.isContinuous)
  }

  /// The conditional `test ? then : otherwise`, with `test` true where it is nonzero.
  ///
  /// `test` certainly nonzero (or empty, NaN counting as true): `then` with the test's flags;
  /// `test == [0, 0]`: `otherwise`; undecided: the hull of both branches, not continuous
  /// (Tupper 2001; function-plot's interval sampler does the same for piecewise functions).
  public static func conditional(_ test: Interval, then: Interval, otherwise: Interval) -> Interval
  {
    let t = truth(test)
    if t.lo == 1 { return then.flagged(def: t.isDefinedEverywhere, cont: t.isContinuous) }
    if t.hi == 0 { return otherwise.flagged(def: t.isDefinedEverywhere, cont: t.isContinuous) }
    return hull(then, otherwise).flagged(def: t.isDefinedEverywhere, cont: false)
  }
}
