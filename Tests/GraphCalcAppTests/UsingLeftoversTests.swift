import Foundation
import GraphCalcApp
import GraphView
import TestSupport
import Testing

/// Tracker issue 16's leftovers of `using` and data items: tick labels from a column
/// (`xticlabels(N)`), `strcol` comparisons, `every`'s block fields, `by` over expressions,
/// `every` and `smooth`, four-column boxes, `smooth kdensity period`, and `view`'s bounds
/// near the doubles' ends. The tables are checked against gnuplot's in the comparison set
/// (Fixtures/gnuplot-scripts/53-every-blocks.gp ... 57-ticlabels.gp); these check the rest.
@Suite struct UsingLeftoversTests {
  static func session() -> Session { Session(terminalSize: TerminalSize(columns: 80, rows: 24)) }

  static let labels = "\"\(gnuplotScripts)/labels.dat\""

  /// The rows `export table` writes of the current plot.
  static func table(_ session: inout Session) throws -> [TableRow] {
    let folder = try TemporaryFolder()
    let path = folder.path("t.tsv")
    let reply = session.run("export table \(path)")
    #expect(reply.error == nil, "\(reply.error?.message ?? "")")
    return TableRow.rows(try String(contentsOfFile: path, encoding: .utf8))
  }

  /// The words of a line of the picture.
  static func words(_ line: Substring) -> [String] {
    line.split(separator: " ").map(String.init)
  }

  /// `xticlabels(1)` puts each point's text under its x, in place of the numbers (gnuplot's
  /// axis shows the labels alone), `xtic` is its short name, and without it the axis has
  /// numbers again.
  @Test(arguments: ["xticlabels(1)", "xtic(1)", "xtic(strcol(1))", "xticlabels(stringcolumn(1))"])
  func tickLabelsFromAColumn(_ part: String) throws {
    var session = Self.session()
    let reply = session.run("plot \(Self.labels) using 0:2:\(part) with linespoints")
    #expect(reply.error == nil, "\(reply.error?.message ?? "")")
    let lines = reply.output.split(separator: "\n")
    #expect(lines.contains { Self.words($0) == ["a", "b", "a", "c", "b"] }, "\(reply.output)")
    let plain = session.run("plot \(Self.labels) using 0:2 with linespoints").output
    #expect(!plain.split(separator: "\n").contains { Self.words($0).contains("a") })
    #expect(plain.split(separator: "\n").contains { Self.words($0).contains("2") })
  }

  /// `ytic(1)` labels the y axis at each point's y; an explicit `set ytics` wins over them.
  @Test func yTickLabels() throws {
    var session = Self.session()
    let reply = session.run("plot \(Self.labels) using 2:3:ytic(1) with points")
    #expect(reply.error == nil, "\(reply.error?.message ?? "")")
    let starts = reply.output.split(separator: "\n").compactMap { Self.words($0).first }
    #expect(starts.contains("a") && starts.contains("b") && starts.contains("c"))
    #expect(session.run("set ytics 1").error == nil)
    let again = session.run("replot").output.split(separator: "\n")
    #expect(!again.compactMap { Self.words($0).first }.contains("c"))
  }

  /// The tick labels of a column name in quotes, and in an SVG.
  @Test func tickLabelsByNameInAnSVG() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write("name,value\nred,3\ngreen,5\nblue,4\n", to: "c.csv")
    var session = Self.session()
    let reply = session.run("plot \"\(file)\" using 0:2:xtic(\"name\") with boxes")
    #expect(reply.error == nil, "\(reply.error?.message ?? "")")
    let path = folder.path("p.svg")
    #expect(session.run("export svg \(path)").error == nil)
    let svg = try String(contentsOfFile: path, encoding: .utf8)
    for name in ["red", "green", "blue"] { #expect(svg.contains(">\(name)</text>"), "\(name)") }
  }

