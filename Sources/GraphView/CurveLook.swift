import Glibc

/// Style options of one curve, in gnuplot's words (`lw`, `lc`, `pt`, `ps`, `dt`); nil
/// keeps the output's default (the theme's width and palette colour, the curve's own point
/// type, solid lines).
public struct CurveLook: Sendable, Hashable {
  /// `linewidth`/`lw`: the stroke width as a multiple of the default (1.5 px in SVG, PNG
  /// and PDF); positive.
  public var lineWidth: Double?
  /// `linecolor rgb "..."`: an explicit colour.
  public var color: RGBColor?
  /// `linecolor N`/`lc N`: the colour of palette entry N (1-based, as gnuplot's line types;
  /// cycling), used when `color` is nil.
  public var colorIndex: Int?
  /// `pointtype`/`pt`: gnuplot's point type (`PointShape`); 0 is a dot.
  public var pointType: Int?
  /// `pointsize`/`ps`: the point marker's size as a multiple of the default; positive.
  public var pointSize: Double?
  /// `dashtype`/`dt`: gnuplot's dash type, 1 solid, 2 dashed, 3 dotted, 4 dash-dot, 5
  /// dash-dot-dot (cycling beyond 5).
  public var dashType: Int?
  /// gnuplot's `set style fill solid D` for `boxes`: the boxes are filled with the curve's
  /// colour (a text canvas draws them as eighth blocks); D in 0...1 is gnuplot's density,
  /// nil: outlines only (`empty`, gnuplot's default).
  public var fillDensity: Double?
  /// gnuplot's `set boxwidth` for `boxes` whose records have no width column; nil: each box
  /// reaches halfway to its neighbours.
  public var boxWidth: BoxWidth?
  /// gnuplot's `filledcurves` option (`help filledcurves`): what the area reaches to; nil:
  /// `closed` (two columns) or the second y column (three).
  public var fillTo: FillTo?
  /// Whether a filled style (`filledcurves`, `fillsteps`, filled boxes) also strokes its
  /// outline in the curve's colour (gnuplot's `fill ... border`).
  public var fillBorder: Bool?
  /// The fill's own colour (gnuplot's `fc`/`fillcolor` on a plot item), nil for the curve's
  /// colour; pictures paint fills in it, a text canvas keeps the curve's.
  public var fillColor: RGBColor?
  /// The colour of a filled style's outline (gnuplot's `fs ... border lt -1` or `border lc
  /// rgb "..."`), nil for the curve's colour.
  public var borderColor: RGBColor?

  /// What gnuplot's `filledcurves` fills to.
  public enum FillTo: Sendable, Hashable {
    /// The curve as a closed polygon (its last point joined to its first).
    case closed
    /// The second y column (`using 1:2:3`); `side` keeps only where y is above (1) or below
    /// (-1) it, 0 both.
    case between(side: Int)
    /// The bottom (`x1`) or top (`x2`) edge of the view.
    case xEdge(top: Bool)
    /// The left (`y1`) or right (`y2`) edge of the view.
    case yEdge(right: Bool)
    /// The horizontal line y = V (`y=V`, `y1=V`); `side` as in `between`.
    case horizontal(Double, side: Int)
    /// The vertical line x = V (`x=V`, `x1=V`).
    case vertical(Double)
    /// The point (X, Y) (`xy=X,Y`): a fan of triangles from it.
    case point(Double, Double)
  }
  /// gnuplot's `axes x1y2` (and `x2y1`, `x2y2`): the axes the curve is read against; not a
  /// look, but carried with the options so that every kind of item keeps it
  /// (`SecondAxes.swift`); `isDefault` does not count it.
  public var axes = CurveAxes.first
  /// Whether the curve is one of gnuplot's `with histograms` (GraphCalcApp's
  /// Session+Histograms.swift): its table writes x and y alone (and error bars' ylow and
  /// yhigh), as gnuplot 5.4's does, and its error bars stand at the boxes' centres, x
  /// being the record number.
  public var histogram = false
  /// gnuplot's `linestyle N`/`ls N`: the user's line style N (`set style line N ...`) the
  /// other options start from; a reference the session resolves before drawing
  /// (`LineStyleTables.resolved`), nil for none. Outputs never see it set.
  public var lineStyle: Int?
  /// gnuplot's `linetype N`/`lt N`: the line type N (its colour, and with `set linetype N
  /// ...` its width, point and dashes) the other options start from; `colorIndex` is N too,
  /// so an output that sees it unresolved draws N's palette colour. Resolved with
  /// `lineStyle`.
  public var lineType: Int?
  /// gnuplot's `with labels`: the curve's records are drawn as texts (`PointLabels`), not
  /// as markers; its table writes `x y "text"` a record, as gnuplot 5.4's does. Nil for
  /// every other style.
  public var pointLabels: PointLabels?

