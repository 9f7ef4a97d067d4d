import Glibc
// Fuzz target: the REPL's command line. Each line of the input goes to Session.run, in a
// session with a small terminal, working in a private temporary folder. Lines naming a path
// with '/' are skipped so the fuzzer never writes or reads outside that folder (or reads
// /dev/zero forever).
import GraphCalcApp

let folder: Void = {
  var template = Array("/tmp/robust-fuzz-session-XXXXXX".utf8CString)
  template.withUnsafeMutableBufferPointer { buffer in
    if let path = mkdtemp(buffer.baseAddress!) { _ = chdir(path) }
  }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  _ = folder
  let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
  var session = Session(terminalSize: TerminalSize(columns: 40, rows: 14))
  for line in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(24) {
    if line.contains("/") || line.contains("\"-\"") || line.contains(" - ") { continue }
    let reply = session.run(String(line))
    if reply.quits { break }
  }
  return 0
}
