import CGSL
import Glibc
import Intervals

/// The points a model is fitted to: x (and the other independent variables of a fit of
/// several, gnuplot's `x:y:z`), the observed values and, for a weighted fit, each observed
/// value's standard deviation σ (weights 1/σ², gnuplot's `using 1:2:3`), and the standard
/// deviations of independent variables (gnuplot's `xyerrors`, `errors x,z`).
public struct FitData: Sendable {
  /// The first independent variable's values.
  public var x: [Double]
  /// The observed values (gnuplot's z), as many as `x`.
  public var y: [Double]
  /// The standard deviations of `y`, as many, all above 0; nil for an unweighted fit
  /// (every σ = 1).
  public var sigma: [Double]?
  /// The values of the second, third, ... independent variables, each as many as `x`
  /// (empty for a model of one variable).
  public var otherVariables: [[Double]]
  /// The standard deviations of the independent variables (the first, then the others),
  /// nil for one without; empty when none has them. Where one has them, each point weighs
  /// 1/σ² with Orear's effective variance σ² = σ_z² + Σ (∂f/∂xᵢ · σ_xᵢ)² (J. Orear, "Least
  /// squares when both variables have uncertainties", Am. J. Phys. 50, 912 (1982)), as
  /// gnuplot weighs them.
  public var variableSigmas: [[Double]?]

  /// Creates the data.
  public init(
    x: [Double], y: [Double], sigma: [Double]? = nil, otherVariables: [[Double]] = [],
    variableSigmas: [[Double]?] = []
  ) {
    self.x = x
    self.y = y
    self.sigma = sigma
    self.otherVariables = otherVariables
    self.variableSigmas = variableSigmas
  }

  /// Whether some independent variable has standard deviations (effective variance).
  public var hasVariableErrors: Bool { variableSigmas.contains { $0 != nil } }

  /// The values of point `i`'s independent variables, in the model's order.
  func point(_ i: Int) -> [Double] { [x[i]] + otherVariables.map { $0[i] } }
}

/// The limits of one fit.
public struct FitBudget: Sendable {
  /// The most iterations (each one Jacobian and one or more trial steps).
  public var maxIterations: Int
  /// The longest run, in seconds of the thread's CPU time (`WorkClock`).
  public var seconds: Double
  /// Whether the user asked to stop (the REPL's Ctrl-C flag); asked every iteration and
  /// every 4096 model evaluations.
  public var interrupt: (@Sendable () -> Bool)?

  /// 1000 iterations, 10 seconds, no interrupt.
  public static let standard = FitBudget(maxIterations: 1000, seconds: 10)

  /// Creates a budget.
  public init(maxIterations: Int, seconds: Double, interrupt: (@Sendable () -> Bool)? = nil) {
    self.maxIterations = maxIterations
    self.seconds = seconds
    self.interrupt = interrupt
  }
}

/// A fit's answer: the parameters with their asymptotic standard errors and correlations,
/// and the statistics gnuplot's `fit` prints.
public struct FitResult: Sendable {
  /// The parameters' values at the minimum, in the model's order.
  public var parameters: [Double]
  /// Their asymptotic standard errors: sqrt(Cᵢᵢ · WSSR/ndf), C = (JᵀJ)⁻¹ at the minimum
  /// (J the Jacobian of the weighted residuals), scaled by the reduced chi-square as
  /// gnuplot's `set fit errorscaling` (its default) does. NaN where not defined (no degree
  /// of freedom, or a parameter the data do not determine).
  public var standardErrors: [Double]
  /// The errors unscaled, sqrt(Cᵢᵢ) (gnuplot's `set fit noerrorscaling`: for a weighted fit
  /// whose σ are true standard deviations).
  public var unscaledErrors: [Double]
  /// The correlation matrix, row by row: Cᵢⱼ/sqrt(Cᵢᵢ Cⱼⱼ) (NaN where undetermined).
  public var correlation: [[Double]]
  /// The final sum of squares of the (weighted) residuals, WSSR = Σ ((f(xᵢ) − yᵢ)/σᵢ)².
  public var sumOfSquares: Double
  /// The relative change of WSSR in the last iteration, (new − old)/new (gnuplot's
  /// "rel. change during last iteration"; 0 when it did not change).
  public var lastRelativeChange: Double
  /// The degrees of freedom: points − parameters.
  public var degreesOfFreedom: Int
  /// The iterations made.
  public var iterations: Int
  /// Whether the fit was weighted (σ given).
  public var isWeighted: Bool
  /// The indices of the parameters the data do not determine (the Jacobian's columns that
  /// are dependent on the others, found by the pivoted QR of GSL's covariance).
  public var undetermined: [Int]
  /// Whether the Jacobian came from automatic differentiation (else finite differences).
  public var exactDerivatives: Bool

