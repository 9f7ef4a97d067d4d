import DataFiles
import Foundation
import GraphCalcApp
import TestSupport
import Testing

/// One case of Fixtures/inline-gnuplot.tsv (scripts/make-inline-fixture): a script with
/// inline data (`plot "-"`, data lines, `e`) and gnuplot's `set table` of it.
struct GnuplotInlineCase: Sendable, CustomStringConvertible {
  var name: String
  var lines: [String]
  /// gnuplot's rows; a gap is `nil`.
  var rows: [TableRow?]
  var description: String { name }

  static func load() -> [GnuplotInlineCase] {
    let path = fixtures + "/inline-gnuplot.tsv"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    var cases: [GnuplotInlineCase] = []
    var bodies: [[Substring]] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false)
    where !line.hasPrefix("#") {
      if line.hasPrefix("case\t") {
        cases.append(GnuplotInlineCase(name: String(line.dropFirst(5)), lines: [], rows: []))
        bodies.append([])
      } else if line.hasPrefix("line\t") {
        cases[cases.count - 1].lines.append(String(line.dropFirst(5)))
      } else if !cases.isEmpty {
        bodies[bodies.count - 1].append(line)
      }
    }
    for k in cases.indices {
      cases[k].rows = GnuplotUsingCase.rowsAndGaps(bodies[k].joined(separator: "\n"))
    }
    return cases
  }
}

/// gnuplot's inline data: `plot "-"` followed by data lines and `e`.
@Suite struct InlineDataTests {
  static let cases = GnuplotInlineCase.load()

  static func session() -> Session { Session(terminalSize: TerminalSize(columns: 80, rows: 24)) }

