import Foundation
import GraphView
import TestSupport
import Testing

@testable import GraphCalcApp

/// gnuplot's plotting styles and style options on `plot` (tracker issue 16): the words as
/// gnuplot reads them, the columns each style takes, and the mistakes with their carets.
@Suite struct PlotStyleTests {
  static func session() -> Session { Session(terminalSize: TerminalSize(columns: 80, rows: 24)) }

  /// The style words and gnuplot's abbreviations (each checked against gnuplot 5.4, which
  /// takes the same word for the same style), on a data file and on a function.
  @Test(arguments: [
    ("with impulses", "impulses"), ("w i", "impulses"), ("w imp", "impulses"),
    ("with steps", "steps"), ("w st", "steps"), ("w fs", "fsteps"), ("w his", "histeps"),
    ("with histeps", "histeps"), ("with boxes", "boxes"), ("w d", "dots"),
    ("with dots", "dots"), ("w l", "lines"), ("w p", "points"), ("w lp", "linespoints"),
    ("w linesp", "linespoints"), ("w yerr", "yerrorbars"), ("w ye", "yerrorbars"),
    ("w e", "yerrorbars"), ("with errorbars", "yerrorbars"), ("w xerr", "xerrorbars"),
    ("w xyerr", "xyerrorbars"), ("w yerrorl", "yerrorlines"), ("w errorl", "yerrorlines"),
    ("with errorlines", "yerrorlines"), ("w xerrorlines", "xerrorlines"),
    ("w xyerrorlines", "xyerrorlines"),
  ])
  func styleWords(_ words: String, _ style: String) throws {
    var session = Self.session()
    let columns =
      style.hasPrefix("xy") ? "1:2:3:4" : style.contains("error") ? "1:2:3" : "1:2"
    let reply = session.run("plot \(fixture("errors.dat")) using \(columns) \(words)")
    #expect(reply.error == nil, "\(words): \(reply.error?.message ?? "")")
    #expect(session.curves?.marks(ofCurve: 0).description == style, "\(words)")
  }

  /// The style options in gnuplot's short and long names.
  @Test func optionsAreRead() throws {
    var session = Self.session()
    let line =
      "plot \(fixture("errors.dat")) using 1:2 with linespoints lw 2.5 lc rgb \"#ff8000\" "
      + "pt 7 ps 1.5 dt 2, sin(x) with impulses linewidth 2 linecolor rgb \"dark-green\" "
      + "dashtype 3, cos(x) lc 3 pointtype 4 pointsize 2 w p, x lc \"blue\", 2*x lt 4"
    let reply = session.run(line)
    #expect(reply.error == nil, "\(reply.error?.message ?? "")")
    let curves = try #require(session.curves)
    let data = curves.look(ofCurve: 0)
    #expect(data.lineWidth == 2.5 && data.pointType == 7 && data.pointSize == 1.5)
    #expect(data.dashType == 2 && data.color == RGBColor(0xff8000))
    let sine = curves.look(ofCurve: 1)
    #expect(curves.marks(ofCurve: 1) == .impulses)
    #expect(sine.lineWidth == 2 && sine.dashType == 3 && sine.color == RGBColor(0x006400))
    let cosine = curves.look(ofCurve: 2)
    #expect(curves.marks(ofCurve: 2) == .points)
    #expect(cosine.colorIndex == 3 && cosine.pointType == 4 && cosine.pointSize == 2)
    #expect(curves.look(ofCurve: 3).color == RGBColor(0x0000ff))
    #expect(curves.look(ofCurve: 4).colorIndex == 4)
    #expect(curves.titles == ["errors.dat using 1:2", "sin(x)", "cos(x)", "x", "2*x"])
  }

