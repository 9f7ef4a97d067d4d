import Glibc
import GraphCalcApp
import LineEditor
import TextAndNumbers

/// Feeds lines to a `Session` and shows what it answers: output on standard output, errors
/// (with their caret) on standard error.
struct Runner {
  /// The session every line goes to.
  var session: Session
  /// Whether some line failed (the exit status is then 1).
  private(set) var failed = false
  /// Whether a line asked to leave (`quit`, `exit`).
  private(set) var finished = false
  /// Whether the commands come from standard input (so `stream` may not read it as data).
  private var commandsOnStandardInput = false
  /// Whether lines come from the interactive prompt (`interact`).
  private var interactive = false
  /// Standard input read line by line for the inline data of `-e` commands, once opened.
  private var standardInput: LineReader?

  init(session: Session) {
    self.session = session
  }

  /// Runs one line; an error is reported with `prefix` (`script.gc:3: `, `-e 2: `) in front.
  mutating func run(_ line: String, prefix: String = "") {
    show(session.run(line), for: line, prefix: prefix)
  }

  /// Shows what the session answered to `line`: its output, its error, and the explore or
  /// stream it asked for.
  private mutating func show(_ reply: Reply, for line: String, prefix: String) {
    if !reply.output.isEmpty { Terminal.write(reply.output) }
    if let error = reply.error {
      failed = true
      Terminal.report(prefix + error.rendered(input: reply.errorLine ?? line))
    }
    if let pause = reply.pause, reply.error == nil { Runner.pause(pause) }
    if reply.quits { finished = true }
    if let call = reply.load, reply.error == nil { runLoaded(call, prefix: prefix) }
    if reply.redrawsAtThePrompt, interactive, reply.error == nil {  // `tangent`: show its line
      show(session.run("redraw"), for: "redraw", prefix: prefix)
    }
    if reply.startsExplore, !explore(prefix: prefix) { failed = true }
    if let request = reply.stream {
      let free = !commandsOnStandardInput && !Terminal.isTerminal(STDIN_FILENO)
      let ok = StreamLive.run(
        request, display: session.display, standardInputFree: free,
        report: { Terminal.report(prefix + CommandError(.streamFailed($0)).rendered(input: line)) },
        reportAt: {
          Terminal.report(prefix + CommandError(.streamFailed($0), at: $1).rendered(input: line))
        }, theme: session.inlineTheme)
      if !ok { failed = true }
    }
  }

  /// Runs a command joined from continued lines (`ContinuedLine`): an error is shown on
  /// the physical line that holds its column, named by `prefix` of that line's index.
  mutating func run(_ joined: ContinuedLine, prefix: (Int) -> String) {
    var reply = session.run(joined.text)
    if reply.errorLinesBack > 0 {  // a line of the block this line ended (Session+Blocks)
      show(reply, for: joined.text, prefix: prefix(-reply.errorLinesBack))
      return
    }
    guard joined.lines.count > 1, let error = reply.error, reply.errorLine == nil else {
      show(reply, for: joined.text, prefix: prefix(0))
      return
    }
    let (k, moved) = joined.locate(error)
    reply.error = moved
    show(reply, for: joined.lines[k], prefix: prefix(k))
  }

