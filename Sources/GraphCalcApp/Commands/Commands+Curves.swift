import CalculatorBrain
import CompiledFunctions
import GraphView
import Intervals
import TextAndNumbers

// Parametric and polar curves as `plot` items (tracker issue 14; DECISIONS.md, "The
// command line"): t is free only in a pair `(X, Y)`, r and θ (or theta) only in an item
// `r = EXPR`. Both are sampled along the parameter by `ParametricSampler`; the parameter's
// range is [0, 2π] unless given in front of the items as `[t=A:B]` or `[theta=A:B]`.

extension Session {
  /// The parameter's range when none is given: [0, 2π], or [0, 360] in `mode deg` (a
  /// turn in the angle unit, so `r = 1 + cos(θ)` is whole in either).
  var defaultParameterRange: ClosedRange<Double> {
    brain.angleUnit == .degrees ? 0...360 : 0...(2 * Double.pi)
  }

  /// The budget of a parametric sampling: the sampler's defaults, and Ctrl-C through the
  /// session's interrupt check.
  var parametricBudget: ParametricBudget {
    let check = data.options.interrupt
    return ParametricBudget(interrupt: { check.isInterrupted() })
  }

  /// The plot item of `piece` when it is a parametric pair `(X, Y)` in t or a polar item
  /// `r = EXPR` in θ; nil for any other item.
  ///
  /// - Parameters:
  ///   - piece: The item as typed.
  ///   - title: The legend text given (`title "..."`), if any; else the item as typed.
  ///   - parameterRange: The range of t or θ.
  /// - Returns: `.parametric`, or nil.
  /// - Throws: `CommandError` at the bad column of a pair or polar item that does not parse
  ///   or compile.
  func curveItem(_ piece: Word, title: String?, parameterRange: ClosedRange<Double>)
    throws(CommandError) -> PlotItem?
  {
    guard mode == .infix else { return nil }
    let shown = title ?? piece.text
    let unit = brain.angleUnit
    func compiled(_ part: Word, _ wrap: (Expr) -> Expr, variable: String, rename: String?)
      throws(CommandError) -> PlotFunction
    {
      try curvePart(part, wrap, variable: variable, rename: rename)
    }
    if let (left, right) = Self.pairParts(piece) {
      let fx = try compiled(left, { $0 }, variable: "t", rename: nil)
      let fy = try compiled(right, { $0 }, variable: "t", rename: nil)
      return .parametric(parametric(fx, fy, parameterRange, parameter: "t"), title: shown)
    }
    if let body = Self.polarBody(piece) {
      // x = r(θ) cos θ, y = r(θ) sin θ, θ in the angle unit.
      let theta = Expr.variable("θ")
      let cosine = unit.rewrite(.call("cos", [theta]))
      let sine = unit.rewrite(.call("sin", [theta]))
      let fx = try compiled(
        body, { .binary(.multiply, $0, cosine) }, variable: "θ", rename: "theta")
      let fy = try compiled(
        body, { .binary(.multiply, $0, sine) }, variable: "θ", rename: "theta")
      return .parametric(parametric(fx, fy, parameterRange, parameter: "θ"), title: shown)
    }
    return nil
  }

  /// One coordinate of a parametric or polar curve: `part` parsed, `rename` read as
  /// `variable`, wrapped by `wrap` (a polar item's `* cos θ`), in the angle unit, compiled.
  ///
  /// - Throws: `CommandError` at the bad column of `part`.
  func curvePart(_ part: Word, _ wrap: (Expr) -> Expr, variable: String, rename: String?)
    throws(CommandError) -> PlotFunction
  {
    let unit = brain.angleUnit
    do throws(CalcError) {
      var (expr, locations) = try brain.parseLocated(expression: part.text)
      if let rename {
        expr = expr.renaming(rename, to: variable)
        if let at = locations[rename] { locations[variable] = at }
      }
      return try PlotFunction(
        wrap(unit.rewrite(expr)), variable: variable, variables: brain.variables,
        functions: compilingBrain.functions, nameLocations: locations)
    } catch {
      var located = CommandError(error, shiftedBy: part.offset)
      if located.location == nil { located.location = part.span }
      throw located
    }
  }

  /// The curve of `fx` and `fy` over `range`, with the session's budget; its `source` is
  /// the two functions and the parameter's name (`ParametricParts`, for `explore`'s trace).
  func parametric(
    _ fx: PlotFunction, _ fy: PlotFunction, _ range: ClosedRange<Double>, parameter: String
  ) -> ParametricCurve {
    var curve = ParametricCurve(
      parameterRange: range, x: { fx.value(at: $0) }, y: { fy.value(at: $0) },
      xOver: { fx.enclosure(over: $0) }, yOver: { fy.enclosure(over: $0) },
      budget: parametricBudget)
    curve.source = ParametricParts(x: fx, y: fy, parameter: parameter)
    return curve
  }

  /// The two halves of a pair `(X, Y)`: the item is a parenthesis closed at its end with
  /// one comma at its top level; nil otherwise.
  static func pairParts(_ piece: Word) -> (Word, Word)? {
    let word = piece.trimmed()
    let chars = Array(word.text)
    guard chars.first == "(", chars.last == ")", chars.count >= 2 else { return nil }
    var depth = 0
    var comma: Int?
    for (i, c) in chars.enumerated() {
      if c == "(" || c == "[" || c == "{" { depth += 1 }
      if c == ")" || c == "]" || c == "}" {
        depth -= 1
        // The first parenthesis closes before the end: not one pair.
        if depth == 0 && i != chars.count - 1 { return nil }
      }
      if c == ",", depth == 1 {
        guard comma == nil else { return nil }
        comma = i
      }
    }
    guard let comma else { return nil }
    let left = Word(String(characters: chars[1..<comma]), at: word.offset + 1)
    let right = Word(
      String(characters: chars[(comma + 1)..<(chars.count - 1)]), at: word.offset + comma + 1)
    return (left, right)
  }

