import BarChart
import GraphView
import Testing

@Suite struct LayoutTests {
  struct AxisCase: Sendable, CustomTestStringConvertible {
    var min: Double
    var max: Double
    var testDescription: String { "[\(min), \(max)]" }
  }

  @Test(arguments: [
    AxisCase(min: 2, max: 7), AxisCase(min: -5, max: 7), AxisCase(min: -4.5, max: -1),
    AxisCase(min: 0, max: 0), AxisCase(min: 42, max: 42), AxisCase(min: 5e299, max: 2.5e300),
    AxisCase(min: -1e308, max: 1e308), AxisCase(min: 0.001, max: 0.0037),
    AxisCase(min: 8731, max: 2_045_877), AxisCase(min: .nan, max: .infinity),
    AxisCase(min: 0x7e8p-1074, max: 0x17b8p-1074),  // 1e-320, 3e-320
  ])
  func valueAxisIncludesZeroAndData(_ c: AxisCase) {
    for n in [2, 5, 10] {
      let a = BarLayout.valueAxis(minimum: c.min, maximum: c.max, approximateTicks: n)
      #expect(a.lower <= 0 && a.upper >= 0 && a.lower < a.upper)
      #expect(a.lower.isFinite && a.upper.isFinite && a.step > 0)
      // Within rounding: a huge bound times the step can come out an ulp inside.
      if c.min.isFinite { #expect(a.lower <= BarLayout.clampValue(c.min) * (1 - 1e-12)) }
      if c.max.isFinite { #expect(a.upper >= BarLayout.clampValue(c.max) * (1 - 1e-12)) }
      #expect(a.ticks.first?.value == a.lower)
      #expect(a.ticks.last?.value == a.upper)
      #expect(a.ticks.contains { $0.value == 0 && $0.label == "0" })
      for (t, u) in zip(a.ticks, a.ticks.dropFirst()) {
        #expect(abs((u.value - t.value) - a.step) <= a.step * 1e-9)
      }
    }
  }

  @Test func valueAxisNiceValues() {
    let a = BarLayout.valueAxis(minimum: -5, maximum: 7, approximateTicks: 6)
    #expect(a.step == 2)
    #expect(a.lower == -6 && a.upper == 8)
    #expect(a.ticks.map(\.label) == ["-6", "-4", "-2", "0", "2", "4", "6", "8"])
    #expect(a.middle == 1)
    let zero = BarLayout.valueAxis(minimum: 0, maximum: 0, approximateTicks: 5)
    #expect(zero.lower == 0 && zero.upper == 1)
    let fractions = BarLayout.valueAxis(minimum: 0, maximum: 0.3, approximateTicks: 4)
    #expect(fractions.ticks.map(\.label) == ["0", "0.1", "0.2", "0.3"])
  }

  @Test(arguments: [
    (12345.0, Int.max, "12345"), (0.1 + 0.2, Int.max, "0.3"), (2.5, Int.max, "2.5"),
    (-4.5, Int.max, "-4.5"), (1e300, Int.max, "1e300"), (2_045_877, 3, "2045877"),
    (Double.pi, 5, "3.142"), (Double.pi, Int.max, "3.14159265358979"), (123456.789, 4, "123457"),
    (0, 1, "0"), (Double.infinity, 2, "inf"), (-Double.infinity, 9, "-inf"), (1e20, 5, "1e20"),
    (0.000012345678, 7, "1.23e-5"), (0.000012345678, 6, "1.2e-5"),
  ])
  func valueLabels(_ value: Double, _ width: Int, _ expected: String) {
    #expect(BarLayout.valueLabel(value, maxWidth: width) == expected)
  }

  @Test func missingValueLabel() {
    #expect(BarLayout.valueLabel(.nan) == "–")
    #expect(BarLayout.valueLabel(.nan, missing: "-") == "-")
  }

  @Test func terminalSlotsFitAll() throws {
    let s = try #require(
      BarLayout.terminalSlots(
        groupCount: 4, seriesCount: 1, width: 56, labelWidth: 1, firstGroup: 3))
    #expect(s.barWidth == 8)
    #expect(s.slotWidth == 14)
    #expect(s.visible == 0..<4)
    #expect(!s.scrolls)
    #expect(Double(s.visibleCount) * s.slotWidth <= 56)
    #expect(s.gap >= 1)
  }

  /// Groups that fit share the whole width; bars widen with their slots up to a cap (so a
  /// few bars on a wide terminal are not slabs).
  @Test(arguments: [
    // (groups, series, width) -> (slot, bar)
    (4, 1, 117, 29, 10),  // `bar 3 -5 2 7` at 120 columns: the cap of 10
    (4, 1, 77, 19, 10),
    (8, 1, 112, 14, 8),  // 3/5 of the slot
    (3, 1, 20, 6, 4),  // the fitting width (4) beats 3/5 of 6
    (8, 3, 112, 14, 3),  // 3/4 of 14 over 3 bars
    (4, 2, 117, 29, 6),  // the cap for pairs
    (4, 3, 117, 29, 5),
    (4, 5, 117, 29, 3),
  ])
  func terminalSlotsShareTheWidth(
    _ c: (groups: Int, series: Int, width: Int, slot: Int, bar: Int)
  ) throws {
    let s = try #require(
      BarLayout.terminalSlots(
        groupCount: c.groups, seriesCount: c.series, width: c.width, labelWidth: 2, firstGroup: 0))
    #expect(!s.scrolls)
    #expect(s.slotWidth == Double(c.slot))
    #expect(s.barWidth == Double(c.bar))
    #expect(s.gap >= 2)
  }

