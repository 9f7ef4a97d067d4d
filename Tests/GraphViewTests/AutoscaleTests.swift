import Foundation
import GraphView
import Testing

@Suite struct AutoscaleTests {
  static func range(
    _ f: @escaping @Sendable (Double) -> Double, _ x: ClosedRange<Double> = -10...10
  )
    -> ClosedRange<Double>
  {
    Autoscale.yRange(of: ClosureSource(curves: [f]), xRange: x)
  }

  /// sin(x)*x on [-10, 10] (true range about [-5.2, 7.9]) is shown whole, snapped outward.
  @Test func boundedCurveIsShownWhole() {
    #expect(Self.range { sin($0) * $0 } == -6...8)
    #expect(Self.range { sin($0) } == -1...1)
    #expect(Self.range { $0 * $0 } == 0...100)
  }

  /// Poles do not blow the range up: tan and 1/x stay within a few tens.
  @Test func polesStayReadable() {
    let t = Self.range { tan($0) }
    #expect(
      t.lowerBound >= -40 && t.lowerBound <= -5 && t.upperBound >= 5 && t.upperBound <= 40, "\(t)")
    let r = Self.range { 1 / $0 }
    #expect(
      r.lowerBound >= -40 && r.lowerBound <= -2 && r.upperBound >= 2 && r.upperBound <= 40, "\(r)")
    #expect(-r.lowerBound == r.upperBound)
  }

  @Test func constantsArePaddedAndLabelled() {
    #expect(Self.range { _ in 3 } == 2...4)
    #expect(Self.range { _ in -3 } == -4...(-2))
    #expect(Self.range { _ in 0 } == -1...1)
    #expect(Self.range { _ in 1000 } == 0...2000)
    for c in [3.0, 123.4, 1e-9, -7.25, 1e13] {
      let r = Self.range { _ in c }
      #expect(r.lowerBound < c && c < r.upperBound, "\(c): \(r)")
      let ticks = Ticks.ticks(for: r, approximateCount: 8)
      #expect(ticks.contains { $0.value == c }, "\(c): \(ticks.map(\.label))")
    }
  }

  @Test func undefinedEverywhereGivesTheDefault() {
    #expect(Self.range { _ in .nan } == -10...10)
    #expect(Self.range({ sqrt($0) }, -5...(-1)) == -10...10)
    #expect(Autoscale.range(of: []) == -10...10)
    #expect(Autoscale.range(of: [.nan, .infinity]) == -10...10)
  }

  /// The range depends on the x range only, and ends are tick multiples.
  @Test func rangeIsSnappedToTicks() {
    let r = Self.range({ exp($0) }, -1...2)
    #expect(r.lowerBound == 0 && r.upperBound >= exp(2) && r.upperBound <= 10)
    let step = Ticks.niceStep(for: r.upperBound - r.lowerBound, approximateCount: 8)
    let q = r.upperBound / step
    #expect(abs(q - q.rounded()) < 1e-9)
  }

  @Test func severalCurvesShareOneRange() {
    let source = ClosureSource(curves: [{ sin($0) }, { 3 * cos($0) }])
    #expect(Autoscale.yRange(of: source, xRange: -10...10) == -3...3)
  }

  @Test func dataSeriesIgnoreOutliers() {
    var values = (0..<200).map { Double($0 % 10) }
    values.append(1e9)
    #expect(Autoscale.range(of: values) == 0...9)
    #expect(Autoscale.range(of: [1, 2, 3, 4, 5]) == 1...5)
    // The ends of the doubles are held (the range stopped at ±1e300, leaving them out).
    #expect(
      Autoscale.range(of: [.greatestFiniteMagnitude, -.greatestFiniteMagnitude])
        == -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude)
  }

  /// Ranges near the ends of the doubles (tracker issue 16): their spans overflow to
  /// infinity; the range, the ticks and the viewport measure them in halves.
  @Test func rangesNearTheEndsOfTheDoubles() {
    let r = Autoscale.range(of: [1.7e308, -1.7e308, 0])
    #expect(r.lowerBound <= -1.7e308 && r.upperBound >= 1.7e308)
    let ticks = Ticks.ticks(for: r, approximateCount: 8)
    #expect(ticks.count >= 3 && ticks.contains { $0.value == 0 }, "\(ticks)")
    #expect(ticks.allSatisfy { r.contains($0.value) })
    let v = Viewport(xRange: r, yRange: r, size: PixelSize(width: 800, height: 600))
    #expect(v.scaleX > 0 && v.scaleX.isFinite && v.scaleY > 0)
    #expect(abs(v.pixelX(0) - 400) < 1e-6 && abs(v.pixelY(0) - 300) < 1e-6)
    #expect(abs(v.pixelX(r.upperBound) - 800) < 1e-6 && abs(v.pixelY(r.upperBound)) < 1e-6)
    #expect(v.columnInterval(0).lowerBound == r.lowerBound)
    #expect(v.columnInterval(799).upperBound == r.upperBound)
    #expect(abs(v.columnInterval(399).upperBound) < 1e300)
  }
}

/// A value an ulp from a tick (12.899999999999999, a fitted line's value at 0) snaps the
/// range to the tick only when that keeps it inside: the range once started at 12.9 and its
/// point was left out of the view (`o` in `export table`; gnuplot's comparison script
/// 35-fit-skip.gp found it).
@Suite struct AutoscaleEdgeTests {
  @Test func theDataStayInsideTheSnappedRange() {
    for values in [
      [12.899999999999999, 13.35], [0.30000000000000004, 0.1], [-12.899999999999999, -13.35],
      [1 - 1e-16, 2 + 4e-16],
    ] {
      let r = Autoscale.range(of: values)
      #expect(values.allSatisfy { r.contains($0) }, "\(values) -> \(r)")
    }
    #expect(Autoscale.range(of: [12.9, 13.35]) == 12.9...13.35)  // exact ticks unchanged
  }
}
