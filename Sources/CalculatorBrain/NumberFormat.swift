import Glibc

extension CalculatorBrain {
  /// A result as the calculator prints it: up to 15 significant digits, C's `%.15g`
  /// (ISO C 7.21.6.1), with the exponent written without `+` or leading zeros.
  ///
  /// `0.1+0.2` prints `0.3`; integers print without a point (`512`, `-4`); numbers of
  /// magnitude 1e15 and above or below 1e-4 print with an exponent (`6.02e23`, `1e-20`,
  /// `1e-5`), as `%g` chooses; `-0` prints `0`; infinities and NaN print `inf`, `-inf`, `nan`.
  /// Every result parses back as an expression of the language.
  ///
  /// - Parameter value: Any double.
  /// - Returns: The text, ASCII only.
  public static func format(_ value: Double) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    if value == 0 { return "0" }
    var buffer = [CChar](repeating: 0, count: 64)
    let count = withVaList([value]) { arguments in
      buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, 64, "%.15g", arguments) }
    }
    let length = Int(max(0, min(count, 63)))
    // A locale with a decimal comma would write `0,3`: the language reads only `.`.
    let text = String(
      decoding: buffer[0..<length].map { $0 == 0x2C ? 0x2E : UInt8(bitPattern: $0) }, as: UTF8.self)
    guard let e = text.firstIndex(of: "e") else { return text }
    let mantissa = text[..<e]
    var exponent = text[text.index(after: e)...]
    var sign = ""
    if let first = exponent.first, first == "+" || first == "-" {
      if first == "-" { sign = "-" }
      exponent = exponent.dropFirst()
    }
    while exponent.count > 1, exponent.first == "0" { exponent = exponent.dropFirst() }
    return "\(mantissa)e\(sign)\(exponent)"
  }
}
