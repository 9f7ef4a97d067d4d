import Glibc
import TextAndNumbers

/// How a data file is read: the field separator, the comment prefix, and the few choices
/// the reader would otherwise guess.
///
/// Every property has a "detect" default, so `DataFileOptions()` reads CSV, TSV, semicolon
/// files and gnuplot's whitespace `.dat` files alike.
public struct DataFileOptions: Sendable, Hashable {
  /// The field separator byte; `nil` detects it from the first lines (tab, then semicolon,
  /// then comma when one of them splits nearly every line, else runs of blanks). A space
  /// (`0x20`) means runs of spaces and tabs, as in gnuplot's `.dat` files.
  public var separator: UInt8?
  /// A line whose first non-blank byte is this one is a comment and is skipped (gnuplot's
  /// `set datafile commentschars`); `0` turns comments off.
  var commentPrefix: UInt8 = UInt8(ascii: "#")
  /// Whether the first record is a header row of column names; `nil` detects it (a header
  /// has a text cell above a column of numbers or dates).
  public var hasHeader: Bool?
  /// The order of day and month in dates like `01/06/93`; `nil` detects it per column
  /// (month first when some cell has a second field above 12, as in `2/27/2003`; else day
  /// first, as in gnuplot's `timedat.dat`).
  var slashDateOrder: SlashDateOrder?
  /// Columns that hold Unix seconds: their numbers make a time axis.
  public var unixTimeColumns: [ColumnRef]
  /// The text of a missing cell (gnuplot's `set datafile missing "?"`), nil for none: a
  /// record whose cell in a column read is exactly this text (blanks around it aside) is
  /// left out, so a line goes on across it (gnuplot's rule; a cell that is not a number
  /// is NaN instead, which lifts the pen, and counts as missing).
  public var missingText: [UInt8]?
  /// Whether numbers have a decimal comma (`1,5`: gnuplot's `set decimalsign ','`); nil
  /// detects it where the separator is `;` or a tab (a sampled cell that is a number only
  /// with a comma, and none with a point), as European files write them.
  public var decimalComma: Bool?
  /// Asked every `InterruptCheck.interval` records while a file is read; when it answers
  /// true, reading stops with the error `interrupted`. By default never. (Not part of the
  /// options' equality.)
  public var interrupt = InterruptCheck.never
  /// The bytes the path `-` (`DataFile.inlinePath`) reads instead of a file: one block of
  /// `plot "-"`'s inline data, its lines each ending in a newline; nil when `-` is a file
  /// name as any other. Given with the options, not kept anywhere, so sessions running at
  /// once (tests) never see each other's data.
  public var inlineData: [UInt8]? = nil
  /// gnuplot's data blocks (`$NAME << EOD` ... `EOD`) by name, `$` included: a path that
  /// is one of these names reads the block's bytes (its lines each ending in a newline)
  /// instead of a file, as `plot $NAME` does in gnuplot. Kept with the options, so sessions
  /// running at once (tests) never see each other's blocks.
  public var dataBlocks: [String: [UInt8]] = [:]

  /// The bytes `path` reads instead of a file: the inline block for `-`, a data block's for
  /// `$NAME`, and for gnuplot's pseudo-files `+` and `++` the block of that name when the
  /// caller made one (GraphCalcApp's `plot '+'`); nil for a file.
  ///
  /// - Parameter path: The path as given to a reader.
  /// - Returns: The bytes, or nil when `path` names a file.
  public func bytes(for path: String) -> [UInt8]? {
    guard let first = path.utf8.first else { return nil }
    if first == UInt8(ascii: "$") || first == UInt8(ascii: "+") { return dataBlocks[path] }
    return path == DataFile.inlinePath ? inlineData : nil
  }
  /// Lines left out at the start of the file, whatever they hold (gnuplot's `skip N`),
  /// before the header row and the data are looked for.
  public var skipLines = 0

