import Glibc

// gnuplot's `smooth` options that draw a curve through (or near) the points (`help smooth`):
// `csplines`, `acsplines`, `mcsplines`, `bezier` and `sbezier`, as gnuplot 5.4 computes them
// (src/interpol.c: `cp_tridiag`, `cp_approx_spline`, `solve_five_diag`, `do_cubic`,
// `cp_binomial`, `eval_bezier`, `mcs_interp`), written here from those descriptions and
// checked against gnuplot's `set table` (Fixtures/gnuplot-scripts/80-... to 82-...).

/// Why a spline of gnuplot's `smooth` options cannot be made from a data set.
enum SplineProblem: Error, Sendable, Hashable {
  /// Fewer distinct x than the option needs (3 for `csplines`, 4 for `acsplines`, 2 for
  /// `mcsplines`).
  case tooFewPoints(option: String, need: Int)
  /// An `acsplines` weight (the third `using` column) that is not above 0.
  case weightNotPositive
  /// The spline's linear system has a zero pivot (gnuplot: "Can't calculate splines").
  case singular(option: String)

  /// The message, in gnuplot's words where it has them.
  var message: String {
    switch self {
    case .tooFewPoints(let option, let need):
      return "smooth \(option) needs at least \(need) points with distinct x"
    case .weightNotPositive:
      return "smooth acsplines needs every weight (the third column) above 0"
    case .singular(let option):
      return "smooth \(option): the spline's equations have no solution for these points"
    }
  }
}

extension DataSmoothing {
  /// Whether the option samples a curve (`samples` points a data set) rather than
  /// summarising the points.
  var samplesCurve: Bool {
    switch self {
    case .csplines, .acsplines, .mcsplines, .bezier, .sbezier, .kdensity: return true
    default: return false
    }
  }

  /// The spline or Bézier curve of records `x`, `y` (and the weights of `acsplines`),
  /// sampled as gnuplot samples it.
  ///
  /// A record whose x or y is not finite ends a data set (gnuplot's undefined point, as
  /// `1/0` or a blank line makes one); each set is smoothed on its own, and the sampled
  /// curves are joined with a gap record (x and y NaN) between them. `mcsplines` takes the
  /// whole data as one set, as gnuplot 5.4 does ("Monotonic cubic splines support only a
  /// single curve per data set").
  ///
  /// - `csplines`: the natural cubic spline through the points (second derivative 0 at both
  ///   ends), after sorting on x and averaging the y of equal x (gnuplot's `sort_points`,
  ///   `cp_implode`); `samples` x evenly from the smallest x to the largest.
  /// - `acsplines`: the smoothing spline of Reinsch (weights w: the larger, the closer the
  ///   curve stays to the point), gnuplot's five-diagonal system after Engeln-Müllges and
  ///   Reutter, "Formelsammlung zur Numerischen Mathematik", solved as `solve_five_diag`
  ///   solves it; sampled as `csplines`. Weights of one x are averaged.
  /// - `mcsplines`: Fritsch and Carlson's monotone cubic (SIAM J. Numer. Anal. 17 (2),
  ///   1980), sampled at the points' own x and at max(`samples`, 2N) x evenly across, sorted.
  /// - `bezier`: the Bézier curve with the records as control points, in their order
  ///   (Bernstein weights computed through logarithms, as gnuplot computes them so that a
  ///   thousand points do not overflow), at `samples` parameters evenly in [0, 1].
  /// - `sbezier`: `bezier` of the sorted, averaged points.
  ///
  /// - Parameters:
  ///   - x: The records' x.
  ///   - y: Their y.
  ///   - weights: `acsplines`' weights, one a record; nil: all 1.
  ///   - samples: gnuplot's `set samples` (100 unless set), at least 2.
  /// - Returns: The sampled points (gap records between data sets).
  /// - Throws: `SplineProblem`: too few points, a weight not above 0, no solution.
  func splined(
    x: [Double], y: [Double], weights: [Double]? = nil, samples: Int
  ) throws(SplineProblem) -> (x: [Double], y: [Double]) {
    let n = min(x.count, y.count)
    var sets: [[(x: Double, y: Double, w: Double)]] = [[]]
    for i in 0..<n {
      guard x[i].isFinite, y[i].isFinite else {
        if self != .mcsplines, !(sets.last?.isEmpty ?? true) { sets.append([]) }
        continue
      }
      sets[sets.count - 1].append((x[i], y[i], weights.flatMap { i < $0.count ? $0[i] : nil } ?? 1))
    }
    if sets.last?.isEmpty ?? false { sets.removeLast() }
    let count = max(2, samples)
    var outX: [Double] = []
    var outY: [Double] = []
    for (k, set) in sets.enumerated() {
      if k > 0 {
        outX.append(.nan)
        outY.append(.nan)
      }
      let curve: (x: [Double], y: [Double])
      switch self {
      case .bezier: curve = Self.bezier(set.map(\.x), set.map(\.y), samples: count)
      case .sbezier:
        let p = Self.implode(set)
        curve = Self.bezier(p.map(\.x), p.map(\.y), samples: count)
      case .mcsplines:
        let p = Self.implode(set)
        guard p.count >= 2 else { throw .tooFewPoints(option: "mcsplines", need: 2) }
        curve = Self.monotone(p.map(\.x), p.map(\.y), samples: count)
      case .csplines, .acsplines:
        let p = Self.implode(set)
        let coefficients =
          self == .csplines
          ? try Self.naturalSpline(p.map(\.x), p.map(\.y))
          : try Self.approximationSpline(p.map(\.x), p.map(\.y), p.map(\.w))
        curve = Self.cubic(p.map(\.x), coefficients, samples: count)
      default: curve = ([], [])
      }
      outX += curve.x
      outY += curve.y
    }
    return (outX, outY)
  }

