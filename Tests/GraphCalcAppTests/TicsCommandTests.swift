import Foundation
import GraphView
import TestSupport
import Testing

@testable import GraphCalcApp

/// One case of Fixtures/tics-gnuplot.tsv (scripts/make-tics-fixture): gnuplot's x tick
/// labels under settings that graphcalc runs unchanged.
struct GnuplotTicsCase: Sendable, CustomStringConvertible {
  var settings: [String]
  var lo: String
  var hi: String
  var labels: [String] = []
  var description: String { settings.joined(separator: "; ") + " [\(lo):\(hi)]" }

  static func load() -> [GnuplotTicsCase] {
    let path = fixtures + "/tics-gnuplot.tsv"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    var cases: [GnuplotTicsCase] = []
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      if f[0] == "case" {
        cases.append(
          GnuplotTicsCase(
            settings: f[1].components(separatedBy: "; "), lo: f[2], hi: f[3]))
      } else if f[0] == "label" {
        cases[cases.count - 1].labels.append(f[1])
      }
    }
    return cases
  }
}

/// gnuplot's `set xtics`, `set format`, `set border` and `set decimalsign`.
@Suite struct TicsCommandTests {
  static let cases = GnuplotTicsCase.load()

  static func session() -> Session { Session(terminalSize: TerminalSize(columns: 100, rows: 30)) }

  /// The x ticks' labels of the session's plot as an 800 x 600 picture samples it.
  static func xLabels(_ session: Session) throws -> [String] {
    let curves = try #require(session.currentCurves())
    let plot = PlotOutput.sample(
      curves, size: PixelSize(width: 1000, height: 300), budget: .default)
    return plot.xTicks.filter { !$0.isMinor }.map(\.label)
  }

  @Test func fixtureIsThere() {
    #expect(Self.cases.count == 22)
  }

  /// The labels are gnuplot's, in order: the same text under a format (and a decimal sign),
  /// the same numbers otherwise (graphcalc writes `1e6` where gnuplot writes `1e+06`).
  @Test(arguments: cases) func labelsMatchGnuplot(_ c: GnuplotTicsCase) throws {
    var session = Self.session()
    for line in c.settings {
      let reply = session.run(line)
      #expect(reply.error == nil, "\(line): \(reply.error?.message ?? "")")
    }
    #expect(session.run("plot [\(c.lo):\(c.hi)] 1").error == nil)
    let ours = try Self.xLabels(session)
    let formatted = c.settings.contains { $0.contains("format") || $0.contains("decimalsign") }
    if formatted || c.labels.contains(where: { Double($0) == nil }) {
      #expect(ours == c.labels)
    } else {
      #expect(ours.map { Double($0) } == c.labels.map { Double($0) }, "\(ours) vs \(c.labels)")
    }
  }

  /// `unset xtics` leaves no x ticks; `set xtics auto` brings the automatic ones back, and
  /// `set xtics` alone changes nothing.
  @Test func unsetAndAutomaticTics() throws {
    var session = Self.session()
    #expect(session.run("plot [0:10] x").error == nil)
    let automatic = try Self.xLabels(session)
    #expect(automatic == ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"])
    #expect(session.run("unset xtics") == Reply())
    #expect(session.run("replot").error == nil)
    #expect(try Self.xLabels(session).isEmpty)
    #expect(session.run("show xtics").output == "xtics off\n")
    #expect(session.run("set xtics auto") == Reply())
    #expect(session.run("replot").error == nil)
    #expect(try Self.xLabels(session) == automatic)
    #expect(session.run("set xtics 2.5; set format y \"%.1f\"").error == nil)
    #expect(session.run("show xtics").output == "xtics 2.5\n")
    #expect(session.run("show format").output == "format y \"%.1f\"\n")
  }

  /// The terminal draws the labels too, and `unset border` leaves the frame out, `set
  /// border 3` keeps the bottom and left sides; nothing else in the picture changes.
  @Test func terminalLabelsAndBorder() {
    var session = Session(terminalSize: TerminalSize(columns: 60, rows: 16))
    session.display.canvas = .ascii
    let plain = session.run("plot [0:2] x").output
    #expect(session.run("set xtics 0.5; set format x \"%.2f\"").error == nil)
    let labelled = session.run("replot").output
    #expect(labelled.contains("0.50") && labelled.contains("1.50"), "\(labelled)")
    #expect(session.run("set border 3").error == nil)
    let open = session.run("replot").output
    let rows = open.split(separator: "\n").map(String.init)
    // The top side is gone: no row of frame dashes above the plot, the bottom one stays.
    let frameRows = rows.filter { $0.filter { $0 == "-" }.count > 30 }
    #expect(frameRows.count == 1, "\(open)")
    #expect(session.run("unset border").error == nil)
    let none = session.run("replot").output
    #expect(!none.split(separator: "\n").contains { $0.filter { $0 == "-" }.count > 30 }, "\(none)")
    #expect(session.run("set border").error == nil)
    #expect(session.run("unset xtics; unset format").error == nil)
    #expect(session.run("set xtics auto").error == nil)
    #expect(session.run("replot").output == plain)
  }

  /// Bad settings are errors with a caret at the bad part.
  @Test(arguments: [
    ("set format x \"%q\"", 14, "bad tick label format: '%q' is not a conversion"),
    ("set format y \"%d\"", 14, "%.0f writes a whole number"),
    ("set format x \"%.2\"", 14, "ends inside a conversion"),
    ("set xtics font \",8\"", 10, "'font' in set xtics"),
    ("set xtics 0, -1", 13, "a tick step of -1"),
    ("set xtics 1, 2, 3, 4", 19, "4 numbers in set xtics"),
    ("set border 16", 11, "set border 16"),
    ("set decimalsign locale C", 23, "after set decimalsign locale"),
    ("set format z \"%g\"", 11, "the axis 'z' in set format"),
  ])
  func badSettingsAreLocated(_ line: String, _ column: Int, _ message: String) {
    var session = Self.session()
    let reply = session.run(line)
    let error = reply.error
    #expect(error?.message.contains(message) == true, "\(error?.message ?? "no error")")
    #expect(error?.location?.lowerBound == column, "\(String(describing: error?.location))")
  }

  /// A step that would make thousands of ticks makes at most `TickRule.maximumCount`, spread
  /// over the axis.
  @Test func aTinyStepIsBounded() throws {
    var session = Self.session()
    #expect(session.run("set xtics 1e-9").error == nil)
    #expect(session.run("plot [0:1] x").error == nil)
    let labels = try Self.xLabels(session)
    #expect(labels.count <= TickRule.maximumCount && labels.count > 10)
  }
}
