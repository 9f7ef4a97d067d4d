import Foundation
import TestSupport
import Testing

@testable import Streaming

/// The fixtures (`Fixtures/`): `vmstat 1 5` as captured on this machine, `ping -c 5
/// 127.0.0.1` in iputils' format (written by hand: no ping here), and two logs.
private func fixture(_ name: String) throws -> String {
  let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/\(name)")
  return try String(contentsOf: url, encoding: .utf8)
}

/// A session that read all of `text`, with `arguments` as `stream`'s flags.
private func session(_ text: String, _ arguments: [String] = []) throws -> StreamSession {
  var s = StreamSession(options: try StreamOptions.parse(arguments), clock: ZeroClock())
  s.consume(text: text)
  s.endOfInput()
  return s
}

/// The frame's series as (name, unit, values).
private func series(_ s: StreamSession) -> [(String, String?, [Double])] {
  s.frame().series.map { ($0.name, $0.unit, $0.values) }
}

@Suite struct ColumnChoiceTests {
  @Test func vmstatColumnsByNameInTheirOrder() throws {
    let s = try session(try fixture("vmstat-1-5.txt"), ["--columns", "free,us"])
    let got = series(s)
    #expect(got.map(\.0) == ["free", "us"])
    #expect(got[0].2 == [22_490_880, 22_490_880, 22_490_880, 22_490_880, 22_490_880])
    #expect(got[1].2 == [55, 90, 87, 73, 54])
    #expect(s.junkLines == 2)
  }

  @Test func vmstatColumnsByNumberAndExclude() throws {
    let byNumber = try session(try fixture("vmstat-1-5.txt"), ["--columns", "13,4"])
    #expect(series(byNumber).map(\.0) == ["us", "free"])
    #expect(series(byNumber)[0].2 == [55, 90, 87, 73, 54])
    let excluded = try session(try fixture("vmstat-1-5.txt"), ["--exclude", "free,cache,4"])
    let names = series(excluded).map(\.0)
    #expect(
      names == [
        "r", "b", "swpd", "buff", "si", "so", "bi", "bo", "in", "cs", "us", "sy", "id", "wa", "st",
      ])
  }

  @Test func aColumnTheDataLackIsAProblemWithASuggestion() throws {
    let s = try session(try fixture("vmstat-1-5.txt"), ["--columns", "us,fre"])
    let problem = try #require(s.parser.columnProblem)
    #expect(problem.selector == .name("fre"))
    #expect(problem.flag == "--columns")
    #expect(
      problem.description
        == "--columns: no column 'fre' (the columns are r, b, swpd, free, buff, cache, si, so, "
        + "bi, bo, in, cs, us, sy, id, wa, st); did you mean 'free'?")
    let far = try session("1 2 3\n", ["--exclude", "7"])
    #expect(
      far.parser.columnProblem?.description == "--exclude: no column 7 (the lines have 3 columns)")
  }

  @Test(arguments: ["", "0", "1,,2", ",", "free,"])
  func aBadListIsAnOptionsError(_ value: String) {
    #expect(throws: StreamOptionsError.invalidColumns(flag: "--columns", value: value)) {
      _ = try StreamOptions.parse(["--columns", value])
    }
  }
}

@Suite struct LogLineTests {
  @Test func pingsPairsNameTheirSeriesWithUnits() throws {
    let s = try session(try fixture("ping-c5-127.0.0.1.txt"))
    let got = series(s)
    #expect(got.map(\.0) == ["icmp_seq", "ttl", "time"])
    #expect(got.map(\.1) == [nil, nil, "ms"])
    #expect(got[0].2 == [1, 2, 3, 4, 5])
    #expect(got[1].2 == [64, 64, 64, 64, 64])
    #expect(got[2].2 == [0.045, 0.061, 0.052, 0.038, 0.070])
    // PING header, the blank-free statistics lines: skipped, never series.
    #expect(s.junkLines == 4)
    #expect(s.sampleCount == 5)
    #expect(s.times == nil)
    let time = try session(try fixture("ping-c5-127.0.0.1.txt"), ["--columns", "time"])
    #expect(series(time).map(\.0) == ["time"])
  }

