import TextAndNumbers

/// Reading data files for plots: CSV, TSV, semicolon files and gnuplot's whitespace `.dat`
/// files, streamed through a fixed buffer.
///
/// The layout (separator, header row, column names, which columns hold numbers, dates or
/// text) is guessed from the first 256 KiB (at most 2000 records); then the whole file is
/// streamed once, keeping only the columns asked for. Missing cells (empty, `NA`, `N/A`,
/// `-`, `?`, `NaN`, `null`, ...) and cells that are not numbers are NaN (gaps), never zeros,
/// and are counted. Rows with fewer cells than others have missing cells at the end.
public enum DataFile {
  // MARK: using

  /// Parses a `using` spec: `"1:2"`, `"date:temp_max"`, `"3"` (y alone; x is then the
  /// record number), `"$1:$2"`, or quoted names `"\"max temp\":2"`.
  /// - Returns: x (`nil` when only y is given) and y.
  /// - Throws: `DataFileError` (with an empty path) for an empty part, a negative column,
  ///   or more than two columns.
  public static func parseUsing(_ spec: String) throws(DataFileError) -> (
    x: ColumnRef?, y: ColumnRef
  ) {
    let refs = try parseColumnList(spec)
    switch refs.count {
    case 1: return (nil, refs[0])
    case 2: return (refs[0], refs[1])
    default:
      throw DataFileError(path: "", .tooManyColumns(spec, count: refs.count))
    }
  }

  /// Parses a colon-separated list of columns (`"Region:Italy:France"`, `"1:3:4"`): numbers
  /// are 1-based column numbers (0 the record number), `$N` too, anything else a name
  /// (in double or single quotes when it has a colon or blanks at its ends).
  /// - Throws: `DataFileError` (with an empty path) for an empty list or part, or a negative
  ///   column number.
  public static func parseColumnList(_ spec: String) throws(DataFileError) -> [ColumnRef] {
    var parts: [String] = []
    var current = ""
    var quoteChar: Character? = nil
    for ch in spec {
      if let q = quoteChar {
        current.append(ch)
        if ch == q { quoteChar = nil }
      } else if ch == "\"" || ch == "'" {
        quoteChar = ch
        current.append(ch)
      } else if ch == ":" {
        parts.append(current)
        current = ""
      } else {
        current.append(ch)
      }
    }
    parts.append(current)
    var refs: [ColumnRef] = []
    for raw in parts {
      let part = trimmed(raw)
      if part.isEmpty {
        throw DataFileError(path: "", .emptyColumnInUsing(spec))
      }
      if let q = part.first, q == "\"" || q == "'" {
        guard part.count >= 2, part.last == q else {
          throw DataFileError(path: "", .unclosedQuoteInUsing(spec))
        }
        refs.append(.name(String(part.dropFirst().dropLast())))
        continue
      }
      var digits = Substring(part)
      if digits.first == "$" { digits = digits.dropFirst() }
      if digits.first == "-", digits.count > 1, digits.dropFirst().allSatisfy(\.isASCIIDigit) {
        throw DataFileError(path: "", .negativeColumn(Int(digits) ?? Int.min))
      }
      if !digits.isEmpty && digits.allSatisfy(\.isASCIIDigit) {
        // Cap the length so Int() cannot overflow; a 10-digit column does not exist anyway.
        refs.append(.index(digits.count > 9 ? Int.max : Int(digits) ?? Int.max))
      } else {
        refs.append(.name(part))
      }
    }
    return refs
  }

  // MARK: Layout

  /// The column names: the header row's cells, or `"1"`, `"2"`, ... when there is none.
  /// - Throws: `DataFileError` when the file cannot be opened or read.
  public static func header(path: String, options: DataFileOptions = DataFileOptions())
    throws(DataFileError) -> [String]
  {
    try columns(path: path, options: options).map(\.name)
  }

