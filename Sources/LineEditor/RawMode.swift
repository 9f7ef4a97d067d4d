@preconcurrency import CEditLine

/// The terminal in raw mode on the alternate screen, for a full-screen view, restored
/// whatever happens: the saved settings are kept in C and put back by a C signal handler
/// (SIGTERM, SIGHUP, SIGQUIT, which then end the process as the signal would) and by an
/// `atexit` hook, besides `leave()`. SIGWINCH sets a flag (`takeResize()`), and so does SIGINT
/// (`takeInterrupt()`: the view leaves, as at the prompt it abandons only the line).
public enum RawMode {
  /// Saves the settings, enters raw mode and the alternate screen (`ESC [ ? 1049 h`) and
  /// hides the cursor.
  ///
  /// - Returns: false when standard input is not a terminal (nothing changed).
  public static func enter() -> Bool { gc_term_enter() == 0 }

  /// Restores the settings, shows the cursor and leaves the alternate screen
  /// (`ESC [ ? 1049 l`); puts back the signal handlers `enter()` replaced.
  public static func leave() { gc_term_leave() }

  /// Whether SIGINT arrived since the last call or `enter()`; clears the flag.
  public static func takeInterrupt() -> Bool { gc_term_take_interrupt() != 0 }

  /// Whether the terminal was resized since the last call (SIGWINCH); clears the flag.
  public static func takeResize() -> Bool { gc_term_take_winch() != 0 }

  /// Waits up to `milliseconds` (negative: without limit) for standard input.
  ///
  /// - Returns: 1 when it can be read, 0 after a timeout or a signal, -1 on error.
  public static func wait(milliseconds: Int) -> Int {
    Int(gc_term_wait(Int32(clamping: milliseconds)))
  }
}
