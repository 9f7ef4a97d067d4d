import TextAndNumbers

/// Writes a `SampledPlot` as text in gnuplot's `set table` format, for other tools
/// (`plotcheck.py`, gnuplot, a spreadsheet) to read.
///
/// The format (gnuplot's `set table` output, `src/tabulate.c`): for each curve a header
/// comment
///
///     # Curve 0 of 2, 5 points
///     # Curve title: "sin(x)"
///     # x y type
///
/// then one line `x y type` a point, where type is `i` (inside the view), `o` (outside the
/// view) or `u` (undefined: a coordinate is NaN or infinite); a blank line where the pen
/// lifts (between two polylines of a curve) and two blank lines between curves. Numbers are
/// printed in Swift's shortest round-tripping form (`Double.description`, without a
/// trailing `.0`), so reading them back gives the same `Double`.
public enum TableWriter {
  /// The table of all curves of `plot`.
  ///
  /// - Parameter plot: The sampled plot; its viewport decides `i` or `o`.
  /// - Returns: The table, ending in a newline.
  public static func table(_ plot: SampledPlot) -> String {
    // The view's edges, from the viewport's mapping directly (`Viewport.xRange` would trap
    // on a degenerate viewport: a NaN bound makes no range); NaN edges make every point `o`.
    let v = plot.viewport
    let x0 = v.plotX(0)
    let x1 = v.plotX(Double(v.size.width))
    let y0 = v.plotY(Double(v.size.height))
    let y1 = v.plotY(0)
    let xlo = min(x0, x1)
    let xhi = max(x0, x1)
    let ylo = min(y0, y1)
    let yhi = max(y0, y1)
    var out = ""
    let curves = plot.curves.filter { $0.relation == nil }
    for (index, curve) in curves.enumerated() {
      if index > 0 { out += "\n\n" }
      let runs = functionRuns(curve.segments, holes: curve.holes)
      let count = runs.reduce(0) { $0 + $1.count }
      out += "# Curve \(index) of \(curves.count), \(count) points\n"
      out += "# Curve title: \"\(commentSafe(curve.title))\"\n"
      out += "# x y type\n"
      for (r, run) in runs.enumerated() {
        if r > 0 { out += "\n" }
        for row in run {
          switch row {
          case .hole(let x):
            out += "\(number(x)) NaN u\n"
          case .point(let p):
            let type: String
            if !p.x.isFinite || !p.y.isFinite {
              type = "u"
            } else if p.x >= xlo && p.x <= xhi && p.y >= ylo && p.y <= yhi {
              type = "i"
            } else {
              type = "o"
            }
            out += "\(number(p.x)) \(number(p.y)) \(type)\n"
          }
        }
      }
    }
    let relations = plot.curves.compactMap { c in c.relation.map { (c.title, $0) } }
    for (k, (title, grid)) in relations.enumerated() {
      if !out.isEmpty { out += out.hasSuffix("\n\n") ? "\n" : "\n\n" }
      out += relationBlock(grid, title: title, index: k + 1, of: relations.count, viewport: v)
    }
    return out
  }

