import Glibc

/// Cuts a byte stream that arrives in chunks of any size into lines.
///
/// A line ends at `\n`; a `\r` before it (CRLF files) is dropped. A line split across two
/// chunks (even in the middle of a number) is kept in a carry buffer until its end arrives.
/// A line longer than `maxLineLength` bytes is not a line anyone plots: its bytes are dropped
/// up to the next `\n` and it is counted in `overlongLines` instead of being handed on.
public struct LineSplitter: Sendable {
  /// The longest line (in bytes, without its `\n`) handed on whole; default 1 MiB. A session
  /// pumping a reader takes the reader's (`StreamSession.pump`).
  public internal(set) var maxLineLength: Int
  /// How many lines were dropped for being longer than `maxLineLength`.
  public private(set) var overlongLines = 0
  /// The bytes of an unfinished line from earlier chunks.
  private var carry: [UInt8] = []
  /// True while dropping the rest of an overlong line.
  private var skipping = false

  /// A splitter with an empty carry buffer.
  /// - Parameter maxLineLength: see `maxLineLength` (values below 1 are taken as 1).
  public init(maxLineLength: Int = 1 << 20) {
    self.maxLineLength = max(1, maxLineLength)
  }

  /// Whether an unfinished line is waiting for more bytes, or the rest of an overlong one
  /// is being dropped: the next line feed ends a line begun in an earlier chunk.
  var hasPartialLine: Bool { !carry.isEmpty || skipping }

  /// A whole line found outside `feed` (the session's block reader), as `feed` would hand
  /// it on: without a trailing `\r`; `nil`, and counted in `overlongLines`, when it is
  /// longer than `maxLineLength`.
  /// - Parameter line: the line's bytes, without its `\n`.
  /// - Returns: the line to hand on, or nil.
  mutating func wholeLine(_ line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
    var count = line.count
    if count > 0 && line[count - 1] == 0x0D { count -= 1 }
    if count > maxLineLength {
      overlongLines += 1
      return nil
    }
    return UnsafeBufferPointer(start: line.baseAddress, count: count)
  }

  /// Splits `bytes` into lines and calls `body` once per complete line, in order.
  ///
  /// The line passed to `body` is only valid during the call (it may point into `bytes` or
  /// into the carry buffer).
  /// - Parameters:
  ///   - bytes: the next chunk of the stream.
  ///   - body: called with each complete line, without its `\n` or trailing `\r`.
  public mutating func feed(
    _ bytes: UnsafeRawBufferPointer, _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    guard let raw = bytes.baseAddress else { return }
    let base = raw.assumingMemoryBound(to: UInt8.self)
    let n = bytes.count
    var start = 0
    while start < n {
      // memchr is much faster than a byte loop for long chunks.
      let rest = n - start
      guard let hit = memchrByte(base + start, 0x0A, rest) else {
        appendToCarry(UnsafeBufferPointer(start: base + start, count: rest))
        return
      }
      let end = hit - base
      if skipping {
        skipping = false
      } else if carry.isEmpty {
        emit(UnsafeBufferPointer(start: base + start, count: end - start), body)
      } else {
        appendToCarry(UnsafeBufferPointer(start: base + start, count: end - start))
        if skipping {
          skipping = false
        } else {
          carry.withUnsafeBufferPointer { emit($0, body) }
        }
        carry.removeAll(keepingCapacity: true)
      }
      start = end + 1
    }
  }

  /// Ends the stream: hands on the last line if it had no final `\n`.
  /// - Parameter body: called at most once, with the unfinished line.
  public mutating func finish(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    if !skipping && !carry.isEmpty {
      carry.withUnsafeBufferPointer { emit($0, body) }
    }
    skipping = false
    carry.removeAll(keepingCapacity: true)
  }

  private mutating func appendToCarry(_ part: UnsafeBufferPointer<UInt8>) {
    if skipping { return }
    // One byte more than the limit: room for a `\r` that `emit` strips before checking.
    if carry.count + part.count > maxLineLength + 1 {
      skipping = true
      overlongLines += 1
      carry.removeAll(keepingCapacity: false)
      return
    }
    carry.append(contentsOf: part)
  }

  private mutating func emit(
    _ line: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    if let whole = wholeLine(line) { body(whole) }
  }
}

/// `memchr` for one byte, typed for `UInt8` pointers.
@inline(__always)
func memchrByte(
  _ start: UnsafePointer<UInt8>, _ byte: UInt8, _ count: Int
) -> UnsafePointer<UInt8>? {
  guard let hit = memchr(start, Int32(byte), count) else { return nil }
  return UnsafePointer(hit.assumingMemoryBound(to: UInt8.self))
}
