import Foundation
import Testing

@testable import GraphCalcApp

/// The analysis commands and marks in degree mode (`mode deg`): their expressions, and the
/// user's functions inside them, read angles in degrees as the calculator and the plot do.
/// (They compiled the trees as typed, in radians: `roots sin(x) [10:400]` listed 12.57,
/// 15.71, ... instead of 180 and 360.)
@Suite struct AngleModeAnalysisTests {
  static func session() -> Session {
    var session = Session(terminalSize: TerminalSize(columns: 80, rows: 24))
    _ = session.run("mode deg")
    _ = session.run("f(x) = sin(x)")
    return session
  }

  /// The numbers after `key =` in each line of `output`.
  static func values(_ output: String, _ key: String) -> [Double] {
    output.split(separator: "\n").compactMap { line in
      let words = line.split(separator: " ")
      guard let k = words.firstIndex(of: Substring(key)), k + 2 < words.count,
        words[k + 1] == "="
      else { return nil }
      return Double(words[k + 2])
    }
  }

  @Test(arguments: ["sin(x)", "f(x)"]) func rootsAreInDegrees(_ e: String) {
    var session = Self.session()
    let reply = session.run("roots \(e) [10:400]")
    #expect(reply.error == nil)
    let xs = Self.values(reply.output, "x")
    #expect(xs.count == 2, "\(reply.output)")
    #expect(zip(xs, [180.0, 360]).allSatisfy { abs($0 - $1) < 1e-9 }, "\(xs)")
  }

  @Test func extremaIntersectionsAndInflections() {
    var session = Self.session()
    let extrema = session.run("extrema f(x) [0:360]").output
    #expect(extrema.contains("max") && extrema.contains("min"), "\(extrema)")
    let ex = Self.values(extrema, "x")
    #expect(ex.count == 2 && abs(ex[0] - 90) < 1e-7 && abs(ex[1] - 270) < 1e-7, "\(extrema)")
    let meets = Self.values(session.run("intersect f(x), cos(x) [0:360]").output, "x")
    #expect(meets.count == 2 && abs(meets[0] - 45) < 1e-9 && abs(meets[1] - 225) < 1e-9)
    let bends = Self.values(session.run("inflections f(x) [10:350]").output, "x")
    #expect(bends.count == 1 && abs(bends[0] - 180) < 1e-7, "\(bends)")
  }

  /// ∫ cos(x°) dx over [0, 90] is 180/π (mpmath: 57.295779513082320877).
  @Test func integralsAndAreasAreInDegrees() {
    var session = Self.session()
    let integral = session.run("integrate cos(x) 0 90").output
    let value = Double(integral.split(separator: " ").first ?? "") ?? .nan
    #expect(abs(value - 57.295779513082320877) < 1e-11, "\(integral)")
    let area = session.run("area f(x) [0:360]").output
    let a = Double(area.split(separator: " ").first ?? "") ?? .nan
    #expect(abs(a - 720 / Double.pi) < 1e-10, "\(area)")  // 2 · 360/π
  }

  /// `mark intersections` of a user function and cos over a turn: the two crossings.
  @Test func marksAreInDegrees() throws {
    var session = Self.session()
    #expect(session.run("plot [0:360] f(x), cos(x)").error == nil)
    #expect(session.run("mark intersections").error == nil)
    let curves = try #require(session.currentCurves())
    let xs = curves.markers.map(\.x).sorted()
    #expect(xs.count == 2, "\(xs)")
    #expect(xs.count == 2 && abs(xs[0] - 45) < 1e-6 && abs(xs[1] - 225) < 1e-6)
  }
}

/// Derivatives at the prompt in degree mode are per degree, as the plot's slope and the
/// trace's are (a TI-84's `nDeriv` in degree mode agrees): `f'(60)` of `f(x) = sin(x)` is
/// π/180·cos(60°). (It was cos(60°) = 0.5, the derivative taken in radians and evaluated
/// in degrees.)
@Suite struct AngleModeDerivativeTests {
  static let perDegree: Double = Double.pi / 180
  static let half: Double = perDegree * 0.5
  static let second: Double = -perDegree * perDegree
  static let atanSlope: Double = 1 / perDegree / 2
  static let cases: [(String, Double)] = [
    ("f'(60)", half), ("sin'(60)", half), ("f''(90)", second), ("g'(30)", 2 * half),
    ("atan'(1)", atanSlope),
  ]

  @Test(arguments: cases)
  func primesArePerDegree(_ line: String, _ expected: Double) {
    var session = Session(terminalSize: TerminalSize(columns: 80, rows: 24))
    for setup in ["mode deg", "f(x) = sin(x)", "g(x) = f(2x)"] { _ = session.run(setup) }
    let value = Double(session.run(line).output.trimmingCharacters(in: .newlines)) ?? .nan
    #expect(abs(value - expected) <= 1e-14 * max(1, abs(expected)), "\(line) = \(value)")
  }

  @Test func tangentIsPerDegree() {
    var session = Session(terminalSize: TerminalSize(columns: 80, rows: 24))
    _ = session.run("mode deg")
    let line = session.run("tangent sin(x) at 60").output
    let m = Double(line.dropFirst(4).prefix { $0 != "*" }) ?? .nan
    #expect(abs(m - Self.perDegree * 0.5) < 1e-15, "\(line)")
    _ = session.run("mode rad")
    #expect(session.run("f(x) = sin(x)").error == nil)
    #expect(session.run("f'(0)").output == "1\n")
  }
}

/// A plotted built-in prime in degree mode is per degree too: `plot sin'(x)` at 60 is
/// π/180·cos(60°) (it plotted cos(60) in radians, -0.95).
@Suite struct AngleModePlotPrimeTests {
  @Test(arguments: [("sin'(x)", 60.0, Double.pi / 360), ("atan'(x)", 1.0, 90 / Double.pi)])
  func plottedPrimesArePerDegree(_ e: String, _ x: Double, _ expected: Double) throws {
    var session = Session(terminalSize: TerminalSize(columns: 80, rows: 24))
    _ = session.run("mode deg")
    #expect(session.run("plot [\(x - 1):\(x + 1)] \(e)").error == nil)
    let curves = try #require(session.currentCurves())
    guard case .function(let f, _, _) = try #require(curves.items.first) else {
      Issue.record("not a function")
      return
    }
    let y = f.value(at: x)
    #expect(abs(y - expected) < 1e-14, "\(e) at \(x) = \(y)")
  }
}
