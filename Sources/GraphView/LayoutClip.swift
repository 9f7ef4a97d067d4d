/// Clipping of lines and polylines to a rectangle in pixel space, so that outputs receive
/// only short, finite coordinates even when a curve's points lie far outside the view
/// (`y = ±1e300` near a pole).
///
/// Segments are clipped with the Liang–Barsky algorithm (Y.-D. Liang and B. A. Barsky,
/// "A new concept and method for line clipping", ACM Transactions on Graphics 3(1), 1984):
/// the segment `a + t (b - a)`, `0 <= t <= 1`, is cut by the four edges' half-planes,
/// which narrows `[t0, t1]`; it is empty when `t0 > t1`.
package enum LayoutClip {
  /// The largest magnitude a pixel coordinate keeps before clipping (pixels). Points beyond
  /// it (and infinite ones) are moved onto it; a segment to such a point then leaves the
  /// view in almost the same direction (the error inside a view of a few thousand pixels
  /// is far below a pixel).
  @usableFromInline static let coordinateLimit = 1e9

  /// `v` limited to `±coordinateLimit`; NaN stays NaN.
  @inlinable
  package static func limited(_ v: Double) -> Double {
    if v > coordinateLimit { return coordinateLimit }
    if v < -coordinateLimit { return -coordinateLimit }
    return v
  }

  /// The part of the segment from `a` to `b` inside `rect` (edges included), or nil when
  /// none is (or a coordinate is NaN).
  ///
  /// - Parameters:
  ///   - a: The start, in pixels (limited to `±coordinateLimit` first).
  ///   - b: The end, in pixels (limited likewise).
  ///   - rect: The clip rectangle, in pixels.
  /// - Returns: The clipped end points, in the order of `a` and `b`, and the parameters
  ///   `t0`, `t1` along the segment where they lie (`t0 == 0` when `a` was inside).
  package static func clipSegment(
    _ a: PixelPoint, _ b: PixelPoint, to rect: PixelRect
  ) -> (a: PixelPoint, b: PixelPoint, t0: Double, t1: Double)? {
    let ax = limited(a.x)
    let ay = limited(a.y)
    let bx = limited(b.x)
    let by = limited(b.y)
    guard !ax.isNaN, !ay.isNaN, !bx.isNaN, !by.isNaN else { return nil }
    let dx = bx - ax
    let dy = by - ay
    var t0 = 0.0
    var t1 = 1.0
    // Each edge: p * t <= q keeps the inside.
    let edges: [(p: Double, q: Double)] = [
      (-dx, ax - rect.minX), (dx, rect.maxX - ax),
      (-dy, ay - rect.minY), (dy, rect.maxY - ay),
    ]
    for (p, q) in edges {
      if p == 0 {
        if q < 0 { return nil }  // parallel to this edge and outside it
        continue
      }
      let r = q / p
      if p < 0 {
        if r > t1 { return nil }
        if r > t0 { t0 = r }
      } else {
        if r < t0 { return nil }
        if r < t1 { t1 = r }
      }
    }
    // A cut point is put back onto the rectangle: with end points ~1e9 pixels away,
    // `a + t (b - a)` is off by rounding (~1e-7 pixels) and could land just outside.
    func inside(_ x: Double, _ y: Double) -> PixelPoint {
      PixelPoint(x: min(max(x, rect.minX), rect.maxX), y: min(max(y, rect.minY), rect.maxY))
    }
    let pa = t0 == 0 ? PixelPoint(x: ax, y: ay) : inside(ax + t0 * dx, ay + t0 * dy)
    let pb = t1 == 1 ? PixelPoint(x: bx, y: by) : inside(ax + t1 * dx, ay + t1 * dy)
    return (pa, pb, t0, t1)
  }

  /// The parts of the polyline through `points` inside `rect`: one polyline each time it
  /// enters the rectangle. A point with a NaN coordinate lifts the pen.
  ///
  /// - Parameters:
  ///   - points: The polyline, in pixels.
  ///   - rect: The clip rectangle, in pixels.
  /// - Returns: Polylines of at least two points each, all inside `rect`.
  package static func clipPolyline(_ points: [PixelPoint], to rect: PixelRect) -> [[PixelPoint]] {
    var pieces: [[PixelPoint]] = []
    var current: [PixelPoint] = []
    func finish() {
      if current.count >= 2 { pieces.append(current) }
      current = []
    }
    if points.count == 1, let p = points.first, rect.contains(p) {
      return [[p, p]]  // a lone point still shows (a dot)
    }
    var i = 1
    while i < points.count {
      let a = points[i - 1]
      let b = points[i]
      i += 1
      guard let c = clipSegment(a, b, to: rect) else {
        finish()
        continue
      }
      if c.t0 > 0 || current.isEmpty {
        finish()
        current = [c.a]
      }
      current.append(c.b)
      if c.t1 < 1 { finish() }
    }
    finish()
    return pieces
  }
}
