import BarChart
import TestSupport
import Testing

@Suite struct TerminalTests {
  @Test(arguments: scenarios)
  func blocks(_ s: Scenario) throws {
    let text = BarChartRenderer.terminal(
      s.data, columns: s.columns, rows: s.rows, style: .blocks, firstBar: s.firstBar)
    try assertSnapshot(text, named: "\(s.name)-blocks.txt")
    try checkShape(text, s)
  }

  @Test(arguments: scenarios)
  func ascii(_ s: Scenario) throws {
    let text = BarChartRenderer.terminal(
      s.data, columns: s.columns, rows: s.rows, style: .ascii, firstBar: s.firstBar)
    try assertSnapshot(text, named: "\(s.name)-ascii.txt")
    try checkShape(text, s)
    #expect(text.unicodeScalars.allSatisfy { $0.value == 0x0A || (0x20...0x7E).contains($0.value) })
  }

  @Test(arguments: ["iowa", "negative", "hostile"])
  func color(_ name: String) throws {
    let s = try #require(scenarios.first { $0.name == name })
    let text = BarChartRenderer.terminal(
      s.data, columns: s.columns, rows: s.rows, style: .blocks, firstBar: s.firstBar, color: true)
    try assertSnapshot(text, named: "\(s.name)-color.txt")
    // Only SGR sequences: ESC [ digits/semicolons m.
    let scalars = Array(text.unicodeScalars)
    for (i, c) in scalars.enumerated() where c.value == 0x1B {
      #expect(i + 1 < scalars.count && scalars[i + 1] == "[")
      let rest = scalars[(i + 2)...].prefix { $0 != "m" }
      #expect(rest.allSatisfy { ("0"..."9").contains($0) || $0 == ";" })
    }
  }

  /// The text has the terminal's rows, no line wider than its columns, and no control
  /// characters but newlines.
  func checkShape(_ text: String, _ s: Scenario) throws {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == s.rows)
    for line in lines {
      #expect(displayWidth(line) <= s.columns, "\(line)")
      #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }
  }
}

/// Terminal cells a line takes (CJK ideographs two).
func displayWidth(_ line: Substring) -> Int {
  line.unicodeScalars.reduce(0) { $0 + ((0x4E00...0x9FFF).contains($1.value) ? 2 : 1) }
}
