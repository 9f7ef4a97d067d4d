import CalculatorBrain
import TextAndNumbers

// gnuplot 5.4's control flow (`help do`, `help while`, `help if`, `help break`): a brace
// block's lines, once read (Session+Blocks.swift), are parsed whole into statements, then
// run. Newlines and `;` separate commands; `}` ends a body; `} else {` and `} else if (C) {`
// chain branches; `#` starts a comment outside strings. An iteration `[i = A:B{:STEP}]`
// evaluates A, B and STEP once, truncated to integers as gnuplot does (a STEP that is not a
// whole number, or 0, is an error), with `*` for an end never reached; `[s in "a b c"]` takes
// the string's words (gnuplot's `word`). The loop variable has its earlier value (or none)
// back after the loop, as in gnuplot 5.4. Each condition is any expression, true when not 0.
// An error stops the block; `quit` stops it and the session. Ctrl-C stops a loop between two
// steps (`brain.interrupt`, asked before each command and each test: within the 3 s bound of
// DECISIONS.md whenever each command does).

/// A piece of a block's text: a command, a condition or an iteration, and where it is.
struct BlockPiece: Sendable, Hashable {
  /// The text, without blanks at its ends.
  var text: String
  /// The block's line it is on (0: the opening line).
  var line: Int
  /// The column it starts at in that line.
  var column: Int
}

/// One statement of a brace block.
indirect enum BlockStatement: Sendable, Hashable {
  /// A command line run as typed at the prompt.
  case command(BlockPiece)
  /// `if (C) {...} else if (C) {...} else {...}`: the first branch whose condition holds,
  /// else `otherwise`.
  case branches([Branch], otherwise: [BlockStatement])
  /// `do for [ITERATION] {...}`.
  case loop(BlockPiece, [BlockStatement])
  /// `while (C) {...}`.
  case whileLoop(BlockPiece, [BlockStatement])
  /// `break` or `continue`.
  case jump(BlockPiece, breaks: Bool)

  /// A condition and the statements it guards.
  struct Branch: Sendable, Hashable {
    var condition: BlockPiece
    var body: [BlockStatement]
  }
}

/// Reads a brace block's lines into statements (the grammar of the file header).
struct BlockParser {
  /// The lines, as characters.
  let lines: [[Character]]
  /// The line and column read next.
  private(set) var line = 0
  private(set) var column = 0

  /// A problem at a place in the block.
  struct Failure: Error {
    var error: CommandError
    var line: Int
  }

  init(_ lines: [String]) {
    self.lines = lines.map { Array($0) }
  }

  /// The character read next on this line, or nil at its end.
  private var current: Character? {
    line < lines.count && column < lines[line].count ? lines[line][column] : nil
  }

  /// Whether every line has been read.
  private var atEnd: Bool { line >= lines.count }

  /// Skips blanks on this line.
  private mutating func skipBlanks() {
    while let c = current, c == " " || c == "\t" { column += 1 }
  }

  /// Skips blanks, `;`, comments and line ends: the start of the next statement.
  private mutating func skipSeparators() {
    while !atEnd {
      skipBlanks()
      guard let c = current, c != "#" else {
        line += 1
        column = 0
        continue
      }
      guard c == ";" else { return }
      column += 1
    }
  }

  /// The letters at the reading place (a keyword, if one).
  private func word() -> String {
    guard line < lines.count else { return "" }
    var k = column
    while k < lines[line].count, lines[line][k].isLetter { k += 1 }
    return String(characters: lines[line][column..<k])
  }

  /// The character after the word `word` and blanks, on this line.
  private func after(_ word: String) -> Character? {
    var k = column + word.count
    while k < lines[line].count, lines[line][k] == " " || lines[line][k] == "\t" { k += 1 }
    return k < lines[line].count ? lines[line][k] : nil
  }

  /// A failure at `columns` of this line.
  private func failure(_ problem: CommandProblem, at columns: Range<Int>) -> Failure {
    Failure(error: CommandError(problem, at: columns), line: min(line, lines.count - 1))
  }

