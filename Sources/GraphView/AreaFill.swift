// Shading between curves (`plot f(x), g(x) fill between`, `plot sin(x) fill`) and straight
// guide lines over a plot (`tangent EXPR at X0`): what the plot carries (`PlotFill`,
// `PlotGuideLine`) and the one geometry every output draws (`FillGeometry`).
//
// The fill is made from the sampled polylines themselves, as gnuplot's `with filledcurves`
// closes a curve's own points (gnuplot 5.4, "filledcurves": `x1` to the x axis,
// `fillbetween`/`using 1:2:3` between two curves): for each continuous piece of the curve
// (the sampler lifts the pen at poles, jumps and where the curve is undefined) the polygon
// runs along the piece and back along the x axis, or back along the piece of the other
// curve that covers the same x; so the fill stops where the drawn curve stops, never
// crosses a pole, and is nothing where either curve is undefined. Where the curves cross,
// the polygon is a figure eight, filled on both lobes (the nonzero winding rule).

/// Shading of the area between a curve and another curve or the x axis, in the colour of
/// `curve` at low opacity.
public struct PlotFill: Sendable, Hashable {
  /// The curve whose area is shaded (0-based; its colour is the fill's).
  public var curve: Int
  /// The other curve (0-based), or nil for the x axis (y = 0; the bottom of the view on a
  /// log y axis, which has no 0).
  public var other: Int?
  /// The x range the shading is limited to (plot units, or the axis's coordinates on a log
  /// x axis), or nil for the whole view.
  public var xRange: ClosedRange<Double>?
  /// The text of the fill, for the table's header (`x^2, x`).
  public var title: String

  /// Creates a fill of `curve` down (or up) to `other`, or to the x axis when `other` is
  /// nil, within `xRange` (plot units) when given.
  public init(curve: Int, other: Int? = nil, xRange: ClosedRange<Double>? = nil, title: String = "")
  {
    self.curve = curve
    self.other = other
    self.xRange = xRange
    self.title = title
  }
}

/// A straight line drawn dashed across the view (a tangent line, `tangent EXPR at X0`):
/// y = `y0` + `slope` (x - `x0`), touching at (`x0`, `y0`).
public struct PlotGuideLine: Sendable, Hashable {
  /// The x of the point the line goes through, in plot units.
  public var x0: Double
  /// The y of the point the line goes through, in plot units.
  public var y0: Double
  /// The slope, plot units of y per plot unit of x.
  public var slope: Double
  /// The curve whose colour the line takes (0-based; a curve index beyond the plot's picks
  /// the palette's next colour).
  public var curve: Int
  /// The text of the line, for the table's header (`y = 10*x - 16`).
  public var title: String

  /// Creates the line through (`x0`, `y0`) (plot units) with `slope`.
  public init(x0: Double, y0: Double, slope: Double, curve: Int, title: String = "") {
    self.x0 = x0
    self.y0 = y0
    self.slope = slope
    self.curve = curve
    self.title = title
  }

  /// The line's y at `x` (plot units).
  public func y(at x: Double) -> Double { y0 + slope * (x - x0) }
}

