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
/// `_`, read whole (`xy` is one name). Offsets count Characters, so a caret lines up under
/// the column a person sees.
enum Lexer {
  /// Reads all tokens of `text`, ending with one `.end` token.
  ///
  /// - Throws: `CalcError.Kind.syntax` for a character the language does not use.
  static func tokens(_ text: String) throws(CalcError) -> [Token] {
    let chars = Array(text)
    var tokens: [Token] = []
    var i = 0
    func isDigit(_ c: Character) -> Bool { c.isASCII && c.isWholeNumber }
    func isNameStart(_ c: Character) -> Bool { c == "_" || (c.isLetter && c != "π") }
    while i < chars.count {
      let c = chars[i]
      if c.isWhitespace {
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
        guard let value = Double(ascii) else {
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
        let name = String(chars[start..<i])
        tokens.append(Token(kind: .name(name), range: start..<i, text: name))
        continue
      }
      let next: Character? = i + 1 < chars.count ? chars[i + 1] : nil
      var symbol: Symbol
      var length = 1
      switch (c, next) {
      case ("*", "*"): symbol = .caret; length = 2
      case ("=", "="): symbol = .equal; length = 2
      case ("!", "="): symbol = .notEqual; length = 2
      case ("<", "="): symbol = .lessOrEqual; length = 2
      case (">", "="): symbol = .greaterOrEqual; length = 2
      case ("&", "&"): symbol = .and; length = 2
      case ("|", "|"): symbol = .or; length = 2
      case ("×", _), ("·", _), ("⋅", _), ("*", _): symbol = .star
      case ("÷", _), ("/", _): symbol = .slash
      case ("−", _), ("-", _): symbol = .minus
      case ("≤", _): symbol = .lessOrEqual
      case ("≥", _): symbol = .greaterOrEqual
      case ("≠", _): symbol = .notEqual
      default:
        guard let s = Symbol(rawValue: String(c)) else {
          let hint: String
          switch c {
          case "&": hint = "; did you mean '&&'?"
          case "|": hint = "; did you mean '||'?"
          default: hint = ""
          }
          throw CalcError(.syntax, "unexpected character '\(c)'\(hint)", at: start..<start + 1)
        }
        symbol = s
      }
      i += length
      tokens.append(Token(kind: .symbol(symbol), range: start..<i, text: String(chars[start..<i])))
    }
    tokens.append(Token(kind: .end, range: chars.count..<chars.count + 1, text: ""))
    return tokens
  }
}

extension String {
  /// The string with U+2212 MINUS SIGN replaced by the ASCII hyphen-minus.
  func replacingMinusSign() -> String {
    String(self.map { $0 == "−" ? "-" : $0 })
  }
}
