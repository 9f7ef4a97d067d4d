import Foundation
import Glibc
import TestSupport
import Testing

@testable import GraphCalcApp

@Suite struct AtomicFileSpecialTests {
  /// Regression: `export table /dev/null` once renamed a temporary file over /dev/null, turning
  /// the device into a regular file. A destination that is not a regular file is written in
  /// place and stays what it was.
  @Test func atomicFileWritesIntoAFIFOInPlace() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/pipe"
    #expect(mkfifo(path, 0o600) == 0)
    // A reader that is already open lets the writer's open(2) return at once.
    let reader = open(path, O_RDONLY | O_NONBLOCK)
    #expect(reader >= 0)
    defer { close(reader) }
    try AtomicFile.write("through the pipe\n", to: path)
    var buffer = [UInt8](repeating: 0, count: 64)
    let n = read(reader, &buffer, buffer.count)
    #expect(n == 17)
    #expect(String(decoding: buffer.prefix(max(0, n)), as: UTF8.self) == "through the pipe\n")
    var info = stat()
    #expect(stat(path, &info) == 0)
    #expect(info.st_mode & S_IFMT == S_IFIFO)
    #expect(try folder.names() == ["pipe"])
  }

  /// A symbolic link is followed: the file it points at is replaced and the link stays a link.
  @Test func atomicFileFollowsSymbolicLinks() throws {
    let folder = try TemporaryFolder()
    let target = folder.path + "/real.svg"
    let link = folder.path + "/link.svg"
    try "old".write(toFile: target, atomically: false, encoding: .utf8)
    #expect(symlink(target, link) == 0)
    try AtomicFile.write("new", to: link)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
    var info = stat()
    #expect(lstat(link, &info) == 0)
    #expect(info.st_mode & S_IFMT == S_IFLNK)
    #expect(try folder.names() == ["link.svg", "real.svg"])
  }
}
