import TextAndNumbers

/// An error of the calculator: what went wrong and, where known, where in the input.
///
/// Errors are values, never traps. `rendered(input:)` makes the message a person reads: the
/// message, then the input line with a caret under the column.
public struct CalcError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of failure.
  public enum Kind: Sendable, Hashable {
    /// The input could not be read (unexpected token, missing operand, unbalanced bracket).
    case syntax
    /// A name that is not defined (variable or function).
    case unknownName
    /// A function called with the wrong number of arguments.
    case arity
    /// A value outside a function's domain (`sqrt(-1)`, `asin(2)`, `0/0`).
    case domain
    /// An RPN program that pops an empty operand stack.
    case notEnoughOperands
    /// An assignment to a built-in name (`pi = 3`).
    case readOnly
    /// A limit was reached (nesting depth, recursion depth).
    case limit
  }

  /// What went wrong, as data (`Problem.message` makes the text).
  public var problem: Problem
  /// The 0-based character offsets in the input that the error is about, if known.
  public var location: Range<Int>?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - problem: What went wrong.
  ///   - location: The 0-based character offsets in the input it is about, if known.
  public init(_ problem: Problem, at location: Range<Int>? = nil) {
    self.problem = problem
    self.location = location
  }

  /// The kind of failure (`problem.kind`).
  public var kind: Kind { problem.kind }

  /// The message, one line, without the input or caret (`expected an operand after '+'`).
  public var message: String { problem.message }

  /// The message alone.
  public var description: String { message }

  /// The message followed by the input and a caret line under the error's columns, e.g.
  ///
  ///     error: expected an operand after '+' at column 3
  ///       2+
  ///         ^
  ///
  /// The text is safe for a terminal: control characters (escape sequences, carriage
  /// returns, ...) and bidirectional overrides in the message or the line show as U+FFFD
  /// (a tab as a space), so input cannot move the cursor or retitle the window. A message
  /// longer than 300 characters is cut (`…`), and of a line longer than 160 characters only
  /// the 160 around the error are shown, with `…` where it was cut.
  ///
  /// - Parameter input: The line the error was found in.
  /// - Returns: The text to print (several lines, no trailing newline).
  public func rendered(input: String) -> String {
    Self.rendered(message: message, at: location, input: input)
  }

  /// `message`, then `input` and a caret line under `location`, as `rendered(input:)` lays
  /// out a calculator error: the one layout of every error with a caret (the command
  /// layer's errors use it too).
  ///
  /// - Parameters:
  ///   - message: The message, one line.
  ///   - location: The 0-based character offsets the error is about, or nil for the message
  ///     alone.
  ///   - input: The line the error was found in.
  /// - Returns: One or three lines, without a trailing newline.
  package static func rendered(message: String, at location: Range<Int>?, input: String)
    -> String
  {
    let text = printable(message, limit: 300)
    guard let location else { return "error: \(text)" }
    let column = location.lowerBound + 1
    let characters = Array(input)
    let lower = max(0, location.lowerBound)
    let start = max(0, min(lower - 40, characters.count - Self.window))
    let end = min(characters.count, start + Self.window)
    let lead = start > 0 ? "…" : ""
    let line =
      lead + Self.printable(String(characters: characters[start..<end]), limit: Self.window)
      + (end < characters.count ? "…" : "")
    let width = max(1, min(location.count, Self.window))
    let caret =
      String(repeating: " ", count: lower - start + lead.count)
      + String(repeating: "^", count: width)
    return "error: \(text) at column \(column)\n  \(line)\n  \(caret)"
  }

  /// How many characters of a long line an error shows.
  static let window = 160

  /// `text` safe for a terminal (`TerminalText.safe`), cut to `limit` characters with `…`.
  static func printable(_ text: String, limit: Int) -> String {
    TerminalText.safe(text, limit: limit)
  }
}

/// A function the user defined, as `f(x, y) = body`.
public struct UserFunction: Sendable, Hashable {
  /// The function's name.
  public var name: String
  /// The parameter names, in order.
  public var parameters: [String]
  /// The body, in which the parameters are variables.
  public var body: Expr
  /// Creates a user function.
  public init(name: String, parameters: [String], body: Expr) {
    self.name = name
    self.parameters = parameters
    self.body = body
  }
}
