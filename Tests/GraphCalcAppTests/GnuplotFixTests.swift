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
