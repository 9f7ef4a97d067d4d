import Foundation
import GraphView
import TestSupport
import Testing

@testable import GraphCalcApp

/// gnuplot's filled styles and spline smoothings on `plot` (tracker issue 16): the words as
/// gnuplot reads them, what each draws, and the mistakes with their carets. The values are
/// checked against gnuplot 5.4 by the comparison scripts 80-84.
@Suite struct FilledStyleTests {
  static func session() -> Session { Session(terminalSize: TerminalSize(columns: 80, rows: 24)) }

  static let steps = "\"\(gnuplotScripts)/steps.dat\""

  /// Mistakes are named, the caret under the word at fault.
  @Test(arguments: [
    ("plot F u 1:2 w filledcurves r=1", "filledcurves r= outside set polar is not", "r=1"),
    ("plot F u 1:2 w filledcurves xy=1,2", "", ""),
    ("plot F u 1:2 w filledcurves y=abc", "y needs a number", "y=abc"),
    ("plot F u 1:2 w filledcurves fs pattern 2", "a fill pattern is not supported", "pattern"),
    ("plot F u 1:2 w filledcurves fs solid 2", "solid needs a density from 0 to 1", "2"),
    ("plot F u 1:2 w filledcurves fs", "fs needs a fill style", "fs"),
    ("plot F u 1:2 w boxxyerror", "with boxxyerror, using takes 4 or 6", "1:2"),
    ("plot F u 1:2 smooth csplines", "", ""),
    ("plot newhistogram, sin(x)", "newhistogram needs a data item after it", "newhistogram"),
    ("plot F every ::0::1 smooth csplines", "smooth csplines needs at least 3 points", "csplines"),
    (
      "plot F every ::0::2 smooth acsplines", "smooth acsplines needs at least 4 points",
      "acsplines"
    ),
  ])
  func mistakesAreLocated(_ line: String, _ message: String, _ word: String) throws {
    var session = Self.session()
    let typed = line.replacingOccurrences(of: "F", with: Self.steps)
    let reply = session.run(typed)
    guard !message.isEmpty else {
      #expect(reply.error == nil, "\(reply.error?.message ?? "")")
      return
    }
    let error = try #require(reply.error, "\(line)")
    #expect(error.message.hasPrefix(message), "\(error.message)")
    let at = try #require(typed.range(of: word, options: .backwards))
    let start = typed.distance(from: typed.startIndex, to: at.lowerBound)
    #expect(error.location?.lowerBound == start, "\(String(describing: error.location))")
  }

  /// The style words, as gnuplot 5.4 abbreviates them.
  @Test(arguments: [
    ("filledc", "filledcurves"), ("fillst", "fillsteps"), ("boxx", "boxxyerror"),
    ("boxer", "boxerrorbars"),
  ])
  func styleWords(_ word: String, _ name: String) {
    #expect(Session.style(named: word)?.description == name)
  }

  /// A plot line's `fill solid 0.5` after a data item is its fill style, not the shading
  /// clause `fill [between]` of functions.
  @Test func fillSolidIsTheItemsFillStyle() throws {
    var session = Self.session()
    let reply = session.run("plot \(Self.steps) u 1:2 w filledcurves x1 fill solid 0.4 noborder")
    #expect(reply.error == nil, "\(reply.error?.message ?? "")")
    let curves = try #require(session.curves)
    #expect(curves.look(ofCurve: 0).fillDensity == 0.4)
    #expect(curves.look(ofCurve: 0).fillTo == .xEdge(top: false))
    #expect(curves.look(ofCurve: 0).fillBorder == false)
  }

  /// `y1=-2` reaches the option reader as several words (fillcrvs.dem); gnuplot's `set style
  /// fill solid border -1` (fillstyle.dem) takes the border's line type.
  @Test func optionsWrittenAsGnuplotsDemosWriteThem() throws {
    var session = Self.session()
    let reply = session.run("plot [-10:10] -1+sin(x)/x with filledcurve y1=-2")
    #expect(reply.error == nil, "\(reply.error?.message ?? "")")
    #expect(session.curves?.look(ofCurve: 0).fillTo == .horizontal(-2, side: 0))
    #expect(session.run("plot \(Self.steps) u 1:2 w filledcurves below y2 = 4").error == nil)
    #expect(session.curves?.look(ofCurve: 0).fillTo == .horizontal(4, side: -1))
    #expect(session.run("set style fill solid border -1").error == nil)
    #expect(session.data.fillDensity == 1)
  }

  /// A filled curve in the SVG is one path at the fill density; in the terminal its cells
  /// are shaded.
  @Test func filledCurvesDrawInEveryOutput() throws {
    var session = Self.session()
    let folder = try TemporaryFolder()
    #expect(session.run("plot \(Self.steps) u 1:2 w filledcurves x1 fs solid 0.5").error == nil)
    let path = folder.path + "/f.svg"
    #expect(session.run("export svg \(path)").error == nil)
    let svg = try String(contentsOfFile: path, encoding: .utf8)
    #expect(svg.contains("fill-opacity=\"0.5\" stroke=\"none\"/>"))
    #expect(xmlParseError(svg) == nil)
    _ = session.run("set canvas braille")
    let screen = session.run("plot \(Self.steps) u 1:2 w filledcurves x1").output
    #expect(screen.contains("░"))
  }
}
