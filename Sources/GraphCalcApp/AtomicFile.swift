import Glibc

/// Writes files whole or not at all.
///
/// The text goes to a new temporary file in the destination's folder (so both are on one
/// file system), is closed, and is then renamed over the destination with
/// rename(2), which replaces it in one step: a reader sees the old file or the new one, never
/// a part. On any failure the temporary file is removed and the destination is untouched.
///
/// A destination that is not a regular file (a device such as `/dev/stdout` or `/dev/null`,
/// a FIFO) cannot be replaced that way and must never be: it is written in place. A symbolic
/// link is followed, so the file it points at is replaced and the link stays. Paths under
/// `/dev/` and `/proc/` (`/dev/stdout`, `/proc/self/fd/1`) are always written in place.
public enum AtomicFile {
  /// Writes `contents` to `path`.
  ///
  /// - Parameters:
  ///   - contents: The text to write (UTF-8).
  ///   - path: The destination; its folder must exist.
  /// - Throws: `CommandError` naming `path` and the system's reason (strerror), as
  ///   `cannot write out/x.svg: No such file or directory`.
  public static func write(_ contents: String, to path: String) throws(CommandError) {
    try write(Array(contents.utf8), to: path)
  }

  /// `write(_:to:)` of bytes (an image file).
  ///
  /// - Parameters:
  ///   - contents: The file's bytes.
  ///   - path: The file to write.
  /// - Throws: `CommandError` (`cannotWrite`) naming the path and the system's reason.
  public static func write(_ contents: [UInt8], to path: String) throws(CommandError) {
    guard !path.isEmpty else {
      throw CommandError(.cannotWrite(path: "", reason: "no file name given"))
    }
    var info = stat()
    if stat(path, &info) == 0 {
      let kind = info.st_mode & S_IFMT
      if kind == S_IFDIR { throw CommandError(.cannotWrite(path: path, reason: "Is a directory")) }
      // /dev/stdout and /proc/self/fd/N name an open file of this process: replacing
      // the file they resolve to would leave the descriptor writing to the old one.
      if kind != S_IFREG || path.hasPrefix("/dev/") || path.hasPrefix("/proc/") {
        return try writeInPlace(contents, to: path)
      }
      var link = stat()
      if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK,
        let resolved = realpath(path, nil)
      {
        defer { free(resolved) }
        return try replace(with: contents, at: String(cString: resolved), reportedAs: path)
      }
    }
    try replace(with: contents, at: path, reportedAs: path)
  }

  /// Writes `contents` to a temporary file beside `target` and renames it over `target`;
  /// errors name `shown`.
  private static func replace(with contents: [UInt8], at target: String, reportedAs shown: String)
    throws(CommandError)
  {
    let path = target
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    var template = Array((folder + "." + name + ".tmp-XXXXXX").utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else { throw failure(shown) }
    let temporary = String(
      decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let written = writeAll(contents, to: fd)
    // mkstemp makes the file 0600; an exported plot is an ordinary document.
    // No fsync(2): it cost about 6 ms of a 13 ms one-shot export on this kind of disk, and
    // the promise is whole-or-nothing for readers and for failures of graphcalc (as with
    // gnuplot and editors in their default settings), not durability across a power loss.
    guard written, fchmod(fd, 0o644) == 0 else {
      let error = failure(shown)
      close(fd)
      unlink(temporary)
      throw error
    }
    guard close(fd) == 0 else {
      let error = failure(shown)
      unlink(temporary)
      throw error
    }
    guard rename(temporary, path) == 0 else {
      let error = failure(shown)
      unlink(temporary)
      throw error
    }
  }

  /// Writes `contents` straight into an existing file that is not a regular file (a device,
  /// a FIFO), as `cat > /dev/stdout` would.
  private static func writeInPlace(_ contents: [UInt8], to path: String) throws(CommandError) {
    let fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
    guard fd >= 0 else { throw failure(path) }
    defer { close(fd) }
    guard writeAll(contents, to: fd) else { throw failure(path) }
  }

  /// Writes all of `contents` (UTF-8) to `fd`, retrying short writes and EINTR; false on an
  /// error (errno tells which).
  private static func writeAll(_ contents: [UInt8], to fd: Int32) -> Bool {
    contents.withUnsafeBufferPointer { bytes -> Bool in
      guard let base = bytes.baseAddress else { return true }
      var done = 0
      while done < bytes.count {
        let n = Glibc.write(fd, base + done, bytes.count - done)
        if n < 0 {
          if errno == EINTR { continue }
          return false
        }
        done += n
      }
      return true
    }
  }

  /// The error for `path` with the current `errno`'s text.
  private static func failure(_ path: String) -> CommandError {
    CommandError(.cannotWrite(path: path, reason: String(cString: strerror(errno))))
  }
}
