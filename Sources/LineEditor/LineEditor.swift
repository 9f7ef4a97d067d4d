@preconcurrency import CEditLine
import Glibc

/// Interactive line input through libedit (readline-style editing, history), with the
/// history kept in a file between sessions.
///
/// libedit keeps its state in globals, so there is one editor a process; `LineEditor` is a
/// small value that drives it. Use it only when standard input and output are terminals;
/// otherwise read lines plainly.
///
/// Tab completes words from `setCompletions(_:)`; Ctrl-X ends the line with
/// `.explore`.
///
/// Ctrl-C abandons the line being typed (`readLine` answers `.interrupted`) and Ctrl-D on an
/// empty line ends input (`.end`): a SIGINT handler sets a flag, and libedit's `readline()`
/// returns NULL both at end of input and when a signal interrupts it, so the flag tells them
/// apart.
public struct LineEditor: Sendable {
  /// What one call of `readLine` got.
  public enum Input: Sendable, Hashable {
    /// A line, without its newline.
    case line(String)
    /// Ctrl-C: the line was abandoned; ask again.
    case interrupted
    /// Ctrl-D or end of input: stop reading.
    case end
    /// The explore key (Ctrl-X): the line typed so far is abandoned; start the
    /// full-screen view.
    case explore
  }

  /// The history file, or nil to keep history in memory only.
  public let historyPath: String?
  /// Prints a warning about the history file (one line, no newline), at most once a
  /// session.
  private let warn: @Sendable (String) -> Void
  /// Whether the history warning was given.
  private var warned = false
  /// The newest history entry, so a line equal to it is not stored again.
  private var newestEntry: String?
  /// Type-ahead given back (`giveBack`), not yet read.
  private var pending: [UInt8] = []

  /// Starts libedit, installs the SIGINT handler and loads the history file.
  ///
  /// The history file's folder is created (mode 0700) when missing, and made 0700; the file
  /// is made mode 0600 and trimmed to its newest `maxEntries` entries (`HistoryStore.trim`:
  /// atomic, keeping the cookie line). The caller sets aside a file libedit cannot read first
  /// (`HistoryFile.setAsideIfCorrupt` in GraphCalcApp). Failing to read, trim or create it is
  /// not an error: history then lives only as long as the session, and `warn` says so once.
  ///
  /// - Parameters:
  ///   - historyPath: Where history is kept between sessions, or nil for none.
  ///   - maxEntries: How many entries to keep in memory and in the file.
  ///   - warn: Prints a one-line warning on standard error.
  public init(
    historyPath: String?, maxEntries: Int = HistoryStore.defaultSize,
    warn: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.historyPath = historyPath
    self.warn = warn
    _ = gc_install_sigint_handler()
    rl_readline_name = UnsafePointer(strdup("graphcalc"))
    using_history()
    _ = rl_initialize()
    gc_install_completion()
    _ = gc_bind_explore_key()
    stifle_history(Int32(clamping: maxEntries))
    if let historyPath {
      LineEditor.makeParentDirectories(of: historyPath)
      // Private, also when an older graphcalc or the user made them readable by others: the
      // file 0600, graphcalc's own folder (the last one) 0700.
      _ = chmod(historyPath, 0o600)
      if let slash = historyPath.lastIndex(of: "/"), slash > historyPath.startIndex {
        _ = chmod(String(historyPath[..<slash]), 0o700)
      }
      if let reason = HistoryStore.trim(historyPath, keeping: maxEntries) {
        warnOnce("cannot trim the history file \(historyPath): \(reason)")
      }
      if read_history(historyPath) == 0, history_length > 0,
        let entry = history_get(history_base + history_length - 1), let text = entry.pointee.line
      {
        newestEntry = String(cString: text)
      }
    }
  }

