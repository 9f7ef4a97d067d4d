import Foundation
import Glibc
import Testing

/// graphcalc running in a pseudo-terminal (forkpty), driven like a user at a keyboard.
final class PseudoTerminal {
  let master: Int32
  let pid: pid_t
  /// Everything the program wrote so far.
  private(set) var output = ""

  /// Starts `binary` on a new pseudo-terminal of `columns` x `rows` with `environment`.
  init(_ binary: String, columns: UInt16, rows: UInt16, environment: [String: String]) throws {
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    // Everything the child needs is prepared before fork (after it only execve runs).
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup(binary), nil]
    let envp: [UnsafeMutablePointer<CChar>?] =
      environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    var fd: Int32 = -1
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    let child = forkpty(&fd, nil, nil, &size)
    if child == 0 {
      // The test runner's threads may block signals; the program starts with none blocked.
      sigprocmask(SIG_SETMASK, &unblocked, nil)
      execve(binary, argv, envp)
      _exit(127)
    }
    for p in argv + envp { free(p) }
    guard child > 0 else { throw POSIXError(.EIO) }
    master = fd
    pid = child
  }

  deinit {
    kill(pid, SIGKILL)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    close(master)
  }

  /// Types `text`.
  func send(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { write(master, $0.baseAddress, $0.count) }
  }

  /// Reads until the output since `start` contains `text`, or 15 seconds pass; answers
  /// whether it came.
  @discardableResult
  func wait(for text: String, after start: String.Index? = nil) -> Bool {
    let deadline = Date().addingTimeInterval(15)
    while Date() < deadline {
      let from = start ?? output.startIndex
      if output[from...].contains(text) { return true }
      var p = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      guard poll(&p, 1, 200) >= 0 else { return false }
      if p.revents & Int16(POLLIN) != 0 {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        if n <= 0 { return output[from...].contains(text) }
        output += String(decoding: buffer.prefix(n), as: UTF8.self)
      } else if p.revents & Int16(POLLHUP) != 0 {
        return output[from...].contains(text)
      }
    }
    return false
  }

  /// The terminal's current settings (the pseudo-terminal's, read through the master).
  func settings() -> termios {
    var t = termios()
    tcgetattr(master, &t)
    return t
  }

  /// Waits for the program to end and answers its exit status (nil if it did not end).
  func exitStatus() -> Int32? {
    for _ in 0..<150 {
      _ = wait(for: "\u{0}never")  // drain output so the child cannot block
      var status: Int32 = 0
      if waitpid(pid, &status, WNOHANG) == pid {
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : -1
      }
    }
    return nil
  }
}

/// A clean environment for the child: a UTF-8 locale and a 256-colour terminal.
func terminalEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
  var env = [
    "PATH": "/usr/bin:/bin", "HOME": "/nonexistent-graphcalc-test", "TERM": "xterm-256color",
    "LANG": "C.UTF-8", "XDG_STATE_HOME": "/nonexistent-graphcalc-test",
  ]
  for (k, v) in extra { env[k] = v }
  return env
}

