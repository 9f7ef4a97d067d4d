import CalculatorBrain
import CompiledFunctions
import GraphView
import Intervals

// Relations in x and y as `plot` items (tracker issue 14; DECISIONS.md, "The command
// line"): an item whose top is a comparison (`= < <= > >= !=`, `≤ ≥ ≠`, chained, joined
// with `&& || !` or `∧ ∨ ¬`) has x and y as free variables. `y = EXPR` (EXPR without y) is
// the function curve of EXPR, `x = EXPR` (EXPR without x) a curve along y; every other
// relation is solved pixel by pixel (`RelationSolver`).

extension Session {
  /// The budget of a relation solve: the solver's defaults, and Ctrl-C through the
  /// session's interrupt check.
  var relationBudget: RelationBudget {
    let check = data.options.interrupt
    return RelationBudget(interrupt: { check.isInterrupted() })
  }

  /// The plot item of `piece` when it is a relation in x and y; nil when its top is not a
  /// comparison or connective of comparisons (it is then read as a function of x, as before).
  ///
  /// - Parameters:
  ///   - piece: The item as typed.
  ///   - title: The legend text given (`title "..."`), if any; else the item as typed.
  /// - Returns: `.function` for `y = EXPR`, `.functionOfY` for `x = EXPR`, `.relation`
  ///   otherwise; nil for an item that is not a relation.
  /// - Throws: `CommandError` at the bad column of a relation that does not parse or
  ///   compile (an item with a single `=` is a relation, so its errors are the relation's).
  func relationItem(_ piece: Word, title: String?) throws(CommandError) -> PlotItem? {
    guard mode == .infix, Self.mayBeRelation(piece.text) else { return nil }
    let parsed: (expr: Expr, nameLocations: [String: Range<Int>])
    do throws(CalcError) {
      parsed = try brain.parseRelation(expression: piece.text)
    } catch {
      // Not a relation, unless the only reading is one (a single `=`).
      if (try? brain.parseLocated(expression: piece.text)) != nil
        || !Self.hasSingleEquals(piece.text)
      {
        return nil
      }
      var located = CommandError(error, shiftedBy: piece.offset)
      if located.location == nil { located.location = piece.span }
      throw located
    }
    var sides: [Expr] = []
    guard let formula = Self.relationFormula(parsed.expr, negated: false, sides: &sides) else {
      return nil
    }
    let unit = brain.angleUnit
    let functions = compilingBrain.functions
    let shown = title ?? piece.text
    do throws(CalcError) {
      // y = EXPR and x = EXPR: curves, like functions (DECISIONS.md).
      if case .binary(.equal, let left, let right) = parsed.expr {
        for (name, other) in [(left, right), (right, left)] {
          guard case .variable(let v) = name, v == "x" || v == "y", functions[v] == nil else {
            continue
          }
          let rest = try PlaneFunction(
            unit.rewrite(other), variables: brain.variables, functions: functions,
            nameLocations: parsed.nameLocations)
          if v == "y" && !rest.dependsOnY {
            let f = try PlotFunction(
              unit.rewrite(other), variable: "x", variables: brain.variables,
              functions: functions, nameLocations: parsed.nameLocations)
            return .function(f, title: shown)
          }
          if v == "x" && !rest.dependsOnX {
            let f = try PlotFunction(
              unit.rewrite(other), variable: "y", variables: brain.variables,
              functions: functions, nameLocations: parsed.nameLocations)
            return .functionOfY(f, title: shown)
          }
        }
      }
      var enclosures: [@Sendable (Interval, Interval) -> Interval] = []
      var pieces: [(@Sendable (Interval, Interval) -> IntervalUnion)?] = []
      var readsX = false
      var readsY = false
      for side in sides {
        let f = try PlaneFunction(
          unit.rewrite(side), variables: brain.variables, functions: functions,
          nameLocations: parsed.nameLocations)
        readsX = readsX || f.dependsOnX
        readsY = readsY || f.dependsOnY
        let mean = MeanValueEnclosure(
          f, unit.rewrite(side), variables: brain.variables, functions: functions)
        enclosures.append { x, y in mean?.enclosure(x: x, y: y) ?? f.enclosure(x: x, y: y) }
        if f.canSplit {
          pieces.append { x, y in f.pieces(x: x, y: y) }
        } else {
          pieces.append(nil)
        }
      }
      var strengthened = formula
      strengthenConjunctions(&strengthened, sides: &sides, enclosures: &enclosures, functions)
      let relation = PlaneRelation(
        formula: strengthened, functions: enclosures, pieces: pieces, dependsOnX: readsX,
        dependsOnY: readsY,
        budget: relationBudget)
      return .relation(relation, title: shown)
    } catch {
      var located = CommandError(error, shiftedBy: piece.offset)
      if located.location == nil { located.location = piece.span }
      throw located
    }
  }

