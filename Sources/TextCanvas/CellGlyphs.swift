/// How a text canvas turns the dots set in one character cell into a character.
///
/// After UnicodePlots.jl (`src/canvas.jl`): lines are rasterized once, against an abstract
/// grid of dots; each kind of canvas supplies only how many dots a cell holds and which
/// character shows a cell's dots. A braille canvas would answer 2 x 4 dots and
/// `U+2800 + bits`; a block canvas 2 x 2 and the quadrant characters.
public protocol CellGlyphs: Sendable {
  /// Dots per character cell: columns across, rows down (each at least 1; at most 32
  /// dots in all).
  var dotsPerCell: (columns: Int, rows: Int) { get }

  /// The character that shows the dots `mask` of curve `curve` in one cell.
  ///
  /// - Parameters:
  ///   - mask: Bit `row * columns + column` is set for each dot set in the cell (row 0 at
  ///     the top, column 0 at the left); never 0.
  ///   - curve: The 0-based index of the curve that drew the dots.
  func glyph(for mask: UInt32, curve: Int) -> Character

  /// `glyph(for:curve:)` as one Unicode scalar, or nil when that character is made of
  /// several scalars. The canvas renders from this (no `Character` a cell); the default asks
  /// `glyph(for:curve:)`.
  ///
  /// - Parameters:
  ///   - mask: As for `glyph(for:curve:)`; never 0.
  ///   - curve: The 0-based index of the curve that drew the dots.
  func glyphScalar(for mask: UInt32, curve: Int) -> Unicode.Scalar?

  /// The character of a point of interest (`mark roots`): filled for a proven point,
  /// hollow for a possible one. The default is `●` / `○`.
  func pointGlyph(filled: Bool) -> Unicode.Scalar

  /// The character of a shaded cell (an area between curves, `fill between`), drawn under
  /// curves, text and strokes. The default is `░` (light shade).
  var shadeGlyph: Unicode.Scalar { get }
  /// The character of a data point of gnuplot point type `type` (1...15, `PointShape`). The
  /// default is `+ × * □ ■ ○ ● △ ▲ ▽ ▼ ◇ ◆ ⬠ ⬟`.
  func pointTypeGlyph(_ type: Int) -> Unicode.Scalar

  /// The character of one cell of a filled box (`boxes` with `set style fill solid`, `hist`)
  /// covered `eighths` eighths of its height (1...8), from the cell's bottom edge (a box
  /// that rises), or from its top edge when `fromTop` (a box that hangs below the baseline,
  /// or the baseline's cell); nil for nothing. The default: the eighth blocks `▁▂▃▄▅▆▇█`
  /// from the bottom, `▔ ▀ █` (an eighth, a half, whole) from the top.
  func barGlyph(eighths: Int, fromTop: Bool) -> Unicode.Scalar?

  /// Whether the glyph set tells curves apart by itself (a character of its own for each
  /// curve, as `AsciiGlyphs` has): when not, a canvas without colour gives the curves after
  /// the first dash patterns (`DotCanvas.distinguishesCurves`). The default is false.
  var marksCurves: Bool { get }

  /// Whether a data point larger than the default (`ps` 1.5 or more) is drawn as its shape
  /// in dots, `ps` dots from its centre, rather than as one cell's `pointTypeGlyph`. The
  /// default is true (braille and block dots are fine enough); `AsciiGlyphs` keeps the
  /// glyph.
  var drawsPointShapes: Bool { get }
}

extension CellGlyphs {
  /// False: curves are told apart by colour or, without colour, by dash patterns.
  public var marksCurves: Bool { false }

  /// True: large points are drawn as shapes in dots.
  public var drawsPointShapes: Bool { true }

  /// `●` for a proven point, `○` for a possible one.
  public func pointGlyph(filled: Bool) -> Unicode.Scalar { filled ? "\u{25CF}" : "\u{25CB}" }