  /// The columns with their numbers, names and kinds, judged from the first records.
  /// - Throws: `DataFileError` when the file cannot be opened or read.
  public static func columns(path: String, options: DataFileOptions = DataFileOptions())
    throws(DataFileError) -> [ColumnInfo]
  {
    let reader = try RecordReader(path: path, inlineData: options.bytes(for: path))
    let layout = try FileLayout.detect(reader, options: options)
    return layout.names.indices.map {
      ColumnInfo(number: $0 + 1, name: layout.names[$0], kind: layout.kinds[$0])
    }
  }

  /// The columns to plot when `using` is not given: x is the first time column, else the
  /// first number column; y is the first number column other than x. A file with one number
  /// column plots it against the record number (x `nil`), as gnuplot does.
  /// - Throws: `DataFileError` when the file cannot be read or has no number column.
  public static func defaultUsing(path: String, options: DataFileOptions = DataFileOptions())
    throws(DataFileError) -> (x: ColumnRef?, y: ColumnRef)
  {
    let info = try columns(path: path, options: options)
    let numbers = info.filter { $0.kind == .number }
    guard let firstNumber = numbers.first else {
      throw DataFileError(path: path, .noNumberColumn)
    }
    let x = info.first { $0.kind == .time } ?? firstNumber
    guard let y = numbers.first(where: { $0.number != x.number }) else {
      return (nil, .index(firstNumber.number))
    }
    return (.index(x.number), .index(y.number))
  }

  // MARK: Reading

  /// Reads two columns as x-y points, one per data record; where blank lines come between
  /// two records (gnuplot lifts the pen there), one gap record with both values NaN.
  ///
  /// - Parameters:
  ///   - x: the x column, or `nil` for the record number (0-based, gnuplot's column 0).
  ///   - y: the y column.
  /// - Returns: the series; time columns in Unix seconds (UTC) with `xIsTime`/`yIsTime` set.
  ///   The columns are `DataColumn`s, encoded block by block while the file streams, so
  ///   the values never sit in memory as plain Doubles.
  /// - Throws: `DataFileError` when the file cannot be read, a column is unknown or out of
  ///   range (the message lists the names and suggests the nearest), or no record has a
  ///   number in both columns.
  ///
  /// A regular file of more than two pieces is parsed on every core (`ParallelReading`), to
  /// the same values bit for bit.
  public static func read(
    path: String, x: ColumnRef?, y: ColumnRef, options: DataFileOptions = DataFileOptions()
  ) throws(DataFileError) -> DataSeries {
    try read(path: path, x: x, y: y, options: options, chunkBytes: ParallelReading.chunkBytes)
  }

