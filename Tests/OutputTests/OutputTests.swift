import Foundation
import GraphView
import SVGRenderer
import TestSupport
import Testing
import TextCanvas

// MARK: Hand-made plots (no sampler involved)

/// The ticks of the view [-4, 4] x [-2, 2].
let xTicks = [-4.0, -2, 0, 2, 4].map { Tick(value: $0, label: TableWriter.number($0)) }
let yTicks = [-2.0, -1, 0, 1, 2].map { Tick(value: $0, label: TableWriter.number($0)) }

/// Two curves over the view [-4, 4] x [-2, 2], sampled at `area`'s size:
/// - "1.5*sin(x)" (201 points), whose pen lifts over [1, 1.5];
/// - "1/x" in two polylines (a pen lift at the pole), leaving through the bottom and the
///   top, with end points at y = ∓1e300.
func samplePlot(area: PixelRect) -> SampledPlot {
  let size = PixelSize(width: Int(area.width), height: Int(area.height))
  let vp = Viewport(xRange: -4...4, yRange: -2...2, size: size)
  let xs = (0...160).map { -4 + Double($0) * 0.05 }
  let sinPoints = xs.map { PlotPoint(x: $0, y: 1.5 * sin($0)) }
  let sinSegments = [
    sinPoints.filter { $0.x < 1 - 1e-9 }, sinPoints.filter { $0.x > 1.5 + 1e-9 },
  ]
  let left =
    xs.filter { $0 < -0.2 }.map { PlotPoint(x: $0, y: 1 / $0) }
    + [PlotPoint(x: -0.1, y: -10), PlotPoint(x: -1e-300, y: -1e300)]
  let right =
    [PlotPoint(x: 1e-300, y: 1e300), PlotPoint(x: 0.1, y: 10)]
    + xs.filter { $0 > 0.2 }.map { PlotPoint(x: $0, y: 1 / $0) }
  return SampledPlot(
    viewport: vp,
    curves: [
      SampledCurve(title: "1.5*sin(x)", segments: sinSegments),
      SampledCurve(title: "1/x", segments: [left, right]),
    ],
    xTicks: xTicks, yTicks: yTicks)
}

/// The whole flow for a text canvas: plot area, sampling (hand-made), drawing, rendering.
func renderText<G: CellGlyphs>(
  _ canvas: DotCanvas<G>, options: PlotLayout.Options = .init(),
  plot make: (PixelRect) -> SampledPlot = samplePlot
) -> String {
  var canvas = canvas
  PlotLayout.layOutAndDraw(into: &canvas, options: options, yTickLabels: yTicks.map(\.label)) {
    make(PixelRect(x: 0, y: 0, width: Double($0.width), height: Double($0.height)))
  }
  return canvas.render()
}

/// The whole flow for SVG.
func renderSVG(
  size: PixelSize = PixelSize(width: 800, height: 600), options: PlotLayout.Options = .init(),
  plot make: (PixelRect) -> SampledPlot = samplePlot
) -> String {
  var svg = SVGRenderer(size: size)
  PlotLayout.layOutAndDraw(into: &svg, options: options, yTickLabels: yTicks.map(\.label)) {
    make(PixelRect(x: 0, y: 0, width: Double($0.width), height: Double($0.height)))
  }
  return svg.document()
}

@Suite struct OnePipelineForEveryPlot {
  /// The flow answers the plot area it laid out and sampled for, so callers (the terminal's
  /// trace cursor) need not lay the plot out again.
  @Test(arguments: [
    PixelSize(width: 800, height: 600), PixelSize(width: 123, height: 77),
  ])
  func answersThePlotAreaItSampledFor(_ size: PixelSize) {
    var svg = SVGRenderer(size: size)
    let options = PlotLayout.Options(title: "title")
    var asked: [PixelSize] = []
    let drawn = PlotLayout.layOutAndDraw(
      into: &svg, options: options, yTickLabels: yTicks.map(\.label)
    ) {
      asked.append($0)
      return samplePlot(
        area: PixelRect(x: 0, y: 0, width: Double($0.width), height: Double($0.height)))
    }
    let area = PlotLayout.plotArea(for: svg, options: options, yTickLabels: yTicks.map(\.label))
    #expect(drawn.plotArea == area)
    #expect(asked == [PixelSize(width: Int(area.width), height: Int(area.height))])
    #expect(drawn.plot.viewport.size == asked[0])
    var again = SVGRenderer(size: size)
    PlotLayout.draw(drawn.plot, in: &again, plotArea: area, options: options)
    #expect(again.document() == svg.document())
  }
}

