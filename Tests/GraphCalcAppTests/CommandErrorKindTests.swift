import GraphCalcApp
import Testing

/// The command layer's errors are data: each case names the problem and carries the words
/// and values it is about, and the error carries the columns of the line.
@Suite struct CommandErrorsAreData {
  struct Case: Sendable, CustomStringConvertible {
    var line: String
    var problem: CommandProblem
    var columns: Range<Int>?
    var description: String { line }
  }

  static let cases: [Case] = [
    Case(line: "plot \"a.csv", problem: .unclosedQuote("\""), columns: 5..<6),
    Case(
      line: "set qwerty y",
      problem: .unknownName(
        .setting(known: SettingTable.standard.entries.map(\.name)),
        "qwerty", suggestion: nil
      ),
      columns: 4..<10),
    Case(
      line: "set canvs braille",
      problem: .unknownName(
        .setting(known: SettingTable.standard.entries.map(\.name)), "canvs",
        suggestion: "canvas"),
      columns: 4..<9),
    Case(
      line: "set canvas dots", problem: .unknownName(.canvas, "dots", suggestion: nil),
      columns: 11..<15),
    Case(
      line: "set bar style roundd",
      problem: .unknownName(.barStyle, "roundd", suggestion: "rounded"), columns: 14..<20),
    Case(line: "zoom 0", problem: .zoomFactor(0), columns: nil),
    Case(line: "undo", problem: .nothingToUndo, columns: nil),
    Case(line: "explore", problem: .nothingPlotted(action: "explore"), columns: nil),
    Case(line: "redraw 3", problem: .takesNoArguments(command: "redraw"), columns: 7..<8),
    Case(line: "plot", problem: .plotWhat, columns: nil),
    Case(line: "bar 1 \"x\"", problem: .bar(.valueNotANumber), columns: 6..<9),
    Case(
      line: "bar 1 labels \"a\" \"b\"", problem: .bar(.labelCount(values: 1, labels: 2)),
      columns: 17..<20),
    Case(line: "bar 1 inf", problem: .bar(.valueNotFinite(.infinity)), columns: 6..<9),
    Case(
      line: "xrange 3 1", problem: .range(axis: "x", lower: 3, upper: 1, .reversed),
      columns: nil),
    Case(
      line: "plot \"a.csv\" wiht lines",
      problem: .unexpectedAfterFile(
        "wiht", suggestion: "with",
        keywords: [
          "using", "with", "title", "notitle", "every", "index", "skip", "smooth", "by", "axes",
          "lw", "lc", "pt", "ps", "dt", "fs",
        ]),
      columns: 13..<17),
    Case(line: "plot \"\"", problem: .noPreviousFile, columns: 5..<7),
  ]

  @Test(arguments: cases)
  func aLineFailsWithItsProblemAtItsColumns(_ c: Case) {
    var session = Session()
    let error = session.run(c.line).error
    #expect(error?.problem == c.problem)
    #expect(error?.location == c.columns)
  }

  /// The message is made from the data in one place; a few forms, where the words are the
  /// point.
  @Test func messagesAreMadeFromTheData() {
    #expect(
      CommandProblem.unknownName(.setting(known: ["canvas"]), "logscal", suggestion: nil).message
        == "unknown setting 'logscal'; settings are canvas")
    #expect(
      CommandProblem.unknownCommand("plto", suggestion: "plot").message
        == "unknown command 'plto' (did you mean 'plot'?)")
    #expect(
      CommandProblem.range(axis: "y", lower: 1, upper: 1, .empty).message
        == "y range [1, 1] is empty: the bounds must differ")
    #expect(
      CommandProblem.usage("zoom FACTOR", separatedArguments: true).message
        == "usage: zoom FACTOR (arguments are separated by spaces; group one with brackets)")
    #expect(
      CommandProblem.cannotWrite(path: "", reason: "no file name given").message
        == "cannot write '': no file name given")
  }
}