  /// Reads one line with editing, showing `prompt`.
  ///
  /// A non-blank line that differs from the newest history entry is added to the history
  /// and appended to the history file at once, so a session that is killed keeps what was
  /// typed.
  ///
  /// - Parameters:
  ///   - prompt: The prompt text (plain, no escape codes).
  ///   - remembers: Whether the line goes into the history (not for data lines).
  /// - Returns: The line, `.interrupted` after Ctrl-C, or `.end` after Ctrl-D.
  public mutating func readLine(prompt: String, remembers: Bool = true) -> Input {
    if let end = pending.firstIndex(where: { $0 == 0x0D || $0 == 0x0A }) {
      let line = String(decoding: pending[..<end], as: UTF8.self)
      pending.removeSubrange(...end)
      let echo = Array((prompt + line + "\n").utf8)
      _ = echo.withUnsafeBufferPointer { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
      if remembers { remember(line) }
      return .line(line)
    }
    if !pending.isEmpty {
      // A partial line goes back into the terminal's input queue (TIOCSTI), where libedit
      // reads it as typed; kernels built without legacy TIOCSTI refuse, and then it is lost.
      // The terminal's echo is off meanwhile: the kernel echoes what TIOCSTI pushes as it
      // arrives, before the prompt, and libedit shows it again after the prompt when it
      // reads it (`2+` typed during the probe came out as `2+> 2+`).
      var saved = termios()
      let quiet = tcgetattr(STDIN_FILENO, &saved) == 0
      if quiet {
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        _ = tcsetattr(STDIN_FILENO, TCSANOW, &silent)
      }
      for var byte in pending {
        guard ioctl(STDIN_FILENO, UInt(TIOCSTI), &byte) == 0 else { break }
      }
      if quiet { _ = tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
      pending = []
    }
    _ = gc_take_sigint()
    _ = gc_take_explore()
    guard let raw = readline(prompt) else {
      if gc_take_explore() != 0 { return .explore }
      return gc_take_sigint() != 0 ? .interrupted : .end
    }
    let line = String(cString: raw)
    free(raw)
    if gc_take_sigint() != 0 { return .interrupted }
    if gc_take_explore() != 0 { return .explore }
    if remembers { remember(line) }
    return .line(line)
  }

  /// Gives `bytes` back as if typed before the next `readLine`: type-ahead that graphcalc
  /// read while it asked the terminal something. Each whole line in them (up to a carriage
  /// return or newline) is answered by a `readLine` of its own, echoed after the prompt as
  /// the terminal would have; the rest starts the next line being edited (put back into
  /// the terminal's input with `TIOCSTI`, where the kernel allows it).
  ///
  /// - Parameter bytes: The bytes, in the order typed.
  public mutating func giveBack(_ bytes: [UInt8]) {
    pending += bytes
  }

  /// Whether Ctrl-C was pressed since the last `readLine` began, without consuming it: long
  /// commands ask this every so often and stop (the next `readLine` clears it). Only after
  /// a `LineEditor` was made (it installs the SIGINT handler); async-signal safe to call.
  public static func isInterruptPending() -> Bool {
    gc_sigint_pending() != 0
  }

  /// Sets the words Tab completes (libedit's readline completion through the C shim: the
  /// word before the cursor, cut at spaces, brackets, operators and commas, is completed to
  /// the words that start with it; several are listed, as readline does).
  ///
  /// - Parameter words: The candidates, e.g. the session's commands and names.
  public func setCompletions(_ words: [String]) {
    var pointers = words.map { strdup($0) }
    defer { for p in pointers { free(p) } }
    pointers.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress?.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count)
      {
        _ = gc_set_completion_words($0, Int32(clamping: buffer.count))
      }
    }
  }

  /// Adds `line` to the history (memory and file) unless it is blank or repeats the newest
  /// entry: for a line read with `remembers: false` that is one entry of several physical
  /// lines (a command continued with `\`, kept joined).
  ///
  /// - Parameter line: The entry, one line.
  public mutating func remember(_ line: String) {
    guard line.contains(where: { !$0.isWhitespace }), line != newestEntry else { return }
    newestEntry = line
    _ = add_history(line)
    guard let historyPath else { return }
    if let reason = HistoryStore.append(line, to: historyPath) {
      warnOnce(
        "cannot write the history file \(historyPath): \(reason); this session's lines may not be kept"
      )
    }
  }

  /// Gives the history warning `text` (after `graphcalc: `), the first time only.
  private mutating func warnOnce(_ text: String) {
    guard !warned else { return }
    warned = true
    warn("graphcalc: " + text)
  }

  /// Creates the folders above `path` that are missing, mode 0700 (as the XDG base directory
  /// specification asks of the state folder).
  private static func makeParentDirectories(of path: String) {
    var prefix = ""
    let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
    for (index, part) in parts.enumerated() {
      prefix += (index == 0 ? "" : "/") + part
      if prefix.isEmpty { continue }
      _ = mkdir(prefix, 0o700)
    }
  }
}
