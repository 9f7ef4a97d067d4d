import GraphView
import ImageRenderer
import SVGRenderer
import TextAndNumbers
import TextCanvas

// gnuplot's multiplot (`set multiplot [layout R,C ...] [title "T"]`, `unset multiplot`):
// several plots on one page, after gnuplot 5.4's src/multiplot.c. Each `plot` between them
// becomes a panel: the next cell of the layout, or the part of the page `set size` and
// `set origin` give. gnuplot draws each plot as it comes; graphcalc draws the page:
// - in scripts and `-e`, once, at `unset multiplot` (each `plot` inside draws nothing);
// - at an interactive prompt, after each `plot` too (the page so far, `redrawsAtThePrompt`);
// - `export svg|png|pdf FILE` writes the page so far, or the last page after `unset
//   multiplot` until the next plot outside a multiplot.
// A plot with `set size`/`set origin` outside a multiplot is a page of one panel.

/// The cells of `set multiplot layout R,C ...`.
struct MultiplotLayout: Sendable, Hashable {
  /// Rows and columns of cells.
  var rows: Int
  var columns: Int
  /// `columnsfirst` (down a column, then the next); `rowsfirst`, the default, fills rows.
  var columnsFirst = false
  /// `upwards` (the first row at the bottom); `downwards`, the default, starts at the top.
  var upwards = false
  /// `margins L,R,B,T`: the outer edges of the plot areas, screen fractions; nil for each
  /// cell's own automatic margins.
  var margins: [Double]?
  /// `spacing X,Y`: the gaps between plot areas, screen fractions (gnuplot's 0.05, 0.05);
  /// read only with `margins`.
  var spacing = (x: 0.05, y: 0.05)

  static func == (a: Self, b: Self) -> Bool {
    a.rows == b.rows && a.columns == b.columns && a.columnsFirst == b.columnsFirst
      && a.upwards == b.upwards && a.margins == b.margins && a.spacing == b.spacing
  }
  func hash(into h: inout Hasher) {
    h.combine(rows)
    h.combine(columns)
  }

  /// The row and column of the `index`th plot (0-based), wrapping after the last cell.
  func cell(_ index: Int) -> (row: Int, column: Int) {
    let i = index % max(rows * columns, 1)
    return columnsFirst ? (i % rows, i / rows) : (i / columns, i % columns)
  }
}

/// One plot of a page and where it goes.
struct MultiplotPanel: Sendable {
  /// The plot as it was when drawn (its labels, margins, size and origin).
  var curves: FunctionCurves
  /// Its cell of the layout, or nil when `set size`/`set origin` place it.
  var cell: (row: Int, column: Int)?
}

/// The multiplot being put together, or the last page drawn.
struct MultiplotState: Sendable {
  /// Between `set multiplot` and `unset multiplot`.
  var isActive = false
  /// The layout, or nil for panels placed by `set size` and `set origin`.
  var layout: MultiplotLayout?
  /// The page's title (`title "T"`), empty for none.
  var title = ""
  /// The panels so far (or of the last page, until the next plot outside a multiplot).
  var panels: [MultiplotPanel] = []
  /// The layout's next cell.
  var next = 0

  /// Whether `export` and `unset multiplot` have a page to draw.
  var hasPage: Bool { !panels.isEmpty }
}

