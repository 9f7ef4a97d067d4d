/// The one rule for text that graphcalc prints but did not write (names from files, the
/// user's input in error messages, plot titles): nothing in it may drive the terminal.
///
/// A scalar is unsafe when it is a C0 control (U+0000...U+001F, escape sequences start with
/// one), DEL or a C1 control (U+007F...U+009F; a terminal may read U+009B as CSI), or a
/// bidirectional embedding, override or isolate (U+202A...U+202E, U+2066...U+2069), which
/// could make a line read differently from what it holds ("Trojan Source", CVE-2021-42574).
package enum TerminalText {
  /// Whether `scalar` could move the cursor, change the terminal's state or reorder text.
  ///
  /// - Parameter scalar: One Unicode scalar.
  /// - Returns: True for C0 and C1 controls, DEL and bidirectional controls (see the type).
  @inlinable
  package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    return v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v)
      || (0x2066...0x2069).contains(v)
  }

  /// Whether `scalar` is a control character or a line break other than a newline's own:
  /// C0 (U+0000...U+001F), DEL and C1 (U+007F...U+009F), the line and paragraph separators
  /// (U+2028, U+2029). Text drawn into cells, table comments and SVG text leave them out.
  ///
  /// - Parameter scalar: One Unicode scalar.
  /// - Returns: True for those scalars.
  @inlinable
  package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    return v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029
  }

  /// Whether a picture's text (SVG, PNG, PDF) leaves `scalar` out: a control character
  /// (`isControl`) or one of XML's non-characters U+FFFE, U+FFFF.
  ///
  /// - Parameter scalar: One Unicode scalar.
  /// - Returns: True for those scalars.
  @inlinable
  package static func isDroppedFromPictures(_ scalar: Unicode.Scalar) -> Bool {
    isControl(scalar) || scalar.value == 0xFFFE || scalar.value == 0xFFFF
  }

  /// `text` safe to print: each character (grapheme) that holds an unsafe scalar shows as one
  /// U+FFFD, except a tab, which shows as a space; cut after `limit` characters with `…`.
  ///
  /// - Parameters:
  ///   - text: Any text.
  ///   - limit: How many characters to keep; more are replaced by one `…` (so the result has
  ///     at most `limit + 1` characters).
  /// - Returns: The text, with the same characters where they are safe.
  package static func safe(_ text: String, limit: Int = .max) -> String {
    var out = ""
    var count = 0
    for character in text {
      if count == limit {
        out += "…"
        break
      }
      count += 1
      if character == "\t" {
        out += " "
      } else if character.unicodeScalars.contains(where: isUnsafe) {
        out += "\u{FFFD}"
      } else {
        out.append(character)
      }
    }
    return out
  }

  /// The scalars of `text` with every escape sequence removed whole, as ECMA-48 frames
  /// them: a CSI (`ESC [`, or the 8-bit `0x9B`) with its parameters up to a final byte
  /// 0x40...0x7E; an OSC (`ESC ]`) up to BEL or ESC; any other `ESC` with the one character
  /// after it. Every other scalar, control characters included, is kept, in order.
  ///
  /// - Parameter text: Text from outside.
  /// - Returns: Its Unicode scalars without escape sequences.
  package static func removingEscapeSequences(_ text: String) -> [Unicode.Scalar] {
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

  /// The scalars of `text` that take terminal cells, for text drawn into a grid of cells
  /// (plot labels, bar chart labels): escape sequences removed whole
  /// (`removingEscapeSequences`), a tab as a space, and removed: C0 and C1 controls, DEL,
  /// line and paragraph separators (U+2028, U+2029), and what takes no cell of its own
  /// (combining and enclosing marks, spacing marks, format characters such as bidirectional
  /// controls and zero-width joiners).
  ///
  /// - Parameter text: Text from outside.
  /// - Returns: The scalars to draw, one or two cells each.
  package static func cellScalars(_ text: String) -> [Unicode.Scalar] {
    var out: [Unicode.Scalar] = []
    for s in removingEscapeSequences(text) {
      switch s.value {
      case 0x09: out.append(" ")
      case 0x20...0x7E: out.append(s)
      case _ where isControl(s): break
      default:
        switch s.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark, .format, .surrogate: break
        default: out.append(s)
        }
      }
    }
    return out
  }
}
