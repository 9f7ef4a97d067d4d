import CalculatorBrain
import CompiledFunctions
import DataFiles
import GraphView
import TextAndNumbers

// `plot` and `export`.

extension CommandEntry {
  /// `plot [ranges] ITEM, ...`.
  static let plot = CommandEntry(
    name: "plot",
    usage: [
      "plot EXPR[, EXPR...]", "plot [XMIN:XMAX] [YMIN:YMAX] EXPR[, EXPR...]",
      "plot \"FILE\" [using X:Y[:...]] [every N] [with STYLE] [OPTIONS] [title \"TEXT\"][, ...]",
      "plot \"FILE\" using X:Y [smooth OPTION] [with STYLE]",
      "plot \"FILE\" using X:Y by GROUP [with STYLE]",
      "plot EXPR [with STYLE] [lw N] [lc rgb \"COLOUR\"|lc N] [pt N] [ps N] [dt N][, ...]",
      "plot RELATION[, ...]", "plot [t=A:B] (X, Y)[, ...]", "plot [theta=A:B] r = EXPR[, ...]",
      "plot EXPR1, EXPR2 fill between [A:B]", "plot EXPR[, ...] fill [A:B]",
    ],
    summary: "plot functions of x, relations in x and y, parametric and polar curves, "
      + "and data files in the terminal",
    details: """
      Plots one or more functions of x, separated by commas (a comma inside brackets,
      as in max(x, 1), belongs to the function). The plot fills the terminal: axes,
      tick labels, the curves and a legend. The plot stays current: the view commands
      redraw it and export writes it.
      Ranges in gnuplot's form set the view first, as xrange and yrange do; a bound may
      be an expression: plot [-5*pi:5*pi] tan(x). [] or [:] leaves a range as it is.
      In RPN mode each function is an RPN program: plot x sin x *
      Variables and functions keep the values they had when you typed plot.
      A file name in quotes plots a data file (CSV with or without a header, TSV,
      whitespace columns with # comments): using picks the columns by number or name
      (using 1:3, using date:temp_max; using 2 plots column 2 against the record
      number; without using, the first date or number column against the next number
      column), with (or w) picks the style, title sets the legend. Files and functions
      mix: plot "data.csv" using 1:3 with points, 2*x
      Styles, as gnuplot's (and its abbreviations: w l, w p, w lp, w i, w st, w yerr):
      lines, points, linespoints, impulses, steps, fsteps, histeps, boxes (using x:y,
      x:y:width or x:y:xlow:xhigh), dots, yerrorbars (x:y:ydelta or x:y:ylow:yhigh), xerrorbars,
      xyerrorbars (x:y:xdelta:ydelta or x:y:xlow:xhigh:ylow:yhigh), and yerrorlines,
      xerrorlines, xyerrorlines (the bars with the points joined). Options after an item,
      files and functions alike: lw N (linewidth, times the default), lc rgb "red" or
      lc rgb "#ff8000" (linecolor; gnuplot's colour names) or lc N (the Nth colour),
      pt N (pointtype: 1 +, 2 x, 3 *, 4 square, 5 filled, 6 circle, 7 filled, 8-11
      triangles, 12-13 diamonds), ps N (pointsize), dt N (dashtype: 2 dashed, 3 dotted,
      4 dash-dot). A function in a style other than lines is drawn at 100 points across
      the view, as gnuplot samples it: plot sin(x) with impulses lw 2 lc rgb "blue"
      A using part in brackets is an expression of the record, as in gnuplot:
      using 1:($2*1000), using ($1/3600):(log($3)), column(2), column("temp"), $0 the
      point's number, your variables and functions; 1/0 or NaN skips the point, so
      using 1:($3 > 10 ? $2 : 1/0) filters; strcol(N) compared by eq or ne filters by
      text: using 1:(strcol(3) eq "a" ? $2 : 1/0). A part xticlabels(N) (xtic(N), ytic(N))
      labels the ticks with column N's text: using 0:2:xtic(1). every N keeps each Nth
      record, every ::A::B records A to B (from 0), every :::B::B block B (after one blank
      line), index M the data set M (after two blank lines), skip N leaves out the
      file's first N lines.
      smooth unique|frequency|fnormal|cumulative|cnormal|kdensity [bandwidth H] [period P]
      summarises the points as
      gnuplot does: bin(x, w) = w*floor(x/w), then using (bin($1,0.5)):(1.0) smooth
      frequency with boxes is a histogram (set boxwidth W, set style fill solid; see also
      hist). by COLUMN draws a long table as one curve per distinct value of COLUMN, in
      order of first appearance, each in the legend: using date:price by symbol (with
      expressions, every and smooth too, each group smoothed on its own)
      The file "-" is inline data, as in gnuplot: the lines after the command, up to a
      line e (one block for each "-"); after -e they come from standard input.
      Missing or non-numeric cells are gaps, counted in a note. Dates make a time axis
      with calendar ticks. Until you set x (xrange, zoom, pan, [XMIN:XMAX]), x fits the
      data, and the functions are drawn over it. Huge files are decimated: each pixel
      column keeps its first, lowest, highest and last point (M4).
      An item with a comparison at its top is a relation in x and y: plot x^2 + y^2 = 25,
      plot y < sin(x), plot x^2 + y^2 <= 1 && y > 0, plot 0 < x < 2 (= < <= > >= != and
      ≤ ≥ ≠, joined with && || ! or ∧ ∨ ¬). y = EXPR draws EXPR's curve, x = EXPR a curve
      along y (x = 3 is a vertical line); any other relation is solved pixel by pixel by
      interval subdivision: a pixel is drawn only with proof that the relation holds in it,
      blank with proof that it does not, and otherwise undecided (drawn, counted in a note).
      A pair (X, Y) is a parametric curve in t, r = EXPR a polar curve in θ (or theta):
      plot (cos(t), sin(t)), plot r = 1 + cos(θ). t and θ run over [0, 2π] (mode deg:
      [0, 360]) unless a range names them: plot [t=0:6pi] (t*cos(t), t*sin(t)). They are
      drawn by interval subdivision of the parameter: chords within a pixel of the curve,
      and the pen lifts at poles and jumps (r = 1/(1 + 1.5cos(θ)) is two branches, no chord between them).
      fill between at the end of the line shades the area between the first two
      functions of x (what area measures), fill alone the area between each function of
      x and the x axis; [A:B] after it limits the shading to x in [A, B]: plot x^2, x
      fill between [0:1]. The shading follows the drawn curves: it stops at poles and
      jumps and is nothing where a curve is undefined.
      """,
    keywords: [
      "using", "with", "title", "notitle", "every", "index", "linewidth", "linecolor",
      "pointtype", "pointsize", "dashtype", "impulses", "steps", "boxes", "yerrorbars", "fill",
      "between", "smooth", "frequency", "cumulative", "kdensity", "by",
    ],
    changesView: true,
    dataX: .fits
  ) { arguments throws(CommandError) in
    try Plot(arguments)
  }

