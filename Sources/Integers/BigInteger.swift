import CGMP
import Glibc

/// An integer of any size (up to `BigInteger.maxBits` bits), a small Swift wrapper of GMP's
/// `mpz_t` (the GNU Multiple Precision Arithmetic Library, <https://gmplib.org>, Debian's
/// `libgmp-dev`, linked statically in release builds).
///
/// A value never changes after it is made: every operation returns a new integer, so a
/// `BigInteger` can be shared between threads (hence `@unchecked Sendable`: the `mpz_t` it
/// owns is written only while it is being made, before anyone else sees it).
///
/// The calculator uses it only for integers that do not fit in 64 bits (its own fast path
/// keeps the others in `Int`), and checks the size of every result before GMP computes it
/// (`BigIntegerError.tooLarge`): GMP aborts the process when it cannot allocate, so an
/// impossible result (`2^2^40`) must be refused before it is attempted.
public final class BigInteger: @unchecked Sendable {
  /// The largest result an operation may make, in bits: 2^23 = 8,388,608 bits, about
  /// 2.5 million decimal digits (`1000000!` is refused, `200000!` is made). GMP makes and
  /// prints a number of this size in well under a second on the machines graphcalc targets.
  public static let maxBits = 1 << 23

  /// The `mpz_t` (one `__mpz_struct`), owned: cleared and freed in `deinit`.
  let raw: UnsafeMutablePointer<__mpz_struct>

  /// A new integer, 0, for an operation to write its result into.
  private init() {
    raw = .allocate(capacity: 1)
    gc_init(raw)
  }

  deinit {
    gc_clear(raw)
    raw.deallocate()
  }

  /// The integer `value`.
  public convenience init(_ value: Int) {
    self.init()
    gc_set_si(raw, value)
  }

  /// The integer spelled by `digits` in `radix`.
  ///
  /// - Parameters:
  ///   - digits: ASCII digits of the radix (`0-9`, `a-z` in either case), an optional
  ///     leading `-`, nothing else.
  ///   - radix: 2 to 36.
  /// - Returns: nil when `digits` is not such a spelling.
  public convenience init?(digits: String, radix: Int) {
    self.init()
    guard radix >= 2, radix <= 36, !digits.isEmpty else { return nil }
    let status = digits.withCString { gc_set_str(raw, $0, Int32(radix)) }
    if status != 0 { return nil }
  }

  /// The integer a double holds, when it holds one exactly.
  ///
  /// - Parameter value: A double.
  /// - Returns: nil for a non-integer, an infinity or NaN.
  public convenience init?(exactly value: Double) {
    guard value.isFinite, value == value.rounded(.towardZero) else { return nil }
    self.init()
    gc_set_d(raw, value)
  }

  /// The value as an `Int`, when it fits in 64 bits.
  public var int: Int? { gc_fits_slong(raw) != 0 ? gc_get_si(raw) : nil }

  /// The nearest double, ties to even (GMP's `mpz_get_d` truncates, so the rounding is
  /// done here); an infinity beyond the largest double.
  ///
  /// The top 64 bits of the magnitude, with the lowest of them set when any bit below them
  /// is (a sticky bit), round to 53 bits exactly as the whole number would: `Double(UInt64)`
  /// rounds to nearest even, and the sticky bit stands for everything that was cut off.
  /// Then the exponent is put back with `scalbn`, exact unless it overflows to infinity.
  public var double: Double {
    // The temporaries are kept alive across the C calls that read their `mpz_t` (a
    // `BigInteger` frees it in `deinit`, which may run as soon as the last Swift use ends).
    let absolute = self.magnitude
    let width = bitWidth
    let shift = max(0, width - 64)
    let top = absolute.shiftedRight(shift)
    var bits = withExtendedLifetime(top) { gc_get_ui(top.raw) }
    let sticky = withExtendedLifetime(absolute) {
      shift > 0 && gc_scan1(absolute.raw, 0) < UInt(shift)
    }
    if sticky { bits |= 1 }
    let magnitude = scalbn(Double(bits), Int32(clamping: shift))
    return signum < 0 ? -magnitude : magnitude
  }

  /// -1, 0 or 1.
  public var signum: Int { Int(gc_sgn(raw)) }

  /// The number of bits of the magnitude (1 for 0).
  public var bitWidth: Int { gc_sizeinbase(raw, 2) }

