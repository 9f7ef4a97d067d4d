import Glibc

/// The names the language knows before the user defines any: functions, constants, and words
/// that cannot be reassigned.
public enum Builtins {
  /// How many arguments a built-in function takes.
  public enum Arity: Sendable, Hashable {
    /// Exactly this many.
    case exactly(Int)
    /// Any count within the range (`log(x)` or `log(x, b)`).
    case range(ClosedRange<Int>)
    /// At least this many (`min`, `max`).
    case atLeast(Int)

    /// Whether `count` arguments are accepted.
    public func accepts(_ count: Int) -> Bool {
      switch self {
      case .exactly(let n): return count == n
      case .range(let r): return r.contains(count)
      case .atLeast(let n): return count >= n
      }
    }
  }

  /// Every built-in function and its arity, keyed by name (read from `BuiltinFunction`;
  /// the calculator's integer functions are `integerFunctions`).
  public static let functions: [String: Arity] = Dictionary(
    uniqueKeysWithValues: BuiltinFunction.allCases.map { ($0.name, $0.arity) })

  /// The calculator's functions of integers (`hex`, `gcd`, `binomial`, ...) and their
  /// arities: built in, but not plottable (`IntegerFunction`).
  public static let integerFunctions: [String: Arity] = Dictionary(
    uniqueKeysWithValues: IntegerFunction.allCases.map { ($0.name, $0.arity) })

  /// The constants and their values.
  public static let constants: [String: Double] = [
    "pi": Double.pi, "e": 2.718281828459045, "tau": 2 * Double.pi,
    "inf": Double.infinity, "nan": Double.nan,
  ]
}

/// The table of built-in functions: one case a function, which every evaluator and the help
/// read, so that a new built-in is one case here and one entry in each switch the compiler
/// then asks for.
///
/// The rules of a built-in live with the layer that uses them, each an exhaustive switch over
/// this enum (so the compiler refuses a function that lacks one):
/// - here: its name, arity, usage and help (`entry`) and its scalar value (`value(_:_:)`, the
///   rule of the reference evaluator and of the compiled point and batch programs);
/// - `Builtins+Derivatives.swift`: its derivative rule, for automatic differentiation;
/// - the `CompiledFunctions` target: its interval rule (the enclosure, from `Intervals`), its
///   vector kernel (`CVectorMath`) and the instruction a call of it compiles to.
///
/// The raw value is the function's code in compiled programs (one byte of a batch
/// instruction); hot loops switch over the case, never over the name. The enum and its scalar
/// rule are public so that the rule inlines into CompiledFunctions; the rest is package.
public enum BuiltinFunction: UInt8, Sendable, Hashable, CaseIterable {
  // One argument.
  case sin, cos, tan, asin, acos, atan, sinh, cosh, tanh, asinh, acosh, atanh
  case exp, ln, log10, log2, sqrt, cbrt, abs, floor, ceil, round, trunc, sign, gamma
  // Two arguments.
  case atan2, hypot, pow, mod
  /// `log(x)` (the natural logarithm, as `ln`) or `log(x, b)`.
  case log
  // Any number of arguments, at least one.
  case min, max
  // gnuplot's special functions of one argument (Builtins+Special.swift).
  case erf, erfc, norm, inverf, invnorm, besj0, besj1, besy0, besy1, real, imag

  /// What the language and the help know of a built-in. The texts are static strings, so an
  /// entry is plain data: making one and dropping it costs no reference counting (the name
  /// look-up makes one per function it passes).
  package struct Entry: Sendable {
    /// The name it is called by (`sin`).
    package var name: StaticString
    /// How many arguments it takes.
    package var arity: Builtins.Arity
    /// How it is called, with its arguments named (`sin(x)`, `log(x)`).
    package var usage: StaticString
    /// What it computes, after the usage in `help NAME` (`the sine of x (radians)`).
    package var help: StaticString
  }

