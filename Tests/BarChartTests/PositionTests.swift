import BarChart
import Foundation
import GraphView
import Testing

/// `bar 3 -5 2 7` with `labels "a" "b" "c" "d"`: where the bars really are.
@Suite struct PositionTests {
  static let data = BarChartData(values: [3, -5, 2, 7], labels: ["a", "b", "c", "d"])

  /// The rows of a rendered chart as arrays of characters.
  func grid(_ text: String) -> [[Character]] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
  }

  @Test(arguments: [TerminalBarStyle.blocks, .ascii])
  func negativeBarBelowZeroLine(_ style: TerminalBarStyle) throws {
    let text = BarChartRenderer.terminal(
      Self.data, columns: 60, rows: 18, style: style, firstBar: 0)
    let rows = grid(text)
    let zeroChar: Character = style == .ascii ? "=" : "━"
    let fullChar: Character = style == .ascii ? "#" : "█"
    let zero = try #require(rows.firstIndex { $0.filter { $0 == zeroChar }.count > 20 })
    #expect(rows[zero].starts(with: Array(" 0 ")))
    // The label row: a, b, c, d; each bar's column is its label's column.
    let labelRow = try #require(rows.lastIndex { $0.contains("a") && $0.contains("d") })
    #expect(labelRow > zero)
    func column(_ label: Character) throws -> Int {
      try #require(rows[labelRow].firstIndex(of: label))
    }
    func cell(_ r: Int, _ c: Int) -> Character { c < rows[r].count ? rows[r][c] : " " }
    for (label, value) in [("a", 3.0), ("b", -5), ("c", 2), ("d", 7)] {
      let c = try column(Character(label))
      let above = (0..<zero).filter { cell($0, c) == fullChar }
      let below = ((zero + 1)..<labelRow).filter { cell($0, c) == fullChar }
      if value > 0 {
        #expect(!above.isEmpty && below.isEmpty, "\(label)")
        #expect(above.max() == zero - 1, "\(label) stands on the zero line")
      } else {
        #expect(above.isEmpty && below.count >= 4, "\(label)")
        #expect(below.min() == zero + 1, "\(label) hangs from the zero line")
        // Its value is written below it.
        let valueRow = try #require(
          ((zero + 1)..<labelRow).first { String(rows[$0]).contains("-5") })
        #expect(valueRow > (below.max() ?? zero))
      }
    }
    // Taller values make taller bars: 7 > 3 > 2.
    func height(_ label: Character) throws -> Int {
      let c = try column(label)
      return (0..<zero).filter {
        cell($0, c) != " " && cell($0, c) != "─" && cell($0, c) != "-" && !cell($0, c).isNumber
      }.count
    }
    #expect(try height("d") > height("a"))
    #expect(try height("a") > height("c"))
  }

  /// In a group, a value label no wider than its bar (`9000` on 4 cells) sits right above
  /// the bar even where a taller bar of its group stands next to it; a wider one (`10000`)
  /// would touch that bar, and is left out.
  @Test(arguments: [TerminalBarStyle.blocks, .ascii], [9000.0, 10000])
  func groupedLabelsAboveTheirBars(_ style: TerminalBarStyle, _ value: Double) throws {
    let data = BarChartData(
      labels: ["p", "q", "r", "s"],
      series: [
        BarSeries(name: "a", values: [50000, 40000, 30000, 20000]),
        BarSeries(name: "b", values: [value, value, value, value]),
      ])
    let text = BarChartRenderer.terminal(data, columns: 60, rows: 18, style: style, firstBar: 0)
    let rows = grid(text)
    let aFill: Character = style == .ascii ? "#" : "█"
    let label = Array(String(Int(value)))
    // Four labels, in one row, each starting over the first column of its group's b bar
    // (4 cells wide), with the taller a bar right beside it.
    let labelRows = rows.indices.filter { String(rows[$0]).contains(String(label)) }
    if value >= 10000 {
      #expect(labelRows.isEmpty, "\(text)")
      return
    }
    try #require(labelRows.count == 1, "\(text)")
    let r = labelRows[0]
    var starts: [Int] = []
    for i in rows[r].indices where i + label.count <= rows[r].count {
      if Array(rows[r][i..<(i + label.count)]) == label { starts.append(i) }
    }
    #expect(starts.count == 4, "\(text)")
    for i in starts {
      // Below: the top of the b bar (its fill, or in ASCII its eighths) under the label's
      // first 4 cells, and the a bar just left of it, in the label's row too.
      let under = rows[r + 1][i..<(i + 4)]
      #expect(Set(under).count == 1 && under.first != " " && under.first != aFill, "\(text)")
      #expect(rows[r + 1][i - 1] == aFill && rows[r][i - 1] == aFill, "\(text)")
    }
  }

  @Test func svgBarsNarrowerThanAPixelAreAggregatedByColumn() throws {
    // 200,000 bars from -2 to 4, one of 9: each pixel column is one box from the column's
    // lowest value to its highest. Drawn one by one they made a file of 200,000 elements
    // (1e6 bars: 161 MB, 70 s), growing with the bars instead of the width.
    var values = (0..<200_000).map { Double($0 % 7 - 2) }
    values[123_457] = 9
    let svg = BarChartRenderer.svg(
      BarChartData(values: values), size: PixelSize(width: 800, height: 600), rounded: true)
    let lines = svg.components(separatedBy: "\n")
    let zeroLine = try #require(lines.first { $0.contains("#999999") })
    let zeroY = try #require(numbers(in: zeroLine).dropFirst().first)
    let boxes = lines.filter { $0.hasPrefix("<rect") && $0.contains("fill=\"#1f77b4\"") }
      .map { numbers(in: $0) }  // x, y, width, height
    #expect(boxes.count > 700 && boxes.count <= 800)
    #expect(svg.utf8.count < 150_000)
    let tops = boxes.map { zeroY - $0[1] }
    let bottoms = boxes.map { $0[1] + $0[3] - zeroY }
    let typical = try #require(tops.sorted()[tops.count / 2])
    #expect(typical > 100)
    // Every box spans the column's range: 4 above the zero line, 2 below; one reaches 9.
    #expect(tops.filter { abs($0 - typical) > 0.01 }.count == 1)
    #expect(abs((tops.max() ?? 0) / typical - 9.0 / 4) < 0.01)
    #expect(bottoms.allSatisfy { abs($0 / typical - 2.0 / 4) < 0.01 })
    // The columns together cover the plot without gaps wider than a pixel.
    let xs = boxes.map { $0[0] }.sorted()
    #expect(zip(xs, xs.dropFirst()).allSatisfy { $1 - $0 < 1.01 })
    // The spike's value is labelled; the bars' numbers are whole, none cut to `…`.
    let texts = lines.filter { $0.hasPrefix("<text") }
    #expect(texts.contains { $0.contains(">9</text>") })
    #expect(!texts.contains { $0.contains("…") })
    #expect(texts.contains { $0.contains(">1</text>") })
  }

  @Test(arguments: [false, true])
  func svgNegativeBarBelowZeroLine(_ rounded: Bool) throws {
    let svg = BarChartRenderer.svg(
      Self.data, size: PixelSize(width: 640, height: 400), rounded: rounded)
    // The zero line: the grey horizontal path.
    let zeroLine = try #require(svg.components(separatedBy: "\n").first { $0.contains("#999999") })
    let zeroY = try #require(numbers(in: zeroLine).dropFirst().first)
    // The bars, in data order: their vertical extents.
    let bars = svg.components(separatedBy: "\n").filter {
      $0.contains("fill=\"#1f77b4\"") && !$0.contains("<text")
    }
    try #require(bars.count == 4)
    var extents: [(top: Double, bottom: Double)] = []
    for bar in bars {
      let ys: [Double]
      if rounded {
        let d = try #require(pathData(bar).first)
        ys = pairs(pathNumbers(d)).map(\.1)
      } else {
        let v = numbers(in: bar)  // x, y, width, height
        ys = [v[1], v[1] + v[3]]
      }
      extents.append((ys.min() ?? 0, ys.max() ?? 0))
    }
    for (i, value) in [3.0, -5, 2, 7].enumerated() {
      if value > 0 {
        #expect(abs(extents[i].bottom - zeroY) < 0.01 && extents[i].top < zeroY - 10)
      } else {
        #expect(abs(extents[i].top - zeroY) < 0.01 && extents[i].bottom > zeroY + 10)
      }
    }
    // Lengths proportional to the values: 7 / 3 and 5 / 3.
    let len = extents.map { $0.bottom - $0.top }
    #expect(abs(len[3] / len[0] - 7.0 / 3) < 0.02)
    #expect(abs(len[1] / len[0] - 5.0 / 3) < 0.02)
    // The value of the negative bar is written below it, the others above.
    let texts = svg.components(separatedBy: "\n").filter { $0.hasPrefix("<text") }
    let minus5 = try #require(texts.first { $0.hasSuffix(">-5</text>") && $0.contains("middle") })
    #expect(try #require(numbers(in: minus5).dropFirst().first) > extents[1].bottom)
    let seven = try #require(texts.first { $0.hasSuffix(">7</text>") && $0.contains("middle") })
    #expect(try #require(numbers(in: seven).dropFirst().first) < extents[3].top)
  }
}

/// The decimal numbers in `s`, in order (`-` counts as a sign only after a non-digit).
func numbers(in s: String) -> [Double] {
  let regex = try! NSRegularExpression(pattern: "(?<![0-9a-zA-Z#])-?[0-9]+(\\.[0-9]+)?")
  let ns = s as NSString
  return regex.matches(in: s, range: NSRange(location: 0, length: ns.length)).compactMap {
    Double(ns.substring(with: $0.range))
  }
}

/// The numbers of SVG path data `d`: every number, also one right after a command letter
/// (`numbers(in:)` skips those, as parts of names).
func pathNumbers(_ d: String) -> [Double] {
  let regex = try! NSRegularExpression(pattern: "-?[0-9]+(\\.[0-9]+)?")
  let ns = d as NSString
  return regex.matches(in: d, range: NSRange(location: 0, length: ns.length)).compactMap {
    Double(ns.substring(with: $0.range))
  }
}

func pairs(_ v: [Double]) -> [(Double, Double)] {
  stride(from: 0, to: v.count - 1, by: 2).map { (v[$0], v[$0 + 1]) }
}
