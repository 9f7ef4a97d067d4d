import GraphView
import Testing
import TextCanvas

/// The hand-made two-curve plot on a 60x16 braille canvas.
func drawnCanvas() -> BrailleCanvas {
  var canvas = BrailleCanvas(columns: 60, rows: 16)
  let area = PlotLayout.plotArea(for: canvas, yTickLabels: yTicks.map(\.label))
  PlotLayout.draw(samplePlot(area: area), in: &canvas, plotArea: area)
  return canvas
}

/// `text` without its SGR escape sequences.
func stripEscapes(_ text: String) -> String {
  var out = ""
  var it = text.unicodeScalars.makeIterator()
  while let s = it.next() {
    if s == "\u{1B}" {
      while let t = it.next(), !(0x40...0x7E).contains(t.value) || t == "[" {}
    } else {
      out.unicodeScalars.append(s)
    }
  }
  return out
}

@Suite struct ColorTests {
  @Test func thePalettesCycleAndAreDistinct() {
    let c256 = TerminalColors(depth: .ansi256)
    let c16 = TerminalColors(depth: .ansi16)
    #expect(c256.curve(0) == "\u{1B}[38;5;33m")
    #expect(c256.curve(1) == "\u{1B}[38;5;166m")
    #expect(c256.curve(8) == c256.curve(0))
    #expect(Set((0..<8).map(c256.curve)).count == 8)
    #expect(c16.curve(0) == "\u{1B}[34m")
    #expect(c16.curve(6) == c16.curve(0))
    #expect(Set((0..<6).map(c16.curve)).count == 6)
    // No white, black, grey or bright yellow: they vanish on one of the two backgrounds.
    for unreadable in [0, 7, 8, 11, 15, 16, 226, 231, 232, 255] {
      #expect(!TerminalColors.palette256.contains(unreadable))
    }
    #expect(!TerminalColors.palette16.contains(30) && !TerminalColors.palette16.contains(37))
  }

  @Test func plainRenderHasNoEscapesAndColourRenderStripsToTheSameText() {
    let canvas = drawnCanvas()
    let plain = canvas.render()
    let coloured = canvas.render(colors: TerminalColors())
    #expect(!plain.contains("\u{1B}"))
    #expect(coloured.contains("\u{1B}[38;5;33m") && coloured.contains("\u{1B}[38;5;166m"))
    #expect(coloured.contains("\u{1B}[2m"))  // dim frame and labels
    #expect(stripEscapes(coloured) == plain)
    // Every line that switches colour on switches it off again.
    for line in coloured.split(separator: "\n") where line.contains("\u{1B}[") {
      #expect(line.hasSuffix("\u{1B}[0m"))
    }
  }

  @Test func theLaterCurveWinsASharedCell() {
    var canvas = BrailleCanvas(columns: 2, rows: 1)
    canvas.drawPolyline([PixelPoint(x: 0, y: 0), PixelPoint(x: 1, y: 0)], style: .curve(0))
    canvas.drawPolyline([PixelPoint(x: 0, y: 3), PixelPoint(x: 1, y: 3)], style: .curve(1))
    let colors = TerminalColors()
    #expect(canvas.render(colors: colors) == colors.curve(1) + "⣀" + colors.reset)
  }

  @Test func legendTextTakesItsCurvesColour() {
    let canvas = drawnCanvas()
    let colors = TerminalColors()
    let coloured = canvas.render(colors: colors)
    let sinLine = try? #require(coloured.split(separator: "\n").first { $0.contains("1.5*sin(x)") })
    #expect(sinLine?.contains(colors.curve(0) + "1.5*sin(x)") == true)
    let poleLine = try? #require(coloured.split(separator: "\n").first { $0.contains("1/x") })
    #expect(poleLine?.contains(colors.curve(1) + "1/x") == true)
  }

  @Test func aMarkerShowsInReverseVideo() {
    var canvas = AsciiCanvas(columns: 3, rows: 1)
    canvas.mark(row: 0, column: 1, character: "@")
    canvas.mark(row: 5, column: 9, character: "@")  // outside: nothing
    #expect(canvas.render() == " @")
    let colors = TerminalColors()
    #expect(canvas.render(colors: colors) == " " + colors.marker + "@" + colors.reset)
  }
}

/// A curve's `lc` in the terminal: an `lc rgb` colour as the nearest of xterm's 256 or of
/// the 8 basic colours, `lc N` as curve N-1's colour, no look as before.
@Suite struct CurveLookColorTests {
  @Test(arguments: [
    (0xff0000, TerminalColors.Depth.ansi256, "\u{1B}[38;5;196m"),
    (0x808080, .ansi256, "\u{1B}[38;5;244m"),
    (0x006400, .ansi256, "\u{1B}[38;5;22m"),
    (0x0000ff, .ansi256, "\u{1B}[38;5;21m"),
    (0xff0000, .ansi16, "\u{1B}[31m"),
    (0x0000ff, .ansi16, "\u{1B}[34m"),
    (0x000000, .ansi16, "\u{1B}[30m"),
  ])
  func rgbIsTheNearestTerminalColour(_ rgb: UInt32, _ depth: TerminalColors.Depth, _ sgr: String) {
    let colors = TerminalColors(depth: depth)
    #expect(colors.curve(0, look: CurveLook(color: RGBColor(rgb))) == sgr)
  }

  @Test func indexAndDefault() {
    let colors = TerminalColors()
    #expect(colors.curve(0, look: CurveLook(colorIndex: 3)) == colors.curve(2))
    #expect(colors.curve(4, look: CurveLook()) == colors.curve(4))
    #expect(colors.curve(4, look: nil) == colors.curve(4))
  }
}
