import CalculatorBrain
import Glibc
import GraphView
import TextAndNumbers
import TextCanvas

// gnuplot's terminal and output (`set terminal`, `set output`, `set print`, `refresh`, the
// GPVAL_ variables), after gnuplot 5.4's documentation (`help set terminal`, `set output`,
// `set print`, `pngcairo`, `pdfcairo`, `svg`, `dumb`, `refresh`, `gpval`). gnuplot draws
// each plot on its terminal, and a terminal that writes files writes to `set output`'s
// file. graphcalc draws in the terminal it runs in unless a file terminal and a file are
// set: then each `plot`, `replot`, `refresh` (and each view command) writes the file
// whole, through `export`'s writer (AtomicFile: a temporary file renamed over it), and
// draws nothing in the terminal; a multiplot's page is written at `unset multiplot`.

/// What a terminal of `set terminal` draws on.
enum GnuplotTerminalKind: String, Sendable, Hashable {
  /// The terminal graphcalc runs in (gnuplot's interactive terminals and `unknown`).
  case screen
  /// gnuplot's `dumb`: a text block, in the terminal, or in `set output`'s file (ASCII).
  case dumb
  /// An SVG file (gnuplot's `svg`).
  case svg
  /// A PNG file (gnuplot's `png` and `pngcairo`).
  case png
  /// A PDF file (gnuplot's `pdfcairo`).
  case pdf
}

/// One terminal of `set terminal NAME [options]`.
struct GnuplotTerminal: Sendable, Hashable {
  /// gnuplot's name of it (`pngcairo`, `unknown`), what `GPVAL_TERM` holds.
  var name: String
  /// What it draws on.
  var kind: GnuplotTerminalKind
  /// `size W,H` in the picture's pixels (PDF: 1 px = 0.75 pt; dumb: characters), or nil
  /// for the terminal's default (`defaultSize`).
  var size: (width: Int, height: Int)?
  /// The options given, as typed and in order (`font "Arial,10"`, `enhanced`), for `show
  /// terminal`; `size` is listed from `size`.
  var options: [String] = []

  static func == (a: Self, b: Self) -> Bool {
    a.name == b.name && a.kind == b.kind && a.size?.width == b.size?.width
      && a.size?.height == b.size?.height && a.options == b.options
  }
  func hash(into h: inout Hasher) {
    h.combine(name)
    h.combine(options)
  }

  /// The terminal a session starts with: gnuplot's name for no graphics terminal, meaning
  /// here the terminal graphcalc runs in.
  static let initial = GnuplotTerminal(name: "unknown", kind: .screen)

  /// gnuplot's default size of each file terminal, in pixels (dumb: characters): pngcairo
  /// and png 640x480, svg 600x480 (`show terminal` of gnuplot 5.4), pdfcairo 5 x 3 inches
  /// (480 x 288 px at 96 px an inch, 1 px = 0.75 pt), dumb 79 x 24.
  var defaultSize: (width: Int, height: Int) {
    switch kind {
    case .svg: return (600, 480)
    case .png: return (640, 480)
    case .pdf: return (480, 288)
    case .dumb: return (79, 24)
    case .screen: return (800, 600)
    }
  }

  /// The terminal as `set terminal` takes it (`pngcairo size 800,600 font "Arial,10"`).
  var listing: String {
    var parts = [name]
    if let size { parts.append("size \(size.width),\(size.height)") }
    return (parts + options).joined(separator: " ")
  }

  /// The names graphcalc takes, in gnuplot's order of `GPVAL_TERMINALS` (pdf is an
  /// abbreviation of pdfcairo, as in gnuplot 5.4).
  static let names = ["dumb", "pdfcairo", "png", "pngcairo", "qt", "svg", "unknown", "wxt", "x11"]

  /// gnuplot 5.4's other terminals (its `GPVAL_TERMINALS` and the usual platform ones),
  /// refused as not supported rather than as unknown names.
  static let gnuplotOnly = [
    "aqua", "cairolatex", "canvas", "cgm", "context", "domterm", "dpu414", "dxf", "emf",
    "epscairo", "epslatex", "epson_180dpi", "epson_60dpi", "epson_lx800", "fig", "gif",
    "hp500c", "hpdj", "hpgl", "hpljii", "hppj", "jpeg", "latex", "linux", "lua", "mf", "mp",
    "nec_cp6", "okidata", "pbm", "pcl5", "pict2e", "postscript", "pslatex", "pstex",
    "pstricks", "sixelgd", "sixeltek", "starc", "tandy_60dpi", "tek40xx", "tek410x",
    "texdraw", "tikz", "tkcanvas", "vttek", "windows", "xterm", "eps", "ps", "jpg",
  ]

