import CalculatorBrain
import CompiledFunctions
import TextAndNumbers

// Tables of values (issue 15): `table EXPR[, EXPR ...] [A:B] [step H]` prints the values of
// one or more expressions at evenly spaced x, aligned in columns, and `export values FILE`
// writes the last table as CSV or TSV (DECISIONS.md: `export table` keeps its one meaning).

extension CommandEntry {
  /// `table EXPR[, EXPR ...] [A:B] [step H]`.
  static let table = CommandEntry(
    name: "table", usage: ["table EXPR[, EXPR ...] [A:B] [step H]"],
    summary: "a table of values at evenly spaced x",
    details: """
      Prints the values of each EXPR (functions of x, comma-separated) at x = A, A + H,
      A + 2H, ... up to B, one row a line, aligned in columns under a header of the
      expressions. [A:B] defaults to the view's x range, and H to a tenth of the range
      (eleven rows). Where an expression has no value the cell says undefined. At most
      10000 rows. ans becomes the first expression's last value. export values FILE
      writes the table as CSV (FILE ending .csv) or TSV (.tsv or .txt).
        table x^2, 2^x [0:4] step 1   five rows: 0 0 1 / 1 1 2 / ... / 4 16 16
        table sin(x) [0:pi] step pi/6
      """, keywords: ["step"]
  ) { arguments throws(CommandError) in
    try ValueTableCommand(arguments)
  }
}

/// A table of values: the x of each row and, for each expression, its value there (NaN
/// where it has none).
struct ValueTable: Sendable, Hashable {
  /// The column headers: `x`, then each expression as typed.
  var headers: [String]
  /// The x of each row.
  var x: [Double]
  /// The values, one array per expression, each as long as `x`.
  var columns: [[Double]]

  /// The most rows a table has.
  static let rowLimit = 10_000

  /// The x values `a, a + h, ..., ≤ b`, each `a + i*h` so that no error accumulates; the
  /// last is b itself when the grid reaches b within a billionth of a step (0.1 steps from
  /// 0 to 1 end at 1, not at 0.9999999999999999).
  ///
  /// - Returns: The values, or nil when there would be more than `rowLimit`.
  static func grid(from a: Double, to b: Double, step h: Double) -> [Double]? {
    let steps = ((b - a) / h + 1e-9).rounded(.down)
    guard steps < Double(rowLimit) else { return nil }
    let n = Int(steps)
    var values = (0...n).map { a + Double($0) * h }
    if abs(a + Double(n) * h - b) <= abs(h) * 1e-9 { values[n] = b }
    return values
  }

  /// The table as aligned text: the header, then a row a line; numbers with 15 significant
  /// digits, right-aligned, columns two blanks apart.
  var text: String {
    let cells: [[String]] =
      [headers]
      + x.indices.map { row in
        [CalculatorBrain.format(x[row])]
          + columns.map { $0[row].isNaN ? "undefined" : CalculatorBrain.format($0[row]) }
      }
    let widths = headers.indices.map { column in
      cells.map { $0[column].count }.max() ?? 0
    }
    return cells.map { row in
      row.indices.map { column in
        String(repeating: " ", count: widths[column] - row[column].count) + row[column]
      }.joined(separator: "  ")
    }.joined(separator: "\n")
  }

