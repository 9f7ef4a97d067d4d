import CCairo
import GraphView

/// Writes a cairo image surface as a PNG file: 8-bit RGB when every pixel is opaque (a plot
/// on a theme's background always is), else RGBA, each row filtered with PNG's `Up` filter
/// (the row above subtracted: plots are mostly runs of one colour, so rows repeat) and the
/// whole compressed by zlib's deflate at level `level`.
///
/// The chunks and filters follow the PNG specification (ISO/IEC 15948, W3C PNG 2nd edition):
/// signature, `IHDR`, one `IDAT`, `IEND`, each with its CRC-32 (zlib's `crc32`). Why not
/// cairo's own writer (libpng with its defaults): libpng tries all five filters on every row
/// and compresses at level 6, which was 80 % of a one-shot `export png` of an 800x600 plot
/// (callgrind: 196 M of 229 M instructions); one filter at level 3 makes files about as
/// small for a tenth of the work (Docs/performance.md).
enum PNGEncoder {
  /// The deflate level: 1 (fastest) to 9 (smallest).
  static let level: Int32 = 3

  /// The PNG file's bytes of `surface` (an image surface in `CAIRO_FORMAT_ARGB32`).
  ///
  /// - Parameters:
  ///   - surface: The image surface.
  ///   - level: The deflate level (`level`, 3, for files).
  ///   - strategy: zlib's strategy: `Z_DEFAULT_STRATEGY` for files; `Z_RLE` (runs of one
  ///     byte only, which is most of an `Up`-filtered plot: rows that repeat the row above
  ///     are zeros) for a stream's frames, where time counts more than bytes.
  /// - Throws: `ImageError` when zlib fails (out of memory).
  static func encode(
    _ surface: OpaquePointer, level: Int32 = PNGEncoder.level, strategy: Int32 = Z_DEFAULT_STRATEGY
  ) throws(ImageError) -> [UInt8] {
    cairo_surface_flush(surface)
    let width = Int(cairo_image_surface_get_width(surface))
    let height = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    guard let data = cairo_image_surface_get_data(surface), width > 0, height > 0 else {
      throw ImageError(message: "no pixels to write")
    }
    // Cairo stores each pixel as a native-endian 32-bit word 0xAARRGGBB, premultiplied.
    func row(_ y: Int) -> UnsafePointer<UInt32> {
      UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
    }
    var opaque = true
    scan: for y in 0..<height {
      let words = row(y)
      for x in 0..<width where words[x] >> 24 != 0xFF {
        opaque = false
        break scan
      }
    }
    let channels = opaque ? 3 : 4
    let rowBytes = width * channels
    // Each row un-premultiplied into `current`, then filtered into `line` (a filter-type
    // byte: 0, None, for the first row; 2, Up, after it; then the bytes less those of the row
    // above) and fed to deflate a row at a time, so memory beyond the surface is a few rows
    // and the compressed stream (a 10000 x 10000 export stayed under 1 GB only so).
    var stream = z_stream()
    guard
      deflateInit2_(
        &stream, level, Z_DEFLATED, MAX_WBITS, 8, strategy, ZLIB_VERSION,
        Int32(MemoryLayout<z_stream>.size)) == Z_OK
    else { throw ImageError(message: "zlib: cannot start compression") }
    defer { deflateEnd(&stream) }
    var previous = [UInt8](repeating: 0, count: rowBytes)
    var current = [UInt8](repeating: 0, count: rowBytes)
    var line = [UInt8](repeating: 0, count: rowBytes + 1)
    var compressed: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    /// Deflates `input` (with `Z_FINISH` at the end), appending what comes out.
    func deflateAll(_ input: inout [UInt8], finish: Bool) -> Bool {
      input.withUnsafeMutableBufferPointer { inp in
        stream.next_in = inp.baseAddress
        stream.avail_in = uInt(inp.count)
        repeat {
          let status = chunk.withUnsafeMutableBufferPointer { out -> Int32 in
            stream.next_out = out.baseAddress
            stream.avail_out = uInt(out.count)
            return deflate(&stream, finish ? Z_FINISH : Z_NO_FLUSH)
          }
          guard status != Z_STREAM_ERROR else { return false }
          compressed.append(contentsOf: chunk[0..<(chunk.count - Int(stream.avail_out))])
          if finish && status == Z_STREAM_END { return true }
        } while stream.avail_out == 0 || (finish && stream.avail_in > 0) || finish
        return true
      }
    }
    for y in 0..<height {
      let words = row(y)
      current.withUnsafeMutableBufferPointer { out in
        if opaque {
          // Every pixel opaque: the channels as they are (premultiplied by 1).
          var o = 0
          for x in 0..<width {
            let v = words[x]
            out[o] = UInt8(truncatingIfNeeded: v >> 16)
            out[o + 1] = UInt8(truncatingIfNeeded: v >> 8)
            out[o + 2] = UInt8(truncatingIfNeeded: v)
            o += 3
          }
          return
        }
        var o = 0
        for x in 0..<width {
          let v = words[x]
          let a = v >> 24
          var r = (v >> 16) & 0xFF
          var g = (v >> 8) & 0xFF
          var b = v & 0xFF
          if a != 0xFF && a != 0 {
            r = min(255, (r * 255 + a / 2) / a)
            g = min(255, (g * 255 + a / 2) / a)
            b = min(255, (b * 255 + a / 2) / a)
          }
          out[o] = UInt8(truncatingIfNeeded: r)
          out[o + 1] = UInt8(truncatingIfNeeded: g)
          out[o + 2] = UInt8(truncatingIfNeeded: b)
          out[o + 3] = UInt8(truncatingIfNeeded: a)
          o += 4
        }
      }
      line[0] = y == 0 ? 0 : 2
      line.withUnsafeMutableBufferPointer { l in
        current.withUnsafeBufferPointer { c in
          previous.withUnsafeBufferPointer { p in
            for i in 0..<rowBytes { l[1 + i] = c[i] &- p[i] }
          }
        }
      }
      guard deflateAll(&line, finish: false) else {
        throw ImageError(message: "zlib: compression failed")
      }
      swap(&previous, &current)
    }
    var none: [UInt8] = []
    guard deflateAll(&none, finish: true) else {
      throw ImageError(message: "zlib: compression failed")
    }

    var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    var header: [UInt8] = []
    appendBigEndian(UInt32(width), to: &header)
    appendBigEndian(UInt32(height), to: &header)
    // Bit depth 8, colour type RGB or RGBA, deflate, adaptive filters, no interlace.
    header += [8, opaque ? 2 : 6, 0, 0, 0]
    appendChunk("IHDR", header, to: &file)
    appendChunk("IDAT", compressed, to: &file)
    appendChunk("IEND", [], to: &file)
    return file
  }

