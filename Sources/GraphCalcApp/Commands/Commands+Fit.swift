import CalculatorBrain
import CompiledFunctions
import DataFiles
import Fitting
import TextAndNumbers

// gnuplot's `fit` (tracker issue 16): `f(x) = a*x + b`, then
// `fit [A:B] f(x) "FILE" using 1:2[:3] via a, b`: nonlinear least squares by GSL's
// Levenberg-Marquardt (the Fitting target); the parameters become the session's variables,
// and the report is gnuplot's.

extension CommandEntry {
  /// `fit [A:B] MODEL "FILE" [index ...] [every ...] [using X:Y[:SIGMA]] via P1, P2, ...`.
  static let fit = CommandEntry(
    name: "fit",
    usage: [
      "fit [A:B] MODEL \"FILE\" [using X:Y[:ERROR]] via P1, P2, ...",
      "fit [XMIN:XMAX] [YMIN:YMAX] MODEL \"FILE\" using X:Y:Z[:ERROR] [zerror] via P1, ...",
      "fit ... [unitweights|yerrors|xyerrors|zerrors|errors V, z] via \"PARAMETER FILE\"",
    ],
    summary: "least-squares fit of a model's parameters to a data file (gnuplot's fit)",
    details: """
      Finds the values of the parameters P1, P2, ... that make MODEL (an expression of x,
      or a function of yours: f(x)) closest to the data, by least squares
      (Levenberg-Marquardt, GSL's gsl_multifit_nlinear, with the derivatives by automatic
      differentiation). The parameters become variables (a parameter not defined before
      starts at 1), so plot f(x), "FILE" shows the fit. A third column is each y's standard
      deviation (weights 1/σ²), as gnuplot 5.4 reads using 1:2:3. [A:B] fits only the points
      with x in it. A model of x and y (g(x,y)) reads using 1:2:3 as x:y:z, with zerror a
      fourth column as z's error; xyerrors reads x:y:σx:σy (Orear's effective variance).
      via "FILE" takes the parameters and their start values from lines NAME = VALUE, a
      line with # FIXED setting a variable that is not fitted; save fit "FILE" writes them.
      Each fit is appended to fit.log (set fit logfile "F", set fit nolog). The report is gnuplot's: the final sum of squares of the residuals, the
      degrees of freedom, the parameters with their asymptotic standard errors (scaled by
      the reduced chi-square, as gnuplot does) and their correlation matrix. FIT_WSSR,
      FIT_NDF, FIT_STDFIT, FIT_P, FIT_NITER, FIT_CONVERGED and each parameter's NAME_err
      are set too, and FIT_COV_a_b after set fit covariancevariables. set fit quiet prints
      nothing; set fit maxiter N bounds the iterations (1000, and 10 s). skip N leaves out
      the file's first N lines.
        f(x) = a*x + b
        fit f(x) "data.dat" using 1:2 via a, b
        fit [0:10] a*exp(-b*x) + c "decay.dat" via a, b, c
        plot f(x), "data.dat"
      """,
    keywords: [
      "using", "via", "every", "index", "skip", "unitweights", "yerrors", "xyerrors", "zerrors",
      "errors",
    ]
  ) { arguments throws(CommandError) in try Fit.parse(arguments) }
}

/// `fit [A:B] MODEL "FILE" ... via P1, P2, ...`, parsed.
struct Fit: SessionCommand {
  /// One range before the model: `[A:B]`, `[NAME=A:B]` (naming the variable), `[]` or
  /// `[*:*]` (open); the first is the first independent variable's, and so on, and one more
  /// than the variables is the observed values' (gnuplot's z range).
  struct VariableRange: Sendable, Hashable {
    /// The variable's name when the range names it (`[t=0:1]`), and where it is written.
    var name: Word?
    /// The bounds (an absent or `*` end is open).
    var bounds: RangeBounds
  }

  /// What the columns after the data's are: gnuplot's error keywords.
  enum ErrorColumns: Sendable, Hashable {
    /// `unitweights`: none, every point weighs 1.
    case unitWeights
    /// `yerror(s)`: x:z:σz (one variable).
    case yErrors
    /// `zerror(s)`: the variables, z, then σz.
    case zErrors
    /// `xyerror(s)`: x:z:σx:σz (one variable; Orear's effective variance).
    case xyErrors
    /// `errors NAME, ..., z`: a σ column for each variable named (in the variables' order),
    /// then z's.
    case named([Word])
  }

  /// The ranges before the model.
  var ranges: [VariableRange]
  /// The model's text.
  var model: Word
  /// The data file and its `using`, `every`, `index`, `skip`.
  var data: Session.DataItemSpec
  /// The error keyword, nil when none is given (then gnuplot 5's rule: see `shape`).
  var errors: ErrorColumns?
  /// The parameters, as written (empty when they come from a parameter file).
  var parameters: [Word]
  /// The parameter file after `via` (its path without quotes, at its opening quote).
  var parameterFile: Word?
  /// The file and its modifiers as written (fit.log's `data read from`).
  var dataText: String
  /// The whole command as written (for `save fit` and `update`).
  var commandText: String

  /// The keywords a data file of `fit` takes.
  static let dataKeywords = ["using", "u", "every", "index", "i", "skip"]

  /// gnuplot's names of the independent variables when no range names them (its legacy
  /// order, `x y t u v`).
  static let defaultVariables = ["x", "y", "t", "u", "v"]

