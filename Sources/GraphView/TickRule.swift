import Glibc

/// How one axis's ticks are placed and labelled, when not automatically: gnuplot's
/// `set xtics` (a step, a start and end, a list of positions with labels, none) and
/// `set format` (a printf format for the labels), and `set decimalsign`.
///
/// A rule works on the ticks the sampler made for the axis (`SampledPlot.xTicks`): the
/// automatic placement keeps them and only relabels them when a format is given; the others
/// replace them. Positions are values (data units); on a log axis they are turned into its
/// coordinates, and a step is a factor (gnuplot's rule: "if the axis is logarithmic, the
/// increment is used as a multiplicative factor").
public struct TickRule: Sendable, Hashable {
  /// Where the ticks go.
  public enum Placement: Sendable, Hashable {
    /// Where the automatic ticks go (`set xtics auto`, the default).
    case automatic
    /// No ticks and no labels (`unset xtics`).
    case none
    /// From `start` (default: the multiples of `step`; on a log axis, the powers of its
    /// base) every `step` up to `end` (default: the end of the axis), values.
    case step(start: Double?, step: Double, end: Double?)
    /// At the listed values, each with its label or, when nil, the formatted value
    /// (`set xtics ("low" 0, "high" 10)`, `set xtics (1, 2, 5)`).
    case list([ListedTick])
  }

  /// One tick of `Placement.list`.
  public struct ListedTick: Sendable, Hashable {
    /// Where it goes, a value.
    public var value: Double
    /// Its label, or nil for the value formatted.
    public var label: String?
    /// Creates a listed tick.
    public init(value: Double, label: String?) {
      self.value = value
      self.label = label
    }
  }

  /// Where the ticks go.
  public var placement = Placement.automatic
  /// The labels' format (`set format`), or nil for the automatic labels.
  public var format: TickFormat?
  /// Whether the ticks are drawn on the opposite side of the frame too (gnuplot's
  /// `mirror`, its default; `nomirror` leaves them off).
  public var mirror = true

  /// The automatic ticks, automatic labels, mirrored.
  public init() {}

  /// Whether the rule leaves the automatic ticks exactly as they are.
  public var isAutomatic: Bool { placement == .automatic && format == nil }

  /// The most ticks a step or list makes on one axis; a step that would make more is
  /// spread so as to make this many at most.
  public static let maximumCount = 200

  /// The ticks of an axis under this rule.
  ///
  /// - Parameters:
  ///   - automatic: The ticks the sampler made (axis coordinates, labelled).
  ///   - range: The axis's shown range, in its coordinates (on a log axis, log_b of the
  ///     values).
  ///   - scale: The axis's scale.
  ///   - isTime: Whether the axis shows times (Unix seconds): labels are then the calendar
  ///     labels (`format` does not apply), and a step is in seconds.
  ///   - decimalSign: What replaces the decimal point in the numbers of the labels
  ///     (`set decimalsign`), or nil for `.`.
  ///   - timeLabel: The calendar label of a moment (Unix seconds), for placed ticks on a
  ///     time axis.
  /// - Returns: The ticks, in axis coordinates, in increasing order.
  public func ticks(
    automatic: [Tick], range: ClosedRange<Double>, scale: AxisScale, isTime: Bool,
    decimalSign: String? = nil, timeLabel: (Double) -> String = { NumberLabel.general($0) }
  ) -> [Tick] {
    let base = scale.base
    /// The value at coordinate `c`.
    func value(_ c: Double) -> Double { base.map { pow($0, c) } ?? c }
    /// The label of value `v`.
    func label(_ v: Double) -> String {
      if isTime { return timeLabel(v) }
      if let format { return format.string(v, base: base ?? 10, decimalSign: decimalSign) }
      return TickFormat.replacingPoint(NumberLabel.general(v), decimalSign)
    }
    switch placement {
    case .none:
      return []
    case .automatic:
      guard format != nil || (decimalSign != nil && !isTime) else { return automatic }
      return automatic.map { t in
        t.isMinor || t.label.isEmpty
          ? t
          : Tick(value: t.value, label: label(value(t.value)), isMinor: false)
      }
    case .list(let listed):
      var ticks: [Tick] = []
      for t in listed.prefix(Self.maximumCount) {
        let c: Double
        if let base {
          guard t.value > 0 else { continue }
          c = log(t.value) / log(base)
        } else {
          c = t.value
        }
        guard c.isFinite, c >= range.lowerBound, c <= range.upperBound else { continue }
        ticks.append(Tick(value: c, label: t.label ?? label(t.value)))
      }
      return ticks.sorted { $0.value < $1.value }
    case .step(let start, let step, let end):
      return stepped(start: start, step: step, end: end, range: range, base: base) {
        label(value($0))
      }
    }
  }

