import Foundation
import GraphView
import Intervals

// Test data sources written by hand, independent of CalculatorBrain: a point function and a
// small set of interval rules (Tupper's def/cont flags), rounded outward by one ulp a step.

/// Minimal interval rules for the test functions.
enum TI {
  /// `[lo, hi]` widened by one ulp each side, with flags.
  static func out(_ lo: Double, _ hi: Double, def: Bool = true, cont: Bool = true) -> Interval {
    Interval(lo.nextDown, hi.nextUp, isDefinedEverywhere: def, isContinuous: cont)
  }

  static func flags(_ r: Interval, _ xs: Interval...) -> Interval {
    var r = r
    for x in xs {
      r.isDefinedEverywhere = r.isDefinedEverywhere && x.isDefinedEverywhere
      r.isContinuous = r.isContinuous && x.isContinuous
    }
    return r
  }

  static func constant(_ c: Double) -> Interval { Interval(c) }

  static func scale(_ k: Double, _ a: Interval) -> Interval {
    if a.isEmpty { return .empty }
    let p = k * a.lo
    let q = k * a.hi
    return flags(out(min(p, q), max(p, q)), a)
  }

  static func neg(_ a: Interval) -> Interval { scale(-1, a) }

  static func mul(_ a: Interval, _ b: Interval) -> Interval {
    if a.isEmpty || b.isEmpty { return .empty }
    let ps = [a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi].map { $0.isNaN ? 0 : $0 }
    return flags(out(ps.min()!, ps.max()!), a, b)
  }

  static func div(_ a: Interval, _ b: Interval) -> Interval {
    if a.isEmpty || b.isEmpty { return .empty }
    if b.lo == 0 && b.hi == 0 { return .empty }
    if b.lo <= 0 && b.hi >= 0 {
      return Interval(-.infinity, .infinity, isDefinedEverywhere: false, isContinuous: false)
    }
    let ps = [a.lo / b.lo, a.lo / b.hi, a.hi / b.lo, a.hi / b.hi]
    return flags(out(ps.min()!, ps.max()!), a, b)
  }

  static func sqr(_ a: Interval) -> Interval {
    if a.isEmpty { return .empty }
    let l = a.lo * a.lo
    let h = a.hi * a.hi
    if a.lo <= 0 && a.hi >= 0 { return flags(Interval(0, max(l, h).nextUp), a) }
    return flags(out(min(l, h), max(l, h)), a)
  }

  /// Whether `p + k * period` lies in `x` for some integer k (conservatively).
  static func hits(_ x: Interval, _ p: Double, _ period: Double) -> Bool {
    let slack = 1e-14 * max(1, abs(x.lo), abs(x.hi))
    let k = ((x.lo - slack - p) / period).rounded(.up)
    return p + k * period <= x.hi + slack
  }

  static func sin(_ x: Interval) -> Interval {
    if x.isEmpty { return .empty }
    if !(x.hi - x.lo < 2 * Double.pi) { return flags(Interval(-1, 1), x) }
    let a = Foundation.sin(x.lo)
    let b = Foundation.sin(x.hi)
    var lo = min(a, b).nextDown
    var hi = max(a, b).nextUp
    if hits(x, .pi / 2, 2 * .pi) { hi = 1 }
    if hits(x, -.pi / 2, 2 * .pi) { lo = -1 }
    return flags(Interval(max(lo, -1), min(hi, 1)), x)
  }

  static func cos(_ x: Interval) -> Interval {
    if x.isEmpty { return .empty }
    if !(x.hi - x.lo < 2 * Double.pi) { return flags(Interval(-1, 1), x) }
    let a = Foundation.cos(x.lo)
    let b = Foundation.cos(x.hi)
    var lo = min(a, b).nextDown
    var hi = max(a, b).nextUp
    if hits(x, 0, 2 * .pi) { hi = 1 }
    if hits(x, .pi, 2 * .pi) { lo = -1 }
    return flags(Interval(max(lo, -1), min(hi, 1)), x)
  }

  static func tan(_ x: Interval) -> Interval {
    if x.isEmpty { return .empty }
    if !(x.hi - x.lo < Double.pi) || hits(x, .pi / 2, .pi) {
      return Interval(-.infinity, .infinity, isDefinedEverywhere: false, isContinuous: false)
    }
    return flags(out(Foundation.tan(x.lo), Foundation.tan(x.hi)), x)
  }

  static func floor(_ x: Interval) -> Interval {
    if x.isEmpty { return .empty }
    let a = x.lo.rounded(.down)
    let b = x.hi.rounded(.down)
    var r = Interval(a, b)
    r.isContinuous = a == b
    return flags(r, x)
  }

