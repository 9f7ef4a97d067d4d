import GraphView
import TestSupport
import Testing

@testable import GraphCalcApp

/// gnuplot's abbreviations of plot-item keywords (`t$itle`, `not$itle`, `w$ith`, `u$sing`,
/// `i$ndex`, `ev$ery`, `s$mooth`, `ax$es`): every prefix from the shortest is the keyword,
/// a shorter one is an error. gnuplot 5.4, run by hand on `plot 'd.dat' using 1:2 WORD`,
/// takes `ev 1`, `not`, `ax x1y1`, `axe x1y1`, `sm csplines`, `tit "a"`, `wi l`, `in 0`
/// and refuses `e 1`, `no`, `a x1y1` (the demos' `ti "..."` stopped graphcalc's runs).
@Suite struct PlotKeywordAbbreviationTests {
  static func session() -> Session { Session(terminalSize: TerminalSize(columns: 80, rows: 24)) }

  /// Each prefix of each keyword from its shortest: the same as the full word.
  @Test(arguments: Session.plotKeywordTable)
  func everyPrefixFromTheShortestIsTheKeyword(entry: (name: String, shortest: String)) {
    var prefix = entry.shortest
    while true {
      #expect(Session.plotKeyword(prefix) == entry.name)
      guard prefix.count < entry.name.count else { break }
      prefix = String(entry.name.prefix(prefix.count + 1))
    }
    let shorter = String(entry.shortest.dropLast())
    if !shorter.isEmpty { #expect(Session.plotKeyword(shorter) == shorter) }
  }

  /// The table `lines` make (`export table`).
  static func table(_ lines: [String]) throws -> String {
    var session = Self.session()
    for line in lines { #expect(session.run(line).error == nil, "\(line)") }
    let folder = try TemporaryFolder()
    let path = folder.path("t.tsv")
    #expect(session.run("export table \(path)").error == nil)
    return try String(contentsOfFile: path, encoding: .utf8)
  }

  /// Data items and function items read the abbreviations as the full words.
  @Test func dataAndFunctionItemsReadThem() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write("1 2\n2 4\n3 9\n4 16\n5 25\n", to: "d.dat")
    let long = "plot \"\(file)\" index 0 using 1:2 every 2 smooth csplines title \"d\" axes x1y2"
    let short = "plot \"\(file)\" in 0 us 1:2 ev 2 sm csplines tit \"d\" ax x1y2"
    let table = try Self.table([long])
    #expect(table.contains("# Curve title: \"d\""))
    #expect(try Self.table([short]) == table)
    let spec = try Session.parseDataItem(
      arguments("\"d.dat\" u 1:2 ti \"q\" wi points noti", at: 5).words)
    #expect(spec.using?.text == "1:2")
    #expect(spec.title == "")
    #expect(spec.marks == .points)
    var f = Self.session()
    #expect(f.run("plot sin(x) tit \"s\" wi impulses, cos(x) noti, tan(x) t \"t\"").error == nil)
    #expect(f.currentCurves()?.titles == ["s", "", "t"])
  }

  /// A prefix shorter than gnuplot's shortest is an error at the word.
  @Test func aShorterPrefixIsAnError() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write("1 2\n2 4\n", to: "d.dat")
    var session = Self.session()
    let line = "plot \"\(file)\" using 1:2 no"
    let reply = session.run(line)
    let at = line.count - 2
    #expect(reply.error?.location == at..<(at + 2))
  }

  /// gnuplot's `col$umnheader` after `title` and `set key autotitle` (`title col` is the
  /// header in gnuplot 5.4; `set key auto column` is `autotitle columnheader`).
  @Test func columnHeaderFromItsShortestForm() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write("a b\n1 2\n2 3\n", to: "h.dat")
    for word in ["col", "column", "columnhead", "columnheader"] {
      #expect(
        try Self.table(["plot \"\(file)\" using 1:2 title \(word)"]).contains(
          "# Curve title: \"b\""))
    }
    var session = Self.session()
    #expect(session.run("set key auto column").error == nil)
    #expect(session.run("show key").output.contains("autotitle columnheader"))
    #expect(Session.isColumnHeaderWord("co") == false)
  }

  /// `exist("NAME")`, gnuplot's older name of `exists` (ellipse.dem's gen-random.inc), and
  /// `exists("$BLOCK")` of a data block: gnuplot 5.4 prints 0, then 1 after `a = 1`.
  @Test func existIsExists() {
    var session = Self.session()
    #expect(session.run("print exist(\"a\")").output == "0\n")
    #expect(session.run("a = 1").error == nil)
    #expect(session.run("print exist(\"a\"), exists(\"a\")").output == "1 1\n")
    #expect(session.run("print exists(\"$D\")").output == "0\n")
    #expect(session.run("$D << EOD").error == nil)
    #expect(session.run("1 2").error == nil)
    #expect(session.run("EOD").error == nil)
    #expect(session.run("print exists(\"$D\")").output == "1\n")
  }

  /// `set xtics ... norangelimit[ed]`, gnuplot's default, is taken (bins.dem); `rangelimited`
  /// is named as not supported, at its word.
  @Test func ticsNoRangeLimitIsTheDefault() {
    var session = Self.session()
    #expect(session.run("set xtics 1 norangelimit nomirror").error == nil)
    #expect(session.run("show xtics").output == "xtics 1 nomirror\n")
    let line = "set xtics 2 rangelimited"
    #expect(session.run(line).error?.location == 12..<24)
  }

  /// gnuplot's `set angles degrees|radians` is `mode deg|rad`: gnuplot 5.4 prints
  /// `0.5 90.0` for `set angles degrees; print sin(30), asin(1)`.
  @Test func setAnglesChoosesTheUnit() {
    var session = Self.session()
    #expect(session.run("set angles degrees").error == nil)
    #expect(session.run("print sin(30), asin(1)").output == "0.5 90\n")
    #expect(session.run("show angles").output == "angles degrees\n")
    #expect(session.run("set angles r").error == nil)
    #expect(session.run("print sin(pi/2)").output == "1\n")
    #expect(session.run("set angles d").error == nil)
    #expect(session.run("unset angles").error == nil)
    #expect(session.brain.angleUnit == .radians)
    #expect(session.run("set angles grads").error?.location == 11..<16)
  }
}