  /// The error keyword `word` is (gnuplot's abbreviations: `err`…`errors`, `zerr`…,
  /// `yerr`…, `xyerr`…, `uni`…`unitweights`), or nil.
  static func errorKeyword(_ word: String) -> String? {
    func abbreviates(_ full: String, least: Int) -> Bool {
      word.count >= least && word.count <= full.count && full.hasPrefix(word)
    }
    if abbreviates("errors", least: 3) { return "errors" }
    if abbreviates("zerrors", least: 4) { return "zerrors" }
    if abbreviates("yerrors", least: 4) { return "yerrors" }
    if abbreviates("xyerrors", least: 5) { return "xyerrors" }
    if abbreviates("unitweights", least: 3) { return "unitweights" }
    return nil
  }

  /// Reads the arguments.
  ///
  /// - Throws: `CommandError` at what is missing or wrong: no model, no file in quotes, no
  ///   `via`, a `via` item that is not a name, a keyword `fit` does not take (`with`,
  ///   `title`), an `errors` list without names.
  static func parse(_ arguments: CommandArguments) throws(CommandError) -> Fit {
    let example = "fit f(x) \"data.dat\" using 1:2 via a, b"
    var rest = arguments
    var ranges: [VariableRange] = []
    while let (bounds, after) = try rest.leadingRange() {
      var range = VariableRange(name: nil, bounds: bounds)
      // gnuplot's `[t=A:B]` names the variable.
      if let lower = bounds.lower, let eq = lower.text.firstIndex(of: "=") {
        let name = Word(String(lower.text[..<eq]), at: lower.offset).trimmed()
        if !name.text.isEmpty,
          name.text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        {
          range.name = name
          let cut = lower.text.distance(from: lower.text.startIndex, to: eq) + 1
          let value = Word(String(lower.text.dropFirst(cut)), at: lower.offset + cut).trimmed()
          range.bounds.lower = value.text.isEmpty ? nil : value
        }
      }
      if range.bounds.lower?.text == "*" { range.bounds.lower = nil }
      if range.bounds.upper?.text == "*" { range.bounds.upper = nil }
      ranges.append(range)
      rest = after
    }
    let tokens = rest.line.tokens
    guard
      let file = rest.range.first(where: {
        tokens[$0].kind == .string || Session.startsDataBlockName(tokens[$0...])
      }),
      !rest.isEmpty
    else {
      throw CommandError(
        .needs(word: "fit", what: "a model and a data file in quotes, as in: \(example)"),
        at: rest.isEmpty ? arguments.text.span : rest.text.span)
    }
    let model = CommandArguments(
      line: rest.line, range: rest.range.lowerBound..<file, start: rest.start)
    guard !model.isEmpty else {
      throw CommandError(
        .needs(word: "fit", what: "a model before the file, as in: \(example)"),
        at: tokens[file].span)
    }
    guard
      let via = (file..<rest.range.upperBound).first(where: {
        tokens[$0].kind == .name && tokens[$0].text == "via"
      })
    else {
      throw CommandError(
        .needs(word: "fit", what: "via and the parameters to fit, as in: \(example)"),
        at: rest.dropping(to: file).text.span)
    }
    let allData = CommandArguments(line: rest.line, range: file..<via, start: tokens[file].offset)
    var dataWords = allData.words
    // The error keyword and its list end the data words.
    var errors: ErrorColumns? = nil
    var k = 1
    while k < dataWords.count {
      let word = dataWords[k]
      if !word.isString, let keyword = Self.errorKeyword(word.text) {
        switch keyword {
        case "unitweights": errors = .unitWeights
        case "yerrors": errors = .yErrors
        case "zerrors": errors = .zErrors
        case "xyerrors": errors = .xyErrors
        default:
          var names: [Word] = []
          for w in dataWords[(k + 1)...] {
            var offset = w.source.offset
            for piece in w.source.text.split(separator: ",", omittingEmptySubsequences: false) {
              let name = Word(String(piece), at: offset)
              offset += piece.count + 1
              if !name.text.isEmpty { names.append(name) }
            }
          }
          guard !names.isEmpty,
            names.allSatisfy({ $0.text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } })
          else {
            throw CommandError(
              .needs(
                word: "errors",
                what: "the variables with errors, z among them, as in: errors x, z"),
              at: names.first(where: { !$0.text.allSatisfy { $0.isLetter || $0.isNumber } })?
                .span ?? word.span)
          }
          errors = .named(names)
          dataWords.removeSubrange((k + 1)...)
        }
        guard k == dataWords.count - 1 else {
          throw KeywordReader.unexpected(dataWords[k + 1].source, keywords: ["via"])
        }
        dataWords.removeLast()
        break
      }
      guard !word.isString, Self.dataKeywords.contains(word.text) else {
        throw KeywordReader.unexpected(
          word.source,
          keywords: [
            "using", "every", "index", "skip", "via", "unitweights", "yerrors",
            "xyerrors", "zerrors", "errors",
          ])
      }
      k += 2
    }
    let spec = try Session.parseDataItem(dataWords)
    let list = CommandArguments(
      line: rest.line, range: (via + 1)..<rest.range.upperBound, start: tokens[via].span.upperBound)
    var parameters: [Word] = []
    var parameterFile: Word? = nil
    let items = list.isEmpty ? [] : list.items
    if items.count == 1, let only = items[0].tokens.first, items[0].tokens.count == 1,
      only.kind == .string
    {
      let quoted = Word(only.text, at: only.offset)
      let path = String(quoted.text.dropFirst().dropLast())
      guard !path.isEmpty else { throw CommandError(.emptyFileName, at: quoted.span) }
      parameterFile = Word(path, at: only.offset)
    } else {
      for item in items {
        let t = item.tokens
        guard t.count == 1, let only = t.first, only.kind == .name else {
          if let first = t.first, first.kind == .string {
            throw CommandError(
              .needs(
                word: "via",
                what: "one parameter file in quotes, or names separated by commas: via a, b"),
              at: item.text.span)
          }
          throw CommandError(
            .needs(word: "via", what: "names separated by commas, as in: via a, b"),
            at: item.isEmpty ? tokens[via].span : item.text.span)
        }
        parameters.append(Word(only.text, at: only.offset))
      }
      guard !parameters.isEmpty else {
        throw CommandError(
          .needs(word: "via", what: "the parameters to fit, as in: via a, b"),
          at: tokens[via].span)
      }
    }
    return Fit(
      ranges: ranges, model: model.text, data: spec, errors: errors, parameters: parameters,
      parameterFile: parameterFile, dataText: allData.text.text,
      commandText: "fit " + arguments.text.text)
  }

  /// How the `using` columns are read: the independent variables, z, and which have a σ
  /// column (gnuplot 5.4's rules).
  struct Shape: Sendable, Hashable {
    /// The independent variables' names, in column order.
    var variables: [String]
    /// For each variable, whether a σ column comes for it.
    var variableErrors: [Bool]
    /// Whether a σ column comes for z.
    var zError: Bool
    /// The columns read: the variables, z, their σ columns, z's σ.
    var columnCount: Int {
      variables.count + 1 + variableErrors.filter { $0 }.count + (zError ? 1 : 0)
    }
    /// Whether the third (or last) column was taken for z's σ by gnuplot 4's rule because
    /// the model does not read the variable it would be (gnuplot warns, graphcalc notes).
    var impliedError: String?
  }

  /// The names of `set dummy` (outside parametric and polar mode), the first two
  /// variables' names when no range names them; set by `run`.
  var dummies = ["x", "y"]

  /// The variables' names: a range's name, else `set dummy`'s, else gnuplot's `x y t u v`.
  func variableNames(_ count: Int) -> [String] {
    (0..<count).map { i in
      if i < ranges.count, let name = ranges[i].name { return name.text }
      if i < dummies.count { return dummies[i] }
      return i < Self.defaultVariables.count ? Self.defaultVariables[i] : "x\(i + 1)"
    }
  }

  /// The shape of the data for a model that reads the names `free`, as gnuplot 5.4 reads
  /// it: with `errors LIST`, `zerror`, `yerror`, `xyerror`, `unitweights`, or, without a
  /// keyword, N columns as N − 1 variables and z, except that when the model does not read
  /// the variable the last column would be (`fit f(x) ... using 1:2:3`), the last is z's σ
  /// (gnuplot 4's syntax, which gnuplot 5 falls back to with a warning).
  ///
  /// - Throws: `CommandError` for a keyword and a `using` that do not agree, an `errors`
  ///   name that is no variable or no `z`, more ranges than variables and z, or a range
  ///   naming the second variable of a fit of one.
  func shape(free: Set<String>) throws(CommandError) -> Shape {
    let columns = data.using.map { Session.usingParts($0).count } ?? 0
    let at = data.using?.span ?? data.path.span
    func needs(_ what: String) -> CommandError {
      CommandError(.fit(.errorColumns(what)), at: at)
    }
    var shape: Shape
    switch errors {
    case .named(let names)?:
      let all = variableNames(Self.defaultVariables.count)
      var flags = [Bool](repeating: false, count: all.count)
      var z = false
      for name in names {
        if name.text == "z" {
          z = true
        } else if let i = all.firstIndex(of: name.text) {
          flags[i] = true
        } else {
          throw CommandError(
            .fit(
              .errorColumns(
                "errors takes the variables' names (\(all.joined(separator: ", "))) and z, not \(name.text)"
              )),
            at: name.span)
        }
      }
      guard z else {
        throw CommandError(
          .fit(.errorColumns("errors needs z among its names, as in: errors x, z")),
          at: names.last?.span ?? at)
      }
      let count = flags.count - (flags.reversed().firstIndex(of: true) ?? flags.count)
      var indep = max(count, 1)
      let errorCount = flags.filter { $0 }.count + 1
      if columns > 0 {
        guard columns >= indep + 1 + errorCount else {
          throw needs(
            "errors \(names.map(\.text).joined(separator: ",")) needs at least \(indep + 1 + errorCount) columns in using"
          )
        }
        indep = columns - errorCount - 1
      }
      if flags.count < indep { flags += [Bool](repeating: false, count: indep - flags.count) }
      shape = Shape(
        variables: variableNames(indep), variableErrors: Array(flags.prefix(indep)), zError: true)
    case .zErrors?:
      guard columns == 0 || columns >= 3 else {
        throw needs("zerror needs at least 3 columns in using (x:z:σz, or x:y:z:σz)")
      }
      let indep = columns == 0 ? 1 : columns - 2
      shape = Shape(
        variables: variableNames(indep), variableErrors: Array(repeating: false, count: indep),
        zError: true)
    case .yErrors?:
      guard columns == 0 || columns == 3 else {
        throw needs("yerror needs 3 columns in using (x:y:σy)")
      }
      shape = Shape(variables: variableNames(1), variableErrors: [false], zError: true)
    case .xyErrors?:
      guard columns == 0 || columns == 4 else {
        throw needs("xyerror needs 4 columns in using (x:y:σx:σy)")
      }
      shape = Shape(variables: variableNames(1), variableErrors: [true], zError: true)
    case .unitWeights?:
      let indep = max(columns - 1, 1)
      shape = Shape(
        variables: variableNames(indep), variableErrors: Array(repeating: false, count: indep),
        zError: false)
    case nil:
      let names = variableNames(max(columns - 1, 1))
      if columns >= 3, !free.contains(names[columns - 2]) {
        shape = Shape(
          variables: Array(names.prefix(columns - 2)),
          variableErrors: Array(repeating: false, count: columns - 2), zError: true,
          impliedError: names[columns - 2])
      } else {
        shape = Shape(
          variables: names, variableErrors: Array(repeating: false, count: names.count),
          zError: false)
      }
    }
    let indep = shape.variables.count
    if ranges.count > 1, let name = ranges[1].name, indep == 1 {
      throw CommandError(.fit(.renamedSecondVariable(name.text)), at: name.span)
    }
    if ranges.count > indep + 1 {
      throw CommandError(
        .fit(.tooManyRanges(variables: indep)), at: ranges[indep + 1].bounds.whole.span)
    }
    return shape
  }

  func run(in session: inout Session) throws(CommandError) -> Reply {
    // `set dummy x1, x2`: gnuplot's fit reads its variables by those names.
    let mode = session.labels.curveMode
    let named = mode.parametric || mode.polar ? ["x", "y"] : mode.dummy
    if named != dummies {
      var renamed = self
      renamed.dummies = named
      return try renamed.run(in: &session)
    }
    // `fit ... "-"`: the data lines come first (as for `plot "-"`); the line runs again with
    // them as the file.
    var inlineBlock: [UInt8]? = nil
    if data.path.text == DataFile.inlinePath {
      guard let blocks = session.inlineBlocks else {
        var waiting = Reply()
        waiting.awaitsInlineBlocks = 1
        return waiting
      }
      session.inlineBlocks = nil
      inlineBlock = blocks.first ?? []
    }
    // A parameter file: its parameters with their start values, and fixed values.
    var fileParameters: [(name: Word, value: Double)] = []
    var fixed: [(name: String, value: Double)] = []
    if let file = parameterFile {
      let read = try ParameterFile.read(file)
      fileParameters = read.parameters
      fixed = read.fixed
    }
    let parameters = parameterFile == nil ? self.parameters : fileParameters.map(\.name)
    let brain = session.brain
    var known = brain.variables
    for f in fixed { known[f.name] = f.value }
    // The parameters: names, each once, no function's.
    var seen: Set<String> = []
    for p in parameters {
      if !seen.insert(p.text).inserted { throw CommandError(.givenTwice(p.text), at: p.span) }
      if session.brain.functions[p.text] != nil || BuiltinFunction(name: p.text) != nil {
        throw CommandError(.fit(.parameterIsFunction(p.text)), at: p.span)
      }
    }
    let unit = brain.angleUnit
    let functions = session.compilingBrain.functions
    let names = parameters.map(\.text)
    // The model, its functions put in; the names it reads decide the columns' shape.
    let inlined: Expr
    let expr: Expr
    let locations: [String: Range<Int>]
    do throws(FitError) {
      do {
        (expr, locations) = try brain.parseLocated(expression: model.text)
      } catch {
        throw FitError.model(error)
      }
      inlined = try FitModel.inlined(unit.rewrite(expr), functions: functions)
    } catch {
      throw Self.located(error, model: model)
    }
    let free = Set(FitModel.freeNames(of: inlined))
    let shape = try self.shape(free: free)
    let variables = shape.variables
    for p in parameters where variables.contains(p.text) {
      throw CommandError(.fit(.parameterIsVariable(p.text)), at: p.span)
    }
    // Compiled; the names it reads are checked before a compile error is reported unless
    // that error is an unknown function (a parameter missing from `via`, `b` in
    // `fit a*x + b ... via a`, is named as such, not as an unknown name).
    var compiled: Result<FitModel, FitError>
    do throws(FitError) {
      compiled = .success(
        try FitModel(
          unit.rewrite(expr), independents: variables, parameters: names,
          variables: known, functions: functions, nameLocations: locations))
    } catch {
      compiled = .failure(error)
    }
    if case .failure(.model(let e)) = compiled, case .unknownName(let name, _) = e.problem,
      Self.callNames(of: inlined).contains(name)
    {
      throw Self.located(.model(e), model: model)
    }
    guard variables.contains(where: free.contains) else {
      throw CommandError(.fit(.modelWithoutVariable(variables[0])), at: model.span)
    }
    for p in parameters where !free.contains(p.text) {
      throw CommandError(.fit(.parameterNotInModel(p.text, model: model.text)), at: p.span)
    }
    let fitModel: FitModel
    switch compiled {
    case .success(let m): fitModel = m
    case .failure(let error): throw Self.located(error, model: model)
    }
    var bounds: [ClosedRange<Double>?] = []
    for r in ranges { bounds.append(try Self.bounds(r.bounds, session: session)) }
    let reading = session.data.options
    defer { session.data.options = reading }
    if let skip = data.skip { session.data.options.skipLines = try session.skipCount(skip) }
    if let inlineBlock { session.data.options.inlineData = inlineBlock }
    let points = try session.fitPoints(data, shape: shape, bounds: bounds)
    let start =
      parameterFile == nil ? names.map { known[$0] ?? 1 } : fileParameters.map(\.value)
    let check = session.data.options.interrupt
    let settings = session.fitSettings
    let budget = FitBudget(
      maxIterations: settings.maxIterations, seconds: FitBudget.standard.seconds,
      interrupt: { check.isInterrupted() })
    var log = FitLog(
      fit: self, model: expr, shape: shape, ranges: bounds, points: points.data.x.count,
      functions: session.brain.functions, fixed: fixed, names: names, start: start,
      startSum: NonlinearFit.sumOfSquares(fitModel, points.data, at: start))
    var result: FitResult
    do throws(FitError) {
      result = try NonlinearFit.fit(fitModel, to: points.data, from: start, budget: budget)
    } catch {
      let thrown: CommandError
      switch error {
      case .tooFewPoints, .badError:
        let path = data.path
        let fileSpan = path.offset..<(path.offset + path.text.count + 2)
        thrown = CommandError(.fit(.failed(error)), at: data.using?.span ?? fileSpan)
      default:
        thrown = Self.located(error, model: model)
      }
      // gnuplot's log ends a failed fit with BREAK and its reason.
      log.lines.append("BREAK: \(thrown.message)")
      _ = session.appendFitLog(log)
      throw thrown
    }
    if !settings.errorScaling && points.data.sigma != nil {
      result.standardErrors = result.unscaledErrors
    }
    for f in fixed { session.brain.setVariable(f.name, to: f.value) }
    for (k, name) in names.enumerated() {
      session.brain.setVariable(name, to: result.parameters[k])
      session.brain.setVariable(name + "_err", to: result.standardErrors[k])
    }
    session.brain.setVariable("FIT_WSSR", to: result.sumOfSquares)
    session.brain.setVariable("FIT_NDF", to: Double(result.degreesOfFreedom))
    session.brain.setVariable("FIT_STDFIT", to: result.rmsOfResiduals)
    session.brain.setVariable("FIT_NITER", to: Double(result.iterations))
    session.brain.setVariable("FIT_CONVERGED", to: 1)
    if let p = result.chiSquareProbability { session.brain.setVariable("FIT_P", to: p) }
    // `set fit covariancevariables`: gnuplot's FIT_COV_a_b, the covariance as the errors
    // are scaled (so FIT_COV_a_a is a_err²).
    if settings.covarianceVariables {
      for (i, a) in names.enumerated() {
        for (j, b) in names.enumerated() {
          let c = result.correlation[i][j] * result.standardErrors[i] * result.standardErrors[j]
          if c.isFinite { session.brain.setVariable("FIT_COV_\(a)_\(b)", to: c) }
        }
      }
    }
    session.lastFit = LastFit(
      command: commandText, parameters: names, fixed: fixed, variables: variables,
      rmsOfResiduals: result.rmsOfResiduals)
    let report = Self.report(
      result, names: names, scaled: settings.errorScaling || points.data.sigma == nil)
    log.finish(result, report: report)
    let logFailure = session.appendFitLog(log)
    var lines: [String] = []
    // `set fit quiet`: nothing printed, as in gnuplot (the variables are set).
    if settings.output != .quiet {
      lines = report
      let new = parameterFile == nil ? names.filter { brain.variables[$0] == nil } : []
      if !new.isEmpty {
        lines.append(
          "note: \(new.joined(separator: ", ")) started at 1 (\(new.count == 1 ? "it was" : "they were") not defined)"
        )
      }
      if points.skipped > 0 {
        lines.append(
          "note: \(points.skipped) point\(points.skipped == 1 ? "" : "s") without a value left out")
      }
      if !result.exactDerivatives {
        lines.append("note: the derivatives were estimated by finite differences")
      }
      if let implied = shape.impliedError {
        lines.append(
          "note: the model does not read \(implied), so the last column is z's error, as "
            + "gnuplot 4 read it (say so with zerror, or give unitweights)")
      }
    }
    var reply = lines.isEmpty ? Reply() : Reply.text(lines.joined(separator: "\n"))
    reply.error = logFailure
    return reply
  }

  /// The names of the functions `expr` calls.
  static func callNames(of expr: Expr) -> Set<String> {
    var names: Set<String> = []
    var pending: [Expr] = [expr]
    while let e = pending.popLast() {
      switch e {
      case .number, .integer, .variable: break
      case .unary(_, let a): pending.append(a)
      case .binary(_, let a, let b): pending += [a, b]
      case .conditional(let c, let a, let b): pending += [c, a, b]
      case .call(let name, let args):
        names.insert(name)
        pending += args
      }
    }
    return names
  }

  /// The bounds of a range `[A:B]` (an open end is unbounded), nil for `[]`.
  ///
  /// - Throws: `CommandError` at a bound that is not a number, or for A above B.
  static func bounds(_ r: RangeBounds, session: Session) throws(CommandError)
    -> ClosedRange<Double>?
  {
    guard r.lower != nil || r.upper != nil else { return nil }
    let lower = try r.lower.map { w throws(CommandError) in try session.number(w) } ?? -.infinity
    let upper = try r.upper.map { w throws(CommandError) in try session.number(w) } ?? .infinity
    guard lower <= upper else {
      throw CommandError(.fit(.emptyRange), at: r.whole.span)
    }
    return lower...upper
  }

  /// `error` as a command error with its caret in `model` (a compile error's own column, or
  /// the whole model).
  static func located(_ error: FitError, model: Word) -> CommandError {
    if case .model(let calc) = error {
      var located = CommandError(calc, shiftedBy: model.offset)
      if located.location == nil { located.location = model.span }
      return located
    }
    return CommandError(.fit(.failed(error)), at: model.span)
  }

  /// gnuplot's report of a fit (fit.c's `show_results`), values as its `%g`.
  ///
  /// - Parameter scaled: Whether the errors are scaled by the reduced chi-square (gnuplot
  ///   heads unscaled ones "Standard Deviation").
  static func report(_ r: FitResult, names: [String], scaled: Bool = true) -> [String] {
    func g(_ v: Double, _ digits: Int = 6) -> String {
      v.isNaN ? "undefined" : NumberFormat.printf(v, precision: digits)
    }
    func pad(_ s: String, _ width: Int) -> String {
      s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
    }
    var lines: [String] = []
    lines.append(
      "After \(r.iterations) iteration\(r.iterations == 1 ? "" : "s") the fit converged.")
    lines.append("final sum of squares of residuals : \(g(r.sumOfSquares))")
    lines.append("rel. change during last iteration : \(g(r.lastRelativeChange))")
    lines.append("")
    lines.append("degrees of freedom    (FIT_NDF)                        : \(r.degreesOfFreedom)")
    if r.degreesOfFreedom > 0 {
      lines.append(
        "rms of residuals      (FIT_STDFIT) = sqrt(WSSR/ndf)    : \(g(r.rmsOfResiduals))")
      lines.append(
        "variance of residuals (reduced chisquare) = WSSR/ndf   : \(g(r.reducedChiSquare))")
      if let p = r.pValue {
        lines.append("p-value of the Chisq distribution (FIT_P)              : \(g(p))")
      }
    }
    lines.append("")
    lines.append(
      "Final set of parameters            "
        + (scaled ? "Asymptotic Standard Error" : "Standard Deviation"))
    lines.append("=======================            ==========================")
    let width = max(15, names.map(\.count).max() ?? 0)
    for (k, name) in names.enumerated() {
      let value = r.parameters[k]
      let error = r.standardErrors[k]
      var line = "\(pad(name, width)) = \(pad(g(value), 15))  +/- "
      if error.isNaN {
        line += "undefined"
      } else {
        line += pad(g(error, 4), 12)
        if value != 0 { line += " (\(g(abs(error / value) * 100, 4))%)" }
      }
      lines.append(line)
    }
    if names.count > 1 {
      lines.append("")
      lines.append("correlation matrix of the fit parameters:")
      // gnuplot's layout: the header one column right of the rows, each value "%6.3f ".
      lines.append(
        pad("", width) + " " + names.map { pad(String($0.prefix(6)), 6) + " " }.joined())
      for (i, name) in names.enumerated() {
        var line = pad(name, width)
        for j in 0...i {
          let c = r.correlation[i][j]
          line += (c.isNaN ? "   nan" : Self.fixed(c)) + " "
        }
        lines.append(line)
      }
    }
    var notes: [String] = []
    if r.degreesOfFreedom == 0 {
      notes.append(
        "note: as many points as parameters: the fit is exact and the errors are not defined")
    } else if r.sumOfSquares == 0 {
      notes.append("note: the model goes through every point: the errors are 0")
    }
    if !r.undetermined.isEmpty {
      let which = r.undetermined.map { names[$0] }.joined(separator: ", ")
      let one = r.undetermined.count == 1
      notes.append(
        "note: the model does not depend on each parameter separately (the Jacobian's columns "
          + "are dependent): \(which) \(one ? "is" : "are") not determined, \(one ? "its error" : "their errors") "
          + "undefined, and the other errors hold with \(one ? "it" : "them") fixed")
    }
    if !notes.isEmpty {
      lines.append("")
      lines += notes
    }
    return lines
  }

  /// `c` as `%6.3f` (a correlation, between -1 and 1).
  static func fixed(_ c: Double) -> String {
    let rounded = (abs(c) * 1000).rounded()
    let whole = Int(rounded) / 1000
    let frac = Int(rounded) % 1000
    let digits = String(frac)
    let text =
      (c < 0 && rounded > 0 ? "-" : "") + "\(whole)."
      + String(repeating: "0", count: 3 - digits.count) + digits
    return String(repeating: " ", count: max(0, 6 - text.count)) + text
  }
}

