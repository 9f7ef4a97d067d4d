import Foundation
import GraphView
import SVGRenderer
import TestSupport
import Testing

@testable import GraphCalcApp

/// gnuplot's margins, `set size`, `set origin` and `set multiplot` (tracker issue 16): each
/// plot area where gnuplot 5.4 puts it (Fixtures/multiplot-layout-gnuplot.tsv, read from
/// gnuplot's SVG by scripts/make-multiplot-layout-fixture), the page in the terminal, the
/// words, and the forms not supported.
@Suite struct MultiplotTests {
  static func session() -> Session { Session(terminalSize: TerminalSize(columns: 80, rows: 24)) }

  /// One case of the fixture: the commands and gnuplot's plot areas (left, top, right,
  /// bottom, pixels).
  struct Case: Sendable, CustomStringConvertible {
    var commands: String
    var areas: [[Double]]
    var description: String { commands }
  }

  static let cases: [Case] = {
    guard
      let text = try? String(
        contentsOfFile: fixtures + "/multiplot-layout-gnuplot.tsv", encoding: .utf8)
    else { return [] }
    var all: [Case] = []
    for block in text.components(separatedBy: "\n\n") where !block.isEmpty {
      let lines = block.split(separator: "\n")
      let head = lines[0].split(separator: "\t", omittingEmptySubsequences: false)
      let areas = lines.dropFirst().map { $0.split(separator: " ").map { Double($0)! } }
      all.append(Case(commands: String(head[1]), areas: areas))
    }
    return all
  }()

  /// The frames of an SVG of graphcalc's default theme: left, top, right, bottom.
  static func frames(_ svg: String) -> [[Double]] {
    var result: [[Double]] = []
    for line in svg.split(separator: "\n")
    where line.hasPrefix("<rect ") && line.contains("fill=\"none\" stroke=\"#333333\"") {
      func number(_ name: String) -> Double {
        let start = line.range(of: " \(name)=\"")!.upperBound
        let end = line[start...].firstIndex(of: "\"")!
        return Double(line[start..<end])!
      }
      let (x, y) = (number("x"), number("y"))
      result.append([x, y, x + number("width"), y + number("height")])
    }
    return result
  }

  /// The fixture holds its eleven cases (a missing fixture fails here, never skips).
  @Test func theFixtureIsThere() {
    #expect(Self.cases.count == 11)
    #expect(Self.cases.allSatisfy { !$0.areas.isEmpty })
  }

  /// Each plot area's edges are gnuplot 5.4's to a pixel (graphcalc rounds them to whole
  /// pixels; gnuplot's character is 8.39 x 18 px at 800 x 600, as graphcalc's margin unit).
  @Test(arguments: cases)
  func plotAreasWhereGnuplotPutsThem(_ c: Case) throws {
    let folder = try TemporaryFolder()
    var session = Self.session()
    for command in c.commands.components(separatedBy: "; ") {
      let reply = session.run(command)
      #expect(reply.error == nil, "\(command): \(reply.error?.message ?? "")")
    }
    let path = folder.path + "/m.svg"
    #expect(session.run("export svg \(path)").error == nil)
    let frames = Self.frames(try String(contentsOfFile: path, encoding: .utf8))
    try #require(frames.count == c.areas.count, "\(frames)")
    for (ours, theirs) in zip(frames, c.areas) {
      for (a, b) in zip(ours, theirs) { #expect(abs(a - b) <= 1, "\(ours) vs \(theirs)") }
    }
  }

  /// In scripts a multiplot is drawn once, at `unset multiplot`: each plot inside prints
  /// nothing (an interactive prompt redraws the page after it), and the page has both
  /// panels side by side, under its title.
  @Test func thePageIsDrawnAtUnsetMultiplot() throws {
    var session = Self.session()
    session.display.canvas = .ascii
    #expect(session.run("set multiplot layout 1,2 title \"Both\"") == Reply())
    let first = session.run("plot sin(x)")
    #expect(first.output.isEmpty && first.error == nil && first.redrawsAtThePrompt)
    #expect(session.run("plot cos(x)").output.isEmpty)
    #expect(session.run("show multiplot").output == "multiplot\n")
    let page = session.run("unset multiplot")
    #expect(page.error == nil)
    let lines = page.output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 24)  // 23 rows and the final newline
    #expect(lines[0].trimmingCharacters(in: .whitespaces) == "Both")
    // Two frames on one row: the panels' top edges.
    let edges = lines.first { $0.contains("+--") }.map { String($0) } ?? ""
    #expect(edges.components(separatedBy: "++").count - 1 == 4, "\(edges)")
    let legends = try #require(lines.first { $0.contains("sin(x)") })
    #expect(legends.contains("cos(x)"))
    #expect(session.run("show multiplot").output.isEmpty)
  }

