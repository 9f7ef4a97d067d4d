import Foundation
import GraphCalcApp
import TestSupport
import Testing

/// gnuplot's expression habits (tracker issue 16): the string functions, gprintf, rand,
/// int and sgn, string comparisons, each line's output against gnuplot 5.4's own
/// (`Fixtures/gnuplot-expressions.tsv`, scripts/make-gnuplot-expressions); `call`'s
/// parameters, `stats`'s words, and the errors of what is not supported.
@Suite struct GnuplotExpressionTests {
  static func session() -> Session { Session(terminalSize: TerminalSize(columns: 80, rows: 24)) }

  /// The fixture's lines and gnuplot's output of each.
  static let cases: [GnuplotLine] = {
    let text =
      (try? String(contentsOfFile: fixtures + "/gnuplot-expressions.tsv", encoding: .utf8))
      ?? ""
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { row in
      let parts = row.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2 else { return nil }
      return GnuplotLine(line: String(parts[0]), output: String(parts[1]))
    }
  }()

  /// One line and gnuplot's output.
  struct GnuplotLine: Sendable, CustomStringConvertible {
    var line: String
    var output: String
    var description: String { line }
  }

  @Test func theFixtureIsThere() { #expect(Self.cases.count >= 30) }

  @Test(arguments: cases) func printsWhatGnuplotPrints(_ c: GnuplotLine) {
    var session = Self.session()
    let reply = session.run(c.line)
    #expect(reply.error == nil, "\(reply.error?.message ?? "")")
    #expect(reply.output == c.output + "\n")
  }

  @Test func randIsDrawnInOrderAcrossLinesAndAssignments() {
    var session = Self.session()
    #expect(session.run("r = rand(0)").error == nil)
    #expect(session.run("print r, rand(0)").output == "0.222457440974512 0.133348129368619\n")
    // A definition is not drawn: rand in a function is refused by name when it is used.
    #expect(session.run("f(x) = x + rand(0)").error == nil)
    let error = session.run("plot f(x)").error
    #expect(error?.message.contains("rand() in a plot") == true)
    #expect(session.run("plot rand(0)").error?.message.contains("is not supported") == true)
    #expect(session.run("print rand(0.5)").error?.message.contains("seed") == true)
  }

  @Test func systemIsRefusedByName() throws {
    var session = Self.session()
    let error = try #require(session.run("print system(\"date\")").error)
    #expect(error.message.hasPrefix("system(\"...\") is not supported"))
    #expect(error.location == 6..<12)
  }

  @Test func numbersMadeOfStringsAreNumbers() {
    var session = Self.session()
    #expect(session.run("s = \"abc\"").error == nil)
    #expect(session.run("n = strlen(s) + 1").error == nil)
    #expect(session.brain.variables["n"] == 4)
    #expect(session.run("k = s eq \"abc\"").error == nil)
    #expect(session.brain.variables["k"] == 1)
    #expect(session.run("print (s ne \"x\") ? strstrt(s, \"c\") : -1").output == "3\n")
    #expect(
      session.run("print exists(\"s\"), exists(\"n\"), !exists(\"nosuch\")").output == "1 1 1\n")
    // A caret after an island still points into the line as typed.
    #expect(session.run("print (s eq \"abc\") + nosuch").error?.message.contains("nosuch") == true)
  }

  @Test func aBackslashEscapesAQuoteInDoubleQuotes() {
    var session = Self.session()
    #expect(session.run(#"print "say \"hi\"", 'a\b'"#).output == #"say "hi" a\b"# + "\n")
  }

  @Test func callParametersAndGnuplot4DollarForms() {
    var session = Self.session()
    session.strings["ARG1"] = "outer"
    session.enterScript(ScriptCall(path: "f.gp", parameters: ["7", "x y"], calls: true))
    #expect(
      session.run("print ARGC, ARG0, ARG1 * 2, ARG2, ARG3 eq \"\"").output == "2 f.gp 14 x y 1\n")
    // $0 and $1 are the parameters; $2 (beyond them) is left, $# their count, $$ a $.
    #expect(session.run("print \"$0|$1|$#|$$|$2\"").output == "7|x y|2|$|$2\n")
    session.leaveScript()
    #expect(session.strings["ARG1"] == "outer")
    #expect(session.brain.variables["ARGC"] == nil)
    #expect(session.brain.variables["ARG1"] == nil)
  }

  @Test func loadAndCallCheckTheirFile() throws {
    var session = Self.session()
    let error = try #require(session.run("load \"/nonexistent/x.gp\"").error)
    #expect(error.message == "cannot read /nonexistent/x.gp: No such file or directory")
    #expect(error.location == 5..<24)
    #expect(session.run("load").error?.message.hasPrefix("usage: load") == true)
    #expect(session.run("call \"a\" 1 2 3 4 5 6 7 8 9 10").error != nil)
    // Only the last command of a line may load a file.
    #expect(session.run("load \"x\"; print 1").error?.message.contains("load") == true)
  }

  @Test func statsNameAndNooutput() throws {
    var session = Self.session()
    let file = gnuplotScripts + "/silver.dat"
    let quiet = session.run("stats \"\(file)\" using 1:2 name \"S\" nooutput")
    #expect(quiet.error == nil)
    #expect(quiet.output == "")
    let slope = try #require(session.brain.variables["S_slope"])
    #expect(abs(slope - -0.188370040281153) < 1e-12)  // gnuplot's A_slope
    #expect(session.brain.variables["S_records"] == 58)
    // The summary of an expression's values, as graphcalc prints a column's.
    let shown = session.run("stats \"\(file)\" using ($2*2)")
    #expect(shown.output.hasPrefix("($2*2): 58 values, 0 missing\n  min      8\n"))
    #expect(session.brain.variables["STATS_max"] == 560)
    #expect(session.run("stats \"\(file)\" name 3").error?.message.contains("name") == true)
    #expect(session.run("stats \"\(file)\" using 1:2:3").error != nil)
  }

  @Test func panPastTheDoublesNamesTheLimit() throws {
    var session = Self.session()
    #expect(session.run("xrange -1e308 1.7e308").error == nil)
    let error = try #require(session.run("pan -1e308").error)
    #expect(
      error.message
        == "pan would move the x range below -1.7976931348623157e308, the most negative number: "
        + "the view stays where it is")
    #expect(!error.message.contains("inf"))
    #expect(session.view.xRange == -1e308...1.7e308)
  }
}
