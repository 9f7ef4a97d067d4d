import Foundation
import GraphCalcApp
import TestSupport
import Testing

@Suite struct ExportTests {
  @Test func exportSVGWritesTheWholeDocument() throws {
    let folder = try TemporaryFolder()
    var session = Session()
    _ = session.run("plot sin(x), cos(x)")
    let path = folder.path + "/plot.svg"
    #expect(session.run("export svg \(path) 400 300") == Reply(output: "wrote \(path) (400x300)\n"))
    let svg = try String(contentsOfFile: path, encoding: .utf8)
    #expect(svg.hasPrefix("<?xml"))
    #expect(svg.contains("width=\"400\" height=\"300\""))
    #expect(svg.hasSuffix("</svg>\n"))
    #expect(try folder.names() == ["plot.svg"])  // no temporary file left
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o644)
  }

  @Test func exportTableWritesSetTableLines() throws {
    let folder = try TemporaryFolder()
    var session = Session()
    _ = session.run("xrange 0 1")
    _ = session.run("plot 2x")
    let path = folder.path + "/t.tsv"
    #expect(session.run("export table \(path) 100") == Reply(output: "wrote \(path) (100x75)\n"))
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    #expect(lines.first == "# Curve 0 of 1, \(lines.count - 3) points")
    #expect(lines.contains("# Curve title: \"2x\""))
    let points = lines.filter { !$0.hasPrefix("#") }.map { $0.split(separator: " ") }
    #expect(points.count >= 2)
    #expect(points.allSatisfy { $0.count == 3 && $0[2] == "i" })
    #expect(points.first.map { Double($0[0]) == 0 && Double($0[1]) == 0 } == true)
    #expect(points.last.map { Double($0[0]) == 1 && Double($0[1]) == 2 } == true)
  }

  @Test func exportReplacesAnExistingFileWhole() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/same.svg"
    try "old".write(toFile: path, atomically: false, encoding: .utf8)
    var session = Session()
    _ = session.run("plot x")
    #expect(session.run("export svg \(path)").error == nil)
    #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("<?xml"))
    #expect(try folder.names() == ["same.svg"])
  }

  @Test func aFailedExportLeavesNothingAndNamesThePath() throws {
    let folder = try TemporaryFolder()
    var session = Session()
    _ = session.run("plot x")
    let missing = folder.path + "/no/such/a.svg"
    #expect(
      session.run("export svg \(missing)").error
        == CommandError(.cannotWrite(path: missing, reason: "No such file or directory")))
    // A folder where the file should go: rename(2) refuses, the temporary file is removed.
    try FileManager.default.createDirectory(
      atPath: folder.path + "/taken", withIntermediateDirectories: false)
    let error = session.run("export svg \(folder.path)/taken").error
    #expect(error?.message == "cannot write \(folder.path)/taken: Is a directory")
    #expect(try folder.names() == ["taken"])
  }

  @Test func atomicFileWritesExactlyTheText() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/x.txt"
    let text = String(repeating: "graphcalc \u{3c0}\n", count: 10_000)
    try AtomicFile.write(text, to: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    #expect(throws: CommandError(.cannotWrite(path: "", reason: "no file name given"))) {
      try AtomicFile.write("", to: "")
    }
  }
}
