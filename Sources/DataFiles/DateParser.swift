import TextAndNumbers

/// Dates and times as people write them in data files, read as Unix seconds (UTC).
///
/// Accepted forms (surrounding blanks ignored; times optional after any date form):
/// - ISO 8601: `2012-01-01`, `2012-01-01T13:45:00`, `2012-01-01 13:45`, fractional seconds
///   `13:45:00.25`, and a zone `Z`, `+01:00`, `-0530` or `+01` (converted to UTC; no zone
///   means UTC);
/// - `2012/01/01` (year first, with slashes, as in vega's seattle-weather.csv);
/// - `dd/mm/yy`, `dd/mm/yyyy` (gnuplot's timedat.dat) and `mm/dd/yyyy` (finance.dat): see
///   `SlashDateOrder`. Two-digit years follow POSIX `strptime` `%y`: 69-99 are 1969-1999,
///   00-68 are 2000-2068;
/// - month names: `Jan 1 2000` (vega's stocks.csv), `January 1, 2000`, `1 Jan 2000`,
///   `01-Jan-2000` (English names, any case, 3 letters or more);
/// - a time of day alone, `13:45` or `13:45:30`: seconds since midnight of 1970-01-01.
///
/// Calendar arithmetic is Howard Hinnant's `days_from_civil` (proleptic Gregorian), from
/// "chrono-Compatible Low-Level Date Algorithms",
/// http://howardhinnant.github.io/date_algorithms.html.
public enum DateParser {
  /// The Unix seconds (UTC) of a date or date-time in one of the forms above, or `nil`.
  ///
  /// A slash date with two small leading fields (`01/06/93`) is read day first; when that is
  /// not a valid date (`2/27/2003`), month first.
  public static func unixSeconds(_ text: some StringProtocol) -> Double? {
    var s = String(text)
    return s.withUTF8 { u in
      guard let base = u.baseAddress else { return nil }
      return parse(base, u.count, order: nil)
    }
  }

  /// The Unix seconds (UTC) of a date or date-time, reading slash dates in the given order
  /// only; `nil` when the text is not one of the accepted forms or not a valid date.
  public static func unixSeconds(_ text: some StringProtocol, slashOrder: SlashDateOrder)
    -> Double?
  {
    var s = String(text)
    return s.withUTF8 { u in
      guard let base = u.baseAddress else { return nil }
      return parse(base, u.count, order: slashOrder)
    }
  }

