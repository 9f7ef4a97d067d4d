import DataFiles
import Glibc
import GraphView

// gnuplot's histograms: `smooth frequency|fnormal|cumulative|cnormal|unique|kdensity` on a
// data item (`plot "F" using (bin($1,0.5)):(1.0) smooth frequency with boxes`), with
// `set boxwidth` and `set style fill solid` for `boxes` (Commands+Histogram.swift), and
// the short form `hist "FILE" using COL [bins N | width W]`, whose bins are numpy's
// (`numpy.histogram`).

extension Session {
  /// Reads `smooth OPTION` (the word `smooth` just read from `reader`), and for `kdensity`
  /// gnuplot's optional `bandwidth H` and `period P` (expressions, checked by
  /// `kernelOptions` when the plot runs).
  ///
  /// - Throws: `CommandError` at the option: missing, unknown (with the nearest name), one
  ///   of gnuplot's that graphcalc does not compute (splines, Bézier curves, `bins`,
  ///   `zsort`, `unwrap`, `path`, named as not supported), or `bandwidth` or `period`
  ///   without its value.
  /// - Returns: The option, and the words of `bandwidth` and `period` when given.
  static func readSmoothing(
    _ word: Word, from reader: inout KeywordReader
  ) throws(CommandError) -> (DataSmoothing, bandwidth: Word?, period: Word?) {
    let what = "an option, as in: smooth frequency, smooth cumulative or smooth kdensity"
    let value = try reader.value(of: word, what)
    guard let entry = DataSmoothing.entry(named: value.text) else {
      let known = DataSmoothing.names.filter { $0.option != nil }.map(\.name)
      let suggestion = Suggestions.nearest(to: value.text, among: known)
      throw CommandError(
        .unknownName(.smoothing, value.text, suggestion: suggestion), at: value.span)
    }
    guard var option = entry.option else {
      throw CommandError(
        .notSupported(
          what: "smooth \(entry.name)",
          hint: "smooth takes "
            + DataSmoothing.names.filter { $0.option != nil }.map(\.name)
            .joined(separator: ", ")),
        at: value.span)
    }
    // gnuplot's `bandwidth H` and `period P` (expressions, as `2*pi`), in either order.
    if case .kdensity = option {
      var bandwidth: Word? = nil
      var period: Word? = nil
      while let next = reader.peek() {
        let isBandwidth = "bandwidth".hasPrefix(next.text) && next.text.count >= 4
        let isPeriod = "period".hasPrefix(next.text) && next.text.count >= 3
        guard isBandwidth || isPeriod else { break }
        _ = reader.next()
        let what =
          isBandwidth
          ? "a width above 0 (x units), as in: smooth kdensity bandwidth 0.5"
          : "a period above 0 (x units), as in: smooth kdensity period 2*pi"
        let value = try reader.value(of: next, what)
        if isBandwidth { bandwidth = value } else { period = value }
      }
      return (option, bandwidth, period)
    }
    return (option, nil, nil)
  }

  /// `smooth kdensity` with the values of its `bandwidth` and `period` words.
  ///
  /// - Throws: `CommandError` at a value that is not a finite number above 0.
  func kernelOptions(_ spec: DataItemSpec) throws(CommandError) -> DataSmoothing? {
    guard case .kdensity? = spec.smoothing else { return spec.smoothing }
    func positive(_ word: Word?, _ name: String, _ what: String) throws(CommandError) -> Double? {
      guard let word else { return nil }
      let v = try number(word)
      guard v.isFinite, v > 0 else {
        throw CommandError(.needs(word: name, what: what), at: word.span)
      }
      return v
    }
    return .kdensity(
      bandwidth: try positive(
        spec.kernelBandwidth, "bandwidth",
        "a width above 0 (x units), as in: smooth kdensity bandwidth 0.5"),
      period: try positive(
        spec.kernelPeriod, "period",
        "a period above 0 (x units), as in: smooth kdensity period 2*pi"
      ))
  }

  /// The points of `smoothing` applied to records `x`, `y` (and `acsplines`' `weights`): the summaries of
  /// `DataSmoothing.apply`, or the sampled curves of `DataSmoothing.splined`, both at the
  /// session's `set samples`.
  ///
  /// - Throws: `CommandError` at the option's word when a spline cannot be made (too few
  ///   points, a weight not above 0).
  func smoothed(
    _ smoothing: DataSmoothing, x: [Double], y: [Double], weights: [Double]? = nil,
    spec: DataItemSpec
  ) throws(CommandError) -> (x: [Double], y: [Double]) {
    switch smoothing {
    case .csplines, .acsplines, .mcsplines, .bezier, .sbezier:
      do {
        return try smoothing.splined(x: x, y: y, weights: weights, samples: labels.samples)
      } catch {
        throw CommandError(.cannotSmooth(error.message), at: spec.smoothWord?.span)
      }
    default: return smoothing.apply(x: x, y: y, samples: labels.samples)
    }
  }

