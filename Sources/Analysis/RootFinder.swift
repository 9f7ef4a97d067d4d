import CompiledFunctions
import Glibc
import Intervals

/// One root that `RootFinder` found.
public struct Root: Sendable, Hashable {
  /// The root, to the precision of a double (the midpoint of `enclosure`, or the exact zero).
  public var x: Double
  /// An interval that holds the root: for a proven root, one that holds exactly one root.
  public var enclosure: ClosedRange<Double>
  /// Whether the root is proven: an exact zero, or an enclosure in which interval Newton
  /// proved exactly one root. False: a root may be there (a double root, a tangency).
  public var isProven: Bool
}

/// What `RootFinder.roots` found in a range.
public struct RootReport: Sendable, Hashable {
  /// The roots, left to right.
  public var roots: [Root]
  /// Ranges the search could not settle: roots may hide there (budget spent, or a
  /// function the interval rules cannot resolve), left to right.
  public var unsettled: [ClosedRange<Double>]
  /// Ranges on which the function is exactly 0 (every point a root).
  public var zeroRanges: [ClosedRange<Double>]
  /// Smallest boxes where the function, or its derivative, is undefined or jumps (poles,
  /// steps, corners, domain edges): candidates for the corners of `extrema`.
  public var singular: [ClosedRange<Double>]
  /// Why the search stopped early, if it did.
  public var stop: AnalysisStop?
  /// How many boxes the search examined (the work `AnalysisBudget.maxBoxes` bounds).
  public var boxes: Int = 0
}

/// Every root of a function in a closed range, by interval Newton with bisection.
///
/// The range is split into boxes, left to right. A box is dropped when the enclosure of the
/// function over it (the interval program, intersected with the mean-value form
/// `f(m) + F'(X)(X - m)` where the function is smooth) excludes 0. Where the function is
/// continuous and the derivative's enclosure `F'(X)` excludes 0 (so the function is strictly
/// monotone on the box), the interval Newton operator `N(X) = m - f(m)/F'(X)` runs: `X ∩ N`
/// empty proves no root; `N` inside the interior of `X` proves exactly one root in
/// `X ∩ N` (R. E. Moore, R. B. Kearfott, M. J. Cloud, *Introduction to Interval Analysis*,
/// SIAM 2009, section 8.1), and iterating shrinks the enclosure to a few ulps. Other boxes
/// are bisected: smooth ones down to a relative width of 1e-9 (what is left with 0 in both
/// enclosures is a possible root: a double root or a tangency, refined by point Newton
/// steps), boxes where the function is undefined or jumps down to a few doubles (a sign
/// change across a pole or jump is never a root: DECISIONS.md). An exact zero (a double
/// where the function's enclosure is exactly [0, 0]) is a root; so are the range's ends.
///
/// Bounded by an `AnalysisBudget` (boxes, time, Ctrl-C); what is left unsettled is reported.
public enum RootFinder {
  /// Finds the roots of `f` in `[a, b]`.
  ///
  /// - Parameters:
  ///   - f: The function, compiled.
  ///   - derivative: Its derivative, compiled (nil when it has none: then no root is proven
  ///     unique, except exact zeros).
  ///   - a: The left end (finite).
  ///   - b: The right end (finite, `b >= a`).
  ///   - budget: The limits.
  /// - Returns: The roots and what was left unsettled.
  public static func roots(
    of f: PlotFunction, derivative: PlotFunction?, in a: Double, _ b: Double,
    budget: AnalysisBudget = .standard
  ) -> RootReport {
    var search = Search(f: f, df: derivative, meter: BudgetMeter(budget))
    search.range = Interval(Swift.min(a, b), Swift.max(a, b))
    search.run(a, b)
    return search.report()
  }
}

/// The state of one search.
struct Search {
  let f: PlotFunction
  let df: PlotFunction?
  var meter: BudgetMeter
  /// The whole search range: inflated boxes stay inside it.
  var range = Interval(-Double.infinity, Double.infinity)
  var proven: [Root] = []
  var possibleBoxes: [Interval] = []
  var singularBoxes: [Interval] = []
  var unsettledBoxes: [Interval] = []
  var zeroBoxes: [Interval] = []
  var exactZeros: [Double] = []

  /// How finely smooth boxes are bisected, relative to max(1, |x|).
  static let smoothWidth = 1e-9

