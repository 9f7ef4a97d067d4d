import Foundation
import GraphView
import TestSupport
import Testing

@testable import GraphCalcApp

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
            (words[1..<(n - 2)].joined(separator: " "), Double(words[n - 2])!, Double(words[n - 1])!))
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

  /// The fixture holds its four cases (a missing fixture fails here, never skips).
  @Test func theFixtureIsThere() {
    #expect(Self.cases.count == 4)
    #expect(Self.cases.filter { !$0.objects.isEmpty }.count == 2)
    #expect(Self.cases.filter { !$0.labels.isEmpty }.count == 2)
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
}
