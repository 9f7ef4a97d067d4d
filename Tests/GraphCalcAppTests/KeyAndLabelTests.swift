import Foundation
import GraphView
import TestSupport
import Testing

@testable import GraphCalcApp

/// gnuplot's `set key` options, `set label`, `set arrow`, zero axes, tick styles, `set
/// bars`, `set pointsize` and `set style data|function` (tracker issue 16): read as gnuplot
/// reads them (`help set key`, ...), and drawn where gnuplot draws them.
@Suite struct KeyAndLabelTests {
  static func session() -> Session { Session(terminalSize: TerminalSize(columns: 80, rows: 24)) }

  /// The SVG of `lines` then `export svg`, 800 x 600.
  static func svg(_ lines: [String]) throws -> String {
    var session = session()
    for line in lines {
      let reply = session.run(line)
      #expect(reply.error == nil, "\(line): \(reply.error?.message ?? "")")
    }
    let folder = try TemporaryFolder()
    let path = folder.path + "/k.svg"
    let reply = session.run("export svg \(path)")
    #expect(reply.error == nil, "\(reply.error?.message ?? "")")
    return try String(contentsOfFile: path, encoding: .utf8)
  }

  /// The plot area of an SVG (its clip rectangle): x, y, width, height.
  static func plotArea(_ svg: String) throws -> (Double, Double, Double, Double) {
    let clip = try #require(svg.range(of: "<clipPath id=\"clip1\"><rect "))
    let rest = svg[clip.upperBound...]
    func value(_ name: String) throws -> Double {
      let r = try #require(rest.range(of: name + "=\""))
      let end = try #require(rest[r.upperBound...].firstIndex(of: "\""))
      return try #require(Double(rest[r.upperBound..<end]))
    }
    return (try value("x"), try value("y"), try value("width"), try value("height"))
  }

  /// The SVG's number for `v` (at most two decimals, no trailing zeros, as the renderer).
  static func n(_ v: Double) -> String {
    let r = (v * 100).rounded() / 100
    if r == r.rounded() { return String(Int(r)) }
    var s = String(format: "%.2f", r)
    while s.hasSuffix("0") { s.removeLast() }
    return s
  }

  @Test(arguments: [
    ("set key left top box title \"Waves\"", "key top left box title \"Waves\""),
    ("set key at 1, 2 right", "key at 1, 2 right"),
    ("set key at graph 0.5, 0.9 center", "key at graph 0.5, 0.9 center"),
    ("set key bmargin center horizontal", "key bmargin center horizontal"),
    ("set key below", "key bmargin center horizontal"),
    ("set key invert reverse Left outside", "key outside invert"),
    ("set key under nobox", "key bmargin center horizontal nobox"),
    ("set key center top reverse Left", "key top center"),
    (
      "set key horiz maxcols 2 spacing 1.5 samplen 2 width 1 noopaque nobox Right noreverse",
      "key horizontal Right noreverse nobox noopaque samplen 2 spacing 1.5 width 1 maxcols 2"
    ),
    ("set key tc variable", "key textcolor variable"),
    ("set key textcolor rgb \"red\" vert maxrows 3", "key maxrows 3 textcolor rgb \"#ff0000\""),
    ("set key title \"T\" left", "key title \"T\""),
    ("set key lmargin", "key lmargin"),
    ("set key box lt -1 lw 2 opaque", "key box"),
  ])
  func keyOptionsAreRead(_ line: String, shown: String) {
    var session = Self.session()
    #expect(session.run(line) == Reply(), "\(line)")
    #expect(session.run("show key") == Reply(output: shown + "\n"), "\(line)")
  }

