import CalculatorBrain
import Glibc
import TextAndNumbers

// gnuplot's parameter files (tracker issue 16): `fit ... via "start.par"` reads the start
// values from lines `a = 1.5`, a line with `# FIXED` setting a variable that is not fitted;
// `save fit "FILE"` (gnuplot 5.4) writes the last fit's parameters as such a file, and
// `update "FILE" ["NEW"]` (gnuplot 4 and 5.0) writes FILE's lines back with the fitted values.

/// What the last `fit` did, for `save fit` and `update`.
struct LastFit: Sendable, Hashable {
  /// The command as written.
  var command: String
  /// The parameters fitted, in order.
  var parameters: [String]
  /// The values a parameter file fixed (`# FIXED`), in its order.
  var fixed: [FixedValue]
  /// The independent variables' names.
  var variables: [String]
  /// sqrt(WSSR/ndf), which gnuplot's `save fit` writes on its second line.
  var rmsOfResiduals: Double

  /// A value a parameter file fixed.
  struct FixedValue: Sendable, Hashable {
    var name: String
    var value: Double
  }

  init(
    command: String, parameters: [String], fixed: [(name: String, value: Double)],
    variables: [String], rmsOfResiduals: Double
  ) {
    self.command = command
    self.parameters = parameters
    self.fixed = fixed.map { FixedValue(name: $0.name, value: $0.value) }
    self.variables = variables
    self.rmsOfResiduals = rmsOfResiduals
  }
}

/// gnuplot's parameter file: lines `NAME = VALUE`, comments after `#`, blank lines, and
/// `# FIXED` after a value that is set but not fitted (gnuplot's fit.c reads it so).
enum ParameterFile {
  /// The parameters and fixed values of the file named by `file`.
  ///
  /// - Parameter file: The path (without quotes), at its opening quote in the line.
  /// - Throws: `CommandError` at the file's name: it cannot be read, a line is not
  ///   `NAME = VALUE` (naming the line), or every parameter is fixed.
  static func read(_ file: Word) throws(CommandError) -> (
    parameters: [(name: Word, value: Double)], fixed: [(name: String, value: Double)]
  ) {
    let span = file.offset..<(file.offset + file.text.count + 2)
    let bytes: [UInt8]
    do throws(FileReadError) {
      bytes = try readWholeFile(file.text)
    } catch {
      throw CommandError(
        .fit(.cannotReadParameterFile(path: file.text, reason: error.reason)), at: span)
    }
    var parameters: [(name: Word, value: Double)] = []
    var fixed: [(name: String, value: Double)] = []
    for (k, raw) in String(decoding: bytes, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false
    ).enumerated() {
      var line = Substring(raw)
      let isFixed = line.contains("# FIXED")
      if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
      let text = line.trimmingCharacters(in: " \t\r")
      if text.isEmpty { continue }
      func bad(_ what: String) -> CommandError {
        CommandError(.fit(.parameterFileLine(path: file.text, line: k + 1, what: what)), at: span)
      }
      guard let eq = text.firstIndex(of: "=") else { throw bad("no = in \"\(text)\"") }
      let name = text[..<eq].trimmingCharacters(in: " \t")
      let value = text[text.index(after: eq)...].trimmingCharacters(in: " \t")
      guard let first = name.first, first.isLetter || first == "_",
        name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
      else { throw bad("\"\(name)\" is not a name") }
      guard let v = Double(value), v.isFinite else { throw bad("\"\(value)\" is not a number") }
      if isFixed {
        fixed.append((name, v))
      } else {
        parameters.append((Word(name, at: file.offset), v))
      }
    }
    guard !parameters.isEmpty else {
      throw CommandError(.fit(.noParameterInFile(path: file.text)), at: span)
    }
    return (parameters, fixed)
  }

  /// gnuplot's `%-15s = %-22s` line of a parameter, without a newline.
  static func line(_ name: String, _ value: Double) -> String {
    func pad(_ s: String, _ width: Int) -> String {
      s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
    }
    return "\(pad(name, 15)) = \(pad(real(value), 22))"
  }

  /// A real number as gnuplot writes one (`%.15g`, with `.0` after a whole number: `2.0`,
  /// `2.31582633053202`, `1e-20`).
  static func real(_ value: Double) -> String {
    let text = NumberFormat.printf(value, precision: 15)
    let plain = text.allSatisfy { $0.isNumber || $0 == "-" }
    return plain ? text + ".0" : text
  }
}

