import Foundation
import TestSupport
import Testing

@testable import DataFiles

// MARK: File forms
/// Each form of data file (CSV, TSV, `.dat`, dates, separators) reads to the right columns.
@Suite struct FileFormTests {
  @Test func csvWithHeaderByIndexAndByName() throws {
    let path = fixture("seattle-weather-head.csv")
    #expect(
      try DataFile.header(path: path) == [
        "date", "precipitation", "temp_max", "temp_min", "wind", "weather",
      ])
    let byName = try DataFile.read(path: path, x: .name("date"), y: .name("temp_max"))
    let byIndex = try DataFile.read(path: path, x: .index(1), y: .index(3))
    #expect(byName == byIndex)
    #expect(byName.records == 14)
    #expect(byName.missing == 0)
    #expect(byName.xIsTime && !byName.yIsTime)
    #expect(byName.xName == "date" && byName.yName == "temp_max")
    #expect(Array(byName.y.prefix(3)) == [12.8, 10.6, 11.7])
    // 2012/01/01, 2012/01/02, ... one day apart
    #expect(Array(byName.x.prefix(3)) == [1_325_376_000, 1_325_462_400, 1_325_548_800])
    let kinds = try DataFile.columns(path: path).map(\.kind)
    #expect(kinds == [.time, .number, .number, .number, .number, .text])
  }

  @Test func csvWithoutHeader() throws {
    let path = fixture("noheader.csv")
    #expect(try DataFile.header(path: path) == ["1", "2"])
    let s = try DataFile.read(path: path, x: .index(1), y: .index(2))
    #expect(s.x == [1, 2, 3] && s.y == [10, 20, 30])
    #expect(s.xName == "1" && s.yName == "2")
  }

  @Test func quotedFieldsWithSeparatorsQuotesAndLineBreaks() throws {
    let path = fixture("quoted.csv")  // CRLF line ends, a quoted field across lines
    #expect(try DataFile.header(path: path) == ["name", "value", "note"])
    let s = try DataFile.read(path: path, x: nil, y: .name("value"))
    #expect(s.y == [1.5, 2.5, 3.5])
    #expect(s.x == [0, 1, 2])
    #expect(s.xName == "record")
    let table = try DataFile.readTable(path: path, columns: [.name("name"), .name("value")])
    #expect(table.labels == ["Smith, John", "plain", "multi\r\nline"])
    #expect(table.labelName == "name")
    let notes = try DataFile.readTable(path: path, columns: [.name("note"), .index(2)])
    #expect(notes.labels == ["said \"hi\"", "x", "a,b"])
  }

  @Test func semicolonFileWithGapsOfEveryKind() throws {
    let path = fixture("semicolon.csv")
    let s = try DataFile.read(path: path, x: .name("x"), y: .name("y"))
    #expect(s.x == [1, 2, 3, 4, 5, 6])
    #expect(sameValues(s.y, [2.5, .nan, .nan, .nan, .nan, 7.5]))  // NA, -, empty, ?
    #expect(s.missing == 4)
    #expect(s.records == 6)
  }

  @Test func tsvWithRaggedRows() throws {
    let path = fixture("ragged.tsv")
    #expect(try DataFile.header(path: path) == ["x", "y", "z", "4"])
    let y = try DataFile.read(path: path, x: .index(1), y: .name("y"))
    #expect(sameValues(y.y, [10, .nan, 30, 40]))  // the empty cell between two tabs
    let z = try DataFile.read(path: path, x: .index(1), y: .name("z"))
    #expect(sameValues(z.y, [100, 200, .nan, 400]))  // the short row
    #expect(z.missing == 1)
    let extra = try DataFile.read(path: path, x: .index(1), y: .index(4))
    #expect(sameValues(extra.y, [.nan, .nan, .nan, 9999]))
  }

  @Test func whitespaceDatWithComments() throws {
    let path = fixture("whitespace.dat")
    // The blank line between two records lifts the pen (gnuplot): a gap record there; the
    // blank line before the first record and the comment lines make none.
    let s = try DataFile.read(path: path, x: .index(1), y: .index(2))
    #expect(sameValues(s.x, [1, 2, .nan, 3, 4]))
    #expect(sameValues(s.y, [2.5, 3.5, .nan, 4.5, -100]))
    #expect(s.records == 4 && s.missing == 0)
    let e = try DataFile.read(path: path, x: .index(1), y: .index(3))
    #expect(sameValues(e.y, [0.1, 0.2, .nan, 0.3, 0.4]))
  }

  @Test func gnuplotTimedatDayFirstDatesAndEmptyCells() throws {
    let path = fixture("timedat.dat")
    let names = try DataFile.header(path: path)
    #expect(Array(names.prefix(6)) == ["Date", "Time", "Val1", "Val2", "Val3", "Val4"])
    #expect(names.count == 27)
    let s = try DataFile.read(path: path, x: .name("Date"), y: .name("Val1"))
    #expect(s.xIsTime)
    // 01/06/93, 17/08/93, 04/10/93, 11/10/93, 28/10/93 (day first)
    #expect(s.x == [738_892_800, 745_545_600, 749_692_800, 750_297_600, 751_766_400])
    #expect(s.y == [0.20, 0.20, 0.28, 0.53, 0.17])
    let gaps = try DataFile.read(path: path, x: .index(0), y: .index(7))
    #expect(sameValues(gaps.y, [.nan, .nan, 0, 0, .nan]))
    #expect(gaps.missing == 3)
  }

  @Test func financeMonthFirstDates() throws {
    let s = try DataFile.read(path: fixture("finance-head.dat"), x: .index(1), y: .index(2))
    #expect(s.xIsTime)
    #expect(s.x.first == 1_046_304_000)  // 2/27/2003
    #expect(s.x[2] == 1_046_649_600)  // 3/3/2003, not 3 March read as 3 March either way
    #expect(s.x[7] == 1_047_254_400)  // 3/10/2003: March 10th, not October 3rd
    #expect(Array(s.y.prefix(2)) == [77.9, 78.15])
  }

  @Test func monthNameDatesAndTextColumn() throws {
    let path = fixture("stocks-head.csv")
    let kinds = try DataFile.columns(path: path).map(\.kind)
    #expect(kinds == [.text, .time, .number])
    let s = try DataFile.read(path: path, x: .name("date"), y: .name("price"))
    #expect(s.x.first == 946_684_800)  // Jan 1 2000
    #expect(s.x[1] == 949_363_200)  // Feb 1 2000
    #expect(s.y.first == 39.81)
  }

  @Test func isoDatesWithTimesAndZones() throws {
    let s = try DataFile.read(path: fixture("iso.csv"), x: .name("when"), y: .name("value"))
    #expect(s.xIsTime)
    #expect(
      s.x == [
        1_325_376_000, 1_325_425_500, 1_325_425_500, 1_325_425_500, 1_325_421_900, 1_325_445_300,
      ])
  }

  @Test func unixSecondsWhenAsked() throws {
    try withTemporaryFile("t,v\n1325376000,1\n1325376060,2\n") { path in
      let plain = try DataFile.read(path: path, x: .name("t"), y: .name("v"))
      #expect(!plain.xIsTime)
      let options = DataFileOptions(unixTimeColumns: [.name("t")])
      let timed = try DataFile.read(path: path, x: .name("t"), y: .name("v"), options: options)
      #expect(timed.xIsTime)
      #expect(timed.x == [1_325_376_000, 1_325_376_060])
      #expect(try DataFile.columns(path: path, options: options).first?.kind == .time)
    }
  }

  @Test func timeColumnNeedsMostCellsToBeDates() throws {
    // Mostly numbers with one date: a number column (the date is a gap).
    try withTemporaryFile("a,b\n1,1\n2,2\n2012-01-01,3\n4,4\n") { path in
      let s = try DataFile.read(path: path, x: .name("a"), y: .name("b"))
      #expect(!s.xIsTime)
      #expect(sameValues(s.x, [1, 2, .nan, 4]))
      #expect(s.missing == 1)
    }
    // Mostly dates with a junk cell: a time column (the junk is a gap).
    try withTemporaryFile("a,b\n2012-01-01,1\n2012-01-02,2\noops,3\n2012-01-04,4\n") { path in
      let s = try DataFile.read(path: path, x: .name("a"), y: .name("b"))
      #expect(s.xIsTime)
      #expect(sameValues(s.x, [1_325_376_000, 1_325_462_400, .nan, 1_325_635_200]))
    }
  }

  @Test func givenSeparatorOverridesDetection() throws {
    try withTemporaryFile("1 2,5\n3 4,5\n") { path in
      let detected = try DataFile.read(path: path, x: nil, y: .index(2))
      #expect(detected.y == [5, 5])  // comma detected
      #expect(try DataFile.columns(path: path).map(\.kind) == [.text, .number])  // "1 2"
      let spaces = DataFileOptions(separator: UInt8(ascii: " "))
      #expect(try DataFile.header(path: path, options: spaces) == ["1", "2"])
      let forced = try DataFile.read(path: path, x: nil, y: .index(1), options: spaces)
      #expect(forced.y == [1, 3])
      let second = try DataFile.columns(path: path, options: spaces)[1]
      #expect(second.kind == .text)  // "2,5" is not a number
    }
  }

  @Test func penguinsWithNAAndBarLabels() throws {
    let path = fixture("penguins-head.csv")
    let s = try DataFile.read(path: path, x: .name("bill_length_mm"), y: .name("body_mass_g"))
    #expect(s.records == 9)
    #expect(s.missing == 2)  // the NA row, both cells
    #expect(s.y[3].isNaN && s.x[3].isNaN)
    let (names, columns, labels) = try DataFile.readColumns(
      path: path, columns: [.name("sex"), .name("flipper_length_mm")])
    #expect(names == ["flipper_length_mm"])
    #expect(columns[0].count == 9)
    #expect(labels?.prefix(4) == ["male", "female", "female", "NA"])
  }

  @Test func immigrationGroupedBarColumns() throws {
    let path = fixture("immigration-head.dat")
    let table = try DataFile.readTable(
      path: path, columns: [.name("Region"), .name("Italy"), .name("Czechoslovakia")])
    #expect(table.labels == ["1891-1900", "1901-1910", "1911-1920", "1921-1930", "1931-1940"])
    #expect(table.names == ["Italy", "Czechoslovakia"])
    #expect(table.columns[0] == [651_893, 2_045_877, 1_109_524, 455_315, 68_028])
    #expect(sameValues(table.columns[1], [.nan, .nan, 3426, 102_194, 14_393]))
    #expect(table.missing == 2)
    #expect(table.records == 5)
    let (_, _, noLabels) = try DataFile.readColumns(path: path, columns: [.name("Italy")])
    #expect(noLabels == nil)
  }

  @Test func onePointAndAConstantColumn() throws {
    try withTemporaryFile("x,y\n5,7\n") { path in
      let s = try DataFile.read(path: path, x: .index(1), y: .index(2))
      #expect(s.x == [5] && s.y == [7])
    }
    try withTemporaryFile("3\n3\n3\n") { path in
      let s = try DataFile.read(path: path, x: nil, y: .index(1))
      #expect(s.x == [0, 1, 2] && s.y == [3, 3, 3])
      let stats = try DataFile.stats(path: path, column: .index(1))
      #expect(stats.standardDeviation == 0 && stats.min == 3 && stats.max == 3)
    }
  }

  @Test func nonMonotonicXIsKept() throws {
    try withTemporaryFile("3 1\n1 2\n2 3\n") { path in
      let s = try DataFile.read(path: path, x: .index(1), y: .index(2))
      #expect(s.x == [3, 1, 2])
    }
  }

  @Test func defaultColumns() throws {
    let seattle = try DataFile.defaultUsing(path: fixture("seattle-weather-head.csv"))
    #expect(seattle.x == .index(1) && seattle.y == .index(2))
    let stocks = try DataFile.defaultUsing(path: fixture("stocks-head.csv"))
    #expect(stocks.x == .index(2) && stocks.y == .index(3))
    try withTemporaryFile("1\n2\n") { path in
      let single = try DataFile.defaultUsing(path: path)
      #expect(single.x == nil && single.y == .index(1))
    }
  }
}

