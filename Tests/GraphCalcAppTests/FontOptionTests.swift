import Foundation
import TestSupport
import Testing

@testable import GraphCalcApp

/// gnuplot's `font "NAME,SIZE"` on `set title`, `set xlabel`, `set ylabel` and `set key`
/// (tracker issue 16): the pictures' text sizes follow, relative to their 12 px at 800 x 600
/// and scaling with the picture; the terminal has one size; mistakes have their carets.
@Suite struct FontOptionTests {
  static func session() -> Session { Session(terminalSize: TerminalSize(columns: 80, rows: 24)) }

  /// The `font-size` of every `<text>` whose content is `text`.
  static func fontSizes(of text: String, in svg: String) -> [String] {
    svg.split(separator: "\n").filter { $0.hasSuffix(">\(text)</text>") }.compactMap { line in
      guard let r = line.range(of: "font-size=\"") else { return nil }
      let rest = line[r.upperBound...]
      return rest.split(separator: "\"").first.map(String.init)
    }
  }

  static func export(_ session: inout Session, size: String = "") throws -> String {
    let folder = try TemporaryFolder()
    let path = folder.path("f.svg")
    let reply = session.run("export svg \(path)\(size)")
    #expect(reply.error == nil, "\(reply.error?.message ?? "")")
    return try String(contentsOfFile: path, encoding: .utf8)
  }

  /// Sizes relative to 12: the title (drawn at 7/6 of the labels' size) at 24 is 28 px, the
  /// labels and the legend at their sizes; and twice all that at 1600 x 1200.
  @Test func sizesFollowInSVG() throws {
    var session = Self.session()
    for line in [
      "set title \"Waves\" font \",24\"", "set xlabel \"time\" font \"Helvetica,6\"",
      "set ylabel \"level\" font \"Arial,18\"", "set key top left font \",10\"",
      "plot sin(x) title \"wave\"",
    ] {
      #expect(session.run(line).error == nil, "\(line)")
    }
    let svg = try Self.export(&session)
    #expect(Self.fontSizes(of: "Waves", in: svg) == ["28"])
    #expect(Self.fontSizes(of: "time", in: svg) == ["6"])
    #expect(Self.fontSizes(of: "level", in: svg) == ["18"])
    #expect(Self.fontSizes(of: "wave", in: svg) == ["10"])
    #expect(Self.fontSizes(of: "0", in: svg).allSatisfy { $0 == "12" })
    let big = try Self.export(&session, size: " 1600 1200")
    #expect(Self.fontSizes(of: "Waves", in: big) == ["56"])
    #expect(Self.fontSizes(of: "wave", in: big) == ["20"])
  }

  /// A larger title takes a taller margin: the plot area starts lower.
  @Test func largerTextTakesMoreRoom() throws {
    var session = Self.session()
    _ = session.run("set title \"Waves\"")
    _ = session.run("plot sin(x)")
    let plain = try Self.export(&session)
    _ = session.run("set title font \",36\"")
    let large = try Self.export(&session)
    func frameTop(_ svg: String) -> Double? {
      // The plot area's clip rectangle's y.
      guard let r = svg.range(of: "<clipPath"), let y = svg[r.upperBound...].range(of: "y=\"")
      else { return nil }
      return Double(svg[y.upperBound...].prefix { $0 != "\"" })
    }
    let a = try #require(frameTop(plain))
    let b = try #require(frameTop(large))
    #expect(b > a + 20)
    #expect(Self.fontSizes(of: "Waves", in: large) == ["42"])
  }

  /// Without a size (a name alone) the size stays; the listing shows a size set; unset and
  /// `set key default` go back to 12; the terminal plot is the same with any size.
  @Test func listingUnsetAndTerminal() throws {
    var session = Self.session()
    let before = session.run("plot sin(x)").output
    #expect(session.run("set title \"T\" font \",20\"") == Reply())
    #expect(session.run("set title \"U\" font \"Helvetica\"") == Reply())
    #expect(session.run("show title") == Reply(output: "title \"U\" font \",20\"\n"))
    #expect(session.run("set key font \",9\"") == Reply())
    #expect(session.run("show key") == Reply(output: "key font \",9\"\n"))
    #expect(session.run("set key default") == Reply())
    #expect(session.labels.textScales.legend == 1)
    #expect(session.run("set xlabel font \",30\"") == Reply())
    #expect(session.labels.xLabel.isEmpty)
    #expect(session.run("unset title") == Reply())
    #expect(session.labels.textScales.title == 1)
    #expect(session.run("show title") == Reply(output: ""))
    _ = session.run("unset xlabel")
    _ = session.run("set key font \",30\"")
    #expect(session.run("plot sin(x)").output == before)
  }

  /// Mistakes: no string after `font`, a size that is no positive number or too large, a
  /// word that is no option; each at its column.
  @Test(arguments: [
    ("set title \"T\" font", "set title \"T\" ".count),
    ("set title \"T\" font \",abc\"", "set title \"T\" font ".count),
    ("set title \"T\" font \",0\"", "set title \"T\" font ".count),
    ("set xlabel \"T\" font \",1000\"", "set xlabel \"T\" font ".count),
    ("set key font 14", "set key ".count),
    ("set ylabel \"T\" offset 1,2 shadow", "set ylabel \"T\" offset 1,2 ".count),
  ])
  func mistakes(_ line: String, _ column: Int) throws {
    var session = Self.session()
    let error = try #require(session.run(line).error)
    #expect(error.location?.lowerBound == column, "\(line): \(error.message)")
    #expect(session.labels == PlotLabels())
  }
}
