import GraphView

extension Session {
  /// The state `explore` starts from: the current plot, view, history, terminal size,
  /// display, and the curves its trace can follow.
  ///
  /// - Throws: `CommandError` when nothing is plotted.
  public func exploreState() throws(CommandError) -> ExploreState {
    guard var curves else { throw CommandError(.nothingPlotted(action: "explore")) }
    curves.labels = labels  // the plot's settings: title, key, log axes
    return ExploreState(
      curves: curves, view: view, history: viewHistory, size: terminalSize, display: display,
      tracer: exploreTracer(for: curves))
  }

  /// Keeps what `explore` ended with: its view and the view history.
  public mutating func finishExploring(_ state: ExploreState) {
    view = state.view
    viewHistory = state.history
  }
}
