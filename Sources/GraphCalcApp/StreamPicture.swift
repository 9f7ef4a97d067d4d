import GraphView
import ImageRenderer
import Streaming
import TextCanvas

/// A live stream redrawn as a picture (`set canvas kitty|iterm|sixel`): at each frame the
/// plot is drawn by cairo into the cells a braille plot would fill, and the status lines
/// (the legend and counters, `StreamOutput.statusLines`) follow below it as text.
///
/// Each frame is one string, written with one write(2), and replaces the last in place:
/// the cursor goes up to the frame's first line (`ESC [ N A`, as `StreamScreen`), saves its
/// place (`ESC 7`), writes the picture and goes back (`ESC 8`), so the terminal's own idea of
/// where the cursor ends after a picture (below it for sixel and iTerm2, unmoved for kitty
/// with `C=1`) does not matter; then it goes down past the picture (`ESC [ N B`) and
/// overwrites the status lines, and clears what is left below (`ESC [ J`).
///
/// - kitty: every frame is image `imageID`, placement 1 (`InlineImage.kitty`): kitty drops
///   the last frame's image and places the new one within the one write, so nothing
///   flickers and nothing accumulates (no new image a frame, no scrollback growth).
/// - sixel and iTerm2: the new picture is painted over the last one at the same anchor; both
///   cover every pixel of the cells (the picture is opaque), so nothing shows through.
/// - Every frame is in the theme's palette (`SixelEncoder.themePalette`, through one
///   `PaletteMap`): sixel's colour registers, and kitty's and iTerm2's PNGs indexed (one byte
///   a pixel, a third of an RGB PNG's encoding), so a frame at 1000 x 700 pixels is drawn
///   and encoded within 16 ms.
///
/// Before the first frame its lines are made (newlines, scrolling the screen when it must)
/// and the cursor goes back up to their first: a picture drawn at the bottom of the screen
/// would scroll it, and the anchor would move. After a resize the screen is cleared (and
/// kitty's image deleted) and the frame starts at its top left corner. Inside tmux with
/// passthrough on, the pictures' sequences are wrapped (`InlineImage.tmuxPassthrough`).
public struct StreamPicture {
  /// The kitty image id of a stream's frames (plots printed once use 1).
  public static let imageID = 2

  /// The protocol: `.kitty`, `.iterm` or `.sixel`.
  public let canvas: CanvasKind
  /// One character cell's size in pixels.
  public let cellPixels: PixelSize
  /// The colours.
  public let theme: Theme
  /// Whether the pictures go through tmux's passthrough.
  public let passthrough: Bool
  /// The height, in lines, of the frame on screen (0 before the first one).
  public private(set) var height = 0
  /// The sixel encoder: every frame mapped to the theme's palette
  /// (`SixelEncoder.themePalette`), so no frame pays for a quantisation and no colour shifts
  /// from one frame to the next.
  let sixel: SixelEncoder
  /// The theme's palette and its colour cache, shared by the sixel encoder and the indexed
  /// PNGs of kitty and iTerm2 frames (`CairoRenderer.indexedPNGData(_:)`).
  let palette: PaletteMap

  /// A stream picture with no frame drawn yet.
  ///
  /// - Parameters:
  ///   - canvas: `.kitty`, `.iterm` or `.sixel` (another canvas draws as sixel).
  ///   - cellPixels: One cell's size in pixels (the terminal's, `TerminalDisplay`).
  ///   - theme: The pictures' colours.
  ///   - passthrough: Whether to wrap the pictures for tmux.
  public init(canvas: CanvasKind, cellPixels: PixelSize, theme: Theme, passthrough: Bool = false) {
    self.canvas = canvas
    self.cellPixels = cellPixels
    self.theme = theme
    self.passthrough = passthrough
    palette = PaletteMap(palette: SixelEncoder.themePalette(theme))
    sixel = SixelEncoder(map: palette)
  }

