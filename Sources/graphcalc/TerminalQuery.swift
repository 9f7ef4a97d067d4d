import Glibc
import GraphCalcApp
import Streaming

/// Asks the terminal on standard input and output what it can show (`TerminalProbe`): the
/// questions written once, the answers read in non-canonical mode without echo for at
/// most `TerminalProbe.timeoutMilliseconds`, until the DA1 answer (the fence) is in; the
/// terminal's modes are restored, and bytes that were no answer (type-ahead) are handed
/// back to the line editor (`rl_stuff_char`), so nothing typed is lost.
enum TerminalQuery {
  /// The type-ahead read during the last probe, for the line editor.
  nonisolated(unsafe) static var typeAhead: [UInt8] = []

  /// The canvas for this terminal, whether its background is dark, whether pictures go
  /// through tmux's passthrough, and a note to show before the plot; `fallback` when the
  /// terminal shows no pictures or does not answer.
  ///
  /// Inside tmux (`TMUX` set) tmux is asked whether its passthrough is on (`tmux
  /// display-message -p '#{allow-passthrough}'`, the pane's value). When it is, the terminal
  /// outside is asked through it (`TerminalProbe.tmuxQuery`) and a picture it can show is
  /// sent through it too; when it is off, or nothing outside answers, the plot is
  /// `fallback`. The note says which, and how to turn the passthrough on; the session
  /// prints it before the plot and draws the plot shorter by its rows.
  ///
  /// - Parameters:
  ///   - fallback: The character canvas for terminals without pictures.
  ///   - fd: The terminal to ask (standard input, or `/dev/tty` when that is the data).
  static func canvas(fallback: CanvasKind, fd: Int32 = STDIN_FILENO) -> (
    canvas: CanvasKind, darkBackground: Bool, passthrough: Bool, note: String?
  ) {
    if let tmux = getenv("TMUX"), tmux.pointee != 0 {
      guard tmuxPassthrough() else {
        return (
          fallback, false, false,
          "note: inside tmux: \(fallback.rawValue) (for pictures: set -g allow-passthrough on "
            + "in tmux)"
        )
      }
      let probe = ask(TerminalProbe.tmuxQuery, insideTmux: true, fd: fd)
      typeAhead = probe.typeAhead
      // TERM_PROGRAM is tmux's own in here: only the kitty answer tells.
      let canvas = probe.canvas(termProgram: nil, fallback: fallback)
      guard probe.kitty else {
        return (
          fallback, false, false,
          "note: inside tmux: \(fallback.rawValue) (allow-passthrough is on, but the terminal "
            + "outside tmux did not answer the kitty graphics query; set canvas sixel or iterm "
            + "if it shows those)"
        )
      }
      return (
        canvas, probe.hasDarkBackground ?? false, true,
        "note: inside tmux: \(canvas.rawValue) through tmux's allow-passthrough"
      )
    }
    let probe = ask(TerminalProbe.query, insideTmux: false, fd: fd)
    typeAhead = probe.typeAhead
    let program = getenv("TERM_PROGRAM").map { String(cString: $0) }
    return (
      probe.canvas(termProgram: program, fallback: fallback), probe.hasDarkBackground ?? false,
      false, nil
    )
  }

  /// Whether pictures on `canvas`, named by `GRAPHCALC_CANVAS` (no probe), go through tmux's
  /// passthrough: inside tmux, on a picture canvas, when the passthrough is on.
  static func passthroughForNamedCanvas(_ canvas: CanvasKind) -> Bool {
    guard canvas.isImage, let tmux = getenv("TMUX"), tmux.pointee != 0,
      Terminal.isTerminal(STDOUT_FILENO)
    else { return false }
    return tmuxPassthrough()
  }

  /// Whether tmux's passthrough is on for this pane: tmux's answer to `display-message -p
  /// '#{allow-passthrough}'` (`TerminalProbe.passthroughIsOn`), read for at most a second;
  /// false when tmux cannot be run.
  static func tmuxPassthrough() -> Bool {
    guard
      var input = try? CommandInput(
        command: "tmux display-message -p '#{allow-passthrough}'", standardError: .discard)
    else { return false }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    var start = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    loop: while bytes.count < 64 {
      var now = timespec()
      clock_gettime(CLOCK_MONOTONIC, &now)
      let left = 1 - Double(now.tv_sec - start.tv_sec) - Double(now.tv_nsec - start.tv_nsec) / 1e9
      guard left > 0 else { break }
      let result = buffer.withUnsafeMutableBytes { input.read(into: $0, timeout: left) }
      switch result {
      case .data(let n): bytes += buffer[0..<n]
      case .timedOut: continue
      case .end, .failed: break loop
      }
    }
    let status = input.close()
    guard status == .exited(0) else { return false }
    return TerminalProbe.passthroughIsOn(String(decoding: bytes, as: UTF8.self))
  }

  /// Writes the questions `query` and reads the answers (see the type's summary), until
  /// they are all in (`TerminalProbe.complete(insideTmux:)`) or the timeout.
  static func ask(_ query: [UInt8], insideTmux: Bool, fd: Int32 = STDIN_FILENO) -> TerminalProbe {
    var saved = termios()
    guard tcgetattr(fd, &saved) == 0 else { return TerminalProbe() }
    var raw = saved
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
    raw.c_cc.6 = 0  // VMIN
    raw.c_cc.5 = 0  // VTIME
    guard tcsetattr(fd, TCSANOW, &raw) == 0 else { return TerminalProbe() }
    defer { _ = tcsetattr(fd, TCSANOW, &saved) }
    // The questions go where the answers come from: the terminal itself.
    let out = fd == STDIN_FILENO ? STDOUT_FILENO : fd
    _ = query.withUnsafeBufferPointer { write(out, $0.baseAddress, $0.count) }
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
      if TerminalProbe.interpret(bytes).complete(insideTmux: insideTmux) { break }
    }
    return TerminalProbe.interpret(bytes)
  }
}
