import GraphView
import SVGRenderer
import TextAndNumbers
import TextCanvas

extension BarChartRenderer {
  /// A bar chart as a standalone SVG 1.1 document of `size` pixels.
  ///
  /// The look is the `SVGRenderer`'s: a white background, `sans-serif` text in `#333333`
  /// (12 pixels; the title bold, 14), light grid lines (`#e5e5e5`) at the value axis' nice
  /// ticks with their labels on the left, the grid line at the middle of the range dashed
  /// (after BasicBarChart), a grey zero line (`#999999`), bars in `SVGRenderer.palette`
  /// (one colour per series), a legend row of colour swatches and series names below the
  /// title when there are several series. Each bar's value is written above it (below a
  /// negative bar; `–` for a missing one), a value label that would overlap another is left
  /// out; group labels are centred below their slots, shortened with `…` to the slot's
  /// width, and when a slot is narrower than three characters only every n-th group is
  /// labelled. Every group is shown (no scrolling): bars get thinner as groups are added
  /// (see `BarLayout.svgSlots`).
  ///
  /// With `rounded`, a bar's far end (the top of a positive bar, the bottom of a negative
  /// one) has round corners of radius min(a quarter of the bar's width, its length, 10 px),
  /// each a cubic Bézier `C` in a `<path>` (control points at κ = 0.5523 of the radius, the
  /// usual circle approximation); otherwise bars are plain `<rect>`s.
  ///
  /// Text from the data is made plain (escape sequences and bidirectional overrides
  /// removed) and escaped for XML (`SVGRenderer.escape`); coordinates use
  /// `SVGRenderer.number`.
  /// A document smaller than 120 x 80 pixels holds only a message saying so.
  ///
  /// - Parameters:
  ///   - data: The chart.
  ///   - size: The document's size in pixels.
  ///   - rounded: Round bar ends (`set bar style rounded`) or flat ones.
  ///   - theme: The colours (default `Theme.default`).
  /// - Returns: The SVG document, ending in a newline.
  public static func svg(
    _ data: BarChartData, size: PixelSize, rounded: Bool, theme: Theme = .default
  ) -> String {
    let clamped = PixelSize(
      width: min(max(size.width, 1), 100_000), height: min(max(size.height, 1), 100_000))
    var renderer = SVGRenderer(
      size: clamped, fontSize: PlotLayout.fontSize(for: clamped), theme: theme)
    SVGBarChart(data: data, size: clamped, rounded: rounded).draw(into: &renderer)
    return renderer.document()
  }

  /// Lays out `data` for `renderer`'s size in pixels, as `svg` does, and draws it through
  /// `renderer`: bars with `fillBar` (style `.bar(series)`, far corners of radius
  /// min(a quarter of the bar's width, its length, 10 px) with `rounded`), grid lines,
  /// midline and zero line with `drawHorizontalLine` (`.grid`, `.midline`, `.axis`),
  /// legend swatches with `fillRect` (`.bar(series)`), text on its baseline (`.title`,
  /// `.legend`, `.label`, `.barValue`). Text is measured at the renderer's font size (its
  /// `textSize` line height over 1.2) at 0.6 em a character, the SVG's estimate.
  ///
  /// - Parameters:
  ///   - data: The chart.
  ///   - renderer: The output; its `size` is the chart's (at most 100,000 pixels a side).
  ///   - rounded: Round bar ends or flat ones.
  public static func draw(
    _ data: BarChartData, into renderer: inout some PlotRenderer, rounded: Bool
  ) {
    let fontSize = renderer.textSize("0").height / 1.2
    SVGBarChart(data: data, size: renderer.size, rounded: rounded, fontSize: fontSize)
      .draw(into: &renderer)
  }
}

/// The pixel layout of one bar chart (the SVG's), drawn through `PlotRenderer`: the bars
/// with `fillBar` (style `.bar(series)`), grid, midline and zero line with
/// `drawHorizontalLine`, legend swatches with `fillRect`, text on its baseline.
struct SVGBarChart {
  var data: BarChartData
  var width: Double
  var height: Double
  var rounded: Bool

