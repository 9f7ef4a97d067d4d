import GraphView
import ImageRenderer
import SVGRenderer
import TextAndNumbers
import TextCanvas

/// The size of the terminal a plot is drawn for, in character cells.
public struct TerminalSize: Sendable, Hashable {
  /// Columns of characters.
  public var columns: Int
  /// Rows of characters (the plot leaves one for the prompt).
  public var rows: Int
  /// Creates a size of `columns` x `rows` cells, each clamped to `1...largest` (sizes come
  /// from outside: `COLUMNS`, `LINES`, the terminal's window size; `COLUMNS` of 3.07e18 once
  /// overflowed an integer and `LINES` of 2^63 - 1 asked for 16 GB).
  public init(columns: Int, rows: Int) {
    self.columns = Swift.min(Swift.max(columns, 1), Self.largest.columns)
    self.rows = Swift.min(Swift.max(rows, 1), Self.largest.rows)
  }

  /// The largest size drawn: 2000 columns by 1000 rows (a 4K screen in a 2-pixel font is
  /// about 1900 by 1000).
  public static let largest = (columns: 2000, rows: 1000)
}

/// The three outputs of a plot, each drawn from the same `FunctionCurves` (functions and
/// data series) through `PlotLayout`: the terminal (ASCII), SVG and the `set table` text.
public enum PlotOutput {
  /// The smallest terminal a plot is drawn in (columns, rows including the prompt's).
  static let minimumTerminal = TerminalSize(columns: 20, rows: 7)

  /// The plot as text filling a terminal of `size`, leaving its last row for the prompt: one
  /// line a row, no trailing newline; on `canvas` (7-bit ASCII by default), coloured with
  /// `colors` when given (see `TerminalColors`).
  ///
  /// Ticks: about one x tick every 12 columns and one y tick every 4 rows (2 to 10 each).
  ///
  /// - Parameters:
  ///   - curves: The functions and the view.
  ///   - size: The terminal's size in cells.
  ///   - canvas: The character canvas (braille, block or ASCII).
  ///   - colors: The colours, or nil for plain text.
  ///   - budget: The sampler's limits per function curve.
  /// - Returns: The picture.
  /// - Throws: `CommandError` when the terminal is smaller than `minimumTerminal`.
  public static func terminal(
    _ curves: FunctionCurves, size: TerminalSize, canvas: CanvasKind = .ascii,
    colors: TerminalColors? = nil,
    budget: SamplingBudget = .default
  ) throws(CommandError) -> String {
    try terminalWithNotes(curves, size: size, canvas: canvas, colors: colors, budget: budget).text
  }

  /// `terminal(_:size:canvas:colors:budget:)`, with the notes about curves the sampler could
  /// not resolve (`undecidedNotes`), to print after the picture.
  ///
  /// On a picture canvas (`kitty`, `iterm`, `sixel`) the text is the escape sequences of a
  /// picture that fills the cells a character plot would (`size.columns` x `size.rows - 1`
  /// cells of `cellPixels`), drawn in `theme` as `export png` draws (its text the size of
  /// the terminal's, `inlineFontSize`), and the cursor ends on its last row; `passthrough`
  /// wraps it for tmux (`inline`).
  ///
  /// - Returns: The picture (no trailing newline) and the note lines (each without newline).
  /// - Throws: `CommandError` when the terminal is smaller than `minimumTerminal`, or
  ///   (`.image`) when a picture cannot be made.
  static func terminalWithNotes(
    _ curves: FunctionCurves, size: TerminalSize, canvas: CanvasKind = .ascii,
    colors: TerminalColors? = nil,
    budget: SamplingBudget = .default, cellPixels: PixelSize = PixelSize(width: 10, height: 20),
    theme: Theme = .default, passthrough: Bool = false
  ) throws(CommandError) -> (text: String, notes: [String]) {
    try checkTerminalSize(size)
    if canvas.isImage {
      let columns = size.columns
      let rows = size.rows - 1
      let renderer = inlineRenderer(columns: columns, rows: rows, cellPixels, theme: theme)
      let notes = draw(curves, onPicture: renderer, budget: budget)
      return (
        try inline(
          renderer, canvas: canvas, columns: columns, rows: rows, passthrough: passthrough),
        notes
      )
    }
    let drawn = TerminalPlot.render(
      curves, columns: size.columns, rows: size.rows - 1, canvas: canvas, colors: colors,
      budget: budget)
    return (drawn.text, drawn.notes)
  }

