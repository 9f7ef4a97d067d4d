import Analysis
import CalculatorBrain
import TextAndNumbers

/// What is wrong with a command line or a command-line option, as data: the words, names,
/// values and suggestions a message is made from. `message` makes every message of the
/// command layer, in this one place (after swift-argument-parser's `ParserError` and its
/// message generator); `CommandError` adds where in the line it is.
public enum CommandProblem: Sendable, Hashable {
  // MARK: The line's grammar

  /// A string opened with quote `quote` and not closed.
  case unclosedQuote(String)
  /// `explore`, `stream` or `quit` followed by `;` and more commands on its line.
  case mustEndTheLine(String)
  /// A `[` without its `]`.
  case unclosedBracket
  /// The line's first word is no command, calculator name or expression; `suggestion` is
  /// the nearest command.
  case unknownCommand(String, suggestion: String)
  /// A name of kind `kind` that is not known, with the nearest known one, if any.
  case unknownName(NameKind, String, suggestion: String?)
  /// The forms of a command (its usage), after a wrong number or kind of arguments;
  /// `separatedArguments` when several words were given where one was expected.
  case usage(String, separatedArguments: Bool = false)
  /// A command that takes no arguments was given some.
  case takesNoArguments(command: String)
  /// `word` needs `what` after it (`what` may end in an example: `, as in: ...`).
  case needs(word: String, what: String)
  /// A keyword given twice.
  case givenTwice(String)
  /// A word after a data file that is none of `keywords`.
  case unexpectedAfterFile(String, suggestion: String?, keywords: [String])
  /// A `using` spec with a number of columns style `style` does not take: `forms` says
  /// what it takes (`3 or 4 columns (x:y:ydelta or x:y:ylow:yhigh)`).
  case styleColumns(style: String, forms: String, spec: String, count: Int)
  /// Something else was expected here (`a "FILE"`, `a function of x or a "FILE"`).
  case expected(String)
  /// A title not in quotes; `example` is the right form.
  case titleNotQuoted(example: String)
  /// A data file named by an empty string.
  case emptyFileName
  /// `plot ""` (gnuplot's previous file) with no file plotted before it.
  case noPreviousFile
  /// A tick label format (`set format`, `format` of `set xtics`) gnuplot's labels cannot
  /// take; the text says why.
  case badTickFormat(String)
  /// `plot "-"` given more inline data than `Session.inlineDataLimit` bytes.
  case inlineDataTooLarge(limit: Int)
  /// `plot` with no item and nothing plotted before.
  case plotWhat
  /// `plot` with more than two leading ranges.
  case tooManyRanges
  /// A plot of more curves than `limit` (`given` of them).
  case tooManyCurves(given: Int, limit: Int)
  /// `stats` with a style or title.
  case statsTakesOnlyFileAndUsing
  /// A `smooth` spline that the data cannot make; the text says why (`SplineProblem`).
  case cannotSmooth(String)
  /// `load` or `call` of a file that cannot be read; `reason` is the system's.
  case cannotReadScript(path: String, reason: String)
  /// `load` or `call` nested deeper than `limit` files (a file that loads itself).
  case scriptsNestedTooDeep(limit: Int)
  /// `set datafile` of something other than the separator or missing; `usage` its forms.
  case datafileKnowsOnlySeparator(usage: String)
  /// A separator that is none of the forms `set datafile separator` takes.
  case badSeparator
  /// Something gnuplot has that graphcalc does not (`set terminal`, `set key center`):
  /// `what` names it as typed, `hint` says what to do instead (may be empty).
  case notSupported(what: String, hint: String)
  /// A setting's name typed too short to tell which setting it is (`set x`): it starts each
  /// of `candidates`, and is none of gnuplot's abbreviations.
  case ambiguousSetting(String, candidates: [String])

  // MARK: Blocks (Session+Blocks.swift, Session+ControlFlow.swift)

  /// A brace block whose `open` `{` were never closed: the input ended `linesRead` lines
  /// after the line that opened it.
  case blockNotClosed(open: Int, linesRead: Int)
  /// A data block `name` whose end line `terminator` never came, `linesRead` lines after.
  case dataBlockNotEnded(name: String, terminator: String, linesRead: Int)
  /// A `}` that closes no `{`.
  case unmatchedBrace
  /// A `(` without its `)` (a condition of `if` or `while`).
  case unclosedParenthesis
  /// `break` or `continue` (`word`) outside a loop.
  case outsideLoop(String)
  /// `else` that follows no `if (...) {...}` on its line.
  case elseWithoutIf
  /// A data block name that no `$NAME << EOD` defined; `known` the ones defined.
  case unknownDataBlock(String, known: [String])
  /// A loop stopped by Ctrl-C.
  case blockInterrupted
  /// An iteration's step that is 0 or not a whole number.
  case iterationStep(Double)
  /// `@NAME` where NAME is no string variable.
  case unknownMacro(String)