  /// `export svg|table FILE [W H]`.
  static let export = CommandEntry(
    name: "export",
    usage: [
      "export svg|png|pdf FILE [WIDTH HEIGHT]", "export table FILE [WIDTH [HEIGHT]]",
      "export values FILE",
    ],
    summary: "write the current plot to a file",
    details: """
      Writes the current plot to FILE: as an SVG, PNG or PDF picture (default 800x600
      pixels; a PDF page is 0.75 points a pixel, with vector paths and selectable text;
      the three are the same picture), or as a table of the sampled points in gnuplot's
      'set table' format, sampled as the plot would be at WIDTH x HEIGHT pixels (default
      800x600). The file is written whole or not at all. A name with spaces goes in double
      quotes.
      While a bar chart is shown (after bar), export svg, png and pdf write it, every bar,
      in the shape of set bar style, and export table writes its labels and values.
      export values writes the last table of values (the table command) as CSV or TSV,
      by FILE's ending (.csv; .tsv or .txt).
      """, keywords: ["svg", "png", "pdf", "table", "values"]
  ) { arguments throws(CommandError) in
    try Export(arguments)
  }
}

/// The gnuplot-style ranges in front of a `plot` command's items: `[A:B] [C:D] ITEM, ...`.
public struct PlotRanges: Sendable, Hashable {
  /// The x range (the first bracket), if given.
  public var x: RangeBounds?
  /// The y range (the second bracket), if given.
  public var y: RangeBounds?
  /// The items after the ranges.
  public var rest: CommandArguments
  /// The parameter's range of parametric and polar items (`[t=0:6pi]`), if given.
  public var parameter: RangeBounds?
  /// A first range that names another variable (gnuplot's `plot [u=0:1] sin(u), cos(u)`,
  /// `plot [q=0:1] q`): the name, the item's dummy variable for this plot, and the range
  /// with the name cut off, the parameter's in parametric and polar mode and x's otherwise.
  public var named: RangeBounds?
  /// The name `named` gives.
  public var namedDummy: String?

