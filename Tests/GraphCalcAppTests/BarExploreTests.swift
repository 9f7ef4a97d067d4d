import BarChart
import Testing

@testable import GraphCalcApp

// `explore` on a bar chart: the keys that scroll it, what the screen shows, the driver on a
// scripted terminal, and the session keeping the scroll offset.

/// 17 groups of 3 series like the Iowa chart (years 2001-2017), 5-digit fossil values.
let exploreBars = BarChartData(
  labels: (2001...2017).map(String.init),
  series: [
    BarSeries(name: "Fossil", values: (0..<17).map { 30000 + Double($0 * 613 % 9000) }),
    BarSeries(name: "Nuclear", values: (0..<17).map { 4000 + Double($0 * 97 % 900) }),
    BarSeries(name: "Renewables", values: (0..<17).map { 1000 + Double($0) * 1200 }),
  ], title: "Iowa-like")

func barExploring(
  columns: Int = 80, rows: Int = 24, canvas: CanvasKind = .ascii, color: Bool = false
) -> BarExploreState {
  BarExploreState(
    chart: exploreBars, firstBar: 0, size: TerminalSize(columns: columns, rows: rows),
    display: TerminalDisplay(canvas: canvas, color: color))
}

/// The group labels on a screen's label row (the line with the most 4-digit years).
func yearsShown(_ screen: [String]) -> [String] {
  let rows = screen.map { line in
    line.split(separator: " ").filter { $0.count == 4 && $0.hasPrefix("20") }.map(String.init)
  }
  return rows.max { $0.count < $1.count } ?? []
}

// MARK: Keys

// MARK: The screen

// MARK: The driver

// MARK: Through the session

