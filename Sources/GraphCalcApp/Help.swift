import CalculatorBrain

/// The help texts: one entry a command, one a built-in function or constant, and a few
/// topics. `help` lists the commands; `help NAME` shows one entry.
public enum Help {
  /// One command of the language.
  public struct Command: Sendable, Hashable {
    /// The word that starts it (`plot`).
    public var name: String
    /// Its forms, one a line (`zoom FACTOR`, `zoom in`, `zoom out`).
    public var usage: [String]
    /// One line for the command list.
    public var summary: String
    /// The full explanation, several lines.
    public var details: String
  }

  /// Every command, in the order `help` lists them.
  public static let commands: [Command] = [
    Command(
      name: "plot",
      usage: [
        "plot EXPR[, EXPR...]", "plot [XMIN:XMAX] [YMIN:YMAX] EXPR[, EXPR...]",
        "plot \"FILE\" [using X:Y] [with lines|points|linespoints] [title \"TEXT\"][, ...]",
      ],
      summary: "plot functions of x and data files in the terminal",
      details: """
        Plots one or more functions of x, separated by commas (a comma inside brackets,
        as in max(x, 1), belongs to the function). The plot fills the terminal: axes,
        tick labels, the curves and a legend. The plot stays current: the view commands
        redraw it and export writes it.
        Ranges in gnuplot's form set the view first, as xrange and yrange do; a bound may
        be an expression: plot [-5*pi:5*pi] tan(x). [] or [:] leaves a range as it is.
        In RPN mode each function is an RPN program: plot x sin x *
        Variables and functions keep the values they had when you typed plot.
        A file name in quotes plots a data file (CSV with or without a header, TSV,
        whitespace columns with # comments): using picks the columns by number or name
        (using 1:3, using date:temp_max; using 2 plots column 2 against the record
        number; without using, the first date or number column against the next number
        column), with (or w) draws lines (l), points (p) or linespoints (lp), title sets
        the legend. Files and functions mix: plot "data.csv" using 1:3 with points, 2*x
        Missing or non-numeric cells are gaps, counted in a note. Dates make a time axis
        with calendar ticks. Until you set x (xrange, zoom, pan, [XMIN:XMAX]), x fits the
        data, and the functions are drawn over it. Huge files are decimated: each pixel
        column keeps its first, lowest, highest and last point (M4).
        """),
    Command(
      name: "bar",
      usage: [
        "bar VALUE... [labels TEXT...]",
        "bar \"FILE\" [using LABEL:VALUE[:VALUE...]]",
        "bar \"FILE\" using LABEL:VALUE by GROUP",
      ],
      summary: "draw a bar chart of numbers or data columns",
      details: """
        Draws a bar chart: each bar with its value above it (below a negative bar, which
        hangs from the zero line), its label below, grid lines with a dashed one at the
        middle of the range. Values are expressions (nan leaves a bar out):
          bar 3 -5 2 7 labels "q1" "q2" "q3" "q4"
        From a file, using names the columns: the first is the labels (text, dates or
        numbers), each further one a series; several series stand side by side with a
        legend: bar "immigration.dat" using Region:Italy:Germany:Ireland
        title "TEXT" (or notitle) after the values, labels or columns sets the title.
        With one column the bars are numbered. Without using, the first text or date
        column labels the first number column. by pivots a long table, one series per
        distinct GROUP: bar "iowa-electricity.csv" using year:net_generation by source
        Dates that are all on January 1 are shown as years. Missing cells (-, NA, empty)
        draw no bar and are counted once in a note. The chart stays shown until the next
        plot: pan left|right or explore scrolls bars that do not fit, export svg writes
        it (every bar; set bar style rounded|flat), redraw draws it again. 'bar' alone
        shows the last bar chart again.
        """),
    Command(
      name: "redraw", usage: ["redraw"], summary: "draw the current plot or bar chart again",
      details: """
        Draws what is shown (the plot or the bar chart) again, at the terminal's size now:
        after resizing the window, or to see it again after other output.
        """),
    Command(
      name: "xrange", usage: ["xrange XMIN XMAX"], summary: "set the x range of the view",
      details: """
        Sets the x range shown. Each bound is an expression; bounds are separated by
        spaces outside brackets, so write xrange -2pi 2pi or xrange (-2 * pi) (2 * pi).
        The bounds must be finite and XMIN < XMAX. The default is [-10, 10].
        """),
    Command(
      name: "yrange", usage: ["yrange YMIN YMAX|auto"], summary: "set the y range, or fit it",
      details: """
        Sets the y range shown, as xrange does for x. 'yrange auto' (the default) fits y
        to the values the functions take over the x range; it depends only on the x range
        and the functions, so the terminal, an SVG and 'view' agree.
        """),
    Command(
      name: "zoom", usage: ["zoom FACTOR|in|out"], summary: "zoom about the centre",
      details: """
        Scales the view about its centre: zoom 2 (or zoom in) halves the width and height,
        zoom 0.5 (or zoom out) doubles them. FACTOR is an expression, positive.
        When y is automatic, zoom fixes y at the automatic range and scales that; before
        anything is plotted y stays automatic. 'yrange auto' fits it again.
        """),
    Command(
      name: "pan", usage: ["pan DX [DY]", "pan left|right|up|down"],
      summary: "move the view",
      details: """
        Moves the view by DX and DY plot units (DY may be left out: pan 2), or by a
        quarter of the view towards a side. Panning up or down when y is automatic fixes y
        at the automatic range and moves that; panning left or right keeps it automatic.
        While a bar chart is shown, pan left|right scrolls it by half the bars shown and
        pan N by N bars (negative to the left).
        """),
    Command(
      name: "center", usage: ["center X [Y]"], summary: "centre the view on a point",
      details: """
        Moves the view, keeping its size, so that its centre is (X, Y); without Y only x
        moves. A Y fixes an automatic y range first, as pan up does.
        """),
    Command(
      name: "reset", usage: ["reset"], summary: "back to the default view",
      details: "Restores the default view: x in [-10, 10], y automatic."),
    Command(
      name: "view", usage: ["view"], summary: "show the view's ranges",
      details: """
        Prints the ranges shown, as x [A, B]  y [C, D]. With y automatic, y is the range
        fitted to the current plot.
        """),
    Command(
      name: "explore", usage: ["explore"], summary: "steer the plot with keys (full screen)",
      details: """
        Shows the current plot full screen and steers it with keys, as you would pinch and
        pan a graph: arrows or h j k l pan by a tenth of the view, + and - zoom about the
        centre, x X and y Y zoom one axis (in, out), 0 returns to where you started, u
        undoes the last change, t traces the first curve (left and right move the cursor,
        the status line shows x and f(x)), q or Escape returns to the prompt keeping the
        view. At the prompt Ctrl-X starts it too. Example: plot sin(x), then explore.
        While a bar chart is shown, explore scrolls it: left and right (h, l) by a bar,
        PgUp and PgDn (H, L) by a page, 0 (Home) to the first bar, $ (End) to the last;
        q keeps the position. Example: bar "iowa.csv" using year:value by source, explore
        """),
    Command(
      name: "undo", usage: ["undo"], summary: "back to the view before the last change",
      details: """
        Steps back through earlier views, one view change at a time: zoom, pan, xrange,
        reset, and the keys of explore (one history for both). Example: zoom 2, then undo.
        """),
    Command(
      name: "set",
      usage: [
        "set canvas braille|block|ascii", "set color on|off", "set",
        "set datafile separator \",\"|\";\"|tab|whitespace|auto",
        "set bar style rounded|flat",
      ],
      summary: "choose the canvas and colour of terminal plots",
      details: """
        set canvas chooses the characters plots are drawn with: braille (2x4 dots a cell,
        the default in a UTF-8 locale), block (quadrants, 2x2 dots) or ascii (7-bit, the
        default otherwise). set color on|off colours each curve (and its legend entry) and
        dims the axes; the default is on when the output is a terminal that has colours and
        NO_COLOR is not set (see graphcalc --color). 'set' alone shows both and the bar
        style.
        Example: set canvas block
        set datafile separator chooses how data files are split into columns: a character
        in quotes (",", ";", "|"), tab, whitespace (runs of blanks, as in gnuplot's .dat
        files) or auto (the default: detected from the first lines).
        set bar style chooses the bars of an exported bar chart: rounded (the default: the
        far end of each bar has round corners) or flat (plain rectangles). In the terminal
        bars are eighth blocks, or ASCII on the ascii canvas.
        """),
    Command(
      name: "stats", usage: ["stats \"FILE\" [using COLUMNS]"],
      summary: "count, min, max, mean, std dev of data columns",
      details: """
        Prints, for each column asked for (using 2, using temp_max, using 2:3), how many
        values it has and how many are missing, its min, max, mean and sample standard
        deviation (n-1). Without using, every column of numbers or dates. Dates are shown
        as dates, their standard deviation in days.
        Example: stats "seattle-weather.csv" using temp_max
        """),
    Command(
      name: "export",
      usage: ["export svg FILE [WIDTH HEIGHT]", "export table FILE [WIDTH [HEIGHT]]"],
      summary: "write the current plot to a file",
      details: """
        Writes the current plot to FILE: as an SVG picture (default 800x600 pixels), or as
        a table of the sampled points in gnuplot's 'set table' format, sampled as the plot
        would be at WIDTH x HEIGHT pixels (default 800x600). The file is written whole or
        not at all. A name with spaces goes in double quotes.
        While a bar chart is shown (after bar), export svg writes it, every bar, in the
        shape of set bar style, and export table writes its labels and values.
        """),
    Command(
      name: "stream",
      usage: [
        "stream [OPTIONS] FILE", "stream [OPTIONS] < FILE", "stream [OPTIONS] cmd \"COMMAND\"",
      ],
      summary: "plot numbers live from a file or a command",
      details: """
        Plots numbers as they arrive and redraws a rolling window in place: one or more
        numbers a line, one series a column, with each series' last, min, max and mean
        below the plot. Lines that are not numbers are counted and skipped; nan leaves a
        gap. q or Ctrl-C stops; the last frame stays on screen.
          --window N          the last N samples of each series (default 100)
          --ymin A  --ymax B  fix the y range's bottom or top (default: follow the data)
          --smooth            smooth curves that never overshoot the samples
          --fps F             at most F redraws a second (default 30)
          --export svg FILE   write the last frame as SVG when the stream stops
        Examples: stream cmd "vmstat 1"   stream --window 500 data.txt
        From the shell: vmstat 1 | graphcalc stream
        """),
    Command(
      name: "mode", usage: ["mode [infix|rpn]"], summary: "infix or RPN input",
      details: """
        Chooses how plain lines (and plot's functions) are read: infix (the default,
        2 + 3 * 4) or RPN (Reverse Polish, 2 3 4 * +). 'mode' alone shows the mode.
        """),
    Command(
      name: "rpn", usage: ["rpn PROGRAM"], summary: "evaluate one RPN program",
      details: """
        Evaluates PROGRAM in Reverse Polish notation whatever the mode, and shows each
        result with its infix form: rpn 3 4 + 5 * shows (3 + 4) * 5 = 35.
        Operands come first, then the operator, as on an HP calculator; functions take
        their arguments from the stack: rpn 2 sqrt, rpn 1 2 atan2. A program that leaves
        several values shows each. 'mode rpn' reads every plain line as RPN.
        """),
    Command(
      name: "describe", usage: ["describe EXPR"], summary: "show how an expression is read",
      details: """
        Shows EXPR with every parenthesis explicit, to check precedence:
        describe 2^3^2 shows (2 ^ (3 ^ 2)).
        """),
    Command(
      name: "vars", usage: ["vars"], summary: "list variables and functions",
      details: "Lists the variables and the functions you defined, with their values and bodies."),
    Command(
      name: "help", usage: ["help [NAME]"], summary: "list commands, or explain one",
      details: """
        'help' lists the commands; 'help NAME' explains a command, a built-in function
        or constant, a function you defined, or a topic ('help expressions').
        """),
    Command(
      name: "quit", usage: ["quit"], summary: "leave (also exit, Ctrl-D)",
      details: "Leaves graphcalc. Ctrl-D on an empty line does too; Ctrl-C abandons a line."),
    Command(
      name: "exit", usage: ["exit"], summary: "leave (also quit, Ctrl-D)",
      details: "Leaves graphcalc, as quit does."),
  ]

