import CVectorMath
import CalculatorBrain
import Intervals

/// A parsed expression compiled once for plotting in one variable.
///
/// `init` resolves every name, folds the other variables and constants, inlines user
/// functions and emits two postfix (RPN) programs over an operand stack of fixed depth (the
/// greatest depth is found at compile time, so evaluation allocates nothing on the heap):
/// - the point program, with jumps so that `c ? a : b`, `&&` and `||` evaluate only the
///   branch taken; its values equal the reference evaluator's (`RealFunctions` for every
///   built-in, floored `%`, `x! = gamma(x + 1)`, comparisons 1 or 0, `x/0 = +-inf`), with a
///   domain error (a NaN from operands that are not NaN) making the whole value NaN; the one
///   difference: `a^2` and `a^3` are computed as `a*a` and `a*a*a`, within 1 ulp of C's
///   `pow` (`a*a` is the correctly rounded square; glibc's `pow` misses it for about 1 value
///   in 1400), see Docs/performance.md;
/// - the batch program (`PlotBatch`), the point program evaluated a chunk of x at a time
///   (`values(at:into:)`): the same values bit for bit, but that the elementary functions
///   (sin, exp, ln, atan2, ...) come from glibc's vector math library (libmvec, four values
///   at a time with AVX2), within 4 ulps of the scalar functions with the same NaN,
///   infinities and signed zeros (Tests/CalculatorBrainTests/VectorMathTests.swift);
/// - the interval program, straight-line, which evaluates the `Interval` rules (Tupper's
///   method: T. Tupper, "Reliable Two-Dimensional Graphing Methods for Mathematical
///   Formulae with Two Free Variables", SIGGRAPH 2001) and combines both branches of an
///   undecided conditional.
///
/// The guarantee that the sampler relies on: for every `x` in an interval `X`, a finite
/// `value(at: x)` lies in `enclosure(over: X)`. (The `nan` constant is the exception: the
/// interval rules treat it as undefined, while the point evaluator lets it flow into
/// comparisons.)
///
/// Immutable and `Sendable`: one compiled function may be evaluated from several threads.
public struct PlotFunction: Sendable {
  /// The compiled programs, shared by every copy (a copy costs one reference count, which
  /// matters to callers that read a function out of an array for every value).
  let code: PlotCode
  /// The expression this function was compiled from (before shared subexpressions were
  /// made), for analysis of a plotted curve (`mark roots` differentiates it).
  public let source: Expr

  /// The point program.
  var pointProgram: [PlotOp] { code.pointProgram }
  /// The interval program.
  var intervalProgram: [PlotOp] { code.intervalProgram }
  /// The greatest stack depth of the point program.
  var pointDepth: Int { code.pointDepth }
  /// The greatest stack depth of the interval program.
  var intervalDepth: Int { code.intervalDepth }
  /// The number of argument slots of inlined user functions.
  var slotCount: Int { code.slotCount }
  /// The point program translated for batches of x (nil when it holds a NaN constant).
  var batch: PlotBatch? { code.batch }