  /// The ticks of `Placement.step` over `range` (axis coordinates).
  private func stepped(
    start: Double?, step: Double, end: Double?, range: ClosedRange<Double>, base: Double?,
    label: (Double) -> String
  ) -> [Tick] {
    // In the axis's coordinates: a factor on a log axis is a step of log_b(factor).
    let first: Double
    var increment: Double
    var last = range.upperBound
    if let base {
      guard step > 1 else { return [] }
      increment = log(step) / log(base)
      if let start {
        guard start > 0 else { return [] }
        first = log(start) / log(base)
      } else {
        first = range.lowerBound.rounded(.down)
      }
      if let end, end > 0 { last = min(last, log(end) / log(base)) }
    } else {
      guard step > 0 else { return [] }
      increment = step
      first = start ?? 0
      if let end { last = min(last, end) }
    }
    guard first.isFinite, increment.isFinite, increment > 0, last.isFinite else { return [] }
    // The indices k of first + k * increment within [lower, last]; from 0 on when a start
    // is given (gnuplot starts there), any k otherwise.
    let slack = 1e-9
    var k0 = ((range.lowerBound - first) / increment - slack).rounded(.up)
    if start != nil { k0 = max(k0, 0) }
    let k1 = ((last - first) / increment + slack).rounded(.down)
    guard k0.isFinite, k1.isFinite, k1 >= k0 else { return [] }
    var stride = 1.0
    if k1 - k0 + 1 > Double(Self.maximumCount) {
      stride = ((k1 - k0 + 1) / Double(Self.maximumCount)).rounded(.up)
    }
    var ticks: [Tick] = []
    var k = k0
    while k <= k1 && ticks.count < Self.maximumCount {
      var c = first + k * increment
      if abs(c) < increment * 1e-9 { c = 0 }  // 0, never 1e-17 or -0
      c = min(max(c, range.lowerBound), range.upperBound)
      ticks.append(Tick(value: c, label: label(c)))
      k += stride
    }
    return ticks
  }
}

/// A printf format for tick labels (gnuplot's `set format`): text with conversions of the
/// label's value. C's `%f %F %e %E %g %G` (flags, width, precision), `%x %X %o` (of the
/// value cut to an integer; `%d` is refused, as gnuplot refuses it: `%.0f`), `%%`, and gnuplot's own: `%t` and `%T` (mantissa and power
/// of ten), `%l` and `%L` (mantissa and power of the log axis's base), `%s` and `%S`
/// (mantissa and power of ten with the power a multiple of 3), `%c` (the SI prefix of that
/// power: `k`, `M`, `m`, `u`, ...; `e+N` beyond 10^±24), `%b` and `%B` (mantissa to base 1024
/// and its binary prefix `ki`, `Mi`, ..., two blanks at 1024⁰), `%h` and `%H` (as `%g` and
/// `%G`: their `x10^{N}` form is for gnuplot's enhanced-text terminals), `%O` (as `%o`),
/// `%P` (the value as a multiple of pi). After gnuplot 5.4's `gprintf` (its documentation,
/// `help format specifiers`; `gprintf(FMT, X)` of the command layer writes through it, and
/// each conversion was checked against gnuplot's own output).
public struct TickFormat: Sendable, Hashable {
  /// One piece of the format: text, or a conversion.
  enum Piece: Sendable, Hashable {
    case text(String)
    /// `%` flags width `.` precision conversion, as written (flags to precision).
    case conversion(spec: String, kind: Character)
  }

  /// The format as written.
  public let text: String
  let pieces: [Piece]

  /// What is wrong with a format, and where (a character offset into the format).
  public struct Problem: Error, Sendable, Hashable {
    /// The message.
    public var message: String
    /// Where, a 0-based character offset into the format.
    public var offset: Int
  }

