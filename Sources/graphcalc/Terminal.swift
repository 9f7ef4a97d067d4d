import Glibc
import GraphCalcApp

/// The process's standard streams: whether they are terminals, the terminal's size, and
/// writing that ends the process quietly when the reader has gone (`graphcalc | head -1`).
enum Terminal {
  /// Whether file descriptor `fd` is a terminal.
  static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

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

  /// Writes `text` to `fd` whole. When the reader has closed the pipe (EPIPE; SIGPIPE is
  /// ignored) the process exits 0 at once: there is no one left to tell.
  static func write(_ text: String, to fd: Int32 = STDOUT_FILENO) {
    var text = text
    text.withUTF8 { bytes in
      var done = 0
      while done < bytes.count {
        let n = Glibc.write(fd, bytes.baseAddress! + done, bytes.count - done)
        if n < 0 {
          if errno == EINTR { continue }
          if errno == EPIPE { exit(0) }
          return
        }
        done += n
      }
    }
  }

  /// Writes `text` and a newline to standard error.
  static func report(_ text: String) {
    write(text + "\n", to: STDERR_FILENO)
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
