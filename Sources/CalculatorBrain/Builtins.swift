/// The names the language knows before the user defines any: functions, constants, and words
/// that cannot be reassigned.
public enum Builtins {
  /// How many arguments a built-in function takes.
  public enum Arity: Sendable, Hashable {
    /// Exactly this many.
    case exactly(Int)
    /// Any count within the range (`log(x)` or `log(x, b)`).
    case range(ClosedRange<Int>)
    /// At least this many (`min`, `max`).
    case atLeast(Int)

    /// Whether `count` arguments are accepted.
    public func accepts(_ count: Int) -> Bool {
      switch self {
      case .exactly(let n): return count == n
      case .range(let r): return r.contains(count)
      case .atLeast(let n): return count >= n
      }
    }
  }

  /// Every built-in function and its arity.
  public static let functions: [String: Arity] = [
    "sin": .exactly(1), "cos": .exactly(1), "tan": .exactly(1),
    "asin": .exactly(1), "acos": .exactly(1), "atan": .exactly(1), "atan2": .exactly(2),
    "sinh": .exactly(1), "cosh": .exactly(1), "tanh": .exactly(1),
    "asinh": .exactly(1), "acosh": .exactly(1), "atanh": .exactly(1),
    "exp": .exactly(1), "ln": .exactly(1), "log": .range(1...2), "log10": .exactly(1),
    "log2": .exactly(1), "sqrt": .exactly(1), "cbrt": .exactly(1), "abs": .exactly(1),
    "floor": .exactly(1), "ceil": .exactly(1), "round": .exactly(1), "trunc": .exactly(1),
    "sign": .exactly(1), "min": .atLeast(1), "max": .atLeast(1), "hypot": .exactly(2),
    "pow": .exactly(2), "gamma": .exactly(1), "mod": .exactly(2),
  ]

  /// The constants and their values.
  public static let constants: [String: Double] = [
    "pi": Double.pi, "e": 2.718281828459045, "tau": 2 * Double.pi,
    "inf": Double.infinity, "nan": Double.nan,
  ]
}
