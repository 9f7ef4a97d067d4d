import Foundation
import TestSupport
import Testing

@testable import GraphCalcApp
@testable import GraphView

/// gnuplot's `set object` and `plot ... with labels` (tracker issue 16): each shape's box and
/// each label's anchor where gnuplot 5.4 puts them in its SVG
/// (Fixtures/objects-labels-gnuplot.tsv, from scripts/make-objects-labels-fixture), the
/// table of a labels plot, the words and their errors.
@Suite struct ObjectsAndPointLabelsTests {
  static func session() -> Session { Session(terminalSize: TerminalSize(columns: 80, rows: 24)) }

  /// One case of the fixture: the commands, gnuplot's shapes (fill colour: left, top, right,
  /// bottom) and labels (text, x, y).
  struct Case: Sendable, CustomStringConvertible {
    var commands: String
    var objects: [String: [Double]]
    var labels: [(String, Double, Double)]
    var description: String { commands }
  }

  static let cases: [Case] = {
    guard
      let text = try? String(
        contentsOfFile: fixtures + "/objects-labels-gnuplot.tsv", encoding: .utf8)
    else { return [] }
    var all: [Case] = []
    for block in text.components(separatedBy: "\n\n") where !block.isEmpty {
      let lines = block.split(separator: "\n")
      let head = lines[0].split(separator: "\t", omittingEmptySubsequences: false)
      var c = Case(
        commands: String(head[1]).replacingOccurrences(of: "FIXTURES", with: fixtures),
        objects: [:], labels: [])
      for line in lines.dropFirst() {
        let words = line.split(separator: " ").map(String.init)
        if words[0] == "object" {
          c.objects[words[1]] = words[2...].map { Double($0)! }
        } else {
          let n = words.count
          c.labels.append(
            (
              words[1..<(n - 2)].joined(separator: " "), Double(words[n - 2])!,
              Double(words[n - 1])!
            ))
        }
      }
      all.append(c)
    }
    return all
  }()

  /// The value of attribute `name` in an SVG element's line.
  static func attribute(_ name: String, in line: Substring) -> String? {
    guard let start = line.range(of: " \(name)=\"")?.upperBound,
      let end = line[start...].firstIndex(of: "\"")
    else { return nil }
    return String(line[start..<end])
  }

