/// A point of interest drawn on a plot (`mark roots`, `mark extrema`, ...): a root, an
/// extremum or an intersection of a curve, proven or only possible.
public struct PlotMarker: Sendable, Hashable {
  /// The point's x, in plot units.
  public var x: Double
  /// The point's y, in plot units.
  public var y: Double
  /// The curve whose colour the marker takes (0-based).
  public var curve: Int
  /// Whether the point is proven (drawn filled) or only possible (drawn hollow).
  public var isProven: Bool
  /// The label written beside the point where there is room (`(3.142, 0)`); empty for none.
  public var label: String

  /// Creates a marker at (`x`, `y`) (plot units) in the colour of curve `curve`.
  public init(x: Double, y: Double, curve: Int, isProven: Bool, label: String) {
    self.x = x
    self.y = y
    self.curve = curve
    self.isProven = isProven
    self.label = label
  }
}

extension PlotLayout {
  /// The radius of a point marker in pixels: 4 in pictures (SVG, PNG, PDF); a text canvas
  /// draws a whole cell.
  public static let pointMarkerRadius = 4.0

  /// Draws `markers` (after the curves) and their labels: each marker inside the plot area
  /// through `drawPointMarker`, then each label beside its point, in the first of four
  /// places (above right, above left, below right, below left) whose box lies inside the
  /// plot area and overlaps no label drawn before and no other marker; a label with no such
  /// place is left out, and so is the label of a point already labelled the same.
  ///
  /// - Returns: The boxes of the labels drawn, in the output's pixels (the legend avoids
  ///   them).
  static func drawMarkers(
    _ markers: [PlotMarker], map: PixelMap, plotArea: PixelRect,
    in renderer: inout some PlotRenderer
  ) -> [PixelRect] {
    var placed: [PixelRect] = []
    var points: [(PixelPoint, PlotMarker)] = []
    for m in markers {
      let at = PixelPoint(x: map.x(m.x), y: map.y(m.y))
      guard at.x.isFinite, at.y.isFinite, plotArea.contains(at) else { continue }
      // A point on the right or bottom edge is moved a hair inside, so a text canvas puts
      // it in the plot area's last cell, not in the frame's.
      let p = PixelPoint(x: min(at.x, plotArea.maxX - 1e-6), y: min(at.y, plotArea.maxY - 1e-6))
      renderer.drawPointMarker(at: p, filled: m.isProven, style: .curve(m.curve))
      points.append((p, m))
    }
    let r = pointMarkerRadius
    let gap = max(2, renderer.padding / 4)
    var labelled: [(PixelPoint, String)] = []
    for (p, m) in points where !m.label.isEmpty {
      // Several marks of one point (a root that is also a minimum) are labelled once.
      if labelled.contains(where: {
        $0.1 == m.label && abs($0.0.x - p.x) <= r && abs($0.0.y - p.y) <= r
      }) {
        continue
      }
      labelled.append((p, m.label))
      let size = renderer.textSize(m.label)
      let offsets: [(Double, Double)] = [
        (r + gap, -r - gap - size.height), (-r - gap - size.width, -r - gap - size.height),
        (r + gap, r + gap), (-r - gap - size.width, r + gap),
      ]
      for (dx, dy) in offsets {
        let box = PixelRect(x: p.x + dx, y: p.y + dy, width: size.width, height: size.height)
        guard box.minX >= plotArea.minX, box.maxX <= plotArea.maxX, box.minY >= plotArea.minY,
          box.maxY <= plotArea.maxY
        else { continue }
        if placed.contains(where: { overlaps($0, box) }) { continue }
        if points.contains(where: { box.outset(dx: r, dy: r).contains($0.0) }) { continue }
        placed.append(box)
        renderer.drawText(
          m.label, at: PixelPoint(x: box.minX, y: box.minY), anchor: TextAnchor(.left, .top),
          style: .label)
        break
      }
    }
    return placed
  }

  /// Whether two rectangles share more than an edge.
  static func overlaps(_ a: PixelRect, _ b: PixelRect) -> Bool {
    a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
  }
}
