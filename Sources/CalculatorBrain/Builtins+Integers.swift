import Integers

/// The built-in functions of integers: the base a result prints in (`hex`, `oct`, `bin`) and
/// exact number theory (`gcd`, `lcm`, `binomial`). They belong to the calculator only: a
/// plotted function computes in doubles, so the plot compiler refuses them with a message
/// (they are not cases of `BuiltinFunction`, whose every case has interval and vector rules).
package enum IntegerFunction: CaseIterable, Sendable {
  case hex, oct, bin, gcd, lcm, binomial, ncr, npr, isprime

  /// The name it is called by.
  package var name: String {
    switch self {
    case .hex: return "hex"
    case .oct: return "oct"
    case .bin: return "bin"
    case .gcd: return "gcd"
    case .lcm: return "lcm"
    case .binomial: return "binomial"
    case .ncr: return "ncr"
    case .npr: return "npr"
    case .isprime: return "isprime"
    }
  }

  /// The function called `name`, or nil.
  ///
  /// A switch on the name, not a search of `allCases`: the parser asks for every name it
  /// reads, and building the array of cases cost a plot's start-up 186 k instructions.
  package init?(name: String) {
    switch name {
    case "hex": self = .hex
    case "oct": self = .oct
    case "bin": self = .bin
    case "gcd": self = .gcd
    case "lcm": self = .lcm
    case "binomial": self = .binomial
    case "ncr": self = .ncr
    case "npr": self = .npr
    case "isprime": self = .isprime
    default: return nil
    }
  }

  /// The function called `name` unless the user has defined a function of that name in
  /// `functions` (only `hex`, `oct` and `bin` can be, `Parser.definition`), or nil.
  package init?(user name: String, _ functions: [String: UserFunction]) {
    guard functions[name] == nil else { return nil }
    self.init(name: name)
  }

  /// How many arguments it takes.
  package var arity: Builtins.Arity {
    switch self {
    case .hex, .oct, .bin, .isprime: return .exactly(1)
    case .gcd, .lcm: return .atLeast(1)
    case .binomial, .ncr, .npr: return .exactly(2)
    }
  }

  /// The line `help NAME` shows.
  package var helpLine: String {
    switch self {
    case .hex: return "hex(n): n, printed in base 16 (hex(255) shows 0xff); n an integer"
    case .oct: return "oct(n): n, printed in base 8 (oct(15) shows 0o17); n an integer"
    case .bin: return "bin(n): n, printed in base 2 (bin(11) shows 0b1011); n an integer"
    case .gcd:
      return "gcd(a, b, ...): the greatest common divisor of integers, exact (never negative)"
    case .lcm:
      return "lcm(a, b, ...): the least common multiple of integers, exact (never negative)"
    case .binomial, .ncr:
      return
        "\(name)(n, k): the binomial coefficient n choose k, exact, for integers (0 when k < 0)"
    case .npr:
      return
        "npr(n, k): the k-permutations of n, n!/(n - k)!, exact, for integers (0 when k < 0 or k > n >= 0)"
    case .isprime:
      return
        "isprime(n): 1 when the integer n is prime, else 0 (exact below 2^64; GMP's BPSW test above)"
    }
  }

  /// The base a top-level call prints its result in (nil for the others).
  package var base: Int? {
    switch self {
    case .hex: return 16
    case .oct: return 8
    case .bin: return 2
    default: return nil
    }
  }

  /// The value of a call with `arguments` (already counted against `arity`).
  ///
  /// - Throws: `.domain` for an argument that is not an integer, `.limit` for a result
  ///   beyond `BigInteger.maxBits`.
  func value(of arguments: [CalcNumber]) throws(CalcError) -> CalcNumber {
    var integers: [CalcNumber] = []
    for a in arguments {
      guard case .real(let d) = a else {
        integers.append(a)
        continue
      }
      guard d == d.rounded(.towardZero), Swift.abs(d) <= ExactArithmetic.exactDoubleLimit else {
        throw CalcError(.needsIntegers(operation: name, value: d))
      }
      integers.append(.integer(Int(d)))
    }
    switch self {
    case .hex, .oct, .bin:
      return integers[0]
    case .gcd, .lcm:
      if let small = Self.smallGCDOrLCM(integers, lcm: self == .lcm) { return .integer(small) }
      var result = integers[0].bigValue!.magnitude
      for next in integers.dropFirst() {
        let b = next.bigValue!
        if self == .gcd {
          result = BigInteger.gcd(result, b)
        } else {
          do {
            result = try BigInteger.lcm(result, b)
          } catch {
            throw CalcError(.exactIntegerTooLarge("lcm", digits: nil))
          }
        }
      }
      return .normalized(result)
    case .isprime:
      switch integers[0] {
      case .integer(let n): return .integer(Self.isSmallPrime(n) ? 1 : 0)
      default: return .integer(integers[0].bigValue!.isProbablyPrime ? 1 : 0)
      }
    case .npr:
      guard case .integer(let k) = integers[1] else {
        throw CalcError(.countTooLarge(function: "npr"))
      }
      let n = integers[0]
      if k < 0 || (n.double >= 0 && Double(k) > n.double) { return .integer(0) }
      if case .integer(let small) = n, let product = Self.smallFalling(small, k) {
        return .integer(product)
      }
      do {
        // n!/(n - k)! = C(n, k) * k!, both exact.
        let product = try BigInteger.binomial(n.bigValue!, k) * BigInteger.factorial(k)
        return .normalized(product)
      } catch {
        throw CalcError(
          .exactIntegerTooLarge("npr(\(CalculatorBrain.format(n)), \(k))", digits: nil))
      }
    case .binomial, .ncr:
      guard case .integer(let k) = integers[1] else {
        throw CalcError(.countTooLarge(function: name))
      }
      if k < 0 { return .integer(0) }
      if case .integer(let n) = integers[0], let small = Self.smallBinomial(n, k) {
        return .integer(small)
      }
      do {
        return .normalized(try BigInteger.binomial(integers[0].bigValue!, k))
      } catch {
        throw CalcError(
          .exactIntegerTooLarge(
            "\(name)(\(CalculatorBrain.format(integers[0])), \(k))", digits: nil))
      }
    }
  }

  /// gcd or lcm in `Int` (integers that fit in 64 bits never reach GMP), or nil when an
  /// argument is big or the result overflows.
  private static func smallGCDOrLCM(_ values: [CalcNumber], lcm: Bool) -> Int? {
    var result = 0
    for (i, v) in values.enumerated() {
      guard case .integer(let x) = v, x != .min else { return nil }
      let a = Swift.abs(x)
      if i == 0 {
        result = a
      } else if lcm {
        if result == 0 || a == 0 {
          result = 0
        } else {
          let (r, o) = (result / gcd(result, a)).multipliedReportingOverflow(by: a)
          if o { return nil }
          result = r
        }
      } else {
        result = gcd(result, a)
      }
    }
    return result
  }

  /// Euclid's algorithm on magnitudes.
  private static func gcd(_ a: Int, _ b: Int) -> Int {
    var (x, y) = (a, b)
    while y != 0 { (x, y) = (y, x % y) }
    return x
  }

  /// C(n, k) in `Int` for 0 <= k <= n, or nil when n is negative or a step overflows:
  /// r = r * (n - i) / (i + 1), each quotient exact (r is then C(n, i + 1)).
  private static func smallBinomial(_ n: Int, _ k: Int) -> Int? {
    guard n >= 0 else { return nil }
    if k > n { return 0 }
    let k = Swift.min(k, n - k)
    var r = 1
    for i in 0..<k {
      let (m, o) = r.multipliedReportingOverflow(by: n - i)
      if o { return nil }
      r = m / (i + 1)
    }
    return r
  }

  /// n (n - 1) ... (n - k + 1) in `Int`, or nil when it overflows.
  private static func smallFalling(_ n: Int, _ k: Int) -> Int? {
    var r = 1
    var i = 0
    while i < k {
      let (m, o) = r.multipliedReportingOverflow(by: n - i)
      if o { return nil }
      r = m
      i += 1
    }
    return r
  }

  /// Whether n is prime, for a 64-bit n: trial division by the primes below 40, then
  /// Miller-Rabin with the first twelve primes as bases, which no composite below
  /// 3.3 * 10^24 passes (Sorenson and Webster, "Strong pseudoprimes to twelve prime bases",
  /// Math. Comp. 86, 2017), so the answer is exact (no GMP below 2^63).
  static func isSmallPrime(_ n: Int) -> Bool {
    guard n >= 2 else { return false }
    let bases: [UInt64] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37]
    let m = UInt64(n)
    for p in bases {
      if m == p { return true }
      if m % p == 0 { return false }
    }
    var d = m - 1
    var s = 0
    while d & 1 == 0 {
      d >>= 1
      s += 1
    }
    func mulmod(_ a: UInt64, _ b: UInt64) -> UInt64 {
      let (high, low) = a.multipliedFullWidth(by: b)
      return m.dividingFullWidth((high, low)).remainder
    }
    func powmod(_ base: UInt64, _ exponent: UInt64) -> UInt64 {
      var result: UInt64 = 1
      var b = base % m
      var e = exponent
      while e > 0 {
        if e & 1 == 1 { result = mulmod(result, b) }
        b = mulmod(b, b)
        e >>= 1
      }
      return result
    }
    witnesses: for a in bases {
      var x = powmod(a, d)
      if x == 1 || x == m - 1 { continue }
      for _ in 1..<max(s, 1) {
        x = mulmod(x, x)
        if x == m - 1 { continue witnesses }
      }
      return false
    }
    return true
  }
}
