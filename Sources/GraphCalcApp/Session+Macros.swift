import CalculatorBrain
import TextAndNumbers

// gnuplot's text substitutions, made before a line's commands run (after gnuplot 5.4's docs,
// `help macros` and `help plot iteration`):
// - Macros: `@NAME` outside strings is the text of the string variable NAME (`cmd = "plot
//   sin(x)"; @cmd`); gnuplot 5 needs no `set macros`, and graphcalc takes it as a no-op.
// - Plot iterations: `plot for [i = A:B{:STEP}] ITEM` and `plot for [s in "a b c"] ITEM`
//   stand for the item once per value, the loop variable written in as that value
//   (`using 1:i` is `using 1:2`, `using 1:3`, ...; a word of `in` as a string). Nested
//   `for` clauses and several items with their own clauses are written out in turn.
// The error columns of a changed line are in the line as written out, which the reply names.

extension Session {
  /// The most items a plot iteration writes out.
  static let plotIterationLimit = 10_000

  /// `line` with its macros expanded, or nil when it has none (no `@` outside strings).
  ///
  /// - Throws: `CommandError` at `@NAME` when NAME is no string variable.
  func expandingMacros(in line: String) throws(CommandError) -> String? {
    guard line.utf8.contains(UInt8(ascii: "@")) else { return nil }
    // `stream`'s arguments are a shell command's and its options (`--match '@'`), not
    // gnuplot's: left as typed.
    if line.utf8.drop(while: { $0 == 0x20 || $0 == 0x09 }).starts(with: "stream".utf8) {
      return nil
    }
    let chars = Array(line)
    var out = ""
    var quote: Character? = nil
    var k = 0
    var changed = false
    while k < chars.count {
      let c = chars[k]
      if let q = quote {
        if c == "\\", q == "\"", k + 1 < chars.count {
          out.append(c)
          out.append(chars[k + 1])
          k += 2
          continue
        }
        if c == q { quote = nil }
        out.append(c)
        k += 1
        continue
      }
      if c == "#" {
        out += String(characters: chars[k...])
        break
      }
      if c == "\"" || c == "'" {
        quote = c
      } else if c == "@", k + 1 < chars.count, CommandLexer.isNameStart(chars[k + 1]) {
        var end = k + 1
        while end < chars.count, CommandLexer.isNamePart(chars[end]) { end += 1 }
        let name = String(characters: chars[(k + 1)..<end])
        guard let text = strings[name] else {
          throw CommandError(.unknownMacro(name), at: k..<end)
        }
        out += text
        changed = true
        k = end
        continue
      }
      out.append(c)
      k += 1
    }
    return changed ? out : nil
  }

  /// `line` with its plot iterations written out, or nil when it is no `plot`/`replot` line
  /// with a `for [...]` item.
  ///
  /// - Throws: `CommandError` at an iteration that cannot be read (Session+ControlFlow's
  ///   `iterationValues`), or when it writes out more than `plotIterationLimit` items.
  public func expandingPlotIterations(in line: String) throws(CommandError) -> String? {
    guard Session.mentionsFor(line), let lexed = try? CommandLexer.lex(line),
      let head = lexed.tokens.first, head.kind == .name,
      ["plot", "p", "pl", "plo", "replot", "rep", "repl", "replo"].contains(head.text)
    else { return nil }
    let tokens = lexed.tokens
    // The items: the tokens between commas outside brackets, after the ranges.
    var k = 1
    while k < tokens.count, tokens[k].text == "[" {
      guard let close = Session.closingBracket(tokens, from: k) else { return nil }
      k = close + 1
    }
    guard k < tokens.count else { return nil }
    let chars = lexed.characters
    let itemsStart = tokens[k].offset
    var items: [Range<Int>] = []  // character ranges
    var depth = 0
    var start = itemsStart
    for t in tokens[k...] {
      switch t.kind {
      case .open: depth += 1
      case .close: depth -= 1
      case .comma where depth == 0:
        items.append(start..<t.offset)
        start = t.offset + 1
      default: break
      }
    }
    items.append(start..<chars.count)
    var written: [String] = []
    var changed = false
    for range in items {
      let text = String(characters: chars[range])
      let lead = text.prefix { $0 == " " || $0 == "\t" }.count
      let expanded = try expandingIteration(
        text.trimmedOfBlanks(), at: range.lowerBound + lead, budget: Session.plotIterationLimit)
      if expanded.count != 1 || expanded[0] != text.trimmedOfBlanks() { changed = true }
      written += expanded
      guard written.count <= Session.plotIterationLimit else {
        throw CommandError(
          .notSupported(
            what: "a plot of more than \(Session.plotIterationLimit) iterated items",
            hint: "plot fewer"), at: range)
      }
    }
    guard changed else { return nil }
    return String(characters: chars[..<itemsStart]) + written.joined(separator: ", ")
  }

  /// Whether `line` has the letters `for` followed (after blanks) by `[`: the only lines
  /// worth lexing for plot iterations (a byte scan, no string search).
  static func mentionsFor(_ line: String) -> Bool {
    guard line.utf8.contains(UInt8(ascii: "[")) else { return false }
    let bytes = Array(line.utf8)
    var k = 0
    while k + 3 < bytes.count {
      if bytes[k] == UInt8(ascii: "f"), bytes[k + 1] == UInt8(ascii: "o"),
        bytes[k + 2] == UInt8(ascii: "r")
      {
        var j = k + 3
        while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x09 { j += 1 }
        if j < bytes.count, bytes[j] == UInt8(ascii: "[") { return true }
      }
      k += 1
    }
    return false
  }

