/// Which coordinate of a record a data source is asked for (Core Plot's
/// `CPTScatterPlotField`: `x` or `y`).
public enum RecordField: Sendable, Hashable {
  /// The record's x value (plot units, or Unix seconds on a time axis).
  case x
  /// The record's y value (plot units, or Unix seconds on a time axis).
  case y
}

/// How a curve is drawn: gnuplot's plotting styles (`help plotting styles`).
///
/// The columns a record brings besides x and y (`RecordExtents`) depend on the style, as in
/// gnuplot: `yerrorbars` takes `x:y:ydelta` or `x:y:ylow:yhigh`, `xerrorbars` `x:y:xdelta`
/// or `x:y:xlow:xhigh`, `xyerrorbars` `x:y:xdelta:ydelta` or `x:y:xlow:xhigh:ylow:yhigh`
/// (and the `...errorlines` styles the same), `boxes` `x:y` or `x:y:width`.
public enum CurveMarks: Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// A polyline through the points; the pen lifts at gaps.
  case lines
  /// A marker at each point, nothing between them.
  case points
  /// Both: the polyline and a marker at each of its points.
  case linesPoints
  /// A vertical line from y = 0 to each point.
  case impulses
  /// Stairs: from each point right to the next x, then up or down to its y.
  case steps
  /// Stairs the other way: from each point up or down to the next y, then right.
  case fsteps
  /// Stairs centred on the points (a histogram's outline): each y held from the midpoint
  /// with the point before to the midpoint with the point after.
  case histeps
  /// A box from y = 0 to each point, as wide as its width column or, without one, reaching
  /// halfway to the neighbouring points (gnuplot's `set boxwidth` unset).
  case boxes
  /// A one-pixel dot at each point.
  case dots
  /// A marker at each point with a vertical error bar from ylow to yhigh.
  case yErrorBars
  /// A marker at each point with a horizontal error bar from xlow to xhigh.
  case xErrorBars
  /// A marker at each point with both error bars.
  case xyErrorBars
  /// `yErrorBars` with the points joined (gnuplot's `yerrorlines`, `errorlines`).
  case yErrorLines
  /// `xErrorBars` with the points joined.
  case xErrorLines
  /// `xyErrorBars` with the points joined.
  case xyErrorLines
  /// gnuplot's `filledcurves`: the area the curve closes, or between it and a line or a
  /// second y column (`CurveLook.fillTo`), filled, no line (StyleGeometry+Fills.swift).
  case filledCurves
  /// gnuplot's `fillsteps`: the area under `steps`, filled from the baseline, no line; with
  /// no fill (`fs empty`, gnuplot's default) the `steps` line instead.
  case fillSteps
  /// gnuplot's `boxxyerror`: a box from xlow to xhigh and ylow to yhigh at each record.
  case boxXYError
  /// gnuplot's `boxerrorbars`: `boxes` with a y error bar on each.
  case boxErrorBars

  /// gnuplot's word for the style: `lines`, `points`, `yerrorbars`, ...
  public var description: String {
    switch self {
    case .lines: return "lines"
    case .points: return "points"
    case .linesPoints: return "linespoints"
    case .impulses: return "impulses"
    case .steps: return "steps"
    case .fsteps: return "fsteps"
    case .histeps: return "histeps"
    case .boxes: return "boxes"
    case .dots: return "dots"
    case .yErrorBars: return "yerrorbars"
    case .xErrorBars: return "xerrorbars"
    case .xyErrorBars: return "xyerrorbars"
    case .yErrorLines: return "yerrorlines"
    case .xErrorLines: return "xerrorlines"
    case .xyErrorLines: return "xyerrorlines"
    case .filledCurves: return "filledcurves"
    case .fillSteps: return "fillsteps"
    case .boxXYError: return "boxxyerror"
    case .boxErrorBars: return "boxerrorbars"
    }
  }

  /// Whether the style strokes lines (everything but points, dots and the error bars
  /// without lines).
  public var drawsLines: Bool {
    switch self {
    case .points, .dots, .yErrorBars, .xErrorBars, .xyErrorBars, .filledCurves: return false
    default: return true
    }
  }

  /// Whether the style puts a point marker at each record.
  public var drawsPoints: Bool {
    switch self {
    case .points, .linesPoints, .yErrorBars, .xErrorBars, .xyErrorBars, .yErrorLines,
      .xErrorLines, .xyErrorLines:
      return true
    default: return false
    }
  }

  /// Which error bars the style draws (x, y).
  public var errorBars: (x: Bool, y: Bool) {
    switch self {
    case .yErrorBars, .yErrorLines, .boxErrorBars: return (false, true)
    case .xErrorBars, .xErrorLines: return (true, false)
    case .xyErrorBars, .xyErrorLines: return (true, true)
    default: return (false, false)
    }
  }

  /// How many `using` columns the style reads (gnuplot's counts; 1 column is y against
  /// the record number, for the styles that need no more than x and y).
  public var columnCounts: [Int] {
    switch self {
    case .yErrorBars, .xErrorBars, .yErrorLines, .xErrorLines: return [3, 4]
    case .xyErrorBars, .xyErrorLines: return [4, 6]
    case .boxes: return [1, 2, 3, 4]
    case .filledCurves: return [1, 2, 3]
    case .boxXYError: return [4, 6]
    case .boxErrorBars: return [3, 4, 5]
    default: return [1, 2]
    }
  }
}

