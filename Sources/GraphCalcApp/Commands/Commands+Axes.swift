import Glibc
import GraphView

// gnuplot's settings of the axes' ticks and frame, in gnuplot's syntax: `set xtics`,
// `set ytics`, `set tics` (both), `set format`, `set border`, `set decimalsign`, with their
// `unset` and `show` forms. As gnuplot's other settings they draw nothing: the next `plot` or
// `replot` shows them.

extension SettingTable {
  /// The axis settings of gnuplot's syntax.
  static let gnuplotAxes: [SettingEntry] = [
    .tics(name: "xtics", x: true, y: false), .tics(name: "ytics", x: false, y: true),
    .tics(name: "tics", x: true, y: true), .format, .border, .decimalSign,
  ]
}

extension PlotLabels {
  /// The ticks of the x (or y) axis under the axis's rule and the decimal sign.
  ///
  /// - Parameters:
  ///   - automatic: The sampler's ticks (axis coordinates).
  ///   - x: Whether the axis is x.
  ///   - range: The axis's shown range in its coordinates.
  ///   - isTime: Whether it is a time axis.
  func ticks(_ automatic: [Tick], x: Bool, range: ClosedRange<Double>, isTime: Bool) -> [Tick] {
    let rule = x ? xTics : yTics
    if x, isTime, let format = xTimeFormat {  // `set format x "%d/%m"` on a time axis
      return TimeFormat.relabel(
        rule.ticks(
          automatic: automatic, range: range, scale: scales.x, isTime: true,
          decimalSign: decimalSign), format: format)
    }
    return rule.ticks(
      automatic: automatic, range: range, scale: x ? scales.x : scales.y, isTime: isTime,
      decimalSign: decimalSign,
      timeLabel: { t in
        TimeTicks.ticks(for: t...t, approximateCount: 1).first?.label ?? NumberLabel.general(t)
      })
  }
}

/// `set xtics ...`: the placement, the format and the mirroring of one or both axes' ticks,
/// the numbers as written (evaluated when it runs, with the user's variables).
struct SetTics: SessionCommand {
  /// The placement, when given.
  enum Placement: Sendable {
    case automatic
    /// START, STEP, END as written (STEP alone: `step` only).
    case step(start: Word?, step: Word, end: Word?)
    /// The listed ticks: a label (nil: the formatted value) and the position as written.
    case list([(label: String?, value: Word)])
  }

  var x: Bool
  var y: Bool
  var placement: Placement?
  var format: TickFormat?
  var mirror: Bool?
  /// `rotate [by N]` (`.some(nil)`: 90 degrees), `norotate` (`.some(zero)`).
  var rotation: Word??
  /// `offset X,Y` in characters.
  var offset: PositionWords?
  /// `in` (false) or `out` (true).
  var outward: Bool?
  /// `scale MAJOR[,MINOR]`.
  var scale: Word?
  /// Whether the axes are the second ones (`set x2tics`, `set y2tics`), which have no
  /// ticks until set.
  var second = false

