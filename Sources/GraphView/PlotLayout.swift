import Glibc

/// Lays out and draws one plot through a `PlotRenderer`: margins, frame, axes, grid, ticks,
/// tick labels, curves (clipped), legend and title.
///
/// The flow of one plot:
/// 1. make a renderer of the output's size (an `AsciiCanvas` of 80 x 24 cells, an
///    `SVGRenderer` of 800 x 600 pixels);
/// 2. `plotArea(for:options:yTickLabels:)` measures labels and the title through the
///    renderer and answers the plot area, the pixel rectangle inside the frame;
/// 3. the sampler samples the curves at the plot area's size in pixels (one sample column
///    per pixel column) into a `SampledPlot`, whose viewport maps plot space to the plot
///    area's own pixels (its `(0, 0)` is the plot area's top left corner);
/// 4. `draw(_:in:plotArea:options:)` draws everything, translating the viewport's pixels by
///    the plot area's origin (and scaling them, should the viewport's size differ from the
///    plot area's);
/// 5. the renderer turns what was drawn into its text (`render()`, `document()`).
///
/// The look follows gnuplot's default: a frame with ticks on all four sides (labels on the
/// bottom and left), the zero axes where they lie inside the view, the key (legend) in the
/// top right corner, the title centred above.
public enum PlotLayout {
  /// What to draw besides the curves.
  public struct Options: Sendable, Hashable {
    /// The title centred above the plot; nil or empty for none.
    public var title: String?
    /// Whether to draw the legend (the curves' titles) in the top right corner.
    public var showLegend: Bool
    /// Whether to draw a light grid at the ticks (only where the renderer has `.grid`).
    public var showGrid: Bool
    /// The axes whose major ticks the grid is drawn at when `showGrid` (gnuplot's `set grid
    /// xtics y2tics`): x and y by default; x2 and y2 at the second axes' ticks, where drawn.
    public var gridAxes = GridAxes.first
    /// gnuplot's `set grid polar [ANGLE]`: when set (with `showGrid`), the grid is circles
    /// about the origin at nice radii (about 4 over the farthest reach of the view's edges
    /// along an axis, as gnuplot's r ticks) and rays from the origin every
    /// `polarGrid` radians out to the largest circle, in place of the lines at the ticks
    /// (`PlotLayout.polarGridLines`); nil for the grid at the ticks.
    public var polarGrid: Double? = nil
    /// The major grid lines' look (gnuplot's `set grid lt N lc rgb "..." lw W dt N`); the
    /// default draws the output's own grid line, as before looks existed.
    public var gridLook = CurveLook()
    /// The axes whose minor ticks get grid lines too (gnuplot's `set grid mxtics mytics`),
    /// where minor ticks are drawn (`set mxtics`); none by default.
    public var minorGridAxes: GridAxes = []
    /// The minor grid lines' look (the line properties after the comma of `set grid ... ,
    /// lt 0 lw 0.5`); the default draws the output's own grid line.
    public var minorGridLook = CurveLook()
    /// Whether to draw the axes x = 0 and y = 0 where they lie inside the view.
    var showAxes: Bool
    /// How each curve is drawn, by index (`.lines` for curves beyond the list): the styles
    /// with points put a marker (gnuplot's point type of the curve, `markerRadius` pixels
    /// each way; a glyph on a text canvas) at every point of the sampled curve.
    public var curveMarks: [CurveMarks]
    /// The x axis's label (gnuplot's `set xlabel`), centred below the x tick labels; nil or
    /// empty for none. It takes a line of the bottom margin.
    public var xLabel: String?
    /// Titles written below the x label (gnuplot's `newhistogram "TITLE"`), each centred on
    /// its x; empty for none. They take a line of the bottom margin.
    public var histogramTitles: [HistogramTitle] = []
    /// The y axis's label (gnuplot's `set ylabel`), written level above the top left corner
    /// of the frame (a text canvas cannot turn text, so every output writes it the same
    /// way); nil or empty for none. It takes a line of the top margin, below the title.
    public var yLabel: String?
    /// Where the legend goes (gnuplot's `set key`).
    public var legendPlacement: LegendPlacement
    /// The curves' legend titles, measured for the right margin when the legend is
    /// `.outside` (the legend itself draws the sampled curves' titles).
    public var legendTitles: [String]
    /// The sides of the frame drawn (gnuplot's `set border`): all four by default.
    public var border = BorderSides.all
    /// Whether the x ticks are drawn on the top side too, the y ticks on the right side
    /// (gnuplot's `mirror`, its default; `set xtics nomirror`).
    public var mirrorsXTicks = true
    public var mirrorsYTicks = true
    /// Each curve's style options (`lw`, `lc`, `pt`, `ps`, `dt`), by index; handed to the
    /// renderer (`PlotRenderer.setCurveLooks`) and used for point types and sizes.
    public var curveLooks: [CurveLook] = []
    /// The sizes of the title's, the axis labels' and the legend's text, as multiples of the
    /// output's (gnuplot's `font ",SIZE"`); a text canvas has one size.
    public var textScales = TextScales()
    /// Where the title and the axis labels are moved, their colours and boxes (gnuplot's
    /// `set title "..." offset DX,DY tc rgb "..." boxed`); the defaults draw them as before.
    public var textPlacements = TextPlacements()
    /// The key's options beyond `legendPlacement` (gnuplot's `set key box title ...`); the
    /// defaults draw the legend as before they existed.
    public var key = KeyOptions()
    /// Texts drawn at positions of the plot (gnuplot's `set label`).
    public var textLabels: [PlotTextLabel] = []
    /// Arrows drawn on the plot (gnuplot's `set arrow`).
    public var arrows: [PlotArrow] = []
    /// Shapes drawn on the plot (gnuplot's `set object`), in the order of their tags
    /// (PlotObjects.swift).
    public var objects: [PlotObject] = []
    /// The line y = 0 (gnuplot's `xzeroaxis`) where `showAxes` draws it.
    public var xZeroAxis = ZeroAxis()
    /// The line x = 0 (gnuplot's `yzeroaxis`) where `showAxes` draws it.
    public var yZeroAxis = ZeroAxis()
    /// How the x axis's tick labels and ticks are drawn (`set xtics rotate offset out`).
    public var xTickStyle = TickLabelStyle()
    /// How the y axis's tick labels and ticks are drawn.
    public var yTickStyle = TickLabelStyle()
    /// The error bars' end caps as a multiple of their default size (gnuplot's `set bars`:
    /// `small` 0, `large` 1).
    public var errorBarScale = 1.0
    /// The second x axis along the top (`set x2tics`, `set x2label`), or nil for none.
    public var secondX: SecondAxisDrawing?
    /// The second y axis along the right side (`set y2tics`, `set y2label`), or nil.
    public var secondY: SecondAxisDrawing?
    /// The frame's line (gnuplot's `set border lw N lc ...`); all nil: the output's frame.
    public var borderLook = CurveLook()
    /// The plot area's edges where the user placed them (`set lmargin`, ...;
    /// PlotLayout+Margins.swift); all automatic by default.
    public var margins = Margins()
    /// The plot area's height over its width (`set size ratio R`, R > 0), nil for the
    /// shape the margins leave.
    public var areaRatio: Double?

    /// Creates options; the defaults draw legend, grid and axes, no title or axis labels,
    /// every curve with lines, the legend in the corner with the fewest curve points.
    public init(
      title: String? = nil, showLegend: Bool = true, showGrid: Bool = true, showAxes: Bool = true,
      curveMarks: [CurveMarks] = [], xLabel: String? = nil, yLabel: String? = nil,
      legendPlacement: LegendPlacement = .best, legendTitles: [String] = []
    ) {
      self.title = title
      self.showLegend = showLegend
      self.showGrid = showGrid
      self.showAxes = showAxes
      self.curveMarks = curveMarks
      self.xLabel = xLabel
      self.yLabel = yLabel
      self.legendPlacement = legendPlacement
      self.legendTitles = legendTitles
    }

    /// Whether a legend is drawn outside the frame, on the right (it needs a margin).
    var hasOutsideLegend: Bool {
      showLegend && legendPlacement == .outside && legendTitles.contains { !$0.isEmpty }
    }

    /// How curve `index` is drawn.
    func marks(_ index: Int) -> CurveMarks {
      curveMarks.indices.contains(index) ? curveMarks[index] : .lines
    }

    /// The look of curve `index`.
    func look(_ index: Int) -> CurveLook {
      curveLooks.indices.contains(index) ? curveLooks[index] : CurveLook()
    }
  }

