import Foundation
import GraphCalcApp
import GraphView
import Streaming
import TestSupport
import Testing

/// A finished stream session that has read `text` with `options`.
private func session(_ text: String, _ options: StreamOptions = StreamOptions()) -> StreamSession {
  var s = StreamSession(options: options)
  s.consume(text: text)
  s.endOfInput()
  return s
}

private func lines(_ text: String) -> [String] {
  text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}

// MARK: Terminal text

// MARK: SVG

// MARK: The in-place redraw

@Suite struct StreamOutputTests {
  @Test func twoSeriesWithJunkShowNamesStatsAndTheSkippedLine() throws {
    let frame = session("1 2\nfoo\n3 nan\n-4 5\n").frame()
    let text = StreamOutput.terminal(
      frame, size: TerminalSize(columns: 80, rows: 24), canvas: .ascii)
    let rows = lines(text)
    #expect(rows.count == 23)  // one row left for the cursor
    #expect(rows.allSatisfy { $0.count <= 80 })
    #expect(text.unicodeScalars.allSatisfy { $0.value == 10 || (32..<127).contains($0.value) })
    // The status lines are the legend: sample, name and statistics of each series.
    let status = rows[rows.count - 2]
    #expect(status == "-- 1  last -4  min -4  max 3  mean 0   ** 2  last 5  min 2  max 5  mean 3.5")
    #expect(rows.last == "3 samples, 1 line skipped (last: foo), input ended")
    // The second series is drawn with its marker; the x labels are sample indices.
    #expect(rows.dropLast(2).contains { $0.contains("*") })
    #expect(rows[rows.count - 3].hasPrefix("    0 "))
  }

