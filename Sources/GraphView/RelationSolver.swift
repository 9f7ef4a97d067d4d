import Glibc
import Intervals

/// Solves a relation in x and y over the pixels of a viewport by interval subdivision of
/// the plane, deciding for each pixel, with proof, whether the relation holds somewhere in it.
///
/// After T. Tupper, "Reliable Two-Dimensional Graphing Methods for Mathematical Formulae with
/// Two Free Variables", SIGGRAPH 2001 (sections 3 and 4), and the graphest project's reading
/// of it. The rules of proof (DECISIONS.md, "export table of a relation"):
/// - **no** (0): the enclosure of the relation over a box holding the pixel excludes it (each
///   atom evaluated by interval arithmetic with Tupper's flags; an atom whose function is
///   undefined everywhere in the box is false there);
/// - **yes** (1): the relation is proven true on a sub-box or at a point of the pixel: an
///   equation `f = 0` by two points of opposite sign (proven by point enclosures) inside a
///   sub-box over which f is continuous and defined everywhere (the intermediate value
///   theorem), or by an enclosure that is exactly [0, 0]; an inequality by an enclosure that
///   satisfies it over a sub-box, or by a point enclosure that does; a conjunction when all
///   its parts but one hold over the whole sub-box and that one is proven inside it;
/// - **undecided** (0.5): neither within the budget.
///
/// The plan of work: pixel-aligned blocks, from the whole view down (a block proven false or
/// true is filled at once, an undecided one split in halves along each side longer than a
/// pixel), then each undecided pixel breadth first into quarters, down to
/// `RelationBudget.maxDepth` halvings or `boxesPerPixel` sub-boxes. A relation that does not
/// read y is solved once a column (the column's box covers the whole height: a solution in
/// it is a solution in each of its pixels) and copied; likewise for x. A pixel's edge that
/// floating point may have moved off the true edge `lo + (hi - lo) i / n` is widened by one
/// ulp before a box on it is evaluated, so no sliver is left unexamined; an edge computed
/// exactly (checked by error-free transformations, `exactEdges`) and the edges between a
/// pixel's sub-boxes, which abut exactly, are not (so a pole exactly on an edge, `1/x` at
/// x = 0 of [-2, 2], stays outside the boxes beside it).
///
/// Where the plain enclosure of an atom's function over a box may hold a pole or a jump and
/// does not decide the atom, the function's two-piece enclosure (`PlaneRelation.pieces`,
/// Tupper 2001 section 3.2) is asked: when every piece excludes the atom, it holds nowhere
/// in the box. The pieces only ever prove "no"; "yes" keeps its proofs above.
public enum RelationSolver {
  /// Solves `relation` over the pixels of `viewport`.
  ///
  /// - Parameters:
  ///   - relation: The relation and its budget.
  ///   - viewport: The pixels (its size) and the plot-space box they cover.
  /// - Returns: One verdict a pixel, row 0 at the top; pixels not reached when the budget
  ///   ran out are undecided, and `stop` says why.
  public static func solve(_ relation: PlaneRelation, viewport: Viewport) -> RelationGrid {
    let width = max(0, viewport.size.width)
    let height = max(0, viewport.size.height)
    let thin = relation.formula.isThin
    guard viewport.isSolvable else {
      return RelationGrid(width: width, height: height, cells: [], isThin: thin)
    }
    let xr = viewport.xRange
    let yr = viewport.yRange
    let w = relation.dependsOnX ? width : 1
    let h = relation.dependsOnY ? height : 1
    let xs = edges(xr.lowerBound, xr.upperBound, count: w)
    let xExact = exactEdges(xr.lowerBound, xr.upperBound, xs)
    // Rows from the top: ys[0] is the top edge.
    let yUp = edges(yr.lowerBound, yr.upperBound, count: h)
    let ys = Array(yUp.reversed())
    let yExact = Array(exactEdges(yr.lowerBound, yr.upperBound, yUp).reversed())
    var engine = RelationEngine(
      relation: relation, xs: xs, ys: ys, xExact: xExact, yExact: yExact)
    engine.run()
    var cells = engine.cells
    if w != width || h != height {
      var full = [RelationGrid.Cell](repeating: .undecided, count: width * height)
      for row in 0..<height {
        for column in 0..<width {
          full[row * width + column] = cells[(h == 1 ? 0 : row) * w + (w == 1 ? 0 : column)]
        }
      }
      cells = full
    }
    return RelationGrid(
      width: width, height: height, cells: cells, isThin: thin, stop: engine.meter.stop,
      isStrict: relation.formula.isStrict)
  }

