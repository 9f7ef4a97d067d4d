import GraphView

/// The colours of a terminal plot, as ANSI SGR escape sequences (ECMA-48 "select graphic
/// rendition").
///
/// Each curve gets its own colour from `palette`, cycling; the legend's sample strokes are
/// curves, so they get the same colours (and so does the text of a legend entry). Frame,
/// axes, ticks and tick labels are dim (SGR 2, faint). Titles stay in the terminal's own
/// colour.
///
/// The palettes were picked to read on dark and on light backgrounds: mid-luminance hues, no
/// white, black, bright yellow or pale colours.
/// - 256 colours (xterm's 6x6x6 cube): 33 blue `#0087ff`, 166 orange `#d75f00`, 34 green
///   `#00af00`, 163 magenta `#d700af`, 37 teal `#00afaf`, 136 ochre `#af8700`, 160 red
///   `#d70000`, 97 violet `#875faf`.
/// - 16 colours (for terminals that do not announce 256): blue 34, red 31, green 32, magenta
///   35, cyan 36, yellow 33; what they look like depends on the terminal's theme.
public struct TerminalColors: Sendable, Hashable {
  /// How many colours the terminal has.
  public enum Depth: Sendable, Hashable {
    /// The 8 basic colours (SGR 30-37) and their bright forms.
    case ansi16
    /// xterm's 256 colours (SGR 38;5;N).
    case ansi256
  }

  /// The colour depth the sequences are written for.
  public var depth: Depth

  /// Creates the colours for a terminal of `depth`.
  public init(depth: Depth = .ansi256) { self.depth = depth }

  /// The 256-colour palette, in the order curves take it.
  public static let palette256: [Int] = [33, 166, 34, 163, 37, 136, 160, 97]
  /// The 16-colour palette (SGR foreground codes), in the order curves take it.
  public static let palette16: [Int] = [34, 31, 32, 35, 36, 33]

  /// The SGR sequence that selects curve `index`'s colour (index 0-based, cycling).
  public func curve(_ index: Int) -> String {
    switch depth {
    case .ansi256:
      let p = Self.palette256
      return "\u{1B}[38;5;\(p[((index % p.count) + p.count) % p.count])m"
    case .ansi16:
      let p = Self.palette16
      return "\u{1B}[\(p[((index % p.count) + p.count) % p.count])m"
    }
  }

  /// The SGR sequence of curve `index` drawn with `look` (`lc`): its `lc rgb` colour as
  /// the nearest of xterm's 256 (the 6x6x6 cube and the grey ramp, by squared distance in
  /// RGB) or of the 8 basic colours (xterm's values), its `lc N` as curve N-1's colour,
  /// else `curve(index)`.
  public func curve(_ index: Int, look: CurveLook?) -> String {
    guard let look else { return curve(index) }
    if let c = look.color {
      let rgb = (Int(c.red), Int(c.green), Int(c.blue))
      func distance(_ a: (Int, Int, Int)) -> Int {
        (a.0 - rgb.0) * (a.0 - rgb.0) + (a.1 - rgb.1) * (a.1 - rgb.1) + (a.2 - rgb.2)
          * (a.2 - rgb.2)
      }
      switch depth {
      case .ansi256:
        let levels = [0, 95, 135, 175, 215, 255]
        func nearest(_ v: Int) -> Int {
          levels.indices.min { abs(levels[$0] - v) < abs(levels[$1] - v) } ?? 0
        }
        let (r, g, b) = (nearest(rgb.0), nearest(rgb.1), nearest(rgb.2))
        var best = (code: 16 + 36 * r + 6 * g + b, d: distance((levels[r], levels[g], levels[b])))
        for k in 0..<24 {
          let v = 8 + 10 * k
          let d = distance((v, v, v))
          if d < best.d { best = (232 + k, d) }
        }
        return "\u{1B}[38;5;\(best.code)m"
      case .ansi16:
        let basic = [
          (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205),
          (0, 205, 205), (229, 229, 229),
        ]
        let k = basic.indices.min { distance(basic[$0]) < distance(basic[$1]) } ?? 0
        return "\u{1B}[\(30 + k)m"
      }
    }
    if let k = look.colorIndex { return curve(k - 1) }
    return curve(index)
  }

  /// The SGR sequence for frame, axes, ticks and tick labels: faint.
  public var dim: String { "\u{1B}[2m" }

  /// The SGR sequence for a marker (the trace cursor): reverse video, bold.
  public var marker: String { "\u{1B}[1;7m" }

  /// The SGR sequence that goes back to the terminal's default rendition.
  public var reset: String { "\u{1B}[0m" }
}
