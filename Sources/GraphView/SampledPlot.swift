/// One curve as the sampler saw it: polylines in plot space, split where the pen lifts.
///
/// Within each pixel column a polyline passes through the column's extreme values, so a
/// column where the curve fills a band (fast oscillation) draws as a vertical stroke.
public struct SampledCurve: Sendable, Hashable {
  /// The legend text.
  public var title: String
  /// The polylines, left to right; the pen lifts between two of them (a pole, a jump, a gap).
  /// Points are in plot units and may lie outside the view (clip when drawing).
  public var segments: [[PlotPoint]]
  /// How many pixel columns the sampler could not decide within its budget (drawn from point
  /// samples instead).
  public var undecidedColumns: Int
  /// For a relation in x and y, its solved pixels (`RelationSolver`; `segments` is empty);
  /// nil for a curve.
  public var relation: RelationGrid?
  /// For a parametric or polar curve, how many pieces of its parameter were left when the
  /// budget ran out or stayed wider than a pixel (joined point to point;
  /// `ParametricSampler`).
  public var undecidedPieces = 0
  /// For an error-bar style, each record's bars (plot units), in record order; the layout
  /// draws them with caps of a fixed pixel size.
  public var errorBars: [ErrorBar] = []
  /// For an error-bar style with more records than four a pixel column, the bars merged
  /// (plot units): the pixels each pixel column's y bars and each pixel row's x bars cover,
  /// as strokes without caps; `errorBars` then holds the points only (one a pixel, extents
  /// NaN).
  public var mergedBars: [[PlotPoint]] = []
  /// For `boxes` with a fill (`CurveLook.fillsBoxes`), each box to paint (plot units), in
  /// record order; `segments` keeps their outlines.
  public var filledBoxes: [FilledBox] = []
  /// For `filledcurves`, the areas to paint (plot units; each polygon closed, its last point
  /// joined to its first), filled together by the nonzero rule (StyleGeometry+Fills.swift).
  public var filledAreas: [[PlotPoint]] = []
  /// For a function of x, the x (plot units, increasing) of the removable holes the sampler
  /// found and drew joined: a point value that was NaN between two finite neighbours that
  /// agree (repaired from them in the polyline, as `(x^2-4)/(x-2)` at 2), or a leaf halved
  /// to its smallest width whose enclosure says "maybe undefined" and whose simplest number
  /// has no value (`sin(x)/x` at 0 between samples). The table writes each as an undefined
  /// point with the pen lifted around it (`TableWriter`), as `f(2)` says undefined.
  public var holes: [Double] = []

  /// Creates a sampled curve.
  public init(
    title: String, segments: [[PlotPoint]], undecidedColumns: Int = 0,
    relation: RelationGrid? = nil
  ) {
    self.title = title
    self.segments = segments
    self.undecidedColumns = undecidedColumns
    self.relation = relation
  }
}

/// One box of `boxes` to paint, in plot units: from `xLow` to `xHigh`, from the baseline
/// `base` to the record's `top` (above or below it).
public struct FilledBox: Sendable, Hashable {
  /// The left side.
  public var xLow: Double
  /// The right side.
  public var xHigh: Double
  /// The y the box stands on (the baseline).
  public var base: Double
  /// The record's y.
  public var top: Double

  /// Creates a box from `xLow` to `xHigh`, `base` to `top` (plot units).
  public init(xLow: Double, xHigh: Double, base: Double, top: Double) {
    self.xLow = xLow
    self.xHigh = xHigh
    self.base = base
    self.top = top
  }
}

/// One record's error bars in plot units: the point and the ends of its x and y bars (NaN
/// ends: no bar that way).
public struct ErrorBar: Sendable, Hashable {
  /// The point.
  public var point: PlotPoint
  /// The x bar's ends (NaN: none).
  public var xLow: Double
  /// The x bar's high end (NaN: none).
  public var xHigh: Double
  /// The y bar's low end (NaN: none).
  public var yLow: Double
  /// The y bar's high end (NaN: none).
  public var yHigh: Double

  /// Creates the bars of the record at `point`.
  public init(point: PlotPoint, xLow: Double, xHigh: Double, yLow: Double, yHigh: Double) {
    self.point = point
    self.xLow = xLow
    self.xHigh = xHigh
    self.yLow = yLow
    self.yHigh = yHigh
  }
}

/// A tick on an axis: where it lies (plot units) and its label.
public struct Tick: Sendable, Hashable {
  /// The tick's position in plot units.
  public var value: Double
  /// The label a person would write for it (`0.3`, `-2`, `1e-9`).
  public var label: String
  /// Whether it is a minor tick (shorter, no label, no grid line: a log axis's 2 ... 9).
  public var isMinor: Bool
  /// Creates a tick.
  public init(value: Double, label: String, isMinor: Bool = false) {
    self.value = value
    self.label = label
    self.isMinor = isMinor
  }
}

/// Everything an output needs to draw one plot: the viewport, the sampled curves and the
/// ticks. One `SampledPlot` feeds the terminal, the SVG and the table alike.
public struct SampledPlot: Sendable, Hashable {
  /// The mapping from plot space to the pixels of the plot area.
  public var viewport: Viewport
  /// The curves, in the order of the data source.
  public var curves: [SampledCurve]
  /// Ticks along x, in increasing order, all within the view.
  public var xTicks: [Tick]
  /// Ticks along y, in increasing order, all within the view.
  public var yTicks: [Tick]
  /// The axes' scales: the viewport, curves and ticks are in these axes' coordinates
  /// (`AxisScale.coordinate`; values themselves on a linear axis).
  public var scales: AxisScales
  /// Points of interest drawn over the curves (`mark roots`, ...), in plot units.
  public var markers: [PlotMarker] = []
  /// Areas shaded under the curves (`plot f(x), g(x) fill between`), drawn before them.
  public var fills: [PlotFill] = []
  /// Straight lines drawn dashed over the curves (`tangent EXPR at X0`), in plot units.
  public var guideLines: [PlotGuideLine] = []
  /// Creates a sampled plot.
  public init(
    viewport: Viewport, curves: [SampledCurve], xTicks: [Tick], yTicks: [Tick],
    scales: AxisScales = .linear
  ) {
    self.viewport = viewport
    self.curves = curves
    self.xTicks = xTicks
    self.yTicks = yTicks
    self.scales = scales
  }
}