extension MultiplotState {
  /// Where panel `panel` goes on a page of `size` pixels whose character (gnuplot's, for
  /// the title's line) is `char`: its part of the page, and the margins its layout gives
  /// (`margins L,R,B,T`: the plot area at screen fractions), nil to keep the plot's own.
  func place(
    _ panel: MultiplotPanel, page size: PixelSize, char: (width: Double, height: Double)
  ) -> (rect: PixelRect, margins: PlotLayout.Margins?) {
    let w = Double(size.width)
    let h = Double(size.height)
    let whole = PixelRect(x: 0, y: 0, width: w, height: h)
    if let layout, let cell = panel.cell {
      let row = layout.upwards ? layout.rows - 1 - cell.row : cell.row
      if let m = layout.margins, m.count == 4 {
        // The plot areas tile [L, R] x [B, T] with the spacing between them (gnuplot's
        // multiplot.c: each plot gets margins at screen coordinates).
        let cols = Double(layout.columns)
        let rows = Double(layout.rows)
        let pw = (m[1] - m[0] - (cols - 1) * layout.spacing.x) / cols
        let ph = (m[3] - m[2] - (rows - 1) * layout.spacing.y) / rows
        var margins = PlotLayout.Margins()
        let left = m[0] + Double(cell.column) * (pw + layout.spacing.x)
        let top = m[3] - Double(row) * (ph + layout.spacing.y)
        margins.left = .screen(left)
        margins.right = .screen(left + pw)
        margins.top = .screen(top)
        margins.bottom = .screen(top - ph)
        return (whole, margins)
      }
      // Equal cells below the title's line (gnuplot: the title takes one character height).
      let titleHeight = title.isEmpty ? 0 : char.height
      let cw = w / Double(layout.columns)
      let ch = (h - titleHeight) / Double(layout.rows)
      return (
        PixelRect(
          x: Double(cell.column) * cw, y: titleHeight + Double(row) * ch, width: cw, height: ch),
        nil
      )
    }
    let p = panel.curves.labels.placement
    return (
      PixelRect(x: p.x * w, y: (1 - p.y - p.height) * h, width: p.width * w, height: p.height * h),
      nil
    )
  }

  /// Draws the page into `renderer`: each panel in its part (`OffsetRenderer`), then the
  /// title centred in the top line.
  ///
  /// - Parameters:
  ///   - renderer: The page's output.
  ///   - ticks: The tick counts (x, y) for a panel of the given size in the renderer's
  ///     pixels.
  ///   - aspect: The pixel aspect of the renderer's dots (a text canvas's), or nil.
  ///   - budget: The sampler's limits per curve.
  /// - Returns: The notes of the panels' plots.
  func draw(
    into renderer: inout some PlotRenderer, ticks: (PixelSize) -> (x: Int, y: Int),
    aspect: Double?, budget: SamplingBudget
  ) -> [String] {
    let char = PlotLayout.characterUnit(of: renderer)
    let cells = renderer.capabilities.contains(.cellPoints)
    let cell = renderer.textSize("0")
    var notes: [String] = []
    for panel in panels {
      var (rect, margins) = place(panel, page: renderer.size, char: char)
      // Whole pixels; on a text canvas whole cells.
      let (sx, sy) = cells ? (max(cell.width, 1), max(cell.height, 1)) : (1, 1)
      let x0 = (rect.minX / sx).rounded() * sx
      let y0 = (rect.minY / sy).rounded() * sy
      let x1 = min((rect.maxX / sx).rounded() * sx, Double(renderer.size.width))
      let y1 = min((rect.maxY / sy).rounded() * sy, Double(renderer.size.height))
      rect = PixelRect(
        x: max(0, x0), y: max(0, y0), width: x1 - max(0, x0), height: y1 - max(0, y0))
      guard rect.width >= 1, rect.height >= 1 else { continue }
      var curves = panel.curves
      if let margins { curves.labels.margins = margins }
      if let aspect { curves.pixelAspect = aspect }
      var part = OffsetRenderer(renderer, rect: rect)
      let counts = ticks(part.size)
      notes +=
        PlotOutput.draw(
          curves, into: &part, xTickCount: counts.x, yTickCount: counts.y, budget: budget
        ).notes
      renderer = part.base
    }
    if !title.isEmpty {
      renderer.drawText(
        title, at: PixelPoint(x: Double(renderer.size.width) / 2, y: char.height / 2),
        anchor: TextAnchor(.center, .middle), style: .title)
    }
    return notes
  }

  /// The page as an SVG document of `width` x `height` pixels, and the notes.
  func svg(width: Int, height: Int, budget: SamplingBudget, theme: Theme) -> (
    text: String, notes: [String]
  ) {
    let size = PixelSize(width: width, height: height)
    var svg = SVGRenderer(size: size, fontSize: PlotLayout.fontSize(for: size), theme: theme)
    let notes = draw(into: &svg, ticks: Self.pictureTicks, aspect: nil, budget: budget)
    return (svg.document(), notes)
  }