  /// Draws the sides of the frame `rect` in `sides`: the whole rectangle when all four, as
  /// before there was a choice, else each side as a line.
  static func drawBorder(
    _ rect: PixelRect, sides: BorderSides, look: CurveLook = CurveLook(),
    in renderer: inout some PlotRenderer
  ) {
    if !look.isDefault {
      // A styled frame: each side drawn as one polyline in the look.
      let (l, r, t, b) = (rect.minX, rect.maxX, rect.minY, rect.maxY)
      var lines: [[PixelPoint]] = []
      if sides.contains(.bottom) { lines.append([PixelPoint(x: l, y: b), PixelPoint(x: r, y: b)]) }
      if sides.contains(.left) { lines.append([PixelPoint(x: l, y: b), PixelPoint(x: l, y: t)]) }
      if sides.contains(.top) { lines.append([PixelPoint(x: l, y: t), PixelPoint(x: r, y: t)]) }
      if sides.contains(.right) { lines.append([PixelPoint(x: r, y: b), PixelPoint(x: r, y: t)]) }
      if !lines.isEmpty { renderer.drawStyledPolylines(lines, style: .frame, look: look) }
      return
    }
    if sides == .all {
      renderer.drawRect(rect, style: .frame)
      return
    }
    let corners = (
      bl: PixelPoint(x: rect.minX, y: rect.maxY), br: PixelPoint(x: rect.maxX, y: rect.maxY),
      tl: PixelPoint(x: rect.minX, y: rect.minY), tr: PixelPoint(x: rect.maxX, y: rect.minY)
    )
    if sides.contains(.bottom) {
      renderer.drawLine(from: corners.bl, to: corners.br, style: .frame)
    }
    if sides.contains(.left) { renderer.drawLine(from: corners.bl, to: corners.tl, style: .frame) }
    if sides.contains(.top) { renderer.drawLine(from: corners.tl, to: corners.tr, style: .frame) }
    if sides.contains(.right) { renderer.drawLine(from: corners.br, to: corners.tr, style: .frame) }
  }

  /// The sizes of a plot's texts as multiples of the output's font size (gnuplot's
  /// `set title "..." font ",14"`: 14 / 12); each positive and finite, 1 by default.
  public struct TextScales: Sendable, Hashable {
    /// The title's (`set title ... font`).
    public var title: Double
    /// The x axis label's (`set xlabel ... font`).
    public var xLabel: Double
    /// The y axis label's (`set ylabel ... font`).
    public var yLabel: Double
    /// The legend's titles (`set key font`).
    public var legend: Double

    /// Creates the scales, 1 (the output's size) unless given.
    public init(title: Double = 1, xLabel: Double = 1, yLabel: Double = 1, legend: Double = 1) {
      self.title = title
      self.xLabel = xLabel
      self.yLabel = yLabel
      self.legend = legend
    }
  }

  /// How one of the title and axis labels is placed beyond its automatic place (gnuplot's
  /// `offset`, `textcolor` and `boxed` of `set title`, `set xlabel`, `set ylabel`).
  public struct TextPlacement: Sendable, Hashable {
    /// How far the text moves right, in gnuplot's characters (`marginCharacter`: 0.7 em in a
    /// picture, a cell on a text canvas).
    public var offsetX = 0.0
    /// How far the text moves up, in gnuplot's characters (1.5 em in a picture, a cell).
    public var offsetY = 0.0
    /// The text's colour (`tc rgb "..."`), nil for the output's text colour.
    public var color: RGBColor?
    /// Whether a box is drawn around the text (`set title ... boxed`; pictures only).
    public var boxed = false

    /// Creates a placement: no offset, the output's colour, no box.
    public init(
      offsetX: Double = 0, offsetY: Double = 0, color: RGBColor? = nil, boxed: Bool = false
    ) {
      self.offsetX = offsetX
      self.offsetY = offsetY
      self.color = color
      self.boxed = boxed
    }

    /// The top margin a title of `lines` lines takes less (gnuplot 5.4, measured on its svg
    /// terminal): a downward offset gives back one line height per whole character, up to the
    /// title's lines; a fraction, or an upward offset, changes nothing.
    func titleLinesGivenBack(lines: Double) -> Double {
      offsetY < 0 ? min((-offsetY).rounded(.down), lines) : 0
    }
  }

  /// Where the title and the axis labels are moved (`TextPlacement` each).
  public struct TextPlacements: Sendable, Hashable {
    /// The title's (`set title ... offset`).
    public var title = TextPlacement()
    /// The x axis label's (`set xlabel ... offset`).
    public var xLabel = TextPlacement()
    /// The y axis label's (`set ylabel ... offset`).
    public var yLabel = TextPlacement()

    /// Creates the placements; each the default unless given.
    public init(
      title: TextPlacement = TextPlacement(), xLabel: TextPlacement = TextPlacement(),
      yLabel: TextPlacement = TextPlacement()
    ) {
      self.title = title
      self.xLabel = xLabel
      self.yLabel = yLabel
    }
  }

  /// The font size of a picture of `size` pixels: 12 px at 800 x 600, scaled with
  /// min(width / 800, height / 600), so text keeps its share of the picture (the same in
  /// SVG, PNG and PDF); at least 1 px.
  ///
  /// - Parameter size: The picture's size in pixels.
  /// - Returns: The font size in pixels.
  public static func fontSize(for size: PixelSize) -> Double {
    max(1, 12 * min(Double(size.width) / 800, Double(size.height) / 600))
  }

  /// The text reserved for y tick labels when their labels are not known yet (6 characters).
  static let defaultYLabelSample = "-0.000"

  /// The plot area (the pixel rectangle the curves are drawn in, inside the frame) of the
  /// renderer's output, after margins for tick labels, the frame and the title.
  ///
  /// Margins are rounded up to whole characters (as `renderer.textSize("0")` measures one)
  /// and to whole pixels, so that a text canvas's plot area starts and ends on cell
  /// boundaries and the sampler gets a whole number of pixel columns.
  ///
  /// - Parameters:
  ///   - renderer: The output; only its size and metrics are used.
  ///   - options: What will be drawn (a title takes a line).
  ///   - yTickLabels: The y tick labels if known, to size the left margin; otherwise the
  ///     width of `defaultYLabelSample` is reserved (a wider label is still drawn, further
  ///     left).
  /// - Returns: The plot area in pixels, with whole-pixel edges and at least 1 x 1 pixels
  ///   (on an output too small for the margins, the whole output).
  public static func plotArea(
    for renderer: some PlotRenderer, options: Options = Options(), yTickLabels: [String] = []
  ) -> PixelRect {
    let m = Metrics(renderer)
    let labelWidth =
      yTickLabels.isEmpty
      ? renderer.textSize(defaultYLabelSample).width
      : yTickLabels.map { renderer.textSize($0).width }.max() ?? 0
    let hasTitle = !(options.title ?? "").isEmpty
    let scales = options.textScales
    let places = options.textPlacements
    let titleLineCount = lineCount(options.title)
    let titleLines =
      (hasTitle
        ? (titleLineCount - places.title.titleLinesGivenBack(lines: titleLineCount))
          * m.lineHeight(scales.title, renderer) + m.labelGapY : 0)
      + (hasText(options.yLabel) || hasText(options.secondY?.label)
        ? yLabelLines(options) * m.lineHeight(scales.yLabel, renderer) + m.labelGapY : 0)
      + secondXMargin(options, renderer, m)
    let keyMargins = keyMargins(options: options, renderer: renderer, metrics: m)
    let turned = turnedLabelsExtra(options: options, renderer: renderer, metrics: m)
    var left = m.snapX(m.pad + labelWidth + m.labelGapX + 2 * m.outset.x + keyMargins.left)
    var right = m.snapX(
      m.pad + 2 * m.outset.x + keyMargins.right + secondYMargin(options, renderer, m))
    if options.hasOutsideLegend && options.key.isDefault {
      let titles = options.legendTitles.filter { !$0.isEmpty }
      let maxTitle = Double(max(renderer.size.width, 1)) * 0.3
      let scale = options.textScales.legend
      right += m.snapX(
        legendWidth(
          titles.map { fit($0, width: maxTitle, renderer: renderer, scale: scale) }, renderer, m,
          scale: scale) + m.pad)
    }
    var top = m.snapY(m.pad + titleLines + 2 * m.outset.y + keyMargins.top)
    var bottom = m.snapY(
      m.pad + 2 * m.outset.y + m.labelGapY + m.char.height + turned + keyMargins.bottom
        + (hasText(options.xLabel)
          ? lineCount(options.xLabel) * m.lineHeight(scales.xLabel, renderer) + m.labelGapY : 0)
        + (options.histogramTitles.isEmpty
          ? 0 : m.lineHeight(scales.xLabel, renderer) + m.labelGapY))
    if hasText(options.xLabel) { bottom += xLabelOffsetHeight(options, renderer, m) }
    if !options.margins.isAutomatic {
      (left, right, top, bottom) = fixedMargins(
        (left, right, top, bottom), options: options, renderer: renderer, metrics: m)
    }
    let w = Double(max(renderer.size.width, 1))
    let h = Double(max(renderer.size.height, 1))
    let width = (w - left - right).rounded(.down)
    let height = (h - top - bottom).rounded(.down)
    guard width >= 1, height >= 1 else { return PixelRect(x: 0, y: 0, width: w, height: h) }
    let area = PixelRect(x: left, y: top, width: width, height: height)
    // A text canvas's dots are not square and its area is whole cells: pictures only.
    guard options.areaRatio != nil, !renderer.capabilities.contains(.cellPoints) else {
      return area
    }
    return applyingRatio(options.areaRatio, to: area)
  }