  /// Reads up to two leading ranges off `arguments`.
  ///
  /// - Parameter arguments: What follows the word `plot`.
  /// - Returns: The ranges found and the remaining arguments.
  /// - Throws: `CommandError` for a `[` without its `]`, or a third range.
  public static func read(_ arguments: CommandArguments) throws(CommandError) -> PlotRanges {
    var result = PlotRanges(x: nil, y: nil, rest: arguments)
    while let (bounds, rest) = try result.rest.leadingRange() {
      if let parameter = Session.parameterBounds(bounds) {
        result.parameter = parameter
      } else if result.x == nil, result.named == nil, let named = Session.namedBounds(bounds) {
        (result.namedDummy, result.named) = (named.name, named.bounds)
      } else if result.x == nil {
        result.x = bounds
      } else if result.y == nil {
        result.y = bounds
      } else {
        throw CommandError(.tooManyRanges, at: bounds.whole.span)
      }
      result.rest = rest
    }
    return result
  }
}

/// `plot [ranges] ITEM, ...`: each item a function of x or a data file
/// (`"FILE" [using X:Y] [with lines|points|linespoints] [title "TEXT"]`).
struct Plot: SessionCommand, Hashable {
  /// One item of the plot, as written.
  enum Item: Sendable, Hashable {
    /// A function (in the session's mode), as typed, its legend text when given
    /// (`title "TEXT"`; empty for `notitle`) and its style (`with impulses lw 2`).
    case function(Word, title: String?, style: PlotStyle = PlotStyle())
    /// A data file and how to read it.
    case data(Session.DataItemSpec)
    /// Two function items `X(t), Y(t)` read as one curve in `set parametric` mode, the
    /// second's title and style (Commands+Polar.swift).
    case pair(Word, Word, title: String?, style: PlotStyle)
  }

  /// The ranges given in front of the items.
  var x: RangeBounds?
  var y: RangeBounds?
  var parameter: RangeBounds?
  /// A first range naming the dummy variable (`PlotRanges.named`).
  var namedDummy: String?
  var named: RangeBounds?
  /// The items, in order.
  var items: [Item]
  /// Whether the items join the current plot's curves (`replot EXPR`) instead of
  /// replacing them.
  var appends = false
  /// The `fill [between] [[A:B]]` clause that ends the line, if any (Commands+Fill.swift).
  var fill: FillClause?

  /// The most curves one plot holds (items of `plot`, and with `replot` the ones before):
  /// a plot line of 500,000 functions once took minutes and gigabytes. A legend of 1000
  /// entries is already unreadable; a data file with many columns is one item a column.
  static let curveLimit = 1000

