import Glibc

/// The history file on disk: appending one entry and trimming to the newest entries, each
/// safe with other sessions doing the same at once, and never leaving a partial entry or a
/// file without its header.
///
/// The file is libedit's (3.1) format: the cookie line `_HiStOrY_V2_`, then one entry a line
/// in the escapes of BSD `strvis(3)` with `VIS_WHITE`, which libedit's `read_history` undoes
/// with `strunvis(3)`. Every change holds an exclusive `flock(2)` on the file for its whole
/// read-modify-write; the trim writes a new file beside it and renames it over, so a reader
/// sees the old file or the new one, never a mix; an appender that waited on the lock while
/// the file was renamed over sees that its open file is no longer at the path and opens the
/// new one (the lock-then-check-inode pattern, as in Maildir and Git's lock files).
///
/// (libedit's own `history_truncate_file` drops the cookie line when it trims, after which
/// libedit reads nothing from the file; and `history(H_SAVE_FP)` through stdio can leave part
/// of an entry on a full disk.)
public enum HistoryStore {
  /// The first line of a libedit history file.
  public static let cookie = "_HiStOrY_V2_"

  /// The most entries a history keeps by default (libedit's and bash's `HISTSIZE`).
  public static let defaultSize = 1000

  /// The largest history size accepted (`GRAPHCALC_HISTORY_SIZE`).
  public static let largestSize = 1_000_000

