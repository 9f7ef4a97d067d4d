import Analysis
import CalculatorBrain
import CompiledFunctions
import Glibc

// The analysis commands (issue 15): roots, extrema, intersect, integrate. Each prints one
// answer a line and notes (DECISIONS.md, "Analysis commands"), sets `ans` to the first
// answer, and is bounded by an `AnalysisBudget` that Ctrl-C stops.

extension CommandEntry {
  /// `roots EXPR [A:B]`.
  static let roots = CommandEntry(
    name: "roots", usage: ["roots EXPR [A:B]"], summary: "every root of EXPR, proven",
    details: """
      Prints every root of EXPR in [A, B] (default: the view's x range), one a line as
      x = V, each proven by interval Newton: an enclosure holding exactly one root, or an
      exact zero. A root that cannot be proven (a double root, a tangency) is listed as
      x = V possible; ranges where roots may hide are named on note: lines. A sign change
      across a pole or jump is not a root. ans becomes the first root, and root(k) in
      any expression is the k-th root listed (root(2) the second), until the next roots.
        roots x^2 - 2            x = -1.4142135623731 and x = 1.4142135623731
        roots sin(30x) [-10:10]  191 roots
        roots tan(x) [1:5]       x = 3.14159265358979
      """
  ) { arguments throws(CommandError) in
    let (expression, range) = try AnalysisArguments.read(arguments, command: "roots")
    return FindRoots(expression: expression, range: range)
  }

  /// `intersect EXPR1, EXPR2 [A:B]`.
  static let intersect = CommandEntry(
    name: "intersect", usage: ["intersect EXPR1, EXPR2 [A:B]"],
    summary: "where two curves meet, proven",
    details: """
      Prints the points where the curves EXPR1 and EXPR2 meet in [A, B] (default: the
      view's x range), one a line as x = X y = Y: the roots of EXPR1 - EXPR2, proven as
      roots are (a tangency is listed as possible). ans becomes the first x.
        intersect cos(x), x      x = 0.739085133215161 y = 0.739085133215161
      """
  ) { arguments throws(CommandError) in
    let (expression, range) = try AnalysisArguments.read(arguments, command: "intersect")
    let items = expression.items
    guard items.count == 2, items.allSatisfy({ !$0.isEmpty }) else {
      throw CommandError(.analysis(.intersectNeedsTwoCurves), at: expression.text.span)
    }
    return Intersect(first: items[0].text, second: items[1].text, range: range)
  }

  /// `extrema EXPR [A:B]`.
  static let extrema = CommandEntry(
    name: "extrema", usage: ["extrema EXPR [A:B]"], summary: "local minima and maxima",
    details: """
      Prints the local minima and maxima of EXPR in [A, B] (default: the view's x range),
      one a line as min x = X y = Y or max x = X y = Y: the proven roots of the derivative
      where it changes sign, corners where it jumps across 0 (abs(x) at 0) and flat ones
      (x^4 at 0). One that is not proven ends in possible. ans becomes the first x, and
      extremum(k) in any expression is the x of the k-th one listed.
        extrema x^3 - 3x         max x = -1 y = 2 and min x = 1 y = -2
      """
  ) { arguments throws(CommandError) in
    let (expression, range) = try AnalysisArguments.read(arguments, command: "extrema")
    return FindExtrema(expression: expression.text, range: range)
  }
}

