import GraphView
import TextAndNumbers

/// A terminal plot of `columns` x `rows` character cells that implements `PlotRenderer`.
///
/// Its pixels are dots: each cell holds `glyphs.dotsPerCell` of them, so a polyline is
/// rasterized once into dots (a DDA walk, one dot per step along the longer axis) and each
/// cell's dots become one character through `glyphs` (UnicodePlots.jl's canvas design).
/// Frame, axes and ticks are drawn in whole cells with `-`, `|` and `+`; text goes into
/// whole cells, 7-bit printable ASCII only (control characters and escape sequences are
/// removed, other characters become `?`), so nothing written can drive the terminal.
///
/// What shows in a cell, first that applies: a marker (`mark`), text, a curve's glyph, frame
/// or axis, blank. `fillRect` blanks cells (the legend's box). A cell with no dots stays a
/// space in every glyph set (never an empty braille pattern), so a copied plot lines up.
///
/// Colour (`render(colors:)`): a cell's dots take the colour of the curve that drew them
/// last, so where two curves share a cell the later curve (the one plotted further right in
/// `plot`'s list) wins, its glyph and its colour. Frame, axes, ticks and tick labels are dim;
/// a legend entry's text takes the colour of its sample stroke.
///
/// Style options (`setCurveLooks`): `lw N` draws a curve's lines N dots wide (`Int(N)`, at
/// most 4: dots added across the line, below a flat step and right of a steep one), `dt N`
/// leaves dots out along the line in a dash pattern (`dashDots`), in colour too. Without
/// colour, `distinguishesCurves` gives the curves after the first the dash types 2, 3, 4, 5
/// (then solid again) unless a glyph set marks curves itself. Data points are cell glyphs
/// (`pointTypeGlyph`), or shapes in dots when larger (`drawPoint`).
public struct DotCanvas<Glyphs: CellGlyphs>: PlotRenderer, Sendable {
  /// Columns of character cells.
  public let columns: Int
  /// Rows of character cells.
  public let rows: Int
  /// How dots become characters.
  public let glyphs: Glyphs

  let dotW: Int
  let dotH: Int
  /// Per cell: the dots set by the curve in `owner` (bit row * dotW + column).
  var dots: [UInt32]
  /// Per cell: the index of the last curve that set a dot there, or -1.
  var owner: [Int32]
  /// Per cell: frame/axis strokes (`horizontal`, `vertical`, `tickMark` bits).
  var strokes: [UInt8]
  /// Per cell: a text character (a 7-bit printable byte), or 0.
  var text: [UInt8]
  /// Per cell: the colour of its text: a curve index, `dimTint` or `plainTint`.
  var tint: [Int32]
  /// Markers drawn over everything, by cell index.
  var marks: [Int: Character] = [:]
  /// Points of interest (`drawPointMarker`), by cell index: the glyph and its curve's
  /// colour; drawn over text and curves, under `marks`.
  var points: [Int: (glyph: Unicode.Scalar, curve: Int32)] = [:]
  /// Shaded cells (`fillPolygons`), by cell index: the curve whose colour they take; drawn
  /// under everything else.
  var shades: [Int: Int32] = [:]
  /// Data points' markers (`drawPoint`), by cell index: the point type's glyph and its
  /// curve's colour; drawn over curves, under text (a legend's box blanks them).
  var dataPoints: [Int: (glyph: Unicode.Scalar, curve: Int32)] = [:]
  /// The curves' looks (`setCurveLooks`), by curve index: their `lc` colours in
  /// `render(colors:)`.
  var looks: [CurveLook] = []
  /// Whether the curves must be told apart without colour: the picture is rendered without
  /// colour and has several curves (the caller knows both; set it before the layout, as it
  /// changes the legend's width). Then, unless `glyphs.marksCurves`, curve k without a `dt`
  /// of its own is drawn in dash type k % 5 + 1 (solid, dashed, dotted, dash-dot,
  /// dash-dot-dot, ...), and a legend's sample stroke is 6 cells long so each pattern shows.
  public var distinguishesCurves = false
  /// The rectangle (dots) between `beginClip` and `endClip`, the plot area: the dots that
  /// wide lines and large points add stay inside it. Outside it (the legend) a point is
  /// always one cell's glyph.
  var clip: PixelRect?
  /// The curves drawn as relations (`drawRelation`): their dots are a solved pixel set, not
  /// a line, so they are never dashed, nor are their legend samples.
  var relationCurves: Set<Int> = []

  static var dimTint: Int32 { -1 }
  static var plainTint: Int32 { -2 }

  static var horizontal: UInt8 { 1 }
  static var vertical: UInt8 { 2 }
  static var tickMark: UInt8 { 4 }

  /// The most cells along either side (larger requests are cut to it).
  public static var maxCells: Int { 2000 }

  /// Creates a blank canvas of `columns` x `rows` character cells (each limited to
  /// `0...maxCells`).
  public init(columns: Int, rows: Int, glyphs: Glyphs) {
    self.columns = min(max(columns, 0), Self.maxCells)
    self.rows = min(max(rows, 0), Self.maxCells)
    self.glyphs = glyphs
    let d = glyphs.dotsPerCell
    var w = min(max(d.columns, 1), 32)
    var h = min(max(d.rows, 1), 32)
    if w * h > 32 { (w, h) = (4, 8) }
    dotW = w
    dotH = h
    let n = self.columns * self.rows
    dots = Array(repeating: 0, count: n)
    owner = Array(repeating: -1, count: n)
    strokes = Array(repeating: 0, count: n)
    text = Array(repeating: 0, count: n)
    tint = Array(repeating: Self.plainTint, count: n)
  }

  // MARK: PlotRenderer

  /// The canvas in dots: `columns * dotsPerCell.columns` x `rows * dotsPerCell.rows`.
  public var size: PixelSize { PixelSize(width: columns * dotW, height: rows * dotH) }

