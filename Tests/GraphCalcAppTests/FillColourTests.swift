import Foundation
import GraphView
import TestSupport
import Testing

@testable import GraphCalcApp

/// gnuplot's fill colours and borders (tracker issue 16): `fc rgb "..."`/`fillcolor` on plot
/// items, `fs solid D border lt -1|lc rgb "..."|noborder`, `set style fill ... border lt -1`:
/// the fills gnuplot 5.4 paints (colour, opacity, how many) and the colours of the outlines
/// it strokes (Fixtures/fill-colours-gnuplot.tsv, read from its SVG by
/// scripts/make-fill-colour-fixture); mistakes with carets.
@Suite struct FillColourTests {
  static func session() -> Session { Session(terminalSize: TerminalSize(columns: 80, rows: 24)) }

  struct Case: Sendable, CustomStringConvertible {
    var commands: String
    var fills: [String: Int]
    var borders: Set<String>
    var description: String { commands }
  }

  /// gnuplot's line type 1 is its own purple; ours is the theme's first colour.
  static func ours(_ colour: String) -> String {
    colour == "#9400d3" ? Theme.default.series(0).hex : colour
  }

  static let cases: [Case] = {
    guard
      let text = try? String(
        contentsOfFile: fixtures + "/fill-colours-gnuplot.tsv", encoding: .utf8)
    else { return [] }
    return text.components(separatedBy: "\n\n").filter { !$0.isEmpty }.map { block in
      let lines = block.split(separator: "\n")
      let head = lines[0].split(separator: "\t", omittingEmptySubsequences: false)
      var fills: [String: Int] = [:]
      var borders: Set<String> = []
      for line in lines.dropFirst() {
        let f = line.split(separator: " ").map(String.init)
        if f[0] == "fill" { fills[ours(f[1]) + " " + f[2]] = Int(f[3])! }
        if f[0] == "border" { borders.insert(ours(f[1])) }
      }
      return Case(commands: String(head[1]), fills: fills, borders: borders)
    }
  }()

  /// Our SVG's fills (`fill="#X" fill-opacity="O"` of rects and paths, by count) and the
  /// stroke colours of paths in `colours`.
  static func paint(_ svg: String, strokes colours: Set<String>) -> ([String: Int], Set<String>) {
    var fills: [String: Int] = [:]
    var strokes: Set<String> = []
    func attribute(_ line: Substring, _ name: String) -> String? {
      guard let r = line.range(of: " \(name)=\"") else { return nil }
      return String(line[r.upperBound...].prefix { $0 != "\"" })
    }
    for line in svg.split(separator: "\n") {
      if let fill = attribute(line, "fill"), fill.hasPrefix("#"),
        let opacity = attribute(line, "fill-opacity"), attribute(line, "stroke") == "none",
        line.hasPrefix("<rect") || line.hasPrefix("<path")
      {
        fills[fill + " " + (Double(opacity).map { "\($0)" } ?? opacity), default: 0] += 1
      }
      if line.hasPrefix("<path"), let stroke = attribute(line, "stroke"), colours.contains(stroke) {
        strokes.insert(stroke)
      }
    }
    return (fills, strokes)
  }

  @Test func theFixtureIsThere() {
    #expect(Self.cases.count == 5)
  }

  /// The fills and the outlines' colours are gnuplot's (a filled curve's border only when
  /// it is `closed`, as gnuplot strokes it; boxes without one after `noborder`).
  @Test(arguments: cases)
  func paintsAsGnuplotPaints(_ c: Case) throws {
    var session = Self.session()
    let folder = try TemporaryFolder()
    try FileManager.default.copyItem(
      atPath: fixtures + "/fill-colours.dat", toPath: folder.path("fill-colours.dat"))
    for command in c.commands.components(separatedBy: "; ") {
      let line = command.replacingOccurrences(
        of: "'fill-colours.dat'", with: "'\(folder.path("fill-colours.dat"))'")
      #expect(session.run(line).error == nil, "\(line)")
    }
    let path = folder.path("f.svg")
    #expect(session.run("export svg \(path) 400 300").error == nil)
    let svg = try String(contentsOfFile: path, encoding: .utf8)
    let candidates: Set<String> = [
      "#000000", "#0000ff", "#884400", "#ff0000", "#00aa00", "#ffa500",
      Theme.default.series(0).hex,
    ]
    let (fills, strokes) = Self.paint(svg, strokes: candidates)
    // gnuplot's opacities are written as numbers: compare them as numbers.
    let expected = Dictionary(
      uniqueKeysWithValues: c.fills.map { key, n in
        let f = key.split(separator: " ")
        return ("\(f[0]) \(Double(f[1])!)", n)
      })
    #expect(fills == expected)
    #expect(strokes == c.borders)
    let png = folder.path("f.png")
    #expect(session.run("export png \(png) 400 300").error == nil)
  }

  /// `fc` takes gnuplot's forms; the terminal draws as before (its cells keep the curve's
  /// colour); `unset style` forgets the border colour.
  @Test func formsAndUnset() throws {
    var session = Self.session()
    let forms: [(String, String)] = [
      ("fc rgb \"#00aa00\"", "#00aa00"), ("fillcolor \"red\"", "#ff0000"),
      ("fc lt 2", Theme.default.series(1).hex), ("fc 3", Theme.default.series(2).hex),
    ]
    for (words, hex) in forms {
      let reply = session.run("plot [0:5] x with boxes fs solid \(words)")
      #expect(reply.error == nil, "\(words)")
      #expect(session.curves?.look(ofCurve: 0).fillColor?.hex == hex, "\(words)")
    }
    #expect(session.run("set style fill solid 0.5 border lt -1") == Reply())
    #expect(session.data.fillBorderColor?.hex == "#000000")
    #expect(session.run("unset style") == Reply())
    #expect(session.data.fillBorderColor == nil)
  }

  /// Mistakes name the word, with its caret.
  @Test(arguments: [
    ("plot [0:1] x with boxes fc", 24..<26, "fc needs a colour"),
    ("plot [0:1] x with boxes fc rgb \"nope\"", 31..<37, "fc needs a colour"),
    ("plot [0:1] x with boxes fs solid border lt 0", 43..<44, "border needs a line type"),
    ("set style fill solid border lc rgb \"nope\"", 35..<41, "border needs a colour"),
  ])
  func mistakes(_ line: String, _ columns: Range<Int>, _ message: String) {
    var session = Self.session()
    let error = session.run(line).error
    #expect(error?.location == columns, "\(error?.message ?? "no error")")
    #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "no error")")
  }
}
