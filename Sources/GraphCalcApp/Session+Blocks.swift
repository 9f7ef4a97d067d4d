import CalculatorBrain
import DataFiles
import TextAndNumbers

// gnuplot 5.4's blocks (after its docs, `help do`, `help while`, `help if`, `help datablocks`,
// and src/command.c's reading of bracketed clauses): data blocks (`$NAME << EOD` ... `EOD`),
// `if (...) {...} else if (...) {...} else {...}`, `do for [...] {...}`, `while (...) {...}`,
// `break`, `continue`, and gnuplot 4's one-line `if (C) cmd; cmd; else cmd`.
//
// A block's lines are read first: a data block up to its end word, a brace block up to the
// line that closes its first `{` (each line is taken as it comes, at the prompt with a
// continuation prompt). A data block is then kept by name (`DataFileOptions.dataBlocks`: every
// command that reads a file reads `$NAME` as one); a brace block is parsed whole into
// statements (`BlockStatement`, so a syntax error anywhere stops it before any line runs)
// and run (Session+ControlFlow.swift). An error names the block's line that caused it.

extension Session {
  /// A block whose lines are being read.
  struct OpenBlock: Sendable, Hashable {
    /// A data block (its name with `$`, and the line that ends it) or a brace block.
    enum Kind: Sendable, Hashable {
      case data(name: String, terminator: String)
      case braces
    }

    /// What the lines are.
    var kind: Kind
    /// The line that opened it.
    var opening: String
    /// Where in `opening` the block's first word is (its caret when it is never ended).
    var openingSpan: Range<Int>
    /// A brace block's lines so far, the opening line first.
    var lines: [String] = []
    /// How many lines were read, the opening one included.
    var lineCount = 1
    /// The `{` not yet closed.
    var depth = 0
    /// A data block's bytes so far: its lines, each ending in a newline.
    var bytes: [UInt8] = []
  }

  /// Whether the session is reading the lines of a block (a brace block not yet closed or a
  /// data block not yet ended): the REPL shows its continuation prompt.
  public var awaitsBlockLines: Bool { openBlock != nil }

  /// Whether the lines being read are a data block's: they are data, taken as they are (a
  /// `\` at the end does not join them).
  public var readsDataBlock: Bool {
    if case .data = openBlock?.kind { return true }
    return false
  }

  /// Ends the block being read at the end of the input: an error naming the line that
  /// opened it (a `{` never closed, a data block's end word never reached); nothing is run.
  ///
  /// - Returns: The error, with `errorLine` the opening line and `errorLinesBack` how many
  ///   lines before the last one read it is; an empty reply when no block was open.
  public mutating func endOpenBlock() -> Reply {
    guard let block = openBlock else { return Reply() }
    openBlock = nil
    let later = block.lineCount - 1
    let problem: CommandProblem
    switch block.kind {
    case .data(let name, let terminator):
      problem = .dataBlockNotEnded(name: name, terminator: terminator, linesRead: later)
    case .braces:
      problem = .blockNotClosed(open: block.depth, linesRead: later)
    }
    var reply = Reply(error: CommandError(problem, at: block.openingSpan))
    reply.errorLine = block.opening
    reply.errorLinesBack = later
    return reply
  }

  /// Forgets the block being read (Ctrl-C at its prompt).
  ///
  /// - Returns: A note saying so, or nil when no block was open.
  public mutating func abandonOpenBlock() -> String? {
    guard let block = openBlock else { return nil }
    openBlock = nil
    if case .data(let name, _) = block.kind { return "note: data block \(name) abandoned" }
    return "note: block abandoned: none of its lines ran"
  }

