import CVectorMath
import CalculatorBrain
import Intervals

/// The compiled functions' side of the table of built-ins (`BuiltinFunction`): the interval
/// rule of each function, its vector kernel, and the instruction a call compiles to. The
/// scalar value is the table's own (`BuiltinFunction.value(_:_:)`), so the point, batch and
/// reference evaluators share it.
extension BuiltinFunction {
  /// The interval rule: an enclosure of the function over `a` (one argument; `b` is
  /// ignored) or over `a` and `b` (two), with Tupper's flags (T. Tupper, SIGGRAPH 2001); the
  /// rules are `Interval`'s, rounded outward (Sources/Intervals). For `min` and `max` of two,
  /// the enclosure of the smaller or larger; for `log` of two, the logarithm to base `b`.
  /// The rules of one argument are `unaryEnclosure`'s.
  @inline(__always)
  func enclosure(_ a: Interval, _ b: Interval) -> Interval {
    switch self {
    case .atan2: return .atan2(a, b)
    case .hypot: return .hypot(a, b)
    case .pow: return .pow(a, b)
    case .mod: return .mod(a, b)
    case .log: return .log(a, base: b)
    case .min: return .min(a, b)
    case .max: return .max(a, b)
    default: return unaryEnclosure(a)
    }
  }

  /// The interval rule of a function of one argument: an enclosure over `x`, with Tupper's
  /// flags. A switch of its own (inlined into `PlotFunction1.enclosure`, the one entry the
  /// interval machine calls for `function1`), so that the machine's most frequent call
  /// dispatches over these cases only; the functions of two arguments enclose nothing here.
  @inline(__always)
  func unaryEnclosure(_ x: Interval) -> Interval {
    switch self {
    case .sin: return .sin(x)
    case .cos: return .cos(x)
    case .tan: return .tan(x)
    case .asin: return .asin(x)
    case .acos: return .acos(x)
    case .atan: return .atan(x)
    case .sinh: return .sinh(x)
    case .cosh: return .cosh(x)
    case .tanh: return .tanh(x)
    case .asinh: return .asinh(x)
    case .acosh: return .acosh(x)
    case .atanh: return .atanh(x)
    case .exp: return .exp(x)
    case .ln: return .ln(x)
    case .log10: return .log10(x)
    case .log2: return .log2(x)
    case .sqrt: return .sqrt(x)
    case .cbrt: return .cbrt(x)
    case .abs: return .abs(x)
    case .floor: return .floor(x)
    case .ceil: return .ceil(x)
    case .round: return .round(x)
    case .trunc: return .trunc(x)
    case .sign: return .sign(x)
    case .gamma: return .gamma(x)
    case .atan2, .hypot, .pow, .mod, .log, .min, .max: return .unknown
    case .erf, .erfc, .norm, .inverf, .invnorm, .besj0, .besj1, .besy0, .besy1, .real, .imag:
      return specialEnclosure(x)
    }
  }

  /// The code of the same function in `CVectorMath` (the batch evaluator's kernel): glibc's
  /// vector math library for the elementary functions, single AVX instructions (exact) for
  /// the square root, floor, ceiling and truncation; nil for the functions the batch program
  /// computes with the scalar rule (absolute value, rounding half away from zero, sign,
  /// gamma, and every function of two arguments).
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
    case .atan2, .hypot, .pow, .mod, .log, .min, .max: return nil
    case .erf, .erfc, .norm, .inverf, .invnorm, .besj0, .besj1, .besy0, .besy1, .real, .imag:
      return nil
    }
    return Int32(bitPattern: code.rawValue)
  }

  /// `value(a, b)` with the function chosen here among those that `function2` instructions
  /// carry, so that each call inlines just its own rule (the optimiser does not inline the
  /// whole table's switch into the machines' loops); any other function goes to
  /// `valueOutOfLine`.
  @inline(__always)
  func twoArgumentValue(_ a: Double, _ b: Double) -> Double {
    switch self {
    case .atan2: return Self.atan2.value(a, b)
    case .hypot: return Self.hypot.value(a, b)
    case .log: return Self.log.value(a, b)
    default: return valueOutOfLine(a, b)
    }
  }

  /// `enclosure(a, b)` for a `function2` instruction, out of line (one call per instruction
  /// of the interval machine, as for one argument).
  @inline(never)
  func twoArgumentEnclosure(_ a: Interval, _ b: Interval) -> Interval { enclosure(a, b) }

  /// `value(a, b)`, not inlined: the rare cases of the machines' loops call this, so that the
  /// table's whole switch is not inlined into them once more (a loop grown too large is past
  /// the optimiser's inlining budget, and then even its common cases stop being inlined).
  @inline(never)
  func valueOutOfLine(_ a: Double, _ b: Double) -> Double { value(a, b) }

  /// The instruction a call with `count` arguments (accepted by `arity`) compiles to, or nil
  /// when the call is its one argument (`min(x)`, `max(x)`). `pow` and `mod` are the
  /// operators `^` and `%` (with their interval rules and batch forms); every other function
  /// is `function1` (of one argument, `log` as `ln`) or `function2`.
  func instruction(arguments count: Int) -> PlotOp? {
    switch self {
    case .pow: return .power
    case .mod: return .modulo
    case .min: return count == 1 ? nil : .minimum(Int32(count))
    case .max: return count == 1 ? nil : .maximum(Int32(count))
    default:
      if count == 1, let f = PlotFunction1(oneArgumentForm) { return .function1(f) }
      return .function2(self)
    }
  }
}

/// A built-in function of one argument, as the operand of a `function1` instruction: a
/// `BuiltinFunction` whose arity is exactly one (so never `min`, `max` or `log`, whose
/// one-argument calls compile to their argument or to `ln`).
struct PlotFunction1: Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// The function.
  let builtin: BuiltinFunction

  /// The function, or nil when it does not take exactly one argument.
  init?(_ builtin: BuiltinFunction) {
    guard builtin.arity == .exactly(1) else { return nil }
    self.builtin = builtin
  }

  /// The function for a built-in name called with one argument (`log` is `ln`), or nil.
  init?(name: String) {
    guard let builtin = BuiltinFunction(name: name) else { return nil }
    self.init(builtin.oneArgumentForm)
  }

  /// Every built-in of one argument, in the table's order.
  static let allCases: [PlotFunction1] = BuiltinFunction.allCases.compactMap { Self($0) }

  /// The natural logarithm (`log` of one argument).
  static let ln = PlotFunction1(.ln)!

  /// The function's name.
  var description: String { builtin.name }

  /// The code of the same function in `CVectorMath`, see `BuiltinFunction.vectorCode`.
  var vectorCode: Int32? { builtin.vectorCode }

  /// The value at `x`, exactly as `RealFunctions.apply(name, [x])`.
  @inline(__always)
  func value(_ x: Double) -> Double { builtin.value(x, x) }

  /// The enclosure over `x` (the table's interval rule), out of line: the machine's loop
  /// stays small, and the rule's switch sees one argument.
  @inline(never)
  func enclosure(_ x: Interval) -> Interval { builtin.unaryEnclosure(x) }
}
