import TestSupport
import Testing
import TextAndNumbers

@testable import DataFiles

// The data cells' short-number path (`NumberParser.short`) against `DecimalNumber.parse`
// and C's strtod (the oracle): the same double, bit for bit, for every short cell, and
// NaN (the general reader takes over) for every cell that is not of its form.
@Suite struct ShortNumberTests {
  static func cell(_ bytes: [UInt8]) -> (short: Double, parsed: Double?, general: Double?) {
    bytes.withUnsafeBufferPointer { b in
      let p = b.baseAddress!
      return (
        NumberParser.short(p, b.count), NumberParser.parse(p, b.count, decimalComma: false),
        DecimalNumber.parse(p, b.count)
      )
    }
  }

  /// A random short cell: a sign or none, 0-12 digits with a point among them or none,
  /// now and then a byte that is not of the form.
  static func randomShort(_ g: inout SplitMix64) -> [UInt8] {
    var s: [UInt8] = []
    switch g.below(5) {
    case 0, 1: s.append(UInt8(ascii: "-"))
    case 2: s.append(UInt8(ascii: "+"))
    default: break
    }
    let digits = g.below(13)
    let point = g.below(3) == 0 ? -1 : g.below(digits + 1)
    for k in 0..<digits {
      if k == point { s.append(UInt8(ascii: ".")) }
      s.append(UInt8(ascii: "0") + UInt8(g.below(g.below(3) == 0 ? 2 : 10)))
    }
    if point == digits { s.append(UInt8(ascii: ".")) }
    if g.below(20) == 0 {
      let odd: [UInt8] = Array("eE+- .,x\u{0}9/:".utf8) + [0x80, 0xFF]
      s.insert(odd[g.below(odd.count)], at: g.below(s.count + 1))
    }
    return s
  }

  @Test func shortCellsReadAsStrtodReadsThem() {
    var g = SplitMix64(seed: 19)
    var shortOnes = 0
    for _ in 0..<400_000 {
      let bytes = Self.randomShort(&g)
      let (short, parsed, general) = Self.cell(bytes)
      let text = String(decoding: bytes, as: UTF8.self)
      #expect(parsed?.bitPattern == general?.bitPattern, "\(text)")
      if !short.isNaN {
        shortOnes += 1
        #expect(short.bitPattern == general?.bitPattern, "\(text)")
        #expect(short.bitPattern == DecimalOracleTests.strtodValue(bytes)?.bitPattern, "\(text)")
      }
    }
    #expect(shortOnes > 100_000)
  }

  @Test func theGeneralReaderTakesEveryOtherCell() {
    let others = [
      "", "-", ".", "-.", "0", "-0", "0.000", "-0.0", "+1", "1e3", "1E-2", "nan", "inf", "-inf",
      "1234567890123", "0.123456789012", " 1", "1 ", "1,5", "--1", "1.2.3", "0x1F", "١",
    ]
    for text in others {
      let (short, parsed, general) = Self.cell(Array(text.utf8))
      #expect(short.isNaN, "\(text)")
      #expect(parsed?.bitPattern == general?.bitPattern, "\(text)")
    }
    for text in ["5.", ".5", "-.5", "007", "123456789012", "-9999.999", ".12345678901", "1"] {
      let (short, _, general) = Self.cell(Array(text.utf8))
      #expect(!short.isNaN && short.bitPattern == general?.bitPattern, "\(text)")
    }
  }
}
