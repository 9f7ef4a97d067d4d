/// Reads a `StreamInput` in chunks and hands on whole lines.
///
/// Each `read` call waits at most its timeout for one chunk (64 KiB by default), splits it at
/// newlines with a `LineSplitter` (a line or a number cut between two chunks is joined), and
/// calls the handler per complete line. At the end of input the last line is handed on even
/// without a final newline.
public struct StreamReader<Input: StreamInput> {
  /// The source.
  public var input: Input
  /// The line splitter (for `overlongLines`).
  public private(set) var splitter: LineSplitter
  /// Whether the input has ended (or failed).
  public private(set) var ended = false
  /// Bytes read so far.
  public private(set) var bytesRead = 0
  private var buffer: [UInt8]

  /// A reader of `input`.
  /// - Parameters:
  ///   - input: the byte source.
  ///   - chunkSize: the most bytes read at once (values below 1 are taken as 1).
  ///   - maxLineLength: see `LineSplitter.maxLineLength`.
  public init(input: Input, chunkSize: Int = 65_536, maxLineLength: Int = 1 << 20) {
    self.input = input
    self.splitter = LineSplitter(maxLineLength: maxLineLength)
    buffer = [UInt8](repeating: 0, count: Swift.max(1, chunkSize))
  }

  /// Reads one chunk (waiting at most `timeout` seconds) and calls `line` per complete line.
  /// - Parameters:
  ///   - timeout: seconds to wait for data (0: don't wait; `nil`: wait for data or the end).
  ///   - line: called with each complete line (without `\n`), valid during the call only.
  /// - Returns: what the read gave; after `.end` or `.failed`, later calls return `.end`.
  public mutating func read(
    timeout: Double?, line: (UnsafeBufferPointer<UInt8>) -> Void
  ) -> StreamReadResult {
    if ended { return .end }
    var chunk = buffer
    buffer = []  // keep `chunk` uniquely referenced, so writing to it does not copy
    let result = chunk.withUnsafeMutableBytes { input.read(into: $0, timeout: timeout) }
    switch result {
    case .data(let n):
      let count = Swift.min(Swift.max(n, 0), chunk.count)
      bytesRead += count
      chunk.withUnsafeBytes { splitter.feed(UnsafeRawBufferPointer(rebasing: $0[0..<count]), line) }
    case .end, .failed:
      ended = true
      splitter.finish(line)
    case .timedOut:
      break
    }
    buffer = chunk
    return result
  }

  /// Reads one chunk (waiting at most `timeout` seconds) and hands its bytes on as they
  /// came, cut anywhere: for a reader that splits lines itself (`StreamSession.pump`). The
  /// splitter is not used, so nothing is handed on at the end of input.
  /// - Parameters:
  ///   - timeout: seconds to wait for data (0: don't wait; `nil`: wait for data or the end).
  ///   - bytes: called once with the chunk when data came, valid during the call only.
  /// - Returns: what the read gave; after `.end` or `.failed`, later calls return `.end`.
  public mutating func readChunk(
    timeout: Double?, _ bytes: (UnsafeRawBufferPointer) -> Void
  ) -> StreamReadResult {
    if ended { return .end }
    var chunk = buffer
    buffer = []  // keep `chunk` uniquely referenced, so writing to it does not copy
    let result = chunk.withUnsafeMutableBytes { input.read(into: $0, timeout: timeout) }
    switch result {
    case .data(let n):
      let count = Swift.min(Swift.max(n, 0), chunk.count)
      bytesRead += count
      chunk.withUnsafeBytes { bytes(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
    case .end, .failed:
      ended = true
    case .timedOut:
      break
    }
    buffer = chunk
    return result
  }
}

extension StreamReader: Sendable where Input: Sendable {}
