import Foundation
import TestSupport
import Testing

@testable import DataFiles

// MARK: Dates

/// One date text and its Unix seconds (checked against Python's `calendar.timegm`).
struct DateCase: Sendable, CustomStringConvertible {
  let text: String
  let seconds: Double
  var description: String { text }
}

// MARK: Numbers

/// `NumberParser.parse` on a string.
func parseNumber(_ text: String) -> Double? {
  var s = text
  return s.withUTF8 { u in
    guard let p = u.baseAddress else { return nil }
    return NumberParser.parse(p, u.count)
  }
}

// MARK: using

@Suite struct ParsingTests {
  @Test(arguments: [
    DateCase(text: "2012-01-01", seconds: 1_325_376_000),
    DateCase(text: "2012-01-01T13:45:00", seconds: 1_325_425_500),
    DateCase(text: "2012-01-01 13:45", seconds: 1_325_425_500),
    DateCase(text: "2012-01-01T13:45:00Z", seconds: 1_325_425_500),
    DateCase(text: "2012-01-01T13:45:00+01:00", seconds: 1_325_421_900),
    DateCase(text: "2012-01-01T13:45:00-0530", seconds: 1_325_445_300),
    DateCase(text: "2012-01-01 13:45:00 UTC", seconds: 1_325_425_500),
    DateCase(text: "2024-12-31T23:59:59.5Z", seconds: 1_735_689_599.5),
    DateCase(text: "  2012-1-1  ", seconds: 1_325_376_000),
    DateCase(text: "2012/01/01", seconds: 1_325_376_000),
    DateCase(text: "01/06/93", seconds: 738_892_800),
    DateCase(text: "17/08/93", seconds: 745_545_600),
    DateCase(text: "01/06/1993", seconds: 738_892_800),
    DateCase(text: "2/27/2003", seconds: 1_046_304_000),
    DateCase(text: "12/31/1999 23:59", seconds: 946_684_740),
    DateCase(text: "01/01/68", seconds: 3_092_601_600),
    DateCase(text: "01/01/69", seconds: -31_536_000),
    DateCase(text: "Jan 1 2000", seconds: 946_684_800),
    DateCase(text: "January 1, 2000", seconds: 946_684_800),
    DateCase(text: "1 Jan 2000", seconds: 946_684_800),
    DateCase(text: "01-JAN-2000", seconds: 946_684_800),
    DateCase(text: "Sept 30 2000", seconds: 970_272_000),
    DateCase(text: "13:45", seconds: 49_500),
    DateCase(text: "1970-01-01", seconds: 0),
    DateCase(text: "1969-12-31", seconds: -86_400),
    DateCase(text: "2000-02-29", seconds: 951_782_400),
    DateCase(text: "1900-03-01", seconds: -2_203_891_200),
    DateCase(text: "0001-01-01", seconds: -62_135_596_800),
    DateCase(text: "9999-12-31", seconds: 253_402_214_400),
  ])
  func datesParseToExactUnixSeconds(_ c: DateCase) {
    #expect(DateParser.unixSeconds(c.text) == c.seconds)
  }

  @Test(arguments: [
    "", "2012-02-30", "2011-02-29", "2012-13-01", "2012-00-10", "13/13/2000", "1891-1900",
    "0900", "12345", "1.5", "Foo 1 2000", "Ja 1 2000", "2012-01-01T25:00", "2012-01-01T12:60",
    "2012-01-01 13:45 +25:00", "2012-01-01x", "2012-01-01T", "01/06/193", "Jan 32 2000",
    "24:01", "NA", "-",
  ])
  func nonDatesAreRejected(_ text: String) {
    #expect(DateParser.unixSeconds(text) == nil)
  }

  @Test func slashOrderCanBeForced() {
    #expect(DateParser.unixSeconds("01/06/93", slashOrder: .monthFirst) == 726_278_400)  // Jan 6
    #expect(DateParser.unixSeconds("01/06/93", slashOrder: .dayFirst) == 738_892_800)  // Jun 1
    #expect(DateParser.unixSeconds("2/27/2003", slashOrder: .dayFirst) == nil)
  }

  @Test func civilDayCountsRoundTrip() {
    // Every day from 1600-01-01 to 2400-12-31 maps back to itself, and consecutive dates are
    // consecutive day counts.
    var expected = DateParser.daysFromCivil(year: 1600, month: 1, day: 1)
    for year in 1600...2400 {
      for month in 1...12 {
        for day in 1...DateParser.daysInMonth(year, month) {
          let days = DateParser.daysFromCivil(year: year, month: month, day: day)
          let back = DateParser.civilFromDays(days)
          if days != expected || back != (year, month, day) {
            Issue.record("\(year)-\(month)-\(day) -> \(days) (want \(expected)) -> \(back)")
            return
          }
          expected += 1
        }
      }
    }
    #expect(DateParser.daysFromCivil(year: 1970, month: 1, day: 1) == 0)
  }

