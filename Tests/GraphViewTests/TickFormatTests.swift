import Foundation
import GraphView
import Testing

/// One line of Fixtures/tick-formats.tsv (scripts/make-format-fixture): gnuplot's gprintf
/// of a format and a value.
struct GnuplotFormatted: Sendable, CustomStringConvertible {
  var format: String
  var value: Double
  var decimalSign: String
  var label: String
  var description: String { "\(format) of \(value) (sign \(decimalSign))" }

  static func load() -> [GnuplotFormatted] {
    let url = testsDirectory().appendingPathComponent("Fixtures/tick-formats.tsv")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
      let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      return GnuplotFormatted(
        format: f[0], value: Double(f[1])!, decimalSign: f[2], label: f.count > 3 ? f[3] : "")
    }
  }
}

/// Tick label formats (gnuplot's `set format`) against gnuplot's own gprintf.
@Suite struct TickFormatTests {
  static let cases = GnuplotFormatted.load()

  @Test func fixtureIsThere() {
    #expect(Self.cases.count == 676)
  }

  @Test func everyLabelIsGnuplots() throws {
    var wrong: [String] = []
    for c in Self.cases {
      let format = try TickFormat(c.format)
      let ours = format.string(c.value, decimalSign: c.decimalSign == "." ? nil : c.decimalSign)
      if ours != c.label { wrong.append("\(c): ours '\(ours)' gnuplot '\(c.label)'") }
    }
    #expect(wrong.isEmpty, "\(wrong.count) differ:\n\(wrong.prefix(20).joined(separator: "\n"))")
  }

  /// `%l` and `%L` take the log axis's base (gnuplot's gprintf outside an axis has none).
  @Test func logBaseMantissaAndPower() throws {
    let f = try TickFormat("%l*2^%L")
    #expect(f.string(1024, base: 2) == "1.000000*2^10")
    #expect(f.string(40, base: 2) == "1.250000*2^5")
    #expect(try TickFormat("%L").string(1000) == "3")
  }

  @Test(arguments: [("%", 0), ("ab%q", 2), ("%d", 0), ("x %.3", 2), ("%1234567890123f", 0)])
  func badFormatsSayWhere(_ text: String, _ offset: Int) {
    #expect(throws: TickFormat.Problem.self) { try TickFormat(text) }
    do {
      _ = try TickFormat(text)
    } catch {
      #expect(error.offset == offset)
    }
  }

  /// Placed ticks: a step from its multiples, a start, an end; a list keeps its labels.
  @Test func placement() {
    var rule = TickRule()
    rule.placement = .step(start: nil, step: 0.3, end: nil)
    let ticks = rule.ticks(automatic: [], range: -1...1, scale: .linear, isTime: false)
    #expect(ticks.map(\.label) == ["-0.9", "-0.6", "-0.3", "0", "0.3", "0.6", "0.9"])
    #expect(ticks[3].value == 0 && ticks[3].value.sign == .plus)
    rule.placement = .step(start: 0.5, step: 1, end: 3)
    #expect(
      rule.ticks(automatic: [], range: 0...10, scale: .linear, isTime: false).map(\.value)
        == [0.5, 1.5, 2.5])
    rule.placement = .list([.init(value: 2, label: "two"), .init(value: 20, label: nil)])
    #expect(
      rule.ticks(automatic: [], range: 0...10, scale: .linear, isTime: false).map(\.label)
        == ["two"])
    rule.placement = .none
    #expect(
      rule.ticks(
        automatic: [Tick(value: 1, label: "1")], range: 0...2, scale: .linear, isTime: false
      ).isEmpty)
  }
}
