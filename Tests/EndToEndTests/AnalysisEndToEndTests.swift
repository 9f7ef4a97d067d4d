import Testing

/// The analysis commands in scripts and `-e`: answers on standard output, errors on standard
/// error with exit status 1.
@Suite struct AnalysisEndToEndTests {
  @Test func answersGoToStandardOutput() throws {
    let result = try Graphcalc.run(["-e", "f(x) = x^3 - 2x", "-e", "f'(2)", "-e", "roots f(x)"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(
      result.stdout == "10\nx = -1.4142135623731\nx = 0\nx = 1.4142135623731\n")
  }

  @Test func aDivergentIntegralFailsTheScript() throws {
    let result = try Graphcalc.run([], input: "integrate 1/x -1 1\nintegrate exp(-x^2) -3 3\n")
    #expect(result.status == 1)
    #expect(result.stderr.contains("the integral diverges at x = 0"))
    #expect(result.stdout.hasPrefix("1.77241469651904 ± "))
    #expect(result.stdout.hasSuffix("(proven)\n"))
  }

  @Test func aMissingDerivativeFailsTheScript() throws {
    let result = try Graphcalc.run(["-e", "abs'(0)"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("abs'(0) does not exist"))
  }
}
