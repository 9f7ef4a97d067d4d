import CalculatorBrain
import CompiledFunctions
import DataFiles
import GraphView
import TextAndNumbers

// The `plot` command: functions of x and data files in one plot, the automatic ranges and
// the `view` description.

extension Session {
  // MARK: Ranges

  /// The automatic y range of the current plot over the current x range, or nil when
  /// nothing is plotted or y is fixed (the view commands ignore it then, and working it out
  /// samples every function).
  func autoY() -> ClosedRange<Double>? {
    guard var curves, view.yRange == .auto else { return nil }
    curves.labels = labels
    if let link = secondXLink(curves) {  // items on x2 are sampled at their own x
      curves.xRange = labels.scales.x.shownRange(view.xRange)
      curves.links.x = link
    }
    return Session.autoYRange(of: curves, xRange: view.xRange)
  }

  /// The automatic y range of `curves` over `xRange`.
  ///
  /// Remembered per set of curves for the last x range (`FunctionCurves.autoYRange`), so a
  /// redraw or view change that asks again samples nothing.
  ///
  /// Functions alone: `Autoscale.yRange` (robust to poles). With data series: the union of
  /// the functions' range and the smallest and largest y of the records whose x lies in
  /// `xRange` (every record counts, so a single spike is shown whole), snapped outward to
  /// ticks (`Autoscale.range(of:)`); on a time y axis, the exact range. No value at all gives
  /// `Autoscale.fallback`.
  ///
  /// - Parameters:
  ///   - curves: The plot.
  ///   - xRange: The x range shown.
  /// - Returns: A drawable range.
  static func autoYRange(of curves: FunctionCurves, xRange: ClosedRange<Double>) -> ClosedRange<
    Double
  > {
    if curves.links.y != nil {  // values, not their places on y (Session+SecondAxes.swift)
      var unlinked = curves
      unlinked.links.y = nil
      return autoYRange(of: unlinked, xRange: xRange)
    }
    if let first = curves.firstYCurves { return autoYRange(of: first, xRange: xRange) }
    if !curves.labels.scales.isLinear { return scaledAutoYRange(of: curves, xRange: xRange) }
    if !curves.labels.yAutoscale.isDefault || curves.labels.offsets != PlotOffsets() {
      return uncachedAutoYRange(of: curves, xRange: xRange)  // the memo knows no settings
    }
    return curves.autoYRange(xRange: xRange) { uncachedAutoYRange(of: curves, xRange: xRange) }
  }

  /// `autoYRange(of:xRange:)` worked out afresh (no memo).
  ///
  /// Functions alone keep `Autoscale.yRange`. Otherwise the range is the union of the
  /// functions' range, the data's (every record with x in view), and the extents of the
  /// other curves, each widened by `CurveExtents.margin` (`Session.curveYBounds`), snapped
  /// outward to ticks.
  static func uncachedAutoYRange(of curves: FunctionCurves, xRange: ClosedRange<Double>)
    -> ClosedRange<Double>
  {
    let functions = curves.functionsOnly
    let data = curves.dataCurves
    let others = curves.items.contains {
      switch $0 {
      case .function, .data: return false
      case .functionOfY, .relation, .parametric: return true
      }
    }
    let styled = curves.styleBounds(xWithin: xRange)
    let finish = curves.labels.yAutoscale
    let offsets = curves.labels.offsets
    let plain = finish.isDefault && offsets == PlotOffsets()
    if data.isEmpty && !others && styled.y == nil {
      if plain { return Autoscale.yRange(of: functions, xRange: xRange) }
      guard let (lo, hi) = Session.sampledYBounds(of: functions, xRange: xRange) else {
        return Autoscale.fallback
      }
      return finish.range(lo, hi, below: offsets.bottom, above: offsets.top)
    }
    var bounds: (Double, Double)? = nil
    func unite(_ b: (Double, Double)) {
      bounds = bounds.map { (min($0.0, b.0), max($0.1, b.1)) } ?? b
    }
    if functions.curveCount > 0 {
      if plain {
        let r = Autoscale.yRange(of: functions, xRange: xRange)
        unite((r.lowerBound, r.upperBound))
      } else if let b = Session.sampledYBounds(of: functions, xRange: xRange) {
        unite(b)
      }
    }
    for curve in data {
      guard let b = curve.bounds(xWithin: xRange) else { continue }
      unite((b.y.lowerBound, b.y.upperBound))
    }
    if let b = curveYBounds(of: curves, xRange: xRange, around: bounds) { unite(b) }
    if let b = styled.y { unite(b) }
    guard let (lo, hi) = bounds else { return Autoscale.fallback }
    if curves.yAxisIsTime { return timeRange(lo, hi) }
    return finish.range(lo, hi, below: offsets.bottom, above: offsets.top)
  }

