/// "Did you mean ...?": the one distance, the one acceptance rule and the one message form
/// of every suggestion graphcalc makes (commands, settings, keywords, the calculator's names,
/// `stream`'s flags, data columns).
///
/// The distance is the optimal string alignment distance (Levenshtein's insertions,
/// deletions and substitutions plus swaps of two adjacent characters, each costing 1;
/// F. J. Damerau, "A technique for computer detection and correction of spelling errors",
/// CACM 1964; G. Navarro, "A guided tour to approximate string matching", ACM Computing
/// Surveys 2001), over characters compared without case. A candidate is accepted when it
/// differs from what was typed and is within the limit: nothing for one character, 1 edit
/// for up to 4 characters, then 2, and a third of the length for names longer than 8
/// (swift-argument-parser's "did you mean" is similar). The nearest wins; among equals the
/// one sharing the longest prefix with what was typed (`sinn` → `sin`, not `sign`), then the
/// earlier candidate.
package enum NameSuggestion {
  /// Characters of a word that take part (longer words are compared on their start).
  static let maxCharacters = 64
  /// Candidates looked at (a file may have very many columns).
  static let maxCandidates = 10_000

  /// The most edits a suggestion for a word of `count` characters may be away.
  ///
  /// - Parameter count: The typed word's length in characters.
  /// - Returns: 0 (no suggestion) for fewer than 2 characters, 1 up to 4, then
  ///   `max(2, count / 3)`.
  package static func limit(forLength count: Int) -> Int {
    count < 2 ? 0 : count <= 4 ? 1 : max(2, count / 3)
  }

  /// The candidate nearest to `word` under the rule of the type, or nil when none is close.
  ///
  /// - Parameters:
  ///   - word: What the user typed.
  ///   - candidates: The valid words, in the order that breaks remaining ties.
  /// - Returns: The suggestion (spelled as the candidate is), or nil.
  package static func nearest(to word: String, among candidates: some Sequence<String>)
    -> String?
  {
    let typed = Array(word.lowercased().prefix(maxCharacters))
    let limit = limit(forLength: typed.count)
    guard limit > 0 else { return nil }
    var best: (word: String, distance: Int, prefix: Int)?
    for candidate in candidates.prefix(maxCandidates) where candidate != word {
      let chars = Array(candidate.lowercased().prefix(maxCharacters))
      guard abs(chars.count - typed.count) <= limit else { continue }
      let d = distance(typed, chars)
      guard d <= limit else { continue }
      let prefix = zip(typed, chars).prefix { $0 == $1 }.count
      if best.map({ d < $0.distance || (d == $0.distance && prefix > $0.prefix) }) ?? true {
        best = (candidate, d, prefix)
      }
    }
    return best?.word
  }

  /// The optimal string alignment distance between `a` and `b` (see the type), case as given.
  ///
  /// - Parameters:
  ///   - a: One word, as characters.
  ///   - b: The other word, as characters.
  /// - Returns: The distance, from 0 (equal) to `max(a.count, b.count)`.
  package static func distance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var d = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          d = min(d, table[i - 2][j - 2] + 1)
        }
        table[i][j] = d
      }
    }
    return table[a.count][b.count]
  }

  /// The one message form: `did you mean 'NAME'?`.
  ///
  /// - Parameters:
  ///   - suggestion: The suggested word.
  ///   - quote: The quote around it (`'`, or `"` where names are written as strings, as
  ///     data columns are).
  /// - Returns: The phrase, for the caller to join to its message (`; ` or ` (`...`)`).
  package static func didYouMean(_ suggestion: String, quote: Character = "'") -> String {
    "did you mean \(quote)\(suggestion)\(quote)?"
  }
}
