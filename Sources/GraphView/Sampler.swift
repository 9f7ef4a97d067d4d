import Glibc
import Intervals

/// The limits and tolerances of one run of the sampler (`Sampler.sample`).
///
/// Every count is per curve; tolerances are in pixels of the viewport being sampled. The
/// default keeps every plot to a bounded time: a curve never costs more than
/// `enclosureEvaluations` interval evaluations and `pointEvaluations` point evaluations,
/// whatever the function does.
public struct SamplingBudget: Sendable, Hashable {
  /// The most interval enclosures (`GraphViewDataSource.y(over:curve:)`) one curve may cost.
  /// When they run out, the remaining columns are point sampled and counted as undecided.
  public var enclosureEvaluations: Int
  /// The most point values (`GraphViewDataSource.y(at:curve:)`) one curve may cost. When
  /// they run out, the remaining columns are left empty and counted as undecided.
  public var pointEvaluations: Int
  /// The most halvings of one pixel column (40 halvings take a column near the spacing of
  /// doubles; halving also stops where the midpoint equals an end).
  public var maxDepth: Int
  /// How far (pixels) a column's ink may fall short of an enclosure of the curve's values
  /// before the sampler refines the column further.
  var rangeTolerance: Double
  /// The largest step (pixels) between the two ends of an unresolvable interval that is
  /// still drawn as joined (a removable hole such as sin(x)/x at 0, a continuous
  /// conditional). Larger steps lift the pen (poles, jumps).
  var joinTolerance: Double
  /// How far (pixels) beyond the top and bottom of the view the sampler still cares about
  /// values, so a curve leaving the view reaches its edge.
  var viewMargin: Double

  /// Creates a budget.
  ///
  /// - Parameters:
  ///   - enclosureEvaluations: Interval evaluations allowed per curve.
  ///   - pointEvaluations: Point evaluations allowed per curve.
  ///   - maxDepth: Halvings allowed per pixel column.
  ///   - rangeTolerance: Pixels a column's ink may fall short of the enclosures.
  ///   - joinTolerance: Pixels of step still joined across an unresolvable interval.
  ///   - viewMargin: Pixels beyond the view's top and bottom that still matter.
  public init(
    enclosureEvaluations: Int = 400_000, pointEvaluations: Int = 1_000_000, maxDepth: Int = 40,
    rangeTolerance: Double = 0.5, joinTolerance: Double = 0.5, viewMargin: Double = 4
  ) {
    self.enclosureEvaluations = enclosureEvaluations
    self.pointEvaluations = pointEvaluations
    self.maxDepth = maxDepth
    self.rangeTolerance = rangeTolerance
    self.joinTolerance = joinTolerance
    self.viewMargin = viewMargin
  }

  /// 400 000 enclosures and 1 000 000 point values per curve, 40 halvings a column, half a
  /// pixel of tolerance, a 4-pixel margin.
  public static let `default` = SamplingBudget()
}