  /// Creates options; every argument defaults to "detect".
  public init(
    separator: UInt8? = nil, commentPrefix: UInt8 = UInt8(ascii: "#"), hasHeader: Bool? = nil,
    slashDateOrder: SlashDateOrder? = nil, unixTimeColumns: [ColumnRef] = []
  ) {
    self.separator = separator
    self.commentPrefix = commentPrefix
    self.hasHeader = hasHeader
    self.slashDateOrder = slashDateOrder
    self.unixTimeColumns = unixTimeColumns
  }
}

/// A question asked while a long file is read: should reading stop (the user pressed
/// Ctrl-C)? The interactive program answers from its SIGINT flag.
///
/// All checks are equal and hash alike, so options that differ only here are equal.
public struct InterruptCheck: Sendable, Hashable {
  /// How often the check is asked, in records.
  public static let interval = 8192
  /// Whether reading should stop; called on the reading thread, so it must be cheap.
  public let isInterrupted: @Sendable () -> Bool

  /// The check that never stops reading.
  public static let never = InterruptCheck { false }

  /// Creates a check that asks `isInterrupted`.
  public init(_ isInterrupted: @escaping @Sendable () -> Bool) {
    self.isInterrupted = isInterrupted
  }

  /// True: every check is equal (a closure has no identity to compare).
  public static func == (a: InterruptCheck, b: InterruptCheck) -> Bool { true }

  /// Hashes nothing (see `==`).
  public func hash(into hasher: inout Hasher) {}
}

/// The order of day and month in a date written with slashes and a year last.
public enum SlashDateOrder: Sendable, Hashable {
  /// `dd/mm/yy` or `dd/mm/yyyy` (gnuplot's `timedat.dat`, most of the world).
  case dayFirst
  /// `mm/dd/yy` or `mm/dd/yyyy` (gnuplot's `finance.dat`, the United States).
  case monthFirst
}

/// A column of a data file, as `using` names it.
public enum ColumnRef: Sendable, Hashable, CustomStringConvertible {
  /// A 1-based column number; `0` is the record number (0-based), as gnuplot's column 0.
  case index(Int)
  /// A column named in the header row (exact match first, then ignoring case).
  case name(String)

  /// The column as a user would write it in `using`: `2` or `temp_max`.
  public var description: String {
    switch self {
    case .index(let n): return String(n)
    case .name(let s): return s
    }
  }
}

/// What the cells of a column hold, judged from the first records of the file.
public enum ColumnKind: Sendable, Hashable, CustomStringConvertible {
  /// Numbers (missing cells allowed).
  case number
  /// Dates or times, read as Unix seconds (UTC): a time axis.
  case time
  /// Text: usable as labels, not as values.
  case text
  /// Only missing cells in the records looked at.
  case empty

  /// `number`, `time`, `text` or `empty`.
  public var description: String {
    switch self {
    case .number: return "number"
    case .time: return "time"
    case .text: return "text"
    case .empty: return "empty"
    }
  }
}

/// One column of a data file as the reader sees it.
public struct ColumnInfo: Sendable, Hashable {
  /// Its 1-based number.
  public var number: Int
  /// Its name: the header cell, or the number as text (`"3"`) when there is no header.
  public var name: String
  /// What its cells hold.
  public var kind: ColumnKind
  /// Creates a column description.
  public init(number: Int, name: String, kind: ColumnKind) {
    self.number = number
    self.name = name
    self.kind = kind
  }
}