  /// One relation's block (DECISIONS.md, "export table of a relation"): the header
  /// `# relation K of N: TEXT`, then `x y v` for every pixel of the grid, the bottom row
  /// first and left to right, x and y the pixel's centre in plot units, v 1 (proven to hold
  /// in the pixel), 0 (proven not to) or 0.5 (undecided), and a blank line after each row
  /// (gnuplot reads it back with `plot "FILE" with image`). After the previous block comes
  /// one more blank line, so blocks are gnuplot's `index`es.
  static func relationBlock(
    _ grid: RelationGrid, title: String, index: Int, of count: Int, viewport v: Viewport
  ) -> String {
    var out: [UInt8] = Array("# relation \(index) of \(count): \(commentSafe(title))\n".utf8)
    let x0 = v.plotX(0)
    let x1 = v.plotX(Double(v.size.width))
    let y0 = v.plotY(Double(v.size.height))
    let y1 = v.plotY(0)
    let w = Double(grid.width)
    let h = Double(grid.height)
    // Written as UTF-8 bytes: a 1024 x 1024 block is a million lines.
    // The x texts in one array (column k's bytes at xStart[k]..<xStart[k + 1]).
    var xBytes: [UInt8] = []
    var xStart = [0]
    for column in 0..<grid.width {
      xBytes += number(x0 + (x1 - x0) * (Double(column) + 0.5) / w).utf8
      xStart.append(xBytes.count)
    }
    out.reserveCapacity(out.count + (xBytes.count + 30 * grid.width) * grid.height)
    let verdicts: [[UInt8]] = [Array(" 0\n".utf8), Array(" 1\n".utf8), Array(" 0.5\n".utf8)]
    xBytes.withUnsafeBufferPointer { xb in
      for row in stride(from: grid.height - 1, through: 0, by: -1) {
        // Row 0 of the grid is the top row; the table starts at the bottom.
        let y = Array(
          (" " + number(y0 + (y1 - y0) * (Double(grid.height - 1 - row) + 0.5) / h)).utf8)
        for column in 0..<grid.width {
          out.append(contentsOf: xb[xStart[column]..<xStart[column + 1]])
          out.append(contentsOf: y)
          out.append(contentsOf: verdicts[Int(grid.cells[row * grid.width + column].rawValue)])
        }
        out.append(0x0A)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// One line of a function curve's table: a sampled point, or a removable hole (written
  /// `x NaN u`).
  enum FunctionRow: Equatable {
    case point(PlotPoint)
    case hole(Double)
  }

  /// A function curve's table lines, in runs the pen draws without lifting (a blank line
  /// between two runs): the polylines, cut at each removable hole (`SampledCurve.holes`)
  /// (every one, in x order), the hole a run of its own (an undefined point, as
  /// gnuplot writes it, with the pen lifted on both sides, as `f(x)` is undefined there).
  /// A sampled point at a hole's x (the hole's repaired value) is replaced by the hole.
  ///
  /// - Parameters:
  ///   - segments: The polylines, left to right in x.
  ///   - holes: The holes' x, increasing.
  /// - Returns: The runs, none empty.
  static func functionRuns(_ segments: [[PlotPoint]], holes: [Double]) -> [[FunctionRow]] {
    var runs: [[FunctionRow]] = []
    var h = 0
    for segment in segments where !segment.isEmpty {
      var run: [FunctionRow] = []
      var previousX = -Double.infinity
      for p in segment {
        // Holes up to this point (one before the segment's first point, where the pen was
        // lifted already, is still written: the table lists every hole).
        while h < holes.count && holes[h] <= p.x {
          if holes[h] > previousX || holes[h] == p.x {
            if !run.isEmpty { runs.append(run) }
            runs.append([.hole(holes[h])])
            run = []
          }
          h += 1
        }
        previousX = p.x
        if !holes.isEmpty && h > 0 && holes[h - 1] == p.x { continue }
        run.append(.point(p))
      }
      if !run.isEmpty { runs.append(run) }
    }
    while h < holes.count {
      runs.append([.hole(holes[h])])
      h += 1
    }
    return runs
  }

  /// `v` in its shortest round-tripping decimal form, without a trailing `.0`
  /// (`2`, `-0.5`, `1e-09`, `inf`, `nan`).
  public static func number(_ v: Double) -> String {
    let s = v.description
    return s.hasSuffix(".0") ? String(s.dropLast(2)) : s
  }

  /// `text` with control characters (`TerminalText.isControl`: line breaks that would end the
  /// comment) replaced by spaces and `"` by `'`.
  static func commentSafe(_ text: String) -> String {
    String(
      text.unicodeScalars.map { s -> Character in
        if TerminalText.isControl(s) { return " " }
        return s == "\"" ? "'" : Character(s)
      })
  }
}
