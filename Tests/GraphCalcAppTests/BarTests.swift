import BarChart
import Foundation
import TestSupport
import Testing

@testable import GraphCalcApp

// `bar`, `set bar style`, and pan / export / view / redraw while a bar chart is shown,
// driven through a Session.

/// The first lines of shared/data/immigration.dat (tab-separated, `-` for missing cells).
let barImmigration = """
  # IMMIGRATION BY REGION AND SELECTED COUNTRY OF LAST RESIDENCE
  #
  Region\tAustria\tCzechoslovakia\tGermany\tItaly
  1891-1900\t234081\t-\t505152\t651893
  1901-1910\t668209\t-\t341498\t2045877
  1911-1920\t453649\t3426\t143945\t1109524
  1921-1930\t32868\t102194\t412202\t455315

  """

/// The first years of shared/data/iowa-electricity.csv (a long table).
let barIowa = """
  year,source,net_generation
  2001-01-01,Fossil Fuels,35361
  2002-01-01,Fossil Fuels,35991
  2003-01-01,Fossil Fuels,36234
  2001-01-01,Nuclear Energy,3853
  2002-01-01,Nuclear Energy,4574
  2003-01-01,Nuclear Energy,3988
  2001-01-01,Renewables,1437
  2002-01-01,Renewables,1963
  2003-01-01,Renewables,1885

  """

/// A temporary folder holding `name` with `contents`, and the file's quoted path.
func barFile(_ name: String, _ contents: String) throws -> (folder: TemporaryFolder, quoted: String)
{
  let folder = try TemporaryFolder()
  let path = folder.path + "/" + name
  try contents.write(toFile: path, atomically: true, encoding: .utf8)
  return (folder, "\"\(path)\"")
}

/// The lines of a reply's output.
func barLines(_ reply: Reply) -> [String] {
  reply.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast()
}

/// The columns (0-based) where `needle` starts in `line`.
func barColumns(of needle: Character, in line: String) -> [Int] {
  line.enumerated().filter { $0.element == needle }.map(\.offset)
}

// MARK: bar VALUES

struct BarErrorCase: Sendable, CustomStringConvertible {
  var line: String
  var message: String
  /// The text the caret underlines.
  var under: String?
  var description: String { line }
}

/// `bar VALUES`: expressions drawn as bars, errors pointing at the bad word.
@Suite struct BarOfValuesTests {
  @Test func barOfValuesDrawsTheNegativeBarBelowTheZeroLine() throws {
    var session = Session(terminalSize: TerminalSize(columns: 60, rows: 16))
    let reply = session.run("bar 3 -5 2 7 labels \"q1\" \"q2\" \"q3\" \"q4\"")
    #expect(reply.error == nil)
    let lines = barLines(reply)
    #expect(lines.count == 15)  // the terminal's rows less the prompt's
    // ASCII canvas (the session's default): the zero line is drawn with `=`.
    let zero = try #require(lines.firstIndex { $0.contains("=====") })
    #expect(lines[zero].hasPrefix(" 0 "))
    let labels = try #require(lines.last)
    let q2 = try #require(labels.range(of: "q2")).lowerBound.utf16Offset(in: labels)
    let q4 = try #require(labels.range(of: "q4")).lowerBound.utf16Offset(in: labels)
    #expect(labels.range(of: "q1")!.lowerBound < labels.range(of: "q2")!.lowerBound)
    #expect(labels.range(of: "q3")!.lowerBound < labels.range(of: "q4")!.lowerBound)
    // q2's bar (-5) fills its column below the zero line and nothing above it.
    let below = lines[(zero + 1)..<(lines.count - 1)]
    let above = lines[..<zero]
    func bar(_ line: String, at column: Int) -> Bool {
      let chars = Array(line)
      return column < chars.count && chars[column] == "#"
    }
    #expect(below.filter { bar($0, at: q2) }.count >= 3)
    #expect(!above.contains { bar($0, at: q2) })
    // q4's bar (7) rises above it and does not hang below.
    #expect(above.filter { bar($0, at: q4) }.count >= 3)
    #expect(!below.contains { bar($0, at: q4) })
    // Values: -5 under the zero line, 7 and 3 over it.
    #expect(below.contains { $0.contains("-5") })
    #expect(above.contains { $0.contains(" 7") })
    #expect(above.contains { $0.contains(" 3") })
    #expect(session.showsBarChart)
    #expect(session.barChart?.labels == ["q1", "q2", "q3", "q4"])
    #expect(session.barChart?.series.first?.values == [3, -5, 2, 7])
  }

