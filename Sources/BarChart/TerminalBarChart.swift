import GraphView

/// How a terminal bar chart draws its bars.
public enum TerminalBarStyle: Sendable, Hashable {
  /// Unicode block elements: bars of `█` with eighth blocks `▁▂▃▄▅▆▇` (U+2581...U+2587)
  /// for the top of a positive bar, `▔` (U+2594, an upper eighth) and `▀` (U+2580, an upper
  /// half) for the end of a negative one; grid lines `─`, the dashed middle line `╌`, the
  /// zero line `━`; `…` for shortened labels; `◀`/`▶` for hidden bars.
  case blocks
  /// 7-bit ASCII: bars of `#` (further series `=`, `%`, `@`, `o`, `x`, `&`, `+`) with `.`
  /// (1-3 eighths of a cell) or `_` (4-6 eighths) on top of a positive bar and `'` or `"`
  /// at the end of a negative one; grid lines `-`, the dashed middle line `- -`, the zero
  /// line `=`; `...` for shortened labels; `<`/`>` for hidden bars.
  case ascii
}

/// Draws bar charts: in a terminal (`terminal`) and as SVG documents (`svg`).
///
/// The look follows BasicBarChart (nhatminh12369/BarChart, an iOS chart): bars with their
/// value above and their title below, light horizontal grid lines with a dashed line at
/// the middle of the value range; further, a zero line with negative bars below it (their
/// values below them), groups of bars side by side for several series with a legend, and
/// y tick labels at the grid lines.
public enum BarChartRenderer {
  /// The smallest terminal a chart is drawn in, in cells across.
  public static let minimumColumns = 20
  /// The smallest terminal a chart is drawn in, in cells down.
  public static let minimumRows = 6
  /// The most cells along either side (larger terminals are cut to it).
  static let maximumCells = 2000

  /// The SGR colour parameters of series 0, 1, ... in colour terminals (cycling): blue,
  /// red, green, yellow, magenta, cyan and bright blue and red, near SVG's palette order.
  static let terminalPalette = ["34", "31", "32", "33", "35", "36", "94", "91"]

  /// A bar chart for a terminal of `columns` x `rows` character cells, as lines of text.
  ///
  /// Layout, top to bottom: the title (centred), the legend (when there are several
  /// series: each series' fill and name), the bars with their values above them (below
  /// them for negative bars; `–` for a missing value), horizontal grid lines at the value
  /// axis' nice ticks (labelled on the left) with a dashed line at the middle of the range
  /// and a heavier zero line, the group labels (shortened with an ellipsis to their slot,
  /// never overlapping), and, when the bars do not all fit, a line `◀ 3 more` ... `5 more ▶`
  /// (ASCII `<` `>`) saying how many are hidden on each side.
  ///
  /// Rows: the value axis is chosen (see `BarLayout.valueAxis`) so that every tick falls on
  /// a cell boundary (a whole number of rows per step, preferably 3 or more) and the bars
  /// get the most rows per unit; positive bars rise from the zero line, negative bars hang
  /// from it, and a grid line is drawn in the row just beyond its tick (above positive
  /// ticks, below negative ones), so a bar reaching a tick ends right at its line. Bar
  /// lengths are rounded to eighths of a cell; with `.blocks` the end cell shows them
  /// (eighth blocks up; for negative bars `▔` for 1-2 eighths, `▀` for 3-5, a full cell for
  /// 6-7); in black and white, series after the first are shaded `▓`, `▒`, `░` and their end
  /// cells rounded to whole cells. Columns: see `BarLayout.terminalSlots`.
  ///
  /// Text from the data (labels, names, title) is made safe for a terminal: escape
  /// sequences and control characters are removed (ASCII: non-ASCII becomes `?`).
  ///
  /// - Parameters:
  ///   - data: The chart.
  ///   - columns: Character cells across (at most `maximumCells`).
  ///   - rows: Character cells down (at most `maximumCells`).
  ///   - style: Blocks or ASCII.
  ///   - firstBar: The first group of bars to show (0-based) when they do not all fit: the
  ///     scroll offset, clamped to the groups (see `terminalVisibleBars`).
  ///   - color: Whether to colour the series (and dim the grid) with ANSI SGR sequences;
  ///     with several series, each value label takes its series' colour.
  /// - Returns: `rows` lines joined by "\n" (trailing blanks removed, no final newline); or,
  ///   on a terminal smaller than `minimumColumns` x `minimumRows` or too small for the
  ///   data (more rows for title, legend, ticks and labels, or wider groups than it has),
  ///   or for data without bars, a one-line message saying so (within `columns` when
  ///   `columns` is at least the minimum).
  public static func terminal(
    _ data: BarChartData, columns: Int, rows: Int, style: TerminalBarStyle, firstBar: Int,
    color: Bool = false
  ) -> String {
    switch TerminalPlan.make(data, columns: columns, rows: rows, style: style, firstBar: firstBar) {
    case .failure(let message): return message.text
    case .success(let plan): return plan.draw(data, color: color)
    }
  }