  @Test(arguments: [
    ("0", 0.0), ("-0", -0.0), ("+7", 7.0), ("1.5", 1.5), ("-2.25e1", -22.5), (".5", 0.5),
    ("5.", 5.0), ("1E3", 1000.0), ("1e-3", 0.001), ("0.000123", 0.000123),
    ("000012", 12.0), ("9007199254740993", 9_007_199_254_740_992.0),
    ("123456789012345678901234567890", 1.2345678901234568e29),
    ("1.7976931348623157e308", Double.greatestFiniteMagnitude),
    ("4.9e-324", Double.leastNonzeroMagnitude),
    ("1e400", Double.infinity), ("1e-400", 0.0),
    ("0.1000000000000000055511151231257827", 0.1),
  ])
  func numbersParse(_ text: String, _ value: Double) {
    let parsed = parseNumber(text)
    #expect(parsed == value)
    #expect(parsed?.sign == value.sign)
  }

  @Test(arguments: [
    "", "-", "+", ".", "e5", "1e", "1e+", "1.2.3", "1,5", "0x10", "1 2", "12abc", "--1", "1e5x",
    "nan(1)", "infin", "in",
  ])
  func nonNumbersAreRejected(_ text: String) {
    #expect(parseNumber(text) == nil)
  }

  /// Data files read `nan` and `inf` as streams and the calculator do (graphcalc's one number
  /// reader, `DecimalNumber`): numbers, so the column stays numeric; hex floats are not numbers.
  @Test(arguments: [
    ("inf", Double.infinity), ("-inf", -Double.infinity), ("+Infinity", Double.infinity),
    ("INF", Double.infinity),
  ])
  func infinitiesAreNumbers(_ text: String, _ value: Double) {
    #expect(parseNumber(text) == value)
  }

  @Test(arguments: ["nan", "NaN", "-nan", "NAN"])
  func nanIsANumber(_ text: String) {
    #expect(parseNumber(text)?.isNaN == true)
  }

  @Test func numbersRoundTripExactlyLikeTheStandardLibrary() {
    let seed: UInt64 = 20_240_601
    var rng = SplitMix64(seed: seed)
    var checked = 0
    for _ in 0..<5_000 {
      let bits = rng.next()
      let d = Double(bitPattern: bits)
      guard d.isFinite else { continue }
      let scaled = [
        d, Double(Int64(truncatingIfNeeded: bits) >> 20) / 1000, Double(bits >> 40) * 1e-7,
      ]
      for v in scaled {
        for text in [
          "\(v)", String(format: "%.17g", v), String(format: "%.6e", v), String(format: "%.3f", v),
        ] {
          let expected = Double(text)
          let parsed = parseNumber(text)
          if parsed != expected {
            Issue.record(
              "seed \(seed): \(text) parsed as \(String(describing: parsed)), want \(String(describing: expected))"
            )
            return
          }
          checked += 1
        }
      }
    }
    #expect(checked > 25_000)
  }

  @Test func usingSpecs() throws {
    let a = try DataFile.parseUsing("1:2")
    #expect(a.x == .index(1) && a.y == .index(2))
    let b = try DataFile.parseUsing("date:temp_max")
    #expect(b.x == .name("date") && b.y == .name("temp_max"))
    let c = try DataFile.parseUsing("3")
    #expect(c.x == nil && c.y == .index(3))
    let d = try DataFile.parseUsing(" $1 : \"max temp\" ")
    #expect(d.x == .index(1) && d.y == .name("max temp"))
    let e = try DataFile.parseUsing("0:'a:b'")
    #expect(e.x == .index(0) && e.y == .name("a:b"))
    #expect(
      try DataFile.parseColumnList("Region:Italy:France") == [
        .name("Region"), .name("Italy"), .name("France"),
      ])
    #expect(try DataFile.parseColumnList("99999999999999999999") == [.index(Int.max)])
  }

  @Test func usingErrorsReadWithoutAPath() {
    do {
      _ = try DataFile.parseUsing("1:2:3")
      Issue.record("no error")
    } catch {
      #expect(error.description == "using takes one or two columns (y, or x:y); \"1:2:3\" has 3")
    }
  }

  @Test(arguments: ["", "1:", ":2", "1:2:3", "-1:2", "\"open:2"])
  func badUsingSpecsThrow(_ spec: String) {
    #expect(throws: DataFileError.self) { try DataFile.parseUsing(spec) }
  }

  @Test func suggestionsByEditDistance() {
    let names = ["date", "precipitation", "temp_max", "temp_min", "wind", "weather"]
    #expect(Suggestion.nearest(to: "tmp_max", among: names) == "temp_max")
    #expect(Suggestion.nearest(to: "WIND", among: names) == "wind")
    #expect(Suggestion.nearest(to: "pressure", among: names) == nil)
    #expect(Suggestion.distance(Array("kitten"), Array("sitting")) == 3)
  }
}
