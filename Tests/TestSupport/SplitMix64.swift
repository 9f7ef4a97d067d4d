/// The test suites' one seeded generator: SplitMix64 (Steele, Lea and Flood, "Fast
/// splittable pseudorandom number generators", OOPSLA 2014), so random cases repeat and a
/// failure can name its seed.
///
/// Each `next()` adds the golden-ratio increment to the state and scrambles it with two
/// multiply-xorshift rounds; every 64-bit state gives a full-period sequence.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  /// The generator's state: the seed, plus one increment per value drawn.
  public var state: UInt64

  /// A generator starting from `seed`; equal seeds give equal sequences.
  /// - Parameter seed: any 64-bit value (0 is fine).
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform double in [0, 1): the top 53 bits of `next()` over 2^53.
  public mutating func unit() -> Double {
    Double(next() >> 11) / Double(1 << 53)
  }

  /// A uniform integer in `0..<n` (with the slight bias of a modulus; fine for tests).
  /// - Parameter n: the bound, at least 1.
  public mutating func below(_ n: Int) -> Int {
    Int(next() >> 33) % n
  }
}