/// Why a file could not be read.
struct FileReadError: Error {
  /// The system's reason (strerror).
  var reason: String
}

/// The bytes of the file at `path`.
///
/// - Throws: `FileReadError` with the system's reason.
func readWholeFile(_ path: String) throws(FileReadError) -> [UInt8] {
  let fd = open(path, O_RDONLY | O_CLOEXEC)
  guard fd >= 0 else { throw FileReadError(reason: String(cString: strerror(errno))) }
  defer { close(fd) }
  var out: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 65536)
  while true {
    let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
    if n < 0 {
      if errno == EINTR { continue }
      throw FileReadError(reason: String(cString: strerror(errno)))
    }
    if n == 0 { break }
    out += buffer[0..<n]
    if out.count > 16 << 20 { throw FileReadError(reason: "it is larger than 16 MiB") }
  }
  return out
}

extension Substring {
  /// The text without the characters of `set` at its ends.
  fileprivate func trimmingCharacters(in set: String) -> String {
    var s = self
    while let c = s.first, set.contains(c) { s = s.dropFirst() }
    while let c = s.last, set.contains(c) { s = s.dropLast() }
    return String(s)
  }
}

extension String {
  /// The text without the characters of `set` at its ends.
  fileprivate func trimmingCharacters(in set: String) -> String {
    Substring(self).trimmingCharacters(in: set)
  }
}

extension CommandEntry {
  /// `update "FILE" ["NEWFILE"]`: gnuplot's parameter file written back with the fitted values.
  static let update = CommandEntry(
    name: "update",
    usage: ["update \"FILE\" [\"NEWFILE\"]"],
    summary: "write the last fit's values into a parameter file (gnuplot's update)",
    details: """
      Writes the parameter file FILE (as read by fit ... via "FILE") again with the values
      of the last fit: each line NAME = VALUE gets the variable's value now, comments and
      # FIXED stay. With NEWFILE the new text goes there and FILE stays; without, FILE is
      kept as FILE.old first (an error if FILE.old exists). When FILE does not exist it is
      made from the last fit (its parameters, and the values its file fixed, # FIXED).
      gnuplot 5.4 has save fit "FILE" for the same.
        fit f(x) "data.dat" via "start.par"
        update "start.par" "fitted.par"
      """, keywords: []
  ) { arguments throws(CommandError) in
    let words = arguments.words
    guard (1...2).contains(words.count), words.allSatisfy(\.isString) else {
      throw CommandError(
        .needs(word: "update", what: "a parameter file in quotes, as in: update \"start.par\""),
        at: words.first(where: { !$0.isString })?.span ?? arguments.text.span)
    }
    func path(_ w: Argument) throws(CommandError) -> Word {
      guard !w.text.isEmpty else { throw CommandError(.emptyFileName, at: w.span) }
      return w.word
    }
    return UpdateParameters(
      file: try path(words[0]), newFile: try words.dropFirst().first.map(path))
  }
}

/// `update "FILE" ["NEWFILE"]`.
struct UpdateParameters: SessionCommand {
  /// The parameter file (path without quotes, at its quote).
  var file: Word
  /// Where the new text goes, if not FILE.
  var newFile: Word?