  /// Refuses a terminal smaller than `minimumTerminal`, as drawing a plot there would.
  ///
  /// - Throws: `CommandError` (`.terminalTooSmall`) naming the size and the least one.
  static func checkTerminalSize(_ size: TerminalSize) throws(CommandError) {
    guard size.columns >= minimumTerminal.columns, size.rows >= minimumTerminal.rows else {
      throw CommandError(
        .terminalTooSmall(
          columns: size.columns, rows: size.rows, minimumColumns: minimumTerminal.columns,
          minimumRows: minimumTerminal.rows))
    }
  }

  /// The font size of a picture in the terminal: about the terminal's own text, 0.6 of a
  /// cell's height (12 px in cells 20 px tall), from 8 to 24 px.
  static func inlineFontSize(_ cellPixels: PixelSize) -> Double {
    min(max(0.6 * Double(cellPixels.height), 8), 24)
  }

  /// The escape sequences that show `renderer`'s picture over `columns` x `rows` cells on
  /// picture canvas `canvas`. kitty's cursor stays where the picture starts, so it is moved
  /// down to the picture's last row by line feeds (which scroll the screen when the picture
  /// reaches below it); after a sixel or iTerm2 picture the terminal puts the
  /// cursor on the line below it (xterm -ti vt340, looked at), so the prompt comes one line
  /// lower than after a character plot.
  ///
  /// With `passthrough` (inside tmux with `allow-passthrough on`) the picture's sequences
  /// are wrapped so tmux hands them to the terminal outside (`InlineImage.tmuxPassthrough`).
  ///
  /// - Throws: `CommandError` (`.image`) when the picture cannot be encoded.
  static func inline(
    _ renderer: CairoRenderer, canvas: CanvasKind, columns: Int, rows: Int,
    passthrough: Bool = false
  ) throws(CommandError) -> String {
    do throws(ImageError) {
      switch canvas {
      case .kitty:
        let png = try renderer.pngData()
        // Line feeds, not `ESC [ N B`: a picture placed near the bottom reaches below the
        // screen (kitty does not scroll for it), where `B` stops at the last row and the
        // prompt came out under the picture's last row; each line feed at the bottom
        // scrolls the screen, the picture with it. The carriage return ends the text on the
        // picture's last row (not after a line feed), so the newline that ends every reply
        // (or joins the notes) is the one that goes below it.
        let down = String(repeating: "\n", count: max(rows - 1, 0)) + "\r"
        return InlineImage.kitty(png: png, columns: columns, rows: rows, passthrough: passthrough)
          + down
      case .iterm:
        let png = try renderer.pngData()
        let image = InlineImage.iterm(png: png, columns: columns, rows: rows)
        return passthrough ? InlineImage.tmuxPassthrough(image) : image
      default:
        // On a gradient (dark-gradient, slate, stocks) libsixel's median cut bands the
        // background in colours it does not have (slate's blue-grey came out in grey and
        // lavender stripes, looked at): the theme's palette (`SixelEncoder.themePalette`,
        // the gradient sampled at 16 heights) keeps every band the gradient's own colour.
        let image =
          hasGradient(renderer.theme)
          ? try SixelEncoder(palette: SixelEncoder.themePalette(renderer.theme)).encode(renderer)
          : try InlineImage.sixel(
            rgb: renderer.rgbPixels(), width: renderer.size.width,
            height: renderer.size.height, background: solidBackground(renderer.theme))
        return passthrough ? InlineImage.tmuxPassthrough(image) : image
      }
    } catch {
      throw CommandError(cause: .image(error))
    }
  }

