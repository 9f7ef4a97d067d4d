import Foundation
import TestSupport
import Testing

/// gnuplot's blocks run by the executable (Session+Blocks.swift): a data block across
/// several `-e`, errors in a block named by the block's line in a script, and a block the
/// input never closes named by the line that opened it.
@Suite struct BlocksEndToEndTests {
  @Test func aDataBlockAndALoopAcrossSeveralDashE() throws {
    let result = try Graphcalc.run([
      "-e", "$D << EOD", "-e", "1 2", "-e", "2 5", "-e", "EOD", "-e", "stats $D using 2 nooutput",
      "-e", "print STATS_sum", "-e", "do for [i=1:2] {", "-e", "print i*10", "-e", "}",
      "-e", "while (1) {",
    ])
    #expect(result.stdout == "7\n10\n20\n")
    #expect(result.stderr.hasPrefix("-e 10: error: the { opened here is never closed"))
    #expect(result.status == 1)
  }

  @Test func scriptErrorsNameTheBlocksLine() throws {
    let folder = try TemporaryFolder(prefix: "graphcalc-blocks")
    let path = folder.url.appendingPathComponent("b.gp").path
    try "a = 1\ndo for [i=1:3] {\n  print i\n  print nosuch + 1\n}\n$D << EOD\n1 2\n"
      .write(toFile: path, atomically: true, encoding: .utf8)
    let result = try Graphcalc.run([path])
    #expect(result.stdout == "1\n")
    #expect(result.stderr.hasPrefix("\(path):4: error: unknown name 'nosuch'"))
    #expect(
      result.stderr.contains("\(path):6: error: data block $D never reached its end line EOD"))
    #expect(result.status == 1)
  }
}
