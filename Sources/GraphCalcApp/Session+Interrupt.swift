import DataFiles

extension Session {
  /// Lets Ctrl-C stop a long data-file read: `check` is asked every
  /// `InterruptCheck.interval` records while `plot "FILE"`, `bar "FILE"` or `stats` reads a
  /// file, and when it answers true the command fails with `FILE: interrupted after N
  /// records`, leaving the session as it was before the command; and a calculation with
  /// user functions (`fib(45)`) stops with `interrupted (after N calls of your functions)`
  /// (`CalculatorBrain.interrupt`). Function plots need no check: the sampler's budget
  /// bounds them (`SamplingBudget`).
  ///
  /// - Parameter check: Whether the user asked to stop (the REPL answers from its SIGINT
  ///   flag, `LineEditor.isInterruptPending()`); nil for never.
  public mutating func setInterruptCheck(_ check: (@Sendable () -> Bool)?) {
    data.options.interrupt = check.map { InterruptCheck($0) } ?? .never
    brain.interrupt = check
  }
}
