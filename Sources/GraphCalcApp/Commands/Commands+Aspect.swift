import GraphView

// `set aspect equal|auto` and gnuplot's `set size square`: one unit as long on both axes, so
// a circle is round in the terminal (allowing for the cells' shape) and in pictures.

extension SettingEntry {
  /// `set aspect equal|auto`: equal units on both axes, or ranges as set (the default).
  static let aspect = SettingEntry(
    name: "aspect", usage: ["set aspect equal|auto"], keywords: ["equal", "auto"],
    parse: { arguments throws(CommandError) in
      let words = arguments.values.words
      guard let first = words.first, words.count == 1, ["equal", "auto"].contains(first.text)
      else {
        throw CommandError(
          .usage("set aspect equal|auto"),
          at: arguments.values.isEmpty ? arguments.name.span : arguments.values.text.span)
      }
      let equal = first.text == "equal"
      return SetLabels { $0.equalAspect = equal }
    },
    listing: { $0.labels.equalAspect ? "aspect equal" : nil },
    unset: SetLabels { $0.equalAspect = false })

  /// gnuplot's `set size {square|nosquare|ratio R|noratio} [W[,H]]`: `square` (and
  /// `ratio -1`) give equal units, as `set aspect equal`; `ratio R` (R > 0) makes the plot
  /// area R times as tall as it is wide; `W,H` the plot's part of the page, fractions
  /// (placed by `set origin`; Commands+Margins.swift). `set size` alone is `1,1`.
  static let size = SettingEntry(
    name: "size", usage: ["set size [square|nosquare|ratio R|noratio] [W[,H]]"],
    keywords: ["square", "nosquare", "ratio", "noratio"],
    parse: { arguments throws(CommandError) in
      let usage = "set size [square|nosquare|ratio R|noratio] [W[,H]]"
      var words = arguments.values.words[...]
      var square = false
      var noRatio = false
      var ratio: Word?
      reading: while let first = words.first {
        switch first.text {
        case "square", "sq":
          square = true
          noRatio = true
        case "nosquare", "nosq", "noratio", "nor":
          noRatio = true
        case "ratio", "rat":
          words = words.dropFirst()
          guard let value = words.first else { throw CommandError(.usage(usage), at: first.span) }
          ratio = value.word
        default:
          break reading
        }
        words = words.dropFirst()
      }
      var values: [Word] = []
      if let rest = words.first {
        let all = arguments.values
        let index =
          all.range.first { all.line.tokens[$0].offset >= rest.source.offset }
          ?? all.range.upperBound
        let items = all.dropping(to: index).items.map(\.text)
        guard (1...2).contains(items.count), !items.contains(where: { $0.text.isEmpty }) else {
          throw CommandError(.usage(usage), at: rest.span)
        }
        values = items
      }
      return SetSize(values: values, ratio: ratio, noRatio: noRatio, square: square)
    },
    listing: { session in
      let p = session.labels.placement
      var parts: [String] = []
      if let r = p.ratio { parts.append("ratio \(NumberLabel.general(r))") }
      if p.width != 1 || p.height != 1 {
        parts.append("\(NumberLabel.general(p.width)),\(NumberLabel.general(p.height))")
      }
      return parts.isEmpty ? nil : "size " + parts.joined(separator: " ")
    },
    unset: SetLabels {
      $0.equalAspect = false
      $0.placement.width = 1
      $0.placement.height = 1
      $0.placement.ratio = nil
    })
}

extension Session {
  /// After `set aspect equal`, the ranges the terminal plot shows (grown to equal units for
  /// its plot area and canvas: on a picture canvas, the picture's plot area in pixels);
  /// nil without equal units or a plot.
  var equalAspectView: (ClosedRange<Double>, ClosedRange<Double>)? {
    guard labels.equalAspect, !showsBarChart, let curves = currentCurves() else { return nil }
    let columns = terminalSize.columns
    let rows = terminalSize.rows - 1
    if display.canvas.isImage {
      return curves.equalAspectRanges(pictureColumns: columns, rows: rows, display.cellPixels)
    }
    let cells = TerminalPlot.cells(
      curves, columns: columns, rows: rows, canvas: display.canvas, colored: display.color)
    return curves.equalAspectRanges(cells: cells, canvas: display.canvas)
  }
}

extension FunctionCurves {
  /// The ranges a text canvas of kind `canvas` draws with equal units over a plot area of
  /// `cells` (what `viewport(for:)` shows there); nil when they cannot be made.
  ///
  /// - Parameters:
  ///   - cells: The plot area, in cells (`TerminalPlot.cells`).
  ///   - canvas: The canvas, whose dots a cell give the pixel's shape.
  /// - Returns: The x and y ranges (plot units).
  func equalAspectRanges(cells: TerminalPlot.Cells, canvas: CanvasKind)
    -> (ClosedRange<Double>, ClosedRange<Double>)?
  {
    let dots: (columns: Int, rows: Int)
    switch canvas.characters {
    case .braille, .kitty, .iterm, .sixel: dots = (2, 4)
    case .block: dots = (2, 2)
    case .ascii: dots = (3, 3)
    }
    var curves = self
    curves.pixelAspect = FunctionCurves.dotAspect(dots)
    return curves.equalAspectRanges(
      for: PixelSize(width: cells.columns * dots.columns, height: cells.rows * dots.rows))
  }

  /// The ranges a picture for the terminal (`kitty`, `iterm`, `sixel`) of `columns` x `rows`
  /// cells of `cellPixels` draws with equal units: those of its own plot area in pixels
  /// (`PlotOutput.inlinePlotArea`), whose shape is not the braille layout's (the margins are
  /// text of the picture's font, not whole cells); nil when they cannot be made.
  ///
  /// - Parameters:
  ///   - columns: The picture's width in cells.
  ///   - rows: Its height in cells.
  ///   - cellPixels: One cell's size in pixels.
  /// - Returns: The x and y ranges (plot units).
  func equalAspectRanges(pictureColumns columns: Int, rows: Int, _ cellPixels: PixelSize)
    -> (ClosedRange<Double>, ClosedRange<Double>)?
  {
    let area = PlotOutput.inlinePlotArea(self, columns: columns, rows: rows, cellPixels)
    var curves = self
    curves.pixelAspect = 1
    return curves.equalAspectRanges(
      for: PixelSize(width: Int(area.width), height: Int(area.height)))
  }
}
