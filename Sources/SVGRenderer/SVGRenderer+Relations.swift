import GraphView

extension SVGRenderer {
  /// Paints a relation as filled `<path>`s in the curve's colour, each pixel set merged
  /// into rectangles (`RelationRegion.rectangles(where:)`: runs of a row joined with the
  /// same runs of the rows below, one subpath each), never a rectangle a pixel:
  /// - an equation: its proven pixels opaque, its undecided pixels at opacity 0.35;
  /// - a region: its proven pixels at opacity 0.3, its undecided pixels at 0.15, and its
  ///   edge (pixels not proven false beside one that is) opaque, dashed for a strict
  ///   inequality.
  /// Styles other than `.curve` draw nothing.
  public mutating func drawRelation(_ region: RelationRegion, style: DrawStyle) {
    guard case .curve = style else { return }
    let g = region.grid
    let colour = color(style)
    if g.isThin {
      appendRegionPath(region.rectangles { g[$0, $1] == .yes }, colour: colour, opacity: nil)
      appendRegionPath(
        region.rectangles { g[$0, $1] == .undecided }, colour: colour, opacity: "0.35")
    } else {
      appendRegionPath(region.rectangles { g[$0, $1] == .yes }, colour: colour, opacity: "0.3")
      appendRegionPath(
        region.rectangles { g[$0, $1] == .undecided }, colour: colour, opacity: "0.15")
      appendRegionPath(
        region.rectangles { region.isDrawnEdge(column: $0, row: $1) }, colour: colour, opacity: nil)
    }
  }

  /// One `<path>` of the rectangles (`M x,y h w v h h -w z` each), filled with `colour`
  /// at `opacity` (nil: opaque); nothing when there are none.
  mutating func appendRegionPath(_ rects: [PixelRect], colour: String, opacity: String?) {
    let drawable = rects.filter { Self.isDrawable($0) }
    guard !drawable.isEmpty else { return }
    Self.append("<path d=\"", to: &body)
    for r in drawable {
      body.append(UInt8(ascii: "M"))
      Self.appendNumber(r.minX, to: &body)
      body.append(UInt8(ascii: ","))
      Self.appendNumber(r.minY, to: &body)
      body.append(UInt8(ascii: "h"))
      Self.appendNumber(r.width, to: &body)
      body.append(UInt8(ascii: "v"))
      Self.appendNumber(r.height, to: &body)
      body.append(UInt8(ascii: "h"))
      Self.appendNumber(-r.width, to: &body)
      body.append(UInt8(ascii: "z"))
    }
    Self.append("\" fill=\"" + colour + "\"", to: &body)
    if let opacity { Self.append(" fill-opacity=\"" + opacity + "\"", to: &body) }
    Self.append(" stroke=\"none\"/>\n", to: &body)
  }
}