/// A renderer that records what it is asked to draw.
struct Recorder: PlotRenderer {
  var size = PixelSize(width: 400, height: 300)
  var strokes: [(style: DrawStyle, points: [PixelPoint])] = []
  var texts: [(text: String, at: PixelPoint, anchor: TextAnchor, style: DrawStyle)] = []
  var capabilities: RendererCapabilities { [.grid] }
  mutating func drawPolyline(_ points: [PixelPoint], style: DrawStyle) {
    strokes.append((style, points))
  }
  mutating func drawText(_ text: String, at point: PixelPoint, anchor: TextAnchor, style: DrawStyle)
  {
    texts.append((text, point, anchor, style))
  }
  func textSize(_ text: String) -> (width: Double, height: Double) { (Double(text.count) * 6, 10) }
}

// MARK: Golden files

struct TextCase: Sendable, CustomStringConvertible {
  var columns: Int
  var rows: Int
  var title: String?
  var description: String { "\(columns)x\(rows)" + (title == nil ? "" : " titled") }
}

func assertWellFormed(_ svg: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
  #expect(minimalXMLProblem(svg) == nil, sourceLocation: sourceLocation)
  if let lint = try xmllint(svg) {
    #expect(lint.status == 0, "xmllint: \(lint.errors)", sourceLocation: sourceLocation)
  }
}

/// Hand-made plots render byte for byte as their golden files, on every canvas.
@Suite struct GoldenFileTests {
  @Test(arguments: [
    TextCase(columns: 80, rows: 24, title: nil), TextCase(columns: 40, rows: 12, title: nil),
    TextCase(columns: 80, rows: 24, title: "Two curves"),
  ])
  func asciiGolden(_ c: TextCase) throws {
    let text = renderText(
      AsciiCanvas(columns: c.columns, rows: c.rows), options: .init(title: c.title))
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == c.rows)
    #expect(lines.allSatisfy { $0.count <= c.columns && !$0.hasSuffix(" ") })
    #expect(text.unicodeScalars.allSatisfy { $0 == "\n" || (0x20...0x7E).contains($0.value) })
    try assertSnapshot(
      text, named: "ascii-\(c.columns)x\(c.rows)\(c.title == nil ? "" : "-title").txt")
  }

  @Test(arguments: [(80, 24), (40, 12)])
  func brailleGolden(columns: Int, rows: Int) throws {
    let text = renderText(BrailleCanvas(columns: columns, rows: rows))
    #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count == rows)
    try assertSnapshot(text, named: "braille-\(columns)x\(rows).txt")
  }

  @Test func svgGolden() throws {
    let svg = renderSVG(options: .init(title: "Two curves"))
    #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<svg "))
    #expect(svg.contains("width=\"800\" height=\"600\" viewBox=\"0 0 800 600\""))
    #expect(!svg.contains("-0 ") && !svg.contains("-0,") && !svg.contains("\"-0\""))
    #expect(!svg.contains("e+") && !svg.contains("nan") && !svg.contains("inf"))
    // One path per curve; the 1/x path has a pen lift (a second M).
    let curve1 = try #require(
      svg.split(separator: "\n").first {
        $0.contains(SVGRenderer.palette[1]) && $0.hasPrefix("<path")
      })
    #expect(curve1.filter { $0 == "M" }.count >= 2)
    try assertWellFormed(svg)
    try assertSnapshot(svg, named: "plot-800x600.svg")
  }
}

