import Glibc

// gnuplot's `set object` (`help set object`): rectangles, circles, ellipses and polygons
// drawn on the plot in its coordinate systems, filled and outlined, in one of three layers.

/// A shape drawn on the plot (gnuplot's `set object N rectangle|circle|ellipse|polygon`).
public struct PlotObject: Sendable, Hashable {
  /// The shape and where it lies.
  public enum Shape: Sendable, Hashable {
    /// The rectangle between two corners (`from X0,Y0 to X1,Y1`; gnuplot's `rto` is made
    /// absolute when the command runs).
    case rectangle(from: PlotPosition, to: PlotPosition)
    /// The rectangle of width W and height H centred on a point (`center X,Y size W,H`);
    /// W and H are lengths in their own systems.
    case centeredRectangle(center: PlotPosition, width: PlotCoordinate, height: PlotCoordinate)
    /// The circle of radius R (a length along x, in its system: round on the page) about a
    /// centre, or its sector from angle `arc.lowerBound` to `arc.upperBound` in degrees,
    /// counterclockwise from the +x direction (`arc [A:B]`).
    case circle(center: PlotPosition, radius: PlotCoordinate, arc: ClosedRange<Double>)
    /// The ellipse of axes W (along x before the turn) and H about a centre, turned
    /// `angle` degrees counterclockwise in the units of its systems (gnuplot's
    /// `set style ellipse units xy`, its default: the turn is made in plot units, then
    /// mapped to the page).
    case ellipse(
      center: PlotPosition, width: PlotCoordinate, height: PlotCoordinate, angle: Double)
    /// The polygon through the vertices (`from X,Y to X,Y to ...`), closed.
    case polygon([PlotPosition])
  }
  /// Where an object is drawn among the plot's layers (gnuplot's `front`, `back`,
  /// `behind`).
  public enum Layer: String, Sendable, Hashable {
    /// Over the curves.
    case front
    /// Under the curves, over the grid and axes (gnuplot's default).
    case back
    /// Under everything, the grid too.
    case behind
  }
  /// How the inside is painted (gnuplot's `fillstyle`).
  public enum Fill: Sendable, Hashable {
    /// Not painted (`fs empty`).
    case empty
    /// Painted at density D in 0...1 (`fs solid D`, `fs transparent solid D`: the picture
    /// outputs draw both at opacity D).
    case solid(Double)
  }

  /// The shape.
  public var shape: Shape
  /// The fill's colour (`fc rgb "..."`), nil for the output's background (gnuplot's
  /// `bgnd`, the rectangles' default).
  public var fillColor: RGBColor?
  /// The fill.
  public var fill = Fill.empty
  /// Whether the outline is stroked (`border`, `noborder`).
  public var border = true
  /// The outline's look (`border lc ...`, `lw`, `dt`); its colour nil: black for a
  /// rectangle (gnuplot's `set style rectangle ... border lt -1`), the fill's colour for
  /// the other shapes.
  public var borderLook = CurveLook()
  /// The layer.
  public var layer = Layer.back

  /// Creates an object of `shape`: not filled, outlined, behind the curves.
  public init(shape: Shape) {
    self.shape = shape
  }

  /// The coordinate systems of the object's positions (corners, centres, vertices; not its
  /// lengths), which decide its clipping: to the plot area unless one is `screen` or
  /// `character`.
  public var systems: [PlotCoordinate.System] {
    let positions: [PlotPosition]
    switch shape {
    case .rectangle(let from, let to): positions = [from, to]
    case .centeredRectangle(let center, _, _), .circle(let center, _, _),
      .ellipse(let center, _, _, _):
      positions = [center]
    case .polygon(let vertices): positions = vertices
    }
    return positions.flatMap { [$0.x.system, $0.y.system] }
  }

  /// gnuplot's default rectangle (`set style rectangle back fc bgnd fs solid 1.0 border lt
  /// -1`) of `shape`.
  public static func rectangle(_ shape: Shape) -> PlotObject {
    var object = PlotObject(shape: shape)
    object.fill = .solid(1)
    return object
  }

  /// Whether the shape is a rectangle (whose border is black unless given).
  public var isRectangle: Bool {
    switch shape {
    case .rectangle, .centeredRectangle: return true
    default: return false
    }
  }
}

extension PlotLayout {
  /// Pixels per unit of a length in `system` along x (or y), at `origin` (a `first`
  /// length is measured from the position it is added to: on a log axis, `scale` of it).
  static func lengthScale(
    _ system: PlotCoordinate.System, x: Bool, map: PixelMap, plotArea: PixelRect,
    size: PixelSize, char: (width: Double, height: Double)
  ) -> Double {
    switch system {
    case .first: return x ? map.x(1) - map.x(0) : map.y(0) - map.y(1)
    case .graph: return x ? plotArea.width : plotArea.height
    case .screen: return x ? Double(size.width) : Double(size.height)
    case .character: return x ? char.width : char.height
    }
  }

