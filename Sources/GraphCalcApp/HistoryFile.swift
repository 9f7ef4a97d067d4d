import Glibc

/// Checks the interactive history file before the line editor loads it, and sets aside one
/// it could not read, so a damaged file never stops graphcalc and a new history starts.
///
/// libedit's `read_history` (libedit 3.1) accepts an empty file or one whose first line is
/// the cookie `_HiStOrY_V2_`, then one `strvis`-encoded entry a line (printable text: no
/// NUL or other control bytes). Anything else (random bytes, NULs, a file from another
/// readline, a directory or other non-file at the path) is renamed `history.corrupt`, or
/// `history.corrupt-N` (N from 1 to 99) when that name is taken; a file set aside is made
/// mode 0600 (it holds the old history).
public enum HistoryFile {
  /// The first line of a libedit history file.
  public static let cookie = "_HiStOrY_V2_"

  /// The most bytes of the file that are checked (a longer file is checked in its first
  /// 4 MiB; libedit trims it to its newest entries on load).
  static let checkedBytes = 4 << 20

  /// Sets aside the history file at `path` when it is not one libedit can read.
  ///
  /// A missing file, an empty file and a well-formed file are left alone.
  ///
  /// - Parameter path: The history file's path.
  /// - Returns: A one-line warning to print on standard error (no trailing newline) when the
  ///   file was set aside, or could not be; nil when it is fine or missing.
  public static func setAsideIfCorrupt(path: String) -> String? {
    guard let problem = problem(at: path) else { return nil }
    var st = stat()
    _ = lstat(path, &st)
    for n in 0..<100 {
      let target = path + (n == 0 ? ".corrupt" : ".corrupt-\(n)")
      var taken = stat()
      if lstat(target, &taken) == 0 { continue }
      if rename(path, target) == 0 {
        if st.st_mode & S_IFMT != S_IFDIR { _ = chmod(target, 0o600) }  // old history stays private
        return
          "graphcalc: the history file \(path) \(problem); moved it to \(target) and started a new history"
      }
      let reason = String(cString: strerror(errno))
      return
        "graphcalc: the history file \(path) \(problem) and cannot be moved aside (\(reason)); history is not loaded"
    }
    return
      "graphcalc: the history file \(path) \(problem) and \(path).corrupt-1 ... -99 all exist; history is not loaded"
  }

  /// What is wrong with the file at `path`, or nil when it is missing or readable.
  static func problem(at path: String) -> String? {
    var st = stat()
    guard lstat(path, &st) == 0 else { return nil }
    if st.st_mode & S_IFMT == S_IFLNK {
      guard stat(path, &st) == 0 else { return "is a broken symbolic link" }
    }
    guard st.st_mode & S_IFMT == S_IFREG else {
      return st.st_mode & S_IFMT == S_IFDIR ? "is a folder" : "is not a regular file"
    }
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }  // unreadable: libedit fails quietly; nothing to set aside
    defer { close(fd) }
    var bytes = [UInt8](repeating: 0, count: checkedBytes)
    var count = 0
    while count < bytes.count {
      let n = bytes.withUnsafeMutableBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return read(fd, base + count, buffer.count - count)
      }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { break }
      count += n
    }
    return problem(in: bytes[0..<count])
  }

  /// What is wrong with history file contents `bytes`, or nil when libedit can read them.
  static func problem(in bytes: ArraySlice<UInt8>) -> String? {
    if bytes.isEmpty { return nil }
    let head = Array(cookie.utf8) + [10]
    guard bytes.starts(with: head) || Array(bytes) == Array(cookie.utf8) else {
      return "is not a history file"
    }
    for b in bytes where b < 0x20 && b != 10 && b != 9 || b == 0x7F {
      return b == 0 ? "holds NUL bytes" : "holds control characters"
    }
    return nil
  }
}
