import Foundation
import TestSupport
import Testing

/// `graphcalc stream` with its output piped (as in these tests): no animation, the final
/// frame printed once, plain text.
private let plain = ["LANG": "C", "LC_ALL": "C", "COLUMNS": "80", "LINES": "24", "NO_COLOR": "1"]

@Suite struct StreamTests {
  @Test func aLongStreamEndsWithItsFinalFrame() throws {
    let numbers = (1...1000).map(String.init).joined(separator: "\n") + "\n"
    let result = try Graphcalc.run(
      ["stream", "--window", "200"], input: numbers, environment: plain)
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(!result.stdout.contains("\u{1B}"))  // not a terminal: no escape codes
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.count == 23)
    #expect(lines.last == "1000 samples, input ended")
    #expect(lines.contains { $0.hasPrefix("-- 1  last 1000  min 801  max 1000  mean 900.5") })
    #expect(lines.contains { $0.contains("800") && $0.contains("900") })  // x labels: the last 200
  }

  @Test func junkIsSkippedAndEachColumnIsASeries() throws {
    let result = try Graphcalc.run(["stream"], input: "1 2\nfoo\n3 nan\n-4 5\n", environment: plain)
    #expect(result.status == 0)
    #expect(
      result.stdout.contains(
        "-- 1  last -4  min -4  max 3  mean 0   ** 2  last 5  min 2  max 5  mean 3.5\n"))
    #expect(result.stdout.hasSuffix("3 samples, 1 line skipped (last: foo), input ended\n"))
  }

  @Test func theLastFrameIsExportedAsSVG() throws {
    let temporary = try TemporaryFolder(prefix: "graphcalc-stream")
    defer { withExtendedLifetime(temporary) {} }
    let folder = temporary.url
    let path = folder.appendingPathComponent("last.svg").path
    let result = try Graphcalc.run(
      ["stream", "--export", "svg", path], input: "1\n4\n2\n-3\n", environment: plain)
    #expect(result.status == 0)
    #expect(result.stdout.hasSuffix("input ended\nwrote \(path) (800x600)\n"))
    let svg = try String(contentsOfFile: path, encoding: .utf8)
    #expect(svg.hasPrefix("<?xml"))
    #expect(svg.contains("1: last -3  min -3  max 4  mean 1"))
    // no temporary left
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["last.svg"])
  }

  @Test func aFileAndACommandAreReadToTheirEnd() throws {
    let temporary = try TemporaryFolder(prefix: "graphcalc-stream")
    defer { withExtendedLifetime(temporary) {} }
    let folder = temporary.url
    let data = folder.appendingPathComponent("data.txt").path
    try "10 20\n11 19\n12 18\n".write(toFile: data, atomically: true, encoding: .utf8)
    let file = try Graphcalc.run(["stream", data], environment: plain)
    #expect(file.status == 0)
    #expect(
      file.stdout.contains(
        "-- 1  last 12  min 10  max 12  mean 11   ** 2  last 18  min 18  max 20  mean 19"))
    let command = try Graphcalc.run(
      ["stream", "cmd", "seq 5; echo oops; seq 3"], environment: plain)
    #expect(command.status == 0)
    #expect(command.stdout.hasSuffix("8 samples, 1 line skipped (last: oops), input ended\n"))
    // At the prompt (here -e), with the file given as at a shell.
    let prompt = try Graphcalc.run(["-e", "stream < \(data)", "-e", "1+1"], environment: plain)
    #expect(prompt.status == 0)
    #expect(prompt.stdout.hasSuffix("3 samples, input ended\n2\n"))
  }

  @Test func aFailingCommandIsAnError() throws {
    let result = try Graphcalc.run(["stream", "cmd", "echo 1; exit 3"], environment: plain)
    #expect(result.status == 1)
    #expect(result.stdout.contains("1 sample, input ended"))
    #expect(result.stderr == "graphcalc stream: 'echo 1; exit 3' exited with status 3\n")
  }

  @Test(arguments: [
    (
      ["stream", "--widnow", "5"],
      "graphcalc stream: unknown option '--widnow'; did you mean '--window'?"
    ),
    (
      ["stream", "--window", "abc"],
      "graphcalc stream: --window needs a whole number of samples, not 'abc'"
    ),
    (
      ["stream", "--ymin", "2", "--ymax", "1"],
      "graphcalc stream: --ymin (2) must be less than --ymax (1)"
    ),
    (["stream", "cmd", "vmstat", "1"], "graphcalc stream: unexpected argument '1'"),
  ])
  func streamOptionMistakesAreUsageErrors(arguments: [String], message: String) throws {
    let result = try Graphcalc.run(arguments, input: "1\n", environment: plain)
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix(message))
    #expect(result.stderr.hasSuffix("Try 'graphcalc stream --help' for usage.\n"))
  }

  @Test func streamErrorsReadingOrWriting() throws {
    let missing = try Graphcalc.run(["stream", "/nonexistent/data.txt"], environment: plain)
    #expect(missing.status == 1)
    #expect(
      missing.stderr
        == "graphcalc stream: cannot open '/nonexistent/data.txt': No such file or directory\n")
    let export = try Graphcalc.run(
      ["stream", "--export", "svg", "/dev/null/x.svg"], input: "1\n", environment: plain)
    #expect(export.status == 1)
    #expect(export.stderr == "graphcalc stream: cannot write /dev/null/x.svg: Not a directory\n")
    // A script piped on standard input cannot stream standard input: it holds the script.
    let script = try Graphcalc.run([], input: "stream\n1+1\n", environment: plain)
    #expect(script.status == 1)
    #expect(script.stdout == "2\n")
    #expect(script.stderr.hasPrefix("stdin:1: error: stream needs numbers: give a FILE or cmd"))
    let help = try Graphcalc.run(["stream", "--help"], environment: plain)
    #expect(help.status == 0)
    #expect(help.stdout.hasPrefix("usage: graphcalc stream [OPTIONS] [FILE | cmd \"COMMAND\"]"))
  }
}

