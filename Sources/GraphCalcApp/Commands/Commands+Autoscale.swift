import GraphView
import TextAndNumbers

// gnuplot's autoscaling details (tracker issue 16): `set autoscale x|y|xy|xmin|xmax|ymin|
// ymax|fix|xfix|yfix|xfixmin|xfixmax|yfixmin|yfixmax|keepfix|noextend`, `set xrange [A:B]
// noextend|extend`, a range with one end `*` (`set yrange [0:*]`: that end autoscaled, the
// other fixed), and `set offsets L, R, T, B`. Each works on the automatic range of an axis
// after the data are measured: offsets first, then the extension to whole ticks unless the
// end is fixed (noextend), then a fixed end (`AxisAutoscale.range`), as gnuplot 5.4 does
// (`help set autoscale`, `help set offsets`).

/// How an axis's automatic range is finished (gnuplot's autoscale flags of one axis).
public struct AxisAutoscale: Sendable, Hashable {
  /// Whether the lower end stays at the data (gnuplot's `fixmin`: no extension to a tick).
  public var fixMin = false
  /// Whether the upper end stays at the data (`fixmax`).
  public var fixMax = false
  /// A fixed lower end while the upper is automatic (`set yrange [0:*]`, `set autoscale
  /// ymax`), values; nil: automatic.
  public var min: Double?
  /// A fixed upper end while the lower is automatic; nil: automatic.
  public var max: Double?

  /// Automatic at both ends, extended to ticks.
  public init() {}

  /// Whether nothing differs from the default.
  public var isDefault: Bool { self == AxisAutoscale() }

  /// The range of an axis whose data span `lo...hi` (values; after the offsets `below` and
  /// `above` in axis units): extended to whole ticks (`Autoscale.range(of:)`) at each end
  /// that is not fixed, the fixed ends (`min`, `max`) put in place; a range that would be
  /// empty after that is the extended one.
  ///
  /// - Parameters:
  ///   - lo: The lowest value to show.
  ///   - hi: The highest value to show.
  ///   - below: `set offsets`'s amount below `lo` (left or bottom), axis units.
  ///   - above: Its amount above `hi`.
  /// - Returns: The range.
  func range(_ lo: Double, _ hi: Double, below: Double = 0, above: Double = 0)
    -> ClosedRange<Double>
  {
    let a = lo - (below.isFinite ? below : 0)
    let b = hi + (above.isFinite ? above : 0)
    let extended = Autoscale.range(of: [a, b])
    var low = fixMin && a < b ? a : extended.lowerBound
    var high = fixMax && a < b ? b : extended.upperBound
    if let min { low = min }
    if let max { high = max }
    guard low < high, low.isFinite, high.isFinite else { return extended }
    return low...high
  }
}

/// gnuplot's `set offsets L, R, T, B`: empty space added to the autoscaled ranges beyond the
/// data, in axis units (gnuplot's default: first-axis units; `graph` units are not
/// supported).
public struct PlotOffsets: Sendable, Hashable {
  /// Left of the data (x units).
  public var left = 0.0
  /// Right of the data.
  public var right = 0.0
  /// Above the data (y units).
  public var top = 0.0
  /// Below the data.
  public var bottom = 0.0

  /// No offsets.
  public init() {}
}

extension SettingTable {
  /// The autoscaling settings of gnuplot's syntax.
  static let autoscaleSettings: [SettingEntry] = [.offsets]
}

