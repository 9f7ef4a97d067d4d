import GraphView

// gnuplot's `with histograms` in its clustered layout (`set style histogram clustered
// [gap N]`, gnuplot's default): each histogram item of a plot draws its one column as boxes,
// record i's box of item k (of n) centred at x = i + (k - (n - 1) / 2) / (n + gap), as wide
// as 1 / (n + gap) times `set boxwidth` (1 unless set, relative and absolute alike), as
// gnuplot 5.4 lays them out (measured from its SVG output: its `set table` writes x = i).
// rowstacked, columnstacked, errorbars and newhistogram are named as not supported.

/// A `with histograms` item's place among the histogram items of one `plot`.
struct HistogramPlace: Sendable, Hashable {
  /// The item's position among them, from 0.
  var k: Int
  /// How many histogram items the plot has.
  var n: Int
}

extension Session {
  /// Gives each `with histograms` data item of a plot its place (its k of n).
  ///
  /// - Parameter items: The plot's items, in order.
  static func placeHistograms(_ items: inout [Plot.Item]) {
    var count = 0
    for item in items {
      if case .data(let spec) = item, spec.style.histogram { count += 1 }
    }
    var k = 0
    for index in items.indices {
      guard case .data(var spec) = items[index], spec.style.histogram else { continue }
      spec.histogramPlace = HistogramPlace(k: k, n: count)
      items[index] = .data(spec)
      k += 1
    }
  }

  /// The using spec of a histogram item: its one column (column 1 without `using`, as in
  /// gnuplot), with any tick label part (`2:xtic(1)`).
  ///
  /// - Throws: `CommandError` at `using` when it gives more than one column (gnuplot's
  ///   clustered histograms read y alone; x is the record number).
  static func histogramUsing(_ spec: DataItemSpec) throws(CommandError) -> Word {
    guard let using = spec.using else { return Word("1", at: spec.path.offset) }
    let columns = usingParts(using).filter { !TickLabelPart.isOne($0) }
    guard columns.count == 1 else {
      throw CommandError(
        .notSupported(
          what: "histograms of \(columns.count) columns",
          hint: "clustered histograms take one column, the height: using 2 or using 2:xtic(1)"),
        at: using.span)
    }
    return using
  }

  /// The boxes of a histogram item, as gnuplot 5.4 lays out clustered histograms: the
  /// curve's x is the record number (what gnuplot's table writes), its extents each box's
  /// sides.
  ///
  /// - Parameters:
  ///   - curve: The item's series, x the record number from 0.
  ///   - place: The item's k of n.
  func histogramBoxes(_ curve: inout DataCurve, place: HistogramPlace) {
    let slot = 1 / (Double(place.n) + data.histogramGap)
    let shift = (Double(place.k) - Double(place.n - 1) / 2) * slot
    let factor: Double
    switch data.boxWidth {
    case .absolute(let w)?: factor = w
    case .relative(let f)?: factor = f
    case nil: factor = 1
    }
    let half = slot * factor / 2
    let xs = Array(curve.x)
    curve.extents = RecordExtents(
      xLow: xs.map { $0 + shift - half }, xHigh: xs.map { $0 + shift + half })
  }
}

/// `set style histogram clustered [gap N]`: the gap between clusters of `with histograms`.
struct SetHistogramStyle: SessionCommand {
  /// The gap as typed, or nil to keep it.
  var gap: Word?

  func run(in session: inout Session) throws(CommandError) -> Reply {
    guard let gap else { return Reply() }
    let g = try session.number(gap)
    guard g.isFinite, g >= 0, g <= 1e6 else {
      throw CommandError(.needs(word: "gap", what: "a gap of 0 or more boxes"), at: gap.span)
    }
    session.data.histogramGap = g
    return Reply()
  }

  /// Reads the words after `set style histogram`.
  ///
  /// - Parameter words: The words after `histogram`.
  /// - Throws: `CommandError` at the word: rowstacked, columnstacked and errorbars (named
  ///   as not supported), `gap` without a value, any other word.
  static func parse(_ words: ArraySlice<Word>) throws(CommandError) -> SetHistogramStyle {
    let usage = "set style histogram clustered [gap N]"
    var gap: Word? = nil
    var k = words.startIndex
    while k < words.endIndex {
      let word = words[k]
      let text = word.text
      if text.count >= 5, "clustered".hasPrefix(text) {
      } else if text == "gap" {
        guard k + 1 < words.endIndex else { throw CommandError(.usage(usage), at: word.span) }
        gap = words[k + 1]
        k += 1
      } else if (text.count >= 4 && "rowstacked".hasPrefix(text))
        || (text.count >= 7 && "columnstacked".hasPrefix(text))
        || (text.count >= 5 && "errorbars".hasPrefix(text))
      {
        throw CommandError(
          .notSupported(what: "\(text) histograms", hint: "clustered histograms are: " + usage),
          at: word.span)
      } else {
        throw CommandError(.usage(usage), at: word.span)
      }
      k += 1
    }
    return SetHistogramStyle(gap: gap)
  }
}
