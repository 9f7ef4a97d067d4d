import CalculatorBrain

extension Session {
  /// The calculator as the compiled functions and the differentiator must read it: in
  /// degree mode (`mode deg`) a copy in radians whose user functions have their bodies
  /// rewritten to radians (`AngleUnit.rewrite`), as the plot compiles them; in radians,
  /// `brain` itself.
  ///
  /// Every tree handed to `PlotFunction` or to `derivative(of:)` is in radians (the compiled
  /// functions know no degrees), so a command that parses an expression and compiles it
  /// (the analysis commands, marks, the trace) rewrites the expression with
  /// `brain.angleUnit.rewrite` and compiles and differentiates it with this calculator:
  /// then `roots sin(x)` finds 180, 360, ... in degrees, and d/dx sin(x) is π/180·cos(x)
  /// there, also through a user function `f(x) = sin(x)`. It evaluates such rewritten
  /// trees too (it is in radians), never a tree as typed.
  var compilingBrain: CalculatorBrain {
    let unit = brain.angleUnit
    guard unit == .degrees else { return brain }
    var copy = brain
    copy.angleUnit = .radians
    copy.functions = brain.functions.mapValues {
      UserFunction(name: $0.name, parameters: $0.parameters, body: unit.rewrite($0.body))
    }
    return copy
  }
}