// MARK: Stats
/// `stats` computes sample statistics stably.
@Suite struct StatsTests {
  @Test func statsAreWelfordSampleStatistics() throws {
    // 2 4 4 4 5 5 7 9: mean 5, sum of squared deviations 32, sample variance 32/7.
    try withTemporaryFile("v\n2\n4\nNA\n4\n4\n5\n5\n7\n9\n") { path in
      let s = try DataFile.stats(path: path, column: .name("v"))
      #expect(s.count == 8)
      #expect(s.missing == 1)
      #expect(s.min == 2 && s.max == 9)
      #expect(s.mean == 5)
      #expect(abs(s.standardDeviation - (32.0 / 7).squareRoot()) < 1e-15)
      #expect(s.summary.contains("v: 8 values, 1 missing"))
      #expect(s.summary.contains("std dev  2.138089935 (sample, n-1)"))
    }
  }

  @Test func statsAreStableForLargeOffsets() throws {
    // 1e9 + {4, 7, 13, 16}: the naive sum-of-squares formula loses every digit here.
    try withTemporaryFile("1000000004\n1000000007\n1000000013\n1000000016\n") { path in
      let s = try DataFile.stats(path: path, column: .index(1))
      #expect(s.mean == 1_000_000_010)
      #expect(abs(s.standardDeviation - (90.0 / 3).squareRoot()) < 1e-9)
    }
  }

