import CalculatorBrain
import Intervals

/// A parsed expression compiled once as a function of the two plot variables x and y: one
/// side of a relation (`x^2 + y^2 - 25` of `x^2 + y^2 = 25`), for the relation solver.
///
/// The same compiler and interpreters as `PlotFunction` (names resolved once, variables and
/// constants folded, user functions inlined), with y a second variable: the point program
/// gives the reference evaluator's value at (x, y), and the interval program an enclosure
/// over a box X x Y with Tupper's flags (T. Tupper, "Reliable Two-Dimensional Graphing
/// Methods for Mathematical Formulae with Two Free Variables", SIGGRAPH 2001, section 3):
/// every finite value at a point of the box lies in `[lo, hi]`; `isDefinedEverywhere` is
/// false when a domain edge may lie in the box, `isContinuous` false when a jump or pole may.
/// There is no batch program.
///
/// Immutable and `Sendable`.
public struct PlaneFunction: Sendable {
  let code: PlotCode
  /// Whether the expression reads x.
  public let dependsOnX: Bool
  /// Whether the expression reads y.
  public let dependsOnY: Bool

  /// Compiles `expr` as a function of x and y.
  ///
  /// Names resolve as in `PlotFunction.init`, with `y` beside `x` (so a user variable named
  /// `y` is shadowed here).
  ///
  /// - Parameters:
  ///   - expr: The expression in x and y.
  ///   - variables: The user's variables, read now.
  ///   - functions: The user's functions, read now.
  ///   - nameLocations: Where each name first occurs in the typed text, for error columns.
  /// - Throws: `CalcError` as `PlotFunction.init` does (unknown names, arity, limits).
  public init(
    _ expr: Expr, variables: [String: Double], functions: [String: UserFunction],
    nameLocations: [String: Range<Int>] = [:]
  ) throws(CalcError) {
    var compiler = PlotCompiler(variable: "x", variables: variables, functions: functions)
    compiler.secondVariable = "y"
    compiler.nameLocations = nameLocations
    let fragment = try compiler.compile(expr, [:])
    code = PlotCode(
      pointProgram: fragment.point, intervalProgram: fragment.interval,
      pointDepth: fragment.pointDepth, intervalDepth: fragment.intervalDepth,
      slotCount: compiler.slotCount, batch: nil)
    dependsOnX = fragment.interval.contains(.variable)
    dependsOnY = fragment.interval.contains(.variableY)
  }

  /// The value at (`x`, `y`), plot units; NaN where the reference evaluator reports a
  /// domain error.
  public func value(x: Double, y: Double) -> Double {
    let code = self.code
    return withUnsafeTemporaryAllocation(
      of: Double.self, capacity: code.pointDepth + code.slotCount + 1
    ) { room in
      guard let base = room.baseAddress else { return .nan }
      return code.pointProgram.withUnsafeBufferPointer { ops in
        PlotMachine.run(ops, x: x, y: y, stack: base + code.slotCount, slots: base) ?? .nan
      }
    }
  }

  /// An enclosure of the values over the box `x` x `y` (plot units), with Tupper's flags;
  /// empty when the function is defined nowhere in the box (or the box is empty).
  public func enclosure(x: Interval, y: Interval) -> Interval {
    if x.isEmpty || y.isEmpty { return .empty }
    let code = self.code
    let capacity = code.intervalDepth + code.slotCount + 1
    return withUnsafeTemporaryAllocation(of: Interval.self, capacity: capacity) { room in
      guard let base = room.baseAddress else { return .unknown }
      base.initialize(repeating: .empty, count: capacity)
      defer { base.deinitialize(count: capacity) }
      return code.intervalProgram.withUnsafeBufferPointer { ops in
        PlotMachine.enclose(ops, x: x, y: y, stack: base + code.slotCount, slots: base)
      }
    }
  }
}

/// A function of x and y with a tighter enclosure over boxes: plain interval arithmetic
/// (`PlaneFunction.enclosure(x:y:)`) where that excludes 0, the cheap answer that decides
/// most boxes of a relation solve, and otherwise that intersected with the mean value form
///
///     f(c) + f_x(B) (X - c_x) + f_y(B) (Y - c_y),   c the centre of the box B = X x Y,
///
/// used where the enclosures of the derivatives are defined everywhere and continuous (f is
/// then continuously differentiable on B, and the form holds by the mean value theorem). Its
/// width shrinks with the gradient, so near a crossing of two branches
/// (`x^2 + y^2 - x^2*y^2 = 1` at (1, 1)) it excludes boxes that plain arithmetic, whose
/// overestimate does not shrink there, would halve many times more (R. E. Moore, R. B.
/// Kearfott, M. J. Cloud, "Introduction to Interval Analysis", SIAM 2009, section 6.4). The
/// derivatives are the calculator's symbolic ones (`Differentiator`);
/// the flags are plain arithmetic's.
public struct MeanValueEnclosure: Sendable {
  let f: PlaneFunction
  let fx: PlaneFunction
  let fy: PlaneFunction

  /// Builds the form for `f`, compiled from `expr`; nil when `expr` has no derivative by x
  /// or y (a built-in without a derivative rule) or the derivatives do not compile.
  ///
  /// - Parameters:
  ///   - f: The compiled function.
  ///   - expr: The expression it was compiled from (degrees already rewritten).
  ///   - variables: The user's variables.
  ///   - functions: The user's functions.
  public init?(
    _ f: PlaneFunction, _ expr: Expr, variables: [String: Double],
    functions: [String: UserFunction]
  ) {
    let differentiator = Differentiator(functions: functions)
    guard let dx = try? differentiator.derivative(of: expr, by: "x"),
      let dy = try? differentiator.derivative(of: expr, by: "y"),
      let fx = try? PlaneFunction(dx, variables: variables, functions: functions),
      let fy = try? PlaneFunction(dy, variables: variables, functions: functions)
    else { return nil }
    self.f = f
    self.fx = fx
    self.fy = fy
  }

  /// The enclosure of f over the box `x` x `y`.
  public func enclosure(x: Interval, y: Interval) -> Interval {
    let natural = f.enclosure(x: x, y: y)
    guard !natural.isEmpty, natural.lo <= 0, natural.hi >= 0, natural.isContinuous,
      natural.isDefinedEverywhere, natural.lo < natural.hi
    else { return natural }
    let gx = fx.enclosure(x: x, y: y)
    let gy = fy.enclosure(x: x, y: y)
    guard !gx.isEmpty, !gy.isEmpty, gx.isDefinedEverywhere, gx.isContinuous,
      gy.isDefinedEverywhere, gy.isContinuous
    else { return natural }
    let cx = Interval(x.lo + (x.hi - x.lo) / 2)
    let cy = Interval(y.lo + (y.hi - y.lo) / 2)
    let form = f.enclosure(x: cx, y: cy) + gx * (x - cx) + gy * (y - cy)
    let lo = Swift.max(natural.lo, form.lo)
    let hi = Swift.min(natural.hi, form.hi)
    guard lo <= hi else { return natural }
    return Interval(lo, hi, isDefinedEverywhere: true, isContinuous: true)
  }
}