  @Test func terminalSlotsScrollAndClamp() throws {
    let first = try #require(
      BarLayout.terminalSlots(
        groupCount: 30, seriesCount: 1, width: 40, labelWidth: 2, firstGroup: 0))
    #expect(first.scrolls)
    #expect(first.hiddenBefore == 0)
    #expect(first.hiddenAfter == 30 - first.visibleCount)
    let last = try #require(
      BarLayout.terminalSlots(
        groupCount: 30, seriesCount: 1, width: 40, labelWidth: 2, firstGroup: 99))
    #expect(last.visible.upperBound == 30)
    #expect(last.hiddenAfter == 0)
    #expect(last.hiddenBefore == 30 - last.visibleCount)
    let negative = try #require(
      BarLayout.terminalSlots(
        groupCount: 30, seriesCount: 1, width: 40, labelWidth: 2, firstGroup: -7))
    #expect(negative.firstGroup == 0)
    #expect(
      BarLayout.terminalSlots(
        groupCount: 3, seriesCount: 40, width: 30, labelWidth: 2, firstGroup: 0)
        == nil)
  }

  @Test func groupsSitInsideTheirSlots() {
    let s = BarLayout.svgSlots(groupCount: 9, seriesCount: 3, width: 600)
    for g in 0..<9 {
      #expect(s.barLeft(group: g, series: 0) >= s.slotLeft(g))
      #expect(s.barLeft(group: g, series: 2) + s.barWidth <= s.slotLeft(g) + s.slotWidth + 1e-9)
    }
    #expect(s.barWidth <= 48)
  }

  @Test func pivotLongToWide() {
    let d = BarChartData.pivot(rows: [
      ("2001", "Fossil", 10), ("2001", "Nuclear", 3), ("2002", "Fossil", 12),
      ("2003", "Wind", 1), ("2002", "Fossil", 0.5), ("2003", "Nuclear", .nan),
    ])
    #expect(d.labels == ["2001", "2002", "2003"])
    #expect(d.series.map(\.name) == ["Fossil", "Nuclear", "Wind"])
    #expect(d.series[0].values == [10, 12.5, .nan].map { $0 } || d.series[0].values[2].isNaN)
    #expect(d.series[0].values[0] == 10 && d.series[0].values[1] == 12.5)
    #expect(
      d.series[1].values[0] == 3 && d.series[1].values[1].isNaN && d.series[1].values[2].isNaN)
    #expect(d.series[2].values[0].isNaN && d.series[2].values[2] == 1)
  }

  @Test func iowaPivot() {
    let d = iowa()
    #expect(d.labels.count == 17 && d.labels.first == "2001" && d.labels.last == "2017")
    #expect(d.series.map(\.name) == ["Fossil Fuels", "Nuclear Energy", "Renewables"])
    #expect(d.series[2].values.last == 21933)
  }

  @Test func groupCountAndLabels() {
    let d = BarChartData(
      labels: ["a"],
      series: [BarSeries(name: "x", values: [1, 2, 3]), BarSeries(name: "y", values: [4])])
    #expect(d.groupCount == 3)
    #expect(d.label(at: 0) == "a" && d.label(at: 2) == "3")
    #expect(d.value(series: 1, group: 2).isNaN)
    #expect(d.value(series: 5, group: 0).isNaN)
    #expect(d.value(series: 0, group: 1) == 2)
  }
}
