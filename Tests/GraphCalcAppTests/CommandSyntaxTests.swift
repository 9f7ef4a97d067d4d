import GraphCalcApp
import Testing

/// The arguments of a command whose text `text` starts at column `offset` of its line (the
/// columns before it blank), as the command lexer hands them to a command.
func arguments(_ text: String, at offset: Int = 0) throws -> CommandArguments {
  let line = try CommandLexer.lex(String(repeating: " ", count: offset) + text)
  return CommandArguments(line: line, range: 0..<line.tokens.count, start: offset)
}

@Suite struct CommandSyntaxTests {
  @Test func argumentsSplitAtSpacesOutsideBrackets() throws {
    let words = try arguments(" -2pi   max(x, 1) (1 + 2)", at: 7).words.map(\.word)
    #expect(words.map(\.text) == ["-2pi", "max(x, 1)", "(1 + 2)"])
    #expect(words.map(\.offset) == [8, 15, 25])
  }

  @Test func doubleQuotesGroupAWord() throws {
    let words = try arguments("svg \"my plot.svg\" 800").words.map(\.word)
    #expect(words.map(\.text) == ["svg", "my plot.svg", "800"])
    #expect(words[1].offset == 4)
  }

  @Test func commasSplitOnlyAtTheTopLevel() throws {
    let parts = try arguments("sin(x), max(x, 1) ,x", at: 5).items.map(\.text)
    #expect(parts.map(\.text) == ["sin(x)", "max(x, 1)", "x"])
    #expect(parts.map(\.offset) == [5, 13, 24])
    #expect(try arguments("  ").items.isEmpty)
    #expect(try arguments("a,,b").items.map(\.text.text) == ["a", "", "b"])
  }

  @Test func unbalancedClosingBracketsDoNotGoBelowTheTopLevel() throws {
    #expect(try arguments("a) b").words.map(\.text) == ["a)", "b"])
  }

  @Test func trimmingMovesTheOffset() {
    let word = Word("  abc  ", at: 3).trimmed()
    #expect(word == Word("abc", at: 5))
    #expect(word.span == 5..<8)
  }

  @Test func plotRangesAreReadOffTheFront() throws {
    let ranges = try PlotRanges.read(arguments(" [-5*pi:5*pi] [ : 2] tan(x)", at: 4))
    #expect(ranges.x?.lower == Word("-5*pi", at: 6))
    #expect(ranges.x?.upper == Word("5*pi", at: 12))
    #expect(ranges.y?.lower == nil)
    #expect(ranges.y?.upper == Word("2", at: 22))
    #expect(ranges.rest.text == Word("tan(x)", at: 25))

    let none = try PlotRanges.read(arguments("sin(x)"))
    #expect(none.x == nil && none.y == nil && none.rest.text.text == "sin(x)")
    let empty = try PlotRanges.read(arguments("[] x"))
    #expect(empty.x != nil && empty.x?.lower == nil && empty.x?.upper == nil)
    let nested = try PlotRanges.read(arguments("[min(0,1):max(2,3)] x"))
    #expect(nested.x?.lower?.text == "min(0,1)" && nested.x?.upper?.text == "max(2,3)")
  }

  @Test func badPlotRangesAreErrors() {
    #expect(throws: CommandError(.unclosedBracket, at: 1..<2)) {
      try PlotRanges.read(arguments(" [0:1 x"))
    }
    #expect(throws: CommandError(.tooManyRanges, at: 12..<17)) {
      try PlotRanges.read(arguments("[0:1] [0:1] [0:1] x"))
    }
  }
}

/// gnuplot's `;` between commands on one line (tracker issue 16): outside strings and
/// comments only, errors located in the whole line, stopping at the first.
@Suite struct SemicolonTests {
  @Test func commandsSeparatedBySemicolonsRunInOrder() throws {
    var session = Session(terminalSize: TerminalSize(columns: 80, rows: 24))
    #expect(session.run("a = 2; b = a*3; b") == Reply(output: "6\n"))
    #expect(session.run("f(x) = x^3; f'(2); f''(2)") == Reply(output: "12\n12\n"))
    // A quoted ";" is text: the separator is set, and the next command runs.
    #expect(session.run("set datafile separator \";\"; show datafile").error == nil)
    // In a comment, ";" is comment text.
    #expect(session.run("1+1 # then; 2+2") == Reply(output: "2\n"))
    // Empty commands are nothing.
    #expect(session.run("1+1;; ;") == Reply(output: "2\n"))
  }

  @Test func theFirstErrorStopsTheLineAndIsLocatedInIt() throws {
    var session = Session()
    let line = "c = 1; d = c +* 2; c = 5"
    let reply = session.run(line)
    let error = try #require(reply.error)
    #expect(error.location.map { String(Array(line)[$0]) } == "*")
    #expect(session.run("c") == Reply(output: "1\n"))  // c = 5 did not run
    let plot = "plot sin(x); plot sin(q)"
    let unknown = try #require(session.run(plot).error)
    #expect(unknown.location.map { String(Array(plot)[$0]) } == "q")
  }

  @Test func exploreStreamAndQuitEndTheLine() throws {
    var session = Session()
    for line in ["explore; 1+1", "quit; 2+2", "stream cmd \"seq 3\"; 1"] {
      let reply = session.run(line)
      let error = try #require(reply.error, "\(line)")
      #expect(error.message.contains("must be the last command of its line"), "\(line)")
      #expect(!reply.quits && !reply.startsExplore && reply.stream == nil)
    }
    #expect(session.run("1+1; quit").quits)
  }
}