/// The columns a record of an error-bar or box style brings besides x and y, one value a
/// record in record order (plot units, values on a log axis too; NaN where a record has
/// none): the ends of its x extent (an x error bar, a box's sides) and of its y extent (a
/// y error bar). A nil array: the style has no such extent.
public struct RecordExtents: Sendable, Hashable {
  /// The low end of each record's x extent.
  public var xLow: [Double]?
  /// The high end of each record's x extent.
  public var xHigh: [Double]?
  /// The low end of each record's y extent.
  public var yLow: [Double]?
  /// The high end of each record's y extent.
  public var yHigh: [Double]?

  /// Creates extents (nil arrays: none).
  public init(
    xLow: [Double]? = nil, xHigh: [Double]? = nil, yLow: [Double]? = nil, yHigh: [Double]? = nil
  ) {
    self.xLow = xLow
    self.xHigh = xHigh
    self.yLow = yLow
    self.yHigh = yHigh
  }

  /// The extents with every value mapped through `x` (the x arrays) and `y` (the y arrays).
  public func mapped(x: (Double) -> Double, y: (Double) -> Double) -> RecordExtents {
    RecordExtents(
      xLow: xLow?.map(x), xHigh: xHigh?.map(x), yLow: yLow?.map(y), yHigh: yHigh?.map(y))
  }
}

/// A data source whose curves may be *records* (numbers someone already has: a CSV export, a
/// log of measurements) as well as functions, in one plot space.
///
/// The records form follows Core Plot's scatter-plot data source
/// (`CPTScatterPlotDataSource`: `numberOfRecordsForPlot:` and
/// `numberForPlot:field:recordIndex:`): a curve of records answers how many records it has
/// and the x or y value of record `i`. A curve that answers `nil` for its number of records is
/// a function, sampled through `y(at:curve:)` and `y(over:curve:)` as before, so functions
/// and data share the viewport, the axes, the canvases and the SVG.
///
/// Records are drawn in record order (non-monotonic x is drawn as given); a record whose x or
/// y is NaN is a gap (the pen lifts there). `RecordsSampler` turns records into polylines by
/// decimation (`M4Decimator`, `PixelDecimator`), never more than a few points a pixel column.
public protocol GraphViewRecordsDataSource: GraphViewDataSource {
  /// The number of records of curve `curve` (0-based), or nil when the curve is a function.
  func numberOfRecords(forCurve curve: Int) -> Int?

  /// The value of `field` of record `record` (0-based, below `numberOfRecords`) of curve
  /// `curve`: plot units (Unix seconds on a time axis); NaN for a missing value (a gap).
  func value(of field: RecordField, record: Int, curve: Int) -> Double

  /// Calls `body` with all x and y values of curve `curve` at once (as many of each as
  /// `numberOfRecords`), the bulk form of `value(of:record:curve:)` (Core Plot's
  /// `doublesForPlot:field:recordIndexRange:`), so a million records cost no call each.
  /// Answers nil (without calling `body`) when the source keeps no such buffers or the
  /// curve is a function; the default answers nil.
  func withRecordValues<R>(
    ofCurve curve: Int,
    _ body: (_ x: UnsafeBufferPointer<Double>, _ y: UnsafeBufferPointer<Double>) -> R
  ) -> R?