  func run(in session: inout Session) throws(CommandError) -> Reply {
    var rule: TickRule.Placement? = nil
    switch placement {
    case nil: break
    case .automatic: rule = .automatic
    case .step(let start, let step, let end):
      let s = try session.number(step)
      guard s.isFinite, s > 0 else {
        throw CommandError(
          .notSupported(
            what: "a tick step of \(NumberLabel.general(s))",
            hint: "the step is a number above 0, as in: set xtics 0.5"), at: step.span)
      }
      // On a time axis a quoted start or end is a time (`Session.rangeBound`).
      let a = try start.map { w throws(CommandError) in
        x && !second
          ? try session.rangeBound(w, axis: "x")
          : try session.finiteNumbers([w], command: "set tics")[0]
      }
      let b = try end.map { w throws(CommandError) in
        x && !second
          ? try session.rangeBound(w, axis: "x")
          : try session.finiteNumbers([w], command: "set tics")[0]
      }
      rule = .step(start: a, step: s, end: b)
    case .list(let items):
      var ticks: [TickRule.ListedTick] = []
      for item in items {
        let v = try session.finiteNumbers([item.value], command: "set tics")[0]
        ticks.append(TickRule.ListedTick(value: v, label: item.label))
      }
      rule = .list(ticks)
    }
    func change(_ tics: inout TickRule) {
      if let rule { tics.placement = rule }
      if let format { tics.format = format }
      if let mirror { tics.mirror = mirror }
    }
    if second {
      if x {
        var r = session.labels.second.x2Tics ?? TickRule()
        change(&r)
        session.labels.second.x2Tics = r
      }
      if y {
        var r = session.labels.second.y2Tics ?? TickRule()
        change(&r)
        session.labels.second.y2Tics = r
      }
      return Reply()
    }
    if x { change(&session.labels.xTics) }
    if y { change(&session.labels.yTics) }
    var style = TickLabelStyle()
    if let rotation {
      style.rotation =
        try rotation.map { w throws(CommandError) in
          try session.finiteNumbers([w], command: "set tics")[0]
        } ?? 90
    }
    if let offset {
      let v = try session.finiteNumbers([offset.x, offset.y], command: "set tics")
      (style.offsetX, style.offsetY) = (v[0], v[1])
    }
    if let scale {
      let v = try session.finiteNumbers([scale], command: "set tics")[0]
      guard v >= 0, v <= 20 else {
        throw CommandError(.needs(word: "scale", what: "a length from 0 to 20"), at: scale.span)
      }
      style.scale = v
    }
    let given = (rotation != nil, offset != nil, scale != nil)
    func restyle(_ s: inout TickLabelStyle) {
      if given.0 { s.rotation = style.rotation }
      if given.1 { (s.offsetX, s.offsetY) = (style.offsetX, style.offsetY) }
      if given.2 { s.scale = style.scale }
      if let outward { s.outward = outward }
    }
    if x { restyle(&session.labels.annotations.xTickStyle) }
    if y { restyle(&session.labels.annotations.yTickStyle) }
    return Reply()
  }
}

extension SettingEntry {
  /// `set xtics|ytics|tics [auto | STEP | START, STEP[, END] | ("LABEL" POS, ...)]
  /// [mirror|nomirror] [format "FMT"] [in|out|border|axis|norotate]`.
  static func tics(name: String, x: Bool, y: Bool) -> SettingEntry {
    var entry = SettingEntry(
      name: name,
      usage: [
        "set \(name) [auto | STEP | START, STEP[, END] | (\"LABEL\" POS, ...)] [nomirror] [format \"FMT\"]"
          + " [rotate [by DEG]|norotate] [offset X,Y] [in|out] [scale N]"
      ],
      keywords: [
        "auto", "autofreq", "mirror", "nomirror", "format", "rotate", "norotate", "by", "offset",
        "in", "out", "scale", "norangelimit", "norangelimited", "rangelimit", "rangelimited",
      ],
      parse: { arguments throws(CommandError) in
        try SettingEntry.parseTics(arguments, name: name, x: x, y: y)
      },
      listing: { session in
        let rule = x ? session.labels.xTics : session.labels.yTics
        if name == "tics" { return nil }  // xtics and ytics list each axis
        return SettingEntry.describe(rule, name: name)
      },
      unset: SetLabels { labels in
        if x { labels.xTics.placement = .none }
        if y { labels.yTics.placement = .none }
      })
    entry.unsetArguments = nil
    return entry
  }

  /// The `show` line of a tick rule, nil for the default.
  static func describe(_ rule: TickRule, name: String) -> String? {
    var parts: [String] = []
    switch rule.placement {
    case .automatic: break
    case .none: return "\(name) off"
    case .step(let start, let step, let end):
      parts.append(
        [start, step, end].compactMap { $0 }.map { NumberLabel.general($0) }.joined(separator: ", ")
      )
    case .list(let ticks):
      parts.append(
        "("
          + ticks.map { t in
            (t.label.map { "\"\($0)\" " } ?? "") + NumberLabel.general(t.value)
          }.joined(separator: ", ") + ")")
    }
    if !rule.mirror { parts.append("nomirror") }
    if let format = rule.format { parts.append("format \"\(format.text)\"") }
    return parts.isEmpty ? nil : "\(name) " + parts.joined(separator: " ")
  }

