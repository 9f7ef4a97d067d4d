import TextAndNumbers

/// A punctuation or operator token of the infix language.
///
/// The Unicode forms a user may paste are folded into these on reading: `×` and `·` are
/// `star`, `÷` is `slash`, `−` (U+2212) is `minus`, `≤ ≥ ≠` are the comparisons, `∧ ∨ ¬`
/// are `&& || !`, `**` is `caret`.
enum Symbol: String, Sendable, Hashable {
  case plus = "+"
  case minus = "-"
  case star = "*"
  case slash = "/"
  case caret = "^"
  case percent = "%"
  case bang = "!"
  case leftParen = "("
  case rightParen = ")"
  case comma = ","
  case assign = "="
  case equal = "=="
  case notEqual = "!="
  case less = "<"
  case lessOrEqual = "<="
  case greater = ">"
  case greaterOrEqual = ">="
  case and = "&&"
  case or = "||"
  /// `&`: bitwise and.
  case ampersand = "&"
  /// `|`: bitwise or.
  case bar = "|"
  /// `~`: bitwise not.
  case tilde = "~"
  /// `<<`: shift left.
  case shiftLeft = "<<"
  /// `>>`: shift right.
  case shiftRight = ">>"
  case question = "?"
  case colon = ":"
  /// `{`: opens Desmos's piecewise braces `{c1: v1, c2: v2, otherwise}`.
  case leftBrace = "{"
  /// `}`: closes the piecewise braces.
  case rightBrace = "}"
  /// `√`: the square root of the primary that follows.
  case root = "√"
  /// `²`: the postfix square.
  case squared = "²"
  /// `³`: the postfix cube.
  case cubed = "³"
  /// `'` after `)` or another prime: the derivative by x of the operand before it
  /// (`(x^2)'`). After a name the primes are part of the name (`f'`, `f''`).
  case prime = "'"
}

/// One token of an infix line: what it is, where it is, and how it was spelled.
struct Token: Sendable, Hashable {
  /// What a token is.
  enum Kind: Sendable, Hashable {
    /// A numeric literal with a point or an exponent (`.5`, `6.02E23`, `1.0`), never negative.
    case number(Double)
    /// An integer literal (`12`, `0xff`, `0o17`, `0b1011`, `1_000`), never negative.
    case integer(IntegerLiteral)
    /// A name (`x`, `sin`, `ans`, `a_1`); `π` reads as `pi`.
    case name(String)
    /// An operator or punctuation.
    case symbol(Symbol)
    /// The end of the line.
    case end
  }

  /// What the token is.
  var kind: Kind
  /// The 0-based character offsets of the token in the line (the end token is one past it).
  var range: Range<Int>
  /// The token as written.
  var text: String

  /// Whether the token can begin an operand (used to explain a missing operator).
  var beginsOperand: Bool {
    switch kind {
    case .number, .integer, .name: return true
    case .symbol(let s): return s == .leftParen || s == .root || s == .tilde || s == .leftBrace
    case .end: return false
    }
  }

  /// How an error message quotes the token.
  var quoted: String {
    if case .end = kind { return "the end of the line" }
    return "'\(text)'"
  }
}

