import Foundation
import Testing

@testable import GraphCalcApp

/// `Docs/commands.md`'s synopsis is the command and settings tables, written out: a test
/// fails when they disagree, and `RECORD=1` writes the tables into the document.
@Suite struct SynopsisTests {
  /// The document, found from this file's folder.
  static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Docs/commands.md").standardizedFileURL

  /// The synopsis section the tables give: each command's forms with its summary, then the
  /// settings' forms.
  static func synopsis() -> String {
    var lines = ["## Synopsis", "", "| command | what it does |", "|---|---|"]
    for entry in CommandTable.standard.entries {
      let forms = entry.usage.map { "`\($0.replacingOccurrences(of: "|", with: "\\|"))`" }
      lines.append("| \(forms.joined(separator: "<br>")) | \(entry.summary) |")
    }
    lines += ["", "Settings of `set NAME VALUE`, `unset NAME` and `show NAME`:", ""]
    for setting in SettingTable.standard.entries {
      let names = ([setting.name] + setting.aliases).map { "`\($0)`" }.joined(separator: ", ")
      let forms = setting.usage.map { "`\($0.replacingOccurrences(of: "|", with: "\\|"))`" }
      lines.append("- \(names): \(forms.joined(separator: ", "))")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  @Test func synopsisMatchesTheTables() throws {
    let text = try String(contentsOf: Self.document, encoding: .utf8)
    let startMarker = try #require(text.range(of: "<!-- synopsis: "))
    let open = try #require(text[startMarker.upperBound...].range(of: "-->\n"))
    let close = try #require(text.range(of: "<!-- end of synopsis -->"))
    let written = String(text[open.upperBound..<close.lowerBound])
    let wanted = Self.synopsis()
    if ProcessInfo.processInfo.environment["RECORD"] == "1", written != wanted {
      let updated = text[..<open.upperBound] + wanted + text[close.lowerBound...]
      try String(updated).write(to: Self.document, atomically: true, encoding: .utf8)
      return
    }
    #expect(
      written == wanted,
      "Docs/commands.md's synopsis differs: RECORD=1 swift test --filter synopsis")
  }

  /// Every command of the table has a section of its own in the reference.
  @Test(arguments: CommandTable.standard.names)
  func everyCommandHasASection(_ name: String) throws {
    let text = try String(contentsOf: Self.document, encoding: .utf8)
    let headings = text.split(separator: "\n").filter { $0.hasPrefix("### ") }
    #expect(headings.contains { $0.contains("`\(name)") }, "no section for \(name)")
  }
}
