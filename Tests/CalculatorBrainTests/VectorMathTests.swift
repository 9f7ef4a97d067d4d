import CVectorMath
import Glibc
import TestSupport
import Testing

@testable import CalculatorBrain
@testable import CompiledFunctions

/// The distance in ulps between two finite doubles of the same sign class (the number of
/// doubles between them, counting across zero).
private func ulps(_ a: Double, _ b: Double) -> UInt64 {
  func ordered(_ d: Double) -> Int64 {
    let i = Int64(bitPattern: d.bitPattern)
    return i < 0 ? Int64.min &- i : i
  }
  return (ordered(a) &- ordered(b)).magnitude
}

/// The x values tried: uniform over [-30, 30], random bit patterns over every exponent, the
/// domain edges and special values, and values just inside and outside [-1, 1].
private func corpus(seed: UInt64) -> [Double] {
  var rng = SplitMix64(seed: seed)
  var xs: [Double] = [
    0, -0.0, 1, -1, 2, 0.5, -0.5, 8, 1000, .pi, .pi / 2, 710, -710, 745, -745, 20, -20, 0x1p-1030,
    -0x1p-1030,
    .leastNormalMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .infinity,
    -.infinity, .nan,
    1.0.nextDown, 1.0.nextUp, (-1.0).nextUp, (-1.0).nextDown,
  ]
  for _ in 0..<20_000 { xs.append(Double.random(in: -30...30, using: &rng)) }
  for _ in 0..<20_000 { xs.append(Double.random(in: -1.2...1.2, using: &rng)) }
  for _ in 0..<20_000 {
    let bits = rng.next()
    let exponent = min((bits >> 52) & 0x7FF, 0x7FE)
    xs.append(Double(bitPattern: (bits & 0x800F_FFFF_FFFF_FFFF) | (exponent << 52)))
  }
  return xs
}

/// The values of `f` at `xs` from the batch program with glibc's vector math at `level` (1
/// AVX2, 2 AVX-512; the machine's level when that is lower), or the default path when nil.
private func vectorValues(_ f: PlotFunction, _ xs: [Double], level: Int? = nil) -> [Double] {
  var out = [Double](repeating: -12345, count: xs.count)
  xs.withUnsafeBufferPointer { x in
    out.withUnsafeMutableBufferPointer { o in
      if let level { f.values(at: x, into: o, level: level) } else { f.values(at: x, into: o) }
    }
  }
  return out
}

/// The vector math levels a test forces: AVX2 (1) and AVX-512 (2). Where the machine lacks
/// one, that run takes the machine's level (and `ranAt` says so).
private let levels = [1, 2]

/// Whether a run forced to `level` really ran there on this machine.
private func ranAt(_ level: Int) -> Bool { PlotFunction.vectorMathLevel >= level }

/// Compares vector values with the point (scalar libm) values: the same NaNs, infinities
/// and signed zeros, and at most `bound` ulps apart. Returns the worst distance.
private func compare(
  _ name: String, _ xs: [Double], _ vector: [Double], _ point: (Int) -> Double, bound: UInt64
) -> UInt64 {
  var worst: UInt64 = 0
  var failures = 0
  for i in xs.indices {
    let v = vector[i]
    let p = point(i)
    let ok: Bool
    if v.isNaN || p.isNaN {
      ok = v.isNaN && p.isNaN
    } else if v.isInfinite || p.isInfinite || (v == 0 && p == 0) {
      ok = v.bitPattern == p.bitPattern
    } else {
      let d = ulps(v, p)
      worst = max(worst, d)
      ok = d <= bound
    }
    if !ok {
      failures += 1
      if failures <= 3 { Issue.record("\(name) at x = \(xs[i]): vector \(v), scalar \(p)") }
    }
  }
  #expect(failures == 0, "\(name): \(failures) values differ")
  return worst
}

