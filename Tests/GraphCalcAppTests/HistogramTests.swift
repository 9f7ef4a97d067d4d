import Foundation
import GraphView
import TestSupport
import Testing

@testable import GraphCalcApp

/// One case of Fixtures/hist-numpy.tsv (scripts/make-hist-fixture): numpy's histogram of a
/// column, the bins `hist` makes.
struct NumpyHistogramCase: Sendable, CustomStringConvertible {
  var arguments: String
  var file: String
  /// numpy's bins: centre, count, low and high edges.
  var rows: [TableRow]
  var description: String { "hist \(file) \(arguments)" }

  static func load() -> [NumpyHistogramCase] {
    guard let text = try? String(contentsOfFile: fixtures + "/hist-numpy.tsv", encoding: .utf8)
    else { return [] }
    var cases: [NumpyHistogramCase] = []
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      if line.hasPrefix("case\t") {
        let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        cases.append(NumpyHistogramCase(arguments: f[1], file: f[2], rows: []))
      } else {
        cases[cases.count - 1].rows += TableRow.rows(line)
      }
    }
    return cases
  }
}

/// The cases of Fixtures/smooth-gnuplot.tsv: gnuplot's `set table` of `smooth` items and
/// of `boxes` under `set boxwidth`, in using-gnuplot.tsv's form.
func loadSmoothCases() -> [GnuplotUsingCase] {
  guard let text = try? String(contentsOfFile: fixtures + "/smooth-gnuplot.tsv", encoding: .utf8)
  else { return [] }
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
  for k in cases.indices {
    cases[k].rows = GnuplotUsingCase.rowsAndGaps(bodies[k].joined(separator: "\n"))
  }
  return cases
}

/// gnuplot's `smooth` options, `set boxwidth` and `set style fill`, and graphcalc's `hist`
/// (tracker issue 16), against gnuplot's tables and numpy's histograms.
@Suite struct HistogramTests {
  static let smoothCases = loadSmoothCases()
  static let numpyCases = NumpyHistogramCase.load()

  static func session(columns: Int = 80, rows: Int = 24) -> Session {
    Session(terminalSize: TerminalSize(columns: columns, rows: rows))
  }