/// The points of a fit read from a data file.
struct FitPoints {
  /// The points, with their errors when the file gives them.
  var data: FitData
  /// Records left out because a value was missing or not a number.
  var skipped: Int
}

extension Session {
  /// Reads the points of `fit` through plot's reader (`forEachUsingRecord`: `using`
  /// columns and expressions, `every`, `index`, `skip`, `set datafile`): the parts are the
  /// independent variables, z and the σ columns of `shape` (or `y` alone, with the record
  /// number as x); a record with a value that is not finite (a missing cell, `1/0`) is left
  /// out and counted, one outside a range of `bounds` (the variables' in order, then z's)
  /// is left out.
  ///
  /// - Throws: `CommandError` at the file (it cannot be read) or at the part at fault (an
  ///   unknown column, a bad expression), or for a `using` of another number of parts.
  func fitPoints(
    _ spec: DataItemSpec, shape: Fit.Shape, bounds: [ClosedRange<Double>?]
  ) throws(CommandError) -> FitPoints {
    let path = spec.path.text
    let fileSpan = spec.path.offset..<(spec.path.offset + path.count + 2)
    let count = shape.columnCount
    var parts: [UsingPart]
    if let using = spec.using {
      let words = Session.usingParts(using)
      guard words.count == count || (words.count == 1 && count == 2) else {
        throw CommandError(.fit(.usingParts(count: words.count, expected: count)), at: using.span)
      }
      parts = try Session.readUsingParts(words)
    } else if count > 2 {
      parts = (1...count).map { .column(.index($0), spec.path) }
    } else {
      parts = []
      do {
        let columns = try DataFile.defaultUsing(path: path, options: data.options)
        if let x = columns.x { parts.append(.column(x, spec.path)) }
        parts.append(.column(columns.y, spec.path))
      } catch {
        throw CommandError(error, at: fileSpan)
      }
    }
    let indep = shape.variables.count
    var inputs = [[Double]](repeating: [], count: indep)
    var zs: [Double] = []
    let sigmaFlags = shape.variableErrors
    var variableSigmas = [[Double]](repeating: [], count: indep)
    var zSigmas: [Double] = []
    var skipped = 0
    var point = [Double](repeating: 0, count: count)
    try forEachUsingRecord(spec, parts: parts) { values, _, record, _ in
      if values.count == 1 {
        point[0] = Double(record)
        point[1] = values[0]
      } else {
        for k in 0..<count { point[k] = values[k] }
      }
      for v in point where !v.isFinite {
        skipped += 1
        return
      }
      for (k, b) in bounds.enumerated() {
        guard let b else { continue }
        let v = k < indep ? point[k] : point[indep]
        if !b.contains(v) { return }
      }
      for k in 0..<indep { inputs[k].append(point[k]) }
      zs.append(point[indep])
      var next = indep + 1
      for k in 0..<indep where sigmaFlags[k] {
        variableSigmas[k].append(point[next])
        next += 1
      }
      if shape.zError { zSigmas.append(point[next]) }
    }
    let data = FitData(
      x: inputs[0], y: zs, sigma: shape.zError ? zSigmas : nil,
      otherVariables: Array(inputs.dropFirst()),
      variableSigmas: sigmaFlags.contains(true)
        ? sigmaFlags.enumerated().map { $1 ? variableSigmas[$0] : nil } : [])
    return FitPoints(data: data, skipped: skipped)
  }
}

