import GraphView

// gnuplot 5.4's line styles and line types (`help set style line`, `help set linetype`,
// `help set style increment`): `set style line N [default] [lt T] [lc C] [lw W] [dt D]
// [pt P] [ps S]`, `unset style line [N]`, `show style line [N]`, `set style increment
// user|default`; `set linetype N [lc C] [lw W] [dt D] [pt P] [ps S]`, `set linetype cycle
// N`, `unset linetype [N]`, `show linetype [N]`. The tables and how a look takes them are
// in Session+LineStyles.swift; `ls N` and `lt N` per plot item in Session+Styles.swift.

extension SettingTable {
  /// The settings of Commands+LineStyles.swift (`set style line` is read by `set style`,
  /// Commands+Histogram.swift, through `SetLineLook.parse`).
  static let lineStyleSettings: [SettingEntry] = [.lineType]
}

extension SettingEntry {
  /// The usage of `set style line`.
  static let styleLineUsage =
    "set style line N [default] [lt T] [lc rgb \"COLOUR\"|lc N] [lw W] [dt D] [pt P] [ps S]"

  /// The usage of `set style increment`.
  static let styleIncrementUsage = "set style increment user|default"

  /// `set linetype N [lc ...] [lw W] [dt D] [pt P] [ps S]`, `set linetype cycle N`:
  /// gnuplot's line types (see the file's comment).
  static let lineType: SettingEntry = {
    var entry = SettingEntry(
      name: "linetype", aliases: ["lt", "linetypes"],
      usage: [
        "set linetype N [lc rgb \"COLOUR\"|lc N] [lw W] [dt D] [pt P] [ps S]",
        "set linetype cycle N",
      ],
      keywords: [
        "cycle", "lc", "linecolor", "rgb", "lw", "linewidth", "dt", "dashtype", "pt", "ps",
      ],
      parse: { arguments throws(CommandError) in
        let words = arguments.values.words.map(\.word)
        guard let first = words.first else {
          throw CommandError(
            .needs(word: "set linetype", what: "a line type, as in: set linetype 1 lc rgb \"red\""),
            at: arguments.name.span)
        }
        if first.text == "cycle" {
          guard words.count == 2 else {
            throw CommandError(
              .needs(word: "set linetype cycle", what: "a number, as in: set linetype cycle 4"),
              at: words.count > 2 ? words[2].span : first.span)
          }
          return SetLineTypeCycle(count: words[1])
        }
        return try SetLineLook.parse(arguments.values.words.map(\.source)[...], style: false)
      },
      listing: { session in
        let lines = session.labels.annotations.lines.typeLines()
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
      },
      unset: SetLineTables { $0.types = [:] })
    entry.unsetArguments = { arguments throws(CommandError) in
      let words = arguments.values.words.map(\.word)
      if words.count == 1, words[0].text == "cycle" {
        return SetLineTables { $0.cycle = nil }
      }
      guard words.count == 1 else {
        throw CommandError(.usage("unset linetype [N]"), at: words[1].span)
      }
      return UnsetLineLook(style: false, tag: words[0])
    }
    return entry
  }()

  /// `unset style ...`: `line [N]`, `fill`, `increment`, `data`, `function`.
  ///
  /// - Throws: `CommandError` at a word after them, or at another style.
  static func unsetStyle(_ arguments: SettingArguments) throws(CommandError) -> any SessionCommand {
    let words = arguments.values.words.map(\.word)
    let what = words[0]
    if what.text.count >= 1, "line".hasPrefix(what.text) {
      guard words.count <= 2 else {
        throw CommandError(.usage("unset style line [N]"), at: words[2].span)
      }
      if words.count == 2 { return UnsetLineLook(style: true, tag: words[1]) }
      return SetLineTables { $0.styles = [:] }
    }
    guard words.count == 1 else {
      throw CommandError(.usage("unset style line [N]|fill|increment"), at: words[1].span)
    }
    if what.text.count >= 2, "fill".hasPrefix(what.text) {
      return SetFillStyle(solid: false, density: nil)
    }
    if what.text.count >= 4, "increment".hasPrefix(what.text) {
      return SetLineTables { $0.incrementUser = false }
    }
    throw CommandError(
      .notSupported(
        what: "unset style \(what.text)", hint: "unset style takes line [N], fill and increment"),
      at: what.span)
  }

  /// The words of `set style` for a line style or the increment (`line ...`,
  /// `increment user|default`), read into their command; nil for another style.
  ///
  /// - Throws: `CommandError` at a bad tag, option or value.
  static func styleLineOrIncrement(_ words: [Word]) throws(CommandError) -> (any SessionCommand)? {
    guard let what = words.first else { return nil }
    if what.text.count >= 1, "line".hasPrefix(what.text) {
      guard words.count >= 2 else {
        throw CommandError(
          .needs(
            word: "set style line", what: "a tag, as in: set style line 1 lc rgb \"red\" lw 2"),
          at: what.span)
      }
      return try SetLineLook.parse(words.dropFirst(), style: true)
    }
    if what.text.count >= 4, "increment".hasPrefix(what.text) {
      guard words.count == 2, ["user", "default"].contains(words[1].text) else {
        throw CommandError(
          .usage(styleIncrementUsage), at: words.count >= 2 ? words[1].span : what.span)
      }
      let user = words[1].text == "user"
      return SetLineTables { $0.incrementUser = user }
    }
    return nil
  }

