import Foundation
import TestSupport
import Testing

/// gnuplot's demo habits run as scripts, `-e` and at the prompt: continued lines, `pause`,
/// `print` (tracker issue 16).
@Suite struct DemoEndToEndTests {
  @Test func aScriptJoinsContinuedLinesAndNamesThePhysicalLineOfAnError() throws {
    let temporary = try TemporaryFolder(prefix: "graphcalc-demo")
    defer { withExtendedLifetime(temporary) {} }
    let script = temporary.url.appendingPathComponent("demo.gp").path
    try """
    print "one", \\
      1 + 1
    # a comment that goes on \\
    print "not run"
    plot [0:1] x, \\
      x^2 title 'square', \\
      nosuch(x)
    print 'after'
    print "last" \\
    """.write(toFile: script, atomically: true, encoding: .utf8)
    let result = try Graphcalc.run([script])
    #expect(result.stdout == "one 2\nafter\nlast\n")
    #expect(result.status == 1)
    #expect(
      result.stderr == """
        \(script):7: error: unknown name 'nosuch' at column 3
            nosuch(x)
            ^^^^^^

        """)
  }

  @Test func aMinusEArgumentJoinsABackslashNewline() throws {
    let result = try Graphcalc.run(["-e", "print 1, \\\n 2", "-e", "print 3 \\"])
    #expect(result.stdout == "1 2\n3\n")
    #expect(result.stderr == "")
  }

  @Test func pauseDoesNotWaitWhenStandardInputIsNotATerminal() throws {
    let start = Date()
    let result = try Graphcalc.run([
      "-e", "pause -1 \"Hit return to continue\"", "-e", "pause 30 'thirty'", "-e", "pause 0",
      "-e", "pause mouse", "-e", "print 'done'",
    ])
    #expect(Date().timeIntervalSince(start) < 20)  // not the 30 s asked
    #expect(result.stdout == "done\n")
    #expect(result.stderr == "Hit return to continue\nthirty\n")
    #expect(result.status == 0)
  }
}

extension PromptTests {
  /// A line ending in `\` at the prompt goes on at the continuation prompt, and the history
  /// keeps the joined command as one entry.
  @Test func aContinuedLineAtThePromptIsOneHistoryEntry() throws {
    let binary = try #require(Graphcalc.path, "graphcalc binary not found")
    let temporary = try TemporaryFolder(prefix: "graphcalc-prompt-continued")
    defer { withExtendedLifetime(temporary) {} }
    let home = temporary.url
    let name = "graphcalc-continued-\(getpid())"
    let command =
      "env -u LC_ALL LANG=C.UTF-8 HOME=\(home.path) XDG_STATE_HOME=\(home.path) TERM=xterm "
      + "GRAPHCALC_CANVAS=ascii \(binary)"
    try Self.tmux(["new-session", "-d", "-s", name, "-x", "80", "-y", "30", command])
    defer { _ = try? Self.tmux(["kill-session", "-t", name]) }
    _ = try Self.screen(name, showing: ">")
    for line in ["print \"sum\", \\", "  20 + \\", "22"] {
      try Self.tmux(["send-keys", "-t", name, "-l", line])
      try Self.tmux(["send-keys", "-t", name, "Enter"])
    }
    let screen = try Self.screen(name, showing: "sum 42")
    #expect(screen.contains("...   20 + \\"), "\(screen)")
    let history = try String(
      contentsOf: home.appendingPathComponent("graphcalc/history"), encoding: .utf8)
    // libedit's file writes a blank as \040.
    #expect(history.contains("print\\040\"sum\",\\040\\040\\04020\\040+\\04022"), "\(history)")
  }
}
