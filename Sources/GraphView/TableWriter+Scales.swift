extension TableWriter {
  /// The `set table` text of a plot of `source` sampled on any axis scales (`ScaledPlot`),
  /// in values, never in axis coordinates.
  ///
  /// - Function curves: the sampled points, x back from its coordinate
  ///   (`AxisScale.value`; exact on a linear axis), y the function's own value at that x
  ///   (evaluated again, so no logarithm and power round trip shows in its digits) where y
  ///   is a log axis.
  /// - Data curves: every record, undecimated (DECISIONS.md: data curves in the table are
  ///   written undecimated), as read: `u` where an axis cannot show it (zero or negative on
  ///   a log axis: gnuplot writes `u` for a negative value and `o` for 0; here both are
  ///   `u`), `o` outside the view, `i` inside; a record with a missing or undefined value
  ///   (a `using` expression's `1/0`) is `NaN` and `u`, as gnuplot writes it; a gap
  ///   record (both values NaN: a blank line of the file) is a blank line. The error-bar
  ///   and box styles add their columns as gnuplot 5.4's table does (`extraColumns`):
  ///   `boxes` `x y xlow xhigh`, `yerrorbars` `x y ylow yhigh`, `xerrorbars`
  ///   `x y xlow xhigh`, `xyerrorbars` `x y xlow xhigh ylow yhigh`; every other style,
  ///   the `errorlines` ones too, `x y`.
  ///
  /// - Parameters:
  ///   - plot: The plot as sampled (`ScaledPlot.samplePlot`), in axis coordinates.
  ///   - source: The data source, in values.
  ///   - xRange: The x range shown (values).
  ///   - yRange: The y range shown (values).
  ///   - links: The plot's second axes (gnuplot's x2 and y2): a curve on one
  ///     (`look(ofCurve:).axes`) is written in that axis's values, `i` or `o` in its range.
  ///   - raw: With `links`, the same source with each curve in its own axes' values (no
  ///     link applied): records are written from it as read, and a function's y is its own
  ///     value at its own x.
  /// - Returns: The table, ending in a newline.
  public static func table<S: GraphViewRecordsDataSource>(
    _ plot: SampledPlot, source: S, xRange: ClosedRange<Double>, yRange: ClosedRange<Double>,
    links: AxisLinks = AxisLinks(), raw: S? = nil
  ) -> String {
    let scales = plot.scales
    let xr = scales.x.shownRange(xRange)
    let yr = scales.y.shownRange(yRange)
    var axes = CurveAxes.first
    func type(_ x: Double, _ y: Double) -> String {
      let sx = axes.x2 ? links.x?.secondScale ?? scales.x : scales.x
      let sy = axes.y2 ? links.y?.secondScale ?? scales.y : scales.y
      guard sx.canShow(x), sy.canShow(y) else { return "u" }
      let rx = axes.x2 ? links.x?.secondRange ?? xr : xr
      let ry = axes.y2 ? links.y?.secondRange ?? yr : yr
      return rx.contains(x) && ry.contains(y) ? "i" : "o"
    }
    let own = raw ?? source
    /// A function curve's x in its own axis's values, from the plot's coordinate.
    // The view's ends in x's coordinates: a point there is the end itself, not its
    // logarithm's power an ulp off (90000.00000000007 on a log axis, `o`), since a point on
    // the boundary of the view is inside it.
    let xEnds = (scales.x.coordinate(xr.lowerBound), scales.x.coordinate(xr.upperBound))
    func ownX(_ c: Double) -> Double {
      guard axes.x2, let link = links.x else {
        if c == xEnds.0 { return xr.lowerBound }
        if c == xEnds.1 { return xr.upperBound }
        return scales.x.value(c)
      }
      return link.secondValue(atFirstCoordinate: c)
    }
    var out = ""
    // Relations are pixel blocks after the curves, as in `table(_:)`; the curves keep their
    // indices into the source.
    let curves = plot.curves.indices.filter { plot.curves[$0].relation == nil }
    for (shown, index) in curves.enumerated() {
      let curve = plot.curves[index]
      if shown > 0 { out += "\n\n" }
      var body = ""
      var rows = 0
      var header = "x y"
      axes = links.isEmpty ? .first : source.look(ofCurve: index).axes
      let source = axes == .first ? source : own
      if let n = source.numberOfRecords(forCurve: index) {
        let marks = source.marks(ofCurve: index)
        let extents = source.extents(ofCurve: index)
        let look = source.look(ofCurve: index)
        // gnuplot's histograms write x and y alone, error bars their ylow and yhigh.
        let extra =
          look.histogram
          ? (marks == .boxErrorBars ? extraColumns(.yErrorBars) : []) : extraColumns(marks)
        header = (["x", "y"] + extra.map(\.name)).joined(separator: " ")
        // `with labels`: `x y "text"`, no type column (gnuplot 5.4's table).
        let texts = look.pointLabels?.texts
        if texts != nil { header = "x y label" }
        var record = 0
        func row(_ x: Double, _ y: Double) {
          defer { record += 1 }
          if x.isNaN && y.isNaN {  // a gap record: blank lines of the file
            body += "\n"
            rows += 1  // gnuplot counts it among the points
            return
          }
          rows += 1
          if let texts {
            let text = texts.indices.contains(record) ? texts[record] : ""
            body += "\(recordNumber(x)) \(recordNumber(y)) \"\(commentSafe(text))\"\n"
            return
          }
          body += "\(recordNumber(x)) \(recordNumber(y))"
          for column in extra {
            // A box without a width column: gnuplot writes x for both sides; filledcurves
            // without a second y column writes what it fills to (`filledTo`).
            let v =
              extents?[keyPath: column.values]?[safe: record]
              ?? (marks == .filledCurves ? filledTo(look, y: y) : x)
            body += " \(recordNumber(v))"
          }
          body += " \(type(x, y))\n"
        }
        let bulk = source.forEachRecordBlock(ofCurve: index) { xs, ys in
          for i in 0..<min(xs.count, ys.count) { row(xs[i], ys[i]) }
        }
        if !bulk {
          for i in 0..<max(0, n) {
            row(
              source.value(of: .x, record: i, curve: index),
              source.value(of: .y, record: i, curve: index))
          }
        }
      } else {
        let runs = functionRuns(curve.segments, holes: curve.holes)
        for (r, run) in runs.enumerated() {
          if r > 0 { body += "\n" }
          for row in run {
            rows += 1
            switch row {
            case .hole(let hx):
              body += "\(number(ownX(hx))) NaN u\n"
            case .point(let p):
              let x = ownX(p.x)
              let y =
                scales.y.isLog || axes != .first ? source.y(at: x, curve: index) : p.y
              body += "\(number(x)) \(number(y)) \(type(x, y))\n"
            }
          }
        }
      }
      out += "# Curve \(shown) of \(curves.count), \(rows) points\n"
      out += "# Curve title: \"\(commentSafe(curve.title))\"\n"
      out += "# \(header) type\n"
      out += body
    }
    let relations = plot.curves.compactMap { c in c.relation.map { (c.title, $0) } }
    for (k, (title, grid)) in relations.enumerated() {
      if !out.isEmpty { out += out.hasSuffix("\n\n") ? "\n" : "\n\n" }
      out += relationBlock(
        grid, title: title, index: k + 1, of: relations.count, viewport: plot.viewport)
    }
    return out
  }

  /// The columns a record of style `marks` has in gnuplot 5.4's table after x and y: their
  /// names and where `RecordExtents` keeps them (a box without its width column writes x
  /// for both sides, as gnuplot does).
  static func extraColumns(
    _ marks: CurveMarks
  ) -> [(name: String, values: KeyPath<RecordExtents, [Double]?>)] {
    switch marks {
    case .boxes, .xErrorBars: return [("xlow", \.xLow), ("xhigh", \.xHigh)]
    case .yErrorBars, .boxErrorBars: return [("ylow", \.yLow), ("yhigh", \.yHigh)]
    case .filledCurves: return [("y2", \.yHigh)]
    case .xyErrorBars, .boxXYError:
      return [("xlow", \.xLow), ("xhigh", \.xHigh), ("ylow", \.yLow), ("yhigh", \.yHigh)]
    default: return []
    }
  }

  /// gnuplot's y2 column of a `filledcurves` record without a second y: y itself when
  /// closed, the line's or point's value for `y=V`, `x=V`, `xy=X,Y`, else 0 (gnuplot's
  /// unset `at`).
  static func filledTo(_ look: CurveLook, y: Double) -> Double {
    switch look.fillTo ?? .closed {
    case .closed: return y
    case .horizontal(let v, _), .vertical(let v): return v
    case .point(let px, _): return px
    default: return 0
    }
  }

  /// A record's value in the table: `number(v)`, and `NaN` as gnuplot writes it.
  static func recordNumber(_ v: Double) -> String {
    v.isNaN ? "NaN" : number(v)
  }
}