  /// The PNG file's bytes of a palette-indexed picture (colour type 3, 8 bits a pixel, a
  /// `PLTE` chunk of the palette): for the terminal's frames, where 1 byte a pixel (not 3)
  /// is a third of the filtering and compressing.
  ///
  /// Each row is `Up`-filtered (a row equal to the one above is all zeros) into one buffer
  /// and deflated in one call at level 1 with zlib's `Z_RLE` strategy (runs of one byte:
  /// most of a filtered plot), which is what the time goes to.
  ///
  /// - Parameters:
  ///   - indices: One palette index a pixel, rows top to bottom (`PaletteMap`).
  ///   - width: Pixels across.
  ///   - height: Pixels down.
  ///   - palette: The colours, at most 256; every index is below its count.
  /// - Throws: `ImageError` when the size is empty or zlib fails (out of memory).
  static func encodeIndexed(
    _ indices: [UInt8], width: Int, height: Int, palette: [RGBColor]
  ) throws(ImageError) -> [UInt8] {
    guard width > 0, height > 0, indices.count == width * height, !palette.isEmpty,
      palette.count <= 256
    else { throw ImageError(message: "no pixels to write") }
    let rowBytes = width + 1
    let total = rowBytes * height
    // Every byte is written below, so the buffer is not zero-filled first.
    let filtered = [UInt8](unsafeUninitializedCapacity: total) { out, initialized in
      indices.withUnsafeBytes { pixels in
        guard let src = pixels.baseAddress, let dst = UnsafeMutableRawPointer(out.baseAddress)
        else { return }
        dst.storeBytes(of: 0, as: UInt8.self)  // row 0: filter None
        (dst + 1).copyMemory(from: src, byteCount: width)
        for y in 1..<height {
          dst.storeBytes(of: 2, toByteOffset: y * rowBytes, as: UInt8.self)  // Up
          upFilter(
            src + y * width, above: src + (y - 1) * width, into: dst + y * rowBytes + 1,
            count: width)
        }
      }
      initialized = total
    }
    var stream = z_stream()
    guard
      deflateInit2_(
        &stream, 1, Z_DEFLATED, MAX_WBITS, 8, Z_RLE, ZLIB_VERSION,
        Int32(MemoryLayout<z_stream>.size)) == Z_OK
    else { throw ImageError(message: "zlib: cannot start compression") }
    defer { deflateEnd(&stream) }
    // deflate writes the output; only what it wrote counts (no zero-filling first).
    let bound = Int(deflateBound(&stream, uLong(total)))
    var status = Z_OK
    let compressed = [UInt8](unsafeUninitializedCapacity: bound) { out, initialized in
      filtered.withUnsafeBufferPointer { inp in
        stream.next_in = UnsafeMutablePointer(mutating: inp.baseAddress)
        stream.avail_in = uInt(inp.count)
        stream.next_out = out.baseAddress
        stream.avail_out = uInt(out.count)
        status = deflate(&stream, Z_FINISH)
      }
      initialized = status == Z_STREAM_END ? bound - Int(stream.avail_out) : 0
    }
    guard status == Z_STREAM_END else { throw ImageError(message: "zlib: compression failed") }

    var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    var header: [UInt8] = []
    appendBigEndian(UInt32(width), to: &header)
    appendBigEndian(UInt32(height), to: &header)
    // Bit depth 8, colour type 3 (palette), deflate, adaptive filters, no interlace.
    header += [8, 3, 0, 0, 0]
    appendChunk("IHDR", header, to: &file)
    appendChunk("PLTE", palette.flatMap { [$0.red, $0.green, $0.blue] }, to: &file)
    appendChunk("IDAT", compressed, to: &file)
    appendChunk("IEND", [], to: &file)
    return file
  }

