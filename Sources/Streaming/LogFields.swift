import Glibc
import TextAndNumbers

/// The pieces of a log line that `StreamParser` reads besides plain numbers: a leading
/// timestamp, numbers with a unit suffix, and known unit words.
///
/// All readers work on UTF-8 bytes and make no `String` unless they find something.
enum LogFields {
  /// What kind of leading timestamp a line had.
  enum TimeKind: Sendable, Equatable {
    /// A calendar date with a time of day (ISO 8601, `2026-12-01T12:00:01`, or the syslog
    /// `Dec  1 12:00:01` with the current year), or epoch seconds: an absolute time.
    case absolute
    /// A time of day alone (`12:00:01`): seconds since midnight, of an unknown day.
    case timeOfDay
  }

  /// A timestamp found at the start of a line.
  struct Timestamp: Sendable, Equatable {
    /// Seconds: since 1970-01-01 00:00 of the wall clock as written (UTC for epoch seconds:
    /// the offset of `Z` or `+01:00` is not applied), or since midnight for `.timeOfDay`.
    var seconds: Double
    /// Where the rest of the line starts (the byte after the timestamp).
    var end: Int
    /// Absolute, or a time of day.
    var kind: TimeKind
  }

  /// The three-letter month names of syslog's `Dec  1 12:00:01`.
  static let months: [[UInt8]] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ].map { Array($0.utf8) }

  /// The year syslog times are put in (they carry none): the current year (UTC).
  static let currentYear: Int = {
    var now = time(nil)
    var parts = tm()
    _ = gmtime_r(&now, &parts)
    return Int(parts.tm_year) + 1900
  }()

  /// Reads a timestamp at the start of `line` (after blanks and an optional `[`).
  ///
  /// Forms, each followed by the end of the line or a separator (an optional `]` first):
  /// - ISO 8601: `YYYY-MM-DD`, then `T` or one space and `HH:MM[:SS[.fff]]`, then an
  ///   optional `Z` or `+HH[:MM]`/`-HH[:MM]` (read, not applied); a date alone is midnight.
  /// - A time of day `H:MM:SS[.fff]` or `HH:MM:SS[.fff]` (seconds needed: `12:30` alone is
  ///   not a time).
  /// - syslog: a month name (`Jan` ... `Dec`), blanks, a day, blanks and `HH:MM:SS`.
  /// - Epoch seconds: exactly 10 digits (2001-09-09 to 2286), optionally `.fff`, and only
  ///   when more of the line follows (a bare 10-digit number is data).
  /// - Parameter line: the line's bytes.
  /// - Returns: the time and where the rest starts, or nil when the line starts otherwise.
  static func timestamp(_ line: UnsafeBufferPointer<UInt8>) -> Timestamp? {
    let n = line.count
    var i = 0
    while i < n && isBlank(line[i]) { i += 1 }
    if i < n && line[i] == UInt8(ascii: "[") { i += 1 }
    guard i < n else { return nil }
    func digits(_ at: Int, _ count: Int) -> Int? {
      guard at + count <= n else { return nil }
      var v = 0
      for k in at..<at + count {
        guard isDigit(line[k]) else { return nil }
        v = v * 10 + Int(line[k] - 48)
      }
      return v
    }
    func byte(_ at: Int) -> UInt8? { at < n ? line[at] : nil }
    /// `HH:MM[:SS[.fff]]` (or `H:MM:SS` when `short`) at `at`: seconds since midnight and end.
    func clock(_ at: Int, secondsRequired: Bool) -> (Double, Int)? {
      var k = at
      var hours: Int
      if let h = digits(k, 2) {
        hours = h
        k += 2
      } else if secondsRequired, let h = digits(k, 1) {
        hours = h
        k += 1
      } else {
        return nil
      }
      guard byte(k) == UInt8(ascii: ":"), let minutes = digits(k + 1, 2) else { return nil }
      k += 3
      var seconds = 0.0
      if byte(k) == UInt8(ascii: ":"), let s = digits(k + 1, 2) {
        seconds = Double(s)
        k += 3
        if byte(k) == UInt8(ascii: ".") || byte(k) == UInt8(ascii: ","), let b = byte(k + 1),
          isDigit(b)
        {
          var scale = 0.1
          k += 1
          while let b = byte(k), isDigit(b) {
            seconds += Double(b - 48) * scale
            scale /= 10
            k += 1
          }
        }
      } else if secondsRequired {
        return nil
      }
      guard hours < 24, minutes < 60, seconds < 61 else { return nil }
      return (Double(hours * 3600 + minutes * 60) + seconds, k)
    }
    /// The timestamp if the line goes on with a separator (or ends) after `end`.
    func finish(_ seconds: Double, _ end: Int, _ kind: TimeKind) -> Timestamp? {
      var k = end
      if byte(k) == UInt8(ascii: "]") { k += 1 }
      if let b = byte(k), !StreamParser.isSeparator(b) { return nil }
      return Timestamp(seconds: seconds, end: k, kind: kind)
    }
    // ISO 8601 date.
    if let year = digits(i, 4), byte(i + 4) == UInt8(ascii: "-"), let month = digits(i + 5, 2),
      byte(i + 7) == UInt8(ascii: "-"), let day = digits(i + 8, 2), (1...12).contains(month),
      day >= 1, day <= CivilDate.daysInMonth(year, month)
    {
      let midnight = Double(CivilDate.days(year: year, month: month, day: day)) * 86400
      var k = i + 10
      if let b = byte(k), b == UInt8(ascii: "T") || b == UInt8(ascii: " "),
        let (s, end) = clock(k + 1, secondsRequired: false)
      {
        k = end
        // A zone: read and left unapplied (times are shown as written).
        if byte(k) == UInt8(ascii: "Z") {
          k += 1
        } else if let b = byte(k), b == UInt8(ascii: "+") || b == UInt8(ascii: "-"),
          digits(k + 1, 2) != nil
        {
          k += 3
          if byte(k) == UInt8(ascii: ":") { k += 1 }
          if digits(k, 2) != nil { k += 2 }
        }
        return finish(midnight + s, k, .absolute)
      }
      return finish(midnight, k, .absolute)
    }
    // syslog: `Dec  1 12:00:01`.
    if i + 3 <= n, let month = months.firstIndex(where: { $0.elementsEqual(line[i..<i + 3]) }) {
      var k = i + 3
      guard byte(k) == UInt8(ascii: " ") else { return nil }
      while byte(k) == UInt8(ascii: " ") { k += 1 }
      let day: Int
      if let d = digits(k, 2) {
        day = d
        k += 2
      } else if let d = digits(k, 1) {
        day = d
        k += 1
      } else {
        return nil
      }
      guard byte(k) == UInt8(ascii: " ") else { return nil }
      while byte(k) == UInt8(ascii: " ") { k += 1 }
      let year = currentYear
      guard day >= 1, day <= CivilDate.daysInMonth(year, month + 1),
        let (s, end) = clock(k, secondsRequired: true)
      else { return nil }
      let midnight = Double(CivilDate.days(year: year, month: month + 1, day: day)) * 86400
      return finish(midnight + s, end, .absolute)
    }
    // A time of day.
    if let (s, end) = clock(i, secondsRequired: true) {
      return finish(s, end, .timeOfDay)
    }
    // Epoch seconds: ten digits, more of the line after them.
    if let whole = digits(i, 10), byte(i + 10).map({ !isDigit($0) }) ?? false {
      var k = i + 10
      var seconds = Double(whole)
      if byte(k) == UInt8(ascii: "."), let b = byte(k + 1), isDigit(b) {
        var scale = 0.1
        k += 1
        while let b = byte(k), isDigit(b) {
          seconds += Double(b - 48) * scale
          scale /= 10
          k += 1
        }
      }
      guard let stamp = finish(seconds, k, .absolute) else { return nil }
      var rest = stamp.end
      while rest < n && StreamParser.isSeparator(line[rest]) { rest += 1 }
      return rest < n ? stamp : nil
    }
    return nil
  }

  /// A number with an optional unit suffix: `12.3ms`, `45%`, `1.2G`, `-3e2`, `20°C`.
  ///
  /// The number is the longest prefix of the form `[+-]digits[.digits][e[+-]digits]` (at
  /// least one digit), read by `DecimalNumber`; the unit is the rest, 1 to 8 bytes of ASCII
  /// letters, `%`, `/`, `°` or `µ`, kept as written (the value is not scaled: `1.2G` is 1.2
  /// with unit `G`). A plain number has unit `nil`; `nan` and `inf` count as plain numbers.
  /// - Parameter token: one token's bytes (no separators inside).
  /// - Returns: the value and unit, or nil when the token is not a number with a unit.
  static func numberWithUnit(_ token: UnsafeBufferPointer<UInt8>) -> (Double, String?)? {
    if let v = DecimalNumber.parse(token) { return (v, nil) }
    let n = token.count
    var i = 0
    if i < n && (token[i] == UInt8(ascii: "+") || token[i] == UInt8(ascii: "-")) { i += 1 }
    var sawDigit = false
    while i < n && isDigit(token[i]) {
      i += 1
      sawDigit = true
    }
    if i < n && token[i] == UInt8(ascii: ".") {
      i += 1
      while i < n && isDigit(token[i]) {
        i += 1
        sawDigit = true
      }
    }
    guard sawDigit else { return nil }
    if i + 1 < n && (token[i] == UInt8(ascii: "e") || token[i] == UInt8(ascii: "E")) {
      var k = i + 1
      if token[k] == UInt8(ascii: "+") || token[k] == UInt8(ascii: "-") { k += 1 }
      if k < n && isDigit(token[k]) {
        while k < n && isDigit(token[k]) { k += 1 }
        i = k
      }
    }
    let unit = UnsafeBufferPointer(rebasing: token[i...])
    guard unit.count >= 1, unit.count <= 8, unit.allSatisfy(isUnitByte),
      let value = DecimalNumber.parse(UnsafeBufferPointer(rebasing: token[..<i]))
    else { return nil }
    return (value, String(decoding: unit, as: UTF8.self))
  }

  /// Unit words that may follow a number as a word of their own (`time=12.3 ms`).
  static let unitWords: Set<String> = [
    "ms", "s", "sec", "us", "µs", "ns", "min", "h", "%", "B", "KB", "kB", "MB", "GB", "TB",
    "KiB", "MiB", "GiB", "TiB", "K", "M", "G", "T", "b/s", "B/s", "kB/s", "KB/s", "MB/s",
    "GB/s", "kbit/s", "Mbit/s", "Gbit/s", "Hz", "kHz", "MHz", "GHz", "C", "°C", "F", "°F", "V",
    "mV", "A", "mA", "W", "kW", "rpm", "req/s", "ops/s",
  ]

  /// The token as a unit word of `unitWords`, or nil.
  static func unitWord(_ token: UnsafeBufferPointer<UInt8>) -> String? {
    guard token.count <= 8, token.count >= 1 else { return nil }
    let text = String(decoding: token, as: UTF8.self)
    return unitWords.contains(text) ? text : nil
  }

  /// Letters, `%`, `/`, and the UTF-8 bytes of `°` (C2 B0) and `µ` (C2 B5).
  static func isUnitByte(_ c: UInt8) -> Bool {
    (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == UInt8(ascii: "%")
      || c == UInt8(ascii: "/") || c == 0xC2 || c == 0xB0 || c == 0xB5
  }

  /// An ASCII digit.
  @inline(__always)
  static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

  /// Space or tab.
  @inline(__always)
  static func isBlank(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 }

  /// Whether the token starts with an ASCII letter (a word that may name the number after it
  /// in a timestamped line).
  static func isWord(_ token: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let c = token.first else { return false }
    return (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == UInt8(ascii: "_")
  }
}

/// A POSIX extended regular expression (`regcomp`/`regexec` from glibc), compiled once.
///
/// A class so the compiled `regex_t` (which must not move) is freed once, when the last
/// copy of a parser lets it go; it is only read after compiling (`regexec` is thread-safe on
/// a compiled pattern), hence `@unchecked Sendable`.
final class LineRegex: @unchecked Sendable {
  /// The compiled pattern.
  private let compiled: UnsafeMutablePointer<regex_t>
  /// The pattern as given.
  let pattern: String

  /// Compiles `pattern` (REG_EXTENDED).
  /// - Throws: the message of `regerror` when the pattern is not a valid regular expression.
  init(_ pattern: String) throws(StreamOptionsError) {
    // Compiled before the properties are set: a throwing init must not reach `deinit`.
    let regex = UnsafeMutablePointer<regex_t>.allocate(capacity: 1)
    let status = regcomp(regex, pattern, REG_EXTENDED)
    if status != 0 {
      var buffer = [CChar](repeating: 0, count: 256)
      regerror(status, regex, &buffer, buffer.count)
      regex.deallocate()
      let message = String(
        decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw .invalidMatch(pattern: pattern, reason: message)
    }
    self.pattern = pattern
    compiled = regex
  }

  deinit {
    regfree(compiled)
    compiled.deallocate()
  }

  /// The byte range of group 1 of the first match in `line` (the whole match when the
  /// pattern has no group or group 1 did not take part), or nil when there is no match.
  /// - Parameter line: the line's bytes (copied with a NUL for `regexec`).
  func firstMatch(in line: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
    var text = [CChar](repeating: 0, count: line.count + 1)
    for k in 0..<line.count { text[k] = CChar(bitPattern: line[k] == 0 ? 0x20 : line[k]) }
    var groups = [regmatch_t](repeating: regmatch_t(), count: 2)
    guard regexec(compiled, text, 2, &groups, 0) == 0 else { return nil }
    let chosen = groups[1].rm_so >= 0 ? groups[1] : groups[0]
    return Int(chosen.rm_so)..<Int(chosen.rm_eo)
  }
}
