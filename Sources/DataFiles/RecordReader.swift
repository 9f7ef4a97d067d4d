import CRecordScan
import Glibc
import Synchronization

/// How the fields of a record are separated.
enum FieldSeparation: Equatable, Sendable {
  /// One byte (comma, semicolon, tab, ...) between fields; two in a row make an empty field.
  case delimiter(UInt8)
  /// Runs of spaces and tabs, leading and trailing ones ignored (gnuplot's `.dat` files).
  case whitespace
}

/// Where one field lies in the reader's buffer (byte offsets, `end` exclusive, surrounding
/// blanks and quotes removed).
struct FieldSpan {
  var start: Int
  var end: Int
  /// A quoted field with `""` escapes inside: its bytes need unescaping to be text, and it
  /// is never a number.
  var escaped: Bool
}

private let lineFeed = UInt8(ascii: "\n")
private let carriageReturn = UInt8(ascii: "\r")
private let quote = UInt8(ascii: "\"")
private let space = UInt8(ascii: " ")
private let tab = UInt8(ascii: "\t")

/// Splits records into fields, one record at a time, from a byte range.
///
/// CSV rules after RFC 4180: a field that starts with `"` (after blanks) runs to the next lone
/// `"`, may hold separators and line breaks, and writes a quote as `""`; bytes between the
/// closing quote and the next separator are ignored. Records end at LF, CR or CR LF. Blank
/// lines and comment lines give a record with no fields. Works on any bytes (NUL, invalid
/// UTF-8): they are just bytes of a field.
struct RecordScanner {
  var separation: FieldSeparation
  /// The comment byte, 0 for none.
  var comment: UInt8

  /// The delimiter when records may take `gc_scan_record`'s path (CRecordScan.h: a record
  /// with no quote, blank or CR, ending in LF, split in 16-byte compares to the same spans
  /// as `scan`), or 0: whitespace separation, or a delimiter that is itself a blank, quote
  /// or line end.
  var commonDelimiter: UInt8 {
    guard case .delimiter(let d) = separation, d != 0, d != space, d != quote, d != lineFeed,
      d != carriageReturn
    else { return 0 }
    return d
  }

  /// Scans the record starting at `from`, filling `spans`. Returns the offset after it and
  /// the number of line feeds it consumed, or `nil` when the record does not end before `to`
  /// and `atEOF` is false (then the caller reads more and scans again).
  func scan(
    _ p: UnsafePointer<UInt8>, from: Int, to: Int, atEOF: Bool, spans: inout [FieldSpan]
  ) -> (next: Int, lines: Int)? {
    spans.removeAll(keepingCapacity: true)
    var lines = 0
    let whitespace: Bool
    let delimiter: UInt8
    switch separation {
    case .whitespace:
      whitespace = true
      delimiter = space
    case .delimiter(let d):
      whitespace = false
      delimiter = d
    }
    // Blanks around fields: spaces, and tabs unless tab separates fields.
    let tabIsBlank = whitespace || delimiter != tab

    @inline(__always) func isBlank(_ b: UInt8) -> Bool {
      b == space || (b == tab && tabIsBlank)
    }
    @inline(__always) func isSeparator(_ b: UInt8) -> Bool {
      whitespace ? (b == space || b == tab) : b == delimiter
    }
    /// The end of the record whose terminator is at `k`, or nil when CR is the last byte.
    @inline(__always) func terminate(_ k: Int) -> (next: Int, lines: Int)? {
      if p[k] == carriageReturn {
        if k + 1 < to { return (p[k + 1] == lineFeed ? k + 2 : k + 1, lines + 1) }
        return atEOF ? (k + 1, lines + 1) : nil
      }
      return (k + 1, lines + 1)
    }

    var i = from
    while i < to && isBlank(p[i]) { i += 1 }
    if i == to { return atEOF ? (to, lines) : nil }
    let first = p[i]
    if first == lineFeed || first == carriageReturn { return terminate(i) }
    if first == comment && comment != 0 {
      while i < to && p[i] != lineFeed && p[i] != carriageReturn { i += 1 }
      if i == to { return atEOF ? (to, lines) : nil }
      return terminate(i)
    }
    while true {
      // `i` is at the first non-blank byte of a field (or at a separator / the end).
      if i < to && p[i] == quote {
        var j = i + 1
        let start = j
        var escaped = false
        while true {
          if j >= to {
            if !atEOF { return nil }
            break  // unterminated quote at the end of the file: the field runs to the end
          }
          let b = p[j]
          if b == quote {
            if j + 1 < to {
              if p[j + 1] == quote {
                escaped = true
                j += 2
                continue
              }
              break
            }
            if atEOF { break }
            return nil
          }
          if b == lineFeed { lines += 1 }
          j += 1
        }
        spans.append(FieldSpan(start: start, end: min(j, to), escaped: escaped))
        i = j + 1
        while i < to && !isSeparator(p[i]) && p[i] != lineFeed && p[i] != carriageReturn {
          i += 1
        }
      } else {
        let start = i
        if whitespace {
          while i < to {
            let b = p[i]
            if b == space || b == tab || b == lineFeed || b == carriageReturn { break }
            i += 1
          }
        } else {
          while i < to {
            let b = p[i]
            if b == delimiter || b == lineFeed || b == carriageReturn { break }
            i += 1
          }
        }
        var end = i
        while end > start && isBlank(p[end - 1]) { end -= 1 }
        spans.append(FieldSpan(start: start, end: end, escaped: false))
      }
      if i >= to { return atEOF ? (to, lines) : nil }
      let b = p[i]
      if b == lineFeed || b == carriageReturn { return terminate(i) }
      // a separator
      if whitespace {
        while i < to && (p[i] == space || p[i] == tab) { i += 1 }
        if i >= to { return atEOF ? (to, lines) : nil }
        if p[i] == lineFeed || p[i] == carriageReturn { return terminate(i) }
      } else {
        i += 1
        while i < to && isBlank(p[i]) { i += 1 }
      }
    }
  }
}

