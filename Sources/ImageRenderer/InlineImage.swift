import CCairo
import CSixel
import GraphView

/// A picture as the escape sequences that show it inline in a terminal: the kitty graphics
/// protocol, iTerm2's inline images, or sixel (DEC's, as xterm `-ti vt340`, foot, mlterm
/// and WezTerm show it).
///
/// - kitty: `ESC _ G a=T,f=100,...;BASE64 ESC \`, the PNG in chunks of at most 4096
///   base64 bytes (`m=1` on all but the last), `c` and `r` the cells it fills, `q=2` so the
///   terminal sends no reply into the input, `C=1` so the cursor does not move and the
///   caller can place it below (after kitty's documentation, "Terminal graphics protocol").
/// - iTerm2: `ESC ] 1337 ; File=inline=1;size=N;width=Nc;height=Nc;preserveAspectRatio=0 :
///   BASE64 BEL` (after iTerm2's "Inline Images Protocol"); the cursor ends below it.
/// - sixel: libsixel's encoder over the picture quantised to at most 256 colours (median
///   cut, no diffusion: plots are flat colours and anti-aliased edges, which dithering
///   only speckles).
public enum InlineImage {
  /// The protocols.
  public enum Kind: Sendable, Hashable {
    /// The kitty graphics protocol (kitty, WezTerm, Ghostty, Konsole).
    case kitty
    /// iTerm2's inline images (iTerm2, WezTerm, mlterm, VS Code).
    case iterm
    /// Sixel (xterm -ti vt340, foot, mlterm, WezTerm, Windows Terminal).
    case sixel
  }

  /// The kitty graphics sequence that shows `png` over `columns` x `rows` cells at the
  /// cursor.
  ///
  /// A later transmission of the same image id replaces the image (kitty deletes the old
  /// image with its placements, then places the new one where the cursor is, all within the
  /// one write: no frame shows neither), and the same id and placement id name one
  /// placement: that is how a stream's frames redraw in place.
  ///
  /// - Parameters:
  ///   - png: A PNG file's bytes.
  ///   - columns: Cells across the image fills.
  ///   - rows: Cells down it fills.
  ///   - id: The image id (`i=`).
  ///   - placement: The placement id (`p=`), or nil for none (a plot printed once).
  ///   - passthrough: Whether each chunk is wrapped for tmux (`tmuxPassthrough`).
  /// - Returns: The escape sequences.
  public static func kitty(
    png: [UInt8], columns: Int, rows: Int, id: Int = 1, placement: Int? = nil,
    passthrough: Bool = false
  ) -> String {
    let data = Array(base64(png).utf8)
    var out = ""
    var start = 0
    let placed = placement.map { ",p=\($0)" } ?? ""
    repeat {
      let end = min(start + 4096, data.count)
      let more = end < data.count ? 1 : 0
      let keys =
        start == 0
        ? "a=T,f=100,t=d,i=\(id)\(placed),c=\(columns),r=\(rows),q=2,C=1,m=\(more)"
        : "m=\(more)"
      let chunk =
        "\u{1B}_G" + keys + ";" + String(decoding: data[start..<end], as: UTF8.self)
        + "\u{1B}\\"
      out += passthrough ? tmuxPassthrough(chunk) : chunk
      start = end
    } while start < data.count
    return out
  }

  /// The kitty sequence that deletes image `id` with its placements and frees its data
  /// (`a=d,d=I`).
  ///
  /// - Parameters:
  ///   - id: The image id.
  ///   - passthrough: Whether it is wrapped for tmux.
  /// - Returns: The escape sequence.
  public static func kittyDelete(id: Int, passthrough: Bool = false) -> String {
    let sequence = "\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\"
    return passthrough ? tmuxPassthrough(sequence) : sequence
  }