extension SettingEntry {
  /// `set autoscale [AXES|fix|keepfix|noextend ...]`: see the file's comment.
  static let autoscale = SettingEntry(
    name: "autoscale", aliases: ["auto"],
    usage: [
      "set autoscale [x|y|xy|xmin|xmax|ymin|ymax|x2|y2]",
      "set autoscale fix|noextend|keepfix|xfix|yfix|xfixmin|xfixmax|yfixmin|yfixmax",
    ],
    keywords: [
      "x", "y", "xy", "xmin", "xmax", "ymin", "ymax", "fix", "keepfix", "noextend", "xfix",
      "yfix", "xfixmin", "xfixmax", "yfixmin", "yfixmax", "x2", "y2",
    ],
    parse: { arguments throws(CommandError) in
      let words = arguments.values.words
      guard !words.isEmpty else { return SetAutoscale(forms: []) }
      var forms: [SetAutoscale.Form] = []
      for word in words {
        guard !word.isString, let form = SetAutoscale.Form(word.text) else {
          throw CommandError(
            .notSupported(
              what: "'set autoscale \(word.text)'",
              hint:
                "set autoscale takes x, y, xy, xmin, xmax, ymin, ymax, x2, y2, fix, noextend, "
                + "keepfix, xfix, yfix, xfixmin, xfixmax, yfixmin, yfixmax"),
            at: word.span)
        }
        forms.append(form)
      }
      return SetAutoscale(forms: forms)
    },
    listing: { session in
      var parts: [String] = []
      let (x, y) = (session.labels.xAutoscale, session.labels.yAutoscale)
      if x.fixMin && x.fixMax {
        parts.append("xfix")
      } else {
        if x.fixMin { parts.append("xfixmin") }
        if x.fixMax { parts.append("xfixmax") }
      }
      if y.fixMin && y.fixMax {
        parts.append("yfix")
      } else {
        if y.fixMin { parts.append("yfixmin") }
        if y.fixMax { parts.append("yfixmax") }
      }
      return parts.isEmpty ? nil : "autoscale " + parts.joined(separator: " ")
    },
    unset: FixRanges())

  /// `set offsets [L [, R [, T [, B]]]]`: space beyond the data of autoscaled ranges, in
  /// axis units; `set offsets` alone and `unset offsets` make them 0.
  static let offsets = SettingEntry(
    name: "offsets", aliases: ["offset"], usage: ["set offsets LEFT, RIGHT, TOP, BOTTOM"],
    parse: { arguments throws(CommandError) in
      let items = arguments.values.items
      if items.count > 4 {
        throw CommandError(
          .notSupported(
            what: "\(items.count) offsets", hint: "set offsets takes LEFT, RIGHT, TOP, BOTTOM"),
          at: items[4].text.span)
      }
      var values: [Word?] = []
      for item in items {
        let text = item.text
        if let first = item.tokens.first, first.kind == .name,
          ["graph", "screen", "first", "second", "character"].contains(first.text)
        {
          throw CommandError(
            .notSupported(
              what: "offsets in '\(first.text)' units",
              hint: "give them in axis units, as in: set offsets 0.5, 0.5, 1, 1"),
            at: first.span)
        }
        values.append(text.text.isEmpty ? nil : text)
      }
      return SetOffsets(values: values)
    },
    listing: { session in
      let o = session.labels.offsets
      guard o != PlotOffsets() else { return nil }
      return "offsets "
        + [o.left, o.right, o.top, o.bottom].map { NumberLabel.general($0) }.joined(
          separator: ", ")
    },
    unset: SetLabels { $0.offsets = PlotOffsets() })
}

/// `set autoscale FORMS...`.
struct SetAutoscale: SessionCommand, Hashable {
  /// One word of `set autoscale`.
  enum Form: Hashable {
    /// An axis autoscaled at both ends (`x`, `y`, `xy`); `fix` flags cleared, as in gnuplot.
    case axes(x: Bool, y: Bool)
    /// One end autoscaled, the other kept at what is shown now (`xmin`, `ymax`, ...).
    case end(x: Bool, min: Bool)
    /// Ends that stay at the data (`fix`, `noextend`: all; `xfix`, `yfixmin`, ...).
    case fix(x: Bool, y: Bool, min: Bool, max: Bool)
    /// Every axis autoscaled, the fix flags kept (`keepfix`).
    case keepFix
    /// The second axes autoscaled (`x2`, `y2`).
    case second(x: Bool)

    init?(_ word: String) {
      switch word {
      case "x": self = .axes(x: true, y: false)
      case "y": self = .axes(x: false, y: true)
      case "xy", "yx": self = .axes(x: true, y: true)
      case "xmin": self = .end(x: true, min: true)
      case "xmax": self = .end(x: true, min: false)
      case "ymin": self = .end(x: false, min: true)
      case "ymax": self = .end(x: false, min: false)
      case "fix", "noextend": self = .fix(x: true, y: true, min: true, max: true)
      case "xfix": self = .fix(x: true, y: false, min: true, max: true)
      case "yfix": self = .fix(x: false, y: true, min: true, max: true)
      case "xfixmin": self = .fix(x: true, y: false, min: true, max: false)
      case "xfixmax": self = .fix(x: true, y: false, min: false, max: true)
      case "yfixmin": self = .fix(x: false, y: true, min: true, max: false)
      case "yfixmax": self = .fix(x: false, y: true, min: false, max: true)
      case "keepfix": self = .keepFix
      case "x2": self = .second(x: true)
      case "y2": self = .second(x: false)
      default: return nil
      }
    }
  }

