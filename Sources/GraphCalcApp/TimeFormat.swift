import Glibc
import GraphView
import TextAndNumbers

/// gnuplot's time formats (`set timefmt`, `set format x` on a time axis, `strftime`,
/// `strptime`, `timecolumn`): times are seconds since 1970-01-01 00:00 UTC, as in gnuplot
/// 5.4, which reads and writes them in UTC (`help timefmt`, `help time_specifiers`; its
/// `gstrptime` and `gstrftime` in src/time.c are what these follow).
public enum TimeFormat {
  static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]
  static let dayNames = [
    "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
  ]

  /// Reads `text` by `format` (gnuplot's `strptime`): `%d %m %y %Y %j %H %M %S %s %b %B %a
  /// %A %p %%`, a blank matching zero or more blanks, any other character itself. `%d %m %y
  /// %H %M %S` read at most two digits, `%Y` four, `%j` three (so `%H%M` reads `1220`); `%S`
  /// takes a fraction after a decimal point; `%s` reads seconds since the epoch (with a
  /// fraction); a two-digit year 69-99 is 19YY, 00-68 20YY; fields not read are 1970-01-01
  /// 00:00:00, also where the text ends before the format (gnuplot reads `1/6/93` by
  /// `%d/%m/%y\t%H%M`).
  ///
  /// - Parameters:
  ///   - text: The text (its start is read; what follows the format is ignored).
  ///   - format: The format.
  /// - Returns: The time in seconds since the epoch, UTC, and how many bytes of `text` were
  ///   read; nil when the text does not match the format.
  public static func parse(_ text: String, format: String) -> (seconds: Double, length: Int)? {
    let s = Array(text.utf8)
    let f = Array(format.utf8)
    var i = 0
    var year = 1970
    var month = 1
    var day = 1
    var yday: Int? = nil
    var hour = 0
    var minute = 0
    var second = 0.0
    var epoch: Double? = nil
    var pm: Bool? = nil
    func isBlank(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 }
    func digits(_ most: Int) -> Int? {
      var j = i
      var negative = false
      if j < s.count, s[j] == UInt8(ascii: "-") {
        negative = true
        j += 1
      }
      var v = 0
      var n = 0
      while j < s.count, n < most, s[j] >= 0x30, s[j] <= 0x39 {
        v = v * 10 + Int(s[j] - 0x30)
        j += 1
        n += 1
      }
      guard n > 0 else { return nil }
      i = j
      return negative ? -v : v
    }
    func fraction() -> Double {
      guard i < s.count, s[i] == UInt8(ascii: ".") else { return 0 }
      var j = i + 1
      var scale = 0.1
      var v = 0.0
      while j < s.count, s[j] >= 0x30, s[j] <= 0x39 {
        v += Double(s[j] - 0x30) * scale
        scale /= 10
        j += 1
      }
      i = j
      return v
    }
    func name(_ names: [String], whole: Bool) -> Int? {
      for (k, n) in names.enumerated() {
        let full = Array(n.utf8)
        let want = whole ? full : Array(full.prefix(3))
        guard i + want.count <= s.count else { continue }
        let piece = s[i..<(i + want.count)]
        if zip(piece, want).allSatisfy({ ($0 | 0x20) == ($1 | 0x20) }) {
          i += want.count
          return k
        }
      }
      return nil
    }
    var k = 0
    while k < f.count {
      let c = f[k]
      if isBlank(c) {
        while i < s.count, isBlank(s[i]) { i += 1 }
        k += 1
        continue
      }
      // The text may end before the format does: the fields not read keep their
      // defaults (gnuplot reads "1/6/93" by "%d/%m/%y\t%H%M").
      if i == s.count { break }
      guard c == UInt8(ascii: "%"), k + 1 < f.count else {
        guard i < s.count, s[i] == c else { return nil }
        i += 1
        k += 1
        continue
      }
      let spec = f[k + 1]
      k += 2
      switch spec {
      case UInt8(ascii: "d"):
        guard let v = digits(2) else { return nil }
        day = v
      case UInt8(ascii: "m"):
        guard let v = digits(2) else { return nil }
        month = v
      case UInt8(ascii: "y"):
        guard let v = digits(2) else { return nil }
        year = v < 69 ? 2000 + v : 1900 + v
      case UInt8(ascii: "Y"):
        guard let v = digits(4) else { return nil }
        year = v
      case UInt8(ascii: "j"):
        guard let v = digits(3) else { return nil }
        yday = v
      case UInt8(ascii: "H"):
        guard let v = digits(2) else { return nil }
        hour = v
      case UInt8(ascii: "M"):
        guard let v = digits(2) else { return nil }
        minute = v
      case UInt8(ascii: "S"):
        guard let v = digits(2) else { return nil }
        second = Double(v) + (v < 0 ? -fraction() : fraction())
      case UInt8(ascii: "s"):
        guard let v = digits(20) else { return nil }
        epoch = Double(v) + (v < 0 ? -fraction() : fraction())
      case UInt8(ascii: "b"):
        guard let m = name(monthNames, whole: false) else { return nil }
        month = m + 1
      case UInt8(ascii: "B"):
        guard let m = name(monthNames, whole: true) ?? name(monthNames, whole: false) else {
          return nil
        }
        month = m + 1
      case UInt8(ascii: "a"):
        guard name(dayNames, whole: false) != nil else { return nil }
      case UInt8(ascii: "A"):
        guard name(dayNames, whole: true) ?? name(dayNames, whole: false) != nil else {
          return nil
        }
      case UInt8(ascii: "p"):
        guard i + 2 <= s.count else { return nil }
        let a = s[i] | 0x20
        let b = s[i + 1] | 0x20
        guard b == UInt8(ascii: "m"), a == UInt8(ascii: "a") || a == UInt8(ascii: "p") else {
          return nil
        }
        pm = a == UInt8(ascii: "p")
        i += 2
      case UInt8(ascii: "%"):
        guard i < s.count, s[i] == UInt8(ascii: "%") else { return nil }
        i += 1
      default:
        return nil
      }
    }
    guard i > 0 || f.isEmpty else { return nil }  // nothing read
    if let epoch { return (epoch, i) }
    if let pm {
      if pm && hour < 12 { hour += 12 }
      if !pm && hour == 12 { hour = 0 }
    }
    let days: Int
    if let yday {
      days = CivilDate.days(year: year, month: 1, day: 1) + yday - 1
    } else {
      // Months past 12 carry into years, as timegm normalises them.
      let m0 = month - 1
      let y = year + (m0 >= 0 ? m0 / 12 : (m0 - 11) / 12)
      let m = ((m0 % 12) + 12) % 12 + 1
      days = CivilDate.days(year: y, month: m, day: 1) + day - 1
    }
    let seconds = Double(days) * 86400 + Double(hour) * 3600 + Double(minute) * 60 + second
    return (seconds, i)
  }

  /// Writes the time `seconds` (since the epoch, UTC) by `format` (gnuplot's `strftime`,
  /// also its time tick labels): `%a %A %b %h %B %d %e %D %F %H %k %I %l %j %m %M %p %r %R %S
  /// %T %s %y %Y %w %%`, a `%.Nf`-style precision on `%S` (`%.3S`: seconds with three
  /// decimals) and `%s`, a `0` or width between `%` and the letter (`%3d`), any other
  /// character as itself; an unknown conversion is written as typed.
  ///
  /// - Parameters:
  ///   - seconds: The time, seconds since the epoch (UTC).
  ///   - format: The format.
  /// - Returns: The text; the format itself when `seconds` is not finite.
  public static func format(_ seconds: Double, format: String) -> String {
    guard seconds.isFinite, abs(seconds) < 1e15 else { return format }
    let whole = (seconds).rounded(.down)
    let frac = seconds - whole
    let t = Int(whole)
    let days = t >= 0 ? t / 86400 : (t - 86399) / 86400
    let sod = t - days * 86400
    let (year, month, day) = CivilDate.date(days: days)
    let hour = sod / 3600
    let minute = sod % 3600 / 60
    let second = sod % 60
    let weekday = ((days % 7) + 7 + 4) % 7  // 1970-01-01 was a Thursday
    let yday = days - CivilDate.days(year: year, month: 1, day: 1) + 1
    let f = Array(format.utf8)
    var out: [UInt8] = []
    func pad(_ v: Int, _ width: Int, _ fill: UInt8 = 0x30) {
      let d = Array(String(abs(v)).utf8)
      if v < 0 { out.append(UInt8(ascii: "-")) }
      if d.count < width { out += [UInt8](repeating: fill, count: width - d.count) }
      out += d
    }
    var k = 0
    while k < f.count {
      let c = f[k]
      guard c == UInt8(ascii: "%"), k + 1 < f.count else {
        out.append(c)
        k += 1
        continue
      }
      let start = k
      k += 1
      var width: Int? = nil
      var precision: Int? = nil
      var zero = false
      if f[k] == UInt8(ascii: "0") {
        zero = true
        k += 1
      }
      while k < f.count, f[k] >= 0x30, f[k] <= 0x39 {
        width = (width ?? 0) * 10 + Int(f[k] - 0x30)
        k += 1
      }
      if k < f.count, f[k] == UInt8(ascii: ".") {
        k += 1
        var p = 0
        while k < f.count, f[k] >= 0x30, f[k] <= 0x39 {
          p = p * 10 + Int(f[k] - 0x30)
          k += 1
        }
        precision = p
      }
      guard k < f.count else {
        out += f[start...]
        break
      }
      let spec = f[k]
      k += 1
      func number(_ v: Int, _ natural: Int) {
        pad(v, width ?? natural, zero || width == nil ? 0x30 : 0x20)
      }
      switch spec {
      case UInt8(ascii: "a"): out += Array(dayNames[weekday].prefix(3).utf8)
      case UInt8(ascii: "A"): out += Array(dayNames[weekday].utf8)
      case UInt8(ascii: "b"), UInt8(ascii: "h"): out += Array(monthNames[month - 1].prefix(3).utf8)
      case UInt8(ascii: "B"): out += Array(monthNames[month - 1].utf8)
      case UInt8(ascii: "d"): number(day, 2)
      case UInt8(ascii: "e"): pad(day, width ?? 2, 0x20)
      case UInt8(ascii: "D"):
        pad(month, 2)
        out.append(UInt8(ascii: "/"))
        pad(day, 2)
        out.append(UInt8(ascii: "/"))
        pad(((year % 100) + 100) % 100, 2)
      case UInt8(ascii: "F"):
        pad(year, 4)
        out.append(UInt8(ascii: "-"))
        pad(month, 2)
        out.append(UInt8(ascii: "-"))
        pad(day, 2)
      case UInt8(ascii: "H"): number(hour, 2)
      case UInt8(ascii: "k"): pad(hour, width ?? 2, 0x20)
      case UInt8(ascii: "I"): number(hour % 12 == 0 ? 12 : hour % 12, 2)
      case UInt8(ascii: "l"): pad(hour % 12 == 0 ? 12 : hour % 12, width ?? 2, 0x20)
      case UInt8(ascii: "j"): number(yday, 3)
      case UInt8(ascii: "m"): number(month, 2)
      case UInt8(ascii: "M"): number(minute, 2)
      case UInt8(ascii: "p"): out += Array((hour < 12 ? "am" : "pm").utf8)
      case UInt8(ascii: "P"): out += Array((hour < 12 ? "AM" : "PM").utf8)
      case UInt8(ascii: "r"):
        pad(hour % 12 == 0 ? 12 : hour % 12, 2)
        out.append(UInt8(ascii: ":"))
        pad(minute, 2)
        out.append(UInt8(ascii: ":"))
        pad(second, 2)
        out += Array((hour < 12 ? " am" : " pm").utf8)
      case UInt8(ascii: "R"):
        pad(hour, 2)
        out.append(UInt8(ascii: ":"))
        pad(minute, 2)
      case UInt8(ascii: "T"):
        pad(hour, 2)
        out.append(UInt8(ascii: ":"))
        pad(minute, 2)
        out.append(UInt8(ascii: ":"))
        pad(second, 2)
      case UInt8(ascii: "S"):
        if let p = precision, p > 0 {
          let v = Double(second) + frac
          let text = fixed(v, p)
          let w = (width ?? 0) > 0 ? width! : p + 3
          if text.utf8.count < w { out += [UInt8](repeating: 0x30, count: w - text.utf8.count) }
          out += Array(text.utf8)
        } else {
          number(second, 2)
        }
      case UInt8(ascii: "s"):
        if let p = precision, p > 0 {
          out += Array(fixed(seconds, p).utf8)
        } else {
          out += Array(String(t).utf8)
        }
      case UInt8(ascii: "y"): number(((year % 100) + 100) % 100, 2)
      case UInt8(ascii: "Y"): number(year, 4)
      case UInt8(ascii: "w"): number(weekday, 1)
      case UInt8(ascii: "%"): out.append(UInt8(ascii: "%"))
      default: out += f[start..<k]
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// `v` with `p` decimals (at most 9), as C's `%.*f` for the values a time has.
  static func fixed(_ v: Double, _ p: Int) -> String {
    let digits = min(max(p, 0), 9)
    var scale = 1
    for _ in 0..<digits { scale *= 10 }
    let scaled = (abs(v) * Double(scale)).rounded()
    guard scaled < 9e18 else { return String(v) }
    let n = Int(scaled)
    var text = String(n / scale)
    if digits > 0 {
      let f = String(n % scale)
      text += "." + String(repeating: "0", count: digits - f.count) + f
    }
    return (v < 0 && n != 0 ? "-" : "") + text
  }

  /// `ticks` (a time axis's, in seconds) labelled by `format` (a major tick with a label);
  /// a line break of the format is a blank (tick labels are one line).
  static func relabel(_ ticks: [Tick], format: String) -> [Tick] {
    let oneLine = String(format.map { $0 == "\n" ? " " : $0 })
    return ticks.map { t in
      t.isMinor || t.label.isEmpty
        ? t : Tick(value: t.value, label: Self.format(t.value, format: oneLine), isMinor: false)
    }
  }

  /// Whether `format` has a conversion of a time (`%d`, `%H`, `%b`, ...), as a tick format
  /// only a time axis takes.
  public static func hasTimeConversion(_ format: String) -> Bool {
    let f = Array(format.utf8)
    var k = 0
    while k + 1 < f.count {
      if f[k] == UInt8(ascii: "%") {
        var j = k + 1
        while j < f.count, (f[j] >= 0x30 && f[j] <= 0x39) || f[j] == UInt8(ascii: ".") { j += 1 }
        if j < f.count, Array("aAbhBdeDFHkIljmMprRSTyYw".utf8).contains(f[j]) { return true }
        k = j + 1
        continue
      }
      k += 1
    }
    return false
  }
}