  /// A `boxes` style with the session's `set boxwidth` and `set style fill` in its look
  /// (options given on the item win); other styles as they are.
  func boxLook(_ style: PlotStyle) -> PlotStyle {
    if [.filledCurves, .fillSteps].contains(style.marks) { return filledLook(style) }
    guard [.boxes, .boxErrorBars, .boxXYError].contains(style.marks) else { return style }
    var styled = style
    if styled.look.fillDensity == nil { styled.look.fillDensity = data.fillDensity }
    if styled.look.borderColor == nil { styled.look.borderColor = data.fillBorderColor }
    if styled.look.boxWidth == nil { styled.look.boxWidth = data.boxWidth }
    return styled
  }

  /// One data item of `plot` as `dataItem` reads it (`boxes` without `using` of a file of
  /// three columns of numbers as `using 1:2:3`, the third the width, as gnuplot reads it),
  /// then smoothed (`spec.smoothing`: the
  /// points sorted and summarised, `DataSmoothing.apply`; the error-bar and box columns
  /// dropped, as gnuplot's table shows them) and, for `boxes`, given the session's box
  /// width and fill. An absolute `set boxwidth` without a width column becomes each
  /// record's box sides (x ± W/2, what gnuplot's table writes) when not smoothed; gnuplot
  /// writes a smoothed box's sides as x, x, and so does the table here (the width still
  /// draws).
  ///
  /// - Returns: The series and its notes.
  /// - Throws: As `dataItem`.
  func styledDataItem(_ spec: DataItemSpec) throws(CommandError) -> (DataCurve, String?) {
    var spec = spec
    if spec.marks == .boxes, spec.using == nil, spec.smoothing == nil,
      let info = try? DataFile.columns(path: spec.path.text, options: data.options),
      info.count == 3, info.allSatisfy({ $0.kind == .number })
    {
      // gnuplot's `plot "F" with boxes` of a three-column file: x, y and the box's width.
      spec.using = Word("1:2:3", at: spec.path.offset)
    }
    if spec.style.histogram {  // Session+Histograms.swift
      if let word = spec.smoothWord {
        throw CommandError(
          .notSupported(
            what: "smooth with histograms",
            hint: "histograms draw each record; smooth frequency with boxes bins values"),
          at: word.span)
      }
      spec.using = try Session.histogramUsing(spec, layout: data.histogram.layout)
      // errorbars: `0:Y:DY` or `0:Y:LOW:HIGH`, read as yerrorbars read them.
      if data.histogram.layout == .errorbars { spec.style.marks = .yErrorBars }
    }
    var (curve, note) = try dataItem(spec)
    if !curve.keyTitles.isEmpty, !spec.style.histogram || data.histogram.layout != .columnstacked {
      throw CommandError(
        .notSupported(
          what: "key() outside columnstacked histograms",
          hint: "key(N) names the records of set style histogram columnstacked; title \"TEXT\" "
            + "names a curve"),
        at: spec.using?.span)
    }
    var boxed = spec.style
    if boxed.histogram { boxed.marks = .boxes }  // the box width and fill of `set style`
    let style = boxLook(boxed)
    let pointLabels = curve.look.pointLabels  // `with labels` (Session+PointLabels.swift)
    curve.look = style.look
    curve.look.pointLabels = pointLabels
    if spec.style.histogram {  // laid out by `plot` (`layOutHistogram`)
      curve.marks = .boxes
      return (curve, note)
    }
    if let smoothing = try kernelOptions(spec) {
      let (x, y) = try smoothed(
        smoothing, x: Array(curve.x), y: Array(curve.y), weights: curve.weights, spec: spec)
      var smoothed = DataCurve(
        x: x, y: y, title: curve.title, marks: curve.marks, xIsTime: curve.xIsTime,
        yIsTime: false)
      smoothed.look = curve.look
      curve = smoothed
      if x.isEmpty { note = "note: \(PlotOutput.noteTitle(curve.title)) has no defined point" }
    } else if spec.marks == .boxes, curve.extents == nil,
      case .absolute(let w)? = style.look.boxWidth
    {
      let xs = Array(curve.x)
      curve.extents = RecordExtents(xLow: xs.map { $0 - w / 2 }, xHigh: xs.map { $0 + w / 2 })
    }
    return (curve, note)
  }
}

