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
  /// The seconds one search for points of interest may take (then it says so): a backstop
  /// for functions whose every evaluation is slow; the boxes below bound the usual search.
  static let searchSeconds = 0.5

  /// The boxes (`AnalysisBudget.maxBoxes`, all of one search's root and extremum searches
  /// together) the search of the whole view for points of interest may examine at a key
  /// (`n`, `p`); what it finds is remembered for the next keys. A search that does not finish
  /// within them (many points: `sin(30x)`; points without end near one place: `sin(1/x)` at
  /// 0) leaves each key to `nearestPoint`, which searches outward from the cursor within
  /// `nearBoxes`. A box costs 1 to 5 k instructions (the smallest boxes, tested for exact
  /// zeros, the most), so a key's search is at most about 40 M instructions, 15-20 ms
  /// (Docs/performance.md, "explore's n near points without end"); counting boxes rather
  /// than time keeps the answer the same on a loaded machine and in a debug build.
  static let searchBoxes = 4_000

  /// The boxes `nearestPoint`'s outward search may examine (then it says so).
  static let nearBoxes = 4_000

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
      case .parametric(let curve, _, _):
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

  /// One search of the points of interest: the roots, or the local extrema, of one compiled
  /// function of the traced curve's variable, named as the points it finds.
  struct PointSearch: Sendable {
    /// Roots, or extrema.
    enum Kind: Sendable {
      /// The roots, named `what` (`root`, `x = 0`, `intersection with cos(x)`).
      case roots(what: String)
      /// The minima and maxima, named `min` and `max` (`least y`, `greatest y`).
      case extrema(min: String, max: String)
    }
    /// What it finds.
    var kind: Kind
    /// The function searched.
    var f: PlotFunction
    /// Its derivative (for extrema, required).
    var df: PlotFunction?
    /// Its second derivative (extrema only: interval Newton on the derivative).
    var second: PlotFunction?
  }

  /// The searches for the points of interest of traced curve `index`, compiled once (the
  /// derivatives and the differences with the other curves), in the order their points are
  /// named: for y = f(x) the roots of f, its extrema and its intersections with the other
  /// functions of x; for x = g(y) the same in y; for a parametric or polar curve where y = 0,
  /// the least and greatest y, where x = 0 and the least and greatest x.
  func searches(of index: Int) -> [PointSearch] {
    guard curves.indices.contains(index) else { return [] }
    let curve = curves[index]
    var out: [PointSearch] = []
    func extrema(_ f: PlotFunction, _ df: PlotFunction?, min: String, max: String) {
      guard let df else { return }
      out.append(
        PointSearch(
          kind: .extrema(min: min, max: max), f: f, df: df,
          second: derivative(df.source, by: curve.variable)))
    }
    func intersections() {
      for other in curves where other.item != curve.item && other.kind == curve.kind {
        let difference = Expr.binary(.subtract, curve.first.source, other.first.source)
        guard
          let d = try? PlotFunction(
            difference, variable: curve.variable, variables: variables, functions: functions)
        else { continue }
        out.append(
          PointSearch(
            kind: .roots(what: "intersection with \(other.title)"), f: d,
            df: derivative(difference, by: curve.variable), second: nil))
      }
    }
    switch curve.kind {
    case .functionOfX:
      out.append(PointSearch(kind: .roots(what: "root"), f: curve.first, df: curve.firstSlope))
      extrema(curve.first, curve.firstSlope, min: "min", max: "max")
      intersections()
    case .functionOfY:
      out.append(PointSearch(kind: .roots(what: "x = 0"), f: curve.first, df: curve.firstSlope))
      extrema(curve.first, curve.firstSlope, min: "least x", max: "greatest x")
      intersections()
    case .parametric:
      if let second = curve.second {
        out.append(PointSearch(kind: .roots(what: "y = 0"), f: second, df: curve.secondSlope))
        extrema(second, curve.secondSlope, min: "least y", max: "greatest y")
      }
      out.append(PointSearch(kind: .roots(what: "x = 0"), f: curve.first, df: curve.firstSlope))
      extrema(curve.first, curve.firstSlope, min: "least x", max: "greatest x")
    }
    return out
  }

  /// The range of traced curve `index`'s variable that its points of interest are searched
  /// over: the view's x range for y = f(x), its y range for x = g(y), the parameter's range
  /// for a parametric or polar curve.
  func searchRange(
    of index: Int, x: ClosedRange<Double>, y: ClosedRange<Double>
  ) -> ClosedRange<Double> {
    switch curves[index].kind {
    case .functionOfX: return x
    case .functionOfY: return y
    case .parametric(_, let range): return range
    }
  }

  /// Runs `searches` over `range` of the curve's variable until `deadline` (`BudgetClock`
  /// seconds): the points found (a parametric curve's only where they are in the view) and
  /// why a search stopped early, if one did.
  func run(
    _ searches: [PointSearch], of index: Int, over range: ClosedRange<Double>,
    x: ClosedRange<Double>, y: ClosedRange<Double>, deadline: Double, boxes: inout Int
  ) -> (points: [TracePoint], stop: AnalysisStop?) {
    var stopped: AnalysisStop?
    var found: [TracePoint] = []
    for search in searches {
      let left = deadline - BudgetClock.now()
      guard stopped == nil, left > 0, boxes > 0 else {
        if stopped == nil { stopped = boxes > 0 ? .time : .boxes }
        break
      }
      var b = budget
      b.seconds = left
      b.maxBoxes = Swift.min(b.maxBoxes, boxes)
      switch search.kind {
      case .roots(let what):
        let report = RootFinder.roots(
          of: search.f, derivative: search.df, in: range.lowerBound, range.upperBound, budget: b)
        boxes -= report.boxes
        if let stop = report.stop { stopped = stop }
        for r in report.roots {
          found.append(TracePoint(position: r.x, what: what, isProven: r.isProven))
        }
      case .extrema(let min, let max):
        guard let df = search.df else { continue }
        let report = Extrema.find(
          f: search.f, derivative: df, second: search.second, in: range.lowerBound,
          range.upperBound, budget: b)
        boxes -= report.boxes
        if let stop = report.slopeRoots.stop { stopped = stop }
        for e in report.extrema {
          found.append(
            TracePoint(position: e.x, what: e.isMinimum ? min : max, isProven: e.isProven))
        }
      }
    }
    if case .parametric = curves[index].kind {
      let curve = curves[index]
      found.removeAll { p in
        let (px, py) = curve.point(at: p.position)
        return !(x.contains(px) && y.contains(py))
      }
    }
    return (found, stopped)
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
  /// within one budget of `searchBoxes` boxes and `searchSeconds`; points at one position are
  /// merged.
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
    let deadline = BudgetClock.now() + budget.seconds
    var boxes = Swift.min(budget.maxBoxes, Self.searchBoxes)
    let (found, stopped) = run(
      searches(of: index), of: index, over: searchRange(of: index, x: x, y: y), x: x, y: y,
      deadline: deadline, boxes: &boxes)
    return (Self.merged(found), Self.note(stopped))
  }

  /// The point of interest of traced curve `index` nearest `position` on one side (after
  /// it when `forward`, else before it), searched outward from the cursor: the searches of
  /// `pointsOfInterest` run over windows that start at the cursor and grow fourfold, from
  /// 2^-20 of the range to the view's (or the parameter range's) end, until one holds a point
  /// beyond the cursor. Each window is searched whole, so its nearest point is the nearest of
  /// all (an extremum at a window's far end, which a range's ends never are, is found by the
  /// next window), proven as `pointsOfInterest`'s are. For curves whose points crowd
  /// together without end (`sin(1/x)` near 0), where a search of the whole view cannot
  /// finish, this finds the next point in the time of a few small searches; within
  /// `nearBoxes` boxes in all, after which the note says the points near the cursor are too
  /// many.
  ///
  /// - Parameters:
  ///   - index: The curve, in `curves`.
  ///   - position: The cursor's value of the curve's variable.
  ///   - forward: Whether to look after the cursor (else before it).
  ///   - tolerance: How far beyond the cursor a point must be (its own position excluded).
  ///   - x: The view's x range (plot units).
  ///   - y: The view's y range (plot units).
  /// - Returns: The nearest point (nil when there is none in the view, or when the search
  ///   stopped before it was sure of it), a note when the search stopped, and the boxes it
  ///   examined.
  func nearestPoint(
    of index: Int, from position: Double, forward: Bool, tolerance: Double,
    x: ClosedRange<Double>, y: ClosedRange<Double>
  ) -> (point: TracePoint?, note: String?, boxes: Int) {
    guard curves.indices.contains(index) else { return (nil, nil, 0) }
    let whole = searchRange(of: index, x: x, y: y)
    let far = forward ? whole.upperBound : whole.lowerBound
    guard forward ? position < far : position > far else { return (nil, nil, 0) }
    let start = Swift.min(Swift.max(position, whole.lowerBound), whole.upperBound)
    let searches = searches(of: index)
    let deadline = BudgetClock.now() + budget.seconds
    var boxes = Self.nearBoxes
    var width = (whole.upperBound - whole.lowerBound) * 0x1p-20
    while true {
      let end = forward ? Swift.min(start + width, far) : Swift.max(start - width, far)
      let window = forward ? start...end : end...start
      let (found, stopped) = run(
        searches, of: index, over: window, x: x, y: y, deadline: deadline, boxes: &boxes)
      let beyond = Self.merged(found).filter {
        forward ? $0.position > position + tolerance : $0.position < position - tolerance
      }
      let used = Self.nearBoxes - boxes
      if let stopped {
        // What a stopped window found is not known to be the nearest (its roots are searched
        // left to right, its extrema after them): claim nothing, say why.
        let note =
          stopped == .interrupted
          ? Self.note(stopped) : Self.nearNote(position, curves[index].variable)
        return (nil, note, used)
      }
      if let nearest = forward ? beyond.first : beyond.last { return (nearest, nil, used) }
      if end == far { return (nil, nil, used) }
      width *= 4
    }
  }

  /// The note of an outward search that stopped before it was sure of the nearest point.
  static func nearNote(_ position: Double, _ variable: String) -> String {
    "too many points of interest near \(variable) = \(shortNumber(position)) (search stopped)"
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