  /// `count + 1` pixel edges from `lo` to `hi`, the last exactly `hi`.
  static func edges(_ lo: Double, _ hi: Double, count: Int) -> [Double] {
    let span = hi - lo
    return (0...count).map { i in
      i == count ? hi : lo + span * Double(i) / Double(count)
    }
  }

  /// For each of `edges` (as `edges(lo, hi, count:)` made them), whether it is exactly the
  /// real number `lo + (hi - lo) i / count`: the first and last always; another when
  /// `hi - lo`, the offset `t = edges[i] - lo` and the sum `lo + t` are exact (TwoSum's error
  /// is 0) and `t count = (hi - lo) i` exactly (the products' exact residuals
  /// `fma(a, b, -a b)` agree, Muller et al., *Handbook of Floating-Point Arithmetic*, 4.4).
  /// Unsure (underflow, overflow) counts as inexact.
  static func exactEdges(_ lo: Double, _ hi: Double, _ edges: [Double]) -> [Bool] {
    func exactSum(_ a: Double, _ b: Double, _ s: Double) -> Bool {
      guard s.isFinite, a + b == s else { return false }
      let bb = s - a
      return (a - (s - bb)) + (b - bb) == 0
    }
    let count = edges.count - 1
    let span = hi - lo
    let spanExact = exactSum(hi, -lo, span)
    return edges.indices.map { i in
      if i == 0 || i == count { return true }
      guard spanExact else { return false }
      let e = edges[i]
      let t = e - lo
      guard exactSum(e, -lo, t), exactSum(lo, t, e) else { return false }
      let n = Double(count)
      let k = Double(i)
      let p1 = t * n
      let p2 = span * k
      guard p1.isFinite, p2.isFinite, Swift.abs(p1) > 0x1p-900 || p1 == 0 else { return false }
      return p1 == p2 && fma(t, n, -p1) == fma(span, k, -p2)
    }
  }
}

/// Three-valued truth over a box: holds at no point, at every point, or not known.
enum BoxTruth {
  case no, yes, maybe
}

/// A box of plot space: `[x0, x1] x [y0, y1]`, how many halvings of a pixel made it, and
/// which of its sides are pixel edges that floating point may have moved (widened by an
/// ulp when the box is evaluated): bit 0 for x0, 1 for x1, 2 for y0, 3 for y1.
struct PlaneBox {
  var x0: Double, x1: Double, y0: Double, y1: Double
  var depth: Int
  var inexact: UInt8 = 0b1111
}

/// Counts boxes and checks the clock and the interrupt flag every 256.
struct RelationMeter {
  let budget: RelationBudget
  let deadline: Double
  var boxes = 0
  private(set) var stop: RelationStop?

  init(_ budget: RelationBudget) {
    self.budget = budget
    deadline = Self.now() + budget.seconds
  }

  /// Counts one box; true when the solve must stop.
  mutating func spend() -> Bool {
    if stop != nil { return true }
    boxes += 1
    if boxes > budget.maxBoxes {
      stop = .boxes
    } else if boxes & 255 == 0 {
      if budget.interrupt?() == true {
        stop = .interrupted
      } else if Self.now() > deadline {
        stop = .time
      }
    }
    return stop != nil
  }

  /// Seconds of the thread's CPU time (`WorkClock`: a budget counts work, not load).
  static func now() -> Double { WorkClock.now() }
}

/// The work of one solve: the pixel grid (`xs` left to right, `ys` top to bottom), the
/// verdicts and the scratch space for enclosures.
struct RelationEngine {
  let relation: PlaneRelation
  let xs: [Double]
  let ys: [Double]
  let columns: Int
  let rows: Int
  var cells: [RelationGrid.Cell]
  var meter: RelationMeter
  /// The enclosures of the functions over the box being examined.
  var enclosures: [Interval]
  /// The enclosures at the point being examined.
  var pointValues: [Interval]
  /// The sub-boxes of the pixel being solved (breadth first).
  var queue: [PlaneBox] = []
  /// Whether each of `xs` and `ys` is exactly its real pixel edge (`exactEdges`).
  let xExact: [Bool]
  let yExact: [Bool]
  /// The two-piece enclosures over the box being examined, where asked (`evaluate`).
  var unions: [IntervalUnion?]
  /// Whether some function has a two-piece enclosure (`PlaneRelation.pieces`).
  let hasPieces: Bool