  /// All the statements: the whole block.
  mutating func statements() throws(Failure) -> [BlockStatement] {
    try list(closing: nil)
  }

  /// Statements up to the `}` that closes the `{` at (`closing`), or to the end when nil.
  private mutating func list(closing: (line: Int, column: Int)?) throws(Failure) -> [BlockStatement]
  {
    var result: [BlockStatement] = []
    while true {
      skipSeparators()
      if atEnd {
        guard let closing else { return result }
        line = closing.line
        throw failure(
          .blockNotClosed(open: 1, linesRead: 0), at: closing.column..<(closing.column + 1))
      }
      if current == "}" {
        guard closing != nil else {
          throw failure(.unmatchedBrace, at: column..<(column + 1))
        }
        column += 1
        return result
      }
      result.append(try statement())
    }
  }

  /// One statement at the reading place.
  private mutating func statement() throws(Failure) -> BlockStatement {
    let keyword = word()
    let next = after(keyword)
    switch keyword {
    case "if" where next == "(":
      return try ifStatement()
    case "while" where next == "(":
      column += keyword.count
      skipBlanks()
      let condition = try parenthesized()
      return .whileLoop(condition, try body(of: "while"))
    case "do":
      let start = column
      column += 2
      skipBlanks()
      guard word() == "for" else { break }
      column += 3
      skipBlanks()
      guard current == "[" else {
        throw failure(
          .needs(word: "do for", what: "[i = A:B] or [s in \"a b c\"]"), at: start..<column)
      }
      let iteration = try bracketed()
      return .loop(iteration, try body(of: "do for"))
    case "break",
      "continue" where next == nil || next == ";" || next == "}" || next == "#":
      let piece = BlockPiece(text: keyword, line: line, column: column)
      column += keyword.count
      return .jump(piece, breaks: keyword == "break")
    case "else":
      throw failure(.elseWithoutIf, at: column..<(column + 4))
    default: break
    }
    if current == "$", lines[line][column...].contains(where: { $0 == "<" }),
      Session.braceBalance(String(characters: lines[line][column...])) == 0,
      String(characters: lines[line][column...]).contains("<<")
    {
      throw failure(
        .notSupported(
          what: "a data block inside a { } block",
          hint: "define it before the block, as gnuplot requires"), at: column..<(column + 1))
    }
    return .command(command())
  }

  /// `if (C) {...} [else if (C) {...}]... [else {...}]`, or gnuplot 4's `if (C) cmd; cmd;
  /// else cmd` (the rest of the line).
  private mutating func ifStatement() throws(Failure) -> BlockStatement {
    column += 2
    skipBlanks()
    let condition = try parenthesized()
    skipBlanks()
    guard current == "{" else { return try oldStyleIf(condition) }
    var branches = [BlockStatement.Branch(condition: condition, body: try body(of: "if"))]
    while true {
      skipBlanks()
      guard word() == "else" else { return .branches(branches, otherwise: []) }
      column += 4
      skipBlanks()
      if word() == "if", after("if") == "(" {
        column += 2
        skipBlanks()
        let condition = try parenthesized()
        branches.append(.init(condition: condition, body: try body(of: "else if")))
        continue
      }
      return .branches(branches, otherwise: try body(of: "else"))
    }
  }

  /// gnuplot 4's `if (C) cmd; cmd; else cmd; cmd`: the commands after the condition, up to
  /// the line's end (or a `}` that closes the block around it), `else` parting the two.
  private mutating func oldStyleIf(_ condition: BlockPiece) throws(Failure) -> BlockStatement {
    var then: [BlockStatement] = []
    var otherwise: [BlockStatement] = []
    var inElse = false
    let row = line
    while line == row {
      skipBlanks()
      guard let c = current, c != "#", c != "}" else { break }
      if c == ";" {
        column += 1
        continue
      }
      if word() == "else", !inElse {
        column += 4
        inElse = true
        continue
      }
      let piece = command()
      if inElse { otherwise.append(.command(piece)) } else { then.append(.command(piece)) }
    }
    if line == row, current == "#" {  // a comment ends the line
      line += 1
      column = 0
    }
    return .branches([.init(condition: condition, body: then)], otherwise: otherwise)
  }

