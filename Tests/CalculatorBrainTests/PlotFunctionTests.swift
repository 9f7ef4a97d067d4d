import Foundation
import Intervals
import Testing

@testable import CalculatorBrain
@testable import CompiledFunctions

// A tiny DSL for building Expr trees without the parser.
private let x = Expr.variable("x")
private func n(_ v: Double) -> Expr { .number(v) }
private func v(_ name: String) -> Expr { .variable(name) }
private func call(_ name: String, _ args: Expr...) -> Expr { .call(name, args) }
private func + (a: Expr, b: Expr) -> Expr { .binary(.add, a, b) }
private func - (a: Expr, b: Expr) -> Expr { .binary(.subtract, a, b) }
private func * (a: Expr, b: Expr) -> Expr { .binary(.multiply, a, b) }
private func / (a: Expr, b: Expr) -> Expr { .binary(.divide, a, b) }
private func % (a: Expr, b: Expr) -> Expr { .binary(.modulo, a, b) }
private func ^ (a: Expr, b: Expr) -> Expr { .binary(.power, a, b) }
private prefix func - (a: Expr) -> Expr { .unary(.negate, a) }
private func op(_ o: BinaryOperator, _ a: Expr, _ b: Expr) -> Expr { .binary(o, a, b) }
private func cond(_ c: Expr, _ a: Expr, _ b: Expr) -> Expr { .conditional(c, a, b) }

private func compile(
  _ e: Expr, variables: [String: Double] = [:], functions: [UserFunction] = [],
  variable: String = "x"
) throws -> PlotFunction {
  try PlotFunction(
    e, variable: variable, variables: variables,
    functions: Dictionary(uniqueKeysWithValues: functions.map { ($0.name, $0) }))
}

/// Same value, NaN equal to NaN.
private func same(_ a: Double, _ b: Double) -> Bool { a == b || (a.isNaN && b.isNaN) }

@Suite struct PlotFunctionTests {
  struct PointCase: Sendable, CustomStringConvertible {
    let name: String
    let expr: Expr
    let x: Double
    let expected: Double
    var description: String { name }
  }

