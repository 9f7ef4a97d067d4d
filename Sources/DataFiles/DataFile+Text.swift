// The text of cells beside their numbers: gnuplot's `stringcolumn(N)` / `strcol(N)`, the tick
// labels of `xticlabels(N)`, the group of `by GROUP`, read in the same one pass as the numbers.

extension DataFile {
  /// `forEachRecordWithBreaks`, handing `body` also the text of `textColumns` for each
  /// record: the cell as written, without its quotes (`""` doubled in a quoted CSV field
  /// made one), `""` for an empty cell or the record number (column 0). The arrays are
  /// reused between calls: copy them to keep them.
  ///
  /// - Parameters:
  ///   - path: The file (or `-` with `options.inlineData`).
  ///   - columns: The columns read as numbers (NaN = missing; times in Unix seconds).
  ///   - textColumns: The columns read as text, of any kind.
  ///   - options: The reading options.
  ///   - leftOut: Called for each record left out as missing (`set datafile missing`),
  ///     with the blank lines before it.
  ///   - body: Called once a data record, with the blank lines before it
  ///     (`RecordReader.blankLinesBefore`).
  /// - Returns: The number of data records.
  /// - Throws: `DataFileError` when the file cannot be read or a column is unknown or out
  ///   of range.
  @discardableResult
  public static func forEachRecordWithText(
    path: String, columns: [ColumnRef], textColumns: [ColumnRef],
    options: DataFileOptions = DataFileOptions(),
    leftOut: ((_ blankLinesBefore: Int) -> Void)? = nil,
    _ body: (_ values: [Double], _ texts: [String], _ blankLinesBefore: Int) -> Void
  ) throws(DataFileError) -> Int {
    let (reader, layout) = try open(path: path, options: options)
    var resolved: [ResolvedColumn] = []
    for ref in columns {
      resolved.append(try resolve(ref, layout: layout, path: path, options: options))
    }
    var fields: [Int] = []
    for ref in textColumns {
      fields.append(try resolve(ref, layout: layout, path: path, options: options).field)
    }
    var texts = [String](repeating: "", count: fields.count)
    return try stream(
      reader, columns: resolved, path: path, interrupt: options.interrupt,
      missingText: options.missingText, leftOut: leftOut.map { f in { f($0.blankLinesBefore) } }
    ) { values, reader in
      let spans = reader.spans
      for (k, field) in fields.enumerated() {
        texts[k] = field >= 0 && field < spans.count ? Cells.text(reader.base, spans[field]) : ""
      }
      body(values, texts, reader.blankLinesBefore)
    }.records
  }
}