  /// The y extent of the curves of `curves` that are not functions of x or data, each
  /// widened by `CurveExtents.margin`: a parametric or polar curve's y where its x is in
  /// `xRange` (`ParametricSampler.yBounds`); a function of y's and a relation's (its curve,
  /// or its region's edge) within a window of y: [-m, m] for m the larger magnitude of
  /// `xRange`'s ends (a square of plot units about the origin, where relations are usually
  /// drawn), grown to reach half the x range's width beyond `known` (the other curves'
  /// bounds), clipped to it. One that spans the whole window (`x = 3`, the edge of
  /// `x > 0`: unbounded both ways) adds nothing when something else gives a range, and the
  /// window otherwise.
  ///
  /// - Returns: The union of the extents, or nil when none has one.
  static func curveYBounds(
    of curves: FunctionCurves, xRange: ClosedRange<Double>, around known: (Double, Double)?
  ) -> (Double, Double)? {
    var bounds: (Double, Double)? = nil
    func unite(_ b: (Double, Double)) {
      bounds = bounds.map { (min($0.0, b.0), max($0.1, b.1)) } ?? b
    }
    for case .parametric(let curve, _, _) in curves.items {
      if let b = ParametricSampler.yBounds(of: curve, xWithin: xRange) {
        unite(CurveExtents.widened(b))
      }
    }
    let m = max(abs(xRange.lowerBound), abs(xRange.upperBound))
    let half = (xRange.upperBound - xRange.lowerBound) / 2
    var lo = -m
    var hi = m
    for around in [known, bounds].compactMap({ $0 }) {
      lo = min(lo, around.0 - half)
      hi = max(hi, around.1 + half)
    }
    guard lo.isFinite, hi.isFinite, lo < hi else { return bounds }
    let window = lo...hi
    var spanning = false
    func clipped(_ b: (Double, Double)) -> (Double, Double) {
      (max(b.0, lo), min(b.1, hi))
    }
    for item in curves.items {
      switch item {
      case .functionOfY(let g, _):
        guard
          let b = CurveExtents.functionOfYBounds(
            { g.values(at: $0, into: $1) }, xWithin: xRange, yWindow: window)
        else { continue }
        let step = (hi - lo) / Double(Autoscale.sampleCount - 1)
        if b.0 <= lo + step && b.1 >= hi - step {
          spanning = true
        } else {
          unite(clipped(CurveExtents.widened(b)))
        }
      case .relation(let relation, _):
        guard
          let found = CurveExtents.relationYBounds(
            of: relation, xRange: xRange, yWindow: window)
        else { continue }
        if found.spansWindow {
          spanning = true
        } else {
          unite(clipped(CurveExtents.widened(found.bounds)))
        }
      case .function, .data, .parametric: continue
      }
    }
    if spanning && bounds == nil && known == nil { return (lo, hi) }
    return bounds
  }