  /// `{ statements }` after a clause of `what`.
  private mutating func body(of what: String) throws(Failure) -> [BlockStatement] {
    skipBlanks()
    guard current == "{" else {
      let at = column..<(column + 1)
      throw failure(.needs(word: what, what: "{ and its commands, on the same line"), at: at)
    }
    let open = (line, column)
    column += 1
    return try list(closing: open)
  }

  /// The text between `(` at the reading place and its `)`, on this line.
  private mutating func parenthesized() throws(Failure) -> BlockPiece {
    try enclosed(open: "(", close: ")")
  }

  /// The text between `[` at the reading place and its `]`, on this line.
  private mutating func bracketed() throws(Failure) -> BlockPiece {
    try enclosed(open: "[", close: "]")
  }

  /// The text between `open` at the reading place and its `close` (nested pairs and strings
  /// skipped), on this line; the reading place is then after `close`.
  private mutating func enclosed(open: Character, close: Character) throws(Failure) -> BlockPiece {
    let start = column
    var depth = 0
    var quote: Character? = nil
    let chars = lines[line]
    var k = column
    while k < chars.count {
      let c = chars[k]
      if let q = quote {
        if c == "\\", q == "\"" {
          k += 2
          continue
        }
        if c == q { quote = nil }
      } else if c == "\"" || c == "'" {
        quote = c
      } else if c == open {
        depth += 1
      } else if c == close {
        depth -= 1
        if depth == 0 {
          column = k + 1
          let inside = String(characters: chars[(start + 1)..<k])
          let lead = inside.prefix { $0 == " " || $0 == "\t" }.count
          return BlockPiece(text: inside.trimmedOfBlanks(), line: line, column: start + 1 + lead)
        }
      }
      k += 1
    }
    throw failure(open == "(" ? .unclosedParenthesis : .unclosedBracket, at: start..<(start + 1))
  }

  /// A command: the text up to `;`, a comment, the line's end, or a `}` that closes a block
  /// around it (strings and the command's own braces skipped).
  private mutating func command() -> BlockPiece {
    let chars = lines[line]
    let start = column
    var quote: Character? = nil
    var depth = 0
    var k = column
    scan: while k < chars.count {
      let c = chars[k]
      if let q = quote {
        if c == "\\", q == "\"" {
          k += 2
          continue
        }
        if c == q { quote = nil }
        k += 1
        continue
      }
      switch c {
      case "\"", "'":
        // A quote opens a string where a word may start (CommandLexer's rule); a prime
        // (`f'(x)`) is none.
        let before = k > start ? chars[k - 1] : " "
        if c == "\"" || !(before.isLetter || before.isNumber || before == ")" || before == "'") {
          quote = c
        }
      case ";", "#": break scan
      case "{": depth += 1
      case "}":
        if depth == 0 { break scan }
        depth -= 1
      default: break
      }
      k += 1
    }
    column = min(k, chars.count)
    let text = String(characters: chars[start..<column])
    return BlockPiece(text: text.trimmedOfBlanks(), line: line, column: start)
  }
}

extension Session {
  /// What running a block's statements left to do next.
  enum BlockFlow {
    /// Go on with the next statement.
    case next
    /// `break` or `continue` of the innermost loop.
    case jump(breaks: Bool)
    /// An error, or `quit`: the block stops.
    case stop
  }

  /// What a block's run gathers: its output, and why it stopped.
  struct BlockRun {
    /// The block's lines (error carets point into them).
    var lines: [String]
    /// The output so far, when it is not written as it comes (`blockOutput`).
    var output = ""
    /// The error that stopped the block, and the block's line it is in.
    var error: CommandError?
    var errorLine: String?
    var errorLineIndex = 0
    /// Whether `quit` or `exit` ran.
    var quits = false
    /// The last `pause` a command asked for.
    var pause: PauseRequest?
  }

