import CalculatorBrain

/// Common subexpressions of a tree, bound once (for `PlotFunction(sharesSubexpressions:)`).
///
/// The trees automatic differentiation builds repeat their pieces (the derivatives of
/// `exp(-x^2)` hold it many times). A subtree that occurs at least twice, once where it is
/// always evaluated (not only inside a branch of `?:` or the right operand of `&&`, `||`,
/// where evaluating it early could report a domain error the branch never meets), is bound
/// to a name by a call of a function made for it: `E[S]` becomes `$f1(S)` with
/// `$f1($s1) = E[$s1]`. The compiler evaluates such an argument once into a slot and the
/// body reads the slot, so the sharing needs nothing of the compiler but that a name bound
/// to a slot passes on without a copy. Names start with `$`, which no typed name can.
enum SharedSubexpressions {
  /// The most subexpressions bound (each is one level of inlining, of at most 64).
  static let maxBindings = 32

  /// `expr` with its common subexpressions bound, and the functions that bind them.
  static func rewrite(_ expr: Expr) -> (Expr, [String: UserFunction]) {
    var counts: [Expr: Int] = [:]
    var unconditional: Set<Expr> = []
    var sizes: [Expr: Int] = [:]
    count(expr, inBranch: false, &counts, &unconditional)
    var candidates = counts.filter { $0.value > 1 && unconditional.contains($0.key) }.map(\.key)
    for c in candidates { sizes[c] = Differentiator.nodeCount(c, limit: 100_000) }
    // The most work saved first, then bound smallest first (a larger one may hold a
    // smaller one's name).
    candidates.sort { (counts[$0]! - 1) * sizes[$0]! > (counts[$1]! - 1) * sizes[$1]! }
    candidates = Array(candidates.prefix(maxBindings)).sorted { sizes[$0]! < sizes[$1]! }
    guard !candidates.isEmpty else { return (expr, [:]) }
    var forms = candidates
    var body = expr
    var names: [String] = []
    for i in forms.indices {
      let name = "$s\(i + 1)"
      let target = forms[i]
      body = replace(body, target, with: .variable(name))
      for j in (i + 1)..<forms.count { forms[j] = replace(forms[j], target, with: .variable(name)) }
      names.append(name)
    }
    var functions: [String: UserFunction] = [:]
    for j in stride(from: forms.count - 1, through: 0, by: -1) {
      let function = "$f\(j + 1)"
      functions[function] = UserFunction(
        name: function, parameters: Array(names[0...j]), body: body)
      body = .call(function, names[0..<j].map { .variable($0) } + [forms[j]])
    }
    return (body, functions)
  }

  /// Counts each subtree that is not a leaf (once a copy: the subtrees of a repeated one are
  /// not counted again) and notes those met outside a branch.
  private static func count(
    _ e: Expr, inBranch: Bool, _ counts: inout [Expr: Int], _ unconditional: inout Set<Expr>
  ) {
    switch e {
    case .number, .variable: return
    default: break
    }
    counts[e, default: 0] += 1
    if !inBranch { unconditional.insert(e) }
    if counts[e]! > 1 && (inBranch || unconditional.contains(e)) { return }
    switch e {
    case .number, .integer, .variable: break
    case .unary(_, let a): count(a, inBranch: inBranch, &counts, &unconditional)
    case .binary(let op, let a, let b):
      count(a, inBranch: inBranch, &counts, &unconditional)
      count(b, inBranch: inBranch || op == .and || op == .or, &counts, &unconditional)
    case .conditional(let c, let a, let b):
      count(c, inBranch: inBranch, &counts, &unconditional)
      count(a, inBranch: true, &counts, &unconditional)
      count(b, inBranch: true, &counts, &unconditional)
    case .call(_, let args):
      for a in args { count(a, inBranch: inBranch, &counts, &unconditional) }
    }
  }

  /// `e` with every copy of `target` replaced.
  private static func replace(_ e: Expr, _ target: Expr, with name: Expr) -> Expr {
    if e == target { return name }
    switch e {
    case .number, .integer, .variable: return e
    case .unary(let op, let a): return .unary(op, replace(a, target, with: name))
    case .binary(let op, let a, let b):
      return .binary(op, replace(a, target, with: name), replace(b, target, with: name))
    case .conditional(let c, let a, let b):
      return .conditional(
        replace(c, target, with: name), replace(a, target, with: name),
        replace(b, target, with: name))
    case .call(let f, let args): return .call(f, args.map { replace($0, target, with: name) })
    }
  }
}
