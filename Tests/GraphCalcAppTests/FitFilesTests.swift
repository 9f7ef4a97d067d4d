import Foundation
import GraphCalcApp
import TestSupport
import Testing

/// The files around `fit`: the log (fit.log), parameter files (`via "FILE"`), `save fit` and
/// `update`; and the errors of fits of several variables.
@Suite struct FitFilesTests {
  static let linear = "\"\(fixtures)/fit-linear.dat\""

  /// A session whose fits log into `folder` (never where the tests run).
  static func session(_ folder: TemporaryFolder, _ lines: [String] = []) -> Session {
    var session = Session(terminalSize: TerminalSize(columns: 80, rows: 24))
    #expect(session.run("set fit logfile \"\(folder.path)/fit.log\"").error == nil)
    for line in lines { #expect(session.run(line).error == nil, "\(line)") }
    return session
  }

  static func read(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
  }

  /// Each fit appends one record in gnuplot's layout; a failed one ends with BREAK.
  @Test func logAppendsARecordEachFit() throws {
    let folder = try TemporaryFolder()
    var session = Self.session(folder, ["f(x) = a*x + b", "set fit quiet"])
    #expect(session.run("fit f(x) \(Self.linear) using 1:2 via a, b").error == nil)
    #expect(session.run("fit [0:3] f(x) \(Self.linear) using 1:2:(0.5) via a, b").error == nil)
    let failed = session.run("fit [100:200] f(x) \(Self.linear) via a, b")
    #expect(failed.error != nil)
    let log = "\n" + (try Self.read(folder.path + "/fit.log"))
    let records = log.components(separatedBy: "\n\n\n" + String(repeating: "*", count: 79) + "\n")
    #expect(records.count == 4 && records[0].isEmpty, "\(log)")
    let first = records[1]
    for part in [
      "FIT:    data read from \"\(fixtures)/fit-linear.dat\" using 1:2\n",
      "        format = x:z\n", "        #datapoints = 12\n",
      "        residuals are weighted equally (unit weight)\n\n",
      "function used for fitting: f(x)\n\tf(x) = a * x + b\n",
      "fitted parameters initialized with current variable values\n\n",
      "iter      chisq       delta/lim  a             b            \n", "   0 ",
      "the fit converged.\nfinal sum of squares of residuals : 0.0766516\n",
      "a               = 1.99872          +/- 0.01464      (0.7326%)\n",
    ] {
      #expect(first.contains(part), "\(part)\n\(first)")
    }
    #expect(records[2].contains("        format = x:z:s\n"))
    #expect(records[2].contains("        x range restricted to [0.00000 : 3.00000]\n"))
    #expect(!records[2].contains("unit weight"))
    #expect(records[3].hasSuffix("BREAK: \(failed.error?.message ?? "")\n"), "\(records[3])")
  }

  /// A log that cannot be written: the fit is still reported and its variables set, and
  /// the reply's error names the file; nothing is left of a record half written.
  @Test(arguments: ["/nowhere/fit.log", "FOLDER", "/dev/full"])
  func logThatCannotBeWritten(_ name: String) throws {
    let folder = try TemporaryFolder()
    let path = name == "FOLDER" ? folder.path : name
    var session = Self.session(folder, ["f(x) = a*x + b"])
    #expect(session.run("set fit logfile \"\(path)\"").error == nil)
    let reply = session.run("fit f(x) \(Self.linear) via a, b")
    let error = try #require(reply.error)
    #expect(error.message.hasPrefix("cannot write \(path)"), "\(error.message)")
    #expect(error.message.contains("the fit is done"))
    #expect(reply.output.contains("Final set of parameters"))
    #expect(session.brain.variables["a"].map { abs($0 - 1.9987204895104917) < 1e-9 } == true)
  }

  /// `set fit nolog` writes none; `set fit logfile` again (or `unset fit`) logs again.
  @Test func noLog() throws {
    let folder = try TemporaryFolder()
    var session = Self.session(folder, ["f(x) = a*x + b", "set fit quiet nolog"])
    #expect(session.run("fit f(x) \(Self.linear) via a, b").error == nil)
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/fit.log"))
    #expect(session.run("show fit").output == "fit quiet maxiter 1000 nolog\n")
    #expect(session.run("set fit logfile \"\(folder.path)/\"").error == nil)
    #expect(session.run("fit f(x) \(Self.linear) via a, b").error == nil)
    #expect(try Self.read(folder.path + "/fit.log").contains("FIT:    data read from"))
    #expect(session.run("set fit logfile \"\"").error?.message.contains("file name") == true)
  }

  /// A parameter file: start values, a `# FIXED` value set and not fitted, comments kept by
  /// `update`, which writes gnuplot's columns.
  @Test func parameterFileAndUpdate() throws {
    let folder = try TemporaryFolder()
    let par = folder.path + "/start.par"
    try "# start\na = 3\nb = 2   # the offset\nc = 0.5 # FIXED\n\n".write(
      toFile: par, atomically: true, encoding: .utf8)
    var session = Self.session(folder, ["f(x) = a*x + b + c*0", "set fit quiet"])
    #expect(session.run("update \"\(par)\"").error?.message.contains("fit first") == true)
    let reply = session.run("fit f(x) \(Self.linear) via \"\(par)\"")
    #expect(reply.error == nil, "\(reply.error?.message ?? "")")
    #expect(session.brain.variables["c"] == 0.5)
    let a = try #require(session.brain.variables["a"])
    #expect(abs(a - 1.9987204895104917) < 1e-9)
    let log = try Self.read(folder.path + "/fit.log")
    #expect(
      log.contains("fitted parameters and initial values from file: \(par)\n\nFIXED:  c = 0.5 \n"))
    // update FILE NEW: NEW has the values, FILE is unchanged.
    let new = folder.path + "/new.par"
    #expect(session.run("update \"\(par)\" \"\(new)\"").error == nil)
    let b = try #require(session.brain.variables["b"])
    func line(_ name: String, _ value: Double, _ tail: String) -> String {
      let name15 = name.padding(toLength: 15, withPad: " ", startingAt: 0)
      let text = String(format: "%.15g", value)
      return "\(name15) = \(text.padding(toLength: 22, withPad: " ", startingAt: 0))   \(tail)"
    }
    #expect(
      try Self.read(new)
        == "# start\n\(line("a", a, ""))\n\(line("b", b, "# the offset"))\n"
        + "\(line("c", 0.5, "# FIXED"))\n\n")
    #expect(try Self.read(par).hasPrefix("# start\na = 3\n"))
    // update FILE: the old one is kept as FILE.old, once.
    #expect(session.run("update \"\(par)\"").error == nil)
    #expect(try Self.read(par + ".old").hasPrefix("# start\na = 3\n"))
    #expect(try Self.read(par) == Self.read(new))
    let again = try #require(session.run("update \"\(par)\"").error)
    #expect(again.message.contains("\(par).old exists"), "\(again.message)")
    // A file that does not exist is made from the last fit.
    let made = folder.path + "/made.par"
    #expect(session.run("update \"\(made)\"").error == nil)
    let text = try Self.read(made)
    #expect(
      text.hasPrefix("# Parameter file created by 'update' from current variables\n## fit f(x) "))
    #expect(text.contains("\n\(line("c", 0.5, "# FIXED"))\n"))
    #expect(text.hasSuffix("\n" + line("b", b, "").dropLast(3) + "\n"))
    // The file made is a parameter file again.
    #expect(session.run("fit f(x) \(Self.linear) via \"\(made)\"").error == nil)
  }

  /// `save fit`: gnuplot 5.4's file of the fitted parameters; before a fit, an error.
  @Test func saveFit() throws {
    let folder = try TemporaryFolder()
    var session = Self.session(folder, ["f(x) = a*x + b", "set fit quiet"])
    let path = folder.path + "/s.par"
    let before = try #require(session.run("save fit \"\(path)\"").error)
    #expect(before.message.contains("save fit writes the parameters of the last fit: fit first"))
    #expect(session.run("fit f(x) \(Self.linear) via a, b").error == nil)
    #expect(session.run("b = 2").error == nil)
    #expect(session.run("save fit \"\(path)\"").error == nil)
    let lines = try Self.read(path).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 5 && lines[4].isEmpty)
    #expect(lines[0] == "# fit f(x) \(Self.linear) via a, b")
    #expect(lines[1] == "# final sum of squares of residuals : 0.0875509")
    #expect(lines[2] == "a               = 1.99872048951049      ")
    #expect(lines[3] == "b               = 2.0                   ")
    #expect(session.run("save \"all.gp\"").error?.message.contains("save fit") == true)
    #expect(session.run("save fit").error?.message.contains("a file name in quotes") == true)
  }

  /// Errors of parameter files and of the columns of fits of several variables, with the
  /// caret under the cause (`LIN` is the fixture's quoted path, `PAR` the parameter file's).
  @Test(arguments: [
    ("a 1.5", "fit a*x + b LIN via PAR", "line 2: no = in \"a 1.5\"", "PAR"),
    ("1a = 2", "fit a*x + b LIN via PAR", "line 2: \"1a\" is not a name", "PAR"),
    ("a = x", "fit a*x + b LIN via PAR", "line 2: \"x\" is not a number", "PAR"),
    ("a = 1 # FIXED", "fit a*x + b LIN via PAR", "names no parameter to fit", "PAR"),
    ("", "fit [0:1] [y=0:1] a*x + b LIN via a, b", "cannot name a second variable", "y"),
    ("", "fit [] [] [] a*x + b LIN via a, b", "too many ranges for a fit of 1 variable", "[]"),
    ("", "fit a*x + b LIN using 1:2 yerrors via a, b", "yerror needs 3 columns", "1:2"),
    ("", "fit a*x + b LIN using 1:2:3 errors x via a, b", "errors needs z", "x"),
    ("", "fit a*x + b LIN using 1:2:3 errors q, z via a, b", "not q", "q"),
    ("", "fit a*x + b LIN using 1:2:3 xyerrors via a, b", "xyerror needs 4 columns", "1:2:3"),
    ("", "fit a*x + b LIN using 1:2 zerror via a, b", "zerror needs at least 3 columns", "1:2"),
    ("", "fit a*x + b LIN using 2 zerror via a, b", "zerror needs at least 3 columns", "2"),
  ])
  func errorsAreLocated(_ file: String, _ line: String, _ message: String, _ caret: String)
    throws
  {
    let folder = try TemporaryFolder()
    let par = folder.path + "/p.par"
    try "# start\n\(file)\n".write(toFile: par, atomically: true, encoding: .utf8)
    var session = Self.session(folder)
    func paths(_ text: String) -> String {
      text.replacingOccurrences(of: "LIN", with: Self.linear)
        .replacingOccurrences(of: "PAR", with: "\"\(par)\"")
    }
    let typed = paths(line)
    let error = try #require(session.run(typed).error, "\(line)")
    #expect(error.message.contains(message), "\(error.message)")
    let location = try #require(error.location, "\(error.message)")
    let chars = Array(typed)
    let under = String(
      chars[min(location.lowerBound, chars.count)..<min(location.upperBound, chars.count)])
    #expect(under == paths(caret), "\(under) for \(error.message)")
    #expect(session.brain.variables["a"] == nil)
  }

  /// `fit ... "-"`: the data lines follow, as for `plot "-"`, up to `e`.
  @Test func inlineData() throws {
    let folder = try TemporaryFolder()
    var session = Self.session(folder)
    let waiting = session.run("fit a*x + b \"-\" via a, b")
    #expect(waiting.error == nil && waiting.output.isEmpty && session.awaitsInlineData)
    for line in ["1 3", "2 5.1", "3 6.9"] { #expect(session.run(line).error == nil) }
    let reply = session.run("e")
    #expect(reply.error == nil, "\(reply.error?.message ?? "")")
    #expect(reply.output.contains("Final set of parameters"))
    #expect(session.brain.variables["a"].map { abs($0 - 1.95) < 1e-9 } == true)
    #expect(!session.awaitsInlineData)
    _ = session.run("fit a*x + b \"-\" via a, b")
    #expect(session.abandonInlineData() == "note: fit \"-\" abandoned: its data were not read")
  }

  /// A fit of two variables: the parameters of a plane through exact data, the dummy
  /// variables named by the ranges, and gnuplot 4's error column noted.
  @Test func surface() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/plane.dat"
    var rows = ""
    for i in 0..<4 {
      for j in 0..<3 { rows += "\(i) \(j) \(2.0 * Double(i) - 3.0 * Double(j) + 1)\n" }
    }
    try rows.write(toFile: path, atomically: true, encoding: .utf8)
    var session = Self.session(folder)
    let plain = session.run("fit a*x + b*y + c \"\(path)\" using 1:2:3 via a, b, c")
    #expect(plain.error == nil, "\(plain.error?.message ?? "")")
    for (name, value) in [("a", 2.0), ("b", -3.0), ("c", 1.0)] {
      #expect(session.brain.variables[name].map { abs($0 - value) < 1e-9 } == true, "\(name)")
    }
    let named = session.run(
      "fit [u=0:2] [w=*:*] p*u + q*w + r \"\(path)\" using 1:2:3 via p, q, r")
    #expect(named.error == nil, "\(named.error?.message ?? "")")
    #expect(session.brain.variables["q"].map { abs($0 + 3) < 1e-9 } == true)
    #expect(session.brain.variables["FIT_NDF"] == 6)  // 9 points with u <= 2
    // gnuplot's set dummy names fit's variables too.
    #expect(session.run("set dummy x1, x2").error == nil)
    let dummies = session.run("fit s*x1 + v*x2 + 1 \"\(path)\" using 1:2:3 via s, v")
    #expect(dummies.error == nil, "\(dummies.error?.message ?? "")")
    #expect(session.brain.variables["v"].map { abs($0 + 3) < 1e-9 } == true)
    _ = session.run("unset dummy")
    let implied = session.run("fit a*x + c \"\(path)\" using 1:3:(1) via a, c")
    #expect(implied.output.contains("note: the model does not read y, so the last column"))
  }
}

/// gnuplot's heading of unscaled errors.
@Suite struct FitReportTests {
  /// After `set fit noerrorscaling` a weighted fit's errors are standard deviations, and
  /// gnuplot heads them so (its own report, checked with gnuplot 5.4 on lcdemo.dat).
  @Test func unscaledErrorsAreStandardDeviations() {
    var session = Session(terminalSize: TerminalSize(columns: 80, rows: 24))
    #expect(session.run("set fit nolog noerrorscaling").error == nil)
    let data = "\"\(gnuplotScripts)/lcdemo.dat\""
    let reply = session.run("fit y0 + m*x \(data) using 1:2:5 yerrors via y0, m")
    #expect(reply.error == nil)
    #expect(reply.output.contains("Final set of parameters            Standard Deviation\n"))
    let plain = session.run("fit y0 + m*x \(data) using 1:2 via y0, m")
    #expect(plain.output.contains("Final set of parameters            Asymptotic Standard Error\n"))
  }
}
