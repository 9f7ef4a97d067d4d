import GraphView
import TextAndNumbers

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A standalone SVG 1.1 document that implements `PlotRenderer`.
///
/// The document has an XML declaration, a white background, and then what was drawn, in
/// order: a light grid, axes, frame and ticks with crisp edges, labels in `sans-serif`
/// (text escaped for XML, control characters removed), one `<path>` per curve (`M` where the
/// pen lifts) in a colour of a palette that reads on white, clipped to the plot area with a
/// `<clipPath>`, and the legend. Coordinates are printed with at most two decimals.
///
/// Text is measured by estimate (no font is loaded): `0.6 * fontSize` a character and
/// `1.2 * fontSize` a line, which fits DejaVu Sans and Liberation Sans digits closely.
public struct SVGRenderer: PlotRenderer, Sendable {
  /// The document's size in pixels (user units), at least 1 x 1.
  public let size: PixelSize
  /// The font size of labels and legend, in pixels.
  public var fontSize: Double
  /// The colours and line widths.
  public var theme: Theme
  /// The stroke colours of curves 0, 1, ... (cycling): tab10's first colours, which read on
  /// a white background.
  public static let palette = Theme.default.palette.map(\.hex)

  /// What was drawn, as UTF-8: one element a line, each ending in a newline.
  var body: [UInt8] = []
  var defs: [String] = []
  var clipCount = 0
  var clipOpen = false

  /// Creates an empty document of `size` pixels (default 800 x 600; each side at least 1).
  ///
  /// - Parameters:
  ///   - size: The document's width and height in pixels.
  ///   - fontSize: The font size of labels and legend in pixels (default 12).
  ///   - theme: The colours and line widths (default `Theme.default`).
  public init(
    size: PixelSize = PixelSize(width: 800, height: 600), fontSize: Double = 12,
    theme: Theme = .default
  ) {
    self.size = PixelSize(width: max(size.width, 1), height: max(size.height, 1))
    self.fontSize = fontSize.isFinite && fontSize > 0 ? fontSize : 12
    self.theme = theme
  }

  // MARK: PlotRenderer

  /// SVG draws a light grid, colours, fills and clips.
  public var capabilities: RendererCapabilities { [.grid, .color, .fill, .clip] }

  /// Strokes the polyline as one `<path>`.
  public mutating func drawPolyline(_ points: [PixelPoint], style: DrawStyle) {
    drawPolylines([points], style: style)
  }

  /// Strokes the polylines as one `<path>`, with a `M` (move) where the pen lifts.
  public mutating func drawPolylines(_ lines: [[PixelPoint]], style: DrawStyle) {
    guard theme.width(style) > 0 else { return }  // a theme without a frame
    // The element is written as UTF-8 bytes straight into the body: building a string a
    // number at a time was most of an export's drawing (callgrind, Docs/performance.md).
    let start = body.count
    let needed = start + lines.reduce(0) { $0 + $1.count } * 16 + 160
    if body.capacity < needed { body.reserveCapacity(max(needed, body.capacity * 2)) }
    Self.append("<path d=\"", to: &body)
    let dataStart = body.count
    for line in lines {
      var count = 0
      for p in line where p.x.isFinite && p.y.isFinite {
        body.append(
          count == 0 ? UInt8(ascii: "M") : count == 1 ? UInt8(ascii: "L") : UInt8(ascii: " "))
        Self.appendNumber(p.x, to: &body)
        body.append(UInt8(ascii: ","))
        Self.appendNumber(p.y, to: &body)
        count += 1
      }
      if count == 1 {  // a lone point: a zero-length stroke shows as a round dot
        body.append(UInt8(ascii: "h"))
        body.append(UInt8(ascii: "0"))
      }
    }
    guard body.count > dataStart else {
      body.removeSubrange(start...)
      return
    }
    Self.append("\" ", to: &body)
    Self.append(strokeAttributes(style), to: &body)
    Self.append("/>\n", to: &body)
  }

