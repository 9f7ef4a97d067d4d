/// A point of a curve in plot units: x is a sample index, y a value.
///
/// In a point list, a point whose `y` is NaN is a break: the polyline stops there and starts
/// again at the next point.
public struct StreamPoint: Sendable, Equatable {
  /// Plot x (sample index, fractional between samples).
  public var x: Double
  /// Plot y; NaN marks a break in the curve.
  public var y: Double

  /// A point at (`x`, `y`) in plot units.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The break marker used between runs of a curve.
  public static let gap = StreamPoint(x: .nan, y: .nan)

  /// Equality that treats two breaks (NaN y) as equal.
  public static func == (a: StreamPoint, b: StreamPoint) -> Bool {
    if a.y.isNaN || b.y.isNaN { return a.y.isNaN && b.y.isNaN }
    return a.x == b.x && a.y == b.y
  }
}

/// How `--smooth` draws a curve through the samples. Both never leave the data's range.
public enum SmoothingMethod: Sendable, Equatable {
  /// The default. Cubic Hermite segments whose tangents start as Catmull-Rom's (for equally
  /// spaced x, Catmull-Rom's tangent (y[i+1] - y[i-1]) / 2 is also Fritsch & Carlson's
  /// initial three-point tangent), then limited by Fritsch & Carlson's conditions: zero at a
  /// local extremum or flat segment, and (alpha, beta) scaled into the circle of radius 3.
  /// Each segment is then monotone, so it stays between its two end samples: no overshoot,
  /// and no flat clipped tops. F. N. Fritsch, R. E. Carlson, "Monotone Piecewise Cubic
  /// Interpolation", SIAM J. Numer. Anal. 17(2), 1980.
  case monotoneCubic
  /// The uniform Catmull-Rom spline (E. Catmull, R. Rom, "A Class of Local Interpolating
  /// Splines", Computer Aided Geometric Design, 1974), each segment's value clamped to the
  /// [min, max] of its two end samples. Smoother at peaks than nothing, but a clamped
  /// segment can show a short flat top.
  case clampedCatmullRom
}

/// A smooth curve through equally spaced samples, broken at gaps (NaN or ±inf samples).
///
/// Sample `i` lies at x = `firstX + i` (plot units). Each maximal run of finite samples is
/// interpolated on its own with cubic Hermite segments (see `SmoothingMethod`); at a run's
/// ends the tangent is the one-sided difference. The curve passes through every finite
/// sample, and every value on segment [i, i+1] lies within [min, max] of samples i and i+1
/// (so never outside the data's range). A run of one sample is a lone point.
public struct SmoothCurve: Sendable {
  /// The samples, in plot units (NaN or ±inf = gap).
  public let values: [Double]
  /// The x of `values[0]` (plot units).
  public let firstX: Double
  /// The interpolation used.
  public let method: SmoothingMethod
  /// The most pixel columns `points(columns:xRange:)` fills (more are taken as this many).
  public static let maxColumns = 1 << 20
  /// The tangent (dy per sample) at each sample; 0 at gaps.
  private let tangents: [Double]

  /// A curve through `values`.
  /// - Parameters:
  ///   - values: samples at x = `firstX`, `firstX + 1`, ...; non-finite values are gaps.
  ///   - firstX: the x of the first sample, in plot units (e.g. `RollingWindow.firstStoredSample`).
  ///   - method: the interpolation; `.monotoneCubic` by default.
  public init(values: [Double], firstX: Double = 0, method: SmoothingMethod = .monotoneCubic) {
    self.values = values
    self.firstX = firstX
    self.method = method
    tangents = Self.tangents(values, method: method)
  }

  /// The curve's value at plot x `x`.
  /// - Parameter x: plot x (sample index, may be fractional).
  /// - Returns: the interpolated y; NaN outside the samples, in a gap, or next to one (a
  ///   segment needs finite samples at both ends).
  public func value(at x: Double) -> Double {
    let u = x - firstX
    guard u.isFinite, u >= 0, u <= Double(values.count - 1) else { return .nan }
    let k = Swift.min(Int(u.rounded(.down)), values.count - 1)
    let t = u - Double(k)
    if t == 0 { return values[k].isFinite ? values[k] : .nan }
    guard k + 1 < values.count else { return .nan }
    return segment(k, t)
  }

