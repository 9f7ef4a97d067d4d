import TextAndNumbers

/// What one input line turned out to be.
public enum LineKind: Sendable, Equatable {
  /// A row of numbers: the payload is how many fields the line itself had (before padding).
  case data(Int)
  /// A line with a token that is not a number (a header, a message): counted and skipped.
  case junk
  /// An empty line or one of only white space: skipped and not counted as junk.
  case blank
}

/// Reads lines of numbers and log lines, one row of the series per line, without making a
/// `String` per number.
///
/// **Fields.** A line holds one or more numbers separated by spaces, tabs, commas or
/// semicolons; column `k` (0-based) is series `k`. Runs of white space are one separator. A
/// comma or semicolon with nothing before it (`,2` or `1,,3`) is an empty field, read as NaN;
/// a trailing one (`1,2,`) adds nothing. Each token goes through `NumberScanner` (graphcalc's
/// one number reader), so `nan`/`NaN` give NaN (a gap) and `inf`/`-inf` give infinities. A
/// UTF-8 byte order mark at the start of a line is skipped. A number may carry a unit suffix
/// (`12.3ms`, `45%`, `1.2G`: `LogFields.numberWithUnit`); the value is read as written and
/// the unit kept for the legend.
///
/// **Timestamps.** A line may start with a timestamp (`LogFields.timestamp`: ISO 8601 dates
/// with a time, `HH:MM:SS`, syslog's `Dec  1 12:00:01`, 10-digit epoch seconds); it is the
/// line's `time`, and the fields are what follows it. A time of day alone that goes back by
/// more than 12 hours has crossed midnight: a day is added.
///
/// **Pairs.** A line with words is read as a log line: `key=value` and `key: value` (a token
/// ending in `:` and then a number) give series named by the key (ping's `time=0.045 ms` is
/// series `time`, unit `ms`: a unit word of `LogFields.unitWords` after a number is its
/// unit); in a timestamped line a word followed by a number names it too
/// (`2026-12-01 12:00:01 load 0.42` is series `load`). Other numbers of such a line are
/// ignored. A line with words and no pairs is junk.
///
/// **Match.** With `--match REGEX` each line's one number is the first number in the match
/// of REGEX (its group 1 if it has one), series `match`; a line without a match is junk.
///
/// **Junk.** A line with words and no pairs (vmstat's
/// `procs -----------memory----------` and `r  b   swpd   free ...`, a `# comment`, an error
/// message) is counted in `junkLines` and skipped; it never stops the stream.
///
/// **Series.** `seriesCount` is how many series there are: the widest line of numbers, and
/// one per key. A line that lacks a series leaves it NaN in `row`; a line with more makes
/// new series (the legend grows). At most `seriesLimit` series are kept (`maxSeries`, fewer
/// for a long `--window`: `sampleBudget`); further fields are counted in `droppedValues`.
///
/// **Names.** Columns are named `1`, `2`, ... unless the last junk line before the first
/// data line consisted only of words (no numbers) and had exactly as many of them as that data
/// line has fields (or one more, the first naming a timestamp): then those words name the
/// series (vmstat's `r b swpd free ...` header). Keyed series are named by their key.
///
/// **Choice.** `--columns` keeps only the series it names (by position, from 1, or name), in
/// its order; `--exclude` drops those it names. A selector that names nothing in the first
/// data line is a `StreamColumnProblem` (`columnProblem`).
public struct StreamParser: Sendable {
  /// The most series kept (fields past this on a line are dropped and counted).
  public static let maxSeries = 1000
  /// The most samples all series' windows hold together (32 Mi doubles, 256 MiB, and as much
  /// again for their times): with `--window N` at most this / N series are kept, so no
  /// window and column count can grow the stream past 1 GB (1000 columns at
  /// `--window 10000000` once grew by 130 MB/s until killed).
  public static let sampleBudget = 32 << 20

  /// The most series kept with windows of `window` samples: `maxSeries`, or fewer so that
  /// they fit `sampleBudget` (at least 1).
  public static func seriesLimit(window: Int) -> Int {
    Swift.max(1, Swift.min(maxSeries, sampleBudget / Swift.max(1, window)))
  }

  /// The most series this parser keeps (`seriesLimit(window:)` of its options).
  public let seriesLimit: Int

  /// The longest junk line kept in `lastJunkLine`, in bytes.
  static let junkTextLimit = 200