  /// What `layOutAndDraw(into:options:yTickLabels:sample:)` used: the plot area and the
  /// sampled plot drawn in it.
  public struct Drawn {
    /// The plot area in the output's pixels (`plotArea(for:options:yTickLabels:)`).
    public var plotArea: PixelRect
    /// The plot as sampled for the plot area's size and drawn.
    public var plot: SampledPlot
  }

  /// The one flow of every plot (functions, data, `explore` frames, stream frames, to a
  /// terminal canvas, SVG or any other renderer): reserves the margins for `yTickLabels` and
  /// the title, samples through `sample` at the plot area's size in whole pixels (one
  /// sample column a pixel column), draws, and answers what it used, so a caller that needs
  /// the plot area (a marker, the cells of a trace cursor) does not lay the plot out again.
  ///
  /// - Parameters:
  ///   - renderer: The output to draw into.
  ///   - options: What to draw besides the curves.
  ///   - yTickLabels: The y tick labels the sampled plot will carry (they depend only on the
  ///     y range and the tick count, so they are known before sampling).
  ///   - sample: Samples the plot for a plot area of the given size in pixels.
  /// - Returns: The plot area and the sampled plot.
  @discardableResult
  public static func layOutAndDraw(
    into renderer: inout some PlotRenderer, options: Options = Options(),
    yTickLabels: [String], sample: (PixelSize) -> SampledPlot
  ) -> Drawn {
    let area = plotArea(for: renderer, options: options, yTickLabels: yTickLabels)
    let plot = sample(PixelSize(width: Int(area.width), height: Int(area.height)))
    draw(plot, in: &renderer, plotArea: area, options: options)
    return Drawn(plotArea: area, plot: plot)
  }

