import Foundation
import GraphView
import SVGRenderer
import TestSupport
import Testing
import TextCanvas

/// gnuplot's labels (`set title`, `set xlabel`, `set ylabel`, `set key ...`) as the layout
/// draws them, in the terminal and in SVG, against golden files.
@Suite struct LabelTests {
  /// Title, both axis labels and a legend in the top left corner.
  static let labelled = PlotLayout.Options(
    title: "Two curves", xLabel: "time (s)", yLabel: "amplitude (V)",
    legendPlacement: .topLeft)

  @Test func terminalPlotWithTitleAndLabels() throws {
    let text = renderText(BrailleCanvas(columns: 80, rows: 24), options: Self.labelled)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.count == 24)
    // The title, then the y label at the left, both above the frame; the x label last.
    #expect(lines[0].trimmingCharacters(in: .whitespaces) == "Two curves")
    #expect(lines[1].hasPrefix("amplitude (V)"))
    #expect(lines[2].contains("+---"))
    #expect(lines[23].trimmingCharacters(in: .whitespaces) == "time (s)")
    // The legend's first entry is in the top left corner of the plot area.
    let legendRow = try #require(lines.first { $0.contains("1.5*sin(x)") })
    let column = try #require(legendRow.range(of: "1.5*sin(x)")).lowerBound
    #expect(legendRow.distance(from: legendRow.startIndex, to: column) < 20)
    try assertSnapshot(text, named: "braille-80x24-labels.txt")
  }

  @Test func svgWithTitleAndLabels() throws {
    let svg = renderSVG(options: Self.labelled)
    try assertWellFormed(svg)
    for text in ["Two curves", "time (s)", "amplitude (V)"] {
      #expect(svg.contains(">\(text)</text>"), "\(text)")
    }
    try assertSnapshot(svg, named: "plot-800x600-labels.svg")
  }

  /// Each fixed corner puts the legend there; `outside` puts it right of the frame and
  /// narrows the plot area; a curve with an empty title has no entry.
  @Test(arguments: LegendPlacement.allCases)
  func legendPlacement(_ placement: LegendPlacement) throws {
    let options = PlotLayout.Options(
      legendPlacement: placement, legendTitles: ["1.5*sin(x)", "1/x"])
    let canvas = AsciiCanvas(columns: 80, rows: 24)
    let area = PlotLayout.plotArea(for: canvas, options: options, yTickLabels: ["-2"])
    let text = renderText(canvas, options: options)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let row = try #require(lines.firstIndex { $0.contains("1.5*sin(x)") })
    let line = lines[row]
    let column = line.distance(
      from: line.startIndex, to: try #require(line.range(of: "1.5*sin(x)")).lowerBound)
    let plotRight = Int(area.maxX / 3)  // ASCII: 3 dots a cell across
    switch placement {
    case .topLeft: #expect(row <= 2 && column < 20)
    case .topRight: #expect(row <= 2 && column > 50)
    case .bottomLeft: #expect(row >= 17 && column < 20)
    case .bottomRight: #expect(row >= 17 && column > 50)
    case .outside: #expect(column > plotRight)
    case .best: break
    }
    if placement == .outside {
      #expect(area.maxX < PlotLayout.plotArea(for: canvas, yTickLabels: ["-2"]).maxX)
    }
  }

  @Test func emptyTitlesHaveNoLegendEntry() {
    let text = renderText(AsciiCanvas(columns: 80, rows: 24)) { area in
      var plot = samplePlot(area: area)
      plot.curves[1].title = ""
      return plot
    }
    #expect(text.contains("1.5*sin(x)"))
    #expect(!text.contains("1/x"))
  }
}