  mutating func run(_ a: Double, _ b: Double) {
    for end in [a, b] where isExactZero(end) { exactZeros.append(end) }
    var stack: [Interval] = [Interval(a, b)]
    while let x = stack.popLast() {
      if meter.spend() {
        unsettledBoxes.append(x)
        unsettledBoxes += stack
        stack.removeAll()
        break
      }
      examine(x, &stack)
    }
  }

  /// Settles one box or pushes its halves (right first, so boxes run left to right).
  mutating func examine(_ x: Interval, _ stack: inout [Interval]) {
    let fx = f.enclosure(over: x)
    if fx.isEmpty || fx.lo > 0 || fx.hi < 0 { return }
    if fx.lo == 0 && fx.hi == 0 && fx.isDefinedEverywhere && fx.isContinuous {
      zeroBoxes.append(x)
      return
    }
    let smooth = fx.isDefinedEverywhere && fx.isContinuous
    if smooth, let df {
      let d = df.enclosure(over: x)
      if d.isDefinedEverywhere && d.isContinuous && !d.isEmpty && d.lo.isFinite && d.hi.isFinite {
        // The mean-value form: f(m) + F'(X) (X - m).
        let m = midpoint(x)
        let fm = f.enclosure(over: Interval(m))
        if !fm.isEmpty {
          let mv = fm + d * (x - Interval(m))
          if mv.lo > 0 || mv.hi < 0 { return }
        }
        if d.lo > 0 || d.hi < 0 {
          newton(x, d, &stack)
          return
        }
      }
    }
    let m = midpoint(x)
    // A box where f is continuous stops at the smooth width even when its derivative's
    // enclosure is of no use (unbounded near a singular derivative: bisecting such boxes to
    // a few ulps near 0 would take a thousand levels).
    if m <= x.lo || m >= x.hi || isSmallest(x, smooth: smooth) {
      settleSmallest(x, smooth: smooth)
      return
    }
    stack.append(Interval(m, x.hi))
    stack.append(Interval(x.lo, m))
  }

  /// Interval Newton on a box where the function is smooth and strictly monotone.
  mutating func newton(_ start: Interval, _ d0: Interval, _ stack: inout [Interval]) {
    var x = start
    var d = d0
    var isProven = false
    for _ in 0..<80 {
      let m = midpoint(x)
      let fm = f.enclosure(over: Interval(m))
      if fm.isEmpty { break }
      if fm.lo == 0 && fm.hi == 0 {
        exactZeros.append(m)
        return
      }
      let n = Interval(m) - fm / d
      let lo = Swift.max(x.lo, n.lo)
      let hi = Swift.min(x.hi, n.hi)
      if !(lo <= hi) { return }  // no root
      if n.lo > x.lo && n.hi < x.hi { isProven = true }
      if lo == x.lo && hi == x.hi { break }
      x = Interval(lo, hi)
      let next = df?.enclosure(over: x) ?? d
      if next.isDefinedEverywhere && next.isContinuous && (next.lo > 0 || next.hi < 0) { d = next }
    }
    if !isProven {
      // Strictly monotone and continuous: opposite signs at the ends prove one root.
      let l = f.enclosure(over: Interval(x.lo))
      let h = f.enclosure(over: Interval(x.hi))
      isProven = (l.hi < 0 && h.lo > 0) || (l.lo > 0 && h.hi < 0)
    }
    if isProven {
      proven.append(Root(x: nearest(in: x), enclosure: x.lo...x.hi, isProven: true))
      return
    }
    let m = midpoint(x)
    if m <= x.lo || m >= x.hi || isSmallest(x, smooth: true) {
      settleSmallest(x, smooth: true)
      return
    }
    stack.append(Interval(m, x.hi))
    stack.append(Interval(x.lo, m))
  }

  /// A box that cannot be split further: an exact zero in it is a root; a smooth box is a
  /// possible root; one where the function is undefined or jumps is a pole or jump (never a
  /// root) when the function is defined and nonzero at both ends, else unsettled.
  mutating func settleSmallest(_ x: Interval, smooth: Bool) {
    for c in candidates(x) where isExactZero(c) {
      exactZeros.append(c)
      return
    }
    if smooth {
      if let root = provenByInflation(x) {
        proven.append(root)
      } else {
        possibleBoxes.append(x)
      }
      return
    }
    singularBoxes.append(x)
    let l = f.enclosure(over: Interval(x.lo))
    let h = f.enclosure(over: Interval(x.hi))
    let nonzero = { (v: Interval) in !v.isEmpty && v.isDefinedEverywhere && (v.lo > 0 || v.hi < 0) }
    let undefined = { (v: Interval) in v.isEmpty || !v.isDefinedEverywhere }
    if nonzero(l) && nonzero(h) { return }
    // A pole or domain edge: undefined at one end (or both) and not 0 at the other.
    if undefined(l) && (nonzero(h) || undefined(h)) || undefined(h) && nonzero(l) { return }
    unsettledBoxes.append(x)
  }