  /// A text canvas can blank cells (`fillRect`) and colour curves (`render(colors:)`), but
  /// has no light grid; its bars and data points are cell glyphs.
  public var capabilities: RendererCapabilities { [.fill, .color, .cellBars, .cellPoints] }

  /// 6 cells when the curves are told apart by dash patterns (`distinguishesCurves`, a
  /// glyph set without curve markers), so the longest pattern shows whole; else nil (the
  /// layout's three cells).
  public var legendSampleWidth: Double? {
    distinguishesCurves && !glyphs.marksCurves ? Double(6 * dotW) : nil
  }

  /// Half a cell: the frame is drawn in the cells around the plot area.
  public var frameOutset: (x: Double, y: Double) { (Double(dotW) / 2, Double(dotH) / 2) }

  /// 0: a tick is a `+` in the frame's cell.
  public var tickLength: Double { 0 }

  /// 0: cells are coarse enough.
  public var padding: Double { 0 }

  /// Rasterizes the polyline into dots for `.curve` and `.bar` styles; for frame, axis,
  /// midline and tick styles marks whole cells (horizontal runs `-`, vertical runs `|`, ticks
  /// `+`); grid, legend and text strokes are not drawn.
  public mutating func drawPolyline(_ points: [PixelPoint], style: DrawStyle) {
    switch style {
    case .curve(let index):
      let curve = Int32(clamping: max(0, index))
      if points.count == 1, let p = points.first { plotDot(p, curve: curve) }
      guard var pen = pen(curve: index) else {
        for i in points.indices.dropFirst() { rasterize(points[i - 1], points[i], curve: curve) }
        return
      }
      for i in points.indices.dropFirst() {
        rasterize(points[i - 1], points[i], curve: curve, pen: &pen)
      }
    case .bar(let index):
      let curve = Int32(clamping: max(0, index))
      if points.count == 1, let p = points.first { plotDot(p, curve: curve) }
      for i in points.indices.dropFirst() { rasterize(points[i - 1], points[i], curve: curve) }
    case .frame, .axis, .tick, .midline:
      for i in points.indices.dropFirst() {
        strokeCells(points[i - 1], points[i], tick: style == .tick)
      }
    case .grid, .legend, .label, .title, .barValue, .plotArea:
      break
    }
  }

  /// Strokes `lines` as `drawPolylines` does for `style` (the look ignored: a text canvas's
  /// axes are cells), except that a slanted segment of an axis-like style (an arrow of
  /// `set arrow`) is set in dots with no curve's colour, so it keeps its direction.
  public mutating func drawStyledPolylines(
    _ lines: [[PixelPoint]], style: DrawStyle, look: CurveLook
  ) {
    guard style == .axis || style == .frame else { return drawPolylines(lines, style: style) }
    for line in lines {
      for i in line.indices.dropFirst() {
        let (a, b) = (line[i - 1], line[i])
        if abs(b.x - a.x) < Double(dotW) || abs(b.y - a.y) < Double(dotH) {
          strokeCells(a, b, tick: false)
        } else {
          rasterize(a, b, curve: -1)
        }
      }
    }
  }

  /// For `.bar(series)`, sets every dot whose centre lies in `rect` (dots) as that series'
  /// (a bar drawn in dots); for other styles, blanks every cell that `rect` touches: dots,
  /// strokes and text (the legend's box).
  public mutating func fillRect(_ rect: PixelRect, style: DrawStyle) {
    if style == .plotArea { return }  // a text canvas has no plot-area fill
    if case .bar(let index) = style {
      let curve = Int32(clamping: max(0, index))
      let x0 = max(0, (rect.minX - 0.5).rounded(.up))
      let x1 = min(Double(columns * dotW - 1), (rect.maxX - 0.5).rounded(.down))
      let y0 = max(0, (rect.minY - 0.5).rounded(.up))
      let y1 = min(Double(rows * dotH - 1), (rect.maxY - 0.5).rounded(.down))
      guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, x0 <= x1, y0 <= y1 else {
        return
      }
      for y in stride(from: y0, through: y1, by: 1) {
        for x in stride(from: x0, through: x1, by: 1) {
          plotDot(PixelPoint(x: x + 0.5, y: y + 0.5), curve: curve)
        }
      }
      return
    }
    guard let (c0, c1) = cellRange(rect.minX, rect.maxX, dotW, columns),
      let (r0, r1) = cellRange(rect.minY, rect.maxY, dotH, rows)
    else { return }
    for r in r0...r1 {
      for c in c0...c1 {
        let i = r * columns + c
        dots[i] = 0
        owner[i] = -1
        strokes[i] = 0
        text[i] = 0
        tint[i] = Self.plainTint
        if !shades.isEmpty { shades[i] = nil }
        if !dataPoints.isEmpty { dataPoints[i] = nil }
      }
    }
  }

