import GraphView
import ImageRenderer

/// `explore`'s frames as pictures (`set canvas kitty|iterm|sixel`): the plot drawn by cairo
/// over every row but the last (the cells a braille plot fills), the status line as text in
/// the last row, as on the character canvases.
///
/// Each frame is one string, written with one write(2), that replaces the last in place:
/// the cursor goes home (`ESC [ H`), saves its place (`ESC 7`), writes the picture, goes back
/// (`ESC 8`), so the terminal's own idea of where a picture leaves the cursor does not
/// matter, then goes to the last row (`ESC [ ROW ; 1 H`) and writes the status line (`ESC [
/// K` after it). Nothing is cleared between frames, so nothing flickers:
/// - kitty: every frame is image `imageID`, placement 1 (`InlineImage.kitty`): kitty drops
///   the last frame's image and places the new one within the one write.
/// - sixel and iTerm2: the new picture is painted over the last one at the same anchor (the
///   top left cell); the picture is opaque and fills the same cells, so nothing shows
///   through. The picture covers `rows - 1` rows, so the terminal never scrolls for it.
/// - Every frame is in the theme's palette (`SixelEncoder.themePalette`, one `PaletteMap`
///   kept for the whole `explore`): sixel's registers, kitty's and iTerm2's PNGs indexed.
///
/// The screen is cleared (and kitty's image deleted) only when the terminal's size changed
/// since the last picture, or when a frame is text after a picture (a bar chart, a terminal
/// too small to plot). The trace cursor is a filled point marker in its curve's colour.
public struct ExplorePicture {
  /// The kitty image id of `explore`'s frames (plots printed once use 1, streams 2).
  public static let imageID = 3

  /// The protocol: `.kitty`, `.iterm` or `.sixel`.
  public let canvas: CanvasKind
  /// One character cell's size in pixels.
  public let cellPixels: PixelSize
  /// The colours.
  public let theme: Theme
  /// Whether the pictures go through tmux's passthrough.
  public let passthrough: Bool
  /// The size the last picture was drawn at; nil when the screen shows no picture.
  public private(set) var shownSize: TerminalSize?
  /// The theme's palette and its colour cache (indexed PNGs and sixel alike).
  let palette: PaletteMap
  /// The sixel encoder over `palette`.
  let sixel: SixelEncoder

  /// An `explore` picture with no frame drawn yet.
  ///
  /// - Parameters:
  ///   - canvas: `.kitty`, `.iterm` or `.sixel` (another canvas draws as sixel).
  ///   - cellPixels: One cell's size in pixels (the terminal's, `TerminalDisplay`).
  ///   - theme: The pictures' colours (`Session.inlineTheme`).
  ///   - passthrough: Whether to wrap the pictures for tmux.
  public init(canvas: CanvasKind, cellPixels: PixelSize, theme: Theme, passthrough: Bool = false) {
    self.canvas = canvas
    self.cellPixels = cellPixels
    self.theme = theme
    self.passthrough = passthrough
    palette = PaletteMap(palette: SixelEncoder.themePalette(theme))
    sixel = SixelEncoder(map: palette)
  }

  /// The bytes that replace the screen with `screen`'s frame: a picture and the status line
  /// when `screen` has a plot to show (`ExploreScreen.pictureContent`) and the terminal is
  /// big enough, else its text screen (`ExploreDriver.frame`).
  ///
  /// - Parameter screen: The explore state.
  /// - Returns: The bytes to write at once.
  public mutating func frame(_ screen: some ExploreScreen) -> String {
    let size = screen.size
    guard let content = screen.pictureContent, size.columns >= ExploreState.minimumSize.columns,
      size.rows >= ExploreState.minimumSize.rows,
      let image = try? picture(content.curves, columns: size.columns, rows: size.rows - 1)
    else {
      let text = ExploreDriver.frame(screen.screen())
      return shownSize == nil ? text : clear() + text
    }
    var out = shownSize == size ? "" : clear()
    out += "\u{1B}[H\u{1B}7" + image + "\u{1B}8"
    out += "\u{1B}[\(size.rows);1H" + String(content.status.prefix(size.columns)) + "\u{1B}[K"
    shownSize = size
    return out
  }

  /// The bytes to write before `explore` leaves the screen: kitty's image deleted (its data
  /// freed); nothing for sixel and iTerm2, whose pixels go with the alternate screen.
  public mutating func leave() -> String {
    defer { shownSize = nil }
    guard shownSize != nil, canvas == .kitty else { return "" }
    return InlineImage.kittyDelete(id: Self.imageID, passthrough: passthrough)
  }

  /// Forgets the picture's size after a resize (the terminal may have scrolled or wrapped
  /// what was there), so the next frame clears the screen first.
  public mutating func forgetShownSize() {
    if shownSize != nil { shownSize = TerminalSize(columns: 0, rows: 0) }
  }

  /// The screen cleared, and kitty's image deleted; no picture is shown after it.
  private mutating func clear() -> String {
    var out = "\u{1B}[H\u{1B}[2J"
    if canvas == .kitty, shownSize != nil {
      out += InlineImage.kittyDelete(id: Self.imageID, passthrough: passthrough)
    }
    shownSize = nil
    return out
  }

  /// The escape sequences of `curves` drawn over `columns` x `rows` cells.
  ///
  /// - Throws: `ImageError` when the picture cannot be encoded.
  func picture(_ curves: FunctionCurves, columns: Int, rows: Int) throws(ImageError) -> String {
    let renderer = Self.draw(curves, columns: columns, rows: rows, cellPixels, theme: theme)
    switch canvas {
    case .kitty:
      return InlineImage.kitty(
        png: try renderer.indexedPNGData(palette), columns: columns, rows: rows,
        id: Self.imageID, placement: 1, passthrough: passthrough)
    case .iterm:
      let image = InlineImage.iterm(
        png: try renderer.indexedPNGData(palette), columns: columns, rows: rows)
      return passthrough ? InlineImage.tmuxPassthrough(image) : image
    default:
      let image = try sixel.encode(renderer)
      return passthrough ? InlineImage.tmuxPassthrough(image) : image
    }
  }

  /// `curves` drawn on a picture of `columns` x `rows` cells of `cellPixels`, as a plot
  /// printed on a picture canvas is (`PlotOutput.terminalWithNotes`: the same layout, ticks
  /// and legend).
  ///
  /// - Returns: The drawn picture.
  public static func draw(
    _ curves: FunctionCurves, columns: Int, rows: Int, _ cellPixels: PixelSize, theme: Theme
  ) -> CairoRenderer {
    let renderer = PlotOutput.inlineRenderer(
      columns: columns, rows: rows, cellPixels, theme: theme)
    _ = PlotOutput.draw(curves, onPicture: renderer, budget: .default)
    return renderer
  }
}
