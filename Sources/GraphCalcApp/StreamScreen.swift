/// The escape sequences that redraw a live stream in place, in the terminal's normal screen,
/// so the last frame stays visible (and in the scrollback) after graphcalc ends.
///
/// Each frame is one string, written with one write(2): the cursor goes back up to the
/// frame's first line (`ESC [ N A`, N = the previous frame's height; the cursor rests on the
/// line below a frame), then every line is overwritten and the rest of it cleared
/// (`ESC [ K`, left out when the line fills the width: on the last column the cursor waits
/// to wrap and `ESC [ K` would erase the line's last character), and what is left below the
/// frame is cleared (`ESC [ J`). Nothing is blanked before it is redrawn, so nothing
/// flickers. After a resize the screen is cleared and the frame starts at its top left
/// corner (`ESC [ H ESC [ 2 J`): lines the terminal re-wrapped would put the old top
/// elsewhere.
///
/// While streaming the cursor is hidden (`ESC [ ? 25 l`) and automatic wrapping is off
/// (`ESC [ ? 7 l`, so a line that is too wide after a resize cannot push the frame down);
/// `finish` turns both back on. Sequences are ECMA-48 / DEC VT100, as xterm documents them
/// ("XTerm Control Sequences").
public struct StreamScreen: Sendable {
  /// The height, in lines, of the frame on screen (0 before the first one).
  public private(set) var height = 0

  /// A screen with no frame drawn yet.
  public init() {}

  /// What to write before the first frame: hide the cursor, stop automatic wrapping, and
  /// go to the start of the line.
  public var start: String { "\u{1B}[?25l\u{1B}[?7l\r" }

  /// What to write when streaming ends: wrapping and the cursor back on. The cursor is on
  /// the line below the last frame, which stays on screen.
  public var finish: String { "\u{1B}[?7h\u{1B}[?25h" }

  /// The text that replaces the frame on screen with `lines`.
  /// - Parameters:
  ///   - lines: the new frame, one string a line (no newlines), each at most `columns`
  ///     cells wide (see `StreamOutput.visibleWidth`).
  ///   - columns: the terminal's width in cells.
  ///   - resized: whether the terminal changed size since the last frame (clears the
  ///     screen and draws from its top left corner).
  /// - Returns: the bytes to write at once.
  public mutating func update(_ lines: [String], columns: Int, resized: Bool = false) -> String {
    var out = ""
    if resized {
      out += "\u{1B}[H\u{1B}[2J"
    } else if height > 0 {
      out += "\u{1B}[\(height)A\r"
    }
    for line in lines {
      out += line
      if StreamOutput.visibleWidth(line) < columns { out += "\u{1B}[K" }
      out += "\n"
    }
    out += "\u{1B}[J"
    height = lines.count
    return out
  }
}
