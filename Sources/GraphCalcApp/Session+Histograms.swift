import GraphView
import TextAndNumbers

// gnuplot's `with histograms` in its four layouts (`set style histogram clustered [gap N] |
// errorbars [gap N] [lw W] | rowstacked | columnstacked`), with `newhistogram` items, laid
// out as gnuplot 5.4 lays them out (src/plot2d.c, `eval_plots` and
// `histogram_range_fiddling`; src/graphics.c, `plot_boxes` and `plot_bars`; measured from
// its SVG output, since its `set table` writes x = the record number):
//
// - clustered: record i's box of item k (of the n items of its histogram) is centred at
//   x = start + i + (k - (n - 1) / 2) / (n + gap), as wide as 1 / (n + gap) times
//   `set boxwidth` (1 unless set, relative and absolute alike).
// - errorbars: clustered, with a bar from ylow to yhigh at each box's centre (`using Y:DY`
//   for y ± dy, `using Y:LOW:HIGH`).
// - rowstacked: record i's boxes stand on each other at x = start + i, the items' boxes in
//   order (positive values upwards from 0, negative ones downwards), `set boxwidth` wide.
// - columnstacked: item k is one tower at x = start + k of its records' boxes, each record
//   its own colour (its line type); `key(N)` names the records in the key and an item's
//   title labels its tower on x.
//
// `newhistogram ["TITLE"] [lt N] [fs ...] [at X]` starts a histogram: its items count from
// 0 again, it starts at X or two units after the previous one's last record, `lt N` gives
// its first item's colour.

/// gnuplot's histogram layouts (`help histograms`).
enum HistogramLayout: String, Sendable, Hashable, CaseIterable {
  /// Each record a cluster of boxes side by side, one an item (gnuplot's default).
  case clustered
  /// Clustered boxes with an error bar each (two or three `using` columns).
  case errorbars
  /// Each record a stack of boxes, one an item.
  case rowstacked
  /// Each item a stack of boxes, one a record.
  case columnstacked
}

/// A text offset in character widths and heights (gnuplot's `offset X,Y`, `character`
/// units).
struct CharacterOffset: Sendable, Hashable {
  /// Characters to the right.
  var x = 0.0
  /// Characters up.
  var y = 0.0

  /// gnuplot's `offset character X, Y` as `save` writes it.
  var listing: String {
    "offset character \(NumberFormat.general(x, significantDigits: 6)), "
      + NumberFormat.general(y, significantDigits: 6)
  }

  /// Reads `[character|char] X,Y` from `words` at `k` (after `offset`); `k` ends after it.
  ///
  /// - Throws: `CommandError` at the value: not two numbers, or a coordinate system other
  ///   than characters (named as not supported).
  static func read(_ words: [Word], at k: inout Int, after keyword: Word) throws(CommandError)
    -> CharacterOffset
  {
    let what = "two numbers of characters, as in: offset 2,0.25"
    if k < words.count, words[k].text.count >= 4, "character".hasPrefix(words[k].text) {
      k += 1
    } else if k < words.count, ["first", "second", "graph", "screen"].contains(words[k].text) {
      throw CommandError(
        .notSupported(what: "offsets in \(words[k].text) units", hint: "offsets are characters"),
        at: words[k].span)
    }
    guard k < words.count else {
      throw CommandError(.needs(word: keyword.text, what: what), at: keyword.span)
    }
    var text = words[k].text
    var span = words[k].span
    k += 1
    if text.hasSuffix(","), k < words.count {  // `offset 2, 0.25`
      text += words[k].text
      span = span.lowerBound..<words[k].span.upperBound
      k += 1
    } else if !text.contains(","), k + 1 < words.count, words[k].text == "," {
      text += "," + words[k + 1].text
      span = span.lowerBound..<words[k + 1].span.upperBound
      k += 2
    }
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]), x.isFinite,
      y.isFinite
    else {
      throw CommandError(.needs(word: keyword.text, what: what), at: span)
    }
    return CharacterOffset(x: x, y: y)
  }
}

