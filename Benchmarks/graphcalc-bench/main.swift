// graphcalc-bench: graphcalc's speed beside its peers, measured in the same run.
//
//   swift run -c release graphcalc-bench [--quick]
//
// Prints one table: each case, graphcalc's figure, the peer's figure and the ratio
// (graphcalc / peer for times, so lower is better; for rates, peer / graphcalc). Peers:
// a hand-written Swift loop and muparser (built from Benchmarks/muparser/driver.cpp with the
// system C++ compiler when libmuparser-dev is present), numpy and numexpr (2 threads; run by
// Benchmarks/numpy/driver.py when python3 has them) for evaluation; gnuplot (when
// installed) for whole one-shot plots and data files. A peer that is not there is reported
// as "peer absent". Timings are the best (evaluation) or the median (whole processes) of
// several rounds.
import CalculatorBrain
import CompiledFunctions
import Glibc
import GraphCalcApp
import GraphView
import Intervals
import Streaming

// MARK: Clock and processes

func now() -> Double {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

func median(_ xs: [Double]) -> Double {
  let s = xs.sorted()
  return s.isEmpty ? .nan : s[s.count / 2]
}

/// Runs `argv` with standard output and error to /dev/null; returns wall seconds and the
/// child's peak resident set in KiB, or nil when it could not start or failed.
///
/// Timing runs use posix_spawn (vfork: the cheapest start, the same for every program
/// measured). Its child runs in this process's memory until exec (CLONE_VM | CLONE_VFORK),
/// and Linux keeps the peak of the memory an exec leaves as the new program's `ru_maxrss`, so
/// its figure is at least this benchmark's own resident set (11-27 MiB: a 12 MB graphcalc
/// read as 27 MiB). With `forMemory` the child is forked instead: a copy whose resident set
/// is this process's private pages only (a few MB once the evaluation arrays are freed and
/// `resetPeakMemory()` has dropped the peak they left), so `ru_maxrss` is the program's own.
func runProcess(_ argv: [String], stdinPath: String? = nil, forMemory: Bool = false) -> (
  seconds: Double, maxRSSKiB: Int
)? {
  var cargs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) }
  cargs.append(nil)
  defer { for p in cargs { free(p) } }
  let input = strdup(stdinPath ?? "/dev/null")
  defer { free(input) }
  var pid: pid_t = 0
  var start = 0.0
  if forMemory {
    resetPeakMemory()
    start = now()
    pid = fork()
    if pid == 0 {
      // The child: only async-signal-safe calls until exec.
      let null = open("/dev/null", O_WRONLY)
      let fin = open(input!, O_RDONLY)
      if null < 0 || fin < 0 { _exit(127) }
      dup2(fin, 0)
      dup2(null, 1)
      dup2(null, 2)
      execvp(cargs[0]!, &cargs)
      _exit(127)
    }
    guard pid > 0 else { return nil }
  } else {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 0, input!, O_RDONLY, 0)
    start = now()
    guard posix_spawnp(&pid, cargs[0]!, &actions, nil, &cargs, environ) == 0 else { return nil }
  }
  var status: Int32 = 0
  var usage = rusage()
  guard wait4(pid, &status, 0, &usage) == pid else { return nil }
  let elapsed = now() - start
  guard status == 0 else { return nil }
  return (elapsed, Int(usage.ru_maxrss))
}

/// Resets this process's peak resident set to its current one (`/proc/self/clear_refs`,
/// value 5, Linux 4.0+), so that a forked child does not start from the peak the
/// evaluation section left.
func resetPeakMemory() {
  let fd = open("/proc/self/clear_refs", O_WRONLY)
  guard fd >= 0 else { return }
  _ = write(fd, "5", 1)
  close(fd)
}

func which(_ name: String) -> String? {
  guard let path = getenv("PATH").map({ String(cString: $0) }) else { return nil }
  for dir in path.split(separator: ":") {
    let candidate = "\(dir)/\(name)"
    if access(candidate, X_OK) == 0 { return candidate }
  }
  return nil
}

func fmt(_ v: Double, _ digits: Int = 2) -> String {
  guard v.isFinite else { return "-" }
  return withVaList([digits, v]) { args in
    var buf = [CChar](repeating: 0, count: 64)
    _ = vsnprintf(&buf, 64, "%.*f", args)
    return String(cString: buf)
  }
}

// MARK: The table

struct Row {
  var section: String
  var name: String
  var ours: String
  var peer: String
  var ratio: String
  var target: String
  var met: Bool?
}
var rows: [Row] = []
@MainActor func report(_ row: Row) {
  rows.append(row)
  let mark = row.met.map { $0 ? "yes" : "NO" } ?? ""
  print(
    row.section.padding(11) + row.name.padding(34) + row.ours.padding(16) + row.peer.padding(22)
      + row.ratio.padding(9) + row.target.padding(12) + mark)
  fflush(nil)
}
extension String {
  func padding(_ n: Int) -> String {
    count >= n ? self + " " : self + String(repeating: " ", count: n - count)
  }
}

let quick = CommandLine.arguments.contains("--quick")
/// `--only SECTION[,SECTION]`: run only these sections (eval, threads, startup, process, redraw,
/// explore, data, stream, analysis, relations, intervals, pixels).
let only: Set<String>? = CommandLine.arguments.firstIndex(of: "--only").flatMap { i in
  i + 1 < CommandLine.arguments.count
    ? Set(CommandLine.arguments[i + 1].split(separator: ",").map(String.init)) : nil
}
func wanted(_ section: String) -> Bool { only?.contains(section) ?? true }
let evalCount = quick ? 200_000 : 1_000_000
let rounds = quick ? 3 : 5
let processRuns = quick ? 5 : 21

// MARK: 1. Evaluation

/// One expression: graphcalc's syntax, muparser's, and the hand-written Swift loop body.
struct EvalCase {
  var name: String
  var graphcalc: String
  var muparser: String
  var native: (Double) -> Double
}

@inline(__always) func sq(_ x: Double) -> Double { x * x }

