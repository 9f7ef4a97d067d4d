import TextAndNumbers

/// "Did you mean ...?" for words of the command language: graphcalc's one rule
/// (`NameSuggestion`: optimal string alignment distance without case, at most 1 edit for
/// words of up to 4 characters, then 2, a third of the length beyond 8; the nearest, then the
/// longest common prefix, then the earlier candidate).
public enum Suggestions {
  /// The candidate nearest to `word`, if one is close enough (see `NameSuggestion.nearest`).
  ///
  /// - Parameters:
  ///   - word: What the user typed.
  ///   - candidates: The valid words; among equally good ones the earlier wins.
  /// - Returns: The suggestion, or nil.
  public static func nearest(to word: String, among candidates: some Sequence<String>) -> String? {
    NameSuggestion.nearest(to: word, among: candidates)
  }

  /// The optimal string alignment distance between `a` and `b` (insertions, deletions,
  /// substitutions and swaps of two adjacent characters each count 1).
  ///
  /// - Parameters:
  ///   - a: One word, as characters.
  ///   - b: The other word, as characters.
  /// - Returns: The distance, from 0 (equal) to `max(a.count, b.count)`.
  public static func distance(_ a: [Character], _ b: [Character]) -> Int {
    NameSuggestion.distance(a, b)
  }

  /// ` (did you mean 'WORD'?)` for a suggestion, or nothing: how the command layer adds one.
  ///
  /// - Parameter suggestion: The suggestion, or nil.
  /// - Returns: The text to append to a message.
  static func hint(_ suggestion: String?) -> String {
    suggestion.map { " (\(NameSuggestion.didYouMean($0)))" } ?? ""
  }
}