  init(
    relation: PlaneRelation, xs: [Double], ys: [Double], xExact: [Bool]? = nil,
    yExact: [Bool]? = nil
  ) {
    self.relation = relation
    self.xs = xs
    self.ys = ys
    self.xExact = xExact ?? Array(repeating: false, count: xs.count)
    self.yExact = yExact ?? Array(repeating: false, count: ys.count)
    unions = Array(repeating: nil, count: relation.functions.count)
    hasPieces = relation.pieces.contains { $0 != nil }
    columns = xs.count - 1
    rows = ys.count - 1
    cells = Array(repeating: .undecided, count: columns * rows)
    meter = RelationMeter(relation.budget)
    enclosures = Array(repeating: .empty, count: relation.functions.count)
    pointValues = enclosures
  }

  /// Decides every pixel it can within the budget.
  mutating func run() {
    // Pixel-aligned blocks: (first column, end column, first row, end row).
    var blocks: [(Int, Int, Int, Int)] = [(0, columns, 0, rows)]
    while let (c0, c1, r0, r1) = blocks.popLast() {
      if meter.spend() { return }
      if c1 - c0 == 1 && r1 - r0 == 1 {
        cells[r0 * columns + c0] = solvePixel(column: c0, row: r0)
        continue
      }
      let box = PlaneBox(
        x0: xs[c0], x1: xs[c1], y0: ys[r1], y1: ys[r0], depth: 0,
        inexact: inexactSides(c0, c1, r0, r1))
      switch evaluate(box) {
      case .no: fill(c0, c1, r0, r1, .no)
      case .yes: fill(c0, c1, r0, r1, .yes)
      case .maybe:
        let cm = c1 - c0 > 1 ? (c0 + c1) / 2 : c1
        let rm = r1 - r0 > 1 ? (r0 + r1) / 2 : r1
        // Pushed so the top left block is taken first (reading order, for a stop midway).
        if rm < r1 {
          if cm < c1 { blocks.append((cm, c1, rm, r1)) }
          blocks.append((c0, cm, rm, r1))
        }
        if cm < c1 { blocks.append((cm, c1, r0, rm)) }
        blocks.append((c0, cm, r0, rm))
      }
    }
  }

  /// The `PlaneBox.inexact` bits of the block of columns `c0..<c1` and rows `r0..<r1`.
  func inexactSides(_ c0: Int, _ c1: Int, _ r0: Int, _ r1: Int) -> UInt8 {
    (xExact[c0] ? 0 : 1) | (xExact[c1] ? 0 : 2) | (yExact[r1] ? 0 : 4) | (yExact[r0] ? 0 : 8)
  }

  mutating func fill(_ c0: Int, _ c1: Int, _ r0: Int, _ r1: Int, _ cell: RelationGrid.Cell) {
    for r in r0..<r1 {
      for c in c0..<c1 { cells[r * columns + c] = cell }
    }
  }

  /// The verdict of one pixel: its sub-boxes breadth first.
  mutating func solvePixel(column: Int, row: Int) -> RelationGrid.Cell {
    queue.removeAll(keepingCapacity: true)
    queue.append(
      PlaneBox(
        x0: xs[column], x1: xs[column + 1], y0: ys[row + 1], y1: ys[row], depth: 0,
        inexact: inexactSides(column, column + 1, row, row + 1)))
    var head = 0
    var leftOpen = false
    let budget = relation.budget
    let splitX = relation.dependsOnX
    let splitY = relation.dependsOnY
    while head < queue.count {
      if head >= budget.boxesPerPixel { return .undecided }
      let box = queue[head]
      head += 1
      if head > 1, meter.spend() { return .undecided }
      let truth = evaluate(box)
      if truth == .no { continue }
      if truth == .yes || exists(relation.formula, in: box) { return .yes }
      if box.depth >= budget.maxDepth {
        leftOpen = true
        continue
      }
      let xm = splitX ? box.x0 + (box.x1 - box.x0) / 2 : box.x1
      let ym = splitY ? box.y0 + (box.y1 - box.y0) / 2 : box.y1
      // (low, high, inexact bits): a new edge between two halves is exact.
      let b = box.inexact
      let xParts =
        splitX && xm > box.x0 && xm < box.x1
        ? [(box.x0, xm, b & 0b1101), (xm, box.x1, b & 0b1110)] : [(box.x0, box.x1, b & 0b0011)]
      let yParts =
        splitY && ym > box.y0 && ym < box.y1
        ? [(box.y0, ym, b & 0b0111), (ym, box.y1, b & 0b1011)] : [(box.y0, box.y1, b & 0b1100)]
      if xParts.count == 1 && yParts.count == 1 {
        leftOpen = true  // as small as doubles allow
        continue
      }
      for (y0, y1, yb) in yParts {
        for (x0, x1, xb) in xParts {
          queue.append(
            PlaneBox(
              x0: x0, x1: x1, y0: y0, y1: y1, depth: box.depth + 1,
              inexact: (xb & 0b0011) | (yb & 0b1100)))
        }
      }
    }
    return leftOpen ? .undecided : .no
  }

