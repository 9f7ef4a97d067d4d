import Glibc
import TestSupport
import Testing
import TextAndNumbers

/// `DecimalNumber.parse` (eight digits a word, Clinger's fast path, strtod for the rest)
/// against C's `strtod`, the oracle: the same double, bit for bit, for a million random
/// decimal strings of every shape, read both alone and with more digits after them in
/// memory (never taken); and the same syntax as before (what is not a number stays not a
/// number).
@Suite struct DecimalOracleTests {
  /// strtod's value of the bytes, or nil when it does not take all of them.
  static func strtodValue(_ bytes: [UInt8]) -> Double? {
    var text = bytes.map { CChar(bitPattern: $0) }
    text.append(0)
    return text.withUnsafeMutableBufferPointer { t -> Double? in
      var end: UnsafeMutablePointer<CChar>? = nil
      let v = strtod(t.baseAddress!, &end)
      return end! - t.baseAddress! == bytes.count ? v : nil
    }
  }

  /// The parse of `bytes`, alone and then followed in memory by `after` (digits there must
  /// not be taken).
  static func parsed(_ bytes: [UInt8], after: [UInt8]) -> (alone: Double?, padded: Double?) {
    let alone = bytes.withUnsafeBufferPointer { DecimalNumber.parse($0.baseAddress!, $0.count) }
    let all = bytes + after
    let padded = all.withUnsafeBufferPointer { DecimalNumber.parse($0.baseAddress!, bytes.count) }
    return (alone, padded)
  }

  static func same(_ a: Double?, _ b: Double?) -> Bool {
    a?.bitPattern == b?.bitPattern
  }

  /// A random decimal string: a sign or none, 0-25 integer digits (leading zeros often),
  /// a point or none, 0-25 fraction digits, an exponent or none (e or E, a sign or none,
  /// 1-3 digits); at least one digit before the exponent.
  static func randomDecimal(_ g: inout SplitMix64) -> [UInt8] {
    var s: [UInt8] = []
    switch g.below(4) {
    case 0: s.append(UInt8(ascii: "-"))
    case 1: s.append(UInt8(ascii: "+"))
    default: break
    }
    func digits(_ count: Int) {
      for _ in 0..<count { s.append(UInt8(ascii: "0") + UInt8(g.below(10))) }
    }
    let lengths = [0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 19, 20, 25]
    var integer = lengths[g.below(lengths.count)]
    let fraction = g.below(3) == 0 ? 0 : lengths[g.below(lengths.count)]
    if integer + fraction == 0 { integer = 1 }
    if g.below(4) == 0 {
      let zeros = g.below(12)
      for _ in 0..<zeros { s.append(UInt8(ascii: "0")) }
    }
    digits(integer)
    if fraction > 0 || g.below(4) == 0 {
      s.append(UInt8(ascii: "."))
      if g.below(4) == 0 {
        for _ in 0..<g.below(12) { s.append(UInt8(ascii: "0")) }
      }
      digits(fraction)
    }
    if g.below(3) == 0 {
      s.append(g.below(2) == 0 ? UInt8(ascii: "e") : UInt8(ascii: "E"))
      switch g.below(3) {
      case 0: s.append(UInt8(ascii: "-"))
      case 1: s.append(UInt8(ascii: "+"))
      default: break
      }
      let e = [g.below(10), g.below(30), g.below(400)][g.below(3)]
      s += Array(String(e).utf8)
    }
    return s
  }

  @Test func aMillionRandomDecimalsAreStrtodsDoubles() {
    var g = SplitMix64(seed: 19_000_001)
    var wrong: [String] = []
    let tails: [[UInt8]] = [
      [], Array("12345678".utf8), Array(",99999999999999".utf8), Array("\n".utf8),
      Array("0000000000000000".utf8),
    ]
    for _ in 0..<1_000_000 {
      let s = Self.randomDecimal(&g)
      let expected = Self.strtodValue(s)
      let got = Self.parsed(s, after: tails[g.below(tails.count)])
      if expected == nil || !Self.same(got.alone, expected) || !Self.same(got.padded, expected) {
        if wrong.count < 10 { wrong.append(String(decoding: s, as: UTF8.self)) }
      }
    }
    #expect(wrong.isEmpty, "\(wrong)")
  }

  @Test(arguments: [
    "0", "-0", "+0", "0.0", "-0.0", "-0e5", "00000000000000000000000000", "0.000000000000000000000",
    "9007199254740992", "9007199254740993", "9007199254740994", "9007199254740995",
    "18446744073709551615", "18446744073709551616", "99999999999999999999", "1e23", "8.9e22",
    "1e22", "1e-22", "1e-23", "4.9e-324", "5e-324", "2.4703282292062327e-324",
    "2.4703282292062328e-324", "2.2250738585072011e-308", "2.2250738585072014e-308",
    "1.7976931348623157e308", "1.7976931348623159e308", "1e309", "1e-400", "123456789012345678",
    "1234567890123456789", "12345678901234567890", "0.1", "0.3", "12345678.87654321", ".5",
    "5.", "-.5e-3", "1E+2", "7e0", "0001.2500", "3.14159265358979323846264338327950288",
    "0.000000000000000000000000000001", "1e100000", "1e-100000", "12345678", "123456789",
    "1234567.8", "99999999.99999999",
  ])
  func edgeCasesAreStrtodsDoubles(_ text: String) {
    let bytes = Array(text.utf8)
    let expected = Self.strtodValue(bytes)
    let got = Self.parsed(bytes, after: Array("98765432".utf8))
    #expect(expected != nil)
    #expect(Self.same(got.alone, expected))
    #expect(Self.same(got.padded, expected))
  }

  /// What the reader never took stays not a number: hex floats, blanks, groups, a lone
  /// sign, point or exponent, two points, text after the number.
  @Test(arguments: [
    "", "-", "+", ".", "-.", "e5", "1e", "1e+", "1e-", "1.2.3", "0x10", "0x1p3", "1,5", " 1",
    "1 ", "--1", "+-1", "1_000", "12345678x", "1234567890123456789x", "1.5f", "nan1", "infinit",
    "1e5.5", "١",
  ])
  func nonNumbersStayNonNumbers(_ text: String) {
    let got = Self.parsed(Array(text.utf8), after: Array("12345678".utf8))
    #expect(got.alone == nil)
    #expect(got.padded == nil)
  }

  @Test(arguments: ["nan", "-NaN", "inf", "-Infinity", "+INF"])
  func specialWordsStillRead(_ text: String) {
    let got = Self.parsed(Array(text.utf8), after: Array("12345678".utf8))
    let expected = Self.strtodValue(Array(text.utf8))
    #expect(got.alone?.isNaN == expected?.isNaN)
    #expect(got.padded?.isNaN == expected?.isNaN)
    if expected?.isNaN == false {
      #expect(got.alone == expected)
      #expect(got.padded == expected)
    }
  }
}
