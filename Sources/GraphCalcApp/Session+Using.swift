import CalculatorBrain
import CompiledFunctions
import DataFiles
import GraphView
import TextAndNumbers

// gnuplot's `using` expressions and `every`: `using 1:($2*1000)`,
// `using ($1/3600):(log($3))`, `column("name")`, `column(2)`, `$0` (the record number),
// user functions and variables inside, `1/0` or NaN skipping a point
// (`($3 > 10 ? $2 : 1/0)`), `every N`, `every ::A::B`. Each expression is compiled once
// (`RowFunction`, the compiled functions' point program) and evaluated per record.

/// One colon-separated part of a `using` spec: a column as gnuplot names it (`2`, `$2`,
/// `date`, `"max temp"`) or an expression in brackets (`($2*1000)`).
enum UsingPart: Sendable {
  /// A column, and where it is written.
  case column(ColumnRef, Word)
  /// An expression, compiled over the columns it reads, and where it is written.
  case expression(UsingExpression, Word)
}

/// An expression of a `using` part with its column references (gnuplot's `NaN` is read as
/// `nan`): `$N`, `column(N)` and `column("name")` become the names `gcColumn0`, `gcColumn1`, ... (one a reference, in
/// order), and `$0`/`column(0)` the name `gcRecord` (gnuplot's `$0`: the number of the point
/// among those `every` keeps, from 0). gnuplot's `stringcolumn(N)` / `strcol(N)` (the cell's
/// text) is read where it is compared with a text: `strcol(1) eq "a"`, `"a" ne strcol(1)`
/// become the names `gcText0`, ... (one a comparison), 1 where it holds and 0 where not.
struct UsingExpression: Sendable {
  /// A comparison of a column's text with a literal (`strcol(1) eq "a"`).
  struct TextTest: Sendable, Hashable {
    /// The column whose text is compared.
    var column: ColumnRef
    /// The text it is compared with.
    var literal: String
    /// `eq` (true) or `ne` (false).
    var equal: Bool
    /// For `timecolumn(N, "FMT")` (and a time axis's x column after `set xdata time`):
    /// the time format; the value is the time read from the text (`TimeFormat.parse`,
    /// seconds since the epoch, UTC), NaN where it does not match.
    var timeFormat: String? = nil
    /// How many blank-separated cells from `column` on the time takes: a format with blanks
    /// spans several, as gnuplot counts each as a column (`help timefmt`).
    var cells = 1

    /// 1 when `text` passes the comparison, else 0; for a time, the time.
    func value(_ text: String) -> Double {
      if let timeFormat { return TimeFormat.parse(text, format: timeFormat)?.seconds ?? .nan }
      return (text == literal) == equal ? 1 : 0
    }

    /// The columns after `column` whose text a time spanning several cells reads too.
    var extraColumns: [ColumnRef] {
      guard cells > 1, case .index(let n) = column else { return [] }
      return (1..<cells).map { .index(n + $0) }
    }
  }

  /// The expression as the calculator reads it, the references replaced.
  var text: String
  /// For each character of `text` (and one past its end), its column in the typed part.
  var origin: [Int]
  /// The columns read, in the order of their names `gcColumn0`, `gcColumn1`, ...
  var columns: [ColumnRef]
  /// The text comparisons, in the order of their names `gcText0`, `gcText1`, ...
  var textTests: [TextTest] = []

  /// The name that stands for the record number.
  static let recordName = "gcRecord"

  /// The name that stands for column reference `k`.
  static func columnName(_ k: Int) -> String { "gcColumn\(k)" }

  /// The name that stands for text comparison `k`.
  static func textName(_ k: Int) -> String { "gcText\(k)" }

  /// The names the compiled expression reads, in the order of a row's values: the record
  /// number, the columns, the text comparisons.
  var names: [String] {
    [Self.recordName] + columns.indices.map(Self.columnName) + textTests.indices.map(Self.textName)
  }

  /// The column a `column(...)`, `strcol(...)` or `xticlabels(...)` argument names: a
  /// number (`2`) or a name in quotes (`"temp"`), `chars[open]` being the `(`; and the
  /// index after the `)`. nil when it is neither.
  static func columnArgument(_ chars: [Character], open: Int) -> (ColumnRef, Int)? {
    var a = open + 1
    while a < chars.count, chars[a] == " " { a += 1 }
    var b = a
    var ref: ColumnRef? = nil
    if a < chars.count, chars[a] == "\"" || chars[a] == "'" {
      let q = chars[a]
      b = a + 1
      while b < chars.count, chars[b] != q { b += 1 }
      if b < chars.count {
        ref = .name(String(characters: chars[(a + 1)..<b]))
        b += 1
      }
    } else {
      while b < chars.count, chars[b].isASCII, chars[b].isNumber { b += 1 }
      if b > a, b - a <= 9, let n = Int(String(characters: chars[a..<b])) { ref = .index(n) }
    }
    while b < chars.count, chars[b] == " " { b += 1 }
    guard let ref, b < chars.count, chars[b] == ")" else { return nil }
    return (ref, b + 1)
  }

  /// A text in quotes at `chars[i]`: the text and the index after its closing quote.
  static func quoted(_ chars: [Character], at i: Int) -> (String, Int)? {
    guard i < chars.count, chars[i] == "\"" || chars[i] == "'" else { return nil }
    var j = i + 1
    while j < chars.count, chars[j] != chars[i] { j += 1 }
    guard j < chars.count else { return nil }
    return (String(characters: chars[(i + 1)..<j]), j + 1)
  }