  /// The right side of a polar item `r = EXPR` (a single `=`), or nil.
  static func polarBody(_ piece: Word) -> Word? {
    let word = piece.trimmed()
    let chars = Array(word.text)
    guard chars.first == "r" else { return nil }
    var i = 1
    while i < chars.count, chars[i] == " " { i += 1 }
    guard i < chars.count, chars[i] == "=", i + 1 < chars.count, chars[i + 1] != "=" else {
      return nil
    }
    return Word(String(characters: chars[(i + 1)...]), at: word.offset + i + 1)
  }

  /// The parameter a range in front of a plot's items names (`[t=0:6pi]`,
  /// `[theta=0:6pi]`, `[θ=0:2pi]`), and the range with the name cut off its lower bound;
  /// nil for a range of x or y.
  static func parameterBounds(_ bounds: RangeBounds) -> RangeBounds? {
    guard let lower = bounds.lower?.trimmed() else { return nil }
    for name in ["theta", "θ", "t"] where lower.text.hasPrefix(name) {
      let rest = Word(String(lower.text.dropFirst(name.count)), at: lower.offset + name.count)
        .trimmed()
      guard rest.text.hasPrefix("="), !rest.text.hasPrefix("==") else { continue }
      let value = Word(String(rest.text.dropFirst()), at: rest.offset + 1).trimmed()
      var cut = bounds
      cut.lower = value.text.isEmpty ? nil : value
      return cut
    }
    return nil
  }

  /// A range in front of a plot's items that names a variable other than t and θ
  /// (`[u=0:1]`, gnuplot's way of naming the dummy variable for one plot): the name and the
  /// range with the name cut off its lower bound; nil for any other range (`[a==b:2]` too).
  static func namedBounds(_ bounds: RangeBounds) -> (name: String, bounds: RangeBounds)? {
    guard let lower = bounds.lower?.trimmed() else { return nil }
    let text = Array(lower.text)
    guard let first = text.first, first.isLetter || first == "_" else { return nil }
    var k = 1
    while k < text.count, text[k].isLetter || text[k].isNumber || text[k] == "_" { k += 1 }
    let name = String(text[..<k])
    var j = k
    while j < text.count, text[j] == " " { j += 1 }
    guard j < text.count, text[j] == "=", j + 1 >= text.count || text[j + 1] != "=" else {
      return nil
    }
    let value = Word(String(text[(j + 1)...]), at: lower.offset + j + 1).trimmed()
    var cut = bounds
    cut.lower = value.text.isEmpty ? nil : value
    return (name, cut)
  }

  /// The hint after a pair `(X, Y)` that reads t, or `r = EXPR` that reads θ or theta, at
  /// the prompt: `hint: plot (X, Y) draws it`; nil for other lines.
  static func curveHint(for line: String) -> String? {
    let word = Word(line)
    if let (x, y) = pairParts(word),
      let ex = try? CalculatorBrain.parseExpression(x.text),
      let ey = try? CalculatorBrain.parseExpression(y.text), ex.mentions("t") || ey.mentions("t")
    {
      return "hint: plot \(word.trimmed().text) draws it (a parametric curve in t)"
    }
    if let body = polarBody(word), let e = try? CalculatorBrain.parseExpression(body.text),
      e.mentions("θ") || e.mentions("theta")
    {
      return "hint: plot \(word.trimmed().text) draws it (a polar curve in θ; at the prompt "
        + "r = ... assigns)"
    }
    return nil
  }

  /// The name a parameter range gives its parameter, for messages: `θ` for `[theta=...]`
  /// and `[θ=...]`, else `t`.
  static func parameterName(_ bounds: RangeBounds) -> String {
    let inside = bounds.whole.text.dropFirst().drop { $0 == " " }
    return inside.hasPrefix("theta") || inside.hasPrefix("θ") ? "θ" : "t"
  }

  /// After a plot with parametric curves was drawn: when Ctrl-C stopped a sampling, the
  /// session goes back to `before` (as it was before the command) and the command fails.
  ///
  /// - Throws: `CommandError` (`plot: interrupted`).
  mutating func stopIfCurvesInterrupted(_ items: [PlotItem], restoring before: Session)
    throws(CommandError)
  {
    guard items.contains(where: { if case .parametric = $0 { true } else { false } }),
      data.options.interrupt.isInterrupted()
    else { return }
    self = before
    throw CommandError(.analysis(.interrupted(command: "plot")))
  }
}

extension Expr {
  /// The tree with every variable `name` read as `other`.
  func renaming(_ name: String, to other: String) -> Expr {
    switch self {
    case .number, .integer: return self
    case .variable(let v): return v == name ? .variable(other) : self
    case .unary(let op, let a): return .unary(op, a.renaming(name, to: other))
    case .binary(let op, let a, let b):
      return .binary(op, a.renaming(name, to: other), b.renaming(name, to: other))
    case .conditional(let a, let b, let c):
      return .conditional(
        a.renaming(name, to: other), b.renaming(name, to: other), c.renaming(name, to: other))
    case .call(let f, let arguments):
      return .call(f, arguments.map { $0.renaming(name, to: other) })
    }
  }
}