  /// The terminal `typed` names: a whole name, or the start of exactly one (gnuplot: "may
  /// be abbreviated"; `pdf` is pdfcairo), with its kind.
  ///
  /// - Throws: `CommandError` at `word` for one of gnuplot's terminals graphcalc does not
  ///   have (not supported, naming what it writes) or an unknown name (the nearest one).
  static func named(_ word: Word) throws(CommandError) -> GnuplotTerminal {
    let typed = word.text
    let whole: String?
    if names.contains(typed) {
      whole = typed
    } else if typed == "pdf" {
      whole = "pdfcairo"
    } else {
      let starts = names.filter { $0.hasPrefix(typed) }
      whole = starts.count == 1 && typed.count >= 2 ? starts[0] : nil
    }
    guard let whole else {
      if gnuplotOnly.contains(where: { $0 == typed || ($0.hasPrefix(typed) && typed.count >= 3) }) {
        throw CommandError(
          .notSupported(
            what: "gnuplot's terminal '\(typed)'",
            hint: "graphcalc writes svg, pngcairo (png) and pdfcairo (pdf) files, and dumb text"),
          at: word.span)
      }
      throw CommandError(
        .unknownName(
          .terminal(known: names), typed, suggestion: Suggestions.nearest(to: typed, among: names)),
        at: word.span)
    }
    let kind: GnuplotTerminalKind
    switch whole {
    case "dumb": kind = .dumb
    case "svg": kind = .svg
    case "png", "pngcairo": kind = .png
    case "pdfcairo": kind = .pdf
    default: kind = .screen
    }
    return GnuplotTerminal(name: whole, kind: kind)
  }

  /// The format of a file written for this terminal to `path`: its own, or, for the
  /// terminal graphcalc runs in, the one the file's extension names (`.svg`, `.png`,
  /// `.pdf`; gnuplot's interactive terminals ignore `set output`); nil to draw in the
  /// terminal.
  func fileKind(for path: String) -> GnuplotTerminalKind? {
    guard kind == .screen else { return kind }
    let lower = path.lowercased()
    for kind in [GnuplotTerminalKind.svg, .png, .pdf] where lower.hasSuffix("." + kind.rawValue) {
      return kind
    }
    return nil
  }
}

/// Where `print` writes (`set print`).
enum PrintDestination: Sendable, Hashable {
  /// Standard output (graphcalc's default and `set print "-"`; gnuplot's default is
  /// standard error).
  case standardOutput
  /// The end of a file (`set print "FILE" [append]`).
  case file(String)
  /// The end of a data block (`set print $NAME [append]`).
  case block(String)
}

/// The session's terminal, output file and print destination.
struct OutputSettings: Sendable, Hashable {
  /// The terminal plots are drawn for.
  var terminal = GnuplotTerminal.initial
  /// The terminal `set terminal push` kept (gnuplot keeps one; at start, the initial one).
  var pushed = GnuplotTerminal.initial
  /// Each terminal's options as last set, by name (gnuplot remembers them: `set term png`
  /// after `set term png size 300,200` keeps the size).
  var remembered: [String: GnuplotTerminal] = [:]
  /// The file plots are written to (`set output "FILE"`), or nil for the terminal.
  var file: String?
  /// Where `print` writes.
  var print = PrintDestination.standardOutput
  /// The values of the settings kept only to be shown (`SettingEntry.kept`: `set encoding
  /// utf8`), as typed, by name; none after `unset`.
  var kept: [String: String] = [:]

  /// The terminals graphcalc takes, as `GPVAL_TERMINALS` lists them (blank-separated, with a
  /// blank at each end, as gnuplot's).
  static let terminalList = " " + GnuplotTerminal.names.joined(separator: " ") + " "
}

extension Session {
  /// The string variables gnuplot keeps (`GPVAL_TERM`, `GPVAL_OUTPUT`, ...), as they are now.
  var gpvalStrings: [(String, String)] {
    [
      ("GPVAL_TERM", output.terminal.name),
      (
        "GPVAL_TERMOPTIONS",
        String(output.terminal.listing.dropFirst(output.terminal.name.count)).trimmedOfBlanks()
      ),
      ("GPVAL_OUTPUT", output.file ?? ""), ("GPVAL_PATCHLEVEL", "0"),
      ("GPVAL_TERMINALS", OutputSettings.terminalList),
    ]
  }