  /// `eq` or `ne` at `chars[i]` after blanks: whether it is `eq`, and the index after it
  /// and the blanks that follow.
  static func textOperator(_ chars: [Character], at i: Int) -> (Bool, Int)? {
    var i = i
    while i < chars.count, chars[i] == " " { i += 1 }
    guard i + 1 < chars.count else { return nil }
    let word = String(characters: chars[i..<(i + 2)])
    guard word == "eq" || word == "ne" else { return nil }
    var j = i + 2
    if j < chars.count, chars[j].isLetter || chars[j].isNumber || chars[j] == "_" { return nil }
    while j < chars.count, chars[j] == " " { j += 1 }
    return (word == "eq", j)
  }

  /// `strcol(N)` or `stringcolumn(N)` at `chars[i]`: the column and the index after it.
  static func stringColumn(_ chars: [Character], at i: Int) -> (ColumnRef, Int)? {
    for name in ["stringcolumn", "strcol"] {
      let n = name.count
      guard i + n <= chars.count, String(characters: chars[i..<(i + n)]) == name else { continue }
      var k = i + n
      while k < chars.count, chars[k] == " " { k += 1 }
      guard k < chars.count, chars[k] == "(" else { return nil }
      return columnArgument(chars, open: k)
    }
    return nil
  }

  /// Reads the references out of `part` (the text inside or with its brackets).
  ///
  /// - Throws: `CommandError` at a `stringcolumn`/`strcol` that is not compared with a text
  ///   by `eq` or `ne`, at `valid` or `timecolumn` (not supported), a `column(...)` whose
  ///   argument is not a number or a quoted name, or a `$` not followed by a column number.
  static func read(_ part: Word, timeFormat: String = PlotLabels().timeFormat)
    throws(CommandError) -> UsingExpression
  {
    let chars = Array(part.text)
    var text = ""
    var origin: [Int] = []
    var columns: [ColumnRef] = []
    var tests: [TextTest] = []
    func emit(_ s: String, at column: Int) {
      text += s
      origin += Array(repeating: column, count: s.count)
    }
    func reference(_ ref: ColumnRef) -> String {
      if case .index(0) = ref { return recordName }
      if let k = columns.firstIndex(where: { $0 == ref }) { return columnName(k) }
      columns.append(ref)
      return columnName(columns.count - 1)
    }
    func test(_ t: TextTest) -> String {
      if let k = tests.firstIndex(of: t) { return textName(k) }
      tests.append(t)
      return textName(tests.count - 1)
    }
    func isNameChar(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
    var i = 0
    while i < chars.count {
      let c = chars[i]
      // "a" eq strcol(1)
      if let (literal, after) = quoted(chars, at: i),
        let (equal, next) = textOperator(chars, at: after),
        let (ref, end) = stringColumn(chars, at: next)
      {
        emit(test(TextTest(column: ref, literal: literal, equal: equal)), at: i)
        i = end
        continue
      }
      if c == "$" {
        var j = i + 1
        while j < chars.count, chars[j].isASCII, chars[j].isNumber { j += 1 }
        guard j > i + 1, let n = Int(String(characters: chars[(i + 1)..<j])), j - i - 1 <= 9 else {
          throw CommandError(
            .needs(word: "$", what: "a column number, as in: using 1:($2*1000)"),
            at: (part.offset + i)..<(part.offset + min(i + 2, chars.count)))
        }
        emit(reference(.index(n)), at: i)
        i = j
        continue
      }
      if isNameChar(c), i == 0 || !isNameChar(chars[i - 1]) {
        var j = i
        while j < chars.count, isNameChar(chars[j]) { j += 1 }
        let name = String(characters: chars[i..<j])
        var k = j
        while k < chars.count, chars[k] == " " { k += 1 }
        let calls = k < chars.count && chars[k] == "("
        if calls, ["stringcolumn", "strcol"].contains(name) {
          // strcol(1) eq "a"
          guard let (ref, after) = stringColumn(chars, at: i),
            let (equal, next) = textOperator(chars, at: after),
            let (literal, end) = quoted(chars, at: next)
          else {
            throw CommandError(
              .notSupported(
                what: "\(name)() outside a comparison with a text",
                hint: "compare it by eq or ne, as in: using 1:(strcol(3) eq \"a\" ? $2 : 1/0)"),
              at: (part.offset + i)..<(part.offset + j))
          }
          emit(test(TextTest(column: ref, literal: literal, equal: equal)), at: i)
          i = end
          continue
        }
        if calls, name == "timecolumn" {
          guard let (timeTest, end) = timeColumn(chars, open: k, timeFormat: timeFormat) else {
            let close = chars[k...].firstIndex(of: ")").map { $0 + 1 } ?? chars.count
            throw CommandError(
              .needs(
                word: "timecolumn",
                what: "a column and a format in quotes, as in: timecolumn(1, \"%Y-%m-%d\")"),
              at: (part.offset + i)..<(part.offset + close))
          }
          emit(test(timeTest), at: i)
          i = end
          continue
        }
        if calls, ["valid"].contains(name) {
          throw CommandError(
            .notSupported(
              what: "\(name)() in using",
              hint: "using expressions read numbers: $N, column(N), column(\"name\")"),
            at: (part.offset + i)..<(part.offset + j))
        }
        if calls, name == "column" {
          // column(N) or column("name") / column('name').
          guard let (ref, end) = columnArgument(chars, open: k) else {
            let close = chars[k...].firstIndex(of: ")").map { $0 + 1 } ?? chars.count
            throw CommandError(
              .needs(
                word: "column", what: "a column number or a name in quotes, as in: column(2)"),
              at: (part.offset + i)..<(part.offset + close))
          }
          emit(reference(ref), at: i)
          i = end
          continue
        }
        // gnuplot's NaN is the calculator's nan.
        let spelled = name == "NaN" && !calls ? "nan" : name
        emit(spelled, at: i)
        origin.removeLast(name.count)
        origin += Array(i..<j)
        i = j
        continue
      }
      emit(String(c), at: i)
      i += 1
    }
    origin.append(chars.count)
    return UsingExpression(text: text, origin: origin, columns: columns, textTests: tests)
  }

  /// `location` (columns of `text`) as columns of the line, the part starting at `offset`.
  func located(_ location: Range<Int>, offset: Int) -> Range<Int> {
    let lo = origin[min(max(location.lowerBound, 0), origin.count - 1)]
    let hi = origin[min(max(location.upperBound, 0), origin.count - 1)]
    return (offset + lo)..<(offset + max(hi, lo + 1))
  }
}

/// gnuplot's `every` (`help every`): `every N` (each Nth point), `every N:M:A:B:C:D` (point
/// increment, block increment, start point, start block, end point, end block; an empty
/// field keeps its default), `every ::A::B` (points A to B). As gnuplot 5.4 counts them
/// (checked against its tables): a blank line starts a block, whose points are counted from
/// 0; two blank lines start a data set (`index`), whose blocks are counted from 0.
struct EverySpec: Sendable, Hashable {
  /// Each how many points of a block one is kept.
  var step = 1
  /// The first point kept in a block (0-based).
  var start = 0
  /// The last point that may be kept in a block, or nil for the block's end.
  var end: Int? = nil
  /// Each how many blocks of a data set one is kept.
  var blockStep = 1
  /// The first block kept (0-based, in each data set).
  var startBlock = 0
  /// The last block that may be kept, or nil for the data set's end.
  var endBlock: Int? = nil