@Suite struct TerminalTests {
  @Test func exploreInAPseudoTerminalAndTheTerminalComesBack() throws {
    let binary = try #require(Graphcalc.path, "graphcalc binary not found")
    let tty = try PseudoTerminal(binary, columns: 80, rows: 24, environment: terminalEnvironment())
    let before = tty.settings()
    #expect(tty.wait(for: "> "))
    var mark = tty.output.endIndex
    tty.send("plot sin(x)*x, cos(x)\r")
    #expect(tty.wait(for: "-10", after: mark))  // the x tick labels: the plot is out
    #expect(tty.wait(for: "> ", after: tty.output.range(of: "-10")?.upperBound ?? mark))
    // Braille, in colour: the first curve blue, the second orange, axes dim.
    #expect(tty.output.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) })
    #expect(tty.output.contains("\u{1B}[38;5;33m") && tty.output.contains("\u{1B}[38;5;166m"))
    #expect(tty.output.contains("\u{1B}[2m"))

    mark = tty.output.endIndex
    tty.send("explore\r")
    #expect(tty.wait(for: "\u{1B}[?1049h", after: mark))
    #expect(tty.wait(for: "t trace", after: mark))
    #expect(tty.output[mark...].contains("\u{1B}[?25l"))  // cursor hidden
    let raw = tty.settings()
    #expect(raw.c_lflag & tcflag_t(ECHO | ICANON) == 0)  // raw mode while exploring

    mark = tty.output.endIndex
    tty.send("+")
    #expect(tty.wait(for: "x [-7.07107, 7.07107]", after: mark))
    mark = tty.output.endIndex
    tty.send("\u{1B}[C")  // right arrow
    #expect(tty.wait(for: "x [-5.65685, 8.48528]", after: mark))
    mark = tty.output.endIndex
    tty.send("u")
    #expect(tty.wait(for: "x [-7.07107, 7.07107]", after: mark))
    mark = tty.output.endIndex
    tty.send("t")
    #expect(tty.wait(for: "sin(x)*x: x = ", after: mark))
    mark = tty.output.endIndex
    tty.send("l")
    #expect(tty.wait(for: "f(x) = ", after: mark))
    mark = tty.output.endIndex
    tty.send("q")
    #expect(tty.wait(for: "\u{1B}[?1049l", after: mark))
    #expect(tty.wait(for: "x [-7.0710678", after: mark))  // the view's ranges
    #expect(tty.wait(for: "> ", after: mark))
    #expect(tty.output[mark...].contains("\u{1B}[?25h"))  // cursor shown again
    // The prompt's settings are back (libedit may hold its own while it reads a line, so
    // compare the flags a cooked terminal has once a line is being read again).
    let after = tty.settings()
    #expect(after.c_oflag & tcflag_t(OPOST) == before.c_oflag & tcflag_t(OPOST))

    // undo at the prompt steps back through explore's view changes.
    mark = tty.output.endIndex
    tty.send("undo\r")
    #expect(tty.wait(for: "> ", after: mark))
    tty.send("view\r")
    #expect(tty.wait(for: "x [-10, 10]", after: mark))

    // Ctrl-X starts explore from the prompt; Escape leaves it.
    mark = tty.output.endIndex
    tty.send("\u{18}")
    #expect(tty.wait(for: "\u{1B}[?1049h", after: mark))
    tty.send("\u{1B}")
    #expect(tty.wait(for: "\u{1B}[?1049l", after: mark))
    #expect(tty.wait(for: "> ", after: mark))

    tty.send("quit\r")
    #expect(tty.exitStatus() == 0)
  }

  @Test func aSignalWhileExploringRestoresTheTerminal() throws {
    let binary = try #require(Graphcalc.path, "graphcalc binary not found")
    let tty = try PseudoTerminal(
      binary, columns: 30, rows: 10, environment: terminalEnvironment(["NO_COLOR": "1"]))
    #expect(tty.wait(for: "> "))
    let start = tty.output.endIndex
    tty.send("plot x^2\r")
    #expect(tty.wait(for: "-10", after: start))
    #expect(!tty.output.contains("\u{1B}[38;5;"))  // NO_COLOR
    let mark = tty.output.endIndex
    tty.send("explore\r")
    #expect(tty.wait(for: "\u{1B}[?1049h", after: mark))
    #expect(tty.wait(for: "x [-10, 10]  y [0, 100]", after: mark))  // the status line: drawn
    kill(tty.pid, SIGTERM)
    #expect(tty.wait(for: "\u{1B}[?1049l", after: mark))
    let restored = tty.settings()
    #expect(restored.c_lflag & tcflag_t(ICANON) != 0)
  }

  @Test func pipedPlotsHaveNoEscapeCodesEvenWhenTERMSaysColour() throws {
    let result = try Graphcalc.run(
      ["-e", "plot sin(x), cos(x)"], environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8"])
    #expect(result.status == 0)
    #expect(!result.stdout.contains("\u{1B}"))
    // braille
    #expect(result.stdout.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) })
    let forced = try Graphcalc.run(
      ["--color=always", "-e", "plot sin(x)"], environment: ["LANG": "C"])
    #expect(
      forced.stdout.contains("\u{1B}[")
        && forced.stdout.unicodeScalars.allSatisfy { $0.value < 128 })
    let explore = try Graphcalc.run(["-e", "plot x", "-e", "explore"])
    #expect(explore.status == 1)
    #expect(explore.stderr.contains("explore needs a terminal"))
  }
}
