import GraphCalcApp
import Testing

@Suite struct ViewStateTests {
  @Test func zoomScalesAboutTheCentre() throws {
    var view = ViewState()
    try view.zoom(by: 2, autoY: nil)
    #expect(view.xRange == -5...5)
    #expect(view.yRange == .auto)
    try view.zoom(by: 0.5, autoY: nil)
    try view.zoom(by: 0.5, autoY: nil)
    #expect(view.xRange == -20...20)

    var offCentre = ViewState(xRange: 2...6, yRange: .fixed(-1...3))
    try offCentre.zoom(by: 4, autoY: nil)
    #expect(offCentre.xRange == 3.5...4.5)
    #expect(offCentre.yRange == .fixed(0.5...1.5))
  }

  @Test func zoomFixesAnAutomaticYRangeFromTheCurrentOne() throws {
    var view = ViewState()
    try view.zoom(by: 2, autoY: -6...8)
    #expect(view.yRange == .fixed(-2.5...4.5))
  }

  @Test func panMovesByPlotUnitsOrQuarters() throws {
    var view = ViewState(xRange: -5...5, yRange: .auto)
    try view.pan(dx: -view.quarterWidth, dy: 0, autoY: -1...1)
    #expect(view.xRange == -7.5...2.5)
    #expect(view.yRange == .auto)
    try view.pan(dx: 1, dy: -2, autoY: -1...1)
    #expect(view.xRange == -6.5...3.5)
    #expect(view.yRange == .fixed(-3 ... -1))
    #expect(view.quarterHeight(autoY: nil) == 0.5)
    #expect(ViewState().quarterHeight(autoY: nil) == nil)
  }

  @Test func centerKeepsTheSize() throws {
    var view = ViewState(xRange: 0...4, yRange: .fixed(0...2))
    try view.center(x: 10, y: -1, autoY: nil)
    #expect(view.xRange == 8...12)
    #expect(view.yRange == .fixed(-2...0))
    try view.center(x: 0, y: nil, autoY: nil)
    #expect(view.xRange == -2...2)
    #expect(view.yRange == .fixed(-2...0))
  }

  @Test func aFailedChangeLeavesTheViewAlone() {
    var view = ViewState(xRange: -1e308...1e308, yRange: .auto)
    #expect(throws: CommandError.self) { try view.zoom(by: 0.1, autoY: nil) }
    #expect(view.xRange == -1e308...1e308)
    var tiny = ViewState(xRange: 1...(1 + 1e-11), yRange: .auto)
    #expect(throws: CommandError.self) { try tiny.zoom(by: 1000, autoY: nil) }
    #expect(tiny.xRange == 1...(1 + 1e-11))
    #expect(throws: CommandError.self) { try tiny.zoom(by: .nan, autoY: nil) }
    #expect(throws: CommandError.self) { try tiny.zoom(by: .infinity, autoY: nil) }
  }

  @Test(arguments: [
    (0.0, 1.0, true), (-0.0, 0.0, false), (1, 1, false), (2, 1, false), (.nan, 1, false),
    (-.infinity, 0, false), (0, .greatestFiniteMagnitude, true),
    // The whole of the doubles, whose width overflows, is a view (what `view` prints after
    // the automatic range reached the ends, typed back).
    (-.greatestFiniteMagnitude, .greatestFiniteMagnitude, true), (1e6, 1e6 + 1e-3, true),
    (1e6, 1e6 + 1e-7, false),
  ])
  func checkedRanges(lower: Double, upper: Double, valid: Bool) {
    let result = Result { () throws(CommandError) in
      try ViewState.checkedRange(lower, upper, axis: "x")
    }
    switch result {
    case .success(let range): #expect(valid && range == lower...upper)
    case .failure(let error): #expect(!valid && error.message.hasPrefix("x range ["))
    }
  }
}