  /// The table `export table` writes of the current plot, its rows with gaps.
  static func table(_ session: inout Session) throws -> [TableRow?] {
    let folder = try TemporaryFolder()
    let path = folder.path + "/t.tsv"
    #expect(session.run("export table \(path)").error == nil)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    return GnuplotUsingCase.rowsAndGaps(
      text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("#") }
        .joined(separator: "\n"))
  }

  static func same(_ a: Double, _ b: Double, _ tolerance: Double = 1e-5) -> Bool {
    a.isNaN ? b.isNaN : abs(a - b) <= tolerance * max(1, abs(b))
  }

  @Test func fixturesAreThere() {
    #expect(Self.smoothCases.count == 19)
    #expect(Self.numpyCases.count == 11)
    #expect(Self.numpyCases.allSatisfy { !$0.rows.isEmpty })
  }

  /// Each `smooth` line, typed as a gnuplot user types it, writes gnuplot's table: the
  /// same points (to gnuplot's 6 digits), the same box columns.
  @Test(arguments: smoothCases) func smoothMatchesGnuplot(_ c: GnuplotUsingCase) throws {
    var session = Self.session()
    for line in c.definitions.split(separator: ";") where !line.isEmpty {
      #expect(session.run(String(line)).error == nil, "\(line)")
    }
    let style = c.item.contains(" with ") ? "" : " with points"
    let plot = session.run("plot \(fixture(c.file)) \(c.item)\(style)")
    #expect(plot.error == nil, "\(plot.error?.message ?? "")")
    let ours = try Self.table(&session)
    #expect(ours.count == c.rows.count, "\(ours.count) rows, gnuplot \(c.rows.count)")
    for (a, b) in zip(ours, c.rows) {
      guard let a, let b else {
        #expect(a == nil && b == nil)
        continue
      }
      #expect(
        Self.same(a.x, b.x) && Self.same(a.y, b.y) && a.type == b.type
          && a.extra.count == b.extra.count
          && zip(a.extra, b.extra).allSatisfy { Self.same($0, $1) }, "\(a) vs gnuplot \(b)")
    }
  }

  /// `hist` makes numpy's bins: the same edges and counts (`bins='auto'`, `bins=N`, bins
  /// of width W at its multiples), written as boxes: centre, count, low and high edge.
  @Test(arguments: numpyCases) func histMatchesNumpy(_ c: NumpyHistogramCase) throws {
    var session = Self.session()
    let reply = session.run("hist \(fixture(c.file)) \(c.arguments)")
    #expect(reply.error == nil, "\(reply.error?.message ?? "")")
    #expect(reply.output.contains("note: \(c.rows.count) bin"), "\(reply.output)")
    let ours = try Self.table(&session).compactMap { $0 }
    #expect(ours.count == c.rows.count)
    for (a, b) in zip(ours, c.rows) {
      #expect(
        Self.same(a.x, b.x, 1e-12) && a.y == b.y && a.extra.count == 2
          && zip(a.extra, b.extra).allSatisfy { Self.same($0, $1, 1e-12) }, "\(a) vs numpy \(b)")
    }
  }

  /// In the terminal filled boxes are eighth blocks: the histogram's tallest bin a column
  /// of full blocks, partial ones at the top of others; ASCII draws `#`.
  @Test func terminalDrawsEighthBlocks() throws {
    var session = Self.session()
    #expect(session.run("set canvas braille").error == nil)
    let reply = session.run("hist \(fixture("hist.dat")) using 1")
    #expect(reply.error == nil)
    let picture = reply.output
    #expect(picture.contains("\u{2588}\u{2588}"))
    let partial = "\u{2581}\u{2582}\u{2583}\u{2584}\u{2585}\u{2586}\u{2587}"
    #expect(picture.contains { partial.contains($0) })
    _ = session.run("set canvas ascii")
    let ascii = session.run("redraw").output
    #expect(ascii.contains("###"))
    #expect(!ascii.contains("\u{2588}"))
  }

  /// gnuplot's lines draw filled boxes in the terminal only after `set style fill solid`;
  /// without it boxes stay outlines (as before).
  @Test func fillStyleSwitchesBlocks() {
    var session = Self.session()
    #expect(session.run("set canvas braille").error == nil)
    let line =
      "plot \(fixture("hist.dat")) using (bin($1,0.5)):(1.0) smooth frequency with boxes"
    #expect(session.run("bin(x,w) = w*floor(x/w)").error == nil)
    let outline = session.run(line)
    #expect(outline.error == nil, "\(outline.error?.message ?? "")")
    #expect(!outline.output.contains("\u{2588}"))
    #expect(session.run("set style fill solid").error == nil)
    #expect(session.run("set boxwidth 0.5").error == nil)
    let filled = session.run(line)
    #expect(filled.output.contains("\u{2588}"))
    #expect(session.run("show style").output.contains("style fill solid 1"))
    #expect(session.run("show boxwidth").output.contains("boxwidth 0.5 absolute"))
    #expect(session.run("unset style").error == nil)
    #expect(!session.run(line).output.contains("\u{2588}"))
  }

  /// The SVG paints one rectangle a non-empty bin, in the curve's colour, under the
  /// outlines; `fill solid 0.5` is an opacity.
  @Test func svgPaintsBoxes() throws {
    var session = Self.session()
    #expect(session.run("hist \(fixture("hist.dat")) using 1 bins 10").error == nil)
    let folder = try TemporaryFolder()
    let path = folder.path + "/h.svg"
    #expect(session.run("export svg \(path)").error == nil)
    let svg = try String(contentsOfFile: path, encoding: .utf8)
    let bars = svg.components(separatedBy: "<rect ").dropFirst().filter {
      $0.contains("stroke=\"none\"") && !$0.contains("fill-opacity=\"0.85")
    }
    #expect(bars.count >= 10)
    #expect(xmlParseError(svg) == nil)
    #expect(session.run("set style fill solid 0.5").error == nil)
    #expect(session.run("hist \(fixture("hist.dat")) using 1 bins 10").error == nil)
    #expect(session.run("export svg \(path)").error == nil)
    let half = try String(contentsOfFile: path, encoding: .utf8)
    // Ten bins and the key's sample, a filled box as gnuplot's key draws one.
    #expect(half.components(separatedBy: "fill-opacity=\"0.5\"").count - 1 == 11)
  }

  /// Mistakes are named, with the caret under the word at fault.
  @Test(arguments: [
    ("plot \"F\" using 1:2 smooth zsort", "smooth zsort is not supported", 26..<31),
    (
      "plot \"F\" using 1:2 smooth cumulatve",
      "unknown smooth option 'cumulatve' (did you mean 'cumulative'?)", 26..<35
    ),
    ("plot \"F\" using 1:2 smooth", "smooth needs an option", 19..<25),
    ("plot \"F\" using 1:2 smooth kdensity bandwidth -1", "bandw", 45..<47),
    ("hist \"F\" using 1 bins 3 width 2", "both bins and width is not supported", 17..<29),
    ("hist \"F\" using 1:2", "hist needs one column", 15..<18),
    ("hist \"F\" using 1 bins 0", "bins needs a whole number", 22..<23),
    ("hist \"F\" using 1 width 0", "width needs a width above 0", 23..<24),
    ("hist \"F\" using 1 with lines", "with or smooth in hist is not supported", -1..<0),
    ("hist", "usage: hist", -1..<0),
    ("set boxwidth -1", "boxwidth needs a width above 0", 13..<15),
    ("set style fill pattern 2", "a fill pattern is not supported", 15..<22),
    ("set style circle", "set style circle is not supported", 10..<16),
    ("set style fill solid 2", "solid needs a density from 0 to 1", 21..<22),
  ])
  func mistakesAreLocated(_ line: String, _ message: String, _ columns: Range<Int>) throws {
    var session = Self.session()
    let path = "\(fixtures)/hist.dat"
    let typed = line.replacingOccurrences(of: "\"F\"", with: "\"\(path)\"")
    let shift = line.contains("\"F\"") ? path.count - 1 : 0
    let error = try #require(session.run(typed).error, "\(line)")
    #expect(error.message.hasPrefix(message), "\(error.message)")
    if columns.lowerBound >= 0 {
      let expected = (columns.lowerBound + shift)..<(columns.upperBound + shift)
      #expect(error.location == expected, "\(String(describing: error.location))")
    }
  }

  /// gnuplot users' bin function replaces the built-in bin (which only picks base 2 for
  /// printing), in the calculator, in plots and in using; before it, bin is the built-in.
  @Test func binCanBeDefined() {
    var session = Self.session()
    #expect(session.run("bin(11)").output.contains("0b1011"))
    #expect(session.run("bin(x,w) = w*floor(x/w)").error == nil)
    let value = session.run("bin(7, 2)")
    #expect(
      value.error == nil && value.output.trimmingCharacters(in: .whitespacesAndNewlines) == "6")
    #expect(session.run("plot bin(x, 0.5)").error == nil)
    #expect(session.run("hex(x) = x + 1").error == nil)
    #expect(session.run("hex(255)").output.trimmingCharacters(in: .whitespacesAndNewlines) == "256")
    #expect(session.run("sin(x) = x").error?.message == "'sin' is built in and cannot be redefined")
  }

  /// gnuplot's abbreviations of the smooth options, each tried against gnuplot 5.4.
  @Test(arguments: [
    ("u", "unique"), ("uniq", "unique"), ("f", "frequency"), ("freq", "frequency"),
    ("fnorm", "fnormal"), ("cum", "cumulative"), ("cn", "cnormal"), ("k", "kdensity"),
    ("kd", "kdensity"), ("c", "csplines"), ("mcs", "mcsplines"), ("s", "sbezier"),
  ])
  func smoothAbbreviations(_ word: String, _ name: String) {
    #expect(DataSmoothing.entry(named: word)?.name == name)
  }

  @Test(arguments: ["fn", "fno", "cu", "m", "unw"]) func gnuplotRefuses(_ word: String) {
    #expect(DataSmoothing.entry(named: word) == nil)
  }

  /// numpy's percentile and equal bins at the awkward values: one value, every value the
  /// same, a value on an inner edge.
  @Test func binsAtTheEdges() throws {
    let one = try #require(HistogramBins.make([3], rule: .auto))
    #expect(one.edges == [2.5, 3.5] && one.counts == [1])
    let same = try #require(HistogramBins.make([2, 2, 2], rule: .count(2)))
    #expect(same.edges == [1.5, 2, 2.5] && same.counts == [0, 3])
    let edge = try #require(HistogramBins.make([0, 1, 2, 3, 4], rule: .count(4)))
    #expect(edge.counts == [1, 1, 1, 2])
    let width = try #require(HistogramBins.make([-0.5, 0, 0.49, 1], rule: .width(0.5)))
    #expect(width.edges == [-0.5, 0, 0.5, 1, 1.5] && width.counts == [1, 2, 0, 1])
    #expect(HistogramBins.make([.nan], rule: .auto) == nil)
    #expect(HistogramBins.make([0, 1e9], rule: .width(1e-3)) == nil)
    #expect(HistogramBins.percentile([1, 2, 3, 4], 25) == 1.75)
  }
}

