import DataFiles
import Foundation
import GraphView
import TestSupport
import Testing

@testable import GraphCalcApp

// `plot "FILE"`, `stats` and `set datafile separator`, driven through a Session.

/// The fixtures folder next to this file.
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("Fixtures").path

/// `"FIXTURES/name"`, quoted for a command line.
func fixture(_ name: String) -> String { "\"\(fixtures)/\(name)\"" }

/// A session with an 80 x 24 terminal.
func dataSession() -> Session { Session(terminalSize: TerminalSize(columns: 80, rows: 24)) }

/// The data series of the current plot.
func series(_ session: Session) -> [DataCurve] { session.curves?.dataCurves ?? [] }

// MARK: Parsing

/// One form of a data item and what it reads as.
struct ItemCase: Sendable, CustomStringConvertible {
  var text: String
  var path: String
  var using: String?
  var marks: CurveMarks
  var title: String?
  var description: String { text }
}

/// A bad data item, the start of its message and the columns underlined.
struct BadItem: Sendable, CustomStringConvertible {
  var line: String
  var message: String
  var location: Range<Int>
  var description: String { line }
}

// MARK: Plots

// MARK: Errors

// MARK: stats

@Suite struct DataPlotTests {
  @Test(arguments: [
    ItemCase(text: "\"d.csv\"", path: "d.csv", using: nil, marks: .lines, title: nil),
    ItemCase(text: "\"d.csv\" using 1:3", path: "d.csv", using: "1:3", marks: .lines, title: nil),
    ItemCase(
      text: "'my data.csv' u date:temp_max", path: "my data.csv", using: "date:temp_max",
      marks: .lines, title: nil),
    ItemCase(
      text: "\"d.csv\" using 2 with points", path: "d.csv", using: "2", marks: .points, title: nil),
    ItemCase(text: "\"d.csv\" w l", path: "d.csv", using: nil, marks: .lines, title: nil),
    ItemCase(text: "\"d.csv\" w p", path: "d.csv", using: nil, marks: .points, title: nil),
    ItemCase(
      text: "\"d.csv\" u 1:2 w lp", path: "d.csv", using: "1:2", marks: .linesPoints, title: nil),
    ItemCase(
      text: "\"d.csv\" with linespoints title \"rain, mm\"", path: "d.csv", using: nil,
      marks: .linesPoints, title: "rain, mm"),
    ItemCase(
      text: "\"d.csv\" using \"max temp\":2 notitle", path: "d.csv", using: "\"max temp\":2",
      marks: .lines, title: ""),
  ])
  func dataItemForms(_ c: ItemCase) throws {
    let spec = try Session.parseDataItem(arguments(c.text, at: 5).words)
    #expect(spec.path.text == c.path)
    #expect(spec.path.offset == 5)
    #expect(spec.using?.text == c.using)
    #expect(spec.marks == c.marks)
    #expect(spec.title == c.title)
  }

  @Test(arguments: [
    BadItem(
      line: "plot \"d.csv\" with candlesticks",
      message: "gnuplot's style 'candlesticks' is not supported", location: 18..<30),
    BadItem(
      line: "plot \"d.csv\" with pints", message: "unknown style 'pints' (did you mean 'points'?)",
      location: 18..<23),
    BadItem(
      line: "plot \"d.csv\" usign 1:2",
      message: "unexpected 'usign' after the file (did you mean 'using'?)", location: 13..<18),
    BadItem(line: "plot \"d.csv\" using", message: "using needs columns", location: 13..<18),
    BadItem(line: "plot \"d.csv using 1:2", message: "\" without its closing \"", location: 5..<6),
    BadItem(
      line: "plot \"\"", message: "\"\" names the previous data file", location: 5..<7),
    BadItem(
      line: "plot \"d.csv\" using 1:2:3", message: "using takes one or two columns",
      location: 19..<24
    ),
    BadItem(
      line: "plot \"d.csv\" title rain", message: "a title goes in quotes", location: 19..<23),
  ])
  func badDataItemsPointAtTheWord(_ c: BadItem) throws {
    var session = dataSession()
    let error = try #require(session.run(c.line).error)
    #expect(error.message.hasPrefix(c.message), "\(error.message)")
    #expect(error.location == c.location)
  }

