import CalculatorBrain
import GraphCalcApp
import Testing

@Suite struct HelpAndOptionsTests {
  @Test func helpListsEveryCommand() {
    var session = Session()
    let text = session.run("help").output
    for command in Help.commands where command.name != "exit" {
      #expect(text.contains("  " + command.usage[0]), "\(command.name)")
    }
  }

  @Test(arguments: Help.commands.map(\.name))
  func helpExplainsEachCommand(name: String) {
    var session = Session()
    let reply = session.run("help \(name)")
    #expect(reply.error == nil)
    #expect(reply.output.hasPrefix("usage: \(name)"))
  }

  @Test func helpExplainsFunctionsConstantsAndYourOwn() {
    var session = Session()
    #expect(
      session.run("help atan2").output
        == "atan2(y, x): the angle of the point (x, y), in (-pi, pi]\n"
    )
    #expect(session.run("help pi").output.hasPrefix("pi: 3.14159"))
    #expect(session.run("help functions").output.contains("sqrt"))
    _ = session.run("f(x) = 2x")
    #expect(session.run("help f").output == "f(x) = 2 * x  (your function)\n")
    #expect(session.run("help zom").error?.message == "no help for 'zom' (did you mean 'zoom'?)")
    #expect(session.run("help qqqq").error?.message == "no help for 'qqqq'")
  }

  @Test func everyBuiltInFunctionHasHelp() {
    for name in Builtins.functions.keys {
      #expect(Help.functions[name] != nil, "\(name)")
    }
  }

  @Test(arguments: [
    ("zom", "zoom"), ("plto", "plot"), ("xrnage", "xrange"), ("exprot", "export"), ("vras", "vars"),
  ])
  func suggestions(typed: String, meant: String) {
    #expect(Suggestions.nearest(to: typed, among: Help.commands.map(\.name)) == meant)
  }

  @Test func suggestionsNeedToBeClose() {
    #expect(Suggestions.nearest(to: "zebra", among: ["zoom", "plot"]) == nil)
    #expect(Suggestions.nearest(to: "z", among: ["zoom"]) == nil)
    #expect(Suggestions.distance(Array("ab"), Array("ba")) == 1)
    #expect(Suggestions.distance(Array(""), Array("abc")) == 3)
  }

  @Test func commandLineOptions() throws {
    #expect(try CommandLineOptions.parse([]) == CommandLineOptions())
    #expect(try CommandLineOptions.parse([]).readsStandardInput)
    #expect(
      try CommandLineOptions.parse(["-e", "a = 1", "--eval", "a", "-eb", "--eval=c", "run.gc"])
        == CommandLineOptions(commands: ["a = 1", "a", "b", "c"], file: "run.gc"))
    #expect(try CommandLineOptions.parse(["--", "-odd"]).file == "-odd")
    #expect(try CommandLineOptions.parse(["-"]).file == "-")
    #expect(try CommandLineOptions.parse(["-e", "1", "--version"]).action == .version)
    #expect(try CommandLineOptions.parse(["--version", "--help"]).action == .help)
    #expect(throws: CommandError(.option(.unknown("--bogus")))) {
      try CommandLineOptions.parse(["--bogus"])
    }
    #expect(throws: CommandError(.option(.needsCommand(option: "-e")))) {
      try CommandLineOptions.parse(["-e"])
    }
    #expect(throws: CommandError(.option(.twoFiles("a", "b")))) {
      try CommandLineOptions.parse(["a", "b"])
    }
  }

  @Test func historyLocation() {
    #expect(HistoryLocation.path(xdgStateHome: "/s", home: "/h") == "/s/graphcalc/history")
    #expect(
      HistoryLocation.path(xdgStateHome: nil, home: "/h") == "/h/.local/state/graphcalc/history")
    #expect(
      HistoryLocation.path(xdgStateHome: "relative", home: "/h")
        == "/h/.local/state/graphcalc/history")
    #expect(HistoryLocation.path(xdgStateHome: "", home: "/") == "/.local/state/graphcalc/history")
    #expect(HistoryLocation.path(xdgStateHome: nil, home: nil) == nil)
  }
}
