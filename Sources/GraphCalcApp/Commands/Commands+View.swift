import CalculatorBrain

// The view commands: redraw, xrange, yrange, zoom, pan, center, reset, view, explore, undo.

extension CommandEntry {
  /// `redraw`.
  static let redraw = CommandEntry.noArguments(
    "redraw", usage: ["redraw"], summary: "draw the current plot or bar chart again",
    details: """
      Draws what is shown (the plot or the bar chart) again, at the terminal's size now:
      after resizing the window, or to see it again after other output.
      """, Redraw())

  /// `xrange XMIN XMAX`.
  static let xrange = CommandEntry(
    name: "xrange", usage: ["xrange XMIN XMAX"], summary: "set the x range of the view",
    details: """
      Sets the x range shown. Each bound is an expression; bounds are separated by
      spaces outside brackets, so write xrange -2pi 2pi or xrange (-2 * pi) (2 * pi).
      The bounds must be finite and XMIN < XMAX. The default is [-10, 10].
      """, changesView: true, steersPlotOnly: true
  ) { arguments throws(CommandError) in
    let (a, b) = try arguments.two(command: "xrange")
    return SetXRange(lower: a, upper: b)
  }

  /// `yrange YMIN YMAX|auto`.
  static let yrange = CommandEntry(
    name: "yrange", usage: ["yrange YMIN YMAX|auto"], summary: "set the y range, or fit it",
    details: """
      Sets the y range shown, as xrange does for x. 'yrange auto' (the default) fits y
      to the values the functions take over the x range; it depends only on the x range
      and the functions, so the terminal, an SVG and 'view' agree.
      """, keywords: ["auto"], changesView: true, steersPlotOnly: true
  ) { arguments throws(CommandError) in
    if arguments.text.text == "auto" { return SetYRange(bounds: nil) }
    let (a, b) = try arguments.two(command: "yrange")
    return SetYRange(bounds: (a, b))
  }

  /// `zoom FACTOR|in|out`.
  static let zoom = CommandEntry(
    name: "zoom", usage: ["zoom FACTOR|in|out"], summary: "zoom about the centre",
    details: """
      Scales the view about its centre: zoom 2 (or zoom in) halves the width and height,
      zoom 0.5 (or zoom out) doubles them. FACTOR is an expression, positive.
      When y is automatic, zoom fixes y at the automatic range and scales that; before
      anything is plotted y stays automatic. 'yrange auto' fits it again.
      """, keywords: ["in", "out"], changesView: true, steersPlotOnly: true
  ) { arguments throws(CommandError) in
    switch arguments.text.text {
    case "in": return Zoom(factor: .literal(2))
    case "out": return Zoom(factor: .literal(0.5))
    default: return Zoom(factor: .expression(try arguments.expressions(1...1, command: "zoom")[0]))
    }
  }

  /// `pan DX [DY]`, `pan left|right|up|down`.
  static let pan = CommandEntry(
    name: "pan", usage: ["pan DX [DY]", "pan left|right|up|down"], summary: "move the view",
    details: """
      Moves the view by DX and DY plot units (DY may be left out: pan 2), or by a
      quarter of the view towards a side. Panning up or down when y is automatic fixes y
      at the automatic range and moves that; panning left or right keeps it automatic.
      While a bar chart is shown, pan left|right scrolls it by half the bars shown and
      pan N by N bars (negative to the left).
      """, keywords: ["left", "right", "up", "down"], changesView: true
  ) { arguments throws(CommandError) in
    let direction = arguments.text
    switch direction.text {
    case "left", "right", "up", "down":
      return Pan(move: .side(direction))
    default:
      return Pan(move: .by(arguments.words.map(\.word), all: arguments.text))
    }
  }

  /// `center X [Y]`.
  static let center = CommandEntry(
    name: "center", usage: ["center X [Y]"], summary: "centre the view on a point",
    details: """
      Moves the view, keeping its size, so that its centre is (X, Y); without Y only x
      moves. A Y fixes an automatic y range first, as pan up does.
      """, changesView: true, steersPlotOnly: true
  ) { arguments throws(CommandError) in
    Center(coordinates: try arguments.expressions(1...2, command: "center"))
  }

  /// `reset`.
  static let reset = CommandEntry.noArguments(
    "reset", usage: ["reset"], summary: "back to the default view and settings",
    details: """
      Restores the default view: x in [-10, 10], y automatic; removes tangent lines. As
      gnuplot's reset, it also puts every setting of gnuplot's (set title, set key, set
      logscale, set xtics, set grid, set datafile, set style, set label, ...) back to its
      default; the canvas, colour, theme, base, digits, bar style, set fit, variables and
      functions stay.
      """,
    changesView: true,
    dataX: .restores, Reset())

