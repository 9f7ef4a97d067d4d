import Testing

@testable import Streaming

struct RowCase: Sendable, CustomStringConvertible {
  let line: String
  let row: [Double]
  var description: String { "'\(line)'" }
}

@Suite struct StreamParserTests {
  static let rows: [RowCase] = [
    .init(line: "1", row: [1]),
    .init(line: "1 2 3", row: [1, 2, 3]),
    .init(line: "  1\t\t2   3  ", row: [1, 2, 3]),
    .init(line: "1,2,3", row: [1, 2, 3]),
    .init(line: "1;2;3", row: [1, 2, 3]),
    .init(line: "1, 2 ;3", row: [1, 2, 3]),
    .init(line: "1,,3", row: [1, .nan, 3]),
    .init(line: ",2", row: [.nan, 2]),
    .init(line: "1,2,", row: [1, 2]),
    .init(line: "-1.5 -2e3 +4", row: [-1.5, -2000, 4]),
    .init(line: "nan NaN 3", row: [.nan, .nan, 3]),
    .init(line: "inf -inf", row: [.infinity, -.infinity]),
    .init(line: "1 2\r", row: [1, 2]),
    .init(line: "\u{FEFF}7 8", row: [7, 8]),
  ]

  @Test(arguments: rows)
  func readsRow(_ c: RowCase) throws {
    var p = StreamParser()
    let kind = p.parse(line: c.line)
    #expect(kind == .data(c.row.count))
    try #require(p.row.count == c.row.count, "row \(p.row)")
    for (got, want) in zip(p.row, c.row) { #expect(same(got, want), "\(p.row) vs \(c.row)") }
    #expect(p.valuesRead == c.row.count)
  }

  @Test(arguments: [
    "procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----",
    " r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st",
    "# a comment", "12 abc 5", "sh: 1: vmstat: not found", "1 2 x",
  ])
  func junkLineIsCountedAndSkipped(_ line: String) {
    var p = StreamParser()
    _ = p.parse(line: "1 2")
    #expect(p.parse(line: line) == .junk)
    #expect(p.junkLines == 1)
    #expect(p.dataLines == 1)
    #expect(p.lastJunkLine == line)
    #expect(p.parse(line: "3 4") == .data(2))
    #expect(p.row == [3, 4])
  }

  @Test func blankLinesAreNotJunk() {
    var p = StreamParser()
    #expect(p.parse(line: "") == .blank)
    #expect(p.parse(line: "  \t ") == .blank)
    #expect(p.blankLines == 2)
    #expect(p.junkLines == 0)
  }

  @Test func shortLinesPadWithNaNAndLongLinesAddSeries() {
    var p = StreamParser()
    #expect(p.parse(line: "1 2") == .data(2))
    #expect(p.seriesCount == 2)
    #expect(p.parse(line: "5") == .data(1))
    #expect(p.row.count == 2)
    #expect(p.row[0] == 5 && p.row[1].isNaN)
    #expect(p.parse(line: "1 2 3 4") == .data(4))
    #expect(p.seriesCount == 4)
    #expect(p.parse(line: "9 8") == .data(2))
    #expect(p.row.count == 4)
    #expect(p.row[0] == 9 && p.row[1] == 8 && p.row[2].isNaN && p.row[3].isNaN)
    #expect(p.valuesRead == 2 + 1 + 4 + 2)
  }

  @Test func junkLineWithManyNumbersDoesNotLeakIntoTheRow() {
    var p = StreamParser()
    _ = p.parse(line: "1 2")
    #expect(p.parse(line: "7 7 7 7 7 x") == .junk)
    #expect(p.parse(line: "3") == .data(1))
    #expect(p.seriesCount == 2)
    #expect(p.row.count == 2)
    #expect(p.row[0] == 3 && p.row[1].isNaN)
  }

  @Test func vmstatHeaderNamesTheSeries() {
    var p = StreamParser()
    let lines = [
      "procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----",
      " r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st",
      " 1  0      0 812345  12345 456789    0    0     3     5   40   80  2  1 97  0  0",
    ]
    for line in lines { _ = p.parse(line: line) }
    #expect(p.junkLines == 2)
    #expect(p.seriesCount == 17)
    #expect(p.name(ofSeries: 0) == "r")
    #expect(p.name(ofSeries: 3) == "free")
    #expect(p.name(ofSeries: 16) == "st")
    // A repeated header later is junk and does not rename anything.
    _ = p.parse(line: lines[1])
    _ = p.parse(line: "1 2 3")
    #expect(p.name(ofSeries: 0) == "r")
    #expect(p.junkLines == 3)
  }

  @Test func headerWithOtherCountIsIgnored() {
    var p = StreamParser()
    _ = p.parse(line: "time value")
    _ = p.parse(line: "1 2 3")
    #expect(p.headerNames.isEmpty)
    #expect((0..<3).map { p.name(ofSeries: $0) } == ["1", "2", "3"])
  }

  @Test func headerIsTheLastWordLineBeforeData() {
    var p = StreamParser()
    _ = p.parse(line: "cpu mem")
    _ = p.parse(line: "note: 3 columns follow")  // has a number: not a header, clears it
    _ = p.parse(line: "1 2")
    #expect(p.headerNames.isEmpty)
    var q = StreamParser()
    _ = q.parse(line: "cpu,mem")
    _ = q.parse(line: "10,20")
    #expect(q.name(ofSeries: 0) == "cpu" && q.name(ofSeries: 1) == "mem")
    // Extra columns later get numbers.
    _ = q.parse(line: "1,2,3")
    #expect(q.name(ofSeries: 2) == "3")
  }

  @Test func tooManyFieldsAreCappedAndCounted() {
    var p = StreamParser()
    let line = (0..<(StreamParser.maxSeries + 5)).map(String.init).joined(separator: " ")
    #expect(p.parse(line: line) == .data(StreamParser.maxSeries))
    #expect(p.seriesCount == StreamParser.maxSeries)
    #expect(p.droppedValues == 5)
    #expect(p.row.last == Double(StreamParser.maxSeries - 1))
  }
}
