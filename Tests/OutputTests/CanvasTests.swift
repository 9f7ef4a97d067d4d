import Foundation
import GraphView
import TestSupport
import Testing
import TextCanvas

// Golden files of every canvas at the sizes a terminal has: 80x24, 200x60, 30x10.

let canvasSizes: [(Int, Int)] = [(80, 24), (200, 60), (30, 10)]

/// Every line fits the width in characters (each glyph one cell), there is a line a row,
/// and the frame's corners line up: the top and bottom frame lines start and end in the
/// same columns.
func checkAligned(
  _ text: String, columns: Int, rows: Int, sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
  #expect(lines.count == rows, sourceLocation: sourceLocation)
  #expect(lines.allSatisfy { $0.count <= columns }, sourceLocation: sourceLocation)
  let ruled = lines.filter { l in l.contains("+") && l.filter { $0 == "-" }.count > columns / 3 }
  try #require(ruled.count >= 2, sourceLocation: sourceLocation)  // the frame (and the x axis)
  let frameLines = [ruled[0], ruled[ruled.count - 1]]
  let firsts = frameLines.map { $0.firstIndex(of: "+") }
  let lasts = frameLines.map { $0.lastIndex(of: "+") }
  #expect(firsts[0] == firsts[1] && lasts[0] == lasts[1], sourceLocation: sourceLocation)
  // The side frame `|` sits in the same two columns on every row between them.
  let top = try #require(lines.firstIndex { $0 == frameLines[0] })
  let bottom = try #require(lines.lastIndex { $0 == frameLines[1] })
  let left = try #require(firsts[0])
  let right = try #require(lasts[0])
  for row in (top + 1)..<bottom {
    let line = lines[row]
    #expect(
      line.count > right && "|+".contains(line[left]) && "|+".contains(line[right]),
      sourceLocation: sourceLocation)
  }
}

@Suite struct CanvasTests {
  @Test(arguments: canvasSizes)
  func brailleCanvasGolden(columns: Int, rows: Int) throws {
    let text = renderText(BrailleCanvas(columns: columns, rows: rows))
    try checkAligned(text, columns: columns, rows: rows)
    try assertSnapshot(text, named: "canvas-braille-\(columns)x\(rows).txt")
  }

  @Test(arguments: canvasSizes)
  func blockCanvasGolden(columns: Int, rows: Int) throws {
    let text = renderText(BlockCanvas(columns: columns, rows: rows))
    try checkAligned(text, columns: columns, rows: rows)
    try assertSnapshot(text, named: "canvas-block-\(columns)x\(rows).txt")
  }

  @Test(arguments: canvasSizes)
  func asciiCanvasGolden(columns: Int, rows: Int) throws {
    let text = renderText(AsciiCanvas(columns: columns, rows: rows))
    try checkAligned(text, columns: columns, rows: rows)
    #expect(text.unicodeScalars.allSatisfy { $0.value == 10 || (32..<127).contains($0.value) })
    try assertSnapshot(text, named: "canvas-ascii-\(columns)x\(rows).txt")
  }

  @Test func blockGlyphsFollowTheQuadrants() {
    let g = BlockGlyphs()
    #expect(g.dotsPerCell == (2, 2))
    #expect((1...15).map { g.glyph(for: UInt32($0), curve: 0) } == Array("▘▝▀▖▌▞▛▗▚▐▜▄▙▟█"))
  }

  @Test func blankBrailleCellsStaySpaces() {
    let text = renderText(BrailleCanvas(columns: 40, rows: 12))
    #expect(!text.contains("\u{2800}"))  // the empty braille pattern never appears
    var canvas = BrailleCanvas(columns: 4, rows: 1)
    canvas.drawPolyline([PixelPoint(x: 0, y: 0), PixelPoint(x: 1.5, y: 0)], style: .curve(0))
    #expect(canvas.render() == "⠉")
  }

  @Test func theRasterizerIsSharedAcrossCanvases() {
    // The same diagonal sets one dot per step in every canvas: a 45° line through 4 cells,
    // the top left to bottom right dots of each cell on the diagonal.
    func diagonal<G: CellGlyphs>(_ glyphs: G) -> String {
      var c = DotCanvas(columns: 4, rows: 4, glyphs: glyphs)
      let d = glyphs.dotsPerCell
      let w = Double(4 * d.columns)
      let h = Double(4 * d.rows)
      c.drawPolyline(
        [PixelPoint(x: 0, y: 0), PixelPoint(x: w - 0.01, y: h - 0.01)], style: .curve(0))
      return c.render()
    }
    #expect(diagonal(BlockGlyphs()) == "▚\n ▚\n  ▚\n   ▚")
    #expect(diagonal(AsciiGlyphs()) == "\\\n \\\n  \\\n   \\")
    // Braille: 8 x 16 dots, two rows a column: dots 1 2 (left) and 6 8 (right) in each cell.
    #expect(diagonal(BrailleGlyphs()) == "⢣\n ⢣\n  ⢣\n   ⢣")
  }
}

@Suite struct AsciiGlyphsTests {
  /// The written-out table of the ASCII canvas's shapes is `AsciiGlyphs.shape` of every 3 x 3
  /// mask, and the scalar a cell shows ignores the bits above the ninth, as the table did
  /// when it was built from `shape` at run time.
  @Test func theShapeTableIsShape() {
    let glyphs = AsciiGlyphs()
    for mask in UInt32(0)..<512 {
      let expected = AsciiGlyphs.shape(mask)
      #expect(glyphs.glyphScalar(for: mask, curve: 0).map(Character.init) == expected, "\(mask)")
      #expect(
        glyphs.glyphScalar(for: mask | 0x600, curve: 0).map(Character.init) == expected, "\(mask)")
      #expect(glyphs.glyph(for: mask, curve: 0) == expected)
    }
  }
}
