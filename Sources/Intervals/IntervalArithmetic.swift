import Glibc

// The four operations, negation, abs, min, max, sqr, hypot and the hull.
//
// Every rule follows the same conventions (T. Tupper, "Reliable Two-Dimensional Graphing
// Methods for Mathematical Formulae with Two Free Variables", SIGGRAPH 2001, section 3;
// and the interval-arithmetic npm package used by function-plot):
// - an empty operand gives an empty result (defined nowhere);
// - the result's `isDefinedEverywhere` is the conjunction of the operands' and the rule's own,
//   and `isContinuous` likewise;
// - bounds are rounded outward (see `Round`), so the result holds the exact real result and
//   also the round-to-nearest value that a point evaluator computes at any point of the input.

extension Interval {
  /// `Interval(lo, hi)` with the flags, or `.empty` when a bound is NaN or `lo > hi`.
  @inlinable
  static func make(_ lo: Double, _ hi: Double, def: Bool, cont: Bool) -> Interval {
    guard lo <= hi else { return .empty }
    return Interval(lo, hi, isDefinedEverywhere: def, isContinuous: cont)
  }

  /// This interval with its flags and-ed with `def` and `cont`; empty stays `.empty`.
  @inlinable
  func flagged(def: Bool, cont: Bool) -> Interval {
    if isEmpty { return .empty }
    return Interval(
      lo, hi, isDefinedEverywhere: isDefinedEverywhere && def, isContinuous: isContinuous && cont)
  }

  /// Whether `lo == hi` (one point).
  @inlinable
  var isPoint: Bool { lo == hi }

  /// The smallest interval holding `a` and `b` (the union hull).
  ///
  /// Flags: both operands' flags and-ed. An empty operand contributes no bounds but makes the
  /// result not defined everywhere (part of the input is undefined). Both empty: `.empty`.
  public static func hull(_ a: Interval, _ b: Interval) -> Interval {
    if a.isEmpty { return b.flagged(def: false, cont: false) }
    if b.isEmpty { return a.flagged(def: false, cont: false) }
    return Interval(
      Swift.min(a.lo, b.lo), Swift.max(a.hi, b.hi),
      isDefinedEverywhere: a.isDefinedEverywhere && b.isDefinedEverywhere,
      isContinuous: a.isContinuous && b.isContinuous)
  }

  /// Negation `[-hi, -lo]` (exact).
  public static prefix func - (x: Interval) -> Interval {
    if x.isEmpty { return .empty }
    return Interval(
      -x.hi, -x.lo, isDefinedEverywhere: x.isDefinedEverywhere, isContinuous: x.isContinuous)
  }

  /// Sum `[a.lo + b.lo, a.hi + b.hi]`, rounded outward.
  ///
  /// When one operand reaches `+inf` and the other `-inf`, `inf + -inf` (NaN) may occur:
  /// `isDefinedEverywhere` is cleared, and a NaN bound widens to the whole line on its side.
  public static func + (a: Interval, b: Interval) -> Interval {
    if a.isEmpty || b.isEmpty { return .empty }
    var lo = Round.addDown(a.lo, b.lo)
    var hi = Round.addUp(a.hi, b.hi)
    // inf + -inf is NaN: possible when one operand reaches +inf and the other -inf.
    var def =
      a.isDefinedEverywhere && b.isDefinedEverywhere
      && !(a.hi == .infinity && b.lo == -.infinity) && !(a.lo == -.infinity && b.hi == .infinity)
    if lo.isNaN || hi.isNaN {
      if lo.isNaN && hi.isNaN { return .empty }
      def = false
      if lo.isNaN { lo = -.infinity }
      if hi.isNaN { hi = .infinity }
    }
    return Interval(
      lo, hi, isDefinedEverywhere: def, isContinuous: a.isContinuous && b.isContinuous)
  }

  /// Difference `a + (-b)`: `[a.lo - b.hi, a.hi - b.lo]`, rounded outward.
  public static func - (a: Interval, b: Interval) -> Interval { a + (-b) }

