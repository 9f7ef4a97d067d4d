import Foundation
import GraphCalcApp
import GraphView
import TestSupport
import Testing

/// One row of a `set table` text: x, y and the type letter.
struct TableRow: Sendable, Equatable, CustomStringConvertible {
  var x: Double
  var y: Double
  var type: String
  /// The columns between y and the type (an error-bar or box style's: `xlow xhigh`, ...).
  var extra: [Double] = []
  var description: String {
    "\(x) \(y) " + extra.map { "\($0) " }.joined() + type
  }

  /// The rows of `text` (comments and blank lines left out).
  static func rows(_ text: some StringProtocol) -> [TableRow] {
    text.split(separator: "\n").compactMap { line in
      let f = line.split(separator: " ")
      guard f.count >= 3, !line.hasPrefix("#"), let x = Double(f[0]), let y = Double(f[1]) else {
        return nil
      }
      let extra = f[2..<(f.count - 1)].compactMap { Double($0) }
      guard extra.count == f.count - 3 else { return nil }
      return TableRow(x: x, y: y, type: String(f[f.count - 1]), extra: extra)
    }
  }
}

/// gnuplot's `set logscale` lines typed as a gnuplot user would, against gnuplot's own
/// tables (Fixtures/logdata-gnuplot.tsv, scripts/make-logtable-fixture).
@Suite struct LogScaleCommandTests {
  static func session() -> Session { Session(terminalSize: TerminalSize(columns: 80, rows: 24)) }

  @Test(arguments: [
    ("set logscale y", "logscale y 10"), ("set log x", "logscale x 10"),
    ("set logscale", "logscale xy 10\nlogscale x2 10\nlogscale y2 10"),
    ("set log xy 2", "logscale xy 2"),
    ("set logscale yx 2.5", "logscale xy 2.5"), ("set log y 1+1", "logscale y 2"),
  ])
  func setLogscaleForms(_ line: String, _ shown: String) {
    var session = Self.session()
    #expect(session.run(line) == Reply(), "\(line)")  // draws nothing, as gnuplot's set
    #expect(session.run("show logscale") == Reply(output: shown + "\n"))
  }

  @Test func helpTopics() {
    var session = Self.session()
    #expect(session.run("help logscale").output.hasPrefix("set logscale [x|y|xy] [BASE]"))
    #expect(session.run("help using").output.contains("using 1:($3 > 10 ? $2 : 1/0)"))
  }

  @Test func unsetLogscale() {
    var session = Self.session()
    _ = session.run("set logscale xy")
    #expect(session.run("unset logscale x") == Reply())
    #expect(session.run("show logscale") == Reply(output: "logscale y 10\n"))
    _ = session.run("set logscale x 2")
    #expect(session.run("show log") == Reply(output: "logscale x 2\nlogscale y 10\n"))
    #expect(session.run("unset logscale") == Reply())
    #expect(session.run("show logscale") == Reply())
  }

  @Test(arguments: [
    ("set logscale r", "the axis 'r' in set logscale is not supported", 13..<14),
    ("set logscale z", "the axis 'z' in set logscale is not supported", 13..<14),
    ("set logscale y 1", "a log base of 1 is not supported", 15..<16),
    ("set logscale y -2", "a log base of -2 is not supported", 15..<17),
    ("set logscale y 10 20", "'20' after set logscale is not supported", 18..<20),
    ("unset logscale cb", "the axis 'cb' in unset logscale is not supported", 15..<17),
  ])
  func badForms(_ line: String, _ message: String, _ columns: Range<Int>) throws {
    var session = Self.session()
    let error = try #require(session.run(line).error, "\(line)")
    #expect(error.message.hasPrefix(message), "\(error.message)")
    #expect(error.location == columns)
    #expect(session.run("show logscale") == Reply())
  }

  /// The table of a data file with zeros and negatives is gnuplot's, row for row, except
  /// that a 0 on a log axis is `u` (DECISIONS.md: a value a log axis cannot show is `u`;
  /// gnuplot writes `o` for it), with one note on the values left out.
  @Test(arguments: [
    "set logscale y", "set logscale x", "set logscale xy", "set logscale y; set yrange [1:1000]",
  ])
  func exportTableMatchesGnuplot(_ settings: String) throws {
    let fixtureText = try String(
      contentsOfFile: fixtures + "/logdata-gnuplot.tsv", encoding: .utf8)
    let blocks = fixtureText.components(separatedBy: "case\t").dropFirst()
    let block = try #require(blocks.first { $0.hasPrefix(settings + "\n") })
    let logX = settings.contains("logscale x")
    let logY = settings.contains("logscale y") || settings.contains("logscale xy")
    let expected = TableRow.rows(block).map { row in
      var r = row
      if (logX && row.x == 0) || (logY && row.y == 0) { r.type = "u" }
      return r
    }
    #expect(expected.count == 12)

    var session = Self.session()
    for line in settings.split(separator: ";") {
      #expect(session.run(line.trimmingCharacters(in: .whitespaces)).error == nil)
    }
    let plot = session.run("plot \(fixture("logdata.dat")) using 1:2 with points")
    #expect(plot.error == nil)
    let unshown = expected.filter { $0.type == "u" }.count
    #expect(plot.output.contains("note: \(unshown) values of logdata.dat using 1:2 are <= 0"))
    let folder = try TemporaryFolder()
    let path = folder.path + "/t.tsv"
    let reply = session.run("export table \(path)")
    #expect(reply.error == nil)
    let table = try String(contentsOfFile: path, encoding: .utf8)
    #expect(table.hasPrefix("# Curve 0 of 1, 12 points\n"))
    #expect(TableRow.rows(table) == expected)
  }

