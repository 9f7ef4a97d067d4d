import GraphCalcApp
import Streaming
import Testing

@Suite struct StreamCommandTests {
  @Test(arguments: [
    ([], StreamRequest.Source.standardInput),
    (["-"], .standardInput),
    (["data.txt"], .file("data.txt")),
    (["<", "data.txt"], .file("data.txt")),
    (["<data.txt"], .file("data.txt")),
    (["cmd", "vmstat 1"], .command("vmstat 1")),
    (["--window", "5", "data.txt", "--smooth"], .file("data.txt")),
  ])
  func streamReadsAFileACommandOrStandardInput(arguments: [String], source: StreamRequest.Source)
    throws
  {
    #expect(try StreamRequest.parse(arguments).source == source)
  }

  @Test func flagValuesAreNotTakenForTheFile() throws {
    let request = try StreamRequest.parse(
      ["--ymin", "-5", "--export", "svg", "out.svg", "--window=20", "in.dat", "--ymax", "7"])
    #expect(request.source == .file("in.dat"))
    #expect(request.options.yMin == -5)
    #expect(request.options.yMax == 7)
    #expect(request.options.window == 20)
    #expect(request.options.exportSVGPath == "out.svg")
  }

  @Test(arguments: [
    (["--widnow", "5"], "unknown option '--widnow'; did you mean '--window'?", 0),
    (["a.txt", "b.txt"], "stream reads one FILE; got 'a.txt' and 'b.txt'", 1),
    (["cmd", "vmstat", "1"], "unexpected argument '1'", 2),
    (["data.txt", "cmd", "vmstat 1"], "stream reads FILE or cmd \"COMMAND\", not both", 0),
    (["--window", "0"], "--window must be between 1 and", 1),
    (["--ymin", "3", "--ymax", "1"], "--ymin (3) must be less than --ymax (1)", 2),
    (["--export", "png", "x.png"], "--export supports only 'svg', not 'png'", 1),
    (["<"], "'<' needs a FILE after it", 0),
  ])
  func streamArgumentMistakesNameTheArgument(arguments: [String], message: String, index: Int) {
    #expect {
      _ = try StreamRequest.parse(arguments)
    } throws: { error in
      guard let error = error as? StreamArgumentError else { return false }
      return error.message.hasPrefix(message) && error.argument == index
    }
  }

  @Test func theStreamCommandAsksTheExecutableToRunIt() throws {
    var session = Session()
    let reply = session.run("stream --window 50 cmd \"vmstat 1\"  # live memory")
    #expect(reply.error == nil)
    #expect(reply.output == "")
    let request = try #require(reply.stream)
    #expect(request.source == .command("vmstat 1"))
    #expect(request.options.window == 50)
    #expect(session.run("stream < \"my data.txt\"").stream?.source == .file("my data.txt"))
    #expect(session.run("2+2").stream == nil)
  }

  @Test func aStreamMistakeIsLocatedAtItsArgument() throws {
    var session = Session()
    let reply = session.run("stream data.txt --widnow 5")
    let error = try #require(reply.error)
    #expect(error.message == "unknown option '--widnow'; did you mean '--window'?")
    #expect(error.location == 16..<24)
    #expect(reply.stream == nil)
  }

  @Test func helpExplainsStream() throws {
    var session = Session()
    let help = session.run("help stream").output
    #expect(help.hasPrefix("usage: stream [OPTIONS] FILE\n"))
    #expect(help.contains("--window N"))
    #expect(session.run("help").output.contains("stream [OPTIONS] FILE"))
  }

  @Test func theStreamSubcommandTakesTheRestOfTheCommandLine() throws {
    let options = try CommandLineOptions.parse(["stream", "--window", "5", "-e", "x"])
    #expect(options.action == .stream(["--window", "5", "-e", "x"]))
    #expect(try CommandLineOptions.parse(["stream"]).action == .stream([]))
    #expect(try CommandLineOptions.parse(["--help", "stream"]).action == .help)
    // a script named stream
    #expect(try CommandLineOptions.parse(["--", "stream"]).file == "stream")
    #expect(throws: CommandError.self) { try CommandLineOptions.parse(["-e", "1", "stream"]) }
  }
}
