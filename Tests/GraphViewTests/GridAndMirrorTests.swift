import GraphView
import Testing

/// Records the lines, texts and styles a layout draws, as a picture output would (it has a
/// grid).
struct GridLineRecorder: PlotRenderer {
  var size = PixelSize(width: 100, height: 100)
  var lines: [(from: PixelPoint, to: PixelPoint, style: DrawStyle)] = []
  var texts: [(text: String, at: PixelPoint, anchor: TextAnchor)] = []
  var capabilities: RendererCapabilities { [.grid] }
  var tickLength: Double { 4 }
  mutating func drawPolyline(_ points: [PixelPoint], style: DrawStyle) {}
  mutating func drawLine(from: PixelPoint, to: PixelPoint, style: DrawStyle) {
    lines.append((from, to, style))
  }
  mutating func drawText(_ text: String, at point: PixelPoint, anchor: TextAnchor, style: DrawStyle)
  {
    texts.append((text, point, anchor))
  }
  func textSize(_ text: String) -> (width: Double, height: Double) { (Double(text.count) * 7, 12) }
}

/// gnuplot's `set grid y2tics` and `set xtics nomirror` with minor ticks (tracker issue 16,
/// differences left by the last round), drawn through the layout.
@Suite struct GridAndMirrorTests {
  /// A 0...10 square plot in a 100 x 100 area, ticks at 0, 5, 10 on both axes, minor ticks
  /// (as a log axis has them) at 2.5 and 7.5.
  static func plot() -> SampledPlot {
    let ticks = [
      Tick(value: 0, label: "0"), Tick(value: 2.5, label: "", isMinor: true),
      Tick(value: 5, label: "5"), Tick(value: 7.5, label: "", isMinor: true),
      Tick(value: 10, label: "10"),
    ]
    return SampledPlot(
      viewport: Viewport(xRange: 0...10, yRange: 0...10, size: PixelSize(width: 100, height: 100)),
      curves: [], xTicks: ticks, yTicks: ticks)
  }

  static func draw(_ options: PlotLayout.Options) -> GridLineRecorder {
    var r = GridLineRecorder()
    PlotLayout.draw(
      plot(), in: &r, plotArea: PixelRect(x: 0, y: 0, width: 100, height: 100), options: options)
    return r
  }

  /// The grid's horizontal lines' y and vertical lines' x.
  static func grid(_ r: GridLineRecorder) -> (horizontal: [Double], vertical: [Double]) {
    let g = r.lines.filter { $0.style == .grid }
    return (
      g.filter { $0.from.y == $0.to.y }.map(\.from.y).sorted(),
      g.filter { $0.from.x == $0.to.x }.map(\.from.x).sorted()
    )
  }

  /// `set grid y2tics` draws the grid at y2's ticks (it was drawn at y1's), and none at x
  /// unless named, as gnuplot 5.4 draws `set grid y2tics` alone (its SVG: horizontal lines
  /// at the y2 ticks only).
  @Test func theY2GridIsAtY2sTicks() {
    var options = PlotLayout.Options(showLegend: false, showAxes: false)
    options.secondY = SecondAxisDrawing(
      ticks: [
        Tick(value: 2, label: "20"), Tick(value: 4, label: "40"), Tick(value: 8, label: "80"),
      ])
    options.gridAxes = [.y2]
    let g = Self.grid(Self.draw(options))
    #expect(g.horizontal == [20, 60, 80])  // y = 8, 4, 2 in a 100-pixel area
    #expect(g.vertical.isEmpty)
    options.gridAxes = [.x, .y2]
    #expect(Self.grid(Self.draw(options)).vertical == [50])
    options.gridAxes = .first
    #expect(Self.grid(Self.draw(options)).horizontal == [50])
  }

  /// The minor ticks follow `nomirror`: with `set xtics nomirror` none is drawn on the top
  /// side (gnuplot mirrors minor ticks only with the major ones), with `set ytics nomirror`
  /// none on the right.
  @Test func minorTicksAreNotMirroredWithNomirror() {
    func minorEnds(_ mirrorX: Bool, _ mirrorY: Bool) -> (
      top: Int, bottom: Int, left: Int, right: Int
    ) {
      var options = PlotLayout.Options(showLegend: false, showGrid: false, showAxes: false)
      options.mirrorsXTicks = mirrorX
      options.mirrorsYTicks = mirrorY
      let ticks = Self.draw(options).lines.filter { $0.style == .tick }
      // Minor ticks: at 25 or 75 along their side.
      let xMinor = ticks.filter { $0.from.x == $0.to.x && [25, 75].contains($0.from.x) }
      let yMinor = ticks.filter { $0.from.y == $0.to.y && [25, 75].contains($0.from.y) }
      return (
        xMinor.filter { $0.from.y < 50 }.count, xMinor.filter { $0.from.y > 50 }.count,
        yMinor.filter { $0.from.x < 50 }.count, yMinor.filter { $0.from.x > 50 }.count
      )
    }
    let both = minorEnds(true, true)
    #expect(both.top == 2 && both.bottom == 2 && both.left == 2 && both.right == 2)
    let neither = minorEnds(false, false)
    #expect(neither.top == 0 && neither.bottom == 2 && neither.left == 2 && neither.right == 0)
  }

  /// A text with `"\r\n"` (one `Character`, holding a line feed scalar) is split into its
  /// lines: it once drew itself again and again until the stack ran out.
  @Test func aCarriageReturnLineFeedIsALineBreak() {
    var r = GridLineRecorder()
    var options = PlotLayout.Options(title: "a\r\nb", showLegend: false)
    options.xLabel = "c\nd"
    PlotLayout.draw(
      Self.plot(), in: &r, plotArea: PixelRect(x: 0, y: 0, width: 100, height: 100),
      options: options)
    #expect(TextLines.lines("a\r\nb")?.count == 2)
  }
}
