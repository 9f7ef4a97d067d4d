// What gnuplot draws on a plot besides the curves and axes: text labels (`set label`),
// arrows (`set arrow`), the key's options (`set key box title ... at ...`), and positions in
// gnuplot's coordinate systems (`help coordinates`: first, graph, screen, character).

/// One coordinate of a position in one of gnuplot's coordinate systems (`help coordinates`).
public struct PlotCoordinate: Sendable, Hashable {
  /// gnuplot's coordinate systems that graphcalc draws in.
  public enum System: String, Sendable, Hashable, CaseIterable {
    /// The data's units on the x or y axis (`first`, the default; on a log axis a value,
    /// placed at its logarithm).
    case first
    /// The plot area: 0 its left (bottom) edge, 1 its right (top) edge.
    case graph
    /// The whole output: 0 its left (bottom) edge, 1 its right (top) edge.
    case screen
    /// Characters of the output's font from its left (bottom) edge.
    case character
  }
  /// The system.
  public var system: System
  /// The value in that system.
  public var value: Double

  /// Creates a coordinate of `value` in `system`.
  public init(_ system: System, _ value: Double) {
    self.system = system
    self.value = value
  }
}

/// A point in gnuplot's coordinates: x and y each in a system of its own
/// (`at graph 0.5, first 2`).
public struct PlotPosition: Sendable, Hashable {
  /// The horizontal coordinate.
  public var x: PlotCoordinate
  /// The vertical coordinate.
  public var y: PlotCoordinate

  /// Creates a position.
  public init(x: PlotCoordinate, y: PlotCoordinate) {
    self.x = x
    self.y = y
  }
}

/// A text drawn at a position of the plot (gnuplot's `set label`).
public struct PlotTextLabel: Sendable, Hashable {
  /// The text (one line).
  public var text: String
  /// Where it goes.
  public var position: PlotPosition
  /// Which end of the text lies at the position (`left`, the default, `center`, `right`).
  public var justification = TextAnchor.Horizontal.left
  /// The angle in degrees, counterclockwise (`rotate by N`; `rotate` alone is 90); a text
  /// canvas writes it level.
  public var rotation = 0.0
  /// The text's size as a multiple of the output's (`font ",SIZE"`: SIZE / 12).
  public var scale = 1.0
  /// The text's colour (`textcolor rgb "..."`), nil for the output's text colour.
  public var color: RGBColor?
  /// A point marker drawn at the position (`point pt N ps S`), gnuplot's point type, or nil.
  public var pointType: Int?
  /// The point marker's size as a multiple of the default.
  public var pointSize = 1.0
  /// Whether it is drawn over the curves (`front`) or under them (`back`, the default).
  public var front = false
  /// How far the text is moved right from the position, in characters (`offset X,Y`).
  public var offsetX = 0.0
  /// How far the text is moved up from the position, in characters (`offset X,Y`).
  public var offsetY = 0.0

  /// Creates a label of `text` at `position`, left-justified, level, at the output's size.
  public init(text: String, position: PlotPosition) {
    self.text = text
    self.position = position
  }
}

/// A line with arrow heads drawn on the plot (gnuplot's `set arrow`).
public struct PlotArrow: Sendable, Hashable {
  /// Which ends carry a head (`nohead`, `head`, the default, `backhead`, `heads`).
  public enum Heads: String, Sendable, Hashable {
    /// No head (`nohead`).
    case none = "nohead"
    /// A head at the end (`head`).
    case end = "head"
    /// A head at the start (`backhead`).
    case start = "backhead"
    /// Heads at both ends (`heads`).
    case both = "heads"
  }
  /// Where it starts.
  public var from: PlotPosition
  /// Where it ends (gnuplot's `rto` is made absolute when the command runs).
  public var to: PlotPosition
  /// Which ends carry a head.
  public var heads = Heads.end
  /// The stroke's colour, width and dashes (`lc`, `lw`, `dt`); nil fields: the frame's look
  /// (gnuplot's border line type).
  public var look = CurveLook()
  /// Whether it is drawn over the curves (`front`) or under them (`back`, the default).
  public var front = false

  /// Creates an arrow from `from` to `to` with a head at `to`.
  public init(from: PlotPosition, to: PlotPosition) {
    self.from = from
    self.to = to
  }
}

