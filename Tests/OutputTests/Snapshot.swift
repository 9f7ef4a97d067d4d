import Foundation
import Testing

/// Compares `actual` with the golden file `Tests/OutputTests/Snapshots/<name>`; with the
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
    .appendingPathComponent("outputtests-\(UUID().uuidString).svg")
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

/// A minimal well-formedness check without xmllint: tags balance and nest, attribute
/// values are quoted, no raw `<` or bare `&` in text. Answers the first problem, or nil.
func minimalXMLProblem(_ xml: String) -> String? {
  var stack: [String] = []
  var s = Substring(xml)
  if s.hasPrefix("<?xml"), let end = s.range(of: "?>") { s = s[end.upperBound...] }
  while let lt = s.firstIndex(of: "<") {
    let text = s[..<lt]
    if let amp = text.firstIndex(of: "&") {
      let rest = text[amp...]
      guard let semi = rest.firstIndex(of: ";"),
        ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"].contains(String(rest[...semi]))
      else { return "bad entity near \(rest.prefix(20))" }
    }
    guard let gt = s[lt...].firstIndex(of: ">") else { return "unclosed tag" }
    let tag = s[s.index(after: lt)..<gt]
    if tag.contains("<") { return "'<' inside a tag: \(tag.prefix(40))" }
    if tag.hasPrefix("/") {
      let name = String(tag.dropFirst())
      guard stack.popLast() == name else { return "mismatched </\(name)>" }
    } else if !tag.hasSuffix("/") {
      stack.append(String(tag.prefix { $0 != " " }))
    }
    if tag.filter({ $0 == "\"" }).count % 2 != 0 { return "unbalanced quotes in \(tag.prefix(40))" }
    s = s[s.index(after: gt)...]
  }
  return stack.isEmpty ? nil : "unclosed <\(stack.last ?? "")>"
}
