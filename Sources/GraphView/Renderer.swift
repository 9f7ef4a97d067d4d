// The drawing protocol every output implements (terminal canvas, SVG, ...), and the small
// value types it speaks: rectangles, styles, text anchors and capabilities.
//
// After gnuplot's terminal drivers (`src/term_api.h`): a driver is a few metrics and a few
// required operations; optional features have defaults (in an extension) that do nothing,
// and capability flags say what a driver can do, so the layout can skip what an output
// cannot show. Like swiftplot's `Renderer`, a renderer can measure text, so the layout can
// reserve margins for tick labels and the legend before it draws.

/// A rectangle in pixel space: `x`, `y` is the top left corner, y grows downward.
public struct PixelRect: Sendable, Hashable {
  /// The left edge, in pixels.
  public var x: Double
  /// The top edge, in pixels.
  public var y: Double
  /// The width, in pixels (not negative).
  public var width: Double
  /// The height, in pixels (not negative).
  public var height: Double

  /// Creates the rectangle with top left corner (`x`, `y`) and the given size, in pixels.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The left edge (pixels).
  public var minX: Double { x }
  /// The top edge (pixels).
  public var minY: Double { y }
  /// The right edge (pixels).
  public var maxX: Double { x + width }
  /// The bottom edge (pixels).
  public var maxY: Double { y + height }

  /// This rectangle grown by `dx` pixels on the left and right and `dy` pixels on the top
  /// and bottom (negative values shrink it).
  public func outset(dx: Double, dy: Double) -> PixelRect {
    PixelRect(x: x - dx, y: y - dy, width: width + 2 * dx, height: height + 2 * dy)
  }

  /// Whether `p` lies inside the rectangle or on its edge.
  public func contains(_ p: PixelPoint) -> Bool {
    p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY
  }
}

/// What a stroke, fill or text is for; each renderer picks its look (colour, width, glyph).
public enum DrawStyle: Sendable, Hashable {
  /// The frame (border) drawn around the plot area.
  case frame
  /// The coordinate axes x = 0 and y = 0 inside the view.
  case axis
  /// The light grid lines at the ticks (only for renderers with `.grid`).
  case grid
  /// A tick mark on the frame.
  case tick
  /// Curve number `index` (0-based; renderers cycle their palette).
  case curve(Int)
  /// A tick label.
  case label
  /// The legend's box and its text.
  case legend
  /// The plot's title.
  case title
  /// The bars of series `index` (0-based) of a bar chart, and that series' swatch in the
  /// chart's legend (fills; renderers cycle their palette as for curves).
  case bar(Int)
  /// The value written at a bar of a bar chart: series `index`'s, or nil when the chart has
  /// one series (a renderer may colour a value label like its bar only when there are
  /// several).
  case barValue(Int?)
  /// The line at the middle of a bar chart's value range, drawn dashed (after
  /// BasicBarChart).
  case midline
  /// The plot area's own fill, painted first (a renderer whose look has none paints
  /// nothing).
  case plotArea
}

/// One bar of a bar chart in pixels: a rectangle from the zero line (`base`) to the value
/// (`end`), which may lie above or below it.
public struct PixelBar: Sendable, Hashable {
  /// The left edge, in pixels.
  public var x: Double
  /// The width, in pixels (positive).
  public var width: Double
  /// The y of the end on the zero line, in pixels.
  public var base: Double
  /// The y of the far end (the value), in pixels: above `base` (smaller) for a bar that
  /// rises, below it for one that hangs.
  public var end: Double
  /// The radius of the far end's two corners, in pixels; 0 for square corners.
  public var cornerRadius: Double

  /// Creates a bar of `width` pixels from `x`, from `base` to `end` (pixels), with far
  /// corners of `cornerRadius` pixels (0: square).
  public init(x: Double, width: Double, base: Double, end: Double, cornerRadius: Double = 0) {
    self.x = x
    self.width = width
    self.base = base
    self.end = end
    self.cornerRadius = cornerRadius
  }

