import Glibc
import GraphCalcApp
import GraphView
import Streaming
import Synchronization
import TextAndNumbers

/// Runs a `stream`: reads the numbers, redraws the plot in place while standard output is a
/// terminal, and leaves the last frame on screen.
///
/// When standard output is not a terminal nothing is animated: the input is read to its end
/// (or to Ctrl-C) and the final frame is printed once, without escape codes (unless colour
/// was forced). Keys come from /dev/tty (standard input may be the data): `q` stops. Ctrl-C
/// (SIGINT), SIGTERM and SIGHUP stop too, always restoring the terminal (cursor shown,
/// wrapping on, echo and line mode back); SIGWINCH redraws at the new size; Ctrl-Z
/// restores the terminal before the process stops and takes it over again after `fg`.
enum StreamLive {
  /// Set when the last `run` ended on a usage error found in the data (a `--columns` name
  /// the stream does not have): `graphcalc stream` then exits 2, not 1.
  static let usageErrorFound = Atomic<Int>(0)

  /// What ended a stream.
  struct Outcome {
    /// Whether the user stopped it (q, Ctrl-C, a signal) rather than the input ending.
    var stopped = false
    /// The final frame (for the export).
    var session: StreamSession
    /// Whether it stopped because its terminal went away.
    var terminalGone = false
  }

  /// Runs `request` to its end.
  /// - Parameters:
  ///   - request: the source and settings.
  ///   - display: canvas and colour for the terminal picture.
  ///   - standardInputFree: whether standard input may be read as data (not a terminal, not
  ///     the commands' source).
  ///   - report: prints one error message (without `error: `).
  ///   - reportAt: prints an error about a place in the prompt's line (a column the data
  ///     lack, under its `--columns` value); nil says which argument in `report`'s message.
  /// - Returns: whether the stream ran without error (exit status 0).
  ///   - theme: the colours of pictures (on the `kitty`, `iterm` and `sixel` canvases).
  static func run(
    _ request: StreamRequest, display: TerminalDisplay, standardInputFree: Bool,
    report: (String) -> Void, reportAt: ((String, Range<Int>?) -> Void)? = nil,
    theme: Theme = .default
  ) -> Bool {
    let outcome: Outcome
    switch request.source {
    case .standardInput:
      guard standardInputFree else {
        report(
          "stream needs numbers: give a FILE or cmd \"COMMAND\" (stream cmd \"vmstat 1\"), "
            + "or pipe them in (vmstat 1 | graphcalc stream)")
        return false
      }
      outcome = drive(FileDescriptorInput.standardInput, request, display, theme)
      if let e = outcome.session.readError {
        report("cannot read standard input: \(String(cString: strerror(e)))")
        _ = export(outcome, request, report)
        return false
      }
    case .file(let path):
      let input: FileDescriptorInput
      do {
        input = try FileDescriptorInput.open(path: path)
      } catch {
        report(error.description)
        return false
      }
      outcome = drive(input, request, display, theme)
      input.close()
      if let e = outcome.session.readError {
        report("cannot read '\(path)': \(String(cString: strerror(e)))")
        _ = export(outcome, request, report)
        return false
      }
    case .command(let command):
      let input: CommandInput
      do {
        input = try CommandInput(command: command, standardError: .merge)
      } catch {
        report(error.description)
        return false
      }
      // A failed write to the terminal ends graphcalc at once (`Terminal.write`): it ends
      // the command's process group first, which is not in our group and gets no SIGHUP.
      StreamSignals.commandGroup.store(input.pid, ordering: .relaxed)
      outcome = drive(input, request, display, theme)
      StreamSignals.commandGroup.store(0, ordering: .relaxed)
      let status = input.close()
      if !outcome.stopped, let status, status != .exited(0) {
        let how: String
        switch status {
        case .exited(let code): how = "exited with status \(code)"
        case .signaled(let signal): how = "was ended by signal \(signal)"
        }
        report("'\(command)' \(how)")
        _ = export(outcome, request, report)
        return false
      }
    }
    if outcome.terminalGone {
      // Standard error is most likely the same terminal: the message may go nowhere, but
      // the exit status says it, and an export asked for is still written.
      report("the terminal went away; the stream stopped")
      _ = export(outcome, request, report)
      return false
    }
    if let problem = outcome.session.parser.columnProblem {
      if let reportAt {
        reportAt(problem.description, request.selectorSpans[problem.flag])
      } else if let index = request.selectorArguments[problem.flag] {
        report("argument \(index + 1): " + problem.description)
      } else {
        report(problem.description)
      }
      usageErrorFound.store(1, ordering: .relaxed)
      return false
    }
    return export(outcome, request, report)
  }

