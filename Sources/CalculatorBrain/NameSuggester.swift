import TextAndNumbers

/// Finds the known name a user most likely meant by an unknown one.
///
/// Two tries, in order: (1) the unknown name split into known names written together
/// (`xy` → `x*y`, `2pix` → `pi*x`, `xsin` called → `x*sin`); (2) the nearest known name under
/// graphcalc's one rule for "did you mean" (`NameSuggestion`: optimal string alignment
/// distance, the limit by length, ties to the longest common prefix).
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
    let allFunctions = functions.union(Builtins.functions.keys).union(
      Builtins.integerFunctions.keys)
    if let parts = split(Array(name), lastMayBeFunction: isCall, functions: allFunctions),
      parts.count > 1
    {
      return parts.joined(separator: "*")
    }
    let candidates = isCall ? allFunctions.union(values) : values.union(allFunctions)
    return NameSuggestion.nearest(to: name, among: candidates.sorted())
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
        let part = String(characters: chars[start..<end])
        let isLast = end == chars.count
        let known =
          values.contains(part) || (isLast && lastMayBeFunction && functions.contains(part))
        guard known, let rest = best[end] else { continue }
        if best[start].map({ rest.count + 1 < $0.count }) ?? true { best[start] = [part] + rest }
      }
    }
    return best[0]
  }
}
