import CalculatorBrain
import Glibc
import TextAndNumbers

// gnuplot's `load "FILE"` and `call "FILE" ARG1 ... ARG9`: the session answers a
// `ScriptCall`, which the executable runs (it reads the file's lines as it reads a
// script's, with line continuation, inline data, pauses and FILE:LINE in errors), between
// `enterScript` and `leaveScript`, which set and restore gnuplot's ARG0..ARG9 and ARGC.

extension CommandEntry {
  /// `load "FILE"`.
  static let load = CommandEntry(
    name: "load", usage: ["load \"FILE\""], summary: "run the commands of a file",
    details: """
      Runs each line of FILE as if typed, as gnuplot's load does: a line ending in \\
      continues on the next, plot "-" reads its data from the file, an error names
      FILE:LINE and the next line runs. quit or exit in FILE ends FILE only, and the
      commands after load go on. ARGC is 0 inside it.
      Example: load "setup.gp"
      """
  ) { arguments throws(CommandError) in
    let words = arguments.words
    guard words.count == 1, words[0].isString, !words[0].text.isEmpty else {
      throw CommandError(
        .usage("load \"FILE\", as in: load \"setup.gp\""),
        at: arguments.isEmpty ? nil : arguments.text.span)
    }
    return LoadScript(path: words[0].text, at: words[0].span, parameters: [], calls: false)
  }

  /// `call "FILE" [ARG1 ... ARG9]`.
  static let call = CommandEntry(
    name: "call", usage: ["call \"FILE\" [ARG1 ... ARG9]"],
    summary: "run a file's commands with parameters",
    details: """
      Runs FILE as load does, with up to nine parameters, as gnuplot 5's call: ARG0 is
      the file's name, ARG1 ... ARG9 the parameters as strings, ARGC how many were given
      (the ARG variables of the caller come back afterwards). A parameter in quotes is
      its text; a name of a variable its value; (EXPR) its value; anything else its
      word as typed. A parameter that is a number is also a number: ARG1*2 computes.
      gnuplot 4's form works too: $0 ... $9 in the file are the parameters (the first is
      $0) where that many were given, $# their count, $$ a $; any other $N stays a data
      column, as gnuplot 5 reads it.
      Example: call "curve.gp" 2 "title text"
      """
  ) { arguments throws(CommandError) in
    let words = arguments.words
    guard let first = words.first, first.isString, !first.text.isEmpty else {
      throw CommandError(
        .usage("call \"FILE\" [ARG1 ... ARG9], as in: call \"curve.gp\" 2 \"title\""),
        at: arguments.isEmpty ? nil : arguments.text.span)
    }
    guard words.count <= 10 else {
      throw CommandError(
        .expected("at most 9 parameters after the file"),
        at: words[10].span.lowerBound..<words[words.count - 1].span.upperBound)
    }
    return LoadScript(
      path: first.text, at: first.span, parameters: Array(words.dropFirst()), calls: true)
  }
}

/// A file of commands to run, with its parameters: what `load` and `call` ask the
/// executable to do.
public struct ScriptCall: Sendable, Hashable {
  /// The file's path, as given.
  public var path: String
  /// The parameters' texts (ARG1 ... ARG9), at most nine.
  public var parameters: [String]
  /// Whether it came from `call` (gnuplot 4's `$0 ... $9` then stand for the parameters).
  public var calls: Bool

  /// Creates a call of the file at `path` with `parameters` (`calls`: from `call`).
  public init(path: String, parameters: [String], calls: Bool) {
    self.path = path
    self.parameters = parameters
    self.calls = calls
  }
}

/// `load "FILE"` and `call "FILE" ARGS...`: resolves the parameters (a variable's value, an
/// expression's) and answers the call, which the executable runs.
struct LoadScript: SessionCommand, Hashable {
  /// The file's path.
  var path: String
  /// Where the file's name is written.
  var at: Range<Int>
  /// The parameters as typed.
  var parameters: [Argument]
  /// Whether it is `call`.
  var calls: Bool

