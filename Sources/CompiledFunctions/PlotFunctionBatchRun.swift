import CVectorMath
import CalculatorBrain
import Glibc

extension PlotBatch {
  /// The values a chunk holds for this program: 256, fewer when the registers would take more
  /// than 512 KiB (a program with very many intermediate values).
  var chunkSize: Int { max(8, min(Self.chunk, 65_536 / max(1, registerCount))) }

  /// Evaluates the program at `n` values of x.
  ///
  /// - Parameters:
  ///   - xs: The x values (none NaN: the caller evaluates NaN x with the point program).
  ///   - out: Room for `n` results; the result register works in it directly (each chunk's
  ///     part of `out` is that register while the chunk runs), so it may hold intermediate
  ///     values before the chunk ends. It may overlap `xs` (then the result is copied out of
  ///     the registers instead).
  ///   - registers: Room for `registerCount * chunkSize` values.
  ///   - table: Room for `registerCount` register addresses.
  ///   - modes: Room for `conditionalCount` bytes.
  ///   - level: The vector math level (`PlotFunction.vectorMathLevel`'s codes): 0, the
  ///     scalar elementary functions; 1 or 2, glibc's vector math library with AVX2 or
  ///     AVX-512 (within 4 ulps of the scalar functions). The arithmetic runs at the same
  ///     level, with the same values at every level.
  func run(
    _ xs: UnsafePointer<Double>, _ out: UnsafeMutablePointer<Double>, count n: Int,
    registers: UnsafeMutablePointer<Double>,
    table: UnsafeMutablePointer<UnsafeMutablePointer<Double>>,
    modes: UnsafeMutablePointer<UInt8>, level: Int32
  ) {
    let size = chunkSize
    for k in 1..<max(1, registerCount) { table[k] = registers + k * size }
    guard let result = resultRegister else {
      for i in 0..<n { out[i] = resultConstant }
      return
    }
    // The result register is the output itself, a chunk at a time (no copy out of the
    // registers), unless it is x (the program `x`) or the output overlaps x.
    let written = UnsafePointer(out)
    let direct = result != 0 && (written + n <= xs || xs + n <= written)
    ops.withUnsafeBufferPointer { program in
      var start = 0
      while start < n {
        let m = min(size, n - start)
        table[0] = UnsafeMutablePointer(mutating: xs + start)
        if direct { table[Int(result)] = out + start }
        Self.chunk(program, m: m, table: table, modes: modes, level: level)
        if !direct {
          gc_vector_arithmetic_at(
            level, Int32(GCArithmeticCopy.rawValue), out + start, table[Int(result)], nil, 0, m)
        }
        start += m
      }
    }
  }