/// `set style histogram ...`: how `with histograms` items are laid out.
struct HistogramStyle: Sendable, Hashable {
  /// The layout.
  var layout = HistogramLayout.clustered
  /// The gap between clusters, in boxes (gnuplot's default 2).
  var gap: Double = 2
  /// `errorbars lw W`: the error bars' line width (0, gnuplot's default, draws them as the
  /// boxes' border).
  var barWidth: Double = 0
  /// `title offset X,Y`: where `newhistogram` titles are moved, in characters.
  var titleOffset = CharacterOffset()
  /// Whether a `newhistogram` leaves a blank line in the key (`nokeyseparators`: not).
  var keySeparators = true

  /// The setting as gnuplot 5.4's `save` writes it (`save_histogram_opts`), after `set `,
  /// without the title's colour and font, which graphcalc does not set.
  var listing: String {
    var text = "style histogram "
    switch layout {
    case .clustered: text += "clustered gap \(NumberFormat.general(gap, significantDigits: 6)) "
    case .errorbars:
      text +=
        "errorbars gap \(NumberFormat.general(gap, significantDigits: 6)) lw "
        + NumberFormat.general(barWidth, significantDigits: 6) + " "  // gnuplot's has none
    case .rowstacked: text += "rowstacked "
    case .columnstacked: text += "columnstacked "
    }
    text += "title"
    if titleOffset != CharacterOffset() { text += " " + titleOffset.listing }
    if !keySeparators { text += " nokeyseparators" }
    return text
  }
}

/// `newhistogram ["TITLE"] [offset X,Y] [lt N] [fs ...] [at X]`: the start of a histogram
/// inside a plot line (gnuplot's `help newhistogram`).
struct NewHistogram: Sendable, Hashable {
  /// The `newhistogram` word, for errors.
  var word: Word
  /// The title written under the histogram, if given.
  var title: String?
  /// The title's own offset, in characters (added to `set style histogram title offset`).
  var titleOffset = CharacterOffset()
  /// `lt N`: the line type (colour) of the histogram's first item; the next items count on.
  var lineType: Int?
  /// `at X` as typed: the x of the histogram's first record.
  var at: Word?

  /// Reads the words of a `newhistogram` item (the keyword first).
  ///
  /// - Throws: `CommandError` at the word at fault: a second title, `lt` without a whole
  ///   number from 1, `at` without a value, a fill pattern, a font or colour of the title
  ///   (not supported), any other word.
  static func parse(_ words: [Word]) throws(CommandError) -> NewHistogram {
    let usage = "newhistogram [\"TITLE\"] [lt N] [fs solid|empty] [at X]"
    var item = NewHistogram(word: words[0])
    var k = 1
    while k < words.count {
      let word = words[k]
      k += 1
      if let q = word.text.first, q == "\"" || q == "'", word.text.count >= 2,
        word.text.last == q, item.title == nil
      {
        item.title = String(word.text.dropFirst().dropLast())
        continue
      }
      switch word.text {
      case "at":
        guard k < words.count else {
          throw CommandError(.needs(word: "at", what: "an x, as in: at 8"), at: word.span)
        }
        item.at = words[k]
        k += 1
      case "lt", "linetype", "linet":
        guard k < words.count, let n = Int(words[k].text), n >= 1 else {
          throw CommandError(
            .needs(word: word.text, what: "a line type from 1, as in: lt 4"),
            at: k < words.count ? words[k].span : word.span)
        }
        item.lineType = n
        k += 1
      case "offset", "off":
        item.titleOffset = try CharacterOffset.read(words, at: &k, after: word)
      case "fs", "fill", "fillstyle", "fillst":
        // gnuplot takes only a pattern from it (the fill stays `set style fill`'s).
        while k < words.count {
          let text = words[k].text
          if ["solid", "empty", "transparent", "noborder", "s", "e"].contains(text)
            || Double(text) != nil
          {
            k += 1
          } else if text == "border" {
            k += 1
            if k < words.count, Int(words[k].text) != nil { k += 1 }
          } else if text == "pattern" {
            throw CommandError(
              .notSupported(what: "a fill pattern", hint: "histograms take set style fill"),
              at: words[k].span)
          } else {
            break
          }
        }
      case "font", "tc", "textcolor":
        throw CommandError(
          .notSupported(
            what: "the \(word.text) of a histogram title", hint: "histogram titles take offset"),
          at: word.span)
      default:
        throw CommandError(.usage(usage), at: word.span)
      }
    }
    return item
  }
}

