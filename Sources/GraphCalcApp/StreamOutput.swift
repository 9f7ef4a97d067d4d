import GraphView
import SVGRenderer
import Streaming
import TextCanvas

/// The pictures of a live stream's frame: terminal text (plot and status lines) and SVG,
/// both drawn through `PlotLayout` like a plot of functions.
///
/// A `StreamFrame` becomes a `SampledPlot` (`sampledPlot(_:size:xTickCount:yTickCount:)`):
/// x is the sample index, y the value; each series is a curve whose pen lifts at NaN (the
/// frame's gaps). The terminal picture is the plot over the status lines, which name each
/// series with its last, min, max and mean value (they are the legend: a legend box inside the
/// plot would hide the newest samples, which arrive at the right edge).
public enum StreamOutput {
  /// The smallest plot drawn in the terminal, in cells; below it only the status lines show.
  static let minimumPlot = TerminalSize(columns: 20, rows: 6)

  // MARK: Plot

  /// The frame as a plot for a plot area of `size` pixels.
  ///
  /// Each series becomes a `SampledCurve` titled with its name, split into polylines at
  /// `StreamPoint.gap` (NaN samples). A polyline with more than four points per pixel
  /// column is reduced to the first, lowest, highest and last point of each column (the M4
  /// aggregation of U. Jugel et al., "M4: A Visualization-Oriented Time Series Data
  /// Aggregation", VLDB 2014), which rasterizes to the same pixels as all the points.
  /// - Parameters:
  ///   - frame: the stream's frame.
  ///   - size: the plot area in pixels (the viewport's size).
  ///   - xTickCount: about how many x ticks (sample indices).
  ///   - yTickCount: about how many y ticks.
  /// - Returns: the viewport over `frame.xRange` x `frame.yRange` (made finite and
  ///   non-empty if they are not), the curves and the ticks (x ticks only at whole sample
  ///   indices).
  public static func sampledPlot(
    _ frame: StreamFrame, size: PixelSize, xTickCount: Int, yTickCount: Int
  ) -> SampledPlot {
    let x = shownRange(frame.xRange)
    let y = shownRange(frame.yRange)
    let viewport = Viewport(
      xRange: x, yRange: y, size: PixelSize(width: max(size.width, 1), height: max(size.height, 1)))
    let curves = frame.series.map { series in
      SampledCurve(title: series.name, segments: segments(of: series.curve, viewport: viewport))
    }
    if frame.timeAxis {
      return SampledPlot(
        viewport: viewport, curves: curves,
        xTicks: TimeTicks.ticks(for: x, approximateCount: xTickCount),
        yTicks: Ticks.ticks(for: y, approximateCount: yTickCount))
    }
    // Sample indices are whole numbers: no tick between two samples.
    let xTicks = Ticks.ticks(for: x, approximateCount: xTickCount).compactMap { t -> Tick? in
      guard t.value == t.value.rounded() else { return nil }
      return Tick(value: t.value, label: NumberLabel.general(t.value))
    }
    return SampledPlot(
      viewport: viewport, curves: curves,
      xTicks: xTicks,
      yTicks: Ticks.ticks(for: y, approximateCount: yTickCount))
  }

  /// `range` as a closed range that a viewport can show: finite with `lower < upper`
  /// (`[0, 1]` for non-finite bounds; a unit range about an empty one).
  static func shownRange(_ range: ValueRange) -> ClosedRange<Double> {
    let lo = range.lower
    let hi = range.upper
    guard lo.isFinite, hi.isFinite, (hi - lo).isFinite else { return 0...1 }
    if hi > lo { return lo...hi }
    return (lo - 0.5)...(lo + 0.5)
  }

