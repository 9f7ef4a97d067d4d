import CSixel

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
  /// - Parameters:
  ///   - png: A PNG file's bytes.
  ///   - columns: Cells across the image fills.
  ///   - rows: Cells down it fills.
  ///   - id: The image id (a later image of the same id replaces it: `explore`'s frames).
  /// - Returns: The escape sequences.
  public static func kitty(png: [UInt8], columns: Int, rows: Int, id: Int = 1) -> String {
    let data = Array(base64(png).utf8)
    var out = ""
    var start = 0
    repeat {
      let end = min(start + 4096, data.count)
      let more = end < data.count ? 1 : 0
      let keys =
        start == 0
        ? "a=T,f=100,t=d,i=\(id),c=\(columns),r=\(rows),q=2,C=1,m=\(more)" : "m=\(more)"
      out +=
        "\u{1B}_G" + keys + ";" + String(decoding: data[start..<end], as: UTF8.self)
        + "\u{1B}\\"
      start = end
    } while start < data.count
    return out
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

  /// The sixel sequence (`ESC P ... ESC \`) of an RGB picture.
  ///
  /// - Parameters:
  ///   - rgb: 3 bytes a pixel, rows top to bottom.
  ///   - width: Pixels across.
  ///   - height: Pixels down.
  /// - Returns: The escape sequence.
  /// - Throws: `ImageError` when libsixel fails (out of memory).
  public static func sixel(rgb: [UInt8], width: Int, height: Int) throws(ImageError) -> String {
    final class Sink { var bytes: [UInt8] = [] }
    let sink = Sink()
    var output: OpaquePointer?
    var dither: OpaquePointer?
    defer {
      if let output { sixel_output_destroy(output) }
      if let dither { sixel_dither_destroy(dither) }
    }
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
        }, box, nil) == SIXEL_OK,
      sixel_dither_new(&dither, 256, nil) == SIXEL_OK
    else { throw ImageError(message: "sixel: cannot start the encoder") }
    var pixels = rgb
    let status = pixels.withUnsafeMutableBufferPointer { p -> SIXELSTATUS in
      let s = sixel_dither_initialize(
        dither, p.baseAddress, Int32(width), Int32(height), SIXEL_PIXELFORMAT_RGB888,
        SIXEL_LARGE_AUTO, SIXEL_REP_AUTO, SIXEL_QUALITY_AUTO)
      guard s == SIXEL_OK else { return s }
      sixel_dither_set_diffusion_type(dither, SIXEL_DIFFUSE_NONE)
      return sixel_encode(p.baseAddress, Int32(width), Int32(height), 3, dither, output)
    }
    guard status == SIXEL_OK else { throw ImageError(message: "sixel: encoding failed") }
    return String(decoding: sink.bytes, as: UTF8.self)
  }

  /// `bytes` in base64 (RFC 4648, with `=` padding).
  public static func base64(_ bytes: [UInt8]) -> String {
    let table = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var i = 0
    while i + 2 < bytes.count {
      let v = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
      out += [
        table[Int(v >> 18)], table[Int((v >> 12) & 63)], table[Int((v >> 6) & 63)],
        table[Int(v & 63)],
      ]
      i += 3
    }
    let rest = bytes.count - i
    if rest == 1 {
      let v = UInt32(bytes[i]) << 16
      out += [
        table[Int(v >> 18)], table[Int((v >> 12) & 63)], UInt8(ascii: "="), UInt8(ascii: "="),
      ]
    } else if rest == 2 {
      let v = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8
      out += [
        table[Int(v >> 18)], table[Int((v >> 12) & 63)], table[Int((v >> 6) & 63)],
        UInt8(ascii: "="),
      ]
    }
    return String(decoding: out, as: UTF8.self)
  }
}
