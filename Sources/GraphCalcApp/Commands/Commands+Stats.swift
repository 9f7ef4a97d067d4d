import DataFiles

// `stats`: graphcalc's summary of data columns, and gnuplot's `stats` variables
// (`STATS_mean`, `A_slope` after `name "A"`, ...) set for later commands.

extension CommandEntry {
  /// `stats "FILE" [index N] [every ...] [using COLUMNS] [name "A"] [nooutput]`.
  static let stats = CommandEntry(
    name: "stats",
    usage: [
      "stats \"FILE\" [using COLUMNS]",
      "stats \"FILE\" [index N] [every ...] [using X[:Y]] [name \"A\"] [nooutput]",
    ],
    summary: "count, min, max, mean, std dev of data columns",
    details: """
      Prints, for each column asked for (using 2, using temp_max, using 2:3), how many
      values it has and how many are missing, its min, max, mean and sample standard
      deviation (n-1). Without using, every column of numbers or dates. Dates are shown
      as dates, their standard deviation in days.
      As gnuplot's stats, it also sets variables for later commands, from one column
      (using N, or an expression: using ($2*1000)) or two (using X:Y; without using,
      columns 1 and 2): STATS_records, STATS_invalid, STATS_blank, STATS_blocks,
      STATS_columns, STATS_mean, STATS_stddev (divisor n), STATS_ssd (n-1),
      STATS_skewness, STATS_kurtosis, STATS_adev, STATS_mean_err, STATS_stddev_err,
      STATS_skewness_err, STATS_kurtosis_err, STATS_sum, STATS_sumsq, STATS_min,
      STATS_max, STATS_median, STATS_lo_quartile, STATS_up_quartile, STATS_index_min,
      STATS_index_max; with two columns each of those ends in _x or _y, and
      STATS_slope, STATS_intercept, STATS_slope_err, STATS_intercept_err,
      STATS_correlation, STATS_sumxy, STATS_pos_min_y, STATS_pos_max_y are added.
      name "A" (or prefix "A") names them A_mean, ...; nooutput prints nothing.
      Example: stats "seattle-weather.csv" using temp_max
      Example: stats "silver.dat" using 1:2 name "S" nooutput; plot "silver.dat", S_slope*x + S_intercept
      """, keywords: ["using", "index", "every", "name", "prefix", "nooutput", "output"]
  ) { arguments throws(CommandError) in
    var words = arguments.words
    guard let first = words.first, first.isString || Session.isDataBlockName(first.text) else {
      throw CommandError(
        .usage("stats \"FILE\" [using COLUMNS], as in: stats \"data.csv\" using 2"),
        at: arguments.isEmpty ? nil : arguments.text.span)
    }
    // gnuplot's own words, read here before the data item's.
    var prefix = "STATS"
    var prints = true
    var k = 1
    while k < words.count {
      switch words[k].text {
      case "nooutput":
        prints = false
        words.remove(at: k)
      case "output":
        prints = true
        words.remove(at: k)
      case "name", "prefix":
        guard k + 1 < words.count, words[k + 1].isString,
          Stats.isName(words[k + 1].text)
        else {
          throw CommandError(
            .needs(
              word: words[k].text,
              what: "a name in quotes (letters, digits, _), as in: name \"A\""),
            at: k + 1 < words.count ? words[k + 1].span : words[k].span)
        }
        prefix = words[k + 1].text
        words.removeSubrange(k...(k + 1))
      case "matrix":
        throw CommandError(
          .notSupported(what: "stats of a matrix", hint: "stats reads columns: using N or X:Y"),
          at: words[k].span)
      default:
        k += 1
      }
    }
    let spec = try Session.parseDataItem(words)
    if spec.style != PlotStyle() || spec.title != nil || spec.by != nil || spec.smoothing != nil {
      throw CommandError(.statsTakesOnlyFileAndUsing, at: arguments.text.span)
    }
    return Stats(spec: spec, prefix: prefix, prints: prints)
  }
}