/// What has been read of a file that can be read only once (a FIFO, a pipe such as
/// `/dev/stdin`, a terminal): its descriptor, kept open, and every byte read from it, so the
/// readers of one command (the layout's detection, then the records; `stats` of several
/// columns) all see the same bytes from the start. (Each opened it anew: a pipe lost the
/// records the first reader had taken, and a FIFO's next open waited for a writer for ever.)
final class StreamTape: @unchecked Sendable {
  /// The descriptor, read by whichever reader needs bytes past `bytes`.
  let fd: Int32
  /// Every byte read from `fd` so far.
  var bytes: [UInt8] = []
  /// Whether `fd` reached its end.
  var atEOF = false

  init(fd: Int32) { self.fd = fd }

  /// A tape of bytes already in memory (`plot "-"`'s inline data): no descriptor, at its end.
  init(bytes: [UInt8]) {
    fd = -1
    self.bytes = bytes
    atEOF = true
  }

  deinit { if fd >= 0 { Glibc.close(fd) } }

  /// The tapes of the command running, by path.
  static let open = Mutex<[String: StreamTape]>([:])
  /// Whether `open` may hold a tape (set under its lock when one is added, cleared when
  /// they are forgotten), so that `DataFile.forgetStreams()`, which runs before every
  /// command, does not make `open` (a lazily initialised global: its once-token and storage
  /// are `.bss` pages a calculation would fault in) in a session that reads no FIFO or pipe.
  /// An atomic of a constant value is initialised statically (no once-token).
  static let anyOpen = Atomic<Bool>(false)

}

extension DataFile {
  /// The path that names inline data: `plot "-"` reads the lines typed after the command,
  /// up to a line `e` (gnuplot's convention), instead of a file.
  public static let inlinePath = "-"
}

extension DataFile {
  /// Forgets the files that can be read only once (FIFOs, pipes) read so far, closing them:
  /// the next command that names one reads it anew. The command layer calls it before each
  /// command, so that within one command every reader of such a file sees the same bytes.
  public static func forgetStreams() {
    guard StreamTape.anyOpen.load(ordering: .acquiring) else { return }
    StreamTape.open.withLock {
      $0.removeAll()
      StreamTape.anyOpen.store(false, ordering: .releasing)
    }
  }
}

/// Streams the records of a file through a fixed buffer: `open`/`read` from Glibc, no
/// `String` per line. A file that is not a regular one is read once per command
/// (`StreamTape`).
///
/// The buffer starts at 256 KiB and doubles only while one record does not fit, up to
/// `maxRecordBytes` (16 MiB); a longer record is cut there and the rest of its line skipped
/// (counted in `truncatedRecords`). Each byte is scanned a bounded number of times, so huge
/// lines cost linear time.
final class RecordReader {
  static let initialCapacity = 1 << 18
  static let maxRecordBytes = 1 << 24

