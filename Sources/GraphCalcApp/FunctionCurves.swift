import CalculatorBrain
import CompiledFunctions
import DataFiles
import GraphView
import Intervals
import Synchronization

/// One data series of a plot: two columns of a data file as records, x and y in record order.
///
/// A missing or non-numeric cell is NaN (a gap); time columns hold Unix seconds (UTC). The
/// columns are `DataColumn`s (compact, decoded a block at a time, exactly the values read).
public struct DataCurve: Sendable, Hashable {
  /// The x values, one per record (plot units, or Unix seconds when `xIsTime`); NaN = gap.
  public var x: DataColumn
  /// The y values, one per record (plot units, or Unix seconds when `yIsTime`); NaN = gap.
  public var y: DataColumn
  /// The legend text: the file and the columns (`data.csv using 1:3`, `temp_max`).
  public var title: String
  /// How the series is drawn.
  public var marks: CurveMarks
  /// Whether x is a time axis (Unix seconds).
  public var xIsTime: Bool
  /// Whether y is a time axis (Unix seconds).
  public var yIsTime: Bool
  /// The style options (`lw`, `lc`, `pt`, `ps`, `dt`).
  public var look = CurveLook()
  /// The error-bar or box columns of an error-bar or `boxes` style (values, one a record,
  /// as `x` and `y`), or nil.
  public var extents: RecordExtents? = nil
  /// The weights of `smooth acsplines` (gnuplot's third `using` column), one a record, or
  /// nil (all 1).
  public var weights: [Double]? = nil
  /// Tick labels read from the data (`using 0:2:xticlabels(1)`): each at a point's x, its
  /// text the label.
  public var xTickLabels: [TickRule.ListedTick] = []
  /// Tick labels read from the data (`ytic(1)`): each at a point's y.
  public var yTickLabels: [TickRule.ListedTick] = []
  /// Key titles read from the data (`key(1)`), one a record: the records' names in the key
  /// of a columnstacked histogram (Session+Histograms.swift).
  public var keyTitles: [String] = []

  /// Creates a series.
  ///
  /// - Parameters:
  ///   - x: The x values (NaN = gap).
  ///   - y: The y values, as many as `x` (extra values of the longer array are ignored).
  ///   - title: The legend text.
  ///   - marks: How it is drawn.
  ///   - xIsTime: Whether x holds Unix seconds.
  ///   - yIsTime: Whether y holds Unix seconds.
  public init(
    x: DataColumn, y: DataColumn, title: String, marks: CurveMarks = .lines,
    xIsTime: Bool = false, yIsTime: Bool = false
  ) {
    self.x = x
    self.y = y
    self.title = title
    self.marks = marks
    self.xIsTime = xIsTime
    self.yIsTime = yIsTime
  }

  /// The number of records.
  public var count: Int { min(x.count, y.count) }

  /// Creates a series from plain arrays (see `init(x:y:title:marks:xIsTime:yIsTime:)`).
  public init(
    x: [Double], y: [Double], title: String, marks: CurveMarks = .lines, xIsTime: Bool = false,
    yIsTime: Bool = false
  ) {
    self.init(
      x: DataColumn(x), y: DataColumn(y), title: title, marks: marks, xIsTime: xIsTime,
      yIsTime: yIsTime)
  }

  /// The bounds of the finite records, only those with x in `xWithin` when given (from the
  /// columns' per-block extremes where a block is whole and gapless: `DataColumn.extremes`).
  public func bounds(xWithin: ClosedRange<Double>? = nil) -> RecordBounds? {
    DataColumn.extremes(x: x, y: y, xWithin: xWithin).map {
      RecordBounds(x: $0.x, y: $0.y, count: $0.count)
    }
  }
}

/// The last automatic y range of one set of curves: its x range and the y range. Shared by
/// copies of a `FunctionCurves` (a class, locked, so copies on other threads may use it).
final class YRangeMemo: Sendable {
  private let entry = Mutex<(x: ClosedRange<Double>, y: ClosedRange<Double>)?>(nil)

