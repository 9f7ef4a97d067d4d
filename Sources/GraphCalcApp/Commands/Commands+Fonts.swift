import GraphView
import TextAndNumbers

// gnuplot's `font "NAME,SIZE"` option of `set title`, `set xlabel`, `set ylabel` and
// `set key`: the size sets that text's size in SVG, PNG and PDF, relative to the pictures'
// 12 px at 800 x 600 (so it scales with the picture as all text does, DECISIONS.md); the
// name is accepted and not used (pictures have one font); a text canvas has one size.

/// Reading and writing gnuplot's `font "NAME,SIZE"`.
enum FontOption {
  /// The size that is scale 1: the pictures' text size at 800 x 600, 12 px, which is also
  /// gnuplot's default font size (12 pt in its SVG terminal, `"Arial,12"`).
  static let baseSize = 12.0

  /// The largest size taken (points): larger sizes leave no room for the plot.
  static let maxSize = 200.0

  /// Reads `font "SPEC"` at `words[index]` (the word `font`): the text scale its size gives
  /// (SIZE / 12), or nil when SPEC has no size (`"Helvetica"`, `"Helvetica,"`: the size stays),
  /// and the index after it.
  ///
  /// - Throws: `CommandError` at `font` when no string follows, at the string when its size
  ///   (after the last comma) is not a number in (0, 200].
  static func read(_ words: [Argument], at index: Int) throws(CommandError) -> (Double?, Int) {
    guard index + 1 < words.count, words[index + 1].isString else {
      throw CommandError(
        .needs(word: "font", what: "a font in quotes, as in: font \",14\" or font \"Arial,14\""),
        at: words[index].span)
    }
    let spec = words[index + 1]
    guard let comma = spec.text.lastIndex(of: ",") else { return (nil, index + 2) }
    let size = spec.text[spec.text.index(after: comma)...].trimmingBlanks()
    if size.isEmpty { return (nil, index + 2) }
    guard let value = Double(size), value.isFinite, value > 0, value <= maxSize else {
      throw CommandError(
        .needs(
          word: "font", what: "a size from 0 to 200 after the comma, as in: font \",14\""),
        at: spec.span)
    }
    return (value / baseSize, index + 2)
  }

  /// ` font ",SIZE"` for a listing (`set` shows the settings), or "" at scale 1.
  static func listing(_ scale: Double) -> String {
    scale == 1 ? "" : " font \",\(NumberFormat.general(scale * baseSize, significantDigits: 6))\""
  }
}

extension Substring {
  /// The text without leading and trailing blanks (spaces and tabs).
  fileprivate func trimmingBlanks() -> String {
    var s = self
    while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
    while let l = s.last, l == " " || l == "\t" { s.removeLast() }
    return String(s)
  }
}
