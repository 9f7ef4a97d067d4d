import TextAndNumbers
import TextCanvas

/// Text as it goes into terminal cells: safe to print (no escape sequences or control
/// characters), with each character's width in cells.
enum TerminalText {
  /// One character and the cells it takes (1, or 2 for East Asian wide characters).
  struct Cell: Equatable {
    var character: Character
    var width: Int
  }

  /// The cells of `text` for a terminal.
  ///
  /// ASCII canvases take `AsciiCanvas.sanitize` (7-bit printable bytes; other characters
  /// become `?`). Otherwise the same scalars (`TextAndNumbers.TerminalText.cellScalars`:
  /// escape sequences, controls and zero-width characters removed, tabs as spaces); East Asian wide and fullwidth characters (CJK, Hangul, fullwidth forms,
  /// most emoji) take two cells (Unicode Standard Annex #11, by code point ranges).
  static func cells(_ text: String, ascii: Bool) -> [Cell] {
    if ascii {
      return AsciiCanvas.sanitize(text).map {
        Cell(character: Character(Unicode.Scalar($0)), width: 1)
      }
    }
    return TextAndNumbers.TerminalText.cellScalars(text).map {
      Cell(character: Character($0), width: isWide($0.value) ? 2 : 1)
    }
  }

  /// Whether code point `v` is East Asian Wide or Fullwidth (UAX #11), by its main ranges.
  static func isWide(_ v: UInt32) -> Bool {
    switch v {
    case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
      0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
      0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA,
      0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757,
      0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55, 0x2E80...0x303E,
      0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F,
      0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x16FE0...0x18CFF, 0x1B000...0x1B2FF, 0x1F004, 0x1F0CF, 0x1F18E,
      0x1F191...0x1F19A, 0x1F200...0x1F2FF, 0x1F300...0x1F64F, 0x1F680...0x1F6FF,
      0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x3FFFD:
      return true
    default:
      return false
    }
  }

  /// The cells' total width.
  static func width(_ cells: [Cell]) -> Int { cells.reduce(0) { $0 + $1.width } }

  /// `cells` cut to at most `maxWidth` cells, ending in an ellipsis when cut: `…` (one
  /// cell), or `...` on ASCII canvases (fewer dots below 4 cells); in a single cell, the
  /// first character.
  static func fit(_ cells: [Cell], maxWidth: Int, ascii: Bool) -> [Cell] {
    guard maxWidth > 0 else { return [] }
    if width(cells) <= maxWidth { return cells }
    if maxWidth == 1, let first = cells.first, first.width == 1 { return [first] }
    let ellipsis: [Cell] =
      ascii
      ? Array(repeating: Cell(character: ".", width: 1), count: min(3, max(maxWidth - 1, 1)))
      : [Cell(character: "…", width: 1)]
    let room = maxWidth - ellipsis.count
    var out: [Cell] = []
    var used = 0
    for c in cells {
      guard used + c.width <= room else { break }
      out.append(c)
      used += c.width
    }
    if out.isEmpty && room < 1 { return Array(ellipsis.prefix(maxWidth)) }
    return out + ellipsis
  }
}