  /// Whether point `i` (0-based in its block) is kept.
  func keeps(_ i: Int) -> Bool {
    i >= start && (end.map { i <= $0 } ?? true) && (i - start) % step == 0
  }

  /// Whether point `i` of block `block` (both 0-based: the point in its block, the block in
  /// its data set) is kept.
  func keeps(_ i: Int, block: Int) -> Bool {
    keeps(i) && block >= startBlock && (endBlock.map { block <= $0 } ?? true)
      && (block - startBlock) % blockStep == 0
  }

  /// Reads `every`'s argument.
  ///
  /// - Throws: `CommandError` at a field that is not a whole number (the increments at
  ///   least 1), at more than six fields, or at an end before its start.
  static func parse(_ word: Word) throws(CommandError) -> EverySpec {
    let fields = word.text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    guard fields.count <= 6 else {
      throw CommandError(
        .notSupported(
          what: "more than six fields in every",
          hint: "every takes N:M:A:B:C:D, as in: every ::1::3"),
        at: word.span)
    }
    var values: [Int?] = []
    var spans: [Range<Int>] = []
    var offset = word.offset
    for field in fields {
      let t = field.trimmingBlanks()
      let span = offset..<(offset + max(field.count, 1))
      if t.isEmpty {
        values.append(nil)
      } else if let n = Int(t), n >= 0 {
        values.append(n)
      } else {
        throw CommandError(
          .needs(word: "every", what: "whole numbers, as in: every 2 or every ::1::3"), at: span)
      }
      spans.append(span)
      offset += field.count + 1
    }
    while values.count < 6 {
      values.append(nil)
      spans.append(word.span)
    }
    for k in [0, 1] where values[k] == 0 {
      throw CommandError(
        .needs(
          word: "every",
          what: k == 0
            ? "a step of at least 1, as in: every 2"
            : "a block step of at least 1, as in: every 1:2"),
        at: spans[k])
    }
    var spec = EverySpec()
    spec.step = values[0] ?? 1
    spec.blockStep = values[1] ?? 1
    spec.start = values[2] ?? 0
    spec.startBlock = values[3] ?? 0
    spec.end = values[4]
    spec.endBlock = values[5]
    for (k, first, last) in [(4, spec.start, spec.end), (5, spec.startBlock, spec.endBlock)] {
      if let last, last < first {
        throw CommandError(
          .needs(
            word: "every",
            what: "an end \(k == 4 ? "point" : "block") from the start on, as in: every ::2::6"),
          at: spans[k])
      }
    }
    return spec
  }
}

/// gnuplot's `index`: `index M` (data set M, from 0), `index M:N` (M to N), `index M:N:P`
/// (every Pth from M to N); data sets are separated by two blank lines.
struct IndexSpec: Sendable, Hashable {
  /// The first data set.
  var first: Int
  /// The last data set.
  var last: Int
  /// Each how many data sets one is kept.
  var step = 1

  /// Whether data set `k` is kept.
  func keeps(_ k: Int) -> Bool { k >= first && k <= last && (k - first) % step == 0 }