  /// `sequence` wrapped in tmux's passthrough: `ESC P tmux ; ... ESC \`, every ESC inside
  /// doubled, which tmux (with `allow-passthrough on`, tmux 3.3 and later) unwraps and
  /// writes to the terminal outside it unchanged (tmux's `input_dcs_dispatch`; its manual,
  /// "allow-passthrough").
  ///
  /// - Parameter sequence: The escape sequences for the terminal outside tmux.
  /// - Returns: The wrapped sequence.
  public static func tmuxPassthrough(_ sequence: String) -> String {
    var out: [UInt8] = Array("\u{1B}Ptmux;".utf8)
    out.reserveCapacity(sequence.utf8.count + 16)
    for byte in sequence.utf8 {
      out.append(byte)
      if byte == 0x1B { out.append(0x1B) }
    }
    out += [0x1B, UInt8(ascii: "\\")]
    return String(decoding: out, as: UTF8.self)
  }

  /// iTerm2's sequence that shows `png` over `columns` x `rows` cells at the cursor.
  ///
  /// - Parameters:
  ///   - png: A PNG file's bytes.
  ///   - columns: Cells across.
  ///   - rows: Cells down.
  /// - Returns: The escape sequence.
  public static func iterm(png: [UInt8], columns: Int, rows: Int) -> String {
    "\u{1B}]1337;File=inline=1;size=\(png.count);width=\(columns);height=\(rows);"
      + "preserveAspectRatio=0:" + base64(png) + "\u{07}"
  }

  /// The sixel sequence (`ESC P ... ESC \`) of an RGB picture (see `SixelEncoder`).
  ///
  /// - Parameters:
  ///   - rgb: 3 bytes a pixel, rows top to bottom.
  ///   - width: Pixels across.
  ///   - height: Pixels down.
  ///   - background: The picture's background, kept exact in the palette; nil for none.
  /// - Returns: The escape sequence.
  /// - Throws: `ImageError` when libsixel fails (out of memory).
  public static func sixel(
    rgb: [UInt8], width: Int, height: Int, background: RGBColor? = nil
  ) throws(ImageError) -> String {
    try SixelEncoder(background: background).encode(rgb: rgb, width: width, height: height)
  }

  /// `bytes` in base64 (RFC 4648, with `=` padding), written straight into the string's
  /// storage (a frame's picture is tens of kilobytes: no array a group).
  public static func base64(_ bytes: [UInt8]) -> String {
    let count = (bytes.count + 2) / 3 * 4
    guard count > 0 else { return "" }
    return String(unsafeUninitializedCapacity: count) { out in
      let table: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
      let t = table.utf8Start
      bytes.withUnsafeBufferPointer { input in
        var i = 0
        var o = 0
        while i + 2 < input.count {
          let v = UInt32(input[i]) << 16 | UInt32(input[i + 1]) << 8 | UInt32(input[i + 2])
          out[o] = t[Int(v >> 18)]
          out[o + 1] = t[Int((v >> 12) & 63)]
          out[o + 2] = t[Int((v >> 6) & 63)]
          out[o + 3] = t[Int(v & 63)]
          i += 3
          o += 4
        }
        let rest = input.count - i
        if rest > 0 {
          let v = UInt32(input[i]) << 16 | (rest == 2 ? UInt32(input[i + 1]) << 8 : 0)
          out[o] = t[Int(v >> 18)]
          out[o + 1] = t[Int((v >> 12) & 63)]
          out[o + 2] = rest == 2 ? t[Int((v >> 6) & 63)] : UInt8(ascii: "=")
          out[o + 3] = UInt8(ascii: "=")
        }
      }
      return count
    }
  }
}

/// Sixel pictures through libsixel: the picture quantised to at most 256 colours (median
/// cut, no diffusion: plots are flat colours and anti-aliased edges, which dithering only
/// speckles), then encoded.
///
/// Median cut puts a box's mean (or centre) in the palette, so the background, most of the
/// picture, came out a shade off (white as #f7f7f7, the dark theme's #1b1d23 as #172121). The palette
/// entry nearest the background is therefore set to the background itself before encoding:
/// every background pixel then maps to it exactly (distance 0), and it is sent as exactly as
/// sixel's colour registers, in whole percents a channel, can say (white and black exactly).
///
/// One encoder can draw many frames of a picture that changes little (a live stream): with
/// `keepPalette` the palette of the first frame is used again, so only the encoding is paid
/// for, not the quantisation.
public final class SixelEncoder {
  /// The colour kept exact, or nil.
  public let background: RGBColor?
  /// Whether later frames reuse the first frame's palette.
  public let keepPalette: Bool
  /// libsixel's dither (the palette and its lookup cache), kept between frames.
  var dither: OpaquePointer?

