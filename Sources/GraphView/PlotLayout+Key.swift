import Glibc

// The key (legend) with gnuplot's `set key` options (`KeyOptions`): a box or none, a title,
// texts before or after the samples, justified left or right, in columns or rows, inverted,
// placed inside the plot area at any of nine places, in one of the four margins, or aligned
// to a position (`at X,Y`). gnuplot's rules (`help set key placement`): with `outside`, a
// vertical key at a left or right corner moves the left or right border, a horizontal one the
// top or bottom border; a centred key moves the border it is centred on.

extension PlotLayout {
  /// Where a key goes once gnuplot's words are resolved.
  enum KeyRegion: Equatable {
    case inside
    case left, right, top, bottom
    case at(PlotPosition)
  }

  /// The key's resolved region and sides, and whether the corner is chosen by the ink
  /// (graphcalc's `best`: no side or region given).
  static func keyPlacement(_ options: Options) -> (
    region: KeyRegion, h: KeyOptions.Side, v: KeyOptions.Side, best: Bool
  ) {
    let key = options.key
    let old = options.legendPlacement
    let h =
      key.horizontal ?? (old == .topLeft || old == .bottomLeft ? .start : .end)
    let v = key.vertical ?? (old == .bottomLeft || old == .bottomRight ? .end : .start)
    let best = key.region == nil && key.horizontal == nil && key.vertical == nil && old == .best
    let region: KeyRegion
    switch key.region ?? (old == .outside ? .outside : .inside) {
    case .inside: region = .inside
    case .leftMargin: region = .left
    case .rightMargin: region = .right
    case .topMargin: region = .top
    case .bottomMargin: region = .bottom
    case .at(let p): region = .at(p)
    case .outside:
      if key.horizontalStack {
        region = v == .start ? .top : v == .end ? .bottom : (h == .start ? .left : .right)
      } else {
        region = h == .start ? .left : h == .end ? .right : (v == .end ? .bottom : .top)
      }
    }
    return (region, h, v, best)
  }

  /// The sizes of a key of `titles` (shown, non-empty) laid out in at most `available`
  /// pixels along its stacking direction.
  struct KeyGeometry {
    var entryWidth: Double
    var textWidth: Double
    var sample: Double
    var lineHeight: Double
    var titleHeight: Double
    var inset: (x: Double, y: Double)
    var columns: Int
    var rows: Int
    var width: Double { Double(columns) * entryWidth + 2 * inset.x }
    var height: Double
  }

  static func keyGeometry(
    _ titles: [String], key: KeyOptions, scale: Double, renderer: some PlotRenderer,
    metrics m: Metrics, available: (width: Double, height: Double)
  ) -> KeyGeometry {
    let lineH = m.lineHeight(scale, renderer) * (key.spacing > 0 ? key.spacing : 1)
    // gnuplot's sample: the tick length and `samplen` characters (`help set key samples`).
    let tick = max(0, renderer.tickLength.isFinite ? renderer.tickLength : 0)
    let sample = key.sampleLength.map { tick + max(0, $0) * m.char.width } ?? m.sample
    let textW = max(
      0,
      (titles.map { renderer.textSize($0, scale: scale).width }.max() ?? 0) + key.widthIncrement
        * m.char.width)
    var entryW = m.pad + sample + m.char.width + textW + m.pad
    // A text canvas (no padding) keeps half a cell between a box and the entries.
    let inset = m.pad > 0 || key.box != true ? (0.0, 0.0) : (m.char.width, m.char.height)
    let titleH = key.title.isEmpty ? 0 : lineH
    let n = max(titles.count, 1)
    var columns = 1
    var rows = n
    if key.horizontalStack {
      let fit = max(1, Int(((available.width - 2 * inset.0) / max(entryW, 1)).rounded(.down)))
      columns = min(n, max(1, key.maxColumns ?? fit))
      rows = (n + columns - 1) / columns
    } else {
      let room = available.height - m.pad - titleH - 2 * inset.1
      let fit = max(1, Int((room / max(lineH, 1)).rounded(.down)))
      rows = min(n, max(1, key.maxRows ?? fit))
      columns = (n + rows - 1) / rows
    }
    if !key.title.isEmpty {
      // The title's line is as wide as the entries, or wider.
      let titleW = renderer.textSize(key.title, scale: scale).width + 2 * m.pad + m.char.width
      if Double(columns) * entryW < titleW { entryW = titleW / Double(columns) }
    }
    let height =
      m.pad / 2 + titleH + lineH * Double(rows) + m.pad / 2 + 2 * inset.1 + key.heightIncrement
      * lineH
    return KeyGeometry(
      entryWidth: entryW, textWidth: textW, sample: sample, lineHeight: lineH,
      titleHeight: titleH, inset: inset, columns: columns, rows: rows, height: max(height, 0))
  }