  /// `read`, cutting the file in pieces of `chunkBytes` (`Int.max / 4`: serially).
  static func read(
    path: String, x: ColumnRef?, y: ColumnRef, options: DataFileOptions, chunkBytes: Int
  ) throws(DataFileError) -> DataSeries {
    var xs = DataColumn.Builder()
    var ys = DataColumn.Builder()
    var points = 0  // counted until the first record with both numbers
    let (reader, layout) = try open(path: path, options: options)
    let xc = try resolve(x ?? .index(0), layout: layout, path: path, options: options)
    let yc = try resolve(y, layout: layout, path: path, options: options)
    var kept = 0
    var rows = 0  // the rows appended, gap records included
    var textRows: [Int] = []
    var textCells = 0
    let result: (records: Int, missing: [Int])
    let cut: Int
    if let parallel = try ParallelReading.streamPieces(
      reader, columns: [xc, yc], path: path, options: options, chunkBytes: chunkBytes,
      { values, flags in
        let n = flags.count
        // The common piece: no cell is the missing-value text and no blank line comes
        // between its records (before its first one perhaps). Its columns go to the
        // builders a block at a time.
        // A cell that is not a number (`textCell`) sends the piece through the loop below,
        // which notes its row.
        var marks = flags[0] & ~ParallelReading.blankBefore
        for r in 1..<n { marks |= flags[r] }
        var texts = false
        if marks == 0 {
          for k in 0..<2 * n where isTextCell(values[k]) {
            texts = true
            break
          }
        }
        if marks == 0 && !texts {
          if kept > 0 && flags[0] & ParallelReading.blankBefore != 0 {
            xs.append(.nan)
            ys.append(.nan)
            rows += 1
          }
          kept += n
          rows += n
          xs.append(values, from: 0, stride: 2, count: n)
          ys.append(values, from: 1, stride: 2, count: n)
          if points == 0 {
            for r in 0..<n where !values[2 * r].isNaN && !values[2 * r + 1].isNaN {
              points = 1
              break
            }
          }
          return
        }
        for r in 0..<n {
          let f = flags[r]
          // A cell that is the missing-value text leaves the record out.
          if f & ~ParallelReading.blankBefore != 0 { continue }
          // Blank lines lift the pen (gnuplot): a gap record.
          if kept > 0 && f & ParallelReading.blankBefore != 0 {
            xs.append(.nan)
            ys.append(.nan)
            rows += 1
          }
          kept += 1
          var x = values[2 * r]
          var y = values[2 * r + 1]
          // A cell that is not a number: NaN, and the row noted (`DataSeries.textRows`).
          if isTextCell(x) || isTextCell(y) {
            textRows.append(rows)
            textCells += (isTextCell(x) ? 1 : 0) + (isTextCell(y) ? 1 : 0)
            if isTextCell(x) { x = .nan }
            if isTextCell(y) { y = .nan }
          }
          rows += 1
          xs.append(x)
          ys.append(y)
          if !x.isNaN && !y.isNaN { points += 1 }
        }
      })
    {
      result = (parallel.records, parallel.missing)
      cut = parallel.truncated
    } else {
      result = try stream(
        reader, columns: [xc, yc], path: path, interrupt: options.interrupt,
        missingText: options.missingText
      ) {
        values, reader in
        // Blank lines lift the pen (gnuplot): a gap record.
        if kept > 0 && reader.blankLinesBefore > 0 {
          xs.append(.nan)
          ys.append(.nan)
          rows += 1
        }
        kept += 1
        let (x, y) = (values[0], values[1])
        // A cell that is not a number: NaN, and the row noted (`DataSeries.textRows`).
        if isTextCell(x) || isTextCell(y) {
          textRows.append(rows)
          textCells += (isTextCell(x) ? 1 : 0) + (isTextCell(y) ? 1 : 0)
        }
        rows += 1
        xs.append(isTextCell(x) ? .nan : x)
        ys.append(isTextCell(y) ? .nan : y)
        if !values[0].isNaN && !values[1].isNaN { points += 1 }
      }
      cut = reader.truncatedRecords
    }
    if points == 0 {
      throw noNumbers(path: path, records: result.records, columns: [xc, yc])
    }
    var series = DataSeries(
      x: xs.finish(), y: ys.finish(), xIsTime: xc.isTime, yIsTime: yc.isTime, xName: xc.name,
      yName: yc.name,
      missing: result.missing[0] + result.missing[1], records: result.records)
    series.cutRecords = cut
    series.textRows = textRows
    series.textCells = textCells
    return series
  }

  /// Reads several columns, for bar charts: when the first column asked for holds text, it
  /// becomes the labels (`bar "immigration.dat" using Region:Italy`); the others are numbers.
  /// - Returns: names and values of the numeric columns, and the labels or `nil`.
  /// - Throws: as `readTable`.
  public static func readColumns(
    path: String, columns: [ColumnRef], options: DataFileOptions = DataFileOptions()
  ) throws(DataFileError) -> (names: [String], columns: [[Double]], labels: [String]?) {
    let table = try readTable(path: path, columns: columns, options: options)
    return (table.names, table.columns, table.labels)
  }

