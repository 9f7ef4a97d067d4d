import GraphCalcApp
import Testing

@Suite struct HelpReservedListsTheReservedWords {
  /// `help reserved` lists every command of the table and the calculator's own words, and
  /// each of them is refused as a variable.
  @Test func everyListedWordIsRefusedAsAVariable() throws {
    var session = Session()
    let text = session.run("help reserved").output
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
      .filter { $0.allSatisfy { $0.isLetter || $0.isNumber } }
    for name in CommandTable.standard.names { #expect(words.contains(name), "\(name)") }
    for name in ["sin", "pi", "div", "xor", "diff", "sum", "prod", "gcd", "hex"] {
      #expect(words.contains(name), "\(name)")
    }
    for name in ["roots", "integrate", "sum", "xor", "export"] {
      #expect(session.run("\(name) = 3").error != nil, "\(name) = 3 was accepted")
    }
  }
}