  /// Whether the theme paints a gradient (its background or its plot area: stocks' black
  /// page has a blue gradient inside the frame).
  static func hasGradient(_ theme: Theme) -> Bool {
    if case .vertical = theme.background { return true }
    if case .vertical = theme.plotArea { return true }
    return false
  }

  /// The theme's background when it is one colour (what a sixel palette keeps exact), nil
  /// for a gradient.
  static func solidBackground(_ theme: Theme) -> RGBColor? {
    if case .solid(let color) = theme.background { return color }
    return nil
  }

  /// The notes about the curves of `plot` whose columns the sampler could not resolve
  /// within its budget (`SampledCurve.undecidedColumns`), one line each, e.g. `note: 3
  /// columns of tan(1/x) could not be resolved within the sampling budget (drawn from point
  /// samples)`.
  ///
  /// Only a significant count is reported: more than 2 columns and more than 1 % of the
  /// plot area's columns. A removable hole such as sin(x)/x at 0 leaves the one or two
  /// columns beside it undecided (the interval enclosures near the hole never tighten), and
  /// those are drawn correctly from point samples.
  ///
  /// - Parameter plot: The sampled plot (its viewport's width is the column count).
  /// - Returns: The note lines, without newlines; empty when there is nothing to report.
  public static func undecidedNotes(_ plot: SampledPlot) -> [String] {
    let columns = max(1, plot.viewport.size.width)
    return plot.curves.compactMap { curve in
      if let grid = curve.relation { return relationNote(grid, title: curve.title) }
      if curve.undecidedPieces > 0 {
        let n = curve.undecidedPieces
        return "note: \(n) piece\(n == 1 ? "" : "s") of the parameter of \(noteTitle(curve.title)) "
          + "could not be resolved within the sampling budget (joined point to point)"
      }
      let n = curve.undecidedColumns
      guard n > 2, n * 100 > columns else { return nil }
      let title = noteTitle(curve.title)
      return "note: \(n) column\(n == 1 ? "" : "s") of \(title) could not be resolved within the "
        + "sampling budget (drawn from point samples)"
    }
  }

  /// The note on a relation's undecided pixels, if it has any: `note: 12 of 19200 pixels
  /// of x^2 + y^2 = 0 are undecided (neither proven to hold nor not to)`, with why the solve
  /// stopped early when it did (`the time budget ran out`, `interrupted`).
  static func relationNote(_ grid: RelationGrid, title: String) -> String? {
    let n = grid.undecidedCount
    guard n > 0 else { return nil }
    let why: String
    switch grid.stop {
    case nil: why = ""
    case .boxes?: why = "; the box budget ran out"
    case .time?: why = "; the time budget ran out"
    case .interrupted?: why = "; interrupted"
    }
    return "note: \(n) of \(grid.width * grid.height) pixels of \(noteTitle(title)) "
      + "\(n == 1 ? "is" : "are") undecided (neither proven to hold nor not to\(why))"
  }

  /// The plot as an SVG document of `width` x `height` pixels.
  ///
  /// Ticks: about one x tick every 80 pixels and one y tick every 60 (2 to 10 each), the
  /// sampler's default.
  ///
  /// - Parameters:
  ///   - curves: The functions and the view.
  ///   - width: The document's width in pixels.
  ///   - height: The document's height in pixels.
  ///   - budget: The sampler's limits per function curve.
  /// - Returns: The document, ending in a newline.
  public static func svg(
    _ curves: FunctionCurves, width: Int, height: Int, budget: SamplingBudget = .default
  ) -> String {
    svgWithNotes(curves, width: width, height: height, budget: budget).text
  }

  /// `svg(_:width:height:budget:)` with the notes of `undecidedNotes`.
  static func svgWithNotes(
    _ curves: FunctionCurves, width: Int, height: Int, budget: SamplingBudget = .default,
    theme: Theme = .default
  ) -> (text: String, notes: [String]) {
    let size = PixelSize(width: width, height: height)
    var svg = SVGRenderer(size: size, fontSize: PlotLayout.fontSize(for: size), theme: theme)
    let notes = draw(
      curves, into: &svg, xTickCount: tickCount(width, per: 80),
      yTickCount: tickCount(height, per: 60), budget: budget
    ).notes
    return (svg.document(), notes)
  }

