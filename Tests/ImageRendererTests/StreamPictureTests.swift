import Foundation
import GraphCalcApp
import GraphView
import ImageRenderer
import Streaming
import TestSupport
import Testing
import TextCanvas

/// A live stream's frames as pictures: what `StreamPicture` writes for several frames,
/// played on a model of the terminal's cursor and decoded as the terminal decodes it.
@Suite struct StreamPicturesInTheTerminal {
  /// An 80x24 terminal of 10x20-pixel cells.
  static let size = TerminalSize(columns: 80, rows: 24)
  static let cell = PixelSize(width: 10, height: 20)

  /// The frames of a stream that has read 1, 2, ... `counts[k]` values of a sine.
  static func frames(_ counts: [Int]) -> [StreamFrame] {
    var session = StreamSession(options: StreamOptions())
    var read = 0
    return counts.map { n in
      var text = ""
      while read < n {
        text += "\(sin(Double(read) * 0.3) * 10)\n"
        read += 1
      }
      session.consume(text: text)
      return session.frame(columns: 800)
    }
  }

  /// Where a picture was drawn: its cursor row and column, and its sequence.
  struct Placement {
    var row: Int
    var column: Int
    var sequence: String
  }

  /// A VT100 cursor on a screen of `rows` rows, enough to follow a stream's frames: text
  /// moves right, `\n` down (scrolling at the bottom: counted), `\r`, `ESC [ N A|B|H|J|K`,
  /// `ESC 7`/`ESC 8`; pictures (APC kitty, DCS sixel, OSC 1337) are recorded where the
  /// cursor is, unwrapped from tmux's passthrough first; after a sixel or iTerm2 picture the
  /// cursor goes to the line below it, as xterm does (so a frame that did not restore the
  /// cursor would drift).
  struct Cursor {
    var rows = 24
    var row = 0
    var column = 0
    var scrolled = 0
    var saved = (0, 0)
    var placements: [Placement] = []

    mutating func play(_ text: String) {
      let s = Array(text.unicodeScalars)
      var i = 0
      /// The index after the string terminator (`ESC \` or, for OSC, BEL) from `j`.
      func terminator(from j: Int, bell: Bool) -> Int {
        var k = j
        while k < s.count {
          if bell && s[k] == "\u{07}" { return k + 1 }
          if s[k] == "\u{1B}", k + 1 < s.count {
            if s[k + 1] == "\u{1B}" {  // a doubled ESC inside a passthrough
              k += 2
              continue
            }
            if s[k + 1] == "\\" { return k + 2 }
          }
          k += 1
        }
        return s.count
      }
      func slice(_ a: Int, _ b: Int) -> String {
        var u = String.UnicodeScalarView()
        u.append(contentsOf: s[a..<b])
        return String(u)
      }
      while i < s.count {
        let c = s[i]
        if c == "\u{1B}", i + 1 < s.count {
          let kind = s[i + 1]
          switch kind {
          case "[":
            var j = i + 2
            while j < s.count, !(0x40...0x7E).contains(s[j].value) { j += 1 }
            let parameter = Int(slice(i + 2, j)) ?? 1
            switch s[j] {
            case "A": row = max(0, row - parameter)
            case "B": row = min(rows - 1, row + parameter)
            case "H":  // ESC [ ROW ; COLUMN H, 1-based, home without them
              let fields = slice(i + 2, j).split(separator: ";").map { Int($0) ?? 1 }
              row = min(rows - 1, max(0, (fields.first ?? 1) - 1))
              column = max(0, (fields.count > 1 ? fields[1] : 1) - 1)
            default: break
            }
            i = j + 1
          case "7":
            saved = (row, column)
            i += 2
          case "8":
            (row, column) = saved
            i += 2
          case "_", "P", "]":
            let end = terminator(from: i + 2, bell: kind == "]")
            var sequence = slice(i, end)
            if sequence.hasPrefix("\u{1B}Ptmux;") {
              sequence = String(sequence.dropFirst(7).dropLast(2))
                .replacingOccurrences(of: "\u{1B}\u{1B}", with: "\u{1B}")
            }
            placements.append(Placement(row: row, column: column, sequence: sequence))
            if !sequence.hasPrefix("\u{1B}_G"),
              sequence.hasPrefix("\u{1B}P")
                || sequence.hasPrefix("\u{1B}]1337")
            {
              newline(times: pictureRows(sequence))
            }
            i = end
          default: i += 2
          }
          continue
        }
        if c == "\n" {
          newline(times: 1)
          column = 0  // ONLCR
        } else if c == "\r" {
          column = 0
        } else {
          column += 1
        }
        i += 1
      }
    }

