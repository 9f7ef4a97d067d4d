import Foundation
import GraphCalcApp
import TestSupport
import Testing

/// What gnuplot's demo scripts need beyond plotting (tracker issue 16): line continuation,
/// `pause`, `print` and strings, `""` for the previous file, strings glued to words.
@Suite struct DemoScriptTests {
  static func session() -> Session { Session(terminalSize: TerminalSize(columns: 80, rows: 24)) }

  // MARK: Line continuation

  /// The physical line and column of column `c` of `line`, as an array.
  static func physical(_ line: ContinuedLine, _ c: Int) -> [Int] {
    let (k, column) = line.physical(c)
    return [k, column]
  }

  @Test func aBackslashAtTheEndJoinsTheNextLineInItsPlace() {
    var line = ContinuedLine()
    let first = line.append("plot sin(x), \\")
    #expect(first)
    #expect(line.isContinued)
    let second = line.append(" cos(x)")
    #expect(!second)
    #expect(line.text == "plot sin(x),  cos(x)")
    #expect(line.lines == ["plot sin(x), \\", " cos(x)"])
  }

  @Test func onlyTheLastCharacterContinues() {
    #expect(ContinuedLine.continues("plot x \\"))
    #expect(!ContinuedLine.continues("plot x \\ "))  // a blank after it: gnuplot's rule
    #expect(!ContinuedLine.continues("plot \"a\\b\" x"))
    #expect(!ContinuedLine.continues(""))
  }

  @Test func columnsOfTheJoinedLineMapToThePhysicalLines() {
    var line = ContinuedLine()
    line.append("ab\\")  // "ab" at 0..<2
    line.append("cde\\")  // "cde" at 2..<5
    line.append("f")  // "f" at 5
    #expect(line.text == "abcdef")
    #expect(Self.physical(line, 0) == [0, 0])
    #expect(Self.physical(line, 1) == [0, 1])
    #expect(Self.physical(line, 2) == [1, 0])
    #expect(Self.physical(line, 4) == [1, 2])
    #expect(Self.physical(line, 5) == [2, 0])
    #expect(Self.physical(line, 9) == [2, 4])
  }

  @Test func anErrorIsLocatedInThePhysicalLineOfItsFirstColumn() throws {
    var line = ContinuedLine()
    line.append("plot sin(x), \\")
    line.append("  nosuch(x) title \"n\"")
    var session = Self.session()
    let error = try #require(session.run(line.text).error)
    let (k, moved) = line.locate(error)
    #expect(k == 1)
    #expect(moved.location == 2..<8)
    #expect(moved.rendered(input: line.lines[k]).contains("at column 3\n    nosuch(x)"))
    // An error across the join is cut at the end of its first line.
    var across = ContinuedLine()
    across.append("ab\\")
    across.append("cd")
    var wide = error
    wide.location = 1..<4
    #expect(across.locate(wide).error.location == 1..<2)
  }

  @Test func aMinusEArgumentJoinsOnlyABackslashBeforeANewline() {
    let line = ContinuedLine(argument: "plot sin(x), \\\n  cos(x)")
    #expect(line.text == "plot sin(x),   cos(x)")
    #expect(line.lines.count == 2)
    let plain = ContinuedLine(argument: "print \"a\\tb\"")
    #expect(plain.text == "print \"a\\tb\"")
    #expect(plain.lines.count == 1)
  }

  // MARK: pause

  @Test(arguments: [
    ("pause -1", PauseRequest(wait: .untilReturn, text: "")),
    (
      "pause -1 \"Hit return to continue\"",
      PauseRequest(wait: .untilReturn, text: "Hit return to continue")
    ),
    ("pause 2.5 'two and a half'", PauseRequest(wait: .seconds(2.5), text: "two and a half")),
    ("pause 0 \"now\"", PauseRequest(wait: .none, text: "now")),
    ("pause 1+1", PauseRequest(wait: .seconds(2), text: "")),
    ("pause mouse", PauseRequest(wait: .untilReturn, text: "")),
    ("pause mouse keypress,button1 \"click\"", PauseRequest(wait: .untilReturn, text: "click")),
  ])
  func pauseAsksTheExecutableToWait(line: String, expected: PauseRequest) {
    var session = Self.session()
    let reply = session.run(line)
    #expect(reply.error == nil, "\(reply.error?.message ?? "")")
    #expect(reply.pause == expected)
    #expect(reply.output.isEmpty)
  }

  @Test(arguments: ["pause", "pause \"text\"", "pause 1 2", "pause nosuch"])
  func pauseWithoutATimeIsAnError(line: String) {
    var session = Self.session()
    let reply = session.run(line)
    #expect(reply.error != nil)
    #expect(reply.pause == nil)
  }

