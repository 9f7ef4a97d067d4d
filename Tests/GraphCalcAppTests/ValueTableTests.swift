import CalculatorBrain
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import GraphCalcApp

// `table` and `export values` (issue 15): the values against mpmath's
// (scripts/make-table-fixture writes Fixtures/tables.tsv; see its header), the grid rule, the
// aligned text, the CSV and TSV files, and the errors.

/// One case of the fixture: a command and its rows of x and values (nil where undefined).
struct TableCase: Sendable, CustomTestStringConvertible {
  var command: String
  var rows: [[Double?]]
  var testDescription: String { command }

  /// Every case of the fixture.
  static let all: [TableCase] = {
    let path = fixtures + "/tables.tsv"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").compactMap { line in
      if line.hasPrefix("#") { return nil }
      let fields = line.split(separator: "\t").map(String.init)
      guard fields.count == 2 else { return nil }
      let rows = fields[1].split(separator: ";").map { row in
        row.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
      }
      return TableCase(command: fields[0], rows: rows)
    }
  }()
}

@Suite struct ValueTableTests {
  @Test func theFixtureIsThere() {
    #expect(TableCase.all.count == 9)
    #expect(TableCase.all.allSatisfy { $0.rows.count >= 5 })
  }

  /// Every x is the oracle's exactly (the grid rule), every value within 4 ulps of
  /// mpmath's, and undefined exactly where mpmath has no real value.
  @Test(arguments: TableCase.all)
  func valuesMatchMpmath(_ reference: TableCase) throws {
    var s = Session()
    let reply = s.run(reference.command)
    #expect(reply.error == nil)
    let table = try #require(s.values)
    #expect(table.x.count == reference.rows.count)
    #expect(table.columns.count == reference.rows[0].count - 1)
    for (row, expected) in zip(table.x.indices, reference.rows) {
      #expect(table.x[row] == expected[0], "row \(row)")
      for (column, want) in expected.dropFirst().enumerated() {
        let got = table.columns[column][row]
        guard let want else {
          #expect(got.isNaN, "row \(row) column \(column): \(got), expected undefined")
          continue
        }
        let tolerance = 4 * max(want.magnitude.ulp, Double.leastNormalMagnitude)
        #expect(
          got == want || (got - want).magnitude <= tolerance,
          "row \(row) column \(column): \(got), expected \(want)")
      }
    }
  }

  @Test func theTextIsAlignedUnderAHeader() {
    var s = Session()
    #expect(
      s.run("table x^2, 2^x [0:4] step 1").output
        == """
        x  x^2  2^x
        0    0    1
        1    1    2
        2    4    4
        3    9    8
        4   16   16

        """)
    #expect(s.brain.variables["ans"] == 16)
    #expect(
      s.run("table sqrt(x) [-1:0] step 1").output == " x    sqrt(x)\n-1  undefined\n 0          0\n"
    )
  }

  /// No range takes the view's; no step takes a tenth of the range; a step of 0.1 from 0
  /// ends on 1 itself.
  @Test func theDefaultsAndTheGridsEnd() throws {
    var s = Session()
    _ = s.run("xrange 0 5")
    _ = s.run("table x")
    #expect(s.values?.x == [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5])
    _ = s.run("table x [0:1] step 0.1")
    #expect(s.values?.x.count == 11)
    #expect(s.values?.x.last == 1)
    _ = s.run("table x [0:0.3] step 0.1")  // 3 * 0.1 is 0.30000000000000004
    #expect(s.values?.x == [0, 0.1, 0.2, 0.3])
    _ = s.run("table x [0:1] step 0.3")
    #expect(s.values?.x.map { CalculatorBrain.format($0) } == ["0", "0.3", "0.6", "0.9"])
    #expect(s.run("table x [2:2]").error?.message.contains("the bounds must differ") == true)
    #expect(s.values?.x.count == 4)  // the last table stays
  }

  @Test func badTablesAreClearErrorsAtTheirColumn() {
    var s = Session()
    let zero = s.run("table x step 0")
    #expect(zero.error?.message == "the step of a table must be above 0, not 0")
    #expect(zero.error?.location == 13..<14)
    let long = s.run("table x [0:1e9] step 1")
    #expect(long.error?.message.contains("1000000001 rows; the most is 10000") == true)
    #expect(s.run("table step 1").error?.message.hasPrefix("usage: table") == true)
    #expect(s.run("table x, [0:1]").error?.location == 8..<8)
    #expect(s.run("table x step").error?.message.hasPrefix("usage: table") == true)
    #expect(s.run("table y^2").error?.message.contains("unknown name 'y'") == true)
    #expect(s.values == nil)
  }

  @Test func exportValuesWritesCSVAndTSVThatReadBackExactly() throws {
    let folder = try TemporaryFolder()
    var s = Session()
    #expect(
      s.run("export values \(folder.path("a.csv"))").error?.message.hasPrefix("no table") == true)
    _ = s.run("table sin(x), sqrt(x) [-1:1] step 0.5")
    let csv = folder.path("t.csv")
    #expect(s.run("export values \(csv)").output == "wrote \(csv) (5 rows)\n")
    let text = try String(contentsOfFile: csv, encoding: .utf8)
    let lines = text.split(separator: "\n")
    #expect(lines[0] == "x,sin(x),sqrt(x)")
    #expect(lines[1] == "-1,-0.8414709848078965,")
    #expect(lines.count == 6)
    // Every number reads back as the table's double.
    let table = try #require(s.values)
    for (row, line) in lines.dropFirst().enumerated() {
      let fields = line.split(separator: ",", omittingEmptySubsequences: false)
      #expect(Double(fields[0]) == table.x[row])
      #expect(
        fields[1].isEmpty ? table.columns[0][row].isNaN : Double(fields[1]) == table.columns[0][row]
      )
    }
    let tsv = folder.path("t.tsv")
    #expect(s.run("export values \(tsv)").error == nil)
    #expect(try String(contentsOfFile: tsv, encoding: .utf8).hasPrefix("x\tsin(x)\tsqrt(x)\n-1\t"))
    let bad = s.run("export values \(folder.path("t.svg"))")
    #expect(bad.error?.message.contains("name the file .csv, .tsv or .txt") == true)
    #expect(!FileManager.default.fileExists(atPath: folder.path("t.svg")))
    #expect(s.run("export values a.csv 10 10").error?.message.hasPrefix("usage: export") == true)
  }

  /// A header with the separator or a quote is quoted in CSV (RFC 4180).
  @Test func csvQuotesHeadersThatNeedIt() {
    let table = ValueTable(headers: ["x", "max(x, 1)", "a\"b"], x: [1], columns: [[1], [2]])
    #expect(table.delimited(separator: ",") == "x,\"max(x, 1)\",\"a\"\"b\"\n1,1,2\n")
    #expect(table.delimited(separator: "\t") == "x\tmax(x, 1)\ta\"b\n1\t1\t2\n")
    let tab = ValueTable(headers: ["x", "a\tb"], x: [1], columns: [[2]])
    #expect(tab.delimited(separator: "\t") == "x\ta b\n1\t2\n")
  }
}