let userFunctions = "f(x) = x^2 - 3"
let evalCases: [EvalCase] = [
  EvalCase(name: "sin(x)*x", graphcalc: "sin(x)*x", muparser: "sin(x)*x", native: { sin($0) * $0 }),
  EvalCase(
    name: "x*x+2*x+1", graphcalc: "x*x+2*x+1", muparser: "x*x+2*x+1",
    native: { $0 * $0 + 2 * $0 + 1 }),
  EvalCase(
    name: "exp(-x^2)*cos(50*x)", graphcalc: "exp(-x^2)*cos(50*x)", muparser: "exp(-x^2)*cos(50*x)",
    native: { exp(-($0 * $0)) * cos(50 * $0) }),
  EvalCase(
    name: "horner degree 7", graphcalc: "((((((2*x-3)*x+1)*x-5)*x+7)*x-2)*x+4)*x-1",
    muparser: "((((((2*x-3)*x+1)*x-5)*x+7)*x-2)*x+4)*x-1",
    native: { x in ((((((2 * x - 3) * x + 1) * x - 5) * x + 7) * x - 2) * x + 4) * x - 1 }),
  EvalCase(
    name: "x^3-2x^2+x-7", graphcalc: "x^3-2*x^2+x-7", muparser: "x^3-2*x^2+x-7",
    native: { x in x * x * x - 2 * x * x + x - 7 }),
  EvalCase(
    name: "sqrt(abs(x))+ln(x*x+1)", graphcalc: "sqrt(abs(x))+ln(x*x+1)",
    muparser: "sqrt(abs(x))+ln(x*x+1)",
    native: { x in sqrt(abs(x)) + log(x * x + 1) }),
  EvalCase(
    name: "tan(x)/(1+x^2)", graphcalc: "tan(x)/(1+x^2)", muparser: "tan(x)/(1+x^2)",
    native: { x in tan(x) / (1 + x * x) }),
  EvalCase(
    name: "user f(x)*f(x+1)", graphcalc: "f(x)*f(x+1)", muparser: "(x^2-3)*((x+1)^2-3)",
    native: { x in (x * x - 3) * ((x + 1) * (x + 1) - 3) }),
  EvalCase(
    name: "x<0 ? sqrt(-x) : sqrt(x)", graphcalc: "x<0 ? sqrt(-x) : sqrt(x)",
    muparser: "x<0 ? sqrt(-x) : sqrt(x)",
    native: { x in x < 0 ? sqrt(-x) : sqrt(x) }),
  EvalCase(
    name: "sin(cos(sin(cos(x))))", graphcalc: "sin(cos(sin(cos(x))))",
    muparser: "sin(cos(sin(cos(x))))",
    native: { x in sin(cos(sin(cos(x)))) }),
  EvalCase(
    name: "1/(1+exp(-x))", graphcalc: "1/(1+exp(-x))", muparser: "1/(1+exp(-x))",
    native: { x in 1 / (1 + exp(-x)) }),
  EvalCase(
    name: "sinh(x/5)*cosh(x/7)-tanh(x)", graphcalc: "sinh(x/5)*cosh(x/7)-tanh(x)",
    muparser: "sinh(x/5)*cosh(x/7)-tanh(x)", native: { x in sinh(x / 5) * cosh(x / 7) - tanh(x) }),
  EvalCase(
    name: "atan(x/2)+sqrt(x*x+9)", graphcalc: "atan(x/2)+sqrt(x*x+9)",
    muparser: "atan(x/2)+sqrt(x*x+9)",
    native: { x in atan(x / 2) + sqrt(x * x + 9) }),
  EvalCase(
    name: "sign(x)*x^2+abs(x)", graphcalc: "sign(x)*x^2+abs(x)", muparser: "sign(x)*x^2+abs(x)",
    native: { x in (x > 0 ? 1.0 : (x < 0 ? -1.0 : 0.0)) * x * x + abs(x) }),
]

/// The eval cases (in `evalCases`' order) for the Python peers, run by
/// Benchmarks/numpy/driver.py in the same run: numpy (float64, vectorised, one thread) and
/// numexpr (2 threads). `polynomial`: numexpr's per-case target applies (issue 19).
struct PythonForm {
  var numpy: String
  var numexpr: String
  var polynomial: Bool
}
let pythonForms: [PythonForm] = [
  PythonForm(numpy: "np.sin(x)*x", numexpr: "sin(x)*x", polynomial: false),
  PythonForm(numpy: "x*x+2*x+1", numexpr: "x*x+2*x+1", polynomial: true),
  PythonForm(
    numpy: "np.exp(-x**2)*np.cos(50*x)", numexpr: "exp(-x**2)*cos(50*x)", polynomial: false),
  PythonForm(
    numpy: "((((((2*x-3)*x+1)*x-5)*x+7)*x-2)*x+4)*x-1",
    numexpr: "((((((2*x-3)*x+1)*x-5)*x+7)*x-2)*x+4)*x-1", polynomial: true),
  PythonForm(numpy: "x**3-2*x**2+x-7", numexpr: "x**3-2*x**2+x-7", polynomial: true),
  PythonForm(
    numpy: "np.sqrt(np.abs(x))+np.log(x*x+1)", numexpr: "sqrt(abs(x))+log(x*x+1)", polynomial: false
  ),
  PythonForm(numpy: "np.tan(x)/(1+x**2)", numexpr: "tan(x)/(1+x**2)", polynomial: false),
  PythonForm(numpy: "(x**2-3)*((x+1)**2-3)", numexpr: "(x**2-3)*((x+1)**2-3)", polynomial: true),
  PythonForm(
    numpy: "np.where(x<0, np.sqrt(-x), np.sqrt(x))", numexpr: "where(x<0, sqrt(-x), sqrt(x))",
    polynomial: false),
  PythonForm(
    numpy: "np.sin(np.cos(np.sin(np.cos(x))))", numexpr: "sin(cos(sin(cos(x))))", polynomial: false),
  PythonForm(numpy: "1/(1+np.exp(-x))", numexpr: "1/(1+exp(-x))", polynomial: false),
  PythonForm(
    numpy: "np.sinh(x/5)*np.cosh(x/7)-np.tanh(x)", numexpr: "sinh(x/5)*cosh(x/7)-tanh(x)",
    polynomial: false),
  PythonForm(
    numpy: "np.arctan(x/2)+np.sqrt(x*x+9)", numexpr: "arctan(x/2)+sqrt(x*x+9)", polynomial: false),
  PythonForm(
    numpy: "np.sign(x)*x**2+np.abs(x)", numexpr: "where(x>0,1.0,where(x<0,-1.0,0.0))*x**2+abs(x)",
    polynomial: false),
]

/// Best nanoseconds per value of `body` over `rounds` rounds of `evalCount` values.
@inline(never)
func timeNative(_ f: (Double) -> Double, xs: [Double]) -> (ns: Double, sum: Double) {
  var best = Double.infinity
  var sum = 0.0
  for _ in 0..<rounds {
    sum = 0
    let t0 = now()
    for x in xs { sum += f(x) }
    best = min(best, (now() - t0) / Double(xs.count) * 1e9)
  }
  return (best, sum)
}

