import Analysis
import CalculatorBrain
import CompiledFunctions
import GraphView

// What `explore`'s trace needs beyond the picture (tracker issues 14 and 15): every curve it
// can follow (functions of x, `x = EXPR` curves, parametric and polar curves), the slope at
// the cursor from the calculator's derivatives, and the points of interest of the traced
// curve in the view from the proven finders `mark` uses (`RootFinder`, `Extrema`).

/// The compiled coordinates of a parametric or polar curve, kept in its
/// `ParametricCurve.source`: x and y as functions of the parameter, and the parameter's
/// name (`t`, or `θ` for a polar curve, whose x is r(θ)·cos θ and y is r(θ)·sin θ).
struct ParametricParts: Sendable {
  /// x as a function of the parameter (plot units).
  var x: PlotFunction
  /// y as a function of the parameter (plot units).
  var y: PlotFunction
  /// The parameter's name: `t` or `θ`.
  var parameter: String
}

/// One curve the trace can follow, with the derivatives its slope needs.
public struct TraceCurve: Sendable {
  /// How the cursor moves along the curve.
  public enum Kind: Sendable, Hashable {
    /// y = f(x): the cursor steps in x, a character column at a time.
    case functionOfX
    /// x = g(y): the cursor steps in y, a character row at a time.
    case functionOfY
    /// (x(t), y(t)) or r = f(θ): the cursor steps in the parameter, the range in as many
    /// steps as the plot area has columns; the name is `t` or `θ`.
    case parametric(parameter: String, range: ClosedRange<Double>)
  }

  /// The curve's index among the plot's items.
  public let item: Int
  /// The legend text.
  public let title: String
  /// How the cursor moves.
  public let kind: Kind
  /// The curve's function of its variable: y(x), x(y), or x(t).
  let first: PlotFunction
  /// y(t) of a parametric curve; nil otherwise.
  let second: PlotFunction?
  /// The derivative of `first` by its variable (nil when there is none, e.g. too large).
  let firstSlope: PlotFunction?
  /// The derivative of `second` by the parameter.
  let secondSlope: PlotFunction?
  /// The variable's name: x, y, t or θ.
  let variable: String

  /// The point of the curve at `position` of its variable (x, y or the parameter), in plot
  /// units; a coordinate is NaN where the curve is undefined.
  public func point(at position: Double) -> (x: Double, y: Double) {
    switch kind {
    case .functionOfX: return (position, first.value(at: position))
    case .functionOfY: return (first.value(at: position), position)
    case .parametric: return (first.value(at: position), second?.value(at: position) ?? .nan)
    }
  }

  /// The slope dy/dx of the curve at `position`, from the calculator's derivatives: f'(x);
  /// 1 / g'(y) for x = g(y); y'(t) / x'(t) for a parametric or polar curve (the chain
  /// rule: dy/dx = (dy/dt) / (dx/dt)). In the user's angle unit: in degrees the
  /// derivatives are of the rewritten trees, so d/dx sin(x) is π/180·cos(x).
  ///
  /// - Returns: The slope; `.infinity` where the tangent is vertical (g'(y) = 0, or
  ///   x'(t) = 0 with y'(t) ≠ 0); NaN where the curve or a derivative is undefined (`abs` at
  ///   0, a jump, x'(t) = y'(t) = 0 at a cusp): the slope does not exist there, and none is
  ///   made up from a difference quotient.
  public func slope(at position: Double) -> Double {
    func derivative(_ f: PlotFunction?, _ value: PlotFunction?) -> Double {
      guard let f, let value, value.value(at: position).isFinite else { return .nan }
      let d = f.value(at: position)
      return d.isFinite ? d : .nan
    }
    switch kind {
    case .functionOfX:
      return derivative(firstSlope, first)
    case .functionOfY:
      let d = derivative(firstSlope, first)
      return d == 0 ? .infinity : 1 / d
    case .parametric:
      let dx = derivative(firstSlope, first)
      let dy = derivative(secondSlope, second)
      guard dx.isFinite, dy.isFinite, dx != 0 || dy != 0 else { return .nan }
      return dx == 0 ? .infinity : dy / dx
    }
  }
}

/// A point of interest on a traced curve: where along it (its variable's value), what it
/// is (`root`, `max`, `intersection with cos(x)`, ...), and whether it is proven.
public struct TracePoint: Sendable, Hashable {
  /// The value of the curve's variable there (x, y, t or θ).
  public var position: Double
  /// What the point is; several kinds at one point are joined with commas.
  public var what: String
  /// Whether the point is proven (else possible: a double root, or the budget ran out).
  public var isProven: Bool
}

/// The curves `explore` can trace and the calculator that answers their slopes and points
/// of interest. Made by `Session.exploreState()`; relations and data series are skipped
/// (counted in `skipped`).
public struct ExploreTracer: Sendable {
  /// The seconds one search for points of interest may take (then it says so).
  static let searchSeconds = 0.5

