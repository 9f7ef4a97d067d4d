import Foundation
import Testing

/// `tangent` and `fill between` in a one-shot run: the tangent prints only its line, and
/// the picture exported after it has the dashed line and the shading.
@Suite struct FillEndToEndTests {
  @Test func theTangentIsInTheExportedSVG() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "graphcalc-fill-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let svg = folder.appendingPathComponent("t.svg").path
    let result = try Graphcalc.run([
      "-e", "plot x^3-2x", "-e", "tangent x^3-2x at 2", "-e", "export svg \(svg)",
    ])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    // The plot, then the tangent's one line, then the export's.
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.suffix(2) == ["y = 10*x - 16", "wrote \(svg) (800x600)"])
    let text = try String(contentsOfFile: svg, encoding: .utf8)
    #expect(text.contains("stroke-dasharray=\"6 4\""))
  }

  @Test func fillBetweenInAPipe() throws {
    let result = try Graphcalc.run(
      ["-e", "set canvas braille", "-e", "plot [0:1] [0:1] x^2, x fill between"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("░"))
    let bad = try Graphcalc.run(["-e", "plot x^2 fill between"])
    #expect(bad.status == 1)
    #expect(bad.stderr.contains("fill between needs two functions of x"))
  }
}
