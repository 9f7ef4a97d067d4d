import Glibc
import Synchronization

/// Reading one regular file on every core: the file is cut into pieces of about
/// `chunkBytes`, worker threads parse the pieces (records, fields, numbers) into plain values,
/// and the calling thread takes the pieces in file order and hands their records to the
/// reader's own loop (the column encoder, statistics), exactly as one serial pass would.
///
/// Where a piece starts is a guess: the byte after the first line feed at or after its
/// nominal start. A guess is right when the piece before it, parsed from a right start,
/// stops at the same record the guess began with (both at the first record with fields at
/// or after the boundary); a record cannot be told from its middle (a quoted field may hold
/// line feeds), so a wrong guess is parsed again, serially, from where the piece before
/// stopped. From a record's first byte the scanner's result depends only on the bytes, so
/// the values are those of the serial reader bit for bit. The one state a record inherits
/// from before it, whether blank lines came first (gnuplot's pen lift), is taken from the
/// piece before. (Mison and ParPaRaw speculate the same way: Y. Li et al., VLDB 2017;
/// E. Stehle and H.-A. Jacobsen, VLDB 2020.)
///
/// Memory: at most `window` pieces are parsed ahead of the one being consumed, each
/// `chunkBytes` of text as 8 bytes a value (1 MiB of a two-column CSV: about 1 MB).
enum ParallelReading {
  /// The nominal size of a piece (bytes).
  static let chunkBytes = 1 << 20

  /// Bit 0 of a record's flags: blank lines came before it.
  static let blankBefore: UInt32 = 1

  /// The flag bit of column `k` (< 31): its cell is the missing-value text
  /// (`DataFileOptions.missingText`).
  @inline(__always) static func missingTextBit(_ k: Int) -> UInt32 { 2 << UInt32(k) }

  /// One parsed piece: its records' values (row-major, one per column asked), their flags,
  /// and where it started and stopped.
  final class Chunk: @unchecked Sendable {
    /// The values (row-major) and flags of the records, `records` of each.
    var values = Plain<Double>(capacity: 0)
    var flags = Plain<UInt32>(capacity: 0)
    var records = 0
    var missing: [Int] = []
    /// Records cut at `RecordReader.maxRecordBytes` in the piece.
    var truncated = 0
    /// The offset of the piece's first record with fields (`Int.max`: none before the end).
    var firstStart = Int.max
    /// The offset of the first record with fields at or after the piece's end (`Int.max`:
    /// the file ended), and whether blank lines came before that record.
    var stop = Int.max
    var stopBlank = false
    /// The blank lines before that record (`stopBlank`: more than none).
    var stopBlankLines = 0
    /// The blank lines before the piece's first record, as its own reader saw them (right
    /// for the first piece only: a later piece's first record inherits `stopBlankLines` of
    /// the piece before).
    var firstBlankLines = 0
    /// The blank lines before the piece's other records, and how many of those records came
    /// after two or more (each starts a data set): gnuplot's `STATS_blank` and
    /// `STATS_blocks` counted in the scan that reads the values.
    var blankLines = 0
    var setBreaks = 0
    var error: DataFileError?
  }

  /// Parses the records of `reader` whose first byte is before `stopAt`, calling `emit`
  /// with each record's values and flags, and fills `chunk`'s counts and offsets.
  ///
  /// - Throws: `DataFileError` when reading fails or `interrupt` answers true (asked every
  ///   `InterruptCheck.interval` records).
  @inline(__always)
  static func scan(
    _ reader: RecordReader, columns: [DataFile.ResolvedColumn], missingText: [UInt8]?,
    stopAt: Int, interrupt: InterruptCheck, path: String, into chunk: Chunk,
    _ emit: (_ values: UnsafeBufferPointer<Double>, _ flags: UInt32) -> Void
  ) throws(DataFileError) {
    let width = columns.count
    // The record's values and the missing counts in memory of their own, not arrays
    // (whose uniqueness would be checked at every record).
    let out = UnsafeMutableBufferPointer<Double>.allocate(capacity: width)
    out.initialize(repeating: .nan)
    let missing = UnsafeMutableBufferPointer<Int>.allocate(capacity: width)
    missing.initialize(repeating: 0)
    var record = 0
    var cutBefore = reader.truncatedRecords
    var first = true
    var blankLines = 0
    var setBreaks = 0
    defer {
      chunk.missing = Array(missing)
      chunk.records = record
      chunk.blankLines = blankLines
      chunk.setBreaks = setBreaks
      out.deallocate()
      missing.deallocate()
    }
    while try reader.next() {
      let at = reader.recordOffset
      if first {
        chunk.firstStart = at
        first = false
      }
      if at >= stopAt {
        chunk.stop = at
        chunk.stopBlank = reader.blankLinesBefore > 0
        chunk.stopBlankLines = reader.blankLinesBefore
        chunk.truncated = cutBefore
        return
      }
      cutBefore = reader.truncatedRecords
      if record % InterruptCheck.interval == 0, interrupt.isInterrupted() {
        throw DataFileError(path: path, .interrupted(records: record))
      }
      let blanks = reader.blankLinesBefore
      var flags: UInt32 = 0
      if blanks > 0 {
        flags = blankBefore
        if record == 0 {
          chunk.firstBlankLines = blanks
        } else {
          blankLines += blanks
          if blanks >= 2 { setBreaks += 1 }
        }
      }
      let base = reader.base
      let spans = reader.spans
      for k in 0..<width {
        if let missingText, DataFile.isText(missingText, columns[k], base, spans) {
          flags |= missingTextBit(k)
          out[k] = .nan
          continue
        }
        let v = DataFile.value(columns[k], base, spans, record: record)
        out[k] = v
        if v.isNaN { missing[k] += 1 }
      }
      emit(UnsafeBufferPointer(out), flags)
      record += 1
    }
    chunk.truncated = reader.truncatedRecords
  }

