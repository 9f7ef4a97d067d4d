import Glibc
import GraphView
import TextAndNumbers
import TextCanvas

/// The kind of character canvas a terminal plot is drawn on (`set canvas`).
public enum CanvasKind: String, Sendable, Hashable, CaseIterable {
  /// Unicode braille, 2 x 4 dots a cell (`BrailleGlyphs`).
  case braille
  /// Unicode quadrant blocks, 2 x 2 dots a cell (`BlockGlyphs`).
  case block
  /// 7-bit ASCII, 3 x 3 dots a cell (`AsciiGlyphs`).
  case ascii
  /// A real picture through the kitty graphics protocol (`InlineImage.kitty`).
  case kitty
  /// A real picture through iTerm2's inline images (`InlineImage.iterm`).
  case iterm
  /// A real picture in sixel (`InlineImage.sixel`).
  case sixel

  /// Whether the canvas shows pictures rather than characters.
  public var isImage: Bool { self == .kitty || self == .iterm || self == .sixel }

  /// The character canvas drawn where a picture cannot be (`explore` and `stream` frames,
  /// which redraw in cells): braille for the picture canvases, else the canvas itself.
  public var characters: CanvasKind { isImage ? .braille : self }

  /// The canvas for a locale: braille when the locale's character set is UTF-8, else ASCII.
  ///
  /// The locale is the first non-empty of `LC_ALL`, `LC_CTYPE` and `LANG` (POSIX's order of
  /// precedence for the character type category); it is UTF-8 when it contains `UTF-8` or
  /// `utf8` (in any case, as in `en_US.UTF-8`, `C.utf8`).
  ///
  /// - Parameters:
  ///   - lcAll: `LC_ALL`, or nil when unset.
  ///   - lcCtype: `LC_CTYPE`, or nil when unset.
  ///   - lang: `LANG`, or nil when unset.
  /// - Returns: `.braille` or `.ascii`.
  public static func preferred(lcAll: String?, lcCtype: String?, lang: String?) -> CanvasKind {
    // Optionals chained, not an array of them: `[String?]` has its generic metadata made at
    // run time (30 k instructions, 7% of `-e 1+1`).
    func set(_ value: String?) -> String? { value?.isEmpty == false ? value : nil }
    let locale = set(lcAll) ?? set(lcCtype) ?? set(lang) ?? ""
    let utf8 =
      locale.containsUTF8("utf-8", ignoringASCIICase: true)
      || locale.containsUTF8("utf8", ignoringASCIICase: true)
    return utf8 ? .braille : .ascii
  }
}

/// How terminal plots look: the canvas, and whether and how they are coloured.
public struct TerminalDisplay: Sendable, Hashable {
  /// The canvas plots are drawn on.
  public var canvas: CanvasKind
  /// Whether plots are coloured (`set color on|off`, `--color`).
  public var color: Bool
  /// The colour depth used when `color` is on.
  public var depth: TerminalColors.Depth
  /// The size of one character cell in pixels, for pictures that fill cells (`kitty`,
  /// `iterm`, `sixel`): the terminal's, from `TIOCGWINSZ`, or 10 x 20 when it does not say.
  public var cellPixels = PixelSize(width: 10, height: 20)
  /// Whether the canvas is still to be found by asking the terminal (`set canvas auto`,
  /// the default at an interactive terminal): `Session` asks `canvasProbe` before the first
  /// picture and keeps the answer.
  public var autoCanvas = false
  /// Whether the terminal's background is dark (its answer to OSC 11 at the first plot):
  /// pictures in the terminal then take the `dark` theme in place of `default`.
  public var darkBackground = false
  /// Whether pictures go through tmux's passthrough (graphcalc runs inside tmux, whose
  /// `allow-passthrough` is on): their sequences are wrapped (`InlineImage.tmuxPassthrough`)
  /// for the terminal outside tmux.
  public var passthrough = false

  /// Creates a display; the default is plain ASCII (what a session without a terminal uses;
  /// the executable picks from the locale and the terminal).
  public init(
    canvas: CanvasKind = .ascii, color: Bool = false, depth: TerminalColors.Depth = .ansi256
  ) {
    self.canvas = canvas
    self.color = color
    self.depth = depth
  }

  /// The escape sequences to colour with, or nil when colour is off.
  public var colors: TerminalColors? { color ? TerminalColors(depth: depth) : nil }
}

/// A terminal plot drawn on any canvas, optionally coloured, with an optional marker (the
/// trace cursor of `explore`).
enum TerminalPlot {
  /// Where the plot area lies in character cells (computed as `PlotOutput.draw` lays it
  /// out: the same tick counts and y labels).
  struct Cells: Hashable {
    /// The first column and row of the plot area (0-based, in the picture).
    var column: Int
    var row: Int
    /// The plot area's size in cells.
    var columns: Int
    var rows: Int
  }

