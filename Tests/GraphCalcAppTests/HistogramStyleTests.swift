import Foundation
import GraphView
import TestSupport
import Testing

@testable import GraphCalcApp

/// gnuplot's `with histograms` in the clustered layout (tracker issue 16): each box where
/// gnuplot 5.4 draws it (Fixtures/histogram-layout-gnuplot.tsv, read from gnuplot's SVG by
/// scripts/make-histogram-layout-fixture), the words, and the layouts not supported.
@Suite struct HistogramStyleTests {
  static func session() -> Session { Session(terminalSize: TerminalSize(columns: 80, rows: 24)) }

  static let data = fixtures + "/histogram-clusters.dat"

  /// One case of the fixture: the settings, the items and gnuplot's boxes.
  struct Case: Sendable, CustomStringConvertible {
    var settings: String
    var items: String
    /// item (colour), record (of that colour), xlow, xhigh, ylow, yhigh.
    var boxes: [(Int, Int, Double, Double, Double, Double)]
    var description: String { "\(settings) | \(items)" }
  }

  static let cases: [Case] = {
    guard
      let text = try? String(
        contentsOfFile: fixtures + "/histogram-layout-gnuplot.tsv", encoding: .utf8)
    else { return [] }
    var all: [Case] = []
    for block in text.components(separatedBy: "\n\n") where !block.isEmpty {
      let lines = block.split(separator: "\n")
      let head = lines[0].split(separator: "\t", omittingEmptySubsequences: false)
      var c = Case(settings: String(head[1]), items: String(head[2]), boxes: [])
      for line in lines.dropFirst() {
        let v = line.split(separator: " ")
        c.boxes.append(
          (
            Int(v[0])!, Int(v[1])!, Double(v[2])!, Double(v[3])!, Double(v[4])!,
            Double(v[5])!
          ))
      }
      all.append(c)
    }
    return all
  }()

  /// The fixture holds its fifteen cases (a missing fixture fails here, never skips).
  @Test func theFixtureIsThere() {
    #expect(Self.cases.count == 15)
    #expect(Self.cases.allSatisfy { !$0.boxes.isEmpty })
  }

  /// Each box's sides, bottom and top are gnuplot 5.4's (to the SVG's precision), in
  /// every layout and with `newhistogram`; the x written as the record number, as gnuplot's
  /// table writes it (a columnstacked plot's curves are its records, each box a tower).
  @Test(arguments: cases)
  func boxesWhereGnuplotDrawsThem(_ c: Case) throws {
    var session = Self.session()
    #expect(session.run("set style data histograms").error == nil)
    for setting in c.settings.split(separator: ";") {
      #expect(session.run(String(setting)).error == nil, "\(setting)")
    }
    let items = c.items.replacingOccurrences(of: "FILE", with: Self.data)
    let reply = session.run("plot " + items)
    #expect(reply.error == nil, "\(reply.error?.message ?? "")")
    let curves = try #require(session.curves)
    let layout = session.data.histogram.layout
    for (item, record, low, high, bottom, top) in c.boxes {
      let extents = try #require(curves.extents(ofCurve: item))
      let (x0, x1) = (extents.xLow![record], extents.xHigh![record])
      #expect(abs(min(x0, x1) - min(low, high)) < 0.002, "\(item) \(record)")
      #expect(abs(max(x0, x1) - max(low, high)) < 0.002, "\(item) \(record)")
      switch layout {
      case .rowstacked, .columnstacked:
        #expect(curves.marks(ofCurve: item) == .boxXYError)
        #expect(abs(extents.yLow![record] - bottom) < 0.002, "\(item) \(record)")
        #expect(abs(extents.yHigh![record] - top) < 0.002, "\(item) \(record)")
      case .clustered, .errorbars:
        #expect(curves.marks(ofCurve: item) == (layout == .clustered ? .boxes : .boxErrorBars))
        #expect(bottom == 0)
        #expect(abs(curves.value(of: .y, record: record, curve: item) - top) < 0.002)
      }
      if layout != .columnstacked {
        #expect(curves.value(of: .x, record: record, curve: item) == Double(record))
      }
    }
  }