  /// An encoder.
  ///
  /// - Parameters:
  ///   - background: The colour to keep exact in the palette (the theme's background).
  ///   - keepPalette: Whether frames after the first reuse its palette.
  public init(background: RGBColor?, keepPalette: Bool = false) {
    self.background = background
    self.keepPalette = keepPalette
    palette = nil
    map = nil
  }

  /// A fixed palette (`themePalette`) that every frame is mapped to by this encoder
  /// (`encode(_:)`), or nil for libsixel's median cut.
  public let palette: [RGBColor]?
  /// The pixels' map onto `palette`, with its colour cache (nil without a palette).
  public let map: PaletteMap?

  /// An encoder that maps every picture to `palette` (at most 256 colours), so frames cost
  /// no quantisation and keep their colours from one to the next.
  ///
  /// - Parameter palette: The colours (`themePalette(_:)`).
  public convenience init(palette: [RGBColor]) {
    self.init(map: PaletteMap(palette: palette))
  }

  /// An encoder that maps every picture through `map` (shared with the indexed PNGs of the
  /// same frames, `CairoRenderer.indexedPNGData(_:)`, so both keep one colour cache).
  ///
  /// - Parameter map: The palette and its cache.
  public init(map: PaletteMap) {
    self.map = map
    palette = map.palette
    background = nil
    keepPalette = true
  }

  deinit {
    if let dither { sixel_dither_destroy(dither) }
  }

  /// A palette for pictures drawn in `theme`: its backgrounds (a gradient sampled at 16
  /// heights), and each of its line, text and series colours (and the curves' own `lc`
  /// colours, `Theme.curveLooks`) at full strength and
  /// anti-aliased over the background at 11 lesser coverages (1/12 to 11/12): what cairo's
  /// anti-aliasing makes of one colour over another. At most 256 colours; the background and
  /// every colour of the theme are exact (to sixel's percents).
  ///
  /// - Parameter theme: The pictures' theme.
  /// - Returns: The palette, the background first.
  public static func themePalette(_ theme: Theme) -> [RGBColor] {
    func samples(_ paint: Paint) -> [RGBColor] {
      switch paint {
      case .solid(let c): return [c]
      case .vertical(let stops):
        return (0..<16).map { k in
          let t = Double(k) / 15
          guard let after = stops.firstIndex(where: { $0.position >= t }) else {
            return stops.last?.color ?? RGBColor(0xFFFFFF)
          }
          guard after > 0 else { return stops[0].color }
          let a = stops[after - 1]
          let b = stops[after]
          let f = b.position > a.position ? (t - a.position) / (b.position - a.position) : 0
          return mix(a.color, b.color, f)
        }
      }
    }
    func mix(_ a: RGBColor, _ b: RGBColor, _ f: Double) -> RGBColor {
      func channel(_ x: UInt8, _ y: UInt8) -> UInt32 {
        UInt32((Double(x) + (Double(y) - Double(x)) * f).rounded())
      }
      return RGBColor(
        channel(a.red, b.red) << 16 | channel(a.green, b.green) << 8 | channel(a.blue, b.blue))
    }
    var colors = samples(theme.background)
    if let area = theme.plotArea { colors += samples(area) }
    let base = (theme.plotArea ?? theme.background).dominant
    let inks =
      [
        theme.foreground, theme.frame, theme.tick, theme.axis, theme.grid, theme.midline,
        theme.legendOutline, theme.legendFill, theme.title,
      ] + theme.palette + theme.curveLooks.compactMap(\.color)
    for ink in inks {
      colors.append(ink)
      for k in 1..<12 { colors.append(mix(base, ink, Double(k) / 12)) }
    }
    var seen = Set<RGBColor>()
    return Array(colors.filter { seen.insert($0).inserted }.prefix(256))
  }

