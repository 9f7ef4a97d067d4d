import Foundation
import GraphCalcApp
import TestSupport
import Testing

/// The folder of the gnuplot comparison set: scripts `NN-name.gp`, each run unchanged by
/// gnuplot and by graphcalc, with gnuplot's `set table` of its last plot in
/// `NN-name.expected` (scripts/make-gnuplot-comparison) and the data they read.
let gnuplotScripts = fixtures + "/gnuplot-scripts"

/// One script of the comparison set and gnuplot's table of its last plot.
struct GnuplotScript: Sendable, CustomStringConvertible {
  /// One curve of a table: its rows, a blank line between two rows as `nil`.
  struct Curve: Sendable {
    var rows: [TableRow?]
    /// The `# Curve title: "TEXT"` line's text; "" when there is none (gnuplot writes none
    /// for `notitle`, graphcalc an empty title).
    var title = ""
  }

  var name: String
  var lines: [String]
  var curves: [Curve]
  /// The parameters a `fit` in the script set and gnuplot's `FIT_` variables, with
  /// gnuplot's values.
  var fitted: [(name: String, value: Double)]
  /// `# compare: on-curve` in the script: a function drawn with lines is sampled per pixel
  /// column by graphcalc, so its x values are not gnuplot's; gnuplot's points must lie on
  /// graphcalc's polyline.
  var onCurve: Bool
  /// `# compare: on-path` in the script: a polar or parametric curve is sampled adaptively
  /// along t by graphcalc; gnuplot's points must lie on graphcalc's polyline (in the plane,
  /// not as y of x) and the ends must be the same.
  var onPath = false
  /// `# compare: titles` in the script: the curves' titles are gnuplot's too (`title
  /// columnheader`, `set key autotitle columnhead`).
  var compareTitles = false
  /// The files a `save fit "NAME"` of the script wrote in gnuplot: each name and its lines.
  var saved: [(name: String, lines: [String])]
  /// Whether the script sets a log axis.
  var hasLogAxis: Bool { lines.contains { $0.hasPrefix("set log") } }
  var description: String { name }

  /// The curves of a `set table` text (`# Curve K of N` starts each).
  static func curves(_ text: String) -> [Curve] {
    var bodies: [[Substring]] = []
    var titles: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("# Curve title: \""), line.hasSuffix("\""), !titles.isEmpty {
        titles[titles.count - 1] = String(line.dropFirst(16).dropLast())
      } else if line.hasPrefix("# Curve ") && !line.hasPrefix("# Curve title") {
        bodies.append([])
        titles.append("")
      } else if !line.hasPrefix("#"), !bodies.isEmpty {
        bodies[bodies.count - 1].append(line)
      }
    }
    return zip(bodies, titles).map {
      Curve(rows: GnuplotUsingCase.rowsAndGaps($0.joined(separator: "\n")), title: $1)
    }
  }

  static func load() -> [GnuplotScript] {
    let names =
      ((try? FileManager.default.contentsOfDirectory(atPath: gnuplotScripts)) ?? [])
      .filter { $0.hasSuffix(".gp") }.sorted()
    return names.compactMap { name in
      let base = gnuplotScripts + "/" + name
      guard let script = try? String(contentsOfFile: base, encoding: .utf8),
        var expected = try? String(
          contentsOfFile: String(base.dropLast(3)) + ".expected", encoding: .utf8)
      else { return nil }
      // gnuplot writes its table with the locale's decimal sign after
      // `set decimalsign locale`; graphcalc's table always has '.'.
      if script.contains("set decimalsign locale") {
        expected = expected.replacingOccurrences(of: ",", with: ".")
      }
      let fitted = expected.split(separator: "\n").compactMap { line -> (String, Double)? in
        // A fit's parameters and statistics, and the variables a `# compare: variables`
        // line names (`stats`'s).
        guard line.hasPrefix("# fit ") || line.hasPrefix("# var ") else { return nil }
        let f = line.dropFirst(6).split(separator: " ")
        guard f.count == 3, let v = Double(f[2]) else { return nil }
        return (String(f[0]), v)
      }
      var saved: [(name: String, lines: [String])] = []
      for line in expected.split(separator: "\n") {
        if line.hasPrefix("# save fit ") {
          saved.append((String(line.dropFirst(11)), []))
        } else if line.hasPrefix("#| "), !saved.isEmpty {
          saved[saved.count - 1].lines.append(String(line.dropFirst(3)))
        }
      }
      return GnuplotScript(
        name: name,
        lines: script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
        curves: curves(expected), fitted: fitted,
        onCurve: script.contains("# compare: on-curve"),
        onPath: script.contains("# compare: on-path"),
        compareTitles: script.contains("# compare: titles"), saved: saved)
    }
  }

  /// A command line with each quoted name of a file in the scripts' folder made absolute
  /// (gnuplot ran in that folder).
  static func located(_ line: String) -> String {
    var out = line
    for quote in ["\"", "'"] {
      let parts = out.components(separatedBy: quote)
      guard parts.count >= 3 else { continue }
      var rebuilt = parts[0]
      for k in stride(from: 1, to: parts.count, by: 1) {
        let inside = k % 2 == 1
        let part = parts[k]
        if inside, !part.isEmpty, part != "-",
          FileManager.default.fileExists(atPath: gnuplotScripts + "/" + part)
        {
          rebuilt += quote + gnuplotScripts + "/" + part
        } else {
          rebuilt += quote + part
        }
      }
      out = rebuilt
    }
    return out
  }
}