  /// Reads the arguments of `set xtics` (see `tics(name:x:y:)`).
  static func parseTics(_ arguments: SettingArguments, name: String, x: Bool, y: Bool)
    throws(CommandError) -> SetTics
  {
    var command = SetTics(x: x, y: y)
    let tokens = Array(arguments.values.tokens)
    let line = arguments.values.line
    var i = 0
    /// The word of the tokens `a..<b` (indices into `tokens`).
    func word(_ a: Int, _ b: Int) -> Word {
      let base = arguments.values.range.lowerBound
      return line.text(of: (base + a)..<(base + b), emptyOffset: tokens[a].offset)
    }
    // `norangelimit$ed` is gnuplot's default (ticks over the whole axis), as graphcalc's.
    let cosmetic: Set<String> = [
      "border", "axis", "front", "back", "norangelimit", "norangelimite", "norangelimited",
    ]
    let styled: Set<String> = ["in", "out", "rotate", "norotate", "offset", "nooffset", "scale"]
    let unsupported: Set<String> = [
      "font", "textcolor", "tc", "add", "logscale", "nologscale",
      "enhanced", "noenhanced", "left", "right", "center", "autojustify", "range",
      "rangelimit", "rangelimite", "rangelimited", "timedate", "geographic", "numeric",
    ]
    while i < tokens.count {
      let token = tokens[i]
      if token.kind == .name, ["auto", "autofreq"].contains(token.text) {
        command.placement = .automatic
        i += 1
      } else if token.kind == .name, token.text == "mirror" || token.text == "nomirror" {
        command.mirror = token.text == "mirror"
        i += 1
      } else if token.kind == .name, cosmetic.contains(token.text) {
        i += 1  // graphcalc's ticks are on the border, as gnuplot's default
      } else if token.kind == .name, styled.contains(token.text) {
        // Commands+Annotations.swift's tick styles: turned labels, offsets, direction, length.
        var reader = SetTokens(arguments.values)
        reader.i = i + 1
        switch token.text {
        case "in": command.outward = false
        case "out": command.outward = true
        case "norotate": command.rotation = .some(Word("0", at: token.offset))
        case "nooffset": command.offset = nil
        case "rotate":
          if let b = reader.current, b.text == "by" {
            reader.i += 1
            command.rotation = .some(
              try reader.expression(
                stopsAtComma: false, what: "an angle, as in: rotate by 45"))
          } else {
            command.rotation = .some(nil)
          }
        case "offset":
          command.offset = try reader.position(example: "offset 0, -1")
        default:  // scale MAJOR[,MINOR]: the minor's length follows the major's here
          command.scale = try reader.expression(
            stopsAtComma: true, what: "a length, as in: scale 2")
          if let c = reader.current, c.kind == .comma {
            reader.i += 1
            _ = try reader.expression(
              stopsAtComma: false, what: "the minor ticks' length")
          }
        }
        i = reader.i
      } else if token.kind == .name, token.text == "format" {
        guard i + 1 < tokens.count, tokens[i + 1].kind == .string else {
          throw CommandError(
            .needs(word: "format", what: "a format in quotes, as in: format \"%.1f\""),
            at: token.span)
        }
        command.format = try SettingEntry.tickFormat(tokens[i + 1])
        i += 2
      } else if token.kind == .name, unsupported.contains(token.text) {
        throw CommandError(
          .notSupported(
            what: "'\(token.text)' in set \(name)",
            hint: "set \(name) takes a step, a start and end, a list, mirror|nomirror, format"),
          at: token.span)
      } else if token.kind == .open, token.text == "(" {
        // A list: ("LABEL" POS, POS, ...) up to the matching bracket.
        var depth = 0
        var j = i
        while j < tokens.count {
          if tokens[j].kind == .open { depth += 1 }
          if tokens[j].kind == .close {
            depth -= 1
            if depth == 0 { break }
          }
          j += 1
        }
        guard j < tokens.count else {
          throw CommandError(.needs(word: "(", what: "its closing )"), at: token.span)
        }
        var items: [(label: String?, value: Word)] = []
        var start = i + 1
        var k = i + 1
        depth = 0
        while k <= j {
          let t = tokens[k]
          if t.kind == .open { depth += 1 }
          if t.kind == .close { depth -= 1 }
          if (t.kind == .comma && depth == 0) || k == j {
            guard start < k else {
              throw CommandError(.expected("a tick position"), at: t.span)
            }
            var label: String? = nil
            var from = start
            if tokens[start].kind == .string {
              label = tokens[start].value
              from += 1
            }
            guard from < k else {
              throw CommandError(
                .expected("the position after the label, as in: (\"low\" 0)"),
                at: tokens[start].span)
            }
            items.append((label, word(from, k)))
            start = k + 1
          }
          k += 1
        }
        command.placement = .list(items)
        i = j + 1
      } else {
        // START, STEP, END: expressions separated by commas, up to a keyword.
        var j = i
        var depth = 0
        while j < tokens.count {
          let t = tokens[j]
          if depth == 0, t.kind == .name, j > i, tokens[j - 1].kind != .symbol,
            tokens[j - 1].kind != .comma, t.spaceBefore,
            ["auto", "autofreq", "mirror", "nomirror", "format"].contains(t.text)
              || cosmetic.contains(t.text) || unsupported.contains(t.text)
              || styled.contains(t.text)
          {
            break
          }
          if t.kind == .open { depth += 1 }
          if t.kind == .close { depth -= 1 }
          j += 1
        }
        var parts: [Word] = []
        var from = i
        depth = 0
        for k in i...j {
          if k < j, tokens[k].kind == .open { depth += 1 }
          if k < j, tokens[k].kind == .close { depth -= 1 }
          if k == j || (tokens[k].kind == .comma && depth == 0) {
            guard from < k else {
              throw CommandError(
                .expected("a number, as in: set \(name) 0, 0.5, 10"),
                at: tokens[min(k, tokens.count - 1)].span)
            }
            parts.append(word(from, k))
            from = k + 1
          }
        }
        switch parts.count {
        case 1: command.placement = .step(start: nil, step: parts[0], end: nil)
        case 2: command.placement = .step(start: parts[0], step: parts[1], end: nil)
        case 3: command.placement = .step(start: parts[0], step: parts[1], end: parts[2])
        default:
          throw CommandError(
            .notSupported(
              what: "\(parts.count) numbers in set \(name)",
              hint: "give STEP, or START, STEP, or START, STEP, END"), at: parts[3].span)
        }
        i = j
      }
    }
    return command
  }

