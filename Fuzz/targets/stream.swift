// Fuzz target: the stream reader. The input goes to StreamSession.consume in two chunks
// (so lines cross chunk boundaries), then the input ends and a frame is made. The first
// byte picks the options: none, --columns, --exclude, --match, or --normalize --smooth.
import Streaming

@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  var options = StreamOptions()
  options.window = 64
  let bytes = UnsafeRawBufferPointer(start: start, count: count)
  switch count > 0 ? bytes[0] % 5 : 0 {
  case 1: options.columns = [.position(2), .name("time"), .name("free")]
  case 2: options.excluded = [.position(1), .name("ttl")]
  case 3: options.match = "([0-9.]+) ?(ms|%)"
  case 4:
    options.normalize = true
    options.smooth = true
  default: break
  }
  var session = StreamSession(options: options)
  let half = count / 2
  session.consume(UnsafeRawBufferPointer(rebasing: bytes[0..<half]))
  session.consume(UnsafeRawBufferPointer(rebasing: bytes[half..<count]))
  _ = session.endOfInput()
  _ = session.frame(columns: 30)
  _ = session.frame(columns: 1)
  _ = session.parser.columnProblem?.description
  return 0
}
