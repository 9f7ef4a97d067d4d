import Testing

@testable import GraphCalcApp

@Suite struct UndoTests {
  @Test func undoStepsBackThroughViewCommands() {
    var session = Session()
    _ = session.run("plot sin(x)")
    _ = session.run("zoom 2")
    _ = session.run("pan 1")
    _ = session.run("xrange 0 1")
    _ = session.run("2 + 2")  // not a view change
    _ = session.run("view")
    _ = session.run("xrange 5 5")  // refused: no change
    #expect(session.view.xRange == 0...1)
    _ = session.run("undo")
    #expect(session.view.xRange == -4...6)
    _ = session.run("undo")
    #expect(session.view.xRange == -5...5)
    _ = session.run("undo")
    #expect(session.view == ViewState())
    let reply = session.run("undo")
    #expect(reply.error?.message == "nothing to undo")
    #expect(session.run("undo 2").error?.message == "undo takes no arguments")
  }

  @Test func undoRedrawsAndIsItselfNotRecorded() {
    var session = Session()
    _ = session.run("plot x")
    _ = session.run("zoom 2")
    let reply = session.run("undo")
    #expect(reply.output.split(separator: "\n").count == 23)  // the plot again
    #expect(session.run("undo").error != nil)  // the undo did not push the zoomed view
  }

  @Test func theHistoryIsBoundedAndSkipsRepeats() {
    var h = ViewHistory(limit: 3)
    let views = (1...5).map { ViewState(xRange: 0...Double($0), yRange: .auto) }
    for v in views { h.push(v) }
    h.push(views[4])
    #expect(h.count == 3)
    #expect(h.pop() == views[4])
    #expect(h.pop() == views[3])
    #expect(h.pop() == views[2])
    #expect(h.pop() == nil)
  }
}
