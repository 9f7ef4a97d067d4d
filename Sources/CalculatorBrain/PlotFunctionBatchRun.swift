import CVectorMath
import Glibc

extension PlotBatch {
  /// The values a chunk holds for this program: 256, fewer when the registers would take more
  /// than 512 KiB (a program with very many intermediate values).
  var chunkSize: Int { max(8, min(Self.chunk, 65_536 / max(1, registerCount))) }

  /// Evaluates the program at `n` values of x.
  ///
  /// - Parameters:
  ///   - xs: The x values (none NaN: the caller evaluates NaN x with the point program).
  ///   - out: Room for `n` results.
  ///   - registers: Room for `registerCount * chunkSize` values.
  ///   - table: Room for `registerCount` register addresses.
  ///   - modes: Room for `conditionalCount` bytes.
  ///   - vectorMath: Whether the elementary functions go through glibc's vector math
  ///     library (within 4 ulps of the scalar functions) rather than the scalar ones.
  func run(
    _ xs: UnsafePointer<Double>, _ out: UnsafeMutablePointer<Double>, count n: Int,
    registers: UnsafeMutablePointer<Double>,
    table: UnsafeMutablePointer<UnsafeMutablePointer<Double>>,
    modes: UnsafeMutablePointer<UInt8>, vectorMath: Bool
  ) {
    let size = chunkSize
    for k in 1..<max(1, registerCount) { table[k] = registers + k * size }
    guard let result = resultRegister else {
      for i in 0..<n { out[i] = resultConstant }
      return
    }
    ops.withUnsafeBufferPointer { program in
      var start = 0
      while start < n {
        let m = min(size, n - start)
        table[0] = UnsafeMutablePointer(mutating: xs + start)
        Self.chunk(program, m: m, table: table, modes: modes, vectorMath: vectorMath)
        let r = table[Int(result)]
        let o = out + start
        for i in 0..<m { o[i] = r[i] }
        start += m
      }
    }
  }

  /// Runs the program over one chunk of `m` values.
  static func chunk(
    _ program: UnsafeBufferPointer<BatchOp>, m: Int,
    table: UnsafeMutablePointer<UnsafeMutablePointer<Double>>,
    modes: UnsafeMutablePointer<UInt8>, vectorMath: Bool
  ) {
    var pc = 0
    let count = program.count
    while pc < count {
      let op = program[pc]
      pc += 1
      let d = table[Int(op.d)]
      let a = table[Int(op.a)]
      switch op.code {
      case .fill:
        let c = op.c
        for i in 0..<m { d[i] = c }
      case .copy:
        for i in 0..<m { d[i] = a[i] }
      case .negate:
        for i in 0..<m { d[i] = -a[i] }
      case .not:
        for i in 0..<m { d[i] = a[i].isNaN ? .nan : (a[i] == 0 ? 1 : 0) }
      case .truth:
        for i in 0..<m { d[i] = a[i].isNaN ? .nan : (a[i] != 0 ? 1 : 0) }
      case .factorial:
        for i in 0..<m { d[i] = RealFunctions.factorial(a[i]) }
      case .square:
        for i in 0..<m { d[i] = a[i] * a[i] }
      case .cube:
        for i in 0..<m { d[i] = a[i] * a[i] * a[i] }
      case .add:
        let b = table[Int(op.b)]
        for i in 0..<m { d[i] = a[i] + b[i] }
      case .addC:
        let c = op.c
        for i in 0..<m { d[i] = a[i] + c }
      case .subtract:
        let b = table[Int(op.b)]
        for i in 0..<m { d[i] = a[i] - b[i] }
      case .subtractCR:
        let c = op.c
        for i in 0..<m { d[i] = c - a[i] }
      case .multiply:
        let b = table[Int(op.b)]
        for i in 0..<m { d[i] = a[i] * b[i] }
      case .multiplyC:
        let c = op.c
        for i in 0..<m { d[i] = a[i] * c }
      case .multiplyAddC:
        let b = table[Int(op.b)]
        let c = op.c
        for i in 0..<m { d[i] = a[i] * b[i] + c }
      case .divide:
        let b = table[Int(op.b)]
        for i in 0..<m { d[i] = a[i] / b[i] }
      case .divideC:
        let c = op.c
        for i in 0..<m { d[i] = a[i] / c }
      case .divideCR:
        let c = op.c
        for i in 0..<m { d[i] = c / a[i] }
      case .modulo:
        let b = table[Int(op.b)]
        for i in 0..<m { d[i] = RealFunctions.flooredModulo(a[i], b[i]) }
      case .power:
        let b = table[Int(op.b)]
        for i in 0..<m { d[i] = a[i].isNaN || b[i].isNaN ? .nan : RealFunctions.power(a[i], b[i]) }
      case .powerC:
        let c = op.c
        for i in 0..<m { d[i] = a[i].isNaN ? .nan : RealFunctions.power(a[i], c) }
      case .compare:
        compare(op.sub, d, a, table[Int(op.b)], m)
      case .compareC:
        compare(op.sub, d, a, op.c, m)
      case .function1:
        if vectorMath, let code = PlotFunction1(rawValue: op.sub)?.vectorCode {
          gc_vector_apply1(code, a, d, m)
        } else {
          function1(op.sub, d, a, m)
        }
      case .function2:
        let b = table[Int(op.b)]
        let f = PlotFunction2(rawValue: op.sub) ?? .atan2
        for i in 0..<m { d[i] = a[i].isNaN || b[i].isNaN ? .nan : f.value(a[i], b[i]) }
      case .minimum:
        let b = table[Int(op.b)]
        for i in 0..<m { d[i] = b[i].isNaN || b[i] < a[i] ? b[i] : a[i] }
      case .maximum:
        let b = table[Int(op.b)]
        for i in 0..<m { d[i] = b[i].isNaN || b[i] > a[i] ? b[i] : a[i] }
      case .poison:
        let b = table[Int(op.b)]
        for i in 0..<m { d[i] = b[i].isNaN ? .nan : a[i] }
      case .branch:
        // 1: every test true, 2: every test 0, 0: mixed (or a NaN test).
        var anyTrue = false
        var anyFalse = false
        for i in 0..<m {
          let t = a[i]
          anyTrue = anyTrue || t != 0
          anyFalse = anyFalse || t == 0 || t.isNaN
        }
        let mode: UInt8 = anyFalse ? (anyTrue ? 0 : 2) : 1
        modes[Int(op.e)] = mode
        if mode == 2 { pc = Int(op.b) }
      case .otherwise:
        if modes[Int(op.e)] == 1 { pc = Int(op.b) }
      case .merge:
        let then = table[Int(op.b)]
        let otherwise = table[Int(op.f)]
        switch modes[Int(op.e)] {
        case 1:
          if d != then { for i in 0..<m { d[i] = then[i] } }
        case 2:
          if d != otherwise { for i in 0..<m { d[i] = otherwise[i] } }
        default:
          for i in 0..<m {
            let t = a[i]
            d[i] = t.isNaN ? .nan : (t != 0 ? then[i] : otherwise[i])
          }
        }
      }
    }
  }

