import CCairo
import GraphView

/// A picture's pixels mapped to a fixed palette of at most 256 colours: each pixel to the
/// palette's nearest colour (squared RGB distance), one byte a pixel.
///
/// What the terminal's frames are made of (a stream's, `explore`'s): the sixel encoder
/// (`SixelEncoder.init(palette:)`) and the indexed PNG (`CairoRenderer.indexedPNGData(_:)`)
/// both start from these indices, with the theme's palette (`SixelEncoder.themePalette`), so
/// no frame pays for a quantisation and no colour shifts from one frame to the next.
///
/// The search is paid once a colour, not once a pixel: a pixel equal to the one before it (a
/// plot is mostly runs of one colour) takes the last index, and other colours go through a
/// direct-mapped cache of 4096 entries keyed by `0xRRGGBB + 1` (0 is empty; Knuth's
/// multiplicative hash), kept between frames.
public final class PaletteMap {
  /// The colours, at most 256.
  public let palette: [RGBColor]
  /// The palette as integer channels, for the search.
  private let channels: [(Int, Int, Int)]
  /// The cache: keys (`0xRRGGBB + 1`, 0 for an empty slot) and their palette indices.
  private var cacheKeys = [UInt32](repeating: 0, count: 4096)
  private var cacheIndices = [UInt8](repeating: 0, count: 4096)

  /// A map onto `palette` (its first 256 colours; an empty palette maps to black).
  ///
  /// - Parameter palette: The colours (`SixelEncoder.themePalette(_:)`).
  public init(palette: [RGBColor]) {
    let kept = palette.isEmpty ? [RGBColor(0)] : Array(palette.prefix(256))
    self.palette = kept
    channels = kept.map { (Int($0.red), Int($0.green), Int($0.blue)) }
  }

  /// The index of the palette colour nearest `0xRRGGBB` `rgb`.
  ///
  /// - Parameter rgb: The colour.
  /// - Returns: Its palette index.
  public func index(of rgb: UInt32) -> UInt8 {
    let key = (rgb & 0xFF_FFFF) &+ 1
    let slot = Int((key &* 2_654_435_761) >> 20) & 4095
    if cacheKeys[slot] == key { return cacheIndices[slot] }
    let r = Int((rgb >> 16) & 0xFF)
    let g = Int((rgb >> 8) & 0xFF)
    let b = Int(rgb & 0xFF)
    var best = 0
    var bestDistance = Int.max
    for (i, c) in channels.enumerated() {
      let d = (c.0 - r) * (c.0 - r) + (c.1 - g) * (c.1 - g) + (c.2 - b) * (c.2 - b)
      if d < bestDistance {
        best = i
        bestDistance = d
      }
    }
    cacheKeys[slot] = key
    cacheIndices[slot] = UInt8(best)
    return UInt8(best)
  }

  /// The palette indices of `renderer`'s picture (a `.png` one), one byte a pixel, rows top
  /// to bottom; the picture is opaque (painted on its background), so only the colour
  /// channels count.
  ///
  /// - Parameter renderer: The drawn picture.
  /// - Returns: The indices and the picture's size in pixels.
  /// - Throws: `ImageError` when the picture has no pixels (a PDF one).
  public func indices(of renderer: CairoRenderer) throws(ImageError) -> (
    indices: [UInt8], width: Int, height: Int
  ) {
    if renderer.clipDepth > 0 { renderer.endClip() }
    let surface = renderer.surface
    cairo_surface_flush(surface)
    let width = Int(cairo_image_surface_get_width(surface))
    let height = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    guard let data = cairo_image_surface_get_data(surface), width > 0, height > 0 else {
      throw ImageError(message: "no pixels to map")
    }
    var indices = [UInt8](repeating: 0, count: width * height)
    indices.withUnsafeMutableBufferPointer { out in
      var lastKey: UInt32 = 0xFFFF_FFFF  // no colour
      var lastIndex: UInt8 = 0
      for y in 0..<height {
        let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
        let o = y * width
        for x in 0..<width {
          let key = row[x] & 0xFF_FFFF
          if key != lastKey {
            lastIndex = index(of: key)
            lastKey = key
          }
          out[o + x] = lastIndex
        }
      }
    }
    return (indices, width, height)
  }
}