  /// Draws `plot` into `renderer`, in this order: grid, axes, frame, ticks and tick labels,
  /// then, clipped to the plot area, the shaded areas (`plot.fills`, `FillGeometry`), the
  /// curves and the guide lines (dashed); then the point markers, legend, title.
  ///
  /// - Parameters:
  ///   - plot: The sampled curves, their viewport and ticks. The viewport's pixels are the
  ///     plot area's: pixel (0, 0) is `plotArea`'s top left corner, and
  ///     `plot.viewport.size` should be `plotArea`'s size (if not, it is scaled to fit).
  ///   - renderer: The output to draw into.
  ///   - plotArea: The plot area, as `plotArea(for:options:yTickLabels:)` answered.
  ///   - options: What to draw besides the curves.
  public static func draw(
    _ plot: SampledPlot, in renderer: inout some PlotRenderer, plotArea: PixelRect,
    options: Options = Options()
  ) {
    let m = Metrics(renderer)
    let map = PixelMap(viewport: plot.viewport, area: plotArea)
    let frame = plotArea.outset(dx: m.outset.x, dy: m.outset.y)
    if !options.curveLooks.isEmpty { renderer.setCurveLooks(options.curveLooks) }
    // The plot area's own fill, if the renderer's look has one (a theme's).
    renderer.fillRect(plotArea, style: .plotArea)
    // Tick positions, in the output's pixels; a tick on the plot area's right or bottom
    // edge is moved a hair inside, so a text canvas puts it in the last cell of the plot
    // area (like the first tick in the first cell), not in the frame's corner.
    let xTicks = plot.xTicks.compactMap { t -> (Double, String)? in
      let px = map.x(t.value)
      guard !t.isMinor, px >= plotArea.minX - 0.5 && px <= plotArea.maxX + 0.5 else { return nil }
      return (min(max(px, plotArea.minX), plotArea.maxX - 1e-6), t.label)
    }
    let yTicks = plot.yTicks.compactMap { t -> (Double, String)? in
      let py = map.y(t.value)
      guard !t.isMinor, py >= plotArea.minY - 0.5 && py <= plotArea.maxY + 0.5 else { return nil }
      return (min(max(py, plotArea.minY), plotArea.maxY - 1e-6), t.label)
    }
    let (xMinor, yMinor) = minorTicks(
      plot, map: map, plotArea: plotArea, metrics: m, tickLength: renderer.tickLength)

    drawObjects(
      .behind, plot: plot, map: map, plotArea: plotArea, options: options, metrics: m,
      into: &renderer)
    // Grid, inside the frame (a line on the frame's edge would only blur it).
    if options.showGrid && renderer.capabilities.contains(.grid), let angle = options.polarGrid {
      // gnuplot draws the circles at the r axis's ticks: nice values over [0, R], R the
      // farthest the view's edges reach from the origin along an axis.
      let (xs, ys) = (plot.viewport.xRange, plot.viewport.yRange)
      let reach = [xs.lowerBound, xs.upperBound, ys.lowerBound, ys.upperBound].map(abs).max() ?? 0
      let radii =
        reach > 0 && reach.isFinite
        ? Ticks.ticks(for: 0...reach, approximateCount: 4).map(\.value).filter { $0 > 0 } : []
      renderer.drawPolylines(
        polarGridLines(radii: radii, angle: angle, map: map, plotArea: plotArea), style: .grid)
    } else if options.showGrid && renderer.capabilities.contains(.grid) {
      let axes = options.gridAxes
      var gridX = axes.contains(.x) ? xTicks.map(\.0) : []
      var gridY = axes.contains(.y) ? yTicks.map(\.0) : []
      if axes.contains(.x2) { gridX += secondTickPixels(options.secondX, map.x, plotArea, x: true) }
      if axes.contains(.y2) {
        gridY += secondTickPixels(options.secondY, map.y, plotArea, x: false)
      }
      let minorX = options.minorGridAxes.contains(.x) ? xMinor : []
      let minorY = options.minorGridAxes.contains(.y) ? yMinor : []
      drawGridLines(
        minorX, minorY, look: options.minorGridLook, plotArea: plotArea, into: &renderer)
      drawGridLines(gridX, gridY, look: options.gridLook, plotArea: plotArea, into: &renderer)
    }

    // Axes x = 0 and y = 0, where they lie strictly inside the view (a log axis has no 0).
    if options.showAxes {
      let x0 = plot.scales.x.isLog ? .nan : map.x(0)
      if options.yZeroAxis.shown, x0 > plotArea.minX && x0 < plotArea.maxX {
        let a = PixelPoint(x: x0, y: plotArea.minY)
        let b = PixelPoint(x: x0, y: plotArea.maxY)
        if options.yZeroAxis.look.isDefault {
          renderer.drawLine(from: a, to: b, style: .axis)
        } else {
          renderer.drawStyledPolylines([[a, b]], style: .axis, look: options.yZeroAxis.look)
        }
      }
      let y0 = plot.scales.y.isLog ? .nan : map.y(0)
      if options.xZeroAxis.shown, y0 > plotArea.minY && y0 < plotArea.maxY {
        let a = PixelPoint(x: plotArea.minX, y: y0)
        let b = PixelPoint(x: plotArea.maxX, y: y0)
        if options.xZeroAxis.look.isDefault {
          renderer.drawLine(from: a, to: b, style: .axis)
        } else {
          renderer.drawStyledPolylines([[a, b]], style: .axis, look: options.xZeroAxis.look)
        }
      }
    }
    drawObjects(
      .back, plot: plot, map: map, plotArea: plotArea, options: options, metrics: m,
      into: &renderer)
    drawAnnotations(
      front: false, plot: plot, map: map, plotArea: plotArea, options: options, metrics: m,
      into: &renderer)

    // Frame and ticks (on all four sides unless not mirrored, pointing inward).
    drawBorder(frame, sides: options.border, look: options.borderLook, in: &renderer)
    let tl = max(0, renderer.tickLength)
    // Tick lengths, signed: positive inward, negative outward (`set xtics out`), scaled.
    let xtl = tl * options.xTickStyle.scale * (options.xTickStyle.outward ? -1 : 1)
    let ytl = tl * options.yTickStyle.scale * (options.yTickStyle.outward ? -1 : 1)
    for (px, _) in xTicks {
      renderer.drawLine(
        from: PixelPoint(x: px, y: frame.maxY), to: PixelPoint(x: px, y: frame.maxY - xtl),
        style: .tick)
      guard options.mirrorsXTicks else { continue }
      renderer.drawLine(
        from: PixelPoint(x: px, y: frame.minY), to: PixelPoint(x: px, y: frame.minY + xtl),
        style: .tick)
    }
    for (py, _) in yTicks {
      renderer.drawLine(
        from: PixelPoint(x: frame.minX, y: py), to: PixelPoint(x: frame.minX + ytl, y: py),
        style: .tick)
      guard options.mirrorsYTicks else { continue }
      renderer.drawLine(
        from: PixelPoint(x: frame.maxX, y: py), to: PixelPoint(x: frame.maxX - ytl, y: py),
        style: .tick)
    }
    drawMinorTicks(
      xMinor, yMinor, in: &renderer, frame: frame, length: tl / 2,
      mirrorX: options.mirrorsXTicks, mirrorY: options.mirrorsYTicks)
    drawSecondAxes(options, map: map, plotArea: plotArea, frame: frame, metrics: m, into: &renderer)

    // Tick labels: x below the frame, y left of it; a label that would overlap the previous
    // one is left out (its tick stays), and x labels are kept inside the output.
    let outW = Double(renderer.size.width)
    var lastRight = -Double.infinity
    let xStyle = options.xTickStyle
    let yStyle = options.yTickStyle
    let xShift = (dx: xStyle.offsetX * m.char.width, dy: -xStyle.offsetY * m.char.height)
    let yShift = (dx: yStyle.offsetX * m.char.width, dy: -yStyle.offsetY * m.char.height)
    let turnsX = xStyle.rotation != 0 && renderer.capabilities.contains(.grid)
    let turnsY = yStyle.rotation != 0 && renderer.capabilities.contains(.grid)
    for (px, label) in xTicks where !label.isEmpty && turnsX {
      // Turned labels (`rotate by N`): their end at the tick, as gnuplot writes them.
      let anchor = TextAnchor(xStyle.rotation > 0 ? .right : .left, .middle)
      renderer.drawText(
        label,
        at: PixelPoint(
          x: px + xShift.dx,
          y: frame.maxY + m.outset.y + m.labelGapY + xShift.dy + m.char.height / 2),
        anchor: anchor, style: .label, scale: 1, rotation: xStyle.rotation, color: nil)
    }
    for (px, label) in xTicks where !label.isEmpty && !turnsX {
      let w = renderer.textSize(label).width
      var left = px - w / 2
      left = min(left, outW - w)
      left = max(left, 0)
      guard left >= lastRight + m.char.width else { continue }
      lastRight = left + w
      renderer.drawText(
        label,
        at: PixelPoint(
          x: left + w / 2 + xShift.dx, y: frame.maxY + m.outset.y + m.labelGapY + xShift.dy),
        anchor: .topCenter, style: .label)
    }
    var lastTop = Double.infinity
    for (py, label) in yTicks.sorted(by: { $0.0 > $1.0 }) where !label.isEmpty {  // bottom up
      let h = renderer.textSize(label).height
      guard turnsY || py + h / 2 <= lastTop else { continue }
      lastTop = py - h / 2
      let at = PixelPoint(
        x: frame.minX - m.outset.x - m.labelGapX + yShift.dx, y: py + yShift.dy)
      if turnsY {
        renderer.drawText(
          label, at: at, anchor: .middleRight, style: .label, scale: 1,
          rotation: yStyle.rotation, color: nil)
      } else {
        renderer.drawText(label, at: at, anchor: .middleRight, style: .label)
      }
    }

    // Curves, clipped to the plot area (a hair inside its right and bottom edges, so a
    // canvas that turns pixels into cells keeps them off the frame's cells).
    let clipRect = PixelRect(
      x: plotArea.minX, y: plotArea.minY, width: max(0, plotArea.width - 1e-6),
      height: max(0, plotArea.height - 1e-6))
    renderer.beginClip(plotArea)
    var ink: [PixelPoint] = []  // where the curves are drawn, for placing the legend
    // Shaded areas first of all, light, under the regions and curves.
    for fill in plot.fills {
      let polygons = FillGeometry.polygons(fill, plot: plot, map: map, clip: clipRect)
      guard !polygons.isEmpty else { continue }
      renderer.fillPolygons(polygons, style: .curve(fill.curve))
      ink += fillInk(polygons, area: plotArea)
    }
    // Regions first, so the curves and equations drawn after them stay on top.
    for (index, curve) in plot.curves.enumerated() {
      guard let grid = curve.relation, !grid.isThin else { continue }
      let region = RelationRegion(grid: grid, area: plotArea)
      renderer.drawRelation(region, style: .curve(index))
      ink += relationInk(region)
    }
    for (index, curve) in plot.curves.enumerated() {
      if let grid = curve.relation {
        guard grid.isThin else { continue }
        let region = RelationRegion(grid: grid, area: plotArea)
        renderer.drawRelation(region, style: .curve(index))
        ink += relationInk(region)
        continue
      }
      if options.look(index).pointLabels != nil { continue }  // after the clip, below
      drawCurve(
        curve, index: index, marks: options.marks(index), look: options.look(index), map: map,
        plotArea: plotArea, clip: clipRect, metrics: m, into: &renderer, ink: &ink,
        errorBarScale: options.errorBarScale)
    }
    // Guide lines (tangents), dashed over the curves.
    for line in plot.guideLines {
      guard let (a, b) = guideSegment(line, map: map, clip: clipRect) else { continue }
      renderer.drawDashedLines([[a, b]], style: .curve(line.curve))
      ink += [a, b]
    }
    renderer.endClip()
    // `with labels`: texts may reach past the plot area (gnuplot keeps them whole).
    for index in plot.curves.indices {
      guard let labels = options.look(index).pointLabels else { continue }
      ink += drawPointLabels(
        labels, index: index, scales: plot.scales, map: map, plotArea: plotArea, metrics: m,
        into: &renderer)
    }
    for box in drawMarkers(plot.markers, map: map, plotArea: plotArea, in: &renderer) {
      ink += [
        PixelPoint(x: box.minX, y: box.minY), PixelPoint(x: box.maxX, y: box.maxY),
        PixelPoint(x: box.minX, y: box.maxY), PixelPoint(x: box.maxX, y: box.minY),
      ]
    }

    drawObjects(
      .front, plot: plot, map: map, plotArea: plotArea, options: options, metrics: m,
      into: &renderer)
    drawAnnotations(
      front: true, plot: plot, map: map, plotArea: plotArea, options: options, metrics: m,
      into: &renderer)
    if options.showLegend && !plot.curves.isEmpty && !options.key.isDefault {
      drawKey(
        plot, options: options, map: map, in: &renderer, plotArea: plotArea, metrics: m,
        avoiding: ink)
    } else if options.showLegend && !plot.curves.isEmpty {
      drawLegend(
        plot.curves.map(\.title), marks: plot.curves.indices.map(options.marks),
        looks: plot.curves.indices.map(options.look),
        regions: plot.curves.map { c in c.relation.flatMap { $0.isThin ? nil : $0.isStrict } },
        in: &renderer,
        plotArea: plotArea, metrics: m, avoiding: ink, placement: options.legendPlacement,
        scale: options.textScales.legend)
    }

    // Above the frame: the y label on the line next to it, the title above that.
    var above = frame.minY - m.outset.y - m.labelGapY - secondXMargin(options, renderer, m)
    let scales = options.textScales
    let places = options.textPlacements
    let char = marginCharacter(renderer, m)
    if hasText(options.yLabel) || hasText(options.secondY?.label) {
      if let label = options.yLabel, !label.isEmpty {
        drawPlacedText(
          label, at: PixelPoint(x: min(m.pad, frame.minX), y: above),
          anchor: TextAnchor(.left, .bottom), scale: scales.yLabel, placement: places.yLabel,
          char: char, metrics: m, into: &renderer)
      }
      if let label = options.secondY?.label, !label.isEmpty {
        renderer.drawText(
          label,
          at: PixelPoint(x: max(Double(renderer.size.width) - m.pad, frame.maxX), y: above),
          anchor: TextAnchor(.right, .bottom), style: .label, scale: scales.yLabel)
      }
      above -= yLabelLines(options) * m.lineHeight(scales.yLabel, renderer) + m.labelGapY
    }
    if let title = options.title, !title.isEmpty {
      // A title moved down by whole characters gave their lines back (`plotArea`): it
      // stays where it was drawn, relative to the frame, and then moves by its offset.
      drawPlacedText(
        title, at: PixelPoint(x: plotArea.minX + plotArea.width / 2, y: above),
        anchor: .bottomCenter, style: .title, scale: scales.title, placement: places.title,
        char: char, metrics: m, into: &renderer)
    }
    // Below the x tick labels: the x label.
    if let label = options.xLabel, !label.isEmpty {
      let y =
        frame.maxY + m.outset.y + 2 * m.labelGapY + m.char.height
        + turnedLabelsExtra(options: options, renderer: renderer, metrics: m)
      drawPlacedText(
        label, at: PixelPoint(x: plotArea.minX + plotArea.width / 2, y: y), anchor: .topCenter,
        scale: scales.xLabel, placement: places.xLabel, char: char, metrics: m, into: &renderer)
    }
    // Below the x label (or in its place): the histograms' titles, each under its histogram
    // (gnuplot's `newhistogram "TITLE"`, moved by its offset in characters).
    if !options.histogramTitles.isEmpty {
      let map = PixelMap(viewport: plot.viewport, area: plotArea)
      let y =
        frame.maxY + m.outset.y + 2 * m.labelGapY + m.char.height
        + turnedLabelsExtra(options: options, renderer: renderer, metrics: m)
        + (hasText(options.xLabel) ? m.lineHeight(scales.xLabel, renderer) + m.labelGapY : 0)
      for title in options.histogramTitles {
        let x = map.x(title.x) + title.offsetX * m.char.width
        guard x.isFinite, x >= plotArea.minX - 1e-9, x <= plotArea.maxX + 1e-9 else { continue }
        renderer.drawText(
          title.text, at: PixelPoint(x: x, y: y - title.offsetY * m.char.height),
          anchor: .topCenter, style: .label, scale: scales.xLabel)
      }
    }
  }