  /// Puts the GPVAL_ string variables and `GPVAL_VERSION` (5.4: the gnuplot whose language
  /// graphcalc reads) in place: at the first line that names one, at `show variables` and
  /// after each change of terminal or output.
  mutating func updateGPVAL() {
    gpvalInPlace = true
    for (name, value) in gpvalStrings { strings[name] = value }
    brain.setVariable("GPVAL_VERSION", to: 5.4)
  }

  /// Keeps the ranges of the plot just drawn in `GPVAL_X_MIN`, `GPVAL_X_MAX`, `GPVAL_Y_MIN`
  /// and `GPVAL_Y_MAX` (gnuplot: "values used during the last plot, not those currently
  /// set"), in data units.
  mutating func noteDrawnRanges() {
    guard let shown = currentCurves() else { return }
    brain.setVariable("GPVAL_X_MIN", to: shown.xRange.lowerBound)
    brain.setVariable("GPVAL_X_MAX", to: shown.xRange.upperBound)
    brain.setVariable("GPVAL_Y_MIN", to: shown.yRange.lowerBound)
    brain.setVariable("GPVAL_Y_MAX", to: shown.yRange.upperBound)
  }

  /// The file format and path plots go to now (`set terminal` and `set output`), or nil
  /// when they are drawn in the terminal.
  var outputFile: (kind: GnuplotTerminalKind, path: String)? {
    guard let path = output.file, let kind = output.terminal.fileKind(for: path) else {
      return nil
    }
    return (kind, path)
  }

  /// Writes the plot (or the multiplot page, `page`) to `set output`'s file in the
  /// terminal's format at its size: the bytes `export` writes of it; nothing is drawn in the
  /// terminal.
  ///
  /// - Returns: The notes of the drawing, one a line (no `wrote` line: gnuplot writes
  ///   silently).
  /// - Throws: `CommandError` when the file cannot be written or the picture made.
  func writeOutput(_ file: (kind: GnuplotTerminalKind, path: String), page: Bool)
    throws(CommandError) -> Reply
  {
    let terminal =
      output.terminal.kind == file.kind
      ? output.terminal : GnuplotTerminal(name: file.kind.rawValue, kind: file.kind)
    let size = terminal.size ?? terminal.defaultSize
    let notes: [String]
    switch file.kind {
    case .dumb, .screen:
      // gnuplot's dumb terminal: a text block of H lines of W + 1 characters (gnuplot 5.4
      // writes columns 0 ... W), 7-bit ASCII, no colour; a multiplot's page likewise.
      let cells = TerminalSize(columns: size.width + 1, rows: size.height + 1)
      let drawn: (text: String, notes: [String])
      if page {
        drawn = try multiplot.terminal(
          size: cells, canvas: .ascii, colors: nil, budget: samplingBudget,
          cellPixels: display.cellPixels, theme: theme, passthrough: false)
      } else {
        guard let curves = currentCurves() else { return Reply() }
        drawn = try PlotOutput.terminalWithNotes(
          curves, size: cells, canvas: .ascii, budget: samplingBudget)
      }
      try AtomicFile.write(drawn.text + "\n", to: file.path)
      notes = drawn.notes
    case .svg, .png, .pdf:
      let export = Export(format: file.kind.rawValue, path: file.path)
      notes = try export.writeFile(self, width: size.width, height: size.height, page: page)
    }
    return .text(notes.joined(separator: "\n"))
  }

  /// What `print` answers with `text` (its line, ending in a newline) as `set print` sends
  /// it: the reply's output, or nothing when it went to a file or a data block.
  ///
  /// - Throws: `CommandError` (`cannotWrite`) when the file cannot be written.
  mutating func printed(_ text: String) throws(CommandError) -> Reply {
    switch output.print {
    case .standardOutput: return Reply(output: text)
    case .file(let path):
      try Session.append(Array(text.utf8), to: path, truncating: false)
      return Reply()
    case .block(let name):
      // gnuplot: "embedded newline characters are expanded to generate multiple data
      // block entries": the text's lines are the block's next lines.
      data.options.dataBlocks[name, default: []] += Array(text.utf8)
      return Reply()
    }
  }

