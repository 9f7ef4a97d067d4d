import CCairo
import GraphView

extension CairoRenderer {
  /// The opacity of a shaded area, as in the SVG (`SVGRenderer.fillOpacity`).
  static let fillOpacity = 0.25

  /// Paints `polygons` as one path in the colour of `style` at `fillOpacity`, by the
  /// nonzero winding rule, anti-aliased (as the SVG's `fillPolygons`).
  public func fillPolygons(_ polygons: [[PixelPoint]], style: DrawStyle) {
    fillPath(polygons, style: style, opacity: Self.fillOpacity)
  }

  /// Paints `polygons` as `fillPolygons` does, at the curve's fill density: gnuplot's
  /// `filledcurves`.
  public func fillArea(_ polygons: [[PixelPoint]], style: DrawStyle) {
    fillPath(polygons, style: style, opacity: theme.fillOpacity(style))
  }

  /// Paints `polygons` in `color` (nil: the background's colour) at `opacity`: a `set
  /// object` shape.
  public func fillShape(_ polygons: [[PixelPoint]], color: RGBColor?, opacity: Double) {
    fillPath(polygons, color: color ?? theme.background.dominant, opacity: max(0, opacity))
  }

  /// One path of `polygons` (closed) filled in `style`'s colour at `opacity`, nonzero rule.
  func fillPath(_ polygons: [[PixelPoint]], style: DrawStyle, opacity: Double) {
    fillPath(polygons, color: theme.fillColor(style), opacity: opacity)
  }

  /// One path of `polygons` (closed) filled in `color` at `opacity`, nonzero rule.
  func fillPath(_ polygons: [[PixelPoint]], color: RGBColor, opacity: Double) {
    var any = false
    cairo_new_path(context)
    for polygon in polygons {
      let points = polygon.filter { $0.x.isFinite && $0.y.isFinite }
      guard points.count >= 3 else { continue }
      for (k, p) in points.enumerated() {
        if k == 0 { cairo_move_to(context, p.x, p.y) } else { cairo_line_to(context, p.x, p.y) }
      }
      cairo_close_path(context)
      any = true
    }
    guard any else {
      cairo_new_path(context)
      return
    }
    let (r, g, b) = color.fractions
    cairo_set_source_rgba(context, r, g, b, opacity)
    cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
    cairo_set_antialias(context, CAIRO_ANTIALIAS_DEFAULT)
    cairo_fill(context)
  }

  /// Strokes `lines` in the curve style's colour and width, dashed 6 4 (as the SVG).
  public func drawDashedLines(_ lines: [[PixelPoint]], style: DrawStyle) {
    var any = false
    cairo_new_path(context)
    for line in lines {
      let points = line.filter { $0.x.isFinite && $0.y.isFinite }
      guard points.count >= 2 else { continue }
      for (k, p) in points.enumerated() {
        if k == 0 { cairo_move_to(context, p.x, p.y) } else { cairo_line_to(context, p.x, p.y) }
      }
      any = true
    }
    guard any else { return }
    setColor(theme.color(style))
    cairo_set_line_width(context, theme.width(style))
    cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
    cairo_set_line_cap(context, CAIRO_LINE_CAP_BUTT)
    cairo_set_antialias(context, CAIRO_ANTIALIAS_DEFAULT)
    let dashes: [Double] = [6, 4]
    cairo_set_dash(context, dashes, 2, 0)
    cairo_stroke(context)
    cairo_set_dash(context, nil, 0, 0)
  }
}