/// Turns a data source's curves into polylines that show, in every pixel column of a
/// viewport, what the function really does: its whole range of values in the column, its
/// poles and jumps (where the pen lifts), and the ends of its domain.
///
/// The algorithm, per curve and per pixel column `[a, b]` (`Viewport.columnInterval`):
///
/// 1. **Structure.** The column is a list of leaves (sub-intervals), each with the source's
///    enclosure of the curve over it and the point values at its ends (ends are shared with
///    the neighbours, and the column's edges are samples shared with the neighbouring
///    columns, so the curve joins across columns and reaches the view's edges). A leaf whose
///    enclosure is not both continuous and defined everywhere (Tupper's `cont` and `def`
///    flags) is halved at its midpoint, down to `SamplingBudget.maxDepth` halvings or until
///    the midpoint equals an end. An empty enclosure is a gap; a leaf lying wholly beyond the
///    view (plus margin), or whose values span less than `joinTolerance`, needs no further
///    structure. A leaf that stays unresolved joins its ends only when both are finite and
///    less than `joinTolerance` pixels apart (a removable hole as sin(x)/x at 0, a continuous
///    conditional); otherwise the pen lifts there (a pole, a jump, the end of the domain,
///    found to a fraction of a pixel).
/// 2. **Range.** Within each continuous piece (run of joined leaves) of the column, `inner`
///    is the `[min, max]` of its point samples. While some leaf's enclosure, clipped to the
///    view plus margin, reaches beyond `inner` by more than `rangeTolerance` pixels, that leaf
///    is halved (breadth first) and its midpoint sampled, which may widen `inner`. Fast
///    oscillation (sin(20x), sin(1/x) near 0) thus fills its band in the column instead of
///    aliasing, while a smooth piece stops at once because its enclosure is close to the
///    values at its ends.
/// 3. **Output.** Each piece of each column becomes at most four points: where it enters the
///    column, its lowest and highest samples (at their own x, in x order, when they reach more
///    than a quarter pixel beyond the ends), and where it leaves. Consecutive columns of one
///    piece share their boundary point; the pen lifts between pieces that do not meet.
///
/// A source without enclosures (it answers `Interval.unknown`, as point data does) is point
/// sampled instead, and so is a column whose structure does not resolve within its share of
/// the budget (each column may spend up to 8 times an even share of what is left): a few samples a column, halved where neighbours differ by more than a
/// pixel (values clipped to the view plus margin), and a step that survives halving to the
/// maximum depth lifts the pen. A point value that is NaN while both of its floating-point
/// neighbours are finite and agree is taken as their mean (a removable hole hit exactly).
///
/// Sources: T. Tupper, "Reliable Two-Dimensional Graphing Methods for Mathematical Formulae
/// with Two Free Variables", SIGGRAPH 2001 (decorated interval arithmetic, subdivision to
/// pixel resolution); the interval sampler of function-plot (M. Poppe), which refines only
/// where interval enclosures leave the pixel; and gnuplot's pen-lifting at undefined points.
public enum Sampler {
  /// Samples curve `curve` of `source` for `viewport`.
  ///
  /// - Parameters:
  ///   - source: The data source (point values and, if it can, interval enclosures).
  ///   - curve: The curve's index, 0-based.
  ///   - viewport: The mapping of plot space to pixels; one pixel column is the unit of work.
  ///   - budget: Limits and tolerances (pixels) of the sampling.
  /// - Returns: The curve's polylines in plot units, left to right, split where the pen lifts.
  ///   Values are finite and within ±1e300 (±4 times the view's farthest end, when more) but may lie far outside the view. A viewport with
  ///   no pixels or a non-finite scale gives no segments.
  public static func sample(
    _ source: some GraphViewDataSource, curve: Int, viewport: Viewport,
    budget: SamplingBudget = .default
  ) -> SampledCurve {
    let title = source.title(ofCurve: curve)
    var sampled = viewport
    var transposed = false
    switch source.kind(ofCurve: curve) {
    case .functionOfX: break
    case .relation(let relation):
      guard viewport.isSolvable else { return SampledCurve(title: title, segments: []) }
      let grid = RelationSolver.solve(relation, viewport: viewport)
      return SampledCurve(title: title, segments: [], relation: grid)
    case .parametric(let parametric):
      let (segments, undecided) = ParametricSampler.sample(parametric, viewport: viewport)
      var sampledCurve = SampledCurve(title: title, segments: segments)
      sampledCurve.undecidedPieces = undecided
      return sampledCurve
    case .functionOfY:
      guard viewport.isSolvable else { return SampledCurve(title: title, segments: []) }
      transposed = true
      // Sampled along y as a function of x is (the axes swapped), then swapped back.
      sampled = Viewport(
        xRange: viewport.yRange, yRange: viewport.xRange,
        size: PixelSize(width: viewport.size.height, height: viewport.size.width))
    }
    guard
      var engine = CurveSampler(source: source, curve: curve, viewport: sampled, budget: budget)
    else { return SampledCurve(title: title, segments: []) }
    if transposed {
      engine.run()
      return SampledCurve(
        title: title, segments: engine.segments.map { $0.map { PlotPoint(x: $0.y, y: $0.x) } },
        undecidedColumns: engine.undecided)
    }
    engine.run()
    var sampledCurve = SampledCurve(
      title: title, segments: engine.segments, undecidedColumns: engine.undecided)
    sampledCurve.holes = engine.sortedHoles()
    return sampledCurve
  }

