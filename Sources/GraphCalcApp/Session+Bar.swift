import BarChart
import CalculatorBrain
import DataFiles
import GraphView
import ImageRenderer
import TextAndNumbers

// The `bar` command (bar charts of numbers or data files), `set bar style`, and what the
// view commands do while a bar chart is shown (`pan` scrolls it, `export` writes it).

extension Session {
  // MARK: State for the REPL and explore

  /// Whether the session shows a bar chart (after `bar`, until the next `plot`): the view
  /// commands then act on it (`pan left|right` scrolls it, `export svg` writes it).
  public var showsBarChart: Bool { shown == .barChart && bars.chart != nil }

  /// The last bar chart drawn by `bar`, or nil before the first.
  public var barChart: BarChartData? { bars.chart }

  /// The first group of bars shown in the terminal (0-based), as last clamped.
  public var firstBar: Int { bars.firstBar }

  /// Scrolls the bar chart by `count` groups of bars (negative: towards the first), as
  /// `pan` does; the offset stops at either end (the last page is kept full). For the arrow
  /// keys of `explore`.
  ///
  /// - Parameter count: Groups to move; any Int (huge values stop at the ends).
  /// - Returns: Whether the bars shown changed (false at an end, or with no bar chart).
  @discardableResult
  public mutating func scrollBars(by count: Int) -> Bool {
    guard let chart = bars.chart else { return false }
    let (columns, rows) = barCells(notes: 0)
    let style = barStyle
    let now = BarChartRenderer.terminalVisibleBars(
      chart, columns: columns, rows: rows, style: style, firstBar: bars.firstBar)
    guard !now.isEmpty else { return false }
    let (sum, overflow) = now.lowerBound.addingReportingOverflow(count)
    let requested = overflow ? (count < 0 ? 0 : Int.max / 2) : max(sum, 0)
    let next = BarChartRenderer.terminalVisibleBars(
      chart, columns: columns, rows: rows, style: style, firstBar: requested)
    bars.firstBar = next.isEmpty ? now.lowerBound : next.lowerBound
    return bars.firstBar != now.lowerBound
  }

  /// The state `explore` starts from while a bar chart is shown: the chart, its scroll
  /// offset, the terminal size and the display; nil when no bar chart is shown (then
  /// `exploreState()` explores the plot).
  public func barExploreState() -> BarExploreState? {
    guard showsBarChart, let chart = bars.chart else { return nil }
    return BarExploreState(
      chart: chart, firstBar: bars.firstBar, size: terminalSize, display: display)
  }

  /// Keeps the scroll offset `explore` ended with on the bar chart, and answers the chart
  /// drawn again for the terminal (`terminalSize`) at that offset, for the REPL to print
  /// after leaving the full screen (the screen it returns to shows the chart as it was).
  ///
  /// - Parameter state: The bar explore state, after `ExploreDriver.run`.
  /// - Returns: The chart's lines, ending in a newline; empty when no bar chart is shown.
  public mutating func finishExploring(_ state: BarExploreState) -> String {
    guard showsBarChart else { return "" }
    bars.firstBar = state.firstBar
    return barRedraw().output
  }

  /// The current bar chart as terminal text for `columns` x `rows` cells (all of them),
  /// scrolled to `firstBar`, on the session's canvas (eighth blocks, or ASCII on the ASCII
  /// canvas) and in colour when `display.color` is on; nil when there is no bar chart.
  ///
  /// - Parameters:
  ///   - columns: Character cells across.
  ///   - rows: Character cells down.
  /// - Returns: `rows` lines joined by "\n" (no final newline), or a one-line message when
  ///   the cells are too few (see `BarChartRenderer.terminal`).
  func barChartText(columns: Int, rows: Int) -> String? {
    guard let chart = bars.chart else { return nil }
    return BarChartRenderer.terminal(
      chart, columns: columns, rows: rows, style: barStyle, firstBar: bars.firstBar,
      color: display.color)
  }

