import CalculatorBrain
import GraphView
import TextAndNumbers

// gnuplot's curve modes (tracker issue 16): `set polar` reads each function item of `plot`
// as r(t) with t the angle, `set parametric` reads two function items `X(t), Y(t)` as one
// curve, and `set trange [A:B]` is the range of t in both (gnuplot 5.4's default, like
// ours, is [0:2π] while trange is autoscaled). The curves are the same `.parametric` plot
// items as `r = EXPR` and `(X, Y)` (Commands+Curves.swift).

/// gnuplot's curve modes of `plot`'s function items.
public struct CurveMode: Sendable, Hashable {
  /// Whether a function item is a polar curve r = EXPR in t (`set polar`).
  public var polar = false
  /// Whether two function items `X(t), Y(t)` are one curve (`set parametric`).
  public var parametric = false
  /// The range of t (`set trange [A:B]`), in the angle unit for polar curves; nil for
  /// the default (`Session.defaultParameterRange`).
  public var tRange: ClosedRange<Double>?

  /// Neither mode, t's default range.
  public init() {}
}

extension SettingTable {
  /// `set polar`, `set parametric`, `set trange`.
  static let curveModes: [SettingEntry] = [
    .mode("polar", \.polar), .mode("parametric", \.parametric), .tRange,
  ]
}

extension SettingEntry {
  /// `set polar` or `set parametric` (no arguments) and its `unset`.
  static func mode(_ name: String, _ field: WritableKeyPath<CurveMode, Bool> & Sendable)
    -> SettingEntry
  {
    SettingEntry(
      name: name, usage: ["set \(name)"],
      parse: { arguments throws(CommandError) in
        if let extra = arguments.values.words.first {
          throw CommandError(.usage("set \(name)"), at: extra.span)
        }
        return SetLabels { $0.curveMode[keyPath: field] = true }
      },
      listing: { $0.labels.curveMode[keyPath: field] ? name : nil },
      unset: SetLabels { $0.curveMode[keyPath: field] = false })
  }

  /// `set trange [A:B]`: the range of t of polar and parametric items (`unset trange`:
  /// [0:2π], or [0:360] in `mode deg`).
  static let tRange = SettingEntry(
    name: "trange", usage: ["set trange [MIN:MAX]"],
    parse: { arguments throws(CommandError) in
      let usage = CommandError(
        .usage("set trange [MIN:MAX]"),
        at: arguments.values.isEmpty ? arguments.name.span : arguments.values.text.span)
      guard let (bounds, rest) = try arguments.values.leadingRange() else { throw usage }
      if let extra = rest.words.first {
        throw CommandError(
          .notSupported(what: "'\(extra.text)' after set trange", hint: ""), at: extra.span)
      }
      return SetParameterRange(bounds: bounds)
    },
    listing: { session in
      session.labels.curveMode.tRange.map {
        "trange [\(Session.shortNumber($0.lowerBound)):\(Session.shortNumber($0.upperBound))]"
      }
    },
    unset: SetLabels { $0.curveMode.tRange = nil })
}

/// `set trange [A:B]`: the bounds are computed when set; a missing one is the current one.
struct SetParameterRange: SessionCommand {
  /// The bracket as typed.
  var bounds: RangeBounds

  func run(in session: inout Session) throws(CommandError) -> Reply {
    let current = session.labels.curveMode.tRange ?? session.defaultParameterRange
    if let range = try session.range(bounds, current: current, axis: "t") {
      session.labels.curveMode.tRange = range
    }
    return Reply()
  }
}

extension Session {
  /// A number for a settings line: an integer without a point, else 15 digits.
  static func shortNumber(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return "\(value)"
  }

  /// The polar curve of a function item in `set polar` mode: x = r(t) cos t,
  /// y = r(t) sin t, t in the angle unit over `range` (gnuplot's polar plot).
  ///
  /// - Throws: `CommandError` at the bad column of an item that does not parse or compile.
  func polarModeItem(_ piece: Word, title: String?, range: ClosedRange<Double>)
    throws(CommandError) -> PlotItem
  {
    let t = Expr.variable("t")
    let cosine = brain.angleUnit.rewrite(.call("cos", [t]))
    let sine = brain.angleUnit.rewrite(.call("sin", [t]))
    let fx = try curvePart(piece, { .binary(.multiply, $0, cosine) }, variable: "t", rename: nil)
    let fy = try curvePart(piece, { .binary(.multiply, $0, sine) }, variable: "t", rename: nil)
    return .parametric(parametric(fx, fy, range, parameter: "t"), title: title ?? piece.text)
  }

  /// The curve of two function items `X(t), Y(t)` in `set parametric` mode, over `range`;
  /// its legend is the title given to the second (gnuplot's rule), else both as typed.
  ///
  /// - Throws: `CommandError` at the bad column of either item.
  func parametricModeItem(_ x: Word, _ y: Word, title: String?, range: ClosedRange<Double>)
    throws(CommandError) -> PlotItem
  {
    let fx = try curvePart(x, { $0 }, variable: "t", rename: nil)
    let fy = try curvePart(y, { $0 }, variable: "t", rename: nil)
    let shown = title ?? "\(x.trimmed().text), \(y.trimmed().text)"
    return .parametric(parametric(fx, fy, range, parameter: "t"), title: shown)
  }
}

extension Plot {
  /// In `set parametric` mode, joins each two function items into one `.pair`; data items
  /// stay (gnuplot reads their columns as x and y in either mode).
  ///
  /// - Throws: `CommandError` at a function item without its partner (an odd one, or one
  ///   followed by a data item), or a title or style on the first of a pair.
  static func pairedForParametric(_ items: [Item]) throws(CommandError) -> [Item] {
    var result: [Item] = []
    var k = 0
    while k < items.count {
      guard case .function(let x, let xTitle, let xStyle) = items[k] else {
        result.append(items[k])
        k += 1
        continue
      }
      guard k + 1 < items.count, case .function(let y, let title, let style) = items[k + 1]
      else {
        throw CommandError(
          .notSupported(
            what: "a lone function item in parametric mode",
            hint: "set parametric draws two items X(t), Y(t) as one curve, as in: "
              + "plot cos(t), sin(t)"),
          at: x.span)
      }
      guard xTitle == nil, xStyle == PlotStyle() else {
        throw CommandError(
          .notSupported(
            what: "a title or style on the x item of a parametric pair",
            hint: "give it after the second: plot cos(t), sin(t) title \"circle\""),
          at: x.span)
      }
      result.append(.pair(x, y, title: title, style: style))
      k += 2
    }
    return result
  }
}
