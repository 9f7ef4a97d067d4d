import GraphView

extension SVGRenderer {
  /// The opacity of a shaded area (`fill between`): light enough that the grid and the
  /// curves read through it.
  static let fillOpacity = "0.25"

  /// Paints `polygons` as one `<path>` (a subpath `M ... Z` each) in the colour of `style`
  /// at opacity `fillOpacity`, by SVG's default nonzero rule, without a stroke.
  public mutating func fillPolygons(_ polygons: [[PixelPoint]], style: DrawStyle) {
    fillPath(polygons, style: style, opacity: Self.fillOpacity)
  }

  /// Paints `polygons` as `fillPolygons` does, at the curve's fill density (opaque at 1:
  /// no `fill-opacity`): gnuplot's `filledcurves`.
  public mutating func fillArea(_ polygons: [[PixelPoint]], style: DrawStyle) {
    let opacity = theme.fillOpacity(style)
    fillPath(polygons, style: style, opacity: opacity < 1 ? Self.number(opacity) : nil)
  }

  /// Paints `polygons` as one `<path>` in `color` (nil: the background's colour) at
  /// `opacity` (no `fill-opacity` at 1): a `set object` shape.
  public mutating func fillShape(_ polygons: [[PixelPoint]], color: RGBColor?, opacity: Double) {
    let fill = (color ?? theme.background.dominant).hex
    fillPath(
      polygons, fill: fill, opacity: opacity < 1 ? Self.number(max(0, opacity)) : nil)
  }

  /// One `<path>` of `polygons` (a subpath each, closed) filled in `style`'s colour.
  mutating func fillPath(_ polygons: [[PixelPoint]], style: DrawStyle, opacity: String?) {
    fillPath(polygons, fill: theme.fillColor(style).hex, opacity: opacity)
  }

  /// One `<path>` of `polygons` (a subpath each, closed) filled in `fill` (an SVG colour).
  mutating func fillPath(_ polygons: [[PixelPoint]], fill: String, opacity: String?) {
    let start = body.count
    Self.append("<path d=\"", to: &body)
    let dataStart = body.count
    for polygon in polygons {
      let points = polygon.filter { $0.x.isFinite && $0.y.isFinite }
      guard points.count >= 3 else { continue }
      for (k, p) in points.enumerated() {
        body.append(k == 0 ? UInt8(ascii: "M") : k == 1 ? UInt8(ascii: "L") : UInt8(ascii: " "))
        Self.appendNumber(p.x, to: &body)
        body.append(UInt8(ascii: ","))
        Self.appendNumber(p.y, to: &body)
      }
      body.append(UInt8(ascii: "Z"))
    }
    guard body.count > dataStart else {
      body.removeSubrange(start...)
      return
    }
    Self.append(
      "\" fill=\"" + fill + "\""
        + (opacity.map { " fill-opacity=\"" + $0 + "\"" } ?? "") + " stroke=\"none\"/>\n",
      to: &body)
  }

  /// Strokes `lines` as one `<path>` in the curve style's colour and width, dashed 6 4.
  public mutating func drawDashedLines(_ lines: [[PixelPoint]], style: DrawStyle) {
    let start = body.count
    Self.append("<path d=\"", to: &body)
    let dataStart = body.count
    for line in lines {
      let points = line.filter { $0.x.isFinite && $0.y.isFinite }
      guard points.count >= 2 else { continue }
      for (k, p) in points.enumerated() {
        body.append(k == 0 ? UInt8(ascii: "M") : k == 1 ? UInt8(ascii: "L") : UInt8(ascii: " "))
        Self.appendNumber(p.x, to: &body)
        body.append(UInt8(ascii: ","))
        Self.appendNumber(p.y, to: &body)
      }
    }
    guard body.count > dataStart else {
      body.removeSubrange(start...)
      return
    }
    Self.append(
      "\" fill=\"none\" stroke=\"" + color(style) + "\" stroke-width=\""
        + Self.number(theme.width(style)) + "\" stroke-dasharray=\"6 4\"/>\n", to: &body)
  }
}
