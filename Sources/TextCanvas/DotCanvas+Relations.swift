import GraphView

extension DotCanvas {
  /// Sets dots for a relation (`.curve(index)` styles; others draw nothing), one dot a grid
  /// pixel (the plot is solved at the canvas's size in dots): for an equation every pixel
  /// not proven false, so undecided pixels show as the curve does; for a region its edge
  /// (pixels not proven false beside one that is) and a light shading inside, every second
  /// dot column of every fourth dot row (one dot a braille cell), counted from the canvas's
  /// corner so the shading lines up across cells. Its dots are never dashed, so the curve's
  /// legend sample is drawn solid too (`relationCurves`).
  public mutating func drawRelation(_ region: RelationRegion, style: DrawStyle) {
    guard case .curve(let index) = style else { return }
    let curve = Int32(clamping: max(0, index))
    relationCurves.insert(index)
    let g = region.grid
    for row in 0..<g.height {
      for column in 0..<g.width {
        let cell = g[column, row]
        if cell == .no { continue }
        let p = region.centre(column: column, row: row)
        if !g.isThin && cell == .yes && !region.isDrawnEdge(column: column, row: row) {
          let dx = Int(p.x.rounded(.down))
          let dy = Int(p.y.rounded(.down))
          guard dx % 2 == 0 && dy % 4 == 0 else { continue }
        }
        plotDot(p, curve: curve)
      }
    }
  }
}

extension DotCanvas {
  /// Shades every cell whose centre lies inside `polygons` (dots; the nonzero winding
  /// rule, `FillGeometry.spans`) with `glyphs.shadeGlyph` in the colour of `.curve(index)`
  /// (other styles shade nothing). Shading shows only in cells with no dots, text or
  /// strokes, so the curves, axes and labels stay on top; the first fill to shade a cell
  /// keeps its colour.
  public mutating func fillPolygons(_ polygons: [[PixelPoint]], style: DrawStyle) {
    guard case .curve(let index) = style, columns > 0, rows > 0 else { return }
    let curve = Int32(clamping: max(0, index))
    for r in 0..<rows {
      let y = (Double(r) + 0.5) * Double(dotH)
      for span in FillGeometry.spans(polygons, atY: y) {
        // Cells whose centre (c + 0.5) * dotW lies in the span.
        let lo = max(0, Int((span.lowerBound / Double(dotW) - 0.5).rounded(.up)))
        let hi = min(columns - 1, Int((span.upperBound / Double(dotW) - 0.5).rounded(.down)))
        guard lo <= hi else { continue }
        for c in lo...hi where shades[r * columns + c] == nil { shades[r * columns + c] = curve }
      }
    }
  }
}
