/// Removal of ANSI escape sequences from text that comes from outside (data files, labels,
/// expressions), so that it cannot move the cursor, recolour or retitle a terminal.
///
/// The one scanner every sanitizer of graphcalc uses (`DotCanvas.sanitize`, the bar charts'
/// terminal and SVG text); each caller then decides what to do with the remaining control
/// characters.
public enum EscapeSequences {
  /// The scalars of `text` with every escape sequence removed whole, as ECMA-48 frames
  /// them: a CSI (`ESC [`, or the 8-bit `0x9B`) with its parameters up to a final byte
  /// 0x40...0x7E; an OSC (`ESC ]`) up to BEL or ESC; any other `ESC` with the one character
  /// after it. Every other scalar, control characters included, is kept, in order.
  ///
  /// - Parameter text: Text from outside.
  /// - Returns: Its Unicode scalars without escape sequences.
  public static func removed(from text: String) -> [Unicode.Scalar] {
    var out: [Unicode.Scalar] = []
    out.reserveCapacity(text.unicodeScalars.count)
    var it = text.unicodeScalars.makeIterator()
    while let s = it.next() {
      switch s.value {
      case 0x1B:  // ESC: drop the whole sequence
        guard let next = it.next() else { break }
        if next == "[" {  // CSI: parameters, then a final byte 0x40...0x7E
          while let t = it.next(), !(0x40...0x7E).contains(t.value) {}
        } else if next == "]" {  // OSC: up to BEL or ESC
          while let t = it.next(), t.value != 0x07, t.value != 0x1B {}
        }
      case 0x9B:  // 8-bit CSI
        while let t = it.next(), !(0x40...0x7E).contains(t.value) {}
      default:
        out.append(s)
      }
    }
    return out
  }
}