  /// Product: the least and greatest of the four corner products, rounded outward, with the
  /// bound convention `0 * inf = 0` (Moore, *Interval Analysis*, 1966; IEEE 1788-2015 table
  /// of `mul`). When one operand holds 0 and the other reaches an infinity, `0 * inf` (NaN)
  /// may occur, so `isDefinedEverywhere` is cleared.
  ///
  /// The corners are chosen by the operands' signs (Moore's nine cases), so only the two
  /// products that bound the result are computed (four when both operands hold 0); the
  /// result equals that of all four corners (`cornerProduct`, tested against it).
  public static func * (a: Interval, b: Interval) -> Interval {
    if a.isEmpty || b.isEmpty { return .empty }
    let lo: Double
    let hi: Double
    if a.lo >= 0 {
      if b.lo >= 0 {
        lo = Round.mulDown(a.lo, b.lo)
        hi = Round.mulUp(a.hi, b.hi)
      } else if b.hi <= 0 {
        lo = Round.mulDown(a.hi, b.lo)
        hi = Round.mulUp(a.lo, b.hi)
      } else {
        lo = Round.mulDown(a.hi, b.lo)
        hi = Round.mulUp(a.hi, b.hi)
      }
    } else if a.hi <= 0 {
      if b.lo >= 0 {
        lo = Round.mulDown(a.lo, b.hi)
        hi = Round.mulUp(a.hi, b.lo)
      } else if b.hi <= 0 {
        lo = Round.mulDown(a.hi, b.hi)
        hi = Round.mulUp(a.lo, b.lo)
      } else {
        lo = Round.mulDown(a.lo, b.hi)
        hi = Round.mulUp(a.lo, b.lo)
      }
    } else if b.lo >= 0 {
      lo = Round.mulDown(a.lo, b.hi)
      hi = Round.mulUp(a.hi, b.hi)
    } else if b.hi <= 0 {
      lo = Round.mulDown(a.hi, b.lo)
      hi = Round.mulUp(a.lo, b.lo)
    } else {
      lo = Swift.min(Round.mulDown(a.lo, b.hi), Round.mulDown(a.hi, b.lo))
      hi = Swift.max(Round.mulUp(a.lo, b.lo), Round.mulUp(a.hi, b.hi))
    }
    return product(a, b, lo, hi)
  }

  /// The product by all four corner products (the definition `*` is tested against).
  static func cornerProduct(_ a: Interval, _ b: Interval) -> Interval {
    if a.isEmpty || b.isEmpty { return .empty }
    let lo = Swift.min(
      Swift.min(Round.mulDown(a.lo, b.lo), Round.mulDown(a.lo, b.hi)),
      Swift.min(Round.mulDown(a.hi, b.lo), Round.mulDown(a.hi, b.hi)))
    let hi = Swift.max(
      Swift.max(Round.mulUp(a.lo, b.lo), Round.mulUp(a.lo, b.hi)),
      Swift.max(Round.mulUp(a.hi, b.lo), Round.mulUp(a.hi, b.hi)))
    return product(a, b, lo, hi)
  }

  /// The product with bounds `lo` and `hi`, and its flags.
  @inline(__always)
  static func product(_ a: Interval, _ b: Interval, _ lo: Double, _ hi: Double) -> Interval {
    // 0 * inf is NaN: possible when one operand holds 0 and the other reaches infinity.
    let zeroTimesInfinity =
      a.contains(0) && (b.lo == -.infinity || b.hi == .infinity)
      || b.contains(0) && (a.lo == -.infinity || a.hi == .infinity)
    return make(
      lo, hi, def: a.isDefinedEverywhere && b.isDefinedEverywhere && !zeroTimesInfinity,
      cont: a.isContinuous && b.isContinuous)
  }

