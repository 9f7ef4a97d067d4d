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

/// Exports keep modes as `cp` does, refuse links to nothing and files the user may not
/// write, and leave no temporary file after SIGTERM, SIGHUP or SIGINT (tracker issue 20).
@Suite struct ExportFileModeTests {
  static func mode(_ path: String) throws -> Int {
    try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
  }

  /// Runs `sh -c SCRIPT` in `folder`, with `G` naming graphcalc.
  static func shell(_ script: String, in folder: String) throws -> Int32 {
    let binary = try #require(Graphcalc.path)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "cd '\(folder)' && G='\(binary)' && " + script]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }

  @Test func aReplacedFileKeepsItsModeAndANewOneFollowsTheUmask() throws {
    let folder = try TemporaryFolder()
    try folder.write("old", to: "private.svg")
    chmod(folder.path("private.svg"), 0o600)
    #expect(try Self.shell("$G -e 'plot x' -e 'export svg private.svg'", in: folder.path) == 0)
    #expect(try Self.mode(folder.path("private.svg")) == 0o600)
    #expect(try String(contentsOfFile: folder.path("private.svg"), encoding: .utf8).hasPrefix("<"))
    #expect(try Self.shell("umask 077; $G -e 'plot x' -e 'export svg a.svg'", in: folder.path) == 0)
    #expect(try Self.mode(folder.path("a.svg")) == 0o600)
    #expect(try Self.shell("umask 022; $G -e 'plot x' -e 'export png b.png'", in: folder.path) == 0)
    #expect(try Self.mode(folder.path("b.png")) == 0o644)
  }

  @Test func linksToNothingAndLoopsAreRefusedAndKept() throws {
    let folder = try TemporaryFolder()
    let fm = FileManager.default
    try fm.createSymbolicLink(atPath: folder.path("dangling.svg"), withDestinationPath: "nowhere")
    try fm.createSymbolicLink(atPath: folder.path("loop1"), withDestinationPath: "loop2")
    try fm.createSymbolicLink(atPath: folder.path("loop2"), withDestinationPath: "loop1")
    let dangling = try Graphcalc.run(
      ["-e", "plot x", "-e", "export svg \(folder.path("dangling.svg"))"])
    #expect(dangling.status == 1)
    #expect(dangling.stderr.contains("it is a symbolic link to a file that does not exist"))
    let loop = try Graphcalc.run(["-e", "plot x", "-e", "export table \(folder.path("loop1"))"])
    #expect(loop.stderr.contains("it is a loop of symbolic links"))
    #expect(try fm.destinationOfSymbolicLink(atPath: folder.path("dangling.svg")) == "nowhere")
    #expect(try fm.destinationOfSymbolicLink(atPath: folder.path("loop1")) == "loop2")
    #expect(try folder.names() == ["dangling.svg", "loop1", "loop2"])
  }

  /// As a user who is not root (setpriv to nobody), a 0444 file is refused as `cp` refuses it.
  @Test func aReadOnlyFileIsRefused() throws {
    let folder = try TemporaryFolder()
    chmod(folder.path, 0o777)
    try folder.write("keep", to: "ro.svg")
    chmod(folder.path("ro.svg"), 0o444)
    chown(folder.path("ro.svg"), 65534, 65534)
    let status = try Self.shell(
      "setpriv --reuid=65534 --regid=65534 --clear-groups $G -e 'plot x' -e 'export svg ro.svg'",
      in: folder.path)
    #expect(status == 1)
    #expect(try String(contentsOfFile: folder.path("ro.svg"), encoding: .utf8) == "keep")
    #expect(try folder.names() == ["ro.svg"])
  }

  /// A signal that ends graphcalc while the temporary file exists removes it: the test
  /// watches the folder and signals as soon as the file appears (a large table takes some
  /// milliseconds to write), trying again until it catches one.
  @Test(arguments: [SIGTERM, SIGHUP, SIGINT])
  func aSignalDuringAnExportRemovesTheTemporaryFile(signal: Int32) throws {
    let binary = try #require(Graphcalc.path)
    let folder = try TemporaryFolder()
    var caught = false
    for _ in 0..<40 where !caught {
      let process = Process()
      // The test runner may have the signals ignored, which a child inherits: env puts back
      // their default action.
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = [
        "--default-signal=TERM,HUP,INT", binary, "-e", "plot sin(x)*x", "-e",
        "export table big.txt 10000 10000",
      ]
      process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      var sent = false
      while process.isRunning {
        let names = (try? folder.names()) ?? []
        if names.contains(where: { $0.hasPrefix(".big.txt.tmp-") }) {
          kill(process.processIdentifier, signal)
          sent = true
          break
        }
      }
      process.waitUntilExit()
      // Caught: the signal ended graphcalc. (It may also have finished the export and left
      // before the signal came, or, for SIGINT, found graphcalc's own handler, which lets
      // the export finish: then the file is whole and there is no temporary file either;
      // try again.)
      caught = sent && process.terminationReason == .uncaughtSignal
      #expect(try folder.names().filter { $0.contains(".tmp-") } == [])
      try? FileManager.default.removeItem(atPath: folder.path("big.txt"))
    }
    #expect(caught || signal == SIGINT, "no signal came while the temporary file existed")
    #expect(try folder.names().filter { $0.contains(".tmp-") } == [])
  }
}

/// Bounds on what one command asks for (tracker issue 20).
@Suite struct UnboundedInputTests {
  /// 2,000,000 functions on one line took 108 s and 13.5 GB; the count is checked before
  /// anything is compiled or sampled.
  @Test func aPlotOfHalfAMillionCurvesIsOneClearError() throws {
    let folder = try TemporaryFolder()
    let script = try folder.write(
      "plot " + Array(repeating: "x", count: 500_000).joined(separator: ", ") + "\n1+1\n",
      to: "many.gc")
    let result = try Graphcalc.run([script])
    #expect(result.status == 1)
    #expect(
      result.stderr.hasPrefix(
        "\(script):1: error: a plot holds at most 1000 curves; this one would have 500000 at column 3006"
      ))
    #expect(result.stdout == "2\n")  // the script went on
  }

