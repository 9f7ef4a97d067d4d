import Glibc

/// A union of at most two intervals: the enclosure of a function over an input where one
/// pole or jump splits its values in two, as `tan` over `[1.5, 1.6]` is
/// `[tan 1.5, +inf] ∪ [-inf, tan 1.6]`, which excludes 0 though its hull is the whole line.
///
/// After T. Tupper, "Reliable Two-Dimensional Graphing Methods for Mathematical Formulae with
/// Two Free Variables", SIGGRAPH 2001, section 3.2 (interval sets, for functions with
/// discontinuities), and the graphest project's `TupperIntervalSet`, reduced here to two
/// pieces and without its branch tags: every operation is applied to each combination of
/// its operands' pieces (sound, since a point's value lies in some piece of each operand),
/// and when more than two pieces result, the two closest are joined by their hull.
///
/// The pieces are sorted and disjoint; each carries Tupper's flags for its part, and the
/// union's flags are their conjunction (a split makes both false: the pole or the jump is in
/// the input). An empty union means the function is defined nowhere in the input. The
/// relation solver uses a union only to prove that an atom holds nowhere in a box.
public struct IntervalUnion: Sendable, Hashable, CustomStringConvertible {
  /// The lower piece (or the only one); empty when the union is.
  public private(set) var first: Interval
  /// The upper piece, above `first` and apart from it; empty when there is one piece.
  public private(set) var second: Interval

  /// The union of one interval.
  public init(_ piece: Interval) {
    first = piece.isEmpty ? .empty : piece
    second = .empty
  }

  /// The union of `a` and `b`, as at most two sorted, disjoint pieces (overlapping ones
  /// joined by their hull). An empty operand beside a non-empty one makes the result not
  /// defined everywhere (as `Interval.hull`).
  public init(_ a: Interval, _ b: Interval) {
    var u = IntervalUnion(a)
    u.formUnion(b)
    self = u
  }

  /// Whether the two unions have the same pieces (bounds and flags); all empty unions are
  /// equal.
  public static func == (a: IntervalUnion, b: IntervalUnion) -> Bool { a.pieces == b.pieces }

  /// Hashes the pieces (as `==` compares them).
  public func hash(into hasher: inout Hasher) {
    for p in pieces {
      hasher.combine(p.lo)
      hasher.combine(p.hi)
      hasher.combine(p.isDefinedEverywhere)
      hasher.combine(p.isContinuous)
    }
  }

  /// The union that is defined nowhere.
  public static let empty = IntervalUnion(Interval.empty)

  /// Whether the union holds no value.
  public var isEmpty: Bool { first.isEmpty }

  /// The smallest interval holding every piece, flags and-ed.
  public var hull: Interval { second.isEmpty ? first : Interval.hull(first, second) }

  /// Whether the function is defined at every point of the input (every piece's flag).
  public var isDefinedEverywhere: Bool {
    first.isDefinedEverywhere && (second.isEmpty || second.isDefinedEverywhere)
  }

  /// Whether the function is continuous over the whole input (every piece's flag).
  public var isContinuous: Bool {
    first.isContinuous && (second.isEmpty || second.isContinuous)
  }

  /// The pieces, lower first (none, one or two).
  public var pieces: [Interval] {
    if first.isEmpty { return [] }
    return second.isEmpty ? [first] : [first, second]
  }

  /// `[a, b]` or `[a, b] ∪ [c, d]`, with the flags of each piece.
  public var description: String {
    second.isEmpty ? first.description : first.description + " ∪ " + second.description
  }

  /// Adds `piece` to the union: joined with the piece it overlaps, or kept apart when there
  /// is room, else the closest two of the three are joined. An empty `piece` added to a
  /// non-empty union clears `isDefinedEverywhere`; a piece added to an empty union becomes
  /// its only piece.
  public mutating func formUnion(_ piece: Interval) {
    if piece.isEmpty {
      if !first.isEmpty { clearDefined() }
      return
    }
    if first.isEmpty {  // the start of a fold (`union` flags a computed empty one)
      first = piece
      return
    }
    var parts = [first, piece]
    if !second.isEmpty { parts.append(second) }
    parts.sort { $0.lo < $1.lo }
    // Join overlapping (or touching) neighbours.
    var joined: [Interval] = []
    for p in parts {
      if let last = joined.last, p.lo <= last.hi {
        joined[joined.count - 1] = Interval.hull(last, p)
      } else {
        joined.append(p)
      }
    }
    // More than two: join the pair with the smallest gap.
    while joined.count > 2 {
      var best = 0
      var gap = Double.infinity
      for i in 0..<(joined.count - 1) {
        let g = joined[i + 1].lo - joined[i].hi
        if !(g >= gap) {
          gap = g
          best = i
        }
      }
      joined[best] = Interval.hull(joined[best], joined[best + 1])
      joined.remove(at: best + 1)
    }
    first = joined[0]
    second = joined.count > 1 ? joined[1] : .empty
  }

