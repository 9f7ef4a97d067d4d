import GraphView

/// The terminal bar chart's output: a grid of character cells that implements
/// `PlotRenderer`, one pixel a cell (x counts columns, y rows; a bar's ends are in eighths
/// of a row).
///
/// Its look: bars (`fillBar`, `.bar(series)`) of full cells with the end cell in eighths
/// (`TerminalBarStyle`), grid lines `─` (`-`), the dashed midline `╌` (`- -`), the zero
/// line `━` (`=`), text written cell by cell (`TerminalText.cells`: made safe; ASCII
/// charts show 7-bit text). In colour, bars and legend swatches take their series' SGR
/// colour (`BarChartRenderer.terminalPalette`), grid and midline are dimmed, the title bold,
/// and value labels of a chart of several series their series' colour.
struct BarCellRenderer: PlotRenderer {
  /// The cells drawn so far.
  var grid: TermGrid
  /// 7-bit ASCII output (`TerminalBarStyle.ascii`).
  let ascii: Bool
  /// Whether to colour with SGR sequences.
  let color: Bool

  /// An empty grid of `columns` x `rows` cells.
  init(columns: Int, rows: Int, ascii: Bool, color: Bool) {
    grid = TermGrid(columns: columns, rows: rows)
    self.ascii = ascii
    self.color = color
  }

  // MARK: PlotRenderer

  /// The grid's size: one pixel a cell.
  var size: PixelSize { PixelSize(width: grid.columns, height: grid.rows) }

  /// Fills paint cells; colour in colour terminals.
  var capabilities: RendererCapabilities { color ? [.fill, .color] : [.fill] }

  /// 0: cells are coarse enough.
  var padding: Double { 0 }

  /// 0: no tick marks.
  var tickLength: Double { 0 }

  /// Draws the horizontal segments of the polyline as `drawHorizontalLine` does and its
  /// vertical ones as `│` (`|`); a cell grid has no glyphs for slanted segments, which are
  /// left out.
  mutating func drawPolyline(_ points: [PixelPoint], style: DrawStyle) {
    for (a, b) in zip(points, points.dropFirst()) {
      if a.y == b.y {
        drawHorizontalLine(atY: a.y, from: min(a.x, b.x), to: max(a.x, b.x), style: style)
      } else if a.x == b.x, a.x.isFinite, a.y.isFinite, b.y.isFinite {
        let column = Int(a.x.rounded(.down))
        for row in Int(min(a.y, b.y).rounded(.down))..<Int(max(a.y, b.y).rounded(.up)) {
          grid.put(ascii ? "|" : "│", row: row, column: column, color: strokeColor(style))
        }
      }
    }
  }

  /// Fills the cells of row `y` from column `x0` up to (not including) `x1`: `─` for
  /// `.grid`, `╌` for `.midline` (ASCII: `-` on every other cell from `x0`), `━` for `.axis`
  /// and other styles (ASCII `-` and `=`).
  mutating func drawHorizontalLine(
    atY y: Double, from x0: Double, to x1: Double, style: DrawStyle
  ) {
    guard y.isFinite, x0.isFinite, x1.isFinite, x0 < x1 else { return }
    let row = Int(y.rounded(.down))
    let first = Int(x0.rounded(.down))
    let last = Int(min(x1, Double(grid.columns)).rounded(.up))
    guard first < last else { return }
    for c in first..<last {
      let ch: Character
      switch style {
      case .grid: ch = ascii ? "-" : "─"
      case .midline: ch = ascii ? ((c - first) % 2 == 0 ? "-" : " ") : "╌"
      default: ch = ascii ? "=" : "━"
      }
      grid.put(ch, row: row, column: c, color: strokeColor(style))
    }
  }

  /// Fills the cells `rect` covers: with the series' full cell for `.bar(series)` (a
  /// legend swatch), blanks for other styles.
  mutating func fillRect(_ rect: PixelRect, style: DrawStyle) {
    guard let (c0, c1) = Self.cells(rect.minX, rect.maxX),
      let (r0, r1) = Self.cells(rect.minY, rect.maxY)
    else { return }
    let (ch, sgr): (Character, String)
    if case .bar(let s) = style {
      ch = fill(series: s).full
      sgr = seriesColor(s)
    } else {
      (ch, sgr) = (" ", "")
    }
    for r in r0..<r1 {
      for c in c0..<c1 { grid.put(ch, row: r, column: c, color: sgr) }
    }
  }

  /// Paints the bar's cells (`cells(of:series:)`): full cells from the zero line out, then
  /// the end cell; the bar's corners are square whatever its radius.
  mutating func fillBar(_ bar: PixelBar, style: DrawStyle) {
    guard case .bar(let s) = style, let cells = cells(of: bar, series: s) else { return }
    for (i, row) in cells.rows.enumerated() {
      let ch = i < cells.fullRows ? cells.full : (cells.end ?? cells.full)
      for x in cells.columns where grid.contains(row: row, column: x) {
        grid.put(ch, row: row, column: x, color: seriesColor(s))
      }
    }
  }