  /// `set key` keeps what the line does not change, as gnuplot's does, and `default` goes
  /// back to graphcalc's legend.
  @Test func keyChangesAccumulate() {
    var session = Self.session()
    _ = session.run("set key box title \"T\"")
    _ = session.run("set key bottom")
    #expect(session.run("show key") == Reply(output: "key bottom right box title \"T\"\n"))
    #expect(session.labels.key.titleAlignment == .center)
    _ = session.run("set key title \"U\" right")
    #expect(session.labels.key.titleAlignment == .right)
    _ = session.run("set key default")
    #expect(session.labels.key == KeyOptions())
    #expect(session.labels.keyPlacement == .best)
    _ = session.run("set key at 0, 0 left bottom")
    #expect(
      session.labels.key.region == .at(PlotPosition(x: .init(.first, 0), y: .init(.first, 0))))
    #expect(session.labels.key.horizontal == .start && session.labels.key.vertical == .end)
    _ = session.run("set key inside")
    #expect(session.labels.key.region == nil)
  }

  @Test(arguments: [
    ("set key foo", 8, "'foo' in set key"),
    ("set key at 1", 12, "a comma and y"),
    ("set key samplen", 15, "a number after samplen"),
    ("set key at second 1, 2", 11, "'second'"),
    ("set key spacing 0", 16, "a spacing above 0"),
    ("set key autotitle columnhead(2)", 28, "'(' in set key"),
    ("set key opaque fc rgb \"grey\"", 15, "a fill colour of the key"),
    ("set key tc rgb \"nosuch\"", 15, "a colour"),
    ("set label 1 \"x\" at 1,2 boxed", 23, "'boxed' in set label"),
    ("set label 0 \"x\"", 10, "a whole number from 1"),
    ("set label \"x\" at 1", 18, "a comma and y"),
    ("set label \"x\" at 1, 2, 3", 21, "a third coordinate"),
    ("set arrow from 0,0 to 1,1 size 1,20", 26, "'size' in set arrow"),
    ("set arrow from 0,0 to 1,1 ls 0", 26, "a line style from 1"),
    ("set arrow 1 from 0,0 too 1,1", 21, "'too' in set arrow"),
    ("set xzeroaxis lw 0", 14, "a width above 0"),
    ("set xzeroaxis thick", 14, "'thick' in set xzeroaxis"),
    ("set mxtics 0", 11, "intervals from 1 to 100"),
    ("set bars -1", 9, "set bars -1"),
    ("set pointsize 0", 14, "a size above 0"),
    ("set style data pie", 15, "pie"),
    ("set style function histograms", 19, "histograms of functions"),
    ("set xtics rotate by", 19, "an angle"),
  ])
  func mistakesAreLocated(_ line: String, _ column: Int, _ message: String) throws {
    var session = Self.session()
    let error = try #require(session.run(line).error, "\(line)")
    #expect(error.message.contains(message), "\(line): \(error.message)")
    #expect(error.location?.lowerBound == column, "\(line): \(error.message)")
    #expect(!error.message.contains("usage"), "\(line): \(error.message)")
  }

  @Test func labelsAreKeptByTag() {
    var session = Self.session()
    #expect(session.run("set label 2 \"peak\" at 1.5, 2*1 center rotate by 30 front") == Reply())
    #expect(session.run("set label \"a\" at graph 0.1, 0.2 right") == Reply())
    #expect(
      session.run("show label")
        == Reply(
          output: "label 2 \"peak\" at 1.5, 2 center rotate by 30 front\n"
            + "label 3 \"a\" at graph 0.1, 0.2 right\n"))
    #expect(session.run("set label 2 at 3, 4 norotate") == Reply())
    let two = session.labels.annotations.labels[2]
    #expect(two?.text == "peak" && two?.rotation == 0 && two?.position.x.value == 3)
    #expect(
      session.run("set label 5 \"p\" at 0,0 point pt 7 ps 2 offset 1, -0.5 tc rgb \"blue\"")
        == Reply())
    let five = session.labels.annotations.labels[5]
    #expect(five?.pointType == 7 && five?.pointSize == 2 && five?.offsetX == 1)
    #expect(five?.offsetY == -0.5 && five?.color == RGBColor(0x0000ff))
    #expect(session.run("set label 6 \"r\" at 0,0 rotate") == Reply())
    #expect(session.labels.annotations.labels[6]?.rotation == 90)
    #expect(session.run("unset label 2") == Reply())
    #expect(session.labels.annotations.labels.keys.sorted() == [3, 5, 6])
    #expect(session.run("unset label") == Reply())
    #expect(session.labels.annotations.labels.isEmpty)
  }

  @Test func arrowsAreKeptByTag() throws {
    var session = Self.session()
    #expect(session.run("set arrow 3 from 1,1 rto 1,2 heads lc rgb \"red\" lw 2") == Reply())
    let a = try #require(session.labels.annotations.arrows[3])
    #expect(a.to == PlotPosition(x: .init(.first, 2), y: .init(.first, 3)))
    #expect(a.heads == .both && a.look.color == RGBColor(0xff0000) && a.look.lineWidth == 2)
    #expect(session.run("set arrow from graph 0,0 to graph 1,1 nohead back") == Reply())
    let b = try #require(session.labels.annotations.arrows[4])
    #expect(b.heads == .none && b.to.y.system == .graph && !b.front)
    #expect(session.run("set arrow 1 from -3,0 to 3,0 nohead lt -1") == Reply())
    #expect(session.labels.annotations.arrows[1]?.look.color == RGBColor(0))
    #expect(session.run("unset arrow 3") == Reply())
    #expect(session.labels.annotations.arrows.keys.sorted() == [1, 4])
  }

  @Test func defaultStylesApplyWhereNoWithIsGiven() {
    var session = Self.session()
    #expect(session.run("set style data points") == Reply())
    #expect(session.run("set style function impulses") == Reply())
    let data = fixture("errors.dat")
    #expect(
      session.run("plot \(data) using 1:2, \(data) using 1:2 with lines, sin(x)").error == nil)
    #expect(session.curves?.marks(ofCurve: 0) == .points)
    #expect(session.curves?.marks(ofCurve: 1) == .lines)
    #expect(session.curves?.marks(ofCurve: 2) == .impulses)
    // A parametric curve drawn with lines keeps no style, as before.
    #expect(session.run("plot (cos(t), sin(t)) with lines").error == nil)
  }

  @Test func otherSettingsAreKept() {
    var session = Self.session()
    #expect(session.run("set xzeroaxis lt 2 lw 2 dt 3") == Reply())
    var look = CurveLook(lineWidth: 2, colorIndex: 2, dashType: 3)
    look.lineType = 2  // resolved against `set linetype 2` when drawn (LineStyleTests)
    #expect(session.labels.annotations.xZeroAxis.look == look)
    #expect(session.run("unset zeroaxis") == Reply())
    #expect(
      !session.labels.annotations.xZeroAxis.shown && !session.labels.annotations.yZeroAxis.shown)
    #expect(session.run("show xzeroaxis") == Reply(output: "xzeroaxis off\n"))
    #expect(session.run("set yzeroaxis") == Reply())
    #expect(session.labels.annotations.yZeroAxis == ZeroAxis())
    #expect(session.run("set xtics rotate by 45 offset 0, -1 out scale 2") == Reply())
    let x = session.labels.annotations.xTickStyle
    #expect(x.rotation == 45 && x.offsetY == -1 && x.outward && x.scale == 2)
    #expect(session.labels.annotations.yTickStyle == TickLabelStyle())
    #expect(session.run("set tics in norotate") == Reply())
    #expect(!session.labels.annotations.xTickStyle.outward)
    #expect(session.labels.annotations.xTickStyle.rotation == 0)
    #expect(session.run("set xtics 0.5 rotate") == Reply())
    #expect(session.labels.annotations.xTickStyle.rotation == 90)
    #expect(session.run("set mxtics 4") == Reply())
    #expect(session.run("set mytics") == Reply())
    #expect(session.labels.annotations.minorX == 4 && session.labels.annotations.minorY == 5)
    #expect(session.run("set bars small") == Reply())
    #expect(session.labels.annotations.errorBarScale == 0)
    #expect(session.run("set bars 2.5") == Reply())
    #expect(session.labels.annotations.errorBarScale == 2.5)
    #expect(session.run("set pointsize 2") == Reply())
    #expect(session.labels.annotations.pointSize == 2)
  }

  /// The key's box is a rectangle in the frame's colour around the title and the entries;
  /// the title is centred on its first line.
  @Test func keyBoxAndTitleInSVG() throws {
    let svg = try Self.svg([
      "set key box title \"Waves\" top left", "plot [-5:5] sin(x), cos(x)",
    ])
    let (px, py, _, _) = try Self.plotArea(svg)
    let rects = svg.split(separator: "\n").filter {
      $0.hasPrefix("<rect ") && $0.contains("stroke=\"#333333\"") && $0.contains("fill=\"none\"")
    }
    #expect(rects.count == 2)  // the frame and the key's box
    let box = try #require(rects.first { !$0.contains("x=\"\(Self.n(px))\" y=\"\(Self.n(py))\"") })
    // Inside the plot area by half the padding (4 px) at the top left: `top left`.
    #expect(box.contains("x=\"\(Self.n(px + 4))\" y=\"\(Self.n(py + 4))\""), "\(box)")
    let title = try #require(svg.split(separator: "\n").first { $0.hasSuffix(">Waves</text>") })
    #expect(title.contains("text-anchor=\"middle\""))
    #expect(svg.contains(">sin(x)</text>") && svg.contains(">cos(x)</text>"))
    // Without the options the legend is drawn as before (its light outline).
    let plain = try Self.svg(["plot [-5:5] sin(x), cos(x)"])
    #expect(plain.contains("stroke=\"#bbbbbb\""))
    #expect(!plain.split(separator: "\n").contains { $0.hasSuffix(">Waves</text>") })
  }

  /// `set key bmargin` and `lmargin` make room: the plot area shrinks on that side.
  @Test func keyInAMarginShrinksThePlotArea() throws {
    let (_, _, w0, h0) = try Self.plotArea(try Self.svg(["plot sin(x)"]))
    let (_, _, _, h1) = try Self.plotArea(try Self.svg(["set key bmargin", "plot sin(x)"]))
    #expect(h1 < h0)
    let (x2, _, w2, _) = try Self.plotArea(try Self.svg(["set key lmargin", "plot sin(x)"]))
    #expect(w2 < w0 && x2 > 51)
    let (_, y3, _, _) = try Self.plotArea(try Self.svg(["set key tmargin", "plot sin(x)"]))
    #expect(y3 > 15)
  }

  /// Labels are at their positions in first (data), graph and screen coordinates, with
  /// their justification; a turned label carries its rotation.
  @Test func labelsInSVGAreAtTheirCoordinates() throws {
    let svg = try Self.svg([
      "set xrange [0:10]", "set yrange [0:10]", "set label \"mid\" at 5,5 center",
      "set label \"corner\" at graph 0, 1 right", "set label \"scr\" at screen 0.5, 0.25",
      "set label \"turned\" at 2,2 rotate by 30 tc rgb \"red\"", "plot x",
    ])
    let (px, py, w, h) = try Self.plotArea(svg)
    let middle = 0.35 * 12  // a middle anchor's baseline below the point
    #expect(
      svg.contains(
        "<text x=\"\(Self.n(px + w / 2))\" y=\"\(Self.n(py + h / 2 + middle))\" text-anchor=\"middle\""
      ))
    #expect(
      svg.contains("<text x=\"\(Self.n(px))\" y=\"\(Self.n(py + middle))\" text-anchor=\"end\""))
    #expect(svg.contains("<text x=\"400\" y=\"\(Self.n(450 + middle))\" text-anchor=\"start\""))
    let tx = px + 0.2 * w
    let ty = py + 0.8 * h
    #expect(
      svg.contains("transform=\"rotate(-30 \(Self.n(tx)) \(Self.n(ty)))\" fill=\"#ff0000\">turned"))
  }

  /// An arrow is a line from its start to its end with two head strokes at the end; `nohead`
  /// has none; `lc` colours it.
  @Test func arrowsInSVG() throws {
    let svg = try Self.svg([
      "set xrange [0:10]", "set yrange [0:10]",
      "set arrow from 0,0 to 10,10 lc rgb \"#123456\"", "set arrow from 0,5 to 10,5 nohead",
      "plot x",
    ])
    let (px, py, w, h) = try Self.plotArea(svg)
    let n = Self.n
    let lines = svg.split(separator: "\n")
    let arrow = try #require(lines.first { $0.contains("stroke=\"#123456\"") })
    #expect(arrow.contains("M\(n(px)),\(n(py + h))L\(n(px + w)),\(n(py))M\(n(px + w)),\(n(py))L"))
    let flat = try #require(lines.first { $0.contains("d=\"M\(n(px)),\(n(py + h / 2))L") })
    #expect(!flat.dropFirst(10).contains("M"))  // one stroke: no head
  }

  /// The zero axes go with `unset zeroaxis` and take their look from `set xzeroaxis`.
  @Test func zeroAxesInSVG() throws {
    let axis = "stroke=\"#999999\""
    let plain = try Self.svg(["plot [-5:5] sin(x)"])
    #expect(plain.components(separatedBy: axis).count - 1 == 2)
    let none = try Self.svg(["unset zeroaxis", "plot [-5:5] sin(x)"])
    #expect(none.components(separatedBy: axis).count - 1 == 0)
    let one = try Self.svg(["unset yzeroaxis", "plot [-5:5] sin(x)"])
    #expect(one.components(separatedBy: axis).count - 1 == 1)
    let red = try Self.svg(["set xzeroaxis lc rgb \"red\" dt 2", "plot [-5:5] sin(x)"])
    #expect(red.contains("stroke=\"#ff0000\"") && red.contains("stroke-dasharray"))
  }

  /// Turned x tick labels carry their rotation; `set mxtics` adds minor ticks.
  @Test func tickStylesInSVG() throws {
    let turned = try Self.svg(["set xtics rotate by 45", "plot [-5:5] sin(x)"])
    #expect(turned.contains("text-anchor=\"end\" font-size=\"12\" transform=\"rotate(-45 "))
    let plain = try Self.svg(["plot [-5:5] sin(x)"])
    let minor = try Self.svg(["set mxtics 4", "plot [-5:5] sin(x)"])
    let paths = { (s: String) in s.components(separatedBy: "<path").count }
    #expect(paths(minor) > paths(plain))
    #expect(try Self.plotArea(turned).3 < Self.plotArea(plain).3)  // room for the labels
  }

  /// `set border N lw W lc ...` strokes the frame's sides with the look; `front` is read.
  @Test func borderLookInSVG() throws {
    let svg = try Self.svg([
      "set border 3 front lw 2 lc rgb \"#00ff00\"", "plot [-5:5] sin(x)",
    ])
    let (px, py, w, h) = try Self.plotArea(svg)
    let n = Self.n
    let frame = try #require(
      svg.split(separator: "\n").first { $0.contains("stroke=\"#00ff00\"") })
    // Bottom and left only (bits 1 and 2), each one stroke.
    #expect(
      frame.contains(
        "d=\"M\(n(px)),\(n(py + h))L\(n(px + w)),\(n(py + h))M\(n(px)),\(n(py + h))L\(n(px)),\(n(py))\""
      ), "\(frame)")
    #expect(frame.contains("stroke-width=\"2\""))
    var session = Self.session()
    #expect(session.run("set border 3 behind").error == nil)
    #expect(session.labels.border.rawValue == 3)
    #expect(session.run("set border 3 thick").error?.location?.lowerBound == 13)
  }

  /// `set bars small` leaves the error bars' caps out; `set pointsize` grows the points.
  @Test func barsAndPointSizeInSVG() throws {
    let data = fixture("errors.dat")
    let plot = "plot \(data) using 1:2:3 with yerrorbars"
    let large = try Self.svg([plot])
    let small = try Self.svg(["set bars small", plot])
    #expect(small.count < large.count)
    let p1 = try Self.svg(["plot \(data) using 1:2 with points pt 6"])
    let p2 = try Self.svg(["set pointsize 3", "plot \(data) using 1:2 with points pt 6"])
    #expect(p1 != p2)
  }

  /// In the terminal, labels are written at their place, `set key box` frames the key in
  /// cells, and the key's title is its first line.
  @Test func terminalDrawsLabelsAndTheKeyBox() {
    var session = Self.session()
    _ = session.run("set label \"HELLO\" at 0,0 center")
    _ = session.run("set key box title \"Waves\"")
    let out = session.run("plot [-5:5] sin(x)").output
    #expect(out.contains("HELLO"))
    let lines = out.split(separator: "\n")
    let title = lines.firstIndex { $0.contains("Waves") }
    #expect(title != nil)
    if let title {
      #expect(lines[title].contains("|"))
      #expect(lines[title - 1].contains("-------"))
      #expect(lines[title + 1].contains("sin(x)"))
    }
    // Turned text is written level.
    _ = session.run("set label 1 \"HELLO\" at 0,0 center rotate by 90")
    #expect(session.run("replot").output.contains("HELLO"))
  }
}
