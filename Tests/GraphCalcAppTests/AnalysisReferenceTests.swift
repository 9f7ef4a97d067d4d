import CalculatorBrain
import Foundation
import Testing

@testable import GraphCalcApp

// The analysis commands against the reference set computed by mpmath
// (scripts/analysis-reference writes Fixtures/analysis-reference.tsv; see its header for the
// format): every root, extremum and intersection found and proven where the reference says it
// is simple, integrals to 12 digits within their printed bound, errors where the reference
// expects them.

/// One line of the reference set.
struct ReferenceCase: Sendable, CustomTestStringConvertible {
  var kind: String
  var setup: [String]
  var command: String
  var expected: String
  var testDescription: String { "\(kind): \(command)" }

  /// Every case of the fixture.
  static let all: [ReferenceCase] = {
    let path = fixtures + "/analysis-reference.tsv"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").compactMap { line in
      if line.hasPrefix("#") { return nil }
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 4 else { return nil }
      let setup = fields[1] == "-" ? [] : fields[1].components(separatedBy: " ; ")
      return ReferenceCase(kind: fields[0], setup: setup, command: fields[2], expected: fields[3])
    }
  }()
}

/// A reported point: the numbers after `x =` (and `y =`), whether it is possible, and the
/// `min`/`max` word of an extremum.
struct ReportedPoint {
  var word: String?
  var x: Double
  var y: Double?
  var possible: Bool

  /// Reads `x = V`, `x = X y = Y`, `min x = X y = Y`, each maybe ending in `possible`.
  init?(_ line: Substring) {
    var parts = line.split(separator: " ").map(String.init)
    possible = parts.last == "possible"
    if possible { parts.removeLast() }
    if parts.first == "min" || parts.first == "max" {
      word = parts.removeFirst()
    }
    guard parts.count >= 3, parts[0] == "x", parts[1] == "=", let x = Double(parts[2]) else {
      return nil
    }
    self.x = x
    if parts.count == 6, parts[3] == "y", let y = Double(parts[5]) { self.y = y }
  }
}

@Suite struct AnalysisReferenceTests {
  @Test func theReferenceSetIsThereAndLarge() {
    #expect(ReferenceCase.all.count >= 100)
  }

  @Test(arguments: ReferenceCase.all)
  func agreesWithMpmath(_ c: ReferenceCase) throws {
    var session = Session()
    for line in c.setup { #expect(session.run(line).error == nil) }
    let reply = session.run(c.command)
    switch c.kind {
    case "error":
      let message = try #require(reply.error).message
      #expect(message.contains(c.expected), "\(message)")
    case "value":
      #expect(reply.error == nil)
      let got = try #require(Double(reply.output.trimmingCharacters(in: .whitespacesAndNewlines)))
      let want = try #require(Double(c.expected))
      #expect(abs(got - want) <= 1e-13 * max(1, abs(want)), "\(got) vs \(want)")
    case "integrate", "integrate-bound":
      #expect(reply.error == nil, "\(String(describing: reply.error))")
      // `area` adds a `note:` line naming the crossings it cut at.
      let lines = reply.output.split(separator: "\n").filter { !$0.hasPrefix("note:") }
      try #require(lines.count == 2, "\(reply.output)")
      let parts = lines[0].components(separatedBy: " ± ")
      let value = try #require(Double(parts[0]))
      let bound = try #require(Double(parts[1]))
      let want = try #require(Double(c.expected))
      #expect(lines[1] == "(proven)" || lines[1] == "(estimated)")
      // The bound holds (the reference itself is good to ~1e-20).
      #expect(abs(value - want) <= bound + 1e-14 * abs(want), "\(value) ± \(bound) vs \(want)")
      if c.kind == "integrate" {
        #expect(abs(value - want) <= 1e-12 * max(abs(want), 1e-3), "\(value) vs \(want)")
        #expect(bound <= 1e-11 * max(abs(want), 1e-3), "bound \(bound)")
      }
      #expect(session.brain.variables["ans"].map(CalculatorBrain.format) == parts[0])
    case "roots", "intersect":
      #expect(reply.error == nil, "\(String(describing: reply.error))")
      let lines = reply.output.split(separator: "\n").filter { !$0.hasPrefix("note:") }
      let points = lines.map(ReportedPoint.init)
      let expected = c.expected == "-" ? [] : c.expected.split(separator: " ").map(String.init)
      try #require(points.count == expected.count, "\(reply.output)")
      for (point, want) in zip(points, expected) {
        let point = try #require(point)
        let mayBePossible = want.hasPrefix("~")
        let x = try #require(Double(want.drop { $0 == "~" }))
        let tolerance = mayBePossible && point.possible ? 1e-7 : 1e-12
        #expect(abs(point.x - x) <= tolerance * max(1, abs(x)), "\(point.x) vs \(x)")
        if !mayBePossible { #expect(!point.possible, "\(point.x) should be proven") }
      }
      if let first = lines.first {
        let ans = session.brain.variables["ans"].map(CalculatorBrain.format)
        #expect(first.hasPrefix("x = \(ans ?? "none")"))
      }
    case "extrema":
      #expect(reply.error == nil, "\(String(describing: reply.error))")
      let points = reply.output.split(separator: "\n").filter { !$0.hasPrefix("note:") }
        .compactMap(ReportedPoint.init)
      let expected = c.expected == "-" ? [] : c.expected.split(separator: " ")
      try #require(points.count == expected.count, "\(reply.output)")
      for (point, want) in zip(points, expected) {
        let fields = want.split(separator: ":")
        let x = try #require(Double(fields[1]))
        let y = try #require(Double(fields[2]))
        #expect(point.word == String(fields[0]))
        // An extremum's x is found to about the square root of the precision by the
        // derivative's root; y to the precision.
        #expect(abs(point.x - x) <= 1e-7 * max(1, abs(x)), "\(point.x) vs \(x)")
        #expect(abs((point.y ?? .nan) - y) <= 1e-12 * max(1, abs(y)), "\(point.y ?? .nan) vs \(y)")
        #expect(!point.possible, "\(point.x) should be proven")
      }
    default:
      Issue.record("unknown kind \(c.kind)")
    }
  }
}