  /// The curves that can be traced, in the plot's order.
  public let curves: [TraceCurve]
  /// The legend texts of the curves that cannot be traced (relations, data series).
  public let skipped: [String]
  /// The user's variables, folded into the compiled derivatives.
  let variables: [String: Double]
  /// The user's functions as the plot compiles them: in degrees (`mode deg`) with their
  /// bodies rewritten to radians (`AngleUnit.rewrite`), as the curves' own trees are, so
  /// a derivative is in the user's unit (d/dx sin(x) is π/180·cos(x) in degrees).
  let functions: [String: UserFunction]
  /// The limits of one search (its time is cut to `searchSeconds`).
  let budget: AnalysisBudget

  /// Collects the traceable curves of `curves`, differentiating each once.
  ///
  /// - Parameters:
  ///   - curves: The plot.
  ///   - brain: The calculator as the curves were compiled with (`Session.compilingBrain`:
  ///     in degree mode its user functions' bodies are in radians).
  ///   - budget: The analysis budget (Ctrl-C).
  init(curves: FunctionCurves, brain: CalculatorBrain, budget: AnalysisBudget) {
    let functions = brain.functions  // in radians (`Session.compilingBrain`)
    self.variables = brain.variables
    self.functions = functions
    var budget = budget
    budget.seconds = min(budget.seconds, Self.searchSeconds)
    self.budget = budget
    var traced: [TraceCurve] = []
    var skipped: [String] = []
    func slope(_ f: PlotFunction, _ variable: String) -> PlotFunction? {
      Self.derivative(f.source, by: variable, variables: brain.variables, functions: functions)
    }
    for (i, item) in curves.items.enumerated() {
      let title = item.title
      switch item {
      case .function(let f, _, _):
        traced.append(
          TraceCurve(
            item: i, title: title, kind: .functionOfX, first: f, second: nil,
            firstSlope: slope(f, "x"), secondSlope: nil, variable: "x"))
      case .functionOfY(let g, _):
        traced.append(
          TraceCurve(
            item: i, title: title, kind: .functionOfY, first: g, second: nil,
            firstSlope: slope(g, "y"), secondSlope: nil, variable: "y"))
      case .parametric(let curve, _):
        guard let parts = curve.source as? ParametricParts else {
          skipped.append(title)
          continue
        }
        traced.append(
          TraceCurve(
            item: i, title: title,
            kind: .parametric(parameter: parts.parameter, range: curve.parameterRange),
            first: parts.x, second: parts.y, firstSlope: slope(parts.x, parts.parameter),
            secondSlope: slope(parts.y, parts.parameter), variable: parts.parameter))
      case .relation, .data:
        skipped.append(title)
      }
    }
    self.curves = traced
    self.skipped = skipped
  }

  /// The derivative of `e` by `variable` (`Differentiator`, forward-mode automatic
  /// differentiation), compiled in that variable; nil when it cannot be taken (too large, a
  /// function without a derivative rule) or compiled.
  ///
  /// - Parameters:
  ///   - e: The tree, in the plot compiler's form (angles already in radians).
  ///   - variable: x, y, t or θ.
  ///   - variables: The user's variables.
  ///   - functions: The user's functions, rewritten for the angle unit as `e` is.
  static func derivative(
    _ e: Expr, by variable: String, variables: [String: Double],
    functions: [String: UserFunction]
  ) -> PlotFunction? {
    guard let d = try? Differentiator(functions: functions).derivative(of: e, by: variable)
    else { return nil }
    return try? PlotFunction(
      d, variable: variable, variables: variables, functions: functions,
      sharesSubexpressions: true)
  }

  /// The derivative of `e` by `variable` with this tracer's variables and functions.
  func derivative(_ e: Expr, by variable: String) -> PlotFunction? {
    Self.derivative(e, by: variable, variables: variables, functions: functions)
  }