  /// For a `.curve` style (a filled box of `boxes`), paints the bar in whole cells with the
  /// glyph set's `barGlyph(eighths:fromTop:)`: a cell column is the bar's when its centre
  /// lies in `[bar.x, bar.x + bar.width)` (a bar narrower than that takes the column of its
  /// centre), each row covered by the bar gets the block of its covered eighths, in the
  /// curve's colour, over dots and strokes and under text (as data points). Other styles:
  /// `fillRect` of the bar's rectangle.
  public mutating func fillBar(_ bar: PixelBar, style: DrawStyle) {
    guard case .curve(let index) = style else {
      fillRect(bar.rect, style: style)
      return
    }
    let curve = Int32(clamping: max(0, index))
    let r = bar.rect
    guard r.minX.isFinite, r.maxX.isFinite, r.minY.isFinite, r.maxY.isFinite, columns > 0,
      rows > 0
    else { return }
    let w = Double(dotW)
    var c0 = Int(max(0, ((r.minX / w) - 0.5).rounded(.up)))
    var c1 = Int(min(Double(columns - 1), ((r.maxX / w) - 0.5).rounded(.up) - 1))
    if c0 > c1 {  // narrower than a cell's centre-to-centre: the column of its centre
      guard let c = cellIndex((r.minX + r.maxX) / 2, dotW, columns) else { return }
      (c0, c1) = (c, c)
    }
    let top = r.minY / Double(dotH)  // in cells
    let bottom = r.maxY / Double(dotH)
    let r0 = Int(max(0, top.rounded(.down)))
    let r1 = Int(min(Double(rows - 1), bottom.rounded(.up) - 1))
    guard r0 <= r1 else { return }
    for row in r0...r1 {
      let lo = max(top, Double(row))
      let hi = min(bottom, Double(row + 1))
      let eighths = Int(((hi - lo) * 8).rounded())
      let fromTop = hi < Double(row + 1) - 1e-9 && lo <= Double(row) + 1e-9
      guard let glyph = glyphs.barGlyph(eighths: eighths, fromTop: fromTop) else { continue }
      for c in c0...c1 { dataPoints[row * columns + c] = (glyph, curve) }
    }
  }

  /// Writes `text` (sanitized, see `sanitize`) into whole cells; the anchor's top left
  /// corner is rounded to the nearest cell corner, and what falls outside the canvas is
  /// cut.
  public mutating func drawText(
    _ text: String, at point: PixelPoint, anchor: TextAnchor, style: DrawStyle
  ) {
    if let lines = TextLines.lines(text) {  // one row a line
      let middles = TextLines.middles(
        count: lines.count, lineHeight: Double(dotH), at: point, anchor: anchor)
      for (line, middle) in zip(lines, middles) {
        drawText(
          String(line), at: middle, anchor: TextAnchor(anchor.horizontal, .middle), style: style)
      }
      return
    }
    let bytes = Self.sanitize(text)
    guard !bytes.isEmpty, point.x.isFinite, point.y.isFinite else { return }
    let box = textSize(text)
    let tl = anchor.topLeft(of: point, width: box.width, height: box.height)
    let fc = (tl.x / Double(dotW)).rounded()
    let fr = (tl.y / Double(dotH)).rounded()
    guard fr >= 0, fr < Double(rows), fc < Double(columns), fc > -Double(bytes.count) else {
      return
    }
    let row = Int(fr)
    let col = Int(fc)
    var colour = Self.plainTint
    switch style {
    case .label, .tick, .frame, .axis, .grid, .midline: colour = Self.dimTint
    case .curve(let index), .bar(let index), .barValue(.some(let index)):
      colour = Int32(clamping: max(0, index))
    case .barValue(.none), .plotArea: break
    case .legend:  // the sample stroke ends two cells to the left (a blank cell between)
      for back in 1...2 where col - back >= 0 && col - back < columns {
        let o = owner[row * columns + col - back]
        if o >= 0 { colour = o }
      }
    case .title: break
    }
    for (k, b) in bytes.enumerated() {
      let c = col + k
      if c >= 0 && c < columns {
        self.text[row * columns + c] = b
        self.tint[row * columns + c] = colour
      }
    }
  }

  /// One cell a character: `(count * dotsPerCell.columns, dotsPerCell.rows)` dots, where
  /// `count` is the length of the sanitized text.
  public func textSize(_ text: String) -> (width: Double, height: Double) {
    if let lines = TextLines.lines(text) { return TextLines.size(lines) { textSize($0) } }
    return (Double(Self.sanitize(text).count * dotW), Double(dotH))
  }

  // MARK: Output

  /// The canvas as text: `rows` lines joined with "\n", trailing spaces removed, no final
  /// newline.
  public func render() -> String { render(colors: nil) }

