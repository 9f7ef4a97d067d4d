import CRecordScan
import Glibc
import TestSupport
import Testing

@testable import DataFiles

/// The common-record path of the reader (`gc_scan_record`: 16-byte compares, and its byte
/// loop) against the general scanner (`RecordScanner.scan`): the same records, fields,
/// offsets and line counts, on the tricky files of `ParallelReadingTests` and on random bytes.
@Suite struct CommonRecordTests {
  /// One record as the reader gave it: where it starts, its line, the blank lines before
  /// it, and its fields.
  struct Seen: Equatable {
    var offset: Int
    var line: Int
    var blanks: Int
    var fields: [[Int]]
  }

  /// Every record of `path` read with or without the common path.
  func records(_ path: String, separator: UInt8, common: Bool) throws -> [Seen] {
    let reader = try RecordReader(path: path)
    reader.scanner = RecordScanner(
      separation: separator == 0x20 ? .whitespace : .delimiter(separator),
      comment: UInt8(ascii: "#"))
    reader.usesCommonPath = common
    var seen: [Seen] = []
    while try reader.next() {
      seen.append(
        Seen(
          offset: reader.recordOffset, line: reader.linesBefore + 1,
          blanks: reader.blankLinesBefore,
          fields: reader.spans.map { [$0.start, $0.end, $0.escaped ? 1 : 0] }))
    }
    return seen
  }

  static let extraFiles: [ParallelReadingTests.TrickyFile] = [
    .init(
      name: "long rows, many fields, no final line feed",
      bytes: Array(
        ((0..<300).map { r in (0..<(r % 90)).map { "\($0 * r).25" }.joined(separator: ",") }
          .joined(separator: "\n")).utf8)),
    .init(
      name: "trailing and empty fields, quotes inside fields, NUL bytes",
      bytes: Array(
        "a,b\n1,2,\n,,\n3,,4\nx\"y,5\n\u{0}1,2\n,\n7,8\r\n9,10\n\n\n# c\n11,12".utf8)),
    .init(
      name: "a file past the first buffer (256 KiB)",
      bytes: ParallelReadingTests.randomFile(seed: 9, rows: 30_000)),
  ]

  @Test(arguments: ParallelReadingTests.files + extraFiles)
  func commonPathGivesTheGeneralScannersRecords(file: ParallelReadingTests.TrickyFile) throws {
    try withTemporaryFile(file.bytes) { path in
      let separators: [UInt8] = file.separator.map { [$0] } ?? [0x2C, 0x3B, 0x09]
      for separator in separators {
        let general = try records(path, separator: separator, common: false)
        let common = try records(path, separator: separator, common: true)
        #expect(common == general, "separator \(separator)")
        #expect(!general.isEmpty)
      }
    }
  }

  /// Random records of the bytes that matter (delimiters, line ends, quotes, blanks, the
  /// comment byte, digits): the SSE2 and byte-loop versions agree with each other, and
  /// where they split a record, with the general scanner.
  @Test func vectorAndByteLoopAgreeWithTheGeneralScanner() {
    var g = SplitMix64(seed: 2026_12_04)
    let alphabet = Array("0123456789.,;\t \n\r\"#-eX".utf8)
    var buffer = [UInt8](repeating: 0, count: 96 + Int(GC_SCAN_PADDING))
    var vectorBounds = [Int](repeating: 0, count: 32)
    var loopBounds = [Int](repeating: 0, count: 32)
    var spans: [FieldSpan] = []
    var split = 0
    for _ in 0..<200_000 {
      let n = g.below(80)
      for k in buffer.indices { buffer[k] = alphabet[g.below(alphabet.count)] }
      let from = n == 0 ? 0 : g.below(n)
      let delimiter: UInt8 = [0x2C, 0x3B, 0x09][g.below(3)]
      let most = 1 + g.below(16)
      var vectorFields = 0
      var loopFields = 0
      let vector = gc_scan_record(
        buffer, from, n, delimiter, UInt8(ascii: "#"), &vectorBounds, most, &vectorFields)
      let loop = gc_scan_record_scalar(
        buffer, from, n, delimiter, UInt8(ascii: "#"), &loopBounds, most, &loopFields)
      #expect(vector == loop)
      guard vector >= 0 else { continue }
      split += 1
      #expect(vectorFields == loopFields)
      #expect(Array(vectorBounds[..<(2 * vectorFields)]) == Array(loopBounds[..<(2 * loopFields)]))
      let scanner = RecordScanner(separation: .delimiter(delimiter), comment: UInt8(ascii: "#"))
      let general = buffer.withUnsafeBufferPointer {
        scanner.scan($0.baseAddress!, from: from, to: n, atEOF: false, spans: &spans)
      }
      #expect(general?.next == vector)
      #expect(general?.lines == 1)
      #expect(spans.flatMap { [$0.start, $0.end] } == Array(vectorBounds[..<(2 * vectorFields)]))
      #expect(spans.allSatisfy { !$0.escaped })
    }
    #expect(split > 10_000)
    #if arch(x86_64)
    #expect(gc_scan_record_is_vectorized() == 1)
    #endif
  }
}
