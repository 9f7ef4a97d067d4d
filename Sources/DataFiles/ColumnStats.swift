import Glibc
import TextAndNumbers

/// Summary statistics of one column of a data file, as gnuplot's `stats` prints them.
///
/// `count` values were read (missing cells left out); `standardDeviation` is the *sample*
/// standard deviation (divisor n - 1), NaN when there is only one value. Mean and variance
/// are accumulated with Welford's online algorithm (B. P. Welford, "Note on a Method for
/// Calculating Corrected Sums of Squares and Products", Technometrics 4, 1962; Knuth, TAOCP
/// vol. 2, 4.2.2), which avoids the cancellation of the sum-of-squares formula and needs one
/// pass and no storage. For a time column the values are Unix seconds.
public struct ColumnStats: Sendable, Hashable {
  /// The column's name.
  public var name: String
  /// How many values were read (non-missing cells).
  public var count: Int
  /// How many cells were missing or not numbers.
  public var missing: Int
  /// The smallest value.
  public var min: Double
  /// The largest value.
  public var max: Double
  /// The arithmetic mean.
  public var mean: Double
  /// The sample standard deviation (n - 1 divisor); NaN when `count < 2`.
  public var standardDeviation: Double
  /// Whether the values are times (Unix seconds, UTC).
  public var isTime: Bool

  /// Creates statistics from their values.
  public init(
    name: String, count: Int, missing: Int, min: Double, max: Double, mean: Double,
    standardDeviation: Double, isTime: Bool = false
  ) {
    self.name = name
    self.count = count
    self.missing = missing
    self.min = min
    self.max = max
    self.mean = mean
    self.standardDeviation = standardDeviation
    self.isTime = isTime
  }

  /// A few lines for the user, one figure a line, e.g.
  /// ```
  /// temp_max: 1461 values, 0 missing
  ///   min      -1.6
  ///   max      35.6
  ///   mean     16.43908282
  ///   std dev  7.349758097 (sample, n-1)
  /// ```
  /// Times are written as UTC dates; their standard deviation in days. Control characters
  /// and bidi overrides in the name (it comes from the file) show as U+FFFD, so a file cannot
  /// send escape sequences to the terminal.
  public var summary: String {
    let name = TerminalText.safe(self.name)
    var lines = ["\(name): \(count) value\(count == 1 ? "" : "s"), \(missing) missing"]
    func show(_ v: Double) -> String { isTime ? formatTime(v) : formatNumber(v) }
    lines.append("  min      \(show(min))")
    lines.append("  max      \(show(max))")
    lines.append("  mean     \(show(mean))")
    if standardDeviation.isNaN {
      lines.append("  std dev  n/a (one value)")
    } else if isTime {
      lines.append("  std dev  \(formatNumber(standardDeviation / 86400)) days (sample, n-1)")
    } else {
      lines.append("  std dev  \(formatNumber(standardDeviation)) (sample, n-1)")
    }
    return lines.joined(separator: "\n")
  }
}

/// Welford's online mean and variance, with min and max.
struct RunningStats {
  private(set) var count = 0
  private(set) var mean = 0.0
  private var m2 = 0.0
  private(set) var min = Double.infinity
  private(set) var max = -Double.infinity

  /// Adds one finite value.
  mutating func add(_ x: Double) {
    count += 1
    let delta = x - mean
    mean += delta / Double(count)
    m2 += delta * (x - mean)
    if x < min { min = x }
    if x > max { max = x }
  }

  /// The sample variance (n - 1 divisor); NaN for fewer than two values.
  var sampleVariance: Double { count < 2 ? .nan : m2 / Double(count - 1) }
}

/// A number with up to 10 significant digits, as `%.10g` writes it (`NumberFormat.printf`);
/// NaN as `NaN`.
func formatNumber(_ v: Double) -> String {
  if v.isNaN { return "NaN" }
  return NumberFormat.printf(v, precision: 10)
}

/// Unix seconds as a UTC date: `2012-01-01`, or `2012-01-01 13:45:00` when not midnight.
func formatTime(_ t: Double) -> String {
  guard t.isFinite, abs(t) < 1e15 else { return formatNumber(t) }
  let days = (t / 86400).rounded(.down)
  let secondsOfDay = Int((t - days * 86400).rounded())
  let (y, m, d) = CivilDate.date(days: Int(days))
  func two(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }
  let date = "\(y)-\(two(m))-\(two(d))"
  if secondsOfDay == 0 { return date }
  let s = Swift.min(secondsOfDay, 86399)
  return "\(date) \(two(s / 3600)):\(two(s / 60 % 60)):\(two(s % 60))"
}