  /// The canvas as text, coloured with `colors` when given: `rows` lines joined with "\n",
  /// trailing spaces removed, no final newline. With colours, a line's coloured runs each
  /// start with their SGR sequence, and a line that used any ends with `colors.reset`;
  /// uncoloured cells (blanks, titles) are in the terminal's default rendition.
  ///
  /// - Parameter colors: The escape sequences to use, or nil for plain text.
  /// - Returns: The picture.
  public func render(colors: TerminalColors?) -> String {
    if colors == nil, marks.isEmpty, points.isEmpty, shades.isEmpty, dataPoints.isEmpty,
      let text = plainRender()
    {
      return text
    }
    // Built as UTF-8 bytes from one scalar a cell and decoded once: making a Character per
    // cell and appending it to a String cost about a third of a whole redraw at 200x60
    // (callgrind, Docs/performance.md).
    var out: [UInt8] = []
    out.reserveCapacity(rows * (columns + 1) * (colors == nil ? 3 : 6))
    var line = [UInt32](repeating: 0x20, count: columns)
    for r in 0..<rows {
      if r > 0 { out.append(0x0A) }
      var end = 0  // the cells after the last non-space one are left out
      for c in 0..<columns {
        let v = scalarValue(row: r, column: c)
        line[c] = v
        if v != 0x20 { end = c + 1 }
      }
      guard let colors else {
        for c in 0..<end { appendCell(line[c], row: r, column: c, to: &out) }
        continue
      }
      var current = Self.plainTint
      for c in 0..<end {
        let v = line[c]
        let t = v == 0x20 ? Self.plainTint : colour(row: r, column: c)
        if t != current {
          if current != Self.plainTint { out.append(contentsOf: colors.reset.utf8) }
          if t == Self.markTint {
            out.append(contentsOf: colors.marker.utf8)
          } else if t == Self.dimTint {
            out.append(contentsOf: colors.dim.utf8)
          } else if t >= 0 {
            let look = looks.indices.contains(Int(t)) ? looks[Int(t)] : nil
            out.append(contentsOf: colors.curve(Int(t), look: look).utf8)
          }
          current = t
        }
        appendCell(v, row: r, column: c, to: &out)
      }
      if current != Self.plainTint { out.append(contentsOf: colors.reset.utf8) }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// `render(colors: nil)` written straight into the string's storage (at most 4 bytes a
  /// cell and a newline a row), or nil when a glyph is not one scalar (`render` then takes
  /// the general path). Same characters, same trimming of trailing spaces.
  func plainRender() -> String? {
    let rows = self.rows
    let columns = self.columns
    // A local copy: read through `self` inside the closures, each cell's glyph asked for
    // the canvas's generic metadata (330 instructions a call).
    let glyphs = self.glyphs
    let capacity = rows * (columns * 4 + 1)
    var complete = true
    let text = String(unsafeUninitializedCapacity: max(capacity, 1)) { out in
      self.text.withUnsafeBufferPointer { text in
        dots.withUnsafeBufferPointer { dots in
          owner.withUnsafeBufferPointer { owner in
            strokes.withUnsafeBufferPointer { strokes in
              var n = 0
              for r in 0..<rows {
                if r > 0 {
                  out[n] = 0x0A
                  n += 1
                }
                var end = n  // the bytes after the last non-space cell are left out
                for c in 0..<columns {
                  let i = r * columns + c
                  var v: UInt32
                  if text[i] != 0 {
                    v = UInt32(text[i])
                  } else if dots[i] != 0 {
                    guard let g = glyphs.glyphScalar(for: dots[i], curve: Int(owner[i])) else {
                      complete = false
                      return 0
                    }
                    v = g.value
                  } else {
                    let s = strokes[i]
                    if s & Self.tickMark != 0 || s == Self.horizontal | Self.vertical {
                      v = 0x2B  // +
                    } else if s == Self.horizontal {
                      v = 0x2D  // -
                    } else if s == Self.vertical {
                      v = 0x7C  // |
                    } else {
                      v = 0x20
                    }
                  }
                  if v < 0x80 {
                    out[n] = UInt8(truncatingIfNeeded: v)
                    n += 1
                  } else if v < 0x800 {
                    out[n] = UInt8(truncatingIfNeeded: 0xC0 | (v >> 6))
                    out[n + 1] = UInt8(truncatingIfNeeded: 0x80 | (v & 0x3F))
                    n += 2
                  } else if v < 0x10000 {
                    out[n] = UInt8(truncatingIfNeeded: 0xE0 | (v >> 12))
                    out[n + 1] = UInt8(truncatingIfNeeded: 0x80 | ((v >> 6) & 0x3F))
                    out[n + 2] = UInt8(truncatingIfNeeded: 0x80 | (v & 0x3F))
                    n += 3
                  } else {
                    out[n] = UInt8(truncatingIfNeeded: 0xF0 | (v >> 18))
                    out[n + 1] = UInt8(truncatingIfNeeded: 0x80 | ((v >> 12) & 0x3F))
                    out[n + 2] = UInt8(truncatingIfNeeded: 0x80 | ((v >> 6) & 0x3F))
                    out[n + 3] = UInt8(truncatingIfNeeded: 0x80 | (v & 0x3F))
                    n += 4
                  }
                  if v != 0x20 { end = n }
                }
                n = end
              }
              return n
            }
          }
        }
      }
    }
    return complete ? text : nil
  }

  /// Stands for a cell whose character is not one scalar (a marker or glyph made of several):
  /// `appendCell` writes `character(row:column:)` for it.
  static var severalScalars: UInt32 { UInt32.max }

  /// The scalar value of what `character(row:column:)` shows in cell (`row`, `column`)
  /// (inside the canvas), or `severalScalars`.
  @inline(__always)
  func scalarValue(row: Int, column: Int) -> UInt32 {
    let i = row * columns + column
    if !marks.isEmpty, let m = marks[i] {
      let scalars = m.unicodeScalars
      return scalars.count == 1 ? scalars[scalars.startIndex].value : Self.severalScalars
    }
    if !points.isEmpty, let p = points[i] { return p.glyph.value }
    if text[i] != 0 { return UInt32(text[i]) }
    if !dataPoints.isEmpty, let p = dataPoints[i] { return p.glyph.value }
    if dots[i] != 0 {
      return glyphs.glyphScalar(for: dots[i], curve: Int(owner[i]))?.value ?? Self.severalScalars
    }
    let s = strokes[i]
    if s & Self.tickMark != 0 || s == Self.horizontal | Self.vertical { return 0x2B }  // +
    if s == Self.horizontal { return 0x2D }  // -
    if s == Self.vertical { return 0x7C }  // |
    if s == 0, !shades.isEmpty, shades[i] != nil { return glyphs.shadeGlyph.value }
    return 0x20
  }

  /// Appends cell `v` (a `scalarValue`) as UTF-8.
  @inline(__always)
  func appendCell(_ v: UInt32, row: Int, column: Int, to out: inout [UInt8]) {
    if v < 0x80 {
      out.append(UInt8(truncatingIfNeeded: v))
    } else if v == Self.severalScalars {
      Self.appendUTF8(character(row: row, column: column), to: &out)
    } else {
      Self.appendUTF8(scalarValue: v, to: &out)
    }
  }

  /// Appends the UTF-8 encoding of `ch` to `out` (scalar by scalar, without going through a
  /// string view).
  @inline(__always)
  static func appendUTF8(_ ch: Character, to out: inout [UInt8]) {
    for scalar in ch.unicodeScalars { appendUTF8(scalarValue: scalar.value, to: &out) }
  }

  /// Appends the UTF-8 encoding of the scalar value `v` (a valid `Unicode.Scalar` value).
  @inline(__always)
  static func appendUTF8(scalarValue v: UInt32, to out: inout [UInt8]) {
    if v < 0x80 {
      out.append(UInt8(v))
    } else if v < 0x800 {
      out.append(UInt8(0xC0 | (v >> 6)))
      out.append(UInt8(0x80 | (v & 0x3F)))
    } else if v < 0x10000 {
      out.append(UInt8(0xE0 | (v >> 12)))
      out.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
      out.append(UInt8(0x80 | (v & 0x3F)))
    } else {
      out.append(UInt8(0xF0 | (v >> 18)))
      out.append(UInt8(0x80 | ((v >> 12) & 0x3F)))
      out.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
      out.append(UInt8(0x80 | (v & 0x3F)))
    }
  }

  static var markTint: Int32 { -3 }

  /// The colour of cell (`row`, `column`) (inside the canvas): a curve index, `dimTint`,
  /// `plainTint` or `markTint`; first that applies as in `character(row:column:)`.
  func colour(row: Int, column: Int) -> Int32 {
    let i = row * columns + column
    if marks[i] != nil { return Self.markTint }
    if let p = points[i] { return p.curve }
    if text[i] != 0 { return tint[i] }
    if let p = dataPoints[i] { return p.curve }
    if dots[i] != 0 { return owner[i] }
    if strokes[i] != 0 { return Self.dimTint }
    if let curve = shades[i] { return curve }
    return Self.plainTint
  }

  /// Draws `character` over cell (`row`, `column`), above text and curves (a cursor); shown
  /// in reverse video when rendered with colours. Outside the canvas it does nothing.
  public mutating func mark(row: Int, column: Int, character: Character) {
    guard row >= 0, row < rows, column >= 0, column < columns else { return }
    marks[row * columns + column] = character
  }

  /// Puts a point of interest in the cell under `point` (dots): the glyph set's
  /// `pointGlyph(filled:)` (`●`/`○`; `O`/`o` in ASCII) in the colour of `style`'s curve.
  public mutating func drawPointMarker(at point: PixelPoint, filled: Bool, style: DrawStyle) {
    guard case .curve(let index) = style, let c = cellIndex(point.x, dotW, columns),
      let r = cellIndex(point.y, dotH, rows)
    else { return }
    points[r * columns + c] = (glyphs.pointGlyph(filled: filled), Int32(clamping: max(0, index)))
  }

  /// Takes the curves' looks: their colours (`TerminalColors.curve(_:look:)`), line widths
  /// and dash types (`drawPolyline`) and point sizes (`drawPoint`).
  public mutating func setCurveLooks(_ looks: [CurveLook]) { self.looks = looks }

  /// Starts keeping the dots of wide lines and large points inside `rect` (the plot area).
  public mutating func beginClip(_ rect: PixelRect) { clip = rect }

  /// Ends `beginClip`.
  public mutating func endClip() { clip = nil }

  /// Puts a data point's marker at `point` (dots) in the colour of `style`'s curve, so a
  /// point is a visible mark, not one dot: in the cell under it the glyph set's
  /// `pointTypeGlyph` of gnuplot point type `type`; inside the plot area (`beginClip`), for
  /// a curve whose `ps` is 1.5 or more on a glyph set that `drawsPointShapes`, the type's
  /// shape in dots instead (`PointShape.strokes`, `ps` rounded dots from the centre across,
  /// as many dots' heights down as a cell twice as tall as wide makes as long; filled
  /// types filled), so `ps` scales it. Type 0 (`dots`) sets the one dot, a negative type
  /// nothing. `radius` (0 on a canvas) is not used.
  public mutating func drawPoint(
    at point: PixelPoint, type: Int, radius: Double, style: DrawStyle
  ) {
    guard case .curve(let index) = style, let shape = PointShape.normalized(type) else { return }
    let curve = Int32(clamping: max(0, index))
    if shape == 0 {
      plotDot(point, curve: curve)
      return
    }
    let size = looks.indices.contains(index) ? looks[index].pointSize ?? 1 : 1
    if glyphs.drawsPointShapes, let clip, size >= 1.5, size.isFinite {
      drawShape(shape, at: point, radius: min(size.rounded(), 16), clip: clip, curve: curve)
      return
    }
    guard let c = cellIndex(point.x, dotW, columns), let r = cellIndex(point.y, dotH, rows)
    else { return }
    dataPoints[r * columns + c] = (glyphs.pointTypeGlyph(shape), curve)
  }

  /// Draws point type `shape` (1...15) centred on `p` in dots: its outline
  /// (`PointShape.strokes`, `radius` dots across, its heights divided by `dotAspect`),
  /// filled for a filled type, only the dots inside `clip`.
  mutating func drawShape(
    _ shape: Int, at p: PixelPoint, radius: Double, clip: PixelRect, curve: Int32
  ) {
    let aspect = dotAspect
    let lines = PointShape.strokes(shape, at: PixelPoint(x: 0, y: 0), radius: radius).map {
      $0.map { PixelPoint(x: p.x + $0.x, y: p.y + $0.y / aspect) }
    }
    var pen = DotPen(pattern: [], width: 1, clip: clip)
    pen.clipsCentre = true
    for line in lines {
      pen.restart()
      for i in line.indices.dropFirst() { rasterize(line[i - 1], line[i], curve: curve, pen: &pen) }
    }
    guard PointShape.isFilled(shape), let outline = lines.first, outline.count > 2 else { return }
    let x0 = max(clip.minX, p.x - radius - 1).rounded(.down)
    let x1 = min(clip.maxX, p.x + radius + 1)
    let y0 = max(clip.minY, p.y - (radius + 1) / aspect).rounded(.down)
    let y1 = min(clip.maxY, p.y + (radius + 1) / aspect)
    var y = y0
    while y < y1 {
      var x = x0
      while x < x1 {
        let centre = PixelPoint(x: x + 0.5, y: y + 0.5)
        if clip.contains(centre), Self.inside(centre, outline) { plotDot(centre, curve: curve) }
        x += 1
      }
      y += 1
    }
  }

  /// How many dots' widths make one dot's height, for a cell twice as tall as wide: 1 for
  /// braille (2 x 4 dots), 2 for blocks (2 x 2) and ASCII (3 x 3).
  var dotAspect: Double { 2 * Double(dotW) / Double(dotH) }

  /// Whether `p` lies inside the closed polygon `polygon` (even-odd rule).
  static func inside(_ p: PixelPoint, _ polygon: [PixelPoint]) -> Bool {
    var inside = false
    var j = polygon.count - 1
    for i in polygon.indices {
      let a = polygon[i]
      let b = polygon[j]
      if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
        inside.toggle()
      }
      j = i
    }
    return inside
  }

  /// The dash pattern of gnuplot dash type `type` in dots, on and off runs alternating
  /// (the SVG terminal's patterns, `CurveLook.dashPattern`, halved to dots: a braille dot
  /// is about 2 pixels of a 1.5-pixel stroke): 2 dashed `4 2`, 3 dotted `1 1`, 4 dash-dot
  /// `4 2 1 2`, 5 dash-dot-dot `4 2 1 2 1 2`, cycling beyond 5; empty (solid) for 1 and
  /// below.
  public static func dashDots(_ type: Int) -> [Int] {
    guard type > 1 else { return [] }
    let patterns: [[Int]] = [[4, 2], [1, 1], [4, 2, 1, 2], [4, 2, 1, 2, 1, 2]]
    return patterns[(type - 2) % patterns.count]
  }

  /// The dash type curve `index` is drawn in: its `dt`, else with `distinguishesCurves`
  /// (and a glyph set without curve markers) `index % 5 + 1`, else 1 (solid).
  public func dashType(curve index: Int) -> Int {
    if looks.indices.contains(index), let t = looks[index].dashType { return t }
    if distinguishesCurves && !glyphs.marksCurves { return max(0, index) % 5 + 1 }
    return 1
  }

  /// The lines' width of curve `index` in dots: `Int(lw)`, 1 to 4 (1 without a `lw`).
  public func lineDots(curve index: Int) -> Int {
    guard looks.indices.contains(index), let w = looks[index].lineWidth, w.isFinite else {
      return 1
    }
    return Int(min(max(w, 1), 4))
  }

  /// The pen curve `index`'s lines are drawn with, or nil for solid single dots (the plain
  /// rasterizer).
  func pen(curve index: Int) -> DotPen? {
    if !relationCurves.isEmpty, relationCurves.contains(index) { return nil }
    let type = dashType(curve: index)
    let width = lineDots(curve: index)
    if type <= 1 && width == 1 { return nil }  // before making the pattern's array
    return DotPen(pattern: Self.dashDots(type), width: width, clip: clip)
  }

  /// What shows in cell (`row`, `column`): a marker, else text, else a curve's glyph, else a
  /// stroke, else a space.
  public func character(row: Int, column: Int) -> Character {
    guard row >= 0, row < rows, column >= 0, column < columns else { return " " }
    let i = row * columns + column
    if !marks.isEmpty, let m = marks[i] { return m }
    if !points.isEmpty, let p = points[i] { return Character(p.glyph) }
    if text[i] != 0 { return Character(Unicode.Scalar(text[i])) }
    if !dataPoints.isEmpty, let p = dataPoints[i] { return Character(p.glyph) }
    if dots[i] != 0 { return glyphs.glyph(for: dots[i], curve: Int(owner[i])) }
    let s = strokes[i]
    if s & Self.tickMark != 0 || s == Self.horizontal | Self.vertical { return "+" }
    if s == Self.horizontal { return "-" }
    if s == Self.vertical { return "|" }
    if s == 0, !shades.isEmpty, shades[i] != nil { return Character(glyphs.shadeGlyph) }
    return " "
  }

  /// The 7-bit printable bytes of `text`: the scalars that take cells
  /// (`TerminalText.cellScalars`: escape sequences, control characters and zero-width
  /// characters removed, tabs as spaces); the calculator's symbols as the ASCII words it
  /// reads for them (`asciiSpellings`: `θ` is `theta`, `π` is `pi`, `≤` is `<=`, ...), so a
  /// legend `r = 1 + cos(θ)` reads `r = 1 + cos(theta)` whatever the locale; any other
  /// non-ASCII scalar as `?`.
  public static func sanitize(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    for scalar in TerminalText.cellScalars(text) {
      if scalar.isASCII {
        bytes.append(UInt8(scalar.value))
      } else if let word = asciiSpellings[scalar] {
        bytes += word.utf8
      } else {
        bytes.append(0x3F)
      }
    }
    return bytes
  }

  // MARK: Rasterization

  /// Sets the dot under `p` for `curve`, if `p` is on the canvas.
  mutating func plotDot(_ p: PixelPoint, curve: Int32) {
    let grid = DotSteps.Grid(
      width: Double(columns * dotW), height: Double(rows * dotH), columns: columns, dotW: dotW,
      dotH: dotH)
    DotSteps.set(dots: &dots, owner: &owner, x: p.x, y: p.y, grid: grid, curve: curve)
  }

  /// Sets the dots along the segment from `a` to `b` (clipped to the canvas first): one
  /// dot per step of at most one dot along the longer axis (a DDA).
  mutating func rasterize(_ a: PixelPoint, _ b: PixelPoint, curve: Int32) {
    let w = Double(columns * dotW)
    let h = Double(rows * dotH)
    let start: PixelPoint
    let end: PixelPoint
    if a.x >= 0, a.x <= w, a.y >= 0, a.y <= h, b.x >= 0, b.x <= w, b.y >= 0, b.y <= h {
      // Both ends on the canvas (edges included): clipping returns them unchanged.
      (start, end) = (a, b)
    } else {
      guard let seg = LayoutClip.clipSegment(a, b, to: PixelRect(x: 0, y: 0, width: w, height: h))
      else { return }
      (start, end) = (seg.a, seg.b)
    }
    let dx = end.x - start.x
    let dy = end.y - start.y
    let steps = Int(max(abs(dx), abs(dy)).rounded(.up))  // bounded by the canvas size
    if steps == 0 {
      plotDot(start, curve: curve)
      return
    }
    // `plotDot` for each step, on the arrays directly (same arithmetic, same dots), in a
    // function that is not generic (a closure here asked for the canvas's type metadata on
    // every segment).
    DotSteps.plot(
      dots: &dots, owner: &owner, from: start, dx: dx, dy: dy, steps: steps,
      grid: DotSteps.Grid(width: w, height: h, columns: columns, dotW: dotW, dotH: dotH),
      curve: curve)
  }

  /// Sets the dots along the segment from `a` to `b` as `rasterize(_:_:curve:)` does, through
  /// `pen`: a dot position the walk reaches for the first time advances the dash pattern
  /// (so dashes follow the length drawn in dots, across the polyline's segments), one in a
  /// gap is left out, and one drawn is widened across the segment (`DotPen.width`).
  mutating func rasterize(_ a: PixelPoint, _ b: PixelPoint, curve: Int32, pen: inout DotPen) {
    let w = Double(columns * dotW)
    let h = Double(rows * dotH)
    guard let seg = LayoutClip.clipSegment(a, b, to: PixelRect(x: 0, y: 0, width: w, height: h))
    else { return }
    let dx = seg.b.x - seg.a.x
    let dy = seg.b.y - seg.a.y
    let steps = Int(max(abs(dx), abs(dy)).rounded(.up))
    let flat = abs(dx) >= abs(dy)
    let grid = DotSteps.Grid(width: w, height: h, columns: columns, dotW: dotW, dotH: dotH)
    for k in 0...steps {
      let t = steps == 0 ? 0 : Double(k) / Double(steps)
      let x = seg.a.x + t * dx
      let y = seg.a.y + t * dy
      guard x >= 0, x < w, y >= 0, y < h else { continue }
      let px = Int(x)
      let py = Int(y)
      guard pen.advance(to: px, py) else { continue }
      let lo = -(pen.width - 1) / 2
      for j in lo..<(lo + pen.width) {
        let (qx, qy) = flat ? (px, py + j) : (px + j, py)
        if j != 0 || pen.clipsCentre, let c = pen.clip {
          let centre = PixelPoint(x: Double(qx) + 0.5, y: Double(qy) + 0.5)
          guard c.contains(centre) else { continue }
        }
        DotSteps.set(
          dots: &dots, owner: &owner, x: Double(qx) + 0.5, y: Double(qy) + 0.5, grid: grid,
          curve: curve)
      }
    }
  }

  /// Marks the cells under the segment from `a` to `b`: a mostly horizontal segment marks
  /// the cells its dots `[min x, max x)` cover in its row as horizontal, a mostly vertical
  /// one likewise as vertical; with `tick`, or for a segment within one dot, it marks the
  /// cell of `a` as a tick.
  mutating func strokeCells(_ a: PixelPoint, _ b: PixelPoint, tick: Bool) {
    guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return }
    let dx = abs(b.x - a.x)
    let dy = abs(b.y - a.y)
    if tick || (dx < 1 && dy < 1) {
      guard let c = cellIndex(a.x, dotW, columns), let r = cellIndex(a.y, dotH, rows) else {
        return
      }
      strokes[r * columns + c] |= Self.tickMark
      return
    }
    if dx >= dy {
      guard let r = cellIndex(a.y, dotH, rows),
        let (c0, c1) = cellRange(min(a.x, b.x), max(a.x, b.x), dotW, columns)
      else { return }
      for c in c0...c1 { strokes[r * columns + c] |= Self.horizontal }
    } else {
      guard let c = cellIndex(a.x, dotW, columns),
        let (r0, r1) = cellRange(min(a.y, b.y), max(a.y, b.y), dotH, rows)
      else { return }
      for r in r0...r1 { strokes[r * columns + c] |= Self.vertical }
    }
  }

