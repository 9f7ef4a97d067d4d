// Fuzz target: the data-file reader. The input is written to a temporary file, which is
// read with DataFile.header, columns, defaultUsing, read, readTable and stats.
import DataFiles
import Glibc

let path: String = {
  var template = Array("/tmp/robust-fuzz-data-XXXXXX".utf8CString)
  let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
  if fd >= 0 { close(fd) }
  return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let fd = open(path, O_WRONLY | O_TRUNC | O_CREAT, 0o600)
  guard fd >= 0 else { return 0 }
  var done = 0
  while done < count {
    let n = write(fd, start + done, count - done)
    if n <= 0 { break }
    done += n
  }
  close(fd)
  let separators: [DataFileOptions] = [
    DataFileOptions(), DataFileOptions(separator: UInt8(ascii: ",")),
  ]
  for options in separators {
    _ = try? DataFile.header(path: path, options: options)
    _ = try? DataFile.columns(path: path, options: options)
    _ = try? DataFile.defaultUsing(path: path, options: options)
    _ = try? DataFile.read(path: path, x: .index(1), y: .index(2), options: options)
    _ = try? DataFile.read(path: path, x: nil, y: .index(1), options: options)
    _ = try? DataFile.readTable(
      path: path, columns: [.index(1), .index(2), .index(3)], options: options)
    _ = try? DataFile.stats(path: path, column: .index(2), options: options)
    _ = try? DataFile.stats(path: path, column: .name("y"), options: options)
  }
  return 0
}
