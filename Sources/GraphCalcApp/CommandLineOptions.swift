/// What the `graphcalc` command line asks for.
///
///     graphcalc                      interactive (or commands piped on standard input)
///     graphcalc -e CMD [-e CMD ...]  run these commands, in order
///     graphcalc FILE                 run the commands in FILE, one a line
///     graphcalc stream [OPTIONS] ... plot numbers live (see `StreamRequest`)
///     graphcalc --help | --version
public struct CommandLineOptions: Sendable, Hashable {
  /// What to do.
  public enum Action: Sendable, Hashable {
    /// Run commands: from `-e` and the file when given, else from standard input.
    case run
    /// Print the usage text and exit 0.
    case help
    /// Print the version and exit 0.
    case version
    /// Run `graphcalc stream` with these arguments (those after `stream`).
    case stream([String])
  }

  /// The program's version.
  public static let version = "0.1.0"

  /// The usage text `--help` prints (and a usage error refers to).
  public static let usage = """
    usage: graphcalc [-e COMMAND]... [FILE]
           graphcalc stream [OPTIONS] [FILE | cmd "COMMAND"]   (graphcalc stream --help)
           graphcalc --help | --version

    A terminal graphing calculator. Without -e or FILE it reads commands from standard
    input: interactively with line editing and history on a terminal, else one a line.

      -e, --eval COMMAND  run COMMAND (repeatable; run in order, before FILE)
      --color=WHEN        colour plots: auto (on a terminal, unless NO_COLOR is set),
                          always or never
      FILE                run the commands in FILE, one a line ('#' starts a comment;
                          '-' is standard input)
      -h, --help          show this text
      --version           show the version

    A script stops at nothing: every line runs, errors go to standard error as
    FILE:LINE: or -e N:, and the exit status is 1 when any line failed.
    Type 'help' at the prompt for the commands.
    """

  /// What to do.
  public var action: Action
  /// The `-e` commands, in order.
  public var commands: [String]
  /// The script file, if given (`-` for standard input).
  public var file: String?
  /// When to colour terminal plots (`--color=auto|always|never`, `--color` alone is
  /// `always`).
  public var color: ColorChoice = .auto

  /// Creates options.
  ///
  /// - Parameters:
  ///   - action: What to do.
  ///   - commands: The `-e` commands.
  ///   - file: The script file.
  public init(action: Action = .run, commands: [String] = [], file: String? = nil) {
    self.action = action
    self.commands = commands
    self.file = file
  }

  /// Whether standard input supplies the commands: neither `-e` nor a file was given.
  public var readsStandardInput: Bool { commands.isEmpty && file == nil }

  /// Reads the arguments (without the program name).
  ///
  /// `--` ends the options; `-eCMD` and `--eval=CMD` are accepted too. `--help` and
  /// `--version` win over `-e` and FILE.
  ///
  /// An array, not any sequence of strings: the generic form looked its iterator type up in
  /// the runtime (about 200 k instructions of every start-up, Docs/performance.md).
  ///
  /// - Parameter arguments: `Array(CommandLine.arguments.dropFirst())`.
  /// - Returns: The options.
  /// - Throws: `CommandError` for an unknown option, a missing `-e` argument or a second file
  ///   (the caller prints it with the usage and exits 2).
  public static func parse(_ arguments: [String]) throws(CommandError)
    -> CommandLineOptions
  {
    var options = CommandLineOptions()
    var iterator = arguments.makeIterator()
    var optionsEnded = false
    func take(_ file: String) throws(CommandError) {
      guard options.file == nil else {
        throw CommandError(.option(.twoFiles(options.file ?? "", file)))
      }
      options.file = file
    }
    while let argument = iterator.next() {
      if !optionsEnded, argument == "stream", options.file == nil {
        // The `stream` subcommand: everything after it is its own.
        guard options.commands.isEmpty else {
          throw CommandError(.option(.streamWithEval))
        }
        var rest: [String] = []
        while let next = iterator.next() { rest.append(next) }
        if options.action == .run { options.action = .stream(rest) }
        return options
      }
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        try take(argument)
        continue
      }
      switch argument {
      case "--":
        optionsEnded = true
      case "-h", "--help":
        options.action = .help
      case "--version":
        if options.action != .help { options.action = .version }
      case "-e", "--eval":
        guard let command = iterator.next() else {
          throw CommandError(.option(.needsCommand(option: argument)))
        }
        options.commands.append(command)
      default:
        if argument == "--color" || argument == "--colour" {
          options.color = .always
        } else if argument.hasPrefix("--color=") || argument.hasPrefix("--colour=") {
          let value = String(argument.drop { $0 != "=" }.dropFirst())
          guard let choice = ColorChoice(rawValue: value) else {
            throw CommandError(.option(.colorValue(value)))
          }
          options.color = choice
        } else if argument.hasPrefix("--eval=") {
          options.commands.append(String(argument.dropFirst("--eval=".count)))
        } else if argument.hasPrefix("-e"), !argument.hasPrefix("--") {
          options.commands.append(String(argument.dropFirst(2)))
        } else {
          throw CommandError(.option(.unknown(argument)))
        }
      }
    }
    return options
  }
}
