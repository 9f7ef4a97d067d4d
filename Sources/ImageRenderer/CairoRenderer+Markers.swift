import CCairo
import GraphView

#if canImport(Glibc)
import Glibc
#endif

extension CairoRenderer {
  /// A circle as the SVG draws it (`SVGRenderer.drawPointMarker`): filled in the curve's
  /// colour for a proven point, an outline 1.5 px wide for a possible one.
  public func drawPointMarker(at point: PixelPoint, filled: Bool, style: DrawStyle) {
    guard point.x.isFinite, point.y.isFinite else { return }
    cairo_new_path(context)
    cairo_arc(context, point.x, point.y, PlotLayout.pointMarkerRadius, 0, 2 * Double.pi)
    setColor(theme.color(style))
    cairo_set_antialias(context, CAIRO_ANTIALIAS_DEFAULT)
    if filled {
      cairo_fill(context)
    } else {
      cairo_set_line_width(context, 1.5)
      cairo_set_dash(context, nil, 0, 0)
      cairo_stroke(context)
    }
  }
}