  /// Reads a format.
  ///
  /// - Parameter text: The format, without its quotes (`"%.1f"` is `%.1f`).
  /// - Throws: `TickFormat.Problem` at a `%` that ends the format, or a conversion gnuplot's
  ///   tick labels do not take (`%q`, `%n`, a string `%s` is gnuplot's mantissa, not text).
  public init(_ text: String) throws(Problem) {
    self.text = text
    var pieces: [Piece] = []
    var literal = ""
    let chars = Array(text)
    var i = 0
    while i < chars.count {
      let c = chars[i]
      guard c == "%" else {
        literal.append(c)
        i += 1
        continue
      }
      let at = i
      i += 1
      if i < chars.count, chars[i] == "%" {
        literal.append("%")
        i += 1
        continue
      }
      var spec = ""
      while i < chars.count, "-+ #0".contains(chars[i]) {
        spec.append(chars[i])
        i += 1
      }
      while i < chars.count, chars[i].isASCII, chars[i].isNumber {
        spec.append(chars[i])
        i += 1
      }
      if i < chars.count, chars[i] == "." {
        spec.append(".")
        i += 1
        while i < chars.count, chars[i].isASCII, chars[i].isNumber {
          spec.append(chars[i])
          i += 1
        }
      }
      guard i < chars.count else {
        throw Problem(message: "the format ends inside a conversion", offset: at)
      }
      let kind = chars[i]
      guard "fFeEgGhHxXoOtTlLsScbBP".contains(kind) else {
        let hint =
          kind == "d" || kind == "i"
          ? "%.0f writes a whole number" : "use %g, %.2f, %e, %t, %T, ..."
        throw Problem(
          message: "'%\(spec)\(kind)' is not a conversion tick labels take (\(hint))", offset: at)
      }
      guard spec.count <= 12 else {
        throw Problem(message: "the conversion's width or precision is too long", offset: at)
      }
      if !literal.isEmpty { pieces.append(.text(literal)) }
      literal = ""
      pieces.append(.conversion(spec: spec, kind: kind))
      i += 1
    }
    if !literal.isEmpty { pieces.append(.text(literal)) }
    self.pieces = pieces
  }

  /// `value` written by the format.
  ///
  /// - Parameters:
  ///   - value: The tick's value.
  ///   - base: The base of `%l` and `%L` (the log axis's, else 10).
  ///   - decimalSign: What replaces the decimal point in the conversions' output, or nil.
  /// - Returns: The label.
  public func string(_ value: Double, base: Double = 10, decimalSign: String? = nil) -> String {
    var out = ""
    // gnuplot's mantissa and power (its `mant_exp`): the power from the value (0 for 0),
    // and when the mantissa would print as the base at the conversion's precision (its
    // digits after the point, 0 when it gives none: 999.9999 under %t is 9.999999, within
    // 0.5 of 10), one power more, so %t and %T agree on 1 and 3.
    func split(_ b: Double, _ spec: String, multipleOf3: Bool = false) -> (
      mantissa: Double, power: Int
    ) {
      guard value != 0, value.isFinite else { return (value, 0) }
      var p = (log(abs(value)) / log(b)).rounded(.down)
      if multipleOf3 { p = (p / 3).rounded(.down) * 3 }
      var m = value / pow(b, p)
      var precision = 0
      if let point = spec.firstIndex(of: ".") {
        precision = Int(spec[spec.index(after: point)...].prefix { $0.isNumber }) ?? 0
      }
      let top = multipleOf3 ? 1000 : b
      if abs(m) + pow(10, -Double(precision)) / 2 >= top {
        m /= top
        p += multipleOf3 ? 3 : 1
      }
      return (m, Int(p))
    }
    for piece in pieces {
      switch piece {
      case .text(let t):
        out += t
      case .conversion(let spec, let kind):
        let written: String
        switch kind {
        case "f", "F", "e", "E", "g", "G":
          written = Self.c(spec, kind, value)
        case "h", "H":
          written = Self.c(spec, kind == "h" ? "g" : "G", value)
        case "x", "X", "o", "O":
          let n = value.isFinite ? Int64(max(min(value, 9e18), -9e18)) : 0
          written = Self.c(spec, kind == "O" ? "o" : kind, n)
        case "b":
          written = Self.c(spec, "f", split(1024, spec).mantissa)
        case "B":
          written = Self.c(spec, "s", Self.binaryPrefix(split(1024, spec).power))
        case "t":
          written = Self.c(spec, "f", split(10, spec).mantissa)
        case "T":
          written = Self.c(spec, "d", Int64(split(10, spec).power))
        case "l":
          written = Self.c(spec, "f", split(base, spec).mantissa)
        case "L":
          written = Self.c(spec, "d", Int64(split(base, spec).power))
        case "s":
          written = Self.c(spec, "f", split(10, spec, multipleOf3: true).mantissa)
        case "S":
          written = Self.c(spec, "d", Int64(split(10, spec, multipleOf3: true).power))
        case "c":
          written = Self.c(spec, "s", Self.siPrefix(split(10, spec, multipleOf3: true).power))
        case "P":
          written = Self.c(spec, "f", value / Double.pi)
        default:
          written = ""
        }
        out += Self.replacingPoint(written, decimalSign)
      }
    }
    return out
  }

