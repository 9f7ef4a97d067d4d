import Foundation
import GraphCalcApp
import GraphView
import ImageRenderer
import TestSupport
import Testing

/// The pictures graphcalc writes into a terminal, decoded as a terminal would decode them.
@Suite struct InlinePicturesInTheTerminal {
  /// A session on `canvas` in an 80x24 terminal of 10x20-pixel cells.
  func session(_ canvas: CanvasKind) -> Session {
    var s = Session(terminalSize: TerminalSize(columns: 80, rows: 24))
    s.display = TerminalDisplay(canvas: canvas)
    s.display.cellPixels = PixelSize(width: 10, height: 20)
    return s
  }

  /// The payloads and keys of kitty graphics sequences (`ESC _ G keys;payload ESC \`).
  func kittyChunks(_ text: String) -> [(keys: String, payload: String)] {
    text.components(separatedBy: "\u{1B}_G").dropFirst().compactMap { part in
      guard let end = part.range(of: "\u{1B}\\") else { return nil }
      let body = part[..<end.lowerBound]
      guard let semicolon = body.firstIndex(of: ";") else { return nil }
      return (String(body[..<semicolon]), String(body[body.index(after: semicolon)...]))
    }
  }

  /// The kitty picture of a plot is the PNG `export png` writes at the cells' size: the
  /// same bytes, in chunks of at most 4096 base64 bytes, placed over 80 x 23 cells.
  @Test func kittyShowsThePNGOverTheCells() throws {
    var s = session(.kitty)
    let reply = s.run("plot sin(x)*x")
    #expect(reply.error == nil)
    let chunks = kittyChunks(reply.output)
    try #require(chunks.count > 1)
    #expect(chunks[0].keys == "a=T,f=100,t=d,i=1,c=80,r=23,q=2,C=1,m=1")
    #expect(chunks.dropFirst().dropLast().allSatisfy { $0.keys == "m=1" })
    #expect(chunks.last?.keys == "m=0")
    #expect(chunks.allSatisfy { $0.payload.utf8.count <= 4096 })
    let png = try #require(Data(base64Encoded: chunks.map(\.payload).joined()))
    #expect(Array(png.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
    // IHDR: 80 x 23 cells of 10 x 20 pixels.
    let bytes = [UInt8](png)
    func be32(_ i: Int) -> Int { bytes[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) } }
    #expect(be32(16) == 800 && be32(20) == 460)
    // The cursor goes down to the picture's last row, so the prompt follows below it.
    let afterPicture = try #require(reply.output.range(of: "\u{1B}\\", options: .backwards))
    #expect(reply.output[afterPicture.upperBound...] == String(repeating: "\n", count: 22) + "\r\n")
  }

  /// A plot typed near the bottom of the screen (here on row 3 of 24, the picture reaching
  /// two rows below it): the prompt comes below the picture's last row, never on it (kitty
  /// draws pictures over text). kitty does not scroll for a picture and `ESC [ N B` stops at
  /// the last row, so moving down with it left the prompt under the picture (looked at in
  /// kitty under Xvfb); line feeds scroll the screen and the picture with it.
  @Test(arguments: [CanvasKind.kitty, .sixel, .iterm])
  func thePromptComesBelowAPictureThatReachesPastTheScreen(_ canvas: CanvasKind) throws {
    var s = session(canvas)
    let reply = s.run("plot sin(x)*x")
    #expect(reply.error == nil)
    var cursor = StreamPicturesInTheTerminal.Cursor()
    cursor.row = 3
    cursor.play(reply.output.hasSuffix("\n") ? reply.output : reply.output + "\n")
    let picture = try #require(cursor.placements.first)
    // Rows the screen scrolled after the picture was placed; its last row is now here:
    let lastRow = picture.row + 22 - cursor.scrolled
    #expect(cursor.row > lastRow, "prompt on row \(cursor.row), picture's last row \(lastRow)")
    #expect(cursor.row <= lastRow + 2)
    #expect(lastRow >= 0 && lastRow < 24)
  }

  @Test func itermShowsThePNGWithItsSize() throws {
    var s = session(.iterm)
    let reply = s.run("plot sin(x)*x")
    #expect(reply.error == nil)
    let text = reply.output
    let start = try #require(text.range(of: "\u{1B}]1337;File="))
    let colon = try #require(text.range(of: ":", range: start.upperBound..<text.endIndex))
    let bell = try #require(text.range(of: "\u{07}", range: colon.upperBound..<text.endIndex))
    let keys = String(text[start.upperBound..<colon.lowerBound])
    let png = try #require(Data(base64Encoded: String(text[colon.upperBound..<bell.lowerBound])))
    #expect(keys == "inline=1;size=\(png.count);width=80;height=23;preserveAspectRatio=0")
    #expect(Array(png.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
  }

  /// The sixel picture, decoded by ImageMagick, is the PNG's picture (colours quantised).
  @Test func sixelDecodesToThePicture() throws {
    let folder = try TemporaryFolder()
    var s = session(.sixel)
    let reply = s.run("plot sin(x)*x")
    #expect(reply.error == nil)
    let text = reply.output
    let start = try #require(text.range(of: "\u{1B}P"))
    let end = try #require(text.range(of: "\u{1B}\\", range: start.upperBound..<text.endIndex))
    let sixel = String(text[start.lowerBound..<end.upperBound])
    let path = try folder.write(sixel, to: "p.six")
    try run("convert", ["sixel:" + path, folder.path("six.png")])
    let decoded = try Picture(png: folder.path("six.png"))
    #expect(decoded.width == 800 && decoded.height == 460)
    // The same plot as kitty's PNG of the same cells (the PNG renderer at the same size).
    var png = session(.braille)
    _ = png.run("plot sin(x)*x")
    let exported = folder.path("p.png")
    #expect(png.run("set canvas kitty").error == nil)
    let kitty = png.run("redraw").output
    let chunks = kittyChunks(kitty)
    let bytes = try #require(Data(base64Encoded: chunks.map(\.payload).joined()))
    try bytes.write(to: URL(fileURLWithPath: exported))
    let reference = try Picture(png: exported)
    let forward = PixelClass.recall(decoded, in: reference)
    #expect(forward[0] ?? 0 >= 0.9, "the curve: \(forward)")
    #expect(PixelClass.recall(reference, in: decoded)[0] ?? 0 >= 0.9)
  }

  /// The sixel palette keeps the theme's background exact: median cut alone put a box's
  /// mean there, a shade off (decoded by ImageMagick, the corner pixels are the theme's own,
  /// as near as sixel's percent colours come). Without it white came out #f7f7f7 and the
  /// dark theme's #1b1d23 as #172121.
  @Test(arguments: ["default", "dark", "plain-white", "plain-black", "stocks"])
  func sixelKeepsTheBackgroundExact(_ name: String) throws {
    let theme = try #require(Theme.named(name))
    let folder = try TemporaryFolder()
    var s = session(.sixel)
    #expect(s.run("set theme \(theme.name)").error == nil)
    let reply = s.run("plot sin(x)*x, cos(3x)")
    #expect(reply.error == nil)
    let text = reply.output
    let start = try #require(text.range(of: "\u{1B}P"))
    let end = try #require(text.range(of: "\u{1B}\\", range: start.upperBound..<text.endIndex))
    let path = try folder.write(String(text[start.lowerBound..<end.upperBound]), to: "p.six")
    try run("convert", ["sixel:" + path, folder.path("six.png")])
    let decoded = try Picture(png: folder.path("six.png"))
    // Sixel colour registers are percentages: a channel c is sent as round(100 c / 255)
    // and read back as round(255 p / 100) (#1b1d23 as #1c1c24), exact for white and black.
    func sent(_ c: UInt8) -> Int {
      let percent = (Double(c) * 100 / 255).rounded()
      return Int((percent * 255 / 100).rounded())
    }
    let bg = theme.background.dominant
    let background = sent(bg.red) << 16 | sent(bg.green) << 8 | sent(bg.blue)
    for corner in [0, decoded.width - 1, decoded.pixels.count - 1] {
      #expect(
        decoded.pixels[corner] == UInt32(background),
        "\(theme.name): \(String(decoded.pixels[corner], radix: 16))")
    }
  }

  /// On a gradient theme the sixel picture keeps the gradient's colours: decoded by
  /// ImageMagick, 98.5 % of its pixels are within 8 levels a channel of kitty's PNG of the
  /// same plot. libsixel's median cut banded slate's blue-grey in grey and lavender stripes
  /// (looked at): 4.0 % of slate's pixels and 2.2 % of stocks' were off; with the theme's
  /// palette (the gradient sampled at 16 heights) 1.2 % at most, anti-aliased edges.
  @Test(arguments: ["dark-gradient", "slate", "stocks"])
  func sixelKeepsAGradientsColours(_ name: String) throws {
    let folder = try TemporaryFolder()
    var s = session(.sixel)
    #expect(s.run("set theme \(name)").error == nil)
    let text = s.run("plot sin(x)*x, cos(3x)").output
    let start = try #require(text.range(of: "\u{1B}P"))
    let end = try #require(text.range(of: "\u{1B}\\", range: start.upperBound..<text.endIndex))
    let path = try folder.write(String(text[start.lowerBound..<end.upperBound]), to: "p.six")
    try run("convert", ["sixel:" + path, folder.path("six.png")])
    let decoded = try Picture(png: folder.path("six.png"))
    #expect(s.run("set canvas kitty").error == nil)
    let kitty = s.run("redraw").output
    let bytes = try #require(Data(base64Encoded: kittyChunks(kitty).map(\.payload).joined()))
    try bytes.write(to: URL(fileURLWithPath: folder.path("k.png")))
    let reference = try Picture(png: folder.path("k.png"))
    try #require(decoded.pixels.count == reference.pixels.count)
    var far = 0
    for (a, b) in zip(decoded.pixels, reference.pixels) {
      for shift: UInt32 in [16, 8, 0] {
        let x = Int((a >> shift) & 0xFF)
        let y = Int((b >> shift) & 0xFF)
        if abs(x - y) > 8 {
          far += 1
          break
        }
      }
    }
    #expect(Double(far) <= 0.015 * Double(reference.pixels.count), "\(name): \(far) pixels off")
  }

  @Test func aBarChartIsAPictureToo() throws {
    var s = session(.kitty)
    let reply = s.run("bar 3 -5 2 7")
    #expect(reply.error == nil)
    let png = try #require(Data(base64Encoded: kittyChunks(reply.output).map(\.payload).joined()))
    #expect(Array(png.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
  }

  /// On a terminal whose background is dark (OSC 11) a picture takes the dark theme, not a
  /// white slab; files keep the default theme.
  @Test func aDarkTerminalGetsDarkPictures() throws {
    let folder = try TemporaryFolder()
    var s = Session(terminalSize: TerminalSize(columns: 40, rows: 12))
    s.display = TerminalDisplay(canvas: .braille)
    s.display.autoCanvas = true
    s.canvasProbe = { _ in (.kitty, true, false, nil) }
    let reply = s.run("plot x")
    #expect(reply.error == nil)
    #expect(s.display.canvas == .kitty && s.display.darkBackground)
    let png = try #require(Data(base64Encoded: kittyChunks(reply.output).map(\.payload).joined()))
    try png.write(to: URL(fileURLWithPath: folder.path("p.png")))
    let picture = try Picture(png: folder.path("p.png"))
    #expect(picture.pixels[0] == 0x1B1D23, "corner \(String(picture.pixels[0], radix: 16))")
    #expect(s.run("export png \(folder.path("f.png")) 400 300").error == nil)
    #expect(try Picture(png: folder.path("f.png")).pixels[0] == 0xFFFFFF)
  }

  /// Inside tmux (`tmuxPassthrough` set), `set canvas kitty` asks tmux: with the passthrough
  /// on, the plot's picture is wrapped for it; off, the canvas is refused with the note,
  /// the caret under the canvas's name, and the canvas stays.
  @Test func setCanvasInsideTmuxIsWrappedOrRefused() throws {
    var on = session(.braille)
    on.tmuxPassthrough = { true }
    #expect(on.run("plot sin(x)").error == nil)
    let reply = on.run("set canvas kitty")
    #expect(reply.error == nil)
    #expect(on.display.canvas == .kitty && on.display.passthrough)
    #expect(reply.output.hasPrefix("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=T"))
    // The wrapped picture unwraps to the one drawn outside tmux.
    var outside = session(.braille)
    _ = outside.run("plot sin(x)")
    let plain = outside.run("set canvas kitty").output
    #expect(
      kittyChunks(reply.output.replacingOccurrences(of: "\u{1B}\u{1B}", with: "\u{1B}"))
        .map(\.payload) == kittyChunks(plain).map(\.payload))
    #expect(on.run("set canvas braille").error == nil)
    #expect(!on.display.passthrough)

    var off = session(.braille)
    off.tmuxPassthrough = { false }
    let refused = off.run("set canvas sixel")
    let error = try #require(refused.error)
    #expect(error.message.contains("inside tmux, sixel pictures need tmux's passthrough"))
    #expect(error.message.contains("set -g allow-passthrough on"))
    #expect(error.location == 11..<16)
    #expect(off.display.canvas == .braille)
    #expect(off.run("set canvas block").error == nil)  // characters need no passthrough
  }

  /// The probe's note (inside tmux) comes before the first plot, and the plot is drawn a
  /// row shorter per row the note takes, so note, picture and prompt fill the screen and
  /// the picture's top row does not scroll off.
  @Test func theProbesNoteComesFirstAndThePictureIsShorter() throws {
    var s = session(.braille)
    s.display.autoCanvas = true
    let note = "note: inside tmux: kitty through tmux's allow-passthrough"
    s.canvasProbe = { _ in (.kitty, false, true, note) }
    let reply = s.run("plot sin(x)")
    #expect(reply.error == nil)
    #expect(reply.output.hasPrefix(note + "\n"))
    #expect(kittyChunks(reply.output).first?.keys.contains(",c=80,r=22,") == true)
    #expect(s.terminalSize.rows == 24)
    // A note wider than the terminal takes two rows: the picture is two shorter.
    var wide = session(.braille)
    wide.display.autoCanvas = true
    let long = String(repeating: "n", count: 100)
    wide.canvasProbe = { _ in (.kitty, false, false, long) }
    let wideReply = wide.run("plot sin(x)")
    #expect(kittyChunks(wideReply.output).first?.keys.contains(",c=80,r=21,") == true)
    // The braille fallback the same: 24 rows = the note, 22 plot rows, the prompt.
    var text = session(.braille)
    text.display.autoCanvas = true
    text.canvasProbe = { fallback in (fallback, false, false, "note: inside tmux: braille") }
    let output = text.run("plot sin(x)").output
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.filter { !$0.isEmpty }.count == 1 + 22, "\(output.debugDescription)")
    #expect(lines[0] == "note: inside tmux: braille")
  }

  /// `explore`'s text screen (what a bar chart and a too-small terminal show) is braille on
  /// a picture canvas; its pictures are `ExplorePicture`'s (ExplorePictureTests).
  @Test func exploreFallsBackToBraille() throws {
    var s = session(.kitty)
    _ = s.run("plot sin(x)")
    let screen = try s.exploreState().screen().joined(separator: "\n")
    #expect(screen.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) })
    #expect(!screen.contains("\u{1B}_G"))
  }
}