  /// Appends `bytes` to the file `path` (created 0666 less the umask), or empties it first
  /// when `truncating`: one `write` of the whole text on an `O_APPEND` descriptor.
  ///
  /// - Throws: `CommandError` (`cannotWrite`) naming the path and the system's reason.
  static func append(_ bytes: [UInt8], to path: String, truncating: Bool) throws(CommandError) {
    guard !path.isEmpty else {
      throw CommandError(.cannotWrite(path: "", reason: "no file name given"))
    }
    let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (truncating ? O_TRUNC : O_APPEND)
    let fd = open(path, flags, 0o666)
    guard fd >= 0 else {
      throw CommandError(.cannotWrite(path: path, reason: String(cString: strerror(errno))))
    }
    defer { close(fd) }
    var written = 0
    while written < bytes.count {
      let n = bytes.withUnsafeBufferPointer {
        Glibc.write(fd, $0.baseAddress! + written, $0.count - written)
      }
      if n < 0, errno == EINTR { continue }
      guard n > 0 else {
        throw CommandError(.cannotWrite(path: path, reason: String(cString: strerror(errno))))
      }
      written += n
    }
  }
}

extension Export {
  /// The export of the plot shown as `format` (`svg`, `png`, `pdf`) to `path`, as `set
  /// output` writes it.
  init(format: String, path: String) {
    self.format = Argument(source: Word(format), isString: false)
    self.path = path
    self.file = Argument(source: Word(path), isString: false)
    self.sizes = []
    self.sizesSpan = nil
  }
}

// MARK: set terminal

/// `set terminal NAME [options]`, `set terminal push|pop`, `set terminal` alone.
struct SetTerminal: SessionCommand, Hashable {
  enum Change: Hashable {
    /// A terminal with options read from the line; `size` still to be evaluated.
    case terminal(GnuplotTerminal, size: [Word]?, units: [String], sizeSpan: Range<Int>?)
    case push
    case pop
  }
  var change: Change

  func run(in session: inout Session) throws(CommandError) -> Reply {
    switch change {
    case .push: session.output.pushed = session.output.terminal
    case .pop: session.output.terminal = session.output.pushed
    case .terminal(var terminal, let size, let units, let sizeSpan):
      if let remembered = session.output.remembered[terminal.name] {
        // gnuplot: options of an earlier `set term NAME ...` stay unless given again.
        if size == nil { terminal.size = remembered.size }
        if terminal.options.isEmpty { terminal.options = remembered.options }
      }
      if let size {
        terminal.size = try Self.pixels(size, units: units, kind: terminal.kind, session, sizeSpan)
      }
      session.output.terminal = terminal
      session.output.remembered[terminal.name] = terminal
    }
    session.updateGPVAL()
    return Reply()
  }

  /// The size `W,H` in the terminal's units: pixels (`in` and `cm` at 72 dpi, as pngcairo
  /// reads them), for pdfcairo inches (or `cm`) at 96 px an inch (graphcalc's PDF pixel is
  /// 0.75 pt), for dumb characters; whole pixels, cut down as gnuplot cuts them
  /// (Fixtures/terminal-sizes-gnuplot.tsv).
  ///
  /// - Throws: `CommandError` at a value that is not a number, or out of 16 ... 10000
  ///   pixels (dumb: 20 x 6 ... 1000 x 1000 characters).
  static func pixels(
    _ words: [Word], units: [String], kind: GnuplotTerminalKind, _ session: Session,
    _ span: Range<Int>?
  ) throws(CommandError) -> (width: Int, height: Int) {
    var result: [Int] = []
    for (word, unit) in zip(words, units) {
      let value = try session.number(word)
      var perUnit = 1.0
      switch (kind, unit) {
      case (.pdf, "cm"): perUnit = 96 / 2.54
      case (.pdf, _): perUnit = 96
      case (_, "cm"): perUnit = 72 / 2.54
      case (_, "in"), (_, "inch"): perUnit = 72
      default: perUnit = 1
      }
      // gnuplot truncates (10cm at 72 dpi is 283 px); the 1e-9 keeps 4in at 288.
      let pixels = (value * perUnit + 1e-9).rounded(.down)
      if kind == .dumb {
        let least = result.isEmpty ? PlotOutput.minimumTerminal.columns : 5
        guard value.isFinite, value == value.rounded(), value >= Double(least), value <= 1000
        else {
          throw CommandError(
            .expected("a whole number of characters from \(least) to 1000"), at: word.span)
        }
      } else {
        guard pixels.isFinite, pixels >= 16, pixels <= 10_000 else {
          throw CommandError(.pixelSizeOutOfRange(pixels), at: word.span)
        }
      }
      result.append(Int(pixels))
    }
    guard result.count == 2 else {
      throw CommandError(.needs(word: "size", what: "W,H, as in: size 800,600"), at: span)
    }
    return (result[0], result[1])
  }
}