  /// The bar's rectangle (its corners ignored).
  public var rect: PixelRect {
    PixelRect(x: x, y: min(base, end), width: width, height: abs(end - base))
  }
}

/// Where a text's reference point lies on the text's box.
public struct TextAnchor: Sendable, Hashable {
  /// Horizontal placement of the reference point on the text.
  public enum Horizontal: Sendable, Hashable {
    /// At the left end of the text.
    case left
    /// In the middle of the text.
    case center
    /// At the right end of the text.
    case right
  }
  /// Vertical placement of the reference point on the text.
  public enum Vertical: Sendable, Hashable {
    /// At the top of the text's box.
    case top
    /// In the middle of the text's box.
    case middle
    /// At the bottom of the text's box.
    case bottom
    /// On the text's baseline (taken as three quarters of the box down from its top where
    /// a renderer has no font metrics).
    case baseline
  }
  /// The horizontal placement.
  public var horizontal: Horizontal
  /// The vertical placement.
  public var vertical: Vertical
  /// Creates an anchor.
  public init(_ horizontal: Horizontal, _ vertical: Vertical) {
    self.horizontal = horizontal
    self.vertical = vertical
  }

  /// The point is the middle of the text's top edge (x tick labels, below the frame).
  public static let topCenter = TextAnchor(.center, .top)
  /// The point is the middle of the text's right edge (y tick labels, left of the frame).
  static let middleRight = TextAnchor(.right, .middle)
  /// The point is the middle of the text's left edge (legend entries).
  static let middleLeft = TextAnchor(.left, .middle)
  /// The point is the middle of the text's bottom edge (the title).
  static let bottomCenter = TextAnchor(.center, .bottom)

  /// The baseline's y for text of `fontSize` pixels anchored at `y` (pixels), in the picture
  /// renderers' line box (SVG, PNG, PDF): 1.2 em tall, the ascent (about 0.8 em) above the
  /// baseline and 0.1 em of leading above that, so the box's middle lies 0.35 em above the
  /// baseline and its bottom 0.3 em below it.
  ///
  /// - Parameters:
  ///   - y: The anchor point's y, pixels.
  ///   - fontSize: The font size, pixels.
  /// - Returns: The baseline's y, pixels.
  public func baseline(at y: Double, fontSize: Double) -> Double {
    switch vertical {
    case .top: return y + 0.9 * fontSize
    case .middle: return y + 0.35 * fontSize
    case .bottom: return y - 0.3 * fontSize
    case .baseline: return y
    }
  }

  /// The top left corner of a text box of `width` x `height` pixels whose anchor point is
  /// `point` (pixels).
  public func topLeft(of point: PixelPoint, width: Double, height: Double) -> PixelPoint {
    let x: Double
    switch horizontal {
    case .left: x = point.x
    case .center: x = point.x - width / 2
    case .right: x = point.x - width
    }
    let y: Double
    switch vertical {
    case .top: y = point.y
    case .middle: y = point.y - height / 2
    case .bottom: y = point.y - height
    case .baseline: y = point.y - 0.75 * height
    }
    return PixelPoint(x: x, y: y)
  }
}

