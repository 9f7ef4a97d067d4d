// gnuplot's `with labels` (`help labels`): a text at each data point, drawn as `set label`
// draws one (Annotations.swift), its point marker only with `point`.

/// The texts of a data curve drawn `with labels`: one a record, each at the record's point.
public struct PointLabels: Sendable, Hashable {
  /// The records' x values (data units), NaN at a gap.
  public var x: [Double]
  /// The records' y values (data units), NaN at a gap.
  public var y: [Double]
  /// The records' texts, in the records' order ("" at a gap).
  public var texts: [String]
  /// How every text is drawn: its justification (gnuplot's default for `with labels` is
  /// `center`), offset in characters, rotation, size, colour, and the point marker drawn
  /// at the record (`point pt N ps S`; `pointType` nil: none). Its text and position are
  /// not used.
  public var style: PlotTextLabel

  /// Creates the labels of records `x`, `y` with `texts`, drawn in `style`.
  public init(x: [Double], y: [Double], texts: [String], style: PlotTextLabel) {
    self.x = x
    self.y = y
    self.texts = texts
    self.style = style
  }

  /// gnuplot's default look of `with labels`: centred on the point, no marker.
  public static var defaultStyle: PlotTextLabel {
    var style = PlotTextLabel(
      text: "", position: PlotPosition(x: PlotCoordinate(.first, 0), y: PlotCoordinate(.first, 0)))
    style.justification = .center
    return style
  }
}

extension PlotLayout {
  /// Draws the texts of `labels` (a curve `with labels`, curve `index`): each record whose
  /// point lies inside `plotArea` gets its text at the point, moved by the offset (gnuplot
  /// leaves out a label whose point is outside the plot area, not one whose text sticks
  /// out), and its marker when the style has a point type, in the curve's colour (the text
  /// then one tick mark right of and above the point, as gnuplot puts it).
  ///
  /// - Returns: The points drawn at, for placing the legend.
  static func drawPointLabels(
    _ labels: PointLabels, index: Int, scales: AxisScales, map: PixelMap, plotArea: PixelRect,
    metrics m: Metrics, into renderer: inout some PlotRenderer
  ) -> [PixelPoint] {
    let style = labels.style
    // The offset's character: gnuplot's (8.39 x 18 px at 800x600), as the margins' unit.
    let char = marginCharacter(renderer, m)
    // With a point, gnuplot moves the text one tick mark right and up off it (4.5 px in
    // its 800x600 SVG, whatever the offset and point size; measured against gnuplot 5.4).
    let tic = style.pointType == nil ? 0 : 0.9 * max(0, renderer.tickLength)
    var ink: [PixelPoint] = []
    let n = min(labels.x.count, labels.y.count, labels.texts.count)
    var points: [PixelPoint] = []
    for i in 0..<n {
      let x = scales.x.coordinate(labels.x[i])
      let y = scales.y.coordinate(labels.y[i])
      let p = PixelPoint(x: map.x(x), y: map.y(y))
      guard p.x.isFinite, p.y.isFinite, p.x >= plotArea.minX - 1e-9,
        p.x <= plotArea.maxX + 1e-9, p.y >= plotArea.minY - 1e-9, p.y <= plotArea.maxY + 1e-9
      else { continue }
      points.append(p)
      ink.append(p)
      let text = labels.texts[i]
      guard !text.isEmpty else { continue }
      let at = PixelPoint(
        x: p.x + style.offsetX * char.width + tic, y: p.y - style.offsetY * char.height - tic)
      renderer.drawText(
        text, at: at, anchor: TextAnchor(style.justification, .middle), style: .label,
        scale: style.scale, rotation: style.rotation, color: style.color)
    }
    if let type = style.pointType, !points.isEmpty {
      let clip = PixelRect(
        x: plotArea.minX, y: plotArea.minY, width: max(0, plotArea.width - 1e-6),
        height: max(0, plotArea.height - 1e-6))
      let radius = markerRadius(m) * style.pointSize
      for p in points {
        drawPointMarker(
          p, type: type, radius: radius, clip: clip, style: .curve(index), into: &renderer)
      }
    }
    return ink
  }
}
