import GraphView

// gnuplot's second axes (tracker issue 16): `axes x1y2|x2y1|x2y2` on a plot item, `set
// y2range`, `set x2range`, `set y2tics`, `set x2tics`, `set y2label`, `set x2label`, `set
// logscale y2|x2`. Each axis is autoscaled on its own items; the items of a second axis are
// presented to the one pipeline in the first axes' values (`AxisLink`, `FunctionCurves.links`),
// so sampling, clipping and every output are the first axes'; the layout draws the second
// axes' ticks (`PlotLayout.Options.secondX`, `secondY`) and the table writes each item in its
// own axes' values.

/// The settings of the second axes (gnuplot's x2 along the top, y2 along the right).
public struct SecondAxesSettings: Sendable, Hashable {
  /// The x2 range (`set x2range [A:B]`), values; nil: autoscaled on the items on x2 (the
  /// x range where none is).
  public var x2Range: ClosedRange<Double>?
  /// The y2 range (`set y2range [A:B]`), values; nil: autoscaled on the items on y2 (the
  /// y range where none is).
  public var y2Range: ClosedRange<Double>?
  /// The x2 axis's scale (`set logscale x2`).
  public var x2Scale = AxisScale.linear
  /// The y2 axis's scale (`set logscale y2`).
  public var y2Scale = AxisScale.linear
  /// The x2 axis's ticks (`set x2tics`), nil: none (gnuplot's default).
  public var x2Tics: TickRule?
  /// The y2 axis's ticks (`set y2tics`), nil: none (gnuplot's default).
  public var y2Tics: TickRule?
  /// The x2 axis's label (`set x2label`), empty for none.
  public var x2Label = ""
  /// The y2 axis's label (`set y2label`), empty for none.
  public var y2Label = ""

  /// The defaults: autoscaled, linear, no ticks, no labels.
  public init() {}
}

extension FunctionCurves {
  /// The links that apply to curve `curve` (its `axes`): the x2 link when it is read on x2,
  /// the y2 link when on y2.
  func linked(_ curve: Int) -> (AxisLink?, AxisLink?) {
    let a = look(ofCurve: curve).axes
    return (a.x2 ? links.x : nil, a.y2 ? links.y : nil)
  }

  /// Which axes the curves use.
  var usedAxes: (x1: Bool, x2: Bool, y1: Bool, y2: Bool) {
    var used = (x1: false, x2: false, y1: false, y2: false)
    for c in 0..<curveCount {
      let a = look(ofCurve: c).axes
      if a.x2 { used.x2 = true } else { used.x1 = true }
      if a.y2 { used.y2 = true } else { used.y1 = true }
    }
    return used
  }

  /// A copy with only the curves for which `keep` holds (by their axes).
  func keeping(_ keep: (CurveAxes) -> Bool) -> FunctionCurves {
    var copy = self
    copy.items = items.indices.filter { keep(look(ofCurve: $0).axes) }.map { items[$0] }
    return copy
  }

  /// The curves that fit the x axis: those on x1, when others are on x2 (nil when every
  /// curve is on one x axis: then all of them fit it).
  var firstXCurves: FunctionCurves? {
    let used = usedAxes
    guard used.x1, used.x2 else { return nil }
    return keeping { !$0.x2 }
  }

  /// The curves that fit the y axis when some are on y1 and some on y2: those on y1 (with
  /// the x2 link kept); nil otherwise (every curve fits it: when all are on y2, the unused
  /// y axis shows what y2 shows, as in gnuplot).
  var firstYCurves: FunctionCurves? {
    let used = usedAxes
    guard used.y1, used.y2 else { return nil }
    var copy = keeping { !$0.y2 }
    copy.links.y = nil
    return copy
  }
}

extension Session {
  /// The x2 link of `curves` (their x range the shown x range, values), or nil when no
  /// curve is on x2 and there are no x2 ticks: x2 is `set x2range`'s, else fitted to the
  /// data on x2 (`dataXRange(of:)`), else the x range.
  func secondXLink(_ curves: FunctionCurves) -> AxisLink? {
    let second = labels.second
    let used = curves.usedAxes
    guard used.x2 || second.x2Tics != nil else { return nil }
    var range = second.x2Range
    if range == nil, used.x2, used.x1 {
      range = Session.dataXRange(of: curves.keeping(\.x2))
    }
    return AxisLink(
      first: curves.xRange, firstScale: labels.scales.x, second: range ?? curves.xRange,
      secondScale: second.x2Scale)
  }

  /// The y2 link of `curves` (their ranges the shown x and y ranges, values; the x2 link
  /// set), or nil when no curve is on y2 and there are no y2 ticks: y2 is `set y2range`'s,
  /// else autoscaled on the curves on y2 over the x range (`autoYRange(of:xRange:)`, on
  /// y2's scale), else the y range.
  func secondYLink(_ curves: FunctionCurves) -> AxisLink? {
    let second = labels.second
    let used = curves.usedAxes
    guard used.y2 || second.y2Tics != nil else { return nil }
    var range = second.y2Range
    if range == nil, used.y2, used.y1 {
      var onY2 = curves.keeping(\.y2)
      onY2.links.y = nil
      onY2.labels.scales.y = second.y2Scale
      range = Session.autoYRange(of: onY2, xRange: curves.xRange)
    }
    return AxisLink(
      first: curves.yRange, firstScale: labels.scales.y, second: range ?? curves.yRange,
      secondScale: second.y2Scale)
  }
}

extension PlotOutput {
  /// The second axes' drawings of `curves` (`FunctionCurves.links`, `labels.second`): the
  /// ticks of each second axis that has `set x2tics` / `set y2tics`, under its rule and in
  /// its values, placed in the first axis's coordinates; an axis with only a label gets its
  /// label.
  static func secondAxes(
    _ curves: FunctionCurves, xTickCount: Int, yTickCount: Int
  ) -> (x: SecondAxisDrawing?, y: SecondAxisDrawing?) {
    let second = curves.labels.second
    func drawing(_ link: AxisLink?, _ rule: TickRule?, label: String, count: Int)
      -> SecondAxisDrawing?
    {
      guard let link, let rule else {
        return label.isEmpty ? nil : SecondAxisDrawing(ticks: [], label: label)
      }
      var ticks = ScaledPlot.ticks(
        for: link.secondRange, scale: link.secondScale, isTime: false, approximateCount: count)
      if !rule.isAutomatic || curves.labels.decimalSign != nil {
        ticks = rule.ticks(
          automatic: ticks, range: link.second, scale: link.secondScale, isTime: false,
          decimalSign: curves.labels.decimalSign)
      }
      let placed = ticks.map {
        Tick(value: link.firstCoordinate($0.value), label: $0.label, isMinor: $0.isMinor)
      }
      return SecondAxisDrawing(ticks: placed, label: label, mirror: rule.mirror)
    }
    return (
      drawing(curves.links.x, second.x2Tics, label: second.x2Label, count: xTickCount),
      drawing(curves.links.y, second.y2Tics, label: second.y2Label, count: yTickCount)
    )
  }
}
