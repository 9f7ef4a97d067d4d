import Foundation
import GraphView
import TestSupport
import Testing

@testable import GraphCalcApp

/// gnuplot's line styles and line types (tracker issue 16): `set style line`, `ls N` per
/// item with the item's options over it, `set linetype`, `lt N` and `lc N` taking it, the
/// N-th item taking line type N, `set linetype cycle`, `set style increment user`, `ls` and
/// `lt` on arrows, the border and zero axes; `show` as gnuplot 5.4's `show style line`
/// prints the same values (checked against gnuplot itself, see each test).
@Suite struct LineStyleTests {
  static func session() -> Session { Session(terminalSize: TerminalSize(columns: 80, rows: 24)) }

  static func run(_ session: inout Session, _ lines: [String]) {
    for line in lines {
      let reply = session.run(line)
      #expect(reply.error == nil, "\(line): \(reply.error?.message ?? "")")
    }
  }

  /// gnuplot 5.4: `set style line 5 lw 2` shows `linecolor 5 linewidth 2.000 dashtype solid
  /// pointtype 5`; `set style line 3 lt 2 dt 2` copies line type 2 (`pointtype 2`); a
  /// style set again keeps what it had (`lc rgb "red"` then `lw 2`); `lt 3` after `set
  /// linetype 3 lc rgb "red" lw 2` copies both.
  @Test func stylesAreCopiedAsGnuplotCopiesThem() {
    var session = Self.session()
    Self.run(
      &session,
      [
        "set style line 5 lw 2", "set style line 3 lt 2 dt 2", "set style line 1 lc rgb \"red\"",
        "set style line 1 lw 2", "set linetype 3 lc rgb \"red\" lw 2", "set style line 7 lt 3",
        "set style line 8 lc 3", "set style line 9 lw 2 lt 2",
      ])
    #expect(
      session.run("show style line")
        == Reply(
          output: """
            style line 1 lc rgb "#ff0000" lw 2 dt 1 pt 1
            style line 3 lc 2 lw 1 dt 2 pt 2
            style line 5 lc 5 lw 2 dt 1 pt 5
            style line 7 lc rgb "#ff0000" lw 2 dt 1 pt 3
            style line 8 lc rgb "#ff0000" lw 1 dt 1 pt 8
            style line 9 lc 2 lw 2 dt 1 pt 2

            """))
    #expect(session.run("show style line 5") == Reply(output: "style line 5 lc 5 lw 2 dt 1 pt 5\n"))
    #expect(
      session.run("show linetype 3")
        == Reply(output: "linetype 3 lc rgb \"#ff0000\" lw 2 dt 1 pt 3\n"))
    // `set` alone and `show style` list them among the settings.
    let all = session.run("set").output
    #expect(all.contains("style line 5 lc 5 lw 2 dt 1 pt 5\n"))
    #expect(all.contains("linetype 3 lc rgb \"#ff0000\" lw 2 dt 1 pt 3\n"))
    // `unset style line N` one, `unset style line` all; `default` forgets one too.
    Self.run(&session, ["unset style line 5", "set style line 9 default"])
    #expect(!session.run("show style line").output.contains("style line 5"))
    #expect(!session.run("show style line").output.contains("style line 9"))
    Self.run(&session, ["unset style line", "unset linetype 3"])
    #expect(session.run("show style line") == Reply())
    #expect(session.run("show linetype") == Reply())
  }

  /// `ls N` gives the style's look; the item's own options win over it in any order
  /// (gnuplot's `lp_parse`); a style that is not defined is line type N; `lt N` takes
  /// line type N as `set linetype` changed it, and `lc N` its colour.
  @Test func itemsTakeStylesAndTypes() throws {
    var session = Self.session()
    Self.run(
      &session,
      [
        "set style line 1 lc rgb \"#ff0000\" lw 2 pt 7 ps 1.5",
        "set linetype 4 lc rgb \"web-green\" lw 3",
        "plot sin(x) ls 1, cos(x) lw 4 ls 1 lc rgb \"blue\", x ls 6, 2*x lt 4 dt 2, 3*x lc 4,"
          + " \(fixture("errors.dat")) using 1:2 linestyle 1 with points",
      ])
    let curves = try #require(session.currentCurves())
    #expect(
      curves.look(ofCurve: 0)
        == CurveLook(lineWidth: 2, color: RGBColor(0xff0000), pointType: 7, pointSize: 1.5))
    #expect(
      curves.look(ofCurve: 1)
        == CurveLook(lineWidth: 4, color: RGBColor(0x0000ff), pointType: 7, pointSize: 1.5))
    #expect(curves.look(ofCurve: 2) == CurveLook(colorIndex: 6, pointType: 6))
    #expect(
      curves.look(ofCurve: 3)
        == CurveLook(lineWidth: 3, color: RGBColor(0x00c000), pointType: 4, dashType: 2))
    #expect(curves.look(ofCurve: 4) == CurveLook(color: RGBColor(0x00c000)))
    #expect(curves.look(ofCurve: 5).color == RGBColor(0xff0000))
    #expect(curves.marks(ofCurve: 5) == .points)
  }

  /// The N-th item without `lt` or `ls` takes line type N as changed; after `set linetype
  /// cycle 2` line type 3 is line type 1; after `set style increment user` it takes line
  /// style N where there is one, else its line type.
  @Test func itemsTakeTheirPlacesLineType() throws {
    var session = Self.session()
    Self.run(&session, ["set linetype 2 lc rgb \"#123456\" lw 2", "plot x, 2*x, 3*x"])
    var curves = try #require(session.currentCurves())
    #expect(curves.look(ofCurve: 0) == CurveLook())
    #expect(
      curves.look(ofCurve: 1) == CurveLook(lineWidth: 2, color: RGBColor(0x123456), pointType: 2))
    #expect(curves.look(ofCurve: 2) == CurveLook())
    Self.run(&session, ["set linetype cycle 2", "set linetype 1 lw 3", "replot"])
    curves = try #require(session.currentCurves())
    #expect(curves.look(ofCurve: 2) == CurveLook(lineWidth: 3, colorIndex: 1, pointType: 1))
    #expect(curves.look(ofCurve: 3) == CurveLook())  // no fourth item
    Self.run(
      &session,
      [
        "unset linetype", "unset linetype cycle", "set style line 2 lc rgb \"orange\" dt 3",
        "set style increment user", "plot x, 2*x, 3*x lw 2",
      ])
    curves = try #require(session.currentCurves())
    #expect(curves.look(ofCurve: 0) == CurveLook())
    #expect(
      curves.look(ofCurve: 1) == CurveLook(color: RGBColor(0xffa500), pointType: 2, dashType: 3))
    #expect(curves.look(ofCurve: 2) == CurveLook(lineWidth: 2))
    #expect(session.run("show style").output.contains("style increment user"))
    Self.run(&session, ["set style increment default", "replot"])
    #expect(try #require(session.currentCurves()).look(ofCurve: 1) == CurveLook())
  }

  /// The SVG draws what the styles give: line style 1's red at 2 x 1.5 px, the item's blue
  /// over it, line type 4's green at 3 x 1.5 px, a dashed style; the arrow `ls 1` red, the
  /// border `lt 4` green (the values of 63-line-styles.gp).
  @Test func theSVGHasTheStylesColoursAndWidths() throws {
    var session = Self.session()
    let folder = try TemporaryFolder()
    Self.run(
      &session,
      [
        "set style line 1 lc rgb \"#ff0000\" lw 2 pt 7", "set style line 2 lt 3 dt 2",
        "set linetype 4 lc rgb \"web-green\" lw 3", "set arrow 1 from 1,1 to 2,2 ls 1",
        "set border lt 4",
        "plot \(fixture("errors.dat")) using 1:2 ls 1, \(fixture("errors.dat")) using 1:($2+1)"
          + " ls 2 lw 3, \(fixture("errors.dat")) using 1:($2+2) lt 4 with points,"
          + " \(fixture("errors.dat")) using 1:($2+3) ls 1 lc rgb \"blue\"",
        "export svg \(folder.path)/s.svg",
      ])
    let svg = try String(contentsOfFile: folder.path + "/s.svg", encoding: .utf8)
    let palette3 = Theme.default.series(2).hex
    for needle in [
      "stroke=\"#ff0000\" stroke-width=\"3\"", "stroke=\"#0000ff\" stroke-width=\"3\"",
      "stroke=\"\(palette3)\" stroke-width=\"4.5\"", "stroke-dasharray=\"24 15\"",
      "stroke=\"#00c000\" stroke-width=\"4.5\"", "stroke=\"#ff0000\" stroke-width=\"2\"",
      "stroke=\"#00c000\" stroke-width=\"3\"",
    ] {
      #expect(svg.contains(needle), "\(needle)")
    }
  }

  /// Mistakes, each with its caret; gnuplot's options graphcalc does not draw are named.
  @Test(arguments: [
    ("set style line", 10, "a tag"),
    ("set style line 0 lw 2", 15, "a whole number from 1"),
    ("set style line 1 pi 3", 17, "pointinterval (pi) in set style line is not supported"),
    ("set style line 1 with lines", 17, "'with' in set style line"),
    ("set linetype 1 lt 2", 15, "'lt' in set linetype"),
    ("set linetype cycle 0", 19, "a whole number from 1"),
    ("set style increment foo", 20, "set style increment user|default"),
    ("unset style foo", 12, "unset style foo is not supported"),
    ("set style line 1 lc rgb \"nope\"", 24, "a colour name"),
    ("plot x ls 0", 10, "a line style from 1"),
  ])
  func mistakesAreLocated(_ line: String, _ column: Int, _ message: String) throws {
    var session = Self.session()
    let error = try #require(session.run(line).error, "\(line)")
    #expect(error.message.contains(message), "\(line): \(error.message)")
    #expect(error.location?.lowerBound == column, "\(line): \(error.message)")
  }
}