extension SettingEntry {
  /// The option words of `set terminal` that stand alone (gnuplot 5.4's, of the terminals
  /// graphcalc has): accepted and listed, changing nothing drawn.
  static let terminalFlags: Set<String> = [
    "enhanced", "noenhanced", "mono", "monochrome", "color", "colour", "solid", "dashed",
    "rounded", "butt", "square", "transparent", "notransparent", "crop", "nocrop", "interlace",
    "nointerlace", "truecolor", "notruecolor", "fixed", "dynamic", "standalone", "mouse",
    "nomouse", "feed", "nofeed", "ansi", "ansi256", "ansirgb", "tiny", "small", "medium",
    "large", "giant", "persist", "nopersist", "raise", "noraise", "ctrlq", "noctrlq",
    "replotonresize", "noreplotonresize", "antialias", "noantialias", "resize", "noresize",
    "close",
  ]

  /// The option words of `set terminal` that take one value after them.
  static let terminalValued: Set<String> = [
    "font", "fontscale", "linewidth", "lw", "dashlength", "dl", "pointscale", "ps", "name",
    "jsdir", "title", "background", "bg", "position", "aspect",
  ]

  /// `set terminal|term NAME [options]`, `push`, `pop`; `show terminal`.
  static let terminal = SettingEntry(
    name: "terminal", aliases: ["term"],
    usage: [
      "set terminal svg|pngcairo|png|pdfcairo|dumb|unknown|x11|wxt|qt [size W,H] "
        + "[font \"NAME,SIZE\"] [enhanced|noenhanced] [background COLOR] [...]",
      "set terminal push|pop",
    ],
    keywords: GnuplotTerminal.names + ["push", "pop", "size", "font", "enhanced", "background"],
    parse: { arguments throws(CommandError) in try readTerminal(arguments) },
    listing: { $0.output.terminal == .initial ? nil : "terminal \($0.output.terminal.listing)" },
    unset: SetTerminal(change: .terminal(.initial, size: nil, units: [], sizeSpan: nil)))

