import Glibc
import Synchronization

/// What one read from a `StreamInput` gave.
public enum StreamReadResult: Sendable, Equatable {
  /// This many bytes (more than 0) were written to the start of the buffer.
  case data(Int)
  /// Nothing arrived within the timeout (or a signal interrupted the wait): try again later.
  case timedOut
  /// The input ended (end of file, or the command closed its output).
  case end
  /// Reading failed with this `errno`; treat as the end of input.
  case failed(Int32)
}

/// A source of bytes for a live stream: standard input, a file, a command's output, or a fake.
///
/// Implementations wait at most `timeout` seconds for data, so the caller can redraw and read
/// keys while the source is quiet.
public protocol StreamInput {
  /// Reads what is available (up to `buffer.count` bytes) into `buffer`.
  /// - Parameters:
  ///   - buffer: where to put the bytes; not empty.
  ///   - timeout: the longest wait for data in seconds (0: don't wait); `nil` waits until
  ///     data or the end arrives.
  /// - Returns: the bytes read, a timeout, the end, or a failure.
  mutating func read(into buffer: UnsafeMutableRawBufferPointer, timeout: Double?)
    -> StreamReadResult
}

/// An open file descriptor read with poll(2) and read(2): standard input, a file, a pipe.
///
/// The descriptor is not closed by this type unless you call `close()`.
public struct FileDescriptorInput: StreamInput, Sendable {
  /// The descriptor read from.
  public let fd: Int32

  /// Reads descriptor `fd` (which stays open and owned by the caller).
  /// - Parameter fd: an open, readable file descriptor.
  public init(fd: Int32) { self.fd = fd }

  /// Standard input (descriptor 0).
  public static var standardInput: FileDescriptorInput { FileDescriptorInput(fd: 0) }

  /// Opens the file at `path` for reading.
  /// - Parameter path: a file system path.
  /// - Returns: an input owning the new descriptor (close it with `close()`).
  /// - Throws: `StreamInputError.openFailed` with the path and `errno`.
  public static func open(path: String) throws(StreamInputError) -> FileDescriptorInput {
    let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
    if fd < 0 { throw .openFailed(path: path, errno: errno) }
    return FileDescriptorInput(fd: fd)
  }

  /// Waits up to `timeout` seconds with poll(2), then read(2)s once (see `StreamInput`).
  public mutating func read(into buffer: UnsafeMutableRawBufferPointer, timeout: Double?)
    -> StreamReadResult
  {
    guard let base = buffer.baseAddress, buffer.count > 0 else { return .timedOut }
    var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    let ready = poll(&pfd, 1, Self.milliseconds(timeout))
    if ready < 0 { return errno == EINTR ? .timedOut : .failed(errno) }
    if ready == 0 { return .timedOut }
    let n = Glibc.read(fd, base, buffer.count)
    if n > 0 { return .data(n) }
    if n == 0 { return .end }
    let e = errno
    return (e == EINTR || e == EAGAIN || e == EWOULDBLOCK) ? .timedOut : .failed(e)
  }

  /// Closes the descriptor.
  public func close() { _ = Glibc.close(fd) }

  /// A poll(2) timeout in whole milliseconds (rounded up; -1 for `nil`), without trapping on
  /// NaN, negative or huge values.
  static func milliseconds(_ timeout: Double?) -> Int32 {
    guard let timeout else { return -1 }
    guard timeout.isFinite else { return timeout > 0 ? -1 : 0 }
    if timeout <= 0 { return 0 }
    let ms = (timeout * 1000).rounded(.up)
    return ms >= 86_400_000 ? 86_400_000 : Int32(ms)
  }
}

/// Why an input could not be opened.
public enum StreamInputError: Error, Sendable, Equatable, CustomStringConvertible {
  /// open(2) failed for `path` with `errno`.
  case openFailed(path: String, errno: Int32)
  /// A pipe or the child process could not be made (`errno` or posix_spawn's error code).
  case spawnFailed(command: String, errno: Int32)

