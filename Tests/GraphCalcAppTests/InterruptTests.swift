import Foundation
import TestSupport
import Testing

@testable import GraphCalcApp

/// Ctrl-C during `plot "FILE"`: the command fails with "interrupted", the session is as
/// before and usable.
@Suite struct SessionInterruptTests {
  /// The titles of the session's current curves.
  func titles(_ s: Session) -> [String] {
    guard let c = s.curves else { return [] }
    return (0..<c.curveCount).map { c.title(ofCurve: $0) }
  }

  @Test func interruptedDataPlotLeavesTheSessionAsItWas() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/big.csv"
    let text = "x,y\n" + (0..<30_000).map { "\($0),\($0 % 7)\n" }.joined()
    FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    var s = Session(terminalSize: TerminalSize(columns: 60, rows: 16))
    let first = s.run("plot sin(x)")
    #expect(first.error == nil)
    let before = titles(s)
    #expect(before == ["sin(x)"])
    s.setInterruptCheck { true }
    let reply = s.run("plot \"\(path)\"")
    #expect(reply.error?.message.contains("interrupted after 0 records") == true)
    #expect(titles(s) == before)
    #expect(s.run("stats \"\(path)\"").error?.message.contains("interrupted") == true)
    // Usable afterwards: the next command runs, and the file plots once the check is off.
    #expect(s.run("zoom 1").output == first.output)
    s.setInterruptCheck(nil)
    let again = s.run("plot \"\(path)\"")
    #expect(again.error == nil)
    #expect(titles(s) != before)
    #expect(titles(s).count == 1)
  }
}