  /// A plot outside a multiplot after one is a plot of its own again: its export has one
  /// frame (the page is let go).
  @Test func aPlotAfterTheMultiplotIsAlone() throws {
    let folder = try TemporaryFolder()
    var session = Self.session()
    for line in [
      "set multiplot layout 2,1", "plot x", "plot -x", "unset multiplot", "plot sin(x)",
    ] {
      #expect(session.run(line).error == nil, "\(line)")
    }
    let path = folder.path + "/one.svg"
    #expect(session.run("export svg \(path)").error == nil)
    #expect(Self.frames(try String(contentsOfFile: path, encoding: .utf8)).count == 1)
  }

  /// The settings list themselves as set takes them, and `unset` puts them back.
  @Test func settingsListAndUnset() {
    var session = Self.session()
    for line in [
      "set lmargin 10", "set rmargin at screen 0.9", "set size 0.5,0.4", "set origin 0.25,0.1",
    ] {
      #expect(session.run(line).error == nil, "\(line)")
    }
    #expect(session.run("show lmargin").output == "lmargin 10\n")
    #expect(session.run("show rmargin").output == "rmargin at screen 0.9\n")
    #expect(session.run("show size").output == "size 0.5,0.4\n")
    #expect(session.run("show origin").output == "origin 0.25,0.1\n")
    #expect(session.run("set size ratio 0.5").error == nil)
    #expect(session.run("show size").output == "size ratio 0.5 0.5,0.4\n")
    #expect(session.run("set size ratio -1").error == nil)
    #expect(session.labels.equalAspect && session.labels.placement.ratio == nil)
    #expect(session.run("set lmargin -1").error == nil)  // gnuplot's automatic
    #expect(session.labels.margins.left == .automatic)
    #expect(session.run("set margins 1, 2, 3, 4").error == nil)
    #expect(session.labels.margins.bottom == .characters(3))
    #expect(session.run("unset margins").error == nil)
    #expect(session.labels.margins.isAutomatic)
    #expect(session.run("unset size").error == nil)
    #expect(session.labels.placement.width == 1 && !session.labels.equalAspect)
    #expect(session.run("unset origin").error == nil)
    #expect(session.labels.placement.fillsPage)
    #expect(session.run("set size square").error == nil)
    #expect(session.labels.equalAspect)  // graphcalc's reading of square, as before
  }

  /// Forms graphcalc does not have are named, the caret under the word at fault.
  @Test(arguments: [
    ("set multiplot scale 1,1", "set multiplot scale is not supported", "scale"),
    ("set multiplot layout 2,2 offset 0.1", "set multiplot offset is not supported", "offset"),
    ("set lmargin at graph 0.1", "a margin at 'graph' coordinates is not supported", "graph"),
    ("set size ratio -2", "set size ratio -2 is not supported", "-2"),
    ("set multiplot layout 2", "usage: set multiplot", "layout"),
    ("set multiplot title Four", "a title goes in quotes", "title"),
    ("set origin 1", "usage: set origin X,Y", "1"),
    ("set multiplot layout 0,2", "expected a whole number of rows", "0"),
  ])
  func unsupportedFormsAreNamed(_ line: String, _ message: String, _ at: String) {
    var session = Self.session()
    let error = session.run(line).error
    #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "no error")")
    let start = line.range(of: " " + at)!.lowerBound.utf16Offset(in: line) + 1
    #expect(error?.location?.lowerBound == start, "\(line)")
  }

  /// A second `set multiplot` inside one is refused; the first goes on.
  @Test func multiplotInsideAMultiplot() {
    var session = Self.session()
    #expect(session.run("set multiplot").error == nil)
    let error = session.run("set multiplot layout 2,2").error
    #expect(error?.message.hasPrefix("set multiplot inside a multiplot is not supported") == true)
    #expect(session.multiplot.isActive)
  }

  /// An `OffsetRenderer` lays a plot out as a renderer of its own size (the page's font),
  /// and a margin at screen F is F of the page, not of the part.
  @Test func offsetRendererPlacesAPart() {
    let page = SVGRenderer(size: PixelSize(width: 800, height: 600), fontSize: 12)
    let rect = PixelRect(x: 100, y: 50, width: 400, height: 300)
    let part = OffsetRenderer(page, rect: rect)
    #expect(part.size == PixelSize(width: 400, height: 300))
    let alone = SVGRenderer(size: PixelSize(width: 400, height: 300), fontSize: 12)
    #expect(PlotLayout.plotArea(for: part) == PlotLayout.plotArea(for: alone))
    var options = PlotLayout.Options()
    options.margins.left = .screen(0.5)
    options.margins.top = .screen(0.75)  // 150 px below the page's top, 100 in the part
    let area = PlotLayout.plotArea(for: part, options: options)
    #expect(area.minX == 300 && area.minY == 100)
    var drawn = part
    drawn.drawLine(
      from: PixelPoint(x: 0, y: 0), to: PixelPoint(x: 10, y: 10), style: .frame)
    #expect(drawn.base.document().contains("M100,50L110,60"))
  }
}
