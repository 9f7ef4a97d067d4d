/// The derivative rules of the built-in functions, for forward-mode automatic
/// differentiation (issue 15): a call's tangent is the partial derivatives times the
/// arguments' tangents (the chain rule, as in A. Griewank, A. Walther, *Evaluating
/// Derivatives*, 2nd ed., SIAM 2008, chapter 3).
///
/// A rule is written as expressions of the arguments, so that one rule serves every
/// evaluator: compiled to point and interval programs it gives derivative values and
/// enclosures, and printed by `describe` it is the symbolic derivative (`diff(sin(x))` is
/// `cos(x)`). Where a rule's expression is undefined (NaN: `abs` at 0, `sqrt` at 0 is an
/// infinity) the derivative does not exist; a rule never invents a value there.
extension BuiltinFunction {
  /// How automatic differentiation differentiates a call of a built-in.
  package enum DerivativeRule: Sendable {
    /// One argument: `f(u)' = rule(u) * u'`, the derivative `f'` as an expression of the
    /// argument `u`.
    case chain(@Sendable (Expr) -> Expr)
    /// Two arguments: `f(a, b)' = da * a' + db * b'`, the partial derivatives `(da, db)` as
    /// expressions of the arguments (a term whose tangent is 0 is dropped before its partial
    /// is evaluated, so `pow(x, 2)` needs no `ln(x)`).
    case partials(@Sendable (Expr, Expr) -> (Expr, Expr))
    /// Piecewise constant (`floor`, `ceil`, `round`, `trunc`, `sign`): 0 where the function
    /// is continuous (the interval rule's `isContinuous` over a neighbourhood), undefined at
    /// a step.
    case piecewiseConstant
    /// `min` and `max`: the derivative of the argument chosen; where arguments tie, defined
    /// only when their derivatives agree (the one-sided derivatives differ otherwise).
    case selection
    /// Not known: `gamma` needs the digamma function, which is not a built-in yet.
    case unknown
  }

  /// The derivative rule of the function (for `log` of one argument, see `oneArgumentForm`).
  package var derivative: DerivativeRule {
    switch self {
    case .sin: return .chain { call("cos", $0) }
    case .cos: return .chain { negate(call("sin", $0)) }
    case .tan: return .chain { n(1) + square(call("tan", $0)) }
    case .asin: return .chain { n(1) / call("sqrt", n(1) - square($0)) }
    case .acos: return .chain { negate(n(1) / call("sqrt", n(1) - square($0))) }
    case .atan: return .chain { n(1) / (n(1) + square($0)) }
    case .sinh: return .chain { call("cosh", $0) }
    case .cosh: return .chain { call("sinh", $0) }
    case .tanh: return .chain { n(1) - square(call("tanh", $0)) }
    case .asinh: return .chain { n(1) / call("sqrt", square($0) + n(1)) }
    case .acosh: return .chain { n(1) / call("sqrt", square($0) - n(1)) }
    case .atanh: return .chain { n(1) / (n(1) - square($0)) }
    case .exp: return .chain { call("exp", $0) }
    case .ln: return .chain { n(1) / $0 }
    case .log10: return .chain { n(1) / ($0 * call("ln", n(10))) }
    case .log2: return .chain { n(1) / ($0 * call("ln", n(2))) }
    case .sqrt: return .chain { n(1) / (n(2) * call("sqrt", $0)) }
    case .cbrt: return .chain { n(1) / (n(3) * square(call("cbrt", $0))) }
    // sign(u) + 0/u: the sign, and 0/0 (undefined) at the corner. (Not u/|u|, whose
    // enclosure over [0.5, 1.5] is [1/3, 3], not [1, 1]: interval arithmetic's dependency
    // problem.)
    case .abs: return .chain { call("sign", $0) + n(0) / $0 }
    case .floor, .ceil, .round, .trunc, .sign: return .piecewiseConstant
    case .gamma: return .unknown
    // atan2(y, x): d/dy = x / (x^2 + y^2), d/dx = -y / (x^2 + y^2).
    case .atan2:
      return .partials { y, x in
        (x / (square(x) + square(y)), negate(y) / (square(x) + square(y)))
      }
    case .hypot: return .partials { a, b in (a / call("hypot", a, b), b / call("hypot", a, b)) }
    // a^b: d/da = b * a^(b - 1), d/db = ln(a) * a^b.
    case .pow: return .partials { a, b in (b * power(a, b - n(1)), call("ln", a) * power(a, b)) }
    // a - b*floor(a/b): d/da = 1, d/db = -floor(a/b); jumps where a/b is an integer.
    case .mod: return .partials { a, b in (n(1), negate(call("floor", a / b))) }
    // ln(a) / ln(b): d/da = 1 / (a ln b), d/db = -ln(a) / (b ln(b)^2).
    case .log:
      return .partials { a, b in
        (n(1) / (a * call("ln", b)), negate(call("ln", a)) / (b * square(call("ln", b))))
      }
    case .min, .max: return .selection
    case .erf, .erfc, .norm, .inverf, .invnorm, .besj0, .besj1, .besy0, .besy1, .real, .imag:
      return specialDerivative
    }
  }
}

/// A call of a built-in function by name.
private func call(_ name: String, _ arguments: Expr...) -> Expr { .call(name, arguments) }

/// A number node.
private func n(_ value: Double) -> Expr { .number(value) }

/// `-e`.
private func negate(_ e: Expr) -> Expr { .unary(.negate, e) }

/// `e^2`.
private func square(_ e: Expr) -> Expr { .binary(.power, e, .number(2)) }

/// `a^b`.
private func power(_ a: Expr, _ b: Expr) -> Expr { .binary(.power, a, b) }

// Operators that build trees, for the rules above (private to this file).
private func + (a: Expr, b: Expr) -> Expr { .binary(.add, a, b) }
private func - (a: Expr, b: Expr) -> Expr { .binary(.subtract, a, b) }
private func * (a: Expr, b: Expr) -> Expr { .binary(.multiply, a, b) }
private func / (a: Expr, b: Expr) -> Expr { .binary(.divide, a, b) }