  /// Draws grid lines across `plotArea` at the pixel columns `xs` and rows `ys` (those on
  /// the frame's edges left out: they would only blur it): the output's grid line for the
  /// default look, one stroke of `look` (gnuplot's grid `lt`, `lc`, `lw`, `dt`) otherwise.
  static func drawGridLines(
    _ xs: [Double], _ ys: [Double], look: CurveLook, plotArea: PixelRect,
    into renderer: inout some PlotRenderer
  ) {
    var lines: [[PixelPoint]] = []
    for px in xs where px > plotArea.minX + 0.5 && px < plotArea.maxX - 0.5 {
      lines.append([
        PixelPoint(x: px, y: plotArea.minY), PixelPoint(x: px, y: plotArea.maxY),
      ])
    }
    for py in ys where py > plotArea.minY + 0.5 && py < plotArea.maxY - 0.5 {
      lines.append([
        PixelPoint(x: plotArea.minX, y: py), PixelPoint(x: plotArea.maxX, y: py),
      ])
    }
    guard look.isDefault else {
      if !lines.isEmpty { renderer.drawStyledPolylines(lines, style: .grid, look: look) }
      return
    }
    for line in lines { renderer.drawLine(from: line[0], to: line[1], style: .grid) }
  }

  /// What the x label's upward offset takes from the bottom margin (negative) or a
  /// downward one adds: gnuplot 5.4 gives the margin back as the label moves up, down to
  /// none of the label's lines and gap, and takes more as it moves down (measured on its svg
  /// terminal). Whole pixels, whole cells on a text canvas; 0 without an offset.
  static func xLabelOffsetHeight(
    _ options: Options, _ renderer: some PlotRenderer, _ m: Metrics
  ) -> Double {
    let dy = options.textPlacements.xLabel.offsetY
    guard dy != 0 else { return 0 }
    let own =
      lineCount(options.xLabel) * m.lineHeight(options.textScales.xLabel, renderer) + m.labelGapY
    let char = marginCharacter(renderer, m).height
    let moved =
      renderer.capabilities.contains(.cellPoints)
      ? (-dy).rounded() * char : (-dy * char).rounded()
    return max(-own, moved)
  }

  /// Draws the title or an axis label at its automatic place `point` moved by `placement`'s
  /// offset (characters: `char`, right and up), in its colour, with its box in pictures.
  /// With the default placement it is the one `drawText` call it always was.
  static func drawPlacedText(
    _ text: String, at point: PixelPoint, anchor: TextAnchor, style: DrawStyle = .label,
    scale: Double, placement: TextPlacement, char: (width: Double, height: Double),
    metrics m: Metrics, into renderer: inout some PlotRenderer
  ) {
    guard placement != TextPlacement() else {
      renderer.drawText(text, at: point, anchor: anchor, style: style, scale: scale)
      return
    }
    let at = PixelPoint(
      x: point.x + placement.offsetX * char.width, y: point.y - placement.offsetY * char.height)
    renderer.drawText(
      text, at: at, anchor: anchor, style: style, scale: scale, rotation: 0,
      color: placement.color)
    guard placement.boxed, !renderer.capabilities.contains(.cellPoints) else { return }
    // gnuplot's `boxed`: a rectangle around the text in the frame's line, a pad of room
    // each way.
    let size = renderer.textSize(text, scale: scale)
    let pad = max(m.pad, 2)
    var x = at.x - pad
    switch anchor.horizontal {
    case .left: break
    case .center: x -= size.width / 2
    case .right: x -= size.width
    }
    var y = at.y - pad
    switch anchor.vertical {
    case .top: break
    case .middle: y -= size.height / 2
    case .bottom: y -= size.height
    case .baseline: y -= size.height * 0.75
    }
    let r = PixelRect(x: x, y: y, width: size.width + 2 * pad, height: size.height + 2 * pad)
    renderer.drawStyledPolylines(
      [
        [
          PixelPoint(x: r.minX, y: r.minY), PixelPoint(x: r.maxX, y: r.minY),
          PixelPoint(x: r.maxX, y: r.maxY), PixelPoint(x: r.minX, y: r.maxY),
          PixelPoint(x: r.minX, y: r.minY),
        ]
      ], style: .frame, look: CurveLook())
  }

  /// How many lines `text` takes (gnuplot's `"\n"` in a title or label): 1 without a line
  /// feed, or for none.
  static func lineCount(_ text: String?) -> Double {
    guard let text, let lines = TextLines.lines(text) else { return 1 }
    return Double(lines.count)
  }

  /// How many lines the line of the y and y2 labels above the frame takes: the longer's.
  static func yLabelLines(_ options: Options) -> Double {
    max(lineCount(options.yLabel), lineCount(options.secondY?.label))
  }