// MARK: Table
/// `set table` output: exact text, numbers that read back, the plot's points.
@Suite struct TableWriterTests {
  @Test func tableExactText() {
    let vp = Viewport(xRange: 0...2, yRange: 0...1, size: PixelSize(width: 200, height: 100))
    let plot = SampledPlot(
      viewport: vp,
      curves: [
        SampledCurve(
          title: "x/2",
          segments: [
            [PlotPoint(x: 0, y: 0), PlotPoint(x: 0.1, y: 0.05)],
            [PlotPoint(x: 1, y: 1.5), PlotPoint(x: 2, y: .nan), PlotPoint(x: -0.0, y: 1e-300)],
          ]),
        SampledCurve(title: "say \"hi\"\nnow", segments: []),
      ],
      xTicks: [], yTicks: [])
    let expected = """
      # Curve 0 of 2, 5 points
      # Curve title: "x/2"
      # x y type
      0 0 i
      0.1 0.05 i

      1 1.5 o
      2 nan u
      -0 1e-300 i


      # Curve 1 of 2, 0 points
      # Curve title: "say 'hi' now"
      # x y type

      """
    let actual = TableWriter.table(plot)
    #expect(actual == expected, "\(lineDiff(expected, actual))")
  }

  @Test(arguments: [
    (0.1, "0.1"), (1.0 / 3, "0.3333333333333333"), (-2.0, "-2"), (1e300, "1e+300"),
    (Double.leastNonzeroMagnitude, "5e-324"), (Double.infinity, "inf"), (-Double.infinity, "-inf"),
  ])
  func tableNumbersRoundTrip(value: Double, text: String) {
    #expect(TableWriter.number(value) == text)
    #expect(Double(TableWriter.number(value)) == value)
  }

  @Test func tableOfSamplePlotReadsBackTheSamePoints() throws {
    let plot = samplePlot(area: PixelRect(x: 0, y: 0, width: 400, height: 200))
    let table = TableWriter.table(plot)
    // Reread it the way plotcheck.py does: blank lines lift the pen, two start a curve.
    var curves: [[[PlotPoint]]] = [[]]
    var seg: [PlotPoint] = []
    var blanks = 0
    for line in table.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("#") { continue }
      if line.isEmpty {
        blanks += 1
        if !seg.isEmpty {
          curves[curves.count - 1].append(seg)
          seg = []
        }
        if blanks == 2 { curves.append([]) }
        continue
      }
      blanks = 0
      let f = line.split(separator: " ")
      try #require(f.count == 3)
      seg.append(
        PlotPoint(x: try #require(Double(String(f[0]))), y: try #require(Double(String(f[1])))))
    }
    #expect(curves == plot.curves.map(\.segments))
    #expect(table.contains("-1e-300 -1e+300 o\n"))
  }
}

// MARK: Clipping

let box = PixelRect(x: 0, y: 0, width: 100, height: 100)

/// Segments and polylines are clipped to the plot area exactly.
@Suite struct ClippingTests {
  @Test func clipSegmentCases() throws {
    let inside = try #require(
      LayoutClip.clipSegment(PixelPoint(x: 10, y: 10), PixelPoint(x: 20, y: 30), to: box))
    #expect(inside.a == PixelPoint(x: 10, y: 10) && inside.b == PixelPoint(x: 20, y: 30))
    #expect(inside.t0 == 0 && inside.t1 == 1)

    let across = try #require(
      LayoutClip.clipSegment(PixelPoint(x: -10, y: 50), PixelPoint(x: 110, y: 50), to: box))
    #expect(across.a == PixelPoint(x: 0, y: 50) && across.b == PixelPoint(x: 100, y: 50))