  // MARK: Values

  /// A number of `command` is not finite.
  case notFinite(command: String, value: Double)
  /// A size in pixels that is no number (`word`, maybe a file name with spaces).
  case pixelSizeNotANumber(word: String)
  /// A size in pixels out of 16...10000 or not whole.
  case pixelSizeOutOfRange(Double)
  /// A zoom factor that is not positive.
  case zoomFactor(Double)
  /// A range of `axis` that cannot be shown, and why.
  case range(axis: String, lower: Double, upper: Double, RangeProblem)
  /// A pan of `axis` whose range would leave the doubles: past the largest finite number
  /// (`up`) or below the most negative one.
  case panPastTheDoubles(axis: String, up: Bool)
  /// An automatic range of `axis` given with one bound and nothing to take the other from.
  case rangeNeedsBothBounds(axis: String)

  // MARK: The session's state

  /// Nothing is plotted to `action` (`explore`, `export`).
  case nothingPlotted(action: String)
  /// `undo` with no earlier view.
  case nothingToUndo
  /// A command that steers plots while a bar chart is shown.
  case barChartShown(command: String)
  /// The terminal is smaller than a plot needs.
  case terminalTooSmall(columns: Int, rows: Int, minimumColumns: Int, minimumRows: Int)
  /// A picture canvas set inside tmux whose `allow-passthrough` is off: tmux would show
  /// the picture's sequences as nothing (or as text), so the canvas is not set.
  case picturesNeedPassthrough(canvas: String)

  // MARK: Files

  /// A file could not be written: its path and why (the system's words).
  case cannotWrite(path: String, reason: String)
  /// A data file with no column of numbers.
  case noColumnOfNumbers(path: String)
  /// A live stream failed while it ran (its source could not be read or started), in the
  /// words of the executable's stream loop.
  case streamFailed(String)

  // MARK: Bar charts

  /// A problem of a bar chart's command.
  case bar(BarProblem)

  // MARK: Analysis

  /// A problem of an analysis command (`roots`, `integrate`, ...).
  case analysis(AnalysisProblem)
  /// A problem of `fit` (Commands+Fit.swift).
  case fit(FitProblem)

  // MARK: Command-line options

  /// A problem of graphcalc's command-line options.
  case option(OptionProblem)

  /// The kinds of names `unknownName` is about, each with its message form.
  public enum NameKind: Sendable, Hashable {
    /// A setting of `set`, `unset`, `show`; `known` are the settings, listed when there is
    /// no suggestion.
    case setting(known: [String])
    /// A terminal canvas (`set canvas`).
    case canvas
    /// A bar style (`set bar style`).
    case barStyle
    /// A plot style (`with`).
    case plotStyle
    /// A help topic.
    case helpTopic
    /// A picture theme (`set theme`); `known` are the themes.
    case theme(known: [String])
    /// A number base (`set base`).
    case base
    /// An option of `smooth` (`smooth frequency`).
    case smoothing
    /// A terminal of `set terminal`; `known` are graphcalc's.
    case terminal(known: [String])
    /// An option of `set terminal NAME ...`.
    case terminalOption(terminal: String)
  }

  /// Why a range cannot be shown.
  public enum RangeProblem: Sendable, Hashable {
    /// A bound is not finite.
    case notFinite
    /// The bounds are equal.
    case empty
    /// The lower bound is above the upper one.
    case reversed
    /// The width is below what doubles can subdivide into pixels.
    case tooNarrow
  }