extension CommandEntry {
  /// `integrate EXPR A B`, `integrate EXPR [A:B]`, `integrate EXPR`.
  static let integrate = CommandEntry(
    name: "integrate", usage: ["integrate EXPR A B", "integrate EXPR [A:B]", "integrate EXPR"],
    summary: "the integral of EXPR, with an error bound",
    details: """
      Prints the integral of EXPR from A to B (the last two words, or [A:B]; default: the
      view's x range) as V ± BOUND, then (proven) when the bound is proven by verified
      Gauss-Legendre quadrature with an interval remainder, or (estimated) where a
      singularity, jump or domain edge needed tanh-sinh quadrature. A divergent integral
      is an error. ans becomes V.
        integrate exp(-x^2) -3 3   1.77241469651904 ± 2.2e-15, (proven)
        integrate ln(x) 0 1        -1 ± ..., (estimated)
      """
  ) { arguments throws(CommandError) in
    let (rest, range) = try AnalysisArguments.trailingRange(arguments)
    if let range {
      guard !rest.isEmpty else { throw Session.usageError("integrate", given: 0, at: nil) }
      return Integrate(expression: rest.text, bounds: .range(range))
    }
    let words = arguments.words
    guard !words.isEmpty else { throw Session.usageError("integrate", given: 0, at: nil) }
    if words.count >= 3 {
      // The bounds are the last two words; the expression is everything before them.
      let lower = words[words.count - 2]
      let upper = words[words.count - 1]
      let first = arguments.range.lowerBound
      let cut = arguments.tokens.firstIndex { $0.offset >= lower.span.lowerBound } ?? first
      let expression = CommandArguments(
        line: arguments.line, range: first..<cut, start: arguments.start)
      return Integrate(expression: expression.text, bounds: .words(lower.word, upper.word))
    }
    if words.count == 2 {
      throw CommandError(.analysis(.integrateNeedsBounds), at: words[1].span)
    }
    return Integrate(expression: arguments.text, bounds: nil)
  }
}

extension CommandEntry {
  /// `inflections EXPR [A:B]`.
  static let inflections = CommandEntry(
    name: "inflections", usage: ["inflections EXPR [A:B]"],
    summary: "where the curvature changes sign",
    details: """
      Prints the inflection points of EXPR in [A, B] (default: the view's x range), one a
      line as x = X y = Y: where the second derivative changes sign (its proven roots, and
      its jumps across 0, as x*abs(x) at 0), found as extrema finds the first derivative's
      sign changes. One that is not proven ends in possible. ans becomes the first x.
        inflections x^3 - 3x     x = 0 y = 0
      """
  ) { arguments throws(CommandError) in
    let (expression, range) = try AnalysisArguments.read(arguments, command: "inflections")
    return FindInflections(expression: expression.text, range: range)
  }

  /// `tangent EXPR at X0`.
  static let tangent = CommandEntry(
    name: "tangent", usage: ["tangent EXPR at X0"], summary: "the tangent line at a point",
    details: """
      Prints the tangent line of EXPR at x = X0 as y = M*x + B, with the slope M from
      automatic differentiation (exact to rounding); where EXPR has no derivative at X0
      (a corner, a jump) it is an error, and nothing is drawn. ans becomes the slope.
      On the current plot the line is drawn dashed, with a dot where it touches: at the
      prompt the plot is drawn again with it; in scripts and pipes tangent prints only the
      line, and the next redraw or export draws it. It stays across
      zoom, pan and replot until unmark, reset or a new plot.
        tangent x^2 at 1         y = 2*x - 1
      """, keywords: ["at"]
  ) { arguments throws(CommandError) in
    let words = arguments.words
    guard let at = words.lastIndex(where: { $0.text.lowercased() == "at" }), at > 0,
      at == words.count - 2
    else {
      throw CommandError(.analysis(.tangentUsage), at: arguments.text.span)
    }
    let cut =
      arguments.tokens.firstIndex { $0.offset >= words[at].span.lowerBound }
      ?? arguments.range.upperBound
    let expression = CommandArguments(
      line: arguments.line, range: arguments.range.lowerBound..<cut, start: arguments.start)
    return Tangent(expression: expression.text, point: words[at + 1].word)
  }
}