  /// The functions' enclosures over `box` (its inexact pixel edges widened by an ulp) into
  /// `enclosures`, and the formula's truth over the box; where that is not decided, the
  /// two-piece enclosures of the functions that may jump in the box are asked too (each
  /// may turn an undecided atom into "no").
  mutating func evaluate(_ box: PlaneBox) -> BoxTruth {
    let b = box.inexact
    let x = Interval(b & 1 != 0 ? box.x0.nextDown : box.x0, b & 2 != 0 ? box.x1.nextUp : box.x1)
    let y = Interval(b & 4 != 0 ? box.y0.nextDown : box.y0, b & 8 != 0 ? box.y1.nextUp : box.y1)
    for k in relation.functions.indices { enclosures[k] = relation.functions[k](x, y) }
    let plain = Self.truth(relation.formula, enclosures)
    guard plain == .maybe, hasPieces else { return plain }
    var asked = false
    for k in relation.functions.indices {
      let e = enclosures[k]
      if k < relation.pieces.count, let pieces = relation.pieces[k], !e.isEmpty, !e.isContinuous {
        unions[k] = pieces(x, y)
        asked = true
      } else {
        unions[k] = nil
      }
    }
    guard asked else { return plain }
    return Self.truth(relation.formula) { k, op in
      let t = Self.atomTruth(enclosures[k], op)
      guard t == .maybe, let u = unions[k] else { return t }
      return u.pieces.allSatisfy({ Self.atomTruth($0, op) == .no }) ? .no : .maybe
    }
  }

  /// The truth of `formula` given the truth of each atom (`atom(k, op)`).
  static func truth(
    _ formula: RelationFormula, _ atom: (Int, RelationComparison) -> BoxTruth
  ) -> BoxTruth {
    switch formula {
    case .atom(let k, let op): return atom(k, op)
    case .all(let parts):
      var result = BoxTruth.yes
      for part in parts {
        switch truth(part, atom) {
        case .no: return .no
        case .maybe: result = .maybe
        case .yes: break
        }
      }
      return result
    case .any(let parts):
      var result = BoxTruth.no
      for part in parts {
        switch truth(part, atom) {
        case .yes: return .yes
        case .maybe: result = .maybe
        case .no: break
        }
      }
      return result
    }
  }

  /// The truth of `formula` given its functions' enclosures `values`.
  static func truth(_ formula: RelationFormula, _ values: [Interval]) -> BoxTruth {
    switch formula {
    case .atom(let k, let op): return atomTruth(values[k], op)
    case .all(let parts):
      var result = BoxTruth.yes
      for part in parts {
        switch truth(part, values) {
        case .no: return .no
        case .maybe: result = .maybe
        case .yes: break
        }
      }
      return result
    case .any(let parts):
      var result = BoxTruth.no
      for part in parts {
        switch truth(part, values) {
        case .yes: return .yes
        case .maybe: result = .maybe
        case .no: break
        }
      }
      return result
    }
  }