  /// `░`, light shade.
  public var shadeGlyph: Unicode.Scalar { "\u{2591}" }
  /// `+ × * □ ■ ○ ● △ ▲ ▽ ▼ ◇ ◆ ⬠ ⬟` for types 1 to 15 (cycling), gnuplot's shapes.
  public func pointTypeGlyph(_ type: Int) -> Unicode.Scalar {
    let glyphs: [Unicode.Scalar] = [
      "+", "\u{00D7}", "*", "\u{25A1}", "\u{25A0}", "\u{25CB}", "\u{25CF}", "\u{25B3}", "\u{25B2}",
      "\u{25BD}", "\u{25BC}", "\u{25C7}", "\u{25C6}", "\u{2B20}", "\u{2B1F}",
    ]
    return glyphs[(max(type, 1) - 1) % glyphs.count]
  }

  /// `▁▂▃▄▅▆▇█` from the bottom; from the top `▔` (1 or 2 eighths), `▀` (3 to 5), `█`.
  public func barGlyph(eighths: Int, fromTop: Bool) -> Unicode.Scalar? {
    let n = min(max(eighths, 0), 8)
    guard n > 0 else { return nil }
    if !fromTop { return Unicode.Scalar(0x2580 + UInt32(n)) }
    return n >= 6 ? "\u{2588}" : n >= 3 ? "\u{2580}" : "\u{2594}"
  }

  /// The single scalar of `glyph(for:curve:)`, or nil when it has several.
  public func glyphScalar(for mask: UInt32, curve: Int) -> Unicode.Scalar? {
    let scalars = glyph(for: mask, curve: curve).unicodeScalars
    return scalars.count == 1 ? scalars.first : nil
  }
}

/// 7-bit ASCII glyphs from 3 x 3 dots a cell, so a plot stays readable when piped to a file
/// or shown by any terminal.
///
/// Curve 0 is drawn with characters that follow its shape: `-` `_` `'` `.` for flat runs
/// (by the height of the dots in the cell), `/` and `\` for slopes, `|` for steep runs.
/// Further curves are drawn with one marker character each (`*`, `#`, `o`, `%`, `@`, `x`,
/// `&`, `=`, cycling), so that curves stay apart without colour; the legend shows them.
public struct AsciiGlyphs: CellGlyphs {
  /// The marker characters of curves 1, 2, ... (cycling).
  public static let markers: [Character] = ["*", "#", "o", "%", "@", "x", "&", "="]

  /// Creates the ASCII glyph set.
  public init() {}

  /// True: curves after the first are drawn with their marker characters.
  public var marksCurves: Bool { true }

  /// False: 3 x 3 dots a cell are too coarse for a shape; a point is its letter.
  public var drawsPointShapes: Bool { false }

  /// `O` for a proven point, `o` for a possible one.
  public func pointGlyph(filled: Bool) -> Unicode.Scalar { filled ? "O" : "o" }

  /// `.`: the lightest 7-bit mark.
  public var shadeGlyph: Unicode.Scalar { "." }

  /// `#` for half a cell or more; below that `_` at a cell's bottom, nothing at its top.
  public func barGlyph(eighths: Int, fromTop: Bool) -> Unicode.Scalar? {
    eighths >= 4 ? "#" : eighths >= 1 && !fromTop ? "_" : nil
  }
  /// `+ x * s S o O t T v V d D p P` for point types 1 to 15 (cycling): the shapes' first
  /// letters, lower case open and upper case filled (square, circle, triangle, triangle
  /// down, diamond, pentagon).
  public func pointTypeGlyph(_ type: Int) -> Unicode.Scalar {
    let glyphs: [Unicode.Scalar] = [
      "+", "x", "*", "s", "S", "o", "O", "t", "T", "v", "V", "d", "D", "p", "P",
    ]
    return glyphs[(max(type, 1) - 1) % glyphs.count]
  }

  /// 3 x 3 dots a cell.
  public var dotsPerCell: (columns: Int, rows: Int) { (3, 3) }

  /// The shape character (curve 0) or the curve's marker (other curves).
  public func glyph(for mask: UInt32, curve: Int) -> Character {
    if curve > 0 { return Self.markers[(curve - 1) % Self.markers.count] }
    return Self.shape(mask & 0x1FF)
  }

