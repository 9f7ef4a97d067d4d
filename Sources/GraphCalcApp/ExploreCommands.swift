import GraphView

extension Session {
  /// The state `explore` starts from: the current plot, view, history, terminal size and
  /// display.
  ///
  /// - Throws: `CommandError` when nothing is plotted.
  public func exploreState() throws(CommandError) -> ExploreState {
    guard let curves else { throw CommandError(.nothingPlotted(action: "explore")) }
    return ExploreState(
      curves: curves, view: view, history: viewHistory, size: terminalSize, display: display)
  }

  /// Keeps what `explore` ended with: its view and the view history.
  public mutating func finishExploring(_ state: ExploreState) {
    view = state.view
    viewHistory = state.history
  }
}
