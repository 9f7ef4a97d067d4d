import Glibc

// gnuplot's `smooth` options that summarise a distribution (`help smooth`): `unique`,
// `frequency`, `fnormal`, `cumulative`, `cnormal` and `kdensity`, as gnuplot 5.4 computes
// them (src/interpol.c: `sort_points`, `cp_implode`, `do_freq`, `do_cumulative`,
// `do_kdensity`), checked against its `set table` by scripts/make-smooth-fixture.

/// One of gnuplot's `smooth` options that graphcalc computes.
enum DataSmoothing: Sendable, Hashable {
  /// Sorted on x; the points of one x become one, their y averaged.
  case unique
  /// Sorted on x; the points of one x become one, their y summed (a histogram of the x
  /// values when y is 1 and x a bin: `using (bin($1,w)):(1.0)`).
  case frequency
  /// `frequency` divided by the sum of every y, so the values sum to 1.
  case fnormal
  /// `unique`'s x, each y the sum of the y of every point with an x up to it.
  case cumulative
  /// `cumulative` divided by the sum of every y, so it ends at 1.
  case cnormal
  /// A Gaussian kernel density estimate: at `samples` x evenly from the smallest to the
  /// largest x, the sum over the points of y · φ((x − xᵢ)/h)/h, φ the standard normal
  /// density; h the bandwidth given, or gnuplot's default σ·(4/(3N))^(1/5) (σ the x
  /// values' population standard deviation, N their number: Silverman's rule for normal data).
  /// With a `period` P (gnuplot's `smooth kdensity period P`, for angles or days of a year)
  /// each point counts at its nearest copy xᵢ + kP: x − xᵢ is taken modulo P into
  /// [−P/2, P/2], as gnuplot 5.4 computes it (checked against its table).
  case kdensity(bandwidth: Double?, period: Double? = nil)
  /// The natural cubic spline through the points (DataSmoothing+Splines.swift).
  case csplines
  /// The weighted smoothing spline near the points (weights: a third `using` column).
  case acsplines
  /// The monotone cubic of Fritsch and Carlson through the points.
  case mcsplines
  /// The Bézier curve with the points, in order, as control points.
  case bezier
  /// The Bézier curve of the sorted points, one an x.
  case sbezier

  /// gnuplot's names of the options (`smooth freq` extends `frequency`): the full name and
  /// the shortest prefix gnuplot 5.4 takes (tried one by one against gnuplot), and nil for
  /// the options gnuplot has that graphcalc does not compute.
  static let names: [(name: String, shortest: String, option: DataSmoothing?)] = [
    ("unique", "u", .unique), ("frequency", "f", .frequency), ("fnormal", "fnorm", .fnormal),
    ("cumulative", "cum", .cumulative), ("cnormal", "cn", .cnormal),
    ("kdensity", "k", .kdensity(bandwidth: nil, period: nil)), ("csplines", "c", .csplines),
    ("acsplines", "a", .acsplines), ("mcsplines", "mcs", .mcsplines), ("bezier", "b", .bezier),
    ("sbezier", "s", .sbezier), ("unwrap", "unwrap", nil), ("zsort", "z", nil),
    ("bins", "bins", nil), ("path", "path", nil),
  ]

  /// The entry that `text` names: the first whose full name extends `text` by at least its
  /// shortest prefix.
  static func entry(named text: String) -> (name: String, option: DataSmoothing?)? {
    names.first { text.hasPrefix($0.shortest) && $0.name.hasPrefix(text) }.map {
      ($0.name, $0.option)
    }
  }

  /// The smoothed points of `x`, `y` (records whose x or y is not finite are left out, as
  /// gnuplot leaves out undefined points).
  ///
  /// - Parameters:
  ///   - x: The records' x.
  ///   - y: Their y, as many.
  ///   - samples: How many points `kdensity` computes (gnuplot's `set samples`, 100).
  /// - Returns: The points, sorted on x. The spline options are `splined`'s: this returns
  ///   nothing for them.
  func apply(x: [Double], y: [Double], samples: Int = 100) -> (x: [Double], y: [Double]) {
    var points: [(x: Double, y: Double)] = []
    for i in 0..<min(x.count, y.count) where x[i].isFinite && y[i].isFinite {
      points.append((x[i], y[i]))
    }
    guard !points.isEmpty else { return ([], []) }
    if case .kdensity(let given, let period) = self {
      return Self.kernelDensity(
        points, bandwidth: given, period: period, samples: max(2, samples))
    }
    // A stable sort on x, then one point an x (sum and count of its y).
    points.sort { $0.x < $1.x }
    var xs: [Double] = []
    var sums: [Double] = []
    var counts: [Double] = []
    for p in points {
      if let last = xs.last, last == p.x {
        sums[sums.count - 1] += p.y
        counts[counts.count - 1] += 1
      } else {
        xs.append(p.x)
        sums.append(p.y)
        counts.append(1)
      }
    }
    let total = sums.reduce(0, +)
    switch self {
    case .unique: return (xs, zip(sums, counts).map { $0 / $1 })
    case .frequency: return (xs, sums)
    case .fnormal: return (xs, sums.map { $0 / total })
    case .cumulative, .cnormal:
      var running = 0.0
      var ys: [Double] = []
      for s in sums {
        running += s
        ys.append(running)
      }
      return self == .cnormal ? (xs, ys.map { $0 / running }) : (xs, ys)
    case .kdensity, .csplines, .acsplines, .mcsplines, .bezier, .sbezier: return ([], [])
    }
  }

  /// gnuplot's `do_kdensity`: `samples` x from the smallest x to the largest, each the sum
  /// of the points' weighted Gaussians (with a `period`, each at its nearest copy).
  static func kernelDensity(
    _ points: [(x: Double, y: Double)], bandwidth given: Double?, period: Double? = nil,
    samples: Int
  ) -> (x: [Double], y: [Double]) {
    let n = Double(points.count)
    let mean = points.reduce(0) { $0 + $1.x } / n
    let variance = points.reduce(0) { $0 + ($1.x - mean) * ($1.x - mean) } / n
    let h = given.flatMap { $0 > 0 ? $0 : nil } ?? sqrt(variance) * pow(4 / (3 * n), 0.2)
    let lo = points.map(\.x).min() ?? 0
    let hi = points.map(\.x).max() ?? 0
    let step = (hi - lo) / Double(samples - 1)
    var xs: [Double] = []
    var ys: [Double] = []
    for k in 0..<samples {
      let x = lo + Double(k) * step
      var y = 0.0
      if h > 0 {
        for p in points {
          var d = x - p.x
          if let period, period > 0 {
            d = fmod(abs(d), period)
            if d > period / 2 { d = period - d }
          }
          let z = d / h
          y += p.y * exp(-0.5 * z * z) / h
        }
      }
      xs.append(x)
      ys.append(y / (2 * Double.pi).squareRoot())
    }
    return (xs, ys)
  }
}