  @Test func statsOfOneValueAndOfATimeColumn() throws {
    try withTemporaryFile("x\n42\n") { path in
      let s = try DataFile.stats(path: path, column: .index(1))
      #expect(s.count == 1 && s.mean == 42 && s.standardDeviation.isNaN)
      #expect(s.summary.contains("n/a"))
    }
    let t = try DataFile.stats(path: fixture("seattle-weather-head.csv"), column: .name("date"))
    #expect(t.isTime && t.count == 14)
    #expect(t.summary.contains("min      2012-01-01"))
    #expect(t.summary.contains("max      2012-01-14"))
  }
}

// MARK: Errors
/// A file that cannot be read as asked is an error naming the file, column or reason.
@Suite struct ReadingErrorTests {
  @Test func missingFileNamesThePathAndTheReason() {
    do {
      _ = try DataFile.read(path: "/nonexistent/dir/data.csv", x: nil, y: .index(1))
      Issue.record("no error")
    } catch {
      #expect(error.path == "/nonexistent/dir/data.csv")
      #expect(error.message == "No such file or directory")
      #expect(error.description == "/nonexistent/dir/data.csv: No such file or directory")
    }
  }

  @Test func directoryIsNotADataFile() throws {
    let dir = try TemporaryFolder(prefix: "graphcalc-datafiles")
    #expect(throws: DataFileError.self) { try DataFile.header(path: dir.path) }
  }

