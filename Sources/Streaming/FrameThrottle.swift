import Glibc

/// A source of monotonic time, injected so tests can drive the throttle with a fake clock.
public protocol StreamClock: Sendable {
  /// Seconds since an arbitrary fixed origin; never decreases.
  func now() -> Double
}

/// The real clock: `clock_gettime(CLOCK_MONOTONIC)`, in seconds.
public struct MonotonicClock: StreamClock {
  /// The system's monotonic clock.
  public init() {}

  /// Seconds since an unspecified start (boot, on Linux); unaffected by wall-clock changes.
  public func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
  }
}

/// Decides when to redraw a live plot: at most `framesPerSecond` times a second, only when
/// the data changed, and always once more when the input ends.
///
/// The reader keeps reading between frames (a burst of input is consumed, not queued behind
/// redraws), so the display shows the newest window within one frame interval. The throttle
/// holds no clock: callers pass `now` (seconds from a `StreamClock`).
///
/// Protocol: call `noteInput()` whenever the data changed; call `shouldDraw(now:)` after
/// reading and draw if it says so; call `finish()` at end of input and draw if it says so;
/// use `waitBeforeNextFrame(now:)` as a poll(2) timeout.
public struct FrameThrottle: Sendable, Equatable {
  /// The default frame rate, 30 frames a second (a terminal redraw of a few kB is cheap, and
  /// 30 Hz already looks fluid for a scrolling plot).
  public static let defaultFramesPerSecond = 30.0

  /// The least time between two frames, in seconds.
  public let minInterval: Double
  /// When the last frame was drawn (seconds, the caller's clock); `nil` before the first.
  public private(set) var lastFrameTime: Double?
  /// Whether the data changed since the last frame.
  public private(set) var dirty = false
  /// Frames granted so far (by `shouldDraw` and `finish`).
  public private(set) var framesDrawn = 0

  /// A throttle for `framesPerSecond` frames a second.
  /// - Parameter framesPerSecond: frames a second; values that are not finite and positive
  ///   mean the default, and it is capped at 1000.
  public init(framesPerSecond: Double = FrameThrottle.defaultFramesPerSecond) {
    let fps =
      framesPerSecond.isFinite && framesPerSecond > 0
      ? Swift.min(framesPerSecond, 1000) : Self.defaultFramesPerSecond
    minInterval = 1 / fps
  }

  /// Records that the data changed (a frame is owed).
  public mutating func noteInput() { dirty = true }

  /// Whether to draw now; if yes, records the frame as drawn at `now`.
  ///
  /// Yes when the data changed and either no frame was drawn yet or at least `minInterval`
  /// seconds passed since the last one.
  /// - Parameter now: the current time in seconds (the same clock every call).
  public mutating func shouldDraw(now: Double) -> Bool {
    guard dirty else { return false }
    if let last = lastFrameTime, now - last < minInterval { return false }
    grant(now)
    return true
  }

  /// End of input: whether the last frame still has to be drawn (the data changed since the
  /// last frame); if yes, records it as drawn.
  /// - Parameter now: the current time in seconds, if known (for `lastFrameTime`).
  public mutating func finish(now: Double? = nil) -> Bool {
    guard dirty else { return false }
    grant(now ?? lastFrameTime ?? 0)
    return true
  }

  /// How long the caller may wait for input before a frame is due, in seconds.
  /// - Parameter now: the current time in seconds.
  /// - Returns: `nil` when nothing is owed (wait as long as you like); 0 when a frame is due
  ///   now; otherwise the time until `minInterval` has passed since the last frame.
  public func waitBeforeNextFrame(now: Double) -> Double? {
    guard dirty else { return nil }
    guard let last = lastFrameTime else { return 0 }
    return Swift.max(0, minInterval - (now - last))
  }

  private mutating func grant(_ now: Double) {
    dirty = false
    lastFrameTime = now
    framesDrawn += 1
  }
}
