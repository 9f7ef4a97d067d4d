import Testing

@testable import GraphCalcApp

/// Text from outside (titles, column names, typed input) is made safe for a terminal by one
/// rule (`TerminalText`): every copy used to differ on tabs and on characters of several
/// scalars; now a tab is a space and a character holding a control is one U+FFFD.
@Suite struct TerminalTextTests {
  @Test func noteTitlesShowControlsAsReplacementCharacters() {
    #expect(PlotOutput.noteTitle("a\tb") == "a b")
    #expect(PlotOutput.noteTitle("x\u{1B}[31m") == "x\u{FFFD}[31m")
    #expect(PlotOutput.noteTitle("line\r\nnext") == "line\u{FFFD}next")
    #expect(PlotOutput.noteTitle("\u{202E}cba\u{2066}") == "\u{FFFD}cba\u{FFFD}")
    #expect(PlotOutput.noteTitle("é ✓ π") == "é ✓ π")
  }

  @Test func longNoteTitlesAreCut() {
    let long = String(repeating: "a", count: 70)
    #expect(PlotOutput.noteTitle(long) == String(repeating: "a", count: 59) + "…")
  }
}
