// Fuzz target: the RPN reader (CalculatorBrain.parseRPN) and describe of its results.
import CalculatorBrain

@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
  if let exprs = try? CalculatorBrain.parseRPN(text) {
    for e in exprs { _ = CalculatorBrain.describe(e) }
  }
  var brain = CalculatorBrain()
  _ = try? brain.execute(text, mode: .rpn)
  return 0
}
