import Foundation
import Testing

@testable import DataFiles

/// The path of a committed fixture under `Tests/DataFilesTests/Fixtures/`.
func fixture(_ name: String) -> String {
  URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures").appendingPathComponent(name).path
}

/// A fresh temporary directory for one test; removed by the caller with `removeItem`.
func temporaryDirectory() throws -> URL {
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("graphcalc-datafiles-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

/// Writes `bytes` to a new file in a fresh temporary directory and runs `body` with its
/// path; the directory is removed afterwards.
@discardableResult
func withTemporaryFile<T>(
  _ bytes: [UInt8], name: String = "data.csv", _ body: (String) throws -> T
) throws -> T {
  let dir = try temporaryDirectory()
  defer { try? FileManager.default.removeItem(at: dir) }
  let url = dir.appendingPathComponent(name)
  try Data(bytes).write(to: url)
  return try body(url.path)
}

/// Same, with text.
@discardableResult
func withTemporaryFile<T>(
  _ text: String, name: String = "data.csv", _ body: (String) throws -> T
) throws -> T {
  try withTemporaryFile(Array(text.utf8), name: name, body)
}

/// Whether the values equal the array, NaN equal to NaN (gaps in the same places).
func sameValues(_ values: some Sequence<Double>, _ b: [Double]) -> Bool {
  let a = Array(values)
  return a.count == b.count && zip(a, b).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
}