/// How `fit` runs and reports (gnuplot's `set fit`).
struct FitSettings: Sendable, Hashable {
  /// What `fit` prints (gnuplot's `quiet`, `results`, `brief`, `verbose`).
  enum Output: String, Sendable, Hashable {
    case quiet, results, brief, verbose
  }
  /// What `fit` prints: the report, or nothing (`set fit quiet`).
  var output = Output.brief
  /// The most iterations (`set fit maxiter N`; gnuplot's 0, no limit, is the standard 1000).
  var maxIterations = FitBudget.standard.maxIterations
  /// Whether the standard errors are scaled by the reduced chi-square (gnuplot's
  /// `errorscaling`, its default).
  var errorScaling = true
  /// Whether `fit` sets gnuplot's `FIT_COV_a_b` variables (`set fit covariancevariables`).
  var covarianceVariables = false
  /// Whether `fit` appends its record to the log file (`set fit nolog` turns it off).
  var logs = true
  /// The log file `set fit logfile "F"` named, nil for the default (FIT_LOG, `fit.log`).
  var logFile: String?
}

extension SettingEntry {
  /// The words `set fit` takes: gnuplot's, each with whether a value follows it.
  static let fitWords: [String: Bool] = [
    "quiet": false, "results": false, "brief": false, "verbose": false, "maxiter": true,
    "limit": true, "limit_abs": true, "errorvariables": false, "noerrorvariables": false,
    "errorscaling": false, "noerrorscaling": false, "logfile": false, "nologfile": false,
    "nolog": false,
    "prescale": false, "noprescale": false, "covariancevariables": false,
    "nocovariancevariables": false, "start-lambda": true, "lambda-factor": true,
    "script": true, "v4": false, "v5": false,
  ]

