/// What a cell looks like on its own.
enum CellClass: Equatable {
  /// Empty, or a missing-value marker (`NA`, `-`, `?`, `NaN`, ...).
  case missing
  /// A decimal number.
  case number
  /// A date or time; which slash orders make it valid.
  case date(dayFirst: Bool, monthFirst: Bool)
  /// Anything else.
  case text
}

enum Cells {
  /// Missing-value markers, compared ignoring ASCII case.
  private static let missingMarkers: [[UInt8]] = [
    "na", "n/a", "nan", "null", "none", "-", "--", "?", ".",
  ].map { Array($0.utf8) }

  /// Whether the bytes are one of the missing-value markers (the empty cell included).
  static func isMissingMarker(_ p: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    if count == 0 { return true }
    if count > 4 { return false }
    outer: for marker in missingMarkers where marker.count == count {
      for k in 0..<count {
        let b = p[k]
        let lower = (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z")) ? b | 0x20 : b
        if lower != marker[k] { continue outer }
      }
      return true
    }
    return false
  }

  /// The class of a field.
  static func classify(_ p: UnsafePointer<UInt8>, _ span: FieldSpan, decimalComma: Bool = false)
    -> CellClass
  {
    let start = p + span.start
    let count = span.end - span.start
    if span.escaped { return .text }
    if isMissingMarker(start, count) { return .missing }
    if NumberParser.parse(start, count, decimalComma: decimalComma) != nil { return .number }
    let dayFirst = DateParser.parse(start, count, order: .dayFirst) != nil
    let monthFirst = DateParser.parse(start, count, order: .monthFirst) != nil
    if dayFirst || monthFirst { return .date(dayFirst: dayFirst, monthFirst: monthFirst) }
    return .text
  }

  /// The text of a field: `""` unescaped, invalid UTF-8 repaired with U+FFFD.
  static func text(_ p: UnsafePointer<UInt8>, _ span: FieldSpan) -> String {
    let bytes = UnsafeBufferPointer(start: p + span.start, count: span.end - span.start)
    if !span.escaped { return String(decoding: bytes, as: UTF8.self) }
    var unescaped: [UInt8] = []
    unescaped.reserveCapacity(bytes.count)
    var k = 0
    while k < bytes.count {
      unescaped.append(bytes[k])
      k +=
        (bytes[k] == UInt8(ascii: "\"") && k + 1 < bytes.count && bytes[k + 1] == bytes[k]) ? 2 : 1
    }
    return String(decoding: unescaped, as: UTF8.self)
  }
}

/// The shape of a data file, guessed from its first records: separator, header, column
/// names and kinds.
struct FileLayout {
  var separation: FieldSeparation
  var hasHeader: Bool
  /// One name per column (header cell, or the 1-based number as text).
  var names: [String]
  var kinds: [ColumnKind]
  var slashOrders: [SlashDateOrder]
  /// The first text cell of each column (for messages), cut to 40 bytes.
  var sampleText: [String?]
  /// Whether numbers are written with a decimal comma (`1,5`).
  var decimalComma = false
  /// Whether each column's name came from the header (else it is its number).
  var named: [Bool] = []

  var columnCount: Int { names.count }

  /// The names messages list: every column but those without a header name whose cells
  /// are all empty (a tab or comma at the end of every line makes one such column).
  var listedNames: [String] {
    names.indices.filter { j in
      (j < named.count && named[j]) || (j < kinds.count && kinds[j] != .empty)
    }.map { names[$0] }
  }

  /// Bytes and records looked at to guess the layout.
  static let sniffBytes = 1 << 18
  static let sniffRecords = 2000
  static let sniffLines = 200

