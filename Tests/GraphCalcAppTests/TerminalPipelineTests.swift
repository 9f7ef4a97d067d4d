import TestSupport
import Testing

@testable import GraphCalcApp

@Suite struct TheTerminalLaysAPlotOutOnce {
  /// The cells of the plot area that `explore`'s trace cursor uses are those the picture
  /// was drawn in, also on a time y axis, whose calendar labels are wider than plain ones
  /// (the cursor's layout once took plain labels and was off by the difference).
  @Test(arguments: CanvasKind.allCases)
  func traceCellsAreTheDrawnPlotsOnATimeAxis(_ canvas: CanvasKind) throws {
    let folder = try TemporaryFolder()
    let file = try folder.write(
      "n,when\n1,2026-01-01\n2,2026-03-15\n3,2026-07-04\n4,2026-12-01\n", to: "t.csv")
    var session = Session(terminalSize: TerminalSize(columns: 80, rows: 24))
    session.display = TerminalDisplay(canvas: canvas)
    #expect(session.run("plot \"\(file)\" using 1:2").error == nil)
    let curves = try #require(session.currentCurves())
    #expect(curves.yAxisIsTime)
    let drawn = TerminalPlot.render(curves, columns: 80, rows: 23, canvas: canvas, colors: nil)
    let cells = TerminalPlot.cells(curves, columns: 80, rows: 23, canvas: canvas, colored: false)
    #expect(cells == drawn.cells)
    // The frame is drawn in the cells just around those cells.
    let lines = drawn.text.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
    #expect(lines.contains { String($0.prefix(cells.column)).contains("2026-") })
    for row in cells.row..<(cells.row + cells.rows) {
      #expect(["|", "+"].contains(lines[row][cells.column - 1]), "row \(row)")
      #expect(["|", "+"].contains(lines[row][cells.column + cells.columns]), "row \(row)")
    }
    #expect(lines[cells.row - 1][cells.column] != " ")
    #expect(lines[cells.row + cells.rows][cells.column] != " ")
  }
}