  /// The x range that fits the data series and the parametric and polar curves of
  /// `curves` (gnuplot's autoscaled x; the curves only when no function of x or relation
  /// is plotted beside them): on a time axis the data's exact first and last
  /// times, otherwise the union of the records' extremes and the curves' x extents
  /// (`CurveExtents.xBounds`, widened by `CurveExtents.margin`) snapped outward to ticks;
  /// nil when there is neither a finite record nor a curve with an extent.
  static func dataXRange(of curves: FunctionCurves) -> ClosedRange<Double>? {
    if curves.links.x != nil {  // values, not their places on x (Session+SecondAxes.swift)
      var unlinked = curves
      unlinked.links.x = nil
      return dataXRange(of: unlinked)
    }
    if let first = curves.firstXCurves { return dataXRange(of: first) }
    if !curves.labels.scales.isLinear { return scaledDataXRange(of: curves) }
    var bounds: RecordBounds? = nil
    for curve in curves.dataCurves { bounds = RecordBounds.union(bounds, curve.bounds()) }
    if curves.xAxisIsTime, let x = bounds?.x { return timeRange(x.lowerBound, x.upperBound) }
    var lohi = bounds.map { ($0.x.lowerBound, $0.x.upperBound) }
    if bounds != nil, let b = curves.styleBounds(xWithin: nil).x {
      lohi = lohi.map { (min($0.0, b.0), max($0.1, b.1)) }
    }
    // Beside a function of x or a relation the view keeps its x range (a parametric curve
    // beside sin(x) would otherwise narrow sin's view to the curve's width).
    let keepsX = curves.items.contains {
      switch $0 {
      case .function, .relation: true
      case .data, .functionOfY, .parametric: false
      }
    }
    for case .parametric(let curve, _, _) in curves.items where !keepsX {
      guard let b = CurveExtents.xBounds(of: curve) else { continue }
      let w = CurveExtents.widened(b)
      lohi = lohi.map { (min($0.0, w.0), max($0.1, w.1)) } ?? w
    }
    guard let (lo, hi) = lohi else { return nil }
    let offsets = curves.labels.offsets
    return curves.labels.xAutoscale.range(lo, hi, below: offsets.left, above: offsets.right)
  }

  /// `lo...hi` (Unix seconds), or a day each side of a single time.
  static func timeRange(_ lo: Double, _ hi: Double) -> ClosedRange<Double> {
    let width = hi - lo
    if width > 1e-9 * max(1, abs(lo), abs(hi)) { return lo...hi }
    return (lo - 86400)...(hi + 86400)
  }

  /// The y range shown: the fixed one, or the automatic one (of an empty plot when nothing
  /// is plotted).
  var shownYRange: ClosedRange<Double> {
    view.currentY(autoY())
      ?? Autoscale.yRange(of: FunctionCurves(items: []), xRange: view.xRange)
  }

  /// `x [A, B]  y [C, D]`. On a time axis the bounds are UTC dates (`2012-01-01`, with the
  /// time of day when it is not midnight), followed by the Unix seconds that `xrange`
  /// takes: `x [2012-01-01, 2015-12-31] (1325376000 1451520000)`.
  public var viewDescription: String {
    let (x, y) = equalAspectView ?? (view.xRange, shownYRange)
    let xTime = curves?.xAxisIsTime ?? false
    let yTime = curves?.yAxisIsTime ?? false
    func bounds(_ r: ClosedRange<Double>, time: Bool) -> String {
      let plain = "[\(Session.boundText(r.lowerBound)), \(Session.boundText(r.upperBound))]"
      guard time, let a = Session.dateText(r.lowerBound), let b = Session.dateText(r.upperBound)
      else {
        return plain
      }
      return
        "[\(a), \(b)] (\(Session.boundText(r.lowerBound)) \(Session.boundText(r.upperBound)))"
    }
    return
      "x \(bounds(labels.scales.x.shownRange(x), time: xTime))  y \(bounds(labels.scales.y.shownRange(y), time: yTime))"
  }