  /// Compiles `expr` for plotting against `variable`.
  ///
  /// Names resolve as in the reference evaluator: parameters of the user function being
  /// inlined, then the built-in constants, then `variable`, then `variables` (so a user
  /// variable named like the plot variable is shadowed). Variables and constants are folded
  /// into the program; user functions are inlined with their parameters bound to the
  /// arguments.
  ///
  /// - Parameters:
  ///   - expr: The expression, in the plot variable.
  ///   - variable: The name of the plot variable (plot x, in plot units).
  ///   - variables: The user's variables, read now.
  ///   - functions: The user's functions, read now.
  ///   - nameLocations: Where each name first occurs in the typed text (the parser's
  ///     `CalculatorBrain.parseLocated(expression:)`): an unknown name or a bad call is
  ///     located there (inside an inlined user function, at the outermost call).
  /// - Throws: `CalcError` with kind `.unknownName` for a name with no value or function
  ///   (`unknown name 'q'`, or `'a' is a variable, not a function`), `.arity` for a call with
  ///   the wrong number of arguments, `.limit` for a user function that calls itself
  ///   (directly or not; the message names it), for more than 64 nested inlinings, or for an
  ///   expression too deep or too large once expanded.
  ///   - sharesSubexpressions: Whether a subtree that occurs more than once (where it is
  ///     always evaluated) is computed once into a slot and read back
  ///     (`SharedSubexpressions`):
  ///     for the large trees automatic differentiation builds (`Differentiator`), whose
  ///     subtrees repeat (the derivatives of `exp(-x^2)` hold it many times). Values and
  ///     enclosures are the same; counting the subtrees costs a hash of each, so plots of
  ///     typed expressions leave it off. A function compiled so has no batch program.
  public init(
    _ expr: Expr, variable: String = "x", variables: [String: Double],
    functions: [String: UserFunction], nameLocations: [String: Range<Int>] = [:],
    sharesSubexpressions: Bool = false
  ) throws(CalcError) {
    self.source = expr
    var source = expr
    var known = functions
    if sharesSubexpressions {
      let (rewritten, bindings) = SharedSubexpressions.rewrite(expr)
      source = rewritten
      known.merge(bindings) { _, new in new }
    }
    var compiler = PlotCompiler(variable: variable, variables: variables, functions: known)
    compiler.nameLocations = nameLocations
    let fragment = try compiler.compile(source, [:])
    code = PlotCode(
      pointProgram: fragment.point, intervalProgram: fragment.interval,
      pointDepth: fragment.pointDepth,
      intervalDepth: fragment.intervalDepth, slotCount: compiler.slotCount,
      batch: sharesSubexpressions
        ? nil : PlotBatch(point: fragment.point, slotCount: compiler.slotCount))
  }

  /// The value when the expression does not depend on the plot variable, else nil.
  public var constantValue: Double? {
    if pointProgram.count == 1, case .constant(let v) = pointProgram[0] { return v }
    return nil
  }

  /// The value at plot x `x`, in plot units.
  ///
  /// - Returns: The value as the reference evaluator computes it; NaN where it reports a
  ///   domain error (`sqrt(-1)`, `0/0`, `asin(2)`); infinities stay (`1/0` is `inf`).
  public func value(at x: Double) -> Double {
    withUnsafeTemporaryAllocation(of: Double.self, capacity: pointDepth + slotCount + 1) { room in
      guard let base = room.baseAddress else { return .nan }
      return pointProgram.withUnsafeBufferPointer { ops in
        PlotMachine.run(ops, x: x, stack: base + slotCount, slots: base) ?? .nan
      }
    }
  }

  /// The values at every plot x of `xs`, written to `out` (the fast path of the sampler):
  /// each equals `value(at:)` at the same x, but that each elementary function is computed by
  /// glibc's vector math library where the processor has AVX2 and FMA
  /// (`vectorMathAvailable`), within 4 ulps of the scalar function `value(at:)` calls, and
  /// equal to it where that value is a round number (an integer below 2^52, or x itself for
  /// tiny x), so steps and comparisons see the same values.
  ///
  /// The x values are taken a chunk (256) at a time and each instruction of the batch program
  /// runs over the whole chunk (see `PlotBatch`), so the cost of interpreting the expression
  /// is paid once per chunk rather than once per value; the result is written straight into
  /// `out`. A batch of `parallelThreshold` values or more is shared with the parked helper
  /// thread (`values(at:into:threads:)` with 2 threads) when the machine has a second
  /// processor; the values are one thread's bit for bit (Docs/performance.md, "Evaluation
  /// rows and the second core").
  ///
  /// - Parameters:
  ///   - xs: The plot x values.
  ///   - out: Room for as many values as `xs` has; when the counts differ, only the first
  ///     `min(xs.count, out.count)` are computed. It may be `xs` itself.
  public func values(
    at xs: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>
  ) {
    let n = min(xs.count, out.count)
    if Self.sharesLargeBatches, n >= Self.parallelThreshold, let xb = xs.baseAddress,
      let ob = out.baseAddress
    {
      // Pieces run in place when the output is x itself; a partial overlap stays on one thread.
      let written = UnsafePointer(ob)
      if written == xb || written + n <= xb || xb + n <= written {
        splitValues(at: xs, into: out, threads: 2)
        return
      }
    }
    values(at: xs, into: out, level: Self.vectorMathLevel)
  }