    let up = try #require(
      LayoutClip.clipSegment(PixelPoint(x: 50, y: 50), PixelPoint(x: 50, y: -1e300), to: box))
    #expect(up.a == PixelPoint(x: 50, y: 50) && up.b == PixelPoint(x: 50, y: 0) && up.t1 < 1)

    let down = try #require(
      LayoutClip.clipSegment(PixelPoint(x: 50, y: 50), PixelPoint(x: 50, y: .infinity), to: box))
    #expect(down.b == PixelPoint(x: 50, y: 100))

    // Both ends far outside, on opposite sides: the visible part is the full height.
    let through = try #require(
      LayoutClip.clipSegment(PixelPoint(x: 40, y: -1e300), PixelPoint(x: 60, y: 1e300), to: box))
    #expect(abs(through.a.x - 50) < 1e-6 && through.a.y == 0)
    #expect(abs(through.b.x - 50) < 1e-6 && through.b.y == 100)

    #expect(
      LayoutClip.clipSegment(PixelPoint(x: -5, y: -5), PixelPoint(x: -1, y: 200), to: box) == nil)
    #expect(
      LayoutClip.clipSegment(PixelPoint(x: 250, y: 0), PixelPoint(x: 0, y: 250), to: box) == nil)
    #expect(
      LayoutClip.clipSegment(PixelPoint(x: .nan, y: 5), PixelPoint(x: 5, y: 5), to: box) == nil)
    #expect(
      LayoutClip.clipSegment(PixelPoint(x: -1e308, y: 50), PixelPoint(x: 1.7e308, y: 50), to: box)?
        .a
        == PixelPoint(x: 0, y: 50))
  }

  @Test func clipPolylineSplitsWhereItLeaves() {
    let pieces = LayoutClip.clipPolyline(
      [
        PixelPoint(x: 10, y: 50), PixelPoint(x: 50, y: 50), PixelPoint(x: 50, y: 1e300),
        PixelPoint(x: 60, y: 50), PixelPoint(x: 70, y: .nan), PixelPoint(x: 80, y: 10),
        PixelPoint(x: 90, y: 20),
      ], to: box)
    #expect(pieces.count == 3)
    #expect(
      pieces[0] == [PixelPoint(x: 10, y: 50), PixelPoint(x: 50, y: 50), PixelPoint(x: 50, y: 100)])
    #expect(pieces[1].count == 2 && pieces[1][0].y == 100 && abs(pieces[1][0].x - 60) < 1e-6)
    #expect(pieces[1][1] == PixelPoint(x: 60, y: 50))
    #expect(pieces[2] == [PixelPoint(x: 80, y: 10), PixelPoint(x: 90, y: 20)])
  }

  /// Seeded random segments: every clipped end point is inside the box and on the segment.
  @Test(arguments: [1, 2, 3] as [UInt64])
  func clipRandomSegments(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    func next() -> Double { rng.unit() * 700 - 300 }  // uniform in [-300, 400)
    for i in 0..<500 {
      let a = PixelPoint(x: next(), y: next())
      let b = PixelPoint(x: next(), y: next())
      guard let c = LayoutClip.clipSegment(a, b, to: box) else { continue }
      for p in [c.a, c.b] {
        #expect(box.outset(dx: 1e-9, dy: 1e-9).contains(p), "seed \(seed) case \(i)")
        // On the line through a and b: the cross product vanishes (relative to the lengths).
        let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
        #expect(
          abs(cross) < 1e-6 * (abs(b.x - a.x) + abs(b.y - a.y) + 1) * 1000, "seed \(seed) case \(i)"
        )
      }
    }
  }

  @Test func layoutHandsRenderersOnlyFinitePointsInsideThePlotArea() throws {
    var r = Recorder()
    let area = PlotLayout.plotArea(for: r)
    var plot = samplePlot(area: area)
    plot.curves.append(
      SampledCurve(
        title: "wild",
        segments: [
          [
            PlotPoint(x: -3, y: .infinity), PlotPoint(x: -2, y: -.greatestFiniteMagnitude),
            PlotPoint(x: .nan, y: 0), PlotPoint(x: 1, y: 1), PlotPoint(x: 2, y: -1e300),
          ]
        ]))
    PlotLayout.draw(plot, in: &r, plotArea: area)
    let curveStrokes = r.strokes.filter {
      if case .curve = $0.style { return true } else { return false }
    }
    #expect(curveStrokes.count >= 3 + 3)  // legend samples too
    for s in curveStrokes {
      for p in s.points {
        #expect(p.x.isFinite && p.y.isFinite)
        #expect(area.contains(p), "\(p) outside \(area)")
      }
    }
    // The wild curve still shows its visible parts: vertical strokes at x = -3 .. -2 and
    // from (1, 1) down to the bottom edge.
    let wild = curveStrokes.filter { $0.style == .curve(2) }.flatMap(\.points)
    #expect(wild.contains { abs($0.y - area.maxY) < 1e-3 })
  }
}