  /// A bound of a range as `view` and the notes print it, so that typed back (`plot [A:B]`,
  /// `xrange A B`) it is a finite number: the calculator's 15 significant digits, or 17
  /// where 15 round past the largest double (1.7976931348623157e308 at 15 digits is
  /// 1.79769313486232e308, which reads as infinity; 17 significant digits read back as the
  /// same double, IEEE 754-2008 5.12.2).
  static func boundText(_ v: Double) -> String {
    let text = CalculatorBrain.format(v)
    guard v.isFinite, v.magnitude > 1e308, !(Double(text)?.isFinite ?? false) else { return text }
    return NumberFormat.general(v, significantDigits: 17)
  }

  /// Unix seconds `t` as a UTC date (`2012-03-05`, `2012-03-05 13:45:30`), as the time axis
  /// labels its ticks; nil when out of the calendar's reach.
  static func dateText(_ t: Double) -> String? {
    TimeTicks.ticks(for: t...t, approximateCount: 1).first?.label
  }

  /// The current plot with the current view, or nil when nothing is plotted.
  func currentCurves() -> FunctionCurves? {
    guard var curves else { return nil }
    curves.xRange = labels.scales.x.shownRange(view.xRange)
    curves.yRange = labels.scales.y.shownRange(shownYRange)
    curves.labels = labels
    curves.links.x = secondXLink(curves)
    curves.links.y = secondYLink(curves)
    if !labels.marks.isEmpty && labels.scales.isLinear {
      (curves.markers, curves.markerNotes) = markers(
        of: curves, marks: labels.marks, range: curves.xRange)
    }
    return curves
  }

  /// The expressions of one of `plot`'s functions, their legend titles, and where each
  /// name first occurs in `piece` (for the compiler's error columns): one in infix; one a
  /// value the program leaves in RPN.
  func expressions(_ piece: Word) throws(CommandError) -> (
    [(Expr, String)], nameLocations: [String: Range<Int>]
  ) {
    do throws(CalcError) {
      switch mode {
      case .infix:
        let (expr, locations) = try brain.parseLocated(expression: piece.text)
        return ([(expr, piece.text)], locations)
      case .rpn:
        let stack = try CalculatorBrain.parseRPN(piece.text)
        guard !stack.isEmpty else { throw CalcError(.programLeavesNoValue) }
        let titled =
          stack.count == 1
          ? [(stack[0], piece.text)] : stack.map { ($0, CalculatorBrain.infixDescription($0)) }
        return (titled, CalculatorBrain.nameLocations(in: piece.text))
      }
    } catch {
      var located = CommandError(error, shiftedBy: piece.offset)
      if located.location == nil { located.location = piece.span }
      throw located
    }
  }

  /// The range a `plot [A:B]` bracket gives: nil for `[]` or `[:]` (unchanged); a missing
  /// bound is taken from `current` when there is one.
  func range(_ bounds: RangeBounds, current: ClosedRange<Double>?, axis: String)
    throws(CommandError) -> ClosedRange<Double>?
  {
    if bounds.lower == nil && bounds.upper == nil { return nil }
    let lower =
      try bounds.lower.map { w throws(CommandError) in try rangeBound(w, axis: axis) }
      ?? current?.lowerBound
    let upper =
      try bounds.upper.map { w throws(CommandError) in try rangeBound(w, axis: axis) }
      ?? current?.upperBound
    guard let lower, let upper else {
      throw CommandError(.rangeNeedsBothBounds(axis: axis), at: bounds.whole.span)
    }
    do {
      return try ViewState.checkedRange(lower, upper, axis: axis)
    } catch {
      var located = error
      located.location = bounds.whole.span
      throw located
    }
  }

  // MARK: Data items

