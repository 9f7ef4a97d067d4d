/// An sRGB colour, 8 bits a channel.
public struct RGBColor: Sendable, Hashable {
  /// Red, 0...255.
  public var red: UInt8
  /// Green, 0...255.
  public var green: UInt8
  /// Blue, 0...255.
  public var blue: UInt8

  /// The colour `0xRRGGBB`.
  public init(_ hex: UInt32) {
    red = UInt8((hex >> 16) & 0xFF)
    green = UInt8((hex >> 8) & 0xFF)
    blue = UInt8(hex & 0xFF)
  }

  /// `#rrggbb`, in lower case (SVG and CSS's form).
  public var hex: String {
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = [UInt8(ascii: "#")]
    for v in [red, green, blue] {
      out.append(digits[Int(v >> 4)])
      out.append(digits[Int(v & 0xF)])
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The channels as fractions 0...1 (red, green, blue), as cairo takes them.
  public var fractions: (Double, Double, Double) {
    (Double(red) / 255, Double(green) / 255, Double(blue) / 255)
  }
}

/// How an area is painted: one colour, or a vertical gradient.
public enum Paint: Sendable, Hashable {
  /// One colour.
  case solid(RGBColor)
  /// A vertical linear gradient: colour stops at fractions of the area's height, 0 at its
  /// top and 1 at its bottom, in increasing order (two stops at one fraction make a hard
  /// edge).
  case vertical([GradientStop])

  /// The colour of a solid paint, or of a gradient's first stop.
  public var dominant: RGBColor {
    switch self {
    case .solid(let c): return c
    case .vertical(let stops): return stops.first?.color ?? RGBColor(0xFFFFFF)
    }
  }
}

/// One colour stop of a `Paint.vertical` gradient.
public struct GradientStop: Sendable, Hashable {
  /// Where the stop is: 0 at the top of the area, 1 at its bottom.
  public var position: Double
  /// Its colour.
  public var color: RGBColor
  /// A stop of `color` at `position` (0 top, 1 bottom).
  public init(_ position: Double, _ color: RGBColor) {
    self.position = position
    self.color = color
  }
}

/// The look of the picture outputs (SVG, PNG, PDF, inline images): the background, the
/// plot area's fill, the colour and width of each draw style's strokes, and the text's
/// colour. Every picture renderer reads it, so the SVG, the PNG and the PDF of a plot are
/// the same picture.
///
/// `default` (also named `light`) is the SVG's look since 0.1, byte for byte; `dark` is its
/// dark version; `plain-white`, `plain-black`, `dark-gradient`, `slate` and `stocks` follow
/// Core Plot's built-in themes (`_CPTPlainWhiteTheme` ... `_CPTStocksTheme`: their graph and
/// plot-area fills, border and axis line styles and text colours; Core Plot's gradient
/// angle 90 runs bottom to top). Core Plot leaves the plots' own colours and the grid to the
/// application: the dark themes take a brighter palette, the light ones tab10's.
public struct Theme: Sendable, Hashable {
  /// The theme's name, as `set theme` takes it.
  public var name: String
  /// The whole picture's background.
  public var background: Paint
  /// The plot area's fill over the background, or nil for none.
  public var plotArea: Paint?
  /// The colours of curves and bar series 0, 1, ... (cycling).
  public var palette: [RGBColor]
  /// Tick labels, the legend's text, and the default for text.
  public var foreground: RGBColor
  /// The frame around the plot area.
  public var frame: RGBColor
  /// The frame's width in pixels (0: no frame).
  public var frameWidth: Double
  /// Tick marks.
  public var tick: RGBColor
  /// The axes x = 0 and y = 0 and a bar chart's zero line.
  public var axis: RGBColor
  /// The axes' width in pixels.
  public var axisWidth: Double
  /// Grid lines.
  public var grid: RGBColor
  /// A bar chart's dashed midline.
  public var midline: RGBColor
  /// The legend box's outline.
  public var legendOutline: RGBColor
  /// The legend box's fill (drawn at 85 % opacity).
  public var legendFill: RGBColor
  /// The title.
  public var title: RGBColor
  /// The curves' own style options, by curve index (`PlotRenderer.setCurveLooks`): a
  /// colour, width or dashes given for a curve win over the palette's and the default width.
  public var curveLooks: [CurveLook] = []

  static let tab10 = [
    0x1F77B4, 0xD62728, 0x2CA02C, 0xFF7F0E, 0x9467BD, 0x8C564B, 0xE377C2, 0x17BECF,
  ].map(RGBColor.init)
  static let bright = [
    0x5AA9F0, 0xFF6B6B, 0x66D17A, 0xFFAA4D, 0xC29BF2, 0xD9A48F, 0xF59ADB, 0x4FD8E8,
  ].map(RGBColor.init)

  /// The gray of Core Plot's `colorWithGenericGray:` `g` (0...1).
  static func gray(_ g: Double) -> RGBColor {
    let v = UInt32((g * 255).rounded())
    return RGBColor(v << 16 | v << 8 | v)
  }

  /// The colour of Core Plot's `colorWithComponentRed:green:blue:` (0...1 each).
  static func rgb(_ r: Double, _ g: Double, _ b: Double) -> RGBColor {
    RGBColor(
      UInt32((r * 255).rounded()) << 16 | UInt32((g * 255).rounded()) << 8
        | UInt32((b * 255).rounded()))
  }

  /// The SVG's look since 0.1 (see the type's summary).
  public static let `default` = Theme(
    name: "default", background: .solid(RGBColor(0xFFFFFF)), plotArea: nil, palette: tab10,
    foreground: RGBColor(0x333333), frame: RGBColor(0x333333), frameWidth: 1,
    tick: RGBColor(0x333333), axis: RGBColor(0x999999), axisWidth: 1, grid: RGBColor(0xE5E5E5),
    midline: RGBColor(0xC8C8C8), legendOutline: RGBColor(0xBBBBBB),
    legendFill: RGBColor(0xFFFFFF), title: RGBColor(0x111111))

  /// `default`'s dark version: light text and lines on a dark grey, a brighter palette.
  public static let dark = Theme(
    name: "dark", background: .solid(RGBColor(0x1B1D23)), plotArea: nil, palette: bright,
    foreground: RGBColor(0xC8CBD2), frame: RGBColor(0xC8CBD2), frameWidth: 1,
    tick: RGBColor(0xC8CBD2), axis: RGBColor(0x7A7F8A), axisWidth: 1, grid: RGBColor(0x30343D),
    midline: RGBColor(0x555B66), legendOutline: RGBColor(0x555B66),
    legendFill: RGBColor(0x1B1D23), title: RGBColor(0xEEEFF2))

  /// Core Plot's plain white: white, a black frame, grey axes and ticks, black text.
  public static let plainWhite = Theme(
    name: "plain-white", background: .solid(RGBColor(0xFFFFFF)),
    plotArea: .solid(RGBColor(0xFFFFFF)), palette: tab10, foreground: RGBColor(0x000000),
    frame: RGBColor(0x000000), frameWidth: 1, tick: gray(0.5), axis: gray(0.5), axisWidth: 1,
    grid: RGBColor(0xE8E8E8), midline: RGBColor(0xC0C0C0), legendOutline: gray(0.5),
    legendFill: RGBColor(0xFFFFFF), title: RGBColor(0x000000))

  /// Core Plot's plain black: black, a white frame, white axes 3 px wide, white text.
  public static let plainBlack = Theme(
    name: "plain-black", background: .solid(RGBColor(0x000000)),
    plotArea: .solid(RGBColor(0x000000)), palette: bright, foreground: RGBColor(0xFFFFFF),
    frame: RGBColor(0xFFFFFF), frameWidth: 1, tick: RGBColor(0xFFFFFF),
    axis: RGBColor(0xFFFFFF), axisWidth: 3, grid: RGBColor(0x333333),
    midline: RGBColor(0x666666), legendOutline: RGBColor(0x888888),
    legendFill: RGBColor(0x000000), title: RGBColor(0xFFFFFF))

  /// Core Plot's dark gradients: grey gradients (the picture 0.1-0.3-0.1, the plot area
  /// 0.3 at the top to 0.1), a 4 px frame of 0.2 grey, 0.5 grey axes 2 px wide, white text.
  public static let darkGradient = Theme(
    name: "dark-gradient",
    background: .vertical([
      GradientStop(0, gray(0.1)), GradientStop(0.4, gray(0.2)), GradientStop(0.5, gray(0.3)),
      GradientStop(0.7, gray(0.2)), GradientStop(1, gray(0.1)),
    ]),
    plotArea: .vertical([GradientStop(0, gray(0.3)), GradientStop(1, gray(0.1))]),
    palette: bright, foreground: RGBColor(0xFFFFFF), frame: gray(0.2), frameWidth: 4,
    tick: RGBColor(0x555555), axis: gray(0.5), axisWidth: 2, grid: RGBColor(0x484848),
    midline: RGBColor(0x707070), legendOutline: gray(0.5), legendFill: gray(0.15),
    title: RGBColor(0xFFFFFF))

  /// Core Plot's slate: a blue-grey gradient (0.70, 0.73, 0.80 at the top to 0.43, 0.51,
  /// 0.63), a 0.2 grey frame, dark blue axes 2 px wide, black text.
  public static let slate = Theme(
    name: "slate",
    background: .vertical([
      GradientStop(0, rgb(0.70, 0.73, 0.80)), GradientStop(1, rgb(0.43, 0.51, 0.63)),
    ]),
    plotArea: .vertical([
      GradientStop(0, rgb(0.70, 0.73, 0.80)), GradientStop(1, rgb(0.43, 0.51, 0.63)),
    ]),
    palette: tab10, foreground: RGBColor(0x000000), frame: gray(0.2), frameWidth: 1,
    tick: RGBColor(0x000000), axis: rgb(0, 0.25, 0.5), axisWidth: 2, grid: rgb(0.62, 0.66, 0.74),
    midline: rgb(0.35, 0.40, 0.50), legendOutline: gray(0.2), legendFill: rgb(0.78, 0.80, 0.86),
    title: RGBColor(0x000000))

  /// Core Plot's stocks: black, the plot area a deep blue gradient with a hard edge at
  /// half height, no frame, white axes 3 px wide, white text.
  public static let stocks = Theme(
    name: "stocks", background: .solid(RGBColor(0x000000)),
    plotArea: .vertical([
      GradientStop(0, rgb(0.21569, 0.28627, 0.44706)),
      GradientStop(0.5, rgb(0.09412, 0.17255, 0.36078)),
      GradientStop(0.5, rgb(0.05882, 0.13333, 0.33333)),
      GradientStop(1, rgb(0.05882, 0.13333, 0.33333)),
    ]),
    palette: bright, foreground: RGBColor(0xFFFFFF), frame: gray(0.2), frameWidth: 0,
    tick: RGBColor(0xFFFFFF), axis: RGBColor(0xFFFFFF), axisWidth: 3, grid: rgb(0.2, 0.27, 0.45),
    midline: rgb(0.4, 0.47, 0.65), legendOutline: RGBColor(0x888888),
    legendFill: rgb(0.06, 0.13, 0.33), title: RGBColor(0xFFFFFF))

  /// Every theme, `set theme`'s list: `default` first.
  public static let all: [Theme] = [
    .default, .dark, .plainWhite, .plainBlack, .darkGradient, .slate, .stocks,
  ]

  /// The theme named `name` (`light` is `default`), or nil.
  public static func named(_ name: String) -> Theme? {
    if name == "light" { return .default }
    return all.first { $0.name == name }
  }

  /// Colour `index` of the palette (cycling; negative indices wrap too).
  public func series(_ index: Int) -> RGBColor {
    let n = palette.count
    return palette[((index % n) + n) % n]
  }

  /// The colour a stroke or fill of `style` takes.
  public func color(_ style: DrawStyle) -> RGBColor {
    switch style {
    case .frame: return frame
    case .tick: return tick
    case .label, .barValue: return foreground
    case .axis: return axis
    case .grid: return grid
    case .curve(let i):
      if curveLooks.indices.contains(i) {
        let look = curveLooks[i]
        if let c = look.color { return c }
        if let k = look.colorIndex { return series(k - 1) }
      }
      return series(i)
    case .bar(let i): return series(i)
    case .legend: return legendOutline
    case .title: return title
    case .midline: return midline
    case .plotArea: return (plotArea ?? background).dominant
    }
  }

  /// The width in pixels of a stroke of `style`: 1.5 for curves, the theme's for frame and
  /// axes, 1 for the rest.
  public func width(_ style: DrawStyle) -> Double {
    switch style {
    case .curve(let i):
      let k = curveLooks.indices.contains(i) ? curveLooks[i].lineWidth ?? 1 : 1
      return 1.5 * k
    case .bar: return 1.5
    case .frame: return frameWidth
    case .axis: return axisWidth
    default: return 1
    }
  }

  /// The dash pattern of a stroke of `style` in pixels (`CurveLook.dashPattern`), or nil
  /// for a solid stroke.
  public func dashes(_ style: DrawStyle) -> [Double]? {
    guard case .curve(let i) = style, curveLooks.indices.contains(i) else { return nil }
    return curveLooks[i].dashPattern(width: width(style))
  }

  /// The colour a fill of `style` takes: a curve's `fillColor` (gnuplot's `fc`), else the
  /// style's colour.
  public func fillColor(_ style: DrawStyle) -> RGBColor {
    if case .curve(let i) = style, curveLooks.indices.contains(i),
      let c = curveLooks[i].fillColor
    {
      return c
    }
    return color(style)
  }

  /// The opacity a fill of `style` takes: a curve's `fillDensity` (gnuplot's `set style
  /// fill solid D`), 1 otherwise.
  public func fillOpacity(_ style: DrawStyle) -> Double {
    guard case .curve(let i) = style, curveLooks.indices.contains(i) else { return 1 }
    return min(max(curveLooks[i].fillDensity ?? 1, 0), 1)
  }

  /// `look` as a curve's look that strokes like `style` where it sets nothing: its colour
  /// (an explicit one, else palette entry `colorIndex`, else the style's), and its width as
  /// a multiple of curves' 1.5 px (the style's width times `lineWidth`). Outputs draw a
  /// styled line (`PlotRenderer.drawStyledPolylines`) as curve 0 with this look.
  public func strokeLook(_ look: CurveLook, for style: DrawStyle) -> CurveLook {
    var out = CurveLook(dashType: look.dashType)
    out.color = look.color ?? look.colorIndex.map { series($0 - 1) } ?? color(style)
    out.lineWidth = width(style) * (look.lineWidth ?? 1) / 1.5
    return out
  }

  /// The colour text of `style` takes: a curve's own colour for `.curve`, the title's for
  /// `.title`, else the foreground.
  public func textColor(_ style: DrawStyle) -> RGBColor {
    switch style {
    case .title: return title
    case .curve: return color(style)
    default: return foreground
    }
  }
}
