/// A live stream: parser, one rolling window per series, and a frame throttle, with the data a
/// renderer needs for each frame.
///
/// Typical loop in the app (`render` draws a `StreamFrame`; keys are read between pumps):
///
///     var session = StreamSession(options: options)
///     var reader = StreamReader(input: FileDescriptorInput.standardInput)
///     loop: while true {
///       switch session.pump(&reader, maxWait: 0.1) {
///       case .frame: render(session.frame(columns: width))
///       case .idle: if userPressedQ() { break loop }
///       case .ended(let drawFinal):
///         if drawFinal { render(session.frame(columns: width)) }
///         break loop
///       }
///     }
///
/// Sample index (plot x) `k` is the `k`-th data line (0-based); every series gets one sample
/// per data line (NaN where the line was short). Junk lines and blank lines take no x.
///
/// **Time.** When the first data line starts with a timestamp, x is time instead: each
/// sample's time in seconds (`StreamParser.time`; a later line without one takes the time
/// before it), the x range spans the window's times, and a series' line breaks where time
/// jumps: more than three times the median step between the window's samples, or backwards.
public struct StreamSession: Sendable {
  /// The settings (window size, fixed y bounds, smoothing, frame rate), with `window`
  /// clamped to 1 ... `StreamOptions.maxWindow`.
  public let options: StreamOptions
  /// The line parser, with its counters (`junkLines`, `valuesRead`, ...).
  public private(set) var parser: StreamParser
  /// One window per series, in column order.
  public private(set) var windows: [RollingWindow] = []
  /// The samples' times (seconds) when the stream is timed (`parser.timed`), else nil.
  public private(set) var times: RollingWindow?
  /// When to redraw.
  public private(set) var throttle: FrameThrottle
  /// Whether the input has ended.
  public private(set) var ended = false
  /// The `errno` of a failed read, if the input ended that way.
  public private(set) var readError: Int32?
  /// Splits bytes given to `consume(_:)`.
  private var splitter = LineSplitter()
  /// Overlong lines dropped by the reader last used with `pump`.
  private var readerOverlongLines = 0
  private let clock: any StreamClock

  /// A session that has read nothing.
  /// - Parameters:
  ///   - options: the settings; `StreamOptions()` gives the defaults.
  ///   - clock: the time source for the throttle (a fake one in tests).
  public init(options: StreamOptions = StreamOptions(), clock: any StreamClock = MonotonicClock()) {
    var options = options
    options.window = Swift.min(Swift.max(options.window, 1), StreamOptions.maxWindow)
    self.options = options
    self.clock = clock
    parser = StreamParser(options: options)
    throttle = FrameThrottle(framesPerSecond: options.framesPerSecond)
  }

  /// Data lines read so far: also the x (sample index) the next sample will get.
  public var sampleCount: Int { parser.dataLines }

  /// Lines skipped as junk: not numbers, or longer than the line limit.
  public var junkLines: Int {
    parser.junkLines + splitter.overlongLines + readerOverlongLines
  }

  /// Reads one line (without its `\n`) into the windows.
  /// - Parameter line: the line's UTF-8 bytes.
  public mutating func consume(line: UnsafeBufferPointer<UInt8>) {
    switch parser.parse(line: line) {
    case .data:
      let n = parser.seriesCount
      while windows.count < n {
        // A series that appears late starts at this line's x.
        windows.append(RollingWindow(capacity: options.window, firstSample: parser.dataLines - 1))
      }
      let row = parser.row
      for k in 0..<n { windows[k].push(row[k]) }
      if parser.timed {
        if times == nil { times = RollingWindow(capacity: options.window) }
        let t = parser.time ?? times?.last ?? 0
        times?.push(t)
      }
      throttle.noteInput()
    case .junk:
      throttle.noteInput()  // the junk count on screen changed
    case .blank:
      break
    }
  }

  /// Reads one line given as a `String` (for tests and the REPL).
  /// - Parameter line: one line, without its newline.
  public mutating func consume(line: String) {
    var copy = line
    copy.withUTF8 { consume(line: $0) }
  }

