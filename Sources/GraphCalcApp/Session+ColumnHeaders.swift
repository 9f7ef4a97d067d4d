import DataFiles
import GraphView

// gnuplot 5.4's titles from a file's first row (`help columnheader`, `help key autotitle`):
// `plot "F" using 1:2 title columnheader` (the header of the y column), `title
// columnheader(N)` or `title columnhead(N)` (column N's), and `set key autotitle
// columnhead[er]` for every data item without a title; `set key noautotitle` (or `unset
// key autotitle`) leaves such items out of the key. With either form the file's first row
// is its header, not data, whatever it holds, as gnuplot reads it.

/// How data items without `title` are titled in the key (gnuplot's `set key autotitle`).
public enum AutoTitle: Sendable, Hashable {
  /// graphcalc's titles: the column's name, or the file and its `using`.
  case standard
  /// `set key autotitle columnhead`: the y column's header.
  case columnHeader
  /// `set key noautotitle`: no title (not in the key).
  case none
}

/// Where a data item's title comes from when it is a column's header.
enum HeaderTitle: Sendable, Hashable {
  /// `title columnheader`: the y column's header.
  case yColumn
  /// `title columnheader(N)`: column N's (N as written, an expression).
  case column(Word)
}

extension Session {
  /// Whether `text` is gnuplot's `col$umnheader` (`col`, `column`, `columnhead`, ...: its
  /// plot2d.c and set.c read it so; `title co` is an undefined variable there).
  static func isColumnHeaderWord(_ text: String) -> Bool {
    text.count >= 3 && "columnheader".hasPrefix(text)
  }

  /// Reads `columnheader`, `columnheader(N)`, `columnhead(N)` after `title` (`value`, just
  /// read from `reader`; a bracket written apart, `columnhead (2)`, is the next word).
  ///
  /// - Returns: Where the title comes from, or nil when `value` is not such a word.
  /// - Throws: `CommandError` at a bracket that is not closed or holds nothing.
  static func readHeaderTitle(_ value: Word, from reader: inout KeywordReader)
    throws(CommandError) -> HeaderTitle?
  {
    let text = value.text
    guard let open = text.firstIndex(of: "(") else {
      guard isColumnHeaderWord(text) else { return nil }
      if let next = reader.peek(), next.text.hasPrefix("(") {
        _ = reader.next()
        return try bracketed(next, text: next.text[...], offset: next.offset)
      }
      return .yColumn
    }
    guard isColumnHeaderWord(String(text[..<open])) else { return nil }
    let offset = value.offset + text.distance(from: text.startIndex, to: open)
    return try bracketed(value, text: text[open...], offset: offset)
  }

  /// The `(N)` of `columnheader(N)`: `text` from its bracket, at `offset`.
  private static func bracketed(_ word: Word, text: Substring, offset: Int)
    throws(CommandError) -> HeaderTitle
  {
    guard text.count >= 3, text.last == ")" else {
      throw CommandError(
        .needs(word: "columnheader", what: "a column in brackets, as in: columnheader(2)"),
        at: word.span)
    }
    return .column(Word(String(text.dropFirst().dropLast()), at: offset + 1))
  }

  /// Whether a data item's file is still to be read with its first row as the header: the
  /// item is titled from it, or `set key autotitle columnhead` is on (and the item has no
  /// title yet, or the header is not yet forced).
  func headerForced(_ spec: DataItemSpec) -> Bool {
    spec.headerTitle != nil
      || (labels.annotations.autoTitle == .columnHeader
        && (spec.title == nil || data.options.hasHeader != true))
  }

  /// Reads a data item whose file's first row is forced to be its header (`headerForced`),
  /// with its title the header of the y column or column N: `reader` reads the item as
  /// `dataItem` does, with the header on; nil when the item is not such an item.
  ///
  /// - Throws: `CommandError` at N (not a column of the file), or `reader`'s errors.
  func columnHeaderItem(
    _ spec: DataItemSpec,
    _ reader: (Session, DataItemSpec) throws(CommandError) -> (DataCurve, String?)
  ) throws(CommandError) -> (DataCurve, String?)? {
    guard headerForced(spec) else {
      if labels.annotations.autoTitle == .none, spec.title == nil {
        var untitled = spec
        untitled.title = ""
        return try reader(self, untitled)
      }
      return nil
    }
    var copy = self
    copy.data.options.hasHeader = true
    var spec = spec
    if spec.title == nil || spec.headerTitle != nil {
      spec.title = try copy.headerName(spec)
    }
    spec.headerTitle = nil
    return try reader(copy, spec)
  }

  /// The header of the column `spec`'s title names (its y column, or column N), with the
  /// file's first row as the header; "" when that column has none.
  ///
  /// - Throws: `CommandError` at N when it is not a column of the file, or at the file when
  ///   it cannot be read.
  private func headerName(_ spec: DataItemSpec) throws(CommandError) -> String {
    let path = spec.path.text
    let fileSpan = spec.path.offset..<(spec.path.offset + path.count + 2)
    let info: [ColumnInfo]
    do {
      info = try DataFile.columns(path: path, options: data.options)
    } catch {
      throw CommandError(error, at: fileSpan)
    }
    func name(_ ref: ColumnRef) -> String {
      switch ref {
      case .index(let n): return info.indices.contains(n - 1) ? info[n - 1].name : ""
      case .name(let name): return name
      }
    }
    if case .column(let word)? = spec.headerTitle {
      let v = try number(word)
      guard v.isFinite, v == v.rounded(), v >= 1, v <= Double(info.count) else {
        throw CommandError(
          .needs(
            word: "columnheader",
            what: "a column from 1 to \(info.count) of \(Session.baseName(path))"),
          at: word.span)
      }
      return info[Int(v) - 1].name
    }
    // The y column: the second part of `using` (the first when there is one), a column or
    // the first column an expression reads; without `using`, the default columns.
    guard let using = spec.using else {
      let columns = try? DataFile.defaultUsing(path: path, options: data.options)
      return columns.map { name($0.y) } ?? ""
    }
    let words = Session.usingParts(using)
    guard let y = words.count >= 2 ? words[1] : words.first else { return "" }
    guard let part = try? Session.readUsingParts([y], timeFormat: labels.timeFormat).first
    else { return "" }
    switch part {
    case .column(let ref, _): return name(ref)
    case .expression(let e, _): return e.columns.first.map(name) ?? ""
    }
  }

  /// Refuses gnuplot's `columnhead(N)` / `columnheader(N)` inside a `using` expression
  /// (`using 1:(columnhead(2))`): gnuplot allows it only as a plot title (`help
  /// columnhead`), where graphcalc reads it too; a `using` value is a number here.
  ///
  /// - Throws: `CommandError` at the word, named as not supported.
  static func refuseColumnHeader(in word: Word) throws(CommandError) {
    let bytes = Array(word.text.utf8)
    let name = Array("columnhead".utf8)
    guard bytes.count >= name.count else { return }
    for i in 0...(bytes.count - name.count) where bytes[i] == name[0] {
      guard bytes[i..<(i + name.count)].elementsEqual(name) else { continue }
      if i > 0,
        bytes[i - 1] == UInt8(ascii: "_") || Character(UnicodeScalar(bytes[i - 1])).isLetter
          || Character(UnicodeScalar(bytes[i - 1])).isNumber
      {
        continue
      }
      let start = word.offset + String(decoding: bytes[..<i], as: UTF8.self).count
      throw CommandError(
        .notSupported(
          what: "columnhead(N) in a using expression",
          hint: "it is a text: use it as the title, as in: title columnhead(2)"),
        at: start..<(start + name.count))
    }
  }
}
