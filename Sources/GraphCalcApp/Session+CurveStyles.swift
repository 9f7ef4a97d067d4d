import CompiledFunctions
import DataFiles
import Glibc
import GraphView

// Styles on parametric and polar curves (tracker issue 16; airfoil.dem, spline.dem,
// fillcrvs.dem): `plot sin(t), cos(t) with lines lw 2 lc rgb "red"`, `with points`,
// `with linespoints`, `with filledcurves [xy=X,Y | r=R]`. A curve drawn with lines keeps
// its adaptive sampling along the parameter and takes the line's options (`lw`, `lc`,
// `dt`); in any other style it is sampled, as gnuplot samples it, at `set samples` values
// of the parameter evenly over its range (the ends included: gnuplot's `plot2d.c`
// `t = t_min + i * t_step`) and drawn as a data series in that style, so every style a data
// file has (points, impulses, filled curves, ...) is a parametric curve's too, in every output
// and in `export table`. Polar curves and polar data after `set rrange [A:B]` follow gnuplot
// 5.4: the plotted radius is r - A (A at the centre), and a point with r < A is undefined
// (gnuplot's table: `NaN 0 u`); one with r > B stays where it is (gnuplot marks it `o`).

extension Session {
  /// `item` (a `.parametric` curve; any other item is returned as it is) in `style`: with
  /// lines, the curve with the style's line options; in any other style, the curve sampled
  /// at `labels.samples` parameter values as a data series drawn in it (`sampledCurve`).
  ///
  /// - Parameters:
  ///   - item: The curve.
  ///   - style: The style as the item gave it (`set style function` stands for a missing
  ///     `with`).
  /// - Returns: The styled item.
  func styled(_ item: PlotItem, _ style: PlotStyle) -> PlotItem {
    guard case .parametric(let curve, let title, _) = item else { return item }
    var style = style
    if !style.withGiven, let marks = labels.annotations.functionStyle { style.marks = marks }
    let styled = boxLook(style)
    if styled.marks == .lines { return .parametric(curve, title: title, look: styled.look) }
    return .data(
      sampledCurve(curve.x, curve.y, range: curve.parameterRange, title: title, style: styled))
  }

  /// The curve (`x(t)`, `y(t)`) at `labels.samples` values of t evenly over `range` (both
  /// ends included), as a data series drawn in `style`.
  func sampledCurve(
    _ x: (Double) -> Double, _ y: (Double) -> Double, range: ClosedRange<Double>,
    title: String, style: PlotStyle
  ) -> DataCurve {
    let ts = Self.parameterSamples(range, count: labels.samples)
    var curve = DataCurve(x: ts.map(x), y: ts.map(y), title: title, marks: style.marks)
    curve.look = style.look
    return curve
  }

  /// `count` values evenly over `range`, its ends included (one value: its lower end).
  static func parameterSamples(_ range: ClosedRange<Double>, count: Int) -> [Double] {
    let n = max(1, count)
    guard n > 1 else { return [range.lowerBound] }
    let step = (range.upperBound - range.lowerBound) / Double(n - 1)
    return (0..<n).map { range.lowerBound + Double($0) * step }
  }

  /// The polar point of angle `theta` (in the angle unit) and radius `r` after `set rrange`
  /// (`rRange`): radius r - A from the centre, undefined (NaN) for r < A.
  func polarPoint(theta: Double, r: Double) -> (x: Double, y: Double) {
    let radians = brain.angleUnit == .degrees ? theta * .pi / 180 : theta
    var radius = r
    if let low = labels.curveMode.rRange?.lowerBound {
      guard r >= low else { return (.nan, .nan) }
      radius = r - low
    }
    return (radius * cos(radians), radius * sin(radians))
  }

  /// A polar curve r(t) in `style`: with lines and no `set rrange`, nil (the caller keeps
  /// the adaptive curve); else the curve sampled at `labels.samples` angles over `range`
  /// (as gnuplot draws it) in the style, after `set rrange` r - A and undefined below A,
  /// and for `filledcurves r=R` the outline between the curve and the circle r = R.
  func sampledPolar(
    _ r: PlotFunction, range: ClosedRange<Double>, title: String, style: PlotStyle
  ) -> DataCurve? {
    var style = style
    if !style.withGiven, let marks = labels.annotations.functionStyle { style.marks = marks }
    let styled = boxLook(style)
    guard styled.marks != .lines || labels.curveMode.rRange != nil else { return nil }
    let ts = Self.parameterSamples(range, count: labels.samples)
    let rs = ts.map { r.value(at: $0) }
    return polarCurve(thetas: ts, radii: rs, title: title, style: styled)
  }

  /// The data series of the polar points (`thetas[i]`, `radii[i]`) in `style`
  /// (`polarPoint`); with `style.fillRadius` R, one closed outline: the curve with each
  /// radius kept at least R (`above`), at most R (`below`) or as it is, then the circle
  /// r = R back from the last angle to the first, so the filled area lies between the two.
  func polarCurve(thetas: [Double], radii: [Double], title: String, style: PlotStyle)
    -> DataCurve
  {
    var ts = thetas
    var rs = radii
    if let ring = style.fillRadius {
      rs = rs.map { r in
        guard r.isFinite else { return r }
        return style.fillSide > 0 ? max(r, ring) : style.fillSide < 0 ? min(r, ring) : r
      }
      ts += thetas.reversed()
      rs += Array(repeating: ring, count: thetas.count)
    }
    let points = zip(ts, rs).map { polarPoint(theta: $0, r: $1) }
    var curve = DataCurve(
      x: points.map(\.x), y: points.map(\.y), title: title, marks: style.marks)
    curve.look = style.look
    if style.fillRadius != nil { curve.look.fillTo = .closed }
    return curve
  }

  /// A data series of `set polar` (gnuplot reads its x as the angle, in `set angles`'s unit,
  /// and its y as r): each point moved to the plane (`polarPoint`), the fill of
  /// `filledcurves r=R` as `polarCurve` makes it.
  func polarData(_ curve: DataCurve, style: PlotStyle) -> DataCurve {
    var plane = polarCurve(
      thetas: Array(curve.x), radii: Array(curve.y), title: curve.title, style: style)
    let fill = plane.look.fillTo
    plane.look = curve.look
    if style.fillRadius != nil { plane.look.fillTo = fill }
    plane.marks = curve.marks
    return plane
  }
}