  /// A root proven in a widened copy of a smallest smooth box, or nil. A simple root on a
  /// box's end (a bisection point: `cos(pi*x/180)` at 90 in [0, 360]) is never strictly
  /// inside the Newton image of either box beside it; ε-inflation (Rump, "Kleine
  /// Fehlerschranken bei Matrixproblemen", 1980; Moore's existence test) widens the box by
  /// its width each side (at least 8 ulps, at most twice, within the search range) and asks
  /// again: `N(X') = m - f(m)/F'(X')` strictly inside `X'`, with `F'(X')` excluding 0, proves
  /// exactly one root in `N(X') ∩ X'`. A double root (F' containing 0) stays possible.
  func provenByInflation(_ x: Interval) -> Root? {
    guard let df else { return nil }
    var box = x
    for _ in 0..<2 {
      let scale = Swift.max(Swift.abs(box.lo), Swift.abs(box.hi))
      let w = Swift.max(box.hi - box.lo, 8 * scale.ulp, .leastNormalMagnitude)
      box = Interval(Swift.max(range.lo, box.lo - w), Swift.min(range.hi, box.hi + w))
      let d = df.enclosure(over: box)
      guard d.isDefinedEverywhere && d.isContinuous && !d.isEmpty && (d.lo > 0 || d.hi < 0)
      else { return nil }
      let whole = f.enclosure(over: box)
      guard whole.isDefinedEverywhere && whole.isContinuous && !whole.isEmpty else { return nil }
      let m = midpoint(box)
      let fm = f.enclosure(over: Interval(m))
      if fm.isEmpty { return nil }
      let n = Interval(m) - fm / d
      if n.lo > box.lo && n.hi < box.hi {
        let enclosure = Interval(n.lo, n.hi)
        return Root(x: nearest(in: enclosure), enclosure: n.lo...n.hi, isProven: true)
      }
    }
    return nil
  }

  /// Points of a small box worth testing for an exact zero: its ends, its midpoint and the
  /// midpoint rounded to 1 to 15 significant digits (a root at 1 or 0.25 is found exactly).
  func candidates(_ x: Interval) -> [Double] {
    var points = [x.lo, x.hi, midpoint(x)]
    if x.lo <= 0 && 0 <= x.hi { points.append(0) }
    let m = midpoint(x)
    if m != 0, m.isFinite {
      let scale = Glibc.floor(Glibc.log10(Swift.abs(m)))
      for digits in 1...15 {
        let unit = Glibc.pow(10, scale - Double(digits - 1))
        let r = (m / unit).rounded() * unit
        if x.contains(r) { points.append(r) }
      }
    }
    return points
  }

  /// The double of a proven root's enclosure to report: one point Newton step from the
  /// midpoint, kept inside the enclosure (the enclosure is a few ulps wide, and the step's
  /// rounding picks the double nearest the root where the midpoint may be one off).
  func nearest(in x: Interval) -> Double {
    let m = midpoint(x)
    guard let df else { return m }
    let step = f.value(at: m) / df.value(at: m)
    let next = m - step
    return next.isFinite && x.contains(next) ? next : m
  }

  func isExactZero(_ point: Double) -> Bool {
    let v = f.enclosure(over: Interval(point))
    return v.lo == 0 && v.hi == 0 && v.isDefinedEverywhere
  }

  /// Whether a box is as small as bisection goes: smooth boxes at a relative width of 1e-9,
  /// others at four doubles.
  func isSmallest(_ x: Interval, smooth: Bool) -> Bool {
    let scale = Swift.max(1, Swift.max(Swift.abs(x.lo), Swift.abs(x.hi)))
    if smooth { return x.hi - x.lo <= Search.smoothWidth * scale }
    return x.hi - x.lo <= 4 * Swift.max(x.lo.ulp, x.hi.ulp)
  }

  func midpoint(_ x: Interval) -> Double {
    let m = x.lo / 2 + x.hi / 2
    return m.isFinite ? m : 0
  }