/// Reading `EXPR [A:B]`: the expression and a trailing range.
enum AnalysisArguments {
  /// The expression's arguments and the range after them (nil when there is none).
  ///
  /// - Throws: `CommandError` for no expression, or a `[` without its `]`.
  static func read(_ arguments: CommandArguments, command: String) throws(CommandError) -> (
    CommandArguments, RangeBounds?
  ) {
    let (rest, range) = try trailingRange(arguments)
    guard !rest.isEmpty else {
      throw Session.usageError(command, given: 0, at: arguments.text.span)
    }
    return (rest, range)
  }

  /// A range `[A:B]` that ends the arguments, and the arguments before it.
  static func trailingRange(_ arguments: CommandArguments) throws(CommandError) -> (
    CommandArguments, RangeBounds?
  ) {
    let tokens = arguments.line.tokens
    guard let last = arguments.range.last, tokens[last].text == "]" else {
      return (arguments, nil)
    }
    // The `[` that the final `]` closes.
    var depth = 0
    var open: Int?
    for i in arguments.range.reversed() {
      if tokens[i].kind == .close { depth += 1 }
      if tokens[i].kind == .open { depth -= 1 }
      if depth == 0 {
        open = i
        break
      }
    }
    guard let open, tokens[open].text == "[" else {
      throw CommandError(.analysis(.bracketWithoutOpening), at: tokens[last].span)
    }
    let inner = CommandArguments(
      line: arguments.line, range: open..<(last + 1), start: tokens[open].offset)
    guard let (bounds, _) = try inner.leadingRange() else {
      throw CommandError(.analysis(.rangeForm), at: inner.text.span)
    }
    let before = CommandArguments(
      line: arguments.line, range: arguments.range.lowerBound..<open, start: arguments.start)
    return (before, bounds)
  }
}

extension Session {
  /// The range of an analysis: `[A:B]` as given (either bound may be left out, taking the
  /// view's), or the view's x range.
  func analysisRange(_ bounds: RangeBounds?) throws(CommandError) -> ClosedRange<Double> {
    guard let bounds else { return view.xRange }
    return try range(bounds, current: view.xRange, axis: "x") ?? view.xRange
  }

  /// `text` compiled as a function of x, with its derivative (nil when it has none, as for
  /// `gamma`).
  func analysisFunction(_ text: Word) throws(CommandError) -> (
    f: PlotFunction, derivative: PlotFunction?, expr: Expr
  ) {
    let brain = compilingBrain
    do {
      let (parsed, locations) = try brain.parseLocated(expression: text.text)
      let expr = self.brain.angleUnit.rewrite(parsed)  // in degrees: trigonometry in radians
      let f = try PlotFunction(
        expr, variable: "x", variables: brain.variables, functions: brain.functions,
        nameLocations: locations)
      let derivative = try? PlotFunction(
        try brain.derivative(of: expr), variable: "x", variables: brain.variables,
        functions: brain.functions, sharesSubexpressions: true)
      return (f, derivative, expr)
    } catch {
      var located = CommandError(error, shiftedBy: text.offset)
      if located.location == nil { located.location = text.span }
      throw located
    }
  }

  /// The budget of an analysis: the standard one, with the session's Ctrl-C check.
  var analysisBudget: AnalysisBudget {
    var budget = AnalysisBudget.standard
    let check = data.options.interrupt
    budget.interrupt = { check.isInterrupted() }
    return budget
  }

  /// The `note:` lines for what a root search left: ranges where roots may hide, ranges
  /// where the function is 0, why it stopped.
  static func rootNotes(_ report: RootReport, what: String, zero: String = "the function")
    -> [String]
  {
    var notes: [String] = []
    for r in report.zeroRanges {
      notes.append("note: \(zero) is 0 on all of \(interval(r))")
    }
    for r in report.unsettled.prefix(10) {
      notes.append("note: \(what) may hide in \(interval(r))")
    }
    if report.unsettled.count > 10 {
      notes.append("note: and in \(report.unsettled.count - 10) more ranges")
    }
    switch report.stop {
    case .boxes?: notes.append("note: stopped: the search's budget of boxes ran out")
    case .time?: notes.append("note: stopped: the search's time ran out")
    case .interrupted?: notes.append("note: interrupted")
    case nil: break
    }
    return notes
  }