  /// The SI prefix of 10^power (power a multiple of 3), `u` for micro as gnuplot writes it;
  /// `e±N` beyond yotta and yocto.
  static func siPrefix(_ power: Int) -> String {
    let prefixes = [
      "y", "z", "a", "f", "p", "n", "u", "m", "", "k", "M", "G", "T", "P", "E", "Z", "Y",
    ]
    let k = power / 3 + 8
    guard !prefixes.indices.contains(k) else { return prefixes[k] }
    return "e" + (power < 0 ? "-" : "+") + (abs(power) < 10 ? "0" : "") + "\(abs(power))"
  }

  /// The binary prefix of 1024^power (`ki`, `Mi`, ... `Yi`), two blanks for 1024⁰, as
  /// gnuplot's `%B`.
  static func binaryPrefix(_ power: Int) -> String {
    let prefixes = ["k", "M", "G", "T", "P", "E", "Z", "Y"]
    guard power > 0 else { return "  " }
    return power <= prefixes.count ? prefixes[power - 1] + "i" : "x2^{\(power - 8)}Yi"
  }

  /// `text` with its decimal point (every `.`) replaced by `sign`, or as it is.
  static func replacingPoint(_ text: String, _ sign: String?) -> String {
    guard let sign, sign != "." else { return text }
    return text.split(separator: ".", omittingEmptySubsequences: false).joined(separator: sign)
  }

  /// C's printf of one number with `%` + spec + kind (`vsnprintf`).
  static func c(_ spec: String, _ kind: Character, _ value: String) -> String {
    value.withCString { c(spec, kind, $0) }
  }

  /// C's printf of one number (or C string) with `%` + spec + kind (`vsnprintf`).
  static func c(_ spec: String, _ kind: Character, _ value: some CVarArg) -> String {
    let length = kind == "d" || kind == "x" || kind == "X" || kind == "o" ? "ll" : ""
    let format = "%" + spec + length + String(kind)
    var buffer = [CChar](repeating: 0, count: 512)
    let n = withVaList([value]) { args in
      buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, args) }
    }
    guard n >= 0 else { return "" }
    return String(
      decoding: buffer.prefix(Int(min(n, 511))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

/// The sides of a plot's frame, with gnuplot's bits for `set border N`: 1 bottom, 2 left,
/// 4 top, 8 right (15, all four, is the default; 3 is the bottom and left axes alone).
public struct BorderSides: OptionSet, Sendable, Hashable {
  public let rawValue: Int
  /// Creates a set of sides from gnuplot's bits (those above 8 are ignored).
  public init(rawValue: Int) { self.rawValue = rawValue & 15 }
  /// The bottom side (gnuplot's 1).
  public static let bottom = BorderSides(rawValue: 1)
  /// The left side (2).
  public static let left = BorderSides(rawValue: 2)
  /// The top side (4).
  public static let top = BorderSides(rawValue: 4)
  /// The right side (8).
  public static let right = BorderSides(rawValue: 8)
  /// All four sides, the default.
  public static let all: BorderSides = [.bottom, .left, .top, .right]
}