  /// The y range remembered for exactly `x` (bit for bit), or nil.
  func lookup(_ x: ClosedRange<Double>) -> ClosedRange<Double>? {
    entry.withLock { e in
      guard let e, e.x.lowerBound.bitPattern == x.lowerBound.bitPattern,
        e.x.upperBound.bitPattern == x.upperBound.bitPattern
      else { return nil }
      return e.y
    }
  }

  /// Remembers `y` for `x` (in place of what was remembered).
  func store(_ x: ClosedRange<Double>, _ y: ClosedRange<Double>) {
    entry.withLock { $0 = (x, y) }
  }
}

/// One curve of a plot: a function of x, or a data series.
public enum PlotItem: Sendable {
  /// A compiled function, its legend text (the function as typed) and its style. A style
  /// other than `lines` draws the function's values at `PlotLabels.samples` points across
  /// the view, as gnuplot samples a function (`set samples`, 100).
  case function(PlotFunction, title: String, style: PlotStyle = PlotStyle())
  /// A data series (its legend text is its `title`).
  case data(DataCurve)
  /// x as a compiled function of y (`plot x = y^2`; the function's variable is y) and its
  /// legend text.
  case functionOfY(PlotFunction, title: String)
  /// A relation in x and y (`plot x^2 + y^2 = 25`), solved pixel by pixel, and its legend
  /// text.
  case relation(PlaneRelation, title: String)
  /// A parametric or polar curve (`plot (cos(t), sin(t))`, `plot r = 1 + cos(θ)`), sampled
  /// along its parameter, its legend text and its line's options (`lw`, `lc`, `dt` of
  /// `with lines`; none unless given).
  case parametric(ParametricCurve, title: String, look: CurveLook = CurveLook())

  /// The legend text.
  public var title: String {
    switch self {
    case .function(_, let title, _), .functionOfY(_, let title), .relation(_, let title),
      .parametric(_, let title, _):
      return title
    case .data(let curve): return curve.title
    }
  }

  /// The compiled function of a curve drawn along x or along y, else nil.
  var curveFunction: PlotFunction? {
    switch self {
    case .function(let f, _, _), .functionOfY(let f, _): return f
    case .data, .relation, .parametric: return nil
    }
  }
}

/// The glue between the calculator, the data files and the plotter: the items of one `plot`
/// command (functions and data series) as a `GraphViewRecordsDataSource`, one curve an item.
///
/// Neither library knows the other; this adapter answers the plotter's questions (`y(at:)`,
/// `y(over:)` for functions; the number of records and their fields for data series; the
/// viewport) with the calculator's `PlotFunction`s, the series read from files, and the
/// session's view.
public struct FunctionCurves: GraphViewRecordsDataSource, Sendable {
  /// The curves, in the order of the `plot` command. Any change to them (a new plot, an item
  /// replaced or filtered out) forgets the remembered automatic y range (`autoYRange`).
  public var items: [PlotItem] {
    didSet { yRangeMemo = YRangeMemo() }
  }
  /// The last automatic y range worked out for these items, shared by copies with the same
  /// items (a copy whose items change gets a memo of its own).
  private var yRangeMemo = YRangeMemo()
  /// The x range the viewport shows (plot units, or Unix seconds on a time axis).
  public var xRange: ClosedRange<Double>
  /// The y range the viewport shows (plot units); not used by autoscaling, which asks only
  /// for values.
  public var yRange: ClosedRange<Double>
  /// `labels` as the plot is drawn: where an axis's ticks are automatic, the tick labels
  /// its data series read (`xticlabels(N)`, `ytic(N)`) take their place, as in gnuplot.
  public var drawnLabels: PlotLabels {
    var drawn = labels
    var xs: [TickRule.ListedTick] = []
    var ys: [TickRule.ListedTick] = []
    for item in items {
      guard case .data(let curve) = item else { continue }
      xs += curve.xTickLabels
      ys += curve.yTickLabels
    }
    if !xs.isEmpty, drawn.xTics.placement == .automatic { drawn.xTics.placement = .list(xs) }
    if !ys.isEmpty, drawn.yTics.placement == .automatic { drawn.yTics.placement = .list(ys) }
    return drawn
  }

