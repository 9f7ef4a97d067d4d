import Foundation
import GraphView
import TestSupport
import Testing

@testable import GraphCalcApp

/// Small gnuplot habits left by the last round (tracker issue 16): the axes of `set grid`,
/// escapes in double-quoted texts, the option words' abbreviations, `reset` of every
/// setting, missing rows in `STATS_invalid`, `set link`. The expectations are gnuplot
/// 5.4's, run by hand where quoted.
@Suite struct SmallGnuplotHabitsTests {
  static func session() -> Session { Session(terminalSize: TerminalSize(columns: 80, rows: 24)) }

  static func run(_ lines: [String]) -> Session {
    var session = Self.session()
    for line in lines {
      let reply = session.run(line)
      #expect(reply.error == nil, "\(line): \(reply.error?.message ?? "")")
    }
    return session
  }

  static func svg(_ session: inout Session, _ size: String = "") throws -> String {
    let folder = try TemporaryFolder()
    let path = folder.path + "/p.svg"
    let reply = session.run("export svg \(path) \(size)")
    #expect(reply.error == nil, "\(reply.error?.message ?? "")")
    return try String(contentsOfFile: path, encoding: .utf8)
  }

  /// The `<text>` elements of an SVG: text, x, baseline y.
  static func texts(_ svg: String) -> [(text: String, x: Double, y: Double)] {
    let pattern = #"<text x="([^"]+)" y="([^"]+)"[^>]*>([^<]*)</text>"#
    let regex = try! NSRegularExpression(pattern: pattern)
    let ns = svg as NSString
    return regex.matches(in: svg, range: NSRange(location: 0, length: ns.length)).map { m in
      (
        ns.substring(with: m.range(at: 3)), Double(ns.substring(with: m.range(at: 1)))!,
        Double(ns.substring(with: m.range(at: 2)))!
      )
    }
  }

  /// gnuplot's `set grid` axes: the words name the axes (added to an earlier `set grid`'s,
  /// `noytics` takes one away), none names x and y; abbreviations as src/set.c reads them.
  @Test func gridAxesAreTheNamedOnes() {
    #expect(Self.run(["set grid y2tics"]).labels.gridAxes == [.y2])
    #expect(Self.run(["set grid y2t", "set grid x2"]).labels.gridAxes == [.y2, .x2])
    #expect(Self.run(["set grid", "set grid y2tics"]).labels.gridAxes == [.x, .y, .y2])
    #expect(Self.run(["set grid", "set grid noytics"]).labels.gridAxes == [.x])
    #expect(Self.run(["set grid y2tics", "unset grid", "set grid"]).labels.gridAxes == .first)
    // A minor grid is named too (gnuplot 5.4: `set grid mxtics` draws at the mx tics only).
    #expect(Self.run(["set grid mxtics front"]).labels.gridAxes == [])
    #expect(Self.run(["set grid mxtics front"]).labels.minorGridAxes == [.x])
    var session = Self.run(["set grid y2tics"])
    #expect(session.labels.options(marks: [], titles: []).gridAxes == [.y2])
    #expect(session.run("show grid").output == "grid y2tics\n")
    let bad = session.run("set grid z3")
    #expect(bad.error?.location == 9..<11)
  }

  /// In double quotes gnuplot unescapes `\n`, `\t`, `\\`, `\"`; in single quotes it keeps
  /// them as typed: titles, axis labels, key titles, labels and plot items' titles.
  @Test func doubleQuotedTextsAreUnescaped() {
    let session = Self.run([
      #"set title "a\nb""#, #"set xlabel 'c\nd'"#, #"set ylabel "e\tf""#,
      #"set key title "k\\l""#, #"set label 1 "p\nq" at 1, 1"#,
      #"plot sin(x) title "say \"hi\"\nthere", cos(x) title 'x\ny'"#,
    ])
    #expect(session.labels.title == "a\nb")
    #expect(session.labels.xLabel == #"c\nd"#)
    #expect(session.labels.yLabel == "e\tf")
    #expect(session.labels.key.title == #"k\l"#)
    #expect(session.labels.annotations.labels[1]?.text == "p\nq")
    #expect(session.curves?.titles == ["say \"hi\"\nthere", #"x\ny"#])
  }