/// Two columns of a data file as x-y points, one point a record, in file order.
///
/// `x` and `y` have one element per data record (`records` of them). A missing or
/// non-numeric cell is NaN there: a gap, never a zero (`plot` leaves out the `textRows`,
/// whose cell is not a number, as gnuplot does). Non-monotonic x is kept as given.
/// Time columns hold Unix seconds (UTC). The columns are compact (`DataColumn`: about 2 to 4
/// bytes a value for short decimals) and give back exactly the values read.
public struct DataSeries: Sendable, Hashable {
  /// The x values (plot units, or Unix seconds when `xIsTime`); NaN where the cell is missing.
  public var x: DataColumn
  /// The y values (plot units, or Unix seconds when `yIsTime`); NaN = gap.
  public var y: DataColumn
  /// Whether x is a time axis (Unix seconds).
  public var xIsTime: Bool
  /// Whether y is a time axis (Unix seconds).
  public var yIsTime: Bool
  /// The x column's name (`"record"` for the record number).
  public var xName: String
  /// The y column's name.
  public var yName: String
  /// How many cells of the two columns were missing or not numbers (each counted once).
  public var missing: Int
  /// How many data records were read (header, comments and blank lines not counted).
  public var records: Int
  /// How many records were longer than `maxRecordBytes` (16 MiB) and cut there.
  public var cutRecords = 0
  /// The rows (of `x` and `y`, gap records counted) whose cell of the two columns is not a
  /// number (`DataFile.textCell`: text, an empty cell): NaN here, and left out of a plot, as
  /// gnuplot leaves them out; their cells are among `missing`.
  public var textRows: [Int] = []
  /// How many cells of `textRows` were not numbers.
  public var textCells = 0

  /// Creates a series.
  public init(
    x: DataColumn, y: DataColumn, xIsTime: Bool = false, yIsTime: Bool = false, xName: String,
    yName: String, missing: Int, records: Int
  ) {
    self.x = x
    self.y = y
    self.xIsTime = xIsTime
    self.yIsTime = yIsTime
    self.xName = xName
    self.yName = yName
    self.missing = missing
    self.records = records
  }
}

/// Several columns of a data file, for bar charts: numeric columns and optional labels.
public struct DataTable: Sendable, Hashable {
  /// The names of the numeric columns, in the order asked.
  public var names: [String]
  /// The numeric columns, one array per name, one value per record; NaN = missing.
  public var columns: [[Double]]
  /// Whether each numeric column holds times (Unix seconds).
  public var isTime: [Bool]
  /// The text of the label column, one per record, when the first column asked for is a
  /// text column; else `nil`.
  public var labels: [String]?
  /// The label column's name, when there are labels.
  public var labelName: String?
  /// How many cells of the numeric columns were missing or not numbers.
  public var missing: Int
  /// How many data records were read.
  public var records: Int

  /// Creates a table.
  public init(
    names: [String], columns: [[Double]], isTime: [Bool], labels: [String]?,
    labelName: String?, missing: Int, records: Int
  ) {
    self.names = names
    self.columns = columns
    self.isTime = isTime
    self.labels = labels
    self.labelName = labelName
    self.missing = missing
    self.records = records
  }
}

