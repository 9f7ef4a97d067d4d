import Intervals

/// What a `GraphView` asks of its owner: the curves' values and the view's scale and origin.
///
/// After the seed GraphView's data source (Stanford CS193p), which answers `y(x)` and nothing
/// else; here it also answers enclosures over an x interval (interval arithmetic), so the
/// sampler can see poles, jumps and fast oscillation between samples.
public protocol GraphViewDataSource {
  /// How many curves there are.
  var curveCount: Int { get }

  /// The legend text of curve `curve` (0-based).
  func title(ofCurve curve: Int) -> String

  /// The value of curve `curve` at plot x `x`, in plot units; NaN where it is undefined
  /// (a gap in the plot).
  func y(at x: Double, curve: Int) -> Double

  /// The values of curve `curve` at every plot x of `xs`, written to `out` (as many as
  /// `min(xs.count, out.count)`), each equal to `y(at:curve:)` at the same x or within a few
  /// ulps of it (a source may compute a batch with vector math, whose elementary functions
  /// differ from the scalar ones in the last bits). The sampler and autoscaling ask for many
  /// values at once through this; the default calls `y(at:curve:)` for each.
  func y(
    at xs: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>, curve: Int)

  /// An enclosure of the values of curve `curve` over the plot-x interval `x`, with Tupper's
  /// `def` and `cont` flags (see `Interval`). The default answers `Interval.unknown`, which
  /// makes the sampler fall back to point sampling with refinement.
  func y(over x: Interval, curve: Int) -> Interval

  /// The viewport (scale in pixels per unit and origin pixel) for an output of `size` pixels.
  func viewport(for size: PixelSize) -> Viewport

  /// What curve `curve` is: a function of x (the default), a function of y, or a relation
  /// in x and y (see `CurveKind`).
  func kind(ofCurve curve: Int) -> CurveKind
}

/// What a curve of a data source is, for the sampler.
public enum CurveKind: Sendable {
  /// y as a function of x: `y(at:curve:)` and `y(over:curve:)` answer it.
  case functionOfX
  /// x as a function of y (`x = y^2`): `y(at:curve:)` and `y(over:curve:)` answer x for a
  /// given y, and the sampler samples it along y (a polyline, pen lifts as for x).
  case functionOfY
  /// A relation in x and y, solved pixel by pixel (`RelationSolver`).
  case relation(PlaneRelation)
  /// A parametric or polar curve (x(t), y(t)), sampled along its parameter
  /// (`ParametricSampler`).
  case parametric(ParametricCurve)
}

extension GraphViewDataSource {
  /// The default: one `y(at:curve:)` per value.
  public func y(
    at xs: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>, curve: Int
  ) {
    for i in 0..<min(xs.count, out.count) { out[i] = y(at: xs[i], curve: curve) }
  }

  /// The default: no enclosure is known.
  public func y(over x: Interval, curve: Int) -> Interval { .unknown }

  /// The default: every curve is a function of x.
  public func kind(ofCurve curve: Int) -> CurveKind { .functionOfX }
}
