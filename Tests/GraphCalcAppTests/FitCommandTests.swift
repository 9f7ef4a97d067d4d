import Foundation
import GraphCalcApp
import TestSupport
import Testing

/// `fit` at the prompt: what it prints, what it changes, and its errors with their carets.
@Suite struct FitCommandTests {
  static func session(_ definitions: [String] = []) -> Session {
    var session = Session(terminalSize: TerminalSize(columns: 80, rows: 24))
    // No fit.log where the tests run (FitLogTests writes one in a temporary folder).
    #expect(session.run("set fit nolog").error == nil)
    for line in definitions { #expect(session.run(line).error == nil, "\(line)") }
    return session
  }

  static let linear = "\"\(fixtures)/fit-linear.dat\""

  /// The report has gnuplot's parts, the parameters become variables and the fit plots.
  @Test func reportAndPlot() throws {
    var session = Self.session(["f(x) = a*x + b"])
    let reply = session.run("fit f(x) \(Self.linear) using 1:2 via a, b")
    #expect(reply.error == nil)
    let out = reply.output
    for part in [
      "the fit converged.", "final sum of squares of residuals : 0.0766516",
      "degrees of freedom    (FIT_NDF)                        : 10",
      "Final set of parameters            Asymptotic Standard Error",
      "a               = 1.99872          +/- 0.01464      (0.7326%)",
      "b               = 1.01413          +/- 0.04754      (4.688%)",
      "correlation matrix of the fit parameters:", "note: a, b started at 1",
    ] {
      #expect(out.contains(part), "\(part)\n\(out)")
    }
    #expect(session.brain.variables["a"].map { abs($0 - 1.9987204895104917) < 1e-9 } == true)
    let plot = session.run("plot f(x), \(Self.linear)")
    #expect(plot.error == nil)
    #expect(session.curves?.dataCurves.count == 1)
  }

  /// The correlation matrix is gnuplot's lower triangle.
  @Test func correlationMatrix() {
    var session = Self.session(["f(x) = a*x + b"])
    let out = session.run("fit f(x) \(Self.linear) using 1:2 via a, b").output
    let lines = out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let k = lines.firstIndex(of: "correlation matrix of the fit parameters:") ?? 0
    #expect(lines[k + 1] == "                a      b      ")
    #expect(lines[k + 2] == "a               1.000 ")
    #expect(lines[k + 3] == "b              -0.847  1.000 ")
  }

  /// Exact data: gnuplot stops ("Singular matrix in Invert_RtR" on some); graphcalc answers,
  /// with errors 0 and a note. A parameter that starts at 0 is no obstacle.
  @Test func exactDataAndZeroStart() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/exact.dat"
    try "0 1\n1 3\n2 5\n3 7\n".write(toFile: path, atomically: true, encoding: .utf8)
    var session = Self.session(["a = 0", "b = 0"])
    let reply = session.run("fit a*x + b \"\(path)\" via a, b")
    #expect(reply.error == nil, "\(reply.error?.message ?? "")")
    #expect(session.brain.variables["a"].map { abs($0 - 2) < 1e-12 } == true)
    #expect(session.brain.variables["b"].map { abs($0 - 1) < 1e-12 } == true)
    #expect(reply.output.contains("note: the model goes through every point"))
  }

  /// Parameters the data cannot tell apart (`a*b*x`) are named, their errors undefined.
  @Test func undeterminedParameters() {
    var session = Self.session()
    let reply = session.run("fit a*b*x \(Self.linear) via a, b")
    #expect(reply.error == nil, "\(reply.error?.message ?? "")")
    #expect(reply.output.contains("is not determined, its error undefined"), "\(reply.output)")
  }

  /// A parameter inside a function without a derivative rule (gamma) is fitted with finite
  /// differences: the same line as a*x + b, gamma(b) in place of b.
  @Test func finiteDifferencesWhenNoRule() throws {
    var session = Self.session(["a = 1", "b = 1"])
    let reply = session.run("fit a*x + gamma(b) \(Self.linear) via a, b")
    #expect(reply.error == nil, "\(reply.error?.message ?? "")")
    #expect(reply.output.contains("finite differences"))
    let a = try #require(session.brain.variables["a"])
    #expect(abs(a - 1.9987204895104895) < 1e-8)
    let g = session.run("gamma(b)").output
    #expect(g.hasPrefix("1.01412782"), "\(g)")
  }