  @Test func barValuesAreExpressionsWithTheUsersVariables() throws {
    var session = Session()
    _ = session.run("a = 4")
    #expect(session.run("bar a a^2 (a - 10) sqrt(a) nan").error == nil)
    let values = try #require(session.barChart?.series.first?.values)
    #expect(Array(values.prefix(4)) == [4, 16, -6, 2])
    #expect(values[4].isNaN)
    #expect(session.barChart?.labels == [])
    #expect(session.barChart?.label(at: 1) == "2")
  }

  @Test func barOnTheBlockCanvasUsesBlocksAndAHeavyZeroLine() {
    var session = Session(terminalSize: TerminalSize(columns: 60, rows: 16))
    _ = session.run("set canvas block")
    let text = session.run("bar 3 -5 2 7 labels q1 q2 q3 q4 title \"Quarters\"").output
    #expect(text.contains("█"))
    #expect(text.contains("━━━━"))
    #expect(text.contains("╌"))  // the dashed middle line
    #expect(text.contains("Quarters"))
    #expect(!text.contains("#"))
  }

  @Test func barInColourWhenTheSessionColours() {
    var session = Session(terminalSize: TerminalSize(columns: 60, rows: 16))
    #expect(!session.run("bar 1 2 3").output.contains("\u{1B}["))
    _ = session.run("set color on")
    #expect(session.run("bar 1 2 3").output.contains("\u{1B}["))
  }

  @Test(arguments: [
    BarErrorCase(line: "bar 3 x 2", message: "unknown name 'x'", under: "x"),
    BarErrorCase(line: "bar 3 (2 +) 2", message: "", under: nil),
    BarErrorCase(line: "bar 1 2 labels a b c", message: "2 values but 3 labels", under: "c"),
    BarErrorCase(
      line: "bar 1 1/0", message: "a bar's value must be finite, got inf (nan leaves a bar out)",
      under: "1/0"),
    BarErrorCase(
      line: "bar labels a",
      message: "bar needs values, as in: bar 3 -5 2 7 labels \"q1\" \"q2\" \"q3\" \"q4\"",
      under: "labels"),
    BarErrorCase(
      line: "bar 1 \"a\"",
      message:
        "a bar's value is a number or an expression; texts go after 'labels', as in: bar 3 5 labels \"a\" \"b\"",
      under: "\"a\""),
    BarErrorCase(
      line: "bar 1 2 title", message: "title needs a text in quotes, as in: title \"sales\"",
      under: "title"),
    BarErrorCase(line: "bar 1 \"2", message: "\" without its closing \"", under: "\""),
    BarErrorCase(
      line: "bar",
      message:
        "usage: bar VALUE... [labels TEXT...] | bar \"FILE\" using LABEL:VALUE..., as in: bar 3 -5 2 7",
      under: nil),
  ])
  func barErrorsPointAtTheBadWord(_ c: BarErrorCase) throws {
    var session = Session()
    let error = try #require(session.run(c.line).error)
    if !c.message.isEmpty { #expect(error.message.hasPrefix(c.message)) }
    if let under = c.under {
      let location = try #require(error.location)
      let chars = Array(c.line)
      #expect(location.upperBound <= chars.count)
      #expect(String(chars[location]) == under)
    }
    #expect(!session.showsBarChart)
  }
}

// MARK: bar "FILE"
/// `bar "FILE"`: columns, labels, groups and pivots from a data file.
@Suite struct BarOfAFileTests {
  @Test func barOfAFileColumnWithLabelsAndMissingValues() throws {
    let (folder, file) = try barFile("immigration.dat", barImmigration)
    _ = folder
    var session = Session(terminalSize: TerminalSize(columns: 80, rows: 24))
    let reply = session.run("bar \(file) using Region:Czechoslovakia")
    #expect(reply.error == nil)
    let chart = try #require(session.barChart)
    #expect(chart.labels == ["1891-1900", "1901-1910", "1911-1920", "1921-1930"])
    #expect(chart.series.count == 1)
    #expect(chart.title == "Czechoslovakia")
    let lines = barLines(reply)
    // The note, once, below the chart; the chart is a row shorter to make room.
    #expect(lines.last == "\(folder.path)/immigration.dat: 2 missing values (no bar)")
    #expect(lines.filter { $0.contains("missing") }.count == 1)
    #expect(lines.count == 23)
    #expect(lines[0].contains("Czechoslovakia"))
    #expect(lines.contains { $0.contains("1921-1930") })
    #expect(lines.contains { $0.contains("102194") })
    // Redrawing (pan, redraw) does not repeat the note.
    #expect(!session.run("redraw").output.contains("missing"))
    #expect(barLines(session.run("redraw")).count == 23)
  }