  /// How many series there are so far (at most `maxSeries`).
  public private(set) var seriesCount = 0
  /// The last data line's values by series, padded with NaN to `seriesCount` entries.
  ///
  /// Valid after `parse(line:)` returned `.data`; `row.count == seriesCount` then.
  public private(set) var row: [Double] = []
  /// The last data line's time (seconds, see `LogFields.Timestamp`), or nil when it had none.
  public private(set) var time: Double?
  /// Whether the first data line had a timestamp (the stream's x axis is then time).
  public private(set) var timed = false
  /// Lines that were rows of numbers.
  public internal(set) var dataLines = 0
  /// Lines that were skipped because a token was not a number.
  public private(set) var junkLines = 0
  /// Empty or white-space-only lines (skipped, not junk).
  public private(set) var blankLines = 0
  /// Numbers read from data lines (NaN fields included, padding not), `maxSeries` permitting.
  public internal(set) var valuesRead = 0
  /// Fields dropped because a line had more than `maxSeries` of them.
  public private(set) var droppedValues = 0
  /// Series names taken from a header line (see the type's notes); empty when there was none.
  public private(set) var headerNames: [String] = []
  /// The text of the last junk line (at most 200 bytes, lossily decoded as UTF-8), so a user
  /// can be told what was skipped, e.g. `sh: 1: vmstat: not found`; `nil` if none yet.
  public private(set) var lastJunkLine: String?
  /// A `--columns` or `--exclude` selector that names no column of the first data line.
  public private(set) var columnProblem: StreamColumnProblem?

  /// The words of the last all-word junk line before the first data line.
  private var headerCandidate: [String]?
  /// Per series: its name, unit (last seen), and place in `--columns` (or 0).
  private var names: [String] = []
  private var units: [String?] = []
  private var ranks: [Int] = []
  /// Column `k` of a line of numbers goes to series `positional[k]` (-1: not shown).
  private var positional: [Int] = []
  /// A key goes to series `keyed[key]` (-1: not shown).
  private var keyed: [String: Int] = [:]
  /// Whether column k of a line of numbers is series k, for every series (no keys, nothing
  /// hidden): then a full line is copied straight into `row`.
  var columnsAreSeries = false
  /// The fields of the line being read, before they go to their series, and their units
  /// (empty when the line has none).
  private var scratch: [Double] = []
  private var scratchUnits: [String?] = []
  private var pairs: [(key: String, value: Double, unit: String?)] = []
  /// `--columns`, `--exclude` and `--match`.
  private let columns: [ColumnSelector]
  private let excluded: [ColumnSelector]
  let regex: LineRegex?
  /// Time-of-day streams: the day added after midnight, and the last time read.
  private var dayOffset = 0.0
  private var lastTime: Double?

  /// A parser that has seen no lines and shows every series.
  public init() {
    seriesLimit = Self.seriesLimit(window: StreamOptions.defaultWindow)
    columns = []
    excluded = []
    regex = nil
  }

  /// A parser that applies `options`' `--columns`, `--exclude` and `--match`.
  /// - Parameter options: the stream's settings (a `--match` pattern that does not compile
  ///   is ignored here: `StreamOptions.parse` refuses it).
  public init(options: StreamOptions) {
    seriesLimit = Self.seriesLimit(window: options.window)
    columns = options.columns
    excluded = options.excluded
    regex = options.match.flatMap { try? LineRegex($0) }
  }

  /// The legend name of series `index` (0-based): its header word or key, or its column
  /// number.
  /// - Parameter index: a series index, `0..<seriesCount`.
  public func name(ofSeries index: Int) -> String {
    if index >= 0 && index < names.count { return names[index] }
    return String(index + 1)
  }

  /// The unit of series `index` as last written in the input (`ms`, `%`), or nil.
  /// - Parameter index: a series index, `0..<seriesCount`.
  public func unit(ofSeries index: Int) -> String? {
    index >= 0 && index < units.count ? units[index] : nil
  }

  /// Where series `index` stands in `--columns` (0-based), or 0 without `--columns`: the
  /// legend's order.
  /// - Parameter index: a series index, `0..<seriesCount`.
  public func rank(ofSeries index: Int) -> Int {
    index >= 0 && index < ranks.count ? ranks[index] : 0
  }

