import DataFiles
import GraphView

// Plots on log axes: the automatic ranges in the axes' coordinates, the sampling of every
// output through `ScaledPlot`, and the notes on values a log axis cannot show.

extension Session {
  /// The automatic y range of `curves` over `xRange` on their axes' scales
  /// (`curves.labels.scales`, not both linear): the functions sampled evenly in x's
  /// coordinate and the records that both axes can show with x in `xRange`, their y
  /// coordinates widened to the y axis's ticks (`ScaledPlot.finish`: on a log axis to
  /// whole major steps, as gnuplot extends an autoscaled log axis). Nothing to show gives
  /// [1, 10] on a log y axis, `Autoscale.fallback` on a linear one.
  static func scaledAutoYRange(of curves: FunctionCurves, xRange: ClosedRange<Double>)
    -> ClosedRange<Double>
  {
    let scales = curves.labels.scales
    var bounds = ScaledPlot.functionYBounds(curves, scales: scales, xRange: xRange)
    if let records = ScaledPlot.recordBounds(curves, scales: scales, xWithin: xRange).bounds {
      let y = records.y
      bounds =
        bounds.map { (min($0.0, y.lowerBound), max($0.1, y.upperBound)) }
        ?? (y.lowerBound, y.upperBound)
    }
    let styled = curves.styleBounds(
      xWithin: xRange, x: { scales.x.coordinate($0) }, y: { scales.y.coordinate($0) },
      zero: !scales.y.isLog)
    if let b = styled.y { bounds = bounds.map { (min($0.0, b.0), max($0.1, b.1)) } ?? b }
    guard let (lo, hi) = bounds else { return scales.y.isLog ? 1...10 : Autoscale.fallback }
    return ScaledPlot.finish(lo, hi, scale: scales.y)
  }

  /// The x range that fits the data series of `curves` on their x axis's scale: the
  /// coordinates of the records both axes can show, widened to x's ticks; nil when no
  /// record can be shown.
  static func scaledDataXRange(of curves: FunctionCurves) -> ClosedRange<Double>? {
    let scales = curves.labels.scales
    guard let x = ScaledPlot.recordBounds(curves, scales: scales).bounds?.x else { return nil }
    var (lo, hi) = (x.lowerBound, x.upperBound)
    let styled = curves.styleBounds(
      xWithin: nil, x: { scales.x.coordinate($0) }, y: { scales.y.coordinate($0) })
    if let b = styled.x { (lo, hi) = (min(lo, b.0), max(hi, b.1)) }
    return ScaledPlot.finish(lo, hi, scale: scales.x)
  }
}

extension PlotOutput {
  /// Samples `curves` for a plot area of `size` pixels on their axes' scales
  /// (`ScaledPlot.samplePlot`; `RecordsSampler.samplePlot` when both are linear).
  static func sample(
    _ curves: FunctionCurves, size: PixelSize, xTickCount: Int? = nil, yTickCount: Int? = nil,
    budget: SamplingBudget
  ) -> SampledPlot {
    var plot = ScaledPlot.samplePlot(
      curves, scales: curves.labels.scales, xRange: curves.xRange, yRange: curves.yRange,
      size: size, xTickCount: xTickCount, yTickCount: yTickCount, budget: budget)
    let labels = curves.drawnLabels
    if !labels.xTics.isAutomatic || labels.decimalSign != nil || labels.xTimeFormat != nil {
      plot.xTicks = labels.ticks(
        plot.xTicks, x: true, range: plot.viewport.xRange, isTime: curves.xAxisIsTime)
    }
    if !labels.yTics.isAutomatic || labels.decimalSign != nil {
      plot.yTicks = labels.ticks(
        plot.yTicks, x: false, range: plot.viewport.yRange, isTime: curves.yAxisIsTime)
    }
    return plot
  }

  /// One note for each data series of `curves` with values a log axis cannot show (zero
  /// or negative: left out of the picture, `u` in the table), e.g. `note: 2 values of
  /// z.dat using 1:2 are <= 0 and not shown on the log y axis`, and for each function that
  /// `plot` (as sampled) shows nowhere on a log y axis (gnuplot stops there with "all
  /// points y value undefined"); none on linear axes.
  static func scaleNotes(_ curves: FunctionCurves, plot: SampledPlot) -> [String] {
    let scales = curves.labels.scales
    guard !scales.isLinear else { return [] }
    var notes: [String] = []
    if scales.y.isLog {
      for (i, curve) in plot.curves.enumerated()
      where curves.numberOfRecords(forCurve: i) == nil && curve.segments.allSatisfy(\.isEmpty) {
        notes.append(
          "note: \(noteTitle(curve.title)) has no value above 0 in the view: nothing to show on "
            + "the log y axis")
      }
    }
    let axis: String
    switch (scales.x.isLog, scales.y.isLog) {
    case (true, true): axis = "log axes"
    case (true, false): axis = "log x axis"
    default: axis = "log y axis"
    }
    return notes
      + curves.dataCurves.compactMap { curve in
        var count = 0
        DataColumn.forEachBlock(curve.x, curve.y) { xs, ys in
          for i in 0..<min(xs.count, ys.count) {
            let x = xs[i]
            let y = ys[i]
            guard x.isFinite, y.isFinite else { continue }
            if !scales.x.canShow(x) || !scales.y.canShow(y) { count += 1 }
          }
        }
        guard count > 0 else { return nil }
        let values = count == 1 ? "1 value" : "\(count) values"
        let verb = count == 1 ? "is" : "are"
        return
          "note: \(values) of \(noteTitle(curve.title)) \(verb) <= 0 and not shown on the \(axis)"
      }
  }
}

extension ViewState {
  /// The view in the axis coordinates of `scales` (`AxisScale.coordinate` of the ranges
  /// shown), where zooming and panning are the linear operations they are on the screen: a
  /// log axis zooms about its geometric centre and pans by factors.
  func coordinates(on scales: AxisScales) -> ViewState {
    if scales.isLinear { return self }
    var v = self
    v.xRange = scales.x.coordinates(scales.x.shownRange(xRange)) ?? xRange
    if case .fixed(let r) = yRange {
      v.yRange = .fixed(scales.y.coordinates(scales.y.shownRange(r)) ?? r)
    }
    return v
  }

  /// The view back in values from the axis coordinates of `scales`.
  ///
  /// - Throws: `CommandError` when a range's values cannot be drawn (beyond the doubles).
  func values(on scales: AxisScales) throws(CommandError) -> ViewState {
    if scales.isLinear { return self }
    var v = self
    let x = scales.x.values(xRange)
    v.xRange = try ViewState.checkedRange(x.lowerBound, x.upperBound, axis: "x")
    if case .fixed(let r) = yRange {
      let y = scales.y.values(r)
      v.yRange = .fixed(try ViewState.checkedRange(y.lowerBound, y.upperBound, axis: "y"))
    }
    return v
  }
}

extension Session {
  /// Changes the view through `body` in the axes' coordinates (`ViewState.coordinates`),
  /// given the automatic y range in coordinates too (nil when nothing is plotted); on
  /// linear axes `body` changes the view itself. The view is unchanged when `body` throws.
  mutating func changeView(
    _ body: (inout ViewState, ClosedRange<Double>?) throws(CommandError) -> Void
  ) throws(CommandError) {
    let scales = labels.scales
    let auto = autoY()
    if scales.isLinear {
      try body(&view, auto)
      return
    }
    var v = view.coordinates(on: scales)
    try body(&v, auto.flatMap { scales.y.coordinates(scales.y.shownRange($0)) })
    view = try v.values(on: scales)
  }
}