  /// Calls `body` with the x and y values of curve `curve` a block at a time, in record
  /// order (two buffers of equal length each call, valid only during the call; all the
  /// blocks together are the `numberOfRecords` records). The form for a source that keeps
  /// its records compactly and decodes them a block at a time (`DataColumn`), so a pass
  /// over a million records needs no million-value buffer.
  ///
  /// - Returns: false (without calling `body`) when the curve is a function or the source
  ///   has no bulk form; the default hands over `withRecordValues`' buffers as one block.
  func forEachRecordBlock(
    ofCurve curve: Int,
    _ body: (_ x: UnsafeBufferPointer<Double>, _ y: UnsafeBufferPointer<Double>) -> Void
  ) -> Bool

  /// `forEachRecordBlock(ofCurve:_:)` for a pass that needs of some blocks only their
  /// first, last, lowest and highest record: a block whose records all have finite x and y
  /// and whose x range (smallest, largest x) and record count `wantsSummary` accepts goes to
  /// `summary` as a `RecordBlockSummary`, without being decoded; every other block goes to
  /// `body` as before. Blocks come in record order either way.
  ///
  /// - Returns: false (calling neither closure) when the curve is a function or the source
  ///   has no bulk form; the default summarizes nothing (every block goes to `body`).
  func forEachRecordBlock(
    ofCurve curve: Int,
    wantsSummary: (_ xLowest: Double, _ xHighest: Double, _ count: Int) -> Bool,
    summary: (_ block: RecordBlockSummary) -> Void,
    _ body: (_ x: UnsafeBufferPointer<Double>, _ y: UnsafeBufferPointer<Double>) -> Void
  ) -> Bool

  /// How curve `curve` is drawn. The default: `.lines`.
  func marks(ofCurve curve: Int) -> CurveMarks

  /// The error-bar or box columns of curve `curve`'s records (`RecordExtents`), or nil
  /// when it has none (the default).
  func extents(ofCurve curve: Int) -> RecordExtents?

  /// The style options of curve `curve` (`lw`, `lc`, `pt`, `ps`, `dt`). The default: none.
  func look(ofCurve curve: Int) -> CurveLook

  /// The y (plot units) that `impulses` and `boxes` stand on: 0, or -infinity for the
  /// view's bottom (a log y axis, which has no 0). The default: 0.
  var baseline: Double { get }

  /// Whether x values are times (Unix seconds, UTC), labelled with calendar ticks
  /// (`TimeTicks`). The default: false.
  var xAxisIsTime: Bool { get }

  /// Whether y values are times (Unix seconds, UTC). The default: false.
  var yAxisIsTime: Bool { get }
}

extension GraphViewRecordsDataSource {
  /// The default: no buffers; records are asked for one by one.
  public func withRecordValues<R>(
    ofCurve curve: Int,
    _ body: (_ x: UnsafeBufferPointer<Double>, _ y: UnsafeBufferPointer<Double>) -> R
  ) -> R? { nil }

  /// The default: `withRecordValues`' buffers as one block; false when it answers nil.
  public func forEachRecordBlock(
    ofCurve curve: Int,
    _ body: (_ x: UnsafeBufferPointer<Double>, _ y: UnsafeBufferPointer<Double>) -> Void
  ) -> Bool {
    let done: Void? = withRecordValues(ofCurve: curve) { xs, ys in
      let n = min(xs.count, ys.count)
      body(UnsafeBufferPointer(rebasing: xs[0..<n]), UnsafeBufferPointer(rebasing: ys[0..<n]))
    }
    return done != nil
  }

  /// The default: every block decoded, through `forEachRecordBlock(ofCurve:_:)`.
  public func forEachRecordBlock(
    ofCurve curve: Int,
    wantsSummary: (_ xLowest: Double, _ xHighest: Double, _ count: Int) -> Bool,
    summary: (_ block: RecordBlockSummary) -> Void,
    _ body: (_ x: UnsafeBufferPointer<Double>, _ y: UnsafeBufferPointer<Double>) -> Void
  ) -> Bool {
    forEachRecordBlock(ofCurve: curve, body)
  }

  /// The default: every curve is drawn with lines.
  public func marks(ofCurve curve: Int) -> CurveMarks { .lines }