  /// Reads the ranges and items.
  ///
  /// - Throws: `CommandError` at the bad range, more than `curveLimit` items, the empty item, or the bad word of a data
  ///   item.
  /// The items with `with labels offset X,Y` put together again: its comma is no item's
  /// end (gnuplot reads the offset before it looks for the next item).
  static func joiningOffsets(_ pieces: [CommandArguments]) -> [CommandArguments] {
    var out: [CommandArguments] = []
    for piece in pieces {
      if let last = out.last, endsInOffset(last) {
        out[out.count - 1] = CommandArguments(
          line: last.line, range: last.range.lowerBound..<piece.range.upperBound,
          start: last.start)
      } else {
        out.append(piece)
      }
    }
    return out
  }

  /// Whether `piece` ends in `offset [character] [-]X` (its comma then comes next).
  static func endsInOffset(_ piece: CommandArguments) -> Bool {
    var tokens = Array(piece.tokens)
    guard tokens.count >= 3, tokens.last?.kind == .number else { return false }
    tokens.removeLast()
    if let sign = tokens.last, sign.kind == .symbol, sign.text == "-" || sign.text == "+" {
      tokens.removeLast()
    }
    if let unit = tokens.last, ["character", "char"].contains(unit.text) { tokens.removeLast() }
    guard let word = tokens.last, word.kind == .name, ["offset", "off"].contains(word.text)
    else { return false }
    return tokens.contains { $0.kind == .name && $0.text.hasPrefix("label") }
  }

  init(_ arguments: CommandArguments) throws(CommandError) {
    let ranges = try PlotRanges.read(arguments)
    x = ranges.x
    y = ranges.y
    parameter = ranges.parameter
    namedDummy = ranges.namedDummy
    named = ranges.named
    items = []
    var pieces = Plot.joiningOffsets(ranges.rest.items)
    for (k, piece) in pieces.enumerated() {
      let (item, clause) = try Plot.fillClause(piece, alone: pieces.count == 1)
      guard let clause else { continue }
      guard k == pieces.count - 1 else {
        throw CommandError(
          .notSupported(
            what: "fill before the last item",
            hint: "fill goes at the end of the line, as in: plot sin(x), cos(x) fill between"),
          at: clause.keyword.span)
      }
      pieces[k] = item
      fill = clause
    }
    if fill != nil, pieces.count == 1, pieces[0].isEmpty { pieces = [] }  // `replot fill`
    guard pieces.count <= Plot.curveLimit else {
      throw CommandError(
        .tooManyCurves(given: pieces.count, limit: Plot.curveLimit),
        at: pieces[Plot.curveLimit].text.span)
    }
    var newHistogram: NewHistogram? = nil
    for piece in pieces {
      let text = piece.text
      guard let first = piece.tokens.first else {
        throw CommandError(
          .expected("a function of x or a \"FILE\""), at: text.offset..<(text.offset + 1))
      }
      // gnuplot's `newhistogram` item (Session+Histograms.swift): it starts the histogram
      // of the data item after it.
      let second = piece.tokens.dropFirst().first
      if first.kind == .name, first.text.count >= 7, "newhistogram".hasPrefix(first.text),
        second == nil || second?.kind == .string
          || ["at", "lt", "fs", "linetype", "fill", "fillstyle"].contains(second?.text ?? "")
      {
        if let earlier = newHistogram {
          throw CommandError(
            .needs(word: "newhistogram", what: "a data item after it"), at: earlier.word.span)
        }
        newHistogram = try NewHistogram.parse(piece.words.map(\.source))
        continue
      }
      if let earlier = newHistogram, first.kind != CommandToken.Kind.string {
        throw CommandError(
          .needs(
            word: "newhistogram",
            what: "a data item after it, as in: newhistogram, "
              + "\"FILE\" using 2"), at: earlier.word.span)
      }
      if first.kind == CommandToken.Kind.string || Session.startsDataBlockName(piece.tokens) {
        var spec = try Session.parseDataItem(piece.words, previousFile: true)
        spec.newHistogram = newHistogram
        newHistogram = nil
        if spec.path.text.isEmpty {  // `""`: the previous file of this command, if any
          for case .data(let earlier) in items.reversed() where !earlier.path.text.isEmpty {
            spec.path.text = earlier.path.text
            break
          }
        }
        items.append(.data(spec))
      } else {
        let (function, title, style) = try Plot.titledFunction(piece)
        items.append(.function(function, title: title, style: style))
      }
    }
    if let earlier = newHistogram {
      throw CommandError(
        .needs(word: "newhistogram", what: "a data item after it"), at: earlier.word.span)
    }
  }