/// `plot "FILE" using X:Y by GROUP`: one curve per distinct group, in order of first
/// appearance, each with its records in file order and a legend entry.
@Suite struct ByGroupPlotTests {
  @Test func oneCurvePerGroup() throws {
    var session = HistogramTests.session()
    let reply = session.run(
      "plot \(fixture("long.csv")) using day:price by symbol with linespoints")
    #expect(reply.error == nil, "\(reply.error?.message ?? "")")
    let curves = try #require(session.curves)
    #expect(curves.titles == ["B", "A", "C"])
    #expect((0..<3).allSatisfy { curves.marks(ofCurve: $0) == .linesPoints })
    let data = curves.dataCurves
    #expect(data.map { Array($0.x) } == [[1, 2, 3], [1, 2, 3], [1, 3]])
    #expect(data.map { Array($0.y) } == [[20, 22, 21], [10, 11, 13], [5, 6]])
    for name in ["B", "A", "C"] {
      #expect(reply.output.contains("--- \(name)") || reply.output.contains(name))
    }
    let folder = try TemporaryFolder()
    let path = folder.path + "/t.tsv"
    #expect(session.run("export table \(path)").error == nil)
    let table = try String(contentsOfFile: path, encoding: .utf8)
    #expect(table.contains("# Curve 2 of 3"))
    #expect(TableRow.rows(table).count == 8)
  }

  @Test(arguments: [
    ("plot \"F\" by symbol", "by without using is not supported"),
    ("plot \"F\" using day:price by nosuch", "long.csv: no column named \"nosuch\""),
    ("plot \"F\" using day:($3*2) by nosuch", "long.csv: no column named \"nosuch\""),
    ("plot \"F\" using day:price by", "by needs a column"),
  ])
  func mistakes(_ line: String, _ message: String) throws {
    var session = HistogramTests.session()
    let typed = line.replacingOccurrences(of: "\"F\"", with: fixture("long.csv"))
    let error = try #require(session.run(typed).error, "\(line)")
    #expect(error.message.contains(message), "\(error.message)")
  }
}