  /// The terminal style of bar charts: ASCII on the ASCII canvas, eighth blocks otherwise.
  var barStyle: TerminalBarStyle { display.canvas == .ascii ? .ascii : .blocks }

  /// The cells a bar chart gets in the terminal: all columns, and the rows less one for the
  /// prompt and one for each note printed below the chart.
  func barCells(notes: Int) -> (columns: Int, rows: Int) {
    (terminalSize.columns, max(terminalSize.rows, 0) - 1 - notes)
  }

  /// The current bar chart drawn for the terminal, with `notes` (lines) below it.
  func barRedraw(notes: [String] = []) -> Reply {
    let (columns, rows) = barCells(notes: notes.count)
    if display.canvas.isImage, let chart = bars.chart {
      var renderer = PlotOutput.inlineRenderer(
        columns: columns, rows: rows, display.cellPixels, theme: inlineTheme)
      BarChartRenderer.draw(chart, into: &renderer, rounded: bars.rounded)
      do throws(CommandError) {
        let text = try PlotOutput.inline(
          renderer, canvas: display.canvas, columns: columns, rows: rows,
          passthrough: display.passthrough)
        return .text(([text] + notes).joined(separator: "\n"))
      } catch {
        return Reply(error: error)
      }
    }
    guard let text = barChartText(columns: columns, rows: rows) else { return Reply() }
    return .text(([text] + notes).joined(separator: "\n"))
  }

  // MARK: Commands while a bar chart is shown

  /// `bars 1-12 of 30 (pan left|right scrolls)`: the groups of bars shown.
  var barViewDescription: String {
    guard let chart = bars.chart else { return "" }
    let (columns, rows) = barCells(notes: 0)
    let shown = BarChartRenderer.terminalVisibleBars(
      chart, columns: columns, rows: rows, style: barStyle, firstBar: bars.firstBar)
    let total = chart.groupCount
    guard !shown.isEmpty else { return "bars: none shown (the terminal is too small) of \(total)" }
    let scrolls = shown.count < total ? " (pan left|right scrolls)" : ""
    return "bars \(shown.lowerBound + 1)-\(shown.upperBound) of \(total)\(scrolls)"
  }

  /// `pan left|right` (half the bars shown, at least one) or `pan N` (N groups of bars,
  /// negative to the left) on the bar chart.
  mutating func panBars(_ move: Pan.Move) throws(CommandError) -> Reply {
    switch move {
    case .side(let side) where side.text == "left" || side.text == "right":
      guard let chart = bars.chart else { return Reply() }
      let (columns, rows) = barCells(notes: 0)
      let shown = BarChartRenderer.terminalVisibleBars(
        chart, columns: columns, rows: rows, style: barStyle, firstBar: bars.firstBar)
      let step = max(1, shown.count / 2)
      scrollBars(by: side.text == "left" ? -step : step)
    case .side(let side):
      throw CommandError(.bar(.scrollsSideways), at: side.span)
    case .by(let words, let all):
      guard words.count == 1 else {
        throw CommandError(.bar(.panUsage), at: words.isEmpty ? nil : all.span)
      }
      let value = try number(words[0])
      guard value.isFinite, value == value.rounded() else {
        throw CommandError(.bar(.panNotWhole(value)), at: words[0].span)
      }
      scrollBars(by: Int(max(-1e9, min(1e9, value))))
    }
    return barRedraw()
  }