  /// About how many ticks each axis gets on a plot area of `size` pixels: the counts asked
  /// for, else one x tick per ~80 pixels and one y tick per ~60 pixels, 2 to 10 each (shared
  /// by function and data plots).
  static func tickCounts(for size: PixelSize, x: Int?, y: Int?) -> (x: Int, y: Int) {
    (x ?? min(10, max(2, size.width / 80)), y ?? min(10, max(2, size.height / 60)))
  }

  /// Samples every curve of `source` for an output of `size` pixels and computes the ticks.
  ///
  /// The viewport comes from `source.viewport(for: size)`; the ticks (see `Ticks`) cover the
  /// viewport's x and y ranges.
  ///
  /// - Parameters:
  ///   - source: The data source.
  ///   - size: The plot area's size in pixels.
  ///   - xTickCount: About how many x ticks; `nil` picks one per ~80 pixels (2 to 10).
  ///   - yTickCount: About how many y ticks; `nil` picks one per ~60 pixels (2 to 10).
  ///   - budget: Limits and tolerances of the sampling, per curve.
  /// - Returns: The viewport, the sampled curves in the source's order, and the ticks.
  public static func samplePlot(
    _ source: some GraphViewDataSource, size: PixelSize, xTickCount: Int? = nil,
    yTickCount: Int? = nil, budget: SamplingBudget = .default
  ) -> SampledPlot {
    let viewport = source.viewport(for: size)
    let count = max(0, source.curveCount)
    var curves: [SampledCurve] = []
    curves.reserveCapacity(count)
    for c in 0..<count {
      curves.append(sample(source, curve: c, viewport: viewport, budget: budget))
    }
    let (nx, ny) = Sampler.tickCounts(for: size, x: xTickCount, y: yTickCount)
    let xr = viewport.xRange
    let yr = viewport.yRange
    return SampledPlot(
      viewport: viewport, curves: curves,
      xTicks: Ticks.ticks(for: xr, approximateCount: nx),
      yTicks: Ticks.ticks(for: yr, approximateCount: ny))
  }
}

// MARK: - The engine

/// One sub-interval of a pixel column: its ends, the point values there, the enclosure over
/// it and how many halvings of the column made it.
struct Leaf {
  var x0: Double
  var x1: Double
  var y0: Double
  var y1: Double
  var lo: Double
  var hi: Double
  var isDefined: Bool
  var isContinuous: Bool
  var depth: Int
  /// Whether the pen goes from (x0, y0) to (x1, y1) (decided after the structure phase).
  var joined: Bool

  var isEmpty: Bool { !(lo <= hi) }
}

/// A continuous piece of a curve within one column: its first and last samples, its extreme
/// samples, and which leaves (by index into the column's leaf list) it spans.
struct Piece {
  var startX: Double, startY: Double
  var endX: Double, endY: Double
  var minX: Double, minY: Double
  var maxX: Double, maxY: Double
  var firstLeaf: Int
  var endLeaf: Int
  var atLeft: Bool
  var atRight: Bool

  init(x: Double, y: Double, leaf: Int, atLeft: Bool) {
    startX = x
    startY = y
    endX = x
    endY = y
    minX = x
    minY = y
    maxX = x
    maxY = y
    firstLeaf = leaf
    endLeaf = leaf
    self.atLeft = atLeft
    atRight = false
  }

  mutating func add(x: Double, y: Double) {
    if y < minY {
      minY = y
      minX = x
    }
    if y > maxY {
      maxY = y
      maxX = x
    }
  }
}

/// The state of sampling one curve: budget counters, reusable work arrays and the polyline
/// being built. A value type used as a local variable, so it is never shared.
struct CurveSampler<Source: GraphViewDataSource> {
  let source: Source
  let curve: Int
  let viewport: Viewport
  let budget: SamplingBudget
  let scaleY: Double
  /// The y band (plot units) that matters: the view plus the margin.
  let bandLo: Double
  let bandHi: Double
  let maxDepth: Int
  /// How far from 0 a polyline's y may lie: 1e300, or four times the band's farthest end
  /// when that is more (a view near the ends of the doubles, `[-1.8e308, 1.8e308]`, whose
  /// values would otherwise be drawn at 1e300), at most the largest double.
  let yLimit: Double