  @Test func itemsSplitAtCommasOutsideQuotesAndBrackets() throws {
    let items = try arguments(" \"a,b.csv\" using 1:2, max(x, 1) ,'c,d' w p", at: 4).items.map(
      \.text)
    #expect(items.map(\.text) == ["\"a,b.csv\" using 1:2", "max(x, 1)", "'c,d' w p"])
    #expect(items.map(\.offset) == [5, 26, 37])
  }

  @Test func aDatFileWithCommentsPlotsItsColumnsAndXFitsTheData() throws {
    var session = dataSession()
    let reply = session.run("plot \(fixture("plain.dat"))")
    #expect(reply.error == nil)
    #expect(reply.output.contains("plain.dat using 1:2"))  // the legend
    let curve = try #require(series(session).first)
    // The blank line lifts the pen, as in gnuplot: a gap record (both values NaN).
    let same = { (a: [Double], b: [Double]) in
      a.count == b.count && zip(a, b).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
    }
    #expect(same(Array(curve.x), [0, 1, 2, .nan, 3, 4]))
    #expect(same(Array(curve.y), [1.5, 2.5, -0.5, .nan, 4, 3.25]))
    #expect(curve.title == "plain.dat using 1:2")
    #expect(session.view.xRange == 0...4)
    #expect(session.run("view").output == "x [0, 4]  y [-0.5, 4]\n")
  }