  /// Guesses the layout from the start of `reader` (consuming nothing), then sets the
  /// reader's scanner and skips the header record, so `reader.next()` gives the first data
  /// record.
  static func detect(_ reader: RecordReader, options: DataFileOptions) throws(DataFileError)
    -> FileLayout
  {
    try reader.fillPrefix(sniffBytes)
    reader.skipByteOrderMark()
    if options.skipLines > 0 {
      try reader.skipLines(options.skipLines)
      try reader.fillPrefix(sniffBytes)
    }
    let prefix = reader.pending
    let separation: FieldSeparation
    if let s = options.separator {
      separation = s == UInt8(ascii: " ") ? .whitespace : .delimiter(s)
    } else {
      separation = detectSeparation(prefix, comment: options.commentPrefix, atEOF: reader.atEOF)
    }
    let scanner = RecordScanner(separation: separation, comment: options.commentPrefix)
    reader.scanner = scanner

    // Decimal commas (`1,5`), as European files write them where the separator is `;` or a
    // tab: when some sampled cell is a number only with a comma and none has a point.
    var decimalComma = options.decimalComma ?? false
    if options.decimalComma == nil, let base = UnsafePointer(prefix.baseAddress),
      separation == .delimiter(UInt8(ascii: ";")) || separation == .delimiter(0x09)
    {
      var commas = 0
      var points = 0
      var offset = 0
      var records = 0
      var spans: [FieldSpan] = []
      while offset < prefix.count && records < sniffRecords,
        let (next, _) = scanner.scan(
          base, from: offset, to: prefix.count, atEOF: true, spans: &spans)
      {
        offset = next
        records += 1
        for span in spans where !span.escaped {
          let sign = NumberParser.decimalSign(base + span.start, span.end - span.start)
          if sign.comma { commas += 1 }
          if sign.point { points += 1 }
        }
      }
      decimalComma = commas > 0 && points == 0
    }

    // Classify the cells of the first records; the first one is kept apart (a header?).
    var first: [CellClass] = []
    var firstTexts: [String] = []
    var tallies: [ColumnTally] = []
    var records = 0
    var spans: [FieldSpan] = []
    guard let base = UnsafePointer(prefix.baseAddress) else {
      return FileLayout(
        separation: separation, hasHeader: false, names: [], kinds: [], slashOrders: [],
        sampleText: [], decimalComma: decimalComma)
    }
    var offset = 0
    let count = prefix.count
    while offset < count && records < sniffRecords {
      var result = scanner.scan(base, from: offset, to: count, atEOF: reader.atEOF, spans: &spans)
      if result == nil {
        // The record runs past the prefix: look at it only if it is the first one.
        if records > 0 { break }
        result = scanner.scan(base, from: offset, to: count, atEOF: true, spans: &spans)
      }
      guard let (next, _) = result else { break }
      offset = next
      if spans.isEmpty { continue }
      if records == 0 {
        first = spans.map { Cells.classify(base, $0, decimalComma: decimalComma) }
        firstTexts = spans.map { Cells.text(base, $0) }
      } else {
        if tallies.count < spans.count {
          tallies += Array(repeating: ColumnTally(), count: spans.count - tallies.count)
        }
        for (j, span) in spans.enumerated() {
          let cell = Cells.classify(base, span, decimalComma: decimalComma)
          tallies[j].add(cell)
          if tallies[j].sample == nil && cell == .text {
            tallies[j].sample = sample(Cells.text(base, span))
          }
        }
      }
      records += 1
    }

    // A header has a text cell above a column of numbers or dates.
    let hasHeader: Bool
    if let forced = options.hasHeader {
      hasHeader = forced && records > 0
    } else if records >= 2 {
      hasHeader = first.indices.contains { j in
        first[j] == .text && j < tallies.count && tallies[j].numbers + tallies[j].dates > 0
      }
    } else {
      hasHeader =
        first.contains(.text)
        && !first.contains {
          if case .number = $0 { true } else if case .date = $0 { true } else { false }
        }
    }
    if tallies.count < first.count {
      tallies += Array(repeating: ColumnTally(), count: first.count - tallies.count)
    }
    if !hasHeader {
      for (j, cell) in first.enumerated() {
        tallies[j].add(cell)
        if tallies[j].sample == nil && cell == .text { tallies[j].sample = sample(firstTexts[j]) }
      }
    }
    var names: [String] = []
    names.reserveCapacity(tallies.count)
    for j in tallies.indices {
      let headerName = hasHeader && j < firstTexts.count ? firstTexts[j] : ""
      names.append(headerName.isEmpty ? String(j + 1) : headerName)
    }
    var kinds = tallies.map(\.kind)
    for ref in options.unixTimeColumns {
      if let j = index(of: ref, in: names) { kinds[j] = .time }
    }
    if hasHeader { _ = try reader.next() }
    return FileLayout(
      separation: separation, hasHeader: hasHeader, names: names, kinds: kinds,
      slashOrders: tallies.map { options.slashDateOrder ?? $0.slashOrder },
      sampleText: tallies.map(\.sample), decimalComma: decimalComma,
      named: tallies.indices.map { hasHeader && $0 < firstTexts.count && !firstTexts[$0].isEmpty })
  }

  private static func sample(_ text: String) -> String {
    text.utf8.count <= 40 ? text : String(decoding: text.utf8.prefix(40), as: UTF8.self) + "…"
  }

  /// The 0-based field index of a column reference among `names`, or nil (record number,
  /// out of range, unknown name).
  static func index(of ref: ColumnRef, in names: [String]) -> Int? {
    switch ref {
    case .index(let n): return n >= 1 && n <= names.count ? n - 1 : nil
    case .name(let s):
      if let j = names.firstIndex(of: s) { return j }
      let lower = s.lowercased()
      return names.firstIndex { $0.lowercased() == lower }
    }
  }

