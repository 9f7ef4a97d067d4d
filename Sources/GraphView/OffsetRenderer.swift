/// A part of another renderer's output drawn as an output of its own: a multiplot's panel,
/// or a plot after gnuplot's `set size W,H` / `set origin X,Y` (after gnuplot 5.4's
/// multiplot, whose plots share one page, each in the part its size and origin give).
///
/// Every coordinate drawn is moved by `origin` into `base`'s pixels; `size` is the part's
/// own, so the layout reserves its margins in the part. Text keeps `base`'s font (gnuplot's
/// panels keep the page's font too). Capabilities, frame outset, tick length, padding and
/// the legend's sample come from `base`. The part should lie inside `base` (`PlotLayout`
/// hands renderers only coordinates inside their output).
public struct OffsetRenderer<Base: PlotRenderer>: PlotRenderer {
  /// The renderer drawn into.
  public var base: Base
  /// The part's top left corner in `base`'s pixels.
  public var origin: PixelPoint
  /// The part's size in pixels.
  public var size: PixelSize

  /// A part of `base` of `rect` (pixels of `base`; its size rounded to whole pixels, at
  /// least 1 x 1).
  public init(_ base: Base, rect: PixelRect) {
    self.base = base
    origin = PixelPoint(x: rect.minX, y: rect.minY)
    size = PixelSize(
      width: max(1, Int(rect.width.rounded())), height: max(1, Int(rect.height.rounded())))
  }

  /// The page, `base`'s whole output (or `base`'s own page), in the part's pixels (for
  /// margins `at screen`).
  public var pageRect: PixelRect? {
    if let page = base.pageRect {
      return PixelRect(
        x: page.x - origin.x, y: page.y - origin.y, width: page.width, height: page.height)
    }
    return PixelRect(
      x: -origin.x, y: -origin.y, width: Double(base.size.width),
      height: Double(base.size.height))
  }

  func moved(_ p: PixelPoint) -> PixelPoint { PixelPoint(x: p.x + origin.x, y: p.y + origin.y) }
  func moved(_ r: PixelRect) -> PixelRect {
    PixelRect(x: r.x + origin.x, y: r.y + origin.y, width: r.width, height: r.height)
  }
  func moved(_ lines: [[PixelPoint]]) -> [[PixelPoint]] { lines.map { $0.map(moved) } }

  /// `base`'s.
  public var capabilities: RendererCapabilities { base.capabilities }
  /// `base`'s.
  public var frameOutset: (x: Double, y: Double) { base.frameOutset }
  /// `base`'s.
  public var tickLength: Double { base.tickLength }
  /// `base`'s.
  public var padding: Double { base.padding }
  /// `base`'s.
  public var legendSampleWidth: Double? { base.legendSampleWidth }