  /// The points of interest of traced curve `index` within the view, sorted along its
  /// variable, and a note when the search stopped early.
  ///
  /// For y = f(x) over the view's x range: the roots of f, its local minima and maxima,
  /// and its intersections with the other functions of x (roots of their difference). For
  /// x = g(y) over the view's y range: where x = 0, the least and greatest x, and the
  /// intersections with the other functions of y. For a parametric or polar curve over its
  /// parameter's range, the points in the view where y = 0 and x = 0 and where y and x are
  /// least and greatest (its extreme points in either direction). All of them proven by
  /// `RootFinder` and `Extrema` (interval Newton; what is not proven is marked possible),
  /// within one budget of `searchSeconds`; points at one position are merged.
  ///
  /// - Parameters:
  ///   - index: The curve, in `curves`.
  ///   - x: The view's x range (plot units).
  ///   - y: The view's y range (plot units).
  /// - Returns: The points and the note (nil when the search was whole).
  func pointsOfInterest(
    of index: Int, x: ClosedRange<Double>, y: ClosedRange<Double>
  ) -> (points: [TracePoint], note: String?) {
    guard curves.indices.contains(index) else { return ([], nil) }
    let curve = curves[index]
    let deadline = BudgetClock.now() + budget.seconds
    var stopped: AnalysisStop?
    var found: [TracePoint] = []
    func remaining() -> AnalysisBudget? {
      let left = deadline - BudgetClock.now()
      guard stopped == nil, left > 0 else {
        if stopped == nil { stopped = .time }
        return nil
      }
      var b = budget
      b.seconds = left
      return b
    }
    /// The roots of `f` (with derivative `df`) in `range`, as points named `what`.
    func roots(
      _ f: PlotFunction, _ df: PlotFunction?, _ range: ClosedRange<Double>, _ what: String
    ) {
      guard let b = remaining() else { return }
      let report = RootFinder.roots(
        of: f, derivative: df, in: range.lowerBound, range.upperBound, budget: b)
      if let stop = report.stop { stopped = stop }
      for r in report.roots {
        found.append(TracePoint(position: r.x, what: what, isProven: r.isProven))
      }
    }
    /// The extrema of `f` (with derivative `df`, in `variable`) in `range`.
    func extrema(
      _ f: PlotFunction, _ df: PlotFunction?, _ variable: String, _ range: ClosedRange<Double>,
      min: String, max: String
    ) {
      guard let df, let b = remaining() else { return }
      let second = derivative(df.source, by: variable)
      let report = Extrema.find(
        f: f, derivative: df, second: second, in: range.lowerBound, range.upperBound, budget: b)
      if let stop = report.slopeRoots.stop { stopped = stop }
      for e in report.extrema {
        found.append(
          TracePoint(position: e.x, what: e.isMinimum ? min : max, isProven: e.isProven))
      }
    }
    /// The intersections with the other curves of the same kind, over `range`.
    func intersections(_ range: ClosedRange<Double>) {
      for other in curves where other.item != curve.item && other.kind == curve.kind {
        guard remaining() != nil else { return }
        let difference = Expr.binary(.subtract, curve.first.source, other.first.source)
        guard
          let d = try? PlotFunction(
            difference, variable: curve.variable, variables: variables, functions: functions)
        else { continue }
        roots(
          d, derivative(difference, by: curve.variable), range,
          "intersection with \(other.title)")
      }
    }
    switch curve.kind {
    case .functionOfX:
      roots(curve.first, curve.firstSlope, x, "root")
      extrema(curve.first, curve.firstSlope, "x", x, min: "min", max: "max")
      intersections(x)
    case .functionOfY:
      roots(curve.first, curve.firstSlope, y, "x = 0")
      extrema(curve.first, curve.firstSlope, "y", y, min: "least x", max: "greatest x")
      intersections(y)
    case .parametric(let parameter, let range):
      if let second = curve.second {
        roots(second, curve.secondSlope, range, "y = 0")
        extrema(second, curve.secondSlope, parameter, range, min: "least y", max: "greatest y")
      }
      roots(curve.first, curve.firstSlope, range, "x = 0")
      extrema(curve.first, curve.firstSlope, parameter, range, min: "least x", max: "greatest x")
      found.removeAll { p in
        let (px, py) = curve.point(at: p.position)
        return !(x.contains(px) && y.contains(py))
      }
    }
    return (Self.merged(found), Self.note(stopped))
  }

  /// `points` sorted by position, those within a few ulps of the position before merged
  /// into one (its kinds joined, proven when any is).
  static func merged(_ points: [TracePoint]) -> [TracePoint] {
    var out: [TracePoint] = []
    for p in points.sorted(by: { $0.position < $1.position }) {
      if let last = out.last,
        abs(p.position - last.position) <= 1e-12 * max(1, abs(p.position))
      {
        if !(", " + last.what + ", ").contains(", " + p.what + ", ") {
          out[out.count - 1].what += ", " + p.what
        }
        out[out.count - 1].isProven = last.isProven || p.isProven
        continue
      }
      out.append(p)
    }
    return out
  }

  /// The note of a search that stopped early.
  static func note(_ stop: AnalysisStop?) -> String? {
    switch stop {
    case .time?:
      return
        "search stopped after \(CalculatorBrain.format(searchSeconds)) s: points may be missing"
    case .boxes?: return "search stopped (budget of boxes): points may be missing"
    case .interrupted?: return "search interrupted: points may be missing"
    case nil: return nil
    }
  }
}

extension Session {
  /// The tracer of `curves`: their traceable curves differentiated with this session's
  /// calculator, and its analysis budget.
  func exploreTracer(for curves: FunctionCurves) -> ExploreTracer {
    ExploreTracer(curves: curves, brain: compilingBrain, budget: analysisBudget)
  }
}
