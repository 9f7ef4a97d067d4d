import TextAndNumbers

/// The settings of `graphcalc stream` and the REPL's `stream` command.
///
/// Syntax (flags in any order, each at most once in effect; the last one wins):
///
///     stream [--window N] [--ymin A] [--ymax B] [--smooth] [--fps F]
///            [--columns COLS] [--exclude COLS] [--match REGEX] [--normalize]
///            [--export svg FILE] [cmd COMMAND]
///
/// `--flag=value` works as well as `--flag value`; a value may be negative (`--ymin -5`).
/// `cmd COMMAND` reads the output of the shell command line COMMAND (quote it as one
/// argument: `stream cmd "vmstat 1"`) instead of standard input.
public struct StreamOptions: Sendable, Equatable {
  /// The default window: the last 100 samples per series (about one screen width of a
  /// terminal plot at one column per sample; `--window N` changes it).
  public static let defaultWindow = 100
  /// The largest `--window` accepted (each series keeps up to this many doubles).
  public static let maxWindow = 10_000_000

  /// Samples kept and shown per series (`--window N`, 1 ... `maxWindow`).
  public var window: Int = StreamOptions.defaultWindow
  /// A fixed bottom of the y range (`--ymin A`, plot units); `nil` follows the data.
  public var yMin: Double?
  /// A fixed top of the y range (`--ymax B`, plot units); `nil` follows the data.
  public var yMax: Double?
  /// Whether to draw smooth curves (`--smooth`) rather than straight segments.
  public var smooth = false
  /// How `smooth` interpolates (not a flag yet; the default never overshoots either way).
  var smoothingMethod: SmoothingMethod = .monotoneCubic
  /// Redraws per second at most (`--fps F`, 1 ... 120; default 30).
  public var framesPerSecond: Double = FrameThrottle.defaultFramesPerSecond
  /// Where to write an SVG of the last frame when the stream ends (`--export svg FILE`).
  public var exportSVGPath: String?
  /// A shell command whose output to read (`cmd COMMAND`); `nil` reads standard input.
  public var command: String?
  /// The series to show (`--columns 4,13` or `--columns free,us`), in that order; empty
  /// shows every series.
  public var columns: [ColumnSelector] = []
  /// The series not to show (`--exclude COLS`).
  public var excluded: [ColumnSelector] = []
  /// A POSIX extended regular expression whose match (its group 1 if it has one) holds the
  /// number of each line (`--match REGEX`): one series, named `match`.
  public var match: String?
  /// Whether each series is drawn scaled to its own min..max as 0..1 (`--normalize`).
  public var normalize = false

  /// The defaults: window 100, y range from the data, no smoothing, 30 frames a second.
  public init() {}

  /// Reads the flags of `stream` (see the type's notes for the syntax).
  /// - Parameter args: the arguments after `stream`, one flag or value per element.
  /// - Returns: the options, with defaults for what was not given.
  /// - Throws: `StreamOptionsError` for an unknown flag, a missing or bad value, a window
  ///   outside 1 ... `maxWindow`, `--ymin` not below `--ymax`, or an unsupported export format.
  public static func parse(_ args: [String]) throws(StreamOptionsError) -> StreamOptions {
    var options = StreamOptions()
    var i = 0
    while i < args.count {
      var arg = args[i]
      i += 1
      var inlineValue: String? = nil
      if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
        inlineValue = String(arg[arg.index(after: eq)...])
        arg = String(arg[..<eq])
      }
      // The value of a flag: after `=`, or the next argument.
      func value() throws(StreamOptionsError) -> String {
        if let inlineValue { return inlineValue }
        guard i < args.count else { throw .missingValue(flag: arg) }
        i += 1
        return args[i - 1]
      }
      switch arg {
      case "--window", "-w":
        let text = try value()
        guard let n = Int(text) else { throw .invalidWindow(text) }
        guard n >= 1 && n <= maxWindow else { throw .windowOutOfRange(n) }
        options.window = n
      case "--ymin":
        options.yMin = try number(try value(), flag: arg)
      case "--ymax":
        options.yMax = try number(try value(), flag: arg)
      case "--fps":
        let text = try value()
        let f = try number(text, flag: arg)
        guard f >= 1 && f <= 120 else { throw .invalidNumber(flag: arg, value: text) }
        options.framesPerSecond = f
      case "--smooth":
        if let inlineValue { throw .unexpectedValue(flag: arg, value: inlineValue) }
        options.smooth = true
      case "--normalize":
        if let inlineValue { throw .unexpectedValue(flag: arg, value: inlineValue) }
        options.normalize = true
      case "--columns", "-c":
        options.columns = try ColumnSelector.list(try value(), flag: "--columns")
      case "--exclude":
        options.excluded = try ColumnSelector.list(try value(), flag: "--exclude")
      case "--match":
        let pattern = try value()
        _ = try LineRegex(pattern)  // checked now, compiled again by the parser
        options.match = pattern
      case "--export":
        let format = try value()
        guard format.lowercased() == "svg" else { throw .unsupportedExportFormat(format) }
        guard i < args.count else { throw .missingValue(flag: "--export svg") }
        options.exportSVGPath = args[i]
        i += 1
      case "cmd":
        guard i < args.count, !args[i].isEmpty else { throw .missingValue(flag: "cmd") }
        options.command = args[i]
        i += 1
      default:
        if arg.hasPrefix("-") && arg.count > 1 && Double(arg) == nil {
          throw .unknownOption(arg, suggestion: suggestion(for: arg))
        }
        throw .unexpectedArgument(arg)
      }
    }
    if let lo = options.yMin, let hi = options.yMax, !(lo < hi) {
      throw .emptyYRange(min: lo, max: hi)
    }
    return options
  }

  /// The flags `parse` knows, for suggestions.
  static let flags = [
    "--window", "--ymin", "--ymax", "--smooth", "--fps", "--export", "--columns", "--exclude",
    "--match", "--normalize",
  ]

  /// A finite number for `flag`, or `.invalidNumber`.
  private static func number(_ text: String, flag: String) throws(StreamOptionsError) -> Double {
    guard let v = NumberScanner.parse(text), v.isFinite else {
      throw .invalidNumber(flag: flag, value: text)
    }
    return v
  }

  /// The known flag nearest to `arg` under graphcalc's one "did you mean" rule
  /// (`NameSuggestion`).
  static func suggestion(for arg: String) -> String? {
    NameSuggestion.nearest(to: arg, among: flags)
  }
}

