import Synchronization
import Testing

@testable import Streaming

/// A clock the test moves by hand.
final class FakeClock: StreamClock {
  private let time = Mutex<Double>(0)
  func now() -> Double { time.withLock { $0 } }
  func advance(by seconds: Double) { time.withLock { $0 += seconds } }
}

/// An input that hands out fixed chunks, moving a fake clock forward on each read.
struct ScriptedInput: StreamInput {
  enum Step {
    case bytes([UInt8])
    case quiet  // a read that times out
  }
  var steps: [Step]
  var clock: FakeClock
  var secondsPerRead: Double
  var index = 0

  init(chunks: [[UInt8]], clock: FakeClock, secondsPerRead: Double) {
    steps = chunks.map { .bytes($0) }
    self.clock = clock
    self.secondsPerRead = secondsPerRead
  }

  init(steps: [Step], clock: FakeClock, secondsPerRead: Double) {
    self.steps = steps
    self.clock = clock
    self.secondsPerRead = secondsPerRead
  }

  mutating func read(into buffer: UnsafeMutableRawBufferPointer, timeout: Double?)
    -> StreamReadResult
  {
    guard index < steps.count else { return .end }
    clock.advance(by: secondsPerRead)
    let step = steps[index]
    index += 1
    switch step {
    case .quiet:
      return .timedOut
    case .bytes(let chunk):
      precondition(chunk.count <= buffer.count, "test chunk larger than the read buffer")
      chunk.withUnsafeBytes { buffer.copyMemory(from: $0) }
      return .data(chunk.count)
    }
  }
}

/// Splits `bytes` into chunks of `size`.
func chunks(_ bytes: [UInt8], size: Int) -> [[UInt8]] {
  stride(from: 0, to: bytes.count, by: size).map {
    Array(bytes[$0..<Swift.min($0 + size, bytes.count)])
  }
}

/// Whether two doubles are equal, NaN equal to NaN.
func same(_ a: Double?, _ b: Double?) -> Bool {
  switch (a, b) {
  case (nil, nil): return true
  case (let x?, let y?): return x == y || (x.isNaN && y.isNaN)
  default: return false
  }
}

/// Whether `a` and `b` agree to a relative tolerance `tol` (absolute below magnitude 1).
func close(_ a: Double?, _ b: Double?, _ tol: Double = 1e-9) -> Bool {
  guard let a, let b else { return a == nil && b == nil }
  return Swift.abs(a - b) <= tol * Swift.max(1, Swift.abs(a), Swift.abs(b))
}