  let path: String
  private let fd: Int32
  /// The bytes of a file that can be read only once, when this is one, and how far this
  /// reader has come through them.
  private let tape: StreamTape?
  private var tapePosition = 0
  private var buffer: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private var start = 0
  private var end = 0
  /// The file offset of `buffer[0]` (bytes), so records can say where they start.
  private var bufferOffset = 0
  /// The file offset (bytes) of the current record's first byte: where `next()` found it.
  private(set) var recordOffset = 0
  /// A file offset (bytes) the reader does not read past while the record it scans ends
  /// before it: a worker parsing one piece of a file (`ParallelReading`) reads no more than
  /// its piece and the record that crosses its end. `Int.max` by default.
  var readLimit = Int.max
  private(set) var atEOF = false
  private var skippingRestOfLine = false
  /// How to split records.
  var scanner: RecordScanner {
    didSet { commonDelimiter = scanner.commonDelimiter }
  }
  /// `scanner.commonDelimiter`, kept at hand.
  private var commonDelimiter: UInt8 = 0
  /// Whether common records take `gc_scan_record`'s path (tests turn it off to compare it
  /// with the general scanner; the spans, offsets and line counts are the same).
  var usesCommonPath = true
  /// The fields of the current record, as offsets into `base`; valid until the next
  /// `next()`.
  var spans: UnsafeBufferPointer<FieldSpan> {
    UnsafeBufferPointer(start: spanStorage, count: spanCount)
  }
  /// Where `spans` live (`spanCapacity` of them, `spanCount` in use): reader-owned memory,
  /// so a record's fields cost no array bookkeeping or exclusivity check.
  private var spanStorage = UnsafeMutablePointer<FieldSpan>.allocate(capacity: 64)
  private var spanCount = 0
  private var spanCapacity = 64
  /// The general scanner's fields, copied into `spanStorage`.
  private var scanned: [FieldSpan] = []
  /// The most fields a record may have on `gc_scan_record`'s path, and its offsets.
  private static let commonFields = 64
  private let bounds = UnsafeMutablePointer<Int>.allocate(capacity: 2 * commonFields)
  /// Line feeds consumed before the current record: its 1-based line is `linesBefore + 1`.
  private(set) var linesBefore = 0
  private var linesAfterCurrent = 0
  /// Records cut at `maxRecordBytes`.
  private(set) var truncatedRecords = 0
  /// Asked before each read of the file within a record longer than the first buffer: a
  /// record may be 16 MiB, and the rest of a longer one is skipped however long it is (a FIFO of rows followed by /dev/zero, a sparse 1 TB
  /// file), so the per-record check of `DataFile.stream` alone could not stop it.
  var interrupt = InterruptCheck.never
  /// Blank lines (nothing but blanks) between the previous record and the current one:
  /// gnuplot lifts the pen at one and ends a data set at two.
  private(set) var blankLinesBefore = 0
  /// Whether the line end after a record cut at `maxRecordBytes` is still to come (it
  /// ends that record's line, not a blank line).
  private var endOfCutLine = false

