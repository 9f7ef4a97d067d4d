import Foundation
import GraphView
import SVGRenderer
import TestSupport
import Testing

@testable import TextCanvas

// The faster paths of the canvas and the SVG writer give exactly what the plain paths gave:
// the scalar a cell (`glyphScalar`, `render`), the unclipped DDA (`rasterize` with both ends
// on the canvas) and the byte-writing number formatter (`appendNumber`).

/// printf's `%.2f`, trailing zeros and point removed, `-0` as `0`, clamped to ±1e12: what
/// `SVGRenderer.number` promises.
func printfNumber(_ v: Double) -> String {
  guard v.isFinite else { return "0" }
  var s = String(format: "%.2f", min(max(v, -1e12), 1e12))
  if s.contains(".") {
    while s.hasSuffix("0") { s.removeLast() }
    if s.hasSuffix(".") { s.removeLast() }
  }
  return s == "-0" ? "0" : s
}

/// Glyphs of several scalars (a letter and a combining mark): the canvas falls back to the
/// characters.
struct AccentGlyphs: CellGlyphs {
  var dotsPerCell: (columns: Int, rows: Int) { (2, 2) }
  func glyph(for mask: UInt32, curve: Int) -> Character { mask & 1 != 0 ? "e\u{301}" : "o" }
}

/// The canvas rendered the plain way: a Character a cell from `character(row:column:)`,
/// trailing spaces cut (what `render()` did before it wrote scalars).
func referenceRender<G: CellGlyphs>(_ canvas: DotCanvas<G>) -> String {
  (0..<canvas.rows).map { r in
    var line = (0..<canvas.columns).map { canvas.character(row: r, column: $0) }
    while line.last == " " { line.removeLast() }
    return String(line)
  }.joined(separator: "\n")
}

/// The old DDA: every segment through `LayoutClip.clipSegment`, then `plotDot` a step.
func referenceRasterize<G: CellGlyphs>(
  _ canvas: inout DotCanvas<G>, _ a: PixelPoint, _ b: PixelPoint, curve: Int32
) {
  let size = canvas.size
  let bounds = PixelRect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
  guard let seg = LayoutClip.clipSegment(a, b, to: bounds) else { return }
  let dx = seg.b.x - seg.a.x
  let dy = seg.b.y - seg.a.y
  let steps = Int(max(abs(dx), abs(dy)).rounded(.up))
  if steps == 0 {
    canvas.plotDot(seg.a, curve: curve)
    return
  }
  for k in 0...steps {
    let t = Double(k) / Double(steps)
    canvas.plotDot(PixelPoint(x: seg.a.x + t * dx, y: seg.a.y + t * dy), curve: curve)
  }
}

func randomCanvasCheck<G: CellGlyphs>(_ glyphs: G, seed: UInt64) {
  var rng = SplitMix64(seed: seed)
  let columns = 7 + Int(rng.next() % 40)
  let rows = 3 + Int(rng.next() % 20)
  var fast = DotCanvas(columns: columns, rows: rows, glyphs: glyphs)
  var slow = fast
  let w = Double(fast.size.width)
  let h = Double(fast.size.height)
  func coordinate(_ limit: Double) -> Double {
    switch rng.next() % 8 {
    case 0: return 0
    case 1: return limit  // on the far edge: inside for clipping, off the canvas for dots
    case 2: return Double(rng.next() % 2000) / 1000 * limit - limit / 2  // partly outside
    case 3: return Double(rng.next() % 4) == 0 ? .nan : 1e12
    default: return Double(rng.next() % 100_000) / 100_000 * limit
    }
  }
  for _ in 0..<60 {
    let a = PixelPoint(x: coordinate(w), y: coordinate(h))
    let b = PixelPoint(x: coordinate(w), y: coordinate(h))
    let curve = Int32(rng.next() % 4)
    fast.rasterize(a, b, curve: curve)
    referenceRasterize(&slow, a, b, curve: curve)
  }
  #expect(fast.dots == slow.dots, "seed \(seed)")
  #expect(fast.owner == slow.owner, "seed \(seed)")
  fast.drawText(
    "héllo\tworld", at: PixelPoint(x: 2, y: 2), anchor: TextAnchor(.left, .top), style: .label)
  fast.drawPolyline([PixelPoint(x: 0, y: h / 2), PixelPoint(x: w, y: h / 2)], style: .axis)
  fast.mark(row: 1, column: 1, character: "X")
  fast.mark(row: rows - 1, column: columns - 1, character: "a\u{301}")
  fast.mark(row: 0, column: columns - 1, character: " ")
  #expect(fast.render() == referenceRender(fast), "seed \(seed)")
}