  /// The text that replaces the frame on screen with `frame`.
  ///
  /// The layout is `StreamOutput.terminalLines`': at most `size.rows - 1` lines (the last
  /// row stays free), the status lines up to a third of them, the plot the rest when that is
  /// at least `StreamOutput.minimumPlot`, else only the status lines.
  ///
  /// - Parameters:
  ///   - frame: The stream's frame.
  ///   - size: The terminal, in cells.
  ///   - colors: The terminal's colours for the status lines, or nil.
  ///   - resized: Whether the terminal changed size since the last frame.
  /// - Returns: The bytes to write at once.
  /// - Throws: `CommandError` (`.image`) when the picture cannot be encoded.
  public mutating func update(
    _ frame: StreamFrame, size: TerminalSize, colors: TerminalColors? = nil, resized: Bool = false
  ) throws(CommandError) -> String {
    let columns = max(1, size.columns)
    let lines = max(1, size.rows - 1)
    var status = StreamOutput.statusLines(
      frame, columns: columns, maxLines: max(1, lines / 3), canvas: canvas, colors: nil)
    if colors != nil { status = Self.colored(status, theme: theme) }
    var plotRows = lines - status.count
    if plotRows < StreamOutput.minimumPlot.rows || columns < StreamOutput.minimumPlot.columns {
      plotRows = 0
      if status.count > lines { status = Array(status.suffix(lines)) }
    }
    let total = plotRows + status.count
    var out = ""
    if resized {
      out += "\u{1B}[H\u{1B}[2J"
      if canvas == .kitty {
        out += InlineImage.kittyDelete(id: Self.imageID, passthrough: passthrough)
      }
    } else if height > 0 {
      out += "\u{1B}[\(height)A\r"
    } else {
      out += "\r" + String(repeating: "\n", count: total) + "\u{1B}[\(total)A"
    }
    if plotRows > 0 {
      out += "\u{1B}7" + (try picture(frame, columns: columns, rows: plotRows)) + "\u{1B}8"
      out += "\u{1B}[\(plotRows)B"
    }
    for line in status {
      out += line
      if StreamOutput.visibleWidth(line) < columns { out += "\u{1B}[K" }
      out += "\n"
    }
    out += "\u{1B}[J"
    height = total
    return out
  }

  /// `lines` (plain status lines) with each series' sample (`⠒⠒`, in series order) in the
  /// colour its curve has in the picture (the theme's, as a 24-bit SGR colour), not the
  /// terminal palette's.
  static func colored(_ lines: [String], theme: Theme) -> [String] {
    var series = 0
    let sample: Character = "\u{2812}"
    return lines.map { line in
      var out = ""
      let characters = Array(line)
      var i = 0
      while i < characters.count {
        if characters[i] == sample, i + 1 < characters.count, characters[i + 1] == sample {
          let c = theme.series(series)
          out += "\u{1B}[38;2;\(c.red);\(c.green);\(c.blue)m\u{2812}\u{2812}\u{1B}[0m"
          series += 1
          i += 2
        } else {
          out.append(characters[i])
          i += 1
        }
      }
      return out
    }
  }

  /// The escape sequences of `frame`'s plot over `columns` x `rows` cells.
  ///
  /// - Throws: `CommandError` (`.image`) when the picture cannot be encoded.
  func picture(_ frame: StreamFrame, columns: Int, rows: Int) throws(CommandError) -> String {
    let renderer = Self.draw(frame, columns: columns, rows: rows, cellPixels, theme: theme)
    do throws(ImageError) {
      switch canvas {
      case .kitty:
        return InlineImage.kitty(
          png: try renderer.indexedPNGData(palette), columns: columns, rows: rows, id: Self.imageID,
          placement: 1, passthrough: passthrough)
      case .iterm:
        let image = InlineImage.iterm(
          png: try renderer.indexedPNGData(palette), columns: columns, rows: rows)
        return passthrough ? InlineImage.tmuxPassthrough(image) : image
      default:
        let image = try sixel.encode(renderer)
        return passthrough ? InlineImage.tmuxPassthrough(image) : image
      }
    } catch {
      throw CommandError(cause: .image(error))
    }
  }

  /// `frame`'s plot drawn on a picture of `columns` x `rows` cells of `cellPixels`: the
  /// plot of `StreamOutput.sampledPlot` without a legend (the status lines are one), with
  /// the pictures' tick spacing (an x tick per 80 pixels, a y tick per 60).
  ///
  /// - Returns: The drawn picture.
  public static func draw(
    _ frame: StreamFrame, columns: Int, rows: Int, _ cellPixels: PixelSize, theme: Theme
  ) -> CairoRenderer {
    var renderer = PlotOutput.inlineRenderer(
      columns: columns, rows: rows, cellPixels, theme: theme)
    let options = PlotLayout.Options(showLegend: false)
    let yTickCount = PlotOutput.tickCount(renderer.size.height, per: 60)
    let labels = Ticks.ticks(
      for: StreamOutput.shownRange(frame.yRange), approximateCount: yTickCount
    ).map(\.label)
    let xTickCount = PlotOutput.tickCount(renderer.size.width, per: 80)
    PlotLayout.layOutAndDraw(into: &renderer, options: options, yTickLabels: labels) { size in
      StreamOutput.sampledPlot(frame, size: size, xTickCount: xTickCount, yTickCount: yTickCount)
    }
    return renderer
  }
}
