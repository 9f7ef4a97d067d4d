import Foundation
import TestSupport
import Testing

/// Faults from outside the process (tracker issue 20): sizes from the environment, and file
/// names and commands from outside that reach the terminal.
@Suite struct RobustnessEndToEndTests {
  /// `COLUMNS` of 3.07e18 trapped on an integer overflow (SIGILL) and `LINES` of 2^63 - 1
  /// asked for 16 GB; every size from outside is clamped (2000 x 1000 cells at most).
  @Test(arguments: ["plot sin(x)", "bar 1 2 3", "plot sin(x), cos(x)", "set canvas block"])
  func hugeTerminalSizesFromTheEnvironmentAreClamped(command: String) throws {
    let result = try Graphcalc.run(
      ["-e", command, "-e", "plot x^2"],
      environment: [
        "COLUMNS": "3070000000000000000", "LINES": "9223372036854775807", "LANG": "C",
      ])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count <= 2 * 1000 + 2)
    #expect(lines.allSatisfy { $0.count <= 2000 })
    #expect(lines.contains { $0.count > 1000 })  // drawn at the clamped size, not at 80 columns
  }

  @Test func zeroAndNegativeSizesFallBackToTheDefault() throws {
    let result = try Graphcalc.run(
      ["-e", "plot sin(x)"], environment: ["COLUMNS": "-5", "LINES": "0", "LANG": "C"])
    #expect(result.status == 0)
    #expect(result.stdout.split(separator: "\n").count == 23)  // 24 rows, the last the prompt's
  }

  /// An escape sequence in a file name reached the terminal through `wrote FILE` and the
  /// shell-level messages; each goes through the one terminal-safety rule now.
  @Test func fileNamesShownAreSafeForTheTerminal() throws {
    let folder = try TemporaryFolder()
    let name = folder.path("x\u{1B}[2Jy.svg")
    let wrote = try Graphcalc.run(["-e", "plot sin(x)", "-e", "export svg \"\(name)\""])
    #expect(wrote.status == 0)
    #expect(wrote.stdout.hasSuffix("wrote \(folder.path("x\u{FFFD}[2Jy.svg")) (800x600)\n"))
    #expect(FileManager.default.fileExists(atPath: name))  // the file itself has its name
    let missing = try Graphcalc.run([folder.path("no\u{1B}]0;title\u{7}.gc")])
    #expect(missing.status == 1)
    #expect(!missing.stderr.contains("\u{1B}") && !missing.stderr.contains("\u{7}"))
    #expect(missing.stderr.contains("cannot read \(folder.path("no\u{FFFD}]0;title\u{FFFD}.gc"))"))
    let stream = try Graphcalc.run(["stream", folder.path("none\u{1B}[31m.csv")])
    #expect(stream.status != 0)
    #expect(!stream.stderr.contains("\u{1B}"), "\(stream.stderr)")
  }
}
