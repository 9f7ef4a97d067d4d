import DataFiles
import Testing

/// What `stats` prints is safe for a terminal, whatever a data file holds.
@Suite struct StatsTerminalSafetyTests {
  /// A column name with an escape sequence (from a data file's header) went raw to the
  /// terminal in `stats`, so a file could clear the screen or set the window title.
  @Test func statsSummaryShowsNoControlCharacters() {
    let stats = ColumnStats(
      name: "a\u{1B}[2J\u{1B}]0;t\u{07}b\u{202E}", count: 2, missing: 0, min: 1, max: 2, mean: 1.5,
      standardDeviation: 0.5, isTime: false)
    let first = stats.summary.split(separator: "\n").first.map(String.init)
    #expect(first == "a\u{FFFD}[2J\u{FFFD}]0;t\u{FFFD}b\u{FFFD}: 2 values, 0 missing")
  }
}