@inline(never)
func timeBatch(_ f: PlotFunction, xs: [Double], out: inout [Double]) -> (ns: Double, sum: Double) {
  var best = Double.infinity
  var sum = 0.0
  for _ in 0..<rounds {
    let t0 = now()
    xs.withUnsafeBufferPointer { x in
      out.withUnsafeMutableBufferPointer { o in f.values(at: x, into: o) }
    }
    best = min(best, (now() - t0) / Double(xs.count) * 1e9)
    sum = 0
    for v in out { sum += v }
  }
  return (best, sum)
}

/// Builds the muparser driver into a temporary folder; nil when the compiler or library is
/// missing.
func buildMuparser() -> String? {
  guard let cxx = which("g++") ?? which("c++"), access("/usr/include/muParser.h", R_OK) == 0 else {
    return nil
  }
  var here = #filePath
  for _ in 0..<2 { if let slash = here.lastIndex(of: "/") { here = String(here[..<slash]) } }
  let source = here + "/muparser/driver.cpp"
  let binary = "/tmp/graphcalc-bench-muparser-\(getpid())"
  guard runProcess([cxx, "-O2", "-o", binary, source, "-lmuparser"]) != nil else { return nil }
  return binary
}

/// Runs the muparser driver over `expressions`; one ns-per-value figure each (nil: failed).
func runMuparser(_ binary: String, expressions: [String]) -> [Double?] {
  let input = "/tmp/graphcalc-bench-mu-in-\(getpid())"
  let output = "/tmp/graphcalc-bench-mu-out-\(getpid())"
  defer {
    unlink(input)
    unlink(output)
  }
  guard let fin = fopen(input, "w") else { return expressions.map { _ in nil } }
  for e in expressions { fputs(e + "\n", fin) }
  fclose(fin)
  let cmd = "\(binary) \(evalCount) \(rounds) < \(input) > \(output)"
  guard system(cmd) == 0, let fout = fopen(output, "r") else { return expressions.map { _ in nil } }
  defer { fclose(fout) }
  var results: [Double?] = []
  var line: UnsafeMutablePointer<CChar>? = nil
  var cap = 0
  while getline(&line, &cap, fout) > 0, let line {
    let text = String(cString: line)
    results.append(Double(text.split(separator: " ").first ?? ""))
  }
  free(line)
  while results.count < expressions.count { results.append(nil) }
  return results
}

/// Runs Benchmarks/numpy/driver.py over `forms` with python3; one (numpy, numexpr) pair of
/// ns-per-value figures each (nil: that package is not installed or python3 is missing), and
/// the versions the driver found ("-" for a missing package).
func runPython(_ forms: [PythonForm]) -> (figures: [(Double?, Double?)], versions: String) {
  let none = forms.map { _ in (Double?.none, Double?.none) }
  guard let python = which("python3") else { return (none, "python3 absent") }
  var here = #filePath
  for _ in 0..<2 { if let slash = here.lastIndex(of: "/") { here = String(here[..<slash]) } }
  let driver = here + "/numpy/driver.py"
  let input = "/tmp/graphcalc-bench-py-in-\(getpid())"
  let output = "/tmp/graphcalc-bench-py-out-\(getpid())"
  defer {
    unlink(input)
    unlink(output)
  }
  guard let fin = fopen(input, "w") else { return (none, "-") }
  for f in forms { fputs(f.numpy + "\t" + f.numexpr + "\n", fin) }
  fclose(fin)
  let cmd = "\(python) \(driver) \(evalCount) \(rounds) < \(input) > \(output) 2>/dev/null"
  guard system(cmd) == 0, let fout = fopen(output, "r") else { return (none, "driver failed") }
  defer { fclose(fout) }
  var lines: [String] = []
  var line: UnsafeMutablePointer<CChar>? = nil
  var cap = 0
  while getline(&line, &cap, fout) > 0, let line {
    lines.append(String(cString: line).split(separator: "\n").first.map(String.init) ?? "")
  }
  free(line)
  guard let head = lines.first, head.hasPrefix("versions ") else { return (none, "driver failed") }
  let words = head.split(separator: " ").map(String.init)
  let versions =
    "numpy \(words.count > 1 ? words[1] : "-"), numexpr \(words.count > 2 ? words[2] : "-")"
  var figures: [(Double?, Double?)] = lines.dropFirst().map { l in
    let w = l.split(separator: " ")
    return (w.count > 0 ? Double(w[0]) : nil, w.count > 1 ? Double(w[1]) : nil)
  }
  while figures.count < forms.count { figures.append((nil, nil)) }
  return (figures, versions)
}

print(
  "graphcalc-bench: \(evalCount) values a round, best of \(rounds); processes: median of \(processRuns)"
)
print(
  "section".padding(11) + "case".padding(34) + "graphcalc".padding(16) + "peer".padding(22)
    + "ratio".padding(9) + "target".padding(12) + "met")

var brain = CalculatorBrain()
_ = try? brain.execute(userFunctions)

/// `--expr EXPR`: time the batch evaluation of one expression only (for profiling it, e.g.
/// under callgrind), then stop.
if let i = CommandLine.arguments.firstIndex(of: "--expr"), i + 1 < CommandLine.arguments.count {
  let text = CommandLine.arguments[i + 1]
  guard let expr = try? CalculatorBrain.parseExpression(text),
    let f = try? PlotFunction(expr, variables: brain.variables, functions: brain.functions)
  else {
    print("graphcalc-bench: cannot compile \(text)")
    exit(2)
  }
  let values = (0..<evalCount).map { -10.0 + 20.0 * Double($0) / Double(evalCount) }
  var results = [Double](repeating: 0, count: values.count)
  let batch = timeBatch(f, xs: values, out: &results)
  print("\(text): \(fmt(batch.ns)) ns a value (sum \(batch.sum))")
  exit(0)
}
var xs = wanted("eval") ? (0..<evalCount).map { -10.0 + 20.0 * Double($0) / Double(evalCount) } : []
var out = [Double](repeating: 0, count: xs.count)
let muparser = wanted("eval") ? buildMuparser() : nil
let muFigures = muparser.map { runMuparser($0, expressions: evalCases.map(\.muparser)) }
if let muparser { unlink(muparser) }
// The Python peers run one case at a time, right after graphcalc's figure of the same case,
// so that both see the same load (this machine's load swings within seconds).
let pythonVersions = wanted("eval") ? runPython([]).versions : ""
if wanted("eval") { print("eval peers: \(pythonVersions) (numexpr with 2 threads)") }
var logRatioNumexpr = 0.0
var numexprCount = 0

