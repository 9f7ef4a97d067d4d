// `pause`: gnuplot's wait between the plots of a demo script.

extension CommandEntry {
  /// `pause -1|SECONDS|mouse ["TEXT"]`.
  static let pause = CommandEntry(
    name: "pause",
    usage: ["pause -1 [\"TEXT\"]", "pause SECONDS [\"TEXT\"]", "pause mouse [EVENTS] [\"TEXT\"]"],
    summary: "wait for Return, or some seconds (gnuplot's pause)",
    details: """
      Shows TEXT (on standard error, as gnuplot does) and waits: pause -1 until you press
      Return, pause N for N seconds (Ctrl-C stops the wait), pause 0 not at all. pause
      mouse waits for Return too (graphcalc has no mouse; the events after it, as
      keypress,button1, are accepted and ignored). When standard input is not a terminal
      (a script run with < /dev/null, or from a pipe) nothing waits: the text is shown and
      the script goes on, so gnuplot's demo scripts run straight through.
      """, keywords: ["mouse"]
  ) { arguments throws(CommandError) in
    try Pause(arguments)
  }
}

/// What `pause` asks of the executable: the text to show and how long to wait. The session
/// never waits itself (it has no terminal); `Reply.pause` carries this to the executable.
public struct PauseRequest: Sendable, Hashable {
  /// How long to wait.
  public enum Wait: Sendable, Hashable {
    /// Until a line is read from the terminal (`pause -1`, `pause mouse`).
    case untilReturn
    /// This many seconds, more than 0 (`pause 2.5`).
    case seconds(Double)
    /// Not at all (`pause 0`): the text is shown.
    case none
  }

  /// How long to wait.
  public var wait: Wait
  /// The text to show first, as given (empty when none).
  public var text: String

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - wait: How long to wait.
  ///   - text: The text to show first (empty for none).
  public init(wait: Wait, text: String) {
    self.wait = wait
    self.text = text
  }
}

/// `pause -1|SECONDS|mouse [EVENTS] ["TEXT"]`.
struct Pause: SessionCommand {
  /// The time as typed (an expression: -1, 5, 0.5), nil for `mouse`.
  var seconds: Word?
  /// The text after it, without quotes.
  var text: String

  /// Reads the time (or `mouse` and its events) and the optional text.
  ///
  /// - Throws: `CommandError` with the usage when nothing follows `pause`, or a word that
  ///   is neither an event nor the text follows the time.
  init(_ arguments: CommandArguments) throws(CommandError) {
    var words = arguments.words
    text = ""
    if let last = words.last, last.isString, words.count > 1 {
      text = last.text
      words.removeLast()
    }
    guard let first = words.first else {
      throw CommandError(
        .usage("pause -1 [\"TEXT\"] | pause SECONDS [\"TEXT\"] | pause mouse [\"TEXT\"]"),
        at: arguments.text.span)
    }
    if first.text == "mouse" {
      seconds = nil  // its events (keypress, button1, close, any) are gnuplot's; no mouse here
      return
    }
    guard words.count == 1 else {
      throw CommandError(
        .usage("pause -1 [\"TEXT\"] | pause SECONDS [\"TEXT\"] | pause mouse [\"TEXT\"]"),
        at: words[1].span)
    }
    seconds = first.word
  }

  func run(in session: inout Session) throws(CommandError) -> Reply {
    var wait = PauseRequest.Wait.untilReturn
    if let seconds {
      let n = try session.number(seconds)
      guard !n.isNaN else {
        throw CommandError(.notFinite(command: "pause", value: n), at: seconds.span)
      }
      wait = n < 0 ? .untilReturn : n == 0 ? .none : .seconds(n)
    }
    var reply = Reply()
    reply.pause = PauseRequest(wait: wait, text: text)
    return reply
  }
}
