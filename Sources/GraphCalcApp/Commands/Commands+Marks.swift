import Analysis
import CalculatorBrain
import CompiledFunctions
import Glibc
import GraphView
import Intervals
import TextAndNumbers

// Points of interest on the plot (issue 15): `mark roots|extrema|intersections|all|none`,
// `unmark`, `mark`. Marks are a plot setting (`PlotLabels.marks`) that stays across replot,
// zoom and pan; each redraw finds them anew over the view's x range with the proven
// `RootFinder` and `Extrema`, all of one redraw within one budget (`markBudgetSeconds`,
// Ctrl-C).

/// Which points of interest are marked on the plot.
public struct PointMarks: OptionSet, Sendable, Hashable {
  /// The raw flag bits.
  public let rawValue: Int
  /// Creates a set from raw flag bits.
  public init(rawValue: Int) { self.rawValue = rawValue }
  /// The roots of every function of x.
  public static let roots = PointMarks(rawValue: 1)
  /// The local minima and maxima of every function of x.
  public static let extrema = PointMarks(rawValue: 2)
  /// The intersections of every pair of functions of x.
  public static let intersections = PointMarks(rawValue: 4)
  /// All three.
  public static let all: PointMarks = [.roots, .extrema, .intersections]

  /// The words of the set, as `mark` shows them.
  var words: [String] {
    [(PointMarks.roots, "roots"), (.extrema, "extrema"), (.intersections, "intersections")]
      .filter { contains($0.0) }.map(\.1)
  }
}

extension CommandEntry {
  /// `mark roots|extrema|intersections|all|none`, `mark`.
  static let mark = CommandEntry(
    name: "mark", usage: ["mark roots|extrema|intersections|all|none", "mark"],
    summary: "mark points of interest on the plot",
    details: """
      Marks points of interest on the plot, found anew for the view at every redraw (zoom,
      pan, replot): roots of every function of x, its local minima and maxima
      (extrema), where two curves cross (intersections), all of them, or none. A
      proven point is drawn filled (a circle in SVG and PNG, ● in the terminal, O in
      ASCII), a possible one hollow (○, o), in its curve's colour, labelled (x, y) with
      4 significant digits where there is room. The search of one redraw has 2 seconds
      and stops on Ctrl-C; a note: says when it stopped early. mark alone shows what is
      marked; unmark is mark none (it also removes tangent lines). Several words add
      up: mark roots extrema.
        plot sin(x), cos(x)
        mark all
      """, keywords: ["roots", "extrema", "intersections", "all", "none"]
  ) { arguments throws(CommandError) in
    let words = arguments.words
    if words.isEmpty { return ShowMarks() }
    var set = PointMarks()
    for word in words {
      switch word.text.lowercased() {
      case "roots", "root": set.insert(.roots)
      case "extrema", "extremum": set.insert(.extrema)
      case "intersections", "intersection", "intersect": set.insert(.intersections)
      case "all": set = .all
      case "none":
        guard words.count == 1 else {
          throw CommandError(
            .notSupported(what: "'none' with other words", hint: "mark none clears every mark"),
            at: word.span)
        }
        return SetMarks(marks: [], replace: true)
      default:
        throw CommandError(
          .needs(word: "mark", what: "roots, extrema, intersections, all or none"), at: word.span)
      }
    }
    return SetMarks(marks: set, replace: false)
  }

  /// `unmark`: `mark none`.
  static let unmark = CommandEntry.noArguments(
    "unmark", summary: "remove the marks from the plot",
    details: "Removes every mark and tangent line from the plot (as mark none).",
    SetMarks(marks: [], replace: true))
}

/// `mark WORD...` and `unmark`: changes the marks, then draws the plot again if there is one.
struct SetMarks: SessionCommand {
  var marks: PointMarks
  var replace: Bool

  func run(in session: inout Session) throws(CommandError) -> Reply {
    if replace { session.labels.marks = marks } else { session.labels.marks.formUnion(marks) }
    if replace && marks.isEmpty { session.curves?.guideLines = [] }  // unmark: tangents too
    guard session.shown == .plot else { return Reply() }
    return try session.redraw()
  }
}

/// `mark`: what is marked.
struct ShowMarks: SessionCommand {
  func run(in session: inout Session) throws(CommandError) -> Reply {
    let words = session.labels.marks.words
    return .text("marks: " + (words.isEmpty ? "none" : words.joined(separator: ", ")))
  }
}

extension Session {
  /// The seconds all the marks of one redraw may take together.
  static let markBudgetSeconds = 2.0