for (i, c) in evalCases.enumerated() where wanted("eval") {
  guard let expr = try? CalculatorBrain.parseExpression(c.graphcalc),
    let f = try? PlotFunction(expr, variables: brain.variables, functions: brain.functions)
  else {
    report(
      Row(
        section: "eval", name: c.name, ours: "compile failed", peer: "", ratio: "", target: "",
        met: false))
    continue
  }
  let batch = timeBatch(f, xs: xs, out: &out)
  let native = timeNative(c.native, xs: xs)
  let r = batch.ns / native.ns
  report(
    Row(
      section: "eval", name: c.name + " vs Swift", ours: fmt(batch.ns) + " ns",
      peer: fmt(native.ns) + " ns (Swift)",
      ratio: fmt(r) + "x", target: "<= 1.50x", met: r <= 1.5))
  if let mu = muFigures?[i] {
    let speedup = mu / batch.ns
    report(
      Row(
        section: "eval", name: c.name + " vs muparser", ours: fmt(batch.ns) + " ns",
        peer: fmt(mu) + " ns (muparser)",
        ratio: fmt(speedup) + "x", target: ">= 3x fast", met: speedup >= 3))
  } else {
    report(
      Row(
        section: "eval", name: c.name + " vs muparser", ours: fmt(batch.ns) + " ns",
        peer: "peer absent", ratio: "", target: "", met: nil))
  }
  let (npFigure, neFigure) =
    i < pythonForms.count ? runPython([pythonForms[i]]).figures[0] : (nil, nil)
  if let np = npFigure {
    let r = batch.ns / np
    report(
      Row(
        section: "eval", name: c.name + " vs numpy", ours: fmt(batch.ns) + " ns",
        peer: fmt(np) + " ns (numpy)", ratio: fmt(r) + "x", target: "< 1.00x", met: r < 1))
  } else {
    report(
      Row(
        section: "eval", name: c.name + " vs numpy", ours: fmt(batch.ns) + " ns",
        peer: "peer absent", ratio: "", target: "", met: nil))
  }
  if let ne = neFigure {
    let r = batch.ns / ne
    logRatioNumexpr += log(r)
    numexprCount += 1
    let polynomial = i < pythonForms.count && pythonForms[i].polynomial
    report(
      Row(
        section: "eval", name: c.name + " vs numexpr", ours: fmt(batch.ns) + " ns",
        peer: fmt(ne) + " ns (numexpr)", ratio: fmt(r) + "x",
        target: polynomial ? "< 1.00x" : "", met: polynomial ? r < 1 : nil))
  } else {
    report(
      Row(
        section: "eval", name: c.name + " vs numexpr", ours: fmt(batch.ns) + " ns",
        peer: "peer absent", ratio: "", target: "", met: nil))
  }
}
if numexprCount > 0 {
  let g = exp(logRatioNumexpr / Double(numexprCount))
  report(
    Row(
      section: "eval", name: "geometric mean vs numexpr", ours: "\(numexprCount) cases",
      peer: "numexpr, 2 threads", ratio: fmt(g) + "x", target: "< 1.00x", met: g < 1))
}
// Give the 16 MB of evaluation arrays back before the process sections (see resetPeakMemory).
xs = []
out = []

// MARK: 1b. The second core (issue 19)

/// Best nanoseconds per value of `f` over batches of `n` x in [-10, 10) on one thread or
/// shared by `threads` (`splitValues`, whatever the size, in pieces of
/// `PlotFunction.parallelPiece` or a quarter of the batch when that is less), each round
/// about 1e6 values (`1e6 / n` batches).
@inline(never)
func timeThreads(_ f: PlotFunction, n: Int, threads: Int) -> Double {
  let x = (0..<n).map { -10.0 + 20.0 * Double($0) / Double(n) }
  var y = [Double](repeating: 0, count: n)
  let batches = max(1, evalCount / n)
  // Small batches are cut smaller, so that both threads have a share.
  let piece = min(PlotFunction.parallelPiece, max(256, n / 4))
  var best = Double.infinity
  for _ in 0..<rounds {
    let t0 = now()
    x.withUnsafeBufferPointer { xb in
      y.withUnsafeMutableBufferPointer { yb in
        for _ in 0..<batches {
          if threads == 1 {
            f.values(at: xb, into: yb, threads: 1)
          } else {
            f.splitValues(at: xb, into: yb, threads: threads, piece: piece)
          }
        }
      }
    }
    best = min(best, (now() - t0) / Double(n * batches) * 1e9)
  }
  return best
}

if wanted("threads") {
  // 2 threads against 1 at batch sizes around the threshold: where the helper thread pays.
  let cases = [
    "sin(x)*x", "x*x+2*x+1", "((((((2*x-3)*x+1)*x-5)*x+7)*x-2)*x+4)*x-1", "sin(cos(sin(cos(x))))",
  ]
  let sizes = quick ? [16_384, 65_536, 200_000] : [4_096, 16_384, 65_536, 262_144, 1_000_000]
  for text in cases {
    guard let expr = try? CalculatorBrain.parseExpression(text),
      let f = try? PlotFunction(expr, variables: brain.variables, functions: brain.functions)
    else { continue }
    let short = text.hasPrefix("((((((") ? "horner degree 7" : text
    for n in sizes {
      // Interleaved, so both see the same load.
      let one = timeThreads(f, n: n, threads: 1)
      let two = timeThreads(f, n: n, threads: 2)
      let r = two / one
      let large = n >= PlotFunction.parallelThreshold
      report(
        Row(
          section: "threads", name: "\(short), \(n) values", ours: fmt(two) + " ns",
          peer: fmt(one) + " ns (1 thread)", ratio: fmt(r) + "x", target: large ? "< 1.00x" : "",
          met: large ? r < 1 : nil))
    }
  }
}

// MARK: 2. One-shot plots (whole processes)

func graphcalcBinary() -> String {
  let me = CommandLine.arguments[0]
  if let slash = me.lastIndex(of: "/") { return String(me[..<slash]) + "/graphcalc" }
  return "graphcalc"
}
let gc = graphcalcBinary()
let svgOut = "/tmp/graphcalc-bench-\(getpid()).svg"
defer { unlink(svgOut) }
let pngOut = "/tmp/graphcalc-bench-\(getpid()).png"
defer { unlink(pngOut) }
let pdfOut = "/tmp/graphcalc-bench-\(getpid()).pdf"
defer { unlink(pdfOut) }

/// The median wall time of `runs` runs, and the peak resident set (KiB) of one more run
/// forked for the measure (see `runProcess`).
func medianRun(_ argv: [String], stdinPath: String? = nil, runs: Int = processRuns) -> (
  seconds: Double, rss: Int
)? {
  var times: [Double] = []
  for _ in 0..<runs {
    guard let r = runProcess(argv, stdinPath: stdinPath) else { return nil }
    times.append(r.seconds)
  }
  guard let m = runProcess(argv, stdinPath: stdinPath, forMemory: true) else { return nil }
  return (median(times), m.maxRSSKiB)
}