  /// The format of the string token `token` (quotes off), with a caret in it when bad.
  static func tickFormat(_ token: CommandToken) throws(CommandError) -> TickFormat {
    do {
      return try TickFormat(token.value)
    } catch {
      let at = token.offset + 1 + error.offset
      throw CommandError(.badTickFormat(error.message), at: at..<(at + 1))
    }
  }

  /// `set format [x|y|xy] ["FMT"]`: the tick labels' printf format (no format: the
  /// automatic labels).
  static let format: SettingEntry = {
    var entry = SettingEntry(
      name: "format", usage: ["set format [x|y|xy] \"FMT\""], keywords: ["x", "y", "xy"],
      parse: { arguments throws(CommandError) in
        let tokens = Array(arguments.values.tokens)
        var x = true
        var y = true
        var rest = tokens[...]
        if let first = rest.first, first.kind == .name {
          switch first.text {
          case "x": y = false
          case "y": x = false
          case "xy", "yx": break
          default:
            throw CommandError(
              .notSupported(
                what: "the axis '\(first.text)' in set format",
                hint: "set format takes x, y or xy, then a format in quotes"), at: first.span)
          }
          rest = rest.dropFirst()
        }
        guard let string = rest.first else {
          return SetTicsFormat(x: x, y: y, format: nil)
        }
        guard string.kind == .string else {
          throw CommandError(
            .needs(word: "set format", what: "a format in quotes, as in: set format y \"%.1f\""),
            at: string.span)
        }
        if let extra = rest.dropFirst().first {
          throw CommandError(
            .notSupported(
              what: "'\(extra.text)' after the format",
              hint: "set format takes the axes and one format"), at: extra.span)
        }
        // A format with time conversions is a time axis's (`%d/%m`).
        let raw = StringExpression.unescaped(string.text)
        if x, TimeFormat.hasTimeConversion(raw) {
          return SetTicsFormat(x: x, y: y, format: try? tickFormat(string), time: raw)
        }
        return SetTicsFormat(x: x, y: y, format: try tickFormat(string))
      },
      listing: { session in
        let (fx, fy) = (session.labels.xTics.format, session.labels.yTics.format)
        if fx == nil && fy == nil { return nil }
        if fx == fy, let fx { return "format \"\(fx.text)\"" }
        return [fx.map { "format x \"\($0.text)\"" }, fy.map { "format y \"\($0.text)\"" }]
          .compactMap { $0 }.joined(separator: "\n")
      },
      unset: SetTicsFormat(x: true, y: true, format: nil))
    entry.unsetArguments = nil
    return entry
  }()