  /// Reads several columns with labels, missing counts and time flags: when the first column
  /// asked for holds text, it becomes the labels (missing cells are empty labels); the
  /// others are numbers (times in Unix seconds), NaN where missing.
  /// - Throws: `DataFileError` when the file cannot be read, a column is unknown or out of
  ///   range, no numeric column is asked for, or no numeric column has a number.
  public static func readTable(
    path: String, columns refs: [ColumnRef], options: DataFileOptions = DataFileOptions()
  ) throws(DataFileError) -> DataTable {
    guard !refs.isEmpty else {
      throw DataFileError(path: path, .noColumnsAsked)
    }
    let (reader, layout) = try open(path: path, options: options)
    var resolved: [ResolvedColumn] = []
    for ref in refs {
      resolved.append(try resolve(ref, layout: layout, path: path, options: options))
    }
    let first = resolved[0]
    let labelled = first.field >= 0 && first.kind == .text
    let numeric = labelled ? Array(resolved.dropFirst()) : resolved
    guard !numeric.isEmpty else {
      throw DataFileError(path: path, .onlyTextColumn(name: first.name))
    }
    var columns = [[Double]](repeating: [], count: numeric.count)
    var labels: [String] = []
    let labelField = first.field
    var found = false
    let result = try stream(
      reader, columns: numeric, path: path, interrupt: options.interrupt,
      missingText: options.missingText
    ) {
      values, reader in
      for k in values.indices {
        columns[k].append(values[k])
        if !values[k].isNaN { found = true }
      }
      if labelled {
        let spans = reader.spans
        labels.append(labelField < spans.count ? Cells.text(reader.base, spans[labelField]) : "")
      }
    }
    if !found {
      throw noNumbers(path: path, records: result.records, columns: numeric)
    }
    return DataTable(
      names: numeric.map(\.name), columns: columns, isTime: numeric.map(\.isTime),
      labels: labelled ? labels : nil, labelName: labelled ? first.name : nil,
      missing: result.missing.reduce(0, +), records: result.records)
  }

  /// Statistics of one column: count, missing, min, max, mean and sample standard deviation
  /// (see `ColumnStats`), in one streaming pass with no storage.
  /// - Throws: `DataFileError` when the file cannot be read, the column is unknown or out of
  ///   range, or it has no numbers.
  public static func stats(
    path: String, column: ColumnRef, options: DataFileOptions = DataFileOptions()
  ) throws(DataFileError) -> ColumnStats {
    var running = RunningStats()
    let (reader, layout) = try open(path: path, options: options)
    let c = try resolve(column, layout: layout, path: path, options: options)
    let result = try stream(
      reader, columns: [c], path: path, interrupt: options.interrupt,
      missingText: options.missingText
    ) {
      values, _ in
      if !values[0].isNaN { running.add(values[0]) }
    }
    if running.count == 0 {
      throw noNumbers(path: path, records: result.records, columns: [c])
    }
    return ColumnStats(
      name: c.name, count: running.count, missing: result.missing[0], min: running.min,
      max: running.max, mean: running.mean, standardDeviation: running.sampleVariance.squareRoot(),
      isTime: c.isTime)
  }

  /// Statistics of several columns (see `ColumnStats`) in one pass over the file, on every
  /// core for a large regular file (`ParallelReading`): the same answers, bit for bit, as
  /// `stats(path:column:options:)` of each column in turn, and the same first error.
  /// - Throws: `DataFileError` when the file cannot be read, a column is unknown or out of
  ///   range, or one has no numbers (the first such column in the order asked).
  public static func stats(
    path: String, columns refs: [ColumnRef], options: DataFileOptions = DataFileOptions()
  ) throws(DataFileError) -> [ColumnStats] {
    try stats(path: path, columns: refs, options: options, chunkBytes: ParallelReading.chunkBytes)
  }