  /// The points of interest of `curves` over `range` (plot units) for `marks`, and the notes
  /// when the search stopped early: roots and extrema of each function of x, intersections
  /// of each pair, left to right, with one shared budget (`markBudgetSeconds`, Ctrl-C).
  func markers(
    of curves: FunctionCurves, marks: PointMarks, range: ClosedRange<Double>
  ) -> (markers: [PlotMarker], notes: [String]) {
    guard !marks.isEmpty, range.lowerBound < range.upperBound else { return ([], []) }
    let brain = compilingBrain  // the curves' trees are in radians, so are the bodies
    let deadline = BudgetClock.now() + Self.markBudgetSeconds
    var out: [PlotMarker] = []
    var stopped: AnalysisStop?
    let (a, b) = (range.lowerBound, range.upperBound)
    var functions: [(index: Int, f: PlotFunction)] = []
    for (i, item) in curves.items.enumerated() {
      if case .function(let f, _, _) = item { functions.append((i, f)) }
    }
    func budget() -> AnalysisBudget? {
      let left = deadline - BudgetClock.now()
      guard left > 0, stopped == nil else {
        if stopped == nil { stopped = .time }
        return nil
      }
      var budget = analysisBudget
      budget.seconds = left
      return budget
    }
    func derivative(_ e: Expr) -> (Expr, PlotFunction)? {
      guard let d = try? brain.derivative(of: e),
        let f = try? PlotFunction(
          d, variable: "x", variables: brain.variables, functions: brain.functions,
          sharesSubexpressions: true)
      else { return nil }
      return (d, f)
    }
    for (index, f) in functions {
      let first = derivative(f.source)
      if marks.contains(.roots), let budget = budget() {
        let report = RootFinder.roots(of: f, derivative: first?.1, in: a, b, budget: budget)
        if let stop = report.stop { stopped = stop }
        for root in report.roots {
          out.append(marker(root.x, 0, curve: index, proven: root.isProven))
        }
      }
      if marks.contains(.extrema), let (d, slope) = first, let budget = budget() {
        let second = derivative(d)?.1
        let report = Extrema.find(
          f: f, derivative: slope, second: second, in: a, b, budget: budget)
        if let stop = report.slopeRoots.stop { stopped = stop }
        for e in report.extrema {
          out.append(marker(e.x, e.y, curve: index, proven: e.isProven))
        }
      }
    }
    if marks.contains(.intersections) {
      for i in functions.indices {
        for j in functions.indices where j > i {
          guard let budget = budget() else { break }
          let (f, g) = (functions[i].f, functions[j].f)
          let difference = Expr.binary(.subtract, f.source, g.source)
          guard
            let d = try? PlotFunction(
              difference, variable: "x", variables: brain.variables, functions: brain.functions)
          else { continue }
          let report = RootFinder.roots(
            of: d, derivative: derivative(difference)?.1, in: a, b, budget: budget)
          if let stop = report.stop { stopped = stop }
          for root in report.roots {
            out.append(
              marker(
                root.x, f.value(at: root.x), curve: functions[i].index, proven: root.isProven))
          }
        }
      }
    }
    var notes: [String] = []
    switch stopped {
    case .time?:
      notes.append(
        "note: marks stopped after \(CalculatorBrain.format(Self.markBudgetSeconds)) s: "
          + "some points of interest may be missing")
    case .boxes?: notes.append("note: marks stopped: the search's budget of boxes ran out")
    case .interrupted?: notes.append("note: marks interrupted: some points may be missing")
    case nil: break
    }
    return (out, notes)
  }

  /// A marker at (`x`, `y`) labelled `(x, y)` with 4 significant digits.
  func marker(_ x: Double, _ y: Double, curve: Int, proven: Bool) -> PlotMarker {
    PlotMarker(
      x: x, y: y, curve: curve, isProven: proven,
      label: "(\(Self.fourDigits(x)), \(Self.fourDigits(y)))")
  }

  /// `v` with 4 significant digits (`%.4g`), a tiny value next to a root as 0.
  static func fourDigits(_ v: Double) -> String {
    if abs(v) < 1e-12 { return "0" }
    return NumberFormat.general(v, significantDigits: 4)
  }
}

/// The marks' shared deadline is read on `WorkClock` (the thread's CPU time).
enum BudgetClock {
  static func now() -> Double { WorkClock.now() }
}

extension Session {
  /// Draws the tangent line through (`x0`, `y0`) with `slope` (plot units) on the current
  /// plot from its next redraw on, in the colour of the plotted function written as
  /// `expression` (blanks aside), else in the palette's next colour; nothing without a
  /// plot. The line stays until `unmark`, `reset` or a new `plot`.
  mutating func addTangentLine(
    x0: Double, y0: Double, slope: Double, expression: String, title: String
  ) {
    guard var shown = curves else { return }
    let typed = expression.filter { !$0.isWhitespace }
    let curve =
      shown.items.indices.first { i in
        if case .function(_, let t, _) = shown.items[i] {
          return t.filter { !$0.isWhitespace } == typed
        }
        return false
      } ?? (shown.items.count + shown.guideLines.count)
    shown.guideLines.append(
      PlotGuideLine(x0: x0, y0: y0, slope: slope, curve: curve, title: title))
    curves = shown
  }
}
