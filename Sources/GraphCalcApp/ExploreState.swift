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
/// - `t`: trace on or off: a cursor on a curve; left/right (`h`, `l`) move it a step along
///   the curve: a character column in x for y = f(x) (panning when it would leave the view),
///   a row in y for x = g(y) (up/down too), a step of the parameter (the range in as many
///   steps as the plot area has columns, stopping at its ends) for a parametric or polar
///   curve; the status line shows the point, the parameter and the slope dy/dx
///   (`undefined` where there is none);
/// - tracing, Tab / Shift-Tab (or `c` / `C`): the next / previous curve (relations and data
///   series are skipped, with a note); `n` / `p` (or `N`): the next / previous point of
///   interest of the traced curve in the view (roots, minima and maxima, intersections:
///   `ExploreTracer.pointsOfInterest`), named on the status line;
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
  /// One cell's size in pixels when the frames are pictures (`ExplorePicture`, set by
  /// `ExploreDriver.run`), else nil: after `set aspect equal` a picture's ranges are its own
  /// plot area's (`drawnRanges`), not the braille layout's.
  public var pictureCellPixels: PixelSize?
  /// The curves the trace can follow, their slopes and points of interest.
  public let tracer: ExploreTracer
  /// Where the trace cursor is: a curve of `tracer` and the value of its variable (x for
  /// y = f(x), y for x = g(y), the parameter t or θ); nil when not tracing.
  public struct TraceCursor: Sendable, Hashable {
    /// The curve, an index into `tracer.curves`.
    public var curve: Int
    /// The value of the curve's variable at the cursor.
    public var position: Double
  }
  /// The trace cursor, or nil when not tracing.
  public private(set) var trace: TraceCursor?
  /// The last search for points of interest: its curve and view, and what it found.
  private var pointsMemo:
    (
      curve: Int, x: ClosedRange<Double>, y: ClosedRange<Double>, points: [TracePoint],
      note: String?
    )?
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
  ///   - tracer: The traceable curves (`Session.exploreTracer(for:)`).
  public init(
    curves: FunctionCurves, view: ViewState, history: ViewHistory, size: TerminalSize,
    display: TerminalDisplay, tracer: ExploreTracer
  ) {
    self.curves = curves
    self.tracer = tracer
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
    keepTraceInView()
    return outcome == .ignored && hadMessage ? .redraw : outcome
  }

  private mutating func apply(_ key: ExploreKey) -> Outcome {
    switch key {
    case .escape, .control(3), .control(4), .character("q"), .character("Q"): return .quit
    case .left, .character("h"): return trace != nil ? moveTrace(by: -1) : pan(-1, 0)
    case .right, .character("l"): return trace != nil ? moveTrace(by: 1) : pan(1, 0)
    case .up, .character("k"): return tracesAlongY ? moveTrace(by: 1) : pan(0, 1)
    case .down, .character("j"): return tracesAlongY ? moveTrace(by: -1) : pan(0, -1)
    case .control(9), .character("c"): return trace != nil ? switchCurve(by: 1) : .ignored
    case .backTab, .character("C"): return trace != nil ? switchCurve(by: -1) : .ignored
    case .character("n"): return trace != nil ? jumpToPoint(forward: true) : .ignored
    case .character("p"), .character("N"):
      return trace != nil ? jumpToPoint(forward: false) : .ignored
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
      if trace != nil {
        trace = nil
      } else if tracer.curves.isEmpty {
        message = "nothing to trace: relations and data series are not traced"
      } else {
        trace = TraceCursor(curve: 0, position: middlePosition(of: tracer.curves[0]))
        if !tracer.skipped.isEmpty { message = skippedNote }
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
      canvas: display.canvas, colored: display.color)
  }

  /// The ranges the plot is drawn with (plot units): the view's, or after `set aspect
  /// equal` the ranges grown to equal units for the plot area and canvas, as
  /// `TerminalPlot.render` draws them; the trace steps by the columns and rows shown and
  /// searches the points of interest shown.
  var drawnRanges: (x: ClosedRange<Double>, y: ClosedRange<Double>) {
    let c = shownCurves
    guard c.labels.equalAspect else { return (c.xRange, c.yRange) }
    if let cell = pictureCellPixels {
      guard
        let (x, y) = c.equalAspectRanges(
          pictureColumns: max(size.columns, 1), rows: max(size.rows - 1, 1), cell)
      else { return (c.xRange, c.yRange) }
      return (x, y)
    }
    guard let (x, y) = c.equalAspectRanges(cells: plotCells(), canvas: display.canvas)
    else { return (c.xRange, c.yRange) }
    return (x, y)
  }

  /// The trace cursor's point on its curve (plot units); nil when not tracing.
  public func tracePoint() -> (x: Double, y: Double)? {
    guard let trace, let curve = tracedCurve else { return nil }
    return curve.point(at: trace.position)
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

  /// What a picture canvas shows (`ExplorePicture`): the curves with the view's ranges, the
  /// trace cursor a filled point marker in its curve's colour (a `PlotMarker` without a
  /// label, drawn over the curves as `mark`'s points are), and the status line.
  public var pictureContent: (curves: FunctionCurves, status: String)? {
    var c = shownCurves
    if let p = tracePoint(), let curve = tracedCurve {
      c.markers.append(PlotMarker(x: p.x, y: p.y, curve: curve.item, isProven: true, label: ""))
    }
    return (c, statusLine())
  }

  /// The status line: the view's ranges (or the trace), then a message or the keys.
  public func statusLine() -> String {
    var left: String
    if let trace, let curve = tracedCurve {
      left = traceStatus(curve, at: trace.position)
    } else {
      let scales = curves.labels.scales
      let drawn = drawnRanges
      let y = scales.y.shownRange(drawn.y)
      let x = scales.x.shownRange(drawn.x)
      left =
        "x [\(shortNumber(x.lowerBound)), \(shortNumber(x.upperBound))]"
        + "  y [\(shortNumber(y.lowerBound)), \(shortNumber(y.upperBound))]"
    }
    let right =
      message
      ?? (trace != nil
        ? "<- -> move  Tab curve  n p point  t stop  u undo  q quit"
        : "arrows/hjkl pan  +- zoom  xXyY axis  t trace  u undo  0 reset  q quit")
    return left + "  | " + right
  }
}

// MARK: The trace

extension ExploreState {
  /// The curve the trace follows, or nil when not tracing.
  public var tracedCurve: TraceCurve? {
    guard let trace, tracer.curves.indices.contains(trace.curve) else { return nil }
    return tracer.curves[trace.curve]
  }

  /// The traced curve's parameter (t or θ) at the cursor; nil when not tracing a parametric
  /// or polar curve.
  public func traceParameter() -> Double? {
    guard let trace, let curve = tracedCurve, case .parametric = curve.kind else { return nil }
    return trace.position
  }

  /// Whether the cursor steps in y (an `x = EXPR` curve): up and down move it too.
  var tracesAlongY: Bool { tracedCurve?.kind == .functionOfY }

  /// The steps the cursor takes along `curve`: the axis (or the parameter) in the
  /// coordinates it is drawn in, split into as many steps as the plot area has columns
  /// (rows for x = g(y)); `scale` turns a coordinate into the variable's value.
  private func steps(for curve: TraceCurve) -> (
    scale: AxisScale, range: ClosedRange<Double>, count: Int
  ) {
    let cells = plotCells()
    let scales = curves.labels.scales
    let (x, y) = drawnRanges
    switch curve.kind {
    case .functionOfX:
      let range = scales.x.coordinates(scales.x.shownRange(x)) ?? x
      return (scales.x, range, max(cells.columns, 1))
    case .functionOfY:
      return (scales.y, scales.y.coordinates(scales.y.shownRange(y)) ?? y, max(cells.rows, 1))
    case .parametric(_, let range):
      return (.linear, range, max(cells.columns, 1))
    }
  }

  /// The step (0-based; outside 0..<count when outside the range) that `position` lies in.
  private func step(
    of position: Double, _ s: (scale: AxisScale, range: ClosedRange<Double>, count: Int)
  ) -> Int? {
    let u = s.scale.coordinate(position)
    let width = s.range.upperBound - s.range.lowerBound
    let k = ((u - s.range.lowerBound) / width * Double(s.count)).rounded(.down)
    guard k.isFinite, abs(k) < 1e9 else { return nil }
    return Int(k)
  }

  /// The variable's value at the middle of step `k`.
  private func middle(
    of k: Int, _ s: (scale: AxisScale, range: ClosedRange<Double>, count: Int)
  ) -> Double {
    let width = s.range.upperBound - s.range.lowerBound
    return s.scale.value(s.range.lowerBound + (Double(k) + 0.5) / Double(s.count) * width)
  }

  /// Where the cursor starts on `curve`: the middle step of the view (or of the parameter's
  /// range).
  func middlePosition(of curve: TraceCurve) -> Double {
    let s = steps(for: curve)
    return middle(of: s.count / 2, s)
  }

  /// After a key: a cursor that the view no longer shows (a zoom, pan, undo or resize moved
  /// the view) goes to the nearest step inside it; one inside stays where it is (a point of
  /// interest keeps its exact position).
  mutating func keepTraceInView() {
    guard let cursor = trace, let curve = tracedCurve else { return }
    let s = steps(for: curve)
    guard let k = step(of: cursor.position, s) else {
      let moved = middle(of: s.count / 2, s)
      trace?.position = moved
      return
    }
    if k < 0 || k >= s.count {
      let moved = middle(of: min(max(k, 0), s.count - 1), s)
      trace?.position = moved
    }
  }

  /// Moves the cursor `by` steps along its curve: to the middle of the step so many steps
  /// on. A function of x or y pans by a tenth of the view when the cursor would leave it; a
  /// parametric curve stops at its range's ends.
  mutating func moveTrace(by delta: Int) -> Outcome {
    guard let cursor = trace, let curve = tracedCurve else { return .ignored }
    let s = steps(for: curve)
    let next = (step(of: cursor.position, s) ?? s.count / 2) + delta
    if next >= 0 && next < s.count {
      let moved = middle(of: next, s)
      trace?.position = moved
      return .redraw
    }
    if case .parametric = curve.kind { return .ignored }  // stops at the ends
    let target = middle(of: next, s)  // just outside the view
    let outcome = curve.kind == .functionOfY ? pan(0, Double(delta)) : pan(Double(delta), 0)
    if outcome == .redraw, message == nil {  // the cursor keeps (about) its place
      let now = steps(for: curve)
      if let k = step(of: target, now) {
        let moved = middle(of: min(max(k, 0), now.count - 1), now)
        trace?.position = moved
      }
    }
    return .redraw
  }

  /// Puts the trace cursor on curve `curve` of `tracer` at `position` of its variable (x,
  /// y, t or θ), tracing if it was not; an index out of range is ignored. For tests and
  /// callers that know where to look; keys move the cursor by steps.
  mutating func placeTrace(curve: Int = 0, at position: Double) {
    guard tracer.curves.indices.contains(curve) else { return }
    trace = TraceCursor(curve: curve, position: position)
  }

  /// The note that some curves are not traced (relations, data series).
  var skippedNote: String {
    "not traced (relations, data): " + tracer.skipped.joined(separator: ", ")
  }

  /// Traces the next (`by` 1) or previous (-1) traceable curve, in the plot's order and
  /// round; from one function of x to another the cursor keeps its x, from one function of
  /// y to another its y; onto another kind it starts at the middle.
  mutating func switchCurve(by delta: Int) -> Outcome {
    guard let cursor = trace, let from = tracedCurve else { return .ignored }
    let count = tracer.curves.count
    guard count > 1 else {
      message = "only one curve to trace" + (tracer.skipped.isEmpty ? "" : "; " + skippedNote)
      return .redraw
    }
    let index = ((cursor.curve + delta) % count + count) % count
    let to = tracer.curves[index]
    let keeps = from.kind == to.kind && (to.kind == .functionOfX || to.kind == .functionOfY)
    trace = TraceCursor(curve: index, position: keeps ? cursor.position : middlePosition(of: to))
    if !tracer.skipped.isEmpty { message = skippedNote }
    return .redraw
  }

  /// The points of interest of the traced curve in the view (`ExploreTracer
  /// .pointsOfInterest`), remembered for the curve and the view, so pressing `n` again
  /// searches nothing; `complete` is false when that search stopped early.
  mutating func pointsOfInterest() -> (points: [TracePoint], note: String?, complete: Bool) {
    guard let trace else { return ([], nil, true) }
    let (x, y) = drawnRanges
    if let memo = pointsMemo, memo.curve == trace.curve, memo.x == x, memo.y == y {
      return (memo.points, memo.note, memo.note == nil)
    }
    let (points, note) = tracer.pointsOfInterest(of: trace.curve, x: x, y: y)
    pointsMemo = (trace.curve, x, y, points, note)
    return (points, note, note == nil)
  }

  /// Moves the cursor to the next (or previous) point of interest along the traced curve
  /// in the view and names it on the status line (`root (proven)`, `max (possible)`, ...);
  /// says so when there is none. When the search of the whole view stopped early (points
  /// without end near one place, as `sin(1/x)`'s near 0), the nearest point beyond the cursor
  /// comes from `ExploreTracer.nearestPoint`, which searches outward from it.
  mutating func jumpToPoint(forward: Bool) -> Outcome {
    guard let trace else { return .ignored }
    let position = trace.position
    let tolerance = 1e-12 * max(1, abs(position))
    let (points, wholeNote, complete) = pointsOfInterest()
    var target: TracePoint?
    var note = wholeNote
    if complete {
      target =
        forward
        ? points.first { $0.position > position + tolerance }
        : points.last { $0.position < position - tolerance }
    } else {
      let (x, y) = drawnRanges
      (target, note, _) = tracer.nearestPoint(
        of: trace.curve, from: position, forward: forward, tolerance: tolerance, x: x, y: y)
      if target == nil, let note {  // the outward search stopped: say why, claim nothing
        message = "no \(forward ? "next" : "previous") point of interest found: " + note
        return .redraw
      }
    }
    let after = note.map { "; " + $0 } ?? ""
    guard let target else {
      message = "no \(forward ? "next" : "previous") point of interest in the view" + after
      return .redraw
    }
    self.trace?.position = target.position
    message = target.what + (target.isProven ? " (proven)" : " (possible)") + after
    return .redraw
  }

  /// The status line's left part while tracing: the curve, the cursor's point, the
  /// parameter where there is one, and the slope dy/dx.
  func traceStatus(_ curve: TraceCurve, at position: Double) -> String {
    func shown(_ v: Double) -> String { v.isFinite ? shortNumber(v) : "undefined" }
    let (x, y) = curve.point(at: position)
    let m = curve.slope(at: position)
    let slope = "slope = " + (m.isInfinite ? "vertical" : shown(m))
    switch curve.kind {
    case .functionOfX:
      let title = curve.title.isEmpty ? "f(x)" : curve.title
      return "\(title): x = \(shortNumber(x))  f(x) = \(shown(y))  \(slope)"
    case .functionOfY:
      return "\(curve.title): y = \(shortNumber(y))  x = \(shown(x))  \(slope)"
    case .parametric(let name, _):
      return
        "\(curve.title): \(name) = \(shortNumber(position))  x = \(shown(x))  y = \(shown(y))"
        + "  \(slope)"
    }
  }
}
