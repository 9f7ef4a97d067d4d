import TextAndNumbers

/// One command line joined from physical lines that end in a backslash: gnuplot's line
/// continuation.
///
/// gnuplot's rule (its `read_line`): when a line's last character is `\`, the backslash is
/// dropped and the next line is appended in its place, with nothing put between them, so
///
///     plot "steps.dat" title 'steps' with steps, \
///      'steps.dat' title 'fsteps' with fsteps
///
/// is one `plot` command. Only the very last character counts (a blank after the backslash
/// ends the line, as in gnuplot), and the rule is applied before the line is read, so a
/// comment or a string that ends in `\` continues too (gnuplot's documented trap). Scripts,
/// standard input and the prompt join lines so; a `-e` argument joins only a backslash
/// followed by a newline inside the argument (arguments are never joined with each other, as
/// gnuplot runs each `-e` whole). Inline data lines (`plot "-"`) are never joined.
///
/// Errors stay on the line the user wrote: `physical(_:)` turns a column of the joined line
/// into the physical line and its own column, and `locate(_:)` moves an error's location
/// there, so a caret points into the physical line shown (and a script's `FILE:N:` names
/// that line).
public struct ContinuedLine: Sendable, Hashable {
  /// The physical lines joined so far, as read (each with its trailing `\` when it has one).
  public private(set) var lines: [String] = []
  /// The joined command line: every line without its trailing backslash, concatenated.
  public private(set) var text = ""
  /// The column (characters, 0-based) of the joined line where each physical line starts.
  private var starts: [Int] = []
  /// The number of characters of `text`.
  private var count = 0

  /// An empty line, waiting for its first physical line.
  public init() {}

  /// A `-e` argument as one command: each backslash followed by a newline joins the text
  /// around it (a pasted continued command); the argument is never joined with the next.
  ///
  /// - Parameter argument: The argument as given (it may hold newlines).
  public init(argument: String) {
    let chars = Array(argument)
    var start = 0
    var i = 0
    while i + 1 < chars.count {
      if chars[i] == "\\", chars[i + 1] == "\n" {
        append(String(characters: chars[start...i]))
        start = i + 2
        i += 2
      } else {
        i += 1
      }
    }
    append(String(characters: chars[start...]))
  }

  /// Whether `line` continues on the next line: its last character is a backslash.
  ///
  /// - Parameter line: A physical line without its line ending.
  public static func continues(_ line: String) -> Bool { line.last == "\\" }

  /// Whether no physical line was added yet.
  public var isEmpty: Bool { lines.isEmpty }

  /// Whether the last line added ends in a backslash, so another line is needed.
  public var isContinued: Bool { lines.last.map(ContinuedLine.continues) ?? false }

  /// Appends the next physical line.
  ///
  /// - Parameter line: The line without its line ending.
  /// - Returns: Whether the command goes on (the line ends in a backslash).
  @discardableResult
  public mutating func append(_ line: String) -> Bool {
    starts.append(count)
    lines.append(line)
    let continued = ContinuedLine.continues(line)
    let kept = continued ? String(line.dropLast()) : line
    text += kept
    count += kept.count
    return continued
  }

  /// The physical line that holds column `column` of the joined line, and the column in it.
  ///
  /// - Parameter column: A 0-based character column of `text` (at or past the end: the last
  ///   line).
  /// - Returns: The index of the physical line in `lines` and the 0-based column in it.
  public func physical(_ column: Int) -> (line: Int, column: Int) {
    var k = 0
    while k + 1 < starts.count, starts[k + 1] <= column { k += 1 }
    return (k, column - (starts.isEmpty ? 0 : starts[k]))
  }

  /// `error` located in the physical line that holds its first column (the columns after
  /// that line's end are cut off), and that line's index; an error without a location is
  /// the first line's.
  ///
  /// - Parameter error: An error located in `text`'s columns.
  /// - Returns: The index of the physical line in `lines`, and the error in its columns.
  public func locate(_ error: CommandError) -> (line: Int, error: CommandError) {
    guard let at = error.location, lines.count > 1 else { return (0, error) }
    let (k, column) = physical(at.lowerBound)
    let length = lines[k].count - (k + 1 < lines.count ? 1 : 0)
    let end = max(column + 1, min(at.upperBound - starts[k], length))
    var moved = error
    moved.location = column..<end
    return (k, moved)
  }
}