  /// `set border [N]`, `unset border`: the sides of the frame (gnuplot's bits: 1 bottom,
  /// 2 left, 4 top, 8 right; no number: all four).
  static let border = SettingEntry(
    name: "border",
    usage: ["set border [N] [front|back|behind] [lt N] [lc rgb \"COLOUR\"] [lw N] [dt N]"],
    keywords: ["front", "back", "behind", "lt", "lc", "lw", "dt"],
    parse: { arguments throws(CommandError) in
      // The sides, then the layer (the frame is drawn under the curves: accepted) and the
      // line's look (Commands+Annotations.swift's reader).
      var tokens = SetTokens(arguments.values)
      var sides: Word? = nil
      var look = CurveLook()
      var lookGiven = false
      while let t = tokens.current {
        if ["front", "back", "behind"].contains(t.text), t.kind == .name {
          tokens.i += 1
        } else if try SettingEntry.readLookWord(&tokens, into: &look) {
          lookGiven = true
        } else if sides == nil {
          sides = try tokens.expression(
            stopsAtComma: false, what: "the sides, as in: set border 3")
        } else {
          throw CommandError(
            .notSupported(
              what: "'\(t.text)' after set border",
              hint:
                "set border takes the sides as gnuplot's number (1 bottom, 2 left, 4 top, 8 right),"
                + " front|back and lt, lc, lw, dt"),
            at: t.span)
        }
      }
      let given = lookGiven ? look : nil
      return SetBorder(sides: sides, look: given)
    },
    listing: { session in
      session.labels.border == .all ? nil : "border \(session.labels.border.rawValue)"
    },
    unset: SetLabels { $0.border = [] })

