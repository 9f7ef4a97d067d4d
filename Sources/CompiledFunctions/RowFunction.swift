import CalculatorBrain

/// An expression compiled once for evaluation once per record of a data file, over several
/// named columns (gnuplot's `using 1:($2*1000)`, `($3 > 10 ? $2 : 1/0)`).
///
/// It is the point program of `PlotFunction` (the same compiler and machine, so the same
/// values as the reference evaluator: user functions inlined, variables folded), with the
/// columns bound to the first argument slots instead of a plot variable: a record's values
/// are written to the slots and the program runs, allocating nothing per record.
public struct RowFunction: Sendable {
  /// The point program.
  let program: [PlotOp]
  /// The greatest stack depth of the program.
  let depth: Int
  /// The number of slots: the columns, then the inlined functions' arguments.
  let slotCount: Int
  /// How many columns the caller supplies (the first slots).
  public let columnCount: Int

  /// Compiles `expr` over the columns named `columns`.
  ///
  /// - Parameters:
  ///   - expr: The expression.
  ///   - columns: The names standing for the record's values, in the order the caller
  ///     supplies them.
  ///   - variables: The user's variables, read now.
  ///   - functions: The user's functions, read now.
  ///   - nameLocations: Where each name first occurs in the typed text, for errors.
  /// - Throws: `CalcError` as `PlotFunction.init` (an unknown name, a bad call, a limit).
  public init(
    _ expr: Expr, columns: [String], variables: [String: Double],
    functions: [String: UserFunction], nameLocations: [String: Range<Int>] = [:]
  ) throws(CalcError) {
    // No plot variable: a name no expression can spell.
    var compiler = PlotCompiler(variable: "\u{0}", variables: variables, functions: functions)
    compiler.nameLocations = nameLocations
    compiler.slotCount = columns.count
    var env: [String: PlotCompiler.Binding] = [:]
    for (k, name) in columns.enumerated() { env[name] = .slot(Int32(k)) }
    let fragment = try compiler.compile(expr, env)
    program = fragment.point
    depth = fragment.pointDepth
    slotCount = compiler.slotCount
    columnCount = columns.count
  }

  /// The value for one record whose columns' values are `columns` (as many as
  /// `columnCount`; missing ones are NaN).
  ///
  /// - Returns: The value as the reference evaluator computes it; NaN where it reports a
  ///   domain error; infinities stay (`1/0` is `inf`: the caller decides what it means).
  public func value(_ columns: UnsafeBufferPointer<Double>) -> Double {
    withUnsafeTemporaryAllocation(of: Double.self, capacity: depth + slotCount + 1) { room in
      guard let base = room.baseAddress else { return .nan }
      for k in 0..<columnCount { base[k] = k < columns.count ? columns[k] : .nan }
      return program.withUnsafeBufferPointer { ops in
        PlotMachine.run(ops, x: .nan, stack: base + slotCount, slots: base) ?? .nan
      }
    }
  }
}
