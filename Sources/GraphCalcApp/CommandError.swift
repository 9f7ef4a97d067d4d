import CalculatorBrain

/// An error of a command: the message and, when known, the columns of the line it is about.
///
/// Calculator errors inside a command are moved to the columns of the whole line (see
/// `init(_:shiftedBy:)`), so the caret lands under what the user typed.
public struct CommandError: Error, Sendable, Hashable, CustomStringConvertible {
  /// One line, without the input or caret (`x range [5, 5] is empty`).
  public var message: String
  /// The 0-based character offsets in the whole line that the error is about, if known.
  public var location: Range<Int>?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - message: The message.
  ///   - location: The columns it is about (characters, 0-based), if known.
  public init(_ message: String, at location: Range<Int>? = nil) {
    self.message = message
    self.location = location
  }

  /// The calculator's error `error`, found in a part of the line that starts at character
  /// `offset`.
  ///
  /// - Parameters:
  ///   - error: The calculator's error, located within the part.
  ///   - offset: Where the part starts in the whole line.
  public init(_ error: CalcError, shiftedBy offset: Int) {
    self.message = error.message
    self.location = error.location.map { ($0.lowerBound + offset)..<($0.upperBound + offset) }
  }

  /// The message.
  public var description: String { message }

  /// The message, then the line and a caret under the error's columns, in the calculator's
  /// layout (`CalcError.rendered(input:)`), so every error looks the same.
  ///
  /// - Parameter input: The whole line.
  /// - Returns: One or three lines, without a trailing newline.
  public func rendered(input: String) -> String {
    CalcError(.syntax, message, at: location).rendered(input: input)
  }
}
