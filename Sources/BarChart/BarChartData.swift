/// One series of a bar chart: a name (shown in the legend when there are several series)
/// and one value per bar label.
public struct BarSeries: Sendable, Hashable {
  /// The series' name, as the legend shows it (`Italy`); may be empty.
  public var name: String
  /// One value per label, in plot units (counts, amounts). NaN marks a missing value: no
  /// bar is drawn and the value label shows `–` (`-` in ASCII). Infinite values are drawn
  /// like missing ones, with `inf` or `-inf` as their value label. A series shorter than
  /// the labels is missing its last values.
  public var values: [Double]

  /// Creates a series.
  ///
  /// - Parameters:
  ///   - name: The legend's name for the series.
  ///   - values: One value per label (NaN = missing).
  public init(name: String, values: [Double]) {
    self.name = name
    self.values = values
  }
}

/// What a bar chart shows: labels along the bottom, one or more series of values (grouped
/// side by side per label when there are several), and an optional title.
///
/// The chart has `groupCount` groups (the longer of `labels` and the longest series); a
/// group without a label is titled with its 1-based number.
public struct BarChartData: Sendable, Hashable {
  /// The title of each group of bars, shown below it (`1891-1900`, `Jan`).
  public var labels: [String]
  /// The series: one bar per series in each group, side by side, in this order.
  public var series: [BarSeries]
  /// The chart's title, centred above it; nil or empty for none.
  public var title: String?

  /// Creates chart data.
  ///
  /// - Parameters:
  ///   - labels: The group titles.
  ///   - series: The series (one value per label each).
  ///   - title: The chart's title, or nil.
  public init(labels: [String], series: [BarSeries], title: String? = nil) {
    self.labels = labels
    self.series = series
    self.title = title
  }

  /// A single-series chart of `values` titled by `labels` (`bar 3 5 2 7` with
  /// `labels "a" "b" "c" "d"`).
  ///
  /// - Parameters:
  ///   - values: The bar values (NaN = missing).
  ///   - labels: The bar titles; missing ones show the bar's 1-based number.
  ///   - name: The series' name (not shown for a single series).
  ///   - title: The chart's title, or nil.
  public init(values: [Double], labels: [String] = [], name: String = "", title: String? = nil) {
    self.init(labels: labels, series: [BarSeries(name: name, values: values)], title: title)
  }

  /// The number of groups (bar positions along the bottom): the longer of `labels` and the
  /// longest series.
  public var groupCount: Int {
    series.reduce(labels.count) { max($0, $1.values.count) }
  }

  /// The title of group `index` (0-based): its label, or its 1-based number when it has
  /// none.
  public func label(at index: Int) -> String {
    index >= 0 && index < labels.count ? labels[index] : String(index + 1)
  }

  /// The value of series `series` in group `group`, NaN when missing or out of range.
  public func value(series: Int, group: Int) -> Double {
    guard series >= 0, series < self.series.count, group >= 0,
      group < self.series[series].values.count
    else { return .nan }
    return self.series[series].values[group]
  }

  /// Pivots a long table (one row per label, group and value: `2001, Fossil Fuels, 35361`)
  /// into a wide chart: one bar label per distinct `label` and one series per distinct
  /// `group`, both in order of first appearance.
  ///
  /// A (label, group) pair that no row gives is missing (NaN); pairs given several times
  /// are added up (NaN values are skipped), so raw rows can be counted per label.
  ///
  /// - Parameters:
  ///   - rows: The long table's rows.
  ///   - title: The chart's title, or nil.
  /// - Returns: The chart data: `labels` are the distinct labels, `series` the distinct
  ///   groups, each with one value per label.
  public static func pivot(
    rows: [(label: String, group: String, value: Double)], title: String? = nil
  ) -> BarChartData {
    var labelIndex: [String: Int] = [:]
    var groupIndex: [String: Int] = [:]
    var labels: [String] = []
    var groups: [String] = []
    for row in rows {
      if labelIndex[row.label] == nil {
        labelIndex[row.label] = labels.count
        labels.append(row.label)
      }
      if groupIndex[row.group] == nil {
        groupIndex[row.group] = groups.count
        groups.append(row.group)
      }
    }
    var values = Array(
      repeating: Array(repeating: Double.nan, count: labels.count), count: groups.count)
    for row in rows where !row.value.isNaN {
      guard let l = labelIndex[row.label], let g = groupIndex[row.group] else { continue }
      values[g][l] = values[g][l].isNaN ? row.value : values[g][l] + row.value
    }
    let series = zip(groups, values).map { BarSeries(name: $0, values: $1) }
    return BarChartData(labels: labels, series: series, title: title)
  }
}
