/// Finds the known name a user most likely meant by an unknown one.
///
/// Two tries, in order: (1) the unknown name split into known names written together
/// (`xy` → `x*y`, `2pix` → `pi*x`, `xsin` called → `x*sin`); (2) the nearest known name by
/// optimal-string-alignment distance (Levenshtein distance plus adjacent transpositions;
/// Damerau, "A technique for computer detection and correction of spelling errors", 1964), at
/// most 1 for names of up to 4 characters and 2 for longer ones, as swift-argument-parser's
/// "did you mean" does with its own edit distance.
struct NameSuggester {
  /// Names that have a value (variables, constants, `x`).
  var values: Set<String>
  /// User function names; built-in functions are added.
  var functions: Set<String>

  /// The suggestion for `name`, if a known name is close enough.
  ///
  /// - Parameters:
  ///   - name: The unknown name.
  ///   - isCall: Whether the name was called (`name(...)`), so functions are candidates and a
  ///     split may end in a function.
  func suggestion(for name: String, isCall: Bool) -> String? {
    let allFunctions = functions.union(Builtins.functions.keys)
    if let parts = split(Array(name), lastMayBeFunction: isCall, functions: allFunctions),
      parts.count > 1
    {
      return parts.joined(separator: "*")
    }
    let candidates = isCall ? allFunctions.union(values) : values.union(allFunctions)
    guard name.count >= 2 else { return nil }
    let limit = name.count <= 4 ? 1 : 2
    // Nearest first; among equals, the longest common prefix (`sinn` → `sin`, not `sign`).
    var best: (name: String, distance: Int, prefix: Int)?
    for candidate in candidates.sorted()
    where candidate != name && abs(candidate.count - name.count) <= limit {
      let d = Self.distance(Array(name), Array(candidate))
      guard d <= limit else { continue }
      let prefix = zip(name, candidate).prefix { $0 == $1 }.count
      if best.map({ d < $0.distance || (d == $0.distance && prefix > $0.prefix) }) ?? true {
        best = (candidate, d, prefix)
      }
    }
    return best?.name
  }

  /// The fewest known names that spell `chars` in order, or nil.
  private func split(_ chars: [Character], lastMayBeFunction: Bool, functions: Set<String>)
    -> [String]?
  {
    guard chars.count <= 40 else { return nil }
    // best[i]: the fewest parts that spell chars[i...].
    var best: [[String]?] = Array(repeating: nil, count: chars.count + 1)
    best[chars.count] = []
    for start in stride(from: chars.count - 1, through: 0, by: -1) {
      for end in (start + 1)...chars.count {
        let part = String(chars[start..<end])
        let isLast = end == chars.count
        let known =
          values.contains(part) || (isLast && lastMayBeFunction && functions.contains(part))
        guard known, let rest = best[end] else { continue }
        if best[start].map({ rest.count + 1 < $0.count }) ?? true { best[start] = [part] + rest }
      }
    }
    return best[0]
  }

  /// The optimal string alignment distance between `a` and `b` (insertions, deletions,
  /// substitutions and swaps of two adjacent characters each count 1; Damerau's restricted
  /// edit distance, as in Navarro, "A guided tour to approximate string matching", 2001).
  static func distance(_ a: [Character], _ b: [Character]) -> Int {
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
}

extension CalculatorBrain {
  /// The optimal string alignment distance between `a` and `b`: how many insertions,
  /// deletions, substitutions and swaps of two adjacent characters turn one into the other
  /// (Damerau's restricted edit distance, as in G. Navarro, "A guided tour to approximate
  /// string matching", ACM Computing Surveys, 2001). The suggestions of every "did you
  /// mean" in graphcalc use it.
  ///
  /// - Parameters:
  ///   - a: One word, as characters.
  ///   - b: The other word, as characters.
  /// - Returns: The distance, from 0 (equal) to `max(a.count, b.count)`.
  public static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    NameSuggester.distance(a, b)
  }
}
