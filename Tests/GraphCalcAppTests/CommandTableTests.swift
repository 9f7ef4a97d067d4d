import CalculatorBrain
import Testing

@testable import GraphCalcApp

/// The command table is the one list of commands: help, completion, the calculator's
/// reserved words and "did you mean" all read it.
@Suite struct CommandTableTests {
  /// A toy command registered by a test: `echo TEXT` prints TEXT.
  struct Echo: SessionCommand, Hashable {
    var text: String
    func run(in session: inout Session) throws(CommandError) -> Reply { .text(text) }

    static let entry = CommandEntry(
      name: "echo", usage: ["echo TEXT"], summary: "print TEXT",
      details: "Prints TEXT as typed: echo hello", keywords: ["loudly"]
    ) { arguments throws(CommandError) in
      Echo(text: arguments.text.text)
    }
  }

  func echoSession() -> Session {
    var table = CommandTable.standard
    table.register(Echo.entry)
    return Session(commands: table)
  }

  @Test func aRegisteredCommandRunsAndShowsUpInHelpCompletionAndReservedWords() {
    var session = echoSession()
    #expect(session.run("echo hello  world").output == "hello  world\n")
    #expect(session.run("help").output.contains("  echo TEXT"))
    #expect(
      session.run("help echo").output == "usage: echo TEXT\nPrints TEXT as typed: echo hello\n")
    #expect(session.completionWords.contains("echo"))
    #expect(session.completionWords.contains("loudly"))
    #expect(session.brain.isReserved("echo"))
    let refused = session.run("f(echo) = 1")
    #expect(refused.error?.message == "'echo' is built in and cannot be a parameter")
    #expect(
      session.run("ecoh hi").error?.message == "unknown command 'ecoh' (did you mean 'echo'?)")
    // Without the entry, echo is an ordinary name.
    var plain = Session()
    #expect(plain.run("echo = 2").error == nil)
    #expect(plain.brain.variables["echo"] == 2)
    #expect(!Session().completionWords.contains("loudly"))
  }

  /// Reserved words are exactly the command table: `redraw` was accepted as a parameter
  /// while `stats` was refused (the calculator kept its own list, which had drifted).
  @Test(arguments: CommandTable.standard.names)
  func everyCommandWordIsReserved(_ name: String) {
    var session = Session()
    #expect(session.brain.isReserved(name))
    #expect(
      session.run("f(\(name)) = 1").error?.message
        == "'\(name)' is built in and cannot be a parameter")
  }

  /// The command words written out for start-up (a session's reserved words and its test
  /// of a line's first word, without building the table) are the table's, in its order:
  /// a command added to `standard` and not to `standardNames` would be an ordinary name.
  @Test func theWrittenOutCommandWordsAreTheTables() {
    #expect(CommandTable.standardNames == CommandTable.standard.names)
    #expect(Session().brain.reservedWords == Set(CommandTable.standard.names))
    let session = Session()
    for name in CommandTable.standard.names {
      #expect(session.isCommandWord(name), "\(name)")
    }
    #expect(!session.isCommandWord("sin"))
    #expect(!session.isCommandWord("echo"))
    #expect(echoSession().isCommandWord("echo"))
  }

  /// The entries looked up without building the tables (a one-shot plot needs only `set` and
  /// `plot`, `set canvas` only the canvas setting) are the tables' own: the same names and
  /// forms for every command and every setting (names and aliases), none for other words.
  @Test func theEntriesLookedUpWithoutTheTablesAreTheTables() {
    for entry in CommandTable.standard.entries {
      let fast = CommandTable.standardEntry(named: entry.name)
      #expect(fast?.name == entry.name && fast?.usage == entry.usage, "\(entry.name)")
      #expect(Session().commandEntry(named: entry.name)?.name == entry.name)
    }
    #expect(CommandTable.standardEntry(named: "sin") == nil)
    #expect(echoSession().commandEntry(named: "echo")?.name == "echo")
    for entry in SettingTable.standard.entries {
      for name in [entry.name] + entry.aliases {
        let table = SettingTable.standard.entry(named: name)
        let fast = SettingTable.standardEntry(named: name)
        #expect(fast?.name == table?.name && fast?.usage == table?.usage, "\(name)")
      }
    }
    #expect(SettingTable.standardEntry(named: "nonsense") == nil)
  }

  @Test func aParseErrorLeavesTheSessionAsItWas() throws {
    var session = Session()
    _ = session.run("plot sin(x)")
    let view = session.view
    let error = try #require(session.run("plot [-1:1] \"unclosed.csv").error)
    #expect(error.message == "\" without its closing \"")
    #expect(error.location == 12..<13)
    #expect(session.view == view)
    #expect(try #require(session.run("zoom 2 3").error).message.hasPrefix("usage: zoom"))
    #expect(session.view == view)
  }

  @Test func commandsParseIntoValues() throws {
    let session = Session()
    let zoom = try #require(try session.parse("zoom in").command as? Zoom)
    #expect(zoom == Zoom(factor: .literal(2)))
    let pan = try #require(try session.parse("pan 1 -2").command as? Pan)
    #expect(pan == Pan(move: .by([Word("1", at: 4), Word("-2", at: 6)], all: Word("1 -2", at: 4))))
    let export = try #require(
      try session.parse("export svg \"a b.svg\" 400 300").command as? Export)
    #expect(export.path == "a b.svg")
    #expect(export.sizes == [Word("400", at: 21), Word("300", at: 25)])
    let calc = try #require(try session.parse("2 + 3 # five").command as? Calculation)
    #expect(calc.line == Word("2 + 3 ", at: 0))
  }

  @Test func anUnknownSettingNamesItselfAndTheNearestOne() {
    var session = Session()
    let error = session.run("set canvs block").error
    #expect(error?.message == "unknown setting 'canvs' (did you mean 'canvas'?)")
    #expect(error?.location == 4..<9)
    #expect(
      session.run("unset colr").error?.message == "unknown setting 'colr' (did you mean 'color'?)")
    #expect(
      session.run("show zzz").error?.message
        == "unknown setting 'zzz'; settings are canvas, color, datafile, bar, base, digits, theme, title, xlabel, ylabel, key, grid, xrange, yrange, autoscale, samples, aspect, size, logscale, xdata, ydata, timefmt, lmargin, rmargin, bmargin, tmargin, margins, origin, multiplot, terminal, output, print, encoding, minussign, clip, termoption, isosamples, timestamp, fontpath, loadpath, psdir, xtics, ytics, tics, format, border, decimalsign, label, arrow, xzeroaxis, yzeroaxis, zeroaxis, mxtics, mytics, bars, pointsize, object, x2tics, y2tics, x2range, y2range, x2label, y2label, offsets, fit, boxwidth, style, polar, parametric, trange, rrange, urange, vrange, dummy, angles, linetype, macros"
    )
  }

  @Test func setShowAndUnsetAreOneMechanism() {
    var session = Session()
    session.defaultDisplay = TerminalDisplay(canvas: .braille, color: false)
    session.display = session.defaultDisplay
    #expect(session.run("set canvas block").error == nil)
    #expect(session.run("show canvas").output == "canvas block\n")
    #expect(session.run("set bar style flat").error == nil)
    #expect(session.run("show").output == session.run("set").output)
    #expect(
      session.run("show").output == "canvas block\ncolor off\nbar style flat\ntheme default\n")
    #expect(session.run("unset canvas").error == nil)
    #expect(session.run("unset bar").error == nil)
    #expect(
      session.run("show").output
        == "canvas braille\ncolor off\nbar style rounded\ntheme default\n")
    _ = session.run("set datafile separator \";\"")
    #expect(session.data.options.separator == UInt8(ascii: ";"))
    _ = session.run("unset datafile")
    #expect(session.data.options.separator == nil)
  }
}

/// The compiler of plotted functions places its errors from the parser's name columns
/// (no second run of the line to find them).
struct PlotErrorColumnCase: Sendable, CustomStringConvertible {
  var setup: [String]
  var line: String
  var message: String
  var location: Range<Int>
  var description: String { line }
}

@Suite struct CommandTableCases {
  @Test(arguments: [
    PlotErrorColumnCase(
      setup: [], line: "plot sin(x) + q", message: "unknown name 'q'", location: 14..<15),
    PlotErrorColumnCase(
      setup: ["g(t) = t + q"], line: "plot 2, g(x)", message: "unknown name 'q'", location: 8..<9),
    PlotErrorColumnCase(
      setup: ["mode rpn"], line: "plot x q *", message: "unknown name 'q'", location: 7..<8),
  ])
  func plotErrorsAreLocatedAtTheName(_ c: PlotErrorColumnCase) throws {
    var session = Session()
    for line in c.setup { #expect(session.run(line).error == nil) }
    let error = try #require(session.run(c.line).error)
    #expect(error.message == c.message)
    #expect(error.location == c.location)
  }
}