@MainActor func compare(
  _ name: String, ours: [String], peer: [String]?, peerName: String = "gnuplot",
  peerInput: String? = nil, target: Double, memoryTarget: Double? = nil,
  runs: Int = processRuns, section: String = "process"
) {
  guard let o = medianRun(ours, runs: runs) else {
    report(
      Row(
        section: section, name: name, ours: "failed", peer: "", ratio: "", target: "", met: false)
    )
    return
  }
  guard let peer, let p = medianRun(peer, stdinPath: peerInput, runs: runs) else {
    report(
      Row(
        section: section, name: name, ours: fmt(o.seconds * 1000) + " ms", peer: "peer absent",
        ratio: "", target: "", met: nil))
    return
  }
  let r = o.seconds / p.seconds
  report(
    Row(
      section: section, name: name, ours: fmt(o.seconds * 1000) + " ms",
      peer: fmt(p.seconds * 1000) + " ms (\(peerName))",
      ratio: fmt(r) + "x", target: "<= " + fmt(target) + "x", met: r <= target))
  if let memoryTarget {
    let m = Double(o.rss) / Double(max(1, p.rss))
    report(
      Row(
        section: section, name: name + " peak memory", ours: "\(o.rss / 1024) MiB",
        peer: "\(p.rss / 1024) MiB (\(peerName))",
        ratio: fmt(m) + "x", target: "<= " + fmt(memoryTarget) + "x", met: m <= memoryTarget))
  }
}

let gnuplot = which("gnuplot")

// MARK: 2a. Start-up (issue 19): `-e 1+1` beside bc and a static C program

/// Compiles Benchmarks/startup/add.c statically with the system C compiler (the peer that
/// shows what a process costs that only starts, adds and prints), or nil.
func buildStartupPeer() -> String? {
  guard let cc = which("cc") ?? which("gcc") else { return nil }
  var here = #filePath
  for _ in 0..<2 { if let slash = here.lastIndex(of: "/") { here = String(here[..<slash]) } }
  let binary = "/tmp/graphcalc-bench-add-\(getpid())"
  guard runProcess([cc, "-O2", "-static", "-o", binary, here + "/startup/add.c"]) != nil else {
    return nil
  }
  return binary
}

if wanted("startup") {
  let bcInput = "/tmp/graphcalc-bench-bc-\(getpid())"
  defer { unlink(bcInput) }
  if let f = fopen(bcInput, "w") {
    fputs("1+1\n", f)
    fclose(f)
  }
  // `echo 1+1 | bc` without the shell: bc reads the same line from standard input.
  compare(
    "-e 1+1 vs bc", ours: [gc, "-e", "1+1"], peer: which("bc").map { [$0, "-q"] },
    peerName: "bc", peerInput: bcInput, target: 1.1, runs: quick ? 21 : 201, section: "startup")
  let add = buildStartupPeer()
  defer { if let add { unlink(add) } }
  compare(
    "-e 1+1 vs static C", ours: [gc, "-e", "1+1"], peer: add.map { [$0, "-e", "1+1"] },
    peerName: "C", target: 2, runs: quick ? 21 : 201, section: "startup")
}

if wanted("process") {
  compare(
    "plot sin(x)*x to SVG", ours: [gc, "-e", "plot sin(x)*x", "-e", "export svg \(svgOut)"],
    peer: gnuplot.map { [$0, "-e", "set terminal svg; set output '\(svgOut)'; plot sin(x)*x"] },
    target: 0.35)
  // PNG: gnuplot's pngcairo draws with cairo too (issue 17's budget: half of its time).
  compare(
    "plot sin(x)*x to PNG 800x600",
    ours: [gc, "-e", "plot sin(x)*x", "-e", "export png \(pngOut)"],
    peer: gnuplot.map {
      [$0, "-e", "set terminal pngcairo size 800,600; set output '\(pngOut)'; plot sin(x)*x"]
    }, target: 0.5)
  compare(
    "plot sin(x)*x to PDF",
    ours: [gc, "-e", "plot sin(x)*x", "-e", "export pdf \(pdfOut)"],
    peer: gnuplot.map {
      [$0, "-e", "set terminal pdfcairo; set output '\(pdfOut)'; plot sin(x)*x"]
    }, target: 0.5)
  compare(
    "plot sin(x)*x to the terminal", ours: [gc, "-e", "set canvas ascii", "-e", "plot sin(x)*x"],
    peer: gnuplot.map { [$0, "-e", "set terminal dumb; plot sin(x)*x"] }, target: 0.35)
  // Issue 19's targets for the same two plots, in runs of their own.
  compare(
    "plot sin(x)*x to SVG (issue 19)",
    ours: [gc, "-e", "plot sin(x)*x", "-e", "export svg \(svgOut)"],
    peer: gnuplot.map { [$0, "-e", "set terminal svg; set output '\(svgOut)'; plot sin(x)*x"] },
    target: 0.2)
  compare(
    "plot sin(x)*x to the terminal (issue 19)",
    ours: [gc, "-e", "set canvas ascii", "-e", "plot sin(x)*x"],
    peer: gnuplot.map { [$0, "-e", "set terminal dumb; plot sin(x)*x"] }, target: 0.15)
  // 20 curves in one plot (issue 19: no slower than gnuplot's 20), to the terminal and SVG.
  let twenty = (1...20).map { "sin(x + \($0)/7)*\($0)/4" }.joined(separator: ", ")
  let twentyGnuplot = (1...20).map { "sin(x + \($0)./7)*\($0)./4" }.joined(separator: ", ")
  compare(
    "20 curves to the terminal", ours: [gc, "-e", "set canvas ascii", "-e", "plot \(twenty)"],
    peer: gnuplot.map { [$0, "-e", "set terminal dumb; plot \(twentyGnuplot)"] }, target: 1)
  compare(
    "20 curves to SVG", ours: [gc, "-e", "plot \(twenty); export svg \(svgOut)"],
    peer: gnuplot.map {
      [$0, "-e", "set terminal svg; set output '\(svgOut)'; plot \(twentyGnuplot)"]
    }, target: 1)
}

// MARK: 3. Interactive redraw

if wanted("redraw") {
  var session = Session()
  session.terminalSize = TerminalSize(columns: 200, rows: 60)
  _ = session.run("plot sin(x)*x, tan(x), sin(1/x)")
  var times: [Double] = []
  for i in 0..<(quick ? 10 : 40) {
    let t0 = now()
    _ = session.run(i % 2 == 0 ? "zoom 1.1" : "pan 0.1 0")
    times.append(now() - t0)
  }
  let ms = median(times) * 1000
  report(
    Row(
      section: "redraw", name: "zoom/pan at 200x60, 3 curves", ours: fmt(ms, 3) + " ms",
      peer: "16.7 ms (60 Hz frame)",
      ratio: fmt(ms / 16.67) + "x", target: "< 2 ms", met: ms < 2))
}

