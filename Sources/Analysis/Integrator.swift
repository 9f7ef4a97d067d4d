import CompiledFunctions
import Glibc
import Intervals

/// A definite integral and how sure it is.
public struct IntegralResult: Sendable, Hashable {
  /// The value (the midpoint of the enclosure, or the estimate).
  public var value: Double
  /// The error bound: proven, `|true - value| <= bound`, when `isProven`; else an estimate.
  public var bound: Double
  /// Whether `bound` is proven (verified Gauss-Legendre over the whole range).
  public var isProven: Bool
}

/// Why an integral has no value.
public enum IntegralFailure: Error, Sendable, Hashable {
  /// The integral diverges at this point (a non-integrable singularity: `1/x` at 0).
  case diverges(at: Double)
  /// The integrand is undefined at this point of the range (`sqrt(x)` for x < 0).
  case undefined(at: Double)
  /// The estimate did not settle (an oscillation too fast, or a slow divergence) near here.
  case unsettled(near: Double)
  /// The budget ran out.
  case stopped(AnalysisStop)
}

/// Definite integrals with error bounds.
///
/// The method: **verified Gauss-Legendre quadrature with an interval remainder**, adaptive
/// by bisection. On a panel [l, r] the n-point rule's error is
/// `K_n (r - l)^(2n+1) f^(2n)(ξ)` for some ξ in the panel (`GaussLegendreTable`), so the
/// integral lies in `(r-l)/2 Σ w_i F(X_i) + K_n (r-l)^(2n+1) F⁽²ⁿ⁾([l, r])`, with every term
/// an interval: the nodes and weights are enclosed (their 25-digit literals widened by an
/// ulp), `F(X_i)` is the enclosure of f over the enclosure of the node, and `F⁽²ⁿ⁾` the
/// enclosure of the 2n-th derivative (automatic differentiation, `Differentiator`) over the
/// panel; the rule is valid only where f is continuous and defined on the panel and the
/// derivative's enclosure is finite (W. Tucker, *Validated Numerics*, Princeton 2011,
/// section 6.2; R. E. Moore, R. B. Kearfott, M. J. Cloud, *Introduction to Interval
/// Analysis*, SIAM 2009, chapter 9). A panel whose remainder is wider than its share of the
/// tolerance (1e-14 of the integral of |f|) is halved. When every panel is settled the sum
/// is a **proven** enclosure.
///
/// When a panel stays unsettled down to 2^-20 of the range (a singularity, a jump, a corner)
/// or 20,000 panels (or half the time) do not settle, the range
/// is split at the points where the enclosure of f or of the derivative over a few doubles is
/// unbounded, undefined or discontinuous, and each piece is integrated by **tanh-sinh**
/// (double-exponential) quadrature, which handles integrable endpoint singularities (H.
/// Takahasi, M. Mori, "Double exponential formulas for numerical integration", Publ. RIMS
/// 9, 1974; D. H. Bailey, K. Jeyabalan, X. S. Li, "A comparison of three high-precision
/// quadrature schemes", Experimental Mathematics 14, 2005): levels of halved step until two
/// agree, the difference being the **estimated** error (plus the tail lost where a node
/// would round onto the end). At each singular end, `|t f(s ± t)|` not falling as t -> 0
/// (for t from 1e-3 to 1e-300 of the piece, or a few ulps) means the integral diverges there
/// (`1/x` at 0), which is an error, not a number.
public enum Integrator {
  /// The relative tolerance (of the integral of |f|) that the remainders of the adaptive
  /// rule must meet together; the rounding of the sums adds a few ulps.
  static let tolerance = 1e-14