/// A fixture of the Streaming tests (`vmstat 1 5`, `ping -c 5`, logs).
private func logFixture(_ name: String) throws -> String {
  let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../StreamingTests/Fixtures/\(name)")
  return try String(contentsOf: url, encoding: .utf8)
}

@Suite struct StreamLogEndToEndTests {
  @Test func vmstatPipedWithChosenColumns() throws {
    let result = try Graphcalc.run(
      ["stream", "--columns", "us,sy,id"], input: try logFixture("vmstat-1-5.txt"),
      environment: plain)
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(
      Array(lines.suffix(4)) == [
        "-- us  last 54  min 54  max 90  mean 71.8",
        "** sy  last 4  min 3  max 10  mean 5.4",
        "## id  last 37  min 0  max 40  mean 19.8",
        "5 samples, 2 lines skipped (last: r  b   swpd   free   buff  ca...), input ended",
      ])
  }

  @Test func aColumnTheDataLackIsAUsageError() throws {
    let result = try Graphcalc.run(
      ["stream", "--columns", "free,usr"], input: try logFixture("vmstat-1-5.txt"),
      environment: plain)
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == "graphcalc stream: argument 2: --columns: no column 'usr' (the columns are r, b, swpd, free, "
        + "buff, cache, si, so, bi, bo, in, cs, us, sy, id, wa, st); did you mean 'us'?\n"
        + "Try 'graphcalc stream --help' for usage.\n")
    // At the prompt the caret is under the value.
    let data = try logFixture("vmstat-1-5.txt")
    let prompt = try Graphcalc.run(
      ["-e", "stream --columns free,usr"], input: data, environment: plain)
    #expect(
      prompt.stderr.hasSuffix(
        "at column 18\n  stream --columns free,usr\n                   ^^^^^^^^\n"))
    let syntax = try Graphcalc.run(["stream", "--columns", "0"], input: "1\n", environment: plain)
    #expect(syntax.status == 2)
    #expect(syntax.stderr.hasPrefix("graphcalc stream: --columns needs column numbers from 1"))
  }

  @Test func pingsTimeIsASeriesWithItsUnit() throws {
    let result = try Graphcalc.run(
      ["stream", "--columns", "time"], input: try logFixture("ping-c5-127.0.0.1.txt"),
      environment: plain)
    #expect(result.status == 0)
    #expect(result.stdout.contains("\n-- time (ms)  last 0.07  min 0.038  max 0.07  mean 0.0532\n"))
    #expect(result.stdout.contains("5 samples, 4 lines skipped"))
  }

  @Test func aTimestampedLogIsPlottedAgainstTime() throws {
    let result = try Graphcalc.run(
      ["stream", "--normalize"], input: try logFixture("app-log.txt"), environment: plain)
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    // The x labels are times of day; the legend keeps real values and says how it is drawn.
    let xLabels = try #require(lines.first { $0.contains("12:00:10") })
    #expect(xLabels.contains("12:00:05") && xLabels.contains("12:00:15"))
    #expect(lines.contains { $0.hasPrefix("-- load  last 0.35  min 0.33  max 0.61  mean 0.4433") })
    #expect(lines.contains { $0.contains("** mem (MB)  last 502  min 500  max 530  mean 514.5") })
    #expect(
      lines.last
        == "6 samples, normalized (min..max to 0..1), 1 line skipped, input ended")
  }
}