/// The bound on curves in one plot, with replot adding to it.
@Suite struct CurveLimitTests {
  @Test func moreThanAThousandCurvesIsAnErrorAndChangesNothing() {
    var s = Session()
    let line = "plot " + Array(repeating: "1", count: 1001).joined(separator: ", ")
    let reply = s.run(line)
    #expect(reply.error?.message == "a plot holds at most 1000 curves; this one would have 1001")
    #expect(reply.error?.location == 5 + 3 * 1000..<(5 + 3 * 1000 + 1))
    #expect(s.curves == nil)
    _ = s.run("plot " + Array(repeating: "2", count: 600).joined(separator: ", "))
    #expect(s.curves?.items.count == 600)
    let more = s.run("replot " + Array(repeating: "3", count: 401).joined(separator: ", "))
    #expect(more.error?.message == "a plot holds at most 1000 curves; this one would have 1001")
    #expect(s.curves?.items.count == 600)
  }
}

/// A data point on the boundary of the view is inside it (tracker issue 16: a point at x =
/// max, or on the bottom edge, was not drawn: `steps.dat` with points showed 3 of 5).
@Suite struct EdgePointTests {
  @Test func pointsOnTheViewsEdgesAreDrawn() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write("0 0\n5 5\n10 10\n", to: "e.dat")
    var s = Session(terminalSize: TerminalSize(columns: 40, rows: 12))
    let out = s.run("plot [0:10] [0:10] \"\(file)\" with points notitle").output
    let rows = out.split(separator: "\n").map(Array.init)
    // Rows 1...8 are the plot area between the frame's lines; columns 4...38 inside '+'/'|'.
    let top = rows[1]
    let bottom = rows[8]
    #expect(top[top.count - 2] != " ", "\(out)")  // (10, 10): the top right cell
    #expect(bottom[4] != " ", "\(out)")  // (0, 0): the bottom left cell
    let svg = folder.path("e.svg")
    _ = s.run("export svg \(svg)")
    let text = try String(contentsOfFile: svg, encoding: .utf8)
    // Each + marker is two strokes (cut at the frame on an edge); three points make six.
    let curve = try #require(
      text.split(separator: "\n").first { $0.contains("stroke=\"#1f77b4\"") })
    #expect(curve.filter { $0 == "M" }.count == 6, "\(curve)")
  }
}

