import Foundation
import TestSupport
import Testing

// The built graphcalc plotting data files, as a user would from the shell.

/// A folder of data files for one test, removed afterwards.
final class DataFolder {
  let path: String

  init(files: [String: String]) throws {
    folder = try TemporaryFolder(prefix: "graphcalc-data-e2e")
    path = folder.path
    for (name, text) in files { try folder.write(text, to: name) }
  }

  /// The folder, removed when this value goes away.
  private let folder: TemporaryFolder
}

@Suite struct DataEndToEndTests {
  @Test func aCSVWithDatesPlotsOnATimeAxisWithANoteForGaps() throws {
    let folder = try DataFolder(files: [
      "temps.csv": """
      date,temp
      2021-01-01,3.5
      2021-02-01,NA
      2021-03-01,9
      2021-04-01,12.5
      2021-05-01,
      2021-06-01,21

      """
    ])
    let result = try Graphcalc.run(
      ["-e", "plot \"\(folder.path)/temps.csv\" using date:temp", "-e", "view"],
      environment: ["COLUMNS": "80", "LINES": "24", "LANG": "C"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    // 23 rows of plot, the note, the view, and the final empty piece.
    #expect(lines.count == 26)
    #expect(lines[0..<23].allSatisfy { $0.count <= 80 })
    #expect(lines[1].contains("temp"))  // the legend
    #expect(lines[22].contains("2021-02") && lines[22].contains("2021-06"))  // month ticks
    // Empty cells leave their records out, as gnuplot does (no gap).
    #expect(
      lines[23]
        == "\(folder.path)/temps.csv: 2 records left out: a cell that is not a number (as gnuplot reads it)"
    )
    #expect(lines[24] == "x [2021-01-01, 2021-06-01] (1609459200 1622505600)  y [2, 22]")
  }

  @Test func aBigFileBecomesASmallSVG() throws {
    let folder = try DataFolder(files: [:])
    let csv = folder.path + "/big.csv"
    var text = "x,y\n"
    for i in 0..<100_000 { text += "\(i),\(i % 100 == 0 ? -Double(i % 7) : Double(i % 10) / 10)\n" }
    try text.write(toFile: csv, atomically: true, encoding: .utf8)
    let svg = folder.path + "/big.svg"
    let result = try Graphcalc.run([
      "-e", "plot \"\(csv)\" using 1:2 with lines", "-e", "export svg \(svg)",
    ])
    #expect(result.status == 0)
    #expect(result.stdout.hasSuffix("wrote \(svg) (800x600)\n"))
    let size = try FileManager.default.attributesOfItem(atPath: svg)[.size] as? Int
    #expect((size ?? .max) < 100_000)
    let document = try String(contentsOfFile: svg, encoding: .utf8)
    #expect(document.contains("big.csv using 1:2"))
  }

  @Test func dataErrorsGoToStandardErrorWithACaret() throws {
    let folder = try DataFolder(files: ["d.csv": "a,b\n1,2\n2,3\n"])
    let result = try Graphcalc.run([
      "-e", "plot \"\(folder.path)/nope.csv\"", "-e", "plot \"\(folder.path)/d.csv\" using a:bb",
    ])
    #expect(result.status == 1)
    #expect(result.stdout == "")
    let line1 = "plot \"\(folder.path)/nope.csv\""
    let line2 = "plot \"\(folder.path)/d.csv\" using a:bb"
    #expect(
      result.stderr == """
        -e 1: error: \(folder.path)/nope.csv: No such file or directory at column 6
          \(line1)
               \(String(repeating: "^", count: line1.count - 5))
        -e 2: error: \(folder.path)/d.csv: no column named "bb"; did you mean "b"? Columns: a, b at column \(line2.count - 1)
          \(line2)
          \(String(repeating: " ", count: line2.count - 2))^^

        """)
  }

  @Test func statsFromTheCommandLine() throws {
    let folder = try DataFolder(files: ["m.dat": "# t v\n1 2\n2 4\n3 9\n"])
    let result = try Graphcalc.run(["-e", "stats \"\(folder.path)/m.dat\" using 2"])
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        2: 3 values, 0 missing
          min      2
          max      9
          mean     5
          std dev  3.605551275 (sample, n-1)

        """)
  }
}

/// gnuplot's inline data from the shell: `plot "-"` reads the lines after it.
@Suite struct InlineDataEndToEndTests {
  /// `seq 10 | graphcalc -e 'plot "-"' -e 'export table FILE'`: standard input is the data of
  /// the `-e` plot (its end ends them), and the next `-e` runs after.
  @Test func seqPipedIntoAnEPlot() throws {
    let folder = try DataFolder(files: [:])
    let table = folder.path + "/t.tsv"
    let input = (1...10).map { "\($0)\n" }.joined()
    let result = try Graphcalc.run(
      ["-e", "plot \"-\" with points", "-e", "export table \(table)"], input: input,
      environment: ["COLUMNS": "60", "LINES": "20"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == "")
    #expect(result.stdout.contains("\"-\""))
    let text = try String(contentsOfFile: table, encoding: .utf8)
    let points = text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
    #expect(points.count == 10)
    #expect(points.first == "0 1 i" && points.last == "9 10 i", "\(points)")
  }

  /// A script with two inline blocks and commands after them; an error in the data's plot
  /// shows the plot line and its caret.
  @Test func aScriptWithInlineBlocks() throws {
    let folder = try DataFolder(files: [
      "s.gc": """
      plot "-" using 1:2 title "a", "-" using 1:2 title "b"
      0 0
      1 1
      e
      0 1
      1 0
      e
      print_me = 42
      print_me + 1
      plot "-" using 1:7
      1 2
      e
      2 + 2

      """
    ])
    let result = try Graphcalc.run(
      [folder.path + "/s.gc"], environment: ["COLUMNS": "60", "LINES": "20"])
    #expect(result.status == 1)
    #expect(result.stdout.contains("43\n"))
    #expect(result.stdout.hasSuffix("4\n"))
    let lines = result.stderr.split(separator: "\n").map(String.init)
    #expect(lines.count == 3, "\(result.stderr)")
    #expect(lines.first?.hasPrefix("\(folder.path)/s.gc:12: ") == true, "\(result.stderr)")
    #expect(lines.dropFirst().first == "  plot \"-\" using 1:7")
    #expect(lines.last == "                   ^")
  }
}
