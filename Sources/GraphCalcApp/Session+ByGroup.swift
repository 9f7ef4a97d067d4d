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
  /// With `using` expressions, more columns (error bars, boxes), `every`, `index` or
  /// `smooth`, the records are read as `plot` reads them (`expressionRecords`), split by
  /// group, and each group's curve smoothed on its own.
  ///
  /// - Returns: The curves and a note on missing cells.
  /// - Throws: `CommandError` at the `using` spec when there is none, at the `by` column
  ///   when it is more than one column or unknown, at the file when it cannot be read; more
  ///   than `byGroupLimit` groups.
  func groupedDataItems(_ spec: DataItemSpec, by: Word) throws(CommandError) -> (
    [DataCurve], String?
  ) {
    let path = spec.path.text
    let fileSpan = spec.path.offset..<(spec.path.offset + path.count + 2)
    guard let using = spec.using else {
      throw CommandError(
        .notSupported(
          what: "by without using",
          hint: "by splits the points of using, as in: using date:price by symbol"),
        at: by.span)
    }
    if spec.smoothing != nil || spec.every != nil || spec.index != nil
      || Session.usingParts(using).count != 2 || Session.usingHasExpression(using)
    {
      return try groupedExpressionItems(spec, by: by)
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

extension Session {
  /// The column `by` names.
  ///
  /// - Throws: `CommandError` at `by` when it is not one column.
  static func groupColumn(_ by: Word) throws(CommandError) -> ColumnRef {
    do throws(DataFileError) {
      let parsed = try DataFile.parseColumnList(by.text)
      guard parsed.count == 1 else { throw DataFileError(path: "", .byTakesOneColumn) }
      return parsed[0]
    } catch {
      throw CommandError(error, at: by.span)
    }
  }

  /// `by` over records read as `plot` reads them (`expressionRecords`: expressions, every,
  /// index, more columns): the series split into one curve a distinct group text, in order
  /// of first appearance (numbers named as `bar` labels them), each with its own error-bar
  /// or box columns and, with `smooth`, smoothed on its own.
  ///
  /// - Throws: As `groupedDataItems`.
  func groupedExpressionItems(_ spec: DataItemSpec, by: Word) throws(CommandError) -> (
    [DataCurve], String?
  ) {
    let groupRef = try Session.groupColumn(by)
    var reading = spec
    reading.smoothing = nil
    let (series, note, groups) = try expressionRecords(reading, group: groupRef)
    let info = (try? DataFile.columns(path: spec.path.text, options: data.options)) ?? []
    let isText: Bool
    switch groupRef {
    case .index(let n): isText = !info.indices.contains(n - 1) || info[n - 1].kind == .text
    case .name(let name): isText = info.first { $0.name == name }?.kind ?? .text == .text
    }
    let xs = Array(series.x)
    let ys = Array(series.y)
    var order: [String] = []
    var members: [String: [Int]] = [:]
    for k in 0..<min(groups.count, xs.count) {
      // A gap between blocks belongs to no group.
      if xs[k].isNaN && ys[k].isNaN && groups[k].isEmpty { continue }
      var g = groups[k]
      if !isText, let v = Double(g) { g = Session.labelTexts([v], isTime: false)[0] }
      if members[g] == nil {
        guard order.count < Session.byGroupLimit else {
          throw CommandError(
            .notSupported(
              what: "more than \(Session.byGroupLimit) groups in by",
              hint: "\(by.text) has more distinct values; pick rows with every or a smaller file"),
            at: by.span)
        }
        order.append(g)
        members[g] = []
      }
      members[g]!.append(k)
    }
    let smoothing = try kernelOptions(spec)
    let style = boxLook(spec.style)
    var curves: [DataCurve] = []
    for g in order {
      let rows = members[g]!
      func pick(_ values: [Double]?) -> [Double]? { values.map { v in rows.map { v[$0] } } }
      var curve = DataCurve(
        x: rows.map { xs[$0] }, y: rows.map { ys[$0] }, title: g, marks: spec.marks,
        xIsTime: series.xIsTime, yIsTime: series.yIsTime)
      if let e = series.extents {
        curve.extents = RecordExtents(
          xLow: pick(e.xLow), xHigh: pick(e.xHigh), yLow: pick(e.yLow), yHigh: pick(e.yHigh))
      }
      if let smoothing {
        let (x, y) = try smoothed(smoothing, x: Array(curve.x), y: Array(curve.y), spec: spec)
        curve = DataCurve(
          x: x, y: y, title: g, marks: spec.marks, xIsTime: series.xIsTime, yIsTime: false)
      }
      curve.look = style.look
      curves.append(curve)
    }
    // The tick labels read (`xtic(1)`) label the axis whatever the group.
    if !curves.isEmpty {
      curves[0].xTickLabels = series.xTickLabels
      curves[0].yTickLabels = series.yTickLabels
    }
    return (curves, note)
  }
}