  /// sqrt(WSSR/ndf): the rms of the residuals (gnuplot's FIT_STDFIT).
  public var rmsOfResiduals: Double { (sumOfSquares / Double(degreesOfFreedom)).squareRoot() }
  /// WSSR/ndf: the reduced chi-square (gnuplot's "variance of residuals").
  public var reducedChiSquare: Double { sumOfSquares / Double(degreesOfFreedom) }
  /// For a weighted fit, the probability that a chi-square of `degreesOfFreedom` degrees is
  /// at least WSSR (gnuplot's FIT_P; GSL's `gsl_cdf_chisq_Q`); nil for an unweighted fit.
  public var pValue: Double? {
    guard isWeighted, degreesOfFreedom > 0 else { return nil }
    return gsl_cdf_chisq_Q(sumOfSquares, Double(degreesOfFreedom))
  }
  /// The same probability, weighted or not (gnuplot sets its FIT_P after every fit, where an
  /// unweighted WSSR makes it near 1); nil without a degree of freedom.
  public var chiSquareProbability: Double? {
    guard degreesOfFreedom > 0 else { return nil }
    return gsl_cdf_chisq_Q(sumOfSquares, Double(degreesOfFreedom))
  }
}

/// Nonlinear least squares: the parameters p minimising Σ ((f(xᵢ; p) − yᵢ)/σᵢ)², by GSL's
/// trust-region solver with the Levenberg-Marquardt step (`gsl_multifit_nlinear`, GSL 2.7:
/// Moré's scaling, QR factorisation; J. J. Moré, "The Levenberg-Marquardt algorithm:
/// implementation and theory", Lecture Notes in Mathematics 630, 1978), the method gnuplot's
/// `fit` uses.
///
/// GSL is used rather than a solver of our own: it is maintained, tested on the NIST
/// StRD problems, handles a parameter starting at 0 and exact data (where gnuplot stops with
/// "Singular matrix in Invert_RtR"), and computes the covariance by pivoted QR, naming the
/// parameters the data do not determine instead of failing.
///
/// The iterations are driven here, not by `gsl_multifit_nlinear_driver`, so each is bounded
/// by a `FitBudget` (iterations, time, Ctrl-C). Convergence: GSL's test
/// (`gsl_multifit_nlinear_test`: every step |δpᵢ| ≤ 10⁻¹²(|pᵢ| + 10⁻¹²), or the gradient's
/// scaled norm ≤ 10⁻¹²·max(WSSR, 1)), or no step can lower WSSR any more (`GSL_ENOPROG`,
/// the minimum reached to rounding). A residual that is not finite at a trial step is
/// replaced by 10¹⁰⁰, so the step is refused (GSL would accept a NaN ratio).
public enum NonlinearFit {
  /// The step tolerance of the convergence test.
  public static let stepTolerance = 1e-12
  /// The gradient tolerance of the convergence test.
  public static let gradientTolerance = 1e-12

