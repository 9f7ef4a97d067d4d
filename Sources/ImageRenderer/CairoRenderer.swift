import CCairo
import Glibc
import GraphView
import TextAndNumbers

/// A PNG or PDF picture that implements `PlotRenderer` through cairo, the same picture as
/// `SVGRenderer` draws: the same layout (text is measured by the same estimate, 0.6 em a
/// character by 1.2 em a line, so margins, ticks and the legend fall where the SVG's do), the
/// same colours (`Theme`), the same stroke widths (1.5 px with round joins and caps for
/// curves, 1 px without anti-aliasing for frame, ticks, grid and axes: SVG's
/// `shape-rendering="crispEdges"`), fills, clipping and rounded bars; text drawn with a real
/// font (DejaVu Sans through FreeType, its bold for the title; cairo's `sans-serif` through
/// fontconfig when the files are missing) anchored as the SVG anchors it.
///
/// After gnuplot's `pngcairo` and `pdfcairo` terminals, which draw with cairo too. The PNG
/// is 8-bit RGBA (`cairo_image_surface` in ARGB32, encoded by cairo's libpng writer); the
/// PDF has vector paths and real (selectable) text, its page `size` × 0.75 points (1 px =
/// 0.75 pt, CSS's and gnuplot's 96 dpi).
///
/// It is a class: a cairo context is a reference. Make one per picture, draw, then take
/// `pngData()` or `pdfData()` once.
public final class CairoRenderer: PlotRenderer {
  /// What the picture is written as.
  public enum Format: Sendable, Hashable {
    /// A PNG image of `size` pixels.
    case png
    /// A one-page PDF of `size` × 0.75 points.
    case pdf
  }

  /// The picture's size in pixels.
  public let size: PixelSize
  /// The font size of labels and legend, in pixels.
  public let fontSize: Double
  /// PNG or PDF.
  public let format: Format
  /// The colours (and the curves' looks, `setCurveLooks`).
  public private(set) var theme: Theme
  /// Whether strokes are drawn solid whatever their curve's dashes (point markers).
  var solid = false

  let surface: OpaquePointer
  let context: OpaquePointer
  let sink: ByteSink
  var clipDepth = 0

