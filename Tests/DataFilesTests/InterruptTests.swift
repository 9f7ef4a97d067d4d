import Foundation
import Synchronization
import Testing

@testable import DataFiles

/// Ctrl-C while a file is read: `DataFileOptions.interrupt` is asked every
/// `InterruptCheck.interval` records and stops the read with an error.
@Suite struct InterruptTests {
  /// 50 000 records of `x,y`, after a header.
  static let text = "x,y\n" + (0..<50_000).map { "\($0),\($0 * 2)\n" }.joined()

  /// A check that answers true from its `after`-th call on (1-based), counting calls.
  final class Countdown: Sendable {
    let calls = Atomic<Int>(0)
    let after: Int
    init(after: Int) { self.after = after }
    var check: InterruptCheck {
      InterruptCheck { [self] in calls.add(1, ordering: .relaxed).newValue >= after }
    }
  }

  @Test func readStopsAtTheCheckThatAnswersTrue() throws {
    try withTemporaryFile(Self.text) { path in
      let countdown = Countdown(after: 3)
      var options = DataFileOptions()
      options.interrupt = countdown.check
      #expect(
        throws: DataFileError(path: path, .interrupted(records: 2 * InterruptCheck.interval))
      ) {
        try DataFile.read(path: path, x: .index(1), y: .index(2), options: options)
      }
      #expect(countdown.calls.load(ordering: .relaxed) == 3)
    }
  }

  @Test func aCheckThatNeverAnswersTrueReadsEverything() throws {
    try withTemporaryFile(Self.text) { path in
      let countdown = Countdown(after: Int.max)
      var options = DataFileOptions()
      options.interrupt = countdown.check
      let series = try DataFile.read(path: path, x: .index(1), y: .index(2), options: options)
      #expect(series.records == 50_000)
      #expect(series.y.last == 99_998)
      // Asked at records 0, 8192, ..., 49152: 7 times.
      #expect(
        countdown.calls.load(ordering: .relaxed) == (50_000 + InterruptCheck.interval - 1)
          / InterruptCheck.interval)
    }
  }

  /// Every reader goes through the same loop.
  @Test func tableStatsAndForEachStopToo() throws {
    try withTemporaryFile(Self.text) { path in
      var options = DataFileOptions()
      options.interrupt = InterruptCheck { true }
      let stopped = DataFileError(path: path, .interrupted(records: 0))
      #expect(stopped.message == "interrupted after 0 records")
      #expect(throws: stopped) {
        try DataFile.readTable(path: path, columns: [.index(1), .index(2)], options: options)
      }
      #expect(throws: stopped) {
        try DataFile.stats(path: path, column: .index(2), options: options)
      }
      var seen = 0
      #expect(throws: stopped) {
        try DataFile.forEachRecord(path: path, columns: [.index(1)], options: options) { _ in
          seen += 1
        }
      }
      #expect(seen == 0)
    }
  }

  @Test func checksDoNotChangeEquality() {
    var a = DataFileOptions()
    a.interrupt = InterruptCheck { true }
    #expect(a == DataFileOptions())
    #expect(a.hashValue == DataFileOptions().hashValue)
  }
}