@Suite struct RedrawSpeedupTests {
  @Test(arguments: [1, 2, 3])
  func svgNumberBytesMatchPrintf(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var values: [Double] = [
      0, -0.0, 0.005, 0.015, 0.125, -0.125, 2.675, 1e12, -1e12, 1e13, 999.995,
      .leastNonzeroMagnitude,
    ]
    for _ in 0..<20_000 {
      let magnitude = pow(10.0, Double(rng.next() % 28) - 14)
      let v = (Double(rng.next() % 2_000_001) / 1_000_000 - 1) * magnitude
      values.append(v)
      values.append(Double(Int64(rng.next() % 200_001) - 100_000) / 8)  // exact ties such as x.125
    }
    for v in values {
      var bytes: [UInt8] = [0x41]
      SVGRenderer.appendNumber(v, to: &bytes)
      let appended = String(decoding: bytes.dropFirst(), as: UTF8.self)
      let expected = printfNumber(v)
      #expect(appended == expected, "seed \(seed): \(v)")
      #expect(SVGRenderer.number(v) == expected, "seed \(seed): \(v)")
    }
  }

  @Test func svgPathOfLonePointsAndGaps() {
    var svg = SVGRenderer(size: PixelSize(width: 100, height: 100))
    let nan = Double.nan
    svg.drawPolylines(
      [
        [PixelPoint(x: 1, y: 2)],
        [
          PixelPoint(x: nan, y: 1), PixelPoint(x: 3.333, y: -4.005), PixelPoint(x: .infinity, y: 0),
        ],
        [PixelPoint(x: 5, y: 6), PixelPoint(x: 7.5, y: 8), PixelPoint(x: 9, y: 10.25)],
        [],
      ], style: .curve(0))
    let doc = svg.document()
    #expect(
      doc.contains(
        "<path d=\"M1,2h0M3.33,-4h0M5,6L7.5,8 9,10.25\" fill=\"none\" stroke=\"#1f77b4\""))
  }

  @Test func glyphScalarsAreTheGlyphs() {
    for mask in UInt32(1)..<512 {
      for curve in 0..<10 {
        #expect(
          AsciiGlyphs().glyphScalar(for: mask, curve: curve).map(Character.init)
            == AsciiGlyphs().glyph(for: mask, curve: curve))
      }
    }
    for mask in UInt32(1)..<256 {
      #expect(
        BrailleGlyphs().glyphScalar(for: mask, curve: 0).map(Character.init)
          == BrailleGlyphs().glyph(for: mask, curve: 0))
    }
    for mask in UInt32(1)..<16 {
      #expect(
        BlockGlyphs().glyphScalar(for: mask, curve: 0).map(Character.init)
          == BlockGlyphs().glyph(for: mask, curve: 0))
    }
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func canvasFastPathsMatchThePlainOnes(seed: UInt64) {
    randomCanvasCheck(AsciiGlyphs(), seed: seed)
    randomCanvasCheck(BrailleGlyphs(), seed: seed)
    randomCanvasCheck(BlockGlyphs(), seed: seed)
    randomCanvasCheck(AccentGlyphs(), seed: seed)
  }
}
