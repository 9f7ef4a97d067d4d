import Glibc

/// Axis ticks at "nice" values (1, 2 or 5 × 10^n apart) with the labels a person writes.
///
/// The step follows P. S. Heckbert, "Nice Numbers for Graph Labels", Graphics Gems (1990):
/// the span divided by the wanted count less one, rounded to the nearest nice number. (Heckbert
/// first rounds the span itself up to a nice number because his "loose" labelling widens the
/// range to the outer ticks; ticks that must stay within a given range do better without that
/// step: [0, 0.3] gets 0, 0.1, 0.2, 0.3 rather than 0, 0.2.) Ticks are the multiples of the
/// step that lie in the range (an end that is a multiple within rounding counts as in). Labels are written
/// from the exact decimal `i × m × 10^e` (see `NumberLabel`), with the decimals the step needs
/// (`0.3`, never `0.30000000000000004`; zero is `0`, never `-0`), in exponent form (`1e20`,
/// `2.5e-9`) when positional notation would be longer than 7 characters and longer than the
/// exponent form. Any range ends: infinite bounds give no ticks, a range too narrow to
/// subdivide in doubles (flat at 1e13, width 1e-300) gives one tick at its middle.
public enum Ticks {
  /// The most ticks one call returns.
  public static let maximumCount = 500

  /// Heckbert's nice number near `x`: 1, 2, 5 or 10 × 10^n.
  ///
  /// - Parameters:
  ///   - x: A positive finite number (other values give NaN).
  ///   - round: `true` rounds to the nearest nice number (thresholds 1.5, 3, 7); `false`
  ///     gives the smallest nice number at least `x`.
  public static func niceNumber(_ x: Double, round: Bool) -> Double {
    guard let (m, e) = decompose(x, round: round) else { return .nan }
    return decimal(m, e)
  }

  /// The step between ticks for a span of `span` plot units and about `approximateCount`
  /// ticks: `niceNumber(span / (count - 1), round: true)` (after Heckbert).
  ///
  /// - Parameters:
  ///   - span: The width of the range, plot units (positive, finite; else NaN is returned).
  ///   - approximateCount: About how many ticks (clamped to 2...100).
  package static func niceStep(for span: Double, approximateCount: Int) -> Double {
    guard let (m, e) = stepDecomposition(span, approximateCount) else { return .nan }
    return decimal(m, e)
  }

  /// The ticks of `range`: multiples of `niceStep` within it, in increasing order, labelled.
  ///
  /// - Parameters:
  ///   - range: The axis range in plot units.
  ///   - approximateCount: About how many ticks (clamped to 1...100); the result has between
  ///     about half and twice as many (at least 2 when the range allows).
  /// - Returns: The ticks, at most `maximumCount`; empty for non-finite bounds; one tick at
  ///   the middle for a range too narrow to subdivide.
  public static func ticks(for range: ClosedRange<Double>, approximateCount: Int) -> [Tick] {
    let lo = range.lowerBound
    let hi = range.upperBound
    guard lo.isFinite, hi.isFinite, lo <= hi else { return [] }
    // A span that overflows (ends near ±1.8e308) is measured in halves.
    let span = hi - lo
    let half = hi * 0.5 - lo * 0.5
    guard half.isFinite else { return [] }
    let middle = span.isFinite ? lo + span / 2 : lo + half
    let maxAbs = max(abs(lo), abs(hi))
    let n = min(max(approximateCount, 1), 100)
    guard span > maxAbs * 1e-12, span > 1e-290,
      var (m, e) = stepDecomposition(from: lo, to: hi, max(n, 2))
    else { return [single(middle)] }

    // Walk down the 1-2-5 ladder until the range holds at least two ticks.
    var first = 0
    var last = -1
    for _ in 0..<8 {
      let step = decimal(m, e)
      let a = (lo / step - 1e-9).rounded(.up)
      let b = (hi / step + 1e-9).rounded(.down)
      guard abs(a) < 1e15, abs(b) < 1e15 else { return [single(middle)] }
      first = Int(a)
      last = Int(b)
      if last - first >= 1 || n == 1 && last >= first { break }
      (m, e) = m == 1 ? (5, e - 1) : m == 2 ? (1, e) : (2, e)
    }
    guard last >= first else { return [single(middle)] }
    last = min(last, first + maximumCount - 1)

    let indices = first...last
    let fixed = indices.map { NumberLabel.fixed(mantissa: $0 * m, exponent: e) }
    let useFixed: Bool
    let fixedLength = fixed.map(\.count).max() ?? 0
    if fixedLength <= 7 {
      useFixed = true
    } else {
      let expLength =
        indices.map { NumberLabel.scientific(mantissa: $0 * m, exponent: e).count }.max() ?? 0
      useFixed = fixedLength <= expLength
    }
    return indices.enumerated().map { k, i in
      let v = i == 0 ? 0 : min(max(decimal(i * m, e), lo), hi)
      let label = useFixed ? fixed[k] : NumberLabel.scientific(mantissa: i * m, exponent: e)
      return Tick(value: v, label: label)
    }
  }

  // MARK: Helpers

  /// The one tick of a range too narrow to subdivide.
  static func single(_ v: Double) -> Tick {
    Tick(value: v, label: NumberLabel.general(v))
  }

  /// `m × 10^e` as the nearest double (exact powers of ten up to 10^22 make it so).
  static func decimal(_ m: Int, _ e: Int) -> Double {
    let p = pow(10.0, Double(abs(e)))
    return e >= 0 ? Double(m) * p : Double(m) / p
  }

  /// Heckbert's nice number as (m, e) with m in {1, 2, 5} and value m × 10^e.
  static func decompose(_ x: Double, round: Bool) -> (Int, Int)? {
    guard x.isFinite, x > 0 else { return nil }
    let lg = log10(x).rounded(.down)
    guard lg.isFinite, abs(lg) < 400 else { return nil }
    var e = Int(lg)
    var f = x / pow(10.0, lg)
    if f >= 10 {
      f /= 10
      e += 1
    } else if f < 1 {
      f *= 10
      e -= 1
    }
    let nice: Int
    if round {
      nice = f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10
    } else {
      nice = f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10
    }
    return nice == 10 ? (1, e + 1) : (nice, e)
  }

  static func stepDecomposition(_ span: Double, _ count: Int) -> (Int, Int)? {
    let n = min(max(count, 2), 100)
    return decompose(span / Double(n - 1), round: true)
  }

  /// `stepDecomposition` of the span from `lo` to `hi`, also when the span overflows (ends
  /// near ±1.8e308): then `(hi/2 − lo/2) / ((count − 1) / 2)`, the same step.
  static func stepDecomposition(from lo: Double, to hi: Double, _ count: Int) -> (Int, Int)? {
    let span = hi - lo
    if span.isFinite { return stepDecomposition(span, count) }
    let n = min(max(count, 2), 100)
    return decompose((hi * 0.5 - lo * 0.5) / (Double(n - 1) * 0.5), round: true)
  }
}
