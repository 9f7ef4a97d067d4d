import TestSupport
import Testing

@testable import DataFiles

/// `DataFile.statsPass` cut in pieces of a few bytes against the same pass made serially,
/// on the parallel reader's tricky files (quoted line feeds, CR and CRLF, runs of blank
/// lines, comments, empty, `NA` and text cells, the missing-value text): the variables'
/// values bit for bit, the summaries, and gnuplot's counts of blank lines and data sets
/// (which the scan counts beside the values).
@Suite struct StatsPassTests {
  @Test(arguments: ParallelReadingTests.files, ParallelReadingTests.pieceSizes)
  func piecesGiveTheSerialPass(file: ParallelReadingTests.TrickyFile, piece: Int) throws {
    try withTemporaryFile(file.bytes) { path in
      for variables in [[ColumnRef.index(1), .index(2)], [.index(2)], [.index(2), .index(1)]] {
        let summary: [ColumnRef] = [.index(1), .index(2)]
        let serial = try #require(
          try DataFile.statsPass(
            path: path, variables: variables, summary: summary, options: file.options,
            chunkBytes: Int.max / 4))
        let cut = try #require(
          try DataFile.statsPass(
            path: path, variables: variables, summary: summary, options: file.options,
            chunkBytes: piece))
        #expect(
          cut.values.map { $0.map(\.bitPattern) } == serial.values.map { $0.map(\.bitPattern) })
        #expect(cut.records == serial.records)
        #expect(cut.blankLines == serial.blankLines)
        #expect(cut.dataSets == serial.dataSets)
        #expect(cut.fileColumns == serial.fileColumns)
        #expect(try cut.summaries.get() == serial.summaries.get())
        // The summary is the one `stats(path:columns:)` makes.
        let each = try DataFile.stats(path: path, columns: summary, options: file.options)
        #expect(try cut.summaries.get() == each)
        #expect(serial.records > 50)
      }
    }
  }

  /// The blank lines and data sets as gnuplot 5.4 counts them for `STATS_blank` and
  /// `STATS_blocks` (its `stats` of this file prints 6 4 2 for records, blank, blocks), in
  /// pieces and not.
  @Test(arguments: [1, 3, 7, Int.max / 4])
  func blankLinesAndDataSets(piece: Int) throws {
    let text = "1 2\n3 4\n\n5 6\n\n\n7 8\n\n9 10\n11 12\n"
    try withTemporaryFile(text, name: "blocks.dat") { path in
      let pass = try #require(
        try DataFile.statsPass(
          path: path, variables: [.index(1), .index(2)], summary: [.index(1)],
          options: DataFileOptions(), chunkBytes: piece))
      #expect(pass.records == 6)
      #expect(pass.blankLines == 4)
      #expect(pass.dataSets == 2)
      #expect(pass.values == [[1, 3, 5, 7, 9, 11], [2, 4, 6, 8, 10, 12]])
    }
  }

  /// The record number (`0`) is not read so: nil, nothing read.
  @Test func theRecordNumberIsLeftToTheGeneralPath() throws {
    try withTemporaryFile("1,2\n3,4\n") { path in
      let pass = try DataFile.statsPass(
        path: path, variables: [.index(0), .index(2)], summary: [])
      #expect(pass == nil)
    }
  }
}
