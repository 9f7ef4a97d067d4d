// `bar` and `set bar style`.

extension CommandEntry {
  /// `bar VALUE... [labels TEXT...]`, `bar "FILE" [using ...] [by COLUMN]`, `bar`.
  static let bar = CommandEntry(
    name: "bar",
    usage: [
      "bar VALUE... [labels TEXT...]",
      "bar \"FILE\" [using LABEL:VALUE[:VALUE...]]",
      "bar \"FILE\" using LABEL:VALUE by GROUP",
    ], summary: "draw a bar chart of numbers or data columns",
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
      """, keywords: ["labels", "using", "by", "title", "notitle"]
  ) { arguments throws(CommandError) in
    Bar(tokens: arguments.words.map(\.source))
  }
}

/// `bar ...`: a bar chart of values or of a file's columns, or the last one again.
struct Bar: SessionCommand, Hashable {
  /// The arguments as typed (strings with their quotes, so a quoted `"labels"` is a label
  /// and a bare `labels` the keyword).
  var tokens: [Word]

  func run(in session: inout Session) throws(CommandError) -> Reply {
    try session.bar(tokens)
  }
}

extension SettingEntry {
  /// `set bar style rounded|flat`.
  static let barStyle = SettingEntry(
    name: "bar", usage: ["set bar style rounded|flat"], keywords: ["style", "rounded", "flat"],
    parse: { arguments throws(CommandError) in
      let words = arguments.values.words
      let usage = CommandProblem.usage("set bar style rounded|flat")
      guard let style = words.first, style.text == "style" else {
        throw CommandError(usage, at: words.first?.span ?? arguments.name.span)
      }
      guard words.count <= 2 else {
        throw CommandError(
          usage, at: words[2].span.lowerBound..<arguments.values.text.span.upperBound)
      }
      guard words.count == 2 else { return Tell { $0.bars.rounded ? "rounded" : "flat" } }
      switch words[1].text {
      case "rounded", "round": return SetBarStyle(rounded: true)
      case "flat", "square": return SetBarStyle(rounded: false)
      default:
        let suggestion = Suggestions.nearest(to: words[1].text, among: ["rounded", "flat"])
        throw CommandError(
          .unknownName(.barStyle, words[1].text, suggestion: suggestion), at: words[1].span)
      }
    },
    listing: { "bar style \($0.bars.rounded ? "rounded" : "flat")" },
    unset: SetBarStyle(rounded: true))
}

/// `set bar style rounded|flat`: the shape of the bars in exported SVG.
struct SetBarStyle: SessionCommand, Hashable {
  /// Whether the bars have round ends.
  var rounded: Bool

  func run(in session: inout Session) throws(CommandError) -> Reply {
    session.bars.rounded = rounded
    return Reply()
  }
}