  /// A function in a style other than lines is drawn at gnuplot's 100 samples, which the
  /// table writes as gnuplot's does (`plot sin(x) with impulses`).
  @Test func aStyledFunctionIsSampledAsGnuplotDoes() throws {
    var session = Self.session()
    #expect(session.run("plot [0:9.9] sin(x) with impulses lw 2 lc rgb \"blue\"").error == nil)
    let folder = try TemporaryFolder()
    let path = folder.path + "/t.tsv"
    #expect(session.run("export table \(path)").error == nil)
    let rows = TableRow.rows(try String(contentsOfFile: path, encoding: .utf8))
    #expect(rows.count == 100)
    for (i, row) in rows.enumerated() {
      #expect(abs(row.x - Double(i) * 0.1) < 1e-12 && abs(row.y - sin(row.x)) < 1e-12)
    }
  }

  /// Mistakes: a caret under the word, the nearest style or colour, gnuplot's styles that
  /// are not drawn named as such.
  @Test(arguments: [
    ("plot \"F\" w impulsez", "unknown style 'impulsez' (did you mean 'impulses'?)", 11..<19),
    ("plot \"F\" w circles", "gnuplot's style 'circles' is not supported", 11..<18),
    ("plot \"F\" w boxs", "unknown style 'boxs' (did you mean 'boxes'?)", 11..<15),
    ("plot \"F\" u 1:2 w yerrorbars", "with yerrorbars, using takes 3 or 4 columns", 11..<14),
    ("plot \"F\" u 1:2:3 w xyerrorbars", "with xyerrorbars, using takes 4 or 6", 11..<16),
    ("plot \"F\" lw 0", "lw needs a width above 0", 12..<13),
    (
      "plot \"F\" lc rgb \"redd\"", "lc needs a colour name or #rrggbb (did you mean 'red'?)",
      16..<22
    ),
    ("plot \"F\" pt 1.5", "pt needs a point type", 12..<15),
    ("plot \"F\" dt 0", "dt needs a dash type", 12..<13),
    ("plot \"F\" lc", "lc needs a colour", 9..<11),
    ("plot sin(x) with impulsez", "unknown style 'impulsez'", 17..<25),
    ("plot sin(x) lw 2 foo", "unexpected 'foo'", 17..<20),
    ("plot x^2 + y^2 < 1 lw 2", "a style on a relation", 5..<18),
  ])
  func mistakesAreLocated(_ line: String, _ message: String, _ columns: Range<Int>) throws {
    var session = Self.session()
    let path = "\(fixtures)/errors.dat"
    let typed = line.replacingOccurrences(of: "\"F\"", with: "\"\(path)\"")
    let shift = line.contains("\"F\"") ? path.count - 1 : 0
    let error = try #require(session.run(typed).error, "\(line)")
    #expect(error.message.hasPrefix(message), "\(error.message)")
    let expected = (columns.lowerBound + shift)..<(columns.upperBound + shift)
    #expect(error.location == expected, "\(line): \(error.message)")
  }

  /// A name that is a style word stays part of a function where it cannot start the
  /// options: `a*w`, `lw` alone, `lw*2`.
  @Test func styleWordsInsideFunctionsAreNames() throws {
    var session = Self.session()
    _ = session.run("w = 2")
    _ = session.run("lw = 3")
    #expect(session.run("plot x*w").error == nil)
    #expect(session.curves?.titles == ["x*w"])
    #expect(session.run("plot lw*x").error == nil)
    #expect(session.curves?.titles == ["lw*x"])
  }

  /// Plots drawn before the styles came draw byte for byte as before: with no option the
  /// look is the default and `points` keeps its plain `+` (`LogScaleCommandTests`' goldens,
  /// `EdgePointTests`).
  @Test func plainStylesHaveTheDefaultLook() throws {
    var session = Self.session()
    #expect(session.run("plot \(fixture("errors.dat")) with points, sin(x)").error == nil)
    let curves = try #require(session.curves)
    #expect(curves.look(ofCurve: 0).isDefault && curves.look(ofCurve: 1).isDefault)
  }