  /// A marker to draw at plot-space point (`x`, `y`): the cell it falls in gets `character`.
  struct Marker: Hashable {
    var x: Double
    var y: Double
    var character: Character
  }

  /// The picture of `curves` on `columns` x `rows` cells (all of them: the caller leaves
  /// room for a prompt or a status line), where its plot area lies, and the notes about
  /// unresolved columns (`PlotOutput.undecidedNotes`).
  ///
  /// Ticks: about one x tick every 12 columns and one y tick every 4 rows (2 to 10 each).
  static func render(
    _ curves: FunctionCurves, columns: Int, rows: Int, canvas: CanvasKind, colors: TerminalColors?,
    marker: Marker? = nil, budget: SamplingBudget = .default
  ) -> (text: String, cells: Cells, notes: [String]) {
    switch canvas.characters {
    case .braille, .kitty, .iterm, .sixel:
      return render(curves, glyphs: BrailleGlyphs(), columns, rows, colors, marker, budget)
    case .block: return render(curves, glyphs: BlockGlyphs(), columns, rows, colors, marker, budget)
    case .ascii: return render(curves, glyphs: AsciiGlyphs(), columns, rows, colors, marker, budget)
    }
  }

  /// Where the plot area of `render` lies, without sampling or drawing (`colored`: whether
  /// `render` gets colours, which can change the legend's width).
  static func cells(
    _ curves: FunctionCurves, columns: Int, rows: Int, canvas: CanvasKind, colored: Bool
  ) -> Cells {
    switch canvas.characters {
    case .braille, .kitty, .iterm, .sixel:
      return cells(curves, glyphs: BrailleGlyphs(), columns, rows, colored)
    case .block: return cells(curves, glyphs: BlockGlyphs(), columns, rows, colored)
    case .ascii: return cells(curves, glyphs: AsciiGlyphs(), columns, rows, colored)
    }
  }

  private static func cells<G: CellGlyphs>(
    _ curves: FunctionCurves, glyphs: G, _ columns: Int, _ rows: Int, _ colored: Bool
  ) -> Cells {
    var canvas = DotCanvas(columns: columns, rows: rows, glyphs: glyphs)
    canvas.distinguishesCurves = !colored && curves.curveCount > 1  // as `render` does
    let area = PlotOutput.plotArea(
      curves, for: canvas, yTickCount: PlotOutput.tickCount(rows, per: 4))
    return Cells(area, dotsPerCell: glyphs.dotsPerCell)
  }

  private static func render<G: CellGlyphs>(
    _ curves: FunctionCurves, glyphs: G, _ columns: Int, _ rows: Int, _ colors: TerminalColors?,
    _ marker: Marker?, _ budget: SamplingBudget
  ) -> (text: String, cells: Cells, notes: [String]) {
    var canvas = DotCanvas(columns: columns, rows: rows, glyphs: glyphs)
    // Without colour, several curves are told apart by dash patterns.
    canvas.distinguishesCurves = colors == nil && curves.curveCount > 1
    var curves = curves
    curves.pixelAspect = FunctionCurves.dotAspect(glyphs.dotsPerCell)
    let (drawn, notes) = PlotOutput.draw(
      curves, into: &canvas, xTickCount: PlotOutput.tickCount(columns, per: 12),
      yTickCount: PlotOutput.tickCount(rows, per: 4), budget: budget)
    let area = drawn.plotArea
    let d = glyphs.dotsPerCell
    let dotW = Double(max(d.columns, 1))
    let dotH = Double(max(d.rows, 1))
    if let marker {
      let viewport = drawn.plot.viewport
      let scales = drawn.plot.scales
      let px = area.minX + viewport.pixelX(scales.x.coordinate(marker.x))
      let py = area.minY + viewport.pixelY(scales.y.coordinate(marker.y))
      if px >= area.minX, px < area.maxX, py >= area.minY, py < area.maxY {  // false for NaN
        canvas.mark(row: Int(py / dotH), column: Int(px / dotW), character: marker.character)
      }
    }
    return (canvas.render(colors: colors), Cells(area, dotsPerCell: d), notes)
  }
}

extension TerminalPlot.Cells {
  /// The cells of plot area `area` (pixels) on a canvas of `dotsPerCell` dots a cell.
  init(_ area: PixelRect, dotsPerCell d: (columns: Int, rows: Int)) {
    let dotW = Double(max(d.columns, 1))
    let dotH = Double(max(d.rows, 1))
    self.init(
      column: Int(area.minX / dotW), row: Int(area.minY / dotH), columns: Int(area.width / dotW),
      rows: Int(area.height / dotH))
  }
}

/// Short number text for status lines: up to `digits` significant digits (C's `%.*g`,
/// `NumberFormat.printf`).
func shortNumber(_ value: Double, digits: Int = 6) -> String {
  NumberFormat.printf(value, precision: digits)
}
