// gnuplot's fixed margins (`set lmargin|rmargin|tmargin|bmargin N`, `at screen F`,
// `set margins L,R,B,T`) and its plot-area ratio (`set size ratio R`): where the plot area's
// edges go when the user places them, after gnuplot 5.4's src/graphics.c (boundary()), which
// puts an edge N character widths (heights for top and bottom) in from the edge of the
// plot's part of the page, or at a fraction of the whole page.

extension PlotLayout {
  /// One edge of the plot area as the user placed it, or automatic (the layout's own, sized
  /// for the tick labels, title and key).
  public enum Margin: Sendable, Hashable {
    /// The layout's own margin.
    case automatic
    /// `set lmargin N`: N characters (gnuplot's character: 0.7 em wide and 1.5 em tall in
    /// pictures, as gnuplot 5.4's svg terminal measures it at 12 px, 8.39 x 18 px; one cell
    /// on a text canvas) in from the edge of the renderer, a fraction allowed.
    case characters(Double)
    /// `set lmargin at screen F`: the edge at fraction F of the page (`pageRect`), from
    /// its left (x) or its bottom (y), as gnuplot's screen coordinates run.
    case screen(Double)
  }

  /// The four margins of `set lmargin`, `set rmargin`, `set bmargin`, `set tmargin`.
  public struct Margins: Sendable, Hashable {
    /// The left edge.
    public var left = Margin.automatic
    /// The right edge.
    public var right = Margin.automatic
    /// The bottom edge.
    public var bottom = Margin.automatic
    /// The top edge.
    public var top = Margin.automatic

    /// All four automatic.
    public init() {}

    /// Whether all four are automatic (the layout as before margins could be set).
    public var isAutomatic: Bool { self == Margins() }
  }

  /// gnuplot's character size in a picture whose character (`textSize("0")`) is `char`: 0.6
  /// em by 1.2 em there, gnuplot's 0.7 em by 1.5 em; a text canvas (`cellPoints`) keeps its
  /// cell.
  static func marginCharacter(_ renderer: some PlotRenderer, _ m: Metrics) -> (
    width: Double, height: Double
  ) {
    if renderer.capabilities.contains(.cellPoints) { return m.char }
    return (m.char.width * 7 / 6, m.char.height * 1.25)
  }

  /// The unit of `set lmargin N` in `renderer`, pixels: gnuplot's character (0.7 em by 1.5
  /// em) in a picture, a cell on a text canvas. A multiplot's title takes one such line.
  ///
  /// - Parameter renderer: The output.
  /// - Returns: The character's width and height in pixels.
  public static func characterUnit(of renderer: some PlotRenderer) -> (
    width: Double, height: Double
  ) {
    marginCharacter(renderer, Metrics(renderer))
  }

  /// The automatic edges `auto` (left, right, top, bottom: each the margin's width in
  /// pixels from its side of the renderer) with the user's margins put in their place.
  ///
  /// - Parameters:
  ///   - auto: The layout's own margins in pixels.
  ///   - options: The user's margins (`options.margins`).
  ///   - renderer: The output (its size, its character).
  ///   - metrics: Its metrics.
  /// - Returns: The margins in pixels, each at least 0 (a text canvas's rounded to cells).
  static func fixedMargins(
    _ auto: (left: Double, right: Double, top: Double, bottom: Double), options: Options,
    renderer: some PlotRenderer, metrics m: Metrics
  ) -> (left: Double, right: Double, top: Double, bottom: Double) {
    let margins = options.margins
    if margins.isAutomatic { return auto }
    let w = Double(max(renderer.size.width, 1))
    let h = Double(max(renderer.size.height, 1))
    let page = renderer.pageRect ?? PixelRect(x: 0, y: 0, width: w, height: h)
    let char = marginCharacter(renderer, m)
    let cell = renderer.capabilities.contains(.cellPoints)
    func snap(_ v: Double, _ unit: Double) -> Double {
      let v = v.isFinite ? max(0, v) : 0
      return cell ? (v / unit).rounded() * unit : v.rounded()
    }
    func side(_ margin: Margin, _ automatic: Double, unit: Double, screen: (Double) -> Double)
      -> Double
    {
      switch margin {
      case .automatic: return automatic
      case .characters(let n): return snap(n * unit, unit)
      case .screen(let f): return snap(screen(f), unit)
      }
    }
    return (
      side(margins.left, auto.left, unit: char.width) { page.minX + $0 * page.width },
      side(margins.right, auto.right, unit: char.width) { w - (page.minX + $0 * page.width) },
      side(margins.top, auto.top, unit: char.height) { page.minY + (1 - $0) * page.height },
      side(margins.bottom, auto.bottom, unit: char.height) {
        h - (page.minY + (1 - $0) * page.height)
      }
    )
  }

  /// `area` made `ratio` times as tall as it is wide (`set size ratio R`, R > 0), shrinking
  /// the side that is too long about the area's centre, as gnuplot 5.4's boundary() does;
  /// `area` unchanged for nil or a ratio that is not positive and finite.
  static func applyingRatio(_ ratio: Double?, to area: PixelRect) -> PixelRect {
    guard let ratio, ratio > 0, ratio.isFinite, area.width >= 1, area.height >= 1 else {
      return area
    }
    var r = area
    if area.height / area.width > ratio {
      r.height = max(1, (area.width * ratio).rounded())
      r.y = (area.minY + (area.height - r.height) / 2).rounded()
    } else {
      r.width = max(1, (area.height / ratio).rounded())
      r.x = (area.minX + (area.width - r.width) / 2).rounded()
    }
    return r
  }
}
