import CalculatorBrain

// `print` and string variables (gnuplot's `msg = "..."`): StringExpression.swift reads them.

extension CommandEntry {
  /// `print ITEM[, ITEM...]`.
  static let print = CommandEntry(
    name: "print", usage: ["print ITEM[, ITEM...]"],
    summary: "print texts and values (gnuplot's print)",
    details: """
      Prints its items on one line, separated by a space, as gnuplot does: an item is a
      string ("text" or 'text'; in double quotes \\n is a newline and \\t a tab), a string
      variable (msg = "hello"), strings joined with . ("a" . "b"), sprintf("%g and %5.2f",
      a, b) (C's conversions %d %i %f %e %g %x %o %s %c), substr(S, I, J) (characters I to
      J, from 1), strlen(S), or any expression, printed as the calculator prints it:
      print "a = ", a. print alone prints an empty line.
      """
  ) { arguments throws(CommandError) in
    Print(items: arguments.isEmpty ? [] : arguments.items)
  }
}

/// `print ITEM, ...`: strings and numbers on one line.
struct Print: SessionCommand {
  /// The items, as typed.
  var items: [CommandArguments]

  func run(in session: inout Session) throws(CommandError) -> Reply {
    var texts: [String] = []
    for item in items {
      guard !item.isEmpty else {
        throw CommandError(
          .expected("a string or an expression"), at: item.start..<(item.start + 1))
      }
      if item.tokens.count == 2, Session.startsDataBlockName(item.tokens) {
        // A data block (`print $DATA`): its lines, as gnuplot prints them.
        texts.append(try session.dataBlockText(item.text.text, at: item.text.span))
        continue
      }
      let word = try session.replacingStringIslands(in: item.text)
      // A string expression, unless it is a number made of strings: a comparison inside a
      // numeric expression (`ARG1 eq "a" ? 1 : 2`: the islands are replaced, the rest is
      // the calculator's), or a string variable that is a number too (`ARG1 * 2`).
      var stringError: CommandError? = nil
      if StringExpression.starts(item.line, item.range, session: session) {
        var reader = StringExpression(item.line, item.range, session: session)
        do {
          texts.append(try reader.value().text(session))
          continue
        } catch {
          stringError = error
        }
      }
      do {
        let expr = try session.brain.parse(expression: word.text)
        texts.append(session.numberText(try session.brain.evaluateExactly(expr)))
      } catch {
        if let stringError { throw stringError }
        var located = CommandError(error, shiftedBy: word.offset)
        if located.location == nil { located.location = word.span }
        throw located
      }
    }
    return try session.printed(texts.joined(separator: " ") + "\n")
  }
}

/// `NAME = STRING`: a string variable (gnuplot's), kept by the session beside the
/// calculator's numbers; a later `NAME = NUMBER` makes it a number again.
struct StringAssignment: SessionCommand {
  /// The variable's name, as typed.
  var name: Word
  /// The string expression after `=`.
  var value: CommandArguments

  func run(in session: inout Session) throws(CommandError) -> Reply {
    var reader = StringExpression(value.line, value.range, session: session)
    let value: StringExpression.Value
    do {
      value = try reader.value()
    } catch {
      // A number computed from strings (`n = strlen(s) + 1`, `k = a eq b ? 1 : 2`): the
      // calculator's, with the string islands replaced.
      let tokens = self.value.line.tokens
      let whole = self.value.line.text(of: 0..<tokens.count, emptyOffset: 0)
      guard try session.replacingStringIslands(in: whole).text != whole.text else { throw error }
      let reply = try session.calculator(whole, mode: .infix)
      session.strings[name.text] = nil
      return reply
    }
    if case .number(let n) = value {  // `n = strlen(s)`, `same = a eq b`: a number
      session.strings[name.text] = nil
      session.brain.setVariable(name.text, to: n)
      return Reply()
    }
    session.brain.variables[name.text] = nil
    session.strings[name.text] = value.text(session)
    return Reply()
  }
}

extension Session {
  /// The string assignment `NAME = STRING` that `lexed` is, if it is one: a name, `=`, and
  /// a string expression (a string, a string variable, `sprintf(...)`).
  ///
  /// - Throws: `CommandError` at the name when it is a built-in's or a command's.
  func stringAssignment(_ lexed: LexedLine) throws(CommandError) -> StringAssignment? {
    let tokens = lexed.tokens
    guard tokens.count >= 3, tokens[0].kind == .name, tokens[1].text == "=",
      tokens[1].kind == .symbol,
      StringExpression.starts(lexed, 2..<tokens.count, session: self)
    else { return nil }
    let name = tokens[0]
    if Builtins.functions[name.text] != nil || Builtins.constants[name.text] != nil
      || StringExpression.functions[name.text] != nil
    {
      throw CommandError(.expected("a name of your own (\(name.text) is built in)"), at: name.span)
    }
    return StringAssignment(
      name: Word(name.text, at: name.offset),
      value: CommandArguments(
        line: lexed, range: 2..<tokens.count, start: tokens[1].span.upperBound))
  }

  /// Forgets the string variable that a numeric assignment `NAME = ...` in `lexed` replaces.
  mutating func forgetString(assignedIn text: String) {
    // The name before `=` read without the lexer first: most assignments name no string.
    let name = text.drop(while: { $0 == " " || $0 == "\t" }).prefix(while: CommandLexer.isNamePart)
    guard strings[String(name)] != nil, let lexed = try? CommandLexer.lex(text),
      lexed.tokens.count >= 2,
      lexed.tokens[0].kind == .name, lexed.tokens[1].text == "=",
      lexed.tokens.count < 3 || lexed.tokens[2].text != "="
    else { return }
    strings[lexed.tokens[0].text] = nil
  }
}
