import Foundation
import TestSupport
import Testing

@testable import GraphCalcApp

/// gnuplot's `set title|xlabel|ylabel "..." offset DX,DY tc ... boxed` and texts as string
/// expressions (tracker issue 16): each text moves as gnuplot 5.4 moves it, and the top and
/// bottom margins give room back or take more as gnuplot's do
/// (Fixtures/text-offset-gnuplot.tsv, read from gnuplot's SVG by
/// scripts/make-text-offset-fixture); the terminal moves by cells; mistakes have carets.
@Suite struct TextOffsetTests {
  static func session() -> Session { Session(terminalSize: TerminalSize(columns: 80, rows: 24)) }

  /// gnuplot's character in its 800x600 SVG (12 pt Arial), and ours (0.7 em by 1.5 em of 12 px).
  static let gnuplotChar = (width: 8.39, height: 18.0)
  static let ourChar = (width: 8.4, height: 18.0)

  /// One row of the fixture: the setting, the offset, gnuplot's text anchor (nil when left
  /// out) and border (left, top, right, bottom).
  struct Row: Sendable, CustomStringConvertible {
    var setting: String
    var dx: Double
    var dy: Double
    var text: (x: Double, y: Double)?
    var border: [Double]
    var description: String { "set \(setting) offset \(dx),\(dy)" }
  }

  static let rows: [Row] = {
    guard
      let text = try? String(
        contentsOfFile: fixtures + "/text-offset-gnuplot.tsv", encoding: .utf8)
    else { return [] }
    return text.split(separator: "\n").map { line in
      let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      let at = Double(f[3]).map { x in (x: x, y: Double(f[4])!) }
      return Row(
        setting: f[0], dx: Double(f[1])!, dy: Double(f[2])!, text: at,
        border: f[5...8].map { Double($0)! })
    }
  }()