    /// The rows a sixel or iTerm2 picture covers (iTerm2: `height=N`; sixel: its raster
    /// attributes' height over 20-pixel cells).
    func pictureRows(_ sequence: String) -> Int {
      if let r = sequence.range(of: "height=") {
        return Int(sequence[r.upperBound...].prefix { $0.isNumber }) ?? 0
      }
      if let r = sequence.range(of: "\"") {
        let fields = sequence[r.upperBound...].prefix { $0.isNumber || $0 == ";" }.split(
          separator: ";")
        if fields.count == 4, let h = Int(fields[3]) { return (h + 19) / 20 }
      }
      return 0
    }

    mutating func newline(times: Int) {
      for _ in 0..<max(0, times) {
        if row == rows - 1 { scrolled += 1 } else { row += 1 }
      }
    }
  }

  /// The payload keys of kitty chunks (`ESC _ G keys;payload ESC \`).
  func kittyChunks(_ text: String) -> [(keys: String, payload: String)] {
    text.components(separatedBy: "\u{1B}_G").dropFirst().compactMap { part in
      guard let end = part.range(of: "\u{1B}\\") else { return nil }
      let body = part[..<end.lowerBound]
      guard let semicolon = body.firstIndex(of: ";") else { return nil }
      return (String(body[..<semicolon]), String(body[body.index(after: semicolon)...]))
    }
  }

  /// Plays `frames` through a `StreamPicture` on `canvas`, the cursor starting on row 5.
  func play(
    _ canvas: CanvasKind, _ frames: [StreamFrame], passthrough: Bool = false
  ) throws -> (cursor: Cursor, writes: [String], heights: [Int]) {
    var picture = StreamPicture(
      canvas: canvas, cellPixels: Self.cell, theme: .default, passthrough: passthrough)
    var cursor = Cursor()
    cursor.row = 5
    var writes: [String] = []
    var heights: [Int] = []
    for frame in frames {
      let text = try picture.update(frame, size: Self.size)
      writes.append(text)
      cursor.play(text)
      heights.append(picture.height)
    }
    return (cursor, writes, heights)
  }

  /// kitty: every frame is image 2, placement 1 (frame N replaces frame N-1), placed at the
  /// same cell, and nothing scrolls after the first frame made its room.
  @Test func kittyFramesReplaceOneImageInPlace() throws {
    let frames = Self.frames([5, 40, 120, 121])
    let (cursor, writes, heights) = try play(.kitty, frames)
    #expect(cursor.placements.count(where: { $0.sequence.contains("a=T") }) == 4)
    let firsts = cursor.placements.filter { $0.sequence.contains("a=T") }
    #expect(Set(firsts.map(\.row)).count == 1, "anchors \(firsts.map(\.row))")
    #expect(firsts.allSatisfy { $0.column == 0 })
    // The first frame scrolled the 23 lines it needs into view (from row 5), then nothing.
    #expect(cursor.scrolled == 5 + 23 - 23)
    #expect(firsts[0].row == 0)
    #expect(heights.allSatisfy { $0 == 23 })
    var pngs: [Data] = []
    for (k, text) in writes.enumerated() {
      let chunks = kittyChunks(text)
      try #require(!chunks.isEmpty)
      let rows = 21  // 23 lines: the plot over 2 status lines
      #expect(chunks[0].keys == "a=T,f=100,t=d,i=2,p=1,c=80,r=\(rows),q=2,C=1,m=1")
      #expect(chunks.last?.keys == "m=0")
      let png = try #require(Data(base64Encoded: chunks.map(\.payload).joined()))
      #expect(Array(png.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
      let bytes = [UInt8](png)
      func be32(_ i: Int) -> Int { bytes[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) } }
      #expect(be32(16) == 800 && be32(20) == rows * 20)
      pngs.append(png)
      // Frames after the first start by going back up over the last one.
      if k > 0 { #expect(text.hasPrefix("\u{1B}[\(heights[k - 1])A\r")) }
    }
    // Each frame is a new picture of the data read so far.
    #expect(pngs[0] != pngs[1] && pngs[1] != pngs[2])
    // The status lines follow the picture as text, the counters last.
    #expect(writes[3].contains("121 samples"))
  }