  /// gnuplot's `set boxwidth W [absolute|relative]` (`help boxwidth`).
  public enum BoxWidth: Sendable, Hashable {
    /// W plot units (x units) wide, centred on the record's x.
    case absolute(Double)
    /// W times the default width (halfway to each neighbour).
    case relative(Double)
  }

  /// Creates a look; every option nil (the defaults) unless given.
  public init(
    lineWidth: Double? = nil, color: RGBColor? = nil, colorIndex: Int? = nil,
    pointType: Int? = nil, pointSize: Double? = nil, dashType: Int? = nil,
    fillDensity: Double? = nil, boxWidth: BoxWidth? = nil, fillTo: FillTo? = nil,
    fillBorder: Bool? = nil
  ) {
    self.lineWidth = lineWidth
    self.color = color
    self.colorIndex = colorIndex
    self.pointType = pointType
    self.pointSize = pointSize
    self.dashType = dashType
    self.fillDensity = fillDensity
    self.boxWidth = boxWidth
    self.fillTo = fillTo
    self.fillBorder = fillBorder
  }

  /// Whether `boxes` are painted (a fill density above 0).
  public var fillsBoxes: Bool { (fillDensity ?? 0) > 0 }

  /// Whether no option is set.
  public var isDefault: Bool {
    var look = self
    look.axes = .first
    return look == CurveLook()
  }

  /// The point type of curve `index` (0-based): the one given, else gnuplot's default, the
  /// curve's line type (curve 0 `+`, curve 1 `x`, curve 2 `*`, ...).
  public func pointType(curve index: Int) -> Int { pointType ?? (max(0, index) % 15 + 1) }

  /// The dash pattern of `dashType` in pixels for a stroke `width` pixels wide (dash and gap
  /// lengths, alternating; SVG's `stroke-dasharray`, cairo's `cairo_set_dash`), or nil for a
  /// solid line (no type, or type 1). gnuplot's SVG terminal's patterns, scaled with the
  /// width.
  public func dashPattern(width: Double) -> [Double]? {
    guard let t = dashType, t > 1 else { return nil }
    let unit = max(width, 1) / 1.5
    let patterns: [[Double]] = [[8, 5], [2, 4], [8, 4, 2, 4], [8, 4, 2, 4, 2, 4]]
    return patterns[(t - 2) % patterns.count].map { $0 * unit }
  }

