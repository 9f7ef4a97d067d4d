import Glibc
import GraphView

/// The geometry of a bar chart, shared by the terminal and the SVG renderer: the value
/// axis (a range that always includes 0, snapped to nice ticks), the bar slots along the
/// bottom (bar widths, group widths, gaps) and which groups are visible for a width and a
/// scroll offset.
///
/// Units: the value axis is in plot units (the data's); slot sizes are in whatever unit the
/// caller's width is (character cells for the terminal, pixels for SVG).
public enum BarLayout {
  /// Values are limited to ±`valueLimit` for layout, so the range's span stays finite (a
  /// bar of 1e308 is drawn as tall as one of 1e306; its label still says 1e308).
  static let valueLimit = 1e306

  /// The value axis: the range the bars are drawn against and its ticks.
  public struct ValueAxis: Sendable, Hashable {
    /// The bottom of the range (plot units): a multiple of `step`, at most 0.
    public var lower: Double
    /// The top of the range (plot units): a multiple of `step`, at least 0.
    public var upper: Double
    /// The distance between ticks (plot units): 1, 2 or 5 × 10^n.
    public var step: Double
    /// The ticks from `lower` to `upper`, `step` apart, labelled (zero is one of them).
    public var ticks: [Tick]

    /// The number of steps between `lower` and `upper` (at least 1).
    var stepCount: Int { max(ticks.count - 1, 1) }

    /// The middle of the range (plot units), where the dashed grid line goes.
    public var middle: Double { lower / 2 + upper / 2 }

    /// Creates an axis (no checks: use `BarLayout.valueAxis` to compute one).
    public init(lower: Double, upper: Double, step: Double, ticks: [Tick]) {
      self.lower = lower
      self.upper = upper
      self.step = step
      self.ticks = ticks
    }
  }

  /// The smallest and largest finite value of `data`, each limited to ±`valueLimit`, or
  /// nil when no value is finite.
  public static func extent(_ data: BarChartData) -> (min: Double, max: Double)? {
    var lo = Double.infinity
    var hi = -Double.infinity
    for s in data.series {
      for v in s.values where v.isFinite {
        let c = clampValue(v)
        lo = min(lo, c)
        hi = max(hi, c)
      }
    }
    return lo <= hi ? (lo, hi) : nil
  }

  /// `v` limited to ±`valueLimit`, with magnitudes below 1e-300 (too small to subdivide in
  /// doubles) taken as 0; NaN stays NaN.
  public static func clampValue(_ v: Double) -> Double {
    if v.isNaN { return v }
    if abs(v) < 1e-300 { return 0 }
    return min(max(v, -valueLimit), valueLimit)
  }

  /// The value axis for values from `minimum` to `maximum`: the range widened to include 0,
  /// then out to multiples of Heckbert's nice step for about `approximateTicks` ticks
  /// (`Ticks.niceStep`), with labels from `Ticks.ticks`.
  ///
  /// A range of only zeros becomes [0, 1]. Non-finite bounds are treated as 0 and bounds
  /// are limited to ±`valueLimit`.
  ///
  /// - Parameters:
  ///   - minimum: The smallest value (plot units).
  ///   - maximum: The largest value (plot units).
  ///   - approximateTicks: About how many ticks (at least 2).
  /// - Returns: The axis; `lower <= 0 <= upper`, `lower < upper`.
  public static func valueAxis(minimum: Double, maximum: Double, approximateTicks: Int) -> ValueAxis
  {
    var lo = minimum.isFinite ? min(clampValue(minimum), 0) : 0
    var hi = maximum.isFinite ? max(clampValue(maximum), 0) : 0
    if lo > hi { (lo, hi) = (hi, lo) }
    if lo == 0 && hi == 0 { hi = 1 }
    let n = min(max(approximateTicks, 2), 100)
    var step = Ticks.niceStep(for: hi - lo, approximateCount: n)
    if !(step.isFinite && step > 0) { step = hi - lo }
    // Snap outward to multiples of the step (a bound that is a multiple within rounding
    // counts as one).
    var a = (lo / step + 1e-9).rounded(.down)
    var b = (hi / step - 1e-9).rounded(.up)
    if a > 0 { a = 0 }
    if b < 0 { b = 0 }
    if a == b { b = a + 1 }
    guard a.isFinite, b.isFinite, b - a <= 1000 else {
      return ValueAxis(
        lower: lo, upper: hi, step: hi - lo,
        ticks: [lo, hi].map {
          Tick(value: $0, label: NumberLabel.general($0, significantDigits: 15))
        })
    }
    let lower = a == 0 ? 0 : a * step
    let upper = b == 0 ? 0 : b * step
    let count = Int(b - a) + 1
    var ticks = Ticks.ticks(for: lower...upper, approximateCount: count)
    let agrees =
      ticks.count == count
      && zip(ticks, 0..<count).allSatisfy { t, i in
        abs(t.value - (lower + Double(i) * step)) <= step * 1e-6
      }
    if !agrees {
      ticks = (0..<count).map { i in
        let v = (a + Double(i)) * step
        return Tick(value: v == 0 ? 0 : v, label: NumberLabel.general(v, significantDigits: 15))
      }
    }
    return ValueAxis(lower: lower, upper: upper, step: step, ticks: ticks)
  }