/// The key's (legend's) options beyond its placement corner (gnuplot's `set key`); the
/// defaults are graphcalc's legend: a box, sample then left-justified text, one column.
public struct KeyOptions: Sendable, Hashable {
  /// The region the key is placed in.
  public enum Region: Sendable, Hashable {
    /// Inside the plot area (`inside`).
    case inside
    /// In a margin chosen by the corner and the stacking (`outside`, gnuplot's rule).
    case outside
    /// In the left margin (`lmargin`).
    case leftMargin
    /// In the right margin (`rmargin`).
    case rightMargin
    /// In the top margin (`tmargin`, `above`, `over`).
    case topMargin
    /// In the bottom margin (`bmargin`, `below`, `under`).
    case bottomMargin
    /// Aligned to a position (`at X,Y`), as a label is aligned to its position.
    case at(PlotPosition)
  }
  /// Where a side of the key goes along one direction.
  public enum Side: Sendable, Hashable {
    /// Left (horizontally) or top (vertically).
    case start
    /// The middle.
    case center
    /// Right (horizontally) or bottom (vertically).
    case end
  }
  /// The text colour of the entries.
  public enum TextColor: Sendable, Hashable {
    /// The output's legend text colour.
    case standard
    /// Each entry's curve's colour (`textcolor variable`).
    case variable
    /// One colour (`textcolor rgb "..."`).
    case rgb(RGBColor)
  }

  /// Where the key goes; nil: the placement of `PlotLayout.Options.legendPlacement`.
  public var region: Region?
  /// Left, center or right (nil: right).
  public var horizontal: Side?
  /// Top, center or bottom (nil: top).
  public var vertical: Side?
  /// Whether the entries are laid out in rows (`horizontal`) rather than columns.
  public var horizontalStack = false
  /// Whether the texts are right-justified (`Right`; graphcalc's default is `Left`).
  public var rightJustified = false
  /// Whether the text comes before the sample (gnuplot's `noreverse`; graphcalc's default,
  /// sample first, is gnuplot's `reverse`).
  public var textFirst = false
  /// Whether the first entry is at the bottom (`invert`).
  public var invert = false
  /// Whether a frame is drawn around the key: `box` (in the frame's look, as gnuplot's
  /// border line type; the frame's cells on a text canvas), `nobox`, or nil for graphcalc's
  /// legend (a light outline in pictures, none on a text canvas).
  public var box: Bool?
  /// Whether the key's area is painted over the curves (`opaque`, graphcalc's default).
  public var opaque = true
  /// The key's title, on a line above the entries; empty for none.
  public var title = ""
  /// Where the title lies on its line (`title "..." left`; centred by default).
  public var titleAlignment = TextAnchor.Horizontal.center
  /// The sample's length in characters (`samplen`), nil for the output's default.
  public var sampleLength: Double?
  /// The line spacing as a multiple of a line (`spacing`).
  public var spacing = 1.0
  /// Characters added to (or taken from) the texts' width (`width`).
  public var widthIncrement = 0.0
  /// Lines added to (or taken from) the key's height (`height`).
  public var heightIncrement = 0.0
  /// The most rows (`maxrows`) of a vertical key, nil for as many as fit.
  public var maxRows: Int?
  /// The most columns (`maxcols`) of a horizontal key, nil for as many as fit.
  public var maxColumns: Int?
  /// The entries' text colour.
  public var textColor = TextColor.standard

  /// graphcalc's legend.
  public init() {}

  /// Whether these are graphcalc's defaults (the legend drawn as before the options).
  public var isDefault: Bool { self == KeyOptions() }
}

/// How one axis's tick labels are drawn (gnuplot's `set xtics rotate by N offset X,Y`).
public struct TickLabelStyle: Sendable, Hashable {
  /// The labels' angle in degrees, counterclockwise (a text canvas writes them level).
  public var rotation = 0.0
  /// How far the labels move right, in characters (`offset X,Y`).
  public var offsetX = 0.0
  /// How far the labels move up, in characters.
  public var offsetY = 0.0
  /// Whether the ticks point out of the frame (`out`) rather than in.
  public var outward = false
  /// The major ticks' length as a multiple of the default (`scale`).
  public var scale = 1.0

  /// Level labels in place, ticks inward, at the default length.
  public init() {}
}

/// One zero axis's look (gnuplot's `set xzeroaxis lt ... lc ... lw ... dt ...`).
public struct ZeroAxis: Sendable, Hashable {
  /// Whether it is drawn where it lies inside the view.
  public var shown = true
  /// Its stroke's options; all nil: the output's axis look.
  public var look = CurveLook()

  /// Shown, in the output's axis look.
  public init(shown: Bool = true, look: CurveLook = CurveLook()) {
    self.shown = shown
    self.look = look
  }
}