@Suite struct VectorMathTests {
  /// Every elementary function the batch program hands to libmvec stays within 4 ulps of
  /// the scalar glibc function the point program calls (glibc's documented libmvec bound;
  /// measured worst here: 4 for cos, tanh, cbrt, 3 or less for the rest), with the same NaN
  /// (domain errors), infinities and signed zeros; so a plot computed a batch at a time
  /// cannot differ visibly from one computed a point at a time. The square root and the
  /// roundings (single AVX instructions) are exact. Each path is forced in turn (AVX2's
  /// four-lane functions and AVX-512's eight-lane ones; measured worst for AVX-512: 3).
  @Test(
    arguments: [
      "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh",
      "atanh", "exp", "ln", "log10", "log2", "cbrt", "sqrt", "floor", "ceil", "trunc",
    ], levels)
  func oneArgument(_ name: String, level: Int) throws {
    let calc = CalculatorBrain()
    let f = try PlotFunction(
      try calc.parse(expression: "\(name)(x)"), variables: [:], functions: [:])
    #expect(PlotFunction1(name: name)?.vectorCode != nil)
    let xs = corpus(seed: 0x5EC7_0001 &+ UInt64(name.utf8.count))
    let vector = vectorValues(f, xs, level: level)
    let exact = ["sqrt", "floor", "ceil", "trunc"].contains(name)
    let worst = compare(
      "\(name) at level \(level)", xs, vector, { f.value(at: xs[$0]) }, bound: exact ? 0 : 4)
    // The values really come from the vector library on this machine (else this test would
    // only compare the scalar functions with themselves).
    if ranAt(level) && ["sin", "cos", "tan", "exp", "tanh", "cbrt"].contains(name) {
      #expect(worst > 0, "\(name): vector values equal the scalar ones everywhere")
    }
  }

  /// Where the interval rules take a function's value as exact (`e^0 = 1`, `ln 1 = 0`,
  /// `cbrt 0 = 0`, odd functions at 0), the vector value is exact too, so a point computed a
  /// batch at a time still lies in the enclosure there; and the round values that steps and
  /// comparisons see (the cases a reviewer found) are the scalar ones. At each forced level.
  @Test(arguments: levels) func exactValues(level: Int) throws {
    let calc = CalculatorBrain()
    let cases: [(String, Double, Double)] = [
      ("exp(x)", 0, 1), ("exp(x)", -0.0, 1), ("ln(x)", 1, 0), ("cbrt(x)", 0, 0), ("sin(x)", 0, 0),
      ("tan(x)", 0, 0), ("atan(x)", 0, 0), ("sinh(x)", 0, 0), ("tanh(x)", 0, 0), ("cos(x)", 0, 1),
      ("cosh(x)", 0, 1), ("log2(x)", 8, 3), ("log10(x)", 1, 0), ("exp(x)", -.infinity, 0),
      ("ln(x)", 0, -.infinity),
      ("asin(x)", 0, 0), ("acos(x)", 1, 0), ("asinh(x)", 0, 0), ("atanh(x)", 0, 0),
      ("acosh(x)", 1, 0),
      ("log10(x)", 1e7, 7), ("log10(x)", 1e14, 14), ("cbrt(x)", 1e6, 100), ("cbrt(x)", -1331, -11),
      ("cos(x)", 1e-9, 1), ("tanh(x)", 20, 1), ("tanh(x)", 1e-10, 1e-10),
      ("floor(cbrt(x))", 1e6, 100),
      ("ceil(log10(x))", 1e7, 7), ("1 - cos(x)", 1e-9, 0), ("exp(x)", 1e-17, 1),
    ]
    for (text, x, expected) in cases {
      let f = try PlotFunction(try calc.parse(expression: text), variables: [:], functions: [:])
      // In a full vector and in the padded tail (four and eight lanes).
      let got = vectorValues(f, [Double](repeating: x, count: 11), level: level)
      #expect(got.allSatisfy { $0 == expected }, "\(text) at \(x), level \(level): \(got)")
    }
  }

