/// A grid of terminal cells with an optional colour per cell, rendered to lines of text.
struct TermGrid {
  let columns: Int
  let rows: Int
  /// Per cell: its character; `TermGrid.continuation` for the second cell of a wide one.
  var chars: [Character]
  /// Per cell: an SGR parameter string ("" for the default colour).
  var colors: [String]

  /// Marks the second cell of a two-cell character (never printed).
  static let continuation: Character = "\u{0}"

  init(columns: Int, rows: Int) {
    self.columns = max(columns, 0)
    self.rows = max(rows, 0)
    chars = Array(repeating: " ", count: self.columns * self.rows)
    colors = Array(repeating: "", count: self.columns * self.rows)
  }

  func contains(row: Int, column: Int) -> Bool {
    row >= 0 && row < rows && column >= 0 && column < columns
  }

  /// Puts a one-cell character; a wide character it cuts in half is blanked.
  mutating func put(_ c: Character, row: Int, column: Int, color: String = "") {
    guard contains(row: row, column: column) else { return }
    let i = row * columns + column
    if chars[i] == Self.continuation, column > 0 { chars[i - 1] = " " }
    if column + 1 < columns, chars[i + 1] == Self.continuation { chars[i + 1] = " " }
    chars[i] = c
    colors[i] = color
  }

  /// Writes `cells` from `column` on; a wide character that would not fit at the right
  /// edge is left out.
  mutating func write(_ cells: [TerminalText.Cell], row: Int, column: Int, color: String = "") {
    var c = column
    for cell in cells {
      if cell.width == 2 {
        guard c + 1 < columns else { break }
        put(cell.character, row: row, column: c, color: color)
        put(" ", row: row, column: c + 1, color: color)
        if contains(row: row, column: c + 1), c >= 0 {
          chars[row * columns + c + 1] = Self.continuation
        }
      } else {
        put(cell.character, row: row, column: c, color: color)
      }
      c += cell.width
    }
  }

  /// The grid as `rows` lines joined by "\n" (no final newline), trailing blank cells
  /// removed; with `color`, SGR sequences (`ESC [ … m`) where the colour changes and a reset
  /// at the end of each coloured line.
  func render(color: Bool) -> String {
    var lines: [String] = []
    for r in 0..<rows {
      var end = columns
      while end > 0 {
        let i = r * columns + end - 1
        if chars[i] == " " && (colors[i].isEmpty || !color) { end -= 1 } else { break }
      }
      var line = ""
      var current = ""
      for c in 0..<end {
        let i = r * columns + c
        if color && colors[i] != current {
          if !current.isEmpty { line += "\u{1B}[0m" }
          if !colors[i].isEmpty { line += "\u{1B}[\(colors[i])m" }
          current = colors[i]
        }
        if chars[i] != Self.continuation { line.append(chars[i]) }
      }
      if color && !current.isEmpty { line += "\u{1B}[0m" }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }
}
