import Foundation
import TestSupport
import Testing

/// Ctrl-C on a shell pipeline that feeds `graphcalc stream`, typed in a real terminal (tmux,
/// through `PromptTests.tmux`'s own server).
@Suite(.serialized) struct StreamInterruptTests {
  /// `while true; do echo $RANDOM; sleep 0.2; done | graphcalc stream` in bash, then Ctrl-C:
  /// graphcalc ends with status 0, its last frame on screen and the terminal back in line
  /// mode with echo. Before SIGTTOU was ignored, bash took the terminal back first and
  /// graphcalc stopped on its restoring `tcsetattr`: `[1]+ Stopped` and a job left behind.
  @Test func ctrlCOnAPipelineEndsTheStreamAndRestoresTheTerminal() throws {
    let binary = try #require(Graphcalc.path, "graphcalc binary not found")
    let name = "graphcalc-stream-int-\(getpid())"
    try PromptTests.tmux([
      "new-session", "-d", "-s", name, "-x", "90", "-y", "30",
      "env -u LC_ALL LANG=C.UTF-8 TERM=xterm PS1='$ ' bash --norc --noprofile",
    ])
    defer { _ = try? PromptTests.tmux(["kill-session", "-t", name]) }
    try PromptTests.tmux([
      "send-keys", "-t", name, "-l",
      "while true; do echo $RANDOM; sleep 0.2; done | \(binary) stream",
    ])
    try PromptTests.tmux(["send-keys", "-t", name, "Enter"])
    let live = try PromptTests.screen(name, showing: "5 samples")
    #expect(live.contains("5 samples"), "no live frame:\n\(live)")
    try PromptTests.tmux(["send-keys", "-t", name, "C-c"])
    // The list after a pipeline that Ctrl-C ended is not run (bash), so the status is
    // asked for on a line of its own.
    _ = try PromptTests.screen(name, showing: "input ended\n\n$")
    try PromptTests.tmux(["send-keys", "-t", name, "-l", "echo \"exit=$?\""])
    try PromptTests.tmux(["send-keys", "-t", name, "Enter"])
    let ended = try PromptTests.screen(name, showing: "exit=0")
    #expect(ended.contains("\nexit=0"), "\(ended)")
    #expect(!ended.contains("Stopped"), "\(ended)")
    #expect(ended.contains("⠒⠒ 1  last "), "the last frame's legend stays:\n\(ended)")
    try PromptTests.tmux([
      "send-keys", "-t", name, "-l",
      "jobs; stty -a | tr ' ' '\\n' | grep -x -e icanon -e echo -e -icanon -e -echo | tr '\\n' ' '; echo done",
    ])
    try PromptTests.tmux(["send-keys", "-t", name, "Enter"])
    let after = try PromptTests.screen(name, showing: "echo done\n")
    let modes = try PromptTests.screen(name, showing: "icanon echo done")
    #expect(modes.contains("icanon echo done"), "terminal modes:\n\(after)")
    #expect(!modes.contains("Stopped"), "\(modes)")
  }

  /// The terminal of a live `stream cmd` goes away and no SIGHUP reaches graphcalc (blocked,
  /// on a pseudo-terminal whose other side closes: `Fixtures/terminal-gone.py`): graphcalc
  /// notices the end of its terminal, stops, and ends the command. Before, it ran for ever
  /// with its child (`running child-alive`).
  @Test func aStreamWhoseTerminalGoesAwayStopsWithItsCommand() throws {
    let binary = try #require(Graphcalc.path, "graphcalc binary not found")
    let folder = try TemporaryFolder(prefix: "graphcalc-terminal-gone")
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/terminal-gone.py")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", script.path, binary, folder.url.appendingPathComponent("pid").path,
    ]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let said = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let words = said.split(separator: " ").map(String.init)
    #expect(words.first == "ended", "\(said)")
    #expect(words.last?.hasPrefix("child-gone") == true, "\(said)")
  }
}