/// The geometry of fills: polygons made of a plot's sampled polylines, clipped to the plot
/// area, and the spans of a scan line inside them.
package enum FillGeometry {
  /// The polygons of `fill` over `plot`, in the output's pixels, clipped to `clip`: for
  /// each continuous piece of `fill.curve` (and, between two curves, each piece of
  /// `fill.other` that covers some of the same x), the piece forward and then the x axis or
  /// the other piece backward, all within `fill.xRange`. Empty when a curve index is not
  /// a curve of `plot` or is a relation.
  ///
  /// - Parameters:
  ///   - fill: What to shade.
  ///   - plot: The sampled plot (plot units).
  ///   - map: Plot units to the output's pixels.
  ///   - clip: The plot area (pixels).
  /// - Returns: Closed polygons (the last point joins the first), each at least three
  ///   points, all inside `clip`.
  static func polygons(
    _ fill: PlotFill, plot: SampledPlot, map: PlotLayout.PixelMap, clip: PixelRect
  ) -> [[PixelPoint]] {
    guard plot.curves.indices.contains(fill.curve), plot.curves[fill.curve].relation == nil
    else { return [] }
    let range = fill.xRange.map { r -> ClosedRange<Double> in
      let a = map.x(r.lowerBound)
      let b = map.x(r.upperBound)
      return min(a, b)...max(a, b)
    }
    let upper = pieces(plot.curves[fill.curve], map: map, within: range)
    var out: [[PixelPoint]] = []
    if let other = fill.other {
      guard plot.curves.indices.contains(other), plot.curves[other].relation == nil else {
        return []
      }
      let lower = pieces(plot.curves[other], map: map, within: range)
      for a in upper {
        for b in lower {
          guard let polygon = between(a, b) else { continue }
          out += clipped(polygon, to: clip)
        }
      }
    } else {
      let base = plot.scales.y.isLog ? clip.maxY : map.y(0)
      for a in upper where a.count >= 2 {
        guard let first = a.first, let last = a.last else { continue }
        let polygon =
          a + [PixelPoint(x: last.x, y: base), PixelPoint(x: first.x, y: base)]
        out += clipped(polygon, to: clip)
      }
    }
    return out
  }

  /// The continuous pieces of `curve` in pixels: its segments split at points with a NaN
  /// coordinate, each cut to the columns `within` (pixels) when given; pieces of fewer than
  /// two points are left out (a lone point has no area).
  static func pieces(
    _ curve: SampledCurve, map: PlotLayout.PixelMap, within range: ClosedRange<Double>?
  ) -> [[PixelPoint]] {
    var out: [[PixelPoint]] = []
    for segment in curve.segments {
      var current: [PixelPoint] = []
      for p in segment {
        let q = PixelPoint(x: map.x(p.x), y: map.y(p.y))
        if q.x.isNaN || q.y.isNaN {
          if current.count >= 2 { out.append(current) }
          current = []
        } else {
          current.append(q)
        }
      }
      if current.count >= 2 { out.append(current) }
    }
    guard let range else { return out }
    return out.compactMap { cut($0, to: range) }
  }

  /// The part of the polyline `points` (x not decreasing, pixels) with x in `range`: the
  /// points inside and the points where it crosses the range's ends; nil when fewer than
  /// two points remain.
  static func cut(_ points: [PixelPoint], to range: ClosedRange<Double>) -> [PixelPoint]? {
    let lo = range.lowerBound
    let hi = range.upperBound
    guard points.count >= 2, let first = points.first, let last = points.last, first.x <= hi,
      last.x >= lo
    else { return nil }
    if first.x >= lo && last.x <= hi { return points }  // wholly inside: x does not decrease
    func crossing(_ q: PixelPoint, _ p: PixelPoint, _ edge: Double) -> PixelPoint {
      PixelPoint(x: edge, y: q.y + (edge - q.x) / (p.x - q.x) * (p.y - q.y))
    }
    var out: [PixelPoint] = []
    out.reserveCapacity(points.count)
    var q = first
    if q.x >= lo && q.x <= hi { out.append(q) }
    for p in points.dropFirst() {
      if (q.x < lo && p.x > lo) || (q.x > lo && p.x < lo) { out.append(crossing(q, p, lo)) }
      if (q.x < hi && p.x > hi) || (q.x > hi && p.x < hi) { out.append(crossing(q, p, hi)) }
      if p.x >= lo && p.x <= hi { out.append(p) }
      q = p
    }
    return out.count >= 2 ? out : nil
  }

  /// The polygon between two pieces over the x both cover: `a` forward, then `b` backward,
  /// each cut to the common columns; nil when they share no width.
  static func between(_ a: [PixelPoint], _ b: [PixelPoint]) -> [PixelPoint]? {
    guard let a0 = a.first, let a1 = a.last, let b0 = b.first, let b1 = b.last else { return nil }
    let lo = max(a0.x, b0.x)
    let hi = min(a1.x, b1.x)
    guard lo < hi, let ca = cut(a, to: lo...hi), let cb = cut(b, to: lo...hi) else { return nil }
    return ca + cb.reversed()
  }

  /// `polygon` clipped to `rect` (Sutherland and Hodgman, "Reentrant polygon clipping",
  /// Communications of the ACM 17(1), 1974: cut by each edge's half-plane in turn); a
  /// polygon that leaves and re-enters keeps the stretches of the edge between, which
  /// enclose no area. Coordinates are limited to `±LayoutClip.coordinateLimit` first.
  ///
  /// - Returns: The clipped polygon in an array (empty when fewer than three points remain).
  static func clipped(_ polygon: [PixelPoint], to rect: PixelRect) -> [[PixelPoint]] {
    var points = polygon.map {
      PixelPoint(x: LayoutClip.limited($0.x), y: LayoutClip.limited($0.y))
    }
    // Each edge: a point is inside when `value(p) <= limit` for value = ±x or ±y.
    let edges: [(axis: Int, sign: Double, limit: Double)] = [
      (0, -1, -rect.minX), (0, 1, rect.maxX), (1, -1, -rect.minY), (1, 1, rect.maxY),
    ]
    for edge in edges {
      guard !points.isEmpty else { break }
      func value(_ p: PixelPoint) -> Double { edge.sign * (edge.axis == 0 ? p.x : p.y) }
      var out: [PixelPoint] = []
      out.reserveCapacity(points.count + 4)
      for i in points.indices {
        let p = points[i]
        let q = points[i == 0 ? points.count - 1 : i - 1]
        let pIn = value(p) <= edge.limit
        let qIn = value(q) <= edge.limit
        if pIn != qIn {
          let t = (edge.limit - value(q)) / (value(p) - value(q))
          var c = PixelPoint(x: q.x + t * (p.x - q.x), y: q.y + t * (p.y - q.y))
          // On the edge exactly (rounding would leave it a hair outside).
          if edge.axis == 0 { c.x = edge.sign * edge.limit } else { c.y = edge.sign * edge.limit }
          out.append(c)
        }
        if pIn { out.append(p) }
      }
      points = out
    }
    return points.count >= 3 ? [points] : []
  }

  /// The spans of the horizontal line at `y` (pixels) inside `polygons` by the nonzero
  /// winding rule: each edge crossing the line counts +1 going down and -1 going up, and
  /// the line is inside where the running sum is not 0 (the rule SVG and cairo fill with).
  /// An edge counts at `y` when one end is at or above it and the other below, so a vertex
  /// on the line is counted once.
  ///
  /// - Returns: The inside stretches, left to right, as `lo...hi` in pixels.
  package static func spans(_ polygons: [[PixelPoint]], atY y: Double) -> [ClosedRange<Double>] {
    var crossings: [(x: Double, winding: Int)] = []
    for polygon in polygons where polygon.count >= 3 {
      for i in polygon.indices {
        let a = polygon[i == 0 ? polygon.count - 1 : i - 1]
        let b = polygon[i]
        if (a.y <= y) != (b.y <= y) {
          let t = (y - a.y) / (b.y - a.y)
          crossings.append((a.x + t * (b.x - a.x), b.y > a.y ? 1 : -1))
        }
      }
    }
    crossings.sort { $0.x < $1.x }
    var out: [ClosedRange<Double>] = []
    var winding = 0
    var start = 0.0
    for c in crossings {
      let before = winding
      winding += c.winding
      if before == 0 && winding != 0 { start = c.x }
      if before != 0 && winding == 0 && c.x > start { out.append(start...c.x) }
    }
    return out
  }
}

