import Intervals

/// Which axes a curve is drawn against: gnuplot's `axes x1y1|x1y2|x2y1|x2y2` of a plot item
/// (`help axes`): x on the bottom (x1) or top (x2) axis, y on the left (y1) or right (y2).
public struct CurveAxes: Sendable, Hashable, CustomStringConvertible {
  /// Whether x is read on the second x axis (the top one).
  public var x2: Bool
  /// Whether y is read on the second y axis (the right one).
  public var y2: Bool

  /// Creates the choice; both first axes by default.
  public init(x2: Bool = false, y2: Bool = false) {
    self.x2 = x2
    self.y2 = y2
  }

  /// x1y1, the default.
  public static let first = CurveAxes()

  /// gnuplot's name: `x1y1`, `x1y2`, `x2y1` or `x2y2`.
  public var description: String { "x\(x2 ? 2 : 1)y\(y2 ? 2 : 1)" }

  /// The axes named `x1y1`, `x1y2`, `x2y1` or `x2y2`, or nil for any other word.
  public init?(name: String) {
    let bytes = Array(name.utf8)
    guard bytes.count == 4, bytes[0] == UInt8(ascii: "x"), bytes[2] == UInt8(ascii: "y"),
      [UInt8(ascii: "1"), UInt8(ascii: "2")].contains(bytes[1]),
      [UInt8(ascii: "1"), UInt8(ascii: "2")].contains(bytes[3])
    else { return nil }
    self.init(x2: bytes[1] == UInt8(ascii: "2"), y2: bytes[3] == UInt8(ascii: "2"))
  }
}

/// How a second axis (x2 or y2) lies along its first one: both span the same side of the
/// plot area, so a value on the second axis has a place on the first. As in gnuplot, where the
/// second axis's range is its own (`set y2range`, or autoscaled on the items plotted against
/// it) and shares only the plot area's edges with the first (`src/axis.c`: each axis maps its
/// own range onto the same terminal coordinates): the second axis's coordinate (its value, or
/// log_b of it on a log axis: `AxisScale.coordinate`) maps affinely onto the first's
/// coordinate, the ends onto the ends.
///
/// The curves of a second axis are presented to the one pipeline in the first axes' values
/// (`toFirst`), so sampling, clipping and drawing are the first axes'; the table and tick
/// labels go back (`toSecond`).
public struct AxisLink: Sendable, Hashable {
  /// The first axis's shown range, in its coordinates.
  public var first: ClosedRange<Double>
  /// The first axis's scale.
  public var firstScale: AxisScale
  /// The second axis's shown range, in values.
  public var secondRange: ClosedRange<Double>
  /// The first axis's shown range, in values.
  public var firstRange: ClosedRange<Double>
  /// The second axis's scale.
  public var secondScale: AxisScale
  /// The second axis's shown range, in its coordinates.
  public let second: ClosedRange<Double>

  /// Creates the link, or nil when a range has no finite, positive-width coordinates.
  ///
  /// - Parameters:
  ///   - first: The first axis's shown range, values.
  ///   - firstScale: Its scale.
  ///   - second: The second axis's shown range, values.
  ///   - secondScale: Its scale.
  public init?(
    first: ClosedRange<Double>, firstScale: AxisScale, second: ClosedRange<Double>,
    secondScale: AxisScale
  ) {
    guard let a = firstScale.coordinates(firstScale.shownRange(first)),
      let b = secondScale.coordinates(secondScale.shownRange(second)),
      a.upperBound > a.lowerBound, b.upperBound > b.lowerBound,
      (a.upperBound - a.lowerBound).isFinite, (b.upperBound - b.lowerBound).isFinite
    else { return nil }
    self.first = a
    self.firstScale = firstScale
    self.firstRange = firstScale.shownRange(first)
    self.secondRange = secondScale.shownRange(second)
    self.secondScale = secondScale
    self.second = b
  }

  /// The first axis's coordinate of the second axis's coordinate `c`.
  @inlinable public func firstCoordinate(_ c: Double) -> Double {
    first.lowerBound + (c - second.lowerBound) / (second.upperBound - second.lowerBound)
      * (first.upperBound - first.lowerBound)
  }

  /// The second axis's coordinate of the first axis's coordinate `c`.
  @inlinable public func secondCoordinate(_ c: Double) -> Double {
    second.lowerBound + (c - first.lowerBound) / (first.upperBound - first.lowerBound)
      * (second.upperBound - second.lowerBound)
  }

