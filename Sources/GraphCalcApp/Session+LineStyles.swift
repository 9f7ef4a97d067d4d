import GraphView

// gnuplot's user line styles and line types (`help set style line`, `help set linetype`,
// gnuplot 5.4): `set style line N ...` keeps a whole look under N for `ls N`; `set linetype
// N ...` changes line type N, which `lt N`, `lc N` and the N-th plot item (by default) take;
// `set linetype cycle N` makes line types above N repeat the first N; `set style increment
// user` makes the N-th plot item take line style N where there is one. The commands are in
// Commands+LineStyles.swift; this file keeps the tables and resolves a look's references.

/// The user's line styles and line types (gnuplot's `set style line`, `set linetype`).
public struct LineStyleTables: Sendable, Hashable {
  /// The line styles by tag (`set style line N`): each a whole look (colour, width, dashes,
  /// point type and size), copied when it was set, as gnuplot copies a line type named
  /// with `lt` into the style.
  public var styles: [Int: CurveLook] = [:]
  /// The line types the user changed (`set linetype N`), by number: each a whole look.
  public var types: [Int: CurveLook] = [:]
  /// `set linetype cycle N`: line types above N repeat line types 1...N; nil for none.
  public var cycle: Int?
  /// `set style increment user`: the N-th plot item without `lt` or `ls` takes line style N
  /// where it is defined.
  public var incrementUser = false

  /// No styles, no changed line types: graphcalc's looks as before.
  public init() {}

  /// Whether nothing is set (the looks of curves are then used as they are).
  var isEmpty: Bool { styles.isEmpty && types.isEmpty && cycle == nil && !incrementUser }

  /// Line type `n` as the user changed it (directly, or through `set linetype cycle`), or
  /// nil when it is the output's own (its palette colour `n`).
  func changedType(_ n: Int) -> CurveLook? {
    if let t = types[n] { return t }
    if let c = cycle, c >= 1, n > c { return changedType((n - 1) % c + 1) }
    return nil
  }

  /// Line type `n`: as changed, or its palette colour (with `set linetype cycle N`, the
  /// colour of the line type it repeats).
  func lineType(_ n: Int) -> CurveLook {
    if let t = changedType(n) { return t }
    if let c = cycle, c >= 1, n > c { return CurveLook(colorIndex: (n - 1) % c + 1) }
    return CurveLook(colorIndex: n)
  }

  /// The look line type `n` has when it is first changed or copied into a style: its colour
  /// and point type `n` (gnuplot's `show linetype`: linetype N has pointtype N), or the
  /// changed look.
  func wholeLineType(_ n: Int) -> CurveLook {
    if let t = changedType(n) { return t }
    var look = lineType(n)
    look.pointType = n
    return look
  }

  /// `look` with its references resolved, as gnuplot's `lp_use_properties` and
  /// `load_linetype` (src/misc.c) fill a plot item's line properties: the options it gives
  /// (colour, width, point type and size, dashes) over the look of line style `ls N` (a
  /// style not defined: line type N), else of line type `lt N`, else, for curve `curve`
  /// (0-based) of a plot, of line style curve + 1 after `set style increment user`, or of
  /// line type curve + 1 when the user changed it. A colour `lc N` is line type N's colour.
  /// The result has no references left.
  ///
  /// - Parameters:
  ///   - look: The look as written (`ls 2 lw 3`).
  ///   - curve: The curve's place in its plot, or nil for an arrow, the border, an axis.
  /// - Returns: The look to draw.
  func resolved(_ look: CurveLook, curve: Int?) -> CurveLook {
    if look.lineStyle == nil && look.lineType == nil && isEmpty { return look }
    var base: CurveLook? = nil
    if let s = look.lineStyle {
      base = styles[s] ?? wholeLineType(s)
    } else if let t = look.lineType {
      base = changedType(t) ?? lineType(t)
    } else if let k = curve {
      if incrementUser, let s = styles[k + 1] {
        base = s
      } else {
        base = changedType(k + 1)
        if base == nil, let c = cycle, c >= 1, k + 1 > c {
          base = CurveLook(colorIndex: k % c + 1)
        }
      }
    }
    return over(base, look)
  }

  /// The options `look` gives over the look `base` (nil: none), as `resolved` puts them: a
  /// colour given (`lc`, not the one `lt N` sets) wins, so do a width, a point type and
  /// size, dashes; a colour `lc N` is then line type N's colour; no references are left.
  func over(_ base: CurveLook?, _ look: CurveLook) -> CurveLook {
    var out = look
    if let base {
      if look.color == nil && (look.colorIndex == nil || look.colorIndex == look.lineType) {
        out.color = base.color
        out.colorIndex = base.colorIndex
      }
      out.lineWidth = look.lineWidth ?? base.lineWidth
      out.pointType = look.pointType ?? base.pointType
      out.pointSize = look.pointSize ?? base.pointSize
      out.dashType = look.dashType ?? base.dashType
    }
    if out.color == nil, let k = out.colorIndex {
      if let t = changedType(k) {
        out.color = t.color
        out.colorIndex = t.color == nil ? t.colorIndex : nil
      } else if let c = cycle, c >= 1, k > c {
        out.colorIndex = (k - 1) % c + 1
      }
    }
    out.lineStyle = nil
    out.lineType = nil
    return out
  }

  /// The words of `look` as `set style line` and `set linetype` take them (`lc rgb
  /// "#ff0000" lw 2 dt 2 pt 7 ps 1.5`), for `show` and `set` alone.
  static func words(_ look: CurveLook) -> String {
    var parts: [String] = []
    if let c = look.color {
      parts.append("lc rgb \"\(c.hex)\"")
    } else if let k = look.colorIndex {
      parts.append("lc \(k)")
    }
    parts.append("lw \(NumberLabel.general(look.lineWidth ?? 1))")
    parts.append("dt \(look.dashType ?? 1)")
    if let p = look.pointType { parts.append("pt \(p)") }
    if let s = look.pointSize { parts.append("ps \(NumberLabel.general(s))") }
    return parts.joined(separator: " ")
  }

  /// `set` alone's and `show style line`'s lines of the styles (`style line 1 lc rgb
  /// "#ff0000" lw 2 dt 1 pt 7`), in tag order; `only` keeps one tag.
  func styleLines(only: Int? = nil) -> [String] {
    styles.keys.sorted().filter { only == nil || $0 == only }.map {
      "style line \($0) " + LineStyleTables.words(styles[$0]!)
    }
  }

  /// `show linetype`'s lines of the changed line types and the cycle; `only` keeps one.
  func typeLines(only: Int? = nil) -> [String] {
    var lines = types.keys.sorted().filter { only == nil || $0 == only }.map {
      "linetype \($0) " + LineStyleTables.words(types[$0]!)
    }
    if only == nil, let c = cycle { lines.append("linetype cycle \(c)") }
    return lines
  }
}
