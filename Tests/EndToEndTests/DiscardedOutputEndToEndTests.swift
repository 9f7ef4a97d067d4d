import Foundation
import TestSupport
import Testing

/// `graphcalc ... > /dev/null`: the terminal picture nobody sees is not drawn, and what is
/// written to files is the same.
@Suite struct DiscardedOutputEndToEndTests {
  /// Runs graphcalc with standard output to /dev/null; answers its standard error and status.
  private func runDiscarded(_ arguments: [String]) throws -> (stderr: String, status: Int32) {
    let binary = try #require(Graphcalc.path, "graphcalc binary not found")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env["COLUMNS"] = nil
    env["LINES"] = nil
    env["XDG_STATE_HOME"] = "/nonexistent-graphcalc-test"
    env["LANG"] = "C"
    process.environment = env
    let errors = Pipe()
    process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
    process.standardError = errors
    try process.run()
    let data = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (String(decoding: data, as: UTF8.self), process.terminationStatus)
  }

  /// `plot ...; export svg F` to /dev/null writes the SVG a run that prints writes, byte
  /// for byte; an error still goes to standard error with status 1.
  @Test func theExportIsTheSame() throws {
    let folder = try TemporaryFolder()
    let plot = "plot sin(x)*x, tan(x), 1/x; export svg "
    let printed = try Graphcalc.run(["-e", plot + folder.path("a.svg")])
    #expect(printed.status == 0)
    #expect(printed.stdout.contains("wrote"))
    let discarded = try runDiscarded(["-e", plot + folder.path("b.svg")])
    #expect(discarded.status == 0)
    #expect(discarded.stderr.isEmpty)
    let a = try Data(contentsOf: URL(fileURLWithPath: folder.path("a.svg")))
    let b = try Data(contentsOf: URL(fileURLWithPath: folder.path("b.svg")))
    #expect(!a.isEmpty && a == b)
    let failed = try runDiscarded(["-e", "plot sin(x", "-e", "export svg " + folder.path("c.svg")])
    #expect(failed.status == 1)
    #expect(failed.stderr.contains("-e 1: "))
  }
}