  /// A NaN-strict comparison of two registers: NaN where either is NaN, else 1 or 0.
  @inline(__always)
  static func compare(
    _ sub: UInt8, _ d: UnsafeMutablePointer<Double>, _ a: UnsafeMutablePointer<Double>,
    _ b: UnsafeMutablePointer<Double>, _ m: Int
  ) {
    switch BatchComparison(rawValue: sub) ?? .equal {
    case .less: for i in 0..<m { d[i] = a[i].isNaN || b[i].isNaN ? .nan : (a[i] < b[i] ? 1 : 0) }
    case .lessOrEqual:
      for i in 0..<m { d[i] = a[i].isNaN || b[i].isNaN ? .nan : (a[i] <= b[i] ? 1 : 0) }
    case .greater: for i in 0..<m { d[i] = a[i].isNaN || b[i].isNaN ? .nan : (a[i] > b[i] ? 1 : 0) }
    case .greaterOrEqual:
      for i in 0..<m { d[i] = a[i].isNaN || b[i].isNaN ? .nan : (a[i] >= b[i] ? 1 : 0) }
    case .equal: for i in 0..<m { d[i] = a[i].isNaN || b[i].isNaN ? .nan : (a[i] == b[i] ? 1 : 0) }
    case .notEqual:
      for i in 0..<m { d[i] = a[i].isNaN || b[i].isNaN ? .nan : (a[i] != b[i] ? 1 : 0) }
    }
  }

  /// A NaN-strict comparison with a constant (never NaN).
  @inline(__always)
  static func compare(
    _ sub: UInt8, _ d: UnsafeMutablePointer<Double>, _ a: UnsafeMutablePointer<Double>, _ c: Double,
    _ m: Int
  ) {
    switch BatchComparison(rawValue: sub) ?? .equal {
    case .less: for i in 0..<m { d[i] = a[i].isNaN ? .nan : (a[i] < c ? 1 : 0) }
    case .lessOrEqual: for i in 0..<m { d[i] = a[i].isNaN ? .nan : (a[i] <= c ? 1 : 0) }
    case .greater: for i in 0..<m { d[i] = a[i].isNaN ? .nan : (a[i] > c ? 1 : 0) }
    case .greaterOrEqual: for i in 0..<m { d[i] = a[i].isNaN ? .nan : (a[i] >= c ? 1 : 0) }
    case .equal: for i in 0..<m { d[i] = a[i].isNaN ? .nan : (a[i] == c ? 1 : 0) }
    case .notEqual: for i in 0..<m { d[i] = a[i].isNaN ? .nan : (a[i] != c ? 1 : 0) }
    }
  }

