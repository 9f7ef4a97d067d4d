import Intervals
import TestSupport
import Testing

/// Random input intervals: around ordinary values, special points (integers, multiples of
/// pi/2, the gamma minimum, +-1), huge values and unbounded ones; widths from 0 to wide.
func randomInterval(_ rng: inout SplitMix64) -> Interval {
  let specials: [Double] = [
    0, 1, -1, 2, -2, 0.5, -0.5, 3, -3, 10, -10, Double.pi / 2, -Double.pi / 2, Double.pi,
    3 * Double.pi / 2, 2 * Double.pi, -Double.pi, 1.4616321449683623, 171, -170.5, 700, -700, 1e300,
  ]
  let center: Double
  switch Int.random(in: 0..<4, using: &rng) {
  case 0: center = Double.random(in: -10...10, using: &rng)
  case 1: center = Double.random(in: -1000...1000, using: &rng)
  default:
    center =
      specials.randomElement(using: &rng)! + [0, 0, 1e-12, -1e-12, 1e-6, -0.3, 0.3].randomElement(
        using: &rng)!
  }
  let width = [0, 0, 1e-14, 1e-9, 1e-4, 0.01, 0.3, 1, 2.5, 7, 100].randomElement(using: &rng)!
  let t = Double.random(in: 0...1, using: &rng)
  var lo = center - width * t
  var hi = lo + width
  if Int.random(in: 0..<30, using: &rng) == 0 { lo = -.infinity }
  if Int.random(in: 0..<30, using: &rng) == 0 { hi = .infinity }
  return Interval(lo, hi)
}

/// Points of `x` to evaluate at: both ends (when finite), and random points between.
func samplePoints(_ x: Interval, _ rng: inout SplitMix64, count: Int = 24) -> [Double] {
  var points: [Double] = []
  if x.lo.isFinite { points.append(x.lo) }
  if x.hi.isFinite { points.append(x.hi) }
  let lo = x.lo.isFinite ? x.lo : (x.hi.isFinite ? Swift.min(x.hi, 0) - 1e6 : -1e6)
  let hi = x.hi.isFinite ? x.hi : Swift.max(lo, 0) + 1e6
  for _ in 0..<count {
    let t = Double.random(in: 0...1, using: &rng)
    points.append(Swift.min(Swift.max(lo + (hi - lo) * t, lo), hi))
  }
  return points
}

/// Whether `y` is allowed for a point value: non-finite values are exempt (NaN is a gap,
/// infinities are poles), finite ones must lie in the enclosure.
func encloses(_ i: Interval, _ y: Double) -> Bool { !y.isFinite || i.contains(y) }

/// Expects `i` to be `[lo, hi]` with the flags.
func expectInterval(
  _ i: Interval, _ lo: Double, _ hi: Double, defined: Bool = true, continuous: Bool = true,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(i.lo == lo, "lo of \(i)", sourceLocation: sourceLocation)
  #expect(i.hi == hi, "hi of \(i)", sourceLocation: sourceLocation)
  #expect(i.isDefinedEverywhere == defined, "def of \(i)", sourceLocation: sourceLocation)
  #expect(i.isContinuous == continuous, "cont of \(i)", sourceLocation: sourceLocation)
}

/// Expects `i` to hold `[lo, hi]` within `ulps` ulps outward on each side (and no less).
func expectEncloses(
  _ i: Interval, _ lo: Double, _ hi: Double, ulps: Int = 4, defined: Bool = true,
  continuous: Bool = true,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  var loMin = lo
  var hiMax = hi
  for _ in 0..<ulps {
    loMin = loMin.nextDown
    hiMax = hiMax.nextUp
  }
  #expect(i.lo <= lo && i.lo >= loMin, "lo of \(i) vs \(lo)", sourceLocation: sourceLocation)
  #expect(i.hi >= hi && i.hi <= hiMax, "hi of \(i) vs \(hi)", sourceLocation: sourceLocation)
  #expect(i.isDefinedEverywhere == defined, "def of \(i)", sourceLocation: sourceLocation)
  #expect(i.isContinuous == continuous, "cont of \(i)", sourceLocation: sourceLocation)
}

/// A one-argument rule to check: its point function and its interval rule.
struct UnaryRule: Sendable, CustomStringConvertible {
  let name: String
  let point: @Sendable (Double) -> Double
  let rule: @Sendable (Interval) -> Interval
  init(
    _ name: String, _ point: @escaping @Sendable (Double) -> Double,
    _ rule: @escaping @Sendable (Interval) -> Interval
  ) {
    self.name = name
    self.point = point
    self.rule = rule
  }
  var description: String { name }
}

/// A two-argument rule to check.
struct BinaryRule: Sendable, CustomStringConvertible {
  let name: String
  let point: @Sendable (Double, Double) -> Double
  let rule: @Sendable (Interval, Interval) -> Interval
  init(
    _ name: String, _ point: @escaping @Sendable (Double, Double) -> Double,
    _ rule: @escaping @Sendable (Interval, Interval) -> Interval
  ) {
    self.name = name
    self.point = point
    self.rule = rule
  }
  var description: String { name }
}