/// A `with histograms` item's place among the histogram items of one `plot`.
struct HistogramPlace: Sendable, Hashable {
  /// The item's position in its histogram, from 0.
  var k: Int
  /// How many items its histogram has (gnuplot's cluster size).
  var n: Int
  /// Which histogram of the plot it is in, from 0 (a `newhistogram` starts the next).
  var group = 0
  /// The `newhistogram` that starts its histogram, on the histogram's first item.
  var start: NewHistogram? = nil
}

/// Where the histograms of one `plot` stand while its items are read, item after item (as
/// gnuplot's `eval_plots` keeps it).
struct HistogramRun: Sendable {
  /// The x of the current histogram's first record.
  var start = 0.0
  /// The largest record x of the histograms so far (gnuplot's `histogram_rightmost`).
  var rightmost = 0.0
  /// The smallest x a histogram started at, nil before the first histogram item.
  var leftmost: Double?

  /// gnuplot's automatic x range of the histograms (`histogram_range_fiddling`): from a unit
  /// before the first histogram's start to a unit after the last record; nil without
  /// histograms.
  var xRange: ClosedRange<Double>? { leftmost.map { ($0 - 1)...(max($0, rightmost) + 1) } }
  /// The current histogram's `lt N`, if given.
  var lineType: Int?
  /// rowstacked: the top of each record's stack of positive values so far.
  var up: [Double] = []
  /// rowstacked: the bottom of each record's stack of negative values so far.
  var down: [Double] = []
  /// columnstacked: the towers so far, a curve each (the curve's index in the plot), with
  /// the item's x and title (its tower's tick label) and the curve's records.
  var towers: [(index: Int, x: Double, title: String?, curve: DataCurve)] = []
  /// The titles of the histograms (`newhistogram "TITLE"`): the text, its offset and the x
  /// span of the histogram's records.
  var titles: [HistogramTitle] = []
}

extension Session {
  /// Gives each `with histograms` data item of a plot its place: its k of the n items of
  /// its histogram, `newhistogram` items (`Plot.Item.data` with `newHistogram`) starting the
  /// next one.
  ///
  /// - Parameter items: The plot's items, in order.
  static func placeHistograms(_ items: inout [Plot.Item]) {
    var sizes: [Int] = []
    var group = -1
    for item in items {
      guard case .data(let spec) = item, spec.style.histogram else { continue }
      if group < 0 || spec.newHistogram != nil {
        group += 1
        sizes.append(0)
      }
      sizes[group] += 1
    }
    group = -1
    var k = 0
    for index in items.indices {
      guard case .data(var spec) = items[index], spec.style.histogram else { continue }
      if group < 0 || spec.newHistogram != nil {
        group += 1
        k = 0
      }
      spec.histogramPlace = HistogramPlace(
        k: k, n: sizes[group], group: group, start: k == 0 ? spec.newHistogram : nil)
      items[index] = .data(spec)
      k += 1
    }
  }

  /// The using spec of a histogram item: its one column (column 1 without `using`, as in
  /// gnuplot), or for `errorbars` its two or three (`Y:DY`, `Y:LOW:HIGH`), read as
  /// `0:Y:DY` / `0:Y:LOW:HIGH` (x the record number), with any tick label or `key(N)` part.
  ///
  /// - Throws: `CommandError` at `using` when it gives another number of columns (gnuplot's
  ///   histograms read y alone, errorbars y and its bar; x is the record number).
  static func histogramUsing(_ spec: DataItemSpec, layout: HistogramLayout) throws(CommandError)
    -> Word
  {
    guard let using = spec.using else {
      if layout == .errorbars {
        throw CommandError(
          .needs(
            word: "errorbars", what: "a using of 2 or 3 columns, as in: using 2:3 (y and its error)"
          ), at: spec.path.span)
      }
      return Word("1", at: spec.path.offset)
    }
    let columns = usingParts(using).filter { !TickLabelPart.isOne($0) }
    if layout == .errorbars {
      guard columns.count == 2 || columns.count == 3 else {
        throw CommandError(
          .notSupported(
            what: "errorbars histograms of \(columns.count) column\(columns.count == 1 ? "" : "s")",
            hint: "errorbars histograms take y and its error, using 2:3, or y, low and high, "
              + "using 2:3:4"),
          at: using.span)
      }
      // x is the record number: `0:` in front, in the two columns before `using`'s text
      // (the blank and the word's end), so that the columns keep their carets.
      return Word("0:" + using.text, at: using.offset - 2)
    }
    guard columns.count == 1 else {
      throw CommandError(
        .notSupported(
          what: "histograms of \(columns.count) columns",
          hint: "\(layout.rawValue) histograms take one column, the height: using 2 or using "
            + "2:xtic(1) (errorbars ones two or three)"),
        at: using.span)
    }
    return using
  }

