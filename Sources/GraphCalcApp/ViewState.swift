import CalculatorBrain

/// The part of plot space the session shows: an x range and a y range, the y range either
/// fixed or automatic (fitted to the functions' values over the x range).
///
/// The view commands (`xrange`, `yrange`, `zoom`, `pan`, `center`, `reset`) are mutations of
/// this value. Each checks its result and leaves the view unchanged when it throws.
///
/// When y is automatic, a command that has to move or scale y (`zoom`, `pan` with a y
/// offset, `center` with a y) first fixes y at the current automatic range (`autoY`, which
/// the caller computes from the functions) and then moves or scales that. Once fixed, y stays
/// where the user put it until `yrange auto` or `reset`. Before anything is plotted there is no
/// automatic range to start from (`autoY` is nil), and y stays automatic. While y is fixed the
/// commands ignore `autoY` (the caller may pass nil); `currentY` and `quarterHeight` take it
/// as an autoclosure and evaluate it only when y is automatic (working it out samples every
/// function, about a tenth of a redraw).
public struct ViewState: Sendable, Hashable {
  /// How the y range is chosen.
  public enum YRange: Sendable, Hashable {
    /// Fitted to the values the functions take over the x range.
    case auto
    /// Set by the user (plot units).
    case fixed(ClosedRange<Double>)
  }

  /// The x range shown at start and after `reset`: [-10, 10].
  public static let defaultXRange: ClosedRange<Double> = -10...10

  /// The x range shown, plot units.
  public var xRange: ClosedRange<Double>
  /// The y range shown, or `.auto`.
  public var yRange: YRange

  /// The default view: x in [-10, 10], y automatic.
  public init() {
    xRange = ViewState.defaultXRange
    yRange = .auto
  }

  /// Creates a view.
  ///
  /// - Parameters:
  ///   - xRange: The x range (plot units).
  ///   - yRange: The y range.
  public init(xRange: ClosedRange<Double>, yRange: YRange) {
    self.xRange = xRange
    self.yRange = yRange
  }

  /// Checks that `lower`...`upper` can be drawn: both finite, lower below upper, a finite
  /// width, and wide enough that a pixel still spans distinct doubles (a width of at least
  /// 1e-12 of the bounds' magnitude).
  ///
  /// - Parameters:
  ///   - lower: The lower bound (plot units).
  ///   - upper: The upper bound (plot units).
  ///   - axis: `"x"` or `"y"`, for the message.
  /// - Returns: The range.
  /// - Throws: `CommandError` saying what is wrong with the range.
  public static func checkedRange(_ lower: Double, _ upper: Double, axis: String)
    throws(CommandError) -> ClosedRange<Double>
  {
    guard lower.isFinite, upper.isFinite else {
      throw CommandError(.range(axis: axis, lower: lower, upper: upper, .notFinite))
    }
    guard lower != upper else {
      throw CommandError(.range(axis: axis, lower: lower, upper: upper, .empty))
    }
    guard lower < upper else {
      throw CommandError(.range(axis: axis, lower: lower, upper: upper, .reversed))
    }
    // A width past the largest double (`[-1.7e308, 1.7e308]`, what `view` prints after
    // the automatic range reached the doubles' ends) is drawn: the viewport measures such
    // spans in halves.
    let width = upper / 2 - lower / 2
    guard width >= 0.5e-12 * max(abs(lower), abs(upper)), width >= 0.5e-290 else {
      throw CommandError(.range(axis: axis, lower: lower, upper: upper, .tooNarrow))
    }
    return lower...upper
  }

