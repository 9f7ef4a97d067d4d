import Foundation
import GraphCalcApp
import GraphView
import ImageRenderer
import TestSupport
import Testing

/// `explore` on a picture canvas: the frames `ExploreDriver` writes for each key, played
/// on the model of the terminal's cursor (`StreamPicturesInTheTerminal.Cursor`) and decoded
/// as the terminal decodes them.
@Suite struct ExplorePicturesInTheTerminal {
  typealias Cursor = StreamPicturesInTheTerminal.Cursor
  static let cell = PixelSize(width: 10, height: 20)

  /// A terminal whose input is a list of events; what is written is kept.
  struct Scripted: ExploreTerminal {
    var events: [ExploreEvent]
    var written: [String] = []
    mutating func next(timeoutMilliseconds: Int) -> ExploreEvent {
      events.isEmpty ? .end : events.removeFirst()
    }
    mutating func write(_ text: String) { written.append(text) }
  }

  /// `explore` of `plot` on `canvas` in an 80x24 terminal, fed `keys` (one event each);
  /// the frames written and the state it ended with.
  func explore(
    _ canvas: CanvasKind, _ plot: String = "plot sin(x), cos(x)", keys: [String],
    extra: [ExploreEvent] = []
  ) throws -> (written: [String], state: ExploreState) {
    var session = Session(terminalSize: TerminalSize(columns: 80, rows: 24))
    session.display = TerminalDisplay(canvas: canvas)
    session.display.cellPixels = Self.cell
    #expect(session.run(plot).error == nil)
    var state = try session.exploreState()
    var terminal = Scripted(events: keys.map { .bytes(Array($0.utf8)) } + extra)
    var picture: ExplorePicture? = ExplorePicture(
      canvas: canvas, cellPixels: Self.cell, theme: .default)
    ExploreDriver.run(&state, on: &terminal, picture: &picture)
    let bye = picture?.leave() ?? ""
    return (terminal.written + (bye.isEmpty ? [] : [bye]), state)
  }

  func kittyPayload(_ text: String) -> (keys: String, png: Data)? {
    let chunks = text.components(separatedBy: "\u{1B}_G").dropFirst().compactMap {
      part -> (String, String)? in
      guard let end = part.range(of: "\u{1B}\\") else { return nil }
      let body = part[..<end.lowerBound]
      guard let semicolon = body.firstIndex(of: ";") else { return nil }
      return (String(body[..<semicolon]), String(body[body.index(after: semicolon)...]))
    }
    guard let first = chunks.first, first.0.hasPrefix("a=T"),
      let png = Data(base64Encoded: chunks.map(\.1).joined())
    else { return nil }
    return (first.0, png)
  }

  /// The reference picture of `state`'s view: drawn in full colour, as `export png` does.
  func reference(_ state: ExploreState, in folder: TemporaryFolder, _ name: String) throws
    -> Picture
  {
    let content = try #require(state.pictureContent)
    let renderer = ExplorePicture.draw(
      content.curves, columns: 80, rows: 23, Self.cell, theme: .default)
    try Data(try renderer.pngData()).write(to: URL(fileURLWithPath: folder.path(name)))
    return try Picture(png: folder.path(name))
  }

  /// kitty: every key's frame replaces image 3, placement 1, at the top left cell, the
  /// status line in the last row; no frame after the first clears the screen, nothing
  /// scrolls; the last
  /// frame decodes to the view it ends in (panned, zoomed, the trace's marker); leaving
  /// deletes the image.
  @Test func kittyFramesReplaceOneImageInPlace() throws {
    let folder = try TemporaryFolder()
    let (written, state) = try explore(.kitty, keys: ["\u{1B}[C", "-", "t", "\u{1B}[C"])
    #expect(written.count == 6)  // the first frame, four keys, the deletion
    var cursor = Cursor()
    var pngs: [Data] = []
    for (k, frame) in written.dropLast().enumerated() {
      // Only the first frame clears (the screen explore starts on); no other.
      #expect(frame.contains("\u{1B}[2J") == (k == 0))
      cursor.play(frame)
      let (keys, png) = try #require(kittyPayload(frame))
      #expect(keys.hasPrefix("a=T,f=100,t=d,i=3,p=1,c=80,r=23,q=2,C=1"))
      pngs.append(png)
      // The status line as text in the last row, after the picture.
      #expect(frame.contains("\u{1B}8\u{1B}[24;1H") && frame.hasSuffix("\u{1B}[K"))
    }
    #expect(Set(pngs).count == 5)
    let anchors = cursor.placements.filter { $0.sequence.contains("a=T") }
    #expect(anchors.count == 5 && anchors.allSatisfy { $0.row == 0 && $0.column == 0 })
    #expect(cursor.scrolled == 0)
    #expect(written[4].contains("\u{1B}[24;1H" + String(state.statusLine().prefix(80))))
    #expect(written[5] == InlineImage.kittyDelete(id: 3))
    // The last frame is the state's view, in the theme's palette.
    try pngs[4].write(to: URL(fileURLWithPath: folder.path("last.png")))
    let shown = try Picture(png: folder.path("last.png"))
    let full = try reference(state, in: folder, "ref.png")
    #expect(shown.width == 800 && shown.height == 460)
    #expect(PixelClass.recall(shown, in: full)[0] ?? 0 >= 0.95)
    #expect(PixelClass.recall(full, in: shown)[0] ?? 0 >= 0.95)
    // The trace's marker: the picture differs from the view without it.
    var untraced = state
    _ = untraced.handle(.character("t"))
    #expect(untraced.tracePoint() == nil)
    let plain = try reference(untraced, in: folder, "plain.png")
    #expect(plain.pixels != full.pixels)
  }