  /// The page as a PNG or PDF file of `width` x `height` pixels, and the notes.
  ///
  /// - Throws: `CommandError` (`.image`) when cairo cannot make the picture.
  func picture(
    width: Int, height: Int, format: CairoRenderer.Format, budget: SamplingBudget, theme: Theme
  ) throws(CommandError) -> (bytes: [UInt8], notes: [String]) {
    let size = PixelSize(width: width, height: height)
    var renderer = CairoRenderer(
      size: size, format: format, fontSize: PlotLayout.fontSize(for: size), theme: theme)
    let notes = draw(into: &renderer, ticks: Self.pictureTicks, aspect: nil, budget: budget)
    return (try PlotOutput.picture(renderer), notes)
  }

  /// The pictures' tick counts: one x tick per 80 pixels, one y tick per 60.
  static func pictureTicks(_ size: PixelSize) -> (x: Int, y: Int) {
    (PlotOutput.tickCount(size.width, per: 80), PlotOutput.tickCount(size.height, per: 60))
  }

  /// The page in a terminal of `size` (its last row left for the prompt), on `canvas`:
  /// each panel a sub-area of the character picture, or of the picture of an image canvas.
  ///
  /// - Throws: `CommandError` when the terminal is too small or a picture cannot be made.
  func terminal(
    size: TerminalSize, canvas: CanvasKind, colors: TerminalColors?, budget: SamplingBudget,
    cellPixels: PixelSize, theme: Theme, passthrough: Bool
  ) throws(CommandError) -> (text: String, notes: [String]) {
    try PlotOutput.checkTerminalSize(size)
    let columns = size.columns
    let rows = size.rows - 1
    if canvas.isImage {
      var renderer = PlotOutput.inlineRenderer(
        columns: columns, rows: rows, cellPixels, theme: theme)
      let notes = draw(into: &renderer, ticks: Self.pictureTicks, aspect: nil, budget: budget)
      return (
        try PlotOutput.inline(
          renderer, canvas: canvas, columns: columns, rows: rows, passthrough: passthrough),
        notes
      )
    }
    switch canvas.characters {
    case .braille, .kitty, .iterm, .sixel:
      return text(BrailleGlyphs(), columns, rows, colors, budget)
    case .block: return text(BlockGlyphs(), columns, rows, colors, budget)
    case .ascii: return text(AsciiGlyphs(), columns, rows, colors, budget)
    }
  }

  private func text<G: CellGlyphs>(
    _ glyphs: G, _ columns: Int, _ rows: Int, _ colors: TerminalColors?, _ budget: SamplingBudget
  ) -> (text: String, notes: [String]) {
    var canvas = DotCanvas(columns: columns, rows: rows, glyphs: glyphs)
    canvas.distinguishesCurves = colors == nil
    let d = glyphs.dotsPerCell
    let notes = draw(
      into: &canvas,
      ticks: { size in
        (
          PlotOutput.tickCount(size.width / max(d.columns, 1), per: 12),
          PlotOutput.tickCount(size.height / max(d.rows, 1), per: 4)
        )
      }, aspect: FunctionCurves.dotAspect(d), budget: budget)
    return (canvas.render(colors: colors), notes)
  }
}

extension Session {
  /// What a `plot` answers once its curves are in place: inside a multiplot, the plot
  /// becomes the page's next panel and draws nothing (an interactive prompt redraws the
  /// page); after `set size`/`set origin`, a page of one panel; else the plot in the
  /// terminal (`redraw`).
  mutating func plotted() throws(CommandError) -> Reply {
    noteDrawnRanges()
    guard multiplot.isActive else {
      multiplot.panels = []
      multiplot.layout = nil
      multiplot.title = ""
      if !labels.placement.fillsPage, !showsBarChart, let curves = currentCurves() {
        multiplot.panels = [MultiplotPanel(curves: curves, cell: nil)]
        return try drawPage()
      }
      return try redraw()
    }
    guard let curves = currentCurves() else { return Reply() }
    var cell: (row: Int, column: Int)?
    if let layout = multiplot.layout {
      cell = layout.cell(multiplot.next)
      multiplot.next += 1
    }
    multiplot.panels.append(MultiplotPanel(curves: curves, cell: cell))
    var reply = Reply()
    reply.redrawsAtThePrompt = true
    return reply
  }