  /// Parses one piece into `chunk`'s arrays (a worker's job); errors are kept in the chunk.
  static func parsePiece(
    _ reader: RecordReader, columns: [DataFile.ResolvedColumn], missingText: [UInt8]?,
    stopAt: Int, interrupt: InterruptCheck, path: String, reserve: Int, into chunk: Chunk
  ) {
    let values = Plain<Double>(capacity: reserve)
    let flags = Plain<UInt32>(capacity: reserve / max(1, columns.count))
    // The buffers' fields in locals while the piece is parsed: an append is a store, an
    // increment and a compare (an array's would also check its uniqueness).
    var to = values.base
    var room = values.capacity
    var toFlags = flags.base
    var roomFlags = flags.capacity
    var written = 0
    var records = 0
    do {
      try scan(
        reader, columns: columns, missingText: missingText, stopAt: stopAt, interrupt: interrupt,
        path: path, into: chunk
      ) { v, f in
        if written + v.count > room {
          values.count = written
          values.grow(to: written + v.count)
          to = values.base
          room = values.capacity
        }
        for x in v {
          to[written] = x
          written += 1
        }
        if records == roomFlags {
          flags.count = records
          flags.grow(to: records + 1)
          toFlags = flags.base
          roomFlags = flags.capacity
        }
        toFlags[records] = f
        records += 1
      }
    } catch {
      chunk.error = error
    }
    values.count = written
    flags.count = records
    chunk.values = values
    chunk.flags = flags
  }