/// What an output can do beyond the required operations (gnuplot's `TERM_*` flags).
public struct RendererCapabilities: OptionSet, Sendable, Hashable {
  /// The raw flag bits.
  public let rawValue: Int
  /// Creates a set from raw flag bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Can draw a light grid that does not hide the curves (a text canvas cannot).
  public static let grid = RendererCapabilities(rawValue: 1 << 0)
  /// Tells curves apart by colour (otherwise by glyph).
  public static let color = RendererCapabilities(rawValue: 1 << 1)
  /// `fillRect` paints (otherwise it is ignored).
  public static let fill = RendererCapabilities(rawValue: 1 << 2)
  /// `beginClip`/`endClip` clip strokes to a rectangle (the layout clips curves itself too).
  public static let clip = RendererCapabilities(rawValue: 1 << 3)
  /// `fillBar` of a `.curve` style paints whole cells (a text canvas's eighth blocks), so
  /// filled boxes are drawn without their outlines.
  public static let cellBars = RendererCapabilities(rawValue: 1 << 4)
  /// A data point is a mark in a character cell (a text canvas): `points` and `linespoints`
  /// without a `pt` draw their curve's own point type (gnuplot's default: curve 0 `+`,
  /// curve 1 `x`, ...) through `drawPoint`, not the plain `+` strokes of pictures, whose
  /// radius is 0 on a canvas (one dot).
  public static let cellPoints = RendererCapabilities(rawValue: 1 << 5)
}

/// The one small drawing protocol every output implements.
///
/// All coordinates are in the output's pixels: (0, 0) is the top left corner, x grows to the
/// right, y downward; a text canvas counts its sub-cell dots as pixels. Renderers need not
/// clip: `PlotLayout` hands them only finite coordinates inside the output. Required are the
/// output's size, polylines, text and measuring text; the rest have defaults in an
/// extension (gnuplot's driver model: optional features succeed only for the default).
///
/// The flow of one plot (see `PlotLayout`):
/// 1. make a renderer of the output's size;
/// 2. `PlotLayout.plotArea(for:renderer:options:)` reserves margins for labels and the title
///    (measured with `textSize`) and answers the plot area, a pixel rectangle;
/// 3. the sampler samples the curves at the plot area's pixel size (one column per pixel)
///    into a `SampledPlot`;
/// 4. `PlotLayout.draw(_:in:plotArea:options:)` draws frame, axes, ticks, labels, curves and
///    legend through this protocol;
/// 5. the renderer's own method turns what was drawn into text (`render()`, `document()`).
public protocol PlotRenderer {
  /// The output's size in pixels.
  var size: PixelSize { get }

  /// What this output can do beyond the required operations.
  var capabilities: RendererCapabilities { get }

  /// How far outside the plot area the frame is drawn, in pixels along x and y. A text
  /// canvas draws its frame in the character cells around the plot area (half a cell out);
  /// the default, 0, draws the frame on the plot area's edge.
  var frameOutset: (x: Double, y: Double) { get }

  /// The length of a tick mark in pixels, drawn from the frame into the plot area. Default 5.
  var tickLength: Double { get }

  /// Blank pixels the layout keeps around the whole plot, inside the legend's box and
  /// between a label and what it labels (besides one character's width). Default 8; a text
  /// canvas, whose cells are coarse, answers 0.
  var padding: Double { get }

  /// The length in pixels of a legend entry's sample stroke, or nil for the layout's
  /// default, three characters (`textSize("0")`). A text canvas that tells curves apart by
  /// dash patterns answers a longer one, so each pattern shows whole. Default nil.
  var legendSampleWidth: Double? { get }

  /// The whole page in this output's pixels, when the output is a part of a page (an
  /// `OffsetRenderer`: a multiplot's panel), for margins `at screen`; nil (the default)
  /// when the output is the page.
  var pageRect: PixelRect? { get }

  /// Strokes the polyline through `points` (pixels, at least two points to show anything).
  mutating func drawPolyline(_ points: [PixelPoint], style: DrawStyle)

  /// Strokes several polylines of one style; the pen lifts between them. The default
  /// strokes each with `drawPolyline`.
  mutating func drawPolylines(_ lines: [[PixelPoint]], style: DrawStyle)

  /// Strokes the line from `a` to `b` (pixels). The default is a two-point polyline.
  mutating func drawLine(from a: PixelPoint, to b: PixelPoint, style: DrawStyle)

  /// Strokes the outline of `rect` (pixels). The default is a closed polyline.
  mutating func drawRect(_ rect: PixelRect, style: DrawStyle)