  /// The name, arity, usage and help of the function.
  package var entry: Entry {
    switch self {
    case .sin: return Entry("sin", 1, "sin(x)", "the sine of x (radians)")
    case .cos: return Entry("cos", 1, "cos(x)", "the cosine of x (radians)")
    case .tan: return Entry("tan", 1, "tan(x)", "the tangent of x (radians); poles at pi/2 + k*pi")
    case .asin: return Entry("asin", 1, "asin(x)", "the arc sine, in [-pi/2, pi/2]; x in [-1, 1]")
    case .acos: return Entry("acos", 1, "acos(x)", "the arc cosine, in [0, pi]; x in [-1, 1]")
    case .atan: return Entry("atan", 1, "atan(x)", "the arc tangent, in (-pi/2, pi/2)")
    case .sinh: return Entry("sinh", 1, "sinh(x)", "the hyperbolic sine")
    case .cosh: return Entry("cosh", 1, "cosh(x)", "the hyperbolic cosine")
    case .tanh: return Entry("tanh", 1, "tanh(x)", "the hyperbolic tangent")
    case .asinh: return Entry("asinh", 1, "asinh(x)", "the inverse hyperbolic sine")
    case .acosh: return Entry("acosh", 1, "acosh(x)", "the inverse hyperbolic cosine; x >= 1")
    case .atanh:
      return Entry("atanh", 1, "atanh(x)", "the inverse hyperbolic tangent; x in (-1, 1)")
    case .exp: return Entry("exp", 1, "exp(x)", "e raised to x")
    case .ln: return Entry("ln", 1, "ln(x)", "the natural logarithm; x > 0")
    case .log10: return Entry("log10", 1, "log10(x)", "the logarithm to base 10")
    case .log2: return Entry("log2", 1, "log2(x)", "the logarithm to base 2")
    case .sqrt: return Entry("sqrt", 1, "sqrt(x)", "the square root; x >= 0")
    case .cbrt: return Entry("cbrt", 1, "cbrt(x)", "the cube root (defined for negative x too)")
    case .abs: return Entry("abs", 1, "abs(x)", "the absolute value")
    case .floor: return Entry("floor", 1, "floor(x)", "the greatest integer <= x")
    case .ceil: return Entry("ceil", 1, "ceil(x)", "the least integer >= x")
    case .round:
      return Entry(
        "round", 1, "round(x)",
        "the nearest integer, halves away from zero (round(2.5) is 3)")
    case .trunc: return Entry("trunc", 1, "trunc(x)", "x with its fraction dropped, towards zero")
    case .sign: return Entry("sign", 1, "sign(x)", "-1, 0 or 1")
    case .gamma: return Entry("gamma", 1, "gamma(x)", "the gamma function; gamma(n + 1) = n!")
    case .atan2:
      return Entry("atan2", 2, "atan2(y, x)", "the angle of the point (x, y), in (-pi, pi]")
    case .hypot: return Entry("hypot", 2, "hypot(a, b)", "sqrt(a^2 + b^2) without overflow")
    case .pow: return Entry("pow", 2, "pow(a, b)", "a raised to b, as a^b")
    case .mod:
      return Entry(
        "mod", 2, "mod(a, b)",
        "the floored remainder a - b*floor(a/b), with the sign of b (mod(-7, 3) is 2)")
    case .log:
      return Entry(
        "log", .range(1...2), "log(x)",
        "the natural logarithm; log(x, b): the logarithm to base b")
    case .min: return Entry("min", .atLeast(1), "min(a, b, ...)", "the smallest argument")
    case .max: return Entry("max", .atLeast(1), "max(a, b, ...)", "the largest argument")
    case .erf, .erfc, .norm, .inverf, .invnorm, .besj0, .besj1, .besy0, .besy1, .real, .imag:
      return specialEntry
    }
  }

  /// The name it is called by.
  package var name: String { entry.name.description }

  /// How many arguments it takes.
  package var arity: Builtins.Arity { entry.arity }

  /// The line `help NAME` shows: the usage, a colon, what it computes
  /// (`sin(x): the sine of x (radians)`).
  package var helpLine: String { "\(entry.usage): \(entry.help)" }

  /// The built-in called `name`, or nil.
  ///
  /// A linear search of the table by raw value (32 byte comparisons, no allocation):
  /// cheaper for the few look-ups of a one-shot run than building a dictionary, whose
  /// generic metadata and hashing cost more than a plot's parsing.
  ///
  /// - Parameter name: The name as written (case-sensitive: `Sin` is not `sin`).
  package init?(name: String) {
    var raw: UInt8 = 0
    var name = name
    while let function = BuiltinFunction(rawValue: raw) {
      let matches = function.entry.name.withUTF8Buffer { entry in
        name.withUTF8 { entry.elementsEqual($0) }
      }
      if matches {
        self = function
        return
      }
      raw += 1
    }
    guard let alias = BuiltinFunction.gnuplotAlias(name) else { return nil }
    self = alias
  }

  /// The function a call with one argument computes: `ln` for `log`, else the function
  /// itself (`min(x)` and `max(x)` are x).
  @inlinable
  public var oneArgumentForm: BuiltinFunction { self == .log ? .ln : self }