  /// Draws one sampled curve in its style: its polylines (lines and the stair, impulse and
  /// box styles), its error bars with caps, and a point marker at each point (gnuplot's
  /// point type, `look.pointType(curve:)`, sized by `look.pointSize`); `.dots` a dot each.
  /// A point on the view's boundary is inside the view (gnuplot draws it): one on the right
  /// or bottom edge, which `clip` leaves out so that no dot lands past the last pixel, is
  /// moved onto the last one.
  static func drawCurve(
    _ curve: SampledCurve, index: Int, marks: CurveMarks, look: CurveLook, map: PixelMap,
    plotArea: PixelRect, clip: PixelRect, metrics m: Metrics,
    into renderer: inout some PlotRenderer, ink: inout [PixelPoint], errorBarScale: Double = 1
  ) {
    let style = DrawStyle.curve(index)
    if !curve.filledAreas.isEmpty {
      // gnuplot's filledcurves: the areas, clipped to the plot area, painted at the look's
      // fill density (`fillArea`) before anything else of the curve.
      var polygons: [[PixelPoint]] = []
      for area in curve.filledAreas {
        let mapped = area.map { PixelPoint(x: map.x($0.x), y: map.y($0.y)) }
        guard mapped.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { continue }
        polygons += FillGeometry.clipped(mapped, to: clip)
      }
      if !polygons.isEmpty {
        renderer.fillArea(polygons, style: style)
        ink += fillInk(polygons, area: plotArea)
      }
    }
    if !curve.filledBoxes.isEmpty {
      // Filled boxes: painted first, their outlines over them (not on a text canvas, whose
      // eighth blocks are the box).
      for box in curve.filledBoxes {
        let x0 = max(clip.minX, min(clip.maxX, map.x(min(box.xLow, box.xHigh))))
        let x1 = max(clip.minX, min(clip.maxX, map.x(max(box.xLow, box.xHigh))))
        let y0 = max(clip.minY, min(clip.maxY, map.y(box.base)))
        let y1 = max(clip.minY, min(clip.maxY, map.y(box.top)))
        guard x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite, x1 > x0, y0 != y1 else {
          continue
        }
        renderer.fillBar(PixelBar(x: x0, width: x1 - x0, base: y0, end: y1), style: style)
        ink += [
          PixelPoint(x: x0, y: y1), PixelPoint(x: x1, y: y1),
          PixelPoint(x: (x0 + x1) / 2, y: (y0 + y1) / 2),
        ]
      }
      if renderer.capabilities.contains(.cellBars) { return }
    }
    // A filled curve strokes its outline with `fs ... border` (its segments, `StyleGeometry`);
    // filled boxes leave theirs out with `noborder`, as gnuplot's do.
    let outlines =
      marks.drawsLines
      ? !(look.fillBorder == false && !curve.filledBoxes.isEmpty)
      : look.fillBorder == true && !curve.filledAreas.isEmpty
    if outlines {
      let lines = curvePolylines(curve, map: map, clip: clip)
      if let border = look.borderColor,
        !curve.filledBoxes.isEmpty || !curve.filledAreas.isEmpty, !lines.isEmpty
      {
        // gnuplot's `fs ... border lt -1`: the fill's outline in its own colour.
        var outline = CurveLook(lineWidth: look.lineWidth, dashType: look.dashType)
        outline.color = border
        renderer.drawStyledPolylines(lines, style: style, look: outline)
      } else if !lines.isEmpty {
        renderer.drawPolylines(lines, style: style)
      }
      for line in lines { ink.append(contentsOf: line) }
    }
    let radius = markerRadius(m) * (look.pointSize ?? 1)
    if !curve.mergedBars.isEmpty {
      // Many bars a pixel column, merged to the pixels they cover: strokes without caps.
      let strokes = curvePolylines(
        SampledCurve(title: curve.title, segments: curve.mergedBars), map: map, clip: clip)
      if !strokes.isEmpty { renderer.drawPolylines(strokes, style: style) }
      for s in strokes { ink.append(contentsOf: s) }
    }
    if !curve.errorBars.isEmpty {
      // The bars, with caps across their ends (gnuplot's `set errorbars` default: small).
      let cap = max(radius, 1) * errorBarScale
      var strokes: [[PixelPoint]] = []
      func add(_ a: PixelPoint, _ b: PixelPoint) {
        if let c = LayoutClip.clipSegment(a, b, to: clip) { strokes.append([c.a, c.b]) }
      }
      for bar in curve.errorBars {
        let px = map.x(bar.point.x)
        let py = map.y(bar.point.y)
        if bar.yLow.isFinite && bar.yHigh.isFinite && px.isFinite {
          let y0 = map.y(bar.yLow)
          let y1 = map.y(bar.yHigh)
          add(PixelPoint(x: px, y: y0), PixelPoint(x: px, y: y1))
          if radius > 0 && cap > 0 {
            add(PixelPoint(x: px - cap, y: y0), PixelPoint(x: px + cap, y: y0))
            add(PixelPoint(x: px - cap, y: y1), PixelPoint(x: px + cap, y: y1))
          }
        }
        if bar.xLow.isFinite && bar.xHigh.isFinite && py.isFinite {
          let x0 = map.x(bar.xLow)
          let x1 = map.x(bar.xHigh)
          add(PixelPoint(x: x0, y: py), PixelPoint(x: x1, y: py))
          if radius > 0 && cap > 0 {
            add(PixelPoint(x: x0, y: py - cap), PixelPoint(x: x0, y: py + cap))
            add(PixelPoint(x: x1, y: py - cap), PixelPoint(x: x1, y: py + cap))
          }
        }
      }
      if !strokes.isEmpty { renderer.drawPolylines(strokes, style: style) }
      for s in strokes { ink.append(contentsOf: s) }
    }
    guard marks.drawsPoints || marks == .dots else { return }
    if Self.drawsPlainPlus(marks, look, renderer) {
      // `points` and `linespoints` without a point type: a `+` at every point, all in one
      // stroke (a dot on a text canvas), as before point types existed.
      var markers: [[PixelPoint]] = []
      for segment in curve.segments {
        for point in segment {
          let p = PixelPoint(x: map.x(point.x), y: map.y(point.y))
          if plotArea.contains(p) {
            let inside = PixelPoint(x: min(p.x, clip.maxX), y: min(p.y, clip.maxY))
            markers += plusMarker(at: inside, radius: radius, clip: clip)
          }
        }
      }
      if !markers.isEmpty { renderer.drawPolylines(markers, style: style) }
      for line in markers { ink.append(contentsOf: line) }
      return
    }
    let type = marks == .dots ? 0 : look.pointType(curve: index)
    let points: [PlotPoint] =
      curve.errorBars.isEmpty ? curve.segments.flatMap { $0 } : curve.errorBars.map(\.point)
    // Markers wholly inside the clip go out together (`drawPoints`); those across its
    // edge are cut there one by one.
    let r = type == 0 ? 0 : radius * 1.3
    var whole: [PixelPoint] = []
    for point in points {
      let p = PixelPoint(x: map.x(point.x), y: map.y(point.y))
      guard plotArea.contains(p) else { continue }
      let inside = PixelPoint(x: min(p.x, clip.maxX), y: min(p.y, clip.maxY))
      if r == 0
        || clip.contains(PixelPoint(x: inside.x - r, y: inside.y - r))
          && clip.contains(PixelPoint(x: inside.x + r, y: inside.y + r))
      {
        whole.append(inside)
      } else {
        drawPointMarker(
          inside, type: type, radius: radius, clip: clip, style: style, into: &renderer)
      }
      ink.append(inside)
    }
    if !whole.isEmpty {
      renderer.drawPoints(at: whole, type: type, radius: radius, style: style)
    }
  }

  /// Whether a curve in `marks` with `look` draws its points as the plain `+` of the
  /// `points` and `linespoints` styles (no point type given): every curve the same `+`,
  /// one stroke for all its markers, one dot on a text canvas. Plots that were drawn before
  /// the point types (`pt`) came stay byte for byte the same. A renderer whose points are
  /// cell marks (`.cellPoints`: a text canvas, where the `+` would be one dot) draws the
  /// curve's own point type instead, so the points are visible and each curve's differ.
  static func drawsPlainPlus(
    _ marks: CurveMarks, _ look: CurveLook, _ renderer: some PlotRenderer
  ) -> Bool {
    (marks == .points || marks == .linesPoints) && look.pointType == nil
      && !renderer.capabilities.contains(.cellPoints)
  }

  /// A `+` marker at `p` (gnuplot's point type 1): two strokes `radius` pixels each way,
  /// clipped to `clip`; one point (a dot) when `radius` is 0.
  static func plusMarker(at p: PixelPoint, radius: Double, clip: PixelRect) -> [[PixelPoint]] {
    guard radius > 0 else { return [[p]] }
    var strokes: [[PixelPoint]] = []
    let ends = [
      (PixelPoint(x: p.x - radius, y: p.y), PixelPoint(x: p.x + radius, y: p.y)),
      (PixelPoint(x: p.x, y: p.y - radius), PixelPoint(x: p.x, y: p.y + radius)),
    ]
    for (a, b) in ends {
      if let c = LayoutClip.clipSegment(a, b, to: clip) { strokes.append([c.a, c.b]) }
    }
    return strokes
  }

  /// A data point's marker at `p`: through `PlotRenderer.drawPoint` when it lies wholly in
  /// `clip`, else its outline's strokes clipped to `clip` (a dot when `radius` is 0).
  static func drawPointMarker(
    _ p: PixelPoint, type: Int, radius: Double, clip: PixelRect, style: DrawStyle,
    into renderer: inout some PlotRenderer
  ) {
    let r = type == 0 ? 0 : radius * 1.3
    if r == 0
      || clip.contains(PixelPoint(x: p.x - r, y: p.y - r))
        && clip.contains(PixelPoint(x: p.x + r, y: p.y + r))
    {
      renderer.drawPoint(at: p, type: type, radius: radius, style: style)
      return
    }
    var strokes: [[PixelPoint]] = []
    for line in PointShape.strokes(type, at: p, radius: radius) {
      strokes += LayoutClip.clipPolyline(line, to: clip)
    }
    if !strokes.isEmpty { renderer.drawPolylines(strokes, style: style) }
  }

