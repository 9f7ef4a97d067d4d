import GraphView

// Shading on the plot (issue 15): `plot f(x), g(x) fill between [A:B]` shades the area
// between the first two functions of x, `plot f(x) fill [A:B]` the area between each function
// of x and the x axis (what `area` measures). The clause ends the plot line; the fill is
// part of the plot (`FunctionCurves.fills`): every redraw, zoom, pan and export draws it
// from the sampled curves (`FillGeometry`), `replot EXPR` keeps it, a new `plot` ends it.

/// The `fill [between] [[A:B]]` clause at the end of a `plot` line, as written.
struct FillClause: Sendable, Hashable {
  /// The word `fill`, for carets.
  var keyword: Word
  /// Whether it shades between two curves (`fill between`) rather than down to the x axis.
  var between: Bool
  /// The x range it is limited to (`[A:B]`), if given.
  var range: RangeBounds?
}

extension Plot {
  /// Splits a trailing `fill [between] [[A:B]]` off the last item of a plot line: a word
  /// `fill` outside brackets after a blank and an operand, followed by nothing but `between`
  /// and a range; when `alone` (the line's only item), also a clause that is the whole item
  /// (`replot fill between`), which leaves an empty item.
  ///
  /// - Parameters:
  ///   - piece: The last comma-separated item.
  ///   - alone: Whether it is the line's only item.
  /// - Returns: The item without the clause, and the clause (nil when there is none).
  /// - Throws: `CommandError` at a word after `fill` that is neither `between` nor a range,
  ///   or at a badly formed range.
  static func fillClause(_ piece: CommandArguments, alone: Bool = false) throws(CommandError)
    -> (CommandArguments, FillClause?)
  {
    let tokens = piece.line.tokens
    var depth = 0
    var at: Int?
    // `replot fill between`: the clause alone, for the curves already plotted.
    if alone, let first = piece.range.first, tokens[first].kind == .name,
      tokens[first].text.lowercased() == "fill",
      first + 1 == piece.range.upperBound || tokens[first + 1].text.lowercased() == "between"
        || tokens[first + 1].text == "["
    {
      at = first
    }
    for i in piece.range where at == nil {
      let token = tokens[i]
      if token.kind == .open { depth += 1 }
      if token.kind == .close { depth = max(0, depth - 1) }
      // After an operand only: `x + fill` keeps a variable named fill.
      // gnuplot's `fill solid 0.5` on a data item is its fill style (Session+FilledCurves).
      let styleWords: Set<String> = [
        "solid", "transparent", "empty", "pattern", "border", "noborder",
      ]
      if depth == 0, i > piece.range.lowerBound, token.kind == .name, token.spaceBefore,
        token.text.lowercased() == "fill", Self.endsOperand(tokens[i - 1]),
        i + 1 >= piece.range.upperBound || !styleWords.contains(tokens[i + 1].text)
      {
        at = i
        break
      }
    }
    guard let at else { return (piece, nil) }
    let keyword = Word(tokens[at].text, at: tokens[at].offset)
    var next = at + 1
    var between = false
    if next < piece.range.upperBound, tokens[next].kind == .name,
      tokens[next].text.lowercased() == "between"
    {
      between = true
      next += 1
    }
    let rest = CommandArguments(
      line: piece.line, range: next..<piece.range.upperBound,
      start: next < piece.range.upperBound ? tokens[next].offset : keyword.span.upperBound)
    var range: RangeBounds?
    if !rest.isEmpty {
      let (before, bounds) = try AnalysisArguments.trailingRange(rest)
      guard let bounds, before.isEmpty else {
        throw CommandError(
          .expected(
            between ? "[A:B] or the end of the line" : "between, [A:B] or the end of the line"),
          at: rest.tokens.first?.span ?? keyword.span)
      }
      range = bounds
    }
    let item = CommandArguments(
      line: piece.line, range: piece.range.lowerBound..<at, start: piece.start)
    return (item, FillClause(keyword: keyword, between: between, range: range))
  }

  /// Whether `token` can end an operand (a name, number, string, closing bracket or prime),
  /// so that a word after it is not part of the expression.
  static func endsOperand(_ token: CommandToken) -> Bool {
    switch token.kind {
    case .name, .number, .string, .close: return true
    case .symbol: return token.text == "'" || token.text == "!"
    case .open, .comma, .colon: return false
    }
  }
}

extension Session {
  /// The fills a `fill` clause asks for over `items` (the curves of the plot line that has
  /// it, the first of them curve `offset` of the plot): with `between`, the area between the
  /// first two functions of x; without, each function of x down to the x axis.
  ///
  /// - Throws: `CommandError` at `fill` when the line has too few functions of x, or at the
  ///   range when it is not a range.
  func fills(_ clause: FillClause, items: [PlotItem], offset: Int) throws(CommandError)
    -> [PlotFill]
  {
    var range: ClosedRange<Double>?
    if let bounds = clause.range {
      range = try self.range(bounds, current: view.xRange, axis: "x")
    }
    let functions = items.indices.filter {
      if case .function = items[$0] { return true } else { return false }
    }
    if clause.between {
      guard functions.count >= 2 else {
        throw CommandError(
          .needs(word: "fill between", what: "two functions of x, as in: plot x^2, x fill between"),
          at: clause.keyword.span)
      }
      let (a, b) = (functions[0], functions[1])
      return [
        PlotFill(
          curve: offset + a, other: offset + b, xRange: range,
          title: items[a].title + ", " + items[b].title)
      ]
    }
    guard !functions.isEmpty else {
      throw CommandError(
        .needs(word: "fill", what: "a function of x, as in: plot sin(x) fill"),
        at: clause.keyword.span)
    }
    return functions.map {
      PlotFill(curve: offset + $0, other: nil, xRange: range, title: items[$0].title)
    }
  }
}
