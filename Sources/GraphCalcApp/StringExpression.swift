import CalculatorBrain
import Glibc
import GraphView
import TextAndNumbers

/// gnuplot's string expressions, as far as graphcalc reads them: string literals, string
/// variables (`msg = "..."`), `.` concatenation, `sprintf(FORMAT, ...)`, `gprintf(FORMAT, X)`
/// (gnuplot's own format language, the tick labels' `TickFormat`), `substr(S, I, J)`, `strlen(S)`,
/// `strstrt(S, T)`, `word(S, N)`, `words(S)`, `exists("NAME")`, and the comparisons `S eq T`, `S ne T` (1 or
/// 0). `system("...")` is refused by name: graphcalc runs a command only where asked to
/// stream its output (`stream cmd`), never from inside an expression of a script.
///
/// Strings stay out of the calculator (design.md, "Strings"): they live in the command
/// layer, where `print`, the string assignment and the arguments of these functions read
/// them from a command line's tokens. Numbers inside them (`sprintf("%g", a*2)`) are the
/// calculator's expressions, handed over as typed, so its error columns stay right; the
/// calculator itself, and every plot it compiles, never sees a string, and numeric
/// evaluation is unchanged.
struct StringExpression {
  /// The line the tokens are from.
  let line: LexedLine
  /// The session, for string variables and the values of numeric arguments.
  let session: Session
  /// The next token's index.
  private var index: Int
  /// The index after the last token of the expression.
  private let end: Int

  /// The string functions, each with the arguments it takes.
  static let functions: [String: ClosedRange<Int>] = [
    "sprintf": 1...64, "gprintf": 2...2, "substr": 3...3, "strlen": 1...1, "strstrt": 2...2,
    "word": 2...2, "words": 1...1, "system": 1...1, "exists": 1...1,
    "exist": 1...1,
  ].merging(StringExpression.timeFunctions) { a, _ in a }

  /// A reader of the tokens `range` of `line`.
  init(_ line: LexedLine, _ range: Range<Int>, session: Session) {
    self.line = line
    self.session = session
    index = range.lowerBound
    end = range.upperBound
  }

  /// Whether the tokens `range` of `line` start a string expression: a string, a string
  /// variable, or a call of a string function.
  static func starts(_ line: LexedLine, _ range: Range<Int>, session: Session) -> Bool {
    guard let first = range.first else { return false }
    let token = line.tokens[first]
    switch token.kind {
    case .string: return true
    case .name:
      if session.strings[token.text] != nil { return true }
      return functions[token.text] != nil && first + 1 < range.upperBound
        && line.tokens[first + 1].text == "("
    default: return false
    }
  }

  /// The value of the whole range: a string, or a number (`strlen`).
  ///
  /// - Throws: `CommandError` at the token that does not belong (text after the
  ///   expression, a missing argument, a format that does not fit its arguments).
  mutating func value() throws(CommandError) -> Value {
    let result = try joined()
    guard index < end else { return result }
    // gnuplot's string comparisons: S eq T, S ne T.
    let token = line.tokens[index]
    guard token.kind == .name, token.text == "eq" || token.text == "ne" else {
      throw CommandError(.expected("'.' (to join strings), eq, ne or the end"), at: token.span)
    }
    index += 1
    let other = try joined()
    if index < end {
      throw CommandError(.expected("the end of the comparison"), at: line.tokens[index].span)
    }
    let same = result.text(session) == other.text(session)
    return .number(same == (token.text == "eq") ? 1 : 0)
  }

  /// Terms joined by `.`, up to the end or a word that is not `.`.
  private mutating func joined() throws(CommandError) -> Value {
    var result = try term()
    while index < end {
      let token = line.tokens[index]
      guard token.kind == .symbol, token.text == "." else { break }
      index += 1
      result = .text(result.text(session) + (try joinedTerm()).text(session))
    }
    return result
  }