  /// Reads one line (without its `\n`) and updates the counters, `row` and `seriesCount`.
  /// - Parameter line: the line's UTF-8 bytes.
  /// - Returns: what the line was; on `.data`, `row` holds its values by series.
  public mutating func parse(line: UnsafeBufferPointer<UInt8>) -> LineKind {
    var line = line
    if line.count >= 3 && line[0] == 0xEF && line[1] == 0xBB && line[2] == 0xBF {
      line = UnsafeBufferPointer(rebasing: line[3...])
    }
    var start = 0
    var stamp: LogFields.Timestamp? = nil
    // Timestamps are looked for until the first data line, then only in a timed stream (a
    // stream of plain numbers pays nothing for them).
    if dataLines == 0 || timed, let first = line.first(where: { !Self.isSpace($0) }),
      LogFields.isDigit(first) || first == UInt8(ascii: "[") || (first >= 0x41 && first <= 0x5A)
    {
      stamp = LogFields.timestamp(line)
      if let stamp { start = stamp.end }
    }
    let body = UnsafeBufferPointer(rebasing: line[start...])
    let kind: LineKind
    if let regex {
      kind = matched(body, regex: regex, whole: line)
    } else {
      kind = fields(body, timestamped: stamp != nil, whole: line)
    }
    guard case .data = kind else { return kind }
    noteTime(stamp)
    return kind
  }

  /// Reads the fields after the timestamp: numbers (the fast path), else a log line.
  private mutating func fields(
    _ line: UnsafeBufferPointer<UInt8>, timestamped: Bool, whole: UnsafeBufferPointer<UInt8>
  ) -> LineKind {
    let n = line.count
    var i = 0
    var count = 0
    var pendingField = true  // at line start or after a comma/semicolon, before any token
    var sawAnything = false
    var withUnits = false
    if !scratchUnits.isEmpty { scratchUnits.removeAll(keepingCapacity: true) }
    while i < n {
      let c = line[i]
      if Self.isSpace(c) {
        i += 1
        continue
      }
      sawAnything = true
      if c == UInt8(ascii: ",") || c == UInt8(ascii: ";") {
        if pendingField {
          put(.nan, at: count)
          count += 1
        }
        pendingField = true
        i += 1
        continue
      }
      let tokenStart = i
      while i < n && !Self.isSeparator(line[i]) { i += 1 }
      let token = UnsafeBufferPointer(rebasing: line[tokenStart..<i])
      if let value = NumberScanner.parse(token) {
        put(value, at: count)
      } else if let (value, unit) = LogFields.numberWithUnit(token) {
        put(value, at: count)
        while scratchUnits.count <= count { scratchUnits.append(nil) }
        scratchUnits[count] = unit
        withUnits = true
      } else {
        return logLine(line, timestamped: timestamped, whole: whole)
      }
      count += 1
      pendingField = false
    }
    if !sawAnything {
      if timestamped {
        noteJunk(whole)
        return .junk
      }
      blankLines += 1
      return .blank
    }
    return storeColumns(count, withUnits: withUnits, timestamped: timestamped)
  }

  /// Puts field `index` of the current line in `scratch`.
  @inline(__always)
  private mutating func put(_ value: Double, at index: Int) {
    if index < scratch.count {
      scratch[index] = value
    } else {
      scratch.append(value)
    }
  }

  /// The line's `count` fields in `scratch` go to their series (made on first sight).
  private mutating func storeColumns(_ count: Int, withUnits: Bool, timestamped: Bool)
    -> LineKind
  {
    let kept = min(count, seriesLimit)
    if kept == seriesCount && columnsAreSeries && !withUnits && dataLines > 0 {
      // The usual line: as many numbers as series, column k is series k.
      row.withUnsafeMutableBufferPointer { r in
        scratch.withUnsafeBufferPointer { f in
          for k in 0..<kept { r[k] = f[k] }
        }
      }
      if count > kept { droppedValues += count - kept }
      dataLines += 1
      valuesRead += kept
      return .data(kept)
    }
    if count > kept { droppedValues += count - kept }
    let first = dataLines == 0
    if first, let candidate = headerCandidate {
      if candidate.count == kept {
        headerNames = candidate
      } else if timestamped && candidate.count == kept + 1 {
        headerNames = Array(candidate.dropFirst())
      }
    }
    headerCandidate = nil
    beginRow()
    if positional.count < kept {
      while positional.count < kept {
        let k = positional.count
        let name = k < headerNames.count ? headerNames[k] : String(k + 1)
        positional.append(makeSeries(name: name, position: k + 1))
      }
      columnsAreSeries =
        keyed.isEmpty && positional.count == seriesCount
        && positional.indices.allSatisfy { positional[$0] == $0 }
    }
    for k in 0..<kept {
      let s = positional[k]
      guard s >= 0 else { continue }
      row[s] = scratch[k]
      if withUnits, k < scratchUnits.count, let unit = scratchUnits[k] { units[s] = unit }
    }
    if first {
      checkColumns(
        positions: kept,
        names: (0..<kept).map { k in
          k < headerNames.count ? headerNames[k] : String(k + 1)
        })
    }
    dataLines += 1
    valuesRead += kept
    return .data(kept)
  }