/// `stats "FILE" [index N] [every ...] [using COLUMNS] [name "A"] [nooutput]`.
struct Stats: SessionCommand, Hashable {
  /// The file and columns.
  var spec: Session.DataItemSpec
  /// The variables' prefix (`STATS`, or the `name` given).
  var prefix = "STATS"
  /// Whether the summary is printed (`nooutput` says no).
  var prints = true

  /// Whether `text` can start gnuplot variable names: a letter or `_`, then letters,
  /// digits and `_`.
  static func isName(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic
    else { return false }
    return text.unicodeScalars.allSatisfy {
      $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)
    }
  }

  func run(in session: inout Session) throws(CommandError) -> Reply {
    if let reply = try session.statsInOnePass(spec, prefix: prefix, prints: prints) {
      return reply
    }
    let values = try session.setStatsVariables(spec, prefix: prefix)
    guard prints else { return Reply() }
    // graphcalc's own summary: of the file's columns as they are, when using names only
    // columns (the missing cells counted); else of the values the expressions gave.
    let plain =
      spec.index == nil && spec.every == nil && spec.skip == nil
      && (spec.using.map { using in
        Session.usingParts(using).allSatisfy { $0.text.first != "(" }
          && (try? DataFile.parseColumnList(using.text)) != nil
      } ?? true)
    if plain { return try session.stats(spec) }
    let summaries = values.map { column -> String in
      var running = (sum: 0.0, min: Double.infinity, max: -Double.infinity)
      for v in column.values {
        running.sum += v
        running.min = Swift.min(running.min, v)
        running.max = Swift.max(running.max, v)
      }
      let figures = GnuplotColumnStats(column.values)
      return ColumnStats(
        name: column.name, count: column.values.count, missing: column.invalid,
        min: running.min, max: running.max, mean: figures.mean,
        standardDeviation: figures.sampleStandardDeviation
      ).summary
    }
    return .text(summaries.joined(separator: "\n"))
  }
}

extension Session {
  /// The values of one `stats` column: its name for the summary, the valid values, and
  /// how many records were left out as invalid.
  struct StatsColumn: Sendable {
    /// The part as written (`2`, `($2*1000)`).
    var name: String
    /// The values of the valid records, in order.
    var values: [Double]
    /// The records left out because an expression was undefined.
    var invalid: Int
  }