  /// `set fit quiet|results|brief|verbose`, `set fit maxiter N`, `set fit [no]errorscaling`,
  /// `set fit [no]covariancevariables`; gnuplot's other `set fit` words (`limit`, `logfile`,
  /// `errorvariables`, `prescale`, ...) are accepted and change nothing (graphcalc converges
  /// to 1e-12, writes no fit.log and always sets NAME_err).
  static let fit = SettingEntry(
    name: "fit",
    usage: [
      "set fit quiet|results|brief|verbose", "set fit maxiter N", "set fit [no]errorscaling",
      "set fit [no]covariancevariables", "set fit logfile \"FILE\"|default", "set fit nolog",
    ],
    keywords: [
      "quiet", "results", "brief", "verbose", "maxiter", "errorscaling", "noerrorscaling",
      "covariancevariables", "nocovariancevariables", "logfile", "nolog",
    ],
    parse: { arguments throws(CommandError) in
      let words = arguments.values.words
      var changes: [@Sendable (inout FitSettings) -> Void] = []
      var k = 0
      while k < words.count {
        let word = words[k]
        guard let takesValue = fitWords[word.text] else {
          throw CommandError(
            .notSupported(
              what: "'\(word.text)' after set fit",
              hint: "set fit takes quiet, results, brief, verbose, maxiter N, errorscaling, "
                + "noerrorscaling (and gnuplot's other words, which change nothing here)"),
            at: word.span)
        }
        var value: Argument? = nil
        if takesValue {
          guard k + 1 < words.count else {
            throw CommandError(.needs(word: "set fit \(word.text)", what: "a value"), at: word.span)
          }
          value = words[k + 1]
          k += 1
        }
        switch word.text {
        case "quiet", "results", "brief", "verbose":
          let output = FitSettings.Output(rawValue: word.text) ?? .brief
          changes.append { $0.output = output }
        case "errorscaling": changes.append { $0.errorScaling = true }
        case "covariancevariables": changes.append { $0.covarianceVariables = true }
        case "nocovariancevariables": changes.append { $0.covarianceVariables = false }
        case "noerrorscaling": changes.append { $0.errorScaling = false }
        case "nolog", "nologfile": changes.append { $0.logs = false }
        case "logfile":
          // `logfile "F"`, `logfile default` or `logfile` alone (the default again).
          var file: String? = nil
          if k + 1 < words.count, words[k + 1].isString {
            file = words[k + 1].text
            guard file?.isEmpty == false else {
              throw CommandError(.emptyFileName, at: words[k + 1].span)
            }
            k += 1
          } else if k + 1 < words.count, words[k + 1].text == "default" {
            k += 1
          }
          let chosen = file
          changes.append {
            $0.logs = true
            $0.logFile = chosen
          }
        case "maxiter":
          guard let value, let n = Int(value.text), n >= 0 else {
            throw CommandError(
              .needs(word: "set fit maxiter", what: "a whole number, as in: set fit maxiter 100"),
              at: value?.span ?? word.span)
          }
          let most = n == 0 ? FitBudget.standard.maxIterations : n
          changes.append { $0.maxIterations = most }
        default: break
        }
        k += 1
      }
      return SetFit(changes: changes)
    },
    listing: { session in
      // Listed by `set` and `show` once changed (the defaults are gnuplot's).
      let f = session.fitSettings
      guard f != FitSettings() else { return nil }
      return "fit \(f.output.rawValue) maxiter \(f.maxIterations)"
        + (f.errorScaling ? "" : " noerrorscaling")
        + (f.covarianceVariables ? " covariancevariables" : "")
        + (!f.logs ? " nolog" : f.logFile.map { " logfile \"\($0)\"" } ?? "")
    },
    unset: SetFit(changes: [{ $0 = FitSettings() }]))
}