  /// The words, in order; none: every axis autoscaled, the fix flags cleared.
  var forms: [Form]

  func run(in session: inout Session) throws(CommandError) -> Reply {
    let before = session.view
    func autoscale(x: Bool, y: Bool, keepFix: Bool) {
      if x {
        session.data.xFollowsData = true
        session.labels.xAutoscale.min = nil
        session.labels.xAutoscale.max = nil
        if !keepFix { session.labels.xAutoscale = AxisAutoscale() }
      }
      if y {
        session.view.yRange = .auto
        session.labels.yAutoscale.min = nil
        session.labels.yAutoscale.max = nil
        if !keepFix { session.labels.yAutoscale = AxisAutoscale() }
      }
    }
    if forms.isEmpty {
      autoscale(x: true, y: true, keepFix: false)
      session.labels.second.x2Range = nil
      session.labels.second.y2Range = nil
    }
    for form in forms {
      switch form {
      case .axes(let x, let y): autoscale(x: x, y: y, keepFix: false)
      case .keepFix:
        autoscale(x: true, y: true, keepFix: true)
        session.labels.second.x2Range = nil
        session.labels.second.y2Range = nil
      case .second(let x):
        if x { session.labels.second.x2Range = nil } else { session.labels.second.y2Range = nil }
      case .end(let x, let min):
        // The other end stays at what is shown now (gnuplot: only the named end is
        // autoscaled).
        let shown = x ? session.view.xRange : session.shownYRange
        var flags = x ? session.labels.xAutoscale : session.labels.yAutoscale
        if min {
          flags.min = nil
          flags.max = flags.max ?? shown.upperBound
        } else {
          flags.max = nil
          flags.min = flags.min ?? shown.lowerBound
        }
        if x {
          session.labels.xAutoscale = flags
          session.data.xFollowsData = true
        } else {
          session.labels.yAutoscale = flags
          session.view.yRange = .auto
        }
      case .fix(let x, let y, let min, let max):
        if x {
          if min { session.labels.xAutoscale.fixMin = true }
          if max { session.labels.xAutoscale.fixMax = true }
        }
        if y {
          if min { session.labels.yAutoscale.fixMin = true }
          if max { session.labels.yAutoscale.fixMax = true }
        }
      }
    }
    if session.view != before { session.viewHistory.push(before) }
    return Reply()
  }
}

/// `set offsets L, R, T, B` (a value left out is 0), each an expression.
struct SetOffsets: SessionCommand, Hashable {
  /// The values as written, left, right, top, bottom; nil for one left out.
  var values: [Word?]

  func run(in session: inout Session) throws(CommandError) -> Reply {
    var numbers: [Double] = []
    for value in values {
      guard let value else {
        numbers.append(0)
        continue
      }
      numbers.append(try session.finiteNumbers([value], command: "set offsets")[0])
    }
    while numbers.count < 4 { numbers.append(0) }
    var o = PlotOffsets()
    (o.left, o.right, o.top, o.bottom) = (numbers[0], numbers[1], numbers[2], numbers[3])
    session.labels.offsets = o
    return Reply()
  }
}

/// `set xrange|yrange [A:B] noextend|extend`: the range as `SetAxisRange` sets it, then
/// the axis's ends fixed to the data (`noextend`) or extended to ticks again (`extend`).
struct SetRangeExtension: SessionCommand {
  /// The range command.
  var range: any SessionCommand
  /// The x axis (or the y axis).
  var x: Bool
  /// `extend` (or `noextend`).
  var extend: Bool

  func run(in session: inout Session) throws(CommandError) -> Reply {
    let reply = try range.run(in: &session)
    if x {
      session.labels.xAutoscale.fixMin = !extend
      session.labels.xAutoscale.fixMax = !extend
    } else {
      session.labels.yAutoscale.fixMin = !extend
      session.labels.yAutoscale.fixMax = !extend
    }
    return reply
  }
}