  /// Mistakes in tick label parts and strcol are named, the caret under them.
  @Test(arguments: [
    ("using 0:2:xtic(sprintf(\"%d\", $2))", "xtic needs a column", "xtic(sprintf(\"%d\", $2))"),
    ("using 0:2:x2tic(1)", "x2tic() is not supported", "x2tic(1)"),
    ("using 0:(strcol(1) + 1)", "strcol() outside a comparison", "strcol"),
    ("using 0:(strcol(1) eq 2 ? 1 : 0)", "strcol() outside a comparison", "strcol"),
    ("using 0:2:xtic(9)", "labels.dat: column 9", ""),
  ])
  func mistakes(_ using: String, _ message: String, _ caret: String) throws {
    var session = Self.session()
    let line = "plot \(Self.labels) \(using) with points"
    let error = try #require(session.run(line).error, "\(line)")
    #expect(error.message.contains(message), "\(error.message)")
    guard !caret.isEmpty else { return }
    let at = try #require(line.range(of: caret))
    let lower = line.distance(from: line.startIndex, to: at.lowerBound)
    #expect(
      error.location == lower..<(lower + caret.count), "\(String(describing: error.location))")
  }

  /// `fit` reads through plot's reader, so a text comparison in its `using` filters the
  /// records as in plot: the rows not labelled "a" of labels.dat are (2, 5), (3, 7), (2, 6),
  /// whose least-squares line is y = 1.5x + 2.5 (through (2, 5.5) and (3, 7)), to the 1e-6
  /// the fits are held to against gnuplot.
  @Test func strcolInFitFiltersRecords() throws {
    var session = Self.session()
    let line = "fit m*x + c \(Self.labels) using 3:(strcol(1) ne \"a\" ? $2 : 1/0) via m, c"
    let reply = session.run(line)
    #expect(reply.error == nil, "\(reply.error?.message ?? "")")
    let m = try #require(session.brain.variables["m"])
    let c = try #require(session.brain.variables["c"])
    #expect(abs(m - 1.5) < 1e-6, "m = \(m)")
    #expect(abs(c - 2.5) < 1e-6, "c = \(c)")
  }

  /// `by` over a using expression, `every` and `smooth`: one curve a group, each smoothed on
  /// its own, in order of first appearance.
  @Test func byWithExpressionsEveryAndSmooth() throws {
    var session = Self.session()
    let file = fixture("long.csv")
    #expect(session.run("plot \(file) using day:($3*2) by symbol").error == nil)
    var data = try #require(session.curves).dataCurves
    #expect(try #require(session.curves).titles == ["B", "A", "C"])
    #expect(data.map { Array($0.y) } == [[40, 44, 42], [20, 22, 26], [10, 12]])
    // The first four records: B 1, A 1, B 2, C 1.
    #expect(session.run("plot \(file) using day:price every ::0::3 by symbol").error == nil)
    data = try #require(session.curves).dataCurves
    #expect(data.map { Array($0.x) } == [[1, 2], [1], [1]])
    #expect(session.run("plot \(file) using day:price by symbol smooth cumulative").error == nil)
    data = try #require(session.curves).dataCurves
    #expect(data.map { Array($0.y) } == [[20, 42, 63], [10, 21, 34], [5, 11]])
    // A filter by the text of another column, and error bars, per group.
    let line =
      "plot \(file) using day:(strcol(1) eq \"A\" ? 1/0 : $3):(1) by symbol with yerrorbars"
    #expect(session.run(line).error == nil)
    data = try #require(session.curves).dataCurves
    #expect(data.count == 3 && Array(data[1].y).allSatisfy { $0.isNaN })
    // Tick labels from a column label the axis of the groups' plot.
    let labelled = session.run("plot \(file) using day:price:xtic(2) by symbol with points")
    #expect(labelled.error == nil)
    let ticks = try #require(session.curves).drawnLabels.xTics.placement
    #expect(ticks == .list([1, 1, 2, 1, 2, 3, 3, 3].map { .init(value: $0, label: "\(Int($0))") }))
    #expect(data[0].extents?.yLow == [19, 21, 20] && data[0].extents?.yHigh == [21, 23, 22])
  }

  /// A number column as the group is named as `bar` labels numbers.
  @Test func byANumberColumn() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write("g x y\n1 0 1\n2 0 2\n1 1 3\n2 1 4\n", to: "g.dat")
    var session = Self.session()
    #expect(session.run("plot \"\(file)\" using 2:($3*10) by 1").error == nil)
    let curves = try #require(session.curves)
    #expect(curves.titles == ["1", "2"])
    #expect(curves.dataCurves.map { Array($0.y) } == [[10, 30], [20, 40]])
  }

  /// `every`'s block fields: blocks counted from 0 in each data set.
  @Test func everyKeepsBlocks() throws {
    var session = Self.session()
    let file = "\"\(gnuplotScripts)/every-blocks.dat\""
    #expect(session.run("plot \(file) every :::1::1 with points").error == nil)
    let rows = try Self.table(&session)
    #expect(rows.map(\.x) == [10, 11, 12, 13, 110, 111, 112, 113])
    #expect(session.run("plot \(file) every 3:2:1 with points").error == nil)
    #expect(try Self.table(&session).map(\.x) == [1, 21, 101, 121])
  }

  /// `smooth kdensity period P`: each point counts at its nearest copy, so a point at 0.1
  /// and one at 2π − 0.1 (and one at π) make the same density at 0.1 and at 2π − 0.1; the period and bandwidth are
  /// expressions, above 0.
  @Test func kdensityPeriod() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write("0.1\n6.183185307179586\n3.141592653589793\n", to: "a.dat")
    var session = Self.session()
    let line = "plot \"\(file)\" using 1:(1) smooth kdensity bandwidth 0.5 period 2*pi"
    #expect(session.run(line).error == nil)
    let rows = try Self.table(&session)
    try #require(rows.count == 100)
    #expect(abs(rows[0].y - rows[99].y) < 1e-12, "\(rows[0]) \(rows[99])")
    for bad in ["period 0", "period -pi", "bandwidth 1/0"] {
      let error = try #require(
        session.run("plot \"\(file)\" using 1:(1) smooth kdensity \(bad)").error, "\(bad)")
      let word = String(bad.prefix { $0 != " " })
      #expect(error.message.hasPrefix("\(word) needs a"), "\(error.message)")
    }
  }

  /// Four columns of `boxes` are x:y:xlow:xhigh (gnuplot 5.4's reading); five are refused
  /// with the forms.
  @Test func fourColumnBoxes() throws {
    var session = Self.session()
    let file = "\"\(gnuplotScripts)/boxes4.dat\""
    #expect(session.run("plot \(file) using 1:2:3:4 with boxes").error == nil)
    let rows = try Self.table(&session)
    #expect(rows.map(\.extra) == [[0.5, 1.2], [1.6, 2.9], [2.95, 3.05], [3.5, 4.5]])
    let error = try #require(session.run("plot \(file) using 1:2:3:4:4 with boxes").error)
    #expect(error.message.contains("x:y:xlow:xhigh"), "\(error.message)")
  }

  /// `view` near the doubles' ends prints bounds that read back as finite numbers, so its
  /// ranges typed into `plot [A:B]` give the same view (15 digits of the largest double
  /// read as infinity).
  @Test func viewReadsBack() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write(
      "1.7976931348623157e308 1\n-1.7976931348623157e308 2\n", to: "e.dat")
    var session = Self.session()
    #expect(session.run("plot \"\(file)\" with points").error == nil)
    let view = session.run("view").output
    #expect(view.contains("1.7976931348623157e308"), "\(view)")
    let numbers = view.split(whereSeparator: { "[], \n".contains($0) }).compactMap { Double($0) }
    try #require(numbers.count == 4)
    #expect(numbers.allSatisfy { $0.isFinite })
    let again = session.run("plot [\(numbers[0]):\(numbers[1])] \"\(file)\" with points")
    #expect(again.error == nil, "\(again.error?.message ?? "")")
    let typed = view.split(separator: "]").first.map { $0.dropFirst(3) } ?? ""
    let bounds = typed.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    try #require(bounds.count == 2)
    let line = "plot [\(bounds[0]):\(bounds[1])] \"\(file)\" with points"
    #expect(session.run(line).error == nil, "\(line)")
    #expect(session.run("view").output == view)
    #expect(try Self.table(&session).allSatisfy { $0.type == "i" })
    // Ordinary bounds keep the calculator's 15 digits.
    #expect(session.run("plot [0.1:1/3] x").error == nil)
    #expect(session.run("view").output.hasPrefix("x [0.1, 0.333333333333333]"))
  }
}