  /// The scalar value: for a function of one argument `a` (and `b` is ignored: callers pass
  /// `a` again, so that no dead computation on a constant `b` is hoisted into a hot loop, and
  /// `min(a, a)` is `a`), of two `a` and `b`; for `min` and `max` the smaller or larger of
  /// the two (a NaN operand wins,
  /// as the reference evaluator has always done), for `log` the logarithm of `a` to base
  /// `b`. NaN outside the domain (`sqrt(-1)`), infinities where the value is infinite
  /// (`ln(0)` is `-inf`); see `RealFunctions` for the rules of rounding, gamma, `mod`, `pow`.
  ///
  /// One rule for every evaluator: the reference evaluator (`value(of:)`), the compiled point
  /// program and the compiled batch program's scalar path call this, so they agree bit for
  /// bit. Inlined into the hot loops, where the case is known per instruction; public, not
  /// package, because this toolchain does not inline an `@inlinable package` function into
  /// another module (checked with -emit-sil), and the point machine needs it inlined.
  @inlinable @inline(__always)
  public func value(_ a: Double, _ b: Double) -> Double {
    switch self {
    case .sin: return Glibc.sin(a)
    case .cos: return Glibc.cos(a)
    case .tan: return Glibc.tan(a)
    case .asin: return Glibc.asin(a)
    case .acos: return Glibc.acos(a)
    case .atan: return Glibc.atan(a)
    case .sinh: return Glibc.sinh(a)
    case .cosh: return Glibc.cosh(a)
    case .tanh: return Glibc.tanh(a)
    case .asinh: return Glibc.asinh(a)
    case .acosh: return Glibc.acosh(a)
    case .atanh: return Glibc.atanh(a)
    case .exp: return Glibc.exp(a)
    case .ln: return Glibc.log(a)
    case .log10: return Glibc.log10(a)
    case .log2: return Glibc.log2(a)
    case .sqrt: return Glibc.sqrt(a)
    case .cbrt: return Glibc.cbrt(a)
    case .abs: return Glibc.fabs(a)
    case .floor: return Glibc.floor(a)
    case .ceil: return Glibc.ceil(a)
    case .round: return RealFunctions.roundHalfAway(a)
    case .trunc: return Glibc.trunc(a)
    case .sign: return RealFunctions.sign(a)
    case .gamma: return RealFunctions.gamma(a)
    case .atan2: return Glibc.atan2(a, b)
    case .hypot: return Glibc.hypot(a, b)
    case .pow: return RealFunctions.power(a, b)
    case .mod: return RealFunctions.flooredModulo(a, b)
    case .log: return Glibc.log(a) / Glibc.log(b)
    case .min: return b.isNaN || b < a ? b : a
    case .max: return b.isNaN || b > a ? b : a
    case .erf, .erfc, .norm, .inverf, .invnorm, .besj0, .besj1, .besy0, .besy1, .real, .imag:
      return SpecialFunctions.value(self, a)
    }
  }

  /// The value of a call with `arguments` (the reference evaluator's rule): one argument `a`
  /// is `oneArgumentForm.value(a, a)` (`min(x)` is x), two are `value(_:_:)`, more fold
  /// `min` or `max` from the left.
  ///
  /// - Parameter arguments: The arguments, already counted against `arity`.
  /// - Returns: The value; NaN outside the domain, or for a count the arity refuses.
  package func value(of arguments: [Double]) -> Double {
    guard arity.accepts(arguments.count), let first = arguments.first else { return .nan }
    if arguments.count == 1 { return oneArgumentForm.value(first, first) }
    var result = first
    for next in arguments.dropFirst() { result = value(result, next) }
    return result
  }
}

extension BuiltinFunction.Entry {
  /// An entry of `BuiltinFunction.entry`: name, arity, usage, help.
  fileprivate init(
    _ name: StaticString, _ arity: Builtins.Arity, _ usage: StaticString, _ help: StaticString
  ) {
    self.init(name: name, arity: arity, usage: usage, help: help)
  }

  /// An entry of a function of exactly `count` arguments.
  fileprivate init(
    _ name: StaticString, _ count: Int, _ usage: StaticString, _ help: StaticString
  ) {
    self.init(name: name, arity: .exactly(count), usage: usage, help: help)
  }
}

extension Builtins.Arity {
  /// "'name' takes 1 argument, not 2": the one wording of every arity error (the parser's,
  /// the evaluator's and the plot compiler's).
  ///
  /// - Parameters:
  ///   - name: The function called.
  ///   - given: How many arguments the call has (one this arity does not accept).
  /// - Returns: One line.
  package func message(calling name: String, given: Int) -> String {
    func count(_ n: Int) -> String { n == 1 ? "1 argument" : "\(n) arguments" }
    let takes: String
    switch self {
    case .exactly(let n): takes = count(n)
    case .range(let r): takes = "\(r.lowerBound) to \(count(r.upperBound))"
    case .atLeast(let n): takes = "at least \(count(n))"
    }
    return "'\(name)' takes \(takes), not \(given)"
  }
}