  /// Paints `rect` white (the legend's box) for `.legend`, otherwise in the style's colour;
  /// a `.bar` fill (a bar, a bar chart's legend swatch) has no `stroke` attribute.
  public mutating func fillRect(_ rect: PixelRect, style: DrawStyle) {
    guard Self.isDrawable(rect) else { return }
    if style == .plotArea {
      guard let paint = theme.plotArea else { return }
      Self.append("<rect ", to: &body)
      Self.appendRectAttributes(rect, to: &body)
      Self.append(" fill=\"" + fill(paint, id: "plotArea") + "\" stroke=\"none\"/>\n", to: &body)
      return
    }
    let fill =
      style == .legend
      ? theme.legendFill.hex + "\" fill-opacity=\"0.85" : theme.fillColor(style).hex
    Self.append("<rect ", to: &body)
    Self.appendRectAttributes(rect, to: &body)
    if case .bar = style {
      Self.append(" fill=\"" + fill + "\"/>\n", to: &body)
    } else if case .curve = style, theme.fillOpacity(style) < 1 {  // `fill solid 0.5`
      Self.append(
        " fill=\"" + fill + "\" fill-opacity=\"" + Self.number(theme.fillOpacity(style))
          + "\" stroke=\"none\"/>\n", to: &body)
    } else {
      Self.append(" fill=\"" + fill + "\" stroke=\"none\"/>\n", to: &body)
    }
  }

  /// Strokes the line as a `<path>` of a move and an `H`.
  public mutating func drawHorizontalLine(
    atY y: Double, from x0: Double, to x1: Double, style: DrawStyle
  ) {
    guard y.isFinite, x0.isFinite, x1.isFinite else { return }
    Self.append("<path d=\"M", to: &body)
    Self.appendNumber(x0, to: &body)
    body.append(UInt8(ascii: ","))
    Self.appendNumber(y, to: &body)
    body.append(UInt8(ascii: "H"))
    Self.appendNumber(x1, to: &body)
    Self.append("\" " + strokeAttributes(style) + "/>\n", to: &body)
  }

  /// Paints the bar as a `<rect>`, or, with round corners, as a `<path>` whose two far
  /// corners are cubic Béziers of radius `bar.cornerRadius` (control points at κ = 0.5523
  /// of the radius, the usual approximation of a quarter circle).
  public mutating func fillBar(_ bar: PixelBar, style: DrawStyle) {
    guard bar.cornerRadius > 0 else {
      fillRect(bar.rect, style: style)
      return
    }
    let (x, w, y0, y1, r) = (bar.x, bar.width, bar.base, bar.end, bar.cornerRadius)
    guard x.isFinite, w.isFinite, y0.isFinite, y1.isFinite, r.isFinite else { return }
    let n = Self.number
    let kappa = 0.5523
    let sgn = y1 < y0 ? 1.0 : -1.0  // 1: the bar rises from the zero line
    let yc = y1 + sgn * r
    let d =
      "M\(n(x)),\(n(y0))L\(n(x)),\(n(yc))"
      + "C\(n(x)),\(n(yc - sgn * r * kappa)) \(n(x + r - r * kappa)),\(n(y1)) \(n(x + r)),\(n(y1))"
      + "L\(n(x + w - r)),\(n(y1))"
      + "C\(n(x + w - r + r * kappa)),\(n(y1)) \(n(x + w)),\(n(yc - sgn * r * kappa)) "
      + "\(n(x + w)),\(n(yc))"
      + "L\(n(x + w)),\(n(y0))Z"
    Self.append(
      "<path d=\"" + d + "\" fill=\"" + theme.fillColor(style).hex + "\"/>\n", to: &body)
  }