  /// One data item of `plot`, as written.
  struct DataItemSpec: Sendable, Hashable {
    /// The file's path, without quotes, and where it is written (quotes included).
    var path: Word
    /// The `using` columns as written, if given.
    var using: Word?
    /// The style (`with ...`, `.lines` when not given) and its options (`lw`, `lc`, ...).
    var style = PlotStyle()
    /// The style alone.
    var marks: CurveMarks { style.marks }
    /// The legend text (`title "..."`), if given.
    var title: String?
    /// `title columnheader` or `title columnheader(N)`: the title is a header of the file,
    /// whose first row is then its header (Session+ColumnHeaders.swift).
    var headerTitle: HeaderTitle?
    /// gnuplot's `every` argument as written, if given (`Session+Using.swift`).
    var every: Word?
    /// gnuplot's `index` argument as written, if given (`Session+Using.swift`).
    var index: Word?
    /// gnuplot's `skip N` (lines left out at the file's start) as written, if given.
    var skip: Word?
    /// gnuplot's `smooth` option, if given (`DataSmoothing`, Session+Histogram.swift).
    var smoothing: DataSmoothing?
    /// The option's word after `smooth`, for errors of the smoothing (too few points).
    var smoothWord: Word?
    /// `smooth kdensity bandwidth H` as written, if given.
    var kernelBandwidth: Word?
    /// `smooth kdensity period P` as written, if given.
    var kernelPeriod: Word?
    /// `by COLUMN`: one curve per distinct value of the column (Session+ByGroup.swift).
    var by: Word?
    /// For `with histograms`: the item's place among the plot's histogram items (set by
    /// `plot` before it reads the items; Session+Histograms.swift).
    var histogramPlace: HistogramPlace?
    /// The `newhistogram` item right before this one, if any (Session+Histograms.swift).
    var newHistogram: NewHistogram?
  }

  /// The keywords a data item takes, for the nearest one after a word that is none.
  static let dataItemKeywords =
    ["using", "with", "title", "notitle", "every", "index", "skip", "smooth", "by", "axes"]
    + ["lw", "lc", "pt", "ps", "dt", "fs"]

  /// Reads `"FILE" [index SETS] [skip N] [using|u COLS] [every SPEC] [smooth OPTION] [with|w STYLE]
  /// [title|t "TEXT" | title columnheader[(N)] | notitle]` and the style options (`lw N`, `lc rgb "red"`, `pt N`,
  /// `ps N`, `dt N`: `Session+Styles.swift`).
  ///
  /// - Parameters:
  ///   - arguments: The item's words, the file first.
  ///   - previousFile: Whether an empty name (`""`, `''`) is taken, as `plot` takes it for
  ///     the previous file (its path is then empty; `Plot` fills it in).
  /// - Throws: `CommandError` at the offending word: an unclosed quote, a keyword without
  ///   its argument, an unknown style or keyword (with the nearest valid one).
  static func parseDataItem(
    _ arguments: [Argument], previousFile: Bool = false
  ) throws(CommandError) -> DataItemSpec {
    let tokens = arguments.map(\.source)
    guard let file = tokens.first, arguments[0].isString || Session.isDataBlockName(file.text)
    else {
      throw CommandError(.expected("a \"FILE\""), at: arguments.first?.span)
    }
    var spec: DataItemSpec
    if !arguments[0].isString {  // `$NAME`: a data block (Session+Blocks.swift)
      spec = DataItemSpec(path: Word(file.text, at: file.offset))
    } else {
      guard file.text.count >= 2 else {
        throw CommandError(.emptyFileName, at: file.span)
      }
      let name = String(file.text.dropFirst().dropLast())
      guard !name.isEmpty || previousFile else {
        throw CommandError(.emptyFileName, at: file.span)
      }
      spec = DataItemSpec(path: Word(name, at: file.offset))
    }
    var reader = KeywordReader(tokens, from: 1)
    while let word = reader.next() {
      switch plotKeyword(word.text) {
      case "using":
        spec.using = try reader.value(of: word, "columns, as in: using 1:2 or using date:temp_max")
      case "title":
        let text = try reader.value(of: word, "a text in quotes, as in: title \"rain\"")
        if let header = try Session.readHeaderTitle(text, from: &reader) {
          spec.headerTitle = header
          spec.title = nil
          continue
        }
        guard let q = text.text.first, q == "\"" || q == "'", text.text.count >= 2,
          text.text.last == q
        else {
          throw CommandError(.titleNotQuoted(example: "title \"rain\""), at: text.span)
        }
        spec.title = StringExpression.unescaped(text.text)  // `\n` in double quotes
      case "notitle":
        spec.title = ""
        spec.headerTitle = nil
      case "every":
        spec.every = try reader.value(of: word, "a step or points, as in: every 2 or every ::1::3")
      case "index":
        spec.index = try reader.value(of: word, "data sets, as in: index 1 or index 0:2")
      case "skip":
        spec.skip = try reader.value(of: word, "a number of lines, as in: skip 3")
      case "by":
        spec.by = try reader.value(of: word, "a column, as in: using date:price by symbol")
      case "smooth":
        spec.smoothWord = reader.peek()
        (spec.smoothing, spec.kernelBandwidth, spec.kernelPeriod) = try Session.readSmoothing(
          word, from: &reader)
      default:
        if var labels = spec.style.labels,
          try Session.readPointLabelOption(word, from: &reader, into: &labels)
        {
          spec.style.labels = labels
          continue
        }
        if try Session.readStyleKeyword(word, from: &reader, into: &spec.style) { continue }
        throw KeywordReader.unexpected(
          word,
          keywords: dataItemKeywords + (spec.style.labels == nil ? [] : pointLabelWords))
      }
    }
    // `with labels point pt N ps S`: the marker's type and size are the item's.
    if var labels = spec.style.labels {
      if let pt = spec.style.look.pointType { labels.pointType = pt }
      if labels.pointType != nil, let ps = spec.style.look.pointSize { labels.pointSize = ps }
      spec.style.labels = labels
    }
    return spec
  }