  /// The problems of bar chart commands.
  public enum BarProblem: Sendable, Hashable {
    /// `pan` up or down while a bar chart is shown.
    case scrollsSideways
    /// `pan` by a number of bars that is not whole.
    case panNotWhole(Double)
    /// `pan` with the wrong arguments while a bar chart is shown.
    case panUsage
    /// `export table` of a bar chart given a size.
    case tableTakesNoSize
    /// `bar` with no arguments.
    case usage
    /// A bar's value that is a text.
    case valueNotANumber
    /// A bar's value that is not finite.
    case valueNotFinite(Double)
    /// `bar` with labels and no values.
    case noValues
    /// More labels than values.
    case labelCount(values: Int, labels: Int)
    /// `by` without `using LABEL:VALUE`.
    case byWithoutUsing
    /// `by` with `using` naming other than two columns.
    case byNeedsTwoColumns
    /// `using` naming more series than a chart holds.
    case tooManySeries(named: Int)
    /// `by` over a column of more different values than a chart holds series.
    case tooManyGroups(column: String, count: Int)
    /// More bars (groups times series) than a chart holds (`BarLimits.maximumBars`).
    case tooManyBars(count: Int)
    /// A column of dates as the bars' heights.
    case datesAsHeights(column: String)
  }

  /// The problems of the analysis commands.
  public enum AnalysisProblem: Sendable, Hashable {
    /// `intersect` without two curves.
    case intersectNeedsTwoCurves
    /// `integrate` with one bound.
    case integrateNeedsBounds
    /// `tangent` without `at X0`.
    case tangentUsage
    /// `table` with an empty item, or `step` not followed by one value at the end.
    case tableUsage
    /// `table ... step H` with H not above 0.
    case tableStep(Double)
    /// `table` of more rows than `limit`.
    case tableTooLong(rows: Double, limit: Int)
    /// `export values` before any `table`.
    case noValuesTable
    /// `export values FILE` with FILE ending in neither .csv, .tsv nor .txt.
    case valuesFileType(path: String)
    /// A `]` with no `[` before it.
    case bracketWithoutOpening
    /// A range not of the form `[A:B]`.
    case rangeForm
    /// Ctrl-C stopped `command`.
    case interrupted(command: String)
    /// `extrema` of an expression without a derivative.
    case extremaNeedsDerivative
    /// `inflections` of an expression without a derivative, or (with the calculator's
    /// reason) without a second one.
    case inflectionsNeedDerivative(second: CalcError?)
    /// `expression` has no derivative (or no value) at `at` (`tangent`).
    case noDerivative(expression: String, at: Double)
    /// The integral of `expression` failed: it diverges, is undefined, does not settle, or
    /// the budget ran out.
    case integral(IntegralFailure, expression: String)
    /// `area` with an empty curve or more than two.
    case areaNeedsOneOrTwoCurves
    /// The area between the curves failed: it diverges, a curve is undefined, it does not
    /// settle, or the budget ran out.
    case area(IntegralFailure)
  }

  /// The problems of graphcalc's command-line options.
  public enum OptionProblem: Sendable, Hashable {
    /// Two files given.
    case twoFiles(String, String)
    /// `stream` after `-e`.
    case streamWithEval
    /// `-e` at the end.
    case needsCommand(option: String)
    /// `--color=` with another value.
    case colorValue(String)
    /// An option graphcalc does not know.
    case unknown(String)
  }