  /// The titles of the plot's histograms (`newhistogram "TITLE"`, Session+Histograms.swift),
  /// written under the x axis.
  public var histogramTitles: [HistogramTitle] = []
  /// The title, axis labels, key and grid the plot is drawn with (`set title`, ...).
  public var labels = PlotLabels()
  /// How tall a pixel of the output is for its width (1 for SVG, PNG and tables; a text
  /// canvas's dot: 1 for braille, 2 for block and ASCII dots, cells being twice as tall as
  /// wide): what `labels.equalAspect` keeps units equal in.
  public var pixelAspect = 1.0
  /// The points of interest drawn over the curves (`mark`), found for the current view by
  /// `Session.currentCurves()`, and the notes of that search.
  public var markers: [PlotMarker] = []
  /// The notes of the search for `markers` (it stopped early).
  public var markerNotes: [String] = []
  /// The areas shaded between curves (`plot f(x), g(x) fill between`, `plot f(x) fill`):
  /// part of the plot, kept by `replot EXPR`, gone with a new `plot`.
  public var fills: [PlotFill] = []
  /// The tangent lines drawn over the plot (`tangent EXPR at X0`), until `unmark`, `reset`
  /// or a new `plot`.
  public var guideLines: [PlotGuideLine] = []
  /// The second axes (x2, y2) the curves with `axes x1y2|x2y1|x2y2` are read against
  /// (`SecondAxes.swift`): such a curve is answered in the first axes' values; none by
  /// default, and then every curve is answered as it is.
  public var links = AxisLinks()

  /// Creates the data source.
  ///
  /// - Parameters:
  ///   - items: The functions and data series.
  ///   - xRange: The x range shown (plot units).
  ///   - yRange: The y range shown (plot units).
  public init(
    items: [PlotItem], xRange: ClosedRange<Double> = ViewState.defaultXRange,
    yRange: ClosedRange<Double> = -1...1
  ) {
    self.items = items
    self.xRange = xRange
    self.yRange = yRange
  }

  /// Creates the data source of functions only.
  ///
  /// - Parameters:
  ///   - functions: The compiled functions.
  ///   - titles: Their legend texts, as many as `functions` (missing ones are empty).
  ///   - xRange: The x range shown (plot units).
  ///   - yRange: The y range shown (plot units).
  public init(
    functions: [PlotFunction], titles: [String],
    xRange: ClosedRange<Double> = ViewState.defaultXRange,
    yRange: ClosedRange<Double> = -1...1
  ) {
    let items = functions.indices.map { i in
      PlotItem.function(functions[i], title: titles.indices.contains(i) ? titles[i] : "")
    }
    self.init(items: items, xRange: xRange, yRange: yRange)
  }

  /// The legend texts, one a curve.
  public var titles: [String] { items.map(\.title) }

  /// The automatic y range of these curves over `xRange`: `compute()`'s answer, remembered
  /// for the last x range asked about, so asking again for the same items and x range (a
  /// redraw, `zoom` or `pan` of a plot whose y is automatic asks for the range before and
  /// after the change) samples nothing.
  ///
  /// The memo is forgotten when `items` change (a new `plot`, which also picks up new
  /// variable values and function definitions, as the functions are compiled then); another
  /// x range (`zoom`, `pan`, `xrange`) is a miss and replaces it.
  ///
  /// - Parameters:
  ///   - xRange: The x range shown (plot units).
  ///   - compute: Works the range out from these curves and `xRange` (called on a miss).
  /// - Returns: The range.
  public func autoYRange(
    xRange: ClosedRange<Double>, compute: () -> ClosedRange<Double>
  ) -> ClosedRange<Double> {
    if let hit = yRangeMemo.lookup(xRange) { return hit }
    let range = compute()
    yRangeMemo.store(xRange, range)
    return range
  }