  /// Reads `index`'s argument.
  ///
  /// - Throws: `CommandError` at a field that is not a whole number (the step at least 1),
  ///   at more than three fields, or at a data set named in quotes (not supported).
  static func parse(_ word: Word) throws(CommandError) -> IndexSpec {
    if let q = word.text.first, q == "\"" || q == "'" {
      throw CommandError(
        .notSupported(what: "a data set by name in index", hint: "index takes numbers: index 1"),
        at: word.span)
    }
    let fields = word.text.split(separator: ":", omittingEmptySubsequences: false)
    let numbers = fields.map { Int($0.trimmingCharacters()) }
    guard (1...3).contains(fields.count), numbers.allSatisfy({ ($0 ?? -1) >= 0 }) else {
      throw CommandError(
        .needs(word: "index", what: "whole numbers, as in: index 1 or index 0:2"), at: word.span)
    }
    let first = numbers[0] ?? 0
    var spec = IndexSpec(first: first, last: fields.count > 1 ? numbers[1] ?? first : first)
    if fields.count > 2 {
      guard let step = numbers[2], step >= 1 else {
        throw CommandError(
          .needs(word: "index", what: "a step of at least 1, as in: index 0:4:2"), at: word.span)
      }
      spec.step = step
    }
    return spec
  }
}

extension Substring {
  /// The text without blanks at its ends.
  fileprivate func trimmingCharacters() -> String {
    String(self).trimmingBlanks()
  }
}

extension String {
  /// The text without blanks at its ends.
  fileprivate func trimmingBlanks() -> String {
    var s = Substring(self)
    while s.first == " " { s = s.dropFirst() }
    while s.last == " " { s = s.dropLast() }
    return String(s)
  }
}

extension Session {
  /// The parts of a `using` spec split at its colons outside brackets and quotes, each with
  /// its column in the line.
  static func usingParts(_ using: Word) -> [Word] {
    var parts: [Word] = []
    var depth = 0
    var quote: Character? = nil
    var current = ""
    var start = using.offset
    for (i, c) in using.text.enumerated() {
      if let q = quote {
        if c == q { quote = nil }
      } else if c == "\"" || c == "'" {
        quote = c
      } else if c == "(" {
        depth += 1
      } else if c == ")" {
        depth = max(0, depth - 1)
      } else if c == ":" && depth == 0 {
        parts.append(Word(current, at: start))
        current = ""
        start = using.offset + i + 1
        continue
      }
      current.append(c)
    }
    parts.append(Word(current, at: start))
    return parts
  }

  /// Whether a `using` spec has an expression part (one in brackets) or a tick label part
  /// (`xticlabels(1)`).
  static func usingHasExpression(_ using: Word?) -> Bool {
    guard let using else { return false }
    return usingParts(using).contains { $0.text.first == "(" || TickLabelPart.isOne($0) }
  }

  /// Reads one data item whose `using` has expressions or that has `every`: the records
  /// streamed once, `every` applied, each part a column's value or its compiled expression's
  /// value for the record; a value that is not finite (`1/0`, NaN, a missing cell) skips
  /// the point (the pen lifts, the table writes `u`), as in gnuplot. A tick label part
  /// (`xticlabels(1)`, `xtic(1)`, `ytic(1)`) is no column of the style: each point kept
  /// puts its column's text as a tick label at its x (or y), as gnuplot does.
  ///
  /// - Returns: The series and a note when no point is defined.
  /// - Throws: `CommandError` at the part or column at fault: a bad reference, an unknown
  ///   name or function in an expression (its caret in the expression), an unknown column.
  func expressionDataItem(_ spec: DataItemSpec) throws(CommandError) -> (DataCurve, String?) {
    let (curve, note, _) = try expressionRecords(spec, group: nil)
    return (curve, note)
  }