  /// The lines `skip N` leaves out: N, an expression, a whole number from 0.
  /// - Throws: `CommandError` at N when it is not.
  func skipCount(_ word: Word) throws(CommandError) -> Int {
    let n = try number(word)
    guard n.isFinite, n >= 0, n == n.rounded(), n <= Double(Int32.max) else {
      throw CommandError(
        .notSupported(
          what: "skip \(NumberLabel.general(n))",
          hint: "skip takes a whole number of lines, 0 or more"),
        at: word.span)
    }
    return Int(n)
  }

  /// Reads one data item of `plot` into a series, with the note on its missing values.
  ///
  /// - Returns: The series and its notes: `FILE: N missing values (gaps)` when some were
  ///   missing, `FILE: N records were longer than 16 MiB and cut there` when some were.
  /// - Throws: `CommandError` with the caret under the file name (it cannot be read, it has no
  ///   numbers) or under the column (unknown name, out of range), the message listing the
  ///   columns and suggesting the nearest name.
  func dataItem(_ spec: DataItemSpec) throws(CommandError) -> (DataCurve, String?) {
    // `title columnheader`, `set key autotitle columnhead|noautotitle`: the header forced
    // and the title from it (Session+ColumnHeaders.swift).
    if let item = try columnHeaderItem(
      spec,
      { s, spec throws(CommandError) in
        try s.dataItem(spec)
      })
    {
      return item
    }
    if spec.every != nil || spec.index != nil || spec.smoothing != nil
      || Session.usingHasExpression(spec.using)
      || ((labels.xTime || labels.yTime) && spec.using != nil)
      || spec.using.map({ Session.usingParts($0).count > 2 }) ?? false
      || spec.marks.columnCounts.allSatisfy({ $0 > 2 }) || spec.style.labels != nil
    {
      return try expressionDataItem(spec)
    }
    let path = spec.path.text
    let fileSpan = spec.path.offset..<(spec.path.offset + path.count + 2)
    let columns: (x: ColumnRef?, y: ColumnRef)
    if let using = spec.using {
      do {
        columns = try DataFile.parseUsing(using.text)
      } catch {
        throw CommandError(error, at: using.span)
      }
    } else {
      do {
        columns = try DataFile.defaultUsing(path: path, options: data.options)
      } catch {
        throw CommandError(error, at: fileSpan)
      }
    }
    let series: DataSeries
    do {
      series = try DataFile.read(path: path, x: columns.x, y: columns.y, options: data.options)
    } catch {
      throw CommandError(error, at: Session.columnSpan(of: error, in: spec.using) ?? fileSpan)
    }
    let base = Session.baseName(path)
    let title: String
    if let given = spec.title {
      title = given
    } else if spec.using != nil, case .name = columns.y {
      title = series.yName
    } else {
      let using =
        spec.using?.text
        ?? [columns.x?.description, columns.y.description].compactMap { $0 }
        .joined(separator: ":")
      title = "\(base) using \(using)"
    }
    var curve = DataCurve(
      x: series.x, y: series.y, title: title, marks: spec.marks, xIsTime: series.xIsTime,
      yIsTime: series.yIsTime)
    if !series.textRows.isEmpty {
      // gnuplot leaves out a record whose cell is not a number: no point, no gap.
      var left = Set(series.textRows)
      var xs: [Double] = []
      var ys: [Double] = []
      for (k, (x, y)) in zip(series.x, series.y).enumerated() {
        if left.remove(k) != nil { continue }
        xs.append(x)
        ys.append(y)
      }
      curve.x = DataColumn(xs)
      curve.y = DataColumn(ys)
    }
    curve.look = spec.style.look
    var notes: [String] = []
    let gaps = series.missing - series.textCells
    if gaps > 0 {
      notes.append("\(path): \(gaps) missing value\(gaps == 1 ? "" : "s") (gaps)")
    }
    if !series.textRows.isEmpty {
      let n = series.textRows.count
      notes.append(
        "\(path): \(n) record\(n == 1 ? "" : "s") left out: a cell that is not a number (as "
          + "gnuplot reads it)")
    }
    if series.cutRecords > 0 {
      notes.append(
        "\(path): \(series.cutRecords) record\(series.cutRecords == 1 ? " was" : "s were") longer "
          + "than 16 MiB and cut there")
    }
    let note = notes.isEmpty ? nil : notes.joined(separator: "\n")
    return (curve, note)
  }

