// `stats` in one pass: the values of gnuplot's variables, graphcalc's summary of columns and
// gnuplot's count of blank lines and data sets, from one read of the file (on every core for
// a large regular file).

extension DataFile {
  /// What one pass over a file gives `stats` (see `statsPass`).
  public struct StatsPass: Sendable {
    /// The values of the variables' columns, one array a column in the order asked, of the
    /// records where every one of them is a number: a record with a cell that is text, not
    /// finite, missing or the missing-value text is left out (as `stats` of plain columns
    /// leaves it out, uncounted, in gnuplot 5.4).
    public var values: [[Double]]
    /// The summary of each summary column (`ColumnStats`, as `stats(path:columns:options:)`
    /// makes it, bit for bit), or the error that makes instead: the first column in the order
    /// asked that has no number.
    public var summaries: Result<[ColumnStats], DataFileError>
    /// The data records read (every one the reader gives, the left-out ones too).
    public var records: Int
    /// The records left out because a variables' cell is the missing-value text (`set
    /// datafile missing`), which gnuplot 5.4 counts in `STATS_invalid`.
    public var missingRecords: Int
    /// gnuplot's `STATS_blank`: the blank lines before records (trailing ones not counted).
    public var blankLines: Int
    /// gnuplot's `STATS_blocks`: the data sets (records separated by two or more blank
    /// lines), 0 when the file has no record.
    public var dataSets: Int
    /// The columns of the file's layout (`columns(path:options:)`'s count).
    public var fileColumns: Int
  }

  /// The pieces `statsPass` cuts a large file in by default (`ParallelReading.chunkBytes`).
  public static var statsChunkBytes: Int { ParallelReading.chunkBytes }

  /// Reads `path` once for `stats`: the values of `variables` (see `StatsPass.values`), the
  /// summary of `summary` and the counts of blank lines and data sets.
  ///
  /// The same values, bit for bit, as the three passes it replaces (the variables' records
  /// read as `plot` reads plain columns, `stats(path:columns:options:)` for the summary, and
  /// `forEachRecordWithBreaks` for the blank lines), each value added in record order: the
  /// pieces are those of `ParallelReading`, whose scan also counts the blank lines.
  ///
  /// - Parameters:
  ///   - variables: One or two columns for gnuplot's variables.
  ///   - summary: The columns graphcalc's summary describes (at most 29).
  ///   - chunkBytes: The nominal piece size (tests make it small to cut at every place;
  ///     `Int.max / 4`: serially).
  /// - Returns: The pass, or nil when it cannot be made so (a column is the record number,
  ///   `0`; more than 31 columns): nothing was read then.
  /// - Throws: `DataFileError` when the file cannot be read, a variables' column is unknown
  ///   or out of range, or the read is interrupted.
  public static func statsPass(
    path: String, variables: [ColumnRef], summary: [ColumnRef],
    options: DataFileOptions = DataFileOptions(), chunkBytes: Int = statsChunkBytes
  ) throws(DataFileError) -> StatsPass? {
    let (reader, layout) = try open(path: path, options: options)
    var columns: [ResolvedColumn] = []
    // Each field read once: the variables' and the summary's columns are the same ones in
    // `using 1:2`.
    func slot(_ c: ResolvedColumn) -> Int {
      if let k = columns.firstIndex(where: { $0.field == c.field }) { return k }
      columns.append(c)
      return columns.count - 1
    }
    var variableSlots: [Int] = []
    for ref in variables {
      variableSlots.append(slot(try resolve(ref, layout: layout, path: path, options: options)))
    }
    // A summary column that does not resolve is the error after the ones before it.
    var summaryColumns: [ResolvedColumn] = []
    var unresolved: DataFileError? = nil
    for ref in summary {
      do {
        summaryColumns.append(try resolve(ref, layout: layout, path: path, options: options))
      } catch {
        unresolved = error
        break
      }
    }
    let summarySlots = summaryColumns.map(slot)
    guard columns.count <= 31, columns.allSatisfy({ $0.field >= 0 }) else { return nil }
    var gather = StatsGather(
      width: columns.count, variableSlots: variableSlots, summarySlots: summarySlots)
    let result: (records: Int, missing: [Int], blankLines: Int, setBreaks: Int)
    if let parallel = try ParallelReading.streamPieces(
      reader, columns: columns, path: path, options: options, chunkBytes: chunkBytes,
      { values, flags in gather.take(values, flags) })
    {
      result = (parallel.records, parallel.missing, parallel.blankLines, parallel.setBreaks)
    } else {
      // Not cut (small, a pipe, inline data, one core): the same scan, serially.
      let chunk = ParallelReading.Chunk()
      var flag: UInt32 = 0
      try ParallelReading.scan(
        reader, columns: columns, missingText: options.missingText, stopAt: Int.max,
        interrupt: options.interrupt, path: path, into: chunk
      ) { values, flags in
        flag = flags
        withUnsafePointer(to: &flag) {
          gather.take(values, UnsafeBufferPointer(start: $0, count: 1))
        }
      }
      result = (
        chunk.records, chunk.missing, chunk.firstBlankLines + chunk.blankLines, chunk.setBreaks
      )
    }
    var summaries: Result<[ColumnStats], DataFileError>
    var answers: [ColumnStats] = []
    summaries = .success([])
    for (k, c) in summaryColumns.enumerated() {
      let s = gather.running[k]
      if s.count == 0 {
        summaries = .failure(noNumbers(path: path, records: result.records, columns: [c]))
        break
      }
      answers.append(
        ColumnStats(
          name: c.name, count: s.count, missing: result.missing[summarySlots[k]], min: s.min,
          max: s.max, mean: s.mean, standardDeviation: s.sampleVariance.squareRoot(),
          isTime: c.isTime))
    }
    if case .success = summaries {
      summaries = unresolved.map { .failure($0) } ?? .success(answers)
    }
    return StatsPass(
      values: gather.values, summaries: summaries, records: result.records,
      missingRecords: gather.missingRecords, blankLines: result.blankLines,
      dataSets: result.records > 0 ? 1 + result.setBreaks : 0, fileColumns: layout.names.count)
  }
}

