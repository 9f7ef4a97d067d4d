/// A solved relation placed on an output: its grid (`RelationGrid`) over a rectangle of the
/// output's pixels, with the shapes renderers paint: merged rectangles of like pixels and
/// the edge of a region.
public struct RelationRegion: Sendable, Hashable {
  /// The solved pixels.
  public var grid: RelationGrid
  /// Where the grid lies in the output's pixels (the plot area): grid pixel (i, j) covers
  /// `area.minX + i * cellWidth ...`, row 0 at the top.
  public var area: PixelRect

  /// Places `grid` over `area`.
  public init(grid: RelationGrid, area: PixelRect) {
    self.grid = grid
    self.area = area
  }

  /// The width of one grid pixel in output pixels.
  public var cellWidth: Double { grid.width > 0 ? area.width / Double(grid.width) : 0 }
  /// The height of one grid pixel in output pixels.
  public var cellHeight: Double { grid.height > 0 ? area.height / Double(grid.height) : 0 }

  /// The centre of grid pixel (`column`, `row`) in output pixels.
  public func centre(column: Int, row: Int) -> PixelPoint {
    PixelPoint(
      x: area.minX + (Double(column) + 0.5) * cellWidth,
      y: area.minY + (Double(row) + 0.5) * cellHeight)
  }

  /// Whether grid pixel (`column`, `row`) is on the edge of the relation's region: not
  /// proven false, with a 4-neighbour inside the grid that is proven false.
  public func isEdge(column: Int, row: Int) -> Bool {
    let g = grid
    guard g[column, row] != .no else { return false }
    if column > 0 && g[column - 1, row] == .no { return true }
    if column + 1 < g.width && g[column + 1, row] == .no { return true }
    if row > 0 && g[column, row - 1] == .no { return true }
    if row + 1 < g.height && g[column, row + 1] == .no { return true }
    return false
  }

  /// Whether grid pixel (`column`, `row`) is part of the region's drawn edge: an edge pixel
  /// (`isEdge`), but for a strict inequality only in dashes, 4 pixels on and 4 off along
  /// either axis (the edge is not part of the region).
  public func isDrawnEdge(column: Int, row: Int) -> Bool {
    guard isEdge(column: column, row: row) else { return false }
    return !grid.isStrict || ((column + row) / 4) % 2 == 0
  }

  /// The pixels for which `include(column, row)` holds, as few rectangles (output pixels):
  /// each row's runs, a run merged with the same run of the rows above it, so a region of
  /// straight sides is a handful of rectangles, not one a pixel.
  ///
  /// - Parameter include: Whether grid pixel (column, row) belongs.
  /// - Returns: Disjoint rectangles covering exactly those pixels, top to bottom.
  public func rectangles(where include: (Int, Int) -> Bool) -> [PixelRect] {
    var done: [(c0: Int, c1: Int, r0: Int, r1: Int)] = []
    // The runs of the row above, still growing downward, by their first column.
    var open: [Int: (c1: Int, r0: Int)] = [:]
    for row in 0...grid.height {
      var runs: [(Int, Int)] = []
      if row < grid.height {
        var column = 0
        while column < grid.width {
          guard include(column, row) else {
            column += 1
            continue
          }
          let start = column
          while column < grid.width && include(column, row) { column += 1 }
          runs.append((start, column))
        }
      }
      var next: [Int: (c1: Int, r0: Int)] = [:]
      for (c0, c1) in runs {
        if let o = open[c0], o.c1 == c1 {
          next[c0] = o
          open[c0] = nil
        } else {
          next[c0] = (c1, row)
        }
      }
      for (c0, o) in open { done.append((c0, o.c1, o.r0, row)) }
      open = next
    }
    let w = cellWidth
    let h = cellHeight
    return done.sorted { ($0.r0, $0.c0) < ($1.r0, $1.c0) }.map { r in
      PixelRect(
        x: area.minX + Double(r.c0) * w, y: area.minY + Double(r.r0) * h,
        width: Double(r.c1 - r.c0) * w, height: Double(r.r1 - r.r0) * h)
    }
  }
}