  /// An operand after `.`: a string term, or a number (gnuplot joins `"n = ".n` and
  /// `"x".(2*k)` as text): a number literal, a name that is no string (a variable), or an
  /// expression in brackets, written as the calculator prints it.
  private mutating func joinedTerm() throws(CommandError) -> Value {
    guard index < end else { return try term() }
    let token = line.tokens[index]
    let call = index + 1 < end && line.tokens[index + 1].text == "("
    if token.kind == .number
      || (token.kind == .name && session.strings[token.text] == nil && !call)
    {
      index += 1
      return .number(try number((index - 1)..<index))
    }
    if token.kind == .open, token.text == "(" {
      let open = index
      var depth = 0
      while index < end {
        let t = line.tokens[index]
        if t.kind == .open { depth += 1 }
        if t.kind == .close { depth -= 1 }
        index += 1
        if depth == 0 { return .number(try number((open + 1)..<(index - 1))) }
      }
      throw CommandError(.unclosedBracket, at: token.span)
    }
    return try term()
  }

  /// A string or a number: what a string expression gives.
  enum Value: Sendable, Hashable {
    /// A string.
    case text(String)
    /// A number (`strlen`, or a number joined with `.`).
    case number(Double)

    /// The value as text: a number as the calculator prints it.
    func text(_ session: Session) -> String {
      switch self {
      case .text(let t): return t
      case .number(let n): return CalculatorBrain.format(.real(n), base: 10)
      }
    }
  }

  /// One operand of `.`: a literal, a string variable or a string function's call.
  private mutating func term() throws(CommandError) -> Value {
    guard index < end else {
      let at = line.tokens[end - 1].span.upperBound
      throw CommandError(.expected("a string"), at: at..<(at + 1))
    }
    let token = line.tokens[index]
    index += 1
    if token.kind == .string { return .text(StringExpression.unescaped(token.text)) }
    if token.kind == .name, let text = session.strings[token.text] { return .text(text) }
    guard token.kind == .name, let arity = StringExpression.functions[token.text],
      index < end, line.tokens[index].text == "("
    else {
      throw CommandError(
        .expected("a string in quotes, a string variable or sprintf(...)"), at: token.span)
    }
    let arguments = try callArguments(of: token)
    guard arity.contains(arguments.count) else {
      throw CommandError(
        .expected(
          "\(arity.lowerBound == arity.upperBound ? "\(arity.lowerBound)" : "\(arity.lowerBound) or more") arguments to \(token.text)"
        ),
        at: token.span)
    }
    if let value = try timeFunction(token, arguments) { return value }
    switch token.text {
    case "strlen":
      return .number(Double(try string(arguments[0]).count))
    case "strstrt":
      // The first character of the first T in S, from 1; 0 when there is none.
      let s = Array(try string(arguments[0]))
      let t = Array(try string(arguments[1]))
      guard !t.isEmpty, t.count <= s.count else { return .number(t.isEmpty ? 1 : 0) }
      for k in 0...(s.count - t.count) where s[k..<(k + t.count)].elementsEqual(t) {
        return .number(Double(k + 1))
      }
      return .number(0)
    case "words":
      return .number(Double(StringExpression.words(try string(arguments[0])).count))
    case "exists", "exist":
      // gnuplot's exists("NAME") (`exist` its older name, which its demos still use): 1 when
      // NAME is a variable (a number, a string, or a constant such as pi) or, `$NAME`, a
      // data block, else 0.
      let name = try string(arguments[0])
      let known =
        session.strings[name] != nil || session.brain.variables[name] != nil
        || Builtins.constants[name] != nil
        || (name.hasPrefix("$") && session.data.options.dataBlocks[name] != nil)
      return .number(known ? 1 : 0)
    case "word":
      let words = StringExpression.words(try string(arguments[0]))
      let n = try whole(arguments[1])
      return .text(n >= 1 && n <= words.count ? words[n - 1] : "")
    case "system":
      throw CommandError(
        .notSupported(
          what: "system(\"...\")",
          hint:
            "graphcalc runs no shell command from an expression; run it in the shell and read "
            + "its output from a file, or plot it live with: stream cmd \"COMMAND\""),
        at: token.span)
    case "gprintf":
      // gnuplot's format language, the tick labels' one rule (`TickFormat`).
      let formatWord = line.text(of: arguments[0], emptyOffset: 0)
      let text = try string(arguments[0])
      let format: TickFormat
      do throws(TickFormat.Problem) {
        format = try TickFormat(text)
      } catch {
        throw CommandError(.badTickFormat(error.message), at: formatWord.span)
      }
      return .text(format.string(try number(arguments[1])))
    case "substr":
      let s = Array(try string(arguments[0]))
      // gnuplot's substr counts from 1, both ends included, clamped to the string.
      let from = max(1, Int(clamping: try whole(arguments[1])))
      let to = min(s.count, Int(clamping: try whole(arguments[2])))
      return .text(from > to ? "" : String(characters: s[(from - 1)..<to]))
    default:  // sprintf
      return .text(try format(arguments))
    }
  }