/// The state of `statsPass` while the pieces stream: the variables' values and the
/// summary's running figures, fed a piece at a time.
private struct StatsGather {
  /// The values a record (row-major).
  let width: Int
  /// Where each variable's (one or two) and each summary column's value sits in a record.
  let variableSlots: [Int]
  let summarySlots: [Int]
  /// The flag bits of the variables' columns' missing-value text.
  let variableMarks: UInt32
  /// The first and the second variable's values of the records kept.
  var first: [Double] = []
  var second: [Double] = []
  /// The records left out because a variables' cell is the missing-value text.
  var missingRecords = 0
  /// The summary's figures, a column each.
  var running: [RunningStats]

  init(width: Int, variableSlots: [Int], summarySlots: [Int]) {
    precondition((1...2).contains(variableSlots.count), "stats variables of one or two columns")
    self.width = width
    self.variableSlots = variableSlots
    self.summarySlots = summarySlots
    variableMarks = variableSlots.reduce(0) { $0 | ParallelReading.missingTextBit($1) }
    running = summarySlots.map { _ in RunningStats() }
  }

  /// The variables' values, a column each.
  var values: [[Double]] { variableSlots.count == 1 ? [first] : [first, second] }

  /// Takes the records of a piece: `values` row-major, `flags` one a record.
  mutating func take(_ values: UnsafeBufferPointer<Double>, _ flags: UnsafeBufferPointer<UInt32>) {
    let n = flags.count
    var marks: UInt32 = 0
    for r in 0..<n { marks |= flags[r] }
    let plain = marks & ~ParallelReading.blankBefore == 0
    // The summary a column at a time, in record order (the same sums as record by record),
    // the running figures in registers; a cell that is the missing-value text is left out
    // of its own column only.
    let width = width
    running.withUnsafeMutableBufferPointer { run in
      for k in 0..<summarySlots.count {
        let j = summarySlots[k]
        var s = run[k]
        if plain {
          for r in 0..<n {
            let v = values[r * width + j]
            if !v.isNaN { s.add(v) }
          }
        } else {
          let bit = ParallelReading.missingTextBit(j)
          for r in 0..<n where flags[r] & bit == 0 {
            let v = values[r * width + j]
            if !v.isNaN { s.add(v) }
          }
        }
        run[k] = s
      }
    }
    // The variables: the records whose every variable's cell is a number.
    let marksOut = plain ? 0 : variableMarks
    if marksOut != 0 {
      for r in 0..<n where flags[r] & marksOut != 0 { missingRecords += 1 }
    }
    let a = variableSlots[0]
    if variableSlots.count == 1 {
      for r in 0..<n where flags[r] & marksOut == 0 {
        let x = values[r * width + a]
        if !x.isNaN { first.append(x) }
      }
      return
    }
    let b = variableSlots[1]
    for r in 0..<n where flags[r] & marksOut == 0 {
      let x = values[r * width + a]
      let y = values[r * width + b]
      if !x.isNaN && !y.isNaN {
        first.append(x)
        second.append(y)
      }
    }
  }
}