  /// Guesses the separator from up to `sniffLines` lines: the first of tab, semicolon and
  /// comma that appears (outside quotes) in the first line and in at least 90% of the others
  /// (rows may be ragged, so the counts need not agree); else runs of blanks. Semicolon comes
  /// before comma because semicolon files often have commas in their cells (decimal commas,
  /// which are then not numbers). A tab is not the separator when, in 90% of the lines, a
  /// field between tabs holds numbers apart by blanks (`1.03307     1.0` in gnuplot's
  /// lcdemo.dat: tabs and spaces mixed, which gnuplot splits at every run of blanks), nor
  /// when 90% of the lines start with a blank (poldat.dem's inline data: `\t0\t0\t-200`,
  /// whose first field gnuplot reads as 0, not as an empty cell).
  static func detectSeparation(
    _ bytes: UnsafeBufferPointer<UInt8>, comment: UInt8, atEOF: Bool
  ) -> FieldSeparation {
    let candidates: [UInt8] = [UInt8(ascii: "\t"), UInt8(ascii: ";"), UInt8(ascii: ",")]
    var perLine: [[Int]] = []  // counts of each candidate per line
    var counts = [0, 0, 0]
    var inQuotes = false
    var lineStart = true
    var skipLine = false
    var blank = true
    // Numbers apart by blanks inside one tab field: the last byte before a blank run was
    // part of a number, and the byte after it starts one.
    var spacedLines = 0
    var indentedLines = 0  // lines that start with a blank
    var indented = false
    var spaced = false
    var afterNumber = false
    var inBlanks = false
    func isNumberByte(_ b: UInt8) -> Bool {
      (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: ".")
    }
    for b in bytes {
      if lineStart {
        lineStart = false
        skipLine = false
        blank = true
        counts = [0, 0, 0]
        spaced = false
        indented = b == UInt8(ascii: " ") || b == UInt8(ascii: "\t")
        afterNumber = false
        inBlanks = false
      }
      if skipLine {
        if b == UInt8(ascii: "\n") || b == UInt8(ascii: "\r") { lineStart = true }
        continue
      }
      if b == UInt8(ascii: "\"") { inQuotes.toggle() }
      if !inQuotes && (b == UInt8(ascii: "\n") || b == UInt8(ascii: "\r")) {
        if !blank {
          perLine.append(counts)
          if spaced { spacedLines += 1 }
          if indented { indentedLines += 1 }
        }
        if perLine.count >= sniffLines { break }
        lineStart = true
        continue
      }
      if blank && b != UInt8(ascii: " ") && b != UInt8(ascii: "\t") {
        if b == comment && comment != 0 && !inQuotes {
          skipLine = true
          continue
        }
        blank = false
      }
      if !inQuotes {
        for (k, c) in candidates.enumerated() where b == c { counts[k] += 1 }
        if b == UInt8(ascii: " ") {
          inBlanks = inBlanks || afterNumber
          afterNumber = false
        } else {
          let number = isNumberByte(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+")
          if inBlanks && number && !blank { spaced = true }
          inBlanks = false
          afterNumber = isNumberByte(b)
        }
      }
    }
    // The last line counts when the file ends there (not cut by the prefix, not in an
    // unclosed quote), or when it is the only one.
    if !lineStart && !blank && !skipLine && perLine.count < sniffLines
      && ((atEOF && !inQuotes) || perLine.isEmpty)
    {
      perLine.append(counts)
      if spaced { spacedLines += 1 }
      if indented { indentedLines += 1 }
    }
    if perLine.isEmpty { return .whitespace }
    let data = perLine.count > 1 ? Array(perLine.dropFirst()) : perLine
    for (k, c) in candidates.enumerated() {
      let present = data.filter { $0[k] > 0 }.count
      guard present * 10 >= data.count * 9, perLine[0][k] > 0 else { continue }
      if c == UInt8(ascii: "\t")
        && (spacedLines * 10 >= perLine.count * 9 || indentedLines * 10 >= perLine.count * 9)
      {
        continue
      }
      return .delimiter(c)
    }
    return .whitespace
  }
}

/// What the cells of one column looked like in the records sniffed.
struct ColumnTally {
  var numbers = 0
  var dates = 0
  var texts = 0
  /// Slash dates valid only day first (`17/08/93`) or only month first (`2/27/2003`).
  var dayOnly = 0
  var monthOnly = 0
  /// The first text cell, for messages.
  var sample: String?

  mutating func add(_ cell: CellClass) {
    switch cell {
    case .missing: break
    case .number: numbers += 1
    case .text: texts += 1
    case .date(let d, let m):
      dates += 1
      if d && !m { dayOnly += 1 }
      if m && !d { monthOnly += 1 }
    }
  }

  /// Time when most non-missing cells are dates (and more than are numbers); else number
  /// when numbers are at least as many as texts; else text; empty when all are missing.
  var kind: ColumnKind {
    let nonMissing = numbers + dates + texts
    if nonMissing == 0 { return .empty }
    if dates * 2 > nonMissing && dates > numbers { return .time }
    return numbers >= texts ? .number : .text
  }

  /// Month first only when some cell needs it and none needs day first.
  var slashOrder: SlashDateOrder { monthOnly > 0 && dayOnly == 0 ? .monthFirst : .dayFirst }
}
