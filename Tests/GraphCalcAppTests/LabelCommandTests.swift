import Foundation
import GraphView
import TestSupport
import Testing

@testable import GraphCalcApp

/// gnuplot's lines for labels, key, ranges and `replot`, typed as a gnuplot user would.
@Suite struct LabelCommandTests {
  static func session() -> Session { Session(terminalSize: TerminalSize(columns: 80, rows: 24)) }

  @Test func titleAndAxisLabelsAreDrawnByTheNextPlot() throws {
    var session = Self.session()
    for line in ["set title \"Waves\"", "set xlabel 'time (s)'", "set ylabel \"amplitude\""] {
      #expect(session.run(line) == Reply(), "\(line)")  // as in gnuplot, set draws nothing
    }
    let plot = session.run("plot sin(x)")
    let lines = plot.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 23)
    #expect(lines[0].trimmingCharacters(in: .whitespaces) == "Waves")
    #expect(lines[1] == "amplitude")
    #expect(lines[22].trimmingCharacters(in: .whitespaces) == "time (s)")
    #expect(session.run("show title") == Reply(output: "title \"Waves\"\n"))
    #expect(session.run("unset title") == Reply())
    #expect(!session.run("replot").output.contains("Waves"))

    let folder = try TemporaryFolder()
    let path = folder.path + "/w.svg"
    #expect(session.run("export svg \(path)").error == nil)
    let svg = try String(contentsOfFile: path, encoding: .utf8)
    #expect(svg.contains(">time (s)</text>") && svg.contains(">amplitude</text>"))
  }

  @Test func functionCurvesTakeTitleAndNotitle() throws {
    var session = Self.session()
    let plot = session.run("plot sin(x) title \"sine\", cos(x) notitle, x/5 t 'line'")
    #expect(plot.error == nil)
    #expect(plot.output.contains("sine") && plot.output.contains("line"))
    #expect(!plot.output.contains("cos(x)") && !plot.output.contains("sin(x)"))
    #expect(session.curves?.titles == ["sine", "", "line"])
    // A title not in quotes, and a word after it, are refused where they are.
    let bare = session.run("plot sin(x) title sine")
    #expect(bare.error?.location == 18..<22)
    #expect(session.run("plot sin(x) title \"s\" lw").error?.location == 22..<24)
    // A name t inside the function is still the function's.
    #expect(session.run("t = 2").error == nil)
    #expect(session.run("plot sin(x*t)").error == nil)
    #expect(session.curves?.titles == ["sin(x*t)"])
  }

  @Test(arguments: [
    ("set key top left", "key top left"), ("set key bottom", "key bottom right"),
    ("set key left", "key top left"), ("set key outside", "key outside"),
    ("set key off", "key off"), ("unset key", "key off"),
  ])
  func keyPlacement(_ line: String, shown: String) {
    var session = Self.session()
    #expect(session.run(line) == Reply())
    #expect(session.run("show key") == Reply(output: shown + "\n"))
  }

  @Test func keyOffLeavesTheLegendOut() {
    var session = Self.session()
    #expect(session.run("plot sin(x)").output.contains("sin(x)"))
    #expect(session.run("unset key") == Reply())
    #expect(!session.run("replot").output.contains("sin(x)"))
    #expect(session.run("set key") == Reply())
    #expect(session.run("replot").output.contains("sin(x)"))
  }

  @Test func gnuplotRangesAutoscaleAndReplot() throws {
    var session = Self.session()
    #expect(session.run("replot").error?.problem == .nothingPlotted(action: "replot"))
    #expect(session.run("set xrange [0:5]") == Reply())
    #expect(session.run("set yr [-1:2*2]") == Reply())
    #expect(session.view.xRange == 0...5)
    #expect(session.run("plot x^2").error == nil)
    #expect(session.run("view") == Reply(output: "x [0, 5]  y [-1, 4]\n"))
    #expect(session.run("set xrange [:8]") == Reply())
    #expect(session.view.xRange == 0...8)
    let added = session.run("replot 2*x title \"2x\"")
    #expect(added.error == nil && added.output.contains("2x") && added.output.contains("x^2"))
    #expect(session.curves?.titles == ["x^2", "2x"])
    #expect(session.run("undo").error == nil)  // set xrange is a view change
    #expect(session.run("set autoscale") == Reply())
    #expect(session.run("replot").error == nil)
    #expect(session.view.xRange == -10...10)
    #expect(session.run("set yrange [0:1]") == Reply())
    #expect(session.run("set yrange [*:*]") == Reply())
    #expect(session.run("view").output.hasPrefix("x [-10, 10]  y [-20, 100]"))
    #expect(session.run("set xrange [5:1]").error != nil)
    #expect(session.run("set xrange 0 5").error?.problem == .usage("set xrange [MIN:MAX]"))
  }

  @Test func samplesIsAcceptedWithANote() {
    var session = Self.session()
    let reply = session.run("set samples 1000")
    #expect(reply.error == nil)
    #expect(reply.output.hasPrefix("note: set samples applies to functions drawn with points"))
    #expect(session.run("set samples").error != nil)
  }

  /// gnuplot's time-axis lines are settings: `set xdata time` makes x a time axis read by
  /// `set timefmt` (SecondAxesTests checks what they do).
  @Test func xdataTimeAndTimefmtAreSettings() throws {
    var session = Self.session()
    #expect(session.run("set xdata time") == Reply())
    #expect(session.run("set timefmt \"%Y-%m-%d\"") == Reply())
    #expect(session.labels.xTime && session.labels.timeFormat == "%Y-%m-%d")
    #expect(session.run("show xdata") == Reply(output: "xdata time\n"))
    #expect(session.run("set xdata") == Reply())
    #expect(!session.labels.xTime)
    #expect(session.run("unset xdata") == Reply())
    let line = "set xdata foo"
    let error = try #require(session.run(line).error)
    #expect(error.location.map { String(Array(line)[$0]) } == "foo")
    #expect(session.run("set timefmt").error != nil)
  }

  @Test func gridCanBeTurnedOff() throws {
    var session = Self.session()
    #expect(session.run("plot sin(x)").error == nil)
    let folder = try TemporaryFolder()
    let path = folder.path + "/g.svg"
    _ = session.run("export svg \(path)")
    let withGrid = try String(contentsOfFile: path, encoding: .utf8)
    #expect(session.run("unset grid") == Reply())
    _ = session.run("export svg \(path)")
    let without = try String(contentsOfFile: path, encoding: .utf8)
    #expect(without.count < withGrid.count)
    #expect(session.run("show grid") == Reply(output: "grid off\n"))
    #expect(session.run("set grid") == Reply())
  }

  /// gnuplot's settings graphcalc lacks are named as not supported: no usage of every set
  /// form, no suggestion of another command.
  @Test(arguments: [
    "set terminal postscript", "set term gif", "set style line 1 pi 2",
    "set object 1 rect from 0,0 to 1,1 fs pattern 2", "set linestyle 1 lw 2",
    "set arrow 1 from 0,0 to 1,1 size 1,20",
    "unset ztics", "set logscale z", "show ztics", "set title \"a\" offset graph 0,1",
    "set autoscale zfix", "set offsets graph 0.1", "set link x2",
  ])
  func gnuplotOnlySettingsAreNamed(_ line: String) throws {
    var session = Self.session()
    let error = try #require(session.run(line).error)
    let message = error.problem?.message ?? ""
    #expect(message.contains("not supported"), "\(message)")
    #expect(!message.contains("usage") && !message.contains("did you mean"), "\(message)")
    #expect(error.location != nil)
  }

  @Test func unsetKeyDoesNotSuggestReset() {
    var session = Self.session()
    #expect(session.run("unset key") == Reply())
    #expect(session.run("unset kye").error?.problem?.message.contains("reset") == false)
  }
}
