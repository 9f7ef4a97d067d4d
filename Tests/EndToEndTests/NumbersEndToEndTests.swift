import Foundation
import TestSupport
import Testing

/// Tracker issue 18's examples as a shell user types them: exact integers printed whole in
/// `-e`, scripts and pipes (only the interactive prompt may shorten one).
@Suite struct NumbersEndToEndTests {
  @Test func theIssuesExamplesInE() throws {
    let result = try Graphcalc.run([
      "-e", "0xff + 1", "-e", "1 << 20", "-e", "x = 0x1f", "-e", "x & 0xf0", "-e", "hex(255)",
      "-e", "2^64", "-e", "16! % 10", "-e", "16! == 20922789888000", "-e", "2^1000 % 7",
    ])
    #expect(result.stdout == "256\n1048576\n16\n0xff\n18446744073709551616\n0\n1\n2\n")
    #expect(result.stderr == "")
    #expect(result.status == 0)
  }

  @Test func longIntegersPrintEveryDigitInEScriptsAndPipes() throws {
    let digits = String(repeating: "0", count: 5000)
    let e = try Graphcalc.run(["-e", "10^5000"])
    #expect(e.stdout == "1\(digits)\n")
    let piped = try Graphcalc.run([], input: "10^5000\n100!\n")
    #expect(piped.stdout.hasPrefix("1\(digits)\n93326215443944152681"))
    let temporary = try TemporaryFolder(prefix: "graphcalc-numbers")
    let script = temporary.url.appendingPathComponent("big.gc")
    try "a = 2^4000\na * 2 == 2^4001\nhex(a)\n".write(to: script, atomically: true, encoding: .utf8)
    let run = try Graphcalc.run([script.path])
    #expect(run.stdout == "1\n0x1\(String(repeating: "0", count: 1000))\n")
    #expect(run.status == 0)
  }

  @Test func anImpossibleIntegerIsAnErrorWithACaret() throws {
    let result = try Graphcalc.run(["-e", "2^2^40"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("is too large for an exact integer"))
    #expect(result.stderr.contains("\n   ^"))
  }
}
