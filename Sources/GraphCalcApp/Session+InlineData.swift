import DataFiles

// gnuplot's inline data: `plot "-"` followed by the data lines and a line `e`, once for
// each `"-"` of the plot (gnuplot's `plot '-'`), at the prompt, in scripts and, after `-e`,
// from standard input (`seq 10 | graphcalc -e 'plot "-"'`).
//
// The plot line is parsed at once (a bad word is an error before any data is read); it then
// waits, and the session takes every line that follows as data until the last block's `e`.
// The line then runs again, each `"-"` reading its block as a file (`DataFileOptions.
// inlineData`), with whatever followed it on its line (`plot "-"; export svg a.svg`).
// The data are kept in the plot's curves, so zoom, pan, replot and export need no more.

/// A `plot "-"` waiting for its data lines.
struct InlineDataRequest: Sendable, Hashable {
  /// The whole line the plot was on (error carets point into it).
  var line: String
  /// The plot command and the commands after it on its line, to run once the data are in.
  var pieces: [Piece]
  /// How many blocks the plot reads (its items named `"-"`).
  var blockCount: Int
  /// The blocks ended so far by a line `e`.
  var blocks: [[UInt8]] = []
  /// The lines of the block being read, each ending in a newline.
  var current: [UInt8] = []
  /// The bytes taken so far, all blocks together.
  var size = 0

  /// A command of the line and the column it starts at.
  struct Piece: Sendable, Hashable {
    var text: String
    var offset: Int
  }
}

extension Session {
  /// The most bytes of inline data one plot takes (all its blocks): more is refused, and
  /// a file is the way to plot it.
  static let inlineDataLimit = 256 << 20

  /// Whether a `plot "-"` is waiting for data lines: the next lines are its data, up to a
  /// line `e` for each `"-"` (the REPL shows gnuplot's `input data ('e' ends) >` prompt).
  public var awaitsInlineData: Bool { inlineData != nil }

  /// Takes `line` as a line of the waiting plot's inline data; a line `e` ends a block, and
  /// the last block's `e` runs the plot (its output, or its error, is the reply).
  ///
  /// - Returns: Nothing until the data are complete; then what the plot and the rest of its
  ///   line answer, with `errorLine` the plot's line when they fail.
  mutating func takeInlineData(_ line: String) -> Reply {
    guard inlineData != nil else { return Reply() }
    if line.utf8.count < 64, line.split(whereSeparator: { $0 == " " || $0 == "\t" }) == ["e"] {
      inlineData!.blocks.append(inlineData!.current)
      inlineData!.current = []
      guard let request = inlineData, request.blocks.count >= request.blockCount else {
        return Reply()
      }
      return runWithInlineData(request)
    }
    inlineData!.size += line.utf8.count + 1
    guard inlineData!.size <= Session.inlineDataLimit else {
      let limit = Session.inlineDataLimit
      inlineData = nil
      return Reply(error: CommandError(.inlineDataTooLarge(limit: limit)))
    }
    inlineData!.current.append(contentsOf: line.utf8)
    inlineData!.current.append(0x0A)
    return Reply()
  }

  /// Ends the waiting plot's data at the end of the input (a script or standard input that
  /// ends without its `e`): the block being read ends there, blocks not begun are empty,
  /// and the plot runs.
  ///
  /// - Returns: The plot's reply, or an empty one when nothing was waiting.
  public mutating func endInlineData() -> Reply {
    guard var request = inlineData else { return Reply() }
    request.blocks.append(request.current)
    request.current = []
    while request.blocks.count < request.blockCount { request.blocks.append([]) }
    return runWithInlineData(request)
  }

  /// Forgets a waiting plot and its data (Ctrl-C at the data prompt).
  ///
  /// - Returns: A note saying so, or nil when nothing was waiting.
  public mutating func abandonInlineData() -> String? {
    guard let request = inlineData else { return nil }
    inlineData = nil
    // The command that waited: `plot`, `replot` or `fit`.
    let word = request.line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first
    let command = word.map(String.init).flatMap { ["replot", "fit"].contains($0) ? $0 : nil }
    return "note: \(command ?? "plot") \"-\" abandoned: its data were not read"
  }

  /// Runs the request's commands with its blocks as the files named `-`.
  private mutating func runWithInlineData(_ request: InlineDataRequest) -> Reply {
    inlineData = nil
    inlineBlocks = request.blocks
    defer { inlineBlocks = nil }
    var reply = run(request.pieces.map { ($0.text, $0.offset) }, of: request.line)
    if reply.error != nil { reply.errorLine = request.line }
    return reply
  }

  /// How many of `items` read inline data (`"-"`).
  static func inlineItemCount(_ items: [Plot.Item]) -> Int {
    items.reduce(0) { count, item in
      if case .data(let spec) = item, spec.path.text == DataFile.inlinePath { return count + 1 }
      return count
    }
  }
}