  /// `values(at:into:)`, with the elementary functions computed by glibc's vector math
  /// library (`vectorMath`, within 4 ulps of the scalar functions) or by the scalar ones
  /// (then every value equals `value(at:)` bit for bit).
  func values(
    at xs: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>,
    vectorMath: Bool
  ) {
    values(at: xs, into: out, level: vectorMath ? Self.vectorMathLevel : 0)
  }

  /// `values(at:into:)` at a vector math level (`vectorMathLevel`'s codes: 0 the scalar
  /// functions, 1 AVX2, 2 AVX-512; a level above the machine's runs at the machine's), for
  /// tests that compare the paths. The arithmetic steps give the same values at every level.
  func values(
    at xs: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>,
    level: Int
  ) {
    let n = min(xs.count, out.count)
    guard n > 0, let xb = xs.baseAddress, let ob = out.baseAddress else { return }
    guard let batch else {
      withUnsafeTemporaryAllocation(of: Double.self, capacity: pointDepth + slotCount + 1) { room in
        guard let base = room.baseAddress else { return }
        pointProgram.withUnsafeBufferPointer { ops in
          for i in 0..<n {
            ob[i] = PlotMachine.run(ops, x: xb[i], stack: base + slotCount, slots: base) ?? .nan
          }
        }
      }
      return
    }
    let registers = batch.registerCount
    // The registers start on a 64-byte boundary (a cache line, an AVX-512 vector): an
    // unaligned start split every vector load and store of the passes over two cache lines,
    // and made `sinh(x/5)*cosh(x/7)-tanh(x)` 4x slower on a thread whose stack happened to
    // leave it so (Docs/performance.md, "Evaluation rows and the second core").
    let lane = 8
    withUnsafeTemporaryAllocation(of: Double.self, capacity: registers * batch.chunkSize + lane) {
      room in
      withUnsafeTemporaryAllocation(of: UnsafeMutablePointer<Double>.self, capacity: registers) {
        table in
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, batch.conditionalCount)) {
          modes in
          guard let base = room.baseAddress, let t = table.baseAddress, let m = modes.baseAddress
          else { return }
          let misaligned = Int(bitPattern: base) & 63
          let r = misaligned == 0 ? base : base + (64 - misaligned) / 8
          batch.run(xb, ob, count: n, registers: r, table: t, modes: m, level: Int32(level))
        }
      }
    }
    // The batch program assumes x is not NaN (see `PlotBatch`).
    if gc_any_nan(xb, n) != 0 {
      for i in 0..<n where xb[i].isNaN { ob[i] = value(at: xb[i]) }
    }
  }

  /// An enclosure of the values over the plot-x interval `x`, with Tupper's flags: every
  /// finite `value(at:)` at a point of `x` lies in `[lo, hi]`; `isDefinedEverywhere` is false
  /// when a domain edge or pole may lie in `x`, `isContinuous` false when a jump or pole may.
  /// Empty when the function is defined nowhere in `x` (or `x` is empty).
  public func enclosure(over x: Interval) -> Interval {
    if x.isEmpty { return .empty }
    let capacity = intervalDepth + slotCount + 1
    return withUnsafeTemporaryAllocation(of: Interval.self, capacity: capacity) { room in
      guard let base = room.baseAddress else { return .unknown }
      base.initialize(repeating: .empty, count: capacity)
      defer { base.deinitialize(count: capacity) }
      return intervalProgram.withUnsafeBufferPointer { ops in
        PlotMachine.enclose(ops, x: x, stack: base + slotCount, slots: base)
      }
    }
  }
}

/// The immutable programs of a `PlotFunction`.
final class PlotCode: Sendable {
  let pointProgram: [PlotOp]
  let intervalProgram: [PlotOp]
  let pointDepth: Int
  let intervalDepth: Int
  let slotCount: Int
  let batch: PlotBatch?

  init(
    pointProgram: [PlotOp], intervalProgram: [PlotOp], pointDepth: Int, intervalDepth: Int,
    slotCount: Int,
    batch: PlotBatch?
  ) {
    self.pointProgram = pointProgram
    self.intervalProgram = intervalProgram
    self.pointDepth = pointDepth
    self.intervalDepth = intervalDepth
    self.slotCount = slotCount
    self.batch = batch
  }
}