  /// `set` alone's and `show style`'s lines of the line styles and the increment.
  static func styleLineListing(_ session: Session) -> [String] {
    let lines = session.labels.annotations.lines
    return lines.styleLines() + (lines.incrementUser ? ["style increment user"] : [])
  }
}

/// A command that changes the line styles and line types (Commands+LineStyles.swift).
struct SetLineTables: SessionCommand {
  var change: @Sendable (inout LineStyleTables) -> Void

  func run(in session: inout Session) throws(CommandError) -> Reply {
    change(&session.labels.annotations.lines)
    return Reply()
  }
}

/// `set style line N ...` or `set linetype N ...`, as written.
struct SetLineLook: SessionCommand {
  /// Whether it is a line style (else a line type).
  var style: Bool
  /// The tag as written (an expression, a whole number from 1).
  var tag: Word
  /// The options given (`lt T` as `lineType`); nil for `default`.
  var look: CurveLook?

  /// Reads `N [default] [options]` (`words[0]` the tag) of `set style line` (`style`) or
  /// `set linetype`.
  ///
  /// - Throws: `CommandError` at an option that is not one of these (`pi`, `with`, `ls`,
  ///   `lt` in `set linetype`), or at a bad value (`Session.readStyleKeyword`).
  static func parse(_ words: ArraySlice<Word>, style: Bool) throws(CommandError) -> SetLineLook {
    let command = style ? "set style line" : "set linetype"
    var reader = KeywordReader(Array(words), from: 1)
    var plotStyle = PlotStyle()
    var reset = false
    while let word = reader.next() {
      if word.text == "default" || word.text == "def" {
        reset = true
        continue
      }
      if ["pi", "pn", "pointnumber"].contains(word.text)
        || (word.text.count >= 6 && "pointinterval".hasPrefix(word.text))
      {
        throw CommandError(
          .notSupported(
            what: "pointinterval (\(word.text)) in \(command)",
            hint: "linespoints draws a point at every record"),
          at: word.span)
      }
      let option = Session.styleOption(named: word.text)
      guard let option, option != .lineStyle, style || option != .lineType else {
        throw CommandError(
          .notSupported(
            what: "'\(word.text)' in \(command)",
            hint: "\(command) takes \(style ? "lt, " : "")lc, lw, dt, pt and ps"),
          at: word.span)
      }
      _ = try Session.readStyleKeyword(word, from: &reader, into: &plotStyle)
    }
    return SetLineLook(style: style, tag: words.first!, look: reset ? nil : plotStyle.look)
  }

  func run(in session: inout Session) throws(CommandError) -> Reply {
    let n = try SetLineLook.tagNumber(tag, in: session, style: style)
    var lines = session.labels.annotations.lines
    if style {
      if let look {
        let base = look.lineType.map { lines.wholeLineType($0) } ?? lines.styles[n]
        lines.styles[n] = lines.over(base ?? lines.wholeLineType(n), look)
      } else {
        lines.styles[n] = nil
      }
    } else {
      lines.types[n] = look.map { lines.over(lines.wholeLineType(n), $0) }
    }
    session.labels.annotations.lines = lines
    return Reply()
  }

  /// The tag `word` stands for: a whole number from 1.
  ///
  /// - Throws: `CommandError` at the tag when it is not.
  static func tagNumber(_ word: Word, in session: Session, style: Bool) throws(CommandError)
    -> Int
  {
    let v = try session.number(word)
    guard v.isFinite, v >= 1, v == v.rounded(), v < 1e6 else {
      throw CommandError(
        .needs(
          word: style ? "set style line" : "set linetype",
          what: "a \(style ? "tag" : "line type"), a whole number from 1"),
        at: word.span)
    }
    return Int(v)
  }
}

/// `unset style line N` or `unset linetype N`.
struct UnsetLineLook: SessionCommand {
  /// Whether it is a line style (else a line type).
  var style: Bool
  /// The tag as written.
  var tag: Word

  func run(in session: inout Session) throws(CommandError) -> Reply {
    let n = try SetLineLook.tagNumber(tag, in: session, style: style)
    if style {
      session.labels.annotations.lines.styles[n] = nil
    } else {
      session.labels.annotations.lines.types[n] = nil
    }
    return Reply()
  }
}

/// `set linetype cycle N`.
struct SetLineTypeCycle: SessionCommand {
  /// N as written (a whole number from 1).
  var count: Word

  func run(in session: inout Session) throws(CommandError) -> Reply {
    let v = try session.number(count)
    guard v.isFinite, v >= 1, v == v.rounded(), v < 1e6 else {
      throw CommandError(
        .needs(word: "set linetype cycle", what: "a whole number from 1"), at: count.span)
    }
    session.labels.annotations.lines.cycle = Int(v)
    return Reply()
  }
}

/// `show style line [N]` or `show linetype [N]`: the lines of one table.
struct ShowLineLooks: SessionCommand {
  /// Whether it is the line styles (else the line types).
  var style: Bool
  /// The tag as written, or nil for every one.
  var tag: Word?

  func run(in session: inout Session) throws(CommandError) -> Reply {
    let only = try tag.map { w throws(CommandError) in
      try SetLineLook.tagNumber(w, in: session, style: style)
    }
    let lines = session.labels.annotations.lines
    return .text(
      (style ? lines.styleLines(only: only) : lines.typeLines(only: only))
        .joined(separator: "\n"))
  }
}
