import DataFiles
import TextAndNumbers

// gnuplot's `timecolumn(N, "FMT")` in `using` expressions, and a time axis's x column read
// by `set timefmt` after `set xdata time` (tracker issue 16): the cell's text (and the cells
// after it when the format has blanks: gnuplot counts each blank-separated piece of a time
// as a column) read by `TimeFormat.parse`, a `TextTest` of the expression.

extension UsingExpression {
  /// `timecolumn(N)` or `timecolumn(N, "FMT")` whose `(` is `chars[open]`: the time test
  /// (`timeFormat` when no format is given, as gnuplot takes `set timefmt`) and the index
  /// after the `)`; nil when the arguments are not a column (a number or a name in quotes)
  /// and a format in quotes.
  static func timeColumn(_ chars: [Character], open: Int, timeFormat: String)
    -> (TextTest, Int)?
  {
    guard open < chars.count, chars[open] == "(" else { return nil }
    var depth = 0
    var comma: Int? = nil
    var close: Int? = nil
    var quote: Character? = nil
    for j in open..<chars.count {
      let c = chars[j]
      if let q = quote {
        if c == q { quote = nil }
        continue
      }
      if c == "\"" || c == "'" { quote = c }
      if c == "(" { depth += 1 }
      if c == ")" {
        depth -= 1
        if depth == 0 {
          close = j
          break
        }
      }
      if c == ",", depth == 1, comma == nil { comma = j }
    }
    guard let close else { return nil }
    let columnText = String(characters: chars[(open + 1)..<(comma ?? close)]).trimmedBlanks()
    let column: ColumnRef
    if let n = Int(columnText), n > 0 {
      column = .index(n)
    } else if columnText.count >= 2, let q = columnText.first, q == "\"" || q == "'",
      columnText.last == q
    {
      column = .name(String(columnText.dropFirst().dropLast()))
    } else {
      return nil
    }
    var format = timeFormat
    if let comma {
      let text = String(characters: chars[(comma + 1)..<close]).trimmedBlanks()
      guard text.count >= 2, let q = text.first, q == "\"" || q == "'", text.last == q else {
        return nil
      }
      format = StringExpression.unescaped(text)
    }
    return (timeTest(column, format: format), close + 1)
  }

  /// The test that reads a time by `format` from `column` (and the cells after it that the
  /// format's blanks span).
  static func timeTest(_ column: ColumnRef, format: String) -> TextTest {
    var test = TextTest(column: column, literal: "", equal: true, timeFormat: format)
    test.cells = blankRuns(format) + 1
    return test
  }

  /// The expression that is column `column` read as a time by `format` (a time axis's x
  /// column after `set xdata time`).
  static func timeColumnExpression(_ column: ColumnRef, format: String) -> UsingExpression {
    let name = textName(0)
    return UsingExpression(
      text: name, origin: Array(repeating: 0, count: name.count + 1), columns: [],
      textTests: [timeTest(column, format: format)])
  }

  /// How many runs of blanks lie between non-blank characters of `format`.
  static func blankRuns(_ format: String) -> Int {
    var runs = 0
    var inRun = false
    var seen = false
    for c in format {
      if c == " " || c == "\t" {
        if seen && !inRun {
          inRun = true
        }
      } else {
        if inRun { runs += 1 }
        inRun = false
        seen = true
      }
    }
    return runs
  }
}

extension String {
  /// The text without blanks at its ends.
  fileprivate func trimmedBlanks() -> String {
    var chars = Array(self)
    while let f = chars.first, f == " " || f == "\t" { chars.removeFirst() }
    while let l = chars.last, l == " " || l == "\t" { chars.removeLast() }
    return String(characters: chars[...])
  }
}
