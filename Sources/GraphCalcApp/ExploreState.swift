import GraphView
import TextCanvas

/// The interactive view (`explore`) as a pure state machine: the plot, the view, the shared
/// view history and the trace cursor; `handle(_:)` applies one key and `screen()` draws the
/// whole screen. No terminal is involved, so tests drive it key by key.
///
/// Keys (after a graphing calculator's pinch and pan):
/// - arrows, `h` `j` `k` `l`: pan by a tenth of the view (left, down, up, right);
/// - `+` (or `=`) and `-` (or `_`): zoom in and out about the centre, by `zoomStep`;
/// - `x` / `X`: zoom x only, in / out; `y` / `Y`: zoom y only, in / out;
/// - `0`: back to the view `explore` started with; `u`: undo the last view change;
/// - `t`: trace on or off: a cursor on the first curve, which left/right (`h`, `l`) move one
///   character column (panning when it would leave the view); the status line shows x and
///   f(x); a parametric or polar first curve is followed by its parameter instead
///   (`tracedCurve`, `traceParameter()`);
/// - `q`, Escape, Ctrl-C, Ctrl-D: leave, keeping the view.
///
/// Every view change pushes the view it left onto `history` (the session's, shared with
/// `undo` at the prompt). A change that would make a range undrawable is refused with a
/// message on the status line.
public struct ExploreState: Sendable {
  /// What a key did.
  public enum Outcome: Sendable, Hashable {
    /// The state changed; draw the screen again.
    case redraw
    /// The key does nothing here.
    case ignored
    /// Leave `explore`.
    case quit
  }

  /// The factor one `+` or `-` zooms by (two presses zoom by 2).
  public static let zoomStep = 2.0.squareRoot()

  /// The plot's functions (their x and y ranges are set from `view` when drawing).
  public let curves: FunctionCurves
  /// The view shown.
  public private(set) var view: ViewState
  /// The views left, newest last (shared with the session).
  public private(set) var history: ViewHistory
  /// The view `explore` started with (`0` returns to it).
  public let home: ViewState
  /// The terminal's size in cells; the last row is the status line.
  public var size: TerminalSize
  /// How the plot is drawn.
  public var display: TerminalDisplay
  /// The trace cursor's column within the plot area (0-based cells), or nil when not
  /// tracing.
  public private(set) var traceColumn: Int?
  /// A message for the status line after a refused key, cleared by the next key.
  public private(set) var message: String?

  /// Starts exploring.
  ///
  /// - Parameters:
  ///   - curves: The current plot.
  ///   - view: The view to start from.
  ///   - history: The session's view history.
  ///   - size: The terminal's size in cells.
  ///   - display: Canvas and colours.
  public init(
    curves: FunctionCurves, view: ViewState, history: ViewHistory, size: TerminalSize,
    display: TerminalDisplay
  ) {
    self.curves = curves
    self.view = view
    self.history = history
    self.home = view
    self.size = size
    self.display = display
  }

  // MARK: Keys

  /// Applies one key.
  ///
  /// - Parameter key: The key pressed.
  /// - Returns: Whether to redraw, nothing happened, or to leave.
  public mutating func handle(_ key: ExploreKey) -> Outcome {
    let hadMessage = message != nil
    message = nil
    let outcome = apply(key)
    return outcome == .ignored && hadMessage ? .redraw : outcome
  }

  private mutating func apply(_ key: ExploreKey) -> Outcome {
    switch key {
    case .escape, .control(3), .control(4), .character("q"), .character("Q"): return .quit
    case .left, .character("h"): return traceColumn != nil ? moveTrace(by: -1) : pan(-1, 0)
    case .right, .character("l"): return traceColumn != nil ? moveTrace(by: 1) : pan(1, 0)
    case .up, .character("k"): return pan(0, 1)
    case .down, .character("j"): return pan(0, -1)
    case .character("+"), .character("="): return zoom(x: Self.zoomStep, y: Self.zoomStep)
    case .character("-"), .character("_"): return zoom(x: 1 / Self.zoomStep, y: 1 / Self.zoomStep)
    case .character("x"): return zoom(x: Self.zoomStep, y: 1)
    case .character("X"): return zoom(x: 1 / Self.zoomStep, y: 1)
    case .character("y"): return zoom(x: 1, y: Self.zoomStep)
    case .character("Y"): return zoom(x: 1, y: 1 / Self.zoomStep)
    case .character("0"):
      let start = home
      return change { $0 = start }
    case .character("u"):
      guard let earlier = history.pop() else {
        message = "nothing to undo"
        return .redraw
      }
      view = earlier
      return .redraw
    case .character("t"):
      if traceColumn == nil {
        traceColumn = max(0, plotCells().columns / 2)
      } else {
        traceColumn = nil
      }
      return .redraw
    default:
      return .ignored
    }
  }