/// A mistake in `stream`'s flags; `description` is the message for the user.
public enum StreamOptionsError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A flag that needs a value came last (the flag's name).
  case missingValue(flag: String)
  /// `--window` with something that is not a whole number.
  case invalidWindow(String)
  /// `--window` with a whole number outside 1 ... `StreamOptions.maxWindow`.
  case windowOutOfRange(Int)
  /// `--ymin`, `--ymax` or `--fps` with a value that is not a finite number (in range).
  case invalidNumber(flag: String, value: String)
  /// `--ymin` not below `--ymax`.
  case emptyYRange(min: Double, max: Double)
  /// `--export` with a format other than `svg`.
  case unsupportedExportFormat(String)
  /// A flag that takes no value was given one (`--smooth=yes`).
  case unexpectedValue(flag: String, value: String)
  /// An unknown flag, with the nearest known one if any.
  case unknownOption(String, suggestion: String?)
  /// A stray word (e.g. an unquoted command's second word).
  case unexpectedArgument(String)
  /// `--columns` or `--exclude` with a list that is not column numbers (from 1) or names.
  case invalidColumns(flag: String, value: String)
  /// `--match` with a pattern that is not a POSIX extended regular expression (the reason is
  /// `regerror`'s).
  case invalidMatch(pattern: String, reason: String)

  /// The message, quoting the bad token, e.g. `--window needs a whole number, not 'abc'`.
  public var description: String {
    switch self {
    case .missingValue(let flag):
      return "\(flag) needs a value"
    case .invalidWindow(let text):
      return "--window needs a whole number of samples, not '\(text)'"
    case .windowOutOfRange(let n):
      return "--window must be between 1 and \(StreamOptions.maxWindow), not \(n)"
    case .invalidNumber(let flag, let text):
      return flag == "--fps"
        ? "--fps needs a number from 1 to 120, not '\(text)'"
        : "\(flag) needs a finite number, not '\(text)'"
    case .emptyYRange(let lo, let hi):
      return "--ymin (\(format(lo))) must be less than --ymax (\(format(hi)))"
    case .unsupportedExportFormat(let f):
      return "--export supports only 'svg', not '\(f)'"
    case .unexpectedValue(let flag, let v):
      return "\(flag) takes no value (got '\(v)')"
    case .unknownOption(let arg, let suggestion):
      if let suggestion {
        return "unknown option '\(arg)'; " + NameSuggestion.didYouMean(suggestion)
      }
      return "unknown option '\(arg)'"
    case .unexpectedArgument(let arg):
      return "unexpected argument '\(arg)' (quote a command as one argument: cmd \"vmstat 1\")"
    case .invalidColumns(let flag, let value):
      return
        "\(flag) needs column numbers from 1 or names, separated by commas (4,13 or free,us), "
        + "not '\(value)'"
    case .invalidMatch(let pattern, let reason):
      return "--match needs a regular expression: '\(pattern)': \(reason)"
    }
  }

  /// `v` without a needless `.0` (5 rather than 5.0).
  private func format(_ v: Double) -> String {
    if v == v.rounded(), Swift.abs(v) < 1e15 { return String(Int64(v)) }
    return String(v)
  }
}

/// One column of `--columns` or `--exclude`: a position (from 1) or a name (a header word
/// such as vmstat's `free`, or a key of `key=value` pairs).
public enum ColumnSelector: Sendable, Hashable, CustomStringConvertible {
  /// Column `n` of a line of numbers, counted from 1 (after a leading timestamp).
  case position(Int)
  /// The series of that name: a header word or a key.
  case name(String)

  /// The selector as written: `4` or `free`.
  public var description: String {
    switch self {
    case .position(let n): return String(n)
    case .name(let s): return s
    }
  }

  /// Reads `4,13` or `free,us` (numbers and names may mix; blanks around commas are
  /// dropped).
  /// - Parameters:
  ///   - text: the option's value.
  ///   - flag: the option, for the error.
  /// - Returns: the selectors in order (at least one).
  /// - Throws: `StreamOptionsError.invalidColumns` for an empty list or item, or a number
  ///   below 1.
  static func list(_ text: String, flag: String) throws(StreamOptionsError) -> [ColumnSelector] {
    var out: [ColumnSelector] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let item = part.trimmingCharacters(" \t")
      guard !item.isEmpty else { throw .invalidColumns(flag: flag, value: text) }
      if item.allSatisfy({ $0.isASCII && $0.isNumber }) {
        guard let n = Int(item), n >= 1 else { throw .invalidColumns(flag: flag, value: text) }
        out.append(.position(n))
      } else {
        out.append(.name(item))
      }
    }
    return out
  }
}

extension Substring {
  /// The text without the given characters at either end.
  fileprivate func trimmingCharacters(_ set: String) -> String {
    var s = self
    while let c = s.first, set.contains(c) { s = s.dropFirst() }
    while let c = s.last, set.contains(c) { s = s.dropLast() }
    return String(s)
  }
}