  /// Integrates `f` from `a` to `b`.
  ///
  /// - Parameters:
  ///   - f: The integrand.
  ///   - slope: Its derivative (its singular points are cut too: corners), nil if none.
  ///   - rule: The number of points n of the Gauss-Legendre rule (1...8) and the compiled
  ///     2n-th derivative of f; nil when there is none (then only tanh-sinh, estimated).
  ///   - a: The lower bound (finite).
  ///   - b: The upper bound (finite; `b < a` integrates backwards).
  ///   - budget: The limits.
  /// - Returns: The value and its bound, or why there is none.
  public static func integrate(
    _ f: PlotFunction, slope: PlotFunction?, rule: (points: Int, derivative: PlotFunction)?,
    from a: Double, to b: Double, budget: AnalysisBudget = .standard
  ) -> Result<IntegralResult, IntegralFailure> {
    if a == b { return .success(IntegralResult(value: 0, bound: 0, isProven: true)) }
    if b < a {
      return integrate(f, slope: slope, rule: rule, from: b, to: a, budget: budget).map {
        IntegralResult(value: -$0.value, bound: $0.bound, isProven: $0.isProven)
      }
    }
    var meter = BudgetMeter(budget)
    if let rule, (1...GaussLegendreTable.rules.count).contains(rule.points) {
      let scale = magnitude(f, a, b)
      var verified = Verified(
        f: f, derivative: rule.derivative, table: GaussLegendreTable.rules[rule.points - 1],
        points: rule.points)
      switch verified.run(a, b, tolerance: tolerance * Swift.max(scale, 1e-300), &meter) {
      case .failure(.stopped(.interrupted)): return .failure(.stopped(.interrupted))
      case .failure(let failure) where failure != .stopped(.boxes): return .failure(failure)
      case .success(let sum?):
        let value = sum.lo / 2 + sum.hi / 2
        return .success(
          IntegralResult(value: value, bound: upHalfWidth(sum, around: value), isProven: true))
      default: break  // a singularity, a jump, or the panels' budget: tanh-sinh
      }
    }
    // Tanh-sinh on the pieces between the singular points (estimated).
    var cuts = [a]
    let margin = (b - a) * 1e-9
    for s in singularPoints(f, slope, a, b, &meter)
    where s > cuts.last! + margin && s < b - margin {
      cuts.append(s)
    }
    cuts.append(b)
    var value = 0.0
    var bound = 0.0
    for (pl, pr) in zip(cuts, cuts.dropFirst()) {
      switch TanhSinh.integrate(f, pl, pr, &meter) {
      case .failure(let failure): return .failure(failure)
      case .success(let (v, e)):
        value += v
        bound += e
      }
    }
    return .success(IntegralResult(value: value, bound: bound, isProven: false))
  }

  /// A rough size of the integral of |f| over [a, b], for the tolerance: a 64-point
  /// midpoint sum that skips points where f is undefined (at least the smallest normal).
  static func magnitude(_ f: PlotFunction, _ a: Double, _ b: Double) -> Double {
    var total = 0.0
    let n = 64
    let h = (b - a) / Double(n)
    for i in 0..<n {
      let v = f.value(at: a + (Double(i) + 0.5) * h)
      if v.isFinite { total += Swift.abs(v) * h }
    }
    return Swift.max(total, Double.leastNormalMagnitude)
  }

