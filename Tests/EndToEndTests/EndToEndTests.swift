import Foundation
import TestSupport
import Testing

@Suite struct EndToEndTests {
  @Test func eCommandsRunInOrder() throws {
    let result = try Graphcalc.run([
      "-e", "2^3^2", "-e", "a = 3", "-e", "f(x) = x^2 - a", "-e", "f(4)", "-e", "rpn 3 4 + 5 *",
    ])
    #expect(result.stdout == "512\n13\n(3 + 4) * 5 = 35\n")
    #expect(result.stderr == "")
    #expect(result.status == 0)
  }

  @Test func theViewAfterZoomAndPan() throws {
    let result = try Graphcalc.run([
      "-e", "plot sin(x)*x", "-e", "zoom 2", "-e", "pan left", "-e", "view",
    ])
    #expect(result.status == 0)
    let last = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
    #expect(last.hasPrefix("x [-7.5, 2.5]  y ["))
  }

  @Test func aFailingECommandIsReportedWithItsNumberAndCaret() throws {
    let result = try Graphcalc.run(["-e", "1+1", "-e", "plot sin(x), 2 +* x", "-e", "2*3"])
    #expect(result.stdout == "2\n6\n")
    #expect(result.status == 1)
    #expect(
      result.stderr == """
        -e 2: error: unexpected '*'; expected an operand at column 17
          plot sin(x), 2 +* x
                          ^

        """)
  }

  @Test func aScriptWithAnErrorRunsEveryLineAndExits1() throws {
    let temporary = try TemporaryFolder(prefix: "graphcalc-e2e")
    defer { withExtendedLifetime(temporary) {} }
    let folder = temporary.url
    let script = folder.appendingPathComponent("run.gc").path
    try "# a script\n\na = 2\na * 21\nxrange 5 5\nsqrt(-a\na + 1  # three\n".write(
      toFile: script, atomically: true, encoding: .utf8)
    let result = try Graphcalc.run([script])
    #expect(result.stdout == "42\n3\n")
    #expect(result.status == 1)
    let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "\(script):5: error: x range [5, 5] is empty: the bounds must differ")
    #expect(lines.contains { $0.hasPrefix("\(script):6: error: ") })
    #expect(lines.contains("  sqrt(-a"))
    #expect(lines.contains { $0.hasPrefix("  ") && $0.hasSuffix("^") })
  }

  @Test func aScriptThatCannotBeReadIsAnError() throws {
    let result = try Graphcalc.run(["/nonexistent/script.gc"])
    #expect(result.status == 1)
    #expect(
      result.stderr == "graphcalc: cannot read /nonexistent/script.gc: No such file or directory\n")
    let folder = try Graphcalc.run(["/"])
    #expect(folder.status == 1)
    #expect(folder.stderr == "graphcalc: cannot read /: Is a directory\n")
  }

  @Test func commandsPipedOnStandardInput() throws {
    let result = try Graphcalc.run([], input: "2+2\nb = 5\nb^2\nquit\n99\n")
    #expect(result.stdout == "4\n25\n")  // no prompt, and nothing after quit
    #expect(result.status == 0)
    let failing = try Graphcalc.run([], input: "1/\n7\n")
    #expect(failing.stdout == "7\n")
    #expect(failing.stderr.hasPrefix("stdin:1: error: "))
    #expect(failing.status == 1)
  }

  @Test func pipedPlotsAreSizedByTheEnvironmentAndHaveNoEscapes() throws {
    let result = try Graphcalc.run(
      ["-e", "plot sin(x), cos(x)"], environment: ["COLUMNS": "60", "LINES": "20", "LC_ALL": "C"])
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.count == 19)
    #expect(lines.allSatisfy { $0.count <= 60 })
    #expect(!result.stdout.contains("\u{1B}"))
    #expect(
      result.stdout.unicodeScalars.allSatisfy { $0.value == 10 || (32..<127).contains($0.value) })

    let standard = try Graphcalc.run(["-e", "plot x"])
    #expect(
      standard.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().count
        == 23)
  }

  @Test func helpAndVersion() throws {
    let help = try Graphcalc.run(["--help"])
    #expect(help.status == 0)
    #expect(help.stdout.hasPrefix("usage: graphcalc [-e COMMAND]... [FILE]\n"))
    let version = try Graphcalc.run(["--version"])
    #expect(version == .init(stdout: "graphcalc 0.1.0\n", stderr: "", status: 0))
  }

  @Test func unknownOptionsAreUsageErrors() throws {
    let result = try Graphcalc.run(["--bogus"])
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(
      result.stderr == "graphcalc: unknown option '--bogus'\nTry 'graphcalc --help' for usage.\n")
  }

  @Test func exportSVGAndTable() throws {
    let temporary = try TemporaryFolder(prefix: "graphcalc-e2e")
    defer { withExtendedLifetime(temporary) {} }
    let folder = temporary.url
    let svg = folder.appendingPathComponent("wave.svg").path
    let table = folder.appendingPathComponent("wave.tsv").path
    let result = try Graphcalc.run([
      "-e", "xrange -1 1", "-e", "plot x^2, 1/x", "-e", "export svg \(svg)", "-e",
      "export table \(table) 200 150",
    ])
    #expect(result.status == 0)
    #expect(result.stdout.hasSuffix("wrote \(svg) (800x600)\nwrote \(table) (200x150)\n"))
    #expect(try String(contentsOfFile: svg, encoding: .utf8).hasPrefix("<?xml"))
    let lines = try String(contentsOfFile: table, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first?.hasPrefix("# Curve 0 of 2, ") == true)
    #expect(lines.contains("# Curve title: \"1/x\""))
    let points = lines.filter { !$0.isEmpty && !$0.hasPrefix("#") }
    #expect(points.count > 100)
    for line in points {
      let fields = line.split(separator: " ")
      #expect(fields.count == 3 && Double(fields[0]) != nil && Double(fields[1]) != nil, "\(line)")
      #expect(["i", "o", "u"].contains(fields.last ?? ""), "\(line)")
    }
    #expect(lines.contains(""))  // the pen lifts (1/x at 0, and between the curves)
  }

  @Test func exportWithoutAPlotIsAnError() throws {
    let result = try Graphcalc.run(["-e", "export svg /tmp/never.svg"])
    #expect(result.status == 1)
    #expect(result.stderr == "-e 1: error: nothing to export: plot something first\n")
  }

  @Test func aClosedOutputPipeEndsQuietly() throws {
    // 300 redraws are far more than a pipe holds, so the writes after `head` leaves fail.
    let binary = try #require(Graphcalc.path)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    let commands = ["plot sin(x)"] + Array(repeating: "pan 1", count: 300)
    let args = commands.map { "-e '\($0)'" }.joined(separator: " ")
    process.arguments = [
      "-c", "set -o pipefail; '\(binary)' \(args) 2>\"$0\" | head -1 >/dev/null", "/dev/stderr",
    ]
    let stderr = Pipe()
    process.standardError = stderr
    try process.run()
    let errors = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(errors.isEmpty)
  }
  @Test func aNonBlockingStandardOutputGetsEveryByte() throws {
    // A pipe whose write end is non-blocking (O_NONBLOCK is shared by every descriptor of
    // it), read only after it has filled: writes fail with EAGAIN until the reader drains
    // it. Before tracker issue 20 the output was cut at the pipe's 64 KiB.
    let binary = try #require(Graphcalc.path)
    let script = ["-e", "table x, x^2, sin(x) [0:1] step 0.0002"]
    let expected = try Graphcalc.run(script).stdout
    #expect(expected.utf8.count > 150_000)
    var fds: [Int32] = [0, 0]
    try #require(pipe(&fds) == 0)
    try #require(fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK) == 0)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = script
    process.environment = ["LANG": "C", "XDG_STATE_HOME": "/nonexistent-graphcalc-test"]
    process.standardOutput = FileHandle(fileDescriptor: fds[1], closeOnDealloc: true)
    try process.run()
    usleep(500_000)  // let the pipe fill
    let reader = FileHandle(fileDescriptor: fds[0], closeOnDealloc: true)
    try (process.standardOutput as? FileHandle)?.close()
    let got = reader.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(got.count == expected.utf8.count)
    #expect(String(decoding: got, as: UTF8.self) == expected)
  }

  @Test func aFullStandardOutputIsReportedOnceAndExits1() throws {
    // /dev/full fails every write with ENOSPC; before tracker issue 20 this exited 0, silent.
    let binary = try #require(Graphcalc.path)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = ["-e", "plot sin(x)", "-e", "1+1"]
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
    let stderr = Pipe()
    process.standardError = stderr
    try process.run()
    let errors = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 1)
    #expect(
      String(decoding: errors, as: UTF8.self)
        == "graphcalc: cannot write standard output: No space left on device\n")
  }
}
