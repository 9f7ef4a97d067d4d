// Cutting and searching text without the standard library's generic paths, which the
// start-up of every run and the lexing of every plot went through (Docs/performance.md,
// "Start-up and curves").

extension String {
  /// The characters of `characters` as a string, appended one at a time.
  ///
  /// The lexers keep a line as `[Character]` and cut tokens out of it. `String(slice)` there
  /// is the standard library's initialiser over any sequence of characters, which runs
  /// unspecialised (two dynamic casts and a generic `append(contentsOf:)` a call: about
  /// 3 k instructions a token, 9% of a one-shot plot of 20 curves); appending each
  /// `Character` is the concrete method.
  ///
  /// - Parameter characters: A slice of a line's characters.
  package init(characters: ArraySlice<Character>) {
    self.init()
    for character in characters { append(character) }
  }

  /// Whether `needle`'s UTF-8 bytes occur in this string's, ASCII letters compared without
  /// case when `ignoringASCIICase` (for names such as `TERM` and `LANG`).
  ///
  /// `String.contains(_:)` of a string is `_StringProcessing`'s substring searcher, whose
  /// first use builds a `[Character: Int]` table and has the runtime look up `Character`'s
  /// `Hashable` conformance: 180-230 k instructions, a fifth of `-e 1+1`, for each of the
  /// two environment checks at start-up. Bytes give the same answer for the ASCII names
  /// searched here.
  ///
  /// - Parameters:
  ///   - needle: The text looked for; the empty string is in every string.
  ///   - ignoringASCIICase: Whether `A`-`Z` match `a`-`z`.
  package func containsUTF8(_ needle: String, ignoringASCIICase: Bool = false) -> Bool {
    let hay = Array(utf8)
    let pattern = Array(needle.utf8)
    guard pattern.count <= hay.count else { return false }
    func folded(_ b: UInt8) -> UInt8 {
      ignoringASCIICase && b >= 0x41 && b <= 0x5A ? b | 0x20 : b
    }
    for start in 0...(hay.count - pattern.count) {
      var k = 0
      while k < pattern.count, folded(hay[start + k]) == folded(pattern[k]) { k += 1 }
      if k == pattern.count { return true }
    }
    return false
  }
}
