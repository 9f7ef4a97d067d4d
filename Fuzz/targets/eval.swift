// Fuzz target: evaluation of parsed programs. Every line but the last goes to the calculator
// (definitions such as `f(x) = ...`, `a = ...`); the last is an expression in x, evaluated by
// CalculatorBrain.evaluate and PlotFunction.value at a few x, enclosed by
// PlotFunction.enclosure over a few intervals, and sampled on a 24x12 viewport with a small
// budget.
import CalculatorBrain
import CompiledFunctions
import GraphCalcApp
import GraphView
import Intervals

@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
  var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  let last = lines.popLast() ?? ""
  var brain = CalculatorBrain()
  for line in lines.prefix(16) { _ = try? brain.execute(line) }
  guard let expr = try? brain.parse(expression: last) else { return 0 }
  let xs: [Double] = [0, 1, -1, 0.5, 1e300, -1e-300, .infinity, -.infinity, .nan, 3.25]
  for x in xs { _ = try? brain.evaluate(expr, x: x) }
  guard let f = try? PlotFunction(expr, variables: brain.variables, functions: brain.functions)
  else { return 0 }
  for x in xs { _ = f.value(at: x) }
  xs.withUnsafeBufferPointer { input in
    var out = [Double](repeating: 0, count: input.count)
    out.withUnsafeMutableBufferPointer { f.values(at: input, into: $0) }
  }
  let intervals: [Interval] = [
    Interval(-1, 1), Interval(0, 0), Interval(-1e300, 1e300), Interval(-.infinity, .infinity),
    Interval(1e-300, 2e-300), Interval(-10, 10), .empty,
  ]
  for i in intervals { _ = f.enclosure(over: i) }
  let source = FunctionCurves(functions: [f], titles: [last], xRange: -10...10, yRange: -5...5)
  let viewport = Viewport(xRange: -10...10, yRange: -5...5, size: PixelSize(width: 24, height: 12))
  let budget = SamplingBudget(enclosureEvaluations: 2_000, pointEvaluations: 5_000)
  _ = Sampler.sample(source, curve: 0, viewport: viewport, budget: budget)
  return 0
}