  /// The command named `name`, if there is one.
  public static func command(named name: String) -> Command? {
    commands.first { $0.name == name }
  }

  /// What each built-in function computes, keyed by name: its line from the table of
  /// built-ins (`BuiltinFunction.helpLine`, `sin(x): the sine of x (radians)`).
  public static let functions: [String: String] = Dictionary(
    uniqueKeysWithValues: BuiltinFunction.allCases.map { ($0.name, $0.helpLine) })

  /// What each built-in constant is.
  public static let constants: [String: String] = [
    "pi": "pi: 3.14159..., half a turn in radians",
    "e": "e: 2.71828..., the base of the natural logarithm",
    "tau": "tau: 2*pi, a whole turn in radians",
    "inf": "inf: positive infinity",
    "nan": "nan: not a number (an undefined value)",
  ]

  /// Topics that are not commands or functions.
  public static let topics: [String: String] = [
    "expressions": """
    Expressions (infix mode):
      numbers     2  0.5  1e-3        constants  pi  e  tau  inf  nan
      operators   + - * / % ^ (right-associative: 2^3^2 is 512)  ! (factorial)
                  == != < <= > >= && || and a ? b : c (1 is true, 0 false)
      implicit    2x  2pi  3(x + 1) mean 2*x, 2*pi, 3*(x + 1)
      variables   a = 3      functions  f(x) = x^2 - a, then f(4)
      ans is the last result. 'help functions' lists the built-in functions.
    """
  ]

