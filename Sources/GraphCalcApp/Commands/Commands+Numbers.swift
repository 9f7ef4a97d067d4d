import CalculatorBrain

// How numbers print: `set base 2|8|10|16`, `set digits all|screen`, and the long integers an
// interactive terminal shortens.

/// How integer results print in a session.
public struct NumberDisplay: Sendable, Hashable {
  /// The base integer results print in: 10, or 16, 8, 2 (`0xff`, `0o17`, `0b1011`).
  public var base = 10
  /// Whether an integer longer than `screenDigits` is shortened (only the interactive
  /// prompt sets this: scripts, `-e` and pipes print every digit).
  public var shortensLongIntegers = false
  /// Whether every digit is printed even at the prompt (`set digits all`).
  public var allDigits = false

  /// Creates the default display: decimal, every digit.
  public init() {}
}

extension Session {
  /// The text of a result: in the session's base (or `base`, for `hex(...)` and the like);
  /// at an interactive prompt, an integer longer than a screenful (the terminal's cells,
  /// less two rows) shows its first and last four lines' worth of digits and how many
  /// characters it has.
  ///
  /// - Parameters:
  ///   - value: The result.
  ///   - base: The base to print in, overriding the session's.
  /// - Returns: One line.
  func numberText(_ value: CalcNumber, base: Int? = nil) -> String {
    let text = CalculatorBrain.format(value, base: base ?? numbers.base)
    guard numbers.shortensLongIntegers, !numbers.allDigits, case .big = value else { return text }
    let screen = max(200, terminalSize.columns * max(1, terminalSize.rows - 2))
    guard text.count > screen else { return text }
    let digits = text.count - (text.hasPrefix("-") ? 1 : 0)
    // The first and last four lines' worth, so the answer and the prompt stay in view.
    let keep = max(60, terminalSize.columns * 4 - 40)
    return
      "\(text.prefix(keep))...\(text.suffix(keep)) (\(digits) characters; 'set digits all' prints every one)"
  }
}

extension SettingEntry {
  /// `set base 2|8|10|16`.
  static let base = SettingEntry(
    name: "base", usage: ["set base 2|8|10|16"], keywords: ["2", "8", "10", "16"],
    parse: { arguments throws(CommandError) in
      let words = arguments.values.words
      switch words.count {
      case 0: return Tell { String($0.numbers.base) }
      case 1:
        guard let base = Int(words[0].text), [2, 8, 10, 16].contains(base) else {
          throw CommandError(
            .unknownName(.base, words[0].text, suggestion: nil), at: words[0].span)
        }
        return SetNumbers(base: base)
      default: throw Session.setUsage(at: arguments)
      }
    },
    // `set` alone lists it only when it is not the default.
    listing: { $0.numbers.base == 10 ? nil : "base \($0.numbers.base)" },
    unset: SetNumbers(base: 10))

  /// `set digits all|screen`.
  static let digits = SettingEntry(
    name: "digits", usage: ["set digits all|screen"], keywords: ["all", "screen"],
    parse: { arguments throws(CommandError) in
      let words = arguments.values.words
      switch words.count {
      case 0: return Tell { $0.numbers.allDigits ? "all" : "screen" }
      case 1:
        switch words[0].text {
        case "all": return SetNumbers(allDigits: true)
        case "screen": return SetNumbers(allDigits: false)
        default: throw CommandError(.usage("set digits all|screen"), at: words[0].span)
        }
      default: throw Session.setUsage(at: arguments)
      }
    },
    listing: { $0.numbers.allDigits ? "digits all" : nil },
    unset: SetNumbers(allDigits: false))
}

/// `set base N`, `set digits all|screen` (and their `unset`).
struct SetNumbers: SessionCommand, Hashable {
  /// The base to print integers in, if this sets it.
  var base: Int? = nil
  /// Whether the prompt prints every digit, if this sets it.
  var allDigits: Bool? = nil

  func run(in session: inout Session) throws(CommandError) -> Reply {
    if let base { session.numbers.base = base }
    if let allDigits { session.numbers.allDigits = allDigits }
    return Reply()
  }
}