  var enclosuresLeft: Int
  var pointsLeft: Int
  /// Enclosures the current column may still spend.
  var columnAllowance = 0
  /// Point values the current column may still spend.
  var columnPoints = 0
  var columnUndecided = false
  var undecided = 0

  var stack: [Leaf] = []
  var leaves: [Leaf] = []
  var queue: [Leaf] = []
  var pieces: [Piece] = []

  var segments: [[PlotPoint]] = []
  var open: [PlotPoint] = []
  /// The x of removable holes found so far (`SampledCurve.holes`), in any order, maybe
  /// repeated.
  var holes: [Double] = []

  init?(source: Source, curve: Int, viewport: Viewport, budget: SamplingBudget) {
    let v = viewport
    guard v.size.width > 0, v.size.height > 0, v.scaleX.isFinite, v.scaleX > 0,
      v.scaleY.isFinite, v.scaleY > 0, v.originX.isFinite, v.originY.isFinite
    else { return nil }
    let xr = v.xRange
    let yr = v.yRange
    guard xr.lowerBound.isFinite, xr.upperBound.isFinite, xr.lowerBound < xr.upperBound,
      yr.lowerBound.isFinite, yr.upperBound.isFinite
    else { return nil }
    self.source = source
    self.curve = curve
    self.viewport = v
    self.budget = budget
    scaleY = v.scaleY
    let margin = max(0, budget.viewMargin.isFinite ? budget.viewMargin : 0) / v.scaleY
    bandLo = yr.lowerBound - margin
    bandHi = yr.upperBound + margin
    yLimit = max(1e300, min(.greatestFiniteMagnitude, 4 * max(abs(bandLo), abs(bandHi))))
    maxDepth = min(max(budget.maxDepth, 0), 1100)
    enclosuresLeft = max(0, budget.enclosureEvaluations)
    pointsLeft = max(0, budget.pointEvaluations)
  }

  // MARK: Evaluation

  /// The point value at `x`, with a removable hole hit exactly repaired from its neighbours.
  mutating func value(_ x: Double) -> Double {
    pointsLeft -= 1
    return value(x, known: source.y(at: x, curve: curve))
  }

  /// `value(x)` when the source's value `y` at `x` is known already (from a batch, whose
  /// evaluations were charged to the point budget when it ran).
  mutating func value(_ x: Double, known y: Double) -> Double {
    columnPoints -= 1
    if !y.isNaN { return y }
    let l = source.y(at: x.nextDown, curve: curve)
    let r = source.y(at: x.nextUp, curve: curve)
    pointsLeft -= 2
    columnPoints -= 2
    if l.isFinite, r.isFinite, abs(l - r) * scaleY <= budget.joinTolerance {
      holes.append(x)
      return l * 0.5 + r * 0.5
    }
    return y
  }

  /// Whether the column may still spend a point value (three, with a hole repair).
  var canEvaluatePoint: Bool { columnPoints > 3 && pointsLeft > 3 }

  /// The leaf over `[x0, x1]` with the source's enclosure (costs one enclosure).
  mutating func leaf(_ x0: Double, _ x1: Double, _ y0: Double, _ y1: Double, depth: Int) -> Leaf {
    enclosuresLeft -= 1
    columnAllowance -= 1
    let e = source.y(over: Interval(x0, x1), curve: curve)
    return Leaf(
      x0: x0, x1: x1, y0: y0, y1: y1, lo: e.lo, hi: e.hi,
      isDefined: e.isDefinedEverywhere, isContinuous: e.isContinuous, depth: depth, joined: false)
  }

  /// The midpoint of a leaf, or nil when the leaf cannot be halved any more.
  func midpoint(_ l: Leaf) -> Double? {
    guard l.depth < maxDepth else { return nil }
    var m = l.x0 + (l.x1 - l.x0) * 0.5
    if !m.isFinite { m = l.x0 * 0.5 + l.x1 * 0.5 }
    return m > l.x0 && m < l.x1 ? m : nil
  }

  @inline(__always) func clip(_ y: Double) -> Double { min(max(y, bandLo), bandHi) }

