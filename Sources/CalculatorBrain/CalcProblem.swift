import Integers
import TextAndNumbers

extension CalcError {
  /// What went wrong in the calculator, as data: the names, words, numbers and limits a
  /// message is made from. `message` makes every message of the calculator (the lexer, the
  /// parser, the RPN reader, evaluation, exact arithmetic, derivatives and the plot compiler)
  /// in this one place, and `kind` sorts each into a `CalcError.Kind`; `CalcError` adds where
  /// in the input it is. (After swift-argument-parser's `ParserError` and its message
  /// generator, as `CommandProblem` is for the command layer.)
  ///
  /// Texts held by a case (an operand spelled `(-8)`, a found token quoted `'+'`, a `what`
  /// such as ` after '+'`) are parts of the message as the site that found the problem spells
  /// them.
  ///
  /// The enum is `indirect`, so every payload is boxed and a `CalcError` stays a few words:
  /// errors are thrown by type (`throws(CalcError)`) through the parser's and the plot
  /// compiler's recursion, whose frames hold one, and a 48-byte payload inline overflowed the
  /// stack of a debug test thread.
  public indirect enum Problem: Sendable, Hashable {
    // MARK: Reading the input

    /// A number literal that cannot be read (`1e`, `0x`).
    case unreadableNumber(String)
    /// A character that starts no token.
    case unexpectedCharacter(Character)
    /// A digit `digit` not of base `base` (`binary`, `octal`, `hexadecimal`) in `literal`.
    case notADigit(Character, base: String, literal: String)
    /// An operand was expected; `context` ends the message (` after '+'`, or empty).
    case expectedOperand(context: String)
    /// An operand was expected where a `)` is.
    case expectedOperandBeforeParenthesis
    /// `found` (quoted) where an operand was expected.
    case unexpectedWhereOperand(found: String)
    /// A word operator (`div`, `mod`, `xor`) where an operand was expected.
    case operatorAsOperand(String)
    /// An expression was expected; `context` ends the message.
    case expectedExpression(context: String)
    /// The input ended where `what` was expected.
    case expected(String)
    /// `found` (quoted) where `what` was expected.
    case unexpected(found: String, expected: String)
    /// A `)` without its `(`.
    case unmatchedParenthesis
    /// `=` inside an expression, where `==` compares.
    case assignmentInExpression
    /// Two operands side by side (`2 x`): `found` is the second, `write` the forms that
    /// would work (`'2x' or '2*x'`).
    case missingOperator(found: String, write: String)
    /// `(` expected after the function `name`; `found` is what came (quoted).
    case expectedCallParenthesis(function: String, found: String)
    /// `(` expected after `diff`.
    case expectedDiffParenthesis(found: String)

    // MARK: Definitions

    /// `name` is `what` (`the derivative`) of `base` and cannot be defined (`f' = ...`).
    case derivedNameNotDefinable(String, what: String, base: String)
    /// A built-in name assigned or defined.
    case builtInNotRedefinable(String)
    /// A variable's name used to define a function.
    case variableCannotNameFunction(String)
    /// A parameter that is not a name (`found`, quoted).
    case parameterNotAName(found: String)
    /// A built-in name as a parameter.
    case builtInAsParameter(String)
    /// A parameter named twice.
    case parameterTwice(String)
    /// Something other than `,` or `)` after a parameter.
    case expectedParameterSeparator(found: String)

    // MARK: Names and calls

    /// A name that is not defined, with the nearest known one, if any.
    case unknownName(String, suggestion: String? = nil)
    /// `ans` before any value.
    case ansHasNoValue
    /// A function's name used as a value; `call` shows how to call it.
    case functionUsedAsValue(String, call: String)
    /// A variable's name called as a function.
    case variableCalled(String)
    /// `name` called with `given` arguments; `arity` is what it takes.
    case arity(String, Builtins.Arity, given: Int)
    /// `sum`/`prod` called with `given` arguments, not 4.
    case seriesArity(String, given: Int)
    /// The second argument of `sum`/`prod` is not a name.
    case seriesCounterNotAName(String)
    /// A bound of `sum`/`prod` that cannot be computed now, because of `reason`.
    case seriesBoundNotKnown(String, reason: Problem)
    /// A bound of `sum`/`prod` that is not a whole number.
    case seriesBoundNotWhole(String, Double)
    /// `sum`/`prod` of more than `limit` terms.
    case seriesTooManyTerms(String, limit: Int)
    /// `root(k)` or `extremum(k)` before any `roots` or `extrema` (or after one that found
    /// none): `command` is the command that fills the list.
    case answerListEmpty(String, command: String)
    /// `root(k)` with k not a whole number from 1 to `count` (or not known now).
    case answerIndex(String, index: Double, count: Int)

    // MARK: Values

    /// `expression` (`0/0`, `sqrt(-1)`, `(-1)!`) has no value.
    case undefined(expression: String)
    /// `operation` (quoted) needs integers and `value` is not one.
    case needsIntegers(operation: String, value: Double)
    /// A negative shift count, as printed.
    case negativeShift(String)
    /// The derivative `call` (`abs'(0)`) does not exist.
    case noDerivative(call: String)

    // MARK: Limits

    /// An exact integer result beyond `BigInteger.maxBits`; `digits` says how large
    /// (`about 400000000 digits`), or is nil where the site does not know.
    case exactIntegerTooLarge(String, digits: String?)
    /// `n!` beyond `BigInteger.maxBits`.
    case factorialTooLarge(operand: String)
    /// The `k` of `npr`/`ncr`/`binomial` is too large.
    case countTooLarge(function: String)
    /// An RPN word that pops more operands than the operand stack holds.
    case notEnoughOperands(word: String, needs: Int, has: Int)
    /// An RPN word that is no number, name or operation.
    case unknownRPNWord(String)
    /// An RPN program that leaves its operand stack empty.
    case programLeavesNoValue
    /// An RPN program deeper than `limit` levels.
    case programTooDeep(limit: Int)
    /// Brackets nested deeper than `limit`.
    case nestedTooDeeply(limit: Int)
    /// An expression taller than `limit` levels.
    case expressionTooLong(limit: Int)
    /// A user function's calls deeper than `limit`.
    case recursionTooDeep(String, limit: Int)
    /// Ctrl-C stopped an evaluation (after `calls` calls of user functions).
    case evaluationInterrupted(calls: Int)

    // MARK: Derivatives

    /// A derivative larger than `limit` operations.
    case derivativeTooLarge(limit: Int)
    /// A primed user function (`name`) of `base`, which takes `parameters` arguments.
    case primeOfSeveralVariables(String, base: String, parameters: Int)
    /// A primed built-in (`name`) of `base`, which does not take one argument.
    case primeOfBuiltin(String, base: String, arity: Builtins.Arity)
    /// A primed name (`name`) whose function `base` is unknown.
    case primeOfUnknown(String, base: String)
    /// The derivative of `function` (`!`, `gamma`) needs the digamma function.
    case derivativeNeedsDigamma(String)
    /// A bit operation (`op`) differentiated.
    case bitOperationDerivative(String)
    /// A derivative that expands `name` recursively.
    case derivativeRecursion(String)
    /// A call of `name` with `count` arguments differentiated.
    case cannotDifferentiate(String, arguments: Int)

    // MARK: Plots

    /// An expression nested deeper than the plot compiler's `limit`.
    case nestedTooDeeplyToPlot(limit: Int)
    /// More than `limit` steps once user functions are expanded.
    case tooLargeToPlot(limit: Int)
    /// An exact-integer function (`name`) in a plot.
    case integerFunctionInPlot(String)
    /// An exact-integer operator (`op`) in a plot.
    case integerOperatorInPlot(String)
    /// A user function (`name`) that calls itself, in a plot.
    case recursionInPlot(String)
    /// User functions nested deeper than `limit` calls, in a plot.
    case inliningTooDeep(String, limit: Int)

    /// The kind of failure.
    public var kind: Kind {
      switch self {
      case .unreadableNumber, .unexpectedCharacter, .notADigit, .expectedOperand,
        .expectedOperandBeforeParenthesis, .unexpectedWhereOperand, .operatorAsOperand,
        .expectedExpression, .expected, .unexpected, .unmatchedParenthesis,
        .assignmentInExpression, .missingOperator, .expectedCallParenthesis,
        .expectedDiffParenthesis, .parameterNotAName, .parameterTwice,
        .expectedParameterSeparator, .seriesCounterNotAName, .unknownRPNWord,
        .programLeavesNoValue:
        return .syntax
      case .derivedNameNotDefinable, .builtInNotRedefinable, .variableCannotNameFunction,
        .builtInAsParameter:
        return .readOnly
      case .unknownName, .ansHasNoValue, .functionUsedAsValue, .variableCalled,
        .primeOfSeveralVariables, .primeOfBuiltin, .primeOfUnknown, .cannotDifferentiate:
        return .unknownName
      case .arity, .seriesArity:
        return .arity
      case .seriesBoundNotKnown, .seriesBoundNotWhole, .undefined, .needsIntegers,
        .negativeShift, .noDerivative, .derivativeNeedsDigamma, .answerListEmpty, .answerIndex,
        .bitOperationDerivative,
        .integerFunctionInPlot, .integerOperatorInPlot:
        return .domain
      case .notEnoughOperands:
        return .notEnoughOperands
      case .exactIntegerTooLarge, .factorialTooLarge, .countTooLarge, .programTooDeep,
        .seriesTooManyTerms, .nestedTooDeeply, .expressionTooLong, .recursionTooDeep,
        .derivativeTooLarge, .derivativeRecursion, .nestedTooDeeplyToPlot, .tooLargeToPlot,
        .recursionInPlot, .inliningTooDeep, .evaluationInterrupted:
        return .limit
      }
    }

    /// The message, one line, without the input or a caret.
    public var message: String {
      switch self {
      case .unreadableNumber(let spelled): return "cannot read the number '\(spelled)'"
      case .unexpectedCharacter(let c): return "unexpected character '\(c)'"
      case .notADigit(let digit, let base, let literal):
        return "'\(digit)' is not a \(base) digit in '\(literal)'"
      case .expectedOperand(let context): return "expected an operand\(context)"
      case .expectedOperandBeforeParenthesis: return "expected an operand before ')'"
      case .unexpectedWhereOperand(let found): return "unexpected \(found); expected an operand"
      case .operatorAsOperand(let name):
        return "'\(name)' is an operator (a \(name) b); expected an operand"
      case .expectedExpression(let context): return "expected an expression\(context)"
      case .expected(let what): return "expected \(what)"
      case .unexpected(let found, let what): return "unexpected \(found); expected \(what)"
      case .unmatchedParenthesis: return "unmatched ')'"
      case .assignmentInExpression: return "unexpected '='; compare with '=='"
      case .missingOperator(let found, let write):
        return "expected an operator before \(found); a space does not multiply: write \(write)"
      case .expectedCallParenthesis(let function, let found):
        return "expected '(' after the function '\(function)', found \(found)"
      case .expectedDiffParenthesis(let found):
        return "expected '(' after 'diff', as in diff(x^2), found \(found)"
      case .derivedNameNotDefinable(let name, let what, let base):
        return "'\(name)' is \(what) of '\(base)' and cannot be defined"
      case .builtInNotRedefinable(let name): return "'\(name)' is built in and cannot be redefined"
      case .variableCannotNameFunction(let name):
        return "'\(name)' is a variable and cannot name a function"
      case .parameterNotAName(let found): return "a parameter must be a name, not \(found)"
      case .builtInAsParameter(let name): return "'\(name)' is built in and cannot be a parameter"
      case .parameterTwice(let name): return "the parameter '\(name)' appears twice"
      case .expectedParameterSeparator(let found):
        return "expected ',' or ')' after a parameter, found \(found)"
      case .unknownName(let name, let suggestion):
        let message = "unknown name '\(name)'"
        guard let suggestion else { return message }
        return message + "; " + NameSuggestion.didYouMean(suggestion)
      case .ansHasNoValue: return "'ans' has no value yet"
      case .functionUsedAsValue(let name, let call):
        return "'\(name)' is a function; call it as \(call)"
      case .variableCalled(let name): return "'\(name)' is a variable, not a function"
      case .arity(let name, let arity, let given): return arity.message(calling: name, given: given)
      case .seriesArity(let name, let given):
        return "'\(name)' takes 4 arguments, as in \(name)(k^2, k, 1, 10), not \(given)"
      case .seriesCounterNotAName(let name):
        return
          "the second argument of '\(name)' is the name that counts, as in \(name)(k^2, k, 1, 10)"
      case .seriesBoundNotKnown(let name, let reason):
        return "the bounds of '\(name)' must be numbers known now (\(reason.message))"
      case .seriesBoundNotWhole(let name, let value):
        return "the bounds of '\(name)' must be whole numbers, got \(CalculatorBrain.format(value))"
      case .seriesTooManyTerms(let name, let limit): return "'\(name)' of more than \(limit) terms"
      case .answerListEmpty(let name, let command):
        return "'\(name)(k)' reads the list of the last '\(command)', and there is none yet"
      case .answerIndex(let name, let index, let count):
        let k = index.isFinite ? CalculatorBrain.format(index) : "not a number known now"
        return "'\(name)(k)' needs k a whole number from 1 to \(count), got \(k)"
      case .undefined(let expression): return "\(expression) is undefined"
      case .needsIntegers(let operation, let value):
        return "\(operation) needs integers, and \(CalculatorBrain.format(value)) is not one"
      case .negativeShift(let count):
        return "a shift count cannot be negative, got \(count)"
      case .noDerivative(let call): return "\(call) does not exist (no derivative there)"
      case .exactIntegerTooLarge(let what, let digits):
        guard let digits else { return "\(what) is too large for an exact integer" }
        return
          "\(what) is too large for an exact integer (\(digits); the limit is \(BigInteger.maxBits) bits, about 2.5 million digits)"
      case .factorialTooLarge(let operand):
        return "\(operand)! is too large for an exact integer (limit: \(BigInteger.maxBits) bits)"
      case .countTooLarge(let function): return "\(function): k is too large"
      case .notEnoughOperands(let word, let needs, let has):
        return "'\(word)' needs \(needs) operand\(needs == 1 ? "" : "s") but the stack has \(has)"
      case .unknownRPNWord(let word): return "'\(word)' is not a number, a name or an operation"
      case .programLeavesNoValue: return "the program leaves no value"
      case .programTooDeep(let limit): return "program too deep (more than \(limit) levels)"
      case .nestedTooDeeply(let limit): return "too deeply nested (more than \(limit) levels)"
      case .expressionTooLong(let limit): return "expression too long (more than \(limit) levels)"
      case .recursionTooDeep(let name, let limit):
        return "recursion too deep in '\(name)' (more than \(limit) calls)"
      case .evaluationInterrupted(let calls):
        return "interrupted (after \(calls) calls of your functions)"
      case .derivativeTooLarge(let limit):
        return "the derivative is too large (more than \(limit) operations)"
      case .primeOfSeveralVariables(let name, let base, let parameters):
        return "'\(name)' needs a function of one variable; '\(base)' takes \(parameters) arguments"
      case .primeOfBuiltin(let name, let base, let arity):
        return
          "'\(name)' needs a function of one variable; \(arity.message(calling: base, given: 1))"
      case .primeOfUnknown(let name, let base): return "unknown function '\(base)' (in '\(name)')"
      case .derivativeNeedsDigamma(let function):
        return "the derivative of '\(function)' is not known (it needs the digamma function)"
      case .bitOperationDerivative(let op):
        return "'\(op)' has no derivative (bit operations work on integers)"
      case .derivativeRecursion(let name):
        return
          "recursion too deep in '\(name)' (a derivative expands functions of several variables)"
      case .cannotDifferentiate(let name, let count):
        return "cannot differentiate '\(name)' of \(count) arguments"
      case .nestedTooDeeplyToPlot(let limit):
        return "expression too deeply nested to plot (more than \(limit) levels)"
      case .tooLargeToPlot(let limit):
        return
          "expression too large to plot (more than \(limit) steps once user functions are expanded)"
      case .integerFunctionInPlot(let name):
        return
          "'\(name)' is exact integer arithmetic and cannot be plotted (plots compute in doubles)"
      case .integerOperatorInPlot(let op):
        return
          "'\(op)' works on exact integers and cannot be plotted as a function of x (plots compute in doubles)"
      case .recursionInPlot(let name):
        return
          "recursion too deep in '\(name)' (it calls itself; a plot expands user functions, so it cannot recurse)"
      case .inliningTooDeep(let name, let limit):
        return "recursion too deep in '\(name)' (more than \(limit) nested calls)"
      }
    }
  }
}