  /// gnuplot's colour names (`show colornames`, gnuplot 5.4), with their `0xRRGGBB` values.
  public static let colorNames: [(name: String, rgb: UInt32)] = [
    ("white", 0xffffff),
    ("black", 0x000000),
    ("dark-grey", 0xa0a0a0),
    ("red", 0xff0000),
    ("web-green", 0x00c000),
    ("web-blue", 0x0080ff),
    ("dark-magenta", 0xc000ff),
    ("dark-cyan", 0x00eeee),
    ("dark-orange", 0xc04000),
    ("dark-yellow", 0xc8c800),
    ("royalblue", 0x4169e1),
    ("goldenrod", 0xffc020),
    ("dark-spring-green", 0x008040),
    ("purple", 0xc080ff),
    ("steelblue", 0x306080),
    ("dark-red", 0x8b0000),
    ("dark-chartreuse", 0x408000),
    ("orchid", 0xff80ff),
    ("aquamarine", 0x7fffd4),
    ("brown", 0xa52a2a),
    ("yellow", 0xffff00),
    ("turquoise", 0x40e0d0),
    ("grey0", 0x000000),
    ("grey10", 0x1a1a1a),
    ("grey20", 0x333333),
    ("grey30", 0x4d4d4d),
    ("grey40", 0x666666),
    ("grey50", 0x7f7f7f),
    ("grey60", 0x999999),
    ("grey70", 0xb3b3b3),
    ("grey", 0xc0c0c0),
    ("grey80", 0xcccccc),
    ("grey90", 0xe5e5e5),
    ("grey100", 0xffffff),
    ("light-red", 0xf03232),
    ("light-green", 0x90ee90),
    ("light-blue", 0xadd8e6),
    ("light-magenta", 0xf055f0),
    ("light-cyan", 0xe0ffff),
    ("light-goldenrod", 0xeedd82),
    ("light-pink", 0xffb6c1),
    ("light-turquoise", 0xafeeee),
    ("gold", 0xffd700),
    ("green", 0x00ff00),
    ("dark-green", 0x006400),
    ("spring-green", 0x00ff7f),
    ("forest-green", 0x228b22),
    ("sea-green", 0x2e8b57),
    ("blue", 0x0000ff),
    ("dark-blue", 0x00008b),
    ("midnight-blue", 0x191970),
    ("navy", 0x000080),
    ("medium-blue", 0x0000cd),
    ("skyblue", 0x87ceeb),
    ("cyan", 0x00ffff),
    ("magenta", 0xff00ff),
    ("dark-turquoise", 0x00ced1),
    ("dark-pink", 0xff1493),
    ("coral", 0xff7f50),
    ("light-coral", 0xf08080),
    ("orange-red", 0xff4500),
    ("salmon", 0xfa8072),
    ("dark-salmon", 0xe9967a),
    ("khaki", 0xf0e68c),
    ("dark-khaki", 0xbdb76b),
    ("dark-goldenrod", 0xb8860b),
    ("beige", 0xf5f5dc),
    ("olive", 0xa08020),
    ("orange", 0xffa500),
    ("violet", 0xee82ee),
    ("dark-violet", 0x9400d3),
    ("plum", 0xdda0dd),
    ("dark-plum", 0x905040),
    ("dark-olivegreen", 0x556b2f),
    ("orangered4", 0x801400),
    ("brown4", 0x801414),
    ("sienna4", 0x804014),
    ("orchid4", 0x804080),
    ("mediumpurple3", 0x8060c0),
    ("slateblue1", 0x8060ff),
    ("yellow4", 0x808000),
    ("sienna1", 0xff8040),
    ("tan1", 0xffa040),
    ("sandybrown", 0xffa060),
    ("light-salmon", 0xffa070),
    ("pink", 0xffc0c0),
    ("khaki1", 0xffff80),
    ("lemonchiffon", 0xffffc0),
    ("bisque", 0xcdb79e),
    ("honeydew", 0xf0fff0),
    ("slategrey", 0xa0b6cd),
    ("seagreen", 0xc1ffc1),
    ("antiquewhite", 0xcdc0b0),
    ("chartreuse", 0x7cff40),
    ("greenyellow", 0xa0ff20),
    ("gray", 0xbebebe),
    ("light-gray", 0xd3d3d3),
    ("light-grey", 0xd3d3d3),
    ("dark-gray", 0xa0a0a0),
    ("slategray", 0xa0b6cd),
    ("gray0", 0x000000),
    ("gray10", 0x1a1a1a),
    ("gray20", 0x333333),
    ("gray30", 0x4d4d4d),
    ("gray40", 0x666666),
    ("gray50", 0x7f7f7f),
    ("gray60", 0x999999),
    ("gray70", 0xb3b3b3),
    ("gray80", 0xcccccc),
    ("gray90", 0xe5e5e5),
    ("gray100", 0xffffff),
  ]

