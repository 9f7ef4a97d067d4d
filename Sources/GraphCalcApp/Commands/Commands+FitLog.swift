import CalculatorBrain
import Fitting
import Glibc
import TextAndNumbers

// gnuplot's fit.log (tracker issue 16): each fit appends a record of itself to the log file
// (`fit.log` where graphcalc runs, the environment's FIT_LOG, or `set fit logfile "F"`;
// none after `set fit nolog`): the time, the data and its format, the ranges, the model and
// the functions it calls, where the start values came from, the start and final iterations
// and the report. The record is written whole or not at all; when it cannot be, the fit
// is still reported and its variables set, and the reply's error names the file.

/// One fit's record for the log file, gnuplot's layout (fit.c's log lines).
struct FitLog {
  /// The lines so far.
  var lines: [String]
  /// The parameters' names.
  var names: [String]

  /// The record's head: the time, the data, its format and ranges, the points, the model
  /// and its functions, the start values.
  init(
    fit: Fit, model: Expr, shape: Fit.Shape, ranges: [ClosedRange<Double>?], points: Int,
    functions: [String: UserFunction], fixed: [(name: String, value: Double)],
    names: [String], start: [Double], startSum: Double
  ) {
    self.names = names
    var lines = ["", "", String(repeating: "*", count: 79), FitLog.now(), "", ""]
    lines.append("FIT:    data read from \(fit.dataText)")
    var format = shape.variables.map { $0 + ":" }.joined()
    for (k, v) in shape.variables.enumerated() where shape.variableErrors[k] { format += "s\(v):" }
    format += shape.zError ? "z:s" : "z"
    lines.append("        format = \(format)")
    func bound(_ v: Double) -> String { v.isInfinite ? "*" : cFormat("%#g", v) }
    let indep = shape.variables.count
    if ranges.count > indep, let z = ranges[indep] {
      lines.append(
        "        function range restricted to [\(bound(z.lowerBound)) : \(bound(z.upperBound))]")
    }
    for (k, r) in ranges.prefix(indep).enumerated() {
      guard let r else { continue }
      lines.append(
        "        \(shape.variables[k]) range restricted to [\(bound(r.lowerBound)) : \(bound(r.upperBound))]"
      )
    }
    lines.append("        #datapoints = \(points)")
    if !shape.zError && !shape.variableErrors.contains(true) {
      lines.append("        residuals are weighted equally (unit weight)")
      lines.append("")
    }
    lines.append("function used for fitting: \(fit.model.text)")
    for f in FitLog.called(model, functions: functions) {
      lines.append(
        "\t\(f.name)(\(f.parameters.joined(separator: ","))) = \(CalculatorBrain.infixDescription(f.body))"
      )
    }
    if let file = fit.parameterFile {
      lines.append("fitted parameters and initial values from file: \(file.text)")
      lines.append("")
      for f in fixed { lines.append("FIXED:  \(f.name) = \(ParameterFile.real(f.value)) ") }
    } else {
      lines.append("fitted parameters initialized with current variable values")
      lines.append("")
    }
    lines.append(
      "iter      chisq       delta/lim "
        + names.map { " " + FitLog.pad(String($0.prefix(13)), 13) }.joined())
    lines.append(FitLog.iteration(0, startSum, 0, start))
    self.lines = lines
  }

  /// Adds the final iteration and the report.
  mutating func finish(_ result: FitResult, report: [String]) {
    let limit = NonlinearFit.stepTolerance
    lines.append(
      FitLog.iteration(
        result.iterations, result.sumOfSquares, result.lastRelativeChange / limit,
        result.parameters))
    lines.append("")
    lines += report
  }

  /// The text: the lines, each ending in a newline.
  var text: String { lines.map { $0 + "\n" }.joined() }

  /// gnuplot's line of an iteration (`%4i %-17.10e %- 10.2e`, then `% 14.6e` a parameter).
  static func iteration(_ k: Int, _ sum: Double, _ deltaOverLimit: Double, _ p: [Double])
    -> String
  {
    var line =
      cFormat("%4d", Int32(clamping: k)) + " " + cFormat("%-17.10e", sum) + " "
      + cFormat("%- 10.2e", deltaOverLimit.isFinite ? deltaOverLimit : 0)
    for v in p { line += " " + cFormat("% 14.6e", v) }
    return line
  }

  /// The user functions `model` calls, directly or not, each once, in the order met.
  static func called(_ model: Expr, functions: [String: UserFunction]) -> [UserFunction] {
    var out: [UserFunction] = []
    var seen: Set<String> = []
    var pending: [Expr] = [model]
    while !pending.isEmpty, out.count < 32 {
      let e = pending.removeFirst()
      for name in Fit.callNames(of: e).sorted() where !seen.contains(name) {
        seen.insert(name)
        if let f = functions[name] {
          out.append(f)
          pending.append(f.body)
        }
      }
    }
    return out
  }

  /// `s` padded with blanks to `width`.
  static func pad(_ s: String, _ width: Int) -> String {
    s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
  }

  /// The local time as C's `ctime` writes it (`Fri Dec  4 02:40:18 2026`).
  static func now() -> String {
    var t = time(nil)
    var parts = tm()
    localtime_r(&t, &parts)
    var buffer = [CChar](repeating: 0, count: 64)
    let n = strftime(&buffer, buffer.count, "%a %b %e %H:%M:%S %Y", &parts)
    return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

/// `value` formatted by C's printf with `format` (one conversion).
func cFormat(_ format: String, _ value: any CVarArg) -> String {
  var buffer = [CChar](repeating: 0, count: 128)
  let n = withVaList([value]) { vsnprintf(&buffer, buffer.count, format, $0) }
  return String(
    decoding: buffer[0..<max(0, min(Int(n), 127))].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

extension Session {
  /// The log file `fit` appends to now: `set fit logfile`'s, else the environment's
  /// FIT_LOG, else `fit.log`; a name ending in `/` is a folder, holding `fit.log`. Nil
  /// after `set fit nolog`.
  var fitLogPath: String? {
    guard fitSettings.logs else { return nil }
    var path = fitSettings.logFile ?? getenv("FIT_LOG").map { String(cString: $0) } ?? ""
    if path.isEmpty { path = "fit.log" }
    if path.hasSuffix("/") { path += "fit.log" }
    return path
  }

  /// Appends `log`'s record to the log file, whole or not at all (one write at the end of
  /// the file; a short write is cut off again).
  ///
  /// - Returns: nil, or the error naming the file and the system's reason.
  func appendFitLog(_ log: FitLog) -> CommandError? {
    guard let path = fitLogPath else { return nil }
    let bytes = Array(log.text.utf8)
    let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o666)
    guard fd >= 0 else { return Self.logFailure(path) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG || path.hasPrefix("/dev/") else {
      return CommandError(.cannotWrite(path: path, reason: "it is not a regular file"))
    }
    let before = info.st_size
    var done = 0
    while done < bytes.count {
      let n = bytes.withUnsafeBufferPointer {
        Glibc.write(fd, $0.baseAddress! + done, bytes.count - done)
      }
      if n < 0 {
        if errno == EINTR { continue }
        let failure = Self.logFailure(path)
        _ = ftruncate(fd, before)
        return failure
      }
      done += n
    }
    return nil
  }

  /// The error for the log file `path` with errno's reason.
  static func logFailure(_ path: String) -> CommandError {
    CommandError(
      .cannotWrite(
        path: path,
        reason: String(cString: strerror(errno))
          + " (the fit is done: its variables are set; set fit logfile \"FILE\" or set fit nolog)"
      ))
  }
}
