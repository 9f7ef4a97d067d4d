// Fuzz target: the infix parser (CalculatorBrain.parse, parseExpression) and describe.
import CalculatorBrain

@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
  if let statement = try? CalculatorBrain.parse(text) { _ = statement.hashValue }
  if let expr = try? CalculatorBrain.parseExpression(text) {
    _ = CalculatorBrain.describe(expr)
  }
  return 0
}