  @Test func barOfSeveralColumnsGroupsThemWithALegend() throws {
    let (folder, file) = try barFile("immigration.dat", barImmigration)
    _ = folder
    var session = Session(terminalSize: TerminalSize(columns: 80, rows: 24))
    let reply = session.run("bar \(file) using Region:Italy:Germany:Austria")
    #expect(reply.error == nil)
    let chart = try #require(session.barChart)
    #expect(chart.series.map(\.name) == ["Italy", "Germany", "Austria"])
    #expect(chart.series[1].values == [505152, 341498, 143945, 412202])
    #expect(chart.title == nil)
    let lines = barLines(reply)
    let legend = try #require(lines.first { $0.contains("Italy") })
    #expect(legend.contains("Germany") && legend.contains("Austria"))
    #expect(!reply.output.contains("missing"))
  }

  @Test func barWithoutUsingTakesTheFirstTextAndNumberColumns() throws {
    let (folder, file) = try barFile("immigration.dat", barImmigration)
    _ = folder
    var session = Session()
    #expect(session.run("bar \(file)").error == nil)
    #expect(session.barChart?.series.map(\.name) == ["Austria"])
    #expect(session.barChart?.labels.first == "1891-1900")
  }

  @Test func barByPivotsALongTableWithYearLabels() throws {
    let (folder, file) = try barFile("iowa.csv", barIowa)
    _ = folder
    var session = Session(terminalSize: TerminalSize(columns: 80, rows: 24))
    let reply = session.run("bar \(file) using year:net_generation by source")
    #expect(reply.error == nil)
    let chart = try #require(session.barChart)
    #expect(chart.labels == ["2001", "2002", "2003"])
    #expect(chart.series.map(\.name) == ["Fossil Fuels", "Nuclear Energy", "Renewables"])
    #expect(chart.series[1].values == [3853, 4574, 3988])
    #expect(chart.title == "net_generation by source")
    #expect(reply.output.contains("2003"))
    #expect(reply.output.contains("Nuclear Energy"))
    #expect(
      session.run("bar \(file) using year:net_generation by source title \"Iowa\"").error == nil)
    #expect(session.barChart?.title == "Iowa")
    #expect(session.run("bar \(file) using year:net_generation by source notitle").error == nil)
    #expect(session.barChart?.title == nil)
  }

  @Test func barLabelsFromDatesAndNumbers() {
    let jan1 = [978_307_200.0, 1_009_843_200]  // 2001-01-01, 2002-01-01 (UTC)
    #expect(Session.labelTexts(jan1, isTime: true) == ["2001", "2002"])
    let firsts = [978_307_200.0, 980_985_600]  // 2001-01-01, 2001-02-01
    #expect(Session.labelTexts(firsts, isTime: true) == ["2001-01", "2001-02"])
    let days = [978_307_200.0, 978_393_600, .nan]  // 2001-01-01, 2001-01-02, missing
    #expect(Session.labelTexts(days, isTime: true) == ["2001-01-01", "2001-01-02", ""])
    #expect(Session.labelTexts([978_307_200 + 3600], isTime: true) == ["2001-01-01 01:00:00"])
    #expect(Session.labelTexts([1990, 2.5, .nan], isTime: false) == ["1990", "2.5", ""])
  }

