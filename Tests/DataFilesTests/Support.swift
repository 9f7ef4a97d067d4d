import Foundation
import TestSupport
import Testing

@testable import DataFiles

/// The path of a committed fixture under `Tests/DataFilesTests/Fixtures/`.
func fixture(_ name: String) -> String {
  URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures").appendingPathComponent(name).path
}

/// Writes `bytes` to a new file in a fresh temporary folder and runs `body` with its
/// path; the folder is removed afterwards.
@discardableResult
func withTemporaryFile<T>(
  _ bytes: [UInt8], name: String = "data.csv", _ body: (String) throws -> T
) throws -> T {
  let folder = try TemporaryFolder(prefix: "graphcalc-datafiles")
  let path = try folder.write(bytes, to: name)
  return try withExtendedLifetime(folder) { try body(path) }
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
