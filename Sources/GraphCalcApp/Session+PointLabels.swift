import DataFiles
import GraphView

// gnuplot's `with labels` (`help labels`): `plot FILE using X:Y:LABEL with labels [offset
// DX,DY] [left|center|right] [point [pt N] [ps S] [lc ...]|nopoint] [font ",SIZE"]
// [tc|textcolor rgb "..."|lt N] [rotate [by DEG]|norotate] [front|back] [notitle]`. LABEL
// is a column (its text as written, a number column too), `strcol(N)`/`stringcolumn(N)` or
// a column name in quotes; a string expression per record (`(sprintf("%d", $2))`) is
// refused by name. The records are read as every data item with a `using` expression is
// (`expressionRecords`), the texts beside them; the curve is drawn as texts by
// `PlotLayout.drawPointLabels` and written to `export table` as `x y "text"`.

extension Session {
  /// The words after `with labels` that a plot item takes besides the style options.
  static let pointLabelWords = [
    "offset", "left", "center", "centre", "right", "point", "nopoint", "font", "textcolor",
    "tc", "rotate", "norotate", "front", "back", "boxed", "noboxed", "enhanced", "noenhanced",
  ]

  /// Reads one option of `with labels` (`word`, just read from `reader`) into `style`.
  ///
  /// - Returns: Whether `word` was one.
  /// - Throws: `CommandError` at a bad or missing value: an offset that is not two numbers,
  ///   a font not in quotes, a colour that is neither `rgb "NAME"` nor `lt N`, an angle that
  ///   is not a number.
  static func readPointLabelOption(
    _ word: Word, from reader: inout KeywordReader, into style: inout PlotTextLabel
  ) throws(CommandError) -> Bool {
    func number(_ value: Word, _ what: String) throws(CommandError) -> Double {
      guard let v = Double(value.text), v.isFinite else {
        throw CommandError(.needs(word: word.text, what: what), at: value.span)
      }
      return v
    }
    switch word.text {
    case "left": style.justification = .left
    case "center", "centre": style.justification = .center
    case "right": style.justification = .right
    case "point": style.pointType = style.pointType ?? 1
    case "nopoint": style.pointType = nil
    case "front", "back", "boxed", "noboxed", "enhanced", "noenhanced", "noenh", "enh": break
    case "norotate": style.rotation = 0
    case "rotate":
      style.rotation = 90
      if reader.peek()?.text == "by" {
        _ = reader.next()
        let value = try reader.value(of: word, "an angle in degrees, as in: rotate by 45")
        style.rotation = try number(value, "an angle in degrees, as in: rotate by 45")
      }
    case "offset", "off":
      // `offset 1,1`, `offset 1, -0.5`, `offset char 1,1`: the words may split at the comma
      // and at a minus sign.
      let what = "two numbers of characters, as in: offset 1,-0.5"
      var text = ""
      var first: Word? = nil
      while let next = reader.peek() {
        if first == nil, ["character", "char"].contains(next.text) {
          _ = reader.next()
          continue
        }
        let t = next.text
        let joins =
          text.isEmpty || text.hasSuffix(",") || text.hasSuffix("-") || t.hasPrefix(",")
          || (t.hasPrefix("-") && text.hasSuffix(","))
        guard joins, t.allSatisfy({ $0.isNumber || ".,-+eE".contains($0) }) else { break }
        if first == nil { first = next }
        text += t
        _ = reader.next()
        if text.split(separator: ",", omittingEmptySubsequences: false).count == 2,
          !text.hasSuffix(","), !text.hasSuffix("-")
        {
          if let after = reader.peek()?.text, after.hasPrefix(",") || after == "-" { continue }
          break
        }
      }
      let pieces = text.split(separator: ",", omittingEmptySubsequences: false)
      guard pieces.count == 2, let dx = Double(pieces[0]), let dy = Double(pieces[1]),
        dx.isFinite, dy.isFinite
      else {
        throw CommandError(.needs(word: word.text, what: what), at: first?.span ?? word.span)
      }
      style.offsetX = dx
      style.offsetY = dy
    case "font":
      let value = try reader.value(of: word, "a font in quotes, as in: font \",14\"")
      guard let q = value.text.first, q == "\"" || q == "'" else {
        throw CommandError(
          .needs(word: "font", what: "a font in quotes, as in: font \",14\""), at: value.span)
      }
      let words = [
        Argument(source: word, isString: false), Argument(source: value, isString: true),
      ]
      if let read = try FontOption.read(words, at: 0).0 { style.scale = read }
    case "textcolor", "tc":
      let what = "a colour, as in: tc rgb \"red\" or tc lt 2"
      var value = try reader.value(of: word, what)
      if ["lt", "linetype", "ls", "linestyle"].contains(value.text) {
        let n = try reader.value(of: value, "a line type from 1, as in: tc lt 2")
        guard let k = Int(n.text), k >= 1, k < 1_000_000 else {
          throw CommandError(.needs(word: value.text, what: "a line type from 1"), at: n.span)
        }
        style.color = Theme.default.series(k - 1)
        return true
      }
      if value.text == "default" || value.text == "def" {
        style.color = nil
        return true
      }
      if value.text == "rgb" || value.text == "rgbcolor" {
        value = try reader.value(of: value, "a colour in quotes, as in: rgb \"#ff8000\"")
      }
      guard let q = value.text.first, q == "\"" || q == "'", value.text.count >= 2,
        let c = CurveLook.color(named: String(value.text.dropFirst().dropLast()))
      else {
        throw CommandError(.needs(word: word.text, what: what), at: value.span)
      }
      style.color = c
    case "hypertext":
      throw CommandError(
        .notSupported(what: "hypertext labels", hint: "labels are drawn as text"), at: word.span)
    default: return false
    }
    return true
  }

  /// The label part of a `with labels` item's `using` (its last part): a column, read as
  /// text.
  ///
  /// - Throws: `CommandError` at the part when it is an expression (a string per record is
  ///   not computed here) or no column.
  static func pointLabelColumn(_ part: Word) throws(CommandError) -> ColumnRef {
    let chars = Array(part.text)
    var a = 0
    while a < chars.count, chars[a] == " " { a += 1 }
    if let (ref, end) = UsingExpression.stringColumn(chars, at: a),
      chars[end...].allSatisfy({ $0 == " " })
    {
      return ref
    }
    if chars.first == "(" {
      if let (ref, end) = UsingExpression.stringColumn(chars, at: 1),
        chars[end...].allSatisfy({ $0 == " " || $0 == ")" })
      {
        return ref
      }
      throw CommandError(
        .notSupported(
          what: "a label computed for each record",
          hint: "the label is a column: using 1:2:3, using 1:2:(strcol(3)) or using 1:2:\"name\""),
        at: part.span)
    }
    do {
      return try DataFile.parseColumnList(part.text)[0]
    } catch {
      throw CommandError(error, at: part.span)
    }
  }
}