  static func sqrt(_ x: Interval) -> Interval {
    if x.isEmpty || x.hi < 0 { return .empty }
    if x.lo < 0 {
      return flags(Interval(0, Foundation.sqrt(x.hi).nextUp, isDefinedEverywhere: false), x)
    }
    return flags(out(Foundation.sqrt(x.lo), Foundation.sqrt(x.hi)), x)
  }

  static func ln(_ x: Interval) -> Interval {
    if x.isEmpty || x.hi <= 0 { return .empty }
    if x.lo <= 0 {
      return flags(Interval(-.infinity, Foundation.log(x.hi).nextUp, isDefinedEverywhere: false), x)
    }
    return flags(out(Foundation.log(x.lo), Foundation.log(x.hi)), x)
  }

  static func exp(_ x: Interval) -> Interval {
    if x.isEmpty { return .empty }
    return flags(out(max(0, Foundation.exp(x.lo)), Foundation.exp(x.hi)), x)
  }
}

/// One test function: its point rule, its interval rule and how the fidelity cases see it.
struct TestFunction: Sendable, CustomStringConvertible {
  var id: String
  var name: String
  var f: @Sendable (Double) -> Double
  var enclosure: @Sendable (Interval) -> Interval
  var xRange: ClosedRange<Double>
  var yRange: ClosedRange<Double>
  /// Where the function jumps or has a pole (pen lifts are allowed only here).
  var breaks: [Double] = []
  var description: String { "\(id) \(name)" }

  static let all: [TestFunction] = [
    TestFunction(
      id: "V01", name: "sin(x)*x", f: { sin($0) * $0 },
      enclosure: { TI.mul(TI.sin($0), $0) }, xRange: -10...10, yRange: -8...8),
    TestFunction(
      id: "V02", name: "tan(x)", f: { tan($0) }, enclosure: { TI.tan($0) },
      xRange: -10...10, yRange: -8...8,
      breaks: (-5..<5).map { Double.pi / 2 + Double($0) * .pi }),
    TestFunction(
      id: "V03", name: "sin(20*x)", f: { sin(20 * $0) }, enclosure: { TI.sin(TI.scale(20, $0)) },
      xRange: -10...10, yRange: -2...2),
    TestFunction(
      id: "V04", name: "floor(x)", f: { $0.rounded(.down) }, enclosure: { TI.floor($0) },
      xRange: -10...10, yRange: -8...8, breaks: (-10...10).map(Double.init)),
    TestFunction(
      id: "V05", name: "sqrt(x)", f: { sqrt($0) }, enclosure: { TI.sqrt($0) },
      xRange: -10...10, yRange: -1...4),
    TestFunction(
      id: "V06", name: "1/x", f: { 1 / $0 }, enclosure: { TI.div(TI.constant(1), $0) },
      xRange: -5...5, yRange: -5...5, breaks: [0]),
    TestFunction(
      id: "V07", name: "sin(1/x)", f: { sin(1 / $0) },
      enclosure: { TI.sin(TI.div(TI.constant(1), $0)) }, xRange: -1...1, yRange: -1.5...1.5,
      breaks: [0]),
    TestFunction(
      id: "V08", name: "exp(-x^2)*cos(50*x)", f: { exp(-$0 * $0) * cos(50 * $0) },
      enclosure: { TI.mul(TI.exp(TI.neg(TI.sqr($0))), TI.cos(TI.scale(50, $0))) },
      xRange: -3...3, yRange: -1.2...1.2),
    TestFunction(
      id: "V09", name: "ln(x)", f: { log($0) }, enclosure: { TI.ln($0) },
      xRange: -2...10, yRange: -5...3),
    TestFunction(
      id: "V10", name: "sin(x)/x", f: { sin($0) / $0 }, enclosure: { TI.div(TI.sin($0), $0) },
      xRange: -20...20, yRange: -0.5...1.2),
  ]

  static func named(_ id: String) -> TestFunction {
    all.first { $0.id == id }!
  }
}

/// A one-curve data source over a test function; `withEnclosures: false` answers
/// `Interval.unknown`, as point data does. Counts its evaluations.
final class FunctionSource: GraphViewDataSource {
  let function: TestFunction
  let withEnclosures: Bool
  var xRange: ClosedRange<Double>
  var yRange: ClosedRange<Double>
  private(set) var pointCount = 0
  private(set) var enclosureCount = 0

  init(_ function: TestFunction, withEnclosures: Bool = true) {
    self.function = function
    self.withEnclosures = withEnclosures
    xRange = function.xRange
    yRange = function.yRange
  }

