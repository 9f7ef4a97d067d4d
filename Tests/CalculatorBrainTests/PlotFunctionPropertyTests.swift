import CalculatorBrain
import CompiledFunctions
import Intervals
import TestSupport
import Testing

/// Random expression trees in `x` over every operator, built-in and a user function.
private struct ExprGenerator {
  var rng: SplitMix64

  mutating func pick<T>(_ xs: [T]) -> T { xs[Int.random(in: 0..<xs.count, using: &rng)] }

  mutating func leaf() -> Expr {
    switch Int.random(in: 0..<10, using: &rng) {
    case 0..<5: return .variable("x")
    case 5: return .variable(pick(["pi", "e", "a"]))
    case 6: return .variable("inf")
    default: return .number(pick([0, 1, 2, 3, 0.5, -1, -2.5, 10, 0.1, 1e-3]))
    }
  }

  mutating func expr(_ depth: Int) -> Expr {
    if depth == 0 || Int.random(in: 0..<5, using: &rng) == 0 { return leaf() }
    switch Int.random(in: 0..<12, using: &rng) {
    case 0: return .unary(pick(UnaryOperator.allCases.filter { $0 != .bitNot }), expr(depth - 1))
    case 1..<5:
      return .binary(
        pick(BinaryOperator.allCases.filter { !$0.isBitOperation }), expr(depth - 1),
        expr(depth - 1))
    case 5: return .conditional(expr(depth - 1), expr(depth - 1), expr(depth - 1))
    case 6: return .call("f", [expr(depth - 1), expr(depth - 1)])
    default:
      let name = pick(Builtins.functions.keys.sorted())
      let count: Int
      switch Builtins.functions[name] {
      case .exactly(let k): count = k
      case .range(let r): count = Int.random(in: r, using: &rng)
      case .atLeast(let k): count = k + Int.random(in: 0...2, using: &rng)
      case nil: count = 1
      }
      return .call(name, (0..<count).map { _ in expr(depth - 1) })
    }
  }

  mutating func interval() -> Interval {
    let center: Double
    switch Int.random(in: 0..<3, using: &rng) {
    case 0: center = Double.random(in: -4...4, using: &rng)
    case 1: center = Double.random(in: -40...40, using: &rng)
    default:
      center =
        pick([0, 1, -1, 2, -2, 0.5, Double.pi / 2, Double.pi, -3, 1.4616321449683623])
        + pick([0, 1e-9, -1e-9, 0.01, -0.2])
    }
    let width = pick([0, 1e-12, 1e-6, 1e-3, 0.05, 0.4, 1.3, 5])
    let lo = center - width * Double.random(in: 0...1, using: &rng)
    return Interval(lo, lo + width)
  }
}

/// A compact infix form of `e` for failure messages (fully bracketed).
private func show(_ e: Expr) -> String {
  switch e {
  case .number(let v): return "\(v)"
  case .integer(let literal): return literal.text
  case .variable(let name): return name
  case .unary(.factorial, let a): return "(\(show(a)))!"
  case .unary(let op, let a): return "\(op.rawValue)(\(show(a)))"
  case .binary(let op, let a, let b): return "(\(show(a)) \(op.rawValue) \(show(b)))"
  case .conditional(let c, let a, let b): return "(\(show(c)) ? \(show(a)) : \(show(b)))"
  case .call(let name, let args): return "\(name)(\(args.map(show).joined(separator: ", ")))"
  }
}