  /// Reads a chunk of the stream; a line cut at the chunk's end waits for the next chunk.
  ///
  /// The chunk's whole lines are read a block at a time where they are rows of plain
  /// numbers (`StreamParser.rows`: no splitting into lines first, no call per line, each
  /// block of rows pushed into the windows at once), and one at a time through
  /// `consume(line:)` otherwise; a line begun in an earlier chunk, and the part of this one
  /// after its last line feed, go through the line splitter. The windows, counters and frames
  /// are the same as line by line.
  /// - Parameter bytes: the next bytes of the stream, cut anywhere.
  public mutating func consume(_ bytes: UnsafeRawBufferPointer) {
    guard let raw = bytes.baseAddress, bytes.count > 0 else { return }
    let p = raw.assumingMemoryBound(to: UInt8.self)
    let n = bytes.count
    var start = 0
    if splitter.hasPartialLine {
      // The line begun in an earlier chunk ends at this chunk's first line feed.
      guard let feed = memchrByte(p, 0x0A, n) else {
        feedSplitter(bytes)
        return
      }
      start = feed - p + 1
      feedSplitter(UnsafeRawBufferPointer(start: raw, count: start))
    }
    var end = n  // after the chunk's last line feed
    while end > start && p[end - 1] != 0x0A { end -= 1 }
    if end > start { consumeLines(p + start, end - start) }
    if end < n { feedSplitter(UnsafeRawBufferPointer(start: raw + end, count: n - end)) }
  }

  /// The most values a block of rows holds (`readRows`): 32 KiB on the stack.
  static let rowBlock = 4096

  /// Reads the whole lines at `p` (`count` bytes, the last one a line feed): blocks of rows
  /// while the parser `readsRows`, each other line through `consume(line:)`.
  private mutating func consumeLines(_ p: UnsafePointer<UInt8>, _ count: Int) {
    var i = 0
    while i < count {
      if parser.readsRows {
        let (consumed, full) = readRows(p + i, count - i)
        i += consumed
        if full || i >= count { continue }
      }
      // A line the block reader does not take: the general path, as the splitter hands it on.
      guard let feed = memchrByte(p + i, 0x0A, count - i) else { return }
      let lineEnd = feed - p
      if let line = splitter.wholeLine(UnsafeBufferPointer(start: p + i, count: lineEnd - i)) {
        consume(line: line)
      }
      i = lineEnd + 1
    }
  }

  /// One block of rows from `p` (see `StreamParser.rows`) pushed into the windows.
  /// - Returns: the bytes read, and whether the block was full (the next line may be a row
  ///   too) rather than stopped at a line that is not one.
  private mutating func readRows(_ p: UnsafePointer<UInt8>, _ count: Int) -> (Int, Bool) {
    let n = parser.seriesCount
    let room = Swift.max(1, Self.rowBlock / n)
    let maxLineLength = splitter.maxLineLength
    return withUnsafeTemporaryAllocation(of: Double.self, capacity: room * n) { block in
      guard let out = block.baseAddress else { return (0, false) }
      let (consumed, rows) = parser.rows(
        p, count, into: out, room: room, maxLineLength: maxLineLength)
      if rows > 0 {
        // Every series has its window once a line of numbers has been read (`consume(line:)`).
        for k in 0..<Swift.min(n, windows.count) {
          windows[k].push(contentsOf: out + k, stride: n, count: rows)
        }
        throttle.noteInput()
      }
      return (consumed, rows == room)
    }
  }

  /// Feeds `bytes` to the line splitter, each line it completes to `consume(line:)`.
  private mutating func feedSplitter(_ bytes: UnsafeRawBufferPointer) {
    var s = LineSplitter()
    swap(&s, &splitter)  // so the splitter's buffer is not shared while it is fed
    s.feed(bytes) { consume(line: $0) }
    swap(&s, &splitter)
  }

  /// Hands on the last line if it had no newline (the end of input).
  private mutating func finishLines() {
    var s = LineSplitter()
    swap(&s, &splitter)
    s.finish { consume(line: $0) }
    swap(&s, &splitter)
  }