  func run(in session: inout Session) throws(CommandError) -> Reply {
    let span = file.offset..<(file.offset + file.text.count + 2)
    guard let last = session.lastFit else {
      throw CommandError(.fit(.noFitYet(command: "update")), at: span)
    }
    let variables = session.brain.variables
    let target = newFile ?? file
    let targetSpan = target.offset..<(target.offset + target.text.count + 2)
    var text = ""
    if let bytes = try? readWholeFile(file.text) {
      // gnuplot's update: comments and blank lines kept, each `NAME = VALUE` with the
      // variable's value now and what followed its `#`.
      var lines = String(decoding: bytes, as: UTF8.self).split(
        separator: "\n", omittingEmptySubsequences: false)
      if lines.last == "" { lines.removeLast() }
      for (k, raw) in lines.enumerated() {
        let body = raw.firstIndex(of: "#").map { raw[..<$0] } ?? raw
        let tail = raw.firstIndex(of: "#").map { String(raw[$0...]) } ?? ""
        if body.trimmingCharacters(in: " \t\r").isEmpty {
          text += raw + "\n"
          continue
        }
        let name =
          body.firstIndex(of: "=").map { body[..<$0].trimmingCharacters(in: " \t") } ?? ""
        guard !name.isEmpty, let value = variables[name] else {
          throw CommandError(
            .fit(
              .parameterFileLine(
                path: file.text, line: k + 1, what: "\"\(body)\" names no variable")),
            at: span)
        }
        text += ParameterFile.line(name, value) + "   " + tail + "\n"
      }
      if newFile == nil {
        // FILE is kept as FILE.old, as gnuplot keeps it.
        let old = file.text + ".old"
        var info = stat()
        guard stat(old, &info) != 0 else {
          throw CommandError(
            .cannotWrite(
              path: file.text, reason: "the backup \(old) exists and would be overwritten"),
            at: span)
        }
        guard rename(file.text, old) == 0 else {
          throw CommandError(
            .cannotWrite(path: old, reason: String(cString: strerror(errno))), at: span)
        }
      }
    } else {
      // No FILE yet: made from the last fit (gnuplot writes every variable; here only the
      // fit's, so loading it changes nothing else).
      text = "# Parameter file created by 'update' from current variables\n"
      text += "## \(last.command)\n"
      for f in last.fixed {
        text += ParameterFile.line(f.name, variables[f.name] ?? f.value) + "   # FIXED\n"
      }
      for p in last.parameters {
        text += ParameterFile.line(p, variables[p] ?? .nan) + "\n"
      }
    }
    do throws(CommandError) {
      try AtomicFile.write(text, to: target.text)
    } catch {
      var located = error
      located.location = targetSpan
      throw located
    }
    return Reply()
  }
}

extension Session {
  /// gnuplot 5.4's `save fit "FILE"`: the last fit's command and sum as comments, then its
  /// parameters, one `NAME = VALUE` line each (a parameter file for `fit ... via "FILE"`).
  ///
  /// - Throws: `CommandError` before any fit, or when FILE cannot be written (whole or not
  ///   at all).
  func saveFit(to file: Word) throws(CommandError) {
    let span = file.offset..<(file.offset + file.text.count + 2)
    guard let last = lastFit else {
      throw CommandError(.fit(.noFitYet(command: "save fit")), at: span)
    }
    var text = "# \(last.command)\n"
    // gnuplot writes sqrt(WSSR/ndf) on this line, under this label.
    text +=
      "# final sum of squares of residuals : \(NumberFormat.printf(last.rmsOfResiduals, precision: 6))\n"
    for p in last.parameters {
      text += ParameterFile.line(p, brain.variables[p] ?? .nan) + "\n"
    }
    do throws(CommandError) {
      try AtomicFile.write(text, to: file.text)
    } catch {
      var located = error
      located.location = span
      throw located
    }
  }
}

extension CommandEntry {
  /// `save fit "FILE"`: gnuplot 5.4's parameter file of the last fit.
  static let save = CommandEntry(
    name: "save",
    usage: ["save fit \"FILE\""],
    summary: "write the last fit's parameters as a parameter file (gnuplot's save fit)",
    details: """
      save fit "FILE" writes the last fit's command and the rms of its residuals as
      comments, then its parameters as lines NAME = VALUE, as gnuplot 5.4 writes them: a
      parameter file for fit ... via "FILE". The file is written whole or not at all.
      gnuplot's other save forms (functions, variables, set, terminal) are not supported.
        fit f(x) "data.dat" via a, b
        save fit "fitted.par"
      """, keywords: ["fit"]
  ) { arguments throws(CommandError) in
    let words = arguments.words
    guard let first = words.first, first.text == "fit" else {
      throw CommandError(
        .notSupported(
          what: "save \(words.first?.text ?? "")".trimmingCharacters(in: " "),
          hint: "save fit \"FILE\" writes the last fit's parameters; graphcalc keeps its "
            + "history itself"),
        at: words.first?.span ?? arguments.text.span)
    }
    guard words.count == 2, words[1].isString else {
      throw CommandError(
        .needs(word: "save fit", what: "a file name in quotes, as in: save fit \"fitted.par\""),
        at: words.dropFirst().first?.span ?? first.span)
    }
    guard !words[1].text.isEmpty else { throw CommandError(.emptyFileName, at: words[1].span) }
    return SaveFit(file: words[1].word)
  }
}

/// `save fit "FILE"`.
struct SaveFit: SessionCommand {
  /// The file (path without quotes, at its quote).
  var file: Word

  func run(in session: inout Session) throws(CommandError) -> Reply {
    try session.saveFit(to: file)
    return Reply()
  }
}
