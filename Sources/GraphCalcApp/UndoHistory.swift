/// The views a session has left, newest last, for `undo` at the prompt and `u` in
/// `explore` (one history shared by both).
///
/// Each view change pushes the view it left; `undo` pops it back. A push equal to the newest
/// entry is not stored twice. The oldest entries are dropped beyond `limit`.
public struct ViewHistory: Sendable, Hashable {
  /// The earlier views, oldest first.
  public private(set) var entries: [ViewState] = []
  /// The most entries kept.
  public let limit: Int

  /// Creates an empty history that keeps at most `limit` views (at least 1).
  public init(limit: Int = 200) { self.limit = max(1, limit) }

  /// How many views `undo` can step back through.
  public var count: Int { entries.count }

  /// Records `view`, the view being left.
  public mutating func push(_ view: ViewState) {
    if entries.last == view { return }
    entries.append(view)
    if entries.count > limit { entries.removeFirst(entries.count - limit) }
  }

  /// Removes and answers the newest view, or nil when there is none.
  public mutating func pop() -> ViewState? { entries.popLast() }
}
