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
  /// The cache: keys (`0xRRGGBB + 1`, 0 for an empty slot), `cacheSize` of them, and their
  /// palette indices. Raw memory owned by the map, not arrays held in properties: every
  /// probe of an array property of a class goes through the runtime's exclusivity check
  /// (`swift_beginAccess`), which was a third of a frame's mapping (callgrind).
  private let cacheKeys: UnsafeMutablePointer<UInt32>
  private let cacheIndices: UnsafeMutablePointer<UInt8>
  /// The cache's slots.
  private static let cacheSize = 4096

  /// A map onto `palette` (its first 256 colours; an empty palette maps to black).
  ///
  /// - Parameter palette: The colours (`SixelEncoder.themePalette(_:)`).
  public init(palette: [RGBColor]) {
    let kept = palette.isEmpty ? [RGBColor(0)] : Array(palette.prefix(256))
    self.palette = kept
    channels = kept.map { (Int($0.red), Int($0.green), Int($0.blue)) }
    cacheKeys = .allocate(capacity: Self.cacheSize)
    cacheKeys.initialize(repeating: 0, count: Self.cacheSize)
    cacheIndices = .allocate(capacity: Self.cacheSize)
    cacheIndices.initialize(repeating: 0, count: Self.cacheSize)
  }

  deinit {
    cacheKeys.deallocate()
    cacheIndices.deallocate()
  }

  /// The index of the palette colour nearest `0xRRGGBB` `rgb`.
  ///
  /// - Parameter rgb: The colour.
  /// - Returns: Its palette index.
  public func index(of rgb: UInt32) -> UInt8 {
    channels.withUnsafeBufferPointer { lookUp((rgb & 0xFF_FFFF) &+ 1, $0) }
  }

  /// The palette index of the colour whose key is `key` (`0xRRGGBB + 1`): from the cache's
  /// slot (Knuth's multiplicative hash of the key), else the nearest of `channels` (squared
  /// RGB distance, the first of equals), which then takes the slot.
  @inline(__always)
  private func lookUp(_ key: UInt32, _ channels: UnsafeBufferPointer<(Int, Int, Int)>) -> UInt8 {
    let slot = Int((key &* 2_654_435_761) >> 20) & (Self.cacheSize - 1)
    if cacheKeys[slot] == key { return cacheIndices[slot] }
    let rgb = key &- 1
    let r = Int((rgb >> 16) & 0xFF)
    let g = Int((rgb >> 8) & 0xFF)
    let b = Int(rgb & 0xFF)
    var best = 0
    var bestDistance = Int.max
    for i in 0..<channels.count {
      let c = channels[i]
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
    // Every byte is written below, so the buffer is not zero-filled first.
    let count = width * height
    let indices = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
      channels.withUnsafeBufferPointer { channels in
        var lastKey: UInt32 = 0xFFFF_FFFF  // no colour
        var lastIndex: UInt8 = 0
        for y in 0..<height {
          let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
          let o = y * width
          for x in 0..<width {
            let key = row[x] & 0xFF_FFFF
            if key != lastKey {
              lastIndex = lookUp(key &+ 1, channels)
              lastKey = key
            }
            out[o + x] = lastIndex
          }
        }
      }
      initialized = count
    }
    return (indices, width, height)
  }
}
