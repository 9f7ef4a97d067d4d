import BarChart
import Foundation
import GraphView
import TestSupport
import Testing

@Suite struct SVGTests {
  static let size = PixelSize(width: 640, height: 400)

  /// The scenarios that differ in SVG (which does not scroll).
  static let svgScenarios = scenarios.filter { !$0.name.hasPrefix("iowa-scrolled") }

  @Test(arguments: svgScenarios)
  func flat(_ s: Scenario) throws {
    let svg = BarChartRenderer.svg(s.data, size: Self.size, rounded: false)
    try assertSnapshot(svg, named: "\(s.name)-flat.svg")
    try checkWellFormed(svg)
    #expect(!pathData(svg).contains { $0.contains("C") })
  }

  @Test(arguments: svgScenarios)
  func rounded(_ s: Scenario) throws {
    let svg = BarChartRenderer.svg(s.data, size: Self.size, rounded: true)
    try assertSnapshot(svg, named: "\(s.name)-rounded.svg")
    try checkWellFormed(svg)
    let hasBars = s.data.series.contains { $0.values.contains { $0.isFinite && $0 != 0 } }
    #expect(pathData(svg).contains { $0.contains("C") } == hasBars)
  }

  func checkWellFormed(_ svg: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    #expect(xmlParseError(svg) == nil, sourceLocation: sourceLocation)
    if let lint = try xmllint(svg) {
      #expect(lint.status == 0, "\(lint.errors)", sourceLocation: sourceLocation)
    }
    #expect(svg.hasPrefix("<?xml version=\"1.0\""), sourceLocation: sourceLocation)
    #expect(svg.contains("fill=\"#ffffff\""), sourceLocation: sourceLocation)
  }
}

/// The `d` attributes of every `<path>`.
func pathData(_ svg: String) -> [String] {
  svg.components(separatedBy: "<path d=\"").dropFirst().map {
    String($0.prefix { $0 != "\"" })
  }
}
