import CalculatorBrain
import GraphCalcApp
import Testing

/// The calculator's numbers as a session shows them: bases, degrees, long integers.
@Suite struct NumberCommandTests {
  @Test func hexOctBinPrintInTheirBase() {
    var session = Session()
    #expect(session.run("hex(255)").output == "0xff\n")
    #expect(session.run("oct(15)").output == "0o17\n")
    #expect(session.run("bin(11)").output == "0b1011\n")
    #expect(session.run("hex(-2^70)").output == "-0x400000000000000000\n")
    // The value is the integer: arithmetic on it prints in the session's base.
    #expect(session.run("hex(255) + 1").output == "256\n")
    #expect(session.run("ans").output == "256\n")
  }

  @Test func setBasePrintsIntegersInThatBase() {
    var session = Session()
    #expect(session.run("set base 16").error == nil)
    #expect(session.run("255").output == "0xff\n")
    #expect(session.run("2^64").output == "0x10000000000000000\n")
    #expect(session.run("-1").output == "-0x1\n")
    #expect(session.run("2.5").output == "2.5\n")  // doubles stay decimal
    #expect(session.run("bin(5)").output == "0b101\n")  // the call's base wins
    #expect(session.run("show base").output == "base 16\n")
    #expect(session.run("set").output.contains("base 16\n"))
    #expect(session.run("set base 8").error == nil)
    #expect(session.run("8").output == "0o10\n")
    #expect(session.run("unset base").error == nil)
    #expect(session.run("255").output == "255\n")
    #expect(!session.run("set").output.contains("base"))
    let error = session.run("set base 3").error
    #expect(error?.message == "unknown base '3'; choose 2, 8, 10 or 16")
    #expect(error?.location == 9..<10)
  }

  @Test func bitOperationsOnDoublesHaveACaretUnderTheOperator() {
    var session = Session()
    let error = session.run("1 + (2.5 & 1)").error
    #expect(error?.message == "'&' needs integers, and 2.5 is not one")
    #expect(error?.location == 9..<10)
    #expect(session.run("plot x & 1").error?.message.contains("cannot be plotted") == true)
  }

  @Test func modeDegreesForTheCalculatorAndPlots() {
    var session = Session()
    #expect(session.run("mode").output == "infix rad\n")
    #expect(session.run("mode deg").error == nil)
    #expect(session.run("mode").output == "infix deg\n")
    #expect(session.run("sin(30)").output == "0.5\n")
    #expect(session.run("asin(1)").output == "90\n")
    #expect(session.run("atan2(1, 1)").output == "45\n")
    #expect(session.run("cos(90)").output == "6.12323399573677e-17\n")
    #expect(session.run("f(t) = tan(t)").error == nil)
    #expect(session.run("f(45)").output == "1\n")
    // A plot in degrees draws what the radian form draws (a user function's body too).
    #expect(session.run("s(t) = sin(t) + cos(2t)").error == nil)
    #expect(session.run("r(t) = sin(t)").error == nil)
    let degrees = session.run("plot [0:360] s(x), r(x)").output
    #expect(session.run("mode rad").error == nil)
    #expect(session.run("sin(pi/2)").output == "1\n")
    #expect(session.run("s(t) = sin(t*(pi/180)) + cos(2t*(pi/180))").error == nil)
    #expect(session.run("r(t) = sin(t*(pi/180))").error == nil)
    let radians = session.run("plot [0:360] s(x), r(x)").output
    #expect(!degrees.isEmpty)
    #expect(degrees == radians)
    let usage = session.run("mode grad").error
    #expect(usage?.message == "usage: mode infix | mode rpn | mode deg | mode rad")
  }

  /// Only the interactive prompt shortens a very long integer, and says how long it is.
  @Test func longIntegersAreShortenedOnlyAtThePrompt() {
    var session = Session(terminalSize: TerminalSize(columns: 80, rows: 24))
    #expect(session.run("10^5000").output.count == 5002)
    session.numbers.shortensLongIntegers = true
    let short = session.run("10^5000").output
    #expect(short.count < 80 * 22)
    #expect(short.hasPrefix("1000"))
    #expect(short.contains("(5001 characters; 'set digits all' prints every one)"))
    #expect(session.run("2^64").output == "18446744073709551616\n")
    #expect(session.run("set digits all").error == nil)
    #expect(session.run("10^5000").output.count == 5002)
  }

  @Test func helpNumbersExplainsTheRules() throws {
    var session = Session()
    let text = session.run("help numbers").output
    #expect(text.contains("Integers are exact"))
    #expect(text.contains("6.12323399573677e-17"))
    #expect(text.contains("x & 0xf0 == 0x10 is (x & 0xf0) == 0x10"))
    #expect(session.run("help hex").output.hasPrefix("hex(n): n, printed in base 16"))
    #expect(session.run("help gcd").error == nil)
  }
}