  /// Parses and runs the brace block of `lines` (the opening line first, the closing one
  /// last), whose lines are all read.
  ///
  /// - Returns: Its commands' output, the first error (with `errorLine` and
  ///   `errorLinesBack` naming its line), and whether `quit` ran.
  mutating func runBlock(_ lines: [String]) -> Reply {
    var parser = BlockParser(lines)
    var run = BlockRun(lines: lines)
    do throws(BlockParser.Failure) {
      let statements = try parser.statements()
      _ = execute(statements, &run)
    } catch {
      run.error = error.error
      run.errorLine = lines[error.line]
      run.errorLineIndex = error.line
    }
    var reply = Reply(output: run.output, error: run.error, quits: run.quits)
    reply.pause = run.pause
    if run.error != nil {
      reply.errorLine = run.errorLine
      reply.errorLinesBack = lines.count - 1 - run.errorLineIndex
    }
    return reply
  }

  /// Runs `statements` in turn.
  private mutating func execute(_ statements: [BlockStatement], _ run: inout BlockRun)
    -> BlockFlow
  {
    for statement in statements {
      let flow = execute(statement, &run)
      guard case .next = flow else { return flow }
    }
    return .next
  }

  /// Runs one statement.
  private mutating func execute(_ statement: BlockStatement, _ run: inout BlockRun) -> BlockFlow {
    if brain.interrupt?() == true { return stop(&run, .blockInterrupted, at: statement.piece) }
    switch statement {
    case .command(let piece):
      return command(piece, &run)
    case .branches(let branches, let otherwise):
      for branch in branches {
        guard let holds = condition(branch.condition, &run) else { return .stop }
        if holds { return execute(branch.body, &run) }
      }
      return execute(otherwise, &run)
    case .whileLoop(let test, let body):
      while true {
        guard let holds = condition(test, &run) else { return .stop }
        guard holds else { return .next }
        if brain.interrupt?() == true { return stop(&run, .blockInterrupted, at: test) }
        switch execute(body, &run) {
        case .stop: return .stop
        case .jump(breaks: true): return .next
        case .next, .jump(breaks: false): continue
        }
      }
    case .loop(let iteration, let body):
      return loop(iteration, body, &run)
    case .jump(let piece, let breaks):
      _ = piece
      return .jump(breaks: breaks)
    }
  }

  /// Stops the block with `problem` at `piece`.
  private func stop(_ run: inout BlockRun, _ problem: CommandProblem, at piece: BlockPiece)
    -> BlockFlow
  {
    stop(&run, CommandError(problem, at: piece.column..<(piece.column + piece.text.count)), piece)
  }

  /// Stops the block with `error`, located in the line of `piece`.
  private func stop(_ run: inout BlockRun, _ error: CommandError, _ piece: BlockPiece)
    -> BlockFlow
  {
    run.error = error
    run.errorLine = run.lines[piece.line]
    run.errorLineIndex = piece.line
    return .stop
  }

  /// Whether `piece`'s expression holds (is not 0), or nil after an error (in `run`).
  private mutating func condition(_ piece: BlockPiece, _ run: inout BlockRun) -> Bool? {
    guard !piece.text.isEmpty else {
      _ = stop(&run, .expected("a condition in the parentheses"), at: piece)
      return nil
    }
    do throws(CommandError) {
      return try number(Word(piece.text, at: piece.column)) != 0
    } catch {
      _ = stop(&run, error, piece)
      return nil
    }
  }

