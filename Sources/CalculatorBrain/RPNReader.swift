/// The reader of RPN programs, after Stanford CS193p's CalculatorBrain: whitespace-separated
/// operands, variables and operations acting on an operand stack.
///
/// Operands: numbers (`3`, `-2.5`, `1e-3`) and names (`x`, `pi`, `a`), each pushed as one
/// expression. Binary operations pop two (`+ - * / ^ ** % == != < <= > >= && ||`, and the
/// Unicode `× ÷ −`, and the integers' `& | xor << >> div`); `neg` negates, `~` is bitwise not, `not` is logical not, `!` is the factorial and `√` the
/// square root, each popping one; a built-in function pops its arity (the least it accepts,
/// but 2 for `min` and `max`); a user function pops its parameter count. The stack is built
/// into expression trees, not values, so the program can be described and evaluated later.
enum RPNReader {
  /// The operand stack after running `text`, bottom first, and where each name first occurs.
  ///
  /// - Parameters:
  ///   - text: The program.
  ///   - userArity: The parameter count of each user function (names not in it are variables).
  /// - Throws: `.notEnoughOperands` with the location of the operation that found the stack
  ///   too short; `.syntax` for a word that is neither operand nor operation; `.limit` when an
  ///   expression would grow taller than `Limits.height`.
  static func read(_ text: String, userArity: [String: Int] = [:]) throws(CalcError) -> (
    stack: [Expr], locations: [String: Range<Int>]
  ) {
    var stack: [(expr: Expr, height: Int)] = []
    var locations: [String: Range<Int>] = [:]
    for (word, range) in words(text) {
      let operation: (arity: Int, build: ([Expr]) -> Expr)?
      switch word {
      case "+", "-", "−", "*", "×", "·", "/", "÷", "^", "**", "%", "==", "!=", "<", "<=", ">", ">=",
        "&&", "||", "&", "|", "xor", "<<", ">>", "div":
        let op = binaryOperator(word)
        operation = (2, { .binary(op, $0[0], $0[1]) })
      case "neg": operation = (1, { .unary(.negate, $0[0]) })
      case "not": operation = (1, { .unary(.not, $0[0]) })
      case "~": operation = (1, { .unary(.bitNot, $0[0]) })
      case "!": operation = (1, { .unary(.factorial, $0[0]) })
      case "√": operation = (1, { .call("sqrt", $0) })
      default:
        if let arity = BuiltinFunction(name: word)?.arity ?? IntegerFunction(name: word)?.arity {
          let count: Int
          switch arity {
          case .exactly(let n): count = n
          case .range(let r): count = r.lowerBound
          case .atLeast: count = 2
          }
          operation = (count, { .call(word, $0) })
        } else if let count = userArity[word] {
          operation = (count, { .call(word, $0) })
        } else {
          operation = nil
        }
      }
      if let operation {
        if BuiltinFunction(name: word) != nil || IntegerFunction(name: word) != nil
          || userArity[word] != nil, locations[word] == nil
        {
          locations[word] = range
        }
        guard stack.count >= operation.arity else {
          throw CalcError(
            .notEnoughOperands(word: word, needs: operation.arity, has: stack.count), at: range)
        }
        let popped = stack.suffix(operation.arity)
        stack.removeLast(operation.arity)
        let height = (popped.map(\.height).max() ?? 0) + 1
        if height > Limits.height {
          throw CalcError(.programTooDeep(limit: Limits.height), at: range)
        }
        stack.append((operation.build(popped.map(\.expr)), height))
        continue
      }
      stack.append((try operand(word, range, &locations), 1))
    }
    return (stack.map(\.expr), locations)
  }

  /// A number or a name.
  private static func operand(
    _ word: String, _ range: Range<Int>, _ locations: inout [String: Range<Int>]
  ) throws(CalcError) -> Expr {
    var body = Substring(word)
    var negative = false
    if let first = body.first, first == "-" || first == "−", body.count > 1 {
      negative = true
      body = body.dropFirst()
    }
    let tokens = try? Lexer.tokens(String(body))
    if let tokens, tokens.count == 2 {
      switch tokens[0].kind {
      case .number(let value):
        return .number(negative ? -value : value)
      case .integer(let literal):
        if !negative { return .integer(literal) }
        if let small = literal.small { return .integer(IntegerLiteral(-small)) }
        if let negated = IntegerLiteral(digits: "-" + literal.digits, radix: literal.radix) {
          return .integer(negated)
        }
      case .name(let name) where !negative:
        if locations[name] == nil { locations[name] = range }
        return .variable(name)
      default:
        break
      }
    }
    throw CalcError(.unknownRPNWord(word), at: range)
  }

  private static func binaryOperator(_ word: String) -> BinaryOperator {
    switch word {
    case "−": return .subtract
    case "×", "·": return .multiply
    case "÷": return .divide
    case "**": return .power
    default: return BinaryOperator(rawValue: word) ?? .add
    }
  }

  /// The whitespace-separated words of `text` with their character offsets.
  private static func words(_ text: String) -> [(String, Range<Int>)] {
    var result: [(String, Range<Int>)] = []
    var current = ""
    var start = 0
    var offset = 0
    for c in text {
      if c.isWhitespace {
        if !current.isEmpty { result.append((current, start..<offset)) }
        current = ""
      } else {
        if current.isEmpty { start = offset }
        current.append(c)
      }
      offset += 1
    }
    if !current.isEmpty { result.append((current, start..<offset)) }
    return result
  }
}
