import Intervals

/// The limits of one parametric sampling (`ParametricSampler.sample`).
public struct ParametricBudget: Sendable {
  /// The most pieces of the parameter range enclosed (each costs an enclosure of x and of
  /// y and a point value of each at its end).
  public var maxPieces: Int
  /// The most halvings of a piece of the starting grid before it is given up (its pen
  /// lifts if it may be discontinuous, else its ends are joined and it counts as undecided).
  public var maxDepth: Int
  /// The longest sampling, in seconds of the thread's CPU time (`WorkClock`) (checked every 1024 pieces).
  public var seconds: Double
  /// Whether the user asked to stop (the REPL's SIGINT flag), asked every 1024 pieces; nil
  /// for never.
  public var interrupt: (@Sendable () -> Bool)?

  /// Creates a budget.
  ///
  /// - Parameters:
  ///   - maxPieces: Pieces allowed in the whole sampling.
  ///   - maxDepth: Halvings allowed per piece of the starting grid.
  ///   - seconds: Seconds of the thread's CPU time allowed (`WorkClock`).
  ///   - interrupt: The Ctrl-C check.
  public init(
    maxPieces: Int = 4_000_000, maxDepth: Int = 44, seconds: Double = 5,
    interrupt: (@Sendable () -> Bool)? = nil
  ) {
    self.maxPieces = maxPieces
    self.maxDepth = maxDepth
    self.seconds = seconds
    self.interrupt = interrupt
  }
}

/// A curve (x(t), y(t)) over a parameter range: a parametric curve, or a polar one as
/// (r(θ) cos θ, r(θ) sin θ). Point values and interval enclosures with Tupper's flags of
/// both coordinates, for `ParametricSampler`.
public struct ParametricCurve: Sendable {
  /// The parameter's range (t or θ).
  public var parameterRange: ClosedRange<Double>
  /// x at a parameter value, plot units; NaN where undefined.
  public var x: @Sendable (Double) -> Double
  /// y at a parameter value, plot units; NaN where undefined.
  public var y: @Sendable (Double) -> Double
  /// An enclosure of x over a parameter interval, with Tupper's `def` and `cont` flags.
  public var xOver: @Sendable (Interval) -> Interval
  /// An enclosure of y over a parameter interval, with Tupper's `def` and `cont` flags.
  public var yOver: @Sendable (Interval) -> Interval
  /// The limits of a sampling.
  public var budget: ParametricBudget
  /// What the curve was made from, for its maker's own use (graphcalc keeps the compiled
  /// x(t) and y(t) here, which `explore`'s trace differentiates); the sampler never reads
  /// it. Nil by default.
  public var source: (any Sendable)?

  /// Creates a curve.
  ///
  /// - Parameters:
  ///   - parameterRange: The parameter's range.
  ///   - x: x at a parameter value.
  ///   - y: y at a parameter value.
  ///   - xOver: The enclosure of x over a parameter interval.
  ///   - yOver: The enclosure of y over a parameter interval.
  ///   - budget: The limits of a sampling.
  public init(
    parameterRange: ClosedRange<Double>, x: @escaping @Sendable (Double) -> Double,
    y: @escaping @Sendable (Double) -> Double,
    xOver: @escaping @Sendable (Interval) -> Interval,
    yOver: @escaping @Sendable (Interval) -> Interval, budget: ParametricBudget = .init()
  ) {
    self.parameterRange = parameterRange
    self.x = x
    self.y = y
    self.xOver = xOver
    self.yOver = yOver
    self.budget = budget
  }
}

/// Samples a parametric curve by subdividing its parameter range with interval enclosures
/// (after T. Tupper's subdivision of a box until it is within a pixel or proven, "Reliable
/// Two-Dimensional Graphing Methods for Mathematical Formulae with Two Free Variables",
/// SIGGRAPH 2001, applied to one free variable as in J. Snyder, "Interval Analysis for
/// Computer Graphics", SIGGRAPH 1992).
///
/// A piece [a, b] of the parameter range is enclosed in a box X x Y. A piece whose box is
/// continuous and defined everywhere and at most `tolerance` pixels on each side is drawn
/// as the chord from its start to its end: every point of the curve over it lies in the box,
/// as does the chord, so the chord is within the box's diagonal (under a pixel) of the
/// curve. So is a continuous piece whose box lies outside the view (the chord is drawn
/// there, out of sight). A piece that may be discontinuous is halved until `maxDepth`, where
/// the pen lifts unless its ends are within a pixel of each other: at a pole or a jump no
/// chord is drawn. Otherwise the piece is halved.
public enum ParametricSampler {
  /// The largest side of a piece's box, in pixels, for its chord to be drawn: 0.7 keeps the
  /// diagonal, and so the distance of the chord from the curve, under 1 pixel.
  public static let tolerance = 0.7

  /// How many pieces the parameter range starts as.
  static let startPieces = 64

