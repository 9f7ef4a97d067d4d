import GraphCalcApp
import Testing

@Test func argumentsSplitAtSpacesOutsideBrackets() {
  let words = Word(" -2pi   max(x, 1) (1 + 2)", at: 7).arguments()
  #expect(words.map(\.text) == ["-2pi", "max(x, 1)", "(1 + 2)"])
  #expect(words.map(\.offset) == [8, 15, 25])
}

@Test func doubleQuotesGroupAWord() {
  let words = Word("svg \"my plot.svg\" 800").arguments()
  #expect(words.map(\.text) == ["svg", "my plot.svg", "800"])
  #expect(words[1].offset == 4)
}

@Test func commasSplitOnlyAtTheTopLevel() {
  let parts = Word("sin(x), max(x, 1) ,x", at: 5).commaSeparated()
  #expect(parts.map(\.text) == ["sin(x)", "max(x, 1)", "x"])
  #expect(parts.map(\.offset) == [5, 13, 24])
  #expect(Word("  ").commaSeparated().isEmpty)
  #expect(Word("a,,b").commaSeparated().map(\.text) == ["a", "", "b"])
}

@Test func unbalancedClosingBracketsDoNotGoBelowTheTopLevel() {
  #expect(Word("a) b").arguments().map(\.text) == ["a)", "b"])
}

@Test func trimmingMovesTheOffset() {
  let word = Word("  abc  ", at: 3).trimmed()
  #expect(word == Word("abc", at: 5))
  #expect(word.span == 5..<8)
}

@Test func plotRangesAreReadOffTheFront() throws {
  let ranges = try PlotRanges.read(Word(" [-5*pi:5*pi] [ : 2] tan(x)", at: 4))
  #expect(ranges.x?.lower == Word("-5*pi", at: 6))
  #expect(ranges.x?.upper == Word("5*pi", at: 12))
  #expect(ranges.y?.lower == nil)
  #expect(ranges.y?.upper == Word("2", at: 22))
  #expect(ranges.rest.trimmed() == Word("tan(x)", at: 25))

  let none = try PlotRanges.read(Word("sin(x)"))
  #expect(none.x == nil && none.y == nil && none.rest.text == "sin(x)")
  let empty = try PlotRanges.read(Word("[] x"))
  #expect(empty.x != nil && empty.x?.lower == nil && empty.x?.upper == nil)
  let nested = try PlotRanges.read(Word("[min(0,1):max(2,3)] x"))
  #expect(nested.x?.lower?.text == "min(0,1)" && nested.x?.upper?.text == "max(2,3)")
}

@Test func badPlotRangesAreErrors() {
  #expect(throws: CommandError("'[' without its ']'", at: 1..<2)) {
    try PlotRanges.read(Word(" [0:1 x"))
  }
  #expect(throws: CommandError.self) { try PlotRanges.read(Word("[0:1] [0:1] [0:1] x")) }
}
