/// What one input line turned out to be.
public enum LineKind: Sendable, Equatable {
  /// A row of numbers: the payload is how many fields the line itself had (before padding).
  case data(Int)
  /// A line with a token that is not a number (a header, a message): counted and skipped.
  case junk
  /// An empty line or one of only white space: skipped and not counted as junk.
  case blank
}

/// Reads lines of numbers, one row of the series per line, without making a `String` per token.
///
/// **Fields.** A line holds one or more numbers separated by spaces, tabs, commas or
/// semicolons; column `k` (0-based) is series `k`. Runs of white space are one separator. A
/// comma or semicolon with nothing before it (`,2` or `1,,3`) is an empty field, read as NaN;
/// a trailing one (`1,2,`) adds nothing. Each token goes through `NumberScanner` (graphcalc's
/// one number reader), so `nan`/`NaN` give NaN (a gap) and `inf`/`-inf` give infinities. A UTF-8 byte order mark at the start of a line is skipped.
///
/// **Junk.** A line with any token that is not a number (vmstat's
/// `procs -----------memory----------` and `r  b   swpd   free ...`, a `# comment`, an error
/// message) is counted in `junkLines` and skipped; it never stops the stream.
///
/// **Series.** `seriesCount` is the most fields any data line has had. A line with fewer
/// fields leaves the missing series NaN in `row`; a line with more makes new series (the
/// legend grows). At most `maxSeries` series are kept; further fields are counted in
/// `droppedValues`.
///
/// **Names.** Series are named `1`, `2`, ... unless the last junk line before the first
/// data line consisted only of words (no numbers) and had exactly as many of them as that data
/// line has fields: then those words name the series (vmstat's `r b swpd free ...` header).
public struct StreamParser: Sendable {
  /// The most series kept (fields past this on a line are dropped and counted).
  public static let maxSeries = 1000
  /// The longest junk line kept in `lastJunkLine`, in bytes.
  static let junkTextLimit = 200

  /// How many series there are so far (the widest data line, at most `maxSeries`).
  public private(set) var seriesCount = 0
  /// The last data line's values, padded with NaN to `seriesCount` entries.
  ///
  /// Valid after `parse(line:)` returned `.data`; `row.count == seriesCount` then.
  public private(set) var row: [Double] = []
  /// Lines that were rows of numbers.
  public private(set) var dataLines = 0
  /// Lines that were skipped because a token was not a number.
  public private(set) var junkLines = 0
  /// Empty or white-space-only lines (skipped, not junk).
  public private(set) var blankLines = 0
  /// Numbers read from data lines (NaN fields included, padding not), `maxSeries` permitting.
  public private(set) var valuesRead = 0
  /// Fields dropped because a line had more than `maxSeries` of them.
  public private(set) var droppedValues = 0
  /// Series names taken from a header line (see the type's notes); empty when there was none.
  public private(set) var headerNames: [String] = []
  /// The text of the last junk line (at most 200 bytes, lossily decoded as UTF-8), so a user
  /// can be told what was skipped, e.g. `sh: 1: vmstat: not found`; `nil` if none yet.
  public private(set) var lastJunkLine: String?

  /// The words of the last all-word junk line before the first data line.
  private var headerCandidate: [String]?

  /// A parser that has seen no lines.
  public init() {}

  /// The legend name of series `index` (0-based): its header word, or `index + 1` in decimal.
  /// - Parameter index: a series index, `0..<seriesCount`.
  public func name(ofSeries index: Int) -> String {
    if index >= 0 && index < headerNames.count { return headerNames[index] }
    return String(index + 1)
  }

  /// Reads one line (without its `\n`) and updates the counters, `row` and `seriesCount`.
  /// - Parameter line: the line's UTF-8 bytes.
  /// - Returns: what the line was; on `.data`, `row` holds its values.
  public mutating func parse(line: UnsafeBufferPointer<UInt8>) -> LineKind {
    var line = line
    if line.count >= 3 && line[0] == 0xEF && line[1] == 0xBB && line[2] == 0xBF {
      line = UnsafeBufferPointer(rebasing: line[3...])
    }
    let n = line.count
    var i = 0
    var fields = 0
    var pendingField = true  // at line start or after a comma/semicolon, before any token
    var sawAnything = false
    while i < n {
      let c = line[i]
      if Self.isSpace(c) {
        i += 1
        continue
      }
      sawAnything = true
      if c == UInt8(ascii: ",") || c == UInt8(ascii: ";") {
        if pendingField {
          store(.nan, at: fields)
          fields += 1
        }
        pendingField = true
        i += 1
        continue
      }
      let start = i
      while i < n && !Self.isSeparator(line[i]) { i += 1 }
      guard
        let value = NumberScanner.parse(
          UnsafeBufferPointer(rebasing: line[start..<i]))
      else {
        noteJunk(line)
        return .junk
      }
      store(value, at: fields)
      fields += 1
      pendingField = false
    }
    if !sawAnything {
      blankLines += 1
      return .blank
    }
    let kept = min(fields, Self.maxSeries)
    if fields > kept { droppedValues += fields - kept }
    if dataLines == 0, let candidate = headerCandidate, candidate.count == kept {
      headerNames = candidate
    }
    headerCandidate = nil
    dataLines += 1
    valuesRead += kept
    if kept > seriesCount { seriesCount = kept }
    if row.count > seriesCount { row.removeLast(row.count - seriesCount) }
    var k = kept
    while k < seriesCount {
      row[k] = .nan
      k += 1
    }
    return .data(kept)
  }

  /// Reads one line given as a `String` (convenience for tests and the REPL).
  /// - Parameter line: one line, without its newline.
  /// - Returns: what the line was (see `parse(line:)` for bytes).
  public mutating func parse(line: String) -> LineKind {
    var copy = line
    return copy.withUTF8 { parse(line: $0) }
  }

  /// Writes field `index` of the current line into `row` (growing it), unless past
  /// `maxSeries`.
  @inline(__always)
  private mutating func store(_ value: Double, at index: Int) {
    if index < row.count {
      row[index] = value
    } else if index < Self.maxSeries {
      row.append(value)
    }
  }

  /// Counts a junk line, keeps its text, and before the first data line remembers its words
  /// as a possible header.
  private mutating func noteJunk(_ line: UnsafeBufferPointer<UInt8>) {
    junkLines += 1
    let shown = UnsafeBufferPointer(rebasing: line[0..<min(line.count, Self.junkTextLimit)])
    lastJunkLine = String(decoding: shown, as: UTF8.self)
    guard dataLines == 0 else { return }
    var words: [String] = []
    var i = 0
    let n = line.count
    while i < n {
      if Self.isSeparator(line[i]) {
        i += 1
        continue
      }
      let start = i
      while i < n && !Self.isSeparator(line[i]) { i += 1 }
      let token = UnsafeBufferPointer(rebasing: line[start..<i])
      if NumberScanner.parse(token) != nil || words.count >= Self.maxSeries {
        headerCandidate = nil
        return
      }
      words.append(String(decoding: token, as: UTF8.self))
    }
    headerCandidate = words.isEmpty ? nil : words
  }

  /// Space, tab, CR, vertical tab, form feed.
  @inline(__always)
  static func isSpace(_ c: UInt8) -> Bool {
    c == 0x20 || (c >= 0x09 && c <= 0x0D)
  }

  /// White space, comma or semicolon.
  @inline(__always)
  static func isSeparator(_ c: UInt8) -> Bool {
    isSpace(c) || c == UInt8(ascii: ",") || c == UInt8(ascii: ";")
  }
}
