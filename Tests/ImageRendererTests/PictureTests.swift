import CCairo
import Foundation
import GraphCalcApp
import GraphView
import ImageRenderer
import TestSupport
import Testing

/// An RGB picture decoded from a PNG (through cairo).
struct Picture {
  var width: Int
  var height: Int
  /// 0xRRGGBB per pixel, rows top to bottom.
  var pixels: [UInt32]

  /// Decodes the PNG file at `path`.
  init(png path: String) throws {
    let surface = cairo_image_surface_create_from_png(path)
    defer { cairo_surface_destroy(surface) }
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
      throw PictureError(message: "cannot decode \(path)")
    }
    cairo_surface_flush(surface)
    width = Int(cairo_image_surface_get_width(surface))
    height = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    let format = cairo_image_surface_get_format(surface)
    guard let data = cairo_image_surface_get_data(surface) else {
      throw PictureError(message: "no pixels in \(path)")
    }
    var out: [UInt32] = []
    out.reserveCapacity(width * height)
    for y in 0..<height {
      let row = (data + y * stride).withMemoryRebound(to: UInt32.self, capacity: width) { $0 }
      for x in 0..<width {
        let v = row[x]
        // ARGB32 is premultiplied: composite over white; RGB24 has no alpha.
        let a = format == CAIRO_FORMAT_ARGB32 ? (v >> 24) & 0xFF : 0xFF
        func channel(_ shift: UInt32) -> UInt32 {
          let c = (v >> shift) & 0xFF
          return min(255, c + (255 - a))
        }
        out.append(channel(16) << 16 | channel(8) << 8 | channel(0))
      }
    }
    pixels = out
  }
}

struct PictureError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}

/// The classes a picture's pixels fall in: each colour of the theme's palette (within a
/// small tolerance: the middle of a stroke, not its anti-aliased edges), and three greys by
/// lightness: ink (text, frame and ticks: #333 and darker), the axes (#999) and the grid
/// (#e5e5e5). A pixel in none (background, edges) is not compared.
enum PixelClass {
  static let palette = Theme.default.palette

  /// The class of 0xRRGGBB `v`: a palette index, or `ink`, `axis`, `grid`; nil for none.
  static func of(_ v: UInt32) -> Int? {
    let r = Int((v >> 16) & 0xFF)
    let g = Int((v >> 8) & 0xFF)
    let b = Int(v & 0xFF)
    let spread = max(r, g, b) - min(r, g, b)
    if spread < 24 {
      let lightness = (r + g + b) / 3
      switch lightness {
      case ..<110: return ink
      case 140...165: return axis
      case 220...235: return grid
      default: return nil
      }
    }
    for (i, c) in palette.enumerated() {
      let d =
        (r - Int(c.red)) * (r - Int(c.red)) + (g - Int(c.green)) * (g - Int(c.green))
        + (b - Int(c.blue)) * (b - Int(c.blue))
      if d <= 900 { return i }
    }
    return nil
  }

  static let ink = 100
  static let axis = 101
  static let grid = 102

  /// The share of `a`'s pixels of each class that have a pixel of the same class in `b`
  /// within `radius` pixels (after a small blur, this is how far a rasterizer's edges may
  /// move), for the classes with at least `minimum` pixels in `a`.
  static func recall(_ a: Picture, in b: Picture, radius: Int = 2, minimum: Int = 40) -> [Int:
    Double]
  {
    precondition(a.width == b.width && a.height == b.height)
    let w = a.width
    let h = a.height
    let ca = a.pixels.map { of($0) }
    let cb = b.pixels.map { of($0) }
    var hits: [Int: (found: Int, total: Int)] = [:]
    for y in 0..<h {
      for x in 0..<w {
        guard let c = ca[y * w + x] else { continue }
        var found = false
        search: for dy in -radius...radius {
          let yy = y + dy
          guard yy >= 0, yy < h else { continue }
          for dx in -radius...radius {
            let xx = x + dx
            guard xx >= 0, xx < w else { continue }
            if cb[yy * w + xx] == c {
              found = true
              break search
            }
          }
        }
        let old = hits[c] ?? (0, 0)
        hits[c] = (old.found + (found ? 1 : 0), old.total + 1)
      }
    }
    return hits.filter { $0.value.total >= minimum }.mapValues {
      Double($0.found) / Double($0.total)
    }
  }
}

/// Runs `tool` with `arguments`; fails (never skips) when it is not installed.
func run(_ tool: String, _ arguments: [String]) throws {
  let candidates = ["/usr/bin/" + tool, "/usr/local/bin/" + tool]
  guard let path = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) })
  else {
    throw PictureError(message: "\(tool) is not installed (scripts/install-deps installs it)")
  }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: path)
  process.arguments = arguments
  try process.run()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else {
    throw PictureError(message: "\(tool) \(arguments) failed: \(process.terminationStatus)")
  }
}