  /// `view`.
  static let view = CommandEntry.noArguments(
    "view", usage: ["view"], summary: "show the view's ranges",
    details: """
      Prints the ranges shown, as x [A, B]  y [C, D]. With y automatic, y is the range
      fitted to the current plot.
      """, ShowView())

  /// `explore`.
  static let explore = CommandEntry.noArguments(
    "explore", usage: ["explore"], summary: "steer the plot with keys (full screen)",
    details: """
      Shows the current plot full screen and steers it with keys, as you would pinch and
      pan a graph: arrows or h j k l pan by a tenth of the view, + and - zoom about the
      centre, x X and y Y zoom one axis (in, out), 0 returns to where you started, u
      undoes the last change, t traces a curve: left and right move the cursor along it
      (a function of x by x, x = EXPR by y, a parametric or polar curve by t or θ) and the
      status line shows the point and the slope dy/dx (vertical, or undefined where there
      is no derivative); Tab and Shift-Tab (c, C) trace the next and previous curve
      (relations and data are skipped), n and p jump to the next and previous point of
      interest in the view (roots, minima, maxima, crossings: proven, or marked
      possible). q or Escape returns to the prompt keeping the view. At the prompt Ctrl-X
      starts it too. Example: plot sin(x), cos(x), then explore, t, Tab, n.
      While a bar chart is shown, explore scrolls it: left and right (h, l) by a bar,
      PgUp and PgDn (H, L) by a page, 0 (Home) to the first bar, $ (End) to the last;
      q keeps the position. Example: bar "iowa.csv" using year:value by source, explore
      """, Explore())

  /// `undo`.
  static let undo = CommandEntry.noArguments(
    "undo", usage: ["undo"], summary: "back to the view before the last change",
    details: """
      Steps back through earlier views, one view change at a time: zoom, pan, xrange,
      reset, and the keys of explore (one history for both). Example: zoom 2, then undo.
      """, steersPlotOnly: true, Undo())
}

extension CommandArguments {
  /// Exactly two blank-separated expression arguments (a range's bounds).
  ///
  /// - Throws: `CommandError` with the command's usage for another count.
  func two(command: String) throws(CommandError) -> (Word, Word) {
    let words = self.words
    guard words.count == 2 else {
      throw Session.usageError(command, given: words.count, at: isEmpty ? nil : text.span)
    }
    return (words[0].word, words[1].word)
  }

  /// `count` blank-separated expression arguments.
  ///
  /// - Throws: `CommandError` with the command's usage for another count.
  func expressions(_ count: ClosedRange<Int>, command: String) throws(CommandError) -> [Word] {
    let words = self.words
    guard count.contains(words.count) else {
      throw Session.usageError(command, given: words.count, at: isEmpty ? nil : text.span)
    }
    return words.map(\.word)
  }
}

/// `redraw`: the plot or bar chart shown, drawn again.
struct Redraw: SessionCommand, Hashable {
  func run(in session: inout Session) throws(CommandError) -> Reply { try session.redraw() }
}

/// `xrange A B`: the view's x range.
struct SetXRange: SessionCommand, Hashable {
  /// The bounds, expressions.
  var lower: Word
  var upper: Word

  func run(in session: inout Session) throws(CommandError) -> Reply {
    let (a, b) = (try session.number(lower), try session.number(upper))
    session.view.xRange = try ViewState.checkedRange(a, b, axis: "x")
    return try session.redraw()
  }
}

/// `yrange A B` or `yrange auto` (bounds nil).
struct SetYRange: SessionCommand {
  /// The bounds, expressions; nil for automatic.
  var bounds: (Word, Word)?

  func run(in session: inout Session) throws(CommandError) -> Reply {
    if let (lower, upper) = bounds {
      let (a, b) = (try session.number(lower), try session.number(upper))
      session.view.yRange = .fixed(try ViewState.checkedRange(a, b, axis: "y"))
    } else {
      session.view.yRange = .auto
    }
    return try session.redraw()
  }
}

/// A number argument: given by a keyword (`zoom in` is 2) or an expression to evaluate.
enum NumberArgument: Sendable, Hashable {
  /// A fixed value.
  case literal(Double)
  /// An expression, evaluated with the user's variables when the command runs.
  case expression(Word)
}

/// `zoom FACTOR|in|out`.
struct Zoom: SessionCommand, Hashable {
  /// The factor: 2 for `in`, 0.5 for `out`.
  var factor: NumberArgument

  func run(in session: inout Session) throws(CommandError) -> Reply {
    let value: Double
    switch factor {
    case .literal(let v): value = v
    case .expression(let word): value = try session.finiteNumbers([word], command: "zoom")[0]
    }
    try session.changeView { view, autoY throws(CommandError) in
      try view.zoom(by: value, autoY: autoY)
    }
    return try session.redraw()
  }
}

