/// A key pressed in `explore`, as `KeyDecoder` reads it from the terminal's bytes.
public enum ExploreKey: Sendable, Hashable {
  /// The arrow keys (ESC [ A..D or ESC O A..D).
  case up, down, left, right
  /// Page Up and Page Down (ESC [ 5 ~ and ESC [ 6 ~).
  case pageUp, pageDown
  /// Home and End (ESC [ H / ESC O H / ESC [ 1 ~ / ESC [ 7 ~, and ESC [ F / ESC O F /
  /// ESC [ 4 ~ / ESC [ 8 ~).
  case home, end
  /// Escape pressed alone (an ESC with nothing after it within the decoder's timeout).
  case escape
  /// Return or Enter (CR or LF).
  case enter
  /// Shift-Tab (ESC [ Z); Tab itself is `.control(9)`.
  case backTab
  /// A printable ASCII character.
  case character(Character)
  /// A control character (byte 0x00...0x1F other than ESC, CR, LF, or 0x7F), by its byte:
  /// Ctrl-C is 3.
  case control(UInt8)
  /// An escape sequence the view does not use (function keys, ...), or a non-ASCII byte.
  case unknown
}

/// Turns the bytes a terminal sends in raw mode into keys: ASCII characters, control keys and
/// the escape sequences of the arrow keys, Home, End and Shift-Tab (ESC [ Z), in both their normal (CSI, ESC [ A)
/// and application cursor (SS3, ESC O A) forms, and of Page Up / Page Down and the
/// VT220-style Home / End (ESC [ 5 ~, ESC [ 1 ~, ...; xterm's ctlseqs); other CSI sequences (ECMA-48: parameter bytes 0x30-0x3F,
/// intermediate bytes 0x20-0x2F, a final byte 0x40-0x7E) are read whole and answered as
/// `.unknown`.
///
/// An ESC alone is ambiguous (it starts every sequence): the decoder holds it until more
/// bytes come or until the caller, having waited a short while (`escapeTimeoutMilliseconds`)
/// with nothing arriving, calls `flush()`, which answers `.escape`.
public struct KeyDecoder: Sendable, Hashable {
  /// How long a caller waits after a lone ESC before calling `flush()`, in milliseconds.
  public static let escapeTimeoutMilliseconds = 40

  enum Phase: Sendable, Hashable {
    case ground
    case escape
    case csi
    case ss3
  }

  var phase = Phase.ground
  /// The first numeric parameter of the CSI sequence being read (`5` of ESC [ 5 ~), capped.
  var parameter = 0
  /// Whether a `;` ended the first parameter.
  var pastFirstParameter = false

  /// Creates a decoder with nothing pending.
  public init() {}

  /// Whether bytes of an unfinished sequence are held (the caller should wait
  /// `escapeTimeoutMilliseconds` for more, then `flush()`).
  public var isPending: Bool { phase != .ground }

  /// The keys that `bytes` complete; bytes of an unfinished sequence are held for the next
  /// call.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [ExploreKey] {
    var keys: [ExploreKey] = []
    for byte in bytes {
      switch phase {
      case .ground:
        if byte == 0x1B {
          phase = .escape
        } else {
          keys.append(Self.plain(byte))
        }
      case .escape:
        switch byte {
        case UInt8(ascii: "["):
          phase = .csi
          parameter = 0
          pastFirstParameter = false
        case UInt8(ascii: "O"): phase = .ss3
        case 0x1B: keys.append(.escape)  // ESC ESC: the first was alone
        default:
          // Alt+key (ESC then the key): Escape, then the key.
          phase = .ground
          keys.append(.escape)
          keys.append(Self.plain(byte))
        }
      case .csi:
        if (0x20...0x3F).contains(byte) {  // parameters and intermediates
          if byte >= 0x30 && byte <= 0x39 && !pastFirstParameter {
            parameter = min(parameter * 10 + Int(byte - 0x30), 10_000)
          } else {
            pastFirstParameter = true
          }
          continue
        }
        phase = .ground
        if byte == UInt8(ascii: "~") {
          keys.append(Self.tilde(parameter))
        } else {
          keys.append((0x40...0x7E).contains(byte) ? Self.arrow(byte) : .unknown)
        }
      case .ss3:
        phase = .ground
        keys.append(Self.arrow(byte))
      }
    }
    return keys
  }

  /// The keys held bytes stand for once no more have come: `.escape` for a lone ESC;
  /// nothing for the start of an unfinished sequence (dropped).
  public mutating func flush() -> [ExploreKey] {
    defer { phase = .ground }
    return phase == .escape ? [.escape] : []
  }

  static func arrow(_ final: UInt8) -> ExploreKey {
    switch final {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return .right
    case UInt8(ascii: "D"): return .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "Z"): return .backTab
    default: return .unknown
    }
  }

  /// The key of ESC [ N ~ (VT220 editing keys).
  static func tilde(_ n: Int) -> ExploreKey {
    switch n {
    case 1, 7: return .home
    case 4, 8: return .end
    case 5: return .pageUp
    case 6: return .pageDown
    default: return .unknown
    }
  }

  static func plain(_ byte: UInt8) -> ExploreKey {
    switch byte {
    case 0x0D, 0x0A: return .enter
    case 0x20...0x7E: return .character(Character(Unicode.Scalar(byte)))
    case 0..<0x20, 0x7F: return .control(byte)
    default: return .unknown
    }
  }
}