  /// The polylines of `curve` (plot units), split at gaps, each reduced per pixel column of
  /// `viewport` when it is long (see `sampledPlot`).
  static func segments(of curve: [StreamPoint], viewport: Viewport) -> [[PlotPoint]] {
    var out: [[PlotPoint]] = []
    var current: [PlotPoint] = []
    func finish() {
      if !current.isEmpty {
        out.append(
          current.count > 4 * max(viewport.size.width, 1) ? reduced(current, viewport) : current)
      }
      current = []
    }
    for p in curve {
      if p.x.isFinite && p.y.isFinite {
        current.append(PlotPoint(x: p.x, y: p.y))
      } else {
        finish()
      }
    }
    finish()
    return out
  }

  /// M4 aggregation (`M4Decimator`, the data plots' own): per pixel column the first,
  /// lowest, highest and last point, in x order.
  /// - Parameter points: a polyline with increasing x (plot units), all finite.
  static func reduced(_ points: [PlotPoint], _ viewport: Viewport) -> [PlotPoint] {
    var decimator = M4Decimator(viewport: viewport)
    for p in points { decimator.add(x: p.x, y: p.y) }
    return decimator.finish().first ?? []
  }

  // MARK: Terminal

  /// The canvas a frame is drawn on: `kind`, except that braille and blocks give way to
  /// ASCII when several series would have to be told apart without colour (braille and
  /// block glyphs show only shape; ASCII draws the second and later series in markers).
  /// - Parameters:
  ///   - kind: the canvas asked for (`set canvas`, or the locale's: `CanvasKind.preferred`).
  ///   - series: how many series the frame has.
  ///   - colors: whether curves get colours.
  public static func canvas(_ kind: CanvasKind, series: Int, colors: Bool) -> CanvasKind {
    series <= 1 || colors ? kind : .ascii
  }

  /// The pixel columns a terminal plot of `size` has at most: what to ask
  /// `StreamSession.frame(columns:)` for, so a `--smooth` curve has a point a dot column.
  /// - Parameters:
  ///   - size: the terminal, in cells.
  ///   - canvas: the glyphs.
  static func plotColumns(for size: TerminalSize, canvas: CanvasKind) -> Int {
    max(1, size.columns) * (canvas == .ascii ? 3 : 2)
  }

  /// The frame as terminal lines: the plot, then the status lines; at most
  /// `size.rows - 1` lines (the last row stays free for the cursor), none wider than
  /// `size.columns` cells. Without `colors` the lines are plain text (7-bit ASCII for
  /// `.ascii`); with them each series' curve and status entry has its colour (SGR codes;
  /// count cells with `visibleWidth`).
  ///
  /// The status lines (see `statusLines`) get the rows they need, up to a third of the
  /// height; the plot gets the rest, if that is at least `minimumPlot`.
  /// - Parameters:
  ///   - frame: the stream's frame.
  ///   - size: the terminal, in cells.
  ///   - canvas: the glyphs.
  ///   - colors: the terminal's colours, or nil for none.
  /// - Returns: the lines, without newlines.
  public static func terminalLines(
    _ frame: StreamFrame, size: TerminalSize, canvas: CanvasKind, colors: TerminalColors? = nil
  ) -> [String] {
    let columns = max(1, size.columns)
    let height = max(1, size.rows - 1)
    let statusRoom = max(1, height / 3)
    var status = statusLines(
      frame, columns: columns, maxLines: statusRoom, canvas: canvas, colors: colors)
    let plotRows = height - status.count
    guard plotRows >= minimumPlot.rows, columns >= minimumPlot.columns else {
      if status.count > height { status = Array(status.suffix(height)) }
      return status
    }
    let plot: String
    switch canvas.characters {
    case .ascii:
      plot = drawPlot(frame, AsciiCanvas(columns: columns, rows: plotRows), colors: colors)
    case .braille, .kitty, .iterm, .sixel:
      plot = drawPlot(frame, BrailleCanvas(columns: columns, rows: plotRows), colors: colors)
    case .block:
      plot = drawPlot(
        frame, DotCanvas(columns: columns, rows: plotRows, glyphs: BlockGlyphs()), colors: colors)
    }
    var lines = plot.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    while lines.count < plotRows { lines.append("") }
    return lines + status
  }