  /// gnuplot's `sort_points` then `cp_implode`: sorted on x (stable), the points of one x
  /// made one, their y and weights averaged.
  static func implode(
    _ points: [(x: Double, y: Double, w: Double)]
  ) -> [(x: Double, y: Double, w: Double)] {
    let sorted = points.enumerated().sorted {
      $0.element.x != $1.element.x ? $0.element.x < $1.element.x : $0.offset < $1.offset
    }.map(\.element)
    var out: [(x: Double, y: Double, w: Double)] = []
    var k = 0.0
    for p in sorted {
      if let last = out.last, last.x == p.x {
        out[out.count - 1].y += p.y
        out[out.count - 1].w += p.w
        k += 1
      } else {
        if k > 1 {
          out[out.count - 1].y /= k
          out[out.count - 1].w /= k
        }
        out.append(p)
        k = 1
      }
    }
    if k > 1 {
      out[out.count - 1].y /= k
      out[out.count - 1].w /= k
    }
    return out
  }

  /// The cubic pieces of a spline: for each knot i, (a, b, c, d) of
  /// a + b·t + c·t² + d·t³, t = x − xᵢ.
  typealias CubicPieces = [(a: Double, b: Double, c: Double, d: Double)]

  /// The natural cubic spline through the points (gnuplot's `cp_tridiag`): c₀ = cₙ₋₁ = 0,
  /// hᵢ₋₁cᵢ₋₁ + 2(hᵢ₋₁ + hᵢ)cᵢ + hᵢcᵢ₊₁ = 3((yᵢ₊₁ − yᵢ)/hᵢ − (yᵢ − yᵢ₋₁)/hᵢ₋₁), solved by
  /// elimination without pivoting (the matrix is diagonally dominant), as gnuplot's
  /// `solve_tri_diag`. The same spline as GSL's `gsl_interp_cspline` (natural ends).
  static func naturalSpline(_ x: [Double], _ y: [Double]) throws(SplineProblem) -> CubicPieces {
    let n = x.count
    guard n >= 3 else { throw .tooFewPoints(option: "csplines", need: 3) }
    let h = (0..<(n - 1)).map { x[$0 + 1] - x[$0] }
    let m = n - 2
    var lower = [Double](repeating: 0, count: m)
    var diagonal = [Double](repeating: 0, count: m)
    var upper = [Double](repeating: 0, count: m)
    var r = [Double](repeating: 0, count: m)
    for i in 0..<m {
      r[i] = 3 * ((y[i + 2] - y[i + 1]) / h[i + 1] - (y[i + 1] - y[i]) / h[i])
      lower[i] = i < 1 ? 0 : h[i]
      diagonal[i] = 2 * (h[i] + h[i + 1])
      upper[i] = i > n - 4 ? 0 : h[i + 1]
    }
    for i in 1..<max(1, m) {
      guard diagonal[i - 1] != 0 else { throw .singular(option: "csplines") }
      let t = lower[i] / diagonal[i - 1]
      diagonal[i] -= upper[i - 1] * t
      r[i] -= r[i - 1] * t
    }
    var solution = [Double](repeating: 0, count: m)
    guard diagonal[m - 1] != 0 else { throw .singular(option: "csplines") }
    solution[m - 1] = r[m - 1] / diagonal[m - 1]
    for i in stride(from: m - 2, through: 0, by: -1) {
      guard diagonal[i] != 0 else { throw .singular(option: "csplines") }
      solution[i] = (r[i] - solution[i + 1] * upper[i]) / diagonal[i]
    }
    var c = [Double](repeating: 0, count: n)
    for i in 1...m { c[i] = solution[i - 1] }
    return pieces(a: y, c: c, h: h)
  }