  /// The points inside [l, r] (not within 1e-9 of its width of the ends) where f's
  /// enclosure, or its derivative's, over a few doubles is unbounded, undefined
  /// or discontinuous (poles, jumps, corners, domain edges), left to right,
  /// found by bisecting the boxes whose enclosure is so.
  static func singularPoints(
    _ f: PlotFunction, _ derivative: PlotFunction?, _ l: Double, _ r: Double,
    _ meter: inout BudgetMeter
  ) -> [Double] {
    // Each point, and whether f itself is singular there (not only its derivative).
    var found: [(x: Double, ofF: Bool)] = []
    var stack = [Interval(l, r)]
    // Points this close to the piece's ends, or to each other, are one singularity.
    let margin = (r - l) * 1e-9
    // f's own singularities first; the derivative's (corners) away from them, where its
    // enclosure does not just under- or overflow next to a pole.
    let poles = derivative == nil ? [] : singularPoints(f, nil, l, r, &meter)
    while let x = stack.popLast(), found.count < 256 {
      if meter.spend() { break }
      if x.hi < l + margin || x.lo > r - margin { continue }
      if poles.contains(where: { x.lo >= $0 - margin && x.hi <= $0 + margin }) { continue }
      let e = f.enclosure(over: x)
      let ofF = !Verified.regular(e)
      // Only overflowing (defined and continuous, an infinite bound): placed to within the
      // margin, as every smaller box next to a pole overflows too.
      let overflows = !e.isEmpty && e.isDefinedEverywhere && e.isContinuous
      // The derivative counts where it is undefined or jumps (a corner).
      let ofDerivative =
        derivative.map {
          let d = $0.enclosure(over: x)
          return d.isEmpty || !d.isDefinedEverywhere || !d.isContinuous
        } ?? false
      if !ofF && !ofDerivative { continue }
      let m = x.lo / 2 + x.hi / 2
      // A corner is placed to within the margin (the derivative's enclosure may be
      // irregular on a whole small region: it underflows near a pole); f's singularity to a
      // few doubles.
      let placed =
        ofF && !overflows
        ? x.hi - x.lo <= 4 * Swift.max(x.lo.ulp, x.hi.ulp) : x.hi - x.lo <= margin
      if placed || m <= x.lo || m >= x.hi {
        found.append((snap(x, f, derivative), ofF))
        continue
      }
      stack.append(Interval(m, x.hi))
      stack.append(Interval(x.lo, m))
    }
    // One point a cluster: where f is singular if it is anywhere in the cluster (near a
    // pole the derivative's enclosure underflows and overflows first), and where f's value
    // is not finite if it is anywhere (near 0 its enclosure overflows first).
    var points: [(x: Double, ofF: Bool)] = []
    var start = 0.0
    // Within 1e-100 of 0 (where a pole's enclosures under- and overflow), a singularity is
    // at 0.
    let near0: [(x: Double, ofF: Bool)] = found.map {
      Swift.abs($0.x) < 1e-100 && l <= 0 && 0 <= r ? (0, $0.ofF) : $0
    }
    for p in near0.sorted(by: { $0.x < $1.x }) {
      if let last = points.last, p.x - last.x <= margin {
        // A cluster that reaches across 0 is a singularity at 0.
        if start <= 0 && p.x >= 0 {
          points[points.count - 1] = (0, last.ofF || p.ofF)
          continue
        }
        if last.x == 0 { continue }
        let better =
          (p.ofF && !last.ofF)
          || (p.ofF == last.ofF && !f.value(at: p.x).isFinite && f.value(at: last.x).isFinite)
        if better { points[points.count - 1] = p }
        continue
      }
      start = p.x
      points.append(p)
    }
    return (points.map(\.x) + poles).sorted()
  }
}

/// The point of a small singular box where the singularity is: the first of 0, the
/// midpoint rounded to 1 to 15 significant digits, the ends and the midpoint at which f or
/// its derivative is not finite (so a pole at 0.3 is cut at the double 0.3); else the
/// midpoint.
func snap(_ x: Interval, _ f: PlotFunction, _ derivative: PlotFunction?) -> Double {
  let m = x.lo / 2 + x.hi / 2
  var tries: [Double] = []
  if x.contains(0) { tries.append(0) }
  if m != 0, m.isFinite {
    let scale = Glibc.floor(Glibc.log10(Swift.abs(m)))
    for digits in 1...15 {
      let unit = Glibc.pow(10, scale - Double(digits - 1))
      let r = (m / unit).rounded() * unit
      if x.contains(r) { tries.append(r) }
    }
  }
  tries += [x.lo, x.hi, m]
  for t in tries
  where !f.value(at: t).isFinite || !(derivative?.value(at: t).isFinite ?? true) {
    return t
  }
  return m
}

/// The verified adaptive Gauss-Legendre pass.
struct Verified {
  let f: PlotFunction
  let derivative: PlotFunction
  let table: (nodes: [Double], weights: [Double], remainder: Double)
  let points: Int

