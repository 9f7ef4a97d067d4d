import CalculatorBrain
import DataFiles
import GraphView

/// What the session remembers about data files: how to read them and whether the x range
/// still follows the data.
struct DataSettings: Sendable, Hashable {
  /// How data files are read (`set datafile separator`).
  var options = DataFileOptions()
  /// Whether `plot` fits the x range to its data series: true until the user sets the x
  /// range (`xrange`, `zoom`, `pan`, `center`, `plot [A:B]`), true again after `reset`.
  var xFollowsData = true
  /// gnuplot's `set boxwidth` for `boxes` (nil: boxes reach halfway to their neighbours).
  var boxWidth: CurveLook.BoxWidth?
  /// gnuplot's `set style fill solid D` for `boxes`: D, or nil for `empty` (outlines).
  var fillDensity: Double?
  /// The outline colour of filled boxes and areas (`set style fill ... border lt -1`), nil
  /// for the curve's.
  var fillBorderColor: RGBColor?
  /// gnuplot's `set style histogram ...` (Session+Histograms.swift).
  var histogram = HistogramStyle()
  /// The last `plot` line when it drew histograms (and no inline data): `replot` alone runs
  /// it again, so that their layout follows `set style histogram`, as gnuplot's replot
  /// reads the line again.
  var histogramPlot: Plot?
  /// The legend titles of the curves that plot drew (a later plot of another command, as
  /// `hist`, leaves `histogramPlot` behind: replot then draws the current curves).
  var histogramPlotTitles: [String] = []
  /// gnuplot's `set style histogram clustered gap N`: the gap between clusters, in boxes
  /// (gnuplot's default 2).
  var histogramGap: Double {
    get { histogram.gap }
    set { histogram.gap = newValue }
  }
  /// The file the last `plot` read, which `""` or `''` names (gnuplot's "previous file"):
  /// kept across commands, as gnuplot keeps it.
  var lastFile: String?
}

// `stats` and the separators of `set datafile separator`.
extension Session {
  /// Notes a command's effect on the x range: `reset` lets x follow the data again; any
  /// other command but `plot` that moved x fixes it.
  ///
  /// - Parameters:
  ///   - effect: What the command's entry says it does to a data x range.
  ///   - before: The x range before the command ran.
  mutating func noteXRange(_ effect: DataXRange, before: ClosedRange<Double>) {
    switch effect {
    case .restores: data.xFollowsData = true
    case .fits: break
    case .fixes: if view.xRange != before { data.xFollowsData = false }
    }
  }

  /// `stats "FILE" [using COLS]`: count, missing, min, max, mean and sample standard
  /// deviation of each column asked for (`using 2`, `using temp_max`, `using 2:3`), or of
  /// every column of numbers or times when `using` is left out.
  mutating func stats(_ spec: DataItemSpec) throws(CommandError) -> Reply {
    let path = spec.path.text
    let fileSpan = spec.path.offset..<(spec.path.offset + path.count + 2)
    var refs: [ColumnRef]
    if let using = spec.using {
      do {
        refs = try DataFile.parseColumnList(using.text)
      } catch {
        throw CommandError(error, at: using.span)
      }
    } else {
      do {
        let info = try DataFile.columns(path: path, options: data.options)
        refs = info.filter { $0.kind == .number || $0.kind == .time }.prefix(20).map {
          .index($0.number)
        }
      } catch {
        throw CommandError(error, at: fileSpan)
      }
      guard !refs.isEmpty else {
        throw CommandError(.noColumnOfNumbers(path: path), at: fileSpan)
      }
    }
    // One pass over the file for every column (on every core for a large file).
    let summaries: [String]
    do {
      summaries = try DataFile.stats(path: path, columns: refs, options: data.options).map(
        \.summary)
    } catch {
      throw CommandError(error, at: Session.columnSpan(of: error, in: spec.using) ?? fileSpan)
    }
    return .text(summaries.joined(separator: "\n"))
  }

  /// The separators `set datafile separator` takes, by name.
  static let separatorWords: [String: UInt8?] = [
    "auto": nil, "whitespace": 0x20, "tab": 0x09, "comma": 0x2C, "semicolon": 0x3B,
    "\\t": 0x09,
  ]

  /// The separator `value` names: a character in quotes, or a name (`tab`, `auto`).
  ///
  /// - Throws: `CommandError` at `value` for anything else.
  static func separator(_ value: Argument) throws(CommandError) -> UInt8? {
    let text = value.text
    let separator: UInt8?
    if let named = Session.separatorWords[text] {
      separator = named
    } else if text == " " {
      separator = 0x20
    } else if text.utf8.count == 1, let byte = text.utf8.first, byte >= 0x21, byte < 0x7F,
      byte != UInt8(ascii: "\""), byte != UInt8(ascii: "#")
    {
      separator = byte
    } else {
      throw CommandError(.badSeparator, at: value.span)
    }
    return separator
  }
}