  /// Whether a source gives real enclosures: probe degenerate intervals where it is defined.
  mutating func hasEnclosures() -> Bool {
    let w = viewport.size.width
    let probes = min(w, 9)
    var sawDefined = false
    for i in 0..<probes {
      let col = probes == 1 ? 0 : (w - 1) / (probes - 1) * i
      let r = viewport.columnInterval(col)
      let x = r.lowerBound + (r.upperBound - r.lowerBound) * 0.5
      pointsLeft -= 1
      guard source.y(at: x, curve: curve).isFinite else { continue }
      sawDefined = true
      enclosuresLeft -= 1
      if !Self.isUnknown(source.y(over: Interval(x, x), curve: curve)) { return true }
    }
    if sawDefined { return false }
    let xr = viewport.xRange
    enclosuresLeft -= 1
    return !Self.isUnknown(source.y(over: Interval(xr.lowerBound, xr.upperBound), curve: curve))
  }

  static func isUnknown(_ e: Interval) -> Bool {
    e.lo == -.infinity && e.hi == .infinity && !e.isDefinedEverywhere && !e.isContinuous
  }

  // MARK: The run

  mutating func run() {
    let width = viewport.size.width
    let useEnclosures = hasEnclosures()
    var carryX = Double.nan
    var carryY = Double.nan
    // The columns' edges in batches of at most `chunk` columns (the source evaluates a
    // batch together): column j's right edge is column j + 1's left edge, so a batch of
    // `count` columns is `count + 1` values, charged to the point budget when evaluated.
    // Bounded, so an absurd width costs no absurd allocation and the budget holds.
    let chunk = 512
    var edges = [Double](repeating: 0, count: min(width, chunk) + 1)
    var edgeValues = [Double](repeating: .nan, count: edges.count)
    var k = 0
    columns: while k < width {
      let first = k
      if pointsLeft < 8 {
        undecided += width - first
        break
      }
      let count = min(chunk, width - first, max(1, (pointsLeft - 8) / 4))
      for j in 0..<count {
        edges[j] = viewport.columnInterval(first + j).lowerBound
      }
      edges[count] = viewport.columnInterval(first + count - 1).upperBound
      edges.withUnsafeBufferPointer { x in
        edgeValues.withUnsafeMutableBufferPointer { y in
          source.y(
            at: UnsafeBufferPointer(rebasing: x[0...count]),
            into: UnsafeMutableBufferPointer(rebasing: y[0...count]), curve: curve)
        }
      }
      pointsLeft -= count + 1
      for j in 0..<count {
        k = first + j + 1
        let proceed = runColumn(
          first + j, a: edges[j], b: edges[j + 1], ya0: edgeValues[j], yb0: edgeValues[j + 1],
          useEnclosures: useEnclosures, carryX: &carryX, carryY: &carryY)
        if !proceed { break columns }
      }
    }
    closeOpen()
  }

  /// Samples column `k` with plot-x edges `a` and `b` whose batch values are `ya0` and
  /// `yb0`; false when the point budget is spent (the remaining columns are undecided).
  private mutating func runColumn(
    _ k: Int, a: Double, b: Double, ya0: Double, yb0: Double, useEnclosures: Bool,
    carryX: inout Double, carryY: inout Double
  ) -> Bool {
    let width = viewport.size.width
    guard a < b else { return true }
    if pointsLeft < 8 {
      undecided += width - k
      return false
    }
    columnPoints = min(pointsLeft, max(256, min(pointsLeft / max(1, width - k), Int.max / 8) * 4))
    let ya = carryX == a ? carryY : value(a, known: ya0)
    let yb = value(b, known: yb0)
    carryX = b
    carryY = yb
    columnUndecided = false
    if useEnclosures && enclosuresLeft > 2 {
      let share = min(enclosuresLeft / max(1, width - k), Int.max / 8)
      columnAllowance = min(enclosuresLeft, max(64, share * 8))
      structure(a, b, ya, yb)
      if columnUndecided {
        // The structure did not resolve within the column's share (infinitely many jumps,
        // or enclosures too loose to help): draw the column from point samples instead.
        pointStructure(a, b, ya, yb)
        findPieces()
      } else {
        findPieces()
        fillRanges()
      }
    } else {
      if useEnclosures { columnUndecided = true }
      pointStructure(a, b, ya, yb)
      findPieces()
    }
    if columnUndecided { undecided += 1 }
    emit(a: a)
    return true
  }

  // MARK: Phase 1: structure

