import Foundation
import TestSupport
import Testing

/// The corpus of bad inputs (`Fixtures/bad-inputs.txt`) run through the binary: every entry
/// is an error, reported as one, and nothing crashes.
@Suite struct BadInputTests {
  /// One entry of the corpus: its line number and the script's bytes.
  struct Entry: CustomTestStringConvertible, Sendable {
    var line: Int
    var bytes: [UInt8]
    var testDescription: String { "bad-inputs.txt:\(line)" }
  }

  /// The entries: `\xHH` is the byte HH, `\n` a new line of the script, `\\` a backslash;
  /// blank lines and `## ` comments are skipped.
  static let entries: [Entry] = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/bad-inputs.txt")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    var entries: [Entry] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      if line.isEmpty || line.hasPrefix("## ") { continue }
      entries.append(Entry(line: index + 1, bytes: decode(Array(line.utf8))))
    }
    return entries
  }()

  /// The bytes of an entry with its escapes decoded.
  static func decode(_ raw: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    var i = 0
    while i < raw.count {
      if raw[i] == UInt8(ascii: "\\"), i + 1 < raw.count {
        switch raw[i + 1] {
        case UInt8(ascii: "\\"):
          out.append(UInt8(ascii: "\\"))
          i += 2
          continue
        case UInt8(ascii: "n"):
          out.append(10)
          i += 2
          continue
        case UInt8(ascii: "x") where i + 3 < raw.count:
          if let byte = UInt8(String(decoding: raw[(i + 2)...(i + 3)], as: UTF8.self), radix: 16) {
            out.append(byte)
            i += 4
            continue
          }
        default: break
        }
      }
      out.append(raw[i])
      i += 1
    }
    return out
  }

  @Test func theCorpusIsLarge() {
    #expect(Self.entries.count >= 200)
  }

  @Test(arguments: entries) func badInputIsAnErrorNotACrash(_ entry: Entry) throws {
    let temporary = try TemporaryFolder(prefix: "graphcalc-bad-\(entry.line)")
    defer { withExtendedLifetime(temporary) {} }
    let folder = temporary.url
    let script = folder.appendingPathComponent("bad.gc")
    try Data(entry.bytes).write(to: script)
    let result = try Self.run(script: script.path, in: folder)
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr.contains("error: "))
    #expect(!result.stderr.contains("Fatal error"))
    #expect(
      !result.stderr.unicodeScalars.contains {
        $0.value == 0x1B || $0.value == 0x07 || $0.value == 0
      })
  }

  /// Runs `graphcalc SCRIPT` in `folder` (so relative export paths land there) with a
  /// 40x12 terminal size.
  static func run(script: String, in folder: URL) throws -> Graphcalc.Result {
    let binary = try #require(Graphcalc.path, "graphcalc binary not found")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = [script]
    process.currentDirectoryURL = folder
    var env = ProcessInfo.processInfo.environment
    env["COLUMNS"] = "40"
    env["LINES"] = "12"
    env["XDG_STATE_HOME"] = "/nonexistent-graphcalc-test"
    process.environment = env
    let output = folder.appendingPathComponent("stdout")
    let errors = folder.appendingPathComponent("stderr")
    FileManager.default.createFile(atPath: output.path, contents: nil)
    FileManager.default.createFile(atPath: errors.path, contents: nil)
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = try FileHandle(forWritingTo: errors)
    try process.run()
    process.waitUntilExit()
    return Graphcalc.Result(
      stdout: String(decoding: try Data(contentsOf: output), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: errors), as: UTF8.self),
      status: process.terminationStatus)
  }
}