  /// Strokes the polyline, moved into `base`.
  public mutating func drawPolyline(_ points: [PixelPoint], style: DrawStyle) {
    base.drawPolyline(points.map(moved), style: style)
  }
  /// Strokes the polylines, moved into `base`.
  public mutating func drawPolylines(_ lines: [[PixelPoint]], style: DrawStyle) {
    base.drawPolylines(moved(lines), style: style)
  }
  /// Strokes the line, moved into `base`.
  public mutating func drawLine(from a: PixelPoint, to b: PixelPoint, style: DrawStyle) {
    base.drawLine(from: moved(a), to: moved(b), style: style)
  }
  /// Strokes the rectangle, moved into `base`.
  public mutating func drawRect(_ rect: PixelRect, style: DrawStyle) {
    base.drawRect(moved(rect), style: style)
  }
  /// Paints the rectangle, moved into `base`.
  public mutating func fillRect(_ rect: PixelRect, style: DrawStyle) {
    base.fillRect(moved(rect), style: style)
  }
  /// Strokes the horizontal line, moved into `base`.
  public mutating func drawHorizontalLine(
    atY y: Double, from x0: Double, to x1: Double, style: DrawStyle
  ) {
    base.drawHorizontalLine(atY: y + origin.y, from: x0 + origin.x, to: x1 + origin.x, style: style)
  }
  /// Paints the bar, moved into `base`.
  public mutating func fillBar(_ bar: PixelBar, style: DrawStyle) {
    var b = bar
    b.x += origin.x
    b.base += origin.y
    b.end += origin.y
    base.fillBar(b, style: style)
  }
  /// Draws the text, moved into `base`.
  public mutating func drawText(
    _ text: String, at point: PixelPoint, anchor: TextAnchor, style: DrawStyle
  ) {
    base.drawText(text, at: moved(point), anchor: anchor, style: style)
  }
  /// `base`'s measure.
  public func textSize(_ text: String) -> (width: Double, height: Double) {
    base.textSize(text)
  }
  /// `base`'s measure.
  public func textSize(_ text: String, scale: Double) -> (width: Double, height: Double) {
    base.textSize(text, scale: scale)
  }
  /// Draws the scaled text, moved into `base`.
  public mutating func drawText(
    _ text: String, at point: PixelPoint, anchor: TextAnchor, style: DrawStyle, scale: Double
  ) {
    base.drawText(text, at: moved(point), anchor: anchor, style: style, scale: scale)
  }
  /// Paints the relation's pixels, its area moved into `base`.
  public mutating func drawRelation(_ region: RelationRegion, style: DrawStyle) {
    base.drawRelation(RelationRegion(grid: region.grid, area: moved(region.area)), style: style)
  }
  /// Draws the point of interest, moved into `base`.
  public mutating func drawPointMarker(at point: PixelPoint, filled: Bool, style: DrawStyle) {
    base.drawPointMarker(at: moved(point), filled: filled, style: style)
  }
  /// Paints the polygons, moved into `base`.
  public mutating func fillPolygons(_ polygons: [[PixelPoint]], style: DrawStyle) {
    base.fillPolygons(moved(polygons), style: style)
  }
  /// Paints the curve's area, moved into `base`.
  public mutating func fillArea(_ polygons: [[PixelPoint]], style: DrawStyle) {
    base.fillArea(moved(polygons), style: style)
  }
  /// Paints the shape, moved into `base`.
  public mutating func fillShape(_ polygons: [[PixelPoint]], color: RGBColor?, opacity: Double) {
    base.fillShape(moved(polygons), color: color, opacity: opacity)
  }
  /// Strokes the dashed lines, moved into `base`.
  public mutating func drawDashedLines(_ lines: [[PixelPoint]], style: DrawStyle) {
    base.drawDashedLines(moved(lines), style: style)
  }
  /// Clips to the rectangle, moved into `base`.
  public mutating func beginClip(_ rect: PixelRect) { base.beginClip(moved(rect)) }
  /// `base`'s.
  public mutating func setCurveLooks(_ looks: [CurveLook]) { base.setCurveLooks(looks) }
  /// Draws the data point's marker, moved into `base`.
  public mutating func drawPoint(
    at point: PixelPoint, type: Int, radius: Double, style: DrawStyle
  ) {
    base.drawPoint(at: moved(point), type: type, radius: radius, style: style)
  }
  /// Draws the markers, moved into `base`.
  public mutating func drawPoints(
    at points: [PixelPoint], type: Int, radius: Double, style: DrawStyle
  ) {
    base.drawPoints(at: points.map(moved), type: type, radius: radius, style: style)
  }
  /// `base`'s.
  public mutating func endClip() { base.endClip() }
  /// Strokes the styled lines, moved into `base`.
  public mutating func drawStyledPolylines(
    _ lines: [[PixelPoint]], style: DrawStyle, look: CurveLook
  ) {
    base.drawStyledPolylines(moved(lines), style: style, look: look)
  }
  /// Draws the turned, coloured text, moved into `base`.
  public mutating func drawText(
    _ text: String, at point: PixelPoint, anchor: TextAnchor, style: DrawStyle, scale: Double,
    rotation: Double, color: RGBColor?
  ) {
    base.drawText(
      text, at: moved(point), anchor: anchor, style: style, scale: scale, rotation: rotation,
      color: color)
  }
}