  @Test func barOfNumericLabelColumn() throws {
    let (folder, file) = try barFile("years.csv", "year,count\n1990,4\n1991,-2\n1992,7\n")
    _ = folder
    var session = Session()
    #expect(session.run("bar \(file) using year:count").error == nil)
    #expect(session.barChart?.labels == ["1990", "1991", "1992"])
    #expect(session.barChart?.series.first?.values == [4, -2, 7])
    #expect(session.run("bar \(file) using count").error == nil)
    #expect(session.barChart?.labels == [])
    #expect(session.barChart?.groupCount == 3)
  }

  @Test func barFileErrorsPointAtTheColumnOrTheFile() throws {
    let (folder, file) = try barFile("immigration.dat", barImmigration)
    _ = folder
    var session = Session()
    func underlined(_ line: String) throws -> (message: String, text: String) {
      let error = try #require(session.run(line).error)
      let location = try #require(error.location)
      return (error.message, String(Array(line)[location]))
    }
    let unknown = try underlined("bar \(file) using Region:Itly")
    #expect(unknown.text == "Itly")
    #expect(unknown.message.contains("no column named \"Itly\""))
    #expect(unknown.message.contains("Italy"))  // suggested and listed
    #expect(unknown.message.contains("Region, Austria, Czechoslovakia, Germany, Italy"))
    let missing = try underlined("bar \"\(folder.path)/nope.dat\" using 1:2")
    #expect(missing.text == "\"\(folder.path)/nope.dat\"")
    #expect(missing.message.hasSuffix("No such file or directory"))
    let byUnknown = try underlined("bar \(file) using Region:Italy by Contnent")
    #expect(byUnknown.text == "Contnent")
    let text = try underlined("bar \(file) using Region")
    #expect(text.message.contains("holds text"))
    let keyword = try underlined("bar \(file) usin Region:Italy")
    #expect(keyword.text == "usin")
    #expect(keyword.message.contains("did you mean 'using'?"))
    let byWithoutUsing = try underlined("bar \(file) by Region")
    #expect(byWithoutUsing.text == "Region")
    let threeColumns = try underlined("bar \(file) using Region:Italy:Austria by Germany")
    #expect(threeColumns.text == "Region:Italy:Austria")
    #expect(threeColumns.message.hasPrefix("with by, using names two columns"))
    #expect(!session.showsBarChart)
  }

  @Test func barRefusesDateValuesAndTooManyGroups() throws {
    let (folder, file) = try barFile("iowa.csv", barIowa)
    _ = folder
    var session = Session()
    let dates = try #require(session.run("bar \(file) using source:year").error)
    #expect(dates.message.contains("holds dates"))
    var rows = "k,g,v\n"
    for i in 0..<70 { rows += "a,g\(i),\(i)\n" }
    let (wide, wideFile) = try barFile("wide.csv", rows)
    _ = wide
    let many = try #require(session.run("bar \(wideFile) using k:v by g").error)
    #expect(
      many.message == "g has 70 different values; a bar chart has at most 64 series side by side")
  }

  @Test func barRefusesMoreThanTwoMillionBarsHoweverTheyCome() throws {
    // Two series of 1,000,001 rows: the limit held only for pivoted tables (1e6 bars took
    // minutes to export and could not be stopped).
    var rows = "k,a,b\n"
    rows.reserveCapacity(12_000_000)
    for i in 0...1_000_000 { rows += "\(i),1,2\n" }
    let (columnsFolder, columnsFile) = try barFile("columns.csv", rows)
    _ = columnsFolder
    var session = Session()
    let line = "bar \(columnsFile) using 1:2:3"
    let columns = try #require(session.run(line).error)
    #expect(columns.message == "a bar chart has at most 2000000 bars; this one would have 2000002")
    #expect(columns.location.map { String(Array(line)[$0]) } == columnsFile)
    // A pivot of 64 groups by 31,251 labels would make 2,000,064 bars from 31,251 rows.
    var long = "k,g,v\n"
    for i in 0..<31_251 { long += "\(i),g\(i % 64),1\n" }
    let (longFolder, longFile) = try barFile("long.csv", long)
    _ = longFolder
    let pivot = try #require(session.run("bar \(longFile) using k:v by g").error)
    #expect(pivot.message == "a bar chart has at most 2000000 bars; this one would have 2000064")
    #expect(!session.showsBarChart)
    // Under the limit, the same columns make a chart.
    #expect(session.run("bar \(longFile) using k:v").error == nil)
  }
}

