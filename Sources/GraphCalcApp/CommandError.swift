import CalculatorBrain
import DataFiles
import ImageRenderer

/// An error of a command: what caused it and, when known, the columns of the line it is
/// about.
///
/// A lower layer's error is kept whole (`Cause.calculator`, `Cause.dataFile`), not copied as
/// text, so callers and tests can ask what went wrong; the words come from that layer's own
/// message. Calculator errors inside a command are moved to the columns of the whole line
/// (see `init(_:shiftedBy:)`), so the caret lands under what the user typed.
public struct CommandError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What caused the error.
  public enum Cause: Sendable, Hashable {
    /// A mistake in the command itself (its words, its arguments, the session's state), or
    /// in graphcalc's command-line options.
    case command(CommandProblem)
    /// The calculator's error (its location is within the part of the line it read).
    case calculator(CalcError)
    /// A data file could not be read, or a `using` list not parsed.
    case dataFile(DataFileError)
    /// A mistake in `stream`'s arguments.
    case stream(StreamArgumentError)
    /// A PNG or PDF picture could not be made (cairo's status).
    case image(ImageError)
  }

  /// What caused it.
  public var cause: Cause
  /// The 0-based character offsets in the whole line that the error is about, if known.
  public var location: Range<Int>?
  /// A line printed after the error and its caret (`hint: plot y = x^2 draws it`), if any.
  public var hint: String? = nil

  /// Creates an error of the command itself.
  ///
  /// - Parameters:
  ///   - problem: What is wrong.
  ///   - location: The columns it is about (characters, 0-based), if known.
  public init(_ problem: CommandProblem, at location: Range<Int>? = nil) {
    self.cause = .command(problem)
    self.location = location
  }

  /// An error of `cause`, about the columns `location` if known.
  init(cause: Cause, at location: Range<Int>? = nil) {
    self.cause = cause
    self.location = location
  }

  /// The command's own problem, or nil when a lower layer's error caused it.
  public var problem: CommandProblem? {
    if case .command(let problem) = cause { return problem }
    return nil
  }

  /// The calculator's error `error`, found in a part of the line that starts at character
  /// `offset`.
  ///
  /// - Parameters:
  ///   - error: The calculator's error, located within the part.
  ///   - offset: Where the part starts in the whole line.
  public init(_ error: CalcError, shiftedBy offset: Int) {
    self.cause = .calculator(error)
    self.location = error.location.map { ($0.lowerBound + offset)..<($0.upperBound + offset) }
    // gnuplot's rand where the command layer does not draw it (GnuplotRandom): named, not
    // "did you mean 'round'".
    if case .unknownName("rand", _) = error.problem {
      self.cause = .command(
        .notSupported(
          what: "rand() in a plot, a using expression, fit or a function",
          hint:
            "rand(0) is drawn where a value is computed once: print, r = rand(0), a command's "
            + "number"))
    }
  }

  /// A data file's error, about the columns `location` of the line (the file name or the
  /// column in `using`).
  ///
  /// - Parameters:
  ///   - error: The data file's error.
  ///   - location: The columns it is about, if known.
  public init(_ error: DataFileError, at location: Range<Int>?) {
    self.cause = .dataFile(error)
    self.location = location
  }

  /// A mistake in `stream`'s arguments, about the columns `location`.
  ///
  /// - Parameters:
  ///   - error: The arguments' error.
  ///   - location: The columns of the argument it is about, if known.
  public init(_ error: StreamArgumentError, at location: Range<Int>?) {
    self.cause = .stream(error)
    self.location = location
  }

  /// One line, without the input or caret (`x range [5, 5] is empty`): the command's words,
  /// or the lower layer's message (a data file's with its path: `FILE: message`).
  public var message: String {
    switch cause {
    case .command(let problem): return problem.message
    case .calculator(let error): return error.message
    case .dataFile(let error): return error.description
    case .stream(let error): return error.message
    case .image(let error): return error.message
    }
  }

  /// The message.
  public var description: String { message }

  /// The message, then the line and a caret under the error's columns, in the calculator's
  /// layout (`CalcError.rendered(input:)`), so every error looks the same.
  ///
  /// - Parameter input: The whole line.
  /// - Returns: One or three lines, without a trailing newline.
  public func rendered(input: String) -> String {
    CalcError.rendered(message: message, at: location, input: input)
      + (hint.map { "\n" + $0 } ?? "")
  }
}
