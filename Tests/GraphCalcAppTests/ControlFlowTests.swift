import GraphCalcApp
import Testing

/// gnuplot's blocks (Session+Blocks.swift, Session+ControlFlow.swift, Session+Macros.swift):
/// data blocks, `if`/`do for`/`while`, `break`/`continue`, macros, plot iterations. The
/// printed values are gnuplot 5.4's for the same lines (run by hand: `gnuplot -e '...'`).
@Suite struct ControlFlowTests {
  static func session() -> Session { Session(terminalSize: TerminalSize(columns: 80, rows: 24)) }

  /// Runs `lines` in turn; the output joined, and the errors' messages.
  static func run(_ lines: [String], in session: inout Session) -> (String, [CommandError]) {
    var output = ""
    var errors: [CommandError] = []
    for line in lines {
      let reply = session.run(line)
      output += reply.output
      if let error = reply.error { errors.append(error) }
    }
    return (output, errors)
  }

  @Test func loopsAndBranchesPrintWhatGnuplotPrints() {
    var session = Self.session()
    let (out, errors) = Self.run(
      [
        "do for [i=1:3:1] {", "  if (i == 2) {", "    print \"two\"", "  } else if (i == 3) {",
        "    print \"three\"", "  } else {", "    print i", "  }", "}",
        "i=0; while (i<3) { i=i+1; if (i==2) {continue}; print i }",
        "do for [i=1:2] { do for [k=1:2] { if (k==2) { break }; print i, k } }",
        "do for [s in \"a b c\"] { print s }",
        "do for [i=3:1:-1] { print i }",
        "do for [i=3:1] { print i }",
      ], in: &session)
    #expect(errors.isEmpty, "\(errors.map(\.message))")
    #expect(out == "1\ntwo\nthree\n1\n3\n1 1\n2 1\na\nb\nc\n3\n2\n1\n")
  }

  @Test func theLoopVariableHasItsValueBackAfterTheLoop() {
    var session = Self.session()
    _ = Self.run(["i = 7", "do for [i=1:3] { j = i }", "do for [w in \"x y\"] { }"], in: &session)
    #expect(session.brain.variables["i"] == 7)
    #expect(session.brain.variables["j"] == 3)
    #expect(session.brain.variables["w"] == nil)
    #expect(session.strings["w"] == nil)
  }

  @Test func gnuplot4sOneLineIfTakesTheRestOfTheLine() {
    var session = Self.session()
    let (out, errors) = Self.run(
      [
        "if (1) print \"a\"; print \"b\"", "if (0) print \"a\"; print \"b\"",
        "if (0) print \"a\"; else print \"c\"; print \"d\"",
      ], in: &session)
    #expect(errors.isEmpty)
    #expect(out == "a\nb\nc\nd\n")
  }

  @Test func anErrorStopsTheBlockAndNamesItsLine() throws {
    var session = Self.session()
    var reply = Reply()
    for line in ["do for [i=1:3] {", "  print i", "  print nosuch + 1", "  print 99", "}"] {
      reply = session.run(line)
    }
    #expect(reply.output == "1\n")
    let error = try #require(reply.error)
    #expect(reply.errorLine == "  print nosuch + 1")
    #expect(reply.errorLinesBack == 2)
    #expect(error.location?.lowerBound == 8)
  }