/// `set fit ...`: changes how `fit` runs.
struct SetFit: SessionCommand {
  /// The changes, in order.
  var changes: [@Sendable (inout FitSettings) -> Void]

  func run(in session: inout Session) throws(CommandError) -> Reply {
    for change in changes { change(&session.fitSettings) }
    return Reply()
  }
}

extension CommandProblem {
  /// The problems of `fit`.
  public enum FitProblem: Sendable, Hashable {
    /// A parameter named as the model's variable (`via x`).
    case parameterIsVariable(String)
    /// A parameter that is a function's name.
    case parameterIsFunction(String)
    /// The model does not read its variable.
    case modelWithoutVariable(String)
    /// A parameter `model` does not read (its functions inlined).
    case parameterNotInModel(String, model: String)
    /// `[A:B]` with A above B.
    case emptyRange
    /// A `using` of `count` parts where the fit reads `expected`.
    case usingParts(count: Int, expected: Int)
    /// An error keyword and the `using` columns do not agree, or an `errors` list is wrong.
    case errorColumns(String)
    /// A range names the second variable of a fit of one (`[y=...]`), gnuplot's "Can't
    /// re-name 'y' in a one-variable fit".
    case renamedSecondVariable(String)
    /// More ranges than the variables and z.
    case tooManyRanges(variables: Int)
    /// The parameter file after `via` cannot be read (`reason`, the system's).
    case cannotReadParameterFile(path: String, reason: String)
    /// Line `line` of the parameter file is not `NAME = VALUE` (`what` says why).
    case parameterFileLine(path: String, line: Int, what: String)
    /// The parameter file names no parameter to fit.
    case noParameterInFile(path: String)
    /// `save fit` or `update` before any fit.
    case noFitYet(command: String)
    /// The fit itself failed.
    case failed(FitError)