  /// Lays out a histogram item's boxes, as gnuplot 5.4 lays them out (the file's header):
  /// the curve's x stays the record number (what gnuplot's table writes), its extents are
  /// each box's sides (and, stacked, its bottom and top; with error bars, the bars).
  ///
  /// - Parameters:
  ///   - curve: The item's series, x the record number from 0.
  ///   - place: The item's place.
  ///   - index: Where the item's curve goes among the plot's curves (for columnstacked).
  ///   - title: The item's title as given (a columnstacked tower's tick label).
  ///   - run: The plot's histograms so far.
  /// - Throws: `CommandError` at `at` when its x is not a finite number.
  func layOutHistogram(
    _ curve: inout DataCurve, place: HistogramPlace, index: Int, title: String?,
    run: inout HistogramRun
  ) throws(CommandError) {
    let style = data.histogram
    if place.k == 0 {
      if place.group > 0, run.rightmost > 0 { run.start = run.rightmost + 2 }
      if let at = place.start?.at {
        let x = try number(at)
        guard x.isFinite, abs(x) < 1e15 else {
          throw CommandError(.needs(word: "at", what: "a finite x"), at: at.span)
        }
        run.start = x
      }
      run.lineType = place.start?.lineType
      run.leftmost = min(run.leftmost ?? run.start, run.start)
      run.up = []
      run.down = []
    }
    if let lt = run.lineType, curve.look.colorIndex == nil, curve.look.color == nil {
      curve.look.colorIndex = lt + place.k
    }
    curve.look.histogram = true
    let xs = Array(curve.x)
    let ys = Array(curve.y)
    let factor: Double
    switch data.boxWidth {
    case .absolute(let w)?: factor = w
    case .relative(let f)?: factor = f
    case nil: factor = 1
    }
    let start = run.start
    let last = xs.last(where: \.isFinite) ?? 0
    defer {
      if let new = place.start, let text = new.title {
        let end = style.layout == .columnstacked ? start + Double(place.n - 1) : start + last
        run.titles.append(
          HistogramTitle(
            text: text, x: (start + end) / 2, offsetX: style.titleOffset.x + new.titleOffset.x,
            offsetY: style.titleOffset.y + new.titleOffset.y))
      }
    }
    if start != 0 {
      curve.xTickLabels = curve.xTickLabels.map {
        TickRule.ListedTick(value: $0.value + start, label: $0.label)
      }
    }
    switch style.layout {
    case .clustered, .errorbars:
      let slot = 1 / (Double(place.n) + style.gap)
      let shift = start + (Double(place.k) - Double(place.n - 1) / 2) * slot
      let half = slot * factor / 2
      var extents = curve.extents ?? RecordExtents()
      extents.xLow = xs.map { $0 + shift - half }
      extents.xHigh = xs.map { $0 + shift + half }
      if style.layout == .errorbars {
        curve.marks = .boxErrorBars
      } else {
        extents.yLow = nil
        extents.yHigh = nil
      }
      curve.extents = extents
      run.rightmost = max(run.rightmost, last + start)
    case .rowstacked:
      // The stacks are the records (x, the record number: a record left out of one item,
      // a missing cell, leaves its place in the others' stacks).
      let records = Int(min(max(last, 0), 1e7)) + 1
      if run.up.count < records {
        run.up += [Double](repeating: 0, count: records - run.up.count)
        run.down += [Double](repeating: 0, count: records - run.down.count)
      }
      var low = [Double](repeating: .nan, count: xs.count)
      var high = low
      for i in xs.indices where ys[i].isFinite && xs[i].isFinite {
        guard xs[i] >= 0, xs[i] < Double(records) else { continue }
        let r = Int(xs[i])
        if ys[i] >= 0 {
          low[i] = run.up[r]
          run.up[r] += ys[i]
          high[i] = run.up[r]
        } else {
          high[i] = run.down[r]
          run.down[r] += ys[i]
          low[i] = run.down[r]
        }
      }
      curve.marks = .boxXYError
      curve.extents = RecordExtents(
        xLow: xs.map { $0 + start - factor / 2 }, xHigh: xs.map { $0 + start + factor / 2 },
        yLow: low, yHigh: high)
      run.rightmost = max(run.rightmost, last + start)
    case .columnstacked:
      let x = start + Double(place.k)
      var up = 0.0
      var down = 0.0
      var low = [Double](repeating: .nan, count: xs.count)
      var high = low
      for i in xs.indices where ys[i].isFinite {
        if ys[i] >= 0 {
          low[i] = up
          up += ys[i]
          high[i] = up
        } else {
          high[i] = down
          down += ys[i]
          low[i] = down
        }
      }
      curve.marks = .boxXYError
      curve.extents = RecordExtents(
        xLow: xs.map { _ in x - factor / 2 }, xHigh: xs.map { _ in x + factor / 2 }, yLow: low,
        yHigh: high)
      curve.xTickLabels = []
      run.towers.append((index, x, title, curve))
      run.rightmost = x
    }
  }