extension PlotLayout {
  /// The pixel (the output's) of `position` on a plot drawn in `plotArea` with `map`.
  ///
  /// - Parameters:
  ///   - position: The position in gnuplot's coordinates.
  ///   - scales: The axes' scales (a `first` value is placed at its coordinate).
  ///   - map: The plot's pixel map.
  ///   - plotArea: The plot area (gnuplot's `graph` 0 to 1).
  ///   - size: The output's size (`screen` 0 to 1).
  ///   - char: A character's size in pixels (`character` units).
  /// - Returns: The pixel; a coordinate that a log axis cannot place is NaN.
  static func pixel(
    _ position: PlotPosition, scales: AxisScales, map: PixelMap, plotArea: PixelRect,
    size: PixelSize, char: (width: Double, height: Double)
  ) -> PixelPoint {
    let x: Double
    switch position.x.system {
    case .first: x = map.x(scales.x.coordinate(position.x.value))
    case .graph: x = plotArea.minX + position.x.value * plotArea.width
    case .screen: x = position.x.value * Double(size.width)
    case .character: x = position.x.value * char.width
    }
    let y: Double
    switch position.y.system {
    case .first: y = map.y(scales.y.coordinate(position.y.value))
    case .graph: y = plotArea.maxY - position.y.value * plotArea.height
    case .screen: y = (1 - position.y.value) * Double(size.height)
    case .character: y = Double(size.height) - position.y.value * char.height
    }
    return PixelPoint(x: x, y: y)
  }

  /// Draws the labels and arrows of `options` that go `front` (or behind the curves),
  /// each at its position; arrows are cut to the output, labels whose position lies outside
  /// the output are left out.
  static func drawAnnotations(
    front: Bool, plot: SampledPlot, map: PixelMap, plotArea: PixelRect, options: Options,
    metrics m: Metrics, into renderer: inout some PlotRenderer
  ) {
    let size = renderer.size
    let output = PixelRect(
      x: 0, y: 0, width: Double(size.width) - 1e-6, height: Double(size.height) - 1e-6)
    for arrow in options.arrows where arrow.front == front {
      let a = pixel(
        arrow.from, scales: plot.scales, map: map, plotArea: plotArea, size: size, char: m.char)
      let b = pixel(
        arrow.to, scales: plot.scales, map: map, plotArea: plotArea, size: size, char: m.char)
      guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { continue }
      var lines: [[PixelPoint]] = []
      if let c = LayoutClip.clipSegment(a, b, to: output) { lines.append([c.a, c.b]) }
      let length = m.pad > 0 ? 1.25 * m.pad : 2 * m.char.width
      if arrow.heads == .end || arrow.heads == .both {
        lines += arrowHead(at: b, from: a, length: length, clip: output)
      }
      if arrow.heads == .start || arrow.heads == .both {
        lines += arrowHead(at: a, from: b, length: length, clip: output)
      }
      if !lines.isEmpty { renderer.drawStyledPolylines(lines, style: .frame, look: arrow.look) }
    }
    for label in options.textLabels where label.front == front {
      let p = pixel(
        label.position, scales: plot.scales, map: map, plotArea: plotArea, size: size,
        char: m.char)
      guard p.x.isFinite, p.y.isFinite, output.contains(p) else { continue }
      if let type = label.pointType {
        drawPointMarker(
          p, type: type, radius: markerRadius(m) * label.pointSize, clip: output, style: .label,
          into: &renderer)
      }
      let at = PixelPoint(
        x: p.x + label.offsetX * m.char.width, y: p.y - label.offsetY * m.char.height)
      renderer.drawText(
        label.text, at: at, anchor: TextAnchor(label.justification, .middle), style: .label,
        scale: label.scale, rotation: label.rotation, color: label.color)
    }
  }

  /// The two strokes of an arrow head at `tip`, pointing away from `tail`: `length` pixels
  /// long at 15 degrees to the shaft (gnuplot's default head), cut to `clip`.
  static func arrowHead(
    at tip: PixelPoint, from tail: PixelPoint, length: Double, clip: PixelRect
  ) -> [[PixelPoint]] {
    let dx = tip.x - tail.x
    let dy = tip.y - tail.y
    let d = (dx * dx + dy * dy).squareRoot()
    guard d > 0, length > 0 else { return [] }
    let (ux, uy) = (dx / d, dy / d)
    let (c, s) = (0.9659258262890683, 0.25881904510252074)  // cos, sin of 15 degrees
    var out: [[PixelPoint]] = []
    for sign in [1.0, -1.0] {
      let bx = -(ux * c - sign * uy * s) * length
      let by = -(uy * c + sign * ux * s) * length
      let end = PixelPoint(x: tip.x + bx, y: tip.y + by)
      if let seg = LayoutClip.clipSegment(tip, end, to: clip) { out.append([seg.a, seg.b]) }
    }
    return out
  }
}