  /// Writes `text` (`TerminalText.cells`) from the cell of its anchor's top left corner
  /// (rounded down); what falls outside the grid is cut.
  mutating func drawText(
    _ text: String, at point: PixelPoint, anchor: TextAnchor, style: DrawStyle
  ) {
    let cells = TerminalText.cells(text, ascii: ascii)
    guard !cells.isEmpty, point.x.isFinite, point.y.isFinite else { return }
    let tl = anchor.topLeft(
      of: point, width: Double(TerminalText.width(cells)), height: 1)
    guard abs(tl.x) < 1e6, abs(tl.y) < 1e6 else { return }
    grid.write(
      cells, row: Int(tl.y.rounded(.down)), column: Int(tl.x.rounded(.down)),
      color: textColor(style))
  }

  /// `text`'s width in cells by one row.
  func textSize(_ text: String) -> (width: Double, height: Double) {
    (Double(TerminalText.width(TerminalText.cells(text, ascii: ascii))), 1)
  }

  // MARK: Bars

  /// The cells of one bar: its columns, its rows from the zero line out, how many of them
  /// are full and the end cell's character.
  struct BarCells {
    var columns: Range<Int>
    var rows: [Int]
    var fullRows: Int
    var full: Character
    var end: Character?
  }

  /// The cells `bar` of series `series` takes: its length rounded to eighths of a row,
  /// whole rows of the series' full cell, then an end cell (`endCell`); nil for a bar of
  /// non-finite coordinates.
  func cells(of bar: PixelBar, series: Int) -> BarCells? {
    let length = abs(bar.end - bar.base)
    guard bar.x.isFinite, bar.width.isFinite, bar.base.isFinite, length.isFinite, length < 1e6
    else { return nil }
    let eighths = Int((length * 8).rounded())
    let up = bar.end <= bar.base
    let (full, showsEighths) = fill(series: series)
    let end = endCell(rest: eighths % 8, positive: up, full: full, eighths: showsEighths)
    let count = eighths / 8 + (end == nil ? 0 : 1)
    let base = Int(bar.base.rounded(.down))
    let x0 = Int(bar.x.rounded(.down))
    let rows = (0..<count).map { up ? base - 1 - $0 : base + $0 }
    return BarCells(
      columns: x0..<(x0 + Int(bar.width.rounded())), rows: rows, fullRows: eighths / 8,
      full: full, end: end)
  }

  static let shades: [Character] = ["▓", "▒", "░"]
  static let asciiFills: [Character] = ["#", "=", "%", "@", "o", "x", "&", "+"]

  /// How series `series` is filled: its full cell and whether its end cell shows eighths
  /// (in black and white, series after the first are shaded and rounded to whole cells).
  func fill(series: Int) -> (full: Character, eighths: Bool) {
    if ascii { return (Self.asciiFills[series % Self.asciiFills.count], true) }
    if color || series == 0 { return ("█", true) }
    return (Self.shades[(series - 1) % Self.shades.count], false)
  }

  /// The end cell of a bar whose length leaves `rest` eighths (1...7) of a cell, or nil.
  func endCell(rest: Int, positive: Bool, full: Character, eighths: Bool) -> Character? {
    guard rest > 0 else { return nil }
    if !eighths { return rest >= 4 ? full : nil }
    if ascii {
      if rest == 7 { return full }
      if positive { return rest <= 3 ? "." : "_" }
      return rest <= 3 ? "'" : "\""
    }
    if positive { return Character(Unicode.Scalar(0x2580 + UInt32(rest)) ?? "█") }
    return rest <= 2 ? "▔" : rest <= 5 ? "▀" : full
  }

  // MARK: Colours and output

  /// Series `s`'s SGR colour, or "" without colour.
  func seriesColor(_ s: Int) -> String {
    color ? BarChartRenderer.terminalPalette[s % BarChartRenderer.terminalPalette.count] : ""
  }

  func strokeColor(_ style: DrawStyle) -> String {
    switch style {
    case .grid, .midline: return color ? "90" : ""
    default: return ""
    }
  }

  func textColor(_ style: DrawStyle) -> String {
    switch style {
    case .title: return color ? "1" : ""
    case .barValue(.some(let s)): return seriesColor(s)
    default: return ""
    }
  }

  /// The half-open range of whole cells from `lo` to `hi` (pixels), or nil when empty or
  /// not finite.
  static func cells(_ lo: Double, _ hi: Double) -> (Int, Int)? {
    guard lo.isFinite, hi.isFinite, hi > lo, abs(lo) < 1e6, abs(hi) < 1e6 else { return nil }
    return (Int(lo.rounded(.down)), Int(hi.rounded(.up)))
  }

  /// The grid as text (`TermGrid.render`).
  func render() -> String { grid.render(color: color) }
}
