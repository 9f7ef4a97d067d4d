@preconcurrency import CEditLine
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import LineEditor

/// The history file (issue 20, "Data lost"): entries encoded so that libedit's own reader
/// gives them back, trimming that keeps the cookie line and the newest entries, repair of
/// entries libedit cannot decode, and appends from several writers at once that stay whole.
/// libedit's `read_history` is the oracle: it is what loads the file at the next start.
@Suite(.serialized) struct HistoryStoreTests {
  /// The entries libedit loads from the file at `path` (libedit keeps one history a
  /// process; this suite is serialized and the only one that uses it).
  ///
  /// In a UTF-8 locale, as graphcalc runs at a UTF-8 terminal (it calls `setlocale(LC_CTYPE,
  /// "")`); the process's locale is put back after.
  static func libeditEntries(_ path: String) -> [String] {
    let previous = String(cString: setlocale(LC_CTYPE, nil))
    _ = setlocale(LC_CTYPE, "C.UTF-8")
    defer { _ = setlocale(LC_CTYPE, previous) }
    clear_history()
    stifle_history(2_000_000)
    guard read_history(path) == 0 else { return [] }
    return (0..<Int(history_length)).compactMap { i in
      history_get(history_base + Int32(i)).flatMap { $0.pointee.line.map { String(cString: $0) } }
    }
  }

  static let tricky = [
    "plot sin(x)", "  leading and trailing  ", "tab\there", "back\\slash \\040 literal",
    "√16 + π", "f(x) = {x < 0: -x, x^2}", "\u{1B}[31m red", "del\u{7F}", "\"quoted\" 'too'",
    "a\\", "∧ ∨ ¬ ≤ ≥ ≠ θ", "x".padding(toLength: 9000, withPad: "yz ", startingAt: 0),
  ]