  /// The automatic y range over the current x range: the prompt's rule (functions and data
  /// series alike), remembered per curve set and x range, so a key that does not move x
  /// (and the redraw after any key) samples nothing for it.
  private var autoY: ClosedRange<Double> {
    var c = curves
    c.xRange = view.xRange
    return Session.autoYRange(of: c, xRange: view.xRange)
  }

  /// The y range shown.
  public var yRange: ClosedRange<Double> { view.currentY(autoY) ?? autoY }

  /// Applies `body` to a copy of the view; keeps it (and records the old view) when it
  /// succeeds and differs, else shows the error.
  private mutating func change(_ body: (inout ViewState) throws(CommandError) -> Void) -> Outcome {
    var next = view
    do {
      try body(&next)
    } catch {
      message = error.message
      return .redraw
    }
    guard next != view else { return .ignored }
    history.push(view)
    view = next
    return .redraw
  }

  /// Pans by `dx` and `dy` tenths of the view.
  private mutating func pan(_ dx: Double, _ dy: Double) -> Outcome {
    changeInCoordinates { v, auto throws(CommandError) in
      let width = v.xRange.upperBound - v.xRange.lowerBound
      let y = v.currentY(auto) ?? auto
      let height = y.upperBound - y.lowerBound
      try v.pan(dx: dx * width / 10, dy: dy * height / 10, autoY: auto)
    }
  }

  /// `change` done in the axes' coordinates (`ViewState.coordinates`: a log axis pans by
  /// factors and zooms about its geometric centre), with the automatic y range in them.
  private mutating func changeInCoordinates(
    _ body: (inout ViewState, ClosedRange<Double>) throws(CommandError) -> Void
  ) -> Outcome {
    let scales = curves.labels.scales
    let auto = autoY
    let autoInCoordinates = scales.y.coordinates(scales.y.shownRange(auto)) ?? auto
    return change { v throws(CommandError) in
      var c = v.coordinates(on: scales)
      try body(&c, autoInCoordinates)
      v = try c.values(on: scales)
    }
  }

  /// Zooms x by `x` and y by `y` about the centre (a factor above 1 zooms in). Zooming y
  /// fixes an automatic y range first.
  private mutating func zoom(x: Double, y: Double) -> Outcome {
    changeInCoordinates { v, auto throws(CommandError) in
      func scaled(_ r: ClosedRange<Double>, _ f: Double, _ axis: String) throws(CommandError)
        -> ClosedRange<Double>
      {
        let centre = r.lowerBound / 2 + r.upperBound / 2
        let half = (r.upperBound / 2 - r.lowerBound / 2) / f
        return try ViewState.checkedRange(centre - half, centre + half, axis: axis)
      }
      if x != 1 { v.xRange = try scaled(v.xRange, x, "x") }
      if y != 1 { v.yRange = .fixed(try scaled(v.currentY(auto) ?? auto, y, "y")) }
    }
  }

  /// Moves the trace cursor by `step` columns, panning by a tenth of the view when it would
  /// leave the plot area.
  private mutating func moveTrace(by step: Int) -> Outcome {
    guard let column = traceColumn else { return .ignored }
    let columns = max(1, plotCells().columns)
    let next = column + step
    if next >= 0 && next < columns {
      traceColumn = next
      return .redraw
    }
    if tracedCurve != nil { return .ignored }  // by its parameter: stops at the ends
    let outcome = pan(Double(step), 0)
    if outcome == .redraw, message == nil {  // the cursor keeps (about) its x
      let now = max(1, plotCells().columns)
      traceColumn = min(max(next - step * max(1, now / 10), 0), now - 1)
    }
    return .redraw
  }

  // MARK: Drawing

  /// The smallest terminal `explore` draws in (the plot's minimum and a status line).
  static var minimumSize: TerminalSize { PlotOutput.minimumTerminal }

  /// The curves with the view's ranges.
  private var shownCurves: FunctionCurves {
    var c = curves
    c.xRange = view.xRange
    c.yRange = yRange
    return c
  }