  /// The compiled functions among the curves, in order.
  public var functions: [PlotFunction] {
    items.compactMap { if case .function(let f, _, _) = $0 { return f } else { return nil } }
  }

  /// The data series among the curves, in order.
  public var dataCurves: [DataCurve] {
    items.compactMap { if case .data(let d) = $0 { return d } else { return nil } }
  }

  /// The curves that are functions, as a data source of their own (for autoscaling).
  var functionsOnly: FunctionCurves {
    var copy = self
    copy.items = items.filter { if case .function = $0 { return true } else { return false } }
    return copy
  }

  /// How many curves there are.
  public var curveCount: Int { items.count }

  /// The curve's legend text.
  public func title(ofCurve curve: Int) -> String {
    items.indices.contains(curve) ? items[curve].title : ""
  }

  /// The function's value at `x` (NaN where it is undefined, and for a data series).
  public func y(at x: Double, curve: Int) -> Double {
    guard items.indices.contains(curve), let f = items[curve].curveFunction else {
      return .nan
    }
    if links.isEmpty { return f.value(at: x) }
    let (lx, ly) = linked(curve)
    let v = f.value(at: lx?.toSecond(x) ?? x)
    return ly?.toFirst(v) ?? v
  }

  /// The function's values at every x of `xs` (its batch evaluation: `y(at:curve:)` but that
  /// elementary functions come from glibc's vector math, within 4 ulps, and equal where the
  /// value is a round number; see `PlotFunction.values(at:into:)`; NaN for a data series).
  public func y(
    at xs: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>, curve: Int
  ) {
    guard items.indices.contains(curve), let f = items[curve].curveFunction else {
      for i in 0..<min(xs.count, out.count) { out[i] = .nan }
      return
    }
    let (lx, ly) = links.isEmpty ? (nil, nil) : linked(curve)
    if let lx {
      let own = xs.map { lx.toSecond($0) }
      own.withUnsafeBufferPointer { f.values(at: $0, into: out) }
    } else {
      f.values(at: xs, into: out)
    }
    if let ly {
      for i in 0..<min(xs.count, out.count) { out[i] = ly.toFirst(out[i]) }
    }
  }

  /// The function's interval enclosure over `x`, with Tupper's flags (`unknown` for a data
  /// series).
  public func y(over x: Interval, curve: Int) -> Interval {
    guard items.indices.contains(curve), let f = items[curve].curveFunction else {
      return .unknown
    }
    if links.isEmpty { return f.enclosure(over: x) }
    let (lx, ly) = linked(curve)
    let e = f.enclosure(over: lx?.toSecond(x) ?? x)
    return ly?.toFirst(e) ?? e
  }

  /// A function of x, a function of y (`x = y^2`) or a relation in x and y.
  public func kind(ofCurve curve: Int) -> CurveKind {
    guard items.indices.contains(curve) else { return .functionOfX }
    switch items[curve] {
    case .functionOfY: return .functionOfY
    case .relation(let relation, _): return .relation(relation)
    case .parametric(let curve, _, _): return .parametric(curve)
    case .function, .data: return .functionOfX
    }
  }

  /// How many points a function drawn in a style other than `lines` is drawn at by
  /// default, evenly across the x range shown: gnuplot's default `set samples` (100;
  /// `PlotLabels.samples` is the setting). Functions drawn with lines are sampled per pixel
  /// instead (`Sampler`).
  public static let styleSamples = 100

  /// The function of curve `curve` when it is drawn at sample points (a style other than
  /// `lines`), else nil.
  func sampledFunction(_ curve: Int) -> PlotFunction? {
    guard items.indices.contains(curve), case .function(let f, _, let style) = items[curve],
      style.marks != .lines
    else { return nil }
    return f
  }

  /// The x of sample `i` of a function drawn at sample points.
  func sampleX(_ i: Int) -> Double {
    let n = labels.samples
    let lo = xRange.lowerBound
    let hi = xRange.upperBound
    return i == n - 1 ? hi : lo + (hi - lo) * Double(i) / Double(n - 1)
  }

