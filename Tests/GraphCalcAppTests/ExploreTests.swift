import CalculatorBrain
import Glibc
import GraphView
import Testing

@testable import GraphCalcApp

// MARK: Key decoding

// MARK: The state machine

/// An explore state over sin(x) on [-10, 10], y automatic, 80x24.
func exploring(_ text: String = "sin(x)", canvas: CanvasKind = .ascii) throws -> ExploreState {
  var session = Session(terminalSize: TerminalSize(columns: 80, rows: 24))
  session.display = TerminalDisplay(canvas: canvas)
  let reply = session.run("plot \(text)")
  #expect(reply.error == nil)
  return try session.exploreState()
}

func keys(_ state: inout ExploreState, _ keys: [ExploreKey]) -> [ExploreState.Outcome] {
  keys.map { state.handle($0) }
}

// MARK: The driver, through a scripted terminal

struct ScriptedTerminal: ExploreTerminal {
  var events: [ExploreEvent]
  var written: [String] = []
  var timeouts: [Int] = []

  mutating func next(timeoutMilliseconds: Int) -> ExploreEvent {
    timeouts.append(timeoutMilliseconds)
    return events.isEmpty ? .end : events.removeFirst()
  }

  mutating func write(_ text: String) { written.append(text) }
}

// MARK: Through the session