  /// The groups of bars (0-based) that `terminal` shows for these arguments: the app keeps
  /// `lowerBound` as its scroll offset after a pan, so panning past either end stops there.
  ///
  /// - Returns: The visible groups; empty when the chart cannot be drawn (the terminal is
  ///   too small or there are no bars).
  public static func terminalVisibleBars(
    _ data: BarChartData, columns: Int, rows: Int, style: TerminalBarStyle, firstBar: Int
  ) -> Range<Int> {
    switch TerminalPlan.make(data, columns: columns, rows: rows, style: style, firstBar: firstBar) {
    case .failure: return 0..<0
    case .success(let plan): return plan.slots.visible
    }
  }
}

/// Why a terminal chart is not drawn: a one-line message.
struct TerminalMessage: Error {
  var text: String
}

/// Where everything of a terminal chart goes (rows and columns are 0-based cells).
struct TerminalPlan {
  var columns: Int
  var rows: Int
  var ascii: Bool
  var titleRow: Int?
  var legendRow: Int?
  var axis: BarLayout.ValueAxis
  /// Rows per step of the value axis.
  var rowsPerStep: Int
  var positiveSteps: Int
  var negativeSteps: Int
  var zeroRow: Int
  /// The first row the plot may use (below title and legend).
  var plotTop: Int
  /// The last row of the plot (above the labels).
  var plotBottom: Int
  /// The first row of group labels.
  var labelRow: Int
  /// 1, or 2 when long labels are staggered over two rows.
  var labelRows: Int
  var scrollRow: Int?
  /// The plot's left column (after the tick labels).
  var left: Int
  var slots: BarLayout.Slots

  /// The message for a terminal too small for the chart: below the minimum, the whole
  /// message; otherwise (the data needs more room) cut to the terminal's width.
  static func tooSmall(_ columns: Int, _ rows: Int) -> TerminalMessage {
    let minimum = "\(BarChartRenderer.minimumColumns)x\(BarChartRenderer.minimumRows)"
    if columns < BarChartRenderer.minimumColumns || rows < BarChartRenderer.minimumRows {
      return TerminalMessage(
        text: "bar chart: the terminal is too small (\(columns)x\(rows) cells; it needs at least "
          + "\(minimum))")
    }
    let text = "too small for this chart (\(columns)x\(rows) cells)"
    let cells = TerminalText.fit(
      TerminalText.cells(text, ascii: true), maxWidth: columns, ascii: true)
    return TerminalMessage(text: String(cells.map(\.character)))
  }