  /// `stats(path:columns:options:)`, cutting the file in pieces of `chunkBytes`.
  static func stats(
    path: String, columns refs: [ColumnRef], options: DataFileOptions, chunkBytes: Int
  ) throws(DataFileError) -> [ColumnStats] {
    let (reader, layout) = try open(path: path, options: options)
    // Resolve in order; a column that does not resolve is the error after the ones before
    // it, as when each column is read in turn.
    var resolved: [ResolvedColumn] = []
    var unresolved: DataFileError? = nil
    for ref in refs {
      do {
        resolved.append(try resolve(ref, layout: layout, path: path, options: options))
      } catch {
        unresolved = error
        break
      }
    }
    guard !resolved.isEmpty else {
      if let unresolved { throw unresolved }
      return []
    }
    let width = resolved.count
    var running = [RunningStats](repeating: RunningStats(), count: width)
    var result: (records: Int, missing: [Int])
    let single = width == 1 ? resolved : []
    if resolved.count <= 31, resolved.allSatisfy({ $0.field >= 0 }),
      let parallel = try ParallelReading.streamPieces(
        reader, columns: resolved, path: path, options: options, chunkBytes: chunkBytes,
        { values, flags in
          running.withUnsafeMutableBufferPointer { run in
            var marks: UInt32 = 0
            for r in 0..<flags.count { marks |= flags[r] }
            if marks & ~ParallelReading.blankBefore == 0 {
              // No missing-value text in the piece: a column at a time, in record order
              // (the same sums as record by record), the running values in registers.
              let n = flags.count
              for k in 0..<width {
                var s = run[k]
                for r in 0..<n {
                  let v = values[r * width + k]
                  if !v.isNaN { s.add(v) }
                }
                run[k] = s
              }
              return
            }
            for r in 0..<flags.count {
              let f = flags[r]
              for k in 0..<width where f & ParallelReading.missingTextBit(k) == 0 {
                let v = values[r * width + k]
                if !v.isNaN { run[k].add(v) }
              }
            }
          }
        })
    {
      result = (parallel.records, parallel.missing)
    } else if width == 1 {
      result = try stream(
        reader, columns: single, path: path, interrupt: options.interrupt,
        missingText: options.missingText
      ) { values, _ in
        if !values[0].isNaN { running[0].add(values[0]) }
      }
    } else {
      // Not cut (a pipe, inline data, the record number): each column in its own pass,
      // since a missing-value cell leaves a record out of its own column only.
      var answers: [ColumnStats] = []
      for ref in refs.prefix(width) {
        answers.append(try stats(path: path, column: ref, options: options))
      }
      if let unresolved { throw unresolved }
      return answers
    }
    var answers: [ColumnStats] = []
    for (k, c) in resolved.enumerated() {
      if running[k].count == 0 {
        throw noNumbers(path: path, records: result.records, columns: [c])
      }
      answers.append(
        ColumnStats(
          name: c.name, count: running[k].count, missing: result.missing[k], min: running[k].min,
          max: running[k].max, mean: running[k].mean,
          standardDeviation: running[k].sampleVariance.squareRoot(), isTime: c.isTime))
    }
    if let unresolved { throw unresolved }
    return answers
  }

  /// Streams the file, calling `body` once per data record with the values of `columns`
  /// (NaN = missing; times in Unix seconds). The array is reused between calls: copy it to
  /// keep it. Memory stays bounded whatever the file size.
  /// - Returns: the number of data records.
  /// - Throws: `DataFileError` when the file cannot be read or a column is unknown or out of
  ///   range.
  @discardableResult
  public static func forEachRecord(
    path: String, columns: [ColumnRef], options: DataFileOptions = DataFileOptions(),
    _ body: (_ values: [Double]) -> Void
  ) throws(DataFileError) -> Int {
    let (reader, layout) = try open(path: path, options: options)
    var resolved: [ResolvedColumn] = []
    for ref in columns {
      resolved.append(try resolve(ref, layout: layout, path: path, options: options))
    }
    return try stream(
      reader, columns: resolved, path: path, interrupt: options.interrupt,
      missingText: options.missingText
    ) {
      values, _ in body(values)
    }.records
  }

  /// `forEachRecord`, telling `body` also how many blank lines came before the record
  /// (`RecordReader.blankLinesBefore`: gnuplot lifts the pen at one, ends a data set at two).
  /// - Returns: the number of data records.
  /// - Throws: as `forEachRecord`.
  ///
  /// - Parameter leftOut: Told of each record left out because a cell read is
  ///   `options.missingText` (with the blank lines before it), which `body` is not given:
  ///   gnuplot still counts such a record for `every` and `$0`.
  @discardableResult
  public static func forEachRecordWithBreaks(
    path: String, columns: [ColumnRef], options: DataFileOptions = DataFileOptions(),
    leftOut: ((_ blankLinesBefore: Int) -> Void)? = nil,
    _ body: (_ values: [Double], _ blankLinesBefore: Int) -> Void
  ) throws(DataFileError) -> Int {
    let (reader, layout) = try open(path: path, options: options)
    var resolved: [ResolvedColumn] = []
    for ref in columns {
      resolved.append(try resolve(ref, layout: layout, path: path, options: options))
    }
    return try stream(
      reader, columns: resolved, path: path, interrupt: options.interrupt,
      missingText: options.missingText, leftOut: leftOut.map { f in { f($0.blankLinesBefore) } }
    ) {
      values, reader in body(values, reader.blankLinesBefore)
    }.records
  }

