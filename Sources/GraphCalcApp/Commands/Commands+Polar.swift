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
  /// The range of r of polar curves and polar data (`set rrange [A:B]`): the plotted
  /// radius is r - A, and r < A is undefined (Session+CurveStyles.swift); nil for none.
  public var rRange: ClosedRange<Double>?
  /// The ranges of u and v of the pseudo-file `'++'` (`set urange`, `set vrange`); nil for
  /// gnuplot's default [-5:5].
  public var uRange: ClosedRange<Double>?
  /// See `uRange`.
  public var vRange: ClosedRange<Double>?
  /// gnuplot's dummy variables (`set dummy u,v`): the name a function item is written in
  /// (the first; x by default, t after `set parametric` or `set polar`) and the second
  /// (y; for `splot`, kept and shown only).
  public var dummy = ["x", "y"]

  /// Neither mode, t's default range.
  public init() {}
}

extension SettingTable {
  /// `set polar`, `set parametric`, `set trange`.
  static let curveModes: [SettingEntry] = [
    .mode("polar", \.polar), .mode("parametric", \.parametric),
    .parameterRange("trange", \.tRange), .parameterRange("rrange", \.rRange),
    .parameterRange("urange", \.uRange), .parameterRange("vrange", \.vRange),
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
        // gnuplot's `set polar` and `set parametric` make the dummy variable t, and
        // their `unset` makes it x again (src/set.c's `set_polar`, `set_parametric`).
        return SetLabels {
          $0.curveMode[keyPath: field] = true
          $0.curveMode.dummy = ["t", "y"]
        }
      },
      listing: { $0.labels.curveMode[keyPath: field] ? name : nil },
      unset: SetLabels {
        if $0.curveMode[keyPath: field] { $0.curveMode.dummy = ["x", "y"] }
        $0.curveMode[keyPath: field] = false
      })
  }

  /// `set trange [A:B]` (the range of t of polar and parametric items; `unset trange`:
  /// [0:2π], or [0:360] in `mode deg`), `set rrange [A:B]` (r of polar curves: A at the
  /// centre), `set urange`, `set vrange` (the pseudo-file `'++'`): `field` is the range.
  /// `[*:*]` is the default again (gnuplot's autoscaled range).
  static func parameterRange(
    _ name: String, _ field: WritableKeyPath<CurveMode, ClosedRange<Double>?> & Sendable
  ) -> SettingEntry {
    SettingEntry(
      name: name, usage: ["set \(name) [MIN:MAX]"],
      parse: { arguments throws(CommandError) in
        let usage = CommandError(
          .usage("set \(name) [MIN:MAX]"),
          at: arguments.values.isEmpty ? arguments.name.span : arguments.values.text.span)
        guard let (bounds, rest) = try arguments.values.leadingRange() else { throw usage }
        if let extra = rest.words.first {
          throw CommandError(
            .notSupported(what: "'\(extra.text)' after set \(name)", hint: ""), at: extra.span)
        }
        return SetParameterRange(bounds: bounds, field: field, axis: String(name.prefix(1)))
      },
      listing: { session in
        session.labels.curveMode[keyPath: field].map {
          "\(name) [\(Session.shortNumber($0.lowerBound)):\(Session.shortNumber($0.upperBound))]"
        }
      },
      unset: SetLabels { $0.curveMode[keyPath: field] = nil })
  }
}

/// `set trange|rrange|urange|vrange [A:B]`: the bounds are computed when set; a missing one
/// (or `*`) is the current one; `[*:*]` sets the default again.
struct SetParameterRange: SessionCommand {
  /// The bracket as typed.
  var bounds: RangeBounds
  /// The range set.
  var field: WritableKeyPath<CurveMode, ClosedRange<Double>?> & Sendable
  /// The axis's letter, for messages (`t`, `r`, `u`, `v`).
  var axis: String

  func run(in session: inout Session) throws(CommandError) -> Reply {
    var bounds = bounds
    let stars = [bounds.lower, bounds.upper].map { $0?.trimmed().text == "*" }
    if stars[0] { bounds.lower = nil }
    if stars[1] { bounds.upper = nil }
    if stars[0] && stars[1] {
      session.labels.curveMode[keyPath: field] = nil
      return Reply()
    }
    let defaults: ClosedRange<Double> =
      axis == "t" ? session.defaultParameterRange : axis == "r" ? 0...10 : -5...5
    let current = session.labels.curveMode[keyPath: field] ?? defaults
    if let range = try session.range(bounds, current: current, axis: axis) {
      session.labels.curveMode[keyPath: field] = range
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

  /// The dummy variable function items are written in (`set dummy`), when it is not
  /// `standard` (x for functions of x, t for parametric and polar items): the name
  /// `curvePart` reads as the standard one; nil when it is the standard one.
  func dummyRename(from standard: String) -> String? {
    let name = labels.curveMode.dummy[0]
    return name == standard ? nil : name
  }

  /// The polar curve of a function item in `set polar` mode: x = r(t) cos t,
  /// y = r(t) sin t, t in the angle unit over `range` (gnuplot's polar plot), in `style`
  /// (Session+CurveStyles.swift: a style other than lines, or `set rrange`, samples it at
  /// `set samples` angles as gnuplot does).
  ///
  /// - Throws: `CommandError` at the bad column of an item that does not parse or compile.
  func polarModeItem(
    _ piece: Word, title: String?, range: ClosedRange<Double>, style: PlotStyle = PlotStyle()
  ) throws(CommandError) -> PlotItem {
    let t = Expr.variable("t")
    let rename = dummyRename(from: "t")
    let shown = title ?? piece.text
    let r = try curvePart(piece, { $0 }, variable: "t", rename: rename)
    if let curve = sampledPolar(r, range: range, title: shown, style: style) {
      return .data(curve)
    }
    let cosine = brain.angleUnit.rewrite(.call("cos", [t]))
    let sine = brain.angleUnit.rewrite(.call("sin", [t]))
    let fx = try curvePart(piece, { .binary(.multiply, $0, cosine) }, variable: "t", rename: rename)
    let fy = try curvePart(piece, { .binary(.multiply, $0, sine) }, variable: "t", rename: rename)
    return styled(.parametric(parametric(fx, fy, range, parameter: "t"), title: shown), style)
  }

  /// The curve of two function items `X(t), Y(t)` in `set parametric` mode, over `range`,
  /// in `style` (Session+CurveStyles.swift); its legend is the title given to the second
  /// (gnuplot's rule), else both as typed.
  ///
  /// - Throws: `CommandError` at the bad column of either item.
  func parametricModeItem(
    _ x: Word, _ y: Word, title: String?, range: ClosedRange<Double>,
    style: PlotStyle = PlotStyle()
  ) throws(CommandError) -> PlotItem {
    let rename = dummyRename(from: "t")
    let fx = try curvePart(x, { $0 }, variable: "t", rename: rename)
    let fy = try curvePart(y, { $0 }, variable: "t", rename: rename)
    let shown = title ?? "\(x.trimmed().text), \(y.trimmed().text)"
    return styled(.parametric(parametric(fx, fy, range, parameter: "t"), title: shown), style)
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
