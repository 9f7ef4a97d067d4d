import Foundation
import GraphView
import Testing

/// graphcalc's point types against gnuplot 5.4's (Fixtures/point-types.txt, written by
/// scripts/make-pointtype-fixture from gnuplot's svg terminal): the same order, the same
/// kinds (strokes, outlines, circles), the same filled types, and each outline's vertices in
/// the same directions from the centre (within 5 degrees: gnuplot's triangles are a little
/// wider than equilateral), so `pt 14`'s pentagon has its vertex down as gnuplot's.
@Suite struct PointShapeTests {
  struct GnuplotType {
    var type: Int
    var kind: String
    var filled: Bool
    var vertices: [(Double, Double)]
  }

  static let gnuplot: [GnuplotType] = {
    let url = testsDirectory().appendingPathComponent("Fixtures/point-types.txt")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
      let f = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard f.count == 4, let type = Int(f[0]) else { return nil }
      let vertices = f[3].split(separator: " ").compactMap { pair -> (Double, Double)? in
        let xy = pair.split(separator: ",").compactMap { Double($0) }
        return xy.count == 2 ? (xy[0], xy[1]) : nil
      }
      return GnuplotType(
        type: type, kind: String(f[1]), filled: f[2] == "filled", vertices: vertices)
    }
  }()

  @Test func fixtureIsThere() { #expect(Self.gnuplot.count == 15) }

  /// The directions (degrees, 0 to 360, y down) of `points` from the centre.
  static func directions(_ points: [(Double, Double)]) -> [Double] {
    points.map { p in
      let a = atan2(p.1, p.0) * 180 / .pi
      return a < 0 ? a + 360 : a
    }
  }

  static func close(_ a: Double, _ b: Double) -> Bool {
    let d = abs(a - b).truncatingRemainder(dividingBy: 360)
    return min(d, 360 - d) <= 5
  }

  @Test func typesMatchGnuplots() {
    for g in Self.gnuplot {
      let strokes = PointShape.strokes(g.type, at: PixelPoint(x: 0, y: 0), radius: 1)
      #expect(PointShape.isFilled(g.type) == g.filled, "pt \(g.type)")
      switch g.kind {
      case "strokes":
        // Open strokes: the same segments' ends (directions), two points a stroke.
        #expect(strokes.allSatisfy { $0.count == 2 }, "pt \(g.type)")
        let ours = Self.directions(strokes.flatMap { $0 }.map { ($0.x, $0.y) })
        let theirs = Self.directions(g.vertices)
        #expect(ours.count == theirs.count, "pt \(g.type)")
        for t in theirs { #expect(ours.contains { Self.close($0, t) }, "pt \(g.type): \(t)") }
      case "circle":
        #expect(strokes.count == 1 && strokes[0].count > 8, "pt \(g.type)")
      default:
        // A closed outline: as many vertices (ours ends where it starts), same directions.
        #expect(strokes.count == 1, "pt \(g.type)")
        let outline = strokes.first.map { Array($0.dropLast()) } ?? []
        #expect(outline.count == g.vertices.count, "pt \(g.type)")
        let ours = Self.directions(outline.map { ($0.x, $0.y) })
        for t in Self.directions(g.vertices) {
          #expect(ours.contains { Self.close($0, t) }, "pt \(g.type): \(t)")
        }
      }
    }
  }
}
