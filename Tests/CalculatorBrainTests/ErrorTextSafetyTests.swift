import CalculatorBrain
import Testing

/// Error text is safe to print and short, whatever the line.
@Suite struct ErrorTextSafetyTests {
  /// A line with escape sequences was echoed raw under an error, so a script could clear
  /// the screen or set the window title on standard error.
  @Test func controlCharactersAreNotEchoed() throws {
    var brain = CalculatorBrain()
    let line = "\u{1B}]0;title\u{07}\u{1B}[2J"
    let error = try #require(throws: CalcError.self) { try brain.execute(line) }
    let text = error.rendered(input: line)
    #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    #expect(
      text.hasPrefix(
        "error: unexpected character '\u{FFFD}' at column 1\n  \u{FFFD}]0;title\u{FFFD}"))
  }

  /// A line of megabytes was echoed whole (with a caret line as long), 9 MB of error text
  /// for a 3 MB line. Now 160 characters around the error are shown.
  @Test func longLinesAreCutAroundTheError() throws {
    var brain = CalculatorBrain()
    let line = String(repeating: "1+", count: 100_000) + "*"
    let error = try #require(throws: CalcError.self) { try brain.execute(line) }
    let lines = error.rendered(input: line).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 3)
    #expect(lines.allSatisfy { $0.count < 500 })
    let shown = try #require(lines.dropFirst().first)
    let caret = try #require(lines.last)
    #expect(shown.hasPrefix("  …") && shown.contains("1+1+"))
    // The caret is under the character the error names.
    let column = try #require(caret.firstIndex(of: "^"))
    let offset = caret.distance(from: caret.startIndex, to: column)
    #expect(Array(shown)[offset] == Array(line)[error.location!.lowerBound])
  }
}