  /// Reads `spec`'s records as `plot` reads them (`index`, `every`, `using` expressions)
  /// and sets gnuplot's `stats` variables, `PREFIX_records`, `PREFIX_mean`, ... (see
  /// `GnuplotColumnStats`, `GnuplotPairStats`): of one column, or of two with `_x` and `_y`
  /// and the regression line's.
  ///
  /// As gnuplot 5.4 (checked against it, `Fixtures/gnuplot-scripts/9N-stats-*.gp`): a
  /// record whose plain column is not a number is left out uncounted; one whose
  /// expression is undefined (`1/0`, a column that is not a number inside it) counts as
  /// invalid; `_blank` counts the blank lines before records, `_blocks` the data sets
  /// (separated by two blank lines), `_columns` the columns of the file.
  ///
  /// - Returns: The columns read, one or two.
  /// - Throws: `CommandError` at the part at fault, at the file when it cannot be read,
  ///   or when it has no valid record; at `using` when it has more than two columns.
  mutating func setStatsVariables(_ spec: DataItemSpec, prefix: String) throws(CommandError)
    -> [StatsColumn]
  {
    let path = spec.path.text
    let fileSpan = spec.path.offset..<(spec.path.offset + path.count + 2)
    var parts: [UsingPart]
    if let using = spec.using {
      let words = Session.usingParts(using)
      guard words.count <= 2 else {
        throw CommandError(
          .expected("one or two columns for the stats variables (using 2 or using 1:2)"),
          at: using.span)
      }
      parts = try Session.readUsingParts(words)
    } else {
      let info: [ColumnInfo]
      do {
        info = try DataFile.columns(path: path, options: data.options)
      } catch {
        throw CommandError(error, at: fileSpan)
      }
      parts = [.column(.index(1), spec.path)]
      if info.count >= 2 { parts.append(.column(.index(2), spec.path)) }
    }
    let isExpression = parts.map { part -> Bool in
      if case .expression = part { return true }
      return false
    }
    var columns = parts.map { part -> StatsColumn in
      switch part {
      case .column(_, let word), .expression(_, let word):
        return StatsColumn(
          name: spec.using == nil ? "column \(word.text)" : word.text, values: [], invalid: 0)
      }
    }
    if spec.using == nil {
      columns[0].name = "column 1"
      if columns.count > 1 { columns[1].name = "column 2" }
    }
    var invalid = 0
    // gnuplot 5.4 counts a record left out as missing (`set datafile missing`) as invalid,
    // not a non-numeric cell's (checked against its STATS_invalid).
    let missing = try forEachUsingRecord(spec, parts: parts) { values, _, _, _ in
      var valid = true
      var skipped = false
      for k in parts.indices where values[k].isNaN {
        if isExpression[k] { valid = false } else { skipped = true }
      }
      if skipped { return }
      if !valid {
        invalid += 1
        for k in columns.indices { columns[k].invalid += 1 }
        return
      }
      for k in columns.indices { columns[k].values.append(values[k]) }
    }
    invalid += missing
    for k in columns.indices { columns[k].invalid += missing }
    guard !columns[0].values.isEmpty else {
      throw CommandError(
        .expected("a record with numbers in \(Session.baseName(path)) for stats"), at: fileSpan)
    }
    // The blank lines and data sets, in a pass of their own. As gnuplot 5.4 counts them:
    // without `index` every blank line before a record, and the data sets; with `index`,
    // the blank lines inside the data sets kept and the first of the two that end one.
    let index = try spec.index.map { w throws(CommandError) in try IndexSpec.parse(w) }
    var counter = BlankCounter(index: index)
    var fileColumns = 0
    do {
      fileColumns = try DataFile.columns(path: path, options: data.options).count
      try DataFile.forEachRecordWithBreaks(
        path: path, columns: [.index(1)], options: data.options,
        leftOut: { counter.record(after: $0) },
        { _, blanks in counter.record(after: blanks) })
    } catch {
      throw CommandError(error, at: fileSpan)
    }
    setStatsVariables(
      columns.map(\.values), invalid: invalid, blank: counter.blank, blocks: counter.blocks,
      fileColumns: fileColumns, prefix: prefix)
    return columns
  }

  /// Sets gnuplot's `stats` variables, `PREFIX_records`, `PREFIX_mean`, ... of the valid
  /// records' values (`values`: one column, or two for `_x`, `_y` and the regression
  /// line's), with the counts of invalid records, blank lines, data sets and the file's
  /// columns.
  mutating func setStatsVariables(
    _ values: [[Double]], invalid: Int, blank: Int, blocks: Int, fileColumns: Int,
    prefix: String
  ) {
    var named: [(String, Double)] = [
      ("records", Double(values[0].count)), ("invalid", Double(invalid)), ("headers", 0),
      ("blank", Double(blank)), ("blocks", Double(blocks)), ("outofrange", 0),
      ("columns", Double(fileColumns)),
    ]
    if values.count == 1 {
      named += GnuplotColumnStats(values[0]).named
    } else {
      let pair = GnuplotPairStats(x: values[0], y: values[1])
      named += pair.x.named.map { ($0.0 + "_x", $0.1) }
      named += pair.y.named.map { ($0.0 + "_y", $0.1) }
      named += pair.named
    }
    for (name, value) in named { brain.setVariable(prefix + "_" + name, to: value) }
  }