  /// Fits `model` to `data` starting from `start`.
  ///
  /// - Parameters:
  ///   - model: The compiled model.
  ///   - data: The points (at least as many as parameters).
  ///   - start: The parameters' start values, in the model's order.
  ///   - budget: The iteration, time and Ctrl-C limits.
  /// - Returns: The result.
  /// - Throws: `FitError`: too few points, an error σ not above 0, the model undefined at
  ///   the start or at the solution, not converged within the iterations or the time,
  ///   interrupted, or a failure of the solver.
  public static func fit(
    _ model: FitModel, to data: FitData, from start: [Double], budget: FitBudget = .standard
  ) throws(FitError) -> FitResult {
    if data.hasVariableErrors {
      return try effectiveVarianceFit(model, to: data, from: start, budget: budget)
    }
    return try weightedFit(model, to: data, from: start, budget: budget)
  }

  /// The most rounds of `effectiveVarianceFit`.
  public static let maxEffectiveVarianceRounds = 200

  /// A fit with errors in the independent variables (gnuplot's `xyerrors`, `errors x,z`):
  /// each round fixes the weights at the parameters so far, σᵢ² = σ_zᵢ² + Σⱼ (∂f/∂xⱼ(pointᵢ)
  /// · σ_xⱼᵢ)² (Orear's effective variance; the derivatives by automatic differentiation,
  /// or central differences), fits with them, and ends when a round changes no parameter
  /// by more than 10⁻¹¹ of its size. Its answer is the point gnuplot's fit reaches: gnuplot
  /// divides the residuals and the Jacobian by the effective error at each evaluation,
  /// which treats the weights as constants in the derivatives, so both stop where
  /// Σ rᵢ/σᵢ² ∂f/∂p = 0 with σ at the answer.
  ///
  /// - Throws: as `fit`; `notConverged` after `maxEffectiveVarianceRounds` rounds.
  static func effectiveVarianceFit(
    _ model: FitModel, to data: FitData, from start: [Double], budget: FitBudget
  ) throws(FitError) -> FitResult {
    let n = data.x.count
    guard n >= model.parameters.count, n > 0 else {
      throw FitError.tooFewPoints(points: n, parameters: model.parameters.count)
    }
    if let sigma = data.sigma {
      for (i, s) in sigma.enumerated() where !(s > 0 && s.isFinite) {
        throw FitError.badError(index: i, value: s)
      }
    }
    var p = start
    var iterations = 0
    var result: FitResult? = nil
    var weighted = data
    weighted.variableSigmas = []
    for _ in 0..<maxEffectiveVarianceRounds {
      weighted.sigma = try effectiveSigmas(model, data, p)
      var remaining = budget
      remaining.maxIterations = max(1, budget.maxIterations - iterations)
      var r = try weightedFit(model, to: weighted, from: p, budget: remaining)
      iterations += r.iterations
      r.iterations = iterations
      var change = 0.0
      for (a, b) in zip(r.parameters, p) { change = max(change, abs(a - b) / max(abs(a), 1e-300)) }
      p = r.parameters
      result = r
      if change <= 1e-11 { break }
      if iterations >= budget.maxIterations { throw FitError.notConverged(iterations: iterations) }
    }
    guard let result else { throw FitError.notConverged(iterations: iterations) }
    return result
  }

  /// Orear's effective standard deviations of the points at parameters `p`.
  ///
  /// - Throws: `FitError.badError` for one that is not above 0, `undefinedAtStart` where
  ///   the model is not defined.
  static func effectiveSigmas(_ model: FitModel, _ data: FitData, _ p: [Double]) throws(FitError)
    -> [Double]
  {
    var out: [Double] = []
    out.reserveCapacity(data.x.count)
    for i in 0..<data.x.count {
      let point = data.point(i)
      let z = data.sigma?[i] ?? 1
      var total = z * z
      for (j, sigmas) in data.variableSigmas.enumerated() {
        guard let sigmas, j < point.count else { continue }
        let sx = sigmas[i]
        guard sx >= 0, sx.isFinite else { throw FitError.badError(index: i, value: sx) }
        let row = point + p
        var d: Double
        if let partial = model.inputPartials[j] {
          d = row.withUnsafeBufferPointer { partial.value($0) }
        } else {
          let h = cbrt(Double.ulpOfOne) * max(abs(point[j]), 1)
          var up = point
          var down = point
          up[j] += h
          down[j] -= h
          d = (model.value(at: up, parameters: p) - model.value(at: down, parameters: p)) / (2 * h)
        }
        guard d.isFinite else { throw FitError.undefinedAtStart(x: data.x[i]) }
        total += d * d * sx * sx
      }
      let s = total.squareRoot()
      guard s > 0, s.isFinite else { throw FitError.badError(index: i, value: s) }
      out.append(s)
    }
    return out
  }