  /// Strokes the outline of `rect` as a `<rect>`.
  public mutating func drawRect(_ rect: PixelRect, style: DrawStyle) {
    guard Self.isDrawable(rect), theme.width(style) > 0 else { return }
    Self.append("<rect ", to: &body)
    Self.appendRectAttributes(rect, to: &body)
    Self.append(" " + strokeAttributes(style) + "/>\n", to: &body)
  }

  /// Writes `text` as a `<text>` element, escaped (see `escape`).
  public mutating func drawText(
    _ text: String, at point: PixelPoint, anchor: TextAnchor, style: DrawStyle
  ) {
    drawText(text, at: point, anchor: anchor, style: style, scale: 1)
  }

  /// Writes `text` as a `<text>` element, escaped (see `escape`), its `font-size` `scale`
  /// times the style's (gnuplot's `font ",SIZE"`).
  public mutating func drawText(
    _ text: String, at point: PixelPoint, anchor: TextAnchor, style: DrawStyle, scale: Double
  ) {
    drawText(text, at: point, anchor: anchor, style: style, scale: scale, rotation: 0, color: nil)
  }

  /// Strokes `lines` as curve 0 of the look `Theme.strokeLook(_:for:)` makes of `look`
  /// (round joins, anti-aliased, its dashes).
  public mutating func drawStyledPolylines(
    _ lines: [[PixelPoint]], style: DrawStyle, look: CurveLook
  ) {
    let saved = theme.curveLooks
    theme.curveLooks = [theme.strokeLook(look, for: style)]
    drawPolylines(lines, style: .curve(0))
    theme.curveLooks = saved
  }

  /// Writes `text` as a `<text>` element, turned `rotation` degrees counterclockwise about
  /// `point` (`transform="rotate(...)"`) and filled with `color` when given.
  public mutating func drawText(
    _ text: String, at point: PixelPoint, anchor: TextAnchor, style: DrawStyle, scale: Double,
    rotation: Double, color: RGBColor?
  ) {
    let fs = fontSize(style) * (scale.isFinite && scale > 0 ? scale : 1)
    if let lines = TextLines.lines(text) {  // one `<text>` a line, one under the other
      let middles = TextLines.middles(
        count: lines.count, lineHeight: 1.2 * fs, at: point, anchor: anchor, rotation: rotation)
      for (line, middle) in zip(lines, middles) {
        drawText(
          String(line), at: middle, anchor: TextAnchor(anchor.horizontal, .middle), style: style,
          scale: scale, rotation: rotation, color: color)
      }
      return
    }
    let t = Self.escape(text)
    guard !t.isEmpty, point.x.isFinite, point.y.isFinite else { return }
    let baseline = anchor.baseline(at: point.y, fontSize: fs)
    let ta: String
    switch anchor.horizontal {
    case .left: ta = "start"
    case .center: ta = "middle"
    case .right: ta = "end"
    }
    let weight = style == .title ? " font-weight=\"bold\"" : ""
    Self.append("<text x=\"", to: &body)
    Self.appendNumber(point.x, to: &body)
    Self.append("\" y=\"", to: &body)
    Self.appendNumber(baseline, to: &body)
    Self.append("\" text-anchor=\"" + ta + "\" font-size=\"", to: &body)
    Self.appendNumber(fs, to: &body)
    Self.append("\"" + weight, to: &body)
    if rotation.isFinite, rotation != 0 {
      Self.append(" transform=\"rotate(", to: &body)
      Self.appendNumber(-rotation, to: &body)
      body.append(UInt8(ascii: " "))
      Self.appendNumber(point.x, to: &body)
      body.append(UInt8(ascii: " "))
      Self.appendNumber(point.y, to: &body)
      Self.append(")\"", to: &body)
    }
    Self.append(" fill=\"" + (color?.hex ?? textColor(style)) + "\">", to: &body)
    Self.append(t, to: &body)
    Self.append("</text>\n", to: &body)
  }