  /// The cell index of dot coordinate `v` along an axis of `count` cells of `per` dots, or
  /// nil when outside.
  func cellIndex(_ v: Double, _ per: Int, _ count: Int) -> Int? {
    let f = (v / Double(per)).rounded(.down)
    guard f >= 0, f < Double(count) else { return nil }
    return Int(f)
  }

  /// The cells that the dot interval `[lo, hi)` covers along an axis of `count` cells of
  /// `per` dots, cut to the canvas; nil when none.
  func cellRange(_ lo: Double, _ hi: Double, _ per: Int, _ count: Int) -> (Int, Int)? {
    guard lo.isFinite, hi.isFinite, count > 0 else { return nil }
    let a = max((lo / Double(per)).rounded(.down), 0)
    let b = min((hi / Double(per)).rounded(.up) - 1, Double(count - 1))
    guard a <= b else { return nil }
    return (Int(a), Int(b))
  }
}

/// How `DotCanvas` draws a curve's lines in dots: a dash pattern walked along the dots set
/// and a width across the line.
struct DotPen {
  /// On and off runs in dots, alternating, starting on; empty for solid.
  var pattern: [Int]
  /// Dots across the line (1...4).
  var width: Int
  /// Where the dots added across the line may go (the plot area), or nil for anywhere.
  var clip: PixelRect?
  /// Whether the line's own dots are kept inside `clip` too (a point's shape; a curve's
  /// lines are clipped by the layout already).
  var clipsCentre = false
  /// The pattern's run and the dots already taken of it.
  var run = 0
  var taken = 0
  /// The last dot position reached, so a position reached again (the shared end of two
  /// segments) does not advance the pattern.
  var last: (x: Int, y: Int)? = nil
  /// Whether the last position reached was drawn.
  var drawing = true

