import BarChart
import GraphView
import TestSupport
import Testing

@Suite struct RobustnessTests {
  @Test(arguments: [(19, 24), (80, 5), (0, 0), (-3, 10), (20, 6)])
  func tooSmallSaysSo(_ columns: Int, _ rows: Int) {
    let data = BarChartData(values: [3, 5, 2, 7])
    let text = BarChartRenderer.terminal(
      data, columns: columns, rows: rows, style: .blocks, firstBar: 0)
    if columns >= 20 && rows >= 6 {
      #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count == rows)
    } else {
      #expect(!text.contains("\n"))
      #expect(text.contains("too small"))
      #expect(
        BarChartRenderer.terminalVisibleBars(
          data, columns: columns, rows: rows, style: .blocks, firstBar: 0
        )
        .isEmpty)
    }
  }

  @Test func tooManySeriesForTheWidth() {
    let series = (0..<60).map { BarSeries(name: "s\($0)", values: [1, 2]) }
    let text = BarChartRenderer.terminal(
      BarChartData(labels: ["a", "b"], series: series), columns: 40, rows: 12, style: .ascii,
      firstBar: 0)
    #expect(!text.contains("\n") && text.contains("too small"))
  }

  @Test func noBars() {
    let text = BarChartRenderer.terminal(
      BarChartData(labels: [], series: []), columns: 80, rows: 24, style: .ascii, firstBar: 0)
    #expect(text == "bar chart: no bars to draw")
    let svg = BarChartRenderer.svg(
      BarChartData(labels: [], series: []), size: PixelSize(width: 300, height: 200), rounded: true)
    #expect(svg.contains("no bars to draw") && xmlParseError(svg) == nil)
  }

  @Test(arguments: [
    PixelSize(width: 0, height: 0), PixelSize(width: 50, height: 30),
    PixelSize(width: -5, height: 400), PixelSize(width: 121, height: 81),
  ])
  func tinySVGIsStillADocument(_ size: PixelSize) {
    let svg = BarChartRenderer.svg(BarChartData(values: [1, -2]), size: size, rounded: true)
    #expect(xmlParseError(svg) == nil)
  }

  @Test func hostileTextIsHarmless() throws {
    let s = try #require(scenarios.first { $0.name == "hostile" })
    for style in [TerminalBarStyle.blocks, .ascii] {
      for color in [false, true] {
        let text = BarChartRenderer.terminal(
          s.data, columns: s.columns, rows: s.rows, style: style, firstBar: 0, color: color)
        #expect(!text.contains("]0;"))
        #expect(!text.contains("[2J"))
        #expect(!text.unicodeScalars.contains { $0.value == 0x07 || $0.value == 0x202E })
        if !color { #expect(!text.unicodeScalars.contains { $0.value == 0x1B }) }
      }
    }
    let svg = BarChartRenderer.svg(s.data, size: PixelSize(width: 640, height: 400), rounded: false)
    #expect(!svg.contains("<script>") && !svg.contains("<b>"))
    #expect(svg.contains("&lt;script&gt;") && svg.contains("&lt;b&gt;&amp;amp;"))
    #expect(
      !svg.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
  }

  @Test func scrollingShowsHiddenCounts() {
    let data = BarChartData(values: (1...30).map(Double.init))
    for first in [-5, 0, 7, 29, 1000] {
      let range = BarChartRenderer.terminalVisibleBars(
        data, columns: 50, rows: 12, style: .ascii, firstBar: first)
      #expect(!range.isEmpty && range.lowerBound >= 0 && range.upperBound <= 30)
      if first <= 0 { #expect(range.lowerBound == 0) }
      if first >= 29 { #expect(range.upperBound == 30) }
      let text = BarChartRenderer.terminal(
        data, columns: 50, rows: 12, style: .ascii, firstBar: first)
      let last =
        text.split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init) ?? ""
      #expect(last.contains("< \(range.lowerBound) more") == (range.lowerBound > 0))
      #expect(last.contains("\(30 - range.upperBound) more >") == (range.upperBound < 30))
      // The first visible bar's label is its number.
      #expect(text.contains("\(range.lowerBound + 1)"))
    }
  }

  @Test(arguments: [1, 2, 3, 7])
  func bigAndOddSizesKeepTheirShape(_ seed: Int) {
    var values: [Double] = []
    var rng = SplitMix64(seed: UInt64(seed))
    for _ in 0..<(seed * 13) {
      let x = rng.next()
      values.append(Double(Int64(bitPattern: x >> 11) % 2001 - 1000) / Double(seed))
    }
    let data = BarChartData(values: values, title: "seed \(seed)")
    for (columns, rows) in [(20, 6), (33, 9), (200, 60), (3000, 7)] {
      for style in [TerminalBarStyle.blocks, .ascii] {
        let text = BarChartRenderer.terminal(
          data, columns: columns, rows: rows, style: style, firstBar: seed)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
          lines.count == min(rows, 2000) || (lines.count == 1 && text.contains("too small")),
          "seed \(seed)")
        if lines.count == 1 { #expect(text.hasPrefix("too small for th")) }
        for line in lines where displayWidth(line) > min(columns, 2000) {
          Issue.record("seed \(seed) \(columns)x\(rows) \(style): \(line)")
        }
      }
    }
    let svg = BarChartRenderer.svg(data, size: PixelSize(width: 333, height: 222), rounded: true)
    #expect(xmlParseError(svg) == nil, "seed \(seed)")
  }
}
