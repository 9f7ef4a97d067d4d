import Glibc

/// The clock of every time budget (analysis, relation solves, curve sampling, `fit`): the
/// seconds of CPU time the calling thread has used (`CLOCK_THREAD_CPUTIME_ID`, POSIX).
///
/// A budget counts work, not wall time, so what it allows (how far an integral is refined,
/// how much of a relation is solved before autoscale reads it) does not depend on what else
/// the machine runs: the same command gives the same answer on a loaded machine as on a
/// quiet one. Wall time still ends every loop, through the budget's box counts and the
/// interrupt check (Ctrl-C).
public enum WorkClock {
  /// Seconds of CPU time used by the calling thread (an arbitrary origin: compare two
  /// readings of one thread only).
  public static func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
  }
}
