import Glibc
import GraphCalcApp

/// Asks the terminal on standard input and output what it can show (`TerminalProbe`): the
/// questions written once, the answers read in non-canonical mode without echo for at
/// most `TerminalProbe.timeoutMilliseconds`, until the DA1 answer (the fence) is in; the
/// terminal's modes are restored, and bytes that were no answer (type-ahead) are handed
/// back to the line editor (`rl_stuff_char`), so nothing typed is lost.
enum TerminalQuery {
  /// The type-ahead read during the last probe, for the line editor.
  nonisolated(unsafe) static var typeAhead: [UInt8] = []

  /// The canvas for this terminal: `fallback` inside tmux (which passes no picture through
  /// without `allow-passthrough`; a note says so) or when the terminal does not answer.
  static func canvas(fallback: CanvasKind) -> (canvas: CanvasKind, darkBackground: Bool) {
    if let tmux = getenv("TMUX"), tmux.pointee != 0 {
      Terminal.report(
        "note: inside tmux: \(fallback.rawValue) (for pictures: set -g allow-passthrough on "
          + "in tmux, then set canvas kitty or sixel)")
      return (fallback, false)
    }
    let probe = ask()
    typeAhead = probe.typeAhead
    let program = getenv("TERM_PROGRAM").map { String(cString: $0) }
    return (
      probe.canvas(termProgram: program, fallback: fallback), probe.hasDarkBackground ?? false
    )
  }

  /// Writes the questions and reads the answers (see the type's summary).
  static func ask() -> TerminalProbe {
    let fd = STDIN_FILENO
    var saved = termios()
    guard tcgetattr(fd, &saved) == 0 else { return TerminalProbe() }
    var raw = saved
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
    raw.c_cc.6 = 0  // VMIN
    raw.c_cc.5 = 0  // VTIME
    guard tcsetattr(fd, TCSANOW, &raw) == 0 else { return TerminalProbe() }
    defer { _ = tcsetattr(fd, TCSANOW, &saved) }
    let query = TerminalProbe.query
    _ = query.withUnsafeBufferPointer { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    var bytes: [UInt8] = []
    var start = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    var buffer = [UInt8](repeating: 0, count: 512)
    while true {
      var now = timespec()
      clock_gettime(CLOCK_MONOTONIC, &now)
      let elapsed =
        Int(now.tv_sec - start.tv_sec) * 1000 + Int(now.tv_nsec - start.tv_nsec) / 1_000_000
      let left = TerminalProbe.timeoutMilliseconds - elapsed
      guard left > 0 else { break }
      var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, Int32(left))
      if ready < 0 && errno == EINTR { continue }
      guard ready > 0 else { break }
      let n = buffer.withUnsafeMutableBufferPointer { read(fd, $0.baseAddress, $0.count) }
      guard n > 0 else { break }
      bytes += buffer[0..<n]
      if TerminalProbe.interpret(bytes).isComplete { break }
    }
    return TerminalProbe.interpret(bytes)
  }
}