  // MARK: Internals

  /// A column reference checked against a file's layout.
  struct ResolvedColumn {
    /// 0-based field, or -1 for the record number.
    var field: Int
    var kind: ColumnKind
    var order: SlashDateOrder
    var name: String
    var sample: String?
    /// Numbers that are Unix seconds (`DataFileOptions.unixTimeColumns`).
    var unixTime = false
    /// Numbers with a decimal comma (`FileLayout.decimalComma`).
    var decimalComma = false
    var isTime: Bool { kind == .time }
  }

  /// Opens a file and guesses its layout; the reader is then at the first data record.
  static func open(path: String, options: DataFileOptions) throws(DataFileError) -> (
    RecordReader, FileLayout
  ) {
    let reader = try RecordReader(path: path, inlineData: options.bytes(for: path))
    reader.interrupt = options.interrupt
    return (reader, try FileLayout.detect(reader, options: options))
  }

  /// The one loop every reader goes through: each data record's values of `columns`.
  /// Every `InterruptCheck.interval` records it asks `interrupt`, and stops with the error
  /// `interrupted after N records` when that answers true.
  /// - Returns: the number of records and the missing cells of each column.
  /// A record with a cell that is `missingText` (`DataFileOptions.missingText`) is not
  /// given to `body` (but to `leftOut`, when given) and its cells are not counted as missing
  /// (those are NaN cells, which make gaps).
  static func stream(
    _ reader: RecordReader, columns: [ResolvedColumn], path: String, interrupt: InterruptCheck,
    missingText: [UInt8]? = nil, leftOut: ((RecordReader) -> Void)? = nil,
    _ body: (_ values: [Double], _ reader: RecordReader) -> Void
  ) throws(DataFileError) -> (records: Int, missing: [Int]) {
    var values = [Double](repeating: .nan, count: columns.count)
    var missing = [Int](repeating: 0, count: columns.count)
    var record = 0
    while try reader.next() {
      if record % InterruptCheck.interval == 0, interrupt.isInterrupted() {
        throw DataFileError(path: path, .interrupted(records: record))
      }
      let base = reader.base
      var left = false
      let spans = reader.spans
      for k in columns.indices {
        if let missingText, isText(missingText, columns[k], base, spans) {
          left = true  // left out as asked: not counted as missing, which makes gaps
          values[k] = .nan
          continue
        }
        let v = value(columns[k], base, spans, record: record)
        values[k] = v
        if v.isNaN { missing[k] += 1 }
      }
      if !left { body(values, reader) } else { leftOut?(reader) }
      record += 1
    }
    return (record, missing)
  }

  /// Whether the cell of `column` is `text`, blanks around it aside.
  static func isText(
    _ text: [UInt8], _ column: ResolvedColumn, _ base: UnsafePointer<UInt8>,
    _ spans: UnsafeBufferPointer<FieldSpan>
  ) -> Bool {
    let j = column.field
    guard j >= 0, j < spans.count else { return false }
    var start = spans[j].start
    var end = spans[j].end
    while start < end, base[start] == 0x20 || base[start] == 0x09 { start += 1 }
    while end > start, base[end - 1] == 0x20 || base[end - 1] == 0x09 { end -= 1 }
    guard end - start == text.count else { return false }
    for i in 0..<text.count where base[start + i] != text[i] { return false }
    return true
  }

  /// The NaN a cell that is not a number reads as (text where a number should be: `x`,
  /// `-`, a date that does not parse), told apart from a NaN, `nan` or `inf` cell by its
  /// payload. Every reader of values sees a NaN either way; `read` stores a plain NaN and
  /// notes the row (`DataSeries.textRows`), and `plot` leaves out such a record, as gnuplot
  /// does (its table has no row for it and its line joins the points around it), while a
  /// NaN cell is an undefined point (a `u` row, a gap).
  public static let textCell = Double(bitPattern: 0x7FF8_0000_0000_7E57)