  /// The automatic ranges hold the error bars and the boxes whole, and the zero line that
  /// impulses and boxes stand on.
  @Test(arguments: [
    ("using 1:2:4 with yerrorbars", "x [1, 6]  y [1.5, 5.5]"),
    ("using 1:2:3 with xerrorbars", "x [0, 7]  y [2, 5]"),
    ("using 1:2:3:4 with xyerrorbars", "x [0, 7]  y [1.5, 5.5]"),
    ("using 1:2:($2-1):($2+3) with yerrorlines", "x [1, 6]  y [1, 8]"),
    ("using 1:2 with boxes", "x [0, 7]  y [0, 5]"),
    ("using 1:2:(0.2) with boxes", "x [0, 7]  y [0, 5]"),
    ("using 1:2 with impulses", "x [1, 6]  y [0, 5]"),
    ("using 1:2 with points", "x [1, 6]  y [2, 5]"),
  ])
  func autoscaleHoldsTheStyles(_ item: String, _ view: String) throws {
    var session = Self.session()
    let reply = session.run("plot \(fixture("errors.dat")) \(item)")
    #expect(reply.error == nil, "\(reply.error?.message ?? "")")
    #expect(session.run("view").output.trimmingCharacters(in: .newlines) == view, "\(item)")
  }

  /// On a log y axis, which has no 0, impulses and boxes start at the axis's bottom (the
  /// view's lowest y), and the zero line is not in the automatic range.
  @Test(arguments: ["impulses", "boxes"])
  func onALogAxisBarsStartAtTheBottom(_ style: String) throws {
    var session = Self.session()
    _ = session.run("set logscale y")
    #expect(session.run("plot \(fixture("errors.dat")) using 1:2 with \(style)").error == nil)
    let x = style == "boxes" ? "[0, 7]" : "[1, 6]"  // the outer boxes' halves
    #expect(session.run("view").output.trimmingCharacters(in: .newlines) == "x \(x)  y [1, 10]")
    var curves = try #require(session.currentCurves())
    curves.labels = session.labels
    let plot = PlotOutput.sample(
      curves, size: PixelSize(width: 200, height: 100), budget: .default)
    let segments = plot.curves[0].segments
    #expect(segments.count == 6)
    for segment in segments {
      // log10(1) = 0 is the bottom of the view [1, 10] in coordinates.
      #expect(segment.first?.y == 0 && segment.contains { $0.y > 0.3 }, "\(segment)")
    }
  }

  /// Past four records a pixel column the error bars are merged to the pixels they cover
  /// (a few strokes a column), the points kept one a pixel: 20,000 bars over 200 columns.
  @Test func manyErrorBarsAreMerged() throws {
    let folder = try TemporaryFolder()
    var text = ""
    for i in 0..<20_000 {
      let y = Double(i % 7)
      text += "\(i) \(y) \(0.1 + Double(i % 3) * 0.2)\n"
    }
    let file = try folder.write(text, to: "many.dat")
    var session = Self.session()
    #expect(session.run("plot \"\(file)\" using 1:2:3 with yerrorbars").error == nil)
    var curves = try #require(session.currentCurves())
    curves.labels = session.labels
    let plot = PlotOutput.sample(
      curves, size: PixelSize(width: 200, height: 100), budget: .default)
    let curve = plot.curves[0]
    #expect(!curve.mergedBars.isEmpty && curve.mergedBars.count <= 200 * 7)
    #expect(curve.errorBars.allSatisfy { $0.yLow.isNaN } && curve.errorBars.count <= 200 * 100)
    // Every bar lies within a merged stroke of its pixel column.
    let v = plot.viewport
    for i in stride(from: 0, to: 20_000, by: 997) {
      let x = Double(i)
      let lo = Double(i % 7) - (0.1 + Double(i % 3) * 0.2)
      let hi = Double(i % 7) + (0.1 + Double(i % 3) * 0.2)
      let column = Int(v.pixelX(x))
      let covered = curve.mergedBars.contains { s in
        Int(v.pixelX(s[0].x)) == column && min(s[0].y, s[1].y) <= lo + 1e-9
          && max(s[0].y, s[1].y) >= hi - 1e-9
      }
      #expect(covered, "bar \(i)")
    }
  }
}