  /// `fit` with every point's weight fixed (σ given, or 1).
  static func weightedFit(
    _ model: FitModel, to data: FitData, from start: [Double], budget: FitBudget
  ) throws(FitError) -> FitResult {
    let n = data.x.count
    let p = model.parameters.count
    guard n >= p, n > 0 else { throw FitError.tooFewPoints(points: n, parameters: p) }
    if let sigma = data.sigma {
      for (i, s) in sigma.enumerated() where !(s > 0 && s.isFinite) {
        throw FitError.badError(index: i, value: s)
      }
    }
    gsl_set_error_handler_off()
    let context = FitContext(model: model, data: data, budget: budget)
    // The model at the start values.
    for i in 0..<n where !context.residual(i, start).isFinite {
      throw FitError.undefinedAtStart(x: data.x[i])
    }
    var parameters = gsl_multifit_nlinear_default_parameters()
    parameters.trs = gc_gsl_trs_lm()
    guard let w = gsl_multifit_nlinear_alloc(gc_gsl_trust(), &parameters, n, p) else {
      throw FitError.solver(reason: "out of memory", iterations: 0)
    }
    defer { gsl_multifit_nlinear_free(w) }
    let x0 = gsl_vector_alloc(p)
    defer { gsl_vector_free(x0) }
    for j in 0..<p { x0!.pointee.data[j * x0!.pointee.stride] = start[j] }
    let unmanaged = Unmanaged.passRetained(context)
    defer { unmanaged.release() }
    var fdf = gsl_multifit_nlinear_fdf()
    fdf.f = { x, params, f in
      guard let x, let params, let f else { return Int32(GSL_EINVAL) }
      let c = Unmanaged<FitContext>.fromOpaque(params).takeUnretainedValue()
      return c.residuals(x, f)
    }
    if model.hasExactDerivatives {
      fdf.df = { x, params, jacobian in
        guard let x, let params, let jacobian else { return Int32(GSL_EINVAL) }
        let c = Unmanaged<FitContext>.fromOpaque(params).takeUnretainedValue()
        return c.jacobian(x, jacobian)
      }
    }
    fdf.fvv = nil
    fdf.n = n
    fdf.p = p
    fdf.params = unmanaged.toOpaque()
    var status = gsl_multifit_nlinear_init(x0, &fdf, w)
    guard status == Int32(GSL_SUCCESS) else {
      throw FitError.solver(reason: String(cString: gsl_strerror(status)), iterations: 0)
    }
    let deadline = FitContext.now() + budget.seconds
    var iterations = 0
    var previous = Self.sumOfSquares(w)
    var change = 0.0
    while true {
      if context.stopped || budget.interrupt?() == true {
        throw FitError.interrupted(iterations: iterations)
      }
      if FitContext.now() > deadline {
        throw FitError.timeOut(iterations: iterations, seconds: budget.seconds)
      }
      guard iterations < budget.maxIterations else {
        throw FitError.notConverged(iterations: iterations)
      }
      status = gsl_multifit_nlinear_iterate(w)
      iterations += 1
      if context.stopped { throw FitError.interrupted(iterations: iterations) }
      if status == Int32(GSL_ENOPROG) { break }
      guard status == Int32(GSL_SUCCESS) else {
        throw FitError.solver(
          reason: String(cString: gsl_strerror(status)), iterations: iterations)
      }
      let now = Self.sumOfSquares(w)
      if now != previous { change = now > 0 ? (now - previous) / now : 0 }
      previous = now
      var info: Int32 = 0
      if gsl_multifit_nlinear_test(stepTolerance, gradientTolerance, 0, &info, w)
        == Int32(GSL_SUCCESS)
      {
        break
      }
    }
    // The answer.
    let position = gsl_multifit_nlinear_position(w)!
    var values: [Double] = []
    for j in 0..<p { values.append(position.pointee.data[j * position.pointee.stride]) }
    for i in 0..<n where !context.residual(i, values).isFinite {
      throw FitError.undefinedAtSolution(x: data.x[i])
    }
    let wssr = Self.sumOfSquares(w)
    let covariance = gsl_matrix_alloc(p, p)!
    defer { gsl_matrix_free(covariance) }
    // The Jacobian at the solution, computed once more (the workspace's may be from the
    // step before the last accepted one when the last trial was refused).
    let jacobian = gsl_matrix_alloc(n, p)!
    defer { gsl_matrix_free(jacobian) }
    context.fillJacobian(values, jacobian)
    gsl_multifit_nlinear_covar(jacobian, 1e-13, covariance)
    func c(_ i: Int, _ j: Int) -> Double {
      covariance.pointee.data[i * covariance.pointee.tda + j]
    }
    let ndf = n - p
    let scale = ndf > 0 ? wssr / Double(ndf) : .nan
    var undetermined: [Int] = []
    var errors: [Double] = []
    var unscaled: [Double] = []
    for j in 0..<p {
      if c(j, j) == 0 {
        undetermined.append(j)
        errors.append(.nan)
        unscaled.append(.nan)
      } else {
        errors.append((c(j, j) * scale).squareRoot())
        unscaled.append(c(j, j).squareRoot())
      }
    }
    var correlation: [[Double]] = []
    for i in 0..<p {
      var row: [Double] = []
      for j in 0..<p {
        let d = (c(i, i) * c(j, j)).squareRoot()
        row.append(i == j && d > 0 ? 1 : d > 0 ? c(i, j) / d : .nan)
      }
      correlation.append(row)
    }
    return FitResult(
      parameters: values, standardErrors: errors, unscaledErrors: unscaled,
      correlation: correlation, sumOfSquares: wssr,
      lastRelativeChange: change, degreesOfFreedom: ndf, iterations: iterations,
      isWeighted: data.sigma != nil, undetermined: undetermined,
      exactDerivatives: model.hasExactDerivatives)
  }

