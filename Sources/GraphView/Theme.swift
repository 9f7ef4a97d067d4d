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

/// The look of the picture outputs (SVG, PNG, PDF): the background and the colour of each
/// draw style's strokes, fills and text. Every picture renderer reads it, so the SVG, the
/// PNG and the PDF of a plot are the same picture.
///
/// `default` is the SVG's look since 0.1: a white background, tab10's first colours for the
/// curves (they read on white), a dark grey frame and labels, light grid lines.
public struct Theme: Sendable, Hashable {
  /// The background.
  public var background: RGBColor
  /// The colours of curves and bar series 0, 1, ... (cycling).
  public var palette: [RGBColor]
  /// Frame, ticks and tick labels.
  public var foreground: RGBColor
  /// The axes x = 0 and y = 0 and a bar chart's zero line.
  public var axis: RGBColor
  /// Grid lines.
  public var grid: RGBColor
  /// A bar chart's dashed midline.
  public var midline: RGBColor
  /// The legend box's outline.
  public var legendOutline: RGBColor
  /// The title.
  public var title: RGBColor

  /// The SVG's look since 0.1 (see the type's summary).
  public static let `default` = Theme(
    background: RGBColor(0xFFFFFF),
    palette: [
      0x1F77B4, 0xD62728, 0x2CA02C, 0xFF7F0E, 0x9467BD, 0x8C564B, 0xE377C2, 0x17BECF,
    ].map(RGBColor.init),
    foreground: RGBColor(0x333333), axis: RGBColor(0x999999), grid: RGBColor(0xE5E5E5),
    midline: RGBColor(0xC8C8C8), legendOutline: RGBColor(0xBBBBBB), title: RGBColor(0x111111))

  /// Colour `index` of the palette (cycling; negative indices wrap too).
  public func series(_ index: Int) -> RGBColor {
    let n = palette.count
    return palette[((index % n) + n) % n]
  }

  /// The colour a stroke or fill of `style` takes.
  public func color(_ style: DrawStyle) -> RGBColor {
    switch style {
    case .frame, .tick, .label, .barValue: return foreground
    case .axis: return axis
    case .grid: return grid
    case .curve(let i), .bar(let i): return series(i)
    case .legend: return legendOutline
    case .title: return title
    case .midline: return midline
    }
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
