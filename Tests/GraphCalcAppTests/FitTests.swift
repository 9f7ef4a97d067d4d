import Foundation
import GraphCalcApp
import TestSupport
import Testing

/// One case of Fixtures/fit-gnuplot.tsv (scripts/make-fit-fixture): gnuplot 5.4's `fit` of
/// a Fixtures/fit-*.dat file, its parameters with their asymptotic standard errors, and the
/// minimum to rounding.
struct GnuplotFitCase: Sendable, CustomStringConvertible {
  /// One parameter: its name, value and standard error.
  struct Parameter: Sendable {
    var name: String
    var value: Double
    var error: Double
  }
  var definitions: String
  var line: String
  /// gnuplot's parameters.
  var parameters: [Parameter] = []
  /// gnuplot's WSSR and degrees of freedom.
  var wssr = Double.nan
  var ndf = -1
  /// The minimum to rounding (numpy, Gauss-Newton with complex-step derivatives).
  var exact: [Parameter] = []
  var exactWSSR = Double.nan
  var description: String { line }

  static func load() -> [GnuplotFitCase] {
    let path = fixtures + "/fit-gnuplot.tsv"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    var cases: [GnuplotFitCase] = []
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      func parameter() -> Parameter {
        Parameter(name: f[1], value: Double(f[2]) ?? .nan, error: Double(f[3]) ?? .nan)
      }
      switch f[0] {
      case "case": cases.append(GnuplotFitCase(definitions: f[1], line: f[2]))
      case "param": cases[cases.count - 1].parameters.append(parameter())
      case "wssr": cases[cases.count - 1].wssr = Double(f[1]) ?? .nan
      case "ndf": cases[cases.count - 1].ndf = Int(f[1]) ?? -1
      case "exact": cases[cases.count - 1].exact.append(parameter())
      case "exactwssr": cases[cases.count - 1].exactWSSR = Double(f[1]) ?? .nan
      default: break
      }
    }
    return cases
  }
}

/// `fit` against gnuplot 5.4's own, the same lines: the parameters within 1e-6 relative of
/// gnuplot's, or within 1e-2 of a standard error where gnuplot itself stops short of the
/// minimum (its finite-difference Jacobian stalls on the exponential decay and the sine, 1e-5
/// relative away, 2e-3 of a standard error), the errors to 1e-3; and against the minimum to rounding (numpy's Gauss-Newton with
/// complex-step derivatives, in the same fixture) to 1e-8, the errors to 1e-6.
@Suite struct FitTests {
  static let cases = GnuplotFitCase.load()

  /// A session that ran `definitions` (separated by `;`).
  static func session(_ definitions: String = "") -> Session {
    var session = Session(terminalSize: TerminalSize(columns: 80, rows: 24))
    // No fit.log where the tests run (FitLogTests writes one in a temporary folder).
    #expect(session.run("set fit nolog").error == nil)
    for line in definitions.split(separator: ";") where !line.isEmpty {
      #expect(session.run(String(line)).error == nil, "\(line)")
    }
    return session
  }

  /// The line with the fixture folder's path put before the data file's name.
  static func located(_ line: String) -> String {
    line.replacingOccurrences(of: "\"fit-", with: "\"\(fixtures)/fit-")
  }

  @Test func fixtureIsThere() {
    #expect(Self.cases.count == 8)
    #expect(Self.cases.allSatisfy { $0.exact.count == $0.parameters.count })
  }

  /// Relative agreement to `tolerance`.
  static func close(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool {
    abs(a - b) <= tolerance * abs(b)
  }

  @Test(arguments: cases) func parametersMatchGnuplot(_ c: GnuplotFitCase) throws {
    var session = Self.session(c.definitions)
    let reply = session.run(Self.located(c.line))
    #expect(reply.error == nil, "\(reply.error?.message ?? "")")
    for (p, e) in zip(c.parameters, c.exact) {
      let value = try #require(session.brain.variables[p.name])
      let error = try #require(session.brain.variables["\(p.name)_err"])
      let near = max(1e-6 * abs(p.value), 1e-2 * p.error)
      #expect(abs(value - p.value) <= near, "\(p.name) = \(value), gnuplot \(p.value)")
      #expect(Self.close(error, p.error, 1e-3), "\(p.name)_err = \(error), gnuplot \(p.error)")
      #expect(Self.close(value, e.value, 1e-8), "\(p.name) = \(value), exact \(e.value)")
      #expect(Self.close(error, e.error, 1e-6), "\(p.name)_err = \(error), exact \(e.error)")
      #expect(reply.output.contains("\(p.name) "))
    }
    let wssr = try #require(session.brain.variables["FIT_WSSR"])
    #expect(Self.close(wssr, c.exactWSSR, 1e-10), "WSSR \(wssr), exact \(c.exactWSSR)")
    #expect(wssr <= c.wssr * (1 + 1e-12), "WSSR \(wssr) above gnuplot's \(c.wssr)")
    #expect(Self.close(wssr, c.wssr, 1e-6), "WSSR \(wssr), gnuplot \(c.wssr)")
    #expect(session.brain.variables["FIT_NDF"] == Double(c.ndf))
  }
}