  /// gnuplot's abbreviations: `w hist`, `set style hist clust gap 1`.
  @Test func wordsAsGnuplotAbbreviatesThem() throws {
    var session = Self.session()
    #expect(session.run("set style hist clust gap 1").error == nil)
    #expect(session.data.histogramGap == 1)
    let reply = session.run("plot \"\(Self.data)\" u 2 w hist")
    #expect(reply.error == nil, "\(reply.error?.message ?? "")")
    let extents = try #require(session.curves?.extents(ofCurve: 0))
    #expect(extents.xLow == [-0.25, 0.75, 1.75])
    #expect(extents.xHigh == [0.25, 1.25, 2.25])
  }

  /// What graphcalc does not draw is named, the caret under the word at fault.
  @Test(arguments: [
    ("set style histogram clustered lw 2", "lw needs errorbars before it", "lw"),
    ("set style histogram title font \",8\"", "the font of histogram titles is not", "font"),
    ("set style histogram title offset 2", "offset needs two numbers", "2"),
    ("set style histogram clustered gap", "usage: set style histogram clustered", "gap"),
    ("set style histogram clustered gap -1", "gap needs a gap of 0 or more boxes", "-1"),
    ("set style histogram clustered gap 1.5", "gap needs a gap of 0 or more boxes", "1.5"),
    ("set style histogram clusterd", "usage: set style histogram clustered", "clusterd"),
    ("plot F u 1:2 with histograms", "histograms of 2 columns is not supported", "1:2"),
    ("plot sin(x) with histograms", "with histograms of a function is not supported", "with"),
    ("plot F u 2 smooth frequency with histograms", "smooth with histograms is not", "frequency"),
    ("plot newhistogram \"A\" lt 0, F u 2 w hist", "lt needs a line type from 1", "0"),
    ("plot newhistogram \"A\" pattern, F u 2 w hist", "usage: newhistogram", "pattern"),
    ("plot newhistogram fs pattern 2, F u 2 w hist", "a fill pattern is not supported", "pattern"),
    ("plot newhistogram \"A\"", "newhistogram needs a data item after it", "newhistogram"),
    ("plot F u 2 w hist, newhistogram at", "at needs an x", "at"),
    ("plot F u 2:key(1) w hist", "key() outside columnstacked histograms is not", "2:key(1)"),
    ("plot F u 0:2:key(1)", "key() outside columnstacked histograms is not", "0:2:key(1)"),
  ])
  func mistakesAreLocated(_ line: String, _ message: String, _ word: String) throws {
    var session = Self.session()
    let typed = line.replacingOccurrences(of: "F", with: "\"\(Self.data)\"")
    let error = try #require(session.run(typed).error, "\(line)")
    #expect(error.message.hasPrefix(message), "\(error.message)")
    let at = try #require(typed.range(of: word, options: .backwards))
    let start = typed.distance(from: typed.startIndex, to: at.lowerBound)
    #expect(error.location?.lowerBound == start, "\(String(describing: error.location))")
  }

  /// Histograms draw as filled boxes in the SVG and as block cells in the terminal.
  @Test func histogramsDrawInEveryOutput() throws {
    var session = Self.session()
    let folder = try TemporaryFolder()
    #expect(session.run("set style fill solid 0.5").error == nil)
    let plot = "plot \"\(Self.data)\" using 2:xtic(1) w hist, '' using 3 w hist"
    #expect(session.run(plot).error == nil)
    let path = folder.path + "/h.svg"
    #expect(session.run("export svg \(path)").error == nil)
    let svg = try String(contentsOfFile: path, encoding: .utf8)
    #expect(xmlParseError(svg) == nil)
    #expect(svg.contains(">B</text>"))
    _ = session.run("set canvas braille")
    let screen = session.run(plot).output
    #expect(screen.contains("B"))
  }
  /// `show style histogram` and `set` alone print the setting as gnuplot 5.4's `save`
  /// writes it (its `show style histogram` after each command, without the title's colour);
  /// a command that names no layout makes it clustered again, the gap and offset kept.
  @Test func theSettingIsListedAsGnuplotSavesIt() throws {
    var session = Self.session()
    func shown() -> String { session.run("show style histogram").output }
    #expect(shown().hasPrefix("style histogram clustered gap 2 title"))
    #expect(!session.run("set").output.contains("histogram"))
    #expect(session.run("set style histogram errorbars gap 1 lw 2").error == nil)
    #expect(shown().hasPrefix("style histogram errorbars gap 1 lw 2 title"))
    #expect(session.run("set style histogram rowstacked title offset 2,0.25").error == nil)
    #expect(shown().hasPrefix("style histogram rowstacked title offset character 2, 0.25"))
    #expect(session.run("set").output.contains("style histogram rowstacked title offset"))
    #expect(session.run("set style histogram gap 5").error == nil)
    #expect(shown().hasPrefix("style histogram clustered gap 5 title offset character 2, 0.25"))
    #expect(session.run("set style histogram columns nokeyseparators").error == nil)
    #expect(shown().hasPrefix("style histogram columnstacked title offset character 2, 0.25"))
    #expect(shown().contains("nokeyseparators"))
    #expect(session.run("show style fill").output.hasPrefix("style fill empty"))
  }