  /// Where the plot area lies, in cells.
  private func plotCells() -> TerminalPlot.Cells {
    TerminalPlot.cells(
      shownCurves, columns: max(size.columns, 1), rows: max(size.rows - 1, 1),
      canvas: display.canvas)
  }

  /// The trace cursor's point: the x at the middle of its column and the first curve's value
  /// there; nil when not tracing.
  public func tracePoint() -> (x: Double, y: Double)? {
    if let (curve, _) = tracedCurve, let t = traceParameter() {
      return (curve.x(t), curve.y(t))
    }
    guard let column = traceColumn, let first = curves.functions.first else { return nil }
    let cells = plotCells()
    let scale = curves.labels.scales.x
    let range = scale.coordinates(scale.shownRange(view.xRange)) ?? view.xRange
    let width = range.upperBound - range.lowerBound
    let u = range.lowerBound + (Double(column) + 0.5) / Double(max(cells.columns, 1)) * width
    let x = scale.value(u)
    return (x, first.value(at: x))
  }

  /// The whole screen: `size.rows` lines, the plot and then the status line, each at most
  /// `size.columns` cells wide (with escape sequences when colouring). A terminal smaller
  /// than `minimumSize` gets a short note instead of a plot.
  public func screen() -> [String] {
    let columns = max(size.columns, 1)
    let rows = max(size.rows, 1)
    guard size.columns >= Self.minimumSize.columns, size.rows >= Self.minimumSize.rows else {
      let note = [
        "terminal too small to plot (\(size.columns)x\(size.rows));",
        "needs \(Self.minimumSize.columns)x\(Self.minimumSize.rows). q quits",
      ]
      return (0..<rows).map { $0 < note.count ? String(note[$0].prefix(columns)) : "" }
    }
    var marker: TerminalPlot.Marker?
    if let p = tracePoint() {
      marker = TerminalPlot.Marker(x: p.x, y: p.y, character: display.canvas == .ascii ? "@" : "X")
    }
    let picture = TerminalPlot.render(
      shownCurves, columns: columns, rows: rows - 1, canvas: display.canvas, colors: display.colors,
      marker: marker
    ).text
    var lines = picture.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    while lines.count < rows - 1 { lines.append("") }
    lines.append(String(statusLine().prefix(columns)))
    return lines
  }

  /// The status line: the view's ranges (or the trace), then a message or the keys.
  public func statusLine() -> String {
    var left: String
    if let (_, title) = tracedCurve, let t = traceParameter(), let p = tracePoint() {
      func shown(_ v: Double) -> String { v.isFinite ? shortNumber(v) : "undefined" }
      let name = title.hasPrefix("r") && !title.hasPrefix("(") ? "θ" : "t"
      left = "\(title): \(name) = \(shortNumber(t))  x = \(shown(p.x))  y = \(shown(p.y))"
    } else if let p = tracePoint() {
      let title =
        curves.functions.count == curves.titles.count ? (curves.titles.first ?? "f") : "f(x)"
      let fx = p.y.isFinite ? shortNumber(p.y) : "undefined"
      left = "\(title): x = \(shortNumber(p.x))  f(x) = \(fx)"
    } else {
      let scales = curves.labels.scales
      let y = scales.y.shownRange(yRange)
      let x = scales.x.shownRange(view.xRange)
      left =
        "x [\(shortNumber(x.lowerBound)), \(shortNumber(x.upperBound))]"
        + "  y [\(shortNumber(y.lowerBound)), \(shortNumber(y.upperBound))]"
    }
    let right =
      message
      ?? (traceColumn != nil
        ? "<- -> move  t stop  u undo  q quit"
        : "arrows/hjkl pan  +- zoom  xXyY axis  t trace  u undo  0 reset  q quit")
    return left + "  | " + right
  }
}

extension ExploreState {
  /// The parametric or polar curve the trace follows, with its legend text: the first
  /// curve, when it is one (the cursor then moves along its parameter, not along x).
  var tracedCurve: (ParametricCurve, String)? {
    guard case .parametric(let curve, let title)? = curves.items.first else { return nil }
    return (curve, title)
  }

  /// The traced curve's parameter at the cursor: its range split into as many steps as the
  /// plot area has columns, the cursor at the middle of its step; nil when not tracing one.
  func traceParameter() -> Double? {
    guard let column = traceColumn, let (curve, _) = tracedCurve else { return nil }
    let columns = Double(max(plotCells().columns, 1))
    let r = curve.parameterRange
    return r.lowerBound + (Double(column) + 0.5) / columns * (r.upperBound - r.lowerBound)
  }
}
