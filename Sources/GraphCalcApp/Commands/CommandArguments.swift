/// One argument of a command: tokens that stand together, separated from the next argument
/// by a blank outside brackets (`-2pi`, `max(x, 1)`, `"my plot.svg"`).
public struct Argument: Sendable, Hashable {
  /// The argument as typed (a string with its quotes), and its column.
  public var source: Word
  /// Whether the argument is one quoted string.
  var isString: Bool

  /// The argument's text: a string without its quotes, anything else as typed.
  public var text: String { isString ? String(source.text.dropFirst().dropLast()) : source.text }
  /// The columns the argument covers, quotes included.
  public var span: Range<Int> { source.span }
  /// The argument's text at its column (a string's column is its opening quote's): what an
  /// expression argument hands to the calculator.
  public var word: Word { Word(text, at: source.offset) }
}

/// The arguments of one command: the tokens after the command word, with the views every
/// command reads them through (blank-separated arguments, comma-separated items, leading
/// `[A:B]` ranges, or the raw text for a calculator program).
public struct CommandArguments: Sendable, Hashable {
  /// The whole line.
  public var line: LexedLine
  /// The indices in `line.tokens` of this command's arguments.
  public var range: Range<Int>
  /// The column right after the command word (where the arguments' text starts).
  public var start: Int

  /// Creates the arguments over `range` of `line`'s tokens, starting at column `start`.
  public init(line: LexedLine, range: Range<Int>, start: Int) {
    self.line = line
    self.range = range
    self.start = start
  }

  /// The tokens of the arguments.
  public var tokens: ArraySlice<CommandToken> { line.tokens[range] }
  /// Whether there are no arguments.
  public var isEmpty: Bool { range.isEmpty }

  /// The arguments' source text, trimmed, at its column (empty at `start` when there are
  /// none).
  public var text: Word { line.text(of: range, emptyOffset: start) }

  /// The arguments' source text from right after the command word to the end of the line,
  /// leading blanks included (what the calculator reads for `rpn` and `describe`).
  var rawText: Word { line.rest(from: start) }

  /// The arguments split at blanks outside brackets (`()`, `[]`, `{}`), and between a
  /// string and a name right after it (gnuplot's `'1.dat'with impulses`: a string is a word
  /// of its own; `"Sweden":xtic(1)` stays one word).
  public var words: [Argument] {
    var result: [Argument] = []
    var groupStart: Int?
    var depth = 0
    func close(at end: Int) {
      guard let first = groupStart else { return }
      let isString = end - first == 1 && line.tokens[first].kind == .string
      result.append(
        Argument(source: line.text(of: first..<end, emptyOffset: start), isString: isString))
      groupStart = nil
    }
    for i in range {
      let token = line.tokens[i]
      if depth == 0,
        token.spaceBefore
          || (token.kind == .name && i > range.lowerBound
            && line.tokens[i - 1].kind == .string)
      {
        close(at: i)
      }
      if groupStart == nil { groupStart = i }
      if token.kind == .open { depth += 1 }
      if token.kind == .close { depth = max(0, depth - 1) }
    }
    close(at: range.upperBound)
    return result
  }

  /// The arguments split at commas outside brackets, each part trimmed: `sin(x), max(x, 1)`
  /// gives `sin(x)` and `max(x, 1)`. No arguments give no parts; an empty part between
  /// commas is kept (empty, at the column after its comma) so the caller can report it.
  public var items: [CommandArguments] {
    guard !range.isEmpty else { return [] }
    var result: [CommandArguments] = []
    var itemStart = range.lowerBound
    var column = start
    var depth = 0
    for i in range {
      let token = line.tokens[i]
      if token.kind == .open { depth += 1 }
      if token.kind == .close { depth = max(0, depth - 1) }
      if depth == 0, token.kind == .comma, !Self.joinsPoint(line.tokens, comma: i) {
        result.append(CommandArguments(line: line, range: itemStart..<i, start: column))
        itemStart = i + 1
        column = token.span.upperBound
      }
    }
    result.append(CommandArguments(line: line, range: itemStart..<range.upperBound, start: column))
    return result
  }

  /// Whether the comma at `comma` is the one inside gnuplot's `filledcurves xy=X,Y` (after
  /// `xy=`, a number, and before a number, signs allowed, no blanks), which does not
  /// separate items.
  static func joinsPoint(_ tokens: [CommandToken], comma: Int) -> Bool {
    var k = comma - 1
    guard k >= 2, tokens[k].kind == .number, comma + 1 < tokens.count else { return false }
    k -= 1
    if ["-", "+"].contains(tokens[k].text) { k -= 1 }
    guard k >= 1, tokens[k].text == "=", tokens[k - 1].text == "xy" else { return false }
    var j = comma + 1
    if ["-", "+"].contains(tokens[j].text), j + 1 < tokens.count { j += 1 }
    return tokens[j].kind == .number && tokens[comma + 1].offset == tokens[comma].span.upperBound
  }