  /// `expressionDataItem`, with the text of column `group` for each record of the series
  /// (`by GROUP`), gaps included ("" there).
  func expressionRecords(_ spec: DataItemSpec, group: ColumnRef?) throws(CommandError) -> (
    DataCurve, String?, groups: [String]
  ) {
    let path = spec.path.text
    let fileSpan = spec.path.offset..<(spec.path.offset + path.count + 2)
    // `every` is checked first (its errors before the columns').
    _ = try spec.every.map { w throws(CommandError) in try EverySpec.parse(w) }
    // The parts: as written, or the default columns.
    var parts: [UsingPart] = []
    var tickParts: [TickLabelPart] = []
    // `with labels`: the last part is the text's column (Session+PointLabels.swift).
    var labelColumn: ColumnRef? = nil
    // `smooth acsplines` of a line style takes a third column, the weights (gnuplot's).
    let counts =
      spec.smoothing == .acsplines && spec.marks.columnCounts == [1, 2]
      ? [1, 2, 3] : spec.marks.columnCounts
    if let using = spec.using {
      var words: [Word] = []
      for word in Session.usingParts(using) {
        if let tick = try TickLabelPart.read(word) {
          tickParts.append(tick)
        } else {
          words.append(word)
        }
      }
      if spec.style.labels != nil {
        guard words.count == 3 else {
          throw CommandError(
            .styleColumns(
              style: "labels", forms: "x:y:label", spec: using.text, count: words.count),
            at: using.span)
        }
        labelColumn = try Session.pointLabelColumn(words.removeLast())
      }
      guard counts.contains(words.count) else {
        if counts == [1, 2] {
          throw CommandError(
            DataFileError(path: "", .tooManyColumns(using.text, count: words.count)),
            at: using.span)
        }
        throw CommandError(
          .styleColumns(
            style: spec.marks.description, forms: Session.columnForms(spec.marks),
            spec: using.text, count: words.count),
          at: using.span)
      }
      parts = try Session.readUsingParts(words, timeFormat: labels.timeFormat)
      if labels.xTime, parts.count >= 2, case .column(let ref, let word) = parts[0] {
        parts[0] = .expression(
          UsingExpression.timeColumnExpression(ref, format: labels.timeFormat), word)
      }
      // `set ydata time`: y (the second part, or the only one) is read with the timefmt.
      let yPart = parts.count >= 2 ? 1 : 0
      if labels.yTime, parts.indices.contains(yPart),
        case .column(let ref, let word) = parts[yPart]
      {
        parts[yPart] = .expression(
          UsingExpression.timeColumnExpression(ref, format: labels.timeFormat), word)
      }
    } else if spec.style.labels != nil {
      // gnuplot's labels need their three columns written.
      throw CommandError(
        .needs(word: "with labels", what: "using X:Y:LABEL, as in: using 1:2:3"),
        at: fileSpan)
    } else if counts.allSatisfy({ $0 > 2 }) {
      // An error-bar style without using: the file's first columns, as many as the style
      // takes and the file has (gnuplot reads every column of the line).
      let info: [ColumnInfo]
      do {
        info = try DataFile.columns(path: path, options: data.options)
      } catch {
        throw CommandError(error, at: fileSpan)
      }
      guard let n = counts.last(where: { $0 <= info.count }) else {
        throw CommandError(
          .styleColumns(
            style: spec.marks.description, forms: Session.columnForms(spec.marks),
            spec: "\(Session.baseName(path))", count: info.count),
          at: fileSpan)
      }
      for j in 1...n { parts.append(.column(.index(j), spec.path)) }
    } else {
      do {
        let columns = try DataFile.defaultUsing(path: path, options: data.options)
        if let x = columns.x { parts.append(.column(x, spec.path)) }
        parts.append(.column(columns.y, spec.path))
      } catch {
        throw CommandError(error, at: fileSpan)
      }
    }
    // One pass over the records (`forEachUsingRecord`, which fit reads through too), with
    // the text of the group and tick label columns.
    var textColumns: [ColumnRef] = tickParts.map(\.column)
    if let group { textColumns.append(group) }
    if let labelColumn { textColumns.append(labelColumn) }
    var labelTexts: [String] = []
    var xs: [Double] = []
    var ys: [Double] = []
    // The error-bar and box columns, as gnuplot reads them (`extents(_:x:y:)`).
    let extentCount = parts.count > 2 ? parts.count - 2 : 0
    var more = [[Double]](repeating: [], count: extentCount)
    var defined = 0
    var groups: [String] = []  // the group of each record of the series
    var xTicks: [TickRule.ListedTick] = []
    var yTicks: [TickRule.ListedTick] = []
    var keyTitles: [String] = []
    try forEachUsingRecord(spec, parts: parts, textColumns: textColumns) {
      values, texts, record, liftsPen in
      if liftsPen && !xs.isEmpty {
        xs.append(.nan)
        ys.append(.nan)
        for k in more.indices { more[k].append(.nan) }
        if group != nil { groups.append("") }
        if tickParts.contains(where: \.toKey) { keyTitles.append("") }
        if labelColumn != nil { labelTexts.append("") }
      }
      if labelColumn != nil { labelTexts.append(texts[texts.count - 1]) }
      let x = values.count >= 2 ? values[0] : Double(record)
      let y = values[values.count >= 2 ? 1 : 0]
      for k in more.indices { more[k].append(values[k + 2]) }
      if x.isFinite && y.isFinite { defined += 1 }
      for (k, tick) in tickParts.enumerated() {
        if tick.toKey {
          keyTitles.append(texts[k])
          continue
        }
        let at = tick.onX ? x : y
        guard at.isFinite else { continue }
        let label = TickRule.ListedTick(value: at, label: texts[k])
        if tick.onX { xTicks.append(label) } else { yTicks.append(label) }
      }
      if group != nil { groups.append(texts[tickParts.count]) }
      xs.append(x)
      ys.append(y)
    }
    // Times: a plain column part keeps its column's kind.
    let info = (try? DataFile.columns(path: path, options: data.options)) ?? []
    func isTime(_ part: UsingPart?) -> Bool {
      guard case .column(let ref, _)? = part else { return false }
      switch ref {
      case .index(let n): return info.indices.contains(n - 1) && info[n - 1].kind == .time
      case .name(let name): return info.first { $0.name == name }?.kind == .time
      }
    }
    let base = Session.baseName(path)
    let using = spec.using?.text
    let title =
      spec.title
      ?? "\(base)\(spec.index.map { " index \($0.text)" } ?? "")\(using.map { " using \($0)" } ?? "")"
      + (spec.every.map { " every \($0.text)" } ?? "")
    var curve = DataCurve(
      x: xs, y: ys, title: title, marks: spec.marks,
      xIsTime: parts.count >= 2 && (isTime(parts[0]) || labels.xTime),
      yIsTime: isTime(parts.count >= 2 ? parts[1] : parts.last) || labels.yTime)
    curve.look = spec.style.look
    if let style = spec.style.labels {
      curve.look.pointLabels = PointLabels(x: xs, y: ys, texts: labelTexts, style: style)
    }
    curve.extents = Session.extents(spec.marks, columns: more, x: xs, y: ys)
    if spec.smoothing == .acsplines, spec.marks.columnCounts == [1, 2], more.count == 1 {
      curve.weights = more[0]
    }
    curve.xTickLabels = xTicks
    curve.yTickLabels = yTicks
    curve.keyTitles = keyTitles
    let note = defined == 0 ? "note: \(PlotOutput.noteTitle(title)) has no defined point" : nil
    return (curve, note, groups)
  }
}

extension Session {
  /// The parts of a `using` spec read: a column each (`2`, `$2`, `date`, `"max temp"`) or an
  /// expression in brackets, with its column references.
  ///
  /// - Throws: `CommandError` at the part at fault (a bad reference or column name).
  static func readUsingParts(
    _ words: [Word], timeFormat: String = PlotLabels().timeFormat
  ) throws(CommandError) -> [UsingPart] {
    var parts: [UsingPart] = []
    for word in words {
      if word.text.first == "(" {
        try Session.refuseColumnHeader(in: word)  // Session+ColumnHeaders.swift
        parts.append(.expression(try UsingExpression.read(word, timeFormat: timeFormat), word))
      } else {
        do {
          let refs = try DataFile.parseColumnList(word.text)
          parts.append(.column(refs[0], word))
        } catch {
          throw CommandError(error, at: word.span)
        }
      }
    }
    return parts
  }