  /// Clears `isDefinedEverywhere` on every piece.
  mutating func clearDefined() {
    first.isDefinedEverywhere = false
    if !second.isEmpty { second.isDefinedEverywhere = false }
  }

  /// `f` applied to each piece, the results united.
  public func map(_ f: (Interval) -> Interval) -> IntervalUnion {
    if second.isEmpty { return IntervalUnion(f(first)) }
    return IntervalUnion(f(first), f(second))
  }

  /// `f` applied to each piece, each result a union, all united.
  public func flatMap(_ f: (Interval) -> IntervalUnion) -> IntervalUnion {
    let a = f(first)
    if second.isEmpty { return a }
    return a.union(f(second))
  }

  /// This union with every piece of `other` added.
  public func union(_ other: IntervalUnion) -> IntervalUnion {
    if other.isEmpty {
      var u = self
      if !u.isEmpty { u.clearDefined() }
      return u
    }
    if isEmpty { return other.flagged(def: false) }
    var u = self
    u.formUnion(other.first)
    if !other.second.isEmpty { u.formUnion(other.second) }
    return u
  }

  /// This union with `isDefinedEverywhere` and-ed with `def` on every piece.
  func flagged(def: Bool) -> IntervalUnion {
    var u = self
    if !def { u.clearDefined() }
    return u
  }

  /// `f` applied to each combination of a piece of `a` and a piece of `b`, united.
  public static func combine(
    _ a: IntervalUnion, _ b: IntervalUnion, _ f: (Interval, Interval) -> Interval
  ) -> IntervalUnion {
    combineSplitting(a, b) { IntervalUnion(f($0, $1)) }
  }

  /// `f`, whose result may be two pieces, applied to each combination of a piece of `a` and
  /// a piece of `b`, united; a combination that is defined nowhere makes the result not
  /// defined everywhere (as `Interval.hull` does).
  public static func combineSplitting(
    _ a: IntervalUnion, _ b: IntervalUnion, _ f: (Interval, Interval) -> IntervalUnion
  ) -> IntervalUnion {
    // (An empty operand is its one piece, `.empty`: some rules, `&&` for one, give a value
    // beside an operand that has none.)
    if a.second.isEmpty && b.second.isEmpty { return f(a.first, b.first) }
    var u = IntervalUnion.empty
    var sawEmpty = false
    let ap = a.isEmpty ? [Interval.empty] : a.pieces
    let bp = b.isEmpty ? [Interval.empty] : b.pieces
    for x in ap {
      for y in bp {
        let r = f(x, y)
        if r.isEmpty {
          sawEmpty = true
        } else {
          u.formUnion(r.first)
          if !r.second.isEmpty { u.formUnion(r.second) }
        }
      }
    }
    return u.flagged(def: !sawEmpty)
  }
}

extension Interval {
  /// This interval with `isDefinedEverywhere` false (empty stays empty): the result of an
  /// operation that may be undefined at some point of the input.
  public var notDefinedEverywhere: Interval { flagged(def: false, cont: true) }
}

// The rules that split: a pole or a step inside the input gives two pieces.

extension IntervalUnion {
  /// The tangent over `x`. When `x` is narrower than 1.5 (less than half the period, so it
  /// holds at most one pole `p`) and `tan(lo) > tan(hi)` (a pole is inside: tan increases
  /// between poles), the values are `[tan lo, +inf)` on `[lo, p)` and `(-inf, tan hi]` on
  /// `(p, hi]`: two pieces, 2 ulps outward, neither defined everywhere nor continuous.
  /// (Should rounding alone reverse the two endpoint values, the second piece still holds
  /// every value between them.) Otherwise `Interval.tan`.
  public static func tan(_ x: Interval) -> IntervalUnion {
    let plain = Interval.tan(x)
    guard !x.isEmpty, plain.lo == -.infinity, plain.hi == .infinity, x.lo.isFinite,
      x.hi.isFinite, x.hi - x.lo < 1.5
    else { return IntervalUnion(plain) }
    let a = Glibc.tan(x.lo)
    let b = Glibc.tan(x.hi)
    guard a > b, a.isFinite, b.isFinite else { return IntervalUnion(plain) }
    return IntervalUnion(
      Interval(-.infinity, Round.up(b), isDefinedEverywhere: false, isContinuous: false),
      Interval(Round.down(a), .infinity, isDefinedEverywhere: false, isContinuous: false))
  }

