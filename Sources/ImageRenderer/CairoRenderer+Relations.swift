import CCairo
import GraphView

extension CairoRenderer {
  /// Paints a relation as the SVG does (`SVGRenderer.drawRelation`): merged rectangles in
  /// the curve's colour, an equation opaque with undecided pixels at 0.35, a region at 0.3
  /// (undecided 0.15) with its edge opaque. Styles other than `.curve` draw nothing.
  public func drawRelation(_ region: RelationRegion, style: DrawStyle) {
    guard case .curve = style else { return }
    let g = region.grid
    if g.isThin {
      fillRegion(region.rectangles { g[$0, $1] == .yes }, style: style, alpha: 1)
      fillRegion(region.rectangles { g[$0, $1] == .undecided }, style: style, alpha: 0.35)
    } else {
      fillRegion(region.rectangles { g[$0, $1] == .yes }, style: style, alpha: 0.3)
      fillRegion(region.rectangles { g[$0, $1] == .undecided }, style: style, alpha: 0.15)
      fillRegion(
        region.rectangles { region.isDrawnEdge(column: $0, row: $1) }, style: style, alpha: 1)
    }
  }

  /// Fills the rectangles as one path in the style's colour at `alpha`.
  func fillRegion(_ rects: [PixelRect], style: DrawStyle, alpha: Double) {
    let drawable = rects.filter { Self.isDrawable($0) }
    guard !drawable.isEmpty else { return }
    for r in drawable { cairo_rectangle(context, r.x, r.y, r.width, r.height) }
    let (red, green, blue) = theme.color(style).fractions
    cairo_set_source_rgba(context, red, green, blue, alpha)
    cairo_fill(context)
  }
}