  /// One entry in the file's encoding, a line with its newline: backslash as `\\`, blanks,
  /// control characters and DEL as three-digit octal escapes (`\040`, `\011`, `\033`), every
  /// other character as its UTF-8 bytes. `strunvis` reads each back.
  ///
  /// - Parameter entry: The line as typed (without a newline).
  /// - Returns: The encoded bytes, ending in a newline.
  public static func encode(_ entry: String) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(entry.utf8.count + 1)
    for byte in entry.utf8 {
      switch byte {
      case UInt8(ascii: "\\"):
        out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
      case 0...0x20, 0x7F:
        out += [
          UInt8(ascii: "\\"), UInt8(ascii: "0") + byte >> 6, UInt8(ascii: "0") + (byte >> 3) & 7,
          UInt8(ascii: "0") + byte & 7,
        ]
      default:
        out.append(byte)
      }
    }
    out.append(10)
    return out
  }

  /// One line of the file decoded as `strunvis(3)` does: octal (`\ooo`, one to three digits),
  /// C-style (`\n`, `\t`, `\s`, `\0`, ...), meta (`\M-c`, `\M^c`) and control (`\^c`) escapes.
  /// An escape that is not one of these stands for itself.
  ///
  /// - Parameter line: The line's bytes, without its newline.
  /// - Returns: The entry's bytes.
  public static func decode(_ line: ArraySlice<UInt8>) -> [UInt8] {
    var out: [UInt8] = []
    var i = line.startIndex
    func at(_ k: Int) -> UInt8? { k < line.endIndex ? line[k] : nil }
    func control(_ c: UInt8) -> UInt8 { c == UInt8(ascii: "?") ? 0x7F : c & 0x1F }
    while i < line.endIndex {
      let c = line[i]
      guard c == UInt8(ascii: "\\"), let next = at(i + 1) else {
        out.append(c)
        i += 1
        continue
      }
      switch next {
      case UInt8(ascii: "0")...UInt8(ascii: "7"):
        var value = 0
        var k = i + 1
        while k < i + 4, let d = at(k), d >= UInt8(ascii: "0"), d <= UInt8(ascii: "7") {
          value = value * 8 + Int(d - UInt8(ascii: "0"))
          k += 1
        }
        out.append(UInt8(truncatingIfNeeded: value))
        i = k
      case UInt8(ascii: "M"):
        if at(i + 2) == UInt8(ascii: "-"), let c = at(i + 3) {
          out.append(c | 0x80)
          i += 4
        } else if at(i + 2) == UInt8(ascii: "^"), let c = at(i + 3) {
          out.append(control(c) | 0x80)
          i += 4
        } else {
          out.append(next)
          i += 2
        }
      case UInt8(ascii: "^"):
        if let c = at(i + 2) {
          out.append(control(c))
          i += 3
        } else {
          out.append(next)
          i += 2
        }
      case UInt8(ascii: "$"):
        i += 2  // a hidden marker: no character
      default:
        let cStyle: [UInt8: UInt8] = [
          UInt8(ascii: "n"): 10, UInt8(ascii: "t"): 9, UInt8(ascii: "r"): 13,
          UInt8(ascii: "b"): 8, UInt8(ascii: "a"): 7, UInt8(ascii: "v"): 11,
          UInt8(ascii: "f"): 12, UInt8(ascii: "s"): 32, UInt8(ascii: "E"): 27,
        ]
        out.append(cStyle[next] ?? next)
        i += 2
      }
    }
    return out
  }

  /// The file contents trimmed to the newest `size` entries, without repeated cookie lines
  /// or a last entry cut short (no newline), each entry whose decoded bytes
  /// are not valid UTF-8 re-encoded with U+FFFD in place of the bad bytes (libedit in a UTF-8
  /// locale stops reading at such an entry, losing it and every older one), the cookie line
  /// first; nil when the contents need no change (or are not a history file: that is
  /// `HistoryFile`'s to set aside).
  ///
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - size: How many entries to keep, at least 0.
  public static func compacted(_ bytes: [UInt8], keeping size: Int) -> [UInt8]? {
    let head = Array(cookie.utf8)
    guard bytes.starts(with: head), bytes.count == head.count || bytes[head.count] == 10 else {
      return nil
    }
    var lines = bytes[Swift.min(bytes.count, head.count + 1)...].split(
      separator: 10, omittingEmptySubsequences: false)
    if lines.last?.isEmpty == true { lines.removeLast() }
    let partial = bytes.last != 10 && !lines.isEmpty  // an entry cut short: dropped
    if partial { lines.removeLast() }
    let count = lines.count
    lines.removeAll { $0.elementsEqual(head) }  // a second cookie (two sessions began at once)
    var changed = partial || lines.count != count || lines.count > size
    var out = head + [10]
    for line in lines.suffix(Swift.max(0, size)) {
      let decoded = decode(line)
      if validUTF8(decoded) {
        out += line
        out.append(10)
      } else {
        out += encode(String(decoding: decoded, as: UTF8.self))
        changed = true
      }
    }
    return changed ? out : nil
  }

  /// Whether `bytes` are well-formed UTF-8.
  static func validUTF8(_ bytes: [UInt8]) -> Bool {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue: continue
      case .emptyInput: return true
      case .error: return false
      }
    }
  }

  /// Appends one entry to the history file at `path`, in one write under the file's lock,
  /// with the cookie line first when the file is empty (or new: it is made mode 0600). When
  /// the write fails part way (a full disk), the file is cut back to where it was.
  ///
  /// - Parameters:
  ///   - entry: The line as typed.
  ///   - path: The history file.
  /// - Returns: nil when written; else the reason (`strerror`), for a warning.
  public static func append(_ entry: String, to path: String) -> String? {
    let line = encode(entry)
    return withLockedFile(path, flags: O_WRONLY | O_APPEND | O_CREAT) { fd, size in
      let bytes = size == 0 ? Array(cookie.utf8) + [10] + line : line
      if writeAll(fd, bytes) { return nil }
      let reason = String(cString: strerror(errno))
      _ = ftruncate(fd, off_t(size))
      return reason
    }
  }

  /// Trims the history file at `path` to its newest `size` entries and repairs entries
  /// libedit cannot decode (`compacted`), atomically: the new contents go to a file beside
  /// it, are flushed to disk and renamed over it, all under the file's lock. A missing file,
  /// or one that needs no change, is left alone; a symbolic link is followed (its target is
  /// replaced, the link stays).
  ///
  /// - Parameters:
  ///   - path: The history file.
  ///   - size: How many entries to keep.
  /// - Returns: nil when done or nothing was needed; else the reason, for a warning.
  public static func trim(_ path: String, keeping size: Int) -> String? {
    var target = path
    if let resolved = realpath(path, nil) {
      target = String(cString: resolved)
      free(resolved)
    }
    var st = stat()
    guard stat(target, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return nil }
    return withLockedFile(target, flags: O_RDWR) { fd, fileSize in
      guard let contents = readAll(fd, size: fileSize),
        let trimmed = compacted(contents, keeping: size)
      else { return nil }
      let temporary = target + ".new-\(getpid())"
      let out = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
      guard out >= 0 else { return String(cString: strerror(errno)) }
      _ = fchmod(out, 0o600)
      guard writeAll(out, trimmed), fsync(out) == 0 else {
        let reason = String(cString: strerror(errno))
        close(out)
        unlink(temporary)
        return reason
      }
      close(out)
      guard rename(temporary, target) == 0 else {
        let reason = String(cString: strerror(errno))
        unlink(temporary)
        return reason
      }
      return nil
    }
  }

  /// Opens `path`, takes its exclusive lock, and runs `body` with the descriptor and the
  /// file's size, once the open file is the one at the path (another session may have
  /// renamed a new file over it while this one waited).
  ///
  /// - Returns: `body`'s answer, or the reason the file could not be opened or locked.
  static func withLockedFile(
    _ path: String, flags: Int32, _ body: (Int32, Int) -> String?
  ) -> String? {
    for _ in 0..<100 {
      let fd = open(path, flags | O_CLOEXEC, 0o600)
      guard fd >= 0 else { return String(cString: strerror(errno)) }
      defer { close(fd) }
      while flock(fd, LOCK_EX) != 0 {
        guard errno == EINTR else { return String(cString: strerror(errno)) }
      }
      var open = stat()
      var named = stat()
      guard fstat(fd, &open) == 0 else { return String(cString: strerror(errno)) }
      guard stat(path, &named) == 0, named.st_ino == open.st_ino, named.st_dev == open.st_dev
      else { continue }  // renamed over while waiting: lock the new file
      if flags & O_CREAT != 0 { _ = fchmod(fd, 0o600) }
      return body(fd, Int(open.st_size))
    }
    return "the file keeps being replaced"
  }

  /// Writes all of `bytes` to `fd`, retrying after signals; false on an error (errno set).
  static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var done = 0
    while done < bytes.count {
      let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, bytes.count - done) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else {
        if n == 0 { errno = ENOSPC }
        return false
      }
      done += n
    }
    return true
  }

  /// The whole file open at `fd` (about `size` bytes), or nil on a read error.
  static func readAll(_ fd: Int32, size: Int) -> [UInt8]? {
    var bytes = [UInt8](repeating: 0, count: Swift.max(size, 4096))
    var count = 0
    while true {
      if count == bytes.count { bytes += [UInt8](repeating: 0, count: bytes.count) }
      let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
      if n < 0 && errno == EINTR { continue }
      guard n >= 0 else { return nil }
      if n == 0 { break }
      count += n
    }
    return Array(bytes[..<count])
  }

  /// `text` with every character outside printable ASCII as `?` (a warning is safe to print).
  static func printable(_ text: Substring) -> String {
    String(text.unicodeScalars.map { $0.value >= 0x20 && $0.value < 0x7F ? Character($0) : "?" })
  }

  /// The history size from `GRAPHCALC_HISTORY_SIZE` (its value, or nil when unset): a whole
  /// number from 0 to `largestSize`.
  ///
  /// - Returns: The size, and a warning when the value was not one (then the default).
  public static func size(fromEnvironment value: String?) -> (size: Int, warning: String?) {
    guard let value else { return (defaultSize, nil) }
    if let n = Int(value), n >= 0, n <= largestSize { return (n, nil) }
    return (
      defaultSize,
      "graphcalc: GRAPHCALC_HISTORY_SIZE must be a whole number from 0 to \(largestSize), "
        + "not '\(printable(value.prefix(40)))'; keeping \(defaultSize) entries"
    )
  }
}
