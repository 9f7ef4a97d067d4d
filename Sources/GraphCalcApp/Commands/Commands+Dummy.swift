import CalculatorBrain

// gnuplot's `set dummy` and `set angles` (tracker issue 16; param.dem, poldat.dem).
// `set dummy t` names the variable `plot`'s function items are written in (`plot sin(t)`
// draws sin of the horizontal axis; in parametric and polar mode, of the parameter);
// `set dummy u,v` names both (the second is splot's, kept and shown only); `unset dummy`
// is x, y again; `set parametric`/`set polar` make the first t and their `unset` x, as
// gnuplot 5.4's src/set.c does. `set angles degrees|radians` is `mode deg|rad`: the unit
// of the trigonometric functions and of polar angles (polar data's first column too).

extension SettingTable {
  /// `set dummy`, `set angles`.
  static let dummySettings: [SettingEntry] = [.dummy, .angles]
}

extension SettingEntry {
  /// `set dummy NAME[,NAME]`: the names function items are written in.
  static let dummy = SettingEntry(
    name: "dummy", usage: ["set dummy NAME[,NAME]"],
    parse: { arguments throws(CommandError) in
      let items = arguments.values.items
      guard !arguments.values.isEmpty else {
        throw CommandError(.usage("set dummy NAME[,NAME]"), at: arguments.name.span)
      }
      var names: [String?] = []
      for item in items.prefix(2) {
        let word = item.text.trimmed()
        if word.text.isEmpty {  // `set dummy ,v` keeps the first
          names.append(nil)
          continue
        }
        guard item.tokens.count == 1, item.tokens.first?.kind == .name else {
          throw CommandError(
            .needs(word: "set dummy", what: "a variable name, as in: set dummy t"),
            at: word.span)
        }
        if let reserved = Self.reservedDummies.first(where: { $0 == word.text }) {
          throw CommandError(
            .needs(
              word: "set dummy",
              what: "a name that is not a constant or a function (\(reserved) is one)"),
            at: word.span)
        }
        names.append(word.text)
      }
      if items.count > 2 {
        throw CommandError(
          .notSupported(what: "a third dummy variable", hint: "set dummy takes two names: u,v"),
          at: items[2].text.span)
      }
      let given = names
      return SetLabels {
        for (k, name) in given.enumerated() {
          if let name { $0.curveMode.dummy[k] = name }
        }
      }
    },
    listing: { session in
      let names = session.labels.curveMode.dummy
      return names == ["x", "y"] ? nil : "dummy \(names.joined(separator: ","))"
    },
    unset: SetLabels { $0.curveMode.dummy = ["x", "y"] })

  /// Names a dummy variable may not take: graphcalc's constants.
  static let reservedDummies = ["pi", "e", "π", "inf", "nan", "ans"]

  /// `set angles degrees|radians` (gnuplot's `d$egrees`, `r$adians`): the angle unit, as
  /// `mode deg|rad` sets it.
  static let angles = SettingEntry(
    name: "angles", usage: ["set angles degrees|radians"],
    keywords: ["degrees", "radians"],
    parse: { arguments throws(CommandError) in
      let words = arguments.values.words
      guard let first = words.first, !first.isString else {
        throw CommandError(.usage("set angles degrees|radians"), at: arguments.name.span)
      }
      let unit: AngleUnit
      if SettingTable.abbreviates(first.text, "d$egrees") {
        unit = .degrees
      } else if SettingTable.abbreviates(first.text, "r$adians") {
        unit = .radians
      } else {
        throw CommandError(
          .notSupported(
            what: "'\(first.text)' after set angles", hint: "set angles takes degrees or radians"),
          at: first.span)
      }
      if words.count > 1 {
        throw CommandError(
          .notSupported(what: "'\(words[1].text)' after set angles", hint: ""),
          at: words[1].span)
      }
      return SetAngles(unit: unit)
    },
    listing: { session in session.brain.angleUnit == .degrees ? "angles degrees" : nil },
    unset: SetAngles(unit: .radians))
}

/// `set angles degrees|radians`: the angle unit, as `mode deg|rad` sets it; remembered as
/// gnuplot's (`PlotLabels.anglesInDegrees`), so `reset` goes back to radians as gnuplot's
/// does (a `mode deg` of graphcalc's own stays).
struct SetAngles: SessionCommand {
  /// The unit.
  var unit: AngleUnit

  func run(in session: inout Session) throws(CommandError) -> Reply {
    session.brain.angleUnit = unit
    session.labels.anglesInDegrees = unit == .degrees
    return Reply()
  }
}
