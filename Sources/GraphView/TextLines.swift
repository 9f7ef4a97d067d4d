import Glibc

// Texts of several lines (gnuplot's `"\n"` in a double-quoted title, label, key entry or
// tick format): every renderer splits them here, so one rule places the lines.

/// The lines of a text written with line feeds, and where each goes: every output writes
/// them one under the other, each line anchored as the whole text is horizontally, the
/// block of lines placed by the anchor's vertical part (gnuplot's `justify` of a multi-line
/// label: src/gadgets.c `write_multiline`, the block centred on the point for `middle`).
package enum TextLines {
  /// The lines of `text`, split at each line feed scalar (a `"\r\n"` is one `Character`,
  /// so the split is by scalars), or nil when it has no line feed (one line: drawn as
  /// before). Each line is shorter than `text`, so drawing the lines never comes back here
  /// with the same text.
  @inlinable package static func lines(_ text: String) -> [Substring]? {
    guard text.utf8.contains(UInt8(ascii: "\n")) else { return nil }
    return text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
      Substring($0)
    }
  }

  /// The size of `lines` when each line measures `measure(line)`: the widest line's width,
  /// the lines' heights summed.
  package static func size(
    _ lines: [Substring], _ measure: (String) -> (width: Double, height: Double)
  ) -> (width: Double, height: Double) {
    var w = 0.0
    var h = 0.0
    for line in lines {
      let s = measure(String(line))
      w = max(w, s.width)
      h += s.height
    }
    return (w, h)
  }

  /// Where each of `count` lines of height `lineHeight` has its middle, for a text anchored
  /// at `point` with `anchor`, turned `rotation` degrees counterclockwise about `point`
  /// (the lines step along the turned text's downward direction): the block's top at the
  /// point for `top`, its bottom for `bottom`, its middle for `middle`, the last line's
  /// baseline (about a third of a line below its middle) for `baseline`.
  package static func middles(
    count: Int, lineHeight: Double, at point: PixelPoint, anchor: TextAnchor,
    rotation: Double = 0
  ) -> [PixelPoint] {
    let n = Double(count)
    let first: Double  // the first line's middle, below the point, unturned
    switch anchor.vertical {
    case .top: first = lineHeight / 2
    case .middle: first = -(n - 1) * lineHeight / 2
    case .bottom: first = -(n - 0.5) * lineHeight
    case .baseline: first = -(n - 1) * lineHeight - lineHeight / 6
    }
    let r = rotation.isFinite ? rotation * Double.pi / 180 : 0
    let down = (x: sin(r), y: cos(r))
    return (0..<count).map { k in
      let d = first + Double(k) * lineHeight
      return PixelPoint(x: point.x + d * down.x, y: point.y + d * down.y)
    }
  }
}