  /// The default: no extents.
  public func extents(ofCurve curve: Int) -> RecordExtents? { nil }

  /// The default: no style options.
  public func look(ofCurve curve: Int) -> CurveLook { CurveLook() }

  /// The default: y = 0.
  public var baseline: Double { 0 }

  /// The default: x is not a time axis.
  public var xAxisIsTime: Bool { false }

  /// The default: y is not a time axis.
  public var yAxisIsTime: Bool { false }
}

/// A run of consecutive records, all with finite x and y, as a pass in record order would
/// see it: its first and last record and the first record of its lowest and of its highest
/// y (the first `<`, or `>`, every y before it), with their places in the run. A source that
/// keeps zone maps of its blocks (`DataColumn`) answers it without decoding the block.
public struct RecordBlockSummary: Sendable, Hashable {
  /// The number of records (at least 1).
  public var count: Int
  /// The smallest x of the records (plot units).
  public var xLowest: Double
  /// The largest x of the records (plot units).
  public var xHighest: Double
  /// The first record.
  public var first: PlotPoint
  /// The last record.
  public var last: PlotPoint
  /// The first record with the lowest y.
  public var low: PlotPoint
  /// The place of `low` in the run (0-based).
  public var lowIndex: Int
  /// The first record with the highest y.
  public var high: PlotPoint
  /// The place of `high` in the run (0-based).
  public var highIndex: Int

  /// Creates a summary (the caller vouches for the fields: see the type).
  public init(
    count: Int, xLowest: Double, xHighest: Double, first: PlotPoint, last: PlotPoint,
    low: PlotPoint, lowIndex: Int, high: PlotPoint, highIndex: Int
  ) {
    self.count = count
    self.xLowest = xLowest
    self.xHighest = xHighest
    self.first = first
    self.last = last
    self.low = low
    self.lowIndex = lowIndex
    self.high = high
    self.highIndex = highIndex
  }
}

/// The smallest and largest finite values of a set of records, and how many there were.
public struct RecordBounds: Sendable, Hashable {
  /// The smallest and largest finite x among the records counted (plot units).
  public var x: ClosedRange<Double>
  /// The smallest and largest finite y among the records counted (plot units).
  public var y: ClosedRange<Double>
  /// How many records had both values finite.
  public var count: Int

  /// Creates bounds.
  public init(x: ClosedRange<Double>, y: ClosedRange<Double>, count: Int) {
    self.x = x
    self.y = y
    self.count = count
  }

  /// The bounds of records `x[i]`, `y[i]`, one pass; records with a non-finite value are
  /// left out, and so are records whose x lies outside `xWithin` when it is given (the y
  /// range of what an x range shows).
  ///
  /// - Parameters:
  ///   - count: The number of records.
  ///   - xWithin: Only records with x in this range count; nil for all.
  ///   - value: The value of a field of record `i`.
  /// - Returns: The bounds, or nil when no record counts.
  public static func of(
    count: Int, xWithin: ClosedRange<Double>? = nil,
    value: (_ field: RecordField, _ record: Int) -> Double
  ) -> RecordBounds? {
    var x0 = Double.infinity
    var x1 = -Double.infinity
    var y0 = Double.infinity
    var y1 = -Double.infinity
    var n = 0
    for i in 0..<max(0, count) {
      let x = value(.x, i)
      let y = value(.y, i)
      guard x.isFinite, y.isFinite else { continue }
      if let r = xWithin, !r.contains(x) { continue }
      n += 1
      if x < x0 { x0 = x }
      if x > x1 { x1 = x }
      if y < y0 { y0 = y }
      if y > y1 { y1 = y }
    }
    guard n > 0 else { return nil }
    return RecordBounds(x: x0...x1, y: y0...y1, count: n)
  }

  /// The union of two bounds (either may be nil).
  public static func union(_ a: RecordBounds?, _ b: RecordBounds?) -> RecordBounds? {
    guard let a else { return b }
    guard let b else { return a }
    return RecordBounds(
      x: min(a.x.lowerBound, b.x.lowerBound)...max(a.x.upperBound, b.x.upperBound),
      y: min(a.y.lowerBound, b.y.lowerBound)...max(a.y.upperBound, b.y.upperBound),
      count: a.count + b.count)
  }
}