  /// The sum of squares of the weighted residuals of `model` on `data` at parameters `p`
  /// (with the effective variance when independent variables have errors); NaN where the
  /// model is not defined.
  public static func sumOfSquares(_ model: FitModel, _ data: FitData, at p: [Double]) -> Double {
    var weighted = data
    if data.hasVariableErrors {
      guard let sigmas = try? effectiveSigmas(model, data, p) else { return .nan }
      weighted.sigma = sigmas
      weighted.variableSigmas = []
    }
    let context = FitContext(model: model, data: weighted, budget: .standard)
    var sum = 0.0
    for i in 0..<data.x.count {
      let r = context.residual(i, p)
      sum += r * r
    }
    return sum
  }

  /// fᵀf of the workspace's residual vector.
  static func sumOfSquares(_ w: UnsafeMutablePointer<gsl_multifit_nlinear_workspace>) -> Double {
    let f = gsl_multifit_nlinear_residual(w)!
    var sum = 0.0
    for i in 0..<f.pointee.size {
      let r = f.pointee.data[i * f.pointee.stride]
      sum += r * r
    }
    return sum
  }
}

/// What the solver's callbacks read: the model, the data and room for one row of columns.
final class FitContext {
  let model: FitModel
  let data: FitData
  let budget: FitBudget
  /// The independent variables then the parameters: the columns of one evaluation.
  var row: [Double]
  /// How many independent variables come first in `row`.
  let inputs: Int
  /// Model evaluations since the interrupt was last asked.
  var evaluations = 0
  /// Whether Ctrl-C was seen inside a callback (the solver is told to stop).
  var stopped = false
  /// What stands for a residual that is not finite at a trial step: large, so the step is
  /// refused, and small enough that its square summed over 10⁶ points stays finite.
  static let undefinedResidual = 1e100

