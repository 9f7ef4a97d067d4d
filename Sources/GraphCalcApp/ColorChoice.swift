import TextAndNumbers
import TextCanvas

/// When to colour terminal plots: `--color=auto|always|never`.
public enum ColorChoice: String, Sendable, Hashable, CaseIterable {
  /// Colour when standard output is a terminal that supports it and `NO_COLOR` is not set.
  case auto
  /// Always colour, even into a pipe.
  case always
  /// Never colour.
  case never

  /// Whether to colour, by the rules of `--color` and no-color.org.
  ///
  /// `always` and `never` decide alone. `auto` colours when standard output is a terminal,
  /// `TERM` is set and is not `dumb`, and `NO_COLOR` is unset or empty (no-color.org: any
  /// non-empty value turns colour off). `set color on|off` at the prompt overrides all this.
  ///
  /// - Parameters:
  ///   - isTerminal: Whether standard output is a terminal (isatty).
  ///   - term: `TERM`, or nil when unset.
  ///   - noColor: `NO_COLOR`, or nil when unset.
  /// - Returns: Whether plots are coloured.
  public func enabled(isTerminal: Bool, term: String?, noColor: String?) -> Bool {
    switch self {
    case .always: return true
    case .never: return false
    case .auto:
      guard isTerminal, let term, !term.isEmpty, term != "dumb" else { return false }
      return noColor?.isEmpty ?? true
    }
  }

  /// The colour depth a terminal announces: 256 colours when `TERM` contains `256color` or
  /// `COLORTERM` is `truecolor` or `24bit`, else the 16 basic colours.
  ///
  /// - Parameters:
  ///   - term: `TERM`, or nil when unset.
  ///   - colorTerm: `COLORTERM`, or nil when unset.
  /// - Returns: The depth to colour with.
  public static func depth(term: String?, colorTerm: String?) -> TerminalColors.Depth {
    if let term, term.containsUTF8("256color") { return .ansi256 }
    if let colorTerm, colorTerm == "truecolor" || colorTerm == "24bit" { return .ansi256 }
    return .ansi16
  }
}
