import Foundation
import GraphView
import TestSupport
import Testing

@testable import GraphCalcApp

/// gnuplot's second axes, time axes and autoscale forms (tracker issue 16), typed as a
/// gnuplot user would; the values gnuplot 5.4 itself gives are quoted where they are the
/// expectation.
@Suite struct SecondAxesTests {
  static func session() -> Session { Session(terminalSize: TerminalSize(columns: 80, rows: 24)) }

  /// The `<text>` elements of an SVG: text, x, baseline y, anchor.
  static func texts(_ svg: String) -> [(text: String, x: Double, y: Double, anchor: String)] {
    let pattern = #"<text x="([^"]+)" y="([^"]+)" text-anchor="([a-z]+)"[^>]*>([^<]*)</text>"#
    let regex = try! NSRegularExpression(pattern: pattern)
    let ns = svg as NSString
    return regex.matches(in: svg, range: NSRange(location: 0, length: ns.length)).map { m in
      (
        ns.substring(with: m.range(at: 4)), Double(ns.substring(with: m.range(at: 1)))!,
        Double(ns.substring(with: m.range(at: 2)))!, ns.substring(with: m.range(at: 3))
      )
    }
  }

  static func svg(_ session: inout Session) throws -> String {
    let folder = try TemporaryFolder()
    let path = folder.path + "/p.svg"
    let reply = session.run("export svg \(path)")
    #expect(reply.error == nil, "\(reply.error?.message ?? "")")
    return try String(contentsOfFile: path, encoding: .utf8)
  }

  @Test func axesKeywordIsReadOnFunctionsAndData() throws {
    var session = Self.session()
    #expect(session.run("plot sin(x) axes x1y2 title \"s\", cos(x) axis x2y1").error == nil)
    let looks = session.curves?.items.map { item -> CurveAxes in
      if case .function(_, _, let style) = item { return style.look.axes }
      return .first
    }
    #expect(looks == [CurveAxes(x2: false, y2: true), CurveAxes(x2: true, y2: false)])
    #expect(session.curves?.titles == ["s", "cos(x)"])
    let bad = session.run("plot sin(x) axes x3y1")
    #expect(bad.error?.location == 17..<21)
    #expect(bad.error?.message.contains("x1y1, x1y2, x2y1 or x2y2") == true)
    #expect(CurveAxes(name: "x2y2") == CurveAxes(x2: true, y2: true))
    #expect(CurveAxes(name: "y1x1") == nil)
  }

  @Test func rightHandTickLabelsAreAtTheirValuesPlaces() throws {
    var session = Self.session()
    for line in [
      "set yrange [-10:10]", "set y2range [0:100]", "set y2tics 50", "set ytics nomirror",
      "set y2label \"phase\"", "plot x",
    ] {
      #expect(session.run(line).error == nil, "\(line)")
    }
    let texts = Self.texts(try Self.svg(&session))
    let right = texts.filter { $0.anchor == "start" && ["0", "50", "100"].contains($0.text) }
    try #require(right.count == 3, "\(texts)")
    let y = Dictionary(uniqueKeysWithValues: right.map { ($0.text, $0.y) })
    // y2's 0 is at the bottom, 100 at the top, 50 half way: where y1's -10, 10 and 0 are.
    let left = Dictionary(
      texts.filter { $0.anchor == "end" }.map { ($0.text, $0.y) }, uniquingKeysWith: { a, _ in a })
    #expect(abs(y["50"]! - left["0"]!) < 0.01)
    #expect(abs(y["100"]! - left["10"]!) < 0.01)
    #expect(abs(y["0"]! - left["-10"]!) < 0.01)
    // Right of the frame, all at one x; the label over the top right corner.
    let frameRight = texts.filter { $0.anchor == "end" && $0.text == "0" }.map(\.x).max()!
    #expect(Set(right.map(\.x)).count == 1 && right[0].x > frameRight + 600)
    #expect(texts.contains { $0.text == "phase" && $0.anchor == "end" && $0.y < y["100"]! })
    // The terminal puts the labels on the right too.
    let plot = session.run("replot").output.split(separator: "\n").map(String.init)
    #expect(plot.contains { $0.hasSuffix(" 100") } && plot.contains { $0.hasSuffix(" 50") })
  }