  /// These arguments from token index `index` on (an index into `line.tokens`).
  public func dropping(to index: Int) -> CommandArguments {
    let from = min(max(index, range.lowerBound), range.upperBound)
    let column = from < range.upperBound ? line.tokens[from].offset : text.span.upperBound
    return CommandArguments(line: line, range: from..<range.upperBound, start: column)
  }

  /// A gnuplot-style range `[A:B]` at the front of the arguments, and the arguments after
  /// it; nil when they do not start with one.
  ///
  /// A leading `[` starts a range when its matching `]` encloses a `:` outside brackets, or
  /// nothing at all (`[]`); otherwise the text is left to the expression parser.
  ///
  /// - Throws: `CommandError` for a `[` without its `]`.
  func leadingRange() throws(CommandError) -> (RangeBounds, CommandArguments)? {
    guard let first = range.first, line.tokens[first].text == "[" else { return nil }
    var depth = 0
    var colon: Int?
    var close: Int?
    for i in range {
      let token = line.tokens[i]
      if token.kind == .open { depth += 1 }
      if token.kind == .close { depth -= 1 }
      if token.kind == .colon, depth == 1, colon == nil { colon = i }
      if depth == 0 {
        close = i
        break
      }
    }
    let open = line.tokens[first]
    guard let close else {
      throw CommandError(.unclosedBracket, at: open.span)
    }
    let whole = line.text(of: first..<(close + 1), emptyOffset: open.offset)
    let bounds: RangeBounds
    if let colon {
      let lower = line.text(of: (first + 1)..<colon, emptyOffset: open.offset + 1)
      let upper = line.text(
        of: (colon + 1)..<close, emptyOffset: line.tokens[colon].span.upperBound)
      bounds = RangeBounds(
        lower: lower.text.isEmpty ? nil : lower, upper: upper.text.isEmpty ? nil : upper,
        whole: whole)
    } else if close == first + 1 {
      bounds = RangeBounds(lower: nil, upper: nil, whole: whole)
    } else {
      return nil
    }
    return (bounds, dropping(to: close + 1))
  }
}

/// One range `[A:B]` of a command: its two bounds (either may be absent, as in `[:5]` or
/// `[]`) and where it is.
public struct RangeBounds: Sendable, Hashable {
  /// The lower bound's text, nil when left out.
  public var lower: Word?
  /// The upper bound's text, nil when left out.
  public var upper: Word?
  /// The whole `[...]`, for error carets.
  public var whole: Word
}

/// Reads the keywords after a data file (`using 1:2`, `with points`, `title "rain"`,
/// `notitle`, `by source`) one at a time, for `plot`, `stats` and `bar`.
struct KeywordReader {
  /// The arguments as typed (strings with their quotes).
  let words: [Word]
  /// The index of the next keyword.
  private var index: Int

  /// Reads `words` from index `start` on.
  init(_ words: [Word], from start: Int) {
    self.words = words
    self.index = start
  }

  /// The next keyword, or nil at the end.
  mutating func next() -> Word? {
    guard index < words.count else { return nil }
    defer { index += 1 }
    return words[index]
  }

  /// The next keyword without reading it, or nil at the end.
  func peek() -> Word? { index < words.count ? words[index] : nil }

  /// The words not read yet.
  var remaining: [Word] { Array(words[index...]) }

  /// Reads `n` words without looking at them (at most to the end).
  mutating func skip(_ n: Int) { index = min(words.count, index + max(0, n)) }

  /// The keyword after the next one, without reading either, or nil.
  func peekAfterNext() -> Word? { index + 1 < words.count ? words[index + 1] : nil }

  /// The value after `keyword` (the word just read).
  ///
  /// - Parameter what: What the keyword needs, for the error (`columns, as in: using 1:2`).
  /// - Throws: `CommandError` at the keyword when nothing follows it.
  mutating func value(of keyword: Word, _ what: String) throws(CommandError) -> Word {
    guard index < words.count else {
      throw CommandError(.needs(word: keyword.text, what: what), at: keyword.span)
    }
    defer { index += 1 }
    return words[index]
  }

  /// The error for a word that is none of `keywords`, with the nearest one.
  static func unexpected(_ word: Word, keywords: [String]) -> CommandError {
    let suggestion = Suggestions.nearest(to: word.text, among: keywords)
    return CommandError(
      .unexpectedAfterFile(word.text, suggestion: suggestion, keywords: keywords), at: word.span)
  }
}