  /// The proven enclosure of the integral, or nil when a panel 2^-20 of the range wide has
  /// no enclosure (a singularity, jump or corner); `.stopped(.boxes)` after `maxPanels`
  /// panels or half the budget's time.
  mutating func run(
    _ a: Double, _ b: Double, tolerance: Double, _ meter: inout BudgetMeter
  ) -> Result<Interval?, IntegralFailure> {
    let total = b - a
    let smallest = total * 0x1p-20
    var sum = Interval(0)
    var panels = 0
    let giveWay = BudgetMeter.now() + meter.budget.seconds / 2
    var stack: [(Double, Double)] = [(a, b)]
    let nodes = table.nodes.map(Verified.enclose)
    let weights = table.weights.map(Verified.enclose)
    let constant = Verified.enclose(table.remainder)
    while let (l, r) = stack.popLast() {
      if meter.spend() { return .failure(.stopped(meter.stop ?? .boxes)) }
      panels += 1
      // Past its share of the panels or of the time, the verified pass gives way to
      // tanh-sinh (estimated), so that a singular integrand still gets its answer in time.
      if panels > Verified.maxPanels { return .failure(.stopped(.boxes)) }
      if panels & 63 == 0, BudgetMeter.now() > giveWay { return .failure(.stopped(.boxes)) }
      if f.enclosure(over: Interval(l, r)).isEmpty {
        return .failure(.undefined(at: l / 2 + r / 2))
      }
      let share = tolerance * (r - l) / total
      let panel = enclose(l, r, nodes, weights, constant)
      let m = l / 2 + r / 2
      let splittable = r - l > smallest && m > l && m < r
      // Halving shrinks the remainder, not the rounding of the sum (a few ulps of the
      // panel's integral, whatever its width): a panel is settled when its remainder is.
      if let (panel, remainder) = panel, remainder <= share || !splittable {
        sum = sum + panel
        continue
      }
      // A smooth panel's remainder, over its share, falls by about k^(2n) when it is cut
      // in k.
      let ratio = panel.map { $0.1 / share } ?? .infinity
      // Slowly falling remainders (oscillation, a nearby singularity) keep being cut: the
      // panels' budget and half the time bound them.
      if !splittable { return .success(nil) }
      // Cut in as many pieces as the remainder says are needed (k^(2n) >= ratio, with a
      // margin; 2 to 16), so few panels are examined only to be cut again.
      var k = 2
      if ratio.isFinite {
        let needed = Glibc.pow(ratio, 1 / Double(2 * points)) * 1.2
        k = Int(Swift.min(16, Swift.max(2, needed.rounded(.up))))
      }
      let width = (r - l) / Double(k)
      var right = r
      for i in stride(from: k - 1, through: 0, by: -1) {
        let left = i == 0 ? l : l + Double(i) * width
        stack.append((left, right))
        right = left
      }
    }
    return .success(sum)
  }

  /// The most panels the verified pass takes before it leaves the integral to tanh-sinh (it
  /// also gives way after half the budget's time).
  static let maxPanels = 20_000

  /// The enclosure of the integral over [l, r] and the width of its remainder term, or nil
  /// where the rule does not apply (f undefined or discontinuous, the derivative's
  /// enclosure unbounded).
  func enclose(
    _ l: Double, _ r: Double, _ nodes: [Interval], _ weights: [Interval], _ constant: Interval
  ) -> (Interval, Double)? {
    let whole = f.enclosure(over: Interval(l, r))
    guard Verified.regular(whole) else { return nil }
    let d = derivative.enclosure(over: Interval(l, r))
    guard Verified.regular(d) else { return nil }
    let lo = Interval(l)
    let hi = Interval(r)
    let half = (hi - lo) * Interval(0.5)
    let centre = (hi + lo) * Interval(0.5)
    var q = Interval(0)
    for (t, w) in zip(nodes, weights) {
      let v = f.enclosure(over: centre + half * t)
      guard Verified.regular(v) else { return nil }
      q = q + w * v
    }
    q = q * half
    let width = hi - lo
    var power = width
    for _ in 0..<(2 * points) { power = power * width }
    let remainder = constant * power * d
    let result = q + remainder
    guard result.lo.isFinite && result.hi.isFinite else { return nil }
    return (result, remainder.hi - remainder.lo)
  }

  static func regular(_ e: Interval) -> Bool {
    !e.isEmpty && e.isDefinedEverywhere && e.isContinuous && e.lo.isFinite && e.hi.isFinite
  }

  /// A double read from a 25-digit literal, widened by an ulp each way: an interval that
  /// holds the literal's true value.
  static func enclose(_ v: Double) -> Interval {
    v == 0 ? Interval(0) : Interval(v.nextDown, v.nextUp)
  }
}