  /// The text's size (`PlotLayout.fontSize`: 12 px at 800 x 600) and the title's (7/6 of
  /// it, as `SVGRenderer` draws a title).
  var fontSize: Double
  var titleSize: Double { fontSize * 7 / 6 }
  let pad = 8.0
  var charWidth: Double { 0.6 * fontSize }
  var lineHeight: Double { 1.2 * fontSize }

  init(data: BarChartData, size: PixelSize, rounded: Bool, fontSize: Double? = nil) {
    self.data = data
    width = Double(min(max(size.width, 1), 100_000))
    height = Double(min(max(size.height, 1), 100_000))
    self.rounded = rounded
    self.fontSize =
      fontSize ?? PlotLayout.fontSize(for: PixelSize(width: Int(width), height: Int(height)))
  }

  // MARK: Text

  /// Whether `SVGRenderer.escape` drops scalar `s`.
  static func isDropped(_ s: Unicode.Scalar) -> Bool {
    let v = s.value
    return v < 0x20 || (v >= 0x7F && v <= 0x9F) || v == 0xFFFE || v == 0xFFFF || v == 0x2028
      || v == 0x2029
  }

  /// `text` made plain: ANSI escape sequences (CSI, OSC, ESC and one character) removed
  /// whole, tabs as spaces, and without the characters `SVGRenderer.escape` drops and the
  /// bidirectional embedding, override and isolate controls (U+202A...U+202E,
  /// U+2066...U+2069), which would reorder the text around them.
  static func plain(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    for s in TextAndNumbers.TerminalText.removingEscapeSequences(text) {
      switch s.value {
      case 0x09: scalars.append(" ")
      case 0x202A...0x202E, 0x2066...0x2069: break
      default:
        if !isDropped(s) { scalars.append(s) }
      }
    }
    return String(scalars)
  }

  /// `plain(text)` cut to at most `maxChars` characters, with `…` when cut.
  static func shorten(_ text: String, maxChars: Int) -> String {
    let clean = plain(text)
    guard maxChars > 0 else { return "" }
    if clean.count <= maxChars { return clean }
    return String(clean.prefix(max(maxChars - 1, 0))) + "…"
  }

  /// Estimated width of `text` in pixels at `size` (0.6 em a character, like SVGRenderer).
  static func textWidth(_ text: String, size: Double) -> Double { Double(text.count) * 0.6 * size }

  /// Writes `t` with its baseline at `baseline` (pixels), anchored `anchor` along x.
  func text(
    _ t: String, x: Double, baseline: Double, anchor: TextAnchor.Horizontal, style: DrawStyle,
    into renderer: inout some PlotRenderer
  ) {
    renderer.drawText(
      t, at: PixelPoint(x: x, y: baseline), anchor: TextAnchor(anchor, .baseline), style: style)
  }

  // MARK: Layout and drawing

  /// A bar's value label before the overlap check: its text, centre x and baseline
  /// (pixels), and its series (nil in a chart of one series).
  struct ValueLabel {
    var text: String
    var x: Double
    var baseline: Double
    var series: Int?
  }

  /// One box of aggregated bars: its pixel extent along x, its lowest and highest values
  /// (with 0), and its series.
  struct AggregatedBox {
    var x0: Double
    var x1: Double
    var low: Double
    var high: Double
    var series: Int
  }