  // MARK: print and strings

  @Test(arguments: [
    ("print \"a = \", 3", "a =  3"),  // gnuplot: items joined by a space
    ("print 1, 2", "1 2"),
    ("print ''", ""),
    ("print", ""),
    ("print \"x\" . \"y\"", "xy"),
    ("print \"x\".'y'", "xy"),
    ("print sprintf(\"%g and %5.2f\", 1.5, pi)", "1.5 and  3.14"),
    ("print sprintf(\"%d|%i|%x|%o|%e\", 7.9, -2, 255, 8, 12345)", "7|-2|ff|10|1.234500e+04"),
    ("print sprintf(\"%s=%g%%\", \"rate\", 1/8)", "rate=0.125%"),
    ("print sprintf(\"[%-4s]\", 'ab')", "[ab  ]"),
    ("print strlen(\"abc\"), substr(\"hello\", 2, 3)", "3 el"),
    ("print substr(\"hello\", 4, 99)", "lo"),
    ("print \"tab\\there\"", "tab\there"),
    ("print 'no\\tescape'", "no\\tescape"),
    ("print 2^10, 1/3", "1024 0.333333333333333"),
  ])
  func printWritesItsItemsAsGnuplotDoes(line: String, expected: String) {
    var session = Self.session()
    let reply = session.run(line)
    #expect(reply.error == nil, "\(reply.error?.message ?? "")")
    #expect(reply.output == expected + "\n")
  }

  @Test func stringVariablesAreKeptBesideNumbers() {
    var session = Self.session()
    #expect(session.run("a = 2.5").error == nil)
    #expect(session.run("msg = sprintf(\"a is %g\", a)").error == nil)
    #expect(session.run("print msg . \"!\", a").output == "a is 2.5! 2.5\n")
    #expect(session.run("greeting = 'hi'").error == nil)
    #expect(session.run("both = greeting . ' ' . msg").error == nil)
    #expect(session.run("print both").output == "hi a is 2.5\n")
    #expect(session.strings["both"] == "hi a is 2.5")
    // A number assigned later replaces the string, and the other way round.
    #expect(session.run("msg = 3").error == nil)
    #expect(session.run("print msg + 1").output == "4\n")
    #expect(session.strings["msg"] == nil)
    #expect(session.run("a = \"text\"").error == nil)
    #expect(session.brain.variables["a"] == nil)
    #expect(session.run("print a").output == "text\n")
    // Numbers stay the calculator's: a plain line computes as before.
    #expect(session.run("2 + 3").output == "5\n")
  }

  @Test(arguments: [
    ("print \"a\" \"b\"", 10),
    ("print \"a\" . ", 11),
    ("print nosuch", 6),
    ("print sprintf(\"%q\", 1)", 14),
    ("sin = \"x\"", 0),
  ])
  func badStringExpressionsAreLocatedErrors(line: String, column: Int) throws {
    var session = Self.session()
    let error = try #require(session.run(line).error)
    #expect(error.location?.lowerBound == column, "\(error.message)")
  }

  // MARK: "" and strings glued to words

  static let steps = """
    1 1
    2 3
    3 2

    """

  @Test func anEmptyFileNameIsThePreviousFile() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/s.dat"
    try Self.steps.write(toFile: path, atomically: true, encoding: .utf8)
    var session = Self.session()
    let reply = session.run(
      "plot '\(path)' title 'steps' with steps, '' using 1:($2*2) title 'double' with points")
    #expect(reply.error == nil, "\(reply.error?.message ?? "")")
    let curves = try #require(session.curves)
    #expect(curves.items.count == 2)
    // `""` in the next command is the last file plotted (gnuplot keeps it).
    let again = session.run("plot \"\" using 1:2 title 'again'")
    #expect(again.error == nil, "\(again.error?.message ?? "")")
    #expect(again.output.contains("again"))
  }

  @Test func anEmptyFileNameWithNoFileBeforeIsAnError() throws {
    var session = Self.session()
    let error = try #require(session.run("plot '' using 1:2").error)
    #expect(error.location == 5..<7)
    #expect(error.message.contains("previous data file"))
  }

  @Test func aStringEndsItsWordBeforeAName() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/s.dat"
    try Self.steps.write(toFile: path, atomically: true, encoding: .utf8)
    var session = Self.session()
    // simple.dem: `'1.dat'with impulses ,'2.dat'`.
    let reply = session.run("plot [0:4] '\(path)'with impulses ,'\(path)'title 'b'")
    #expect(reply.error == nil, "\(reply.error?.message ?? "")")
    #expect(session.curves?.items.count == 2)
    #expect(reply.output.contains(" b "))
  }
}
