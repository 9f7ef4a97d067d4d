import Glibc
import TestSupport
import Testing

@testable import CalculatorBrain
@testable import CompiledFunctions

/// Random expression trees in `x` over every operator, built-in, conditionals, `&&`/`||`,
/// the user functions `f(u, w)` (uses both) and `g(u)` (ignores its argument) and the
/// variable `a`.
private struct BatchExprGenerator {
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
    if depth == 0 || Int.random(in: 0..<6, using: &rng) == 0 { return leaf() }
    switch Int.random(in: 0..<14, using: &rng) {
    case 0: return .unary(pick(UnaryOperator.allCases.filter { $0 != .bitNot }), expr(depth - 1))
    case 1..<5:
      return .binary(
        pick(BinaryOperator.allCases.filter { !$0.isBitOperation }), expr(depth - 1),
        expr(depth - 1))
    case 5: return .binary(.power, expr(depth - 1), .number(pick([2, 3, 0, -1, 0.5])))
    case 6, 7: return .conditional(expr(depth - 1), expr(depth - 1), expr(depth - 1))
    case 8: return .call("f", [expr(depth - 1), expr(depth - 1)])
    case 9: return .call("g", [expr(depth - 1)])
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

/// Whether two values are the same: bit for bit, or both NaN (a NaN's payload is not a value).
private func same(_ a: Double, _ b: Double) -> Bool {
  (a.isNaN && b.isNaN) || a.bitPattern == b.bitPattern
}

/// The batch values of `f` at `xs`, with the scalar elementary functions (`vectorMath`
/// false: equal to the point values bit for bit) or glibc's vector ones (what
/// `values(at:into:)` uses).
private func batch(_ f: PlotFunction, _ xs: [Double], vectorMath: Bool = false) -> [Double] {
  var out = [Double](repeating: -12345, count: xs.count)
  xs.withUnsafeBufferPointer { x in
    out.withUnsafeMutableBufferPointer { o in f.values(at: x, into: o, vectorMath: vectorMath) }
  }
  return out
}

/// Whether a vector-math batch value `v` is near the point value `p`: both NaN, the same
/// infinity, or within `tolerance` relative to `max(1, |p|)`.
private func near(_ v: Double, _ p: Double, tolerance: Double) -> Bool {
  if v.isNaN || p.isNaN { return v.isNaN && p.isNaN }
  if v.isInfinite || p.isInfinite { return v == p }
  return abs(v - p) <= tolerance * max(1, abs(p))
}

/// A calculator with the generator's variable and user functions.
private func brain() throws -> CalculatorBrain {
  var b = CalculatorBrain()
  _ = try b.execute("a = 0.75")
  _ = try b.execute("f(u, w) = sin(u) + w*x")
  _ = try b.execute("g(u) = 1")
  // Bodies that read a parameter in one branch (h), in both (k), as the value (q), twice (p).
  _ = try b.execute("h(u) = x > 0 ? u : 1")
  _ = try b.execute("k(u) = x > 0 ? u : -u")
  _ = try b.execute("q(u) = u")
  _ = try b.execute("p(u) = u^2 - 3")
  return b
}

/// The x values tried: 300 (more than one chunk, not a multiple of it) over [-12, 12], the
/// special values (zeros, infinities, NaN, tiny and huge), and random ones.
private func points(_ rng: inout SplitMix64) -> [Double] {
  var xs: [Double] = (0..<240).map { -12 + 24 * Double($0) / 239 }
  xs += [
    0, -0.0, 1, -1, 2, -2, 0.5, 3, Double.pi / 2, .infinity, -.infinity, .nan, 1e-300, -1e-300,
    1e300, -1e300,
  ]
  while xs.count < 300 { xs.append(Double.random(in: -30...30, using: &rng)) }
  xs.shuffle(using: &rng)
  return xs
}

@Suite struct BatchTests {
  /// The batch evaluator equals the point evaluator bit for bit (NaN for NaN) on random
  /// expressions over every operator, at ordinary and special x, and equals the reference
  /// evaluator (a domain error is NaN) wherever the expression has no `^2` or `^3` (which the
  /// plot programs compute as products; see `powersAreProducts`).
  @Test(
    arguments: [0xBA7C_0001, 0xBA7C_0002, 0xBA7C_0003, 0xBA7C_0004, 0xBA7C_0005, 0xBA7C_0006]
      as [UInt64])
  func batchEqualsPointAndReference(seed: UInt64) throws {
    var gen = BatchExprGenerator(rng: SplitMix64(seed: seed))
    let calc = try brain()
    var failures = 0
    var vectorValues = 0
    var vectorFar = 0
    for trial in 0..<700 {
      let e = gen.expr(5)
      guard let f = try? PlotFunction(e, variables: calc.variables, functions: calc.functions)
      else { continue }
      let xs = points(&gen.rng)
      let got = batch(f, xs)
      // With vector math the elementary functions move by up to 4 ulps, which a step, a
      // comparison or cancellation may magnify: count the values that move visibly.
      let vector = batch(f, xs, vectorMath: true)
      for i in xs.indices {
        vectorValues += 1
        if !near(vector[i], got[i], tolerance: 1e-9) { vectorFar += 1 }
      }
      let products = f.pointProgram.contains(.square) || f.pointProgram.contains(.cube)
      for (i, x) in xs.enumerated() {
        let point = f.value(at: x)
        var reference = Double.nan
        if i % 10 == 0 && !products {
          do { reference = try calc.evaluate(e, x: x) } catch { reference = .nan }
        }
        let ok = same(got[i], point) && (i % 10 != 0 || products || same(got[i], reference))
        if !ok {
          failures += 1
          if failures <= 3 {
            Issue.record(
              "seed \(seed) trial \(trial): \(show(e)) at x = \(x): batch \(got[i]), point \(point), reference \(reference)"
            )
          }
        }
      }
    }
    #expect(failures == 0, "seed \(seed)")
    #expect(vectorValues > 100_000)
    #expect(
      vectorFar * 200 <= vectorValues,
      "seed \(seed): \(vectorFar) of \(vectorValues) vector values moved")
  }

  /// The cases the translation must get right, each in one chunk that mixes x where the
  /// branch is taken with x where it is not.
  @Test(arguments: [
    // A domain error in a branch not taken does not poison; in the branch taken it does.
    "x < 0 ? sqrt(x) : 1", "x >= 0 && sqrt(x) < 2", "x < 0 || sqrt(x) > 1", "x ? ln(x) : 5",
    // A NaN swallowed by a comparison, pow(., 0), hypot(inf, .) or an unused argument.
    "sqrt(x) < 1", "sqrt(x)^0", "hypot(inf, sqrt(x))", "g(sqrt(x))", "(sqrt(x) == sqrt(x)) + 1",
    "min(1, sqrt(x), 2)", "max(sqrt(x), 3)", "!(ln(x))", "f(sqrt(x), x) * 0 + 1",
    // Nested conditionals and logicals, constants in branches, x as a branch.
    "x < -1 ? (x < -3 ? 1 : x) : (x > 2 ? x^2 : -x)", "x > 0 ? 0 : x",
    "(x > 1 || x < -1) && x != 5",
    "x^2 + x^3 - x^0.5", "2^x + x^-1 + 0^x", "x % 3 + 3 % x + mod(x, -2)",
    "5 - x - (1 - x) / (x - 2)",
    "x! + gamma(x) + round(x) + sign(x)", "atan2(x, 1 - x) + log(x, 2) + hypot(x, 3)", "x + nan",
    "nan < x ? 1 : 2",
    "g(x) + g(2) + f(x, x + 1) * f(1, x)",
    // Horner steps (a product then a constant added, fused into one instruction), also
    // where the product ends a branch or its register is read again.
    "((((2*x - 3)*x + 1)*x - 5)*x + 7)*x - 1", "x < 0 ? x*x + 1 : (x - 1)*x - 2",
    "(x*x + 1) * (x*x + 1)",
    "x < 1 ? x*x : 3 + 4", "f(x*x + 2, x)",
    // Arguments whose domain error the body's value carries without a poison step, and those
    // it may drop (one branch); the slot's register handed to the value (`q(u) = u`).
    "h(sqrt(x))", "k(sqrt(x))", "q(x + 1) * 2", "q(q(x + 1)) + q(sqrt(x))", "p(x) * p(x + 1)",
    "p(sqrt(x)) + g(ln(x))", "x > 1 ? q(sqrt(x - 3)) : k(ln(x))", "h(q(sqrt(x)) + 1) * k(ln(-x))",
    "p(p(x + 1) - 1)", "(x > 0 && q(sqrt(x)) < 2) + k(x + 1)",
  ])
  func tricky(_ text: String) throws {
    let calc = try brain()
    let e = try calc.parse(expression: text)
    let f = try PlotFunction(e, variables: calc.variables, functions: calc.functions)
    var xs = (0..<520).map { -13 + 26 * Double($0) / 519 }
    xs += [0, -0.0, 1, -1, 4, -4, .infinity, -.infinity, .nan, 0x1p-1030]
    let got = batch(f, xs)
    let vector = batch(f, xs, vectorMath: true)
    let products = f.pointProgram.contains(.square) || f.pointProgram.contains(.cube)
    for (i, x) in xs.enumerated() {
      let point = f.value(at: x)
      var reference: Double
      do { reference = try calc.evaluate(e, x: x) } catch { reference = .nan }
      if products { reference = point }  // within an ulp: see powersAreProducts
      #expect(
        same(got[i], point) && same(got[i], reference),
        "\(text) at \(x): batch \(got[i]), point \(point), reference \(reference)")
      #expect(
        near(vector[i], point, tolerance: 1e-12),
        "\(text) at \(x): vector batch \(vector[i]), point \(point)")
    }
  }

  /// `x^2` is `x*x` (correctly rounded) and `x^3` is `x*x*x` in the plot programs: within 1 ulp
  /// of glibc's `pow` (the reference evaluator's) over normal results, and equal to it for
  /// zeros, infinities and NaN.
  @Test(arguments: [0x5C0B_0001, 0x5C0B_0002] as [UInt64])
  func powersAreProducts(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    let square = try PlotFunction(
      .binary(.power, .variable("x"), .number(2)), variables: [:], functions: [:])
    let cube = try PlotFunction(
      .binary(.power, .variable("x"), .number(3)), variables: [:], functions: [:])
    var xs: [Double] = [0, -0.0, .infinity, -.infinity, .nan, 1, -1, 3]
    for _ in 0..<200_000 {
      // Random signs, exponents (normal results for both powers) and mantissas.
      let bits = rng.next()
      let exponent = UInt64(1023 - 300) + bits % 600
      xs.append(Double(bitPattern: (bits & 0x800F_FFFF_FFFF_FFFF) | (exponent << 52)))
    }
    let squares = batch(square, xs)
    let cubes = batch(cube, xs)
    var worst = 0
    var differ = 0
    for (i, x) in xs.enumerated() {
      for (got, n) in [(squares[i], 2.0), (cubes[i], 3.0)] {
        let p = pow(x, n)
        #expect(same(got, n == 2 ? x * x : x * x * x))
        if !p.isFinite || p == 0 {
          #expect(same(got, p), "x = \(x), n = \(n)")
          continue
        }
        let ulps = Int(
          (Int64(bitPattern: got.bitPattern) - Int64(bitPattern: p.bitPattern)).magnitude)
        if ulps > 0 { differ += 1 }
        worst = max(worst, ulps)
      }
    }
    #expect(worst <= 1, "seed \(seed): \(worst) ulps")
    // The products are not always pow's value (else this test would not be needed).
    #expect(differ > 0, "seed \(seed)")
  }

  /// A program with more intermediate values than fit 256-wide registers in 512 KiB uses a
  /// smaller chunk and still gives the point values.
  @Test func manyRegisters() throws {
    var e: Expr = .call("sin", [.variable("x")])
    for k in 1..<400 {
      e = .binary(.add, .call("sin", [.binary(.add, .variable("x"), .number(Double(k)))]), e)
    }
    // Right-nested the other way too: each left operand waits in a register.
    var r: Expr = .variable("x")
    for k in 1..<400 {
      r = .binary(
        .multiply, .call("cos", [.binary(.multiply, .variable("x"), .number(Double(k)))]), r)
    }
    for expr in [e, r] {
      let f = try PlotFunction(expr, variables: [:], functions: [:])
      let xs = (0..<1000).map { -5 + 10 * Double($0) / 999 }
      let got = batch(f, xs)
      for (i, x) in xs.enumerated() {
        #expect(same(got[i], f.value(at: x)), "at \(x)")
      }
    }
  }

  /// A product followed by a constant added becomes one `multiplyAddC` instruction (two
  /// passes over the chunk become one), with the same values: Horner's rule of degree 7 takes
  /// 8 instructions instead of 14.
  @Test func hornerStepsFuse() throws {
    let calc = try brain()
    let e = try calc.parse(expression: "((((((2*x-3)*x+1)*x-5)*x+7)*x-2)*x+4)*x-1")
    let f = try PlotFunction(e, variables: [:], functions: [:])
    let ops = try #require(f.batch?.ops)
    #expect(ops.filter { $0.code == .multiplyAddC }.count == 6)
    #expect(ops.count == 8)  // 2*x, -3, then six fused steps
    let xs = (0..<1000).map { -3 + 6 * Double($0) / 999 }
    let got = batch(f, xs)
    for (i, x) in xs.enumerated() { #expect(same(got[i], f.value(at: x)), "at \(x)") }
  }

  /// A user function's body translates as if it were written out: an argument whose domain
  /// error reaches the body's value anyway (every batch step is NaN-strict in its operands)
  /// gets no `poison` step, so `p(x) * p(x + 1)` with `p(u) = u^2 - 3` takes the four steps
  /// of `(x^2 - 3) * ((x + 1)^2 - 3)`, each square fused with the constant after it. An
  /// argument the body may drop (`g(u) = 1`; `h` reads it in one branch) keeps its step.
  @Test func userFunctionBodiesFuse() throws {
    let calc = try brain()
    func ops(_ text: String) throws -> [BatchOp] {
      let f = try PlotFunction(
        try calc.parse(expression: text), variables: calc.variables, functions: calc.functions)
      return try #require(f.batch?.ops)
    }
    let inlined = try ops("p(x) * p(x + 1)")
    let written = try ops("(x^2 - 3) * ((x + 1)^2 - 3)")
    #expect(inlined.map(\.code) == written.map(\.code))
    #expect(inlined.map(\.code) == [.multiplyAddC, .addC, .multiplyAddC, .multiply])
    for text in [
      "q(sqrt(x)) * 2", "k(sqrt(x))", "f(sqrt(x), ln(x))", "p(p(x + 1) - 1)", "q(q(x + 1))",
    ] {
      #expect(try !ops(text).contains { $0.code == .poison }, "\(text)")
    }
    for text in ["g(sqrt(x))", "h(sqrt(x))", "f(x, g(sqrt(x)))"] {
      #expect(try ops(text).contains { $0.code == .poison }, "\(text)")
    }
  }

  /// Fewer output slots than x: only that many values are written; none at all is fine.
  @Test func shortOutput() throws {
    let f = try PlotFunction(
      .binary(.multiply, .variable("x"), .number(2)), variables: [:], functions: [:])
    let xs: [Double] = [1, 2, 3, 4]
    var out = [Double](repeating: -1, count: 2)
    xs.withUnsafeBufferPointer { x in
      out.withUnsafeMutableBufferPointer { o in f.values(at: x, into: o) }
    }
    #expect(out == [2, 4])
    var none: [Double] = []
    xs.withUnsafeBufferPointer { x in
      none.withUnsafeMutableBufferPointer { o in f.values(at: x, into: o) }
    }
    #expect(none.isEmpty)
    let c = try PlotFunction(.number(7), variables: [:], functions: [:])
    #expect(batch(c, [1, .nan, 3]) == [7, 7, 7])
  }
}

