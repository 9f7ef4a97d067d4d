import CalculatorBrain

/// "Did you mean ...?" for words of the command language.
///
/// The nearest candidate by optimal-string-alignment distance (Levenshtein distance plus
/// adjacent transpositions; F. J. Damerau, "A technique for computer detection and
/// correction of spelling errors", CACM 1964), accepted when at most 1 edit for words of up
/// to 4 characters and 2 for longer ones, as the calculator's name suggestions do.
public enum Suggestions {
  /// The candidate nearest to `word`, if one is close enough; ties go to the earlier
  /// candidate.
  ///
  /// - Parameters:
  ///   - word: What the user typed.
  ///   - candidates: The valid words.
  /// - Returns: The suggestion, or nil.
  public static func nearest(to word: String, among candidates: some Sequence<String>) -> String? {
    let typed = Array(word)
    guard typed.count >= 2 else { return nil }
    let limit = typed.count <= 4 ? 1 : 2
    var best: (word: String, distance: Int)?
    for candidate in candidates where candidate != word {
      let chars = Array(candidate)
      guard abs(chars.count - typed.count) <= limit else { continue }
      let d = distance(typed, chars)
      if d <= limit, d < (best?.distance ?? Int.max) { best = (candidate, d) }
    }
    return best?.word
  }

  /// The optimal string alignment distance between `a` and `b` (insertions, deletions,
  /// substitutions and swaps of two adjacent characters each count 1).
  public static func distance(_ a: [Character], _ b: [Character]) -> Int {
    CalculatorBrain.editDistance(a, b)
  }
}