  /// After a plot with relations was drawn: when Ctrl-C stopped a solve, the session goes
  /// back to `before` (as it was before the command) and the command fails.
  ///
  /// - Throws: `CommandError` (`plot: interrupted`).
  mutating func stopIfInterrupted(_ items: [PlotItem], restoring before: Session)
    throws(CommandError)
  {
    guard items.contains(where: { if case .relation = $0 { true } else { false } }),
      data.options.interrupt.isInterrupted()
    else { return }
    self = before
    throw CommandError(.analysis(.interrupted(command: "plot")))
  }

  /// Adds to each conjunction of two or more equations `f = 0`, `g = 0` a third that every
  /// common solution satisfies, `f - λg = 0`, with λ chosen for each box so the two
  /// gradients cancel at its centre, enclosed by the mean value form
  /// (`combinationEnclosure`): where the two curves run nearly parallel
  /// (`y = x && y = x + 1e-5`) it proves at once that a box holds no common solution, which
  /// interval arithmetic on f and g alone proves only on boxes smaller than their distance.
  /// Pairs without derivatives are left as they are; at most three pairs a conjunction.
  func strengthenConjunctions(
    _ formula: inout RelationFormula, sides: inout [Expr],
    enclosures: inout [@Sendable (Interval, Interval) -> Interval],
    _ functions: [String: UserFunction]
  ) {
    switch formula {
    case .atom: return
    case .any(var parts):
      for i in parts.indices {
        strengthenConjunctions(&parts[i], sides: &sides, enclosures: &enclosures, functions)
      }
      formula = .any(parts)
    case .all(var parts):
      for i in parts.indices {
        strengthenConjunctions(&parts[i], sides: &sides, enclosures: &enclosures, functions)
      }
      let equations = parts.compactMap { part -> Int? in
        if case .atom(let k, .equal) = part { return k } else { return nil }
      }
      for (a, b) in zip(equations, equations.dropFirst()).prefix(3) {
        let unit = brain.angleUnit
        guard
          let enclosure = combinationEnclosure(
            unit.rewrite(sides[a]), unit.rewrite(sides[b]), functions: functions)
        else { continue }
        sides.append(.binary(.subtract, sides[a], sides[b]))  // (its shape; not compiled)
        enclosures.append(enclosure)
        parts.append(.atom(sides.count - 1, .equal))
      }
      formula = .all(parts)
    }
  }