/// The gnuplot comparison set (tracker issue 16): every script runs unchanged in graphcalc,
/// and its `export table` holds gnuplot's points (after the using expressions: x, y, the
/// error-bar and box columns, the types `i o u`, the gaps), and a fit's parameters are
/// gnuplot's to 1e-6.
@Suite struct GnuplotComparisonTests {
  static let scripts = GnuplotScript.load()

  @Test func setIsThere() {
    #expect(Self.scripts.count >= 30)
    #expect(Self.scripts.allSatisfy { !$0.curves.isEmpty })
  }

  /// The session after the script, and its table's curves.
  static func run(_ script: GnuplotScript, in folder: TemporaryFolder) throws -> (
    Session, [GnuplotScript.Curve]
  ) {
    var session = Session(terminalSize: TerminalSize(columns: 80, rows: 24))
    // fit.log goes into the temporary folder, as the generator sends gnuplot's there.
    #expect(session.run("set fit logfile \"\(folder.path)/fit.log\"").error == nil)
    for line in script.lines {
      var typed = session.awaitsInlineData ? line : GnuplotScript.located(line)
      for (name, _) in script.saved where line.hasPrefix("save fit ") {
        typed = typed.replacingOccurrences(of: "\"\(name)\"", with: "\"\(folder.path)/\(name)\"")
      }
      let reply = session.run(typed)
      #expect(reply.error == nil, "\(script.name): \(line): \(reply.error?.message ?? "")")
    }
    #expect(!session.awaitsInlineData, "\(script.name): inline data not ended")
    #expect(!session.awaitsBlockLines, "\(script.name): a block not closed")
    let path = folder.path + "/t.tsv"
    let reply = session.run("export table \(path)")
    #expect(reply.error == nil, "\(reply.error?.message ?? "")")
    let table = try String(contentsOfFile: path, encoding: .utf8)
    return (session, GnuplotScript.curves(table))
  }

  /// gnuplot prints 6 significant digits.
  static func same(_ a: Double, _ b: Double) -> Bool {
    a.isNaN ? b.isNaN : abs(a - b) <= 1e-5 * max(1, abs(b))
  }