  /// What the pieces are: where each starts (the main reader's position for the first, then
  /// guesses), or nil when the file is not worth cutting (too small, one core, no line feed
  /// near a boundary).
  static func boundaries(_ reader: RecordReader, chunkBytes: Int) -> [Int]? {
    guard let fd = reader.regularFileDescriptor else { return nil }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return nil }
    let size = Int(info.st_size)
    let first = reader.position
    guard size - first >= 2 * chunkBytes else { return nil }
    var starts = [first]
    let pieces = (size - first) / chunkBytes
    var probe = [UInt8](repeating: 0, count: 1 << 16)
    for k in 1..<pieces {
      let nominal = first + k * chunkBytes
      if nominal <= starts[starts.count - 1] { continue }
      let n = probe.withUnsafeMutableBytes {
        pread(fd, $0.baseAddress, $0.count, off_t(nominal - 1))
      }
      guard n > 0 else { return nil }
      guard let lf = probe[..<n].firstIndex(of: 0x0A) else { return nil }
      let start = nominal - 1 + lf + 1
      if start > starts[starts.count - 1] && start < size { starts.append(start) }
    }
    return starts.count >= 2 ? starts : nil
  }

  /// The number of cores online (1 when unknown).
  static var cores: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

  /// Streams the data records of `reader` (already past the layout's header) through the
  /// pieces, calling `body` once per record in file order with its values of `columns` and
  /// its flags (`blankBefore`, `missingTextBit`).
  ///
  /// - Parameters:
  ///   - chunkBytes: The nominal piece size (tests make it small to cut at every place).
  /// - Returns: The records, the missing cells of each column (NaN cells, not counting the
  ///   missing-value text), the records cut at 16 MiB, the blank lines before records
  ///   (`blankLines`) and the records after the first that come after two or more
  ///   (`setBreaks`: each starts a data set, gnuplot's `STATS_blocks` less one); nil when the
  ///   file is not cut
  ///   (not a regular file, too small, one core, the record number asked for, more than 31
  ///   columns): nothing was read then, and the caller reads serially.
  /// - Throws: `DataFileError` when reading fails or is interrupted.
  static func stream(
    _ reader: RecordReader, columns: [DataFile.ResolvedColumn], path: String,
    options: DataFileOptions, chunkBytes: Int = ParallelReading.chunkBytes,
    _ body: (_ values: UnsafeBufferPointer<Double>, _ flags: UInt32) -> Void
  ) throws(DataFileError) -> (
    records: Int, missing: [Int], truncated: Int, blankLines: Int, setBreaks: Int
  )? {
    let width = columns.count
    return try streamPieces(
      reader, columns: columns, path: path, options: options, chunkBytes: chunkBytes
    ) { values, flags in
      for r in 0..<flags.count {
        body(UnsafeBufferPointer(rebasing: values[(r * width)..<((r + 1) * width)]), flags[r])
      }
    }
  }

  /// `stream`, calling `body` once per piece, in file order, with all of its records: their
  /// values (row-major, `columns.count` a record) and flags (the first record's
  /// `blankBefore` already what the file has before it). A loop over a piece costs the
  /// caller one call, not one a record.
  /// - Returns: as `stream`.
  /// - Throws: as `stream`.
  static func streamPieces(
    _ reader: RecordReader, columns: [DataFile.ResolvedColumn], path: String,
    options: DataFileOptions, chunkBytes: Int = ParallelReading.chunkBytes,
    _ body: (_ values: UnsafeBufferPointer<Double>, _ flags: UnsafeBufferPointer<UInt32>) -> Void
  ) throws(DataFileError) -> (
    records: Int, missing: [Int], truncated: Int, blankLines: Int, setBreaks: Int
  )? {
    guard cores >= 2 || chunkBytes < ParallelReading.chunkBytes, columns.count <= 31,
      columns.allSatisfy({ $0.field >= 0 }), let starts = boundaries(reader, chunkBytes: chunkBytes)
    else { return nil }
    let pieces = starts.count
    let workers = min(max(cores, 2), 4)
    let queue = PieceQueue(pieces: pieces, window: workers + 1)
    defer { queue.destroy() }
    let scanner = reader.scanner
    let missingText = options.missingText
    let interrupt = options.interrupt
    let mainReader = UncheckedBox(reader)
    reader.readLimit = starts[1]
    let reserve = chunkBytes / 6  // values of a piece of numbers (a value and its comma: 6+ bytes)
    let stopAt = { @Sendable (k: Int) -> Int in k + 1 < pieces ? starts[k + 1] : Int.max }
    let work: @Sendable () -> Void = {
      while true {
        sem_wait(queue.slots)
        if queue.cancelled.load(ordering: .relaxed) { break }
        let k = queue.next.wrappingAdd(1, ordering: .relaxed).oldValue
        if k >= pieces {
          sem_post(queue.slots)
          break
        }
        let chunk = queue.chunks[k]
        do throws(DataFileError) {
          let pieceReader: RecordReader
          if k == 0 {
            pieceReader = mainReader.value
          } else {
            pieceReader = try RecordReader(path: path, offset: starts[k])
            pieceReader.scanner = scanner
            pieceReader.interrupt = interrupt
            pieceReader.readLimit = stopAt(k)
          }
          parsePiece(
            pieceReader, columns: columns, missingText: missingText, stopAt: stopAt(k),
            interrupt: interrupt, path: path, reserve: reserve, into: chunk)
        } catch {
          chunk.error = error
        }
        sem_post(queue.ready + k)
      }
    }
    let threads = (0..<workers).compactMap { _ in startThread(work) }
    if threads.isEmpty {
      reader.readLimit = Int.max
      return nil  // no thread could start: nothing was read
    }
    defer {
      queue.cancelled.store(true, ordering: .relaxed)
      for _ in 0..<workers { sem_post(queue.slots) }
      for t in threads { pthread_join(t, nil) }
    }
    var records = 0
    var missing = [Int](repeating: 0, count: columns.count)
    var truncated = 0
    var previousStop = 0
    var previousBlank = false
    var previousBlankLines = 0
    var blankLines = 0
    var setBreaks = 0
    let width = columns.count
    for k in 0..<pieces {
      sem_wait(queue.ready + k)
      let parsed = queue.chunks[k]
      var chunk = parsed
      if let error = chunk.error {
        if case .interrupted = error.kind {
          throw DataFileError(path: path, .interrupted(records: records))
        }
        throw error
      }
      if k > 0 && chunk.firstStart != previousStop {
        // The guess began inside a record (a quoted line feed): parse the piece again from
        // where the piece before stopped.
        chunk = Chunk()
        if previousStop != Int.max {
          let again = try RecordReader(path: path, offset: previousStop)
          again.scanner = scanner
          again.interrupt = interrupt
          again.readLimit = stopAt(k)
          parsePiece(
            again, columns: columns, missingText: missingText, stopAt: stopAt(k),
            interrupt: interrupt, path: path, reserve: reserve, into: chunk)
          if let error = chunk.error { throw error }
        }
      }
      if chunk.records > 0 {
        let flags = chunk.flags.base
        if k > 0 {
          flags[0] = (flags[0] & ~blankBefore) | (previousBlank ? blankBefore : 0)
        }
        body(
          UnsafeBufferPointer(start: chunk.values.base, count: chunk.values.count),
          UnsafeBufferPointer(start: flags, count: Swift.min(chunk.records, chunk.flags.count)))
        // The first record's blank lines are the piece before's to tell (but the file's).
        let first = k == 0 ? chunk.firstBlankLines : previousBlankLines
        blankLines += first + chunk.blankLines
        setBreaks += chunk.setBreaks + (records > 0 && first >= 2 ? 1 : 0)
      }
      records += chunk.records
      for c in 0..<width { missing[c] += chunk.missing[c] }
      truncated += chunk.truncated
      previousStop = chunk.stop
      if chunk.records > 0 || k == 0 {
        previousBlank = chunk.stopBlank
        previousBlankLines = chunk.stopBlankLines
      }
      // A piece without records stops at the record the piece before stopped at; whether
      // blank lines came before it is what that piece saw (this one began past them).
      parsed.values = Plain(capacity: 0)  // free the piece's values
      parsed.flags = Plain(capacity: 0)
      sem_post(queue.slots)
    }
    return (records, missing, truncated, blankLines, setBreaks)
  }
}