  /// The first axis's value at the place of the second axis's value `v` (NaN where the
  /// second axis cannot show `v`); the ends of the ranges map exactly onto each other.
  @inlinable public func toFirst(_ v: Double) -> Double {
    if v == secondRange.lowerBound { return firstRange.lowerBound }
    if v == secondRange.upperBound { return firstRange.upperBound }
    return firstScale.value(firstCoordinate(secondScale.coordinate(v)))
  }

  /// The second axis's value at the place of the first axis's value `v`; the ends of the
  /// ranges map exactly onto each other (the table's last point of a curve on x2 is at
  /// x2's end, not an ulp past it).
  @inlinable public func toSecond(_ v: Double) -> Double {
    if v == firstRange.lowerBound { return secondRange.lowerBound }
    if v == firstRange.upperBound { return secondRange.upperBound }
    return secondScale.value(secondCoordinate(firstScale.coordinate(v)))
  }

  /// The second axis's value at the first axis's coordinate `c` (the plot's own), the ends
  /// exactly: a sampled curve's last point on x2 is at x2's end, not an ulp past it.
  public func secondValue(atFirstCoordinate c: Double) -> Double {
    if c == first.lowerBound { return secondRange.lowerBound }
    if c == first.upperBound { return secondRange.upperBound }
    return secondScale.value(secondCoordinate(c))
  }

  /// An enclosure of `toFirst` over `x` (the map increases: the ends' images widened by an
  /// ulp each way), Tupper's flags kept; an empty or unknown interval stays so.
  public func toFirst(_ x: Interval) -> Interval {
    mapped(x, toFirst)
  }

  /// An enclosure of `toSecond` over `x` (see `toFirst(_:)`).
  public func toSecond(_ x: Interval) -> Interval {
    mapped(x, toSecond)
  }

  /// `x` through the increasing map `f`, widened an ulp each way.
  private func mapped(_ x: Interval, _ f: (Double) -> Double) -> Interval {
    if x.isEmpty { return x }
    if x.lo == -.infinity && x.hi == .infinity { return x }
    var lo = f(x.lo)
    var hi = f(x.hi)
    if lo.isNaN { lo = -.infinity }
    if hi.isNaN { hi = .infinity }
    return Interval(
      lo.nextDown, hi.nextUp, isDefinedEverywhere: x.isDefinedEverywhere,
      isContinuous: x.isContinuous)
  }
}

/// The second axes of one plot, when it has them: how x2 lies along x and y2 along y (nil:
/// that axis is not drawn and no curve uses it).
public struct AxisLinks: Sendable, Hashable {
  /// The x2 axis along x, or nil.
  public var x: AxisLink?
  /// The y2 axis along y, or nil.
  public var y: AxisLink?

  /// Creates the links; none by default.
  public init(x: AxisLink? = nil, y: AxisLink? = nil) {
    self.x = x
    self.y = y
  }

  /// Whether there is neither.
  public var isEmpty: Bool { x == nil && y == nil }
}

/// How the layout draws a second axis (gnuplot's `set y2tics`, `set x2tics`, `set y2label`,
/// `set x2label`): its ticks, already placed in the first axis's coordinates (the plot's
/// viewport's), with labels in the second axis's values; its label; whether its ticks are
/// mirrored on the opposite side (unlabelled, gnuplot's `mirror`).
public struct SecondAxisDrawing: Sendable, Hashable {
  /// The ticks, positions in the first axis's coordinates, increasing.
  public var ticks: [Tick]
  /// The axis's label (`set y2label`), empty for none.
  public var label: String
  /// Whether the ticks are drawn on the opposite side too, without labels.
  public var mirror: Bool

  /// Creates the drawing.
  public init(ticks: [Tick], label: String = "", mirror: Bool = true) {
    self.ticks = ticks
    self.label = label
    self.mirror = mirror
  }
}

/// The axes whose major ticks a grid is drawn at (gnuplot's `set grid xtics ytics x2tics
/// y2tics`, `src/set.c`'s `grid_selection`).
public struct GridAxes: OptionSet, Sendable, Hashable {
  /// The bits.
  public let rawValue: UInt8
  /// Creates the set from its bits.
  public init(rawValue: UInt8) { self.rawValue = rawValue }
  /// At the x ticks: vertical lines.
  public static let x = GridAxes(rawValue: 1)
  /// At the y ticks: horizontal lines.
  public static let y = GridAxes(rawValue: 2)
  /// At the x2 ticks (top axis): vertical lines.
  public static let x2 = GridAxes(rawValue: 4)
  /// At the y2 ticks (right axis): horizontal lines.
  public static let y2 = GridAxes(rawValue: 8)
  /// x and y, gnuplot's `set grid` without axes.
  public static let first: GridAxes = [.x, .y]
}
