import TestSupport
import Testing

@testable import GraphCalcApp

/// `stats` of plain columns in one pass (`Session.statsInOnePass`) against the general path
/// it stands for (the variables through `setStatsVariables(_:prefix:)`, which reads the
/// records as `plot` does and counts the blank lines in a pass of its own, and the summary
/// through `stats(_:)`): every `STATS_` variable bit for bit, the summary's text, the same
/// error, on files with blank lines (runs of one to three), data sets, comments, text
/// cells, empty and `NA` cells and the missing-value text, read in pieces of a few bytes
/// (every cut) and whole.
@Suite struct StatsPassTests {
  /// A seeded CSV of `rows` records: x and y numbers or not, blank lines, comments.
  static func file(seed: UInt64, rows: Int, separator: String = ",") -> String {
    var g = SplitMix64(seed: seed)
    var text = "x\(separator)y\(separator)label\n"
    for i in 0..<rows {
      let v = Double(Int(g.next() % 20_000)) / 100 - 100
      switch g.next() % 30 {
      case 0: text += "\n"
      case 1: text += "\n\n"
      case 2: text += "\n\n\n"
      case 3: text += "# a comment\n"
      case 4: text += "\(v)\(separator)\(separator)empty\n"
      case 5: text += "NA\(separator)\(v)\(separator)na\n"
      case 6: text += "\(v)\(separator)abc\(separator)text\n"
      case 7: text += "\(v)\(separator)?\(separator)missing\n"
      case 8: text += "\(v)\n"  // one cell
      default: text += "\(Double(i) / 4)\(separator)\(v)\(separator)r\(i)\n"
      }
    }
    return text
  }

  /// One case: the file's text, the `stats` line's tail and the settings before it.
  struct Case: Sendable, CustomStringConvertible {
    var name: String
    var text: String
    var fileName = "data.csv"
    var settings: [String] = []
    var description: String { name }
  }

  static let cases: [Case] = [
    Case(name: "csv", text: file(seed: 1, rows: 300)),
    Case(
      name: "csv, ? missing", text: file(seed: 2, rows: 300),
      settings: ["set datafile missing \"?\""]),
    Case(
      name: "whitespace dat", text: file(seed: 3, rows: 300, separator: " "), fileName: "data.dat"),
    Case(name: "blank lines first and last", text: "\n\n1,2\n\n3,4\n\n\n\n5,x\n6,7\n\n"),
  ]

  static let usings = [
    "", "using 1", "using 2", "using 1:2", "using 2:1", "using x:y", "using y", "using 3",
    "using 1:3", "using 1:9", "using 2 name \"A\"", "using 1:2 nooutput",
  ]

  /// The session's variables, as bit patterns (NaN equal to itself).
  func bits(_ session: Session) -> [String: UInt64] {
    session.brain.variables.mapValues(\.bitPattern)
  }

  @Test(arguments: cases, [1, 5, 64, Int.max / 4])
  func onePassSetsWhatTheGeneralPathSets(item: Case, piece: Int) throws {
    let folder = try TemporaryFolder(prefix: "graphcalc-stats-pass")
    let path = try folder.write(item.text, to: item.fileName)
    for using in Self.usings {
      var general = dataSession()
      for line in item.settings { _ = general.run(line) }
      var fast = general
      let parsed = try general.parse("stats \"\(path)\" \(using)")
      let stats = try #require(parsed.command as? Stats, "\(using)")
      var generalText: Result<String, CommandError>
      do throws(CommandError) {
        _ = try general.setStatsVariables(stats.spec, prefix: stats.prefix)
        generalText = .success(stats.prints ? try general.stats(stats.spec).output : "")
      } catch {
        generalText = .failure(error)
      }
      var fastText: Result<String, CommandError>
      do throws(CommandError) {
        let reply = try fast.statsInOnePass(
          stats.spec, prefix: stats.prefix, prints: stats.prints, chunkBytes: piece)
        fastText = .success(reply?.output ?? "not read in one pass")
      } catch {
        fastText = .failure(error)
      }
      #expect(fastText == generalText, "\(using)")
      #expect(bits(fast) == bits(general), "\(using)")
      if using == "using 1:2", item.text.utf8.count > 2000 {
        #expect(general.brain.variables["STATS_records", default: 0] > 50)
      }
    }
  }

  /// Specs the one pass does not read (nil, nothing set): expressions, `every`, `index`,
  /// `skip`, the record number.
  @Test(arguments: ["using ($1*2)", "using 1:2 every 2", "index 0 using 1:2", "using 0:2"])
  func otherSpecsTakeTheGeneralPath(using: String) throws {
    let folder = try TemporaryFolder(prefix: "graphcalc-stats-pass")
    let path = try folder.write("1,2\n3,4\n5,6\n", to: "d.csv")
    var session = dataSession()
    let stats = try #require(try session.parse("stats \"\(path)\" \(using)").command as? Stats)
    let reply = try session.statsInOnePass(stats.spec, prefix: "STATS", prints: true)
    #expect(reply == nil)
    #expect(session.brain.variables["STATS_records"] == nil)
  }
}