  /// The quotient `a / b` where the divisor may be 0: the values over the negative part of
  /// `b` and over its positive part, as two pieces, when `a` has one sign (`1 / [-1, 2]` is
  /// `[-inf, -1] ∪ [0.5, inf]`). A zero divisor gives no value (a division by zero has none
  /// among the reals; the pieces are not defined everywhere, and not continuous): so
  /// `1 / [-1, 0]` is `[-inf, -1]`, and `a / [0, 0]` is empty. Where `b` excludes 0, or `a`
  /// holds 0, `Interval./`.
  ///
  /// Over `b` from `l < 0` up to 0 (excluded), `a / b` for `a > 0` runs from `-inf` up to
  /// `a.lo / l`; over `(0, h]`, from `a.lo / h` up to `+inf`; mirrored for `a < 0`.
  public static func divide(_ a: Interval, _ b: Interval) -> IntervalUnion {
    guard !a.isEmpty, !b.isEmpty, b.lo <= 0, b.hi >= 0, a.lo > 0 || a.hi < 0 else {
      return IntervalUnion(a / b)
    }
    let positive = a.lo > 0
    let n = positive ? a.lo : a.hi  // the numerator nearest 0 bounds both pieces
    var u = IntervalUnion.empty
    if b.lo < 0 {
      let q = positive ? Round.divUp(n, b.lo) : Round.divDown(n, b.lo)
      u.formUnion(
        positive
          ? Interval(-.infinity, q.isNaN ? 0 : q, isDefinedEverywhere: false, isContinuous: false)
          : Interval(q.isNaN ? 0 : q, .infinity, isDefinedEverywhere: false, isContinuous: false))
    }
    if b.hi > 0 {
      let q = positive ? Round.divDown(n, b.hi) : Round.divUp(n, b.hi)
      u.formUnion(
        positive
          ? Interval(q.isNaN ? 0 : q, .infinity, isDefinedEverywhere: false, isContinuous: false)
          : Interval(-.infinity, q.isNaN ? 0 : q, isDefinedEverywhere: false, isContinuous: false))
    }
    return u
  }

  /// A non-decreasing integer-valued step function (`floor`, `ceil`, `round`, `trunc`,
  /// `sign`) over `x`, whose plain enclosure is `[k, m]` (`Interval.step`): the values are
  /// integers from k to m, so `{k} ∪ [k + 1, m]`, two pieces when `m > k` (both not
  /// continuous: a step is in `x`). `floor([0.9, 1.1])` is `{0} ∪ {1}`.
  public static func steps(_ plain: Interval) -> IntervalUnion {
    guard !plain.isEmpty, plain.lo < plain.hi, plain.lo.isFinite, plain.hi.isFinite,
      Swift.abs(plain.lo) < 0x1p52, plain.lo.rounded(.down) == plain.lo
    else { return IntervalUnion(plain) }
    let def = plain.isDefinedEverywhere
    return IntervalUnion(
      Interval(plain.lo, plain.lo, isDefinedEverywhere: def, isContinuous: false),
      Interval(plain.lo + 1, plain.hi, isDefinedEverywhere: def, isContinuous: false))
  }

  /// `c ? a : b` over pieces: where the test may go either way, the pieces of both branches
  /// (not their hull), not continuous; otherwise the branch the test takes (as
  /// `Interval.conditional`).
  public static func conditional(
    _ test: Interval, then a: IntervalUnion, otherwise b: IntervalUnion
  ) -> IntervalUnion {
    let t = Interval.truth(test)
    if t.lo == 1 || t.hi == 0 {
      let branch = t.lo == 1 ? a : b
      return branch.map { $0.flagged(def: t.isDefinedEverywhere, cont: t.isContinuous) }
    }
    return a.union(b).map { $0.flagged(def: t.isDefinedEverywhere, cont: false) }
  }
}
