import Glibc
import Testing

@testable import Intervals

/// `WorkClock` counts the thread's CPU time, so a budget read on it is not used up while
/// the thread waits (for the machine's other work, here a sleep): the same command gives the
/// same answer on a loaded machine.
struct WorkClockTests {
  @Test func aSleepingThreadSpendsNoBudget() {
    let before = WorkClock.now()
    var pause = timespec(tv_sec: 0, tv_nsec: 300_000_000)
    var left = timespec()
    while nanosleep(&pause, &left) != 0 { pause = left }
    let spent = WorkClock.now() - before
    // 0.3 s of wall time passed; the thread used almost none of it.
    #expect(spent >= 0)
    #expect(spent < 0.05, "spent \(spent) s of CPU while asleep")
  }

  @Test func workAdvancesTheClock() {
    let before = WorkClock.now()
    var x = 0.0
    var i = 0
    while WorkClock.now() - before < 0.02 && i < 1_000_000_000 {
      x += Double(i).squareRoot()
      i += 1
    }
    #expect(WorkClock.now() - before >= 0.02)
    #expect(x > 0)
  }
}