  @Test func aTimestampedLogHasATimeAxisAndGapsWhereTimeJumps() throws {
    let s = try session(try fixture("app-log.txt"))
    let got = series(s)
    #expect(got.map(\.0) == ["load", "mem"])
    #expect(got.map(\.1) == [nil, "MB"])
    #expect(got[0].2 == [0.42, 0.40, 0.55, 0.61, 0.33, 0.35])
    #expect(got[1].2 == [512, 515, 530, 528, 500, 502])
    #expect(s.junkLines == 1)  // the warning
    let noon = Double(20_788 * 86400 + 12 * 3600)  // 2026-12-01 12:00 (python: calendar.timegm)
    #expect(s.times?.values == [1, 2, 3, 5, 20, 21].map { noon + $0 })
    let frame = s.frame()
    #expect(frame.timeAxis)
    #expect(frame.xRange == ValueRange(lower: noon + 1, upper: noon + 21))
    // 12:00:05 -> 12:00:20 is more than three median steps (1 s): the line breaks there.
    let load = frame.series[0].curve
    #expect(load.count == 7)
    #expect(load[4] == .gap || (load[4].x.isNaN && load[4].y.isNaN))
    #expect(load[3] == StreamPoint(x: noon + 5, y: 0.61))
    #expect(load[5] == StreamPoint(x: noon + 20, y: 0.33))
  }

  @Test func syslogLinesKeyColonValue() throws {
    let s = try session(try fixture("syslog.txt"))
    let got = series(s)
    #expect(got.map(\.0) == ["latency"])
    #expect(got.map(\.1) == ["ms"])
    #expect(got[0].2 == [12.3, 15.1, 9.8, 11.0])
    #expect(s.junkLines == 1)
    let t = try #require(s.times?.values)
    #expect(t.map { $0.truncatingRemainder(dividingBy: 86400) } == [43201, 43202, 43203, 43205])
  }

  @Test(arguments: [
    ("2026-12-01T12:00:01Z 5", 1_796_126_401.0),
    ("2026-12-01T12:00:01.250+01:00 5", 1_796_126_401.25),
    ("[2026-12-01 12:00:01] 5", 1_796_126_401.0),
    ("1796126401 5", 1_796_126_401.0),
    ("1796126401.5 5", 1_796_126_401.5),
    ("12:00:01 5", 43201.0),
    ("9:05:00.5 5", 32700.5),
  ])
  func leadingTimestamps(_ line: String, _ seconds: Double) {
    var p = StreamParser()
    #expect(p.parse(line: line) == .data(1))
    #expect(p.time == seconds)
    #expect(p.row == [5])
    #expect(p.timed)
  }

  @Test func numbersThatAreNotTimestamps() {
    var p = StreamParser()
    #expect(p.parse(line: "1796126401") == .data(1))  // a bare 10-digit number is data
    #expect(p.time == nil)
    #expect(p.parse(line: "12:30 5") == .junk)  // no seconds: not a time
    #expect(p.parse(line: "2026-13-01 5") == .junk)
  }

  @Test func onlyAStreamWhoseFirstDataLineHasATimeIsTimed() {
    var plain = StreamParser()
    #expect(plain.parse(line: "1 2") == .data(2))
    #expect(plain.parse(line: "12:00:01 3 4") == .junk)  // not looked for once untimed
    #expect(!plain.timed)
    var timed = StreamParser()
    #expect(timed.parse(line: "12:00:01 3 4") == .data(2))
    #expect(timed.parse(line: "5 6") == .data(2))  // takes the time before it (the session)
    #expect(timed.time == nil)
    #expect(timed.timed)
    #expect(timed.row == [5, 6])
  }

  @Test func unitSuffixes() {
    var p = StreamParser()
    #expect(p.parse(line: "12.3ms 45% 1.2G -3e2") == .data(4))
    #expect(p.row == [12.3, 45, 1.2, -300])
    #expect((0..<4).map { p.unit(ofSeries: $0) } == ["ms", "%", "G", nil])
  }