  /// The plot as a PNG or PDF file of `width` x `height` pixels (a PDF page of 0.75 pt a
  /// pixel): the SVG's picture (the same layout, ticks and colours) drawn by
  /// `CairoRenderer`, with the notes of `undecidedNotes`.
  ///
  /// - Parameters:
  ///   - curves: The functions and the view.
  ///   - width: The picture's width in pixels.
  ///   - height: The picture's height in pixels.
  ///   - format: PNG or PDF.
  ///   - budget: The sampler's limits per function curve.
  ///   - theme: The colours and line widths.
  /// - Returns: The file's bytes and the notes.
  /// - Throws: `CommandError` (`.image`) when cairo cannot make the picture.
  public static func pictureWithNotes(
    _ curves: FunctionCurves, width: Int, height: Int, format: CairoRenderer.Format,
    budget: SamplingBudget = .default, theme: Theme = .default
  ) throws(CommandError) -> (bytes: [UInt8], notes: [String]) {
    let size = PixelSize(width: width, height: height)
    let renderer = CairoRenderer(
      size: size, format: format, fontSize: PlotLayout.fontSize(for: size), theme: theme)
    let notes = draw(curves, onPicture: renderer, budget: budget)
    return (try picture(renderer), notes)
  }

  /// Draws `curves` on the picture `renderer` with the pictures' tick spacing (one x tick
  /// per 80 pixels, one y tick per 60) and answers the `undecidedNotes`.
  static func draw(
    _ curves: FunctionCurves, onPicture renderer: CairoRenderer, budget: SamplingBudget
  ) -> [String] {
    var renderer = renderer
    return draw(
      curves, into: &renderer, xTickCount: tickCount(renderer.size.width, per: 80),
      yTickCount: tickCount(renderer.size.height, per: 60), budget: budget
    ).notes
  }

  /// A PNG picture for the terminal that fills `columns` x `rows` cells of `cellPixels`
  /// (each side at most 10,000 pixels), its text the terminal's size (`inlineFontSize`).
  static func inlineRenderer(
    columns: Int, rows: Int, _ cellPixels: PixelSize, theme: Theme
  ) -> CairoRenderer {
    CairoRenderer(
      size: inlineSize(columns: columns, rows: rows, cellPixels), format: .png,
      fontSize: inlineFontSize(cellPixels), theme: theme)
  }

  /// The size in pixels of a picture for the terminal over `columns` x `rows` cells of
  /// `cellPixels` (each side at most 10,000 pixels).
  static func inlineSize(columns: Int, rows: Int, _ cellPixels: PixelSize) -> PixelSize {
    PixelSize(
      width: min(max(columns, 1) * max(cellPixels.width, 1), 10_000),
      height: min(max(rows, 1) * max(cellPixels.height, 1), 10_000))
  }

  /// The plot area (pixels) of `curves` on a picture for the terminal of `columns` x `rows`
  /// cells (`inlineRenderer`), as `draw(_:onPicture:budget:)` lays it out, without making
  /// the picture: an SVG renderer of the same size and font stands in for measuring, its
  /// text estimate (0.6 em a character by 1.2 em a line) and metrics being cairo's.
  static func inlinePlotArea(
    _ curves: FunctionCurves, columns: Int, rows: Int, _ cellPixels: PixelSize
  ) -> PixelRect {
    let size = inlineSize(columns: columns, rows: rows, cellPixels)
    let measure = SVGRenderer(size: size, fontSize: inlineFontSize(cellPixels))
    return plotArea(curves, for: measure, yTickCount: tickCount(size.height, per: 60))
  }