  /// `stats` of plain columns (numbers or names in `using`, or none; no `index`, `every`,
  /// `skip`) in one read of the file (`DataFile.statsPass`, on every core for a large
  /// file): the variables `setStatsVariables` sets, graphcalc's summary `stats(_:)` makes
  /// (when `prints`) and the blank lines and data sets, each the same value bit for bit as
  /// those three passes give (`StatsPassTests`). 1e7 rows of two columns: the three passes
  /// read each row three times, the first at about 1,470 instructions a row.
  ///
  /// - Parameter chunkBytes: The pieces the file is cut in (tests make them small).
  /// - Returns: The reply, or nil when `spec` is not plain (nothing set or read then: the
  ///   caller takes the general path, which also makes the errors of a bad `using`).
  /// - Throws: `CommandError` as `setStatsVariables(_:prefix:)` and `stats(_:)` throw, in
  ///   their order.
  mutating func statsInOnePass(
    _ spec: DataItemSpec, prefix: String, prints: Bool,
    chunkBytes: Int = DataFile.statsChunkBytes
  ) throws(CommandError) -> Reply? {
    guard spec.index == nil, spec.every == nil, spec.skip == nil else { return nil }
    let path = spec.path.text
    let fileSpan = spec.path.offset..<(spec.path.offset + path.count + 2)
    var variables: [ColumnRef] = []
    var summary: [ColumnRef]
    if let using = spec.using {
      let words = Session.usingParts(using)
      guard words.count <= 2, let listed = try? DataFile.parseColumnList(using.text) else {
        return nil
      }
      for word in words {
        guard word.text.first != "(", let ref = try? DataFile.parseColumnList(word.text).first
        else { return nil }
        variables.append(ref)
      }
      summary = listed
    } else {
      let info: [ColumnInfo]
      do {
        info = try DataFile.columns(path: path, options: data.options)
      } catch {
        throw CommandError(error, at: fileSpan)
      }
      variables = info.count >= 2 ? [.index(1), .index(2)] : [.index(1)]
      summary = info.filter { $0.kind == .number || $0.kind == .time }.prefix(20).map {
        .index($0.number)
      }
    }
    guard !variables.contains(.index(0)), !summary.contains(.index(0)) else { return nil }
    let pass: DataFile.StatsPass
    do {
      guard
        let made = try DataFile.statsPass(
          path: path, variables: variables, summary: summary, options: data.options,
          chunkBytes: chunkBytes)
      else { return nil }
      pass = made
    } catch {
      throw CommandError(error, at: Session.columnSpan(of: error, in: spec.using) ?? fileSpan)
    }
    guard !pass.values[0].isEmpty else {
      throw CommandError(
        .expected("a record with numbers in \(Session.baseName(path)) for stats"), at: fileSpan)
    }
    setStatsVariables(
      pass.values, invalid: pass.missingRecords, blank: pass.blankLines, blocks: pass.dataSets,
      fileColumns: pass.fileColumns, prefix: prefix)
    guard prints else { return Reply() }
    if summary.isEmpty {
      throw CommandError(.noColumnOfNumbers(path: path), at: fileSpan)
    }
    switch pass.summaries {
    case .success(let summaries):
      return .text(summaries.map(\.summary).joined(separator: "\n"))
    case .failure(let error):
      throw CommandError(error, at: Session.columnSpan(of: error, in: spec.using) ?? fileSpan)
    }
  }
}

/// gnuplot's count of blank lines and data sets for `stats` (`STATS_blank`, `STATS_blocks`),
/// told of each record with the blank lines before it.
struct BlankCounter {
  /// The data sets kept (`index`), or nil for all.
  let index: IndexSpec?
  /// The blank lines counted.
  private(set) var blank = 0
  /// The data sets seen that are kept.
  private(set) var blocks = 0
  /// The data set of the last record (-1 before the first).
  private var set = -1

  /// Creates a counter for the data sets `index` keeps.
  init(index: IndexSpec?) { self.index = index }

  /// Whether data set `k` is kept.
  private func keeps(_ k: Int) -> Bool { index?.keeps(k) ?? true }

  /// Counts a record that came after `blanks` blank lines.
  mutating func record(after blanks: Int) {
    let previous = set
    if set < 0 { set = 0 } else if blanks >= 2 { set += 1 }
    if set != previous, keeps(set) { blocks += 1 }
    guard index != nil else {
      blank += blanks
      return
    }
    if set == previous {
      if keeps(set) { blank += blanks }
    } else if previous >= 0, keeps(previous) {
      blank += 1  // the first blank line that ends a data set kept
    }
  }
}
