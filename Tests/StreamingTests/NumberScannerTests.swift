import Glibc
import TestSupport
import Testing

@testable import Streaming

struct NumberCase: Sendable, CustomStringConvertible {
  let text: String
  let value: Double?
  var description: String { "'\(text)'" }
}

@Suite struct NumberScannerTests {
  static let cases: [NumberCase] = [
    .init(text: "0", value: 0), .init(text: "-0", value: -0.0), .init(text: "42", value: 42),
    .init(text: "-3.5", value: -3.5), .init(text: "+7", value: 7), .init(text: ".5", value: 0.5),
    .init(text: "5.", value: 5), .init(text: "1e3", value: 1000), .init(text: "1E-3", value: 0.001),
    .init(text: "-2.5e+2", value: -250), .init(text: "0.1", value: 0.1),
    .init(text: "123456789012345678901234", value: 123_456_789_012_345_685_803_008),
    .init(text: "1.7976931348623157e308", value: .greatestFiniteMagnitude),
    .init(text: "4.9e-324", value: .leastNonzeroMagnitude),
    .init(text: "1e400", value: .infinity), .init(text: "inf", value: .infinity),
    .init(text: "-inf", value: -.infinity), .init(text: "Infinity", value: .infinity),
    .init(text: "nan", value: .nan), .init(text: "NaN", value: .nan),
    .init(text: "-nan", value: .nan),
    // Hex floats are not numbers (graphcalc's one number reader, as in data files).
    .init(text: "0x10", value: nil), .init(text: "0x1p3", value: nil),
    .init(text: "", value: nil), .init(text: "-", value: nil), .init(text: ".", value: nil),
    .init(text: "1e", value: nil), .init(text: "1e+", value: nil), .init(text: "12abc", value: nil),
    .init(text: "abc", value: nil), .init(text: "1.2.3", value: nil),
    .init(text: "--1", value: nil),
    .init(text: "r", value: nil), .init(text: "swpd", value: nil),
    .init(text: "-----io----", value: nil),
  ]

  @Test(arguments: cases)
  func parsesToken(_ c: NumberCase) {
    let got = NumberScanner.parse(c.text)
    #expect(same(got, c.value), "\(c.text) gave \(String(describing: got))")
    if let got, let want = c.value, got == 0 { #expect(got.sign == want.sign) }
  }

  /// The fast path must agree bit for bit with strtod (correct rounding) on random decimals.
  @Test func agreesWithStrtodOnRandomDecimals() {
    let seed: UInt64 = 20_240_601
    print("NumberScanner random decimals seed: \(seed)")
    var rng = SplitMix64(seed: seed)
    for _ in 0..<20_000 {
      let intDigits = Int.random(in: 0...12, using: &rng)
      let fracDigits = Int.random(in: 0...10, using: &rng)
      var s = Bool.random(using: &rng) ? "-" : ""
      for _ in 0..<intDigits { s.append(Character(String(Int.random(in: 0...9, using: &rng)))) }
      if fracDigits > 0 || intDigits == 0 {
        s += "."
        for _ in 0..<Swift.max(1, fracDigits) {
          s.append(Character(String(Int.random(in: 0...9, using: &rng))))
        }
      }
      if Bool.random(using: &rng) { s += "e\(Int.random(in: -30...30, using: &rng))" }
      let want = strtod(s, nil)
      let got = NumberScanner.parse(s)
      #expect(
        got?.bitPattern == want.bitPattern,
        "\(s): \(String(describing: got)) vs \(want) (seed \(seed))")
    }
  }
}
