import Glibc
import GraphCalcApp
import LineEditor

// graphcalc: parse the command line, then run -e commands and a script file, or standard
// input (interactively on a terminal), through one Session.

signal(SIGPIPE, SIG_IGN)

let options: CommandLineOptions
do {
  options = try CommandLineOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  Terminal.report("graphcalc: \(error.message)\nTry 'graphcalc --help' for usage.")
  exit(2)
}

switch options.action {
case .help:
  Terminal.write(CommandLineOptions.usage + "\n")
  exit(0)
case .version:
  Terminal.write("graphcalc \(CommandLineOptions.version)\n")
  exit(0)
case .stream(let arguments):
  exit(StreamCommandLine.run(arguments, color: options.color))
case .run:
  break
}

var runner = Runner(session: Session(terminalSize: Terminal.size()))
runner.session.display = Terminal.display(color: options.color)
runner.session.display.passthrough = TerminalQuery.passthroughForNamedCanvas(
  runner.session.display.canvas)
runner.session.defaultDisplay = runner.session.display
// A terminal picture written to /dev/null is not drawn (asked at each plot, not here).
runner.session.standardOutputDiscarded = { Terminal.isNullDevice(STDOUT_FILENO) }
// What a loop prints shows as it runs, not when the loop ends.
runner.session.blockOutput = { Terminal.write($0) }
if let tmux = getenv("TMUX"), tmux.pointee != 0, Terminal.isTerminal(STDOUT_FILENO) {
  // `set canvas kitty` inside tmux asks tmux for its passthrough (wrapped, or refused).
  runner.session.tmuxPassthrough = { TerminalQuery.tmuxPassthrough() }
}
if options.readsStandardInput {
  if Terminal.isTerminal(STDIN_FILENO) && Terminal.isTerminal(STDOUT_FILENO) {
    // libedit decodes typed characters by the locale's character type: without this the C
    // locale's ASCII drops every non-ASCII character typed at the prompt (`√9 + π` gave
    // `9 +`). Only the interactive path pays for it.
    setlocale(LC_CTYPE, "")
    // The canvas is asked of the terminal at the first plot (set canvas auto), unless
    // GRAPHCALC_CANVAS names one.
    if getenv("GRAPHCALC_CANVAS") == nil {
      runner.session.display.autoCanvas = true
      runner.session.defaultDisplay.autoCanvas = true
      runner.session.canvasProbe = { TerminalQuery.canvas(fallback: $0) }
    }
    runner.interact()
    exit(0)
  }
  runner.runStandardInput()
} else {
  for (index, command) in options.commands.enumerated() where !runner.finished {
    runner.run(ContinuedLine(argument: command), prefix: { "-e \(index + 1 + min($0, 0)): " })
    runner.feedInlineData(prefix: "-e \(index + 1): ")  // `plot "-"` reads standard input
  }
  // A block the `-e` commands opened and never closed: named by the `-e` that opened it.
  runner.endOpenBlock(prefix: { "-e \(options.commands.count + $0): " })
  if let file = options.file, !runner.finished {
    if file == "-" {
      runner.runStandardInput()
    } else if let stream = fopen(file, "r") {
      // As `gnuplot FILE`: ARG0 is the file, ARGC 0 (scripts test `if (ARGC == 0)`).
      runner.session.enterScript(ScriptCall(path: file, parameters: [], calls: false))
      runner.runScript(LineReader(stream: stream), name: file)
      fclose(stream)
    } else {
      Terminal.report("graphcalc: cannot read \(file): \(String(cString: strerror(errno)))")
      exit(1)
    }
  }
}
exit(runner.failed ? 1 : 0)
