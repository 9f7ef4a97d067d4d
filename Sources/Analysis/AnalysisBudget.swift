import Glibc
import Intervals

/// The limits of one analysis: how many boxes (subintervals) it may examine, for how long,
/// and the check that lets Ctrl-C stop it.
///
/// Every loop of the analysis asks `exhausted()` every few boxes; once it answers true the
/// analysis stops and reports what it has (the ranges it did not finish are named), so no
/// analysis runs unbounded in time or memory.
public struct AnalysisBudget: Sendable {
  /// The most boxes examined (each costs one or two interval evaluations).
  public var maxBoxes: Int
  /// The longest run, in seconds of the thread's CPU time (`WorkClock`).
  public var seconds: Double
  /// Whether the user asked to stop (the REPL's SIGINT flag); nil for never.
  public var interrupt: (@Sendable () -> Bool)?

  /// The budget of a command at the prompt: 400,000 boxes, 5 seconds, no interrupt.
  public static let standard = AnalysisBudget(maxBoxes: 400_000, seconds: 5)

  /// Creates a budget.
  public init(maxBoxes: Int, seconds: Double, interrupt: (@Sendable () -> Bool)? = nil) {
    self.maxBoxes = maxBoxes
    self.seconds = seconds
    self.interrupt = interrupt
  }
}

/// Why an analysis stopped before it finished.
public enum AnalysisStop: Sendable, Hashable {
  /// The box budget ran out.
  case boxes
  /// The time budget ran out.
  case time
  /// The user interrupted (Ctrl-C).
  case interrupted
}

/// A running budget: counts boxes and checks the clock and the interrupt flag every 64.
struct BudgetMeter {
  let budget: AnalysisBudget
  let deadline: Double
  var boxes = 0
  /// Why the analysis must stop, once it must.
  private(set) var stop: AnalysisStop?

  init(_ budget: AnalysisBudget) {
    self.budget = budget
    deadline = Self.now() + budget.seconds
  }

  /// Counts one box; true when the analysis must stop.
  mutating func spend() -> Bool {
    if stop != nil { return true }
    boxes += 1
    if boxes > budget.maxBoxes {
      stop = .boxes
    } else if boxes & 63 == 0 {
      if budget.interrupt?() == true {
        stop = .interrupted
      } else if Self.now() > deadline {
        stop = .time
      }
    }
    return stop != nil
  }

  /// Seconds of the thread's CPU time (`WorkClock`: a budget counts work, not load).
  static func now() -> Double { WorkClock.now() }
}