  /// `glyph(for:curve:)` as a scalar, from tables (`shape` of every 3 x 3 mask, written out).
  public func glyphScalar(for mask: UInt32, curve: Int) -> Unicode.Scalar? {
    if curve > 0 { return Self.markerScalars[(curve - 1) % Self.markerScalars.count] }
    return Self.shapeScalar(mask)
  }

  /// `markers` as scalars.
  static let markerScalars: [Unicode.Scalar] = markers.map { $0.unicodeScalars.first ?? " " }

  /// `shape(mask)` of the low 9 bits of `mask`, from `shapeTable`.
  @inline(__always)
  static func shapeScalar(_ mask: UInt32) -> Unicode.Scalar {
    let m = Int(mask & 0x1FF)
    return Unicode.Scalar(shapeTable.utf8Start[m + m / 64])
  }

  /// `shape(mask)` for every mask 0...511, 64 a line (a newline after each line), written
  /// out: building it from `shape` at the first ASCII picture took 115 k instructions, a
  /// twentieth of a one-shot terminal plot (Docs/performance.md, "The terminal one-shot").
  /// `AsciiGlyphsTests.theShapeTableIsShape` holds it to `shape` for every mask.
  static let shapeTable: StaticString = #"""
     '''''''-|///'/'-\|\/'/'-\/'/'/'-\\\|'\'-'''''''-\\\/'''---'-'''
    .|//////||///////-///////-///-/|/-/-/-/'----/-/|/-/-/-/|---|/|||
    .\|\/'/'\\-\/-/'|\|\/-/'\\-\/-/|/\-\/-/'-------|/\-\/-/|---|-|||
    _\/-/-/-\\/-/-/|/\/-/-/|_\/|/|||/-/-/-/|_--|/|||/-/|/|||_|||||||
    .\\\|\\\\\\\---'\\\\-\\\\\\\---||\\\|\\\-\-\---|\\\\--\|-\-|-|||
    _\--/---_\-----|_\--/--|_--|-|||_---/--|_--|-|||_--|-|||_|||||||
    _\\\/---\\\\---|\\\\/--|\\\|-|||/\\\/--|_\-|-|||_\\|/|||_|||||||
    _\_-/---_\_|_|||_\_|/|||_|||||||___|/|||_|||||||_|||||||_|||||||
    """#

  /// The character that best follows the dots of a 3 x 3 mask (bit `row * 3 + column`).
  ///
  /// The dots' least-squares slope decides between flat, sloped and steep: a dot is a
  /// third of a cell wide and a third of a cell tall, and a terminal cell is about twice as
  /// tall as wide, so a slope of `s` rows per column looks like `2 s`; `/` and `\` look
  /// like slope 2. Looks below 0.9 are flat, above 4.5 steep. A cell with 6 or more dots over
  /// all three rows is `|` (inside a band of vertical strokes).
  public static func shape(_ mask: UInt32) -> Character {
    var n = 0.0
    var sc = 0.0
    var sr = 0.0
    var scc = 0.0
    var scr = 0.0
    var rowBits: UInt8 = 0
    var colBits: UInt8 = 0  // which rows and columns have dots
    for bit in 0..<9 where mask & (1 << UInt32(bit)) != 0 {
      let r = Double(bit / 3)
      let c = Double(bit % 3)
      n += 1
      sc += c
      sr += r
      scc += c * c
      scr += c * r
      rowBits |= 1 << UInt8(bit / 3)
      colBits |= 1 << UInt8(bit % 3)
    }
    guard n > 0 else { return " " }
    let rowCount = rowBits.nonzeroBitCount
    let colCount = colBits.nonzeroBitCount
    let meanRow = sr / n
    func flat() -> Character {
      if meanRow < 0.67 { return "'" }
      if meanRow <= 1.34 { return "-" }
      return n == 1 ? "." : "_"
    }
    if colCount == 1 { return rowCount >= 2 ? "|" : flat() }
    // A dense cell spanning the full height: the inside of a band of vertical strokes (a
    // fast oscillation), which reads best as a stroke.
    if n >= 6 && rowCount == 3 { return "|" }
    if rowCount == 1 { return flat() }
    let varC = scc / n - (sc / n) * (sc / n)
    let cov = scr / n - (sc / n) * (sr / n)
    let slope = cov / varC  // rows (down) per column; varC > 0 as there are 2+ columns
    let look = abs(slope) * 2
    if look > 4.5 { return "|" }
    if look >= 0.9 { return slope > 0 ? "\\" : "/" }
    return flat()
  }
}

/// Unicode braille glyphs (U+2800 to U+28FF) from 2 x 4 dots a cell: four times the
/// resolution of `AsciiGlyphs`, for terminals with a font that has them. Curves are told
/// apart by colour, or without colour by the dash patterns the canvas gives them
/// (`DotCanvas.distinguishesCurves`), which the legend's samples show.
public struct BrailleGlyphs: CellGlyphs {
  /// Creates the braille glyph set.
  public init() {}

  /// 2 x 4 dots a cell.
  public var dotsPerCell: (columns: Int, rows: Int) { (2, 4) }

  /// The braille character with the dots of `mask`.
  ///
  /// Braille numbers its dots 1-2-3-7 down the left column and 4-5-6-8 down the right one;
  /// dot k is bit k - 1 of the offset from U+2800 (Unicode, Braille Patterns block).
  public func glyph(for mask: UInt32, curve: Int) -> Character {
    Character(glyphScalar(for: mask, curve: curve) ?? " ")
  }

  /// `glyph(for:curve:)` as a scalar (U+2800 plus the braille bits of `mask`).
  public func glyphScalar(for mask: UInt32, curve: Int) -> Unicode.Scalar? {
    // Mask bit (row * 2 + col) -> braille bit: 0->0, 1->3, 2->1, 3->4, 4->2, 5->5, 6->6, 7->7.
    let m = mask & 0xFF
    let code =
      (m & 0b1100_0001) | ((m & 0b10) << 2) | ((m & 0b100) >> 1) | ((m & 0b1000) << 1)
      | ((m & 0b1_0000) >> 2) | (m & 0b10_0000)
    return Unicode.Scalar(0x2800 + code) ?? " "
  }
}

/// Unicode quadrant block glyphs (U+2580 to U+259F) from 2 x 2 dots a cell: twice the
/// resolution of a character cell each way, in solid blocks that show in nearly every
/// terminal font (more than braille does), at half the dots of `BrailleGlyphs`.
public struct BlockGlyphs: CellGlyphs {
  /// The glyph for each mask 0...15 (bit 0 top left, 1 top right, 2 bottom left, 3 bottom
  /// right); mask 0 is a space.
  public static let quadrants: [Character] = [
    " ", "\u{2598}", "\u{259D}", "\u{2580}", "\u{2596}", "\u{258C}", "\u{259E}", "\u{259B}",
    "\u{2597}", "\u{259A}", "\u{2590}", "\u{259C}", "\u{2584}", "\u{2599}", "\u{259F}", "\u{2588}",
  ]

  /// Creates the block glyph set.
  public init() {}

  /// 2 x 2 dots a cell.
  public var dotsPerCell: (columns: Int, rows: Int) { (2, 2) }

  /// The quadrant character with the dots of `mask` (`▘▝▀▖▌▞▛▗▚▐▜▄▙▟█`).
  public func glyph(for mask: UInt32, curve: Int) -> Character {
    Self.quadrants[Int(mask & 0xF)]
  }

  /// `glyph(for:curve:)` as a scalar.
  public func glyphScalar(for mask: UInt32, curve: Int) -> Unicode.Scalar? {
    Self.quadrantScalars[Int(mask & 0xF)]
  }

  /// `quadrants` as scalars.
  static let quadrantScalars: [Unicode.Scalar] = quadrants.map { $0.unicodeScalars.first ?? " " }
}