  /// Days from 1970-01-01 to the given proleptic Gregorian date (negative before it):
  /// `CivilDate.days`, Howard Hinnant's `days_from_civil`.
  ///
  /// - Parameters:
  ///   - year: The year.
  ///   - month: 1...12.
  ///   - day: 1...31 (not checked against the month).
  /// - Returns: The day count.
  public static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    CivilDate.days(year: year, month: month, day: day)
  }

  /// The proleptic Gregorian date of a day count from 1970-01-01 (`CivilDate.date`).
  ///
  /// - Parameter days: Days from 1970-01-01.
  /// - Returns: Year, month (1...12), day (1...31).
  public static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
    CivilDate.date(days: days)
  }

  /// The number of days in `month` (1...12) of `year` (`CivilDate.daysInMonth`).
  static func daysInMonth(_ year: Int, _ month: Int) -> Int {
    CivilDate.daysInMonth(year, month)
  }

  /// Parses `count` bytes at `p`; `order` nil means day first, then month first.
  static func parse(_ p: UnsafePointer<UInt8>, _ count: Int, order: SlashDateOrder?) -> Double? {
    var c = DateCursor(p: p, end: count)
    c.skipBlanks()
    var end = count
    while end > c.i && (p[end - 1] == 0x20 || p[end - 1] == 0x09) { end -= 1 }
    c.end = end
    guard let first = c.peek else { return nil }
    if isDigit(first) {
      let start = c.i
      guard let (lead, leadDigits) = c.number(maxDigits: 4) else { return nil }
      if leadDigits == 4, let sep = c.peek, sep == UInt8(ascii: "-") || sep == UInt8(ascii: "/") {
        // yyyy-mm-dd or yyyy/mm/dd
        c.i += 1
        guard let (month, _) = c.number(maxDigits: 2), c.eat(sep),
          let (day, _) = c.number(maxDigits: 2)
        else { return nil }
        return finish(&c, year: lead, month: month, day: day)
      }
      if leadDigits <= 2, c.peek == UInt8(ascii: "/") {
        c.i += 1
        guard let (second, _) = c.number(maxDigits: 2), c.eat(UInt8(ascii: "/")),
          let (yearField, yearDigits) = c.number(maxDigits: 4), yearDigits == 2 || yearDigits == 4
        else { return nil }
        let year =
          yearDigits == 2 ? (yearField >= 69 ? 1900 + yearField : 2000 + yearField) : yearField
        let rest = c
        if order != .monthFirst {
          var attempt = rest
          if let v = finish(&attempt, year: year, month: second, day: lead) { return v }
          if order == .dayFirst { return nil }
        }
        var attempt = rest
        return finish(&attempt, year: year, month: lead, day: second)
      }
      if leadDigits <= 2, c.peek == UInt8(ascii: ":") {
        // a time of day alone
        c.i = start
        return finish(&c, year: 1970, month: 1, day: 1, timeRequired: true)
      }
      if leadDigits <= 2, let sep = c.peek, sep == 0x20 || sep == UInt8(ascii: "-") {
        // 1 Jan 2000, 01-Jan-2000
        c.skipDateSeparators()
        guard let month = c.monthName() else { return nil }
        c.skipDateSeparators()
        guard let (year, yearDigits) = c.number(maxDigits: 4), yearDigits == 4 else { return nil }
        return finish(&c, year: year, month: month, day: lead)
      }
      return nil
    }
    // Jan 1 2000, January 1, 2000
    guard let month = c.monthName() else { return nil }
    c.skipDateSeparators()
    guard let (day, _) = c.number(maxDigits: 2) else { return nil }
    c.skipDateSeparators()
    guard let (year, yearDigits) = c.number(maxDigits: 4), yearDigits == 4 else { return nil }
    return finish(&c, year: year, month: month, day: day)
  }

  @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b &- UInt8(ascii: "0") < 10 }

  /// Checks the date, reads an optional time (and zone), requires the end of the text.
  private static func finish(
    _ c: inout DateCursor, year: Int, month: Int, day: Int, timeRequired: Bool = false
  ) -> Double? {
    guard month >= 1 && month <= 12, day >= 1, day <= daysInMonth(year, month) else { return nil }
    var seconds = 0.0
    if !timeRequired {
      // a time needs a `T` or blanks before it
      if c.peek == UInt8(ascii: "T") {
        c.i += 1
        guard let t = c.timeOfDay() else { return nil }
        seconds = t
      } else if c.peek == 0x20 {
        c.skipBlanks()
        if let b = c.peek, isDigit(b) {
          guard let t = c.timeOfDay() else { return nil }
          seconds = t
        }
      }
    } else {
      guard let t = c.timeOfDay() else { return nil }
      seconds = t
    }
    guard let offset = c.zone(), c.atEnd else { return nil }
    let days = daysFromCivil(year: year, month: month, day: day)
    return Double(days) * 86400 + seconds - offset
  }
}

/// A read position in the bytes of one cell.
struct DateCursor {
  let p: UnsafePointer<UInt8>
  var end: Int
  var i = 0

  init(p: UnsafePointer<UInt8>, end: Int) {
    self.p = p
    self.end = end
  }

  var atEnd: Bool { i >= end }
  var peek: UInt8? { i < end ? p[i] : nil }

  mutating func eat(_ b: UInt8) -> Bool {
    if i < end && p[i] == b {
      i += 1
      return true
    }
    return false
  }

  mutating func skipBlanks() {
    while i < end && (p[i] == 0x20 || p[i] == 0x09) { i += 1 }
  }

  /// Skips blanks, one comma, dash or dot, and blanks again (between date fields).
  mutating func skipDateSeparators() {
    skipBlanks()
    if i < end
      && (p[i] == UInt8(ascii: ",") || p[i] == UInt8(ascii: "-") || p[i] == UInt8(ascii: "."))
    {
      i += 1
    }
    skipBlanks()
  }

