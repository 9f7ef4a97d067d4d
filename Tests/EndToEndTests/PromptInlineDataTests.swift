import Foundation
import TestSupport
import Testing

extension PromptTests {
  /// `plot "-"` at the prompt, typed as a person would: the data lines get gnuplot's data
  /// prompt, `e` draws the plot, and the data lines stay out of the history file.
  @Test func inlineDataAtThePrompt() throws {
    let binary = try #require(Graphcalc.path, "graphcalc binary not found")
    let temporary = try TemporaryFolder(prefix: "graphcalc-prompt-inline")
    defer { withExtendedLifetime(temporary) {} }
    let home = temporary.url
    let name = "graphcalc-inline-\(getpid())"
    let command =
      "env -u LC_ALL LANG=C.UTF-8 HOME=\(home.path) XDG_STATE_HOME=\(home.path) TERM=xterm "
      + "GRAPHCALC_CANVAS=ascii \(binary)"
    try Self.tmux(["new-session", "-d", "-s", name, "-x", "80", "-y", "30", command])
    defer { _ = try? Self.tmux(["kill-session", "-t", name]) }
    _ = try Self.screen(name, showing: ">")
    for line in ["plot \"-\" with points title \"typed\"", "1 1", "2 4", "31415 9"] {
      try Self.tmux(["send-keys", "-t", name, "-l", line])
      try Self.tmux(["send-keys", "-t", name, "Enter"])
    }
    let waiting = try Self.screen(name, showing: "input data ('e' ends) > 31415 9")
    #expect(waiting.contains("input data ('e' ends) > 1 1"), "\(waiting)")
    try Self.tmux(["send-keys", "-t", name, "-l", "e"])
    try Self.tmux(["send-keys", "-t", name, "Enter"])
    let plotted = try Self.screen(name, showing: "30000")
    #expect(plotted.contains("typed"), "\(plotted)")
    #expect(plotted.contains("30000"), "\(plotted)")  // the x axis reaches the data
    try Self.tmux(["send-keys", "-t", name, "-l", "6*7"])
    try Self.tmux(["send-keys", "-t", name, "Enter"])
    let after = try Self.screen(name, showing: "42")
    #expect(after.split(separator: "\n").contains("42"), "\(after)")
    let history = try String(
      contentsOf: home.appendingPathComponent("graphcalc/history"), encoding: .utf8)
    // libedit's file writes a blank as \040.
    #expect(history.contains("plot\\040\"-\"\\040with\\040points"), "\(history)")
    #expect(history.contains("6*7"), "\(history)")
    #expect(!history.contains("31415"), "\(history)")
  }

  /// `tangent` at the prompt draws the plot again with its line under the answer (in
  /// scripts it prints only the answer, which FillEndToEndTests and the analysis tests check).
  @Test func tangentAtThePromptRedrawsThePlot() throws {
    let binary = try #require(Graphcalc.path, "graphcalc binary not found")
    let temporary = try TemporaryFolder(prefix: "graphcalc-prompt-tangent")
    defer { withExtendedLifetime(temporary) {} }
    let home = temporary.url
    let name = "graphcalc-tangent-\(getpid())"
    let command =
      "env -u LC_ALL LANG=C.UTF-8 HOME=\(home.path) XDG_STATE_HOME=\(home.path) TERM=xterm "
      + "GRAPHCALC_CANVAS=ascii \(binary)"
    try Self.tmux(["new-session", "-d", "-s", name, "-x", "80", "-y", "60", command])
    defer { _ = try? Self.tmux(["kill-session", "-t", name]) }
    _ = try Self.screen(name, showing: ">")
    try Self.tmux(["send-keys", "-t", name, "-l", "plot [-3:3] x^2"])
    try Self.tmux(["send-keys", "-t", name, "Enter"])
    try Self.tmux(["send-keys", "-t", name, "-l", "tangent x^2 at 1"])
    try Self.tmux(["send-keys", "-t", name, "Enter"])
    // The plot follows the answer: its frame, then a prompt (polled until drawn).
    var screen = ""
    var after: ArraySlice<String> = []
    for _ in 0..<200 {  // 10 s at most; the scrollback too (the plot fills the window)
      screen = try Self.tmux(["capture-pane", "-p", "-S", "-200", "-t", name])
      let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      if let answer = lines.firstIndex(of: "y = 2*x - 1") {
        after = lines[(answer + 1)...]
        if after.contains(where: { $0.hasPrefix(">") }) { break }
      }
      usleep(50_000)
    }
    #expect(after.contains { $0.filter { $0 == "-" }.count > 30 }, "\(screen)")
    #expect(after.contains { $0.hasPrefix(">") }, "\(screen)")
  }
}
