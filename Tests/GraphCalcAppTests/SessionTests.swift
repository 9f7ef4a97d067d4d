import CalculatorBrain
import Foundation
import GraphCalcApp
import GraphView
import TestSupport
import Testing

@Suite struct SessionTests {
  /// The session a new user must have (the transcript the project started from), driven without a
  /// terminal: arithmetic, variables, functions, RPN, plots.
  @Test func aNewUsersFirstSessionWorksWithoutATerminal() throws {
    var session = Session(terminalSize: TerminalSize(columns: 80, rows: 24))
    #expect(session.run("2^3^2") == Reply(output: "512\n"))
    #expect(session.run("a = 3") == Reply())
    #expect(session.run("f(x) = x^2 - a") == Reply())
    #expect(session.run("f(4)") == Reply(output: "13\n"))
    #expect(session.run("rpn 3 4 + 5 *") == Reply(output: "(3 + 4) * 5 = 35\n"))

    let plot = session.run("plot sin(x)*x")
    #expect(plot.error == nil)
    let lines = plot.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.count == 23)  // 24 rows, one left for the prompt
    #expect(lines.allSatisfy { $0.count <= 80 })
    #expect(
      plot.output.unicodeScalars.allSatisfy { $0.value == 10 || (32..<127).contains($0.value) })
    #expect(plot.output.contains("sin(x)*x"))  // the legend
    #expect(lines.last?.contains("-10") == true)  // x tick labels under the frame
    #expect(lines.contains { $0.hasPrefix(" 0 +") || $0.hasPrefix("0 +") || $0.contains(" 0 +") })

    let zoomed = session.run("zoom 2")
    #expect(zoomed.error == nil && zoomed.output.split(separator: "\n").count == 23)
    #expect(session.view.xRange == -5...5)
    #expect(session.run("pan left").error == nil)
    #expect(session.view.xRange == -7.5...2.5)
    let view = session.run("view")
    #expect(view.output.hasPrefix("x [-7.5, 2.5]  y ["))
    #expect(view.output.hasSuffix("]\n"))

    let folder = try TemporaryFolder()
    let path = folder.path + "/wave.svg"
    #expect(session.run("export svg \(path)") == Reply(output: "wrote \(path) (800x600)\n"))
    let svg = try String(contentsOfFile: path, encoding: .utf8)
    #expect(svg.hasPrefix("<?xml"))
    #expect(svg.contains("width=\"800\" height=\"600\""))
    #expect(session.run("quit").quits)
  }

  @Test func viewIsPrintedWithTheCalculatorsNumbers() {
    var session = Session()
    #expect(session.run("view").output == "x [-10, 10]  y [-10, 10]\n")
    #expect(session.run("xrange -2pi 2pi").error == nil)
    #expect(session.run("yrange -1 0.5").error == nil)
    #expect(session.run("view").output == "x [-6.28318530717959, 6.28318530717959]  y [-1, 0.5]\n")
    #expect(session.run("reset").error == nil)
    #expect(session.run("view").output == "x [-10, 10]  y [-10, 10]\n")
  }

  @Test func automaticYFollowsTheFunctionsAndTheXRange() {
    var session = Session()
    _ = session.run("plot x")
    #expect(session.run("view").output == "x [-10, 10]  y [-10, 10]\n")
    _ = session.run("xrange 0 1")
    #expect(session.run("view").output == "x [0, 1]  y [0, 1]\n")
    #expect(session.view.yRange == .auto)
  }

  @Test func zoomAndPanFixAnAutomaticYRange() throws {
    var session = Session()
    _ = session.run("plot x")
    _ = session.run("zoom 2")
    #expect(session.view.yRange == .fixed(-5...5))
    _ = session.run("yrange auto")
    _ = session.run("pan right")
    #expect(session.view.xRange == -2.5...7.5)
    #expect(session.view.yRange == .auto)  // a move in x keeps y automatic
    let auto = try #require(session.curves.map { Autoscale.yRange(of: $0, xRange: -2.5...7.5) })
    let quarter = (auto.upperBound - auto.lowerBound) / 4
    _ = session.run("pan up")
    #expect(
      session.view.yRange == .fixed((auto.lowerBound + quarter)...(auto.upperBound + quarter)))
  }

  @Test func viewCommandsBeforeAPlotSetTheNextPlotsView() {
    var session = Session()
    #expect(session.run("zoom in") == Reply())  // nothing to redraw
    #expect(session.view == ViewState(xRange: -5...5, yRange: .auto))  // nothing to fix y from
    #expect(session.run("center 1 2") == Reply())
    #expect(session.view.xRange == -4...6)
    let plot = session.run("plot x^2")
    #expect(plot.output.contains("6"))
    #expect(session.run("view").output.hasPrefix("x [-4, 6]"))
  }

  @Test func everyViewCommandRedrawsTheCurrentPlot() {
    var session = Session(terminalSize: TerminalSize(columns: 60, rows: 15))
    _ = session.run("plot cos(x)")
    for command in [
      "zoom 2", "zoom out", "pan 1 0", "pan down", "center 0 0", "xrange -3 3", "yrange auto",
      "reset",
    ] {
      let reply = session.run(command)
      #expect(reply.error == nil, "\(command)")
      #expect(reply.output.split(separator: "\n").count == 14, "\(command)")
      #expect(reply.output.contains("cos(x)"), "\(command)")
    }
    #expect(!session.run("view").output.contains("cos"))
  }

  @Test func severalFunctionsInOnePlot() {
    var session = Session()
    let reply = session.run("plot max(x, 1), sin(x)")
    #expect(reply.error == nil)
    #expect(session.curves?.titles == ["max(x, 1)", "sin(x)"])
  }

  @Test func gnuplotRangesSetTheView() {
    var session = Session()
    #expect(session.run("plot [-5*pi:5*pi] tan(x)").error == nil)
    #expect(session.view.xRange == (-5 * Double.pi)...(5 * Double.pi))
    #expect(session.view.yRange == .auto)
    #expect(session.run("plot [] [-1:1] sin(x)").error == nil)
    #expect(session.view.xRange == (-5 * Double.pi)...(5 * Double.pi))
    #expect(session.view.yRange == .fixed(-1...1))
    #expect(session.run("plot [0:] x").error == nil)
    #expect(session.view.xRange == 0...(5 * Double.pi))
  }

  @Test func aFailedPlotChangesNothing() {
    var session = Session()
    _ = session.run("plot x")
    let reply = session.run("plot [0:1] sin(x")
    #expect(reply.error != nil)
    #expect(session.view.xRange == -10...10)
    #expect(session.curves?.titles == ["x"])
  }

  @Test func plotErrorsPointAtTheColumnOfTheWholeLine() throws {
    var session = Session()
    let line = "plot sin(x), 2 +* x"
    let error = try #require(session.run(line).error)
    #expect(error.location == 16..<17)  // the '*'
    let rendered = error.rendered(input: line).split(separator: "\n")
    #expect(rendered.count == 3)
    #expect(rendered[1] == "  plot sin(x), 2 +* x")
    #expect(rendered[2] == "                  ^")

    let ranged = try #require(session.run("plot [0:1]   cos(x))").error)
    #expect(ranged.location == 19..<20)

    // Names are resolved when the function is compiled for plotting; the caret still lands
    // on the name.
    let unknown = try #require(session.run("plot sin(x) + q, x").error)
    #expect(unknown.message == "unknown name 'q'")
    #expect(unknown.location == 14..<15)
    _ = session.run("g(x) = g(x)")
    let recursive = try #require(session.run("plot 1 + g(x)").error)
    #expect(recursive.location == 5..<13)  // no single column: the whole function
  }

  @Test func theCalculatorsErrorsKeepTheirColumns() throws {
    var session = Session()
    let error = try #require(session.run("  1 + * 2").error)
    #expect(error.location == 6..<7)
    let rpn = try #require(session.run("rpn 3 +").error)
    #expect(rpn.location == 6..<7)
  }

  @Test(arguments: [
    ("xrange 5 5", "x range [5, 5] is empty: the bounds must differ"),
    ("xrange nan 1", "x range [nan, 1]: both bounds must be finite numbers"),
    ("xrange 3 1", "x range [3, 1] is reversed: give the lower bound first"),
    ("yrange 1 inf", "y range [1, inf]: both bounds must be finite numbers"),
    ("xrange 1", "usage: xrange XMIN XMAX"),
    (
      "xrange 1 2 3",
      "usage: xrange XMIN XMAX (arguments are separated by spaces; group one with brackets)"
    ),
    ("zoom 0", "zoom factor must be a positive number, got 0"),
    ("zoom -2", "zoom factor must be a positive number, got -2"),
    ("pan 1 nan", "pan needs finite numbers, got nan"),
    ("xrange 1 1+1e-15", "x range [1, 1] is too narrow to draw"),
    ("mode polish", "usage: mode infix | mode rpn | mode deg | mode rad"),
    ("view now", "view takes no arguments"),
    (
      "export svg",
      "usage: export svg|png|pdf FILE [WIDTH HEIGHT] | export table FILE [WIDTH [HEIGHT]] | export values FILE"
    ),
    (
      "export svg a.svg 800",
      "usage: export svg|png|pdf FILE [WIDTH HEIGHT] | export table FILE [WIDTH [HEIGHT]] | export values FILE"
    ),
    ("export svg a.svg 800 1.5", "a size in pixels is a whole number from 16 to 10000, got 1.5"),
    ("export svg a.svg", "nothing to export: plot something first"),
  ])
  func badCommandsAreRefusedAndChangeNothing(line: String, message: String) {
    var session = Session()
    let reply = session.run(line)
    #expect(reply.error?.message == message)
    #expect(reply.output.isEmpty)
    #expect(session.view == ViewState())
  }

  @Test func argumentsAreExpressionsWithVariables() {
    var session = Session()
    _ = session.run("w = 3")
    #expect(session.run("xrange -w (w + 1)").error == nil)
    #expect(session.view.xRange == -3...4)
    #expect(session.run("pan 1 -2").error == nil)  // y is automatic and nothing is plotted
    #expect(session.view.xRange == -2...5)
  }

  @Test func commentsAndBlankLines() {
    var session = Session()
    #expect(session.run("2 + 3  # five") == Reply(output: "5\n"))
    #expect(session.run("# only a comment") == Reply())
    #expect(session.run("   ") == Reply())
  }

  @Test func rpnMode() {
    var session = Session()
    #expect(session.run("mode") == Reply(output: "infix rad\n"))
    #expect(session.run("mode rpn") == Reply())
    #expect(session.run("3 4 + 5 *") == Reply(output: "(3 + 4) * 5 = 35\n"))
    #expect(session.run("describe 1 2 3 * +") == Reply(output: "(1 + (2 * 3))\n"))
    #expect(session.run("plot x sin x *, x").error == nil)
    #expect(session.curves?.titles == ["x sin x *", "x"])
    #expect(session.run("mode infix") == Reply())
    #expect(session.run("describe 2^3^2") == Reply(output: "(2 ^ (3 ^ 2))\n"))
  }

  @Test func varsListsVariablesAndFunctions() {
    var session = Session()
    #expect(session.run("vars") == Reply(output: "no variables or functions yet\n"))
    _ = session.run("a = 3")
    _ = session.run("f(x) = x^2 - a")
    #expect(session.run("vars") == Reply(output: "a = 3\nf(x) = x ^ 2 - a\n"))
  }

  @Test func unknownCommandWordsSuggestTheNearest() throws {
    var session = Session()
    let error = try #require(session.run("zomm 2").error)
    #expect(error.message == "unknown command 'zomm' (did you mean 'zoom'?)")
    #expect(error.location == 0..<4)
    // A plain calculation with an unknown name keeps the calculator's error.
    let calc = try #require(session.run("foo + 1").error)
    #expect(!calc.message.contains("command"))
  }

  @Test func leavingCommands() {
    var session = Session()
    #expect(session.run("quit").quits)
    #expect(session.run("exit").quits)
    #expect(session.run("quit now").error?.message == "quit takes no arguments")
  }

  @Test func aTooSmallTerminalIsAnErrorNotACrash() {
    var session = Session(terminalSize: TerminalSize(columns: 5, rows: 3))
    let reply = session.run("plot x")
    #expect(reply.error?.message == "the terminal (5x3) is too small to plot in; it needs 20x7")
  }
}