  init(pattern: [Int], width: Int, clip: PixelRect?) {
    self.pattern = pattern.filter { $0 > 0 }
    self.width = min(max(width, 1), 4)
    self.clip = clip
  }

  /// Starts the pattern again (a new polyline).
  mutating func restart() {
    run = 0
    taken = 0
    last = nil
    drawing = true
  }

  /// Reaches dot (`x`, `y`): whether it is drawn. A new position takes the next dot of the
  /// pattern; the last position again answers as before (and is drawn again, harmlessly).
  mutating func advance(to x: Int, _ y: Int) -> Bool {
    if let last, last.x == x, last.y == y { return drawing }
    last = (x, y)
    guard !pattern.isEmpty else { return true }
    if taken >= pattern[run] {
      run = (run + 1) % pattern.count
      taken = 0
    }
    taken += 1
    drawing = run % 2 == 0
    return drawing
  }
}

/// The DDA's steps of `DotCanvas.rasterize`, on the canvas's dot and owner arrays.
enum DotSteps {
  /// The canvas's dot grid: its size in dots, its cells across, the dots a cell.
  struct Grid {
    var width: Double
    var height: Double
    var columns: Int
    var dotW: Int
    var dotH: Int
  }

  /// Sets the dot under `start + (k / steps) * (dx, dy)` for k in 0...steps (those on the
  /// canvas) for `curve`, as `DotCanvas.plotDot` does for each.
  static func plot(
    dots: inout [UInt32], owner: inout [Int32], from start: PixelPoint, dx: Double, dy: Double,
    steps: Int, grid: Grid, curve: Int32
  ) {
    for k in 0...steps {
      let t = Double(k) / Double(steps)
      set(
        dots: &dots, owner: &owner, x: start.x + t * dx, y: start.y + t * dy, grid: grid,
        curve: curve)
    }
  }

