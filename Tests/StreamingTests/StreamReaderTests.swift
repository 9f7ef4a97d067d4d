import Glibc
import Testing

@testable import Streaming

@Suite struct StreamReaderTests {
  /// Reads `text` through a reader with chunks of `size` bytes; returns the lines.
  func lines(of text: String, chunkSize size: Int) -> [String] {
    var reader = StreamReader(input: BytesInput(text, chunkSize: size), chunkSize: 7)
    var out: [String] = []
    while !reader.ended {
      _ = reader.read(timeout: 0) { out.append(String(decoding: $0, as: UTF8.self)) }
    }
    return out
  }

  /// Every chunk size, so each line and each number is cut at every position.
  @Test func chunkBoundariesSplittingLinesAndNumbers() {
    let text = "12.5 -3e2\n1,2,3\r\n\nprocs --mem--\n-0.000125;7\n99999999999999999999 4"
    let expected = [
      "12.5 -3e2", "1,2,3", "", "procs --mem--", "-0.000125;7", "99999999999999999999 4",
    ]
    for size in 1...text.utf8.count {
      #expect(lines(of: text, chunkSize: size) == expected, "chunk size \(size)")
    }
  }

  @Test func sessionSeesTheSameValuesWhateverTheChunking() {
    let text = "1.25 -2\n3 4e1\nr b\n-5.5 nan\n6 7"
    var reference = StreamSession()
    reference.consume(text: text)
    reference.endOfInput()
    for size in 1...text.utf8.count {
      var s = StreamSession()
      for chunk in chunks(Array(text.utf8), size: size) {
        chunk.withUnsafeBytes { s.consume($0) }
      }
      s.endOfInput()
      #expect(s.windows.count == 2)
      #expect(
        zip(s.windows[0].values, [1.25, 3, -5.5, 6]).allSatisfy { same($0, $1) }, "size \(size)")
      #expect(
        zip(s.windows[1].values, [-2, 40, .nan, 7]).allSatisfy { same($0, $1) }, "size \(size)")
      #expect(s.junkLines == 1)
      #expect(s.frame().valuesRead == reference.frame().valuesRead)
    }
  }

  @Test func overlongLinesAreDroppedAndCountedAsJunk() {
    let long = String(repeating: "1 ", count: 100)
    let text = "5\n\(long)\n6\n\(long)"
    for size in [1, 3, 64, 1000] {
      var reader = StreamReader(
        input: BytesInput(text, chunkSize: size), chunkSize: 64, maxLineLength: 50)
      var got: [String] = []
      while !reader.ended {
        _ = reader.read(timeout: 0) { got.append(String(decoding: $0, as: UTF8.self)) }
      }
      #expect(got == ["5", "6"], "chunk size \(size)")
      #expect(reader.splitter.overlongLines == 2)
    }
    var session = StreamSession()
    var reader = StreamReader(input: BytesInput(text), maxLineLength: 50)
    while case .frame = session.pump(&reader, maxWait: nil) {}
    #expect(session.junkLines == 2)
    #expect(session.windows[0].values == [5, 6])
  }

  @Test func lineLengthLimitIsTheSameWhateverTheChunking() {
    let text = "12345\r\n123456\n1\n1234567\r\n\n12345"
    for size in 1...text.utf8.count {
      var splitter = LineSplitter(maxLineLength: 5)
      var got: [String] = []
      for chunk in chunks(Array(text.utf8), size: size) {
        chunk.withUnsafeBytes { bytes in
          splitter.feed(bytes) { got.append(String(decoding: $0, as: UTF8.self)) }
        }
      }
      splitter.finish { got.append(String(decoding: $0, as: UTF8.self)) }
      #expect(got == ["12345", "1", "", "12345"], "chunk size \(size)")
      #expect(splitter.overlongLines == 2, "chunk size \(size)")
    }
  }

  @Test func readsAPipe() throws {
    var fds: [Int32] = [-1, -1]
    try #require(pipe(&fds) == 0)
    let text = Array("1 2\n3 4\n5".utf8)
    let written = text.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
    #expect(written == text.count)
    var reader = StreamReader(input: FileDescriptorInput(fd: fds[0]))
    var got: [String] = []
    // Nothing more yet: a read with a short timeout times out rather than blocking.
    _ = reader.read(timeout: 0.01) { got.append(String(decoding: $0, as: UTF8.self)) }
    #expect(got == ["1 2", "3 4"])
    #expect(reader.read(timeout: 0.01) { _ in } == .timedOut)
    close(fds[1])
    #expect(reader.read(timeout: 1) { got.append(String(decoding: $0, as: UTF8.self)) } == .end)
    #expect(got == ["1 2", "3 4", "5"])
    FileDescriptorInput(fd: fds[0]).close()
  }

  @Test func readsACommandsOutput() throws {
    var input = try CommandInput(command: "printf 'a b\\n1 2\\n3 4\\n'; echo oops >&2; exit 3")
    var reader = StreamReader(input: input)
    var session = StreamSession()
    var ended = false
    for _ in 0..<1000 where !ended {
      if case .ended = session.pump(&reader, maxWait: 1) { ended = true }
    }
    input = reader.input
    #expect(ended)
    #expect(input.close() == .exited(3))
    let frame = session.frame()
    #expect(frame.series.map(\.name) == ["a", "b"])
    #expect(frame.series[1].values == [2, 4])
    #expect(frame.junkLines == 2)  // the header and the merged standard error
    #expect(frame.lastJunkLine == "oops")
  }

  /// Regression: `close()` right after the end of a command's output signalled a command
  /// that was about to exit, reporting SIGTERM instead of its exit status (seen under load).
  @Test func aCommandThatClosedItsOutputMayExitByItself() throws {
    let input = try CommandInput(command: "echo 1; exec >&- 2>&-; sleep 0.2; exit 3")
    var reader = StreamReader(input: input)
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64, alignment: 1)
    defer { buffer.deallocate() }
    var ended = false
    for _ in 0..<1000 where !ended {
      if case .end = reader.input.read(into: buffer, timeout: 1) { ended = true }
    }
    #expect(ended)
    #expect(reader.input.close() == .exited(3))
  }

  @Test func closingARunningCommandEndsIt() throws {
    let input = try CommandInput(command: "while :; do echo 1; sleep 0.05; done")
    var reader = StreamReader(input: input)
    var got = 0
    while got == 0 { _ = reader.read(timeout: 2) { _ in got += 1 } }
    #expect(reader.input.close() == .signaled(SIGTERM))
    // Closing again finds no child and signals nothing.
    #expect(reader.input.close() == nil)
  }

  @Test func missingCommandExitsWith127AndSaysWhy() throws {
    let input = try CommandInput(command: "graphcalc-no-such-command-xyz")
    var reader = StreamReader(input: input)
    var session = StreamSession()
    while true {
      if case .ended = session.pump(&reader, maxWait: 1) { break }
    }
    #expect(reader.input.close() == .exited(127))
    #expect(session.frame().lastJunkLine?.contains("not found") == true)
  }

  @Test func openingAMissingFileThrows() {
    #expect(throws: StreamInputError.self) {
      _ = try FileDescriptorInput.open(path: "/nonexistent/graphcalc-stream-test")
    }
    #expect(
      StreamInputError.openFailed(path: "x.dat", errno: ENOENT).description
        == "cannot open 'x.dat': No such file or directory")
  }

  @Test(
    arguments: [
      (nil, -1), (0, 0), (-1, 0), (0.0001, 1), (0.25, 250), (Double.nan, 0), (1e300, 86_400_000),
    ] as [(Double?, Int32)])
  func pollTimeouts(_ seconds: Double?, _ ms: Int32) {
    #expect(FileDescriptorInput.milliseconds(seconds) == ms)
  }
}

@Suite struct StreamReaderCases {
  /// A descriptor is closed once: `CommandInput.close()` may be called again (it answers nil),
  /// and a second close of the number would close whatever descriptor reused it meanwhile (a
  /// parallel test's pipe lost its write end and read a false end of input).
  @Test func aClosedOnceDescriptorIsNotClosedAgain() throws {
    var fds: [Int32] = [-1, -1]
    try #require(pipe(&fds) == 0)
    defer {
      close(fds[0])
      close(fds[1])
    }
    // A number far above the ones other tests get, so reusing it disturbs nobody.
    let number = fcntl(fds[0], F_DUPFD, 900)
    try #require(number >= 900)
    let owner = ClosedOnce(number)
    owner.close()
    #expect(fcntl(number, F_GETFD) == -1)
    // Another descriptor takes the number, as a later pipe would.
    try #require(dup2(fds[1], number) == number)
    owner.close()
    #expect(
      fcntl(number, F_GETFD) != -1, "the second close closed the descriptor that reused the number")
    close(number)
  }
}
