import Glibc
import Synchronization

extension PlotFunction {
  /// The fewest values a batch must have before `values(at:into:)` and
  /// `values(at:into:threads:)` hand part of it to the helper thread (`BatchHelper`): below
  /// it, waking the helper and waiting for its last piece costs more than the half of the
  /// batch it would take. Measured with `graphcalc-bench --only threads` (Docs/performance.md,
  /// "The second core" and "Evaluation rows and the second core"): with a thread started per
  /// batch (10 µs at the median on this 2-core machine) two threads lost at 65,536 values;
  /// with the parked helper they were level with one or won there under a load of 8-19.
  public static let parallelThreshold = 65_536

  /// The values a thread takes at a time from a batch split over threads: 16,384 (128 KiB of
  /// x and as much of output, within the L2 cache), small enough that a thread which gets no
  /// core for a while leaves the rest to the other.
  package static let parallelPiece = 16_384

  /// Whether `values(at:into:)` shares batches of `parallelThreshold` values or more with the
  /// helper thread: when the system reports more than one processor online.
  static let sharesLargeBatches = sysconf(Int32(_SC_NPROCESSORS_ONLN)) > 1

  /// The values at every plot x of `xs`, written to `out`, on up to `threads` threads (the
  /// caller's one of them): `values(at:into:)` of one thread for a batch of fewer than
  /// `parallelThreshold` values, or when `threads` is 1; otherwise the batch is cut into
  /// pieces of `parallelPiece` values that the caller and the helpers take in turn (an
  /// atomic counter: a thread that is descheduled takes fewer), each piece evaluated as
  /// `values(at:into:)` evaluates a batch. The first helper is the parked `BatchHelper`
  /// thread (made at the first large batch, then kept); more (for `threads` above 2) are
  /// POSIX threads started for the batch. A value does not depend on where in a batch it is,
  /// so the results are those of one thread bit for bit. When the helper is busy with
  /// another caller's batch, or the system refuses a thread, the caller evaluates its share.
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
  /// measures where the threshold lies, and for tests of small batches). `out` may also be
  /// `xs` itself (each piece is then evaluated in place).
  package func splitValues(
    at xs: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>,
    threads: Int, piece: Int = PlotFunction.parallelPiece, level: Int = PlotFunction.vectorMathLevel
  ) {
    let n = min(xs.count, out.count)
    guard n > 0, let xb = xs.baseAddress, let ob = out.baseAddress else { return }
    let work = BatchPieces(
      function: self, xs: xb, out: ob, count: n, piece: max(1, piece), level: level)
    let wanted = min(max(threads, 1), 8, (n + work.piece - 1) / work.piece)
    let shared = wanted >= 2 && BatchHelper.shared.post(work)
    var helpers: [pthread_t] = []
    for _ in (shared ? 2 : 1)..<max(1, wanted) {
      guard let thread = startBatchThread(work) else { break }
      helpers.append(thread)
    }
    work.evaluate()
    if shared { BatchHelper.shared.finish(work) }
    for thread in helpers { pthread_join(thread, nil) }
  }
}

/// A batch shared by threads: the next piece to take, and what to evaluate. The pointers
/// stay valid while `splitValues` waits for the helpers; each piece of `out` is written by
/// the one thread that took it, and the helper's `done` (released after its last write,
/// acquired by the caller) or `pthread_join` orders those writes before the caller reads
/// them.
final class BatchPieces: @unchecked Sendable {
  let function: PlotFunction
  let xs: UnsafePointer<Double>
  let out: UnsafeMutablePointer<Double>
  let count: Int
  let piece: Int
  let level: Int
  /// The first value of the next piece.
  let next = Atomic<Int>(0)
  /// Set by the parked helper when it has evaluated its last piece of this batch.
  let done = Atomic<Bool>(false)

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

/// The one helper thread that shares large batches with their caller, kept from the first
/// large batch on (starting a POSIX thread for each batch cost 10 µs at the median and 30-90
/// µs on average under load, more than a batch of 65,536 cheap values saves by sharing).
/// Between batches it waits for the next briefly, giving the processor away after each look
/// (`sched_yield`), then parks on a condition variable; OpenMP runtimes wait so between
/// parallel regions (`KMP_BLOCKTIME`, `OMP_WAIT_POLICY`). One batch at a time: a caller that
/// finds it busy with another caller's batch evaluates its own alone.
final class BatchHelper: @unchecked Sendable {
  /// The helper of the process (its thread is started by the first `post`).
  static let shared = BatchHelper()