/// The values of `f` at `xs` on one thread, at the machine's vector math level.
private func oneThread(_ f: PlotFunction, _ xs: [Double]) -> [Double] {
  var out = [Double](repeating: -12345, count: xs.count)
  xs.withUnsafeBufferPointer { x in
    out.withUnsafeMutableBufferPointer { o in
      f.values(at: x, into: o, level: PlotFunction.vectorMathLevel)
    }
  }
  return out
}

/// Batches shared by threads (`values(at:into:threads:)`) and written straight into the
/// output.
@Suite struct BatchThreadTests {
  /// Pieces of any size on two or three threads give one thread's values bit for bit (NaN
  /// for NaN), on random expressions (conditionals, user functions, every built-in) at
  /// ordinary and special x.
  @Test(arguments: [0x7E2D_0001, 0x7E2D_0002, 0x7E2D_0003] as [UInt64])
  func piecesOnThreadsEqualOneThread(seed: UInt64) throws {
    var gen = BatchExprGenerator(rng: SplitMix64(seed: seed))
    var rng = SplitMix64(seed: seed ^ 0xFF)
    let calc = try brain()
    var xs: [Double] = []
    for _ in 0..<7 { xs += points(&rng) }  // 2,100 values, NaN and infinities among them
    for _ in 0..<12 {
      let e = gen.expr(4)
      let f = try PlotFunction(e, variables: calc.variables, functions: calc.functions)
      let want = oneThread(f, xs)
      for (threads, piece) in [(2, 3), (2, 7), (2, 256), (3, 300), (2, 5000)] {
        var got = [Double](repeating: -12345, count: xs.count)
        xs.withUnsafeBufferPointer { x in
          got.withUnsafeMutableBufferPointer { o in
            f.splitValues(at: x, into: o, threads: threads, piece: piece)
          }
        }
        let bad = xs.indices.first { !same(got[$0], want[$0]) }
        #expect(
          bad == nil,
          "seed \(seed), \(show(e)), \(threads) threads, pieces of \(piece): at x = \(bad.map { xs[$0] } ?? 0)"
        )
      }
    }
  }

  /// A batch above the threshold on two threads (`values(at:into:threads:)`), and through
  /// `values(at:into:)`, gives one thread's values bit for bit.
  @Test(arguments: ["sin(x)*x", "x*x+2*x+1", "x<0 ? sqrt(-x) : ln(x)", "f(x, 2) * g(x)"])
  func largeBatchesEqualOneThread(_ text: String) throws {
    let calc = try brain()
    let f = try PlotFunction(
      try calc.parse(expression: text), variables: calc.variables, functions: calc.functions)
    let n = PlotFunction.parallelThreshold + 12_345
    var xs = (0..<n).map { -10 + 20 * Double($0) / Double(n) }
    xs[100] = .nan
    xs[n - 3] = .nan
    let want = oneThread(f, xs)
    var automatic = [Double](repeating: -1, count: n)
    var two = [Double](repeating: -1, count: n)
    xs.withUnsafeBufferPointer { x in
      automatic.withUnsafeMutableBufferPointer { o in f.values(at: x, into: o) }
      two.withUnsafeMutableBufferPointer { o in f.values(at: x, into: o, threads: 2) }
    }
    #expect(xs.indices.allSatisfy { same(automatic[$0], want[$0]) }, "\(text)")
    #expect(xs.indices.allSatisfy { same(two[$0], want[$0]) }, "\(text)")
  }

  /// Callers on several threads at once, each with batches above the threshold: the one that
  /// gets the parked helper shares its batch, the others evaluate theirs alone while it is
  /// busy; every caller gets one thread's values bit for bit.
  @Test func concurrentCallersEqualOneThread() throws {
    let calc = try brain()
    let texts = ["sin(x)*x", "p(x) * p(x + 1)", "x<0 ? sqrt(-x) : ln(x)", "tanh(x) - cosh(x/7)"]
    let functions = try texts.map {
      try PlotFunction(
        try calc.parse(expression: $0), variables: calc.variables, functions: calc.functions)
    }
    let n = PlotFunction.parallelThreshold + 777
    let xs = (0..<n).map { -12 + 24 * Double($0) / Double(n) }
    let wants = functions.map { oneThread($0, xs) }
    // One flag a caller, each written by its own thread and read after the joins.
    let ok = UnsafeMutablePointer<Bool>.allocate(capacity: functions.count)
    ok.initialize(repeating: false, count: functions.count)
    defer { ok.deallocate() }
    var threads: [pthread_t] = []
    final class Job: @unchecked Sendable {
      let run: () -> Void
      init(_ run: @escaping () -> Void) { self.run = run }
    }
    for (k, f) in functions.enumerated() {
      let job = Job {
        var good = true
        for _ in 0..<6 {
          var got = [Double](repeating: -1, count: n)
          xs.withUnsafeBufferPointer { x in
            got.withUnsafeMutableBufferPointer { o in f.values(at: x, into: o) }
          }
          good = good && xs.indices.allSatisfy { same(got[$0], wants[k][$0]) }
        }
        ok[k] = good
      }
      var thread = pthread_t()
      let made = pthread_create(
        &thread, nil,
        { raw in
          Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue().run()
          return nil
        }, Unmanaged.passRetained(job).toOpaque())
      try #require(made == 0)
      threads.append(thread)
    }
    for thread in threads { pthread_join(thread, nil) }
    #expect((0..<functions.count).allSatisfy { ok[$0] }, "\(texts)")
  }

  /// The result register works in the output: evaluated in place (the output is the x
  /// array), or for the programs whose result is x itself or a constant, the values are
  /// those of a separate output.
  @Test(arguments: ["x", "3", "x*x+2*x+1", "x > 1 ? x : -x", "sin(x) + cos(x)"])
  func inPlaceEqualsSeparateOutput(_ text: String) throws {
    let calc = try brain()
    let f = try PlotFunction(
      try calc.parse(expression: text), variables: calc.variables, functions: calc.functions)
    for n in [1, 255, 256, 257, 1000, PlotFunction.parallelThreshold + 1] {
      let xs = (0..<n).map { -4 + 8 * Double($0) / Double(n) }
      let want = oneThread(f, xs)
      var inPlace = xs
      inPlace.withUnsafeMutableBufferPointer { o in
        f.values(at: UnsafeBufferPointer(o), into: o)
      }
      #expect(xs.indices.allSatisfy { same(inPlace[$0], want[$0]) }, "\(text), \(n) values")
      for (i, x) in xs.prefix(300).enumerated() {
        #expect(near(want[i], f.value(at: x), tolerance: 1e-14), "\(text) at \(x)")
      }
    }
  }
}
