/// Calendar dates: the proleptic Gregorian calendar counted in days from 1970-01-01.
///
/// The arithmetic is Howard Hinnant's `days_from_civil` and `civil_from_days`
/// ("chrono-Compatible Low-Level Date Algorithms", 2013): years are shifted to start in March
/// so the leap day ends a year, and counted in 400-year eras of 146,097 days, which makes both
/// directions a few integer divisions with no table and no loop. Every date of graphcalc
/// (data files, time ticks, `stats` of a time column) goes through here.
package enum CivilDate {
  /// Days from 1970-01-01 to the given date (negative before it).
  ///
  /// - Parameters:
  ///   - year: The proleptic Gregorian year (astronomical: 0 is 1 BC).
  ///   - month: 1...12.
  ///   - day: 1...31, not checked against the month.
  /// - Returns: The day count; years within ±10^9 do not overflow.
  package static func days(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400  // [0, 399]
    let mp = month > 2 ? month - 3 : month + 9  // March = 0
    let doy = (153 * mp + 2) / 5 + day - 1  // [0, 365]
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy  // [0, 146096]
    return era * 146097 + doe - 719468
  }

  /// The date of a day count from 1970-01-01, the inverse of `days(year:month:day:)`.
  ///
  /// - Parameter days: Days from 1970-01-01 (any sign).
  /// - Returns: The year, the month (1...12) and the day of the month (1...31).
  package static func date(days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719468
    let era = (z >= 0 ? z : z - 146096) / 146097
    let doe = z - era * 146097  // [0, 146096]
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365  // [0, 399]
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)  // [0, 365]
    let mp = (5 * doy + 2) / 153  // [0, 11]
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// Whether `year` is a Gregorian leap year (divisible by 4, and by 400 when by 100).
  ///
  /// - Parameter year: The proleptic Gregorian year.
  /// - Returns: True for 2000 and 2024, false for 1900 and 2023.
  package static func isLeap(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  /// The number of days in a month.
  ///
  /// - Parameters:
  ///   - year: The proleptic Gregorian year.
  ///   - month: 1...12.
  /// - Returns: 28...31.
  package static func daysInMonth(_ year: Int, _ month: Int) -> Int {
    switch month {
    case 2: return isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}
