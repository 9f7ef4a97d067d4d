import Foundation
import GraphView
import ImageRenderer
import TestSupport
import Testing

/// cairo's shading (`CairoRenderer.fillPolygons`): the curve's colour at opacity 0.25 over
/// the background, by the nonzero rule, and dashed guide lines.
@Suite struct FillPictureTests {
  func picture(_ draw: (CairoRenderer) -> Void) throws -> Picture {
    let renderer = CairoRenderer(size: PixelSize(width: 100, height: 100), format: .png)
    draw(renderer)
    let folder = try TemporaryFolder()
    let path = folder.path + "/f.png"
    try Data(renderer.pngData()).write(to: URL(fileURLWithPath: path))
    return try Picture(png: path)
  }

  /// tab10's blue #1f77b4 at 0.25 over white: 0.75 * 255 + 0.25 * (31, 119, 180) =
  /// (199, 221, 236), within a unit of rounding.
  @Test func aSquareIsTheBlendOfTheCurveColour() throws {
    let p = try picture { r in
      r.fillPolygons(
        [
          [
            PixelPoint(x: 20, y: 20), PixelPoint(x: 80, y: 20), PixelPoint(x: 80, y: 80),
            PixelPoint(x: 20, y: 80),
          ]
        ], style: .curve(0))
    }
    func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) {
      let v = p.pixels[y * p.width + x]
      return (Int(v >> 16), Int((v >> 8) & 0xFF), Int(v & 0xFF))
    }
    let inside = rgb(50, 50)
    #expect(abs(inside.0 - 199) <= 1 && abs(inside.1 - 221) <= 1 && abs(inside.2 - 236) <= 1)
    #expect(rgb(10, 10) == (255, 255, 255))
    #expect(rgb(90, 50) == (255, 255, 255))
  }

  /// A figure eight: both lobes painted, the crossing's sides left white.
  @Test func bothLobes() throws {
    let p = try picture { r in
      r.fillPolygons(
        [
          [
            PixelPoint(x: 0, y: 0), PixelPoint(x: 100, y: 100), PixelPoint(x: 100, y: 0),
            PixelPoint(x: 0, y: 100),
          ]
        ], style: .curve(0))
    }
    #expect(p.pixels[50 * p.width + 10] != 0xFFFFFF)  // left lobe
    #expect(p.pixels[50 * p.width + 90] != 0xFFFFFF)  // right lobe
    #expect(p.pixels[10 * p.width + 50] == 0xFFFFFF)  // above the crossing
  }

  /// A dashed line: along it, runs of curve colour and runs of white.
  @Test func dashedLine() throws {
    let p = try picture { r in
      r.drawDashedLines(
        [[PixelPoint(x: 0, y: 50.5), PixelPoint(x: 100, y: 50.5)]], style: .curve(0))
    }
    let row = (0..<100).map { p.pixels[50 * p.width + $0] != 0xFFFFFF }
    // Dashes of 6 and gaps of 4: 10 dashes, about 60 painted pixels in the row.
    let painted = row.filter { $0 }.count
    #expect((55...70).contains(painted))
    #expect(!row[8] && row[12])
  }
}