// MARK: Layout
/// The layout aligns the plot area, leaves out overlapping labels, places the legend.
@Suite struct PlotLayoutTests {
  @Test func plotAreaOfATextCanvasIsCellAligned() {
    let canvas = AsciiCanvas(columns: 80, rows: 24)
    #expect(canvas.size == PixelSize(width: 240, height: 72))
    let area = PlotLayout.plotArea(for: canvas)
    // "-0.000" (6 cells) + a space + the frame's cell on the left; the frame on the right;
    // the frame on top; the frame and a line of labels below.
    #expect(area == PixelRect(x: 24, y: 3, width: 213, height: 63))
    let titled = PlotLayout.plotArea(
      for: canvas, options: .init(title: "t"), yTickLabels: ["-2", "10"])
    #expect(titled == PixelRect(x: 12, y: 6, width: 225, height: 60))
    // Too small for margins: the whole output.
    #expect(
      PlotLayout.plotArea(for: AsciiCanvas(columns: 5, rows: 2))
        == PixelRect(x: 0, y: 0, width: 15, height: 6))
  }

  @Test func labelsThatWouldOverlapAreLeftOut() {
    var r = Recorder()
    let area = PlotLayout.plotArea(for: r)
    var plot = samplePlot(area: area)
    plot.xTicks = stride(from: -4.0, through: 4, by: 0.1).map { Tick(value: $0, label: "\($0)") }
    PlotLayout.draw(plot, in: &r, plotArea: area)
    let labels = r.texts.filter { $0.style == .label && $0.anchor == .topCenter }
    #expect(labels.count > 5 && labels.count < 81)
    let spans = labels.map {
      ($0.at.x - Double($0.text.count) * 3, $0.at.x + Double($0.text.count) * 3)
    }
    for (a, b) in zip(spans, spans.dropFirst()) { #expect(b.0 >= a.1) }
    // Every tick still gets its marks (bottom and top).
    #expect(r.strokes.filter { $0.style == .tick }.count == 81 * 2 + 5 * 2)
    // Grid only where the renderer has it (Recorder has .grid): one line per tick, except on
    // the frame's edges.
    #expect(r.strokes.filter { $0.style == .grid }.count == 79 + 3)
    var text = AsciiCanvas(columns: 80, rows: 24)
    PlotLayout.draw(plot, in: &text, plotArea: PlotLayout.plotArea(for: text))
    #expect(!text.render().contains("#"))  // no grid on a text canvas
  }

  @Test func legendNamesEachCurveAndTitleIsCentered() throws {
    var r = Recorder()
    let options = PlotLayout.Options(title: "T")
    let area = PlotLayout.plotArea(for: r, options: options)
    PlotLayout.draw(samplePlot(area: area), in: &r, plotArea: area, options: options)
    #expect(r.texts.filter { $0.style == .legend }.map(\.text) == ["1.5*sin(x)", "1/x"])
    let title = try #require(r.texts.first { $0.style == .title })
    #expect(title.text == "T" && title.at.x == area.minX + area.width / 2 && title.at.y < area.minY)
    #expect(
      r.texts.filter { $0.style == .label }.map(\.text) == [
        "-4", "-2", "0", "2", "4", "-2", "-1", "0", "1", "2",
      ])
  }
}

// MARK: ASCII glyphs and sanitizing

/// The mask of a 3 x 3 picture given row by row, top row first ("#" is a dot).
func mask(_ rows: String) -> UInt32 {
  var m: UInt32 = 0
  for (i, ch) in rows.filter({ $0 == "#" || $0 == "." }).enumerated() where ch == "#" {
    m |= 1 << UInt32(i)
  }
  return m
}