  /// Reads the records of one data item through its `using` parts, the one reader of
  /// `plot` (with expressions, `every`, `index`, error-bar columns) and `fit`: the file is
  /// streamed once (`DataFile.forEachRecordWithBreaks`, with the session's `set datafile`
  /// options: separator, missing text, decimal commas, `skip`), `every` and `index` pick
  /// the records, and `body` gets each part's value for the record (a column's value, or its
  /// compiled expression's; NaN for a value that is not finite: `1/0`, NaN, a missing or
  /// non-numeric cell), the record number `$0` (the points kept in its data set, from 0),
  /// and whether the pen lifts before it (blank lines came before it, as in gnuplot);
  /// `texts` holds the text of `textColumns` for the record, in their order (the
  /// `strcol` comparisons of the expressions are read beside them).
  ///
  /// As gnuplot: blank lines start a block, whose points `every` counts from 0; two or
  /// more start a data set (`index` picks data sets), whose blocks `every` and whose points
  /// `$0` count from 0.
  ///
  /// - Throws: `CommandError` at the part or column at fault: an unknown name or function in
  ///   an expression (its caret in the expression), an unknown column, a file that cannot be
  ///   read (at the file's name), a bad `every` or `index`.
  /// - Returns: How many records `every` and `index` kept were left out as missing (`set
  ///   datafile missing`), which gnuplot's `stats` counts in `STATS_invalid`.
  @discardableResult
  func forEachUsingRecord(
    _ spec: DataItemSpec, parts: [UsingPart], textColumns: [ColumnRef] = [],
    _ body: (_ values: [Double], _ texts: [String], _ record: Int, _ liftsPen: Bool) -> Void
  ) throws(CommandError) -> Int {
    let path = spec.path.text
    let fileSpan = spec.path.offset..<(spec.path.offset + path.count + 2)
    let every =
      try spec.every.map { w throws(CommandError) in try EverySpec.parse(w) } ?? EverySpec()
    let index = try spec.index.map { w throws(CommandError) in try IndexSpec.parse(w) }
    // The columns read as text: the caller's, then the text comparisons'.
    var textRefs: [ColumnRef] = []
    func textSlot(_ ref: ColumnRef) -> Int {
      if let k = textRefs.firstIndex(of: ref) { return k }
      textRefs.append(ref)
      return textRefs.count - 1
    }
    let callerSlots = textColumns.map(textSlot)
    // Every column read, and each part's program.
    var refs: [ColumnRef] = []
    func slot(_ ref: ColumnRef) -> Int {
      if let k = refs.firstIndex(of: ref) { return k }
      refs.append(ref)
      return refs.count - 1
    }
    enum Plan {
      case record
      case column(Int)
      case expression(
        RowFunction, slots: [Int], tests: [(UsingExpression.TextTest, Int, [Int])])
    }
    var plans: [Plan] = []
    for part in parts {
      switch part {
      case .column(.index(0), _): plans.append(.record)
      case .column(let ref, _): plans.append(.column(slot(ref)))
      case .expression(let e, let word):
        let names = e.names
        let f: RowFunction
        do throws(CalcError) {
          let (expr, locations) = try brain.parseLocated(expression: e.text)
          let unit = brain.angleUnit
          let functions = compilingBrain.functions
          f = try RowFunction(
            unit.rewrite(expr), columns: names, variables: brain.variables, functions: functions,
            nameLocations: locations)
        } catch {
          var located = CommandError(error, shiftedBy: 0)
          located.location = error.location.map { e.located($0, offset: word.offset) } ?? word.span
          throw located
        }
        plans.append(
          .expression(
            f, slots: e.columns.map(slot),
            tests: e.textTests.map { ($0, textSlot($0.column), $0.extraColumns.map(textSlot)) }))
      }
    }
    var cursor = UsingCursor(every: every, index: index)
    var row = [Double](repeating: .nan, count: 16)
    var out = [Double](repeating: .nan, count: plans.count)
    var callerTexts = [String](repeating: "", count: callerSlots.count)
    // One closure literal a reader call, no local functions: state that a local function
    // captures, or that a closure stored in a `let` captures, lives in a box with dynamic
    // exclusivity checks on every access (`swift_beginAccess`: 27% of a 1e5-row
    // `using 1:($2*2)` plot). The readers take `leftOut` as an optional, so an escaping,
    // closure: it is handed over through `withoutActuallyEscaping`.
    do {
      // A record with the missing text (`set datafile missing`) is no point and lifts no
      // pen, but counts for `every` and `$0`, as in gnuplot.
      try withoutActuallyEscaping(
        { (blanks: Int) in
          if cursor.advance(blanks) {
            cursor.kept += 1
            cursor.missing += 1
          }
        },
        do: { leftOut throws(DataFileError) in
          try DataFile.forEachRecordWithText(
            path: path, columns: refs, textColumns: textRefs, options: data.options,
            leftOut: leftOut
          ) { values, texts, blanks in
            guard cursor.advance(blanks) else { return }
            let kept = Double(cursor.kept)
            var text = false
            for k in plans.indices {
              let v: Double
              switch plans[k] {
              case .record: v = kept
              case .column(let j):
                v = values[j]
                text = text || DataFile.isTextCell(v)
              case .expression(let f, let slots, let tests):
                let n = slots.count + tests.count + 1
                if row.count < n { row = [Double](repeating: .nan, count: n) }
                row[0] = kept
                for (j, s) in slots.enumerated() { row[j + 1] = values[s] }
                for (j, (t, s, extra)) in tests.enumerated() {
                  row[slots.count + j + 1] =
                    extra.isEmpty
                    ? t.value(texts[s])
                    : t.value(([texts[s]] + extra.map { texts[$0] }).joined(separator: " "))
                }
                v = row.withUnsafeBufferPointer {
                  f.value(UnsafeBufferPointer(rebasing: $0[0..<n]))
                }
              }
              out[k] = v.isFinite ? v : .nan
            }
            // A plain column that is text leaves the record out, as in gnuplot (no table
            // row, no gap; it still counts for `$0`); an expression's undefined value is a
            // point (a `u` row, a gap).
            if text {
              cursor.kept += 1
              return
            }
            for (k, s) in callerSlots.enumerated() { callerTexts[k] = texts[s] }
            body(out, callerTexts, cursor.kept, cursor.gap)
            cursor.gap = false
            cursor.kept += 1
          }
        })
    } catch {
      throw CommandError(error, at: Session.columnSpan(of: error, in: spec.using) ?? fileSpan)
    }
    return cursor.missing
  }
}

extension Session {
  /// What `using` takes with style `marks`, for the error when it is given another number
  /// of columns.
  static func columnForms(_ marks: CurveMarks) -> String {
    switch marks {
    case .boxes: return "1 to 4 columns (y, x:y, x:y:width or x:y:xlow:xhigh)"
    case .filledCurves: return "1 to 3 columns (y, x:y or x:y1:y2)"
    case .boxXYError: return "4 or 6 columns (x:y:xdelta:ydelta or x:y:xlow:xhigh:ylow:yhigh)"
    case .boxErrorBars:
      return "3 to 5 columns (x:y:ydelta, x:y:ydelta:width or x:y:ylow:yhigh:width)"
    case .yErrorBars, .yErrorLines: return "3 or 4 columns (x:y:ydelta or x:y:ylow:yhigh)"
    case .xErrorBars, .xErrorLines: return "3 or 4 columns (x:y:xdelta or x:y:xlow:xhigh)"
    case .xyErrorBars, .xyErrorLines:
      return "4 or 6 columns (x:y:xdelta:ydelta or x:y:xlow:xhigh:ylow:yhigh)"
    default: return "1 or 2 columns (y, or x:y)"
    }
  }

