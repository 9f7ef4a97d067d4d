import Foundation
import GraphView
import ImageRenderer
import TestSupport
import Testing

/// The terminal frames' indexed PNGs (`CairoRenderer.indexedPNGData`: `PaletteMap`, then
/// `PNGEncoder.encodeIndexed` with its eight-bytes-at-a-time `Up` filter), decoded by cairo
/// (libpng) and compared pixel by pixel with the nearest palette colour of each pixel of the
/// picture, found here by a plain search over the palette (squared RGB distance, the first of
/// equals), not through the map's cache.
@Suite struct IndexedPNGFrames {
  struct Case: Sendable, CustomTestStringConvertible {
    var width: Int
    var height: Int
    var seed: UInt64
    var testDescription: String { "\(width)x\(height) seed \(seed)" }
  }

  /// Widths around the filter's eight-byte words (the tail of 0 to 7 bytes), one and two
  /// rows (no `Up` row, one), and a frame's width.
  static let cases: [Case] = [
    Case(width: 1, height: 1, seed: 1), Case(width: 1, height: 9, seed: 2),
    Case(width: 7, height: 2, seed: 3), Case(width: 8, height: 3, seed: 4),
    Case(width: 9, height: 5, seed: 5), Case(width: 15, height: 4, seed: 6),
    Case(width: 16, height: 16, seed: 7), Case(width: 17, height: 6, seed: 8),
    Case(width: 63, height: 11, seed: 9), Case(width: 1000, height: 70, seed: 10),
  ]

  /// The index of the colour of `palette` nearest `rgb` (squared distance, first of equals).
  static func nearest(_ rgb: UInt32, in palette: [RGBColor]) -> Int {
    let r = Int(rgb >> 16 & 0xFF)
    let g = Int(rgb >> 8 & 0xFF)
    let b = Int(rgb & 0xFF)
    var best = 0
    var bestDistance = Int.max
    for (i, c) in palette.enumerated() {
      let dr = Int(c.red) - r
      let dg = Int(c.green) - g
      let db = Int(c.blue) - b
      let d = dr * dr + dg * dg + db * db
      if d < bestDistance {
        best = i
        bestDistance = d
      }
    }
    return best
  }

  /// Random rectangles in random colours, and random anti-aliased strokes (colours between
  /// the palette's), on the theme's background.
  static func picture(_ c: Case, theme: Theme) -> CairoRenderer {
    var random = SplitMix64(seed: c.seed)
    let renderer = CairoRenderer(
      size: PixelSize(width: c.width, height: c.height), format: .png, theme: theme)
    for _ in 0..<12 {
      let x = Double(Int.random(in: 0..<c.width, using: &random))
      let y = Double(Int.random(in: 0..<c.height, using: &random))
      let rect = PixelRect(
        x: x, y: y, width: Double(Int.random(in: 1...max(c.width / 3, 1), using: &random)),
        height: Double(Int.random(in: 1...max(c.height / 2, 1), using: &random)))
      renderer.fillRect(rect, style: .bar(Int.random(in: 0..<10, using: &random)))
      let points = (0..<5).map { _ in
        PixelPoint(
          x: Double.random(in: 0...Double(c.width), using: &random),
          y: Double.random(in: 0...Double(c.height), using: &random))
      }
      renderer.drawPolyline(points, style: .curve(Int.random(in: 0..<10, using: &random)))
    }
    return renderer
  }

  @Test(arguments: cases, ["default", "stocks"])
  func decodesToTheNearestPaletteColours(_ c: Case, themeName: String) throws {
    let theme = try #require(Theme.named(themeName))
    let palette = SixelEncoder.themePalette(theme)
    let map = PaletteMap(palette: palette)
    let renderer = Self.picture(c, theme: theme)
    let rgb = renderer.rgbPixels()
    let png = try renderer.indexedPNGData(map)
    let folder = try TemporaryFolder()
    let path = folder.path("frame.png")
    try Data(png).write(to: URL(fileURLWithPath: path))
    let decoded = try Picture(png: path)
    try #require(decoded.width == c.width && decoded.height == c.height)
    var wrong = 0
    var colours = Set<UInt32>()
    for i in 0..<(c.width * c.height) {
      let v = UInt32(rgb[3 * i]) << 16 | UInt32(rgb[3 * i + 1]) << 8 | UInt32(rgb[3 * i + 2])
      colours.insert(v)
      let want = palette[Self.nearest(v, in: map.palette)]
      let wantRGB = UInt32(want.red) << 16 | UInt32(want.green) << 8 | UInt32(want.blue)
      if decoded.pixels[i] != wantRGB { wrong += 1 }
    }
    #expect(wrong == 0, "\(wrong) of \(c.width * c.height) pixels")
    // The picture has colours besides the background (the map is not trivially right).
    #expect(colours.count > (c.width * c.height > 4 ? 2 : 0))
  }

  /// The map's answers, through its cache, are the plain search's, for every colour of a
  /// random sample twice over (the second time from the cache), including colours whose
  /// cache slots collide.
  @Test func cachedAnswersAreTheSearchs() {
    let palette = SixelEncoder.themePalette(.default)
    let map = PaletteMap(palette: palette)
    var random = SplitMix64(seed: 17)
    let colours = (0..<20_000).map { _ in UInt32.random(in: 0...0xFF_FFFF, using: &random) }
    for _ in 0..<2 {
      var wrong = 0
      for v in colours where Int(map.index(of: v)) != Self.nearest(v, in: palette) { wrong += 1 }
      #expect(wrong == 0)
    }
  }
}