  /// The argument token ranges of the call whose name is `name` (the `(` is next).
  private mutating func callArguments(of name: CommandToken) throws(CommandError) -> [Range<Int>] {
    let open = index
    var depth = 0
    var ranges: [Range<Int>] = []
    var start = open + 1
    while index < end {
      let token = line.tokens[index]
      if token.kind == .open { depth += 1 }
      if token.kind == .close {
        depth -= 1
        if depth == 0 {
          ranges.append(start..<index)
          index += 1
          return ranges.count == 1 && ranges[0].isEmpty ? [] : ranges
        }
      }
      if token.kind == .comma, depth == 1 {
        ranges.append(start..<index)
        start = index + 1
      }
      index += 1
    }
    throw CommandError(.unclosedBracket, at: line.tokens[open].span)
  }

  /// The argument `range` as a string (a number is written as the calculator prints it).
  func string(_ range: Range<Int>) throws(CommandError) -> String {
    try argument(range).text(session)
  }

  /// The argument `range`: a string expression, or a number (the calculator's expression).
  private func argument(_ range: Range<Int>) throws(CommandError) -> Value {
    guard !range.isEmpty else {
      throw CommandError(.expected("an argument"), at: line.tokens[range.lowerBound - 1].span)
    }
    if StringExpression.starts(line, range, session: session) {
      var inner = StringExpression(line, range, session: session)
      return try inner.value()
    }
    let word = line.text(of: range, emptyOffset: 0)
    return .number(try session.number(word))
  }

  /// The argument `range` as a number.
  func number(_ range: Range<Int>) throws(CommandError) -> Double {
    switch try argument(range) {
    case .number(let n): return n
    case .text:
      throw CommandError(.expected("a number"), at: line.text(of: range, emptyOffset: 0).span)
    }
  }

  /// The argument `range` as a whole number (truncated, as gnuplot's integer conversions).
  private func whole(_ range: Range<Int>) throws(CommandError) -> Int {
    let n = try number(range)
    guard n.isFinite else {
      throw CommandError(
        .notFinite(command: "substr", value: n), at: line.text(of: range, emptyOffset: 0).span)
    }
    return Int(max(min(n, 1e15), -1e15))
  }

