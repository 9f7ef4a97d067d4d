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
