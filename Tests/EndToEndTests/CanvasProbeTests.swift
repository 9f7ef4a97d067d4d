import Foundation
import TestSupport
import Testing

extension PromptTests {
  /// At the first plot the interactive prompt asks the terminal what it shows: tmux answers
  /// DA1 itself and passes no picture, so the plot is braille, and lines typed while the
  /// terminal was asked are kept (type-ahead), answered in order.
  @Test func theFirstPlotAsksTheTerminalAndKeepsTypeAhead() throws {
    let binary = try #require(Graphcalc.path, "graphcalc binary not found")
    let temporary = try TemporaryFolder(prefix: "graphcalc-probe")
    defer { withExtendedLifetime(temporary) {} }
    let home = temporary.url
    let name = "graphcalc-probe-\(getpid())"
    // Without TMUX in the environment graphcalc really asks (tmux answers DA1 itself).
    let command =
      "env -u TMUX -u LC_ALL -u GRAPHCALC_CANVAS LANG=C.UTF-8 HOME=\(home.path) "
      + "XDG_STATE_HOME=\(home.path) TERM=xterm \(binary)"
    try Self.tmux(["new-session", "-d", "-s", name, "-x", "80", "-y", "24", command])
    defer { _ = try? Self.tmux(["kill-session", "-t", name]) }
    _ = try Self.screen(name, showing: ">")
    // Both lines at once: the second arrives while the terminal is being asked.
    try Self.tmux(["send-keys", "-t", name, "-l", "plot sin(x)\r2+3\r"])
    let screen = try Self.screen(name, showing: "\n5")
    #expect(screen.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, "\(screen)")
    #expect(screen.split(separator: "\n").contains("5"), "\(screen)")
    #expect(!screen.contains("_G"), "no answer of the terminal is shown: \(screen)")
  }

  /// Part of a line typed while the terminal is asked is given back to the line editor and
  /// shown once, after the prompt (the kernel echoed what TIOCSTI pushed back, so `2+`
  /// showed as `2+> 2+`), and the line typed on from it computes.
  @Test func partialTypeAheadIsShownOnce() throws {
    let binary = try #require(Graphcalc.path, "graphcalc binary not found")
    let temporary = try TemporaryFolder(prefix: "graphcalc-probe")
    defer { withExtendedLifetime(temporary) {} }
    let home = temporary.url
    let name = "graphcalc-partial-\(getpid())"
    let command =
      "env -u TMUX -u LC_ALL -u GRAPHCALC_CANVAS LANG=C.UTF-8 HOME=\(home.path) "
      + "XDG_STATE_HOME=\(home.path) TERM=xterm \(binary)"
    try Self.tmux(["new-session", "-d", "-s", name, "-x", "80", "-y", "24", command])
    defer { _ = try? Self.tmux(["kill-session", "-t", name]) }
    _ = try Self.screen(name, showing: ">")
    // `2+` arrives with the plot line, so the probe reads it; `3` and Enter come after.
    try Self.tmux(["send-keys", "-t", name, "-l", "plot sin(x)\r2+"])
    _ = try Self.screen(name, showing: "> 2+")
    try Self.tmux(["send-keys", "-t", name, "-l", "3\r"])
    let screen = try Self.screen(name, showing: "\n5")
    let lines = screen.split(separator: "\n").map(String.init)
    #expect(lines.contains("> 2+3"), "\(screen)")
    #expect(!screen.contains("2+>") && !screen.contains("2+2+"), "\(screen)")
    #expect(lines.contains("5"), "\(screen)")
  }

  /// Inside tmux with allow-passthrough on but no terminal outside to answer (a detached
  /// session): the kitty query goes through and nothing answers, so braille, with a note
  /// saying so.
  @Test func insideTmuxWithPassthroughButNoAnswerThePlotIsBraille() throws {
    let binary = try #require(Graphcalc.path, "graphcalc binary not found")
    let temporary = try TemporaryFolder(prefix: "graphcalc-probe")
    defer { withExtendedLifetime(temporary) {} }
    let home = temporary.url
    let name = "graphcalc-tmuxpass-\(getpid())"
    let command =
      "env -u LC_ALL -u GRAPHCALC_CANVAS LANG=C.UTF-8 HOME=\(home.path) "
      + "XDG_STATE_HOME=\(home.path) TERM=xterm \(binary)"
    try Self.tmux(["new-session", "-d", "-s", name, "-x", "80", "-y", "30", command])
    defer { _ = try? Self.tmux(["kill-session", "-t", name]) }
    try Self.tmux(["set", "-p", "-t", name, "allow-passthrough", "on"])
    _ = try Self.screen(name, showing: ">")
    try Self.tmux(["send-keys", "-t", name, "-l", "plot sin(x)\r"])
    _ = try Self.screen(name, showing: "-10")
    let screen = try Self.tmux(["capture-pane", "-p", "-S", "-100", "-t", name])
    #expect(screen.contains("note: inside tmux: braille (allow-passthrough is on"), "\(screen)")
    #expect(screen.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, "\(screen)")
  }