  /// Runs every line of `reader`, naming errors `NAME:LINE: `. A line ending in `\`
  /// continues on the next (gnuplot's rule), except the data lines of `plot "-"`.
  mutating func runScript(_ reader: LineReader, name: String) {
    var number = 0
    var joined = ContinuedLine()
    var first = 0
    while !finished, let line = reader.next() {
      number += 1
      if joined.isEmpty, session.awaitsInlineData || session.readsDataBlock {
        run(line, prefix: "\(name):\(number): ")
        continue
      }
      if joined.isEmpty { first = number }
      if joined.append(line) { continue }
      run(joined, prefix: { "\(name):\(first + $0): " })
      joined = ContinuedLine()
    }
    if !finished, !joined.isEmpty {  // the last line ends in `\`: run what it joined
      run(joined, prefix: { "\(name):\(first + $0): " })
    }
    if !finished && session.awaitsInlineData {  // `plot "-"` at the end without its `e`
      show(session.endInlineData(), for: "", prefix: "\(name):\(number): ")
    }
    if !finished && session.awaitsBlockLines {  // a block never closed: name its first line
      let reply = session.endOpenBlock()
      show(reply, for: "", prefix: "\(name):\(number - reply.errorLinesBack): ")
    }
    if ferror(reader.stream) != 0 {  // not the end: a read failed (a folder, an I/O error)
      Terminal.report("graphcalc: cannot read \(name): \(String(cString: strerror(errno)))")
      failed = true
    }
  }

  /// Runs the file of `load` or `call` (Commands+Load.swift) as a script, its errors named
  /// `FILE:LINE: `, with gnuplot's ARG0 ... ARG9 and ARGC set for it and put back after;
  /// `quit` or `exit` in it ends the file only, as in gnuplot.
  private mutating func runLoaded(_ call: ScriptCall, prefix: String) {
    guard let stream = fopen(call.path, "r") else {
      Terminal.report(
        prefix + "graphcalc: cannot read \(call.path): \(String(cString: strerror(errno)))")
      failed = true
      return
    }
    session.enterScript(call)
    runScript(LineReader(stream: stream), name: call.path)
    session.leaveScript()
    fclose(stream)
    finished = false
  }

  /// Feeds a `plot "-"` of a `-e` command its data from standard input, up to its `e`
  /// lines or the end of the input (`seq 10 | graphcalc -e 'plot "-"'`, as gnuplot reads it).
  mutating func feedInlineData(prefix: String) {
    guard session.awaitsInlineData else { return }
    if standardInput == nil { standardInput = fdopen(STDIN_FILENO, "r").map(LineReader.init) }
    while session.awaitsInlineData {
      guard let line = standardInput?.next() else {
        show(session.endInlineData(), for: "", prefix: prefix)
        return
      }
      run(line, prefix: prefix)
    }
  }

  /// Ends a block that the input left open (Session.endOpenBlock): its error, named by
  /// `prefix` of how many lines before the last one the block opened (0 or less).
  mutating func endOpenBlock(prefix: (Int) -> String) {
    guard !finished, session.awaitsBlockLines else { return }
    let reply = session.endOpenBlock()
    show(reply, for: "", prefix: prefix(-reply.errorLinesBack))
  }

  /// Runs the lines of standard input, read plainly (no prompt, no line editing).
  mutating func runStandardInput() {
    commandsOnStandardInput = true
    guard let stream = fdopen(STDIN_FILENO, "r") else {
      Terminal.report("graphcalc: cannot read standard input: \(String(cString: strerror(errno)))")
      failed = true
      return
    }
    runScript(LineReader(stream: stream), name: "stdin")
  }

