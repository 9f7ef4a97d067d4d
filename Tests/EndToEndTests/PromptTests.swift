import Foundation
import TestSupport
import Testing

/// The interactive prompt driven as a person types, through tmux (a real terminal, so
/// libedit reads the keys): `send-keys` types, `capture-pane` reads the screen.
@Suite(.serialized) struct PromptTests {
  /// The tmux server of these tests (its own socket, apart from the user's tmux).
  static let socket = "graphcalc-test-\(getpid())"

  /// Runs `tmux` with `arguments` on the tests' server and answers what it printed.
  ///
  /// Through `system` and a file, not `Process` and a pipe: the server that `new-session`
  /// starts inherits the descriptors Foundation watches to see a child end, and would keep
  /// the wait for the client going for ever.
  @discardableResult
  static func tmux(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation)
    throws -> String
  {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "\(socket)-\(UInt64.random(in: 0...UInt64.max)).out")
    defer { try? FileManager.default.removeItem(at: file) }
    func quoted(_ word: String) -> String {
      "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
    let command =
      (["tmux", "-L", socket] + arguments).map(quoted).joined(separator: " ")
      + " </dev/null >\(quoted(file.path)) 2>/dev/null"
    var status = system(command)
    // A server whose last session another test just killed is exiting: a new-session sent
    // to it then fails at once (seen as a flaky 0.005 s failure in a full run). Start it
    // again, as the next try finds no server and starts one.
    var tries = 1
    while status != 0, arguments.first == "new-session", tries < 20 {
      usleep(50_000)
      status = system(command)
      tries += 1
    }
    try #require(
      status == 0, "tmux \(arguments.first ?? "") failed (is tmux installed?)",
      sourceLocation: sourceLocation)
    let data = (try? Data(contentsOf: file)) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }

  /// The screen of `session` once it shows `text` (polled for up to 10 s), or the last
  /// screen read.
  static func screen(_ session: String, showing text: String) throws -> String {
    var shown = ""
    for _ in 0..<200 {
      shown = try tmux(["capture-pane", "-p", "-t", session])
      if shown.contains(text) { return shown }
      usleep(50_000)
    }
    return shown
  }

  /// Typed `2π` and `√16` (non-ASCII characters) compute at the prompt in a UTF-8 locale:
  /// without `setlocale(LC_CTYPE, "")` before libedit starts, libedit dropped them and
  /// `√9 + π` read as `9 +`.
  @Test func nonASCIICharactersTypedAtThePromptAreKept() throws {
    let binary = try #require(Graphcalc.path, "graphcalc binary not found")
    let temporary = try TemporaryFolder(prefix: "graphcalc-prompt")
    defer { withExtendedLifetime(temporary) {} }
    let home = temporary.url
    let name = "graphcalc-prompt-\(getpid())"
    let command =
      "env -u LC_ALL LANG=C.UTF-8 HOME=\(home.path) XDG_STATE_HOME=\(home.path) TERM=xterm \(binary)"
    try Self.tmux(["new-session", "-d", "-s", name, "-x", "80", "-y", "24", command])
    defer { _ = try? Self.tmux(["kill-session", "-t", name]) }
    _ = try Self.screen(name, showing: ">")
    try Self.tmux(["send-keys", "-t", name, "-l", "2π"])
    try Self.tmux(["send-keys", "-t", name, "Enter"])
    let first = try Self.screen(name, showing: "6.28318530717959")
    #expect(first.contains("6.28318530717959"), "\(first)")
    try Self.tmux(["send-keys", "-t", name, "-l", "√16 + 1"])
    try Self.tmux(["send-keys", "-t", name, "Enter"])
    let second = try Self.screen(name, showing: "\n5")
    #expect(second.contains("√16 + 1"), "\(second)")
    #expect(second.split(separator: "\n").contains("5"), "\(second)")
  }

  /// At the interactive prompt (and only there: NumbersEndToEndTests checks -e, scripts and
  /// pipes) a very long integer shows its ends and its length; the issue's examples answer.
  @Test func thePromptShortensAVeryLongIntegerAndSaysHowLong() throws {
    let binary = try #require(Graphcalc.path, "graphcalc binary not found")
    let temporary = try TemporaryFolder(prefix: "graphcalc-prompt-numbers")
    defer { withExtendedLifetime(temporary) {} }
    let home = temporary.url
    let name = "graphcalc-numbers-\(getpid())"
    let command =
      "env -u LC_ALL LANG=C.UTF-8 HOME=\(home.path) XDG_STATE_HOME=\(home.path) TERM=xterm \(binary)"
    try Self.tmux(["new-session", "-d", "-s", name, "-x", "80", "-y", "24", command])
    defer { _ = try? Self.tmux(["kill-session", "-t", name]) }
    _ = try Self.screen(name, showing: ">")
    try Self.tmux(["send-keys", "-t", name, "-l", "hex(0xff + 1)"])
    try Self.tmux(["send-keys", "-t", name, "Enter"])
    let hex = try Self.screen(name, showing: "0x100")
    #expect(hex.split(separator: "\n").contains("0x100"), "\(hex)")
    try Self.tmux(["send-keys", "-t", name, "-l", "7^5000"])
    try Self.tmux(["send-keys", "-t", name, "Enter"])
    let long = try Self.screen(name, showing: "characters;")
    #expect(long.contains("(4226 characters; 'set digits all' prints every one)"), "\(long)")
    #expect(long.contains("...") && long.contains("> 7^5000"), "\(long)")
  }

  /// A history past 1000 entries, with an entry that is not UTF-8 among them: trimmed at
  /// start to the newest 1000 with its cookie kept, so the newest entries are recalled with
  /// Up (before, libedit's trim dropped the cookie, nothing was recalled, and the next start
  /// set the whole file aside as corrupt), and the line run is appended after them
  /// at once.
  @Test func aLongHistoryIsTrimmedAndStillRecalled() throws {
    let binary = try #require(Graphcalc.path, "graphcalc binary not found")
    let temporary = try TemporaryFolder(prefix: "graphcalc-prompt-history")
    defer { withExtendedLifetime(temporary) {} }
    let home = temporary.url
    let folder = home.appendingPathComponent("graphcalc")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let history = folder.appendingPathComponent("history").path
    var bytes = Array("_HiStOrY_V2_\n".utf8)
    for n in 1...1200 {
      bytes += Array("\(n)\\040*\\0402\n".utf8)  // "N * 2", as libedit writes it
      if n == 1190 { bytes += Array("bad".utf8) + [0xFF, 10] }
    }
    FileManager.default.createFile(atPath: history, contents: Data(bytes))
    let name = "graphcalc-history-\(getpid())"
    let command =
      "env -u LC_ALL LANG=C.UTF-8 HOME=\(home.path) XDG_STATE_HOME=\(home.path) TERM=xterm \(binary)"
    try Self.tmux(["new-session", "-d", "-s", name, "-x", "80", "-y", "24", command])
    defer { _ = try? Self.tmux(["kill-session", "-t", name]) }
    _ = try Self.screen(name, showing: ">")
    // Up three times: 1200 * 2, 1199 * 2, 1198 * 2.
    for _ in 0..<3 { try Self.tmux(["send-keys", "-t", name, "Up"]) }
    try Self.tmux(["send-keys", "-t", name, "Enter"])
    let recalled = try Self.screen(name, showing: "2396")
    #expect(recalled.contains("> 1198 * 2") && recalled.contains("2396"), "\(recalled)")
    let text = try String(contentsOfFile: history, encoding: .utf8)
    let lines = text.split(separator: "\n")
    #expect(lines.first == "_HiStOrY_V2_")
    #expect(lines.count == 1 + 1000 + 1, "\(lines.suffix(3))")  // trimmed, then one appended
    #expect(lines.contains("bad\u{FFFD}"))
    #expect(Array(lines.suffix(2)) == ["1200\\040*\\0402", "1198\\040*\\0402"])
    #expect(!FileManager.default.fileExists(atPath: history + ".corrupt"))
  }

  /// A SIGINT from outside during explore leaves the view as q does and the session goes on
  /// (it ended the whole REPL; at the prompt it only abandons the line).
  @Test func aSIGINTDuringExploreLeavesItAsQDoes() throws {
    let binary = try #require(Graphcalc.path, "graphcalc binary not found")
    let temporary = try TemporaryFolder(prefix: "graphcalc-prompt-explore")
    defer { withExtendedLifetime(temporary) {} }
    let home = temporary.url
    let name = "graphcalc-explore-\(getpid())"
    let command =
      "env -u LC_ALL LANG=C.UTF-8 HOME=\(home.path) XDG_STATE_HOME=\(home.path) TERM=xterm \(binary)"
    try Self.tmux(["new-session", "-d", "-s", name, "-x", "80", "-y", "24", command])
    defer { _ = try? Self.tmux(["kill-session", "-t", name]) }
    _ = try Self.screen(name, showing: ">")
    try Self.tmux(["send-keys", "-t", name, "-l", "plot sin(x)"])
    try Self.tmux(["send-keys", "-t", name, "Enter"])
    try Self.tmux(["send-keys", "-t", name, "-l", "explore"])
    try Self.tmux(["send-keys", "-t", name, "Enter"])
    let full = try Self.screen(name, showing: "arrows/hjkl pan")
    #expect(full.contains("arrows/hjkl pan"), "\(full)")
    let pid = try Self.tmux(["display-message", "-p", "-t", name, "#{pane_pid}"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let id = try #require(Int32(pid))
    #expect(kill(id, SIGINT) == 0)
    let back = try Self.screen(name, showing: "> plot sin(x)")
    #expect(!back.contains("arrows/hjkl pan") && back.contains("x [-10, 10]  y ["), "\(back)")
    try Self.tmux(["send-keys", "-t", name, "-l", "6*7"])
    try Self.tmux(["send-keys", "-t", name, "Enter"])
    let after = try Self.screen(name, showing: "\n42")
    #expect(after.split(separator: "\n").contains("42"), "\(after)")
  }

  /// In explore, `t` traces the first curve and Tab (sent by the terminal as a byte 9) the
  /// next: the status line names the second curve, with its point and slope; Shift-Tab
  /// (ESC [ Z) goes back to the first.
  @Test func tabInExploreTracesTheSecondCurve() throws {
    let binary = try #require(Graphcalc.path, "graphcalc binary not found")
    let temporary = try TemporaryFolder(prefix: "graphcalc-prompt-trace")
    defer { withExtendedLifetime(temporary) {} }
    let home = temporary.url
    let name = "graphcalc-trace-\(getpid())"
    let command =
      "env -u LC_ALL LANG=C.UTF-8 HOME=\(home.path) XDG_STATE_HOME=\(home.path) TERM=xterm \(binary)"
    try Self.tmux(["new-session", "-d", "-s", name, "-x", "100", "-y", "30", command])
    defer { _ = try? Self.tmux(["kill-session", "-t", name]) }
    _ = try Self.screen(name, showing: ">")
    try Self.tmux(["send-keys", "-t", name, "-l", "plot sin(x), x^2 + y^2 = 4, cos(x)"])
    try Self.tmux(["send-keys", "-t", name, "Enter"])
    try Self.tmux(["send-keys", "-t", name, "-l", "explore"])
    try Self.tmux(["send-keys", "-t", name, "Enter"])
    _ = try Self.screen(name, showing: "arrows/hjkl pan")
    try Self.tmux(["send-keys", "-t", name, "-l", "t"])
    let first = try Self.screen(name, showing: "sin(x): x = ")
    #expect(first.contains("sin(x): x = ") && first.contains("slope = "), "\(first)")
    try Self.tmux(["send-keys", "-t", name, "Tab"])
    let second = try Self.screen(name, showing: "cos(x): x = ")
    #expect(second.contains("cos(x): x = ") && second.contains("slope = "), "\(second)")
    #expect(second.contains("not traced (relations, data): x^2 + y^2 = 4"), "\(second)")
    try Self.tmux(["send-keys", "-t", name, "BTab"])
    let back = try Self.screen(name, showing: "sin(x): x = ")
    #expect(back.contains("sin(x): x = "), "\(back)")
    try Self.tmux(["send-keys", "-t", name, "-l", "q"])
    let prompt = try Self.screen(name, showing: "> explore")
    #expect(prompt.contains("> explore"), "\(prompt)")
  }

  /// Ctrl-C stops `fib(45)` (3.7e9 calls) at the prompt, and the session goes on.
  @Test func ctrlCStopsADeepRecursionAtThePrompt() throws {
    let binary = try #require(Graphcalc.path, "graphcalc binary not found")
    let temporary = try TemporaryFolder(prefix: "graphcalc-prompt-fib")
    defer { withExtendedLifetime(temporary) {} }
    let home = temporary.url
    let name = "graphcalc-fib-\(getpid())"
    let command =
      "env -u LC_ALL LANG=C.UTF-8 HOME=\(home.path) XDG_STATE_HOME=\(home.path) TERM=xterm \(binary)"
    try Self.tmux(["new-session", "-d", "-s", name, "-x", "80", "-y", "24", command])
    defer { _ = try? Self.tmux(["kill-session", "-t", name]) }
    _ = try Self.screen(name, showing: ">")
    try Self.tmux(["send-keys", "-t", name, "-l", "fib(n) = n < 2 ? n : fib(n-1) + fib(n-2)"])
    try Self.tmux(["send-keys", "-t", name, "Enter"])
    try Self.tmux(["send-keys", "-t", name, "-l", "fib(45)"])
    try Self.tmux(["send-keys", "-t", name, "Enter"])
    usleep(500_000)
    try Self.tmux(["send-keys", "-t", name, "C-c"])
    let stopped = try Self.screen(name, showing: "calls of your functions)")
    #expect(stopped.contains("error: interrupted (after"), "\(stopped)")
    try Self.tmux(["send-keys", "-t", name, "-l", "fib(10)"])
    try Self.tmux(["send-keys", "-t", name, "Enter"])
    let after = try Self.screen(name, showing: "\n55")
    #expect(after.split(separator: "\n").contains("55"), "\(after)")
  }
}