  @Test func unknownColumnListsNamesAndSuggests() {
    do {
      _ = try DataFile.read(path: fixture("seattle-weather-head.csv"), x: nil, y: .name("tmp_max"))
      Issue.record("no error")
    } catch {
      #expect(
        error.kind
          == .unknownColumn(
            "tmp_max", nearest: "temp_max",
            names: ["date", "precipitation", "temp_max", "temp_min", "wind", "weather"]))
      #expect(error.message.contains("no column named \"tmp_max\""))
      #expect(error.message.contains("did you mean \"temp_max\"?"))
      #expect(
        error.message.contains("Columns: date, precipitation, temp_max, temp_min, wind, weather"))
    }
  }

  @Test func columnNamesMatchIgnoringCase() throws {
    let s = try DataFile.read(path: fixture("seattle-weather-head.csv"), x: nil, y: .name("WIND"))
    #expect(s.yName == "wind")
  }

  @Test func columnIndexOutOfRange() {
    do {
      _ = try DataFile.read(path: fixture("noheader.csv"), x: .index(1), y: .index(3))
      Issue.record("no error")
    } catch {
      #expect(error.message == "column 3 is out of range: the file has 2 columns")
      #expect(error.column == 3)
    }
    #expect(throws: DataFileError.self) {
      try DataFile.read(path: fixture("noheader.csv"), x: .index(-1), y: .index(2))
    }
    #expect(throws: DataFileError.self) {
      try DataFile.read(path: fixture("noheader.csv"), x: .index(Int.max), y: .index(2))
    }
  }

  @Test func textColumnHasNoNumericData() {
    do {
      _ = try DataFile.read(path: fixture("seattle-weather-head.csv"), x: nil, y: .name("weather"))
      Issue.record("no error")
    } catch {
      #expect(error.message == "column \"weather\" holds text such as \"drizzle\", not numbers")
    }
  }

  @Test func emptyAndCommentOnlyFilesHaveNoData() throws {
    for text in ["", "# only a comment\n\n", "x,y\n"] {
      try withTemporaryFile(text) { path in
        #expect(throws: DataFileError.self) {
          _ = try DataFile.read(path: path, x: nil, y: .index(1))
        }
      }
    }
  }
}

