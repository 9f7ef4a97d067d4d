import DataFiles
import GraphView

// `plot "FILE" using X:Y by GROUP`: a long table drawn as one curve per distinct GROUP
// (`plot "stocks.csv" using date:price by symbol`), as `bar ... by` pivots a long table
// into series.

extension Session {
  /// The most curves `by` makes (a legend of more is unreadable).
  static let byGroupLimit = 100

  /// The curves of a data item with `by`: the records read as `X:Y` (plain columns, by
  /// number or name) beside the group column, split into one curve per distinct group
  /// value, in order of first appearance, each titled by its value (numbers and dates as
  /// `bar` labels them) and drawn in the item's style.
  ///
  /// - Returns: The curves and a note on missing cells.
  /// - Throws: `CommandError` at the `using` spec when it is not two plain columns, at the
  ///   `by` column when it is more than one column or unknown, at the file when it cannot
  ///   be read; more than `byGroupLimit` groups.
  func groupedDataItems(_ spec: DataItemSpec, by: Word) throws(CommandError) -> (
    [DataCurve], String?
  ) {
    let path = spec.path.text
    let fileSpan = spec.path.offset..<(spec.path.offset + path.count + 2)
    guard let using = spec.using, spec.smoothing == nil, spec.every == nil, spec.index == nil,
      Session.usingParts(using).count == 2, !Session.usingHasExpression(using)
    else {
      throw CommandError(
        .notSupported(
          what: "by without using X:Y of two columns",
          hint: "by takes plain columns, as in: using date:price by symbol"),
        at: spec.using?.span ?? by.span)
    }
    let refs: [ColumnRef]
    let groupRef: ColumnRef
    do throws(DataFileError) {
      refs = try DataFile.parseColumnList(using.text)
      let parsed = try DataFile.parseColumnList(by.text)
      guard parsed.count == 1 else { throw DataFileError(path: "", .byTakesOneColumn) }
      groupRef = parsed[0]
    } catch {
      throw CommandError(error, at: by.span)
    }
    let table: DataTable
    do {
      table = try DataFile.readTable(
        path: path, columns: [groupRef] + refs, options: data.options)
    } catch {
      let at = Session.columnSpan(of: error, in: using) ?? Session.columnSpan(of: error, in: by)
      throw CommandError(error, at: at ?? fileSpan)
    }
    // The group column: text, or numbers and dates as labels.
    let groups: [String]
    var columns = table.columns
    var isTime = table.isTime
    if let labels = table.labels {
      groups = labels
    } else {
      groups = Session.labelTexts(columns.first ?? [], isTime: isTime.first ?? false)
      columns.removeFirst()
      isTime.removeFirst()
    }
    guard columns.count == 2 else {
      throw CommandError(
        .notSupported(what: "a by column among the using columns", hint: ""), at: by.span)
    }
    var order: [String] = []
    var members: [String: (x: [Double], y: [Double])] = [:]
    for k in 0..<min(groups.count, columns[0].count, columns[1].count) {
      let g = groups[k]
      if members[g] == nil {
        guard order.count < Session.byGroupLimit else {
          throw CommandError(
            .notSupported(
              what: "more than \(Session.byGroupLimit) groups in by",
              hint: "\(by.text) has more distinct values; pick rows with every or a smaller file"),
            at: by.span)
        }
        order.append(g)
        members[g] = ([], [])
      }
      members[g]!.x.append(columns[0][k])
      members[g]!.y.append(columns[1][k])
    }
    let curves = order.map { g -> DataCurve in
      let m = members[g]!
      var curve = DataCurve(
        x: m.x, y: m.y, title: g, marks: spec.marks, xIsTime: isTime[0], yIsTime: isTime[1])
      curve.look = boxLook(spec.style).look
      return curve
    }
    let note =
      table.missing > 0
      ? "\(path): \(table.missing) missing value\(table.missing == 1 ? "" : "s") (gaps)" : nil
    return (curves, note)
  }
}
