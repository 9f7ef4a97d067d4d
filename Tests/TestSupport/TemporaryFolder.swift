import Foundation
import Synchronization

/// A new empty folder under the system's temporary folder, removed with everything in it
/// when the test process ends.
///
/// (It was removed when the value went away, and Swift may end a value's lifetime at its
/// last use: a test that kept only `folder.path(...)` found its folder gone before it wrote
/// there, seen in CI as "No such file or directory".)
public final class TemporaryFolder: Sendable {
  /// The folder's absolute path.
  public let path: String

  /// The folder as a file URL.
  public var url: URL { URL(fileURLWithPath: path, isDirectory: true) }

  /// Creates the folder, named `PREFIX-UUID`.
  /// - Parameter prefix: the start of the folder's name, to tell the suites' folders apart.
  /// - Throws: an error from creating the folder.
  public init(prefix: String = "graphcalc-test") throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    path = url.path
    TemporaryFolder.removeAtExit(path)
  }

  /// The absolute path of `name` inside the folder (the file need not exist).
  public func path(_ name: String) -> String { path + "/" + name }

  /// Writes `text` (UTF-8) to the file `name` in the folder.
  /// - Returns: the file's absolute path.
  /// - Throws: an error from writing.
  @discardableResult
  public func write(_ text: String, to name: String) throws -> String {
    try text.write(toFile: path(name), atomically: true, encoding: .utf8)
    return path(name)
  }

  /// Writes `bytes` to the file `name` in the folder.
  /// - Returns: the file's absolute path.
  /// - Throws: an error from writing.
  @discardableResult
  public func write(_ bytes: [UInt8], to name: String) throws -> String {
    try Data(bytes).write(to: URL(fileURLWithPath: path(name)))
    return path(name)
  }

  /// The names in the folder, sorted.
  /// - Throws: an error from listing the folder.
  public func names() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path).sorted()
  }

  /// The folders made so far, removed by the `atexit` handler.
  private static let made = Mutex<[String]>([])

  /// Registers `path` for removal when the process ends (the handler is installed once).
  private static func removeAtExit(_ path: String) {
    let first = made.withLock { list in
      list.append(path)
      return list.count == 1
    }
    if first {
      atexit {
        for path in TemporaryFolder.made.withLock({ $0 }) {
          try? FileManager.default.removeItem(atPath: path)
        }
      }
    }
  }
}