  /// Runs the program over one chunk of `m` values.
  static func chunk(
    _ program: UnsafeBufferPointer<BatchOp>, m: Int,
    table: UnsafeMutablePointer<UnsafeMutablePointer<Double>>,
    modes: UnsafeMutablePointer<UInt8>, level: Int32
  ) {
    var pc = 0
    let count = program.count
    while pc < count {
      let op = program[pc]
      pc += 1
      let d = table[Int(op.d)]
      let a = table[Int(op.a)]
      if let code = op.code.arithmetic {
        // `b` names register 0 (x, always there) in the steps that do not read it.
        gc_vector_arithmetic_at(level, code, d, a, table[Int(op.b)], op.c, m)
        continue
      }
      switch op.code {
      case .fill, .copy, .negate, .square, .cube, .add, .addC, .subtract, .subtractCR, .multiply,
        .multiplyC, .multiplyAddC, .divide, .divideC, .divideCR:
        break  // the C loops above
      case .not:
        for i in 0..<m { d[i] = a[i].isNaN ? .nan : (a[i] == 0 ? 1 : 0) }
      case .truth:
        for i in 0..<m { d[i] = a[i].isNaN ? .nan : (a[i] != 0 ? 1 : 0) }
      case .factorial:
        for i in 0..<m { d[i] = RealFunctions.factorial(a[i]) }
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
        if level > 0, let code = BuiltinFunction(rawValue: op.sub)?.vectorCode {
          gc_vector_apply1_at(level, code, a, d, m)
        } else {
          function1(op.sub, d, a, m)
        }
      case .function2:
        let b = table[Int(op.b)]
        function2(op.sub, d, a, b, m)
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

  /// A built-in function of one argument over a register, by the table's scalar rule
  /// (`BuiltinFunction.value`): one loop per function with the case a constant, so the rule
  /// inlines (the cheap ones to a few vector instructions). The loops of the functions with
  /// a vector kernel run only without vector math (`vectorMath: false`, or no AVX2). A new
  /// function needs no loop here: without one it takes the rule out of line for each value
  /// (`valueOutOfLine`).
  @inline(__always)
  static func function1(
    _ sub: UInt8, _ d: UnsafeMutablePointer<Double>, _ a: UnsafeMutablePointer<Double>, _ m: Int
  ) {
    typealias F = BuiltinFunction
    switch F(rawValue: sub) ?? .abs {
    case .sin: for i in 0..<m { d[i] = F.sin.value(a[i], a[i]) }
    case .cos: for i in 0..<m { d[i] = F.cos.value(a[i], a[i]) }
    case .tan: for i in 0..<m { d[i] = F.tan.value(a[i], a[i]) }
    case .asin: for i in 0..<m { d[i] = F.asin.value(a[i], a[i]) }
    case .acos: for i in 0..<m { d[i] = F.acos.value(a[i], a[i]) }
    case .atan: for i in 0..<m { d[i] = F.atan.value(a[i], a[i]) }
    case .sinh: for i in 0..<m { d[i] = F.sinh.value(a[i], a[i]) }
    case .cosh: for i in 0..<m { d[i] = F.cosh.value(a[i], a[i]) }
    case .tanh: for i in 0..<m { d[i] = F.tanh.value(a[i], a[i]) }
    case .asinh: for i in 0..<m { d[i] = F.asinh.value(a[i], a[i]) }
    case .acosh: for i in 0..<m { d[i] = F.acosh.value(a[i], a[i]) }
    case .atanh: for i in 0..<m { d[i] = F.atanh.value(a[i], a[i]) }
    case .exp: for i in 0..<m { d[i] = F.exp.value(a[i], a[i]) }
    case .ln: for i in 0..<m { d[i] = F.ln.value(a[i], a[i]) }
    case .log10: for i in 0..<m { d[i] = F.log10.value(a[i], a[i]) }
    case .log2: for i in 0..<m { d[i] = F.log2.value(a[i], a[i]) }
    case .cbrt: for i in 0..<m { d[i] = F.cbrt.value(a[i], a[i]) }
    case .sqrt: for i in 0..<m { d[i] = F.sqrt.value(a[i], a[i]) }
    case .abs: for i in 0..<m { d[i] = F.abs.value(a[i], a[i]) }
    case .floor: for i in 0..<m { d[i] = F.floor.value(a[i], a[i]) }
    case .ceil: for i in 0..<m { d[i] = F.ceil.value(a[i], a[i]) }
    case .round: for i in 0..<m { d[i] = F.round.value(a[i], a[i]) }
    case .trunc: for i in 0..<m { d[i] = F.trunc.value(a[i], a[i]) }
    case .sign: for i in 0..<m { d[i] = F.sign.value(a[i], a[i]) }
    case .gamma: for i in 0..<m { d[i] = F.gamma.value(a[i], a[i]) }
    case let f: for i in 0..<m { d[i] = f.valueOutOfLine(a[i], a[i]) }
    }
  }

  /// A built-in function of two arguments over two registers, NaN where either is NaN; as
  /// `function1`, one loop per function that `function2` instructions carry.
  @inline(__always)
  static func function2(
    _ sub: UInt8, _ d: UnsafeMutablePointer<Double>, _ a: UnsafeMutablePointer<Double>,
    _ b: UnsafeMutablePointer<Double>, _ m: Int
  ) {
    typealias F = BuiltinFunction
    switch F(rawValue: sub) ?? .atan2 {
    case .atan2:
      for i in 0..<m { d[i] = a[i].isNaN || b[i].isNaN ? .nan : F.atan2.value(a[i], b[i]) }
    case .hypot:
      for i in 0..<m { d[i] = a[i].isNaN || b[i].isNaN ? .nan : F.hypot.value(a[i], b[i]) }
    case .log:
      for i in 0..<m { d[i] = a[i].isNaN || b[i].isNaN ? .nan : F.log.value(a[i], b[i]) }
    case let f:
      for i in 0..<m { d[i] = a[i].isNaN || b[i].isNaN ? .nan : f.valueOutOfLine(a[i], b[i]) }
    }
  }
}

extension BatchCode {
  /// The `GCVectorArithmetic` code of CVectorMath that runs this step, nil for the steps
  /// written in Swift here.
  var arithmetic: Int32? {
    let code: GCVectorArithmetic
    switch self {
    case .fill: code = GCArithmeticFill
    case .copy: code = GCArithmeticCopy
    case .negate: code = GCArithmeticNegate
    case .square: code = GCArithmeticSquare
    case .cube: code = GCArithmeticCube
    case .add: code = GCArithmeticAdd
    case .addC: code = GCArithmeticAddC
    case .subtract: code = GCArithmeticSubtract
    case .subtractCR: code = GCArithmeticSubtractCR
    case .multiply: code = GCArithmeticMultiply
    case .multiplyC: code = GCArithmeticMultiplyC
    case .multiplyAddC: code = GCArithmeticMultiplyAddC
    case .divide: code = GCArithmeticDivide
    case .divideC: code = GCArithmeticDivideC
    case .divideCR: code = GCArithmeticDivideCR
    default: return nil
    }
    return Int32(code.rawValue)
  }
}

extension PlotFunction {
  /// The widest vector math this machine runs, asked once of the processor (CPUID): 2 for
  /// AVX-512 (glibc's eight-lane libmvec functions), 1 for AVX2 and FMA (the four-lane ones),
  /// 0 for the scalar libm functions. `values(at:into:)` uses it.
  public static var vectorMathLevel: Int { Int(gc_vector_math_level()) }

  /// Whether `values(at:into:)` computes the elementary functions with glibc's vector math
  /// library (libmvec, four values at a time with AVX2 and FMA; within 4 ulps of the scalar
  /// functions), true on a processor with AVX2 and FMA; false means the scalar functions, and
  /// then every batch value equals `value(at:)` bit for bit.
  public static var vectorMathAvailable: Bool { gc_vector_math_available() != 0 }
}
