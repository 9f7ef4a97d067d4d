import Foundation
import TestSupport
import Testing

@testable import GraphCalcApp

/// One line of Fixtures/terminal-sizes-gnuplot.tsv (scripts/make-terminal-fixture): a `set
/// terminal` line and the size of the file gnuplot 5.4 wrote after it.
struct GnuplotTerminalSize: CustomStringConvertible, Sendable {
  var line: String
  var width: Double
  var height: Double
  var description: String { line }

  static func load() throws -> [GnuplotTerminalSize] {
    let text = try String(
      contentsOfFile: fixtures + "/terminal-sizes-gnuplot.tsv", encoding: .utf8)
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { row in
      let cells = row.split(separator: "\t").map(String.init)
      return GnuplotTerminalSize(
        line: cells[0], width: Double(cells[1])!, height: Double(cells[2])!)
    }
  }
}

/// gnuplot's `set terminal`, `set output`, `set print`, `refresh`, the GPVAL_ variables and
/// the settings accepted that draw nothing (Commands+Terminal.swift).
@Suite struct TerminalOutputTests {
  static func session() -> Session { Session(terminalSize: TerminalSize(columns: 80, rows: 24)) }

  /// Runs `lines`, expecting no error; the output of the last.
  @discardableResult
  static func run(
    _ session: inout Session, _ lines: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) -> Reply {
    var last = Reply()
    for line in lines {
      last = session.run(line)
      #expect(
        last.error == nil, "\(line): \(last.error?.message ?? "")", sourceLocation: sourceLocation)
    }
    return last
  }

  static func bytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// A PDF without its creation date (cairo writes the time of day).
  static func undated(_ bytes: [UInt8]) -> String {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.replacingOccurrences(
      of: #"/CreationDate \([^)]*\)"#, with: "", options: .regularExpression)
  }

  /// A picture's width and height: PNG's IHDR (pixels), SVG's viewBox (pixels), PDF's
  /// MediaBox (points), a text's longest line and lines.
  static func size(of path: String) throws -> (Double, Double) {
    let data = try bytes(path)
    if path.hasSuffix(".png") {
      let w = data[16..<20].reduce(0) { $0 << 8 | Int($1) }
      let h = data[20..<24].reduce(0) { $0 << 8 | Int($1) }
      return (Double(w), Double(h))
    }
    let text = String(decoding: data, as: UTF8.self)
    func numbers(after pattern: String) -> (Double, Double) {
      let regex = try! NSRegularExpression(pattern: pattern)
      let ns = text as NSString
      guard let m = regex.firstMatch(in: text, range: NSRange(location: 0, length: ns.length))
      else { return (0, 0) }
      return (
        Double(ns.substring(with: m.range(at: 1)))!, Double(ns.substring(with: m.range(at: 2)))!
      )
    }
    if path.hasSuffix(".svg") { return numbers(after: #"viewBox="0 0 ([\d.]+) ([\d.]+)""#) }
    if path.hasSuffix(".pdf") { return numbers(after: #"/MediaBox \[ 0 0 ([\d.]+) ([\d.]+) \]"#) }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    return (Double(lines.map(\.count).max() ?? 0), Double(lines.count))
  }

  /// Each `set terminal` line writes a file of gnuplot's size (PDF within 0.75 pt: whole
  /// pixels of 0.75 pt here).
  @Test(arguments: try GnuplotTerminalSize.load())
  func filesHaveGnuplotsSizes(_ expected: GnuplotTerminalSize) throws {
    let folder = try TemporaryFolder()
    let ext: String
    switch expected.line {
    case let l where l.contains("png"): ext = "png"
    case let l where l.contains("svg"): ext = "svg"
    case let l where l.contains("pdf"): ext = "pdf"
    default: ext = "txt"
    }
    let path = folder.path("t.\(ext)")
    var session = Self.session()
    let reply = Self.run(&session, [expected.line, "set output \"\(path)\"", "plot sin(x)"])
    #expect(reply.output.isEmpty)
    let (w, h) = try Self.size(of: path)
    let slack = ext == "pdf" ? 0.75 : 0
    #expect(abs(w - expected.width) <= slack && abs(h - expected.height) <= slack, "\(w)x\(h)")
  }

  /// `set output` writes the bytes `export` writes of the same plot at the terminal's size,
  /// with the format's signature; nothing is drawn in the terminal.
  @Test(arguments: [
    ("pngcairo size 400,300", "png", 400, 300), ("svg size 500,300", "svg", 500, 300),
    ("pdfcairo", "pdf", 480, 288), ("png", "png", 640, 480),
  ])
  func outputEqualsExport(_ terminal: String, _ format: String, _ width: Int, _ height: Int)
    throws
  {
    let folder = try TemporaryFolder()
    let out = folder.path("out.\(format)")
    let exported = folder.path("export.\(format)")
    var session = Self.session()
    let plotted = Self.run(
      &session,
      [
        "set terminal \(terminal)", "set output \"\(out)\"", "set title \"waves\"",
        "plot sin(x), cos(x) with points",
      ])
    #expect(plotted.output.isEmpty)
    Self.run(&session, ["export \(format) \(exported) \(width) \(height)"])
    let written = try Self.bytes(out)
    let signature: [UInt8] =
      switch format {
      case "png": [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
      case "pdf": Array("%PDF-".utf8)
      default: Array("<?xml".utf8)
      }
    #expect(Array(written.prefix(signature.count)) == signature)
    if format == "pdf" {
      #expect(Self.undated(written) == Self.undated(try Self.bytes(exported)))
    } else {
      #expect(written == (try Self.bytes(exported)))
    }
  }

  /// `replot` and `refresh` write the file again; `unset output` draws in the terminal.
  @Test func replotRefreshAndUnsetOutput() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("a.svg")
    var session = Self.session()
    Self.run(&session, ["set term svg", "set output \"\(path)\"", "plot x"])
    #expect(try String(contentsOfFile: path, encoding: .utf8).contains("<svg"))
    try FileManager.default.removeItem(atPath: path)
    #expect(Self.run(&session, ["set title \"again\"", "replot"]).output.isEmpty)
    #expect(try String(contentsOfFile: path, encoding: .utf8).contains(">again</text>"))
    try FileManager.default.removeItem(atPath: path)
    #expect(Self.run(&session, ["refresh"]).output.isEmpty)
    #expect(FileManager.default.fileExists(atPath: path))
    let drawn = Self.run(&session, ["unset output", "replot"])
    #expect(drawn.output.split(separator: "\n").count >= 20)
    #expect(session.run("show output").output == "output (the terminal)\n")
  }

  /// The interactive terminals draw in this terminal; with one of them `set output` writes
  /// the format the extension names, or draws in the terminal for any other.
  @Test func interactiveTerminalsDrawHere() throws {
    let folder = try TemporaryFolder()
    var session = Self.session()
    for name in ["x11", "wxt", "qt", "unknown"] {
      #expect(Self.run(&session, ["set terminal \(name)", "plot sin(x)"]).output.count > 500)
    }
    let path = folder.path("p.png")
    #expect(
      Self.run(&session, ["set term wxt 0 persist", "set output \"\(path)\"", "replot"])
        .output.isEmpty)
    #expect(Array(try Self.bytes(path).prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
    let other = folder.path("p.dat")
    #expect(Self.run(&session, ["set output \"\(other)\"", "replot"]).output.count > 500)
    #expect(!FileManager.default.fileExists(atPath: other))
  }

  /// A multiplot's page goes to the file at `unset multiplot` (not before), as `export`
  /// writes the page.
  @Test func multiplotPageIsWrittenAtItsEnd() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("m.svg")
    let exported = folder.path("e.svg")
    var session = Self.session()
    Self.run(
      &session,
      [
        "set terminal svg size 600,400", "set output \"\(path)\"", "set multiplot layout 1,2",
        "plot sin(x)", "plot cos(x)",
      ])
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(Self.run(&session, ["unset multiplot"]).output.isEmpty)
    Self.run(&session, ["export svg \(exported) 600 400"])
    #expect(try Self.bytes(path) == (try Self.bytes(exported)))
  }

  /// `dumb` writes a text block of gnuplot's size: H lines of W + 1 characters, ASCII.
  @Test func dumbWritesText() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("d.txt")
    var session = Self.session()
    Self.run(&session, ["set term dumb size 60,15", "set output \"\(path)\"", "plot sin(x)"])
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.count == 15)
    #expect(lines.allSatisfy { $0.count == 61 })
    #expect(text.unicodeScalars.allSatisfy { $0.isASCII })
    #expect(text.contains("sin(x)"))
  }

  /// A file name is a string expression; each file of a loop is written.
  @Test func fileNamesAreStringExpressions() throws {
    let folder = try TemporaryFolder()
    var session = Self.session()
    Self.run(&session, ["d = \"\(folder.path)\"", "set term png size 100,80"])
    for i in 1...2 {
      Self.run(&session, ["set output sprintf(\"%s/f%d.png\", d, \(i))", "plot sin(\(i)*x)"])
    }
    #expect(FileManager.default.fileExists(atPath: folder.path("f1.png")))
    #expect(try Self.size(of: folder.path("f2.png")) == (100, 80))
    #expect(session.run("print GPVAL_OUTPUT").output == folder.path("f2.png") + "\n")
  }

  /// A file that cannot be written is an error at the plot, naming it; the old file stays.
  @Test func anUnwritableOutputIsAnError() throws {
    var session = Self.session()
    Self.run(&session, ["set term svg", "set output \"/no/such/folder/a.svg\""])
    let reply = session.run("plot x")
    #expect(reply.error?.message.contains("cannot write /no/such/folder/a.svg") == true)
  }

  /// `show terminal`, options kept per terminal, `push` and `pop`, GPVAL_TERM.
  @Test func terminalsAreShownKeptPushedAndPopped() {
    var session = Self.session()
    #expect(
      session.run("show terminal").output
        == "terminal unknown (plots are drawn in this terminal)\n")
    Self.run(&session, ["set terminal pngcairo size 800,600 font \"Arial,10\" enhanced"])
    #expect(
      session.run("show term").output
        == "terminal pngcairo size 800,600 font \"Arial,10\" enhanced\n"
    )
    #expect(session.run("print GPVAL_TERM").output == "pngcairo\n")
    Self.run(&session, ["set term push", "set term svg", "set term png"])
    #expect(session.output.terminal.name == "png")
    Self.run(&session, ["set term pngcairo"])
    #expect(session.output.terminal.size?.width == 800)  // remembered, as gnuplot does
    Self.run(&session, ["set term svg", "set term pop"])
    #expect(session.output.terminal.listing == "pngcairo size 800,600 font \"Arial,10\" enhanced")
    Self.run(&session, ["set term pdf size 12cm,8cm"])
    #expect(session.output.terminal.name == "pdfcairo")
    #expect(session.output.terminal.size?.width == 453)
    Self.run(&session, ["set term dumb", "set term x11"])
    #expect(session.run("print GPVAL_TERM").output == "x11\n")
    Self.run(&session, ["unset terminal"])
    #expect(session.output.terminal == .initial)
  }

  /// Errors name the problem, with the caret under it.
  @Test(arguments: [
    ("set terminal pngg", 13..<17, "unknown terminal 'pngg' (did you mean 'png'?)"),
    ("set term postscript eps", 9..<19, "gnuplot's terminal 'postscript' is not supported"),
    ("set term png sise 3,4", 13..<17, "unknown option 'sise' of set terminal png"),
    ("set term png size 3,4", 18..<19, "16 to 10000, got 3"),
    ("set term png size 800", 13..<17, "size needs W,H"),
    ("set term dumb size 10,10", 19..<21, "characters from 20 to 1000"),
    ("set term push now", 14..<17, "set terminal push takes no arguments"),
    ("set output a.png", 11..<16, "set output needs a file name in quotes"),
    ("set output \"|lpr\"", 11..<17, "set output to a pipe is not supported"),
    ("set print \"/no/such/folder/p.txt\"", 10..<33, "cannot write /no/such/folder/p.txt"),
    ("set print 3", 10..<11, "set print needs a file name in quotes"),
  ])
  func errorsHaveCarets(_ line: String, _ at: Range<Int>, _ message: String) throws {
    var session = Self.session()
    let error = try #require(session.run(line).error)
    #expect(error.location == at)
    #expect(error.message.contains(message), "\(error.message)")
  }

  /// `set print` sends `print` to a file (emptied, or appended to), a data block, or back.
  @Test func printGoesWhereSetPrintSays() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("p.txt")
    try "old\n".write(toFile: path, atomically: true, encoding: .utf8)
    var session = Self.session()
    #expect(Self.run(&session, ["set print \"\(path)\"", "print \"a\", 1+2"]).output.isEmpty)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "a 3\n")
    Self.run(&session, ["set print \"\(path)\" append", "print \"b\""])
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "a 3\nb\n")
    #expect(session.run("show print").output == "print \"\(path)\"\n")
    Self.run(&session, ["set print $OUT", "print \"x\\ny\"", "set print $OUT append", "print 4"])
    #expect(session.data.options.dataBlocks["$OUT"] == Array("x\ny\n4\n".utf8))
    #expect(Self.run(&session, ["set print \"-\"", "print 5"]).output == "5\n")
    Self.run(&session, ["set print $OUT"])  // emptied again
    #expect(session.data.options.dataBlocks["$OUT"] == [])
    #expect(Self.run(&session, ["unset print", "print 6"]).output == "6\n")
  }

  /// `refresh` draws what was read (inline data too), and needs a plot.
  @Test func refreshRedrawsWithoutReading() throws {
    var session = Self.session()
    #expect(session.run("refresh").error?.message.contains("plot something first") == true)
    Self.run(&session, ["plot \"-\" with points", "1 1", "2 4", "e"])
    let again = Self.run(&session, ["set title \"squares\"", "refresh"])
    #expect(again.output.contains("squares"))
    #expect(session.run("refresh 1").error?.message == "refresh takes no arguments")
  }

  /// GPVAL_ ranges are the last plot's; `show variables GPVAL` lists gnuplot's; `vars` not.
  @Test func gpvalVariables() {
    var session = Self.session()
    #expect(session.run("print GPVAL_VERSION, GPVAL_PATCHLEVEL").output == "5.4 0\n")
    #expect(session.run("vars").output == "no variables or functions yet\n")
    Self.run(&session, ["plot [0:5] [-1:2] x"])
    #expect(
      session.run("print GPVAL_X_MIN, GPVAL_X_MAX, GPVAL_Y_MIN, GPVAL_Y_MAX").output == "0 5 -1 2\n"
    )
    Self.run(&session, ["set xrange [1:3]"])  // not plotted yet: the last plot's
    #expect(session.run("print GPVAL_X_MAX").output == "5\n")
    Self.run(&session, ["replot"])
    #expect(session.run("print GPVAL_X_MAX").output == "3\n")
    let shown = session.run("show variables GPVAL").output
    #expect(shown.hasPrefix("\tVariables beginning with GPVAL:\n"))
    #expect(shown.contains("\tGPVAL_TERM = \"unknown\"\n"))
    #expect(shown.contains("\tGPVAL_X_MAX = 3\n"))
    Self.run(&session, ["a = 2"])
    let mine = session.run("show variables").output
    #expect(mine.contains("\ta = 2") && !mine.contains("GPVAL"))
    #expect(session.run("show variables all").output.contains("GPVAL_VERSION = 5.4"))
    #expect(session.run("vars").output == "a = 2\n")
  }

  /// gnuplot's settings that change nothing drawn here are accepted and shown back; a note
  /// says what gnuplot would draw that graphcalc does not.
  @Test(arguments: [
    ("set encoding utf8", "encoding utf8", false), ("set clip two", "clip two", false),
    ("set termoption enhanced", "termoption enhanced", false),
    ("set isosamples 40, 40", "isosamples 40, 40", true), ("set minussign", "minussign", true),
    ("set timestamp \"%d/%m/%y\" bottom", "timestamp \"%d/%m/%y\" bottom", true),
    ("set fontpath \"/usr/share/fonts\"", "fontpath \"/usr/share/fonts\"", false),
    ("set loadpath \"a\" \"b\"", "loadpath \"a\" \"b\"", false),
    ("set psdir \"x\"", "psdir \"x\"", false),
  ])
  func acceptedSettingsAreShownBack(_ line: String, _ shown: String, _ notes: Bool) {
    var session = Self.session()
    let reply = Self.run(&session, [line])
    #expect(reply.output.hasPrefix("note: ") == notes, "\(reply.output)")
    let name = String(shown.split(separator: " ")[0])
    #expect(session.run("show \(name)").output == shown + "\n")
    #expect(session.run("set").output.contains(shown + "\n"))
    Self.run(&session, ["unset \(name)"])
    #expect(session.run("show \(name)").output != shown + "\n")
    #expect(!session.run("set").output.contains(shown + "\n"))
  }

  /// gnuplot's abbreviations of the new names (`set term`, `set out`, `set enc`, `show v`).
  @Test func abbreviations() {
    var session = Self.session()
    Self.run(&session, ["set t svg", "set o \"x.svg\"", "set enc utf8", "set is 4"])
    #expect(session.output.terminal.name == "svg")
    #expect(session.output.file == "x.svg")
    #expect(session.run("show enc").output == "encoding utf8\n")
    #expect(session.run("show v GPVAL_TERM").output.contains("GPVAL_TERM = \"svg\""))
  }
}
