// gnuplot's names of two built-ins (tracker issue 16): `int(x)` is `trunc(x)` (gnuplot's
// integer part, towards zero: int(-3.7) is -3) and `sgn(x)` is `sign(x)`. Only the name
// look-up knows them (`BuiltinFunction(name:)`); the table, `help` and the completion list
// each built-in once, by its own name.

extension BuiltinFunction {
  /// The built-in gnuplot calls `name` (`int`, `sgn`), or nil: a switch, not a dictionary,
  /// so a failed name look-up builds no table at start-up.
  static func gnuplotAlias(_ name: String) -> BuiltinFunction? {
    switch name {
    case "int": return .trunc
    case "sgn": return .sign
    default: return nil
    }
  }
}
