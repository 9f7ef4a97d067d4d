import GraphView
import ImageRenderer
import Testing

@testable import GraphCalcApp

/// `set aspect equal` on a picture canvas: the ranges a picture shows are those of its own
/// plot area in pixels, whose shape is not the braille layout's (its margins are text of the
/// picture's font, not whole cells). The trace, the status line and `view` must follow the
/// picture's ranges: the reference here is the viewport the picture is drawn with
/// (`PlotOutput.draw` into the picture's renderer).
@Suite struct EqualAspectPictures {
  static let cell = PixelSize(width: 10, height: 20)
  static let size = TerminalSize(columns: 80, rows: 24)

  struct Case: Sendable, CustomTestStringConvertible {
    var canvas: CanvasKind
    var plot: String
    var testDescription: String { "\(canvas.rawValue): \(plot)" }
  }

  /// Tall views (x grows) and wide ones (y grows), on each picture canvas.
  static let cases: [Case] = [CanvasKind.kitty, .sixel, .iterm].flatMap { canvas in
    [
      "plot [-1:1] [-10:10] x", "plot [-10:10] [-1:1] sin(x)", "plot [-3:3] [-2:2] x^2 - 1",
    ].map { Case(canvas: canvas, plot: $0) }
  }

  /// A session after `set aspect equal` and `plot` on `canvas`, 80x24 cells of 10x20 pixels.
  func session(_ c: Case) -> Session {
    var session = Session(terminalSize: Self.size)
    session.display = TerminalDisplay(canvas: c.canvas)
    session.display.cellPixels = Self.cell
    #expect(session.run("set aspect equal").error == nil)
    #expect(session.run(c.plot).error == nil)
    return session
  }

  /// The x and y ranges of the viewport `curves` are drawn with on a picture of `columns` x
  /// `rows` cells.
  func pictureRanges(_ curves: FunctionCurves, columns: Int, rows: Int) -> (
    x: ClosedRange<Double>, y: ClosedRange<Double>
  ) {
    var renderer = PlotOutput.inlineRenderer(
      columns: columns, rows: rows, Self.cell, theme: .default)
    let drawn = PlotOutput.draw(
      curves, into: &renderer, xTickCount: PlotOutput.tickCount(renderer.size.width, per: 80),
      yTickCount: PlotOutput.tickCount(renderer.size.height, per: 60)
    ).drawn
    return (drawn.plot.viewport.xRange, drawn.plot.viewport.yRange)
  }

  func near(_ a: ClosedRange<Double>, _ b: ClosedRange<Double>) -> Bool {
    let tolerance = 1e-9 * (b.upperBound - b.lowerBound)
    return abs(a.lowerBound - b.lowerBound) <= tolerance
      && abs(a.upperBound - b.upperBound) <= tolerance
  }

  /// In `explore` (driven as the terminal drives it, so the driver tells the state its
  /// frames are pictures), the ranges drawn, searched and stepped by are the picture's; the
  /// trace's steps cover the picture's x range: its first step is in the picture's first
  /// column's cell and stepping to the right end stays in the picture (the marker shown)
  /// until the view pans.
  @Test(arguments: cases)
  func exploreFollowsThePicturesRanges(_ c: Case) throws {
    let s = session(c)
    var state = try s.exploreState()
    var terminal = ExplorePicturesInTheTerminal.Scripted(events: [])
    var picture: ExplorePicture? = ExplorePicture(
      canvas: c.canvas, cellPixels: Self.cell, theme: .default)
    ExploreDriver.run(&state, on: &terminal, picture: &picture)
    #expect(state.pictureCellPixels == Self.cell)
    let content = try #require(state.pictureContent)
    let shown = pictureRanges(content.curves, columns: 80, rows: 23)
    let drawn = state.drawnRanges
    #expect(near(drawn.x, shown.x), "x \(drawn.x) drawn, \(shown.x) in the picture")
    #expect(near(drawn.y, shown.y), "y \(drawn.y) drawn, \(shown.y) in the picture")
    // The trace: step right up to the view's edge; every cursor before the pan is inside
    // the picture's x range, and the last is within a step of its right end.
    _ = state.handle(.character("t"))
    let view = state.view
    var last: Double?
    for _ in 0..<200 {
      guard let p = state.tracePoint() else { break }
      #expect(shown.x.contains(p.x), "cursor x \(p.x) outside the picture's \(shown.x)")
      last = p.x
      _ = state.handle(.right)
      if state.view != view { break }
    }
    let step = (shown.x.upperBound - shown.x.lowerBound) / 60  // fewer than 80 steps a view
    let end = try #require(last)
    #expect(shown.x.upperBound - end < step, "last cursor \(end), picture's end \(shown.x)")
  }

  /// `view` at the prompt prints the ranges of the picture the plot was drawn as.
  @Test(arguments: cases)
  func viewPrintsThePicturesRanges(_ c: Case) throws {
    let s = session(c)
    let curves = try #require(s.currentCurves())
    let shown = pictureRanges(curves, columns: 80, rows: 23)
    let printed = try #require(s.equalAspectView)
    #expect(near(printed.0, shown.x), "x \(printed.0) printed, \(shown.x) in the picture")
    #expect(near(printed.1, shown.y), "y \(printed.1) printed, \(shown.y) in the picture")
  }
}
