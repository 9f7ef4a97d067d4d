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
    usage: ["fit [A:B] MODEL \"FILE\" [using X:Y[:ERROR]] via P1, P2, ..."],
    summary: "least-squares fit of a model's parameters to a data file (gnuplot's fit)",
    details: """
      Finds the values of the parameters P1, P2, ... that make MODEL (an expression of x,
      or a function of yours: f(x)) closest to the data, by least squares
      (Levenberg-Marquardt, GSL's gsl_multifit_nlinear, with the derivatives by automatic
      differentiation). The parameters become variables (a parameter not defined before
      starts at 1), so plot f(x), "FILE" shows the fit. A third column is each y's standard
      deviation (weights 1/σ²), as gnuplot 5.4 reads using 1:2:3. [A:B] fits only the points
      with x in it. The report is gnuplot's: the final sum of squares of the residuals, the
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
      """, keywords: ["using", "via", "every", "index"]
  ) { arguments throws(CommandError) in try Fit.parse(arguments) }
}

/// `fit [A:B] MODEL "FILE" ... via P1, P2, ...`, parsed.
struct Fit: SessionCommand {
  /// The x range of the points fitted (`[A:B]`), nil for all.
  var range: RangeBounds?
  /// The independent variable's name (`x`, or the one of `[t=A:B]`).
  var variable: String
  /// The model's text.
  var model: Word
  /// The data file and its `using`, `every`, `index`.
  var data: Session.DataItemSpec
  /// The parameters, as written.
  var parameters: [Word]

  /// The keywords a data file of `fit` takes.
  static let dataKeywords = ["using", "u", "every", "index", "i", "skip"]