  static func make(
    _ data: BarChartData, columns rawColumns: Int, rows rawRows: Int, style: TerminalBarStyle,
    firstBar: Int, labelRows requestedLabelRows: Int = 1
  ) -> Result<TerminalPlan, TerminalMessage> {
    let columns = min(rawColumns, BarChartRenderer.maximumCells)
    let rows = min(rawRows, BarChartRenderer.maximumCells)
    guard columns >= BarChartRenderer.minimumColumns, rows >= BarChartRenderer.minimumRows else {
      return .failure(tooSmall(rawColumns, rawRows))
    }
    let groups = data.groupCount
    guard groups > 0 else { return .failure(TerminalMessage(text: "bar chart: no bars to draw")) }
    let ascii = style == .ascii
    let seriesCount = max(data.series.count, 1)
    // The widest label: the texts given, and the numbers of the bars numbered after them
    // (the widest is the last one's). Printable ASCII is one cell a character without the
    // escape-removing cell split (1e6 labels took seconds that way at every redraw).
    var labelWidth = data.labels.count < groups ? String(groups).count : 1
    for label in data.labels.prefix(groups) {
      let plain = label.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
      labelWidth = max(
        labelWidth,
        plain ? label.utf8.count : TerminalText.width(TerminalText.cells(label, ascii: ascii)))
    }
    let extent = BarLayout.extent(data) ?? (0, 0)
    let hasTitle = !TerminalText.cells(data.title ?? "", ascii: ascii).isEmpty
    let hasLegend = data.series.count > 1
    var choices = [(hasTitle, hasLegend)]
    if hasTitle { choices.append((false, hasLegend)) }
    if hasLegend { choices.append((false, false)) }
    let labelRows = requestedLabelRows
    for (useTitle, useLegend) in choices {
      for scroll in [false, true] {
        let top = (useTitle ? 1 : 0) + (useLegend ? 1 : 0)
        let plotRows = rows - top - labelRows - (scroll ? 1 : 0)
        guard let fit = fitAxis(extent, plotRows: plotRows) else { break }
        let left = (fit.axis.ticks.map { $0.label.count }.max() ?? 1) + 1
        guard
          let slots = BarLayout.terminalSlots(
            groupCount: groups, seriesCount: seriesCount, width: columns - left,
            labelWidth: labelWidth, firstGroup: firstBar)
        else { return .failure(tooSmall(rawColumns, rawRows)) }
        if slots.scrolls && !scroll { continue }
        // Labels cut short in one row get two staggered rows when the plot can spare one.
        if labelRows == 1 && labelWidth > Int(slots.slotWidth) - 1 && slots.slotWidth >= 3,
          fitAxis(extent, plotRows: plotRows - 1) != nil
        {
          return make(
            data, columns: rawColumns, rows: rawRows, style: style, firstBar: firstBar,
            labelRows: 2)
        }
        let labelRow = rows - labelRows - (scroll ? 1 : 0)
        let plotBottom = labelRow - 1
        let zeroRow = plotBottom - (fit.negative > 0 ? 1 : 0) - fit.negative * fit.rowsPerStep
        return .success(
          TerminalPlan(
            columns: columns, rows: rows, ascii: ascii, titleRow: useTitle ? 0 : nil,
            legendRow: useLegend ? (useTitle ? 1 : 0) : nil, axis: fit.axis,
            rowsPerStep: fit.rowsPerStep, positiveSteps: fit.positive,
            negativeSteps: fit.negative, zeroRow: zeroRow, plotTop: top, plotBottom: plotBottom,
            labelRow: labelRow, labelRows: labelRows,
            scrollRow: scroll && slots.scrolls ? rows - 1 : nil, left: left,
            slots: slots))
      }
    }
    return .failure(tooSmall(rawColumns, rawRows))
  }