let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("Fixtures").path

@Suite struct PNGAndPDFAreTheSVGsPicture {
  /// Exports `c` as `format` into `folder` and answers the file's path.
  func export(_ c: PictureCase, _ format: String, in folder: TemporaryFolder) throws -> String {
    var session = Session()
    for line in c.lines { #expect(session.run(line).error == nil, "\(line)") }
    let path = folder.path("\(c.name).\(format)")
    let reply = session.run("export \(format) \(path) \(c.width) \(c.height)")
    #expect(reply.error == nil)
    #expect(reply.output.hasPrefix("wrote \(path) (\(c.width)x\(c.height))"))
    return path
  }

  /// The references are today's SVG (so they cannot go stale unnoticed).
  @Test(arguments: PictureCase.all)
  func theReferenceIsTodaysSVG(_ c: PictureCase) throws {
    let folder = try TemporaryFolder()
    let svg = try String(contentsOfFile: export(c, "svg", in: folder), encoding: .utf8)
    let reference = try String(contentsOfFile: "\(fixtures)/\(c.name).svg", encoding: .utf8)
    #expect(svg == reference, "run scripts/picture-references after changing the SVG")
  }

  @Test(arguments: PictureCase.all)
  func thePNGMatchesTheSVGClassByClass(_ c: PictureCase) throws {
    let folder = try TemporaryFolder()
    let png = try Picture(png: export(c, "png", in: folder))
    let svg = try Picture(png: "\(fixtures)/\(c.name).svg.png")
    #expect(png.width == c.width && png.height == c.height)
    try expectSamePicture(png, svg)
  }

  @Test(arguments: PictureCase.all)
  func thePDFRenderedByPopplerMatchesTheSVG(_ c: PictureCase) throws {
    let folder = try TemporaryFolder()
    let pdf = try export(c, "pdf", in: folder)
    // 72 dpi makes one PDF point a pixel; the page is 0.75 pt a pixel, so 96 dpi gives
    // the picture's own size.
    try run("pdftoppm", ["-png", "-r", "96", "-singlefile", pdf, folder.path("page")])
    let page = try Picture(png: folder.path("page.png"))
    let svg = try Picture(png: "\(fixtures)/\(c.name).svg.png")
    #expect(page.width == c.width && page.height == c.height)
    try expectSamePicture(page, svg)
  }

  @Test func aPDFPageIsThreeQuartersOfAPointAPixelWithSelectableText() throws {
    let folder = try TemporaryFolder()
    let pdf = try export(PictureCase.all[0], "pdf", in: folder)
    let bytes = try String(decoding: Data(contentsOf: URL(fileURLWithPath: pdf)), as: UTF8.self)
    #expect(bytes.hasPrefix("%PDF-"))
    #expect(bytes.contains("/MediaBox [ 0 0 600 450 ]"))
    try run("pdftotext", [pdf, folder.path("text.txt")])
    let text = try String(contentsOfFile: folder.path("text.txt"), encoding: .utf8)
    #expect(text.contains("sin(x)*x"))
    #expect(text.contains("cos(x)"))
  }

  @Test func aPNGIsAnRGBAImageOfTheAskedSize() throws {
    let folder = try TemporaryFolder()
    var session = Session()
    _ = session.run("plot x")
    let path = folder.path("x.png")
    #expect(session.run("export png \(path) 1000 700").error == nil)
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    // IHDR: width and height, big-endian, then 8 bits a channel, colour type 2 or 6 (RGB,
    // RGBA).
    func be32(_ i: Int) -> Int { bytes[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) } }
    #expect(be32(16) == 1000 && be32(20) == 700)
    #expect(bytes[24] == 8 && [2, 6].contains(bytes[25]))
  }

  @Test func aFailedExportLeavesNoFile() throws {
    let folder = try TemporaryFolder()
    var session = Session()
    _ = session.run("plot x")
    let error = session.run("export png \(folder.path)/no/such/x.png").error
    #expect(
      error?.problem
        == .cannotWrite(path: "\(folder.path)/no/such/x.png", reason: "No such file or directory"))
    #expect(try folder.names().isEmpty)
  }

  func expectSamePicture(
    _ a: Picture, _ b: Picture, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let forward = PixelClass.recall(a, in: b)
    let backward = PixelClass.recall(b, in: a)
    #expect(!forward.isEmpty, sourceLocation: sourceLocation)
    #expect(Set(forward.keys) == Set(backward.keys), sourceLocation: sourceLocation)
    for (c, share) in forward {
      #expect(
        share >= 0.9, "class \(c): \(share) of ours in the SVG", sourceLocation: sourceLocation)
    }
    for (c, share) in backward {
      #expect(
        share >= 0.9, "class \(c): \(share) of the SVG's in ours", sourceLocation: sourceLocation)
    }
  }
}