  /// The interactive loop: line editing and history, a prompt, the plot sized to the
  /// terminal as it is now. Ctrl-C abandons a line; Ctrl-D, `quit` or `exit` leave.
  mutating func interact() {
    commandsOnStandardInput = true
    interactive = true
    // Only an interactive terminal shortens a very long integer (DECISIONS): scripts, -e
    // and pipes print every digit.
    session.numbers.shortensLongIntegers = true
    let historyPath = HistoryLocation.path(
      xdgStateHome: Runner.environment("XDG_STATE_HOME"), home: Runner.environment("HOME"))
    if let historyPath, let warning = HistoryFile.setAsideIfCorrupt(path: historyPath) {
      Terminal.report(warning)
    }
    let (historySize, sizeWarning) = HistoryStore.size(
      fromEnvironment: Runner.environment("GRAPHCALC_HISTORY_SIZE"))
    if let sizeWarning { Terminal.report(sizeWarning) }
    var editor = LineEditor(
      historyPath: historyPath, maxEntries: historySize, warn: { Terminal.report($0) })
    // Ctrl-C while a command reads a long data file stops that command only.
    session.setInterruptCheck { LineEditor.isInterruptPending() }
    // A line ending in `\` goes on at the continuation prompt; the history keeps the joined
    // command as one entry.
    var joined = ContinuedLine()
    while !finished {
      editor.setCompletions(session.completionWords)
      if !TerminalQuery.typeAhead.isEmpty {  // typed while the terminal was asked
        editor.giveBack(TerminalQuery.typeAhead)
        TerminalQuery.typeAhead = []
      }
      // Data lines of `plot "-"` get gnuplot's prompt and stay out of the history.
      let data = joined.isEmpty && session.awaitsInlineData
      // The lines of a block (`do for [...] {`, `$DATA << EOD`) get gnuplot's `more> `; a
      // data block's are data (a `\` at the end joins nothing).
      let blockData = joined.isEmpty && session.readsDataBlock
      let prompt =
        data
        ? "input data ('e' ends) > "
        : joined.isEmpty ? (session.awaitsBlockLines ? "more> " : "> ") : "... "
      switch editor.readLine(prompt: prompt, remembers: false) {
      case .line(let line):
        if data || blockData {
          run(line)
          continue
        }
        guard joined.append(line) else {
          editor.remember(joined.text)
          session.terminalSize = Terminal.size()
          run(joined, prefix: { _ in "" })
          joined = ContinuedLine()
          continue
        }
      case .explore:
        Terminal.write("\n")
        joined = ContinuedLine()
        session.terminalSize = Terminal.size()
        run(data ? "" : "explore")
      case .interrupted:
        Terminal.write("\n")
        joined = ContinuedLine()
        if let note = session.abandonInlineData() { Terminal.write(note + "\n") }
        if let note = session.abandonOpenBlock() { Terminal.write(note + "\n") }
      case .end:
        Terminal.write("\n")
        if !joined.isEmpty {  // Ctrl-D after a `\`: the command ends there
          session.terminalSize = Terminal.size()
          run(joined, prefix: { _ in "" })
          joined = ContinuedLine()
          continue
        }
        if data {  // Ctrl-D ends the data, as their end of file
          show(session.endInlineData(), for: "", prefix: "")
          continue
        }
        if session.awaitsBlockLines {  // Ctrl-D in a block: it is never closed
          show(session.endOpenBlock(), for: "", prefix: "")
          continue
        }
        return
      }
    }
  }
}

extension Runner {
  /// Shows `pause`'s text on standard error and waits as it asks, when standard input is a
  /// terminal: for a line (`pause -1`, `pause mouse`) or some seconds, in steps of 20 ms
  /// that Ctrl-C ends (at the prompt; a script without the prompt's handler stops at
  /// Ctrl-C). With standard input not a terminal nothing waits: the text is shown alone.
  static func pause(_ request: PauseRequest) {
    let waits = Terminal.isTerminal(STDIN_FILENO)
    if case .untilReturn = request.wait, waits {
      if !request.text.isEmpty {
        Terminal.write(TerminalText.safe(request.text), to: STDERR_FILENO)
      }
      var byte: UInt8 = 0
      while read(STDIN_FILENO, &byte, 1) == 1, byte != 0x0A {}
      return
    }
    if !request.text.isEmpty { Terminal.report(request.text) }
    guard waits, case .seconds(let seconds) = request.wait else { return }
    var left = min(seconds, 1e6)
    while left > 0, !LineEditor.isInterruptPending() {
      let step = min(left, 0.02)
      var time = timespec(tv_sec: 0, tv_nsec: Int(step * 1e9))
      nanosleep(&time, nil)
      left -= step
    }
  }

  /// The environment variable `name`, if set.
  static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }
}