  func run(in session: inout Session) throws(CommandError) -> Reply {
    // `""` before any file of this command is the file of the last plot (gnuplot's rule).
    var items = items
    let curveMode = session.labels.curveMode
    // `plot [u=0:1] ...`: the range of the variable it names, for this plot its dummy.
    var (x, parameter) = (x, parameter)
    if let named {
      if curveMode.parametric || curveMode.polar { parameter = named } else { x = named }
    }
    if let namedDummy {
      session.labels.curveMode.dummy[0] = namedDummy
    }
    defer { session.labels.curveMode.dummy = curveMode.dummy }
    if curveMode.parametric, session.mode == .infix {
      items = try Plot.pairedForParametric(items)
    }
    for k in items.indices {
      guard case .data(var spec) = items[k], spec.path.text.isEmpty else { continue }
      guard let last = session.data.lastFile else {
        throw CommandError(.noPreviousFile, at: spec.path.offset..<(spec.path.offset + 2))
      }
      spec.path.text = last
      items[k] = .data(spec)
    }
    // `set style data histograms`: data items without `with` are histograms.
    if session.labels.annotations.dataHistograms {
      for k in items.indices {
        guard case .data(var spec) = items[k], !spec.style.withGiven else { continue }
        spec.style.histogram = true
        spec.style.marks = .boxes
        items[k] = .data(spec)
      }
    }
    Session.placeHistograms(&items)
    var histograms = HistogramRun()
    // gnuplot's `replot` reads the plot line again: a histogram plot's layout follows the
    // `set style histogram` made since (Replot runs this line again).
    let hasHistograms = items.contains {
      if case .data(let spec) = $0 { return spec.style.histogram } else { return false }
    }
    if !appends {
      session.data.histogramPlot = hasHistograms && Session.inlineItemCount(items) == 0 ? self : nil
    } else if hasHistograms {
      session.data.histogramPlot = nil
    }
    let inlineCount = Session.inlineItemCount(items)
    if inlineCount > 0 {
      // `plot "-"`: the data lines come first; the line runs again with them.
      guard session.inlineBlocks != nil else {
        var waiting = Reply()
        waiting.awaitsInlineBlocks = inlineCount
        return waiting
      }
    }
    let inlineBlocks = session.inlineBlocks ?? []
    session.inlineBlocks = nil
    var inlineIndex = 0
    let before = session
    var newView = session.view
    if let x, let r = try session.range(x, current: newView.xRange, axis: "x") {
      newView.xRange = r
    }
    if let y, let r = try session.range(y, current: newView.currentY(nil), axis: "y") {
      newView.yRange = .fixed(r)
    }
    var plotted: [PlotItem] = []
    var notes: [String] = []
    var dataPaths: [(DataCurve, String)] = []
    let parameterRange =
      try parameter.flatMap { b throws(CommandError) in
        try session.range(b, current: session.defaultParameterRange, axis: Session.parameterName(b))
      } ?? curveMode.tRange ?? session.defaultParameterRange
    for item in items {
      switch item {
      case .pair(let x, let y, let title, let style):
        try Plot.checkRadius(style, y, polar: false)
        plotted.append(
          try session.parametricModeItem(
            x, y, title: title, range: parameterRange, style: style))
      case .data(var spec):
        try Plot.checkRadius(spec.style, spec.path, polar: curveMode.polar)
        if !spec.style.withGiven, !spec.style.histogram,
          let marks = session.labels.annotations.dataStyle
        {
          spec.style.marks = marks  // `set style data STYLE`
        }
        let reading = session.data.options
        if spec.path.text == DataFile.inlinePath {  // `"-"`: its block, as the file
          session.data.options.inlineData =
            inlineIndex < inlineBlocks.count ? inlineBlocks[inlineIndex] : []
          inlineIndex += 1
        }
        defer { session.data.options = reading }
        if Session.isPseudoFile(spec.path.text) {  // `'+'`, `'++'`: generated lines
          let range = parameter == nil ? curveMode.tRange ?? newView.xRange : parameterRange
          session.data.options.dataBlocks[spec.path.text] = session.pseudoFileBytes(
            spec.path.text, range: range)
        }
        if let skip = spec.skip { session.data.options.skipLines = try session.skipCount(skip) }
        if let by = spec.by {  // a long table: one curve per group
          let (curves, note) = try session.groupedDataItems(spec, by: by)
          plotted += curves.map { .data($0) }
          if let note { notes.append(note) }
          continue
        }
        var (curve, note) = try session.styledDataItem(spec)
        if curveMode.polar {  // gnuplot reads the columns as (θ, r)
          curve = session.polarData(curve, style: spec.style)
        }
        if let place = spec.histogramPlace {  // Session+Histograms.swift
          try session.layOutHistogram(
            &curve, place: place, index: plotted.count, title: spec.title, run: &histograms)
          if session.data.histogram.layout == .columnstacked {  // after the items
            if let note { notes.append(note) }
            continue
          }
        }
        plotted.append(.data(curve))
        if let note { notes.append(note) }
        dataPaths.append((curve, spec.path.text))
      case .function(let piece, let givenTitle, var style):
        if let curve = try session.curveItem(
          piece, title: givenTitle, parameterRange: parameterRange)
        {
          try Plot.checkRadius(style, piece, polar: false)
          plotted.append(session.styled(curve, style))
          continue
        }
        if let relation = try session.relationItem(piece, title: givenTitle) {
          if case .function(let f, let title, _) = relation {
            plotted.append(.function(f, title: title, style: session.boxLook(style)))
          } else {
            try Plot.checkUnstyled(style, piece)
            plotted.append(relation)
          }
          continue
        }
        if curveMode.polar, session.mode == .infix {  // `set polar`: r(t)
          plotted.append(
            try session.polarModeItem(
              piece, title: givenTitle, range: parameterRange, style: style))
          continue
        }
        try Plot.checkRadius(style, piece, polar: false)
        if !style.withGiven, let marks = session.labels.annotations.functionStyle {
          style.marks = marks  // `set style function STYLE`
        }
        let (expressions, locations) = try session.expressions(piece)
        for (expr, title) in expressions {
          // `set dummy t`: the item is written in t, read as x; x itself is then no
          // variable of it (gnuplot: undefined variable).
          let dummy = session.dummyRename(from: "x")
          if dummy != nil, expr.mentions("x"), session.brain.variables["x"] == nil {
            throw CommandError(
              CalcError(.unknownName("x"), at: locations["x"]), shiftedBy: piece.offset)
          }
          do {
            // In degrees (mode deg) the trigonometric calls are rewritten to radians, in the
            // user's functions too, so the compiled functions keep one set of rules.
            let unit = session.brain.angleUnit
            let functions = session.compilingBrain.functions
            let f = try PlotFunction(
              unit.rewrite(dummy.map { expr.renaming($0, to: "x") } ?? expr), variable: "x",
              variables: session.brain.variables, functions: functions,
              nameLocations: dummy.flatMap { locations[$0] }.map { ["x": $0] } ?? locations)
            plotted.append(.function(f, title: givenTitle ?? title, style: session.boxLook(style)))
          } catch {
            // The compiler places errors about names; any other is about the whole item.
            var located = CommandError(error, shiftedBy: piece.offset)
            if located.location == nil { located.location = piece.span }
            throw located
          }
        }
      }
    }
    if let first = histograms.towers.first {  // columnstacked: a curve a record
      let records = Session.columnstackedCurves(histograms.towers).map { PlotItem.data($0) }
      plotted.insert(contentsOf: records, at: min(first.index, plotted.count))
    }
    if plotted.isEmpty {
      guard var curves = session.curves else {
        throw CommandError(.plotWhat)
      }
      if let fill {  // `replot fill between`: over the curves already plotted
        curves.fills += try session.fills(fill, items: curves.items, offset: 0)
        session.curves = curves
      }
    } else {
      let all = (appends ? session.curves?.items ?? [] : []) + plotted
      guard all.count <= Plot.curveLimit else {
        session = before
        throw CommandError(.tooManyCurves(given: all.count, limit: Plot.curveLimit))
      }
      let earlier = appends ? session.curves : nil
      var curves = FunctionCurves(items: all)
      curves.histogramTitles = (earlier?.histogramTitles ?? []) + histograms.titles
      curves.fills = earlier?.fills ?? []
      curves.guideLines = earlier?.guideLines ?? []
      if let fill {
        curves.fills += try session.fills(
          fill, items: plotted, offset: all.count - plotted.count)
      }
      session.curves = curves
      session.data.histogramPlotTitles = curves.titles
    }
    // x follows the data until the user sets it (gnuplot's autoscaled x).
    if let x, x.lower != nil || x.upper != nil {
      session.data.xFollowsData = false
    } else if session.data.xFollowsData, !plotted.isEmpty, let curves = session.curves {
      let onlyHistograms = curves.items.allSatisfy {
        if case .data(let c) = $0 { return c.look.histogram } else { return false }
      }
      if onlyHistograms, let range = histograms.xRange {  // gnuplot's range of histograms
        newView.xRange = range
      } else if let fitted = Session.dataXRange(of: session.fitting(curves)) {
        newView.xRange =
          (try? ViewState.checkedRange(fitted.lowerBound, fitted.upperBound, axis: "x")) ?? fitted
      } else {
        newView.xRange = ViewState.defaultXRange
      }
    }
    session.view = newView
    session.shown = .plot
    for case .data(let spec) in items.reversed() {
      session.data.lastFile = spec.path.text
      break
    }
    var reply = try session.plotted()
    try session.stopIfInterrupted(plotted, restoring: before)
    try session.stopIfCurvesInterrupted(plotted, restoring: before)
    for note in notes { reply.output += note + "\n" }
    // A series wholly outside the view (a view fixed earlier) would be an empty frame.
    if let shown = session.currentCurves(), shown.labels.scales.isLinear {
      for (curve, path) in dataPaths {
        if let note = Session.outsideNote(
          curve, path: path, xRange: shown.xRange, yRange: shown.yRange)
        {
          reply.output += note + "\n"
        }
      }
    }
    return reply
  }
}