  /// Whether a leaf must be halved to learn where the pen lifts.
  func needsStructure(_ l: Leaf) -> Bool {
    if l.isEmpty { return false }
    if l.isContinuous && l.isDefined { return false }
    if l.hi < bandLo || l.lo > bandHi { return false }
    if l.isDefined && (l.hi - l.lo) * scaleY <= budget.joinTolerance { return false }
    return true
  }

  /// Whether the pen joins the ends of a final leaf.
  func joins(_ l: Leaf) -> Bool {
    if l.isEmpty || !l.y0.isFinite || !l.y1.isFinite { return false }
    if l.isContinuous && l.isDefined { return true }
    if l.isDefined && (l.hi - l.lo) * scaleY <= budget.joinTolerance { return true }
    return abs(l.y1 - l.y0) * scaleY <= budget.joinTolerance
  }

  /// Phase 1, breadth first: halves every leaf that needs structure, level by level, so a
  /// column that runs out of its allowance is resolved evenly rather than from the left.
  mutating func structure(_ a: Double, _ b: Double, _ ya: Double, _ yb: Double) {
    leaves.removeAll(keepingCapacity: true)
    let whole = leaf(a, b, ya, yb, depth: 0)
    if !needsStructure(whole) {
      // The usual column (smooth, defined): the loop below would keep it as it is.
      leaves.append(whole)
      leaves[0].joined = joins(whole)
      return
    }
    leaves.append(whole)
    var changed = true
    while changed {
      changed = false
      stack.removeAll(keepingCapacity: true)
      for l in leaves {
        if needsStructure(l), let m = midpoint(l) {
          if columnAllowance >= 2 && canEvaluatePoint {
            let ym = value(m)
            stack.append(leaf(l.x0, m, l.y0, ym, depth: l.depth + 1))
            stack.append(leaf(m, l.x1, ym, l.y1, depth: l.depth + 1))
            changed = true
            continue
          }
          columnUndecided = true
        }
        stack.append(l)
      }
      swap(&leaves, &stack)
    }
    for i in leaves.indices { leaves[i].joined = joins(leaves[i]) }
    if !columnUndecided { findHiddenHoles() }
  }

  /// Records the removable holes between samples: a joined leaf halved as far as it goes
  /// whose enclosure is not defined everywhere, when the simplest number in it
  /// (`simplestNumber`: 0, else the fewest significant digits) has no value there (one
  /// point evaluation a leaf). A leaf whose enclosure is only loose (`sqrt(1 - sin(x)^2)`
  /// at π/2) has a value at that number and records nothing.
  mutating func findHiddenHoles() {
    for l in leaves where l.joined && !l.isDefined && midpoint(l) == nil {
      guard pointsLeft > 3 else { return }
      let x = Self.simplestNumber(l.x0, l.x1)
      guard x > l.x0, x < l.x1 else { continue }
      pointsLeft -= 1
      if source.y(at: x, curve: curve).isNaN { holes.append(x) }
    }
  }

  /// The number in `[a, b]` with the fewest significant decimal digits: 0 when the interval
  /// holds it, else the midpoint rounded to 1, 2, ... 17 digits, the first that lies in it.
  static func simplestNumber(_ a: Double, _ b: Double) -> Double {
    if a <= 0 && b >= 0 { return 0 }
    let m = a * 0.5 + b * 0.5
    let e = log10(abs(m)).rounded(.down)
    for digits in 1...17 {
      let s = pow(10.0, e - Double(digits) + 1)
      let r = s >= 1 ? (m / s).rounded() * s : (m * (1 / s)).rounded() / (1 / s)
      if r >= a && r <= b { return r }
    }
    return m
  }

  /// The holes found, increasing, each once.
  func sortedHoles() -> [Double] {
    var out: [Double] = []
    for x in holes.sorted() where out.last != x { out.append(x) }
    return out
  }