  /// The message: one line, without the input or caret.
  public var message: String {
    switch self {
    case .unclosedQuote(let q): return "\(q) without its closing \(q)"
    case .mustEndTheLine(let name):
      return "\(name) must be the last command of its line: put what follows ';' on a line of its "
        + "own"
    case .unclosedBracket: return "'[' without its ']'"
    case .unknownCommand(let name, let suggestion):
      return "unknown command '\(name)'\(Self.hint(suggestion))"
    case .unknownName(let kind, let name, let suggestion):
      switch kind {
      case .setting(let known):
        let rest =
          suggestion.map { Self.hint($0) } ?? "; settings are \(known.joined(separator: ", "))"
        return "unknown setting '\(name)'\(rest)"
      case .canvas:
        return "unknown canvas '\(name)'; choose braille, block, ascii, kitty, iterm, sixel or auto"
      case .barStyle:
        return "unknown bar style '\(name)'\(Self.hint(suggestion)); choose rounded or flat"
      case .plotStyle:
        return "unknown style '\(name)'\(Self.hint(suggestion)); styles are "
          + Session.styleNames.joined(separator: ", ")
      case .helpTopic: return "no help for '\(name)'\(Self.hint(suggestion))"
      case .base: return "unknown base '\(name)'; choose 2, 8, 10 or 16"
      case .smoothing:
        return "unknown smooth option '\(name)'\(Self.hint(suggestion)); choose unique, "
          + "frequency, fnormal, cumulative, cnormal, kdensity, csplines, acsplines, "
          + "mcsplines, bezier or sbezier"
      case .theme(let known):
        return "unknown theme '\(name)'\(Self.hint(suggestion)); themes are "
          + known.joined(separator: ", ")
      case .terminal(let known):
        return "unknown terminal '\(name)'\(Self.hint(suggestion)); terminals are "
          + known.joined(separator: ", ")
      case .terminalOption(let terminal):
        return "unknown option '\(name)' of set terminal \(terminal)\(Self.hint(suggestion))"
      }
    case .usage(let forms, let separated):
      return "usage: \(forms)"
        + (separated ? " (arguments are separated by spaces; group one with brackets)" : "")
    case .takesNoArguments(let command): return "\(command) takes no arguments"
    case .notSupported(let what, let hint):
      return "\(what) is not supported in graphcalc" + (hint.isEmpty ? "" : "; \(hint)")
    case .ambiguousSetting(let name, let candidates):
      return "ambiguous setting '\(name)': it could be "
        + candidates.dropLast().joined(separator: ", ") + " or " + (candidates.last ?? "")
    case .blockNotClosed(let open, let linesRead):
      let after =
        linesRead == 0 ? "on this line" : "\(linesRead) line\(linesRead == 1 ? "" : "s") later"
      return (open == 1 ? "the { opened here is" : "\(open) { opened here are")
        + " never closed: the input ended \(after)"
    case .dataBlockNotEnded(let name, let terminator, let linesRead):
      return "data block \(name) never reached its end line \(terminator): the input ended "
        + "\(linesRead) line\(linesRead == 1 ? "" : "s") later, and the block was not kept"
    case .unmatchedBrace: return "'}' without its '{'"
    case .unclosedParenthesis: return "'(' without its ')' on this line"
    case .outsideLoop(let word):
      return "\(word) outside a loop: it belongs in a do for [...] { } or while (...) { } body"
    case .elseWithoutIf:
      return "else must follow the } of an if (...) { } on the same line, as gnuplot requires: "
        + "} else {"
    case .unknownDataBlock(let name, let known):
      return "no data block \(name)"
        + (known.isEmpty
          ? ": define one with \(name) << EOD, its lines, and EOD"
          : "; the data blocks are " + known.joined(separator: ", "))
    case .blockInterrupted: return "interrupted: the block stopped here"
    case .iterationStep(let step):
      return "an iteration's step must be a whole number other than 0, got "
        + CalculatorBrain.format(step)
    case .unknownMacro(let name):
      return "@\(name) is no string variable: a macro names one, as in: cmd = \"plot sin(x)\"; @cmd"
    case .needs(let word, let what): return "\(word) needs \(what)"
    case .givenTwice(let word): return "\(word) is given twice"
    case .unexpectedAfterFile(let word, let suggestion, let keywords):
      let listed = keywords.filter { $0 != "notitle" }
      let expected =
        listed.dropLast().joined(separator: ", ") + (listed.count > 1 ? " or " : "")
        + (listed.last ?? "")
      return "unexpected '\(word)' after the file\(Self.hint(suggestion)); expected \(expected)"
    case .styleColumns(let style, let forms, let spec, let count):
      return "with \(style), using takes \(forms); \"\(spec)\" has \(count)"
    case .expected(let what): return "expected \(what) here"
    case .titleNotQuoted(let example): return "a title goes in quotes, as in: \(example)"
    case .emptyFileName: return "the file name is empty"
    case .noPreviousFile:
      return "\"\" names the previous data file, and no file was plotted before it"
    case .badTickFormat(let why): return "bad tick label format: \(why)"
    case .inlineDataTooLarge(let limit):
      return
        "inline data over \(limit >> 20) MiB: the plot is abandoned; write the data to a file and plot the file"
    case .plotWhat: return "plot what? give a function of x or a \"FILE\", as in: plot sin(x)"
    case .tooManyRanges: return "plot takes at most two ranges, [xmin:xmax] [ymin:ymax]"
    case .tooManyCurves(let given, let limit):
      return "a plot holds at most \(limit) curves; this one would have \(given)"
    case .statsTakesOnlyFileAndUsing: return "stats takes a file and using, nothing else"
    case .cannotSmooth(let why): return why
    case .cannotReadScript(let path, let reason):
      return "cannot read \(TerminalText.safe(path)): \(reason)"
    case .scriptsNestedTooDeep(let limit):
      return "load and call are nested \(limit) files deep: a file that loads itself?"
    case .datafileKnowsOnlySeparator(let usage):
      return "set datafile knows 'separator', 'missing' and 'columnheaders'; usage: \(usage)"
    case .badSeparator:
      return "a separator is one character in quotes (\",\" \";\" \"|\"), tab, whitespace or auto"
    case .notFinite(let command, let value):
      return "\(command) needs finite numbers, got \(CalculatorBrain.format(value))"
    case .pixelSizeNotANumber(let word):
      return "a size in pixels is a number, got '\(word)' (a file name with spaces goes in "
        + "double quotes)"
    case .pixelSizeOutOfRange(let value):
      return "a size in pixels is a whole number from 16 to 10000, got "
        + CalculatorBrain.format(value)
    case .zoomFactor(let value):
      return "zoom factor must be a positive number, got \(CalculatorBrain.format(value))"
    case .range(let axis, let lower, let upper, let problem):
      let shown = "[\(Session.boundText(lower)), \(Session.boundText(upper))]"
      switch problem {
      case .notFinite: return "\(axis) range \(shown): both bounds must be finite numbers"
      case .empty: return "\(axis) range \(shown) is empty: the bounds must differ"
      case .reversed: return "\(axis) range \(shown) is reversed: give the lower bound first"
      case .tooNarrow: return "\(axis) range \(shown) is too narrow to draw"
      }
    case .panPastTheDoubles(let axis, let up):
      let limit = Session.boundText(
        up ? Double.greatestFiniteMagnitude : -Double.greatestFiniteMagnitude)
      return "pan would move the \(axis) range \(up ? "past" : "below") \(limit), the "
        + "\(up ? "largest" : "most negative") number: the view stays where it is"
    case .rangeNeedsBothBounds(let axis): return "give both bounds of the automatic \(axis) range"
    case .nothingPlotted(let action): return "nothing to \(action): plot something first"
    case .nothingToUndo: return "nothing to undo"
    case .barChartShown(let command):
      return "\(command) steers plots, and a bar chart is shown: pan left|right (or explore) "
        + "scrolls its bars ('plot' alone shows the last plot again)"
    case .terminalTooSmall(let columns, let rows, let minimumColumns, let minimumRows):
      return "the terminal (\(columns)x\(rows)) is too small to plot in; it needs "
        + "\(minimumColumns)x\(minimumRows)"
    case .picturesNeedPassthrough(let canvas):
      return "inside tmux, \(canvas) pictures need tmux's passthrough: "
        + "set -g allow-passthrough on in tmux, then set canvas \(canvas) again"
    case .cannotWrite(let path, let reason):
      return "cannot write \(path.isEmpty ? "''" : path): \(reason)"
    case .noColumnOfNumbers(let path): return "\(path): no column of numbers"
    case .streamFailed(let message): return message
    case .bar(let problem): return problem.message
    case .analysis(let problem): return problem.message
    case .fit(let problem): return problem.message
    case .option(let problem): return problem.message
    }
  }