  /// The value axis for `plotRows` rows: among the axes for 2 to `plotRows / 2` ticks,
  /// those whose steps each get a whole number of rows (3 or more if any can, else 2, else
  /// 1), and of them the one with the most rows per plot unit (then the most ticks).
  static func fitAxis(_ extent: (min: Double, max: Double), plotRows: Int) -> (
    axis: BarLayout.ValueAxis, rowsPerStep: Int, positive: Int, negative: Int
  )? {
    guard plotRows >= 2 else { return nil }
    var best: (axis: BarLayout.ValueAxis, rowsPerStep: Int, positive: Int, negative: Int)?
    var bestKey = (tier: -1, scale: 0.0, steps: 0)
    for count in 2...max(2, plotRows / 2) {
      let axis = BarLayout.valueAxis(
        minimum: extent.min, maximum: extent.max, approximateTicks: count)
      let up = axis.upper / axis.step
      let down = -axis.lower / axis.step
      guard up.isFinite, down.isFinite, up >= 0, down >= 0, up + down <= 1000 else { continue }
      let positive = Int(up.rounded())
      let negative = Int(down.rounded())
      let steps = positive + negative
      guard steps >= 1 else { continue }
      let extras = 1 + (positive > 0 ? 1 : 0) + (negative > 0 ? 1 : 0)
      let k = (plotRows - extras) / steps
      guard k >= 1 else { continue }
      let tier = k >= 3 ? 2 : k >= 2 ? 1 : 0
      let scale = Double(k) / axis.step
      let better =
        tier != bestKey.tier
        ? tier > bestKey.tier
        : scale != bestKey.scale ? scale > bestKey.scale : steps > bestKey.steps
      if best == nil || better {
        best = (axis, k, positive, negative)
        bestKey = (tier, scale, steps)
      }
    }
    return best
  }

  // MARK: Drawing

  /// The grid row of tick value `t` (plot units), or nil outside the plot.
  func gridRow(_ t: Double) -> Int? {
    let steps = t / axis.step * Double(rowsPerStep)
    guard steps.isFinite, abs(steps) < 1e6 else { return nil }
    let j = Int(abs(steps).rounded())
    if j == 0 { return zeroRow }
    let row = t > 0 ? zeroRow - j - 1 : zeroRow + j + 1
    return row >= plotTop && row <= plotBottom ? row : nil
  }

