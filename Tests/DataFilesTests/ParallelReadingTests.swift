import Foundation
import TestSupport
import Testing

@testable import DataFiles

/// The parallel reader (`ParallelReading`) against the serial one on files made to be hard
/// to cut: pieces of a few bytes put a boundary at every place, inside quoted fields with
/// line feeds, between CR and LF, in runs of blank lines, in comments.
@Suite struct ParallelReadingTests {
  /// One tricky file: its name, its text, and the reading options.
  struct TrickyFile: Sendable, CustomStringConvertible {
    var name: String
    var bytes: [UInt8]
    var separator: UInt8? = nil
    var missingText: String? = nil
    var description: String { name }

    var options: DataFileOptions {
      var o = DataFileOptions(separator: separator)
      o.missingText = missingText.map { Array($0.utf8) }
      return o
    }
  }

  /// A random CSV of `rows` records with quotes (and line feeds, `""` inside them), CRLF
  /// and CR line ends, blank lines (one and two), comments, empty and `NA` cells, ragged
  /// rows, and cells that are not numbers; seeded, so each case repeats.
  static func randomFile(
    seed: UInt64, rows: Int, separator: String = ",", decimalComma: Bool = false
  )
    -> [UInt8]
  {
    var g = SplitMix64(seed: seed)
    var text = "x\(separator)y\(separator)label\n"
    func number() -> String {
      let v = Double(Int(g.next() % 200_000)) / 1000 - 100
      var s = String(format: "%.3f", v)
      if decimalComma { s = s.replacingOccurrences(of: ".", with: ",") }
      return s
    }
    for i in 0..<rows {
      let kind = g.next() % 40
      let end: String
      switch g.next() % 6 {
      case 0: end = "\r\n"
      case 1: end = "\r"
      default: end = "\n"
      }
      switch kind {
      case 0: text += end  // a blank line
      case 1: text += "\n  \n"  // two blank lines, one of blanks
      case 2: text += "# a comment, with \"quotes\n"
      case 3:
        text +=
          "\"\(number())\"\(separator)\"multi\nline \"\"quoted\"\" \n\(separator) cell\"\(separator)z"
          + end
      case 4: text += "\(number())\(separator)\(separator)empty" + end
      case 5: text += "NA\(separator)\(number())" + end
      case 6: text += "\(number())" + end  // ragged: one cell
      case 7: text += "\(number())\(separator)?\(separator)missing" + end
      case 8: text += "\(number())\(separator)abc\(separator)\"q\"" + end
      case 9: text += " \(number()) \(separator)\t\(number())\t" + end
      default:
        let x =
          decimalComma
          ? String(format: "%.3f", Double(i) / 8).replacingOccurrences(of: ".", with: ",")
          : "\(Double(i) / 8)"
        text += "\(x)\(separator)\(number())\(separator)r\(i)" + end
      }
    }
    return Array(text.utf8)
  }

  static let files: [TrickyFile] = [
    TrickyFile(name: "random csv", bytes: randomFile(seed: 1, rows: 400)),
    TrickyFile(
      name: "random csv, ? missing", bytes: randomFile(seed: 2, rows: 400), missingText: "?"),
    TrickyFile(
      name: "decimal commas",
      bytes: randomFile(seed: 3, rows: 300, separator: ";", decimalComma: true)),
    TrickyFile(name: "tabs", bytes: randomFile(seed: 4, rows: 300, separator: "\t")),
    TrickyFile(
      name: "one quote across half the file",
      bytes: Array(
        ("a,b\n" + (0..<50).map { "\($0),\($0 * 2)\n" }.joined() + "1,\"open\n"
          + (0..<50).map { "\($0),\($0)\n" }.joined() + "\"\n"
          + (0..<50).map { "\($0),-\($0)\n" }.joined()).utf8)),
    TrickyFile(
      name: "CRLF and blank runs",
      bytes: Array(
        ("t,v\r\n"
          + (0..<200).map { $0 % 7 == 0 ? "\r\n\r\n\($0),\($0)\r\n" : "\($0),\($0).5\r\n" }.joined())
          .utf8)),
    TrickyFile(
      name: "whitespace dat with blocks",
      bytes: Array(
        (0..<200).map { $0 % 10 == 0 ? "\n\n\($0) \($0)\n" : "  \($0)\t\($0 % 3)  \n" }.joined()
          .utf8),
      separator: 0x20),
  ]