  /// Creates an empty picture of `size` pixels (each side 1 to 20,000) painted with the
  /// theme's background.
  ///
  /// - Parameters:
  ///   - size: The picture's width and height in pixels.
  ///   - format: PNG or PDF.
  ///   - fontSize: The font size of labels and legend in pixels (default 12).
  ///   - theme: The colours (default `Theme.default`, the SVG's).
  public init(
    size: PixelSize, format: Format, fontSize: Double = 12, theme: Theme = .default
  ) {
    let w = min(max(size.width, 1), 20_000)
    let h = min(max(size.height, 1), 20_000)
    self.size = PixelSize(width: w, height: h)
    self.fontSize = fontSize.isFinite && fontSize > 0 ? fontSize : 12
    self.format = format
    self.theme = theme
    sink = ByteSink()
    switch format {
    case .png:
      surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h))
    case .pdf:
      surface = cairo_pdf_surface_create_for_stream(
        { closure, data, length in
          guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
          let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
          sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
          return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque(), Double(w) * 0.75, Double(h) * 0.75)
    }
    context = cairo_create(surface)
    if format == .pdf { cairo_scale(context, 0.75, 0.75) }
    setPaint(theme.background, top: 0, height: Double(h))
    cairo_paint(context)
  }

  deinit {
    cairo_destroy(context)
    cairo_surface_destroy(surface)
  }

  // MARK: PlotRenderer

  /// Colours, a light grid, fills and clipping, as SVG.
  public var capabilities: RendererCapabilities { [.grid, .color, .fill, .clip] }

  /// Strokes the polyline (see `drawPolylines`).
  public func drawPolyline(_ points: [PixelPoint], style: DrawStyle) {
    drawPolylines([points], style: style)
  }

  /// Takes the curves' looks into the theme (`Theme.curveLooks`): their colours, widths and
  /// dashes.
  public func setCurveLooks(_ looks: [CurveLook]) { theme.curveLooks = looks }

  /// A data point's marker (`PointShape.strokes`), solid, in the curve's colour and width;
  /// the filled types are filled.
  public func drawPoint(at point: PixelPoint, type: Int, radius: Double, style: DrawStyle) {
    let strokes = PointShape.strokes(type, at: point, radius: radius)
    guard !strokes.isEmpty else { return }
    if PointShape.isFilled(type), let outline = strokes.first {
      for (k, p) in outline.enumerated() {
        if k == 0 { cairo_move_to(context, p.x, p.y) } else { cairo_line_to(context, p.x, p.y) }
      }
      cairo_close_path(context)
      setColor(theme.color(style))
      cairo_fill(context)
    }
    solid = true
    drawPolylines(strokes, style: style)
    solid = false
  }

  /// Strokes the polylines as one path, the pen lifting between them; a lone point is a
  /// dot (a zero-length stroke with round caps, as in the SVG).
  public func drawPolylines(_ lines: [[PixelPoint]], style: DrawStyle) {
    var any = false
    for line in lines {
      var count = 0
      for p in line where p.x.isFinite && p.y.isFinite {
        if count == 0 { cairo_move_to(context, p.x, p.y) } else { cairo_line_to(context, p.x, p.y) }
        count += 1
      }
      if count == 1, let p = line.first(where: { $0.x.isFinite && $0.y.isFinite }) {
        cairo_line_to(context, p.x, p.y)
      }
      any = any || count > 0
    }
    guard any else { return }
    stroke(style)
  }

  /// Paints `rect` with the style's colour (the legend's box: the background at 85 %).
  public func fillRect(_ rect: PixelRect, style: DrawStyle) {
    guard Self.isDrawable(rect) else { return }
    if style == .plotArea {
      guard let paint = theme.plotArea else { return }
      cairo_rectangle(context, rect.x, rect.y, max(rect.width, 0), max(rect.height, 0))
      setPaint(paint, top: rect.y, height: rect.height)
      cairo_fill(context)
      cairo_set_source_rgb(context, 0, 0, 0)
      return
    }
    cairo_rectangle(context, rect.x, rect.y, max(rect.width, 0), max(rect.height, 0))
    if style == .legend {
      let (r, g, b) = theme.legendFill.fractions
      cairo_set_source_rgba(context, r, g, b, 0.85)
    } else if case .curve = style, theme.fillOpacity(style) < 1 {  // `fill solid 0.5`
      let (r, g, b) = theme.fillColor(style).fractions
      cairo_set_source_rgba(context, r, g, b, theme.fillOpacity(style))
    } else {
      setColor(theme.fillColor(style))
    }
    cairo_fill(context)
  }

  /// Strokes the outline of `rect`.
  public func drawRect(_ rect: PixelRect, style: DrawStyle) {
    guard Self.isDrawable(rect) else { return }
    cairo_rectangle(context, rect.x, rect.y, max(rect.width, 0), max(rect.height, 0))
    stroke(style)
  }

  /// Paints the bar: a rectangle, or with round corners the SVG's outline (two cubic
  /// Béziers of radius `cornerRadius` at the far end, control points at κ = 0.5523).
  public func fillBar(_ bar: PixelBar, style: DrawStyle) {
    guard bar.cornerRadius > 0 else {
      fillRect(bar.rect, style: style)
      return
    }
    let (x, w, y0, y1, r) = (bar.x, bar.width, bar.base, bar.end, bar.cornerRadius)
    guard x.isFinite, w.isFinite, y0.isFinite, y1.isFinite, r.isFinite else { return }
    let kappa = 0.5523
    let sgn = y1 < y0 ? 1.0 : -1.0
    let yc = y1 + sgn * r
    cairo_move_to(context, x, y0)
    cairo_line_to(context, x, yc)
    cairo_curve_to(context, x, yc - sgn * r * kappa, x + r - r * kappa, y1, x + r, y1)
    cairo_line_to(context, x + w - r, y1)
    cairo_curve_to(context, x + w - r + r * kappa, y1, x + w, yc - sgn * r * kappa, x + w, yc)
    cairo_line_to(context, x + w, y0)
    cairo_close_path(context)
    setColor(theme.fillColor(style))
    cairo_fill(context)
  }

  /// Draws `text` in the font, its anchor at `point`: the baseline placed as the SVG places
  /// it (0.9 em below a top anchor, 0.35 em below a middle one, 0.3 em above a bottom one),
  /// the horizontal anchor on the text's real advance. Control and bidirectional control
  /// characters are removed (`TerminalText.isDroppedFromPictures`), as the SVG removes them.
  public func drawText(_ text: String, at point: PixelPoint, anchor: TextAnchor, style: DrawStyle) {
    drawText(text, at: point, anchor: anchor, style: style, scale: 1)
  }

  /// `drawText(_:at:anchor:style:)` at `scale` times the style's font size (gnuplot's
  /// `font ",SIZE"`).
  public func drawText(
    _ text: String, at point: PixelPoint, anchor: TextAnchor, style: DrawStyle, scale: Double
  ) {
    drawText(text, at: point, anchor: anchor, style: style, scale: scale, rotation: 0, color: nil)
  }

  /// Strokes `lines` as curve 0 of the look `Theme.strokeLook(_:for:)` makes of `look`
  /// (round joins, anti-aliased, its dashes).
  public func drawStyledPolylines(_ lines: [[PixelPoint]], style: DrawStyle, look: CurveLook) {
    let saved = theme.curveLooks
    theme.curveLooks = [theme.strokeLook(look, for: style)]
    drawPolylines(lines, style: .curve(0))
    theme.curveLooks = saved
  }

  /// `drawText(_:at:anchor:style:scale:)` turned `rotation` degrees counterclockwise about
  /// `point` (cairo's rotation of the user space) and in `color` when given.
  public func drawText(
    _ text: String, at point: PixelPoint, anchor: TextAnchor, style: DrawStyle, scale: Double,
    rotation: Double, color: RGBColor?
  ) {
    if let lines = TextLines.lines(text) {  // one line under the other, as the SVG writes them
      let s = scale.isFinite && scale > 0 ? scale : 1
      let middles = TextLines.middles(
        count: lines.count, lineHeight: textSize("", scale: s).height, at: point, anchor: anchor,
        rotation: rotation)
      for (line, middle) in zip(lines, middles) {
        drawText(
          String(line), at: middle, anchor: TextAnchor(anchor.horizontal, .middle), style: style,
          scale: scale, rotation: rotation, color: color)
      }
      return
    }
    var clean = String.UnicodeScalarView()
    for s in text.unicodeScalars {
      if s == "\t" {
        clean.append(" ")
      } else if !TerminalText.isDroppedFromPictures(s) {
        clean.append(s)
      }
    }
    let shown = String(clean)
    guard !shown.isEmpty, point.x.isFinite, point.y.isFinite else { return }
    let s = scale.isFinite && scale > 0 ? scale : 1
    let fs = (style == .title ? fontSize * 7 / 6 : fontSize) * s
    Fonts.shared.select(in: context, bold: style == .title)
    cairo_set_font_size(context, fs)
    let baseline = anchor.baseline(at: point.y, fontSize: fs)
    var extents = cairo_text_extents_t()
    cairo_text_extents(context, shown, &extents)
    let x: Double
    switch anchor.horizontal {
    case .left: x = point.x
    case .center: x = point.x - extents.x_advance / 2
    case .right: x = point.x - extents.x_advance
    }
    setColor(color ?? theme.textColor(style))
    if rotation.isFinite, rotation != 0 {
      cairo_save(context)
      cairo_translate(context, point.x, point.y)
      cairo_rotate(context, -rotation * Double.pi / 180)
      cairo_move_to(context, x - point.x, baseline - point.y)
      cairo_show_text(context, shown)
      cairo_new_path(context)
      cairo_restore(context)
      return
    }
    cairo_move_to(context, x, baseline)
    cairo_show_text(context, shown)
    cairo_new_path(context)
  }

  /// The SVG's estimate: `0.6 * fontSize` a character (after the removals) by
  /// `1.2 * fontSize`, so the layout is the SVG's.
  public func textSize(_ text: String) -> (width: Double, height: Double) {
    textSize(text, scale: 1)
  }

  /// `textSize(_:)` at `scale` times the font size.
  public func textSize(_ text: String, scale: Double) -> (width: Double, height: Double) {
    if let lines = TextLines.lines(text) {
      return TextLines.size(lines) { textSize($0, scale: scale) }
    }
    let s = scale.isFinite && scale > 0 ? scale : 1
    let n = text.unicodeScalars.reduce(0) { $0 + (TerminalText.isDroppedFromPictures($1) ? 0 : 1) }
    return (Double(n) * 0.6 * fontSize * s, 1.2 * fontSize * s)
  }

  /// Clips what follows to `rect` until `endClip()`.
  public func beginClip(_ rect: PixelRect) {
    if clipDepth > 0 { endClip() }
    guard Self.isDrawable(rect) else { return }
    cairo_save(context)
    cairo_rectangle(context, rect.x, rect.y, max(rect.width, 0), max(rect.height, 0))
    cairo_clip(context)
    clipDepth = 1
  }

  /// Ends the clipping of `beginClip`.
  public func endClip() {
    guard clipDepth > 0 else { return }
    cairo_restore(context)
    clipDepth = 0
  }

  // MARK: Output

  /// The picture as a PNG file's bytes (for `.png`).
  ///
  /// - Throws: `ImageError` when the surface is not a PNG one or cairo fails (out of
  ///   memory).
  public func pngData() throws(ImageError) -> [UInt8] {
    guard format == .png else { throw ImageError(message: "not a PNG picture") }
    if clipDepth > 0 { endClip() }
    return try PNGEncoder.encode(surface)
  }

  /// The picture as a PNG file's bytes made for speed rather than size (deflate level 1,
  /// runs only: `PNGEncoder`), for a stream's frames in the terminal (for `.png`).
  ///
  /// - Throws: `ImageError` when the surface is not a PNG one or cairo fails.
  public func fastPNGData() throws(ImageError) -> [UInt8] {
    guard format == .png else { throw ImageError(message: "not a PNG picture") }
    if clipDepth > 0 { endClip() }
    return try PNGEncoder.encode(surface, level: 1, strategy: Z_RLE)
  }

  /// The picture as an indexed PNG file's bytes (for `.png`): each pixel mapped to the
  /// nearest colour of `map`'s palette (`PaletteMap`), one byte a pixel, deflated for speed
  /// (`PNGEncoder.encodeIndexed`). For the terminal's frames (kitty and iTerm2): at 1000 x
  /// 700 pixels a third of `fastPNGData`'s instructions, and a picture in the theme's
  /// palette, as a sixel frame is (anti-aliased edges of one colour over another take the
  /// nearest palette colour).
  ///
  /// - Parameter map: The palette and its colour cache, kept from frame to frame.
  /// - Throws: `ImageError` when the surface is not a PNG one or zlib fails.
  public func indexedPNGData(_ map: PaletteMap) throws(ImageError) -> [UInt8] {
    guard format == .png else { throw ImageError(message: "not a PNG picture") }
    let (indices, width, height) = try map.indices(of: self)
    return try PNGEncoder.encodeIndexed(indices, width: width, height: height, palette: map.palette)
  }

  /// The picture's pixels, 3 bytes (red, green, blue) a pixel, rows top to bottom (for
  /// `.png` pictures; composited over the theme's background).
  public func rgbPixels() -> [UInt8] {
    guard format == .png else { return [] }
    cairo_surface_flush(surface)
    let width = Int(cairo_image_surface_get_width(surface))
    let height = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    guard let data = cairo_image_surface_get_data(surface) else { return [] }
    var out = [UInt8](repeating: 0, count: width * height * 3)
    for y in 0..<height {
      let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
      for x in 0..<width {
        let v = row[x]
        let o = (y * width + x) * 3
        out[o] = UInt8((v >> 16) & 0xFF)
        out[o + 1] = UInt8((v >> 8) & 0xFF)
        out[o + 2] = UInt8(v & 0xFF)
      }
    }
    return out
  }

  /// The picture as a PDF file's bytes (for `.pdf`); the page is finished, so nothing more
  /// can be drawn.
  ///
  /// - Throws: `ImageError` when the surface is not a PDF one or cairo fails.
  public func pdfData() throws(ImageError) -> [UInt8] {
    guard format == .pdf else { throw ImageError(message: "not a PDF picture") }
    if clipDepth > 0 { endClip() }
    cairo_show_page(context)
    cairo_surface_finish(surface)
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else { throw ImageError(status) }
    return sink.bytes
  }

  // MARK: Helpers

  /// Makes `paint` the source: a colour, or a vertical gradient over `height` pixels from
  /// `top`.
  func setPaint(_ paint: Paint, top: Double, height: Double) {
    switch paint {
    case .solid(let c): setColor(c)
    case .vertical(let stops):
      let pattern = cairo_pattern_create_linear(0, top, 0, top + height)
      for stop in stops {
        let (r, g, b) = stop.color.fractions
        cairo_pattern_add_color_stop_rgb(pattern, stop.position, r, g, b)
      }
      cairo_set_source(context, pattern)
      cairo_pattern_destroy(pattern)
    }
  }

  func setColor(_ c: RGBColor) {
    let (r, g, b) = c.fractions
    cairo_set_source_rgb(context, r, g, b)
  }

  /// Strokes the current path in the style's colour and width: curves 1.5 px, round joins
  /// and caps, anti-aliased; the legend's outline 1 px anti-aliased; the rest 1 px crisp.
  func stroke(_ style: DrawStyle) {
    let width = theme.width(style)
    guard width > 0 else {
      cairo_new_path(context)
      return
    }
    setColor(theme.color(style))
    switch style {
    case .curve, .bar:
      cairo_set_line_width(context, width)
      cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
      cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
      cairo_set_antialias(context, CAIRO_ANTIALIAS_DEFAULT)
    case .legend:
      cairo_set_line_width(context, 1)
      cairo_set_line_join(context, CAIRO_LINE_JOIN_MITER)
      cairo_set_line_cap(context, CAIRO_LINE_CAP_BUTT)
      cairo_set_antialias(context, CAIRO_ANTIALIAS_DEFAULT)
    default:
      cairo_set_line_width(context, width)
      cairo_set_line_join(context, CAIRO_LINE_JOIN_MITER)
      cairo_set_line_cap(context, CAIRO_LINE_CAP_BUTT)
      cairo_set_antialias(context, CAIRO_ANTIALIAS_NONE)
    }
    if style == .midline {
      let dashes: [Double] = [6, 4]
      cairo_set_dash(context, dashes, 2, 0)
    } else if !solid, let dashes = theme.dashes(style) {
      cairo_set_dash(context, dashes, Int32(dashes.count), 0)
    } else {
      cairo_set_dash(context, nil, 0, 0)
    }
    cairo_stroke(context)
  }

  static func isDrawable(_ r: PixelRect) -> Bool {
    r.x.isFinite && r.y.isFinite && r.width.isFinite && r.height.isFinite
  }
}

