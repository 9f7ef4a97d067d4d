import GraphView
import SVGRenderer
import Testing
import TextCanvas

@testable import BarChart

/// A renderer that records what it is asked to draw.
struct RecordingRenderer: PlotRenderer {
  enum Op: Equatable {
    case bar(PixelBar, DrawStyle)
    case rule(y: Double, x0: Double, x1: Double, DrawStyle)
    case fill(PixelRect, DrawStyle)
    case text(String, PixelPoint, TextAnchor, DrawStyle)
    case polyline([PixelPoint], DrawStyle)
  }
  var size: PixelSize
  var ops: [Op] = []

  mutating func drawPolyline(_ points: [PixelPoint], style: DrawStyle) {
    ops.append(.polyline(points, style))
  }
  mutating func drawHorizontalLine(
    atY y: Double, from x0: Double, to x1: Double, style: DrawStyle
  ) {
    ops.append(.rule(y: y, x0: x0, x1: x1, style))
  }
  mutating func fillBar(_ bar: PixelBar, style: DrawStyle) { ops.append(.bar(bar, style)) }
  mutating func fillRect(_ rect: PixelRect, style: DrawStyle) { ops.append(.fill(rect, style)) }
  mutating func drawText(
    _ text: String, at point: PixelPoint, anchor: TextAnchor, style: DrawStyle
  ) {
    ops.append(.text(text, point, anchor, style))
  }
  func textSize(_ text: String) -> (width: Double, height: Double) {
    (Double(text.count) * 7.2, 14.4)
  }

  var bars: [PixelBar] {
    ops.compactMap {
      if case .bar(let b, _) = $0 { return b }
      return nil
    }
  }
}

@Suite struct BarChartsDrawThroughTheRendererProtocol {
  static let data = BarChartData(values: [3, -2, 5], labels: ["a", "b", "c"], title: "T")

  @Test func barsAreFillsFromTheZeroLineInProportionToTheirValues() throws {
    var r = RecordingRenderer(size: PixelSize(width: 640, height: 400))
    BarChartRenderer.draw(Self.data, into: &r, rounded: false)
    let bars = r.bars
    #expect(bars.count == 3)
    let zero = try #require(
      r.ops.compactMap { op -> Double? in
        if case .rule(let y, _, _, .axis) = op { return y }
        return nil
      }.first)
    for (bar, value) in zip(bars, [3.0, -2, 5]) {
      #expect(bar.base == zero)
      #expect(abs((bar.base - bar.end) / (bars[2].base - bars[2].end) - value / 5) < 1e-12)
      #expect(bar.cornerRadius == 0)
    }
    let titleSize = r.textSize("0").height / 1.2 * 7 / 6  // the renderer's font
    let title = r.ops.first {
      if case .text("T", _, _, .title) = $0 { return true }
      return false
    }
    #expect(
      title
        == .text(
          "T", PixelPoint(x: 320, y: 8 + 0.9 * titleSize * 1.2 - 0.1 * titleSize),
          TextAnchor(.center, .baseline),
          .title))
  }

  @Test func roundedBarsAskForRoundCornersOfAtMostAQuarterOfTheirWidth() {
    var r = RecordingRenderer(size: PixelSize(width: 640, height: 400))
    BarChartRenderer.draw(Self.data, into: &r, rounded: true)
    #expect(r.bars.count == 3)
    for bar in r.bars {
      #expect(bar.cornerRadius > 0)
      #expect(bar.cornerRadius <= min(bar.width / 4, 10))
    }
  }

  @Test func theSVGRendererWritesBarsAndRulesAsTheChartDid() {
    var svg = SVGRenderer(size: PixelSize(width: 100, height: 100))
    svg.drawHorizontalLine(atY: 20, from: 10, to: 30.5, style: .midline)
    svg.fillBar(PixelBar(x: 10, width: 20, base: 80, end: 30), style: .bar(1))
    svg.fillBar(PixelBar(x: 40, width: 20, base: 80, end: 30, cornerRadius: 5), style: .bar(0))
    let lines = svg.document().split(separator: "\n").map(String.init)
    #expect(
      lines.contains(
        "<path d=\"M10,20H30.5\" fill=\"none\" stroke=\"#c8c8c8\" stroke-width=\"1\" "
          + "stroke-dasharray=\"6 4\" shape-rendering=\"crispEdges\"/>"))
    #expect(
      lines.contains("<rect x=\"10\" y=\"30\" width=\"20\" height=\"50\" fill=\"#d62728\"/>"))
    let rounded = lines.first { $0.hasPrefix("<path d=\"M40,80L40,35C") }
    #expect(rounded?.hasSuffix("L60,80Z\" fill=\"#1f77b4\"/>") == true)
  }

  @Test func theCellRendererShowsABarsEndInEighthsOfACell() {
    var blocks = BarCellRenderer(columns: 4, rows: 5, ascii: false, color: false)
    blocks.fillBar(PixelBar(x: 1, width: 2, base: 4, end: 4 - 2.375), style: .bar(0))
    #expect(blocks.render() == "\n ▃▃\n ██\n ██\n")
    var ascii = BarCellRenderer(columns: 4, rows: 5, ascii: true, color: false)
    ascii.fillBar(PixelBar(x: 0, width: 1, base: 1, end: 1 + 1.25), style: .bar(1))
    #expect(ascii.render() == "\n=\n'\n\n")
  }

  @Test func aBrailleCanvasDrawsTheChartInDots() {
    // The pixel layout measures text at the SVG's 12 px, so a dot canvas needs to be large.
    var canvas = BrailleCanvas(columns: 160, rows: 60)
    BarChartRenderer.draw(Self.data, into: &canvas, rounded: false)
    let text = canvas.render()
    // Each of the three bars is a run of full braille cells.
    #expect(text.split(separator: "\n").contains { $0.contains("⣿⣿⣿⣿") })
  }
}