@Suite struct BarExploreTests {
  @Test func pageAndHomeEndKeysAreDecoded() {
    var d = KeyDecoder()
    let bytes = Array(
      "\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[F\u{1B}OH\u{1B}OF\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~".utf8)
    #expect(
      d.feed(bytes) == [.pageUp, .pageDown, .home, .end, .home, .end, .home, .end, .home, .end])
    // Other numbers before `~` stay unknown; a modifier parameter does not change the key.
    #expect(d.feed(Array("\u{1B}[15~\u{1B}[2~\u{1B}[5;5~".utf8)) == [.unknown, .unknown, .pageUp])
    #expect(!d.isPending)
  }

  @Test func arrowsScrollByOneBarAndStopAtTheEnds() {
    var s = barExploring()
    let first = s.visibleBars
    #expect(first.lowerBound == 0)
    #expect(first.count == 14)  // 14 of 17 groups fit 80 columns
    #expect(s.handle(.left) == .ignored)  // already at the first bar
    #expect(s.firstBar == 0)
    #expect(s.handle(.right) == .redraw)
    #expect(s.firstBar == 1)
    #expect(s.handle(.character("l")) == .redraw)
    #expect(s.firstBar == 2)
    #expect(s.handle(.character("h")) == .redraw)
    #expect(s.firstBar == 1)
    _ = s.handle(.right)
    _ = s.handle(.right)
    #expect(s.firstBar == 3)
    #expect(s.visibleBars == 3..<17)
    #expect(s.handle(.right) == .ignored)  // the last page is full: no further
    #expect(s.firstBar == 3)
    #expect(s.handle(.character("0")) == .redraw)
    #expect(s.firstBar == 0)
    #expect(s.handle(.end) == .redraw)
    #expect(s.firstBar == 3)
    #expect(s.handle(.home) == .redraw)
    #expect(s.firstBar == 0)
    #expect(s.handle(.character("$")) == .redraw)
    #expect(s.firstBar == 3)
  }

  @Test func pagesScrollByTheBarsShown() {
    var s = barExploring(columns: 40, rows: 20)
    let page = s.visibleBars.count
    #expect(page == 6)
    #expect(s.handle(.pageDown) == .redraw)
    #expect(s.firstBar == page)
    #expect(s.handle(.character("L")) == .redraw)
    #expect(s.firstBar == 11)  // 12 would leave the last page short: 11..<17
    #expect(s.handle(.pageDown) == .ignored)
    #expect(s.handle(.pageUp) == .redraw)
    #expect(s.firstBar == 11 - page)
    #expect(s.handle(.character("H")) == .redraw)
    #expect(s.firstBar == 0)
  }

  @Test func quitKeysLeaveAndPlotKeysDoNothing() {
    for key in [ExploreKey.character("q"), .character("Q"), .escape, .control(3), .control(4)] {
      var s = barExploring()
      #expect(s.handle(key) == .quit)
    }
    var s = barExploring()
    for key in [ExploreKey.up, .down, .character("+"), .character("-"), .character("t"), .enter] {
      #expect(s.handle(key) == .ignored)
    }
    #expect(s.firstBar == 0)
  }

  @Test func theScreenShowsTheBarsScrolledTo() {
    var s = barExploring()
    var screen = s.screen()
    #expect(screen.count == 24)
    #expect(screen.allSatisfy { $0.count <= 80 })
    #expect(yearsShown(screen) == (2001...2014).map(String.init))
    #expect(
      screen[23] == "bars 1-14 of 17  | <- -> scroll  PgUp PgDn page  0 first  $ last  q quit")
    #expect(screen[22].contains("3 more >"))
    _ = s.handle(.right)
    _ = s.handle(.right)
    screen = s.screen()
    #expect(yearsShown(screen) == (2003...2016).map(String.init))
    #expect(screen[23].hasPrefix("bars 3-16 of 17  |"))
    #expect(screen[22].contains("< 2 more") && screen[22].contains("1 more >"))
    // The chart on the screen is the renderer's, for all rows but the status line.
    let chart = BarChartRenderer.terminal(
      exploreBars, columns: 80, rows: 23, style: .ascii, firstBar: 2)
    #expect(screen.prefix(23).joined(separator: "\n") == chart)
  }

  @Test func aResizeRedrawsAtTheNewSizeKeepingTheOffset() {
    var s = barExploring()
    _ = s.handle(.right)
    s.size = TerminalSize(columns: 120, rows: 35)
    let screen = s.screen()
    #expect(screen.count == 35)
    #expect(s.visibleBars == 0..<17)  // all fit now
    #expect(yearsShown(screen).count == 17)
    #expect(screen[34] == "bars 1-17 of 17  | all bars shown  q quit")
    #expect(s.handle(.right) == .ignored)
    // Smaller again: scrolling works from where the renderer put the bars.
    s.size = TerminalSize(columns: 50, rows: 20)
    #expect(s.handle(.right) == .redraw)
    #expect(s.firstBar == 1)
  }

  @Test func aTinyTerminalGetsTheRenderersMessageAndQuitStillWorks() {
    var s = barExploring(columns: 15, rows: 4)
    let screen = s.screen()
    #expect(screen.count == 4)
    #expect(screen[0].hasPrefix("bar chart: the terminal is"))
    #expect(screen[3].hasPrefix("bars: none "))
    #expect(s.handle(.right) == .ignored)
    #expect(s.handle(.character("q")) == .quit)
    s.size = TerminalSize(columns: 1, rows: 1)
    #expect(s.screen().count == 1)
    s.size = TerminalSize(columns: 0, rows: -3)
    #expect(s.screen().count == 1)
  }

  @Test func blocksAndColourFollowTheDisplay() {
    let blocks = barExploring(canvas: .braille).screen().joined()
    #expect(blocks.contains("█") && !blocks.contains("\u{1B}["))
    let coloured = barExploring(canvas: .block, color: true).screen().joined()
    #expect(coloured.contains("\u{1B}[34m"))
  }

  @Test func theDriverRunsABarChart() {
    var s = barExploring()
    var t = ScriptedTerminal(events: [
      .bytes(Array("\u{1B}[C".utf8)),  // right: 2002-2015
      .bytes(Array("\u{1B}[C".utf8)),  // right: 2003-2016
      .bytes(Array("k".utf8)),  // nothing
      .resized(TerminalSize(columns: 60, rows: 20)),
      .bytes(Array("\u{1B}[6~".utf8)),  // page down: to the end
      .bytes(Array("q".utf8)),
      .bytes(Array("l".utf8)),  // never read
    ])
    ExploreDriver.run(&s, on: &t)
    // Frames: start, two arrows, the resize, the page; not after `k`.
    #expect(t.written.count == 5)
    #expect(t.written[1].contains("bars 2-15 of 17"))
    #expect(t.written[2].contains("2016") && !t.written[2].contains("2002"))
    #expect(t.written[3].split(separator: "\r\n").count == 20)
    #expect(t.written[4].contains("2017") && t.written[4].contains("< "))
    #expect(s.visibleBars.upperBound == 17)
    #expect(t.events.count == 1)
    for frame in t.written {
      #expect(frame.hasPrefix("\u{1B}[H") && frame.hasSuffix("\u{1B}[J"))
    }
  }

  @Test func exploreWorksWhileABarChartIsShownAndKeepsTheOffset() throws {
    var session = Session(terminalSize: TerminalSize(columns: 60, rows: 16))
    let values = (1...30).map(String.init).joined(separator: " ")
    #expect(session.run("bar \(values)").error == nil)
    let reply = session.run("explore")
    #expect(reply.error == nil && reply.startsExplore)
    #expect(session.run("explore now").error?.message == "explore takes no arguments")
    var s = try #require(session.barExploreState())
    #expect(s.firstBar == 0)
    _ = s.handle(.right)
    _ = s.handle(.right)
    _ = s.handle(.right)
    let shown = s.visibleBars
    #expect(shown.lowerBound == 3)
    let text = session.finishExploring(s)
    #expect(session.firstBar == 3)
    // The chart comes back drawn at the offset, for the prompt's rows (the terminal's less one).
    #expect(text.hasSuffix("\n"))
    #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count == 16)
    #expect(text.contains("< 3 more"))
    #expect(
      session.run("view").output == "bars 4-\(shown.upperBound) of 30 (pan left|right scrolls)\n")
    // explore again starts where it was left; after plot it explores the plot.
    #expect(session.barExploreState()?.firstBar == 3)
    _ = session.run("plot x")
    #expect(session.barExploreState() == nil)
    #expect(throws: Never.self) { try session.exploreState() }
  }

  @Test func theStatusLineKeepsQuitInViewWhenNarrow() {
    let s = barExploring(columns: 60, rows: 20)
    #expect(s.statusLine() == "bars 1-10 of 17  | <- -> PgUp PgDn 0 $  q quit")
    let narrow = barExploring(columns: 30, rows: 20)
    #expect(narrow.statusLine().hasSuffix("  | q quit"))
  }
}