  /// Samples `curve` for `viewport`.
  ///
  /// - Parameters:
  ///   - curve: The curve.
  ///   - viewport: The view; its pixel sizes set how fine the pieces are.
  /// - Returns: The polylines in plot units in parameter order (the pen lifts between
  ///   two), and how many pieces were left undecided (the budget ran out or a piece reached
  ///   `maxDepth` while continuous but wider than a pixel).
  public static func sample(_ curve: ParametricCurve, viewport: Viewport) -> (
    segments: [[PlotPoint]], undecided: Int
  ) {
    let t0 = curve.parameterRange.lowerBound
    let t1 = curve.parameterRange.upperBound
    guard t0.isFinite, t1.isFinite, viewport.isSolvable else { return ([], 0) }
    let xr = viewport.xRange
    let yr = viewport.yRange
    let dx = tolerance * (xr.upperBound - xr.lowerBound) / Double(viewport.size.width)
    let dy = tolerance * (yr.upperBound - yr.lowerBound) / Double(viewport.size.height)
    let pixelX = dx / tolerance
    let pixelY = dy / tolerance
    var segments: [[PlotPoint]] = []
    var current: [PlotPoint] = []
    var undecided = 0
    var pieces = 0
    var outOfBudget = false
    let deadline = RelationMeter.now() + curve.budget.seconds

    func point(_ t: Double) -> PlotPoint? {
      let p = PlotPoint(x: curve.x(t), y: curve.y(t))
      guard p.x.isFinite, p.y.isFinite else { return nil }
      return PlotPoint(x: min(max(p.x, -1e300), 1e300), y: min(max(p.y, -1e300), 1e300))
    }
    func lift() {
      if current.count >= 2 { segments.append(current) }
      current.removeAll(keepingCapacity: true)
    }
    func join(_ a: Double, _ b: Double) {
      guard let pa = current.last ?? point(a), let pb = point(b) else {
        lift()
        return
      }
      if current.isEmpty { current.append(pa) }
      current.append(pb)
    }

    // Depth-first, earlier pieces first: a stack of (a, b, depth), the later half pushed
    // first.
    var stack: [(Double, Double, Int)] = []
    let n = startPieces
    for k in stride(from: n - 1, through: 0, by: -1) {
      let a = k == 0 ? t0 : t0 + (t1 - t0) * Double(k) / Double(n)
      let b = k == n - 1 ? t1 : t0 + (t1 - t0) * Double(k + 1) / Double(n)
      stack.append((a, b, 0))
    }
    if t0 == t1 { stack = [(t0, t1, curve.budget.maxDepth)] }
    while let (a, b, depth) = stack.popLast() {
      if outOfBudget || pieces >= curve.budget.maxPieces {
        // Out of budget: the rest by its ends.
        undecided += 1
        join(a, b)
        continue
      }
      pieces += 1
      if pieces & 1023 == 0 {
        if let check = curve.budget.interrupt, check() {
          lift()
          stack.removeAll()
          break
        }
        if RelationMeter.now() > deadline { outOfBudget = true }
      }
      let t = Interval(min(a, b), max(a, b))
      let ex = curve.xOver(t)
      let ey = curve.yOver(t)
      if ex.isEmpty || ey.isEmpty {
        lift()  // defined nowhere on the piece
        continue
      }
      let regular =
        ex.isDefinedEverywhere && ex.isContinuous && ey.isDefinedEverywhere
        && ey.isContinuous
      let outside =
        ex.lo > xr.upperBound || ex.hi < xr.lowerBound || ey.lo > yr.upperBound
        || ey.hi < yr.lowerBound
      if outside {
        if regular { join(a, b) } else { lift() }
        continue
      }
      if regular && ex.hi - ex.lo <= dx && ey.hi - ey.lo <= dy {
        join(a, b)
        continue
      }
      let m = a + (b - a) / 2
      if depth >= curve.budget.maxDepth || m == a || m == b {
        // Unresolved: the ends are joined only when they are within a pixel of each other
        // (a removable hole, a continuous conditional), as the function sampler does; else
        // the pen lifts (a pole, a jump, the end of the domain).
        if regular { undecided += 1 }
        if let pa = current.last ?? point(a), let pb = point(b),
          abs(pb.x - pa.x) <= pixelX, abs(pb.y - pa.y) <= pixelY
        {
          join(a, b)
        } else {
          lift()
        }
        continue
      }
      stack.append((m, b, depth + 1))
      stack.append((a, m, depth + 1))
    }
    lift()
    return (segments, undecided)
  }

  /// The smallest and largest y of `curve` at parameter values where x lies in `xWithin`,
  /// from `Autoscale.sampleCount` parameter values, robust to poles as `Autoscale.yRange`
  /// is (values far beyond the 2nd and 98th percentiles are left out).
  ///
  /// - Parameters:
  ///   - curve: The curve.
  ///   - xWithin: The x range shown.
  /// - Returns: The bounds, or nil when no sample is finite within the x range.
  public static func yBounds(of curve: ParametricCurve, xWithin: ClosedRange<Double>) -> (
    Double, Double
  )? {
    let t0 = curve.parameterRange.lowerBound
    let t1 = curve.parameterRange.upperBound
    guard t0.isFinite, t1.isFinite else { return nil }
    let n = Autoscale.sampleCount
    var ys: [Double] = []
    for k in 0..<n {
      let t = k == n - 1 ? t1 : t0 + (t1 - t0) * Double(k) / Double(n - 1)
      let x = curve.x(t)
      let y = curve.y(t)
      if x.isFinite, y.isFinite, xWithin.contains(x) { ys.append(y) }
    }
    return Autoscale.robustBounds(ys)
  }
}