  /// Runs one command of a block, as the prompt would.
  private mutating func command(_ piece: BlockPiece, _ run: inout BlockRun) -> BlockFlow {
    guard !piece.text.isEmpty else { return .next }
    var reply = runCommands(piece.text)
    if let sink = blockOutput, !reply.output.isEmpty {
      sink(reply.output)
    } else {
      run.output += reply.output
    }
    let whole = piece.column..<(piece.column + piece.text.count)
    if inlineData != nil {  // `plot "-"` would take the block's next lines as its data
      inlineData = nil
      reply.error = CommandError(
        .notSupported(
          what: "plot \"-\" inside a { } block",
          hint: "put the data in a data block ($DATA << EOD) before the block"))
    } else if reply.load != nil {
      reply.error = CommandError(
        .notSupported(
          what: "load and call inside a { } block", hint: "load the file before or after it"))
    } else if reply.startsExplore || reply.stream != nil {
      reply.error = CommandError(
        .notSupported(
          what: "explore and stream inside a { } block", hint: "run them after the block"))
    }
    if var error = reply.error {
      if let line = reply.errorLine {  // the error is about a line of its own (expanded)
        run.error = error
        run.errorLine = line
        run.errorLineIndex = piece.line
        return .stop
      }
      if let at = error.location {
        error.location = (at.lowerBound + piece.column)..<(at.upperBound + piece.column)
      } else {
        error.location = whole
      }
      return stop(&run, error, piece)
    }
    if let pause = reply.pause { run.pause = pause }
    if reply.quits {
      run.quits = true
      return .stop
    }
    return .next
  }

  /// `do for [ITERATION] {body}`: the iteration read (file header), the body run for each
  /// value, the loop variable given its earlier value back after.
  private mutating func loop(
    _ iteration: BlockPiece, _ body: [BlockStatement], _ run: inout BlockRun
  ) -> BlockFlow {
    let values: IterationValues
    do throws(CommandError) {
      values = try iterationValues(iteration)
    } catch {
      return stop(&run, error, iteration)
    }
    let name = values.name
    let savedNumber = brain.variables[name]
    let savedString = strings[name]
    defer {
      strings[name] = savedString
      if let savedNumber {
        brain.setVariable(name, to: savedNumber)
      } else {
        brain.variables[name] = nil
      }
    }
    var k = 0
    while let value = values.value(k) {
      k += 1
      if brain.interrupt?() == true { return stop(&run, .blockInterrupted, at: iteration) }
      switch value {
      case .number(let n):
        strings[name] = nil
        brain.setVariable(name, to: Double(n))
      case .word(let w):
        // A word that is a number is a number too (`last * 10 + w`), as gnuplot converts
        // it, and as `call`'s parameters are.
        if let n = Double(w), n.isFinite {
          brain.setVariable(name, to: n)
        } else {
          brain.variables[name] = nil
        }
        strings[name] = w
      }
      switch execute(body, &run) {
      case .stop: return .stop
      case .jump(breaks: true): return .next
      case .next, .jump(breaks: false): continue
      }
    }
    return .next
  }
}

extension BlockStatement {
  /// The statement's first piece, for an error's place.
  var piece: BlockPiece {
    switch self {
    case .command(let p), .loop(let p, _), .whileLoop(let p, _), .jump(let p, _): return p
    case .branches(let branches, _): return branches[0].condition
    }
  }
}

/// The values of an iteration `[i = A:B:STEP]` or `[s in "WORDS"]`.
struct IterationValues {
  /// The loop variable's name.
  var name: String
  /// A value of the loop variable.
  enum Value: Equatable {
    case number(Int)
    case word(String)
  }
  /// The numbers' start, end (nil: `*`, never reached) and step.
  var start = 0
  var end: Int? = 0
  var step = 1
  /// The words, for `in`.
  var words: [String]? = nil

  /// The `k`th value (from 0), or nil after the last.
  func value(_ k: Int) -> Value? {
    if let words { return k < words.count ? .word(words[k]) : nil }
    let (offset, overflow) = step.multipliedReportingOverflow(by: k)
    let (v, over) = start.addingReportingOverflow(offset)
    guard !overflow, !over else { return nil }
    if let end, step > 0 ? v > end : v < end { return nil }
    return .number(v)
  }
}

