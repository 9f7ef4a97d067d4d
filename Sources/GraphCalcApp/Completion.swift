import CalculatorBrain

extension Session {
  /// The words Tab completes at the prompt: the commands, the built-in functions and
  /// constants, `x` and `ans`, the user's variables and functions, the help topics, the
  /// option words of `set` (`canvas`, `braille`, `style`, `rounded`, ...) and the keywords
  /// of `bar` (`labels`, `using`, `by`, `title`); sorted, without duplicates.
  public var completionWords: [String] {
    var words = Set(Help.commands.map(\.name))
    words.formUnion(Builtins.functions.keys)
    words.formUnion(Builtins.constants.keys)
    words.formUnion(brain.variables.keys)
    words.formUnion(brain.functions.keys)
    words.formUnion(Help.topics.keys)
    words.formUnion(["x", "ans", "functions", "canvas", "color", "on", "off", "auto", "in", "out"])
    words.formUnion(["left", "right", "up", "down", "infix", "rpn", "svg", "table"])
    words.formUnion(CanvasKind.allCases.map(\.rawValue))
    words.formUnion(["style", "rounded", "flat", "labels", "using", "by", "title", "notitle"])
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
