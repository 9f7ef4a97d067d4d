import CalculatorBrain

// The commands around gnuplot's data blocks and macros (Session+Blocks.swift,
// Session+Macros.swift): `undefine`, `show datablocks`, `set macros`, and the refusal of
// gnuplot's arrays by name.
// `show datablocks` is read by `show` (Commands+Settings.swift).

extension CommandEntry {
  /// `undefine NAME...`: gnuplot's, for variables, string variables and data blocks.
  static let undefine = CommandEntry(
    name: "undefine", usage: ["undefine NAME|$BLOCK|PREFIX*..."],
    summary: "forget variables and data blocks (gnuplot's undefine)",
    details: """
      Forgets each variable, string variable or data block named ($DATA), as gnuplot's
      undefine does; NAME* forgets every variable whose name starts NAME. A name that is not
      defined is no error. Functions stay (define them again to change them).
      Example: undefine a b $DATA
      """
  ) { arguments throws(CommandError) in
    let words = arguments.words
    guard !words.isEmpty else {
      throw CommandError(.usage("undefine NAME|$BLOCK|PREFIX*..."))
    }
    for word in words {
      var text = word.text
      if text.hasSuffix("*") { text.removeLast() }
      guard !word.isString, Session.isDataBlockName(text) || Session.isPlainName(text) else {
        throw CommandError(
          .expected("a variable's name or a data block's ($DATA)"), at: word.span)
      }
    }
    return Undefine(names: words.map(\.text))
  }

  /// `array NAME[N]`: gnuplot's arrays, refused by name.
  static let array = CommandEntry(
    name: "array", usage: ["array NAME[N]"], summary: "gnuplot's arrays (not supported)",
    details: """
      gnuplot 5.4's arrays (array A[3], A[1] = 2, |A|) are not supported in graphcalc: use
      one variable per value (a1, a2, ...) or a data block ($DATA << EOD).
      """
  ) { arguments throws(CommandError) in
    throw CommandError(
      .notSupported(
        what: "gnuplot's arrays (array NAME[N])",
        hint: "use one variable per value (a1, a2, ...), or a data block ($DATA << EOD)"),
      at: arguments.isEmpty ? nil : arguments.text.span)
  }
}

/// `undefine NAME...`.
struct Undefine: SessionCommand {
  /// The names as typed (`$DATA`, `a`, `a*`).
  var names: [String]

  func run(in session: inout Session) throws(CommandError) -> Reply {
    for name in names {
      if name.hasSuffix("*") {
        let prefix = String(name.dropLast())
        if prefix.hasPrefix("$") {
          for key in session.data.options.dataBlocks.keys where key.hasPrefix(prefix) {
            session.data.options.dataBlocks[key] = nil
          }
          continue
        }
        for key in session.brain.variables.keys where key.hasPrefix(prefix) {
          session.brain.variables[key] = nil
        }
        for key in session.strings.keys where key.hasPrefix(prefix) { session.strings[key] = nil }
        continue
      }
      if name.hasPrefix("$") {
        session.data.options.dataBlocks[name] = nil
      } else {
        session.brain.variables[name] = nil
        session.strings[name] = nil
      }
    }
    return Reply()
  }
}

/// `show datablocks`: each data block's name and its number of lines, one a line.
struct ShowDataBlocks: SessionCommand {
  func run(in session: inout Session) throws(CommandError) -> Reply {
    let blocks = session.data.options.dataBlocks
    guard !blocks.isEmpty else { return .text("no data blocks") }
    return .text(
      blocks.keys.sorted().map { name in
        let lines = blocks[name, default: []].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        return "\(name): \(lines) line\(lines == 1 ? "" : "s")"
      }.joined(separator: "\n"))
  }
}

extension Session {
  /// The "not supported" error of a calculator line that is gnuplot's string-valued
  /// function (`f(s) = s . "x"`) or array element (`A[2] = 3`), or nil for any other.
  static func gnuplotOnlyForm(_ text: Word) -> CommandError? {
    guard let lexed = try? CommandLexer.lex(text.text), let first = lexed.tokens.first,
      first.kind == .name, lexed.tokens.count >= 3
    else { return nil }
    let tokens = lexed.tokens
    let span = (text.offset + first.offset)..<(text.offset + first.offset + first.text.count)
    if tokens[1].text == "[", !tokens[1].spaceBefore {
      return CommandError(
        .notSupported(
          what: "gnuplot's arrays (\(first.text)[...])",
          hint: "use one variable per value (a1, a2, ...), or a data block ($DATA << EOD)"),
        at: span)
    }
    guard tokens[1].text == "(",
      let equals = tokens.firstIndex(where: { $0.kind == .symbol && $0.text == "=" }),
      tokens[(equals + 1)...].contains(where: { $0.kind == .string })
    else { return nil }
    return CommandError(
      .notSupported(
        what: "string-valued functions (\(first.text)(...) = a string)",
        hint: "functions give numbers; build the string where it is used, with sprintf or ."),
      at: span)
  }

  /// Whether `text` is a name (a letter or `_`, then letters, digits, `_`).
  static func isPlainName(_ text: String) -> Bool {
    guard let first = text.first, CommandLexer.isNameStart(first) else { return false }
    return text.allSatisfy(CommandLexer.isNamePart)
  }

  /// What `print $NAME` prints of a data block: its lines as they were read.
  func dataBlockText(_ name: String, at span: Range<Int>) throws(CommandError) -> String {
    String(decoding: try dataBlock(name, at: span), as: UTF8.self)
  }
}

extension SettingEntry {
  /// `set macros`: accepted (gnuplot 5 expands `@NAME` always, and so does graphcalc).
  static let macros = SettingEntry(
    name: "macros", usage: ["set macros"],
    parse: { arguments throws(CommandError) in
      guard arguments.values.isEmpty else {
        throw CommandError(.takesNoArguments(command: "set macros"), at: arguments.values.text.span)
      }
      return Tell { _ in "" }
    },
    listing: { _ in nil }, unset: Tell { _ in "" })
}

extension SettingTable {
  /// The settings of gnuplot's blocks and macros.
  static let blockSettings: [SettingEntry] = [.macros]
}