  /// sixel: each frame, decoded by ImageMagick, is the frame's picture (the PNG kitty would
  /// show), drawn at the same anchor; the background is exact.
  @Test func sixelFramesRepaintAtTheSameAnchor() throws {
    let folder = try TemporaryFolder()
    let frames = Self.frames([10, 60, 200])
    let (cursor, _, _) = try play(.sixel, frames)
    let sixels = cursor.placements.filter { $0.sequence.hasPrefix("\u{1B}P") }
    #expect(sixels.count == 3)
    #expect(Set(sixels.map(\.row)).count == 1, "anchors \(sixels.map(\.row))")
    #expect(cursor.scrolled == 5)
    for (k, placement) in sixels.enumerated() {
      let path = try folder.write(placement.sequence, to: "f\(k).six")
      try run("convert", ["sixel:" + path, folder.path("f\(k).png")])
      let decoded = try Picture(png: folder.path("f\(k).png"))
      #expect(decoded.width == 800 && decoded.height == 420)
      #expect(decoded.pixels[0] == 0xFFFFFF, "corner \(String(decoded.pixels[0], radix: 16))")
      let reference = StreamPicture.draw(
        frames[k], columns: 80, rows: 21, Self.cell, theme: .default)
      try Data(try reference.pngData()).write(to: URL(fileURLWithPath: folder.path("r\(k).png")))
      let png = try Picture(png: folder.path("r\(k).png"))
      #expect(PixelClass.recall(decoded, in: png)[0] ?? 0 >= 0.9)
      #expect(PixelClass.recall(png, in: decoded)[0] ?? 0 >= 0.9)
    }
  }

  /// kitty and iTerm2 frames are indexed PNGs in the theme's palette (colour type 3, one
  /// byte a pixel): decoded by libpng (cairo's reader), each is the frame's full-colour
  /// picture, pixel class by pixel class, its background exact, and every colour of it one
  /// of the theme palette's.
  @Test(arguments: [CanvasKind.kitty, .iterm])
  func kittyAndITermFramesAreIndexedPNGsOfThePicture(_ canvas: CanvasKind) throws {
    let folder = try TemporaryFolder()
    let frames = Self.frames([10, 60, 200])
    let (_, writes, _) = try play(canvas, frames)
    let palette = Set(
      SixelEncoder.themePalette(.default).map {
        UInt32($0.red) << 16 | UInt32($0.green) << 8 | UInt32($0.blue)
      })
    for (k, text) in writes.enumerated() {
      let payload: String
      if canvas == .kitty {
        payload = kittyChunks(text).map(\.payload).joined()
      } else {
        let start = try #require(text.range(of: "preserveAspectRatio=0:"))
        let bell = try #require(text.range(of: "\u{07}", range: start.upperBound..<text.endIndex))
        payload = String(text[start.upperBound..<bell.lowerBound])
      }
      let png = try #require(Data(base64Encoded: payload))
      #expect(png[25] == 3, "colour type \(png[25])")  // IHDR: width, height, depth, type
      try png.write(to: URL(fileURLWithPath: folder.path("f\(k).png")))
      let decoded = try Picture(png: folder.path("f\(k).png"))
      #expect(decoded.width == 800 && decoded.height == 420)
      #expect(decoded.pixels[0] == 0xFFFFFF)
      #expect(Set(decoded.pixels).isSubset(of: palette))
      let reference = StreamPicture.draw(
        frames[k], columns: 80, rows: 21, Self.cell, theme: .default)
      try Data(try reference.pngData()).write(to: URL(fileURLWithPath: folder.path("r\(k).png")))
      let full = try Picture(png: folder.path("r\(k).png"))
      #expect(PixelClass.recall(decoded, in: full)[0] ?? 0 >= 0.95)
      #expect(PixelClass.recall(full, in: decoded)[0] ?? 0 >= 0.95)
      // Away from edges the two agree exactly: most pixels are the same colour.
      let same = zip(decoded.pixels, full.pixels).count { $0 == $1 }
      #expect(Double(same) / Double(full.pixels.count) > 0.97)
    }
  }