  /// Without a fixed x range the view is gnuplot's (`histogram_range_fiddling`): a unit
  /// before the first histogram's start to a unit after the last record.
  @Test(arguments: [
    ("clustered", "\"F\" using 2, '' using 3", -1.0, 3.0),
    ("rowstacked", "newhistogram, \"F\" using 2, newhistogram, '' using 3", -1.0, 7.0),
    ("columnstacked", "\"F\" using 2, '' using 3, '' using 4", -1.0, 3.0),
  ])
  func theXRangeIsGnuplots(_ layout: String, _ items: String, _ low: Double, _ high: Double) {
    var session = Self.session()
    #expect(session.run("set style data histograms").error == nil)
    #expect(session.run("set style histogram \(layout)").error == nil)
    let line = "plot " + items.replacingOccurrences(of: "F", with: Self.data)
    #expect(session.run(line).error == nil, "\(line)")
    #expect(session.view.xRange == low...high, "\(session.view.xRange)")
  }

  /// columnstacked: a curve a record, coloured by its record, titled from `key(1)`, each
  /// tower labelled on x by its item's title (gnuplot's key entries and `title columnhead`).
  @Test func columnstackedTowersAreTheItems() throws {
    var session = Self.session()
    #expect(session.run("set style histogram columnstacked").error == nil)
    let d = Self.data
    let line =
      "plot \"\(d)\" using 2 title \"a\" with histograms, '' using 3 title \"b\" with hist, "
      + "'' using 4:key(1) title \"c\" with hist"
    #expect(session.run(line).error == nil)
    let curves = try #require(session.curves)
    #expect(curves.dataCurves.map(\.title) == ["A", "B", "C"])
    #expect(curves.dataCurves.map(\.look.colorIndex) == [1, 2, 3])
    #expect(curves.dataCurves[1].x.map { $0 } == [0, 1, 2])
    #expect(curves.dataCurves[1].y.map { $0 } == [2, 5, 8])
    #expect(curves.dataCurves[0].xTickLabels.map(\.label) == ["a", "b", "c"])
    #expect(curves.dataCurves[0].xTickLabels.map(\.value) == [0, 1, 2])
  }

  /// `newhistogram ... lt N` colours its first item with line type N, the next N + 1; the
  /// histogram's tick labels move with its start.
  @Test func newhistogramColoursAndMovesItsItems() throws {
    var session = Self.session()
    #expect(session.run("set style data histograms").error == nil)
    let line =
      "plot newhistogram \"A\", \"\(Self.data)\" using 2:xtic(1), newhistogram \"B\" lt 4 at 10, "
      + "'' using 3:xtic(1), '' using 4"
    let reply = session.run(line)
    #expect(reply.error == nil)
    #expect(!reply.output.contains("note"))
    let titles = try #require(session.curves).histogramTitles
    #expect(titles.map(\.text) == ["A", "B"])
    #expect(titles.map(\.x) == [1, 11])
    let curves = try #require(session.curves).dataCurves
    #expect(curves.map(\.look.colorIndex) == [nil, 4, 5])
    #expect(curves[1].xTickLabels.map(\.value) == [10, 11, 12])
    #expect(curves[0].xTickLabels.map(\.value) == [0, 1, 2])
  }

