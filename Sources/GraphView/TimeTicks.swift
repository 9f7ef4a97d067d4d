import Glibc
import TextAndNumbers

/// Calendar ticks for a time axis whose plot units are Unix seconds (UTC).
///
/// The step is the smallest of these whose length is at least the range over
/// `approximateCount`: fractions of a second (1, 2, 5 x 10^k), 1, 2, 5, 10, 15, 30 seconds,
/// the same in minutes, 1, 2, 3, 6, 12 hours, 1 and 2 days, a week (Mondays), 1, 2, 3, 6
/// months, then 1, 2, 5 x 10^k years. Ticks fall on calendar boundaries (midnight, the first
/// of a month, January 1st) and are labelled as a person would write them:
///
/// | step | label |
/// | --- | --- |
/// | years | `2012` |
/// | months | `2012-03` |
/// | weeks, days | `Mar 05` (`2012-03-05` when the range spans years) |
/// | hours, minutes | `13:45` (`Mar 05` at midnight when the range spans days) |
/// | seconds | `13:45:30`, `13:45:30.25` |
///
/// Calendar arithmetic is Howard Hinnant's `days_from_civil` / `civil_from_days`
/// ("chrono-Compatible Low-Level Date Algorithms",
/// http://howardhinnant.github.io/date_algorithms.html), the same as the DataFiles target
/// uses for reading dates (GraphView does not depend on DataFiles, hence the second copy).
public enum TimeTicks {
  /// Ticks within `range` (Unix seconds), in increasing order, about `approximateCount` of
  /// them (at most `2 * approximateCount + 2`; the count is clamped to 1...200).
  ///
  /// A range of zero width (or too narrow for the precision of a Double at its magnitude)
  /// gets one tick at its lower end, labelled with the full date and time. Non-finite ends,
  /// or ends beyond ±10^15 seconds (about 30 million years), give no ticks.
  public static func ticks(for range: ClosedRange<Double>, approximateCount: Int) -> [Tick] {
    let lo = range.lowerBound
    let hi = range.upperBound
    guard lo.isFinite && hi.isFinite, abs(lo) <= limit, abs(hi) <= limit else { return [] }
    let count = min(max(approximateCount, 1), 200)
    let span = hi - lo
    let wanted = span / Double(count)
    // Too narrow to place two ticks a representable step apart: one tick.
    if span <= 0 || wanted < max(abs(lo), abs(hi)) * 1e-13 || wanted < 1e-9 {
      return [Tick(value: lo, label: fullLabel(lo))]
    }
    let maxTicks = 2 * count + 2
    let step = chooseStep(wanted)
    var values: [Double] = []
    switch step {
    case .seconds(let s):
      var k = (lo / s).rounded(.up)
      while values.count < maxTicks {
        let v = k * s
        if v > hi { break }
        if v >= lo { values.append(v) }
        k += 1
      }
    case .weeks:
      // Mondays: 1970-01-05 (day 4) was one.
      let week = 7 * day
      var k = ((lo - 4 * day) / week).rounded(.up)
      while values.count < maxTicks {
        let v = 4 * day + k * week
        if v > hi { break }
        if v >= lo { values.append(v) }
        k += 1
      }
    case .months(let m):
      let (y, mo, _) = civil(lo)
      var index = y * 12 + (mo - 1)  // months since year 0
      index = ceilToMultiple(index, m)
      while values.count < maxTicks {
        let year = floorDiv(index, 12)
        let v = Double(daysFromCivil(year, index - year * 12 + 1, 1)) * day
        if v > hi { break }
        if v >= lo { values.append(v) }
        index += m
      }
    case .years(let n):
      var year = ceilToMultiple(civil(lo).year, n)
      while values.count < maxTicks {
        let v = Double(daysFromCivil(year, 1, 1)) * day
        if v > hi { break }
        if v >= lo { values.append(v) }
        year += n
      }
    }
    return values.map { Tick(value: $0, label: label($0, step: step, lo: lo, hi: hi)) }
  }

  // MARK: Steps

  /// How ticks are spaced.
  enum Step: Equatable {
    /// A fixed number of seconds (fractions, seconds, minutes, hours, days).
    case seconds(Double)
    /// Mondays.
    case weeks
    /// Calendar months (1, 2, 3 or 6).
    case months(Int)
    /// Calendar years (1, 2, 5 x 10^k).
    case years(Int)
  }

  private static let day = 86400.0
  private static let limit = 1e15

