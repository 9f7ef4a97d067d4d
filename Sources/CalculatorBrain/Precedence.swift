/// The binding levels of the infix language, loosest first.
///
/// `?:` < `||` < `&&` < `== !=` < `< <= > >=` < `|` < `xor` < `&` < `<< >>` < `+ -` <
/// `* / % div` < implicit multiplication < prefix `- + ! ~` < `^` < postfix `!` < primary.
/// The bit operators sit where Python puts them: looser than arithmetic, tighter than
/// comparisons (`x & 0xf0 == 0x10` is `(x & 0xf0) == 0x10`, unlike C). The parser climbs them (precedence climbing,
/// after Pratt, "Top down operator precedence", 1973) and `infixDescription` uses them to
/// decide which parentheses a description needs.
enum Precedence: Int, Sendable, Comparable {
  case conditional = 1
  case or
  case and
  case equality
  case comparison
  case bitOr
  case bitXor
  case bitAnd
  case shift
  case additive
  case multiplicative
  case implicit
  case prefix
  case power
  case postfix
  case primary

  static func < (a: Precedence, b: Precedence) -> Bool { a.rawValue < b.rawValue }

  /// The next tighter level (a left-associative operator's right operand starts there).
  var tighter: Precedence { Precedence(rawValue: rawValue + 1) ?? .primary }
}

extension BinaryOperator {
  /// The level this operator binds at.
  var precedence: Precedence {
    switch self {
    case .or: return .or
    case .and: return .and
    case .equal, .notEqual: return .equality
    case .less, .lessOrEqual, .greater, .greaterOrEqual: return .comparison
    case .add, .subtract: return .additive
    case .bitOr: return .bitOr
    case .bitXor: return .bitXor
    case .bitAnd: return .bitAnd
    case .shiftLeft, .shiftRight: return .shift
    case .multiply, .divide, .modulo, .integerDivide: return .multiplicative
    case .power: return .power
    }
  }

  /// Whether `a op b op c` groups as `a op (b op c)` (only `^`).
  var isRightAssociative: Bool { self == .power }
}

extension Symbol {
  /// The binary operator this symbol spells, if any.
  var binaryOperator: BinaryOperator? {
    switch self {
    case .plus: return .add
    case .minus: return .subtract
    case .star: return .multiply
    case .slash: return .divide
    case .percent: return .modulo
    case .caret: return .power
    case .equal: return .equal
    case .notEqual: return .notEqual
    case .less: return .less
    case .lessOrEqual: return .lessOrEqual
    case .greater: return .greater
    case .greaterOrEqual: return .greaterOrEqual
    case .and: return .and
    case .or: return .or
    case .ampersand: return .bitAnd
    case .bar: return .bitOr
    case .shiftLeft: return .shiftLeft
    case .shiftRight: return .shiftRight
    default: return nil
    }
  }
}

extension BinaryOperator {
  /// The operator spelled by the word `name` (`xor`, `div`), if any.
  static func word(_ name: String) -> BinaryOperator? {
    switch name {
    case "xor": return .bitXor
    case "div": return .integerDivide
    default: return nil
    }
  }
}

extension BinaryOperator {
  /// Whether the operator is a bit operation (`& | xor << >>`): exact integers only, so
  /// the plot compiler folds it between constants and refuses it on x.
  public var isBitOperation: Bool {
    switch self {
    case .bitAnd, .bitOr, .bitXor, .shiftLeft, .shiftRight: return true
    default: return false
    }
  }
}