  /// Point sampling of one column for sources without enclosures (or out of budget): the
  /// same leaf list, with `joined` decided from the values alone. Breadth first, like
  /// `structure`: a pair of neighbouring samples is halved while their values (clipped to
  /// the view plus margin) differ by more than a pixel, while a parabola through three
  /// neighbouring samples puts a peak between them beyond `rangeTolerance`, or while exactly
  /// one is finite (the end of the domain); a step left at the maximum depth lifts the pen.
  /// A column out of budget joins its remaining pairs, except one spanning the whole band
  /// (top to bottom: a likely pole).
  mutating func pointStructure(_ a: Double, _ b: Double, _ ya: Double, _ yb: Double) {
    leaves.removeAll(keepingCapacity: true)
    let parts = 4
    var x0 = a
    var y0 = ya
    for i in 1...parts {
      var x = i == parts ? b : a + (b - a) * Double(i) / Double(parts)
      if !(x > x0 && x < b) { x = b }
      let y = x == b ? yb : value(x)
      leaves.append(
        Leaf(
          x0: x0, x1: x, y0: y0, y1: y, lo: .nan, hi: .nan, isDefined: false,
          isContinuous: false, depth: 2, joined: false))
      x0 = x
      y0 = y
      if x == b { break }
    }
    let refine = max(1.0, budget.joinTolerance)
    var changed = true
    while changed {
      changed = false
      stack.removeAll(keepingCapacity: true)
      for (i, var l) in leaves.enumerated() {
        let f0 = l.y0.isFinite
        let f1 = l.y1.isFinite
        let split: Bool
        if f0 && f1 {
          split =
            abs(clip(l.y1) - clip(l.y0)) * scaleY > refine
            || i > 0 && peakExcess(leaves[i - 1].x0, leaves[i - 1].y0, l) > budget.rangeTolerance
            || i + 1 < leaves.count
              && peakExcess(leaves[i + 1].x1, leaves[i + 1].y1, l) > budget.rangeTolerance
        } else {
          split = f0 != f1
        }
        if split, let m = midpoint(l) {
          if canEvaluatePoint {
            let ym = value(m)
            var left = l
            left.x1 = m
            left.y1 = ym
            left.depth += 1
            var right = l
            right.x0 = m
            right.y0 = ym
            right.depth += 1
            stack.append(left)
            stack.append(right)
            changed = true
            continue
          }
          columnUndecided = true
        }
        if f0 && f1 {
          if !split {
            l.joined = true
          } else if midpoint(l) == nil {
            // A step that survived halving to the maximum depth: a jump or a pole.
            l.joined = abs(l.y1 - l.y0) * scaleY <= budget.joinTolerance
          } else {
            // Out of budget: drawn from the samples, except across the whole band (a pole).
            let c0 = clip(l.y0)
            let c1 = clip(l.y1)
            l.joined = !(min(c0, c1) == bandLo && max(c0, c1) == bandHi)
          }
        } else {
          l.joined = false
        }
        stack.append(l)
      }
      swap(&leaves, &stack)
    }
  }

  /// How many pixels the vertex of the parabola through the ends of `l` and the sample
  /// (`x`, `y`) next to it reaches beyond the ends of `l`, when that vertex lies inside `l`
  /// (a peak or trough hidden between two samples); 0 otherwise.
  func peakExcess(_ x: Double, _ y: Double, _ l: Leaf) -> Double {
    guard y.isFinite, y >= bandLo, y <= bandHi, l.y0 >= bandLo, l.y0 <= bandHi,
      l.y1 >= bandLo, l.y1 <= bandHi
    else { return 0 }
    let (x1, y1, x2, y2, x3, y3) =
      x < l.x0 ? (x, y, l.x0, l.y0, l.x1, l.y1) : (l.x0, l.y0, l.x1, l.y1, x, y)
    let s12 = (y2 - y1) / (x2 - x1)
    let s23 = (y3 - y2) / (x3 - x2)
    let a = (s23 - s12) / (x3 - x1)
    guard a.isFinite, a != 0 else { return 0 }
    let xv = (x1 + x2) * 0.5 - s12 / (2 * a)
    guard xv > l.x0, xv < l.x1 else { return 0 }
    let yv = y1 + (xv - x1) * s12 + a * (xv - x1) * (xv - x2)
    guard yv.isFinite else { return 0 }
    let up = min(yv, bandHi) - max(l.y0, l.y1)
    let down = min(l.y0, l.y1) - max(yv, bandLo)
    return max(0, up, down) * scaleY
  }

  // MARK: Pieces

