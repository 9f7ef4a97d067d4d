import Foundation
import TestSupport
import Testing

/// gnuplot's `load` and `call` (Commands+Load.swift), run by the executable: the file's
/// lines as a script's, ARG0 ... ARG9 and ARGC set for it and put back, gnuplot 4's `$N`,
/// `quit` ending the file only, errors named FILE:LINE.
@Suite struct LoadCallEndToEndTests {
  /// A folder with `name` holding `text`, and the file's path.
  static func file(_ name: String, _ text: String) throws -> (TemporaryFolder, String) {
    let folder = try TemporaryFolder(prefix: "graphcalc-load")
    let path = folder.url.appendingPathComponent(name).path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return (folder, path)
  }

  @Test func callSetsTheArgVariablesAndPutsThemBack() throws {
    let (folder, path) = try Self.file(
      "args.gp",
      """
      print ARGC, ARG1, ARG2, ARG3
      print ARG2 * 2, strlen(ARG0) > 0
      print "old style: $0 $1 $# $$5 $7"
      quit
      print "not reached"

      """)
    defer { withExtendedLifetime(folder) {} }
    let result = try Graphcalc.run([
      "-e", "b = 5", "-e", "call \"\(path)\" \"two words\" 1.5 (b*2)", "-e", "print \"back\"",
      "-e", "print ARGC",
    ])
    #expect(
      result.stdout == "3 two words 1.5 10\n3 1\nold style: two words 1.5 3 $5 $7\nback\n")
    // ARGC did not exist before the call, so it does not after it.
    #expect(result.stderr.contains("-e 4: error: unknown name 'ARGC'"))
    #expect(result.status == 1)
  }

  /// `graphcalc FILE` runs FILE as `gnuplot FILE` does: ARG0 is its path, ARGC 0 (gnuplot
  /// 5.4 prints `0` and the path for this file; break_continue.dem tests `ARGC == 0`), and
  /// a file it loads sees its own and gets the script's back.
  @Test func aScriptFileHasItsOwnArgZeroAndNoArguments() throws {
    let (folder, inner) = try Self.file("inner.gp", "print ARGC, ARG1\n")
    defer { withExtendedLifetime(folder) {} }
    let outer = folder.url.appendingPathComponent("outer.gp").path
    try "print ARGC\nprint ARG0\ncall \"\(inner)\" 7\nprint ARGC, ARG0\n".write(
      toFile: outer, atomically: true, encoding: .utf8)
    let result = try Graphcalc.run([outer])
    #expect(result.stdout == "0\n\(outer)\n1 7\n0 \(outer)\n")
    #expect(result.status == 0)
  }

  @Test func loadRunsAFileWithContinuationsAndNamesItsErrors() throws {
    let (folder, path) = try Self.file(
      "setup.gp", "a = 2\nprint a, \\\n  a*3\nnosuch + 1\nprint ARGC\n")
    defer { withExtendedLifetime(folder) {} }
    let result = try Graphcalc.run(["-e", "load \"\(path)\"", "-e", "print a + 1"])
    #expect(result.stdout == "2 6\n0\n3\n")
    #expect(result.stderr.hasPrefix("\(path):4: error: unknown name 'nosuch'"))
    #expect(result.status == 1)
  }

  @Test func aFileThatLoadsItselfStopsAtTheLimit() throws {
    let (folder, path) = try Self.file("self.gp", "")
    defer { withExtendedLifetime(folder) {} }
    try "load \"\(path)\"\n".write(toFile: path, atomically: true, encoding: .utf8)
    let result = try Graphcalc.run(["-e", "load \"\(path)\"", "-e", "print 1"])
    #expect(result.stdout == "1\n")
    #expect(result.stderr.contains("load and call are nested 32 files deep"))
    #expect(result.status == 1)
  }
}