  func run(in session: inout Session) throws(CommandError) -> Reply {
    guard session.scriptDepth < Session.scriptDepthLimit else {
      throw CommandError(.scriptsNestedTooDeep(limit: Session.scriptDepthLimit), at: at)
    }
    // Checked here, so the caret is under the name (the executable opens it again).
    guard let file = fopen(path, "r") else {
      throw CommandError(
        .cannotReadScript(path: path, reason: String(cString: strerror(errno))), at: at)
    }
    fclose(file)
    var texts: [String] = []
    for parameter in parameters {
      let typed = parameter.source.text
      if parameter.isString {
        texts.append(StringExpression.unescaped(typed))
      } else if let text = session.strings[typed] {
        texts.append(text)
      } else if let value = session.brain.variables[typed] {
        texts.append(CalculatorBrain.format(.real(value), base: 10))
      } else if typed.first == "(" {
        texts.append(CalculatorBrain.format(.real(try session.number(parameter.word)), base: 10))
      } else {
        texts.append(typed)
      }
    }
    var reply = Reply()
    reply.load = ScriptCall(path: path, parameters: texts, calls: calls)
    return reply
  }
}

extension Session {
  /// What a running `load` or `call` changed, to put back when it ends.
  struct ScriptFrame: Sendable, Hashable {
    /// The call.
    var call: ScriptCall
    /// The string values ARG0 ... ARG9 had before (nil: none).
    var savedStrings: [String?]
    /// The numbers ARG0 ... ARG9 and ARGC had before (nil: none).
    var savedNumbers: [Double?]
  }

  /// The deepest `load`/`call` nesting; one more is an error (a file that loads itself).
  public static let scriptDepthLimit = 32

  /// How many `load`/`call` files are running.
  public var scriptDepth: Int { scriptFrames.count }

  /// Starts running the file of `call`: sets ARG0 (its path), ARG1 ... ARG9 (its
  /// parameters, "" for those not given) as strings, and also as numbers where they are
  /// numbers, and ARGC; saves what they were.
  public mutating func enterScript(_ call: ScriptCall) {
    let names = (0...9).map { "ARG\($0)" }
    let frame = ScriptFrame(
      call: call, savedStrings: names.map { strings[$0] },
      savedNumbers: (names + ["ARGC"]).map { brain.variables[$0] })
    scriptFrames.append(frame)
    for (k, name) in names.enumerated() {
      let text = k == 0 ? call.path : (k <= call.parameters.count ? call.parameters[k - 1] : "")
      strings[name] = text
      if k > 0, let value = Double(text), value.isFinite {
        brain.setVariable(name, to: value)
      } else {
        brain.variables[name] = nil
      }
    }
    brain.setVariable("ARGC", to: Double(call.parameters.count))
  }

  /// Ends the innermost running file: ARG0 ... ARG9 and ARGC are what they were before it.
  public mutating func leaveScript() {
    guard let frame = scriptFrames.popLast() else { return }
    let names = (0...9).map { "ARG\($0)" }
    for (k, name) in names.enumerated() { strings[name] = frame.savedStrings[k] }
    for (k, name) in (names + ["ARGC"]).enumerated() {
      if let value = frame.savedNumbers[k] {
        brain.setVariable(name, to: value)
      } else {
        brain.variables[name] = nil
      }
    }
  }

  /// `line` with gnuplot 4's call parameters put in, when it is a line of a file that
  /// `call` runs with parameters (else nil): `$N` is parameter N (from 0) where that many
  /// were given, `$#` their count, `$$` a `$` (gnuplot 4's `call`, `help call old-style`);
  /// any other `$N` stays, a data column as gnuplot 5 reads it.
  func oldStyleParameters(in line: String) -> String? {
    guard let frame = scriptFrames.last, frame.call.calls, !frame.call.parameters.isEmpty,
      line.contains("$")
    else { return nil }
    let parameters = frame.call.parameters
    let chars = Array(line)
    var out = ""
    var i = 0
    var changed = false
    while i < chars.count {
      let c = chars[i]
      if c == "$", i + 1 < chars.count {
        let next = chars[i + 1]
        if next == "#" {
          out += "\(parameters.count)"
          i += 2
          changed = true
          continue
        }
        if next == "$" {
          out.append("$")
          i += 2
          changed = true
          continue
        }
        if let digit = next.wholeNumberValue, next.isASCII, digit < parameters.count,
          !(i + 2 < chars.count && chars[i + 2].isASCII && chars[i + 2].isNumber)
        {
          out += parameters[digit]
          i += 2
          changed = true
          continue
        }
      }
      out.append(c)
      i += 1
    }
    return changed ? out : nil
  }
}
