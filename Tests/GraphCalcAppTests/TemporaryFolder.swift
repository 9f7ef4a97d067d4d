import Foundation

/// A new empty folder under the system's temporary folder, removed with everything in it
/// when the value goes away.
final class TemporaryFolder {
  /// The folder's absolute path.
  let path: String

  init() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("graphcalc-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    path = url.path
  }

  /// The names in the folder, sorted.
  func names() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path).sorted()
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }
}
