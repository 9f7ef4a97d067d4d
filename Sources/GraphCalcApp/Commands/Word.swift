import TextAndNumbers

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
    return Word(String(characters: chars[start..<end]), at: offset + start)
  }
}