  /// The value axis of `data` (its finite values and 0) for about `approximateTicks`
  /// ticks; see `valueAxis(minimum:maximum:approximateTicks:)`.
  public static func valueAxis(_ data: BarChartData, approximateTicks: Int) -> ValueAxis {
    let e = extent(data) ?? (0, 0)
    return valueAxis(minimum: e.min, maximum: e.max, approximateTicks: approximateTicks)
  }

  /// Where the groups of bars go along the bottom: a row of equal slots, each holding one
  /// group of `seriesCount` bars side by side, centred, with the rest of the slot as the
  /// gap; and which groups are visible.
  public struct Slots: Sendable, Hashable {
    /// The number of groups in the chart.
    public var groupCount: Int
    /// Bars per group (the number of series, at least 1).
    public var seriesCount: Int
    /// The width of one bar (cells or pixels).
    public var barWidth: Double
    /// The width of one slot: a group and its gap (cells or pixels).
    public var slotWidth: Double
    /// The first visible group (0-based).
    public var firstGroup: Int
    /// How many groups are visible from `firstGroup` on.
    public var visibleCount: Int

    /// Creates slots (no checks; use `terminalSlots` or `svgSlots`).
    public init(
      groupCount: Int, seriesCount: Int, barWidth: Double, slotWidth: Double, firstGroup: Int,
      visibleCount: Int
    ) {
      self.groupCount = groupCount
      self.seriesCount = seriesCount
      self.barWidth = barWidth
      self.slotWidth = slotWidth
      self.firstGroup = firstGroup
      self.visibleCount = visibleCount
    }

    /// The width of one group's bars side by side.
    var groupWidth: Double { barWidth * Double(seriesCount) }
    /// The blank width between two groups.
    public var gap: Double { slotWidth - groupWidth }
    /// The visible groups.
    public var visible: Range<Int> { firstGroup..<(firstGroup + visibleCount) }
    /// Groups hidden left of the visible ones.
    public var hiddenBefore: Int { firstGroup }
    /// Groups hidden right of the visible ones.
    public var hiddenAfter: Int { max(groupCount - firstGroup - visibleCount, 0) }
    /// Whether some groups are hidden (the chart scrolls).
    public var scrolls: Bool { hiddenBefore > 0 || hiddenAfter > 0 }

    /// The left edge of group `group`'s slot, from the plot's left edge (visible groups).
    public func slotLeft(_ group: Int) -> Double { Double(group - firstGroup) * slotWidth }

    /// The left edge of the bar of series `series` in group `group`, from the plot's left
    /// edge: the group is centred in its slot (rounded down to whole units when
    /// `wholeUnits`).
    public func barLeft(group: Int, series: Int, wholeUnits: Bool = false) -> Double {
      var inset = gap / 2
      if wholeUnits { inset = inset.rounded(.down) }
      return slotLeft(group) + inset + Double(series) * barWidth
    }
  }

  /// The widest bars a terminal draws for `seriesCount` bars a group (cells).
  static func maxTerminalBarWidth(_ seriesCount: Int) -> Int {
    switch seriesCount {
    case ...1: return 7
    case 2: return 4
    case 3: return 3
    default: return 2
    }
  }

  /// The widest bars a terminal draws for `seriesCount` bars a group once every group fits
  /// and there is room to spare (cells): 10 for one series, 6, 5 or 3 for groups of 2, 3
  /// or more. Wider bars read as slabs rather than bars.
  static func maxSpareTerminalBarWidth(_ seriesCount: Int) -> Int {
    switch seriesCount {
    case ...1: return 10
    case 2: return 6
    case 3: return 5
    default: return 3
    }
  }

  /// The bar width for a slot of `slot` cells when there is room to spare: the group takes
  /// about 3/5 of its slot (one series) or 3/4 (groups), up to `maxSpareTerminalBarWidth`.
  static func spareTerminalBarWidth(slot: Int, seriesCount: Int) -> Int {
    let s = max(seriesCount, 1)
    let share = s == 1 ? slot * 3 / 5 : slot * 3 / 4 / s
    return min(max(share, 1), maxSpareTerminalBarWidth(s))
  }

  /// The gap between terminal groups for bars `barWidth` cells wide (cells).
  static func terminalGap(barWidth: Int, seriesCount: Int) -> Int {
    seriesCount <= 1 ? max(1, (barWidth + 1) / 2) : max(2, barWidth)
  }

