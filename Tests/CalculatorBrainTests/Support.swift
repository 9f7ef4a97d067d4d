import CalculatorBrain
import Testing

/// Runs `lines` in a fresh calculator and returns what the REPL would print for the last one:
/// a value through `CalculatorBrain.format`, one `description = value` line per RPN value,
/// nothing for an assignment or definition.
/// - Throws: The `CalcError` of any line.
func output(_ lines: [String], mode: CalculatorBrain.Mode = .infix) throws(CalcError) -> String {
  var brain = CalculatorBrain()
  var last = ""
  for (i, line) in lines.enumerated() {
    let lineMode: CalculatorBrain.Mode = i == lines.count - 1 ? mode : .infix
    switch try brain.execute(line, mode: lineMode) {
    case .value(let v): last = CalculatorBrain.format(v)
    case .inBase(let v, let base): last = CalculatorBrain.format(v, base: base)
    case .rpn(let results): last = results.map(\.text).joined(separator: "\n")
    case .assigned, .defined: last = ""
    }
  }
  return last
}

/// The error the last of `lines` throws, or nil when every line runs.
func failure(_ lines: [String], mode: CalculatorBrain.Mode = .infix) -> CalcError? {
  do {
    _ = try output(lines, mode: mode)
    return nil
  } catch {
    return error
  }
}

/// One input and what it should print.
struct Case: Sendable, CustomTestStringConvertible {
  /// Lines run first (assignments, definitions).
  var setup: [String]
  var input: String
  var expected: String
  init(_ input: String, _ expected: String, after setup: [String] = []) {
    self.input = input
    self.expected = expected
    self.setup = setup
  }
  var testDescription: String { (setup + [input]).joined(separator: "; ") + " → " + expected }
}

/// One input and the error it should give.
struct ErrorCase: Sendable, CustomTestStringConvertible {
  var setup: [String]
  var input: String
  var kind: CalcError.Kind
  /// The 1-based column of the error, or nil when it has no location.
  var column: Int?
  /// Text the message must contain.
  var message: String
  init(
    _ input: String, _ kind: CalcError.Kind, column: Int?, _ message: String,
    after setup: [String] = []
  ) {
    self.input = input
    self.kind = kind
    self.column = column
    self.message = message
    self.setup = setup
  }
  var testDescription: String { (setup + [input]).joined(separator: "; ") + " → \(kind)" }
}