/// Glyph tables are right and terminal text is made safe.
@Suite struct GlyphAndSanitizingTests {
  @Test(arguments: [
    ("... ### ...", "-" as Character), ("... ... ###", "_"), ("### ... ...", "'"),
    ("... ... .#.", "."),
    (".#. .#. .#.", "|"), ("#.. .#. ..#", "\\"), ("..# .#. #..", "/"), ("... .## #..", "/"),
    ("##. ..# ...", "\\"), ("... ##. ..#", "\\"), ("#.. #.. .#.", "\\"), ("#.. #.. #..", "|"),
    ("#.. ... ...", "'"),
    ("### ### ###", "|"), ("##. ### .##", "|"),
  ])
  func asciiShapes(picture: String, glyph: Character) {
    #expect(AsciiGlyphs.shape(mask(picture)) == glyph)
  }

  @Test func brailleGlyphBits() {
    let g = BrailleGlyphs()
    #expect(g.glyph(for: 0b1, curve: 0) == "\u{2801}")  // dot 1: top left
    #expect(g.glyph(for: 0b10, curve: 0) == "\u{2808}")  // dot 4: top right
    #expect(g.glyph(for: 0b1100_0000, curve: 0) == "\u{28C0}")  // dots 7 and 8: bottom row
    #expect(g.glyph(for: 0xFF, curve: 0) == "\u{28FF}")
  }

  @Test(arguments: [
    ("plain", "plain"), ("a\u{1B}[31mred\u{1B}[0m", "ared"), ("bell\u{07}\u{00}", "bell"),
    ("line\nbreak\r", "linebreak"), ("tab\tx", "tab x"), ("\u{9B}2Jcsi", "csi"),
    ("\u{1B}]0;title\u{07}osc", "osc"), ("pi=\u{3C0}", "pi=pi"),
    ("r(\u{3B8}) \u{2264} 2", "r(theta) <= 2"), ("\u{65E5}", "?"), ("e\u{301}", "e"),
    ("\u{1B}", ""),
  ])
  func terminalTextIsSanitized(input: String, output: String) {
    #expect(String(decoding: AsciiCanvas.sanitize(input), as: UTF8.self) == output)
  }

  @Test func hostileTitlesCannotDriveTheTerminal() {
    var plot = samplePlot(area: PixelRect(x: 0, y: 0, width: 10, height: 10))
    plot.curves[0].title = "\u{1B}[2J\u{1B}]0;pwned\u{07}x\u{00}<&>"
    let text = DotCanvas.render(
      plot, columns: 80, rows: 24, glyphs: AsciiGlyphs(), options: .init(title: "\u{1B}c\r\n"))
    #expect(text.unicodeScalars.allSatisfy { $0 == "\n" || (0x20...0x7E).contains($0.value) })
    #expect(text.contains("x<&>") && !text.contains("pwned"))
  }
}

// MARK: SVG details
/// SVG numbers and escaping.
@Suite struct SVGDetailTests {
  @Test(arguments: [
    (0.0, "0"), (-0.0, "0"), (-0.004, "0"), (1.5, "1.5"), (2.0, "2"), (1234.567, "1234.57"),
    (-3.25, "-3.25"), (0.1, "0.1"), (Double.nan, "0"), (1e300, "1000000000000"),
  ])
  func svgNumbers(value: Double, text: String) {
    #expect(SVGRenderer.number(value) == text)
  }