  /// Where a relation's ink lies, for placing the legend: the centres of its curve's or
  /// region edge's pixels and of every eighth pixel of its region (at most 20,000 points).
  static func relationInk(_ region: RelationRegion) -> [PixelPoint] {
    var points: [PixelPoint] = []
    let g = region.grid
    for row in 0..<g.height {
      for column in 0..<g.width where g[column, row] != .no {
        if g.isThin || (column % 8 == 0 && row % 8 == 0) || region.isEdge(column: column, row: row)
        {
          points.append(region.centre(column: column, row: row))
          if points.count >= 20_000 { return points }
        }
      }
    }
    return points
  }

  /// Where a fill's shading lies, for placing the legend: points on a lattice of about 40
  /// steps across the plot area's shorter side (at least 4 pixels) inside `polygons`
  /// (at most 20,000 points).
  static func fillInk(_ polygons: [[PixelPoint]], area: PixelRect) -> [PixelPoint] {
    let step = max(4, min(area.width, area.height) / 40)
    var points: [PixelPoint] = []
    var y = area.minY + step / 2
    while y < area.maxY {
      for span in FillGeometry.spans(polygons, atY: y) {
        var x = (span.lowerBound / step).rounded(.up) * step
        while x <= span.upperBound {
          points.append(PixelPoint(x: x, y: y))
          if points.count >= 20_000 { return points }
          x += step
        }
      }
      y += step
    }
    return points
  }

  /// Whether `text` is given and not empty.
  static func hasText(_ text: String?) -> Bool { !(text ?? "").isEmpty }

  /// The width of a legend box holding `titles` (as they will be shown, at `scale` times the
  /// output's text size).
  static func legendWidth(
    _ titles: [String], _ renderer: some PlotRenderer, _ m: Metrics, scale: Double = 1
  ) -> Double {
    let textW = titles.map { renderer.textSize($0, scale: scale).width }.max() ?? 0
    return m.pad + m.sample + m.char.width + textW + m.pad
  }

  /// The pixel polylines of one curve, clipped to `plotArea`: each segment of the curve is
  /// mapped through the viewport (translated to the plot area) and cut where it leaves the
  /// plot area, so the pen also lifts there. Points with a NaN coordinate lift the pen;
  /// infinite and huge values are limited to `±LayoutClip.coordinateLimit` pixels first.
  ///
  /// - Parameters:
  ///   - curve: The sampled curve (plot units).
  ///   - viewport: The plot's viewport (its pixels are the plot area's).
  ///   - plotArea: The plot area in the output's pixels.
  /// - Returns: Polylines in the output's pixels, all inside `plotArea`.
  static func curvePolylines(
    _ curve: SampledCurve, viewport: Viewport, plotArea: PixelRect
  ) -> [[PixelPoint]] {
    curvePolylines(curve, map: PixelMap(viewport: viewport, area: plotArea), clip: plotArea)
  }

  static func curvePolylines(_ curve: SampledCurve, map: PixelMap, clip: PixelRect)
    -> [[PixelPoint]]
  {
    var out: [[PixelPoint]] = []
    for segment in curve.segments {
      let points = segment.map { PixelPoint(x: map.x($0.x), y: map.y($0.y)) }
      out += LayoutClip.clipPolyline(points, to: clip)
    }
    return out
  }

  /// The half-size of a point marker in pixels: 0.4 of the renderer's padding (3.2 pixels in
  /// SVG; 0 on a text canvas, whose marker is one dot).
  static func markerRadius(_ m: Metrics) -> Double { m.pad * 0.4 }

  /// The legend: a box in a corner of the plot area with, for each curve, a short stroke in
  /// the curve's style (a marker in its middle for points) and its title. The corner is the
  /// one whose box covers the fewest of the curves' drawn points `avoiding` (the top right
  /// on a tie, then top left, bottom right, bottom left), as gnuplot's `set key` places by
  /// hand and matplotlib's `loc="best"` places by the same count.
  ///
  /// A curve whose title is empty (`notitle`) has no entry; the others keep their curve's
  /// style. `placement` other than `.best` puts the box in that corner (gnuplot's
  /// `set key top left`), or right of the frame for `.outside` (where
  /// `plotArea(for:options:yTickLabels:)` left a margin for it).
  ///
  /// A region (`regions[i]` not nil: an inequality, whether strict) shows, on a renderer that draws light fills
  /// (`.grid`: SVG, PNG, PDF), a swatch of its look instead of the stroke: a small grid
  /// proven true inside, false around, through `drawRelation`, so it is filled as the region
  /// is with its edge (dashed for a strict inequality) around it.
  static func drawLegend(
    _ titles: [String], marks: [CurveMarks] = [], looks: [CurveLook] = [],
    regions: [Bool?] = [],
    in renderer: inout some PlotRenderer,
    plotArea: PixelRect, metrics m: Metrics, avoiding ink: [PixelPoint] = [],
    placement: LegendPlacement = .best, scale: Double = 1
  ) {
    let sample = m.sample
    let outside = placement == .outside
    let maxTitle =
      outside
      ? Double(max(renderer.size.width, 1)) * 0.3
      : max(m.char.width, plotArea.width * 0.6 - sample - m.char.width - 2 * m.pad)
    let entries = titles.indices.filter { !titles[$0].isEmpty }
    guard !entries.isEmpty else { return }
    let shown = entries.map {
      fit(titles[$0], width: maxTitle, renderer: renderer, scale: scale)
    }
    let lineH = m.lineHeight(scale, renderer)
    let inset = m.pad / 2
    let width = legendWidth(shown, renderer, m, scale: scale)
    let height = m.pad / 2 + lineH * Double(shown.count) + m.pad / 2
    let right = plotArea.maxX - inset - width
    let left = plotArea.minX + inset
    let top = plotArea.minY + inset
    let bottom = plotArea.maxY - inset - height
    let corners = [(right, top), (left, top), (right, bottom), (left, bottom)].map {
      PixelRect(x: $0.0, y: $0.1, width: width, height: height)
    }
    var box = corners[0]
    switch placement {
    case .best:
      var fewest = Int.max
      for corner in corners {
        let covered = ink.reduce(0) { $0 + (corner.contains($1) ? 1 : 0) }
        if covered < fewest {
          fewest = covered
          box = corner
        }
        if covered == 0 { break }
      }
    case .topRight: box = corners[0]
    case .topLeft: box = corners[1]
    case .bottomRight: box = corners[2]
    case .bottomLeft: box = corners[3]
    case .outside:
      box = PixelRect(
        x: plotArea.maxX + 2 * m.outset.x + m.pad, y: plotArea.minY, width: width, height: height)
    }
    if outside {
      guard box.maxX <= Double(renderer.size.width) + 1e-9, box.maxY <= plotArea.maxY else {
        return
      }
    } else {
      guard box.minX >= plotArea.minX, box.maxY <= plotArea.maxY else { return }  // no room
    }
    renderer.fillRect(box, style: .legend)
    renderer.drawRect(box, style: .legend)
    for (row, title) in shown.enumerated() {
      let i = entries[row]
      let cy = box.minY + m.pad / 2 + lineH * (Double(row) + 0.5)
      let sx = box.minX + m.pad
      let kind = marks.indices.contains(i) ? marks[i] : .lines
      if regions.indices.contains(i), let strict = regions[i],
        renderer.capabilities.contains(.grid)
      {
        renderer.drawRelation(
          legendSwatch(x: sx, centreY: cy, width: sample, height: 0.7 * lineH, strict: strict),
          style: .curve(i))
      } else if fillsKeySample(kind, looks.indices.contains(i) ? looks[i] : CurveLook()) {
        // A filled style's sample is a filled box, as gnuplot's key draws it.
        let h = 0.35 * lineH
        renderer.fillBar(
          PixelBar(x: sx, width: sample, base: cy + h, end: cy - h), style: .curve(i))
      } else if kind.drawsLines || kind.errorBars.y || kind.errorBars.x {
        renderer.drawPolyline(
          [PixelPoint(x: sx, y: cy), PixelPoint(x: sx + sample - 1e-6, y: cy)], style: .curve(i))
      }
      let look = looks.indices.contains(i) ? looks[i] : CurveLook()
      if drawsPlainPlus(kind, look, renderer) {
        let centre = PixelPoint(x: sx + sample / 2, y: cy)
        renderer.drawPolylines(
          plusMarker(at: centre, radius: markerRadius(m) * (look.pointSize ?? 1), clip: box),
          style: .curve(i))
      } else if kind.drawsPoints || kind == .dots {
        let centre = PixelPoint(x: sx + sample / 2, y: cy)
        let type = kind == .dots ? 0 : look.pointType(curve: i)
        drawPointMarker(
          centre, type: type, radius: markerRadius(m) * (look.pointSize ?? 1), clip: box,
          style: .curve(i), into: &renderer)
      }
      renderer.drawText(
        title, at: PixelPoint(x: sx + sample + m.char.width, y: cy), anchor: .middleLeft,
        style: .legend, scale: scale)
    }
  }