  /// errorbars take two or three columns; an item of one is named, with its caret.
  @Test func errorbarsNeedTheirColumns() throws {
    var session = Self.session()
    #expect(session.run("set style histogram errorbars").error == nil)
    let line = "plot \"\(Self.data)\" using 2 with histograms"
    let error = try #require(session.run(line).error)
    #expect(error.message.hasPrefix("errorbars histograms of 1 column is not supported"))
    #expect(error.location?.lowerBound == line.count - 17)
    #expect(session.run("plot \"\(Self.data)\" using 2:3:4 with histograms").error == nil)
    let extents = try #require(session.curves?.extents(ofCurve: 0))
    #expect(extents.yLow == [4, 5, 6])
    #expect(extents.yHigh == [7, 8, 9])
    #expect(session.curves?.marks(ofCurve: 0) == .boxErrorBars)
  }

  /// In the terminal a filled style's key sample is a filled block (gnuplot's key shows a
  /// filled box; `#` cells on this session's ASCII canvas, eighth blocks on braille), an
  /// unfilled one's a line.
  @Test func filledKeySamplesAreBlocks() throws {
    var session = Self.session()
    let plot = "plot \"\(Self.data)\" using 2 title \"heights\" with histograms"
    let outline = session.run(plot).output
    let keyLine = try #require(outline.split(separator: "\n").first { $0.contains("heights") })
    #expect(!keyLine.contains("##"))
    #expect(session.run("set style fill solid").error == nil)
    let filled = session.run(plot).output
    let sample = try #require(filled.split(separator: "\n").first { $0.contains("heights") })
    #expect(sample.contains("### heights"), "\(sample)")
    _ = session.run("set canvas braille")
    let blocks = session.run(plot).output
    let braille = try #require(blocks.split(separator: "\n").first { $0.contains("heights") })
    #expect(braille.contains("▆▆▆ heights"), "\(braille)")
  }

  /// `replot` reads a histogram plot's line again, as gnuplot does: `set style histogram
  /// rowstacked; replot` stacks the clusters (histograms.dem's last step).
  @Test func replotFollowsTheStyle() throws {
    var session = Self.session()
    #expect(session.run("set style data histograms").error == nil)
    #expect(session.run("plot \"\(Self.data)\" using 2, '' using 3").error == nil)
    #expect(session.curves?.marks(ofCurve: 1) == .boxes)
    #expect(session.run("set style histogram rowstacked").error == nil)
    #expect(session.run("replot").error == nil)
    #expect(session.curves?.marks(ofCurve: 1) == .boxXYError)
    #expect(session.curves?.extents(ofCurve: 1)?.yLow == [1, 2, 3])
    #expect(session.run("hist \"\(Self.data)\" using 2 bins 2").error == nil)
    #expect(session.run("replot").error == nil)
    #expect(session.curves?.marks(ofCurve: 0) == .boxes)
    #expect(session.curves?.items.count == 1)
  }

  /// A missing cell leaves its record out of one item only: the stacks stay the records'
  /// (immigration.dat's "-" cells once floated the boxes above them on other records).
  @Test(arguments: ["rowstacked", "columnstacked"])
  func missingCellsKeepTheRecordsPlaces(_ layout: String) throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/gaps.dat"
    try "A 1 4\nB - 5\nC 3 6\n".write(toFile: path, atomically: true, encoding: .utf8)
    var session = Self.session()
    #expect(session.run("set datafile missing \"-\"").error == nil)
    #expect(session.run("set style histogram \(layout)").error == nil)
    let line = "plot \"\(path)\" using 2 with histograms, '' using 3 with histograms"
    #expect(session.run(line).error == nil)
    let curves = try #require(session.curves)
    if layout == "rowstacked" {
      let second = try #require(curves.extents(ofCurve: 1))
      #expect(second.yLow == [1, 0, 3])
      #expect(second.yHigh == [5, 5, 9])
    } else {  // curve 1 is record B: only the second tower has it
      #expect(curves.dataCurves[1].x.map { $0 } == [1])
      #expect(curves.extents(ofCurve: 1)?.yLow == [4])
      #expect(curves.extents(ofCurve: 2)?.yLow == [1, 9])
    }
  }
}