/// Why a data file could not be read, or a `using` list not parsed: a case with its data
/// (the column, the names, the system's error code), and the file and line it is about.
/// The words for the user are made in one place, `message`.
public struct DataFileError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Sendable, Hashable {
    /// The file could not be opened or read: the system's `errno`.
    case system(errno: Int32)
    /// The path names a directory.
    case directory
    /// A `$NAME` path that is no data block (and no file).
    case noDataBlock
    /// No column of the file holds numbers (the default `using`).
    case noNumberColumn
    /// An empty list of columns was asked for.
    case noColumnsAsked
    /// The only column asked for holds text (labels need a column of numbers after them).
    case onlyTextColumn(name: String)
    /// Ctrl-C stopped the reading after this many records.
    case interrupted(records: Int)
    /// A negative column number (0 is the record number).
    case negativeColumn(Int)
    /// A column number past the file's columns (`Int.max` for one too large to read).
    case columnOutOfRange(Int, columns: Int)
    /// No column has this name; the nearest name, if one is close, and the file's names.
    case unknownColumn(String, nearest: String?, names: [String])
    /// The file has no data records (only comments, blanks or a header).
    case noDataRecords
    /// A column asked for holds text, not numbers: its name, a sample of its text and its
    /// 1-based number.
    case textColumn(name: String, sample: String?, column: Int)
    /// The columns asked for hold no number in any of the records.
    case noNumericData(columns: [String], records: Int)
    /// `using` has an empty part.
    case emptyColumnInUsing(String)
    /// `using` has a quote without its closing quote.
    case unclosedQuoteInUsing(String)
    /// `using` lists more columns than a plot takes (y, or x:y).
    case tooManyColumns(String, count: Int)
    /// `by` names more than one column.
    case byTakesOneColumn
  }

  /// The file's path as given (empty for errors of a `using` list).
  public var path: String
  /// What went wrong.
  public var kind: Kind
  /// The 1-based line, when the error is about one line.
  public var line: Int?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - path: The file (empty for errors of `using` itself).
  ///   - kind: What went wrong.
  ///   - line: The 1-based line it is about, if one.
  public init(path: String, _ kind: Kind, line: Int? = nil) {
    self.path = path
    self.kind = kind
    self.line = line
  }

  /// The 1-based column number the error is about, when it is about one column.
  public var column: Int? {
    switch kind {
    case .columnOutOfRange(let n, _), .textColumn(_, _, let n): return n
    default: return nil
    }
  }

  /// What went wrong, in words for the user, without the path.
  public var message: String {
    switch kind {
    case .system(let code):
      guard let text = strerror(code) else { return "error \(code)" }
      return String(cString: text)
    case .directory: return "is a directory, not a data file"
    case .noDataBlock: return "no data block of this name (define it with $NAME << EOD ... EOD)"
    case .noNumberColumn: return "no column of numbers"
    case .noColumnsAsked: return "no columns asked for"
    case .onlyTextColumn(let name):
      return "column \"\(name)\" holds text: name a column of numbers after it"
    case .interrupted(let records): return "interrupted after \(records) records"
    case .negativeColumn(let n):
      return "column numbers start at 1 (0 is the record number), not \(n)"
    case .columnOutOfRange(let n, let count):
      let has = count == 0 ? "no columns" : count == 1 ? "1 column" : "\(count) columns"
      return n == Int.max
        ? "column number too large: the file has \(has)"
        : "column \(n) is out of range: the file has \(has)"
    case .unknownColumn(let name, let nearest, let names):
      var message = "no column named \"\(name)\""
      if let nearest { message += "; " + NameSuggestion.didYouMean(nearest, quote: "\"") }
      if names.isEmpty {
        message += " (the file has no columns)"
      } else {
        let shown = names.prefix(30).joined(separator: ", ")
        message += " Columns: \(shown)\(names.count > 30 ? ", … (\(names.count) in all)" : "")"
      }
      return message
    case .noDataRecords: return "no data records (only comments, blanks or a header)"
    case .textColumn(let name, let sample, _):
      let example = sample.map { " such as \"\($0)\"" } ?? ""
      return "column \"\(name)\" holds text\(example), not numbers"
    case .noNumericData(let columns, let records):
      let names = columns.map { "\"\($0)\"" }.joined(separator: " and ")
      return "no numeric data in column \(names) (\(records) records)"
    case .emptyColumnInUsing(let spec): return "empty column in using \"\(spec)\""
    case .unclosedQuoteInUsing(let spec): return "unclosed quote in using \"\(spec)\""
    case .tooManyColumns(let spec, let count):
      return "using takes one or two columns (y, or x:y); \"\(spec)\" has \(count)"
    case .byTakesOneColumn: return "by takes one column, as in: by source"
    }
  }

  /// `FILE:LINE: message`, `FILE: message`, or the message alone when there is no path
  /// (errors of `parseUsing`).
  public var description: String {
    if path.isEmpty { return message }
    if let line { return "\(path):\(line): \(message)" }
    return "\(path): \(message)"
  }
}