// MARK: Scrolling
/// Bars that do not fit scroll; plot-only commands are refused while bars are shown.
@Suite struct BarScrollingTests {
  @Test func panScrollsTheBarsThatDoNotFit() throws {
    var session = Session(terminalSize: TerminalSize(columns: 40, rows: 12))
    let values = (1...40).map(String.init).joined(separator: " ")
    #expect(session.run("bar \(values)").error == nil)
    let view = session.run("view").output
    #expect(view.hasPrefix("bars 1-"))
    #expect(view.hasSuffix(" of 40 (pan left|right scrolls)\n"))
    let first = session.run("bar \(values)").output
    #expect(first.contains("more >"))
    #expect(!first.contains("< "))
    #expect(session.firstBar == 0)
    let right = session.run("pan right")
    #expect(right.error == nil)
    #expect(session.firstBar > 0)
    #expect(right.output.contains("< "))
    _ = session.run("pan 1000")
    let last = session.run("view").output
    #expect(last.hasSuffix("-40 of 40 (pan left|right scrolls)\n"))
    let movedAtEnd = session.scrollBars(by: 1)
    #expect(!movedAtEnd)  // at the end
    let end = session.firstBar
    #expect(session.run("pan -3").error == nil)
    #expect(session.firstBar == end - 3)
    let movedToStart = session.scrollBars(by: Int.min)
    #expect(movedToStart)
    #expect(session.firstBar == 0)
    let movedToEnd = session.scrollBars(by: Int.max)
    #expect(movedToEnd)
    #expect(session.firstBar == end)
    _ = session.run("reset")
    #expect(session.firstBar == 0)
    #expect(
      session.run("pan 2.5").error?.message
        == "pan moves a bar chart by a whole number of bars, got 2.5")
    #expect(session.run("pan up").error?.message == "a bar chart scrolls left and right only")
    #expect(session.run("pan 1 2").error != nil)
  }

  @Test func barCommandsThatSteerPlotsAreRefusedWhileABarChartIsShown() throws {
    var session = Session()
    _ = session.run("plot x")
    _ = session.run("bar 1 2 3")
    for line in ["zoom 2", "center 1", "xrange 0 1", "yrange 0 1", "undo"] {
      let error = try #require(session.run(line).error, "\(line)")
      #expect(error.message.contains("a bar chart is shown"))
      #expect(error.location == 0..<line.prefix { $0 != " " }.count)
    }
    // plot alone shows the last plot again; then zoom works.
    #expect(session.run("plot").error == nil)
    #expect(!session.showsBarChart)
    #expect(session.run("zoom 2").error == nil)
    // bar alone shows the last bar chart again.
    #expect(session.run("bar").output.contains("#"))
    #expect(session.showsBarChart)
  }

  @Test func redrawAndDisplaySettingsDrawTheBarChartAtTheCurrentSize() {
    var session = Session(terminalSize: TerminalSize(columns: 60, rows: 16))
    _ = session.run("plot sin(x)")
    _ = session.run("bar 3 -5 2 7")
    session.terminalSize = TerminalSize(columns: 100, rows: 30)
    let redrawn = barLines(session.run("redraw"))
    #expect(redrawn.count == 29)
    #expect(redrawn.contains { $0.contains("=====") })
    let blocks = session.run("set canvas block").output
    #expect(blocks.contains("━━━"))
    #expect(blocks.contains("█"))
    #expect(session.run("set canvas").output == "block\n")
    #expect(session.run("redraw x").error?.message == "redraw takes no arguments")
  }
}