  /// Splits the column's samples (the leaves' ends) into continuous pieces.
  mutating func findPieces() {
    pieces.removeAll(keepingCapacity: true)
    let n = leaves.count
    guard n > 0 else { return }
    var current: Piece? = nil
    for j in 0...n {
      let x = j < n ? leaves[j].x0 : leaves[n - 1].x1
      let y = j < n ? leaves[j].y0 : leaves[n - 1].y1
      if y.isFinite {
        if current == nil {
          current = Piece(x: x, y: y, leaf: j, atLeft: j == 0)
        } else {
          current!.endX = x
          current!.endY = y
          current!.endLeaf = j
          current!.add(x: x, y: y)
        }
      }
      let linked = j < n && leaves[j].joined
      if !linked, var c = current {
        c.atRight = j == n
        pieces.append(c)
        current = nil
      }
    }
  }

  // MARK: Phase 2: range

  /// How many pixels a leaf's enclosure, clipped to the band, reaches beyond `[lo, hi]`.
  @inline(__always) func excess(_ l: Leaf, _ lo: Double, _ hi: Double) -> Double {
    if l.isEmpty { return 0 }
    let up = clip(l.hi) - clip(hi)
    let down = clip(lo) - clip(l.lo)
    return max(up, down) * scaleY
  }

  mutating func fillRanges() {
    let tol = budget.rangeTolerance
    for p in pieces.indices where pieces[p].endLeaf > pieces[p].firstLeaf {
      var piece = pieces[p]
      queue.removeAll(keepingCapacity: true)
      for i in piece.firstLeaf..<piece.endLeaf where excess(leaves[i], piece.minY, piece.maxY) > tol
      {
        queue.append(leaves[i])
      }
      var head = 0
      while head < queue.count {
        let l = queue[head]
        head += 1
        guard excess(l, piece.minY, piece.maxY) > tol, let m = midpoint(l) else { continue }
        guard columnAllowance >= 2, canEvaluatePoint else {
          columnUndecided = true
          break
        }
        let ym = value(m)
        if ym.isFinite { piece.add(x: m, y: ym) }
        let left = leaf(l.x0, m, l.y0, ym, depth: l.depth + 1)
        let right = leaf(m, l.x1, ym, l.y1, depth: l.depth + 1)
        if excess(left, piece.minY, piece.maxY) > tol { queue.append(left) }
        if excess(right, piece.minY, piece.maxY) > tol { queue.append(right) }
        if head > 4096 && head * 2 > queue.count {
          queue.removeFirst(head)
          head = 0
        }
      }
      pieces[p] = piece
    }
  }

  // MARK: Output

  /// A polyline point, y clamped to ±`yLimit`.
  @inline(__always) func point(_ x: Double, _ y: Double) -> PlotPoint {
    PlotPoint(x: x, y: min(max(y, -yLimit), yLimit))
  }

  /// Ends the polyline being built; a lone point beyond the view plus margin is dropped
  /// (it could never show).
  mutating func closeOpen() {
    if open.count == 1 && !(open[0].y >= bandLo && open[0].y <= bandHi) {
      open.removeAll(keepingCapacity: true)
    }
    if !open.isEmpty {
      segments.append(open)
      open.removeAll(keepingCapacity: true)
    }
  }

  /// Appends the column's pieces to the polylines, at most four points a piece.
  mutating func emit(a: Double) {
    let quarter = 0.25 / scaleY
    for (i, p) in pieces.enumerated() {
      let continues = i == 0 && p.atLeft && open.last?.x == a
      if !continues {
        closeOpen()
        open.append(point(p.startX, p.startY))
      }
      if p.endLeaf > p.firstLeaf {
        let top = max(p.startY, p.endY)
        let bottom = min(p.startY, p.endY)
        let addMax = p.maxY > top + quarter
        let addMin = p.minY < bottom - quarter
        if addMax && addMin {
          if p.minX < p.maxX {
            open.append(point(p.minX, p.minY))
            open.append(point(p.maxX, p.maxY))
          } else {
            open.append(point(p.maxX, p.maxY))
            open.append(point(p.minX, p.minY))
          }
        } else if addMax {
          open.append(point(p.maxX, p.maxY))
        } else if addMin {
          open.append(point(p.minX, p.minY))
        }
        open.append(point(p.endX, p.endY))
      }
      if !p.atRight { closeOpen() }
    }
    if pieces.last?.atRight != true { closeOpen() }
  }
}