extension Session {
  /// `set xrange [A:*]`, `[*:B]` (or `[A:]` while the axis is automatic): the axis follows
  /// the data again with the given end fixed.
  ///
  /// - Throws: `CommandError` at a bound that is not a number (or, on a time axis, a time).
  mutating func setAutoscaledEnd(x: Bool, bounds: RangeBounds) throws(CommandError) -> Reply {
    let axis = x ? "x" : "y"
    var flags = x ? labels.xAutoscale : labels.yAutoscale
    flags.min = try bounds.lower.map { w throws(CommandError) in try rangeBound(w, axis: axis) }
    flags.max = try bounds.upper.map { w throws(CommandError) in try rangeBound(w, axis: axis) }
    let before = view
    if x {
      labels.xAutoscale = flags
      data.xFollowsData = true
    } else {
      labels.yAutoscale = flags
      view.yRange = .auto
    }
    if view != before { viewHistory.push(before) }
    return Reply()
  }

  /// One bound of a range (`plot [A:B]`, `set xrange [A:B]`, `xrange A B`, `fit [A:B]`): a
  /// number or an expression; on a time axis (`set xdata time`) also a time in quotes, read
  /// by `set timefmt` (gnuplot's `set xrange ["1/6/93":"1/11/93"]`).
  ///
  /// - Parameters:
  ///   - word: The bound as written.
  ///   - axis: The axis's name (`x`, `y`, `x2`, `y2`).
  /// - Throws: `CommandError` at the bound: a time that does not match the format, a time
  ///   where the axis is not a time axis, or the calculator's error.
  func rangeBound(_ word: Word, axis: String) throws(CommandError) -> Double {
    guard let q = word.text.first, q == "\"" || q == "'" else { return try number(word) }
    let text = StringExpression.unescaped(word.text)
    guard (axis == "x" && labels.xTime) || (axis == "y" && labels.yTime) else {
      throw CommandError(
        .notSupported(
          what: "a time in quotes as a bound of \(axis)",
          hint: "times are bounds of a time axis: set \(axis == "y" ? "y" : "x")data time first"),
        at: word.span)
    }
    guard let (t, _) = TimeFormat.parse(text, format: labels.timeFormat) else {
      throw CommandError(
        .expected("a time as set timefmt \"\(labels.timeFormat)\" reads it"), at: word.span)
    }
    return t
  }
}

extension Session {
  /// The smallest and largest finite values of the curves of `source` at
  /// `Autoscale.sampleCount` points evenly across `xRange` (gnuplot's autoscaled range of
  /// functions, before `set autoscale fix` would extend it: every sample counts), or nil
  /// when none is finite.
  static func sampledYBounds(of source: some GraphViewDataSource, xRange: ClosedRange<Double>)
    -> (Double, Double)?
  {
    let a = xRange.lowerBound
    let b = xRange.upperBound
    guard a.isFinite, b.isFinite else { return nil }
    let n = Autoscale.sampleCount
    let xs = (0..<n).map { k in k == n - 1 ? b : a + (b - a) * (Double(k) / Double(n - 1)) }
    var values = [Double](repeating: .nan, count: n)
    var lo = Double.infinity
    var hi = -Double.infinity
    for c in 0..<max(0, source.curveCount) {
      xs.withUnsafeBufferPointer { x in
        values.withUnsafeMutableBufferPointer { v in source.y(at: x, into: v, curve: c) }
      }
      for v in values where v.isFinite {
        lo = min(lo, v)
        hi = max(hi, v)
      }
    }
    return lo <= hi ? (lo, hi) : nil
  }
}

extension Session {
  /// `curves` with the session's settings that fit an automatic x range (`set autoscale`
  /// and `set offsets`, the second axes, the time axis), for `dataXRange(of:)` where the
  /// plot's curves do not carry the session's labels yet; the rest of their labels as they
  /// are.
  func fitting(_ curves: FunctionCurves) -> FunctionCurves {
    var copy = curves
    copy.labels.xAutoscale = labels.xAutoscale
    copy.labels.offsets = labels.offsets
    copy.labels.second = labels.second
    copy.labels.xTime = labels.xTime
    copy.labels.yTime = labels.yTime
    return copy
  }
}
