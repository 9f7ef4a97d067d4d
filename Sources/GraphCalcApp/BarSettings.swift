import BarChart

/// What the session remembers about bar charts: the current chart, its scroll offset, and
/// the SVG bar shape (whether it is shown is `Session.shown`).
struct BarSettings: Sendable, Hashable {
  /// The last chart drawn by `bar`, nil before the first.
  var chart: BarChartData?
  /// The first group of bars shown in the terminal (0-based): the scroll offset, moved by
  /// `pan` and clamped by the renderer to the groups that fit.
  var firstBar = 0
  /// Whether exported SVG bars have round ends (`set bar style rounded`, the default) or
  /// square ones (`flat`).
  var rounded = true
}

/// The smallest and largest pieces of a bar chart the session accepts.
enum BarLimits {
  /// The most series (bars side by side in a group): more would not fit any terminal.
  static let maximumSeries = 64
  /// The most bars (groups times series) in a chart, typed, read or pivoted: to bound
  /// memory and time (the message of `tooManyBars` spells it).
  static let maximumBars = 2_000_000
}
