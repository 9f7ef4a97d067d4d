import Foundation
import Testing

/// Compares `actual` with the golden file `Snapshots/<name>` beside the calling source file
/// (`Tests/<Target>/Snapshots/<name>`); with the environment variable `RECORD=1` (or when
/// the file is missing) writes it instead. A mismatch fails with a line diff; a missing
/// file fails too (after recording it), so a first run cannot pass silently.
/// - Parameters:
///   - actual: the rendered text, compared byte for byte.
///   - name: the golden file's name, with its extension.
///   - filePath: the calling file, whose folder holds `Snapshots/` (leave the default).
///   - sourceLocation: where a failure is reported (leave the default).
/// - Throws: an error from creating the folder or writing the file when recording.
public func assertSnapshot(
  _ actual: String, named name: String, filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let dir = URL(fileURLWithPath: filePath).deletingLastPathComponent()
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

/// A simple line diff: each differing line as `N -expected` / `N +actual`, N its 1-based
/// number, at most 60 lines.
/// - Returns: the diff, empty when the texts are equal.
public func lineDiff(_ expected: String, _ actual: String) -> String {
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