// MARK: 3b. explore keys (issues 14 and 15): a key and the frame it redraws, at 200x60

if wanted("explore") {
  // What the driver does for each key: ExploreState.handle, then screen() (the frame).
  func exploring(_ plot: String) -> ExploreState? {
    var session = Session()
    session.terminalSize = TerminalSize(columns: 200, rows: 60)
    session.display = TerminalDisplay(canvas: .braille)
    _ = session.run(plot)
    return try? session.exploreState()
  }
  let plots = [
    "plot sin(x), cos(x)", "plot sin(x), x^2 + y^2 = 25, (3cos(t), 2sin(t))",
    "plot [-2.5:2.5] [-2:2] r = 1 + cos(θ), x = y^2",
  ]
  let runs = quick ? 5 : 21
  for plot in plots {
    // Each key from a state tracing the first curve (cold: nothing remembered).
    let cases: [(String, [ExploreKey], ExploreKey)] = [
      ("pan", [], .right), ("zoom", [], .character("+")), ("t (trace on)", [], .character("t")),
      ("trace step", [.character("t")], .right), ("Tab", [.character("t")], .control(9)),
      ("n, cold (searches)", [.character("t")], .character("n")),
      ("n, remembered", [.character("t"), .character("n")], .character("n")),
    ]
    for (name, before, key) in cases {
      var times: [Double] = []
      for _ in 0..<runs {
        guard var state = exploring(plot) else { break }
        for k in before { _ = state.handle(k) }
        _ = state.screen()
        let t0 = now()
        _ = state.handle(key)
        _ = state.screen()
        times.append(now() - t0)
      }
      guard !times.isEmpty else { continue }
      let ms = median(times) * 1000
      report(
        Row(
          section: "explore", name: "\(name): \(plot.dropFirst(5))", ours: fmt(ms, 2) + " ms",
          peer: "16.7 ms (60 Hz frame)", ratio: fmt(ms / 16.67) + "x", target: "< 50 ms",
          met: ms < 50))
    }
  }
  // The first n on curves with many points of interest: 191 roots and 190 extrema of
  // sin(30x); sin(1/x), whose roots pile up at 0, meets the search's 0.5 s budget.
  for plot in ["plot sin(30x)", "plot sin(1/x)"] {
    var times: [Double] = []
    for _ in 0..<(quick ? 3 : 7) {
      guard var state = exploring(plot) else { break }
      _ = state.handle(.character("t"))
      _ = state.screen()
      let t0 = now()
      _ = state.handle(.character("n"))
      _ = state.screen()
      times.append(now() - t0)
    }
    guard !times.isEmpty else { continue }
    let ms = median(times) * 1000
    report(
      Row(
        section: "explore", name: "n, cold (searches): \(plot.dropFirst(5))",
        ours: fmt(ms, 2) + " ms", peer: "16.7 ms (60 Hz frame)", ratio: fmt(ms / 16.67) + "x",
        target: "< 50 ms", met: ms < 50))
  }
}

// MARK: 4. Data files

let csvPath = "/tmp/graphcalc-bench-\(getpid()).csv"
defer { unlink(csvPath) }
if wanted("data") {
  let rowsCount = quick ? 200_000 : 1_000_000
  if let f = fopen(csvPath, "w") {
    fputs("t,value,noise\n", f)
    var seed: UInt64 = 42
    for i in 0..<rowsCount {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let noise = Double(seed >> 11) / Double(1 << 53)
      let x = Double(i) * 0.001
      fputs("\(fmt(x, 3)),\(fmt(sin(x) * 10 + noise, 4)),\(fmt(noise, 4))\n", f)
    }
    fclose(f)
  }
  compare(
    "\(rowsCount / 1000)k-row CSV to SVG",
    ours: [gc, "-e", "plot \"\(csvPath)\" using 1:2", "-e", "export svg \(svgOut)"],
    peer: gnuplot.map {
      [
        $0, "-e",
        "set terminal svg; set output '\(svgOut)'; set datafile separator ','; plot '\(csvPath)' using 1:2 with lines",
      ]
    }, target: 0.3, memoryTarget: 0.25, runs: quick ? 3 : 5)
}

// Issue 19's data rows: a 1e7-row two-column CSV (1e6 with --quick) to SVG beside polars'
// `read_csv` alone (pip's polars; the row says so when it is missing), `stats` of the same
// file beside that plot. Polars is timed two ways: the whole `python3 -c` process (import
// included), and `read_csv` alone inside it (the target: no slower than that).
let bigCSV = "/tmp/graphcalc-bench-big-\(getpid()).csv"
defer { unlink(bigCSV) }
if wanted("data") {
  let rowsCount = quick ? 1_000_000 : 10_000_000
  if let f = fopen(bigCSV, "w") {
    fputs("t,value\n", f)
    var seed: UInt64 = 42
    for i in 0..<rowsCount {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let noise = Double(seed >> 11) / Double(1 << 53)
      let x = Double(i) * 0.001
      fputs("\(fmt(x, 3)),\(fmt(sin(x) * 10 + noise, 4))\n", f)
    }
    fclose(f)
  }
  let name = "\(rowsCount / 1_000_000)e6-row 2-col CSV to SVG"
  let runs = quick ? 3 : 5
  let ours = medianRun(
    [gc, "-e", "plot \"\(bigCSV)\" using 1:2", "-e", "export svg \(svgOut)"], runs: runs)
  let python = which("python3")
  let polarsCheck = python.flatMap { runProcess([$0, "-c", "import polars"]) }
  if let ours, let python, polarsCheck != nil {
    let script =
      "import polars, time; t = time.perf_counter(); polars.read_csv('\(bigCSV)'); "
      + "open('\(bigCSV).t', 'w').write(str(time.perf_counter() - t))"
    var inside: [Double] = []
    let process = medianRun([python, "-c", script], runs: runs)
    for _ in 0..<runs {
      _ = runProcess([python, "-c", script])
      if let f = fopen(bigCSV + ".t", "r") {
        var buf = [CChar](repeating: 0, count: 64)
        if fgets(&buf, 64, f) != nil, let v = Double(String(cString: buf)) { inside.append(v) }
        fclose(f)
      }
    }
    unlink(bigCSV + ".t")
    let alone = median(inside)
    if let process {
      let r = ours.seconds / alone
      report(
        Row(
          section: "data", name: name, ours: fmt(ours.seconds * 1000) + " ms",
          peer: fmt(alone * 1000) + " ms (read_csv)", ratio: fmt(r) + "x", target: "<= 1.00x",
          met: r <= 1))
      report(
        Row(
          section: "data", name: name + ", polars process", ours: fmt(ours.seconds * 1000) + " ms",
          peer: fmt(process.seconds * 1000) + " ms (polars)",
          ratio: fmt(ours.seconds / process.seconds) + "x",
          target: "", met: nil))
      let m = Double(ours.rss) / Double(max(1, process.rss))
      report(
        Row(
          section: "data", name: name + " peak memory", ours: "\(ours.rss / 1024) MiB",
          peer: "\(process.rss / 1024) MiB (polars)", ratio: fmt(m) + "x", target: "< 0.10x",
          met: m < 0.1))
    }
  } else {
    report(
      Row(
        section: "data", name: name, ours: ours.map { fmt($0.seconds * 1000) + " ms" } ?? "failed",
        peer: "peer absent (pip install polars==2.1.0)", ratio: "", target: "", met: nil))
  }
  if let ours, let stats = medianRun([gc, "-e", "stats \"\(bigCSV)\""], runs: runs) {
    let r = stats.seconds / ours.seconds
    report(
      Row(
        section: "data", name: "stats of the same file", ours: fmt(stats.seconds * 1000) + " ms",
        peer: fmt(ours.seconds * 1000) + " ms (our plot)", ratio: fmt(r) + "x", target: "<= 1.00x",
        met: r <= 1))
  }
}