  /// Pads `row` with NaN to the series so far (a new line's values go on top).
  private mutating func beginRow() {
    if row.count > seriesCount { row.removeLast(row.count - seriesCount) }
    for k in 0..<row.count { row[k] = .nan }
  }

  /// A series for `name` (at column `position` from 1, or a key when nil), or -1 when
  /// `--columns`/`--exclude` hide it or `maxSeries` are made.
  private mutating func makeSeries(name: String, position: Int?) -> Int {
    func picks(_ s: ColumnSelector) -> Bool {
      switch s {
      case .position(let n): return n == position
      case .name(let text): return text == name
      }
    }
    var rank = 0
    if !columns.isEmpty {
      guard let r = columns.firstIndex(where: picks) else { return -1 }
      rank = r
    }
    if excluded.contains(where: picks) || seriesCount >= seriesLimit { return -1 }
    names.append(name)
    units.append(nil)
    ranks.append(rank)
    seriesCount += 1
    row.append(.nan)
    return seriesCount - 1
  }

  /// At the first data line: every selector must name one of its columns.
  private mutating func checkColumns(positions: Int, names available: [String]) {
    for (flag, list) in [("--columns", columns), ("--exclude", excluded)] {
      for s in list {
        let found: Bool
        switch s {
        case .position(let n): found = n <= positions
        case .name(let text): found = available.contains(text)
        }
        if !found && columnProblem == nil {
          columnProblem = StreamColumnProblem(
            flag: flag, selector: s, available: available, positions: positions)
        }
      }
    }
  }