  /// ` (did you mean 'X'?)` for a suggestion, else nothing.
  static func hint(_ suggestion: String?) -> String {
    suggestion.map { " (\(NameSuggestion.didYouMean($0)))" } ?? ""
  }
}

extension CommandProblem.BarProblem {
  /// The message (see `CommandProblem.message`).
  public var message: String {
    let series = BarLimits.maximumSeries
    switch self {
    case .scrollsSideways: return "a bar chart scrolls left and right only"
    case .panNotWhole(let value):
      return "pan moves a bar chart by a whole number of bars, got \(CalculatorBrain.format(value))"
    case .panUsage: return "usage: pan left|right | pan N (N bars; a bar chart is shown)"
    case .tableTakesNoSize: return "export table of a bar chart takes no size"
    case .usage:
      return "usage: bar VALUE... [labels TEXT...] | bar \"FILE\" using LABEL:VALUE..., as in: "
        + "bar 3 -5 2 7"
    case .valueNotANumber:
      return "a bar's value is a number or an expression; texts go after 'labels', as in: "
        + "bar 3 5 labels \"a\" \"b\""
    case .valueNotFinite(let value):
      return "a bar's value must be finite, got \(CalculatorBrain.format(value)) (nan leaves a "
        + "bar out)"
    case .noValues:
      return "bar needs values, as in: bar 3 -5 2 7 labels \"q1\" \"q2\" \"q3\" \"q4\""
    case .labelCount(let values, let labels):
      return "\(values) value\(values == 1 ? "" : "s") but \(labels) labels"
    case .byWithoutUsing:
      return "by needs using LABEL:VALUE before it, as in: using year:net_generation by source"
    case .byNeedsTwoColumns:
      return "with by, using names two columns, LABEL:VALUE, as in: using year:net_generation "
        + "by source"
    case .tooManySeries(let named):
      return "a bar chart has at most \(series) series side by side; using names \(named)"
    case .tooManyGroups(let column, let count):
      return "\(column) has \(count) different values; a bar chart has at most \(series) series "
        + "side by side"
    case .tooManyBars(let count):
      return "a bar chart has at most 2000000 bars; this one would have \(count)"
    case .datesAsHeights(let column):
      return "column \"\(column)\" holds dates; a bar's height is a number (dates go first, as "
        + "labels)"
    }
  }
}