  /// Reads `set terminal ...`.
  ///
  /// - Throws: `CommandError` at an unknown terminal (the nearest named), one of gnuplot's
  ///   graphcalc does not have, an unknown option word, or an option without its value.
  static func readTerminal(_ arguments: SettingArguments) throws(CommandError)
    -> any SessionCommand
  {
    let values = arguments.values
    let tokens = values.line.tokens
    guard let first = values.tokens.first else {
      return Tell { _ in
        "terminals: " + GnuplotTerminal.names.joined(separator: ", ")
          + " (pdf is pdfcairo; unknown, x11, wxt and qt draw in this terminal)"
      }
    }
    guard first.kind == .name else {
      throw CommandError(
        .needs(word: "set terminal", what: "a terminal's name, as in: set terminal pngcairo"),
        at: first.span)
    }
    if first.text == "push" || first.text == "pop" {
      guard values.tokens.count == 1 else {
        throw CommandError(
          .takesNoArguments(command: "set terminal \(first.text)"),
          at: tokens[values.range.lowerBound + 1].offset..<values.text.span.upperBound)
      }
      return SetTerminal(change: first.text == "push" ? .push : .pop)
    }
    var terminal = try GnuplotTerminal.named(Word(first.text, at: first.offset))
    var size: [Word]?
    var units: [String] = []
    var sizeSpan: Range<Int>?
    var i = values.range.lowerBound + 1
    let end = values.range.upperBound
    /// Whether token `j` starts another option (a name after a blank).
    func startsOption(_ j: Int) -> Bool {
      tokens[j].kind == .name && tokens[j].spaceBefore
        && (terminalFlags.contains(tokens[j].text) || terminalValued.contains(tokens[j].text)
          || tokens[j].text == "size")
    }
    // gnuplot's window number of an interactive terminal (`set term wxt 0`).
    if terminal.kind == .screen, i < end, tokens[i].kind == .number {
      terminal.options.append(tokens[i].text)
      i += 1
    }
    while i < end {
      let token = tokens[i]
      let word = token.text
      i += 1
      if word == "size" {
        var j = i
        while j < end, !startsOption(j) { j += 1 }
        let part = CommandArguments(line: values.line, range: i..<j, start: token.span.upperBound)
        let items = part.items.map(\.text)
        guard items.count == 2, !items.contains(where: { $0.text.isEmpty }) else {
          throw CommandError(.needs(word: "size", what: "W,H, as in: size 800,600"), at: token.span)
        }
        size = []
        units = []
        for item in items {
          var text = item.text
          var unit = ""
          for suffix in ["inch", "in", "cm"] where text.hasSuffix(suffix) {
            unit = suffix
            text = String(text.dropLast(suffix.count)).trimmedOfBlanks()
            break
          }
          size?.append(Word(text, at: item.offset))
          units.append(unit)
        }
        sizeSpan = token.offset..<tokens[j - 1].span.upperBound
        i = j
        // gnuplot's svg takes `size W,H fixed|dynamic`; the flags are read below.
        continue
      }
      if terminalFlags.contains(word) {
        terminal.options.append(word)
        continue
      }
      if terminalValued.contains(word) {
        guard i < end else {
          throw CommandError(.needs(word: word, what: "a value after it"), at: token.span)
        }
        var j = i + 1
        // `background rgb "white"`, `aspect 2,1`, `position 0,0`, `font arial 11`.
        if tokens[i].text == "rgb" || tokens[i].text == "rgbcolor" { j += 1 }
        while j < end, tokens[j].kind == .comma || (j > 0 && tokens[j - 1].kind == .comma) {
          j += 1
        }
        if word == "font", j < end, tokens[j].kind == .number { j += 1 }
        let text = values.line.text(of: i..<min(j, end), emptyOffset: token.span.upperBound)
        terminal.options.append("\(word) \(text.text)")
        i = min(j, end)
        continue
      }
      let known = Array(terminalFlags) + Array(terminalValued) + ["size"]
      throw CommandError(
        .unknownName(
          .terminalOption(terminal: terminal.name), word,
          suggestion: Suggestions.nearest(to: word, among: known)),
        at: token.span)
    }
    return SetTerminal(
      change: .terminal(terminal, size: size, units: units, sizeSpan: sizeSpan))
  }
}

// MARK: set output, set print

/// `set output ["FILE"]`, `unset output`.
struct SetOutput: SessionCommand, Hashable {
  /// The file name's string expression (`"a.png"`, `sprintf("p%d.png", i)`, a string
  /// variable), or nil for the terminal.
  var file: CommandArguments?

  func run(in session: inout Session) throws(CommandError) -> Reply {
    var path: String?
    if let file {
      let text = try session.fileName(file, command: "set output", example: "set output \"a.png\"")
      guard !text.hasPrefix("|") else {
        throw CommandError(
          .notSupported(what: "set output to a pipe", hint: "write a file, then run the program"),
          at: file.text.span)
      }
      path = text
    }
    session.output.file = path
    session.updateGPVAL()
    return Reply()
  }
}

extension Session {
  /// The file name a string expression gives (`"a.png"`, `sprintf("p%d.png", i)`, a string
  /// variable).
  ///
  /// - Throws: `CommandError` under it when it is not a string expression (gnuplot: "The
  ///   filename must be enclosed in quotes"), or its own error.
  func fileName(_ arguments: CommandArguments, command: String, example: String)
    throws(CommandError) -> String
  {
    guard StringExpression.starts(arguments.line, arguments.range, session: self) else {
      throw CommandError(
        .needs(word: command, what: "a file name in quotes, as in: \(example)"),
        at: arguments.text.span)
    }
    var reader = StringExpression(arguments.line, arguments.range, session: self)
    return try reader.value().text(self)
  }
}

/// `set print ["FILE"|"-"|$BLOCK] [append]`, `unset print`.
struct SetPrint: SessionCommand, Hashable {
  /// Where `print` goes (a file's name is `file`'s value).
  var destination: PrintDestination
  /// The file name's string expression, read when the command runs.
  var file: CommandArguments? = nil
  /// Whether a file or block is added to, not emptied first.
  var appends = false
  /// The file's or block's name as typed, for the caret of an error.
  var span: Range<Int>?

