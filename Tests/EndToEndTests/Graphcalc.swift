import Foundation
import Testing

/// Runs the built `graphcalc` binary, as a user or a script would.
struct Graphcalc {
  /// What one run printed and how it ended.
  struct Result: Equatable {
    var stdout: String
    var stderr: String
    var status: Int32
  }

  /// The binary: next to the test bundle (the folder of the test runner), or found by
  /// searching upward from this file for `.build/debug/graphcalc`.
  static let path: String? = {
    let fm = FileManager.default
    let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var candidates = [runner.deletingLastPathComponent().appendingPathComponent("graphcalc").path]
    var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while folder.path != "/" {
      candidates.append(folder.appendingPathComponent(".build/debug/graphcalc").path)
      folder.deleteLastPathComponent()
    }
    return candidates.first { fm.isExecutableFile(atPath: $0) }
  }()

  /// Runs graphcalc with `arguments`, `input` on standard input (an empty pipe when nil),
  /// and `environment` added to this process's environment.
  static func run(
    _ arguments: [String], input: String? = nil, environment: [String: String] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Result {
    let binary = try #require(path, "graphcalc binary not found", sourceLocation: sourceLocation)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env["COLUMNS"] = nil
    env["LINES"] = nil
    env["XDG_STATE_HOME"] = "/nonexistent-graphcalc-test"
    // The locale picks the default canvas: runs are the same on every machine unless a
    // test asks for a locale.
    env["LC_ALL"] = nil
    env["LC_CTYPE"] = nil
    env["LANG"] = "C"
    env["NO_COLOR"] = nil
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
    try stdin.fileHandleForWriting.close()
    // Standard error is read on another thread so that neither pipe can fill and block.
    let errors = Collected()
    let group = DispatchGroup()
    let errorHandle = stderr.fileHandleForReading
    DispatchQueue.global().async(group: group) { errors.data = errorHandle.readDataToEndOfFile() }
    let outData = stdout.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return Result(
      stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errors.data, as: UTF8.self),
      status: process.terminationStatus)
  }
}

/// Bytes filled in by one thread and read by another after it finished (the dispatch group's
/// wait orders the two).
private final class Collected: @unchecked Sendable {
  var data = Data()
}