  /// Sets the dot under (`x`, `y`) (pixels) for `curve`, if it is on the canvas; a cell
  /// taken from another curve is cleared first (the last curve drawn owns the cell).
  @inline(__always)
  static func set(
    dots: inout [UInt32], owner: inout [Int32], x: Double, y: Double, grid: Grid, curve: Int32
  ) {
    guard x >= 0, x < grid.width, y >= 0, y < grid.height else { return }  // also false for NaN
    let px = Int(x)
    let py = Int(y)
    let i = (py / grid.dotH) * grid.columns + px / grid.dotW
    let bit = UInt32(1) << UInt32((py % grid.dotH) * grid.dotW + px % grid.dotW)
    if owner[i] != curve {
      owner[i] = curve
      dots[i] = 0
    }
    dots[i] |= bit
  }
}

/// The 7-bit ASCII canvas: `DotCanvas` with `AsciiGlyphs` (3 x 3 dots a cell).
public typealias AsciiCanvas = DotCanvas<AsciiGlyphs>

/// The braille canvas: `DotCanvas` with `BrailleGlyphs` (2 x 4 dots a cell).
public typealias BrailleCanvas = DotCanvas<BrailleGlyphs>

/// The block canvas: `DotCanvas` with `BlockGlyphs` (2 x 2 quadrant dots a cell).
public typealias BlockCanvas = DotCanvas<BlockGlyphs>

