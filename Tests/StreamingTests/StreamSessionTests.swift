import Testing

@testable import Streaming

@Suite struct StreamSessionTests {
  func session(_ text: String, window: Int = 100, smooth: Bool = false) -> StreamSession {
    var options = StreamOptions()
    options.window = window
    options.smooth = smooth
    var s = StreamSession(options: options)
    s.consume(text: text)
    s.endOfInput()
    return s
  }

  @Test func windowAfterNPlusKLines() {
    let text = (1...13).map { "\($0) \(-$0)" }.joined(separator: "\n")
    let s = session(text, window: 5)
    let f = s.frame()
    #expect(f.samples == 13)
    #expect(f.series[0].values == [9, 10, 11, 12, 13])
    #expect(f.series[1].values == [-9, -10, -11, -12, -13])
    #expect(f.series[0].firstSample == 8)
    #expect(f.xRange == ValueRange(lower: 8, upper: 12))
    #expect(f.series[0].curve.map(\.x) == [8, 9, 10, 11, 12])
    #expect(
      f.series[1].stats == SeriesStats(last: -13, min: -13, max: -9, mean: -11, finiteCount: 5))
  }

  @Test func legendNamesAndLateSeries() {
    let s = session("cpu mem\n10 20\n11 21\n12 22 5\n13\n")
    let f = s.frame()
    #expect(f.series.map(\.name) == ["cpu", "mem", "3"])
    #expect(f.series[2].firstSample == 2)
    #expect(zip(f.series[2].values, [5, .nan]).allSatisfy { same($0, $1) })
    #expect(f.series[2].curve == [StreamPoint(x: 2, y: 5)])
    #expect(zip(f.series[1].values, [20, 21, 22, .nan]).allSatisfy { same($0, $1) })
    #expect(f.junkLines == 1)
    #expect(f.valuesRead == 8)
    #expect(f.xRange == ValueRange(lower: 0, upper: 99))
  }

  @Test func nanGapsBreakThePolylineAndSkipStatistics() {
    let f = session("1\n2\nnan\n4\nNaN\n-6").frame()
    let curve = f.series[0].curve
    #expect(curve.count == 6)  // 4 samples and 2 breaks
    #expect(curve.filter { $0.y.isNaN }.count == 2)
    #expect(f.series[0].stats.min == -6 && f.series[0].stats.max == 4)
    #expect(close(f.series[0].stats.mean, 0.25))
    #expect(f.series[0].stats.finiteCount == 4)
  }

  @Test func junkLinesAreCountedNeverFatal() {
    let text = """
      procs -----------memory----------
       r  b   swpd
       1  0      0
      oops: something
       2  1      0
      """
    let f = session(text).frame()
    #expect(f.junkLines == 3)
    #expect(f.samples == 2)
    #expect(f.series.map(\.name) == ["r", "b", "swpd"])
    #expect(f.lastJunkLine == "oops: something")
  }

  @Test func yRangeFollowsDataOrFixedBounds() {
    let s = session("-10 5\n0 30\n")
    #expect(s.yRange == ValueRange(lower: -12, upper: 32))  // [-10, 30] padded by 5% of 40
    var options = StreamOptions()
    options.yMin = 0
    var fixed = StreamSession(options: options)
    fixed.consume(text: "-10 5\n0 30\n")
    #expect(fixed.yRange == ValueRange(lower: 0, upper: 31.5))
  }

  struct RangeCase: Sendable, CustomStringConvertible {
    let dataMin, dataMax, fixedMin, fixedMax: Double?
    let lower, upper: Double
    var description: String {
      "data [\(String(describing: dataMin)), \(String(describing: dataMax))] fixed [\(String(describing: fixedMin)), \(String(describing: fixedMax))]"
    }
  }

  @Test(arguments: [
    RangeCase(dataMin: nil, dataMax: nil, fixedMin: nil, fixedMax: nil, lower: 0, upper: 1),
    RangeCase(dataMin: 0, dataMax: 10, fixedMin: nil, fixedMax: nil, lower: -0.5, upper: 10.5),
    RangeCase(dataMin: 7, dataMax: 7, fixedMin: nil, fixedMax: nil, lower: 6.3, upper: 7.7),
    RangeCase(dataMin: 0, dataMax: 0, fixedMin: nil, fixedMax: nil, lower: -1, upper: 1),
    RangeCase(dataMin: -8, dataMax: -8, fixedMin: nil, fixedMax: nil, lower: -8.8, upper: -7.2),
    RangeCase(dataMin: 0, dataMax: 10, fixedMin: -10, fixedMax: 20, lower: -10, upper: 20),
    RangeCase(dataMin: 2, dataMax: 10, fixedMin: nil, fixedMax: 20, lower: 1.1, upper: 20),
    RangeCase(dataMin: -5, dataMax: -1, fixedMin: 0, fixedMax: nil, lower: 0, upper: 1),
    RangeCase(dataMin: 5, dataMax: 9, fixedMin: nil, fixedMax: 0, lower: -1, upper: 0),
    RangeCase(dataMin: nil, dataMax: nil, fixedMin: 50, fixedMax: nil, lower: 50, upper: 55),
    RangeCase(dataMin: nil, dataMax: nil, fixedMin: nil, fixedMax: -50, lower: -55, upper: -50),
    RangeCase(
      dataMin: -.greatestFiniteMagnitude, dataMax: .greatestFiniteMagnitude, fixedMin: nil,
      fixedMax: nil, lower: -.greatestFiniteMagnitude, upper: .greatestFiniteMagnitude),
  ])
  func yRangeCases(_ c: RangeCase) {
    let r = StreamSession.yRange(
      dataMin: c.dataMin, dataMax: c.dataMax, fixedMin: c.fixedMin, fixedMax: c.fixedMax)
    #expect(close(r.lower, c.lower, 1e-12) && close(r.upper, c.upper, 1e-12), "\(r)")
    #expect(r.lower < r.upper)
  }

  @Test func smoothFrameStaysInRangeAndHitsSamples() {
    let text = "0\n10\n-3\n8\n8\n2"
    let f = session(text, window: 6, smooth: true).frame(columns: 51)
    let curve = f.series[0].curve
    #expect(curve.count > 6)
    #expect(curve.allSatisfy { $0.y >= -3 && $0.y <= 10 })
    for (i, v) in [0.0, 10, -3, 8, 8, 2].enumerated() {
      #expect(curve.contains(StreamPoint(x: Double(i), y: v)))
    }
    // Without a width the frame gives the plain samples.
    #expect(session(text, smooth: true).frame().series[0].curve.count == 6)
  }

  @Test func benchmarkEntryCountsEverything() {
    let text = "procs\n" + (0..<1000).map { "\($0) 1 2" }.joined(separator: "\n")
    let bytes = Array(text.utf8)
    let totals = bytes.withUnsafeBytes { StreamSession.consume($0, window: 10) }
    #expect(totals.values == 3000)
    #expect(totals.dataLines == 1000)
    #expect(totals.junkLines == 1)
    #expect(totals.series == 3)
    // last finite values 999 + 1 + 2, means (990+...+999)/10 = 994.5, 1, 2
    let expected: Double = (999 + 1 + 2) + (994.5 + 1 + 2)
    #expect(totals.checksum == expected)
  }

  @Test func endOfInputDrawsOnceAndOnlyAfterChanges() {
    var s = StreamSession()
    s.consume(text: "1\n2")
    #expect(s.windows.first?.count == 1)  // "2" waits for its newline
    let first = s.endOfInput()
    #expect(first)
    #expect(s.windows.first?.values == [1, 2])
    let second = s.endOfInput()
    #expect(!second)
    #expect(s.frame().ended)
  }

  @Test(arguments: [Int.min, -1, 0, Int.max])
  func outOfRangeWindowsAreClamped(_ window: Int) {
    var options = StreamOptions()
    options.window = window
    var s = StreamSession(options: options)
    s.consume(text: "1\n2\n3\n")
    #expect(s.options.window >= 1 && s.options.window <= StreamOptions.maxWindow)
    let x = s.xRange
    #expect(x.lower < x.upper)
    #expect(s.windows[0].last == 3)
  }

  /// 1000 columns at `--window 10000000` grew by 130 MB/s until killed: the series kept are
  /// bounded by the window so that all windows hold at most `sampleBudget` samples, and the
  /// frame says columns were dropped.
  @Test func theWindowsMemoryIsBoundedWhateverTheColumns() {
    let line = (0..<1000).map(String.init).joined(separator: " ")
    let long = session(
      Array(repeating: line, count: 20).joined(separator: "\n"), window: 10_000_000)
    #expect(StreamParser.seriesLimit(window: 10_000_000) == 3)
    #expect(long.windows.count == 3)
    #expect(long.windows.count * long.options.window <= StreamParser.sampleBudget)
    #expect(long.frame().seriesLimit == 3)
    #expect(long.frame().series.map(\.name) == ["1", "2", "3"])
    let usual = session(Array(repeating: line, count: 20).joined(separator: "\n"))
    #expect(usual.windows.count == 1000)
    #expect(usual.frame().seriesLimit == nil)
    #expect(StreamParser.seriesLimit(window: StreamOptions.maxWindow) >= 1)
  }
}