  /// Fixed steps in increasing order, with their lengths in seconds.
  private static let fixedSteps: [(Step, Double)] = {
    var steps: [(Step, Double)] = []
    for s in [1.0, 2, 5, 10, 15, 30] { steps.append((.seconds(s), s)) }
    for m in [1.0, 2, 5, 10, 15, 30] { steps.append((.seconds(m * 60), m * 60)) }
    for h in [1.0, 2, 3, 6, 12] { steps.append((.seconds(h * 3600), h * 3600)) }
    for d in [1.0, 2] { steps.append((.seconds(d * 86400), d * 86400)) }
    steps.append((.weeks, 7 * 86400))
    for m in [1, 2, 3, 6] { steps.append((.months(m), Double(m) * 30.436875 * 86400)) }
    return steps
  }()

  /// The smallest step at least `wanted` seconds long.
  static func chooseStep(_ wanted: Double) -> Step {
    if wanted < 1 {
      // 1, 2, 5 x 10^k seconds, k < 0
      let magnitude = Glibc.pow(10, (Glibc.log10(wanted)).rounded(.down))
      for f in [1.0, 2, 5, 10] where f * magnitude >= wanted { return .seconds(f * magnitude) }
      return .seconds(1)
    }
    for (step, length) in fixedSteps where length >= wanted { return step }
    let years = wanted / (365.2425 * 86400)
    var n = 1
    // n stays below 10^10 because `wanted` is at most 2 * 10^15 seconds.
    while true {
      for f in [1, 2, 5] where Double(f * n) >= years { return .years(f * n) }
      n *= 10
    }
  }

  // MARK: Labels

  private static let monthNames = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  private static func label(_ t: Double, step: Step, lo: Double, hi: Double) -> String {
    let (y, m, d) = civil(t)
    let sameYear = civil(lo).year == civil(hi).year
    let dayLabel = sameYear ? "\(monthNames[m - 1]) \(two(d))" : "\(y)-\(two(m))-\(two(d))"
    switch step {
    case .years: return String(y)
    case .months: return "\(y)-\(two(m))"
    case .weeks: return dayLabel
    case .seconds(let s) where s >= day: return dayLabel
    case .seconds(let s):
      let spansDays = (lo / day).rounded(.down) != (hi / day).rounded(.down)
      let secondsOfDay = t - (t / day).rounded(.down) * day
      if spansDays && secondsOfDay == 0 { return dayLabel }
      return clock(t, step: s)
    }
  }

  /// `13:45`, `13:45:30` or `13:45:30.25`, with as many decimals as the step needs.
  private static func clock(_ t: Double, step: Double) -> String {
    let whole = (t / day).rounded(.down) * day
    var secondsOfDay = t - whole  // [0, 86400)
    let decimals = step >= 1 ? 0 : min(9, Int(-Glibc.log10(step).rounded(.down)))
    let scale = Glibc.pow(10, Double(decimals))
    secondsOfDay = (secondsOfDay * scale).rounded() / scale
    let total = min(Int(secondsOfDay.rounded(.down)), 86399)
    let h = total / 3600
    let m = total / 60 % 60
    let s = total % 60
    var text = "\(two(h)):\(two(m))"
    if step < 60 || s != 0 {
      text += ":\(two(s))"
      if decimals > 0 {
        let fraction = Int(((secondsOfDay - Double(total)) * scale).rounded())
        var digits = String(fraction)
        while digits.count < decimals { digits = "0" + digits }
        while digits.hasSuffix("0") { digits.removeLast() }
        if !digits.isEmpty { text += "." + digits }
      }
    }
    return text
  }

  /// The full date, with the time when it is not midnight: `2012-03-05 13:45:30`.
  private static func fullLabel(_ t: Double) -> String {
    let (y, m, d) = civil(t)
    let date = "\(y)-\(two(m))-\(two(d))"
    let secondsOfDay = t - (t / day).rounded(.down) * day
    if secondsOfDay == 0 { return date }
    let fractional = secondsOfDay != secondsOfDay.rounded(.down)
    return date + " " + clock(t, step: fractional ? 0.001 : 1)
  }

  private static func two(_ n: Int) -> String { n < 10 && n >= 0 ? "0\(n)" : String(n) }

  // MARK: Calendar

  /// The UTC date of Unix seconds `t` (|t| at most `limit`).
  private static func civil(_ t: Double) -> (year: Int, month: Int, day: Int) {
    civilFromDays(Int((t / day).rounded(.down)))
  }

  /// Days from 1970-01-01 to a proleptic Gregorian date (`CivilDate.days`).
  private static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
    CivilDate.days(year: year, month: month, day: day)
  }

  /// The date of a day count from 1970-01-01 (`CivilDate.date`).
  private static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
    CivilDate.date(days: days)
  }

  private static func floorDiv(_ a: Int, _ b: Int) -> Int {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
  }

  /// The smallest multiple of `n` (positive) at or above `a`.
  private static func ceilToMultiple(_ a: Int, _ n: Int) -> Int {
    -floorDiv(-a, n) * n
  }
}