  /// `set decimalsign "C"`, `set decimalsign locale ["NAME"]`, `unset decimalsign`: what
  /// tick labels write for the decimal point (gnuplot's setting; it changes output only, as
  /// in gnuplot; decimal commas in data files are detected without it).
  static let decimalSign = SettingEntry(
    name: "decimalsign", usage: ["set decimalsign \"C\"", "set decimalsign locale [\"NAME\"]"],
    keywords: ["locale"],
    parse: { arguments throws(CommandError) in
      let words = arguments.values.words
      guard let first = words.first else { return SetLabels { $0.decimalSign = nil } }
      if first.text == "locale" && !first.isString {
        guard words.count <= 2, words.count == 1 || words[1].isString else {
          throw CommandError(
            .notSupported(
              what: "'\(words[1].text)' after set decimalsign locale",
              hint:
                "give the locale's name in quotes, as in: set decimalsign locale \"de_DE.UTF-8\""),
            at: words[1].span)
        }
        return SetDecimalSignLocale(name: words.count == 2 ? words[1].text : "")
      }
      guard first.isString, !first.text.isEmpty, first.text.count <= 4,
        !first.text.contains(where: { $0.isNumber || $0 == "\n" })
      else {
        throw CommandError(
          .notSupported(
            what: "the decimal sign \(first.source.text)",
            hint: "give the sign in quotes, as in: set decimalsign ','"), at: first.span)
      }
      if let extra = words.dropFirst().first {
        throw CommandError(
          .notSupported(
            what: "'\(extra.text)' after set decimalsign", hint: "set decimalsign takes one sign"),
          at: extra.span)
      }
      let sign = first.text
      return SetLabels { $0.decimalSign = sign == "." ? nil : sign }
    },
    listing: { session in session.labels.decimalSign.map { "decimalsign \"\($0)\"" } },
    unset: SetLabels { $0.decimalSign = nil })
}

/// `set decimalsign locale ["NAME"]`: tick labels write the decimal sign of the locale
/// (its `LC_NUMERIC` radix character, from glibc's `newlocale` and `nl_langinfo_l`; no name:
/// the environment's, as gnuplot takes it). gnuplot also reads data files' numbers in the
/// locale; graphcalc detects decimal commas itself (where the separator is `;` or a tab),
/// which the note says. A locale that is not installed keeps the sign and says so.
struct SetDecimalSignLocale: SessionCommand, Hashable {
  /// The locale's name (`de_DE.UTF-8`), empty for the environment's.
  var name: String

  func run(in session: inout Session) throws(CommandError) -> Reply {
    let reading = "data files' decimal commas are read without it (where ';' or a tab separates)"
    guard let locale = newlocale(LC_NUMERIC_MASK, name, nil) else {
      return .text(
        "note: the locale '\(name)' is not installed here (locale -a lists those that are); "
          + "tick labels keep their decimal sign; " + reading)
    }
    defer { freelocale(locale) }
    let sign = String(cString: nl_langinfo_l(nl_item(RADIXCHAR), locale))
    session.labels.decimalSign = sign == "." || sign.isEmpty ? nil : sign
    return .text("note: tick labels write '\(sign.isEmpty ? "." : sign)'; " + reading)
  }
}

/// `set format`: the labels' format of the axes named (nil: the automatic labels).
struct SetTicsFormat: SessionCommand {
  var x: Bool
  var y: Bool
  var format: TickFormat?
  /// The format as written when it has time conversions (`%d/%m`): the x labels' on a time
  /// axis (`PlotLabels.xTimeFormat`).
  var time: String? = nil

  func run(in session: inout Session) throws(CommandError) -> Reply {
    if x {
      session.labels.xTics.format = format
      session.labels.xTimeFormat = time
    }
    if y { session.labels.yTics.format = format }
    return Reply()
  }
}

/// `set border N`: the sides as gnuplot's bits, N an expression from 0 to 15 (bits above
/// 15 are gnuplot's 3-D sides, refused); no N: all four. A look (`lw 2 lc rgb "red"`)
/// strokes the frame with it.
struct SetBorder: SessionCommand {
  var sides: Word?
  var look: CurveLook?

  func run(in session: inout Session) throws(CommandError) -> Reply {
    if let look { session.labels.annotations.borderLook = look }
    guard let sides else {
      session.labels.border = .all
      return Reply()
    }
    let n = try session.number(sides)
    guard n.isFinite, n == n.rounded(), n >= 0, n <= 15 else {
      throw CommandError(
        .notSupported(
          what: "set border \(NumberLabel.general(n))",
          hint: "the sides are a whole number from 0 to 15: 1 bottom, 2 left, 4 top, 8 right"),
        at: sides.span)
    }
    session.labels.border = BorderSides(rawValue: Int(n))
    return Reply()
  }
}
