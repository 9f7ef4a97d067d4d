import Glibc
import TextAndNumbers

/// The ticks of a log axis, after gnuplot 5.4 (`src/axis.c`: `make_tics`,
/// `quantize_normal_tics` and `gen_tics` for a nonlinear axis with computed ticks), in axis
/// coordinates (the exponents: the tick of 1000 on a base-10 axis lies at 3).
///
/// - **Major ticks** at the powers of the base whose exponents are multiples of a step:
///   gnuplot's `quantize_normal_tics` of the range's width in exponents with its guide of
///   20, at least 1 (up to 10 decades every power, up to 20 every second power, up to 50
///   every fifth, ...). The step depends only on the range, as in gnuplot, not on the
///   output's size.
/// - **Minor ticks** (unlabelled, `Tick.isMinor`): with a step of one power, at m × b^k for
///   m = 2 ... b - 1 on an integer base (2 ... 9 for base 10, none for base 2), which is
///   what gnuplot draws; with a larger step, at the powers the step skips (gnuplot spreads
///   its eight minor ticks evenly in values between two majors there: 12, 23, ... 89 between
///   1 and 100, which mark nothing).
/// - **Short ranges.** Where fewer than two powers lie in the range (gnuplot then labels one
///   tick or none: [2:5] has no label), a base-10 axis takes 1, 2 and 5 times the powers,
///   labelled, with the other integers' multiples as minor ticks; if still fewer than two,
///   any base takes the linear axis's ticks of the values (`Ticks`), placed at their
///   coordinates.
///
/// Labels are the values as gnuplot's default log format `% h` writes them: `%g` (six
/// significant digits: `1`, `0.001`, `100000`, `1.04858e+06`), its exponent form written
/// `10^6` (mantissa 1, as gnuplot's enhanced text shows `1x10^{6}` with the `1x` understood)
/// or `1.04858x10^6`.
public enum LogTicks {
  /// gnuplot's guide: about how many tick positions per axis `quantize_normal_tics` aims at.
  static let guide = 20.0
  /// gnuplot's tolerance for a tick at a range's end (`SIGNIF`), in steps.
  static let endTolerance = 1e-5

  /// gnuplot's `quantize_normal_tics(arg, guide)`: a tick step for a range `arg` wide
  /// (0.05, 0.1, 0.2, 0.5, 1 or 2 times a power of ten, or the range's rounded-up leading
  /// digit when the guide is tiny).
  ///
  /// - Parameters:
  ///   - arg: The width of the range (positive, finite).
  ///   - guide: About how many tick positions are wanted.
  /// - Returns: The step; NaN for a width that is not positive and finite.
  static func quantize(_ arg: Double, guide: Double) -> Double {
    guard arg.isFinite, arg > 0 else { return .nan }
    let power = pow(10.0, log10(arg).rounded(.down))
    let xnorm = arg / power
    let posns = guide / xnorm
    let tics: Double
    if posns > 40 {
      tics = 0.05
    } else if posns > 20 {
      tics = 0.1
    } else if posns > 10 {
      tics = 0.2
    } else if posns > 4 {
      tics = 0.5
    } else if posns > 2 {
      tics = 1
    } else if posns > 0.5 {
      tics = 2
    } else {
      tics = xnorm.rounded(.up)
    }
    return tics * power
  }

  /// The step between major ticks, in exponents, for a range `width` exponents wide:
  /// gnuplot's `quantize_normal_tics(width, 20)`, at least 1 (so majors are powers of the
  /// base).
  ///
  /// - Parameter width: The range's width in exponents.
  /// - Returns: The step (1, 2, 5, 10, 20, ...); 1 for a width that is not positive.
  public static func step(for width: Double) -> Double {
    let q = quantize(width, guide: guide)
    return q.isFinite && q > 1 ? q : 1
  }