  /// Paints `rect` (pixels) with the style's background, hiding what was drawn below it
  /// (the legend's box). The default does nothing.
  mutating func fillRect(_ rect: PixelRect, style: DrawStyle)

  /// Strokes the horizontal line at height `y` from `x0` to `x1` (pixels): a grid line,
  /// zero line or midline across a chart. The default is `drawLine`.
  mutating func drawHorizontalLine(atY y: Double, from x0: Double, to x1: Double, style: DrawStyle)

  /// Paints one bar of a bar chart (style `.bar(series)`). The default paints its
  /// rectangle with `fillRect` (square corners).
  mutating func fillBar(_ bar: PixelBar, style: DrawStyle)

  /// Draws `text` on one line so that its `anchor` lies at `point` (pixels). Renderers
  /// remove or escape characters they cannot show safely (control characters, markup).
  mutating func drawText(_ text: String, at point: PixelPoint, anchor: TextAnchor, style: DrawStyle)

  /// The size in pixels that `drawText` would give `text`.
  func textSize(_ text: String) -> (width: Double, height: Double)

  /// The size in pixels that `drawText(_:at:anchor:style:scale:)` would give `text` at
  /// `scale` times the output's font size (gnuplot's `font ",SIZE"`, SIZE / 12). The default
  /// ignores the scale (`textSize(_:)`): an output whose text has one size, a text canvas.
  func textSize(_ text: String, scale: Double) -> (width: Double, height: Double)

  /// Draws `text` as `drawText(_:at:anchor:style:)` does, at `scale` times the output's font
  /// size for `style` (a positive, finite scale; 1 is `drawText(_:at:anchor:style:)`). The
  /// default ignores the scale.
  mutating func drawText(
    _ text: String, at point: PixelPoint, anchor: TextAnchor, style: DrawStyle, scale: Double)

  /// Paints a relation's solved pixels in the style of `.curve(index)`: an equation's
  /// (`grid.isThin`) as a curve of pixels, a region as a light fill with its edge; undecided
  /// pixels lighter where the output can show it. The default does nothing.
  mutating func drawRelation(_ region: RelationRegion, style: DrawStyle)

  /// Draws a point of interest centred on `point` (pixels) in the colour of `style`: a
  /// circle of `PlotLayout.pointMarkerRadius` pixels, filled for a proven point, hollow
  /// for a possible one. The default strokes a small square of that size.
  mutating func drawPointMarker(at point: PixelPoint, filled: Bool, style: DrawStyle)

  /// Paints the inside of `polygons` (pixels, each closed: its last point joins its first)
  /// as one area by the nonzero winding rule, lightly in the colour of `style` (an area
  /// between curves, `fill between`), under what is drawn after it. The default does
  /// nothing.
  mutating func fillPolygons(_ polygons: [[PixelPoint]], style: DrawStyle)

  /// Paints the inside of `polygons` (pixels, each closed) as one area by the nonzero rule
  /// in the colour of `.curve(i)` at its look's fill density (`Theme.fillOpacity`): a
  /// curve's own filled area (gnuplot's `filledcurves`). The default shades as
  /// `fillPolygons` does (a text canvas's shade glyph).
  mutating func fillArea(_ polygons: [[PixelPoint]], style: DrawStyle)

  /// Paints the inside of `polygons` (pixels, each closed) as one area by the nonzero rule
  /// in `color` (nil: the output's background) at `opacity` in 0...1: a shape of gnuplot's
  /// `set object ... fc rgb "..." fs solid D`. The default does nothing: a text canvas
  /// draws the shape's outline alone, which stays legible over the curves.
  mutating func fillShape(_ polygons: [[PixelPoint]], color: RGBColor?, opacity: Double)