extension DotCanvas where Glyphs == BlockGlyphs {
  /// Creates a blank block canvas of `columns` x `rows` character cells.
  public init(columns: Int, rows: Int) {
    self.init(columns: columns, rows: rows, glyphs: BlockGlyphs())
  }
}

extension DotCanvas where Glyphs == AsciiGlyphs {
  /// Creates a blank ASCII canvas of `columns` x `rows` character cells.
  public init(columns: Int, rows: Int) {
    self.init(columns: columns, rows: rows, glyphs: AsciiGlyphs())
  }
}

extension DotCanvas where Glyphs == BrailleGlyphs {
  /// Creates a blank braille canvas of `columns` x `rows` character cells.
  public init(columns: Int, rows: Int) {
    self.init(columns: columns, rows: rows, glyphs: BrailleGlyphs())
  }
}

extension DotCanvas {
  /// Lays out and draws `plot` on a new canvas of `columns` x `rows` cells and renders it
  /// (see `PlotLayout` for the flow; here the plot area is computed from the canvas).
  ///
  /// - Parameters:
  ///   - plot: The sampled plot; best sampled at `plotArea(columns:rows:glyphs:options:)`'s
  ///     size (it is scaled to the plot area otherwise).
  ///   - columns: Character cells across.
  ///   - rows: Character cells down.
  ///   - glyphs: The glyph set.
  ///   - options: Title, legend, axes.
  /// - Returns: The rendered text (`render()`).
  public static func render(
    _ plot: SampledPlot, columns: Int, rows: Int, glyphs: Glyphs,
    options: PlotLayout.Options = PlotLayout.Options()
  ) -> String {
    var canvas = DotCanvas(columns: columns, rows: rows, glyphs: glyphs)
    let area = PlotLayout.plotArea(
      for: canvas, options: options, yTickLabels: plot.yTicks.map(\.label))
    PlotLayout.draw(plot, in: &canvas, plotArea: area, options: options)
    return canvas.render()
  }
}

/// The ASCII spellings of the non-ASCII symbols the calculator reads (its lexer's
/// Unicode forms: `×` `·` `⋅` `÷` `−` `≤` `≥` `≠` `∧` `∨` `¬` `√` `²` `³`, the
/// constant `π` and the polar variable `θ`), each meaning the same to it.
let asciiSpellings: [Unicode.Scalar: String] = [
  "θ": "theta", "π": "pi", "×": "*", "·": "*", "⋅": "*", "÷": "/", "−": "-", "≤": "<=",
  "≥": ">=", "≠": "!=", "∧": "&&", "∨": "||", "¬": "!", "√": "sqrt", "²": "^2", "³": "^3",
]