  /// The bars of every series, aggregated a pixel column at a time (for bars narrower
  /// than a pixel): one flat box a series and column, in the series' colour.
  ///
  /// - Returns: The boxes drawn.
  func drawAggregated(
    slots: BarLayout.Slots, plotLeft: Double, y: (Double) -> Double,
    into renderer: inout some PlotRenderer
  ) -> [AggregatedBox] {
    var boxes: [AggregatedBox] = []
    for s in 0..<max(data.series.count, 1) {
      var column = Int.min
      var left = 0.0
      var right = 0.0
      var low = 0.0
      var high = 0.0
      var any = false
      func flush() {
        guard any else { return }
        let top = y(high)
        let bottom = y(low)
        if bottom - top >= 0.01 {
          renderer.fillBar(
            PixelBar(x: left, width: right - left, base: bottom, end: top, cornerRadius: 0),
            style: .bar(s))
          boxes.append(AggregatedBox(x0: left, x1: right, low: low, high: high, series: s))
        }
        any = false
      }
      for g in 0..<data.groupCount {
        let v = data.value(series: s, group: g)
        guard v.isFinite else { continue }
        let x = plotLeft + slots.barLeft(group: g, series: s)
        let c = Int(x.rounded(.down))
        if c != column {
          flush()
          column = c
          left = x
          low = 0
          high = 0
        }
        right = x + slots.barWidth
        low = min(low, v)
        high = max(high, v)
        any = true
      }
      flush()
    }
    return boxes
  }