  /// Strokes the straight lines of `lines` (pixels, two points each) dashed in the colour of
  /// `style` (a tangent line). The default strokes dashes of 6 pixels with gaps of 4 through
  /// `drawPolylines`.
  mutating func drawDashedLines(_ lines: [[PixelPoint]], style: DrawStyle)

  /// Starts clipping strokes to `rect` (pixels) until `endClip()`. The default does
  /// nothing (the layout has clipped curves already).
  mutating func beginClip(_ rect: PixelRect)

  /// Takes the curves' style options (`CurveLook`: colour, width, dashes), by curve index,
  /// for the strokes and markers of `.curve(i)` drawn after. The default ignores them.
  mutating func setCurveLooks(_ looks: [CurveLook])

  /// Draws a data point's marker of gnuplot point type `type` (`PointShape`) centred on
  /// `point`, `radius` pixels from its centre to its far points, in the colour of `style`.
  /// The default strokes `PointShape.strokes` (filled shapes as their outline).
  mutating func drawPoint(at point: PixelPoint, type: Int, radius: Double, style: DrawStyle)

  /// Draws the markers of `drawPoint` at every point of `points`, all of one type and
  /// style (a curve's points). The default draws them one by one; an output may draw them
  /// as one shape (SVG: one `<path>`).
  mutating func drawPoints(
    at points: [PixelPoint], type: Int, radius: Double, style: DrawStyle)

  /// Ends the clipping started by `beginClip`. The default does nothing.
  mutating func endClip()

  /// Strokes `lines` (pixels) as `drawPolylines` does for `style`, with the colour, width
  /// and dashes of `look` where it sets them (a zero axis's `lc`, an arrow's `lw`). The
  /// default ignores the look (a text canvas draws the style's cells).
  mutating func drawStyledPolylines(_ lines: [[PixelPoint]], style: DrawStyle, look: CurveLook)

  /// Draws `text` as `drawText(_:at:anchor:style:scale:)` does, turned `rotation` degrees
  /// counterclockwise about `point` and in `color` when given (gnuplot's `set label ...
  /// rotate by N tc rgb "..."`, rotated tick labels). The default ignores the rotation and
  /// the colour: a text canvas writes level text in its cells.
  mutating func drawText(
    _ text: String, at point: PixelPoint, anchor: TextAnchor, style: DrawStyle, scale: Double,
    rotation: Double, color: RGBColor?)
}

extension PlotRenderer {
  /// The default: no optional capability.
  public var capabilities: RendererCapabilities { [] }

  /// The default: the frame lies on the plot area's edge.
  public var frameOutset: (x: Double, y: Double) { (0, 0) }

  /// The default: 5 pixels.
  public var tickLength: Double { 5 }

  /// The default: 8 pixels.
  public var padding: Double { 8 }

  /// The default: nil, three characters.
  public var legendSampleWidth: Double? { nil }

  /// The default: nil, the output is the page.
  public var pageRect: PixelRect? { nil }

  /// The default: `textSize(_:)`, one size of text.
  public func textSize(_ text: String, scale: Double) -> (width: Double, height: Double) {
    textSize(text)
  }

  /// The default: `drawText(_:at:anchor:style:)`, one size of text.
  public mutating func drawText(
    _ text: String, at point: PixelPoint, anchor: TextAnchor, style: DrawStyle, scale: Double
  ) {
    drawText(text, at: point, anchor: anchor, style: style)
  }

  /// The default: one `drawPolyline` per polyline.
  public mutating func drawPolylines(_ lines: [[PixelPoint]], style: DrawStyle) {
    for line in lines { drawPolyline(line, style: style) }
  }

  /// The default: a two-point polyline.
  public mutating func drawLine(from a: PixelPoint, to b: PixelPoint, style: DrawStyle) {
    drawPolyline([a, b], style: style)
  }