  /// Opens `path` for reading.
  /// - Parameters:
  ///   - path: The file.
  ///   - inlineData: The bytes the path stands for (`DataFileOptions.bytes(for:)`: `-`'s
  ///     inline data, a `$NAME` data block), read instead of a file; nil to open the file.
  /// - Throws: `DataFileError` with the system's reason (`No such file or directory`, ...),
  ///   or when the path is a directory.
  ///   - offset: Where to start reading a regular file (bytes; 0: its start). The bytes
  ///     there are read as the start of a record.
  init(path: String, inlineData: [UInt8]? = nil, offset: Int = 0) throws(DataFileError) {
    self.path = path
    capacity = Self.initialCapacity
    scanner = RecordScanner(separation: .whitespace, comment: 0)
    if let bytes = inlineData {
      tape = StreamTape(bytes: bytes)
      fd = -1
      buffer = Self.allocateBuffer(capacity)
      return
    }
    var named = stat()
    if stat(path, &named) == 0, named.st_mode & S_IFMT != S_IFREG,
      named.st_mode & S_IFMT != S_IFDIR,
      let known = StreamTape.open.withLock({ $0[path] })
    {
      tape = known
      fd = known.fd
      buffer = Self.allocateBuffer(capacity)
      return
    }
    let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
    if descriptor < 0 {
      let code = errno
      if code == ENOENT, path.utf8.first == UInt8(ascii: "$") {  // `plot $NAME` of no block
        throw DataFileError(path: path, .noDataBlock)
      }
      throw DataFileError(path: path, .system(errno: code))
    }
    var info = stat()
    if fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
      Glibc.close(descriptor)
      throw DataFileError(path: path, .directory)
    }
    if fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG {
      let made = StreamTape(fd: descriptor)
      StreamTape.open.withLock {
        $0[path] = made
        StreamTape.anyOpen.store(true, ordering: .releasing)
      }
      tape = made
    } else {
      tape = nil
      if offset > 0 {
        if lseek(descriptor, off_t(offset), SEEK_SET) < 0 {
          let failure = errno
          Glibc.close(descriptor)
          throw DataFileError(path: path, .system(errno: failure))
        }
        bufferOffset = offset
      }
    }
    fd = descriptor
    buffer = Self.allocateBuffer(capacity)
  }

  deinit {
    // A tape's descriptor stays open for the next reader; inline data have none.
    if tape == nil && fd >= 0 { Glibc.close(fd) }
    buffer.deallocate()
    spanStorage.deallocate()
    bounds.deallocate()
  }

  /// Bytes allocated after the buffer's capacity, zeroed: `gc_scan_record` loads 16 bytes
  /// at a time, past the last byte read, and never uses what they hold there.
  static let padding = Int(GC_SCAN_PADDING)

  /// A buffer of `capacity` bytes and the padding, all zero.
  private static func allocateBuffer(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
    let made = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity + padding)
    made.initialize(repeating: 0, count: capacity + padding)
    return made
  }

  /// The descriptor of a regular file (nil for pipes, FIFOs and inline data), for `pread`.
  var regularFileDescriptor: Int32? { tape == nil && fd >= 0 ? fd : nil }

  /// The file offset (bytes) where the next `next()` starts scanning.
  var position: Int { bufferOffset + start }

  /// The start of the buffer; field spans are offsets from it, valid until the next `next()`.
  var base: UnsafePointer<UInt8> { UnsafePointer(buffer) }

  /// Reads until the buffer holds `bytes` (at most its capacity) or the file ends, without
  /// consuming anything. Only before the first `next()`.
  func fillPrefix(_ bytes: Int) throws(DataFileError) {
    while !atEOF && end - start < min(bytes, capacity) {
      try readMore()
    }
  }

  /// Consumes the first `count` lines whatever they hold (gnuplot's `skip N`: metadata
  /// lines before the data or the header row). Only before the first `next()`.
  /// - Throws: `DataFileError` when reading fails.
  func skipLines(_ count: Int) throws(DataFileError) {
    var left = count
    while left > 0 {
      if start == end {
        if atEOF { return }
        try readMore()
        continue
      }
      if buffer[start] == lineFeed {
        left -= 1
        linesBefore += 1
      }
      start += 1
    }
  }

  /// Skips a UTF-8 byte order mark at the start of the file (spreadsheets write one).
  /// Only before the first `next()`, after `fillPrefix`.
  func skipByteOrderMark() {
    if end - start >= 3 && buffer[start] == 0xEF && buffer[start + 1] == 0xBB
      && buffer[start + 2] == 0xBF
    {
      start += 3
    }
  }

  /// The bytes read but not yet consumed.
  var pending: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: buffer + start, count: end - start)
  }

  /// Moves to the next record that has fields (blank and comment lines skipped).
  /// - Returns: false at the end of the file.
  /// - Throws: `DataFileError` when reading fails.
  func next() throws(DataFileError) -> Bool {
    linesBefore += linesAfterCurrent
    linesAfterCurrent = 0
    blankLinesBefore = 0
    while true {
      if skippingRestOfLine {
        var k = start
        while k < end && buffer[k] != lineFeed && buffer[k] != carriageReturn { k += 1 }
        if k < end {
          skippingRestOfLine = false
          endOfCutLine = true
          start = k
        } else {
          start = end
          if atEOF { return false }
          try readMore()
          continue
        }
      }
      if start == end && atEOF { return false }
      if commonDelimiter != 0 && usesCommonPath {
        var fields = 0
        let after = gc_scan_record(
          base, start, end, commonDelimiter, scanner.comment, bounds, Self.commonFields, &fields)
        if after >= 0 {
          for k in 0..<fields {
            spanStorage[k] = FieldSpan(start: bounds[2 * k], end: bounds[2 * k + 1], escaped: false)
          }
          spanCount = fields
          endOfCutLine = false
          linesAfterCurrent = 1
          recordOffset = bufferOffset + start
          start = after
          return true
        }
      }
      if let (next, lines) = scanner.scan(
        base, from: start, to: end, atEOF: atEOF, spans: &scanned)
      {
        let from = start
        start = next
        keepScanned()
        if scanned.isEmpty {
          linesBefore += lines
          if endOfCutLine {
            endOfCutLine = false
          } else if isBlank(from..<next) {
            blankLinesBefore += max(lines, 1)
          }
          continue
        }
        endOfCutLine = false
        linesAfterCurrent = lines
        recordOffset = bufferOffset + from
        return true
      }
      if start == 0 && end == capacity {
        if capacity < Self.maxRecordBytes {
          grow()
        } else {
          // Cut the record here; skip the rest of its line.
          recordOffset = bufferOffset + start
          _ = scanner.scan(base, from: start, to: end, atEOF: true, spans: &scanned)
          keepScanned()
          start = end
          skippingRestOfLine = true
          truncatedRecords += 1
          if scanned.isEmpty { continue }
          return true
        }
      }
      try readMore()
    }
  }

  /// Makes the general scanner's fields the current record's `spans`.
  private func keepScanned() {
    let n = scanned.count
    if n > spanCapacity {
      spanStorage.deallocate()
      spanCapacity = max(n, 2 * spanCapacity)
      spanStorage = .allocate(capacity: spanCapacity)
    }
    scanned.withUnsafeBufferPointer { from in
      for k in 0..<n { spanStorage[k] = from[k] }
    }
    spanCount = n
  }

  /// Whether the bytes `range` of the buffer are all blanks and line ends.
  private func isBlank(_ range: Range<Int>) -> Bool {
    for k in range {
      let b = buffer[k]
      if b != 0x20 && b != 0x09 && b != lineFeed && b != carriageReturn { return false }
    }
    return true
  }

  private func grow() {
    let bigger = Self.allocateBuffer(capacity * 2)
    bigger.update(from: buffer + start, count: end - start)
    buffer.deallocate()
    buffer = bigger
    bufferOffset += start
    end -= start
    start = 0
    capacity *= 2
  }

  /// Moves unconsumed bytes to the front and reads as much as fits (retrying on EINTR).
  private func readMore() throws(DataFileError) {
    if start > 0 {
      let count = end - start
      if count > 0 { memmove(buffer, buffer + start, count) }
      bufferOffset += start
      start = 0
      end = count
    }
    if end == capacity { grow() }  // not reached: `next()` grows or cuts a full buffer first
    // Within one long record only: between records `DataFile.stream` asks, every
    // `InterruptCheck.interval` records.
    if skippingRestOfLine || end - start >= Self.initialCapacity, interrupt.isInterrupted() {
      throw DataFileError(path: path, .interrupted(records: linesBefore))
    }
    if let tape {
      if tapePosition == tape.bytes.count {
        if tape.atEOF {
          atEOF = true
          return
        }
        try readTape(tape)
        if tapePosition == tape.bytes.count {
          atEOF = true
          return
        }
      }
      let n = Swift.min(capacity - end, tape.bytes.count - tapePosition)
      tape.bytes.withUnsafeBufferPointer { memcpy(buffer + end, $0.baseAddress! + tapePosition, n) }
      end += n
      tapePosition += n
      return
    }
    // Up to `readLimit` while it is ahead; past it (a record crossing it), in small pieces.
    let here = bufferOffset + end
    let room =
      readLimit > here
      ? Swift.min(capacity - end, readLimit - here) : Swift.min(capacity - end, 1 << 16)
    while true {
      let n = Glibc.read(fd, buffer + end, room)
      if n > 0 {
        end += n
        return
      }
      if n == 0 {
        atEOF = true
        return
      }
      if errno == EINTR { continue }
      throw DataFileError(path: path, .system(errno: errno), line: linesBefore + 1)
    }
  }

  /// Reads the next piece of `tape`'s file onto its end (nothing at its end of file).
  private func readTape(_ tape: StreamTape) throws(DataFileError) {
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = chunk.withUnsafeMutableBytes { Glibc.read(tape.fd, $0.baseAddress, $0.count) }
      if n > 0 {
        tape.bytes += chunk[..<n]
        return
      }
      if n == 0 {
        tape.atEOF = true
        return
      }
      if errno == EINTR { continue }
      throw DataFileError(path: path, .system(errno: errno), line: linesBefore + 1)
    }
  }
}