  /// The bytes of `renderer`'s picture in its format.
  ///
  /// - Throws: `CommandError` (`.image`) when cairo fails.
  static func picture(_ renderer: CairoRenderer) throws(CommandError) -> [UInt8] {
    do throws(ImageError) {
      return renderer.format == .png ? try renderer.pngData() : try renderer.pdfData()
    } catch {
      throw CommandError(cause: .image(error))
    }
  }

  /// The sampled curves in gnuplot's `set table` format (`TableWriter`), sampled with a
  /// viewport of exactly `width` x `height` pixels over the view: one sample column a pixel
  /// column across the x range, as a plot area of that size would be sampled.
  ///
  /// - Parameters:
  ///   - curves: The functions and the view.
  ///   - width: Pixel columns across the x range.
  ///   - height: Pixel rows across the y range (the sampler's tolerances are in pixels).
  ///   - budget: The sampler's limits per function curve.
  /// - Returns: The table, ending in a newline.
  public static func table(
    _ curves: FunctionCurves, width: Int, height: Int, budget: SamplingBudget = .default
  ) -> String {
    tableWithNotes(curves, width: width, height: height, budget: budget).text
  }

  /// `table(_:width:height:budget:)` with the notes of `undecidedNotes`.
  static func tableWithNotes(
    _ curves: FunctionCurves, width: Int, height: Int, budget: SamplingBudget = .default
  ) -> (text: String, notes: [String]) {
    var plot = sample(curves, size: PixelSize(width: width, height: height), budget: budget)
    decorate(&plot, with: curves)
    let scales = curves.labels.scales
    var raw = curves
    raw.links = AxisLinks()
    var text =
      scales.isLinear && curves.dataCurves.isEmpty && curves.links.isEmpty
        && (0..<curves.curveCount).allSatisfy({ curves.numberOfRecords(forCurve: $0) == nil })
      ? TableWriter.table(plot)
      : TableWriter.table(
        plot, source: curves, xRange: curves.xRange, yRange: curves.yRange, links: curves.links,
        raw: raw)
    if scales.isLinear { text += TableWriter.overlayBlocks(plot, after: !text.isEmpty) }
    return (text, undecidedNotes(plot) + scaleNotes(curves, plot: plot))
  }

  /// `title` for a note line, safe for a terminal (`TerminalText.safe`: control characters
  /// and bidi controls become U+FFFD, a tab a space), more than 60 characters cut with `…`.
  static func noteTitle(_ title: String) -> String {
    let text = TerminalText.safe(title)
    return text.count > 60 ? String(text.prefix(59)) + "…" : text
  }

  /// The y tick labels of a plot of `curves` with about `yTickCount` ticks (calendar
  /// labels on a time axis): what the left margin is sized for.
  static func yTickLabels(_ curves: FunctionCurves, yTickCount: Int) -> [String] {
    let scale = curves.labels.scales.y
    var ticks = ScaledPlot.ticks(
      for: curves.yRange, scale: scale, isTime: curves.yAxisIsTime,
      approximateCount: yTickCount)
    let labels = curves.drawnLabels
    if !labels.yTics.isAutomatic || labels.decimalSign != nil,
      let range = scale.coordinates(scale.shownRange(curves.yRange))
    {
      ticks = labels.ticks(ticks, x: false, range: range, isTime: curves.yAxisIsTime)
    }
    return ticks.map(\.label).filter { !$0.isEmpty }
  }

  /// The options `curves` are drawn with (each curve's marks, and their looks when one
  /// has an option set: `lw`, `lc`, `pt`, `ps`, `dt`).
  static func options(
    _ curves: FunctionCurves, xTickCount: Int = 5, yTickCount: Int = 5
  ) -> PlotLayout.Options {
    var options = curves.labels.options(
      marks: RecordsSampler.marks(of: curves), titles: curves.titles)
    if !curves.links.isEmpty || curves.labels.second != SecondAxesSettings() {
      (options.secondX, options.secondY) = secondAxes(
        curves, xTickCount: xTickCount, yTickCount: yTickCount)
    }
    var looks = RecordsSampler.looks(of: curves)
    if let size = curves.labels.annotations.pointSize {  // `set pointsize N`
      for i in looks.indices where looks[i].pointSize == nil { looks[i].pointSize = size }
    }
    if looks.contains(where: { !$0.isDefault }) { options.curveLooks = looks }
    options.histogramTitles = curves.histogramTitles
    return options
  }

