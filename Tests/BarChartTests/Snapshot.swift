import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Compares `actual` with the golden file `Tests/BarChartTests/Snapshots/<name>`; with the
/// environment variable `RECORD=1` (or when the file is missing) writes it instead. A
/// mismatch fails with a line diff; a missing file fails too (after recording it), so a
/// first run cannot pass silently.
func assertSnapshot(
  _ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Snapshots")
  let url = dir.appendingPathComponent(name)
  let record = ProcessInfo.processInfo.environment["RECORD"] == "1"
  guard !record, let expected = try? String(contentsOf: url, encoding: .utf8) else {
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    try actual.write(to: url, atomically: true, encoding: .utf8)
    if !record {
      Issue.record(
        "No golden file \(name): recorded it; check it and run again.",
        sourceLocation: sourceLocation)
    }
    return
  }
  if expected != actual {
    let message =
      "\(name) differs from its golden file (RECORD=1 re-records):\n" + lineDiff(expected, actual)
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
  }
}

/// A simple line diff: each differing line as `-expected` / `+actual` with its number.
func lineDiff(_ expected: String, _ actual: String) -> String {
  let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
  let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
  var out: [String] = []
  for i in 0..<max(e.count, a.count) {
    let l = i < e.count ? String(e[i]) : nil
    let r = i < a.count ? String(a[i]) : nil
    if l != r {
      if let l { out.append("\(i + 1) -\(l)") }
      if let r { out.append("\(i + 1) +\(r)") }
    }
  }
  return out.prefix(60).joined(separator: "\n")
}

/// Runs `xmllint --noout` on `xml` if xmllint is installed; answers nil when it is not,
/// otherwise its exit status and error output.
func xmllint(_ xml: String) throws -> (status: Int32, errors: String)? {
  let paths = ["/usr/bin/xmllint", "/usr/local/bin/xmllint", "/bin/xmllint"]
  guard let tool = paths.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
    return nil
  }
  let file = FileManager.default.temporaryDirectory
    .appendingPathComponent("barcharttests-\(UUID().uuidString).svg")
  try xml.write(to: file, atomically: true, encoding: .utf8)
  defer { try? FileManager.default.removeItem(at: file) }
  let p = Process()
  p.executableURL = URL(fileURLWithPath: tool)
  p.arguments = ["--noout", file.path]
  let err = Pipe()
  p.standardError = err
  try p.run()
  let data = err.fileHandleForReading.readDataToEndOfFile()
  p.waitUntilExit()
  return (p.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// Foundation's XML parser as a second well-formedness check (always present): the first
/// parse error, or nil when `xml` is well-formed.
func xmlParseError(_ xml: String) -> String? {
  let parser = XMLParser(data: Data(xml.utf8))
  return parser.parse() ? nil : String(describing: parser.parserError)
}