  var curveCount: Int { 1 }
  func title(ofCurve curve: Int) -> String { function.name }
  func y(at x: Double, curve: Int) -> Double {
    pointCount += 1
    return function.f(x)
  }
  func y(over x: Interval, curve: Int) -> Interval {
    enclosureCount += 1
    return withEnclosures ? function.enclosure(x) : .unknown
  }
  func viewport(for size: PixelSize) -> Viewport {
    Viewport(xRange: xRange, yRange: yRange, size: size)
  }
}

/// A source of several closures without enclosures (for autoscale and multi-curve tests).
struct ClosureSource: GraphViewDataSource {
  var curves: [@Sendable (Double) -> Double]
  var xRange: ClosedRange<Double> = -10...10
  var yRange: ClosedRange<Double> = -10...10
  var curveCount: Int { curves.count }
  func title(ofCurve curve: Int) -> String { "f\(curve)" }
  func y(at x: Double, curve: Int) -> Double { curves[curve](x) }
  func viewport(for size: PixelSize) -> Viewport {
    Viewport(xRange: xRange, yRange: yRange, size: size)
  }
}

// MARK: - Checking a sampled curve

/// The y extent of a curve's polylines inside each pixel column (clipped to the view), as
/// plotcheck.py computes its "ink": a list of [lo, hi] per column.
func inkColumns(_ curve: SampledCurve, _ v: Viewport) -> [[ClosedRange<Double>]] {
  let w = v.size.width
  let xr = v.xRange
  let yr = v.yRange
  let cw = (xr.upperBound - xr.lowerBound) / Double(w)
  var ink = Array(repeating: [ClosedRange<Double>](), count: w)
  func col(_ x: Double) -> Int {
    min(w - 1, max(0, Int(((x - xr.lowerBound) / cw).rounded(.down))))
  }
  for seg in curve.segments {
    if seg.count == 1 {
      let p = seg[0]
      if yr.contains(p.y) && xr.contains(p.x) { ink[col(p.x)].append(p.y...p.y) }
      continue
    }
    for (p, q) in zip(seg, seg.dropFirst()) {
      guard let (xa, ya, xb, yb) = clip(p, q, xr, yr) else { continue }
      for k in col(xa)...col(xb) {
        let lo = max(xa, xr.lowerBound + Double(k) * cw)
        let hi = min(xb, xr.lowerBound + Double(k + 1) * cw)
        if hi < lo { continue }
        let ys: [Double] =
          xb == xa ? [ya, yb] : [lo, hi].map { ya + (yb - ya) * ($0 - xa) / (xb - xa) }
        ink[k].append(ys.min()!...ys.max()!)
      }
    }
  }
  return ink
}

/// Liang-Barsky clipping of segment p-q to the box, left to right.
func clip(_ p: PlotPoint, _ q: PlotPoint, _ xr: ClosedRange<Double>, _ yr: ClosedRange<Double>)
  -> (Double, Double, Double, Double)?
{
  var (xa, ya, xb, yb) = p.x <= q.x ? (p.x, p.y, q.x, q.y) : (q.x, q.y, p.x, p.y)
  let dx = xb - xa
  let dy = yb - ya
  var t0 = 0.0
  var t1 = 1.0
  for (pp, qq) in [
    (-dx, xa - xr.lowerBound), (dx, xr.upperBound - xa), (-dy, ya - yr.lowerBound),
    (dy, yr.upperBound - ya),
  ] {
    if pp == 0 {
      if qq < 0 { return nil }
      continue
    }
    let r = qq / pp
    if pp < 0 {
      if r > t1 { return nil }
      t0 = max(t0, r)
    } else {
      if r < t0 { return nil }
      t1 = min(t1, r)
    }
  }
  (xa, ya, xb, yb) = (xa + t0 * dx, ya + t0 * dy, xa + t1 * dx, ya + t1 * dy)
  return (xa, ya, xb, yb)
}

/// Writes curves as a gnuplot `set table` file (x y flag; blank line between polylines; two
/// between curves), the format plotcheck.py reads.
func tableText(_ curves: [SampledCurve], yRange: ClosedRange<Double>) -> String {
  var out = ""
  for (i, c) in curves.enumerated() {
    if i > 0 { out += "\n\n" }
    out += "# Curve \(i): \(c.title)\n"
    for (j, seg) in c.segments.enumerated() {
      if j > 0 { out += "\n" }
      for p in seg {
        let flag = yRange.contains(p.y) ? "i" : "o"
        out += "\(p.x) \(p.y) \(flag)\n"
      }
    }
  }
  return out
}

/// The directory of this file (fixtures live next to it).
func testsDirectory(_ file: String = #filePath) -> URL {
  URL(fileURLWithPath: file).deletingLastPathComponent()
}