  /// The curves of columnstacked towers, one a record (gnuplot colours a tower's boxes by
  /// their record, `lt` = the record number + 1, and names the records in the key from
  /// `key(N)`): record r's curve holds its box in each tower, its title the `key(N)` text
  /// of the record (none without `key`), and the towers' titles label them on x.
  ///
  /// - Parameter towers: The towers (`HistogramRun.towers`).
  /// - Returns: The records' curves, in record order.
  static func columnstackedCurves(
    _ towers: [(index: Int, x: Double, title: String?, curve: DataCurve)]
  ) -> [DataCurve] {
    // Each tower's boxes by record (x, the record number: a missing cell leaves its record
    // out of that tower only, the others keep their colours).
    var places: [[Int: Int]] = []
    var records = 0
    var keys: [Int: String] = [:]
    for tower in towers {
      var place: [Int: Int] = [:]
      let c = tower.curve
      for i in 0..<c.count {
        let x = c.x[i]
        guard x.isFinite, x >= 0, x < 1e7 else { continue }
        place[Int(x)] = i
        records = max(records, Int(x) + 1)
        if i < c.keyTitles.count, keys[Int(x)] == nil { keys[Int(x)] = c.keyTitles[i] }
      }
      places.append(place)
    }
    let ticks = towers.compactMap { tower in
      tower.title.flatMap { $0.isEmpty ? nil : TickRule.ListedTick(value: tower.x, label: $0) }
    }
    var curves: [DataCurve] = []
    for r in 0..<records {
      var x: [Double] = []
      var y: [Double] = []
      var extents = RecordExtents(xLow: [], xHigh: [], yLow: [], yHigh: [])
      for (tower, place) in zip(towers, places) {
        let c = tower.curve
        guard let i = place[r], let e = c.extents else { continue }
        x.append(tower.x)
        y.append(c.y[i])
        extents.xLow?.append(e.xLow?[i] ?? .nan)
        extents.xHigh?.append(e.xHigh?[i] ?? .nan)
        extents.yLow?.append(e.yLow?[i] ?? .nan)
        extents.yHigh?.append(e.yHigh?[i] ?? .nan)
      }
      var curve = DataCurve(x: x, y: y, title: keys[r] ?? "", marks: .boxXYError)
      curve.look = towers[0].curve.look
      curve.look.colorIndex = r + 1
      curve.look.color = nil
      curve.extents = extents
      if r == 0 { curve.xTickLabels = ticks }
      curves.append(curve)
    }
    return curves
  }
}

