import CalculatorBrain
import GraphView
import Intervals

/// The glue between the calculator and the plotter: the functions of one `plot` command as a
/// `GraphViewDataSource`, one curve a function.
///
/// Neither library knows the other; this adapter answers the plotter's questions (`y(at:)`,
/// `y(over:)`, the viewport) with the calculator's `PlotFunction`s and the session's view.
public struct FunctionCurves: GraphViewDataSource, Sendable {
  /// The compiled functions, one a curve.
  public var functions: [PlotFunction]
  /// The legend text of each curve (the function as typed).
  public var titles: [String]
  /// The x range the viewport shows (plot units).
  public var xRange: ClosedRange<Double>
  /// The y range the viewport shows (plot units); not used by autoscaling, which asks only
  /// for values.
  public var yRange: ClosedRange<Double>

  /// Creates the data source.
  ///
  /// - Parameters:
  ///   - functions: The compiled functions.
  ///   - titles: Their legend texts, as many as `functions`.
  ///   - xRange: The x range shown (plot units).
  ///   - yRange: The y range shown (plot units).
  public init(
    functions: [PlotFunction], titles: [String], xRange: ClosedRange<Double> = ViewState.defaultXRange,
    yRange: ClosedRange<Double> = -1...1
  ) {
    self.functions = functions
    self.titles = titles
    self.xRange = xRange
    self.yRange = yRange
  }

  /// How many functions there are.
  public var curveCount: Int { functions.count }

  /// The function as typed.
  public func title(ofCurve curve: Int) -> String {
    titles.indices.contains(curve) ? titles[curve] : ""
  }

  /// The function's value at `x` (NaN where it is undefined).
  public func y(at x: Double, curve: Int) -> Double {
    functions.indices.contains(curve) ? functions[curve].value(at: x) : .nan
  }

  /// The function's interval enclosure over `x`, with Tupper's flags.
  public func y(over x: Interval, curve: Int) -> Interval {
    functions.indices.contains(curve) ? functions[curve].enclosure(over: x) : .unknown
  }

  /// The viewport that shows `xRange` x `yRange` over `size` pixels.
  public func viewport(for size: PixelSize) -> Viewport {
    Viewport(xRange: xRange, yRange: yRange, size: size)
  }
}