  /// Reads `text` as the next chunk of the stream (see `consume(_:)`).
  /// - Parameter text: stream text, cut anywhere.
  public mutating func consume(text: String) {
    var copy = text
    copy.withUTF8 { consume(UnsafeRawBufferPointer($0)) }
  }

  /// Ends input given through `consume(_:)`: reads the last line if it had no newline.
  /// - Returns: whether a last frame must still be drawn.
  @discardableResult
  public mutating func endOfInput() -> Bool {
    finishLines()
    if ended { return false }
    ended = true
    return throttle.finish(now: clock.now())
  }

  /// Reads from `reader` until a frame is due, `maxWait` passes, or the input ends.
  ///
  /// Everything that arrives is read, also between frames, so a burst never queues up behind
  /// redraws; frames are granted by the throttle (at most `options.framesPerSecond` a
  /// second, only after a change). Reads wait in poll(2) at most until the next frame is due.
  /// - Parameters:
  ///   - reader: the input's reader.
  ///   - maxWait: the longest time (seconds) before returning `.idle` so the caller can read
  ///     keys; `nil` waits for data or the end.
  /// - Returns: `.frame` (draw `frame()` now), `.idle`, or `.ended` (once; later calls return
  ///   `.ended(drawFinal: false)`).
  public mutating func pump<Input: StreamInput>(
    _ reader: inout StreamReader<Input>, maxWait: Double? = 0.1
  ) -> StreamEvent {
    if ended { return .ended(drawFinal: false) }
    let start = clock.now()
    var now = start
    if throttle.shouldDraw(now: now) { return .frame }
    while true {
      var wait = throttle.waitBeforeNextFrame(now: now)
      if let maxWait {
        let left = Swift.max(0, maxWait - (now - start))
        wait = Swift.min(wait ?? left, left)
      }
      // Chunks, not lines: the session splits them (at the reader's line limit), reading
      // rows of numbers a block at a time.
      splitter.maxLineLength = reader.splitter.maxLineLength
      let result = reader.readChunk(timeout: wait) { consume($0) }
      switch result {
      case .end, .failed: finishLines()
      case .data, .timedOut: break
      }
      readerOverlongLines = reader.splitter.overlongLines
      now = clock.now()
      if parser.columnProblem != nil {
        // A column that the data do not have: the caller reports it; nothing more is read.
        ended = true
        return .ended(drawFinal: false)
      }
      switch result {
      case .data, .timedOut:
        if throttle.shouldDraw(now: now) { return .frame }
        if let maxWait, now - start >= maxWait { return .idle }
      case .end, .failed:
        if case .failed(let e) = result { readError = e }
        ended = true
        return .ended(drawFinal: throttle.finish(now: now))
      }
    }
  }

  /// The y range to show (plot units): fixed by `--ymin`/`--ymax` where given, otherwise the
  /// least and greatest finite value of all series in their windows, padded (see
  /// `StreamSession.yRange(dataMin:dataMax:fixedMin:fixedMax:)`).
  public var yRange: ValueRange { yRange(windows.map(\.stats)) }

  /// The y range for the windows' statistics `stats` (see `yRange`).
  private func yRange(_ stats: [SeriesStats]) -> ValueRange {
    if options.normalize {
      return Self.yRange(dataMin: 0, dataMax: 1, fixedMin: options.yMin, fixedMax: options.yMax)
    }
    var lo: Double? = nil
    var hi: Double? = nil
    for s in stats {
      if let m = s.min { lo = Swift.min(lo ?? m, m) }
      if let m = s.max { hi = Swift.max(hi ?? m, m) }
    }
    return Self.yRange(dataMin: lo, dataMax: hi, fixedMin: options.yMin, fixedMax: options.yMax)
  }

  /// The x range to show (plot units, sample indices): `window` samples wide, from sample 0
  /// until the window is full, then following the newest sample (the plot scrolls left).
  public var xRange: ValueRange {
    if let times {
      let extremes = times.stats
      let lo = extremes.min ?? 0
      let hi = Swift.max(extremes.max ?? lo, lo + 1)
      return ValueRange(lower: lo, upper: hi)
    }
    let first = Swift.max(0, sampleCount - options.window)
    let width = Swift.max(1, options.window - 1)
    return ValueRange(lower: Double(first), upper: Double(first + width))
  }

