import TextAndNumbers

/// A punctuation or operator token of the infix language.
///
/// The Unicode forms a user may paste are folded into these on reading: `×` and `·` are
/// `star`, `÷` is `slash`, `−` (U+2212) is `minus`, `≤ ≥ ≠` are the comparisons, `**` is
/// `caret`.
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
  case question = "?"
  case colon = ":"
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
    /// A numeric literal (`12`, `.5`, `6.02E23`), never negative.
    case number(Double)
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
    case .number, .name: return true
    case .symbol(let s): return s == .leftParen || s == .root
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
/// `e`, and `2e-x` is `2`, `e`, `-`, `x`. Names are a letter or `_` then letters, digits or
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
      if isDigit(c) || (c == "." && i + 1 < chars.count && isDigit(chars[i + 1])) {
        while i < chars.count && isDigit(chars[i]) { i += 1 }
        if i < chars.count && chars[i] == "." {
          i += 1
          while i < chars.count && isDigit(chars[i]) { i += 1 }
        }
        if i < chars.count && (chars[i] == "e" || chars[i] == "E") {
          var j = i + 1
          if j < chars.count && (chars[j] == "+" || chars[j] == "-" || chars[j] == "−") { j += 1 }
          if j < chars.count && isDigit(chars[j]) {
            i = j
            while i < chars.count && isDigit(chars[i]) { i += 1 }
          }
        }
        let spelled = String(chars[start..<i])
        let ascii = spelled.replacingMinusSign()
        guard let value = DecimalNumber.parse(ascii) else {
          throw CalcError(.syntax, "cannot read the number '\(spelled)'", at: start..<i)
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
        let name = String(chars[start..<i])
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
        let hint: String
        switch c {
        case "&": hint = "; did you mean '&&'?"
        case "|": hint = "; did you mean '||'?"
        default: hint = ""
        }
        throw CalcError(.syntax, "unexpected character '\(c)'\(hint)", at: start..<start + 1)
      }
      i += length
      tokens.append(Token(kind: .symbol(symbol), range: start..<i, text: String(chars[start..<i])))
    }
    tokens.append(Token(kind: .end, range: chars.count..<chars.count + 1, text: ""))
    return tokens
  }
}

extension Lexer {
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
