import Testing

@testable import DataFiles

/// `GnuplotColumnStats.orderStatistics` (the selection behind `stats`' median and
/// quartiles) against a sort, on values with many ties, sorted and reversed runs, and
/// sizes around the quartile rules' cases.
@Suite struct OrderStatisticsTests {
  @Test func selectionEqualsTheSortedOrder() {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
    for n in [1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 100, 1001, 4096, 20000] {
      for shape in 0..<4 {
        var values = (0..<n).map { _ in Double(next() % 50) - 25 }
        if shape == 1 { values.sort() }
        if shape == 2 { values.sort(by: >) }
        if shape == 3 { values = values.map { $0 == 0 ? -0.0 : $0 * 1e-3 } }
        let places = Array(Set((0..<8).map { _ in Int(next() % UInt64(n)) } + [0, n - 1]))
        let found = GnuplotColumnStats.orderStatistics(values, at: places)
        let sorted = values.sorted()
        for k in places {
          #expect(found[k] == sorted[k], "n \(n) shape \(shape) place \(k)")
        }
      }
    }
  }

  @Test func theMedianAndQuartilesAreTheSortedOnes() {
    let values: [Double] = [5, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8]
    let s = GnuplotColumnStats(values)
    let t = values.sorted()
    #expect(s.median == 0.5 * (t[5] + t[6]))
    #expect(s.lowerQuartile == 0.5 * (t[2] + t[3]))
    #expect(s.upperQuartile == 0.5 * (t[8] + t[9]))
  }
}
