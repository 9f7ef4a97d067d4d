import Foundation
import GraphView
import Intervals
import Testing

/// The relation solver on hand-made enclosures: its proof rules and its budget.
@Suite struct RelationSolverTests {
  /// x^2 + y^2 - r^2 over a box, with outward-rounded interval arithmetic.
  static func circle(_ r: Double) -> @Sendable (Interval, Interval) -> Interval {
    { x, y in Interval.pow(x, Interval(2)) + Interval.pow(y, Interval(2)) - Interval(r * r) }
  }

  static let viewport = Viewport(
    xRange: -2...2, yRange: -2...2, size: PixelSize(width: 40, height: 40))

  @Test func aCircleIsProvenInThePixelsItCrossesAndNowhereElse() {
    let relation = PlaneRelation(formula: .atom(0, .equal), functions: [Self.circle(1)])
    let grid = RelationSolver.solve(relation, viewport: Self.viewport)
    #expect(grid.width == 40 && grid.height == 40 && grid.isThin)
    #expect(grid.stop == nil)
    for row in 0..<40 {
      for column in 0..<40 {
        // Pixel (column, row) spans x in [-2 + column/10, ...], y from the top.
        let x0 = -2 + Double(column) / 10
        let y1 = 2 - Double(row) / 10
        let dMin = hypot(max(0, max(x0 - 0, 0 - (x0 + 0.1))), max(0, max((y1 - 0.1) - 0, 0 - y1)))
        let corners = [(x0, y1), (x0 + 0.1, y1), (x0, y1 - 0.1), (x0 + 0.1, y1 - 0.1)]
        let dMax = corners.map { hypot($0.0, $0.1) }.max()!
        let crosses = dMin < 1 && dMax > 1
        let cell = grid[column, row]
        if cell == .yes { #expect(dMin <= 1 && dMax >= 1, "(\(column), \(row)) proven") }
        if crosses && dMin < 0.99 && dMax > 1.01 {
          #expect(cell != .no, "(\(column), \(row)) holds the circle")
        }
        if dMin > 1.01 || dMax < 0.99 { #expect(cell == .no, "(\(column), \(row)) is far") }
      }
    }
  }

  @Test func aRegionIsFilledAndItsComplementEmpty() {
    let inside = PlaneRelation(formula: .atom(0, .less), functions: [Self.circle(1)])
    let grid = RelationSolver.solve(inside, viewport: Self.viewport)
    #expect(!grid.isThin)
    #expect(grid[20, 20] == .yes && grid[0, 0] == .no)
    // Inside the unit circle and outside the circle of radius 2: nowhere.
    let none = PlaneRelation(
      formula: .all([.atom(0, .less), .atom(1, .greater)]),
      functions: [Self.circle(1), Self.circle(2)])
    #expect(RelationSolver.solve(none, viewport: Self.viewport).cells.allSatisfy { $0 == .no })
  }

  @Test func theBoxBudgetLeavesTheRestUndecidedAndSaysSo() {
    var budget = RelationBudget()
    budget.maxBoxes = 50
    let relation = PlaneRelation(
      formula: .atom(0, .equal), functions: [Self.circle(1)], budget: budget)
    let grid = RelationSolver.solve(relation, viewport: Self.viewport)
    #expect(grid.stop == .boxes)
    #expect(grid.undecidedCount > 0)
    #expect(!grid.cells.contains(.yes) || grid.undecidedCount > 100)
  }

  @Test func anInterruptStopsTheSolve() {
    var budget = RelationBudget()
    budget.interrupt = { true }
    let relation = PlaneRelation(
      formula: .atom(0, .equal), functions: [Self.circle(1)], budget: budget)
    let grid = RelationSolver.solve(
      relation,
      viewport: Viewport(xRange: -2...2, yRange: -2...2, size: PixelSize(width: 400, height: 400)))
    #expect(grid.stop == .interrupted)
  }

  @Test func aRelationOfXAloneIsSolvedOnceAColumn() {
    // f = x - 0.05: one column holds the line, at every row.
    let relation = PlaneRelation(
      formula: .atom(0, .equal), functions: [{ x, _ in x - Interval(0.05) }], dependsOnY: false)
    let grid = RelationSolver.solve(relation, viewport: Self.viewport)
    for row in 0..<40 { #expect(grid[20, row] == .yes && grid[10, row] == .no) }
  }

  @Test func mergedRectanglesCoverExactlyTheirPixels() {
    let inside = PlaneRelation(formula: .atom(0, .less), functions: [Self.circle(1.5)])
    let grid = RelationSolver.solve(inside, viewport: Self.viewport)
    let region = RelationRegion(grid: grid, area: PixelRect(x: 10, y: 5, width: 40, height: 40))
    let rects = region.rectangles { grid[$0, $1] == .yes }
    let area = rects.reduce(0) { $0 + $1.width * $1.height }
    #expect(area == Double(grid.cells.filter { $0 == .yes }.count))
    #expect(rects.count < grid.cells.filter { $0 == .yes }.count / 4)
    for r in rects {
      for row in Int(r.minY - 5)..<Int(r.maxY - 5) {
        for column in Int(r.minX - 10)..<Int(r.maxX - 10) { #expect(grid[column, row] == .yes) }
      }
    }
  }

  @Test func aStrictInequalitysEdgeIsDashedAndANonStrictOnesSolid() {
    #expect(RelationFormula.atom(0, .less).isStrict)
    #expect(!RelationFormula.atom(0, .lessOrEqual).isStrict)
    #expect(!RelationFormula.all([.atom(0, .less), .atom(1, .greaterOrEqual)]).isStrict)
    for (op, dashed) in [(RelationComparison.less, true), (.lessOrEqual, false)] {
      // y < 0.05 (or <=) over [-2, 2]^2: the edge is the row holding y = 0.05.
      let relation = PlaneRelation(
        formula: .atom(0, op), functions: [{ _, y in y - Interval(0.05) }], dependsOnX: false)
      let grid = RelationSolver.solve(relation, viewport: Self.viewport)
      #expect(grid.isStrict == dashed)
      let region = RelationRegion(grid: grid, area: PixelRect(x: 0, y: 0, width: 40, height: 40))
      let edgeRow = try! #require((0..<40).first { region.isEdge(column: 0, row: $0) })
      let drawn = (0..<40).filter { region.isDrawnEdge(column: $0, row: edgeRow) }.count
      #expect(drawn == (dashed ? 20 : 40), "\(op)")
    }
  }
}