  /// One to `maxDigits` decimal digits; `nil` if there are none or more than `maxDigits`.
  mutating func number(maxDigits: Int) -> (value: Int, digits: Int)? {
    var v = 0
    var n = 0
    while i < end && DateParser.isDigit(p[i]) {
      if n == maxDigits { return nil }
      v = v * 10 + Int(p[i] - UInt8(ascii: "0"))
      n += 1
      i += 1
    }
    return n == 0 ? nil : (v, n)
  }

  private static let monthNames = [
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december",
  ].map { Array($0.utf8) }

  /// An English month name (3 letters or more, any case, a prefix of the full name): 1...12.
  mutating func monthName() -> Int? {
    let start = i
    while i < end && ((p[i] | 0x20) >= UInt8(ascii: "a") && (p[i] | 0x20) <= UInt8(ascii: "z")) {
      i += 1
    }
    let length = i - start
    guard length >= 3 && length <= 9 else { return nil }
    for (index, name) in Self.monthNames.enumerated() where name.count >= length {
      var same = true
      for k in 0..<length where (p[start + k] | 0x20) != name[k] {
        same = false
        break
      }
      if same { return index + 1 }
    }
    return nil
  }

  /// `H:MM`, `HH:MM:SS` or `HH:MM:SS.fff`: seconds since midnight (24:00:00 allowed).
  mutating func timeOfDay() -> Double? {
    guard let (hour, _) = number(maxDigits: 2), eat(UInt8(ascii: ":")),
      let (minute, minuteDigits) = number(maxDigits: 2), minuteDigits == 2
    else { return nil }
    var second = 0
    var fraction = 0.0
    if eat(UInt8(ascii: ":")) {
      guard let (s, secondDigits) = number(maxDigits: 2), secondDigits == 2 else { return nil }
      second = s
      if i < end && (p[i] == UInt8(ascii: ".") || p[i] == UInt8(ascii: ",")) {
        i += 1
        var scale = 0.1
        var any = false
        while i < end && DateParser.isDigit(p[i]) {
          fraction += Double(p[i] - UInt8(ascii: "0")) * scale
          scale *= 0.1
          any = true
          i += 1
        }
        if !any { return nil }
      }
    }
    guard minute <= 59, second <= 60 else { return nil }
    guard hour < 24 || (hour == 24 && minute == 0 && second == 0 && fraction == 0) else {
      return nil
    }
    return Double(hour * 3600 + minute * 60 + second) + fraction
  }

  /// An optional zone: nothing (UTC), `Z`, `UTC`, `GMT`, or `±HH[[:]MM]`. The offset east of
  /// UTC in seconds; `nil` when something is there but is not a zone.
  mutating func zone() -> Double? {
    let save = i
    skipBlanks()
    guard let b = peek else { return 0 }
    if b == UInt8(ascii: "Z") || b == UInt8(ascii: "z") {
      i += 1
      return 0
    }
    if b == UInt8(ascii: "U") || b == UInt8(ascii: "G") {
      let word = (i + 3 <= end) ? [p[i], p[i + 1], p[i + 2]] : []
      if word == Array("UTC".utf8) || word == Array("GMT".utf8) {
        i += 3
        return 0
      }
      i = save
      return nil
    }
    guard b == UInt8(ascii: "+") || b == UInt8(ascii: "-") else {
      i = save
      return nil
    }
    i += 1
    guard let (hours, hourDigits) = number(maxDigits: 4) else { return nil }
    var h = hours
    var m = 0
    if hourDigits == 4 {
      h = hours / 100
      m = hours % 100
    } else if hourDigits == 2 {
      if eat(UInt8(ascii: ":")) {
        guard let (mm, mDigits) = number(maxDigits: 2), mDigits == 2 else { return nil }
        m = mm
      }
    } else {
      return nil
    }
    guard h <= 23 && m <= 59 else { return nil }
    let offset = Double(h * 3600 + m * 60)
    return b == UInt8(ascii: "-") ? -offset : offset
  }
}