  /// Writes the SVG of the last frame when `--export svg FILE` asked for it.
  /// - Returns: false when the file could not be written (reported).
  private static func export(
    _ outcome: Outcome, _ request: StreamRequest, _ report: (String) -> Void
  ) -> Bool {
    guard let path = request.options.exportSVGPath else { return true }
    let svg = StreamOutput.svg(outcome.session.frame(columns: 800), width: 800, height: 600)
    do {
      try AtomicFile.write(svg, to: path)
    } catch {
      report(error.message)
      return false
    }
    Terminal.write("wrote \(TerminalText.safe(path)) (800x600)\n")
    return true
  }

  /// Reads `input` until it ends or the user stops, drawing as it goes.
  ///
  /// On a picture canvas (`kitty`, `iterm`, `sixel`) each frame's plot is a picture
  /// (`StreamPicture`), replaced in place at the frame rate; if a picture cannot be made the
  /// stream goes on in braille.
  private static func drive<Input: StreamInput>(
    _ input: Input, _ request: StreamRequest, _ display: TerminalDisplay, _ theme: Theme
  ) -> Outcome {
    var session = StreamSession(options: request.options)
    var reader = StreamReader(input: input)
    let live = Terminal.isTerminal(STDOUT_FILENO)
    let signals = StreamSignals.install(live: live)
    defer { signals.restore() }

    guard live else {
      // Not a terminal: read everything, draw once.
      var stopped = false
      loop: while true {
        if StreamSignals.stop.load(ordering: .relaxed) != 0 {
          stopped = true
          break
        }
        switch session.pump(&reader, maxWait: 0.25) {
        case .frame, .idle: continue
        case .ended: break loop
        }
      }
      if session.parser.columnProblem != nil { return Outcome(stopped: true, session: session) }
      let size = Terminal.size()
      let frame = session.frame(columns: size.columns * 3)
      let canvas = StreamOutput.canvas(
        display.canvas, series: frame.series.count, colors: display.color)
      Terminal.write(
        StreamOutput.terminal(frame, size: size, canvas: canvas, colors: display.colors) + "\n")
      return Outcome(stopped: stopped, session: session)
    }

    var keys = KeyReader.open()
    var screen = StreamScreen()
    var size = Terminal.size()
    var resized = false
    Terminal.write(screen.start)
    var picture =
      display.canvas.isImage
      ? StreamPicture(
        canvas: display.canvas, cellPixels: display.cellPixels, theme: theme,
        passthrough: display.passthrough) : nil
    func draw() {
      if picture != nil {
        // A point a pixel column, for --smooth.
        let frame = session.frame(
          columns: min(size.columns * max(display.cellPixels.width, 1), 10_000))
        do throws(CommandError) {
          Terminal.write(
            try picture!.update(frame, size: size, colors: display.colors, resized: resized))
          resized = false
          return
        } catch {
          picture = nil  // braille from here on, from a clean screen
          resized = true
        }
      }
      let frame = session.frame(columns: size.columns * 3)
      let canvas = StreamOutput.canvas(
        display.canvas.characters, series: frame.series.count, colors: display.color)
      let lines = StreamOutput.terminalLines(
        frame, size: size, canvas: canvas, colors: display.colors)
      Terminal.write(screen.update(lines, columns: size.columns, resized: resized))
      resized = false
    }
    var stopped = false
    loop: while true {
      let key = keys?.poll() ?? .none
      if key == .gone {
        // The terminal went away without a SIGHUP reaching us (blocked or ignored, or no
        // longer our session's): nothing can be drawn or restored; stop, so the caller
        // ends the command's process group (a stream kept running for ever with its child).
        keys?.close()
        return Outcome(stopped: true, session: session, terminalGone: true)
      }
      if StreamSignals.stop.load(ordering: .relaxed) != 0 || key == .quit {
        stopped = true
        break
      }
      if StreamSignals.suspend.exchange(0, ordering: .relaxed) != 0 {
        // Ctrl-Z: give the terminal back as it was, stop, and take it again on `fg`.
        keys?.restore()
        Terminal.write(screen.finish)
        signals.suspendNow()
        keys = KeyReader.open()
        Terminal.write(screen.start)
        size = Terminal.size()
        resized = true
        draw()
      }
      if StreamSignals.resize.exchange(0, ordering: .relaxed) != 0 {
        size = Terminal.size()
        resized = true
        draw()
      }
      switch session.pump(&reader, maxWait: 0.1) {
      case .frame: draw()
      case .idle: continue
      case .ended: break loop
      }
    }
    if session.parser.columnProblem != nil {
      // A usage error found in the data: no final frame; the error says what is wrong.
      keys?.restore()
      Terminal.write(screen.finish)
      return Outcome(stopped: true, session: session)
    }
    draw()  // the final frame, with its counters (also after q: the input has not ended)
    keys?.restore()
    Terminal.write(screen.finish)
    return Outcome(stopped: stopped, session: session)
  }
}

