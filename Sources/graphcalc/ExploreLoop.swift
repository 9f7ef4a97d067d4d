import Glibc
import GraphCalcApp
import GraphView
import LineEditor

/// The terminal `explore` runs on: keys from standard input (poll(2) with a timeout, so a
/// resize flagged by SIGWINCH is noticed at once), frames to standard output.
struct RawTerminal: ExploreTerminal {
  mutating func next(timeoutMilliseconds: Int) -> ExploreEvent {
    // SIGINT from outside leaves the view as q does (it ended the whole REPL).
    if RawMode.takeInterrupt() { return .end }
    if RawMode.takeResize() { return .resized(Terminal.size()) }
    let ready = RawMode.wait(milliseconds: timeoutMilliseconds)
    if RawMode.takeInterrupt() { return .end }
    if RawMode.takeResize() { return .resized(Terminal.size()) }
    if ready < 0 { return .end }
    if ready == 0 { return .timeout }
    var buffer = [UInt8](repeating: 0, count: 256)
    let n = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
    if n < 0 { return errno == EINTR || errno == EAGAIN ? .timeout : .end }
    if n == 0 { return .end }
    return .bytes(Array(buffer.prefix(n)))
  }

  mutating func write(_ text: String) { Terminal.write(text) }
}

extension Runner {
  /// Runs `explore` full screen on the terminal: on the bar chart while one is shown (then
  /// keeps its scroll offset and prints the chart as it is left), else on the plot (then
  /// keeps its view and prints the view's ranges). Reports (and answers false) when standard
  /// input or output is not a terminal.
  mutating func explore(prefix: String) -> Bool {
    guard Terminal.isTerminal(STDIN_FILENO), Terminal.isTerminal(STDOUT_FILENO) else {
      Terminal.report(prefix + "error: explore needs a terminal (standard input and output)")
      return false
    }
    if var bars = session.barExploreState() {
      guard fullScreen(&bars, prefix: prefix) else { return false }
      session.terminalSize = Terminal.size()
      Terminal.write(session.finishExploring(bars))
      return true
    }
    var state: ExploreState
    do {
      state = try session.exploreState()
    } catch {
      Terminal.report(prefix + "error: " + error.message)
      return false
    }
    guard fullScreen(&state, prefix: prefix) else { return false }
    session.finishExploring(state)
    Terminal.write(session.viewDescription + "\n")
    return true
  }

  /// Runs `state` on the terminal in raw mode on the alternate screen (`RawMode`, which
  /// also restores the terminal after a signal), at the terminal's size, its frames
  /// pictures on a picture canvas (`ExplorePicture`); answers false (reported) when raw
  /// mode cannot be entered.
  private func fullScreen(_ state: inout some ExploreScreen, prefix: String) -> Bool {
    state.size = Terminal.size()
    guard RawMode.enter() else {
      Terminal.report(prefix + "error: cannot switch the terminal to raw mode")
      return false
    }
    var terminal = RawTerminal()
    // On a picture canvas the plot's frames are pictures (a bar chart's stay text).
    let display = session.display
    var picture =
      display.canvas.isImage
      ? ExplorePicture(
        canvas: display.canvas, cellPixels: Terminal.cellPixels() ?? display.cellPixels,
        theme: session.inlineTheme, passthrough: display.passthrough) : nil
    ExploreDriver.run(&state, on: &terminal, picture: &picture)
    if let bye = picture?.leave(), !bye.isEmpty { Terminal.write(bye) }
    RawMode.leave()
    return true
  }
}

extension Terminal {
  /// How plots look in this process: the canvas named by `GRAPHCALC_CANVAS` (`kitty`,
  /// `iterm`, `sixel`, `braille`, `block`, `ascii`) or else from the locale
  /// (`CanvasKind.preferred`), colour by `choice` and the environment
  /// (`ColorChoice.enabled`), the colour depth from `TERM` and `COLORTERM`, and the cell size
  /// in pixels from `TIOCGWINSZ` when the terminal tells it.
  static func display(color choice: ColorChoice) -> TerminalDisplay {
    let env = Runner.environment
    var display = TerminalDisplay(
      canvas: env("GRAPHCALC_CANVAS").flatMap(CanvasKind.init(rawValue:))
        ?? CanvasKind.preferred(
          lcAll: env("LC_ALL"), lcCtype: env("LC_CTYPE"), lang: env("LANG")),
      color: choice.enabled(
        isTerminal: isTerminal(STDOUT_FILENO), term: env("TERM"), noColor: env("NO_COLOR")),
      depth: ColorChoice.depth(term: env("TERM"), colorTerm: env("COLORTERM")))
    if let cell = cellPixels() { display.cellPixels = cell }
    return display
  }

  /// The size of a character cell in pixels from `TIOCGWINSZ` (the window's pixel size over
  /// its cells), or nil when standard output is no terminal or the terminal does not say.
  static func cellPixels() -> PixelSize? {
    var window = winsize()
    guard isTerminal(STDOUT_FILENO), ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0,
      window.ws_col > 0, window.ws_row > 0, window.ws_xpixel > 0, window.ws_ypixel > 0
    else { return nil }
    let w = Int(window.ws_xpixel) / Int(window.ws_col)
    let h = Int(window.ws_ypixel) / Int(window.ws_row)
    return w > 0 && h > 0 ? PixelSize(width: w, height: h) : nil
  }
}