  /// One plot item written out: itself when it does not start `for [...]`, else its body
  /// once per value (nested clauses too).
  private func expandingIteration(_ item: String, at column: Int, budget: Int) throws(CommandError)
    -> [String]
  {
    guard item.hasPrefix("for"), let lexed = try? CommandLexer.lex(item),
      lexed.tokens.count >= 3, lexed.tokens[0].text == "for", lexed.tokens[1].text == "[",
      let close = Session.closingBracket(lexed.tokens, from: 1)
    else { return [item] }
    let tokens = lexed.tokens
    let chars = lexed.characters
    let inside = (tokens[1].offset + 1)..<tokens[close].offset
    let spec = String(characters: chars[inside])
    let lead = spec.prefix { $0 == " " || $0 == "\t" }.count
    let values = try iterationValues(
      BlockPiece(text: spec.trimmedOfBlanks(), line: 0, column: column + inside.lowerBound + lead))
    let bodyStart = tokens[close].offset + 1
    let body = String(characters: chars[bodyStart...]).trimmedOfBlanks()
    guard !body.isEmpty else {
      throw CommandError(
        .expected("an item after the iteration, as in: for [i=2:4] \"FILE\" using 1:i"),
        at: (column + tokens[close].offset)..<(column + tokens[close].offset + 1))
    }
    if values.end == nil, values.words == nil {
      throw CommandError(
        .notSupported(what: "a plot iteration without an end (*)", hint: "give its end"),
        at: (column + inside.lowerBound)..<(column + inside.upperBound))
    }
    var out: [String] = []
    var k = 0
    while let value = values.value(k) {
      k += 1
      guard out.count < budget else { break }
      let text = try titleWrittenOut(Session.substituting(values.name, with: value, in: body))
      out += try expandingIteration(text, at: column + bodyStart, budget: budget - out.count)
    }
    return out
  }

  /// An iterated item with its `title EXPR` (`title sprintf("col %d", 2)`, `title "c" . 2`)
  /// written as the quoted text it is, as gnuplot evaluates it for each item.
  ///
  /// - Throws: `CommandError` when the title's expression cannot be evaluated.
  private func titleWrittenOut(_ item: String) throws(CommandError) -> String {
    guard let lexed = try? CommandLexer.lex(item) else { return item }
    let tokens = lexed.tokens
    guard
      let k = tokens.indices.first(where: {
        tokens[$0].kind == .name && Session.plotKeyword(tokens[$0].text) == "title" && $0 > 0
      }), k + 1 < tokens.count, tokens[k + 1].kind != .string || k + 2 < tokens.count
    else { return item }
    // The expression: up to the next keyword of a data item outside brackets.
    var end = k + 1
    var depth = 0
    while end < tokens.count {
      let t = tokens[end]
      if t.kind == .open { depth += 1 }
      if t.kind == .close { depth -= 1 }
      if depth == 0, t.kind == .name, end > k + 1, tokens[end - 1].kind != .symbol,
        Session.dataItemKeywords.contains(Session.plotKeyword(t.text))
      {
        break
      }
      end += 1
    }
    guard end - (k + 1) > 1 || tokens[k + 1].kind != .string else { return item }
    let chars = lexed.characters
    let from = tokens[k + 1].offset
    let to = end < tokens.count ? tokens[end].offset : chars.count
    let source = String(characters: chars[from..<to]).trimmedOfBlanks()
    guard
      StringExpression.starts(
        try CommandLexer.lex(source), 0..<(try CommandLexer.lex(source).tokens.count),
        session: self)
    else { return item }
    let text = try stringValue(Word(source, at: from))
    return
      (String(characters: chars[..<from]) + Session.quoted(text) + " "
      + String(characters: chars[to...])).trimmedOfBlanks()
  }

  /// `text` with every name token `name` (outside strings, not a function's name) written
  /// as `value`: a number as digits, a word as a string in double quotes (also a number
  /// after `.`, which joins strings).
  static func substituting(_ name: String, with value: IterationValues.Value, in text: String)
    -> String
  {
    guard let lexed = try? CommandLexer.lex(text) else { return text }
    let chars = lexed.characters
    let tokens = lexed.tokens
    var out = ""
    var last = 0
    for (k, t) in tokens.enumerated() where t.kind == .name && t.text == name {
      if k + 1 < tokens.count, tokens[k + 1].text == "(", !tokens[k + 1].spaceBefore { continue }
      if k > 0, tokens[k - 1].text == "$", !t.spaceBefore { continue }
      let joins = k > 0 && tokens[k - 1].kind == .symbol && tokens[k - 1].text == "."
      out += String(characters: chars[last..<t.offset])
      switch value {
      case .number(let n): out += joins ? "\"\(n)\"" : "\(n)"
      case .word(let w): out += Session.quoted(w)
      }
      last = t.offset + t.text.count
    }
    out += String(characters: chars[last...])
    return out
  }

  /// `text` in double quotes, its `"` and `\` escaped.
  static func quoted(_ text: String) -> String {
    var out = "\""
    for c in text {
      if c == "\"" || c == "\\" { out.append("\\") }
      out.append(c)
    }
    return out + "\""
  }
}
