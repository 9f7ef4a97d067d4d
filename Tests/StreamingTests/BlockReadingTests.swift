import TestSupport
import Testing

@testable import Streaming

/// The block reader of rows (`StreamSession.consume(_:)`, `StreamParser.rows`) against the
/// line-by-line path it stands in for: the same windows, statistics and counters, bit for bit.
@Suite struct BlockReadingTests {
  /// A random stream: mostly rows of numbers, with every kind of line the general path
  /// reads differently mixed in.
  static func randomStream(seed: UInt64, lines: Int) -> [UInt8] {
    var rng = SplitMix64(seed: seed)
    func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &rng)] }
    func number() -> String {
      switch Int.random(in: 0..<24, using: &rng) {
      case 0: return pick(["nan", "NaN", "inf", "-inf", "+Infinity"])
      case 1: return String(Double.random(in: -1e6...1e6, using: &rng))  // maybe `e`
      case 2: return pick(["-0", "0", "+0.0", "-.0", "5.", ".5", "+7", "-", ".", "1.5.3"])
      case 3: return String(repeating: "9", count: Int.random(in: 18...24, using: &rng)) + ".5"
      case 4: return "0.000000000000000000000000001234"
      case 5: return "\(Int.random(in: 0...99, using: &rng))ms"
      case 6:
        return "\(Int.random(in: 1...9, using: &rng))e\(Int.random(in: -30...30, using: &rng))"
      case 7: return "12345678901234567.25"  // a mantissa past 2^53
      default:
        let whole = Int.random(in: -5000...5000, using: &rng)
        let places = Int.random(in: 0...8, using: &rng)
        if places == 0 { return String(whole) }
        var fraction = ""
        for _ in 0..<places { fraction += String(Int.random(in: 0...9, using: &rng)) }
        return "\(whole).\(fraction)"
      }
    }
    var text = Int.random(in: 0..<4, using: &rng) == 0 ? "\u{FEFF}" : ""
    let width = Int.random(in: 1...3, using: &rng)
    for _ in 0..<lines {
      switch Int.random(in: 0..<40, using: &rng) {
      case 0: text += "# a comment line"
      case 1: text += pick(["", "   ", "\t", "\r"])
      case 2: text += "cpu mem disk"
      case 3: text += "time=\(number()) ms"
      case 4: text += (0..<(width + 1)).map { _ in number() }.joined(separator: " ")
      case 5: text += number()
      case 6: text += ",\(number())" + pick(["", ",", ";", " ,"])
      case 7: text += "\(number()),,\(number())"
      default:
        var fields: [String] = []
        for _ in 0..<width { fields.append(number()) }
        let separator = pick([" ", "  ", "\t", ",", ", ", ";", " ; "])
        text +=
          pick(["", " ", "\t"]) + fields.joined(separator: separator) + pick(["", " ", "\t"])
      }
      text += pick(["\n", "\n", "\n", "\r\n"])
    }
    if Int.random(in: 0..<2, using: &rng) == 0 { text += number() }  // no final newline
    return Array(text.utf8)
  }

  /// The stream read line by line, as before the block reader: the splitter's lines, each
  /// through `consume(line:)`.
  static func lineByLine(_ bytes: [UInt8], options: StreamOptions) -> StreamSession {
    var session = StreamSession(options: options, clock: ZeroClock())
    var splitter = LineSplitter()
    bytes.withUnsafeBytes { splitter.feed($0) { session.consume(line: $0) } }
    splitter.finish { session.consume(line: $0) }
    return session
  }

  /// `a` and `b` hold the same series, samples, statistics and counters, bit for bit.
  static func expectSame(
    _ a: StreamSession, _ b: StreamSession, _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let fa = a.frame()
    let fb = b.frame()
    #expect(fa.samples == fb.samples, "\(what): samples", sourceLocation: sourceLocation)
    #expect(fa.valuesRead == fb.valuesRead, "\(what): values", sourceLocation: sourceLocation)
    #expect(fa.junkLines == fb.junkLines, "\(what): junk", sourceLocation: sourceLocation)
    #expect(fa.lastJunkLine == fb.lastJunkLine, "\(what)", sourceLocation: sourceLocation)
    #expect(a.parser.blankLines == b.parser.blankLines, "\(what)", sourceLocation: sourceLocation)
    #expect(fa.yRange == fb.yRange, "\(what): y range", sourceLocation: sourceLocation)
    #expect(fa.series.count == fb.series.count, "\(what): series", sourceLocation: sourceLocation)
    for (x, y) in zip(fa.series, fb.series) {
      #expect(x.name == y.name && x.unit == y.unit, "\(what)", sourceLocation: sourceLocation)
      #expect(x.firstSample == y.firstSample, "\(what)", sourceLocation: sourceLocation)
      #expect(
        x.values.map(\.bitPattern) == y.values.map(\.bitPattern), "\(what): \(x.name)'s values",
        sourceLocation: sourceLocation)
      #expect(
        x.stats.mean?.bitPattern == y.stats.mean?.bitPattern
          && x.stats.min?.bitPattern == y.stats.min?.bitPattern
          && x.stats.max?.bitPattern == y.stats.max?.bitPattern
          && x.stats.last?.bitPattern == y.stats.last?.bitPattern
          && x.stats.finiteCount == y.stats.finiteCount,
        "\(what): \(x.name)'s stats \(x.stats) vs \(y.stats)", sourceLocation: sourceLocation)
    }
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8], [1, 7, 64, 4096, 1 << 20])
  func blocksReadAsLinesDo(seed: Int, chunkSize: Int) {
    let seed = UInt64(0xB10C_0000 + seed)
    print("BlockReadingTests seed: \(seed) (chunks of \(chunkSize))")
    let bytes = Self.randomStream(seed: seed, lines: 3000)
    for window in [1, 5, 100, 10_000] {
      var options = StreamOptions()
      options.window = window
      let reference = Self.lineByLine(bytes, options: options)
      var blocks = StreamSession(options: options, clock: ZeroClock())
      for chunk in chunks(bytes, size: chunkSize) { chunk.withUnsafeBytes { blocks.consume($0) } }
      blocks.endOfInput()
      Self.expectSame(blocks, reference, "seed \(seed), chunks \(chunkSize), window \(window)")
    }
  }

  /// Rows of plain numbers only (the block reader's own case), wide and narrow.
  @Test(arguments: [1, 2, 3, 17, 1000])
  func plainRowsReadAsLinesDo(columns: Int) {
    var rng = SplitMix64(seed: 0x5EED_0001 + UInt64(columns))
    var text = ""
    for line in 0..<(20_000 / columns + 3) {
      text +=
        (0..<columns).map { _ in
          String(Double(Int.random(in: -99_999...99_999, using: &rng)) / 100)
        }.joined(separator: line % 2 == 0 ? " " : ",") + "\n"
    }
    let bytes = Array(text.utf8)
    var options = StreamOptions()
    options.window = 250
    let reference = Self.lineByLine(bytes, options: options)
    var blocks = StreamSession(options: options, clock: ZeroClock())
    bytes.withUnsafeBytes { blocks.consume($0) }
    blocks.endOfInput()
    Self.expectSame(blocks, reference, "\(columns) columns")
    #expect(blocks.parser.readsRows)
  }

  /// Through `pump` (the reader hands the session chunks, the last line has no newline).
  @Test func pumpedChunksReadAsLinesDo() {
    let bytes = Self.randomStream(seed: 0xB10C_1000, lines: 5000)
    let clock = FakeClock()
    let input = ScriptedInput(chunks: chunks(bytes, size: 999), clock: clock, secondsPerRead: 0.01)
    var reader = StreamReader(input: input)
    var session = StreamSession(options: StreamOptions(), clock: clock)
    loop: while true {
      switch session.pump(&reader, maxWait: nil) {
      case .frame, .idle: continue
      case .ended: break loop
      }
    }
    Self.expectSame(session, Self.lineByLine(bytes, options: StreamOptions()), "pumped")
  }

  /// A line of numbers longer than the splitter's limit is dropped and counted, in a block
  /// as line by line.
  @Test func anOverlongRowIsJunk() {
    let long = Array(repeating: "1", count: 600_000).joined(separator: " ")  // 1.2 MB
    let padded = String(repeating: " ", count: 1_100_000) + "7"  // one field, 1.1 MB
    let bytes = Array("1\n2\n\(long)\n\(padded)\n3\n".utf8)
    var blocks = StreamSession(options: StreamOptions(), clock: ZeroClock())
    bytes.withUnsafeBytes { blocks.consume($0) }
    blocks.endOfInput()
    #expect(blocks.junkLines == 2)  // the splitter's count: the line never reaches the parser
    #expect(blocks.frame().series[0].values == [1, 2, 3])
    #expect(blocks.sampleCount == 3 && blocks.parser.valuesRead == 3)
  }

  /// `plainNumber` gives what `DecimalNumber.parse` gives for the whole token, bit for bit,
  /// or leaves the token to it.
  @Test func plainNumbersAreDecimalNumbers() {
    var rng = SplitMix64(seed: 0xDEC1_0001)
    var read = 0
    for _ in 0..<200_000 {
      var token = ["", "-", "+"][Int.random(in: 0..<3, using: &rng)]
      for _ in 0..<Int.random(in: 0...12, using: &rng) {
        token += String(Int.random(in: 0...9, using: &rng))
      }
      if Int.random(in: 0..<3, using: &rng) != 0 {
        token += "."
        for _ in 0..<Int.random(in: 0...14, using: &rng) {
          token += String(Int.random(in: 0...9, using: &rng))
        }
      }
      let expected = NumberScanner.parse(token)  // `DecimalNumber.parse`
      var line = Array((token + "\n").utf8)
      let got = line.withUnsafeMutableBufferPointer { b in
        StreamParser.plainNumber(UnsafePointer(b.baseAddress!), from: 0)
      }
      if let (value, end) = got {
        read += 1
        #expect(end == token.utf8.count, "\(token)")
        #expect(
          value.bitPattern == expected?.bitPattern,
          "\(token): \(value) vs \(String(describing: expected))")
      }
    }
    #expect(read > 150_000)  // the common tokens take the scan, not the fallback
  }

  /// `push(contentsOf:stride:count:)` is `count` pushes.
  @Test(arguments: [1, 2, 3, 10, 100])
  func batchPushesArePushes(capacity: Int) {
    var rng = SplitMix64(seed: 0xBA7C_0000 + UInt64(capacity))
    var one = RollingWindow(capacity: capacity, firstSample: 3)
    var batched = RollingWindow(capacity: capacity, firstSample: 3)
    for _ in 0..<300 {
      let stride = Int.random(in: 1...3, using: &rng)
      let count = Int.random(in: 0...(3 * capacity + 2), using: &rng)
      let values = (0..<(count * stride)).map { _ in
        Int.random(in: 0..<10, using: &rng) == 0 ? .nan : Double.random(in: -10...10, using: &rng)
      }
      for j in 0..<count { one.push(values[j * stride]) }
      values.withUnsafeBufferPointer {
        batched.push(contentsOf: $0.baseAddress!, stride: stride, count: count)
      }
      #expect(batched.values.map(\.bitPattern) == one.values.map(\.bitPattern))
      #expect(batched.totalPushed == one.totalPushed)
      #expect(batched.firstStoredSample == one.firstStoredSample)
      #expect(batched.stats.finiteCount == one.stats.finiteCount)
      #expect(batched.stats.mean?.bitPattern == one.stats.mean?.bitPattern)
    }
  }

  /// The extremes keep the newest of equal values, as the sliding-window deque did.
  @Test func tiesKeepTheNewest() {
    var w = RollingWindow(capacity: 3)
    for v in [0.0, -0.0] { w.push(v) }
    #expect(w.min?.sign == .minus && w.max?.sign == .minus)
    w.push(0.0)
    #expect(w.min?.sign == .plus && w.max?.sign == .plus)
  }
}