@Suite struct PlotFunctionPropertyTests {
  /// The key guarantee: for random expressions and input intervals, every finite point value
  /// lies in the enclosure; "defined everywhere" means no NaN at the sampled points; an
  /// empty enclosure means no finite value.
  @Test(
    arguments: [
      0x9E11_0001, 0x9E11_0002, 0x9E11_0003, 0x9E11_0004, 0x9E11_0005, 0x9E11_0006, 0x9E11_0007,
      0x9E11_0008,
    ] as [UInt64])
  func enclosureHoldsEveryFinitePointValue(seed: UInt64) throws {
    var gen = ExprGenerator(rng: SplitMix64(seed: seed))
    let f = UserFunction(
      name: "f", parameters: ["u", "w"],
      body: .binary(
        .add, .call("sin", [.variable("u")]), .binary(.multiply, .variable("w"), .variable("x"))))
    var failures = 0
    for trial in 0..<1000 {
      let e = gen.expr(4)
      let plot = try PlotFunction(e, variables: ["a": 0.75], functions: ["f": f])
      for _ in 0..<6 {
        let x = gen.interval()
        let r = plot.enclosure(over: x)
        var points = [x.lo, x.hi]
        for _ in 0..<10 {
          points.append(
            min(max(x.lo + (x.hi - x.lo) * Double.random(in: 0...1, using: &gen.rng), x.lo), x.hi))
        }
        for p in points {
          let v = plot.value(at: p)
          var ok = true
          if v.isFinite && !r.contains(v) { ok = false }
          if r.isDefinedEverywhere && !r.isEmpty && v.isNaN { ok = false }
          if !ok && failures < 3 {
            failures += 1
            Issue.record(
              "seed \(seed) trial \(trial): \(show(e)) over \(x) -> \(r), but at \(p) -> \(v)")
          }
        }
      }
    }
    #expect(failures == 0, "seed \(seed)")
  }

  /// The two-piece enclosures (`PlaneFunction.pieces`) of random expressions in x and y over
  /// random boxes hold every finite point value, except at points where a divisor is 0
  /// (which have no value in the pieces' rule); where the program cannot split, they are
  /// the plain enclosure.
  @Test(arguments: [0x9E12_0001, 0x9E12_0002, 0x9E12_0003, 0x9E12_0004] as [UInt64])
  func piecesHoldEveryFinitePointValue(seed: UInt64) throws {
    var gen = ExprGenerator(rng: SplitMix64(seed: seed))
    let f = UserFunction(
      name: "f", parameters: ["u", "w"],
      body: .binary(
        .add, .call("sin", [.variable("u")]), .binary(.multiply, .variable("w"), .variable("x"))))
    var failures = 0
    for trial in 0..<600 {
      // x and y: y stands in for one of the leaves.
      var e = gen.expr(4)
      if Bool.random(using: &gen.rng) { e = .binary(.subtract, e, .variable("y")) }
      if Bool.random(using: &gen.rng) {
        e = .binary(.divide, .number(1), .binary(.subtract, e, .variable("y")))
      }
      let plane = try PlaneFunction(e, variables: ["a": 0.75], functions: ["f": f])
      let divisors = try divisorsOf(e).map {
        try PlaneFunction($0, variables: ["a": 0.75], functions: ["f": f])
      }
      for _ in 0..<6 {
        let x = gen.interval()
        let y = gen.interval()
        let u = plane.pieces(x: x, y: y)
        if !plane.canSplit && u != IntervalUnion(plane.enclosure(x: x, y: y)) && failures < 3 {
          failures += 1
          Issue.record("seed \(seed) trial \(trial): \(show(e)) cannot split but \(u)")
        }
        for _ in 0..<10 {
          func point(_ i: Interval) -> Double {
            min(max(i.lo + (i.hi - i.lo) * Double.random(in: 0...1, using: &gen.rng), i.lo), i.hi)
          }
          let (px, py) = (point(x), point(y))
          let v = plane.value(x: px, y: py)
          guard v.isFinite, !divisors.contains(where: { $0.value(x: px, y: py) == 0 }) else {
            continue
          }
          if !u.pieces.contains(where: { $0.contains(v) }) && failures < 3 {
            failures += 1
            let box = "\(show(e)) over \(x) x \(y) -> \(u)"
            Issue.record("seed \(seed) trial \(trial): \(box), but at (\(px), \(py)) -> \(v)")
          }
        }
      }
    }
    #expect(failures == 0, "seed \(seed)")
  }
}

/// Every divisor in `e` (of `/` and `div`), user functions' bodies aside (the generator's
/// `f` divides by nothing).
private func divisorsOf(_ e: Expr) -> [Expr] {
  switch e {
  case .number, .integer, .variable: return []
  case .unary(_, let a): return divisorsOf(a)
  case .binary(let op, let a, let b):
    return divisorsOf(a) + divisorsOf(b) + (op == .divide || op == .integerDivide ? [b] : [])
  case .conditional(let c, let a, let b): return divisorsOf(c) + divisorsOf(a) + divisorsOf(b)
  case .call(_, let args): return args.flatMap(divisorsOf)
  }
}
