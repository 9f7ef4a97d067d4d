import Analysis
import CalculatorBrain
import CompiledFunctions

// `area EXPR1, EXPR2 [A:B]` (issue 15): the area between two curves, or between a curve and
// the x axis, with the bound `integrate` gives (AreaBetween, in the Analysis target).

extension CommandEntry {
  /// `area EXPR1, EXPR2 [A:B]`, `area EXPR [A:B]`, with the bounds also as two last words.
  static let area = CommandEntry(
    name: "area",
    usage: ["area EXPR1, EXPR2 [A:B]", "area EXPR1, EXPR2 A B", "area EXPR [A:B]"],
    summary: "the area between two curves, with an error bound",
    details: """
      Prints the area between the curves EXPR1 and EXPR2 from A to B (the integral of
      |EXPR1 - EXPR2|; with one curve, the area between it and the x axis; default: the
      view's x range) as V ± BOUND, then (proven) or (estimated), as integrate does. The
      range is cut where the curves cross (their proven intersections) and at jumps, each
      piece integrated by verified Gauss-Legendre quadrature (tanh-sinh where a
      singularity needs it); the crossings are named on a note: line. A divergent area
      is an error. ans becomes V. To shade it on the plot: plot EXPR1, EXPR2 fill between.
        area x^2, x [0:1]        0.166666666666667 ± ..., (proven)
        area sin(x) 0 2pi        4 ± ..., (proven)
      """
  ) { arguments throws(CommandError) in
    let (rest, range) = try AnalysisArguments.read(arguments, command: "area")
    var items = rest.items
    var bounds: Integrate.Bounds? = range.map { .range($0) }
    if range == nil, let last = items.last, let (lower, upper) = Area.trailingBounds(last) {
      let cut = last.line.tokens.indices.first {
        last.line.tokens[$0].offset >= lower.span.lowerBound
      }
      items[items.count - 1] = CommandArguments(
        line: last.line, range: last.range.lowerBound..<(cut ?? last.range.upperBound),
        start: last.start)
      bounds = .words(lower.word, upper.word)
    }
    guard (1...2).contains(items.count), items.allSatisfy({ !$0.isEmpty }) else {
      throw CommandError(.analysis(.areaNeedsOneOrTwoCurves), at: rest.text.span)
    }
    return Area(curves: items.map(\.text), bounds: bounds)
  }
}

/// `area EXPR1, EXPR2 [A:B]`: the integral of |EXPR1 - EXPR2|, cut at the crossings.
struct Area: SessionCommand {
  /// One curve (the area down to the x axis) or two.
  var curves: [Word]
  /// The bounds, nil for the view's x range.
  var bounds: Integrate.Bounds?

  /// The last two words of `item` as bounds, when it has at least three words and both
  /// read as expressions on their own (`x^2 0 1`, but not `x - 1`).
  static func trailingBounds(_ item: CommandArguments) -> (Argument, Argument)? {
    let words = item.words
    guard words.count >= 3 else { return nil }
    let pair = (words[words.count - 2], words[words.count - 1])
    for word in [pair.0, pair.1] {
      guard (try? CalculatorBrain.parseExpression(word.text)) != nil else { return nil }
    }
    return pair
  }

  func run(in session: inout Session) throws(CommandError) -> Reply {
    let (a, b): (Double, Double)
    switch bounds {
    case .words(let lower, let upper)?:
      let values = try session.finiteNumbers([lower, upper], command: "area")
      (a, b) = (values[0], values[1])
    case .range(let r)?:
      let range = try session.analysisRange(r)
      (a, b) = (range.lowerBound, range.upperBound)
    case nil:
      (a, b) = (session.view.xRange.lowerBound, session.view.xRange.upperBound)
    }
    var exprs: [Expr] = []
    for curve in curves { exprs.append(try session.analysisFunction(curve).expr) }
    let difference = exprs.count == 2 ? Expr.binary(.subtract, exprs[0], exprs[1]) : exprs[0]
    let brain = session.brain
    let d: PlotFunction
    let slope: PlotFunction?
    do {
      d = try PlotFunction(
        difference, variable: "x", variables: brain.variables, functions: brain.functions)
      slope = try? PlotFunction(
        try brain.derivative(of: difference), variable: "x", variables: brain.variables,
        functions: brain.functions, sharesSubexpressions: true)
    } catch {
      throw CommandError(error, shiftedBy: curves[0].offset)
    }
    let result = AreaBetween.area(
      of: d, slope: slope, rule: Integrate.rule(for: difference, brain: brain), from: a, to: b,
      budget: session.analysisBudget)
    switch result {
    case .success(let r):
      session.brain.variables["ans"] = r.value
      var lines = [
        "\(CalculatorBrain.format(r.value)) ± \(Integrate.bound(r.bound))",
        r.isProven ? "(proven)" : "(estimated)",
      ]
      let crossings = r.crossings.filter { $0.x > min(a, b) && $0.x < max(a, b) }
      if !crossings.isEmpty {
        let what = curves.count == 2 ? "the curves cross" : "the curve crosses the x axis"
        let shown = crossings.prefix(10).map { root in
          "x = " + CalculatorBrain.format(root.x) + (root.isProven ? "" : " (possible)")
        }
        let more = crossings.count > 10 ? ", and \(crossings.count - 10) more" : ""
        lines.append("note: \(what) at \(shown.joined(separator: ", "))\(more)")
      }
      for u in r.unsettled.prefix(10) {
        lines.append("note: the sign of the difference is not settled in \(Session.interval(u))")
      }
      return .text(lines.joined(separator: "\n"))
    case .failure(let failure):
      let span =
        curves.count == 2 ? curves[0].span.lowerBound..<curves[1].span.upperBound : curves[0].span
      throw CommandError(.analysis(.area(failure)), at: span)
    }
  }
}