/// A record longer than 16 MiB is cut there, said in a note, and Ctrl-C stops the skipping
/// of its rest however long it is (tracker issue 20: a sparse 1 TB file could only be
/// killed).
@Suite struct LongRecordTests {
  @Test func aCutRecordIsSaid() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write(
      "1 2\n3 " + String(repeating: "4", count: 17 << 20) + "\n5 6\n", to: "long.dat")
    var s = Session()
    let out = s.run("plot \"\(file)\" with points").output
    #expect(
      out.contains("\(file): 1 record was longer than 16 MiB and cut there"), "\(out.suffix(300))")
  }

  @Test func ctrlCStopsTheSkippingOfAnEndlessRecord() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write("1 2\n3 ", to: "sparse.dat")
    #expect(truncate(file, 64 << 30) == 0)  // 64 GiB of NULs, sparse: one endless record
    var s = Session()
    let start = ContinuousClock.now
    s.setInterruptCheck { ContinuousClock.now - start > .milliseconds(300) }
    let reply = s.run("plot \"\(file)\"")
    #expect(reply.error?.message.contains("interrupted") == true, "\(reply.error?.message ?? "")")
    #expect(ContinuousClock.now - start < .seconds(10))
    #expect(s.curves == nil)
  }
}

/// Exports from several sessions at once on several threads each write their own file
/// (the temporary file's name lives in one buffer the signal handlers read; without the
/// lock around it, two exports swapped names and one failed or wrote the other's picture).
@Suite struct ConcurrentExportTests {
  @Test func concurrentExportsWriteTheirOwnFiles() throws {
    let folder = try TemporaryFolder()
    let path = folder.path
    let faults = Mutex<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 8) { k in
      var s = Session()
      _ = s.run("plot \(k + 1)*x")
      for i in 0..<15 {
        let file = path + "/t\(k)-\(i).txt"
        if let error = s.run("export table \(file) 64").error {
          faults.withLock { $0.append("\(k)/\(i): \(error.message)") }
          continue
        }
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        if !text.contains("# Curve title: \"\(k + 1)*x\"") {
          faults.withLock { $0.append("\(k)/\(i): another plot's table") }
        }
      }
    }
    #expect(faults.withLock { $0 } == [])
    #expect(try folder.names().filter { $0.contains(".tmp-") } == [])
  }
}
