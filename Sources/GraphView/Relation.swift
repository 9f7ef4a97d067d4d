import Intervals

/// How one atom of a relation compares its function with 0: `f = 0`, `f < 0`, ...
public enum RelationComparison: String, Sendable, Hashable, CaseIterable {
  /// `f = 0`.
  case equal = "="
  /// `f != 0`.
  case notEqual = "!="
  /// `f < 0`.
  case less = "<"
  /// `f <= 0`.
  case lessOrEqual = "<="
  /// `f > 0`.
  case greater = ">"
  /// `f >= 0`.
  case greaterOrEqual = ">="

  /// The comparison that holds exactly where this one does not, at points where f is
  /// defined (`<` and `>=`, `=` and `!=`).
  public var negated: RelationComparison {
    switch self {
    case .equal: return .notEqual
    case .notEqual: return .equal
    case .less: return .greaterOrEqual
    case .lessOrEqual: return .greater
    case .greater: return .lessOrEqual
    case .greaterOrEqual: return .less
    }
  }
}

/// A relation in x and y in negation normal form: atoms `f_k(x, y) op 0` joined by "and"
/// and "or" (a `!` is pushed into the atoms by De Morgan's laws, so a point where a
/// function is undefined satisfies no atom and no relation).
public indirect enum RelationFormula: Sendable, Hashable {
  /// `functions[index](x, y) op 0`.
  case atom(Int, RelationComparison)
  /// Every part holds.
  case all([RelationFormula])
  /// Some part holds.
  case any([RelationFormula])

  /// Whether every atom is a strict inequality (`<`, `>`): the region's edge is not part
  /// of it, and is drawn dashed (as Desmos draws `<` against `<=`).
  public var isStrict: Bool {
    switch self {
    case .atom(_, let op): return op == .less || op == .greater
    case .all(let parts), .any(let parts): return !parts.isEmpty && parts.allSatisfy { $0.isStrict }
    }
  }

  /// Whether the relation's solution set is drawn as a curve (thin, an equation) rather
  /// than a region: an atom `=`; `all` when some part is thin (`x^2 + y^2 = 1 && y > 0` is
  /// half a circle); `any` when every part is.
  public var isThin: Bool {
    switch self {
    case .atom(_, let op): return op == .equal
    case .all(let parts): return parts.contains { $0.isThin }
    case .any(let parts): return !parts.isEmpty && parts.allSatisfy { $0.isThin }
    }
  }
}

/// The limits of one relation solve (`RelationSolver.solve`): boxes, seconds, Ctrl-C, and
/// how far a pixel is subdivided.
public struct RelationBudget: Sendable {
  /// The most boxes evaluated in the whole solve (each box costs one interval evaluation of
  /// every function, and a few point evaluations).
  public var maxBoxes: Int
  /// The longest solve, in seconds of the thread's CPU time (`WorkClock`).
  public var seconds: Double
  /// The most sub-boxes one pixel may cost before it is left undecided.
  public var boxesPerPixel: Int
  /// The most halvings of a pixel's sides (a sub-box is at least 2^-maxDepth of a pixel).
  public var maxDepth: Int
  /// Whether the user asked to stop (the REPL's SIGINT flag); nil for never.
  public var interrupt: (@Sendable () -> Bool)?

  /// Creates a budget.
  ///
  /// - Parameters:
  ///   - maxBoxes: Boxes allowed in the whole solve.
  ///   - seconds: Seconds of the thread's CPU time allowed (`WorkClock`).
  ///   - boxesPerPixel: Sub-boxes allowed per pixel.
  ///   - maxDepth: Halvings allowed per pixel side.
  ///   - interrupt: The Ctrl-C check, asked every 256 boxes.
  public init(
    maxBoxes: Int = 20_000_000, seconds: Double = 5, boxesPerPixel: Int = 256,
    maxDepth: Int = 16, interrupt: (@Sendable () -> Bool)? = nil
  ) {
    self.maxBoxes = maxBoxes
    self.seconds = seconds
    self.boxesPerPixel = boxesPerPixel
    self.maxDepth = maxDepth
    self.interrupt = interrupt
  }
}

