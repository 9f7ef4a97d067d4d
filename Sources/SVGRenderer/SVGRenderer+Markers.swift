import GraphView

extension SVGRenderer {
  /// A `<circle>` of `PlotLayout.pointMarkerRadius` pixels at `point` in the colour of
  /// `style`: filled for a proven point, an outline 1.5 px wide for a possible one.
  public mutating func drawPointMarker(at point: PixelPoint, filled: Bool, style: DrawStyle) {
    guard point.x.isFinite, point.y.isFinite else { return }
    let colour = color(style)
    Self.append("<circle cx=\"", to: &body)
    Self.appendNumber(point.x, to: &body)
    Self.append("\" cy=\"", to: &body)
    Self.appendNumber(point.y, to: &body)
    Self.append("\" r=\"", to: &body)
    Self.appendNumber(PlotLayout.pointMarkerRadius, to: &body)
    Self.append(
      filled
        ? "\" fill=\"" + colour + "\" stroke=\"none\"/>\n"
        : "\" fill=\"none\" stroke=\"" + colour + "\" stroke-width=\"1.5\"/>\n", to: &body)
  }
}