  /// Where two columns first differ in bits (or in length), as text; nil when equal.
  func firstDifference(_ a: DataColumn, _ b: DataColumn) -> String? {
    let x = Array(a)
    let y = Array(b)
    for i in 0..<min(x.count, y.count) where x[i].bitPattern != y[i].bitPattern {
      return "at \(i): \(x[i]) vs \(y[i]) (of \(x.count) and \(y.count))"
    }
    return x.count == y.count ? nil : "lengths \(x.count) and \(y.count)"
  }

  static let pieceSizes = [1, 2, 3, 5, 8, 13, 64, 257]

  @Test(arguments: files, pieceSizes)
  func readGivesTheSerialValuesBitForBit(file: TrickyFile, piece: Int) throws {
    try withTemporaryFile(file.bytes) { path in
      let serial = try DataFile.read(
        path: path, x: .index(1), y: .index(2), options: file.options, chunkBytes: Int.max / 4)
      let parallel = try DataFile.read(
        path: path, x: .index(1), y: .index(2), options: file.options, chunkBytes: piece)
      #expect(firstDifference(parallel.x, serial.x) == nil)
      #expect(firstDifference(parallel.y, serial.y) == nil)
      #expect(parallel.missing == serial.missing)
      #expect(parallel.records == serial.records)
      #expect(parallel.cutRecords == serial.cutRecords)
      #expect(serial.records > 50)
    }
  }

  @Test(arguments: files, pieceSizes)
  func statsInOnePassGiveEachColumnsOwnStats(file: TrickyFile, piece: Int) throws {
    try withTemporaryFile(file.bytes) { path in
      let each = try [ColumnRef.index(1), .index(2)].map {
        try DataFile.stats(path: path, column: $0, options: file.options)
      }
      let together = try DataFile.stats(
        path: path, columns: [.index(1), .index(2)], options: file.options, chunkBytes: piece)
      #expect(together == each)
      #expect(together.map(\.mean.bitPattern) == each.map(\.mean.bitPattern))
      #expect(
        together.map(\.standardDeviation.bitPattern) == each.map(\.standardDeviation.bitPattern))
    }
  }

  /// A file larger than several real pieces (1 MiB), through the public entry points.
  @Test func aFileOfSeveralPiecesReadsAsOneSerialPass() throws {
    var text = "t,value\n"
    var g = SplitMix64(seed: 19)
    for i in 0..<500_000 {
      text += "\(Double(i) / 1000),\(Double(Int(g.next() % 100_000)) / 10_000)\n"
      if i % 77_777 == 0 { text += "\"7\",\"a\nb\"\n" }
    }
    try withTemporaryFile(text) { path in
      let size = try #require(
        (try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int)
      #expect(size > 3 * ParallelReading.chunkBytes)
      let serial = try DataFile.read(
        path: path, x: .index(1), y: .index(2), options: DataFileOptions(), chunkBytes: Int.max / 4)
      let parallel = try DataFile.read(path: path, x: .index(1), y: .index(2))
      #expect(firstDifference(parallel.x, serial.x) == nil)
      #expect(firstDifference(parallel.y, serial.y) == nil)
      #expect(parallel.records == 500_007)
      let stats = try DataFile.stats(path: path, columns: [.index(1), .index(2)])
      #expect(stats[0].count == 500_007)
      #expect(stats[0].max == 499.999)
    }
  }

  /// The first error of a one-pass `stats` is the one reading each column in turn meets.
  @Test func statsOfAnUnknownColumnAfterAGoodOne() throws {
    try withTemporaryFile("a,b\n1,2\n3,4\n") { path in
      #expect(throws: DataFileError.self) {
        try DataFile.stats(path: path, columns: [.index(1), .name("c")])
      }
      let one = try DataFile.stats(path: path, columns: [.index(2)])
      #expect(one.map(\.mean) == [3])
    }
  }
}
