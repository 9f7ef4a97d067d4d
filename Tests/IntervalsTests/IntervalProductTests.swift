import TestSupport
import Testing

@testable import Intervals

@Suite struct IntervalProductTests {
  /// The product chosen by the operands' signs equals the product of all four corners, bit
  /// for bit and flag for flag (or is tighter by the one subnormal explained below), over
  /// intervals whose bounds mix zeros of both signs,
  /// infinities, tiny and huge values and random ones, every sign case included.
  @Test(arguments: [0x1D7E_0001, 0x1D7E_0002, 0x1D7E_0003] as [UInt64])
  func signCasesEqualCorners(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let special: [Double] = [
      0, -0.0, 1, -1, 0.1, -3, .infinity, -.infinity, 0x1p-1030, -0x1p-1030, 1e300, -1e300,
      .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 0x1p-950, -0x1p-950,
    ]
    func bound() -> Double {
      switch rng.next() % 3 {
      case 0: return special[Int(rng.next() % UInt64(special.count))]
      case 1: return Double.random(in: -10...10, using: &rng)
      default:
        let bits = rng.next()
        return Double(
          bitPattern: (bits & 0x800F_FFFF_FFFF_FFFF) | (min((bits >> 52) & 0x7FF, 0x7FE) << 52))
      }
    }
    func interval() -> Interval {
      let u = bound()
      let v = bound()
      return Interval(
        min(u, v), max(u, v), isDefinedEverywhere: rng.next() % 5 != 0,
        isContinuous: rng.next() % 5 != 0)
    }
    var cases = Set<Int>()
    var failures = 0
    for _ in 0..<200_000 {
      let a = interval()
      let b = interval()
      let fast = a * b
      let corners = Interval.cornerProduct(a, b)
      // Equal, but where an extreme corner is an exact zero (0 times a bound) while another
      // corner underflows: the corners' rounding moves that one a subnormal past 0, the sign
      // cases take the exact 0 (tighter, and still an enclosure).
      func agrees(_ f: Double, _ c: Double) -> Bool {
        f.bitPattern == c.bitPattern || (f == 0 && Swift.abs(c) <= Double.leastNonzeroMagnitude)
      }
      let same =
        agrees(fast.lo, corners.lo) && agrees(fast.hi, corners.hi) && fast.lo >= corners.lo
        && fast.hi <= corners.hi
        && fast.isDefinedEverywhere == corners.isDefinedEverywhere
        && fast.isContinuous == corners.isContinuous
      if !same {
        failures += 1
        if failures <= 3 { Issue.record("\(a) * \(b): \(fast), corners \(corners)") }
      }
      func sign(_ x: Interval) -> Int { x.lo >= 0 ? 0 : (x.hi <= 0 ? 1 : 2) }
      cases.insert(sign(a) * 3 + sign(b))
    }
    #expect(failures == 0, "seed \(seed)")
    #expect(cases.count == 9)
  }
}