  /// An enclosure over a box of `f - λg` for the λ that makes the gradients of f and g at
  /// the box's centre c cancel best (λ = ∇f(c)·∇g(c) / |∇g(c)|², from the midpoints of
  /// their enclosures; any constant λ is valid, as f = g = 0 gives f - λg = 0): the mean
  /// value form `h(c) + h_x(B)(X - c_x) + h_y(B)(Y - c_y)`, h = f - λg, intersected with
  /// plain interval arithmetic, where the derivatives' enclosures are defined everywhere and
  /// continuous (h is then continuously differentiable on the box and the form holds; the
  /// derivatives are the calculator's symbolic ones, `Differentiator`). Nil when the
  /// derivatives cannot be made or compiled.
  func combinationEnclosure(_ f: Expr, _ g: Expr, functions: [String: UserFunction]) -> (
    @Sendable (Interval, Interval) -> Interval
  )? {
    func compiled(_ e: Expr) -> PlaneFunction? {
      try? PlaneFunction(e, variables: brain.variables, functions: functions)
    }
    guard let fx = try? brain.derivative(of: f, by: "x"),
      let fy = try? brain.derivative(of: f, by: "y"),
      let gx = try? brain.derivative(of: g, by: "x"),
      let gy = try? brain.derivative(of: g, by: "y"),
      let pf = compiled(f), let pg = compiled(g), let pfx = compiled(fx), let pfy = compiled(fy),
      let pgx = compiled(gx), let pgy = compiled(gy)
    else { return nil }
    return { x, y in
      let nf = pf.enclosure(x: x, y: y)
      let ng = pg.enclosure(x: x, y: y)
      let plain = nf - ng
      guard !nf.isEmpty, !ng.isEmpty, nf.isDefinedEverywhere, nf.isContinuous,
        ng.isDefinedEverywhere, ng.isContinuous
      else { return .unknown }
      let d = [pfx, pfy, pgx, pgy].map { $0.enclosure(x: x, y: y) }
      guard d.allSatisfy({ !$0.isEmpty && $0.isDefinedEverywhere && $0.isContinuous }) else {
        return .unknown
      }
      func mid(_ i: Interval) -> Double { i.lo + (i.hi - i.lo) / 2 }
      let (ax, ay, bx, by) = (mid(d[0]), mid(d[1]), mid(d[2]), mid(d[3]))
      let norm = bx * bx + by * by
      let lambda = norm > 0 && norm.isFinite ? (ax * bx + ay * by) / norm : 1
      guard lambda.isFinite else { return .unknown }
      let l = Interval(lambda)
      let cx = x.lo + (x.hi - x.lo) / 2
      let cy = y.lo + (y.hi - y.lo) / 2
      let px = Interval(cx)
      let py = Interval(cy)
      let centre = pf.enclosure(x: px, y: py) - l * pg.enclosure(x: px, y: py)
      let form = centre + (d[0] - l * d[2]) * (x - px) + (d[1] - l * d[3]) * (y - py)
      let natural = nf - l * ng
      let lo = Swift.max(natural.lo, form.lo)
      let hi = Swift.min(natural.hi, form.hi)
      guard lo <= hi else { return plain.isEmpty ? .unknown : natural }
      return Interval(lo, hi, isDefinedEverywhere: true, isContinuous: true)
    }
  }

  /// The most pixels `export table` writes for a relation (a line each: 2048 x 2048 is
  /// about 110 MB of text).
  static let maxRelationTablePixels = 2048 * 2048

  /// Refuses `export table` of a plot with a relation at more than
  /// `maxRelationTablePixels` pixels, before anything is solved or written.
  ///
  /// - Throws: `CommandError` (not supported) at the sizes.
  static func checkRelationTable(
    _ curves: FunctionCurves, width: Int, height: Int, at sizes: Range<Int>?
  ) throws(CommandError) {
    let hasRelation = curves.items.contains { if case .relation = $0 { true } else { false } }
    guard hasRelation, width * height > maxRelationTablePixels else { return }
    throw CommandError(
      .notSupported(
        what: "export table of a relation at \(width)x\(height) pixels",
        hint: "it writes a line a pixel; give at most \(maxRelationTablePixels) pixels, "
          + "as 2048 2048"), at: sizes)
  }

  /// Whether `text` has an `=` that is not part of `==`, `!=`, `<=` or `>=`.
  static func hasSingleEquals(_ text: String) -> Bool {
    let chars = Array(text)
    for i in chars.indices where chars[i] == "=" {
      let before = i > 0 ? chars[i - 1] : " "
      let after = i + 1 < chars.count ? chars[i + 1] : " "
      if after != "=" && !"=!<>".contains(before) { return true }
    }
    return false
  }

