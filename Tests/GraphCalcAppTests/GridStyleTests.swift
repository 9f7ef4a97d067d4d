import Foundation
import TestSupport
import Testing

@testable import GraphCalcApp

/// gnuplot's `set grid ... lt N lc COLOUR lw W dt N {, MINOR}` and `mxtics`/`mytics` grids
/// (tracker issue 16): the lines where gnuplot 5.4 draws them, in its colours, dashed where
/// its are (Fixtures/grid-gnuplot.tsv, read from gnuplot's SVG by scripts/make-grid-fixture),
/// in SVG and PNG; the listing, `unset grid`, and mistakes with carets.
@Suite struct GridStyleTests {
  static func session() -> Session { Session(terminalSize: TerminalSize(columns: 80, rows: 24)) }

  /// One case of the fixture: the commands and gnuplot's grid lines (`v|h FRACTION COLOUR
  /// DASHED`).
  struct Case: Sendable, CustomStringConvertible {
    var commands: String
    var lines: Set<String>
    var description: String { commands }
  }

  static let cases: [Case] = {
    guard
      let text = try? String(contentsOfFile: fixtures + "/grid-gnuplot.tsv", encoding: .utf8)
    else { return [] }
    return text.components(separatedBy: "\n\n").filter { !$0.isEmpty }.map { block in
      let lines = block.split(separator: "\n")
      let head = lines[0].split(separator: "\t", omittingEmptySubsequences: false)
      return Case(commands: String(head[1]), lines: Set(lines.dropFirst().map(String.init)))
    }
  }()

  /// The grid lines of our SVG in the fixture's form: every stroke of a path whose colour is
  /// one of `colours`, as a fraction of the frame.
  static func gridLines(_ svg: String, colours: Set<String>) throws -> Set<String> {
    let frame = try #require(MultiplotTests.frames(svg).first)
    var out: Set<String> = []
    for line in svg.split(separator: "\n") where line.hasPrefix("<path d=\"") {
      guard let s = line.range(of: "stroke=\"#") else { continue }
      let colour = "#" + line[s.upperBound...].prefix(6)
      guard colours.contains(colour) else { continue }
      let dashed = line.contains("stroke-dasharray") ? 1 : 0
      let d = line.dropFirst("<path d=\"".count).prefix { $0 != "\"" }
      for segment in d.split(separator: "M") {
        let points = segment.split(separator: "L").map { p in
          p.split(separator: ",").compactMap { Double($0) }
        }
        guard points.count == 2, points[0].count == 2, points[1].count == 2 else { continue }
        let (a, b) = (points[0], points[1])
        let row: String
        if a[0] == b[0] {
          row = String(format: "v %.4f", (a[0] - frame[0]) / (frame[2] - frame[0]))
        } else {
          row = String(format: "h %.4f", (frame[3] - a[1]) / (frame[3] - frame[1]))
        }
        out.insert("\(row) \(colour) \(dashed)")
      }
    }
    return out
  }

  @Test func theFixtureIsThere() {
    #expect(Self.cases.count == 3)
    #expect(Self.cases.allSatisfy { !$0.lines.isEmpty })
  }

  /// Each grid line where gnuplot's is, in its colour, dashed as gnuplot's (the default grid
  /// line is dotted: `lc` alone keeps the dots), none more; the PNG is drawn too.
  @Test(arguments: cases)
  func linesAsGnuplotDraws(_ c: Case) throws {
    var session = Self.session()
    for command in c.commands.components(separatedBy: "; ") {
      #expect(session.run(command).error == nil, "\(command)")
    }
    let folder = try TemporaryFolder()
    let path = folder.path("g.svg")
    #expect(session.run("export svg \(path) 800 600").error == nil)
    let svg = try String(contentsOfFile: path, encoding: .utf8)
    let colours = Set(c.lines.map { String($0.split(separator: " ")[2]) })
    let ours = try Self.gridLines(svg, colours: colours)
    #expect(
      ours == c.lines, "extra: \(ours.subtracting(c.lines)) missing: \(c.lines.subtracting(ours))")
    let png = folder.path("g.png")
    #expect(session.run("export png \(png) 400 300").error == nil)
    #expect(FileManager.default.fileExists(atPath: png))
  }

  /// The listing names what was set; `set grid nomxtics` takes the minor lines away; unset
  /// forgets the looks; a grid without a look is drawn as before.
  @Test func listingAndUnset() throws {
    var session = Self.session()
    _ = session.run("plot sin(x)")
    let folder = try TemporaryFolder()
    let path = folder.path("a.svg")
    _ = session.run("export svg \(path)")
    let plain = try String(contentsOfFile: path, encoding: .utf8)
    #expect(session.run("set grid mxtics lt 1 lc rgb \"#123456\" lw 2, lt 0 lw 0.5") == Reply())
    #expect(
      session.run("show grid")
        == Reply(output: "grid mxtics lt 1 lc rgb \"#123456\" lw 2, lw 0.5 dt 3\n"))
    #expect(session.run("set grid xtics nomxtics") == Reply())
    #expect(session.labels.gridAxes == [.x])
    #expect(session.labels.minorGridAxes.isEmpty)
    #expect(session.run("unset grid") == Reply())
    #expect(session.run("set grid") == Reply())
    #expect(session.run("show grid") == Reply())
    _ = session.run("export svg \(path)")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == plain)
  }

  /// Mistakes name the word, with its caret.
  @Test(arguments: [
    ("set grid lt", 11..<12, "lt needs a line type"),
    ("set grid lw 0", 9..<11, "lw needs a width above 0"),
    ("set grid lc rgb \"nocolour\"", 16..<26, "lc needs a colour"),
    ("set grid xtics bogus", 15..<20, "'bogus' after set grid is not supported"),
    ("set grid lt 1, lt 0, lt 2", 19..<20, "',' after set grid is not supported"),
    ("set grid polar 0", 15..<16, "polar needs an angle above 0"),
    ("set grid dt -1", 9..<11, "dt needs a dash type from 0"),
  ])
  func mistakes(_ line: String, _ columns: Range<Int>, _ message: String) {
    var session = Self.session()
    let error = session.run(line).error
    #expect(error?.location == columns, "\(error?.message ?? "no error")")
    #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "no error")")
    #expect(session.labels == PlotLabels())
  }
}