/// The lexer of the infix language: turns a line into tokens with their character offsets.
///
/// Numbers are `digits[.digits]` or `.digits`, then an exponent only when digits follow the
/// `e` or `E`, optionally after a sign: `2e3` is 2000 but `2e` is the number 2 then the name
/// `e`, and `2e-x` is `2`, `e`, `-`, `x`. Digits alone are an integer literal (exact); a
/// point or an exponent makes a double. `0x1f`, `0o17` and `0b1011` are integers in base 16,
/// 8 and 2 (the prefix needs a digit of its base after it: `0x` alone is 0 times x), and `_`
/// between two digits is a separator (`1_000_000`, `0xff_ff`; DECISIONS: `_` only). Names are a letter or `_` then letters, digits or
/// `_`, read whole (`xy` is one name), with any primes right after them (`f''`). Offsets count Characters, so a caret lines up under
/// the column a person sees.
enum Lexer {
  /// Reads all tokens of `text`, ending with one `.end` token.
  ///
  /// - Throws: `CalcError.Kind.syntax` for a character the language does not use.
  static func tokens(_ text: String) throws(CalcError) -> [Token] {
    let chars = Array(text)
    var tokens: [Token] = []
    var i = 0
    // ASCII first: Character's Unicode properties are slow to ask for on long lines.
    func isDigit(_ c: Character) -> Bool {
      guard let a = c.asciiValue else { return false }
      return a >= 0x30 && a <= 0x39
    }
    func isNameStart(_ c: Character) -> Bool {
      guard let a = c.asciiValue else { return c.isLetter && c != "π" }
      return (a >= 0x61 && a <= 0x7A) || (a >= 0x41 && a <= 0x5A) || a == 0x5F
    }
    func isSpace(_ c: Character) -> Bool {
      guard let a = c.asciiValue else { return c.isWhitespace }
      return a == 0x20 || (a >= 0x09 && a <= 0x0D)
    }
    while i < chars.count {
      let c = chars[i]
      if isSpace(c) {
        i += 1
        continue
      }
      let start = i
      if c == "0", i + 2 < chars.count, let radix = Self.radix(chars[i + 1]),
        Self.digitValue(chars[i + 2]) != nil
      {
        tokens.append(try Self.radixLiteral(chars, &i, radix: radix))
        continue
      }
      if isDigit(c) || (c == "." && i + 1 < chars.count && isDigit(chars[i + 1])) {
        // Digits, with `_` between two digits as a separator (`1_000_000`).
        func digits() {
          while i < chars.count
            && (isDigit(chars[i])
              || (chars[i] == "_" && i + 1 < chars.count && isDigit(chars[i + 1])
                && i > start && isDigit(chars[i - 1])))
          {
            i += 1
          }
        }
        digits()
        var isInteger = true
        if i < chars.count && chars[i] == "." {
          isInteger = false
          i += 1
          if i < chars.count && isDigit(chars[i]) {
            let fraction = i
            while i < chars.count
              && (isDigit(chars[i])
                || (chars[i] == "_" && i + 1 < chars.count && isDigit(chars[i + 1])
                  && i > fraction))
            {
              i += 1
            }
          }
        }
        if i < chars.count && (chars[i] == "e" || chars[i] == "E") {
          var j = i + 1
          if j < chars.count && (chars[j] == "+" || chars[j] == "-" || chars[j] == "−") { j += 1 }
          if j < chars.count && isDigit(chars[j]) {
            isInteger = false
            i = j
            while i < chars.count && isDigit(chars[i]) { i += 1 }
          }
        }
        let spelled = String(characters: chars[start..<i])
        let ascii = String(spelled.replacingMinusSign().filter { $0 != "_" })
        if isInteger, let literal = IntegerLiteral(digits: ascii, radix: 10) {
          tokens.append(Token(kind: .integer(literal), range: start..<i, text: spelled))
          continue
        }
        guard let value = DecimalNumber.parse(ascii) else {
          throw CalcError(.unreadableNumber(spelled), at: start..<i)
        }
        tokens.append(Token(kind: .number(value), range: start..<i, text: spelled))
        continue
      }
      if c == "π" {
        i += 1
        tokens.append(Token(kind: .name("pi"), range: start..<i, text: "π"))
        continue
      }
      if isNameStart(c) {
        i += 1
        while i < chars.count && (isNameStart(chars[i]) || isDigit(chars[i])) { i += 1 }
        // A prime right after a name belongs to it (DECISIONS.md: `f'(x)`, `f''(2)`).
        while i < chars.count && chars[i] == "'" { i += 1 }
        let name = String(characters: chars[start..<i])
        tokens.append(Token(kind: .name(name), range: start..<i, text: name))
        continue
      }
      let next: Character? = i + 1 < chars.count ? chars[i + 1] : nil
      if c == "'", let last = tokens.last, last.range.upperBound == i,
        last.kind == .symbol(.rightParen) || last.kind == .symbol(.prime)
      {
        i += 1
        tokens.append(Token(kind: .symbol(.prime), range: start..<i, text: "'"))
        continue
      }
      guard let (symbol, length) = Self.symbol(c, next) else {
        throw CalcError(.unexpectedCharacter(c), at: start..<start + 1)
      }
      i += length
      tokens.append(
        Token(kind: .symbol(symbol), range: start..<i, text: String(characters: chars[start..<i])))
    }
    tokens.append(Token(kind: .end, range: chars.count..<chars.count + 1, text: ""))
    return tokens
  }
}

extension Lexer {
  /// The radix a literal's prefix letter names (`0x`, `0o`, `0b`, either case).
  private static func radix(_ c: Character) -> Int? {
    switch c {
    case "x", "X": return 16
    case "o", "O": return 8
    case "b", "B": return 2
    default: return nil
    }
  }

  /// The value of a hexadecimal digit (which the radix then bounds).
  private static func digitValue(_ c: Character) -> Int? {
    guard let a = c.asciiValue else { return nil }
    switch a {
    case 0x30...0x39: return Int(a) - 0x30
    case 0x61...0x66: return Int(a) - 0x61 + 10
    case 0x41...0x46: return Int(a) - 0x41 + 10
    default: return nil
    }
  }

