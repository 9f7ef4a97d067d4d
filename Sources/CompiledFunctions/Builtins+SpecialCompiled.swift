import CalculatorBrain
import Intervals

extension BuiltinFunction {
  /// The interval rule of gnuplot's special functions (CalculatorBrain/Builtins+Special.swift):
  /// erf, erfc and norm are monotone (Intervals/IntervalSpecial.swift); the inverse error
  /// function and the normal quantile, graphcalc's own (`SpecialFunctions`), are increasing
  /// on [-1, 1] and [0, 1], widened 16 ulps (their Halley steps end within 4, checked
  /// against mpmath); the Bessel functions are enclosed where they are monotone by their
  /// ends, elsewhere by a midpoint value and a bound on the slope (a proven enclosure, not
  /// point sampling); `real` is its argument, `imag` is 0.
  func specialEnclosure(_ x: Interval) -> Interval {
    switch self {
    case .erf: return .erf(x)
    case .erfc: return .erfc(x)
    case .norm: return .normalCDF(x)
    case .inverf:
      return .increasing(x, on: -1...1, ulps: 16) { SpecialFunctions.inverseErf($0) }
    case .invnorm:
      return .increasing(x, on: 0...1, ulps: 16) { SpecialFunctions.inverseNormalCDF($0) }
    case .besj0: return .besselJ0(x)
    case .besj1: return .besselJ1(x)
    case .besy0: return .besselY0(x)
    case .besy1: return .besselY1(x)
    case .real: return x
    case .imag:
      return x.isEmpty
        ? .empty
        : Interval(0, 0, isDefinedEverywhere: x.isDefinedEverywhere, isContinuous: true)
    default: return .unknown
    }
  }
}