  /// The colour `text` names: `#rrggbb`, `0xrrggbb`, `#rgb` or one of `colorNames` (case
  /// ignored); nil otherwise.
  public static func color(named text: String) -> RGBColor? {
    let lower = text.lowercased()
    var hexDigits: Substring? = nil
    if lower.hasPrefix("#") { hexDigits = lower.dropFirst() }
    if lower.hasPrefix("0x") { hexDigits = lower.dropFirst(2) }
    if let digits = hexDigits {
      if digits.count == 3, let v = UInt32(digits, radix: 16) {
        let r = (v >> 8) & 0xF
        let g = (v >> 4) & 0xF
        let b = v & 0xF
        return RGBColor((r * 17) << 16 | (g * 17) << 8 | b * 17)
      }
      guard digits.count == 6, let v = UInt32(digits, radix: 16) else { return nil }
      return RGBColor(v)
    }
    return colorNames.first { $0.name == lower }.map { RGBColor($0.rgb) }
  }
}

/// gnuplot's point types (its SVG and PNG terminals' shapes): 0 a dot, 1 `+`, 2 `x`, 3 `*`,
/// 4 a square, 5 a filled square, 6 a circle, 7 a filled circle, 8 a triangle, 9 filled,
/// 10 a triangle pointing down, 11 filled, 12 a diamond, 13 filled, 14 a pentagon (a vertex
/// down, its top edge flat, as gnuplot 5.4's SVG and cairo terminals draw it), 15 filled;
/// types beyond 15 cycle (16 is 1 again), negative types draw nothing. The order is
/// gnuplot's (`test` on its svg terminal: `gpPt0` to `gpPt14` are pt 1 to 15).
public enum PointShape {
  /// The shape number 0...15 of point type `type`, or nil for none (negative).
  public static func normalized(_ type: Int) -> Int? {
    if type < 0 { return nil }
    if type == 0 { return 0 }
    return (type - 1) % 15 + 1
  }

  /// Whether point type `type` is filled.
  public static func isFilled(_ type: Int) -> Bool {
    guard let t = normalized(type) else { return false }
    return t >= 5 && t % 2 == 1
  }

  /// The outline of point type `type` centred on `p`, `radius` pixels from the centre to
  /// its far points, as polylines (closed shapes end where they start); `[[p]]` for a dot,
  /// empty for none. A circle is a 16-gon.
  public static func strokes(_ type: Int, at p: PixelPoint, radius r: Double) -> [[PixelPoint]] {
    guard let t = normalized(type) else { return [] }
    func pt(_ dx: Double, _ dy: Double) -> PixelPoint { PixelPoint(x: p.x + dx, y: p.y + dy) }
    func polygon(_ n: Int, start: Double, scale: Double = 1) -> [PixelPoint] {
      var out: [PixelPoint] = []
      for k in 0...n {
        let a = start + 2 * Double.pi * Double(k % n) / Double(n)
        out.append(pt(r * scale * cos(a), -r * scale * sin(a)))
      }
      return out
    }
    let plus = [[pt(-r, 0), pt(r, 0)], [pt(0, -r), pt(0, r)]]
    let cross = [[pt(-r, -r), pt(r, r)], [pt(-r, r), pt(r, -r)]]
    switch t {
    case 0: return [[p]]
    case 1: return plus
    case 2: return cross
    case 3: return plus + cross
    case 4, 5: return [[pt(-r, -r), pt(r, -r), pt(r, r), pt(-r, r), pt(-r, -r)]]
    case 6, 7: return [polygon(16, start: 0)]
    case 8, 9: return [polygon(3, start: Double.pi / 2, scale: 1.2)]
    case 10, 11: return [polygon(3, start: -Double.pi / 2, scale: 1.2)]
    case 12, 13: return [polygon(4, start: 0, scale: 1.3)]
    default: return [polygon(5, start: -Double.pi / 2, scale: 1.2)]  // flat top, as gnuplot's
    }
  }
}