/// `set style histogram [clustered|errorbars|rowstacked|columnstacked] [gap N] [lw W]
/// [title offset X,Y] [nokeyseparators]`, read as gnuplot 5.4 reads it
/// (`parse_histogramstyle`): the layout is clustered unless named, the gap and title kept
/// unless given.
struct SetHistogramStyle: SessionCommand {
  /// The layout.
  var layout = HistogramLayout.clustered
  /// The gap as typed, or nil to keep it.
  var gap: Word?
  /// `lw W` as typed (errorbars), or nil to keep it.
  var barWidth: Word?
  /// `title offset X,Y`, or nil to keep the title's offset.
  var titleOffset: CharacterOffset?
  /// Whether `nokeyseparators` was given.
  var noKeySeparators = false

  func run(in session: inout Session) throws(CommandError) -> Reply {
    var style = session.data.histogram
    style.layout = layout
    style.keySeparators = !noKeySeparators
    if let gap {
      let g = try session.number(gap)
      guard g.isFinite, g >= 0, g <= 1e6, g == g.rounded() else {
        throw CommandError(.needs(word: "gap", what: "a gap of 0 or more boxes"), at: gap.span)
      }
      style.gap = g
    }
    if let barWidth {
      let w = try session.number(barWidth)
      guard w.isFinite, w < 1e6 else {
        throw CommandError(.needs(word: "lw", what: "a line width"), at: barWidth.span)
      }
      style.barWidth = w > 0 ? w : 1  // gnuplot's: a width <= 0 is 1
    }
    if let titleOffset { style.titleOffset = titleOffset }
    session.data.histogram = style
    return Reply()
  }

  /// The forms, for errors.
  static let usage =
    "set style histogram clustered|errorbars|rowstacked|columnstacked [gap N] [lw W] "
    + "[title offset X,Y] [nokeyseparators]"

  /// Reads the words after `set style histogram`.
  ///
  /// - Parameter words: The words after `histogram`.
  /// - Throws: `CommandError` at the word: `gap` or `lw` without a value, `lw` before
  ///   `errorbars`, a title font or colour (not supported), any other word.
  static func parse(_ words: ArraySlice<Word>) throws(CommandError) -> SetHistogramStyle {
    var command = SetHistogramStyle()
    let words = Array(words)
    var k = 0
    while k < words.count {
      let word = words[k]
      let text = word.text
      k += 1
      if text.count >= 5, "clustered".hasPrefix(text) {
        command.layout = .clustered
      } else if text.count >= 5, "errorbars".hasPrefix(text) {
        command.layout = .errorbars
      } else if text.count >= 4, "rowstacked".hasPrefix(text) {
        command.layout = .rowstacked
      } else if text.count >= 7, "columnstacked".hasPrefix(text) {
        command.layout = .columnstacked
      } else if text == "gap" {
        guard k < words.count else { throw CommandError(.usage(usage), at: word.span) }
        command.gap = words[k]
        k += 1
      } else if text == "lw" || (text.count >= 5 && "linewidth".hasPrefix(text)) {
        guard command.layout == .errorbars else {
          throw CommandError(
            .needs(word: text, what: "errorbars before it: set style histogram errorbars lw 2"),
            at: word.span)
        }
        guard k < words.count else { throw CommandError(.usage(usage), at: word.span) }
        command.barWidth = words[k]
        k += 1
      } else if text.count >= 2, "title".hasPrefix(text) {
        var offset: CharacterOffset? = nil  // gnuplot keeps the offset when none is given
        while k < words.count {
          let option = words[k]
          if option.text == "offset" || option.text == "off" {
            k += 1
            offset = try CharacterOffset.read(words, at: &k, after: option)
          } else if ["font", "tc", "textcolor", "boxed"].contains(option.text) {
            throw CommandError(
              .notSupported(
                what: "the \(option.text) of histogram titles", hint: "their offset is: " + usage),
              at: option.span)
          } else {
            break
          }
        }
        command.titleOffset = offset
      } else if text.count >= 5, "nokeyseparators".hasPrefix(text) {
        command.noKeySeparators = true
      } else {
        throw CommandError(.usage(usage), at: word.span)
      }
    }
    return command
  }
}
