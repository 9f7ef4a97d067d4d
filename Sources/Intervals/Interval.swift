/// A closed interval of real numbers with the two decoration flags of Tupper's method.
///
/// An `Interval` is the enclosure that interval arithmetic computes: when a function is
/// evaluated over an input interval `X`, the result `Y` holds every value the function takes
/// at the points of `X` where it is defined (`lo ... hi`, in the units of the function's
/// values). Bounds are rounded outward, so the enclosure is never too narrow.
///
/// Two flags record what the arithmetic learned on the way, after T. Tupper, "Reliable
/// Two-Dimensional Graphing Methods for Mathematical Formulae with Two Free Variables",
/// SIGGRAPH 2001, section 3 (the `def` and `cont` decorations):
/// - `isDefinedEverywhere`: the function is defined at every point of `X` (false when part of
///   `X` lies outside a domain, as `sqrt` over `[-1, 1]`).
/// - `isContinuous`: no jump or pole may lie in `X` (false for `floor` over a step, division
///   by an interval holding 0, `tan` over a pole, a conditional whose test changes in `X`).
///
/// An empty interval (`lo > hi`, or a NaN bound) means the function is defined nowhere in `X`.
public struct Interval: Sendable, Hashable, CustomStringConvertible {
  /// The lower bound (may be `-infinity`).
  public var lo: Double
  /// The upper bound (may be `+infinity`).
  public var hi: Double
  /// Whether the function is defined at every point of the input (Tupper's `def`).
  public var isDefinedEverywhere: Bool
  /// Whether the function is continuous over the whole input (Tupper's `cont`).
  public var isContinuous: Bool

  /// Creates the interval `[lo, hi]` with the given flags.
  ///
  /// - Parameters:
  ///   - lo: The lower bound.
  ///   - hi: The upper bound; `lo > hi` makes an empty interval.
  ///   - isDefinedEverywhere: Tupper's `def` flag; defaults to `true`.
  ///   - isContinuous: Tupper's `cont` flag; defaults to `true`.
  @inlinable
  public init(
    _ lo: Double, _ hi: Double, isDefinedEverywhere: Bool = true, isContinuous: Bool = true
  ) {
    self.lo = lo
    self.hi = hi
    self.isDefinedEverywhere = isDefinedEverywhere
    self.isContinuous = isContinuous
  }

  /// The degenerate interval `[value, value]`, defined and continuous.
  @inlinable
  public init(_ value: Double) {
    self.init(value, value)
  }

  /// The interval that is defined nowhere (empty, not continuous).
  public static let empty = Interval(.nan, .nan, isDefinedEverywhere: false, isContinuous: false)

  /// The whole real line, `[-inf, inf]`, with flags that promise nothing.
  public static let unknown = Interval(
    -.infinity, .infinity, isDefinedEverywhere: false, isContinuous: false)

  /// Whether the interval holds no value (the function is defined nowhere in the input).
  @inlinable
  public var isEmpty: Bool { !(lo <= hi) }

  /// `hi - lo`, or 0 when empty.
  @inlinable
  public var width: Double { isEmpty ? 0 : hi - lo }

  /// Whether `value` lies in `[lo, hi]`.
  @inlinable
  public func contains(_ value: Double) -> Bool { lo <= value && value <= hi }

  /// `[lo, hi]` with its flags, as `[lo, hi]` or `[lo, hi] (partial, jump)`.
  public var description: String {
    if isEmpty { return "[empty]" }
    var flags: [String] = []
    if !isDefinedEverywhere { flags.append("partial") }
    if !isContinuous { flags.append("jump") }
    return "[\(lo), \(hi)]" + (flags.isEmpty ? "" : " (" + flags.joined(separator: ", ") + ")")
  }
}