  /// `terminalLines` joined by newlines (no final newline): the final frame as printed when
  /// the output is not a terminal.
  public static func terminal(
    _ frame: StreamFrame, size: TerminalSize, canvas: CanvasKind, colors: TerminalColors? = nil
  ) -> String {
    terminalLines(frame, size: size, canvas: canvas, colors: colors).joined(separator: "\n")
  }

  /// Lays out and draws the plot of `frame` on `canvas` (no legend: the status lines name
  /// the series) and renders it.
  static func drawPlot<G: CellGlyphs>(
    _ frame: StreamFrame, _ canvas: DotCanvas<G>, colors: TerminalColors?
  ) -> String {
    var canvas = canvas
    let options = PlotLayout.Options(showLegend: false)
    let yTickCount = PlotOutput.tickCount(canvas.rows, per: 4)
    let labels = Ticks.ticks(for: shownRange(frame.yRange), approximateCount: yTickCount).map(
      \.label)
    let xTickCount = PlotOutput.tickCount(canvas.columns, per: 12)
    PlotLayout.layOutAndDraw(into: &canvas, options: options, yTickLabels: labels) { size in
      sampledPlot(frame, size: size, xTickCount: xTickCount, yTickCount: yTickCount)
    }
    return canvas.render(colors: colors)
  }

  /// The status lines: one entry per series, `-- NAME  last L  min A  max B  mean M` (the
  /// first characters are the series' sample: its glyph, in its colour), packed into lines
  /// of at most `columns` cells with three spaces between entries, then the counters, as
  /// `1000 samples, 1 line skipped (last: foo)` (and `, input ended` on the last frame).
  ///
  /// Names and the skipped line's text come from the input, so they are cut down to
  /// printable 7-bit ASCII (`DotCanvas.sanitize`): no input can drive the terminal.
  /// - Parameters:
  ///   - frame: the stream's frame.
  ///   - columns: the width in cells.
  ///   - maxLines: the most lines (at least 1); entries that do not fit are counted in a
  ///     `+N more` at the end of the last series line, and the counters line goes first
  ///     when there is room for nothing else.
  ///   - canvas: the glyphs (for the samples).
  ///   - colors: the colours, or nil.
  /// - Returns: the lines, without newlines.
  public static func statusLines(
    _ frame: StreamFrame, columns: Int, maxLines: Int, canvas: CanvasKind,
    colors: TerminalColors? = nil
  ) -> [String] {
    let columns = max(1, columns)
    let maxLines = max(1, maxLines)
    let counters = cut(countersText(frame, columns: columns), to: columns)
    if maxLines == 1 || frame.series.isEmpty { return [counters] }
    // Entries: (plain text width, rendered text).
    var entries: [(width: Int, text: String)] = []
    for (index, series) in frame.series.enumerated() {
      let sample = sampleGlyph(index, canvas: canvas)
      let body = " " + legendName(series) + "  " + statsText(series.stats)
      var text = sample + body
      if let colors { text = colors.curve(index) + sample + colors.reset + body }
      entries.append((sample.count + body.count, text))
    }
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    let seriesLines = maxLines - 1
    var index = 0
    while index < entries.count {
      let e = entries[index]
      let gap = lineWidth == 0 ? 0 : 3
      if lineWidth + gap + e.width <= columns || lineWidth == 0 {
        if lineWidth == 0 && e.width > columns {
          line = cutRendered(e.text, plainWidth: e.width, to: columns)
          lineWidth = columns
        } else {
          line += String(repeating: " ", count: gap) + e.text
          lineWidth += gap + e.width
        }
        index += 1
        continue
      }
      if lines.count + 1 == seriesLines { break }
      lines.append(line)
      line = ""
      lineWidth = 0
    }
    if index < entries.count {
      // No room for the rest: say how many are left out, making room on the last line.
      let more = "   +\(entries.count - index) more"
      if lineWidth + more.count > columns {
        line = cutRendered(line, plainWidth: lineWidth, to: max(0, columns - more.count))
      }
      line += more
    }
    lines.append(line)
    lines.append(counters)
    return lines
  }

