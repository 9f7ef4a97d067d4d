/// A piece of a command line and where it starts in the whole line, so an error found in it
/// can put its caret under the right column of what the user typed.
public struct Word: Sendable, Hashable, CustomStringConvertible {
  /// The text of the piece.
  public var text: String
  /// The 0-based character offset of the piece's first character in the whole line.
  public var offset: Int

  /// Creates a word.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - offset: Where it starts in the whole line (characters, 0-based).
  public init(_ text: String, at offset: Int = 0) {
    self.text = text
    self.offset = offset
  }

  /// The text.
  public var description: String { text }

  /// The character range this word covers in the whole line.
  public var span: Range<Int> { offset..<(offset + text.count) }

  /// The word without leading and trailing whitespace, its offset moved past what was cut.
  public func trimmed() -> Word {
    let chars = Array(text)
    var start = 0
    var end = chars.count
    while start < end, chars[start].isWhitespace { start += 1 }
    while end > start, chars[end - 1].isWhitespace { end -= 1 }
    return Word(String(chars[start..<end]), at: offset + start)
  }

  /// Splits at whitespace outside brackets (`()`, `[]`, `{}`) and double quotes: `-2pi 2pi`
  /// gives two words, `max(x, 1) 3` gives `max(x, 1)` and `3`. Double quotes group a word
  /// with spaces (`"my plot.svg"`) and are removed.
  public func arguments() -> [Word] {
    var words: [Word] = []
    var current = ""
    var start: Int?
    var depth = 0
    var quoted = false
    for (index, char) in text.enumerated() {
      if char == "\"" {
        quoted.toggle()
        if start == nil { start = index }
        continue
      }
      if !quoted {
        if depth == 0, char.isWhitespace {
          if let s = start { words.append(Word(current, at: offset + s)) }
          current = ""
          start = nil
          continue
        }
        depth = Word.depth(depth, after: char)
      }
      if start == nil { start = index }
      current.append(char)
    }
    if let s = start { words.append(Word(current, at: offset + s)) }
    return words
  }

  /// Splits at commas outside brackets, each part trimmed: `sin(x), max(x, 1)` gives
  /// `sin(x)` and `max(x, 1)`. An empty text gives no parts; an empty part between commas is
  /// kept (empty) so the caller can report it.
  public func commaSeparated() -> [Word] {
    guard !trimmed().text.isEmpty else { return [] }
    var parts: [Word] = []
    var current = ""
    var start = 0
    var depth = 0
    for (index, char) in text.enumerated() {
      if depth == 0, char == "," {
        parts.append(Word(current, at: offset + start).trimmed())
        current = ""
        start = index + 1
        continue
      }
      depth = Word.depth(depth, after: char)
      current.append(char)
    }
    parts.append(Word(current, at: offset + start).trimmed())
    return parts
  }

  /// The bracket depth after `char`, never below 0 (a stray closing bracket is left for the
  /// expression parser to report).
  private static func depth(_ depth: Int, after char: Character) -> Int {
    switch char {
    case "(", "[", "{": return depth + 1
    case ")", "]", "}": return max(0, depth - 1)
    default: return depth
    }
  }
}

/// The gnuplot-style ranges in front of a `plot` command's functions: `[A:B] [C:D] EXPR`.
public struct PlotRanges: Sendable, Hashable {
  /// One range: its two bounds (either may be absent, as in `[:5]` or `[]`) and where it is.
  public struct Bounds: Sendable, Hashable {
    /// The lower bound's text, nil when left out.
    public var lower: Word?
    /// The upper bound's text, nil when left out.
    public var upper: Word?
    /// The whole `[...]`, for error carets.
    public var whole: Word
  }

  /// The x range (the first bracket), if given.
  public var x: Bounds?
  /// The y range (the second bracket), if given.
  public var y: Bounds?
  /// The functions after the ranges.
  public var rest: Word

  /// Reads up to two leading ranges off `text`.
  ///
  /// A leading `[` starts a range when its matching `]` encloses a `:` outside brackets, or
  /// nothing at all (`[]`); otherwise the text is left to the expression parser.
  ///
  /// - Parameter text: What follows the word `plot`.
  /// - Returns: The ranges found and the remaining text.
  /// - Throws: `CommandError` for a `[` without its `]`, or a third range.
  public static func read(_ text: Word) throws(CommandError) -> PlotRanges {
    var result = PlotRanges(x: nil, y: nil, rest: text)
    while let bounds = try leadingRange(&result.rest) {
      if result.x == nil {
        result.x = bounds
      } else if result.y == nil {
        result.y = bounds
      } else {
        throw CommandError(
          "plot takes at most two ranges, [xmin:xmax] [ymin:ymax]", at: bounds.whole.span)
      }
    }
    return result
  }

  /// Takes one leading `[A:B]` off `rest`, or returns nil when `rest` does not start with a
  /// range.
  private static func leadingRange(_ rest: inout Word) throws(CommandError) -> Bounds? {
    let trimmed = rest.trimmed()
    let chars = Array(trimmed.text)
    guard chars.first == "[" else { return nil }
    var depth = 0
    var colon: Int?
    var close: Int?
    for (index, char) in chars.enumerated() {
      switch char {
      case "(", "[", "{": depth += 1
      case ")", "]", "}": depth -= 1
      case ":" where depth == 1 && colon == nil: colon = index
      default: break
      }
      if depth == 0 {
        close = index
        break
      }
    }
    guard let close else {
      throw CommandError("'[' without its ']'", at: trimmed.offset..<(trimmed.offset + 1))
    }
    let inside = Word(String(chars[1..<close]), at: trimmed.offset + 1)
    let whole = Word(String(chars[...close]), at: trimmed.offset)
    let bounds: Bounds
    if let colon {
      let lower = Word(String(chars[1..<colon]), at: trimmed.offset + 1).trimmed()
      let upper = Word(String(chars[(colon + 1)..<close]), at: trimmed.offset + colon + 1)
        .trimmed()
      bounds = Bounds(
        lower: lower.text.isEmpty ? nil : lower, upper: upper.text.isEmpty ? nil : upper,
        whole: whole)
    } else if inside.trimmed().text.isEmpty {
      bounds = Bounds(lower: nil, upper: nil, whole: whole)
    } else {
      return nil
    }
    rest = Word(String(chars[(close + 1)...]), at: trimmed.offset + close + 1)
    return bounds
  }
}