  /// sixel and iTerm2: each frame is painted at the same anchor and nothing scrolls (the
  /// picture covers 23 of the 24 rows; the terminal's cursor goes below it); a sixel frame,
  /// decoded by ImageMagick, is the view's picture.
  @Test(arguments: [CanvasKind.sixel, .iterm])
  func sixelAndITermFramesRepaintAtTheSameAnchor(_ canvas: CanvasKind) throws {
    let folder = try TemporaryFolder()
    let (written, state) = try explore(canvas, keys: ["-", "\u{1B}[B", "t"])
    #expect(written.count == 4)
    var cursor = Cursor()
    for (k, frame) in written.enumerated() {
      #expect(frame.contains("\u{1B}[2J") == (k == 0))
      cursor.play(frame)
    }
    let pictures = cursor.placements.filter {
      $0.sequence.hasPrefix("\u{1B}P") || $0.sequence.hasPrefix("\u{1B}]1337")
    }
    #expect(pictures.count == 4)
    #expect(pictures.allSatisfy { $0.row == 0 && $0.column == 0 })
    #expect(cursor.scrolled == 0)
    if canvas == .sixel {
      let path = try folder.write(pictures[3].sequence, to: "last.six")
      try run("convert", ["sixel:" + path, folder.path("last.png")])
      let decoded = try Picture(png: folder.path("last.png"))
      let full = try reference(state, in: folder, "ref.png")
      #expect(decoded.width == 800 && decoded.height == 460)
      #expect(PixelClass.recall(decoded, in: full)[0] ?? 0 >= 0.9)
      #expect(PixelClass.recall(full, in: decoded)[0] ?? 0 >= 0.9)
    } else {
      #expect(pictures.allSatisfy { $0.sequence.contains(";width=80;height=23;") })
    }
  }

  /// After a resize the screen is cleared once (kitty's image deleted) and the picture
  /// drawn at the new size; a terminal too small to plot gets the text note, cleared first.
  @Test func aResizeClearsOnceAndRedrawsAtTheNewSize() throws {
    let (written, _) = try explore(
      .kitty, keys: [],
      extra: [
        .resized(TerminalSize(columns: 60, rows: 20)), .bytes(Array("+".utf8)),
        .resized(TerminalSize(columns: 15, rows: 5)),
      ])
    #expect(written.count == 4)  // the first frame, after each resize, after +
    #expect(written[1].hasPrefix("\u{1B}[H\u{1B}[2J" + InlineImage.kittyDelete(id: 3)))
    #expect(kittyPayload(written[1])?.keys.contains("c=60,r=19") == true)
    #expect(!written[2].contains("\u{1B}[2J"))
    #expect(written[3].hasPrefix("\u{1B}[H\u{1B}[2J" + InlineImage.kittyDelete(id: 3)))
    #expect(written[3].contains("terminal too sm"))
    #expect(kittyPayload(written[3]) == nil)
  }

  /// A bar chart's `explore` stays text on a picture canvas.
  @Test func aBarChartExploresInText() throws {
    var session = Session(terminalSize: TerminalSize(columns: 80, rows: 24))
    session.display = TerminalDisplay(canvas: .kitty)
    #expect(session.run("bar 3 1 4 1 5").error == nil)
    var bars = try #require(session.barExploreState())
    var terminal = Scripted(events: [])
    var picture: ExplorePicture? = ExplorePicture(
      canvas: .kitty, cellPixels: Self.cell, theme: .default)
    ExploreDriver.run(&bars, on: &terminal, picture: &picture)
    #expect(terminal.written.count == 1)
    #expect(!terminal.written[0].contains("\u{1B}_G"))
    #expect(picture?.leave() == "")
  }
}