  /// The sample of series `index` in the status lines: two cells of its glyph.
  static func sampleGlyph(_ index: Int, canvas: CanvasKind) -> String {
    switch canvas.characters {
    case .braille, .kitty, .iterm, .sixel:
      return "\u{2812}\u{2812}"  // dots 2 and 5: a short level stroke
    case .block: return "\u{2584}\u{2584}"  // lower half blocks
    case .ascii:
      if index == 0 { return "--" }
      let m = AsciiGlyphs.markers[(index - 1) % AsciiGlyphs.markers.count]
      return String(m) + String(m)
    }
  }

  /// The series' name with its unit: `time (ms)`, as printable ASCII (`µ` as `u`, `°` left
  /// out).
  static func legendName(_ series: SeriesFrame) -> String {
    guard let unit = series.unit else { return plain(series.name) }
    let ascii = unit.replacingMicro()
    return plain(series.name) + " (" + plain(ascii) + ")"
  }

  /// `last L  min A  max B  mean M`, or `no values yet` when the window has no finite value.
  static func statsText(_ stats: SeriesStats) -> String {
    guard let min = stats.min, let max = stats.max, let mean = stats.mean else {
      return "no values yet"
    }
    let last = stats.last.map(number) ?? "-"
    return "last \(last)  min \(number(min))  max \(number(max))  mean \(number(mean))"
  }

  /// `N samples, K lines skipped (last: TEXT)` and `, input ended` when it has; with
  /// `--normalize`, `normalized (min..max to 0..1)` after the count; when lines had more
  /// fields than the series kept, `columns past N dropped (...)`.
  ///
  /// Given `columns`, the skipped line's text is cut (ending in `...`) so the rest fits.
  static func countersText(_ frame: StreamFrame, columns: Int? = nil) -> String {
    var text = frame.samples == 1 ? "1 sample" : "\(frame.samples) samples"
    if frame.normalized { text += ", normalized (min..max to 0..1)" }
    if let limit = frame.seriesLimit {
      text +=
        limit < StreamParser.maxSeries
        ? ", columns past \(limit) dropped (so long a --window keeps \(limit))"
        : ", columns past \(limit) dropped"
    }
    var tail = ""
    if frame.series.isEmpty && frame.samples == 0 { tail += ", no numbers yet" }
    if frame.ended { tail += ", input ended" }
    if frame.junkLines > 0 {
      text += frame.junkLines == 1 ? ", 1 line skipped" : ", \(frame.junkLines) lines skipped"
      if let junk = frame.lastJunkLine {
        var shown = plain(junk).trimmingSpaces()
        if let columns {
          let room = columns - text.count - tail.count - " (last: )".count
          shown = room >= 8 ? cut(shown, to: room) : ""
        }
        if !shown.isEmpty { text += " (last: \(shown))" }
      }
    }
    return text + tail
  }

  /// A statistic as a person reads it at a glance: whole numbers from 1000 to 1e9 in full
  /// (`16234567`), others with 4 significant digits (`0.6667`, `-4`, `1.5e12`).
  static func number(_ v: Double) -> String {
    if v.isFinite, Swift.abs(v) >= 1000, Swift.abs(v) < 1e9 {
      return NumberLabel.general(v.rounded(), significantDigits: 10)
    }
    return NumberLabel.general(v, significantDigits: 4)
  }

  /// `text` as printable 7-bit ASCII (see `DotCanvas.sanitize`).
  static func plain(_ text: String) -> String {
    String(decoding: AsciiCanvas.sanitize(text), as: UTF8.self)
  }