  @Test func aBraceNeverClosedNamesTheLineThatOpenedIt() throws {
    var session = Self.session()
    for line in ["a = 1", "while (a < 3) {", "  a = a + 1"] {
      #expect(session.run(line).error == nil)
    }
    #expect(session.awaitsBlockLines)
    let reply = session.endOpenBlock()
    let error = try #require(reply.error)
    #expect(reply.errorLine == "while (a < 3) {")
    #expect(reply.errorLinesBack == 1)
    #expect(error.location == 0..<5)
    #expect(
      error.message.hasPrefix("the { opened here is never closed: the input ended 1 line later"))
    #expect(session.brain.variables["a"] == 1)  // nothing ran
    #expect(!session.awaitsBlockLines)
  }

  @Test func aDataBlockNeverEndedNamesItsLine() throws {
    var session = Self.session()
    for line in ["$D << EOD", "1 2", "3 4"] { #expect(session.run(line).error == nil) }
    #expect(session.readsDataBlock)
    let reply = session.endOpenBlock()
    let error = try #require(reply.error)
    #expect(reply.errorLine == "$D << EOD")
    #expect(reply.errorLinesBack == 2)
    #expect(error.location == 0..<2)
    #expect(error.message.hasPrefix("data block $D never reached its end line EOD"))
    #expect(session.run("print $D").error?.message.hasPrefix("no data block $D") == true)
  }

  @Test func syntaxErrorsHaveTheirCaret() throws {
    var session = Self.session()
    let unclosed = try #require(session.run("if (1 { print 1 }").error)
    #expect(unclosed.location == 3..<4)
    let step = try #require(session.run("do for [i=1:3:0.5] { print i }").error)
    #expect(step.location == 14..<17)
    let outside = try #require(session.run("break").error)
    #expect(outside.location == 0..<5)
    let stray = try #require(session.run("do for [i=1:2] { print i } }").error)
    #expect(stray.location == 27..<28)
  }

  @Test func dataBlocksAreReadAsFiles() throws {
    var session = Self.session()
    let (out, errors) = Self.run(
      [
        "$D << EOD", "1 2", "2 4", "3 9", "EOD", "print $D", "show datablocks",
        "plot $D using 1:($2*10) with points", "stats $D using 2 nooutput",
      ], in: &session)
    #expect(errors.isEmpty, "\(errors.map(\.message))")
    #expect(out.hasPrefix("1 2\n2 4\n3 9\n\n$D: 3 lines\n"))
    #expect(session.brain.variables["STATS_sum"] == 15)
    #expect(session.run("undefine $D").error == nil)
    #expect(session.run("show datablocks").output == "no data blocks\n")
    let gone = try #require(session.run("plot $D using 1:2").error)
    #expect(gone.message.hasPrefix("$D: no data block of this name"))
    #expect(gone.location?.lowerBound == 5)
  }

  @Test func macrosAndPlotIterations() throws {
    var session = Self.session()
    let (out, errors) = Self.run(
      ["cmd = \"print 1+1\"", "@cmd", "n = \"3\"", "print @n * 2"], in: &session)
    #expect(errors.isEmpty, "\(errors.map(\.message))")
    #expect(out == "2\n6\n")
    let unknown = try #require(session.run("print @nosuch").error)
    #expect(unknown.location == 6..<13)
    #expect(
      try session.expandingPlotIterations(
        in: "plot for [i=2:3] \"f\" using 1:i title sprintf(\"c %d\", i), sin(x)")
        == "plot \"f\" using 1:2 title \"c 2\", \"f\" using 1:3 title \"c 3\", sin(x)"
    )
    #expect(
      try session.expandingPlotIterations(in: "plot for [s in \"$A $B\"] s using 1:2")
        == "plot \"$A\" using 1:2, \"$B\" using 1:2")
  }

  @Test func ctrlCStopsALoop() throws {
    var session = Self.session()
    session.setInterruptCheck { true }
    let error = try #require(session.run("while (1) { a = 1 }").error)
    #expect(error.message.hasPrefix("interrupted"))
  }

  @Test func arraysAreRefusedByName() throws {
    var session = Self.session()
    let error = try #require(session.run("array A[3]").error)
    #expect(error.message.hasPrefix("gnuplot's arrays (array NAME[N]) is not supported"))
    let element = try #require(session.run("A[2] = 3").error)
    #expect(element.message.hasPrefix("gnuplot's arrays (A[...]) is not supported"))
    #expect(element.location == 0..<1)
    let function = try #require(session.run("f(s) = s . \"x\"").error)
    #expect(function.message.hasPrefix("string-valued functions (f(...) = a string)"))
    #expect(function.location == 0..<1)
  }
}
