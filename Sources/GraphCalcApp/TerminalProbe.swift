/// What a terminal answered to graphcalc's questions at the first plot, and the canvas it
/// implies (`set canvas auto`).
///
/// The questions, in one write (after notcurses' and chafa's probes): the kitty graphics
/// query `ESC _ G i=31,s=1,v=1,a=q,t=d,f=24;AAAA ESC \` (a terminal that speaks the protocol
/// answers `ESC _ G i=31;OK ESC \`), the background colour, OSC 11 `ESC ] 11 ; ? ESC \`
/// (answered `ESC ] 11 ; rgb:RRRR/GGGG/BBBB` and BEL or ST), and then Primary Device
/// Attributes, `ESC [ c`, which
/// every terminal answers (`ESC [ ? 62 ; 4 ; ... c`, where 4 means sixel graphics); the DA1
/// answer is the fence: once it is in, every earlier answer is too. What arrives that is no
/// answer is what the user typed meanwhile (type-ahead), kept to be given back to the line
/// editor.
public struct TerminalProbe: Sendable, Hashable {
  /// The bytes to write: the kitty query, then DA1.
  public static let query = Array(
    "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}]11;?\u{1B}\\\u{1B}[c".utf8)

  /// The questions for a terminal outside tmux, asked through tmux's passthrough: the kitty
  /// query and OSC 11 wrapped (`InlineImage.tmuxPassthrough`'s form: `ESC P tmux ; ...
  /// ESC \`, each ESC doubled) so tmux hands them to the terminal outside, then DA1
  /// unwrapped, which tmux answers itself. tmux answers that DA1 at once, before the
  /// terminal outside can have answered, so it is no fence here: the reader waits for the
  /// kitty answer until the timeout (`complete(insideTmux:)`).
  public static let tmuxQuery: [UInt8] = {
    var wrapped: [UInt8] = Array("\u{1B}Ptmux;".utf8)
    for byte in query.dropLast(3) {  // all but ESC [ c
      wrapped.append(byte)
      if byte == 0x1B { wrapped.append(0x1B) }
    }
    return wrapped + Array("\u{1B}\\\u{1B}[c".utf8)
  }()

  /// Whether tmux's answer to `display-message -p '#{allow-passthrough}'` says the
  /// passthrough is on: `1` (tmux 3.3's flag), `on`, or 3.4's `all` (`2`); `0`, `off` or no
  /// answer (tmux older than 3.3, or not found) is off.
  ///
  /// - Parameter answer: What tmux printed.
  /// - Returns: Whether pictures can go through.
  public static func passthroughIsOn(_ answer: String) -> Bool {
    var trimmed = Substring(answer)
    while let last = trimmed.last, last == "\n" || last == " " || last == "\r" {
      trimmed = trimmed.dropLast()
    }
    return ["1", "2", "on", "all"].contains(String(trimmed))
  }

  /// Whether the answers are all in: the DA1 answer (the fence) outside tmux; inside tmux,
  /// whose own DA1 answer comes first, the DA1 answer and kitty's (else the reader waits for
  /// the timeout).
  ///
  /// - Parameter insideTmux: Whether the questions went through tmux (`tmuxQuery`).
  /// - Returns: Whether to stop reading.
  public func complete(insideTmux: Bool) -> Bool {
    insideTmux ? isComplete && kitty : isComplete
  }

  /// How long to wait for the answers, in milliseconds (DECISIONS: 100 ms).
  public static let timeoutMilliseconds = 100

  /// Whether the kitty graphics query was answered `OK`.
  public var kitty = false
  /// The DA1 answer's parameters (`[62, 4, 9]`), nil until it arrives.
  public var attributes: [Int]?
  /// The bytes that were no answer: the user's type-ahead.
  public var typeAhead: [UInt8] = []
  /// The terminal's background colour (OSC 11's answer), 0...1 a channel, nil when it did
  /// not answer.
  public var background: Background?

  /// A colour as a terminal reports it, 0...1 a channel.
  public struct Background: Sendable, Hashable {
    /// Red, 0...1.
    public var red: Double
    /// Green, 0...1.
    public var green: Double
    /// Blue, 0...1.
    public var blue: Double
  }

  /// Whether the background is dark: its relative luminance (Rec. 709 weights) below 0.5;
  /// nil when the terminal did not say.
  public var hasDarkBackground: Bool? {
    background.map { 0.2126 * $0.red + 0.7152 * $0.green + 0.0722 * $0.blue < 0.5 }
  }

  /// An empty probe.
  public init() {}