  /// `sprintf(FORMAT, ARGS...)`: C's printf conversions, one argument each (`%d %i` and
  /// `%x %X %o` take the number truncated to an integer, `%f %e %g %E %G` the double,
  /// `%s` a string or a number as printed, `%%` a percent sign), with flags, width and
  /// precision.
  private func format(_ arguments: [Range<Int>]) throws(CommandError) -> String {
    let formatRange = arguments[0]
    let formatWord = line.text(of: formatRange, emptyOffset: 0)
    let text = Array(try string(formatRange))
    var out = ""
    var next = 1
    var i = 0
    while i < text.count {
      let c = text[i]
      guard c == "%" else {
        out.append(c)
        i += 1
        continue
      }
      let percent = i
      i += 1
      if i < text.count, text[i] == "%" {
        out.append("%")
        i += 1
        continue
      }
      var spec = ""
      while i < text.count,
        "-+ #0".contains(text[i]) || (text[i].isASCII && text[i].isNumber)
          || text[i] == "."
      {
        spec.append(text[i])
        i += 1
      }
      while i < text.count, "lhqLjzt".contains(text[i]) { i += 1 }  // C's length modifiers
      guard i < text.count, "diouxXfFeEgGsc".contains(text[i]), spec.count <= 12 else {
        throw CommandError(
          .expected("a conversion (%d, %g, %f, %e, %x, %s) in the format"), at: formatWord.span)
      }
      let kind = text[i]
      i += 1
      // gnuplot 5.4 writes the format's rest as it is once the arguments run out
      // (sprintf("%d and %d", 1) is "1 and %d").
      guard next < arguments.count else {
        out += String(characters: text[percent...])
        return out
      }
      let range = arguments[next]
      next += 1
      switch kind {
      case "s":
        out += StringExpression.printf("%" + spec + "s", string: try string(range))
      case "c":
        let n = try number(range)
        let scalar = n.isFinite && n >= 0 && n < 0x11_0000 ? Unicode.Scalar(UInt32(n)) : nil
        out += StringExpression.printf("%" + spec + "s", string: scalar.map { String($0) } ?? "")
      case "d", "i", "o", "u", "x", "X":
        let n = try number(range)
        let integer = n.isFinite ? Int64(max(min(n, 9.2e18), -9.2e18)) : 0
        out += StringExpression.printf(
          "%" + spec + "ll" + String(kind == "i" ? "d" : kind), integer)
      default:
        out += StringExpression.printf("%" + spec + String(kind), try number(range))
      }
    }
    return out
  }

  /// C's `snprintf` of one value.
  static func printf(_ format: String, _ value: some CVarArg) -> String {
    var buffer = [CChar](repeating: 0, count: 1024)
    let n = withVaList([value]) { list in
      buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, list) }
    }
    guard n >= 0 else { return "" }
    return String(
      decoding: buffer.prefix(Int(min(n, 1023))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// C's `snprintf` of one string under `%...s` (its width and precision count bytes, as C's).
  static func printf(_ format: String, string: String) -> String {
    string.withCString { printf(format, $0) }
  }

  /// The words of `text` as gnuplot's `word` and `words` count them: runs of characters
  /// between blanks, a part in quotes ("b c" or 'b c') one word without its quotes.
  static func words(_ text: String) -> [String] {
    var words: [String] = []
    var current = ""
    var inWord = false
    var quote: Character? = nil
    for c in text {
      if let q = quote {
        if c == q { quote = nil } else { current.append(c) }
        continue
      }
      if c == " " || c == "\t" || c == "\n" {
        if inWord { words.append(current) }
        current = ""
        inWord = false
      } else if c == "\"" || c == "'" {
        quote = c
        inWord = true
      } else {
        current.append(c)
        inWord = true
      }
    }
    if inWord { words.append(current) }
    return words
  }

  /// A string token's text: a double-quoted one with gnuplot's escapes (`\n`, `\t`, `\\`,
  /// `\"`, `\r`), a single-quoted one as written.
  static func unescaped(_ quoted: String) -> String {
    let body = Array(quoted.dropFirst().dropLast())
    guard quoted.first == "\"", body.contains("\\") else { return String(characters: body[...]) }
    var out = ""
    var i = 0
    while i < body.count {
      if body[i] == "\\", i + 1 < body.count {
        switch body[i + 1] {
        case "n": out.append("\n")
        case "t": out.append("\t")
        case "r": out.append("\r")
        case "\\": out.append("\\")
        case "\"": out.append("\"")
        default:
          out.append(body[i])
          out.append(body[i + 1])
        }
        i += 2
      } else {
        out.append(body[i])
        i += 1
      }
    }
    return out
  }
}