  /// The rows of the session's `export table`, a gap as nil.
  static func table(_ session: inout Session) throws -> [TableRow?] {
    let folder = try TemporaryFolder()
    let path = folder.path + "/t.tsv"
    let reply = session.run("export table \(path)")
    #expect(reply.error == nil, "\(reply.error?.message ?? "")")
    let table = try String(contentsOfFile: path, encoding: .utf8)
    return GnuplotUsingCase.rowsAndGaps(
      table.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("#") }
        .joined(separator: "\n"))
  }

  @Test func fixtureIsThere() {
    #expect(Self.cases.count == 8)
  }

  /// Each script, run line by line as a script file would be, plots what gnuplot's table
  /// holds, row for row (a gap where gnuplot's table has a blank line; where gnuplot leaves
  /// out a record whose cell is not a number, graphcalc writes it as `u`, a gap).
  @Test(arguments: cases) func tableMatchesGnuplot(_ c: GnuplotInlineCase) throws {
    var session = Self.session()
    var output = ""
    for (k, line) in c.lines.enumerated() {
      let reply = session.run(line)
      #expect(reply.error == nil, "\(line): \(reply.error?.message ?? "")")
      #expect(session.awaitsInlineData == (k < c.lines.count - 1), "after \(line)")
      if k < c.lines.count - 1 { #expect(reply.output.isEmpty, "\(line)") }
      output += reply.output
    }
    #expect(output.contains("\"-\""))  // the plot, its legend naming the data as gnuplot does
    let ours = try Self.table(&session).filter { $0?.type != "u" }
    var expected = c.rows
    while let first = expected.first, first == nil { expected.removeFirst() }
    func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(b)) }
    let oursPoints = ours.compactMap { $0 }
    let theirs = expected.compactMap { $0 }
    #expect(oursPoints.count == theirs.count, "\(oursPoints) vs gnuplot \(theirs)")
    for (a, b) in zip(oursPoints, theirs) {
      #expect(same(a.x, b.x) && same(a.y, b.y) && a.type == b.type, "\(a) vs gnuplot \(b)")
    }
    // The pen lifts where gnuplot's does: the same number of breaks between points.
    func breaks(_ rows: [TableRow?]) -> Int {
      var count = 0
      var seenPoint = false
      var inGap = false
      for row in rows {
        if row == nil {
          if seenPoint && !inGap { count += 1 }
          inGap = true
        } else {
          seenPoint = true
          inGap = false
        }
      }
      return inGap ? count - 1 : count
    }
    if !c.name.contains("non-number") { #expect(breaks(ours) == breaks(expected), "\(ours)") }
  }

  /// The rest of the line runs after the data: `plot "-"; export table FILE`.
  @Test func theRestOfTheLineWaitsForTheData() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/t.tsv"
    var session = Self.session()
    #expect(session.run("plot \"-\" with points; export table \(path)") == Reply())
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(session.run("1 5") == Reply())
    #expect(session.run("2 7") == Reply())
    let reply = session.run(" e ")
    #expect(reply.error == nil)
    #expect(!session.awaitsInlineData)
    let rows = TableRow.rows(try String(contentsOfFile: path, encoding: .utf8))
    #expect(rows == [TableRow(x: 1, y: 5, type: "i"), TableRow(x: 2, y: 7, type: "i")])
  }

  /// Zoom, replot and a later export keep the data: they are read once, into the plot.
  @Test func theDataStayWithThePlot() throws {
    var session = Self.session()
    for line in ["plot \"-\" with points", "1 1", "2 4", "3 9", "e"] {
      #expect(session.run(line).error == nil)
    }
    #expect(session.run("zoom 2").error == nil)
    #expect(session.run("replot").error == nil)
    #expect(session.run("xrange 0 4").error == nil)
    let rows = try Self.table(&session).compactMap { $0 }
    #expect(rows.map(\.y) == [1, 4, 9])
    #expect(session.run("1+1").output == "2\n")  // lines are commands again
  }

  /// An error found once the data are in (a column the data lack) points into the plot's
  /// line, not the `e` that ended the data.
  @Test func anErrorAfterTheDataIsLocatedInThePlotLine() {
    var session = Self.session()
    let line = "plot \"-\" using 1:5"
    #expect(session.run(line) == Reply())
    #expect(session.run("1 2") == Reply())
    let reply = session.run("e")
    let error = reply.error
    #expect(error != nil)
    #expect(reply.errorLine == line)
    #expect(error?.location == 17..<18, "\(String(describing: error?.location))")
    #expect(!session.awaitsInlineData)
  }

  /// A bad word is an error at once, before any data line is taken.
  @Test func aBadPlotLineWaitsForNothing() {
    var session = Self.session()
    let reply = session.run("plot \"-\" with wiggles")
    #expect(reply.error != nil)
    #expect(!session.awaitsInlineData)
  }

  /// The end of the input ends the data (a script without its `e`), blocks not begun are
  /// empty; Ctrl-C abandons them with a note.
  @Test func endOfInputAndAbandoning() throws {
    var session = Self.session()
    #expect(session.run("plot \"-\" with points") == Reply())
    #expect(session.run("4 16") == Reply())
    let ended = session.endInlineData()
    #expect(ended.error == nil)
    #expect(try Self.table(&session).compactMap { $0 } == [TableRow(x: 4, y: 16, type: "i")])

    #expect(session.run("plot \"-\", \"-\"") == Reply())
    #expect(session.run("1 1") == Reply())
    #expect(session.abandonInlineData() == "note: plot \"-\" abandoned: its data were not read")
    #expect(!session.awaitsInlineData)
    #expect(session.abandonInlineData() == nil)
    #expect(session.run("2*3").output == "6\n")
  }

  /// Two plots of inline data on one line each read data of their own.
  @Test func twoPlotsOnALineEachWaitForTheirData() throws {
    var session = Self.session()
    #expect(session.run("plot \"-\" with points; plot \"-\" with points") == Reply())
    #expect(session.run("1 1") == Reply())
    #expect(session.run("e").error == nil)
    #expect(session.awaitsInlineData)  // the second plot waits now
    #expect(session.run("5 25") == Reply())
    #expect(session.run("e").error == nil)
    #expect(!session.awaitsInlineData)
    #expect(try Self.table(&session).compactMap { $0 } == [TableRow(x: 5, y: 25, type: "i")])
  }

  /// The path `-` is a file name again outside a plot of inline data.
  @Test func theDashIsAFileNameOtherwise() {
    var session = Self.session()
    let reply = session.run("stats \"-\"")
    #expect(reply.error?.message.contains("-") == true, "\(reply.error?.message ?? "")")
    #expect(!session.awaitsInlineData)
  }
}