  /// A legend's region swatch: `width` x `height` pixels left-aligned at `x`, centred on
  /// `centreY`, as a grid of about 1.5-pixel cells proven true inside a ring proven false
  /// (the ring's cells lie just outside the swatch, so the drawn edge is its border).
  static func legendSwatch(
    x: Double, centreY: Double, width: Double, height: Double, strict: Bool
  ) -> RelationRegion {
    let columns = max(3, Int((width / 1.5).rounded()))
    let rows = max(3, Int((height / 1.5).rounded()))
    let cw = width / Double(columns - 2)
    let ch = height / Double(rows - 2)
    var cells = [RelationGrid.Cell](repeating: .yes, count: columns * rows)
    for row in 0..<rows {
      for column in 0..<columns
      where row == 0 || row == rows - 1 || column == 0 || column == columns - 1 {
        cells[row * columns + column] = .no
      }
    }
    let grid = RelationGrid(
      width: columns, height: rows, cells: cells, isThin: false, isStrict: strict)
    let area = PixelRect(
      x: x - cw, y: centreY - height / 2 - ch, width: cw * Double(columns),
      height: ch * Double(rows))
    return RelationRegion(grid: grid, area: area)
  }

  /// `text` cut to at most `width` pixels (at `scale` times the output's text size), ending
  /// in "..." when cut.
  static func fit(
    _ text: String, width: Double, renderer: some PlotRenderer, scale: Double = 1
  ) -> String {
    if renderer.textSize(text, scale: scale).width <= width { return text }
    var chars = Array(text)
    while !chars.isEmpty {
      chars.removeLast()
      let t = String(chars) + "..."
      if renderer.textSize(t, scale: scale).width <= width { return t }
    }
    return ""
  }

  /// A renderer's metrics as the layout uses them.
  struct Metrics {
    var char: (width: Double, height: Double)
    var outset: (x: Double, y: Double)
    var pad: Double
    /// A legend entry's sample stroke: the renderer's `legendSampleWidth`, else three
    /// characters.
    var sample: Double
    /// Between a y label and the frame: one character.
    var labelGapX: Double { char.width }
    /// Between the frame and the x labels or the title.
    var labelGapY: Double { pad / 2 }

    init(_ r: some PlotRenderer) {
      let c = r.textSize("0")
      char = (max(c.width, 1), max(c.height, 1))
      let o = r.frameOutset
      outset = (o.x.isFinite ? max(o.x, 0) : 0, o.y.isFinite ? max(o.y, 0) : 0)
      pad = r.padding.isFinite ? max(r.padding, 0) : 0
      let s = r.legendSampleWidth ?? 3 * char.width
      sample = s.isFinite ? max(s, 0) : 3 * char.width
    }

    /// The height of a line of text at `scale` times the output's size: the character's
    /// height at 1 (as before text sizes), else `renderer.textSize("0", scale:)`'s.
    func lineHeight(_ scale: Double, _ renderer: some PlotRenderer) -> Double {
      if scale == 1 { return char.height }
      let h = renderer.textSize("0", scale: scale).height
      return h.isFinite ? max(h, 1) : char.height
    }

    /// `v` rounded up to whole characters and then to a whole pixel.
    func snapX(_ v: Double) -> Double { ((v / char.width).rounded(.up) * char.width).rounded(.up) }
    /// `v` rounded up to whole lines and then to a whole pixel.
    func snapY(_ v: Double) -> Double {
      ((v / char.height).rounded(.up) * char.height).rounded(.up)
    }
  }

  /// Plot space to the output's pixels: the viewport's pixels scaled to the plot area and
  /// translated to its corner; results limited to `±LayoutClip.coordinateLimit`.
  struct PixelMap {
    var viewport: Viewport
    var area: PixelRect
    var kx: Double
    var ky: Double

    init(viewport: Viewport, area: PixelRect) {
      self.viewport = viewport
      self.area = area
      let vw = Double(viewport.size.width)
      let vh = Double(viewport.size.height)
      kx = vw > 0 ? area.width / vw : 1
      ky = vh > 0 ? area.height / vh : 1
    }

    func x(_ v: Double) -> Double { LayoutClip.limited(area.minX + viewport.pixelX(v) * kx) }
    func y(_ v: Double) -> Double { LayoutClip.limited(area.minY + viewport.pixelY(v) * ky) }
  }
}

extension PlotLayout {
  /// The polylines of a polar grid (gnuplot's `set grid polar ANGLE`, src/graphics.c's
  /// `place_grid` with `polar_grid_angle`): each circle about the origin of radius in
  /// `radii` (plot units) as 360 chords, and rays from the origin every `angle` radians
  /// (from 0, at most 720 of them) out to the largest circle, each in 64 pieces; only the
  /// runs of pieces whose ends lie inside `plotArea` (a circle that leaves the view is cut
  /// there, as gnuplot clips it), in pixels.
  ///
  /// - Parameters:
  ///   - radii: The circles' radii, in plot units.
  ///   - angle: The rays' spacing in radians; no rays when it is not above 0.
  ///   - map: Plot units to pixels.
  ///   - plotArea: The plot area, in pixels.
  /// - Returns: The polylines, in pixels, each of at least two points.
  static func polarGridLines(
    radii: [Double], angle: Double, map: PixelMap, plotArea: PixelRect
  ) -> [[PixelPoint]] {
    var lines: [[PixelPoint]] = []
    func inside(_ p: PixelPoint) -> Bool {
      p.x.isFinite && p.y.isFinite && p.x >= plotArea.minX && p.x <= plotArea.maxX
        && p.y >= plotArea.minY && p.y <= plotArea.maxY
    }
    func point(_ r: Double, _ a: Double) -> PixelPoint {
      PixelPoint(x: map.x(r * cos(a)), y: map.y(r * sin(a)))
    }
    /// The runs of `points` inside the plot area, as polylines.
    func addRuns(_ points: [PixelPoint]) {
      var run: [PixelPoint] = []
      for p in points {
        if inside(p) {
          run.append(p)
        } else {
          if run.count >= 2 { lines.append(run) }
          run = []
        }
      }
      if run.count >= 2 { lines.append(run) }
    }
    let chords = 360
    for r in radii where r.isFinite && r > 0 {
      addRuns((0...chords).map { point(r, 2 * Double.pi * Double($0) / Double(chords)) })
    }
    guard let outer = radii.filter(\.isFinite).max(), outer > 0, angle > 0, angle.isFinite
    else { return lines }
    let rays = min(720, Int((2 * Double.pi / angle - 1e-9).rounded(.up)))
    let pieces = 64
    for k in 0..<rays {
      let a = Double(k) * angle
      addRuns((0...pieces).map { point(outer * Double($0) / Double(pieces), a) })
    }
    return lines
  }
}

/// Where a plot's legend goes (gnuplot's `set key`).
public enum LegendPlacement: String, Sendable, Hashable, CaseIterable {
  /// Inside, in the corner whose box covers the fewest curve points (graphcalc's default).
  case best
  /// Inside, in the top left corner.
  case topLeft = "top left"
  /// Inside, in the top right corner (gnuplot's default).
  case topRight = "top right"
  /// Inside, in the bottom left corner.
  case bottomLeft = "bottom left"
  /// Inside, in the bottom right corner.
  case bottomRight = "bottom right"
  /// Outside the frame, on its right, at the top (the plot area narrows to make room).
  case outside
}

/// A title written under the x axis, centred on an x (gnuplot's `newhistogram "TITLE"`,
/// under the x label).
public struct HistogramTitle: Sendable, Hashable {
  /// The text.
  public var text: String
  /// The x (plot units) it is centred on.
  public var x: Double
  /// Its offset in characters, to the right.
  public var offsetX: Double
  /// Its offset in characters, up.
  public var offsetY: Double

  /// Creates a title of `text` centred on `x`, moved by the offset (characters).
  public init(text: String, x: Double, offsetX: Double = 0, offsetY: Double = 0) {
    self.text = text
    self.x = x
    self.offsetX = offsetX
    self.offsetY = offsetY
  }
}