extension CommandProblem.AnalysisProblem {
  /// The message (see `CommandProblem.message`).
  public var message: String {
    switch self {
    case .intersectNeedsTwoCurves:
      return "intersect needs two curves separated by a comma, as in: intersect cos(x), x"
    case .areaNeedsOneOrTwoCurves:
      return "area needs one curve or two separated by a comma, as in: area x^2, x [0:1]"
    case .area(let failure):
      switch failure {
      case .diverges(let x):
        return "the area diverges at x = \(CalculatorBrain.format(x))"
      case .undefined(let x):
        return "the curves are not both defined at x = \(CalculatorBrain.format(x))"
      case .unsettled(let x):
        return "the area does not settle near x = \(CalculatorBrain.format(x)) (it may "
          + "diverge, or oscillate too fast)"
      case .stopped(.interrupted): return "area: interrupted"
      case .stopped: return "area: the budget ran out before the bound was met"
      }
    case .integrateNeedsBounds:
      return "integrate needs both bounds: integrate EXPR A B, or integrate EXPR [A:B]"
    case .tangentUsage: return "usage: tangent EXPR at X0, as in: tangent x^2 at 1"
    case .tableUsage:
      return "usage: table EXPR[, EXPR ...] [A:B] [step H], as in: table x^2, 2^x [0:4] step 1"
    case .tableStep(let h):
      return "the step of a table must be above 0, not \(CalculatorBrain.format(h))"
    case .tableTooLong(let rows, let limit):
      return "the table would have \(CalculatorBrain.format(rows.rounded(.down))) rows; the "
        + "most is \(limit) (take a larger step)"
    case .noValuesTable: return "no table to export yet: make one with table EXPR [A:B] step H"
    case .valuesFileType(let path):
      return "export values writes CSV or TSV: name the file .csv, .tsv or .txt, not \(path)"
    case .bracketWithoutOpening: return "']' without its '['"
    case .rangeForm: return "a range is written [A:B]"
    case .interrupted(let command): return "\(command): interrupted"
    case .extremaNeedsDerivative:
      return "extrema needs the derivative, and this expression has none (gamma and ! have no "
        + "rule yet)"
    case .inflectionsNeedDerivative(let second):
      return second.map { "inflections needs the second derivative: \($0.message)" }
        ?? "inflections needs the derivative"
    case .noDerivative(let expression, let x):
      return "\(expression) has no derivative at x = \(CalculatorBrain.format(x))"
    case .integral(let failure, let expression):
      switch failure {
      case .diverges(let x):
        return "the integral diverges at x = \(CalculatorBrain.format(x))"
      case .undefined(let x):
        return "\(expression) is undefined at x = \(CalculatorBrain.format(x))"
      case .unsettled(let x):
        return "the integral does not settle near x = \(CalculatorBrain.format(x)) (it may "
          + "diverge, or oscillate too fast)"
      case .stopped(.interrupted): return "integrate: interrupted"
      case .stopped: return "integrate: the budget ran out before the bound was met"
      }
    }
  }
}

extension CommandProblem.OptionProblem {
  /// The message (see `CommandProblem.message`).
  public var message: String {
    switch self {
    case .twoFiles(let a, let b): return "only one FILE can be given, got '\(a)' and '\(b)'"
    case .streamWithEval: return "stream cannot be combined with -e"
    case .needsCommand(let option): return "option '\(option)' needs a command after it"
    case .colorValue(let value):
      return "option '--color' takes auto, always or never, got '\(value)'"
    case .unknown(let option): return "unknown option '\(option)'"
    }
  }
}