  /// The y range for data spanning [`dataMin`, `dataMax`] with optional fixed ends.
  ///
  /// A free end is padded by 5% of the shown span so the extremes do not sit on the frame.
  /// A flat line (one value v) gets v ± 10% of |v| (± 1 for 0). With one fixed end and all
  /// data on its wrong side, the free end is put 10% of |fixed| (or 1) past the fixed one.
  /// No data: [0, 1], or a unit range next to a fixed end. Never empty, never non-finite
  /// unless the data are (padding is dropped if it would overflow).
  /// - Returns: a range with `lower < upper` whenever the inputs are finite.
  public static func yRange(
    dataMin: Double?, dataMax: Double?, fixedMin: Double?, fixedMax: Double?
  ) -> ValueRange {
    func margin(_ v: Double) -> Double { v == 0 ? 1 : Swift.abs(v) * 0.1 }
    guard var lo = fixedMin ?? dataMin, var hi = fixedMax ?? dataMax else {
      if let lo = fixedMin ?? dataMin { return ValueRange(lower: lo, upper: lo + margin(lo)) }
      if let hi = fixedMax ?? dataMax { return ValueRange(lower: hi - margin(hi), upper: hi) }
      return ValueRange(lower: 0, upper: 1)
    }
    if !(hi > lo) {
      switch (fixedMin, fixedMax) {
      case (nil, nil):
        let m = margin(lo)
        return ValueRange(lower: lo - m, upper: hi + m)
      case (.some, nil):
        return ValueRange(lower: lo, upper: lo + margin(lo))
      case (nil, .some):
        return ValueRange(lower: hi - margin(hi), upper: hi)
      case (.some, .some):
        return ValueRange(lower: lo, upper: lo + margin(lo))  // invalid options: keep lo
      }
    }
    let pad = 0.05 * (hi - lo)
    if pad.isFinite {
      if fixedMin == nil, (lo - pad).isFinite { lo -= pad }
      if fixedMax == nil, (hi + pad).isFinite { hi += pad }
    }
    return ValueRange(lower: lo, upper: hi)
  }

  /// What a renderer draws now.
  /// - Parameter columns: the plot's width in pixel columns; used for `--smooth` curves
  ///   (ignored without it, and when not smoothing).
  /// - Returns: per series its name, window, statistics and polyline; the x and y ranges;
  ///   and the counters.
  public func frame(columns: Int? = nil) -> StreamFrame {
    let x = xRange
    let firstShown = Swift.max(0, sampleCount - options.window)
    let sampleRange = ValueRange(
      lower: Double(firstShown), upper: Double(firstShown + Swift.max(1, options.window - 1)))
    let jump = times.map { Self.jumpLimit($0.values) } ?? .infinity
    // Each window's statistics once a frame (one pass each: `RollingWindow.stats`).
    let stats = windows.map(\.stats)
    var series: [SeriesFrame] = []
    series.reserveCapacity(windows.count)
    for (k, w) in windows.enumerated() {
      let values = w.values
      let first = w.firstStoredSample
      var curve: [StreamPoint]
      if options.smooth, let columns {
        curve = SmoothCurve(values: values, firstX: Double(first), method: options.smoothingMethod)
          .points(columns: columns, xRange: sampleRange)
        if times != nil { curve = curve.map { $0.x.isNaN ? $0 : timed($0) } }
      } else if times != nil {
        curve = Self.polyline(values, firstX: first).map { $0.x.isNaN ? $0 : timed($0) }
      } else {
        curve = Self.polyline(values, firstX: first)
      }
      if times != nil { curve = Self.breakingAtJumps(curve, limit: jump) }
      if options.normalize, let lo = stats[k].min, let hi = stats[k].max {
        curve = curve.map { p in
          guard p.y.isFinite else { return p }
          return StreamPoint(x: p.x, y: hi > lo ? (p.y - lo) / (hi - lo) : 0.5)
        }
      }
      series.append(
        SeriesFrame(
          name: parser.name(ofSeries: k), unit: parser.unit(ofSeries: k), firstSample: first,
          values: values, stats: stats[k], curve: curve))
    }
    if !options.columns.isEmpty {
      let order = series.indices.sorted {
        (parser.rank(ofSeries: $0), $0) < (parser.rank(ofSeries: $1), $1)
      }
      series = order.map { series[$0] }
    }
    var frame = StreamFrame(
      series: series, xRange: x, yRange: yRange(stats), samples: sampleCount,
      valuesRead: parser.valuesRead, junkLines: junkLines, lastJunkLine: parser.lastJunkLine,
      ended: ended)
    frame.timeAxis = times != nil
    frame.normalized = options.normalize
    if parser.droppedValues > 0 { frame.seriesLimit = parser.seriesLimit }
    return frame
  }