  /// A one-line message, e.g. `cannot open 'x.dat': No such file or directory`.
  public var description: String {
    switch self {
    case .openFailed(let path, let e):
      return "cannot open '\(path)': \(String(cString: strerror(e)))"
    case .spawnFailed(let command, let e):
      return "cannot run '\(command)': \(String(cString: strerror(e)))"
    }
  }
}

/// How a command ended.
public enum CommandStatus: Sendable, Equatable {
  /// It exited with this code (0 = success; 127 = the shell did not find it).
  case exited(Int32)
  /// A signal ended it (e.g. SIGTERM from `CommandInput.close()`).
  case signaled(Int32)
}

/// The standard output of a shell command (`sh -c COMMAND`), e.g. `vmstat 1`, as a stream.
///
/// The command runs in its own process group with standard input from /dev/null (so it
/// cannot steal the terminal's keys); its standard error goes where `StandardError` says.
/// Call `close()` once when done: it ends the command (SIGTERM to the group, SIGKILL after
/// a second) if it is still running and reaps it. Copies share the same process: close one.
public struct CommandInput: StreamInput, Sendable {
  /// Where the command's standard error goes.
  public enum StandardError: Sendable, Equatable {
    /// Into the stream, where its lines count as junk and the last one shows in
    /// `StreamParser.lastJunkLine` (so `sh: 1: vmstat: not found` can be shown to the user).
    case merge
    /// To /dev/null.
    case discard
    /// To this process's standard error (it may scribble over a full-screen display).
    case inherit
  }

  /// The command line given to `sh -c`.
  public let command: String
  /// The child's process id (also its process group id).
  public let pid: pid_t
  private var pipe: FileDescriptorInput
  /// The pipe's read end, closed once whichever copy closes it and however often.
  private let readEnd: ClosedOnce
  /// Whether the command's output reached its end (it closed its standard output).
  private var outputEnded = false

  /// Starts `sh -c command` with its standard output on a pipe read by this input.
  /// - Parameters:
  ///   - command: a shell command line, e.g. `vmstat 1`.
  ///   - standardError: where the command's errors go; `.merge` by default.
  /// - Throws: `StreamInputError.spawnFailed` if no pipe or process could be made (a command
  ///   that does not exist still starts: the shell reports it and exits with 127).
  public init(command: String, standardError: StandardError = .merge) throws(StreamInputError) {
    self.command = command
    var fds: [Int32] = [-1, -1]
    guard Glibc.pipe(&fds) == 0 else { throw .spawnFailed(command: command, errno: errno) }
    let (readEnd, writeEnd) = (fds[0], fds[1])
    // Neither end should leak into the child (the dup2'd copies below are not close-on-exec)
    // or into other children we start later.
    _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
    _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
    switch standardError {
    case .merge: posix_spawn_file_actions_adddup2(&actions, writeEnd, 2)
    case .discard: posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    case .inherit: break
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(&attributes, 0)

    var child: pid_t = 0
    let arguments = ["sh", "-c", command]
    var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for p in cArguments { free(p) } }
    let rc = posix_spawn(&child, "/bin/sh", &actions, &attributes, &cArguments, environ)
    _ = Glibc.close(writeEnd)
    if rc != 0 {
      _ = Glibc.close(readEnd)
      throw .spawnFailed(command: command, errno: rc)
    }
    pid = child
    pipe = FileDescriptorInput(fd: readEnd)
    self.readEnd = ClosedOnce(readEnd)
  }

  /// Reads the command's output (see `StreamInput`).
  public mutating func read(into buffer: UnsafeMutableRawBufferPointer, timeout: Double?)
    -> StreamReadResult
  {
    let result = pipe.read(into: buffer, timeout: timeout)
    if result == .end { outputEnded = true }
    return result
  }