  /// Where the plot area of `curves` lies in `renderer`, as `draw` lays it out, without
  /// sampling or drawing.
  static func plotArea(
    _ curves: FunctionCurves, for renderer: some PlotRenderer, yTickCount: Int
  ) -> PixelRect {
    PlotLayout.plotArea(
      for: renderer, options: options(curves, yTickCount: yTickCount),
      yTickLabels: yTickLabels(curves, yTickCount: yTickCount))
  }

  /// Lays out, samples and draws `curves` into `renderer` (`PlotLayout.layOutAndDraw`).
  ///
  /// The y tick labels are worked out before sampling (they depend only on the y range and
  /// the count), so the left margin fits them and the curves are sampled once, at the plot
  /// area's final size. Functions go through the sampler, data series through decimation
  /// (`RecordsSampler`); a time axis gets calendar ticks.
  ///
  /// - Returns: The plot area and sampled plot used, and the `undecidedNotes`.
  @discardableResult
  static func draw(
    _ curves: FunctionCurves, into renderer: inout some PlotRenderer, xTickCount: Int,
    yTickCount: Int,
    budget: SamplingBudget = .default
  ) -> (drawn: PlotLayout.Drawn, notes: [String]) {
    let drawn = PlotLayout.layOutAndDraw(
      into: &renderer, options: options(curves, xTickCount: xTickCount, yTickCount: yTickCount),
      yTickLabels: yTickLabels(curves, yTickCount: yTickCount)
    ) { size in
      var plot = sample(
        curves, size: size, xTickCount: xTickCount, yTickCount: yTickCount, budget: budget)
      decorate(&plot, with: curves)
      return plot
    }
    return (
      drawn,
      undecidedNotes(drawn.plot) + scaleNotes(curves, plot: drawn.plot) + curves.markerNotes
    )
  }

  /// Puts what `curves` carry besides their curves on the sampled `plot`: the marked points
  /// of interest, the shaded areas and, on linear axes, the tangent lines with a marker at
  /// each point of contact (no label: the line's equation is what `tangent` printed).
  static func decorate(_ plot: inout SampledPlot, with curves: FunctionCurves) {
    plot.markers = curves.markers
    // `set mxtics N`, `set mytics N`: minor ticks between the major ones of a linear axis.
    let annotations = curves.labels.annotations
    if let n = annotations.minorX, !curves.labels.scales.x.isLog {
      let r = plot.viewport.xRange
      plot.xTicks += PlotAnnotations.minorTicks(plot.xTicks, intervals: n, range: r)
    }
    if let n = annotations.minorY, !curves.labels.scales.y.isLog {
      let r = plot.viewport.yRange
      plot.yTicks += PlotAnnotations.minorTicks(plot.yTicks, intervals: n, range: r)
    }
    // A fill's x range is in values; the sampled plot is in the axes' coordinates.
    let x = curves.labels.scales.x
    plot.fills = curves.fills.compactMap { fill in
      guard x.isLog, let range = fill.xRange else { return fill }
      // A bound at or below 0 reaches the axis's left end; a range all below, nothing.
      guard range.upperBound > 0 else { return nil }
      let lower = range.lowerBound > 0 ? x.coordinate(range.lowerBound) : -Double.infinity
      var copy = fill
      copy.xRange = lower...x.coordinate(range.upperBound)
      return copy
    }
    guard curves.labels.scales.isLinear else { return }
    plot.guideLines = curves.guideLines
    for line in curves.guideLines {
      plot.markers.append(
        PlotMarker(x: line.x0, y: line.y0, curve: line.curve, isProven: true, label: ""))
    }
  }

  /// One tick per `per` units of `length`, from 2 to 10.
  static func tickCount(_ length: Int, per: Int) -> Int {
    min(10, max(2, length / per))
  }
}