  @Test func itermFramesRepaintAtTheSameAnchor() throws {
    let (cursor, _, _) = try play(.iterm, Self.frames([10, 60, 200]))
    let images = cursor.placements.filter { $0.sequence.hasPrefix("\u{1B}]1337;File=") }
    #expect(images.count == 3)
    #expect(Set(images.map(\.row)).count == 1, "anchors \(images.map(\.row))")
    #expect(images.allSatisfy { $0.sequence.contains(";width=80;height=21;") })
    #expect(cursor.scrolled == 5)
  }

  /// Inside tmux every picture sequence is wrapped for the passthrough, ESCs doubled, and
  /// unwraps to what is written outside tmux.
  @Test func passthroughWrapsEveryPictureSequence() throws {
    let frames = Self.frames([10, 60])
    let plain = try play(.kitty, frames)
    let wrapped = try play(.kitty, frames, passthrough: true)
    #expect(wrapped.cursor.placements.map(\.sequence) == plain.cursor.placements.map(\.sequence))
    #expect(Set(wrapped.cursor.placements.map(\.row)).count == 1)
    // Outside the wrappers no picture sequence is left.
    var outside = wrapped.writes.joined()
    while let start = outside.range(of: "\u{1B}Ptmux;") {
      var end = start.upperBound
      while true {
        guard let esc = outside.range(of: "\u{1B}", range: end..<outside.endIndex) else {
          Issue.record("an unterminated passthrough")
          return
        }
        let next = outside.index(after: esc.lowerBound)
        if outside[next] == "\u{1B}" {
          end = outside.index(after: next)
          continue
        }
        #expect(outside[next] == "\\")
        outside.removeSubrange(start.lowerBound...next)
        break
      }
    }
    #expect(!outside.contains("\u{1B}_G"))
    #expect(!outside.contains("\u{1B}Ptmux"))
  }

  @Test func tmuxPassthroughDoublesEveryEscape() {
    #expect(
      InlineImage.tmuxPassthrough("\u{1B}_Gm=0;QQ\u{1B}\\")
        == "\u{1B}Ptmux;\u{1B}\u{1B}_Gm=0;QQ\u{1B}\u{1B}\\\u{1B}\\")
    #expect(InlineImage.tmuxPassthrough("") == "\u{1B}Ptmux;\u{1B}\\")
    #expect(
      InlineImage.kittyDelete(id: 2, passthrough: true)
        == "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d,d=I,i=2,q=2\u{1B}\u{1B}\\\u{1B}\\")
  }

  /// With colour on, each series' sample in the status lines has its curve's colour in the
  /// picture (the theme's tab10 blue and red), not the terminal palette's.
  @Test func theStatusSamplesTakeThePicturesColours() throws {
    var session = StreamSession(options: StreamOptions())
    session.consume(text: "1 5\n2 4\n3 6\n")
    var picture = StreamPicture(canvas: .kitty, cellPixels: Self.cell, theme: .default)
    let text = try picture.update(
      session.frame(columns: 800), size: Self.size, colors: TerminalColors())
    #expect(text.contains("\u{1B}[38;2;31;119;180m\u{2812}\u{2812}\u{1B}[0m 1  last 3"))
    #expect(text.contains("\u{1B}[38;2;214;39;40m\u{2812}\u{2812}\u{1B}[0m 2  last 6"))
  }

  /// A terminal too small for a plot gets the status lines only, and no picture.
  @Test func aTinyTerminalGetsTheStatusLinesOnly() throws {
    var picture = StreamPicture(canvas: .kitty, cellPixels: Self.cell, theme: .default)
    let text = try picture.update(
      Self.frames([10])[0], size: TerminalSize(columns: 80, rows: 5))
    #expect(!text.contains("\u{1B}_G"))
    #expect(text.contains("10 samples"))
  }
}