  /// A function with no positive value in view draws nothing on a log y axis, and says so.
  @Test func aFunctionWithNothingToShowHasANote() {
    var session = Self.session()
    _ = session.run("set logscale y")
    let reply = session.run("plot -x^2, x")
    #expect(reply.error == nil)
    #expect(
      reply.output.contains(
        "note: -x^2 has no value above 0 in the view: nothing to show on the log y axis"))
    #expect(!reply.output.contains("note: x has"))
  }

  /// `view` prints the ranges shown: an x range left at its default [-10, 10] shows as
  /// gnuplot shows it on a log axis, [0.1, 10]; autoscaled log y widens to whole decades.
  @Test func viewAndAutoscale() {
    var session = Self.session()
    _ = session.run("set logscale y")
    _ = session.run("plot [0:10] exp(x)")
    #expect(session.run("view") == Reply(output: "x [0, 10]  y [1, 100000]\n"))
    _ = session.run("unset logscale")
    _ = session.run("set logscale x")
    _ = session.run("plot x")
    #expect(session.run("view") == Reply(output: "x [0.1, 10]  y [0, 10]\n"))
  }

  /// `zoom` and `pan` on a log axis work in its coordinate: zooming [1, 10000] by 2 keeps
  /// its geometric centre 100 ([10, 1000]), a pan to the right by a quarter multiplies by
  /// 10^(2/4) · ... here by the quarter of the log width.
  @Test func zoomAndPanInLogCoordinates() throws {
    var session = Self.session()
    _ = session.run("set logscale x")
    _ = session.run("plot [1:10000] x")
    #expect(session.run("zoom 2").error == nil)
    let x = session.view.xRange
    #expect(abs(x.lowerBound - 10) < 1e-9 && abs(x.upperBound - 1000) < 1e-9)
    #expect(session.run("pan right").error == nil)
    let p = session.view.xRange
    #expect(abs(p.lowerBound - pow(10, 1.5)) < 1e-9 && abs(p.upperBound - pow(10, 3.5)) < 1e-6)
    #expect(session.run("undo").error == nil)
    #expect(session.view.xRange == x)
  }

  /// On a log axis the terminal plot has no x = 0 line (there is no 0) and the labels are
  /// the powers of ten; a braille golden of exp(x) with a data file with zeros.
  @Test func brailleGolden() throws {
    var session = Self.session()
    _ = session.run("set canvas braille")
    _ = session.run("set logscale y")
    let reply = session.run(
      "plot [0:10] exp(x), \(fixture("logdata.dat")) using 1:2 with points title \"data\"")
    #expect(reply.error == nil)
    let text = reply.output
    for label in ["100000", "10000", "1000", "100", "10", "1 "] {
      #expect(text.contains(label), "\(label)")
    }
    #expect(text.contains("note: 3 values of data are <= 0 and not shown on the log y axis"))
    try assertSnapshot(text, named: "braille-80x24-logy.txt")
  }

  /// An SVG golden: log x and log y, a function and a data file; the labels are gnuplot's.
  @Test func svgGolden() throws {
    var session = Self.session()
    _ = session.run("set logscale xy")
    _ = session.run("set title \"log-log\"")
    let plot = session.run(
      "plot [0.01:1000] x**2 title \"x^2\", 1/x, \(fixture("logdata.dat")) using 1:2 with linespoints title \"data\""
    )
    #expect(plot.error == nil)
    let folder = try TemporaryFolder()
    let path = folder.path + "/log.svg"
    #expect(session.run("export svg \(path)").error == nil)
    let svg = try String(contentsOfFile: path, encoding: .utf8)
    #expect(xmlParseError(svg) == nil)
    for label in [">0.01<", ">0.1<", ">1<", ">10<", ">100<", ">1000<", ">10^6<"] {
      #expect(svg.contains(label), "\(label)")
    }
    try assertSnapshot(svg, named: "plot-800x600-loglog.svg")
  }
}

/// `explore` on a log x axis zooms about the geometric centre, pans by factors, and its
/// trace cursor reads the function at the x its column shows.
@Suite struct LogScaleExploreTests {
  @Test func zoomPanAndTraceInLogCoordinates() throws {
    var session = Session(terminalSize: TerminalSize(columns: 80, rows: 24))
    _ = session.run("set logscale x")
    #expect(session.run("plot [1:10000] x").error == nil)
    var s = try session.exploreState()
    _ = s.handle(.character("+"))
    _ = s.handle(.character("+"))  // two steps of sqrt(2): zoom 2
    let x = s.view.xRange
    #expect(abs(x.lowerBound - 10) < 1e-9 && abs(x.upperBound - 1000) < 1e-9)
    _ = s.handle(.right)  // a tenth of the log width: a factor 10^0.2
    let p = s.view.xRange
    #expect(abs(p.lowerBound / x.lowerBound - pow(10, 0.2)) < 1e-9)
    #expect(abs(p.upperBound / x.upperBound - pow(10, 0.2)) < 1e-9)
    _ = s.handle(.character("t"))
    let point = try #require(s.tracePoint())
    #expect(point.x > p.lowerBound && point.x < p.upperBound)
    #expect(point.y == point.x)
    let centre = (log10(p.lowerBound) + log10(p.upperBound)) / 2
    #expect(abs(log10(point.x) - centre) < 0.05)
  }
}