  /// The report: exact zeros and proven roots merged where they meet, possible clusters
  /// refined and dropped where a proven root covers them, unsettled boxes joined.
  func report() -> RootReport {
    let zeroRanges = Self.join(zeroBoxes)
    var roots = proven
    for z in exactZeros where !zeroRanges.contains(where: { $0.contains(z) }) {
      roots.append(Root(x: z, enclosure: z...z, isProven: true))
    }
    roots.sort { $0.enclosure.lowerBound < $1.enclosure.lowerBound }
    var merged: [Root] = []
    for r in roots {
      if let last = merged.last, last.enclosure.upperBound >= r.enclosure.lowerBound {
        // The same root found twice (at a split point): keep the exact zero, or the tighter.
        let keepsLast =
          last.enclosure.lowerBound == last.enclosure.upperBound
          || (last.enclosure.upperBound - last.enclosure.lowerBound)
            <= (r.enclosure.upperBound - r.enclosure.lowerBound)
        if !keepsLast { merged[merged.count - 1] = r }
        continue
      }
      merged.append(r)
    }
    var possibles: [Root] = []
    for cluster in Self.join(possibleBoxes, within: Self.cluster) {
      let covered = merged.contains {
        $0.enclosure.lowerBound <= cluster.hi + Self.cluster(cluster)
          && $0.enclosure.upperBound >= cluster.lo - Self.cluster(cluster)
      }
      if covered { continue }
      possibles.append(
        Root(x: refine(cluster), enclosure: cluster.lo...cluster.hi, isProven: false))
    }
    var all = merged + possibles
    all.sort { $0.x < $1.x }
    return RootReport(
      roots: all, unsettled: Self.join(unsettledBoxes).map { $0.lo...$0.hi },
      zeroRanges: zeroRanges.map { $0.lo...$0.hi },
      singular: Self.join(singularBoxes).map { $0.lo...$0.hi }, stop: meter.stop,
      boxes: meter.boxes)
  }

  /// A little room around a cluster, so that a proven root next to it covers it.
  static func gap(_ x: Interval) -> Double {
    smoothWidth * Swift.max(1, Swift.max(Swift.abs(x.lo), Swift.abs(x.hi)))
  }

  /// Where in a possible cluster the root most likely is: for a double root (the
  /// derivative changes sign across the cluster) the derivative's sign change, found by
  /// bisection to a double; without a derivative, f's own sign change; otherwise the
  /// cluster's midpoint. (Where the function is below
  /// its rounding error, its own values cannot place the root: a double root's cluster is
  /// about the square root of the precision wide.)
  func refine(_ cluster: Interval) -> Double {
    let mid = midpoint(cluster)
    // Without a derivative, the sign change of f itself (a root that exists, unproven
    // unique).
    let g = df ?? f
    let pad = df == nil ? 0 : Swift.max(cluster.hi - cluster.lo, Search.cluster(cluster))
    var lo = cluster.lo - pad
    var hi = cluster.hi + pad
    let dl = g.value(at: lo)
    let dh = g.value(at: hi)
    guard dl.isFinite, dh.isFinite, (dl < 0 && dh > 0) || (dl > 0 && dh < 0) else { return mid }
    for _ in 0..<200 {
      let m = lo / 2 + hi / 2
      if m <= lo || m >= hi { break }
      let dm = g.value(at: m)
      if !dm.isFinite { return mid }
      if dm == 0 { return m }
      if (dm < 0) == (dl < 0) { lo = m } else { hi = m }
    }
    return lo / 2 + hi / 2
  }

  /// How far apart possible roots may be and still be one: 1e-5 relative to max(1, |x|),
  /// about the cube root of the double's precision, which is how far the rounding of a
  /// double or triple root's evaluation spreads it (the function is below its rounding
  /// error there, so its enclosures cannot exclude 0 in patches of that region).
  static func cluster(_ x: Interval) -> Double {
    1e-5 * Swift.max(1, Swift.max(Swift.abs(x.lo), Swift.abs(x.hi)))
  }

  /// Boxes joined where they touch (or come within `within` of each other), left to right.
  static func join(_ boxes: [Interval], within: (Interval) -> Double = { _ in 0 }) -> [Interval] {
    let sorted = boxes.sorted { $0.lo < $1.lo }
    var out: [Interval] = []
    for b in sorted {
      if let last = out.last, b.lo <= last.hi + within(last) {
        out[out.count - 1] = Interval(last.lo, Swift.max(last.hi, b.hi))
      } else {
        out.append(b)
      }
    }
    return out
  }
}
