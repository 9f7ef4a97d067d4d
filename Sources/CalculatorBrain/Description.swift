extension CalculatorBrain {
  /// The expression with every parenthesis explicit: each operator application is bracketed,
  /// so the grouping the parser chose is visible (`1/2x` → `(1 / (2 * x))`, `-2^2` →
  /// `(-(2 ^ 2))`). Implicit multiplication shows as `*`; calls show as `name(a, b)`.
  ///
  /// - Parameter expr: Any expression.
  /// - Returns: One line that parses back to the same tree.
  public static func describe(_ expr: Expr) -> String {
    switch expr {
    case .number(let value):
      let text = format(value)
      return text.hasPrefix("-") ? "(\(text))" : text
    case .integer(let literal):
      let text = literal.text
      return text.hasPrefix("-") ? "(\(text))" : text
    case .variable(let name):
      return name
    case .unary(let op, let operand):
      let inner = describe(operand)
      switch op {
      case .bitNot: return "(~\(inner))"
      case .negate: return "(-\(inner))"
      case .plus: return "(+\(inner))"
      case .not: return "(!\(inner))"
      case .factorial: return "(\(inner)!)"
      }
    case .binary(let op, let left, let right):
      return "(\(describe(left)) \(op.rawValue) \(describe(right)))"
    case .conditional(let test, let then, let otherwise):
      return "(\(describe(test)) ? \(describe(then)) : \(describe(otherwise)))"
    case .call(let name, let arguments):
      return "\(name)(\(arguments.map(describe).joined(separator: ", ")))"
    }
  }

  /// The expression in infix with only the parentheses its precedence needs, as Stanford
  /// CS193p's CalculatorBrain describes its operand stack: `(3 + 4) * 5`, `3 - (5 - 4)`,
  /// `sin(x) * x`.
  ///
  /// A left operand is bracketed when it binds looser than its operator (or as loose, for the
  /// right-associative `^`); a right operand when it binds as loose or looser (looser only,
  /// for `^`, whose right operand may also be a prefix operator: `2 ^ -1`). The operand of a
  /// prefix operator is bracketed unless it binds at `^` or tighter (`-2 ^ 2`, `-(2 * 3)`).
  ///
  /// - Parameter expr: Any expression.
  /// - Returns: One line that parses back to the same tree.
  public static func infixDescription(_ expr: Expr) -> String {
    infix(expr).text
  }

  /// The infix text of `expr` and the level it binds at.
  private static func infix(_ expr: Expr) -> (text: String, precedence: Precedence) {
    func bracket(_ part: (text: String, precedence: Precedence), if needed: Bool) -> String {
      needed ? "(\(part.text))" : part.text
    }
    switch expr {
    case .number(let value):
      let text = format(value)
      return (text, text.hasPrefix("-") ? .prefix : .primary)
    case .integer(let literal):
      let text = literal.text
      return (text, text.hasPrefix("-") ? .prefix : .primary)
    case .variable(let name):
      return (name, .primary)
    case .unary(let op, let operand):
      let inner = infix(operand)
      switch op {
      case .factorial:
        return (bracket(inner, if: inner.precedence < .postfix) + "!", .postfix)
      case .negate, .plus, .not, .bitNot:
        let symbol = op == .not ? "!" : op.rawValue
        return (symbol + bracket(inner, if: inner.precedence < .power), .prefix)
      }
    case .binary(let op, let left, let right):
      let p = op.precedence
      let l = infix(left)
      let r = infix(right)
      let leftNeeds = op.isRightAssociative ? l.precedence <= p : l.precedence < p
      let rightNeeds = op.isRightAssociative ? r.precedence < .prefix : r.precedence <= p
      return ("\(bracket(l, if: leftNeeds)) \(op.rawValue) \(bracket(r, if: rightNeeds))", p)
    case .conditional(let test, let then, let otherwise):
      let t = infix(test)
      return (
        "\(bracket(t, if: t.precedence <= .conditional)) ? \(infix(then).text) : \(infix(otherwise).text)",
        .conditional
      )
    case .call(let name, let arguments):
      return ("\(name)(\(arguments.map { infix($0).text }.joined(separator: ", ")))", .primary)
    }
  }
}