  /// PNG's `Up` filter of one row: `out[i] = row[i] - above[i]` (mod 256), `count` bytes.
  ///
  /// Eight bytes at a time in a 64-bit word (SWAR: SIMD within a register, after Hacker's
  /// Delight, 2nd ed., section 2-18, "Multibyte add, subtract"): with `H` the high bit of every
  /// byte, `((a | H) - (b & ~H)) ^ ((a ^ ~b) & H)` subtracts each byte of `b` from `a`'s
  /// without a borrow crossing into the next byte (each byte's minuend is at least 0x80 and
  /// its subtrahend at most 0x7F), then puts back the high bit the subtraction did not see.
  /// The tail (fewer than eight bytes) goes byte by byte.
  static func upFilter(
    _ row: UnsafeRawPointer, above: UnsafeRawPointer, into out: UnsafeMutableRawPointer,
    count: Int
  ) {
    let high: UInt64 = 0x8080_8080_8080_8080
    var i = 0
    while i + 8 <= count {
      let a = row.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      let b = above.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      let d = ((a | high) &- (b & ~high)) ^ ((a ^ ~b) & high)
      out.storeBytes(of: d, toByteOffset: i, as: UInt64.self)
      i += 8
    }
    while i < count {
      let d =
        row.load(fromByteOffset: i, as: UInt8.self) &- above.load(fromByteOffset: i, as: UInt8.self)
      out.storeBytes(of: d, toByteOffset: i, as: UInt8.self)
      i += 1
    }
  }

  static func appendBigEndian(_ v: UInt32, to out: inout [UInt8]) {
    out += [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
  }

  /// Appends a chunk: length, type, data, CRC-32 of type and data.
  static func appendChunk(_ type: String, _ data: [UInt8], to out: inout [UInt8]) {
    appendBigEndian(UInt32(data.count), to: &out)
    let typed = Array(type.utf8) + data
    out += typed
    let crc = typed.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
    appendBigEndian(UInt32(crc), to: &out)
  }
}