  /// The point with its x (a sample index, maybe between two) made a time: linear between
  /// the times of the samples either side.
  private func timed(_ p: StreamPoint) -> StreamPoint {
    guard let times, times.count > 0 else { return p }
    let offset = p.x - Double(times.firstStoredSample)
    let lo = Swift.min(Swift.max(Int(offset.rounded(.down)), 0), times.count - 1)
    let hi = Swift.min(lo + 1, times.count - 1)
    let f = Swift.min(Swift.max(offset - Double(lo), 0), 1)
    return StreamPoint(x: times[lo] + (times[hi] - times[lo]) * f, y: p.y)
  }

  /// The longest step between two samples' times drawn as a line: three times the median
  /// step of the last (up to) 1000 steps; infinite with fewer than two steps.
  static func jumpLimit(_ times: [Double]) -> Double {
    guard times.count >= 3 else { return .infinity }
    var steps: [Double] = []
    var k = Swift.max(1, times.count - 1000)
    while k < times.count {
      let d = times[k] - times[k - 1]
      if d.isFinite && d >= 0 { steps.append(d) }
      k += 1
    }
    guard !steps.isEmpty else { return .infinity }
    steps.sort()
    let median = steps[steps.count / 2]
    return median > 0 ? 3 * median : .infinity
  }

  /// `curve` with a gap wherever x goes back or jumps by more than `limit`.
  static func breakingAtJumps(_ curve: [StreamPoint], limit: Double) -> [StreamPoint] {
    var out: [StreamPoint] = []
    out.reserveCapacity(curve.count)
    var previous: Double? = nil
    for p in curve {
      if p.x.isNaN || !p.y.isFinite {
        out.append(p)
        previous = nil
        continue
      }
      if let previous, p.x < previous || p.x - previous > limit { out.append(.gap) }
      previous = p.x
      out.append(p)
    }
    return out
  }

  /// Samples as a polyline: one point per finite sample, `StreamPoint.gap` between runs.
  static func polyline(_ values: [Double], firstX: Int) -> [StreamPoint] {
    var out: [StreamPoint] = []
    out.reserveCapacity(values.count)
    var broken = false
    for (i, v) in values.enumerated() {
      if v.isFinite {
        if broken && !out.isEmpty { out.append(.gap) }
        broken = false
        out.append(StreamPoint(x: Double(firstX + i), y: v))
      } else {
        broken = true
      }
    }
    return out
  }

  /// Parses and windows all of `bytes` with default options: the path a benchmark times.
  ///
  /// No clock is read and no frame is made; the result's `checksum` (the sum of each
  /// series' last finite value and mean) keeps an optimizer from dropping the work.
  /// - Parameters:
  ///   - bytes: a whole stream (lines of numbers).
  ///   - window: the window size (default `StreamOptions.defaultWindow`).
  /// - Returns: the counters after the whole stream.
  @discardableResult
  public static func consume(
    _ bytes: UnsafeRawBufferPointer, window: Int = StreamOptions.defaultWindow
  ) -> StreamTotals {
    var options = StreamOptions()
    options.window = Swift.max(1, window)
    var session = StreamSession(options: options, clock: ZeroClock())
    session.consume(bytes)
    session.endOfInput()
    var checksum = 0.0
    for w in session.windows {
      checksum += (w.lastFinite ?? 0) + (w.mean ?? 0)
    }
    return StreamTotals(
      values: session.parser.valuesRead, dataLines: session.parser.dataLines,
      junkLines: session.junkLines, series: session.windows.count, checksum: checksum)
  }
}