extension Plot {
  /// Refuses `filledcurves r=R` on an item that is not a polar curve of `set polar`.
  ///
  /// - Throws: `CommandError` under the item when `style` has a fill radius and `polar` is
  ///   false.
  static func checkRadius(_ style: PlotStyle, _ piece: Word, polar: Bool) throws(CommandError) {
    guard style.fillRadius != nil, !polar else { return }
    throw CommandError(
      .notSupported(
        what: "filledcurves r= outside set polar",
        hint: "r=R fills to the circle of radius R of a polar plot: set polar first"),
      at: style.fillRadiusSpan ?? piece.span)
  }

  /// Refuses a style on a relation, which is drawn with lines of the default look only.
  ///
  /// - Throws: `CommandError` under the item when `style` is not the default.
  static func checkUnstyled(_ style: PlotStyle, _ piece: Word) throws(CommandError) {
    guard style.marks != .lines || style.look != CurveLook() else { return }
    throw CommandError(
      .notSupported(
        what: "a style on a relation",
        hint: "with, lw, lc, pt, ps and dt are for functions, curves and data files"),
      at: piece.span)
  }
}

/// `export svg FILE [W H]` and `export table FILE [W [H]]` of the plot or bar chart shown.
struct Export: SessionCommand {
  /// The file format.
  var format: Argument
  /// The path, as typed (quotes removed).
  var path: String
  /// The path's argument, for carets.
  var file: Argument
  /// The sizes given (expressions), and all of them as typed, for carets.
  var sizes: [Word]
  var sizesSpan: Range<Int>?