  @Test(arguments: scripts) func tableMatchesGnuplot(_ script: GnuplotScript) throws {
    let folder = try TemporaryFolder()
    let (session, ours) = try Self.run(script, in: folder)
    // `save fit` wrote gnuplot's lines: the comments, then NAME = VALUE in its columns, the
    // values to 1e-6 (the command line itself has the fixtures' folder in its paths here).
    for (name, theirs) in script.saved {
      let text = try String(contentsOfFile: folder.path + "/" + name, encoding: .utf8)
      let mine = text.split(separator: "\n").map(String.init)
      try #require(mine.count == theirs.count, "\(script.name): \(name): \(mine)")
      #expect(mine[0].hasPrefix("# fit ") && theirs[0].hasPrefix("# fit "))
      for (a, b) in zip(mine.dropFirst(), theirs.dropFirst()) {
        let (ta, tb) = (a.split(separator: " "), b.split(separator: " "))
        #expect(
          ta.count == tb.count && ta.dropLast().elementsEqual(tb.dropLast())
            && a.firstIndex(of: "=") == b.firstIndex(of: "=") && a.count == b.count,
          "\(script.name): \(a) vs gnuplot \(b)")
        if let x = ta.last.flatMap({ Double($0) }), let y = tb.last.flatMap({ Double($0) }) {
          #expect(abs(x - y) <= 1e-6 * abs(y), "\(script.name): \(a) vs gnuplot \(b)")
        }
      }
    }
    try #require(ours.count == script.curves.count, "curves: \(ours.count)")
    for (k, (mine, theirs)) in zip(ours, script.curves).enumerated() {
      if script.compareTitles {
        #expect(
          mine.title == theirs.title,
          "\(script.name) curve \(k): title \(mine.title) vs gnuplot \(theirs.title)")
      }
      if script.onPath {
        Self.expectOnPath(mine, theirs, "\(script.name) curve \(k)")
        continue
      }
      if script.onCurve {
        Self.expectOnCurve(mine, theirs, "\(script.name) curve \(k)")
        continue
      }
      #expect(mine.rows.count >= theirs.rows.count, "\(script.name) curve \(k): rows")
      for (a, b) in zip(mine.rows, theirs.rows) {
        guard let a, let b else {
          #expect(
            a == nil && b == nil,
            "\(script.name) curve \(k): \(String(describing: a)) vs gnuplot \(String(describing: b))"
          )
          continue
        }
        // A value a log axis cannot show (<= 0) is `u` in graphcalc's table (DECISIONS.md);
        // gnuplot writes `o` for one outside a fixed range.
        let logHole =
          script.hasLogAxis && a.type == "u" && b.type == "o" && (a.x <= 0 || a.y <= 0)
        #expect(
          Self.same(a.x, b.x) && Self.same(a.y, b.y) && (a.type == b.type || logHole)
            && a.extra.count == b.extra.count && zip(a.extra, b.extra).allSatisfy(Self.same),
          "\(script.name) curve \(k): \(a) vs gnuplot \(b)")
      }
      // What graphcalc writes beyond gnuplot's rows can only be undefined points (gnuplot
      // leaves out an undefined point at the end of a file).
      #expect(
        mine.rows.dropFirst(theirs.rows.count).allSatisfy { $0?.type == "u" },
        "\(script.name) curve \(k): extra rows")
    }
    // The parameters and FIT_WSSR, FIT_NDF, FIT_STDFIT, FIT_P, FIT_CONVERGED to 1e-6; the
    // covariances, as the errors (FitTests), to 1e-3 of gnuplot's.
    for (name, value) in script.fitted {
      let ours = try #require(session.brain.variables[name], "\(script.name): \(name)")
      let tolerance = name.hasPrefix("FIT_COV_") ? 1e-3 : 1e-6
      #expect(
        abs(ours - value) <= tolerance * abs(value),
        "\(script.name): \(name) = \(ours), gnuplot \(value)")
    }
  }

  /// Every point gnuplot drew (inside the view) lies on graphcalc's polyline, within 1e-4 of
  /// the curve's y span, and the polylines span the same x range.
  /// Every point of `theirs` within 1e-4 of the curve's extent of a segment of `mine`'s
  /// polyline (pen lifts respected), and the first and last points the same (`same`).
  static func expectOnPath(
    _ mine: GnuplotScript.Curve, _ theirs: GnuplotScript.Curve, _ what: String
  ) {
    var pieces: [[(Double, Double)]] = [[]]
    for row in mine.rows {
      if let row { pieces[pieces.count - 1].append((row.x, row.y)) } else { pieces.append([]) }
    }
    let points = pieces.flatMap { $0 }
    let theirPoints = theirs.rows.compactMap { $0 }.map { ($0.x, $0.y) }
    guard let first = points.first, let last = points.last, let theirFirst = theirPoints.first,
      let theirLast = theirPoints.last
    else {
      Issue.record("\(what): no points")
      return
    }
    let xs = points.map(\.0)
    let ys = points.map(\.1)
    let extent = max(xs.max()! - xs.min()!, ys.max()! - ys.min()!, 1e-300)
    func distance(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
      ((a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1)).squareRoot()
    }
    // gnuplot prints 6 significant digits (`same`).
    #expect(same(first.0, theirFirst.0) && same(first.1, theirFirst.1), "\(what): \(first)")
    #expect(same(last.0, theirLast.0) && same(last.1, theirLast.1), "\(what): \(last)")
    for p in theirPoints {
      var best = Double.infinity
      for piece in pieces {
        for (a, b) in zip(piece, piece.dropFirst() + (piece.count == 1 ? piece : [])) {
          let (dx, dy) = (b.0 - a.0, b.1 - a.1)
          let length = dx * dx + dy * dy
          let u = length == 0 ? 0 : max(0, min(1, ((p.0 - a.0) * dx + (p.1 - a.1) * dy) / length))
          best = min(best, distance(p, (a.0 + u * dx, a.1 + u * dy)))
        }
      }
      #expect(best <= 1e-4 * extent, "\(what): gnuplot \(p) is \(best) off graphcalc's path")
    }
  }

  static func expectOnCurve(
    _ mine: GnuplotScript.Curve, _ theirs: GnuplotScript.Curve, _ what: String
  ) {
    let points = mine.rows.compactMap { $0 }.filter { $0.type == "i" }
    let theirPoints = theirs.rows.compactMap { $0 }.filter { $0.type == "i" }
    guard let lo = points.map(\.y).min(), let hi = points.map(\.y).max(),
      let first = points.first, let last = points.last
    else {
      Issue.record("\(what): no points")
      return
    }
    let tolerance = 1e-4 * max(hi - lo, 1e-300)
    #expect(abs(first.x - (theirPoints.first?.x ?? .nan)) <= 1e-9 * max(1, abs(first.x)), "\(what)")
    #expect(abs(last.x - (theirPoints.last?.x ?? .nan)) <= 1e-9 * max(1, abs(last.x)), "\(what)")
    for p in theirPoints {
      guard let j = points.firstIndex(where: { $0.x >= p.x }) else {
        Issue.record("\(what): x = \(p.x) beyond graphcalc's curve")
        continue
      }
      let b = points[j]
      let a = j > 0 ? points[j - 1] : b
      let y = b.x == a.x ? b.y : a.y + (b.y - a.y) * (p.x - a.x) / (b.x - a.x)
      #expect(abs(y - p.y) <= tolerance, "\(what): gnuplot \(p), graphcalc \(y)")
    }
  }
}

