import Foundation
import Glibc
import Intervals
import Testing

/// C's `tgamma` with NaN at the poles, as `RealFunctions.gamma`.
func gammaPoint(_ x: Double) -> Double {
  if x <= 0 && x == x.rounded(.down) { return .nan }
  return tgamma(x)
}

@Suite struct IntervalGammaTests {
  @Test func positiveSideMonotonePiecesAndMinimum() {
    let dec = Interval.gamma(Interval(0.5, 1))
    #expect(dec.lo <= 1 && dec.lo > 1 - 1e-12 && dec.hi >= tgamma(0.5) && dec.isContinuous)
    let inc = Interval.gamma(Interval(3, 5))
    #expect(inc.lo <= 2 && inc.lo > 2 - 1e-12 && inc.hi >= 24 && inc.hi < 24 + 1e-11)
    let around = Interval.gamma(Interval(1, 2))
    #expect(around.lo <= 0.8856031944108887 && around.lo > 0.88560319441 && around.hi >= 1)
    let overflow = Interval.gamma(Interval(170, 200))
    #expect(overflow.hi == .infinity && overflow.isDefinedEverywhere)
  }

  @Test func polesAtNonPositiveIntegers() {
    expectInterval(
      Interval.gamma(Interval(-0.5, 0.5)), -.infinity, .infinity, defined: false, continuous: false)
    expectInterval(
      Interval.gamma(Interval(-2.5, -1.5)), -.infinity, .infinity, defined: false, continuous: false
    )
    #expect(Interval.gamma(Interval(-3)).isEmpty)
    #expect(Interval.gamma(Interval(0)).isEmpty)
    let right = Interval.gamma(Interval(0, 3))
    #expect(
      right.hi == .infinity && right.lo <= 0.8856031944108887 && right.lo > 0.885
        && !right.isDefinedEverywhere && !right.isContinuous)
  }

  @Test func negativeSegmentsAreContinuous() {
    // gamma(-0.5) = -2 sqrt(pi); the local maximum on (-1, 0) is about -3.5446.
    let a = Interval.gamma(Interval(-0.5))
    #expect(a.contains(-2 * Double.pi.squareRoot()) && a.width < 1e-12 && a.isContinuous)
    let b = Interval.gamma(Interval(-0.9, -0.1))
    #expect(
      b.hi >= -3.5446436111550050 && b.hi < -3.5 && b.lo <= tgamma(-0.1) && b.isContinuous
        && b.isDefinedEverywhere)
    let c = Interval.gamma(Interval(-2.9, -2.1))  // negative on (-3, -2)
    #expect(c.hi < 0 && c.isContinuous)
    let d = Interval.gamma(Interval(-1.9, -1.1))  // positive on (-2, -1)
    #expect(d.lo > 0 && d.isContinuous)
  }

  /// On a negative segment an interval wholly on one side of the least |gamma| is monotone:
  /// its ends bound it (to tgamma's 1e-13), where the reflection formula over eight pieces
  /// gave a lower bound 1e-3 (relative) too low; one around it reaches the least value.
  @Test func negativeSegmentsAreBoundedByTheirEndsAndLeastValue() {
    let falling = Interval.gamma(Interval(-0.9, -0.6))  // left of the root -0.5040830...
    #expect(falling.lo <= tgamma(-0.9) && falling.lo > tgamma(-0.9) * (1 + 1e-12))
    #expect(falling.hi >= tgamma(-0.6) && falling.hi < tgamma(-0.6) * (1 - 1e-12))
    let rising = Interval.gamma(Interval(-2.4, -2.1))  // right of -2.6107208...: negative
    #expect(rising.hi >= tgamma(-2.4) && rising.hi < tgamma(-2.4) * (1 - 1e-12))
    #expect(rising.lo <= tgamma(-2.1) && rising.lo > tgamma(-2.1) * (1 + 1e-12))
    // Around the root on (-1, 0): -3.54464361115500508912... (mpmath), rounded down in size.
    let around = Interval.gamma(Interval(-0.6, -0.4))
    #expect(around.hi >= -3.5446436111550051 && around.hi < -3.544643611155004)
    #expect(around.lo <= tgamma(-0.6) && around.isContinuous && around.isDefinedEverywhere)
    let positive = Interval.gamma(Interval(-1.9, -1.1))  // (-2, -1): least 2.30240725833968...
    #expect(positive.lo <= 2.302407258339680 && positive.lo > 2.30240725833967)
  }

  /// mpmath's gamma at points of every negative segment down to (-180, -179) (the root's
  /// neighbours and points across; scripts/make-gamma-minima): each lies in the enclosure of
  /// intervals of several widths around its point, inside the segment, past the table too.
  @Test func negativeSegmentsEncloseMpmathValues() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/gamma-negative.tsv")
    let text = try String(contentsOf: url, encoding: .utf8)
    var count = 0
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      let f = line.split(separator: "\t").compactMap { Double(String($0)) }
      try #require(f.count == 3, "bad fixture line \(line)")
      let (x, below, above) = (f[0], f[1], f[2])
      let segment = (Glibc.floor(x), Glibc.ceil(x))
      for width in [0, 1e-12, 1e-6, 1e-3, 0.04, 0.2] {
        let lo = Swift.max(x - width, segment.0.nextUp)
        let hi = Swift.min(x + width, segment.1.nextDown)
        let g = Interval.gamma(Interval(lo, hi))
        #expect(
          g.lo <= below && g.hi >= above && g.isContinuous,
          "gamma([\(lo), \(hi)]) = \(g) misses gamma(\(x)) in [\(below), \(above)]")
      }
      count += 1
    }
    #expect(count == 1260)
  }

  @Test func factorialIsGammaOfXPlusOne() {
    let f = Interval.factorial(Interval(5))
    #expect(f.contains(120) && f.width < 1e-10)
    #expect(Interval.factorial(Interval(-1)).isEmpty)
    #expect(!Interval.factorial(Interval(-1.5, -0.5)).isContinuous)
  }

  @Test(arguments: [
    UnaryRule("gamma", { gammaPoint($0) }, { Interval.gamma($0) }),
    UnaryRule("factorial", { gammaPoint($0 + 1) }, { Interval.factorial($0) }),
  ])
  func unaryEnclosesPointValues(_ c: UnaryRule) {
    checkUnaryRule(c.name, c.point, c.rule, seed: 0x5EED_0006)
  }
}