  /// The truth of `f op 0` over a box where f's enclosure is `e`: `yes` needs f defined
  /// everywhere in the box; an empty enclosure (f defined nowhere) is `no`.
  static func atomTruth(_ e: Interval, _ op: RelationComparison) -> BoxTruth {
    if e.isEmpty { return .no }
    let def = e.isDefinedEverywhere
    switch op {
    case .equal:
      if e.lo > 0 || e.hi < 0 { return .no }
      return def && e.lo == 0 && e.hi == 0 ? .yes : .maybe
    case .notEqual:
      if e.lo == 0 && e.hi == 0 { return .no }
      return def && (e.lo > 0 || e.hi < 0) ? .yes : .maybe
    case .less:
      if e.lo >= 0 { return .no }
      return def && e.hi < 0 ? .yes : .maybe
    case .lessOrEqual:
      if e.lo > 0 { return .no }
      return def && e.hi <= 0 ? .yes : .maybe
    case .greater:
      if e.hi <= 0 { return .no }
      return def && e.lo > 0 ? .yes : .maybe
    case .greaterOrEqual:
      if e.hi < 0 { return .no }
      return def && e.lo >= 0 ? .yes : .maybe
    }
  }

  /// Whether `formula` is proven to hold at some point of `box`, whose enclosures are in
  /// `enclosures` (and where it is not proven false).
  mutating func exists(_ formula: RelationFormula, in box: PlaneBox) -> Bool {
    if Self.truth(formula, enclosures) == .yes { return true }
    switch formula {
    case .atom(let k, .equal):
      let e = enclosures[k]
      // Across a jump only a proven zero at a point counts (no intermediate value theorem):
      // `floor(x) = floor(y)` holds on the edge y = 0 of the pixel below it. (At a domain
      // edge, where f is continuous but partial, neither is tried.)
      guard !e.isEmpty, e.isDefinedEverywhere || !e.isContinuous else { return false }
      return signChange(k, in: box, continuous: e.isDefinedEverywhere && e.isContinuous)
    case .atom(let k, _):
      let cx = box.x0 + (box.x1 - box.x0) / 2
      let cy = box.y0 + (box.y1 - box.y0) / 2
      if holds(formula, atX: cx, y: cy) { return true }
      // Where the function may jump, a region may reach the box only at its edge
      // (`x % 2 < 1` at x = 0 of the pixel left of it): its corners are tried too.
      if enclosures[k].isContinuous { return false }
      return holds(formula, atX: box.x0, y: box.y0) || holds(formula, atX: box.x1, y: box.y1)
        || holds(formula, atX: box.x1, y: box.y0) || holds(formula, atX: box.x0, y: box.y1)
    case .any(let parts):
      for part in parts where Self.truth(part, enclosures) != .no {
        if exists(part, in: box) { return true }
      }
      return false
    case .all(let parts):
      let open = parts.filter { Self.truth($0, enclosures) != .yes }
      if open.isEmpty { return true }
      if open.count == 1 { return exists(open[0], in: box) }
      return holds(
        .all(open), atX: box.x0 + (box.x1 - box.x0) / 2, y: box.y0 + (box.y1 - box.y0) / 2)
    }
  }

  /// Whether function `k` is proven zero at one of the centre and corners of `box`, or, when
  /// it is `continuous` on the box, positive at one and negative at another.
  mutating func signChange(_ k: Int, in box: PlaneBox, continuous: Bool = true) -> Bool {
    let f = relation.functions[k]
    var positive = false
    var negative = false
    let points = [
      (box.x0 + (box.x1 - box.x0) / 2, box.y0 + (box.y1 - box.y0) / 2), (box.x0, box.y0),
      (box.x1, box.y1), (box.x1, box.y0), (box.x0, box.y1),
    ]
    for (px, py) in points {
      let v = f(Interval(px), Interval(py))
      if v.isEmpty { continue }
      if v.lo == 0 && v.hi == 0 && v.isDefinedEverywhere { return true }  // a zero, proven
      if v.lo > 0 { positive = true } else if v.hi < 0 { negative = true }
      if positive && negative && continuous { return true }
    }
    return false
  }

  /// Whether `formula` is proven true at the point (`x`, `y`) (point enclosures).
  mutating func holds(_ formula: RelationFormula, atX x: Double, y: Double) -> Bool {
    let px = Interval(x)
    let py = Interval(y)
    for k in relation.functions.indices { pointValues[k] = relation.functions[k](px, py) }
    return Self.truth(formula, pointValues) == .yes
  }
}

extension Viewport {
  /// Whether the viewport has pixels and a finite, positive scale on both axes (so its
  /// ranges exist).
  var isSolvable: Bool {
    size.width > 0 && size.height > 0 && scaleX.isFinite && scaleY.isFinite && scaleX > 0
      && scaleY > 0 && originX.isFinite && originY.isFinite
  }
}
