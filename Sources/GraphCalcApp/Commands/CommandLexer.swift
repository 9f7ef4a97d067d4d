import TextAndNumbers

/// One token of a command line, with the column it starts at.
///
/// The command lexer splits a line into names, numbers, quoted strings, brackets, commas,
/// colons, `=` and other symbols. Expressions are not parsed here: a command keeps the
/// source text of its expression arguments (`CommandArguments.text(of:)`) and hands it to
/// the calculator, so the calculator's own error columns stay right.
public struct CommandToken: Sendable, Hashable {
  /// What kind of token this is.
  public enum Kind: Sendable, Hashable {
    /// A name: a letter or `_`, then letters, digits or `_` (`plot`, `x1`, `θ`).
    case name
    /// A number as typed: digits, a point, an exponent (`2`, `1.5e-3`).
    case number
    /// A quoted string, `"..."` or `'...'`; `text` keeps the quotes, `value` drops them.
    case string
    /// An opening bracket: `(`, `[` or `{`.
    case open
    /// A closing bracket: `)`, `]` or `}`.
    case close
    /// A comma, which separates the items of `plot`.
    case comma
    /// A colon, which separates the bounds of a range `[A:B]` and the columns of `using`.
    case colon
    /// Any other character, one a token (`+`, `*`, `=`, `<`, a prime `'`).
    case symbol
  }

  /// The kind.
  public var kind: Kind
  /// The text as typed (a string with its quotes).
  public var text: String
  /// The 0-based character column of the token's first character in the line.
  public var offset: Int
  /// Whether blank space stands right before the token (or it starts the line).
  var spaceBefore: Bool

  /// The columns the token covers (characters, 0-based).
  public var span: Range<Int> { offset..<(offset + text.count) }

  /// The token's value: a string without its quotes, any other token as typed.
  public var value: String {
    kind == .string ? String(text.dropFirst().dropLast()) : text
  }
}

/// The lexer of the command language: one line to `CommandToken`s, with one quote rule and
/// one comment rule for every command.
///
/// - A quote (`"` or `'`) opens a string only where a word may start: at the start of the
///   line, after a blank, or after one of `, ( [ : = ;` and gnuplot's concatenation `.`
///   (`"a"."b"`). The string runs to the same quote (in double quotes, not one after a
///   backslash: `"say \"hi\""`);
///   inside it `#` is text. A `'` anywhere else (right after a name, `)` or `'`) is a prime,
///   as in `f'(x)` and `f''(2)` (DECISIONS.md, "The command line").
/// - `#` outside a string starts a comment that runs to the end of the line.
/// - Digit separators inside numbers are `_` only (`1_000_000`).
public enum CommandLexer {
  /// The tokens of `line`, without the comment.
  ///
  /// - Parameter line: One command line, without its newline.
  /// - Returns: The tokens and the line's characters up to the comment.
  /// - Throws: `CommandError` for a string without its closing quote, located at the
  ///   opening quote.
  public static func lex(_ line: String) throws(CommandError) -> LexedLine {
    let chars = Array(line)
    var tokens: [CommandToken] = []
    var index = 0
    var space = true
    func add(_ kind: CommandToken.Kind, from start: Int) {
      tokens.append(
        CommandToken(
          kind: kind, text: String(characters: chars[start..<index]), offset: start,
          spaceBefore: space))
      space = false
    }
    while index < chars.count {
      let char = chars[index]
      let start = index
      if char.isWhitespace {
        space = true
        index += 1
        continue
      }
      if char == "#" { break }
      if char == "\"" || char == "'", startsWord(tokens.last, space: space) {
        index += 1
        while index < chars.count, chars[index] != char {
          // In double quotes a backslash escapes the next character (`"a \"b\""`), as in
          // gnuplot; single quotes take every character as written.
          if char == "\"", chars[index] == "\\", index + 1 < chars.count { index += 1 }
          index += 1
        }
        guard index < chars.count else {
          throw CommandError(
            .unclosedQuote(String(char)), at: start..<(start + 1))
        }
        index += 1
        add(.string, from: start)
        continue
      }
      if isNameStart(char) {
        index += 1
        while index < chars.count, isNamePart(chars[index]) { index += 1 }
        add(.name, from: start)
        continue
      }
      if char.isASCII,
        char.isNumber
          || (char == "." && index + 1 < chars.count
            && chars[index + 1].isASCII && chars[index + 1].isNumber)
      {
        index = numberEnd(chars, from: index)
        add(.number, from: start)
        continue
      }
      index += 1
      switch char {
      case "(", "[", "{": add(.open, from: start)
      case ")", "]", "}": add(.close, from: start)
      case ",": add(.comma, from: start)
      case ":": add(.colon, from: start)
      default: add(.symbol, from: start)
      }
    }
    return LexedLine(characters: Array(chars[..<index]), tokens: tokens)
  }