  /// Lays the chart out for `width` x `height` pixels and draws it into `renderer`.
  func draw(into renderer: inout some PlotRenderer) {
    let groups = data.groupCount
    guard width >= 120, height >= 80, groups > 0 else {
      let message = groups == 0 ? "no bars to draw" : "too small for a bar chart"
      text(
        message, x: width / 2, baseline: height / 2, anchor: .center, style: .label, into: &renderer
      )
      return
    }
    let seriesCount = max(data.series.count, 1)
    var top = pad

    // Title.
    if let t = data.title, !t.isEmpty {
      let shown = Self.shorten(t, maxChars: Int((width - 2 * pad) / (0.6 * titleSize)))
      text(
        shown, x: width / 2, baseline: top + 0.9 * titleSize * 1.2 - 0.1 * titleSize,
        anchor: .center, style: .title, into: &renderer)
      top += 1.2 * titleSize + pad / 2
    }

    // Legend: swatches and names, in rows that wrap.
    if data.series.count > 1 {
      let entries = data.series.enumerated().map { i, s in
        Self.shorten(s.name.isEmpty ? "series \(i + 1)" : s.name, maxChars: 24)
      }
      var rows: [[(Int, String)]] = [[]]
      var x = 0.0
      let room = width - 2 * pad
      for (i, name) in entries.enumerated() {
        let w = 14 + Self.textWidth(name, size: fontSize)
        if x > 0 && x + w > room {
          rows.append([])
          x = 0
        }
        rows[rows.count - 1].append((i, name))
        x += w + 16
      }
      for row in rows {
        let total = row.reduce(0.0) { $0 + 14 + Self.textWidth($1.1, size: fontSize) + 16 } - 16
        var x = max(pad, (width - total) / 2)
        let mid = top + lineHeight / 2
        for (i, name) in row {
          renderer.fillRect(PixelRect(x: x, y: mid - 5, width: 10, height: 10), style: .bar(i))
          text(
            name, x: x + 14, baseline: mid + 0.35 * fontSize, anchor: .left, style: .legend,
            into: &renderer)
          x += 14 + Self.textWidth(name, size: fontSize) + 16
        }
        top += lineHeight
      }
      top += pad / 2
    }

    // The value axis and the plot area: room above for the top bar's value, below for the
    // bottom bar's value and the group labels.
    let extent = BarLayout.extent(data) ?? (0, 0)
    let plotTop = top + lineHeight
    let bottomLabels = height - pad - lineHeight - pad / 2
    var plotBottom = bottomLabels - (extent.min < 0 ? lineHeight : 0)
    if plotBottom - plotTop < 20 { plotBottom = min(plotTop + 20, bottomLabels) }
    let plotHeight = max(plotBottom - plotTop, 1)
    let axis = BarLayout.valueAxis(
      minimum: extent.min, maximum: extent.max, approximateTicks: max(2, Int(plotHeight / 50)))
    let tickWidth = axis.ticks.map { Self.textWidth($0.label, size: fontSize) }.max() ?? 0
    let plotLeft = pad + tickWidth + charWidth
    let plotRight = width - pad
    let plotWidth = max(plotRight - plotLeft, 1)
    let span = axis.upper - axis.lower
    func y(_ v: Double) -> Double {
      let c = BarLayout.clampValue(v)
      let f = c.isFinite && span > 0 ? (axis.upper - c) / span : 0
      return plotTop + min(max(f, 0), 1) * plotHeight
    }

    // Grid lines with the middle one dashed, the zero line, tick labels.
    let middle = axis.middle
    let middleIsZero = abs(middle) <= axis.step * 1e-9
    var middleDrawn = middleIsZero
    for tick in axis.ticks where tick.value != 0 {
      let isMiddle = !middleIsZero && abs(tick.value - middle) <= axis.step * 1e-9
      renderer.drawHorizontalLine(
        atY: y(tick.value), from: plotLeft, to: plotRight, style: isMiddle ? .midline : .grid)
      if isMiddle { middleDrawn = true }
    }
    if !middleDrawn {
      renderer.drawHorizontalLine(atY: y(middle), from: plotLeft, to: plotRight, style: .midline)
    }
    for tick in axis.ticks {
      text(
        tick.label, x: plotLeft - charWidth, baseline: y(tick.value) + 0.35 * fontSize,
        anchor: .right, style: .label, into: &renderer)
    }

    // Bars.
    let slots = BarLayout.svgSlots(groupCount: groups, seriesCount: seriesCount, width: plotWidth)
    let y0 = y(0)
    var valueBoxes: [(x0: Double, x1: Double, y: Double)] = []
    var labels: [ValueLabel] = []
    var barBoxes: [(x0: Double, x1: Double, y0: Double, y1: Double)] = []
    if slots.barWidth < 1 {
      // Bars narrower than a pixel cannot be told apart: each series' bars that start in
      // one pixel column are drawn as one box over the union of their extents (from the
      // left edge of the first to the right edge of the last, and from the lowest value or
      // 0 to the highest or 0), as data plots keep each column's minimum and maximum. The
      // output grows with the width, not the bars (1e6 bars made a 161 MB file). Each box
      // offers the label of its highest value above it (and of its lowest below, when
      // negative), kept as any value label is where it meets no other label or box.
      for box in drawAggregated(slots: slots, plotLeft: plotLeft, y: y, into: &renderer) {
        barBoxes.append((box.x0, box.x1, y(box.high), y(box.low)))
        let room = max(Int((slots.slotWidth - 4) / charWidth), 1)
        let series = seriesCount > 1 ? box.series : nil
        if box.high > 0 || (box.low == 0 && axis.upper > 0) {
          labels.append(
            ValueLabel(
              text: BarLayout.valueLabel(box.high, maxWidth: max(room, 8)),
              x: (box.x0 + box.x1) / 2, baseline: y(box.high) - 4, series: series))
        }
        if box.low < 0 {
          labels.append(
            ValueLabel(
              text: BarLayout.valueLabel(box.low, maxWidth: max(room, 8)),
              x: (box.x0 + box.x1) / 2, baseline: y(box.low) + 3 + 0.8 * fontSize,
              series: series))
        }
      }
    }
    for g in 0..<(slots.barWidth < 1 ? 0 : groups) {
      for s in 0..<seriesCount {
        let v = data.value(series: s, group: g)
        let x = plotLeft + slots.barLeft(group: g, series: s)
        let w = slots.barWidth
        let y1 = v.isFinite ? y(v) : y0
        if v.isFinite && abs(y1 - y0) >= 0.01 && w > 0 {
          let radius = rounded ? min(w / 4, abs(y1 - y0), 10) : 0
          renderer.fillBar(
            PixelBar(x: x, width: w, base: y0, end: y1, cornerRadius: radius), style: .bar(s))
          barBoxes.append((x, x + w, min(y0, y1), max(y0, y1)))
        }
        let down = v < 0 || (!(v > 0) && axis.upper <= 0)
        let room = seriesCount == 1 ? slots.slotWidth - 4 : w + slots.gap / 2
        let label = BarLayout.valueLabel(v, maxWidth: max(Int(room / charWidth), 1))
        let baseline = down ? max(y1, y0) + 3 + 0.8 * fontSize : min(y1, y0) - 4
        labels.append(
          ValueLabel(
            text: label, x: x + w / 2, baseline: baseline, series: seriesCount > 1 ? s : nil))
      }
    }
    // A label is left out when its box meets a value label already drawn or a bar. Both
    // lists are kept sorted by their left edge, and only the boxes whose left edge lies
    // within the widest box's width (and a pixel) of the label's are tested: any box that meets the
    // label is among them, so the answer is the full scan's, in O(log n + k) a label
    // (the full scan made 100,000 bars take 7 s).
    barBoxes.sort { $0.x0 < $1.x0 }
    let widestBar = barBoxes.map { $0.x1 - $0.x0 }.max() ?? 0
    var widestValue = 0.0
    /// The first index whose left edge is at least `x`, by binary search.
    func firstIndex<T>(_ boxes: [T], leftEdge: (T) -> Double, atLeast x: Double) -> Int {
      var lo = 0
      var hi = boxes.count
      while lo < hi {
        let mid = (lo + hi) / 2
        if leftEdge(boxes[mid]) < x { lo = mid + 1 } else { hi = mid }
      }
      return lo
    }
    for label in labels {
      let w = Self.textWidth(label.text, size: fontSize)
      let x = min(max(label.x, plotLeft + w / 2), width - w / 2)
      let box = (x0: x - w / 2 - 2, x1: x + w / 2 + 2, y: label.baseline)
      let top = box.y - 0.8 * fontSize
      let bottom = box.y + 0.2 * fontSize
      var overlaps = false
      var i = firstIndex(valueBoxes, leftEdge: \.x0, atLeast: box.x0 - widestValue - 1)
      while !overlaps, i < valueBoxes.count, valueBoxes[i].x0 < box.x1 {
        let b = valueBoxes[i]
        overlaps = box.x0 < b.x1 && abs(b.y - box.y) < lineHeight
        i += 1
      }
      var j = firstIndex(barBoxes, leftEdge: \.x0, atLeast: box.x0 - widestBar - 1)
      while !overlaps, j < barBoxes.count, barBoxes[j].x0 < box.x1 {
        let b = barBoxes[j]
        overlaps = box.x0 < b.x1 && b.y0 < bottom && top < b.y1
        j += 1
      }
      guard !overlaps else { continue }
      valueBoxes.insert(box, at: firstIndex(valueBoxes, leftEdge: \.x0, atLeast: box.x0))
      widestValue = max(widestValue, box.x1 - box.x0)
      text(
        label.text, x: x, baseline: label.baseline, anchor: .center,
        style: .barValue(label.series), into: &renderer)
    }
    renderer.drawHorizontalLine(atY: y0, from: plotLeft, to: plotRight, style: .axis)

    // Group labels.
    // Text labels may be shortened to 3 characters with `…`; the numbers of numbered bars
    // are shown whole (a shortened number says nothing: every one was `…` once slots
    // were narrower than a character).
    let numbered = data.labels.count < groups ? String(groups).count : 0
    let minChars = max(min(3, data.labels.map(\.count).max() ?? 1), numbered)
    var every = 1
    while Double(every) * slots.slotWidth - 4 < Double(max(minChars, 1)) * charWidth
      && every < groups
    {
      every += 1
    }
    let maxChars = Int((Double(every) * slots.slotWidth - 4) / charWidth)
    let labelBaseline = height - pad - 0.3 * fontSize
    for g in stride(from: 0, to: groups, by: every) {
      let shown = Self.shorten(data.label(at: g), maxChars: maxChars)
      let cx = plotLeft + slots.slotLeft(g) + slots.slotWidth / 2
      text(shown, x: cx, baseline: labelBaseline, anchor: .center, style: .label, into: &renderer)
    }
  }
}
