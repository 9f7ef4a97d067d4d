import GraphView

extension SettingEntry {
  /// The themes' names between `|` (`default|dark|...`), made without `joined(separator:)`,
  /// whose generic witnesses the runtime looks up at its first call: 120 k instructions in
  /// every run that builds the settings table (`set canvas ascii`).
  private static var themeChoices: String {
    var text = ""
    for theme in Theme.all { text += (text.isEmpty ? "" : "|") + theme.name }
    return text
  }

  /// `set theme NAME`: the look of the pictures (`export svg|png|pdf`); `set theme` alone
  /// tells the theme and lists them.
  static let theme = SettingEntry(
    name: "theme", usage: ["set theme " + themeChoices],
    keywords: Theme.all.map(\.name) + ["light"],
    parse: { arguments throws(CommandError) in
      let words = arguments.values.words
      switch words.count {
      case 0:
        return Tell { session in
          "theme \(session.theme.name) (themes: "
            + (Theme.all.map(\.name) + ["light"]).joined(separator: ", ") + ")"
        }
      case 1:
        guard let theme = Theme.named(words[0].text) else {
          let names = Theme.all.map(\.name) + ["light"]
          throw CommandError(
            .unknownName(
              .theme(known: names), words[0].text,
              suggestion: Suggestions.nearest(to: words[0].text, among: names)),
            at: words[0].span)
        }
        return SetTheme(theme: theme)
      default: throw Session.setUsage(at: arguments)
      }
    },
    listing: { "theme \($0.theme.name)" },
    unset: SetTheme(theme: .default))
}

/// `set theme NAME`: the pictures' look from now on.
struct SetTheme: SessionCommand {
  /// The theme.
  var theme: Theme

  func run(in session: inout Session) throws(CommandError) -> Reply {
    session.theme = theme
    return Reply()
  }
}
