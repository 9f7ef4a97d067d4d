import CalculatorBrain
import Foundation
import Testing

/// One line of the integer fixture: an expression and the answer an oracle outside graphcalc
/// gave (bc for arithmetic and bases, Python's integers for bit operations and precedence).
struct OracleCase: Sendable, CustomTestStringConvertible {
  var expression: String
  var answer: String
  var oracle: String
  var line: Int
  var testDescription: String { "integers.tsv:\(line) \(expression.prefix(60))" }
}

/// The cases of Tests/CalculatorBrainTests/Fixtures/integers.tsv, written by
/// scripts/make-integer-fixture (seeded; re-run it to regenerate).
let integerOracleCases: [OracleCase] = {
  let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/integers.tsv")
  guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
  var cases: [OracleCase] = []
  for (i, line) in text.split(separator: "\n").enumerated() where !line.hasPrefix("#") {
    let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    guard fields.count == 3 else { continue }
    cases.append(
      OracleCase(expression: fields[0], answer: fields[1], oracle: fields[2], line: i + 1))
  }
  return cases
}()

@Suite struct IntegerOracleTests {
  /// The fixture is there and has what the issue asks: at least 200 expressions checked
  /// against bc, and the bit operations against Python.
  @Test func theFixtureHasTwoHundredBCCases() {
    #expect(integerOracleCases.filter { $0.oracle == "bc" }.count >= 200)
    #expect(integerOracleCases.filter { $0.oracle == "python" }.count >= 50)
  }

  @Test(arguments: integerOracleCases)
  func answersAsTheOracle(_ c: OracleCase) throws {
    #expect(try output([c.expression]) == c.answer, "oracle: \(c.oracle)")
  }
}

/// The examples of tracker issue 18, and the rules of exact integers around them.
@Suite struct ExactIntegerTests {
  @Test(arguments: [
    Case("16! % 10", "0"), Case("16! == 20922789888000", "1"),
    Case("2^64", "18446744073709551616"), Case("2^1000 % 7", "2"),
    Case("0xff + 1", "256"), Case("1 << 20", "1048576"), Case("hex(255)", "0xff"),
    Case("x & 0xf0", "16", after: ["x = 0x1f"]), Case("oct(8)", "0o10"), Case("bin(5)", "0b101"),
    Case("hex(-255)", "-0xff"), Case("1_000_000", "1000000"), Case("0xff_ff", "65535"),
    // Doubles when a non-integer enters.
    Case("2^0.5", "1.4142135623731"), Case("0.1 * 3", "0.3"), Case("7/2", "3.5"),
    Case("8/2", "4"), Case("2^-1", "0.5"), Case("2.0^64", "1.84467440737096e19"),
    Case("1e3 + 1", "1001"), Case("0.5!", "0.886226925452758"),
    Case("sin(0) + 2^64", "1.84467440737096e19"),
    // Exact through variables and ans.
    Case("a + 1", "18446744073709551617", after: ["a = 2^64"]),
    Case("ans * 2", "36893488147419103232", after: ["2^64"]),
    Case(
      "f(100)",
      "93326215443944152681699238856266700490715968264381621468592963895217599993229915608941463976156518286253697920827223758251185210916864000000000000000000000000",
      after: ["f(n) = n < 2 ? 1 : n * f(n - 1)"]),
    // Results that fit in 64 bits again are small integers.
    Case("2^64 - 2^64 + 5", "5"), Case("(2^70) / (2^68)", "4"),
    // Integer built-ins keep integers whole.
    Case("abs(-2^70)", "1180591620717411303424"), Case("max(2^64, 3)", "18446744073709551616"),
    Case("mod(-7, 3)", "2"), Case("pow(3, 50)", "717897987691852588770249"),
    Case("floor(2^64)", "18446744073709551616"), Case("sign(-2^70)", "-1"),
    // Factorials are exact products, never gamma's approximation.
    Case("25!", "15511210043330985984000000"), Case("0!", "1"), Case("20!", "2432902008176640000"),
  ])
  func prints(_ c: Case) throws {
    #expect(try output(c.setup + [c.input]) == c.expected)
  }

  @Test func oneHundredFactorialHasEveryDigit() throws {
    let text = try output(["100!"])
    #expect(text.count == 158)
    #expect(text.hasPrefix("93326215443944152681"))
    #expect(text.hasSuffix("000000000000000000000000"))
  }

  /// Sizes beyond the limit are errors, found before GMP is asked (which would abort).
  @Test(arguments: [
    "2^2^40", "(2^64)^(2^64)", "1 << (1 << 40)", "(10^7)!", "lcm(2^5000000, 3^5000000)",
  ])
  func impossibleIntegersAreErrors(_ input: String) {
    let error = failure([input])
    #expect(error?.kind == .limit)
    #expect(error?.message.contains("too large") == true)
  }

  /// A big integer meets a double at the nearest double, ties to even (Python's
  /// float(int) gives the expected values): 2^64 + 2^11 + 1 rounds up to 2^64 + 2^12,
  /// 2^64 + 2^11 is a tie and rounds to even (2^64), 2^1024 - 1 overflows to inf.
  @Test(arguments: [
    ("2^64 + 2^11 + 1 + 0.0 == 18446744073709555712.0", "1"),
    ("2^64 + 2^11 + 0.0 == 2^64 + 0.0", "1"),
    ("(2^64 + 2^11 + 1) * 1.0 == 18446744073709555712.0", "1"),
    ("-(2^70 + 2^17 + 1) * 1.0 == -1180591620717411565568.0", "1"),
    ("(2^1024 - 1) * 1.0", "inf"), ("(2^1024 - 2^970) * 1.0", "inf"),
    ("(2^1024 - 2^971) * 1.0", "1.79769313486232e308"),
  ])
  func bigIntegersRoundToTheNearestDouble(_ c: (String, String)) throws {
    #expect(try output([c.0]) == c.1)
  }

  /// Powers whose base is 0 or ±1 are small whatever the exponent.
  @Test func trivialPowersOfHugeExponents() throws {
    #expect(try output(["1^(2^100)"]) == "1")
    #expect(try output(["(-1)^(2^100 + 1)"]) == "-1")
    #expect(try output(["0^(2^100)"]) == "0")
  }

  /// RPN programs compute exactly too.
  @Test func rpnIsExact() throws {
    #expect(try output(["2 64 ^"], mode: .rpn) == "2 ^ 64 = 18446744073709551616")
    #expect(try output(["5 3 xor"], mode: .rpn) == "5 xor 3 = 6")
    #expect(try output(["12 18 gcd 255 hex"], mode: .rpn) == "gcd(12, 18) = 6\nhex(255) = 0xff")
  }
}