/// `pan DX [DY]` or `pan left|right|up|down`; while a bar chart is shown it scrolls it.
struct Pan: SessionCommand, Hashable {
  /// How far.
  enum Move: Sendable, Hashable {
    /// A quarter of the view towards a side (`left`, `right`, `up`, `down`).
    case side(Word)
    /// By the amounts given (expressions), and the whole argument text for carets.
    case by([Word], all: Word)
  }

  /// How far.
  var move: Move

  func run(in session: inout Session) throws(CommandError) -> Reply {
    if session.showsBarChart { return try session.panBars(move) }
    var values: [Double] = []
    if case .by(let words, let all) = move {
      guard (1...2).contains(words.count) else {
        throw Session.usageError(
          "pan", given: words.count, at: words.isEmpty ? nil : all.span)
      }
      values = try session.finiteNumbers(words, command: "pan")
    }
    let move = move
    let given = values
    var moved = true
    try session.changeView { view, autoY throws(CommandError) in
      switch move {
      case .side(let side) where side.text == "left" || side.text == "right":
        let quarter = view.quarterWidth
        try view.pan(dx: side.text == "left" ? -quarter : quarter, dy: 0, autoY: autoY)
      case .side(let side):
        guard let quarter = view.quarterHeight(autoY: autoY) else {
          moved = false
          return
        }
        try view.pan(dx: 0, dy: side.text == "down" ? -quarter : quarter, autoY: autoY)
      case .by:
        try view.pan(dx: given[0], dy: given.count > 1 ? given[1] : 0, autoY: autoY)
      }
    }
    return moved ? try session.redraw() : Reply()
  }
}

/// `center X [Y]`.
struct Center: SessionCommand, Hashable {
  /// X, and Y when given (expressions).
  var coordinates: [Word]

  func run(in session: inout Session) throws(CommandError) -> Reply {
    let values = try session.finiteNumbers(coordinates, command: "center")
    let scales = session.labels.scales
    let x = scales.x.coordinate(values[0])
    let y = values.count > 1 ? scales.y.coordinate(values[1]) : nil
    try session.changeView { view, autoY throws(CommandError) in
      try view.center(x: x, y: y, autoY: autoY)
    }
    return try session.redraw()
  }
}

/// `reset`: the default view (and the first bar of a bar chart).
struct Reset: SessionCommand, Hashable {
  func run(in session: inout Session) throws(CommandError) -> Reply {
    if session.showsBarChart { session.bars.firstBar = 0 }
    session.view = ViewState()
    session.curves?.guideLines = []  // tangent lines go with the view they were drawn for
    session.resetGnuplotSettings()
    return try session.redraw()
  }
}

/// `view`: the ranges shown (or the bars shown).
struct ShowView: SessionCommand, Hashable {
  func run(in session: inout Session) throws(CommandError) -> Reply {
    .text(session.showsBarChart ? session.barViewDescription : session.viewDescription)
  }
}

/// `explore`: asks the REPL for the full-screen view.
struct Explore: SessionCommand, Hashable {
  func run(in session: inout Session) throws(CommandError) -> Reply {
    guard session.showsBarChart || session.curves != nil else {
      throw CommandError(.nothingPlotted(action: "explore"))
    }
    var reply = Reply()
    reply.startsExplore = true
    return reply
  }
}

/// `undo`: the view before the last view change.
struct Undo: SessionCommand, Hashable {
  func run(in session: inout Session) throws(CommandError) -> Reply {
    guard let earlier = session.viewHistory.pop() else { throw CommandError(.nothingToUndo) }
    session.view = earlier
    guard session.curves != nil else { return .text(session.viewDescription) }
    return try session.redrawForDisplay()
  }
}

extension Session {
  /// Puts gnuplot's settings back to their defaults, as gnuplot 5.4's `reset` does
  /// (`help reset`: every option `set` can change, not the terminal or output, `set fit`,
  /// variables or functions): the plot's labels, key, ticks, scales, grid, second axes,
  /// annotations and curve modes (`PlotLabels`), the data files' separator, missing text and
  /// decimal comma, and the box and fill styles. graphcalc's own settings (canvas, colour,
  /// theme, base, digits, bar style) and the marks of `mark` stay, as gnuplot's terminal does;
  /// degrees chosen by `set angles degrees` go back to radians (a `mode deg` stays).
  mutating func resetGnuplotSettings() {
    if labels.anglesInDegrees { brain.angleUnit = .radians }
    let marks = labels.marks
    labels = PlotLabels()
    labels.marks = marks
    data.options.separator = nil
    data.options.missingText = nil
    data.options.decimalComma = nil
    data.boxWidth = nil
    data.fillDensity = nil
    data.histogramGap = DataSettings().histogramGap
  }
}