  /// Whether `text` may be a relation: every relation has a comparison (`relationFormula`),
  /// spelled with `=`, `<` or `>` (`==`, `!=`, `<=`, `>=` too) or `≤ ≥ ≠`, and an item
  /// without one is a function, not parsed a second time as a relation (about 100 k
  /// instructions an item: Docs/performance.md, "The terminal one-shot"). Text with any
  /// non-ASCII character is left to the parser.
  static func mayBeRelation(_ text: String) -> Bool {
    text.utf8.contains { $0 == 0x3D || $0 == 0x3C || $0 == 0x3E || $0 >= 0x80 }
  }

  /// `expr` as a relation formula in negation normal form, with each comparison `a op b`
  /// an atom `(a - b) op 0` whose function is appended to `sides`; nil when `expr` is not
  /// built of comparisons and connectives.
  ///
  /// - Parameters:
  ///   - expr: The parsed item.
  ///   - negated: Whether an odd number of `!` stands above `expr`.
  ///   - sides: The atoms' functions so far.
  static func relationFormula(_ expr: Expr, negated: Bool, sides: inout [Expr])
    -> RelationFormula?
  {
    switch expr {
    case .unary(.not, let inner):
      return relationFormula(inner, negated: !negated, sides: &sides)
    case .binary(let op, let a, let b) where op == .and || op == .or:
      guard let fa = relationFormula(a, negated: negated, sides: &sides),
        let fb = relationFormula(b, negated: negated, sides: &sides)
      else { return nil }
      let isAll = (op == .and) != negated
      var parts: [RelationFormula] = []
      for f in [fa, fb] {
        switch (f, isAll) {
        case (.all(let inner), true), (.any(let inner), false): parts += inner
        default: parts.append(f)
        }
      }
      return isAll ? .all(parts) : .any(parts)
    case .binary(let op, let a, let b):
      let comparison: RelationComparison
      switch op {
      case .equal: comparison = .equal
      case .notEqual: comparison = .notEqual
      case .less: comparison = .less
      case .lessOrEqual: comparison = .lessOrEqual
      case .greater: comparison = .greater
      case .greaterOrEqual: comparison = .greaterOrEqual
      default: return nil
      }
      let isZero: Bool
      switch b {
      case .number(let v): isZero = v == 0
      case .integer(let literal): isZero = literal.double == 0
      default: isZero = false
      }
      sides.append(isZero ? a : .binary(.subtract, a, b))
      return .atom(sides.count - 1, negated ? comparison.negated : comparison)
    default:
      return nil
    }
  }

  /// The hint after `y = EXPR` at the prompt when EXPR uses x: `hint: plot y = EXPR`
  /// draws it (an assignment at the prompt, a curve in a plot); nil for other lines.
  static func plotHint(for line: String) -> String? {
    if let hint = curveHint(for: line) { return hint }
    guard case .assignment(let name, let expr)? = try? CalculatorBrain.parse(line), name == "y",
      expr.mentions("x")
    else { return nil }
    let text = line.drop { $0 != "=" }.dropFirst().drop { $0 == " " }
    return "hint: plot y = \(text) draws it (at the prompt y = ... assigns)"
  }
}

extension Expr {
  /// Whether the tree reads the variable `name` (not counting user functions' bodies).
  func mentions(_ name: String) -> Bool {
    switch self {
    case .number, .integer: return false
    case .variable(let v): return v == name
    case .unary(_, let a): return a.mentions(name)
    case .binary(_, let a, let b): return a.mentions(name) || b.mentions(name)
    case .conditional(let a, let b, let c):
      return a.mentions(name) || b.mentions(name) || c.mentions(name)
    case .call(_, let arguments): return arguments.contains { $0.mentions(name) }
    }
  }
}