  /// Reads the arguments.
  ///
  /// - Throws: `CommandError` at what is missing or wrong: no model, no file in quotes, no
  ///   `via`, a `via` item that is not a name (a parameter file is not supported), a keyword
  ///   `fit` does not take (`with`, `title`).
  static func parse(_ arguments: CommandArguments) throws(CommandError) -> Fit {
    let example = "fit f(x) \"data.dat\" using 1:2 via a, b"
    var rest = arguments
    var range: RangeBounds? = nil
    var variable = "x"
    if let (bounds, after) = try arguments.leadingRange() {
      range = bounds
      rest = after
      // gnuplot's `[t=A:B]` names the variable.
      if let lower = bounds.lower, let eq = lower.text.firstIndex(of: "=") {
        let name = Word(String(lower.text[..<eq])).trimmed().text
        if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
          variable = name
          let cut = lower.text.distance(from: lower.text.startIndex, to: eq) + 1
          let value = Word(String(lower.text.dropFirst(cut)), at: lower.offset + cut).trimmed()
          range?.lower = value.text.isEmpty ? nil : value
        }
      }
    }
    let tokens = rest.line.tokens
    guard
      let file = rest.range.first(where: { tokens[$0].kind == .string }),
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
    let dataWords = CommandArguments(line: rest.line, range: file..<via, start: tokens[file].offset)
      .words
    var k = 1
    while k < dataWords.count {
      let word = dataWords[k]
      guard !word.isString, Self.dataKeywords.contains(word.text) else {
        throw KeywordReader.unexpected(
          word.source, keywords: ["using", "every", "index", "skip", "via"])
      }
      k += 2
    }
    let spec = try Session.parseDataItem(dataWords)
    let list = CommandArguments(
      line: rest.line, range: (via + 1)..<rest.range.upperBound, start: tokens[via].span.upperBound)
    var parameters: [Word] = []
    for item in list.isEmpty ? [] : list.items {
      let t = item.tokens
      guard t.count == 1, let only = t.first, only.kind == .name else {
        if let first = t.first, first.kind == .string {
          throw CommandError(
            .notSupported(
              what: "a parameter file after via", hint: "name the parameters: via a, b"),
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
        .needs(word: "via", what: "the parameters to fit, as in: via a, b"), at: tokens[via].span)
    }
    return Fit(
      range: range, variable: variable, model: model.text, data: spec, parameters: parameters)
  }

  func run(in session: inout Session) throws(CommandError) -> Reply {
    // The parameters: names the model reads, each once.
    var seen: Set<String> = []
    for p in parameters {
      if p.text == variable {
        throw CommandError(.fit(.parameterIsVariable(p.text)), at: p.span)
      }
      if !seen.insert(p.text).inserted { throw CommandError(.givenTwice(p.text), at: p.span) }
      if session.brain.functions[p.text] != nil || BuiltinFunction(name: p.text) != nil {
        throw CommandError(.fit(.parameterIsFunction(p.text)), at: p.span)
      }
    }
    let brain = session.brain
    let unit = brain.angleUnit
    let functions = session.compilingBrain.functions
    let names = parameters.map(\.text)
    // The model, its functions put in, compiled; the names it reads are checked before a
    // compile error is reported unless that error is an unknown function (a parameter missing
    // from `via`, `b` in `fit a*x + b ... via a`, is named as such, not as an unknown name).
    let inlined: Expr
    var compiled: Result<FitModel, FitError>
    do throws(FitError) {
      let (expr, locations): (Expr, [String: Range<Int>])
      do {
        (expr, locations) = try brain.parseLocated(expression: model.text)
      } catch {
        throw FitError.model(error)
      }
      inlined = try FitModel.inlined(unit.rewrite(expr), functions: functions)
      do throws(FitError) {
        compiled = .success(
          try FitModel(
            unit.rewrite(expr), variable: variable, parameters: names,
            variables: brain.variables, functions: functions, nameLocations: locations))
      } catch {
        compiled = .failure(error)
      }
    } catch {
      throw Self.located(error, model: model)
    }
    if case .failure(.model(let e)) = compiled, case .unknownName(let name, _) = e.problem,
      Self.callNames(of: inlined).contains(name)
    {
      throw Self.located(.model(e), model: model)
    }
    let free = Set(FitModel.freeNames(of: inlined))
    guard free.contains(variable) else {
      throw CommandError(.fit(.modelWithoutVariable(variable)), at: model.span)
    }
    for p in parameters where !free.contains(p.text) {
      throw CommandError(.fit(.parameterNotInModel(p.text, model: model.text)), at: p.span)
    }
    let fitModel: FitModel
    switch compiled {
    case .success(let m): fitModel = m
    case .failure(let error): throw Self.located(error, model: model)
    }
    let bounds = try range.map { r throws(CommandError) in try xBounds(r, session: session) }
    let reading = session.data.options
    defer { session.data.options = reading }
    if let skip = data.skip { session.data.options.skipLines = try session.skipCount(skip) }
    let points = try session.fitPoints(data, bounds: bounds)
    let start = names.map { brain.variables[$0] ?? 1 }
    let check = session.data.options.interrupt
    let settings = session.fitSettings
    let budget = FitBudget(
      maxIterations: settings.maxIterations, seconds: FitBudget.standard.seconds,
      interrupt: { check.isInterrupted() })
    var result: FitResult
    do throws(FitError) {
      result = try NonlinearFit.fit(fitModel, to: points.data, from: start, budget: budget)
    } catch {
      switch error {
      case .tooFewPoints, .badError:
        let path = data.path
        let fileSpan = path.offset..<(path.offset + path.text.count + 2)
        throw CommandError(.fit(.failed(error)), at: data.using?.span ?? fileSpan)
      default:
        throw Self.located(error, model: model)
      }
    }
    if !settings.errorScaling { result.standardErrors = result.unscaledErrors }
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
    // `set fit quiet`: nothing printed, as in gnuplot (the variables are set).
    if settings.output == .quiet { return Reply() }
    var lines = Self.report(result, names: names)
    let new = names.filter { brain.variables[$0] == nil }
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
    return .text(lines.joined(separator: "\n"))
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

  /// The x range `[A:B]` of the points fitted; an open end is unbounded.
  func xBounds(_ r: RangeBounds, session: Session) throws(CommandError) -> ClosedRange<Double> {
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
  static func report(_ r: FitResult, names: [String]) -> [String] {
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
    lines.append("Final set of parameters            Asymptotic Standard Error")
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
  /// Reads the points of `fit`: the `using` parts (a column or an expression each: `x:y`,
  /// `x:y:σ`, or `y` alone with the record number as x), records of `every` and `index`,
  /// those whose values are all finite and whose x is within `bounds`.
  ///
  /// - Throws: `CommandError` at the file (it cannot be read) or at the part at fault (an
  ///   unknown column, a bad expression), or for more than three parts.
  func fitPoints(_ spec: DataItemSpec, bounds: ClosedRange<Double>?) throws(CommandError)
    -> FitPoints
  {
    let path = spec.path.text
    let fileSpan = spec.path.offset..<(spec.path.offset + path.count + 2)
    let every =
      try spec.every.map { w throws(CommandError) in try EverySpec.parse(w) } ?? EverySpec()
    let index = try spec.index.map { w throws(CommandError) in try IndexSpec.parse(w) }
    var parts: [UsingPart] = []
    if let using = spec.using {
      let words = Session.usingParts(using)
      guard (1...3).contains(words.count) else {
        throw CommandError(.fit(.usingParts(count: words.count)), at: using.span)
      }
      for word in words {
        if word.text.first == "(" {
          let expression = try UsingExpression.read(word)
          // Text comparisons (`strcol(1) eq "a"`) are read by plot's records only.
          guard expression.textTests.isEmpty else {
            throw CommandError(
              .notSupported(
                what: "strcol() in fit", hint: "fit reads numbers: $N, column(N), column(\"name\")"),
              at: word.span)
          }
          parts.append(.expression(expression, word))
        } else {
          do {
            let refs = try DataFile.parseColumnList(word.text)
            parts.append(.column(refs[0], word))
          } catch {
            throw CommandError(error, at: word.span)
          }
        }
      }
    } else {
      do {
        let columns = try DataFile.defaultUsing(path: path, options: data.options)
        if let x = columns.x { parts.append(.column(x, spec.path)) }
        parts.append(.column(columns.y, spec.path))
      } catch {
        throw CommandError(error, at: fileSpan)
      }
    }
    var refs: [ColumnRef] = []
    func slot(_ ref: ColumnRef) -> Int {
      if let k = refs.firstIndex(of: ref) { return k }
      refs.append(ref)
      return refs.count - 1
    }
    enum Plan {
      case record
      case column(Int)
      case expression(RowFunction, slots: [Int])
    }
    var plans: [Plan] = []
    for part in parts {
      switch part {
      case .column(.index(0), _): plans.append(.record)
      case .column(let ref, _): plans.append(.column(slot(ref)))
      case .expression(let e, let word):
        let names = [UsingExpression.recordName] + e.columns.indices.map(UsingExpression.columnName)
        let f: RowFunction
        do throws(CalcError) {
          let (expr, locations) = try brain.parseLocated(expression: e.text)
          let unit = brain.angleUnit
          let functions = compilingBrain.functions
          f = try RowFunction(
            unit.rewrite(expr), columns: names, variables: brain.variables, functions: functions,
            nameLocations: locations)
        } catch {
          var located = CommandError(error, shiftedBy: 0)
          located.location = error.location.map { e.located($0, offset: word.offset) } ?? word.span
          throw located
        }
        plans.append(.expression(f, slots: e.columns.map(slot)))
      }
    }
    var xs: [Double] = []
    var ys: [Double] = []
    var sigmas: [Double] = []
    var skipped = 0
    var kept = 0
    var record = 0
    var block = 0  // the block of the data set (every's block fields)
    var dataSet = 0
    var seen = false
    var row = [Double](repeating: .nan, count: 16)
    do {
      try DataFile.forEachRecordWithBreaks(path: path, columns: refs, options: data.options) {
        values, blanks in
        defer {
          record += 1
          seen = true
        }
        if blanks > 0 && seen {
          record = 0
          block += 1
          if blanks >= 2 {
            kept = 0
            block = 0
            dataSet += 1
          }
        }
        guard every.keeps(record, block: block), index?.keeps(dataSet) ?? true else { return }
        func evaluate(_ plan: Plan) -> Double {
          switch plan {
          case .record: return Double(kept)
          case .column(let k): return values[k]
          case .expression(let f, let slots):
            if row.count < slots.count + 1 {
              row = [Double](repeating: .nan, count: slots.count + 1)
            }
            row[0] = Double(kept)
            for (j, k) in slots.enumerated() { row[j + 1] = values[k] }
            return row.withUnsafeBufferPointer {
              f.value(UnsafeBufferPointer(rebasing: $0[0..<(slots.count + 1)]))
            }
          }
        }
        let x = plans.count >= 2 ? evaluate(plans[0]) : Double(kept)
        let y = evaluate(plans[plans.count >= 2 ? 1 : 0])
        let sigma = plans.count == 3 ? evaluate(plans[2]) : 1
        kept += 1
        guard x.isFinite, y.isFinite, sigma.isFinite else {
          skipped += 1
          return
        }
        if let bounds, !bounds.contains(x) { return }
        xs.append(x)
        ys.append(y)
        sigmas.append(sigma)
      }
    } catch {
      throw CommandError(error, at: Session.columnSpan(of: error, in: spec.using) ?? fileSpan)
    }
    return FitPoints(
      data: FitData(x: xs, y: ys, sigma: plans.count == 3 ? sigmas : nil), skipped: skipped)
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
}

extension SettingEntry {
  /// The words `set fit` takes: gnuplot's, each with whether a value follows it.
  static let fitWords: [String: Bool] = [
    "quiet": false, "results": false, "brief": false, "verbose": false, "maxiter": true,
    "limit": true, "limit_abs": true, "errorvariables": false, "noerrorvariables": false,
    "errorscaling": false, "noerrorscaling": false, "logfile": true, "nologfile": false,
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
      "set fit [no]covariancevariables",
    ],
    keywords: [
      "quiet", "results", "brief", "verbose", "maxiter", "errorscaling", "noerrorscaling",
      "covariancevariables", "nocovariancevariables",
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
    /// A `using` of `count` parts (fit reads 1 to 3).
    case usingParts(count: Int)
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
      case .usingParts(let count):
        return "fit reads 1 to 3 columns (x:y or x:y:error), not \(count)"
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
        return "the error of point \(index + 1) is \(x(value)): errors (the third column) must "
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