// MARK: Export and set bar style
/// Exports of a bar chart, `set bar style` and its help.
@Suite struct BarExportTests {
  @Test func exportSVGOfABarChartFollowsTheBarStyle() throws {
    let folder = try TemporaryFolder()
    var session = Session()
    #expect(session.run("set bar style").output == "rounded\n")
    _ = session.run("bar 3 -5 2 7 labels q1 q2 q3 q4")
    let rounded = folder.path + "/rounded.svg"
    #expect(
      session.run("export svg \(rounded) 600 400") == Reply(output: "wrote \(rounded) (600x400)\n"))
    let roundSVG = try String(contentsOfFile: rounded, encoding: .utf8)
    #expect(roundSVG.contains("width=\"600\" height=\"400\""))
    #expect(roundSVG.contains(">q2</text>"))
    #expect(roundSVG.contains(">-5</text>"))
    let cubic = try Regex(#"C-?[0-9]"#)
    #expect(roundSVG.contains(cubic))
    #expect(session.run("set bar style flat") == Reply())
    #expect(session.run("set bar style").output == "flat\n")
    let flat = folder.path + "/flat.svg"
    #expect(session.run("export svg \(flat)") == Reply(output: "wrote \(flat) (800x600)\n"))
    let flatSVG = try String(contentsOfFile: flat, encoding: .utf8)
    #expect(!flatSVG.contains(cubic))
    #expect(flatSVG.contains("<rect"))
    // After a plot, export writes the plot again.
    _ = session.run("plot x")
    let plot = folder.path + "/plot.svg"
    _ = session.run("export svg \(plot)")
    #expect(!(try String(contentsOfFile: plot, encoding: .utf8)).contains(">q2</text>"))
  }

  @Test func exportTableOfABarChartReadsBack() throws {
    let folder = try TemporaryFolder()
    let (data, file) = try barFile("immigration.dat", barImmigration)
    _ = data
    var session = Session()
    _ = session.run("bar \(file) using Region:Czechoslovakia:Germany")
    let path = folder.path + "/bars.tsv"
    #expect(session.run("export table \(path)") == Reply(output: "wrote \(path) (4 bars)\n"))
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(
      text == """
        label\tCzechoslovakia\tGermany
        1891-1900\t-\t505152
        1901-1910\t-\t341498
        1911-1920\t3426\t143945
        1921-1930\t102194\t412202

        """)
    // It reads back, names and all.
    #expect(session.run("bar \"\(path)\" using label:Czechoslovakia:Germany").error == nil)
    #expect(session.barChart?.series.map(\.name) == ["Czechoslovakia", "Germany"])
    #expect(session.barChart?.labels == ["1891-1900", "1901-1910", "1911-1920", "1921-1930"])
    #expect(session.barChart?.series[0].values[2] == 3426)
    #expect(
      session.run("export table \(path) 100").error?.message
        == "export table of a bar chart takes no size")
    #expect(session.run("export gif \(path)").error?.message.hasPrefix("usage: export") == true)
  }

  @Test(arguments: [
    (
      "set bar style round3",
      "unknown bar style 'round3' (did you mean 'rounded'?); choose rounded or flat", "round3"
    ),
    ("set bar shape flat", "usage: set bar style rounded|flat", "shape"),
    ("set bar style flat now", "usage: set bar style rounded|flat", "now"),
    ("set bar", "usage: set bar style rounded|flat", "bar"),
  ])
  func setBarStyleErrors(line: String, message: String, under: String) throws {
    var session = Session()
    let error = try #require(session.run(line).error)
    #expect(error.message == message)
    let location = try #require(error.location)
    #expect(String(Array(line)[location]) == under)
  }

  @Test func helpExplainsBarAndSetBarStyle() throws {
    var session = Session()
    let bar = session.run("help bar").output
    #expect(bar.hasPrefix("usage: bar VALUE... [labels TEXT...]"))
    #expect(bar.contains("bar 3 -5 2 7 labels \"q1\" \"q2\" \"q3\" \"q4\""))
    #expect(bar.contains("by source"))
    #expect(session.run("help set").output.contains("usage: set bar style rounded|flat"))
    #expect(session.run("help redraw").error == nil)
    #expect(session.run("help").output.contains("bar VALUE..."))
  }
}