  /// Quotient `a / b` with Tupper's rules for a divisor that holds 0.
  ///
  /// - `0` not in `b`: the least and greatest corner quotients, rounded outward (a corner
  ///   `inf / inf` is skipped, clears `isDefinedEverywhere` and adds 0, the value of the
  ///   numerator's finite values over that infinite bound).
  /// - `b == [0, 0]`: empty for `a == [0, 0]` (`0 / 0` is NaN); otherwise `[-inf, inf]`,
  ///   not defined everywhere and not continuous, because the point evaluator gives `x / 0 =
  ///   +-inf` and a later step may make that finite (`atan(1 / 0)` is `pi/2`), so an empty
  ///   result would miss a finite point value.
  /// - `0` strictly inside `b`: `[-inf, inf]`, not continuous (a pole may lie inside).
  /// - `b = [0, h]`: the one-sided hull, e.g. `[1, 2] / [0, 4]` is `[1/4, inf]`; not
  ///   continuous unless `a` is `[0, 0]`. (Zeros are taken as `+0`, IEEE's usual zero: a
  ///   `-0` divisor would give the other infinity.)
  /// - `b = [l, 0]`: `[-inf, inf]`, not continuous: `a / b` tends to one infinity as `b`
  ///   rises to 0, while at `b = +0` IEEE gives the other.
  /// In every case where `b` holds 0, `isDefinedEverywhere` is false (the division by zero).
  /// After Tupper 2001, section 3.1, and Hickey, Ju and van Emden, "Interval arithmetic:
  /// from principles to implementation", JACM 2001 (extended division).
  public static func / (a: Interval, b: Interval) -> Interval {
    if a.isEmpty || b.isEmpty { return .empty }
    var def = a.isDefinedEverywhere && b.isDefinedEverywhere
    let cont = a.isContinuous && b.isContinuous
    if b.lo > 0 || b.hi < 0 {
      var lo = Double.infinity
      var hi = -Double.infinity
      var sawInfinityOverInfinity = false
      func corner(_ n: Double, _ d: Double) {
        let qd = Round.divDown(n, d)
        if qd.isNaN {
          def = false
          sawInfinityOverInfinity = true
          return
        }
        lo = Swift.min(lo, qd)
        hi = Swift.max(hi, Round.divUp(n, d))
      }
      corner(a.lo, b.lo)
      corner(a.lo, b.hi)
      corner(a.hi, b.lo)
      corner(a.hi, b.hi)
      // A skipped `inf / inf` corner: when the numerator also has finite values, they
      // divided by that infinite bound give 0.
      if sawInfinityOverInfinity && !a.isPoint {
        lo = Swift.min(lo, 0)
        hi = Swift.max(hi, 0)
      }
      return make(lo, hi, def: def, cont: cont)
    }
    if a.lo == 0 && a.hi == 0 && b.lo == 0 && b.hi == 0 { return .empty }
    if b.lo == 0 && b.hi == 0 {
      // x / 0 is +-inf in IEEE arithmetic (the sign follows the zero's sign, which an
      // interval does not keep): only infinities, which later steps may turn into finite
      // values (`atan(1/0)`), so the hull of both, defined nowhere as a real number.
      return Interval(-.infinity, .infinity, isDefinedEverywhere: false, isContinuous: false)
    }
    if a.lo == 0 && a.hi == 0 {
      return Interval(
        0, 0, isDefinedEverywhere: false, isContinuous: cont && !(b.lo < 0 && b.hi > 0))
    }
    def = false
    if b.lo < 0 && b.hi > 0 {
      return Interval(-.infinity, .infinity, isDefinedEverywhere: false, isContinuous: false)
    }
    if b.lo == 0 {  // b = [0, h], h > 0: a / (0, h]
      if a.lo >= 0 {
        return Interval(
          Round.divDown(a.lo, b.hi).clampedNaN(0), .infinity, isDefinedEverywhere: false,
          isContinuous: false)
      }
      if a.hi <= 0 {
        return Interval(
          -.infinity, Round.divUp(a.hi, b.hi).clampedNaN(0), isDefinedEverywhere: false,
          isContinuous: false)
      }
      return Interval(-.infinity, .infinity, isDefinedEverywhere: false, isContinuous: false)
    }
    // b = [l, 0], l < 0: a / [l, 0) tends to one infinity, but at b = +0 (the usual zero)
    // IEEE gives the other one, so both are held.
    return Interval(-.infinity, .infinity, isDefinedEverywhere: false, isContinuous: false)
  }