  /// The slots of a terminal bar chart `width` cells wide: whole cells, the widest bars and
  /// labels that let every group fit; when none do, the chart scrolls.
  ///
  /// Tried in order, the first that fits wins: label room (the widest label, capped at 12
  /// cells, then 8, 5, 3), and for each the bar width from the widest (7 cells for one
  /// series, 4, 3 or 2 for groups of 2, 3 or more) down to 1. A slot is a group, its gap
  /// (half a bar, at least 1, for one series; a bar, at least 2, for groups) and at least
  /// one blank cell beside its label. When every group fits, the slots share the whole
  /// width (`width / groupCount` cells each) and the bars widen with them, the group taking
  /// about 3/5 of its slot (one series) or 3/4 (groups), up to 10 cells a bar for one
  /// series and 6, 5 or 3 for groups of 2, 3 or more. When nothing fits, bars are 2 cells
  /// (1 for groups of 3 or more), labels get 8 cells, and the visible groups start at
  /// `firstGroup`, clamped so the last page is full.
  ///
  /// - Parameters:
  ///   - groupCount: Groups in the chart.
  ///   - seriesCount: Bars per group.
  ///   - width: The plot's width in cells.
  ///   - labelWidth: The widest group label in cells.
  ///   - firstGroup: The requested first visible group (the scroll offset).
  /// - Returns: The slots, or nil when not even one group fits in `width`.
  public static func terminalSlots(
    groupCount: Int, seriesCount: Int, width: Int, labelWidth: Int, firstGroup: Int
  ) -> Slots? {
    let n = max(groupCount, 0)
    let s = max(seriesCount, 1)
    guard width >= 2 else { return nil }
    let maxBW = maxTerminalBarWidth(s)
    let lw = max(labelWidth, 1)
    var caps: [Int] = []
    for c in [min(lw, 12), min(lw, 8), min(lw, 5), min(lw, 3)] where !caps.contains(c) {
      caps.append(c)
    }
    if n > 0 {
      for cap in caps {
        for bw in stride(from: maxBW, through: 1, by: -1) {
          let slot = max(s * bw + terminalGap(barWidth: bw, seriesCount: s), cap + 1)
          guard slot * n <= width else { continue }
          let shared = width / n
          let bar = max(bw, spareTerminalBarWidth(slot: shared, seriesCount: s))
          return Slots(
            groupCount: n, seriesCount: s, barWidth: Double(bar), slotWidth: Double(shared),
            firstGroup: 0, visibleCount: n)
        }
      }
    }
    // Scrolling.
    var bw = s >= 3 ? 1 : 2
    var slot = max(s * bw + terminalGap(barWidth: bw, seriesCount: s), min(lw, 8) + 1)
    if slot > width {
      bw = 1
      slot = s * bw + 1
      guard slot <= width else { return nil }
    }
    let visible = max(1, min(width / slot, n))
    let first = min(max(firstGroup, 0), max(n - visible, 0))
    return Slots(
      groupCount: n, seriesCount: s, barWidth: Double(bw), slotWidth: Double(slot),
      firstGroup: first, visibleCount: visible)
  }

  /// The slots of an SVG bar chart `width` pixels wide: every group visible, slots of
  /// `width / groupCount` pixels, the group taking 70% of its slot (one series) or 80%
  /// (several), and one bar at most 48 pixels wide (the seed chart's 40 pixels with its
  /// 20-pixel gaps, a little wider).
  ///
  /// - Parameters:
  ///   - groupCount: Groups in the chart.
  ///   - seriesCount: Bars per group.
  ///   - width: The plot's width in pixels.
  public static func svgSlots(groupCount: Int, seriesCount: Int, width: Double) -> Slots {
    let n = max(groupCount, 1)
    let s = max(seriesCount, 1)
    let slot = max(width, 1) / Double(n)
    let share = s == 1 ? 0.7 : 0.8
    let bar = min(slot * share / Double(s), 48)
    return Slots(
      groupCount: max(groupCount, 0), seriesCount: s, barWidth: bar, slotWidth: slot,
      firstGroup: 0, visibleCount: max(groupCount, 0))
  }

  /// The label of a bar's value as a person writes it: up to 15 significant digits (C's
  /// `%.15g`, like the calculator's results: `12345`, `2.5`, `0.3`, `1e300`), shortened to
  /// fewer significant digits (6, 4, 3, 2) when longer than `maxWidth` characters, but
  /// never so far that an integer part of up to 15 digits turns into an exponent. NaN is
  /// `missing` (default `–`); infinities are `inf` and `-inf`.
  ///
  /// - Parameters:
  ///   - value: The bar's value.
  ///   - maxWidth: The room in characters; the shortest candidate is answered when none
  ///     fits.
  ///   - missing: The text of a missing (NaN) value.
  public static func valueLabel(_ value: Double, maxWidth: Int = .max, missing: String = "–")
    -> String
  {
    if value.isNaN { return missing }
    let full = NumberLabel.general(value, significantDigits: 15)
    if full.count <= maxWidth || !value.isFinite { return full }
    let magnitude = abs(value)
    let intDigits = magnitude >= 1 ? Int(log10(magnitude).rounded(.down)) + 1 : 1
    var best = full
    for sig in [6, 4, 3, 2] {
      if magnitude < 1e15 && sig < intDigits { break }
      let t = NumberLabel.general(value, significantDigits: sig)
      if t.count < best.count { best = t }
      if t.count <= maxWidth { return t }
    }
    return best
  }
}