// MARK: 5. Streams

if wanted("stream") {
  var text: [UInt8] = []
  let lines = quick ? 200_000 : 1_000_000
  text.reserveCapacity(lines * 8)
  for i in 0..<lines { text.append(contentsOf: Array("\(i % 1000 - 500).5\n".utf8)) }
  var best = Double.infinity
  for _ in 0..<rounds {
    let t0 = now()
    let totals = text.withUnsafeBytes { StreamSession.consume($0, window: 200) }
    let dt = now() - t0
    if totals.values == lines { best = min(best, dt) }
  }
  let rate = Double(lines) / best
  report(
    Row(
      section: "stream", name: "values read and windowed", ours: fmt(rate / 1e6) + " M/s",
      peer: "1.00 M/s (target)",
      ratio: fmt(rate / 1e6) + "x", target: ">= 1 M/s", met: rate >= 1e6))
  // The same bytes as a file, a whole process each: `graphcalc stream FILE` (start-up,
  // reading the file in chunks, the windows, the final frame printed to /dev/null) beside
  // `wc -l FILE` (its start-up, reading, counting), in turns so both see the same load.
  // Issue 19 asks for `stream` within 10x of it. (This row once set the in-process loop
  // above beside the whole `wc` process: no start-up or reading on our side.)
  let streamPath = "/tmp/graphcalc-bench-stream-\(getpid()).txt"
  defer { unlink(streamPath) }
  if let f = fopen(streamPath, "w") {
    text.withUnsafeBytes { _ = fwrite($0.baseAddress, 1, $0.count, f) }
    fclose(f)
  }
  if let wc = which("wc") {
    var ours: [Double] = []
    var counted: [Double] = []
    for _ in 0..<processRuns {
      guard let a = runProcess([gc, "stream", streamPath]),
        let b = runProcess([wc, "-l", streamPath])
      else { break }
      ours.append(a.seconds)
      counted.append(b.seconds)
    }
    if ours.count == processRuns {
      let r = median(ours) / median(counted)
      report(
        Row(
          section: "stream", name: "stream FILE \(lines / 1000)k lines beside wc -l",
          ours: fmt(median(ours) * 1000) + " ms",
          peer: fmt(median(counted) * 1000) + " ms (wc -l)", ratio: fmt(r) + "x",
          target: "<= 10x", met: r <= 10))
    } else {
      report(
        Row(
          section: "stream", name: "stream FILE \(lines / 1000)k lines beside wc -l",
          ours: "failed", peer: "", ratio: "", target: "<= 10x", met: false))
    }
  }
}

// MARK: 6. Analysis (issue 15): one-shot runs against the issue's absolute targets

if wanted("analysis") {
  // The peers (mpmath, SymPy) are timed in one Python process by scripts/analysis-peers.
  for (name, command, target) in [
    ("roots sin(x)*x (default view)", "roots sin(x)*x", 20.0),
    ("roots sin(30x) [-10:10]", "roots sin(30x) [-10:10]", 100.0),
    ("integrate exp(-x^2) -3 3", "integrate exp(-x^2) -3 3", 10.0),
  ] {
    guard let o = medianRun([gc, "-e", command], runs: quick ? 5 : processRuns) else {
      report(
        Row(
          section: "analysis", name: name, ours: "failed", peer: "", ratio: "", target: "",
          met: false))
      continue
    }
    let ms = o.seconds * 1000
    report(
      Row(
        section: "analysis", name: name, ours: fmt(ms) + " ms", peer: "(scripts/analysis-peers)",
        ratio: "", target: "< " + fmt(target, 0) + " ms", met: ms < target))
  }
}

// MARK: 7. Relations (issue 14): the solve alone at 1024 x 1024 pixels