  /// The number of records of a data series (`PlotLabels.samples` for a function drawn in a
  /// style other than `lines`); nil for a function drawn with lines.
  public func numberOfRecords(forCurve curve: Int) -> Int? {
    if sampledFunction(curve) != nil { return labels.samples }
    guard items.indices.contains(curve), case .data(let d) = items[curve] else { return nil }
    return d.count
  }

  /// The x or y value of record `record` of a data series or of a function drawn at sample
  /// points (NaN when out of range).
  public func value(of field: RecordField, record: Int, curve: Int) -> Double {
    if let f = sampledFunction(curve) {
      guard (0..<labels.samples).contains(record) else { return .nan }
      let x = sampleX(record)
      return field == .x ? x : y(at: x, curve: curve)
    }
    guard items.indices.contains(curve), case .data(let d) = items[curve] else { return .nan }
    let values = field == .x ? d.x : d.y
    let v = values.indices.contains(record) ? values[record] : .nan
    if links.isEmpty { return v }
    let (lx, ly) = linked(curve)
    return (field == .x ? lx : ly)?.toFirst(v) ?? v
  }

  /// The x and y values of a data series a block at a time (decoded from its columns), or
  /// of a function drawn at sample points in one block; false for a function drawn with
  /// lines.
  public func forEachRecordBlock(
    ofCurve curve: Int,
    _ body: (_ x: UnsafeBufferPointer<Double>, _ y: UnsafeBufferPointer<Double>) -> Void
  ) -> Bool {
    if let f = sampledFunction(curve) {
      let xs = (0..<labels.samples).map(sampleX)
      let ys = links.isEmpty ? xs.map { f.value(at: $0) } : xs.map { y(at: $0, curve: curve) }
      xs.withUnsafeBufferPointer { bx in ys.withUnsafeBufferPointer { by in body(bx, by) } }
      return true
    }
    guard items.indices.contains(curve), case .data(let d) = items[curve] else { return false }
    let (lx, ly) = links.isEmpty ? (nil, nil) : linked(curve)
    guard lx != nil || ly != nil else {
      DataColumn.forEachBlock(d.x, d.y, body)
      return true
    }
    DataColumn.forEachBlock(d.x, d.y) { xs, ys in
      let mx = lx.map { l in xs.map { l.toFirst($0) } } ?? Array(xs)
      let my = ly.map { l in ys.map { l.toFirst($0) } } ?? Array(ys)
      mx.withUnsafeBufferPointer { bx in my.withUnsafeBufferPointer { by in body(bx, by) } }
    }
    return true
  }

  /// `forEachRecordBlock(ofCurve:_:)` with the blocks of a data series that `wantsSummary`
  /// accepts summarized from the columns' zone maps (`DataColumn.forEachBlock(_:_:
  /// wantsSummary:summary:_:)`), not decoded.
  public func forEachRecordBlock(
    ofCurve curve: Int,
    wantsSummary: (_ xLowest: Double, _ xHighest: Double, _ count: Int) -> Bool,
    summary: (_ block: RecordBlockSummary) -> Void,
    _ body: (_ x: UnsafeBufferPointer<Double>, _ y: UnsafeBufferPointer<Double>) -> Void
  ) -> Bool {
    guard sampledFunction(curve) == nil, items.indices.contains(curve),
      case .data(let d) = items[curve]
    else { return forEachRecordBlock(ofCurve: curve, body) }
    DataColumn.forEachBlock(
      d.x, d.y, wantsSummary: wantsSummary,
      summary: { s in
        summary(
          RecordBlockSummary(
            count: s.count, xLowest: s.xLowest, xHighest: s.xHighest,
            first: PlotPoint(x: s.first.x, y: s.first.y),
            last: PlotPoint(x: s.last.x, y: s.last.y), low: PlotPoint(x: s.low.x, y: s.low.y),
            lowIndex: s.lowIndex, high: PlotPoint(x: s.high.x, y: s.high.y),
            highIndex: s.highIndex))
      }, body)
    return true
  }

