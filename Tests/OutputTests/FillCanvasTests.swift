import GraphView
import Testing
import TextCanvas

/// The text canvases' shading (`fillPolygons`): a shade glyph in each cell whose centre is
/// inside, under curves, strokes and text, in the fill's colour.
@Suite struct FillCanvasTests {
  /// A rectangle of dots from (4, 8) to (16, 24) on a braille canvas of 10 x 8 cells (2 x 4
  /// dots a cell): the cells with centres inside are columns 2...7, rows 2...5.
  let rectangle = [
    [
      PixelPoint(x: 4, y: 8), PixelPoint(x: 16, y: 8), PixelPoint(x: 16, y: 24),
      PixelPoint(x: 4, y: 24),
    ]
  ]

  @Test func shadesTheCellsWhoseCentreIsInside() {
    var canvas = DotCanvas(columns: 10, rows: 8, glyphs: BrailleGlyphs())
    canvas.fillPolygons(rectangle, style: .curve(0))
    let lines = canvas.render().split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 8)
    for (row, line) in lines.enumerated() {
      let expected = (2...5).contains(row) ? "  ░░░░░░" : ""
      #expect(String(line) == expected, "row \(row)")
    }
  }

  /// A curve's dots and a label win over the shading; the ASCII canvas shades with `.`.
  @Test func curvesAndTextStayOnTop() {
    var canvas = DotCanvas(columns: 10, rows: 8, glyphs: AsciiGlyphs())
    // 3 x 3 dots a cell: the same cells are dots (6, 6) to (24, 18).
    canvas.fillPolygons(
      [
        [
          PixelPoint(x: 6, y: 6), PixelPoint(x: 24, y: 6), PixelPoint(x: 24, y: 18),
          PixelPoint(x: 6, y: 18),
        ]
      ], style: .curve(0))
    canvas.drawPolyline(
      [PixelPoint(x: 0.5, y: 10.5), PixelPoint(x: 29.5, y: 10.5)], style: .curve(0))
    canvas.drawText(
      "ab", at: PixelPoint(x: 9, y: 12), anchor: TextAnchor(.left, .top), style: .label)
    let lines = canvas.render().split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    #expect(lines[2] == "  ......")
    #expect(lines[3] == "----------")
    #expect(lines[4] == "  .ab...")
    #expect(lines[5] == "  ......")
    #expect(lines[6] == "")
  }

  /// With colour, shaded cells take the fill's curve colour; a legend box blanks them.
  @Test func colourAndBlanking() {
    var canvas = DotCanvas(columns: 10, rows: 8, glyphs: BrailleGlyphs())
    canvas.fillPolygons(rectangle, style: .curve(1))
    let colors = TerminalColors()
    let text = canvas.render(colors: colors)
    #expect(text.contains(colors.curve(1) + "░░░░░░"))
    canvas.fillRect(PixelRect(x: 0, y: 0, width: 20, height: 32), style: .legend)
    #expect(!canvas.render().contains("░"))
  }

  /// The nonzero rule: a figure eight (curves that cross) shades both lobes.
  @Test func bothLobesOfAFigureEight() {
    var canvas = DotCanvas(columns: 10, rows: 8, glyphs: BrailleGlyphs())
    // From (0, 0) to (20, 32) along one diagonal and back along the other.
    canvas.fillPolygons(
      [
        [
          PixelPoint(x: 0, y: 0), PixelPoint(x: 20, y: 32), PixelPoint(x: 20, y: 0),
          PixelPoint(x: 0, y: 32),
        ]
      ], style: .curve(0))
    let lines = canvas.render().split(separator: "\n", omittingEmptySubsequences: false)
    // Row 0 (centres at y = 2): the lobes' tips at both sides; row 3 (y = 14): the left
    // lobe to x = 8.75, the right from 11.25 (cell centres at x = 1, 3, ..., 19).
    #expect(lines[0] == "░        ░")
    #expect(lines[3] == "░░░░  ░░░░")
  }
}