  /// How long the helper looks for a next batch before it parks: 200 µs, so that batches
  /// that follow one another (a sampler's, the benchmark's) find it awake, and an idle
  /// process gives the core back at once.
  static let spinNanoseconds = 200_000

  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let wake: UnsafeMutablePointer<pthread_cond_t>
  private let finished: UnsafeMutablePointer<pthread_cond_t>
  /// The batch posted and not yet taken (under `mutex`).
  private var pending: BatchPieces?
  /// Whether the helper has a batch posted or in hand (under `mutex`).
  private var busy = false
  /// Whether the thread runs (under `mutex`); false also when the system refused it.
  private var started = false
  private var refused = false
  /// Whether `pending` holds a batch: read without the lock while the helper looks.
  private let posted = Atomic<Bool>(false)

  private init() {
    mutex = .allocate(capacity: 1)
    wake = .allocate(capacity: 1)
    finished = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(wake, nil)
    pthread_cond_init(finished, nil)
  }

  /// Hands `work` to the helper; false when it is busy with another batch or has no thread
  /// (then the caller evaluates every piece).
  func post(_ work: BatchPieces) -> Bool {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    if busy || refused { return false }
    if !started {
      guard start() else {
        refused = true
        return false
      }
      started = true
    }
    pending = work
    busy = true
    posted.store(true, ordering: .releasing)
    pthread_cond_signal(wake)
    return true
  }

  /// Waits until the helper has no piece of `work` left: at once when it never took the
  /// batch (it is taken back), else when its last piece is written.
  func finish(_ work: BatchPieces) {
    pthread_mutex_lock(mutex)
    if pending === work {
      pending = nil
      posted.store(false, ordering: .relaxed)
      busy = false
      pthread_mutex_unlock(mutex)
      return
    }
    pthread_mutex_unlock(mutex)
    // The helper holds at most one piece: look (yielding) for a while before sleeping.
    var looks = 0
    while !work.done.load(ordering: .acquiring) {
      looks += 1
      if looks < 10_000 {
        sched_yield()
        continue
      }
      pthread_mutex_lock(mutex)
      while !work.done.load(ordering: .acquiring) { pthread_cond_wait(finished, mutex) }
      pthread_mutex_unlock(mutex)
    }
  }

  /// Starts the thread; false when the system refuses it.
  private func start() -> Bool {
    var thread = pthread_t()
    let made = pthread_create(
      &thread, nil,
      { _ in BatchHelper.shared.run() }, nil)
    if made != 0 { return false }
    pthread_detach(thread)
    return true
  }

  /// The helper's loop: take a batch, evaluate pieces, say so, look for the next.
  private func run() -> Never {
    while true {
      awaitBatch()
      pthread_mutex_lock(mutex)
      guard let work = pending else {
        pthread_mutex_unlock(mutex)
        continue
      }
      pending = nil
      posted.store(false, ordering: .relaxed)
      pthread_mutex_unlock(mutex)
      work.evaluate()
      pthread_mutex_lock(mutex)
      work.done.store(true, ordering: .releasing)
      busy = false
      pthread_cond_broadcast(finished)
      pthread_mutex_unlock(mutex)
    }
  }

  /// Returns when a batch may be posted: looks for `spinNanoseconds`, then sleeps on `wake`.
  private func awaitBatch() {
    let deadline = Self.monotonic() + Self.spinNanoseconds
    while !posted.load(ordering: .acquiring) {
      if Self.monotonic() > deadline {
        pthread_mutex_lock(mutex)
        while pending == nil { pthread_cond_wait(wake, mutex) }
        pthread_mutex_unlock(mutex)
        return
      }
      sched_yield()
    }
  }

  private static func monotonic() -> Int {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return t.tv_sec * 1_000_000_000 + t.tv_nsec
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
