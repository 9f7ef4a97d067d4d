import CalculatorBrain
import Testing

/// Findings of the robustness work (issue 9), one test each.
@Suite struct RegressionTests {
  /// Each line used to build a set of every variable (and to copy them all when assigning
  /// while the parser still held them), so a script of many assignments took quadratic time:
  /// 10 000 assignments took a minute. Now it is linear; this runs 200 000 of them.
  @Test func manyVariablesStayUsable() throws {
    var brain = CalculatorBrain()
    for i in 0..<200_000 { _ = try brain.execute("v\(i) = \(i)") }
    #expect(try brain.execute("v199999 + v1") == .value(200_000))
    #expect(brain.variables.count == 200_001)  // and ans
  }

  /// Known values still decide implicit multiplication: a variable before `(` multiplies, a
  /// function of the same name (defined later) calls, and a parameter shadows a function.
  @Test func knownValuesAfterTheRewrite() throws {
    var brain = CalculatorBrain()
    _ = try brain.execute("a = 3")
    #expect(try brain.execute("a(2)") == .value(6))
    _ = try brain.execute("a(t) = t + 1")
    #expect(try brain.execute("a(2)") == .value(3))
    _ = try brain.execute("g(a) = a(2)")
    #expect(try brain.execute("g(5)") == .value(10))
    _ = try brain.execute("x = 4")
    #expect(try brain.execute("x(2)") == .value(8))
  }
}

/// Error text is safe to print and short, whatever the line.
@Suite struct ErrorRenderingRegressionTests {
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