/// The signals a stream handles, as flags its loop polls (a handler may do little more
/// than store a number: POSIX's async-signal-safety).
enum StreamSignals {
  /// Set by SIGINT, SIGTERM and SIGHUP: stop the stream.
  static let stop = Atomic<Int>(0)
  /// Set by SIGWINCH: the terminal changed size.
  static let resize = Atomic<Int>(0)
  /// Set by SIGTSTP (Ctrl-Z): restore the terminal, then stop the process.
  static let suspend = Atomic<Int>(0)
  /// The process group of `stream cmd`'s command while it runs (0 when none): what a
  /// process ending on a failed write must end too.
  static let commandGroup = Atomic<Int32>(0)

  /// The handlers to put back after the stream.
  struct Saved {
    var previous: [(Int32, __sighandler_t?)]

    /// Puts the previous handlers back.
    func restore() {
      for (signal, handler) in previous { _ = Glibc.signal(signal, handler) }
    }

    /// Stops the process as Ctrl-Z would have (the default action of SIGTSTP), and
    /// returns after SIGCONT.
    func suspendNow() {
      _ = Glibc.signal(SIGTSTP, SIG_DFL)
      _ = raise(SIGTSTP)
      _ = Glibc.signal(SIGTSTP) { _ in StreamSignals.suspend.store(1, ordering: .relaxed) }
    }
  }

  /// Clears the flags and installs the handlers (SIGWINCH and SIGTSTP only when `live`).
  static func install(live: Bool) -> Saved {
    stop.store(0, ordering: .relaxed)  // also initializes the statics before any handler runs
    resize.store(0, ordering: .relaxed)
    suspend.store(0, ordering: .relaxed)
    var saved = Saved(previous: [])
    for s in [SIGINT, SIGTERM, SIGHUP] {
      saved.previous.append(
        (s, Glibc.signal(s) { _ in StreamSignals.stop.store(1, ordering: .relaxed) }))
    }
    if live {
      // A pipeline's shell can take the terminal back before the last frame is drawn (bash
      // does when Ctrl-C ends the loop that feeds the stream: `while ...; done | graphcalc
      // stream`); the last frame's writes and the restoring tcsetattr would then stop the
      // process with SIGTTOU ("Stopped (tty output)"). Ignored, they go through (POSIX: a
      // process that ignores SIGTTOU may write and set the terminal from the background).
      saved.previous.append((SIGTTOU, Glibc.signal(SIGTTOU, SIG_IGN)))
      saved.previous.append(
        (
          SIGWINCH,
          Glibc.signal(SIGWINCH) { _ in StreamSignals.resize.store(1, ordering: .relaxed) }
        ))
      saved.previous.append(
        (SIGTSTP, Glibc.signal(SIGTSTP) { _ in StreamSignals.suspend.store(1, ordering: .relaxed) })
      )
    }
    return saved
  }
}

/// Keys typed at the controlling terminal (/dev/tty) while a stream runs, read without
/// waiting: line mode and echo are off, so `q` works at once and is not shown; Ctrl-C still
/// sends SIGINT (ISIG stays on). Only when this process is in the terminal's foreground.
struct KeyReader {
  /// The terminal, opened non-blocking.
  let fd: Int32
  /// The terminal's settings before, put back by `restore`.
  let saved: termios

