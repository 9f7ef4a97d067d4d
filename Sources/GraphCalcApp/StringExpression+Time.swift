import Glibc
import TextAndNumbers

// gnuplot's time functions as string functions (tracker issue 16): `strftime(FMT, T)`,
// `strptime(FMT, S)`, `time(0)` (seconds now, a whole number), `time(0.0)` (with the
// fraction) and `time("FMT")` (now, written by the format). Times are seconds since the
// epoch, UTC, as in gnuplot (`TimeFormat`).

extension StringExpression {
  /// The time functions and the arguments they take.
  static let timeFunctions: [String: ClosedRange<Int>] = [
    "strftime": 2...2, "strptime": 2...2, "time": 1...1,
  ]

  /// The value of the time function `name` called with `arguments`, or nil when `name` is
  /// none of them.
  ///
  /// - Throws: `CommandError` at the call when a string does not match its format, or at an
  ///   argument of the wrong kind.
  func timeFunction(_ name: CommandToken, _ arguments: [Range<Int>]) throws(CommandError)
    -> Value?
  {
    switch name.text {
    case "strftime":
      let format = try string(arguments[0])
      return .text(TimeFormat.format(try number(arguments[1]), format: format))
    case "strptime":
      let format = try string(arguments[0])
      let text = try string(arguments[1])
      guard let (t, _) = TimeFormat.parse(text, format: format) else {
        // gnuplot 5.4 answers NaN with a warning; the value says so.
        return .number(.nan)
      }
      return .number(t)
    case "time":
      var now = timespec()
      clock_gettime(CLOCK_REALTIME, &now)
      let t = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
      let argument = line.text(of: arguments[0], emptyOffset: 0)
      if let first = argument.text.first, first == "\"" || first == "'" {
        return .text(TimeFormat.format(t, format: try string(arguments[0])))
      }
      // time(0) is a whole number of seconds, time(0.0) has the fraction (gnuplot).
      return .number(argument.text.contains(".") ? t : t.rounded(.down))
    default:
      return nil
    }
  }
}
