import GraphView
import SVGRenderer
import TextCanvas

/// The size of the terminal a plot is drawn for, in character cells.
public struct TerminalSize: Sendable, Hashable {
  /// Columns of characters.
  public var columns: Int
  /// Rows of characters (the plot leaves one for the prompt).
  public var rows: Int
  /// Creates a size of `columns` x `rows` cells.
  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }
}

/// The three outputs of a plot, each drawn from the same `FunctionCurves` (functions and
/// data series) through `PlotLayout`: the terminal (ASCII), SVG and the `set table` text.
public enum PlotOutput {
  /// The smallest terminal a plot is drawn in (columns, rows including the prompt's).
  public static let minimumTerminal = TerminalSize(columns: 20, rows: 7)

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
  /// - Returns: The picture.
  /// - Throws: `CommandError` when the terminal is smaller than `minimumTerminal`.
  public static func terminal(
    _ curves: FunctionCurves, size: TerminalSize, canvas: CanvasKind = .ascii, colors: TerminalColors? = nil
  ) throws(CommandError) -> String {
    guard size.columns >= minimumTerminal.columns, size.rows >= minimumTerminal.rows else {
      throw CommandError(
        "the terminal (\(size.columns)x\(size.rows)) is too small to plot in; it needs "
          + "\(minimumTerminal.columns)x\(minimumTerminal.rows)")
    }
    return TerminalPlot.render(
      curves, columns: size.columns, rows: size.rows - 1, canvas: canvas, colors: colors
    ).text
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
  /// - Returns: The document, ending in a newline.
  public static func svg(_ curves: FunctionCurves, width: Int, height: Int) -> String {
    var svg = SVGRenderer(size: PixelSize(width: width, height: height))
    draw(
      curves, into: &svg, xTickCount: tickCount(width, per: 80),
      yTickCount: tickCount(height, per: 60))
    return svg.document()
  }

  /// The sampled curves in gnuplot's `set table` format (`TableWriter`), sampled with a
  /// viewport of exactly `width` x `height` pixels over the view: one sample column a pixel
  /// column across the x range, as a plot area of that size would be sampled.
  ///
  /// - Parameters:
  ///   - curves: The functions and the view.
  ///   - width: Pixel columns across the x range.
  ///   - height: Pixel rows across the y range (the sampler's tolerances are in pixels).
  /// - Returns: The table, ending in a newline.
  public static func table(_ curves: FunctionCurves, width: Int, height: Int) -> String {
    TableWriter.table(RecordsSampler.samplePlot(curves, size: PixelSize(width: width, height: height)))
  }

  /// Lays out, samples and draws `curves` into `renderer` (the flow of `PlotLayout`).
  ///
  /// The y tick labels are worked out before sampling (they depend only on the y range and
  /// the count), so the left margin fits them and the curves are sampled once, at the plot
  /// area's final size. Functions go through the sampler, data series through decimation
  /// (`RecordsSampler`); a time axis gets calendar ticks.
  static func draw(
    _ curves: FunctionCurves, into renderer: inout some PlotRenderer, xTickCount: Int, yTickCount: Int
  ) {
    let options = PlotLayout.Options(curveMarks: RecordsSampler.marks(of: curves))
    let labels = RecordsSampler.ticks(
      for: curves.yRange, isTime: curves.yAxisIsTime, approximateCount: yTickCount
    ).map(\.label)
    let area = PlotLayout.plotArea(for: renderer, options: options, yTickLabels: labels)
    let size = PixelSize(width: Int(area.width), height: Int(area.height))
    let plot = RecordsSampler.samplePlot(curves, size: size, xTickCount: xTickCount, yTickCount: yTickCount)
    PlotLayout.draw(plot, in: &renderer, plotArea: area, options: options)
  }

  /// One tick per `per` units of `length`, from 2 to 10.
  static func tickCount(_ length: Int, per: Int) -> Int {
    min(10, max(2, length / per))
  }
}
