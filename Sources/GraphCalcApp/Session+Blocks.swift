import TextAndNumbers

// gnuplot's blocks that graphcalc does not run: `if (...) {...} else {...}`, `do for [...]
// {...}`, `while (...) {...}` and data blocks (`$DATA << EOD` ... `EOD`). Each is refused
// once, by name, at its first line, and its lines up to its end are taken without running
// them, so a script goes on after the block with one clear error instead of one error a line
// (or, worse, the lines of a branch not taken run as if they were taken).

extension Session {
  /// A block whose lines are being taken without running them.
  struct SkippedBlock: Sendable, Hashable {
    /// The `{` not yet closed (a brace block), or 0 for a data block.
    var depth: Int
    /// The line that ends a data block (`EOD`), or nil for a brace block.
    var terminator: String?
  }

  /// Whether the session is taking the lines of a block it does not run.
  public var skipsBlock: Bool { skipping != nil }

  /// Takes `line` when a block is being skipped, or refuses a line that starts one: the
  /// reply (nothing for a line inside the block, the error for its first line), or nil
  /// when `line` is no business of blocks.
  mutating func blockReply(_ line: String) -> Reply? {
    if var block = skipping {
      if let terminator = block.terminator {
        if line.trimmingBlanks() == terminator { skipping = nil }
        return Reply()
      }
      block.depth += Session.braceBalance(line)
      skipping = block.depth > 0 ? block : nil
      return Reply()
    }
    // Only a line whose first word starts `$`, `i`, `d` or `w` can open a block: every other
    // line leaves here before any string work (a plot or `-e 1+1` pays one byte test).
    guard let first = line.utf8.first(where: { $0 != 0x20 && $0 != 0x09 }),
      first == UInt8(ascii: "$") || first == UInt8(ascii: "i") || first == UInt8(ascii: "d")
        || first == UInt8(ascii: "w")
    else { return nil }
    let trimmed = line.trimmingBlanks()
    // $NAME << EOD
    let chars = Array(trimmed)
    if chars.first == "$",
      let marks = chars.indices.dropLast().first(where: { chars[$0] == "<" && chars[$0 + 1] == "<" }
      )
    {
      let name = String(characters: chars[..<marks]).trimmingBlanks()
      let end = String(characters: chars[(marks + 2)...]).trimmingBlanks()
      if !end.isEmpty, !name.isEmpty {
        skipping = SkippedBlock(depth: 0, terminator: end)
        let column = line.count - line.drop { $0 == " " || $0 == "\t" }.count
        return Reply(
          error: CommandError(
            .notSupported(
              what: "gnuplot's data block (\(name) << \(end))",
              hint: "put its lines in a file and plot the file; its lines up to \(end) are skipped"),
            at: column..<(column + name.count)))
      }
    }
    guard let word = trimmed.split(separator: " ", maxSplits: 1).first.map(String.init)
    else { return nil }
    let head = word.prefix { $0.isLetter }
    guard ["if", "do", "while"].contains(head), trimmed.contains("{") || head != "do" else {
      return nil
    }
    guard
      head == "do"
        ? String(trimmed.dropFirst(2)).trimmingBlanks().hasPrefix("for")
        : String(trimmed.dropFirst(head.count)).trimmingBlanks().hasPrefix("(")
    else { return nil }
    let balance = Session.braceBalance(line)
    if balance > 0 { skipping = SkippedBlock(depth: balance, terminator: nil) }
    let column = line.count - line.drop { $0 == " " || $0 == "\t" }.count
    let what =
      head == "do"
      ? "gnuplot's do for [...] { ... } loop"
      : head == "while" ? "gnuplot's while (...) { ... } loop" : "gnuplot's if (...) { ... } block"
    return Reply(
      error: CommandError(
        .notSupported(
          what: what,
          hint: balance > 0
            ? "its lines, up to the matching }, are skipped; write the commands out in turn"
            : "write the commands out in turn"),
        at: column..<(column + head.count)))
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
  fileprivate func trimmingBlanks() -> String {
    // On the UTF-8 view (blanks are ASCII): no generic String(Sequence) initialiser, whose
    // metadata the runtime builds on first use (about 740 k instructions at start-up).
    let bytes = utf8
    guard let start = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }) else { return "" }
    let last = bytes.lastIndex(where: { $0 != 0x20 && $0 != 0x09 }) ?? start
    return String(self[start...last])
  }
}