  /// The outline of `object` in the output's pixels (closed: the last point joins the
  /// first), or nil when a coordinate cannot be placed (a log axis's 0).
  ///
  /// Circles and ellipses are polygons of 72 sides (a sector's arc one side per 5
  /// degrees, joined to the centre).
  static func outline(
    _ object: PlotObject, scales: AxisScales, map: PixelMap, plotArea: PixelRect,
    size: PixelSize, char: (width: Double, height: Double)
  ) -> [PixelPoint]? {
    func at(_ p: PlotPosition) -> PixelPoint {
      pixel(p, scales: scales, map: map, plotArea: plotArea, size: size, char: char)
    }
    func length(_ c: PlotCoordinate, x: Bool) -> Double {
      c.value * lengthScale(c.system, x: x, map: map, plotArea: plotArea, size: size, char: char)
    }
    var points: [PixelPoint]
    switch object.shape {
    case .rectangle(let from, let to):
      let a = at(from)
      let b = at(to)
      points = [a, PixelPoint(x: b.x, y: a.y), b, PixelPoint(x: a.x, y: b.y)]
    case .centeredRectangle(let center, let width, let height):
      let c = at(center)
      let w = abs(length(width, x: true)) / 2
      let h = abs(length(height, x: false)) / 2
      points = [
        PixelPoint(x: c.x - w, y: c.y + h), PixelPoint(x: c.x + w, y: c.y + h),
        PixelPoint(x: c.x + w, y: c.y - h), PixelPoint(x: c.x - w, y: c.y - h),
      ]
    case .circle(let center, let radius, let arc):
      let c = at(center)
      let r = abs(length(radius, x: true))
      let full = arc.upperBound - arc.lowerBound >= 360
      let span = full ? 360 : arc.upperBound - arc.lowerBound
      let steps = max(2, Int((span / 5).rounded(.up)))
      points = []
      for k in 0...(full ? steps - 1 : steps) {
        let t = (arc.lowerBound + span * Double(k) / Double(steps)) * Double.pi / 180
        points.append(PixelPoint(x: c.x + r * cos(t), y: c.y - r * sin(t)))
      }
      if !full { points.append(c) }
    case .ellipse(let center, let width, let height, let angle):
      let c = at(center)
      let sx = lengthScale(
        width.system, x: true, map: map, plotArea: plotArea, size: size, char: char)
      let sy = lengthScale(
        height.system, x: false, map: map, plotArea: plotArea, size: size, char: char)
      let a = width.value / 2
      let b = height.value / 2
      let (ca, sa) = (cos(angle * Double.pi / 180), sin(angle * Double.pi / 180))
      points = (0..<72).map { k in
        let t = Double(k) * 5 * Double.pi / 180
        let (u, v) = (a * cos(t), b * sin(t))
        // Turned in plot units, then mapped (units xy).
        return PixelPoint(x: c.x + (u * ca - v * sa) * sx, y: c.y - (u * sa + v * ca) * sy)
      }
    case .polygon(let vertices):
      points = vertices.map(at)
      if points.count > 1, points.first == points.last { points.removeLast() }
    }
    guard points.count >= 2, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
      return nil
    }
    return points
  }

  /// Draws the objects of `options` in `layer`: each filled (clipped to the output) and
  /// outlined, in the order of their tags.
  static func drawObjects(
    _ layer: PlotObject.Layer, plot: SampledPlot, map: PixelMap, plotArea: PixelRect,
    options: Options, metrics m: Metrics, into renderer: inout some PlotRenderer
  ) {
    let size = renderer.size
    let output = PixelRect(
      x: 0, y: 0, width: Double(size.width) - 1e-6, height: Double(size.height) - 1e-6)
    // gnuplot 5.4 clips an object to the plot area unless a position is in screen or
    // character units, then only to the output (its SVG of a rectangle from 0.5,-1 to 2,0.5
    // over [0:1]x[0:1] ends at the frame, one from graph 0.9,0.9 to screen 0.99,0.99 passes
    // it; rectangle.dem's "There should be a clipped rectangle here").
    let area = PixelRect(
      x: plotArea.x, y: plotArea.y, width: plotArea.width - 1e-6,
      height: plotArea.height - 1e-6)
    for object in options.objects where object.layer == layer {
      guard
        let points = outline(
          object, scales: plot.scales, map: map, plotArea: plotArea, size: size, char: m.char)
      else { continue }
      let clip = object.systems.contains { $0 == .screen || $0 == .character } ? output : area
      if case .solid(let density) = object.fill, density > 0 {
        let polygons = FillGeometry.clipped(points, to: clip)
        if !polygons.isEmpty {
          renderer.fillShape(polygons, color: object.fillColor, opacity: min(1, density))
        }
      }
      guard object.border else { continue }
      var look = object.borderLook
      if look.color == nil, look.colorIndex == nil {
        look.color = object.isRectangle ? RGBColor(0x000000) : object.fillColor ?? RGBColor(0)
      }
      let lines = LayoutClip.clipPolyline(points + [points[0]], to: clip)
      if !lines.isEmpty { renderer.drawStyledPolylines(lines, style: .frame, look: look) }
    }
  }
}
