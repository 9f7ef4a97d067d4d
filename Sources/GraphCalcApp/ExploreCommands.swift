import GraphView

extension Session {
  /// `set canvas braille|block|ascii`, `set color on|off`, and `set` alone (the settings:
  /// canvas, colour and the bar style).
  mutating func setOption(_ rest: Word) throws(CommandError) -> Reply {
    let words = rest.arguments()
    guard let what = words.first else {
      return .text(
        "canvas \(display.canvas.rawValue)\ncolor \(display.color ? "on" : "off")"
          + "\nbar style \(bars.rounded ? "rounded" : "flat")")
    }
    switch (what.text, words.count) {
    case ("canvas", 2):
      guard let kind = CanvasKind(rawValue: words[1].text) else {
        throw CommandError(
          "unknown canvas '\(words[1].text)'; choose braille, block or ascii", at: words[1].span)
      }
      display.canvas = kind
      return try redrawForDisplay()
    case ("color", 2), ("colour", 2):
      switch words[1].text {
      case "on": display.color = true
      case "off": display.color = false
      default: throw CommandError("usage: set color on|off", at: words[1].span)
      }
      return try redrawForDisplay()
    case ("canvas", 1):
      return .text(display.canvas.rawValue)
    case ("color", 1), ("colour", 1):
      return .text(display.color ? "on" : "off")
    default:
      let forms = Help.command(named: "set")?.usage.joined(separator: " | ") ?? "set"
      throw CommandError("usage: \(forms)", at: rest.trimmed().span)
    }
  }

  /// The current plot drawn again after a display change, or nothing when there is none.
  private func redrawForDisplay() throws(CommandError) -> Reply {
    guard let curves else { return Reply() }
    var shown = curves
    shown.xRange = view.xRange
    let auto = Autoscale.yRange(of: shown, xRange: view.xRange)
    shown.yRange = view.currentY(auto) ?? auto
    return .text(
      try PlotOutput.terminal(
        shown, size: terminalSize, canvas: display.canvas, colors: display.colors))
  }

  /// `explore`: asks the caller (the REPL) to start the interactive view.
  func exploreCommand(_ rest: Word) throws(CommandError) -> Reply {
    guard rest.trimmed().text.isEmpty else {
      throw CommandError("explore takes no arguments", at: rest.trimmed().span)
    }
    guard curves != nil else { throw CommandError("nothing to explore: plot something first") }
    var reply = Reply()
    reply.startsExplore = true
    return reply
  }

  /// `undo`: back to the view before the last view change (at the prompt or in `explore`).
  mutating func undoCommand(_ rest: Word) throws(CommandError) -> Reply {
    guard rest.trimmed().text.isEmpty else {
      throw CommandError("undo takes no arguments", at: rest.trimmed().span)
    }
    guard let earlier = viewHistory.pop() else { throw CommandError("nothing to undo") }
    view = earlier
    guard curves != nil else { return .text(viewDescription) }
    return try redrawForDisplay()
  }

  /// The state `explore` starts from: the current plot, view, history, terminal size and
  /// display.
  ///
  /// - Throws: `CommandError` when nothing is plotted.
  public func exploreState() throws(CommandError) -> ExploreState {
    guard let curves else { throw CommandError("nothing to explore: plot something first") }
    return ExploreState(
      curves: curves, view: view, history: viewHistory, size: terminalSize, display: display)
  }

  /// Keeps what `explore` ended with: its view and the view history.
  public mutating func finishExploring(_ state: ExploreState) {
    view = state.view
    viewHistory = state.history
  }
}