  /// The stream's window bound as a user sees it: the final status line says columns were
  /// dropped and why.
  @Test func aStreamOfManyColumnsWithALongWindowSaysWhatItDropped() throws {
    let folder = try TemporaryFolder()
    let line = (0..<1000).map(String.init).joined(separator: " ")
    let file = try folder.write(
      Array(repeating: line, count: 50).joined(separator: "\n"), to: "wide.txt")
    let result = try Graphcalc.run(["stream", "--window", "10000000", file])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.hasSuffix(
        "50 samples, columns past 3 dropped (so long a --window keeps 3), input ended\n"))
  }
}

/// A data file that can be read only once (a pipe, a FIFO) is read once per command
/// (tracker issue 20): `cat f | graphcalc -e 'plot "/dev/stdin"'` lost the records the
/// layout's detection had taken (23,696 of them), and `stats "fifo"` of two columns waited
/// for ever on the FIFO's next open.
@Suite struct ReadOnceTests {
  static let records = (1...30_000).map { "\($0) \($0 * 2)" }.joined(separator: "\n") + "\n"

  @Test func aPipeOnStandardInputKeepsEveryRecord() throws {
    let folder = try TemporaryFolder()
    let table = folder.path("t.txt")
    let result = try Graphcalc.run(
      ["-e", "plot \"/dev/stdin\"", "-e", "export table \(table)"], input: Self.records)
    #expect(result.status == 0, "\(result.stderr)")
    let lines = try String(contentsOfFile: table, encoding: .utf8).split(separator: "\n")
    let points = lines.filter { !$0.hasPrefix("#") }
    #expect(points.count == 30_000)
    #expect(points.first == "1 2 i")
    #expect(points.last == "30000 60000 i")
  }

  @Test func aFIFOIsReadOnceByStatsOfTwoColumns() throws {
    let folder = try TemporaryFolder()
    let fifo = folder.path("fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    let writer = Thread {
      if let handle = FileHandle(forWritingAtPath: fifo) {
        handle.write(Data(Self.records.utf8))
        try? handle.close()
      }
    }
    writer.start()
    let result = try Graphcalc.run(["-e", "stats \"\(fifo)\" using 1:2", "-e", "1+1"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("1: 30000 values, 0 missing"))
    #expect(result.stdout.contains("2: 30000 values, 0 missing"))
    #expect(result.stdout.contains("max      60000"))
    #expect(result.stdout.hasSuffix("2\n"))
  }
}
