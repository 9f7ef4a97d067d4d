import Foundation
import Testing

@testable import GraphCalcApp

/// gnuplot's abbreviations of setting names after `set`, `unset` and `show`.
@Suite struct SettingAbbreviationTests {
  /// What `SettingTable.standard.lookUp` makes of `typed`: the entry's name, or the error.
  static func look(_ typed: String) -> Result<String, CommandError> {
    do {
      return .success(try SettingTable.standard.lookUp(Word(typed, at: 4)).name)
    } catch {
      return .failure(error)
    }
  }

  /// The prefixes of Fixtures/gnuplot-abbreviations.txt (scripts/make-abbreviation-fixture)
  /// and whether gnuplot 5.4 takes each.
  static func oracle() -> [(String, Bool)] {
    let path = fixtures + "/gnuplot-abbreviations.txt"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
      let f = $0.split(separator: " ")
      return (String(f[0]), f[1] == "taken")
    }
  }

  @Test func theOracleIsThere() { #expect(Self.oracle().count > 900) }

  /// A prefix gnuplot takes names a setting of ours or is "not supported" by its whole name;
  /// one gnuplot rejects is unknown or ambiguous, unless it starts one of our own names only.
  @Test func everyPrefixIsReadAsGnuplotReadsIt() {
    let gnuplotNames = Set(SettingTable.gnuplotAbbreviations.map { $0.filter { $0 != "$" } })
    for (prefix, taken) in Self.oracle() {
      switch Self.look(prefix) {
      case .success(let name):
        #expect(
          taken || !gnuplotNames.contains(name), "\(prefix) is \(name), and gnuplot rejects it")
      case .failure(let error):
        switch error.problem {
        case .notSupported(let what, _)?:
          #expect(taken, "\(prefix): \(what)")
          if let whole = SettingTable.gnuplotName(abbreviated: prefix) {
            #expect(what.contains("'\(whole)'"), "\(prefix): \(what)")
          }
        case .unknownName?, .ambiguousSetting?: #expect(!taken, "\(prefix): \(error)")
        default: Issue.record("\(prefix): \(error)")
        }
      }
    }
  }

  @Test(arguments: [
    ("xr", "xrange"), ("xra", "xrange"), ("yr", "yrange"), ("logs", "logscale"),
    ("log", "logscale"), ("tit", "title"), ("ke", "key"), ("k", "key"), ("xl", "xlabel"),
    ("xti", "xtics"), ("ti", "tics"), ("sa", "samples"), ("au", "autoscale"), ("g", "grid"),
    ("ca", "canvas"), ("di", "digits"), ("bas", "base"), ("bar", "bar"), ("dataf", "datafile"),
  ])
  func abbreviationsNameTheirSetting(typed: String, name: String) throws {
    #expect(try Self.look(typed).get() == name)
  }

  @Test func aTooShortNameListsTheCandidates() {
    guard case .failure(let error) = Self.look("x") else {
      Issue.record("x was taken")
      return
    }
    #expect(error.location == 4..<5)
    #expect((error.problem?.message ?? "").hasPrefix("ambiguous setting 'x': it could be x2data"))
    #expect((error.problem?.message ?? "").contains("xlabel"))
    #expect((error.problem?.message ?? "").contains("xrange"))
  }

  @Test func aGnuplotSettingWeLackIsNamedWhole() {
    guard case .failure(let error) = Self.look("mo") else {
      Issue.record("mo was taken")
      return
    }
    #expect(
      (error.problem?.message ?? "") == "gnuplot's setting 'mouse' is not supported in graphcalc")
    #expect(error.location == 4..<6)
  }

  @Test func unsetAndShowTakeAbbreviationsToo() {
    var session = Session()
    #expect(session.run("set tit \"T\"").error == nil)
    #expect(session.run("show tit").output == "title \"T\"\n")
    #expect(session.run("unset tit").error == nil)
    #expect(session.run("show title").output == "")
    #expect(session.run("set logs y").error == nil)
    #expect(session.run("show logs").output == "logscale y 10\n")
  }
}
