import Glibc
import Synchronization

extension PlotFunction {
  /// The fewest values a batch must have before `values(at:into:threads:)` hands part of it
  /// to a second thread: below it, starting and joining a POSIX thread (10 µs at the median
  /// on this 2-core machine, 30-90 µs on average under load) costs more than the half of the
  /// batch it would take. Measured with `graphcalc-bench --only threads` (Docs/performance.md,
  /// "The second core"): at 4,096 values two threads lost in every run and at 16,384 in
  /// nearly every one; from 65,536 they won in some runs (and lost in others: the machine
  /// was loaded).
  public static let parallelThreshold = 65_536

  /// The values a thread takes at a time from a batch split over threads: 16,384 (128 KiB of
  /// x and as much of output, within the L2 cache), small enough that a thread which gets no
  /// core for a while leaves the rest to the other.
  package static let parallelPiece = 16_384

  /// The values at every plot x of `xs`, written to `out`, on up to `threads` threads (the
  /// caller's one of them): `values(at:into:)` for a batch of fewer than
  /// `parallelThreshold` values, or when `threads` is 1; otherwise the batch is cut into
  /// pieces of `parallelPiece` values that the caller and `threads - 1` helper POSIX threads
  /// take in turn (an atomic counter: a thread that is descheduled takes fewer), each piece
  /// evaluated as `values(at:into:)` evaluates a batch. A value does not depend on where in a
  /// batch it is, so the results are those of one thread bit for bit. When the system
  /// refuses a thread, the caller evaluates its share.
  ///
  /// - Parameters:
  ///   - xs: The plot x values.
  ///   - out: Room for as many values as `xs` has (only the first
  ///     `min(xs.count, out.count)` are computed); it must not overlap `xs`.
  ///   - threads: The most threads to use, the caller's included (1 to 8; more counts as 8).
  public func values(
    at xs: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>,
    threads: Int
  ) {
    let n = min(xs.count, out.count)
    if threads < 2 || n < Self.parallelThreshold {
      values(at: xs, into: out, level: Self.vectorMathLevel)
    } else {
      splitValues(at: xs, into: out, threads: threads, level: Self.vectorMathLevel)
    }
  }

  /// `values(at:into:threads:)` without the threshold: the batch is cut into pieces of
  /// `piece` values shared by `threads` threads whatever its size (for the benchmark, which
  /// measures where the threshold lies, and for tests of small batches).
  package func splitValues(
    at xs: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>,
    threads: Int, piece: Int = PlotFunction.parallelPiece, level: Int = PlotFunction.vectorMathLevel
  ) {
    let n = min(xs.count, out.count)
    guard n > 0, let xb = xs.baseAddress, let ob = out.baseAddress else { return }
    let work = BatchPieces(
      function: self, xs: xb, out: ob, count: n, piece: max(1, piece), level: level)
    var helpers: [pthread_t] = []
    let wanted = min(max(threads, 1), 8, (n + work.piece - 1) / work.piece)
    for _ in 1..<max(1, wanted) {
      guard let thread = startBatchThread(work) else { break }
      helpers.append(thread)
    }
    work.evaluate()
    for thread in helpers { pthread_join(thread, nil) }
  }
}

/// A batch shared by threads: the next piece to take, and what to evaluate. The pointers
/// stay valid while `splitValues` waits for the helpers; each piece of `out` is written by
/// the one thread that took it, and `pthread_join` orders those writes before the caller
/// reads them.
private final class BatchPieces: @unchecked Sendable {
  let function: PlotFunction
  let xs: UnsafePointer<Double>
  let out: UnsafeMutablePointer<Double>
  let count: Int
  let piece: Int
  let level: Int
  /// The first value of the next piece.
  let next = Atomic<Int>(0)

  init(
    function: PlotFunction, xs: UnsafePointer<Double>, out: UnsafeMutablePointer<Double>,
    count: Int, piece: Int, level: Int
  ) {
    self.function = function
    self.xs = xs
    self.out = out
    self.count = count
    self.piece = piece
    self.level = level
  }

  /// Evaluates pieces until none is left.
  func evaluate() {
    while true {
      let start = next.wrappingAdd(piece, ordering: .relaxed).oldValue
      guard start < count else { return }
      let m = min(piece, count - start)
      function.values(
        at: UnsafeBufferPointer(start: xs + start, count: m),
        into: UnsafeMutableBufferPointer(start: out + start, count: m), level: level)
    }
  }
}

/// Starts a POSIX thread evaluating `work`'s pieces; nil when the system refuses one.
private func startBatchThread(_ work: BatchPieces) -> pthread_t? {
  var thread = pthread_t()
  let retained = Unmanaged.passRetained(work)
  let made = pthread_create(
    &thread, nil,
    { raw in
      guard let raw else { return nil }
      let work = Unmanaged<BatchPieces>.fromOpaque(raw).takeRetainedValue()
      work.evaluate()
      return nil
    }, retained.toOpaque())
  if made != 0 {
    retained.release()
    return nil
  }
  return thread
}