  /// `export svg FILE [W H]` (the chart, every bar, `set bar style`'s shape) and
  /// `export table FILE` (its labels and values, tab-separated) of the bar chart.
  func exportBars(_ export: Export, sizes: [Int]) throws(CommandError) -> Reply {
    guard let chart = bars.chart else { throw Session.usageError("export", given: 0, at: nil) }
    let path = export.path
    if export.format.text == "table" {
      guard sizes.isEmpty else {
        throw CommandError(.bar(.tableTakesNoSize), at: export.sizesSpan)
      }
      try AtomicFile.write(Session.barTable(chart), to: path)
      return .text("wrote \(TerminalText.safe(path)) (\(chart.groupCount) bars)")
    }
    let width: Int
    let height: Int
    switch sizes.count {
    case 0: (width, height) = (800, 600)
    case 2: (width, height) = (sizes[0], sizes[1])
    default: throw Session.usageError("export", given: 0, at: export.sizesSpan)
    }
    let size = PixelSize(width: width, height: height)
    switch export.format.text {
    case "png", "pdf":
      var renderer = CairoRenderer(
        size: size, format: export.format.text == "png" ? .png : .pdf,
        fontSize: PlotLayout.fontSize(for: size), theme: theme)
      BarChartRenderer.draw(chart, into: &renderer, rounded: bars.rounded)
      try AtomicFile.write(try PlotOutput.picture(renderer), to: path)
    default:
      let svg = BarChartRenderer.svg(chart, size: size, rounded: bars.rounded, theme: theme)
      try AtomicFile.write(svg, to: path)
    }
    return .text("wrote \(TerminalText.safe(path)) (\(width)x\(height))")
  }