  func run(in session: inout Session) throws(CommandError) -> Reply {
    var destination = self.destination
    if let file {
      let text = try session.fileName(file, command: "set print", example: "set print \"out.txt\"")
      guard !text.hasPrefix("|") else {
        throw CommandError(
          .notSupported(what: "set print to a pipe", hint: "print to a file, then run the program"),
          at: file.text.span)
      }
      destination = text == "-" ? .standardOutput : .file(text)
    }
    switch destination {
    case .standardOutput: break
    case .file(let path):
      do throws(CommandError) {
        try Session.append([], to: path, truncating: !appends)
      } catch {
        var located = error
        located.location = span
        throw located
      }
    case .block(let name):
      if !appends || session.data.options.dataBlocks[name] == nil {
        session.data.options.dataBlocks[name] = []
      }
    }
    session.output.print = destination
    return Reply()
  }
}

extension SettingEntry {
  /// `set output ["FILE"]`.
  static let output = SettingEntry(
    name: "output", aliases: ["out"], usage: ["set output [\"FILE\"]"],
    parse: { arguments throws(CommandError) in
      arguments.values.isEmpty ? SetOutput(file: nil) : SetOutput(file: arguments.values)
    },
    listing: { s in s.output.file.map { "output \"\(TerminalText.safe($0))\"" } },
    unset: SetOutput(file: nil))

  /// `set print ["FILE"|"-"|$BLOCK] [append]`.
  static let printDestination = SettingEntry(
    name: "print", aliases: ["pr"], usage: ["set print [\"FILE\"|\"-\"|$BLOCK] [append]"],
    keywords: ["append"],
    parse: { arguments throws(CommandError) in
      let values = arguments.values
      let tokens = Array(values.tokens)
      guard !tokens.isEmpty else { return SetPrint(destination: .standardOutput) }
      var appends = false
      var used = tokens.count
      if tokens.last?.kind == .name, tokens.last?.text == "append" {
        appends = true
        used -= 1
      }
      let usage = CommandError(
        .usage("set print [\"FILE\"|\"-\"|$BLOCK] [append]"), at: values.text.span)
      if used == 2, Session.startsDataBlockName(tokens[0..<2][...]) {
        return SetPrint(
          destination: .block("$" + tokens[1].text), appends: appends,
          span: tokens[0].offset..<tokens[1].span.upperBound)
      }
      guard used >= 1 else { throw usage }
      let file = CommandArguments(
        line: values.line, range: values.range.lowerBound..<(values.range.lowerBound + used),
        start: values.start)
      return SetPrint(
        destination: .file(""), file: file, appends: appends, span: file.text.span)
    },
    listing: { s in
      switch s.output.print {
      case .standardOutput: return nil
      case .file(let path): return "print \"\(TerminalText.safe(path))\""
      case .block(let name): return "print \(name)"
      }
    },
    unset: SetPrint(destination: .standardOutput))
}

// MARK: settings accepted that change nothing here

extension SettingEntry {
  /// What `show NAME` prints of a setting at its default, which `set` alone leaves out
  /// (`show terminal` before any `set terminal`), or nil.
  static func shownAtDefault(_ name: String, _ session: Session) -> String? {
    switch name {
    case "terminal": return "terminal unknown (plots are drawn in this terminal)"
    case "output": return "output (the terminal)"
    case "print": return "print \"-\" (standard output)"
    default:
      return keptSettings.first { $0.name == name }.map { _ in
        "\(name) \(keptDefaults[name] ?? "")".trimmedOfBlanks()
      }
    }
  }

  /// The kept settings' values before any `set`, as gnuplot 5.4's `show` gives them.
  static let keptDefaults = [
    "encoding": "default", "minussign": "off", "clip": "points", "termoption": "",
    "isosamples": "10, 10", "timestamp": "off", "fontpath": "\"\"", "loadpath": "\"\"",
    "psdir": "\"\"",
  ]
}

extension SettingEntry {
  /// A gnuplot setting graphcalc accepts and keeps only to show it again (`set encoding
  /// utf8`, `set clip points`): what `show NAME` prints is `NAME VALUE` as typed (before
  /// any `set`, `keptDefaults`); `note`, when not empty, is printed at `set` (what gnuplot
  /// would draw that graphcalc does not).
  static func kept(
    _ name: String, aliases: [String] = [], usage: String, note: String = ""
  ) -> SettingEntry {
    SettingEntry(
      name: name, aliases: aliases, usage: [usage],
      parse: { arguments throws(CommandError) in
        let text = arguments.values.text.text
        return KeepSetting(name: name, value: text, note: note)
      },
      listing: { s in
        s.output.kept[name].map { $0.isEmpty ? name : "\(name) \($0)" }
      },
      unset: KeepSetting(name: name, value: nil, note: ""))
  }