  /// Where in the `using` word the column an error is about is written: the name of an
  /// unknown column, or the number of an out-of-range one; nil otherwise.
  static func columnSpan(of error: DataFileError, in using: Word?) -> Range<Int>? {
    guard let using else { return nil }
    let target: String?
    switch error.kind {
    case .unknownColumn(let name, _, _): target = name
    case .columnOutOfRange(let n, _): target = String(n)
    default: target = nil
    }
    guard let target, !target.isEmpty else { return nil }
    // Find the colon-separated part equal to the target (quotes and `$` aside).
    var offset = 0
    for part in using.text.split(separator: ":", omittingEmptySubsequences: false) {
      var bare = Substring(part)
      if bare.first == "$" { bare = bare.dropFirst() }
      if let q = bare.first, q == "\"" || q == "'", bare.count >= 2, bare.last == q {
        bare = bare.dropFirst().dropLast()
      }
      if bare == target || (error.column != nil && bare.count > 9 && bare.allSatisfy(\.isNumber)) {
        return (using.offset + offset)..<(using.offset + offset + part.count)
      }
      offset += part.count + 1
    }
    return using.span
  }

  /// The last component of `path` (`data.csv` of `/tmp/data.csv`), as a legend names the
  /// file; inline data (`-`) is `"-"`, as gnuplot's key shows it.
  static func baseName(_ path: String) -> String {
    if path == DataFile.inlinePath { return "\"-\"" }
    guard let slash = path.lastIndex(of: "/") else { return path }
    let base = String(path[path.index(after: slash)...])
    return base.isEmpty ? path : base
  }
}