  /// The ticks of a log axis of base `base` showing the coordinates `range` (exponents).
  ///
  /// - Parameters:
  ///   - range: The axis's range in coordinates (log_base of the values), finite.
  ///   - base: The logarithm's base, greater than 1.
  /// - Returns: Major and minor ticks, in increasing order, at coordinates within `range`;
  ///   at most `Ticks.maximumCount`; empty for a range that is not finite.
  public static func ticks(for range: ClosedRange<Double>, base: Double) -> [Tick] {
    let lo = range.lowerBound
    let hi = range.upperBound
    guard lo.isFinite, hi.isFinite, lo < hi, base > 1, base.isFinite else { return [] }
    let scale = AxisScale.log(base: base)
    let step = step(for: hi - lo)
    let slack = step * endTolerance
    let first = ((lo - slack) / step).rounded(.up)
    let last = ((hi + slack) / step).rounded(.down)
    guard abs(first) < 1e6, abs(last) < 1e6 else { return [] }
    var majors: [Double] = []
    if first <= last {
      var k = first
      while k <= last && majors.count < Ticks.maximumCount {
        majors.append(k * step)
        k += 1
      }
    }
    if majors.count >= 2 {
      var ticks: [Tick] = []
      for (i, e) in majors.enumerated() {
        if i == 0 { ticks += minors(below: e, step: step, base: base, from: lo) }
        ticks.append(Tick(value: min(max(e, lo), hi), label: label(scale.value(e))))
        ticks += minors(above: e, step: step, base: base, to: hi)
      }
      return Array(ticks.prefix(Ticks.maximumCount))
    }
    if base == 10, let ticks = oneTwoFive(lo, hi), ticks.filter({ !$0.isMinor }).count >= 2 {
      return ticks
    }
    let values = scale.values(range)
    return Ticks.ticks(for: values, approximateCount: 5).compactMap { t in
      guard t.value > 0 else { return nil }
      return Tick(value: min(max(scale.coordinate(t.value), lo), hi), label: t.label)
    }
  }

  /// The minor ticks between major exponent `e` and `e + step`, up to coordinate `hi`.
  static func minors(above e: Double, step: Double, base: Double, to hi: Double) -> [Tick] {
    minorCoordinates(from: e, step: step, base: base).filter { $0 <= hi }.map {
      Tick(value: $0, label: "", isMinor: true)
    }
  }

  /// The minor ticks between major exponent `e - step` and `e`, from coordinate `lo`.
  static func minors(below e: Double, step: Double, base: Double, from lo: Double) -> [Tick] {
    minorCoordinates(from: e - step, step: step, base: base).filter { $0 >= lo }.map {
      Tick(value: $0, label: "", isMinor: true)
    }
  }

  /// The coordinates of the minor ticks strictly between exponents `e` and `e + step`.
  static func minorCoordinates(from e: Double, step: Double, base: Double) -> [Double] {
    if step > 1 {
      return (1..<Int(step.rounded())).map { e + Double($0) }
    }
    guard base == base.rounded(), base > 2, base <= 100 else { return [] }
    let scale = AxisScale.log(base: base)
    return (2..<Int(base)).map { e + scale.coordinate(Double($0)) }
  }

  /// 1, 2 and 5 times the powers of ten within `lo...hi` (coordinates) as labelled ticks, the
  /// other integers' multiples (3, 4, 6, 7, 8, 9) as minor ones; nil when more than 30 would
  /// be labelled.
  static func oneTwoFive(_ lo: Double, _ hi: Double) -> [Tick]? {
    let scale = AxisScale.log(base: 10)
    let e0 = Int(lo.rounded(.down))
    let e1 = Int(hi.rounded(.up))
    guard e1 - e0 <= 10 else { return nil }
    var ticks: [Tick] = []
    for e in e0...e1 {
      for m in 1...9 {
        let value = Ticks.decimal(m, e)
        let u = scale.coordinate(value)
        let slack = 1e-9
        guard u >= lo - slack, u <= hi + slack else { continue }
        let major = m == 1 || m == 2 || m == 5
        ticks.append(
          Tick(
            value: min(max(u, lo), hi), label: major ? label(value) : "", isMinor: !major))
      }
    }
    return ticks.filter { !$0.isMinor }.count > 30 ? nil : ticks
  }

  /// A log axis's label for value `v`: gnuplot's `% h` (`%g`, 6 significant digits) without
  /// its leading space, the exponent form written `10^N` or `Mx10^N`.
  ///
  /// - Parameter v: The tick's value.
  /// - Returns: `1`, `0.001`, `100000`, `10^6`, `10^-5`, `1.04858x10^6`.
  public static func label(_ v: Double) -> String {
    let g = NumberFormat.printf(v, precision: 6)
    guard let e = g.firstIndex(where: { $0 == "e" || $0 == "E" }) else { return g }
    let mantissa = String(g[..<e])
    guard let exponent = Int(g[g.index(after: e)...].replacingPlus()) else { return g }
    return (mantissa == "1" ? "" : mantissa + "x") + "10^\(exponent)"
  }
}

extension Substring {
  /// The text without a leading `+` (`Int` reads `-05` but not `+05`).
  fileprivate func replacingPlus() -> Substring {
    first == "+" ? dropFirst() : self
  }
}
