import CalculatorBrain
import Intervals
import Testing

@testable import CompiledFunctions

/// The table of built-in functions is complete: every function has its name, help, interval
/// rule and derivative rule, and each rule agrees with the scalar value.
@Suite struct BuiltinTableTests {
  /// Points inside every function's domain for one argument (acosh needs x >= 1, asin,
  /// acos and atanh |x| < 1, gamma and the logarithms x > 0).
  static func points(_ f: BuiltinFunction) -> [Double] {
    switch f {
    case .acosh: return [1.25, 1.5, 2, 3.75, 10]
    case .asin, .acos, .atanh, .inverf: return [-0.8, -0.3, 0.1, 0.45, 0.7]
    case .invnorm: return [0.05, 0.2, 0.45, 0.7, 0.9]
    default: return [0.3, 0.45, 0.7, 1.3, 2.6]
    }
  }

  @Test(arguments: BuiltinFunction.allCases)
  func nameUsageAndHelp(_ f: BuiltinFunction) {
    #expect(BuiltinFunction(name: f.name) == f)
    #expect(Builtins.functions[f.name] == f.arity)
    #expect(f.entry.usage.description.hasPrefix(f.name + "("))
    #expect(!f.entry.help.description.isEmpty)
    #expect(f.helpLine == "\(f.entry.usage): \(f.entry.help)")
  }

  @Test func namesAreTheTable() {
    #expect(Builtins.functions.count == BuiltinFunction.allCases.count)
    #expect(Set(BuiltinFunction.allCases.map(\.name)).count == BuiltinFunction.allCases.count)
  }

  /// The compiled function's enclosure (the interval rule) over small intervals contains
  /// the point values (the scalar rule) and is narrow: a function without a real interval
  /// rule would enclose the whole line.
  @Test(arguments: BuiltinFunction.allCases)
  func intervalRuleEnclosesTheValues(_ f: BuiltinFunction) throws {
    let x = Expr.variable("x")
    var calls: [Expr] = []
    if f.arity.accepts(1) { calls.append(.call(f.name, [x])) }
    if f.arity.accepts(2) {
      calls.append(.call(f.name, [x, .number(1.75)]))
      calls.append(.call(f.name, [.number(1.75), x]))
    }
    #expect(!calls.isEmpty)
    for call in calls {
      let compiled = try PlotFunction(call, variables: [:], functions: [:])
      for p in Self.points(f) {
        let box = compiled.enclosure(over: Interval(p, p + 1e-3))
        #expect(box.hi - box.lo < 1, "\(f.name) over [\(p), \(p + 1e-3)]: \(box)")
        for t in [p, p + 5e-4, p + 1e-3] {
          let v = compiled.value(at: t)
          #expect(v.isFinite, "\(f.name)(\(t))")
          #expect(box.lo <= v && v <= box.hi, "\(f.name)(\(t)) = \(v) outside \(box)")
        }
      }
    }
  }

  /// The table's interval rule itself (`enclosure(_:_:)`, which the machine calls for
  /// `function1` and `function2` and which `pow`, `mod`, `min`, `max` share with their
  /// operators) contains the scalar rule's values over small boxes.
  @Test(arguments: BuiltinFunction.allCases)
  func tableIntervalRuleEnclosesTheScalarRule(_ f: BuiltinFunction) {
    for p in Self.points(f) {
      let x = Interval(p, p + 1e-3)
      let y = f.arity.accepts(2) ? Interval(1.75, 1.751) : x
      let box = f.enclosure(x, y)
      #expect(box.hi - box.lo < 1, "\(f.name) over \(x), \(y): \(box)")
      for (s, t) in [(p, 1.75), (p + 5e-4, 1.7505), (p + 1e-3, 1.751)] {
        let v = f.arity.accepts(2) ? f.value(s, t) : f.value(s, s)
        #expect(box.lo <= v && v <= box.hi, "\(f.name)(\(s), \(t)) = \(v) outside \(box)")
      }
    }
  }

  /// Every chain or partial-derivative rule agrees with a central difference quotient
  /// (step 1e-6, relative tolerance 1e-6) at points where the function is smooth.
  @Test(arguments: BuiltinFunction.allCases)
  func derivativeRuleMatchesDifferenceQuotient(_ f: BuiltinFunction) throws {
    let brain = CalculatorBrain()
    let h = 1e-6
    func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-6 * max(1, abs(b)) }
    switch f.derivative {
    case .chain(let rule):
      let derivative = rule(.variable("x"))
      for p in Self.points(f) {
        let quotient = (f.value(p + h, p + h) - f.value(p - h, p - h)) / (2 * h)
        let d = try brain.evaluate(derivative, x: p)
        #expect(close(d, quotient), "\(f.name)'(\(p)) = \(d), quotient \(quotient)")
      }
    case .partials(let rule):
      let da = rule(.variable("x"), .number(1.75)).0
      let db = rule(.number(1.75), .variable("x")).1
      for p in Self.points(f) {
        let qa = (f.value(p + h, 1.75) - f.value(p - h, 1.75)) / (2 * h)
        let qb = (f.value(1.75, p + h) - f.value(1.75, p - h)) / (2 * h)
        let a = try brain.evaluate(da, x: p)
        let b = try brain.evaluate(db, x: p)
        #expect(close(a, qa), "d\(f.name)/da at (\(p), 1.75) = \(a), quotient \(qa)")
        #expect(close(b, qb), "d\(f.name)/db at (1.75, \(p)) = \(b), quotient \(qb)")
      }
    case .piecewiseConstant, .selection, .unknown:
      break
    }
  }
}