  /// The page drawn for the terminal, with its notes (nothing when output is discarded).
  func drawPage() throws(CommandError) -> Reply {
    if let file = outputFile { return try writeOutput(file, page: true) }
    if standardOutputDiscarded?() == true {
      try PlotOutput.checkTerminalSize(terminalSize)
      return Reply()
    }
    let drawn = try multiplot.terminal(
      size: terminalSize, canvas: display.canvas, colors: display.colors,
      budget: samplingBudget, cellPixels: display.cellPixels, theme: inlineTheme,
      passthrough: display.passthrough)
    return .text(([drawn.text] + drawn.notes).joined(separator: "\n"))
  }
}

/// `set multiplot [layout R,C ...] [title "T"] [margins L,R,B,T] [spacing X[,Y]]`.
struct BeginMultiplot: SessionCommand, Hashable {
  /// R and C as typed, or empty without a layout.
  var layout: [Word]
  var columnsFirst = false
  var upwards = false
  var title = ""
  /// L, R, B, T as typed, or empty.
  var margins: [Word] = []
  /// X and Y as typed, or empty.
  var spacing: [Word] = []
  /// The command's span, for the error inside a multiplot.
  var span: Range<Int>

  func run(in session: inout Session) throws(CommandError) -> Reply {
    guard !session.multiplot.isActive else {
      throw CommandError(
        .notSupported(
          what: "set multiplot inside a multiplot", hint: "unset multiplot ends the page"),
        at: span)
    }
    var state = MultiplotState()
    state.isActive = true
    state.title = title
    if layout.count == 2 {
      let v = try session.finiteNumbers(layout, command: "set multiplot layout")
      for (value, word) in zip(v, layout) where value < 1 || value > 100 || value != value.rounded()
      {
        throw CommandError(
          .expected("a whole number of rows or columns from 1 to 100"), at: word.span)
      }
      var l = MultiplotLayout(rows: Int(v[0]), columns: Int(v[1]))
      l.columnsFirst = columnsFirst
      l.upwards = upwards
      if !margins.isEmpty {
        l.margins = try session.finiteNumbers(margins, command: "set multiplot margins")
      }
      if !spacing.isEmpty {
        let s = try session.finiteNumbers(spacing, command: "set multiplot spacing")
        l.spacing = (s[0], s.count > 1 ? s[1] : s[0])
      }
      state.layout = l
    }
    session.multiplot = state
    return Reply()
  }
}

/// `unset multiplot`: the page is finished and drawn (in scripts, the one picture of it).
struct EndMultiplot: SessionCommand, Hashable {
  func run(in session: inout Session) throws(CommandError) -> Reply {
    guard session.multiplot.isActive else { return Reply() }
    session.multiplot.isActive = false
    guard session.multiplot.hasPage else { return Reply() }
    return try session.drawPage()
  }
}

extension SettingEntry {
  /// gnuplot's `set multiplot` and `unset multiplot` (Session+Multiplot.swift).
  static let multiplot = SettingEntry(
    name: "multiplot", aliases: ["multi"],
    usage: [
      "set multiplot [layout R,C [rowsfirst|columnsfirst] [downwards|upwards]] [title \"T\"] "
        + "[margins L,R,B,T] [spacing X[,Y]]"
    ],
    keywords: [
      "layout", "rowsfirst", "columnsfirst", "downwards", "upwards", "title", "margins",
      "spacing",
    ],
    parse: { arguments throws(CommandError) in try SettingEntry.readMultiplot(arguments) },
    listing: { $0.multiplot.isActive ? "multiplot" : nil },
    unset: EndMultiplot())