    /// The message (see `CommandProblem.message`).
    public var message: String {
      switch self {
      case .parameterIsVariable(let name):
        return "\(name) is the model's variable, not a parameter"
      case .parameterIsFunction(let name):
        return "\(name) is a function, not a parameter"
      case .modelWithoutVariable(let name):
        return "the model does not depend on \(name): fit needs a model of \(name), as in: "
          + "fit a*\(name) + b \"data.dat\" via a, b"
      case .parameterNotInModel(let name, let model):
        return "\(name) is not in the model \(model) (with your functions put in)"
      case .emptyRange: return "the range of fit is empty: its lower bound is above its upper"
      case .usingParts(let count, let expected):
        return "this fit reads \(expected) columns (the variables, the data, the errors), not "
          + "\(count)"
      case .errorColumns(let what): return what
      case .renamedSecondVariable(let name):
        return "a fit of one variable has one range for it (and one for the data): \(name) "
          + "cannot name a second variable"
      case .tooManyRanges(let variables):
        return "too many ranges for a fit of \(variables) variable\(variables == 1 ? "" : "s"): "
          + "one for each variable, then one for the data"
      case .cannotReadParameterFile(let path, let reason):
        return "cannot read the parameter file \(path): \(reason)"
      case .parameterFileLine(let path, let line, let what):
        return "\(path) line \(line): \(what) (a parameter file has lines NAME = VALUE, "
          + "# FIXED after a value that is not fitted)"
      case .noParameterInFile(let path):
        return "\(path) names no parameter to fit (every one is # FIXED)"
      case .noFitYet(let command):
        return "\(command) writes the parameters of the last fit: fit first"
      case .failed(let error): return Self.message(error)
      }
    }

