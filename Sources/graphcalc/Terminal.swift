import Glibc
import GraphCalcApp
import TextAndNumbers

/// The process's standard streams: whether they are terminals, the terminal's size, and
/// writing that ends the process quietly when the reader has gone (`graphcalc | head -1`).
enum Terminal {
  /// Whether file descriptor `fd` is a terminal.
  static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

  /// Whether file descriptor `fd` is the null device (`> /dev/null`): a character device
  /// with `/dev/null`'s device number (fstat and stat, two system calls).
  static func isNullDevice(_ fd: Int32) -> Bool {
    var opened = stat()
    var null = stat()
    guard fstat(fd, &opened) == 0, opened.st_mode & S_IFMT == S_IFCHR,
      stat("/dev/null", &null) == 0, null.st_mode & S_IFMT == S_IFCHR
    else { return false }
    return opened.st_rdev == null.st_rdev
  }

  /// The size to draw a terminal plot at: the terminal's own (ioctl TIOCGWINSZ on standard
  /// output) when standard output is one, else `COLUMNS` and `LINES` from the environment
  /// when set to positive numbers, else 80x24.
  static func size() -> TerminalSize {
    var window = winsize()
    if isTerminal(STDOUT_FILENO), ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0,
      window.ws_col > 0, window.ws_row > 0
    {
      return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
    }
    return TerminalSize(
      columns: environmentNumber("COLUMNS") ?? 80, rows: environmentNumber("LINES") ?? 24)
  }

  /// The positive integer in environment variable `name`, if it holds one.
  private static func environmentNumber(_ name: String) -> Int? {
    guard let raw = getenv(name), let value = Int(String(cString: raw)), value > 0 else {
      return nil
    }
    return value
  }

  /// Writes `text` to `fd` whole, checking every write (tracker issue 20). EINTR is retried;
  /// EAGAIN (a non-blocking descriptor whose reader is slow) is waited out with poll(2).
  /// When the reader has closed the pipe (EPIPE; SIGPIPE is ignored) the process exits 0 at
  /// once: there is no one left to tell. Any other error (a full disk, `> /dev/full`, EIO)
  /// on standard output is reported once on standard error, `graphcalc: cannot write
  /// standard output: REASON`, and the process exits 1; on standard error itself it exits 1
  /// without a message, as there is nowhere to put one.
  static func write(_ text: String, to fd: Int32 = STDOUT_FILENO) {
    var text = text
    text.withUTF8 { bytes in
      var done = 0
      while done < bytes.count {
        let n = Glibc.write(fd, bytes.baseAddress! + done, bytes.count - done)
        if n < 0 {
          let code = errno
          if code == EINTR { continue }
          if code == EAGAIN || code == EWOULDBLOCK {
            var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            _ = poll(&ready, 1, -1)
            continue
          }
          if code == EPIPE { exit(0) }
          failWrite(fd, code)
        }
        done += n
      }
    }
  }

  /// Ends the process after a failed write of `fd` with errno `code`: the message once on
  /// standard error when `fd` is not standard error, then exit status 1.
  private static func failWrite(_ fd: Int32, _ code: Int32) -> Never {
    let group = StreamSignals.commandGroup.load(ordering: .relaxed)
    if group > 0 { _ = kill(-group, SIGTERM) }  // a stream's command does not outlive us
    if fd != STDERR_FILENO {
      let name = fd == STDOUT_FILENO ? "standard output" : "file descriptor \(fd)"
      let message = "graphcalc: cannot write \(name): \(String(cString: strerror(code)))\n"
      var bytes = Array(message.utf8)
      _ = bytes.withUnsafeMutableBufferPointer {
        Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count)
      }
    }
    exit(1)
  }

  /// Writes `text` and a newline to standard error, each of its lines safe for a terminal
  /// (`TerminalText.safe`, the one rule of issue 13): file names, commands and their exit
  /// messages come from outside, and an escape sequence in them must not reach the terminal.
  static func report(_ text: String) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    write(
      lines.map { TerminalText.safe(String($0)) }.joined(separator: "\n") + "\n", to: STDERR_FILENO)
  }
}

/// Reads lines from a C stream with getline(3), whatever their length.
struct LineReader {
  /// The stream read.
  let stream: UnsafeMutablePointer<FILE>

  /// The next line without its line ending (`\n` or `\r\n`), or nil at end of input.
  func next() -> String? {
    var buffer: UnsafeMutablePointer<CChar>?
    var capacity = 0
    defer { free(buffer) }
    let count = getline(&buffer, &capacity, stream)
    guard count >= 0, let buffer else { return nil }
    var line = String(decoding: UnsafeRawBufferPointer(start: buffer, count: count), as: UTF8.self)
    if line.hasSuffix("\n") { line.removeLast() }  // "\r\n" is one Character
    if line.hasSuffix("\r") { line.removeLast() }
    return line
  }
}