  /// Draws the chart through a `BarCellRenderer` and renders it.
  func draw(_ data: BarChartData, color: Bool) -> String {
    var out = BarCellRenderer(columns: columns, rows: rows, ascii: ascii, color: color)
    var barCell = Array(repeating: false, count: columns * rows)
    var labelCell = Array(repeating: false, count: columns * rows)
    let slot = Int(slots.slotWidth)
    let barWidth = Int(slots.barWidth)
    let right = min(left + slots.visibleCount * slot, columns)
    let (x0Line, x1Line) = (Double(left), Double(max(right, left)))

    // Grid lines, the dashed middle line, the zero line, and the tick labels.
    for tick in axis.ticks where tick.value != 0 {
      guard let row = gridRow(tick.value) else { continue }
      out.drawHorizontalLine(atY: Double(row), from: x0Line, to: x1Line, style: .grid)
    }
    let middle = axis.middle
    if abs(middle) > axis.step * 1e-9, let row = gridRow(middle), row != zeroRow {
      out.drawHorizontalLine(atY: Double(row), from: x0Line, to: x1Line, style: .midline)
    }
    out.drawHorizontalLine(atY: Double(zeroRow), from: x0Line, to: x1Line, style: .axis)
    for tick in axis.ticks {
      guard let row = gridRow(tick.value) else { continue }
      out.drawText(
        tick.label, at: PixelPoint(x: Double(left - 1), y: Double(row)),
        anchor: TextAnchor(.right, .top), style: .label)
    }

    // Bars.
    let step = axis.step
    let k = Double(rowsPerStep)
    struct Pending {
      /// The columns to try, best first.
      var xs: [Int]
      /// The bar's left column.
      var barX: Int
      var row: Int
      var direction: Int
      var text: [TerminalText.Cell]
      /// The label's series in a chart of several series, else nil.
      var series: Int?
    }
    var pending: [Pending] = []
    let seriesCount = slots.seriesCount
    for g in slots.visible {
      for s in 0..<seriesCount {
        let v = data.value(series: s, group: g)
        let x0 = left + Int(slots.barLeft(group: g, series: s, wholeUnits: true))
        let c = v.isFinite ? BarLayout.clampValue(v) : .nan
        var eighths = 0
        if c.isFinite && c != 0 {
          let limit = (c > 0 ? positiveSteps : negativeSteps) * rowsPerStep * 8
          let e = abs(c) / step * k * 8
          eighths = e.isFinite ? Int(min(e.rounded(), Double(limit))) : 0
        }
        let up = v > 0 || (!(v < 0) && (positiveSteps > 0 || negativeSteps == 0))
        let base = Double(up ? zeroRow : zeroRow + 1)
        let length = Double(eighths) / 8
        let bar = PixelBar(
          x: Double(x0), width: Double(barWidth), base: base,
          end: up ? base - length : base + length)
        out.fillBar(bar, style: .bar(s))
        let cells = out.cells(of: bar, series: s)
        for row in cells?.rows ?? [] {
          for x in x0..<(x0 + barWidth) where out.grid.contains(row: row, column: x) {
            barCell[row * columns + x] = true
          }
        }
        let direction = up ? -1 : 1
        let usedRows = cells?.rows.count ?? 0
        let room = up ? (s == 0 && seriesCount == 1 ? slot - 1 : barWidth + 1) : barWidth + 1
        let text = BarLayout.valueLabel(
          v, maxWidth: seriesCount == 1 ? max(slot - 1, 1) : max(room, 1),
          missing: ascii ? "-" : "–")
        let labelCells = TerminalText.cells(text, ascii: ascii)
        let w = TerminalText.width(labelCells)
        let centred = x0 + Int((Double(barWidth - w) / 2).rounded(.down))
        // In a group, a label wider than its bar leans away from the group's other bars
        // first (the first series' to the left, the last's to the right), then is centred.
        var xs = [centred]
        if seriesCount > 1 && w > barWidth {
          if s == 0 { xs.insert(x0 + barWidth - w, at: 0) }
          if s == seriesCount - 1 { xs.insert(x0, at: 0) }
        }
        pending.append(
          Pending(
            xs: xs.map { min(max($0, left), columns - w) }, barX: x0,
            row: zeroRow + direction * (usedRows + 1),
            direction: direction, text: labelCells, series: seriesCount > 1 ? s : nil))
      }
    }

    // Value labels: just beyond each bar, else (one series) up to two rows further out,
    // never over or beside a bar, nor touching another label; left out when there is no
    // room. A label no wider than its bar sits right above it even where the neighbouring
    // bars of its group are taller (it is over its own bar's columns only); a wider one
    // keeps a blank cell from every bar (glued to a neighbour it would read as its).
    for p in pending {
      let w = TerminalText.width(p.text)
      func isFree(row: Int, at start: Int) -> Bool {
        let withinBar = start >= p.barX && start + w <= p.barX + barWidth
        for x in (start - 1)...(start + w) where x >= 0 && x < columns {
          let i = row * columns + x
          let margin = x < start || x >= start + w
          if labelCell[i] || (barCell[i] && !(withinBar && margin)) { return false }
        }
        return true
      }
      placing: for attempt in 0..<(seriesCount > 1 ? 1 : 3) {
        let row = p.row + p.direction * attempt
        guard row >= plotTop, row <= plotBottom else { break }
        for start in p.xs where isFree(row: row, at: start) {
          // A blank cell each side keeps the label apart from a grid line (`-5` on `---`).
          for x in [start - 1, start + w]
          where x >= left && x < columns && !barCell[row * columns + x] {
            out.fillRect(
              PixelRect(x: Double(x), y: Double(row), width: 1, height: 1), style: .label)
          }
          out.drawText(
            String(p.text.map(\.character)), at: PixelPoint(x: Double(start), y: Double(row)),
            anchor: TextAnchor(.left, .top), style: .barValue(p.series))
          for x in start..<(start + w) where x >= 0 && x < columns {
            labelCell[row * columns + x] = true
          }
          break placing
        }
      }
    }

    // Group labels, each within its slot; on two staggered rows, each within its slot and
    // half the neighbouring ones.
    for g in slots.visible {
      let slotStart = left + Int(slots.slotLeft(g))
      let reach = labelRows == 2 ? (slot - 1) / 2 : 0
      let lo = max(slotStart - reach, left)
      let hi = min(slotStart + slot + reach - (labelRows == 2 ? 0 : 1), columns)
      let cells = TerminalText.fit(
        TerminalText.cells(data.label(at: g), ascii: ascii), maxWidth: max(hi - lo, 1), ascii: ascii
      )
      let w = TerminalText.width(cells)
      let groupCenter2 =
        2 * (left + Int(slots.barLeft(group: g, series: 0, wholeUnits: true)))
        + seriesCount * barWidth
      var x = Int((Double(groupCenter2 - w) / 2).rounded(.down))
      x = min(max(x, lo), max(hi - w, lo))
      write(
        cells, row: labelRow + (labelRows == 2 ? (g - slots.firstGroup) % 2 : 0), column: x,
        style: .label, into: &out)
    }

    if let row = legendRow { drawLegend(data, into: &out, row: row) }
    if let row = titleRow {
      let cells = TerminalText.fit(
        TerminalText.cells(data.title ?? "", ascii: ascii), maxWidth: columns, ascii: ascii)
      let w = TerminalText.width(cells)
      write(cells, row: row, column: (columns - w) / 2, style: .title, into: &out)
    }
    if let row = scrollRow {
      if slots.hiddenBefore > 0 {
        let text = (ascii ? "< " : "◀ ") + "\(slots.hiddenBefore) more"
        write(
          TerminalText.cells(text, ascii: ascii), row: row, column: left, style: .label,
          into: &out)
      }
      if slots.hiddenAfter > 0 {
        let text = "\(slots.hiddenAfter) more" + (ascii ? " >" : " ▶")
        let cells = TerminalText.cells(text, ascii: ascii)
        write(
          cells, row: row, column: max(right, left + 20) - cells.count, style: .label, into: &out)
      }
    }
    return out.render()
  }

