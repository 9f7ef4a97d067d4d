import GraphView

/// What `explore` reads from its terminal: key bytes, a quiet moment, a new size, or the end.
public enum ExploreEvent: Sendable, Hashable {
  /// Bytes the terminal sent.
  case bytes([UInt8])
  /// Nothing arrived within the timeout asked for.
  case timeout
  /// The terminal was resized to this many cells.
  case resized(TerminalSize)
  /// Input ended (or failed): leave.
  case end
}

/// The terminal `explore` runs on, abstracted so tests can feed keys without one: the real
/// one (in the executable) reads with poll(2) and writes to standard output.
public protocol ExploreTerminal {
  /// Waits up to `timeoutMilliseconds` (negative: without limit) for input or a resize.
  mutating func next(timeoutMilliseconds: Int) -> ExploreEvent
  /// Writes `text` to the terminal at once (one write for a whole frame).
  mutating func write(_ text: String)
}

/// A full-screen view that `explore` runs, as a pure state machine: keys in, whole screens
/// out, no terminal involved (so tests drive it key by key). `ExploreState` (a plot) and
/// `BarExploreState` (a bar chart) are the two.
public protocol ExploreScreen {
  /// The terminal's size in cells; the driver sets it when the terminal is resized.
  var size: TerminalSize { get set }
  /// Applies one key: whether to redraw, nothing happened, or to leave.
  mutating func handle(_ key: ExploreKey) -> ExploreState.Outcome
  /// The whole screen: `size.rows` lines, each at most `size.columns` cells wide.
  func screen() -> [String]
  /// What a picture canvas shows (`ExplorePicture`): the curves with the view's ranges (and
  /// the trace cursor as a marker) and the status line; nil draws `screen()` as text.
  var pictureContent: (curves: FunctionCurves, status: String)? { get }
  /// One cell's size in pixels when the frames are pictures (the driver sets it from its
  /// `ExplorePicture`), nil when they are text: what the ranges shown after `set aspect
  /// equal` are worked out for.
  var pictureCellPixels: PixelSize? { get set }
}

extension ExploreScreen {
  /// The default: no picture (a bar chart's `explore` stays in text).
  public var pictureContent: (curves: FunctionCurves, status: String)? { nil }
  /// The default: not kept (a bar chart's frames are text).
  public var pictureCellPixels: PixelSize? {
    get { nil }
    set {}
  }
}

extension ExploreState: ExploreScreen {}

/// Runs `explore`: draws the screen, then reads keys and redraws until a key leaves.
///
/// Each frame is drawn whole, in one `write`: cursor home (`ESC [ H`), each line followed by
/// erase-to-end-of-line (`ESC [ K`) and CR LF, and erase-below (`ESC [ J`) at the end, so
/// nothing flickers (no screen clear); a frame equal to the one shown is not written. The
/// caller switches the terminal to raw mode and the alternate screen before and back after.
public enum ExploreDriver {
  /// How long to wait for a key when nothing is pending, in milliseconds (then wait again;
  /// the timeout only lets the loop notice resizes the terminal layer reports).
  static let idleTimeoutMilliseconds = 500

  /// The bytes that draw `lines` over the whole screen (see the type's description).
  public static func frame(_ lines: [String]) -> String {
    var out = "\u{1B}[H"
    for (i, line) in lines.enumerated() {
      if i > 0 { out += "\r\n" }
      out += line + "\u{1B}[K"
    }
    return out + "\u{1B}[J"
  }

  /// Explores until a key leaves or input ends, in text (`frame(_:)`).
  ///
  /// - Parameters:
  ///   - state: The explore state; on return it holds the view (or scroll offset) to keep.
  ///   - terminal: Where keys come from and frames go.
  public static func run(_ state: inout some ExploreScreen, on terminal: inout some ExploreTerminal)
  {
    var none: ExplorePicture? = nil
    run(&state, on: &terminal, picture: &none)
  }

  /// Explores until a key leaves or input ends.
  ///
  /// - Parameters:
  ///   - state: The explore state (a plot's or a bar chart's); on return it holds the view
  ///     (or the scroll offset) to keep.
  ///   - terminal: Where keys come from and frames go.
  ///   - picture: On a picture canvas, the pictures the frames are drawn as
  ///     (`ExplorePicture.frame`); nil draws text (`frame(_:)`). Its `leave()` is the
  ///     caller's to write.
  public static func run(
    _ state: inout some ExploreScreen, on terminal: inout some ExploreTerminal,
    picture: inout ExplorePicture?
  ) {
    state.pictureCellPixels = picture?.cellPixels
    var decoder = KeyDecoder()
    var shown = ""
    func draw() {
      let frame: String
      if picture != nil {
        frame = picture!.frame(state)
      } else {
        frame = Self.frame(state.screen())
      }
      if frame != shown {
        terminal.write(frame)
        shown = frame
      }
    }
    draw()
    while true {
      let wait = decoder.isPending ? KeyDecoder.escapeTimeoutMilliseconds : idleTimeoutMilliseconds
      var keys: [ExploreKey] = []
      switch terminal.next(timeoutMilliseconds: wait) {
      case .bytes(let bytes): keys = decoder.feed(bytes)
      case .timeout: keys = decoder.flush()
      case .resized(let size):
        state.size = size
        shown = ""  // the terminal may have scrolled or wrapped what was there
        picture?.forgetShownSize()
      case .end: return
      }
      for key in keys where state.handle(key) == .quit { return }
      draw()
    }
  }
}