  /// The error-bar or box extents of records `x`, `y` from the `using` columns after x and
  /// y (`columns`, one array a column), as gnuplot reads them (`help yerrorbars`, ...):
  /// `boxes` x:y:width (the box from x - width/2 to x + width/2) or x:y:xlow:xhigh (gnuplot
  /// 5.4 reads four columns so, undocumented: its table writes them as the sides, and
  /// draws the box between them); `yerrorbars` x:y:ydelta
  /// (y ± ydelta) or x:y:ylow:yhigh; `xerrorbars` the same in x; `xyerrorbars`
  /// x:y:xdelta:ydelta or x:y:xlow:xhigh:ylow:yhigh; the `errorlines` styles as their
  /// `errorbars`. nil when there are no such columns.
  static func extents(
    _ marks: CurveMarks, columns: [[Double]], x: [Double], y: [Double]
  ) -> RecordExtents? {
    guard !columns.isEmpty else { return nil }
    func around(_ centre: [Double], _ delta: [Double], scale: Double = 1) -> ([Double], [Double]) {
      let n = min(centre.count, delta.count)
      return (
        (0..<n).map { centre[$0] - delta[$0] * scale },
        (0..<n).map { centre[$0] + delta[$0] * scale }
      )
    }
    switch (marks, columns.count) {
    case (.boxes, 1):
      let (lo, hi) = around(x, columns[0], scale: 0.5)
      return RecordExtents(xLow: lo, xHigh: hi)
    case (.boxes, 2):
      return RecordExtents(xLow: columns[0], xHigh: columns[1])
    case (.yErrorBars, 1), (.yErrorLines, 1):
      let (lo, hi) = around(y, columns[0])
      return RecordExtents(yLow: lo, yHigh: hi)
    case (.yErrorBars, 2), (.yErrorLines, 2):
      return RecordExtents(yLow: columns[0], yHigh: columns[1])
    case (.xErrorBars, 1), (.xErrorLines, 1):
      let (lo, hi) = around(x, columns[0])
      return RecordExtents(xLow: lo, xHigh: hi)
    case (.xErrorBars, 2), (.xErrorLines, 2):
      return RecordExtents(xLow: columns[0], xHigh: columns[1])
    case (.xyErrorBars, 2), (.xyErrorLines, 2):
      let (xl, xh) = around(x, columns[0])
      let (yl, yh) = around(y, columns[1])
      return RecordExtents(xLow: xl, xHigh: xh, yLow: yl, yHigh: yh)
    case (.filledCurves, 1):
      return RecordExtents(yHigh: columns[0])
    case (.boxXYError, 2):
      let (xl, xh) = around(x, columns[0])
      let (yl, yh) = around(y, columns[1])
      return RecordExtents(xLow: xl, xHigh: xh, yLow: yl, yHigh: yh)
    case (.boxXYError, 4):
      return RecordExtents(xLow: columns[0], xHigh: columns[1], yLow: columns[2], yHigh: columns[3])
    case (.boxErrorBars, 1):
      let (lo, hi) = around(y, columns[0])
      return RecordExtents(yLow: lo, yHigh: hi)
    case (.boxErrorBars, 2):
      let (lo, hi) = around(y, columns[0])
      let (xl, xh) = around(x, columns[1], scale: 0.5)
      return RecordExtents(xLow: xl, xHigh: xh, yLow: lo, yHigh: hi)
    case (.boxErrorBars, 3):
      let (xl, xh) = around(x, columns[2], scale: 0.5)
      return RecordExtents(xLow: xl, xHigh: xh, yLow: columns[0], yHigh: columns[1])
    case (.xyErrorBars, 4), (.xyErrorLines, 4):
      return RecordExtents(xLow: columns[0], xHigh: columns[1], yLow: columns[2], yHigh: columns[3])
    default: return nil
    }
  }
}

/// A tick label part of `using` (gnuplot's `xticlabels(N)`, `xtic(N)`, `yticlabels(N)`,
/// `ytic(N)`): N a column number, a name in quotes, or `strcol(N)` / `stringcolumn(N)`;
/// each point's text of that column labels a tick at its x (y).
struct TickLabelPart: Sendable, Hashable {
  /// The column whose text is the label.
  var column: ColumnRef
  /// Whether the tick is on the x axis (else y).
  var onX: Bool
  /// Whether the text is a key title instead (`key(N)`: a columnstacked histogram's names
  /// of its records).
  var toKey = false

