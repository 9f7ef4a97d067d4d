import Foundation
import TestSupport
import Testing

@testable import GraphCalcApp

/// Styles on the terminal's canvases, through `plot` (tracker issue 16): points are
/// visible marks in each curve's own point type, `linespoints` differs from `lines`, curves
/// without colour differ by dash patterns (shown in the legend), `lw` and `dt` are drawn.
@Suite struct TextCanvasStyleTests {
  static func session(_ canvas: CanvasKind = .braille, color: Bool = false) -> Session {
    var session = Session(terminalSize: TerminalSize(columns: 60, rows: 16))
    session.display = TerminalDisplay(canvas: canvas, color: color)
    return session
  }

  static func data() throws -> (TemporaryFolder, String) {
    let folder = try TemporaryFolder()
    let file = try folder.write("1 1\n2 4\n3 2\n4 3\n", to: "p.dat")
    return (folder, "\"\(file)\"")
  }

  /// The output without SGR sequences.
  static func plain(_ text: String) -> String {
    text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
  }

  static func count(_ c: Character, in text: String) -> Int { text.filter { $0 == c }.count }

  /// `with points` without `pt` takes gnuplot's default, the curve's line type: curve 1 `×`,
  /// curve 2 `*` (ASCII `x`, `*`), a glyph at each of the 4 points and one in the legend.
  @Test(arguments: [CanvasKind.braille, .block, .ascii])
  func pointsAreEachCurvesType(_ canvas: CanvasKind) throws {
    let (folder, file) = try Self.data()
    _ = folder
    var session = Self.session(canvas)
    let reply = session.run(
      "plot sin(x) title \"s\", \(file) with points title \"a\", \(file) using 1:($2+0.5) with points title \"b\""
    )
    #expect(reply.error == nil)
    #expect(Self.count(canvas == .ascii ? "x" : "×", in: reply.output) == 5)
    if canvas != .ascii { #expect(Self.count("*", in: reply.output) == 5) }
  }

  /// `linespoints` is the line and a mark at each point, not the line alone.
  @Test func linespointsDiffersFromLines() throws {
    let (folder, file) = try Self.data()
    _ = folder
    var session = Self.session()
    let lines = session.run("plot \(file) with lines").output
    let both = session.run("plot \(file) with linespoints").output
    #expect(lines != both)
    #expect(!lines.contains("⠤⠤+⠤⠤"))
    // The legend's sample: the line with the curve's `+` in its middle.
    #expect(both.contains(" ⠤+⠤ "))
    #expect(Self.count("+", in: both) > Self.count("+", in: lines))
  }

  /// Without colour the second curve is dashed, the third dotted, and the legend's sample
  /// (6 cells) shows each; with colour the samples stay 3 cells and solid.
  @Test func curvesWithoutColourDiffer() {
    var session = Self.session()
    let out = session.run("plot sin(x), cos(x), x/10").output
    #expect(out.contains("⠤⠤⠤⠤⠤⠤ sin(x)"))
    #expect(out.contains("⠤⠤ ⠤⠤  cos(x)"))
    #expect(out.contains("⠄⠄⠄⠄⠄⠄ x/10"))
    var coloured = Self.session(color: true)
    let text = Self.plain(coloured.run("plot sin(x), cos(x), x/10").output)
    #expect(text.contains("⠤⠤⠤ sin(x)"))
    #expect(text.contains("⠤⠤⠤ cos(x)"))
    #expect(text.contains("⠤⠤⠤ x/10"))
    // One curve alone keeps the plain legend.
    #expect(session.run("plot sin(x)").output.contains("⠤⠤⠤ sin(x)"))
  }

  /// `dt` and `lw` are drawn in colour too: the sample of `dt 2` has its gap, `lw 2` two
  /// dot rows.
  @Test func dashesAndWidthsInColour() {
    var session = Self.session(color: true)
    let text = Self.plain(session.run("plot sin(x) dt 2, cos(x) lw 2").output)
    #expect(text.contains("⠤⠤  sin(x)"))
    #expect(text.contains("⣤⣤⣤ cos(x)"))
  }

  /// `ps 3` draws the point type's shape in dots, larger than a cell; the legend keeps the
  /// glyph.
  @Test func pointSizeScalesTheMarks() throws {
    let (folder, file) = try Self.data()
    _ = folder
    var session = Self.session()
    let small = session.run("plot \(file) with points pt 6").output
    let large = session.run("plot \(file) with points pt 6 ps 3").output
    #expect(Self.count("○", in: small) == 5)
    #expect(Self.count("○", in: large) == 1)
    let dots = { (s: String) in
      s.unicodeScalars.filter { (0x2801...0x28FF).contains($0.value) }.count
    }
    #expect(dots(large) >= 4 * 4)
    #expect(dots(small) == 0)
  }
}
