import GraphView

// What the plotting styles add to the automatic ranges: error bars, box sides and the zero
// line that impulses and boxes stand on.

extension FunctionCurves {
  /// The extent the styles of the curves with records add to the automatic ranges (the
  /// records' own x and y are counted elsewhere): each record's error bars (`xlow`..`xhigh`,
  /// `ylow`..`yhigh`) and box sides (the width column's, or for boxes without one the
  /// first and last boxes' outer halves, reaching halfway to their neighbours as they are
  /// drawn, that part of them under `set boxwidth W relative`, each box's x ± W/2 under an
  /// absolute `set boxwidth W`), and y = 0 for `impulses` and `boxes`, which stand on it (graphcalc's default;
  /// gnuplot leaves the zero line out for boxes, so its boxes start wherever the data's y
  /// range does). Only records with x in `xWithin` count for y.
  ///
  /// - Parameters:
  ///   - xWithin: The x range shown (values), or nil for every record.
  ///   - x: Maps an x value to the axis's coordinate (NaN: it cannot be shown, left out).
  ///   - y: The same for y.
  ///   - zero: Whether y = 0 counts for `impulses` and `boxes` (not on a log y axis, where
  ///     they start at the axis's bottom).
  /// - Returns: The x and y bounds, each nil when the styles add none.
  func styleBounds(
    xWithin: ClosedRange<Double>?, x: (Double) -> Double = { $0 }, y: (Double) -> Double = { $0 },
    zero: Bool = true
  ) -> (x: (Double, Double)?, y: (Double, Double)?) {
    var bx: (Double, Double)? = nil
    var by: (Double, Double)? = nil
    func unite(_ b: inout (Double, Double)?, _ v: Double) {
      guard v.isFinite else { return }
      b = b.map { (min($0.0, v), max($0.1, v)) } ?? (v, v)
    }
    for curve in 0..<curveCount {
      guard let n = numberOfRecords(forCurve: curve) else { continue }
      let marks = marks(ofCurve: curve)
      let extents = extents(ofCurve: curve)
      guard extents != nil || marks == .boxes || marks == .impulses else { continue }
      // A function's samples span the x range shown: its boxes add nothing to x (which
      // would widen the view at each redraw).
      let sampled = sampledFunction(curve) != nil
      var first: (Double, Double)? = nil  // the first two finite x, for the box halves
      var last: (Double, Double)? = nil  // the last two
      var anyInView = false
      let look = look(ofCurve: curve)
      var halves = 1.0  // the part of the halfway widths a box takes (`set boxwidth W relative`)
      for i in 0..<n {
        let vx = value(of: .x, record: i, curve: curve)
        let vy = value(of: .y, record: i, curve: curve)
        guard vx.isFinite, vy.isFinite else { continue }
        if marks == .boxes && extents == nil, case .absolute(let w)? = look.boxWidth {
          unite(&bx, x(vx - w / 2))  // `set boxwidth W`: each box's own sides
          unite(&bx, x(vx + w / 2))
        } else if marks == .boxes && extents == nil {
          let f: Double
          if case .relative(let r)? = look.boxWidth { f = r } else { f = 1 }
          halves = f
          if first == nil {
            first = (vx, .nan)
          } else if first!.1.isNaN {
            first!.1 = vx
          }
          last = (last?.1 ?? .nan, vx)
        }
        if let e = extents {
          unite(&bx, x(e.xLow?[safe: i] ?? .nan))
          unite(&bx, x(e.xHigh?[safe: i] ?? .nan))
        }
        guard xWithin?.contains(vx) ?? true else { continue }
        anyInView = true
        if let e = extents {
          unite(&by, y(e.yLow?[safe: i] ?? .nan))
          unite(&by, y(e.yHigh?[safe: i] ?? .nan))
        }
      }
      if !sampled, let (a, b) = first, b.isFinite { unite(&bx, x(a - (b - a) / 2 * halves)) }
      if !sampled, let (a, b) = last, a.isFinite { unite(&bx, x(b + (b - a) / 2 * halves)) }
      if zero && anyInView && (marks == .boxes || marks == .impulses) { unite(&by, 0) }
    }
    return (bx, by)
  }
}

extension Array where Element == Double {
  /// The element at `i`, or nil when `i` is out of range.
  fileprivate subscript(safe i: Int) -> Double? { indices.contains(i) ? self[i] : nil }
}