  /// `[a, b]` with 15 significant digits.
  static func interval(_ r: ClosedRange<Double>) -> String {
    "[\(CalculatorBrain.format(r.lowerBound)), \(CalculatorBrain.format(r.upperBound))]"
  }
}

/// `roots EXPR [A:B]`.
struct FindRoots: SessionCommand {
  var expression: CommandArguments
  var range: RangeBounds?

  func run(in session: inout Session) throws(CommandError) -> Reply {
    let r = try session.analysisRange(range)
    let (f, derivative, _) = try session.analysisFunction(expression.text)
    let report = RootFinder.roots(
      of: f, derivative: derivative, in: r.lowerBound, r.upperBound,
      budget: session.analysisBudget)
    var lines = report.roots.map { root in
      "x = \(CalculatorBrain.format(root.x))\(root.isProven ? "" : " possible")"
    }
    lines += Session.rootNotes(report, what: "roots")
    if report.roots.isEmpty && report.unsettled.isEmpty && report.zeroRanges.isEmpty {
      lines.append("note: no roots in \(Session.interval(r))")
    }
    if let first = report.roots.first { session.brain.variables["ans"] = first.x }
    session.brain.answerLists["root"] = report.roots.map(\.x)
    if report.stop == .interrupted { throw CommandError(.analysis(.interrupted(command: "roots"))) }
    return .text(lines.joined(separator: "\n"))
  }
}

/// `intersect EXPR1, EXPR2 [A:B]`.
struct Intersect: SessionCommand {
  var first: Word
  var second: Word
  var range: RangeBounds?

  func run(in session: inout Session) throws(CommandError) -> Reply {
    let r = try session.analysisRange(range)
    let (f, _, a) = try session.analysisFunction(first)
    let (_, _, b) = try session.analysisFunction(second)
    let difference = Expr.binary(.subtract, a, b)
    let brain = session.compilingBrain
    let d: PlotFunction
    let slope: PlotFunction?
    do {
      d = try PlotFunction(
        difference, variable: "x", variables: brain.variables, functions: brain.functions)
      slope = try? PlotFunction(
        try brain.derivative(of: difference), variable: "x", variables: brain.variables,
        functions: brain.functions, sharesSubexpressions: true)
    } catch {
      throw CommandError(error, shiftedBy: first.offset)
    }
    let report = RootFinder.roots(
      of: d, derivative: slope, in: r.lowerBound, r.upperBound, budget: session.analysisBudget)
    var lines = report.roots.map { root in
      "x = \(CalculatorBrain.format(root.x)) y = \(CalculatorBrain.format(f.value(at: root.x)))"
        + (root.isProven ? "" : " possible")
    }
    lines += Session.rootNotes(report, what: "intersections", zero: "EXPR1 - EXPR2")
    if report.roots.isEmpty && report.unsettled.isEmpty && report.zeroRanges.isEmpty {
      lines.append("note: the curves do not meet in \(Session.interval(r))")
    }
    if let root = report.roots.first { session.brain.variables["ans"] = root.x }
    if report.stop == .interrupted {
      throw CommandError(.analysis(.interrupted(command: "intersect")))
    }
    return .text(lines.joined(separator: "\n"))
  }
}

/// `extrema EXPR [A:B]`.
struct FindExtrema: SessionCommand {
  var expression: Word
  var range: RangeBounds?