  /// Plain `text` cut to `columns` characters, ending in `...` when cut.
  static func cut(_ text: String, to columns: Int) -> String {
    if text.count <= columns { return text }
    if columns <= 3 { return String(text.prefix(columns)) }
    return String(text.prefix(columns - 3)) + "..."
  }

  /// `text` (possibly with SGR codes) cut to `columns` visible cells, with a reset at the
  /// end if it had codes.
  static func cutRendered(_ text: String, plainWidth: Int, to columns: Int) -> String {
    if plainWidth <= columns { return text }
    var out = ""
    var shown = 0
    var escaped = false
    var inEscape = false
    for ch in text {
      if inEscape {
        out.append(ch)
        if let a = ch.asciiValue, (0x40...0x7E).contains(a), ch != "[" { inEscape = false }
        continue
      }
      if ch == "\u{1B}" {
        inEscape = true
        escaped = true
        out.append(ch)
        continue
      }
      if shown == columns { continue }
      out.append(ch)
      shown += 1
    }
    return escaped ? out + "\u{1B}[0m" : out
  }

  /// The cells `line` takes on a terminal: its characters, not counting CSI escape
  /// sequences (`ESC [ ... final byte`), such as colours.
  public static func visibleWidth(_ line: String) -> Int {
    var width = 0
    var state = 0  // 0 text, 1 after ESC, 2 inside CSI
    for s in line.unicodeScalars {
      switch state {
      case 1: state = s == "[" ? 2 : 0
      case 2: if (0x40...0x7E).contains(s.value) { state = 0 }
      default:
        if s == "\u{1B}" {
          state = 1
        } else if s.properties.generalCategory != .nonspacingMark {
          width += 1
        }
      }
    }
    return width
  }

  // MARK: SVG

  /// The frame as an SVG document of `width` x `height` pixels: the same plot with a
  /// legend whose entries carry each series' statistics, and the counters as the title.
  /// - Parameters:
  ///   - frame: the stream's frame (ask `StreamSession.frame(columns:)` for about `width`
  ///     columns so a `--smooth` curve is dense enough).
  ///   - width: the document's width in pixels.
  ///   - height: the document's height in pixels.
  /// - Returns: the document, ending in a newline.
  public static func svg(_ frame: StreamFrame, width: Int, height: Int) -> String {
    let size = PixelSize(width: width, height: height)
    var renderer = SVGRenderer(size: size, fontSize: PlotLayout.fontSize(for: size))
    var titled = frame
    for k in titled.series.indices {
      titled.series[k].name = legendName(frame.series[k]) + ": " + statsText(frame.series[k].stats)
    }
    let options = PlotLayout.Options(title: countersText(frame))
    let yTickCount = PlotOutput.tickCount(height, per: 60)
    let labels = Ticks.ticks(for: shownRange(frame.yRange), approximateCount: yTickCount).map(
      \.label)
    let xTickCount = PlotOutput.tickCount(width, per: 80)
    PlotLayout.layOutAndDraw(into: &renderer, options: options, yTickLabels: labels) { size in
      sampledPlot(titled, size: size, xTickCount: xTickCount, yTickCount: yTickCount)
    }
    return renderer.document()
  }
}

extension String {
  /// `µ` as `u` and without `°`: a unit in 7-bit ASCII (`µs` -> `us`, `°C` -> `C`).
  fileprivate func replacingMicro() -> String {
    var out = ""
    for ch in self {
      if ch == "\u{B5}" || ch == "\u{3BC}" {
        out.append("u")
      } else if ch != "\u{B0}" {
        out.append(ch)
      }
    }
    return out
  }

  /// The string without leading and trailing spaces.
  fileprivate func trimmingSpaces() -> String {
    var s = Substring(self)
    while s.first == " " { s = s.dropFirst() }
    while s.last == " " { s = s.dropLast() }
    return String(s)
  }
}