  /// Where the scalar function's value is a round number (an integer below 2^52, or x
  /// itself for tiny x), the batch value is that number bit for bit, so a step or a
  /// comparison sees what the point evaluator sees (libmvec alone drew `floor(cbrt(x))` as 99
  /// at x = 1e6 and gave `log10(1e7) = 7.0000000000000009`, `cos(1e-9) = 1 - 2^-53`). At
  /// each forced level.
  @Test(
    arguments: [
      "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh",
      "atanh", "exp", "ln", "log10", "log2", "cbrt",
    ], levels)
  func roundValuesAreTheScalarOnes(_ name: String, level: Int) throws {
    let calc = CalculatorBrain()
    let f = try PlotFunction(
      try calc.parse(expression: "\(name)(x)"), variables: [:], functions: [:])
    var rng = SplitMix64(seed: 0x5EC7_0200 &+ UInt64(name.utf8.count))
    var xs: [Double] = []
    for k in 0...22 { xs.append(pow(10, Double(k))) }
    for k in stride(from: -1000, through: 1000, by: 7) {
      xs.append(Double(sign: .plus, exponent: k, significand: 1))
    }
    for _ in 0..<4000 {
      let c = Double(Int.random(in: 1...200_000, using: &rng))
      xs.append(c * c * c)
      xs.append(
        Double(
          sign: .plus, exponent: Int.random(in: -60 ... -27, using: &rng),
          significand: Double.random(in: 1..<2, using: &rng)))
      xs.append(Double(Int.random(in: 1...1_000_000, using: &rng)))
      xs.append(Double.random(in: 10...1000, using: &rng))
      let k = Double(Int.random(in: -40...40, using: &rng))
      xs.append(k * .pi / 2 + Double.random(in: -1e-8...1e-8, using: &rng))
    }
    xs += xs.map { -$0 }
    let vector = vectorValues(f, xs, level: level)
    var round = 0
    for (i, x) in xs.enumerated() {
      let p = f.value(at: x)
      guard p.isFinite, abs(p) < 0x1p52, p == p.rounded() || abs(x) < 0x1p-26 else { continue }
      round += 1
      #expect(
        vector[i].bitPattern == p.bitPattern,
        "\(name)(\(x)) at level \(level): vector \(vector[i]), scalar \(p)")
    }
    // acosh is round only at 1 (its one integer value below 2^52 that a double reaches).
    #expect(round >= (name == "acosh" ? 1 : 100), "\(name): only \(round) round values tried")
  }

  /// The value of a point does not depend on where it sits in a batch: in a full vector of
  /// four or eight or in the padded tail, after any number of others. At each forced level.
  @Test(arguments: levels) func positionIndependent(level: Int) throws {
    let calc = CalculatorBrain()
    let f = try PlotFunction(
      try calc.parse(expression: "sin(x) * exp(-x/9) + cbrt(x)"), variables: [:], functions: [:])
    let xs = (0..<37).map { -8.3 + 0.71 * Double($0) }
    let whole = vectorValues(f, xs, level: level)
    for start in 0..<16 {
      let part = vectorValues(f, Array(xs[start...]), level: level)
      #expect(part == Array(whole[start...]), "from \(start) at level \(level)")
    }
  }

  /// AVX-512 is used only where it gives AVX2's values bit for bit (sin, cos, sinh, exp, our
  /// cosh and tanh over exp, and the exact operations; the others run the AVX2 variant at
  /// level 2), so the level a
  /// machine runs changes no output: the same values from both forced paths over the corpus.
  @Test(arguments: [
    "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh",
    "exp", "ln", "log10", "log2", "cbrt", "sqrt", "floor", "ceil", "trunc",
  ])
  func bothPathsGiveTheSameValues(_ name: String) throws {
    let calc = CalculatorBrain()
    let f = try PlotFunction(
      try calc.parse(expression: "\(name)(x)"), variables: [:], functions: [:])
    let xs = corpus(seed: 0x5EC7_0500 &+ UInt64(name.utf8.count))
    let avx2 = vectorValues(f, xs, level: 1)
    let avx512 = vectorValues(f, xs, level: 2)
    let differ = zip(avx2, avx512).filter {
      $0.bitPattern != $1.bitPattern && !($0.isNaN && $1.isNaN)
    }
    #expect(
      differ.isEmpty,
      "\(name): \(differ.count) values differ, first \(differ.first.map { "\($0)" } ?? "")")
  }

  /// cosh and tanh are our kernels over libmvec's exp (CVectorMathAVX2's `gc_cosh4` and
  /// `gc_tanh4`, CVectorMathAVX512's eight-lane twins): within 4 ulps of glibc's scalar
  /// functions (measured worst: 3 over 8M x) where the kernels switch or can fail: around
  /// tanh's switch from Cephes' rational to the exponential at |x| = 0.625, tiny x, where
  /// e^|x| overflows before cosh does (|x| from 709, which the scalar function takes), where
  /// e^(2|x|) overflows in tanh (|x| near 355) and where tanh is 1, with signed zeros,
  /// infinities and NaN as the scalar functions have them; and the same values at both levels.
  @Test(arguments: ["cosh", "tanh"])
  func hyperbolicKernels(_ name: String) throws {
    let calc = CalculatorBrain()
    let f = try PlotFunction(
      try calc.parse(expression: "\(name)(x)"), variables: [:], functions: [:])
    var rng = SplitMix64(seed: 0x5EC7_0600 &+ UInt64(name.utf8.count))
    var xs: [Double] = [
      0, -0.0, .infinity, -.infinity, .nan, 0.625, 0.625.nextUp, 0.625.nextDown, 709, 709.78,
      710.47, 710.48, 711, 354.9, 355, 19.06, 20, 0x1p-26, 0x1p-27, 0x1p-1074,
      .greatestFiniteMagnitude,
    ]
    for _ in 0..<5_000 {
      xs.append(0.625 + Double.random(in: -1...1, using: &rng) * 0x1p-20)
      xs.append(Double.random(in: 0.3...1.2, using: &rng))
      xs.append(Double.random(in: 705...712, using: &rng))
      xs.append(Double.random(in: 350...360, using: &rng))
      xs.append(Double.random(in: 15...25, using: &rng))
      xs.append(
        Double(
          sign: .plus, exponent: Int.random(in: -40 ... -10, using: &rng),
          significand: Double.random(in: 1..<2, using: &rng)))
      xs.append(Double.random(in: -10...10, using: &rng))
    }
    xs += xs.map { -$0 }
    let avx2 = vectorValues(f, xs, level: 1)
    let avx512 = vectorValues(f, xs, level: 2)
    for (level, values) in [(1, avx2), (2, avx512)] {
      let worst = compare(
        "\(name) at level \(level)", xs, values, { f.value(at: xs[$0]) }, bound: 4)
      if ranAt(level) { #expect(worst > 0, "\(name): the scalar values everywhere") }
    }
    #expect(
      zip(avx2, avx512).allSatisfy { $0.bitPattern == $1.bitPattern || ($0.isNaN && $1.isNaN) },
      "\(name): the levels differ")
  }

  /// The default path is the machine's widest level (AVX-512 where CPUID reports it).
  @Test func defaultIsTheWidestLevel() throws {
    let calc = CalculatorBrain()
    let f = try PlotFunction(
      try calc.parse(expression: "tan(x) + cosh(x/3) * cbrt(x)"), variables: [:],
      functions: [:])
    let xs = corpus(seed: 0x5EC7_0300).filter { $0.isFinite }
    let best = vectorValues(f, xs, level: PlotFunction.vectorMathLevel)
    let plain = vectorValues(f, xs)
    #expect(
      zip(best, plain).allSatisfy { $0.bitPattern == $1.bitPattern || ($0.isNaN && $1.isNaN) })
  }

  /// Every arithmetic step of a batch program (CVectorMath's `GCVectorArithmetic`) gives the
  /// scalar loop's value bit for bit at every level (IEEE 754 operations in the same order,
  /// no fused multiply-add: a contracted `a*b + c` would differ for about half of these
  /// operands), for every length from 0 to 40 (full vectors and each tail), in place and not,
  /// over special values (zeros, infinities, NaN, subnormals, huge) and random ones.
  @Test(arguments: [0, 1, 2])
  func arithmeticIsExactAtEveryLevel(level: Int) {
    var rng = SplitMix64(seed: 0x5EC7_0400)
    let specials: [Double] = [
      0, -0.0, 1, -1, .infinity, -.infinity, .nan, 0x1p-1070, -0x1p-1070,
      .greatestFiniteMagnitude, 3, 1e300, -1e-300,
    ]
    func sample() -> Double {
      Bool.random(using: &rng)
        ? specials[Int.random(in: 0..<specials.count, using: &rng)]
        : Double.random(in: -1e3...1e3, using: &rng)
    }
    var failures = 0
    for op in 0..<Int32(GCArithmeticCount.rawValue) {
      for n in 0...40 {
        let a = (0..<n).map { _ in sample() }
        let b = (0..<n).map { _ in sample() }
        let c = sample()
        var want = [Double](repeating: 7, count: n + 1)
        var got = want
        var inPlace = a + [7]
        gc_scalar_arithmetic(Int32(op), &want, a, b, c, n)
        gc_vector_arithmetic_at(Int32(level), Int32(op), &got, a, b, c, n)
        inPlace.withUnsafeMutableBufferPointer { p in
          gc_vector_arithmetic_at(Int32(level), Int32(op), p.baseAddress, p.baseAddress, b, c, n)
        }
        for i in 0...n {
          let same = { (x: Double, y: Double) in
            x.bitPattern == y.bitPattern || (x.isNaN && y.isNaN)
          }
          if !same(want[i], got[i]) || !same(want[i], inPlace[i]) {
            failures += 1
            if failures <= 3 {
              Issue.record(
                "op \(op) n \(n) i \(i) level \(level): scalar \(want[i]), vector \(got[i]), in place \(inPlace[i])"
              )
            }
          }
        }
      }
    }
    #expect(failures == 0)
  }
}
