/// Where the interactive history is kept between sessions.
public enum HistoryLocation {
  /// The history file: `$XDG_STATE_HOME/graphcalc/history`, or
  /// `~/.local/state/graphcalc/history` when `XDG_STATE_HOME` is unset, empty or relative
  /// (the XDG Base Directory Specification says to ignore a relative path); nil when neither
  /// variable gives an absolute folder.
  ///
  /// - Parameters:
  ///   - xdgStateHome: The value of `XDG_STATE_HOME`, if set.
  ///   - home: The value of `HOME`, if set.
  /// - Returns: An absolute path, or nil for no history file.
  public static func path(xdgStateHome: String?, home: String?) -> String? {
    if let state = xdgStateHome, state.hasPrefix("/") {
      return state + "/graphcalc/history"
    }
    if let home, home.hasPrefix("/") {
      return (home == "/" ? "" : home) + "/.local/state/graphcalc/history"
    }
    return nil
  }
}