  /// The sixel sequence of `renderer`'s picture (a `.png` one) mapped to `palette` (each
  /// pixel to its nearest colour, squared RGB distance, through a cache: a plot has few
  /// colours, in long runs: `PaletteMap`), then encoded by `sixel(indices:width:height:palette:)`;
  /// without a palette, libsixel's `encode(rgb:width:height:)`.
  ///
  /// - Parameter renderer: The drawn picture.
  /// - Returns: The escape sequence.
  /// - Throws: `ImageError` when libsixel fails.
  public func encode(_ renderer: CairoRenderer) throws(ImageError) -> String {
    guard let map, let palette else {
      return try encode(
        rgb: renderer.rgbPixels(), width: renderer.size.width, height: renderer.size.height)
    }
    let (indices, width, height) = try map.indices(of: renderer)
    return Self.sixel(indices: indices, width: width, height: height, palette: palette)
  }

  /// The sixel sequence of palette-indexed pixels: DEC's format as VT3xx terminals read it
  /// (xterm's "Sixel Graphics" notes): `ESC P 0 ; 1 ; 0 q` (pixels left unset stay as they
  /// were), the raster attributes `"1;1;W;H`, the colour registers `#N;2;R;G;B` (whole
  /// percents), then each band of six rows: for each colour present in the band, `#N` and
  /// one sixel character a column (63 + the six rows' bits), runs of four or more as
  /// `!COUNT`, then `$` back to the band's start; `-` to the next band; `ESC \`.
  ///
  /// Why not libsixel's encoder: it goes through every palette colour in every band, 117
  /// bands x 236 colours x 1000 columns for a 1000 x 700 frame of a theme's palette (150 M
  /// instructions a frame, callgrind); here a band costs its pixels plus the columns of the
  /// colours it has, about a tenth.
  ///
  /// - Parameters:
  ///   - indices: One palette index a pixel, rows top to bottom.
  ///   - width: Pixels across.
  ///   - height: Pixels down.
  ///   - palette: The colours.
  /// - Returns: The escape sequence.
  static func sixel(indices: [UInt8], width: Int, height: Int, palette: [RGBColor]) -> String {
    var out: [UInt8] = Array("\u{1B}P0;1;0q\"1;1;\(width);\(height)".utf8)
    func percent(_ c: UInt8) -> String { String((Int(c) * 100 + 127) / 255) }
    for (i, c) in palette.enumerated() {
      out += Array("#\(i);2;\(percent(c.red));\(percent(c.green));\(percent(c.blue))".utf8)
    }
    let numbers = (0..<max(palette.count, 1)).map { Array(String($0).utf8) }
    // Per band: a row of sixel bits for each colour present (its slot), and the first and
    // last column with bits; the rows are cleared as they are written out.
    var slotOf = [Int](repeating: -1, count: 256)
    var slotColor = [Int](repeating: 0, count: 256)
    var first = [Int](repeating: 0, count: 256)
    var last = [Int](repeating: 0, count: 256)
    var bits = [UInt8](repeating: 0, count: 256 * width)
    indices.withUnsafeBufferPointer { pixels in
      bits.withUnsafeMutableBufferPointer { bits in
        var y0 = 0
        while y0 < height {
          let bandRows = min(6, height - y0)
          var slots = 0
          for k in 0..<bandRows {
            let base = (y0 + k) * width
            let bit = UInt8(1 << k)
            var lastColor = -1
            var slot = 0
            for x in 0..<width {
              let c = Int(pixels[base + x])
              if c != lastColor {
                if lastColor >= 0 { last[slot] = max(last[slot], x - 1) }
                slot = slotOf[c]
                if slot < 0 {
                  slot = slots
                  slots += 1
                  slotOf[c] = slot
                  slotColor[slot] = c
                  first[slot] = x
                  last[slot] = x
                }
                if x < first[slot] { first[slot] = x }
                lastColor = c
              }
              bits[slot * width + x] |= bit
            }
            last[slot] = max(last[slot], width - 1)
          }
          for slot in 0..<slots {
            let c = slotColor[slot]
            out.append(UInt8(ascii: "#"))
            out += numbers[c]
            // Columns before the first with bits: a run of empty sixels (`?`).
            var run = first[slot]
            var previous: UInt8 = 63
            func flush() {
              if run >= 4 {
                out.append(UInt8(ascii: "!"))
                out += Array(String(run).utf8)
                out.append(previous)
              } else {
                for _ in 0..<run { out.append(previous) }
              }
            }
            let row = slot * width
            // A colour's row of sixels is mostly empty (a curve's colour crosses a band in a
            // few places): inside a run of empty sixels, eight empty columns at a time.
            let words = UnsafeRawPointer(bits.baseAddress! + row)
            var x = first[slot]
            let end = last[slot] + 1
            while x < end {
              if previous == 63, x + 8 <= end,
                words.loadUnaligned(fromByteOffset: x, as: UInt64.self) == 0
              {
                run += 8
                x += 8
                continue
              }
              let ch = 63 + bits[row + x]
              bits[row + x] = 0
              if ch == previous {
                run += 1
              } else {
                flush()
                previous = ch
                run = 1
              }
              x += 1
            }
            flush()
            out.append(UInt8(ascii: "$"))
            slotOf[c] = -1
          }
          out.append(UInt8(ascii: "-"))
          y0 += 6
        }
      }
    }
    out += [0x1B, UInt8(ascii: "\\")]
    return String(decoding: out, as: UTF8.self)
  }