  /// A built-in function of one argument over a register: one loop per function, so the
  /// function is chosen once per chunk.
  @inline(__always)
  static func function1(
    _ sub: UInt8, _ d: UnsafeMutablePointer<Double>, _ a: UnsafeMutablePointer<Double>, _ m: Int
  ) {
    switch PlotFunction1(rawValue: sub) ?? .abs {
    case .sin: for i in 0..<m { d[i] = Glibc.sin(a[i]) }
    case .cos: for i in 0..<m { d[i] = Glibc.cos(a[i]) }
    case .tan: for i in 0..<m { d[i] = Glibc.tan(a[i]) }
    case .asin: for i in 0..<m { d[i] = Glibc.asin(a[i]) }
    case .acos: for i in 0..<m { d[i] = Glibc.acos(a[i]) }
    case .atan: for i in 0..<m { d[i] = Glibc.atan(a[i]) }
    case .sinh: for i in 0..<m { d[i] = Glibc.sinh(a[i]) }
    case .cosh: for i in 0..<m { d[i] = Glibc.cosh(a[i]) }
    case .tanh: for i in 0..<m { d[i] = Glibc.tanh(a[i]) }
    case .asinh: for i in 0..<m { d[i] = Glibc.asinh(a[i]) }
    case .acosh: for i in 0..<m { d[i] = Glibc.acosh(a[i]) }
    case .atanh: for i in 0..<m { d[i] = Glibc.atanh(a[i]) }
    case .exp: for i in 0..<m { d[i] = Glibc.exp(a[i]) }
    case .ln: for i in 0..<m { d[i] = Glibc.log(a[i]) }
    case .log10: for i in 0..<m { d[i] = Glibc.log10(a[i]) }
    case .log2: for i in 0..<m { d[i] = Glibc.log2(a[i]) }
    case .sqrt: for i in 0..<m { d[i] = a[i].squareRoot() }
    case .cbrt: for i in 0..<m { d[i] = Glibc.cbrt(a[i]) }
    case .abs: for i in 0..<m { d[i] = Swift.abs(a[i]) }
    case .floor: for i in 0..<m { d[i] = a[i].rounded(.down) }
    case .ceil: for i in 0..<m { d[i] = a[i].rounded(.up) }
    case .round: for i in 0..<m { d[i] = a[i].rounded(.toNearestOrAwayFromZero) }
    case .trunc: for i in 0..<m { d[i] = a[i].rounded(.towardZero) }
    case .sign: for i in 0..<m { d[i] = RealFunctions.sign(a[i]) }
    case .gamma: for i in 0..<m { d[i] = RealFunctions.gamma(a[i]) }
    }
  }
}

extension PlotFunction1 {
  /// The code of the same function in `CVectorMath`: glibc's vector math library for the
  /// elementary functions, single AVX instructions (exact) for the square root, floor,
  /// ceiling and truncation; nil for the functions the batch program computes itself
  /// (absolute value, rounding half away from zero, sign, gamma).
  var vectorCode: Int32? {
    let code: GCVectorFunction1
    switch self {
    case .sin: code = GCVectorSin
    case .cos: code = GCVectorCos
    case .tan: code = GCVectorTan
    case .asin: code = GCVectorAsin
    case .acos: code = GCVectorAcos
    case .atan: code = GCVectorAtan
    case .sinh: code = GCVectorSinh
    case .cosh: code = GCVectorCosh
    case .tanh: code = GCVectorTanh
    case .asinh: code = GCVectorAsinh
    case .acosh: code = GCVectorAcosh
    case .atanh: code = GCVectorAtanh
    case .exp: code = GCVectorExp
    case .ln: code = GCVectorLog
    case .log10: code = GCVectorLog10
    case .log2: code = GCVectorLog2
    case .cbrt: code = GCVectorCbrt
    case .sqrt: code = GCVectorSqrt
    case .floor: code = GCVectorFloor
    case .ceil: code = GCVectorCeil
    case .trunc: code = GCVectorTrunc
    case .abs, .round, .sign, .gamma: return nil
    }
    return Int32(bitPattern: code.rawValue)
  }
}

extension PlotFunction {
  /// Whether `values(at:into:)` computes the elementary functions with glibc's vector math
  /// library (libmvec, four values at a time with AVX2 and FMA; within 4 ulps of the scalar
  /// functions), true on a processor with AVX2 and FMA; false means the scalar functions, and
  /// then every batch value equals `value(at:)` bit for bit.
  public static var vectorMathAvailable: Bool { gc_vector_math_available() != 0 }
}