  /// `|x|`: `x` when `x >= 0`, `-x` when `x <= 0`, else `[0, max(-lo, hi)]` (exact).
  public static func abs(_ x: Interval) -> Interval {
    if x.isEmpty { return .empty }
    if x.lo >= 0 { return x }
    if x.hi <= 0 { return -x }
    return Interval(
      0, Swift.max(-x.lo, x.hi), isDefinedEverywhere: x.isDefinedEverywhere,
      isContinuous: x.isContinuous)
  }

  /// The lesser of two: `[min(a.lo, b.lo), min(a.hi, b.hi)]` (exact). Empty when either is
  /// empty (the point evaluator's `min` returns NaN when an argument is NaN).
  public static func min(_ a: Interval, _ b: Interval) -> Interval {
    if a.isEmpty || b.isEmpty { return .empty }
    return Interval(
      Swift.min(a.lo, b.lo), Swift.min(a.hi, b.hi),
      isDefinedEverywhere: a.isDefinedEverywhere && b.isDefinedEverywhere,
      isContinuous: a.isContinuous && b.isContinuous)
  }

  /// The greater of two: `[max(a.lo, b.lo), max(a.hi, b.hi)]` (exact). Empty when either is
  /// empty.
  public static func max(_ a: Interval, _ b: Interval) -> Interval {
    if a.isEmpty || b.isEmpty { return .empty }
    return Interval(
      Swift.max(a.lo, b.lo), Swift.max(a.hi, b.hi),
      isDefinedEverywhere: a.isDefinedEverywhere && b.isDefinedEverywhere,
      isContinuous: a.isContinuous && b.isContinuous)
  }

  /// The least of the arguments: `[min of lo, min of hi]` (exact). Empty when any argument
  /// is empty (the point evaluator's `min` returns NaN when an argument is NaN), and for no
  /// arguments.
  public static func min(_ xs: [Interval]) -> Interval {
    guard var r = xs.first, !r.isEmpty else { return .empty }
    for x in xs.dropFirst() { r = min(r, x) }
    return r
  }

  /// The least of the arguments; see `min(_: [Interval])`.
  public static func min(_ first: Interval, _ rest: Interval...) -> Interval { min([first] + rest) }

  /// The greatest of the arguments: `[max of lo, max of hi]` (exact). Empty when any
  /// argument is empty, and for no arguments.
  public static func max(_ xs: [Interval]) -> Interval {
    guard var r = xs.first, !r.isEmpty else { return .empty }
    for x in xs.dropFirst() { r = max(r, x) }
    return r
  }

  /// The greatest of the arguments; see `max(_: [Interval])`.
  public static func max(_ first: Interval, _ rest: Interval...) -> Interval { max([first] + rest) }

  /// `x * x` without the dependency problem: `[0, max^2]` when 0 is in `x`, else the squares
  /// of the endpoints in order, rounded outward (Moore 1966, the even power rule).
  public static func sqr(_ x: Interval) -> Interval {
    let m = abs(x)
    if m.isEmpty { return .empty }
    return make(
      Round.mulDown(m.lo, m.lo), Round.mulUp(m.hi, m.hi), def: m.isDefinedEverywhere,
      cont: m.isContinuous)
  }

  /// `sqrt(a^2 + b^2)` (C's `hypot`): increasing in `|a|` and `|b|`, so
  /// `[hypot(min|a|, min|b|), hypot(max|a|, max|b|)]`, 2 ulps outward (glibc's `hypot` is
  /// within 1 ulp).
  public static func hypot(_ a: Interval, _ b: Interval) -> Interval {
    let x = abs(a)
    let y = abs(b)
    if x.isEmpty || y.isEmpty { return .empty }
    let lo = (x.lo == 0 && y.lo == 0) ? 0 : Swift.max(0, Round.down(Glibc.hypot(x.lo, y.lo)))
    let hi = Round.up(Glibc.hypot(x.hi, y.hi))
    return make(
      lo, hi, def: x.isDefinedEverywhere && y.isDefinedEverywhere,
      cont: x.isContinuous && y.isContinuous)
  }
}

extension Double {
  /// `self`, or `value` when `self` is NaN.
  @inlinable
  func clampedNaN(_ value: Double) -> Double { isNaN ? value : self }
}
