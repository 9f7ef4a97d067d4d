import CalculatorBrain
import DataFiles
import GraphView
import TextAndNumbers

extension Session {
  /// The note for a data series none of whose points lies in the view (a view fixed
  /// earlier: graphcalc's `plot [A:B]` keeps its range where gnuplot's would autoscale
  /// again), which would otherwise draw as an empty frame: `note: all 3 points of
  /// big.dat using 1:2 lie outside the view x [0, 1] y [-1, 1]: plot [10:20] "big.dat"
  /// or reset shows them`. The `plot [X0:X1] "FILE"` suggestion is the x range the data
  /// would be shown in (`dataXRange`) and is given when the view's x misses the data's;
  /// nil when some point is in view, when there is no finite point, or on a log axis
  /// (whose own note counts what it cannot show).
  ///
  /// - Parameters:
  ///   - curve: The series as plotted.
  ///   - path: The file's path as typed (without quotes).
  ///   - xRange: The view's x range (values).
  ///   - yRange: The view's y range (values).
  /// - Returns: The note line, without a newline, or nil.
  static func outsideNote(
    _ curve: DataCurve, path: String, xRange: ClosedRange<Double>, yRange: ClosedRange<Double>
  ) -> String? {
    // Some point in view, the common case, is found at the first block that shows one (by
    // its zone maps mostly): no pass over every record.
    if DataColumn.hasRecord(x: curve.x, y: curve.y, xWithin: xRange, yWithin: yRange) {
      return nil
    }
    var finite = 0
    var inside = 0
    DataColumn.forEachBlock(curve.x, curve.y) { xs, ys in
      for i in 0..<min(xs.count, ys.count) {
        let x = xs[i]
        let y = ys[i]
        guard x.isFinite, y.isFinite else { continue }
        finite += 1
        if xRange.contains(x) && yRange.contains(y) { inside += 1 }
      }
    }
    guard finite > 0, inside == 0 else { return nil }
    func format(_ r: ClosedRange<Double>) -> String {
      "[\(Session.boundText(r.lowerBound)), \(Session.boundText(r.upperBound))]"
    }
    let points = finite == 1 ? "the 1 point" : "all \(finite) points"
    let verb = finite == 1 ? "lies" : "lie"
    var show = "reset shows them"
    if let data = curve.bounds(), !data.x.overlaps(xRange),
      let fitted = dataXRange(of: FunctionCurves(items: [.data(curve)]))
    {
      let a = Session.boundText(fitted.lowerBound)
      let b = Session.boundText(fitted.upperBound)
      show = "plot [\(a):\(b)] \"\(TerminalText.safe(path))\" or \(show)"
    }
    if finite == 1 { show = show.replacingThem() }
    return "note: \(points) of \(PlotOutput.noteTitle(curve.title)) \(verb) outside the view "
      + "x \(format(xRange)) y \(format(yRange)): \(show)"
  }
}

extension String {
  /// "them" as "it", for a single point.
  fileprivate func replacingThem() -> String {
    hasSuffix(" them") ? String(dropLast(5)) + " it" : self
  }
}