/// The settings and words the comparison set needed, beyond the tables.
@Suite struct GnuplotHabitsTests {
  static func session() -> Session { Session(terminalSize: TerminalSize(columns: 80, rows: 24)) }

  @Test func skipTakesAWholeNumberOfLines() throws {
    var session = Self.session()
    let path = gnuplotScripts + "/meta.dat"
    let bad = try #require(session.run("plot \"\(path)\" skip -1 using 1:2").error)
    #expect(bad.message.contains("skip -1"))
    let word = "plot \"\(path)\" skip ".count
    #expect(bad.location == word..<(word + 2))
    // Without skip the three metadata lines are text: not one of them is a point.
    #expect(session.run("plot \"\(path)\" skip 3 using 1:2 with points").error == nil)
  }

  @Test func samplesCountsAStyledFunctionsPoints() throws {
    var session = Self.session()
    let reply = session.run("set samples 7")
    #expect(reply.error == nil && reply.output.hasPrefix("note: set samples applies"))
    #expect(session.run("show samples").output == "samples 7\n")
    #expect(session.run("plot [0:6] x with points").error == nil)
    let folder = try TemporaryFolder()
    #expect(session.run("export table \(folder.path)/t.tsv").error == nil)
    let rows = TableRow.rows(try String(contentsOfFile: folder.path + "/t.tsv", encoding: .utf8))
    #expect(rows.map(\.x) == [0, 1, 2, 3, 4, 5, 6])
    #expect(session.run("set samples 1e9").error?.message.contains("at most") == true)
    #expect(session.run("unset samples").error == nil)
    #expect(session.run("show samples").output.isEmpty)
  }

  @Test func decimalSignOfALocale() {
    var session = Self.session()
    let c = session.run("set decimalsign locale \"C.UTF-8\"")
    #expect(c.error == nil && c.output.hasPrefix("note: tick labels write '.'"))
    let missing = session.run("set decimalsign locale \"xx_YY.UTF-8\"")
    #expect(missing.error == nil && missing.output.contains("not installed"))
    #expect(session.run("set decimalsign locale C").error != nil)  // a name is quoted
  }

  @Test func columnHeadersIsAccepted() {
    var session = Self.session()
    let reply = session.run("set datafile columnheaders")
    #expect(reply.error == nil && reply.output.contains("detected"))
  }
}
