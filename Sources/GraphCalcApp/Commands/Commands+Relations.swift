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
    guard mode == .infix else { return nil }
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
    let functions =
      unit == .radians
      ? brain.functions
      : brain.functions.mapValues {
        UserFunction(name: $0.name, parameters: $0.parameters, body: unit.rewrite($0.body))
      }
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
      var readsX = false
      var readsY = false
      for side in sides {
        let f = try PlaneFunction(
          unit.rewrite(side), variables: brain.variables, functions: functions,
          nameLocations: parsed.nameLocations)
        readsX = readsX || f.dependsOnX
        readsY = readsY || f.dependsOnY
        enclosures.append { x, y in f.enclosure(x: x, y: y) }
      }
      let relation = PlaneRelation(
        formula: formula, functions: enclosures, dependsOnX: readsX, dependsOnY: readsY,
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