  /// The terminal in key mode, or nil when there is none (no controlling terminal, or this
  /// process runs in the background).
  static func open() -> KeyReader? {
    let fd = Glibc.open("/dev/tty", O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
    guard fd >= 0 else { return nil }
    var settings = termios()
    guard tcgetpgrp(fd) == getpgrp(), tcgetattr(fd, &settings) == 0 else {
      _ = Glibc.close(fd)
      return nil
    }
    var keys = settings
    keys.c_lflag &= ~tcflag_t(ICANON | ECHO)
    // A read with no key waits for one (fails with EAGAIN, as the descriptor does not
    // block), so a read of 0 bytes means the end of the terminal, not "no key yet".
    withUnsafeMutableBytes(of: &keys.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    guard tcsetattr(fd, TCSANOW, &keys) == 0 else {
      _ = Glibc.close(fd)
      return nil
    }
    return KeyReader(fd: fd, saved: settings)
  }

  /// What the terminal said since the last poll.
  enum Event: Equatable {
    /// Nothing that matters (other keys are dropped).
    case none
    /// `q` or `Q` was typed.
    case quit
    /// The terminal is gone: end of file (a hung-up terminal reads as one) or a read error
    /// other than "no key yet" (EIO once its other side closed).
    case gone
  }

  /// Reads the keys typed since the last call, without waiting.
  func poll() -> Event {
    var buffer = [UInt8](repeating: 0, count: 64)
    var event = Event.none
    while true {
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n == 0 { return .gone }
      if n < 0 {
        let code = errno
        if code == EINTR { continue }
        return code == EAGAIN || code == EWOULDBLOCK ? event : .gone
      }
      if buffer.prefix(n).contains(where: { $0 == UInt8(ascii: "q") || $0 == UInt8(ascii: "Q") }) {
        event = .quit
      }
    }
  }

  /// Closes the terminal without touching its settings (it is gone).
  func close() {
    _ = Glibc.close(fd)
  }

  /// Drops unread keys, puts the terminal's settings back and closes it.
  func restore() {
    _ = tcflush(fd, TCIFLUSH)
    var settings = saved
    _ = tcsetattr(fd, TCSANOW, &settings)
    _ = Glibc.close(fd)
  }
}

/// `graphcalc stream ...`: the stream as a command of its own.
enum StreamCommandLine {
  /// Runs `graphcalc stream` with `arguments` (those after `stream`).
  /// - Parameters:
  ///   - arguments: the stream's options, FILE or `cmd COMMAND`; `--color[=WHEN]` may be
  ///     among them too.
  ///   - color: when to colour (`graphcalc --color=WHEN stream`).
  /// - Returns: the exit status: 0 when the stream ran (to its end or until stopped), 1 on
  ///   an error reading or writing, 2 for a usage error.
  static func run(_ arguments: [String], color: ColorChoice = .auto) -> Int32 {
    if arguments.contains(where: { $0 == "-h" || $0 == "--help" }) {
      Terminal.write(StreamRequest.usage + "\n")
      return 0
    }
    var color = color
    var rest: [String] = []
    for a in arguments {
      if a == "--color" || a == "--colour" {
        color = .always
      } else if a.hasPrefix("--color=") || a.hasPrefix("--colour=") {
        let value = String(a.drop { $0 != "=" }.dropFirst())
        guard let choice = ColorChoice(rawValue: value) else {
          return usageError("option '--color' takes auto, always or never, got '\(value)'")
        }
        color = choice
      } else {
        rest.append(a)
      }
    }
    let request: StreamRequest
    do {
      request = try StreamRequest.parse(rest)
    } catch {
      return usageError(error.message)
    }
    StreamLive.usageErrorFound.store(0, ordering: .relaxed)
    let (display, theme) = probedDisplay(color: color)
    let ok = StreamLive.run(
      request, display: display,
      standardInputFree: !Terminal.isTerminal(STDIN_FILENO),
      report: { Terminal.report("graphcalc stream: \($0)") }, theme: theme)
    if StreamLive.usageErrorFound.load(ordering: .relaxed) != 0 {
      Terminal.report("Try 'graphcalc stream --help' for usage.")
      return 2
    }
    return ok ? 0 : 1
  }

  /// The display of `graphcalc stream`: asked of the terminal as the prompt's first plot
  /// asks it (`TerminalQuery.canvas`: pictures where it shows them, the dark theme on a
  /// dark background, tmux's passthrough, the tmux note on standard error), unless
  /// `GRAPHCALC_CANVAS` names the canvas or standard output is not a terminal (a pipe, a
  /// file: no question is written). The terminal is asked through standard input when that
  /// is it, else through `/dev/tty` (the data come on standard input: `vmstat 1 | graphcalc
  /// stream`); without a controlling terminal, nothing is asked. What was typed while the
  /// terminal was asked is dropped (the stream reads its keys from `/dev/tty` after).
  ///
  /// - Parameter color: When to colour.
  /// - Returns: The display and the pictures' theme.
  static func probedDisplay(color: ColorChoice) -> (TerminalDisplay, Theme) {
    var display = Terminal.display(color: color)
    guard getenv("GRAPHCALC_CANVAS") == nil, Terminal.isTerminal(STDOUT_FILENO) else {
      display.passthrough = TerminalQuery.passthroughForNamedCanvas(display.canvas)
      return (display, .default)
    }
    let fd =
      Terminal.isTerminal(STDIN_FILENO) ? STDIN_FILENO : open("/dev/tty", O_RDWR | O_NOCTTY)
    guard fd >= 0 else { return (display, .default) }
    defer { if fd != STDIN_FILENO { close(fd) } }
    let found = TerminalQuery.canvas(fallback: display.canvas, fd: fd)
    TerminalQuery.typeAhead = []
    display.canvas = found.canvas
    display.darkBackground = found.darkBackground
    display.passthrough = found.passthrough
    if let note = found.note { Terminal.report(note) }
    return (display, found.darkBackground ? .dark : .default)
  }

  /// Reports a usage error; returns the exit status 2.
  private static func usageError(_ message: String) -> Int32 {
    Terminal.report("graphcalc stream: \(message)\nTry 'graphcalc stream --help' for usage.")
    return 2
  }
}