  /// gnuplot leaves out a record whose cell is not a number (an empty cell, `n/a`, `?`
  /// without `set datafile missing`): no table row, and its line joins the points around
  /// it (checked against gnuplot 5.4: `plot 'gaps.csv' using 1:2` writes 1 10, 4 40, 6 60).
  @Test func cellsThatAreNotNumbersLeaveTheirRecordsOut() throws {
    var session = dataSession()
    let reply = session.run("plot \(fixture("gaps.csv")) using x:y")
    #expect(reply.error == nil)
    let notes = reply.output.split(separator: "\n").filter { $0.contains("left out") }
    #expect(
      notes == [
        "\(fixtures)/gaps.csv: 3 records left out: a cell that is not a number (as gnuplot reads it)"
      ])
    let curve = try #require(series(session).first)
    #expect(Array(curve.y) == [10, 40, 60])
    #expect(Array(curve.x) == [1, 4, 6])
    #expect(curve.title == "y")  // a column named in using is the legend
    // No gaps: one piece through the three points.
    let plot = RecordsSampler.samplePlot(
      try #require(
        session.curves.map { c in
          var c = c
          c.xRange = 1...6
          c.yRange = 0...70
          return c
        }),
      size: PixelSize(width: 500, height: 300))
    #expect(plot.curves[0].segments.map { $0.map(\.y) } == [[10, 40, 60]])
  }

  @Test func datesMakeATimeAxisWithCalendarTicks() throws {
    var session = Session(terminalSize: TerminalSize(columns: 100, rows: 30))
    let reply = session.run("plot \(fixture("weather.csv")) using date:temp_max")
    #expect(reply.error == nil)
    #expect(session.curves?.xAxisIsTime == true)
    // 2012-01-01 ... 2012-01-14 (Unix seconds), exactly.
    #expect(session.view.xRange == 1_325_376_000...1_326_499_200)
    // Day ticks within one year read "Jan 02", not seconds.
    #expect(reply.output.contains("Jan 0"))
    #expect(!reply.output.contains("1325"))
    #expect(reply.output.contains("weather.csv: 2 records left out: a cell that is not a number"))
    #expect(
      session.run("view").output
        == "x [2012-01-01, 2012-01-14] (1325376000 1326499200)  y [4, 13]\n")
  }

  @Test func aFunctionWithDataIsDrawnOverTheDataRange() throws {
    var session = dataSession()
    let reply = session.run("plot \(fixture("plain.dat")) using 1:2 with points, 2*x")
    #expect(reply.error == nil)
    let curves = try #require(session.currentCurves())
    #expect(curves.titles == ["plain.dat using 1:2", "2*x"])
    #expect(curves.xRange == 0...4)
    // y fits both: the data (-0.5 ... 4) and 2x over [0, 4] (0 ... 8).
    #expect(curves.yRange == -1...8)
    let plot = RecordsSampler.samplePlot(curves, size: PixelSize(width: 400, height: 300))
    let f = plot.curves[1].segments.flatMap { $0 }
    #expect(f.first?.x == 0)
    #expect(f.last?.x == 4)
    #expect(plot.curves[0].segments.count == 5)  // five markers
  }

  @Test func xFollowsTheDataUntilTheUserSetsItAndAfterReset() throws {
    var session = dataSession()
    #expect(session.run("xrange 1 3").error == nil)
    #expect(session.run("plot \(fixture("plain.dat"))").error == nil)
    #expect(session.view.xRange == 1...3)  // the user's range is kept
    #expect(session.run("reset").error == nil)
    #expect(session.run("plot \(fixture("one.csv"))").error == nil)
    #expect(session.view.xRange == 4...6)  // a single point gets a range around it
    #expect(session.run("plot \(fixture("plain.dat"))").error == nil)
    #expect(session.view.xRange == 0...4)  // and the next file fits again
    #expect(session.run("plot sin(x)").error == nil)
    #expect(session.view.xRange == -10...10)  // functions alone: the default x range
    #expect(session.run("plot [0:2] \(fixture("plain.dat"))").error == nil)
    #expect(session.view.xRange == 0...2)
  }

  @Test func nonMonotonicXIsPlottedAsGiven() throws {
    var session = dataSession()
    #expect(session.run("plot \(fixture("backwards.tsv"))").error == nil)
    let curves = try #require(session.currentCurves())
    let plot = RecordsSampler.samplePlot(curves, size: PixelSize(width: 400, height: 300))
    #expect(
      plot.curves[0].segments == [
        [(3, 1), (1, 2), (2, 3), (0, 4)].map { PlotPoint(x: $0.0, y: $0.1) }
      ])
  }

  @Test func aQuotedSemicolonFileWithTheSeparatorSet() throws {
    var session = dataSession()
    #expect(session.run("set datafile separator \";\"") == Reply())
    #expect(session.data.options.separator == UInt8(ascii: ";"))
    #expect(session.run("plot \(fixture("semicolon.csv")) using 1:\"level; m\"").error == nil)
    #expect(series(session).first?.y == [2.5, 3.5, 4])
    #expect(session.run("set datafile separator tab").error == nil)
    #expect(session.data.options.separator == 9)
    #expect(session.run("set datafile separator whitespace").error == nil)
    #expect(session.data.options.separator == 32)
    #expect(session.run("set datafile separator auto").error == nil)
    #expect(session.data.options.separator == nil)
    let bad = try #require(session.run("set datafile separator \"ab\"").error)
    #expect(bad.location == 23..<27)
    // gnuplot's abbreviation (data$file) is taken; a misspelling is not.
    #expect(session.run("set datafil separator tab").error == nil)
    #expect(session.data.options.separator == 9)
    #expect(session.run("set datafiel separator tab").error != nil)
  }

  @Test func bigFilesBecomeAFewPointsPerPixelColumn() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/big.csv"
    var text = "t,v\n"
    let n = 200_000
    text.reserveCapacity(n * 16)
    for i in 0..<n {
      let v = i == 123_457 ? 1000.0 : 0.5 + Double(i % 17) / 16  // one spike, else 0.5 ... 1.5
      text += "\(i),\(v)\n"
    }
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    var session = dataSession()
    #expect(session.run("plot \"\(path)\"").error == nil)
    let svgPath = folder.path + "/big.svg"
    #expect(session.run("export svg \(svgPath) 800 600").error == nil)
    let svg = try String(contentsOfFile: svgPath, encoding: .utf8)
    #expect(svg.utf8.count < 100_000)
    // The curve's path: round line caps are the curves' (frame and grid have none).
    let curvePath = try #require(
      svg.split(separator: "\n").first {
        $0.contains("<path") && $0.contains("stroke-linecap=\"round\"")
      })
    let d = try #require(curvePath.split(separator: "\"").dropFirst().first)
    let points = d.split(whereSeparator: { "ML ".contains($0) }).map { pair in
      pair.split(separator: ",").compactMap { Double($0) }
    }.filter { $0.count == 2 }
    #expect(points.count <= 4 * 802)
    #expect(points.count > 800)
    let ys = points.map { $0[1] }
    let top = try #require(ys.min())
    let median = ys.sorted()[ys.count / 2]
    // The spike reaches the top of the plot (y range [0, 1000]); the rest lies near the bottom.
    #expect(top < 40)
    #expect(median > 500)
  }

  @Test func noSuchFileIsReportedWithPathReasonAndCaret() throws {
    var session = dataSession()
    let line = "plot sin(x), \"/no/such/dir/data.csv\" using 1:2"
    let error = try #require(session.run(line).error)
    #expect(error.message == "/no/such/dir/data.csv: No such file or directory")
    #expect(error.location == 13..<36)
    #expect(session.curves == nil)
  }

  @Test func unknownColumnListsNamesSuggestsAndPointsAtIt() throws {
    var session = dataSession()
    let line = "plot \(fixture("weather.csv")) using date:temp_mx"
    let error = try #require(session.run(line).error)
    #expect(error.message.contains("no column named \"temp_mx\"; did you mean \"temp_max\"?"))
    #expect(
      error.message.contains("Columns: date, precipitation, temp_max, temp_min, wind, weather"))
    let column = line.count - "temp_mx".count
    #expect(error.location == column..<line.count)
    let outOfRange = try #require(session.run("plot \(fixture("plain.dat")) using 1:7").error)
    #expect(outOfRange.message.contains("column 7 is out of range: the file has 2 columns"))
    #expect(outOfRange.location?.count == 1)
  }

  @Test func statsPrintsTheFiguresOfAColumn() throws {
    var session = dataSession()
    let reply = session.run("stats \(fixture("plain.dat")) using 2")
    #expect(reply.error == nil)
    // 1.5, 2.5, -0.5, 4, 3.25: mean 2.15, sample variance 3.05 (n - 1 = 4).
    let lines = reply.output.split(separator: "\n").map(String.init)
    #expect(lines.first == "2: 5 values, 0 missing")
    #expect(lines.contains("  min      -0.5"))
    #expect(lines.contains("  max      4"))
    #expect(lines.contains("  mean     2.15"))
    let sd = try #require(lines.first { $0.hasPrefix("  std dev") })
    let value = try #require(Double(sd.split(separator: " ")[2]))
    #expect(abs(value - 3.05.squareRoot()) < 1e-8)
    let gaps = session.run("stats \(fixture("gaps.csv")) using y").output
    #expect(gaps.hasPrefix("y: 3 values, 3 missing\n"))
    let all = session.run("stats \(fixture("weather.csv"))").output
    #expect(all.contains("date: 14 values"))
    #expect(all.contains("wind: 14 values"))
    #expect(!all.contains("weather:"))  // a text column has no figures
    let error = try #require(session.run("stats").error)
    #expect(error.message.hasPrefix("usage: stats"))
  }

  /// The caret under an unknown column comes from the error's data, not from its words: a
  /// column named like the message ("no column named") still gets it.
  @Test func theCaretUnderAnUnknownColumnComesFromTheErrorsData() throws {
    let error = DataFileError(
      path: "d.csv", .unknownColumn("named", nearest: nil, names: ["no column named"]))
    let using = Word("1:named", at: 20)
    #expect(Session.columnSpan(of: error, in: using) == 22..<27)
    let range = DataFileError(path: "d.csv", .columnOutOfRange(7, columns: 3))
    #expect(Session.columnSpan(of: range, in: Word("1:7", at: 10)) == 12..<13)
    #expect(Session.columnSpan(of: DataFileError(path: "d.csv", .noDataRecords), in: using) == nil)
  }

  /// A command's error keeps the lower layer's error whole: a data file's, with its kind, and
  /// the calculator's.
  @Test func commandErrorsWrapTheLowerError() throws {
    var session = dataSession()
    let missing = try #require(session.run("plot \"/nonexistent/graphcalc.csv\"").error)
    #expect(
      missing.cause
        == .dataFile(DataFileError(path: "/nonexistent/graphcalc.csv", .system(errno: ENOENT))))
    #expect(missing.message == "/nonexistent/graphcalc.csv: No such file or directory")
    #expect(missing.location == 5..<33)
    let calc = try #require(session.run("zoom 2+*3").error)
    guard case .calculator(let inner) = calc.cause else {
      Issue.record("not the calculator's error: \(calc)")
      return
    }
    #expect(inner.kind == .syntax)
    #expect(calc.location == 7..<8)
  }
}