  /// The pieces from the knots' values a and curvature terms c (gnuplot's last loop of
  /// `cp_tridiag` and `cp_approx_spline`): bᵢ = (aᵢ₊₁ − aᵢ)/hᵢ − hᵢ(cᵢ₊₁ + 2cᵢ)/3,
  /// dᵢ = (cᵢ₊₁ − cᵢ)/(3hᵢ); the last knot's piece is 0 beyond a and c (never evaluated).
  static func pieces(a: [Double], c: [Double], h: [Double]) -> CubicPieces {
    let n = a.count
    var out: CubicPieces = []
    for i in 0..<(n - 1) {
      out.append(
        (
          a[i], (a[i + 1] - a[i]) / h[i] - h[i] / 3 * (c[i + 1] + 2 * c[i]), c[i],
          (c[i + 1] - c[i]) / 3 / h[i]
        ))
    }
    out.append((a[n - 1], 0, c[n - 1], 0))
    return out
  }

  /// The approximation spline (gnuplot's `cp_approx_spline`): a smoothing spline whose
  /// second-derivative terms solve a five-diagonal system, weights zᵢ pulling the curve to
  /// the points (a weight of infinity: through the point, as `csplines`).
  static func approximationSpline(
    _ x: [Double], _ y: [Double], _ z: [Double]
  ) throws(SplineProblem) -> CubicPieces {
    let n = x.count
    guard n >= 4 else { throw .tooFewPoints(option: "acsplines", need: 4) }
    guard z.allSatisfy({ $0 > 0 }) else { throw .weightNotPositive }
    let h = (0..<(n - 1)).map { x[$0 + 1] - x[$0] }
    let size = n - 2
    var matrix = [[Double]](repeating: [0, 0, 0, 0, 0], count: size)
    var r = [Double](repeating: 0, count: size)
    for i in 0..<size {
      r[i] = 3 * ((y[i + 2] - y[i + 1]) / h[i + 1] - (y[i + 1] - y[i]) / h[i])
      if i >= 2 { matrix[i][0] = 6 / z[i] / h[i - 1] / h[i] }
      if i >= 1 {
        matrix[i][1] =
          h[i] - 6 / z[i] / h[i] * (1 / h[i - 1] + 1 / h[i])
          - 6 / z[i + 1] / h[i] * (1 / h[i] + 1 / h[i + 1])
      }
      let s = 1 / h[i] + 1 / h[i + 1]
      matrix[i][2] =
        2 * (h[i] + h[i + 1]) + 6 / z[i] / h[i] / h[i] + 6 / z[i + 1] * s * s
        + 6 / z[i + 2] / h[i + 1] / h[i + 1]
      if i <= n - 4 {
        matrix[i][3] =
          h[i + 1] - 6 / z[i + 1] / h[i + 1] * (1 / h[i] + 1 / h[i + 1])
          - 6 / z[i + 2] / h[i + 1] * (1 / h[i + 1] + 1 / h[i + 2])
      }
      if i <= n - 5 { matrix[i][4] = 6 / z[i + 2] / h[i + 1] / h[i + 2] }
    }
    guard let solution = fiveDiagonal(matrix, r) else { throw .singular(option: "acsplines") }
    var c = [Double](repeating: 0, count: n)
    for i in 1...size { c[i] = solution[i - 1] }
    var a = [Double](repeating: 0, count: n)
    a[0] = y[0] + 2 / z[0] / h[0] * (c[0] - c[1])
    for i in 1..<(n - 1) {
      a[i] =
        y[i] - 2 / z[i] * (c[i - 1] / h[i - 1] - c[i] * (1 / h[i - 1] + 1 / h[i]) + c[i + 1] / h[i])
    }
    a[n - 1] = y[n - 1] - 2 / z[n - 1] / h[n - 2] * (c[n - 2] - c[n - 1])
    return pieces(a: a, c: c, h: h)
  }