  /// Whether a quote after `previous` opens a string (see the type's quote rule).
  private static func startsWord(_ previous: CommandToken?, space: Bool) -> Bool {
    guard let previous, !space else { return true }
    switch previous.kind {
    case .comma, .colon: return true
    case .open: return previous.text == "(" || previous.text == "["
    case .symbol: return previous.text == "=" || previous.text == ";" || previous.text == "."
    default: return false
    }
  }

  /// Whether `char` starts a name: a letter or `_`.
  static func isNameStart(_ char: Character) -> Bool { char.isLetter || char == "_" }

  /// Whether `char` continues a name: a letter, a digit or `_`.
  static func isNamePart(_ char: Character) -> Bool {
    char.isLetter || char.isNumber || char == "_"
  }

  /// The index after the number that starts at `start`: digits and `_`, a point, digits,
  /// and an exponent `e`/`E` with an optional sign when digits follow it.
  private static func numberEnd(_ chars: [Character], from start: Int) -> Int {
    func isDigit(_ i: Int) -> Bool { i < chars.count && chars[i].isASCII && chars[i].isNumber }
    var i = start
    while isDigit(i) || (i < chars.count && chars[i] == "_") { i += 1 }
    if i < chars.count, chars[i] == "." {
      i += 1
      while isDigit(i) || (i < chars.count && chars[i] == "_") { i += 1 }
    }
    if i < chars.count, chars[i] == "e" || chars[i] == "E" {
      var j = i + 1
      if j < chars.count, chars[j] == "+" || chars[j] == "-" { j += 1 }
      if isDigit(j) {
        i = j
        while isDigit(i) { i += 1 }
      }
    }
    return i
  }
}

/// A command line after lexing: its characters (up to a comment) and its tokens.
public struct LexedLine: Sendable, Hashable {
  /// The characters of the line up to the comment, for the source text of arguments.
  public var characters: [Character]
  /// The tokens, in order.
  public var tokens: [CommandToken]

  /// The source text from the start of token `tokens[range.lowerBound]` to the end of
  /// `tokens[range.upperBound - 1]`, blanks inside included; an empty range gives an empty
  /// word at `emptyOffset`.
  ///
  /// - Parameters:
  ///   - range: Indices into `tokens`.
  ///   - emptyOffset: The column of the empty word when `range` is empty.
  /// - Returns: The text and its column.
  public func text(of range: Range<Int>, emptyOffset: Int) -> Word {
    guard let first = range.first, let last = range.last else {
      return Word("", at: emptyOffset)
    }
    let start = tokens[first].offset
    let end = tokens[last].span.upperBound
    return Word(String(characters: characters[start..<end]), at: start)
  }

  /// The source text from column `column` to the end of the line (comment excluded), as
  /// typed: leading blanks are kept, as the calculator expects its input.
  public func rest(from column: Int) -> Word {
    let start = min(column, characters.count)
    return Word(String(characters: characters[start...]), at: start)
  }
}
