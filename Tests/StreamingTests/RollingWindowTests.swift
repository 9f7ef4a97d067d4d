import TestSupport
import Testing

@testable import Streaming

@Suite struct RollingWindowTests {
  @Test(arguments: [1, 2, 5, 100], [0, 1, 3, 250])
  func holdsTheLastNValuesAfterNPlusK(capacity: Int, extra: Int) {
    var w = RollingWindow(capacity: capacity)
    let total = capacity + extra
    for i in 0..<total { w.push(Double(i) - 50) }
    let expected = (extra..<total).map { Double($0) - 50 }
    #expect(w.count == capacity)
    #expect(w.values == expected)
    #expect((0..<w.count).map { w[$0] } == expected)
    #expect(w.sampleIndex(at: 0) == extra)
    #expect(w.firstStoredSample == extra)
    #expect(w.last == Double(total - 1) - 50)
    #expect(w.min == expected.min())
    #expect(w.max == expected.max())
    #expect(close(w.mean, expected.reduce(0, +) / Double(expected.count)))
  }

  @Test func partlyFilledWindow() {
    var w = RollingWindow(capacity: 10, firstSample: 7)
    for v in [3.0, -1, 4] { w.push(v) }
    #expect(w.values == [3, -1, 4])
    #expect(w.sampleIndex(at: 0) == 7 && w.sampleIndex(at: 2) == 9)
    #expect(w.min == -1 && w.max == 4)
    #expect(w.mean == 2)
    #expect(w[5].isNaN)  // out of range: NaN, no trap
  }

  @Test func gapsDoNotCountInStatistics() {
    var w = RollingWindow(capacity: 4)
    for v in [Double.nan, 2, .infinity, -3, -.infinity] { w.push(v) }
    #expect(w.count == 4)
    #expect(w.finiteCount == 2)
    #expect(w.min == -3 && w.max == 2)
    #expect(w.mean == -0.5)
    #expect(w.last == -.infinity)
    #expect(w.lastFinite == -3)
    var empty = RollingWindow(capacity: 3)
    #expect(empty.min == nil && empty.max == nil && empty.mean == nil && empty.last == nil)
    for _ in 0..<5 { empty.push(.nan) }
    #expect(empty.min == nil && empty.mean == nil && empty.finiteCount == 0)
    #expect(empty.last.map { $0.isNaN } == true)
  }

  /// Min, max and mean as values leave, against brute force over the stored values.
  @Test(arguments: [1, 2, 3, 17, 100])
  func statisticsMatchBruteForce(capacity: Int) {
    let seed: UInt64 = 0x5EED_0000 + UInt64(capacity)
    print("RollingWindow brute-force seed: \(seed) (capacity \(capacity))")
    var rng = SplitMix64(seed: seed)
    var w = RollingWindow(capacity: capacity)
    var all: [Double] = []
    for step in 0..<5_000 {
      let v: Double
      switch Int.random(in: 0..<20, using: &rng) {
      case 0: v = .nan
      case 1: v = Double(Int.random(in: -3...3, using: &rng))  // ties
      case 2: v = Double.random(in: -1e6...1e6, using: &rng)
      default: v = Double.random(in: -10...10, using: &rng)
      }
      w.push(v)
      all.append(v)
      let inWindow = Array(all.suffix(capacity))
      let finite = inWindow.filter { $0.isFinite }
      #expect(same(w.values.last, inWindow.last))
      #expect(w.min == finite.min(), "step \(step), seed \(seed)")
      #expect(w.max == finite.max(), "step \(step), seed \(seed)")
      let mean = finite.isEmpty ? nil : finite.reduce(0, +) / Double(finite.count)
      #expect(
        close(w.mean, mean, 1e-9),
        "step \(step): \(String(describing: w.mean)) vs \(String(describing: mean)), seed \(seed)")
      if step % 997 == 0 {
        #expect(w.values.count == inWindow.count)
        #expect(zip(w.values, inWindow).allSatisfy { same($0, $1) })
      }
    }
  }

  @Test func meanDoesNotDriftAfterLargeValuesLeave() {
    var w = RollingWindow(capacity: 10)
    w.push(1e17)
    for _ in 0..<9 { w.push(0.1) }
    w.push(0.1)  // 1e17 leaves
    #expect(close(w.mean, 0.1, 1e-15))
  }

  @Test func meanSurvivesAnOverflowingSum() {
    var w = RollingWindow(capacity: 4)
    for _ in 0..<4 { w.push(.greatestFiniteMagnitude) }
    #expect(w.mean == .greatestFiniteMagnitude)
    w.push(-.greatestFiniteMagnitude)
    w.push(-.greatestFiniteMagnitude)
    #expect(w.mean == 0)
    #expect(w.min == -.greatestFiniteMagnitude && w.max == .greatestFiniteMagnitude)
  }

  @Test func capacityBelowOneIsOne() {
    var w = RollingWindow(capacity: 0)
    w.push(1)
    w.push(2)
    #expect(w.capacity == 1 && w.values == [2])
  }
}