  /// Solves the five-diagonal system m·x = r (row i: m[i][0...4] at columns i−2 ... i+2) by
  /// the elimination of gnuplot's `solve_five_diag` (Engeln-Müllges and Reutter); nil at a
  /// zero pivot.
  static func fiveDiagonal(_ m: [[Double]], _ r: [Double]) -> [Double]? {
    let n = m.count
    guard n >= 2 else { return n == 1 && m[0][2] != 0 ? [r[0] / m[0][2]] : nil }
    var hv = [[Double]](repeating: [0, 0, 0, 0, 0], count: n + 1)
    hv[0][0] = m[0][2]
    guard hv[0][0] != 0 else { return nil }
    hv[0][1] = m[0][3] / hv[0][0]
    hv[0][2] = m[0][4] / hv[0][0]
    hv[1][3] = m[1][1]
    hv[1][0] = m[1][2] - hv[1][3] * hv[0][1]
    guard hv[1][0] != 0 else { return nil }
    hv[1][1] = (m[1][3] - hv[1][3] * hv[0][2]) / hv[1][0]
    hv[1][2] = m[1][4] / hv[1][0]
    for i in stride(from: 2, to: n, by: 1) {
      hv[i][3] = m[i][1] - m[i][0] * hv[i - 2][1]
      hv[i][0] = m[i][2] - m[i][0] * hv[i - 2][2] - hv[i][3] * hv[i - 1][1]
      guard hv[i][0] != 0 else { return nil }
      hv[i][1] = (m[i][3] - hv[i][3] * hv[i - 1][2]) / hv[i][0]
      hv[i][2] = m[i][4] / hv[i][0]
    }
    hv[0][4] = 0
    hv[1][4] = r[0] / hv[0][0]
    for i in 1..<n {
      hv[i + 1][4] = (r[i] - m[i][0] * hv[i - 1][4] - hv[i][3] * hv[i][4]) / hv[i][0]
    }
    var x = [Double](repeating: 0, count: n)
    x[n - 1] = hv[n][4]
    x[n - 2] = hv[n - 1][4] - hv[n - 2][1] * x[n - 1]
    for i in stride(from: n - 3, through: 0, by: -1) {
      x[i] = hv[i + 1][4] - hv[i][1] * x[i + 1] - hv[i][2] * x[i + 2]
    }
    return x
  }

  /// The spline sampled at `samples` x evenly from the first knot to the last (gnuplot's
  /// `do_cubic`: x₀ + k·(xₙ₋₁ − x₀)/(samples − 1), each in the last piece whose knot it
  /// reaches, Horner's rule).
  static func cubic(
    _ knots: [Double], _ pieces: CubicPieces, samples: Int
  ) -> (x: [Double], y: [Double]) {
    let n = knots.count
    let start = knots[0]
    let step = (knots[n - 1] - start) / Double(samples - 1)
    var l = 0
    var xs: [Double] = []
    var ys: [Double] = []
    for k in 0..<samples {
      let x = start + Double(k) * step
      while l < n - 2 && x >= knots[l + 1] { l += 1 }
      let t = x - knots[l]
      let p = pieces[l]
      xs.append(x)
      ys.append(((p.d * t + p.c) * t + p.b) * t + p.a)
    }
    return (xs, ys)
  }