  /// The table as delimited text (RFC 4180 quoting for CSV; in TSV, tabs and line breaks
  /// in a header become blanks): the header, then a row a line,
  /// numbers that read back as the same doubles (`exact`), and an empty cell where an
  /// expression has no value.
  ///
  /// - Parameter separator: `,` for CSV, a tab for TSV.
  func delimited(separator: Character) -> String {
    func field(_ text: String) -> String {
      let breaks: Set<Character> = ["\t", "\n", "\r"]
      if separator == "\t" { return text.map { breaks.contains($0) ? " " : String($0) }.joined() }
      guard text.contains(where: { $0 == separator || $0 == "\"" || breaks.contains($0) }) else {
        return text
      }
      return "\"" + text.replacing("\"", with: "\"\"") + "\""
    }
    var lines = [headers.map(field).joined(separator: String(separator))]
    for row in x.indices {
      let values = [x[row]] + columns.map { $0[row] }
      lines.append(
        values.map { $0.isNaN ? "" : Self.exact($0) }
          .joined(separator: String(separator)))
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

extension ValueTable {
  /// `value` with the fewest significant digits, from 15 to 17, that read back as `value`
  /// (17 always do: IEEE 754-2008, 5.12.2).
  static func exact(_ value: Double) -> String {
    for precision in 15...16 {
      let short = NumberFormat.printf(value, precision: precision)
      if Double(short) == value { return short }
    }
    return NumberFormat.printf(value, precision: 17)
  }
}

/// `table EXPR[, EXPR ...] [A:B] [step H]`.
struct ValueTableCommand: SessionCommand {
  /// The expressions, as typed.
  var expressions: [Word]
  /// The range, if given.
  var range: RangeBounds?
  /// The step, if given.
  var step: Word?

  /// Reads the expressions, the range and the step.
  ///
  /// - Throws: `CommandError` for no expression, an empty item, `step` without its value,
  ///   or a bad range.
  init(_ arguments: CommandArguments) throws(CommandError) {
    var rest = arguments
    let words = arguments.words
    if let i = words.lastIndex(where: { $0.text.lowercased() == "step" }) {
      guard i == words.count - 2, i > 0 else {
        throw CommandError(.analysis(.tableUsage), at: words[i].span)
      }
      step = words[i + 1].word
      let cut =
        arguments.tokens.firstIndex { $0.offset >= words[i].span.lowerBound }
        ?? arguments.range.upperBound
      rest = CommandArguments(
        line: arguments.line, range: arguments.range.lowerBound..<cut, start: arguments.start)
    }
    let (before, range) = try AnalysisArguments.read(rest, command: "table")
    self.range = range
    expressions = try before.items.map { item throws(CommandError) in
      guard !item.isEmpty else {
        throw CommandError(.analysis(.tableUsage), at: item.text.span)
      }
      return item.text
    }
  }

  func run(in session: inout Session) throws(CommandError) -> Reply {
    let r = try session.analysisRange(range)
    let (a, b) = (r.lowerBound, r.upperBound)
    var h = (b - a) / 10  // the range's bounds differ (analysisRange)
    if let step {
      h = try session.finiteNumbers([step], command: "table")[0]
      guard h > 0 else { throw CommandError(.analysis(.tableStep(h)), at: step.span) }
    }
    guard let x = ValueTable.grid(from: a, to: b, step: h) else {
      throw CommandError(
        .analysis(.tableTooLong(rows: (b - a) / h + 1, limit: ValueTable.rowLimit)),
        at: step?.span ?? range?.whole.span)
    }
    var columns: [[Double]] = []
    for expression in expressions {
      let (f, _, _) = try session.analysisFunction(expression)
      columns.append(
        x.map { value in
          f.value(at: value)
        })
    }
    let table = ValueTable(headers: ["x"] + expressions.map(\.text), x: x, columns: columns)
    session.values = table
    if let last = columns.first?.last, !last.isNaN { session.brain.variables["ans"] = last }
    return .text(table.text)
  }
}

/// `export values FILE`: the last table as CSV or TSV.
enum ValuesExport {
  /// Writes the session's last table to `path`, whole or not at all.
  ///
  /// - Throws: `CommandError` when there is no table yet, the file's name ends in neither
  ///   `.csv`, `.tsv` nor `.txt`, or the file cannot be written.
  static func write(_ session: Session, to path: Argument) throws(CommandError) -> Reply {
    guard let table = session.values else {
      throw CommandError(.analysis(.noValuesTable))
    }
    let lower = path.text.lowercased()
    let separator: Character
    if lower.hasSuffix(".csv") {
      separator = ","
    } else if lower.hasSuffix(".tsv") || lower.hasSuffix(".txt") {
      separator = "\t"
    } else {
      throw CommandError(.analysis(.valuesFileType(path: path.text)), at: path.span)
    }
    try AtomicFile.write(table.delimited(separator: separator), to: path.text)
    return .text("wrote \(TerminalText.safe(path.text)) (\(table.x.count) rows)")
  }
}