  /// `set fit quiet` prints nothing, `set fit maxiter` bounds the iterations.
  @Test func fitSettings() {
    var session = Self.session(["set fit quiet", "f(x) = a*x + b"])
    let reply = session.run("fit f(x) \(Self.linear) via a, b")
    #expect(reply.error == nil)
    #expect(!reply.output.contains("Final set"))
    #expect(session.run("show fit").output == "fit quiet maxiter 1000 nolog\n")
    #expect(session.run("set fit limit 1e-12").error == nil)
    #expect(session.run("set fit logfile \"x.log\"").error == nil)
    #expect(session.run("show fit").output == "fit quiet maxiter 1000 logfile \"x.log\"\n")
    let bad = session.run("set fit sideways")
    #expect(bad.error?.message.hasPrefix("'sideways' after set fit is not supported") == true)
    #expect(session.run("unset fit").error == nil)
    #expect(session.run("show fit").output == "")
  }

  /// Errors, with the caret under their cause (`LIN` and `SIN` stand for the fixture files'
  /// quoted paths; the last element is the text under the caret).
  @Test(arguments: [
    ("", "fit f(x) \"nope.dat\" via a, b", "nope.dat", "\"nope.dat\""),
    ("", "fit f(x) LIN via a, c", "c is not in the model f(x)", "c"),
    ("", "fit a + b LIN via a, b", "the model does not depend on x", "a + b"),
    (
      "set fit maxiter 1", "fit g(x) SIN via p, q, r", "the fit did not converge after 1 iteration",
      "g(x)"
    ),
    (
      "", "fit [0:0.6] g(x) LIN via p, q, r",
      "fit needs at least as many points as parameters: 2 points for 3 parameters", "LIN"
    ),
    ("", "fit f(x) LIN", "fit needs via", "LIN"),
    ("", "fit f(x) LIN via x", "x is the model's variable", "x"),
    ("", "fit f(x) LIN using 1:2:(0) via a, b", "the error of point 1 is 0", "1:2:(0)"),
    ("", "fit f(x) LIN with lines via a, b", "unexpected 'with'", "with"),
    (
      "", "fit f(x) LIN via \"start.par\"",
      "cannot read the parameter file start.par: No such file or directory", "\"start.par\""
    ),
    ("", "fit foo(x) LIN via a", "unknown", "foo"),
  ])
  func errorsAreLocated(_ setup: String, _ line: String, _ message: String, _ caret: String) throws
  {
    var session = Self.session([
      "f(x) = a*x + b", "p = 2", "q = 1.2", "r = 0.3", "g(x) = p*sin(q*x + r)",
    ])
    if !setup.isEmpty { #expect(session.run(setup).error == nil) }
    func paths(_ text: String) -> String {
      text.replacingOccurrences(of: "LIN", with: "\"\(fixtures)/fit-linear.dat\"")
        .replacingOccurrences(of: "SIN", with: "\"\(fixtures)/fit-sine.dat\"")
    }
    let typed = paths(line)
    let error = try #require(session.run(typed).error, "\(line)")
    #expect(error.message.contains(message), "\(error.message)")
    let location = try #require(error.location, "\(error.message)")
    let chars = Array(typed)
    let under = String(
      chars[min(location.lowerBound, chars.count)..<min(location.upperBound, chars.count)])
    #expect(under == paths(caret), "\(under) for \(error.message)")
    // A failed fit changes no variable.
    #expect(session.brain.variables["a"] == nil)
  }

  /// Ctrl-C stops a fit; the session goes on and its variables are unchanged.
  @Test func interruptStops() {
    var session = Self.session(["f(x) = a*x + b", "a = 5"])
    // The file is read (one check, at its first record), then the fit is asked.
    let calls = Calls()
    session.setInterruptCheck { calls.next() > 1 }
    let reply = session.run("fit f(x) \(Self.linear) via a, b")
    #expect(reply.error?.message.hasPrefix("fit: interrupted after 0 iterations") == true)
    #expect(session.brain.variables["a"] == 5)
  }
}

/// A count of calls, shared with a `@Sendable` check.
final class Calls: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  /// Counts one call; the calls so far.
  func next() -> Int {
    lock.lock()
    defer { lock.unlock() }
    count += 1
    return count
  }
}

/// The bounds a fit's model meets (DECISIONS: doubling user functions end with an error).
@Suite struct FitModelBoundTests {
  /// `f39(x)`, each function twice the one before: inlining stops at its node budget.
  @Test func doublingFunctionsEndWithAnError() throws {
    var session = FitCommandTests.session(["f1(x) = a*x + x"])
    for k in 2...39 { #expect(session.run("f\(k)(x) = f\(k - 1)(x) + f\(k - 1)(x)").error == nil) }
    let error = try #require(session.run("fit f39(x) \(FitCommandTests.linear) via a").error)
    #expect(error.message.contains("more than 100000 terms"), "\(error.message)")
  }

  /// A recursive function cannot be written out.
  @Test func recursiveFunctionIsNamed() throws {
    var session = FitCommandTests.session(["r(x) = x < 0 ? a : r(x - 1)"])
    let error = try #require(session.run("fit r(x) \(FitCommandTests.linear) via a").error)
    #expect(error.message.contains("the model calls r, which calls itself"), "\(error.message)")
  }
}