  /// The command list `help` prints.
  public static var overview: String {
    let width = commands.map { $0.usage[0].count }.max() ?? 0
    var lines = ["Commands (help NAME for one, help expressions for the syntax):"]
    for command in commands where command.name != "exit" {
      let first = command.usage[0]
      lines.append(
        "  " + first + String(repeating: " ", count: width - first.count + 2) + command.summary)
    }
    lines.append("Any other line is a calculation: 2^3^2, a = 3, f(x) = x^2 - a, f(4).")
    return lines.joined(separator: "\n")
  }

  /// The help text for `name`: a command, a built-in function or constant, or a topic; nil
  /// when there is none (the caller may then look for a user's function or suggest a name).
  ///
  /// - Parameter name: What the user asked about.
  /// - Returns: Several lines without a trailing newline, or nil.
  public static func text(for name: String) -> String? {
    if let command = command(named: name) {
      return (command.usage.map { "usage: " + $0 }.joined(separator: "\n")) + "\n" + command.details
    }
    if name == "functions" {
      let names = Builtins.functions.keys.sorted()
      return "Built-in functions (help NAME for one):\n" + wrap(names, width: 76, indent: "  ")
        + "\nConstants: " + constants.keys.sorted().joined(separator: " ")
    }
    if let topic = topics[name] { return topic }
    if let function = functions[name] { return function }
    if let constant = constants[name] { return constant }
    return nil
  }

  /// Every name `help` knows, for suggestions.
  public static var names: [String] {
    commands.map(\.name) + Array(functions.keys) + Array(constants.keys) + Array(topics.keys)
      + ["functions"]
  }

  /// `words` joined by spaces into lines no wider than `width`, each starting with `indent`.
  private static func wrap(_ words: [String], width: Int, indent: String) -> String {
    var lines: [String] = []
    var line = indent
    for word in words {
      if line.count + word.count + 1 > width, line != indent {
        lines.append(line)
        line = indent
      }
      line += (line == indent ? "" : " ") + word
    }
    if line != indent { lines.append(line) }
    return lines.joined(separator: "\n")
  }
}
