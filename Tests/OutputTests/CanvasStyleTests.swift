import GraphView
import Testing

@testable import TextCanvas

/// The style options on the text canvases (tracker issue 16): `lw` and `dt` drawn in dots,
/// dash patterns that tell curves apart without colour, and data points as visible marks
/// (a cell's glyph, or with `ps` a shape in dots). Exact characters.
@Suite struct CanvasStyleTests {
  /// A braille canvas of `columns` x `rows` cells with `looks`, a horizontal polyline of
  /// curve `curve` through the dot centres `xs` on dot row `y`.
  static func line(
    columns: Int, rows: Int = 1, y: Double = 0.5, xs: [Double], curve: Int = 0,
    looks: [CurveLook] = [], distinguishes: Bool = false
  ) -> String {
    var canvas = BrailleCanvas(columns: columns, rows: rows)
    canvas.setCurveLooks(looks)
    canvas.distinguishesCurves = distinguishes
    canvas.drawPolyline(xs.map { PixelPoint(x: $0, y: y) }, style: .curve(curve))
    return canvas.render()
  }

  @Test func solidLinesAreUnchanged() {
    #expect(Self.line(columns: 4, y: 1.5, xs: [0.5, 7.5]) == "⠒⠒⠒⠒")
  }

  /// `lw 2` doubles the dots across a flat line (the row below), `lw 3` one above and one
  /// below; a steep line is widened to the right.
  @Test func lineWidthsAddDotsAcross() {
    #expect(
      Self.line(columns: 4, y: 1.5, xs: [0.5, 7.5], looks: [CurveLook(lineWidth: 2)]) == "⠶⠶⠶⠶")
    #expect(
      Self.line(columns: 4, y: 1.5, xs: [0.5, 7.5], looks: [CurveLook(lineWidth: 3)]) == "⠿⠿⠿⠿")
    // lw 1.5 is still one dot (Int(lw)), lw beyond 4 is 4.
    #expect(
      Self.line(columns: 4, y: 1.5, xs: [0.5, 7.5], looks: [CurveLook(lineWidth: 1.5)])
        == "⠒⠒⠒⠒")
    var canvas = BrailleCanvas(columns: 2, rows: 1)
    canvas.setCurveLooks([CurveLook(lineWidth: 2)])
    canvas.drawPolyline([PixelPoint(x: 0.5, y: 0.5), PixelPoint(x: 0.5, y: 3.5)], style: .curve(0))
    #expect(canvas.render() == "⣿")
  }

  /// The dash types in dots: 2 `4 on 2 off`, 3 `1 1`, 4 `4 2 1 2`, 5 `4 2 1 2 1 2`.
  @Test(arguments: [
    (2, "⠉⠉ ⠉⠉"), (3, "⠁⠁⠁⠁⠁⠁"), (4, "⠉⠉ ⠁⠈⠉"), (5, "⠉⠉ ⠁⠈"), (1, "⠉⠉⠉⠉⠉⠉"), (6, "⠉⠉ ⠉⠉"),
  ])
  func dashTypes(_ type: Int, _ expected: String) {
    let xs = [0.5, 11.5]
    #expect(Self.line(columns: 6, xs: xs, looks: [CurveLook(dashType: type)]) == expected)
  }

  /// The pattern follows the dots drawn across the polyline's segments (a sampled curve is
  /// many short segments), not each segment afresh; a new polyline starts it again.
  @Test func dashesRunAcrossSegments() {
    let xs = (0..<12).map { Double($0) + 0.5 }
    #expect(Self.line(columns: 6, xs: xs, looks: [CurveLook(dashType: 2)]) == "⠉⠉ ⠉⠉")
    var canvas = BrailleCanvas(columns: 6, rows: 1)
    canvas.setCurveLooks([CurveLook(dashType: 2)])
    canvas.drawPolylines(
      [
        [PixelPoint(x: 0.5, y: 0.5), PixelPoint(x: 2.5, y: 0.5)],
        [PixelPoint(x: 3.5, y: 0.5), PixelPoint(x: 11.5, y: 0.5)],
      ], style: .curve(0))
    #expect(canvas.render() == "⠉⠉⠉⠁⠈⠉")
  }

  /// Without colour (`distinguishesCurves`) curve k is drawn in dash type k % 5 + 1, unless
  /// it has a `dt` of its own; the ASCII canvas keeps its marker characters.
  @Test func curvesWithoutColourGetPatterns() {
    let xs = [0.5, 11.5]
    #expect(Self.line(columns: 6, xs: xs, curve: 0, distinguishes: true) == "⠉⠉⠉⠉⠉⠉")
    #expect(Self.line(columns: 6, xs: xs, curve: 1, distinguishes: true) == "⠉⠉ ⠉⠉")
    #expect(Self.line(columns: 6, xs: xs, curve: 2, distinguishes: true) == "⠁⠁⠁⠁⠁⠁")
    #expect(Self.line(columns: 6, xs: xs, curve: 5, distinguishes: true) == "⠉⠉⠉⠉⠉⠉")
    #expect(Self.line(columns: 6, xs: xs, curve: 1) == "⠉⠉⠉⠉⠉⠉")  // colour on
    let own = [CurveLook(), CurveLook(dashType: 1)]
    #expect(Self.line(columns: 6, xs: xs, curve: 1, looks: own, distinguishes: true) == "⠉⠉⠉⠉⠉⠉")
    var ascii = AsciiCanvas(columns: 4, rows: 1)
    ascii.distinguishesCurves = true
    ascii.drawPolyline([PixelPoint(x: 0.5, y: 1.5), PixelPoint(x: 11.5, y: 1.5)], style: .curve(1))
    #expect(ascii.render() == "****")
    #expect(ascii.legendSampleWidth == nil)
    var braille = BrailleCanvas(columns: 4, rows: 1)
    #expect(braille.legendSampleWidth == nil)
    braille.distinguishesCurves = true
    #expect(braille.legendSampleWidth == 12)
  }

  /// A relation's dots are a solved pixel set: never dashed, nor its legend sample.
  @Test func relationsStaySolid() {
    var canvas = BrailleCanvas(columns: 6, rows: 1)
    canvas.distinguishesCurves = true
    let grid = RelationGrid(width: 1, height: 1, cells: [.no], isThin: true, isStrict: false)
    canvas.drawRelation(
      RelationRegion(grid: grid, area: PixelRect(x: 0, y: 0, width: 1, height: 1)),
      style: .curve(1))
    canvas.drawPolyline(
      [PixelPoint(x: 0.5, y: 0.5), PixelPoint(x: 11.5, y: 0.5)], style: .curve(1))
    #expect(canvas.render() == "⠉⠉⠉⠉⠉⠉")
  }

  /// A data point is its type's glyph in the cell under it (gnuplot's order), on every
  /// canvas; type 0 one dot.
  @Test func pointsAreGlyphs() {
    let expected: [(Int, String, String, String)] = [
      (1, "+", "+", "+"), (2, "×", "×", "x"), (3, "*", "*", "*"), (4, "□", "□", "s"),
      (5, "■", "■", "S"), (6, "○", "○", "o"), (7, "●", "●", "O"), (8, "△", "△", "t"),
      (9, "▲", "▲", "T"), (10, "▽", "▽", "v"), (11, "▼", "▼", "V"), (12, "◇", "◇", "d"),
      (13, "◆", "◆", "D"), (14, "⬠", "⬠", "p"), (15, "⬟", "⬟", "P"), (16, "+", "+", "+"),
      (0, "⠁", "▘", "'"),
    ]
    for (type, braille, block, ascii) in expected {
      var b = BrailleCanvas(columns: 1, rows: 1)
      b.drawPoint(at: PixelPoint(x: 0.5, y: 0.5), type: type, radius: 0, style: .curve(0))
      #expect(b.render() == braille, "pt \(type)")
      var k = BlockCanvas(columns: 1, rows: 1)
      k.drawPoint(at: PixelPoint(x: 0.5, y: 0.5), type: type, radius: 0, style: .curve(0))
      #expect(k.render() == block, "pt \(type)")
      var a = AsciiCanvas(columns: 1, rows: 1)
      a.drawPoint(at: PixelPoint(x: 0.5, y: 0.5), type: type, radius: 0, style: .curve(0))
      #expect(a.render() == ascii, "pt \(type)")
    }
  }

  /// `ps 2` in the plot area (`beginClip`) draws the shape in dots, 2 dots from its centre;
  /// outside it (a legend) and on the ASCII canvas the glyph stays.
  @Test func pointSizesDrawShapesInDots() {
    func draw(_ type: Int, size: Double, clipped: Bool = true) -> String {
      var canvas = BrailleCanvas(columns: 6, rows: 3)
      canvas.setCurveLooks([CurveLook(pointSize: size)])
      if clipped { canvas.beginClip(PixelRect(x: 0, y: 0, width: 12, height: 12)) }
      canvas.drawPoint(at: PixelPoint(x: 5.5, y: 6.5), type: type, radius: 0, style: .curve(0))
      return canvas.render()
    }
    #expect(draw(1, size: 2) == "\n ⠠⢼⠤\n  ⠈")
    #expect(draw(1, size: 2, clipped: false) == "\n  +\n")
    #expect(draw(1, size: 1) == "\n  +\n")
    #expect(draw(5, size: 2) == "\n ⢸⣿⣿\n ⠈⠉⠉")
    #expect(draw(4, size: 2) == "\n ⢸⠉⢹\n ⠈⠉⠉")
    // Cut at the clip: the plot area's edge.
    var canvas = BrailleCanvas(columns: 6, rows: 3)
    canvas.setCurveLooks([CurveLook(pointSize: 3)])
    canvas.beginClip(PixelRect(x: 4, y: 4, width: 8, height: 8))
    canvas.drawPoint(at: PixelPoint(x: 4.5, y: 4.5), type: 1, radius: 0, style: .curve(0))
    #expect(canvas.render() == "\n  ⡏⠉\n")
    var ascii = AsciiCanvas(columns: 3, rows: 3)
    ascii.setCurveLooks([CurveLook(pointSize: 3)])
    ascii.beginClip(PixelRect(x: 0, y: 0, width: 9, height: 9))
    ascii.drawPoint(at: PixelPoint(x: 4.5, y: 4.5), type: 6, radius: 0, style: .curve(0))
    #expect(ascii.render() == "\n o\n")
  }
}