  /// The titles of a key as it shows them: each cut to its share of the output.
  static func keyTitles(
    _ titles: [String], options: Options, renderer: some PlotRenderer
  ) -> [String] {
    let maxTitle = Double(max(renderer.size.width, 1)) * 0.3
    let scale = options.textScales.legend
    return titles.filter { !$0.isEmpty }.map {
      fit($0, width: maxTitle, renderer: renderer, scale: scale)
    }
  }

  /// The margins (left, right, top, bottom, in pixels) a key with options in one of the
  /// margins takes; zeros for a key inside or at a position.
  static func keyMargins(
    options: Options, renderer: some PlotRenderer, metrics m: Metrics
  ) -> (left: Double, right: Double, top: Double, bottom: Double) {
    guard options.showLegend, !options.key.isDefault else { return (0, 0, 0, 0) }
    let titles = keyTitles(options.legendTitles, options: options, renderer: renderer)
    guard !titles.isEmpty else { return (0, 0, 0, 0) }
    let (region, _, _, _) = keyPlacement(options)
    let size = (Double(max(renderer.size.width, 1)), Double(max(renderer.size.height, 1)))
    let g = keyGeometry(
      titles, key: options.key, scale: options.textScales.legend, renderer: renderer,
      metrics: m, available: size)
    switch region {
    case .left: return (g.width + m.pad, 0, 0, 0)
    case .right: return (0, g.width + m.pad, 0, 0)
    case .top: return (0, 0, g.height + m.labelGapY, 0)
    case .bottom: return (0, 0, 0, g.height + m.labelGapY)
    case .inside, .at: return (0, 0, 0, 0)
    }
  }