  func run(in session: inout Session) throws(CommandError) -> Reply {
    let r = try session.analysisRange(range)
    let (f, derivative, expr) = try session.analysisFunction(expression)
    let brain = session.compilingBrain
    guard let derivative else {
      throw CommandError(.analysis(.extremaNeedsDerivative), at: expression.span)
    }
    let second: PlotFunction?
    do {
      let slope = try brain.derivative(of: expr)
      second = try? PlotFunction(
        try brain.derivative(of: slope), variable: "x", variables: brain.variables,
        functions: brain.functions, sharesSubexpressions: true)
    } catch {
      throw CommandError(error, shiftedBy: expression.offset)
    }
    let report = Extrema.find(
      f: f, derivative: derivative, second: second, in: r.lowerBound, r.upperBound,
      budget: session.analysisBudget)
    var lines = report.extrema.map { e in
      "\(e.isMinimum ? "min" : "max") x = \(CalculatorBrain.format(e.x)) y = \(CalculatorBrain.format(e.y))"
        + (e.isProven ? "" : " possible")
    }
    lines += Session.rootNotes(report.slopeRoots, what: "extrema", zero: "the derivative")
    if report.extrema.isEmpty && report.slopeRoots.unsettled.isEmpty {
      lines.append("note: no local minimum or maximum in \(Session.interval(r))")
    }
    if let first = report.extrema.first { session.brain.variables["ans"] = first.x }
    session.brain.answerLists["extremum"] = report.extrema.map(\.x)
    if report.slopeRoots.stop == .interrupted {
      throw CommandError(.analysis(.interrupted(command: "extrema")))
    }
    return .text(lines.joined(separator: "\n"))
  }
}

/// `integrate EXPR A B`, `integrate EXPR [A:B]`, `integrate EXPR`.
struct Integrate: SessionCommand {
  /// How the bounds were given.
  enum Bounds: Sendable {
    case words(Word, Word)
    case range(RangeBounds)
  }

  var expression: Word
  var bounds: Bounds?

  /// The most nodes a derivative for the remainder may have (its interval program runs
  /// once a panel).
  static let derivativeSize = 2500

  func run(in session: inout Session) throws(CommandError) -> Reply {
    let (a, b): (Double, Double)
    switch bounds {
    case .words(let lower, let upper)?:
      let values = try session.finiteNumbers([lower, upper], command: "integrate")
      (a, b) = (values[0], values[1])
    case .range(let r)?:
      let range = try session.analysisRange(r)
      (a, b) = (range.lowerBound, range.upperBound)
    case nil:
      (a, b) = (session.view.xRange.lowerBound, session.view.xRange.upperBound)
    }
    let (f, slope, expr) = try session.analysisFunction(expression)
    let result = Integrator.integrate(
      f, slope: slope, rule: Self.rule(for: expr, brain: session.compilingBrain), from: a, to: b,
      budget: session.analysisBudget)
    switch result {
    case .success(let r):
      session.brain.variables["ans"] = r.value
      return .text(
        "\(CalculatorBrain.format(r.value)) ± \(Self.bound(r.bound))\n"
          + (r.isProven ? "(proven)" : "(estimated)"))
    case .failure(let failure):
      throw CommandError(
        .analysis(.integral(failure, expression: expression.text)), at: expression.span)
    }
  }

  /// The highest Gauss-Legendre rule (n points, up to 8) whose 2n-th derivative has at most
  /// `derivativeSize` nodes, with that derivative compiled; nil when even the second
  /// derivative has none.
  static func rule(for expr: Expr, brain: CalculatorBrain) -> (
    points: Int, derivative: PlotFunction
  )? {
    var best: (Int, Expr)?
    var current = expr
    for order in 1...16 {
      guard let next = try? brain.derivative(of: current),
        Differentiator.nodeCount(next, limit: derivativeSize) <= derivativeSize
      else { break }
      current = next
      if order % 2 == 0 { best = (order / 2, next) }
    }
    guard let (points, derivative) = best,
      let compiled = try? PlotFunction(
        derivative, variable: "x", variables: brain.variables, functions: brain.functions,
        sharesSubexpressions: true)
    else { return nil }
    return (points, compiled)
  }