  /// Reads `svg|png|pdf|table FILE [W [H]]`.
  ///
  /// - Throws: `CommandError` with the usage for a missing or unknown format or file.
  init(_ arguments: CommandArguments) throws(CommandError) {
    let words = arguments.words
    guard let format = words.first,
      ["svg", "png", "pdf", "table", "values"].contains(format.text), words.count >= 2,
      format.text != "values" || words.count == 2
    else {
      throw Session.usageError("export", given: 0, at: words.first?.span)
    }
    self.format = format
    path = words[1].text
    file = words[1]
    sizes = words.dropFirst(2).map(\.word)
    sizesSpan =
      words.count > 2 ? words[2].span.lowerBound..<words[words.count - 1].span.upperBound : nil
  }

  func run(in session: inout Session) throws(CommandError) -> Reply {
    if format.text == "values" { return try ValuesExport.write(session, to: file) }
    let pixels = try sizes.map { w throws(CommandError) in try session.pixels(w) }
    if session.showsBarChart { return try session.exportBars(self, sizes: pixels) }
    let width: Int
    let height: Int
    switch (format.text, pixels.count) {
    case (_, 0): (width, height) = (800, 600)
    case ("table", 1): (width, height) = (pixels[0], max(16, pixels[0] * 3 / 4))
    case (_, 2): (width, height) = (pixels[0], pixels[1])
    default: throw Session.usageError("export", given: 0, at: sizesSpan)
    }
    let notes = try writeFile(
      session, width: width, height: height,
      page: session.multiplot.hasPage && format.text != "table")
    return .text(
      (["wrote \(TerminalText.safe(path)) (\(width)x\(height))"] + notes).joined(separator: "\n"))
  }