/// gnuplot's titles from a file's first row (tracker issue 16): `title columnheader`,
/// `columnheader(N)`, `columnhead(N)`, `set key autotitle columnhead`, `set key
/// noautotitle` and `unset key autotitle`; with a header title the first row is not data,
/// whatever it holds (gnuplot 5.4's table of the same lines: 64-columnheader.gp).
@Suite struct ColumnHeaderTitleTests {
  static func session() -> Session { Session(terminalSize: TerminalSize(columns: 80, rows: 24)) }
  static let numbers = fixture("gnuplot-scripts/numhead.dat")  // header "10 20 30"

  @Test func theFirstRowIsTheHeader() throws {
    var session = Self.session()
    let line =
      "plot \(Self.numbers) using 1:3 title columnheader, \(Self.numbers) using 1:2 title "
      + "columnhead(3), \(Self.numbers) using 1:($2*2) t columnheader (1), \(Self.numbers) using 1:2"
    #expect(session.run(line).error == nil)
    let curves = try #require(session.curves)
    #expect(curves.titles == ["30", "30", "10", "numhead.dat using 1:2"])
    #expect(
      curves.dataCurves.map { Array($0.x) } == [[1, 2, 3], [1, 2, 3], [1, 2, 3], [10, 1, 2, 3]])
    #expect(Array(curves.dataCurves[2].y) == [4, 8, 16])
  }

  @Test func keyAutotitle() throws {
    var session = Self.session()
    #expect(session.run("set key autotitle columnhead").error == nil)
    #expect(session.run("show key") == Reply(output: "key autotitle columnheader\n"))
    #expect(
      session.run("plot \(Self.numbers) using 1:2, \(Self.numbers) using 1:3 t \"given\"").error
        == nil)
    var curves = try #require(session.curves)
    #expect(curves.titles == ["20", "given"])
    #expect(curves.dataCurves.allSatisfy { $0.x.count == 3 })
    for off in ["set key noautotitle", "unset key autotitle"] {
      #expect(session.run(off).error == nil)
      #expect(session.run("show key") == Reply(output: "key noautotitle\n"))
      #expect(
        session.run("plot \(Self.numbers) using 1:2, \(Self.numbers) using 1:3 t \"given\"").error
          == nil)
      curves = try #require(session.curves)
      #expect(curves.titles == ["", "given"])
      #expect(curves.dataCurves.allSatisfy { $0.x.count == 4 })
    }
    #expect(session.run("set key default").error == nil)
    #expect(session.run("show key") == Reply())
  }

  @Test(arguments: [
    ("plot \(numbers) using 1:2 title columnheader(4)", "a column from 1 to 3 of numhead.dat"),
    ("plot \(numbers) using 1:2 title columnheader(", "a column in brackets"),
    ("plot \(numbers) using 1:(columnhead(2))", "columnhead(N) in a using expression is not"),
  ])
  func mistakes(_ line: String, _ message: String) throws {
    var session = Self.session()
    let error = try #require(session.run(line).error, "\(line)")
    #expect(error.message.contains(message), "\(line): \(error.message)")
    #expect(error.location != nil)
  }
}
