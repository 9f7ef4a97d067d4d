import Testing

@testable import Streaming

@Suite struct StreamOptionsTests {
  @Test func defaults() throws {
    let o = try StreamOptions.parse([])
    #expect(o == StreamOptions())
    #expect(o.window == 100 && o.yMin == nil && o.yMax == nil && !o.smooth)
    #expect(o.command == nil && o.exportSVGPath == nil && o.framesPerSecond == 30)
  }

  @Test func allFlags() throws {
    let o = try StreamOptions.parse([
      "--window", "250", "--ymin", "-5", "--ymax=1e3", "--smooth", "--fps", "60",
      "--export", "svg", "out.svg", "cmd", "vmstat 1",
    ])
    #expect(o.window == 250)
    #expect(o.yMin == -5 && o.yMax == 1000)
    #expect(o.smooth)
    #expect(o.framesPerSecond == 60)
    #expect(o.exportSVGPath == "out.svg")
    #expect(o.command == "vmstat 1")
    #expect(try StreamOptions.parse(["--window=7"]).window == 7)
    #expect(try StreamOptions.parse(["--ymax", "-2"]).yMax == -2)
  }

  struct ErrorCase: Sendable, CustomStringConvertible {
    let args: [String]
    let error: StreamOptionsError
    let message: String
    var description: String { args.joined(separator: " ") }
  }

  @Test(arguments: [
    ErrorCase(
      args: ["--window", "0"], error: .windowOutOfRange(0),
      message: "--window must be between 1 and 10000000, not 0"),
    ErrorCase(
      args: ["--window", "-3"], error: .windowOutOfRange(-3),
      message: "--window must be between 1 and 10000000, not -3"),
    ErrorCase(
      args: ["--window", "abc"], error: .invalidWindow("abc"),
      message: "--window needs a whole number of samples, not 'abc'"),
    ErrorCase(
      args: ["--window", "2.5"], error: .invalidWindow("2.5"),
      message: "--window needs a whole number of samples, not '2.5'"),
    ErrorCase(
      args: ["--window", "99999999999999999999"], error: .invalidWindow("99999999999999999999"),
      message: "--window needs a whole number of samples, not '99999999999999999999'"),
    ErrorCase(
      args: ["--window"], error: .missingValue(flag: "--window"), message: "--window needs a value"),
    ErrorCase(
      args: ["--ymin", "5", "--ymax", "1"], error: .emptyYRange(min: 5, max: 1),
      message: "--ymin (5) must be less than --ymax (1)"),
    ErrorCase(
      args: ["--ymin", "2.5", "--ymax", "2.5"], error: .emptyYRange(min: 2.5, max: 2.5),
      message: "--ymin (2.5) must be less than --ymax (2.5)"),
    ErrorCase(
      args: ["--ymin", "low"], error: .invalidNumber(flag: "--ymin", value: "low"),
      message: "--ymin needs a finite number, not 'low'"),
    ErrorCase(
      args: ["--ymax", "nan"], error: .invalidNumber(flag: "--ymax", value: "nan"),
      message: "--ymax needs a finite number, not 'nan'"),
    ErrorCase(
      args: ["--ymax", "inf"], error: .invalidNumber(flag: "--ymax", value: "inf"),
      message: "--ymax needs a finite number, not 'inf'"),
    ErrorCase(
      args: ["--fps", "0"], error: .invalidNumber(flag: "--fps", value: "0"),
      message: "--fps needs a number from 1 to 120, not '0'"),
    ErrorCase(
      args: ["--export", "png", "x.png"], error: .unsupportedExportFormat("png"),
      message: "--export supports only 'svg', not 'png'"),
    ErrorCase(
      args: ["--export", "svg"], error: .missingValue(flag: "--export svg"),
      message: "--export svg needs a value"),
    ErrorCase(
      args: ["--smooth=yes"], error: .unexpectedValue(flag: "--smooth", value: "yes"),
      message: "--smooth takes no value (got 'yes')"),
    ErrorCase(
      args: ["--windw", "5"], error: .unknownOption("--windw", suggestion: "--window"),
      message: "unknown option '--windw'; did you mean '--window'?"),
    ErrorCase(
      args: ["--colour"], error: .unknownOption("--colour", suggestion: nil),
      message: "unknown option '--colour'"),
    ErrorCase(
      args: ["cmd", "vmstat", "1"], error: .unexpectedArgument("1"),
      message: "unexpected argument '1' (quote a command as one argument: cmd \"vmstat 1\")"),
    ErrorCase(args: ["cmd"], error: .missingValue(flag: "cmd"), message: "cmd needs a value"),
  ])
  func badOptions(_ c: ErrorCase) {
    #expect(throws: c.error) { try StreamOptions.parse(c.args) }
    do {
      _ = try StreamOptions.parse(c.args)
    } catch {
      #expect(error.description == c.message)
    }
  }
}

@Suite struct StreamOptionsCases {
  /// `stream`'s flags follow graphcalc's one "did you mean" rule (`NameSuggestion`): case is
  /// ignored, a one-character word gets no suggestion, a swap of two letters is one edit.
  @Test func flagSuggestionsFollowTheOneRule() {
    #expect(StreamOptions.suggestion(for: "--WINDOW") == "--window")
    #expect(StreamOptions.suggestion(for: "--wnidow") == "--window")
    #expect(StreamOptions.suggestion(for: "-") == nil)
    #expect(StreamOptions.suggestion(for: "--verbose") == nil)
  }
}