  /// Inside tmux (TMUX set) with allow-passthrough off (tmux's default) graphcalc does not
  /// ask: braille, and a note says how to get pictures.
  @Test func insideTmuxThePlotIsBrailleWithANote() throws {
    let binary = try #require(Graphcalc.path, "graphcalc binary not found")
    let temporary = try TemporaryFolder(prefix: "graphcalc-probe")
    defer { withExtendedLifetime(temporary) {} }
    let home = temporary.url
    let name = "graphcalc-tmux-\(getpid())"
    let command =
      "env -u LC_ALL -u GRAPHCALC_CANVAS LANG=C.UTF-8 HOME=\(home.path) "
      + "XDG_STATE_HOME=\(home.path) TERM=xterm \(binary)"
    try Self.tmux(["new-session", "-d", "-s", name, "-x", "80", "-y", "30", command])
    defer { _ = try? Self.tmux(["kill-session", "-t", name]) }
    _ = try Self.screen(name, showing: ">")
    try Self.tmux(["send-keys", "-t", name, "-l", "plot sin(x)\r"])
    _ = try Self.screen(name, showing: "-10")
    // The note comes before the plot, which fills the screen: read the scrollback too.
    let screen = try Self.tmux(["capture-pane", "-p", "-S", "-100", "-t", name])
    #expect(screen.contains("note: inside tmux: braille"), "\(screen)")
    #expect(screen.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, "\(screen)")
  }

  /// The tmux note comes before the first plot and the plot is a row shorter: the note,
  /// the whole plot and the prompt fill the 30 rows, so the plot's top row is on screen
  /// (the plot was the full height, and its top row scrolled off with the note).
  @Test func theTmuxNoteLeavesTheWholePlotOnScreen() throws {
    let binary = try #require(Graphcalc.path, "graphcalc binary not found")
    let temporary = try TemporaryFolder(prefix: "graphcalc-probe")
    defer { withExtendedLifetime(temporary) {} }
    let home = temporary.url
    let name = "graphcalc-tmuxnote-\(getpid())"
    let command =
      "env -u LC_ALL -u GRAPHCALC_CANVAS LANG=C.UTF-8 HOME=\(home.path) "
      + "XDG_STATE_HOME=\(home.path) TERM=xterm \(binary)"
    try Self.tmux(["new-session", "-d", "-s", name, "-x", "80", "-y", "30", command])
    defer { _ = try? Self.tmux(["kill-session", "-t", name]) }
    _ = try Self.screen(name, showing: ">")
    try Self.tmux(["send-keys", "-t", name, "-l", "plot sin(x)\r"])
    let screen = try Self.screen(name, showing: "-10")
    usleep(200_000)
    let shown = try Self.tmux(["capture-pane", "-p", "-t", name])
    let lines = shown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(
      lines.first?.hasPrefix("note: inside tmux: braille") == true, "\(screen)\n---\n\(shown)")
    // Then the 28 rows of the plot (its top row a y tick label), the prompt last.
    #expect(lines.count >= 30, "\(shown)")
    if lines.count >= 30 {
      #expect(lines[29].hasPrefix(">"), "\(shown)")
      #expect(lines[1].contains("+---"), "the plot's top border: \(shown)")
    }
  }

  /// `graphcalc stream` on the command line asks the terminal as the prompt's first plot
  /// does (inside tmux, with the passthrough off: braille and the note), through
  /// `/dev/tty` when the data come on standard input; with its output piped it asks
  /// nothing (no question in the output, no note).
  @Test func streamOnTheCommandLineAsksTheTerminal() throws {
    let binary = try #require(Graphcalc.path, "graphcalc binary not found")
    let temporary = try TemporaryFolder(prefix: "graphcalc-probe")
    defer { withExtendedLifetime(temporary) {} }
    let out = temporary.url.appendingPathComponent("piped.txt").path
    let name = "graphcalc-streamprobe-\(getpid())"
    let script =
      "seq 5 | \(binary) stream > \(out); echo piped-done; seq 40 | \(binary) stream; "
      + "echo tty-done; sleep 60"
    let command =
      "env -u LC_ALL -u GRAPHCALC_CANVAS LANG=C.UTF-8 TERM=xterm sh -c '\(script)'"
    try Self.tmux(["new-session", "-d", "-s", name, "-x", "80", "-y", "30", command])
    defer { _ = try? Self.tmux(["kill-session", "-t", name]) }
    _ = try Self.screen(name, showing: "tty-done")
    let screen = try Self.tmux(["capture-pane", "-p", "-S", "-200", "-t", name])
    let piped = try #require(screen.range(of: "piped-done"))
    #expect(!screen[..<piped.lowerBound].contains("note:"), "\(screen)")
    #expect(screen[piped.upperBound...].contains("note: inside tmux: braille"), "\(screen)")
    #expect(screen.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, "\(screen)")
    let written = try String(contentsOfFile: out, encoding: .utf8)
    #expect(!written.contains("\u{1B}"), "no question in piped output: \(written)")
    #expect(written.contains("5 samples"), "\(written)")
  }
}