  /// Whether `v` is the value of a cell that is not a number (`textCell`).
  @inline(__always)
  public static func isTextCell(_ v: Double) -> Bool { v.bitPattern == textCell.bitPattern }

  /// The value of one cell: a number, a time in Unix seconds, NaN for a non-finite number,
  /// or `textCell` for a cell that is not a number.
  @inline(__always)
  static func value(
    _ column: ResolvedColumn, _ base: UnsafePointer<UInt8>,
    _ spans: UnsafeBufferPointer<FieldSpan>, record: Int
  ) -> Double {
    let j = column.field
    if j < 0 { return Double(record) }
    guard j < spans.count else { return .nan }
    let span = spans[j]
    if span.escaped { return .nan }
    let p = base + span.start
    let n = span.end - span.start
    switch column.kind {
    case .text: return textCell
    case .time where !column.unixTime:
      return DateParser.parse(p, n, order: column.order) ?? textCell
    default:
      guard let v = NumberParser.parse(p, n, decimalComma: column.decimalComma) else {
        return textCell
      }
      return v.isFinite ? v : .nan
    }
  }

  /// Checks a column reference against the layout.
  static func resolve(
    _ ref: ColumnRef, layout: FileLayout, path: String, options: DataFileOptions
  ) throws(DataFileError) -> ResolvedColumn {
    let count = layout.columnCount
    switch ref {
    case .index(0):
      return ResolvedColumn(field: -1, kind: .number, order: .dayFirst, name: "record", sample: nil)
    case .index(let n) where n < 0:
      throw DataFileError(path: path, .negativeColumn(n))
    case .index(let n) where n > count:
      throw DataFileError(path: path, .columnOutOfRange(n, columns: count))
    default:
      guard let j = FileLayout.index(of: ref, in: layout.names) else {
        throw unknownName(ref.description, names: layout.listedNames, path: path)
      }
      let unixTime = options.unixTimeColumns.contains {
        FileLayout.index(of: $0, in: layout.names) == j
      }
      return ResolvedColumn(
        field: j, kind: layout.kinds[j], order: layout.slashOrders[j], name: layout.names[j],
        sample: layout.sampleText[j], unixTime: unixTime, decimalComma: layout.decimalComma)
    }
  }

  /// No column named `name`, with the nearest of `names` when one is close.
  static func unknownName(_ name: String, names: [String], path: String) -> DataFileError {
    DataFileError(
      path: path,
      .unknownColumn(name, nearest: Suggestion.nearest(to: name, among: names), names: names))
  }

  /// Why no numbers came out of the columns read.
  static func noNumbers(path: String, records: Int, columns: [ResolvedColumn]) -> DataFileError {
    if records == 0 { return DataFileError(path: path, .noDataRecords) }
    if let text = columns.first(where: { $0.kind == .text }) {
      return DataFileError(
        path: path, .textColumn(name: text.name, sample: text.sample, column: text.field + 1))
    }
    let names = columns.filter { $0.field >= 0 }.map(\.name)
    return DataFileError(path: path, .noNumericData(columns: names, records: records))
  }

  static func trimmed(_ s: String) -> String {
    var sub = Substring(s)
    while let c = sub.first, c == " " || c == "\t" { sub = sub.dropFirst() }
    while let c = sub.last, c == " " || c == "\t" { sub = sub.dropLast() }
    return String(sub)
  }
}

/// "Did you mean" for column names: graphcalc's one rule (`NameSuggestion`).
enum Suggestion {
  /// The name nearest to `name` under `NameSuggestion`'s rule, or nil.
  static func nearest(to name: String, among names: [String]) -> String? {
    NameSuggestion.nearest(to: name, among: names)
  }

  /// The optimal string alignment distance (`NameSuggestion.distance`).
  static func distance(_ a: [Character], _ b: [Character]) -> Int {
    NameSuggestion.distance(a, b)
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