  /// Writes the plot (or, with `page`, the multiplot's page) as `format` to `path` at
  /// `width` x `height` pixels: what `export` and `set output` write.
  ///
  /// - Returns: The notes of the drawing, one a line.
  /// - Throws: `CommandError` when nothing is plotted, or the file cannot be written or the
  ///   picture made.
  func writeFile(_ session: Session, width: Int, height: Int, page: Bool) throws(CommandError)
    -> [String]
  {
    if page { return try exportPage(session, width: width, height: height) }
    guard let curves = session.currentCurves() else {
      throw CommandError(.nothingPlotted(action: "export"))
    }
    let budget = session.samplingBudget
    switch format.text {
    case "png", "pdf":
      let drawn = try PlotOutput.pictureWithNotes(
        curves, width: width, height: height, format: format.text == "png" ? .png : .pdf,
        budget: budget, theme: session.theme)
      try AtomicFile.write(drawn.bytes, to: path)
      return drawn.notes
    case "svg":
      let drawn = PlotOutput.svgWithNotes(
        curves, width: width, height: height, budget: budget, theme: session.theme)
      try AtomicFile.write(drawn.text, to: path)
      return drawn.notes
    default:
      try Session.checkRelationTable(curves, width: width, height: height, at: sizesSpan)
      let drawn = PlotOutput.tableWithNotes(curves, width: width, height: height, budget: budget)
      try AtomicFile.write(drawn.text, to: path)
      return drawn.notes
    }
  }
}
