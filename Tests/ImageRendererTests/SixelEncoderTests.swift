import GraphCalcApp
import GraphView
import ImageRenderer
import Testing

/// The sixel encoder over a theme's palette (`SixelEncoder(palette:)`, a stream's and
/// `explore`'s frames) writes the same bytes as the version before its empty-run fast path
/// (eight empty columns at a time): FNV-1a hashes of its output for random pictures
/// (`IndexedPNGFrames.picture`), recorded with the byte-at-a-time encoder (commit 8f3b320).
/// The pictures' content is checked by decoding elsewhere (`InlinePicturesInTheTerminal`,
/// `ExplorePicturesInTheTerminal`); this pins the bytes.
@Suite struct SixelBytes {
  static func fnv1a(_ text: String) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in text.utf8 {
      h ^= UInt64(b)
      h = h &* 0x100_0000_01b3
    }
    return h
  }

  static let expected: [String: UInt64] = [
    "1000x70 seed 10 default": 0x9910_b4da_eef7_feb7,
    "1000x70 seed 10 stocks": 0xaa5_fa8e_da17_8fc7,
    "15x4 seed 6 default": 0xf2f7_f10b_b444_1b42,
    "15x4 seed 6 stocks": 0x287e_b492_5a4f_1db1,
    "16x16 seed 7 default": 0x32ba_0f99_40b2_40c0,
    "16x16 seed 7 stocks": 0xba8f_d5ac_aab7_e5db,
    "17x6 seed 8 default": 0xd44c_e8d3_b02f_0429,
    "17x6 seed 8 stocks": 0x5146_423b_c09e_3481,
    "1x1 seed 1 default": 0x8116_7991_3439_45e8,
    "1x1 seed 1 stocks": 0xe18_1c13_2185_d03a,
    "1x9 seed 2 default": 0x2274_970a_24db_6b3c,
    "1x9 seed 2 stocks": 0x2e3c_83c8_c88b_585b,
    "63x11 seed 9 default": 0x67f0_56ef_5e5c_415f,
    "63x11 seed 9 stocks": 0x399c_19a0_8d8f_af61,
    "7x2 seed 3 default": 0xdbcb_7d7c_b34d_f7b6,
    "7x2 seed 3 stocks": 0x83f_3311_a702_b1ed,
    "8x3 seed 4 default": 0x56a5_6d4d_c13c_3802,
    "8x3 seed 4 stocks": 0xdca4_cb79_95f7_b796,
    "9x5 seed 5 default": 0x9aea_a3b2_5d9a_f54e,
    "9x5 seed 5 stocks": 0xcdf2_f1f3_7933_2cd8,
    "plot dark": 0xe9ac_e75f_55c5_66f7,
    "plot default": 0xa80b_8e0f_bcfa_3585,
    "plot slate": 0x3448_0906_1a12_942a,
    "plot stocks": 0x5852_266f_9115_760f,
  ]

  @Test(arguments: IndexedPNGFrames.cases, ["default", "stocks"])
  func sameBytesAsTheByteAtATimeEncoder(_ c: IndexedPNGFrames.Case, themeName: String) throws {
    let theme = try #require(Theme.named(themeName))
    let renderer = IndexedPNGFrames.picture(c, theme: theme)
    let text = try SixelEncoder(palette: SixelEncoder.themePalette(theme)).encode(renderer)
    let key = "\(c.testDescription) \(themeName)"
    #expect(Self.expected[key] == Self.fnv1a(text), "\(key)")
  }

  /// A plot as `explore` draws it at 1000 x 700 (two curves, grid, legend) in each theme.
  @Test(arguments: ["default", "dark", "slate", "stocks"])
  func aPlotsFrameHasTheSameBytes(_ themeName: String) throws {
    let theme = try #require(Theme.named(themeName))
    var session = Session(terminalSize: TerminalSize(columns: 100, rows: 36))
    session.display = TerminalDisplay(canvas: .sixel)
    #expect(session.run("plot sin(x)*x, cos(x)").error == nil)
    let content = try #require(try session.exploreState().pictureContent)
    let renderer = ExplorePicture.draw(
      content.curves, columns: 100, rows: 35, PixelSize(width: 10, height: 20), theme: theme)
    let text = try SixelEncoder(palette: SixelEncoder.themePalette(theme)).encode(renderer)
    let key = "plot \(themeName)"
    #expect(Self.expected[key] == Self.fnv1a(text), "\(key)")
  }
}