  /// The functions' names, with the axis each labels.
  static let names: [(String, Bool)] = [
    ("xticlabels", true), ("xtic", true), ("yticlabels", false), ("ytic", false),
  ]

  /// gnuplot's names of the other axes' tick labels, named as not supported.
  static let otherAxes = ["x2ticlabels", "x2tic", "y2ticlabels", "y2tic", "zticlabels", "ztic"]

  /// The name before the `(` of `part`, when it calls one.
  static func called(_ part: Word) -> String? {
    let text = part.text
    guard let open = text.firstIndex(of: "("), text.last == ")" else { return nil }
    var name = Substring(text[..<open])
    while name.last == " " { name = name.dropLast() }
    while name.first == " " { name = name.dropFirst() }
    return String(name)
  }

  /// Whether `part` is a tick label part (or another axis's, which `read` refuses).
  static func isOne(_ part: Word) -> Bool {
    guard let name = called(part) else { return false }
    return names.contains { $0.0 == name } || otherAxes.contains(name) || name == "key"
  }

  /// The tick label part `part` is, or nil when it is none.
  ///
  /// - Throws: `CommandError` at a label that is not a column (`xtic(sprintf(...))`) or at
  ///   another axis's labels (`x2tic`: graphcalc has one x and one y axis).
  static func read(_ part: Word) throws(CommandError) -> TickLabelPart? {
    guard let name = called(part) else { return nil }
    if otherAxes.contains(name) {
      throw CommandError(
        .notSupported(what: "\(name)()", hint: "tick labels go on x or y: xtic(1) or ytic(1)"),
        at: part.span)
    }
    let toKey = name == "key"
    guard let onX = toKey ? false : names.first(where: { $0.0 == name })?.1 else { return nil }
    let chars = Array(part.text)
    guard let open = chars.firstIndex(of: "(") else { return nil }
    var a = open + 1
    while a < chars.count, chars[a] == " " { a += 1 }
    if let (ref, end) = UsingExpression.stringColumn(chars, at: a)
      ?? UsingExpression.columnArgument(chars, open: open),
      chars[end...].allSatisfy({ $0 == " " || $0 == ")" })
    {
      return TickLabelPart(column: ref, onX: onX, toKey: toKey)
    }
    throw CommandError(
      .needs(
        word: name, what: "a column: a number, a name in quotes or strcol(N), as in: xtic(1)"),
      at: part.span)
  }
}

/// Where a data item's reading is, as gnuplot counts records (`forEachUsingRecord`): blank
/// lines start a block, whose points `every` counts from 0; two or more start a data set
/// (`index` picks data sets), whose blocks `every` and whose points `$0` count from 0.
struct UsingCursor {
  /// The records `every` keeps.
  let every: EverySpec
  /// The data sets `index` keeps; nil for all.
  let index: IndexSpec?
  /// The points kept in this data set (`$0`).
  var kept = 0
  /// The records read in this block (`every`'s point count).
  var record = 0
  /// The block of the data set (`every`'s block count).
  var block = 0
  /// The data set (`index`) of the record.
  var dataSet = 0
  /// Whether a record came before.
  var seen = false
  /// Whether the pen lifts before the next point kept.
  var gap = false
  /// The records kept that were left out as missing (`set datafile missing`).
  var missing = 0

  /// Counts a record (after `blanks` blank lines); whether `every` and `index` keep it.
  mutating func advance(_ blanks: Int) -> Bool {
    defer {
      record += 1
      seen = true
    }
    if blanks > 0 && seen {
      gap = true
      record = 0
      block += 1
      if blanks >= 2 {
        kept = 0
        block = 0
        dataSet += 1
      }
    }
    return every.keeps(record, block: block) && (index?.keeps(dataSet) ?? true)
  }
}
