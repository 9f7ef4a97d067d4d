import CalculatorBrain

extension Session {
  /// The words Tab completes at the prompt: the commands and the bare words their
  /// arguments take (`CommandEntry.keywords`), the settings and their words, the built-in
  /// functions and constants, `x` and `ans`, the user's variables and functions, and the
  /// help topics; sorted, without duplicates.
  public var completionWords: [String] {
    var words = Set(commands.names)
    for entry in commands.entries { words.formUnion(entry.keywords) }
    for setting in SettingTable.standard.entries {
      words.insert(setting.name)
      words.formUnion(setting.keywords)
    }
    words.formUnion(Builtins.functions.keys)
    words.formUnion(Builtins.integerFunctions.keys)
    words.formUnion(Builtins.constants.keys)
    words.formUnion(brain.variables.keys)
    words.formUnion(brain.functions.keys)
    words.formUnion(Help.topics.keys)
    words.formUnion(["x", "ans", "functions"])
    return words.sorted()
  }

  /// The completions of `prefix` among `words`: those that start with it, in order.
  ///
  /// - Parameters:
  ///   - prefix: The start of the word being typed (may be empty: all words).
  ///   - words: The candidates (`completionWords`).
  /// - Returns: The matching words.
  public static func completions(of prefix: String, among words: [String]) -> [String] {
    words.filter { $0.hasPrefix(prefix) }
  }
}