// MARK: Robustness
/// Malformed bytes are cells or gaps, never a crash.
@Suite struct MalformedFileTests {
  @Test func binaryJunkNeverCrashes() throws {
    var rng = SplitMix64(seed: 7)
    for round in 0..<20 {
      let count = Int(rng.next() % 5000)
      var bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
      if round % 2 == 0 { bytes += Array("\n1,2\n\"\0\",\u{FF}\n".utf8) + [0xC3, 0x28, 0x0A] }
      try withTemporaryFile(bytes) { path in
        // Any answer or a DataFileError is fine; a trap is not.
        _ = try? DataFile.columns(path: path)
        _ = try? DataFile.read(path: path, x: .index(1), y: .index(2))
        _ = try? DataFile.stats(path: path, column: .index(1))
        _ = try? DataFile.readTable(path: path, columns: [.index(1), .index(2)])
      }
    }
  }

  @Test func nulBytesAndInvalidUTF8AreJustCells() throws {
    let bytes: [UInt8] = Array("name,v\n".utf8) + [0x00, 0xFF, 0xFE] + Array(",1\nok,2\n".utf8)
    try withTemporaryFile(bytes) { path in
      let table = try DataFile.readTable(path: path, columns: [.index(1), .index(2)])
      #expect(table.columns == [[1, 2]])
      #expect(table.labels?.last == "ok")
      #expect(table.labels?.first?.unicodeScalars.first == "\0")
    }
  }

  @Test func hugeNumbersAreGapsNotTraps() throws {
    try withTemporaryFile("1e400,1\n-1e999999999999,2\n123456789012345678901234567890,3\n") {
      path in
      let s = try DataFile.read(path: path, x: .index(1), y: .index(2))
      #expect(sameValues(s.x, [.nan, .nan, 1.2345678901234568e29]))
      #expect(s.missing == 2)
    }
  }

  @Test func overlongLineIsCutWithoutLosingTheRest() throws {
    // One 17 MiB line (beyond the 16 MiB record cap) between ordinary records.
    var bytes = Array("1,1\n".utf8)
    bytes += [UInt8](repeating: UInt8(ascii: "7"), count: RecordReader.maxRecordBytes + (1 << 20))
    bytes += Array(",9\n2,2\n3,3\n".utf8)
    try withTemporaryFile(bytes) { path in
      let s = try DataFile.read(path: path, x: .index(1), y: .index(2))
      #expect(s.records == 4)
      #expect(sameValues(s.x, [1, .nan, 2, 3]))
      #expect(sameValues(s.y, [1, .nan, 2, 3]))
    }
  }

  @Test func unterminatedQuoteRunsToTheEnd() throws {
    try withTemporaryFile("a,b\n1,2\n\"3,4\n5,6\n") { path in
      let s = try DataFile.read(path: path, x: .index(1), y: .index(2))
      #expect(s.records == 2)
      #expect(s.x.first == 1)
    }
  }

  @Test func byteOrderMarkIsSkipped() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("date,v\n2012-01-01,1\n".utf8)
    let names = try withTemporaryFile(bytes) { path in try DataFile.header(path: path) }
    #expect(names == ["date", "v"])
  }
}

// MARK: Size
/// Large files read whole, with the right counts and sums.
@Suite struct LargeFileTests {
  @Test func generated200kRowsParseWithTheRightCountAndSum() throws {
    let dir = try TemporaryFolder(prefix: "graphcalc-datafiles")
    let url = dir.url.appendingPathComponent("big.csv")
    var text = "i,half,v\n"
    text.reserveCapacity(6_000_000)
    var expectedSum = 0.0
    for i in 0..<200_000 {
      let v = Double(i % 1000) * 0.25 - 100
      expectedSum += v
      text += "\(i),\(Double(i) / 2),\(i % 97 == 0 ? "NA" : String(v))\n"
    }
    try text.write(to: url, atomically: false, encoding: .utf8)
    var missingSum = 0.0
    for i in stride(from: 0, to: 200_000, by: 97) { missingSum += Double(i % 1000) * 0.25 - 100 }
    let s = try DataFile.read(path: url.path, x: .name("i"), y: .name("v"))
    #expect(s.records == 200_000)
    #expect(s.missing == (200_000 + 96) / 97)
    #expect(s.y.filter { !$0.isNaN }.reduce(0, +) == expectedSum - missingSum)
    #expect(s.x.last == 199_999)
    let half = try DataFile.stats(path: url.path, column: .name("half"))
    #expect(half.count == 200_000 && half.max == 99_999.5)
    var seen = 0
    let records = try DataFile.forEachRecord(path: url.path, columns: [.index(1)]) { values in
      if values[0] == Double(seen) { seen += 1 }
    }
    #expect(records == 200_000 && seen == 200_000)
  }
}