  /// Draws the key of `plot`'s curves with `options.key` (see the file's comment): the box
  /// (painted when opaque, outlined when boxed: in the legend's style in pictures, the
  /// frame's cells on a text canvas), the title centred on its first line, then each entry's
  /// sample and text.
  static func drawKey(
    _ plot: SampledPlot, options: Options, map: PixelMap, in renderer: inout some PlotRenderer,
    plotArea: PixelRect, metrics m: Metrics, avoiding ink: [PixelPoint]
  ) {
    let key = options.key
    let scale = options.textScales.legend
    var entries = plot.curves.indices.filter { !plot.curves[$0].title.isEmpty }
    guard !entries.isEmpty else { return }
    if key.invert { entries.reverse() }
    let maxTitle = Double(max(renderer.size.width, 1)) * 0.3
    let shown = entries.map {
      fit(plot.curves[$0].title, width: maxTitle, renderer: renderer, scale: scale)
    }
    let (region, h, v, best) = keyPlacement(options)
    let inset = m.pad / 2
    let size = renderer.size
    let available: (width: Double, height: Double)
    switch region {
    case .top, .bottom: available = (Double(size.width) - 2 * m.pad, plotArea.height)
    case .inside: available = (plotArea.width - 2 * inset, plotArea.height - 2 * inset)
    default: available = (Double(size.width), plotArea.height)
    }
    let g = keyGeometry(
      shown, key: key, scale: scale, renderer: renderer, metrics: m, available: available)
    let (w, ht) = (g.width, g.height)
    func along(_ side: KeyOptions.Side, _ lo: Double, _ hi: Double, _ extent: Double) -> Double {
      switch side {
      case .start: return lo
      case .center: return (lo + hi) / 2 - extent / 2
      case .end: return hi - extent
      }
    }
    var origin: (x: Double, y: Double)
    let frameRight = plotArea.maxX + 2 * m.outset.x
    switch region {
    case .inside:
      origin = (
        along(h, plotArea.minX + inset, plotArea.maxX - inset, w),
        along(v, plotArea.minY + inset, plotArea.maxY - inset, ht)
      )
      if best {
        let corners = [(h, v), (KeyOptions.Side.start, v), (h, .end), (.start, .end)].map {
          PixelRect(
            x: along($0.0, plotArea.minX + inset, plotArea.maxX - inset, w),
            y: along($0.1, plotArea.minY + inset, plotArea.maxY - inset, ht), width: w,
            height: ht)
        }
        var fewest = Int.max
        for corner in corners {
          let covered = ink.reduce(0) { $0 + (corner.contains($1) ? 1 : 0) }
          if covered < fewest {
            fewest = covered
            origin = (corner.minX, corner.minY)
          }
          if covered == 0 { break }
        }
      }
    case .right:
      origin = (frameRight + m.pad, along(v, plotArea.minY, plotArea.maxY, ht))
    case .left:
      origin = (m.pad, along(v, plotArea.minY, plotArea.maxY, ht))
    case .top:
      origin = (along(h, plotArea.minX, plotArea.maxX, w), m.pad)
    case .bottom:
      origin = (along(h, plotArea.minX, plotArea.maxX, w), Double(size.height) - m.pad - ht)
    case .at(let position):
      let p = pixel(
        position, scales: plot.scales, map: map, plotArea: plotArea, size: size, char: m.char)
      guard p.x.isFinite, p.y.isFinite else { return }
      // As a label is aligned to its position: `left` puts the key right of it.
      origin = (along(h, p.x, p.x, w), along(v, p.y, p.y, ht))
    }
    let box = PixelRect(x: origin.x, y: origin.y, width: w, height: ht)
    guard box.minX >= -1e-9, box.minY >= -1e-9, box.maxX <= Double(size.width) + 1e-9,
      box.maxY <= Double(size.height) + 1e-9
    else { return }  // no room
    if key.opaque { renderer.fillRect(box, style: .legend) }
    let pictures = renderer.capabilities.contains(.grid)
    switch key.box {
    case nil: if pictures { renderer.drawRect(box, style: .legend) }
    case true?:
      // On a text canvas the right and bottom sides go in the box's last cells.
      let edge = pictures ? 0 : 1e-6
      renderer.drawRect(
        PixelRect(x: box.minX, y: box.minY, width: w - edge, height: ht - edge), style: .frame)
    case false?: break
    }
    if !key.title.isEmpty {
      let ty = box.minY + g.inset.y + m.pad / 2 + g.lineHeight / 2
      let tx: Double
      switch key.titleAlignment {
      case .left: tx = box.minX + g.inset.x + m.pad
      case .center: tx = box.minX + w / 2
      case .right: tx = box.maxX - g.inset.x - m.pad
      }
      renderer.drawText(
        key.title, at: PixelPoint(x: tx, y: ty), anchor: TextAnchor(key.titleAlignment, .middle),
        style: .legend, scale: scale)
      if key.box == true, pictures {
        // gnuplot rules the title off from the entries inside a box.
        let y = box.minY + g.inset.y + m.pad / 2 + g.titleHeight
        renderer.drawLine(
          from: PixelPoint(x: box.minX, y: y), to: PixelPoint(x: box.maxX, y: y), style: .frame)
      }
    }
    for (k, title) in shown.enumerated() {
      let i = entries[k]
      let (row, column) =
        key.horizontalStack ? (k / g.columns, k % g.columns) : (k % g.rows, k / g.rows)
      let ex = box.minX + g.inset.x + Double(column) * g.entryWidth
      let cy =
        box.minY + g.inset.y + m.pad / 2 + g.titleHeight + g.lineHeight * (Double(row) + 0.5)
      let sx = key.textFirst ? ex + m.pad + g.textWidth + m.char.width : ex + m.pad
      drawKeySample(
        i, x: sx, centreY: cy, width: g.sample, lineHeight: g.lineHeight, plot: plot,
        options: options, box: box, metrics: m, into: &renderer)
      let textLeft = key.textFirst ? ex + m.pad : sx + g.sample + m.char.width
      let at =
        key.rightJustified
        ? PixelPoint(x: textLeft + g.textWidth, y: cy) : PixelPoint(x: textLeft, y: cy)
      let anchor = TextAnchor(key.rightJustified ? .right : .left, .middle)
      switch key.textColor {
      case .standard:
        renderer.drawText(title, at: at, anchor: anchor, style: .legend, scale: scale)
      case .variable:
        renderer.drawText(title, at: at, anchor: anchor, style: .curve(i), scale: scale)
      case .rgb(let c):
        renderer.drawText(
          title, at: at, anchor: anchor, style: .legend, scale: scale, rotation: 0, color: c)
      }
    }
  }

