import CalculatorBrain
import Synchronization

/// gnuplot's `rand(x)`: its own generator, so a script gives the numbers gnuplot gives.
///
/// L'Ecuyer's combined multiplicative congruential generator (P. L'Ecuyer and S. Côté,
/// "Implementing a Random Number Package with Splitting Facilities", ACM TOMS 17:98-111,
/// 1991; gnuplot 5.4's src/specfun.c `ranf`): two generators, multipliers 40014 and 40692
/// modulo 2147483563 and 2147483399, started at 1234567890 each; the value is their
/// difference over 2147483563, in (0, 1). `rand(0)` gives the next value; `rand(-1)` starts
/// both again (and gives the first value); `rand(N)` for a whole N > 0 starts both at N (and
/// gives the value after it). A seed that is not a whole number, or is 2³¹−1 or more, is an
/// error, as gnuplot's "Illegal seed value".
///
/// Random values exist where the command layer evaluates an expression once: `print`,
/// assignments, a number argument of a command. A plot's functions and `using` expressions
/// are compiled programs evaluated per point, which must give the same value at the same
/// point, so `rand` is refused there by name (design.md, "Strings").
public final class GnuplotRandom: Sendable {
  /// The two seeds.
  private let seeds = Mutex((1_234_567_890, 1_234_567_890))

  /// A generator in gnuplot's starting state.
  public init() {}

  /// gnuplot's `rand(seed)`.
  ///
  /// - Returns: The next value, in (0, 1), or nil for a seed gnuplot refuses.
  public func next(seed: Double) -> Double? {
    if seed < 0 {
      seeds.withLock { $0 = (1_234_567_890, 1_234_567_890) }
    } else if seed > 0 {
      guard seed == seed.rounded(), seed < 2_147_483_647 else { return nil }
      let s = Int(seed)
      seeds.withLock { $0 = (s, s) }
    }
    return seeds.withLock { state -> Double in
      var (s1, s2) = state
      var k = s1 / 53668
      s1 = 40014 * (s1 - k * 53668) - k * 12211
      if s1 < 0 { s1 += 2_147_483_563 }
      k = s2 / 52774
      s2 = 40692 * (s2 - k * 52774) - k * 3791
      if s2 < 0 { s2 += 2_147_483_399 }
      state = (s1, s2)
      var z = s1 - s2
      if z < 1 { z += 2_147_483_562 }
      return 4.656613057e-10 * Double(z)
    }
  }
}