  @Test func negativeValuesAreDrawnBelowZero() throws {
    var options = StreamOptions()
    options.window = 8
    let frame = session("3\n3\n3\n3\n-6\n-6\n-6\n-6\n", options).frame()
    #expect(frame.yRange.lower < -6 && frame.yRange.upper > 3)
    let rows = lines(
      StreamOutput.terminal(frame, size: TerminalSize(columns: 60, rows: 20), canvas: .braille))
    let zero = try #require(rows.firstIndex { $0.hasPrefix(" 0 +") || $0.hasPrefix("0 +") })
    func hasDots(_ row: String) -> Bool {
      row.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }
    }
    let plotRows = rows.prefix { !$0.contains("samples") }.dropLast(2)  // above the x labels
    let above = plotRows.indices.filter { $0 < zero && hasDots(plotRows[$0]) }
    let below = plotRows.indices.filter { $0 > zero && hasDots(plotRows[$0]) }
    #expect(!above.isEmpty && !below.isEmpty)
    // The flat -6 run lies near the bottom, the 3 run above zero.
    #expect(below.max()! > zero + 5)
    #expect(rows.contains { $0.hasPrefix("-5 +") || $0.hasPrefix("-6 +") || $0.contains("-5 +") })
    #expect(rows.contains { $0.contains("last -6  min -6  max 3  mean -1.5") })
  }

  @Test func nanMakesAGapAndLonePointsStay() throws {
    let frame = session("1\n2\nnan\n4\n5\nnan\n7\n").frame()
    let plot = StreamOutput.sampledPlot(
      frame, size: PixelSize(width: 200, height: 100), xTickCount: 5, yTickCount: 5)
    let curve = try #require(plot.curves.first)
    #expect(curve.title == "1")
    #expect(curve.segments.map(\.count) == [2, 2, 1])
    #expect(curve.segments[1].map(\.x) == [3, 4])
    #expect(curve.segments[1].map(\.y) == [4, 5])
    #expect(plot.viewport.xRange.lowerBound == 0)
    #expect(plot.xTicks.first?.value == 0)
  }

  @Test func longWindowsAreReducedPerPixelColumnKeepingTheExtremes() throws {
    var options = StreamOptions()
    options.window = 100_000
    var text = ""
    for i in 0..<100_000 {
      let v = i == 54_321 ? 1000.0 : i == 77_777 ? -1000.0 : Double(i % 7)
      text += "\(v)\n"
    }
    let frame = session(text, options).frame()
    let plot = StreamOutput.sampledPlot(
      frame, size: PixelSize(width: 50, height: 40), xTickCount: 4, yTickCount: 4)
    let points = try #require(plot.curves.first?.segments.first)
    #expect(points.count <= 4 * 51)
    #expect(points.contains { $0.y == 1000 && $0.x == 54_321 })
    #expect(points.contains { $0.y == -1000 && $0.x == 77_777 })
    #expect(points.first?.x == 0 && points.last?.x == 99_999)
    #expect(zip(points, points.dropFirst()).allSatisfy { $0.x < $1.x })
  }

  @Test func manySeriesFitTheWidthAndCountWhatIsLeftOut() {
    let row = (1...12).map { String($0 * 100) }.joined(separator: " ")
    let frame = session(row + "\n" + row + "\n").frame()
    let status = StreamOutput.statusLines(frame, columns: 60, maxLines: 3, canvas: .ascii)
    #expect(status.count == 3)
    #expect(status.allSatisfy { $0.count <= 60 })
    #expect(status[1].hasSuffix(" more"))
    #expect(status[0].hasPrefix("-- 1  last 100  min 100  max 100  mean 100"))
    #expect(status[2] == "2 samples, input ended")
  }

  @Test func inputTextCannotDriveTheTerminal() {
    let evil = "\u{1B}]0;owned\u{07}\u{1B}[2Jgotcha \u{9B}31m"
    let frame = session("1\n\(evil)\n2\n").frame()
    let text = StreamOutput.terminal(
      frame, size: TerminalSize(columns: 80, rows: 12), canvas: .ascii)
    #expect(
      !text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x07 })
    #expect(text.contains("1 line skipped (last: gotcha"))
  }

  @Test func aTinyTerminalGetsTheStatusOnly() {
    let frame = session("1 2\n3 4\n").frame()
    let rows = StreamOutput.terminalLines(
      frame, size: TerminalSize(columns: 30, rows: 4), canvas: .ascii)
    #expect(rows.count <= 3)
    #expect(rows.allSatisfy { $0.count <= 30 })
    #expect(rows.last == "2 samples, input ended")
  }

  @Test func coloursMarkTheSeriesAndDoNotCountAsCells() throws {
    let frame = session("1 5\n2 4\n3 3\n").frame()
    let size = TerminalSize(columns: 50, rows: 16)
    let rows = StreamOutput.terminalLines(
      frame, size: size, canvas: .braille,
      colors: TerminalDisplay(canvas: .braille, color: true, depth: .ansi256).colors)
    #expect(rows.count == 15)
    #expect(rows.allSatisfy { StreamOutput.visibleWidth($0) <= 50 })
    // The two entries do not fit one line of 50: one status line each, then the counters.
    // series 1's colour
    #expect(rows[12].hasPrefix("\u{1B}[38;5;33m\u{2812}\u{2812}\u{1B}[0m 1  last 3"))
    // series 2's
    #expect(rows[13].hasPrefix("\u{1B}[38;5;166m\u{2812}\u{2812}\u{1B}[0m 2  last 3"))
    #expect(rows[14] == "3 samples, input ended")
    #expect(rows[0..<12].joined().contains("\u{1B}[38;5;166m"))  // the curves are coloured too
    #expect(StreamOutput.visibleWidth("\u{1B}[38;5;33mab\u{1B}[0mc") == 3)
  }

  @Test(arguments: [
    (CanvasKind.braille, 1, false, CanvasKind.braille),
    (CanvasKind.braille, 2, false, CanvasKind.ascii),
    (CanvasKind.braille, 2, true, CanvasKind.braille),
    (CanvasKind.block, 3, false, CanvasKind.ascii),
    (CanvasKind.ascii, 1, true, CanvasKind.ascii),
  ])
  func brailleGivesWayToAsciiOnlyWhenSeriesCannotBeToldApart(
    kind: CanvasKind, series: Int, colors: Bool, expected: CanvasKind
  ) {
    #expect(StreamOutput.canvas(kind, series: series, colors: colors) == expected)
  }

  @Test func theSmoothCurveStaysWithinTheData() throws {
    var options = StreamOptions()
    options.smooth = true
    options.window = 6
    let frame = session("0\n10\n0\n10\n0\n10\n", options).frame(columns: 300)
    let plot = StreamOutput.sampledPlot(
      frame, size: PixelSize(width: 300, height: 100), xTickCount: 4, yTickCount: 4)
    let points = try #require(plot.curves.first?.segments.first)
    #expect(points.count > 50)  // dense, not the six samples
    #expect(points.allSatisfy { $0.y >= 0 && $0.y <= 10 })
  }

  @Test func theSVGOfAFrameIsWellFormedWithOnePathPerSeries() throws {
    let frame = session("x y\n1 2\n3 nan\n-4 5\n").frame(columns: 800)
    let svg = StreamOutput.svg(frame, width: 800, height: 600)
    #expect(svg.hasPrefix("<?xml"))
    #expect(svg.contains("width=\"800\" height=\"600\""))
    let problem = xmlParseError(svg)
    #expect(problem == nil, "not well-formed: \(problem ?? "")")
    // Each series' curve is a path in its own colour (plus its legend sample).
    let curvePaths = svg.split(separator: "\n").filter {
      $0.hasPrefix("<path") && $0.contains("stroke-width=\"1.5\"")
    }
    #expect(curvePaths.count >= 4)
    let strokes = Set(
      curvePaths.compactMap { line -> String? in
        guard let r = line.range(of: "stroke=\"") else { return nil }
        return String(line[r.upperBound...].prefix(7))
      })
    #expect(strokes.count == 2)
    // The legend names the series (header words) with their statistics; the title counts.
    #expect(svg.contains("x: last -4  min -4  max 3  mean 0"))
    #expect(svg.contains("y: last 5  min 2  max 5  mean 3.5"))
    #expect(svg.contains("3 samples"))
  }

  @Test func framesAreRedrawnInPlaceWithOneStringEach() {
    var screen = StreamScreen()
    #expect(screen.start.contains("\u{1B}[?25l"))  // cursor hidden
    #expect(screen.finish.contains("\u{1B}[?25h"))  // and shown again
    let first = screen.update(["abc", "de"], columns: 5)
    #expect(first == "abc\u{1B}[K\nde\u{1B}[K\n\u{1B}[J")
    #expect(screen.height == 2)
    // The next frame goes back up two lines; a line as wide as the terminal gets no ESC[K.
    let second = screen.update(["abcde", "f", "g"], columns: 5)
    #expect(second == "\u{1B}[2A\rabcde\nf\u{1B}[K\ng\u{1B}[K\n\u{1B}[J")
    #expect(screen.height == 3)
    let resized = screen.update(["x"], columns: 5, resized: true)
    #expect(resized == "\u{1B}[H\u{1B}[2Jx\u{1B}[K\n\u{1B}[J")
  }
}
