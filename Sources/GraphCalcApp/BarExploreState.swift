import BarChart

/// `explore` on a bar chart, as a pure state machine: the chart, the first group of bars
/// shown (the scroll offset) and the terminal's size; `handle(_:)` applies one key and
/// `screen()` draws the whole screen (the chart, then a status line). No terminal is
/// involved, so tests drive it key by key; `ExploreDriver.run` runs it on a real one.
///
/// Keys:
/// - left / right arrows, `h` / `l`: scroll by one group of bars;
/// - Page Up / Page Down, `H` / `L`: scroll by the groups shown (a page);
/// - `0`, Home: back to the first bar; `$`, End: to the last page;
/// - `q`, Escape, Ctrl-C, Ctrl-D: leave, keeping the scroll offset.
///
/// Scrolling stops at either end: the offset is always one the renderer shows as it is
/// (`BarChartRenderer.terminalVisibleBars`), so the last page is kept full. Keys that steer
/// plots (up, down, zoom) do nothing here.
public struct BarExploreState: Sendable, ExploreScreen {
  /// The chart.
  public let chart: BarChartData
  /// The first group of bars shown (0-based), as the renderer clamps it for `size`.
  public private(set) var firstBar: Int
  /// The terminal's size in cells; the last row is the status line.
  public var size: TerminalSize
  /// How the chart is drawn: the canvas picks the bars' characters (ASCII on the ASCII
  /// canvas, eighth blocks otherwise) and `color` colours the series.
  public var display: TerminalDisplay

  /// Starts exploring a bar chart.
  ///
  /// - Parameters:
  ///   - chart: The chart shown.
  ///   - firstBar: The first group of bars shown (any Int; clamped when drawn and scrolled).
  ///   - size: The terminal's size in cells.
  ///   - display: Canvas and colours.
  public init(chart: BarChartData, firstBar: Int, size: TerminalSize, display: TerminalDisplay) {
    self.chart = chart
    self.firstBar = max(firstBar, 0)
    self.size = size
    self.display = display
  }

  // MARK: Keys

  /// Applies one key.
  ///
  /// - Parameter key: The key pressed.
  /// - Returns: `.redraw` when the bars shown changed, `.ignored` when nothing happened (at
  ///   an end, or a key without a use here), `.quit` to leave.
  public mutating func handle(_ key: ExploreKey) -> ExploreState.Outcome {
    switch key {
    case .escape, .control(3), .control(4), .character("q"), .character("Q"): return .quit
    case .left, .character("h"): return scroll(by: -1)
    case .right, .character("l"): return scroll(by: 1)
    case .pageUp, .character("H"): return scroll(by: -max(visibleBars.count, 1))
    case .pageDown, .character("L"): return scroll(by: max(visibleBars.count, 1))
    case .home, .character("0"): return scroll(to: 0)
    case .end, .character("$"): return scroll(to: chart.groupCount)
    default: return .ignored
    }
  }

  /// The rows the chart gets: all but the status line.
  private var chartRows: Int { max(size.rows, 1) - 1 }

  /// The terminal style of the bars.
  private var style: TerminalBarStyle { display.canvas == .ascii ? .ascii : .blocks }

  /// The groups of bars shown now (empty when the terminal is too small for the chart).
  public var visibleBars: Range<Int> { visibleBars(from: firstBar) }

  private func visibleBars(from first: Int) -> Range<Int> {
    BarChartRenderer.terminalVisibleBars(
      chart, columns: size.columns, rows: chartRows, style: style, firstBar: first)
  }

  /// Scrolls by `count` groups (negative: towards the first); stops at either end.
  private mutating func scroll(by count: Int) -> ExploreState.Outcome {
    let now = visibleBars
    guard !now.isEmpty else { return .ignored }
    let (sum, overflow) = now.lowerBound.addingReportingOverflow(count)
    return scroll(to: overflow ? (count < 0 ? 0 : chart.groupCount) : sum)
  }

  /// Scrolls so that group `group` is the first shown, as far as the ends allow.
  private mutating func scroll(to group: Int) -> ExploreState.Outcome {
    let now = visibleBars
    guard !now.isEmpty else { return .ignored }
    let next = visibleBars(from: min(max(group, 0), chart.groupCount))
    guard !next.isEmpty, next.lowerBound != now.lowerBound else {
      firstBar = now.lowerBound
      return .ignored
    }
    firstBar = next.lowerBound
    return .redraw
  }

  // MARK: Drawing

  /// The whole screen: `size.rows` lines, the chart (see `BarChartRenderer.terminal`; its
  /// one-line message on a terminal too small for it) and the status line, each at most
  /// `size.columns` cells wide (with escape sequences when colouring).
  public func screen() -> [String] {
    let columns = max(size.columns, 1)
    let rows = max(size.rows, 1)
    var lines: [String] = []
    if rows > 1 {
      let text = BarChartRenderer.terminal(
        chart, columns: columns, rows: rows - 1, style: style, firstBar: firstBar,
        color: display.color)
      lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      if lines.count > rows - 1 { lines.removeLast(lines.count - (rows - 1)) }
      while lines.count < rows - 1 { lines.append("") }
    }
    lines.append(String(statusLine().prefix(columns)))
    return lines
  }

  /// The status line: which bars are shown, then the keys (fewer words on a narrow
  /// terminal, so `q quit` stays in view).
  public func statusLine() -> String {
    let shown = visibleBars
    let total = chart.groupCount
    let place =
      shown.isEmpty
      ? "bars: none shown (\(total))"
      : "bars \(shown.lowerBound + 1)-\(shown.upperBound) of \(total)"
    let choices =
      shown.count < total
      ? [
        "<- -> scroll  PgUp PgDn page  0 first  $ last  q quit", "<- -> PgUp PgDn 0 $  q quit",
        "q quit",
      ]
      : ["all bars shown  q quit", "q quit"]
    let lines = choices.map { place + "  | " + $0 }
    return lines.first { $0.count <= size.columns } ?? lines[lines.count - 1]
  }
}