  /// Takes `line` when a block is being read, or starts or runs a block that `line` opens:
  /// the reply (nothing while a block is read; the block's output and error once it ends),
  /// or nil when `line` is no business of blocks.
  mutating func blockReply(_ line: String) -> Reply? {
    if var block = openBlock {
      switch block.kind {
      case .data(let name, let terminator):
        if line.trimmedOfBlanks() == terminator {
          data.options.dataBlocks[name] = block.bytes
          openBlock = nil
          return Reply()
        }
        guard block.bytes.count + line.utf8.count < Session.inlineDataLimit else {
          openBlock = nil
          return Reply(error: CommandError(.inlineDataTooLarge(limit: Session.inlineDataLimit)))
        }
        block.bytes.append(contentsOf: line.utf8)
        block.bytes.append(0x0A)
        block.lineCount += 1
        openBlock = block
        return Reply()
      case .braces:
        block.lines.append(line)
        block.lineCount += 1
        block.depth += Session.braceBalance(line)
        if block.depth > 0 {
          openBlock = block
          return Reply()
        }
        openBlock = nil
        return runBlock(block.lines)
      }
    }
    // Only a line whose first word starts `$`, `i`, `d`, `w`, `b`, `c` or `e` can open a
    // block (or be a `break`, `continue` or `else` out of place): every other line leaves
    // here after one byte test (a plot or `-e 1+1`).
    guard let first = line.utf8.first(where: { $0 != 0x20 && $0 != 0x09 }) else { return nil }
    if let reply = blockAfterCommands(line) { return reply }
    switch first {
    case UInt8(ascii: "$"): return dataBlockStart(line)
    case UInt8(ascii: "i"), UInt8(ascii: "d"), UInt8(ascii: "w"), UInt8(ascii: "b"),
      UInt8(ascii: "c"), UInt8(ascii: "e"):
      break
    default: return nil
    }
    // On the UTF-8 bytes (the blanks and keywords are ASCII, so byte and column agree up
    // to the word's end): no generic string work for the lines of other commands.
    let bytes = Array(line.utf8)
    let isBlank = { (b: UInt8) in b == 0x20 || b == 0x09 }
    let isLetter = { (b: UInt8) in
      (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z")
    }
    let start = bytes.firstIndex { !isBlank($0) } ?? 0
    var end = start
    while end < bytes.count, isLetter(bytes[end]) { end += 1 }
    guard end - start >= 2, end - start <= 8, end == bytes.count || bytes[end] < 0x80 else {
      return nil
    }
    let word = String(decoding: bytes[start..<end], as: UTF8.self)
    let afterByte = bytes[end...].first { !isBlank($0) }
    let after = afterByte.map { Character(Unicode.Scalar($0)) }
    let span = start..<end
    switch word {
    case "if", "while":
      guard after == "(" else { return nil }
    case "do":
      var k = end
      while k < bytes.count, isBlank(bytes[k]) { k += 1 }
      guard k + 3 <= bytes.count, bytes[k] == UInt8(ascii: "f"), bytes[k + 1] == UInt8(ascii: "o"),
        bytes[k + 2] == UInt8(ascii: "r")
      else { return nil }
    case "break", "continue":
      guard after == nil || after == ";" || after == "#" else { return nil }
      return Reply(error: CommandError(.outsideLoop(word), at: span))
    case "else":
      guard after == nil || after == "{" || after == "i" else { return nil }
      return Reply(error: CommandError(.elseWithoutIf, at: span))
    default: return nil
    }
    let balance = Session.braceBalance(line)
    if balance > 0 {
      openBlock = OpenBlock(
        kind: .braces, opening: line, openingSpan: span, lines: [line], depth: balance)
      return Reply()
    }
    return runBlock([line])
  }

  /// Runs `line` when a block starts after its first command (`i = 0; while (i < 3) {
  /// ... }`): the commands before it, then the block (read on, when it is not closed on the
  /// line). Nil when no later command of the line starts a block.
  private mutating func blockAfterCommands(_ line: String) -> Reply? {
    guard line.utf8.contains(UInt8(ascii: ";")), line.utf8.contains(UInt8(ascii: "(")) else {
      return nil
    }
    let head = line.trimmedOfBlanks().prefix { $0.isLetter }
    guard head != "if", head != "while", head != "do" else { return nil }
    let pieces = Session.separatedCommands(in: line)
    guard pieces.count > 1 else { return nil }
    for piece in pieces.dropFirst() {
      let text = piece.text.trimmedOfBlanks()
      let word = text.prefix { $0.isLetter }
      guard word == "if" || word == "while" || word == "do" else { continue }
      let rest = text.dropFirst(word.count).drop { $0 == " " || $0 == "\t" }
      guard word == "do" ? rest.hasPrefix("for") : rest.hasPrefix("(") else { continue }
      let start = piece.offset
      let chars = Array(line)
      var reply = runCommands(String(characters: chars[..<(start - 1)]))
      guard reply.error == nil, !reply.quits, !awaitsInlineData else { return reply }
      let block = String(characters: chars[start...])
      var after = blockReply(block) ?? runCommands(block)
      after.output = reply.output + after.output
      if var error = after.error, after.errorLine == nil || after.errorLine == block,
        after.errorLinesBack == 0
      {
        error = Session.shifted(error, by: start)
        after.error = error
        after.errorLine = nil
      }
      reply = after
      return reply
    }
    return nil
  }

  /// Starts a data block when `line` is `$NAME << WORD`: its lines up to the line `WORD` are
  /// its data. Nil when `line` is none (a `$NAME` plot item, an expression).
  private mutating func dataBlockStart(_ line: String) -> Reply? {
    let chars = Array(line)
    guard let dollar = chars.firstIndex(of: "$") else { return nil }
    var k = dollar + 1
    guard k < chars.count, CommandLexer.isNameStart(chars[k]) else { return nil }
    while k < chars.count, CommandLexer.isNamePart(chars[k]) { k += 1 }
    let name = String(characters: chars[dollar..<k])
    while k < chars.count, chars[k] == " " || chars[k] == "\t" { k += 1 }
    guard k + 1 < chars.count, chars[k] == "<", chars[k + 1] == "<" else { return nil }
    let terminator = String(characters: chars[(k + 2)...]).trimmedOfBlanks()
    let span = dollar..<(dollar + name.count)
    guard !terminator.isEmpty, !terminator.contains(" "), !terminator.contains("\t") else {
      return Reply(
        error: CommandError(
          .needs(word: "<<", what: "the word that ends the block, as in: $DATA << EOD"),
          at: k..<(k + 2)))
    }
    openBlock = OpenBlock(
      kind: .data(name: name, terminator: terminator), opening: line, openingSpan: span)
    return Reply()
  }

  /// Whether `text` is a data block's name: `$`, then a name (`$DATA`, `$d_2`).
  static func isDataBlockName(_ text: String) -> Bool {
    guard text.utf8.first == UInt8(ascii: "$") else { return false }
    let rest = text.dropFirst()
    guard let first = rest.first, CommandLexer.isNameStart(first) else { return false }
    return rest.allSatisfy(CommandLexer.isNamePart)
  }

  /// Whether `tokens` start with a data block's name: `$` right before a name.
  static func startsDataBlockName(_ tokens: ArraySlice<CommandToken>) -> Bool {
    guard let first = tokens.first, first.kind == .symbol, first.text == "$",
      tokens.count >= 2
    else { return false }
    let name = tokens[tokens.startIndex + 1]
    return name.kind == .name && !name.spaceBefore
  }

  /// The data block `name` (with `$`), or an error at `span` naming the blocks there are.
  func dataBlock(_ name: String, at span: Range<Int>) throws(CommandError) -> [UInt8] {
    guard let bytes = data.options.dataBlocks[name] else {
      throw CommandError(
        .unknownDataBlock(name, known: data.options.dataBlocks.keys.sorted()), at: span)
    }
    return bytes
  }

  /// How many more `{` than `}` `line` has outside strings and comments.
  public static func braceBalance(_ line: String) -> Int {
    var balance = 0
    var quote: Character? = nil
    var escaped = false
    for c in line {
      if let q = quote {
        if escaped {
          escaped = false
        } else if c == "\\", q == "\"" {
          escaped = true
        } else if c == q {
          quote = nil
        }
        continue
      }
      switch c {
      case "\"", "'": quote = c
      case "#": return balance
      case "{": balance += 1
      case "}": balance -= 1
      default: break
      }
    }
    return balance
  }
}

extension String {
  /// The text without blanks (spaces, tabs) at its ends.
  func trimmedOfBlanks() -> String {
    // On the UTF-8 view (blanks are ASCII): no generic String(Sequence) initialiser, whose
    // metadata the runtime builds on first use (about 740 k instructions at start-up).
    let bytes = utf8
    guard let start = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }) else { return "" }
    let last = bytes.lastIndex(where: { $0 != 0x20 && $0 != 0x09 }) ?? start
    return String(self[start...last])
  }
}
