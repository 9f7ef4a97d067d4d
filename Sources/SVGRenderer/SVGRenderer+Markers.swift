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

  /// Takes the curves' looks into the theme (`Theme.curveLooks`): their colours, widths and
  /// dashes.
  public mutating func setCurveLooks(_ looks: [CurveLook]) { theme.curveLooks = looks }

  /// A data point's marker as one `<path>` (`PointShape.strokes`), solid, in the curve's
  /// colour and width; the filled types are filled.
  public mutating func drawPoint(
    at point: PixelPoint, type: Int, radius: Double, style: DrawStyle
  ) {
    drawPoints(at: [point], type: type, radius: radius, style: style)
  }

  /// The markers of many points as one `<path>` (a curve's points: a file of a million
  /// points is one element, not a million).
  public mutating func drawPoints(
    at points: [PixelPoint], type: Int, radius: Double, style: DrawStyle
  ) {
    var any = false
    for point in points where point.x.isFinite && point.y.isFinite {
      let strokes = PointShape.strokes(type, at: point, radius: radius)
      guard !strokes.isEmpty else { return }
      if !any { Self.append("<path d=\"", to: &body) }
      any = true
      for line in strokes {
        for (k, p) in line.enumerated() {
          body.append(k == 0 ? UInt8(ascii: "M") : k == 1 ? UInt8(ascii: "L") : UInt8(ascii: " "))
          Self.appendNumber(p.x, to: &body)
          body.append(UInt8(ascii: ","))
          Self.appendNumber(p.y, to: &body)
        }
        if line.count == 1 { Self.append("h0", to: &body) }
      }
    }
    guard any else { return }
    let colour = color(style)
    let fill = PointShape.isFilled(type) ? colour : "none"
    Self.append(
      "\" fill=\"" + fill + "\" stroke=\"" + colour + "\" stroke-width=\""
        + Self.number(theme.width(style))
        + "\" stroke-linejoin=\"round\" stroke-linecap=\"round\"/>\n",
      to: &body)
  }
}