  /// The boxes of the filled paths of graphcalc's SVG, by fill colour (`rrggbb`).
  static func fills(_ svg: String) -> [String: [Double]] {
    var result: [String: [Double]] = [:]
    for line in svg.split(separator: "\n") where line.hasPrefix("<path d=\"M") {
      guard let fill = attribute("fill", in: line), fill.hasPrefix("#"),
        let d = attribute("d", in: line)
      else { continue }
      let numbers = d.split(whereSeparator: { "MLZ ,".contains($0) }).compactMap { Double($0) }
      let xs = stride(from: 0, to: numbers.count, by: 2).map { numbers[$0] }
      let ys = stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] }
      guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else {
        continue
      }
      result[String(fill.dropFirst())] = [x0, y0, x1, y1]
    }
    return result
  }

  /// The texts of graphcalc's SVG with their anchors, in the order drawn.
  static func texts(_ svg: String) -> [(String, Double, Double)] {
    svg.split(separator: "\n").compactMap { line in
      guard line.hasPrefix("<text "), let x = attribute("x", in: line).flatMap(Double.init),
        let y = attribute("y", in: line).flatMap(Double.init),
        let open = line.firstIndex(of: ">"), let close = line.range(of: "</text>")
      else { return nil }
      return (String(line[line.index(after: open)..<close.lowerBound]), x, y)
    }
  }

  /// The fixture holds its five cases (a missing fixture fails here, never skips).
  @Test func theFixtureIsThere() {
    #expect(Self.cases.count == 5)
    #expect(Self.cases.filter { !$0.objects.isEmpty }.count == 2)
    #expect(Self.cases.filter { !$0.labels.isEmpty }.count == 3)
  }

  /// Each shape's box and each label's anchor are gnuplot 5.4's within 1.5 pixels (a
  /// circle and an ellipse are polygons of 72 sides, gnuplot's of more; a label's baseline
  /// is 0.35 of the text size below its point here, 0.325 in gnuplot).
  @Test(arguments: cases)
  func placedWhereGnuplotPutsThem(_ c: Case) throws {
    let folder = try TemporaryFolder()
    var session = Self.session()
    for command in c.commands.components(separatedBy: "; ") {
      let reply = session.run(command)
      #expect(reply.error == nil, "\(command): \(reply.error?.message ?? "")")
    }
    let path = folder.path + "/o.svg"
    #expect(session.run("export svg \(path)").error == nil)
    let svg = try String(contentsOfFile: path, encoding: .utf8)
    let fills = Self.fills(svg)
    for (colour, theirs) in c.objects {
      let ours = try #require(fills[colour], "no fill #\(colour)")
      for (a, b) in zip(ours, theirs) {
        #expect(abs(a - b) <= 1.5, "#\(colour): \(ours) vs \(theirs)")
      }
    }
    var texts = Self.texts(svg)
    for (text, x, y) in c.labels {
      let k = try #require(texts.firstIndex { $0.0 == text }, "no label \(text)")
      let ours = texts.remove(at: k)
      #expect(abs(ours.1 - x) <= 1.5 && abs(ours.2 - y) <= 1.5, "\(text): \(ours) vs \(x), \(y)")
    }
  }

  /// The table of a labels plot: `x y "text"` a record, gnuplot 5.4's rows (66-labels.gp
  /// checks them against gnuplot itself); a gap lifts the pen as in any data curve.
  @Test func theTableWritesTheTexts() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/t.tsv"
    var session = Self.session()
    for line in [
      "plot \"-\" using 1:2:3 with labels offset 1, -1 left point pt 7 ps 2 tc rgb \"red\"",
      "1 2 one", "2 4 \"two words\"", "", "3 1 three", "e", "export table \(path)",
    ] {
      let reply = session.run(line)
      #expect(reply.error == nil, "\(line): \(reply.error?.message ?? "")")
    }
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(
      text.hasSuffix(
        "# x y label type\n1 2 \"one\"\n2 4 \"two words\"\n\n3 1 \"three\"\n"), "\(text)")
    let look = try #require(session.curves?.dataCurves.first?.look.pointLabels)
    #expect(look.texts == ["one", "two words", "", "three"])
    #expect(look.style.justification == .left)
    #expect(look.style.offsetX == 1 && look.style.offsetY == -1)
    #expect(look.style.pointType == 7 && look.style.pointSize == 2)
    #expect(look.style.color == RGBColor(0xFF0000))
  }

  /// Without `point` no marker is drawn; the texts go into the terminal's cells.
  @Test func theTerminalShowsTheTexts() {
    var session = Self.session()
    let reply = session.run(
      "plot [0:4] [0:4] \"\(fixtures)/point-labels.dat\" using 1:2:3 with labels notitle")
    #expect(reply.error == nil)
    for word in ["alpha", "b", "two words", "last"] {
      #expect(reply.output.contains(word), "\(word) in \(reply.output)")
    }
  }

  /// `show object` lists the objects; `unset object N` takes one away, `unset object` all.
  @Test func showAndUnsetObjects() {
    var session = Self.session()
    for line in [
      "set object 1 rectangle from 1,1 to 3,4 fc rgb \"red\" front",
      "set object 2 circle at graph 0.5,0.5 size 0.25 arc [0:90] fs empty",
      "set obj 3 ellipse center 2,7 size 3,2 angle 30 fs transparent solid 0.3 noborder",
      "set object 4 polygon from 0,0 to 1,1 to 2,0 behind",
    ] {
      #expect(session.run(line).error == nil, "\(line)")
    }
    #expect(
      session.run("show object").output
        == "object 1 rectangle from 1, 1 to 3, 4 front fc rgb \"#ff0000\" fs solid 1 border\n"
        + "object 2 circle at graph 0.5, 0.5 size 0.25 arc [0:90] back fs empty border\n"
        + "object 3 ellipse at 2, 7 size 3, 2 angle 30 back fs solid 0.3 noborder\n"
        + "object 4 polygon from 0, 0 to 1, 1 to 2, 0 behind fs empty border\n")
    #expect(session.run("unset object 2").error == nil)
    #expect(session.labels.annotations.objects.keys.sorted() == [1, 3, 4])
    #expect(session.run("unset object").error == nil)
    #expect(session.labels.annotations.objects.isEmpty)
  }

  /// A shape's outline in pixels: a rectangle's corners, a circle round on the page (its
  /// radius along x), a sector joined to its centre.
  @Test func outlinesInPixels() throws {
    let scales = AxisScales.linear
    let viewport = Viewport(
      xRange: 0...10, yRange: 0...10, size: PixelSize(width: 100, height: 50))
    let area = PixelRect(x: 10, y: 20, width: 100, height: 50)
    let map = PlotLayout.PixelMap(viewport: viewport, area: area)
    func outline(_ shape: PlotObject.Shape) throws -> [PixelPoint] {
      try #require(
        PlotLayout.outline(
          PlotObject(shape: shape), scales: scales, map: map, plotArea: area,
          size: PixelSize(width: 200, height: 100), char: (8, 16)))
    }
    func at(_ x: Double, _ y: Double, _ s: PlotCoordinate.System = .first) -> PlotPosition {
      PlotPosition(x: PlotCoordinate(s, x), y: PlotCoordinate(s, y))
    }
    let box = try outline(.rectangle(from: at(1, 2), to: at(3, 4)))
    #expect(box.map(\.x) == [20, 40, 40, 20])
    #expect(box.map(\.y) == [60, 60, 50, 50])
    let screen = try outline(.rectangle(from: at(0.5, 0.5, .screen), to: at(1, 1, .screen)))
    #expect(screen.map(\.x) == [100, 200, 200, 100] && screen.map(\.y) == [50, 50, 0, 0])
    let circle = try outline(
      .circle(center: at(5, 5), radius: PlotCoordinate(.first, 2), arc: 0...360))
    #expect(circle.count == 72)
    for p in circle {
      #expect(abs(((p.x - 60) * (p.x - 60) + (p.y - 45) * (p.y - 45)).squareRoot() - 20) < 1e-9)
    }
    let sector = try outline(
      .circle(center: at(5, 5), radius: PlotCoordinate(.first, 2), arc: 0...90))
    #expect(sector.last == PixelPoint(x: 60, y: 45))
    #expect(abs(sector[0].x - 80) < 1e-9 && abs(sector[0].y - 45) < 1e-9)
    #expect(abs(sector[sector.count - 2].x - 60) < 1e-9)
    #expect(abs(sector[sector.count - 2].y - 25) < 1e-9)
  }

  /// An object with a position in data or graph units is clipped to the plot area, one in
  /// screen units only to the output, as gnuplot 5.4 draws them (its SVG of these lines: the
  /// gold rectangle from x = 0.5 and y = 0.5 to the frame's right and bottom edges, the
  /// screen one from the output's corner to its middle; rectangle.dem's "There should be a
  /// clipped rectangle here").
  @Test func objectsInDataUnitsAreClippedToThePlotArea() throws {
    var session = Self.session()
    for line in [
      "set xrange [0:1]", "set yrange [0:1]",
      "set object 1 rect from 0.5,-1 to 2,0.5 fc rgb \"#ffd700\" fs solid",
      "set object 2 rect from screen 0,0 to screen 0.5,0.5 fc rgb \"#00ff00\" fs solid",
      "set object 3 rect from graph 0,0 to graph 1,1 fc rgb \"#0000ff\" fs solid 0.1 behind",
      "set object 4 circle at 1,1 size 0.2 fc rgb \"#ff0000\" fs solid",
      "plot x",
    ] {
      #expect(session.run(line).error == nil, "\(line)")
    }
    let folder = try TemporaryFolder()
    let path = folder.path("o.svg")
    #expect(session.run("export svg \(path) 600 400").error == nil)
    let boxes = Self.fills(try String(contentsOfFile: path, encoding: .utf8))
    let area = try #require(boxes["0000ff"])
    let gold = try #require(boxes["ffd700"])
    #expect(abs(gold[0] - (area[0] + area[2]) / 2) < 0.01)
    #expect(abs(gold[1] - (area[1] + area[3]) / 2) < 0.01)
    #expect(abs(gold[2] - area[2]) < 0.01 && abs(gold[3] - area[3]) < 0.01)
    let screen = try #require(boxes["00ff00"])
    #expect(screen == [0, 200, 300, 400])
    let circle = try #require(boxes["ff0000"])
    #expect(circle[1] >= area[1] - 0.01 && circle[2] <= area[2] + 0.01)
  }

  /// Bad words get a caret at the word and the nearest valid one.
  @Test(arguments: [
    (
      "set object 1 cirle at 1,1 size 1", "the object type 'cirle' is not supported", "cirle",
      "did you mean 'circle'?"
    ),
    (
      "set object 1 rectangle frm 1,1 to 2,2", "'frm' in set object is not supported", "frm",
      "did you mean 'from'?"
    ),
    (
      "set object 1 circle at 1,1 size 1,2", "a second size of a circle is not supported", ",",
      "size R"
    ),
    ("set object 1 rectangle fs pattern 2", "fill patterns is not supported", "pattern", ""),
    (
      "plot \"x.dat\" using 1:2:3 with labels ofset 1,1", "unexpected 'ofset'", "ofset",
      "did you mean 'offset'?"
    ),
    ("plot sin(x) with labels", "with labels of a function is not supported", "with", ""),
    (
      "plot \"x.dat\" using 1:2:(sprintf(\"%d\",$2)) with labels",
      "a label computed for each record is not supported", "(sprintf", ""
    ),
  ])
  func badWordsAreNamed(_ line: String, _ message: String, _ at: String, _ hint: String) {
    var session = Self.session()
    let error = session.run(line).error
    #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "no error")")
    #expect(
      hint.isEmpty || error?.message.contains(hint) == true, "\(error?.message ?? "no error")")
    let start = line.range(of: at, options: .backwards)!.lowerBound.utf16Offset(in: line)
    #expect(error?.location?.lowerBound == start, "\(line): \(String(describing: error?.location))")
  }

  /// A rectangle without its corners or centre, or a polygon of two points, is refused.
  @Test func shapesNeedTheirPositions() {
    var session = Self.session()
    #expect(session.run("set object 1 rectangle").error != nil)
    #expect(session.run("set object 2 polygon from 0,0 to 1,1").error != nil)
    #expect(session.labels.annotations.objects.isEmpty)
  }

  /// `set style rectangle` is what a new rectangle starts from; its own options win, and a
  /// circle does not take it.
  @Test func theRectangleStyle() {
    var session = Self.session()
    for line in [
      "set style rectangle fc rgb \"red\" fs solid 0.5 noborder front",
      "set object 1 rect from 1,1 to 2,2", "set object 2 rect from 0,0 to 1,1 fs empty back",
      "set object 3 circle at 0,0 size 1",
    ] {
      #expect(session.run(line).error == nil, "\(line)")
    }
    #expect(
      session.run("show object").output
        == "object 1 rectangle from 1, 1 to 2, 2 front fc rgb \"#ff0000\" fs solid 0.5 noborder\n"
        + "object 2 rectangle from 0, 0 to 1, 1 back fc rgb \"#ff0000\" fs empty noborder\n"
        + "object 3 circle at 0, 0 size 1 back fs empty border\n")
    let error = session.run("set style rectangle from 1,1 to 2,2").error
    #expect(error?.message.hasPrefix("a shape or position in set style rectangle") == true)
  }
}
