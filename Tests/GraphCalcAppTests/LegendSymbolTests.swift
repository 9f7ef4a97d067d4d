import Foundation
import TestSupport
import Testing

@testable import GraphCalcApp

/// Legends of regions (a filled swatch in pictures) and of the calculator's symbols in the
/// 7-bit text canvases (`θ` as `theta`, never `?`).
struct LegendSymbolTests {
  @Test func aPolarLegendReadsThetaInTheTerminal() {
    var session = Session()
    let out = session.run("plot r = 1 + cos(θ)").output
    #expect(out.contains("r = 1 + cos(theta)"))
    #expect(!out.contains("?"))
  }

  @Test func aRegionsLegendEntryIsAFilledSwatch() throws {
    let folder = try TemporaryFolder()
    var session = Session()
    _ = session.run("plot y < sin(x), x^2 + y^2 <= 4, sin(x)")
    let path = folder.path + "/l.svg"
    #expect(session.run("export svg \(path)").error == nil)
    let svg = try String(contentsOfFile: path, encoding: .utf8)
    // The plot's two regions and the two swatches: four translucent fills.
    let fills = svg.components(separatedBy: "fill-opacity=\"0.3\"").count - 1
    #expect(fills == 4)
  }
}