extension PlotLayout {
  /// The dashes of a guide line: `on` pixels drawn, then `off` blank, from the line's start.
  static func dashes(
    from a: PixelPoint, to b: PixelPoint, on: Double, off: Double
  ) -> [[PixelPoint]] {
    let dx = b.x - a.x
    let dy = b.y - a.y
    let length = (dx * dx + dy * dy).squareRoot()
    guard length > 0, length.isFinite, on > 0, off >= 0 else { return [[a, b]] }
    var out: [[PixelPoint]] = []
    var s = 0.0
    while s < length && out.count < 10_000 {
      let e = min(s + on, length)
      out.append([
        PixelPoint(x: a.x + dx * s / length, y: a.y + dy * s / length),
        PixelPoint(x: a.x + dx * e / length, y: a.y + dy * e / length),
      ])
      s = e + off
    }
    return out
  }

  /// The part of `line` inside the view of `map`, in the output's pixels, clipped to
  /// `clip`; nil when it does not cross the view or its numbers are not finite.
  static func guideSegment(
    _ line: PlotGuideLine, map: PixelMap, clip: PixelRect
  ) -> (PixelPoint, PixelPoint)? {
    let v = map.viewport
    let x0 = v.plotX(0)
    let x1 = v.plotX(Double(v.size.width))
    guard x0.isFinite, x1.isFinite, line.slope.isFinite, line.y0.isFinite, line.x0.isFinite
    else { return nil }
    let a = PixelPoint(x: map.x(x0), y: map.y(line.y(at: x0)))
    let b = PixelPoint(x: map.x(x1), y: map.y(line.y(at: x1)))
    guard let c = LayoutClip.clipSegment(a, b, to: clip) else { return nil }
    return (c.a, c.b)
  }
}