/// The half-width of `x` about `value`, rounded up: `max(value - lo, hi - value)`.
func upHalfWidth(_ x: Interval, around value: Double) -> Double {
  let below = (value - x.lo).nextUp
  let above = (x.hi - value).nextUp
  return Swift.max(0, Swift.max(below, above))
}

/// Tanh-sinh quadrature on a piece whose singularities are at its ends.
enum TanhSinh {
  /// The largest t of the substitution (u = pi/2 sinh t reaches about 317; the nodes come
  /// within about 1e-275 of the piece's width of the ends).
  static let tMax = 6.0
  /// The finest level: the step 2^-7.
  static let levels = 7

  /// The integral over [a, b] and its estimated error.
  static func integrate(
    _ f: PlotFunction, _ a: Double, _ b: Double, _ meter: inout BudgetMeter
  ) -> Result<(Double, Double), IntegralFailure> {
    for end in [a, b] {
      if diverges(f, at: end, into: end == a ? b : a) { return .failure(.diverges(at: end)) }
    }
    let half = (b - a) / 2
    var previous: Double?
    var lastChange = Double.infinity
    var tail = 0.0
    var rounding = 0.0
    for level in 0...levels {
      if meter.spend() { return .failure(.stopped(meter.stop ?? .boxes)) }
      let step = Glibc.ldexp(1.0, -level)
      var sum = 0.0
      var absolute = 0.0
      tail = 0
      var k = 0
      while true {
        let t = Double(k) * step
        if t > tMax { break }
        let u = Double.pi / 2 * Glibc.sinh(t)
        // Distance from the end, without cancellation: 1 - tanh(u) = 2 / (1 + e^(2u)).
        let e = Glibc.exp(-2 * u)
        let distance = half * 2 * e / (1 + e)
        let weight = Double.pi / 2 * Glibc.cosh(t) * 4 * e / ((1 + e) * (1 + e))
        let sides: [Double] = k == 0 ? [a + half] : [b - distance, a + distance]
        for x in sides {
          if x <= a || x >= b {
            // The node rounds onto the end: the rest of the tail is left out, and said.
            let near = x <= a ? a.nextUp : b.nextDown
            let v = f.value(at: near)
            if v.isFinite { tail = Swift.max(tail, 2 * Swift.abs(v) * Swift.abs(near - x)) }
            continue
          }
          let v = f.value(at: x)
          guard !v.isNaN else { return .failure(.undefined(at: x)) }
          guard v.isFinite else { return .failure(.diverges(at: x)) }
          sum += weight * v
          absolute += Swift.abs(weight * v)
        }
        k += 1
      }
      let value = sum * step * half
      rounding = absolute * step * Swift.abs(half) * 4e-16
      if let previous {
        let change = Swift.abs(value - previous)
        if level >= 4 && change <= 1e-15 * Swift.abs(value) + rounding {
          return .success((value, change + rounding + tail))
        }
        lastChange = change
      }
      previous = value
    }
    guard let previous, lastChange <= 1e-8 * Swift.abs(previous) + rounding else {
      return .failure(.unsettled(near: (a + b) / 2))
    }
    return .success((previous, lastChange + rounding + tail))
  }

  /// Whether the integral diverges at `end`: `|t f(end ± t)|` (t from the end into the
  /// piece) does not fall as t goes from 1e-3 of the piece down to 1e-300 (or a few ulps of
  /// the end), as it does at an integrable singularity.
  static func diverges(_ f: PlotFunction, at end: Double, into other: Double) -> Bool {
    let width = Swift.abs(other - end)
    let direction: Double = other > end ? 1 : -1
    let floor = 4 * Swift.max(end.ulp, Double.leastNormalMagnitude)
    func g(_ t: Double) -> Double? {
      let d = Swift.max(t, floor)
      let v = f.value(at: end + direction * d)
      return v.isFinite ? Swift.abs(d * v) : nil
    }
    guard let far = g(width * 1e-3), far > 0 else { return false }
    var nearest: Double?
    for k in stride(from: 6, through: 300, by: 6) {
      let t = width * Glibc.pow(10, -Double(k))
      if t < floor { break }
      nearest = g(t) ?? nearest
    }
    guard let nearest else { return false }
    return nearest >= 0.5 * far
  }
}