  @Test func eachYAxisFitsItsOwnItemsAndTheTableKeepsTheirUnits() throws {
    var session = Self.session()
    let folder = try TemporaryFolder()
    let data = folder.path + "/d.dat"
    try "1 10\n2 250\n3 400\n".write(toFile: data, atomically: true, encoding: .utf8)
    #expect(session.run("set y2tics").error == nil)
    #expect(
      session.run(
        "plot \"\(data)\" using 1:($2/100) with points, \"\(data)\" axes x1y2 with points"
      ).error == nil)
    let curves = try #require(session.currentCurves())
    let link = try #require(curves.links.y)
    #expect(link.secondRange == 0...400)  // the y2 items alone, widened to ticks
    #expect(curves.yRange == 0...4)
    let path = folder.path + "/t.tsv"
    #expect(session.run("export table \(path)").error == nil)
    let table = try String(contentsOfFile: path, encoding: .utf8)
    #expect(table.contains("1 0.1 i\n2 2.5 i\n3 4 i\n"))
    #expect(table.contains("1 10 i\n2 250 i\n3 400 i\n"))
    // A fixed y2 range: the points beyond it are `o` in y2's units.
    #expect(session.run("set y2range [0:300]").error == nil)
    #expect(session.run("export table \(path)").error == nil)
    let fixed = try String(contentsOfFile: path, encoding: .utf8)
    #expect(fixed.contains("1 10 i\n2 250 i\n3 400 o\n"))
    #expect(session.run("show y2range") == Reply(output: "y2range [0:300]\n"))
  }

  @Test func functionsOnSecondAxesAreSampledAtTheirOwnX() throws {
    var session = Self.session()
    for line in [
      "set xrange [0:10]", "set x2range [0:100]", "set yrange [0:1]", "set y2range [0:1000]",
      "plot x/10, x axes x2y2",
    ] {
      #expect(session.run(line).error == nil, "\(line)")
    }
    let folder = try TemporaryFolder()
    let path = folder.path + "/t.tsv"
    #expect(session.run("export table \(path)").error == nil)
    let blocks = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n\n\n")
    try #require(blocks.count == 2)
    // x on x2 runs over [0, 100] and y = x there, in x2 and y2 units.
    let rows = blocks[1].split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
      $0.split(separator: " ").compactMap { Double($0) }
    }
    #expect(rows.first == [0, 0] && rows.last?.first.map { abs($0 - 100) < 1e-9 } == true)
    #expect(rows.allSatisfy { abs($0[0] - $0[1]) <= 1e-9 * max(1, $0[0]) })
  }

  @Test func logscaleTakesTheSecondAxes() {
    var session = Self.session()
    #expect(session.run("set logscale xy").error == nil)
    #expect(session.run("set log x2").error == nil)
    #expect(session.run("unset log y2").error == nil)
    #expect(session.labels.second.x2Scale == .log(base: 10))
    #expect(session.labels.second.y2Scale == .linear)
    #expect(session.run("show logscale").output == "logscale xy 10\nlogscale x2 10\n")
    #expect(session.run("set logscale z").error?.message.contains("x, y, x2 and y2") == true)
  }

  @Test func autoscaleFixAndOffsetsEndTheRangesAtTheData() throws {
    var session = Self.session()
    let folder = try TemporaryFolder()
    let data = folder.path + "/d.dat"
    try "1.5 2.25\n7.5 9.5\n".write(toFile: data, atomically: true, encoding: .utf8)
    #expect(session.run("plot \"\(data)\"").error == nil)
    #expect(session.run("view").output == "x [1, 8]  y [2, 10]\n")
    #expect(session.run("set autoscale fix").error == nil)
    #expect(session.run("replot").error == nil)
    #expect(session.run("view").output == "x [1.5, 7.5]  y [2.25, 9.5]\n")
    #expect(session.run("set offsets 0.5, 0.5, 0.5, 0.25").error == nil)
    #expect(session.run("replot").error == nil)
    #expect(session.run("view").output == "x [1, 8]  y [2, 10]\n")
    #expect(session.run("set autoscale").error == nil)  // clears the fix flags (gnuplot)
    #expect(session.run("unset offsets").error == nil)
    #expect(session.run("set yrange [0:*]").error == nil)
    #expect(session.run("replot").error == nil)
    #expect(session.run("view").output == "x [1, 8]  y [0, 10]\n")
    #expect(session.run("set yrange [*:*] noextend").error == nil)
    #expect(session.run("replot").error == nil)
    #expect(session.run("view").output == "x [1, 8]  y [2.25, 9.5]\n")
    #expect(session.run("set autoscale xfixmin").error == nil)
    #expect(session.run("replot").error == nil)
    #expect(session.run("view").output == "x [1.5, 8]  y [2.25, 9.5]\n")
    let bad = session.run("set autoscale zfix")
    #expect(bad.error?.message.contains("not supported") == true)
    #expect(session.run("set offsets graph 0.1").error?.message.contains("graph") == true)
  }

  @Test func timeFormatsReadAndWriteAsGnuplot() throws {
    // gnuplot 5.4: print strptime("%d/%m/%y\t%H%M", "04/10/93\t1300") gives 749739600.0, ...
    #expect(TimeFormat.parse("04/10/93\t1300", format: "%d/%m/%y\t%H%M")?.seconds == 749_739_600)
    #expect(
      TimeFormat.parse("2019-02-18 13:24:05.25", format: "%Y-%m-%d %H:%M:%S")?.seconds
        == 1_550_496_245.25)
    #expect(TimeFormat.parse("1/6/93", format: "%d/%m/%y\t%H%M")?.seconds == 738_892_800)
    #expect(TimeFormat.parse("31 Jan 2000", format: "%d %b %Y")?.seconds == 949_276_800)
    #expect(TimeFormat.parse("1390852607.4", format: "%s")?.seconds == 1_390_852_607.4)
    #expect(TimeFormat.parse("12 20", format: "%H %M")?.seconds == 44400)
    #expect(TimeFormat.parse("1220", format: "%H %M")?.seconds == 44400)
    #expect(TimeFormat.parse("x", format: "%d") == nil)
    #expect(TimeFormat.format(1_550_496_278, format: "%d/%m/%y %H:%M") == "18/02/19 13:24")
    #expect(
      TimeFormat.format(1_550_496_278.5, format: "%a %b %d %j %Y %H:%M:%S")
        == "Mon Feb 18 049 2019 13:24:38")
    #expect(TimeFormat.format(1_390_852_607.1, format: "%H:%M:%.3S") == "19:56:47.100")
    #expect(TimeFormat.format(86399, format: "%D %R %T %F") == "01/01/70 23:59 23:59:59 1970-01-01")
  }

  @Test func timeFunctionsAreStringFunctions() {
    var session = Self.session()
    #expect(
      session.run("print strftime(\"%d/%m/%y %H:%M\", 1550496278)")
        == Reply(output: "18/02/19 13:24\n"))
    #expect(
      session.run("print strptime(\"%d/%m/%y\", \"1/6/93\")") == Reply(output: "738892800\n"))
    let now = session.run("print time(0)").output
    #expect(Double(now.dropLast()).map { $0 > 1.7e9 && $0 == $0.rounded() } == true)
  }

  @Test func quotedTimesAreBoundsOfATimeAxis() throws {
    var session = Self.session()
    let refused = session.run("set xrange [\"1/6/93\":\"1/11/93\"]")
    #expect(refused.error?.message.contains("set xdata time") == true)
    #expect(refused.error?.location == 12..<20)
    #expect(session.run("set timefmt \"%d/%m/%y\\t%H%M\"").error == nil)
    #expect(session.run("set xdata time").error == nil)
    #expect(session.run("set xrange [\"1/6/93\":\"1/11/93\"]").error == nil)
    #expect(session.view.xRange == 738_892_800...752_112_000)
    let bad = session.run("set xrange [\"june\":\"1/11/93\"]")
    #expect(bad.error?.location == 12..<18)
    #expect(session.run("plot [\"1/7/93\":\"1/8/93\"] x").error == nil)
    #expect(session.view.xRange == 741_484_800...744_163_200)
  }
}