/// A relation in the two plot variables, ready for `RelationSolver`: its formula, the
/// interval enclosures of its functions over boxes, and the budget of a solve.
public struct PlaneRelation: Sendable {
  /// The formula over `functions`.
  public var formula: RelationFormula
  /// An enclosure with Tupper's flags of each function over a box `X x Y` (plot units),
  /// as `PlaneFunction.enclosure(x:y:)` computes: every finite value at a point of the box
  /// lies in it; `isDefinedEverywhere`, `isContinuous` as in `Interval`.
  public var functions: [@Sendable (Interval, Interval) -> Interval]
  /// For some functions (by index; missing or nil for the others), an enclosure over a box
  /// as a union of at most two intervals (`PlaneFunction.pieces(x:y:)`): asked only where
  /// the plain enclosure may hold a pole or a jump and does not decide the atom, so that a
  /// box around a pole of `tan(35.6x) = 0` is proven to hold no solution.
  public var pieces: [(@Sendable (Interval, Interval) -> IntervalUnion)?]
  /// Whether some function reads x (if none does, one column is solved for the whole
  /// width).
  public var dependsOnX: Bool
  /// Whether some function reads y (if none does, one row is solved for the whole height).
  public var dependsOnY: Bool
  /// The limits of a solve.
  public var budget: RelationBudget

  /// Creates a relation.
  ///
  /// - Parameters:
  ///   - formula: The atoms and connectives.
  ///   - functions: The enclosures of the atoms' functions, by index.
  ///   - pieces: Two-piece enclosures of some functions, by index (see `pieces`).
  ///   - dependsOnX: Whether some function reads x.
  ///   - dependsOnY: Whether some function reads y.
  ///   - budget: The limits of a solve.
  public init(
    formula: RelationFormula, functions: [@Sendable (Interval, Interval) -> Interval],
    pieces: [(@Sendable (Interval, Interval) -> IntervalUnion)?] = [],
    dependsOnX: Bool = true, dependsOnY: Bool = true, budget: RelationBudget = RelationBudget()
  ) {
    self.formula = formula
    self.functions = functions
    self.pieces = pieces
    self.dependsOnX = dependsOnX
    self.dependsOnY = dependsOnY
    self.budget = budget
  }
}

/// Why a relation solve ended before it decided every pixel it could.
public enum RelationStop: Sendable, Hashable {
  /// The box budget ran out.
  case boxes
  /// The time budget ran out.
  case time
  /// The user interrupted (Ctrl-C).
  case interrupted
}

/// A relation solved over a viewport's pixels: for each pixel whether the relation is
/// proven to hold somewhere in it, proven to hold nowhere in it, or undecided.
public struct RelationGrid: Sendable, Hashable {
  /// A pixel's verdict.
  public enum Cell: UInt8, Sendable, Hashable {
    /// Proven: no point of the pixel satisfies the relation.
    case no = 0
    /// Proven: some point of the pixel satisfies it.
    case yes = 1
    /// Neither could be proven within the budget.
    case undecided = 2

    /// The value `export table` writes: 0, 1 or 0.5.
    public var value: Double {
      switch self {
      case .no: return 0
      case .yes: return 1
      case .undecided: return 0.5
      }
    }
  }

  /// Pixel columns.
  public var width: Int
  /// Pixel rows.
  public var height: Int
  /// The verdicts, row by row from the top row, left to right (the viewport's pixel order).
  public var cells: [Cell]
  /// Whether the relation is drawn as a curve (`RelationFormula.isThin`) or as a region.
  public var isThin: Bool
  /// Why the solve stopped early, if it did (the pixels it had not reached are undecided).
  public var stop: RelationStop?
  /// Whether the region's edge is not part of it (`RelationFormula.isStrict`): drawn dashed.
  public var isStrict: Bool

  /// Creates a grid.
  public init(
    width: Int, height: Int, cells: [Cell], isThin: Bool, stop: RelationStop? = nil,
    isStrict: Bool = false
  ) {
    self.width = width
    self.height = height
    self.cells = cells
    self.isThin = isThin
    self.stop = stop
    self.isStrict = isStrict
  }

  /// The verdict of pixel (`column`, `row`), row 0 at the top.
  public subscript(column: Int, row: Int) -> Cell { cells[row * width + column] }

  /// How many pixels are undecided.
  public var undecidedCount: Int { cells.reduce(0) { $0 + ($1 == .undecided ? 1 : 0) } }
}
