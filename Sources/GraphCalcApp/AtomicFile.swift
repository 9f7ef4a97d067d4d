import Glibc
import Synchronization

/// Writes files whole or not at all.
///
/// The text goes to a new temporary file in the destination's folder (so both are on one
/// file system), is closed, and is then renamed over the destination with
/// rename(2), which replaces it in one step: a reader sees the old file or the new one, never
/// a part. On any failure the temporary file is removed and the destination is untouched.
///
/// A destination that is not a regular file (a device such as `/dev/stdout` or `/dev/null`,
/// a FIFO) cannot be replaced that way and must never be: it is written in place. A symbolic
/// link is followed, so the file it points at is replaced and the link stays; a link to
/// nothing (dangling) or a loop of links is refused, as GNU `cp` refuses to write through a
/// dangling link. Paths under `/dev/` and `/proc/` (`/dev/stdout`, `/proc/self/fd/1`) are
/// always written in place.
///
/// Modes, as `cp` keeps them: a file replaced keeps its permission bits (a 0600 file stays
/// 0600); a new file gets 0666 less the umask; a file the user may not write (0444, for one
/// who is not root) is refused, not replaced.
///
/// While the temporary file exists, SIGTERM, SIGHUP and SIGINT (when they would end the
/// process) remove it before the process ends; after SIGKILL nothing can (Docs/limits.md).
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
    var link = stat()
    if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK, stat(path, &info) != 0 {
      let reason =
        errno == ELOOP
        ? "it is a loop of symbolic links" : "it is a symbolic link to a file that does not exist"
      throw CommandError(.cannotWrite(path: path, reason: reason))
    }
    if stat(path, &info) == 0 {
      let kind = info.st_mode & S_IFMT
      if kind == S_IFDIR { throw CommandError(.cannotWrite(path: path, reason: "Is a directory")) }
      // /dev/stdout and /proc/self/fd/N name an open file of this process: replacing
      // the file they resolve to would leave the descriptor writing to the old one.
      if kind != S_IFREG || path.hasPrefix("/dev/") || path.hasPrefix("/proc/") {
        return try writeInPlace(contents, to: path)
      }
      // A file the user may not write is refused, as cp refuses it (root may write it).
      guard access(path, W_OK) == 0 else { throw failure(path) }
      let mode = info.st_mode & 0o7777
      if link.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(path, nil) {
        defer { free(resolved) }
        return try replace(
          with: contents, at: String(cString: resolved), mode: mode, reportedAs: path)
      }
      return try replace(with: contents, at: path, mode: mode, reportedAs: path)
    }
    try replace(with: contents, at: path, mode: 0o666 & ~currentUmask(), reportedAs: path)
  }

  /// The process's umask (read by setting it and putting it back).
  static func currentUmask() -> mode_t {
    let mask = umask(0o022)
    umask(mask)
    return mask
  }

  /// Writes `contents` to a temporary file beside `target` with permission bits `mode` and
  /// renames it over `target`; errors name `shown`.
  private static func replace(
    with contents: [UInt8], at target: String, mode: mode_t, reportedAs shown: String
  ) throws(CommandError) {
    // One export at a time in a process: the signal handlers and the buffer they read
    // (`cleanupPath`) are the process's, and two sessions exporting at once on two threads
    // (the tests do) swapped their temporary files' names.
    try exportLock.withLock { _ throws(CommandError) in
      try replaceLocked(with: contents, at: target, mode: mode, reportedAs: shown)
    }
  }

  /// Serialises `replace` (see there).
  private static let exportLock = Mutex(())

  /// `replace`, under `exportLock`.
  private static func replaceLocked(
    with contents: [UInt8], at target: String, mode: mode_t, reportedAs shown: String
  ) throws(CommandError) {
    let path = target
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    // The handlers go in before the file is made, and mkstemp fills in the name in the
    // buffer they read, so no signal finds the file made but not yet named.
    let template = Array((folder + "." + name + ".tmp-XXXXXX").utf8CString)
    guard template.count < cleanupPathCapacity else {
      throw CommandError(.cannotWrite(path: shown, reason: String(cString: strerror(ENAMETOOLONG))))
    }
    let cleanup = TemporaryFileCleanup(template)
    defer { cleanup.end() }
    let fd = mkstemp(cleanupPath)
    guard fd >= 0 else { throw failure(shown) }
    let temporary = String(cString: cleanupPath)
    let written = writeAll(contents, to: fd)
    // mkstemp makes the file 0600; it gets the mode of the file it replaces, or the umask's.
    // No fsync(2): it cost about 6 ms of a 13 ms one-shot export on this kind of disk, and
    // the promise is whole-or-nothing for readers and for failures of graphcalc (as with
    // gnuplot and editors in their default settings), not durability across a power loss.
    guard written, fchmod(fd, mode) == 0 else {
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

/// The temporary file of the export in progress, removed if SIGTERM, SIGHUP or SIGINT would
/// end the process while it exists: the handlers are installed for the write only, and put
/// the earlier ones back after. A handler unlinks the file (async-signal safe: the path is in
/// a buffer made before), then gives the signal to the earlier disposition: the default ends
/// the process (the signal is raised again), an earlier handler is called (the REPL's SIGINT
/// flag, after which the export goes on: then the file is not removed), an ignored signal
/// stays ignored.
struct TemporaryFileCleanup {
  /// The signals handled.
  static let signals: [Int32] = [SIGTERM, SIGHUP, SIGINT]

  /// The earlier actions, in the order of `signals`.
  private var earlier: [sigaction] = []

  /// Starts removing the file named by `path` (a NUL-terminated C string) on the signals.
  init(_ path: [CChar]) {
    let count = Swift.min(path.count, cleanupPathCapacity - 1)
    for i in 0..<count { cleanupPath[i] = path[i] }
    cleanupPath[count] = 0
    for (i, signal) in Self.signals.enumerated() {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = cleanupHandler
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0
      var old = sigaction()
      _ = sigaction(signal, &action, &old)
      earlier.append(old)
      cleanupEarlier[i] = old
    }
  }

  /// Stops: the earlier actions are back, and no file is named.
  func end() {
    for (i, signal) in Self.signals.enumerated() {
      var old = earlier[i]
      _ = sigaction(signal, &old, nil)
    }
    cleanupPath[0] = 0
  }
}

/// How many bytes `cleanupPath` holds.
let cleanupPathCapacity = 4096
/// The temporary file's path while one is written (empty otherwise); made once, before any
/// handler can run, so a handler only reads it.
nonisolated(unsafe) let cleanupPath: UnsafeMutablePointer<CChar> = {
  let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: cleanupPathCapacity)
  buffer[0] = 0
  return buffer
}()
/// The actions the cleanup replaced, by the index of `TemporaryFileCleanup.signals`.
nonisolated(unsafe) private let cleanupEarlier: UnsafeMutablePointer<sigaction> = {
  let buffer = UnsafeMutablePointer<sigaction>.allocate(capacity: 3)
  buffer.initialize(repeating: sigaction(), count: 3)
  return buffer
}()

/// The signal handler of `TemporaryFileCleanup` (see there).
private func cleanupHandler(_ signal: Int32) {
  let index = signal == SIGTERM ? 0 : signal == SIGHUP ? 1 : 2
  let old = cleanupEarlier[index]
  let handler = old.__sigaction_handler.sa_handler
  let isDefault = handler == nil  // SIG_DFL is the null handler
  let isIgnored = unsafeBitCast(handler, to: Int.self) == 1  // SIG_IGN
  if isIgnored { return }
  if !isDefault, let handler {
    handler(signal)
    return
  }
  if cleanupPath[0] != 0 { unlink(cleanupPath) }
  var action = sigaction()
  action.__sigaction_handler.sa_handler = nil
  sigemptyset(&action.sa_mask)
  _ = sigaction(signal, &action, nil)
  raise(signal)
}
