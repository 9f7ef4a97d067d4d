import CalculatorBrain
import DataFiles

/// What the session remembers about data files: how to read them and whether the x range
/// still follows the data.
struct DataSettings: Sendable, Hashable {
  /// How data files are read (`set datafile separator`).
  var options = DataFileOptions()
  /// Whether `plot` fits the x range to its data series: true until the user sets the x
  /// range (`xrange`, `zoom`, `pan`, `center`, `plot [A:B]`), true again after `reset`.
  var xFollowsData = true
}

// `stats` and `set datafile separator`.
extension Session {
  /// Notes a command's effect on the x range: `reset` lets x follow the data again; any
  /// other command but `plot` that moved x fixes it.
  ///
  /// - Parameters:
  ///   - command: The command word.
  ///   - before: The x range before the command ran.
  mutating func noteXRange(after command: String, before: ClosedRange<Double>) {
    if command == "reset" {
      data.xFollowsData = true
    } else if command != "plot", view.xRange != before {
      data.xFollowsData = false
    }
  }

  /// `stats "FILE" [using COLS]`: count, missing, min, max, mean and sample standard
  /// deviation of each column asked for (`using 2`, `using temp_max`, `using 2:3`), or of
  /// every column of numbers or times when `using` is left out.
  mutating func stats(_ rest: Word) throws(CommandError) -> Reply {
    let trimmed = rest.trimmed()
    guard let q = trimmed.text.first, q == "\"" || q == "'" else {
      throw CommandError(
        "usage: stats \"FILE\" [using COLUMNS], as in: stats \"data.csv\" using 2",
        at: trimmed.text.isEmpty ? nil : trimmed.span)
    }
    let spec = try Session.parseDataItem(trimmed)
    if spec.marks != .lines || spec.title != nil {
      throw CommandError("stats takes a file and using, nothing else", at: trimmed.span)
    }
    let path = spec.path.text
    let fileSpan = spec.path.offset..<(spec.path.offset + path.count + 2)
    var refs: [ColumnRef]
    if let using = spec.using {
      do {
        refs = try DataFile.parseColumnList(using.text)
      } catch {
        throw CommandError(error.message, at: using.span)
      }
    } else {
      do {
        let info = try DataFile.columns(path: path, options: data.options)
        refs = info.filter { $0.kind == .number || $0.kind == .time }.prefix(20).map {
          .index($0.number)
        }
      } catch {
        throw CommandError(error.description, at: fileSpan)
      }
      guard !refs.isEmpty else {
        throw CommandError("\(path): no column of numbers", at: fileSpan)
      }
    }
    var summaries: [String] = []
    for ref in refs {
      do {
        summaries.append(try DataFile.stats(path: path, column: ref, options: data.options).summary)
      } catch {
        throw CommandError(
          error.description, at: Session.columnSpan(of: error, in: spec.using) ?? fileSpan)
      }
    }
    return .text(summaries.joined(separator: "\n"))
  }

  /// The separators `set datafile separator` takes, by name.
  static let separatorWords: [String: UInt8?] = [
    "auto": nil, "whitespace": 0x20, "tab": 0x09, "comma": 0x2C, "semicolon": 0x3B,
    "\\t": 0x09,
  ]

  /// Whether the arguments of `set` are a data-file setting (`datafile ...`), which
  /// `setDatafile` handles; other settings are the canvas's (`setOption`).
  static func isDatafileSetting(_ rest: Word) -> Bool {
    let first = rest.trimmed().text.prefix { !$0.isWhitespace }
    return first == "datafile"
  }

  /// `set datafile separator ","|";"|tab|whitespace|auto` (gnuplot's command): the field
  /// separator of the data files read from now on; `auto` (the default) detects it.
  mutating func setDatafile(_ rest: Word) throws(CommandError) -> Reply {
    let words = try Session.tokens(rest)
    let usage = "usage: set datafile separator \",\"|\";\"|tab|whitespace|auto"
    guard let first = words.first else { throw CommandError(usage) }
    guard first.text == "datafile" else {
      let hint =
        Suggestions.nearest(to: first.text, among: ["datafile"]).map { " (did you mean '\($0)'?)" }
        ?? ""
      throw CommandError("set knows only 'datafile'\(hint); \(usage)", at: first.span)
    }
    guard words.count >= 2 else { throw CommandError(usage, at: first.span) }
    let what = words[1]
    guard what.text == "separator" || what.text == "sep" else {
      throw CommandError("set datafile knows only 'separator'; \(usage)", at: what.span)
    }
    guard words.count == 3 else {
      throw CommandError(
        usage, at: words.count > 3 ? words[3].offset..<rest.span.upperBound : what.span)
    }
    let value = words[2]
    var text = value.text
    if let q = text.first, q == "\"" || q == "'", text.count >= 2, text.last == q {
      text = String(text.dropFirst().dropLast())
    }
    let separator: UInt8?
    if let named = Session.separatorWords[text] {
      separator = named
    } else if text == " " {
      separator = 0x20
    } else if text.utf8.count == 1, let byte = text.utf8.first, byte >= 0x21, byte < 0x7F,
      byte != UInt8(ascii: "\""), byte != UInt8(ascii: "#")
    {
      separator = byte
    } else {
      throw CommandError(
        "a separator is one character in quotes (\",\" \";\" \"|\"), tab, whitespace or auto",
        at: value.span)
    }
    data.options.separator = separator
    return Reply()
  }
}
