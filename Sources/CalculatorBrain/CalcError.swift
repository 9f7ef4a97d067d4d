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

  /// The kind of failure.
  public var kind: Kind
  /// The message, one line, without the input or caret (`expected an operand after '+'`).
  public var message: String
  /// The 0-based character offsets in the input that the error is about, if known.
  public var location: Range<Int>?

  /// Creates an error.
  public init(_ kind: Kind, _ message: String, at location: Range<Int>? = nil) {
    self.kind = kind
    self.message = message
    self.location = location
  }

  /// The message alone.
  public var description: String { message }

  /// The message followed by the input and a caret line under the error's columns, e.g.
  ///
  ///     error: expected an operand after '+' at column 3
  ///       2+
  ///         ^
  ///
  /// - Parameter input: The line the error was found in.
  /// - Returns: The text to print (several lines, no trailing newline).
  public func rendered(input: String) -> String {
    guard let location else { return "error: \(message)" }
    let column = location.lowerBound + 1
    let width = max(1, location.count)
    let caret = String(repeating: " ", count: location.lowerBound) + String(repeating: "^", count: width)
    return "error: \(message) at column \(column)\n  \(input)\n  \(caret)"
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
