import CalculatorBrain

/// Why a fit could not be made, as data (the command layer makes the message and puts the
/// caret).
public enum FitError: Error, Sendable, Hashable {
  /// The model could not be compiled (an unknown name or function, a bad call).
  case model(CalcError)
  /// Inlining the user functions did not end: `name` calls itself (directly or not).
  case recursiveFunction(String)
  /// The model with its functions inlined has more than `limit` nodes.
  case modelTooLarge(limit: Int)
  /// Fewer points than parameters: `points` points for `parameters` parameters.
  case tooFewPoints(points: Int, parameters: Int)
  /// Point `index` (0-based, among those fitted) has an error that is not a positive
  /// number.
  case badError(index: Int, value: Double)
  /// The model is not defined (or not finite) at `x` with the start values.
  case undefinedAtStart(x: Double)
  /// The sum of squares did not settle within `iterations` iterations.
  case notConverged(iterations: Int)
  /// The fit took longer than `seconds` (after `iterations` iterations).
  case timeOut(iterations: Int, seconds: Double)
  /// Ctrl-C stopped the fit after `iterations` iterations.
  case interrupted(iterations: Int)
  /// The model became undefined at `x` at the solution (it was defined at the start).
  case undefinedAtSolution(x: Double)
  /// GSL's solver failed with `reason` (gsl_strerror's text) after `iterations` iterations.
  case solver(reason: String, iterations: Int)
}