/// Bytes written by cairo's stream callbacks.
final class ByteSink {
  var bytes: [UInt8] = []
}

/// Why a picture could not be made: cairo's status in words.
public struct ImageError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The message, one line (`cairo: out of memory`).
  public var message: String

  /// An error with `message`.
  public init(message: String) { self.message = message }

  /// cairo's `status`, as `cairo: ` and its own words (`cairo_status_to_string`).
  init(_ status: cairo_status_t) {
    message = "cairo: " + String(cString: cairo_status_to_string(status))
  }

  /// The message.
  public var description: String { message }
}

/// The fonts text is drawn in, loaded once: DejaVu Sans and DejaVu Sans Bold through
/// FreeType from their usual Debian paths (no fontconfig set-up, which costs a one-shot run
/// about 20 ms), else cairo's toy `sans-serif` (fontconfig).
final class Fonts: @unchecked Sendable {
  /// The one set, made at the first text drawn.
  static let shared = Fonts()

  var regular: OpaquePointer?
  var bold: OpaquePointer?

  /// Where the faces are looked for, regular then bold, first found wins.
  static let candidates: [(String, String)] = [
    (
      "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
      "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
    ),
    (
      "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
      "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf"
    ),
  ]

  init() {
    var library: FT_Library?
    guard FT_Init_FreeType(&library) == 0, let library else { return }
    for (r, b) in Self.candidates where access(r, R_OK) == 0 && access(b, R_OK) == 0 {
      var face: FT_Face?
      var boldFace: FT_Face?
      guard FT_New_Face(library, r, 0, &face) == 0, let face,
        FT_New_Face(library, b, 0, &boldFace) == 0, let boldFace
      else { continue }
      regular = cairo_ft_font_face_create_for_ft_face(face, 0)
      bold = cairo_ft_font_face_create_for_ft_face(boldFace, 0)
      return
    }
  }

  /// Makes `context` draw in the regular or bold face.
  func select(in context: OpaquePointer, bold isBold: Bool) {
    if let face = isBold ? bold : regular {
      cairo_set_font_face(context, face)
    } else {
      cairo_select_font_face(
        context, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
        isBold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
    }
  }
}
