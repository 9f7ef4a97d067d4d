// Fuzz target: the stream reader. The input goes to StreamSession.consume in two chunks
// (so lines cross chunk boundaries), then the input ends and a frame is made.
import Streaming

@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  var options = StreamOptions()
  options.window = 64
  var session = StreamSession(options: options)
  let bytes = UnsafeRawBufferPointer(start: start, count: count)
  let half = count / 2
  session.consume(UnsafeRawBufferPointer(rebasing: bytes[0..<half]))
  session.consume(UnsafeRawBufferPointer(rebasing: bytes[half..<count]))
  _ = session.endOfInput()
  _ = session.frame(columns: 30)
  _ = session.frame(columns: 1)
  return 0
}