  @Test func svgEscapesHostileText() throws {
    #expect(
      SVGRenderer.escape("<script>&\"'x]]></script>")
        == "&lt;script&gt;&amp;&quot;&apos;x]]&gt;&lt;/script&gt;")
    #expect(SVGRenderer.escape("a\u{0}b\u{1B}[1mc\u{7F}d\u{FFFE}e\nf") == "ab[1mcdef")
    let hostile = "<b>&amp;]]><!-- \u{1}\u{1B}'\""
    let svg = renderSVG(options: .init(title: hostile)) { area in
      var plot = samplePlot(area: area)
      plot.curves[1].title = hostile
      plot.xTicks[0].label = "<&>"
      return plot
    }
    #expect(!svg.contains("<b>") && !svg.contains("<!--") && !svg.contains("]]>"))
    #expect(svg.contains("&lt;b&gt;&amp;amp;]]&gt;&lt;!-- &apos;&quot;"))
    try assertWellFormed(svg)
  }

  @Test func svgDocumentConvenienceMatchesTheFlow() throws {
    let area = PlotLayout.plotArea(for: SVGRenderer(), yTickLabels: yTicks.map(\.label))
    let plot = samplePlot(area: area)
    #expect(SVGRenderer.document(plot) == renderSVG())
    // Every curve coordinate lies in the plot area.
    let paths = SVGRenderer.document(plot).split(separator: "\n").filter {
      $0.hasPrefix("<path d=\"M") && $0.contains("stroke-width=\"1.5\"")
    }
    #expect(paths.count == 2 + 2)  // two curves, two legend samples
    for path in paths {
      let d = path.split(separator: "\"")[1]
      let numbers = d.split(whereSeparator: { "MLh, ".contains($0) }).compactMap {
        Double(String($0))
      }
      for pair in stride(from: 0, to: numbers.count - 1, by: 2) {
        #expect(area.contains(PixelPoint(x: numbers[pair], y: numbers[pair + 1])))
      }
    }
  }
}

// MARK: Degenerate input never traps

struct DegenerateCase: Sendable, CustomStringConvertible {
  var name: String
  var plot: SampledPlot
  var description: String { name }
}

let degenerateCases: [DegenerateCase] = {
  let size = PixelSize(width: 100, height: 50)
  let good = Viewport(xRange: -1...1, yRange: -1...1, size: size)
  let nanView = Viewport(size: size, scaleX: .nan, scaleY: .infinity, originX: .nan, originY: 0)
  let zeroView = Viewport(
    size: PixelSize(width: 0, height: 0), scaleX: 0, scaleY: 0, originX: 0, originY: 0)
  let wild = SampledCurve(
    title: String(repeating: "long title ", count: 40),
    segments: [
      [], [PlotPoint(x: 0, y: 0)],
      [PlotPoint(x: .nan, y: .nan), PlotPoint(x: .infinity, y: -.infinity)],
      [
        PlotPoint(x: -.greatestFiniteMagnitude, y: .greatestFiniteMagnitude),
        PlotPoint(x: .greatestFiniteMagnitude, y: -.greatestFiniteMagnitude),
      ],
    ])
  let ticks = [
    Tick(value: .nan, label: "nan"), Tick(value: 1e300, label: "far"), Tick(value: 0, label: ""),
  ]
  return [
    DegenerateCase(
      name: "empty", plot: SampledPlot(viewport: good, curves: [], xTicks: [], yTicks: [])),
    DegenerateCase(
      name: "wild curve",
      plot: SampledPlot(viewport: good, curves: [wild], xTicks: ticks, yTicks: ticks)),
    DegenerateCase(
      name: "NaN viewport",
      plot: SampledPlot(viewport: nanView, curves: [wild], xTicks: ticks, yTicks: ticks)),
    DegenerateCase(
      name: "zero viewport",
      plot: SampledPlot(viewport: zeroView, curves: [wild, wild], xTicks: ticks, yTicks: ticks)),
  ]
}()

/// Degenerate plots and sizes render without trapping.
@Suite struct DegenerateInputTests {
  @Test(arguments: degenerateCases, [(0, 0), (1, 1), (3, 2), (80, 24), (100_000, 3)])
  func degenerateInputRendersWithoutTrapping(_ c: DegenerateCase, cells: (Int, Int)) throws {
    let text = DotCanvas.render(c.plot, columns: cells.0, rows: cells.1, glyphs: AsciiGlyphs())
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == max(1, min(cells.1, AsciiCanvas.maxCells)))
    #expect(lines.allSatisfy { $0.count <= min(cells.0, AsciiCanvas.maxCells) })
    let svg = SVGRenderer.document(
      c.plot, size: PixelSize(width: cells.0 * 10, height: cells.1 * 10))
    #expect(!svg.contains("nan") && !svg.contains("inf"))
    try assertWellFormed(svg)
    _ = TableWriter.table(c.plot)
  }
}