  /// Scales the view by `1 / factor` about its centre: `factor` 2 halves both widths (zoom
  /// in), 0.5 doubles them (zoom out).
  ///
  /// - Parameters:
  ///   - factor: The magnification, finite and positive.
  ///   - autoY: The current automatic y range, or nil when nothing is plotted.
  /// - Throws: `CommandError` for a bad factor or a range that would not be drawable.
  public mutating func zoom(by factor: Double, autoY: ClosedRange<Double>?) throws(CommandError) {
    guard factor.isFinite, factor > 0 else {
      throw CommandError(.zoomFactor(factor))
    }
    func scaled(_ r: ClosedRange<Double>, axis: String) throws(CommandError) -> ClosedRange<Double>
    {
      let centre = r.lowerBound / 2 + r.upperBound / 2
      let half = (r.upperBound / 2 - r.lowerBound / 2) / factor
      return try ViewState.checkedRange(centre - half, centre + half, axis: axis)
    }
    let x = try scaled(xRange, axis: "x")
    let y = try currentY(autoY).map { r throws(CommandError) in try scaled(r, axis: "y") }
    xRange = x
    if let y { yRange = .fixed(y) }
  }

  /// Moves the view by `dx`, `dy` plot units (positive `dx` shows more to the right).
  ///
  /// - Parameters:
  ///   - dx: The x offset (plot units).
  ///   - dy: The y offset (plot units); 0 keeps an automatic y range automatic.
  ///   - autoY: The current automatic y range, or nil when nothing is plotted.
  /// - Throws: `CommandError` for an offset that would make a range undrawable.
  public mutating func pan(dx: Double, dy: Double, autoY: ClosedRange<Double>?) throws(CommandError)
  {
    let x = try ViewState.checkedRange(
      ViewState.moved(xRange.lowerBound, by: dx, axis: "x"),
      ViewState.moved(xRange.upperBound, by: dx, axis: "x"), axis: "x")
    var y: ClosedRange<Double>?
    if dy != 0, let r = currentY(autoY) {
      y = try ViewState.checkedRange(
        ViewState.moved(r.lowerBound, by: dy, axis: "y"),
        ViewState.moved(r.upperBound, by: dy, axis: "y"), axis: "y")
    }
    xRange = x
    if let y { yRange = .fixed(y) }
  }

  /// `bound + delta` for a pan of `axis`.
  ///
  /// - Throws: `CommandError` naming the limit when the sum leaves the doubles (a finite
  ///   bound and move whose sum overflows to ±inf).
  static func moved(_ bound: Double, by delta: Double, axis: String) throws(CommandError)
    -> Double
  {
    let sum = bound + delta
    if !sum.isFinite, bound.isFinite, delta.isFinite {
      throw CommandError(.panPastTheDoubles(axis: axis, up: sum > 0))
    }
    return sum
  }

  /// Moves the view so its centre is (`x`, `y`), keeping its size.
  ///
  /// - Parameters:
  ///   - x: The new x centre (plot units).
  ///   - y: The new y centre (plot units), or nil to leave y alone.
  ///   - autoY: The current automatic y range, or nil when nothing is plotted.
  /// - Throws: `CommandError` for a centre that would make a range undrawable.
  public mutating func center(x: Double, y: Double?, autoY: ClosedRange<Double>?)
    throws(CommandError)
  {
    let dx = x - (xRange.lowerBound / 2 + xRange.upperBound / 2)
    var dy = 0.0
    if let y, let r = currentY(autoY) { dy = y - (r.lowerBound / 2 + r.upperBound / 2) }
    try pan(dx: dx, dy: dy, autoY: autoY)
  }

  /// A quarter of the view's width (`pan left` and `pan right` move by this), plot units.
  public var quarterWidth: Double { (xRange.upperBound - xRange.lowerBound) / 4 }

  /// A quarter of the view's height (`pan up` and `pan down` move by this), plot units; nil
  /// when y is automatic and nothing is plotted.
  ///
  /// - Parameter autoY: The current automatic y range, or nil when nothing is plotted.
  public func quarterHeight(autoY: @autoclosure () -> ClosedRange<Double>?) -> Double? {
    currentY(autoY()).map { ($0.upperBound - $0.lowerBound) / 4 }
  }

  /// The y range in effect: the fixed one, or `autoY`.
  ///
  /// - Parameter autoY: The current automatic y range, or nil when nothing is plotted.
  public func currentY(_ autoY: @autoclosure () -> ClosedRange<Double>?) -> ClosedRange<Double>? {
    switch yRange {
    case .auto: return autoY()
    case .fixed(let r): return r
    }
  }
}