  /// A bar chart as a tab-separated table: a `#` line with the title (when it has one), a
  /// header row (`label`, then the series' names), then one line a group: its label and its
  /// values (`-` where missing), which `bar "FILE" using label:NAME...` reads back.
  static func barTable(_ chart: BarChartData) -> String {
    func clean(_ text: String) -> String {
      String(text.map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 })
    }
    var lines: [String] = []
    if let title = chart.title, !title.isEmpty { lines.append("# " + clean(title)) }
    let names = chart.series.enumerated().map {
      $1.name.isEmpty ? "value\($0 + 1)" : clean($1.name)
    }
    lines.append("label\t" + names.joined(separator: "\t"))
    for group in 0..<chart.groupCount {
      let values = chart.series.indices.map { s -> String in
        let v = chart.value(series: s, group: group)
        return v.isNaN ? "-" : CalculatorBrain.format(v)
      }
      lines.append(([clean(chart.label(at: group))] + values).joined(separator: "\t"))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  // MARK: bar

  /// `bar VALUE... [labels TEXT...] [title "TEXT"]`, `bar "FILE" [using COLUMNS]
  /// [by COLUMN] [title "TEXT" | notitle]`, or `bar` alone (the last bar chart again).
  ///
  /// The chart becomes what the session shows, scrolled to its first bar; a note below it
  /// counts the missing values (no bar).
  ///
  /// - Throws: `CommandError` with the caret under the bad word: a value that is not a
  ///   number, an unknown column (the message lists the names), a file that cannot be read.
  mutating func bar(_ tokens: [Word]) throws(CommandError) -> Reply {
    guard let first = tokens.first else {
      guard bars.chart != nil else {
        throw CommandError(.bar(.usage))
      }
      shown = .barChart
      return barRedraw()
    }
    let made: (chart: BarChartData, note: String?)
    if Session.isQuoted(first.text) {
      made = try barFromFile(tokens)
    } else {
      made = (try barFromValues(tokens), nil)
    }
    // The limit holds however the bars came: typed, from columns or pivoted.
    let count = made.chart.groupCount * max(made.chart.series.count, 1)
    guard count <= BarLimits.maximumBars else {
      let values = first.offset..<(tokens.last ?? first).span.upperBound
      throw CommandError(
        .bar(.tooManyBars(count: count)), at: Session.isQuoted(first.text) ? first.span : values)
    }
    bars.chart = made.chart
    bars.firstBar = 0
    shown = .barChart
    return barRedraw(notes: made.note.map { [$0] } ?? [])
  }

  /// Whether `text` is in double or single quotes.
  static func isQuoted(_ text: String) -> Bool {
    guard let q = text.first, q == "\"" || q == "'", text.count >= 2 else { return false }
    return text.last == q
  }

  /// `text` without its quotes when it is quoted.
  static func unquoted(_ text: String) -> String {
    isQuoted(text) ? String(text.dropFirst().dropLast()) : text
  }

  /// `VALUE... [labels TEXT...] [title "TEXT"]`: values are expressions (`nan` for a missing
  /// one), labels are words or quoted texts.
  private func barFromValues(_ tokens: [Word]) throws(CommandError) -> BarChartData {
    var values: [Double] = []
    var labels: [Word] = []
    var title: String? = nil
    var inLabels = false
    var i = 0
    while i < tokens.count {
      let token = tokens[i]
      let bare = !Session.isQuoted(token.text)
      if bare, token.text == "labels" {
        guard !inLabels else { throw CommandError(.givenTwice("labels"), at: token.span) }
        inLabels = true
      } else if bare, token.text == "title" {
        guard i + 1 < tokens.count else {
          throw CommandError(
            .needs(word: "title", what: "a text in quotes, as in: title \"sales\""), at: token.span)
        }
        i += 1
        title = Session.unquoted(tokens[i].text)
      } else if bare, token.text == "notitle" {
        title = nil
      } else if inLabels {
        labels.append(token)
      } else if !bare {
        throw CommandError(.bar(.valueNotANumber), at: token.span)
      } else {
        let value = try number(token)
        guard !value.isInfinite else {
          throw CommandError(.bar(.valueNotFinite(value)), at: token.span)
        }
        values.append(value)
      }
      i += 1
    }
    guard !values.isEmpty else {
      throw CommandError(.bar(.noValues), at: tokens.first?.span)
    }
    if labels.count > values.count {
      let extra = labels[values.count]
      throw CommandError(
        .bar(.labelCount(values: values.count, labels: labels.count)),
        at: extra.offset..<(labels.last ?? extra).span.upperBound)
    }
    return BarChartData(
      values: values, labels: labels.map { Session.unquoted($0.text) }, title: title)
  }

  /// `"FILE" [using COLUMNS] [by COLUMN] [title "TEXT" | notitle]`.
  ///
  /// `using` names the columns: with one, its values are the bars, numbered; with more, the
  /// first gives the labels (text, dates or numbers) and each further one a series
  /// (`using Region:Italy:Germany`). `by` pivots a long table: `using year:net_generation by
  /// source` makes one series per distinct `source`. Without `using`, the first text or date
  /// column gives the labels and the first number column the bars.
  private func barFromFile(_ tokens: [Word]) throws(CommandError) -> (BarChartData, String?) {
    let file = tokens[0]
    let path = Session.unquoted(file.text)
    guard !path.isEmpty else { throw CommandError(.emptyFileName, at: file.span) }
    var using: Word? = nil
    var by: Word? = nil
    var title: String?? = .none  // .none: default; .some(nil): notitle
    var reader = KeywordReader(tokens, from: 1)
    while let word = reader.next() {
      switch word.text {
      case "using", "u": using = try reader.value(of: word, "columns, as in: using Region:Italy")
      case "by":
        by = try reader.value(of: word, "a column, as in: using year:net_generation by source")
      case "title", "t":
        let text = try reader.value(of: word, "a text in quotes, as in: title \"sales\"")
        guard Session.isQuoted(text.text) else {
          throw CommandError(.titleNotQuoted(example: "title \"sales\""), at: text.span)
        }
        title = .some(Session.unquoted(text.text))
      case "notitle": title = .some(nil)
      default: throw KeywordReader.unexpected(word, keywords: ["using", "by", "title", "notitle"])
      }
    }
    let fileSpan = file.span
    var refs: [ColumnRef]
    if let using {
      do {
        refs = try DataFile.parseColumnList(using.text)
      } catch {
        throw CommandError(error, at: using.span)
      }
    } else {
      if let by {
        throw CommandError(.bar(.byWithoutUsing), at: by.span)
      }
      refs = try defaultBarColumns(path: path, fileSpan: fileSpan)
    }
    var chart: BarChartData
    if let by {
      chart = try pivotBars(path: path, refs: refs, using: using, by: by, fileSpan: fileSpan)
    } else {
      chart = try columnBars(path: path, refs: refs, using: using, fileSpan: fileSpan)
    }
    switch title {
    case .none: break
    case .some(let given): chart.title = given
    }
    var missing = 0
    for series in chart.series {
      for group in 0..<chart.groupCount
      where group >= series.values.count || series.values[group].isNaN {
        missing += 1
      }
    }
    let note =
      missing > 0 ? "\(path): \(missing) missing value\(missing == 1 ? "" : "s") (no bar)" : nil
    return (chart, note)
  }

  /// The columns of `bar "FILE"` without `using`: the first text or date column (labels)
  /// and the first number column.
  private func defaultBarColumns(path: String, fileSpan: Range<Int>) throws(CommandError)
    -> [ColumnRef]
  {
    let info: [ColumnInfo]
    do {
      info = try DataFile.columns(path: path, options: data.options)
    } catch {
      throw CommandError(error, at: fileSpan)
    }
    let label = info.first { $0.kind == .text || $0.kind == .time }
    guard let value = info.first(where: { $0.kind == .number && $0.number != label?.number }) else {
      throw CommandError(.noColumnOfNumbers(path: path), at: fileSpan)
    }
    return (label.map { [ColumnRef.index($0.number)] } ?? []) + [.index(value.number)]
  }

  /// Bars from columns: one column gives numbered bars; more give labels (the first) and
  /// one series per further column.
  private func columnBars(path: String, refs: [ColumnRef], using: Word?, fileSpan: Range<Int>)
    throws(CommandError) -> BarChartData
  {
    if refs.count == 1 {
      let table = try barTable(path: path, columns: refs, at: using, fileSpan: fileSpan)
      try Session.checkNotTime(table, from: 0, using: using, fileSpan: fileSpan)
      let name = table.names.first ?? ""
      return BarChartData(values: table.columns.first ?? [], labels: [], name: name, title: name)
    }
    guard refs.count - 1 <= BarLimits.maximumSeries else {
      throw CommandError(.bar(.tooManySeries(named: refs.count - 1)), at: using?.span ?? fileSpan)
    }
    let (labels, names, columns) = try labelledColumns(
      path: path, refs: refs, at: using, fileSpan: fileSpan)
    let series = zip(names, columns).map { BarSeries(name: $0, values: $1) }
    return BarChartData(
      labels: labels, series: series, title: series.count == 1 ? names.first : nil)
  }

  /// Bars from a long table: `using LABEL:VALUE by GROUP`, one series per distinct GROUP
  /// (in order of first appearance), values of repeated (label, group) pairs added up.
  private func pivotBars(
    path: String, refs: [ColumnRef], using: Word?, by: Word, fileSpan: Range<Int>
  )
    throws(CommandError) -> BarChartData
  {
    guard refs.count == 2 else {
      throw CommandError(.bar(.byNeedsTwoColumns), at: using?.span ?? fileSpan)
    }
    let groupRef: ColumnRef
    do throws(DataFileError) {
      let parsed = try DataFile.parseColumnList(by.text)
      guard parsed.count == 1 else {
        throw DataFileError(path: "", .byTakesOneColumn)
      }
      groupRef = parsed[0]
    } catch {
      throw CommandError(error, at: by.span)
    }
    let (labels, names, columns) = try labelledColumns(
      path: path, refs: refs, at: using, fileSpan: fileSpan)
    let (groups, _, _) = try labelledColumns(
      path: path, refs: [groupRef, refs[1]], at: by, fileSpan: fileSpan)
    let values = columns.first ?? []
    let count = min(labels.count, groups.count, values.count)
    var distinctLabels = Set<String>()
    var distinctGroups = Set<String>()
    for k in 0..<count {
      distinctLabels.insert(labels[k])
      distinctGroups.insert(groups[k])
    }
    guard distinctGroups.count <= BarLimits.maximumSeries else {
      throw CommandError(
        .bar(.tooManyGroups(column: by.text, count: distinctGroups.count)), at: by.span)
    }
    let cells = distinctGroups.count * distinctLabels.count
    guard cells <= BarLimits.maximumBars else {
      throw CommandError(.bar(.tooManyBars(count: cells)), at: using?.span ?? fileSpan)
    }
    var rows: [(label: String, group: String, value: Double)] = []
    rows.reserveCapacity(count)
    for k in 0..<count { rows.append((labels[k], groups[k], values[k])) }
    let valueName = names.first ?? refs[1].description
    return BarChartData.pivot(rows: rows, title: "\(valueName) by \(Session.unquoted(by.text))")
  }

  /// Reads `refs` (a label column, then value columns) and gives the labels as text (dates
  /// and numbers formatted, see `labelTexts`), the value columns' names and values.
  private func labelledColumns(
    path: String, refs: [ColumnRef], at word: Word?, fileSpan: Range<Int>
  )
    throws(CommandError) -> (labels: [String], names: [String], columns: [[Double]])
  {
    let table = try barTable(path: path, columns: refs, at: word, fileSpan: fileSpan)
    if let labels = table.labels {
      try Session.checkNotTime(table, from: 0, using: word, fileSpan: fileSpan)
      return (labels, table.names, table.columns)
    }
    // The label column holds numbers or dates: it came back as the first numeric column.
    try Session.checkNotTime(table, from: 1, using: word, fileSpan: fileSpan)
    let labels = Session.labelTexts(table.columns.first ?? [], isTime: table.isTime.first ?? false)
    return (labels, Array(table.names.dropFirst()), Array(table.columns.dropFirst()))
  }

  /// `DataFile.readTable`, its errors located at the column in `word` (the `using` or `by`
  /// word) or at the file.
  private func barTable(path: String, columns: [ColumnRef], at word: Word?, fileSpan: Range<Int>)
    throws(CommandError) -> DataTable
  {
    do {
      return try DataFile.readTable(path: path, columns: columns, options: data.options)
    } catch {
      throw CommandError(error, at: Session.columnSpan(of: error, in: word) ?? fileSpan)
    }
  }

  /// Refuses value columns (from index `from` of the table's numeric columns) that hold
  /// dates: a bar's height is a number.
  private static func checkNotTime(
    _ table: DataTable, from: Int, using: Word?, fileSpan: Range<Int>
  )
    throws(CommandError)
  {
    for k in from..<table.isTime.count where table.isTime[k] {
      throw CommandError(.bar(.datesAsHeights(column: table.names[k])), at: using?.span ?? fileSpan)
    }
  }

  /// Labels from a column of numbers or dates (Unix seconds): numbers as the calculator
  /// writes them; dates as UTC dates, shortened to the year when every date is the 1st of
  /// January (`2001-01-01` gives `2001`) or to the month when every one is the 1st of a
  /// month (`2001-03`); a missing cell gives an empty label.
  ///
  /// - Parameters:
  ///   - values: The column's values (NaN = missing).
  ///   - isTime: Whether they are Unix seconds.
  /// - Returns: One label a value.
  static func labelTexts(_ values: [Double], isTime: Bool) -> [String] {
    guard isTime else { return values.map { $0.isNaN ? "" : CalculatorBrain.format($0) } }
    let dates = values.map { $0.isFinite ? Session.dateText($0) ?? "" : "" }
    let present = dates.filter { !$0.isEmpty }
    func isDay(_ text: String) -> Bool { text.count == 10 && !text.contains(" ") }
    guard !present.isEmpty, present.allSatisfy(isDay) else { return dates }
    if present.allSatisfy({ $0.hasSuffix("-01-01") }) {
      return dates.map { $0.isEmpty ? "" : String($0.dropLast(6)) }
    }
    if present.allSatisfy({ $0.hasSuffix("-01") }) {
      return dates.map { $0.isEmpty ? "" : String($0.dropLast(3)) }
    }
    return dates
  }
}