  @Test func libeditReadsBackEveryEncodedEntry() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("history")
    let bytes = Array("\(HistoryStore.cookie)\n".utf8) + Self.tricky.flatMap(HistoryStore.encode)
    try folder.write(bytes, to: "history")
    #expect(Self.libeditEntries(path) == Self.tricky)
    // Our decoder agrees with libedit's strunvis on our own encoding.
    for entry in Self.tricky {
      let line = HistoryStore.encode(entry).dropLast()
      #expect(String(decoding: HistoryStore.decode(line), as: UTF8.self) == entry)
    }
  }

  /// strunvis's other escapes, as libedit's writer (strvis with VIS_WHITE) and other BSD
  /// tools write them.
  @Test func theDecoderReadsStrvisEscapes() {
    func decoded(_ text: String) -> [UInt8] { HistoryStore.decode(ArraySlice(text.utf8)) }
    #expect(decoded("a\\040b") == Array("a b".utf8))
    #expect(decoded("\\^A\\^?") == [1, 0x7F])
    #expect(decoded("\\M-C\\M-)") == [0xC3, 0xA9])  // é in meta notation
    #expect(decoded("\\M^A") == [0x81])
    #expect(decoded("\\n\\t\\s\\\\\\7") == [10, 9, 32, 92, 7])
    #expect(decoded("end\\") == Array("end\\".utf8))
  }

  /// libedit's own truncation dropped the cookie, after which libedit loaded nothing and the
  /// next start set the whole file aside; `trim` keeps the cookie and the newest entries.
  @Test func trimKeepsTheCookieAndTheNewestEntries() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("history")
    let entries = (1...1500).map { "1 + \($0)" }
    try folder.write(
      Array("\(HistoryStore.cookie)\n".utf8) + entries.flatMap(HistoryStore.encode), to: "history")
    chmod(path, 0o644)
    #expect(HistoryStore.trim(path, keeping: 1000) == nil)
    #expect(Self.libeditEntries(path) == Array(entries.suffix(1000)))
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.hasPrefix("\(HistoryStore.cookie)\n1\\040+\\040501\n"))
    #expect(
      try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
    // Nothing to do: the file is not rewritten (its inode stays).
    let before = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
    #expect(HistoryStore.trim(path, keeping: 1000) == nil)
    #expect(
      try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int == before)
    #expect(HistoryStore.trim(path, keeping: 0) == nil)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "\(HistoryStore.cookie)\n")
    #expect(try folder.names() == ["history"])  // no temporary file left
  }

  @Test func trimFollowsASymbolicLink() throws {
    let folder = try TemporaryFolder()
    let target = folder.path("real")
    try folder.write(
      Array("\(HistoryStore.cookie)\n".utf8) + (1...20).flatMap { HistoryStore.encode("\($0)") },
      to: "real")
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("history"), withDestinationPath: target)
    #expect(HistoryStore.trim(folder.path("history"), keeping: 5) == nil)
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: folder.path("history")) == target)
    #expect(Self.libeditEntries(folder.path("history")) == ["16", "17", "18", "19", "20"])
  }

  /// An entry whose bytes are not UTF-8 is one libedit cannot decode in a UTF-8 locale (it
  /// skips it, and recall stopped there); trim repairs it (U+FFFD for the bad bytes), and drops a second cookie line
  /// and a last entry cut short.
  @Test func entriesLibeditCannotDecodeAreRepaired() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("history")
    var bytes = Array("\(HistoryStore.cookie)\n".utf8)
    bytes += HistoryStore.encode("first")
    bytes += Array("bad".utf8) + [0xFF] + Array("raw\n".utf8)
    bytes += Array("bad\\M-?escaped\n".utf8)  // \M-? is 0xBF, a lone continuation byte
    bytes += Array("\(HistoryStore.cookie)\n".utf8)
    bytes += HistoryStore.encode("last")
    bytes += Array("cut sh".utf8)
    try folder.write(bytes, to: "history")
    // libedit alone shows the second cookie and the cut entry as entries.
    let before = Self.libeditEntries(path)
    #expect(before.contains(HistoryStore.cookie) && before.last == "cut sh")
    #expect(HistoryStore.trim(path, keeping: 1000) == nil)
    #expect(
      Self.libeditEntries(path) == ["first", "bad\u{FFFD}raw", "bad\u{FFFD}escaped", "last"])
  }

  /// Four writers appending 8 KiB entries at once: every entry whole, one cookie, nothing
  /// interleaved (before, entries over about 4 KiB interleaved, and two sessions starting on
  /// an empty history could both write the cookie).
  @Test func concurrentAppendsStayWhole() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("history")
    let writers = 4
    let each = 150
    let failures = Mutex(0)
    DispatchQueue.concurrentPerform(iterations: writers) { w in
      for i in 0..<each {
        let entry =
          "w\(w) e\(i) " + String(repeating: Character(UnicodeScalar(UInt8(97 + w))), count: 8192)
        if HistoryStore.append(entry, to: path) != nil { failures.withLock { $0 += 1 } }
      }
    }
    #expect(failures.withLock { $0 } == 0)
    let entries = Self.libeditEntries(path)
    #expect(entries.count == writers * each)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.components(separatedBy: HistoryStore.cookie).count == 2)
    for w in 0..<writers {
      let mine = entries.filter { $0.hasPrefix("w\(w) ") }
      #expect(mine.count == each)
      #expect(
        mine
          == (0..<each).map {
            "w\(w) e\($0) "
              + String(repeating: Character(UnicodeScalar(UInt8(97 + w))), count: 8192)
          })
    }
    #expect(
      try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
  }

  @Test func aFailedAppendSaysWhy() {
    #expect(HistoryStore.append("1+1", to: "/dev/full") == String(cString: strerror(ENOSPC)))
    #expect(HistoryStore.append("1+1", to: "/nonexistent-folder/history") != nil)
  }

  @Test func theSizeSettingIsAWholeNumberInRange() {
    #expect(HistoryStore.size(fromEnvironment: nil) == (1000, nil))
    #expect(HistoryStore.size(fromEnvironment: "50000").size == 50000)
    #expect(HistoryStore.size(fromEnvironment: "0").size == 0)
    let bad = HistoryStore.size(fromEnvironment: "lots\u{1B}[2J")
    #expect(bad.size == 1000)
    #expect(
      bad.warning
        == "graphcalc: GRAPHCALC_HISTORY_SIZE must be a whole number from 0 to 1000000, not 'lots?[2J'; keeping 1000 entries"
    )
    #expect(HistoryStore.size(fromEnvironment: "-5").warning != nil)
    #expect(HistoryStore.size(fromEnvironment: "2000000").warning != nil)
  }
}