  /// The sixel sequence (`ESC P ... ESC \`) of an RGB picture.
  ///
  /// - Parameters:
  ///   - rgb: 3 bytes a pixel, rows top to bottom.
  ///   - width: Pixels across.
  ///   - height: Pixels down.
  /// - Returns: The escape sequence.
  /// - Throws: `ImageError` when libsixel fails (out of memory).
  public func encode(rgb: [UInt8], width: Int, height: Int) throws(ImageError) -> String {
    final class Sink { var bytes: [UInt8] = [] }
    let sink = Sink()
    var output: OpaquePointer?
    defer { if let output { sixel_output_destroy(output) } }
    let box = Unmanaged.passUnretained(sink).toOpaque()
    guard
      sixel_output_new(
        &output,
        { data, size, priv in
          guard let data, let priv, size > 0 else { return 0 }
          let sink = Unmanaged<Sink>.fromOpaque(priv).takeUnretainedValue()
          data.withMemoryRebound(to: UInt8.self, capacity: Int(size)) {
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: Int(size)))
          }
          return size
        }, box, nil) == SIXEL_OK
    else { throw ImageError(message: "sixel: cannot start the encoder") }
    var pixels = rgb
    let status = pixels.withUnsafeMutableBufferPointer { p -> SIXELSTATUS in
      if dither == nil || !keepPalette {
        if let old = dither { sixel_dither_destroy(old) }
        dither = nil
        guard sixel_dither_new(&dither, 256, nil) == SIXEL_OK else { return SIXEL_BAD_ALLOCATION }
        let s = sixel_dither_initialize(
          dither, p.baseAddress, Int32(width), Int32(height), SIXEL_PIXELFORMAT_RGB888,
          SIXEL_LARGE_AUTO, SIXEL_REP_AUTO, SIXEL_QUALITY_AUTO)
        guard s == SIXEL_OK else { return s }
        sixel_dither_set_diffusion_type(dither, SIXEL_DIFFUSE_NONE)
        exactBackground()
      }
      return sixel_encode(p.baseAddress, Int32(width), Int32(height), 3, dither, output)
    }
    guard status == SIXEL_OK else { throw ImageError(message: "sixel: encoding failed") }
    return String(decoding: sink.bytes, as: UTF8.self)
  }

  /// Sets the palette entry nearest `background` (squared RGB distance) to it.
  func exactBackground() {
    guard let background, let dither, let palette = sixel_dither_get_palette(dither) else {
      return
    }
    let n = Int(sixel_dither_get_num_of_palette_colors(dither))
    let target = [Int(background.red), Int(background.green), Int(background.blue)]
    var best = 0
    var bestDistance = Int.max
    for i in 0..<n {
      var d = 0
      for c in 0..<3 {
        let e = Int(palette[3 * i + c]) - target[c]
        d += e * e
      }
      if d < bestDistance {
        best = i
        bestDistance = d
      }
    }
    guard n > 0, bestDistance > 0 else { return }
    palette[3 * best] = background.red
    palette[3 * best + 1] = background.green
    palette[3 * best + 2] = background.blue
  }
}
