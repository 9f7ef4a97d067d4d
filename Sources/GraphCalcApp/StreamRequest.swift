import Streaming

/// A `stream` to run: where the numbers come from and the settings. The `stream` command
/// (`Session`) and `graphcalc stream` both make one; the executable runs it, live in the
/// terminal or to its end.
public struct StreamRequest: Sendable, Hashable {
  /// Where the numbers come from.
  public enum Source: Sendable, Hashable {
    /// Standard input (`graphcalc stream < FILE`, `cmd | graphcalc stream`).
    case standardInput
    /// A file read to its end (`stream FILE`, `stream < FILE` at the prompt).
    case file(String)
    /// The output of a shell command line (`stream cmd "vmstat 1"`).
    case command(String)
  }

  /// Where the numbers come from.
  public var source: Source
  /// Window, y range, smoothing, frame rate and export (`options.command` is also in
  /// `source`).
  public var options: StreamOptions
  /// Which argument (0-based, among those `parse` read) holds the value of `--columns` and
  /// of `--exclude`, keyed by the flag: where a column the data lack is reported. Not part
  /// of `==`.
  public var selectorArguments: [String: Int] = [:]
  /// The same values' columns in the prompt's line (set by the `stream` command), for the
  /// caret under a column the data lack. Not part of `==`.
  public var selectorSpans: [String: Range<Int>] = [:]

  /// Creates a request.
  /// - Parameters:
  ///   - source: where the numbers come from.
  ///   - options: the settings.
  public init(source: Source, options: StreamOptions = StreamOptions()) {
    self.source = source
    self.options = options
  }

  /// The usage of `stream`, as `graphcalc stream --help` prints it.
  public static let usage = """
    usage: graphcalc stream [OPTIONS] [FILE | cmd "COMMAND"]
           (at the prompt: stream [OPTIONS] FILE | stream [OPTIONS] < FILE | stream [OPTIONS] cmd "COMMAND")

    Plots numbers as they arrive, redrawing a rolling window in place: one or more numbers
    a line (separated by spaces, tabs, commas or semicolons), one series a column. Lines
    that are not numbers are counted and skipped; nan leaves a gap. Without FILE or cmd
    it reads standard input. q or Ctrl-C stops; the last frame stays on screen. When the
    output is not a terminal only the final frame is printed.

      --window N         show the last N samples of each series (default 100)
      --ymin A, --ymax B fix the bottom or top of the y range (default: follow the data)
      --smooth           draw smooth curves that never overshoot the samples
      --fps F            redraw at most F times a second (1 to 120, default 30)
      --columns COLS     show only these columns: numbers from 1 or names (4,13 or free,us)
      --exclude COLS     show every column but these
      --match REGEX      read each line's number from the match of REGEX (its group 1)
      --normalize        draw each series scaled to its own min..max (0..1)
      --export svg FILE  write the last frame to FILE as SVG when the stream stops
      cmd "COMMAND"      read the output of the shell command COMMAND (quote it)
      --color[=WHEN]     colour the series: auto (default), always or never
    """

  /// Reads the arguments of `stream` (after the word itself).
  ///
  /// Besides `StreamOptions.parse`'s flags, one FILE may be given (`-` is standard input),
  /// also in the prompt's form `< FILE` or `<FILE`. A FILE and `cmd` together are an error.
  /// - Parameter arguments: one flag, value or word an element (quotes already removed).
  /// - Returns: the request.
  /// - Throws: `StreamArgumentError` with the message and the index of the argument it is
  ///   about, when known.
  public static func parse(_ arguments: [String]) throws(StreamArgumentError) -> StreamRequest {
    var flags: [String] = []
    var flagIndices: [Int] = []
    var file: (path: String, index: Int)? = nil
    var i = 0
    func take(_ path: String, at index: Int) throws(StreamArgumentError) {
      if let file {
        throw StreamArgumentError(
          "stream reads one FILE; got '\(file.path)' and '\(path)' (quote a command as one "
            + "argument: cmd \"vmstat 1\")", argument: index)
      }
      file = (path, index)
    }
    while i < arguments.count {
      let a = arguments[i]
      // Flags that take values keep them; their values may look like anything (`-5`).
      let values: Int
      if a.hasPrefix("--"), a.contains("=") {
        values = 0
      } else {
        switch a {
        case "--window", "-w", "--ymin", "--ymax", "--fps", "cmd", "--columns", "-c", "--exclude",
          "--match":
          values = 1
        case "--export": values = 2
        default: values = 0
        }
      }
      if a == "<" {
        guard i + 1 < arguments.count else {
          throw StreamArgumentError("'<' needs a FILE after it", argument: i)
        }
        try take(arguments[i + 1], at: i + 1)
        i += 2
        continue
      }
      if a.hasPrefix("<") {
        try take(String(a.dropFirst()), at: i)
        i += 1
        continue
      }
      let isWord = values == 0 && (a == "-" || !a.hasPrefix("-")) && !a.isEmpty
      if isWord && (a == "-" || Double(a) == nil) {
        try take(a, at: i)
        i += 1
        continue
      }
      let end = min(arguments.count, i + 1 + values)
      for k in i..<end {
        flags.append(arguments[k])
        flagIndices.append(k)
      }
      i = end
    }
    var selectors: [String: Int] = [:]
    for (k, flag) in flags.enumerated() {
      let name = flag.hasPrefix("--") ? String(flag.prefix { $0 != "=" }) : flag
      guard name == "--columns" || name == "-c" || name == "--exclude" else { continue }
      let key = name == "--exclude" ? "--exclude" : "--columns"
      if flag.contains("=") {
        selectors[key] = flagIndices[k]
      } else if k + 1 < flags.count {
        selectors[key] = flagIndices[k + 1]
      }
    }
    var request = try request(flags: flags, flagIndices: flagIndices, file: file)
    request.selectorArguments = selectors
    return request
  }