  /// Whether a key entry of style `kind` with `look` shows a filled box (gnuplot's key
  /// sample of a filled style): `filledcurves` always, `fillsteps`, `boxes` (histograms
  /// too), `boxxyerror` and `boxerrorbars` when filled (`set style fill solid`).
  static func fillsKeySample(_ kind: CurveMarks, _ look: CurveLook) -> Bool {
    switch kind {
    case .filledCurves: return true
    case .fillSteps, .boxes, .boxXYError, .boxErrorBars: return look.fillsBoxes
    default: return false
    }
  }

  /// One key entry's sample, as the legend draws it: a stroke in the curve's style, its
  /// point marker in the middle, or a region's swatch.
  static func drawKeySample(
    _ i: Int, x sx: Double, centreY cy: Double, width sample: Double, lineHeight lineH: Double,
    plot: SampledPlot, options: Options, box: PixelRect, metrics m: Metrics,
    into renderer: inout some PlotRenderer
  ) {
    let kind = options.marks(i)
    let look = options.look(i)
    let curve = plot.curves[i]
    if let grid = curve.relation, !grid.isThin, renderer.capabilities.contains(.grid) {
      renderer.drawRelation(
        legendSwatch(
          x: sx, centreY: cy, width: sample, height: 0.7 * lineH, strict: grid.isStrict),
        style: .curve(i))
    } else if fillsKeySample(kind, look), sample > 0 {
      // A filled style's sample is a filled box, as gnuplot's key draws it.
      let h = 0.35 * lineH
      renderer.fillBar(
        PixelBar(x: sx, width: sample, base: cy + h, end: cy - h), style: .curve(i))
    } else if kind.drawsLines || kind.errorBars.y || kind.errorBars.x, sample > 0 {
      renderer.drawPolyline(
        [PixelPoint(x: sx, y: cy), PixelPoint(x: sx + sample - 1e-6, y: cy)], style: .curve(i))
    }
    let centre = PixelPoint(x: sx + sample / 2, y: cy)
    if drawsPlainPlus(kind, look, renderer) {
      renderer.drawPolylines(
        plusMarker(at: centre, radius: markerRadius(m) * (look.pointSize ?? 1), clip: box),
        style: .curve(i))
    } else if kind.drawsPoints || kind == .dots {
      let type = kind == .dots ? 0 : look.pointType(curve: i)
      drawPointMarker(
        centre, type: type, radius: markerRadius(m) * (look.pointSize ?? 1), clip: box,
        style: .curve(i), into: &renderer)
    }
  }

  /// The extra height below the frame that x tick labels turned by `options.xTickStyle`
  /// take (a six-character label's turned height beyond a line), 0 when level or on a text
  /// canvas.
  static func turnedLabelsExtra(options: Options, renderer: some PlotRenderer, metrics m: Metrics)
    -> Double
  {
    let angle = options.xTickStyle.rotation
    guard angle != 0, renderer.capabilities.contains(.grid) else { return 0 }
    let w = renderer.textSize(defaultYLabelSample).width
    let a = abs(angle) * Double.pi / 180
    let turned = abs(w * sin(a)) + abs(m.char.height * cos(a))
    return max(0, turned - m.char.height)
  }
}
