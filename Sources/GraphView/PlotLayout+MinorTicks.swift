extension PlotLayout {
  /// The pixel positions of the minor ticks of `plot` (`Tick.isMinor`) inside the plot area,
  /// x and y. An axis's minor ticks are left out where two of its ticks would be closer
  /// than 2 pixels, or on a text canvas (`tickLength` 0: a tick takes the frame's cell)
  /// closer than a character, which would show nothing but `+`.
  static func minorTicks(
    _ plot: SampledPlot, map: PixelMap, plotArea: PixelRect, metrics m: Metrics,
    tickLength: Double
  ) -> (x: [Double], y: [Double]) {
    func positions(_ ticks: [Tick], _ place: (Double) -> Double, _ lo: Double, _ hi: Double)
      -> [Double]
    {
      ticks.filter(\.isMinor).map { place($0.value) }.filter { $0 >= lo - 0.5 && $0 <= hi + 0.5 }
        .map { min(max($0, lo), hi - 1e-6) }
    }
    func spaced(_ ticks: [Tick], _ place: (Double) -> Double, gap: Double) -> Bool {
      let all = ticks.map { place($0.value) }.sorted()
      // Indices, not `zip(all, all.dropFirst())`: that iterator's generic metadata is made
      // at run time in every plot (150 k instructions, 6% of a one-shot terminal plot).
      return all.indices.dropFirst().allSatisfy { all[$0] - all[$0 - 1] >= gap }
    }
    var x = positions(plot.xTicks, map.x, plotArea.minX, plotArea.maxX)
    var y = positions(plot.yTicks, map.y, plotArea.minY, plotArea.maxY)
    let cells = tickLength <= 0
    if !spaced(plot.xTicks, map.x, gap: cells ? max(2, m.char.width) : 2) { x = [] }
    if !spaced(plot.yTicks, map.y, gap: cells ? max(2, m.char.height) : 2) { y = [] }
    return (x, y)
  }

  /// Draws minor ticks at pixel positions `x` (on the frame's bottom, and its top when
  /// `mirrorX`) and `y` (on its left, and its right when `mirrorY`), `length` pixels inward
  /// (a text canvas marks the frame's cell). gnuplot's `nomirror` takes the minor ticks off
  /// the opposite side as well as the major ones (src/axis.c, `gen_tics`' mirror pass).
  static func drawMinorTicks(
    _ x: [Double], _ y: [Double], in renderer: inout some PlotRenderer, frame: PixelRect,
    length: Double, mirrorX: Bool = true, mirrorY: Bool = true
  ) {
    for px in x {
      renderer.drawLine(
        from: PixelPoint(x: px, y: frame.maxY), to: PixelPoint(x: px, y: frame.maxY - length),
        style: .tick)
      guard mirrorX else { continue }
      renderer.drawLine(
        from: PixelPoint(x: px, y: frame.minY), to: PixelPoint(x: px, y: frame.minY + length),
        style: .tick)
    }
    for py in y {
      renderer.drawLine(
        from: PixelPoint(x: frame.minX, y: py), to: PixelPoint(x: frame.minX + length, y: py),
        style: .tick)
      guard mirrorY else { continue }
      renderer.drawLine(
        from: PixelPoint(x: frame.maxX, y: py), to: PixelPoint(x: frame.maxX - length, y: py),
        style: .tick)
    }
  }
}