  /// A bound rounded up to two significant digits (`2.3e-15`).
  static func bound(_ b: Double) -> String {
    guard b > 0, b.isFinite else { return CalculatorBrain.format(b) }
    let unit = pow(10, floor(log10(b)) - 1)
    var rounded = (b / unit).rounded(.up) * unit
    if rounded < b { rounded = rounded.nextUp }
    return CalculatorBrain.format(rounded)
  }
}

/// `inflections EXPR [A:B]`: the extrema of the derivative, placed on the curve.
struct FindInflections: SessionCommand {
  var expression: Word
  var range: RangeBounds?

  func run(in session: inout Session) throws(CommandError) -> Reply {
    let r = try session.analysisRange(range)
    let (f, slope, expr) = try session.analysisFunction(expression)
    let brain = session.compilingBrain
    var compiled: [PlotFunction] = []
    do {
      var d = expr
      for _ in 0..<3 {
        d = try brain.derivative(of: d)
        compiled.append(
          try PlotFunction(
            d, variable: "x", variables: brain.variables, functions: brain.functions,
            sharesSubexpressions: true))
      }
    } catch {
      throw CommandError(
        .analysis(.inflectionsNeedDerivative(second: error)), at: expression.span)
    }
    guard slope != nil else {
      throw CommandError(.analysis(.inflectionsNeedDerivative(second: nil)), at: expression.span)
    }
    let report = Extrema.find(
      f: compiled[0], derivative: compiled[1], second: compiled[2], in: r.lowerBound,
      r.upperBound, budget: session.analysisBudget)
    var lines = report.extrema.map { e in
      "x = \(CalculatorBrain.format(e.x)) y = \(CalculatorBrain.format(f.value(at: e.x)))"
        + (e.isProven ? "" : " possible")
    }
    lines += Session.rootNotes(
      report.slopeRoots, what: "inflections", zero: "the second derivative")
    if report.extrema.isEmpty && report.slopeRoots.unsettled.isEmpty {
      lines.append("note: no inflection point in \(Session.interval(r))")
    }
    if let first = report.extrema.first { session.brain.variables["ans"] = first.x }
    if report.slopeRoots.stop == .interrupted {
      throw CommandError(.analysis(.interrupted(command: "inflections")))
    }
    return .text(lines.joined(separator: "\n"))
  }
}

/// `tangent EXPR at X0`.
struct Tangent: SessionCommand {
  var expression: Word
  var point: Word

  func run(in session: inout Session) throws(CommandError) -> Reply {
    let x0 = try session.finiteNumbers([point], command: "tangent")[0]
    let brain = session.compilingBrain
    let (y0, m): (Double, Double)
    do {
      // In degrees the tree is rewritten to radians and evaluated so (`compilingBrain`):
      // the slope is then per degree, as the plot's.
      let expr = session.brain.angleUnit.rewrite(try brain.parse(expression: expression.text))
      y0 = try brain.evaluate(expr, x: x0)
      let slope = try brain.derivative(of: expr)
      do {
        m = try brain.evaluate(slope, x: x0)
      } catch  where error.kind == .domain {
        m = .nan  // no derivative there
      }
    } catch {
      var located = CommandError(error, shiftedBy: expression.offset)
      if located.location == nil { located.location = expression.span }
      throw located
    }
    guard m.isFinite, y0.isFinite else {
      throw CommandError(
        .analysis(.noDerivative(expression: expression.text, at: x0)), at: expression.span)
    }
    let b = y0 - m * x0
    session.brain.variables["ans"] = m
    let intercept = b == 0 ? "" : (b < 0 ? " - " : " + ") + CalculatorBrain.format(abs(b))
    let line = "y = \(CalculatorBrain.format(m))*x\(intercept)"
    session.addTangentLine(x0: x0, y0: y0, slope: m, expression: expression.text, title: line)
    var reply = Reply.text(line)
    reply.redrawsAtThePrompt = session.curves != nil && session.shown == .plot
    return reply
  }
}