/// Decimal commas (`1,5`), as European files write them (tracker issue 16): detected where
/// the separator is `;` or a tab, or given (`DataFileOptions.decimalComma`).
@Suite struct DecimalCommaTests {
  @Test func semicolonAndTabFilesWithDecimalCommasAreNumbers() throws {
    try withTemporaryFile("x;y\n1;1,5\n2;2,25\n3;-0,5\n4;1e1\n5;\n") { path in
      let series = try DataFile.read(path: path, x: .index(1), y: .index(2))
      #expect(sameValues(series.y, [1.5, 2.25, -0.5, 10, .nan]))
      #expect(try DataFile.columns(path: path).map(\.kind) == [.number, .number])
    }
    try withTemporaryFile("x\ty\n1\t1,5\n2\t2,75\n", name: "data.tsv") { path in
      let series = try DataFile.read(path: path, x: .index(1), y: .index(2))
      #expect(sameValues(series.y, [1.5, 2.75]))
    }
  }

  @Test func pointsOrCommaSeparatorsKeepCommasAsText() throws {
    // A point anywhere in the sample: commas are not decimal signs (1,5 is not a number).
    try withTemporaryFile("x;y\n1;1.5\n2;2,5\n") { path in
      let series = try DataFile.read(path: path, x: .index(1), y: .index(2))
      #expect(sameValues(series.y, [1.5, .nan]))
    }
    // A comma-separated file: the comma separates.
    try withTemporaryFile("x,y\n1,5\n2,6\n") { path in
      let series = try DataFile.read(path: path, x: .index(1), y: .index(2))
      #expect(sameValues(series.y, [5, 6]))
    }
    // Told so, a whitespace file reads commas too; told not to, a semicolon file does not.
    var comma = DataFileOptions(separator: 0x20)
    comma.decimalComma = true
    try withTemporaryFile("1 0,5\n2 1,25\n", name: "data.dat") { path in
      let series = try DataFile.read(path: path, x: .index(1), y: .index(2), options: comma)
      #expect(sameValues(series.y, [0.5, 1.25]))
    }
    var point = DataFileOptions()
    point.decimalComma = false
    try withTemporaryFile("x;y\n1;1,5\n2;2\n") { path in
      let series = try DataFile.read(path: path, x: .index(1), y: .index(2), options: point)
      #expect(sameValues(series.y, [.nan, 2]))
    }
  }
}

/// Tabs and spaces mixed in a whitespace file, as gnuplot's demo lcdemo.dat has them
/// (`39.471<TAB>1.03307     1.0 <TAB>0.98765     0.010`): split at every run of blanks, as
/// gnuplot splits, not at the tabs (which made 3 columns of text of its 5 numbers).
@Suite struct MixedBlanksTests {
  @Test func tabsAndSpacesMixedSplitAtEveryBlankRun() throws {
    let text =
      "# T\tdensity\n39.471\t1.03307     1.0 \t0.98765     0.010\n"
      + "40.091\t1.03246     1.0 \t0.98765     0.010\n40.602\t1.03197     1.0 \t0.98765     0.010\n"
    try withTemporaryFile(text, name: "lc.dat") { path in
      #expect(try DataFile.columns(path: path).count == 5)
      let series = try DataFile.read(path: path, x: .index(1), y: .index(5))
      #expect(sameValues(series.y, [0.01, 0.01, 0.01]))
    }
    // A tab file whose text cells have blanks inside stays a tab file.
    try withTemporaryFile("city\tn\nNew York\t5\nLos Angeles\t7\n", name: "c.tsv") { path in
      let columns = try DataFile.columns(path: path)
      #expect(columns.count == 2)
    }
  }
}