extension ParallelReading {
  /// A growable buffer of plain values that one thread fills and another reads after it,
  /// freed with the object. A worker writes through its `base` directly (see `parsePiece`),
  /// so an append costs no array bookkeeping.
  final class Plain<T: BitwiseCopyable>: @unchecked Sendable {
    /// The storage: `capacity` elements, the first `count` written.
    private(set) var base: UnsafeMutablePointer<T>
    private(set) var capacity: Int
    /// The elements written.
    var count = 0

    /// An empty buffer with room for `capacity` elements (at least 1).
    init(capacity: Int) {
      self.capacity = Swift.max(1, capacity)
      base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Makes room for at least `needed` elements, keeping the first `count`.
    func grow(to needed: Int) {
      let capacity = Swift.max(needed, 2 * self.capacity)
      let bigger = UnsafeMutablePointer<T>.allocate(capacity: capacity)
      bigger.update(from: base, count: count)
      base.deallocate()
      base = bigger
      self.capacity = capacity
    }
  }
}

/// The pieces being parsed: their results, a semaphore each that says a piece is parsed,
/// and the window of pieces that may be parsed ahead.
private final class PieceQueue: @unchecked Sendable {
  let chunks: [ParallelReading.Chunk]
  let ready: UnsafeMutablePointer<sem_t>
  let slots: UnsafeMutablePointer<sem_t>
  let next = Atomic<Int>(0)
  let cancelled = Atomic<Bool>(false)
  let count: Int

  init(pieces: Int, window: Int) {
    count = pieces
    chunks = (0..<pieces).map { _ in ParallelReading.Chunk() }
    ready = .allocate(capacity: pieces)
    for k in 0..<pieces { sem_init(ready + k, 0, 0) }
    slots = .allocate(capacity: 1)
    sem_init(slots, 0, UInt32(window))
  }

  func destroy() {
    for k in 0..<count { sem_destroy(ready + k) }
    sem_destroy(slots)
    ready.deallocate()
    slots.deallocate()
  }
}

/// A value handed to another thread that only that thread touches meanwhile.
private struct UncheckedBox<T>: @unchecked Sendable {
  let value: T
  init(_ value: T) { self.value = value }
}

private final class ThreadBody {
  let body: @Sendable () -> Void
  init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}

/// Starts a POSIX thread running `body`; nil when the system refuses one.
private func startThread(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
  var thread = pthread_t()
  let retained = Unmanaged.passRetained(ThreadBody(body))
  let box = retained.toOpaque()
  let made = pthread_create(
    &thread, nil,
    { raw in
      let box = Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue()
      box.body()
      return nil
    }, box)
  if made != 0 {
    retained.release()
    return nil
  }
  return thread
}
