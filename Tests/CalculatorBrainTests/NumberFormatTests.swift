import CalculatorBrain
import Glibc
import TestSupport
import Testing

/// The calculator's `%.15g` is made in Swift from the exact binary value (no `vsnprintf`):
/// it must print what glibc's printf prints, tidied, for every double.
@Suite struct NumberFormatTests {
  /// glibc's `%.15g`, tidied as `CalculatorBrain.format` documents (the reference).
  static func reference(_ v: Double) -> String {
    if v.isNaN { return "nan" }
    if v.isInfinite { return v < 0 ? "-inf" : "inf" }
    if v == 0 { return "0" }
    var buffer = [CChar](repeating: 0, count: 64)
    _ = withVaList([v]) { a in
      buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, 64, "%.15g", a) }
    }
    let text = String(cString: buffer)
    guard let e = text.firstIndex(of: "e") else { return text }
    var exponent = text[text.index(after: e)...]
    var sign = ""
    if let first = exponent.first, first == "+" || first == "-" {
      if first == "-" { sign = "-" }
      exponent = exponent.dropFirst()
    }
    while exponent.count > 1, exponent.first == "0" { exponent = exponent.dropFirst() }
    return "\(text[..<e])e\(sign)\(exponent)"
  }

  @Test(arguments: [
    0, -0.0, 1, 2, 0.1, 0.1 + 0.2, 1e15, 1e16, 1e-4, 1e-5, 999_999_999_999_999.5, 0.5, 2.5,
    Double.greatestFiniteMagnitude, Double.leastNormalMagnitude, Double.leastNonzeroMagnitude,
    123_456_789_012_345_678, 6.02e23, -1234.5, .infinity, -.infinity, .nan,
  ])
  func specialValues(_ v: Double) {
    #expect(CalculatorBrain.format(v) == Self.reference(v))
  }

  @Test func agreesWithPrintfOnRandomDoubles() {
    let seed: UInt64 = 20_261_202
    var rng = SplitMix64(seed: seed)
    for k in 0..<20_000 {
      let v =
        k % 2 == 0
        ? Double(bitPattern: rng.next())
        : Double(Int64(bitPattern: rng.next()) % 1_000_000) * pow(10, Double(k % 41 - 20))
      let got = CalculatorBrain.format(v)
      let want = Self.reference(v)
      if got != want {
        Issue.record("\(v.bitPattern): \(got) vs \(want) (seed \(seed))")
        return
      }
    }
  }
}