  /// Reads `0x1f`, `0o17`, `0b1011` (digits of the radix, `_` between two of them) from
  /// `chars` at `i`, which is left past it.
  ///
  /// - Throws: `.syntax` at the literal when a letter or digit that is not of the radix
  ///   touches it (`0b102`, `0x1g`).
  private static func radixLiteral(_ chars: [Character], _ i: inout Int, radix: Int)
    throws(CalcError) -> Token
  {
    let start = i
    i += 2
    var digits = ""
    while i < chars.count {
      if let d = digitValue(chars[i]), d < radix {
        digits.append(chars[i])
      } else if chars[i] == "_", i + 1 < chars.count, let d = digitValue(chars[i + 1]),
        d < radix, i > start + 2
      {
        // a separator between two digits
      } else {
        break
      }
      i += 1
    }
    if i < chars.count, chars[i].isLetter || chars[i].isNumber || chars[i] == "_" {
      let name = radix == 16 ? "hexadecimal" : radix == 8 ? "octal" : "binary"
      var end = i
      while end < chars.count, chars[end].isLetter || chars[end].isNumber || chars[end] == "_" {
        end += 1
      }
      throw CalcError(
        .notADigit(chars[i], base: name, literal: String(characters: chars[start..<end])),
        at: i..<i + 1)
    }
    guard let literal = IntegerLiteral(digits: digits, radix: radix) else {
      throw CalcError(.unreadableNumber(String(characters: chars[start..<i])), at: start..<i)
    }
    return Token(
      kind: .integer(literal), range: start..<i, text: String(characters: chars[start..<i]))
  }

  /// The symbol that starts with `c` (followed by `next`) and its length in characters.
  private static func symbol(_ c: Character, _ next: Character?) -> (Symbol, Int)? {
    if let a = c.asciiValue {
      let b = next?.asciiValue ?? 0
      switch (a, b) {
      case (0x2A, 0x2A): return (.caret, 2)  // **
      case (0x3D, 0x3D): return (.equal, 2)  // ==
      case (0x21, 0x3D): return (.notEqual, 2)  // !=
      case (0x3C, 0x3D): return (.lessOrEqual, 2)  // <=
      case (0x3E, 0x3D): return (.greaterOrEqual, 2)  // >=
      case (0x26, 0x26): return (.and, 2)  // &&
      case (0x7C, 0x7C): return (.or, 2)  // ||
      case (0x3C, 0x3C): return (.shiftLeft, 2)  // <<
      case (0x3E, 0x3E): return (.shiftRight, 2)  // >>
      case (0x26, _): return (.ampersand, 1)
      case (0x7C, _): return (.bar, 1)
      case (0x7E, _): return (.tilde, 1)
      case (0x2B, _): return (.plus, 1)
      case (0x2D, _): return (.minus, 1)
      case (0x2A, _): return (.star, 1)
      case (0x2F, _): return (.slash, 1)
      case (0x5E, _): return (.caret, 1)
      case (0x25, _): return (.percent, 1)
      case (0x21, _): return (.bang, 1)
      case (0x28, _): return (.leftParen, 1)
      case (0x29, _): return (.rightParen, 1)
      case (0x2C, _): return (.comma, 1)
      case (0x3D, _): return (.assign, 1)
      case (0x3C, _): return (.less, 1)
      case (0x3E, _): return (.greater, 1)
      case (0x3F, _): return (.question, 1)
      case (0x3A, _): return (.colon, 1)
      case (0x7B, _): return (.leftBrace, 1)
      case (0x7D, _): return (.rightBrace, 1)
      default: return nil
      }
    }
    switch c {
    case "×", "·", "⋅": return (.star, 1)
    case "÷": return (.slash, 1)
    case "−": return (.minus, 1)
    case "≤": return (.lessOrEqual, 1)
    case "≥": return (.greaterOrEqual, 1)
    case "≠": return (.notEqual, 1)
    case "∧": return (.and, 1)
    case "∨": return (.or, 1)
    case "¬": return (.bang, 1)
    case "√": return (.root, 1)
    case "²": return (.squared, 1)
    case "³": return (.cubed, 1)
    default: return nil
    }
  }
}

extension String {
  /// The string with U+2212 MINUS SIGN replaced by the ASCII hyphen-minus.
  func replacingMinusSign() -> String {
    String(self.map { $0 == "−" ? "-" : $0 })
  }
}
