import Testing

@testable import GraphCalcApp

@Suite struct ExploreDisplayTests {
  @Test(
    arguments: [
      (nil, nil, "en_US.UTF-8", CanvasKind.braille),
      (nil, nil, "C.utf8", .braille),
      (nil, nil, "C", .ascii),
      (nil, nil, nil, .ascii),
      ("C", nil, "en_US.UTF-8", .ascii),  // LC_ALL wins
      ("", "de_DE.UTF-8", "C", .braille),  // an empty LC_ALL does not count
      (nil, "POSIX", "en_US.UTF-8", .ascii),
    ] as [(String?, String?, String?, CanvasKind)])
  func theCanvasFollowsTheLocale(
    lcAll: String?, lcCtype: String?, lang: String?, expected: CanvasKind
  ) {
    #expect(CanvasKind.preferred(lcAll: lcAll, lcCtype: lcCtype, lang: lang) == expected)
  }

  @Test func colourRules() {
    // auto: a terminal, TERM set and not dumb, NO_COLOR unset or empty.
    #expect(ColorChoice.auto.enabled(isTerminal: true, term: "xterm-256color", noColor: nil))
    #expect(ColorChoice.auto.enabled(isTerminal: true, term: "xterm", noColor: ""))
    #expect(!ColorChoice.auto.enabled(isTerminal: false, term: "xterm", noColor: nil))
    #expect(!ColorChoice.auto.enabled(isTerminal: true, term: "dumb", noColor: nil))
    #expect(!ColorChoice.auto.enabled(isTerminal: true, term: nil, noColor: nil))
    #expect(!ColorChoice.auto.enabled(isTerminal: true, term: "xterm", noColor: "1"))
    #expect(!ColorChoice.auto.enabled(isTerminal: true, term: "xterm", noColor: "0"))  // any value
    // always and never decide alone.
    #expect(ColorChoice.always.enabled(isTerminal: false, term: "dumb", noColor: "1"))
    #expect(!ColorChoice.never.enabled(isTerminal: true, term: "xterm", noColor: nil))
    #expect(ColorChoice.depth(term: "screen-256color", colorTerm: nil) == .ansi256)
    #expect(ColorChoice.depth(term: "xterm", colorTerm: "truecolor") == .ansi256)
    #expect(ColorChoice.depth(term: "xterm", colorTerm: nil) == .ansi16)
  }

  @Test func colorOption() throws {
    #expect(try CommandLineOptions.parse([]).color == .auto)
    #expect(try CommandLineOptions.parse(["--color=never"]).color == .never)
    #expect(try CommandLineOptions.parse(["--color=always", "-e", "1"]).color == .always)
    #expect(try CommandLineOptions.parse(["--color"]).color == .always)
    #expect(throws: CommandError.self) { try CommandLineOptions.parse(["--color=sometimes"]) }
  }
}