  /// Reads `set multiplot ...`'s options.
  ///
  /// - Throws: `CommandError` at an option graphcalc does not have (`scale`, `offset`,
  ///   `next`, `previous`: not supported), a misplaced word, or a missing value.
  static func readMultiplot(_ arguments: SettingArguments) throws(CommandError)
    -> any SessionCommand
  {
    let usage = SettingEntry.multiplot.usage[0]
    let values = arguments.values
    let tokens = values.line.tokens
    let keywords: Set<String> = [
      "layout", "rowsfirst", "columnsfirst", "downwards", "upwards", "title", "margins",
      "spacing", "scale", "offset", "next", "previous", "enhanced", "noenhanced", "font",
    ]
    var command = BeginMultiplot(layout: [], span: arguments.name.span)
    var i = values.range.lowerBound
    let end = values.range.upperBound
    /// The comma-separated values from token `from` to the next keyword.
    func segment(_ from: Int) -> (items: [Word], next: Int) {
      var j = from
      while j < end, !(tokens[j].kind == .name && keywords.contains(tokens[j].text)) { j += 1 }
      guard j > from else { return ([], j) }
      let part = CommandArguments(line: values.line, range: from..<j, start: tokens[from].offset)
      return (part.items.map(\.text), j)
    }
    while i < end {
      let token = tokens[i]
      let word = token.text
      i += 1
      switch word {
      case "layout":
        let (items, next) = segment(i)
        guard items.count == 2, !items.contains(where: { $0.text.isEmpty }) else {
          throw CommandError(.usage(usage), at: token.span)
        }
        command.layout = items
        i = next
      case "rowsfirst": command.columnsFirst = false
      case "columnsfirst": command.columnsFirst = true
      case "downwards": command.upwards = false
      case "upwards": command.upwards = true
      case "title":
        guard i < end, tokens[i].kind == .string else {
          throw CommandError(.titleNotQuoted(example: "set multiplot title \"T\""), at: token.span)
        }
        command.title = tokens[i].value
        i += 1
      case "margins":
        let (items, next) = segment(i)
        guard items.count == 4, !items.contains(where: { $0.text.isEmpty }) else {
          throw CommandError(.usage(usage), at: token.span)
        }
        command.margins = items.map { w in
          w.text.hasPrefix("screen ") ? Word(String(w.text.dropFirst(7)), at: w.offset + 7) : w
        }
        i = next
      case "spacing":
        let (items, next) = segment(i)
        guard (1...2).contains(items.count), !items.contains(where: { $0.text.isEmpty }) else {
          throw CommandError(.usage(usage), at: token.span)
        }
        command.spacing = items.map { w in
          w.text.hasPrefix("screen ") ? Word(String(w.text.dropFirst(7)), at: w.offset + 7) : w
        }
        i = next
      case "scale", "offset", "next", "previous", "enhanced", "noenhanced", "font":
        throw CommandError(
          .notSupported(
            what: "set multiplot \(word)",
            hint: "graphcalc's multiplot takes layout R,C, rowsfirst|columnsfirst, "
              + "downwards|upwards, title \"T\", margins L,R,B,T and spacing X,Y"),
          at: token.span)
      default:
        throw CommandError(.usage(usage), at: token.span)
      }
    }
    if command.layout.isEmpty, !command.margins.isEmpty || !command.spacing.isEmpty {
      throw CommandError(.usage(usage), at: values.text.span)
    }
    return command
  }
}

extension Export {
  /// `export svg|png|pdf FILE [W H]` of a multiplot's page (or of a plot placed by `set
  /// size`/`set origin`): the whole page, each panel in its part.
  ///
  /// - Throws: `CommandError` when the file cannot be written or the picture made.
  /// - Returns: The notes of the panels' plots.
  func exportPage(_ session: Session, width: Int, height: Int) throws(CommandError) -> [String] {
    let page = session.multiplot
    switch format.text {
    case "png", "pdf":
      let drawn = try page.picture(
        width: width, height: height, format: format.text == "png" ? .png : .pdf,
        budget: session.samplingBudget, theme: session.theme)
      try AtomicFile.write(drawn.bytes, to: path)
      return drawn.notes
    default:
      let drawn = page.svg(
        width: width, height: height, budget: session.samplingBudget, theme: session.theme)
      try AtomicFile.write(drawn.text, to: path)
      return drawn.notes
    }
  }
}