  /// The digits in `radix` (2 to 36, lower case), with `-` before a negative value.
  public func text(radix: Int = 10) -> String {
    let size = gc_sizeinbase(raw, Int32(radix)) + 2
    let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: size)
    defer { buffer.deallocate() }
    _ = gc_get_str(buffer, Int32(radix), raw)
    return String(cString: buffer)
  }

  /// -1, 0 or 1 as `self` is less than, equal to or greater than `other`.
  public func compare(_ other: BigInteger) -> Int { Int(gc_cmp(raw, other.raw).signum()) }

  /// Whether `other` divides `self` (0 divides only 0).
  public func isDivisible(by other: BigInteger) -> Bool { gc_divisible(raw, other.raw) != 0 }

  /// Whether the integer is prime: GMP's `mpz_probab_prime_p` with 40 rounds (a BPSW test,
  /// then Miller-Rabin; a composite passes with probability below 4^-40, and none is known
  /// to pass the BPSW test).
  public var isProbablyPrime: Bool { gc_probab_prime(raw, 40) != 0 }

  // MARK: Operations

  /// A new integer made by `body`, which writes into its `mpz_t`.
  private static func make(_ body: (UnsafeMutablePointer<__mpz_struct>) -> Void) -> BigInteger {
    let result = BigInteger()
    body(result.raw)
    return result
  }

  /// Throws unless a result of `bits` bits is allowed.
  private static func check(_ bits: Int) throws(BigIntegerError) {
    if bits > maxBits { throw .tooLarge(bits: bits) }
  }

  /// `a + b`.
  /// - Throws: `.tooLarge` beyond `maxBits`.
  public static func + (a: BigInteger, b: BigInteger) throws(BigIntegerError) -> BigInteger {
    try check(max(a.bitWidth, b.bitWidth) + 1)
    return make { gc_add($0, a.raw, b.raw) }
  }

  /// `a - b`.
  /// - Throws: `.tooLarge` beyond `maxBits`.
  public static func - (a: BigInteger, b: BigInteger) throws(BigIntegerError) -> BigInteger {
    try check(max(a.bitWidth, b.bitWidth) + 1)
    return make { gc_sub($0, a.raw, b.raw) }
  }

  /// `a * b`.
  /// - Throws: `.tooLarge` beyond `maxBits`.
  public static func * (a: BigInteger, b: BigInteger) throws(BigIntegerError) -> BigInteger {
    try check(a.bitWidth + b.bitWidth)
    return make { gc_mul($0, a.raw, b.raw) }
  }

  /// `-self`.
  public var negated: BigInteger { Self.make { gc_neg($0, raw) } }

  /// `|self|`.
  public var magnitude: BigInteger { Self.make { gc_abs($0, raw) } }

  /// The floored quotient `floor(self / divisor)` (Python's `//`); the divisor is not 0.
  public func flooredQuotient(_ divisor: BigInteger) -> BigInteger {
    Self.make { gc_fdiv_q($0, raw, divisor.raw) }
  }

  /// The floored remainder `self - divisor * floor(self / divisor)`, with the divisor's sign
  /// (Python's `%`); the divisor is not 0.
  public func flooredRemainder(_ divisor: BigInteger) -> BigInteger {
    Self.make { gc_fdiv_r($0, raw, divisor.raw) }
  }

  /// `self / divisor` for a divisor that divides `self` (check with `isDivisible(by:)`).
  public func exactQuotient(_ divisor: BigInteger) -> BigInteger {
    Self.make { gc_divexact($0, raw, divisor.raw) }
  }

  /// `self ^ exponent`.
  /// - Throws: `.tooLarge` when the result surely exceeds `maxBits` (at least
  ///   (bits - 1) * exponent + 1 bits, for a magnitude of 2 or more).
  public func power(_ exponent: Int) throws(BigIntegerError) -> BigInteger {
    if gc_cmp_si(raw, 1) > 0 || gc_cmp_si(raw, -1) < 0 {
      // |self| >= 2: the result has at least (bitWidth - 1) * exponent + 1 bits.
      let (bits, overflow) = (bitWidth - 1).multipliedReportingOverflow(by: exponent)
      if overflow || bits >= Self.maxBits { throw .tooLarge(bits: overflow ? .max : bits + 1) }
    }
    return Self.make { gc_pow_ui($0, raw, UInt(exponent)) }
  }

  /// `n!`, for n >= 0.
  /// - Throws: `.tooLarge` when n! exceeds `maxBits` (bounded by n * log2(n) + 1).
  public static func factorial(_ n: Int) throws(BigIntegerError) -> BigInteger {
    if n > 2 {
      // log2(n!) < n * log2(n): bits of n! are at most n * bitWidth(n).
      let (bits, overflow) = n.multipliedReportingOverflow(by: Int.bitWidth - n.leadingZeroBitCount)
      if overflow || bits > maxBits {
        // n * log2(n / e) is a lower bound: refuse only what surely exceeds the limit.
        let lower = Double(n) * (log2(Double(n)) - 1.4426950408889634)
        if lower > Double(maxBits) { throw .tooLarge(bits: Int(min(lower, 9e18))) }
      }
    }
    return make { gc_fac_ui($0, UInt(n)) }
  }

  /// The binomial coefficient `C(n, k)` for k >= 0 (GMP's `mpz_bin_ui`; for a negative n,
  /// `C(n, k) = (-1)^k C(k - n - 1, k)`).
  /// - Throws: `.tooLarge` when the result could exceed `maxBits` (k times the bits of n).
  public static func binomial(_ n: BigInteger, _ k: Int) throws(BigIntegerError) -> BigInteger {
    let (bits, overflow) = k.multipliedReportingOverflow(by: n.bitWidth + 1)
    if overflow || bits > maxBits {
      // C(n, k) <= 2^|n| for 0 <= k <= n: a tighter bound when n is small enough to say.
      if !(n.signum >= 0 && n.bitWidth < 63 && (n.int ?? .max) <= maxBits) {
        throw .tooLarge(bits: overflow ? Int.max : bits)
      }
    }
    return make { gc_bin_ui($0, n.raw, UInt(k)) }
  }

  /// The greatest common divisor (never negative; `gcd(0, 0)` is 0).
  public static func gcd(_ a: BigInteger, _ b: BigInteger) -> BigInteger {
    make { gc_gcd($0, a.raw, b.raw) }
  }

  /// The least common multiple (never negative; 0 when either is 0).
  /// - Throws: `.tooLarge` beyond `maxBits`.
  public static func lcm(_ a: BigInteger, _ b: BigInteger) throws(BigIntegerError) -> BigInteger {
    try check(a.bitWidth + b.bitWidth)
    return make { gc_lcm($0, a.raw, b.raw) }
  }

  /// Bitwise and, on two's complement values of unbounded width (a negative number has
  /// infinitely many leading ones, as in Python).
  public static func & (a: BigInteger, b: BigInteger) -> BigInteger {
    make { gc_and($0, a.raw, b.raw) }
  }

  /// Bitwise or, two's complement (see `&`).
  public static func | (a: BigInteger, b: BigInteger) -> BigInteger {
    make { gc_ior($0, a.raw, b.raw) }
  }

  /// Bitwise exclusive or, two's complement (see `&`).
  public static func ^ (a: BigInteger, b: BigInteger) -> BigInteger {
    make { gc_xor($0, a.raw, b.raw) }
  }

  /// Bitwise not: `-self - 1`.
  public var complement: BigInteger { Self.make { gc_com($0, raw) } }

  /// `self * 2^count`, for count >= 0.
  /// - Throws: `.tooLarge` beyond `maxBits`.
  public func shiftedLeft(_ count: Int) throws(BigIntegerError) -> BigInteger {
    let (bits, overflow) = bitWidth.addingReportingOverflow(count)
    if overflow { throw .tooLarge(bits: .max) }
    if signum != 0 { try Self.check(bits) }
    return Self.make { gc_mul_2exp($0, raw, UInt(count)) }
  }

  /// `floor(self / 2^count)`, for count >= 0 (an arithmetic shift: -1 >> n is -1).
  public func shiftedRight(_ count: Int) -> BigInteger {
    Self.make { gc_fdiv_q_2exp($0, raw, UInt(count)) }
  }
}

/// Why a `BigInteger` operation refused to compute.
public enum BigIntegerError: Error, Sendable, Hashable {
  /// The result would have about this many bits, more than `BigInteger.maxBits`.
  case tooLarge(bits: Int)
}

extension BigInteger: Equatable, Hashable {
  /// Whether the two are the same integer.
  public static func == (a: BigInteger, b: BigInteger) -> Bool { a.compare(b) == 0 }

  /// Hashes the decimal digits (equal integers hash alike).
  public func hash(into hasher: inout Hasher) { hasher.combine(text(radix: 16)) }
}