  @Test(arguments: [
    PointCase(name: "x^2 + 1", expr: x ^ n(2) + n(1), x: 3, expected: 10),
    PointCase(name: "-2^2 (negate binds looser)", expr: -(n(2) ^ n(2)), x: 0, expected: -4),
    PointCase(name: "floored -7 % 3", expr: n(-7) % n(3), x: 0, expected: 2),
    PointCase(name: "x % -3", expr: x % n(-3), x: 7, expected: -2),
    PointCase(name: "mod(x, 3)", expr: call("mod", x, n(3)), x: -1, expected: 2),
    PointCase(name: "1/x at 0", expr: n(1) / x, x: 0, expected: .infinity),
    PointCase(name: "-1/x at 0", expr: n(-1) / x, x: 0, expected: -.infinity),
    PointCase(name: "x/x at 0 (domain)", expr: x / x, x: 0, expected: .nan),
    PointCase(name: "sqrt(x) at -1", expr: call("sqrt", x), x: -1, expected: .nan),
    PointCase(
      name: "domain error poisons: sqrt(x) < 1", expr: op(.less, call("sqrt", x), n(1)), x: -1,
      expected: .nan),
    PointCase(name: "ln 0", expr: call("ln", x), x: 0, expected: -.infinity),
    PointCase(name: "log(8, 2)", expr: call("log", x, n(2)), x: 8, expected: 3),
    PointCase(name: "log(x) is ln", expr: call("log", x), x: M_E, expected: 1),
    PointCase(name: "5!", expr: .unary(.factorial, x), x: 5, expected: 120),
    PointCase(name: "(-1)!", expr: .unary(.factorial, x), x: -1, expected: .nan),
    PointCase(
      name: "0.5! = gamma(1.5)", expr: .unary(.factorial, x), x: 0.5, expected: tgamma(1.5)),
    PointCase(name: "x < 2", expr: op(.less, x, n(2)), x: 1, expected: 1),
    PointCase(name: "x >= 2", expr: op(.greaterOrEqual, x, n(2)), x: 1, expected: 0),
    PointCase(name: "x == 1", expr: op(.equal, x, n(1)), x: 1, expected: 1),
    PointCase(name: "x != 1", expr: op(.notEqual, x, n(1)), x: 1, expected: 0),
    PointCase(name: "not x", expr: .unary(.not, x), x: 0, expected: 1),
    PointCase(name: "x && 2", expr: op(.and, x, n(2)), x: 3, expected: 1),
    PointCase(
      name: "0 && sqrt(-1) short circuit", expr: op(.and, x, call("sqrt", n(-1))), x: 0, expected: 0
    ),
    PointCase(
      name: "1 || sqrt(-1) short circuit", expr: op(.or, x, call("sqrt", n(-1))), x: 1, expected: 1),
    PointCase(name: "x || 0", expr: op(.or, x, n(0)), x: 0, expected: 0),
    PointCase(
      name: "branch not taken is not evaluated",
      expr: cond(op(.greater, x, n(0)), call("sqrt", x), call("sqrt", -x)), x: -4, expected: 2),
    PointCase(
      name: "conditional then",
      expr: cond(op(.greater, x, n(0)), call("sqrt", x), call("sqrt", -x)), x: 9, expected: 3),
    PointCase(name: "min of 3", expr: call("min", x, n(2), n(-1)), x: 5, expected: -1),
    PointCase(name: "max of 1", expr: call("max", x), x: 5, expected: 5),
    PointCase(name: "atan2(x, -1)", expr: call("atan2", x, n(-1)), x: 0, expected: Double.pi),
    PointCase(name: "hypot", expr: call("hypot", x, n(4)), x: 3, expected: 5),
    PointCase(name: "pow(x, 0.5)", expr: call("pow", x, n(0.5)), x: 16, expected: 4),
    PointCase(name: "(-8)^(1/3) is a domain error", expr: x ^ (n(1) / n(3)), x: -8, expected: .nan),
    PointCase(name: "round half away", expr: call("round", x), x: -2.5, expected: -3),
    PointCase(name: "sign", expr: call("sign", x), x: -0.1, expected: -1),
    PointCase(name: "pi constant", expr: v("pi") * x, x: 2, expected: 2 * Double.pi),
    PointCase(
      name: "a value before brackets multiplies", expr: call("pi", x + n(1)), x: 1,
      expected: 2 * Double.pi),
    PointCase(
      name: "constant folding keeps domain errors",
      expr: cond(op(.less, x, n(0)), call("sqrt", n(-1)), n(7)), x: 1, expected: 7),
    PointCase(
      name: "constant folding keeps domain errors (taken)",
      expr: cond(op(.less, x, n(0)), call("sqrt", n(-1)), n(7)), x: -1, expected: .nan),
    PointCase(
      name: "nan constant flows into a comparison", expr: op(.less, v("nan"), x), x: 1, expected: 0),
  ])
  func valueMatchesHandComputed(_ c: PointCase) throws {
    let f = try compile(c.expr)
    let got = f.value(at: c.x)
    #expect(
      same(got, c.expected) || abs(got - c.expected) <= 4 * c.expected.ulp,
      "\(c.name): got \(got), expected \(c.expected)")
  }

  @Test func variablesAreFoldedAndShadowedByThePlotVariable() throws {
    let f = try compile(v("a") * x + v("x"), variables: ["a": 3, "x": 100])
    #expect(f.value(at: 2) == 8)
    let g = try compile(v("a") * n(2), variables: ["a": 3])
    #expect(g.constantValue == 6)
    let t = try compile(v("t") * v("t"), variables: ["x": 5], variable: "t")
    #expect(t.value(at: 3) == 9)
  }

  @Test func userFunctionsAreInlined() throws {
    let sq = UserFunction(name: "sq", parameters: ["u"], body: v("u") * v("u"))
    let twice = UserFunction(
      name: "twice", parameters: ["u"], body: call("sq", v("u") + n(1)) * n(2))
    // free x is the plot x
    let uses = UserFunction(name: "usesX", parameters: ["u"], body: v("u") + x)
    let f = try compile(call("twice", x) + call("usesX", n(10)), functions: [sq, twice, uses])
    #expect(f.value(at: 2) == 2 * 9 + 12)
    let i = f.enclosure(over: Interval(2))
    #expect(i.contains(30))
    // An argument with a domain error is evaluated eagerly, even when the body ignores it.
    let ignore = UserFunction(name: "one", parameters: ["u"], body: n(1))
    let g = try compile(call("one", call("sqrt", x)), functions: [ignore])
    #expect(g.value(at: 4) == 1)
    #expect(g.value(at: -4).isNaN)
    #expect(g.enclosure(over: Interval(-4, -1)).isEmpty)
    #expect(!g.enclosure(over: Interval(-4, 4)).isDefinedEverywhere)
  }

  @Test func recursionIsACompileError() {
    let f = UserFunction(
      name: "f", parameters: ["u"],
      body: cond(op(.lessOrEqual, v("u"), n(0)), n(1), call("f", v("u") - n(1))))
    #expect {
      try compile(call("f", x), functions: [f])
    } throws: { error in
      guard let e = error as? CalcError else { return false }
      return e.kind == .limit && e.message.contains("'f'")
    }
    let g = UserFunction(name: "g", parameters: ["u"], body: call("h", v("u")))
    let h = UserFunction(name: "h", parameters: ["u"], body: call("g", v("u")))
    #expect {
      try compile(call("g", x), functions: [g, h])
    } throws: { error in
      (error as? CalcError)?.kind == .limit
    }
  }

  @Test func compileErrors() {
    func kind(_ e: Expr, _ functions: [UserFunction] = []) -> CalcError.Kind? {
      do {
        _ = try compile(e, variables: ["a": 1], functions: functions)
        return nil
      } catch let error as CalcError {
        return error.kind
      } catch {
        return nil
      }
    }
    #expect(kind(v("q") + x) == .unknownName)
    #expect(kind(call("nosuch", x)) == .unknownName)
    #expect(kind(call("sin", x, x)) == .arity)
    #expect(kind(call("log", x, x, x)) == .arity)
    #expect(kind(call("a", x, x)) == .unknownName)
    #expect(
      kind(call("f", x, x), [UserFunction(name: "f", parameters: ["u"], body: v("u"))]) == .arity)
  }

  @Test func limitsOnDepthAndExpandedSize() throws {
    // A tall tree (the parser allows height 1000) compiles; a much taller one is a limit.
    var tall = x
    for _ in 0..<1900 { tall = tall + n(1) }
    #expect(try compile(tall).value(at: 0) == 1900)
    var taller = x
    for _ in 0..<5000 { taller = taller + n(1) }
    let deep = taller
    #expect {
      try compile(deep)
    } throws: { error in
      (error as? CalcError)?.kind == .limit
    }
    // Each level calls the one below twice: 2^24 copies once expanded.
    var functions = [UserFunction(name: "g0", parameters: ["u"], body: call("sin", v("u")))]
    for k in 1...24 {
      functions.append(
        UserFunction(
          name: "g\(k)", parameters: ["u"],
          body: call("g\(k - 1)", v("u") + n(1)) * call("g\(k - 1)", v("u"))))
    }
    #expect {
      try compile(call("g24", x), functions: functions)
    } throws: { error in
      (error as? CalcError)?.kind == .limit
    }
    #expect(try compile(call("g3", x), functions: functions).value(at: 0).isFinite)
  }

  @Test func doublingFunctionsCompileEachBodyOnce() throws {
    // f_k(u) = f_{k-1}(u) + f_{k-1}(u): 2^k copies once expanded. Each body is compiled
    // once per binding of its parameters and copied after, so the size limit stops
    // f40(x) after a few dozen compilations (it compiled 2^18 bodies before stopping, and
    // f40(2), which folds to a constant, compiled 2^40 bodies: days).
    var functions = [UserFunction(name: "f1", parameters: ["u"], body: v("u") + v("u"))]
    for k in 2...40 {
      functions.append(
        UserFunction(
          name: "f\(k)", parameters: ["u"],
          body: call("f\(k - 1)", v("u")) + call("f\(k - 1)", v("u"))))
    }
    let table = Dictionary(uniqueKeysWithValues: functions.map { ($0.name, $0) })
    var compiler = PlotCompiler(variable: "x", variables: [:], functions: table)
    #expect {
      _ = try compiler.compile(call("f40", x), [:])
    } throws: { error in
      (error as? CalcError)?.kind == .limit
    }
    #expect(compiler.inlined.compiled <= 40)
    var folding = PlotCompiler(variable: "x", variables: [:], functions: table)
    let constant = try folding.compile(call("f20", n(2)) + x, [:])
    #expect(folding.inlined.compiled == 20)
    #expect(constant.point == [.constant(0x1p21), .variable, .add])
    // A copied body that stores an argument in a slot of its own reads it correctly: the
    // value of h is the reference evaluator's, at points and through the batch program.
    let g = UserFunction(name: "g", parameters: ["w"], body: call("sin", v("w")) + v("w"))
    let h = UserFunction(
      name: "h", parameters: ["u"],
      body: call("g", v("u") * n(2)) * call("g", v("u") * n(2)) - call("g", v("u") + n(1)))
    let f = try compile(call("h", x * n(3)) + call("h", x * n(3)), functions: [g, h])
    var brain = CalculatorBrain()
    brain.functions = ["g": g, "h": h]
    let xs = (0..<64).map { -2 + Double($0) * 0.0625 }
    var batch = [Double](repeating: 0, count: xs.count)
    xs.withUnsafeBufferPointer { input in
      batch.withUnsafeMutableBufferPointer { output in
        f.values(at: input, into: output, vectorMath: false)
      }
    }
    for (i, x0) in xs.enumerated() {
      let expected = try brain.evaluate(call("h", x * n(3)) + call("h", x * n(3)), x: x0)
      #expect(f.value(at: x0) == expected)
      #expect(batch[i] == expected)
    }
  }

  @Test func batchValuesMatchPointValues() throws {
    let f = try compile(
      call("sin", x) * x + cond(op(.greater, x, n(1)), n(1) / (x - n(2)), call("sqrt", x)))
    let xs = (0..<200).map { -3 + Double($0) * 0.037 }
    var out = [Double](repeating: 0, count: xs.count)
    var vector = out
    xs.withUnsafeBufferPointer { input in
      out.withUnsafeMutableBufferPointer { output in
        f.values(at: input, into: output, vectorMath: false)
      }
      vector.withUnsafeMutableBufferPointer { output in f.values(at: input, into: output) }
    }
    for (i, x) in xs.enumerated() {
      // Bit for bit with the scalar functions; with glibc's vector sin (within 4 ulps of
      // the scalar one) within a few ulps of the result.
      let p = f.value(at: x)
      #expect(same(out[i], p), "at \(x)")
      #expect(
        same(vector[i], p) || abs(vector[i] - p) <= 1e-14 * max(1, abs(p)),
        "at \(x): \(vector[i]) vs \(p)")
    }
  }

  /// Every one-argument function is found by its own name (the names are spelled out in a
  /// switch), `log` is `ln`, and other names are not functions of the plot programs.
  @Test func functionNames() {
    for f in PlotFunction1.allCases {
      #expect(PlotFunction1(name: "\(f)") == f)
    }
    #expect(PlotFunction1(name: "log") == .ln)
    for name in ["", "Sin", "sinx", "atan2", "hypot", "max", "x"] {
      #expect(PlotFunction1(name: name) == nil, "\(name)")
    }
  }

  @Test func builtinsMatchRealFunctions() throws {
    let names = Builtins.functions.keys.sorted()
    let points: [Double] = [-3.5, -2, -1, -0.5, 0, 0.25, 0.5, 1, 1.5, 2, 3, 10, 800, -800]
    for name in names {
      guard let arity = Builtins.functions[name] else { continue }
      for a in points {
        if arity.accepts(1) {
          let f = try compile(call(name, x))
          let expected = RealFunctions.apply(name, [a])
          #expect(same(f.value(at: a), expected), "\(name)(\(a))")
        }
        if arity.accepts(2) {
          for b in [-2.0, 0, 0.5, 3] {
            let f = try compile(call(name, x, n(b)))
            let expected = RealFunctions.apply(name, [a, b])
            #expect(same(f.value(at: a), expected), "\(name)(\(a), \(b))")
          }
        }
      }
    }
  }

  @Test func flagsAtPolesJumpsAndDomainEdges() throws {
    let tan = try compile(call("tan", x))
    let pole = tan.enclosure(over: Interval(1.5, 1.6))
    #expect(!pole.isContinuous && !pole.isDefinedEverywhere)
    #expect(tan.enclosure(over: Interval(1.4, 1.5)).isContinuous)

    let floor = try compile(call("floor", x))
    #expect(!floor.enclosure(over: Interval(0.9, 1.1)).isContinuous)
    let flat = floor.enclosure(over: Interval(1.1, 1.9))
    #expect(flat.isContinuous && flat.lo == 1 && flat.hi == 1)

    let recip = try compile(n(1) / x)
    let r = recip.enclosure(over: Interval(-0.1, 0.1))
    #expect(!r.isContinuous && !r.isDefinedEverywhere && r.lo == -.infinity && r.hi == .infinity)
    #expect(recip.enclosure(over: Interval(0.1, 0.2)).isContinuous)

    let sqrt = try compile(call("sqrt", x))
    #expect(!sqrt.enclosure(over: Interval(-1, 1)).isDefinedEverywhere)
    #expect(sqrt.enclosure(over: Interval(-2, -1)).isEmpty)
    #expect(sqrt.enclosure(over: Interval(1, 4)).isDefinedEverywhere)

    let ln = try compile(call("ln", x))
    let edge = ln.enclosure(over: Interval(-1, 2))
    #expect(!edge.isDefinedEverywhere && edge.lo == -.infinity)
    #expect(ln.enclosure(over: Interval(-2, -1)).isEmpty)

    let piecewise = try compile(cond(op(.less, x, n(0)), -x, x + n(1)))
    let jump = piecewise.enclosure(over: Interval(-0.5, 0.5))
    #expect(!jump.isContinuous && jump.contains(0.5) && jump.contains(1.5))
    let right = piecewise.enclosure(over: Interval(0.5, 1))
    #expect(right.isContinuous && right.lo <= 1.5 && right.hi >= 2 && right.hi < 2.0001)
    // The untaken branch's domain does not matter.
    let guarded = try compile(cond(op(.greater, x, n(0)), call("sqrt", x), n(0)))
    #expect(guarded.enclosure(over: Interval(1, 2)).isDefinedEverywhere)
  }

  @Test func enclosureOfEmptyInputIsEmpty() throws {
    let f = try compile(x + n(1))
    #expect(f.enclosure(over: .empty).isEmpty)
  }

  @Test func safeFromSeveralThreads() async throws {
    let f = try compile(call("sin", x) * call("exp", -x * x) + cond(op(.less, x, n(0)), x, n(0)))
    let expected = (0..<1000).map { f.value(at: Double($0) / 100) }
    await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<4 {
        group.addTask {
          (0..<1000).allSatisfy { same(f.value(at: Double($0) / 100), expected[$0]) }
        }
      }
      for await ok in group { #expect(ok) }
    }
  }
}