  /// Whether the DA1 answer, the fence, has arrived.
  public var isComplete: Bool { attributes != nil }

  /// Reads the terminal's answers out of `bytes` (everything read so far): kitty's `APC G`
  /// answer, the DA1 answer, and any other bytes as type-ahead.
  ///
  /// - Parameter bytes: What was read from the terminal, in order.
  /// - Returns: The probe's findings.
  public static func interpret(_ bytes: [UInt8]) -> TerminalProbe {
    var probe = TerminalProbe()
    var i = 0
    let esc: UInt8 = 0x1B
    while i < bytes.count {
      // ESC _ G ... ESC \  (an APC: the kitty answer)
      if bytes[i] == esc, i + 2 < bytes.count, bytes[i + 1] == UInt8(ascii: "_"),
        bytes[i + 2] == UInt8(ascii: "G")
      {
        var j = i + 3
        while j + 1 < bytes.count, !(bytes[j] == esc && bytes[j + 1] == UInt8(ascii: "\\")) {
          j += 1
        }
        guard j + 1 < bytes.count else { break }  // not all in yet
        let body = String(decoding: bytes[(i + 3)..<j], as: UTF8.self)
        if body.hasPrefix("i=31"), body.hasSuffix(";OK") { probe.kitty = true }
        i = j + 2
        continue
      }
      // ESC ] 11 ; rgb:R/G/B (BEL or ESC \)  (the background colour)
      if bytes[i] == esc, i + 4 < bytes.count, bytes[i + 1] == UInt8(ascii: "]"),
        bytes[i + 2] == UInt8(ascii: "1"), bytes[i + 3] == UInt8(ascii: "1"),
        bytes[i + 4] == UInt8(ascii: ";")
      {
        var j = i + 5
        while j < bytes.count, bytes[j] != 0x07,
          !(bytes[j] == esc && j + 1 < bytes.count && bytes[j + 1] == UInt8(ascii: "\\"))
        {
          j += 1
        }
        guard j < bytes.count, bytes[j] == 0x07 || j + 1 < bytes.count else { break }
        probe.background = Self.color(String(decoding: bytes[(i + 5)..<j], as: UTF8.self))
        i = j + (bytes[j] == 0x07 ? 1 : 2)
        continue
      }
      // ESC [ ? params c  (the DA1 answer)
      if bytes[i] == esc, i + 2 < bytes.count, bytes[i + 1] == UInt8(ascii: "["),
        bytes[i + 2] == UInt8(ascii: "?")
      {
        var j = i + 3
        while j < bytes.count, (0x30...0x3B).contains(bytes[j]) { j += 1 }
        guard j < bytes.count else { break }  // not all in yet
        if bytes[j] == UInt8(ascii: "c") {
          let params = String(decoding: bytes[(i + 3)..<j], as: UTF8.self)
          probe.attributes = params.split(separator: ";").compactMap { Int($0) }
          i = j + 1
          continue
        }
      }
      probe.typeAhead.append(bytes[i])
      i += 1
    }
    return probe
  }

  /// The colour of an X11 colour specification `rgb:R/G/B` (1 to 4 hex digits a channel),
  /// 0...1 a channel, or nil.
  static func color(_ spec: String) -> Background? {
    guard spec.hasPrefix("rgb:") else { return nil }
    let parts = spec.dropFirst(4).split(separator: "/")
    guard parts.count == 3 else { return nil }
    var channels: [Double] = []
    for p in parts {
      guard (1...4).contains(p.count), let v = Int(p, radix: 16) else { return nil }
      channels.append(Double(v) / Double((1 << (4 * p.count)) - 1))
    }
    return Background(red: channels[0], green: channels[1], blue: channels[2])
  }

  /// The canvas these answers imply: kitty's protocol when it answered, else sixel when
  /// DA1 lists it (4), else iTerm2's images when the environment names a terminal that
  /// shows them (`TERM_PROGRAM` iTerm.app or WezTerm), else `fallback` (braille, or ASCII
  /// where the locale is not UTF-8).
  ///
  /// - Parameters:
  ///   - termProgram: `TERM_PROGRAM`, or nil.
  ///   - fallback: The character canvas for terminals without pictures.
  /// - Returns: The canvas.
  public func canvas(termProgram: String?, fallback: CanvasKind) -> CanvasKind {
    if kitty { return .kitty }
    if attributes?.contains(4) == true { return .sixel }
    if termProgram == "iTerm.app" || termProgram == "WezTerm" { return .iterm }
    return fallback
  }
}