  /// The estimated size of `text` in pixels: `0.6 * fontSize` per character (after
  /// escaping's removals) by `1.2 * fontSize`.
  public func textSize(_ text: String) -> (width: Double, height: Double) {
    if let lines = TextLines.lines(text) { return TextLines.size(lines) { textSize($0) } }
    let n = Self.visibleCount(text)
    return (Double(n) * 0.6 * fontSize, 1.2 * fontSize)
  }

  /// `textSize(_:)` at `scale` times the font size.
  public func textSize(_ text: String, scale: Double) -> (width: Double, height: Double) {
    if let lines = TextLines.lines(text) {
      return TextLines.size(lines) { textSize($0, scale: scale) }
    }
    let s = scale.isFinite && scale > 0 ? scale : 1
    let n = Self.visibleCount(text)
    return (Double(n) * 0.6 * fontSize * s, 1.2 * fontSize * s)
  }

  /// Clips what follows to `rect` with a `<clipPath>`, until `endClip()`.
  public mutating func beginClip(_ rect: PixelRect) {
    if clipOpen { endClip() }
    guard let r = Self.rectAttributes(rect) else { return }
    clipCount += 1
    let id = "clip\(clipCount)"
    defs.append("<clipPath id=\"\(id)\"><rect \(r)/></clipPath>")
    Self.append("<g clip-path=\"url(#\(id))\">\n", to: &body)
    clipOpen = true
  }

  /// Ends the clipping group started by `beginClip`.
  public mutating func endClip() {
    if clipOpen { Self.append("</g>\n", to: &body) }
    clipOpen = false
  }

  // MARK: Output