  /// A line with words: its pairs are its series (see the type's notes), else junk.
  private mutating func logLine(
    _ line: UnsafeBufferPointer<UInt8>, timestamped: Bool, whole: UnsafeBufferPointer<UInt8>
  ) -> LineKind {
    var tokens: [Range<Int>] = []
    var i = 0
    let n = line.count
    while i < n {
      if Self.isSeparator(line[i]) {
        i += 1
        continue
      }
      let s = i
      while i < n && !Self.isSeparator(line[i]) { i += 1 }
      tokens.append(s..<i)
    }
    func token(_ k: Int) -> UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(rebasing: line[tokens[k]])
    }
    func text(_ b: UnsafeBufferPointer<UInt8>) -> String { String(decoding: b, as: UTF8.self) }
    pairs.removeAll(keepingCapacity: true)
    var k = 0
    while k < tokens.count {
      let t = token(k)
      var key: String? = nil
      var number: (Double, String?)? = nil
      var used = 1
      if let eq = t.firstIndex(of: UInt8(ascii: "=")), eq > 0 {
        if let v = LogFields.numberWithUnit(UnsafeBufferPointer(rebasing: t[(eq + 1)...])) {
          key = text(UnsafeBufferPointer(rebasing: t[..<eq]))
          number = v
        }
      } else if t.count > 1, t[t.count - 1] == UInt8(ascii: ":"), k + 1 < tokens.count,
        let v = LogFields.numberWithUnit(token(k + 1))
      {
        key = text(UnsafeBufferPointer(rebasing: t[..<(t.count - 1)]))
        number = v
        used = 2
      } else if timestamped, LogFields.isWord(t), NumberScanner.parse(t) == nil,
        k + 1 < tokens.count, let v = LogFields.numberWithUnit(token(k + 1))
      {
        key = text(t)
        number = v
        used = 2
      }
      if let key, var number {
        if number.1 == nil, k + used < tokens.count,
          let unit = LogFields.unitWord(token(k + used))
        {
          number.1 = unit
          used += 1
        }
        pairs.append((key, number.0, number.1))
      }
      k += used
    }
    guard !pairs.isEmpty else {
      noteJunk(whole)
      return .junk
    }
    headerCandidate = nil
    beginRow()
    var kept = 0
    for p in pairs {
      let s: Int
      if let known = keyed[p.key] {
        s = known
      } else {
        s = makeSeries(name: p.key, position: nil)
        keyed[p.key] = s
        columnsAreSeries = false
      }
      guard s >= 0 else { continue }
      row[s] = p.value
      if let unit = p.unit { units[s] = unit }
      kept += 1
    }
    if dataLines == 0 { checkColumns(positions: 0, names: pairs.map(\.key)) }
    dataLines += 1
    valuesRead += kept
    return .data(kept)
  }

  /// `--match`: the first number in the match of `regex` in the line after its timestamp.
  private mutating func matched(
    _ line: UnsafeBufferPointer<UInt8>, regex: LineRegex, whole: UnsafeBufferPointer<UInt8>
  ) -> LineKind {
    guard !line.allSatisfy(Self.isSpace) else {
      blankLines += 1
      return .blank
    }
    guard let range = regex.firstMatch(in: line),
      let (value, unit) = Self.firstNumber(in: UnsafeBufferPointer(rebasing: line[range]))
    else {
      noteJunk(whole)
      return .junk
    }
    headerCandidate = nil
    beginRow()
    if keyed["match"] == nil {
      keyed["match"] = makeSeries(name: "match", position: nil)
      columnsAreSeries = false
    }
    let s = keyed["match"] ?? -1
    if s >= 0 {
      row[s] = value
      if let unit { units[s] = unit }
    }
    dataLines += 1
    valuesRead += 1
    return .data(1)
  }

  /// The first number (with its unit suffix) in `text`: from the first digit, or a sign or
  /// point just before one, to the end of the word.
  static func firstNumber(in text: UnsafeBufferPointer<UInt8>) -> (Double, String?)? {
    let n = text.count
    var i = 0
    while i < n {
      guard LogFields.isDigit(text[i]) else {
        i += 1
        continue
      }
      var s = i
      if s > 0 && text[s - 1] == UInt8(ascii: ".") { s -= 1 }
      if s > 0 && (text[s - 1] == UInt8(ascii: "-") || text[s - 1] == UInt8(ascii: "+")) {
        s -= 1
      }
      var e = i
      while e < n && !isSeparator(text[e]) && text[e] != UInt8(ascii: "=") { e += 1 }
      // Shorten from the end until it reads (`12.3ms)` -> `12.3ms`).
      while e > i {
        if let v = LogFields.numberWithUnit(UnsafeBufferPointer(rebasing: text[s..<e])) {
          return v
        }
        e -= 1
      }
      i += 1
    }
    return nil
  }

  /// Keeps the data line's time: `timed` from the first line on; a time of day that goes
  /// back over 12 hours has passed midnight.
  private mutating func noteTime(_ stamp: LogFields.Timestamp?) {
    if dataLines == 1 { timed = stamp != nil }
    guard let stamp else {
      time = nil
      return
    }
    var t = stamp.seconds
    if stamp.kind == .timeOfDay {
      t += dayOffset
      if let last = lastTime, t < last - 43200 {
        dayOffset += 86400
        t += 86400
      }
    }
    lastTime = t
    time = t
  }

  /// Reads one line given as a `String` (convenience for tests and the REPL).
  /// - Parameter line: one line, without its newline.
  /// - Returns: what the line was (see `parse(line:)` for bytes).
  public mutating func parse(line: String) -> LineKind {
    var copy = line
    return copy.withUTF8 { parse(line: $0) }
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

/// A `--columns` or `--exclude` selector that names no column of the stream's first line of
/// data: a usage error, found once the data arrive.
public struct StreamColumnProblem: Sendable, Equatable, CustomStringConvertible {
  /// `--columns` or `--exclude`.
  public var flag: String
  /// The selector that names nothing.
  public var selector: ColumnSelector
  /// The names of the columns the first data line had (header words, keys, or numbers).
  public var available: [String]
  /// How many columns of numbers that line had (0 for a line of pairs).
  public var positions: Int

  /// E.g. `--columns: no column 'fre' (the columns are r, b, swpd, free, ...); did you mean
  /// 'free'?` or `--columns: no column 20 (the lines have 17 columns)`.
  public var description: String {
    var shown = available.prefix(20).joined(separator: ", ")
    if available.count > 20 { shown += ", ..." }
    switch selector {
    case .position(let n):
      if positions == 0 {
        return "\(flag): no column \(n): the lines have no columns of numbers, only the "
          + "names \(shown)"
      }
      return "\(flag): no column \(n) (the lines have \(positions) column"
        + (positions == 1 ? ")" : "s)")
    case .name(let name):
      var text = "\(flag): no column '\(name)' (the columns are \(shown))"
      if let s = NameSuggestion.nearest(to: name, among: available) {
        text += "; " + NameSuggestion.didYouMean(s)
      }
      return text
    }
  }
}
