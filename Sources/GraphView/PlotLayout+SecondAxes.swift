// The second axes of a plot (gnuplot's x2 along the top, y2 along the right): their margins
// and their ticks, tick labels and axis labels, drawn by `PlotLayout.draw` after the first
// axes' ticks. A plot without them is laid out and drawn exactly as before.

extension PlotLayout {
  /// The second axis's tick labels that are drawn (non-empty, major ticks).
  static func secondLabels(_ axis: SecondAxisDrawing?) -> [String] {
    (axis?.ticks ?? []).filter { !$0.isMinor && !$0.label.isEmpty }.map(\.label)
  }

  /// The pixel places of a second axis's major ticks inside the plot area (x2 along x when
  /// `x`, else y2 along y): where the grid of `set grid x2tics|y2tics` is drawn.
  static func secondTickPixels(
    _ axis: SecondAxisDrawing?, _ place: (Double) -> Double, _ plotArea: PixelRect, x: Bool
  ) -> [Double] {
    let lo = x ? plotArea.minX : plotArea.minY
    let hi = x ? plotArea.maxX : plotArea.maxY
    return (axis?.ticks ?? []).compactMap { t -> Double? in
      let p = place(t.value)
      guard !t.isMinor, p >= lo - 0.5 && p <= hi + 0.5 else { return nil }
      return min(max(p, lo), hi - 1e-6)
    }
  }

  /// The width the y2 tick labels take right of the frame (0 without them): the gap and the
  /// widest label.
  static func secondYMargin(
    _ options: Options, _ renderer: some PlotRenderer, _ m: Metrics
  ) -> Double {
    let labels = secondLabels(options.secondY)
    guard !labels.isEmpty else { return 0 }
    return m.labelGapX + (labels.map { renderer.textSize($0).width }.max() ?? 0)
  }

  /// The height the x2 tick labels and the x2 label take above the frame (0 without them).
  static func secondXMargin(
    _ options: Options, _ renderer: some PlotRenderer, _ m: Metrics
  ) -> Double {
    guard let axis = options.secondX else { return 0 }
    var h = 0.0
    let lines = secondLabels(axis).map { $0.split(separator: "\n").count }.max() ?? 0
    if lines > 0 { h += Double(lines) * m.char.height + m.labelGapY }
    if !axis.label.isEmpty { h += m.lineHeight(options.textScales.xLabel, renderer) + m.labelGapY }
    return h
  }

  /// Draws the second axes' ticks (inward from the top and right sides of `frame`, mirrored
  /// unlabelled on the bottom and left when asked), their labels (x2 above the frame, y2
  /// right of it; a label that would overlap the one before is left out, as on the first
  /// axes) and the x2 axis's label above its tick labels.
  static func drawSecondAxes(
    _ options: Options, map: PixelMap, plotArea: PixelRect, frame: PixelRect, metrics m: Metrics,
    into renderer: inout some PlotRenderer
  ) {
    let tl = max(0, renderer.tickLength)
    if let axis = options.secondY {
      let ticks = axis.ticks.compactMap { t -> (Double, String)? in
        let py = map.y(t.value)
        guard !t.isMinor, py >= plotArea.minY - 0.5 && py <= plotArea.maxY + 0.5 else {
          return nil
        }
        return (min(max(py, plotArea.minY), plotArea.maxY - 1e-6), t.label)
      }
      for (py, _) in ticks {
        renderer.drawLine(
          from: PixelPoint(x: frame.maxX, y: py), to: PixelPoint(x: frame.maxX - tl, y: py),
          style: .tick)
        guard axis.mirror else { continue }
        renderer.drawLine(
          from: PixelPoint(x: frame.minX, y: py), to: PixelPoint(x: frame.minX + tl, y: py),
          style: .tick)
      }
      var lastTop = Double.infinity
      for (py, label) in ticks.sorted(by: { $0.0 > $1.0 }) where !label.isEmpty {
        let h = renderer.textSize(label).height
        guard py + h / 2 <= lastTop else { continue }
        lastTop = py - h / 2
        renderer.drawText(
          label, at: PixelPoint(x: frame.maxX + m.outset.x + m.labelGapX, y: py),
          anchor: .middleLeft, style: .label)
      }
    }
    if let axis = options.secondX {
      let ticks = axis.ticks.compactMap { t -> (Double, String)? in
        let px = map.x(t.value)
        guard !t.isMinor, px >= plotArea.minX - 0.5 && px <= plotArea.maxX + 0.5 else {
          return nil
        }
        return (min(max(px, plotArea.minX), plotArea.maxX - 1e-6), t.label)
      }
      for (px, _) in ticks {
        renderer.drawLine(
          from: PixelPoint(x: px, y: frame.minY), to: PixelPoint(x: px, y: frame.minY + tl),
          style: .tick)
        guard axis.mirror else { continue }
        renderer.drawLine(
          from: PixelPoint(x: px, y: frame.maxY), to: PixelPoint(x: px, y: frame.maxY - tl),
          style: .tick)
      }
      let outW = Double(renderer.size.width)
      let lines = secondLabels(axis).map { $0.split(separator: "\n").count }.max() ?? 0
      let labelsBottom = frame.minY - m.outset.y - m.labelGapY
      var lastRight = -Double.infinity
      for (px, label) in ticks where !label.isEmpty {
        let w = renderer.textSize(label).width
        var left = px - w / 2
        left = min(left, outW - w)
        left = max(left, 0)
        guard left >= lastRight + m.char.width else { continue }
        lastRight = left + w
        renderer.drawText(
          label, at: PixelPoint(x: left + w / 2, y: labelsBottom),
          anchor: .bottomCenter, style: .label)
      }
      if !axis.label.isEmpty {
        let y = labelsBottom - (lines > 0 ? Double(lines) * m.char.height + m.labelGapY : 0)
        renderer.drawText(
          axis.label, at: PixelPoint(x: plotArea.minX + plotArea.width / 2, y: y),
          anchor: .bottomCenter, style: .label, scale: options.textScales.xLabel)
      }
    }
  }
}
