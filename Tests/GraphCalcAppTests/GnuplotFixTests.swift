import Foundation
import GraphView
import TestSupport
import Testing

@testable import GraphCalcApp

/// The fixes of tracker issue 16 found trying real files: removable holes in `export table`,
/// values near the double range's ends, data outside a fixed view, and the terminal's marks.
@Suite struct GnuplotFixTests {
  static func session() -> Session { Session(terminalSize: TerminalSize(columns: 80, rows: 24)) }

  /// The table of `lines` after a plot: each line's fields (blank lines kept as `[]`,
  /// comments left out).
  static func table(_ lines: [String]) throws -> [[String]] {
    var session = Self.session()
    for line in lines { #expect(session.run(line).error == nil, "\(line)") }
    let folder = try TemporaryFolder()
    let path = folder.path("t.tsv")
    #expect(session.run("export table \(path)").error == nil)
    return try String(contentsOfFile: path, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false
    )
    .filter { !$0.hasPrefix("#") }.map { $0.split(separator: " ").map(String.init) }
  }

  /// A removable hole is written as gnuplot writes an undefined point, `x NaN u`, with the
  /// pen lifted on both sides (blank lines), whether a sample hits it exactly
  /// (`(x^2-4)/(x-2)` at 2, a column edge of [0, 4]) or it lies between samples
  /// (`sin(x)/x` at 0, no column edge of [-1, 2]); `f(2)` is undefined, so is the table.
  @Test(arguments: [
    ("plot [0:4] (x^2-4)/(x-2)", "2"), ("plot [-1:2] sin(x)/x", "0"),
    ("plot [-1:2] x/x", "0"), ("plot [-3:3.3] (x^2-1)/(x+1)", "-1"),
  ])
  func aRemovableHoleIsUndefinedInTheTable(_ line: String, _ hole: String) throws {
    let rows = try Self.table([line])
    let at = try #require(rows.firstIndex { $0.first == hole && $0.count == 3 })
    #expect(rows[at] == [hole, "NaN", "u"])
    #expect(rows[at - 1] == [] && rows[at + 1] == [])
    #expect(rows.filter { $0.last == "u" }.count == 1)
    // The pieces on both sides are there.
    #expect(rows[at - 2].last == "i" && rows[at + 2].last == "i")
  }

  /// A function with a loose enclosure but a value everywhere (`sqrt(1 - sin(x)^2)` at π/2,
  /// where the interval of `1 - sin(x)^2` reaches below 0) gets no hole.
  @Test func aLooseEnclosureIsNoHole() throws {
    let rows = try Self.table(["plot [0:4] sqrt(1 - sin(x)^2)"])
    #expect(!rows.contains { $0.last == "u" })
    #expect(!rows.isEmpty)
  }
}

/// Values near the ends of the doubles (±1.8e308): the automatic ranges hold them, the
/// viewport's scale does not overflow, and the table has them inside the view.
@Suite struct NearTheDoublesEndsTests {
  /// The `x [A, B]  y [C, D]` of `view`, as numbers.
  static func view(_ session: inout Session) -> [Double] {
    let text = session.run("view").output
    return text.split(whereSeparator: { "[], \n".contains($0) }).compactMap { Double($0) }
  }

  /// A data file with 1.7e308 and -1.7e308 in y, or in x: the automatic range reaches them
  /// (it stopped at ±1e300) and every point is inside the view in the table (the x ones
  /// were `o`, drawn at a wrong x: the span overflowed to infinity, the scale to 0).
  @Test(arguments: [
    ("1 1.7e308\n2 -1.7e308\n3 0\n", true), ("1.7e308 1\n-1.7e308 2\n0 3\n", false),
  ])
  func dataNearTheEnds(_ data: String, _ inY: Bool) throws {
    let folder = try TemporaryFolder()
    let file = try folder.write(data, to: "big.dat")
    var session = GnuplotFixTests.session()
    #expect(session.run("plot \"\(file)\" with points").error == nil)
    let v = Self.view(&session)
    try #require(v.count == 4)
    let (lo, hi) = inY ? (v[2], v[3]) : (v[0], v[1])
    // (`view` prints the largest double to 15 digits, which reads back as infinity.)
    #expect(lo <= -1.7e308 && hi >= 1.7e308, "\(v)")
    let path = folder.path("t.tsv")
    #expect(session.run("export table \(path)").error == nil)
    let rows = TableRow.rows(try String(contentsOfFile: path, encoding: .utf8))
    #expect(rows.count == 3 && rows.allSatisfy { $0.type == "i" }, "\(rows)")
  }

  /// A function reaching them: `1.7e308*x` on [-1, 1] gets a y range holding ±1.7e308, and
  /// its polyline ends there (it was clamped to ±1e300, drawn at the middle of such a view).
  @Test func aFunctionNearTheEnds() throws {
    var session = GnuplotFixTests.session()
    #expect(session.run("plot [-1:1] 1.7e308*x").error == nil)
    let v = Self.view(&session)
    try #require(v.count == 4)
    #expect(v[2] <= -1.7e308 && v[3] >= 1.7e308, "\(v)")
    let folder = try TemporaryFolder()
    let path = folder.path("t.tsv")
    #expect(session.run("export table \(path)").error == nil)
    let rows = TableRow.rows(try String(contentsOfFile: path, encoding: .utf8))
    #expect(rows.first?.y == -1.7e308 && rows.last?.y == 1.7e308, "\(rows.first!) \(rows.last!)")
    #expect(rows.allSatisfy { $0.type == "i" })
  }
}

/// A data plot whose points all lie outside a view fixed earlier says so, and names the
/// command that shows them (it was an empty frame with no hint).
@Suite struct DataOutsideTheViewTests {
  @Test func allPointsOutsideAFixedView() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write("10 1\n15 2\n20 3\n", to: "far.dat")
    var session = GnuplotFixTests.session()
    #expect(session.run("plot [0:1] x").error == nil)
    let reply = session.run("plot \"\(file)\"")
    #expect(reply.error == nil)
    let notes = reply.output.split(separator: "\n").filter { $0.hasPrefix("note:") }
    #expect(
      notes == [
        "note: all 3 points of far.dat using 1:2 lie outside the view x [0, 1] y [-10, 10]: "
          + "plot [10:20] \"\(file)\" or reset shows them"
      ], "\(reply.output)")
    // The command named shows them, and then there is no note.
    let shown = session.run("plot [10:20] \"\(file)\"")
    #expect(!shown.output.contains("note:"))
    // Points in view: no note; a fixed y range that misses them: reset.
    #expect(!session.run("plot [12:30] \"\(file)\"").output.contains("note:"))
    #expect(session.run("plot [0:30] [5:6] \"\(file)\"").output.contains(": reset shows them\n"))
  }
}