  @Test func aTimeOfDayPastMidnightAddsADay() {
    var p = StreamParser()
    _ = p.parse(line: "23:59:59 1")
    #expect(p.time == 86399)
    _ = p.parse(line: "00:00:01 2")
    #expect(p.time == 86401)
  }

  @Test func matchPicksTheNumberFromFreeText() throws {
    let text =
      "12:00:01 host: cpu 3.5% idle\n12:00:02 host: nothing\n12:00:03 host: cpu 4.25% idle\n"
    let group = try session(text, ["--match", "cpu ([0-9.]+%)"])
    #expect(series(group).map(\.0) == ["match"])
    #expect(series(group)[0].2 == [3.5, 4.25])
    #expect(series(group)[0].1 == "%")
    #expect(group.junkLines == 1)
    let whole = try session(text, ["--match", "cpu [0-9.]+"])
    #expect(series(whole)[0].2 == [3.5, 4.25])
    #expect(throws: StreamOptionsError.self) { _ = try StreamOptions.parse(["--match", "cpu ("]) }
  }

  @Test func normalizeScalesEachSeriesToItsOwnRange() throws {
    let s = try session("1 1000\n3 3000\n2 2000\n", ["--normalize"])
    let frame = s.frame()
    #expect(frame.normalized)
    #expect(frame.series[0].curve.map(\.y) == [0, 1, 0.5])
    #expect(frame.series[1].curve.map(\.y) == [0, 1, 0.5])
    #expect(frame.series[1].stats.max == 3000)  // the legend keeps real values
    #expect(frame.yRange == ValueRange(lower: -0.05, upper: 1.05))
  }
}

/// Mutated log lines (seeded): every option set reads them without a trap, and every data
/// line's row has one entry a series.
@Suite struct LogLineRobustnessTests {
  @Test(arguments: 0..<5)
  func mutatedLogsAreReadWithoutATrap(_ variant: Int) throws {
    var options = StreamOptions()
    options.window = 16
    switch variant {
    case 1: options.columns = [.position(2), .name("time"), .name("free")]
    case 2: options.excluded = [.position(1), .name("ttl")]
    case 3: options.match = "([0-9.]+) ?(ms|%)"
    case 4:
      options.normalize = true
      options.smooth = true
    default: break
    }
    let seed = UInt64(0x5EED_0000 + variant)
    var random = SplitMix64(seed: seed)
    let sources = try ["vmstat-1-5.txt", "ping-c5-127.0.0.1.txt", "app-log.txt", "syslog.txt"]
      .map { Array(try fixture($0).utf8) }
    let alphabet = Array("0123456789:-=.,; T[]%msGZ+e\tDecab\n".utf8) + [0, 0xC2, 0xB5, 0xFF]
    var parser = StreamParser(options: options)
    var session = StreamSession(options: options, clock: ZeroClock())
    for _ in 0..<400 {
      var bytes = sources[Int(random.next() % 4)]
      for _ in 0..<Int(random.next() % 12) {
        let at = Int(random.next() % UInt64(bytes.count))
        switch random.next() % 3 {
        case 0: bytes[at] = alphabet[Int(random.next() % UInt64(alphabet.count))]
        case 1: bytes.remove(at: at)
        default: bytes.insert(alphabet[Int(random.next() % UInt64(alphabet.count))], at: at)
        }
      }
      bytes.withUnsafeBytes { session.consume($0) }
      for line in bytes.split(separator: UInt8(ascii: "\n")) {
        let kind = Array(line).withUnsafeBufferPointer { parser.parse(line: $0) }
        if case .data = kind {
          #expect(parser.row.count == parser.seriesCount, "seed \(seed)")
        }
      }
    }
    session.endOfInput()
    let frame = session.frame(columns: 40)
    #expect(frame.series.count == session.windows.count, "seed \(seed)")
  }
}
