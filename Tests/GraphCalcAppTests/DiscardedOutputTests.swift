import Foundation
import GraphCalcApp
import Synchronization
import TestSupport
import Testing

/// Scripts whose standard output is thrown away (`Session.standardOutputDiscarded`): no
/// terminal picture is drawn, and everything else is as it was.
@Suite struct DiscardedOutputTests {
  /// One script run twice, once printing and once with its output discarded: the exported
  /// files are the same bytes, each command's error the same, and the commands that print
  /// something other than a picture (`view`) print the same.
  @Test(arguments: [
    ["plot sin(x)*x", "export svg OUT"],
    ["plot tan(x), 1/x, x^2", "zoom 2", "pan 0.1 0", "export svg OUT 640 480"],
    ["plot sin(x)", "set aspect equal", "view", "export svg OUT"],
    ["plot x^2 + y^2 < 4, sin(x)", "export table OUT"],
    ["plot [t=0:2pi] (cos(t), sin(t))", "view", "export svg OUT"],
    ["set logscale y", "plot exp(x)", "view", "export svg OUT"],
  ])
  func exportsAreTheSame(_ script: [String]) throws {
    let folder = try TemporaryFolder()
    var printing = Session()
    var discarding = Session()
    discarding.standardOutputDiscarded = { true }
    for (k, line) in script.enumerated() {
      let a = printing.run(line.replacingOccurrences(of: "OUT", with: folder.path("a")))
      let b = discarding.run(line.replacingOccurrences(of: "OUT", with: folder.path("b")))
      #expect(a.error == b.error, "\(line)")
      if line.hasPrefix("plot") || line.hasPrefix("zoom") || line.hasPrefix("pan") {
        #expect(!a.output.isEmpty, "\(line)")
        #expect(b.output.isEmpty, "\(line): \(b.output)")
      } else if line == "view" || k == script.count - 1 {
        #expect(
          a.output.replacingOccurrences(of: folder.path("a"), with: "F")
            == b.output.replacingOccurrences(of: folder.path("b"), with: "F"), "\(line)")
      }
    }
    let a = try Data(contentsOf: URL(fileURLWithPath: folder.path("a")))
    let b = try Data(contentsOf: URL(fileURLWithPath: folder.path("b")))
    #expect(!a.isEmpty)
    #expect(a == b, "\(script)")
  }

  /// A terminal too small for a plot is refused as before, though nothing would be drawn.
  @Test func aTooSmallTerminalIsStillAnError() {
    var printing = Session(terminalSize: TerminalSize(columns: 10, rows: 5))
    var discarding = Session(terminalSize: TerminalSize(columns: 10, rows: 5))
    discarding.standardOutputDiscarded = { true }
    let a = printing.run("plot sin(x)")
    let b = discarding.run("plot sin(x)")
    #expect(a.error != nil)
    #expect(a.error == b.error)
  }

  /// Asked at each picture, not once: output that stops being discarded gets its pictures.
  @Test func theAnswerIsAskedAtEachPicture() {
    let discarded = Mutex(true)
    var session = Session()
    session.standardOutputDiscarded = { discarded.withLock { $0 } }
    #expect(session.run("plot sin(x)").output.isEmpty)
    discarded.withLock { $0 = false }
    #expect(!session.run("zoom 2").output.isEmpty)
  }
}