extension Session {
  /// Reads an iteration `NAME = A:B[:STEP]` (numbers, truncated to integers; `*` for B) or
  /// `NAME in STRING` (the string's words), at `piece` (the text inside the brackets).
  ///
  /// - Throws: `CommandError` at the part at fault: no name, no `=` or `in`, a bound that is
  ///   not a finite number, a step that is 0 or not whole.
  func iterationValues(_ piece: BlockPiece) throws(CommandError) -> IterationValues {
    let usage = CommandProblem.needs(
      word: "for", what: "[i = A:B], [i = A:B:STEP] or [s in \"a b c\"]")
    let whole = piece.column..<(piece.column + max(1, piece.text.count))
    let lexed: LexedLine
    do {
      lexed = try CommandLexer.lex(piece.text)
    } catch {
      throw CommandError(usage, at: whole)
    }
    let tokens = lexed.tokens
    guard tokens.count >= 3, tokens[0].kind == .name else { throw CommandError(usage, at: whole) }
    let name = tokens[0].text
    var values = IterationValues(name: name)
    func part(_ range: Range<Int>) -> Word {
      let word = lexed.text(of: range, emptyOffset: tokens[range.lowerBound - 1].offset + 1)
      return Word(word.text, at: word.offset + piece.column)
    }
    if tokens[1].kind == .name, tokens[1].text == "in" {
      let source = part(2..<tokens.count)
      values.words = StringExpression.words(try stringValue(source))
      return values
    }
    guard tokens[1].text == "=" else { throw CommandError(usage, at: whole) }
    var cuts: [Int] = []
    var depth = 0
    for k in 2..<tokens.count {
      switch tokens[k].kind {
      case .open: depth += 1
      case .close: depth -= 1
      case .colon where depth == 0: cuts.append(k)
      default: break
      }
    }
    guard cuts.count == 1 || cuts.count == 2 else { throw CommandError(usage, at: whole) }
    let bounds = zip([2] + cuts.map { $0 + 1 }, cuts + [tokens.count]).map { $0..<$1 }
    guard bounds.allSatisfy({ !$0.isEmpty }) else { throw CommandError(usage, at: whole) }
    func bound(_ range: Range<Int>, mayBeStar: Bool) throws(CommandError) -> Int? {
      let word = part(range)
      if mayBeStar, word.text == "*" { return nil }
      let v = try number(word)
      guard v.isFinite, abs(v) < 9e15 else {
        throw CommandError(.notFinite(command: "for", value: v), at: word.span)
      }
      return Int(v)
    }
    values.start = try bound(bounds[0], mayBeStar: false) ?? 0
    values.end = try bound(bounds[1], mayBeStar: true)
    if bounds.count == 3 {
      let word = part(bounds[2])
      let step = try number(word)
      guard step.isFinite, step == step.rounded(), step != 0, abs(step) < 9e15 else {
        throw CommandError(.iterationStep(step), at: word.span)
      }
      values.step = Int(step)
    }
    return values
  }

  /// The value of `word` as a string expression (`"a b c"`, `s . "d"`, `sprintf(...)`).
  ///
  /// - Throws: `CommandError` at the column at fault.
  func stringValue(_ word: Word) throws(CommandError) -> String {
    let lexed: LexedLine
    do {
      lexed = try CommandLexer.lex(word.text)
    } catch {
      throw Session.shifted(error, by: word.offset)
    }
    guard !lexed.tokens.isEmpty else {
      throw CommandError(.expected("a string, as in: \"a b c\""), at: word.span)
    }
    var reader = StringExpression(lexed, 0..<lexed.tokens.count, session: self)
    do {
      return try reader.value().text(self)
    } catch {
      throw Session.shifted(error, by: word.offset)
    }
  }

  /// `error` with its columns moved `offset` to the right.
  static func shifted(_ error: CommandError, by offset: Int) -> CommandError {
    var moved = error
    if let at = error.location {
      moved.location = (at.lowerBound + offset)..<(at.upperBound + offset)
    }
    return moved
  }
}