/// The bins of a histogram: their edges and counts, as `numpy.histogram` makes them.
struct HistogramBins: Sendable, Hashable {
  /// The bins' edges, one more than the bins, increasing.
  var edges: [Double]
  /// How many values each bin holds: bin k holds the values in [edges[k], edges[k + 1]),
  /// the last bin its right edge too.
  var counts: [Double]

  /// How the bins are chosen.
  enum Rule: Sendable, Hashable {
    /// numpy's `bins='auto'`: the smaller of the Freedman-Diaconis width 2·IQR·n^(-1/3)
    /// and Sturges' width range/(log2 n + 1) (Sturges' alone when the IQR is 0), then
    /// ceil(range/width) equal bins from the smallest value to the largest.
    case auto
    /// N equal bins from the smallest value to the largest (numpy's `bins=N`).
    case count(Int)
    /// Bins of width W at the multiples of W (gnuplot's `bin(x, w) = w*floor(x/w)`), from
    /// the one that holds the smallest value to the one that holds the largest.
    case width(Double)
  }

  /// The most bins a histogram has (more would be narrower than a pixel of any output).
  static let limit = 100_000

  /// The bins of the finite `values` (the others are left out) by `rule`; nil when no value
  /// is finite or `rule` asks for more than `limit` bins.
  static func make(_ values: [Double], rule: Rule) -> HistogramBins? {
    let data = values.filter(\.isFinite).sorted()
    guard let lo = data.first, let hi = data.last else { return nil }
    switch rule {
    case .width(let w):
      let first = (lo / w).rounded(.down)
      let last = (hi / w).rounded(.down)
      guard w > 0, last - first < Double(limit) else { return nil }
      let n = Int(last - first) + 1
      var counts = [Double](repeating: 0, count: n)
      for v in data {
        let k = Int((v / w).rounded(.down) - first)
        counts[min(max(k, 0), n - 1)] += 1
      }
      let edges = (0...n).map { (first + Double($0)) * w }
      return HistogramBins(edges: edges, counts: counts)
    case .count(let n):
      guard n >= 1, n <= limit else { return nil }
      return equal(data, bins: n)
    case .auto:
      let n = Double(data.count)
      let range = hi - lo
      guard range > 0 else { return equal(data, bins: 1) }
      let sturges = range / (n.log2() + 1)
      let iqr = percentile(data, 75) - percentile(data, 25)
      let fd = 2 * iqr * pow(n, -1.0 / 3)
      let width = fd > 0 ? min(fd, sturges) : sturges
      let bins = Int(min((range / width).rounded(.up), Double(limit)))
      return equal(data, bins: max(1, bins))
    }
  }

  /// numpy's `percentile(data, q)` (method `linear`) of sorted `data`.
  static func percentile(_ data: [Double], _ q: Double) -> Double {
    let position = q / 100 * Double(data.count - 1)
    let below = Int(position.rounded(.down))
    let above = min(below + 1, data.count - 1)
    let t = position - Double(below)
    // numpy's `_lerp`: a + (b - a)·t, from b's side when t ≥ 0.5.
    let (a, b) = (data[below], data[above])
    let d = b - a
    return t >= 0.5 ? b - d * (1 - t) : a + d * t
  }

  /// `bins` equal bins over sorted `data`, as `numpy.histogram` computes them: edges
  /// `linspace(lo, hi, bins + 1)` (lo − 0.5 and hi + 0.5 when every value is equal), each
  /// value's bin from (v − lo)·bins/(hi − lo), moved by one where rounding put it across an
  /// edge, the largest value in the last bin.
  static func equal(_ data: [Double], bins: Int) -> HistogramBins {
    var lo = data[0]
    var hi = data[data.count - 1]
    if lo == hi {
      lo -= 0.5
      hi += 0.5
    }
    let step = (hi - lo) / Double(bins)
    var edges = (0...bins).map { lo + Double($0) * step }
    edges[bins] = hi
    var counts = [Double](repeating: 0, count: bins)
    let norm = Double(bins) / (hi - lo)
    for v in data {
      var k = Int((v - lo) * norm)
      if k >= bins { k = bins - 1 }
      if v < edges[k] { k -= 1 }
      if k < bins - 1 && v >= edges[k + 1] { k += 1 }
      counts[min(max(k, 0), bins - 1)] += 1
    }
    return HistogramBins(edges: edges, counts: counts)
  }
}

extension Double {
  /// The base-2 logarithm.
  fileprivate func log2() -> Double { Glibc.log2(self) }
}