    /// The message of a failed fit.
    static func message(_ error: FitError) -> String {
      func x(_ v: Double) -> String { CalculatorBrain.format(v) }
      func times(_ n: Int) -> String { "\(n) iteration\(n == 1 ? "" : "s")" }
      switch error {
      case .model(let e): return e.message
      case .recursiveFunction(let name):
        return "the model calls \(name), which calls itself: fit needs a model it can write out"
      case .modelTooLarge(let limit):
        return "the model with your functions put in has more than \(limit) terms"
      case .tooFewPoints(let points, let parameters):
        return "fit needs at least as many points as parameters: \(points) point"
          + "\(points == 1 ? "" : "s") for \(parameters) parameter\(parameters == 1 ? "" : "s")"
      case .badError(let index, let value):
        return
          "the error of point \(index + 1) is \(x(value)): errors (the σ columns of using) must "
          + "be above 0"
      case .undefinedAtStart(let at):
        return "the model is not defined at x = \(x(at)) with the start values: set them "
          + "first (a = 1) and fit again"
      case .undefinedAtSolution(let at):
        return "the model became undefined at x = \(x(at)) during the fit"
      case .notConverged(let n):
        return "the fit did not converge after \(times(n)): try other start values"
      case .timeOut(let n, let seconds):
        return "the fit did not converge within \(x(seconds)) s (\(times(n)))"
      case .interrupted(let n): return "fit: interrupted after \(times(n))"
      case .solver(let reason, let n):
        return "the fit failed after \(times(n)): \(reason)"
      }
    }
  }
}