  /// How the curve is drawn: a series or a function as asked, anything else with lines.
  public func marks(ofCurve curve: Int) -> CurveMarks {
    guard items.indices.contains(curve) else { return .lines }
    switch items[curve] {
    case .data(let d): return d.marks
    case .function(_, _, let style): return style.marks
    default: return .lines
    }
  }

  /// The error-bar or box columns of a data series, if it has them.
  public func extents(ofCurve curve: Int) -> RecordExtents? {
    guard items.indices.contains(curve), case .data(let d) = items[curve] else { return nil }
    let (lx, ly) = links.isEmpty ? (nil, nil) : linked(curve)
    guard lx != nil || ly != nil else { return d.extents }
    return d.extents?.mapped(
      x: { lx?.toFirst($0) ?? $0 }, y: { ly?.toFirst($0) ?? $0 })
  }

  /// The style options of a series or a function (none for the other curves), with their
  /// line style and line type resolved against the plot's `set style line` and `set
  /// linetype` (`LineStyleTables.resolved`; curve N takes line type N + 1 when it was
  /// changed).
  public func look(ofCurve curve: Int) -> CurveLook {
    guard items.indices.contains(curve) else { return CurveLook() }
    let look: CurveLook
    switch items[curve] {
    case .data(let d): look = d.look
    case .function(_, _, let style): look = style.look
    case .parametric(_, _, let given): look = given
    default: look = CurveLook()
    }
    return labels.annotations.lines.resolved(look, curve: curve)
  }

  /// Whether x is a time axis: there are data series and each has time x.
  public var xAxisIsTime: Bool {
    let data = dataCurves
    return !data.isEmpty && data.allSatisfy(\.xIsTime)
  }

  /// Whether y is a time axis: there are data series, no functions, and each series has
  /// time y.
  public var yAxisIsTime: Bool {
    let data = dataCurves
    return !data.isEmpty && data.count == items.count && data.allSatisfy(\.yIsTime)
  }

  /// The viewport that shows `xRange` x `yRange` over `size` pixels; with
  /// `labels.equalAspect`, the range whose unit would be drawn shorter grows about its
  /// centre until a unit is as long on both axes (in pixels of `pixelAspect`), so a circle
  /// is round.
  public func viewport(for size: PixelSize) -> Viewport {
    guard labels.equalAspect, let (x, y) = equalAspectRanges(for: size) else {
      return Viewport(xRange: xRange, yRange: yRange, size: size)
    }
    return Viewport(xRange: x, yRange: y, size: size)
  }

  /// The ranges `viewport(for:)` shows with equal units, or nil when they cannot be made
  /// (no pixels, a range that is not finite).
  func equalAspectRanges(for size: PixelSize) -> (ClosedRange<Double>, ClosedRange<Double>)? {
    let w = Double(size.width)
    let h = Double(size.height) * (pixelAspect.isFinite && pixelAspect > 0 ? pixelAspect : 1)
    let dx = xRange.upperBound - xRange.lowerBound
    let dy = yRange.upperBound - yRange.lowerBound
    guard w > 0, h > 0, dx > 0, dy > 0, dx.isFinite, dy.isFinite else { return nil }
    let unit = max(dx / w, dy / h)  // plot units a physical pixel
    let cx = xRange.lowerBound + dx / 2
    let cy = yRange.lowerBound + dy / 2
    let hx = unit * w / 2
    let hy = unit * h / 2
    guard (cx - hx) < (cx + hx), (cy - hy) < (cy + hy) else { return nil }
    return ((cx - hx)...(cx + hx), (cy - hy)...(cy + hy))
  }

  /// The height over the width of a dot of a text canvas with `dots` dots a cell, cells
  /// being twice as tall as wide (10 x 20 pixels, the usual terminal font).
  static func dotAspect(_ dots: (columns: Int, rows: Int)) -> Double {
    2 * Double(max(dots.columns, 1)) / Double(max(dots.rows, 1))
  }
}