  /// The curve as a dense polyline for `columns` pixel columns.
  ///
  /// Output: for each run of finite samples, its samples and, between them, one point per
  /// pixel column whose x falls strictly inside a segment, in increasing x; runs are
  /// separated by `StreamPoint.gap`. Column `c` (0-based) is at
  /// x = `xRange.lower + c * (xRange.upper - xRange.lower) / (columns - 1)`.
  /// - Parameters:
  ///   - columns: pixel columns across `xRange` (at least 2 for points between samples; at
  ///     most `maxColumns`).
  ///   - xRange: the plot-x span of those columns; by default the samples' own span.
  /// - Returns: points in plot units; empty if there is no finite sample.
  public func points(columns: Int, xRange: ValueRange? = nil) -> [StreamPoint] {
    let n = values.count
    guard n > 0 else { return [] }
    let lo = xRange?.lower ?? firstX
    let hi = xRange?.upper ?? (firstX + Double(n - 1))
    let gridCount =
      (columns >= 2 && lo.isFinite && hi.isFinite && hi > lo)
      ? Swift.min(columns, Self.maxColumns) : 0
    let step = gridCount > 0 ? (hi - lo) / Double(gridCount - 1) : 0
    var out: [StreamPoint] = []
    out.reserveCapacity(n + gridCount + 8)
    var c = 0  // next grid column to consider
    var i = 0
    while i < n {
      guard values[i].isFinite else {
        i += 1
        continue
      }
      var end = i  // last index of this run
      while end + 1 < n && values[end + 1].isFinite { end += 1 }
      if !out.isEmpty { out.append(.gap) }
      for k in i..<end {
        let x0 = firstX + Double(k)
        let x1 = x0 + 1
        out.append(StreamPoint(x: x0, y: values[k]))
        while c < gridCount && lo + Double(c) * step <= x0 { c += 1 }
        while c < gridCount {
          let x = lo + Double(c) * step
          if x >= x1 { break }
          out.append(StreamPoint(x: x, y: segment(k, x - x0)))
          c += 1
        }
      }
      out.append(StreamPoint(x: firstX + Double(end), y: values[end]))
      i = end + 1
    }
    return out
  }

  /// The value on segment [k, k+1] at fraction `t` in (0, 1); NaN if an end is a gap.
  private func segment(_ k: Int, _ t: Double) -> Double {
    let y0 = values[k]
    let y1 = values[k + 1]
    guard y0.isFinite && y1.isFinite else { return .nan }
    let lo = Swift.min(y0, y1)
    let hi = Swift.max(y0, y1)
    // Cubic Hermite basis on the unit interval (sample spacing 1).
    let t2 = t * t
    let t3 = t2 * t
    let h00 = 2 * t3 - 3 * t2 + 1
    let h10 = t3 - 2 * t2 + t
    let h01 = -2 * t3 + 3 * t2
    let h11 = t3 - t2
    var y = h00 * y0 + h10 * tangents[k] + h01 * y1 + h11 * tangents[k + 1]
    if !y.isFinite { y = y0 * (1 - t) + y1 * t }  // overflow near the largest doubles
    // Exact for .clampedCatmullRom; for .monotoneCubic it only removes rounding (the cubic
    // is monotone on the segment already).
    return Swift.min(Swift.max(y, lo), hi)
  }

  /// The tangent at each sample (see `SmoothingMethod`); gaps get 0.
  private static func tangents(_ y: [Double], method: SmoothingMethod) -> [Double] {
    let n = y.count
    var m = [Double](repeating: 0, count: n)
    var i = 0
    while i < n {
      guard y[i].isFinite else {
        i += 1
        continue
      }
      var end = i
      while end + 1 < n && y[end + 1].isFinite { end += 1 }
      if end > i {
        // Catmull-Rom: central differences inside, one-sided at the run's ends.
        m[i] = y[i + 1] - y[i]
        m[end] = y[end] - y[end - 1]
        if end - i >= 2 {
          for k in (i + 1)..<end { m[k] = (y[k + 1] - y[k - 1]) / 2 }
        }
        if method == .monotoneCubic { limit(&m, y, from: i, to: end) }
        for k in i...end where !m[k].isFinite { m[k] = 0 }
      }
      i = end + 1
    }
    return m
  }

  /// Fritsch-Carlson's limiter on samples `from...to` of `y` (all finite).
  private static func limit(_ m: inout [Double], _ y: [Double], from a: Int, to b: Int) {
    // Zero tangents at local extrema (secants of different signs) and flat segments.
    if b - a >= 2 {
      for k in (a + 1)..<b {
        let left = y[k] - y[k - 1]
        let right = y[k + 1] - y[k]
        if !((left > 0 && right > 0) || (left < 0 && right < 0)) { m[k] = 0 }
      }
    }
    // Keep (alpha, beta) = (m[k], m[k+1]) / delta within the circle of radius 3.
    for k in a..<b {
      let delta = y[k + 1] - y[k]
      if delta == 0 || !delta.isFinite {
        m[k] = 0
        m[k + 1] = 0
        continue
      }
      let alpha = m[k] / delta
      let beta = m[k + 1] / delta
      if alpha < 0 { m[k] = 0 }
      if beta < 0 { m[k + 1] = 0 }
      let a2 = Swift.max(alpha, 0)
      let b2 = Swift.max(beta, 0)
      let s = a2 * a2 + b2 * b2
      if s > 9 {
        let tau = 3 / s.squareRoot()
        m[k] = tau * a2 * delta
        m[k + 1] = tau * b2 * delta
      }
    }
  }
}

/// A closed range of plot values that, unlike `ClosedRange`, never traps on bad bounds.
public struct ValueRange: Sendable, Equatable {
  /// The low end, plot units.
  public var lower: Double
  /// The high end, plot units.
  public var upper: Double

  /// The range [`lower`, `upper`] (no checks: callers keep `lower <= upper`).
  public init(lower: Double, upper: Double) {
    self.lower = lower
    self.upper = upper
  }

  /// `upper - lower`.
  public var span: Double { upper - lower }

  /// Whether `value` lies in [lower, upper].
  public func contains(_ value: Double) -> Bool { value >= lower && value <= upper }
}