/// A clock that always says 0 (for `StreamSession.consume(_:window:)`, which draws nothing).
struct ZeroClock: StreamClock {
  func now() -> Double { 0 }
}

/// What `StreamSession.pump` asks the caller to do.
public enum StreamEvent: Sendable, Equatable {
  /// Draw `frame()` now.
  case frame
  /// Nothing to draw yet; `maxWait` passed (read keys, then pump again).
  case idle
  /// The input ended; draw `frame()` once more if `drawFinal` (the data changed since the
  /// last frame).
  case ended(drawFinal: Bool)
}

/// Everything a renderer needs for one frame of a live stream.
public struct StreamFrame: Sendable {
  /// The series, in column order.
  public var series: [SeriesFrame]
  /// The x range to show (sample indices, plot units); `options.window` samples wide.
  public var xRange: ValueRange
  /// The y range to show (plot units), from the data or `--ymin`/`--ymax`.
  public var yRange: ValueRange
  /// Data lines read so far (the next sample's x).
  public var samples: Int
  /// Numbers read so far.
  public var valuesRead: Int
  /// Lines skipped as junk so far.
  public var junkLines: Int
  /// The last skipped line's text, if any (to show what was skipped).
  public var lastJunkLine: String?
  /// Whether the input has ended (this is the final frame).
  public var ended: Bool
  /// Whether x is time (seconds since 1970-01-01 of the wall clock as written, or since
  /// midnight) rather than sample indices.
  public var timeAxis = false
  /// Whether each series is drawn scaled to its window's min..max as 0..1 (`--normalize`).
  public var normalized = false
  /// The most series kept, when lines had more fields than that (they were dropped); nil
  /// when nothing was dropped.
  public var seriesLimit: Int?

  /// A frame with the given contents (renderers' tests make their own).
  public init(
    series: [SeriesFrame], xRange: ValueRange, yRange: ValueRange, samples: Int,
    valuesRead: Int, junkLines: Int, lastJunkLine: String?, ended: Bool
  ) {
    self.series = series
    self.xRange = xRange
    self.yRange = yRange
    self.samples = samples
    self.valuesRead = valuesRead
    self.junkLines = junkLines
    self.lastJunkLine = lastJunkLine
    self.ended = ended
  }
}

/// One series in a frame.
public struct SeriesFrame: Sendable {
  /// The legend name: a header word or key, or `1`, `2`, ...
  public var name: String
  /// The unit as written in the input (`ms`, `%`), or nil.
  public var unit: String? = nil
  /// The x (sample index) of `values[0]`.
  public var firstSample: Int
  /// The window's samples, oldest first (NaN/inf = gaps), plot units.
  public var values: [Double]
  /// Last, min, max, mean over the window.
  public var stats: SeriesStats
  /// The polyline to draw, plot units: the samples themselves, or with `--smooth` a dense
  /// smooth curve (one point per pixel column between samples); `StreamPoint.gap` breaks it.
  public var curve: [StreamPoint]

  /// A series frame with the given contents.
  public init(
    name: String, unit: String? = nil, firstSample: Int, values: [Double], stats: SeriesStats,
    curve: [StreamPoint]
  ) {
    self.name = name
    self.unit = unit
    self.firstSample = firstSample
    self.values = values
    self.stats = stats
    self.curve = curve
  }
}

/// Counters after `StreamSession.consume(_:window:)`.
public struct StreamTotals: Sendable, Equatable {
  /// Numbers read.
  public var values: Int
  /// Data lines read.
  public var dataLines: Int
  /// Junk lines skipped.
  public var junkLines: Int
  /// Series seen.
  public var series: Int
  /// The sum over series of the last finite value and the mean (to keep the work alive).
  public var checksum: Double
}
