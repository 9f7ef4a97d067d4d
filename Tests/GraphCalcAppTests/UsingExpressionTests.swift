import Foundation
import GraphCalcApp
import TestSupport
import Testing

/// One case of Fixtures/using-gnuplot.tsv (scripts/make-using-fixture): gnuplot's table
/// of a `using` expression or `every` over Fixtures/using.dat.
struct GnuplotUsingCase: Sendable, CustomStringConvertible {
  var definitions: String
  var item: String
  var file: String
  /// gnuplot's rows; a gap (a blank line of the table, where the pen lifts) is `nil`.
  var rows: [TableRow?]
  var description: String { "\(file) \(item)" }

  /// The rows of a table, a blank line between two rows as `nil`.
  static func rowsAndGaps(_ text: String) -> [TableRow?] {
    var rows: [TableRow?] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.isEmpty || line == "gap" {
        if let last = rows.last, last != nil { rows.append(nil) }
      } else if let row = TableRow.rows(line).first {
        rows.append(row)
      }
    }
    while let last = rows.last, last == nil { rows.removeLast() }
    return rows
  }

  static func load() -> [GnuplotUsingCase] {
    let path = fixtures + "/using-gnuplot.tsv"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    var cases: [GnuplotUsingCase] = []
    var bodies: [[Substring]] = []
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      if line.hasPrefix("case\t") {
        let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        cases.append(GnuplotUsingCase(definitions: f[1], item: f[2], file: f[3], rows: []))
        bodies.append([])
      } else {
        bodies[bodies.count - 1].append(line)
      }
    }
    for k in cases.indices { cases[k].rows = rowsAndGaps(bodies[k].joined(separator: "\n")) }
    return cases
  }
}

/// gnuplot's `using` expressions and `every`, typed as gnuplot users write them, against
/// gnuplot's own `set table` output.
@Suite struct UsingExpressionTests {
  static let cases = GnuplotUsingCase.load()

  @Test func fixtureIsThere() {
    #expect(Self.cases.count == 22 + 16)
  }

  /// The table is gnuplot's row for row (values to gnuplot's 6 digits, `NaN u` where a
  /// point is undefined). gnuplot leaves out an undefined point at the very end of the
  /// file (its last record, rain -1, under log or sqrt); graphcalc writes it, as `u`.
  @Test(arguments: cases) func tableMatchesGnuplot(_ c: GnuplotUsingCase) throws {
    var session = Session(terminalSize: TerminalSize(columns: 80, rows: 24))
    for line in c.definitions.split(separator: ";") where !line.isEmpty {
      #expect(session.run(String(line)).error == nil, "\(line)")
    }
    // The style cases name their style; the others are drawn with points.
    let style = c.item.contains(" with ") || c.item.contains(" w ") ? "" : " with points"
    let plot = session.run("plot \(fixture(c.file)) \(c.item)\(style)")
    #expect(plot.error == nil, "\(plot.error?.message ?? "")")
    let folder = try TemporaryFolder()
    let path = folder.path + "/t.tsv"
    #expect(session.run("export table \(path)").error == nil)
    let table = try String(contentsOfFile: path, encoding: .utf8)
    let ours = GnuplotUsingCase.rowsAndGaps(
      table.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("#") }
        .joined(separator: "\n"))
    #expect(ours.count >= c.rows.count)
    func same(_ a: Double, _ b: Double) -> Bool {
      a.isNaN ? b.isNaN : abs(a - b) <= 1e-5 * max(1, abs(b))
    }
    for (a, b) in zip(ours, c.rows) {
      guard let a, let b else {
        #expect(
          a == nil && b == nil, "\(String(describing: a)) vs gnuplot \(String(describing: b))")
        continue
      }
      #expect(
        same(a.x, b.x) && same(a.y, b.y) && a.type == b.type && a.extra.count == b.extra.count
          && zip(a.extra, b.extra).allSatisfy(same), "\(a) vs gnuplot \(b)")
    }
    #expect(ours.dropFirst(c.rows.count).allSatisfy { $0?.type == "u" })
    #expect(ours.count - c.rows.count <= 1)
  }

  /// Mistakes in a `using` expression are located in the line: the name, the `$`, the
  /// `column(...)`, the column out of range.
  @Test(arguments: [
    ("plot \"F\" using 1:(foo($3))", "unknown name 'foo'", 18..<21),
    ("plot \"F\" using 1:($ + 1)", "$ needs a column number", 18..<20),
    ("plot \"F\" using 1:(column(x))", "column needs a column number or a name", 18..<27),
    ("plot \"F\" using 1:(strcol(1))", "strcol() outside a comparison with a text is not", 18..<24),
    ("plot \"F\" using 1:($9)", "", 9..<21),
    ("plot \"F\" using 1:2 every 0", "every needs a step of at least 1", 25..<26),
    ("plot \"F\" using 1:2 every 1:0", "every needs a block step of at least 1", 27..<28),
    ("plot \"F\" using 1:2 every ::5::2", "every needs an end point from the start", 30..<31),
    ("plot \"F\" using 1:2 every a", "every needs whole numbers", 25..<26),
  ])
  func errorsAreLocated(_ line: String, _ message: String, _ columns: Range<Int>) throws {
    var session = Session(terminalSize: TerminalSize(columns: 80, rows: 24))
    let path = "\(fixtures)/using.dat"
    let typed = line.replacingOccurrences(of: "\"F\"", with: "\"\(path)\"")
    let shift = path.count - 1
    let error = try #require(session.run(typed).error, "\(line)")
    #expect(error.message.hasPrefix(message), "\(error.message)")
    let expected = (columns.lowerBound + shift)..<(columns.upperBound + shift)
    if columns.lowerBound == 9 {
      #expect(error.location?.lowerBound ?? 0 >= 9 + shift)  // within the using spec
    } else {
      #expect(error.location == expected, "\(String(describing: error.location))")
    }
  }

  /// A plot of expressions draws: its curve's points are the expression's values.
  @Test func expressionsDrawAndTitle() {
    var session = Session(terminalSize: TerminalSize(columns: 80, rows: 24))
    let reply = session.run("plot \(fixture("using.dat")) using ($1/3600):($2*10)")
    #expect(reply.error == nil)
    #expect(reply.output.contains("using.dat using ($1/3600):($2*10)"))
    let curve = session.curves?.dataCurves.first
    #expect(curve?.count == 10)
    #expect(curve.map { Array($0.x.prefix(3)) } == [0, 1, 2])
    #expect(curve.map { Array($0.y.prefix(2)) } == [125, 131])
  }
}
