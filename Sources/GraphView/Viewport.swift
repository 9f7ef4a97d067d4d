import Intervals

/// A size in pixels of an output (a terminal canvas counts its sub-cell dots as pixels).
public struct PixelSize: Sendable, Hashable {
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int
  /// Creates a size of `width` x `height` pixels.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
}

/// A point in pixel space: x grows to the right, y grows downward, (0, 0) is the top left
/// corner of the output.
public struct PixelPoint: Sendable, Hashable {
  /// Pixels from the left edge.
  public var x: Double
  /// Pixels from the top edge.
  public var y: Double
  /// Creates the point (`x`, `y`) in pixels.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
}

/// A point in plot space (the units of the function's argument and value).
public struct PlotPoint: Sendable, Hashable {
  /// The x coordinate, in plot units.
  public var x: Double
  /// The y coordinate, in plot units.
  public var y: Double
  /// Creates the point (`x`, `y`) in plot units.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
}

/// The mapping between plot space and the pixels of one output, as the seed GraphView keeps
/// it: a scale (pixels per plot unit, one for each axis) and an origin (the pixel where the
/// plot point (0, 0) lies, which may be outside the output).
///
/// `pixelX = origin.x + x * scaleX` and `pixelY = origin.y - y * scaleY` (pixel y grows
/// downward, plot y upward).
public struct Viewport: Sendable, Hashable {
  /// The output's size in pixels.
  public var size: PixelSize
  /// Pixels per plot unit along x (positive).
  public var scaleX: Double
  /// Pixels per plot unit along y (positive).
  public var scaleY: Double
  /// The pixel x where plot x = 0 lies.
  public var originX: Double
  /// The pixel y where plot y = 0 lies.
  public var originY: Double

  /// Creates a viewport from its scale and origin.
  ///
  /// - Parameters:
  ///   - size: The output's size in pixels.
  ///   - scaleX: Pixels per plot unit along x.
  ///   - scaleY: Pixels per plot unit along y.
  ///   - originX: The pixel x of plot x = 0.
  ///   - originY: The pixel y of plot y = 0.
  public init(size: PixelSize, scaleX: Double, scaleY: Double, originX: Double, originY: Double) {
    self.size = size
    self.scaleX = scaleX
    self.scaleY = scaleY
    self.originX = originX
    self.originY = originY
  }

  /// Creates the viewport that shows the plot-space rectangle `xRange` x `yRange` over the
  /// whole of `size`: `xRange.lowerBound` at pixel x 0, `xRange.upperBound` at pixel x
  /// `size.width`, `yRange.upperBound` at pixel y 0 and `yRange.lowerBound` at `size.height`.
  ///
  /// - Parameters:
  ///   - xRange: The plot-space x interval shown (plot units, non-empty width).
  ///   - yRange: The plot-space y interval shown (plot units, non-empty width).
  ///   - size: The output's size in pixels.
  ///
  /// A range wider than the largest double (`-1.7e308...1.7e308`) is measured in halves,
  /// so its scale is not 0.
  public init(xRange: ClosedRange<Double>, yRange: ClosedRange<Double>, size: PixelSize) {
    let sx = Self.scale(size.width, over: xRange)
    let sy = Self.scale(size.height, over: yRange)
    self.init(
      size: size, scaleX: sx, scaleY: sy,
      originX: -xRange.lowerBound * sx, originY: yRange.upperBound * sy)
  }

  /// The plot-space x interval this viewport shows.
  public var xRange: ClosedRange<Double> {
    plotX(0)...plotX(Double(size.width))
  }

  /// The plot-space y interval this viewport shows.
  public var yRange: ClosedRange<Double> {
    plotY(Double(size.height))...plotY(0)
  }

  /// The pixel x of plot x.
  @inlinable public func pixelX(_ x: Double) -> Double { originX + x * scaleX }
  /// The pixel y of plot y.
  @inlinable public func pixelY(_ y: Double) -> Double { originY - y * scaleY }
  /// The plot x at pixel x (within the doubles: a view reaching their ends must not round
  /// past them to infinity).
  @inlinable func plotX(_ px: Double) -> Double { Self.finite((px - originX) / scaleX) }
  /// The plot y at pixel y (within the doubles, as `plotX`).
  @inlinable func plotY(_ py: Double) -> Double { Self.finite((originY - py) / scaleY) }
  /// `v`, or the largest double of its sign when `v` is infinite (NaN stays NaN).
  @inlinable static func finite(_ v: Double) -> Double {
    v.isInfinite ? (v > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude) : v
  }
  /// The pixel point of a plot point.
  @inlinable public func pixel(_ p: PlotPoint) -> PixelPoint {
    PixelPoint(x: pixelX(p.x), y: pixelY(p.y))
  }

  /// The plot-space x interval of pixel column `column`, its edges included:
  /// `[plotX(column), plotX(column + 1)]`.
  public func columnInterval(_ column: Int) -> ClosedRange<Double> {
    let w = Double(size.width)
    let r = xRange
    let span = r.upperBound - r.lowerBound
    guard span.isFinite else {
      // Wider than the largest double: half the span, added twice.
      let half = r.upperBound * 0.5 - r.lowerBound * 0.5
      let ha = half * (Double(column) / w)
      let hb = half * (Double(column + 1) / w)
      let a = r.lowerBound + ha + ha
      let b = column + 1 == size.width ? r.upperBound : r.lowerBound + hb + hb
      return a...b
    }
    let a = r.lowerBound + span * Double(column) / w
    let b = column + 1 == size.width ? r.upperBound : r.lowerBound + span * Double(column + 1) / w
    return a...b
  }

  /// Pixels per unit when `pixels` show `range`: `pixels / width`, and when the width
  /// overflows (both ends near the largest double) `(pixels / 2) / (hi/2 − lo/2)`, the same
  /// quotient without the overflow.
  static func scale(_ pixels: Int, over range: ClosedRange<Double>) -> Double {
    let s = range.upperBound - range.lowerBound
    if s.isFinite { return Double(pixels) / s }
    return Double(pixels) * 0.5 / (range.upperBound * 0.5 - range.lowerBound * 0.5)
  }
}
