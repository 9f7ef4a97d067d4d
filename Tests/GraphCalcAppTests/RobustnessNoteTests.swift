import Foundation
import GraphView
import TestSupport
import Testing

@testable import GraphCalcApp

/// The note after a plot whose columns the sampler could not resolve within its budget.
@Suite struct UndecidedNoteTests {
  /// A budget so small that tan(1/x) cannot be resolved near 0.
  static let tiny = SamplingBudget(enclosureEvaluations: 40, pointEvaluations: 1_000_000)

  @Test(arguments: [CanvasKind.ascii, .braille])
  func exhaustedBudgetPrintsOneNote(canvas: CanvasKind) {
    var s = Session(terminalSize: TerminalSize(columns: 80, rows: 24))
    s.display.canvas = canvas
    s.samplingBudget = Self.tiny
    let reply = s.run("plot tan(1/x)")
    #expect(reply.error == nil)
    let lines = reply.output.split(separator: "\n", omittingEmptySubsequences: false)
    let notes = lines.filter { $0.hasPrefix("note: ") }
    #expect(notes.count == 1)
    let note = try? #require(notes.first)
    #expect(
      note?.hasSuffix(
        " columns of tan(1/x) could not be resolved within the sampling budget (drawn from point samples)"
      ) == true)
    // The note follows the picture (23 rows) and ends the output.
    #expect(lines.count == 23 + 1 + 1)
    #expect(lines[23].hasPrefix("note: "))
  }

  @Test(arguments: ["sin(x)*x", "sin(x)/x", "tan(x)", "x^2"])
  func ordinaryPlotsPrintNoNote(expression: String) {
    for canvas in [CanvasKind.ascii, .braille, .block] {
      var s = Session(terminalSize: TerminalSize(columns: 80, rows: 24))
      s.display.canvas = canvas
      let reply = s.run("plot \(expression)")
      #expect(reply.error == nil)
      #expect(!reply.output.contains("note:"), "\(expression) on \(canvas)")
      #expect(reply.output.split(separator: "\n").count == 23)
    }
  }

  @Test func exportAddsTheNoteAfterWrote() throws {
    let folder = try TemporaryFolder()
    var s = Session()
    s.samplingBudget = Self.tiny
    #expect(s.run("plot tan(1/x)").error == nil)
    let reply = s.run("export table \(folder.path)/t.txt 400 300")
    #expect(reply.error == nil)
    let lines = reply.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    #expect(lines.first == "wrote \(folder.path)/t.txt (400x300)")
    #expect(lines.last?.hasPrefix("note: ") == true)
    s.samplingBudget = .default
    let plain = s.run("export svg \(folder.path)/t.svg")
    #expect(plain.output == "wrote \(folder.path)/t.svg (800x600)\n")
  }

  /// Only more than 2 columns and more than 1 % of them are reported.
  @Test(arguments: [
    (100, 2, false), (100, 3, true), (1000, 10, false), (1000, 11, true), (20, 0, false),
  ])
  func threshold(width: Int, undecided: Int, reported: Bool) {
    let plot = SampledPlot(
      viewport: Viewport(xRange: -1...1, yRange: -1...1, size: PixelSize(width: width, height: 50)),
      curves: [SampledCurve(title: "f\u{1B}[2J(x)", segments: [], undecidedColumns: undecided)],
      xTicks: [], yTicks: [])
    let notes = PlotOutput.undecidedNotes(plot)
    #expect(notes.count == (reported ? 1 : 0))
    if reported {
      #expect(
        notes == [
          "note: \(undecided) columns of f\u{FFFD}[2J(x) could not be resolved within the sampling budget (drawn from point samples)"
        ])
    }
  }
}

/// Setting aside a history file libedit cannot read.
@Suite struct HistoryFileTests {
  static let valid = HistoryFile.cookie + "\nplot\\040sin(x)\n1+2\n"

  func write(_ bytes: [UInt8], to path: String) {
    FileManager.default.createFile(atPath: path, contents: Data(bytes))
  }

  @Test func missingEmptyAndValidFilesAreKept() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/history"
    #expect(HistoryFile.setAsideIfCorrupt(path: path) == nil)
    write([], to: path)
    #expect(HistoryFile.setAsideIfCorrupt(path: path) == nil)
    write(Array(Self.valid.utf8), to: path)
    #expect(HistoryFile.setAsideIfCorrupt(path: path) == nil)
    write(Array("\(HistoryFile.cookie)\n√2\tπ\n".utf8), to: path)
    #expect(HistoryFile.setAsideIfCorrupt(path: path) == nil)
    #expect(try folder.names() == ["history"])
  }

  static let corrupt: [(String, [UInt8])] = [
    ("random bytes", (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }),
    ("NULs after the cookie", Array("\(HistoryFile.cookie)\n1+2\n".utf8) + [0, 0, 0, 10]),
    ("only NULs", [UInt8](repeating: 0, count: 100)),
    ("GNU readline history", Array("plot sin(x)\n1+2\n".utf8)),
    ("escape sequence", Array("\(HistoryFile.cookie)\n\u{1B}]0;pwned\u{7}\n".utf8)),
    ("cookie without newline and more", Array("\(HistoryFile.cookie)x\n".utf8)),
  ]

  @Test(arguments: corrupt.indices)
  func corruptFileIsMovedAside(index: Int) throws {
    let (name, bytes) = Self.corrupt[index]
    let folder = try TemporaryFolder()
    let path = folder.path + "/history"
    write(bytes, to: path)
    let warning = try #require(HistoryFile.setAsideIfCorrupt(path: path), "\(name)")
    #expect(warning.hasPrefix("graphcalc: the history file \(path) "))
    #expect(warning.hasSuffix("moved it to \(path).corrupt and started a new history"))
    #expect(!warning.contains("\n"))
    #expect(try folder.names() == ["history.corrupt"])
    #expect(FileManager.default.contents(atPath: path + ".corrupt") == Data(bytes))
    let mode =
      try FileManager.default.attributesOfItem(atPath: path + ".corrupt")[.posixPermissions] as? Int
    #expect(mode == 0o600)
  }

  @Test func aFolderAtThePathIsMovedAsideAndNumbered() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/history"
    write([1, 2, 3], to: path + ".corrupt")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    let warning = try #require(HistoryFile.setAsideIfCorrupt(path: path))
    #expect(warning.contains("is a folder"))
    #expect(warning.contains("moved it to \(path).corrupt-1"))
    #expect(try folder.names() == ["history.corrupt", "history.corrupt-1"])
    // A second corrupt file gets the next number.
    write([0], to: path)
    #expect(HistoryFile.setAsideIfCorrupt(path: path)?.contains("\(path).corrupt-2") == true)
    #expect(try folder.names() == ["history.corrupt", "history.corrupt-1", "history.corrupt-2"])
  }
}