extension TableWriter {
  /// The blocks of `plot`'s fills and guide lines, to follow the curves' and relations'
  /// blocks of `table(_:)` (empty when there are none). Each fill is a block headed
  /// `# fill K of N: TEXT`, then its polygons (`FillGeometry.polygons` over the viewport's
  /// own pixels, the geometry every picture draws, turned back into plot units), each
  /// closed (its first point again at its end) as `x y` lines, a blank line between two
  /// polygons: gnuplot draws the block back with `with filledcurves closed`. Each guide line
  /// is a block `# tangent K of N: TEXT` of its two ends in the view. Blocks are separated
  /// by two blank lines (gnuplot's `index`).
  ///
  /// - Parameters:
  ///   - plot: The sampled plot.
  ///   - after: Whether blocks come before these (two blank lines then go first).
  /// - Returns: The blocks, each line ending in a newline.
  public static func overlayBlocks(_ plot: SampledPlot, after: Bool) -> String {
    guard !plot.fills.isEmpty || !plot.guideLines.isEmpty else { return "" }
    let v = plot.viewport
    let area = PixelRect(x: 0, y: 0, width: Double(v.size.width), height: Double(v.size.height))
    let map = PlotLayout.PixelMap(viewport: v, area: area)
    var blocks: [String] = []
    for (k, fill) in plot.fills.enumerated() {
      var out = "# fill \(k + 1) of \(plot.fills.count): \(commentSafe(fill.title))\n"
      let polygons = FillGeometry.polygons(fill, plot: plot, map: map, clip: area)
      for (n, polygon) in polygons.enumerated() {
        if n > 0 { out += "\n" }
        for p in polygon + [polygon[0]] {
          out += "\(number(v.plotX(p.x))) \(number(v.plotY(p.y)))\n"
        }
      }
      blocks.append(out)
    }
    for (k, line) in plot.guideLines.enumerated() {
      var out = "# tangent \(k + 1) of \(plot.guideLines.count): \(commentSafe(line.title))\n"
      if let (a, b) = PlotLayout.guideSegment(line, map: map, clip: area) {
        for p in [a, b] { out += "\(number(v.plotX(p.x))) \(number(v.plotY(p.y)))\n" }
      }
      blocks.append(out)
    }
    return (after ? "\n\n" : "") + blocks.joined(separator: "\n\n")
  }
}