  /// A title of two lines is two `<text>`s one line apart, the second on the baseline a
  /// one-line title had, and the plot's top is a line lower (gnuplot's layout of `"a\nb"`).
  @Test func aTwoLineTitleTakesTwoLines() throws {
    var one = Self.run([#"set title "Top""#, "plot sin(x)"])
    var two = Self.run([#"set title "Top\nBottom""#, "plot sin(x)"])
    let t1 = Self.texts(try Self.svg(&one))
    let t2 = Self.texts(try Self.svg(&two))
    let single = try #require(t1.first { $0.text == "Top" })
    let top = try #require(t2.first { $0.text == "Top" })
    let bottom = try #require(t2.first { $0.text == "Bottom" })
    #expect(!t2.contains { $0.text.contains("Top") && $0.text.contains("Bottom") })
    #expect(abs(bottom.y - top.y - 1.2 * 14) < 0.6 || abs(bottom.y - top.y - 1.2 * 12) < 0.6)
    #expect(top.x == bottom.x)
    // Every y tick label moved down by the extra line.
    let y1 = t1.filter { $0.text == "0" }.map(\.y).min() ?? 0
    let y2 = t2.filter { $0.text == "0" }.map(\.y).min() ?? 0
    #expect(bottom.y > single.y - 0.01)
    #expect(y2 != y1)
  }

  /// gnuplot's `set key` words by its table (src/tables.c `set_key_tbl`): `t l` is top
  /// left, `b` and `bo` bottom, `box` the box, `nob` no box, `ti` the title, `o` outside.
  @Test func keyWordsAreAbbreviatedAsGnuplotDoes() {
    // Each abbreviation does what the whole words do.
    for (short, whole) in [
      ("t l", "top left"), ("bo r", "bottom right"), ("b c", "bottom center"), ("o", "outside"),
      ("ins", "inside"), ("hor", "horizontal"), ("rev", "reverse"),
    ] {
      let a = Self.run(["set key \(short)"]).labels
      let b = Self.run(["set key \(whole)"]).labels
      #expect(a == b, "set key \(short)")
    }
    #expect(Self.run(["set key t l"]).labels != Self.run(["set key bottom right"]).labels)
    #expect(Self.run(["set key box"]).labels.key.box == true)
    #expect(Self.run(["set key box", "set key nob"]).labels.key.box == false)
    #expect(Self.run([#"set key ti "T" l"#]).labels.key.title == "T")
    #expect(Self.run([#"set key title "T""#, "set key noti"]).labels.key.title == "")
  }

  /// gnuplot's fill-style words (src/misc.c `parse_fillstyle`): `s` is solid, `e` empty.
  @Test func fillStyleWordsAreAbbreviated() {
    #expect(Self.run(["set style fill s 0.5"]).data.fillDensity == 0.5)
    #expect(Self.run(["set style fill s 0.5", "set style fill e"]).data.fillDensity == nil)
    #expect(Self.run(["set style fill sol bo"]).data.fillDensity == 1)
    var session = Self.session()
    #expect(session.run("plot [0:3] x with boxes fs s 0.3").error == nil)
  }

  /// `reset` puts gnuplot's settings back (gnuplot 5.4's `help reset`), not only the view:
  /// titles, key, log scales, ticks, grid, second axes, the datafile's missing text and
  /// separator, the fill style. Variables and graphcalc's own settings stay.
  @Test func resetRestoresEverySetting() {
    var session = Self.run([
      #"set title "T""#, "set logscale y", "set key box", "set grid y2tics", "set xtics 2",
      "set y2tics", #"set datafile missing "?""#, #"set datafile separator ";""#,
      "set style fill solid 0.5", "a = 3", "set base 16", "set xrange [0:5]",
    ])
    #expect(session.labels != PlotLabels())
    #expect(session.run("reset").error == nil)
    #expect(session.labels == PlotLabels())
    #expect(session.data.options.missingText == nil)
    #expect(session.data.options.separator == nil)
    #expect(session.data.fillDensity == nil)
    #expect(session.view == ViewState())
    #expect(session.brain.variables["a"] == 3)
    #expect(session.numbers.base == 16)
  }

  /// gnuplot 5.4 counts a record left out by `set datafile missing` in STATS_invalid (and
  /// not in STATS_records): `1 2 / 2 ? / 3 4 / 4 6` gives records 3, invalid 1 (0 without
  /// the missing text, when `?` is text and the record is left out uncounted).
  @Test func missingRowsAreInvalidInStats() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write("1 2\n2 ?\n3 4\n4 6\n", to: "m.dat")
    var session = Self.run([#"set datafile missing "?""#])
    #expect(session.run("stats \"\(file)\" using 1:2 nooutput").error == nil)
    #expect(session.brain.variables["STATS_records"] == 3)
    #expect(session.brain.variables["STATS_invalid"] == 1)
    #expect(session.run("stats \"\(file)\" using 2 nooutput").error == nil)
    #expect(session.brain.variables["STATS_invalid"] == 1)
    var plain = Self.session()
    #expect(plain.run("stats \"\(file)\" using 1:2 nooutput").error == nil)
    #expect(plain.brain.variables["STATS_records"] == 3)
    #expect(plain.brain.variables["STATS_invalid"] == 0)
  }

  /// `set link` names what the second axes do instead.
  @Test func setLinkIsNotSupportedByName() {
    var session = Self.session()
    let reply = session.run("set link y2 via y**2 inverse sqrt(y)")
    let message = reply.error?.message ?? ""
    #expect(message.contains("link") && message.contains("not supported"))
    #expect(message.contains("set y2range"))
  }
}