  /// The default: a closed five-point polyline.
  public mutating func drawRect(_ rect: PixelRect, style: DrawStyle) {
    drawPolyline(
      [
        PixelPoint(x: rect.minX, y: rect.minY), PixelPoint(x: rect.maxX, y: rect.minY),
        PixelPoint(x: rect.maxX, y: rect.maxY), PixelPoint(x: rect.minX, y: rect.maxY),
        PixelPoint(x: rect.minX, y: rect.minY),
      ], style: style)
  }

  /// The default: nothing is painted.
  public mutating func fillRect(_ rect: PixelRect, style: DrawStyle) {}

  /// The default: a two-point line.
  public mutating func drawHorizontalLine(
    atY y: Double, from x0: Double, to x1: Double, style: DrawStyle
  ) {
    drawLine(from: PixelPoint(x: x0, y: y), to: PixelPoint(x: x1, y: y), style: style)
  }

  /// The default: the bar's rectangle through `fillRect`.
  public mutating func fillBar(_ bar: PixelBar, style: DrawStyle) {
    fillRect(bar.rect, style: style)
  }

  /// The default: nothing is painted.
  public mutating func drawRelation(_ region: RelationRegion, style: DrawStyle) {}

  /// The default: the outline of a square of the marker's size.
  public mutating func drawPointMarker(at point: PixelPoint, filled: Bool, style: DrawStyle) {
    let r = PlotLayout.pointMarkerRadius
    drawRect(PixelRect(x: point.x - r, y: point.y - r, width: 2 * r, height: 2 * r), style: style)
  }

  /// The default: nothing is painted.
  public mutating func fillPolygons(_ polygons: [[PixelPoint]], style: DrawStyle) {}

  /// Shades as `fillPolygons`.
  public mutating func fillArea(_ polygons: [[PixelPoint]], style: DrawStyle) {
    fillPolygons(polygons, style: style)
  }

  /// The default: nothing is painted.
  public mutating func fillShape(_ polygons: [[PixelPoint]], color: RGBColor?, opacity: Double) {}

  /// The default: dashes of 6 pixels and gaps of 4, stroked with `drawPolylines`.
  public mutating func drawDashedLines(_ lines: [[PixelPoint]], style: DrawStyle) {
    var dashes: [[PixelPoint]] = []
    for line in lines where line.count >= 2 {
      for i in line.indices.dropFirst() {
        dashes += PlotLayout.dashes(from: line[i - 1], to: line[i], on: 6, off: 4)
      }
    }
    if !dashes.isEmpty { drawPolylines(dashes, style: style) }
  }

  /// The default: no clipping.
  public mutating func beginClip(_ rect: PixelRect) {}

  /// The default: the looks are ignored.
  public mutating func setCurveLooks(_ looks: [CurveLook]) {}

  /// The default: the shape's outline through `drawPolylines`.
  public mutating func drawPoint(
    at point: PixelPoint, type: Int, radius: Double, style: DrawStyle
  ) {
    let strokes = PointShape.strokes(type, at: point, radius: radius)
    if !strokes.isEmpty { drawPolylines(strokes, style: style) }
  }

  /// The default: each point through `drawPoint`.
  public mutating func drawPoints(
    at points: [PixelPoint], type: Int, radius: Double, style: DrawStyle
  ) {
    for p in points { drawPoint(at: p, type: type, radius: radius, style: style) }
  }

  /// The default: no clipping.
  public mutating func endClip() {}

  /// The default: `drawPolylines(_:style:)`, the look ignored.
  public mutating func drawStyledPolylines(
    _ lines: [[PixelPoint]], style: DrawStyle, look: CurveLook
  ) {
    drawPolylines(lines, style: style)
  }

  /// The default: `drawText(_:at:anchor:style:scale:)`, level and in the style's colour.
  public mutating func drawText(
    _ text: String, at point: PixelPoint, anchor: TextAnchor, style: DrawStyle, scale: Double,
    rotation: Double, color: RGBColor?
  ) {
    drawText(text, at: point, anchor: anchor, style: style, scale: scale)
  }
}
