import CalculatorBrain

// Strings inside numeric expressions (gnuplot's `ARG1 eq "x" ? 1 : 2`, `strlen(s) + 1`):
// the calculator has no strings (design.md, "Strings"), so the command layer evaluates each
// string comparison and each string function with a numeric value first and hands the
// calculator the number in its place.

extension Session {
  /// Whether `text` holds any of `needles` (ASCII words) as bytes anywhere.
  static func anyNeedle(in text: String, _ needles: [StaticString]) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      for needle in needles {
        let n = needle.utf8CodeUnitCount
        guard n > 0, bytes.count >= n else { continue }
        let first = needle.utf8Start[0]
        var i = 0
        while i + n <= bytes.count {
          if bytes[i] == first {
            var k = 1
            while k < n && bytes[i + k] == needle.utf8Start[k] { k += 1 }
            if k == n { return true }
          }
          i += 1
        }
      }
      return false
    }
  }

  /// `word` with its string islands replaced by their numbers: `S eq T` and `S ne T` (S and
  /// T each a string, a string variable or a string function's call) by 1 or 0, and
  /// `strlen(...)`, `strstrt(...)`, `words(...)`, `exists(...)` (or `exist(...)`) by their values. Each number is padded with
  /// blanks to the island's width, so the calculator's error columns still point into the
  /// line as typed. The word is returned as it is when it has no island (or cannot be lexed:
  /// the calculator then reports the problem).
  ///
  /// - Throws: `CommandError` at an island that fails (a string function's error).
  func replacingStringIslands(in word: Word) throws(CommandError) -> Word {
    let text = word.text
    // A byte search, not `String.contains(String)`: that one's generic searcher costs every
    // calculation about 250 k instructions of runtime metadata at its first use.
    guard
      Self.anyNeedle(
        in: text, ["eq", "ne", "strlen", "strstrt", "words", "rand", "exist"]),
      let lexed = try? CommandLexer.lex(text)
    else { return word }
    let tokens = lexed.tokens
    // A definition (`f(x) = ...`) is evaluated at each call, not now: left as it is.
    if tokens.count >= 4, tokens[0].kind == .name, tokens[1].text == "(",
      let close = Session.closingBracket(tokens, from: 1), close + 1 < tokens.count,
      tokens[close + 1].text == "=", close + 2 >= tokens.count || tokens[close + 2].text != "="
    {
      return word
    }
    var islands: [(Range<Int>, Double)] = []  // token ranges and their values
    var k = 0
    while k < tokens.count {
      let token = tokens[k]
      if token.kind == .name, token.text == "rand", k + 1 < tokens.count,
        tokens[k + 1].text == "(", let close = Session.closingBracket(tokens, from: k + 1),
        k == 0 || tokens[k - 1].text != "."
      {
        // gnuplot's rand(seed), drawn now, in the order written (GnuplotRandom).
        let argument = lexed.text(of: (k + 2)..<close, emptyOffset: tokens[k + 1].offset + 1)
        let seed = try number(Word(argument.text, at: argument.offset + word.offset))
        guard let value = random.next(seed: seed) else {
          throw CommandError(
            .expected("a seed of 0, -1 or a whole number from 1 to 2147483646 for rand"),
            at: (word.offset + argument.offset)..<(word.offset + argument.span.upperBound))
        }
        islands.append((k..<(close + 1), value))
        k = close + 1
        continue
      }
      if token.kind == .name,
        ["strlen", "strstrt", "words", "exists", "exist"].contains(token.text),
        k + 1 < tokens.count, tokens[k + 1].text == "(",
        let close = Session.closingBracket(tokens, from: k + 1)
      {
        // A comparison of this call is taken whole below, as its left side.
        var reader = StringExpression(lexed, k..<(close + 1), session: self)
        if case .number(let v) = try reader.value() { islands.append((k..<(close + 1), v)) }
        k = close + 1
        continue
      }
      if token.kind == .name, token.text == "eq" || token.text == "ne",
        let left = stringOperand(lexed, endingBefore: k),
        let right = stringOperand(lexed, startingAt: k + 1)
      {
        // The left side may be an island already read (`strlen(a) eq ...` is no string).
        if let last = islands.last, last.0.overlaps(left) { islands.removeLast() }
        var reader = StringExpression(lexed, left.lowerBound..<right.upperBound, session: self)
        if case .number(let v) = try reader.value() {
          islands.append((left.lowerBound..<right.upperBound, v))
        }
        k = right.upperBound
        continue
      }
      k += 1
    }
    guard !islands.isEmpty else { return word }
    var chars = Array(text)
    for (range, value) in islands.reversed() {
      let from = tokens[range.lowerBound].offset
      let to = tokens[range.upperBound - 1].span.upperBound
      var number = Array(CalculatorBrain.format(.real(value), base: 10))
      if value < 0 { number = ["("] + number + [")"] }
      if number.count < to - from {
        number += Array(repeating: " ", count: to - from - number.count)
      }
      chars.replaceSubrange(from..<to, with: number)
    }
    return Word(String(characters: chars[...]), at: word.offset)
  }

  /// The index of the bracket that closes the one at `open`, or nil.
  static func closingBracket(_ tokens: [CommandToken], from open: Int) -> Int? {
    var depth = 0
    for k in open..<tokens.count {
      if tokens[k].kind == .open { depth += 1 }
      if tokens[k].kind == .close {
        depth -= 1
        if depth == 0 { return k }
      }
    }
    return nil
  }

  /// The string operand that ends just before token `end`: a string, a string variable, or
  /// a string function's call (`sprintf(...)`), with `.` joins before it.
  func stringOperand(_ lexed: LexedLine, endingBefore end: Int) -> Range<Int>? {
    var start = end
    while true {
      guard let one = singleStringOperand(lexed, endingBefore: start) else { break }
      start = one
      guard start >= 2, lexed.tokens[start - 1].text == ".",
        lexed.tokens[start - 1].kind == .symbol,
        singleStringOperand(lexed, endingBefore: start - 1) != nil
      else { break }
      start -= 1
    }
    return start < end ? start..<end : nil
  }

  /// The first token of the single string operand ending before `end`, or nil.
  private func singleStringOperand(_ lexed: LexedLine, endingBefore end: Int) -> Int? {
    let tokens = lexed.tokens
    guard end >= 1 else { return nil }
    let last = tokens[end - 1]
    if last.kind == .string { return end - 1 }
    if last.kind == .name, strings[last.text] != nil { return end - 1 }
    guard last.kind == .close else { return nil }
    var depth = 0
    var k = end - 1
    while k >= 0 {
      if tokens[k].kind == .close { depth += 1 }
      if tokens[k].kind == .open {
        depth -= 1
        if depth == 0 { break }
      }
      k -= 1
    }
    guard k >= 1, tokens[k - 1].kind == .name, StringExpression.functions[tokens[k - 1].text] != nil
    else { return nil }
    return k - 1
  }

  /// The string operand that starts at token `start` (with `.` joins after it).
  func stringOperand(_ lexed: LexedLine, startingAt start: Int) -> Range<Int>? {
    var end = start
    let tokens = lexed.tokens
    while end < tokens.count {
      let token = tokens[end]
      var after: Int
      if token.kind == .string || (token.kind == .name && strings[token.text] != nil) {
        after = end + 1
      } else if token.kind == .name, StringExpression.functions[token.text] != nil,
        end + 1 < tokens.count, tokens[end + 1].text == "(",
        let close = Session.closingBracket(tokens, from: end + 1)
      {
        after = close + 1
      } else {
        break
      }
      end = after
      guard end < tokens.count, tokens[end].kind == .symbol, tokens[end].text == "." else {
        break
      }
      end += 1
    }
    if end > start, tokens[end - 1].text == "." { end -= 1 }
    return end > start ? start..<end : nil
  }
}