  init(model: FitModel, data: FitData, budget: FitBudget) {
    self.model = model
    self.data = data
    self.budget = budget
    inputs = 1 + data.otherVariables.count
    row = [Double](repeating: 0, count: model.parameters.count + inputs)
  }

  /// Puts point `i`'s independent variables and the parameters `p` into `row`.
  func fill(_ i: Int, _ p: [Double]) {
    row[0] = data.x[i]
    for (j, column) in data.otherVariables.enumerated() { row[j + 1] = column[i] }
    for (j, v) in p.enumerated() { row[j + inputs] = v }
  }

  /// The weighted residual (f(xᵢ; p) − yᵢ)/σᵢ (not finite where f is not).
  func residual(_ i: Int, _ p: [Double]) -> Double {
    fill(i, p)
    let f = row.withUnsafeBufferPointer { model.value.value($0) }
    return (f - data.y[i]) / (data.sigma?[i] ?? 1)
  }

  /// Counts an evaluation; true once Ctrl-C was pressed (asked every 4096).
  func tick() -> Bool {
    evaluations += 1
    if evaluations & 4095 == 0, budget.interrupt?() == true { stopped = true }
    return stopped
  }

  /// The parameters in a GSL vector.
  func values(_ x: UnsafePointer<gsl_vector>) -> [Double] {
    (0..<x.pointee.size).map { x.pointee.data[$0 * x.pointee.stride] }
  }

  /// GSL's `f` callback: the residual vector at `x`.
  func residuals(_ x: UnsafePointer<gsl_vector>, _ f: UnsafeMutablePointer<gsl_vector>) -> Int32 {
    let p = values(x)
    for i in 0..<data.x.count {
      if tick() { return Int32(GSL_EBADFUNC) }
      let r = residual(i, p)
      f.pointee.data[i * f.pointee.stride] = r.isFinite ? r : Self.undefinedResidual
    }
    return Int32(GSL_SUCCESS)
  }

  /// GSL's `df` callback: the Jacobian of the residuals at `x` (automatic differentiation).
  func jacobian(_ x: UnsafePointer<gsl_vector>, _ j: UnsafeMutablePointer<gsl_matrix>) -> Int32 {
    fillJacobian(values(x), j)
    return stopped ? Int32(GSL_EBADFUNC) : Int32(GSL_SUCCESS)
  }

  /// Writes ∂rᵢ/∂pⱼ = (∂f/∂pⱼ)(xᵢ)/σᵢ into `j` (n x p): from the partial derivatives, or by
  /// central differences when the model has none.
  func fillJacobian(_ p: [Double], _ j: UnsafeMutablePointer<gsl_matrix>) {
    let tda = j.pointee.tda
    let data = j.pointee.data!
    for i in 0..<self.data.x.count {
      if tick() { return }
      let sigma = self.data.sigma?[i] ?? 1
      if let partials = model.partials {
        fill(i, p)
        row.withUnsafeBufferPointer { columns in
          for (k, d) in partials.enumerated() {
            let v = d.value(columns) / sigma
            data[i * tda + k] = v.isFinite ? v : 0
          }
        }
      } else {
        for k in 0..<p.count {
          var q = p
          let h = cbrt(Double.ulpOfOne) * max(abs(p[k]), 1)
          q[k] = p[k] + h
          let up = residual(i, q)
          q[k] = p[k] - h
          let down = residual(i, q)
          let v = (up - down) / (2 * h)
          data[i * tda + k] = v.isFinite ? v : 0
        }
      }
    }
  }

  /// Seconds of the thread's CPU time (`WorkClock`: a budget counts work, not load).
  static func now() -> Double { WorkClock.now() }
}