  /// The SVG document: XML declaration, `<svg>` root with width, height and viewBox, the
  /// `<defs>` (clip paths), a white background and what was drawn; ends in a newline.
  public func document() -> String {
    let w = size.width
    let h = size.height
    var lines = [
      "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>",
      "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(w)\" height=\"\(h)\" "
        + "viewBox=\"0 0 \(w) \(h)\" font-family=\"sans-serif\">",
    ]
    var allDefs = defs
    let background: String
    switch theme.background {
    case .solid(let c): background = c.hex
    case .vertical(let stops):
      allDefs.insert(Self.gradient(id: "background", stops), at: 0)
      background = "url(#background)"
    }
    if !allDefs.isEmpty { lines.append("<defs>" + allDefs.joined() + "</defs>") }
    lines.append(
      "<rect x=\"0\" y=\"0\" width=\"\(w)\" height=\"\(h)\" fill=\"\(background)\"/>")
    var out: [UInt8] = []
    out.reserveCapacity(body.count + 512 + defs.reduce(0) { $0 + $1.utf8.count })
    for line in lines {
      Self.append(line, to: &out)
      out.append(0x0A)
    }
    out.append(contentsOf: body)  // each element ends in a newline
    if clipOpen { Self.append("</g>\n", to: &out) }
    Self.append("</svg>\n", to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// Lays out and draws `plot` into a new document of `size` pixels and returns its text
  /// (see `PlotLayout` for the flow: the plot is best sampled at the size of
  /// `PlotLayout.plotArea(for: SVGRenderer(size: size), ...)`; it is scaled to the plot area
  /// otherwise).
  ///
  /// - Parameters:
  ///   - plot: The sampled plot.
  ///   - size: The document's size in pixels (default 800 x 600).
  ///   - plotArea: The plot area in pixels; nil computes it from `size` and the plot's
  ///     y tick labels.
  ///   - options: Title, legend, grid, axes.
  /// - Returns: The SVG document (`document()`).
  public static func document(
    _ plot: SampledPlot, size: PixelSize = PixelSize(width: 800, height: 600),
    plotArea: PixelRect? = nil, options: PlotLayout.Options = PlotLayout.Options()
  ) -> String {
    var svg = SVGRenderer(size: size)
    let area =
      plotArea
      ?? PlotLayout.plotArea(for: svg, options: options, yTickLabels: plot.yTicks.map(\.label))
    PlotLayout.draw(plot, in: &svg, plotArea: area, options: options)
    return svg.document()
  }

  // MARK: Helpers

  /// `v` with at most two decimals, trailing zeros and a trailing point removed, and never
  /// `-0` (`12`, `-3.5`, `0.25`); non-finite values print as `0`, and magnitudes are
  /// limited to 1e12 (far outside any document; the layout clips long before).
  package static func number(_ v: Double) -> String {
    // The exact decimal rounding of printf's "%.2f" (to nearest, ties to even, on the binary
    // value), done in integers: formatting through vsnprintf and a va_list was most of the
    // cost of exporting a plot (Docs/performance.md).
    let q = hundredths(v)
    if q == 0 { return "0" }
    var digits: [UInt8] = []
    digits.reserveCapacity(24)
    appendDigits(q, negative: v < 0, to: &digits)
    return String(decoding: digits, as: UTF8.self)
  }

  /// Appends `number(v)`'s text to `out` as UTF-8 bytes (the same characters, without
  /// building a string).
  ///
  /// - Parameters:
  ///   - v: The value (pixels).
  ///   - out: The bytes to append to.
  package static func appendNumber(_ v: Double, to out: inout [UInt8]) {
    let q = hundredths(v)
    if q == 0 {
      out.append(UInt8(ascii: "0"))
      return
    }
    appendDigits(q, negative: v < 0, to: &out)
  }

  /// `|v|` (clamped to 1e12; 0 for non-finite `v`) times 100, rounded to the nearest
  /// integer, ties to even, on the binary value: printf's `%.2f` rounding, in integers.
  static func hundredths(_ v: Double) -> UInt64 {
    guard v.isFinite else { return 0 }
    let magnitude = Swift.abs(min(max(v, -1e12), 1e12))
    let m = magnitude.significandBitPattern | (magnitude.isNormal ? 1 << 52 : 0)
    let e = Int(magnitude.exponentBitPattern == 0 ? 1 : magnitude.exponentBitPattern) - 1075
    let p = m &* 100  // < 2^60: the value times 100 is p * 2^e exactly
    if m == 0 { return 0 }
    if e >= 0 { return p << UInt64(e) }  // |v| <= 1e12, so this is < 2^47
    if e <= -64 { return 0 }  // below 2^-4 after scaling: rounds to 0
    let shift = UInt64(-e)
    var q = p >> shift
    let rest = p & ((1 << shift) &- 1)
    let half: UInt64 = 1 << (shift - 1)
    if rest > half || (rest == half && q & 1 == 1) { q += 1 }
    return q
  }

  /// Appends `q` hundredths (q > 0) as `[-]units[.d[d]]`, trailing zeros of the decimals
  /// and a bare point left out.
  static func appendDigits(_ q: UInt64, negative: Bool, to out: inout [UInt8]) {
    if negative { out.append(UInt8(ascii: "-")) }
    var units = q / 100
    var divisor: UInt64 = 1
    while divisor <= units / 10 { divisor *= 10 }
    repeat {
      out.append(UInt8(ascii: "0") + UInt8(units / divisor))
      units %= divisor
      divisor /= 10
    } while divisor > 0
    let cents = Int(q % 100)
    if cents != 0 {
      out.append(UInt8(ascii: "."))
      out.append(UInt8(ascii: "0") + UInt8(cents / 10))
      if cents % 10 != 0 { out.append(UInt8(ascii: "0") + UInt8(cents % 10)) }
    }
  }

  /// `text` escaped for XML character data and attribute values: `&` `<` `>` `"` `'` as
  /// entities; characters XML 1.0 forbids (controls other than tab, U+FFFE, U+FFFF) and
  /// other C0/C1 controls and line breaks are removed, as are ANSI escape sequences' ESC.
  package static func escape(_ text: String) -> String {
    var out = ""
    for s in text.unicodeScalars {
      switch s {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      case "\t": out += " "
      default:
        if isDropped(s) { continue }
        out.unicodeScalars.append(s)
      }
    }
    return out
  }

  static func isDropped(_ s: Unicode.Scalar) -> Bool { TerminalText.isDroppedFromPictures(s) }

  static func visibleCount(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { $0 + (isDropped($1) ? 0 : 1) }
  }

  /// Appends the UTF-8 of `text` to `out`.
  @inline(__always)
  static func append(_ text: String, to out: inout [UInt8]) {
    out.append(contentsOf: text.utf8)
  }

  /// Whether `rectAttributes(r)` gives attributes (all four numbers finite).
  static func isDrawable(_ r: PixelRect) -> Bool {
    r.x.isFinite && r.y.isFinite && r.width.isFinite && r.height.isFinite
  }

  /// Appends `rectAttributes(r)` (of a drawable `r`) to `out`.
  static func appendRectAttributes(_ r: PixelRect, to out: inout [UInt8]) {
    append("x=\"", to: &out)
    appendNumber(r.x, to: &out)
    append("\" y=\"", to: &out)
    appendNumber(r.y, to: &out)
    append("\" width=\"", to: &out)
    appendNumber(max(r.width, 0), to: &out)
    append("\" height=\"", to: &out)
    appendNumber(max(r.height, 0), to: &out)
    out.append(UInt8(ascii: "\""))
  }

  static func rectAttributes(_ r: PixelRect) -> String? {
    guard r.x.isFinite, r.y.isFinite, r.width.isFinite, r.height.isFinite else { return nil }
    return "x=\"\(number(r.x))\" y=\"\(number(r.y))\" width=\"\(number(max(r.width, 0)))\" "
      + "height=\"\(number(max(r.height, 0)))\""
  }

  func color(_ style: DrawStyle) -> String { theme.color(style).hex }

  func textColor(_ style: DrawStyle) -> String { theme.textColor(style).hex }

  /// The `fill` attribute's value for `paint`: its colour, or a reference to a
  /// `<linearGradient>` with id `id` (added to the defs once) for a gradient.
  mutating func fill(_ paint: Paint, id: String) -> String {
    switch paint {
    case .solid(let c): return c.hex
    case .vertical(let stops):
      let def = Self.gradient(id: id, stops)
      if !defs.contains(def) { defs.append(def) }
      return "url(#\(id))"
    }
  }

  /// A vertical `<linearGradient>` (top to bottom of the element it fills) of `stops`.
  static func gradient(id: String, _ stops: [GradientStop]) -> String {
    let body = stops.map {
      "<stop offset=\"\(number($0.position))\" stop-color=\"\($0.color.hex)\"/>"
    }.joined()
    return "<linearGradient id=\"\(id)\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\">" + body
      + "</linearGradient>"
  }

  func strokeAttributes(_ style: DrawStyle) -> String {
    let width = Self.number(theme.width(style))
    switch style {
    case .curve:
      let dashes = theme.dashes(style).map {
        " stroke-dasharray=\"" + $0.map(Self.number).joined(separator: " ") + "\""
      }
      return "fill=\"none\" stroke=\"\(color(style))\" stroke-width=\"\(width)\" "
        + "stroke-linejoin=\"round\" stroke-linecap=\"round\"" + (dashes ?? "")
    case .legend:
      return "fill=\"none\" stroke=\"\(color(style))\" stroke-width=\"\(width)\""
    case .midline:
      return "fill=\"none\" stroke=\"\(color(style))\" stroke-width=\"\(width)\" "
        + "stroke-dasharray=\"6 4\" shape-rendering=\"crispEdges\""
    default:
      return
        "fill=\"none\" stroke=\"\(color(style))\" stroke-width=\"\(width)\" shape-rendering=\"crispEdges\""
    }
  }

  func fontSize(_ style: DrawStyle) -> Double {
    style == .title ? fontSize * 7 / 6 : fontSize
  }
}