  /// gnuplot's settings that draw nothing different in graphcalc.
  static let keptSettings: [SettingEntry] = [
    .kept(
      "encoding", aliases: ["enc"], usage: "set encoding utf8|default|iso_8859_1|..."),
    .kept(
      "minussign", usage: "set minussign",
      note: "note: tick labels keep the ASCII '-' (gnuplot's set minussign draws U+2212)"),
    .kept("clip", usage: "set clip points|one|two|radial"),
    .kept("termoption", aliases: ["termoptions"], usage: "set termoption OPTION"),
    .kept(
      "isosamples", aliases: ["iso"], usage: "set isosamples N[,M]",
      note: "note: isosamples are for 3D surfaces (splot), which graphcalc does not draw"),
    .kept(
      "timestamp", usage: "set timestamp [\"FORMAT\"] [top|bottom]",
      note: "note: graphcalc does not draw the time stamp gnuplot puts in a corner"),
    .kept("fontpath", usage: "set fontpath \"DIR\"..."),
    .kept("loadpath", usage: "set loadpath \"DIR\"..."),
    .kept("psdir", usage: "set psdir \"DIR\""),
  ]
}

/// `set NAME VALUE` of a setting graphcalc keeps only to show (`SettingEntry.kept`).
struct KeepSetting: SessionCommand, Hashable {
  var name: String
  /// The value as typed, or nil for `unset`.
  var value: String?
  var note: String

  func run(in session: inout Session) throws(CommandError) -> Reply {
    session.output.kept[name] = value
    return note.isEmpty || value == nil ? Reply() : .text(note)
  }
}

// MARK: refresh, show variables

extension CommandEntry {
  /// `refresh`.
  static let refresh = CommandEntry.noArguments(
    "refresh", usage: ["refresh"],
    summary: "draw the current plot again from the data already read (gnuplot's refresh)",
    details: """
      refresh draws the current plot again with the settings made since (set title, set
      terminal, set output, ...), without reading its data files again: after plot "-"
      its inline data are drawn again. replot reads the files again.
      """, Refresh())
}

/// `refresh`: the current plot drawn again (to `set output`'s file, when there is one).
struct Refresh: SessionCommand, Hashable {
  func run(in session: inout Session) throws(CommandError) -> Reply {
    guard session.curves != nil else {
      throw CommandError(.nothingPlotted(action: "refresh"))
    }
    if !session.showsBarChart { session.shown = .plot }
    session.noteDrawnRanges()
    return try session.redraw()
  }
}

/// `show variables [all|PREFIX]`: the variables whose names start with PREFIX (gnuplot's
/// `show variables GPVAL`), in gnuplot's layout; alone, the user's (no GPVAL_ ones), with
/// `all` every one.
struct ShowVariables: SessionCommand, Hashable {
  /// The names' start; empty for every variable.
  var prefix: String
  /// Whether the GPVAL_ variables are listed without a prefix naming them (`all`).
  var all = false

  func run(in session: inout Session) throws(CommandError) -> Reply {
    if !session.gpvalInPlace { session.updateGPVAL() }
    var lines = [
      prefix.isEmpty
        ? "\tUser and default variables:" : "\tVariables beginning with \(prefix):"
    ]
    var entries: [(String, String)] = []
    for (name, value) in session.strings where name.hasPrefix(prefix) {
      entries.append((name, "\"" + Self.escaped(value) + "\""))
    }
    for (name, value) in session.brain.variables where name.hasPrefix(prefix) {
      entries.append((name, CalculatorBrain.format(value)))
    }
    let gpvalFirst = entries.sorted { a, b in
      a.0.hasPrefix("GPVAL_") != b.0.hasPrefix("GPVAL_") ? !a.0.hasPrefix("GPVAL_") : a.0 < b.0
    }
    for (name, value) in gpvalFirst
    where all || prefix.hasPrefix("GPVAL") || !name.hasPrefix("GPVAL_") {
      lines.append("\t\(name) = \(TerminalText.safe(value))")
    }
    return .text(lines.joined(separator: "\n"))
  }

  /// A string as gnuplot shows it in double quotes (`\"`, `\\`, `\n`).
  static func escaped(_ text: String) -> String {
    var out = ""
    for c in text {
      switch c {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      default: out.append(c)
      }
    }
    return out
  }
}