if wanted("relations") {
  // Single comparisons `LHS op RHS`, solved as (LHS - RHS) op 0 over 1024 x 1024 pixels
  // (scripts/relation-bench times whole runs beside contourpy).
  let brain = CalculatorBrain()
  let cases: [(String, ClosedRange<Double>, ClosedRange<Double>)] = [
    ("x^2 + y^2 = 25", -10...10, -10...10), ("y < sin(x)", -10...10, -10...10),
    ("x^2 + x*y + y^2 = 9", -5...5, -5...5), ("(x^2+y^2-1)^3 = x^2*y^3", -1.5...1.5, -1.5...1.5),
    ("abs(sin(sqrt(x^2+y^2))) = abs(cos(x))", -10...10, -10...10),
    ("sin(abs(x+y)) > max(cos(x^2), sin(y^2))", -4...4, -4...4),
    ("x^2 + y^2 - x^2*y^2 = 1", -3...3, -3...3), ("tan(35.6x) = 0", -1...1, -1...1),
    ("(y - x - 0.5)^2 = 0", -2...2, -2.01...1.99), ("sin(x) = cos(y)", -6...6, -6...6),
    ("sin(x*y) = 0.5", -4...4, -4...4), ("floor(x) = floor(y)", -3...3, -3...3),
    ("x^3 + y^3 = 3*x*y", -3...3, -3...3), ("(x^2 + y^2)^2 = 2*(x^2 - y^2)", -2...2, -2...2),
    ("sin(x^2 + y^2) = 0", -4...4, -4...4), ("ln(x*y) = 0", -4...4, -4...4),
    ("y < 1/x", -2...2, -2...2), ("y^2 = x^2*(x + 1)", -2...2, -2...2),
    ("x*y > 1", -4...4, -4...4), ("sqrt(x) = y^2", -2...4, -2...2),
  ]
  let comparisons: [BinaryOperator: RelationComparison] = [
    .equal: .equal, .notEqual: .notEqual, .less: .less, .lessOrEqual: .lessOrEqual,
    .greater: .greater, .greaterOrEqual: .greaterOrEqual,
  ]
  for (text, x, y) in cases {
    guard let parsed = try? brain.parseRelation(expression: text),
      case .binary(let op, let a, let b) = parsed.expr, let comparison = comparisons[op],
      let f = try? PlaneFunction(.binary(.subtract, a, b), variables: [:], functions: [:])
    else { continue }
    // As `plot` builds it: plain interval arithmetic, tightened by the mean value form.
    let mean = MeanValueEnclosure(f, .binary(.subtract, a, b), variables: [:], functions: [:])
    var split: (@Sendable (Interval, Interval) -> IntervalUnion)? = nil
    if f.canSplit { split = { f.pieces(x: $0, y: $1) } }
    let relation = PlaneRelation(
      formula: .atom(0, comparison),
      functions: [{ mean?.enclosure(x: $0, y: $1) ?? f.enclosure(x: $0, y: $1) }],
      pieces: [split],
      dependsOnX: f.dependsOnX, dependsOnY: f.dependsOnY)
    let viewport = Viewport(xRange: x, yRange: y, size: PixelSize(width: 1024, height: 1024))
    var times: [Double] = []
    var undecided = 0
    for _ in 0..<(quick ? 1 : 3) {
      let t = now()
      undecided = RelationSolver.solve(relation, viewport: viewport).undecidedCount
      times.append(now() - t)
    }
    let ms = median(times) * 1000
    report(
      Row(
        section: "relations", name: "\(text) 1024x1024", ours: fmt(ms, 1) + " ms",
        peer: "\(undecided) undecided", ratio: "", target: "< 1000 ms", met: ms < 1000))
  }
}

// MARK: 8. Stream frames as pictures (issue 17): one frame's bytes at 1000 x 700 pixels

if wanted("pixels") {
  // 100 x 38 cells of 10 x 20 pixels: a plot of 100 x 35 cells (1000 x 700 pixels) over the
  // two status lines; a window of 1000 samples, one more sample a frame.
  var stream = StreamSession(options: StreamOptions())
  var sample = 0
  func feed(_ n: Int) {
    var text = ""
    for _ in 0..<n {
      text += "\(sin(Double(sample) * 0.05) * 40 + Double(sample % 7))\n"
      sample += 1
    }
    stream.consume(text: text)
  }
  feed(1000)
  let size = TerminalSize(columns: 100, rows: 38)
  for canvas in [CanvasKind.kitty, .sixel, .iterm] {
    var picture = StreamPicture(
      canvas: canvas, cellPixels: PixelSize(width: 10, height: 20), theme: .default)
    var times: [Double] = []
    var bytes = 0
    for _ in 0..<(quick ? 10 : 40) {
      feed(1)
      let frame = stream.frame(columns: 1000)
      let t0 = now()
      let text = (try? picture.update(frame, size: size)) ?? ""
      times.append(now() - t0)
      bytes = text.utf8.count
    }
    let ms = median(times) * 1000
    report(
      Row(
        section: "pixels", name: "stream frame 1000x700 \(canvas.rawValue)",
        ours: fmt(ms, 1) + " ms", peer: "\(bytes / 1024) KiB a frame", ratio: "",
        target: "< 16 ms", met: ms < 16))
  }
}

// MARK: 9. Interval gamma (issue 19): a column's enclosure on the negative axis vs the positive

if wanted("intervals") {
  /// Median ns of one `Interval.gamma` over 800 columns across `range` (as a plot 800 pixels
  /// wide asks), best of `rounds` passes; the sum keeps the work.
  func gammaColumns(_ range: ClosedRange<Double>) -> (ns: Double, sum: Double) {
    let columns = 800
    let width = (range.upperBound - range.lowerBound) / Double(columns)
    var best = Double.infinity
    var sum = 0.0
    for _ in 0..<(quick ? 20 : 200) {
      let t0 = now()
      for i in 0..<columns {
        let lo = range.lowerBound + Double(i) * width
        let g = Interval.gamma(Interval(lo, lo + width))
        if g.lo.isFinite { sum += g.lo }
      }
      best = min(best, (now() - t0) / Double(columns))
    }
    return (best * 1e9, sum)
  }
  let positive = gammaColumns(0.05...9.95)
  let negative = gammaColumns(-9.95 ... -0.05)
  let r = negative.ns / positive.ns
  report(
    Row(
      section: "intervals", name: "gamma, a column on x < 0 vs x > 0",
      ours: fmt(negative.ns, 1) + " ns", peer: fmt(positive.ns, 1) + " ns (x > 0)",
      ratio: fmt(r) + "x", target: "<= 2.00x", met: r <= 2 && (negative.sum + positive.sum).isFinite
    ))
}

// MARK: 8b. explore frames as pictures (issue 17): a key and its picture at 1000 x 700

if wanted("pixels") {
  // 100 x 36 cells of 10 x 20 pixels: the picture over 35 rows (1000 x 700 pixels), the
  // status line below. Each key: ExploreState.handle, then the frame's bytes.
  for canvas in [CanvasKind.kitty, .sixel, .iterm] {
    var session = Session()
    session.terminalSize = TerminalSize(columns: 100, rows: 36)
    session.display = TerminalDisplay(canvas: canvas)
    _ = session.run("plot sin(x)*x, cos(x)")
    guard var state = try? session.exploreState() else { continue }
    var picture = ExplorePicture(
      canvas: canvas, cellPixels: PixelSize(width: 10, height: 20), theme: .default)
    _ = picture.frame(state)
    let keys: [ExploreKey] =
      [.right, .character("+"), .left, .character("-"), .character("t")]
      + Array(repeating: .right, count: 5)
    var times: [Double] = []
    var bytes = 0
    // Rounds alternate: the trace key starts the trace in one and stops it in the next.
    for _ in 0..<(quick ? 2 : 4) {
      for key in keys {
        let t0 = now()
        _ = state.handle(key)
        let text = picture.frame(state)
        times.append(now() - t0)
        bytes = text.utf8.count
      }
    }
    let ms = median(times) * 1000
    report(
      Row(
        section: "pixels", name: "explore key 1000x700 \(canvas.rawValue)",
        ours: fmt(ms, 1) + " ms", peer: "\(bytes / 1024) KiB a frame", ratio: "",
        target: "< 16 ms", met: ms < 16))
  }
}

let failed = rows.filter { $0.met == false }.count
print("\(rows.count) cases, \(failed) missed their target")
