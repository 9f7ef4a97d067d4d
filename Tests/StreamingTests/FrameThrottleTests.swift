import Testing

@testable import Streaming

@Suite struct FrameThrottleTests {
  @Test func drawsAtMostAtTheFrameRate() {
    var t = FrameThrottle(framesPerSecond: 10)
    do {
      let answer = t.shouldDraw(now: 0)
      #expect(!answer)  // nothing changed yet
    }
    #expect(t.waitBeforeNextFrame(now: 0) == nil)
    t.noteInput()
    #expect(t.waitBeforeNextFrame(now: 0) == 0)
    do {
      let answer = t.shouldDraw(now: 0)
      #expect(answer)  // the first change draws at once
    }
    t.noteInput()
    do {
      let answer = t.shouldDraw(now: 0.05)
      #expect(!answer)
    }
    #expect(close(t.waitBeforeNextFrame(now: 0.05), 0.05))
    do {
      let answer = t.shouldDraw(now: 0.099)
      #expect(!answer)
    }
    do {
      let answer = t.shouldDraw(now: 0.1)
      #expect(answer)
    }
    do {
      let answer = t.shouldDraw(now: 5)
      #expect(!answer)  // no new data: no frame
    }
    #expect(t.framesDrawn == 2)
  }

  @Test func finishDrawsTheLastFrameOnlyIfSomethingChanged() {
    var t = FrameThrottle(framesPerSecond: 30)
    t.noteInput()
    do {
      let answer = t.shouldDraw(now: 1)
      #expect(answer)
    }
    do {
      let answer = t.finish(now: 1.001)
      #expect(!answer)
    }
    t.noteInput()
    do {
      let answer = t.shouldDraw(now: 1.002)
      #expect(!answer)
    }
    do {
      let answer = t.finish(now: 1.003)
      #expect(answer)  // the end of input always shows the newest data
    }
    do {
      let answer = t.finish(now: 1.004)
      #expect(!answer)
    }
  }

  @Test(arguments: [0.0, -5, .nan, .infinity])
  func badRatesMeanTheDefault(_ fps: Double) {
    #expect(
      FrameThrottle(framesPerSecond: fps).minInterval == 1 / FrameThrottle.defaultFramesPerSecond)
  }

  /// A burst of 10000 lines within 1 ms gives at most one frame, then the final frame at the
  /// end of input shows all of it.
  @Test func burstGivesAtMostOneFrameAndTheLastFrameAtEnd() throws {
    let clock = FakeClock()
    let text = (0..<10_000).map { "\($0) \(-$0)\n" }.joined()
    let parts = chunks(Array(text.utf8), size: 4096)
    let input = ScriptedInput(
      chunks: parts, clock: clock, secondsPerRead: 0.001 / Double(parts.count + 1))
    var reader = StreamReader(input: input, chunkSize: 4096)
    var session = StreamSession(options: StreamOptions(), clock: clock)
    var framesDuringBurst = 0
    var finalFrame: StreamFrame? = nil
    for _ in 0..<100_000 {
      let event = session.pump(&reader, maxWait: nil)
      if event == .frame { framesDuringBurst += 1 }
      if case .ended(let drawFinal) = event {
        #expect(drawFinal)
        finalFrame = session.frame()
        break
      }
    }
    #expect(clock.now() <= 0.001)
    #expect(framesDuringBurst <= 1)
    let last = try #require(finalFrame)
    #expect(last.samples == 10_000)
    #expect(last.series.count == 2)
    #expect(last.series[0].stats.last == 9999 && last.series[1].stats.last == -9999)
    #expect(session.pump(&reader, maxWait: nil) == .ended(drawFinal: false))
  }

  /// Input trickling in over 2 seconds at 100 lines a second redraws about 30 times a
  /// second, not 100 (fake clock: 10 ms per read).
  @Test func trickleIsThrottledToTheFrameRate() {
    let clock = FakeClock()
    let lines = (0..<200).map { Array("\($0)\n".utf8) }
    let input = ScriptedInput(chunks: lines, clock: clock, secondsPerRead: 0.01)
    var reader = StreamReader(input: input)
    var session = StreamSession(options: StreamOptions(), clock: clock)
    var frames = 0
    var frameTimes: [Double] = []
    while true {
      let event = session.pump(&reader, maxWait: nil)
      if event == .frame {
        frames += 1
        frameTimes.append(clock.now())
      }
      if case .ended = event { break }
    }
    // 2 s at 30 Hz: at most 61 frames; with reads every 10 ms a due frame waits < 10 ms.
    #expect(frames <= 61)
    #expect(frames >= 40)
    for (a, b) in zip(frameTimes, frameTimes.dropFirst()) { #expect(b - a >= 1.0 / 30 - 1e-12) }
  }

  /// With quiet input the pump returns `.idle` after `maxWait`, so keys can be read.
  @Test func quietInputReturnsIdle() {
    let clock = FakeClock()
    let input = ScriptedInput(
      steps: [.bytes(Array("1\n".utf8)), .quiet, .quiet, .quiet, .quiet, .quiet],
      clock: clock, secondsPerRead: 0.0625)
    var reader = StreamReader(input: input)
    var session = StreamSession(options: StreamOptions(), clock: clock)
    #expect(session.pump(&reader, maxWait: 0.125) == .frame)
    #expect(session.pump(&reader, maxWait: 0.125) == .idle)
    #expect(session.pump(&reader, maxWait: 0.125) == .idle)
    #expect(session.pump(&reader, maxWait: 0.125) == .ended(drawFinal: false))
  }
}