  /// The Bézier curve of control points `x`, `y` (gnuplot's `cp_binomial` and
  /// `eval_bezier`: ln C(n, i) summed as logarithms, each weight exp(ln C(n, i) + (n − i)
  /// ln(1 − s) + i ln s)), at `samples` parameters s = k/(samples − 1).
  static func bezier(_ x: [Double], _ y: [Double], samples: Int) -> (x: [Double], y: [Double]) {
    let count = x.count
    guard count > 0 else { return ([], []) }
    let n = count - 1
    var logC = [Double](repeating: 0, count: count)
    let half = n / 2
    for k in 0..<half { logC[k + 1] = logC[k] + log(Double(n - k) / Double(k + 1)) }
    for k in stride(from: n, through: half, by: -1) { logC[k] = logC[n - k] }
    var xs: [Double] = []
    var ys: [Double] = []
    for k in 0..<samples {
      let s = Double(k) / Double(samples - 1)
      if s == 0 {
        xs.append(x[0])
        ys.append(y[0])
      } else if s == 1 {
        xs.append(x[n])
        ys.append(y[n])
      } else {
        let logDsrToTheN = Double(n) * log(1 - s)
        let logRatio = log(s) - log(1 - s)
        var lx = 0.0
        var ly = 0.0
        for i in 0...n {
          let u = exp(logC[i] + logDsrToTheN + Double(i) * logRatio)
          lx += x[i] * u
          ly += y[i] * u
        }
        xs.append(lx)
        ys.append(ly)
      }
    }
    return (xs, ys)
  }

  /// Fritsch and Carlson's monotone cubic through sorted, distinct points (gnuplot's
  /// `mcs_interp`): the slopes at the knots 0 where the secants change sign, else the
  /// weighted harmonic mean 3(hᵢ₋₁ + hᵢ)/((2hᵢ + hᵢ₋₁)/δᵢ₋₁ + (hᵢ + 2hᵢ₋₁)/δᵢ), the first
  /// the first secant; sampled at the knots and at max(samples, 2N) x evenly across,
  /// sorted, a sample closer than 1/1000 of the step before it to the next moved back
  /// half that step (gnuplot's "displace any collisions").
  static func monotone(_ x: [Double], _ y: [Double], samples: Int) -> (x: [Double], y: [Double]) {
    let n = x.count
    let extra = max(samples, 2 * n)
    let step = (x[n - 1] - x[0]) / Double(extra - 1)
    var at = x + (0..<extra).map { x[0] + Double($0) * step }
    at.sort()
    if at.count > 2 {
      for i in 1..<(at.count - 1) {
        let delta = at[i] - at[i - 1]
        if at[i + 1] - at[i] < delta / 1000 { at[i] -= delta / 2 }
      }
    }
    var dx = [Double](repeating: 0, count: n + 1)
    var slope = [Double](repeating: 0, count: n + 1)
    for i in 0..<(n - 1) {
      dx[i] = x[i + 1] - x[i]
      slope[i] = (y[i + 1] - y[i]) / dx[i]
    }
    slope[n - 1] = slope[n - 2]
    var c1 = [Double](repeating: 0, count: n + 1)
    c1[0] = slope[0]
    for i in 0..<(n - 1) {
      if slope[i] * slope[i + 1] <= 0 {
        c1[i + 1] = 0
      } else {
        let sum = dx[i] + dx[i + 1]
        c1[i + 1] = (3 * sum) / ((sum + dx[i + 1]) / slope[i] + (sum + dx[i]) / slope[i + 1])
      }
    }
    c1[n] = slope[n - 1]
    var c2 = [Double](repeating: 0, count: n)
    var c3 = [Double](repeating: 0, count: n)
    for i in 0..<n {
      let temp = c1[i] + c1[i + 1] - 2 * slope[i]
      c2[i] = (slope[i] - c1[i] - temp) / dx[i]
      c3[i] = temp / (dx[i] * dx[i])
    }
    var ys: [Double] = []
    for v in at {
      if v == x[n - 1] {
        ys.append(y[n - 1])
        continue
      }
      var low = 0
      var high = n - 1
      var exact: Double? = nil
      while low <= high {
        let mid = (low + high) / 2
        if x[mid] < v {
          low = mid + 1
        } else if x[mid] > v {
          high = mid - 1
        } else {
          exact = y[mid]
          break
        }
      }
      if let exact {
        ys.append(exact)
      } else {
        let j = max(0, high)
        let d = v - x[j]
        ys.append(y[j] + c1[j] * d + c2[j] * d * d + c3[j] * d * d * d)
      }
    }
    return (at, ys)
  }
}