  /// Writes cells already made safe and fitted from cell (`row`, `column`) on.
  func write(
    _ cells: [TerminalText.Cell], row: Int, column: Int, style: DrawStyle,
    into out: inout BarCellRenderer
  ) {
    out.drawText(
      String(cells.map(\.character)), at: PixelPoint(x: Double(column), y: Double(row)),
      anchor: TextAnchor(.left, .top), style: style)
  }

  /// The legend: each series' fill twice and its name, in one line from the plot's left
  /// edge; names are shortened (to 20, 12, 8, 5, 3 cells) until all fit, else the entries
  /// that fit are shown.
  func drawLegend(_ data: BarChartData, into out: inout BarCellRenderer, row: Int) {
    let names = data.series.enumerated().map { i, s in
      TerminalText.cells(s.name.isEmpty ? "series \(i + 1)" : s.name, ascii: ascii)
    }
    let room = columns - left
    var shown = names
    for cap in [20, 12, 8, 5, 3] {
      shown = names.map { TerminalText.fit($0, maxWidth: cap, ascii: ascii) }
      let total = shown.reduce(0) { $0 + 3 + TerminalText.width($1) + 2 } - 2
      if total <= room { break }
    }
    var x = left
    for (i, name) in shown.enumerated() {
      let w = 3 + TerminalText.width(name)
      guard x + w <= columns else { break }
      out.fillRect(PixelRect(x: Double(x), y: Double(row), width: 2, height: 1), style: .bar(i))
      write(name, row: row, column: x + 3, style: .legend, into: &out)
      x += w + 2
    }
  }
}