  /// Closes the pipe, ends the command if it still runs, and reaps it.
  ///
  /// SIGTERM goes to the command's process group (the shell and its pipeline); if it has
  /// not exited after about a second, SIGKILL follows. A command whose output has ended is
  /// first given up to a second to exit by itself (reading the end of its output and its
  /// exit race: signalling at once could report SIGTERM for a command that exited 3).
  /// - Returns: how the command ended; `nil` if it could not be reaped (already reaped).
  @discardableResult
  public func close() -> CommandStatus? {
    // Once only: a second close of the number would close whatever descriptor has reused it
    // since (another stream's pipe; found as a flaky test).
    readEnd.close()
    var status: Int32 = 0
    // A negative answer means it is not (or no longer) our child: never signal a pid that
    // may have been reused.
    var reaped = waitpid(pid, &status, WNOHANG)
    if reaped == pid { return Self.decode(status) }
    if reaped < 0 { return nil }
    if outputEnded {
      // A command that closed its output is normally exiting: give it up to a second to
      // end by itself, so its own exit status is reported (not our SIGTERM).
      for _ in 0..<200 {
        usleep(5_000)
        reaped = waitpid(pid, &status, WNOHANG)
        if reaped == pid { return Self.decode(status) }
        if reaped < 0 && errno != EINTR { return nil }
      }
    }
    _ = kill(-pid, SIGTERM)
    for _ in 0..<100 {
      reaped = waitpid(pid, &status, WNOHANG)
      if reaped == pid { return Self.decode(status) }
      if reaped < 0 && errno != EINTR { return nil }
      usleep(10_000)
    }
    _ = kill(-pid, SIGKILL)
    while true {
      if waitpid(pid, &status, 0) == pid { return Self.decode(status) }
      if errno != EINTR { return nil }
    }
  }

  /// Decodes a wait(2) status (the WIFEXITED/WEXITSTATUS/WTERMSIG macros, which Swift
  /// cannot import).
  static func decode(_ status: Int32) -> CommandStatus {
    let signal = status & 0x7F
    return signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
  }
}

/// Bytes held in memory, handed out in chunks of a fixed size: for tests, benchmarks and
/// replaying a stream.
public struct BytesInput: StreamInput, Sendable {
  /// All the bytes.
  public let bytes: [UInt8]
  /// The most bytes one `read` returns.
  public let chunkSize: Int
  /// How many bytes were handed out so far.
  public private(set) var offset = 0

  /// An input that yields `bytes` in chunks of at most `chunkSize` bytes, then `.end`.
  /// - Parameters:
  ///   - bytes: the stream's content.
  ///   - chunkSize: bytes per read (values below 1 are taken as 1).
  public init(_ bytes: [UInt8], chunkSize: Int = 65_536) {
    self.bytes = bytes
    self.chunkSize = Swift.max(1, chunkSize)
  }

  /// An input that yields the UTF-8 of `text` (see `init(_:chunkSize:)`).
  public init(_ text: String, chunkSize: Int = 65_536) {
    self.init(Array(text.utf8), chunkSize: chunkSize)
  }

  /// The next chunk, or `.end` when all was read; never waits.
  public mutating func read(into buffer: UnsafeMutableRawBufferPointer, timeout: Double?)
    -> StreamReadResult
  {
    let n = Swift.min(chunkSize, buffer.count, bytes.count - offset)
    if n <= 0 { return offset >= bytes.count ? .end : .timedOut }
    bytes.withUnsafeBytes { source in
      guard let from = source.baseAddress, let to = buffer.baseAddress else { return }
      to.copyMemory(from: from + offset, byteCount: n)
    }
    offset += n
    return .data(n)
  }
}

/// A file descriptor that is closed at most once, whichever of the copies that share it
/// asks, and however many times.
final class ClosedOnce: Sendable {
  /// The descriptor.
  let fd: Int32
  /// Whether it has been closed.
  private let closed = Atomic<Bool>(false)

  /// Owns `fd`.
  init(_ fd: Int32) { self.fd = fd }

  /// Closes the descriptor the first time; later calls do nothing.
  func close() {
    if !closed.exchange(true, ordering: .acquiringAndReleasing) { _ = Glibc.close(fd) }
  }
}