  /// Our SVG of `plot sin(x)` after `set SETTING 'Offset text' offset DX,DY`: the text's
  /// x and y, and the frame.
  static func ours(_ row: Row) throws -> (x: Double, y: Double, frame: [Double]) {
    var session = Self.session()
    let set = "set \(row.setting) 'Offset text' offset \(row.dx),\(row.dy)"
    #expect(session.run(set) == Reply(), "\(set)")
    #expect(session.run("plot sin(x)").error == nil)
    let folder = try TemporaryFolder()
    let path = folder.path("t.svg")
    #expect(session.run("export svg \(path) 800 600").error == nil)
    let svg = try String(contentsOfFile: path, encoding: .utf8)
    let line = try #require(
      svg.split(separator: "\n").first { $0.hasSuffix(">Offset text</text>") })
    func number(_ name: String) throws -> Double {
      let start = try #require(line.range(of: " \(name)=\"")).upperBound
      return try #require(Double(line[start...].prefix { $0 != "\"" }))
    }
    let frame = try #require(MultiplotTests.frames(svg).first)
    return (try number("x"), try number("y"), frame)
  }

  @Test func theFixtureIsThere() {
    #expect(Self.rows.count == 23)
    #expect(Self.rows.filter { $0.dx == 0 && $0.dy == 0 }.count == 3)
  }

  /// Each offset moves the text as far as gnuplot moves it, in characters: sideways, and up
  /// or down from its place by the frame (the title's above the frame, the x label's below
  /// it; the y label, level above the frame here, turned beside it in gnuplot, moves as
  /// far). The bottom margin grows and shrinks with the x label's offset as gnuplot's does,
  /// and the top margin gives back the title's line exactly where gnuplot's does.
  @Test(arguments: rows.filter { $0.dx != 0 || $0.dy != 0 })
  func movesAsGnuplotMoves(_ row: Row) throws {
    let base = try #require(Self.rows.first { $0.setting == row.setting })
    let baseOurs = try Self.ours(base)
    let ours = try Self.ours(row)
    let g = Self.gnuplotChar
    let c = Self.ourChar
    // The edge the text keeps to: the top for the title, the bottom for the x label, none
    // (the page) for the y label.
    let edge = ["title": 1, "xlabel": 3][row.setting]
    func relY(_ y: Double, _ frame: [Double]) -> Double { edge.map { y - frame[$0] } ?? y }
    if let text = row.text, let baseText = base.text {
      let gdx = (text.x - baseText.x) / g.width
      let gdy = -(relY(text.y, row.border) - relY(baseText.y, base.border)) / g.height
      let odx = (ours.x - baseOurs.x) / c.width
      let ody = -(relY(ours.y, ours.frame) - relY(baseOurs.y, baseOurs.frame)) / c.height
      #expect(abs(odx - gdx) < 0.01, "x: ours \(odx), gnuplot \(gdx)")
      #expect(abs(ody - gdy) < 0.01, "y: ours \(ody), gnuplot \(gdy)")
    }
    // The frame: the margins.
    let gTop = (base.border[1] - row.border[1]) / g.height
    let oTop = (baseOurs.frame[1] - ours.frame[1]) / c.height
    let gBottom = (base.border[3] - row.border[3]) / g.height
    let oBottom = (baseOurs.frame[3] - ours.frame[3]) / c.height
    switch row.setting {
    case "title":
      // gnuplot gives back its title's line (1 character) for a whole character down; we
      // give back our title's line.
      #expect((gTop > 0) == (oTop > 0), "top: ours \(oTop), gnuplot \(gTop)")
      #expect(oBottom == 0 && gBottom == 0)
    case "xlabel":
      #expect(abs(oBottom - gBottom) < 0.01, "bottom: ours \(oBottom), gnuplot \(gBottom)")
      #expect(oTop == 0 && gTop == 0)
    default:
      #expect(oTop == 0 && oBottom == 0 && gTop == 0 && gBottom == 0)
    }
  }

  /// The title's line given back is the same for every whole character down (gnuplot gives
  /// back one line of a one-line title, never more).
  @Test func aTitleGivesBackOneLine() throws {
    let down = Self.rows.filter { $0.setting == "title" && $0.dy <= -1 }
    #expect(down.count == 4)
    let tops = try down.map { try Self.ours($0).frame[1] }
    #expect(Set(tops).count == 1)
  }

  /// In the terminal an offset is in cells: the title three rows down is on the plot's
  /// third row, two cells right; no offset leaves the picture as it was.
  @Test func terminalMovesByCells() throws {
    var session = Self.session()
    _ = session.run("set title \"Waves\"")
    let plain = session.run("plot sin(x)").output.split(separator: "\n").map(String.init)
    let col = try #require(plain[0].range(of: "Waves")).lowerBound.utf16Offset(in: plain[0])
    #expect(session.run("set title offset 2,-3") == Reply())
    let moved = session.run("replot").output.split(separator: "\n").map(String.init)
    #expect(!moved[0].contains("Waves"))
    // The top margin gave back the title's line: the title is on row 3 - 1.
    let row = try #require(moved.firstIndex { $0.contains("Waves") })
    #expect(row == 2)
    let at = try #require(moved[row].range(of: "Waves")).lowerBound.utf16Offset(in: moved[row])
    #expect(at == col + 2)
    #expect(session.run("set title offset 0,0") == Reply())
    #expect(session.run("replot").output.split(separator: "\n").map(String.init) == plain)
  }

  /// A text is a string expression (gnuplot's `"n = ".n`, sprintf, string variables),
  /// evaluated when `set` runs; each option changes only itself; the listing and `unset`.
  @Test func textsOptionsListingAndUnset() throws {
    var session = Self.session()
    for line in [
      "n = 3", "name = \"wave\"", "set title \"n = \".n.\", 2n = \".(2*n) offset 0,-1",
      "set xlabel sprintf(\"%d samples of %s\", 100, name) tc rgb \"red\"",
      "set ylabel name.\"s\" offset -1 boxed", "n = 4",
    ] {
      #expect(session.run(line) == Reply(), "\(line)")
    }
    #expect(session.labels.title == "n = 3, 2n = 6")
    #expect(session.labels.xLabel == "100 samples of wave")
    #expect(session.labels.yLabel == "waves")
    #expect(session.labels.textPlacements.title.offsetY == -1)
    #expect(session.labels.textPlacements.yLabel.offsetX == -1)
    #expect(session.labels.textPlacements.yLabel.boxed)
    #expect(session.labels.textPlacements.xLabel.color?.hex == "#ff0000")
    // The offset stays when the text changes, and the text when the offset does.
    #expect(session.run("set title \"T\"") == Reply())
    #expect(session.run("set title offset 1,2, 0 font \",14\"") == Reply())
    #expect(session.run("show title") == Reply(output: "title \"T\" offset 1,2 font \",14\"\n"))
    #expect(
      session.run("show xlabel")
        == Reply(output: "xlabel \"100 samples of wave\" tc rgb \"#ff0000\"\n"))
    #expect(session.run("unset title") == Reply())
    #expect(session.run("show title") == Reply())
    #expect(session.labels.textPlacements.title == .init())
    // gnuplot's other words are read: enhanced, rotate (labels are written level here).
    #expect(session.run("set xlabel \"x\" noenhanced rotate by 30 norotate") == Reply())
    // The SVG draws the colour and the box.
    _ = session.run("plot sin(x)")
    let folder = try TemporaryFolder()
    let path = folder.path("c.svg")
    #expect(session.run("export svg \(path)").error == nil)
    let svg = try String(contentsOfFile: path, encoding: .utf8)
    #expect(svg.contains("fill=\"#ff0000\">x</text>"))
  }

  /// Mistakes name the word, with its caret.
  @Test(arguments: [
    ("set title \"a\" offset", 20..<21, "expected an offset in characters"),
    ("set title \"a\" offset 1,", 23..<24, "expected the y offset"),
    ("set title \"a\" offset graph 0,1", 21..<26, "an offset in graph units is not supported"),
    ("set xlabel \"a\" bogus", 15..<20, "'bogus' after set xlabel is not supported"),
    ("set title n+1", 10..<13, "set title needs a text in quotes or a string expression"),
    ("set title \"a\" tc rgb \"nocolour\"", 21..<31, "tc needs a colour"),
    ("set title \"a\" offset 5000,0", 21..<25, "offset needs characters from -1000 to 1000"),
    ("set title \"a\" font", 14..<18, "font needs a font in quotes"),
    ("set ylabel \"a\".", 15..<16, "expected a string"),
  ])
  func mistakes(_ line: String, _ columns: Range<Int>, _ message: String) {
    var session = Self.session()
    let reply = session.run(line)
    let error = reply.error
    #expect(error?.location == columns, "\(error?.message ?? "no error")")
    #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "no error")")
    #expect(session.labels.title.isEmpty && session.labels.yLabel.isEmpty)
  }
}