@Suite struct ExploreTests {
  @Test func arrowsInBothFormsAndPlainKeys() {
    var d = KeyDecoder()
    let bytes: [UInt8] = Array("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}OA\u{1B}OD+x\r\u{3}".utf8)
    #expect(
      d.feed(bytes) == [
        .up, .down, .right, .left, .up, .left, .character("+"), .character("x"), .enter,
        .control(3),
      ])
    #expect(!d.isPending)
  }

  @Test func aLoneEscapeWaitsForTheTimeout() {
    var d = KeyDecoder()
    #expect(d.feed([0x1B]) == [])
    #expect(d.isPending)
    #expect(d.flush() == [.escape])
    #expect(!d.isPending)
    // A sequence split across reads is still one key.
    #expect(d.feed([0x1B, UInt8(ascii: "[")]) == [])
    #expect(d.feed([UInt8(ascii: "C")]) == [.right])
    // Other CSI sequences (F5: ESC [ 1 5 ~, a modified arrow ESC [ 1 ; 5 C) are read whole.
    #expect(d.feed(Array("\u{1B}[15~q".utf8)) == [.unknown, .character("q")])
    #expect(d.feed(Array("\u{1B}[1;5Cq".utf8)) == [.right, .character("q")])
    // ESC then a key (Alt+key) is Escape and the key; ESC ESC is one Escape and a pending one.
    #expect(d.feed(Array("\u{1B}q".utf8)) == [.escape, .character("q")])
    #expect(d.feed([0x1B, 0x1B]) == [.escape])
    #expect(d.flush() == [.escape])
    // An unfinished sequence is dropped on timeout; non-ASCII bytes are unknown.
    #expect(d.feed(Array("\u{1B}[1;".utf8)) == [])
    #expect(d.flush() == [])
    #expect(d.feed([0xC3, 0xA9]) == [.unknown, .unknown])
  }

  @Test func arrowsPanByATenth() throws {
    var s = try exploring()
    #expect(s.handle(.right) == .redraw)
    #expect(s.view.xRange == -8...12)
    #expect(s.view.yRange == .auto)  // panning in x keeps y automatic
    _ = keys(&s, [.left, .character("h")])
    #expect(s.view.xRange == -12...8)
    let y = s.yRange
    _ = s.handle(.up)
    let h = y.upperBound - y.lowerBound
    #expect(abs(s.yRange.lowerBound - (y.lowerBound + h / 10)) < 1e-12)
    _ = keys(&s, [.character("j"), .character("l")])
    #expect(s.view.xRange == -10...10)
    #expect(abs(s.yRange.lowerBound - y.lowerBound) < 1e-12)
  }

  @Test func zoomAboutTheCentreAndOneAxis() throws {
    var s = try exploring()
    _ = keys(&s, [.character("+"), .character("=")])  // two steps of sqrt(2): zoom 2
    #expect(abs(s.view.xRange.lowerBound + 5) < 1e-12 && abs(s.view.xRange.upperBound - 5) < 1e-12)
    _ = keys(&s, [.character("-"), .character("-")])
    #expect(abs(s.view.xRange.lowerBound + 10) < 1e-12)
    let y = s.yRange
    _ = keys(&s, [.character("x"), .character("x")])
    #expect(abs(s.view.xRange.upperBound - 5) < 1e-12)
    #expect(s.yRange == y)
    _ = keys(&s, [.character("Y"), .character("Y")])
    #expect(
      abs((s.yRange.upperBound - s.yRange.lowerBound) - 2 * (y.upperBound - y.lowerBound)) < 1e-9)
    _ = keys(&s, [.character("X"), .character("X"), .character("y"), .character("y")])
    #expect(abs(s.view.xRange.upperBound - 10) < 1e-12)
    #expect(abs(s.yRange.upperBound - y.upperBound) < 1e-9)
  }

  @Test func undoStepsBackAndResetReturnsToTheStart() throws {
    var s = try exploring()
    let start = s.view
    _ = keys(&s, [.right, .character("+"), .up])
    #expect(s.history.count == 3)
    #expect(s.handle(.character("u")) == .redraw)
    #expect(s.handle(.character("u")) == .redraw)
    #expect(s.view.xRange == -8...12)
    _ = s.handle(.character("0"))
    #expect(s.view == start)
    _ = keys(&s, [.character("u"), .character("u"), .character("u")])
    #expect(s.history.count == 0)
    #expect(s.handle(.character("u")) == .redraw)
    #expect(s.statusLine().contains("nothing to undo"))
    #expect(s.handle(.character("?")) == .redraw)  // clears the message
    #expect(!s.statusLine().contains("nothing to undo"))
    #expect(s.handle(.character("?")) == .ignored)
  }

  @Test func aRefusedZoomLeavesTheViewAndSaysWhy() throws {
    var session = Session()
    _ = session.run("plot [1000000:1000001] x")
    var s = try session.exploreState()
    for _ in 0..<80 { _ = s.handle(.character("+")) }
    #expect(s.statusLine().contains("too narrow"))
    let v = s.view
    #expect(s.view.xRange.upperBound > s.view.xRange.lowerBound)
    _ = s.handle(.character("+"))
    #expect(s.view == v)
  }

  @Test func traceMovesAlongTheFirstCurve() throws {
    var s = try exploring("sin(x), cos(x)")
    #expect(s.tracePoint() == nil)
    _ = s.handle(.character("t"))
    let p = try #require(s.tracePoint())
    #expect(abs(p.x) < 0.5)  // the middle column
    #expect(p.y == sin(p.x))
    _ = s.handle(.right)
    let q = try #require(s.tracePoint())
    #expect(q.x > p.x)
    #expect(s.view.xRange == -10...10)  // left/right move the cursor, not the view
    #expect(s.statusLine().hasPrefix("sin(x): x = "))
    #expect(s.statusLine().contains("f(x) = "))
    // The cursor shows on the screen.
    #expect(s.screen().contains { $0.contains("@") })
    // Walking off the right edge pans.
    for _ in 0..<80 { _ = s.handle(.character("l")) }
    #expect(s.view.xRange.upperBound > 10)
    _ = s.handle(.character("t"))
    #expect(s.tracePoint() == nil)
  }

  @Test func quitKeys() throws {
    for key in [ExploreKey.character("q"), .escape, .control(3), .control(4)] {
      var s = try exploring()
      #expect(s.handle(key) == .quit)
    }
  }

  @Test func theScreenFillsTheTerminalWithAStatusLine() throws {
    for (columns, rows) in [(80, 24), (200, 60), (30, 10)] {
      var s = try exploring(canvas: .braille)
      s.size = TerminalSize(columns: columns, rows: rows)
      let screen = s.screen()
      #expect(screen.count == rows)
      #expect(screen.allSatisfy { $0.count <= columns })
      #expect(screen[rows - 1].hasPrefix("x [-10, 10]  y ["))
    }
    var small = try exploring()
    small.size = TerminalSize(columns: 19, rows: 5)
    let screen = small.screen()
    #expect(screen.count == 5)
    #expect(screen[0].hasPrefix("terminal too small"))
    #expect(screen.allSatisfy { $0.count <= 19 })
  }

  @Test func theDriverDrawsWholeFramesOnlyWhenTheyChange() throws {
    var s = try exploring()
    var t = ScriptedTerminal(events: [
      .bytes(Array("\u{1B}[C".utf8)), .bytes(Array("?".utf8)),
      .resized(TerminalSize(columns: 60, rows: 20)),
      .bytes([0x1B]), .timeout,
    ])
    ExploreDriver.run(&s, on: &t)
    #expect(s.view.xRange == -8...12)
    // Start, after the arrow, after the resize; not after '?' (nothing changed).
    #expect(t.written.count == 3)
    for frame in t.written {
      #expect(frame.hasPrefix("\u{1B}[H") && frame.hasSuffix("\u{1B}[J"))
      #expect(!frame.contains("\u{1B}[2J"))  // never a clear: no flicker
    }
    #expect(t.written[2].split(separator: "\r\n").count == 20)
    // After the lone ESC the driver waited only the escape timeout, then Escape quit.
    #expect(t.timeouts.last == KeyDecoder.escapeTimeoutMilliseconds)
  }

  @Test func theDriverStopsAtTheEndOfInput() throws {
    var s = try exploring()
    var t = ScriptedTerminal(events: [.bytes(Array("+".utf8))])
    ExploreDriver.run(&s, on: &t)
    #expect(abs(s.view.xRange.upperBound - 10 / ExploreState.zoomStep) < 1e-12)
  }

  @Test func exploreNeedsAPlotAndKeepsItsViewAndHistory() throws {
    var session = Session()
    #expect(session.run("explore").error?.message == "nothing to explore: plot something first")
    _ = session.run("plot x^2")
    let reply = session.run("explore")
    #expect(reply.startsExplore && reply.error == nil)
    #expect(session.run("explore now").error != nil)
    var s = try session.exploreState()
    _ = keys(&s, [.right, .right])
    session.finishExploring(s)
    #expect(session.view.xRange == -6...14)
    _ = session.run("undo")
    #expect(session.view.xRange == -8...12)
    _ = session.run("undo")
    #expect(session.view.xRange == -10...10)
    #expect(session.run("undo").error?.message == "nothing to undo")
  }

  /// The interactive view starts from the y range the prompt shows, data series included (it
  /// once autoscaled by sampling alone, which differs from the prompt's rule for data: the
  /// records' own extremes), and keeps it while keys leave x alone.
  @Test func exploreKeepsThePromptsYRangeWithData() throws {
    var session = Session(terminalSize: TerminalSize(columns: 80, rows: 24))
    session.display = TerminalDisplay(canvas: .ascii)
    #expect(session.run("plot \(fixture("plain.dat")), x/10").error == nil)
    let prompt = try #require(session.view.currentY(session.autoY()))
    var s = try session.exploreState()
    #expect(s.yRange == prompt)
    _ = s.handle(.character("t"))
    #expect(s.yRange == prompt)
  }
}
