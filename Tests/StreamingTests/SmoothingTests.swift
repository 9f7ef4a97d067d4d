import TestSupport
import Testing

@testable import Streaming

@Suite struct SmoothingTests {
  static let methods: [SmoothingMethod] = [.monotoneCubic, .clampedCatmullRom]

  /// No point of the curve leaves [min, max] of its segment's two samples, so none leaves
  /// the data's range; checked on random data with gaps and plateaus.
  @Test(arguments: methods)
  func neverOvershoots(method: SmoothingMethod) throws {
    let seed: UInt64 = 0xC0FFEE
    print("Smoothing overshoot seed: \(seed)")
    var rng = SplitMix64(seed: seed)
    for trial in 0..<300 {
      let n = Int.random(in: 1...60, using: &rng)
      let values: [Double] = (0..<n).map { _ in
        switch Int.random(in: 0..<12, using: &rng) {
        case 0: return .nan
        case 1: return 5  // plateaus
        case 2: return Double.random(in: -1e9...1e9, using: &rng)
        default: return Double.random(in: -100...100, using: &rng)
        }
      }
      let firstX = Double(Int.random(in: -50...50, using: &rng))
      let curve = SmoothCurve(values: values, firstX: firstX, method: method)
      let finite = values.filter { $0.isFinite }
      let columns = Int.random(in: 2...400, using: &rng)
      let points = curve.points(columns: columns)
      for p in points where !p.y.isNaN {
        let k = Int((p.x - firstX).rounded(.down))
        try #require(k >= 0 && k < n, "x \(p.x) outside the samples (trial \(trial))")
        let lo =
          k + 1 < n && values[k + 1].isFinite ? Swift.min(values[k], values[k + 1]) : values[k]
        let hi =
          k + 1 < n && values[k + 1].isFinite ? Swift.max(values[k], values[k + 1]) : values[k]
        #expect(
          p.y >= lo && p.y <= hi,
          "trial \(trial) x \(p.x): \(p.y) not in [\(lo), \(hi)], seed \(seed)")
        #expect(p.y >= finite.min()! && p.y <= finite.max()!)
      }
      // x increases within each run.
      var previous = -Double.infinity
      for p in points {
        if p.y.isNaN {
          previous = -.infinity
          continue
        }
        #expect(p.x > previous, "trial \(trial), seed \(seed)")
        previous = p.x
      }
    }
  }

  @Test(arguments: methods)
  func passesThroughTheSamples(method: SmoothingMethod) {
    let values: [Double] = [0, 3, -2, 8, 8, 1, .nan, 4, 6, -7]
    let curve = SmoothCurve(values: values, firstX: 10, method: method)
    for (i, v) in values.enumerated() {
      #expect(same(curve.value(at: 10 + Double(i)), v))
    }
    let points = curve.points(columns: 97)
    for (i, v) in values.enumerated() where v.isFinite {
      #expect(points.contains(StreamPoint(x: 10 + Double(i), y: v)), "sample \(i)")
    }
  }

  @Test(arguments: methods)
  func gapsBreakTheCurve(method: SmoothingMethod) {
    let curve = SmoothCurve(values: [1, 2, .nan, 3, .infinity, 4, 5], method: method)
    let points = curve.points(columns: 61)
    let runs = points.split(whereSeparator: { $0.y.isNaN }).map(Array.init)
    #expect(runs.count == 3)
    #expect(runs[0].first?.x == 0 && runs[0].last?.x == 1)
    #expect(runs[1] == [StreamPoint(x: 3, y: 3)])  // a lone sample is a lone point
    #expect(runs[2].first?.x == 5 && runs[2].last?.x == 6)
    #expect(curve.value(at: 1.5).isNaN && curve.value(at: 2.5).isNaN)
    #expect(curve.value(at: -0.5).isNaN && curve.value(at: 6.5).isNaN)
    #expect(!curve.value(at: 0.5).isNaN)
  }

  @Test func denseOnePointPerColumnBetweenSamples() {
    let curve = SmoothCurve(values: [0, 10, 0], firstX: 0)
    let points = curve.points(columns: 21, xRange: ValueRange(lower: 0, upper: 2))
    // 21 columns on [0, 2] hit x = 0, 0.1, ..., 2: 3 samples + 18 points between.
    #expect(points.count == 21)
    #expect(points.first == StreamPoint(x: 0, y: 0) && points.last == StreamPoint(x: 2, y: 0))
    #expect(points[10] == StreamPoint(x: 1, y: 10))
    // The peak is a local extremum: monotone cubic keeps it the maximum (flat tangent).
    #expect(points.allSatisfy { $0.y <= 10 && $0.y >= 0 })
    #expect(points[5].y > 5)  // and is a curve, not a straight line (which gives 5)
  }

  @Test func monotoneDataGiveMonotoneCurve() {
    let values: [Double] = [0, 0.1, 0.2, 5, 5.1, 5.2, 100, 100, 101]
    let points = SmoothCurve(values: values).points(columns: 300)
    for (a, b) in zip(points, points.dropFirst()) { #expect(b.y >= a.y) }
  }

  @Test func catmullRomIsTheUniformSplineInsideItsBounds() {
    // On y = x^2 samples the uniform Catmull-Rom spline's middle segment, with tangents
    // (y[i+1] - y[i-1]) / 2, is the cubic Hermite: at t = 0.5 between x = 1 (y 1, m 2) and
    // x = 2 (y 4, m 4): (1 + 4) / 2 + (2 - 4) / 8 = 2.25, inside [1, 4], so unclamped.
    let curve = SmoothCurve(values: [0, 1, 4, 9], method: .clampedCatmullRom)
    #expect(curve.value(at: 1.5) == 2.25)
  }

  @Test func emptyAndSingleSample() {
    #expect(SmoothCurve(values: []).points(columns: 10).isEmpty)
    #expect(SmoothCurve(values: [.nan, .nan]).points(columns: 10).isEmpty)
    #expect(SmoothCurve(values: [3], firstX: 2).points(columns: 10) == [StreamPoint(x: 2, y: 3)])
    #expect(SmoothCurve(values: [1, 2]).value(at: .nan).isNaN)
    #expect(SmoothCurve(values: [1, 2]).value(at: .infinity).isNaN)
  }

  @Test func absurdColumnCountsAreCapped() {
    let points = SmoothCurve(values: [0, 1]).points(columns: Int.max)
    #expect(points.count == SmoothCurve.maxColumns)  // 2 samples + maxColumns - 2 between
    #expect(SmoothCurve(values: [0, 1]).points(columns: Int.min).count == 2)
  }
}