  /// The request of the flags and the FILE `parse` found.
  private static func request(
    flags: [String], flagIndices: [Int], file: (path: String, index: Int)?
  ) throws(StreamArgumentError) -> StreamRequest {
    let options: StreamOptions
    do {
      options = try StreamOptions.parse(flags)
    } catch {
      throw StreamArgumentError(
        error.description, argument: culprit(of: error, in: flags).map { flagIndices[$0] })
    }
    if let command = options.command {
      if let file {
        throw StreamArgumentError(
          "stream reads FILE or cmd \"COMMAND\", not both (got '\(file.path)'; quote a command "
            + "as one argument: cmd \"vmstat 1\")", argument: file.index)
      }
      return StreamRequest(source: .command(command), options: options)
    }
    guard let file, file.path != "-" else {
      return StreamRequest(source: .standardInput, options: options)
    }
    guard !file.path.isEmpty else {
      throw StreamArgumentError("'<' needs a FILE after it", argument: file.index)
    }
    return StreamRequest(source: .file(file.path), options: options)
  }

  /// The index in `flags` of the argument `error` is about, when it can be told.
  static func culprit(of error: StreamOptionsError, in flags: [String]) -> Int? {
    func index(ofFlagOrValue token: String) -> Int? {
      flags.firstIndex { $0 == token || ($0.hasPrefix("--") && $0.hasSuffix("=" + token)) }
    }
    switch error {
    case .unknownOption(let arg, _), .unexpectedArgument(let arg): return flags.firstIndex(of: arg)
    case .invalidWindow(let text): return index(ofFlagOrValue: text)
    case .windowOutOfRange(let n): return index(ofFlagOrValue: String(n))
    case .invalidNumber(_, let value): return index(ofFlagOrValue: value)
    case .invalidColumns(_, let value): return index(ofFlagOrValue: value)
    case .invalidMatch(let pattern, _): return index(ofFlagOrValue: pattern)
    case .unsupportedExportFormat(let f): return index(ofFlagOrValue: f)
    case .unexpectedValue(let flag, _): return flags.firstIndex { $0.hasPrefix(flag + "=") }
    case .missingValue(let flag):
      return flags.lastIndex(of: flag.hasPrefix("--export") ? "--export" : flag)
    case .emptyYRange: return flags.lastIndex { $0.hasPrefix("--ymax") }
    }
  }

  /// Equality of every setting (`StreamOptions` is `Equatable` only).
  public static func == (a: StreamRequest, b: StreamRequest) -> Bool {
    a.source == b.source && a.options == b.options
  }

  /// Hashes the source and the settings `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(source)
    hasher.combine(options.window)
    hasher.combine(options.yMin)
    hasher.combine(options.yMax)
    hasher.combine(options.smooth)
    hasher.combine(options.framesPerSecond)
    hasher.combine(options.exportSVGPath)
    hasher.combine(options.command)
    hasher.combine(options.columns)
    hasher.combine(options.excluded)
    hasher.combine(options.match)
    hasher.combine(options.normalize)
  }
}

/// A mistake in `stream`'s arguments: the message, and which argument it is about.
public struct StreamArgumentError: Error, Sendable, Hashable, CustomStringConvertible {
  /// One line, e.g. `unknown option '--widnow'; did you mean '--window'?`.
  public var message: String
  /// The 0-based index of the argument it is about, if known.
  public var argument: Int?

  /// Creates an error.
  /// - Parameters:
  ///   - message: the message.
  ///   - argument: the index of the argument it is about.
  public init(_ message: String, argument: Int? = nil) {
    self.message = message
    self.argument = argument
  }

  /// The message.
  public var description: String { message }
}
