import CStartup
import Testing

/// The arguments as graphcalc sees them. The release build reads them from CStartup's
/// constructor (glibc's `argc`/`argv`), not from the Swift runtime's search of
/// /proc/self/maps (Docs/design.md, "Start-up without the runtime's constructors").
@Suite struct ArgumentsTests {
  /// What the constructor recorded in this test process is what the runtime found by its
  /// own means (the shared runtime of a test build keeps its search): the two agree.
  @Test func theRecordedArgumentsAreTheRuntimes() throws {
    var count: Int32 = 0
    let argv = try #require(graphcalc_arguments(&count))
    #expect(count == CommandLine.argc)
    let recorded = (0..<Int(count)).map { i in argv[i].map { String(cString: $0) } ?? "<nil>" }
    #expect(recorded == CommandLine.arguments)
    #expect(argv[Int(count)] == nil)
  }

  /// Arguments with spaces, quotes and letters beyond ASCII arrive whole, as typed, and
  /// carets count their characters.
  @Test func unicodeArgumentsArriveWhole() throws {
    let result = try Graphcalc.run([
      "-e", "α = 3", "-e", "α * 2", "-e", "set title \"Grüße, π  ∞\"", "-e", "show title",
      "--eval=√16 + 1", "-e", "",
    ])
    #expect(result.stdout == "6\ntitle \"Grüße, π  ∞\"\n5\n")
    #expect(result.stderr == "")
    #expect(result.status == 0)
    let caret = try Graphcalc.run(["-e", "pl€t"])
    #expect(caret.stderr == "-e 1: error: unexpected character '€' at column 3\n  pl€t\n    ^\n")
    #expect(caret.status == 1)
  }
}
